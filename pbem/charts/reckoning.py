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


def legs(route: str) -> list[tuple[int, str]]:
    """`10 N + 5 E` -> [(10, "N"), (5, "E")]; `NONE` -> []."""
    if not route or route == "NONE":
        return []
    out = []
    for part in route.split(" + "):
        count, direction = part.split(" ")
        out.append((int(count), direction))
    return out


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
    x, y, z = start
    path = [Step(0, start)]
    number = 0
    for count, direction in legs(route):
        if direction in VERTICAL:
            for _ in range(count // LEVEL_GAP):
                if number + LEVEL_GAP > travelled:
                    return path
                number += LEVEL_GAP
                z += VERTICAL[direction]
                path.append(Step(number, (x, y, z)))
        else:
            dx, dy = COMPASS[direction]
            for _ in range(count):
                if number + 1 > travelled:
                    return path
                number += 1
                x += dx
                y += dy
                path.append(Step(number, (x, y, z)))
    return path


def tracks(path: list[Step]) -> list[tuple[int, list[list[int]]]]:
    """The route line on each level it crossed, as (level, corner points): a change of level
    interrupts the line and it goes on from the same square of the new level (S.C. rule E).
    Squares in a straight line are dropped, the corners kept."""
    runs: list[tuple[int, list[list[int]]]] = []
    for step in path:
        x, y, z = step.at
        if not runs or runs[-1][0] != z:
            runs.append((z, [[x, y]]))
            continue
        points = runs[-1][1]
        if len(points) >= 2:
            (ax, ay), (bx, by) = points[-2], points[-1]
            if (_sign(bx - ax), _sign(by - ay)) == (x - bx, y - by):
                points[-1] = [x, y]  # the same direction as the last step: extend it
                continue
        points.append([x, y])
    return runs if len(path) > 1 else []


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)
