"""3I c: re-embarking: the aliens' attack on the crews withdrawing or on the ship, as the
Encounter Guide says; points only if a complete crew re-embarks."""

from __future__ import annotations

from pbem.rules.orders import Orders

from conformance.conftest import FACE, NO_ARRIVAL
from core import RULES, down, marthia, of, on_ground, one, planet, play, state

B = RULES.tables["B"]


def test_3Ic_the_guide_says_crews_the_withdrawing_crews_are_attacked():
    assert RULES.guide["luparii"].reembark_target == "crews"
    p = planet("luparii", (3, 3))
    s = state([p], [on_ground(p, attacked=True, **down(0, 1))])
    r = play(s, {1: Orders(crews_embark=True)}, {"arrivals": [NO_ARRIVAL], "alien-fire": [6]})
    assert (one(r, "alien-fire")["target"], one(r, "alien-fire")["lost"]) == ("crews", 2)
    assert r.state.officers[1].ship.crews == (3, 1)


def test_3Ic_the_guide_says_ship_the_ship_is_attacked():
    assert RULES.guide["dracones"].reembark_target == "ship"
    p = planet("dracones", (8,))
    s = state([p], [on_ground(p, attacked=True, **down(0, 1))])
    r = play(s, {1: Orders(crews_embark=True)},
             {"arrivals": [NO_ARRIVAL], "alien-fire": [1], "damage": [FACE["radars"]]})
    assert one(r, "alien-fire")["target"] == "ship"
    assert r.state.officers[1].ship.crews == (3, 3) and r.state.officers[1].ship.radars == 1


def test_3Ic_no_points_unless_a_complete_crew_of_3_men_re_embarks():
    p = planet("sevolventes", ())
    s = state([p], [on_ground(p, marthia(crews=(2, 1)), pending=5, pending_for="elimination",
                              **down(0, 1))])
    r = play(s, {1: Orders(crews_embark=True)}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "points-lost")["reason"] == "no complete crew re-embarked"
    assert of(r, "points") == [] and r.state.officers[1].score == 0
