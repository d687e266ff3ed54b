"""Mission I of section 4, elimination: the officer's fire on the aliens (TAB. A, then TAB. B
for their answer; `ground.legio_fire`), with its success, its neutral result and its failure,
driven on the pure core with every die forced as in test_missions.py.
"""

from __future__ import annotations

import pytest

from pbem.rules.turn import Orders

from core import (
    CREW_FC, LASER_FC, RULES, SHIELD_FC, down, kinds, landing_of, of, on_ground, one, planet,
    play, race, state, then,
)

from .test_missions import NO_ARRIVAL, aliens_on

A, B = (RULES.tables[t] for t in "AB")


# --- I. elimination (TAB. A, B) ------------------------------------------------------------


def test_elimination_U_kills_every_alien_fired_at():
    """Landed with attitude A, the ship's lasers fire at both SEVOLVENTES: U kills both."""
    s = state([planet("sevolventes")], [on_ground(planet("sevolventes"))])
    attack, defence = 3 * LASER_FC, 2 * race("sevolventes").fc
    assert A.result(attack - defence, 2) == "U"

    r = play(s, {1: Orders(fire=("lasers",), mission="elimination")},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [2]})

    fire = one(r, "legio-fire")
    assert (fire["attack"], fire["defence"], fire["difference"]) == (18, 10, 8)
    assert (fire["result"], fire["killed"], fire["left"]) == ("U", 2, 0)
    assert aliens_on(r) == ()
    assert of(r, "alien-fire") == []  # nobody is left to answer
    assert of(r, "mission-refused") == []
    landing = landing_of(r)
    assert (landing.pending, landing.pending_for) == (5, "elimination")
    assert r.state.officers[1].score == 0  # paid only on re-embarking


def test_elimination_F_on_two_aliens_kills_one_and_the_survivor_fires():
    """Section 6, turn V: two crews (F.C. 6) on two SEVOLVENTES (10): -4, a 6 gives F, one dies."""
    s = state([planet("sevolventes")], [on_ground(planet("sevolventes"), **down(0, 1))])
    difference = 2 * CREW_FC - 2 * 5
    assert difference == -4 and A.result(difference, 6) == "F"
    assert B.result(CREW_FC - 5, 1) == 0

    r = play(s, {1: Orders(fire=("crews",))},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [6], "alien-fire": [1]})

    fire = one(r, "legio-fire")
    assert (fire["result"], fire["killed"], fire["left"]) == ("F", 1, 1)
    assert aliens_on(r) == (5,)  # half of 10, rounded up, is 5: one whole alien
    answer = one(r, "alien-fire")  # timing a): Legio fire, outcome, then the survivors
    assert (answer["target"], answer["crews"], answer["attack"], answer["defence"]) == ("crews", 1, 5, 3)
    assert kinds(r).index("legio-fire") < kinds(r).index("alien-fire")
    assert landing_of(r).pending == 5


def test_elimination_F_on_a_single_alien_decreases_it_by_half_rounded_up():
    """F is "a decrease of 50% (rounded up)" (4 I): one SEVOLVENTES of F.C. 5 loses
    ceil(5 / 2) = 3 and keeps 2."""
    p = planet("sevolventes", (5,))
    s = state([p], [on_ground(p, **down(0, 1))])
    difference = 2 * CREW_FC - 5
    assert A.result(difference, 3) == "F"
    assert B.result(CREW_FC - 2, 1) == 0

    r = play(s, {1: Orders(fire=("crews",))},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [3], "alien-fire": [1]})

    fire = one(r, "legio-fire")
    assert (fire["result"], fire["killed"], fire["wounded"], fire["left"]) == ("F", 0, 1, 1)
    assert aliens_on(r) == (2,)
    assert one(r, "alien-fire")["attack"] == 2  # the wounded alien fires with what is left
    assert landing_of(r).pending == 0  # nobody died: nothing to pick up


def test_elimination_dash_changes_nothing_but_makes_the_aliens_hostile():
    s = state([planet("sevolventes")], [on_ground(planet("sevolventes"), **down(0, 1))])
    assert A.result(2 * CREW_FC - 10, 1) == "-"
    assert B.result(2 * CREW_FC - 10, 1) == 0

    r = play(s, {1: Orders(fire=("crews",))},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [1], "alien-fire": [1]})

    assert one(r, "legio-fire")["result"] == "-"
    assert aliens_on(r) == (5, 5)
    assert r.state.planets[2].hostile
    assert one(r, "alien-fire")["attack"] == 10
    assert landing_of(r).pending == 0


def test_splitting_of_objectives_fires_at_the_first_n_aliens_only():
    """TARGET 1 (3I a): all the F.C.Att against one alien; the other is not touched."""
    s = state([planet("sevolventes")], [on_ground(planet("sevolventes"), **down(0, 1))])
    difference = 2 * CREW_FC - 5  # +1, not 6 - 10
    assert A.result(difference, 5) == "U"

    r = play(s, {1: Orders(fire=("crews",), targets=1)},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [5], "alien-fire": [1]})

    fire = one(r, "legio-fire")
    assert (fire["targets"], fire["defence"], fire["difference"]) == (1, 5, 1)
    assert (fire["result"], fire["killed"], fire["left"]) == ("U", 1, 1)
    assert aliens_on(r) == (5,)  # the untouched one, at full F.C.


def test_one_attack_makes_every_survivor_hostile():
    """The alien nobody fired at answers the fire, and keeps attacking the next move (4 I)."""
    s = state([planet("sevolventes")], [on_ground(planet("sevolventes"), **down(0, 1))])
    assert B.result(CREW_FC - 5, 1) == 0

    r = play(s, {1: Orders(fire=("crews",), targets=1)},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [5], "alien-fire": [1]})
    assert r.state.planets[2].hostile
    assert one(r, "alien-fire")["attack"] == 5

    # Next move the officer only waits: the hostile survivor attacks at once.
    r2 = play(then(r), {1: Orders()}, {"arrivals": [NO_ARRIVAL], "alien-fire": [1]})
    assert one(r2, "alien-fire")["attack"] == 5
    assert of(r2, "legio-fire") == []


@pytest.mark.parametrize("targets, killed", [(None, 2), (1, 1)])
def test_elimination_points_are_the_same_however_many_die(targets, killed):
    s = state([planet("sevolventes")], [on_ground(planet("sevolventes"))])
    for value in (18 - 10, 18 - 5):
        assert A.result(value, 2) == "U"
    dice = {"arrivals": [NO_ARRIVAL], "legio-fire": [2]}
    if killed == 1:
        dice["alien-fire"] = [1]  # the survivor answers the ship (shields on: 5 - 25)
        assert B.result(5 * SHIELD_FC - 5, 1) == 0

    r = play(s, {1: Orders(fire=("lasers",), targets=targets)}, dice)

    assert one(r, "legio-fire")["killed"] == killed
    landing = landing_of(r)
    assert (landing.pending, landing.pending_for) == (race("sevolventes").points["elimination"], "elimination")


def test_elimination_points_are_paid_only_when_the_crews_re_embark():
    s = state([planet("sevolventes")], [on_ground(planet("sevolventes"), **down(0, 1))])
    assert A.result(3 * LASER_FC + 2 * CREW_FC - 10, 2) == "U"

    r = play(s, {1: Orders(fire=("lasers", "crews"))},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [2]})
    assert one(r, "legio-fire")["killed"] == 2
    assert r.state.officers[1].score == 0
    assert of(r, "points") == []

    r2 = play(then(r), {1: Orders(crews_embark=True)}, {"arrivals": [NO_ARRIVAL]})
    points = one(r2, "points")
    assert (points["mission"], points["gross"], points["level"], points["net"]) == ("elimination", 5, 1, 4)
    assert r2.state.officers[1].score == 4
    assert landing_of(r2).pending == 0
