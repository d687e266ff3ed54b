"""Damage to a ship (4 I, TAB. C), wherever it comes from: aliens, commerce, the mass of a
planet on landing, a black hole in space.

Each damage is one roll on TAB. C. A component the ship does not carry means no damage; the
hull absorbs a hit, and a second hull hit in the same turn destroys the ship (4 I); a ship
left without tanks cannot fly home (3F c). Both end the turn with the rescue return.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from . import rulings
from .ship import Ship, lose_component
from .said import saying
from .tables import HULL, Table

LOST_HULL = saying("two hull hits in one move")
LOST_TANKS = saying("no tanks left")


class ShipLost(Exception):
    """The ship was destroyed during the turn; the turn ends with the rescue return."""


@dataclass(frozen=True)
class Hit:
    """One damage as rolled on TAB. C."""

    die: int
    face: int
    component: str
    effect: str  # "lost", "none" (not carried), "absorbed" (the hull), "destroyed"

    def data(self) -> dict:
        return {"die": self.die, "face": self.face, "component": self.component,
                "effect": self.effect}


@dataclass(frozen=True)
class Damaged:
    ship: Ship
    hits: tuple[Hit, ...]
    hull_hits: int  # in this turn, the ones before included
    lost: str | None  # why the ship is lost, or None

    @property
    def suffered(self) -> bool:
        """Was a component really lost? A hit the hull absorbs, or one on an element the
        ship does not carry, is no damage (4 I)."""
        return any(hit.effect == "lost" for hit in self.hits)


def suffer(ship: Ship, count: int, table: Table, roll: Callable[[], int],
           hull_hits: int) -> Damaged:
    """`count` damages on TAB. C, rolled one by one with `roll`, until the ship is lost."""
    hits: list[Hit] = []
    lost = None
    for _ in range(max(0, count)):
        face = roll()
        part = str(table.result(0, face))
        if part == HULL:
            hull_hits += 1
            effect = "absorbed" if hull_hits == 1 else "destroyed"
        else:
            if not rulings.ANY_TWO_HULL_HITS_IN_A_TURN:
                hull_hits = 0  # "successive": another hit between them parts them
            if (damaged := lose_component(ship, part)) is not None:
                ship, effect = damaged, "lost"
            else:
                effect = "none"
        hits.append(Hit(die=table.die, face=face, component=part, effect=effect))
        if effect == "destroyed":
            lost = LOST_HULL
        elif part == "tanks" and ship.tanks == 0:
            lost = LOST_TANKS
        if lost:
            break
    return Damaged(ship=ship, hits=tuple(hits), hull_hits=hull_hits, lost=lost)
