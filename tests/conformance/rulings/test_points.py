"""The rulings of points (3B)."""

from __future__ import annotations

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders
from pbem.rules.state import Planet

from conformance.conftest import NO_ARRIVAL
from core import SHIPS, down, in_space, on_ground, one, planet, play, state


def test_AWARD_NEVER_NEGATIVE_a_hasta_sighting_gives_0_not_minus_1():
    p = Planet(2, Position(22, 12, 2))
    r = play(state([p], [in_space(Position(20, 12, 2), SHIPS["HASTA"], score=4)]), {1: Orders()})
    assert one(r, "sighting")["points"] == 0 and r.state.officers[1].score == 4


def test_SCORE_NEVER_NEGATIVE_losses_are_charged_down_to_0():
    p = planet("luparii", (3, 3))
    s = state([p], [on_ground(p, SHIPS["SPATHA"], score=1, **down(1, 2))])
    r = play(s, {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [6]})
    assert one(r, "losses")["penalty"] == 2 and r.state.officers[1].score == 0
