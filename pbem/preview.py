"""`pbem preview`: the move resolved on a copy of the game, the game itself left untouched.

The database is copied with SQLite's backup API from a read-only connection, the order
files and the game folder's rules/ and templates/ overrides are copied beside it, and the
move is resolved there exactly as `pbem resolve` would resolve it: the reports written to
`preview/move-NN/` are the ones a resolve with the same orders will write, byte for byte.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Callable

from . import game, move_files, orderfolder
from .rules.dice import Dice
from .storage import copies
from .defaults import DB_NAME
from .storage.database import db_path, open_db
from .errors import GameError
from .summary import MoveSummary

PREVIEW = "preview"


@dataclass(frozen=True)
class Preview:
    move: int
    folder: Path
    summary: MoveSummary

    @property
    def refusal(self) -> str | None:
        """Why `pbem resolve` would refuse this move without --force, or None."""
        return self.summary.stray


def copy_game(game_dir: Path, copy: Path) -> None:
    """What resolving reads: the database, orders/ (its archive aside), rules/, templates/."""
    source = db_path(game_dir)
    if not source.exists():
        raise GameError(
            f"no game in {game_dir}: {DB_NAME} is missing; create one with `pbem new {game_dir}`"
        )
    copy.mkdir(parents=True)
    conn = copies.open_read_only(source)
    try:
        copies.copy_database(conn, db_path(copy))
    finally:
        conn.close()
    orders = game_dir / "orders"
    if orders.is_dir():
        orderfolder.copy_orders(orders, copy / "orders")
    else:
        (copy / "orders").mkdir()
    for extra in ("rules", "templates"):
        if (game_dir / extra).is_dir():
            shutil.copytree(game_dir / extra, copy / extra)
    (copy / "reports").mkdir()


def preview(game_dir: Path, *, dice: Dice | None = None,
            dice_for: Callable[[int], Dice] | None = None, now: datetime | None = None) -> Preview:
    game_dir = Path(game_dir)
    with tempfile.TemporaryDirectory(prefix="pbem-preview-") as tmp:
        copy = Path(tmp) / "game"
        copy_game(game_dir, copy)
        db = open_db(copy)
        try:
            unfinished = move_files.half_finished(db)
        finally:
            db.close()
        if unfinished:
            raise GameError(
                f"move {unfinished[0]} is half-finished (saved, its reports or archiving not "
                f"done); run `pbem report {game_dir}` to finish it, then preview the next move"
            )
        result = game.resolve(copy, force=True, early=True, backup=False, dice=dice,
                              dice_for=dice_for, now=now)
        root = game_dir / PREVIEW
        root.mkdir(exist_ok=True)
        staging = root / f".move-{result.move:02d}.tmp"
        if staging.exists():
            shutil.rmtree(staging)
        shutil.copytree(result.folder, staging)
        # Only the latest preview is kept: an older one shows a move as it no longer stands.
        for old in root.iterdir():
            if old.is_dir() and old.name.startswith("move-"):
                shutil.rmtree(old)
        target = root / f"move-{result.move:02d}"
        os.replace(staging, target)
    assert result.summary is not None  # a copy has no half-finished move: checked above
    return Preview(result.move, target, result.summary)
