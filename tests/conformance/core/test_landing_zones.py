"""The landing zones of outer space, TAB. P (S.C. advanced rule D, rulebook 5F;
`pbem.rules.landing_zones`). The map is test_outer_space.py's.
"""

from __future__ import annotations

from pbem.rules import rulings
from pbem.rules.orders import Orders

from core import RULES, down, landing_of, of, on_ground, one, planet, play

from .test_outer_space import (
    FACE, ZONE, NO_ARRIVAL, MET, outer, route, report_of, checked, landing_on,
)


# --- 7. landing zones, TAB. P (S.C. rule D, 5F) ------------------------------------------------


def test_the_preferred_zone_adds_the_bonus_to_every_alien_s_fc():
    # SEVOLVENTES prefer the forest (+1 each): attitude B's lasers (18) fire at 2 x (5 + 1).
    s = landing_on("sevolventes")
    r = play(s, {1: Orders(route=route("2 S"), attitude="B")},
             {"landing-risk": [3], "presence": [MET], "landing-zone": [ZONE["forest"]],
              "legio-fire": [1], "alien-fire": [1]})
    zone = one(r, "landing-zone")
    assert (zone["zone"], zone["effect"], zone["bonus"]) == ("forest", "preferred", 1)
    assert one(r, "legio-fire")["defence"] == 12
    assert one(r, "alien-fire")["attack"] == 6  # the survivor answers, at 5 + 1
    assert "Landing zone: forest, the preferred environment of the SEVOLVENTES" in report_of(r)


def test_in_the_non_vital_zone_the_ship_s_lasers_cannot_be_used():
    # SEVOLVENTES cannot live in the desert: attitude B's lasers do not fire, nobody is
    # provoked, and the landing zone says why.
    s = landing_on("sevolventes")
    r = play(s, {1: Orders(route=route("2 S"), attitude="B")},
             {"landing-risk": [3], "presence": [MET], "landing-zone": [ZONE["desert"]]})
    assert one(r, "landing-zone")["effect"] == "non-vital"
    assert of(r, "legio-fire") == [] and not r.state.planets[2].hostile
    assert [m["why"] for m in of(r, "mission-refused")] == ["non-vital-zone", "no-one-to-fire"]
    assert landing_of(r).zone == "desert"


def test_in_the_non_vital_zone_the_aliens_cannot_attack_the_ship():
    # Hostile LUPARII cannot live in the desert: with no crew down they reach nobody.
    p = planet("luparii")
    s = outer([p], [on_ground(p, zone="desert")])
    r = play(s, {1: Orders()}, {"arrivals": [NO_ARRIVAL]})
    assert of(r, "alien-fire") == [] and one(r, "ship-out-of-reach")["zone"] == "desert"


def test_in_the_non_vital_zone_an_attack_on_the_ship_strikes_the_landed_crews():
    # HELIOTROPI attack the ship when crews re-embark (3I c); in the caves, where they
    # cannot live, they strike the withdrawing crews instead (ruling).
    assert rulings.NON_VITAL_ATTACKS_GO_TO_THE_CREWS
    p = planet("heliotropi", (8,))
    s = outer([p], [on_ground(p, zone="caves", attacked=True, **down(0, 1))])
    r = play(s, {1: Orders(crews_embark=True)}, {"arrivals": [NO_ARRIVAL], "alien-fire": [1]})
    assert one(r, "alien-fire")["target"] == "crews"


def test_in_the_non_vital_zone_the_landed_crews_alone_carry_out_the_missions():
    # AVIARII (merchants, intimidable civiles) cannot live in the caves.
    p = planet("aviarii")
    s = outer([p], [on_ground(p, zone="caves")])
    r = play(s, {1: Orders(mission="intimidation")}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "mission-refused")["why"] == "crews-alone"
    assert "only landed crews carry out missions" in checked(s, "MISSION INTIMIDATION")[0]
    assert checked(s, "FIRE LASERS") == [
        "in the caves, where the AVIARII cannot live, the ship's lasers cannot be used (the "
        "landed crews alone act)"]
    # With crews down the intimidation is theirs alone: no ship lasers in the attack.
    s = outer([p], [on_ground(p, zone="caves", **down(0, 1))])
    r = play(s, {1: Orders(mission="intimidation")},
             {"arrivals": [NO_ARRIVAL], "intimidation": [5]})
    assert RULES.tables["F"].result(6 - 8, 5) == "-"
    assert of(r, "mission")[0]["column"] == RULES.tables["F"].label(6 - 8)


def test_commerce_losses_still_damage_the_ship_in_the_non_vital_zone():
    # AVIARII merchants (F.C. 4) in the caves, crews down, a commander of personality 0:
    # outer space reads TAB. I (5D e), whose face 1 at 4 is -1, one damage.
    p = planet("aviarii")
    s = outer([p], [on_ground(p, zone="caves", **down(0))])
    assert RULES.tables["I"].result(4, 1) == -1
    r = play(s, {1: Orders(mission="commerce")},
             {"arrivals": [NO_ARRIVAL], "commerce": [1], "damage": [FACE["radars"]]})
    assert len(of(r, "damage")) == 1


def test_the_merchants_preferred_zone_adds_to_their_skill():
    assert rulings.PREFERRED_BONUS_IN_COMMERCE
    p = planet("aviarii")  # prefers the mountains, +1: TAB. I read at F.C. 5 (personality 0)
    s = outer([p], [on_ground(p, zone="mountains", **down(0))])
    r = play(s, {1: Orders(mission="commerce")},
             {"arrivals": [NO_ARRIVAL], "commerce": [6]})
    assert one(r, "mission")["column"] == RULES.tables["I"].label(5)
