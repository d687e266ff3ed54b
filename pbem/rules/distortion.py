"""Nullius distortions (rulebook 5B c, S.C. advanced rule A c): a route blocked, a ship moved.

A route that crosses a distortion is blocked on its square, and the officer is told so.
Then the S.C. moves the ship in secret: a d6 for the direction (1 N, 2 E, 3 S, 4 W, 5 Up,
6 Down) and a d6 for the distance. Where it puts him, the officer is not told: his next
route starts from there. A shift that would leave the zone stops at the last square
inside; one that ends on a planet is an immediate, obligatory landing (5B c).
"""

from __future__ import annotations

from typing import NamedTuple

from . import rulings
from .dice import GM as SEEN_BY_GM
from .dice import Dice
from .geometry import COMPASS, VERTICAL, Position, Zone

# S.C. rule A c, first fortuitous outcome; the second is the distance itself.
DIRECTIONS: dict[int, str] = {1: "N", 2: "E", 3: "S", 4: "W", 5: "UP", 6: "DOWN"}


class Shift(NamedTuple):
    direction_face: int
    distance_face: int
    direction: str
    exit: Position


def exit_square(square: Position, zone: Zone, direction: str, parsecs: int) -> Position:
    """Where a shift of `parsecs` towards `direction` ends: a level change is never split,
    so UP and DOWN move one level whatever the distance (ruling), and a shift past the zone
    stops at the last square inside (S.C. rule A c)."""
    if direction in VERTICAL:
        steps = 1 if rulings.DISTORTION_UP_AND_DOWN_MOVE_ONE_LEVEL else parsecs // 4
        here = square
        for _ in range(steps):
            there = Position(here.x, here.y, here.level + VERTICAL[direction])
            if not zone.contains(there):
                break
            here = there
        return here
    dx, dy = COMPASS[direction]
    here = square
    for _ in range(parsecs):
        there = Position(here.x + dx, here.y + dy, here.level)
        if not zone.contains(there):
            break
        here = there
    return here


def shift(square: Position, zone: Zone, dice: Dice, officer: int) -> Shift:
    """The S.C.'s two secret rolls and the square they lead to."""
    direction_face = dice.roll(6, "distortion", "direction", officer=officer,
                               visibility=SEEN_BY_GM)
    distance_face = dice.roll(6, "distortion", "distance", officer=officer,
                              visibility=SEEN_BY_GM)
    direction = DIRECTIONS[direction_face]
    return Shift(direction_face, distance_face, direction,
                 exit_square(square, zone, direction, distance_face))
