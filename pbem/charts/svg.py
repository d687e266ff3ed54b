"""Drawing a chart: the four levels side by side like the printed Tabula Spatii, level 1 (the
highest) top left and the lowest bottom right (S.C. rule C), through the Jinja template
`chart.svg.j2` (autoescaped: every name and fact is text, never markup).

A chart is first turned into plain drawing data (squares, labels, lists), then laid out in
pixels here, so the template only prints and the cost of ten thousand officers' charts is a
few loops of ready strings.

Length: over 600 lines for one concept, the layout of a chart in pixels. Its parts (the
frame and its ticks, the squares, the marks, the list of planets beside it) share one
scale and one wrapping of the list; apart, they would pass that state between modules.

Its words are the reader's (`lang`): an officer's chart in his language, the public chart in
the game's, through the catalogs (docs/translating.md); the GM's chart stays English.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Mapping, NamedTuple

from markupsafe import Markup

from .. import language
from ..language import N_
from ..rules.geometry import Position, bearing, bearing_text
from ..rules.galaxy import BASE_DESIGNATION
from ..rules.wording import plural
from .knowledge import OwnChart, PublicChart, designation_order as order

PANEL = 400  # the largest side of a level's drawing, in pixels
MARGIN = 3  # squares of open space around what is drawn on a chart from the base
LIST_WIDTH = 560  # the column of planets beside the chart
LIST_CHARS = 96  # characters on one line of it, before the line wraps
LINE = 14  # pixels between two lines of that column


@dataclass
class Drawing:
    """What a chart shows, in squares: `frame` "base" (squares from the base, levels below it)
    or "zone" (the true squares and levels)."""

    reader: str  # officer, public, gm
    title: str
    subtitle: str
    frame: str
    levels: list[int]
    x0: int
    x1: int
    y0: int
    y1: int
    planets: list[dict[str, Any]] = field(default_factory=list)  # key: level, x, y, ...
    tracks: list[dict[str, Any]] = field(default_factory=list)  # level, points, label
    trails: list[dict[str, Any]] = field(default_factory=list)  # level, d (squares), label
    ships: list[dict[str, Any]] = field(default_factory=list)  # level, x, y, label
    stops: list[dict[str, Any]] = field(default_factory=list)  # level, x, y, label
    notes: list[dict[str, str]] = field(default_factory=list)  # the column: name, text, css
    unplaced: list[dict[str, str]] = field(default_factory=list)
    hazards: list[dict[str, Any]] = field(default_factory=list)  # level, x, y, kind, label
    lang: str = language.ENGLISH  # the language of its words


# --- words ----------------------------------------------------------------------------

@functools.cache
def _said(lang: str) -> Any:
    """The texts of the rules data (a planet's facts) in the reader's words, one for each
    language: `language.said_in` keeps what it has said."""
    return language.said_in(lang)


def level_name(dz: int, lang: str = language.ENGLISH) -> str:
    catalog = language.translations(lang)
    if dz == 0:
        return catalog.gettext("base level")
    n = abs(dz)
    if dz < 0:
        return catalog.ngettext("%(num)s level up", "%(num)s levels up", n) % {"num": n}
    return catalog.ngettext("%(num)s level down", "%(num)s levels down", n) % {"num": n}


def from_base(at: list[int], lang: str = language.ENGLISH) -> str:
    """Where a square is from the base: `3 N of the base, base level`."""
    x, y, dz = at
    catalog = language.translations(lang)
    flat = bearing_text(bearing(Position(0, 0, 0), Position(x, y, 0)))
    where = (catalog.gettext("on the base square") if flat == "here" else
             catalog.gettext("%(bearing)s of the base") % {"bearing": flat})
    return f"{where}, {level_name(dz, lang)}"


def marks_of(facts: list[str], marks: Mapping[str, str]) -> str:
    """The letters the S.C. writes beside a planet (section 6: "A", then "A V"): the type
    and the life forms; the rest is in the list beside the chart."""
    return " ".join(marks.get(f) or f[:1].upper() for f in facts[:2])


def _facts_text(p: Mapping[str, Any], lang: str = language.ENGLISH) -> str:
    catalog, said = language.translations(lang), _said(lang)
    bits = [said(f) for f in p["facts"]] or [catalog.gettext("nothing known")]
    if p.get("destroyed"):
        bits.append(catalog.gettext("cancelled by a Tot 100%"))
    elif p.get("known") and not p.get("base"):
        bits.append(catalog.gettext("known (crossed out)"))
    return ", ".join(bits)


# --- what each reader's chart holds ---------------------------------------------------------

def _extent(points: list[tuple[int, int]]) -> tuple[int, int, int, int]:
    """A square frame around everything drawn from the base, with open space around it."""
    xs = [x for x, _ in points] + [0]
    ys = [y for _, y in points] + [0]
    return square_frame(min(xs), max(xs), min(ys), max(ys))


def square_frame(left: int, right: int, bottom: int, top: int) -> tuple[int, int, int, int]:
    """The square frame (x0, x1, y0, y1) of `_extent` around the squares from `left` to
    `right` and from `bottom` to `top`, the base among them."""
    x0, x1, y0, y1 = left - MARGIN, right + MARGIN, bottom - MARGIN, top + MARGIN
    side = max(x1 - x0, y1 - y0)
    x0 -= (side - (x1 - x0)) // 2
    y0 -= (side - (y1 - y0)) // 2
    return x0, x0 + side, y0, y0 + side


def _base_planet(p: Mapping[str, Any], name: str, marks: Mapping[str, str],
                 lang: str = language.ENGLISH) -> dict[str, Any]:
    """A planet at `p["at"]` (squares from the base) as a chart from the base draws it, with
    what `p` says of it (a `knowledge` planet) and the letters `marks`, in the words of
    `lang`."""
    x, y, z = p["at"]
    base, known, destroyed = p.get("base", False), p.get("known", False), p.get("destroyed", False)
    named = language.translations(lang).gettext("the base") if base else name
    return {
        "name": name, "level": z, "x": x, "y": y, "base": base, "uncharted": False,
        "known": known and not base, "destroyed": destroyed,
        "label": "B" if base else f"{name} {marks_of(list(p['facts']), marks)}".rstrip(),
        "tooltip": f"{named}: {from_base(p['at'], lang)}; {_facts_text(p, lang)}",
    }


def _planet_notes(planets: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The column beside the chart: every planet drawn but the base, in designation order
    (`planets` is in that order already), each with the words of its tooltip."""
    return [{"name": p["name"], "text": p["tooltip"], "css": "known" if p["known"] else ""}
            for p in planets if not p["base"]]


def _lines(notes: list[dict[str, str]], css: str, x: int, y: int) -> list[dict[str, Any]]:
    """The column's entries cut into lines that fit it, from (x, y) down; the first line
    of an entry names the planet."""
    out: list[dict[str, Any]] = []
    for note in notes:
        text = note["text"]
        if 0 < len(text) <= LIST_CHARS:  # most entries are one line: said without the loop
            extra = note.get("css")
            out.append({"name": note["name"], "text": text,
                        "css": f"{css} {extra}" if extra else css,
                        "at": f'x="{x}" y="{y + len(out) * LINE}"'})
            continue
        for n, piece in enumerate(wrapped(text)):
            out.append({"name": None if n else note["name"], "text": piece,
                        "css": _css(css, note.get("css", ""), "more" if n else ""),
                        "at": f'x="{x}" y="{y + len(out) * LINE}"'})
    return out


def wrapped(text: str) -> list[str]:
    """An entry of the column cut into lines that fit it, the lines after the first indented."""
    pieces = []
    while text:
        if len(text) <= LIST_CHARS:
            cut = len(text)
        else:
            cut = text.rfind(" ", 0, LIST_CHARS)
            cut = cut if cut > 0 else LIST_CHARS
        pieces.append(text[:cut])
        text = text[cut:].lstrip()
        text = ("    " + text) if text else ""
    return pieces


def _css(*classes: str) -> str:
    return " ".join(c for c in classes if c)


def public_drawing(chart: PublicChart, *, game: str, move: int,
                   marks: Mapping[str, str], lang: str = language.ENGLISH) -> Drawing:
    """The public chart, in the words of `lang` (the game's)."""
    catalog = language.translations(lang)
    placed = chart.placed()
    planets = [_base_planet(placed[name], name, marks, lang=lang)
               for name in sorted(placed, key=order)]
    ships = []
    # Most ships moved this move, their squares not told (None): sorted without them.
    told = sorted([(name, where) for name, where in chart.ships.items() if where is not None])
    for name, where in told:
        at = chart.square(where)
        if at is not None:
            ships.append({"level": at[2], "x": at[0], "y": at[1], "label": name})
    squares = [(p["x"], p["y"]) for p in planets] + [(s["x"], s["y"]) for s in ships]
    levels = {p["level"] for p in planets} | {s["level"] for s in ships} | {0}
    x0, x1, y0, y1 = _extent(squares)
    not_told = catalog.gettext("%(planet)s: position not told; %(facts)s")
    unplaced = [
        {"name": name, "text": not_told % {"planet": name, "facts": _facts_text(p, lang)}}
        for name, p in sorted(chart.planets.items(), key=lambda i: order(i[0]))
        if p["at"] is None
    ]
    return Drawing(
        reader="public", title=f"VII Legio - {game} - " + catalog.gettext(
            "public chart after move %(move)s") % {"move": move},
        subtitle=catalog.gettext(
            "What the bulletins tell: squares from the base; planets sighted elsewhere on a "
            "route are listed without a position."),
        frame="base", levels=_span(levels), x0=x0, x1=x1, y0=y0, y1=y1,
        planets=planets, ships=ships, notes=_planet_notes(planets), unplaced=unplaced,
        lang=lang,
    )


def base_planets(placed: Mapping[str, Mapping[str, Any]],
                 marks: Mapping[str, str], lang: str = language.ENGLISH) -> list[dict[str, Any]]:
    """The planets the bulletins place (`PublicChart.placed`), drawn in designation order,
    in the words of `lang`: the same on every officer's chart of a move who reads it, so
    drawn once (`officer_drawing`'s `public`). Shared: never changed."""
    return [_base_planet(placed[name], name, marks, lang) for name in sorted(placed, key=order)]


def officer_drawing(own: OwnChart, planets_known: Mapping[str, Mapping[str, Any]], *,
                    officer: str, rank: str, game: str, move: int,
                    marks: Mapping[str, str],
                    public: list[dict[str, Any]] | None = None,
                    lang: str = language.ENGLISH) -> Drawing:
    """`planets_known`: `knowledge.officer_planets`, the planets he can place; `public`:
    `base_planets` of the same placements in his language, when the caller draws many
    officers' charts; `lang`: his language."""
    catalog = language.translations(lang)
    if public is None:
        public = base_planets(planets_known, marks, lang)
        mine: Mapping[str, Any] = {}
    else:
        mine = own.planets
    if mine:
        # His own placements replace the bulletins' (his reckoning wins), in order.
        planets = [p for p in public if p["name"] not in mine] + [
            _base_planet(planets_known[name], name, marks, lang) for name in mine]
        planets.sort(key=lambda p: order(p["name"]))
    else:
        planets = list(public)
    of_move, stopped = catalog.gettext("move %(move)s"), catalog.gettext(
        "move %(move)s: %(stop)s (parsec %(parsec)s)")
    tracks = [
        {"level": t["level"], "points": t["points"], "label": of_move % {"move": t["move"]},
         "last": t["move"] == move}
        for t in own.tracks
    ]
    stops = [
        {"level": s["at"][2], "x": s["at"][0], "y": s["at"][1],
         "label": stopped % {"move": s["move"], "stop": catalog.gettext(STOP_WORDS[s["stop"]]),
                             "parsec": s["parsec"]}}
        for s in own.stops
    ]
    before = catalog.gettext("your routes of the moves before")
    trails = [{"level": int(level), "d": d, "label": before}
              for level, d in sorted(own.trail.items(), key=lambda i: int(i[0]))]
    x, y, z = own.at
    ships = [{"level": z, "x": x, "y": y, "label": officer}]
    squares = [(p["x"], p["y"]) for p in planets] + [(x, y)]
    if own.span:
        squares += [(own.span[0], own.span[2]), (own.span[1], own.span[3])]
    # A stop's level too: a route stopped at its parsec 0 draws no line, and the ship may be
    # on another level since (brought home to the base).
    levels = ({p["level"] for p in planets} | {t["level"] for t in tracks}
              | {t["level"] for t in trails} | {s["level"] for s in stops} | {z, 0})
    x0, x1, y0, y1 = _extent(squares)
    return Drawing(
        reader="officer", title=f"VII Legio - {game} - " + catalog.gettext(
            "chart of %(rank)s %(officer)s after move %(move)s") % {
                "rank": rank, "officer": officer, "move": move},
        subtitle=catalog.gettext("By dead reckoning from your reports: you are %(where)s.") % {
            "where": from_base(own.at, lang)},
        frame="base", levels=_span(levels), x0=x0, x1=x1, y0=y0, y1=y1,
        planets=planets, tracks=tracks, trails=trails, ships=ships, stops=stops,
        notes=_planet_notes(planets), lang=lang,
    )


LEGENDS = {
    "officer": N_("B the base; circles: planets (crossed out: known); red lines: your routes, "
                  "this move's darker; orange crosses: where a route stopped short; the "
                  "arrow: you."),
    "public": N_("B the base; circles: planets (crossed out: known); arrows: officers whose "
                 "square the bulletins tell."),
    "gm": "B the base; circles: planets (pale: not yet sighted; crossed out: known); red lines: "
          "this move's routes; arrows: every ship.",
}

OUTER_LEGEND = (" Outer space: black discs the black hole's nucleus, purple squares the nets, purple "
                "diamonds the distortions, dashed rings where a distortion put a ship.")

# Why a route stopped short, as an officer's chart tells it (translated where drawn).
STOP_WORDS = {
    "edge": N_("stopped at the edge of the zone"), "no-level": N_("no level beyond"),
    "planet-ahead": N_("stopped before a planet"), "forced-landing": N_("forced landing"),
    "vertical-landing": N_("landed from another level"),
    "distortion": N_("blocked by a Nullius distortion, then moved you cannot tell where"),
    # Outer space, told only by a Princeps PSI (5B b, c).
    "net": N_("held by a magneto-gravitational net, which your Princeps PSI sensed"),
    "distortion-sensed": N_("blocked by a Nullius distortion; your Princeps PSI sensed "
                            "where it put you"),
}


def gm_drawing(tabula: Mapping[str, Any], *, game: str, move: int,
               marks: Mapping[str, str]) -> Drawing:
    planets, notes = [], []
    uncharted: dict[int, int] = {}
    for p in tabula["planets"]:
        x, y, level = p["at"]
        name = p["designation"] or f"#{p['id']}"
        aliens = ""
        if p["populated"]:
            aliens = (f"; {len(p['aliens'])} aliens (F.C. {', '.join(map(str, p['aliens']))}), "
                      f"{'hostile' if p['hostile'] else 'peaceful'}" if p["aliens"] else "; no aliens")
        found = (f"; found by {p['discovered_by']} in move {p['discovered_move']}"
                 if p["discovered_by"] else "")
        where = f"x {x}, y {y}, level {level}"
        text = f"{name}: {where}; {_facts_text(p)}{aliens}{found}"
        planets.append({
            "name": name, "level": level, "x": x, "y": y, "base": p["base"],
            "known": p["known"] and not p["base"], "destroyed": p["destroyed"],
            "uncharted": p["designation"] is None,
            "label": "B" if p["base"] else f"{name} {marks_of(p['facts'], marks)}".rstrip(),
            "tooltip": text,
        })
        if p["designation"] is None:
            uncharted[level] = uncharted.get(level, 0) + 1  # each in its tooltip; counted below
        elif not p["base"]:
            notes.append({"name": name, "text": text, "css": "known" if p["known"] else ""})
    ships = [{"level": s["at"][2], "x": s["at"][0], "y": s["at"][1],
              "label": s["officer"] + (f" (on {s['landed']})" if s["ground"] else "")}
             for s in tabula["ships"]]
    tracks = [{"level": t["level"], "points": t["points"], "label": t["officer"], "last": True}
              for t in tabula["tracks"]]
    size = tabula["size"]
    hazards = _hazards(tabula)
    return Drawing(
        reader="gm", title=f"VII Legio - {game} - Tabula Spatii after move {move} (GM only)",
        subtitle="Everything true: x from the West edge, y from the South edge; this move's routes.",
        frame="zone", levels=list(range(1, tabula["levels"] + 1)),
        x0=0, x1=size - 1, y0=0, y1=size - 1,
        planets=planets, ships=ships, tracks=tracks, hazards=hazards,
        notes=sorted(notes, key=lambda n: order(n["name"])) + [
            {"name": None, "text": f"level {level}: {plural(n, 'planet')} not yet "
                                   "sighted (pale; the tooltip gives the square)", "css": "more"}
            for level, n in sorted(uncharted.items())],
    )


HAZARD_WORDS = {"black-hole": "the nucleus of the black hole", "net": "a square of the net",
                "distortion": "a Nullius distortion"}


def _hazards(tabula: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Outer space, for the GM alone: every hazard's square, and each distortion's exit."""
    out: list[dict[str, Any]] = []
    for h in tabula.get("hazards", ()):
        if h["hazard"] == "black-hole":
            squares = [(h["x"], h["y"], level) for level in range(1, tabula["levels"] + 1)]
        elif h["hazard"] == "net":
            squares = [(sq["x"], sq["y"], h["level"]) for sq in h["squares"]]
        else:
            squares = [(h["x"], h["y"], h["level"])]
        out += [{"level": z, "x": x, "y": y, "kind": h["hazard"],
                 "label": f"{HAZARD_WORDS[h['hazard']]}: x {x}, y {y}, level {z}"}
                for x, y, z in squares]
    for e in tabula.get("exits", ()):
        x, y, z = e["at"]
        fx, fy, fz = e["from"]
        out.append({"level": z, "x": x, "y": y, "kind": "exit",
                    "label": f"where the distortion of x {fx}, y {fy}, level {fz} put "
                             f"{e['officer']}: x {x}, y {y}, level {z}"})
    return out


# Inline colours: the chart's style sheet is the same for every chart, and only the GM's
# chart of outer space draws these.
HAZARD_SHAPES = {
    "black-hole": ('<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="#000" stroke="#6c3483" '
                   'stroke-width="2"/>'),
    "net": ('<rect x="{x0:g}" y="{y0:g}" width="{s:g}" height="{s:g}" fill="#6c3483" '
            'opacity="0.6"/>'),
    "distortion": ('<path d="M{cx:g},{top:g}L{right:g},{cy:g}L{cx:g},{bottom:g}L{left:g},{cy:g}Z" '
                   'fill="#8e44ad"/>'),
    "exit": ('<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="none" stroke="#8e44ad" '
             'stroke-width="1.4" stroke-dasharray="2 1"/>'),
}


def _span(levels: set[int]) -> list[int]:
    """Every level between the highest and the lowest drawn: the chart keeps the order of
    the Tabula Spatii even where a level between holds nothing yet."""
    return list(range(min(levels), max(levels) + 1))


# --- pixels -------------------------------------------------------------------------------

# A planet's classes by (known, destroyed, uncharted), named once.
PLANET_CSS = {(known, destroyed, uncharted): " ".join(
    ["planet"] + [c for c, on in (("known", known), ("destroyed", destroyed),
                                  ("uncharted", uncharted)) if on])
    for known in (False, True) for destroyed in (False, True) for uncharted in (False, True)}


def layout(d: Drawing, chart_id: str) -> dict[str, Any]:
    """Pixel positions for the template: panels two by two, the column of planets beside.

    Geometry (numbers and fixed words only, never a name) is made here into ready attribute
    strings (GEOMETRY names them: the template gets them marked safe, `for_template`);
    every name and fact stays a plain value the template escapes. So a chart is a few dozen
    escaped values, cheap enough for ten thousand officers."""
    catalog = language.translations(d.lang)
    (cell, columns, pad, head, top, col_w, row_h, origin, _), panels = _panels(
        tuple(d.levels), d.x0, d.x1, d.y0, d.y1, chart_id, d.frame, d.lang)
    panels = list(panels)
    x0, y1 = d.x0, d.y1
    half = cell / 2

    def centre(level: int, x: int, y: int) -> tuple[float, float]:
        ox, oy = origin[level]
        return ox + (x - x0) * cell + half, oy + (y1 - y) * cell + half

    r = round(max(2.0, cell * 0.42), 1)
    planets = []
    for p in d.planets:
        cx, cy = centre(p["level"], p["x"], p["y"])
        where = f'data-x="{p["x"]}" data-y="{p["y"]}" data-level="{p["level"]}"'
        shape, label_at = _planet_mark(cx, cy, r, bool(p["base"]), bool(p["known"]))
        css = "base" if p["base"] else PLANET_CSS[
            bool(p.get("known")), bool(p.get("destroyed")), bool(p.get("uncharted"))]
        planets.append({"name": p["name"], "label": p["label"], "tooltip": p["tooltip"],
                        "base": p["base"], "css": css, "where": where, "shape": shape,
                        "label_at": label_at})
    tracks = []
    for t in d.tracks:
        css = "track last" if t["last"] else "track"
        if len(t["points"]) == 1:
            cx, cy = centre(t["level"], *t["points"][0])
            line = f'<circle class="{css}" data-level="{t["level"]}" cx="{cx:g}" cy="{cy:g}" r="1.5">'
            close = "</circle>"
        else:
            pts = " ".join(["%g,%g" % centre(t["level"], x, y) for x, y in t["points"]])
            line = f'<polyline class="{css}" data-level="{t["level"]}" points="{pts}">'
            close = "</polyline>"
        tracks.append({"open": line, "close": close, "label": t["label"]})
    for t in d.trails:
        # Squares to pixels by a transform: the path data comes ready-made from the knowledge.
        ox, oy = origin[t["level"]]
        tx, ty = ox - d.x0 * cell + cell / 2, oy + d.y1 * cell + cell / 2
        tracks.insert(0, {"open": (
            f'<path class="track" data-level="{t["level"]}" vector-effect="non-scaling-stroke" '
            f'transform="translate({tx:g} {ty:g}) scale({cell} {-cell})" d="{t["d"]}">'),
            "close": "</path>", "label": t["label"]})
    ships = []
    for s in d.ships:
        cx, cy = centre(s["level"], s["x"], s["y"])
        ships.append({"label": s["label"],
                      "where": f'data-x="{s["x"]}" data-y="{s["y"]}" data-level="{s["level"]}"',
                      "shape": f'<path d="{_ship_path(cx, cy, r)}"/>',
                      "label_at": f'x="{cx:g}" y="{cy + r + 11:g}"'})
    stops = []
    for s in d.stops:
        cx, cy = centre(s["level"], s["x"], s["y"])
        stops.append({"label": s["label"],
                      "shape": f'data-level="{s["level"]}" d="{_cross(cx, cy, r)}"'})
    hazards = []
    for h in d.hazards:
        cx, cy = centre(h["level"], h["x"], h["y"])
        hazards.append({"label": h["label"], "kind": h["kind"],
                        "where": f'data-x="{h["x"]}" data-y="{h["y"]}" data-level="{h["level"]}"',
                        "shape": HAZARD_SHAPES[h["kind"]].format(
                            cx=cx, cy=cy, r=r, x0=cx - half, y0=cy - half, s=cell, top=cy - r - 1,
                            bottom=cy + r + 1, left=cx - r - 1, right=cx + r + 1)})
    rows = (len(d.levels) + columns - 1) // columns
    list_x = pad + columns * col_w + 10
    list_y = top + 12
    notes = _lines(d.notes, "note", list_x, list_y + LINE)
    if not notes:
        notes = [{"name": None, "text": catalog.gettext("None yet."), "css": "note",
                  "at": f'x="{list_x}" y="{list_y + LINE}"'}]
    below = list_y + (len(notes) + 2) * LINE
    unplaced = _lines(d.unplaced, "unplaced", list_x, below + LINE)
    lines = len(notes) + (len(unplaced) + 2 if unplaced else 0) + 1
    height = max(top + head + rows * row_h, top + 20 + lines * LINE) + 10
    legend_y = height + 4
    height += 18
    return {
        "id": chart_id, "reader": d.reader, "title": d.title, "subtitle": d.subtitle,
        "frame": d.frame, "width": list_x + LIST_WIDTH, "height": height,
        "panels": panels, "planets": planets, "tracks": tracks, "ships": ships,
        "stops": stops, "notes": notes, "unplaced": unplaced, "hazards": hazards,
        "list_title_at": f'x="{list_x}" y="{list_y}"',
        "unplaced_title_at": f'x="{list_x}" y="{below}"',
        "legend_at": f'x="10" y="{legend_y}"',
        "legend": catalog.gettext(LEGENDS[d.reader]) + (OUTER_LEGEND if d.hazards else ""),
        "base": BASE_DESIGNATION,
    }


class _Frame(NamedTuple):
    """The panels of a chart in pixels, ticks aside."""

    cell: int
    columns: int
    pad: int
    head: int
    top: int
    col_w: int
    row_h: int
    origin: dict[int, tuple[int, int]]  # level -> its panel's top left corner
    panels: tuple[dict[str, Any], ...]


def _frame(levels: tuple[int, ...], side: int, chart_id: str, frame: str,
           lang: str = language.ENGLISH) -> _Frame:
    """The panels, which hang only on the levels drawn and the side of the frame."""
    cell = max(2, min(20, PANEL // side))
    size = side * cell
    columns = 1 if len(levels) == 1 else 2
    pad, head, top = 2 * cell + 24, 22, 52
    col_w, row_h = size + pad, size + head + 30
    panels, origin = [], {}
    for n, level in enumerate(levels):
        px = pad + (n % columns) * col_w
        py = top + head + (n // columns) * row_h
        origin[level] = (px, py)
        grid = f"{chart_id}-grid-{n}" if cell >= 5 else None
        box = f'x="{px}" y="{py}" width="{size}" height="{size}"'
        panels.append({
            "level": level,
            "title": f"level {level}" if frame == "zone" else level_name(level, lang),
            "title_at": f'x="{px}" y="{py - 6}"', "box": box,
            "grid": (
                f'<pattern id="{grid}" x="{px}" y="{py}" width="{cell}" height="{cell}" '
                f'patternUnits="userSpaceOnUse"><path class="grid" d="M{cell} 0H0V{cell}"/></pattern>'
            ) if grid else None,
            "grid_box": f'<rect {box} fill="url(#{grid})"/>' if grid else None,
        })
    return _Frame(cell, columns, pad, head, top, col_w, row_h, origin, tuple(panels))


def _panels(levels: tuple[int, ...], x0: int, x1: int, y0: int, y1: int, chart_id: str,
            frame: str, lang: str = language.ENGLISH) -> tuple[_Frame, tuple[dict[str, Any], ...]]:
    """The frame and its panels, ticks and all."""
    shape = _frame(levels, x1 - x0 + 1, chart_id, frame, lang)
    return shape, tuple({**panel, "ticks": _ticks(x0, x1, y0, y1, shape.cell,
                                                   *shape.origin[panel["level"]], frame)}
                        for panel in shape.panels)


# The layout's ready-made geometry, by where it sits: the chart's own keys, and those of
# each list's entries. Everything else in a layout is text, escaped when printed.
GEOMETRY: dict[str, tuple[str, ...]] = {
    "": ("list_title_at", "unplaced_title_at", "legend_at"),
    "panels": ("title_at", "box", "grid", "grid_box", "ticks"),
    "planets": ("css", "where", "shape", "label_at"),
    "tracks": ("open", "close"),
    "ships": ("where", "shape", "label_at"),
    "stops": ("shape",),
    "hazards": ("where", "shape"),
    "notes": ("at",),
    "unplaced": ("at",),
}


def for_template(c: dict[str, Any]) -> dict[str, Any]:
    """The layout as the template reads it: its geometry marked safe, not to be escaped."""
    def safe(entry: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
        return {**entry, **{k: Markup(entry[k]) for k in keys if entry[k] is not None}}

    out = safe(c, GEOMETRY[""])
    for part, keys in GEOMETRY.items():
        if part:
            out[part] = [safe(entry, keys) for entry in c[part]]
    return out


def _ticks(x0: int, x1: int, y0: int, y1: int, cell: int, px: int, py: int, frame: str) -> str:
    """A panel's scale along its two sides."""
    side = x1 - x0 + 1
    size = side * cell
    step = 5 if side <= 60 else 10 if side <= 120 else 25
    half, below = cell / 2, py + size + 11
    # Every step-th square from the first whole multiple of the step: the squares between
    # the ticks, most of a frame's, are not looked at.
    ticks = [
        f'<text class="tick" x="{px + (sx - x0) * cell + half:g}" y="{below}" '
        f'text-anchor="middle">{_tick(sx, "E", "W", frame)}</text>'
        for sx in range(x0 + -x0 % step, x1 + 1, step)
    ] + [
        f'<text class="tick" x="{px - 3}" y="{py + (y1 - sy) * cell + half + 3:g}" '
        f'text-anchor="end">{_tick(sy, "N", "S", frame)}</text>'
        for sy in range(y0 + -y0 % step, y1 + 1, step)
    ]
    return "\n".join(ticks)


def _tick(n: int, plus: str, minus: str, frame: str) -> str:
    if frame == "zone":
        return str(n)
    return "0" if n == 0 else f"{abs(n)}{plus if n > 0 else minus}"


def _planet_mark(cx: float, cy: float, r: float, base: bool, known: bool) -> tuple[str, str]:
    """A planet's shape and where its label goes."""
    if base:
        shape = (f'<rect x="{cx - r - 1:g}" y="{cy - r - 1:g}" width="{2 * r + 2:g}" '
                 f'height="{2 * r + 2:g}"/><text x="{cx:g}" y="{cy + 3:g}" '
                 'text-anchor="middle">B</text>')
    else:
        shape = f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}"/>'
        if known:
            shape += f'<path class="cross" d="{_cross(cx, cy, r)}"/>'
    return shape, f'x="{cx + r + 2:g}" y="{cy + 3:g}"'


def _cross(cx: float, cy: float, r: float) -> str:
    """The S.C.'s pencil cross: a planet crossed out, a stop marked."""
    return (f"M{cx - r:g},{cy - r:g}L{cx + r:g},{cy + r:g}"
            f"M{cx + r:g},{cy - r:g}L{cx - r:g},{cy + r:g}")


def _ship_path(cx: float, cy: float, r: float) -> str:
    """A ship marker: a small arrowhead pointing North."""
    return (f"M{cx:g},{cy - r * 1.3:g} L{cx + r:g},{cy + r:g} L{cx:g},{cy + r * 0.4:g} "
            f"L{cx - r:g},{cy + r:g} Z")


def render_svg(env, drawing: Drawing, *, chart_id: str, standalone: bool = True) -> str:
    """The chart as SVG text through the template `chart.svg.j2`: a file of its own, or an
    element to put inside an HTML page."""
    template = env.get_template("chart.svg.j2")
    return template.render(c=for_template(layout(drawing, chart_id)), standalone=standalone)


def inline(svg_file: str) -> str:
    """A chart file's text as an element of an HTML page: without its XML declaration."""
    return svg_file.partition("\n")[2] if svg_file.startswith("<?xml") else svg_file

