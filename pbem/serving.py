"""An officer serving in the game, found by the name the GM types for him."""

from __future__ import annotations

from typing import Any

from .errors import GameError
from .storage import officers
from .storage.database import Database


def find_officer(db: Database, name: str) -> dict[str, Any]:
    """An officer serving in the game, by name as enlisted (any case or spacing)."""
    wanted = " ".join(name.split()).casefold()
    rows = officers.serving(db)
    for row in rows:
        if row["name"].casefold() == wanted:
            return row
    names = ", ".join(r["name"] for r in rows) or "none yet"
    raise GameError(f"no officer named {name!r} serves in this game (officers: {names})")
