"""The rows the ledger hashes and the entries it writes, as the database holds them: what
each move played, the state of the game, and the `ledger` table (pbem.ledger holds what
is hashed and how)."""

from __future__ import annotations

import sqlite3
from typing import Any, Mapping, Sequence

# What one move played, by part: the table, what picks the move's rows, their order.
_MOVE_SQL = {
    "orders": "SELECT {} FROM order_files WHERE move = ? ORDER BY id",
    "rolls": "SELECT {} FROM rolls WHERE move = ? ORDER BY id",
    "events": "SELECT {} FROM events WHERE move = ? ORDER BY seq",
    "rulings": "SELECT {} FROM gm_actions WHERE move = ? AND action IN ({}) ORDER BY id",
}


def move_rows(conn: sqlite3.Connection, move: int, columns: Mapping[str, Sequence[str]],
              rulings: Sequence[str], skip: Sequence[str] = ()) -> dict[str, list[tuple]]:
    """The rows of one move, part by part, in `columns` order, as SQLite gives them (tuples:
    a move's tens of thousands of events need no copy); `rulings` the GM's actions that
    count as rulings; the parts in `skip` are not read."""
    return {part: conn.execute(
                _MOVE_SQL[part].format(", ".join(cols), ", ".join("?" * len(rulings))),
                (move, *rulings) if part == "rulings" else (move,)).fetchall()
            for part, cols in columns.items() if part not in skip}


def game_level(conn: sqlite3.Connection) -> str | None:
    return conn.execute("SELECT level FROM game").fetchone()[0]


def state_rows(conn: sqlite3.Connection, columns: Mapping[str, Sequence[str]],
               through_move: int) -> dict[str, Any]:
    """The state's rows in `columns` order: the game's row as a list, the others as tuples,
    the officers enlisted after `through_move` left out."""
    cols = {t: ", ".join(c) for t, c in columns.items()}
    state = {
        "game": list(conn.execute(f"SELECT {cols['game']} FROM game").fetchone()),
        "planets": conn.execute(f"SELECT {cols['planets']} FROM planets ORDER BY id").fetchall(),
        "officers": conn.execute(
            f"SELECT {cols['officers']} FROM officers WHERE enlisted_move <= ? ORDER BY id",
            (through_move,),
        ).fetchall(),
    }
    if "hazards" in cols:
        state["hazards"] = conn.execute(
            f"SELECT {cols['hazards']} FROM hazards ORDER BY id").fetchall()
    return state


def entry(conn: sqlite3.Connection, move: int, columns: Sequence[str]) -> tuple | None:
    """Those columns of the move's entry; None for a move without one."""
    return conn.execute(
        f"SELECT {', '.join(columns)} FROM ledger WHERE move = ?", (move,)
    ).fetchone()


def head(conn: sqlite3.Connection, move: int) -> str | None:
    """The hash of the move's entry; None for a move without one."""
    row = conn.execute("SELECT hash FROM ledger WHERE move = ?", (move,)).fetchone()
    return row[0] if row else None


def last_hash_before(conn: sqlite3.Connection, move: int) -> str | None:
    """The hash of the last entry before `move`; None when there is none."""
    row = conn.execute(
        "SELECT hash FROM ledger WHERE move < ? ORDER BY move DESC LIMIT 1", (move,)
    ).fetchone()
    return row[0] if row else None


def insert_entry(conn: sqlite3.Connection, columns: Sequence[str], values: Sequence[Any]) -> None:
    """One entry written; the caller holds the move's transaction."""
    conn.execute(
        f"INSERT INTO ledger ({', '.join(columns)}) "
        f"VALUES ({', '.join('?' * len(columns))})",
        tuple(values),
    )
