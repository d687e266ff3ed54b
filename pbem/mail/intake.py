"""`pbem inbox`: a mailbox on disk or an IMAP folder filed in its game, each letter
answered with its receipt.

The one intake of both: the desk of the game is set up with its receipts, the letters
that waited for the move now collected are checked, then the letters are filed a few
hundred to a transaction, their receipts written to the outbox with them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from itertools import islice
from pathlib import Path
from typing import Callable, Iterable
from ..collecting import check_waiting
from ..filing import Filed, Inbox
from ..letters import reading
from ..letters.letter import Letter
from . import outbox
from .receipts import Receipts
from ..errors import GameError
from ..storage import game_state
from ..storage.database import open_db


@dataclass
class InboxRun:
    """What one `pbem inbox` did."""

    filed: list[Filed] = field(default_factory=list)
    checked: list[Filed] = field(default_factory=list)  # letters that waited for this move
    answered: bool = True  # False when the game has no GM address: no receipt is written

    @property
    def new(self) -> list[Filed]:
        return [f for f in self.filed if not f.again]

    def count(self, status: str) -> int:
        return sum(1 for f in self.new if f.status == status)


def file_mail(game_dir: Path, sources: Iterable[Path | str], now: datetime | None = None) -> InboxRun:
    """`pbem inbox`: every mail of the sources filed in the game, each answered."""
    for source in sources:
        if not Path(source).exists():
            raise GameError(f"{source}: no such file or folder; give a Maildir, an mbox file, "
                            ".eml files, order files or a folder of them")
    desk, run = intake(game_dir, now)
    file_letters(desk, run, reading.read_letters(sources))
    return run


def intake(game_dir: Path, now: datetime | None = None) -> tuple[Inbox, InboxRun]:
    """The desk of one `pbem inbox`, the letters that waited for this move checked: the
    one intake of a mailbox on disk and of an IMAP folder."""
    game_dir = Path(game_dir)
    db = open_db(game_dir)
    if game_state.game_row(db)["ended"]:
        raise GameError("the game is over; it takes no more orders")
    receipts = Receipts(db)
    desk = Inbox(game_dir, db, now=now, receipts=receipts)
    return desk, InboxRun(checked=check_waiting(desk), answered=receipts.mailing)


def file_letters(desk: Inbox, run: InboxRun, letters: Iterable[Letter],
                 also: Callable[[list[tuple[Letter, Filed]]], None] | None = None) -> None:
    """Letters filed and answered, a few hundred to a transaction; `also` records more of
    each chunk in the same transaction (the IMAP UIDs read), so that a chunk is filed
    with it or not at all."""
    letters = iter(letters)
    with outbox.Writer() as writer:
        receipts = desk.receipts
        if isinstance(receipts, Receipts) and receipts.desk is not None:
            receipts.desk.writer = writer
        while True:
            # Their receipts are written to disk meanwhile, and waited for before the rows
            # naming them are committed.
            with desk.db.atomic():
                taken = list(islice(letters, _CHUNK))
                chunk = [desk.file(letter) for letter in taken]
                if also is not None:
                    also(list(zip(taken, chunk)))
                writer.wait()
            run.filed += chunk
            if len(chunk) < _CHUNK:
                break


_CHUNK = 200
