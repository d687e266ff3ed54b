"""S.C. advanced A: the hazards on the Tabula Spatii: one black hole at the same point of
every level, at least 5 parsecs from the nearest planet; one net of 3 adjacent squares per
level and 3 distortions per level, at least 4 parsecs from planets; none seen by radar."""

from __future__ import annotations

import pytest

from pbem.rules import hazards
from pbem.rules.dice import SeededDice
from pbem.rules.galaxy import draw_map
from pbem.rules.geometry import Position, Zone, distance
from pbem.rules.orders import Orders

from conformance.conftest import outer, route
from core import in_space, of, one, play

ZONE = Zone(30)


@pytest.mark.parametrize("seed", [b"cornifex", b"notius"])
def test_SCadv_A_the_hazards_are_placed_by_the_rule(seed):
    planets = [p.position for p in draw_map(ZONE, 9, SeededDice(seed, 0))]
    placed = hazards.place(ZONE, planets, SeededDice(seed + b"-hazards", 0))
    assert placed is not None
    assert all(max(abs(p.x - placed.black_hole[0]), abs(p.y - placed.black_hole[1])) >= 5
               for p in planets)
    assert sorted(n[0].level for n in placed.nets) == [1, 2, 3, 4]
    for n in placed.nets:
        assert len(set(n)) == 3 and hazards.connected(n)
    assert sorted(d.level for d in placed.distortions) == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
    for q in [q for n in placed.nets for q in n] + list(placed.distortions):
        assert all(distance(p, q) >= 4 for p in planets if p.level == q.level)


def test_SCadv_A_a_net_stops_the_route_without_telling_the_officer():
    s = outer([], [in_space(Position(17, 5, 2))])
    r = play(s, {1: Orders(route=route("8 E"))})
    assert r.state.officers[1].position == Position(20, 5, 2)
    assert [e.audience for e in r.events if e.kind == "net"] == ["gm"]
    assert (one(r, "route")["stop"], one(r, "route")["travelled"]) == ("", 8)


def test_SCadv_A_the_distortion_table_direction_then_distance():
    """d6 2 is East, the second d6 the distance: from (5, 25) to (8, 25)."""
    s = outer([], [in_space(Position(5, 20, 2))])
    r = play(s, {1: Orders(route=route("8 N"))}, {"distortion": [2, 3]})
    assert r.state.officers[1].position == Position(8, 25, 2)
    assert [e.audience for e in r.events if e.kind == "distortion-exit"] == ["gm"]


def test_SCadv_A_the_black_hole_is_not_seen_by_radar():
    s = outer([], [in_space(Position(17, 20, 2))])  # 3 parsecs from the nucleus, radar 2
    r = play(s, {1: Orders()})
    assert of(r, "sighting") == [] and of(r, "black-hole-roll") == []
