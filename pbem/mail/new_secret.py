"""`pbem new-secret`: an officer's new secret, and the letter that tells it to him.

The old secret stops working at once; the change is logged in `gm_actions` with the GM's
reason (`pbem.gm_actions`), and the letter with the new secret is queued in the outbox in the
same transaction.
"""

from __future__ import annotations

import secrets as random_secrets
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from .. import gm_actions
from ..roster import ruleset_of
from ..serving import find_officer
from . import outbox
from ..officer_secrets import hash_secret, new_secret
from ..storage import game_state, officers
from ..storage.database import open_db


@dataclass(frozen=True)
class Renewed:
    name: str
    secret: str
    mail: int | None  # the id of the queued letter, None when it could not be mailed


def renew_secret(game_dir: Path, officer: str, reason: str, *, secret: str | None = None,
                 now: datetime | None = None) -> Renewed:
    """A new secret for an officer who lost his (or whose secret leaked); the old one stops
    working at once, and a letter with the new one is queued."""
    game_dir = Path(game_dir)
    db = open_db(game_dir)
    reason = gm_actions.reason_given(reason)
    row = find_officer(db, officer)
    move = game_state.game_row(db)["move"]
    secret = secret or new_secret()
    salt = random_secrets.token_hex(8)
    now = now or datetime.now(timezone.utc)
    ruleset = ruleset_of(game_dir)
    with db.atomic():
        officers.update(db, row["id"], {"secret_hash": hash_secret(secret, salt), "salt": salt})
        gm_actions.log_action(
            db, move=move, officer_id=row["id"], action=gm_actions.NEW_SECRET, detail={},
            reason=reason, now=now,
            told="The Space Computer gave you a new secret; the old one no longer works.")
        mail = outbox.queue_welcome(game_dir, db, row["id"], secret, ruleset=ruleset,
                                    renewed=True, now=now)
    return Renewed(row["name"], secret, mail)
