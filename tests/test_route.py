"""Tracing routes: the zone's edge, missing levels, UP/DOWN, planets on the route, radar."""

from pbem.rules import route as routes
from pbem.rules.geometry import Position, Segment
from pbem.rules.sighting import radar_range, sightings
from pbem.rules.state import Planet, Zone

ZONE = Zone(20, 4)


def seg(text):
    n, d = text.split()
    return Segment(int(n), d)


def trace(start, route, planets=(), reach=2, land=False):
    at = {p.position: p for p in planets}
    return routes.trace(start, tuple(seg(s) for s in route), ZONE, at, reach, land)


def test_route_runs_to_its_end():
    r = trace(Position(5, 5, 2), ["3 N", "2 E"])
    assert r.stop is None and r.travelled == 5 and r.end == Position(7, 8, 2)


def test_edge_stops_at_last_parsec_inside_even_if_route_would_come_back():
    r = trace(Position(17, 5, 2), ["5 E", "5 W"])
    assert r.stop == routes.EDGE
    assert r.stop_parsec == 2 and r.end == Position(19, 5, 2)


def test_up_and_down_change_level_four_parsecs_each():
    r = trace(Position(5, 5, 3), ["4 UP", "2 N"])
    assert r.end == Position(5, 7, 2) and r.travelled == 6
    r = trace(Position(5, 5, 2), ["8 DOWN"])
    assert r.end == Position(5, 5, 4) and r.travelled == 8


def test_missing_level_stops_before_the_climb():
    r = trace(Position(5, 5, 1), ["2 N", "4 UP", "3 E"])
    assert r.stop == routes.NO_LEVEL
    assert r.stop_parsec == 2 and r.end == Position(5, 7, 1)
    r = trace(Position(5, 5, 3), ["8 DOWN"])
    assert r.stop == routes.NO_LEVEL and r.end == Position(5, 5, 4) and r.stop_parsec == 4


def test_uncharted_planet_on_route_stops_where_radar_first_sees_it():
    planet = Planet(1, Position(5, 12, 2))
    r = trace(Position(5, 5, 2), ["10 N"], [planet], reach=2)
    assert r.stop == routes.PLANET_AHEAD and r.planet == 1
    assert r.end == Position(5, 10, 2) and r.stop_parsec == 5


def test_no_radar_lands_on_the_planet_crossed():
    planet = Planet(1, Position(5, 12, 2))
    r = trace(Position(5, 5, 2), ["10 N"], [planet], reach=0)
    assert r.stop == routes.FORCED_LANDING and r.end == planet.position and r.stop_parsec == 7


def test_ending_on_a_planet_with_landing_declared_lands():
    planet = Planet(1, Position(5, 12, 2))
    r = trace(Position(5, 5, 2), ["7 N"], [planet], reach=3, land=True)
    assert r.stop == routes.LANDED and r.end == planet.position


def test_base_and_known_planets_do_not_stop_routes():
    base = Planet(1, Position(5, 8, 2), base=True)
    known = Planet(2, Position(5, 10, 2), known=True)
    r = trace(Position(5, 5, 2), ["8 N"], [base, known], reach=3)
    assert r.stop is None and r.end == Position(5, 13, 2)


def test_ending_on_the_base_lands_there():
    base = Planet(1, Position(5, 8, 2), base=True)
    r = trace(Position(5, 5, 2), ["3 N"], [base])
    assert r.stop == routes.BASE and r.planet == 1


def test_sighting_from_nearest_parsec_with_ties_broken_by_straight_line():
    # Section 6 turn I: 10 N + 5 E from the base at the origin (shifted into the zone).
    start = Position(5, 2, 1)
    planet = Planet(1, Position(3, 13, 1))
    r = routes.trace(start, (Segment(10, "N"), Segment(5, "E")), Zone(30), {}, 2)
    seen = sightings(r.path, 2, {planet.position: planet})
    assert [(s.parsec, s.distance) for s in seen] == [(10, 2)]


def test_radar_range_is_capped_at_three():
    assert [radar_range(n) for n in range(6)] == [0, 1, 2, 3, 3, 3]


def test_a_ship_standing_still_still_sees():
    planet = Planet(1, Position(6, 6, 1))
    r = trace(Position(5, 5, 1), [], [planet], reach=1)
    assert r.travelled == 0
    assert [s.parsec for s in sightings(r.path, 1, {planet.position: planet})] == [0]


def test_radar_never_sees_across_levels():
    planet = Planet(1, Position(5, 5, 2))
    r = trace(Position(5, 5, 1), [], [planet], reach=3)
    assert sightings(r.path, 3, {planet.position: planet}) == []
