"""The officers' rows the GM's commands write and look up by name: an officer enlisted, the
names already taken, the player order the GM fixes.
"""

from __future__ import annotations

from typing import Any

import sqlite_utils


def officer_names(db: sqlite_utils.Database) -> list[str]:
    """The name of every officer ever enlisted, retired ones too."""
    return [r["name"] for r in db.query("SELECT name FROM officers")]


def officer_ids(db: sqlite_utils.Database) -> dict[str, int]:
    """Every officer's id by his name, case folded (names differ by more than case)."""
    return {r["name"].casefold(): r["id"] for r in db.query("SELECT id, name FROM officers")}


def add_officer(db: sqlite_utils.Database, row: dict[str, Any]) -> int:
    """A new officer's row; returns his id."""
    return db["officers"].insert(row).last_pk


def set_lot(db: sqlite_utils.Database, officer_id: int, lot: str) -> None:
    """The lot drawn for the officer's place in the player order."""
    db["officers"].update(officer_id, {"lot": lot})


def fix_player_order(db: sqlite_utils.Database, officer_ids: list[int]) -> None:
    """The player order the GM fixes: these officers first, in this order, the others after
    them by their lot."""
    db.conn.execute("UPDATE officers SET turn_fixed = NULL")
    for turn, officer_id in enumerate(officer_ids):
        db["officers"].update(officer_id, {"turn_fixed": turn})
