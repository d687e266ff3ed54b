"""Facts a move produces, each tagged with who may read it.

Reports and bulletins are rendered only from the events their reader may see (DESIGN:
hidden stays hidden): PUBLIC goes to the bulletin and to every report, OFFICER only to
the officer named, GM only to the GM log.
"""

from __future__ import annotations

from typing import Any, NamedTuple

PUBLIC = "public"
OFFICER = "officer"
GM = "gm"


class Event(NamedTuple):
    """A named tuple: a move makes tens of thousands of them."""

    kind: str
    audience: str
    officer: int | None = None  # whom it concerns (and, for OFFICER, its only reader)
    data: dict[str, Any] = {}  # always given by `Board.emit`; never mutated

    def visible_to(self, officer_id: int | None) -> bool:
        """May this officer (None: the public) read it? The GM reads everything."""
        if self.audience == PUBLIC:
            return True
        return self.audience == OFFICER and officer_id is not None and officer_id == self.officer
