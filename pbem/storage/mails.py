"""The mail pbem writes as the `mails` table records it: each letter queued, where its
file lies, and whether, when and how it was sent."""

from __future__ import annotations

import sqlite3
from typing import Any, Iterable

from .database import Database


def insert(conn: sqlite3.Connection, *, kind: str, officer_id: int | None, move: int | None,
           recipients: str, subject: str, message_id: str, queued: str) -> int:
    """One mail queued, its file not named yet; returns its id. Plain SQL: a move of ten
    thousand officers queues ten thousand reports."""
    return conn.execute(
        "INSERT INTO mails (kind, officer_id, move, recipients, subject, message_id, file, "
        "queued, sent, attempts, last_error) VALUES (?, ?, ?, ?, ?, ?, '', ?, NULL, 0, '')",
        (kind, officer_id, move, recipients, subject, message_id, queued)).lastrowid


def set_file(conn: sqlite3.Connection, mail_id: int, file: str, sha256: str) -> None:
    """The mail's file and its fingerprint, once written."""
    conn.execute("UPDATE mails SET file = ?, sha256 = ? WHERE id = ?", (file, sha256, mail_id))


def move_file(conn: sqlite3.Connection, mail_id: int, file: str) -> None:
    """The mail's file now lies at `file` (its path in the game folder)."""
    conn.execute("UPDATE mails SET file = ? WHERE id = ?", (file, mail_id))


def sent_still_in(db: Database, folder: str) -> list[dict[str, Any]]:
    """(id, file, kind) of the mails sent whose file is still in `folder`."""
    return list(db.query("SELECT id, file, kind FROM mails WHERE sent IS NOT NULL AND file LIKE ?",
                         [f"{folder}/%"]))


def pending(db: Database) -> list[dict[str, Any]]:
    """The whole rows of the mails not sent yet, in the order they were queued."""
    return list(db.query("SELECT * FROM mails WHERE sent IS NULL ORDER BY id"))


def unsent(db: Database) -> int:
    return db.conn.execute("SELECT count(*) FROM mails WHERE sent IS NULL").fetchone()[0]


def addressed(conn: sqlite3.Connection, kind: str, move: int) -> set[int]:
    """The officers a mail of this kind about `move` was queued for."""
    return {r[0] for r in conn.execute(
        "SELECT officer_id FROM mails WHERE kind = ? AND move = ?", (kind, move))}


def claim(conn: sqlite3.Connection, mail_id: int, claim_: str) -> bool:
    """Mark a mail not sent yet as taken by `claim_`: false if anything marked it before."""
    return conn.execute("UPDATE mails SET sent = ? WHERE id = ? AND sent IS NULL",
                        [claim_, mail_id]).rowcount == 1


def claimed(db: Database, prefix: str) -> list[dict[str, Any]]:
    """The whole rows of the mails whose `sent` holds a claim starting with `prefix`."""
    return list(db.query("SELECT * FROM mails WHERE sent LIKE ? ORDER BY id", [prefix + "%"]))


def mark_sent(db: Database, mail_id: int, sent: str, error: str) -> None:
    """The mail counts as sent at `sent`, with the doubt written down in `error`."""
    db.execute("UPDATE mails SET sent = ?, last_error = ? WHERE id = ?", [sent, error, mail_id])


def record_attempt(db: Database, mail_id: int, error: str, sent: str | None,
                   claim_: str) -> None:
    """One attempt to deliver the mail, for a mail claimed by `claim_` or one nothing has
    marked: never one sent by another."""
    db.execute(
        "UPDATE mails SET attempts = attempts + 1, last_error = ?, sent = ? "
        "WHERE id = ? AND (sent IS NULL OR sent = ?)",
        [error, sent, mail_id, claim_],
    )


def ids(conn: sqlite3.Connection) -> set[int]:
    return {r[0] for r in conn.execute("SELECT id FROM mails")}


def files(conn: sqlite3.Connection) -> list[tuple[int, str, str | None]]:
    """(id, file, sent) of every mail, in the order they were queued."""
    return list(conn.execute("SELECT id, file, sent FROM mails ORDER BY id"))


def deliveries(conn: sqlite3.Connection) -> list[tuple]:
    """What is known of the mails sent: (sent, attempts, last_error, file, id) each."""
    return list(conn.execute(
        "SELECT sent, attempts, last_error, file, id FROM mails WHERE sent IS NOT NULL"))


def restore_deliveries(conn: sqlite3.Connection, delivered: Iterable[tuple]) -> None:
    """Put back what `deliveries` read; the caller holds the transaction."""
    conn.executemany("UPDATE mails SET sent = ?, attempts = ?, last_error = ?, file = ? "
                     "WHERE id = ?", delivered)
