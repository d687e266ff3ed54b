"""Dead reckoning from what the reports say (DESIGN: a position computed only from what the
officer was told): the route as ordered, how far it was travelled, and the bearing of each
sighting from its parsec.

The texts read here are the ones the rules write (`geometry.route_text`, `bearing_text`),
never a player's own spelling, so they have one form: `10 N + 5 E`, `NONE`, `2 W + 1 NW`,
`here`.
"""

from __future__ import annotations

from typing import NamedTuple

from ..rules.geometry import COMPASS, LEVEL_GAP, VERTICAL

Point = tuple[int, int, int]  # x to the East, y to the North, level (or levels below the base)


class Step(NamedTuple):
    number: int  # the parsec's number in the route, as reports count it (a level change is 4)
    at: Point


def legs(route: str) -> tuple[tuple[int, str], ...]:
    """`10 N + 5 E` -> ((10, "N"), (5, "E")); `NONE` -> ()."""
    if not route or route == "NONE":
        return ()
    out = []
    for part in route.split(" + "):
        count, direction = part.split(" ")
        out.append((int(count), direction))
    return tuple(out)


def offset(bearing: str) -> tuple[int, int]:
    """`2 W + 1 NW` -> (-3, 1): where the bearing leads on the same level."""
    if bearing == "here":
        return (0, 0)
    dx = dy = 0
    for count, direction in legs(bearing):
        cx, cy = COMPASS[direction]
        dx += count * cx
        dy += count * cy
    return (dx, dy)


def walk(start: Point, route: str, travelled: int) -> list[Step]:
    """The parsecs of a route from `start`, numbered as reports number them (0 is the start,
    a level change counts 4), up to the parsec where the ship stopped (3E, S.C. rule D)."""
    return [Step(number, at) for number, at in steps(start, route, travelled)]


def steps(start: Point, route: str, travelled: int) -> list[tuple[int, Point]]:
    """`walk` as plain (number, square) pairs: ten thousand officers' charts fold every
    parsec of their routes at every move."""
    x, y, z = start
    path = [(0, start)]
    add = path.append
    number = 0
    for count, direction in legs(route):
        if direction in VERTICAL:
            dz = VERTICAL[direction]
            for _ in range(count // LEVEL_GAP):
                if number + LEVEL_GAP > travelled:
                    return path
                number += LEVEL_GAP
                z += dz
                add((number, (x, y, z)))
        else:
            dx, dy = COMPASS[direction]
            for _ in range(min(count, travelled - number)):
                number += 1
                x += dx
                y += dy
                add((number, (x, y, z)))
            if number >= travelled:
                return path
    return path


def square_at(start: Point, route: str, travelled: int, parsec: int) -> Point | None:
    """`dict(steps(start, route, travelled)).get(parsec)`, worked out leg by leg: the square
    of the route's parsec of that number, or None when the route has none (a number inside
    a change of level, or past where the ship stopped). A sighting is placed from it."""
    if parsec == 0:
        return start
    if parsec > travelled:
        return None
    x, y, z = start
    number = 0
    for count, direction in legs(route):
        if direction in VERTICAL:
            dz = VERTICAL[direction]
            for _ in range(count // LEVEL_GAP):
                if number + LEVEL_GAP > travelled or number + LEVEL_GAP > parsec:
                    return None
                number += LEVEL_GAP
                z += dz
                if number == parsec:
                    return (x, y, z)
        else:
            dx, dy = COMPASS[direction]
            flown = travelled - number  # the parsecs of the leg flown: min(count, max(0, ...))
            flown = 0 if flown < 0 else count if flown > count else flown
            if parsec <= number + flown:
                return (x + (parsec - number) * dx, y + (parsec - number) * dy, z)
            number += flown
            x += flown * dx
            y += flown * dy
            if number >= travelled:
                return None
    return None


def moved(route: str, travelled: int) -> Point:
    """How far `walk` leads from the start: east, north, levels down. (Here and below, how
    far a leg is flown, `min(count, max(0, left))`, is said with comparisons: the builtins'
    calls cost more than the sums, and every officer's route is reckoned three times a move.)"""
    x = y = z = number = 0
    for count, direction in legs(route):
        if direction in VERTICAL:
            flown = travelled - number
            changes = (0 if flown < 0 else count if flown > count else flown) // LEVEL_GAP
            number += changes * LEVEL_GAP
            z += changes * VERTICAL[direction]
            if changes < count // LEVEL_GAP:
                break
        else:
            dx, dy = COMPASS[direction]
            flown = travelled - number
            flown = 0 if flown < 0 else count if flown > count else flown
            number += flown
            x, y = x + flown * dx, y + flown * dy
            if flown < count:
                break
    return (x, y, z)


def tracks(path: list[Step] | list[tuple[int, Point]]) -> list[tuple[int, list[list[int]]]]:
    """The route line on each level it crossed, as (level, corner points): a change of level
    interrupts the line and it goes on from the same square of the new level (S.C. rule E).
    Squares in a straight line are dropped, the corners kept."""
    runs: list[tuple[int, list[list[int]]]] = []
    level = None
    points: list[list[int]] = []
    for _, (x, y, z) in path:
        if z != level:
            level, points = z, [[x, y]]
            runs.append((z, points))
            continue
        if len(points) >= 2:
            (ax, ay), (bx, by) = points[-2], points[-1]
            if (_sign(bx - ax), _sign(by - ay)) == (x - bx, y - by):
                points[-1] = [x, y]  # the same direction as the last step: extend it
                continue
        points.append([x, y])
    return runs if len(path) > 1 else []


def route_tracks(start: Point, route: str, travelled: int) -> list[tuple[int, list[list[int]]]]:
    """`tracks(steps(start, route, travelled))`, worked out leg by leg instead of parsec by
    parsec: ten thousand officers' charts and the GM's draw every route at every move.
    The parsecs of one leg go one way, so a leg adds one corner, or extends the last line
    when it goes the way that line went."""
    x, y, z = start
    points: list[list[int]] = [[x, y]]
    runs: list[tuple[int, list[list[int]]]] = [(z, points)]
    number = 0
    heading = None  # the way the last line of `points` goes; None before its first step
    for count, direction in legs(route):
        if direction in VERTICAL:
            dz = VERTICAL[direction]
            for _ in range(count // LEVEL_GAP):
                if number + LEVEL_GAP > travelled:
                    return runs if number > 0 else []
                number += LEVEL_GAP
                z += dz
                points, heading = [[x, y]], None
                runs.append((z, points))
        else:
            flown = travelled - number
            flown = count if flown > count else flown
            if flown > 0:
                dx, dy = COMPASS[direction]
                number += flown
                x += flown * dx
                y += flown * dy
                if heading == direction:
                    points[-1] = [x, y]
                else:
                    points.append([x, y])
                    heading = direction
            if number >= travelled:
                break
    return runs if number > 0 else []


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)
