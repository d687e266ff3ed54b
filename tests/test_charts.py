"""Charts hold what their reader knows, nothing more: every chart of the demo game is read back
from its SVG and checked against the events its reader may see and against the true map."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pbem.storage import game_state
from pbem.storage.database import open_db
from pbem.charts import svg
from pbem.charts.knowledge import OwnChart, PublicChart
from pbem.charts.reckoning import moved, offset, route_tracks, square_at, steps, tracks, walk
from pbem.demo import run_demo
from pbem.rules.events import GM, OFFICER, PUBLIC, Event

SVG = "{http://www.w3.org/2000/svg}"
NAMING = ("sighting", "info", "landed", "known", "encounter", "alliance", "tot")


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("charts") / "demo"
    run_demo(folder)
    return folder


def placed(svg: ET.Element) -> dict[str, tuple[int, int, int]]:
    """Planets drawn at a square: designation -> (x, y, level) as the chart's data says."""
    return {g.get("data-planet"): (int(g.get("data-x")), int(g.get("data-y")), int(g.get("data-level")))
            for g in svg.iter(f"{SVG}g") if g.get("data-planet")}


def listed_unplaced(svg: ET.Element) -> set[str]:
    return {t.get("data-planet") for t in svg.iter(f"{SVG}text")
            if "unplaced" in (t.get("class") or "") and t.get("data-planet")}


def inline_svg(html: str) -> ET.Element:
    return ET.fromstring(re.search(r"<svg .*?</svg>", html, re.S).group(0))


def truth(folder: Path) -> tuple[dict[str, tuple[int, int, int]], dict[str, tuple[int, int, int]]]:
    """Every designated planet's square, absolute and from the base, in the final state."""
    state = game_state.load_state(open_db(folder))
    base = state.base.position
    absolute = {p.designation: tuple(p.position) for p in state.planets.values() if p.designation}
    relative = {d: (x - base.x, y - base.y, level - base.level) for d, (x, y, level) in absolute.items()}
    return absolute, relative


def events_upto(folder: Path, move: int) -> list[tuple[int, Event]]:
    db = open_db(folder)
    out = []
    for m in range(1, move + 1):
        out += [(m, e) for e in game_state.load_events(db, m)[0]]
    return out


def heard(events: list[tuple[int, Event]], reader: int | None) -> set[str]:
    return {e.data["planet"] for _, e in events
            if e.visible_to(reader) and e.kind in NAMING and e.data.get("planet")} | {"BASE"}


def test_every_officer_chart_holds_only_what_he_can_know(demo):
    """An officer's chart names no planet he has not heard of, and puts a planet at a square
    only when his own reports or the bulletins let him work it out: then at the true one."""
    _, relative = truth(demo)
    db = open_db(demo)
    officers = {r["id"]: r["name"] for r in db.query("SELECT id, name FROM officers")}
    names_only_heard = 0
    for move in range(1, 7):
        folder = demo / "reports" / f"move-{move:02d}"
        seen = events_upto(demo, move)
        public = placed(ET.parse(folder / "chart-public.svg").getroot())
        for officer_id, name in officers.items():
            html = next(folder.glob(f"report-{officer_id:03d}-*.html")).read_text(encoding="utf-8")
            chart = placed(inline_svg(html))
            his = heard(seen, officer_id)
            assert set(chart) <= his, f"move {move}, {name}: {set(chart) - his} never named to him"
            own = {e.data["planet"] for _, e in seen if e.officer == officer_id
                   and e.visible_to(officer_id) and e.kind in ("sighting", "landed")}
            for designation, square in chart.items():
                assert square == relative[designation], f"{name}'s {designation} at {square}"
                assert designation in own or designation in public, (
                    f"move {move}: {name} could not place {designation}")
            names_only_heard += len(his - set(chart))
    # The check has teeth: officers heard of planets from the bulletins that they cannot place.
    assert names_only_heard > 0


def test_the_public_chart_holds_only_what_the_bulletins_name(demo):
    """The public chart names exactly the planets of the bulletins so far, and places only
    those anchored to the base (at their true square); the others are listed unplaced."""
    _, relative = truth(demo)
    for move in range(1, 7):
        bulletins = "".join((demo / "reports" / f"move-{m:02d}" / "bulletin.txt").read_text(encoding="utf-8")
                            for m in range(1, move + 1))
        named = set(re.findall(r"\bP-\d+\b", bulletins)) | {"BASE"}
        svg = ET.parse(demo / "reports" / f"move-{move:02d}" / "chart-public.svg").getroot()
        drawn, unplaced = placed(svg), listed_unplaced(svg)
        assert set(drawn) | unplaced == named
        assert not set(drawn) & unplaced
        for designation, square in drawn.items():
            assert square == relative[designation]
        assert heard(events_upto(demo, move), None) == named
    # Some planets were sighted mid-route, so the bulletins could not place them.
    assert unplaced


def test_the_gm_chart_holds_the_true_map(demo):
    """The GM's chart shows every planet (uncharted ones too) and every ship where they are."""
    state = game_state.load_state(open_db(demo))
    svg = ET.parse(demo / "reports" / "move-06" / "chart-gm.svg").getroot()
    drawn = placed(svg)
    assert len(drawn) == len(state.planets)
    for p in state.planets.values():
        assert drawn[p.designation or f"#{p.id}"] == tuple(p.position)
    ships = {g.get("data-officer"): (int(g.get("data-x")), int(g.get("data-y")), int(g.get("data-level")))
             for g in svg.iter(f"{SVG}g") if g.get("class") == "ship"}
    assert ships == {o.name: tuple(o.position) for o in state.officers.values()}
    assert svg.get("data-frame") == "zone"


def test_pbem_map_draws_the_same_charts_for_any_move(demo):
    """`pbem map` folds a past move's knowledge again from the events: the same chart the
    move wrote at the time, for every reader."""
    from pbem.game import chart

    for move in (2, 6):
        folder = demo / "reports" / f"move-{move:02d}"
        assert chart(demo, "public", move) == (folder / "chart-public.svg").read_text(encoding="utf-8")
        assert chart(demo, "gm", move) == (folder / "chart-gm.svg").read_text(encoding="utf-8")
        html = (folder / "report-002-niccolo-varro.html").read_text(encoding="utf-8")
        assert chart(demo, "niccolò varro", move).split("\n", 1)[1] in html


# --- the folds, one event at a time -------------------------------------------------------

ME, OTHER = 1, 2


def turn(officer, name, moved=True):
    return Event("turn", PUBLIC, officer, {"officer_name": name, "moved": moved})


def sighting(officer, name, planet, parsec, bearing, base=False):
    return Event("sighting", PUBLIC, officer, {
        "officer_name": name, "parsec": parsec, "planet": planet, "base": base, "known": base,
        "new": False, "points": 0, "distance": 1, "bearing": bearing, "facts": []})


def route(officer, ordered, travelled, reckoning, stop=""):
    return Event("route", OFFICER, officer, {
        "ordered": ordered, "planned": travelled, "travelled": travelled, "stop": stop,
        "stop_parsec": travelled, "planet_ahead": None, "radars": 2, "reach": 2, "tanks": 3,
        "thrust": 15, "reckoning": reckoning})


def sheet(officer, reckoning):
    return Event("sheet", OFFICER, officer, {"officer_name": "x", "reckoning": reckoning})


def test_reckoning_numbers_parsecs_as_reports_do():
    """A level change counts 4 parsecs; the walk stops where the ship stopped."""
    path = walk((0, 0, 0), "2 N + 4 UP + 3 E", 9)
    assert [(s.number, s.at) for s in path] == [
        (0, (0, 0, 0)), (1, (0, 1, 0)), (2, (0, 2, 0)), (6, (0, 2, -1)), (7, (1, 2, -1)),
        (8, (2, 2, -1)), (9, (3, 2, -1))]
    assert [s.number for s in walk((0, 0, 0), "2 N + 4 UP + 3 E", 5)] == [0, 1, 2]
    assert tracks(path) == [(0, [[0, 0], [0, 2]]), (-1, [[0, 2], [3, 2]])]
    assert tracks(walk((0, 0, 0), "NONE", 0)) == []
    assert offset("2 W + 1 NW") == (-3, 1) and offset("here") == (0, 0)


ROUTES = st.lists(st.one_of(
    st.tuples(st.integers(1, 9), st.sampled_from(["N", "NE", "E", "SE", "S", "SW", "W", "NW"])),
    st.tuples(st.sampled_from([4, 8]), st.sampled_from(["UP", "DOWN"]))), max_size=4).map(
    lambda legs: " + ".join(f"{n} {d}" for n, d in legs) or "NONE")


@given(route=ROUTES, travelled=st.integers(0, 40),
       start=st.tuples(st.integers(-9, 9), st.integers(-9, 9), st.integers(-2, 2)))
def test_the_walk_goes_parsec_by_parsec_as_far_as_the_ship_travelled(route, travelled, start):
    path = walk(start, route, travelled)
    assert path[0] == (0, start) and [tuple(s) for s in path] == steps(start, route, travelled)
    for a, b in zip(path, path[1:]):
        flat = a.at[2] == b.at[2]
        assert b.number - a.number == (1 if flat else 4)
        assert max(abs(b.at[0] - a.at[0]), abs(b.at[1] - a.at[1])) == (1 if flat else 0)
    assert path[-1].number <= travelled
    # Not a parsec more could have been flown: the route ends, or its next parsec is too far.
    longer = walk(start, route, travelled + 4)
    assert len(longer) == len(path) or longer[len(path)].number > travelled
    assert moved(route, travelled) == tuple(e - s for e, s in zip(path[-1].at, start))
    # The line of each level: its corners are squares of the walk, in its order.
    squares = [s.at for s in path]
    for level, points in tracks(path):
        assert all((x, y, level) in squares for x, y in points)


@given(route=ROUTES, travelled=st.integers(0, 40),
       start=st.tuples(st.integers(-9, 9), st.integers(-9, 9), st.integers(-2, 2)))
def test_a_route_is_drawn_leg_by_leg_as_its_walk_would_draw_it(route, travelled, start):
    assert route_tracks(start, route, travelled) == tracks(steps(start, route, travelled))


@given(route=ROUTES, travelled=st.integers(0, 40), parsec=st.integers(0, 45),
       start=st.tuples(st.integers(-9, 9), st.integers(-9, 9), st.integers(-2, 2)))
def test_the_square_of_a_parsec_is_found_leg_by_leg_as_the_walk_finds_it(route, travelled,
                                                                          parsec, start):
    assert square_at(start, route, travelled, parsec) == dict(
        steps(start, route, travelled)).get(parsec)




def test_an_officer_places_what_he_sighted_from_his_believed_route():
    chart = OwnChart(ME, at=[5, 5, 0])
    chart.add_move(3, [
        turn(ME, "Me"), sighting(ME, "Me", "P-1", 2, "1 N"),
        route(ME, "3 E", 3, [8, 5, 0]), sheet(ME, [8, 5, 0]),
    ])
    assert chart.planets == {"P-1": {"at": [7, 6, 0], "move": 3}}
    assert chart.at == [8, 5, 0]
    assert chart.tracks == [{"move": 3, "level": 0, "points": [[5, 5], [8, 5]]}]


def test_no_chart_learns_from_events_its_reader_may_not_see():
    """Another officer's private route, and the GM's own events, change nobody's chart."""
    events = [
        turn(OTHER, "Other"), sighting(OTHER, "Other", "P-2", 3, "1 N"),
        route(OTHER, "3 E", 3, [3, 0, 0]), sheet(OTHER, [3, 0, 0]),
        Event("route", GM, OTHER, {"ordered": "3 E", "travelled": 3}),
        Event("sighting", GM, ME, {"planet": "P-9", "parsec": 0, "bearing": "1 N", "base": False,
                                    "officer_name": "Me"}),
    ]
    mine = OwnChart(ME)
    mine.add_move(1, events)
    assert mine.planets == {} and mine.tracks == []
    public = PublicChart()
    public.add_move(1, events)
    # P-2 is heard of (the bulletin names it) but not placed: only Other's report gives his route.
    assert public.planets["P-2"]["at"] is None
    assert "P-9" not in public.planets


def test_the_bulletins_anchor_what_is_seen_from_a_known_square():
    """From the base (a first turn) and from a placed planet, a sighting at the start of the
    route places the planet; seeing the base from the start of a route tells where one is."""
    public = PublicChart()
    public.add_move(1, [
        turn(ME, "Me"), sighting(ME, "Me", "P-1", 0, "2 E"), sighting(ME, "Me", "P-2", 4, "1 N"),
        Event("landed", PUBLIC, ME, {"officer_name": "Me", "planet": "P-1", "base": False,
                                     "forced": False, "parsec": 2}),
    ])
    assert public.planets["P-1"]["at"] == [2, 0, 0]
    assert public.planets["P-2"]["at"] is None
    public.add_move(2, [
        turn(ME, "Me"), sighting(ME, "Me", "P-3", 0, "1 S"),  # from P-1, where he landed
        turn(OTHER, "Other"),  # his first turn starts on the base; where it ends is private
    ])
    assert public.ships["Other"] is None
    assert public.planets["P-3"]["at"] == [2, -1, 0]
    public.add_move(3, [
        # Somewhere unknown, he sees the base 2 W of him: he is 2 E of it, and P-4 with him.
        turn(OTHER, "Other"), sighting(OTHER, "Other", "P-4", 0, "1 N"),
        sighting(OTHER, "Other", "BASE", 0, "2 W", base=True),
    ])
    assert public.planets["P-4"]["at"] == [2, 1, 0]


def test_an_officer_told_nothing_of_his_route_reckons_it_flown_to_its_end():
    """Without a computer (3D f) the report gives only the route ordered and the reckoning
    as if flown whole: his chart is wrong where the rules make it wrong."""
    told = Event("route", OFFICER, ME, {"ordered": "4 E", "planned": 4, "radars": 2, "reach": 2,
                                        "tanks": 3, "thrust": 15, "link": False,
                                        "reckoning": [4, 0, 0]})
    chart = OwnChart(ME)
    chart.add_move(1, [turn(ME, "Me"), told, sheet(ME, [4, 0, 0])])
    assert chart.tracks == [{"move": 1, "level": 0, "points": [[0, 0], [4, 0]]}]
    lost = Event("route", OFFICER, ME, {"ordered": "3 N", "planned": 3, "travelled": 0,
                                        "stop": "lost", "stop_parsec": 0, "link": True})
    chart.add_move(2, [turn(ME, "Me"), lost, sheet(ME, [0, 0, 0])])
    assert chart.tracks == [] and chart.at == [0, 0, 0]  # never flown: no new track
    assert chart.trail == {"0": "M0 0L4 0"}  # last move's route, kept ready to draw


def test_the_gm_reads_how_far_an_untold_route_really_went():
    from dataclasses import replace

    from pbem.charts.truth import tabula
    from pbem.rules.galaxy import base_planet
    from pbem.rules.geometry import Position
    from pbem.rules.state import GameState, Officer, Zone

    from core import marthia

    base = base_planet(1, Position(10, 10, 2))
    me = Officer(ME, "Me", "Decurio", 0, marthia(computers=0), Position(10, 10, 2), 0, landed_on=1)
    before = GameState(Zone(30), {1: base}, {ME: me}, 1)
    after = GameState(Zone(30), {1: base}, {ME: replace(me, position=Position(12, 10, 2))}, 1)
    events = [
        Event("route", OFFICER, ME, {"ordered": "4 E", "planned": 4, "link": False,
                                     "reckoning": [4, 0, 0]}),
        Event("untold-route", GM, ME, {"travelled": 2, "stop": "planet-ahead", "stop_parsec": 2}),
    ]
    truth = tabula(before, after, events, 1, lambda facts: facts)
    assert truth["tracks"] == [{"officer": "Me", "level": 2, "points": [[10, 10], [12, 10]]}]
    assert truth["ships"][0]["at"] == [12, 10, 2]


@given(st.dictionaries(st.text(alphabet="ab <Z", max_size=4), st.one_of(
    st.none(), st.just({"on": "BASE"}), st.just({"on": "P-1"}),
    st.tuples(st.integers(-3, 3), st.integers(-3, 3), st.integers(0, 1)).map(
        lambda at: {"at": list(at)})), max_size=12))
def test_the_public_chart_draws_the_ships_it_places_in_name_order(ships):
    # `svg.public_drawing` sorts the ships the bulletins place, without those they do not
    # (None): the ships every ship sorted by name would give.
    from pbem.charts.knowledge import BASE_DESIGNATION
    chart = PublicChart()
    chart.planets["P-1"] = {**chart.planets[BASE_DESIGNATION], "at": None, "base": False}
    chart.ships = {name: ({"on": BASE_DESIGNATION} if where == {"on": "BASE"} else where)
                   for name, where in ships.items()}
    drawn = svg.public_drawing(chart, game="g", move=1, marks={}).ships
    every = [(name, chart.square(where)) for name, where in sorted(chart.ships.items())]
    assert drawn == [{"level": at[2], "x": at[0], "y": at[1], "label": name}
                     for name, at in every if at is not None]
