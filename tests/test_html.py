"""The HTML pages in a real headless Chromium: they render, their charts draw and load, and a
player's name carrying markup or script shows as text and runs nothing.

Needs Debian's `chromium` (/usr/bin/chromium) and the Playwright package (test extra); the
test is skipped, saying which is missing, where either is absent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import EXAMPLE_FIT, orders_text
from pbem import game
from pbem.site import build_site

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# Each would set window.pwned if it ever ran.
SCRIPT_NAME = "<script>window.pwned=1</script>"
IMG_NAME = "<img src=x onerror=\"window.pwned=2\">"
SHIP_NAME = "</svg><script>window.pwned=3</script>"


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM}: install Debian's package chromium to run this test")
    sync_api = pytest.importorskip("playwright.sync_api", reason="the Playwright package is not installed")
    profile = tmp_path_factory.mktemp("chromium-profile")  # a fresh profile, nothing shared
    with sync_api.sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(profile), executable_path=str(CHROMIUM), headless=True, args=FLAGS[1:],
            viewport={"width": 1280, "height": 900})
        yield context
        context.close()


@pytest.fixture(scope="module")
def evil_game(tmp_path_factory):
    """A game whose officers' names carry script, resolved for two moves, and its site."""
    from conftest import write_map

    root = tmp_path_factory.mktemp("html")
    mapfile = write_map(root / "map.toml", (10, 10, 2), [(11, 11, 2), (14, 10, 2), (10, 16, 2)])
    folder = root / "cornifex"
    game.new_game(folder, 1, name="cornifex", map_file=mapfile)
    for name, secret in ((SCRIPT_NAME, "aaaa-1111"), (IMG_NAME, "bbbb-2222")):
        game.enlist(folder, name, "", "GLADIUM", SHIP_NAME, EXAMPLE_FIT, secret=secret)
    for move, route in ((1, "ROUTE 3 E"), (2, "ROUTE 3 N")):
        for name, secret in ((SCRIPT_NAME, "aaaa-1111"), (IMG_NAME, "bbbb-2222")):
            path = folder / "orders" / f"{secret}-{move}.txt"
            path.write_text(orders_text(name, secret, move, route, "INFO NEW"), encoding="utf-8")
        game.resolve(folder)
    build_site(folder, ruleset=game.ruleset_for(folder))
    return folder


def open_page(browser, path: Path):
    page = browser.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("dialog", lambda d: (problems.append(f"dialog: {d.message}"), d.dismiss()))
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    return page, problems


def chart_box(page) -> dict:
    return page.evaluate("""() => {
        const svg = document.querySelector('svg.chart');
        const r = svg.getBoundingClientRect();
        return {width: r.width, height: r.height,
                planets: svg.querySelectorAll('[data-planet]').length,
                scripts: document.scripts.length};
    }""")


@pytest.mark.parametrize("page_name", ["bulletin.html", "report-001-script-window-pwned-1-script.html",
                                       "report-002-img-src-x-onerror-window-pwned-2.html"])
def test_pages_render_their_chart_and_run_no_player_script(browser, evil_game, page_name):
    page, problems = open_page(browser, evil_game / "reports" / "move-02" / page_name)
    try:
        assert page.title().startswith("VII Legio - cornifex - ")
        assert page.evaluate("() => typeof window.pwned") == "undefined"
        text = page.inner_text("body")
        assert SCRIPT_NAME in text or IMG_NAME in text  # shown as written, as text
        box = chart_box(page)
        assert box["width"] > 300 and box["height"] > 200 and box["planets"] >= 1
        assert box["scripts"] == 0
        assert page.evaluate("() => document.querySelectorAll('img[src=x]').length") == 0
        csp = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
        assert "script-src 'none'" in csp
        assert problems == []
    finally:
        page.close()


def test_the_site_index_loads_its_chart_image_and_links_every_move(browser, evil_game):
    site = evil_game / "site"
    page, problems = open_page(browser, site / "index.html")
    try:
        images = page.evaluate("""() => [...document.images].map(
            i => ({src: i.getAttribute('src'), ok: i.complete && i.naturalWidth > 0}))""")
        assert images == [{"src": "chart-02.svg", "ok": True}]
        links = page.evaluate("() => [...document.links].map(a => a.getAttribute('href'))")
        assert {"move-01.html", "move-02.html", "chart-01.svg", "chart-02.svg"} <= set(links)
        assert page.evaluate("() => typeof window.pwned") == "undefined" and problems == []
    finally:
        page.close()
    page, problems = open_page(browser, site / "move-01.html")
    try:
        assert "bulletin of move 1" in page.title()
        assert chart_box(page)["planets"] >= 1
        assert page.evaluate("() => document.querySelector('nav a').getAttribute('href')") == "index.html"
        assert problems == []
    finally:
        page.close()


def test_every_chart_file_is_an_image_chromium_can_draw(browser, evil_game):
    """An SVG file with a markup error would not load as an image at all."""
    files = sorted((evil_game / "reports").rglob("chart-*.svg")) + sorted((evil_game / "site").glob("*.svg"))
    assert len(files) == 6
    gallery = evil_game / "gallery.html"  # a page beside them: file pages may load files
    gallery.write_text("<!DOCTYPE html><body>" + "".join(
        f'<img src="{f.relative_to(evil_game).as_posix()}">' for f in files) + "</body>",
        encoding="utf-8")
    page, _ = open_page(browser, gallery)
    try:
        sizes = page.evaluate("() => [...document.images].map(i => i.naturalWidth)")
    finally:
        page.close()
    assert len(sizes) == len(files) and all(w > 300 for w in sizes)


def test_no_page_holds_a_script_element_or_an_unescaped_name(evil_game):
    """Escaping everywhere, checked on the bytes (no browser needed)."""
    pages = list((evil_game / "reports").rglob("*.html")) + list((evil_game / "site").glob("*.html"))
    svgs = list((evil_game / "reports").rglob("*.svg"))
    assert pages and svgs
    for path in pages + svgs:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"<script", text, re.I), path.name
        assert "<img src=x" not in text and "</svg><script" not in text, path.name
