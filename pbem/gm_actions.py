"""The GM's actions as a move reads and writes them: the log of every action with the GM's
reason (`gm_actions`), what each officer's report and the bulletin tell of them, and the
one action a move takes itself, retiring the officers who missed too many moves in a row
under the GM's setting (`pbem settings --retire-after N`).

The GM's commands that take the others (`pbem email`, `retire`, `adjust`) are the roster's
(`pbem.roster`), a new secret the mail desk's (`pbem.mail.new_secret`); each logs its
action here, and the officer reads it in his report of the move being collected.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from . import settings
from .errors import GameError
from .json_codec import to_json
from .storage import gm_actions as action_rows, moves as resolved_moves, officers
from .storage.database import Database

NEW_SECRET, EMAIL, RETIRE, ADJUST = "new-secret", "email", "retire", "adjust"
_REASON_LIMIT = 300


# --- the log ---------------------------------------------------------------------------

def reason_given(text: str) -> str:
    """The GM's reason for an action, on one line: the officer reads it in his report."""
    text = " ".join(text.split())
    if not text:
        raise GameError("give the reason with --reason TEXT: the officer reads it in his report")
    if any(not c.isprintable() for c in text):
        raise GameError("the reason holds control characters; write it as plain text")
    if len(text) > _REASON_LIMIT:
        raise GameError(f"the reason is {len(text)} characters long; keep it under {_REASON_LIMIT}")
    return text


def log_action(db: Database, *, move: int, officer_id: int, action: str,
               detail: dict[str, Any], told: str, reason: str, now: datetime) -> None:
    """One action logged with the move being collected; `told` is what the officer reads."""
    action_rows.insert(db, at=now.astimezone(timezone.utc).isoformat(timespec="seconds"),
                       move=move, officer_id=officer_id, action=action,
                       detail=to_json(detail), told=told, reason=reason)


# --- what reports show -----------------------------------------------------------------

def rulings(db: Database, move: int) -> dict[int, list[dict[str, str]]]:
    """What each officer is told in his report of `move` about the GM's actions."""
    found: dict[int, list[dict[str, str]]] = {}
    for row in action_rows.told(db, move):
        found.setdefault(row["officer_id"], []).append({"told": row["told"], "reason": row["reason"]})
    return found


def departures(db: Database, move: int) -> list[str]:
    """The officers retired while `move` was collected or by it, for the bulletin."""
    found = []
    for r in action_rows.of_kind(db, move, RETIRE):
        missed = json.loads(r["detail"] or "{}").get("missed")
        found.append(_absent_name(r["name"], missed) if missed else r["name"])
    return found


def log_lines(db: Database, move: int) -> str:
    """The GM's actions of `move` for the GM log, one line each."""
    return "\n".join(
        f"  {r['at']} {r['action']} ({r['name']}): {r['detail']}; reason: {r['reason']}"
        for r in action_rows.of_move(db, move))


# --- missed moves ----------------------------------------------------------------------

def missed_moves(db: Database) -> dict[int, int]:
    """Consecutive resolved moves, from the last back, for which an officer had no
    accepted order file (moves before his enlistment do not count)."""
    moves = resolved_moves.numbers(db.conn)[::-1]
    accepted = resolved_moves.accepted_orders(db)
    counts = {}
    for officer_id, enlisted_move in officers.enlisted(db):
        n = 0
        for move in moves:
            if move < enlisted_move or (officer_id, move) in accepted:
                break
            n += 1
        counts[officer_id] = n
    return counts


@dataclass(frozen=True)
class Absent:
    """An officer the move retires: `missed` moves in a row without valid orders, this one
    included, reached the GM's limit."""

    officer_id: int
    name: str
    missed: int
    limit: int


def _absent_name(name: str, missed: int) -> str:
    return f"{name} ({missed} moves in a row without orders)"


def absentees(db: Database, state, played: set[int]) -> list[Absent]:
    """Who this move retires under the GM's setting `retire after N missed moves`."""
    limit = settings.retire_after(state.settings)
    if not limit:
        return []
    missed = missed_moves(db)
    return [Absent(o.id, o.name, missed.get(o.id, 0) + 1, limit)
            for o in state.officers.values()
            if o.id not in played and missed.get(o.id, 0) + 1 >= limit]


def absence_notes(absent: Absent) -> tuple[int, str, str, str]:
    """(officer, the bulletin's line, what his report tells him, the reason logged)."""
    return (absent.officer_id, _absent_name(absent.name, absent.missed),
            f"You are retired from the game: {absent.missed} moves in a row without valid "
            "orders. This is your last report.",
            f"{absent.missed} moves in a row without valid orders; the game retires a ship "
            f"after {absent.limit}")


def retire_absentees(db: Database, move: int, absent: list[Absent],
                     now: datetime) -> None:
    """Retire them with the move; the caller holds the move's transaction."""
    for a in absent:
        officer_id, _, told, reason = absence_notes(a)
        officers.update(db, officer_id, {"retired": move})
        log_action(db, move=move, officer_id=officer_id, action=RETIRE,
                   detail={"missed": a.missed}, told=told, reason=reason, now=now)
