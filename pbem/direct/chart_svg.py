"""`chart.svg.j2` written in Python: a chart as SVG text, the same bytes.

It prints what `pbem.charts.svg.layout` laid out, as the template does: the geometry comes
ready-made (numbers and fixed words), every name and fact goes through `Escaped`. The style
sheet is the template's own, cut from its source (`style_of`). `drawing` lays out and prints
in one pass, the same bytes, for the charts `pbem resolve` writes by the ten thousand.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..charts import svg
from ..formats import Escaped


def style_of(source: str) -> str:
    """The template's <style> element and the newline after it: plain text, no tag in it."""
    start = source.index("<style>")
    end = source.index("</style>\n", start) + len("</style>\n")
    return source[start:end]


def chart(c: dict[str, Any], e: Escaped, style: str, *, standalone: bool = True) -> str:
    """`c` is the layout; `style` the template's style sheet."""
    chart_id = e[c["id"]]
    title = e[c["title"]]
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n' if standalone else "",
           f'<svg xmlns="http://www.w3.org/2000/svg" width="{e[c["width"]]}" '
           f'height="{e[c["height"]]}" viewBox="0 0 {e[c["width"]]} {e[c["height"]]}" '
           f'class="chart" data-reader="{e[c["reader"]]}" data-frame="{e[c["frame"]]}" '
           f'role="img" aria-labelledby="{chart_id}-title">\n'
           f'<title id="{chart_id}-title">{title}</title>\n{style}<defs>\n']
    add = out.append
    panels = c["panels"]
    for p in panels:
        if p["grid"]:
            add(f"{p['grid']}\n")
    add(f'</defs>\n<rect class="bg" width="100%" height="100%"/>\n'
        f'<text class="title" x="10" y="20">{title}</text>\n'
        f'<text class="subtitle" x="10" y="38">{e[c["subtitle"]]}</text>\n')
    for p in panels:
        grid_box = f"{p['grid_box']}\n" if p["grid_box"] else ""
        add(f'<g class="level" data-level="{e[p["level"]]}">\n'
            f'<text class="level-title" {p["title_at"]}>{e[p["title"]]}</text>\n'
            f'<rect class="sea" {p["box"]}/>\n{grid_box}{p["ticks"]}\n</g>\n')
    for t in c["tracks"]:
        add(f"{t['open']}<title>{e[t['label']]}</title>{t['close']}\n")
    for p in c["planets"]:
        label = "" if p["base"] else f"<text {p['label_at']}>{e[p['label']]}</text>"
        add(f'<g class="{p["css"]}" data-planet="{e[p["name"]]}" {p["where"]}>'
            f"<title>{e[p['tooltip']]}</title>{p['shape']}{label}</g>\n")
    for h in c["hazards"]:
        add(f'<g class="hazard" data-hazard="{e[h["kind"]]}" {h["where"]}>'
            f"<title>{e[h['label']]}</title>{h['shape']}</g>\n")
    for s in c["stops"]:
        add(f'<path class="stop" {s["shape"]}><title>{e[s["label"]]}</title></path>\n')
    for s in c["ships"]:
        label = e[s["label"]]
        add(f'<g class="ship" data-officer="{label}" {s["where"]}><title>{label}</title>'
            f'{s["shape"]}<text {s["label_at"]} text-anchor="middle">{label}</text></g>\n')
    add(f'<text class="list-title" {c["list_title_at"]}>Planets on the chart</text>\n')
    _lines(add, c["notes"], e)
    if c["unplaced"]:
        add(f'<text class="list-title" {c["unplaced_title_at"]}>Named in the bulletins, '
            "position not told</text>\n")
        _lines(add, c["unplaced"], e)
    add(f'<text class="legend" {c["legend_at"]}>{e[c["legend"]]}</text>\n</svg>\n')
    return "".join(out)


def _lines(add, lines: list[dict[str, Any]], e: Escaped) -> None:
    """The column beside the chart, line by line."""
    for n in lines:
        name = f' data-planet="{e[n["name"]]}"' if n["name"] else ""
        add(f'<text class="{e[n["css"]]}"{name} {n["at"]}>{e[n["text"]]}</text>\n')


def drawing(d: svg.Drawing, chart_id: str, e: Escaped, style: str,
            frames: dict[tuple, "Framed"], numbers: "Numbers", *, standalone: bool = True) -> str:
    """`chart(svg.layout(d, chart_id), ...)` in one pass: each entry of the drawing is laid
    out and printed at once, without the layout's dict per entry (ten thousand officers'
    charts a move). The same bytes: the tests hold it to `chart` and to the template.
    `frames` keeps the printed panels of each frame: officers on the same squares share them;
    `numbers` the pixels printed."""
    f = framed(frames, tuple(d.levels), d.x0, d.x1, d.y0, d.y1, chart_id, d.frame, e, numbers)
    px = f.pixels
    # The column beside the chart first: its length sets the height.
    notes = _column(d.notes, "note", f.list_x, f.list_y + svg.LINE, e) or [f.no_note]
    below = f.list_y + (len(notes) + 2) * svg.LINE
    unplaced = _column(d.unplaced, "unplaced", f.list_x, below + svg.LINE, e)
    height = f.height(len(notes) + (len(unplaced) + 2 if unplaced else 0) + 1)
    title = e[d.title]
    cid = e[chart_id]
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n' if standalone else "",
           f'<svg xmlns="http://www.w3.org/2000/svg" width="{f.width}" '
           f'height="{height + 18}" viewBox="0 0 {f.width} {height + 18}" '
           f'class="chart" data-reader="{e[d.reader]}" data-frame="{e[d.frame]}" '
           f'role="img" aria-labelledby="{cid}-title">\n'
           f'<title id="{cid}-title">{title}</title>\n{style}<defs>\n']
    add = out.append
    add(f'{f.grids}</defs>\n<rect class="bg" width="100%" height="100%"/>\n'
        f'<text class="title" x="10" y="20">{title}</text>\n'
        f'<text class="subtitle" x="10" y="38">{e[d.subtitle]}</text>\n{f.levels}')
    # Tracks: the trails first, the last level's on top (layout inserts each at the front).
    for t in reversed(d.trails):
        add(trail_text(t["level"], t["d"], t["label"], px, e))
    out += tracks_text(d.tracks, px, e)
    for p in d.planets:
        add(planet_text(p, px, e))
    for h in d.hazards:
        add(hazard_text(h, px, e))
    for s in d.stops:
        add(stop_text(s["level"], s["x"], s["y"], s["label"], px, e))
    # The GM's chart draws every ship, ten thousand of them on a thousand squares or so:
    # the marker of each square is made once.
    markers: dict[tuple[int, int, int], tuple[str, str]] = {}
    for s in d.ships:
        at = (s["level"], s["x"], s["y"])
        marks = markers.get(at)
        if marks is None:
            marks = markers[at] = ship_marks(*at, px)
        add(ship_mark(e[s["label"]], marks))
    add(f.list_title)
    out += notes
    if unplaced:
        add(f'<text class="list-title" x="{f.list_x}" y="{below}">Named in the bulletins, '
            "position not told</text>\n")
        out += unplaced
    legend = svg.LEGENDS[d.reader] + (svg.OUTER_LEGEND if d.hazards else "")
    add(f'<text class="legend" x="10" y="{height + 4}">{e[legend]}</text>\n</svg>\n')
    return "".join(out)


class Numbers(dict):
    """`numbers[v]`: `"%g" % v`, each pixel printed once: the charts of a move put their
    marks on the same few thousand pixels, and printing a float costs more than looking
    it up. Equal numbers print the same (1 and 1.0 both "1"), so one key serves both; but
    for 0 and -0.0 ("-0"), and no pixel is -0.0: each is a panel's corner (a whole number)
    plus half a square, and a sum is -0.0 only when both its terms are."""

    def __missing__(self, value: float) -> str:
        text = self[value] = "%g" % value
        return text


class Pixels(NamedTuple):
    """Where the squares of a frame fall on its panels."""

    x0: int
    y1: int
    cell: int
    half: float
    r: float  # a planet's radius, a ship's and a cross's size
    origin: dict[int, tuple[int, int]]  # level -> its panel's top left corner
    g: Numbers  # how a pixel is printed

    def centre(self, level: int, x: int, y: int) -> tuple[float, float]:
        ox, oy = self.origin[level]
        return ox + (x - self.x0) * self.cell + self.half, oy + (self.y1 - y) * self.cell + self.half


class Framed(NamedTuple):
    """A frame as printed: its panels and its numbers, the same for every chart drawn on it."""

    key: tuple  # what it is the frame of: `framed`'s arguments
    pixels: Pixels
    grids: str  # the grid patterns, in <defs>
    levels: str  # the panels
    width: int
    list_x: int  # the column beside the chart
    list_y: int
    list_title: str
    no_note: str  # the column's line when no planet is drawn
    panels_height: int  # top, title and the rows of panels

    def height(self, lines: int) -> int:
        """The chart's height without its legend, for `lines` lines in the column."""
        return max(self.panels_height, self.list_y + 8 + lines * svg.LINE) + 10


def framed(frames: dict[tuple, Framed], levels: tuple[int, ...], x0: int, x1: int, y0: int,
           y1: int, chart_id: str, frame: str, e: Escaped, numbers: Numbers) -> Framed:
    """The frame of these squares as printed, from `frames` or made and kept there."""
    key = (levels, x0, x1, y0, y1, chart_id, frame)
    found = frames.get(key)
    if found is not None:
        return found
    shape, panels = svg._panels(*key)
    grids, printed = _panels_text(panels, e)
    cell, columns, top = shape.cell, shape.columns, shape.top
    list_x = shape.pad + columns * shape.col_w + 10
    list_y = top + 12
    rows = (len(levels) + columns - 1) // columns
    found = frames[key] = Framed(
        key, Pixels(x0, y1, cell, cell / 2, round(max(2.0, cell * 0.42), 1), shape.origin,
               numbers),
        grids, printed, list_x + svg.LIST_WIDTH, list_x, list_y,
        f'<text class="list-title" x="{list_x}" y="{list_y}">Planets on the chart</text>\n',
        f'<text class="{e["note"]}" x="{list_x}" y="{list_y + svg.LINE}">{e["None yet."]}</text>\n',
        top + shape.head + rows * shape.row_h)
    return found


# --- each entry of a chart, printed (numbers print as themselves: only words are escaped) ---

def trail_text(level: int, d: str, label: str, px: Pixels, e: Escaped) -> str:
    """The routes of the moves before on a level: squares to pixels by a transform, the
    path data ready-made from the knowledge."""
    ox, oy = px.origin[level]
    cell = px.cell
    tx, ty = ox - px.x0 * cell + px.half, oy + px.y1 * cell + px.half
    return (f'<path class="track" data-level="{level}" vector-effect="non-scaling-stroke" '
            f'transform="translate({px.g[tx]} {px.g[ty]}) scale({cell} {-cell})" d="{d}">'
            f'<title>{e[label]}</title></path>\n')


def track_text(level: int, points: list, label: str, last: bool, px: Pixels, e: Escaped) -> str:
    css = "track last" if last else "track"
    if len(points) == 1:
        cx, cy = px.centre(level, *points[0])
        return (f'<circle class="{css}" data-level="{level}" cx="{px.g[cx]}" cy="{px.g[cy]}" '
                f'r="1.5"><title>{e[label]}</title></circle>\n')
    ox, oy = px.origin[level]
    cell = px.cell
    left, bottom = ox - px.x0 * cell + px.half, oy + px.y1 * cell + px.half
    g = px.g
    corners = []  # a loop, not a comprehension: a track has two or three points
    for x, y in points:
        corners.append(f"{g[left + x * cell]},{g[bottom - y * cell]}")
    pts = " ".join(corners)
    return (f'<polyline class="{css}" data-level="{level}" points="{pts}">'
            f'<title>{e[label]}</title></polyline>\n')


class Along(dict):
    """`along[n]`: the pixel of column (or row) `n` of a panel as printed, `start + n * step`
    (`start - n * step` going up the rows), each worked out and printed once."""

    def __init__(self, start: float, step: int, up: bool, g: Numbers) -> None:
        super().__init__()
        self.start, self.step, self.up, self.g = start, step, up, g

    def __missing__(self, n: int) -> str:
        at = self.start - n * self.step if self.up else self.start + n * self.step
        text = self[n] = self.g[at]
        return text


def tracks_text(tracks: list[dict[str, Any]], px: Pixels, e: Escaped) -> list[str]:
    """`track_text` of each track: the GM's chart draws every officer's route of the move,
    ten thousand of them on the same few hundred squares, so each level's columns and rows
    are printed once."""
    out = []
    add = out.append
    panels: dict[int, tuple[Along, Along]] = {}
    cell = px.cell
    for t in tracks:
        level, points, label = t["level"], t["points"], t["label"]
        if len(points) == 1:
            add(track_text(level, points, label, t["last"], px, e))
            continue
        panel = panels.get(level)
        if panel is None:
            ox, oy = px.origin[level]
            panel = panels[level] = (Along(ox - px.x0 * cell + px.half, cell, False, px.g),
                                     Along(oy + px.y1 * cell + px.half, cell, True, px.g))
        xs, ys = panel
        pts = " ".join([f"{xs[x]},{ys[y]}" for x, y in points])
        css = "track last" if t["last"] else "track"
        add(f'<polyline class="{css}" data-level="{level}" points="{pts}">'
            f'<title>{e[label]}</title></polyline>\n')
    return out


def planet_text(p: dict[str, Any], px: Pixels, e: Escaped) -> str:
    cx, cy = px.centre(p["level"], p["x"], p["y"])
    shape, label_at = svg._planet_mark(cx, cy, px.r, bool(p["base"]), bool(p["known"]))
    if p["base"]:
        css, label = "base", ""
    else:
        css = svg.PLANET_CSS[bool(p.get("known")), bool(p.get("destroyed")), bool(p.get("uncharted"))]
        label = f"<text {label_at}>{e[p['label']]}</text>"
    return (f'<g class="{css}" data-planet="{e[p["name"]]}" data-x="{p["x"]}" '
            f'data-y="{p["y"]}" data-level="{p["level"]}">'
            f"<title>{e[p['tooltip']]}</title>{shape}{label}</g>\n")


def hazard_text(h: dict[str, Any], px: Pixels, e: Escaped) -> str:
    cx, cy = px.centre(h["level"], h["x"], h["y"])
    r, half = px.r, px.half
    shape = svg.HAZARD_SHAPES[h["kind"]].format(
        cx=cx, cy=cy, r=r, x0=cx - half, y0=cy - half, s=px.cell, top=cy - r - 1,
        bottom=cy + r + 1, left=cx - r - 1, right=cx + r + 1)
    return (f'<g class="hazard" data-hazard="{e[h["kind"]]}" data-x="{h["x"]}" '
            f'data-y="{h["y"]}" data-level="{h["level"]}">'
            f"<title>{e[h['label']]}</title>{shape}</g>\n")


def stop_text(level: int, x: int, y: int, label: str, px: Pixels, e: Escaped) -> str:
    cx, cy = px.centre(level, x, y)
    return (f'<path class="stop" data-level="{level}" d="{svg._cross(cx, cy, px.r)}">'
            f'<title>{e[label]}</title></path>\n')


def ship_mark(label: str, marks: tuple[str, str]) -> str:
    """A ship's marker, its `ship_marks` around its name (escaped)."""
    head, tail = marks
    return f'<g class="ship" data-officer="{label}"{head}{label}</title>{tail}{label}</text></g>\n'


def ship_marks(level: int, x: int, y: int, px: Pixels) -> tuple[str, str]:
    """A ship's marker on (x, y) of `level`, around its name: what follows the name in its
    `data-officer`, and what follows it in its title."""
    cx, cy = px.centre(level, x, y)
    r = px.r
    return (f' data-x="{x}" data-y="{y}" data-level="{level}"><title>',
            f'<path d="{svg._ship_path(cx, cy, r)}"/>'
            f'<text x="{px.g[cx]}" y="{px.g[cy + r + 11]}" text-anchor="middle">')


def _panels_text(panels: tuple[dict[str, Any], ...], e: Escaped) -> tuple[str, str]:
    """A frame's grid patterns (in <defs>) and its panels, as `chart` prints them."""
    grids = "".join(f"{p['grid']}\n" for p in panels if p["grid"])
    levels = []
    for p in panels:
        grid_box = f"{p['grid_box']}\n" if p["grid_box"] else ""
        levels.append(f'<g class="level" data-level="{e[p["level"]]}">\n'
                      f'<text class="level-title" {p["title_at"]}>{e[p["title"]]}</text>\n'
                      f'<rect class="sea" {p["box"]}/>\n{grid_box}{p["ticks"]}\n</g>\n')
    return grids, "".join(levels)


def _column(notes: list[dict[str, Any]], css: str, x: int, y: int, e: Escaped) -> list[str]:
    """`svg._lines` printed as `_lines` prints them, each line at once."""
    out: list[str] = []
    for note in notes:
        text = note["text"]
        name = f' data-planet="{e[note["name"]]}"' if note["name"] else ""
        if 0 < len(text) <= svg.LIST_CHARS:  # most entries are one line
            extra = note.get("css")
            out.append(f'<text class="{e[f"{css} {extra}" if extra else css]}"{name} '
                       f'x="{x}" y="{y + len(out) * svg.LINE}">{e[text]}</text>\n')
            continue
        for n, piece in enumerate(svg.wrapped(text)):
            classes = svg._css(css, note.get("css", ""), "more" if n else "")
            out.append(f'<text class="{e[classes]}"{"" if n else name} '
                       f'x="{x}" y="{y + len(out) * svg.LINE}">{e[piece]}</text>\n')
    return out
