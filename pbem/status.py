"""`pbem status`: where the move being collected stands.

For each officer: his valid orders (the latest, and when), or only refused ones (and the
first problem), or nothing yet; orders filed early for a later move; how many moves in a
row he missed. Then the deadline and the time left, the mail that is not orders, and the
mail in the outbox not yet sent. Nothing here changes the game; `pbem remind` reminds
those whose orders are missing (`pbem.mail.reminders`).
"""

from __future__ import annotations

import hashlib
import textwrap
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from . import deadlines
from .storage import game_state
from .storage.database import open_db
from .collecting import check_waiting
from .filing import ACCEPTED, NOT_ORDERS, REFUSED, WAITING, Inbox, problems_of
from .orderfolder import order_files
from .rules.wording import plural
from .schedule import deadline_text, time_left
from .storage import letters as letter_rows, mails, officers
from .terminal import clean_line

VALID, REFUSED_ONLY, NOTHING = "valid", "refused", "nothing"


@dataclass(frozen=True)
class OfficerStatus:
    officer_id: int
    name: str
    email: str
    standing: str  # VALID, REFUSED_ONLY or NOTHING
    when: str = ""  # the date of the orders that count (or of the last refused ones)
    source: str = ""
    problem: str = ""  # the first problem of the last refused orders
    superseded: int = 0  # earlier valid sets this move, replaced by the latest
    refused: int = 0  # refused letters this move
    early: tuple[int, ...] = ()  # later moves he already sent orders for
    missed: int = 0  # resolved moves in a row without valid orders


@dataclass
class Status:
    game: str
    move: int
    ended: bool
    deadline: str | None
    left: str | None
    officers: list[OfficerStatus] = field(default_factory=list)
    not_orders: list[dict[str, Any]] = field(default_factory=list)
    strangers: list[dict[str, Any]] = field(default_factory=list)  # orders for no officer of ours
    unsent: int = 0
    unfiled: int = 0  # files in orders/ not filed yet (resolve files them)

    def count(self, standing: str) -> int:
        return sum(1 for o in self.officers if o.standing == standing)


def _when(text: str) -> str:
    return datetime.fromisoformat(text).astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")


def status(game_dir: Path, now: datetime | None = None) -> Status:
    from .gm_actions import missed_moves  # here: 2 ms that `pbem remind` alone never uses

    game_dir = Path(game_dir)
    db = open_db(game_dir)
    now = now or datetime.now(timezone.utc)
    g = game_state.game_row(db)
    move = g["move"]
    deadline = deadlines.of_move(db, move)
    out = Status(g["name"], move, bool(g["ended"]),
                 deadline_text(deadline) if deadline else None,
                 time_left(deadline, now) if deadline else None)
    # Letters that waited for this move are shown as their check will find them; nothing
    # is written (`pbem inbox` and `resolve` check them for good).
    desk = Inbox(game_dir, db, now=now, defer=True)
    check_waiting(desk)
    state = desk.state
    letters: dict[int, list[dict[str, Any]]] = {}
    filed = desk.letters(letter_rows.from_move(db.conn, move, WAITING),
                         lambda r: r["move"] >= move)
    for row in sorted(filed, key=lambda r: (r["date"], r["id"])):
        if row["officer_id"] is not None:
            letters.setdefault(row["officer_id"], []).append(row)
    missed = missed_moves(db)
    emails = officers.emails(db.conn)
    for officer in sorted(state.officers.values(), key=lambda o: o.turn):
        mine = letters.get(officer.id, [])
        now_rows = [r for r in mine if r["move"] == move]
        valid = [r for r in now_rows if r["status"] == ACCEPTED]
        refused = [r for r in now_rows if r["status"] == REFUSED]
        early = tuple(sorted({r["move"] for r in mine if r["move"] > move}))
        common = dict(officer_id=officer.id, name=officer.name, email=emails[officer.id],
                      refused=len(refused), early=early, missed=missed.get(officer.id, 0))
        if valid:
            last = valid[-1]
            out.officers.append(OfficerStatus(
                standing=VALID, when=_when(last["date"]), source=last["source"],
                superseded=len(valid) - 1, **common))
        elif refused:
            last = refused[-1]
            first = problems_of(last)
            out.officers.append(OfficerStatus(
                standing=REFUSED_ONLY, when=_when(last["date"]), source=last["source"],
                problem=first[0].message if first else "", **common))
        else:
            out.officers.append(OfficerStatus(standing=NOTHING, **common))
    out.not_orders = [r for r in filed if r["status"] == NOT_ORDERS and r["move"] == move]
    out.strangers = [dict(r, problem=(problems_of(r) or [None])[0]) for r in filed
                     if r["officer_id"] is None and r["status"] != NOT_ORDERS and r["move"] == move]
    out.unsent = mails.unsent(db)
    digests = letter_rows.digests(db.conn)
    out.unfiled = sum(1 for _, path in order_files(game_dir) if _digest(path) not in digests)
    return out


def _digest(path: str) -> str:
    try:
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    except OSError:
        return ""


# `pbem status` fits a terminal of 80 columns: every line is wrapped to it.
WIDTH = 80


def _wrapped(text: str, indent: str, width: int = WIDTH, first: str = "") -> list[str]:
    """One entry wrapped to `width`, the lines after its first under `indent`; a word
    longer than a line (a path) is cut. Players wrote parts of it: their control characters
    are shown escaped, so none reaches the terminal or starts a line of its own."""
    return textwrap.wrap(clean_line(text), width, initial_indent=first, subsequent_indent=indent,
                         break_on_hyphens=False) or [first.rstrip()]


def _orders_of(o: OfficerStatus) -> str:
    if o.standing == VALID:
        what = f"valid, {o.when} ({o.source})"
        if o.superseded:
            what += f"; {plural(o.superseded, 'earlier set')} superseded"
    elif o.standing == REFUSED_ONLY:
        problem = o.problem if len(o.problem) <= 70 else o.problem[:69] + "…"
        what = f"refused only, {o.when} ({o.source}): {problem}"
    else:
        what = "nothing yet"
    if o.refused and o.standing == VALID:
        what += f"; {o.refused} refused"
    if o.early:
        what += "; early orders for move " + ", ".join(map(str, o.early))
    return what


def lines(found: Status, width: int = WIDTH) -> list[str]:
    """What `pbem status` prints, no line wider than `width`: each officer's name and
    missed moves in columns, what he sent wrapped beside them."""
    if found.ended:
        return [f"{found.game}: the game is over after move {found.move - 1}."]
    out = [f"{found.game}, move {found.move} being collected."]
    if found.deadline:
        left = found.left if found.left.startswith("passed") else f"time left: {found.left}"
        out += _wrapped(f"Deadline: {found.deadline}; {left}.", "  ", width)
    else:
        out.append("No deadline (no schedule; `pbem schedule` sets one).")
    out += _wrapped(
        f"{plural(len(found.officers), 'officer')}: "
        f"{found.count(VALID)} with valid orders, {found.count(REFUSED_ONLY)} with refused "
        f"orders only, {found.count(NOTHING)} with nothing yet.", "  ", width)
    # A name is at most 40 characters: the orders keep at least a quarter of the width.
    names = {o.name: clean_line(o.name) for o in found.officers}
    name_width = max([len("officer"), *map(len, names.values())])
    head = f"  {'officer':<{name_width}}  missed  "
    out.append(head + "orders")
    indent = " " * len(head)
    for o in found.officers:
        first = f"  {names[o.name]:<{name_width}}  {o.missed:>6}  "
        out += _wrapped(_orders_of(o), indent, width, first=first)
    if found.strangers:
        out.append(f"Orders for no officer of this game ({len(found.strangers)}):")
        for r in found.strangers:
            why = r["problem"].message if r["problem"] else "not read"
            sender = f" from {r['sender']}" if r["sender"] else ""
            out += _wrapped(f"{r['source']}{sender}: {why}", "    ", width, first="  ")
    if found.not_orders:
        out.append(f"Mail that is not orders ({len(found.not_orders)}), for you to read:")
        for r in found.not_orders:
            sender = f" from {r['sender']}" if r["sender"] else ""
            subject = f" \"{r['subject']}\"" if r["subject"] else ""
            out += _wrapped(f"{r['source']}{sender}{subject}: {r['reason']}", "    ", width,
                            first="  ")
    if found.unfiled:
        out += _wrapped(f"{plural(found.unfiled, 'file')} in orders/ "
                        "not filed yet: `pbem resolve` files them, `pbem inbox` on the folder "
                        "now.", "  ", width)
    out.append(f"Outbox: {plural(found.unsent, 'mail')} not yet sent"
               + (" (`pbem send`)." if found.unsent else "."))
    return out
