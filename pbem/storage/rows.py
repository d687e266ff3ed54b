"""The game's values as the database holds them: each ship, landing, specialist, alien
ship, planet and hazard as its row or its column's JSON text, and back.
"""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

from ..json_codec import to_json
from ..rules.geometry import Position
from ..rules.hazards import DISTORTION, NET, NUCLEUS, Hazards
from ..rules.ship import Ship
from ..rules.state import AlienShip, Landing, Planet, Specialist

LANDING_FIELDS = frozenset(f.name for f in fields(Landing))


def ship_to_json(ship: Ship) -> str:
    # vars() rather than asdict(): a ship holds only numbers, strings and a tuple of ints.
    return to_json(vars(ship))


def ship_from_json(text: str) -> Ship:
    return _ship(json.loads(text))


def _ship(data: dict[str, Any]) -> Ship:
    data["crews"] = tuple(data["crews"])
    return Ship(**data)


# Outer space's fields of a landing (5F; 5E b, the crew a ROBUR went down with), written only
# once they are set: a landing of inner space is stored, and hashed by the ledger, as it
# always was.
OUTER_LANDING_DEFAULTS = {"zone": None, "relandings": 0, "robur_crew": None}


def landing_to_json(landing: Landing | None) -> str | None:
    if landing is None:
        return None
    data = vars(landing)
    if any(data[k] != v for k, v in OUTER_LANDING_DEFAULTS.items()):
        return to_json(data)
    return to_json({k: v for k, v in data.items() if k not in OUTER_LANDING_DEFAULTS})


def landing_from_json(text: str | None) -> Landing | None:
    if not text:
        return None
    data = json.loads(text)
    data["crews_down"] = tuple(data["crews_down"])
    # A field a later version dropped (once `captured`) is not read back.
    return Landing(**{k: v for k, v in data.items() if k in LANDING_FIELDS})


def specialist_to_json(specialist: Specialist | None) -> str | None:
    return None if specialist is None else to_json(vars(specialist))


def specialist_from_json(text: str | None) -> Specialist | None:
    return Specialist(**json.loads(text)) if text else None


def alien_ship_to_json(ship: AlienShip | None) -> str | None:
    if ship is None:
        return None
    data = vars(ship) | {"position": list(ship.position), "hooked": list(ship.hooked)}
    return to_json(data)


def alien_ship_from_json(text: str | None) -> AlienShip | None:
    if not text:
        return None
    data = json.loads(text)
    data["position"] = Position(*data["position"])
    data["hooked"] = tuple(data["hooked"])
    return AlienShip(**data)


def planet_from_row(r: dict[str, Any]) -> Planet:
    return Planet(
        id=r["id"], position=Position(r["x"], r["y"], r["level"]), base=bool(r["base"]),
        designation=r["designation"], facts=tuple(json.loads(r["facts"] or "[]")),
        known=bool(r["known"]), discovered_by=r["discovered_by"],
        discovered_move=r["discovered_move"], populated=bool(r["populated"]),
        aliens=tuple(json.loads(r["aliens"])), hostile=bool(r["hostile"]),
        destroyed=bool(r["destroyed"]), radioactivity=r["radioactivity"],
    )


def planet_row(p: Planet) -> dict[str, Any]:
    return {
        "id": p.id, "x": p.position.x, "y": p.position.y, "level": p.position.level,
        "base": int(p.base), "designation": p.designation, "facts": json.dumps(list(p.facts)),
        "known": int(p.known), "discovered_by": p.discovered_by,
        "discovered_move": p.discovered_move, "populated": int(p.populated),
        "aliens": json.dumps(list(p.aliens)), "hostile": int(p.hostile),
        "destroyed": int(p.destroyed), "radioactivity": p.radioactivity,
    }


def hazard_rows(hazards: Hazards) -> list[dict[str, Any]]:
    """One row per hazard square; the black hole's once, its level NULL (it is on all)."""
    rows: list[dict[str, Any]] = []
    if hazards.black_hole is not None:
        rows.append({"kind": NUCLEUS, "level": None, "x": hazards.black_hole[0],
                     "y": hazards.black_hole[1]})
    for net in hazards.nets:
        rows += [{"kind": NET, "level": p.level, "x": p.x, "y": p.y} for p in net]
    rows += [{"kind": DISTORTION, "level": p.level, "x": p.x, "y": p.y}
             for p in hazards.distortions]
    return rows
