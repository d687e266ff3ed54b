"""The formats for forums, tools and the GM: Markdown through a CommonMark renderer, BBCode
with balanced tags, JSON against its schema, the GM log in words, the database's views."""

from __future__ import annotations

import copy
import json
import re
import sqlite3
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from conftest import EXAMPLE_FIT, SCHEMA, schema_errors
from pbem import game
from pbem.storage.schema import VIEWS
from pbem.demo import run_demo

EVIL = "*B*_ <b>|`x` 1. \\ &amp; ~~s~~ ![i](j)[u]"  # 40 characters, the most a name may have


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("outputs") / "demo"
    run_demo(folder)
    return folder


@pytest.fixture
def evil(make_game):
    """One move of a game whose officer's name is made of Markdown, BBCode and HTML."""
    g = make_game((10, 10, 2), [(11, 10, 2)], officers=[(EVIL, "aaaa-1111", EXAMPLE_FIT),
                                                       ("[b]Bold[/b]", "bbbb-2222", EXAMPLE_FIT)])
    game.resolve(g.dir, force=True)  # nobody sent orders: both hold
    return g


class Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        self.parts.append(data)


def commonmark(text: str) -> Text:
    parsed = Text()
    parsed.feed(MarkdownIt("commonmark").render(text))
    return parsed


def bulletins(folder: Path, suffix: str) -> list[Path]:
    return sorted(folder.rglob(f"reports/move-*/bulletin.{suffix}"))


def test_markdown_bulletins_render_cleanly_through_commonmark(demo):
    """No table extension needed, no escape or emphasis mark left in the text."""
    files = bulletins(demo, "md")
    assert len(files) == 6
    for path in files:
        parsed = commonmark(path.read_text(encoding="utf-8"))
        text = "".join(parsed.parts)
        for stray in ("\\", "**", "|", "&lt;", "&amp;"):
            assert stray not in text, f"{path}: {stray!r} left in {text!r}"
        assert "table" not in parsed.tags and parsed.tags.count("ol") == 1
        assert "Marcus *Aper*" in text and "Niccolò Varro" in text
    final = "".join(commonmark(files[-1].read_text(encoding="utf-8")).parts)
    assert "Centurio Cæcilia Metella: 0 points (GLADIUM)" in final


def test_a_name_made_of_markup_renders_as_written(evil):
    parsed = commonmark(evil.bulletin(1, "md"))
    text = "".join(parsed.parts)
    assert f"{EVIL} held position" in text
    assert f"Decurio {EVIL}: 0 points (GLADIUM)" in text
    assert "[b]Bold[/b] held position" in text
    assert set(parsed.tags) <= {"h1", "h2", "ul", "ol", "li", "strong", "p"}


BBCODE_TAG = re.compile(r"\[(/?)([a-z*]+)(?:=[^\]]*)?\]")


def bbcode_problems(text: str) -> list[str]:
    """Tags phpBB knows, each closed in order; [*] only inside a list."""
    stack: list[str] = []
    problems = []
    for m in BBCODE_TAG.finditer(text):
        closing, tag = m.group(1), m.group(2)
        if tag not in ("b", "list", "*"):
            problems.append(f"unknown tag {m.group(0)}")
        elif tag == "*":
            if not stack or stack[-1] != "list":
                problems.append("[*] outside a list")
        elif closing:
            if not stack or stack.pop() != tag:
                problems.append(f"{m.group(0)} closes nothing open")
        else:
            stack.append(tag)
    return problems + [f"[{t}] never closed" for t in stack]


def test_bbcode_bulletins_have_balanced_tags(demo, evil):
    files = bulletins(demo, "bbcode")
    assert len(files) == 6
    for path in files:
        assert bbcode_problems(path.read_text(encoding="utf-8")) == [], path
    assert bbcode_problems(evil.bulletin(1, "bbcode")) == []
    assert bbcode_problems("[b]one[/list]") and bbcode_problems("[list][b]x[/list][/b]")


def test_every_json_report_of_the_demo_follows_the_schema(demo):
    files = sorted(demo.rglob("reports/move-*/*.json"))
    assert len(files) == 6 * 5  # four reports and a bulletin a move
    for path in files:
        assert schema_errors(path) == []
    report = json.loads((demo / "reports" / "move-03" / "report-002-niccolo-varro.json").read_text(encoding="utf-8"))
    assert report["format"] == "pbem-report" and report["version"] == 1
    assert report["officer"]["name"] == "Niccolò Varro"  # as written, in UTF-8
    assert [e["kind"] for e in report["events"]][:2] == ["held", "turn"]  # his file was late
    assert all(e["audience"] in ("public", "officer") for e in report["events"])
    bulletin = json.loads((demo / "reports" / "move-06" / "bulletin.json").read_text(encoding="utf-8"))
    assert bulletin["game_end"]["winner"] == "Cæcilia Metella" and bulletin["next_move"] is None
    assert {e["audience"] for e in bulletin["events"]} == {"public"}


def test_the_schema_refuses_what_tools_could_not_read(demo):
    """The schema has teeth: a missing field, a wrong type or a wrong format is refused."""
    good = json.loads((demo / "reports" / "move-03" / "report-001-notius.json").read_text(encoding="utf-8"))
    assert not list(SCHEMA.iter_errors(good))
    sighting = next(i for i, e in enumerate(good["events"]) if e["kind"] == "sighting")
    broken = []
    for change in (
        lambda d: d["events"][sighting]["data"].pop("parsec"),
        lambda d: d["events"][sighting]["data"].update(distance="one"),
        lambda d: d.update(format="pbem-something"),
        lambda d: d["chart"]["planets"][0].update(at=[1, 2]),
        lambda d: d["events"][0].update(audience="gm"),
    ):
        doc = copy.deepcopy(good)
        change(doc)
        broken.append(bool(list(SCHEMA.iter_errors(doc))))
    assert broken == [True] * 5


def test_the_json_reports_of_outer_space_follow_the_schema_alien_ship_included():
    """The advanced demo's published JSON: every report and bulletin valid, the events of
    the commander, the specialists and the alien ship among them, and checked field by field."""
    published = Path(__file__).resolve().parent.parent / "reports" / "advanced"
    files = sorted(published.rglob("move-*/*.json"))
    assert len(files) == 8 * 5
    kinds = set()
    for path in files:
        assert schema_errors(path) == []
        kinds |= {e["kind"] for e in json.loads(path.read_text(encoding="utf-8"))["events"]}
    assert {"psi-warning", "specialist-risk", "desertion", "alien-ship-sighting",
            "alien-ship-hooks", "alien-ship-attack", "fire-alien", "alien-ship-wrecked"} <= kinds
    crispus = json.loads((published / "move-06" / "report-002-aulus-crispus.json").read_text("utf-8"))
    attack = next(i for i, e in enumerate(crispus["events"]) if e["kind"] == "alien-ship-attack")
    sheet = next(i for i, e in enumerate(crispus["events"]) if e["kind"] == "sheet")
    assert crispus["events"][sheet]["data"]["held"] == "BRUCEL"
    broken = []
    for change in (
        lambda d: d["events"][attack]["data"].pop("result"),
        lambda d: d["events"][attack]["data"].update(face="four"),
        lambda d: d["events"][sheet]["data"].update(personality=9),
    ):
        doc = copy.deepcopy(crispus)
        change(doc)
        broken.append(bool(list(SCHEMA.iter_errors(doc))))
    assert broken == [True] * 3


def test_the_gm_log_is_words_with_names_as_written(demo):
    log = (demo / "reports" / "move-03" / "gm-log.txt").read_text(encoding="utf-8")
    assert "\\u00" not in log and '{"' not in log
    assert "[public] turn (Niccolò Varro): ground -; moved no; route no" in log
    # Rolls by officer, then purpose, in the order they were made.
    rolls = log.split("ROLLS, BY OFFICER AND PURPOSE\n")[1].split("\n\nEVENTS")[0]
    assert rolls.startswith("  Notius\n    info\n      P-9 level I  d10 =  8   seen by public\n")
    assert ("  Cæcilia Metella\n    info\n      P-4 level II   d6  =  1   seen by public\n"
            "      P-4 level III  d10 =  7   seen by public\n") in rolls
    assert "    presence\n      P-4 presence  d6  =  1   seen by officer" in rolls


def test_the_views_read_the_game_without_json(demo):
    """A GM reading game.db in sqlite3 finds every move's standings, sightings, rolls and
    sheets in plain columns."""
    conn = sqlite3.connect(demo / "game.db")
    conn.row_factory = sqlite3.Row
    try:
        for view in VIEWS:
            conn.execute(f"SELECT * FROM {view}").fetchall()
        final = [tuple(r) for r in conn.execute(
            "SELECT place, officer, rank, score, ship FROM standings WHERE move = 6 ORDER BY place")]
        assert final == [(1, "Cæcilia Metella", "Centurio", 0, "GLADIUM"),
                         (2, "Niccolò Varro", "Decurio", 5, "GLADIUM"),
                         (3, "Marcus *Aper*", "Decurio", 4, "GLADIUM"),
                         (4, "Notius", "Decurio", 4, "GLADIUM")]
        sightings = conn.execute("SELECT count(*) FROM sightings").fetchone()[0]
        assert sightings == conn.execute("SELECT count(*) FROM events WHERE kind = 'sighting'").fetchone()[0]
        first = conn.execute("SELECT officer, parsec, planet, bearing, new, points FROM sightings "
                             "WHERE move = 3 ORDER BY rowid LIMIT 1").fetchone()
        assert tuple(first) == ("Notius", 0, "P-2", "1 NW", 0, 0)
        rolls = conn.execute("SELECT officer, purpose, detail, die, result, seen_by FROM roll_log "
                             "WHERE move = 3 ORDER BY rowid LIMIT 1").fetchone()
        assert tuple(rolls) == ("Notius", "info", "P-9 level I", 10, 8, "public")
        sheet = conn.execute("SELECT rank, ship_type, ship_name, shields FROM ship_sheets "
                             "WHERE move = 6 AND officer = 'Cæcilia Metella'").fetchone()
        assert tuple(sheet) == ("Centurio", "GLADIUM", "[b]VESTA[/b]", 5)
        roster = conn.execute("SELECT officer, ship_type, landed_on FROM officer_roster ORDER BY id").fetchall()
        assert [tuple(r) for r in roster][2] == ("Cæcilia Metella", "GLADIUM", "BASE")
        planet = conn.execute("SELECT designation, facts, discovered_by FROM planet_list "
                              "WHERE designation = 'P-5'").fetchone()
        assert planet["discovered_by"] == "Marcus *Aper*" and planet["facts"].startswith("A, animal")
    finally:
        conn.close()


def test_the_bulletin_tells_the_public_story_with_counts_after_the_move(tmp_path):
    """The fight, its outcome and the aliens left are public news (the S.C. tells every
    encounter to all): the bulletin tells them in the officer's turn, says he stayed on the
    ground, and counts the planet's aliens after the move against how many it began with."""
    from core import CREW_FC, RULES, down, on_ground, planet, play, state

    from pbem.render import render_move
    from pbem.rules.orders import Orders

    table_a = RULES.tables["A"]
    p = planet("sevolventes", (5,) * 5)
    s = state([p], [on_ground(p, **down(0, 1))])
    face = next(f for f in range(1, 7) if table_a.result(2 * CREW_FC - 10, f) == "F")
    r = play(s, {1: Orders(fire=("crews",), targets=2)},
             {"arrivals": [1], "legio-fire": [face], "alien-fire": [1]})
    out = tmp_path / "out"
    render_move(None, out, game="cornifex", move=5, events=list(r.events),
                texts=["{}"] * len(r.events), rolls=[])
    text = (out / "bulletin.txt").read_text(encoding="utf-8")
    assert "  Notius stayed on the ground of P-1.\n" in text
    assert "    Opened fire on P-1: 1 killed; 4 left.\n" in text
    assert "The aliens of P-1 attacked his crews:" in text
    assert "THE PLANETS AFTER THE MOVE\n  P-1, SEVOLVENTES: 4 of 5 remain, hostile; on its ground: Notius.\n" in text
    md = commonmark((out / "bulletin.md").read_text(encoding="utf-8"))
    assert "P-1, SEVOLVENTES: 4 of 5 remain, hostile; on its ground: Notius." in "".join(md.parts)
    assert "<li>P-1, SEVOLVENTES: 4 of 5 remain" in (out / "bulletin.html").read_text(encoding="utf-8")


def test_a_report_file_is_named_after_its_officer_in_plain_letters():
    from pbem.render import report_name, slug

    assert slug("Livia Drusa") == "livia-drusa"
    assert slug("Æmilia Müller-Øster") == "aemilia-muller-oster"
    assert slug("  Q. O'Brien (2nd) ") == "q-o-brien-2nd"
    assert slug("Cato <b>&amp;</b>") == "cato-b-amp-b"
    assert slug("Σωκράτης") == slug("!!") == "officer"  # nothing left of the name
    assert report_name(7, "Titus Pullo", "html") == "report-007-titus-pullo.html"


@settings(max_examples=300, deadline=None)
@given(name=st.text(alphabet=st.sampled_from("aZ09 -_.\t\u00e9\u00c6\u212a"), max_size=16))
def test_a_name_of_words_between_spaces_is_slugged_as_any_name(name):
    """A name of ASCII words between spaces (most names) is slugged without the pattern:
    the same letters and hyphens as the rule gives (accents taken off, each run of
    anything but a letter or a digit a hyphen, none at either end)."""
    from pbem.render import slug

    plain = unicodedata.normalize("NFKD", name.replace("\u00c6", "AE")).encode(
        "ascii", "ignore").decode()
    assert slug(name) == (re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "officer")
