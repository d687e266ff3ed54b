"""3B: points for a planet sighted and for missions, the ship's level subtracted each time."""

from __future__ import annotations

import pytest

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders
from pbem.rules.state import Planet

from core import RULES, SHIPS, down, in_space, of, on_ground, one, planet, play, state


@pytest.mark.parametrize("ship_type, points", [("FROMBOLA", 2), ("GLADIUM", 1), ("SPATHA", 0)])
def test_3B_a_planet_sighted_and_never_discovered_gives_2_points_minus_the_ship_level(
        ship_type, points):
    p = Planet(2, Position(22, 12, 2))
    s = state([p], [in_space(Position(20, 12, 2), SHIPS[ship_type], score=3)])
    r = play(s, {1: Orders()})

    sighting = one(r, "sighting")
    assert (sighting["new"], sighting["points"]) == (True, points)
    assert r.state.officers[1].score == 3 + points
    assert r.state.planets[2].discovered_by == 1


def test_3B_a_planet_discovered_before_gives_nothing():
    p = Planet(2, Position(22, 12, 2), designation="P-1", discovered_by=2, discovered_move=1)
    s = state([p], [in_space(Position(20, 12, 2))])
    r = play(s, {1: Orders()})
    assert (one(r, "sighting")["new"], one(r, "sighting")["points"]) == (False, 0)
    assert r.state.officers[1].score == 0


@pytest.mark.parametrize("ship_type", ["GLADIUM", "SPATHA"])
def test_3B_a_mission_s_points_are_paid_minus_the_ship_level(ship_type):
    p = planet("secor-plants", ())
    s = state([p], [on_ground(p, SHIPS[ship_type], pending=4, pending_for="collect",
                              mission="collect", **down(0))])
    r = play(s, {1: Orders(crews_embark=True)})

    level = RULES.ships[ship_type].level
    points = one(r, "points")
    assert (points["gross"], points["level"], points["net"]) == (4, level, 4 - level)
    assert r.state.officers[1].score == 4 - level
    assert of(r, "points-lost") == []
