"""3D a: crews of 3 men, losses by TAB. B, no crew under 3 men lands, a man lost costs a
point on a SPATHA or HASTA."""

from __future__ import annotations

import pytest

from pbem.rules.orders import Orders

from conformance.conftest import NO_ARRIVAL, problems
from core import CREW_FC, RULES, SHIPS, down, landing_of, marthia, on_ground, one, planet, play, state

B = RULES.tables["B"]


def test_3Da_each_point_of_table_B_against_crews_is_one_man_lost():
    p = planet("luparii", (3, 3))
    s = state([p], [on_ground(p, **down(0, 1))])
    assert B.result(2 * CREW_FC - 6, 6) == 2

    r = play(s, {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [6]})

    assert (one(r, "alien-fire")["target"], one(r, "alien-fire")["lost"]) == ("crews", 2)
    assert r.state.officers[1].ship.crews == (3, 1)  # "2 + 1" is written as 3 + 1 here


def test_3Da_no_crew_of_fewer_than_3_men_lands():
    p = planet("sevolventes")
    s = state([p], [on_ground(p, marthia(crews=(3, 1)))])
    r = play(s, {1: Orders(crews_land=2)}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "crews") == {"planet": "P-1", "action": "landed", "count": 1}
    assert landing_of(r).crews_down == (0,)
    assert "only 1 complete crew(s) of 3 men aboard can land" in problems(
        state([p], [on_ground(p, marthia(crews=(3, 1)))]), "CREWS LAND 2")


@pytest.mark.parametrize("ship_type, penalty", [("GLADIUM", 0), ("SPATHA", 2), ("HASTA", 2)])
def test_3Da_each_man_lost_costs_a_point_on_a_spatha_or_hasta(ship_type, penalty):
    p = planet("luparii", (3, 3))
    crews = {"GLADIUM": (0, 1), "SPATHA": (1, 2), "HASTA": (2, 3)}[ship_type]  # no modules
    s = state([p], [on_ground(p, SHIPS[ship_type], score=5, **down(*crews))])
    r = play(s, {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [6]})
    assert (one(r, "losses")["men"], one(r, "losses")["penalty"]) == (2, penalty)
    assert r.state.officers[1].score == 5 - penalty
