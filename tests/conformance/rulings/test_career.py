"""The rulings of the career (1, 3A)."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.orders import Orders, Payment

from core import BASE, in_space, one, play, state


def test_PROMOTION_ON_THE_BASE_AT_ANY_TIME_points_paid_to_an_officer_on_the_base():
    beta = replace(in_space(BASE.position, oid=2, name="Beta", turn=0, score=8), landed_on=BASE.id)
    notius = replace(in_space(BASE.position, oid=1, turn=1, score=5), landed_on=BASE.id)
    r = play(state([], [beta, notius]), {2: Orders(pay=(Payment(2, "Notius"),))})
    assert r.state.officers[1].rank == "Centurio" and one(r, "promotion", 1)["rank"] == "Centurio"


def test_SHARED_VICTORY_ON_A_TIE_equal_rank_and_points_after_the_last_move():
    a = in_space(BASE.position._replace(x=20), oid=1, score=3)
    b = in_space(BASE.position._replace(x=25), oid=2, name="Beta", turn=1, score=3)
    c = in_space(BASE.position._replace(x=28), oid=3, name="Gamma", turn=2, score=1)
    s = state([], [a, b, c], settings={"moves": 5})
    r = play(s, {})
    assert one(r, "game-end")["winners"] == ["Notius", "Beta"]
