"""The site of an Italian game in a real headless Chromium: its index and its public chart,
in the game's language, as a browser reads them.

Needs Debian's `chromium` and the Playwright package (test extra), as tests/test_html.py;
skipped, saying which is missing, where either is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem.cli import main

FIT = "crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3"


def ok(*args) -> None:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def italian_site(tmp_path_factory) -> Path:
    """An Italian game, one move resolved with a planet sighted, and its site."""
    folder = tmp_path_factory.mktemp("sito") / "aquileia"
    ok("new", folder, "--seed", "7", "--name", "aquileia", "--size", "12", "--lang", "it")
    ok("enlist", folder, "--name", "Notius", "--fit", FIT, "--secret", "4tq9-mx2d")
    (folder / "orders" / "notius.txt").write_text(
        "GAME aquileia\nOFFICER Notius\nSECRET 4tq9-mx2d\nMOVE 1\nROTTA 3 N\nEND\n",
        encoding="utf-8")
    ok("resolve", folder)
    ok("site", folder)
    return folder / "site"


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    from test_html import CHROMIUM, FLAGS

    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM}: install Debian's package chromium to run "
                    "this test")
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="the Playwright package is not installed")
    with sync_api.sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("profile")), executable_path=str(CHROMIUM),
            headless=True, args=FLAGS[1:], viewport={"width": 1280, "height": 900})
        yield context
        context.close()


def opened(browser, path: Path):
    page = browser.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(path.as_uri(), wait_until="load")
    return page, problems


def test_the_italian_site_index_opens_in_italian(browser, italian_site):
    page, problems = opened(browser, italian_site / "index.html")
    try:
        assert page.title() == "VII Legio - aquileia"
        assert page.evaluate("document.documentElement.lang") == "it"
        text = page.inner_text("body")
        for words in ("Il resoconto pubblico della partita", "Mosse", "Ufficiali che hanno mosso",
                      "Classifica dopo la mossa 1", "La carta pubblica dopo la mossa 1"):
            assert words in text
        images = page.evaluate("""() => [...document.images].map(
            i => ({alt: i.alt, ok: i.complete && i.naturalWidth > 300}))""")
        assert images == [{"alt": "La carta pubblica dopo la mossa 1", "ok": True}]
        assert problems == []
    finally:
        page.close()


def test_the_italian_public_chart_opens_in_italian(browser, italian_site):
    """The chart as a file of its own, and inside the move's page, whose language it is in."""
    page, problems = opened(browser, italian_site / "chart-01.svg")
    try:
        assert page.title() == "VII Legio - aquileia - carta pubblica dopo la mossa 1"
        text = page.evaluate("() => document.documentElement.textContent")
        assert "Pianeti sulla carta" in text and "livello della base" in text
        assert "B la base; cerchi: pianeti" in text
        assert problems == []
    finally:
        page.close()
    page, problems = opened(browser, italian_site / "move-01.html")
    try:
        assert page.evaluate("document.documentElement.lang") == "it"
        chart = page.evaluate("""() => {
            const svg = document.querySelector('svg.chart');
            return {lang: svg.closest('[lang]').lang, width: svg.getBoundingClientRect().width,
                    title: svg.querySelector('title').textContent};
        }""")
        assert chart == {"lang": "it", "width": chart["width"],
                         "title": "VII Legio - aquileia - carta pubblica dopo la mossa 1"}
        assert chart["width"] > 300
        assert problems == []
    finally:
        page.close()
