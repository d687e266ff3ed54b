"""A chart through `chart.svg.j2` is well-formed SVG whose every name is escaped and
cleaned, for drawings of every kind of entry, of every reader, on frames of every size; an
officer drawn among the planets drawn once for the move is drawn as alone.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem import render
from pbem.charts import book, svg
from pbem.charts.knowledge import officer_planets

from game_views import random_game_views

NAMES = st.text(alphabet=st.sampled_from('ab <>&"\'\u202e-#1'), max_size=120)
SQUARE = st.integers(-40, 40)


@st.composite
def drawings(draw) -> svg.Drawing:
    reader = draw(st.sampled_from(["officer", "public", "gm"]))
    frame = draw(st.sampled_from(["base", "zone"]))
    top = draw(st.integers(-2, 3))
    levels = list(range(top, top + draw(st.integers(1, 4))))
    x0, y0 = draw(SQUARE), draw(SQUARE)
    side = draw(st.integers(0, 250))
    level = st.sampled_from(levels)

    def square():
        return {"level": draw(level), "x": draw(st.integers(x0, x0 + side)),
                "y": draw(st.integers(y0, y0 + side))}

    def some(make, most=4):
        return [make() for _ in range(draw(st.integers(0, most)))]

    planets = some(lambda: {
        **square(), "name": draw(NAMES), "base": draw(st.booleans()),
        "known": draw(st.booleans()), "destroyed": draw(st.booleans()),
        "uncharted": draw(st.booleans()), "label": draw(NAMES), "tooltip": draw(NAMES)})
    tracks = some(lambda: {
        "level": draw(level), "label": draw(NAMES), "last": draw(st.booleans()),
        "points": [(draw(st.integers(x0, x0 + side)), draw(st.integers(y0, y0 + side)))
                   for _ in range(draw(st.integers(1, 5)))]})
    trails = some(lambda: {"level": draw(level), "label": draw(NAMES),
                           "d": draw(st.from_regex(r"\AM-?[0-9] [0-9](L[0-9] -?[0-9])*\Z"))})
    hazards = some(lambda: {**square(), "label": draw(NAMES), "kind": draw(
        st.sampled_from(sorted(svg.HAZARD_SHAPES)))})
    notes = some(lambda: {"name": draw(st.none() | NAMES), "text": draw(NAMES),
                          "css": draw(st.sampled_from(["", "known", "more"]))}, 6)
    unplaced = some(lambda: {"name": draw(NAMES), "text": draw(NAMES)})
    spots = [square() for _ in range(draw(st.integers(1, 3)))]  # ships share squares
    return svg.Drawing(
        reader=reader, title=draw(NAMES), subtitle=draw(NAMES), frame=frame, levels=levels,
        x0=x0, x1=x0 + side, y0=y0, y1=y0 + side, planets=planets, tracks=tracks,
        trails=trails, ships=some(lambda: {**draw(st.sampled_from(spots)), "label": draw(NAMES)}, 5),
        stops=some(lambda: {**square(), "label": draw(NAMES)}, 2), notes=notes,
        unplaced=unplaced, hazards=hazards)


HTML = render.environment(None, "html")


@settings(max_examples=300, deadline=None)
@given(drawings(), st.sampled_from(["chart", "public", "gm"]), st.booleans())
def test_a_chart_is_well_formed_svg_its_names_escaped(drawing, chart_id, standalone):
    text = svg.render_svg(HTML, drawing, chart_id=chart_id, standalone=standalone)
    root = ElementTree.fromstring(text.encode("utf-8") if standalone else text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert "\u202e" not in text  # a bidi override a name could hide is dropped
    title = root.find("{http://www.w3.org/2000/svg}title")
    assert title.text == drawing.title.replace("\u202e", "") or (
        not title.text and not drawing.title.replace("\u202e", ""))


@pytest.mark.parametrize("level", ["basic", "advanced"])
def test_an_officer_drawn_on_the_planets_drawn_once_is_drawn_as_alone(level):
    """The bulletins' placements drawn once for the move (`svg.base_planets`), then each
    officer's own placed among them, give every officer's chart as drawn on its own."""
    drawn_mine = 0
    for seed in range(3):
        for move, view, events in random_game_views(seed, 8, level):
            charts = book.of_move_alone(move, events)
            placed = charts.placed()
            public = svg.base_planets(placed, charts.marks)
            for officer_id, sheet in view.sheets.items():
                own = charts.own[officer_id]
                known = officer_planets(charts.public, placed, own)
                words = dict(officer=sheet["officer_name"], rank=sheet["rank"], game="aleae",
                             move=move, marks=charts.marks)
                assert (svg.officer_drawing(own, known, public=public, **words)
                        == svg.officer_drawing(own, known, **words))
                drawn_mine += bool(own.planets)
    assert drawn_mine


def ticks_square_by_square(x0, x1, y0, y1, cell, px, py, frame):
    """A panel's scale, every square of the frame looked at in turn."""
    side = x1 - x0 + 1
    size = side * cell
    step = 5 if side <= 60 else 10 if side <= 120 else 25
    return "\n".join([
        f'<text class="tick" x="{px + (sx - x0) * cell + cell / 2:g}" y="{py + size + 11}" '
        f'text-anchor="middle">{svg._tick(sx, "E", "W", frame)}</text>'
        for sx in range(x0, x1 + 1) if sx % step == 0
    ] + [
        f'<text class="tick" x="{px - 3}" y="{py + (y1 - sy) * cell + cell / 2 + 3:g}" '
        f'text-anchor="end">{svg._tick(sy, "N", "S", frame)}</text>'
        for sy in range(y0, y1 + 1) if sy % step == 0
    ])


@settings(max_examples=300, deadline=None)
@given(x0=st.integers(-260, 260), y0=st.integers(-260, 260), side=st.integers(1, 260),
       cell=st.integers(2, 20), px=st.integers(0, 900), py=st.integers(0, 900),
       frame=st.sampled_from(["base", "zone"]))
def test_a_panels_scale_marks_the_squares_it_would_find_square_by_square(x0, y0, side, cell,
                                                                          px, py, frame):
    """The ticks go from the first multiple of their step, a step at a time."""
    args = (x0, x0 + side - 1, y0, y0 + side - 1, cell, px, py, frame)
    assert svg._ticks(*args) == ticks_square_by_square(*args)
