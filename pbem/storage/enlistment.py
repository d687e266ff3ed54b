"""The officers' rows the GM's commands write and look up by name: an officer enlisted, the
names already taken, the player order the GM fixes.
"""

from __future__ import annotations

from typing import Any
from .database import Database, insert_dicts, update_row



def officer_names(db: Database) -> list[str]:
    """The name of every officer ever enlisted, retired ones too."""
    return [r["name"] for r in db.query("SELECT name FROM officers")]


def officer_ids(db: Database) -> dict[str, int]:
    """Every officer's id by his name, case folded (names differ by more than case)."""
    return {r["name"].casefold(): r["id"] for r in db.query("SELECT id, name FROM officers")}


def add_officer(db: Database, row: dict[str, Any]) -> int:
    """A new officer's row; returns his id."""
    return insert_dicts(db, "officers", [row])


def set_lot(db: Database, officer_id: int, lot: str) -> None:
    """The lot drawn for the officer's place in the player order."""
    update_row(db, "officers", officer_id, {"lot": lot})


def fix_player_order(db: Database, officer_ids: list[int]) -> None:
    """The player order the GM fixes: these officers first, in this order, the others after
    them by their lot."""
    db.conn.execute("UPDATE officers SET turn_fixed = NULL")
    for turn, officer_id in enumerate(officer_ids):
        update_row(db, "officers", officer_id, {"turn_fixed": turn})
