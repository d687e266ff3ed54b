"""Whole copies of the game's database: taken and put back through SQLite's backup API,
never as a file, and read through a connection that cannot change the copy."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path


def open_read_only(path: Path) -> sqlite3.Connection:
    """A connection that cannot change the file, whatever is done with it."""
    return sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True)


def copy_database(source: sqlite3.Connection, target: Path) -> None:
    """A consistent copy of the database behind `source`, written whole or not at all."""
    partial = target.with_name(target.name + ".part")
    if partial.exists():
        partial.unlink()
    copy = sqlite3.connect(partial)
    try:
        source.backup(copy)
        # A plain file with no write-ahead log beside it: whole on its own, even read-only.
        copy.execute("PRAGMA journal_mode=DELETE")
    finally:
        copy.close()
    os.replace(partial, target)


def restore_database(backup: Path, target: sqlite3.Connection) -> None:
    """Put a backup's content into the live database, through SQLite (its log included)."""
    source = open_read_only(backup)
    try:
        source.backup(target)
    finally:
        source.close()
