"""The space hazards of outer space (rulebook 5B, S.C. advanced rule A): where they lie.

A zone of outer space holds, besides its planets, one black hole (its nucleus on the same
square of every level), one magneto-gravitational net per level (three adjacent squares,
in any arrangement, independent between levels) and three Nullius distortions per level
(one square each). None is seen by radar; every one lies at least 4 parsecs from every
planet, the black hole at least 5 (5B, S.C. rule A a). No two hazards share a square.

They are the only hidden things placed when a game is created (DESIGN): drawn from the
game's secret, or given by the GM in his map. What each does to a ship is in
`black_hole`, `net` and `distortion`; this module knows where they are, places and checks
them, and finds the first one a route runs into.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from . import legs as legs_
from .dice import Dice
from .geometry import COMPASS, Position, Zone, distance
from .legs import OnLevel

NUCLEUS = "black-hole"  # the black hole's nucleus, on every level
NET = "net"
DISTORTION = "distortion"

BLACK_HOLE_CLEARANCE = 5  # S.C. rule A a: "not less than 5 parsecs from the nearest planet"
CLEARANCE = 4  # 5B: "the minimum distance of every space hazard from planets is not less than 4"
NET_SQUARES = 3  # 5B b: "each extends over 3 adjacent parsec-squares"
BLACK_HOLE_REACH = 4  # S.C. rule A a: "within a radius of 4 parsecs"
DISTORTIONS_PER_LEVEL = 3  # S.C. rule A c: "present in a number of 3 on each level"


@dataclass(frozen=True)
class Hazards:
    """Where the hazards of a zone lie; an inner-space zone has none."""

    black_hole: tuple[int, int] | None = None  # the nucleus's x, y: the same on every level
    nets: tuple[tuple[Position, ...], ...] = ()  # one per level, its squares
    distortions: tuple[Position, ...] = ()
    levels: int = 4
    # Every hazard square, and every square within the black hole's reach, for the lookups a
    # route makes at each of its parsecs.
    squares: dict[Position, str] = field(init=False, repr=False, compare=False)
    pulled: frozenset[Position] = field(init=False, repr=False, compare=False)
    # The squares that stop a route (nets and distortions), level by level, as numbers in
    # order of x, with their x apart: (xs, ((x, y, kind), ...)).
    stops: dict[int, tuple[list[int], list[tuple[int, int, str]]]] = field(
        init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        squares: dict[Position, str] = {}
        pulled: set[Position] = set()
        if self.black_hole is not None:
            x, y = self.black_hole
            for level in range(1, self.levels + 1):
                squares[self.nucleus(level)] = NUCLEUS
                pulled.update(Position(x + dx, y + dy, level)
                              for dx in range(-BLACK_HOLE_REACH, BLACK_HOLE_REACH + 1)
                              for dy in range(-BLACK_HOLE_REACH, BLACK_HOLE_REACH + 1))
        object.__setattr__(self, "pulled", frozenset(pulled))
        for net in self.nets:
            for square in net:
                squares.setdefault(square, NET)
        for square in self.distortions:
            squares.setdefault(square, DISTORTION)
        object.__setattr__(self, "squares", squares)
        stops: dict[int, list[tuple[int, int, str]]] = {}
        for square, kind in squares.items():
            if kind != NUCLEUS:
                stops.setdefault(square.level, []).append((square.x, square.y, kind))
        object.__setattr__(self, "stops", {
            level: ([x for x, _, _ in sorted(found)], sorted(found))
            for level, found in stops.items()})

    def __bool__(self) -> bool:
        return bool(self.squares)

    def __deepcopy__(self, memo: dict) -> "Hazards":
        return self  # immutable: nothing placed at creation ever moves


    def nucleus(self, level: int) -> Position:
        assert self.black_hole is not None
        return Position(self.black_hole[0], self.black_hole[1], level)

    def at(self, square: Position) -> str | None:
        return self.squares.get(square)

    def listing(self) -> list[dict]:
        """Every hazard square, for the GM's eyes only."""
        out: list[dict] = []
        if self.black_hole is not None:
            out.append({"hazard": NUCLEUS, "x": self.black_hole[0], "y": self.black_hole[1],
                        "level": "every"})
        for net in self.nets:
            out.append({"hazard": NET, "level": net[0].level,
                        "squares": [{"x": p.x, "y": p.y} for p in net]})
        for p in self.distortions:
            out.append({"hazard": DISTORTION, "level": p.level, "x": p.x, "y": p.y})
        return out


def stop_on(path: Sequence, hazards: Hazards) -> tuple[int, str] | None:
    """The first parsec after the start that lies on a net or a distortion, and which: a
    route stops there (5B b, c). The start is never one: a ship held by a net, or put down
    by a distortion, sets out again from that square (S.C. rule A b)."""
    return stop_on_legs(legs_.layout(legs_.of_path(path)), hazards)


def stop_on_legs(levels: dict[int, OnLevel], hazards: Hazards) -> tuple[int, str] | None:
    """`stop_on` for a route's legs, level by level (`legs.layout`): only the hazards within
    a level's bounds are looked for on its legs."""
    met = None
    for level, (on_level, x0, y0, x1, y1) in levels.items():
        stops = hazards.stops.get(level)
        if stops is None:
            continue
        xs, found = stops
        lo, hi = bisect_left(xs, x0), bisect_right(xs, x1)
        if lo == hi:
            continue  # none within the level's bounds in x: most routes
        near = [stop for stop in found[lo:hi] if y0 <= stop[1] <= y1]
        crossed = legs_.first_crossing(on_level, near) if near else None
        if crossed is not None and (met is None or crossed[0] < met[0]):
            met = crossed
    return met


# --- placing them when the game is created ---------------------------------------------------


def _cleared(squares: set[tuple[int, int]], planets: Iterable[Position], clearance: int,
             size: int) -> None:
    """Remove from `squares` every square nearer than `clearance` to one of the planets."""
    reach = clearance - 1
    for p in planets:
        for x in range(max(0, p.x - reach), min(size, p.x + reach + 1)):
            for y in range(max(0, p.y - reach), min(size, p.y + reach + 1)):
                squares.discard((x, y))


def _pick(candidates: list, dice: Dice, detail: str):
    return candidates[dice.roll(len(candidates), "hazards", detail) - 1]


def _neighbours(x: int, y: int) -> list[tuple[int, int]]:
    return [(x + dx, y + dy) for dx, dy in COMPASS.values()]


def place(zone: Zone, planets: Sequence[Position], dice: Dice) -> Hazards | None:
    """Draw every hazard of a zone from the dice: the black hole, then level by level its
    net and its three distortions, each on a free square far enough from every planet.
    None when they do not fit (a zone crowded with planets)."""
    every = {(x, y) for x in range(zone.size) for y in range(zone.size)}
    free = set(every)
    _cleared(free, planets, BLACK_HOLE_CLEARANCE, zone.size)
    if not free:
        return None
    hole = _pick(sorted(free), dice, "black hole")
    nets: list[tuple[Position, ...]] = []
    distortions: list[Position] = []
    for level in range(1, zone.levels + 1):
        open_ = set(every)
        _cleared(open_, [p for p in planets if p.level == level], CLEARANCE, zone.size)
        open_.discard(hole)
        net = _draw_net(open_, dice, level)
        if net is None:
            return None
        nets.append(tuple(Position(x, y, level) for x, y in net))
        open_.difference_update(net)
        for n in range(1, DISTORTIONS_PER_LEVEL + 1):
            if not open_:
                return None
            x, y = _pick(sorted(open_), dice, f"level {level} distortion {n}")
            open_.discard((x, y))
            distortions.append(Position(x, y, level))
    return Hazards(hole, tuple(nets), tuple(distortions), zone.levels)


def _draw_net(open_: set[tuple[int, int]], dice: Dice, level: int) -> list[tuple[int, int]] | None:
    """Three 8-connected free squares: a first one, then each next one beside those drawn.
    A first square that leaves no room to grow is given up for another."""
    starts = sorted(open_)
    while starts:
        first = _pick(starts, dice, f"level {level} net")
        net = [first]
        while len(net) < NET_SQUARES:
            beside = sorted({n for x, y in net for n in _neighbours(x, y)
                             if n in open_ and n not in net})
            if not beside:
                break
            net.append(_pick(beside, dice, f"level {level} net square {len(net) + 1}"))
        if len(net) == NET_SQUARES:
            return net
        starts.remove(first)
    return None


# --- checking those a GM drew ------------------------------------------------------------------


def _where(p: Position) -> str:
    return f"level {p.level}, x {p.x}, y {p.y}"


def connected(squares: Sequence[Position]) -> bool:
    """Are the squares one 8-connected piece (any arrangement, 5B b)?"""
    if not squares:
        return False
    left = set(squares)
    stack = [squares[0]]
    left.discard(squares[0])
    while stack:
        here = stack.pop()
        for there in [here.step(d) for d in COMPASS]:
            if there in left:
                left.discard(there)
                stack.append(there)
    return not left


def problems(zone: Zone, planets: Sequence[Position], hazards: Hazards) -> list[str]:
    """What is wrong with the hazards of a map a GM drew, each problem naming its square.
    `planets` are numbered from 1 in the map's order, as the map's own problems are."""
    found: list[str] = []
    if hazards.black_hole is None:
        found.append("no black hole: outer space has one; give a [[black_hole]] with its x and y")
    squares: list[tuple[str, Position]] = []
    if hazards.black_hole is not None:
        x, y = hazards.black_hole
        squares += [("the black hole", Position(x, y, level))
                    for level in range(1, zone.levels + 1)]
    per_level: dict[int, int] = {}
    for net in hazards.nets:
        level = net[0].level if net else 0
        per_level[level] = per_level.get(level, 0) + 1
        name = f"the net of level {level}"
        if len(net) != NET_SQUARES or len(set(net)) != len(net):
            found.append(f"{name} has {len(set(net))} different squares; a net covers exactly "
                         f"{NET_SQUARES} (5B b)")
        elif not connected(net):
            found.append(f"{name} ({', '.join(f'x {p.x}, y {p.y}' for p in net)}) is not in one "
                         "piece: each square must touch another, diagonals included (5B b)")
        if any(p.level != level for p in net):
            found.append(f"{name} has squares on other levels; a net lies on one level")
        squares += [(name, p) for p in net]
    distortions: dict[int, int] = {}
    for p in hazards.distortions:
        distortions[p.level] = distortions.get(p.level, 0) + 1
        squares.append(("a distortion", p))
    for level in range(1, zone.levels + 1):
        if per_level.get(level, 0) != 1:
            found.append(f"level {level} has {per_level.get(level, 0)} nets: outer space has "
                         "one per level (5B b)")
        if distortions.get(level, 0) != DISTORTIONS_PER_LEVEL:
            found.append(f"level {level} has {distortions.get(level, 0)} distortions: outer "
                         f"space has {DISTORTIONS_PER_LEVEL} per level (S.C. rule A c)")
    taken: dict[Position, str] = {}
    for name, p in squares:
        if not zone.contains(p):
            found.append(f"{name} at {_where(p)} is outside the zone (x and y from 0 to "
                         f"{zone.size - 1}, level from 1 to {zone.levels})")
            continue
        if p in taken and taken[p] != name:
            found.append(f"{name} and {taken[p]} share the square {_where(p)}: no two hazards "
                         "lie on one square")
        taken.setdefault(p, name)
        clearance = BLACK_HOLE_CLEARANCE if name == "the black hole" else CLEARANCE
        for n, planet in enumerate(planets, 1):
            if planet.level == p.level and distance(planet, p) < clearance:
                found.append(f"{name} at {_where(p)} is {distance(planet, p)} parsecs from "
                             f"planet {n} (x {planet.x}, y {planet.y}); it must lie at least "
                             f"{clearance} from every planet")
    return found
