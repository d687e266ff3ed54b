"""A move's work on disk, done after its database commit, and finished if it was cut short.

The commit is the instant a move is played. Before it, the reports are rendered into a
hidden staging folder (inside the move's transaction, so a broken template saves nothing);
after it, they are renamed into `reports/move-NN/`, the order files the move dealt with are
archived in `orders/archive/move-NN/` and, in a game that mails, each officer's report is
queued in the outbox. A kill between the commit and the end of that work leaves the move
half-finished, which its row in `moves` records (files_done = 0, and the files to archive
with their fingerprints); the next `pbem resolve` or `pbem report` renders the reports
again from the database (the very same bytes), archives the files and queues the reports
not queued yet.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from . import ledger
from .settings import mail_from
from .storage import game_state
from .charts import book
from .orderfolder import ARCHIVE  # orders/archive/move-NN/: the files a move dealt with
from .orderfolder import CannotRead, read_order_file
from .render import DeskNotes, render_move
from .rules.wording import plural
from .ruleset_files import RulesetError, load_ruleset
from .storage import moves as resolved_moves
from .errors import GameError
from .storage.database import Database


@dataclass(frozen=True)
class Completed:
    """A half-finished move found and finished."""

    move: int
    folder: Path
    archived: int
    left: tuple[str, ...] = ()  # files changed since the move read them, left in orders/

    def lines(self) -> list[str]:
        out = [f"Move {self.move} was found half-finished (saved, but its reports or its "
               f"archiving not done): its reports are now in {self.folder} and "
               f"{plural(self.archived, 'order file')} archived."]
        out += [f"  {rel} changed since move {self.move} read it: left in orders/"
                for rel in self.left]
        return out


def reports_folder(game_dir: Path, move: int) -> Path:
    return Path(game_dir) / "reports" / f"move-{move:02d}"


def staging_folder(game_dir: Path, move: int) -> Path:
    return Path(game_dir) / "reports" / f".move-{move:02d}.tmp"


def clear_staging(game_dir: Path, move: int) -> Path:
    staging = staging_folder(game_dir, move)
    if staging.exists():
        shutil.rmtree(staging)
    return staging


def fair_play(db: Database, move: int) -> dict:
    """What every bulletin prints for the players to check the game afterwards."""
    g = game_state.game_row(db)
    return {"commitment": g["commitment"], "ledger": ledger.head(db.conn, move),
            "seeded": bool(g["seeded"])}


def desk_notes(db: Database, move: int, next_deadline) -> DeskNotes:
    """The deadline of the next move and the GM's actions of this one, for its reports."""
    from . import deadlines, gm_actions  # here: 8 ms that `pbem map` and `pbem backups` skip

    return DeskNotes(
        deadline=deadlines.view(next_deadline, move + 1), rulings=gm_actions.rulings(db, move),
        departures=gm_actions.departures(db, move), gm_actions=gm_actions.log_lines(db, move),
    )


def render_saved(game_dir: Path, db: Database, move: int, out_dir: Path) -> None:
    """Render a saved move from the database alone, as `resolve` rendered it."""
    from . import deadlines  # here, as in `desk_notes`

    events, texts = game_state.load_events(db, move)
    try:
        ruleset = load_ruleset(Path(game_dir))  # for the letters the charts write
    except RulesetError as e:
        raise GameError(f"the game's rules are not valid: {e}") from None
    charts = book.at_move(db, move, ruleset)
    render_move(game_dir, out_dir, game=game_state.game_row(db)["name"], move=move, events=events,
                texts=texts, rolls=game_state.load_rolls(db, move), charts=charts,
                fair_play=fair_play(db, move),
                desk=desk_notes(db, move, deadlines.of_move(db, move + 1)),
                readers=game_state.readers(db))


def publish(game_dir: Path, move: int) -> Path:
    """The staged reports become reports/move-NN (a leftover of the same move replaced)."""
    final = reports_folder(game_dir, move)
    if final.exists():
        shutil.rmtree(final)
    os.replace(staging_folder(game_dir, move), final)
    return final


def sha256_of(path: str) -> str:
    """An order file's fingerprint: of what a move reads of it (its first MOST_FILE_BYTES
    + 1 bytes, never more, see `pbem.orderfolder`); "" for what is no readable file."""
    try:
        return hashlib.sha256(read_order_file(path)).hexdigest()
    except CannotRead:
        return ""


def archive(game_dir: Path, move: int, files: list[list[str]], *, check: bool) -> tuple[int, list[str]]:
    """Move the files a move dealt with (and those of past moves, or unreadable) to
    orders/archive/move-NN/, so orders/ holds only what is still to come and the cost of
    reading it does not grow with the game. A file already gone was archived before a kill.
    With `check`, a file whose bytes are not those the move read is left where it is: the
    GM saved a new one under that name after the kill. Returns (archived, left)."""
    top = str(Path(game_dir) / "orders")
    target = os.path.join(top, ARCHIVE, f"move-{move:02d}")
    made: set[str] = set()
    moved, left = 0, []
    if not check:
        files, moved = _archive_folders(top, target, files)
    for rel, fingerprint in files:
        parts = rel.split("/")
        path = os.path.join(top, *parts)
        if check:
            if not os.path.exists(path):
                continue
            if sha256_of(path) != fingerprint:
                left.append(f"orders/{rel}")
                continue
        destination = os.path.join(target, *parts)
        folder = os.path.dirname(destination)
        if folder not in made:
            os.makedirs(folder, exist_ok=True)
            made.add(folder)
        try:
            os.replace(path, destination)
        except FileNotFoundError:  # gone already (archived before a kill): one stat less
            continue
        moved += 1
    return moved, left


def _archive_folders(top: str, target: str, files: list[list[str]]) -> tuple[list[list[str]], int]:
    """`archive` of a folder of orders/ that holds only files the move dealt with (such as
    orders/move-03/, ten thousand files) by renaming it into the archive at once, then
    putting the folder back, empty, as moving the files one by one leaves it. Returns the
    files left to move one by one (those directly in orders/, those of a folder that holds
    anything else, or whose place in the archive is taken) and how many were archived.
    A kill before the folder is back leaves only that empty folder missing from orders/.
    Not for a half-finished move: its files are each checked first."""
    by_folder: dict[str, dict[str, list[str]]] = {}
    for entry in files:
        folder, _, name = entry[0].rpartition("/")
        by_folder.setdefault(folder, {})[name] = entry
    rest: list[list[str]] = []
    moved = 0
    for folder, entries in by_folder.items():
        source = os.path.join(top, *folder.split("/")) if folder else ""
        destination = os.path.join(target, *folder.split("/")) if folder else ""
        if not folder or not os.path.isdir(source) or os.path.islink(source) \
                or os.path.lexists(destination) or not _only(source, entries):
            rest += entries.values()
            continue
        os.makedirs(os.path.dirname(destination), exist_ok=True)
        os.replace(source, destination)
        os.makedirs(source, exist_ok=True)  # exists if a new file came in meanwhile
        os.chmod(source, stat.S_IMODE(os.stat(destination).st_mode))
        with os.scandir(destination) as found:
            for e in found:
                if e.name in entries:
                    moved += 1
                else:  # come in since the folder was listed
                    os.replace(e.path, os.path.join(source, e.name))
    return rest, moved


def _only(folder: str, names: dict[str, list[str]]) -> bool:
    """Whether `folder` holds nothing but the entries `names` (a file for a later move, a
    subfolder, a hidden file must stay in orders/)."""
    with os.scandir(folder) as found:
        return all(e.name in names for e in found)


def finish(game_dir: Path, db: Database, move: int, files: list[list[str]],
           *, check: bool = False, now: datetime | None = None) -> tuple[Path, int, list[str]]:
    """The work after the commit: reports into place, files archived, in a game that mails
    each officer's report queued in the outbox (once: a move finished after a kill queues
    only those not queued yet), and the move marked whole."""
    final = publish(game_dir, move)
    moved, left = archive(game_dir, move, files, check=check)
    if mail_from(json.loads(game_state.game_row(db)["settings"])):
        from .mail import outbox  # here: 6 ms (after the move's imports) a game without mail skips

        outbox.queue_reports(game_dir, db, move, final, now)
    with db.atomic():
        resolved_moves.mark_files_done(db.conn, move)
    return final, moved, left


def half_finished(db: Database) -> list[int]:
    return resolved_moves.half_finished(db.conn)


def complete(game_dir: Path, db: Database) -> list[Completed]:
    """Finish every half-finished move; returns what was found."""
    done = []
    for move in half_finished(db):
        files = json.loads(resolved_moves.recorded(db.conn, move, "archive"))
        staging = clear_staging(game_dir, move)
        render_saved(game_dir, db, move, staging)
        folder, moved, left = finish(game_dir, db, move, files, check=True)
        done.append(Completed(move, folder, moved, tuple(left)))
    return done
