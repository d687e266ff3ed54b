"""S.C. advanced F: the S.C.'s work in order: the officers' turns one after the other in the
player order (routes, sightings, information, aliens, points), then the alien ship."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders

from conformance.conftest import route
from core import in_space, kinds, play, state


def test_SCadv_F_the_officers_turns_in_order_then_the_alien_ship():
    a = in_space(Position(3, 3, 2), oid=1, turn=1)
    b = in_space(Position(20, 3, 2), oid=2, name="Beta", turn=0)
    s = replace(state([], [a, b], settings={"level": "advanced"}))
    r = play(s, {1: Orders(route=route("1 N")), 2: Orders(route=route("1 N"))}, {"alien-ship": [1]})
    turns = [e.officer for e in r.events if e.kind == "turn"]
    assert turns == [2, 1]
    last_turn = max(i for i, k in enumerate(kinds(r)) if k == "turn")
    assert kinds(r).index("alien-ship-absent") > last_turn
