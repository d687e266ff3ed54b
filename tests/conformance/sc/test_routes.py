"""S.C. basic D: the routes: each officer in the order drawn by lot, the second marker the
start of the next move; a route leaving the zone ends at the last useful parsec, told."""

from __future__ import annotations

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders

from conformance.conftest import route
from core import in_space, one, play, state, then


def test_SC_D_the_end_of_a_route_is_the_start_of_the_next():
    s = state([], [in_space(Position(20, 20, 2))])
    r = play(s, {1: Orders(route=route("3 N"))})
    r = play(then(r), {1: Orders(route=route("2 E"))})
    assert r.state.officers[1].position == Position(22, 23, 2)


def test_SC_D_a_route_leaving_the_zone_ends_at_its_limit_even_if_it_would_come_back():
    s = state([], [in_space(Position(2, 20, 2))])
    r = play(s, {1: Orders(route=route("4 W", "4 E"))})
    told = one(r, "route")
    assert (told["stop"], told["stop_parsec"]) == ("edge", 2)
    assert r.state.officers[1].position == Position(0, 20, 2)
