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
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

import jinja2
from markupsafe import Markup

from . import report_json, workers
from .charts import svg
from .charts.book import MoveCharts, of_move_alone
from .charts.knowledge import OwnPlanet, Placements, officer_planets, spliced
from .formats import (
    ESCAPERS, at_parsec, heading_text, ordinal, psi_shift, reckoning_text,
)
from .gm_log import gm_log_parts
from . import language
from .move_view import MoveView, heading_said
from .order_form import FormSituation, with_names
from .order_form import order_form_pieces as form_pieces
from .rules.dice import Roll
from .rules.rulings import RELANDINGS_PER_LANDING
from .rules.events import Event
from .template_code import BYTECODE, ESCAPING_BYTECODE, Environment, autoescaping


def packaged_templates() -> Path:
    """Shipped templates: inside the installed package, or the source tree's templates/."""
    installed = Path(str(resources.files("pbem"))) / "templates"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parent.parent / "templates"


def environment(game_dir: Path | None, fmt: str, lang: str = language.ENGLISH) -> Environment:
    """The templates of one format (`ESCAPERS`) in a reader's language: the game folder's
    own first, the shipped ones next, compiled by `template_code`."""
    paths = []
    if game_dir is not None and (Path(game_dir) / "templates").is_dir():
        paths.append(str(Path(game_dir) / "templates"))
    paths.append(str(packaged_templates()))
    escaping = fmt == "html"  # HTML and SVG
    env = Environment(
        loader=jinja2.FileSystemLoader(paths),
        undefined=jinja2.StrictUndefined,
        finalize=ESCAPERS[fmt],
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=escaping,
        bytecode_cache=ESCAPING_BYTECODE if escaping else BYTECODE,
        # An environment serves one command: its templates are read once, never looked at
        # again on disk (ten thousand reports would stat every template ten thousand times).
        auto_reload=False,
        extensions=["jinja2.ext.i18n"],
    )
    env.escaped = autoescaping(ESCAPERS[fmt])
    # --- the reader's language: the templates' `_()` and `{% trans %}` read his catalog.
    env.install_gettext_translations(language.translations(lang), newstyle=True)
    env.globals.update(language.template_callables(lang, fmt))
    # The same, for the templates' code to call directly (`template_code.CodeGenerator`).
    env.said = {name: (env.globals[name], said) for name, said in language.said_directly(
        lang, fmt, env.finalize, env.autoescape).items()}
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


def order_forms(game: str, move: int, view: "MoveView",
                readers: language.Readers = language.Readers()) -> dict[int, str]:
    """Each officer's order form for the move after `move`, tailored to his ship as the
    move left it, in his language: the form of his report and of the mail that carries it."""
    return {officer_id: "".join(pieces)
            for officer_id, pieces in order_form_pieces(game, move, view, readers).items()}


def order_form_pieces(game: str, move: int, view: "MoveView",
                      readers: language.Readers = language.Readers()
                      ) -> dict[int, tuple[str, ...]]:
    """`order_forms` in the pieces each is joined from (`order_form.order_form_pieces`)."""
    names = [s["officer_name"] for s in view.sheets.values()]
    forms = {}
    # Ten thousand ships stand in a few dozen situations: each situation's form is made for
    # the first officer in it, and the others' names put in (a 1,000-officer move without
    # it: 7.88 G instructions -> 9.37 G, +19%).
    made: dict[tuple, tuple[str, ...]] = {}
    for n, (officer_id, sheet) in enumerate(view.sheets.items()):
        # The PAY example names the next officer in player order, never the officer himself.
        colleague = names[(n + 1) % len(names)] if len(names) > 1 else None
        research = officer_id in view.researchers
        lang = readers.of(officer_id)
        key = (situation_values(sheet, research), tuple(sheet["fit"].items()), bool(colleague),
               lang)
        found = made.get(key)
        if found is None:
            forms[officer_id] = made[key] = form_pieces(
                game, sheet["officer_name"], move + 1,
                form_situation(sheet, research=research, colleague=colleague), lang=lang)
        else:
            forms[officer_id] = with_names(found, sheet["officer_name"], colleague)
    return forms


def write(path: Path | str, text: str | tuple[str, ...] | Iterator[str]) -> None:
    """A new file of UTF-8 text: `text` whole, or its pieces one after the other (a text
    too large to be held whole, written as it comes)."""
    with open(path, "w", encoding="utf-8", newline="") as f:  # "\n" on every system
        if type(text) is str:
            f.write(text)
        else:
            f.writelines(text)


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
        self.marks = charts.marks
        self.drawn = {language.ENGLISH: svg.base_planets(placed, charts.marks)}

    def drawn_in(self, lang: str) -> list[dict[str, Any]]:
        """The bulletins' placements as drawn on the charts of the officers who read `lang`."""
        found = self.drawn.get(lang)
        if found is None:
            found = self.drawn[lang] = svg.base_planets(self.placements.placed, self.marks, lang)
        return found

    def json_planets(self, where: list[tuple[int, int]], mine: list[OwnPlanet]) -> list[dict[str, Any]]:
        """The planets of his JSON report's chart: `Placements.own`'s among the bulletins'."""
        return spliced(self.json, where, [report_json.chart_planet(placed.name, placed.planet)
                                          for placed in mine])


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
    lang = html_env.globals["lang"]
    drawing = svg.officer_drawing(own, known, officer=sheet["officer_name"], rank=sheet["rank"],
                                  game=game, move=move, marks=charts.marks,
                                  public=shared.drawn_in(lang), lang=lang)
    return svg.render_svg(html_env, drawing, chart_id="chart", standalone=standalone), data


def public_chart(html_env: jinja2.Environment, charts: MoveCharts, *, game: str, move: int) -> str:
    drawing = svg.public_drawing(charts.public, game=game, move=move, marks=charts.marks,
                                 lang=html_env.globals["lang"])
    return chart_text(html_env, drawing, chart_id="public")


def gm_chart(html_env: jinja2.Environment, charts: MoveCharts, *, game: str, move: int) -> str | None:
    if charts.tabula is None:
        return None
    drawing = svg.gm_drawing(charts.tabula, game=game, move=move, marks=charts.marks)
    return chart_text(html_env, drawing, chart_id="gm")


def game_end_in(game_end: dict[str, Any] | None, lang: str) -> dict[str, Any] | None:
    """The end of the game as a JSON report gives it to a reader of `lang`: its reason, the
    one text of it, in his words (`deadline_of`: the deadline's)."""
    if game_end is None or lang == language.ENGLISH:
        return game_end
    return {**game_end, "reason": language.said_in(lang)(game_end["reason"])}


def deadline_of(deadline: dict[str, Any] | None, lang: str) -> dict[str, Any] | None:
    """A move's deadline as a JSON report gives it to a reader of `lang`: its text dated in
    his locale (`language.deadline_in`), its UTC instant as it is."""
    if deadline is None or lang == language.ENGLISH:
        return deadline
    return {**deadline, "text": language.deadline_in(lang, deadline)}


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
           events: list[Event], rolls: list[Roll], names: dict[int, str]) -> str:
    """The GM log through gm-log.txt.j2, its lines worded by `gm_log.gm_log_parts`."""
    return text_env.get_template("gm-log.txt.j2").render(
        game=game, move=move, gm_actions=gm_actions, **gm_log_parts(events, rolls, names))


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
    forms = order_form_pieces(game, move, view, readers)
    # What every officer's JSON report says alike, in each language read.
    alike = {lang: {"game": game, "move": move, "officers": len(view.standings),
                    "game_end": game_end_in(view.game_end, lang),
                    "deadline": deadline_of(desk.deadline, lang)}
             for lang in {readers.of(officer_id) for officer_id in view.sheets}}
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
        shared_charts.drawn_in(lang)

    def officers_reports(officer_ids: Iterable[int]) -> None:
        for officer_id in officer_ids:
            sheet = view.sheets[officer_id]
            ctx = view.officer_context(officer_id)
            stem = os.path.join(out_dir, report_stem(officer_id, sheet["officer_name"]))
            form = forms[officer_id]
            told = rulings.get(officer_id, [])
            text_in, html_in, chart_env = writers[readers.of(officer_id)]
            write(stem + ".txt", text_in(ctx, game=game, move=move, order_form=form,
                                         deadline=deadline, rulings=told))
            chart_element, chart = officer_chart(chart_env, charts, officer_id, sheet,
                                                 game=game, move=move, shared=shared_charts,
                                                 standalone=False)
            write(stem + ".html", html_in(ctx, game=game, move=move, order_form=form,
                                          chart=chart_element, deadline=deadline,
                                          rulings=told))
            write(stem + ".json", report_json.officer_report(
                officer_id=officer_id, sheet=sheet, place=ctx["place"], chart=chart,
                events=view.own(officer_id), rulings=told, **alike[readers.of(officer_id)]))

    def bulletins() -> None:
        public = view.public_context()
        # The bulletins are in the game's language, the public chart too; the GM's chart
        # stays English.
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
            game=game, move=move, standings=view.standings,
            game_end=game_end_in(public["game_end"], said),
            chart=public_chart_data(charts), deadline=deadline_of(desk.deadline, said),
            departures=desk.departures, fair_play=fair_play,
            events=zip(view.public, view.public_texts)))
        names = {oid: s["officer_name"] for oid, s in view.sheets.items()}
        write(out_dir / "gm-log.txt", gm_log(text_env, game=game, move=move,
                                             gm_actions=desk.gm_actions, events=events,
                                             rolls=rolls, names=names))

    workers.shared(officers_reports, list(view.sheets), bulletins)
