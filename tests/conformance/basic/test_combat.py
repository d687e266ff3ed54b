"""4 I: the combat of Legio and aliens (TAB. A, B, C); 3I a: splitting of objectives;
3I b: cooperation between officers."""

from __future__ import annotations

from pbem.rules.orders import Orders, Payment

from conformance.conftest import FACE, NO_ARRIVAL
from core import (
    BASE, CREW_FC, LASER_FC, RULES, down, in_space, kinds, landing_of, on_ground, one, planet,
    play, state,
)

A, B = RULES.tables["A"], RULES.tables["B"]


def test_4I_F_halves_the_aliens_fc_rounded_up_and_the_survivors_answer():
    """Section 6, turn V: two crews (6) on two SEVOLVENTES (10): -4, a 6 gives F."""
    p = planet("sevolventes")
    s = state([p], [on_ground(p, **down(0, 1))])
    assert A.result(2 * CREW_FC - 10, 6) == "F"
    r = play(s, {1: Orders(fire=("crews",))},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [6], "alien-fire": [1]})
    assert (one(r, "legio-fire")["result"], one(r, "legio-fire")["killed"]) == ("F", 1)
    assert r.state.planets[2].aliens == (5,) and r.state.planets[2].hostile
    assert kinds(r).index("legio-fire") < kinds(r).index("alien-fire")  # timing a)
    assert landing_of(r).pending == RULES.guide["sevolventes"].points["elimination"]


def test_4I_U_kills_every_alien_fired_at():
    p = planet("sevolventes")
    s = state([p], [on_ground(p)])
    assert A.result(3 * LASER_FC - 10, 2) == "U"
    r = play(s, {1: Orders(fire=("lasers",))}, {"arrivals": [NO_ARRIVAL], "legio-fire": [2]})
    assert r.state.planets[2].aliens == ()


def test_4I_fire_against_hostile_aliens_is_simultaneous_with_theirs():
    """Timing b): the LUPARII killed by the Legio's fire still fire in the same exchange."""
    p = planet("luparii", (3, 3))
    s = state([p], [on_ground(p, **down(0, 1))])
    assert A.result(2 * CREW_FC - 6, 6) == "U"
    r = play(s, {1: Orders(fire=("crews",))},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [6], "alien-fire": [1]})
    assert r.state.planets[2].aliens == ()
    assert one(r, "alien-fire")["attack"] == 6  # both of them, dead in the same exchange


def test_4I_a_peaceful_mission_against_hostile_aliens_suffers_their_fire_first():
    """Timing c): alien fire, outcome, then the Legio's mission by the survivors."""
    p = planet("luparii", (3, 3))
    s = state([p], [on_ground(p, **down(0, 1))])
    r = play(s, {1: Orders(mission="capture")},
             {"arrivals": [NO_ARRIVAL], "alien-fire": [1], "capture": [6]})
    assert kinds(r).index("alien-fire") < kinds(r).index("mission")


def test_4I_two_hull_hits_in_one_turn_destroy_the_ship():
    p = planet("dracones", (8,))
    s = state([p], [on_ground(p, shields=False)])
    die = next(f for f in range(1, 7) if B.result(2 - 8, f) >= 2)
    r = play(s, {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [die],
                     "damage": [FACE["hull"], FACE["hull"]]})
    assert one(r, "rescue")["reason"] == "two hull hits in one move"
    assert r.state.officers[1].landed_on == BASE.id


def test_3Ia_the_fire_may_be_concentrated_on_some_aliens_only():
    p = planet("sevolventes", (5, 5, 5))
    s = state([p], [on_ground(p)])
    assert A.result(3 * LASER_FC - 5, 2) == "U"
    r = play(s, {1: Orders(fire=("lasers",), targets=1)},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [2], "alien-fire": [1]})
    fire = one(r, "legio-fire")
    assert (fire["defence"], fire["killed"]) == (5, 1)
    assert r.state.planets[2].aliens == (5, 5)


def test_3Ib_two_officers_add_their_attack_against_the_same_aliens():
    p = planet("sevolventes")
    notius = on_ground(p, oid=1, turn=0, **down(0, 1))
    beta = on_ground(p, oid=2, name="Beta", turn=1, **down(0, 1))
    s = state([p], [notius, beta])
    assert A.result(4 * CREW_FC - 10, 5) == "U"
    orders = {1: Orders(fire=("crews",), cooperate="Beta"), 2: Orders(fire=("crews",), cooperate="Notius")}
    r = play(s, orders, {"arrivals": [NO_ARRIVAL], "legio-fire": [5]})  # one arrivals roll a planet and move
    assert one(r, "legio-fire", 1)["attack"] == 4 * CREW_FC
    assert r.state.planets[2].aliens == ()


def test_3Ib_a_reward_is_paid_in_points_from_ones_own_score():
    s = state([], [in_space(BASE.position._replace(x=20), oid=1, score=5),
                   in_space(BASE.position._replace(x=22), oid=2, name="Beta", turn=1)])
    r = play(s, {1: Orders(pay=(Payment(2, "Beta"),))})
    assert (r.state.officers[1].score, r.state.officers[2].score) == (3, 2)
    assert one(r, "payment", 1)["amount"] == 2
