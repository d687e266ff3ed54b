"""Reports and bulletins from Jinja templates, each reader seeing only the events he may.

A game folder's own `templates/` overrides the shipped ones file by file. Every value a
template prints passes through the format's escaper (Jinja's `finalize`), so a player's
name cannot inject Markdown or BBCode, and no template can forget to escape it.
"""

from __future__ import annotations

import gc
import os
import re
import unicodedata
from contextlib import contextmanager
from collections import defaultdict
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

import jinja2
import jinja2.bccache
import jinja2.compiler
from markupsafe import Markup, escape

from . import report_json, workers
from .charts import svg
from .charts.book import MoveCharts, of_move_alone
from .charts.knowledge import OwnPlanet, Placements, officer_planets, spliced
from .formats import (
    ESCAPERS, at_parsec, heading_text, ordinal, psi_shift, reckoning_text, remembering,
)
from .gm_log import gm_log_parts
from . import language
from .language import N_ as _N
from .order_form import FormSituation, with_names
from .order_form import order_form_pieces as form_pieces
from .rules.dice import Roll
from .rules.rulings import RELANDINGS_PER_LANDING
from .rules.events import GM, OFFICER, PUBLIC, Event


def packaged_templates() -> Path:
    """Shipped templates: inside the installed package, or the source tree's templates/."""
    installed = Path(str(resources.files("pbem"))) / "templates"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parent.parent / "templates"


class CodeGenerator(jinja2.compiler.CodeGenerator):
    """Jinja's code for the templates, but for two things, each a few million calls in ten
    thousand reports. Event data are plain dicts: `d.planet` is looked up as a key where
    it stands, where Jinja calls `environment.getattr`, which tries the attribute first
    (raising and catching an AttributeError on every dict field) and the key next. And
    where autoescaping is on (HTML and SVG), a printed value is one call,
    `environment.escaped(value)`, the format's escaper and the autoescaping together, each
    string worked out once (`remembering`), where Jinja writes
    `escape(environment.finalize(value))`. The templates compile to this when loaded, a
    GM's own as well as the shipped ones."""

    # The code it writes, named for the bytecode cache: change it with the code.
    CODE = "dicts-escaped-1"

    @jinja2.compiler.optimizeconst
    def visit_Getattr(self, node, frame) -> None:
        if self.environment.is_async:
            return super().visit_Getattr(node, frame)
        # (held[key] if type(held := obj) is dict and key in held else environment.getattr(...)):
        # the object evaluated once; anything but a dict holding the key goes Jinja's way.
        held, key = self.temporary_identifier(), repr(node.attr)
        self.write(f"({held}[{key}] if type({held} := ")
        self.visit(node.node, frame)
        self.write(f") is dict and {key} in {held} else environment.getattr({held}, {key}))")

    def _escaped_at_once(self, frame: jinja2.compiler.Frame) -> bool:
        # `environment.escaped`: set by `environment()`.
        return (frame.eval_ctx.autoescape and not frame.eval_ctx.volatile
                and hasattr(self.environment, "escaped"))

    def _output_child_pre(self, node, frame, finalize) -> None:
        if self._escaped_at_once(frame):
            self.write("environment.escaped(")
        else:
            super()._output_child_pre(node, frame, finalize)

    def _output_child_post(self, node, frame, finalize) -> None:
        if self._escaped_at_once(frame):
            self.write(")")
        else:
            super()._output_child_post(node, frame, finalize)


class Environment(jinja2.Environment):
    """Jinja's environment, its templates compiled by `CodeGenerator`."""

    code_generator_class = CodeGenerator


class _BestEffortCache(jinja2.FileSystemBytecodeCache):
    """A cache that cannot be written (a full disk, a folder of another user) costs a
    compile, never the move."""

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


def bytecode_cache(pattern: str) -> jinja2.BytecodeCache | None:
    """Compiled templates kept between runs (keyed by the source's checksum, so an edited
    template is compiled anew): compiling them is most of a small move's time."""
    try:
        return _BestEffortCache(pattern=pattern)
    except (OSError, RuntimeError):
        return None


# Jinja keys its cache by template name and source only: a template compiled without
# autoescaping must never be run with it (ground.txt.j2 is read by both), so the escaping
# formats keep their own cache; and the code of another `CodeGenerator` must not be run
# by this one's environment, so both are named for its code.
_BYTECODE = bytecode_cache(f"__pbem_{CodeGenerator.CODE}_%s.cache")
_ESCAPING_BYTECODE = bytecode_cache(f"__pbem_{CodeGenerator.CODE}_escaping_%s.cache")


def environment(game_dir: Path | None, fmt: str, lang: str = language.ENGLISH) -> Environment:
    paths = []
    if game_dir is not None and (Path(game_dir) / "templates").is_dir():
        paths.append(str(Path(game_dir) / "templates"))
    paths.append(str(packaged_templates()))
    escaping = fmt == "html"  # HTML and SVG
    env = Environment(
        loader=jinja2.FileSystemLoader(paths),
        undefined=jinja2.StrictUndefined,
        finalize=remembering(ESCAPERS[fmt]),
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=escaping,
        bytecode_cache=_ESCAPING_BYTECODE if escaping else _BYTECODE,
        # An environment serves one command: its templates are read once, never looked at
        # again on disk (ten thousand reports would stat every template ten thousand times).
        auto_reload=False,
        extensions=["jinja2.ext.i18n"],
    )
    env.escaped = remembering(autoescaping(ESCAPERS[fmt]))
    # --- the reader's language: the templates' `_()` and `{% trans %}` read his catalog.
    env.install_gettext_translations(language.translations(lang), newstyle=True)
    env.globals.update(language.template_callables(lang, fmt))
    env.globals["lang"] = lang
    env.globals["heading_said"] = heading_said
    env.filters["ordinal"] = ordinal
    env.filters["reckoning"] = reckoning_text
    env.filters["at_parsec"] = at_parsec
    env.filters["heading"] = heading_text
    env.filters["psi_shift"] = psi_shift
    env.filters["signed"] = lambda n: f"{n:+d}"
    env.globals["ordinal"] = ordinal
    env.filters.update(language.template_filters(lang))  # numbers in the reader's words
    env.globals["ordinal"] = env.filters["ordinal"]
    return env


def autoescaping(escaper: Callable[[Any], str]) -> Callable[[Any], Markup]:
    """`escaper` and Jinja's autoescaping at once (`CodeGenerator`); markup (a chart's
    geometry, a macro's lines) printed as it is, as both leave it."""
    def escaped(value: Any) -> Markup:
        return value if type(value) is Markup else escape(escaper(value))

    return escaped


_LIGATURES = str.maketrans({"æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "ß": "ss", "ø": "o", "Ø": "O"})


_NOT_IN_SLUG = re.compile(r"[^a-z0-9]+")


def slug(name: str) -> str:
    """The name in a report's file name: ASCII letters and digits, runs of anything else a
    hyphen (an ASCII name, most names, has no accent to take off)."""
    if name.isascii():
        lower = name.lower()
        if lower.replace(" ", "").isalnum():  # words between spaces, most names: no pattern
            return "-".join(lower.split())
    ascii_name = name if name.isascii() else unicodedata.normalize(
        "NFKD", name.translate(_LIGATURES)).encode("ascii", "ignore").decode()
    return _NOT_IN_SLUG.sub("-", ascii_name.lower()).strip("-") or "officer"


def report_stem(officer_id: int, name: str) -> str:
    return f"report-{officer_id:03d}-{slug(name)}"


def report_name(officer_id: int, name: str, suffix: str = "txt") -> str:
    return f"{report_stem(officer_id, name)}.{suffix}"


# What happens on a planet, at the base and between officers, told in order in the report.
GROUND_KINDS = frozenset({
    "attitude", "presence", "encounter", "arrivals", "shields", "crews", "legio-fire",
    "alien-fire", "losses", "damage", "mission", "mission-refused", "captured", "alliance",
    "points", "points-lost", "rescue", "promotion", "refit", "refit-refused",
    "payment", "payment-refused", "tot", "tot-refused", "game-end", "landing-refused",
    "joint-fire", "joint-done", "joint-refused",
    "landing-risk", "landing-zone", "suits", "ship-out-of-reach",  # outer space (5F, 5G)
    # Outer space, part 2 (5C, 5D, 5E).
    "desertion", "robur-lands", "specialist", "specialist-refused", "specialist-risk",
    "specialist-lost", "alien-ship-hooks", "alien-ship-attack", "fire-alien",
    "alien-fire-refused", "alien-ship-reduced", "alien-ship-gone", "alien-ship-destroyed",
    "disengage", "held-by-alien", "alien-ship-sighting",
})
# The heading a report puts over a run of those events; the others happen on a planet's
# ground and are headed by its name.
HEADINGS = {
    "refit": "AT THE BASE", "refit-refused": "AT THE BASE", "promotion": "AT THE BASE",
    "payment": "BETWEEN OFFICERS", "payment-refused": "BETWEEN OFFICERS",
    "tot": "TOT 100%", "tot-refused": "TOT 100%", "rescue": "RESCUE RETURN",
    "landing-refused": "LANDING", "game-end": "THE END OF THE GAME",
    "specialist": "AT THE BASE", "specialist-refused": "AT THE BASE",
    **{kind: "THE ALIEN SHIP" for kind in (
        "alien-ship-hooks", "alien-ship-attack", "fire-alien", "alien-fire-refused",
        "alien-ship-reduced", "alien-ship-gone", "alien-ship-destroyed", "disengage",
        "held-by-alien", "alien-ship-sighting")},
}
# The headings as their catalogs know them (a `%` doubled: the catalogs' texts are formats),
# and those that name a planet, by the English words before its name.
TITLES = {heading: heading.replace("%", "%%") for heading in set(HEADINGS.values())}
TITLES["YOUR SHIP"] = "YOUR SHIP"
PLANET_TITLES = (("THE ENCOUNTER GUIDE ON ", _N("THE ENCOUNTER GUIDE ON %(planet)s")),
                 ("ON THE GROUND OF ", _N("ON THE GROUND OF %(planet)s")))
_N("AT THE BASE"), _N("BETWEEN OFFICERS"), _N("TOT 100%%"), _N("RESCUE RETURN"), _N("LANDING")
_N("THE END OF THE GAME"), _N("THE ALIEN SHIP"), _N("YOUR SHIP")  # TITLES, for extraction


@jinja2.pass_context
def heading_said(context: Any, heading: str) -> str:
    """A heading of `read_turn` in the reader's language."""
    title, planet = TITLES.get(heading), ""
    if title is None:
        title = heading.replace("%", "%%")
        for words, said in PLANET_TITLES:
            if heading.startswith(words):
                title, planet = said, heading[len(words):]
                break
    return context.environment.globals["_"](context, title, planet=planet)


# Events after which the turn is in space: ground events before them happened before the
# route (on the planet taken off from), the others after it.
ROUTE_KINDS = frozenset({"known", "route", "route-cut", "sighting", "landed"})


# What follows an event and belongs under its heading when it names no planet: the damage
# an alien ship's attack did, and a specialist's fate in it.
CONSEQUENCES = frozenset({"damage", "specialist-risk", "specialist-lost"})


def read_turn(own: list[Event]) -> tuple[dict[str, list[dict]], list[tuple[str, dict]],
                                         list[dict], list[dict]]:
    """An officer's turn read in one pass: the data of his events by kind, his ground
    events (kind, data) in order, and the chronicle of them: his ground, base and
    cooperation events in the order they happened, in blocks under a heading, those before
    his route and those after it."""
    kinds: dict[str, list[dict]] = {}
    ground: list[tuple[str, dict]] = []
    before: list[dict] = []
    after: list[dict] = []
    blocks = before
    for kind, _, _, data in own:
        found = kinds.get(kind)
        if found is None:
            kinds[kind] = [data]
        else:
            found.append(data)
        if kind in ROUTE_KINDS:
            blocks = after
            continue
        if kind not in GROUND_KINDS:
            continue
        event = (kind, data)
        ground.append(event)
        if kind in CONSEQUENCES and not data.get("planet") and blocks:
            heading = blocks[-1]["heading"]
        else:
            heading = HEADINGS.get(kind) or (
                (f"THE ENCOUNTER GUIDE ON {data['planet']}" if "guide" in data
                 else f"ON THE GROUND OF {data['planet']}") if data.get("planet")
                else "YOUR SHIP")
        if not blocks or blocks[-1]["heading"] != heading:
            blocks.append({"heading": heading, "events": [event]})
        else:
            blocks[-1]["events"].append(event)
    return kinds, ground, before, after


# Public events the bulletin's story does not tell line by line (it gives them a place of
# their own: the standings table, the end of the game) or that open a turn.
# The press has a section of its own (an anonymous piece belongs to nobody's turn); the
# alien ship's wreck too, told when every officer has acted.
NOT_IN_STORY = frozenset(
    {"turn", "standings", "game-end", "planet-state", "press", "alien-ship-wrecked"}
)


class MoveView:
    """The events of one move sorted by reader: built once, read by every template.

    `texts`, when given, are the events' JSON as stored, in the same order: the JSON
    reports are made of them."""

    def __init__(self, events: Iterable[Event], texts: Iterable[str] | None = None) -> None:
        self.public: list[Event] = []
        self.public_texts: list[str] = []
        self.by_officer: dict[int, list[Event]] = defaultdict(list)
        self.texts_by_officer: dict[int, list[str]] = defaultdict(list)
        self.gm: list[Event] = []
        self.sheets: dict[int, dict] = {}
        self.standings: list[dict] = []
        self.researchers: set[int] = set()  # the officers told of their research this move
        events = list(events)
        texts = list(texts) if texts is not None else [""] * len(events)
        by_officer, texts_by_officer = self.by_officer, self.texts_by_officer
        public, public_texts, sheets = self.public, self.public_texts, self.sheets
        for e, text in zip(events, texts):
            kind, audience, officer, data = e
            if kind == "sheet":
                sheets[officer] = data
            elif kind == "standings":
                self.standings = data["rows"]
            if audience == OFFICER:  # most events of a move
                pass
            elif audience == PUBLIC:
                public.append(e)
                public_texts.append(text)
            elif audience == GM:
                self.gm.append(e)
                continue
            else:
                continue
            if officer is not None:  # public, or private to him: his to read
                by_officer[officer].append(e)
                texts_by_officer[officer].append(text)
                if kind == "research":
                    self.researchers.add(officer)
        self.places = {row["officer_name"]: n for n, row in enumerate(self.standings, 1)}
        self.game_end = next((e.data for e in self.public if e.kind == "game-end"), None)

    def own(self, officer_id: int) -> list[tuple[Event, str]]:
        """This officer's own turn as he may read it, each event with its stored JSON
        (`by_officer` holds only events he may read: public, or private to him)."""
        return list(zip(self.by_officer.get(officer_id, []),
                        self.texts_by_officer.get(officer_id, [])))

    def officer_context(self, officer_id: int) -> dict[str, Any]:
        """Only what this officer may know: his own turn, public or private to him."""
        kinds, ground, before, after = read_turn(self.by_officer.get(officer_id, []))
        first = kinds.get
        sheet = self.sheets[officer_id]
        return {
            "sheet": sheet,
            "held": first("held", (None,))[0],
            "letters": first("letter", []),  # his letters that did not count
            "route": first("route", (None,))[0],
            "route_cut": first("route-cut", (None,))[0],
            # Outer space: the black hole's effects, told only to a ship with a computer.
            "black_hole": first("black-hole", (None,))[0],
            # Outer space: what a Princeps PSI sensed (a net, a distortion's exit), if any.
            "psi": first("psi-warning", (None,))[0],
            "known": first("known", []),
            "sightings": first("sighting", []),
            "landings": first("landed", []),
            "info": first("info", []),
            "unanswered": first("info-unanswered", []),
            # Unpredictable Research: the sheet only in games with the rule.
            "research": first("research", (None,))[0],
            "research_refused": first("research-refused", []),
            "score": first("score", (None,))[0],
            "ground": ground,
            "before_route": before,
            "after_route": after,
            "game_end": self.game_end,
            "place": self.places.get(sheet["officer_name"]),
            "officers": len(self.standings),
        }

    def public_context(self) -> dict[str, Any]:
        """The public events by kind, and the story: the public events told turn by turn in
        player order, each turn opening with its officer moving or holding, and every public
        event until the next turn his turn's story (a colleague's rescue by his Tot
        included). Both in one pass."""
        kinds: dict[str, list[dict]] = defaultdict(list)
        turns: list[dict[str, Any]] = []
        for kind, _, _, data in self.public:
            kinds[kind].append(data)
            if kind == "turn":
                turns.append({**data, "lines": []})
            elif turns and kind not in NOT_IN_STORY:
                turns[-1]["lines"].append((kind, data))
        return {
            "encounters": kinds["encounter"],
            "alliances": kinds["alliance"],
            "tots": kinds["tot"],
            "rescues": kinds["rescue"],
            "promotions": kinds["promotion"],
            "wrecks": kinds["alien-ship-wrecked"],  # outer space: alien ships destroyed (5C)
            "game_end": kinds["game-end"][0] if kinds["game-end"] else None,
            "turns": kinds["turn"],
            "sightings": kinds["sighting"],
            "info": kinds["info"],
            "landings": kinds["landed"],
            "known": kinds["known"],
            "breakthroughs": kinds["breakthrough"],  # Unpredictable Research, when public
            "press": kinds["press"],
            "standings": self.standings,
            "story": turns,
            "planets_after": kinds["planet-state"],  # the planets touched, after the move
        }


def form_situation(sheet: dict[str, Any], *, research: bool,
                   colleague: str | None) -> FormSituation:
    """What an officer's next order form is tailored to, from his ship sheet as it stands."""
    (ship_type, complete_crews, crews_down, on_ground, at_base, research, relanding, outer,
     held, scientist) = situation_values(sheet, research)
    return FormSituation(
        ship_type=ship_type, fit=sheet["fit"], complete_crews=complete_crews,
        crews_down=crews_down, on_ground=on_ground, at_base=at_base, research=research,
        colleague=colleague, relanding=relanding, outer=outer, held=held, scientist=scientist)


def situation_values(sheet: dict[str, Any], research: bool) -> tuple:
    """`form_situation`'s fields but the fit and the colleague, in their order."""
    ground = sheet.get("ground")
    down = ground["crews_down"] if ground else 0
    # A crew of fewer men than the ship type's complement never lands (3G b).
    men = sheet.get("crew_men")
    complete = sum(1 for n in sheet["crews"] if men is None or n >= men)
    return (
        sheet["ship_type"], max(0, complete - down), down, sheet["landed"] if ground else None,
        bool(sheet["landed"]) and not ground, research,
        # Outer space allows one re-landing (S.C. rule D, ruling RELANDINGS_PER_LANDING).
        bool(ground) and "zone" in ground and ground.get("relandings", 0) < RELANDINGS_PER_LANDING,
        # Outer space: its sheet tells the personality, the specialist and the alien ship's
        # hold (5C, 5D, 5E).
        "personality" in sheet, bool(sheet.get("held")),
        (sheet.get("specialist") or {}).get("kind") == "scientist",
    )


def order_forms(game: str, move: int, view: "MoveView") -> dict[int, str]:
    """Each officer's order form for the move after `move`, tailored to his ship as the
    move left it: the form of his report and of the mail that carries it."""
    return {officer_id: "".join(pieces)
            for officer_id, pieces in order_form_pieces(game, move, view).items()}


def order_form_pieces(game: str, move: int, view: "MoveView") -> dict[int, tuple[str, ...]]:
    """`order_forms` in the pieces each is joined from (`order_form.order_form_pieces`)."""
    names = [s["officer_name"] for s in view.sheets.values()]
    forms = {}
    # Ten thousand ships stand in a few dozen situations: each situation's form is made for
    # the first officer in it, and the others' names put in. A fit is one of the few dicts
    # ships share, alive as long as the sheets: known by its identity.
    made: dict[tuple, tuple[str, ...]] = {}
    for n, (officer_id, sheet) in enumerate(view.sheets.items()):
        # The PAY example names the next officer in player order, never the officer himself.
        colleague = names[(n + 1) % len(names)] if len(names) > 1 else None
        research = officer_id in view.researchers
        key = (situation_values(sheet, research), id(sheet["fit"]), bool(colleague))
        found = made.get(key)
        if found is None:
            forms[officer_id] = made[key] = form_pieces(
                game, sheet["officer_name"], move + 1,
                form_situation(sheet, research=research, colleague=colleague))
        else:
            forms[officer_id] = with_names(found, sheet["officer_name"], colleague)
    return forms


def write(path: Path | str, text: str | tuple[str, ...] | Iterator[str],
          folder: int | None = None) -> None:
    """A new file of UTF-8 text, in as few system calls as the kernel allows: open, write,
    close (ten thousand officers' reports are thirty thousand files a move). `text`: whole,
    or in pieces, each encoded apart: a tuple of them is written at once,
    pieces as an iterator one after the other, as they come (a text too large to be held
    whole). `folder`: an open folder (`opened_folder`) that `path` is relative to, so the
    kernel does not walk the whole path for each file."""
    kind = type(text)
    chunks = (text.encode(),) if kind is str else (b"".join([piece.encode() for piece in text]),) \
        if kind is tuple else (piece.encode() for piece in text)
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC
    fd = os.open(path, flags, 0o666) if folder is None else os.open(path, flags, 0o666,
                                                                    dir_fd=folder)
    try:
        for data in chunks:
            while data:
                data = data[os.write(fd, data):]
    finally:
        os.close(fd)


@dataclass(frozen=True)
class DeskNotes:
    """What the GM's desk adds to a move's reports, all empty unless he used it: the next
    move's deadline, his actions told to each officer, the officers he retired, and the
    lines of his actions for the GM log."""

    deadline: dict[str, Any] | None = None
    rulings: dict[int, list[dict[str, str]]] = field(default_factory=dict)
    departures: list[str] = field(default_factory=list)
    gm_actions: str = ""


CHART_PUBLIC = "chart-public.svg"
CHART_GM = "chart-gm.svg"


def public_chart_data(charts: MoveCharts) -> dict[str, Any]:
    """The public chart for the bulletin's JSON: every planet named, placed or not."""
    ships = {name: charts.public.square(where) for name, where in sorted(charts.public.ships.items())}
    return {"frame": "base", "planets": report_json.chart_planets(charts.public.planets),
            "ships": [{"officer": name, "at": at} for name, at in ships.items()]}


def chart_text(html_env: Environment, drawing: svg.Drawing, *, chart_id: str) -> str:
    """A chart as an SVG file's text, through chart.svg.j2."""
    return svg.render_svg(html_env, drawing, chart_id=chart_id)


def text_report(text_env: Environment, context: dict[str, Any], *,
                order_form: str | tuple[str, ...], **values: Any) -> str:
    """An officer's plain-text report through report.txt.j2. `order_form`: his form, or the
    pieces it is joined from."""
    return text_reports(text_env)(context, order_form=order_form, **values)


def text_reports(text_env: Environment) -> Callable[..., str]:
    """`text_report` of `text_env`, for many officers: the template looked up once."""
    template = text_env.get_template("report.txt.j2")

    def text_report(context: dict[str, Any], *, order_form: str | tuple[str, ...],
                    **values: Any) -> str:
        return template.render(order_form=joined(order_form), **values, **context)

    return text_report


def html_report(html_env: Environment, context: dict[str, Any], *,
                order_form: str | tuple[str, ...], **values: Any) -> str:
    """An officer's HTML report through report.html.j2 and page.html.j2, his chart inline.
    `order_form` as for `text_report`; `chart` the SVG element, or None."""
    return html_reports(html_env)(context, order_form=order_form, **values)


def html_reports(html_env: Environment) -> Callable[..., str]:
    """`html_report` of `html_env`, for many officers (as `text_reports`)."""
    template = html_env.get_template("report.html.j2")

    def html_report(context: dict[str, Any], *, order_form: str | tuple[str, ...],
                    chart: str | None, **values: Any) -> str:
        # The template prints the chart as it is: markup, not text to escape.
        return template.render(order_form=joined(order_form),
                               chart=None if chart is None else Markup(chart),
                               **values, **context)

    return html_report


def joined(text: str | tuple[str, ...]) -> str:
    """A text given whole or in pieces, whole."""
    return text if type(text) is str else "".join(text)


class OfficersCharts:
    """What the officers' charts of a move share, made once for the move: the bulletins'
    placements in designation order (each officer's own are put in among them), as JSON and
    as the planets of a drawing."""

    def __init__(self, html_env: Environment, charts: MoveCharts, *, game: str, move: int) -> None:
        self.placements = Placements(charts.public)
        placed = self.placements.placed
        self.json = [report_json.chart_planet(name, placed[name]) for name in self.placements.names]
        self.own_json: dict[tuple, dict[str, Any]] = {}
        # The JSON planets of the charts with these own placements (by their keys): the same
        # list for every officer who placed the same, so that `report_json.OfficerReports`
        # knows it at once. Never changed.
        self.json_lists: dict[tuple, list[dict[str, Any]]] = {(): self.json}
        self.drawn = svg.base_planets(placed, charts.marks)

    def json_of(self, placed: OwnPlanet) -> dict[str, Any]:
        """An officer's own placement as his JSON report's chart gives it."""
        found = self.own_json.get(placed.key)
        if found is None:
            found = self.own_json[placed.key] = report_json.chart_planet(placed.name, placed.planet)
        return found

    def json_planets(self, where: list[tuple[int, int]], mine: list[OwnPlanet]) -> list[dict[str, Any]]:
        """The planets of his JSON report's chart: `Placements.own`'s among the bulletins'."""
        key = tuple([placed.key for placed in mine]) if mine else ()
        found = self.json_lists.get(key)
        if found is None:
            found = self.json_lists[key] = spliced(self.json, where,
                                                   [self.json_of(placed) for placed in mine])
        return found


def officer_chart(html_env: Environment, charts: MoveCharts, officer_id: int,
                  sheet: dict[str, Any], *, game: str, move: int,
                  shared: OfficersCharts | None = None,
                  standalone: bool = True) -> tuple[str, dict[str, Any]]:
    """An officer's chart as an SVG file's text (or, not `standalone`, as an element of his
    HTML page), and as the data of his JSON report. `shared`: the move's, when drawing
    many officers' charts."""
    own = charts.own[officer_id]
    if shared is None:
        shared = OfficersCharts(html_env, charts, game=game, move=move)
    where, mine = shared.placements.own(own)
    data = {"frame": "base", "at": own.at, "planets": shared.json_planets(where, mine)}
    known = officer_planets(charts.public, shared.placements.placed, own)
    drawing = svg.officer_drawing(own, known, officer=sheet["officer_name"], rank=sheet["rank"],
                                  game=game, move=move, marks=charts.marks, public=shared.drawn)
    return svg.render_svg(html_env, drawing, chart_id="chart", standalone=standalone), data


def public_chart(html_env: jinja2.Environment, charts: MoveCharts, *, game: str, move: int) -> str:
    drawing = svg.public_drawing(charts.public, game=game, move=move, marks=charts.marks)
    return chart_text(html_env, drawing, chart_id="public")


def gm_chart(html_env: jinja2.Environment, charts: MoveCharts, *, game: str, move: int) -> str | None:
    if charts.tabula is None:
        return None
    drawing = svg.gm_drawing(charts.tabula, game=game, move=move, marks=charts.marks)
    return chart_text(html_env, drawing, chart_id="gm")


def bulletin_page(html_env: Environment, public: dict[str, Any], *, game: str, move: int,
                  chart_file: str | None, nav: dict[str, str] | None = None,
                  deadline: dict[str, Any] | None = None, departures: Iterable[str] = (),
                  fair_play: dict | None = None) -> str:
    """The HTML bulletin, its public chart inline; `nav` links the pages of `pbem site`."""
    chart = Markup(svg.inline(chart_file)) if chart_file else None
    return html_env.get_template("bulletin.html.j2").render(
        game=game, move=move, chart=chart, nav=nav, deadline=deadline,
        departures=list(departures), fair_play=fair_play, **public)


def text_bulletin(env: Environment, suffix: str, **values: Any) -> str:
    """The bulletin as text, Markdown or BBCode (`suffix`, the format of `env`)."""
    return env.get_template(f"bulletin.{suffix}.j2").render(**values)


def gm_log(text_env: Environment, *, game: str, move: int, gm_actions: str,
           events: list[Event], rolls: list[Roll], names: dict[int, str],
           texts: Iterable[str] | None = None) -> str:
    """The GM log through gm-log.txt.j2, its lines worded by `gm_log.gm_log_parts`."""
    return text_env.get_template("gm-log.txt.j2").render(
        game=game, move=move, gm_actions=gm_actions,
        **gm_log_parts(events, rolls, names, texts))


@contextmanager
def opened_folder(path: Path):
    """The folder open for `write`'s `folder`, where the system opens files relative to a
    folder (not Windows: None there, and `write` takes whole paths)."""
    if os.open not in os.supports_dir_fd:
        yield None
        return
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | os.O_CLOEXEC)
    try:
        yield fd
    finally:
        os.close(fd)


@contextmanager
def collector_paused():
    """Python's cycle collector walks the whole heap (every event of the move, every chart)
    each time enough objects are made; the reports of ten thousand officers make millions of
    short-lived strings and dicts, none of them in a cycle, and at that size the collector
    took a third of the rendering. It runs once the files are written."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def render_move(
    game_dir: Path | None, out_dir: Path, *, game: str, move: int, events: list[Event],
    texts: list[str], rolls: list[Roll], charts: MoveCharts | None = None,
    desk: DeskNotes = DeskNotes(), fair_play: dict | None = None,
    readers: language.Readers = language.Readers(),
) -> None:
    """Write every officer's report (text, HTML, JSON), the bulletin (text, Markdown, BBCode,
    HTML, JSON), the charts and the GM log.

    `fair_play` ({commitment, ledger, seeded}) is printed at the foot of every bulletin:
    the commitment to the game secret and the ledger's chain head after this move.
    `readers`: the language of each officer's reports and of the bulletins."""
    with collector_paused():
        _render_move(game_dir, out_dir, game=game, move=move, events=events, texts=texts,
                     rolls=rolls, charts=charts, desk=desk, fair_play=fair_play,
                     readers=readers)


def _render_move(
    game_dir: Path | None, out_dir: Path, *, game: str, move: int, events: list[Event],
    texts: list[str], rolls: list[Roll], charts: MoveCharts | None, desk: DeskNotes,
    fair_play: dict | None, readers: language.Readers = language.Readers(),
) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    view = MoveView(events, texts)
    text_env = environment(game_dir, "txt")
    html_env = environment(game_dir, "html")
    if charts is None:
        charts = of_move_alone(move, events)
    shared_charts = OfficersCharts(html_env, charts, game=game, move=move)
    forms = order_form_pieces(game, move, view)
    reports = report_json.OfficerReports(game=game, move=move, officers=len(view.standings),
                                         game_end=view.game_end, deadline=desk.deadline)
    text_of, html_of = text_reports(text_env), html_reports(html_env)
    html_env.get_template("chart.svg.j2")  # loaded once, before the work is shared
    deadline, rulings = desk.deadline, desk.rulings
    # The reports of each language an officer reads, made before the work is shared
    # (English's above, the GM log's).
    writers = {language.ENGLISH: (text_of, html_of, html_env)}
    for lang in {readers.of(officer_id) for officer_id in view.sheets} - {language.ENGLISH}:
        lang_html = environment(game_dir, "html", lang)
        lang_html.get_template("chart.svg.j2")
        writers[lang] = (text_reports(environment(game_dir, "txt", lang)),
                         html_reports(lang_html), lang_html)

    def officers_reports(officer_ids: Iterable[int]) -> None:
        with opened_folder(out_dir) as folder:
            for officer_id in officer_ids:
                sheet = view.sheets[officer_id]
                ctx = view.officer_context(officer_id)
                stem = report_stem(officer_id, sheet["officer_name"])
                if folder is None:
                    stem = os.path.join(out_dir, stem)
                form = forms[officer_id]
                told = rulings.get(officer_id, [])
                text_in, html_in, chart_env = writers[readers.of(officer_id)]
                write(stem + ".txt", text_in(ctx, game=game, move=move, order_form=form,
                                             deadline=deadline, rulings=told), folder)
                chart_element, chart = officer_chart(chart_env, charts, officer_id, sheet,
                                                     game=game, move=move, shared=shared_charts,
                                                     standalone=False)
                write(stem + ".html", html_in(ctx, game=game, move=move, order_form=form,
                                              chart=chart_element, deadline=deadline,
                                              rulings=told), folder)
                write(stem + ".json", reports.report(
                    officer_id=officer_id, sheet=sheet, place=ctx["place"], chart=chart,
                    events=view.own(officer_id), rulings=told), folder)

    def bulletins() -> None:
        public = view.public_context()
        # The bulletins are in the game's language, the public chart's headings too (the
        # labels pbem/charts/svg.py lays out are English yet); the GM's chart stays English.
        said = readers.game
        page_env = html_env if said == language.ENGLISH else environment(game_dir, "html", said)
        for fmt, suffix in (("txt", "txt"), ("md", "md"), ("bbcode", "bbcode")):
            env = text_env if fmt == "txt" and said == language.ENGLISH else environment(
                game_dir, fmt, said)
            write(out_dir / f"bulletin.{suffix}", text_bulletin(
                env, suffix, game=game, move=move, deadline=desk.deadline,
                departures=desk.departures, fair_play=fair_play, **public))
        chart_file = public_chart(page_env, charts, game=game, move=move)
        write(out_dir / CHART_PUBLIC, chart_file)
        truth = gm_chart(html_env, charts, game=game, move=move)
        if truth is not None:
            write(out_dir / CHART_GM, truth)
        write(out_dir / "bulletin.html", bulletin_page(
            page_env, public, game=game, move=move, chart_file=chart_file,
            deadline=desk.deadline, departures=desk.departures, fair_play=fair_play))
        write(out_dir / "bulletin.json", report_json.bulletin_pieces(
            game=game, move=move, standings=view.standings, game_end=public["game_end"],
            chart=public_chart_data(charts), deadline=desk.deadline,
            departures=desk.departures, fair_play=fair_play,
            events=zip(view.public, view.public_texts)))
        names = {oid: s["officer_name"] for oid, s in view.sheets.items()}
        write(out_dir / "gm-log.txt", gm_log(text_env, game=game, move=move,
                                             gm_actions=desk.gm_actions, events=events,
                                             rolls=rolls, names=names, texts=texts))

    workers.shared(officers_reports, list(view.sheets), bulletins)
