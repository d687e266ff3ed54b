"""Facts a move produces, each tagged with who may read it.

Reports and bulletins are rendered only from the events their reader may see (DESIGN:
hidden stays hidden): PUBLIC goes to the bulletin and to every report, OFFICER only to
the officer named, GM only to the GM log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PUBLIC = "public"
OFFICER = "officer"
GM = "gm"


@dataclass(frozen=True)
class Event:
    kind: str
    audience: str
    officer: int | None = None  # whom it concerns (and, for OFFICER, its only reader)
    data: dict[str, Any] = field(default_factory=dict)

    def visible_to(self, officer_id: int | None) -> bool:
        """May this officer (None: the public) read it? The GM reads everything."""
        if self.audience == PUBLIC:
            return True
        return self.audience == OFFICER and officer_id is not None and officer_id == self.officer
