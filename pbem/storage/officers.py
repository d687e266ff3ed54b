"""The officers' rows as the GM's commands write and read them: an officer enlisted, his
names, address, secret, retirement, place in the player order and choice of plain-text mail
(the state's columns load and save with the game's state)."""

from __future__ import annotations

import sqlite3
from typing import Any, Iterable, Iterator

from .database import Database, insert_dicts, update_row


def add(db: Database, row: dict[str, Any]) -> int:
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


def update(db: Database, officer_id: int, values: dict[str, Any]) -> None:
    """Change some columns of one officer's row; the caller holds the transaction."""
    update_row(db, "officers", officer_id, values)


def every_row(db: Database) -> Iterator[dict[str, Any]]:
    """Every officer's whole row, retired ones too."""
    return db.query("SELECT * FROM officers")


def row(conn: sqlite3.Connection, officer_id: int) -> dict[str, Any] | None:
    """One officer's whole row, None when there is no such officer."""
    # Plain SQL: `Table.get` asks SQLite for the table's schema first, every time.
    cursor = conn.execute("SELECT * FROM officers WHERE id = ?", (officer_id,))
    names = [c[0] for c in cursor.description]
    found = cursor.fetchone()
    return None if found is None else dict(zip(names, found))


def serving(db: Database) -> list[dict[str, Any]]:
    """The whole rows of the officers not retired."""
    return list(db.query("SELECT * FROM officers WHERE retired IS NULL"))


def serving_names(db: Database) -> list[str]:
    return [r["name"] for r in db.query("SELECT name FROM officers WHERE retired IS NULL")]


def first_colleague(db: Database, officer_id: int) -> str | None:
    """The first officer serving beside `officer_id`, in enlistment order."""
    found = next(db.query("SELECT name FROM officers WHERE retired IS NULL AND id != ? "
                          "ORDER BY id LIMIT 1", [officer_id]), None)
    return found["name"] if found else None


def ids(conn: sqlite3.Connection) -> list[int]:
    """Every officer's id, in enlistment order."""
    return [r[0] for r in conn.execute("SELECT id FROM officers ORDER BY id")]


def names(conn: sqlite3.Connection) -> list[tuple[int, str]]:
    """(id, name) of every officer, in enlistment order."""
    return list(conn.execute("SELECT id, name FROM officers ORDER BY id"))


def ids_by_name(conn: sqlite3.Connection) -> dict[str, int]:
    """Every officer's id by his name, case folded (names differ by more than case)."""
    return {name.casefold(): officer_id for officer_id, name in names(conn)}


def enlisted(db: Database) -> list[tuple[int, int]]:
    """(id, the move he was enlisted for) of every officer."""
    return [(r["id"], r["enlisted_move"])
            for r in db.query("SELECT id, enlisted_move FROM officers")]


def emails(conn: sqlite3.Connection) -> dict[int, str]:
    """Every officer's enlisted address, by id ("" for none)."""
    return dict(conn.execute("SELECT id, email FROM officers"))


def secrets_of(db: Database, officer_ids: Iterable[int]) -> dict[int, tuple[str, str]]:
    """(salt, secret hash) of the officers named, by id."""
    wanted = list(officer_ids)
    return {r["id"]: (r["salt"], r["secret_hash"]) for r in db.query(
        f"SELECT id, salt, secret_hash FROM officers WHERE id IN ({', '.join('?' * len(wanted))})",
        wanted)}


def serving_secrets(conn: sqlite3.Connection) -> dict[int, tuple[str, str]]:
    """(salt, secret hash) of every officer serving, by id: one plain query for thousands."""
    return {officer_id: (salt, stored) for officer_id, salt, stored in conn.execute(
        "SELECT id, salt, secret_hash FROM officers WHERE retired IS NULL")}


def report_recipients(db: Database, move: int) -> list[dict[str, Any]]:
    """The officers with an address who get the report of `move`: those serving, and those
    the move itself retired (their last)."""
    return list(db.query("SELECT id, name, email, plain_mail, lang FROM officers WHERE "
                         "(retired IS NULL OR retired = ?) AND email != '' ORDER BY id", [move]))


def set_plain_mail(conn: sqlite3.Connection, chosen: Iterable[tuple[int, int]]) -> None:
    """(officer, 1 for plain text only or 0 for the web page too); the caller holds the
    transaction."""
    conn.executemany("UPDATE officers SET plain_mail = ? WHERE id = ?",
                     [(flag, officer_id) for officer_id, flag in chosen])


def plain_mail_names(conn: sqlite3.Connection) -> tuple[str, ...]:
    """The officers serving who get plain text only, in enlistment order."""
    return tuple(name for (name,) in conn.execute(
        "SELECT name FROM officers WHERE plain_mail = 1 AND retired IS NULL ORDER BY id"))
