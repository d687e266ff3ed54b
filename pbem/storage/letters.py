"""The letters filed into a game as the `letters` table keeps them: every mail and order
file the desk read, what it was found to be, and whether its move played it."""

from __future__ import annotations

import sqlite3
from typing import Any, Iterable, Sequence

from .database import Database, update_row


def _rows(conn: sqlite3.Connection, sql: str, params: list[Any]) -> list[dict[str, Any]]:
    """Rows as dicts, in plain SQL: an inbox asks a few questions per letter of thousands."""
    cursor = conn.execute(sql, params)
    names = [c[0] for c in cursor.description]
    return [dict(zip(names, row)) for row in cursor.fetchall()]


def in_status(conn: sqlite3.Connection, status: str) -> list[dict[str, Any]]:
    """The whole rows of the letters of one status, in the order they were filed."""
    return _rows(conn, "SELECT * FROM letters WHERE status = ? ORDER BY id", [status])


def from_move(conn: sqlite3.Connection, move: int, status: str) -> list[dict[str, Any]]:
    """The whole rows of the letters filed for `move` or later, and of those of one status
    whatever their move, in the order they were filed."""
    return _rows(conn, "SELECT * FROM letters WHERE move >= ? OR status = ? ORDER BY id",
                 [move, status])


def of_officer(conn: sqlite3.Connection, officer_id: int, move: int,
               status: str) -> list[dict[str, Any]]:
    """The whole rows of an officer's letters filed for `move` or of one status."""
    return _rows(conn, "SELECT * FROM letters WHERE officer_id = ? AND (move = ? OR status = ?)",
                 [officer_id, move, status])


def with_digest(conn: sqlite3.Connection, digest: str,
                columns: Sequence[str]) -> tuple | None:
    """Those columns of the first letter filed with these bytes, None if none was."""
    return conn.execute(f"SELECT {', '.join(columns)} FROM letters "
                        "WHERE digest = ? LIMIT 1", [digest]).fetchone()


def digests(conn: sqlite3.Connection) -> set[str]:
    """The digest of every letter filed."""
    return {d for d, in conn.execute("SELECT digest FROM letters")}


def insert(conn: sqlite3.Connection, row: dict[str, Any]) -> int:
    """One letter filed (its `id` left to SQLite); returns its id. Plain SQL, since an inbox
    may file thousands in one call."""
    columns = [c for c in row if c != "id"]
    return conn.execute(
        f"INSERT INTO letters ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
        [row[c] for c in columns]).lastrowid


def update(db: Database, letter_id: int, values: dict[str, Any]) -> None:
    """Change some columns of one letter's row; the caller holds the transaction."""
    update_row(db, "letters", letter_id, values)


def mark_played(conn: sqlite3.Connection, letter_ids: Iterable[int]) -> None:
    """The letters the move played."""
    conn.executemany("UPDATE letters SET played = 1 WHERE id = ?", [(i,) for i in letter_ids])
