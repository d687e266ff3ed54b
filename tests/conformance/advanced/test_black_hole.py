"""5B a: the black hole: DISTANCE - MASS (ship level) - d6 from the route's parsec nearest
the nucleus, once a move; a negative result is that many damages on TAB. C; a route moving
away feels nothing; its influence reaches every level from the same square."""

from __future__ import annotations

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders

from conformance.conftest import FACE, outer, route
from core import SHIPS, in_space, of, one, play


def test_5Ba_distance_minus_level_minus_d6_damages():
    # 4 E from (14, 20): the 4th parsec is 2 from the nucleus; GLADIUM 1, d6 4: -3.
    s = outer([], [in_space(Position(14, 20, 2))])
    r = play(s, {1: Orders(route=route("4 E"))},
             {"black-hole": [4], "damage": [FACE["shields"], FACE["lasers"], FACE["hull"]]})
    roll = one(r, "black-hole-roll")
    assert (roll["parsec"], roll["distance"], roll["ship_level"], roll["damages"]) == (4, 2, 1, 3)
    assert (r.state.officers[1].ship.shields, r.state.officers[1].ship.lasers) == (4, 2)


def test_5Ba_no_damage_when_the_formula_is_not_negative():
    s = outer([], [in_space(Position(11, 20, 2))])
    r = play(s, {1: Orders(route=route("5 E"))}, {"black-hole": [1]})  # 4 - 1 - 1 = 2
    assert one(r, "black-hole-roll")["damages"] == 0 and of(r, "damage") == []


def test_5Ba_the_ship_level_is_its_mass():
    s = outer([], [in_space(Position(14, 20, 2), SHIPS["HASTA"])])
    r = play(s, {1: Orders(route=route("4 E"))}, {"black-hole": [1], "damage": [FACE["modules"]] * 2})
    assert one(r, "black-hole-roll")["damages"] == 2  # 2 - 3 - 1


def test_5Ba_a_route_moving_away_is_not_considered():
    s = outer([], [in_space(Position(18, 20, 2))])
    r = play(s, {1: Orders(route=route("4 W"))})  # strict dice: a roll would fail
    assert of(r, "black-hole-roll") == []


def test_5Ba_the_influence_is_the_same_on_every_level():
    s = outer([], [in_space(Position(14, 20, 4))])
    r = play(s, {1: Orders(route=route("4 E"))}, {"black-hole": [6], "damage": [FACE["modules"]] * 5})
    assert one(r, "black-hole-roll")["distance"] == 2
