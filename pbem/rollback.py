"""`pbem rollback`: undo the last move, or every move back to a given one.

Rolling back to move N puts the game back as it was before move N was resolved: the
database from `backups/move-NN/`, and `orders/` as it was then (the files move N dealt with,
and those that were waiting there for a later move), so resolving move N once more writes
the same reports, byte for byte. Order files that came in after move N was resolved, and
that the later undone moves archived, are kept aside per move for the GM to put back when he
resolves that move again. Nothing is deleted: the undone moves' reports, the database as it
was before the rollback and the backups of the undone moves also go to `rolled-back/NN-.../`.
The database is restored last: a rollback cut short by a kill leaves the game as it was,
some files already moved, and running it again finishes it.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from . import backups, move_files
from .storage import game_state
from .storage.database import open_db
from .orderfolder import order_files
from .storage import copies, mails, moves as resolved_moves, officers
from .errors import GameError

ROLLED_BACK = "rolled-back"


@dataclass(frozen=True)
class RolledBack:
    to: int  # the move being collected again
    undone: tuple[int, ...]
    restored: int  # order files put back in orders/
    aside: Path  # where the undone moves' reports, the database and later orders went
    later_orders: tuple[Path, ...] = ()  # per undone move, the files that came in after `to`
    withdrawn: int = 0  # mails queued since, not sent: their files moved aside
    sent: int = 0  # mails queued since and already sent: they cannot be called back
    unenlisted: tuple[str, ...] = ()  # officers enlisted since, not in the game restored


@dataclass(frozen=True)
class ArchivedFile:
    move: int
    rel: str  # its path in orders/
    source: Path | bytes  # in the archive, or the bytes kept by the move's backup
    fingerprint: str


def recorded(db, move: int, column: str) -> dict[str, str]:
    text = resolved_moves.recorded(db.conn, move, column)
    return dict(json.loads(text)) if text is not None else {}


def archived_files(game_dir: Path, db, move: int) -> list[ArchivedFile]:
    """The order files a move archived: from its archive folder, or from the backup made
    before it for one missing there (lost, or never archived: then it is still in orders/)."""
    orders = game_dir / "orders"
    folder = orders / move_files.ARCHIVE / f"move-{move:02d}"
    found: dict[str, ArchivedFile] = {}
    if folder.is_dir():
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            rel = path.relative_to(folder).as_posix()
            found[rel] = ArchivedFile(move, rel, path, move_files.sha256_of(str(path)))
    for rel, fingerprint in recorded(db, move, "archive").items():
        if rel in found:
            continue
        in_place = orders / rel
        if in_place.is_file() and move_files.sha256_of(str(in_place)) == fingerprint:
            continue
        data = backups.order_file(backups.folder_for(game_dir, move), rel)
        if data is not None:
            found[rel] = ArchivedFile(move, rel, data, hashlib.sha256(data).hexdigest())
    return [found[rel] for rel in sorted(found)]


def aside_folder(game_dir: Path, to: int, last: int) -> Path:
    root = game_dir / ROLLED_BACK
    root.mkdir(exist_ok=True)
    n = 1 + sum(1 for p in root.iterdir() if p.is_dir() and not p.name.startswith("."))
    moves = f"move-{to:02d}" if to == last else f"moves-{to:02d}-{last:02d}"
    return root / f"{n:02d}-{moves}"


def restore_plan(game_dir: Path, db, undone: tuple[int, ...], aside: Path) -> list[tuple[ArchivedFile, Path]]:
    """Where each archived file goes: back in orders/ if it was there when the first undone
    move was resolved (that move's own files, and those then waiting for a later move),
    otherwise aside, under orders/move-NN/ of the rollback's folder. A file of orders/ in
    the way stops the rollback before anything is moved."""
    orders = game_dir / "orders"
    to = undone[0]
    waiting = set(recorded(db, to, "waiting").items())
    plan = []
    for m in undone:
        for f in archived_files(game_dir, db, m):
            back = m == to or (f.rel, f.fingerprint) in waiting
            plan.append((f, orders / f.rel if back else aside / "orders" / f"move-{m:02d}" / f.rel))
    present = {rel for rel, _ in order_files(game_dir)}
    for f, target in plan:
        if target.is_relative_to(orders) and target.relative_to(orders).as_posix() in present:
            raise GameError(
                f"orders/{f.rel} is in the way of the file of that name move {f.move} archived, "
                f"which a rollback puts back; move it out of orders/ first"
            )
    return plan


def rollback(game_dir: Path, to: int | None = None) -> RolledBack:
    game_dir = Path(game_dir)
    db = open_db(game_dir)
    try:
        return roll_back(game_dir, db, to)
    finally:
        db.close()


def roll_back(game_dir: Path, db, to: int | None) -> RolledBack:
    move_files.complete(game_dir, db)  # a half-finished last move is made whole first
    last = game_state.game_row(db)["move"] - 1
    if last < 1:
        raise GameError("no move has been resolved yet: there is nothing to roll back")
    to = last if to is None else to
    if not 1 <= to <= last:
        raise GameError(f"--to {to}: give a move from 1 to {last}, the last one resolved")
    backup = backups.folder_for(game_dir, to) / backups.DATABASE
    if not backup.is_file():
        kept = [b.move for b in backups.backups(game_dir)]
        raise GameError(
            f"there is no backup of the game before move {to}, so it cannot be rolled back "
            f"that far; backups kept: {', '.join(f'before move {m}' for m in kept) or 'none'}"
        )
    undone = tuple(range(to, last + 1))
    aside = aside_folder(game_dir, to, last)
    plan = restore_plan(game_dir, db, undone, aside)
    since = since_backup(db, backup)
    unenlisted = tuple(name for officer_id, name in officers.names(db.conn)
                       if officer_id not in since["officers"])

    aside.mkdir()
    copies.copy_database(db.conn, aside / backups.DATABASE)
    for m in undone:
        reports = move_files.reports_folder(game_dir, m)
        if reports.is_dir():
            (aside / "reports").mkdir(exist_ok=True)
            os.replace(reports, aside / "reports" / reports.name)
    orders = game_dir / "orders"
    for f, target in plan:
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(f.source, Path):
            os.replace(f.source, target)
        else:
            partial = target.with_name(f".{target.name}.part")
            partial.write_bytes(f.source)
            os.replace(partial, target)
    for m in undone:
        remove_empty(orders / move_files.ARCHIVE / f"move-{m:02d}")
    # Backups made before the undone moves after `to` belong to the game that is undone.
    for b in backups.backups(game_dir):
        if b.move > to:
            (aside / backups.BACKUPS).mkdir(exist_ok=True)
            os.replace(b.folder, aside / backups.BACKUPS / b.folder.name)
    withdrawn, sent = set_mail_aside(game_dir, db, since, aside)
    # A mail the backup knows as waiting may have been sent since: it stays sent (and
    # where sent mail is kept), never to go out twice.
    delivered = mails.deliveries(db.conn)
    copies.restore_database(backup, db.conn)
    with db.atomic():
        mails.restore_deliveries(db.conn, delivered)
    later = sorted({aside / "orders" / f"move-{f.move:02d}" for f, target in plan
                    if not target.is_relative_to(orders)})
    return RolledBack(to, undone, sum(1 for _, t in plan if t.is_relative_to(orders)), aside,
                      tuple(later), withdrawn, sent, unenlisted)


def since_backup(db, backup: Path) -> dict[str, set[int]]:
    """The ids of the officers and mails the backup holds: the others came after it."""
    conn = copies.open_read_only(backup)
    try:
        kept = {"officers": set(officers.ids(conn))}
        try:
            kept["mails"] = mails.ids(conn)
        except sqlite3.OperationalError:  # a backup made before pbem wrote mail
            kept["mails"] = set()
        return kept
    finally:
        conn.close()


def set_mail_aside(game_dir: Path, db, since: dict[str, set[int]], aside: Path) -> tuple[int, int]:
    """Mail queued after the backup goes with the undone moves: a letter not sent yet is
    moved aside (the database restored no longer knows it); one sent cannot be recalled."""
    withdrawn = sent = 0
    for mail_id, file, sent_at in mails.files(db.conn):
        if mail_id in since["mails"]:
            continue
        if sent_at:
            sent += 1
            continue
        path = game_dir / file if file else None
        if path is not None and path.is_file():
            (aside / "outbox").mkdir(parents=True, exist_ok=True)
            os.replace(path, aside / "outbox" / path.name)
        withdrawn += 1
    return withdrawn, sent


def remove_empty(folder: Path) -> None:
    if not folder.is_dir():
        return
    for path in sorted(folder.rglob("*"), key=lambda p: len(p.parts), reverse=True):
        if path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    if not any(folder.iterdir()):
        folder.rmdir()
