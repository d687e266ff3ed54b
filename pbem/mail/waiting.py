"""The mail that waits to be sent: the game folder's `outbox/`, where every mail pbem writes
waits until `pbem send` delivers it, and how many wait. A command that may have queued
mail says so when it ends; this is all it needs of the outbox, whose writing of mail a
game that mails nothing never imports (`pbem.mail.outbox`).
"""

from __future__ import annotations

from pathlib import Path

from ..storage import mails
from ..storage.database import open_db

OUTBOX = "outbox"


def count(game_dir: Path) -> int:
    """How many mails wait in the game's outbox."""
    return mails.unsent(open_db(Path(game_dir)))
