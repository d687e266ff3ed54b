"""Drawing the Tabula Spatii (S.C. rule C): four levels, planets one per parsec square, one base.

Only the map is placed when a game is created; everything hidden about a planet is
rolled later, when the rules roll it (DESIGN).
"""

from __future__ import annotations

from .dice import Dice
from .geometry import Position, Zone
from .hazards import Hazards
from .hazards import place as place_hazards
from .state import Planet

LEVELS = 4
PLANETS_PER_LEVEL = 9


def draw_map(zone: Zone, per_level: int, dice: Dice) -> list[Planet]:
    """Place `per_level` planets on every level at random squares and pick the base among them."""
    if per_level < 1:
        raise ValueError("each level needs at least one planet")
    if per_level > zone.size * zone.size:
        raise ValueError(
            f"{per_level} planets do not fit on a {zone.size}x{zone.size} level; "
            f"use a larger --size or fewer --planets"
        )
    planets: list[Planet] = []
    for level in range(1, zone.levels + 1):
        taken: set[tuple[int, int]] = set()
        while len(taken) < per_level:
            x = dice.roll(zone.size, "map", f"level {level} x") - 1
            y = dice.roll(zone.size, "map", f"level {level} y") - 1
            if (x, y) in taken:
                continue
            taken.add((x, y))
            planets.append(Planet(id=len(planets) + 1, position=Position(x, y, level)))
    base = dice.roll(len(planets), "map", "base") - 1
    planets[base] = base_planet(planets[base].id, planets[base].position)
    return planets


# Outer space: maps drawn before giving up on fitting the hazards among the planets.
HAZARD_ATTEMPTS = 20


def draw_outer_space(zone: Zone, per_level: int,
                     dice: Dice) -> tuple[list[Planet], Hazards | None]:
    """The planets as `draw_map` draws them, then the hazards (S.C. advanced rule A) from the
    same dice; a map too crowded for them is drawn again, up to HAZARD_ATTEMPTS times. The
    first map drawn is the one a basic game of the same secret has. The hazards are None
    when no attempt had room for them."""
    for _ in range(HAZARD_ATTEMPTS):
        planets = draw_map(zone, per_level, dice)
        hazards = place_hazards(zone, [p.position for p in planets], dice)
        if hazards is not None:
            return planets, hazards
    return planets, None


BASE_DESIGNATION = "BASE"


def base_planet(planet_id: int, position: Position) -> Planet:
    """The base is known to every officer from the start: it has its name, never gives points."""
    return Planet(id=planet_id, position=position, base=True, designation=BASE_DESIGNATION, known=True)


def map_problems(zone: Zone, planets: list[Planet]) -> list[str]:
    """What is wrong with a map a GM drew by hand, each problem saying where."""
    problems: list[str] = []
    if zone.size < 1:
        problems.append(f"size {zone.size}: a level needs at least 1x1 parsec squares")
    seen: dict[Position, int] = {}
    for n, planet in enumerate(planets, 1):
        p = planet.position
        if not zone.contains(p):
            problems.append(
                f"planet {n} at level {p.level}, x {p.x}, y {p.y} is outside the zone "
                f"(x and y from 0 to {zone.size - 1}, level from 1 to {zone.levels})"
            )
        if p in seen:
            problems.append(
                f"planet {n} overlaps planet {seen[p]} at level {p.level}, x {p.x}, y {p.y}: "
                f"two planets cannot share a parsec square"
            )
        seen.setdefault(p, n)
    bases = [n for n, planet in enumerate(planets, 1) if planet.base]
    if not bases:
        problems.append("no base planet: mark exactly one planet with base = true")
    elif len(bases) > 1:
        problems.append(
            f"{len(bases)} base planets (planets {', '.join(map(str, bases))}): keep exactly one"
        )
    return problems
