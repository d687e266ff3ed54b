"""The planets of the zone by level and by columns of squares, each column in order of y.

A route looks only at the planets of the columns its squares, or its radar, reach, and of
those only at the ones between its least and greatest y (found by bisection), instead of
every square of the route or within radar range of it: for the planets it crosses
(`route`) and those it sights (`sighting`).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from operator import itemgetter
from typing import Iterable

from .state import Planet


class PlanetGrid:
    """Planets by level and by columns WIDTH squares wide; a column holds the y of its
    planets in order (of y, then of id) and the planets in the same order."""

    WIDTH = 8

    def __init__(self, planets: Iterable[Planet] = ()) -> None:
        """The grid of the planets given, each once: every column sorted once, as `put`
        would leave it planet by planet (a move's board places the zone's every planet)."""
        self.levels: dict[int, dict[int, tuple[list[int], list[Planet]]]] = {}
        # Each level's columns side by side, from its first: its first column's number
        # and the columns in order, an empty one where none is held. `near` slices the
        # row instead of asking for its columns one by one. Laid out when first asked
        # for, again after a column is added (the columns' lists are the same objects).
        self.rows: dict[int, tuple[int, list[tuple[list[int], list[Planet]]]]] = {}
        w = self.WIDTH
        columns: dict[tuple[int, int], list[tuple[int, int, Planet]]] = {}
        for planet in planets:
            x, y, level = planet.position
            held = columns.get((level, x // w))
            if held is None:
                columns[level, x // w] = [(y, planet.id, planet)]
            else:
                held.append((y, planet.id, planet))
        for (level, column), held in columns.items():
            held.sort(key=_BY_Y_THEN_ID)
            self.levels.setdefault(level, {})[column] = ([y for y, _, _ in held],
                                                         [p for _, _, p in held])

    def _column(self, planet: Planet) -> tuple[list[int], list[Planet], int]:
        """The column of the planet's square, and where the planet is or would go in it."""
        x, y, level = planet.position
        columns = self.levels.setdefault(level, {})
        held = columns.get(x // self.WIDTH)
        if held is None:
            held = columns[x // self.WIDTH] = ([], [])
            self.rows.pop(level, None)  # its row lacks the new column
        ys, planets = held
        i = bisect_left(ys, y)
        while i < len(ys) and ys[i] == y and planets[i].id < planet.id:
            i += 1
        return ys, planets, i

    def put(self, planet: Planet) -> None:
        """Place a planet, or the new value of one placed before (its square never moves)."""
        ys, planets, i = self._column(planet)
        if i < len(ys) and planets[i].id == planet.id:
            planets[i] = planet
        else:
            ys.insert(i, planet.position.y)
            planets.insert(i, planet)

    def remove(self, planet: Planet) -> None:
        ys, planets, i = self._column(planet)
        if i < len(ys) and planets[i].id == planet.id:
            del ys[i], planets[i]

    def near(self, level: int, x0: int, y0: int, x1: int, y1: int) -> list[Planet]:
        """The planets of the level from y0 to y1 in the columns that hold any square from
        x0 to x1: those of the rectangle, and others beside it in x."""
        found: list[Planet] = []
        row = self.rows.get(level)
        if row is None:
            columns = self.levels.get(level)
            if not columns:
                return found
            row = self.rows[level] = _row(columns)
        first, held = row
        w = self.WIDTH
        lo, hi = x0 // w - first, x1 // w - first + 1
        if hi <= 0:
            return found  # wholly before the first column (a slice would count from the end)
        for ys, planets in held[lo if lo > 0 else 0:hi]:
            found += planets[bisect_left(ys, y0):bisect_right(ys, y1)]
        return found


def _row(columns: dict[int, tuple[list[int], list[Planet]]]
         ) -> tuple[int, list[tuple[list[int], list[Planet]]]]:
    """A level's columns side by side from its first, an empty one where none is held."""
    first, last = min(columns), max(columns)
    empty: tuple[list[int], list[Planet]] = ([], [])
    return first, [columns.get(column, empty) for column in range(first, last + 1)]


_BY_Y_THEN_ID = itemgetter(0, 1)
