"""The officers' reports, the charts and the bulletins written directly (`pbem.direct`) are
byte for byte what the shipped templates print, and a game folder that overrides a template
still gets it.

The corpus: every officer of every move of both demos (their charts from the game database,
the GM's Tabula Spatii and the public chart too), random games of both levels played on the
pure core (some with Unpredictable Research, some officers holding, names that need
escaping), each report also with a deadline and a ruling of the GM; every bulletin of those
moves in its four formats, also with the press, a deadline, officers who left, the alien
ship's wreck, the end of the game, the fair-play lines and the pages of `pbem site`.
"""

from __future__ import annotations

import hashlib
import os
import random
import re
from dataclasses import replace
from pathlib import Path

import jinja2
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from markupsafe import Markup, escape

from pbem import direct, formats, render, store
from pbem.direct import bulletin, report_txt
from pbem.formats import html_text
from pbem.charts import book, svg
from pbem.charts.knowledge import officer_planets
from pbem.demo import ADVANCED, run_demo
from pbem.orderfile import order_form_pieces
from pbem.rules.dice import SeededDice
from pbem.rules.events import Event
from pbem.rules.move import resolve_move
from pbem.rules.orders import ResearchOrder
from pbem.rules.research import RULE as RESEARCH
from pbem.ruleset import load_ruleset

from test_form import SITUATIONS
from test_random_games import RULESET, new_game, random_orders

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
# Names a template must escape or clean: markup, quotes, an ampersand, a bidi override.
ODD_NAMES = ("Cato <b>&amp;</b>", 'Livia "Drusilla"', "Q. O'Brien", "Sulla \u202eartxe",
             "[b]Brutus[/b] *#1_x*")
DEADLINE = {"text": "Friday 12 December 2026, 20:00 UTC <sharp>", "iso": "2026-12-12T20:00:00+00:00"}
RULINGS = [{"told": "Your score is now 12 & no less.", "reason": "the GM's <ruling>"}]


def test_each_writer_follows_the_template_as_shipped():
    for name, fingerprint in direct.SHIPPED.items():
        found = hashlib.sha256((TEMPLATES / name).read_bytes()).hexdigest()
        assert found == fingerprint, (
            f"templates/{name} changed: its reports are now rendered by Jinja, slowly. Make "
            f"pbem/direct print what the template prints (tests/test_direct.py compares "
            f"them), then set its SHIPPED fingerprint to {found}")


def both(move_view: render.MoveView, charts, *, game: str, move: int):
    """Each officer's text report, HTML report and chart, by the templates and directly,
    the reports of a move by one writer of each format, as a move's are written (the lines
    it prints once for the data officers share, printed again for none)."""
    text_env, html_env = render.environment(None, "txt"), render.environment(None, "html")
    assert text_env.printer.shipped(direct.TEXT_REPORT)
    assert html_env.printer.shipped(direct.HTML_REPORT + direct.CHART)
    text_of, html_of = text_env.printer.text_reports(), html_env.printer.html_reports()
    placed = charts.placed()
    forms = render.order_forms(game, move, move_view)
    for n, (officer_id, sheet) in enumerate(move_view.sheets.items()):
        ctx = move_view.officer_context(officer_id)
        if ctx["research"] and n % 2:  # a technology at its top level, which games rarely reach
            top = {**ctx["research"]["rows"][0], "researching": None}
            ctx = {**ctx, "research": {**ctx["research"], "rows": [top, *ctx["research"]["rows"]]}}
        told = dict(deadline=DEADLINE, rulings=RULINGS) if n % 2 else dict(deadline=None, rulings=[])
        values = dict(game=game, move=move, order_form=forms[officer_id], **told)
        own = charts.own[officer_id]
        drawing = svg.officer_drawing(own, officer_planets(charts.public, placed, own),
                                      officer=sheet["officer_name"], rank=sheet["rank"],
                                      game=game, move=move, marks=charts.marks)
        yield from charts_both(html_env, drawing, "chart")
        chart = Markup(svg.inline(html_env.printer.chart(svg.layout(drawing, "chart"))))
        yield (text_env.get_template("report.txt.j2").render(**values, **ctx),
               text_of(ctx, **values))
        yield (html_env.get_template("report.html.j2").render(chart=chart, **values, **ctx),
               "".join(html_of(ctx, chart=chart, **values)))
    yield from charts_both(html_env, svg.public_drawing(charts.public, game=game, move=move,
                                                        marks=charts.marks), "public")
    if charts.tabula is not None:
        yield from charts_both(html_env, svg.gm_drawing(charts.tabula, game=game, move=move,
                                                        marks=charts.marks), "gm")


# What the bulletins print besides the story, in odd names: markup of every format, a bidi
# override, a line of press long enough to wrap.
PRESS = [
    {"officer_name": "[i]Nero[/i] <b>&</b> *x*", "text": "Hail [b]Caesar[/b] & <i>the</i> "
     "legion! *Ave* _atque_ vale # 1. (a very long line of press that the text bulletin "
     "wraps, with\ttabs\x07 and \u202ebidi)"},
    {"officer_name": None, "text": "Anonymous <script>alert(1)</script> [url=x]y[/url]"},
]
WRECKS = [{"name": "Nemo [b]<i>*I*</i>[/b]"}]
GAME_END = {"winner": "Cato <b>&</b> [b]Livia[/b]", "winners": ["Cato", "Livia"],
            "reason": "the last move [#7] *played* <now>"}
DEPARTURES = ["Varro [u]<i>_x_</i>[/u]", "Sulla \u202eartxe"]
# A turn of the story's rarer lines, as the rules emit them, and a planet cancelled.
RARE_TURN = {"officer_name": "Cato <b>&amp;</b>", "moved": True, "route": True, "ground": "P-[3]",
             "lines": [
    ("capture", {"officer_name": "Cato", "planet": "P-*1*", "race": "Gnomi <x>", "wounded": True}),
    ("capture", {"officer_name": "Cato", "planet": "P-1", "race": "Gnomi", "wounded": False}),
    ("points-won", {"officer_name": "Cato", "planet": "P-1", "mission": "capture", "net": 1}),
    ("points-won", {"officer_name": "Cato", "planet": "P-_1_", "mission": "[b]", "net": 6}),
    ("tot", {"officer_name": "Cato", "planet": "P-<2>", "die": 1, "face": 4, "result": "Yes",
             "roller": "GM"}),
    ("tot", {"officer_name": "Cato", "planet": "P-2", "die": 1, "face": 1, "result": "No",
             "roller": "GM"}),
    ("landed", {"officer_name": "Cato", "planet": "P-#3", "base": False, "forced": False,
                "how": "relanding", "parsec": 0}),
    ("landed", {"officer_name": "Cato", "planet": "P-4", "base": False, "forced": True,
                "how": "distortion", "parsec": 2}),
    ("a-kind-of-*tomorrow*", {}),
]}
# Standings whose values one format or another escapes: each row printed by each format.
ODD_STANDINGS = [
    {"rank": "Tribunus", "officer_name": "Cato [b]", "score": 0, "ship": "Nave"},
    {"rank": "Tribunus", "officer_name": "Cato", "score": -1, "ship": "Nave *x*"},
    {"rank": "Decurio", "officer_name": "Livia", "score": 1, "ship": "Nave"},
]
CANCELLED = {"planet": "P-<2>", "race": "Sine [i]nomine[/i]", "present": 0, "before": 3,
             "hostile": True, "destroyed": True, "known": True, "ground": ["Cato <b>"]}


def fair_play(n: int) -> dict | None:
    return (None, {"commitment": "c0ffee <x>", "ledger": "", "seeded": False},
            {"commitment": "c0ffee", "ledger": "be[e]f *", "seeded": True})[n % 3]


def bulletins_both(view: render.MoveView, charts, *, game: str, move: int, variants: int = 4):
    """The move's bulletin in its four formats, by the templates and directly: as the move
    gave it, then with what the GM's desk, the press, the alien ship and the end of the game
    add, in turn."""
    envs = {fmt: render.environment(None, fmt) for fmt in ("txt", "md", "bbcode", "html")}
    for fmt, env in envs.items():
        names = direct.HTML_BULLETIN if fmt == "html" else direct.TEXT_BULLETINS[fmt]
        assert env.printer.shipped(names)
    chart = Markup(svg.inline(envs["html"].printer.chart(
        svg.layout(svg.public_drawing(charts.public, game=game, move=move,
                                      marks=charts.marks), "public"))))
    public = view.public_context()
    for n in range(variants):
        context = dict(public)
        if n % 2:
            context.update(press=PRESS, wrecks=public["wrecks"] + WRECKS)
        if n == 2:
            context.update(game_end=public["game_end"] or GAME_END,
                           story=public["story"][:2] + [RARE_TURN], planets_after=[CANCELLED],
                           standings=public["standings"] + ODD_STANDINGS)
        if n == 3:
            context.update(game_end=GAME_END, story=[], planets_after=public["planets_after"][:1])
        values = dict(game=game, move=move, deadline=dict(DEADLINE, move=move + 1) if n % 2 else None,
                      departures=DEPARTURES[:n % 3], fair_play=fair_play(n), **context)
        # The text formats' templates take a bulletin without the press as one without any.
        texts = {k: v for k, v in values.items() if k != "press"} if n == 3 else values
        # What the four formats print alike is worded once for them, as a move's rendering
        # does (and by each alone, every other variant).
        alike = bulletin.Alike(texts["story"], texts["standings"]) if n % 2 == 0 else None
        for fmt in ("txt", "md", "bbcode"):
            env = envs[fmt]
            yield (env.get_template(f"bulletin.{fmt}.j2").render(**texts),
                   env.printer.text_bulletin(fmt, alike=alike, **texts))
        html = envs["html"]
        nav = ({"index": "index.html" if n < 3 else "", "previous": "" if n == 1 else "move-1.html <&>",
                "next": "move-3.html" if n < 3 else ""} if n else None)
        page = dict(values, chart=chart if n != 2 else None, nav=nav)
        yield (html.get_template("bulletin.html.j2").render(**page),
               html.printer.html_bulletin(alike=alike, **page))


def charts_both(html_env, drawing: svg.Drawing, chart_id: str):
    for standalone in (True, False):
        yield (svg.render_svg(html_env, drawing, chart_id=chart_id, standalone=standalone),
               html_env.printer.chart(svg.layout(drawing, chart_id), standalone=standalone))


def assert_same(pairs) -> int:
    count = 0
    for by_template, written in pairs:
        assert written == by_template
        count += 1
    return count


@pytest.fixture(scope="module")
def played_advanced_demo(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("played") / "demo-advanced"
    run_demo(folder, ADVANCED)
    return folder


@pytest.mark.parametrize("which", ["basic", "advanced"])
def test_the_demos_are_written_as_their_templates_print_them(which, played_demo,
                                                             played_advanced_demo):
    folder = played_demo if which == "basic" else played_advanced_demo
    db = store.open_db(folder)
    try:
        name = store.game_row(db)["name"]
        moves = store.game_row(db)["move"] - 1
        ruleset = load_ruleset(folder)
        compared = 0
        for move in range(1, moves + 1):
            events, texts = store.load_events(db, move)
            charts = book.at_move(db, move, ruleset)
            view = render.MoveView(events, texts)
            compared += assert_same(both(view, charts, game=name, move=move))
            compared += assert_same(bulletins_both(view, charts, game=name, move=move))
    finally:
        db.close()
    assert compared >= 50


def random_game_views(seed: int, moves: int, level: str):
    """The moves of a random game as the reports see them: odd names, some officers holding
    and, every other game, Unpredictable Research with random grants."""
    rng = random.Random(seed)
    secret, state = new_game(rng, moves, level=level)
    officers = {oid: replace(o, name=ODD_NAMES[oid % len(ODD_NAMES)] + f" {oid}",
                             score=o.score + 30) for oid, o in state.officers.items()}
    research = seed % 2 == 0
    settings = {**state.settings, "rules": [RESEARCH]} if research else state.settings
    state = replace(state, officers=officers, settings=settings)
    technologies = [t.upper() for t in RULESET.technologies.technologies] + ["ALCHEMY"]
    for move in range(1, moves + 1):
        state = replace(state, move=move)
        orders, held = random_orders(rng, state)
        if research:
            orders = {oid: replace(o, research=tuple(
                ResearchOrder(rng.choice(technologies), rng.randint(1, 3))
                for _ in range(rng.randint(0, 2)))) for oid, o in orders.items()}
        result = resolve_move(state, orders, held, RULESET, SeededDice(secret, move))
        events: list[Event] = list(result.events)
        yield move, render.MoveView(events, [store.to_json(e.data) for e in events]), events
        state = result.state
        if state.winner is not None:
            break


def told_alike(events: list[Event]) -> render.MoveView:
    """The move's view with every two events that say the same given one dict, whatever
    their kinds and officers: more sharing than the rules give (`Board.told`), an empty
    dict under many kinds."""
    alike: dict[str, dict] = {}
    shared = [e._replace(data=alike.setdefault(store.to_json(e.data), e.data)) for e in events]
    return render.MoveView(shared, [store.to_json(e.data) for e in shared])


@pytest.mark.parametrize("level", ["basic", "advanced"])
def test_random_games_are_written_as_the_templates_print_them(level):
    seen: set[str] = set()
    shared: set[str] = set()  # the kinds of events whose data officers share
    for seed in range(6):
        for move, view, events in random_game_views(seed, 10, level):
            seen.update(e.kind for e in events)
            told = {}
            for e in events:
                if told.setdefault(id(e.data), e.officer) != e.officer:
                    shared.add(e.kind)
            charts = book.of_move_alone(move, events)
            assert_same(both(view, charts, game="aleae", move=move))
            if seed % 2:
                assert_same(both(told_alike(events), charts, game="aleae", move=move))
            assert_same(bulletins_both(view, charts, game="aleae", move=move, variants=2))
    # The corpus reaches what the reports and the bulletins tell in their rarer branches: the
    # basic games' end, the alien ship's wreck in outer space.
    assert {"held", "research", "research-refused", "landed", "encounter", "fight", "attacked",
            "rescue", "promotion", "planet-state"} <= seen, seen
    assert ("game-end" if level == "basic" else "alien-ship-wrecked") in seen, seen
    # Lines printed once for many officers are tried on data they share (`Board.told`).
    assert "info-unanswered" in shared, shared


def test_a_dict_told_as_two_kinds_of_line_is_printed_as_each():
    """The lines a move's writer prints once for data officers share are known by the dict
    and the kind it was told as: one dict told as two kinds of ground line, and as an
    unanswered INFO, prints each line as its own kind, in every officer's report."""
    move, view, events = next(random_game_views(3, 1, "advanced"))
    text_env, html_env = render.environment(None, "txt"), render.environment(None, "html")
    text_of, html_of = text_env.printer.text_reports(), html_env.printer.html_reports()
    forms = render.order_forms("aleae", move, view)
    told = {"specialist": {"title": "scientist <officer>"}, "why": "damage", "dead": True,
            "deadly": [1, 2], "die": 6, "face": 2, "penalty": 3, "request": "NEW & 2",
            "reason": "none <new>"}
    for n, officer_id in enumerate(list(view.sheets)[:3]):
        kinds = ["specialist-risk", "specialist-lost"][::1 if n % 2 else -1]
        ctx = dict(view.officer_context(officer_id), unanswered=[told],
                   after_route=[{"heading": "YOUR SHIP", "events": [(k, told) for k in kinds]}])
        values = dict(game="aleae", move=move, order_form=forms[officer_id], deadline=None,
                      rulings=[])
        assert text_of(ctx, **values) == text_env.get_template("report.txt.j2").render(
            **values, **ctx)
        assert "".join(html_of(ctx, chart=None, **values)) == html_env.get_template(
            "report.html.j2").render(chart=None, **values, **ctx)


CHANGES = {  # a change to each template that shows in what it prints
    "report.txt.j2": ("VII LEGIO", "SEPTIMA"),
    "report.html.j2": ("<h1>VII Legio", "<h1>SEPTIMA"),
    "page.html.j2": ('content="pbem"', 'content="SEPTIMA"'),
    "chart.svg.j2": (">Planets on the chart<", ">SEPTIMA<"),
    "bulletin.txt.j2": ("BULLETIN OF MOVE", "SEPTIMA"),
    "bulletin.md.j2": ("# VII Legio", "# SEPTIMA"),
    "bulletin.bbcode.j2": ("[b]VII LEGIO", "[b]SEPTIMA"),
    "bulletin.html.j2": ("<h1>VII Legio", "<h1>SEPTIMA"),
    "story.j2": ("{% macro opening(t) %}", "{% macro opening(t) %}SEPTIMA "),
    "public.html.j2": ("{% macro line(kind, d) -%}", "{% macro line(kind, d) -%}SEPTIMA "),
}
# What each change shows in: the reports, the charts, the bulletins of these formats.
SHOWN_IN = {"page.html.j2": ("report.html", "bulletin.html"),
            "story.j2": ("bulletin.txt", "bulletin.md", "bulletin.bbcode", "bulletin.html"),
            "public.html.j2": ("bulletin.html",)}


def test_a_game_folder_that_overrides_a_template_gets_it(tmp_path):
    move, view, events = next(random_game_views(1, 1, "basic"))
    officer_id, sheet = next(iter(view.sheets.items()))
    ctx = view.officer_context(officer_id)
    values = dict(game="aleae", move=move, deadline=None, rulings=[],
                  order_form=render.order_forms("aleae", move, view)[officer_id])
    charts = book.of_move_alone(move, events)
    public = view.public_context()
    assert any(t["lines"] for t in public["story"])
    for name, (old, new) in CHANGES.items():
        folder = tmp_path / name
        (folder / "templates").mkdir(parents=True)
        source = (TEMPLATES / name).read_text(encoding="utf-8")
        assert old in source
        (folder / "templates" / name).write_text(source.replace(old, new), encoding="utf-8")
        envs = {fmt: render.environment(folder, fmt) for fmt in ("txt", "md", "bbcode", "html")}
        bulletin = dict(game="aleae", move=move, deadline=None, departures=[], fair_play=None,
                        **public)
        printers = {
            "report.txt": lambda: render.text_report(envs["txt"], ctx, **values),
            "report.html": lambda: render.html_report(envs["html"], ctx, chart=None, **values),
            "chart.svg": lambda: render.public_chart(envs["html"], charts, game="aleae", move=move),
            **{f"bulletin.{fmt}": lambda fmt=fmt: render.text_bulletin(envs[fmt], fmt, **bulletin)
               for fmt in ("txt", "md", "bbcode")},
            "bulletin.html": lambda: render.bulletin_page(envs["html"], public, game="aleae",
                                                          move=move, chart_file=None),
        }
        for shown in SHOWN_IN.get(name, (name.removesuffix(".j2"),)):
            assert "SEPTIMA" in printers[shown](), (name, shown)


def test_a_game_folder_with_the_shipped_text_is_written_directly(tmp_path):
    (tmp_path / "templates").mkdir()
    for name in direct.SHIPPED:
        (tmp_path / "templates" / name).write_bytes((TEMPLATES / name).read_bytes())
    env = render.environment(tmp_path, "html")
    assert env.printer.shipped(direct.HTML_REPORT + direct.CHART + direct.HTML_BULLETIN)
    for fmt, names in direct.TEXT_BULLETINS.items():
        assert render.environment(tmp_path, fmt).printer.shipped(names)


def test_the_memo_of_printed_values_keeps_true_apart_from_one():
    printed = direct.Escaped(render.ESCAPERS["txt"])
    assert [printed[1], printed[True], printed["1"], printed[None]] == ["1", "True", "1", "None"]
    assert [printed[0], printed[False], printed[0], printed[True], printed[1]] == \
        ["0", "False", "0", "True", "1"]
    assert [printed[7], printed[-3], printed[7], printed["7"]] == ["7", "-3", "7", "7"]
    html = html_text()
    assert html["<b>'&\"</b>"] == "&lt;b&gt;&#39;&amp;&#34;&lt;/b&gt;"
    assert html[Markup("<b>")] == "<b>"


NAME_TEXT = st.text(alphabet=st.sampled_from("aZ 1<>&'\"\u202e\x07\x1c\n[]*_-é\u2028"), max_size=14)


SIGHTING_VALUES = {  # a few values of each field of a sighting's data
    "base": [False, True], "planet": ["P-1", "P-<3>", "[P]*4*"], "new": [False, True],
    "known": [False, True], "points": [0, 1, 2], "distance": [0, 1, 2],
    "bearing": ["1 E", "2 NW", "1 E + 1 SE"], "parsec": [0, 1, 3],
    "officer_name": ["Cato", "Livia"],
    "facts": [[], ["C (Mercurian) - radioactivity alpha"], ["<b>&</b>", "x_y"]],
}
SIGHTING = st.fixed_dictionaries({k: st.sampled_from(v) for k, v in SIGHTING_VALUES.items()})


@settings(max_examples=100, deadline=None)
@given(sightings=st.lists(SIGHTING, min_size=1, max_size=4))
def test_the_sightings_printed_once_are_each_printed_as_it_alone_prints(sightings):
    """Every writer's line of a sighting, printed once in a format for the sightings that
    print alike (`words.by_sighting`), is what it prints for each sighting alone: each
    sighting drawn, then each that differs from it in one field alone, two writers of a
    format printing into one memo."""
    from pbem.direct import report_html, story
    writers = {"txt": (report_txt._sighting, story._sighting), "md": (story._sighting,),
               "bbcode": (story._sighting,), "html": (report_html._sighting, story._html_sighting)}
    told = [dict(d, **{field: value}) for d in sightings
            for field, values in SIGHTING_VALUES.items() for value in values]
    for fmt, lines in writers.items():
        printed = html_text() if fmt == "html" else direct.Escaped(render.ESCAPERS[fmt])
        for d in told:
            for line in lines:
                alone = html_text() if fmt == "html" else direct.Escaped(render.ESCAPERS[fmt])
                assert line(d, printed) == line.__wrapped__(d, alone)


@settings(max_examples=200, deadline=None)
@given(text=NAME_TEXT | st.sampled_from(ODD_NAMES))
def test_a_value_printed_once_is_printed_as_the_memo_prints_it(text):
    """`once` (a ship's name, a route as ordered) prints what the memo prints, before the
    memo has seen the value and after, in every format."""
    for printed in (*(direct.Escaped(render.ESCAPERS[f]) for f in ("txt", "md", "bbcode")),
                    html_text()):
        first = printed.once(text)
        assert first == printed[text] == printed.once(text)


@settings(max_examples=300, deadline=None)
@given(text=NAME_TEXT | st.sampled_from(ODD_NAMES), number=st.integers(-3, 12))
def test_the_html_escaper_skips_markupsafe_only_for_text_it_would_leave(text, number):
    """The HTML memo's escaper prints what `str(escape(html(value)))` prints, for text with
    or without the characters HTML escapes, for numbers, None and markup."""
    for value in (text, number, None, Markup(text), text.encode("utf-8").decode("utf-8")):
        assert formats.html_escaped(value) == str(escape(formats.html(value)))


@given(number=st.integers() | st.booleans() | st.none() | st.floats())
def test_a_number_prints_as_it_is_in_the_reports(number):
    """The reports print the numbers the rules make without the memo: the text and the
    HTML escapers print any number (and None) as an f-string does."""
    for printed in (direct.Escaped(render.ESCAPERS["txt"]), html_text()):
        assert printed[number] == printed.escaper(number) == f"{number}"
    assert str(escape(formats.html(number))) == f"{number}"


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=st.sampled_from("ab <\n\u00b7\u00b6\u00e9\u20ac\U0001f600"),
                    max_size=30) | st.text())
def test_a_page_is_encoded_as_python_encodes_it(text):
    """The files are written in UTF-8 run by run between the middle dots of the headings:
    the same bytes as the whole text encoded."""
    for page in (text, f"<h1>VII Legio \u00b7 {text} \u00b7 move 1</h1>\n", text + "\u00b7"):
        assert formats.utf8(page) == page.encode("utf-8")


def test_a_page_in_its_texts_is_written_as_the_whole_page(tmp_path):
    """An HTML report is written from the three texts it is joined from, the same bytes as
    the page; in a game of ASCII names (as the odd names print) only its heading is not
    ASCII: the texts around it are encoded as copies."""
    move, view, events = next(random_game_views(3, 1, "advanced"))
    html_env = render.environment(None, "html")
    page_of = render.html_reports(html_env)
    forms = render.order_forms("aleae", move, view)
    for officer_id in view.sheets:
        ctx = view.officer_context(officer_id)
        texts = page_of(ctx, game="aleae", move=move, order_form=forms[officer_id],
                        chart="<svg></svg>", deadline=DEADLINE, rulings=RULINGS)
        render.write(tmp_path / "report.html", texts)
        page = render.html_report(html_env, ctx, game="aleae", move=move,
                                  order_form=forms[officer_id], chart="<svg></svg>",
                                  deadline=DEADLINE, rulings=RULINGS)
        assert (tmp_path / "report.html").read_bytes() == page.encode("utf-8")
        head, heading, rest = texts
        assert "\u00b7" in heading
        assert head.isascii() and rest.isascii()


@given(place=st.integers(1, 10**7))
def test_an_ordinal_prints_as_it_is_in_every_format(place):
    """The reports print an officer's place in the standings without the memo: each
    escaper leaves an ordinal as it is."""
    told = formats.ordinal(place)
    for escaper in (*render.ESCAPERS.values(), formats.html_escaped):
        assert escaper(told) == told


def chronicle_of(own: list[Event]) -> tuple[list[dict], list[dict]]:
    """The chronicle of a turn as the rule says it, event by event: a ground event goes
    under the heading of its kind or planet (a consequence with no planet under the
    heading before it), a new block when the heading changes, and the events of the route
    divide those before it from those after it."""
    before: list[dict] = []
    after: list[dict] = []
    for n, e in enumerate(own):
        if e.kind not in render.GROUND_KINDS:
            continue
        blocks = after if any(o.kind in render.ROUTE_KINDS for o in own[:n]) else before
        if e.kind in render.CONSEQUENCES and not e.data.get("planet") and blocks:
            heading = blocks[-1]["heading"]
        elif e.kind in render.HEADINGS:
            heading = render.HEADINGS[e.kind]
        elif e.data.get("planet"):
            heading = f"ON THE GROUND OF {e.data['planet']}"
        else:
            heading = "YOUR SHIP"
        if blocks and blocks[-1]["heading"] == heading:
            blocks[-1]["events"].append((e.kind, e.data))
        else:
            blocks.append({"heading": heading, "events": [(e.kind, e.data)]})
    return before, after


TURN_KINDS = st.sampled_from(sorted(render.GROUND_KINDS | render.ROUTE_KINDS)
                             + ["score", "sheet", "info-unanswered"])


@settings(max_examples=300, deadline=None)
@given(turn=st.lists(st.tuples(TURN_KINDS, st.sampled_from([None, "", "P-1", "P-2"])),
                     max_size=12))
def test_a_turn_is_read_in_one_pass_as_its_events_tell_it(turn):
    """`read_turn` sorts an officer's events by kind, keeps his ground events in order and
    puts them in the blocks of his chronicle, in one pass."""
    own = [Event(kind, "officer", 1, {} if planet is None else {"planet": planet, "n": n})
           for n, (kind, planet) in enumerate(turn)]
    kinds, ground, before, after = render.read_turn(own)
    assert kinds == {kind: [e.data for e in own if e.kind == kind] for kind in {e.kind for e in own}}
    assert ground == [(e.kind, e.data) for e in own if e.kind in render.GROUND_KINDS]
    assert (before, after) == chronicle_of(own)


@settings(max_examples=300, deadline=None)
@given(line=st.text(alphabet=st.sampled_from("ab <&\n\r\x0b\x0c\x1c\x85\u2028\u2029é"), max_size=12))
def test_a_ground_line_is_indented_as_jinja_indents_it(line):
    """A report's ground line of one line is put behind two spaces without Jinja's
    filter; any line `splitlines` would break goes through it."""
    indent = jinja2.filters.do_indent
    for text in (line, line + "\n", "Your radar picks up " + line + ".\n"):
        assert report_txt._indented(text, indent) == indent(text, 2, True)


@settings(max_examples=200, deadline=None)
@given(officer=NAME_TEXT | st.sampled_from(ODD_NAMES), colleague=NAME_TEXT,
       game=NAME_TEXT, move=st.integers(1, 40), situation=st.sampled_from(sorted(SITUATIONS)))
def test_an_order_form_printed_piece_by_piece_is_the_form_printed_whole(
        officer, colleague, game, move, situation):
    """A report prints its order form piece by piece, each piece through the memo: the
    same text as the whole form escaped at once, in every format a report is written in."""
    shown = replace(SITUATIONS[situation], colleague=colleague or None)
    pieces = order_form_pieces(game, officer, move, shown)
    for printed, escaper in ((direct.Escaped(render.ESCAPERS["txt"]), render.ESCAPERS["txt"]),
                             (html_text(), lambda v: str(escape(formats.html(v))))):
        assert printed.pieces(pieces) == escaper("".join(pieces))
        assert printed.pieces("".join(pieces)) == escaper("".join(pieces))
        assert "".join(printed.each(pieces)) == escaper("".join(pieces))
        assert "".join(printed.each("".join(pieces))) == escaper("".join(pieces))


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=st.sampled_from("ab c-d. \t\n\u00a0é,;!?\u2028\x1c"), max_size=90),
       width=st.sampled_from([8, 30, 64, 66, 79]), long_words=st.booleans())
def test_wordwrap_wraps_as_jinja_does(text, width, long_words):
    """The bulletin's filter answers a line that fits without textwrap, and prints what
    Jinja's own filter prints, the second time too (from its memo, for a line textwrap
    wrapped)."""
    env = render.environment(None, "txt")
    jinja = jinja2.filters.do_wordwrap(env, text, width, long_words, "\n      ")
    assert render.wordwrap(env, text, width, long_words, "\n      ") == jinja
    assert render.wordwrap(env, text, width, long_words, "\n      ") == jinja
    assert render.wordwrap(env, text, width, not long_words, "\n      ") == \
        jinja2.filters.do_wordwrap(env, text, width, not long_words, "\n      ")


@settings(max_examples=500, deadline=None)
@given(text=st.lists(st.tuples(
           st.sampled_from([" "] * 12 + ["", "  ", "-", "--"]),
           st.sampled_from(["a", "Zb", "word", "P-3", "d6.", "3", "-", "_", "_x",
                            "longerwordthanmost"])),
           max_size=10)
       .map(lambda pairs: "".join(gap + word for gap, word in pairs)[1:]),
       width=st.sampled_from([1, 3, 5, 6, 8, 30, 64]), long_words=st.booleans(),
       hyphens=st.booleans())
@example(text="Zb-_x a", width=3, long_words=False, hyphens=True)  # a hyphen, then "_"
@example(text="word--3 word", width=3, long_words=False, hyphens=True)  # a dash
@example(text="word word ", width=5, long_words=False, hyphens=True)  # a space at the end
def test_wordwrap_fills_lines_of_words_as_textwrap_does(text, width, long_words, hyphens):
    """Lines of ASCII words are filled without textwrap: the same lines, hyphens, dashes,
    runs of spaces and words longer than the width included."""
    env = render.environment(None, "txt")
    assert render.wordwrap(env, text, width, long_words, "\n  ", hyphens) == \
        jinja2.filters.do_wordwrap(env, text, width, long_words, "\n  ", hyphens)


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=st.sampled_from("aZ 1\\`*_{}[]()#+-.!|~<>&;\u202e\x07é"), max_size=40))
def test_the_markdown_escaper_escapes_by_the_rule(text):
    """HTML's characters as references, then a backslash before each character CommonMark
    gives a meaning to, what a bidi override or a control character hides dropped first."""
    rule = render.ESCAPERS["txt"](text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert render.ESCAPERS["md"](text) == re.sub(r"([\\`*_{}\[\]()#+\-.!|~])", r"\\\1", rule)


ODD_TEXT = st.text(alphabet=st.sampled_from("aZ 1<>&'\"\u202e\x07[]*_-é"), max_size=12)
GROUND_DATA = {  # what the events of each kind `direct.ground` writes may hold
    "alien-ship-sighting": st.fixed_dictionaries({
        "name": ODD_TEXT, "distance": st.integers(0, 4), "parsec": st.integers(0, 21),
        "bearing": ODD_TEXT}),
    "damage": st.fixed_dictionaries({
        "component": ODD_TEXT, "effect": st.sampled_from(["lost", "none", "absorbed", "hull"]),
        "roller": st.sampled_from(["officer", "sc"]), "die": st.sampled_from([6, 10, 100]),
        "face": st.integers(1, 100)}),
    "specialist-risk": st.fixed_dictionaries({
        "specialist": st.fixed_dictionaries({"title": ODD_TEXT}),
        "why": st.sampled_from(["damage", "net", "distortion", "<b>"]), "dead": st.booleans(),
        "die": st.sampled_from([6, 10]), "face": st.integers(1, 10),
        "deadly": st.lists(st.integers(1, 10), min_size=1, max_size=3)}),
    "specialist-lost": st.fixed_dictionaries({
        "specialist": st.fixed_dictionaries({"title": ODD_TEXT}),
        "why": st.sampled_from(["crew-lost", "damage"]), "penalty": st.integers(0, 3)}),
    "rescue": st.fixed_dictionaries({
        "lost": ODD_TEXT, "reason": ODD_TEXT, "rank": ODD_TEXT, "ship_type": ODD_TEXT}),
}


def test_every_ground_line_written_directly_is_tried():
    assert set(GROUND_DATA) == set(direct.ground.LINES)


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_the_ground_lines_written_directly_are_the_macros(data):
    """Each kind of ground.txt.j2 that `direct.ground` writes prints what the macro prints,
    in the text formats and in HTML, names that need escaping included."""
    kind = data.draw(st.sampled_from(sorted(GROUND_DATA)))
    d = data.draw(GROUND_DATA[kind])
    for fmt in ("txt", "html"):
        env = render.environment(None, fmt)
        macro = env.get_template("ground.txt.j2").module.line
        assert env.printer.ground_line(kind, d) == str(macro(kind, d)), (fmt, kind, d)


def test_a_game_folder_with_its_own_ground_lines_gets_them(tmp_path):
    (tmp_path / "templates").mkdir()
    source = (TEMPLATES / "ground.txt.j2").read_text(encoding="utf-8")
    old = "Your radar picks up the alien ship"
    assert old in source
    (tmp_path / "templates" / "ground.txt.j2").write_text(
        source.replace(old, "SEPTIMA sees the alien ship"), encoding="utf-8")
    d = {"name": "KNOX", "distance": 2, "parsec": 3, "bearing": "2 E"}
    for fmt in ("txt", "html"):
        line = render.environment(tmp_path, fmt).printer.ground_line("alien-ship-sighting", d)
        assert line.startswith("SEPTIMA sees the alien ship KNOX from the 3rd parsec"), line


def test_a_move_is_written_the_same_where_files_cannot_be_opened_in_a_folder(tmp_path, monkeypatch):
    """Reports are opened relative to the open move folder where the system allows it; where
    it does not (Windows), each is opened by its whole path: the same files, the same bytes."""
    move, view, events = next(random_game_views(3, 1, "advanced"))
    texts = [store.to_json(e.data) for e in events]

    def written(folder: Path) -> dict[str, bytes]:
        render.render_move(None, folder, game="aleae", move=move, events=events, texts=texts,
                           rolls=[])
        return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}

    relative = written(tmp_path / "relative")
    monkeypatch.setattr(os, "supports_dir_fd", set())
    whole = written(tmp_path / "whole")
    assert whole == relative
    assert sum(name.endswith(".html") for name in whole) == len(view.sheets) + 1


@given(st.one_of(st.text(alphabet=st.sampled_from("Ab -.[]*_<&\"'\x00\u202e\n"), max_size=6),
                 st.integers(-3, 3), st.none()))
def test_what_the_bulletins_print_alike_is_what_each_of_them_prints(value):
    # Words of the bulletins worded once for their four formats (`bulletin.Alike`): a
    # value's text is the one each format's escaper prints, or DIFFERS, which none prints.
    said = formats.alike(value)
    each = {formats.plain(value), formats.markdown(value), formats.bbcode(value),
            formats.html_escaped(value)}
    if said == formats.DIFFERS:
        assert len(each) > 1 and all(formats.DIFFERS not in text for text in each)
    else:
        assert each == {said}


@given(st.one_of(st.integers(-10**6, 10**6), st.booleans(), st.none()))
def test_a_standing_s_score_prints_as_every_format_prints_it(score):
    # `bulletin.Alike.ranks` prints a whole-number score from 0 up as `str`, past the memo:
    # the text each format's escaper, and so `alike`, prints for it.
    if type(score) is int and score >= 0:
        for escaper in (formats.alike, formats.plain, formats.markdown, formats.bbcode,
                        formats.html_escaped):
            assert formats.Escaped(escaper)[score] == str(score)
    standing = {"rank": "Centurio", "officer_name": "A", "score": score, "ship": "S"}
    said = formats.Escaped(formats.alike)[score]
    row = None if said == formats.DIFFERS else ("Centurio", "A", said, "S")
    assert bulletin.Alike([], [standing]).ranks == [row]
