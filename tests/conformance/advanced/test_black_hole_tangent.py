"""5B a: black holes, "in case of routes tangent to their zone of influence ... produce
damage", and the calculation "is not considered in case of routes that move away from the
B.N.". A route that keeps its distance from the nucleus is rolled for; only one whose every
parsec is farther than its start is spared (ruling BLACK_HOLE_TANGENT_ROUTES_ARE_ROLLED)."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules import rulings
from pbem.rules.geometry import Position, Segment
from pbem.rules.hazards import Hazards
from pbem.rules.orders import Orders

from core import in_space, of, one, play, state

NUCLEUS = (20, 20)


def outer(at: Position):
    s = state([], [in_space(at)], settings={"rules": [], "level": "advanced"})
    return replace(s, hazards=Hazards(black_hole=NUCLEUS))


def test_5Ba_a_route_tangent_to_the_zone_of_influence_is_rolled_for():
    # Along y = 16 from x = 17: 4 parsecs from the nucleus at every parsec, start included.
    assert rulings.BLACK_HOLE_TANGENT_ROUTES_ARE_ROLLED
    r = play(outer(Position(17, 16, 2)), {1: Orders(route=(Segment(3, "E"),))},
             {"black-hole": [3]})
    roll = one(r, "black-hole-roll")
    # The first parsec past the start as near as any: DISTANCE 4 - MASS 1 - d6 3 = 0.
    assert (roll["parsec"], roll["distance"], roll["damages"]) == (1, 4, 0)


def test_5Ba_a_route_moving_away_from_the_nucleus_is_not_rolled_for():
    # From 2 parsecs of the nucleus, eastwards: 3, 4, then beyond reach.
    r = play(outer(Position(22, 18, 2)), {1: Orders(route=(Segment(3, "E"),))})
    assert of(r, "black-hole-roll") == []


def test_5Ba_a_route_that_comes_back_as_near_as_its_start_is_rolled_for():
    # 2 parsecs off, away to 3, and back to 2 at the 2nd parsec: it did not move away.
    r = play(outer(Position(22, 18, 2)), {1: Orders(route=(Segment(1, "E"), Segment(1, "W")))},
             {"black-hole": [1]})
    roll = one(r, "black-hole-roll")
    assert (roll["parsec"], roll["distance"]) == (2, 2)
