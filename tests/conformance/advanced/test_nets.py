"""5B b: a magneto-gravitational net holds the ship on the square it meets, unknown to the
officer, who sets out from there next move; a Princeps PSI senses it."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders
from pbem.rules.state import Specialist

from conformance.conftest import outer, route
from core import in_space, one, play, then


def test_5Bb_a_net_holds_the_ship_and_the_officer_believes_his_route_flown():
    s = outer([], [in_space(Position(17, 5, 2))])
    r = play(s, {1: Orders(route=route("8 E"))})
    assert r.state.officers[1].position == Position(20, 5, 2)
    assert one(r, "route")["reckoning"] == [8, 0, 0]
    r = play(then(r), {1: Orders(route=route("3 S"))})
    assert r.state.officers[1].position == Position(20, 2, 2)


def test_5Bb_a_princeps_psi_senses_the_net():
    officer = replace(in_space(Position(17, 5, 2)), specialist=Specialist("psi", 2))
    r = play(outer([], [officer]), {1: Orders(route=route("8 E"))}, {"psi": [2]})
    assert one(r, "psi-warning") == {"hazard": "net", "parsec": 3}
    assert (one(r, "route")["stop"], one(r, "route")["stop_parsec"]) == ("net", 3)
