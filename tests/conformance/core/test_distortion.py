"""The distortions of outer space (rulebook 5B c, S.C. advanced rule A c;
`pbem.rules.distortion`): a distortion blocks the route and shifts the ship in secret by two
d6, and where the shift ends decides the landing. The map is test_outer_space.py's.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules import rulings
from pbem.rules.geometry import Position
from pbem.rules.orders import Orders
from pbem.rules.state import Planet

from core import BASE, faces_to, in_space, of, one, planet, play

from .test_outer_space import HAZARDS, ZONE, outer, route, report_of


# --- 4. distortions (5B c, S.C. rule A c) ---------------------------------------------------


def test_a_distortion_blocks_the_route_and_moves_the_ship_in_secret():
    # 8 N from (5, 20): blocked at the 5th parsec, (5, 25); d6 2 (East), d6 3: out at (8, 25).
    # A planet beside the exit is not seen by the jump.
    beside = Planet(3, Position(9, 26, 2))
    s = outer([beside], [in_space(Position(5, 20, 2))])
    r = play(s, {1: Orders(route=route("8 N"))}, {"distortion": [2, 3]})
    o = r.state.officers[1]
    assert o.position == Position(8, 25, 2) and o.landed_on is None
    told = one(r, "route")
    assert (told["stop"], told["stop_parsec"], told["reckoning"]) == ("distortion", 5, [0, 5, 0])
    assert of(r, "sighting") == []
    assert one(r, "distortion-exit")["exit"] == [8, 25, 2]
    text = report_of(r)
    assert "Blocked at the 5th parsec by a Nullius distortion" in text
    assert "(8, 25" not in text and "8 E" not in text and "3 E" not in text


def test_the_next_route_starts_from_the_exit_unknown_to_the_officer():
    beside = Planet(3, Position(9, 26, 2))
    s = outer([beside], [in_space(Position(8, 25, 2))])
    r = play(s, {1: Orders(route=route("1 E"))})
    assert one(r, "sighting")["distance"] == 1  # from (9, 25)


@pytest.mark.parametrize("faces, exit", [
    ((5, 2), Position(5, 25, 1)),  # Up: one level, whatever the distance (ruling)
    ((6, 6), Position(5, 25, 3)),  # Down
    ((3, 6), Position(5, 19, 2)),  # South 6
    ((4, 6), Position(0, 25, 2)),  # West 6 from x 5: stops at the edge, x 0
])
def test_the_two_d6_of_the_shift(faces, exit):
    assert rulings.DISTORTION_UP_AND_DOWN_MOVE_ONE_LEVEL
    s = outer([], [in_space(Position(5, 20, 2))])
    r = play(s, {1: Orders(route=route("8 N"))}, {"distortion": list(faces)})
    assert r.state.officers[1].position == exit


def test_the_jump_meets_no_hazard():
    # d6 1 (North), 6 from (5, 25)... the zone ends at y 29: out at (5, 29); the jump sees
    # nothing and meets nothing on the way, whatever lies there.
    s = outer([], [in_space(Position(5, 20, 2))])
    r = play(s, {1: Orders(route=route("8 N"))}, {"distortion": [1, 6]})
    assert r.state.officers[1].position == Position(5, 29, 2)
    assert of(r, "net") == [] and of(r, "black-hole-roll") == []


def test_a_shift_ending_on_an_uncharted_planet_lands_with_attitude_a():
    # d6 2 (East), 6: from (5, 25) to (11, 25), an uncharted planet: an immediate landing,
    # attitude A, with the landing rolls of outer space: all the information (radioactivity
    # with the type), TAB. O, the presence, TAB. P.
    uncharted = Planet(3, Position(11, 25, 2))
    s = outer([uncharted], [in_space(Position(5, 20, 2))])
    r = play(s, {1: Orders(route=route("8 N"))},
             {"distortion": [2, 6], "info": faces_to("sevolventes"), "radioactivity": [5],
              "landing-risk": [3], "presence": [2], "landing-zone": [ZONE["plains"]]})
    landed = one(r, "landed")
    assert landed["how"] == "forced-landing" and landed["forced"] and landed["planet"] == "P-2"
    assert one(r, "attitude")["attitude"] == rulings.DISTORTION_LANDING_ATTITUDE == "A"
    o = r.state.officers[1]
    assert o.landed_on == 3 and o.landing is not None and o.position == uncharted.position
    assert "LANDED ON P-2: the distortion put your ship down on it." in report_of(r)


def test_a_shift_ending_on_a_known_planet_leaves_the_ship_in_space_over_it():
    known = replace(planet("sevolventes", position=Position(11, 25, 2)), known=True)
    s = outer([known], [in_space(Position(5, 20, 2))])
    r = play(s, {1: Orders(route=route("8 N"))}, {"distortion": [2, 6]})
    o = r.state.officers[1]
    assert o.position == known.position and o.landed_on is None and of(r, "landed") == []


def test_a_shift_ending_on_the_base_lands_there_and_the_base_resets_the_reckoning():
    assert rulings.THE_BASE_RESETS_THE_RECKONING
    s = outer([], [in_space(Position(5, 14, 2))])
    r = play(s, {1: Orders(route=route("6 S"))}, {"distortion": [2, 5]})
    o = r.state.officers[1]
    assert o.landed_on == BASE.id and tuple(o.reckoning) == (0, 0, 0)
    assert one(r, "landed")["base"] and of(r, "landing-risk") == []  # no TAB. O on the base


def test_a_net_before_a_distortion_holds_the_route_and_no_shift_is_rolled():
    hazards = replace(HAZARDS, distortions=HAZARDS.distortions + (Position(24, 5, 2),))
    s = replace(outer([], [in_space(Position(17, 5, 2))]), hazards=hazards)
    r = play(s, {1: Orders(route=route("10 E"))})  # a distortion roll would raise
    assert one(r, "net")["parsec"] == 3 and of(r, "distortion-exit") == []
