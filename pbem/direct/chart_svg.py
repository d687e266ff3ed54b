"""`chart.svg.j2` written in Python: a chart as SVG text, the same bytes.

It prints what `pbem.charts.svg.layout` laid out, as the template does: the geometry comes
ready-made (numbers and fixed words), every name and fact goes through `Escaped`. The style
sheet is the template's own, cut from its source (`style_of`).
"""

from __future__ import annotations

from typing import Any

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
