"""The missions of section 4 (and 3H), each with its success, its neutral result and its failure
(elimination is held by test_elimination.py, the Tot 100% by test_career.py).

Most tests drive the pure core: a `GameState` with an officer already on the ground of a
planet whose Information Sheet is complete, one `resolve_move` with `ScriptedDice(strict=True)`
(every roll the move makes must be scripted, and every scripted roll must be used), then
assertions on the events and the new state. Each forced die face is chosen by reading the
table cell, and the column is computed in the test from the factors, so the test says which
rule it pins. A few headline cases run end to end through order files.

Unless a test says otherwise: the base stands at (10, 10) on level 2, the planet P-1 two
parsecs East of it, and the officer flies section 6's GLADIUM MARTHIA (crews 3 + 3,
shields 5, lasers 3, radars 2, computer 1, tanks 3).
"""

from __future__ import annotations

import pytest

from pbem import game
from pbem.rules import missions
from pbem.rules.dice import ScriptedDice
from pbem.rules.events import PUBLIC
from pbem.rules.geometry import Segment
from pbem.rules.landing import Party
from pbem.rules.move import MoveResult
from pbem.rules.state import GameState
from pbem.rules.turn import Board, Orders

from conftest import orders_text
from core import (
    BASE, CREW_FC, LASER_FC, RULES, SHIELD_FC, down, in_space, kinds,
    landing_of, marthia, of, on_ground, one, planet, play, race, state, then,
)

A, B, C, D, E, F, G, H, L = (RULES.tables[t] for t in "ABCDEFGHL")


# --- building blocks (the shared ones are in core.py) --------------------------------------


def aliens_on(result: MoveResult, pid=2) -> tuple[int, ...]:
    return result.state.planets[pid].aliens


def party_for(s: GameState, oid=1) -> Party:
    """A Party as the ground move builds it, to ask `missions.refusal` directly."""
    board = Board.from_state(s)
    officer = s.officers[oid]
    return Party(board, officer, officer.landing, RULES, ScriptedDice({}, strict=True))


NO_ARRIVAL = 1  # d6 face 1 brings no new alien for every race used below


def test_arrivals_face_1_brings_nobody_for_the_races_used_here():
    for r in ("sevolventes", "mammuthi", "luparii", "voragines", "aviarii", "troglodytae",
              "cynocephali", "oraculares"):
        assert race(r).arrivals[NO_ARRIVAL - 1] == 0, r


# --- II. capture (TAB. D) -------------------------------------------------------------------
# Two peaceful MAMMUTHI (F.C. 6) and two crews down: 6 men - 6 = 0.


def mammuthi_landing(**landing) -> GameState:
    p = planet("mammuthi", (6, 6))
    return state([p], [on_ground(p, **(down(0, 1) | landing))])


def test_capture_yes_takes_one_alien_for_the_points():
    s = mammuthi_landing()
    assert D.result(2 * CREW_FC - 6, 5) == "Yes"

    r = play(s, {1: Orders(mission="capture")}, {"arrivals": [NO_ARRIVAL], "capture": [5]})

    mission = one(r, "mission")
    assert (mission["mission"], mission["table"], mission["result"]) == ("capture", "D", "Yes")
    assert mission["column"] == D.label(0)
    captured = one(r, "captured")
    assert (captured["wounded"], captured["points"]) == (False, 7)
    assert aliens_on(r) == (6,)
    landing = landing_of(r)
    assert (landing.pending, landing.pending_for, landing.mission) == (7, "capture", "capture")
    assert of(r, "alien-fire") == [] and not r.state.planets[2].hostile


def test_capture_dash_does_nothing():
    s = mammuthi_landing()
    assert D.result(0, 3) == "-"

    r = play(s, {1: Orders(mission="capture")}, {"arrivals": [NO_ARRIVAL], "capture": [3]})

    assert one(r, "mission")["result"] == "-"
    assert of(r, "captured") == [] and of(r, "alien-fire") == []
    assert aliens_on(r) == (6, 6) and not r.state.planets[2].hostile
    assert landing_of(r).pending == 0


def test_capture_no_that_alien_attacks_at_once_without_response():
    s = mammuthi_landing()
    assert D.result(0, 1) == "No"
    assert B.result(CREW_FC - 6, 1) == 0

    r = play(s, {1: Orders(mission="capture")},
             {"arrivals": [NO_ARRIVAL], "capture": [1], "alien-fire": [1]})

    assert one(r, "mission")["result"] == "No"
    attack = one(r, "alien-fire")
    assert attack["attack"] == 6  # only the alien the capture was tried on, not both (12)
    assert of(r, "legio-fire") == []  # no response this move
    # Ruling: only the alien subjected to the attempt attacks (4 II); the others keep their
    # disposition, so the planet is still peaceful.
    assert not r.state.planets[2].hostile
    assert landing_of(r).pending == 0


def test_capture_does_not_count_individual_weapons():
    """Two crews with a LASER ZIP 3 each: F.C.Att 16, but the capture counts the 6 men only."""
    p = planet("mammuthi", (6, 6))
    armed = marthia(modules=2, laser_zip3=2)
    s = state([p], [on_ground(p, armed, **down(0, 1))])
    assert D.result(16 - 6, 1) == "Yes" and D.result(6 - 6, 1) == "No"

    r = play(s, {1: Orders(mission="capture")},
             {"arrivals": [NO_ARRIVAL], "capture": [1], "alien-fire": [1]})

    mission = one(r, "mission")
    assert (mission["column"], mission["result"]) == (D.label(0), "No")


@pytest.mark.parametrize("race_id, aliens, dice", [
    ("troglodytae", (3, 3), {}),  # sapiens
    ("voragines", (7,), {"alien-fire": [1]}),  # non sapiens, but too big for a zoo (hostile)
])
def test_only_capturable_non_sapiens_can_be_captured(race_id, aliens, dice):
    p = planet(race_id, aliens)
    s = state([p], [on_ground(p, **down(0, 1))])
    assert not (race(race_id).klass == "non-sapiens" and race(race_id).capturable)

    r = play(s, {1: Orders(mission="capture")}, {"arrivals": [NO_ARRIVAL]} | dice)

    refused = one(r, "mission-refused")
    assert refused["mission"] == "capture" and "cannot be captured" in refused["reason"]
    assert of(r, "mission") == []


def test_capture_needs_crews_on_the_ground():
    p = planet("mammuthi", (6, 6))
    s = state([p], [on_ground(p)])  # attitude A: shields on, nobody down

    r = play(s, {1: Orders(mission="capture")}, {"arrivals": [NO_ARRIVAL]})

    assert "crews on the ground" in one(r, "mission-refused")["reason"]
    assert of(r, "mission") == []


def test_hostile_aliens_are_captured_only_after_they_attacked():
    """LUPARII are hostile: the capture waits for their attack (4 II), which comes first."""
    p = planet("luparii", (3, 3))
    s = state([p], [on_ground(p, **down(0, 1))])
    # Not yet attacked: refused.
    party = party_for(s)
    refused = missions.refusal("capture", race("luparii"), party.landing, party.planet)
    assert refused and "after they have attacked" in refused.reason

    assert B.result(2 * CREW_FC - 6, 1) == 0
    assert D.result(2 * CREW_FC - 3, 3) == "Yes"
    r = play(s, {1: Orders(mission="capture")},
             {"arrivals": [NO_ARRIVAL], "alien-fire": [1], "capture": [3]})

    order = kinds(r)
    assert order.index("alien-fire") < order.index("mission")
    assert one(r, "captured")["points"] == race("luparii").points["capture"]
    assert landing_of(r).attacked


def test_a_wounded_captive_is_worth_half_the_points():
    """A SEVOLVENTES wounded to F.C. 3 is the one taken, for 6 / 2 = 3 points."""
    p = planet("sevolventes", (3, 5), hostile=False)
    s = state([p], [on_ground(p, **down(0, 1))])
    assert D.result(2 * CREW_FC - 3, 3) == "Yes"
    assert race("sevolventes").points["capture"] == 6

    r = play(s, {1: Orders(mission="capture")}, {"arrivals": [NO_ARRIVAL], "capture": [3]})

    captured = one(r, "captured")
    assert (captured["wounded"], captured["points"]) == (True, 3)
    assert aliens_on(r) == (5,)
    assert landing_of(r).pending == 3


# --- III. alliance (TAB. E) -----------------------------------------------------------------
# AVIARII: peaceful civiles, F.ALL. 3, VAL. 6, two of them (F.C. 4).


def aviarii_landing(**landing) -> GameState:
    p = planet("aviarii", (4, 4))
    return state([p], [on_ground(p, **(down(0, 1) | landing))])


def test_alliance_yes_is_public_and_paid_on_re_embarking():
    s = aviarii_landing()
    factor = race("aviarii").alliance_factor
    assert E.result(factor, 4) == "Yes"

    r = play(s, {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL], "alliance": [4]})

    mission = one(r, "mission")
    assert (mission["table"], mission["column"], mission["result"]) == ("E", E.label(factor), "Yes")
    alliance = [e for e in r.events if e.kind == "alliance"]
    assert len(alliance) == 1 and alliance[0].audience == PUBLIC
    assert alliance[0].data["race"] == "AVIARII"
    landing = landing_of(r)
    assert (landing.pending, landing.pending_for) == (race("aviarii").alliance_value, "alliance")

    r2 = play(then(r), {1: Orders(crews_embark=True)}, {"arrivals": [NO_ARRIVAL]})
    points = one(r2, "points")
    assert (points["mission"], points["gross"], points["net"]) == ("alliance", 6, 5)
    assert r2.state.officers[1].score == 5


def test_alliance_dash_may_be_tried_again_next_move():
    s = aviarii_landing()
    assert E.result(3, 2) == "-" and E.result(3, 4) == "Yes"

    r = play(s, {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL], "alliance": [2]})
    assert one(r, "mission")["result"] == "-"
    assert of(r, "alien-fire") == [] and of(r, "alliance") == []
    # Ruling: "-" is an unsuccessful attempt (4 III), one of the two allowed.
    assert landing_of(r).alliance_failures == 1

    r2 = play(then(r), {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL], "alliance": [4]})
    assert one(r2, "mission")["result"] == "Yes"
    assert len(of(r2, "alliance")) == 1


def test_two_alliance_dashes_make_the_alliance_impossible():
    """Without the ruling "-" could be proposed again forever until a Yes."""
    s = aviarii_landing()
    assert E.result(3, 2) == "-"
    r = play(s, {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL], "alliance": [2]})
    r = play(then(r), {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL], "alliance": [2]})
    assert landing_of(r).alliance_failures == 2
    r = play(then(r), {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "mission-refused")["why"] == "alliance-failed"
    assert of(r, "mission") == []


def test_alliance_no_the_pestered_aliens_attack():
    s = aviarii_landing()
    assert E.result(3, 1) == "No"
    assert B.result(2 * CREW_FC - 8, 1) == 0

    r = play(s, {1: Orders(mission="alliance")},
             {"arrivals": [NO_ARRIVAL], "alliance": [1], "alien-fire": [1]})

    assert one(r, "mission")["result"] == "No"
    assert one(r, "alien-fire")["attack"] == 8
    assert of(r, "legio-fire") == []
    assert r.state.planets[2].hostile
    assert landing_of(r).alliance_failures == 1


def test_after_two_failed_proposals_no_alliance_is_possible():
    s = aviarii_landing()
    dice_first = {"arrivals": [NO_ARRIVAL], "alliance": [1], "alien-fire": [1]}
    r1 = play(s, {1: Orders(mission="alliance")}, dice_first)
    assert landing_of(r1).alliance_failures == 1

    # Now hostile: they attack first (the attack "sustained without reacting"), then No again.
    r2 = play(then(r1), {1: Orders(mission="alliance")},
              {"arrivals": [NO_ARRIVAL], "alien-fire": [1, 1], "alliance": [1]})
    assert one(r2, "mission")["result"] == "No"
    assert landing_of(r2).alliance_failures == 2

    r3 = play(then(r2), {1: Orders(mission="alliance")},
              {"arrivals": [NO_ARRIVAL], "alien-fire": [1]})
    refused = one(r3, "mission-refused")
    assert refused["mission"] == "alliance" and "alliance proposals were not accepted" in refused["reason"]
    assert of(r3, "mission") == []


@pytest.mark.parametrize("race_id", ["troglodytae", "sevolventes"])
def test_alliances_only_with_civiles_and_super_civiles(race_id):
    p = planet(race_id, (3, 3) if race_id == "troglodytae" else (5, 5))
    s = state([p], [on_ground(p, **down(0, 1))])

    r = play(s, {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL]})

    assert "make no alliances" in one(r, "mission-refused")["reason"]
    assert of(r, "mission") == []


def test_no_alliance_once_the_party_opened_fire():
    s = aviarii_landing(fired=True)

    r = play(s, {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL]})

    assert "opened fire" in one(r, "mission-refused")["reason"]
    assert of(r, "mission") == []


def test_no_alliance_in_the_move_the_party_fires():
    s = aviarii_landing()
    assert A.result(2 * CREW_FC - 8, 1) == "-" and B.result(2 * CREW_FC - 8, 1) == 0

    r = play(s, {1: Orders(fire=("crews",), mission="alliance")},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [1], "alien-fire": [1]})

    assert one(r, "mission-refused")["mission"] == "alliance"
    assert of(r, "mission") == [] and of(r, "alliance") == []


def test_no_alliance_without_a_crew_on_the_ground():
    p = planet("aviarii", (4, 4))
    s = state([p], [on_ground(p)])

    r = play(s, {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL]})

    assert "at least one crew" in one(r, "mission-refused")["reason"]


def test_hostile_civiles_hear_a_proposal_only_after_their_attack():
    """One MYRMIDONES, and one more arrives (they always do, d6 1: 1): 10 against 6."""
    p = planet("myrmidones", (5,))
    s = state([p], [on_ground(p, **down(0, 1))])
    party = party_for(s)
    refused = missions.refusal("alliance", race("myrmidones"), party.landing, party.planet)
    assert refused and "after you have sustained their attack" in refused.reason

    factor = race("myrmidones").alliance_factor
    assert race("myrmidones").arrivals[0] == 1
    assert B.result(2 * CREW_FC - 10, 1) == 0 and E.result(factor, 5) == "Yes"
    r = play(s, {1: Orders(mission="alliance")},
             {"arrivals": [1], "alien-fire": [1], "alliance": [5]})
    assert one(r, "alien-fire")["attack"] == 10
    order = kinds(r)
    assert order.index("alien-fire") < order.index("mission") < order.index("alliance")


# --- IV. intimidation (TAB. F, then G) --------------------------------------------------------
# Six peaceful TROGLODYTAE (F.C. 3 each, 18) against the ship's 3 lasers (18): difference 0.


def troglodytae_landing(aliens=(3,) * 6, **landing) -> GameState:
    p = planet("troglodytae", aliens)
    return state([p], [on_ground(p, **landing)])


def test_intimidation_yes_gives_veneration_points_from_table_G():
    s = troglodytae_landing()
    assert F.result(3 * LASER_FC - 18, 6) == "Yes"
    assert G.result(0, 5) == 3

    r = play(s, {1: Orders(mission="intimidation")},
             {"arrivals": [NO_ARRIVAL], "intimidation": [6], "veneration": [5]})

    tables = [(m["table"], m["result"]) for m in of(r, "mission")]
    assert tables == [("F", "Yes"), ("G", 3)]
    landing = landing_of(r)
    assert (landing.pending, landing.pending_for, landing.mission) == (3, "intimidation", "intimidation")
    assert of(r, "alien-fire") == []


def test_intimidation_dash_may_be_tried_again():
    s = troglodytae_landing()
    assert F.result(0, 4) == "-"

    r = play(s, {1: Orders(mission="intimidation")}, {"arrivals": [NO_ARRIVAL], "intimidation": [4]})
    assert [m["result"] for m in of(r, "mission")] == ["-"]
    assert of(r, "alien-fire") == [] and not r.state.planets[2].hostile
    assert landing_of(r).pending == 0

    r2 = play(then(r), {1: Orders(mission="intimidation")},
              {"arrivals": [NO_ARRIVAL], "intimidation": [6], "veneration": [1]})
    assert [m["result"] for m in of(r2, "mission")] == ["Yes", G.result(0, 1)]


def test_intimidation_no_the_aliens_counterattack():
    s = troglodytae_landing()
    assert F.result(0, 1) == "No"
    assert B.result(5 * SHIELD_FC - 18, 1) == 0

    r = play(s, {1: Orders(mission="intimidation")},
             {"arrivals": [NO_ARRIVAL], "intimidation": [1], "alien-fire": [1]})

    assert [m["result"] for m in of(r, "mission")] == ["No"]
    attack = one(r, "alien-fire")
    assert (attack["target"], attack["attack"]) == ("ship", 18)
    assert r.state.planets[2].hostile
    assert kinds(r).index("mission") < kinds(r).index("alien-fire")


@pytest.mark.parametrize("race_id", ["oraculares", "sevolventes"])
def test_intimidation_only_of_sub_civiles_and_civiles(race_id):
    p = planet(race_id)
    s = state([p], [on_ground(p)])

    r = play(s, {1: Orders(mission="intimidation")}, {"arrivals": [NO_ARRIVAL]})

    assert "cannot be intimidated" in one(r, "mission-refused")["reason"]
    assert of(r, "mission") == []


def test_aggressive_aliens_are_intimidated_after_their_attack_and_No_counts_as_dash():
    """Five CYNOCEPHALI (hostile from the start, 20) against 18: -2. They attack first;
    then the intimidation's No is read as - : no second attack."""
    p = planet("cynocephali", (4,) * 5)
    s = state([p], [on_ground(p)])
    party = party_for(s)
    refused = missions.refusal("intimidation", race("cynocephali"), party.landing, party.planet)
    assert refused and "after you endured their attack" in refused.reason

    assert B.result(5 * SHIELD_FC - 20, 1) == 0
    assert F.result(3 * LASER_FC - 20, 1) == "No"
    r = play(s, {1: Orders(mission="intimidation")},
             {"arrivals": [NO_ARRIVAL], "alien-fire": [1], "intimidation": [1]})

    order = kinds(r)
    assert order.index("alien-fire") < order.index("mission")
    assert [m["result"] for m in of(r, "mission")] == ["No"]
    assert len(of(r, "alien-fire")) == 1  # No is -: no counterattack
    assert landing_of(r).pending == 0


# --- V. commerce (TAB. H) ---------------------------------------------------------------------
# TROGLODYTAE are merchants; their F.C. 3 is their trading skill: column 3.


def test_commerce_positive_points_wait_for_the_re_embarking():
    s = troglodytae_landing((3, 3), **down(0, 1))
    assert H.result(race("troglodytae").fc, 5) == 2

    r = play(s, {1: Orders(mission="commerce")}, {"arrivals": [NO_ARRIVAL], "commerce": [5]})

    mission = one(r, "mission")
    assert (mission["table"], mission["column"], mission["result"]) == ("H", H.label(3), 2)
    landing = landing_of(r)
    assert (landing.pending, landing.pending_for, landing.commerce_moves) == (2, "commerce", 1)
    assert r.state.officers[1].score == 0


def test_commerce_zero_is_a_bargain_without_gain():
    s = troglodytae_landing((3, 3), **down(0, 1))
    assert H.result(3, 2) == 0

    r = play(s, {1: Orders(mission="commerce")}, {"arrivals": [NO_ARRIVAL], "commerce": [2]})

    assert one(r, "mission")["result"] == 0
    assert landing_of(r).pending == 0 and of(r, "damage") == []


def test_commerce_negative_points_are_damages_on_table_C():
    s = troglodytae_landing((3, 3), **down(0, 1))
    assert H.result(3, 1) == -1
    assert C.result(0, 2) == "lasers"

    r = play(s, {1: Orders(mission="commerce")},
             {"arrivals": [NO_ARRIVAL], "commerce": [1], "damage": [2]})

    damage = one(r, "damage")
    assert (damage["component"], damage["effect"]) == ("lasers", "lost")
    assert r.state.officers[1].ship.lasers == 2
    assert landing_of(r).pending == 0


def test_commerce_lasts_at_most_two_consecutive_moves():
    s = troglodytae_landing((3, 3), **down(0, 1))
    r1 = play(s, {1: Orders(mission="commerce")}, {"arrivals": [NO_ARRIVAL], "commerce": [5]})
    r2 = play(then(r1), {1: Orders(mission="commerce")}, {"arrivals": [NO_ARRIVAL], "commerce": [6]})
    assert landing_of(r2).pending == H.result(3, 5) + H.result(3, 6)
    assert landing_of(r2).commerce_moves == 2

    r3 = play(then(r2), {1: Orders(mission="commerce")}, {"arrivals": [NO_ARRIVAL]})

    refused = one(r3, "mission-refused")
    assert refused["mission"] == "commerce" and "2 consecutive moves" in refused["reason"]
    assert of(r3, "mission") == []


@pytest.mark.parametrize("race_id", ["oraculares", "sevolventes"])
def test_commerce_only_with_merchants(race_id):
    p = planet(race_id)
    s = state([p], [on_ground(p, **down(0, 1))])

    r = play(s, {1: Orders(mission="commerce")}, {"arrivals": [NO_ARRIVAL]})

    assert "not merchants" in one(r, "mission-refused")["reason"]


# --- one mission type per landing (3H) ---------------------------------------------------------


def test_a_second_mission_type_on_the_same_landing_is_refused():
    s = troglodytae_landing((3, 3), mission="intimidation", **down(0, 1))

    r = play(s, {1: Orders(mission="commerce")}, {"arrivals": [NO_ARRIVAL]})

    refused = one(r, "mission-refused")
    assert refused["mission"] == "commerce" and "one mission type per landing" in refused["reason"]
    assert of(r, "mission") == []
    assert landing_of(r).mission == "intimidation"


def test_the_same_mission_may_be_repeated():
    s = troglodytae_landing(mission="intimidation")
    assert F.result(0, 4) == "-"

    r = play(s, {1: Orders(mission="intimidation")}, {"arrivals": [NO_ARRIVAL], "intimidation": [4]})

    assert of(r, "mission-refused") == [] and one(r, "mission")["table"] == "F"


def test_elimination_is_always_allowed_as_a_fallback():
    s = troglodytae_landing((3, 3), mission="intimidation", **down(0, 1))
    assert A.result(2 * CREW_FC - 6, 6) == "U"

    r = play(s, {1: Orders(mission="elimination")}, {"arrivals": [NO_ARRIVAL], "legio-fire": [6]})

    assert of(r, "mission-refused") == []
    fire = one(r, "legio-fire")
    assert (fire["fire_with"], fire["killed"]) == (["crews"], 2)
    landing = landing_of(r)
    assert landing.mission == "intimidation"
    assert (landing.pending, landing.pending_for) == (race("troglodytae").points["elimination"], "elimination")


# --- OZ minerals and SECOR plants (3H) -----------------------------------------------------------


@pytest.mark.parametrize("race_id, gross", [("oz-minerals", 2), ("secor-plants", 4)])
def test_riskless_finds_are_collected_by_landing_and_re_embarking_crews(race_id, gross):
    """No die is rolled at all: the strict dice have no script."""
    assert race(race_id).points["collect"] == gross
    p = planet(race_id, ())
    s = state([p], [in_space(BASE.position)])
    r = play(s, {1: Orders(route=(Segment(2, "E"),), attitude="C")})

    encounter = one(r, "encounter")
    assert encounter["riskless"] and encounter["present"] == 0
    assert one(r, "crews")["action"] == "landed"
    landing = landing_of(r)
    assert (landing.pending, landing.pending_for) == (gross, "collect")
    assert of(r, "presence") == []

    r2 = play(then(r), {1: Orders(crews_embark=True, route=(Segment(2, "W"),))})

    points = one(r2, "points")
    assert (points["mission"], points["gross"], points["level"], points["net"]) == ("collect", gross, 1, gross - 1)
    officer = r2.state.officers[1]
    assert officer.score == gross - 1 and officer.landed_on == BASE.id
    assert of(r2, "arrivals") == [] and of(r2, "alien-fire") == []
    assert r2.state.planets[2].known


def test_nothing_is_collected_without_crews_on_the_ground():
    p = planet("secor-plants", ())
    s = state([p], [on_ground(p)])

    r = play(s, {1: Orders(mission="collect")})

    assert "CREWS LAND" in one(r, "mission-refused")["reason"]
    assert landing_of(r).pending == 0


# --- end to end: an alliance through order files ------------------------------------------------


def test_alliance_end_to_end_report_and_bulletin(make_game):
    """AVIARII found on landing with attitude C; the alliance is proposed at once (LAND C +
    MISSION ALLIANCE), then paid when the crews re-embark."""
    g = make_game((10, 10, 2), [(12, 10, 2)])
    secret = "4tq9-mx2d"
    # Information on landing: A (d10 1), animal (d6 1), sapiens (d10 3), animal civiles
    # (d6 3), peaceful (d6 1), AVIARII (d10 1); presence d6 1: two.
    facts: tuple[str, ...] = ()
    for face in (1, 1, 3, 3, 1, 1):
        facts += (RULES.information.outcome(facts, face),)
    assert facts == ("A", "animal", "sapiens", "animal-civiles", "peaceful", "aviarii")
    assert race("aviarii").presence[0] == 2
    g.post("m1.txt", orders_text("Notius", secret, 1, "ROUTE 2 E", "LAND C", "MISSION ALLIANCE"))
    game.resolve(g.dir, dice=ScriptedDice({"info": [1, 1, 3, 3, 1, 1], "presence": [1], "alliance": [4]},
                                          move=1, strict=True))
    r1 = g.report(1, "notius")
    assert "You landed on P-1 with attitude C" in r1
    assert "2 crews landed." in r1
    assert "Alliance attempt: accepted. [TAB. E, alliance factor 3, your d6 4: Yes]" in r1
    assert "Alliance concluded with the AVIARII." in r1
    assert "    Concluded an alliance with the AVIARII of P-1." in g.bulletin(1)

    g.post("m2.txt", orders_text("Notius", secret, 2, "CREWS EMBARK", "ROUTE 2 W"))
    game.resolve(g.dir, dice=ScriptedDice({"arrivals": [NO_ARRIVAL]}, move=2, strict=True))
    r2 = g.report(2, "notius")
    assert "Points for the alliance: 6 - 1 for the ship's level = 5." in r2
    assert "Took off from P-1: the planet is known" in g.bulletin(2)
