"""5D: the commander's personality (0 to 5): added to the landed crews' attack and defence
and to a capture, subtracted from the alliance and veneration rolls, TAB. I for commerce,
and desertion above 7 among sapiens civiles."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.orders import Orders

from conformance.conftest import NO_ARRIVAL
from core import RULES, down, landing_of, of, on_ground, one, planet, play, state

E, G = RULES.tables["E"], RULES.tables["G"]
ADVANCED = {"level": "advanced"}


def aviarii(personality=3, **landing):
    p = planet("aviarii", (4, 4))
    return state([p], [replace(on_ground(p, **landing), personality=personality)], settings=ADVANCED)


def test_5D_a_added_once_to_the_crews_attack_and_defence():
    r = play(aviarii(**down(0, 1)), {1: Orders(fire=("crews",))},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [1], "alien-fire": [1]})
    assert one(r, "legio-fire")["attack"] == 6 + 3
    assert one(r, "alien-fire")["defence"] == 6 + 3


def test_5D_b_subtracted_from_the_alliance_roll():
    r = play(aviarii(**down(0)), {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL], "alliance": [6]})
    m = one(r, "mission")
    assert (m["face"], m["modified"], m["result"]) == (6, 3, E.result(3, 3))


def test_5D_d_subtracted_from_veneration_not_from_intimidation():
    r = play(aviarii(), {1: Orders(mission="intimidation")},
             {"arrivals": [NO_ARRIVAL], "intimidation": [2], "veneration": [6]})
    f, g = of(r, "mission")
    assert "modified" not in f and g["modified"] == 3
    assert landing_of(r).pending == G.result(0, 3)


def test_5D_e_commerce_reads_tab_I():
    r = play(aviarii(**down(0)), {1: Orders(mission="commerce")}, {"arrivals": [NO_ARRIVAL], "commerce": [5]})
    assert (one(r, "mission")["table"], one(r, "mission")["column"]) == ("I", RULES.tables["I"].label(4 + 3))


def test_5D_f_crews_landing_among_sapiens_civiles_desert_above_7():
    r = play(aviarii(), {1: Orders(crews_land=0)}, {"arrivals": [NO_ARRIVAL], "desertion": [6]})
    assert one(r, "desertion")["men"] == 2  # 6 + 3 = 9: two above 7
    assert r.state.officers[1].ship.crews == (3, 1)
