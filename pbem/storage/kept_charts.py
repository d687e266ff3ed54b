"""The charts kept between moves: each reader's knowledge as it stands, and the GM's Tabula
Spatii of each move.
"""

from __future__ import annotations

import json
from typing import Any

from .database import Database


def load_charts(db: Database) -> dict[str, tuple[int, str]]:
    """Every kept chart knowledge: reader -> (move, JSON)."""
    return {r[0]: (r[1], r[2]) for r in db.conn.execute("SELECT reader, move, data FROM charts")}


def save_charts(db: Database, rows: list[tuple[str, int, str]]) -> None:
    db.conn.execute("DELETE FROM charts")
    db.conn.executemany("INSERT INTO charts (reader, move, data) VALUES (?,?,?)", rows)


def save_tabula(db: Database, move: int, data: str) -> None:
    db.conn.execute("INSERT OR REPLACE INTO tabula (move, data) VALUES (?,?)", (move, data))


def load_tabula(db: Database, move: int) -> dict[str, Any] | None:
    row = db.conn.execute("SELECT data FROM tabula WHERE move = ?", (move,)).fetchone()
    return json.loads(row[0]) if row else None
