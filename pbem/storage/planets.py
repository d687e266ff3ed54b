"""The planets' rows as the mail desk reads them one at a time (the state's planets load and
save with the game's state)."""

from __future__ import annotations

import sqlite_utils


def designation(db: sqlite_utils.Database, planet_id: int) -> str:
    """The planet's designation, as its officer's sheet names it."""
    return db["planets"].get(planet_id)["designation"]
