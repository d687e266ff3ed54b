"""3D e: radar; 3F b: sightings, and a planet found exactly along a route."""

from __future__ import annotations

import pytest

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders
from pbem.rules.sighting import radar_range
from pbem.rules.state import Planet

from conformance.conftest import route
from core import faces_to, in_space, landing_of, marthia, of, one, play, state

FAR = Position(20, 20, 2)  # far from the base at (10, 10)


def sighted(r) -> list[tuple[int, int, str]]:
    return [(s["parsec"], s["distance"], s["bearing"]) for s in of(r, "sighting") if not s["base"]]


def test_3De_each_radar_reaches_one_parsec_more_up_to_3():
    assert [radar_range(n) for n in range(6)] == [0, 1, 2, 3, 3, 3]


@pytest.mark.parametrize("radars, seen", [(1, False), (2, True)])
def test_3De_a_planet_2_parsecs_away_is_seen_with_2_radars_not_1(radars, seen):
    p = Planet(2, FAR._replace(x=22))
    r = play(state([p], [in_space(FAR)]), {1: Orders(radars=radars)})
    assert sighted(r) == ([(0, 2, "2 E")] if seen else [])


def test_3De_radars_see_every_planet_in_range_whatever_their_number():
    planets = [Planet(2 + i, FAR._replace(x=FAR.x + dx, y=FAR.y + dy))
               for i, (dx, dy) in enumerate([(1, 0), (-2, 0), (0, 2), (2, -2)])]
    r = play(state(planets, [in_space(FAR)]), {1: Orders()})
    assert len(sighted(r)) == 4


def test_3Fb_a_sighting_is_told_from_the_route_parsec_nearest_the_planet():
    """Section 6, turn I: 10 N + 5 E sights a planet at the 10th parsec, 1 W + 1 NW."""
    start = Position(5, 2, 2)
    p = Planet(2, Position(3, 13, 2))
    r = play(state([p], [in_space(start)]), {1: Orders(route=route("10 N", "5 E"))})
    assert sighted(r) == [(10, 2, "1 W + 1 NW")]


def test_3Fb_a_planet_exactly_along_the_route_stops_it_at_the_radars_reach():
    p = Planet(2, FAR._replace(y=FAR.y + 7))
    r = play(state([p], [in_space(FAR)]), {1: Orders(route=route("10 N"))})
    assert r.state.officers[1].position == FAR._replace(y=FAR.y + 5)
    assert (one(r, "route")["stop"], one(r, "route")["travelled"]) == ("planet-ahead", 5)
    assert r.state.officers[1].landing is None


def test_3Fb_without_radars_the_ship_lands_on_the_planet_crossed():
    p = Planet(2, FAR._replace(y=FAR.y + 7))
    s = state([p], [in_space(FAR, marthia(radars=0))])
    r = play(s, {1: Orders(route=route("10 N"))}, {"info": faces_to("oz-minerals")})
    assert r.state.officers[1].position == p.position
    assert r.state.officers[1].landed_on == 2


def test_3Fb_a_route_ending_on_the_planet_with_a_landing_declared_lands():
    p = Planet(2, FAR._replace(y=FAR.y + 7))
    s = state([p], [in_space(FAR)])
    r = play(s, {1: Orders(route=route("7 N"), attitude="A")}, {"info": faces_to("oz-minerals")})
    assert r.state.officers[1].landed_on == 2 and landing_of(r).planet == 2
