"""5B c: a Nullius distortion blocks the route on its square, told to the officer, and
shifts the ship up to 6 parsecs in secret; a shift onto a planet lands the ship there."""

from __future__ import annotations

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders
from pbem.rules.state import Planet

from conformance.conftest import outer, route
from core import RULES, faces_to, in_space, one, play

ZONE = {z: RULES.tables["P"].columns[0].faces.index(z) + 1 for z in RULES.environments}


def test_5Bc_the_route_ends_at_the_distortion_and_the_shift_is_secret():
    s = outer([], [in_space(Position(5, 20, 2))])
    r = play(s, {1: Orders(route=route("8 N"))}, {"distortion": [2, 3]})
    told = one(r, "route")
    assert (told["stop"], told["stop_parsec"], told["reckoning"]) == ("distortion", 5, [0, 5, 0])
    assert r.state.officers[1].position == Position(8, 25, 2)


def test_5Bc_a_shift_onto_an_uncharted_planet_lands_the_ship():
    uncharted = Planet(3, Position(11, 25, 2))
    s = outer([uncharted], [in_space(Position(5, 20, 2))])
    r = play(s, {1: Orders(route=route("8 N"))},
             {"distortion": [2, 6], "info": faces_to("sevolventes"), "radioactivity": [5],
              "landing-risk": [3], "presence": [2], "landing-zone": [ZONE["plains"]]})
    assert r.state.officers[1].landed_on == 3 and r.state.officers[1].landing is not None
