"""Tracing a route, leg by leg and parsec by parsec (rulebook 3E, 3F a, S.C. rules D and E).

A route is followed in order; it stops at the zone's edge or before a level that does not
exist (the report says at which parsec), and before an uncharted planet it would cross:
at the first parsec from which that planet is within radar range, or on the planet itself
when no radar is on. Ending on the base lands there; ending on a planet with a landing
declared lands there.
"""

from __future__ import annotations

import math
from operator import attrgetter, itemgetter
from typing import Mapping, NamedTuple

from . import legs as legs_
from . import rulings
from .geometry import COMPASS, LEVEL_GAP, VERTICAL, Position, Segment, Zone, route_length
from .grid import PlanetGrid
from .hazards import DISTORTION, NET, Hazards, stop_on_legs  # a route stops at these
from .legs import Leg, Parsec
from .orders import Orders, Problem
from .ship import Ship
from .state import Planet
from .said import Said, counted

# Why a route ended before its last parsec, or where it ended.
EDGE = "edge"  # the zone's edge
NO_LEVEL = "no-level"  # a level that does not exist
PLANET_AHEAD = "planet-ahead"  # an uncharted planet on the route, seen by radar
FORCED_LANDING = "forced-landing"  # an uncharted planet on the route, no radar on
VERTICAL_LANDING = "vertical-landing"  # onto an uncharted planet from another level, unseen
LANDED = "landed"  # ended on a planet with a landing declared
BASE = "base"  # ended on the base
LANDINGS = (LANDED, FORCED_LANDING, VERTICAL_LANDING, BASE)  # the ship is down at the end
# In outer space also NET and DISTORTION (from `hazards`): stopped on a hazard's square; the
# officer is told only of a distortion (5B b, c).


class RouteResult(NamedTuple):
    """A route as traced. A named tuple, as ten thousand of them a move are made."""

    planned: int  # parsecs ordered
    legs: tuple[Leg, ...]  # the parsecs on a level that the ship passed, start first
    stop: str | None  # one of the constants above, None when the route ran to its end
    stop_parsec: int  # the parsec where the ship is now
    planet: int | None = None  # the planet concerned by PLANET_AHEAD / landings / BASE
    # The legs level by level, and the planets of the blocks within `radar` of each level's
    # bounds as the tracing looked them up: its sightings look no further.
    levels: dict[int, legs_.OnLevel] | None = None
    nearby: dict[int, list[Planet]] | None = None
    radar: int = -1
    end: Position | None = None  # the square of its last parsec
    travelled: int = 0  # the number of its last parsec

    @property
    def path(self) -> tuple[Parsec, ...]:
        """The parsecs of the legs, one by one, for what needs them so."""
        return tuple(legs_.parsecs(self.legs))


def expand_legs(start: Position, route: tuple[Segment, ...],
                zone: Zone) -> tuple[tuple[Leg, ...], str | None]:
    """The legs of a route inside the zone, and why it was cut short (EDGE, NO_LEVEL)."""
    x, y, level = start
    size, levels = zone.size, zone.levels
    done: list[Leg] = []
    # The leg being drawn, which ends where the ship is: its first parsec's number and
    # square, its step and its parsecs.
    first, x0, y0, level0, sx, sy, count = 0, x, y, level, 0, 0, 1
    number, cut = 0, None
    # Is the ship on a square of the zone? A leg from one stays in it (it stops at the
    # edge), and so does a level change: this is asked again only after a leg from outside.
    on_zone = 0 <= x < size and 0 <= y < size and 1 <= level <= levels
    for seg in route:
        parsecs, direction = seg.parsecs, seg.direction
        step = COMPASS.get(direction)
        if step is None:  # UP or DOWN
            dz = VERTICAL[direction]
            for _ in range(parsecs // LEVEL_GAP):
                if not (0 <= x < size and 0 <= y < size and 1 <= level + dz <= levels):
                    cut = NO_LEVEL
                    break
                done.append(Leg(first, x0, y0, level0, sx, sy, count))
                number, level = number + LEVEL_GAP, level + dz
                first, x0, y0, level0, sx, sy, count = number, x, y, level, 0, 0, 1
                on_zone = True
            if cut:
                break
            continue
        # A leg on one level: how far it stays inside the zone is counted, not tried
        # square by square.
        dx, dy = step
        if on_zone:
            inside = parsecs  # from a square of the zone, up to the edge it heads for
            if dx:
                room = size - 1 - x if dx > 0 else x
                inside = room if room < inside else inside
            if dy:
                room = size - 1 - y if dy > 0 else y
                inside = room if room < inside else inside
        else:
            inside = (min(parsecs, _room(x, dx, size), _room(y, dy, size))
                      if 1 <= level <= levels else 0)
            on_zone = 0 <= x + dx * inside < size and 0 <= y + dy * inside < size and (
                1 <= level <= levels)
        if inside:
            if count == 1 or (sx == dx and sy == dy):
                # It goes on from the parsec where the ship is, alone in its leg, or the
                # same way as the leg it ends.
                sx, sy, count = dx, dy, count + inside
            else:
                done.append(Leg(first, x0, y0, level0, sx, sy, count))
                first, x0, y0, level0 = number + 1, x + dx, y + dy, level
                sx, sy, count = dx, dy, inside
            x, y, number = x + dx * inside, y + dy * inside, number + inside
        if inside < parsecs:
            cut = EDGE
            break
    done.append(Leg(first, x0, y0, level0, sx, sy, count))
    return tuple(done), cut


def _room(at: int, step: int, size: int) -> int:
    """How many steps of `step` (-1, 0 or 1) from `at` stay within 0..size-1."""
    if step > 0:
        return max(0, size - 1 - at) if at >= -1 else 0
    if step < 0:
        return max(0, at) if at <= size else 0
    return size if 0 <= at < size else 0


def blocks_route(planet: Planet) -> bool:
    """Base and known planets do not stop a route (ruling KNOWN_PLANETS_DO_NOT_STOP)."""
    if planet.base:
        return False
    return not planet.known or not rulings.KNOWN_PLANETS_DO_NOT_STOP


def trace(
    start: Position,
    route: tuple[Segment, ...],
    zone: Zone,
    planets_at: Mapping[Position, Planet],
    radar_range: int,
    land: bool = False,
    hazards: Hazards | None = None,
    grid: PlanetGrid | None = None,
) -> RouteResult:
    """Follow a route to where it really ends: the zone's edge, an uncharted planet, or, in
    outer space, the first net or distortion it crosses (5B b, c), whichever comes first.

    The route is followed leg by leg: the planets on it are those near it (`grid`, the
    planets of `planets_at` by blocks) that a leg crosses, and so for the hazards.
    """
    planned = sum(map(_PARSECS, route))
    legs, cut = expand_legs(start, route, zone)
    levels = legs_.layout(legs)
    if grid is None:
        grid = PlanetGrid(planets_at.values())
    margin = radar_range if radar_range > 0 else 0
    nearby: dict[int, list[Planet]] = {}
    for level, (_, x0, y0, x1, y1) in levels.items():
        nearby[level] = grid.near(level, x0 - margin, y0 - margin, x1 + margin, y1 + margin)
    parsecs = sum(map(_COUNT, legs))
    stop, stop_parsec, planet, kept = _planets_on(legs, levels, nearby, parsecs, cut,
                                                  planets_at, radar_range, land)
    # Only nets and distortions stop a route: none to look for without them.
    met = stop_on_legs(levels, hazards) if hazards is not None and hazards.stops else None
    if met is not None:
        k, kind = met
        # Hazards lie 4 parsecs or more from every planet: a hazard's square is never a
        # landing's, but it may be where a planet ahead would stop the route.
        if k < kept - 1 or (k == kept - 1 and (stop != PLANET_AHEAD
                                               or rulings.HAZARD_BEFORE_A_PLANET_AHEAD)):
            stop, stop_parsec, planet, kept = kind, legs_.number_at(legs, k), None, k + 1
    if kept < parsecs:
        legs = legs_.first(legs, kept)
        levels = legs_.layout(legs)
    # The square and the number of its last parsec.
    number, x, y, level, dx, dy, count = legs[-1]
    end = Position(x + dx * (count - 1), y + dy * (count - 1), level)
    return RouteResult(planned, legs, stop, stop_parsec, planet, levels, nearby,
                       radar_range, end, number + count - 1)


_PARSECS = attrgetter("parsecs")  # a segment's
_COUNT = itemgetter(6)  # a leg's parsecs


def _planets_on(legs: tuple[Leg, ...], levels: dict[int, legs_.OnLevel],
                nearby: dict[int, list[Planet]], parsecs: int, cut: str | None,
                planets_at: Mapping[Position, Planet], radar_range: int,
                land: bool) -> tuple[str | None, int, int | None, int]:
    """How the planets on the route end it: the stop, its parsec, the planet concerned, and
    how many of the route's `parsecs` are kept."""
    # Every planet that stops routes on a parsec past the start: the first parsec on it.
    crossed: list[tuple[int, Planet]] = []
    known_block = not rulings.KNOWN_PLANETS_DO_NOT_STOP
    for level, (on_level, x0, y0, x1, y1) in levels.items():
        blocking = []
        for candidate in nearby[level]:
            px, py, _ = candidate.position
            # `blocks_route`, written out: a move weighs some 35,000 planets near routes.
            if (x0 <= px <= x1 and y0 <= py <= y1 and not candidate.base
                    and (known_block or not candidate.known)):
                blocking.append((px, py, candidate))
        if blocking:
            crossed += legs_.crossings(on_level, blocking)
    landing = None
    if land and cut is None:
        # The planet of the last parsec, LANDING declared, is where the route ends (rule E).
        landing = next((p for i, p in crossed if i == parsecs - 1), None)
        crossed = [(i, p) for i, p in crossed if i != parsecs - 1]
    if not crossed:
        if landing is not None:
            return LANDED, legs_.number_at(legs, parsecs - 1), landing.id, parsecs
        _, x, y, level, dx, dy, count = last = legs[-1]
        travelled = last.number + count - 1
        if parsecs > 1:
            base = planets_at.get((x + dx * (count - 1), y + dy * (count - 1), level))
            if base is not None and base.base:
                return BASE, travelled, base.id, parsecs
        return cut, travelled, None, parsecs
    if radar_range <= 0:
        i, planet = min(crossed, key=_FIRST)
        return FORCED_LANDING, legs_.number_at(legs, i), planet.id, i + 1
    # S.C. rule E: the move ends on the first parsec from which any planet on the route is
    # sighted, before reaching it (3F b), whichever planet the route would reach first.
    stops = []
    for i, planet in crossed:
        px, py, level = planet.position
        j = k = 0
        for leg in legs:
            seen = legs_.first_within(leg, px, py, radar_range) if leg.level == level else -1
            if seen >= 0:
                j = k + seen
                break
            k += leg.count
        if j < i:
            stops.append((j, i, PLANET_AHEAD, planet))
        elif rulings.VERTICAL_ARRIVAL_LANDS:
            # Radar does not see across levels: the ship comes onto it from another level.
            stops.append((i, i, VERTICAL_LANDING, planet))
        else:
            # Otherwise it stops short of the level change, the planet unseen below.
            stops.append((i - 1, i, PLANET_AHEAD, planet))
    j, _, stop, planet = min(stops, key=_FIRST_TWO)
    return stop, legs_.number_at(legs, j), planet.id, j + 1


_FIRST = itemgetter(0)
_FIRST_TWO = itemgetter(0, 1)


# --- thrust (3D g, 3E) ------------------------------------------------------------------


def tanks_used(orders: Orders, ship: Ship) -> int:
    """TANKS n, or every tank on board."""
    return ship.tanks if orders.tanks is None else min(orders.tanks, ship.tanks)


def thrust(tanks: int, parsecs_per_tank: int, movement: int = 0) -> int:
    """Parsecs allowed this move: tanks x parsecs per tank, + 1 per tank for each Movement
    level (Unpredictable Research)."""
    return tanks * (parsecs_per_tank + movement)


def within_thrust(route: tuple[Segment, ...], allowed: int) -> tuple[Segment, ...]:
    """The part of a route the thrust allows; a level change is never split (3E)."""
    left = allowed
    for seg in route:
        n = seg.parsecs
        if n <= 0 or n > left or (n % LEVEL_GAP and seg.direction in VERTICAL):
            break
        left -= n
    else:
        return route  # the checked orders' common case: all of it, as it was ordered
    kept: list[Segment] = []
    left = allowed
    for seg in route:
        if seg.vertical:
            n = min(seg.parsecs, left - left % LEVEL_GAP)
        else:
            n = min(seg.parsecs, left)
        if n > 0:
            kept.append(Segment(n, seg.direction))
        left -= n
        if n < seg.parsecs:
            break
    return tuple(kept)


def route_problems(orders: Orders, ship: Ship, parsecs_per_tank: int, movement: int) -> list[Problem]:
    """TANKS within those on board; the route within the thrust of the tanks used, counting
    `movement`, the Movement level the officer holds or may reach this move."""
    found: list[Problem] = []
    if orders.tanks is not None and orders.tanks > ship.tanks:
        found.append(orders.problem(
            "TANKS", Said("TANKS %(given)s, but only %(tanks)s on board", given=orders.tanks,
                          tanks=counted("%(num)s tank", "%(num)s tanks", ship.tanks)),
            Said("write TANKS %(tanks)s or fewer", tanks=ship.tanks)))
    length = route_length(orders.route)
    used = tanks_used(orders, ship)
    per_tank = parsecs_per_tank + movement
    allowed = thrust(used, parsecs_per_tank, movement)
    if length > allowed:
        message = Said(
            "the route is %(length)s, but %(tanks)s of thrust (%(per_tank)s per tank)",
            length=counted("%(num)s parsec", "%(num)s parsecs", length),
            tanks=counted("%(num)s tank gives %(allowed)s parsecs",
                          "%(num)s tanks give %(allowed)s parsecs", used, allowed=allowed),
            per_tank=per_tank)
        found.append(orders.problem("ROUTE", message,
                                    _thrust_fix(length, allowed, used, ship.tanks, per_tank)))
    return found


def _thrust_fix(length: int, allowed: int, used: int, on_board: int, per_tank: int) -> str:
    shorten = (Said("shorten the route to %(allowed)s parsecs", allowed=allowed) if allowed
               else Said("write ROUTE NONE"))
    needed = math.ceil(length / per_tank) if per_tank else None
    if used < on_board and needed is not None and needed <= on_board:
        return Said("%(shorten)s or use more tanks (TANKS %(tanks)s)", shorten=shorten,
                    tanks=needed)
    if used < on_board:
        return Said("%(shorten)s or use more tanks (TANKS %(tanks)s at most)", shorten=shorten,
                    tanks=on_board)
    return shorten
