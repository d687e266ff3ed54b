"""Tracing a route parsec by parsec (rulebook 3E, 3F a, S.C. rules D and E).

A route is followed in order; it stops at the zone's edge or before a level that does not
exist (the report says at which parsec), and before an uncharted planet it would cross:
at the first parsec from which that planet is within radar range, or on the planet itself
when no radar is on. Ending on the base lands there; ending on a planet with a landing
declared lands there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping, NamedTuple

from . import rulings
from .geometry import COMPASS, LEVEL_GAP, VERTICAL, Position, Segment, Zone, distance, route_length
from .hazards import DISTORTION, NET, Hazards, stop_on
from .orders import Orders, Problem, plural
from .ship import Ship
from .state import Planet

# Why a route ended before its last parsec, or where it ended.
EDGE = "edge"  # the zone's edge
NO_LEVEL = "no-level"  # a level that does not exist
PLANET_AHEAD = "planet-ahead"  # an uncharted planet on the route, seen by radar
FORCED_LANDING = "forced-landing"  # an uncharted planet on the route, no radar on
VERTICAL_LANDING = "vertical-landing"  # onto an uncharted planet from another level, unseen
LANDED = "landed"  # ended on a planet with a landing declared
BASE = "base"  # ended on the base
LANDINGS = (LANDED, FORCED_LANDING, VERTICAL_LANDING, BASE)  # the ship is down at the end
# In outer space also NET and DISTORTION (from `hazards`): stopped on a hazard's square; the
# officer is told only of a distortion (5B b, c).


class Parsec(NamedTuple):
    number: int  # 0 is the start; a level change takes four numbers
    position: Position


@dataclass(frozen=True)
class RouteResult:
    planned: int  # parsecs ordered
    path: tuple[Parsec, ...]  # every parsec on a level that the ship passed, start first
    stop: str | None  # one of the constants above, None when the route ran to its end
    stop_parsec: int  # the parsec where the ship is now
    planet: int | None = None  # the planet concerned by PLANET_AHEAD / landings / BASE

    @property
    def end(self) -> Position:
        return self.path[-1].position

    @property
    def travelled(self) -> int:
        return self.path[-1].number


# Parsec(n, Position(x, y, level)) as the named tuples' own __new__ makes them, without its
# Python-level call: a move traces some 200,000 parsecs.
_new = tuple.__new__


def expand(start: Position, route: tuple[Segment, ...], zone: Zone) -> tuple[list[Parsec], str | None]:
    """The parsecs of a route inside the zone, and why it was cut short (EDGE, NO_LEVEL)."""
    path = [Parsec(0, start)]
    x, y, level = start
    number = 0
    for seg in route:
        if seg.direction in VERTICAL:
            dz = VERTICAL[seg.direction]
            for _ in range(seg.parsecs // LEVEL_GAP):
                there = Position(x, y, level + dz)
                if not zone.contains(there):
                    return path, NO_LEVEL
                number += LEVEL_GAP
                level = there.level
                path.append(Parsec(number, there))
        else:
            # A leg on one level: how far it stays inside the zone is counted, not tried
            # square by square (ten thousand routes a move).
            dx, dy = COMPASS[seg.direction]
            inside = (min(seg.parsecs, _room(x, dx, zone.size), _room(y, dy, zone.size))
                      if 1 <= level <= zone.levels else 0)
            for number in range(number + 1, number + inside + 1):
                x += dx
                y += dy
                path.append(_new(Parsec, (number, _new(Position, (x, y, level)))))
            if inside < seg.parsecs:
                return path, EDGE
    return path, None


def _room(at: int, step: int, size: int) -> int:
    """How many steps of `step` (-1, 0 or 1) from `at` stay within 0..size-1."""
    if step > 0:
        return max(0, size - 1 - at) if at >= -1 else 0
    if step < 0:
        return max(0, at) if at <= size else 0
    return size if 0 <= at < size else 0


def blocks_route(planet: Planet) -> bool:
    """Base and known planets do not stop a route (ruling KNOWN_PLANETS_DO_NOT_STOP)."""
    if planet.base:
        return False
    return not planet.known or not rulings.KNOWN_PLANETS_DO_NOT_STOP


def trace(
    start: Position,
    route: tuple[Segment, ...],
    zone: Zone,
    planets_at: Mapping[Position, Planet],
    radar_range: int,
    land: bool = False,
    hazards: Hazards | None = None,
) -> RouteResult:
    """Follow a route to where it really ends: the zone's edge, an uncharted planet, or, in
    outer space, the first net or distortion it crosses (5B b, c), whichever comes first."""
    planned = sum(s.parsecs for s in route)
    path, cut = expand(start, route, zone)
    result = _planets_on(planned, path, cut, planets_at, radar_range, land)
    met = stop_on(path, hazards) if hazards else None
    if met is not None:
        k, kind = met
        end = len(result.path) - 1
        # Hazards lie 4 parsecs or more from every planet: a hazard's square is never a
        # landing's, but it may be where a planet ahead would stop the route.
        if k < end or (k == end and (result.stop != PLANET_AHEAD
                                     or rulings.HAZARD_BEFORE_A_PLANET_AHEAD)):
            return RouteResult(planned, tuple(path[: k + 1]), kind, path[k].number)
    return result


def _planets_on(planned: int, path: list[Parsec], cut: str | None,
                planets_at: Mapping[Position, Planet], radar_range: int,
                land: bool) -> RouteResult:
    last = len(path) - 1
    for i in range(1, len(path)):
        planet = planets_at.get(path[i].position)
        if planet is None or not blocks_route(planet):
            continue
        if i == last and land and cut is None:
            return RouteResult(planned, tuple(path), LANDED, path[i].number, planet.id)
        if radar_range <= 0:
            return RouteResult(planned, tuple(path[: i + 1]), FORCED_LANDING, path[i].number, planet.id)
        # Stop where the radar first shows the planet, before reaching it (3F b).
        j = next(k for k in range(i + 1)
                 if path[k].position.level == planet.position.level
                 and distance(path[k].position, planet.position) <= radar_range)
        if j == i:
            # Radar does not see across levels: the ship comes onto it from another level.
            if rulings.VERTICAL_ARRIVAL_LANDS:
                return RouteResult(planned, tuple(path[: i + 1]), VERTICAL_LANDING,
                                   path[i].number, planet.id)
            # Otherwise it stops short of the level change, the planet unseen below.
            return RouteResult(planned, tuple(path[:i]), PLANET_AHEAD, path[i - 1].number,
                               planet.id)
        return RouteResult(planned, tuple(path[: j + 1]), PLANET_AHEAD, path[j].number, planet.id)
    end = path[-1].position
    planet = planets_at.get(end)
    if planet is not None and planet.base and last > 0:
        return RouteResult(planned, tuple(path), BASE, path[-1].number, planet.id)
    return RouteResult(planned, tuple(path), cut, path[-1].number)


# --- thrust (3D g, 3E) ------------------------------------------------------------------


def tanks_used(orders: Orders, ship: Ship) -> int:
    """TANKS n, or every tank on board."""
    return ship.tanks if orders.tanks is None else min(orders.tanks, ship.tanks)


def thrust(tanks: int, parsecs_per_tank: int, movement: int = 0) -> int:
    """Parsecs allowed this move: tanks x parsecs per tank, + 1 per tank for each Movement
    level (Unpredictable Research)."""
    return tanks * (parsecs_per_tank + movement)


def within_thrust(route: tuple[Segment, ...], allowed: int) -> tuple[Segment, ...]:
    """The part of a route the thrust allows; a level change is never split (3E)."""
    if route_length(route) <= allowed and all(
            seg.parsecs > 0 and (not seg.vertical or seg.parsecs % LEVEL_GAP == 0)
            for seg in route):
        return route  # the checked orders' common case: all of it, as it was ordered
    kept: list[Segment] = []
    left = allowed
    for seg in route:
        if seg.vertical:
            n = min(seg.parsecs, left - left % LEVEL_GAP)
        else:
            n = min(seg.parsecs, left)
        if n > 0:
            kept.append(Segment(n, seg.direction))
        left -= n
        if n < seg.parsecs:
            break
    return tuple(kept)


def route_problems(orders: Orders, ship: Ship, parsecs_per_tank: int, movement: int) -> list[Problem]:
    """TANKS within those on board; the route within the thrust of the tanks used, counting
    `movement`, the Movement level the officer holds or may reach this move."""
    found: list[Problem] = []
    if orders.tanks is not None and orders.tanks > ship.tanks:
        found.append(orders.problem(
            "TANKS", f"TANKS {orders.tanks}, but only {plural(ship.tanks, 'tank')} on board",
            f"write TANKS {ship.tanks} or fewer"))
    length = route_length(orders.route)
    used = tanks_used(orders, ship)
    per_tank = parsecs_per_tank + movement
    allowed = thrust(used, parsecs_per_tank, movement)
    if length > allowed:
        message = (
            f"the route is {plural(length, 'parsec')}, but {plural(used, 'tank')} "
            f"{'gives' if used == 1 else 'give'} {allowed} parsecs of thrust ({per_tank} per tank)"
        )
        found.append(orders.problem("ROUTE", message,
                                    _thrust_fix(length, allowed, used, ship.tanks, per_tank)))
    return found


def _thrust_fix(length: int, allowed: int, used: int, on_board: int, per_tank: int) -> str:
    shorten = f"shorten the route to {allowed} parsecs" if allowed else "write ROUTE NONE"
    needed = math.ceil(length / per_tank) if per_tank else None
    if used < on_board and needed is not None and needed <= on_board:
        return f"{shorten} or use more tanks (TANKS {needed})"
    if used < on_board:
        return f"{shorten} or use more tanks (TANKS {on_board} at most)"
    return shorten
