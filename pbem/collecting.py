"""Collecting a move's orders: the letters filed for the move, and for each officer the
orders it plays, or why he holds.

`pbem resolve` first checks the letters that waited for this move and files what waits in
`orders/` (`pbem.filing`), then plays, for each officer, the latest valid set filed for the
move, by date then arrival. Every letter that did not simply count is named to its officer
in his report, and every letter of the move to the GM in his log.
"""

from __future__ import annotations

import json
import os
import traceback
from dataclasses import dataclass, field, replace
from operator import itemgetter
from typing import Any, Iterable

from . import orderfolder
from .filing import (
    ACCEPTED, REFUSED, WAITING, Filed, Inbox, moment_of, problems_json,
    problems_listed, problems_of,
)
from .letter_words import (
    A_COPY, FAILED_ON, FOR_ANOTHER_MOVE, NOT_PLAYED, SEND_FOR_MOVE, called, refused,
)
from .letters.files import letters_of_file
from .letters.letter import MOST_MAIL_BYTES, Letter, looks_like_mail, looks_like_mbox
from .orders.limits import MOST_FILE_BYTES, brief
from .orders.reader import read_orders
from .rules import lawful
from .rules.orders import Orders
from .rules.said import Said
from .rules.state import Officer
from .storage import letters as letter_rows
from .terminal import clean_line
from .storage.database import Database


@dataclass
class Collected:
    """What `resolve` plays: the orders of each officer, why the others hold, the record
    of the move's letters (the `order_files` table), notes for the GM log, the files of
    orders/ it dealt with (to archive once the move is saved) and the letters played."""

    orders: dict[int, Orders] = field(default_factory=dict)
    held: dict[int, str] = field(default_factory=dict)
    files: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    done: list[tuple[str, str]] = field(default_factory=list)
    # What was read of each file of orders/ (by its path there), as `read_order_file`
    # reads it: the backup keeps these very bytes instead of reading ten thousand files again.
    read: dict[str, bytes] = field(default_factory=dict)
    mtimes: dict[str, int] = field(default_factory=dict)  # and each one's time, as it was read
    # Of the files `read` holds whole, each read as one letter: the SHA-256 of those bytes
    # (the letter's digest), which the backup takes as their fingerprint with no second hash.
    digests: dict[str, str] = field(default_factory=dict)
    played: list[int] = field(default_factory=list)
    filed: list["Filed"] = field(default_factory=list)  # filed or checked by this collection
    # Officers whose files pbem failed on: each file and why, as his report says it.
    failed: dict[int, list[tuple[str, str]]] = field(default_factory=dict)
    # Each officer's letters that did not simply count, but the one `held` names: each
    # named to him with the reason (`not_counted`), as the GM log names it.
    letters: dict[int, list[dict[str, str]]] = field(default_factory=dict)
    # Filed and changed by the collection, written with the move (`record_filing`).
    pending: list[dict[str, Any]] = field(default_factory=list)
    changes: dict[int, dict[str, Any]] = field(default_factory=dict)


def check_waiting(desk: Inbox) -> list[Filed]:
    """Letters that waited for the move now collected are checked in full, and their
    senders told the verdict."""
    move = desk.state.move
    rows = desk.letters(letter_rows.in_status(desk.db.conn, WAITING),
                        lambda r: r["status"] == WAITING and r["move"] <= move)
    out = []
    for row in rows:
        letter = desk.letter_of(row)
        orders, problems = read_orders(row["text"], row["label"])
        verdict = desk.recheck(row, orders, problems, letter)
        status = ACCEPTED if verdict.officer is not None and not verdict.problems else REFUSED
        officer = verdict.officer
        previous = desk.standing(officer.id, desk.state.move) if officer else None
        desk.update(row["id"], {
            "status": status, "move": desk.state.move, "authentic": verdict.authentic,
            "problems": problems_json(verdict.problems),
            "problems_total": len(verdict.problems)})
        if status == ACCEPTED:
            desk.fresh[row["id"]] = verdict.orders
        filed = Filed(row["id"], row["source"], status, desk.state.move,
                      officer.name if officer else None, tuple(verdict.problems),
                      late=bool(row["late"]),
                      note=desk.note(row["source"], status, desk.state.move, officer,
                                     verdict.problems, bool(row["late"])))
        out.append(replace(filed, receipts=desk.answer(
            letter, filed, verdict, previous, moment_of(row["date"])) if row["answer"] else ()))
    return out


def file_folder(desk: Inbox, files: Iterable[tuple[str, str]], out: Collected) -> None:
    """The files waiting in orders/, filed like mail. Only regular files inside the
    folder are read, never more than a mail's worth; a file pbem cannot read is named
    in the GM log and left where it is. A file pbem itself fails on, whatever the
    error, is left unfiled (to be read again once pbem is mended): the GM log names the
    file and the error, and its officer, when its header names one, holds with the
    reason in his report. The move goes on."""
    top = str(desk.game_dir / "orders")
    files = list(files)
    for rel, path in files:
        source = f"orders/{clean_line(rel)}"  # a file name may hold anything but / and NUL
        try:
            data, opened = orderfolder.read_regular(path, MOST_FILE_BYTES + 1, inside=top)
            if len(data) > MOST_FILE_BYTES and (looks_like_mail(data) or looks_like_mbox(data)):
                data, opened = orderfolder.read_regular(path, MOST_MAIL_BYTES + 1,
                                                        inside=top)
        except orderfolder.CannotRead as e:
            out.notes.append(f"{source}: skipped: {e}")
            continue
        kept = out.read[rel] = data[:MOST_FILE_BYTES + 1]
        out.mtimes[rel] = int(opened.st_mtime)
        try:
            letters = letters_of_file(path, source, data, opened.st_mtime)
            if kept is data and _one_whole(letters, data):
                out.digests[rel] = letters[0].digest
            filed = desk.file_all(letters)
        except Exception as error:  # noqa: BLE001 - one file never stops the move
            _failed(desk, out, source, data, error)
            continue
        later = False  # a file for a later move waits there for it
        for f in filed:
            if not f.again:
                out.filed.append(f)
            later = later or (f.move is not None and f.move > desk.state.move)
        if not later:
            out.done.append((rel, path))


def _failed(desk: Inbox, out: Collected, source: str, data: bytes, error: Exception) -> None:
    """pbem failed on one file: the GM log says where, its officer (if known) holds."""
    frame = traceback.extract_tb(error.__traceback__)[-1]
    where = f"in {frame.name}, {os.path.basename(frame.filename)} line {frame.lineno}"
    try:  # whose it is, if that much can be read
        orders, _ = read_orders(data, source)
        officer = lawful.find_officer(desk.index, orders.officer)
    except Exception:  # noqa: BLE001 - the failure may be in reading it
        officer = None
    whose = f"{officer.name} holds" if officer is not None else "its officer is not known"
    out.notes.append(f"{source}: skipped: pbem failed on it ({type(error).__name__}: "
                     f"{brief(clean_line(str(error)), 120)}, {where}); {whose}")
    if officer is None:
        return
    reason = Said(FAILED_ON, file=source, error=type(error).__name__)
    out.failed.setdefault(officer.id, []).append((source, reason))
    out.files.append({"move": desk.state.move, "officer_id": officer.id, "source": source,
                      "text": "(not filed: pbem failed on it)", "accepted": 0,
                      "problems": json.dumps([reason]), "played": 0})


def collect(desk: Inbox, files: Iterable[tuple[str, str]] = ()) -> Collected:
    """The orders the move plays: waiting letters checked, orders/ filed, then for each
    officer the latest valid set filed for the move, by date then arrival.

    The GM log names every letter of the move and every letter waiting for a later
    one, from what is filed: the same whether a letter was filed now, by `pbem inbox`
    or by a move that was rolled back."""
    out = Collected()
    out.filed += check_waiting(desk)
    file_folder(desk, files, out)
    move = desk.state.move
    # A letter for a later move is named in every move until its own: waiting for it,
    # or refused already for what is wrong in its header.
    rows = desk.letters(letter_rows.from_move(desk.db.conn, move, WAITING),
                        lambda r: r["move"] == move or (
                            r["move"] > move and r["status"] in (WAITING, REFUSED)))
    officers = desk.state.officers
    for row in rows:
        officer = officers.get(row["officer_id"])
        if officer is None:
            out.notes.append(f"{row['source']}: {row['reason']}")
        elif row["status"] != ACCEPTED:  # valid orders are named below when they replace others
            out.notes.append(desk.note(row["source"], row["status"], row["move"], officer,
                                       problems_of(row), bool(row["late"])))
    now_of, later_of = _by_officer(rows, move)
    copies: dict[int, list[tuple[str, dict[str, Any]]]] = {}
    for source, seen in desk.copies:
        officer = officers.get(seen["officer_id"])
        who = f" ({officer.name})" if officer is not None else ""
        out.notes.append(f"{source}: a copy of {seen['source']}, filed for move "
                         f"{seen['move']}{who}: not played again (orders are played "
                         "only in the move they name)")
        if officer is not None:
            copies.setdefault(officer.id, []).append((source, seen))
    for officer in officers.values():
        now = now_of.get(officer.id, ())
        chosen = _choose(desk, officer, now, out) if now else None  # none to choose from
        for row in now:
            accepted = row["status"] == ACCEPTED
            out.files.append({
                "move": move, "officer_id": officer.id, "source": row["source"],
                "text": row["text"], "accepted": int(accepted),
                "problems": "[]" if accepted else json.dumps(problems_listed(row)),
                "played": int(row["id"] == chosen),
            })
        later, copied = later_of.get(officer.id, []), copies.get(officer.id, [])
        failures = out.failed.get(officer.id, [])
        named = None  # the letter his hold is reported for: named there, not twice
        if chosen is None:
            if failures:
                named = failures[-1]
                reason = named[1]
            else:
                reason, named = _held(desk, now, later, copied[:1])
            if reason:
                out.held[officer.id] = reason
        # Most officers sent one set, played: nothing to tell, nothing to look through.
        if later or copied or failures or len(now) > (chosen is not None):
            told = not_counted(desk, now, chosen, later, copied, failures, named)
            if told:
                out.letters[officer.id] = told
    out.pending, out.changes = desk.pending, desk.changes
    return out


def _choose(desk: Inbox, officer: Officer, letters: list[dict[str, Any]], out: Collected) -> int | None:
    """The latest valid set; one filed before this call is checked again, since the GM
    may have changed the ship (or the secret) since."""
    if len(letters) == 1 and letters[0]["status"] == ACCEPTED:
        # Most officers send one set, checked by this call: it is played as checked.
        row = letters[0]
        orders = desk.fresh.get(row["id"])
        if orders is not None:
            out.orders[officer.id] = orders
            out.played.append(row["id"])
            return row["id"]
    return _choose_among(desk, officer, letters, out)


def _choose_among(desk: Inbox, officer: Officer, letters: list[dict[str, Any]],
                  out: Collected) -> int | None:
    """`_choose`, of any letters."""
    accepted = [r for r in letters if r["status"] == ACCEPTED]
    for row in reversed(accepted):
        orders = desk.fresh.get(row["id"])
        if orders is None:
            read, problems = read_orders(row["text"], row["label"])
            verdict = desk.recheck(row, read, problems, desk.letter_of(row))
            if verdict.problems or verdict.officer is None:
                desk.update(row["id"], {
                    "status": REFUSED, "problems": problems_json(verdict.problems),
                    "problems_total": len(verdict.problems)})
                row.update(status=REFUSED, problems=problems_json(verdict.problems),
                           problems_total=len(verdict.problems))
                out.notes.append(f"{row['source']}: no longer lawful for {officer.name}: "
                                 + "; ".join(p.message for p in verdict.problems))
                continue
            orders = verdict.orders
        out.orders[officer.id] = orders
        out.played.append(row["id"])
        earlier = [r for r in accepted if r is not row and r["status"] == ACCEPTED] \
            if len(accepted) > 1 else ()  # most officers send one set
        if earlier:
            out.notes.append(f"{row['source']}: played for {officer.name}; replaces "
                             + ", ".join(r["source"] for r in earlier))
        return row["id"]
    return None


def _held(desk: Inbox, letters: list[dict[str, Any]], later: list[dict[str, Any]],
          copies: list[tuple[str, dict[str, Any]]]) -> tuple[str, Any]:
    """Why an officer without valid orders holds, as his report says it, and the
    letter that says it (None when none does)."""
    refused = [r for r in letters if r["status"] == REFUSED]
    if refused:
        return refused_words(refused[-1]), refused[-1]
    if copies:
        move = desk.state.move
        return Said(SEND_FOR_MOVE, copy=copy_words(*copies[0]), move=move), copies[0]
    if later:
        row = later[0]
        return (Said(FOR_ANOTHER_MOVE, letter=row["label"], declared=row["declared"],
                     move=desk.state.move), None)
    return "", None


def not_counted(desk: Inbox, letters: list[dict[str, Any]], chosen: int | None,
                later: list[dict[str, Any]], copies: list[tuple[str, dict[str, Any]]],
                failures: list[tuple[str, str]], named: Any) -> list[dict[str, str]]:
    """An officer's letters that did not simply count, each as his report names it
    (DESIGN: orders are played only in the move they name; every letter that did not
    simply count is named to its officer): refused for this move or already for a
    later one, valid but replaced by later orders, copies of letters of a move played,
    files pbem failed on. `named`: the one his hold is reported for, left out."""
    told = []
    played = next((r for r in letters if r["id"] == chosen), None)
    for row in letters:
        if row is named or row is played:
            continue
        if row["status"] == REFUSED:
            told.append({"letter": row["label"], "reason": refused_words(row)})
        elif row["status"] == ACCEPTED and played is not None:
            told.append({"letter": row["label"], "reason": Said(
                NOT_PLAYED, letter=called(row["label"]), played=called(played["label"]))})
    for row in later:
        if row["status"] == REFUSED and row is not named:
            told.append({"letter": row["label"],
                         "reason": refused_words(row, row["move"])})
    for copy in copies:
        if copy is not named:
            told.append({"letter": copy[0], "reason": copy_words(*copy)})
    for failure in failures:
        if failure is not named:
            told.append({"letter": failure[0], "reason": failure[1]})
    return told


_BY_DATE = itemgetter("date", "id")  # letters by date, then arrival


def _by_officer(rows: list[dict[str, Any]], move: int
                ) -> tuple[dict[int, list[dict[str, Any]]], dict[int, list[dict[str, Any]]]]:
    """Each officer's letters (`rows`, in the order they were filed) by date: those for
    this move, and those waiting for a later one. Most officers have one letter: only a
    list of several is sorted, not the ten thousand letters of a move (a property test
    holds this to grouping the letters sorted)."""
    now_of: dict[int, list[dict[str, Any]]] = {}
    later_of: dict[int, list[dict[str, Any]]] = {}
    several = []
    for row in rows:
        officer_id = row["officer_id"]
        if officer_id is not None:
            mine = now_of if row["move"] == move else later_of
            found = mine.get(officer_id)
            if found is None:
                mine[officer_id] = [row]
            else:
                if len(found) == 1:
                    several.append(found)
                found.append(row)
    for found in several:
        found.sort(key=_BY_DATE)
    return now_of, later_of


def _one_whole(letters: list[Letter], data: bytes) -> bool:
    """Is the one letter of these a file's whole bytes, its digest their SHA-256? So is
    each letter of a file but those of an mbox (a digest each) and one the reader could
    not take in (no digest)."""
    return len(letters) == 1 and bool(letters[0].digest) and not looks_like_mbox(data)


def refused_words(row: dict[str, Any], move: int | None = None) -> str:
    """A refused letter as its officer is told of it, with its problems (a report quotes
    at most MOST_PROBLEMS_LISTED of them); `move`: the move it is for, if not this one."""
    return "\n".join([refused(row["label"], move), *problems_listed(row)])


def copy_words(source: str, seen: dict[str, Any]) -> str:
    """A copy of a letter filed for a move already played, as its officer is told of it."""
    return Said(A_COPY, letter=called(source), move=seen["move"])


def record_filing(db: Database, collected: Collected) -> None:
    """What the collection of a move filed and changed, and the letters it played, written
    with the move; the caller holds the move's transaction."""
    written: dict[int, int] = {}  # the id each letter filed by the move is given
    # A letter filed and played by this move is written played (not written, then updated).
    played = set(collected.played)
    played_now: set[int] = set()
    for row in collected.pending:
        values = {column: value for column, value in row.items() if column != "id"}
        if "played" in values and row["id"] in played:
            values["played"] = 1
            played_now.add(row["id"])
        written[row["id"]] = letter_rows.insert(db.conn, values)
    for letter_id, values in collected.changes.items():
        letter_rows.update(db, letter_id, values)
    letter_rows.mark_played(db.conn, [written.get(i, i) for i in collected.played
                                      if i not in played_now])
