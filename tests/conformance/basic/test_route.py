"""3D g: tanks; 3E: the zone, its levels and directions; 3F a: routes."""

from __future__ import annotations

import pytest

from pbem.orders.reader import read_orders
from pbem.rules.geometry import Position
from pbem.rules.orders import Orders

from conformance.conftest import route
from conftest import orders_text
from core import RULES, SHIPS, in_space, of, one, play, state, then

FAR = Position(20, 20, 2)


def test_3Dg_a_frombola_tank_thrusts_5_parsecs_a_move():
    assert RULES.ships["FROMBOLA"].parsecs_per_tank == 5
    s = state([], [in_space(FAR, SHIPS["FROMBOLA"])])  # 2 tanks: 10 parsecs
    r = play(s, {1: Orders(route=route("12 S"))})
    assert one(r, "route-cut")["allowed"] == 10
    assert r.state.officers[1].position == FAR._replace(y=FAR.y - 10)


def test_3Dg_tanks_not_used_are_not_carried_to_the_next_move():
    s = state([], [in_space(FAR, SHIPS["FROMBOLA"])])
    r = play(s, {1: Orders()})
    r2 = play(then(r), {1: Orders(route=route("15 S"))})
    assert one(r2, "route-cut")["allowed"] == 10


def test_3E_eight_directions_on_a_level_and_a_level_change_of_4_parsecs():
    s = state([], [in_space(FAR)])
    r = play(s, {1: Orders(route=route("1 N", "1 NE", "1 E", "1 SE", "4 DOWN", "1 S", "1 SW", "1 W", "1 NW"))})
    assert r.state.officers[1].position == FAR._replace(level=3)
    assert one(r, "route")["travelled"] == 12


def test_3E_a_level_change_cannot_be_split():
    _, unreadable = read_orders(orders_text("Notius", "s", 5, "ROUTE 2 DOWN"), "o.txt")
    assert ["a level change" in p.message for p in unreadable] == [True]


def test_3E_the_edge_of_the_zone_stops_the_ship_at_the_last_parsec_inside():
    s = state([], [in_space(Position(27, 5, 2))])  # the zone is 30 wide: x from 0 to 29
    r = play(s, {1: Orders(route=route("5 E", "5 W"))})
    assert r.state.officers[1].position == Position(29, 5, 2)
    assert (one(r, "route")["stop"], one(r, "route")["stop_parsec"]) == ("edge", 2)


@pytest.mark.parametrize("level, leg", [(1, "4 UP"), (4, "4 DOWN")])
def test_3E_a_level_that_does_not_exist_stops_the_route(level, leg):
    s = state([], [in_space(FAR._replace(level=level))])
    r = play(s, {1: Orders(route=route("1 N", leg, "1 N"))})
    assert r.state.officers[1].position == FAR._replace(y=FAR.y + 1, level=level)
    assert one(r, "route")["stop"] == "no-level"


def test_3Fa_a_route_is_its_segments_in_succession_and_need_not_be_flown():
    s = state([], [in_space(FAR)])
    r = play(s, {1: Orders(route=route("3 N", "2 NE", "1 SE"))})
    assert r.state.officers[1].position == Position(23, 24, 2)
    still = play(s, {1: Orders()})
    assert still.state.officers[1].position == FAR and of(still, "route-cut") == []
