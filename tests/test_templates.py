"""Every report, chart, bulletin and log is rendered from its template: the shipped one, or
the game folder's own, which is followed wherever it changes a word. What the templates do
with the events of random games (odd names, every branch the games reach) holds here; the
wording itself is held by the goldens (tests/test_golden.py).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem import move_view, render, template_code
from pbem.json_codec import to_json
from pbem.rules.events import Event

from game_views import ODD_NAMES, TEMPLATES, random_game_views

DEADLINE = {"text": "Friday 12 December 2026, 20:00 UTC <sharp>", "iso": "2026-12-12T20:00:00+00:00"}
RULINGS = {1: [{"told": "Your score is now 12 & no less.", "reason": "the GM's <ruling>"}]}


def rendered_move(folder: Path, move: int, events: list[Event], **desk) -> dict[str, str]:
    render.render_move(None, folder, game="aleae", move=move, events=events,
                       texts=[to_json(e.data) for e in events], rolls=[],
                       desk=render.DeskNotes(**desk))
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.iterdir())}


def test_random_games_render_every_output_with_names_escaped(tmp_path):
    """Every output of random games of both levels renders (a template that reads a field
    an event lacks fails: StrictUndefined), and no output prints a name's markup or bidi
    override as it is: HTML and SVG escape it, Markdown and BBCode neutralise it."""
    seen: set[str] = set()
    for level in ("basic", "advanced"):
        for seed in range(4):
            for move, view, events in random_game_views(seed, 8, level):
                seen.update(e.kind for e in events)
                desk = dict(deadline=dict(DEADLINE, move=move + 1), rulings=RULINGS) if move % 2 else {}
                files = rendered_move(tmp_path / f"{level}-{seed}-{move}", move, events, **desk)
                assert sum(name.endswith(".html") for name in files) == len(view.sheets) + 1
                for name, text in files.items():
                    assert "\u202e" not in text, name
                    if name.endswith((".html", ".svg")):
                        assert "<b>&amp;</b>" not in text and "<ruling>" not in text, name
                    if name.endswith(".bbcode"):
                        assert "[b]Brutus[/b]" not in text, name
                    if name.endswith(".md"):
                        assert "*#1_x*" not in text, name
    assert {"held", "research", "research-refused", "landed", "encounter", "rescue",
            "promotion", "planet-state", "game-end", "alien-ship-sighting"} <= seen, seen
    assert any("Cato" in name for name in ODD_NAMES)


CHANGES = {  # a change to each template that shows in what it prints
    "report.txt.j2": ("VII LEGIO", "SEPTIMA"),
    "report.html.j2": ("<h1>VII Legio", "<h1>SEPTIMA"),
    "page.html.j2": ('content="pbem"', 'content="SEPTIMA"'),
    "chart.svg.j2": ('>{{ _("Planets on the chart") }}<', ">SEPTIMA<"),
    "bulletin.txt.j2": ("BULLETIN OF MOVE", "SEPTIMA"),
    "bulletin.md.j2": ("# VII Legio", "# SEPTIMA"),
    "bulletin.bbcode.j2": ("[b]VII LEGIO", "[b]SEPTIMA"),
    "bulletin.html.j2": ("<h1>VII Legio", "<h1>SEPTIMA"),
    "story.j2": ("{% macro opening(t) %}", "{% macro opening(t) %}SEPTIMA "),
    "public.html.j2": ("{% macro line(kind, d) -%}", "{% macro line(kind, d) -%}SEPTIMA "),
    "ground.txt.j2": ("Aliens present:", "SEPTIMA present:"),
    "gm-log.txt.j2": ("GM LOG OF MOVE", "SEPTIMA"),
}
# Where each change shows: the outputs of a move it is printed in.
SHOWN_IN = {"report.txt.j2": ("report-*.txt",), "report.html.j2": ("report-*.html",),
            "page.html.j2": ("report-*.html", "bulletin.html"),
            "chart.svg.j2": ("chart-public.svg", "report-*.html"),
            "story.j2": ("bulletin.txt", "bulletin.md", "bulletin.bbcode", "bulletin.html"),
            "public.html.j2": ("bulletin.html",), "ground.txt.j2": ("report-*.txt", "report-*.html"),
            "gm-log.txt.j2": ("gm-log.txt",)}


def test_a_game_folder_that_overrides_a_template_gets_it(tmp_path):
    move, view, events = next(random_game_views(0, 1, "basic"))
    assert any(t["lines"] for t in view.public_context()["story"])
    assert any(e.kind == "presence" for e in events)
    for name, (old, new) in CHANGES.items():
        game = tmp_path / name
        (game / "templates").mkdir(parents=True)
        source = (TEMPLATES / name).read_text(encoding="utf-8")
        assert old in source
        (game / "templates" / name).write_text(source.replace(old, new), encoding="utf-8")
        out = game / "reports"
        render.render_move(game, out, game="aleae", move=move, events=events,
                           texts=[to_json(e.data) for e in events], rolls=[])
        for pattern in SHOWN_IN.get(name, (name.removesuffix(".j2"),)):
            assert any("SEPTIMA" in p.read_text(encoding="utf-8") for p in out.glob(pattern)), (
                name, pattern)


def chronicle_of(own: list[Event]) -> tuple[list[dict], list[dict]]:
    """The chronicle of a turn as the rule says it, event by event: a ground event goes
    under the heading of its kind or planet (a consequence with no planet under the
    heading before it), a new block when the heading changes, and the events of the route
    divide those before it from those after it."""
    before: list[dict] = []
    after: list[dict] = []
    for n, e in enumerate(own):
        if e.kind not in move_view.GROUND_KINDS:
            continue
        blocks = after if any(o.kind in move_view.ROUTE_KINDS for o in own[:n]) else before
        if e.kind in move_view.CONSEQUENCES and not e.data.get("planet") and blocks:
            heading = blocks[-1]["heading"]
        elif e.kind in move_view.HEADINGS:
            heading = move_view.HEADINGS[e.kind]
        elif e.data.get("planet"):
            heading = f"ON THE GROUND OF {e.data['planet']}"
        else:
            heading = "YOUR SHIP"
        if blocks and blocks[-1]["heading"] == heading:
            blocks[-1]["events"].append((e.kind, e.data))
        else:
            blocks.append({"heading": heading, "events": [(e.kind, e.data)]})
    return before, after


TURN_KINDS = st.sampled_from(sorted(move_view.GROUND_KINDS | move_view.ROUTE_KINDS)
                             + ["score", "sheet", "info-unanswered"])


@settings(max_examples=300, deadline=None)
@given(turn=st.lists(st.tuples(TURN_KINDS, st.sampled_from([None, "", "P-1", "P-2"])),
                     max_size=12))
def test_a_turn_is_read_in_one_pass_as_its_events_tell_it(turn):
    """`read_turn` sorts an officer's events by kind, keeps his ground events in order and
    puts them in the blocks of his chronicle, in one pass."""
    own = [Event(kind, "officer", 1, {} if planet is None else {"planet": planet, "n": n})
           for n, (kind, planet) in enumerate(turn)]
    kinds, ground, before, after = move_view.read_turn(own)
    assert kinds == {kind: [e.data for e in own if e.kind == kind] for kind in {e.kind for e in own}}
    assert ground == [(e.kind, e.data) for e in own if e.kind in move_view.GROUND_KINDS]
    assert (before, after) == chronicle_of(own)


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=st.sampled_from("aZ 1\\`*_{}[]()#+-.!|~<>&;\u202e\x07é"), max_size=40))
def test_the_markdown_escaper_escapes_by_the_rule(text):
    """HTML's characters as references, then a backslash before each character CommonMark
    gives a meaning to, what a bidi override or a control character hides dropped first."""
    rule = render.ESCAPERS["txt"](text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert render.ESCAPERS["md"](text) == re.sub(r"([\\`*_{}\[\]()#+\-.!|~])", r"\\\1", rule)


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=st.sampled_from("ab <\n\u00b7\u00b6\u00e9\u20ac\U0001f600"),
                    max_size=30) | st.text())
def test_a_text_is_written_whole_in_pieces_or_as_they_come_in_utf8(tmp_path_factory, text):
    folder = tmp_path_factory.mktemp("written")
    page = f"<h1>VII Legio \u00b7 {text} \u00b7 move 1</h1>\n"
    render.write(folder / "whole", page)
    render.write(folder / "pieces", (page[:7], page[7:]))
    render.write(folder / "stream", iter([page[:3], page[3:]]))
    for name in ("whole", "pieces", "stream"):
        assert (folder / name).read_bytes() == page.encode("utf-8")


def test_a_move_is_written_the_same_where_files_cannot_be_opened_in_a_folder(tmp_path, monkeypatch):
    """Reports are opened relative to the open move folder where the system allows it; where
    it does not (Windows), each is opened by its whole path: the same files, the same bytes."""
    move, view, events = next(random_game_views(3, 1, "advanced"))
    relative = rendered_move(tmp_path / "relative", move, events)
    monkeypatch.setattr(os, "supports_dir_fd", set())
    whole = rendered_move(tmp_path / "whole", move, events)
    assert whole == relative
    assert sum(name.endswith(".html") for name in whole) == len(view.sheets) + 1


LOOKUPS = """{% macro m(v) %}<{{ v.name }}>{% endmacro %}
{{ d.name }} {{ d.items is defined }} {{ d.missing is defined }} {{ o.real }} {{ o.imag }}
{{ m(d) }} {{ d.name|upper }} {% for x in rows if x.on %}{{ x.name }},{% endfor %}
{% set block %}{{ d.name }}{% endset %}{{ block }} {{ d.nested.name }}
{% autoescape false %}{{ d.name }}{% endautoescape %} {{ "<&>" }}
"""


def _like_jinja(fmt: str, lang: str = "en") -> template_code.Environment:
    """`render.environment` as Jinja itself would compile its templates."""
    env = render.environment(None, fmt, lang)
    env.code_generator_class = render.jinja2.compiler.CodeGenerator
    env.bytecode_cache = None
    return env


@settings(max_examples=100, deadline=None)
@given(name=st.text(max_size=12) | st.sampled_from(ODD_NAMES), fmt=st.sampled_from(
    ["txt", "md", "bbcode", "html"]))
def test_the_templates_code_prints_what_jinjas_would(name, fmt):
    """`template_code.CodeGenerator` looks a dict's keys up where they stand and, autoescaping,
    escapes a printed value in one call: what a template prints is what Jinja's own code
    prints, for dicts, their methods and missing keys, other objects, macros, filters,
    loops, blocks and a region without autoescaping."""
    values = {"d": {"name": name, "nested": {"name": name * 2}}, "o": 3 + 4j,
              "rows": [{"name": name, "on": True}, {"name": "off", "on": False}]}
    ours = render.environment(None, fmt)
    assert ours.code_generator_class is template_code.CodeGenerator
    assert ours.from_string(LOOKUPS).render(values) == \
        _like_jinja(fmt).from_string(LOOKUPS).render(values)


def test_a_game_folders_template_compiles_to_the_same_code(tmp_path):
    """A GM's own template is as fast as the shipped one: the same code generator compiles
    both; it escapes what it prints, and a missing field still fails (StrictUndefined)."""
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "report.html.j2").write_text("{{ sheet.officer_name }}")
    (tmp_path / "templates" / "report.txt.j2").write_text("{{ sheet.nope }}")
    html = render.environment(tmp_path, "html")
    code = html.compile(html.loader.get_source(html, "report.html.j2")[0], raw=True)
    assert "environment.escaped(" in code and " is dict and 'officer_name' in " in code
    assert html.get_template("report.html.j2").render(sheet={"officer_name": "<Nero>"}) == \
        "&lt;Nero&gt;"
    with pytest.raises(render.jinja2.UndefinedError, match="nope"):
        render.environment(tmp_path, "txt").get_template("report.txt.j2").render(sheet={})


SAYINGS = """{% macro landed(p) %}{{ _("LANDED ON %(planet)s.", planet=p) }}{% endmacro %}
{{ _("RESEARCH") }} {{ gettext("TOT 100%%") }} {{ _("%(a)s%%", a=d.name) }} {{ landed(d.name) }}
{{ ngettext("%(num)s radar on", "%(num)s radars on", n) }} {{ bold(d.name) }}
{% for x in rows %}{% set seen = x.name %}{{ _("LANDED ON %(planet)s.", planet=seen) }}
{{ ngettext("%(num)s grant", "%(num)s grants", loop.index, who=x.name) }}{% endfor %}
{% set block %}{{ _("RESEARCH") }} {{ bold(n) }}{% endset %}{{ block }}
{% trans name=d.name %}LANDED ON {{ name }}.{% endtrans %}
"""


@settings(max_examples=100, deadline=None)
@given(name=st.text(max_size=12) | st.sampled_from(ODD_NAMES), n=st.integers(0, 3),
       fmt=st.sampled_from(["txt", "md", "bbcode", "html"]), lang=st.sampled_from(["en", "it"]))
def test_the_catalogs_texts_are_said_as_jinjas_code_says_them(name, n, fmt, lang):
    """`_`, `gettext`, `ngettext` and `bold`, which the templates' code calls directly, say
    what they say called Jinja's way: a player's name escaped as printed in every format, a
    catalog's `%%` a `%`, in a macro, a loop, a block and `{% trans %}`, in both languages."""
    values = {"d": {"name": name}, "n": n, "rows": [{"name": name}, {"name": "<off>"}]}
    ours = render.environment(None, fmt, lang)
    code = ours.compile(SAYINGS, raw=True)
    assert code.count("context.call(") == 1 and "environment.said['ngettext']" in code  # landed()
    assert ours.from_string(SAYINGS).render(values) == \
        _like_jinja(fmt, lang).from_string(SAYINGS).render(values)


def mine(message: str, **values) -> str:
    return f"mine: {message}"


@pytest.mark.parametrize("template, values", [
    ('{% set _ = mine %}{{ _("RESEARCH") }}', {"mine": mine}),
    ('{{ _("RESEARCH") }}', {"_": mine}),
    ('{% macro m(_) %}{{ _("RESEARCH") }}{% endmacro %}{{ m(mine) }}', {"mine": mine}),
    ('{% for x in [1] %}{% set _ = mine %}{{ _("RESEARCH") }}{% endfor %}', {"mine": mine}),
    ('{% set bold = mine %}{{ bold("RESEARCH") }}', {"mine": mine}),
    ('{% set gettext = _ %}{{ gettext("RESEARCH", n=1) }}', {}),
])
def test_a_template_that_has_its_own_underscore_calls_its_own(template, values):
    """A `_` (or `bold`, `gettext`) the template set, or was given, is the one called, as
    Jinja calls it; the environment's own is called directly only where the name is it."""
    env = render.environment(None, "txt", "it")
    expected = "RICERCA" if "gettext = _" in template else "mine: RESEARCH"
    assert env.from_string(template).render(values) == expected


def test_a_template_given_a_callable_that_wants_the_context_gets_it():
    env = render.environment(None, "txt")
    told = render.jinja2.pass_context(lambda context, message: f"{context['who']}: {message}")
    page = '{% for x in [1] %}{% set who = "Nero" %}{{ _("RESEARCH") }}{% endfor %}'
    assert env.from_string(page).render(_=told) == "Nero: RESEARCH"


def test_a_game_folders_template_calls_the_catalogs_directly(tmp_path):
    """A GM's own template calls the catalogs' functions as directly as the shipped ones."""
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "report.txt.j2").write_text(
        '{{ _("RESEARCH") }}, {{ ngettext("%(num)s grant", "%(num)s grants", 1) }}')
    env = render.environment(tmp_path, "txt", "it")
    called = []
    for name in ("_", "ngettext"):
        own, said = env.said[name]
        env.said[name] = (own, lambda *args, said=said: called.append(args[0]) or said(*args))
    assert env.get_template("report.txt.j2").render() == "RICERCA, 1 finanziamento"
    assert called == ["RESEARCH", "%(num)s grant"]
