"""The game's own row as the GM's commands change it: its settings, and how far its
record has been revealed."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import sqlite_utils


def write_settings(db: sqlite_utils.Database, settings: dict[str, Any]) -> None:
    """The game's settings, whole, as sorted JSON; the caller holds the transaction."""
    db["game"].update(1, {"settings": json.dumps(settings, sort_keys=True)})


def set_revealed(conn: sqlite3.Connection, move: int) -> None:
    """The record is published through `move`; the caller holds the transaction."""
    conn.execute("UPDATE game SET revealed = ?", (move,))
