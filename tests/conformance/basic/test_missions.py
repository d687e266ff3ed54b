"""3H: one type of mission per landing, elimination always a fallback, the riskless finds;
4 II to V: capture (TAB. D), alliance (TAB. E), intimidation (TAB. F, G), commerce (TAB. H)."""

from __future__ import annotations

import pytest

from pbem.rules.orders import Orders

from conformance.conftest import FACE, NO_ARRIVAL, route
from core import (
    BASE, CREW_FC, LASER_FC, RULES, down, in_space, kinds, landing_of, of, on_ground, one, planet,
    play, state, then,
)

A, B, D, E, F, G, H = (RULES.tables[t] for t in "ABDEFGH")


@pytest.mark.parametrize("race_id, gross", [("oz-minerals", 2), ("secor-plants", 4)])
def test_3H_oz_minerals_and_secor_plants_give_2_and_4_points_without_risk(race_id, gross):
    p = planet(race_id, ())
    s = state([p], [in_space(BASE.position)])
    r = play(s, {1: Orders(route=route("2 E"), attitude="C")})  # strict dice: nothing rolled
    assert (landing_of(r).pending, landing_of(r).pending_for) == (gross, "collect")
    r2 = play(then(r), {1: Orders(crews_embark=True, route=route("2 W"))})
    assert one(r2, "points")["net"] == gross - 1
    assert r2.state.planets[2].known  # left: crossed out, no more points for anyone


def test_3H_one_type_of_mission_per_landing_elimination_aside():
    p = planet("troglodytae", (3, 3))
    s = state([p], [on_ground(p, mission="intimidation", **down(0, 1))])
    r = play(s, {1: Orders(mission="commerce")}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "mission-refused")["mission"] == "commerce"
    assert of(r, "mission") == []
    # Elimination remains the fallback of a failed mission.
    r = play(s, {1: Orders(fire=("crews",), mission="elimination")},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [6]})
    assert of(r, "mission-refused") == [] and one(r, "legio-fire")["result"] in "FU"


def test_4II_capture_yes_takes_one_alien_for_the_points_without_individual_weapons():
    p = planet("mammuthi", (6, 6))
    s = state([p], [on_ground(p, **down(0, 1))])
    assert D.result(2 * CREW_FC - 6, 5) == "Yes"
    r = play(s, {1: Orders(mission="capture")}, {"arrivals": [NO_ARRIVAL], "capture": [5]})
    assert (one(r, "mission")["table"], one(r, "mission")["result"]) == ("D", "Yes")
    assert r.state.planets[2].aliens == (6,)
    assert landing_of(r).pending == RULES.guide["mammuthi"].points["capture"]


def test_4II_capture_no_the_alien_attacks_at_once_without_response():
    p = planet("mammuthi", (6, 6))
    s = state([p], [on_ground(p, **down(0, 1))])
    assert D.result(0, 1) == "No"
    r = play(s, {1: Orders(mission="capture")},
             {"arrivals": [NO_ARRIVAL], "capture": [1], "alien-fire": [1]})
    assert one(r, "alien-fire")["attack"] == 6 and of(r, "legio-fire") == []


def test_4II_a_wounded_captive_is_worth_half_the_points():
    """A SEVOLVENTES wounded to F.C. 3 is the one taken, for 6 / 2 = 3 points."""
    p = planet("sevolventes", (3, 5), hostile=False)
    s = state([p], [on_ground(p, **down(0, 1))])
    assert D.result(2 * CREW_FC - 3, 3) == "Yes"
    r = play(s, {1: Orders(mission="capture")}, {"arrivals": [NO_ARRIVAL], "capture": [3]})
    assert (one(r, "captured")["wounded"], one(r, "captured")["points"]) == (True, 3)
    assert r.state.planets[2].aliens == (5,)


def test_4II_hostile_aliens_are_captured_only_after_their_attack():
    """LUPARII are hostile: their attack comes first, then the capture by the survivors."""
    p = planet("luparii", (3, 3))
    s = state([p], [on_ground(p, **down(0, 1))])
    assert B.result(2 * CREW_FC - 6, 1) == 0 and D.result(2 * CREW_FC - 3, 3) == "Yes"
    r = play(s, {1: Orders(mission="capture")},
             {"arrivals": [NO_ARRIVAL], "alien-fire": [1], "capture": [3]})
    assert kinds(r).index("alien-fire") < kinds(r).index("mission")
    assert one(r, "captured")["points"] == RULES.guide["luparii"].points["capture"]


def test_4III_alliance_yes_by_the_alliance_factor_pays_its_value():
    p = planet("aviarii", (4, 4))
    s = state([p], [on_ground(p, **down(0, 1))])
    factor = RULES.guide["aviarii"].alliance_factor
    assert E.result(factor, 4) == "Yes"
    r = play(s, {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL], "alliance": [4]})
    assert one(r, "mission")["column"] == E.label(factor)
    assert landing_of(r).pending == RULES.guide["aviarii"].alliance_value


def test_4III_alliance_no_the_pestered_aliens_attack_without_response():
    p = planet("aviarii", (4, 4))
    s = state([p], [on_ground(p, **down(0, 1))])
    assert E.result(RULES.guide["aviarii"].alliance_factor, 1) == "No"
    r = play(s, {1: Orders(mission="alliance")},
             {"arrivals": [NO_ARRIVAL], "alliance": [1], "alien-fire": [1]})
    assert one(r, "alien-fire")["attack"] == 8 and of(r, "legio-fire") == []
    assert r.state.planets[2].hostile and landing_of(r).alliance_failures == 1


def test_4III_after_2_unsuccessful_attempts_the_alliance_is_impossible():
    p = planet("aviarii", (4, 4))
    s = state([p], [on_ground(p, alliance_failures=2, **down(0, 1))])
    r = play(s, {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "mission-refused")["mission"] == "alliance" and of(r, "mission") == []


@pytest.mark.parametrize("race_id", ["sevolventes", "troglodytae"])
def test_4III_alliance_only_with_civiles_or_super_civiles(race_id):
    p = planet(race_id)
    s = state([p], [on_ground(p, **down(0, 1))])
    r = play(s, {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "mission-refused")["mission"] == "alliance"


def test_4IV_intimidation_yes_then_veneration_points_from_table_G():
    p = planet("troglodytae", (3,) * 6)
    s = state([p], [on_ground(p)])
    assert F.result(3 * LASER_FC - 18, 6) == "Yes" and G.result(0, 5) == 3
    r = play(s, {1: Orders(mission="intimidation")},
             {"arrivals": [NO_ARRIVAL], "intimidation": [6], "veneration": [5]})
    assert [(m["table"], m["result"]) for m in of(r, "mission")] == [("F", "Yes"), ("G", 3)]
    assert r.state.planets[2].aliens == (3,) * 6  # a theoretical combat: no consequence
    assert landing_of(r).pending == 3


def test_4IV_intimidation_no_the_aliens_counterattack():
    p = planet("troglodytae", (3,) * 6)
    s = state([p], [on_ground(p)])
    assert F.result(0, 1) == "No"
    r = play(s, {1: Orders(mission="intimidation")},
             {"arrivals": [NO_ARRIVAL], "intimidation": [1], "alien-fire": [1]})
    assert one(r, "alien-fire")["target"] == "ship" and r.state.planets[2].hostile


def test_4IV_aggressive_aliens_are_intimidated_after_their_attack_and_No_counts_as_dash():
    """Five CYNOCEPHALI (hostile, 20) against the lasers' 18: they attack first; the
    intimidation's No is then read as -, and they do not attack again."""
    p = planet("cynocephali", (4,) * 5)
    s = state([p], [on_ground(p)])
    assert F.result(3 * LASER_FC - 20, 1) == "No"
    r = play(s, {1: Orders(mission="intimidation")},
             {"arrivals": [NO_ARRIVAL], "alien-fire": [1], "intimidation": [1]})
    assert kinds(r).index("alien-fire") < kinds(r).index("mission")
    assert len(of(r, "alien-fire")) == 1 and landing_of(r).pending == 0


def test_4V_commerce_negative_points_are_damages_and_at_most_two_moves():
    p = planet("troglodytae", (3, 3))
    s = state([p], [on_ground(p, **down(0, 1))])
    assert H.result(3, 1) == -1
    r = play(s, {1: Orders(mission="commerce")},
             {"arrivals": [NO_ARRIVAL], "commerce": [1], "damage": [FACE["lasers"]]})
    assert one(r, "damage")["component"] == "lasers" and r.state.officers[1].ship.lasers == 2
    r2 = play(then(r), {1: Orders(mission="commerce")}, {"arrivals": [NO_ARRIVAL], "commerce": [5]})
    r3 = play(then(r2), {1: Orders(mission="commerce")}, {"arrivals": [NO_ARRIVAL]})
    assert "2 consecutive moves" in one(r3, "mission-refused")["reason"]


def test_4V_commerce_only_with_merchants():
    p = planet("sevolventes")
    s = state([p], [on_ground(p, **down(0, 1))])
    r = play(s, {1: Orders(mission="commerce")}, {"arrivals": [NO_ARRIVAL]})
    assert "not merchants" in one(r, "mission-refused")["reason"]


def test_4_points_only_if_crews_were_landed_and_one_re_embarks():
    p = planet("sevolventes")
    s = state([p], [on_ground(p)])
    assert A.result(3 * LASER_FC - 10, 2) == "U"
    r = play(s, {1: Orders(fire=("lasers",))}, {"arrivals": [NO_ARRIVAL], "legio-fire": [2]})
    r2 = play(then(r), {1: Orders(route=route("2 W"))}, {"arrivals": [NO_ARRIVAL]})
    assert one(r2, "points-lost")["reason"] == "no crew was on the ground"
    assert r2.state.officers[1].score == 0
