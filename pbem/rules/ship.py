"""Ship types and ship sheets (rulebook 3C, 3D).

A ship sheet fills the container spaces of its type with components, each inside the
minimum and maximum of that type. Individual weapons are mounted one per module, so they
take no space of their own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace



# Components in ship-sheet order; the name is what a sheet or `--fit` writes.
COMPONENTS: tuple[str, ...] = (
    "crews",
    "modules",
    "laser_zip3",
    "ho1",
    "sil12",
    "shields",
    "lasers",
    "radars",
    "computers",
    "tanks",
    "tot",
)
WEAPONS: tuple[str, ...] = ("laser_zip3", "ho1", "sil12")  # mounted on modules, no space
SPACE_TAKERS: tuple[str, ...] = tuple(c for c in COMPONENTS if c not in WEAPONS)
# What a damage (TAB. C) can take away: every component but the crews, which are lost man
# by man through TAB. B (3D a), never by a damage.
DAMAGEABLE: tuple[str, ...] = tuple(c for c in COMPONENTS if c != "crews")



@dataclass(frozen=True)
class ShipType:
    name: str
    level: int
    spaces: int
    parsecs_per_tank: int
    minimum: dict[str, int] = field(default_factory=dict)
    maximum: dict[str, int] = field(default_factory=dict)
    # A lawful sheet of this type, every component listed, that a rescued or promoted
    # officer flies until he refits at the base planet (3C, 3F c).
    default: dict[str, int] = field(default_factory=dict)
    crew_men: int = 3  # 3D a: "Each crew (E.) is made up of 3 faithful veterans" (ships.toml)


@dataclass(frozen=True)
class Ship:
    """A ship sheet. `crews` holds the men of each crew, so losses show as (3, 1, 1)."""

    type: str
    name: str
    crews: tuple[int, ...] = ()
    modules: int = 0
    laser_zip3: int = 0
    ho1: int = 0
    sil12: int = 0
    shields: int = 0
    lasers: int = 0
    radars: int = 0
    computers: int = 0
    tanks: int = 0
    tot: int = 0

    def fit(self) -> dict[str, int]:
        """The sheet's count of each component, in `COMPONENTS` order, the crews counted."""
        return {c: len(self.crews) if c == "crews" else getattr(self, c) for c in COMPONENTS}

    @property
    def men(self) -> int:
        return sum(self.crews)


def spaces_used(fit: dict[str, int]) -> int:
    return sum(fit.get(c, 0) for c in SPACE_TAKERS)


def fit_problems(ship_type: ShipType, fit: dict[str, int]) -> list[str]:
    """Every reason a sheet cannot be fitted on this type, each saying what would do."""
    problems: list[str] = []
    for name in fit:
        if name not in COMPONENTS:
            problems.append(f"unknown component {name!r}; use one of {', '.join(COMPONENTS)}")
    for c in COMPONENTS:
        n = fit.get(c, 0)
        if n < 0:
            problems.append(f"{c} = {n}: a count cannot be negative")
            continue
        low = ship_type.minimum.get(c, 0)
        high = ship_type.maximum.get(c)
        if n < low:
            problems.append(f"{c} = {n}: a {ship_type.name} needs at least {low}")
        if high is not None and n > high:
            problems.append(f"{c} = {n}: a {ship_type.name} carries at most {high}")
    weapons = sum(fit.get(w, 0) for w in WEAPONS)
    modules = fit.get("modules", 0)
    if weapons > modules:
        problems.append(
            f"{weapons} individual weapons on {modules} modules: each weapon needs a module "
            f"(write modules={weapons} or fewer weapons)"
        )
    if modules > fit.get("crews", 0):
        problems.append(
            f"{modules} modules for {fit.get('crews', 0)} crews: each module carries one crew"
        )
    used = spaces_used(fit)
    if used > ship_type.spaces:
        problems.append(
            f"the sheet fills {used} spaces; a {ship_type.name} has {ship_type.spaces}: "
            f"remove {used - ship_type.spaces}"
        )
    return problems


def build_ship(ship_type: ShipType, name: str, fit: dict[str, int]) -> Ship:
    """A new ship with full crews; call `fit_problems` first."""
    values = {c: fit.get(c, 0) for c in COMPONENTS if c != "crews"}
    return Ship(type=ship_type.name, name=name, crews=(ship_type.crew_men,) * fit.get("crews", 0),
                **values)


MOST_OF_A_COMPONENT = 99  # the largest count a ship sheet may give (REFIT, enlistment)


def parse_fit(text: str) -> dict[str, int]:
    """`crews=2,shields=5,lasers=3` (also one `name = n` per line, `#` comments) to a dict.

    Raises ValueError naming the bad item.
    """
    fit: dict[str, int] = {}
    for raw in text.replace("\n", ",").split(","):
        item = raw.split("#", 1)[0].strip()
        if not item:
            continue
        shown = repr(item if len(item) <= 40 else item[:39] + "…")
        if "=" not in item:
            raise ValueError(f"{shown}: write component=count, e.g. radars=2")
        key, _, value = item.partition("=")
        key = key.strip().lower().replace(" ", "_").replace("-", "_")
        count = value.strip()
        # ASCII digits only (int() also takes ٣ and 1_000), and a bound before converting:
        # int() refuses more than 4,300 digits with an error of its own. A minus sign is
        # read (the GM's --damage repairs with one); a sheet with it is refused by its type.
        if not re.fullmatch(r"-?[0-9]+", count):
            raise ValueError(f"{shown}: the count must be a whole number")
        digits = count.lstrip("-").lstrip("0")
        if len(digits) > len(str(MOST_OF_A_COMPONENT)) or int(digits or 0) > MOST_OF_A_COMPONENT:
            raise ValueError(f"{shown}: no ship carries more than {MOST_OF_A_COMPONENT} "
                             "of a component")
        fit[key] = int(count)
    return fit


def lose_component(ship: Ship, part: str) -> Ship | None:
    """The ship after one `part` is damaged beyond use; None when it carries none (4 I: a
    non-existent element damaged means no damage). A lost module takes the weapon mounted
    on it (3D b), the last mounted first; a lost weapon leaves its module."""
    if part not in DAMAGEABLE:
        raise ValueError(f"{part!r} cannot be damaged; damages hit {', '.join(DAMAGEABLE)}")
    if getattr(ship, part) <= 0:
        return None
    changes = {part: getattr(ship, part) - 1}
    if part == "modules" and sum(getattr(ship, w) for w in WEAPONS) > ship.modules - 1:
        weapon = next(w for w in reversed(WEAPONS) if getattr(ship, w))
        changes[weapon] = getattr(ship, weapon) - 1
    return replace(ship, **changes)
