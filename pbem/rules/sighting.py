"""Sightings (rulebook 3F b, S.C. rule E).

Once the route is traced, every planet within radar range of any of its parsecs (start
included, so a ship that stays still still sees) is reported once, from the parsec
nearest to it: the smallest step distance, then the smaller straight-line distance, then
the earlier parsec (DESIGN). Radar range is 1 parsec per radar switched on, at most 3;
levels are 4 parsecs apart, so radar never sees across levels.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from .geometry import Position, bearing
from .orders import Orders, Problem, plural
from .route import Parsec
from .ship import Ship
from .state import Planet

RADAR_LIMIT = 3  # 3D e): beyond 3 parsecs nothing is seen, whatever the radars


@dataclass(frozen=True)
class Sighting:
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
        "RADARS", f"RADARS {orders.radars}, but only {plural(ship.radars, 'radar')} on board",
        f"write RADARS {ship.radars} or fewer")]


class PlanetGrid:
    """Planets bucketed by level and square blocks, so a route looks only at the planets
    near it instead of every square within radar range of every parsec."""

    BLOCK = 8

    def __init__(self, planets: Iterable[Planet] = ()) -> None:
        self.blocks: dict[tuple[int, int, int], dict[int, Planet]] = {}
        for planet in planets:
            self.put(planet)

    def key(self, p: Position) -> tuple[int, int, int]:
        return (p.level, p.x // self.BLOCK, p.y // self.BLOCK)

    def put(self, planet: Planet) -> None:
        self.blocks.setdefault(self.key(planet.position), {})[planet.id] = planet

    def remove(self, planet: Planet) -> None:
        self.blocks.get(self.key(planet.position), {}).pop(planet.id, None)

    def near(self, level: int, x0: int, y0: int, x1: int, y1: int) -> Iterable[Planet]:
        b = self.BLOCK
        for bx in range(x0 // b, x1 // b + 1):
            for by in range(y0 // b, y1 // b + 1):
                block = self.blocks.get((level, bx, by))
                if block:
                    yield from block.values()


def sightings(
    path: Iterable[Parsec], reach: int, planets: "PlanetGrid | Mapping[Position, Planet]"
) -> list[Sighting]:
    """Every planet seen from the path, in the order a S.C. would call them out."""
    if reach <= 0:
        return []
    grid = planets if isinstance(planets, PlanetGrid) else PlanetGrid(planets.values())
    path = list(path)
    levels = {p.position.level for p in path}
    if len(levels) == 1:  # most routes keep to one level
        by_level = {levels.pop(): path}
    else:
        by_level = {}
        for parsec in path:
            by_level.setdefault(parsec.position.level, []).append(parsec)
    found: list[Sighting] = []
    for level, parsecs in by_level.items():
        xs = [p.position.x for p in parsecs]
        ys = [p.position.y for p in parsecs]
        x0, y0, x1, y1 = min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach
        for planet in grid.near(level, x0, y0, x1, y1):
            px, py, _ = planet.position
            if not (x0 <= px <= x1 and y0 <= py <= y1):
                continue  # in a block the route touches, but beyond reach of all of it
            # The nearest parsec in steps, then in a straight line, then the earliest: kept
            # as numbers, not ranked as tuples (a move weighs some 500,000 squares). `steps`
            # starts beyond reach, so a parsec out of range is never taken.
            best, steps, line = -1, reach + 1, 0
            for k, (x, y) in enumerate(zip(xs, ys)):
                dx = px - x if px >= x else x - px
                dy = py - y if py >= y else y - py
                s = dx if dx >= dy else dy  # 0 is a planet the route crosses
                if s < steps or (s == steps and dx * dx + dy * dy < line):
                    best, steps, line = k, s, dx * dx + dy * dy
            if best >= 0:
                parsec = parsecs[best]
                found.append(Sighting(
                    planet=planet.id, parsec=parsec.number, distance=steps,
                    bearing=bearing(parsec.position, planet.position),
                ))
    found.sort(key=lambda s: (s.parsec, s.distance, s.planet))
    return found
