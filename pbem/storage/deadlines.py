"""The deadline of each move as the `deadlines` table keeps it: the moment in UTC and the
time zone it is printed in."""

from __future__ import annotations

from .database import Database, insert_dicts


def of_move(db: Database, move: int) -> tuple[str, str] | None:
    """(the moment as ISO text in UTC, the zone) of the move's deadline; None for none."""
    row = next(db.query("SELECT at, zone FROM deadlines WHERE move = ?", [move]), None)
    return None if row is None else (row["at"], row["zone"])


def replace(db: Database, move: int, at: str | None, zone: str = "") -> None:
    """The move's deadline set anew (`at` None: the move has none); the caller holds the
    transaction."""
    db.execute("DELETE FROM deadlines WHERE move = ?", [move])
    if at is not None:
        insert_dicts(db, "deadlines", [{"move": move, "at": at, "zone": zone}])
