"""The game's deadlines: its schedule (a game setting) and the deadline of each move.

The deadline of a move is fixed when the move before it is resolved (or when the GM sets
the schedule) and kept in the `deadlines` table, so a report written again later prints
the deadline it printed the first time. The next move's deadline is the first of the
schedule strictly after both the resolution and the deadline just passed: a move resolved
early, all orders in, does not pull the next deadline forward.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .storage import game_state
from .storage.database import Database, open_db
from .schedule import (
    Deadline, Schedule, ScheduleError, deadline_text, next_deadline, parse_schedule, time_left,
    zone_of,
)
from .storage import deadlines as deadline_rows
from .errors import GameError

SETTING = "schedule"


def schedule_of(settings: dict[str, Any]) -> Schedule | None:
    data = settings.get(SETTING)
    return Schedule.from_setting(data) if data else None


def view(deadline: Deadline | None, move: int) -> dict[str, Any] | None:
    """What templates print: `Orders for move 3 are due by <text>`."""
    if deadline is None:
        return None
    return {"move": move, "text": deadline_text(deadline),
            "utc": deadline.utc.isoformat(timespec="seconds")}


def of_move(db: Database, move: int) -> Deadline | None:
    row = deadline_rows.of_move(db, move)
    if row is None:
        return None
    at, zone = row
    return Deadline(datetime.fromisoformat(at).astimezone(zone_of(zone)), zone)


def record(db: Database, move: int, deadline: Deadline | None) -> None:
    """Fix a move's deadline (None: the move has none); the caller holds the transaction."""
    if deadline is None:
        deadline_rows.replace(db, move, None)
    else:
        deadline_rows.replace(db, move, deadline.utc.isoformat(timespec="seconds"), deadline.zone)


def following(db: Database, settings: dict[str, Any], move: int,
              now: datetime) -> Deadline | None:
    """The deadline of move+1, as move `move` is resolved at `now`."""
    schedule = schedule_of(settings)
    if schedule is None:
        return None
    current = of_move(db, move)
    after = max(now, current.utc) if current is not None else now
    return next_deadline(schedule, after, inclusive=False)


def refuse_early(db: Database, state, played: set[int], now: datetime,
                 early: bool) -> None:
    """Before its deadline a move is played only when every officer's orders are in, or
    when the GM asks for it (`pbem resolve --now`)."""
    deadline = of_move(db, state.move)
    if early or deadline is None or now >= deadline.utc:
        return
    missing = [o.name for o in sorted(state.officers.values(), key=lambda o: o.turn)
               if o.id not in played]
    if not missing:
        return
    names = ", ".join(missing[:5]) + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
    raise GameError(
        f"move {state.move} is collected until {deadline_text(deadline)} "
        f"({time_left(deadline, now)} left) and {len(missing)} officer"
        f"{'s have' if len(missing) != 1 else ' has'} no valid orders yet: {names}. Wait for "
        "the deadline (`pbem status` shows who is missing), or play the move now with "
        "`pbem resolve --now`")


def set_schedule(game_dir: Path, text: str, zone: str,
                 now: datetime | None = None) -> tuple[Schedule, Deadline | None]:
    """`pbem schedule`: store the schedule and fix the deadline of the move being collected."""
    db = open_db(Path(game_dir))
    g = game_state.game_row(db)
    if g["ended"]:
        raise GameError("the game is over; it needs no more deadlines")
    now = now or datetime.now(timezone.utc)
    try:
        schedule = parse_schedule(text, zone, now)
    except ScheduleError as e:
        raise GameError(str(e)) from None
    deadline = next_deadline(schedule, now)
    settings = json.loads(g["settings"])
    settings[SETTING] = schedule.as_setting()
    with db.atomic():
        game_state.write_settings(db, settings)
        record(db, g["move"], deadline)
    return schedule, deadline


def clear_schedule(game_dir: Path) -> None:
    """`pbem schedule --clear`: no more deadlines; the move being collected has none."""
    db = open_db(Path(game_dir))
    g = game_state.game_row(db)
    settings = json.loads(g["settings"])
    settings.pop(SETTING, None)
    with db.atomic():
        game_state.write_settings(db, settings)
        record(db, g["move"], None)


def current(game_dir: Path) -> tuple[Schedule | None, Deadline | None, int]:
    """The schedule, the deadline of the move being collected, and that move."""
    db = open_db(Path(game_dir))
    g = game_state.game_row(db)
    return schedule_of(json.loads(g["settings"])), of_move(db, g["move"]), g["move"]
