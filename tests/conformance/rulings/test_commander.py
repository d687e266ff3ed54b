"""The rulings of the commander's personality (5D)."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.orders import Orders

from conformance.conftest import NO_ARRIVAL
from core import RULES, down, marthia, of, on_ground, one, planet, play, state

E, I = RULES.tables["E"], RULES.tables["I"]
ADVANCED = {"level": "advanced"}


def on(race_id, aliens=None, personality=3, ship=None, **landing):
    p = planet(race_id, aliens)
    return state([p], [replace(on_ground(p, ship, **landing), personality=personality)],
                 settings=ADVANCED)


def test_MODIFIED_ROLLS_CLAMPED_face_2_minus_5_reads_face_1():
    r = play(on("aviarii", (4, 4), personality=5, **down(0)), {1: Orders(mission="alliance")},
             {"arrivals": [NO_ARRIVAL], "alliance": [2]} | (
                 {"alien-fire": [1]} if E.result(RULES.guide["aviarii"].alliance_factor, 1) == "No" else {}))
    assert (one(r, "mission")["modified"], one(r, "mission")["result"]) == (1, E.result(3, 1))


def test_PERSONALITY_IN_EVERY_ASSAULT_each_assault_on_a_crew_reads_the_bonus():
    # Two LUPARII against three crews: each strikes a single crew, in two assaults, and
    # each crew struck defends with its 3 men plus the personality's 3.
    r = play(on("luparii", (3, 3), ship=marthia(crews=(3, 3, 3)), **down(0, 1, 2)), {},
             {"arrivals": [NO_ARRIVAL], "alien-fire": [1, 1]})
    assert [(a["crews"], a["defence"]) for a in of(r, "alien-fire")] == [(1, 3 + 3), (1, 3 + 3)]


def test_COMMERCE_BY_FC_AND_PERSONALITY_tab_I_column_is_fc_plus_personality():
    r = play(on("aviarii", (4, 4), **down(0)), {1: Orders(mission="commerce")},
             {"arrivals": [NO_ARRIVAL], "commerce": [5]})
    assert (one(r, "mission")["table"], one(r, "mission")["column"]) == ("I", I.label(4 + 3))


def test_DESERTION_ONLY_AMONG_CIVILES_not_among_sub_or_super_civiles():
    for race_id in ("troglodytae", "oraculares"):  # strict dice: a desertion roll would fail
        r = play(on(race_id), {1: Orders(crews_land=0)}, {"arrivals": [NO_ARRIVAL]})
        assert of(r, "desertion") == []
    r = play(on("aviarii", (4, 4)), {1: Orders(crews_land=0)}, {"arrivals": [NO_ARRIVAL], "desertion": [6]})
    assert one(r, "desertion")["men"] == 2
