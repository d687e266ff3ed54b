"""Sightings (rulebook 3F b, S.C. rule E).

Once the route is traced, every planet within radar range of any of its parsecs (start
included, so a ship that stays still still sees) is reported once, from the parsec
nearest to it: the smallest step distance, then the smaller straight-line distance, then
the earlier parsec (DESIGN). Radar range is 1 parsec per radar switched on, at most 3;
levels are 4 parsecs apart, so radar never sees across levels.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Iterable, Mapping, NamedTuple

from . import legs as legs_
from .geometry import Position, bearing_of
from .grid import PlanetGrid
from .legs import Leg, OnLevel, Parsec
from .orders import Orders, Problem
from .route import RouteResult
from .ship import Ship
from .state import Planet
from .said import Said, counted

RADAR_LIMIT = 3  # 3D e): beyond 3 parsecs nothing is seen, whatever the radars


class Sighting(NamedTuple):
    """A named tuple: a move makes some 20,000 of them."""

    planet: int
    parsec: int
    distance: int
    bearing: tuple[tuple[int, str], ...]


def radar_range(radars_on: int, limit: int = RADAR_LIMIT) -> int:
    return max(0, min(radars_on, limit))


def radars_on(orders: Orders, ship: Ship) -> int:
    """RADARS n, or every radar on board."""
    return ship.radars if orders.radars is None else min(orders.radars, ship.radars)


def radar_problems(orders: Orders, ship: Ship) -> list[Problem]:
    if orders.radars is None or orders.radars <= ship.radars:
        return []
    return [orders.problem(
        "RADARS", Said("RADARS %(given)s, but only %(radars)s on board", given=orders.radars,
                       radars=counted("%(num)s radar", "%(num)s radars", ship.radars)),
        Said("write RADARS %(radars)s or fewer", radars=ship.radars))]


def seen_from(levels: dict[int, OnLevel], square: Position,
              reach: int) -> tuple[int, int, int, int] | None:
    """Where on a route (its legs level by level, `legs.layout`) radar of `reach` sees
    `square` from, as `nearest` tells it; None when it is beyond reach of every parsec."""
    on = levels.get(square.level)
    if on is None:
        return None
    on_level, x0, y0, x1, y1 = on
    px, py = square.x, square.y
    if not (x0 - reach <= px <= x1 + reach and y0 - reach <= py <= y1 + reach):
        return None  # beyond reach of every parsec: told without a distance
    return nearest(on_level, px, py, reach)


def nearest(on_level: list[tuple[int, Leg]], px: int, py: int,
            reach: int) -> tuple[int, int, int, int] | None:
    """The parsec of a level's legs from which radar of `reach` sees the square (px, py):
    the nearest in steps, then in a straight line, then the earliest (DESIGN). Returns its
    number, its square's x and y, and its distance in steps. Each leg's nearest is counted
    (`legs.nearest_on`), the legs taken in the route's order."""
    if len(on_level) == 1:
        # Most levels of a route hold one leg: its nearest parsec is the one, if in reach.
        _, (number, x, y, _, dx, dy, count) = on_level[0]
        ex, ey = px - x, py - y
        if dx:
            i = (ex * dx + ey * dy) // 2 if dy else ex * dx
        else:
            i = ey * dy
        if i < 0:
            i = 0
        elif i >= count:
            i = count - 1
        ax, ay = ex - i * dx, ey - i * dy
        if ax < 0:
            ax = -ax
        if ay < 0:
            ay = -ay
        steps = ax if ax >= ay else ay
        return None if steps > reach else (number + i, x + i * dx, y + i * dy, steps)
    # `fewest` starts beyond reach, so a parsec out of range is never taken.
    fewest, shortest, best, at = reach + 1, 0, None, 0
    for _, leg in on_level:
        # legs.nearest_on, written out: a move weighs some 70,000 legs.
        _, x, y, _, dx, dy, count = leg
        ex, ey = px - x, py - y  # from the leg's first parsec to the square
        if dx:
            i = (ex * dx + ey * dy) // 2 if dy else ex * dx
        else:
            i = ey * dy  # 0 for a leg of one parsec
        if i < 0:
            i = 0
        elif i >= count:
            i = count - 1
        ax, ay = ex - i * dx, ey - i * dy
        if ax < 0:
            ax = -ax
        if ay < 0:
            ay = -ay
        steps = ax if ax >= ay else ay
        if steps < fewest:
            fewest, shortest, best, at = steps, ax * ax + ay * ay, leg, i
        elif steps == fewest and ax * ax + ay * ay < shortest:
            shortest, best, at = ax * ax + ay * ay, leg, i
    if best is None:
        return None
    number, x, y, _, dx, dy, _ = best
    return number + at, x + at * dx, y + at * dy, fewest


def sightings(
    path: "Iterable[Parsec] | RouteResult", reach: int,
    planets: "PlanetGrid | Mapping[Position, Planet]", besides: int | None = None,
) -> list[Sighting]:
    """Every planet seen from the path, or from a traced route, in the order a S.C. would
    call them out, but the planet `besides` (the one the ship starts over: where it is,
    not a sighting, and never weighed). A route traced with this radar range brings the
    planets near it."""
    if reach <= 0:
        return []
    if isinstance(path, RouteResult):
        levels = path.levels if path.levels is not None else legs_.layout(path.legs)
        nearby = path.nearby if path.radar >= reach else None
    else:
        levels, nearby = legs_.layout(legs_.of_path(path)), None
    if nearby is None:
        grid = planets if isinstance(planets, PlanetGrid) else PlanetGrid(planets.values())
    found: list[Sighting] = []
    for level, (on_level, x0, y0, x1, y1) in levels.items():
        x0, y0, x1, y1 = x0 - reach, y0 - reach, x1 + reach, y1 + reach
        near = nearby[level] if nearby is not None else grid.near(level, x0, y0, x1, y1)
        for planet in near:
            px, py, _ = planet.position
            if not (x0 <= px <= x1 and y0 <= py <= y1):
                continue  # in a block the route touches, but beyond reach of all of it
            if planet.id == besides:
                continue
            seen = nearest(on_level, px, py, reach)
            if seen is not None:
                number, x, y, steps = seen
                found.append(Sighting(planet.id, number, steps, bearing_of(px - x, py - y)))
    found.sort(key=_CALLED_OUT)
    return found


# The order a S.C. calls sightings out: by parsec, the nearer first, then by planet.
_CALLED_OUT = itemgetter(1, 2, 0)


def called_out(found: list[Sighting]) -> list[Sighting]:
    return sorted(found, key=_CALLED_OUT)


def seen_on_the_way(trace: RouteResult, reach: int, planet: Planet) -> Sighting | None:
    """The planet a landing route ends on, as radar saw it from the parsecs before the last
    one (S.C. rule E; ruling LANDING_PLANET_SIGHTED_ON_THE_WAY); None when it was not in
    reach of any of them."""
    before = sum(leg.count for leg in trace.legs) - 1
    if reach <= 0 or before <= 0:
        return None
    seen = seen_from(legs_.layout(legs_.first(trace.legs, before)), planet.position, reach)
    if seen is None:
        return None
    number, x, y, steps = seen
    px, py, _ = planet.position
    return Sighting(planet.id, number, steps, bearing_of(px - x, py - y))
