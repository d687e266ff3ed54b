"""The resolved moves as the `moves` table keeps them: their numbers, when each was
resolved, the files each archived and whether its file work is done; and the order files
each accepted."""

from __future__ import annotations

import sqlite3
from typing import Any

from .database import Database


def numbers(conn: sqlite3.Connection) -> list[int]:
    """The moves resolved, first to last."""
    return [r[0] for r in conn.execute("SELECT number FROM moves ORDER BY number")]


def resolved(db: Database) -> list[dict[str, Any]]:
    """(number, resolved_at) of the moves resolved, first to last."""
    return list(db.query("SELECT number, resolved_at FROM moves ORDER BY number"))


def is_resolved(db: Database, move: int) -> bool:
    return db.conn.execute("SELECT 1 FROM moves WHERE number = ?", (move,)).fetchone() is not None


def accepted_orders(db: Database) -> set[tuple[int, int]]:
    """(officer, move) for every move in which the officer had an order file accepted."""
    return {(r["officer_id"], r["move"]) for r in db.query(
        "SELECT DISTINCT officer_id, move FROM order_files WHERE accepted = 1")}


def mark_files_done(conn: sqlite3.Connection, move: int) -> None:
    """The move's file work is done; the caller holds the transaction."""
    conn.execute("UPDATE moves SET files_done = 1 WHERE number = ?", (move,))


def half_finished(conn: sqlite3.Connection) -> list[int]:
    """The moves saved whose file work is not done, first to last."""
    return [r[0] for r in conn.execute(
        "SELECT number FROM moves WHERE files_done = 0 ORDER BY number")]


# The columns of a move's row holding JSON that `recorded` reads.
_RECORDED = ("archive", "waiting")


def recorded(conn: sqlite3.Connection, move: int, column: str) -> str | None:
    """The JSON text of one of the move's recorded columns; None for a move not resolved."""
    if column not in _RECORDED:
        raise ValueError(f"no recorded column {column!r} in moves")
    row = conn.execute(f"SELECT {column} FROM moves WHERE number = ?", (move,)).fetchone()
    return row[0] if row else None
