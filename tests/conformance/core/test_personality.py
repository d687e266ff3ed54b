"""The commander's personality (5D; `pbem.rules.personality`) in combat, missions and the Tot,
with forced dice on hand-built states (the pure core); and the planet and officer the tests
of desertion (test_desertion.py) and of the specialists on the ground (test_specialists.py)
share.

Unless a test says otherwise the game explores outer space, Notius is on the ground of P-1
with section 6's GLADIUM MARTHIA, and P-1 holds two AVIARII (sapiens civiles, peaceful,
F.C. 4 each, F.ALL. 3, merchants, technological level 3; no arrival on a d6 of 1).
"""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.board import Board
from pbem.rules.dice import ScriptedDice
from pbem.rules.orders import Orders

from core import RULES, SHIPS, down, landing_of, of, on_ground, one, planet, play, state

ADVANCED = {"level": "advanced"}
NO_ARRIVAL = 1
A, B, D, E, G, L, R = (RULES.tables[t] for t in "ABDEGLR")


def aviarii(**kw):
    return planet("aviarii", **kw)


def ground(p=None, *, personality=3, specialist=None, settings=ADVANCED, ship=None,
           score=0, **landing):
    p = p or aviarii()
    o = replace(on_ground(p, ship, score=score, **landing), personality=personality,
                specialist=specialist)
    return state([p], [o], settings=settings)


# --- personality (5D) -----------------------------------------------------------------------


def test_personality_is_added_once_to_the_crews_attack_and_defence():
    s = ground(**down(0, 1))
    r = play(s, {1: Orders(fire=("crews",))},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [1], "alien-fire": [1]})
    fire = one(r, "legio-fire")
    assert fire["attack"] == 3 + 3 + 3  # two crews of 3 men, plus the personality once (5D a)
    assert fire["defence"] == 8
    # The peaceful survivors answer; the crews defend with 6 + 3.
    assert one(r, "alien-fire")["defence"] == 6 + 3


def test_personality_does_not_count_in_inner_space():
    s = ground(settings={}, **down(0, 1))
    r = play(s, {1: Orders(fire=("crews",))},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [1], "alien-fire": [1]})
    assert one(r, "legio-fire")["attack"] == 6
    assert one(r, "alien-fire")["defence"] == 6


def test_personality_is_subtracted_from_the_alliance_roll_and_kept_on_the_die():
    s = ground(**down(0))
    r = play(s, {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL], "alliance": [6]})
    m = one(r, "mission")
    # 6 - 3 reads face 3 of F.ALL. 3: "-", where the face 6 would have allied.
    assert (m["face"], m["modified"], m["result"]) == (6, 3, "-")
    assert E.result(3, 6) == "Yes" and E.result(3, 3) == "-"
    assert landing_of(r).alliance_failures == 1
    # A personality of 5 and a face of 2: -3, kept on the die as face 1 (ruling).
    s = ground(personality=5, **down(0))
    r = play(s, {1: Orders(mission="alliance")},
             {"arrivals": [NO_ARRIVAL], "alliance": [2], "alien-fire": [1]})
    m = one(r, "mission")
    assert (m["modified"], m["result"]) == (1, E.result(3, 1))


def test_personality_counts_in_a_capture():
    p = planet("pasculi", aliens=(2,))
    r = play(ground(p, **down(0, 1)), {1: Orders(mission="capture")},
             {"arrivals": [NO_ARRIVAL], "capture": [1]})
    assert one(r, "mission")["column"] == D.label(6 + 3 - 2)  # men, no weapons, + 3 (5D c)
    r = play(ground(p, settings={}, **down(0, 1)), {1: Orders(mission="capture")},
             {"arrivals": [NO_ARRIVAL], "capture": [1]})
    assert one(r, "mission")["column"] == D.label(6 - 2)


def test_personality_is_subtracted_from_veneration_not_from_intimidation():
    r = play(ground(), {1: Orders(mission="intimidation")},
             {"arrivals": [NO_ARRIVAL], "intimidation": [2], "veneration": [6]})
    f, g = of(r, "mission")
    assert f["table"] == "F" and "modified" not in f and f["result"] == "Yes"
    assert g["table"] == "G" and g["modified"] == 3 and g["result"] == G.result(0, 3)
    assert landing_of(r).pending == G.result(0, 3) < G.result(0, 6)


def test_commerce_reads_tab_i_by_the_merchants_fc_plus_the_personality():
    r = play(ground(**down(0)), {1: Orders(mission="commerce")},
             {"arrivals": [NO_ARRIVAL], "commerce": [5]})
    m = one(r, "mission")
    assert m["table"] == "I" and m["column"] == RULES.tables["I"].label(4 + 3)
    assert landing_of(r).pending == RULES.tables["I"].result(7, 5)
    r = play(ground(settings={}, **down(0)), {1: Orders(mission="commerce")},
             {"arrivals": [NO_ARRIVAL], "commerce": [5]})
    assert one(r, "mission")["table"] == "H"


def test_tot_reads_the_personalitys_column_in_outer_space():
    from pbem.rules.career import launch_tot

    here = aviarii().position
    target = planet("dracones", pid=3, position=here._replace(x=here.x + 2), designation="P-2")
    for personality, settings, expected in ((5, ADVANCED, L.column_for(5).faces[1]),
                                            (5, {}, L.column_number(3).faces[1])):
        s = ground(target, personality=personality, settings=settings)
        board = Board.from_state(s)
        o = replace(s.officers[1], ship=replace(SHIPS["SPATHA"], tot=1))
        launch_tot(board, o, target.id, RULES, ScriptedDice({"tot": [2]}, strict=True))
        assert [e.data["result"] for e in board.events if e.kind == "tot"] == [expected]
    assert L.column_for(5).faces[1] != L.column_number(3).faces[1]
