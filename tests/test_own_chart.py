"""An officer's chart as `pbem resolve` writes it (`render.officer_chart` with the move's
`OfficersCharts`: his planets put in among the bulletins' placements, drawn once for the
move, without sorting) is byte for byte his drawing alone through chart.svg.j2, and his
JSON report's planets are `report_json.chart_planets` of all he knows:
in random games, and in random knowledge (his reckoning moving the bulletins' planets,
routes on many levels, names that need escaping, facts long enough to wrap).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem import render, report_json
from pbem.charts import book, svg
from pbem.charts.book import MoveCharts
from pbem.charts.knowledge import (
    OwnChart, Placements, PublicChart, cuts, designation_order, officer_planets, spliced,
)
from pbem.rules.events import OFFICER, PUBLIC, Event
from pbem.rules.galaxy import BASE_DESIGNATION

from game_views import TEMPLATES, random_game_views

HTML = render.environment(None, "html")


def as_drawn(charts: MoveCharts, officer_id: int, sheet: dict, *, game: str, move: int,
             standalone: bool) -> tuple[str, dict]:
    """The chart and the JSON data as drawn on their own, the general way."""
    own = charts.own[officer_id]
    known = officer_planets(charts.public, charts.placed(), own)
    drawing = svg.officer_drawing(own, known, officer=sheet["officer_name"], rank=sheet["rank"],
                                  game=game, move=move, marks=charts.marks)
    return (svg.render_svg(HTML, drawing, chart_id="chart", standalone=standalone),
            {"frame": "base", "at": own.at, "planets": report_json.chart_planets(known)})


def assert_as_drawn(charts: MoveCharts, sheets: dict[int, dict], *, game: str, move: int) -> None:
    shared = render.OfficersCharts(HTML, charts, game=game, move=move)
    for officer_id, sheet in sheets.items():
        for standalone in (True, False):
            assert render.officer_chart(HTML, charts, officer_id, sheet, game=game, move=move,
                                        shared=shared, standalone=standalone) == as_drawn(
                charts, officer_id, sheet, game=game, move=move, standalone=standalone)


@pytest.mark.parametrize("level", ["basic", "advanced"])
def test_every_officers_chart_of_random_games_is_his_drawing_printed(level):
    mine = 0
    for seed in range(3):
        for move, view, events in random_game_views(seed, 8, level):
            charts = book.of_move_alone(move, events)
            assert_as_drawn(charts, view.sheets, game="aleae <&>", move=move)
            mine += sum(bool(charts.own[o].planets) for o in view.sheets)
    assert mine


NAMES = st.text(alphabet=st.sampled_from('ab <>&"\'\u202e-#1P'), min_size=1, max_size=30)
DESIGNATIONS = st.one_of(st.integers(1, 40).map(lambda n: f"P-{n}"),
                         st.integers(1, 9).map(lambda n: f"#{n}"), NAMES)
FACTS = st.lists(st.sampled_from(["arid", "Gnomi <folk>", "water & ice", "a world of long "
                                  "seas and longer winters, told of at length " * 2]), max_size=3)
SQUARE = st.lists(st.integers(-30, 30), min_size=2, max_size=2)
LEVEL = st.integers(-2, 3)


@st.composite
def knowledge(draw) -> tuple[MoveCharts, dict[int, dict]]:
    """A public chart of random placements, and officers who know some planets themselves."""
    move = draw(st.integers(1, 9))
    public = PublicChart(move)
    for name in draw(st.lists(DESIGNATIONS, max_size=8, unique=True)):
        if name != BASE_DESIGNATION:
            public.planets[name] = {
                "at": draw(st.none() | SQUARE.map(lambda s: s + [draw(LEVEL)])),
                "facts": draw(FACTS), "known": draw(st.booleans()),
                "destroyed": draw(st.booleans()), "race": draw(st.none() | NAMES),
                "base": False, "since": 1}
    heard = sorted(public.planets)
    own, sheets = {}, {}
    for officer_id in range(1, draw(st.integers(1, 4)) + 1):
        def square():
            x, y = draw(SQUARE)
            return [x, y, draw(LEVEL)]
        tracks = [{"move": draw(st.integers(1, move)), "level": draw(LEVEL),
                   "points": draw(st.lists(st.tuples(st.integers(-30, 30), st.integers(-30, 30)),
                                           min_size=1, max_size=4))}
                  for _ in range(draw(st.integers(0, 3)))]
        trail = {str(level): draw(st.from_regex(r"\AM-?[0-9] [0-9](L[0-9] -?[0-9])*\Z"))
                 for level in draw(st.lists(LEVEL, max_size=3, unique=True))}
        spans = st.none() | st.tuples(st.integers(-40, 0), st.integers(0, 40), st.integers(-40, 0),
                                      st.integers(0, 40)).map(list)
        names = draw(st.lists(st.sampled_from(heard) | DESIGNATIONS, max_size=4, unique=True))
        own[officer_id] = OwnChart(
            officer_id, move, square(), tracks, trail, draw(spans),
            {name: {"at": square(), "move": draw(st.integers(1, move))}
             for name in names if name != BASE_DESIGNATION},
            [{"move": draw(st.integers(1, move)), "at": square(),
              "stop": draw(st.sampled_from(sorted(svg.STOP_WORDS))),
              "parsec": draw(st.integers(0, 9))} for _ in range(draw(st.integers(0, 2)))])
        sheets[officer_id] = {"officer_name": draw(NAMES), "rank": draw(NAMES)}
    marks = {"arid": "A", "Gnomi <folk>": "G&"}
    return MoveCharts(move, public, own, None, marks), sheets


@pytest.mark.parametrize("level", ["basic", "advanced"])
def test_a_move_folded_at_once_is_each_officers_events_folded_alone(level):
    """`book.fold` hands each officer only his events of the kinds his chart reads: what
    `OwnChart.add_move` of every event of the move makes of his chart."""
    for seed in range(2):
        public, own, alone = PublicChart(), {}, {}
        for move, view, events in random_game_views(seed, 6, level):
            own = book.fold(public, own, move, events, sorted(view.sheets))
            for officer_id in view.sheets:
                alone.setdefault(officer_id, OwnChart(officer_id)).add_move(move, events)
                assert own[officer_id].to_dict() == alone[officer_id].to_dict()
    # A Princeps PSI's warning, which random games of a few moves seldom give.
    warned = [Event("turn", PUBLIC, 1, {"officer_name": "Ann", "moved": True}),
              Event("psi-warning", OFFICER, 1, {"hazard": "distortion", "parsec": 2}),
              Event("route", OFFICER, 1, {"ordered": "3 E", "planned": 3, "travelled": 2,
                                          "stop": "distortion", "stop_parsec": 2,
                                          "reckoning": [2, 0, 0]}),
              Event("sheet", OFFICER, 1, {"officer_name": "Ann", "reckoning": [2, 0, 0]})]
    folded = book.fold(PublicChart(), {}, 1, warned, [1])[1]
    assert folded.stops[0]["stop"] == "distortion-sensed"
    chart = OwnChart(1)
    chart.add_move(1, warned)
    assert folded.to_dict() == chart.to_dict()


@settings(max_examples=100, deadline=None)
@given(knowledge(), NAMES)
def test_every_officers_chart_of_random_knowledge_is_his_drawing_printed(known, game):
    charts, sheets = known
    assert_as_drawn(charts, sheets, game=game, move=charts.move)


@settings(max_examples=100, deadline=None)
@given(knowledge(), st.data())
def test_charts_around_the_same_squares_are_each_his_drawing_printed(known, data):
    """Officers around the same squares, drawn in one move: each chart is his drawing
    printed, whatever the others' charts drew before it. Each officer here has fellows of
    the same knowledge, or of his routes and stops from elsewhere, or on other levels."""
    charts, sheets = known
    own = dict(charts.own)
    for officer_id, chart in charts.own.items():
        for n in range(data.draw(st.integers(1, 3))):
            fellow = OwnChart.from_dict({**chart.to_dict(), "officer": len(own) + 1})
            if data.draw(st.booleans()):
                fellow.at = data.draw(SQUARE) + [data.draw(LEVEL)]
            if data.draw(st.booleans()):
                fellow.planets = {}
            # His tracks as read back from the database, some of them on another level.
            fellow.tracks = [{**t, "points": [list(p) for p in t["points"]],
                              "level": data.draw(st.sampled_from([t["level"], 0, 1]))}
                             for t in fellow.tracks]
            own[fellow.officer] = fellow
            sheets[fellow.officer] = {"officer_name": f"{sheets[officer_id]['officer_name']}{n}",
                                      "rank": sheets[officer_id]["rank"]}
    charts.own = own
    assert_as_drawn(charts, dict(data.draw(st.permutations(sorted(sheets.items())))),
                    game="aleae", move=charts.move)


@settings(max_examples=150, deadline=None)
@given(st.lists(DESIGNATIONS, unique=True), st.lists(DESIGNATIONS, unique=True))
def test_an_officers_planets_spliced_among_the_bulletins_are_in_designation_order(shared, own):
    """His own take the place of the bulletins' of the same designation, the others go in
    where designation order puts them: what sorting them all would give."""
    shared = sorted(shared, key=designation_order)
    own = sorted(own, key=designation_order)
    keys = [designation_order(n) for n in shared]
    together = spliced([("bulletins", n) for n in shared],
                       cuts(keys, [designation_order(n) for n in own]), [("his", n) for n in own])
    expected = sorted({**{n: "bulletins" for n in shared}, **{n: "his" for n in own}}.items(),
                      key=lambda i: designation_order(i[0]))
    assert together == [(who, n) for n, who in expected]


def test_placements_put_his_own_planets_as_officer_planets_does():
    public = PublicChart(2)
    public.planets["P-2"] = {"at": [1, 2, 0], "facts": ["arid"], "known": True,
                             "destroyed": False, "race": "Gnomi", "base": False, "since": 1}
    public.planets["P-3"] = {"at": None, "facts": [], "known": False, "destroyed": False,
                             "race": None, "base": False, "since": 2}
    own = OwnChart(1, planets={"P-3": {"at": [4, 4, 1], "move": 2},
                               "P-2": {"at": [2, 2, 0], "move": 2},
                               "P-9": {"at": [5, 0, 0], "move": 1}})
    placements = Placements(public)
    assert placements.names == [BASE_DESIGNATION, "P-2"]
    where, mine = placements.own(own)
    assert [placed.name for placed in mine] == ["P-2", "P-3", "P-9"]
    assert where == [(1, 2), (2, 2), (2, 2)]  # P-2 his, in place of the bulletins'
    known = officer_planets(public, placements.placed, own)
    assert {placed.name: placed.planet for placed in mine} == {
        name: known[name] for name in own.planets}


def test_an_overridden_chart_template_draws_the_officers_charts(tmp_path):
    move, view, events = next(random_game_views(1, 1, "basic"))
    (tmp_path / "templates").mkdir()
    source = (TEMPLATES / "chart.svg.j2").read_text(encoding="utf-8")
    (tmp_path / "templates" / "chart.svg.j2").write_text(
        source.replace('>{{ _("Planets on the chart") }}<', ">SEPTIMA<"), encoding="utf-8")
    env = render.environment(tmp_path, "html")
    charts = book.of_move_alone(move, events)
    shared = render.OfficersCharts(env, charts, game="aleae", move=move)
    for officer_id, sheet in view.sheets.items():
        chart, data = render.officer_chart(env, charts, officer_id, sheet, game="aleae",
                                           move=move, shared=shared, standalone=False)
        assert ">SEPTIMA<" in chart and not chart.startswith("<?xml")
        assert data == as_drawn(charts, officer_id, sheet, game="aleae", move=move,
                                standalone=False)[1]
