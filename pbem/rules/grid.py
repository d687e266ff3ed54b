"""The planets of the zone bucketed by level and square blocks.

A route looks only at the planets of the blocks its squares, or its radar, reach, instead of
every square of the route or within radar range of it: for the planets it crosses (`route`)
and those it sights (`sighting`).
"""

from __future__ import annotations

from typing import Iterable

from .geometry import Position
from .state import Planet


class PlanetGrid:
    """Planets bucketed by level and square blocks of BLOCK x BLOCK squares; on each level a
    block is found by one number, its column times SPAN plus its row, so that a query
    builds no key of its own for each block it looks at."""

    BLOCK = 8
    SPAN = 1 << 20  # more rows of blocks than any zone has, either side of row 0

    def __init__(self, planets: Iterable[Planet] = ()) -> None:
        self.levels: dict[int, dict[int, dict[int, Planet]]] = {}
        for planet in planets:
            self.put(planet)

    def _block(self, p: Position) -> dict[int, Planet]:
        blocks = self.levels.setdefault(p.level, {})
        return blocks.setdefault(p.x // self.BLOCK * self.SPAN + p.y // self.BLOCK, {})

    def put(self, planet: Planet) -> None:
        self._block(planet.position)[planet.id] = planet

    def remove(self, planet: Planet) -> None:
        self._block(planet.position).pop(planet.id, None)

    def near(self, level: int, x0: int, y0: int, x1: int, y1: int) -> list[Planet]:
        """The planets of the blocks that hold any square from (x0, y0) to (x1, y1) of the
        level: those squares' planets, and others of the same blocks."""
        found: list[Planet] = []
        blocks = self.levels.get(level)
        if not blocks:
            return found
        b, span = self.BLOCK, self.SPAN
        low, high = y0 // b, y1 // b + 1
        for column in range(x0 // b * span, x1 // b * span + 1, span):
            for key in range(column + low, column + high):
                block = blocks.get(key)
                if block:
                    found += block.values()
        return found
