"""A route as its legs (rulebook 3E): straight runs of parsecs on one level.

A move traces ten thousand routes of twenty parsecs and more. Made parsec by parsec, every
parsec is two objects, and every question asked of a route (a planet on it? a net? the
black hole near? what does radar see from it?) is a lookup or a sum a parsec. A route has
a few legs, and each question is answered for a leg by counting along it, as a player
would with a ruler. The parsecs are still made from the legs for the routes that need
them one by one (`parsecs`); property tests hold every answer here to the parsec-by-parsec
one.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

from .geometry import Position


class Parsec(NamedTuple):
    number: int  # 0 is the start; a level change takes four numbers
    position: Position


class Leg(NamedTuple):
    """Parsecs in a straight line on one level: the i-th of them (from 0) is numbered
    number + i and lies at x + i * dx, y + i * dy. The start, and the arrival of each level
    change, is a leg of one parsec (no step), until a leg on its level goes on from it; a
    leg of more parsecs has a step."""

    number: int
    x: int
    y: int
    level: int
    dx: int  # -1, 0 or 1
    dy: int
    count: int


def parsecs(legs: Iterable[Leg]) -> list[Parsec]:
    """The parsecs of the legs, one by one, start first."""
    path: list[Parsec] = []
    for number, x, y, level, dx, dy, count in legs:
        for i in range(count):
            path.append(Parsec(number + i, Position(x + i * dx, y + i * dy, level)))
    return path


def of_path(path: Iterable[Parsec]) -> tuple[Leg, ...]:
    """The legs of any path: each parsec joins the leg before it when it is numbered next,
    on its level, one step on in the leg's way (or any one step from a parsec alone). A
    parsec on the square of the one before starts a leg: no leg stands still."""
    found: list[list[int]] = []
    for number, (x, y, level) in path:
        if found:
            leg = found[-1]
            first_number, x0, y0, level0, dx, dy, count = leg
            sx, sy = x - (x0 + dx * (count - 1)), y - (y0 + dy * (count - 1))
            if level == level0 and number == first_number + count and (sx or sy) and (
                    (sx, sy) == (dx, dy) if count > 1 else -1 <= sx <= 1 and -1 <= sy <= 1):
                leg[4:] = [sx, sy, count + 1]
                continue
        found.append([number, x, y, level, 0, 0, 1])
    return tuple(Leg(*leg) for leg in found)


def first(legs: tuple[Leg, ...], n: int) -> tuple[Leg, ...]:
    """The legs of the first n parsecs: where something stopped the route."""
    kept: list[Leg] = []
    for leg in legs:
        if n <= 0:
            break
        count = leg[6]
        kept.append(leg if count <= n else Leg(*leg[:6], n))
        n -= count
    return tuple(kept)


def number_at(legs: Iterable[Leg], k: int) -> int:
    """The number of the route's k-th parsec (0 the start)."""
    for leg in legs:
        if k < leg.count:
            return leg.number + k
        k -= leg.count
    raise IndexError("the route has fewer parsecs")


class OnLevel(NamedTuple):
    """A route's legs on one level, each with the index in the route of its first parsec,
    and the least and greatest x and y of their parsecs."""

    legs: list[tuple[int, Leg]]
    x0: int
    y0: int
    x1: int
    y1: int


def layout(legs: Iterable[Leg]) -> dict[int, OnLevel]:
    """A route's legs level by level (most routes keep to one)."""
    found: dict[int, OnLevel] = {}
    k = 0
    for leg in legs:
        _, x, y, level, dx, dy, count = leg
        xe, ye = x + dx * (count - 1), y + dy * (count - 1)
        if xe < x:
            x, xe = xe, x
        if ye < y:
            y, ye = ye, y
        on = found.get(level)
        if on is None:
            found[level] = OnLevel([(k, leg)], x, y, xe, ye)
        else:
            on_legs, x0, y0, x1, y1 = on
            on_legs.append((k, leg))
            found[level] = OnLevel(on_legs, x if x < x0 else x0, y if y < y0 else y0,
                                   xe if xe > x1 else x1, ye if ye > y1 else y1)
        k += count
    return found


def index_on(leg: Leg, px: int, py: int) -> int:
    """Which parsec of the leg (from 0) lies on the square (px, py) of its level, or -1."""
    _, x, y, _, dx, dy, count = leg
    if dx:
        i = (px - x) * dx  # dx is 1 or -1: the steps east or west to reach px
        return i if 0 <= i < count and y + i * dy == py else -1
    if dy:
        i = (py - y) * dy
        return i if 0 <= i < count and x == px else -1
    return 0 if x == px and y == py else -1


def first_crossing(on_level: list[tuple[int, Leg]],
                   squares: Iterable[tuple[int, int, object]]) -> tuple[int, object] | None:
    """The first parsec past the start of a route (its legs on one level, with their first
    parsec's index) that lies on one of the squares (x, y, what is there), and what is
    there; None when the legs cross none of them. `index_on`, counted for every leg."""
    first, found = -1, None
    for px, py, what in squares:
        for k, (_, x, y, _, dx, dy, count) in on_level:
            if dx:
                i = (px - x) * dx
                if not (0 <= i < count and y + i * dy == py):
                    continue
            elif dy:
                i = (py - y) * dy
                if not (0 <= i < count and x == px):
                    continue
            elif x == px and y == py:
                i = 0
            else:
                continue
            if k + i > 0 and (first < 0 or k + i < first):
                first, found = k + i, what
    return None if first < 0 else (first, found)


def crossings(on_level: list[tuple[int, Leg]],
              squares: Iterable[tuple[int, int, object]]) -> list[tuple[int, object]]:
    """Each of the squares (x, y, what is there) that the legs of a route on one level cross
    past its start, as the first parsec on it and what is there (`first_crossing` for
    every square)."""
    found = []
    for square in squares:
        crossed = first_crossing(on_level, (square,))
        if crossed is not None:
            found.append(crossed)
    return found


def first_within(leg: Leg, px: int, py: int, reach: int) -> int:
    """The first parsec of the leg (from 0) within `reach` steps of the square (px, py) of
    its level, or -1: where each of its coordinates comes within reach, counted."""
    _, x, y, _, dx, dy, count = leg
    lo, hi = 0, count - 1
    for start, step, there in ((x, dx, px), (y, dy, py)):
        if step:
            t = (there - start) * step  # the steps that bring this coordinate level with it
            lo, hi = max(lo, t - reach), min(hi, t + reach)
        elif not -reach <= there - start <= reach:
            return -1
    return lo if lo <= hi else -1


def nearest_on(leg: Leg, px: int, py: int) -> tuple[int, int, int]:
    """The leg's parsec nearest the square (px, py) of its level, as radar weighs them: the
    fewest steps, then the shorter straight line, then the earliest (DESIGN). Returns the
    steps, the straight line squared and which parsec (from 0).

    Counting i steps along the leg, the steps to the square are the larger of |tx - i| and
    |ty - i|, tx and ty being how many steps along the leg bring it level with the square
    in x and in y; on a diagonal leg both are smallest at the integer nearest their middle,
    the earlier of two as near; on a straight one the step along the leg does not change the
    other coordinate, and the nearest is level with the square where the leg reaches it."""
    _, x, y, _, dx, dy, count = leg
    if dx and dy:
        i = ((px - x) * dx + (py - y) * dy) // 2
    elif dx:
        i = (px - x) * dx
    elif dy:
        i = (py - y) * dy
    else:
        i = 0
    i = 0 if i < 0 else count - 1 if i >= count else i
    ax, ay = px - x - i * dx, py - y - i * dy
    ax, ay = (ax if ax >= 0 else -ax), (ay if ay >= 0 else -ay)
    return (ax if ax >= ay else ay), ax * ax + ay * ay, i


def steps_along(leg: Leg, px: int, py: int, earliest: bool) -> tuple[int, int]:
    """The fewest steps from a parsec of the leg to the square (px, py), whatever the level,
    and which parsec (from 0) is that near: the earliest, or else the latest, of those as
    near. A leg goes a square a parsec: the parsecs as near form a run around the nearest."""
    _, x, y, _, dx, dy, count = leg
    fewest, _, i = nearest_on(leg, px, py)
    way = -1 if earliest else 1
    while 0 <= i + way < count:
        ax, ay = px - x - (i + way) * dx, py - y - (i + way) * dy
        ax, ay = (ax if ax >= 0 else -ax), (ay if ay >= 0 else -ay)
        if (ax if ax >= ay else ay) != fewest:
            break
        i += way
    return fewest, i
