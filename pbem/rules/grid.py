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
    """Planets bucketed by level and square blocks of BLOCK x BLOCK squares: a column of
    blocks (a level, a block's x) holds its blocks by their y, so that a query looks up a
    column once and each of its blocks by a number."""

    BLOCK = 8

    def __init__(self, planets: Iterable[Planet] = ()) -> None:
        self.columns: dict[tuple[int, int], dict[int, dict[int, Planet]]] = {}
        for planet in planets:
            self.put(planet)

    def _block(self, p: Position) -> dict[int, Planet]:
        column = self.columns.setdefault((p.level, p.x // self.BLOCK), {})
        return column.setdefault(p.y // self.BLOCK, {})

    def put(self, planet: Planet) -> None:
        self._block(planet.position)[planet.id] = planet

    def remove(self, planet: Planet) -> None:
        self._block(planet.position).pop(planet.id, None)

    def near(self, level: int, x0: int, y0: int, x1: int, y1: int) -> list[Planet]:
        """The planets of the blocks that hold any square from (x0, y0) to (x1, y1) of the
        level: those squares' planets, and others of the same blocks."""
        b, columns = self.BLOCK, self.columns
        found: list[Planet] = []
        low, high = y0 // b, y1 // b
        for bx in range(x0 // b, x1 // b + 1):
            column = columns.get((level, bx))
            if column:
                for by in range(low, high + 1):
                    block = column.get(by)
                    if block:
                        found += block.values()
        return found
