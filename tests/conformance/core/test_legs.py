"""A route counted leg by leg (`legs`) against the same route followed parsec by parsec, as
the rules read it before: the tracing, the planets and hazards on it, the black hole's
nearest parsec, what radar sees from it; and the legs of any path."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from pbem.rules import black_hole, hazards, legs, rulings, sighting
from pbem.rules import route as routes
from pbem.rules.geometry import COMPASS, VERTICAL, Position, Segment, Zone, bearing, distance
from pbem.rules.grid import PlanetGrid
from pbem.rules.route import Parsec
from pbem.rules.sighting import Sighting
from pbem.rules.state import Planet

# The parsec radar sees a square from: every parsec's distance, then the tie-breaks.
from parsecs import expand, nearest_parsec
from .test_alien_ship import nearest_parsec_by_distance

SIZE = 12


# --- the rules as read parsec by parsec -------------------------------------------------


def stop_on_by_parsec(path, zone_hazards):
    for i in range(1, len(path)):
        kind = zone_hazards.squares.get(path[i].position)
        if kind is not None and kind != hazards.NUCLEUS:
            return i, kind
    return None


def trace_by_parsec(start, route, zone, planets_at, radar_range, land, zone_hazards):
    """route.trace as it was: (planned, path, stop, stop_parsec, planet)."""
    planned = sum(s.parsecs for s in route)
    path, cut = expand(start, route, zone)
    result = planets_by_parsec(planned, path, cut, planets_at, radar_range, land)
    met = stop_on_by_parsec(path, zone_hazards) if zone_hazards else None
    if met is not None:
        k, kind = met
        end = len(result[1]) - 1
        if k < end or (k == end and (result[2] != routes.PLANET_AHEAD
                                     or rulings.HAZARD_BEFORE_A_PLANET_AHEAD)):
            return planned, tuple(path[: k + 1]), kind, path[k].number, None
    return result


def planets_by_parsec(planned, path, cut, planets_at, radar_range, land):
    last = len(path) - 1
    crossed = {}  # each planet that stops routes: the first parsec on it
    for i in range(1, len(path)):
        planet = planets_at.get(path[i].position)
        if planet is not None and routes.blocks_route(planet):
            crossed.setdefault(planet.id, (i, planet))
    landing = None
    if land and cut is None:
        landing = next((p for i, p in crossed.values() if i == last), None)
        if landing is not None:
            del crossed[landing.id]
    if crossed and radar_range <= 0:
        i, planet = min(crossed.values(), key=lambda c: c[0])
        return (planned, tuple(path[: i + 1]), routes.FORCED_LANDING, path[i].number,
                planet.id)
    stops = []
    for i, planet in crossed.values():
        j = next(k for k in range(i + 1)
                 if path[k].position.level == planet.position.level
                 and distance(path[k].position, planet.position) <= radar_range)
        if j < i:
            stops.append((j, i, routes.PLANET_AHEAD, planet))
        elif rulings.VERTICAL_ARRIVAL_LANDS:
            stops.append((i, i, routes.VERTICAL_LANDING, planet))
        else:
            stops.append((i - 1, i, routes.PLANET_AHEAD, planet))
    if stops:
        j, _, stop, planet = min(stops, key=lambda s: s[:2])
        return planned, tuple(path[: j + 1]), stop, path[j].number, planet.id
    if landing is not None:
        return planned, tuple(path), routes.LANDED, path[-1].number, landing.id
    planet = planets_at.get(path[-1].position)
    if planet is not None and planet.base and last > 0:
        return planned, tuple(path), routes.BASE, path[-1].number, planet.id
    return planned, tuple(path), cut, path[-1].number, None


def black_hole_by_parsec(path, zone_hazards):
    if zone_hazards.black_hole is None or len(path) < 2 or zone_hazards.pulled.isdisjoint(
            parsec.position for parsec in path[1:]):
        return None
    bx, by = zone_hazards.black_hole
    away = [max(abs(p.position.x - bx), abs(p.position.y - by)) for p in path]
    best = min(away[1:])
    first = away.index(best, 1)
    if best > away[0] or (best == away[0] and not rulings.BLACK_HOLE_TANGENT_ROUTES_ARE_ROLLED):
        return None
    return black_hole.Pull(path[first].number, best)


def sightings_by_parsec(path, reach, planets):
    if reach <= 0:
        return []
    found = []
    for planet in planets:
        seen = nearest_parsec_by_distance(path, planet.position, reach)
        if seen is not None:
            d, parsec = seen
            found.append(Sighting(planet.id, parsec.number, d,
                                  bearing(parsec.position, planet.position)))
    found.sort(key=lambda s: (s.parsec, s.distance, s.planet))
    return found


# --- what is drawn ---------------------------------------------------------------------------


ROUTES = st.lists(st.one_of(
    st.builds(Segment, st.integers(0, 15), st.sampled_from(list(COMPASS))),
    st.builds(Segment, st.sampled_from([0, 4, 8, 12]), st.sampled_from(list(VERTICAL))),
), max_size=5).map(tuple)
# Starts beyond the zone too, and on levels it lacks.
STARTS = st.builds(Position, st.integers(-2, SIZE + 1), st.integers(-2, SIZE + 1),
                   st.integers(0, 5))
SQUARES = st.tuples(st.integers(-1, SIZE), st.integers(-1, SIZE), st.integers(1, 4))
PLANETS = st.dictionaries(SQUARES, st.sampled_from(["plain", "base", "known"]), max_size=30)


@st.composite
def zone_hazards(draw):
    if draw(st.booleans()):
        return None
    hole = draw(st.none() | st.tuples(st.integers(-2, SIZE + 1), st.integers(-2, SIZE + 1)))
    squares = st.builds(Position, st.integers(-1, SIZE), st.integers(-1, SIZE),
                        st.integers(1, 4))
    nets = tuple(tuple(n) for n in draw(st.lists(st.lists(squares, min_size=1, max_size=3),
                                                 max_size=4)))
    return hazards.Hazards(hole, nets, tuple(draw(st.lists(squares, max_size=8))),
                           draw(st.integers(1, 4)))


RULINGS = ("VERTICAL_ARRIVAL_LANDS", "KNOWN_PLANETS_DO_NOT_STOP",
           "HAZARD_BEFORE_A_PLANET_AHEAD", "BLACK_HOLE_TANGENT_ROUTES_ARE_ROLLED")


def ruled(ruling_values, check):
    """Run `check` with the rulings given, then put them back."""
    before = {name: getattr(rulings, name) for name in RULINGS}
    try:
        for name, value in zip(RULINGS, ruling_values):
            setattr(rulings, name, value)
        check()
    finally:
        for name, value in before.items():
            setattr(rulings, name, value)


def planets_of(drawn):
    return [Planet(id=k, position=Position(*square), base=kind == "base",
                   known=kind == "known", designation=f"P-{k}")
            for k, (square, kind) in enumerate(sorted(drawn.items()), start=1)]


# --- the tests -------------------------------------------------------------------------------


@settings(max_examples=600, deadline=None)
@given(start=STARTS, route=ROUTES, levels=st.integers(1, 4), drawn=PLANETS,
       reach=st.integers(-1, 4), land=st.booleans(), zone_hazards=zone_hazards(),
       ruling_values=st.tuples(*[st.booleans()] * len(RULINGS)))
# Along a level past a planet seen early, onto one from the level above, into a net.
@example(start=Position(0, 0, 1), route=(Segment(6, "E"),), levels=4,
         drawn={(4, 1, 1): "plain"}, reach=2, land=False, zone_hazards=None,
         ruling_values=(True, True, True, True))
@example(start=Position(3, 3, 1), route=(Segment(4, "DOWN"),), levels=4,
         drawn={(3, 3, 2): "plain"}, reach=2, land=False, zone_hazards=None,
         ruling_values=(False, True, True, True))
@example(start=Position(0, 5, 2), route=(Segment(9, "E"),), levels=4, drawn={},
         reach=1, land=False, ruling_values=(True, True, True, True),
         zone_hazards=hazards.Hazards(None, ((Position(5, 5, 2),),), ()))
# Two planets on the route, the later one sighted first (S.C. rule E); along the black
# hole's zone at the distance of the start (5B a: tangent, rolled for).
@example(start=Position(0, 2, 1), route=(Segment(6, "E"), Segment(2, "N"), Segment(6, "W")),
         levels=4, drawn={(5, 2, 1): "plain", (3, 4, 1): "plain"}, reach=2, land=False,
         zone_hazards=None, ruling_values=(True, True, True, True))
@example(start=Position(1, 2, 1), route=(Segment(6, "E"),), levels=4, drawn={}, reach=1,
         land=False, ruling_values=(True, True, True, True),
         zone_hazards=hazards.Hazards((5, 6), (), ()))
def test_a_route_traced_leg_by_leg_ends_where_followed_parsec_by_parsec(
        start, route, levels, drawn, reach, land, zone_hazards, ruling_values):
    zone = Zone(SIZE, levels)
    planets = planets_of(drawn)
    planets_at = {p.position: p for p in planets}

    def check():
        traced = routes.trace(start, route, zone, planets_at, reach, land, zone_hazards,
                              PlanetGrid(planets))
        assert (traced.planned, traced.path, traced.stop, traced.stop_parsec,
                traced.planet) == trace_by_parsec(start, route, zone, planets_at, reach, land,
                                                  zone_hazards)
        # Without a grid the tracing makes its own.
        assert routes.trace(start, route, zone, planets_at, reach, land,
                            zone_hazards) == traced
        assert traced.end == traced.path[-1].position
        assert traced.travelled == traced.path[-1].number
        assert traced.levels == legs.layout(traced.legs)
        # What radar sees from it, and the alien ship in a square of the zone.
        expected = sightings_by_parsec(traced.path, reach, planets)
        assert sighting.sightings(traced, reach, PlanetGrid(planets)) == expected
        assert sighting.sightings(traced.path, reach, planets_at) == expected
        there = Position(SIZE // 2, SIZE // 3, start.level if 1 <= start.level <= 4 else 1)
        for r in range(0, 4):
            assert nearest_parsec(traced, there, r) == nearest_parsec_by_distance(traced.path, there, r)
        if zone_hazards is not None:
            assert black_hole.pull_on(traced, zone_hazards) == black_hole_by_parsec(
                traced.path, zone_hazards)

    ruled(ruling_values, check)


PATHS = st.lists(st.tuples(st.integers(0, 3), SQUARES), max_size=14).map(
    lambda steps: [Parsec(sum(n for n, _ in steps[: k + 1]), Position(*square))
                   for k, (_, square) in enumerate(steps)])


@settings(max_examples=400, deadline=None)
@given(path=PATHS, zone_hazards=zone_hazards(), there=SQUARES.map(lambda s: Position(*s)),
       reach=st.integers(0, 4), tangent=st.booleans())
def test_any_path_is_its_legs_and_is_read_from_them_as_parsec_by_parsec(
        path, zone_hazards, there, reach, tangent):
    """Paths that jump, stand still and change numbers as no route does: the legs of a path
    give back its parsecs, and every reading of the legs is the parsec-by-parsec one."""
    assert legs.parsecs(legs.of_path(path)) == path
    assert nearest_parsec(path, there, reach) == nearest_parsec_by_distance(path, there, reach)
    if zone_hazards is not None:
        assert hazards.stop_on(path, zone_hazards) == stop_on_by_parsec(path, zone_hazards)

        def check():
            assert black_hole.nearest(path, zone_hazards) == black_hole_by_parsec(
                path, zone_hazards)

        ruled((True, True, True, tangent), check)


# A leg of more than one parsec has a step (`legs.Leg`).
LEG = st.builds(legs.Leg, st.integers(0, 9), st.integers(-3, 15), st.integers(-3, 15),
                st.integers(1, 4), st.integers(-1, 1), st.integers(-1, 1),
                st.integers(1, 14)).filter(lambda leg: leg.count == 1 or leg.dx or leg.dy)


@given(leg=LEG, px=st.integers(-6, 20), py=st.integers(-6, 20), earliest=st.booleans())
def test_a_legs_nearest_parsec_is_counted_as_weighing_each_of_its_parsecs(leg, px, py,
                                                                          earliest):
    squares = [(leg.x + i * leg.dx, leg.y + i * leg.dy) for i in range(leg.count)]
    weighed = [(max(abs(px - x), abs(py - y)), (px - x) ** 2 + (py - y) ** 2, i)
               for i, (x, y) in enumerate(squares)]
    assert legs.nearest_on(leg, px, py) == min(weighed)
    fewest = min(w[0] for w in weighed)
    as_near = [w[2] for w in weighed if w[0] == fewest]
    assert legs.steps_along(leg, px, py, earliest) == (
        fewest, as_near[0] if earliest else as_near[-1])
    on = [i for i, square in enumerate(squares) if square == (px, py)]
    assert legs.index_on(leg, px, py) == (on[0] if on else -1)
    # Radar's parsec on a level of this one leg, weighed on its own way (`sighting.nearest`).
    for reach in range(4):
        steps, _, i = min(weighed)
        expected = ((leg.number + i, *squares[i], steps) if steps <= reach else None)
        assert sighting.nearest([(0, leg)], px, py, reach) == expected


@given(on_level=st.lists(LEG, min_size=1, max_size=3), reach=st.integers(0, 4),
       squares=st.lists(st.tuples(st.integers(-6, 20), st.integers(-6, 20)), max_size=6))
def test_the_first_crossing_and_the_first_parsec_in_reach_are_those_met_parsec_by_parsec(
        on_level, reach, squares):
    indexed, k = [], 0
    for leg in on_level:
        indexed.append((k, leg))
        k += leg.count
    parsecs = [(k + i, (leg.x + i * leg.dx, leg.y + i * leg.dy))
               for k, leg in indexed for i in range(leg.count)]
    crossings = [(n, what) for n, square in parsecs for what, there in enumerate(squares)
                 if square == there and n > 0]
    expected = min(crossings, key=lambda c: c[0]) if crossings else None
    found = legs.first_crossing(indexed, [(x, y, what) for what, (x, y) in enumerate(squares)])
    assert (found and found[0]) == (expected and expected[0])
    if found:  # of two squares crossed at one parsec (the same square twice), the first
        assert found == min(c for c in crossings if c[0] == found[0])
    for px, py in squares:
        for leg in on_level:
            within = [i for i in range(leg.count)
                      if max(abs(leg.x + i * leg.dx - px), abs(leg.y + i * leg.dy - py)) <= reach]
            assert legs.first_within(leg, px, py, reach) == (within[0] if within else -1)


@given(drawn=st.sets(SQUARES, max_size=40),
       corners=st.tuples(st.integers(-12, 24), st.integers(-12, 24), st.integers(0, 12),
                         st.integers(0, 12)), level=st.integers(1, 4))
def test_the_grid_gives_every_planet_of_a_rectangle_once(drawn, corners, level):
    planets = [Planet(id=k, position=Position(*q)) for k, q in enumerate(sorted(drawn))]
    grid = PlanetGrid(planets)
    # Built at once, the grid is the one placed planet by planet, in any order.
    placed = PlanetGrid()
    for planet in reversed(planets):
        placed.put(planet)
    assert placed.levels == grid.levels
    x0, y0, w, h = corners
    near = grid.near(level, x0, y0, x0 + w, y0 + h)
    assert len({p.id for p in near}) == len(near)
    inside = {p.id for p in planets if p.position.level == level
              and x0 <= p.position.x <= x0 + w and y0 <= p.position.y <= y0 + h}
    assert inside <= {p.id for p in near}
    assert all(p.position.level == level for p in near)
    if planets:
        grid.remove(planets[0])
        assert all(p.id != 0 for p in grid.near(planets[0].position.level, -12, -12, 40, 40))


def near_column_by_column(grid, level, x0, y0, x1, y1):
    """PlanetGrid.near as it was: each column of the rectangle asked for in turn."""
    from bisect import bisect_left, bisect_right

    found = []
    columns = grid.levels.get(level, {})
    for column in range(x0 // grid.WIDTH, x1 // grid.WIDTH + 1):
        ys, planets = columns.get(column, ([], []))
        found += planets[bisect_left(ys, y0):bisect_right(ys, y1)]
    return found


@given(drawn=st.lists(SQUARES, max_size=30), changes=st.lists(
    st.tuples(st.booleans(), st.integers(0, 40), SQUARES), max_size=12),
       rectangles=st.lists(st.tuples(st.integers(-30, 40), st.integers(-12, 24),
                                     st.integers(0, 40), st.integers(0, 12),
                                     st.integers(1, 4)), min_size=1, max_size=4))
def test_the_grid_s_rows_give_what_its_columns_asked_one_by_one_give(drawn, changes,
                                                                      rectangles):
    grid = PlanetGrid(Planet(id=k, position=Position(*q)) for k, q in enumerate(drawn))

    def asked():
        for x0, y0, w, h, level in rectangles:
            assert grid.near(level, x0, y0, x0 + w, y0 + h) == near_column_by_column(
                grid, level, x0, y0, x0 + w, y0 + h)

    asked()
    # Planets placed and removed after its rows were laid out, in new columns too.
    for put, k, (x, y, level) in changes:
        planet = Planet(id=100 + k, position=Position(x * 3 - 20, y, level))
        grid.put(planet) if put else grid.remove(planet)
        asked()
