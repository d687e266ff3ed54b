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

from .geometry import Position, bearing, distance, straight_distance
from .route import Parsec
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


def sightings(
    path: Iterable[Parsec], reach: int, planets_at: Mapping[Position, Planet]
) -> list[Sighting]:
    """Every planet seen from the path, in the order a S.C. would call them out."""
    if reach <= 0:
        return []
    best: dict[int, tuple[tuple[int, float, int], Parsec, Planet]] = {}
    for parsec in path:
        here = parsec.position
        for dx in range(-reach, reach + 1):
            for dy in range(-reach, reach + 1):
                if dx == 0 and dy == 0:
                    continue  # the square the ship is on is a landing, not a sighting
                planet = planets_at.get(Position(here.x + dx, here.y + dy, here.level))
                if planet is None:
                    continue
                rank = (max(abs(dx), abs(dy)), straight_distance(here, planet.position), parsec.number)
                held = best.get(planet.id)
                if held is None or rank < held[0]:
                    best[planet.id] = (rank, parsec, planet)
    found = [
        Sighting(
            planet=planet.id,
            parsec=parsec.number,
            distance=distance(parsec.position, planet.position),
            bearing=bearing(parsec.position, planet.position),
        )
        for _, parsec, planet in best.values()
    ]
    found.sort(key=lambda s: (s.parsec, s.distance, s.planet))
    return found
