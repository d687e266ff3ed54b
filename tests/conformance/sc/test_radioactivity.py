"""S.C. advanced B: in outer space the first level of information gives the radioactivity
(0, alpha, beta) with the type of planet; the suits take 1 or 2 from each crew."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.geometry import Position
from pbem.rules.orders import InfoRequest, Orders
from pbem.rules.state import Planet

from conformance.conftest import NO_ARRIVAL, outer
from core import down, in_space, on_ground, one, planet, play


def test_SCadv_B_level_I_gives_the_radioactivity_with_the_type():
    p = Planet(3, Position(12, 14, 2), designation="P-3", discovered_by=1, discovered_move=1)
    s = outer([p], [in_space(Position(12, 12, 2))])
    r = play(s, {1: Orders(info=(InfoRequest("P-3"),))}, {"info": [1], "radioactivity": [6]})
    assert one(r, "info")["radioactivity"] == "beta"
    assert r.state.planets[3].radioactivity == "beta"


@pytest.mark.parametrize("radioactivity, attack", [(None, 6), ("alpha", 4), ("beta", 2)])
def test_SCadv_B_the_bimper_suit_takes_1_and_the_leggy_2_from_each_crew(radioactivity, attack):
    p = replace(planet("sevolventes"), radioactivity=radioactivity)
    s = outer([p], [on_ground(p, **down(0, 1))])
    r = play(s, {1: Orders(fire=("crews",))},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [1], "alien-fire": [1]})
    assert one(r, "legio-fire")["attack"] == attack
