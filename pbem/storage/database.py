"""The game's database file: where it lies in the game folder, and how a command opens it
(brought up to date by the schema's migrations).

Everything a move changes is written in one transaction (`db.atomic()`), so a crash or
a kill during `resolve` leaves the game as it was before the move.
"""

from __future__ import annotations

from pathlib import Path

import sqlite_utils

from ..defaults import DB_NAME
from ..errors import GameError
from .schema import migrations

CACHE_KIB = 64 * 1024  # the page cache of a connection (`open_db`), at most


def db_path(game_dir: Path) -> Path:
    return Path(game_dir) / DB_NAME


def open_db(game_dir: Path, create: bool = False) -> sqlite_utils.Database:
    path = db_path(game_dir)
    if not create and not path.exists():
        raise GameError(
            f"no game in {game_dir}: {DB_NAME} is missing; create one with `pbem new {game_dir}`"
        )
    # Without sqlite-utils' plugins: the game's database runs no code but pbem's, and
    # finding them reads the metadata of every installed package (0.1 to 0.3 s a command).
    db = sqlite_utils.Database(path, execute_plugins=False)
    db.conn.execute("PRAGMA journal_mode=WAL")
    db.conn.execute("PRAGMA synchronous=NORMAL")
    # A move of ten thousand officers writes some 30 MB in its one transaction. With
    # SQLite's 2 MB page cache, pages spill to the log before the commit and some are
    # written there twice; a cache that holds the move writes each page once, at the
    # commit. Memory only: the commit and what a crash leaves are the same.
    db.conn.execute(f"PRAGMA cache_size=-{CACHE_KIB}")
    migrations.apply(db)
    return db
