"""The planets' rows as the mail desk reads them one at a time (the state's planets load and
save with the game's state)."""

from __future__ import annotations

from .database import Database


def designation(db: Database, planet_id: int) -> str:
    """The planet's designation, as its officer's sheet names it."""
    row = db.conn.execute("SELECT designation FROM planets WHERE id = ?", (planet_id,)).fetchone()
    if row is None:
        raise LookupError(f"no planet {planet_id}")
    return row[0]
