"""The rulings of landings in outer space (5F, 5G, S.C. advanced rules B to D)."""

from __future__ import annotations

from pbem.rules.orders import Orders

from conformance.conftest import NO_ARRIVAL, outer, problems
from core import RULES, down, on_ground, one, planet, play

I = RULES.tables["I"]


def test_PREFERRED_BONUS_IN_COMMERCE_the_merchants_zone_adds_to_their_skill():
    p = planet("aviarii")  # prefers the mountains, +1
    s = outer([p], [on_ground(p, zone="mountains", **down(0))])
    r = play(s, {1: Orders(mission="commerce")}, {"arrivals": [NO_ARRIVAL], "commerce": [6]})
    assert one(r, "mission")["column"] == I.label(RULES.guide["aviarii"].fc + 1)


def test_NON_VITAL_ATTACKS_GO_TO_THE_CREWS_an_attack_on_the_ship_strikes_the_crews():
    assert RULES.guide["heliotropi"].reembark_target == "ship"
    p = planet("heliotropi", (8,))
    s = outer([p], [on_ground(p, zone="caves", attacked=True, **down(0, 1))])
    r = play(s, {1: Orders(crews_embark=True)}, {"arrivals": [NO_ARRIVAL], "alien-fire": [1]})
    assert one(r, "alien-fire")["target"] == "crews"


def test_RELANDINGS_PER_LANDING_one_re_landing_only():
    p = planet("sevolventes")
    assert problems(outer([p], [on_ground(p, zone="desert")]), "LAND A") == []
    assert problems(outer([p], [on_ground(p, zone="plains", relandings=1)]), "LAND A") == [
        "you have re-landed on P-1 once already: a re-landing is permitted only once"]
