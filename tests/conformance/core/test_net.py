"""The nets of outer space (rulebook 5B b, S.C. advanced rule A b; `pbem.rules.net`): a net
stops a route unseen, the next move starts from its square. The map is test_outer_space.py's.
"""

from __future__ import annotations

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders
from pbem.rules.state import Planet

from core import in_space, of, one, play

from .test_outer_space import outer, route, report_of


# --- 3. nets (5B b, S.C. rule A b) -------------------------------------------------------


def test_a_net_stops_the_route_unseen_and_the_reckoning_is_wrong():
    # 8 E from (17, 5): the net's square (20, 5) holds the ship at the 3rd parsec. A planet
    # near the start is sighted; one near the end of the route ordered is not: it was never
    # reached. The officer believes his 8 parsecs flown.
    near = Planet(3, Position(15, 7, 2))
    far = Planet(4, Position(26, 5, 2))
    s = outer([near, far], [in_space(Position(17, 5, 2))])
    r = play(s, {1: Orders(route=route("8 E"))})
    o = r.state.officers[1]
    assert o.position == Position(20, 5, 2)
    told = one(r, "route")
    assert (told["stop"], told["travelled"], told["stop_parsec"]) == ("", 8, 8)
    assert told["reckoning"] == [8, 0, 0] and list(o.reckoning) == [8, 0, 0]
    assert [x["planet"] for x in of(r, "sighting")] == ["P-3"]  # near, designated now
    assert one(r, "net") == {"officer_name": "Notius", "parsec": 3, "square": [20, 5, 2],
                             "ordered": "8 E"}
    assert "Route completed: 8 parsecs." in report_of(r)


def test_the_next_move_starts_from_the_net_square():
    s = outer([], [in_space(Position(20, 5, 2))])
    r = play(s, {1: Orders(route=route("3 S"))})
    assert r.state.officers[1].position == Position(20, 2, 2)
    assert of(r, "net") == []


def test_a_level_change_arriving_on_a_net_square_is_held_there():
    s = outer([], [in_space(Position(21, 5, 1))])
    r = play(s, {1: Orders(route=route("4 DOWN", "3 N"))})
    assert r.state.officers[1].position == Position(21, 5, 2)
    assert one(r, "net")["parsec"] == 4


def test_a_planet_ahead_before_the_net_stops_the_route_for_the_planet():
    # 10 E from (8, 5): an uncharted planet at (14, 5) is seen at the 4th parsec, before
    # the net of (20, 5) is reached.
    ahead = Planet(3, Position(14, 5, 2))
    s = outer([ahead], [in_space(Position(8, 5, 2))])
    r = play(s, {1: Orders(route=route("14 E"))})
    assert one(r, "route")["stop"] == "planet-ahead" and of(r, "net") == []
    assert r.state.officers[1].position == Position(12, 5, 2)
