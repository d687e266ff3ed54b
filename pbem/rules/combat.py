"""Combat factors and the fire of the Legio and of the aliens (rulebook 3D, 4 I; TAB. A, B, C).

Pure arithmetic over crews, ships and alien lists; `landing.py` decides who fires when.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import rulings
from .ship import Ship

LASER_ATT = 6  # LASER ZIP 11, each (3D c)
SHIELD_DEF = 5  # each shield (3D d)
HULL_DEF = 2  # shields off or absent (3D d)
MODULE_DEF = 1  # a module raises a full crew's F.C.Def from 3 to 4 (3D b)

# Individual weapons (3D b): F.C.Att against animal, vegetable and mineral life.
WEAPON_ATT: dict[str, dict[str, int]] = {
    "laser_zip3": {"animal": 5, "vegetable": 5, "mineral": 5},
    "ho1": {"animal": 6, "vegetable": 4, "mineral": 3},
    "sil12": {"animal": 3, "vegetable": 3, "mineral": 6},
}


def crew_weapons(ship: Ship) -> list[str | None]:
    """The module and weapon of each crew, in sheet order: modules go to the first crews,
    weapons to the crews with modules, LASER ZIP 3 first, then HO1, then SIL 12."""
    weapons = ["laser_zip3"] * ship.laser_zip3 + ["ho1"] * ship.ho1 + ["sil12"] * ship.sil12
    out: list[str | None] = []
    for i in range(len(ship.crews)):
        if i < ship.modules:
            out.append(weapons[i] if i < len(weapons) else "module")
        else:
            out.append(None)
    return out


def crew_attack(ship: Ship, crews: list[int], life: str, weapons: bool = True,
                suit: int = 0) -> int:
    """F.C.Att of some crews: 1 per man plus their individual weapons (unless capturing).
    In outer space an anti-radiation suit takes `suit` points from each crew's own F.C.,
    never below 0, and nothing from its weapon (5G, S.C. advanced rule B)."""
    kit = crew_weapons(ship)
    total = 0
    for i in crews:
        total += max(0, ship.crews[i] - suit)
        if weapons and kit[i] in WEAPON_ATT:
            total += WEAPON_ATT[kit[i]].get(life, 3)
    return total


def crew_defence(ship: Ship, crews: list[int], suit: int = 0) -> int:
    """F.C.Def of some crews: 1 per man (less the suit's cost, never below 0) and 1 for the
    module carrying each, which the suit does not hamper."""
    kit = crew_weapons(ship)
    return sum(max(0, ship.crews[i] - suit) + (MODULE_DEF if kit[i] is not None else 0)
               for i in crews)


def ship_attack(ship: Ship, attack_levels: int = 0) -> int:
    return ship.lasers * (LASER_ATT + attack_levels)


def ship_defence(ship: Ship, shields_on: bool, defence_levels: int = 0) -> int:
    if shields_on and ship.shields > 0:
        return ship.shields * (SHIELD_DEF + defence_levels)
    return HULL_DEF


def halve(aliens: list[int], targets: list[int], full_fc: int) -> tuple[list[int], int]:
    """TAB. A 'F': "a decrease of 50% (rounded up)" of the targets' F.C. (4 I): whole
    aliens die first, the rest is a wound. Returns the new alien list and how many were
    killed. One SEVOLVENTES of F.C. 5 loses 3 and keeps 2; two (10 in all) lose 5: one
    killed (section 6, turn V).
    """
    total = sum(aliens[i] for i in targets)
    decrease = math.ceil(total / 2) if rulings.WOUND_DECREASE_ROUNDS_UP else total // 2
    goal = total - decrease
    dead: set[int] = set()
    left = total
    for i in sorted(targets, key=lambda i: aliens[i]):
        if left - aliens[i] >= goal:
            dead.add(i)
            left -= aliens[i]
    new = list(aliens)
    excess = left - goal
    for i in targets:
        if excess <= 0:
            break
        if i not in dead:
            cut = min(excess, new[i] - 1)
            new[i] -= cut
            excess -= cut
    return [fc for i, fc in enumerate(new) if i not in dead], len(dead)


def kill(aliens: list[int], targets: list[int]) -> tuple[list[int], int]:
    """TAB. A 'U': the attacked aliens are eliminated."""
    keep = [fc for i, fc in enumerate(aliens) if i not in set(targets)]
    return keep, len(aliens) - len(keep)


def lose_men(crews: tuple[int, ...], attacked: list[int], men: int) -> tuple[tuple[int, ...], int]:
    """Men lost from the attacked crews, the last one first (ruling LOSSES_FROM_THE_LAST_CREW),
    so that the rule's '2 + 1' bookkeeping keeps as many complete crews as possible (3D a).
    Returns the crews and how many men were really lost."""
    new = list(crews)
    lost = 0
    for i in sorted(attacked, reverse=rulings.LOSSES_FROM_THE_LAST_CREW):
        while men > 0 and new[i] > 0:
            new[i] -= 1
            men -= 1
            lost += 1
    return tuple(new), lost


@dataclass(frozen=True)
class Assault:
    """One alien attack on crews: which aliens' F.C. against which crews' F.C.Def."""

    alien_fc: int
    crews: tuple[int, ...]


def assaults_on_crews(aliens: list[int], crews_down: list[int]) -> list[Assault]:
    """Fewer aliens than crews: each alien attacks a single crew (turn V: the survivor
    'attacks a single Crew'); otherwise all of them attack all the crews together
    (turn VI: two aliens attack 'all the Crews who are withdrawing')."""
    if not aliens or not crews_down:
        return []
    if len(aliens) < len(crews_down) and rulings.FEWER_ALIENS_ATTACK_ONE_CREW_EACH:
        return [Assault(fc, (crews_down[i],)) for i, fc in enumerate(aliens)]
    return [Assault(sum(aliens), tuple(crews_down))]


def complete_crews(crews: tuple[int, ...], indices: list[int] | tuple[int, ...] | range,
                   crew_men: int) -> int:
    """How many of these crews are whole (3 men, 3D a): only they land and bring points."""
    return sum(1 for i in indices if crews[i] >= crew_men)
