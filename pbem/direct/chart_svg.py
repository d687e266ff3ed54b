"""`chart.svg.j2` written in Python: a chart as SVG text, the same bytes.

It prints what `pbem.charts.svg.layout` laid out, as the template does: the geometry comes
ready-made (numbers and fixed words), every name and fact goes through `Escaped`. The style
sheet is the template's own, cut from its source (`style_of`). `drawing` lays out and prints
in one pass, the same bytes, for the charts `pbem resolve` writes by the ten thousand.
"""

from __future__ import annotations

from typing import Any

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
            frames: dict[tuple, tuple[str, str]], *, standalone: bool = True) -> str:
    """`chart(svg.layout(d, chart_id), ...)` in one pass: each entry of the drawing is laid
    out and printed at once, without the layout's dict per entry (ten thousand officers'
    charts a move). The same bytes: the tests hold it to `chart` and to the template.
    `frames` keeps the printed panels of each frame: officers on the same squares share them."""
    key = (tuple(d.levels), d.x0, d.x1, d.y0, d.y1, chart_id, d.frame)
    frame, panels = svg._panels(*key)
    printed = frames.get(key)
    if printed is None:
        printed = frames[key] = _panels_text(panels, e)
    grids, levels = printed
    cell, columns, pad, top, origin = frame.cell, frame.columns, frame.pad, frame.top, frame.origin
    x0, y1 = d.x0, d.y1
    half = cell / 2
    r = round(max(2.0, cell * 0.42), 1)
    # The column beside the chart first: its length sets the height.
    list_x = pad + columns * frame.col_w + 10
    list_y = top + 12
    notes = _column(d.notes, "note", list_x, list_y + svg.LINE, e) or [
        f'<text class="{e["note"]}" x="{list_x}" y="{list_y + svg.LINE}">'
        f'{e["None yet."]}</text>\n']
    below = list_y + (len(notes) + 2) * svg.LINE
    unplaced = _column(d.unplaced, "unplaced", list_x, below + svg.LINE, e)
    lines = len(notes) + (len(unplaced) + 2 if unplaced else 0) + 1
    rows = (len(d.levels) + columns - 1) // columns
    height = max(top + frame.head + rows * frame.row_h, top + 20 + lines * svg.LINE) + 10
    width = e[list_x + svg.LIST_WIDTH]
    title = e[d.title]
    cid = e[chart_id]
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n' if standalone else "",
           f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
           f'height="{e[height + 18]}" viewBox="0 0 {width} {e[height + 18]}" '
           f'class="chart" data-reader="{e[d.reader]}" data-frame="{e[d.frame]}" '
           f'role="img" aria-labelledby="{cid}-title">\n'
           f'<title id="{cid}-title">{title}</title>\n{style}<defs>\n']
    add = out.append
    add(f'{grids}</defs>\n<rect class="bg" width="100%" height="100%"/>\n'
        f'<text class="title" x="10" y="20">{title}</text>\n'
        f'<text class="subtitle" x="10" y="38">{e[d.subtitle]}</text>\n{levels}')
    # Tracks: the trails first, the last level's on top (layout inserts each at the front).
    for t in reversed(d.trails):
        ox, oy = origin[t["level"]]
        tx, ty = ox - x0 * cell + half, oy + y1 * cell + half
        add(f'<path class="track" data-level="{t["level"]}" vector-effect="non-scaling-stroke" '
            f'transform="translate({tx:g} {ty:g}) scale({cell} {-cell})" d="{t["d"]}">'
            f'<title>{e[t["label"]]}</title></path>\n')
    for t in d.tracks:
        css = "track last" if t["last"] else "track"
        ox, oy = origin[t["level"]]
        left, bottom = ox - x0 * cell + half, oy + y1 * cell + half
        if len(t["points"]) == 1:
            x, y = t["points"][0]
            cx, cy = ox + (x - x0) * cell + half, oy + (y1 - y) * cell + half
            add(f'<circle class="{css}" data-level="{t["level"]}" cx="{cx:g}" cy="{cy:g}" '
                f'r="1.5"><title>{e[t["label"]]}</title></circle>\n')
        else:
            pts = " ".join(["%g,%g" % (left + x * cell, bottom - y * cell) for x, y in t["points"]])
            add(f'<polyline class="{css}" data-level="{t["level"]}" points="{pts}">'
                f'<title>{e[t["label"]]}</title></polyline>\n')
    for p in d.planets:
        ox, oy = origin[p["level"]]
        cx, cy = ox + (p["x"] - x0) * cell + half, oy + (y1 - p["y"]) * cell + half
        shape, label_at = svg._planet_mark(cx, cy, r, bool(p["base"]), bool(p["known"]))
        if p["base"]:
            css, label = "base", ""
        else:
            css = svg.PLANET_CSS[
                bool(p.get("known")), bool(p.get("destroyed")), bool(p.get("uncharted"))]
            label = f"<text {label_at}>{e[p['label']]}</text>"
        add(f'<g class="{css}" data-planet="{e[p["name"]]}" data-x="{p["x"]}" '
            f'data-y="{p["y"]}" data-level="{p["level"]}">'
            f"<title>{e[p['tooltip']]}</title>{shape}{label}</g>\n")
    for h in d.hazards:
        ox, oy = origin[h["level"]]
        cx, cy = ox + (h["x"] - x0) * cell + half, oy + (y1 - h["y"]) * cell + half
        shape = svg.HAZARD_SHAPES[h["kind"]].format(
            cx=cx, cy=cy, r=r, x0=cx - half, y0=cy - half, s=cell, top=cy - r - 1,
            bottom=cy + r + 1, left=cx - r - 1, right=cx + r + 1)
        add(f'<g class="hazard" data-hazard="{e[h["kind"]]}" data-x="{h["x"]}" '
            f'data-y="{h["y"]}" data-level="{h["level"]}">'
            f"<title>{e[h['label']]}</title>{shape}</g>\n")
    for s in d.stops:
        ox, oy = origin[s["level"]]
        cx, cy = ox + (s["x"] - x0) * cell + half, oy + (y1 - s["y"]) * cell + half
        add(f'<path class="stop" data-level="{s["level"]}" d="{svg._cross(cx, cy, r)}">'
            f'<title>{e[s["label"]]}</title></path>\n')
    for s in d.ships:
        ox, oy = origin[s["level"]]
        cx, cy = ox + (s["x"] - x0) * cell + half, oy + (y1 - s["y"]) * cell + half
        label = e[s["label"]]
        add(f'<g class="ship" data-officer="{label}" data-x="{s["x"]}" data-y="{s["y"]}" '
            f'data-level="{s["level"]}"><title>{label}</title>'
            f'<path d="{svg._ship_path(cx, cy, r)}"/>'
            f'<text x="{cx:g}" y="{cy + r + 11:g}" text-anchor="middle">{label}</text></g>\n')
    add(f'<text class="list-title" x="{list_x}" y="{list_y}">Planets on the chart</text>\n')
    out += notes
    if unplaced:
        add(f'<text class="list-title" x="{list_x}" y="{below}">Named in the bulletins, '
            "position not told</text>\n")
        out += unplaced
    legend = svg.LEGENDS[d.reader] + (svg.OUTER_LEGEND if d.hazards else "")
    add(f'<text class="legend" x="10" y="{height + 4}">{e[legend]}</text>\n</svg>\n')
    return "".join(out)


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
