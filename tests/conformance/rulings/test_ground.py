"""The rulings of the ground (3D, 3G, 3I, 4 I)."""

from __future__ import annotations

from pbem.rules.orders import Orders

from conformance.conftest import NO_ARRIVAL, route
from core import CREW_FC, RULES, down, landing_of, of, on_ground, one, planet, play, state

A, B = RULES.tables["A"], RULES.tables["B"]


def test_FEWER_ALIENS_ATTACK_ONE_CREW_EACH_one_alien_two_crews():
    p = planet("sevolventes", (5,), hostile=True)
    r = play(state([p], [on_ground(p, **down(0, 1))]), {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [1]})
    assert [(a["crews"], a["defence"]) for a in of(r, "alien-fire")] == [(1, CREW_FC)]
    p = planet("sevolventes", (5, 5), hostile=True)  # as many aliens as crews: all on all
    r = play(state([p], [on_ground(p, **down(0, 1))]), {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [1]})
    assert [(a["crews"], a["attack"]) for a in of(r, "alien-fire")] == [(2, 10)]


def test_LOSSES_FROM_THE_LAST_CREW_two_men_lost_leave_3_plus_1():
    p = planet("luparii", (3, 3))
    r = play(state([p], [on_ground(p, **down(0, 1))]), {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [6]})
    assert one(r, "alien-fire")["lost"] == 2 and r.state.officers[1].ship.crews == (3, 1)


def test_WOUND_DECREASE_ROUNDS_UP_an_alien_of_5_loses_3():
    p = planet("sevolventes", (5,))
    s = state([p], [on_ground(p, **down(0, 1))])
    assert A.result(2 * CREW_FC - 5, 3) == "F"
    r = play(s, {1: Orders(fire=("crews",))}, {"arrivals": [NO_ARRIVAL], "legio-fire": [3], "alien-fire": [1]})
    assert r.state.planets[2].aliens == (2,)


def test_TAKE_OFF_EMBARKS_CREWS_a_take_off_without_crews_embark():
    p = planet("sevolventes", ())
    s = state([p], [on_ground(p, pending=5, pending_for="elimination", **down(0, 1))])
    r = play(s, {1: Orders(route=route("2 W"))}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "crews")["action"] == "embarked" and one(r, "points")["net"] == 4
    assert r.state.officers[1].landing is None


def test_REEMBARK_TARGET_DEFAULT_the_crews_when_the_sheet_names_nobody():
    assert RULES.guide["aviarii"].reembark_target is None
    p = planet("aviarii", (4, 4), hostile=True)
    s = state([p], [on_ground(p, attacked=True, **down(0, 1))])
    r = play(s, {1: Orders(crews_embark=True)}, {"arrivals": [NO_ARRIVAL], "alien-fire": [1]})
    assert one(r, "alien-fire")["target"] == "crews"


def test_NO_FIRE_WITHOUT_A_SHOT_fire_nobody_delivers_provokes_nobody():
    p = planet("sevolventes")
    s = state([p], [on_ground(p)])
    r = play(s, {1: Orders(fire=("lasers",), targets=0)}, {"arrivals": [NO_ARRIVAL]})
    assert of(r, "alien-fire") == [] and not r.state.planets[2].hostile
    assert not landing_of(r).fired
