"""The Tabula Spatii: parsec squares on four levels, eight compass directions, UP and DOWN.

Rulebook 3E: each level is travelled in eight directions; a change of level counts as 4
parsecs and cannot be split. Distance inside a level is counted in parsec steps with
diagonals allowed (Chebyshev), which is what makes the worked example of section 6
consistent. Levels are numbered 1 (the highest) to 4; UP goes towards level 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, NamedTuple

LEVEL_GAP = 4  # parsecs between two levels (3E)

# x grows to the East, y to the North.
COMPASS: dict[str, tuple[int, int]] = {
    "N": (0, 1),
    "NE": (1, 1),
    "E": (1, 0),
    "SE": (1, -1),
    "S": (0, -1),
    "SW": (-1, -1),
    "W": (-1, 0),
    "NW": (-1, 1),
}
VERTICAL: dict[str, int] = {"UP": -1, "DOWN": 1}
DIRECTIONS: tuple[str, ...] = tuple(COMPASS) + tuple(VERTICAL)


class Position(NamedTuple):
    """A parsec square: x to the East, y to the North, level 1 (highest) to 4.

    A named tuple rather than a dataclass: positions are dictionary keys in every
    sighting and route lookup, and tuple hashing is done in C.
    """

    x: int
    y: int
    level: int

    def step(self, direction: str) -> "Position":
        dx, dy = COMPASS[direction]
        return Position(self.x + dx, self.y + dy, self.level)


@dataclass(frozen=True)
class Segment:
    """One leg of a route: `5 NE`, `4 UP`. Vertical legs are whole multiples of 4."""

    parsecs: int
    direction: str

    @property
    def vertical(self) -> bool:
        return self.direction in VERTICAL


@dataclass(frozen=True)
class Zone:
    """The Tabula Spatii: `size` x `size` parsec squares on each of `levels` levels."""

    size: int
    levels: int = 4

    def contains(self, p: Position) -> bool:
        return 0 <= p.x < self.size and 0 <= p.y < self.size and 1 <= p.level <= self.levels


def route_text(route: Iterable[Segment]) -> str:
    """Segments -> `10 N + 5 E`, or `NONE` for no movement; `orders.parse_route` reads it back."""
    return " + ".join([f"{s.parsecs} {s.direction}" for s in route]) or "NONE"


def route_length(route: tuple[Segment, ...] | list[Segment]) -> int:
    """Parsecs of thrust a route needs; a level change costs 4 (3E)."""
    return sum(s.parsecs for s in route)


def distance(a: Position, b: Position) -> int:
    """Parsec steps between two squares of one level (8 directions)."""
    return max(abs(a.x - b.x), abs(a.y - b.y))


def bearing(origin: Position, target: Position) -> tuple[tuple[int, str], ...]:
    """The shortest decomposition from origin to target: straight steps, then diagonal ones.

    Section 6 reports "1 W + 1 NW" and "2 SW"; the S.C. example "2 West + 1 North-West":
    the straight part first, then the diagonal part, each omitted when zero.
    """
    return bearing_of(target.x - origin.x, target.y - origin.y)


def bearing_of(dx: int, dy: int) -> tuple[tuple[int, str], ...]:
    """The bearing of a square dx parsecs east and dy north (`bearing`)."""
    parts = _BEARINGS.get((dx, dy))
    return parts if parts is not None else _bearing(dx, dy)


def _bearing(dx: int, dy: int) -> tuple[tuple[int, str], ...]:
    diagonal = min(abs(dx), abs(dy))
    straight = max(abs(dx), abs(dy)) - diagonal
    parts: list[tuple[int, str]] = []
    if straight:
        if abs(dx) > abs(dy):
            parts.append((straight, "E" if dx > 0 else "W"))
        else:
            parts.append((straight, "N" if dy > 0 else "S"))
    if diagonal:
        ns = "N" if dy > 0 else "S"
        ew = "E" if dx > 0 else "W"
        parts.append((diagonal, ns + ew))
    return tuple(parts)


def bearing_text(parts: tuple[tuple[int, str], ...]) -> str:
    text = _TEXTS.get(parts)
    return text if text is not None else _text(parts)


def _text(parts: tuple[tuple[int, str], ...]) -> str:
    return " + ".join(f"{n} {d}" for n, d in parts) if parts else "here"


# Every bearing within BEARINGS_WORKED_OUT parsecs either way, and its text, worked out once
# (constants of the geometry): a move reports some 30,000 sightings, each with its bearing;
# radar reaches 3 parsecs, and a little more with Scanners research.
BEARINGS_WORKED_OUT = 8
_BEARINGS = {(dx, dy): _bearing(dx, dy)
             for dx in range(-BEARINGS_WORKED_OUT, BEARINGS_WORKED_OUT + 1)
             for dy in range(-BEARINGS_WORKED_OUT, BEARINGS_WORKED_OUT + 1)}
_TEXTS = {parts: _text(parts) for parts in _BEARINGS.values()}
