"""The GM's settings of the desk, kept with the game's other settings: his address, without
which the game mails nothing; how strictly mail is authenticated, and how many moves in a
row an officer may miss before he is retired; and, with each officer, whether his report
mail is plain text only.

    pbem settings cornifex --enlisted-from --retire-after 3 --plain-mail Notius
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping
from .serving import find_officer
from .errors import GameError
from .storage import officers
from .storage import game_state
from .storage.database import open_db

MAIL_FROM = "mail_from"  # the GM's address, the From of every mail (`pbem mail-from`)
ENLISTED_FROM = "enlisted_from"  # orders by mail count only from the enlisted address
RETIRE_AFTER = "retire_after"  # retire a ship after this many consecutive missed moves


def mail_from(settings: Mapping[str, Any]) -> str | None:
    """The GM's address as he gave it; None in a game that mails nothing."""
    return settings.get(MAIL_FROM) or None


def enlisted_from(settings: Mapping[str, Any]) -> bool:
    return bool(settings.get(ENLISTED_FROM, False))


def retire_after(settings: Mapping[str, Any]) -> int | None:
    value = settings.get(RETIRE_AFTER)
    return int(value) if value else None


@dataclass(frozen=True)
class DeskSettings:
    enlisted_from: bool
    retire_after: int | None
    plain_mail: tuple[str, ...] = ()  # officers whose report mail is plain text only


def desk_settings(game_dir: Path, *, enlisted: bool | None = None,
                  retire: int | None = None, plain: Iterable[str] = (),
                  html: Iterable[str] = ()) -> DeskSettings:
    """`pbem settings`: show them; with a value, change it first (retire 0: never; the
    officers named in `plain` get plain text only, those in `html` the web page too)."""
    db = open_db(Path(game_dir))
    g = game_state.game_row(db)
    values = json.loads(g["settings"])
    if retire is not None and retire < 0:
        raise GameError("--retire-after takes the number of moves in a row, or 0 for never")
    chosen = [(find_officer(db, name)["id"], 1) for name in plain] + [
        (find_officer(db, name)["id"], 0) for name in html]
    if chosen:
        with db.atomic():
            officers.set_plain_mail(db.conn, chosen)
    if enlisted is not None or retire is not None:
        if enlisted is not None:
            values[ENLISTED_FROM] = enlisted
        if retire is not None:
            values[RETIRE_AFTER] = retire or None
        with db.atomic():
            game_state.write_settings(db, values)
    plain_now = officers.plain_mail_names(db.conn)
    return DeskSettings(enlisted_from(values), retire_after(values), plain_now)
