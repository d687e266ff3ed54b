"""Tracing routes: the zone's edge, missing levels, UP/DOWN, planets on the route, radar."""

from hypothesis import example, given, settings
from hypothesis import strategies as st

from pbem.rules import route as routes
from pbem.rules.geometry import COMPASS, LEVEL_GAP, VERTICAL, Position, Segment, bearing, distance
from pbem.rules.sighting import PlanetGrid, Sighting, radar_range, sightings
from pbem.rules.state import Planet, Zone

from parsecs import expand

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


# --- the counted route and the sightings against the square-by-square reading ----------


def expand_square_by_square(start, route, zone):
    """`expand` as it was: every square tried against the zone in turn."""
    path = [routes.Parsec(0, start)]
    here, number = start, 0
    for s in route:
        if s.direction in VERTICAL:
            for _ in range(s.parsecs // LEVEL_GAP):
                there = Position(here.x, here.y, here.level + VERTICAL[s.direction])
                if not zone.contains(there):
                    return path, routes.NO_LEVEL
                number += LEVEL_GAP
                here = there
                path.append(routes.Parsec(number, here))
        else:
            dx, dy = COMPASS[s.direction]
            for _ in range(s.parsecs):
                there = Position(here.x + dx, here.y + dy, here.level)
                if not zone.contains(there):
                    return path, routes.EDGE
                number += 1
                here = there
                path.append(routes.Parsec(number, here))
    return path, None


def sightings_one_by_one(path, reach, planets):
    """sightings as it was: every planet of the level against every parsec, ranked as tuples."""
    if reach <= 0:
        return []
    found = []
    for planet in planets:
        best = None
        for parsec in path:
            if parsec.position.level != planet.position.level:
                continue
            dx = planet.position.x - parsec.position.x
            dy = planet.position.y - parsec.position.y
            if not (-reach <= dx <= reach and -reach <= dy <= reach):
                continue
            rank = (max(abs(dx), abs(dy)), dx * dx + dy * dy)
            if best is None or rank < best[0]:
                best = (rank, parsec)
        if best is not None:
            parsec = best[1]
            found.append(Sighting(planet.id, parsec.number, distance(parsec.position, planet.position),
                                  bearing(parsec.position, planet.position)))
    found.sort(key=lambda s: (s.parsec, s.distance, s.planet))
    return found


SIZE = 12
LEGS = st.lists(st.one_of(
    st.builds(Segment, st.integers(0, 15), st.sampled_from(list(COMPASS))),
    st.builds(Segment, st.sampled_from([0, 4, 8, 12]), st.sampled_from(list(VERTICAL))),
), max_size=5)
# Starts beyond the zone too: the count must stop where trying each square would.
STARTS = st.builds(Position, st.integers(-3, SIZE + 2), st.integers(-3, SIZE + 2),
                   st.integers(0, 5))


@settings(max_examples=400)
@given(start=STARTS, route=LEGS, levels=st.integers(1, 4))
def test_a_route_is_counted_to_where_trying_each_square_stops_it(start, route, levels):
    zone = Zone(SIZE, levels)
    assert expand(start, tuple(route), zone) == expand_square_by_square(
        start, tuple(route), zone)


@settings(max_examples=400)
@given(start=st.builds(Position, st.integers(0, SIZE - 1), st.integers(0, SIZE - 1),
                       st.integers(1, 2)),
       route=LEGS, reach=st.integers(-1, 4),
       squares=st.sets(st.tuples(st.integers(-2, SIZE + 1), st.integers(-2, SIZE + 1),
                                 st.integers(1, 2)), max_size=40))
# Two parsecs as near in steps and in a straight line: the earlier one sights the planet.
@example(start=Position(0, 0, 1), route=[Segment(1, "NE")], reach=2, squares={(1, 0, 1)})
def test_sightings_are_those_of_every_planet_against_every_parsec(start, route, reach, squares):
    path, _ = expand(start, tuple(route), Zone(SIZE, 4))
    planets = [Planet(id=k, position=Position(*q)) for k, q in enumerate(sorted(squares), start=1)]
    expected = sightings_one_by_one(path, reach, planets)
    assert sightings(path, reach, PlanetGrid(planets)) == expected
    assert sightings(path, reach, {p.position: p for p in planets}) == expected


@settings(max_examples=300)
@given(start=st.builds(Position, st.integers(0, SIZE - 1), st.integers(0, SIZE - 1),
                       st.integers(1, 2)),
       route=LEGS, reach=st.integers(-1, 4), on_the_start=st.booleans(),
       squares=st.sets(st.tuples(st.integers(-2, SIZE + 1), st.integers(-2, SIZE + 1),
                                 st.integers(1, 2)), max_size=30))
def test_the_planet_a_ship_starts_over_is_left_out_of_its_sightings_and_the_rest_kept(
        start, route, reach, on_the_start, squares):
    if on_the_start:
        squares = squares | {tuple(start)}
    planets = [Planet(id=k, position=Position(*q)) for k, q in enumerate(sorted(squares), start=1)]
    at = {p.position: p for p in planets}
    traced = routes.trace(start, tuple(route), Zone(SIZE, 4), at, reach)
    grid = PlanetGrid(planets)
    for besides in [None, *(p.id for p in planets[:6])] + ([at[start].id] if start in at else []):
        assert sightings(traced, reach, grid, besides) == [
            s for s in sightings(traced, reach, grid) if s.planet != besides]


def within_thrust_leg_by_leg(route, allowed):
    """routes.within_thrust as it was: every leg cut to what is left of the thrust."""
    kept = []
    left = allowed
    for s in route:
        n = min(s.parsecs, left - left % LEVEL_GAP) if s.vertical else min(s.parsecs, left)
        if n > 0:
            kept.append(Segment(n, s.direction))
        left -= n
        if n < s.parsecs:
            break
    return tuple(kept)


@settings(max_examples=400)
@given(route=st.lists(st.builds(Segment, st.integers(0, 13), st.sampled_from(
    list(COMPASS) + list(VERTICAL))), max_size=5), allowed=st.integers(0, 40))
def test_the_thrust_keeps_of_a_route_what_cutting_it_leg_by_leg_keeps(route, allowed):
    assert routes.within_thrust(tuple(route), allowed) == within_thrust_leg_by_leg(
        tuple(route), allowed)
