"""`pbem remind`: a reminder queued to each officer whose valid orders for the move being
collected have not arrived (`pbem.status` says whose), once a move unless asked again."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from .. import status
from ..ruleset_files import load_ruleset
from . import outbox
from ..errors import GameError
from ..storage import game_state, mails
from ..storage.database import open_db


@dataclass(frozen=True)
class Reminded:
    queued: list[str]
    without_mail: list[str]
    already: list[str]


def remind(game_dir: Path, *, again: bool = False, now: datetime | None = None) -> Reminded:
    """`pbem remind`: a reminder to each officer whose orders for the move being collected
    have not arrived (none valid yet), once a move unless `again`."""
    game_dir = Path(game_dir)
    now = now or datetime.now(timezone.utc)
    found = status.status(game_dir, now)
    if found.ended:
        raise GameError("the game is over; nobody needs reminding")
    db = open_db(game_dir)
    if outbox.sender_of(json.loads(game_state.game_row(db)["settings"])) is None:
        raise GameError("the game has no GM address for the From of its mails; set it with "
                              f"`pbem mail-from {game_dir} \"Space Computer <sc@example.org>\"`")
    reminded = mails.addressed(db.conn, "reminder", found.move)
    ruleset = load_ruleset(game_dir)
    queued, without, already = [], [], []
    for o in found.officers:
        if o.standing == status.VALID:
            continue
        if o.officer_id in reminded and not again:
            already.append(o.name)
            continue
        if outbox.queue_reminder(game_dir, db, o.officer_id, ruleset=ruleset,
                                 refused=o.problem, now=now) is None:
            without.append(o.name)
        else:
            queued.append(o.name)
    return Reminded(queued, without, already)
