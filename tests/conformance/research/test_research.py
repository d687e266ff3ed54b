"""Unpredictable Research (optional rule 19): points spent in grants of 5 on one technology
each (19.1), a d10 a grant, acquired when the sum reaches the cost and the excess wasted
(19.2), at most two grants more than the move before (19.3). Played through a whole move."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders, ResearchOrder
from pbem.rules.research import funding_limit

from core import RULES, in_space, play, state, then

RESEARCH = {"rules": ["research"]}


def researcher(score=25, grants_last=3, **kw):
    officer = replace(in_space(Position(20, 20, 2), score=score), grants_last=grants_last, **kw)
    return state([], [officer], settings=RESEARCH)


def grants(*pairs) -> Orders:
    return Orders(research=tuple(ResearchOrder(t, n) for t, n in pairs))


def test_UR_19_1_grants_cost_5_points_each_and_are_allocated_before_any_die():
    r = play(researcher(), {1: grants(("ATTACK", 4), ("DEFENCE", 1))}, {"research": [7, 5, 6, 8, 4]})
    officer = r.state.officers[1]
    assert officer.score == 0 and officer.grants_last == 5
    assert [x.detail for x in r.rolls if x.kind == "research"] == [
        "ATTACK 1 grant 1", "ATTACK 1 grant 2", "ATTACK 1 grant 3", "ATTACK 1 grant 4",
        "DEFENCE 1 grant 1"]


def test_UR_19_2_the_sum_reaching_the_cost_acquires_the_level_and_the_excess_is_wasted():
    """The rule's example: 7, 5, 6, 8 = 26 for Attack 1 (20): acquired, 6 wasted."""
    r = play(researcher(), {1: grants(("ATTACK", 4), ("DEFENCE", 1))}, {"research": [7, 5, 6, 8, 4]})
    officer = r.state.officers[1]
    assert officer.technologies.get("attack") == 1
    assert officer.research == {"defence": 4}


def test_UR_19_2_a_sum_short_of_the_cost_is_kept_for_the_next_grants():
    """7, 5, 6, 1 = 19: not completed; one grant next move always reaches 20."""
    r = play(researcher(), {1: grants(("ATTACK", 4))}, {"research": [7, 5, 6, 1]})
    assert r.state.officers[1].research == {"attack": 19}
    s = then(r)
    s = replace(s, officers={1: replace(s.officers[1], score=5)})
    r = play(s, {1: grants(("ATTACK", 1))}, {"research": [1]})
    assert r.state.officers[1].technologies.get("attack") == 1


def test_UR_19_3_at_most_two_grants_more_than_the_move_before():
    rules = RULES.technologies
    assert funding_limit(3, rules) == 5 and funding_limit(0, rules) == 2
    r = play(researcher(score=100, grants_last=0), {1: grants(("ATTACK", 3))}, {"research": [1, 1]})
    assert r.state.officers[1].grants_last == 2 and r.state.officers[1].score == 90
