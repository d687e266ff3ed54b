"""S.C. rule E: "If the declared route crossed a planet, the movement would end on the first
parsec on which the sighting of this occurs". With several uncharted planets on the route,
the move ends on the first parsec from which any of them is sighted (DESIGN), not where the
first one crossed comes into view."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.geometry import Position, Segment
from pbem.rules.orders import Orders

from core import in_space, one, planet, play, state

START = Position(10, 14, 2)
ROUTE = (Segment(6, "E"), Segment(2, "N"), Segment(6, "W"))  # 14 parsecs, 3 tanks of 5


def uncharted(pid: int, at: Position):
    return replace(planet("oz-minerals", pid=pid, position=at), designation=None, facts=(),
                   populated=False, discovered_by=None, discovered_move=None)


def test_SC_E_two_uncharted_planets_stop_the_route_where_the_first_is_sighted():
    # Crossed first, at the 5th parsec; in view (2 radars) from the 3rd.
    east = uncharted(2, Position(15, 14, 2))
    # On the westward leg, crossed at the 11th parsec; in view from the 1st.
    west = uncharted(3, Position(13, 16, 2))
    s = state([east, west], [in_space(START)])
    r = play(s, {1: Orders(route=ROUTE)})
    route = one(r, "route")
    assert route["stop"] == "planet-ahead" and route["stop_parsec"] == 1
    assert r.state.officers[1].position == Position(11, 14, 2)
    assert route["planet_ahead"] == r.state.planets[3].designation


def test_SC_E_a_planet_landed_on_does_not_hide_another_on_the_route():
    """The landing's planet is exempt (it is where the route ends, "LANDING" declared), the
    other planet on the route still stops it where it is sighted."""
    target = uncharted(2, Position(10, 16, 2))  # the route's last parsec
    west = uncharted(3, Position(13, 16, 2))
    s = state([target, west], [in_space(START)])
    r = play(s, {1: Orders(route=ROUTE, attitude="A")})
    route = one(r, "route")
    assert route["stop"] == "planet-ahead" and route["stop_parsec"] == 1
    assert r.state.officers[1].landing is None
