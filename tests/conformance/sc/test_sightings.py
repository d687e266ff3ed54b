"""S.C. basic E: sightings, heard by all: the parsec of the route (the nearest one), the
distance, the direction; a route crossing an uncharted planet ends where it is sighted, or,
without radar, lands on it."""

from __future__ import annotations

from pbem.rules.events import PUBLIC
from pbem.rules.geometry import Position
from pbem.rules.orders import Orders
from pbem.rules.state import Planet

from conformance.conftest import route
from core import faces_to, in_space, marthia, one, play, state

FAR = Position(20, 20, 2)


def test_SC_E_a_sighting_is_public_and_told_from_the_nearest_parsec():
    p = Planet(2, Position(24, 22, 2))
    r = play(state([p], [in_space(FAR)]), {1: Orders(route=route("8 E"))})
    [event] = [e for e in r.events if e.kind == "sighting" and not e.data["base"]]
    assert event.audience == PUBLIC
    assert (event.data["parsec"], event.data["distance"], event.data["bearing"]) == (4, 2, "2 N")


def test_SC_E_ties_of_distance_go_to_the_nearer_in_a_straight_line():
    p = Planet(2, Position(24, 22, 2))  # 2 parsecs from the 2nd to the 6th parsec of 8 E
    r = play(state([p], [in_space(FAR)]), {1: Orders(route=route("8 E"))})
    assert one(r, "sighting")["parsec"] == 4


def test_SC_E_a_route_crossing_an_uncharted_planet_ends_where_it_is_first_sighted():
    p = Planet(2, Position(28, 20, 2))
    r = play(state([p], [in_space(FAR, marthia(radars=3))]), {1: Orders(route=route("9 E"))})
    assert r.state.officers[1].position == Position(25, 20, 2)
    assert one(r, "route")["stop"] == "planet-ahead"
    assert one(r, "sighting")["parsec"] == 5


def test_SC_E_without_radar_the_landing_on_the_planet_crossed_is_obligatory():
    p = Planet(2, Position(24, 20, 2))
    s = state([p], [in_space(FAR, marthia(radars=0))])
    r = play(s, {1: Orders(route=route("9 E"))}, {"info": faces_to("oz-minerals")})
    assert r.state.officers[1].landed_on == 2 and one(r, "route")["stop"] == "forced-landing"
