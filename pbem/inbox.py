"""The GM's inbox: every mail and every order file filed in the game's database.

`pbem inbox` files the mails of a Maildir, an mbox or `.eml` files; `pbem resolve` files
what waits in `orders/` the same way before it plays the move. Filing a letter:

- the same mail read again (the same bytes) is not filed twice, so a mailbox may be read as
  often as the GM likes; nothing is ever deleted, nor changed in the GM's mailbox;
- a letter with no orders (a question, spam, a broken mail) is filed as `not orders` and
  listed for the GM; it gets no receipt (an answer to spam is more spam);
- orders are read, matched to the officer their header names and dated: the mail's Date
  (else its delivery time), a plain file by its modification time; the arrival order
  breaks ties. They are for the move their MOVE line names; orders for a move already
  played, or dated after the deadline of the move being collected, wait for the next move;
- orders for the move being collected are checked in full by the rules' own lawfulness
  check (`pbem.rules.lawful`); orders for a later move are checked when their move is
  collected (at once for their header: whose they are, the secret);
- a receipt goes to the sender and to the officer's enlisted address: the orders as read,
  every problem with its line and its fix, or the word that they replace earlier ones; and
  the deadline. A sender who did not give the right secret (or, as a GM setting, wrote
  from another address) is not told the problems that speak of the ship; the enlisted
  address is told everything.

The move plays, for each officer, the latest valid set filed for it (`Inbox.collect`).
"""

from __future__ import annotations

import functools
import json
import os
import traceback
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from itertools import groupby, islice
from operator import itemgetter
from pathlib import Path
from typing import Any, Callable, Collection, Iterable

import sqlite_utils

from . import deadlines, orderfolder, settings, store
from .mail import compose, outbox, reading
from .mail.reading import Letter
from .orderfile import (
    MOST_FILE_BYTES, brief, listed, orders_lines, read_and_keep, read_orders, without_secret,
)
from .language import moment_in
from .render import environment
from .rules import lawful
from .rules.orders import UNLAWFUL, Orders, Problem, in_report_order
from .rules.wording import plural
from .rules.state import GameState, Officer
from .ruleset import Ruleset, RulesetError, load_ruleset
from .schedule import time_left
from .store import GameError
from .terminal import clean_line

ACCEPTED, REFUSED, WAITING, NOT_ORDERS = "accepted", "refused", "waiting", "not orders"
# Letters filed by a collection and not written yet are numbered from here: after every
# letter written, so the order of filing stays the order of the numbers.
_UNWRITTEN = 10**15
# What is kept of a letter's text: enough to read any order file or question.
MOST_TEXT_CHARS = 64 * 1024
# `file_folder` reads the digests filed at once when there are at most this many a file.
_DIGESTS_A_FILE = 4
_KNOWN = ("id", "move", "status", "officer_id", "source")  # of a letter filed before
# Dated by the letter itself (the deadline applies) or by the GM's own filing.
_OWN_DATES = frozenset({"Date header", "delivery time"})


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
    # named to him with the reason (`Inbox.not_counted`), as the GM log names it.
    letters: dict[int, list[dict[str, str]]] = field(default_factory=dict)
    # Filed and changed by the collection, written with the move (`record_filing`).
    pending: list[dict[str, Any]] = field(default_factory=list)
    changes: dict[int, dict[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class Filed:
    """One letter as the inbox filed it (or found it filed already)."""

    id: int
    source: str
    status: str
    move: int | None  # the move it is filed for
    officer: str | None  # the officer its header names, when he serves in the game
    problems: tuple[Problem, ...] = ()
    note: str = ""  # one line for the GM
    again: bool = False  # filed before: this reading changed nothing
    receipts: tuple[int, ...] = ()
    late: bool = False


@dataclass
class _Verdict:
    orders: Orders
    problems: list[Problem]
    officer: Officer | None
    authentic: str  # the officer's secret hash when he proved who he is, else ""


# The fields of a Filed in the class's order, as a letter filed now has them but its own.
_FILED: dict[str, Any] = {"id": 0, "source": "", "status": "", "move": None, "officer": None,
                          "problems": (), "note": "", "again": False, "receipts": (),
                          "late": False}


def _stamp(moment: datetime) -> str:
    """`moment.astimezone(timezone.utc).isoformat(timespec="seconds")`: the letters of a
    move are dated within a few seconds of each other (a file by the time it was saved),
    so each second is written once (a property test holds the two to the same text)."""
    try:
        since = moment - _EPOCH
    except TypeError:  # a naive moment: local time, as astimezone takes it
        return moment.astimezone(timezone.utc).isoformat(timespec="seconds")
    # The whole seconds since the epoch (a timedelta keeps 0 <= seconds < 86400 and its
    # microseconds >= 0), without dividing one timedelta by another.
    return _second(since.days * 86400 + since.seconds)


_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


@functools.lru_cache(maxsize=256)
def _second(seconds: int) -> str:
    """A second since the epoch as the letters' dates are written (UTC, ISO 8601)."""
    return (_EPOCH + timedelta(seconds=seconds)).isoformat(timespec="seconds")


def _when(text: str) -> datetime:
    return datetime.fromisoformat(text)


# Problems kept with a letter: far more than a receipt or a report lists.
MOST_PROBLEMS_KEPT = 200


def problems_json(problems: Iterable[Problem]) -> str:
    if not problems:
        return "[]"  # most letters have none
    kept = [problem_data(p) for p in list(problems)[:MOST_PROBLEMS_KEPT]]
    return json.dumps(kept) if kept else "[]"


def _rows(db: sqlite_utils.Database, sql: str, params: list[Any]) -> list[dict[str, Any]]:
    """Rows as dicts, in plain SQL: an inbox asks a few questions per letter of thousands."""
    cursor = db.conn.execute(sql, params)
    names = [c[0] for c in cursor.description]
    return [dict(zip(names, row)) for row in cursor.fetchall()]


def problem_data(p: Problem) -> dict[str, Any]:
    return {"source": p.source, "line": p.line, "text": p.text, "message": p.message,
            "fix": p.fix, "kind": p.kind, "private": p.private}


def problems_of(row: dict[str, Any]) -> list[Problem]:
    return [Problem(**d) for d in json.loads(row["problems"] or "[]")]


def problems_listed(row: dict[str, Any]) -> list[str]:
    """A letter's problems as a report or a record lists them: the first few, then how
    many more."""
    return listed(problems_of(row), total=row["problems_total"])


class Inbox:
    """The filing desk of one game, for one call: the state, the rules and the deadline
    are loaded once, however many letters are filed."""

    def __init__(self, game_dir: Path, db: sqlite_utils.Database, *, now: datetime | None = None,
                 state: GameState | None = None, ruleset: Ruleset | None = None,
                 answer: bool = True, defer: bool = False) -> None:
        self.game_dir = Path(game_dir)
        # `pbem inbox` answers every letter it files; the files `resolve` finds in orders/
        # are answered by the reports of the move, which follow at once.
        self.answer = answer and not defer
        # `resolve` writes what it files with the move, in the move's own transaction: a
        # move that fails or is killed leaves the inbox as it was. Until then the letters
        # filed and changed are kept here (`pending`, `changes`) and read with the rest.
        self.defer = defer
        self.pending: list[dict[str, Any]] = []
        self.changes: dict[int, dict[str, Any]] = {}
        # The pending letters by digest and by officer: a move files thousands of them.
        self._pending_digests: dict[str, dict[str, Any]] = {}
        self._pending_of: dict[int, list[dict[str, Any]]] = {}
        # Every digest filed, when `file_folder` has read them all at once; else None.
        self._filed_digests: set[str] | None = None
        self.db = db
        self.now = now or datetime.now(timezone.utc)
        self._filed = _stamp(self.now)  # every letter of this call is filed now
        # A letter's row, in the order of its columns (`record_filing` writes the rows of
        # the same columns at once), with what every letter of this call has alike.
        self._row: dict[str, Any] = {
            "move": None, "declared": None, "officer_id": None, "status": "", "source": "",
            "label": "", "sender": "", "sender_name": "", "subject": "", "message_id": "",
            "refs": "[]", "date": "", "dated_by": "", "filed": self._filed, "digest": "",
            "found_in": "", "reason": "", "text": "", "problems": "[]", "problems_total": 0,
            "authentic": "", "late": 0, "played": 0, "answer": int(self.answer),
        }
        self.state = state if state is not None else store.load_state(db)
        if ruleset is None:
            try:
                ruleset = load_ruleset(self.game_dir)
            except RulesetError as e:
                raise GameError(f"the game's rules are not valid: {e}") from None
        self.ruleset = ruleset
        g = store.game_row(db)
        self.game = g["name"]
        self.settings = json.loads(g["settings"])
        self.enlisted_from = settings.enlisted_from(self.settings)
        self.mailing = outbox.sender_of(self.settings) is not None
        self.desk = outbox.Desk(db) if self.mailing else None  # read once for every receipt
        self._templates: dict[str, Any] = {}  # the receipt's, by the language it is read in
        self.readers = store.readers(db)
        self.deadline = deadlines.of_move(db, self.state.move)
        self.zone = self.deadline.zone if self.deadline else (
            deadlines.schedule_of(self.settings).zone if deadlines.schedule_of(self.settings)
            else None)
        # One plain query for thousands of officers: the secrets of those serving.
        serving = db.conn.execute(
            "SELECT id, salt, secret_hash FROM officers WHERE retired IS NULL")
        self.secrets = {officer_id: (salt, stored) for officer_id, salt, stored in serving}
        self.index = lawful.roster(self.state)  # built once: every letter meets one state
        self.colleagues = set(self.index.by_name)
        self.fresh: dict[int, Orders] = {}  # checked in this call: no second check at resolve
        # Files of orders/ that are copies of letters filed for a move already played, with
        # what was filed then: not played again, and named (`collect`).
        self.copies: list[tuple[str, dict[str, Any]]] = []

    @functools.cached_property
    def emails(self) -> dict[int, str]:
        """Every enlisted address: asked of a mail only (a receipt, the GM's setting that
        orders come from the enlisted address), never of the plain files of a move."""
        return dict(self.db.conn.execute("SELECT id, email FROM officers"))

    # --- filing --------------------------------------------------------------------------

    def letters(self, sql: str, params: list[Any], keep: Callable[[dict[str, Any]], bool]
                ) -> list[dict[str, Any]]:
        """Letters as filed, with what this call filed or changed and has not written yet,
        in the order they were filed: `sql` selects at least those `keep` keeps."""
        rows = [dict(r, **self.changes.get(r["id"], {}))
                for r in _rows(self.db, f"SELECT * FROM letters WHERE {sql} ORDER BY id", params)]
        return [r for r in rows + self.pending if keep(r)]

    def _update(self, letter_id: int, values: dict[str, Any]) -> None:
        if not self.defer:
            with self.db.atomic():
                self.db["letters"].update(letter_id, values)
        elif letter_id >= _UNWRITTEN:
            self.pending[letter_id - _UNWRITTEN].update(values)
        else:
            self.changes.setdefault(letter_id, {}).update(values)

    def known(self, digest: str) -> dict[str, Any] | None:
        if not digest:
            return None
        if digest in self._pending_digests:
            return self._pending_digests[digest]
        if self._filed_digests is not None and digest not in self._filed_digests:
            return None
        # Asked for each letter: a dict is made only for one filed before.
        found = self.db.conn.execute(f"SELECT {', '.join(_KNOWN)} FROM letters "
                                     "WHERE digest = ? LIMIT 1", [digest]).fetchone()
        return dict(zip(_KNOWN, found)) if found else None

    def file(self, letter: Letter) -> Filed:
        """File one letter: read, dated, matched, checked, recorded, answered; the letter
        and its receipts in one transaction."""
        if self.defer:
            return self._file(letter)
        try:
            with self.db.atomic():
                return self._file(letter)
        except Exception as error:  # noqa: BLE001 - no mail, however made, stops the desk
            # Filed as a mail that could not be read, the error said, for the GM to see;
            # its digest kept, so that it is not filed again on the next run.
            unread = reading.unreadable(letter.source, letter.arrival, error)
            with self.db.atomic():
                return self._file(replace(unread, digest=letter.digest))

    def _file(self, letter: Letter) -> Filed:
        seen = self.known(letter.digest)
        if seen is not None:
            if (not letter.mail and letter.source.startswith("orders/")
                    and seen["move"] is not None and seen["move"] < self.state.move):
                self.copies.append((letter.source, seen))
            return Filed(seen["id"], letter.source, seen["status"], seen["move"],
                         self._name(seen["officer_id"]), again=True,
                         note=f"{letter.source}: filed before (as {seen['source']})")
        date = letter.date or self.now
        dated_by = letter.dated_by or "the time it was filed"
        label = self._label(letter, date)
        if not letter.has_orders:
            letter_id = self._insert(letter, status=NOT_ORDERS, move=self.state.move,
                                     date=date, dated_by=dated_by, label=label,
                                     text=without_secret(letter.body[:MOST_TEXT_CHARS]))
            who = f" from {letter.sender}" if letter.sender else ""
            return Filed(letter_id, letter.source, NOT_ORDERS, self.state.move, None,
                         note=f"{letter.source}{who}: {letter.reason}")
        orders, problems, kept = read_and_keep(letter.orders, label, MOST_TEXT_CHARS)
        if _untouched_form(letter, orders):
            letter_id = self._insert(letter, status=NOT_ORDERS, move=self.state.move,
                                     date=date, dated_by=dated_by, label=label,
                                     text=without_secret(letter.body[:MOST_TEXT_CHARS]),
                                     reason=QUOTED_FORM)
            return Filed(letter_id, letter.source, NOT_ORDERS, self.state.move, None,
                         note=f"{letter.source} from {letter.sender or 'no address'}: "
                              f"{QUOTED_FORM}")
        move, late = self._move_for(orders.move, date, dated_by)
        if move > self.state.move:
            verdict = self._header(orders, problems, letter)
            # What is wrong already (the secret, a line no one can read) stays wrong: refused
            # now, as `pbem check` refuses it, for the move it names.
            status = REFUSED if verdict.problems else WAITING
            if verdict.officer is None:  # nobody's: told now, for the move being collected
                move = self.state.move
                verdict = self._check(orders, problems, letter)
                status = REFUSED
        else:
            verdict = self._check(orders, problems, letter,
                                  after_deadline=late and orders.move == move)
            status = ACCEPTED if verdict.officer is not None and not verdict.problems else REFUSED
        officer = verdict.officer
        # What the receipt says of the orders filed before: only a receipt needs it.
        previous = (self._standing(officer.id, move)
                    if officer is not None and self.answer and self.mailing else None)
        letter_id = self._insert(
            letter, status=status, move=move, date=date, dated_by=dated_by, label=label,
            text=kept,
            orders=orders,
            officer_id=officer.id if officer else None, problems=verdict.problems,
            authentic=verdict.authentic, late=late,
            reason="" if officer else self._nobody(orders))
        if status == ACCEPTED:
            self.fresh[letter_id] = verdict.orders
        fields = _FILED.copy()  # one for each file of a move
        fields["id"] = letter_id
        fields["source"] = letter.source
        fields["status"] = status
        fields["move"] = move
        fields["officer"] = officer.name if officer else None
        if verdict.problems:
            fields["problems"] = tuple(verdict.problems)
        fields["note"] = self._note(letter.source, status, move, officer, verdict.problems,
                                    late, orders)
        fields["late"] = late
        filed = Filed(**fields)
        receipts = self._answer(letter, filed, verdict, previous, date) if self.answer else ()
        return replace(filed, receipts=receipts) if receipts else filed

    def _nobody(self, orders: Orders) -> str:
        """Why orders are nobody's in this game, for the GM."""
        ours = orders.game is not None and orders.game.casefold() == self.state.name.casefold()
        why = (f"for game {brief(orders.game, 40)}" if orders.game is not None and not ours else
               f"no officer named {brief(orders.officer, 40)!r}" if orders.officer is not None
               else "no GAME and OFFICER header")
        return f"not read ({why})"

    def file_all(self, letters: Iterable[Letter]) -> list[Filed]:
        file = self._file if self.defer else self.file  # deferred: no transaction of its own
        return [file(letter) for letter in letters]

    def _name(self, officer_id: int | None) -> str | None:
        officer = self.state.officers.get(officer_id) if officer_id is not None else None
        return officer.name if officer else None

    def _label(self, letter: Letter, date: datetime) -> str:
        """The letter as the officer knows it, in his receipts and reports: the GM's paths
        are not his business."""
        if not letter.mail and letter.source.startswith("orders/"):
            return letter.source
        return f"your mail of {date.astimezone(timezone.utc):%Y-%m-%d %H:%M:%S} UTC"

    def _move_for(self, declared: int | None, date: datetime, dated_by: str) -> tuple[int, bool]:
        """The move a letter is filed for, and whether it came too late for the move it
        names. Orders are played only in the move they name (DESIGN, rulings): orders for
        a later move wait for it; orders for a move already played, or dated after the
        deadline of the move being collected, are filed for the move being collected and
        refused there, never played in a later one. A plain file is dated by the GM's own
        saving of it, so no deadline applies to it."""
        current = self.state.move
        if declared is not None and declared > current:
            return declared, False
        late = declared is not None and declared < current
        if (declared is not None and self.deadline is not None and dated_by in _OWN_DATES
                and date > self.deadline.utc):
            late = True
        return current, late

    def _deadline_problem(self, orders: Orders) -> Problem:
        """Orders for the move being collected that came after its deadline."""
        move = self.state.move
        when = (deadlines.deadline_text(self.deadline) if self.deadline is not None
                else "its deadline")
        return orders.problem(
            "MOVE", f"this mail came after the deadline of move {move} ({when}); orders are "
            "played only in the move they name, and move "
            f"{move} takes no more", f"send orders for move {move + 1} (write MOVE {move + 1}) "
            f"once move {move} is resolved", private=False)

    def _secret_ok(self, officer_id: int, secret: str) -> bool:
        salt, stored = self.secrets[officer_id]
        return store.secret_matches(secret, salt, stored)

    def _from_problem(self, orders: Orders, officer: Officer, letter: Letter) -> Problem | None:
        """The GM's setting: orders by mail come from the officer's enlisted address."""
        if not (self.enlisted_from and letter.mail):
            return None
        enlisted = self.emails.get(officer.id, "")
        if letter.sender and enlisted and letter.sender.casefold() == enlisted.casefold():
            return None
        return Problem(
            orders.source, None, "",
            f"this mail comes from {letter.sender or 'no address'}, and the orders of "
            f"{officer.name} come only from the address he enlisted with",
            "send your orders from your enlisted address, or ask the GM to change it",
            UNLAWFUL, private=False)

    def _authentic(self, orders: Orders, officer: Officer | None,
                   from_problem: Problem | None) -> str:
        """The officer's secret hash when the letter proves it is his, else ""."""
        if officer is None or orders.secret is None or from_problem is not None:
            return ""
        if not self._secret_ok(officer.id, orders.secret):
            return ""
        return self.secrets[officer.id][1]

    def _header(self, orders: Orders, problems: list[Problem], letter: Letter) -> _Verdict:
        """Orders for a later move: whose they are and the secret, now; the rest when their
        move is collected."""
        officer, found = lawful.header_problems(replace(orders, move=self.state.move),
                                                self.state, self._secret_ok, self.index)
        from_problem = self._from_problem(orders, officer, letter) if officer else None
        found += [from_problem] if from_problem else []
        return _Verdict(orders, in_report_order(problems + found), officer,
                        self._authentic(orders, officer, from_problem))

    def _check(self, orders: Orders, problems: list[Problem], letter: Letter, *,
               after_deadline: bool = False,
               secret_ok: lawful.SecretCheck | None = None) -> _Verdict:
        """The rules' lawfulness check, in full, for the move being collected; orders for
        another move are refused by it as they stand (`lawful.header_problems`)."""
        if after_deadline:
            problems = problems + [self._deadline_problem(orders)]
        check = secret_ok or self._secret_ok
        # The header check asks whether the secret is the officer's it names; the answer
        # also says below whether the letter proves it is his: hashed once.
        answers: list[bool] = []

        def secret_ok(officer_id: int, secret: str) -> bool:
            answers.append(check(officer_id, secret))
            return answers[-1]

        officer, found = lawful.judged(orders, self.state, self.ruleset, secret_ok,
                                       colleagues=self.colleagues, index=self.index)
        if orders.game is None:  # whoever it names, orders without GAME are nobody's
            officer = None
        # Only a mail may come from the wrong address (`_from_problem`): not a file.
        from_problem = self._from_problem(orders, officer, letter) \
            if officer and letter.mail else None
        if from_problem:
            found.append(from_problem)
        # The header check asked of this officer and secret, and of nothing else, first.
        proved = (officer is not None and orders.secret is not None and from_problem is None
                  and (answers[0] if answers else secret_ok(officer.id, orders.secret)))
        return _Verdict(orders, in_report_order(problems + found) if problems or found else [],
                        officer, self.secrets[officer.id][1] if proved else "")

    def _insert(self, letter: Letter, *, status: str, move: int, date: datetime,
                dated_by: str, label: str, text: str, orders: Orders | None = None,
                officer_id: int | None = None, problems: Iterable[Problem] = (),
                authentic: str = "", late: bool = False, reason: str | None = None) -> int:
        problems = list(problems)
        # A copy of the columns every letter of this call has alike (`_row`), the others
        # set: a move files ten thousand letters.
        row = self._row.copy()
        row["move"] = move
        row["declared"] = orders.move if orders else None
        row["officer_id"] = officer_id
        row["status"] = status
        row["source"] = letter.source
        row["label"] = label
        if letter.mail:  # a plain file has no sender, subject or message id: those of `_row`
            row["sender"] = letter.sender
            row["sender_name"] = letter.sender_name
            row["subject"] = letter.subject
            row["message_id"] = letter.message_id
            if letter.references:
                row["refs"] = json.dumps(list(letter.references))
        row["date"] = _stamp(date)
        row["dated_by"] = dated_by
        row["digest"] = letter.digest
        row["found_in"] = letter.found_in
        row["reason"] = letter.reason if reason is None else reason
        row["text"] = text
        if problems:
            row["problems"] = problems_json(problems)
            row["problems_total"] = len(problems)
        row["authentic"] = authentic
        row["late"] = int(late)
        if self.defer:
            row["id"] = _UNWRITTEN + len(self.pending)
            self.pending.append(row)
            if row["digest"]:
                self._pending_digests.setdefault(row["digest"], row)
            if officer_id is not None:
                self._pending_of.setdefault(officer_id, []).append(row)
            return row["id"]
        if self._filed_digests is not None and row["digest"]:
            self._filed_digests.add(row["digest"])
        return insert_letter(self.db, row)

    def _standing(self, officer_id: int, move: int) -> dict[str, Any] | None:
        """The officer's latest valid orders filed for the move, before this letter."""
        rows = [dict(r, **self.changes.get(r["id"], {})) for r in _rows(
            self.db, "SELECT * FROM letters WHERE officer_id = ? AND (move = ? OR status = ?)",
            [officer_id, move, WAITING])]
        found = [r for r in rows + self._pending_of.get(officer_id, [])
                 if r["move"] == move and r["status"] == ACCEPTED]
        return max(found, key=lambda r: (r["date"], r["id"]), default=None)

    def _note(self, source: str, status: str, move: int, officer: Officer | None,
              problems: list[Problem], late: bool, orders: Orders | None = None) -> str:
        if officer is None and orders is not None:
            return f"{source}: {self._nobody(orders)}"
        who = officer.name if officer else "no officer of this game"
        if status == ACCEPTED:
            return f"{source}: accepted for move {move} ({who})"
        if status == WAITING:
            return f"{source}: waits for move {move} ({who}, early)"
        later = f" for move {move}" if move > self.state.move else ""
        refused = f"{source}: refused{later} ({who}), {plural(len(problems), 'problem')}"
        if late:  # the GM is told why the orders do not count although they are good
            why = next((p.message for p in problems if p.text.upper().startswith("MOVE")),
                       "it came too late for the move it names")
            return f"{refused}: too late, {why}"
        return refused

    # --- receipts ------------------------------------------------------------------------

    def _answer(self, letter: Letter, filed: Filed, verdict: _Verdict,
                previous: dict[str, Any] | None, date: datetime) -> tuple[int, ...]:
        """The receipt: to the sender and to the enlisted address. Whoever did not prove
        he is the officer is not told what the problems say of the ship."""
        if not self.mailing:
            return ()
        officer = verdict.officer
        thread = compose.Thread(letter.message_id, letter.references)
        whole = self._receipt(letter, filed, verdict, previous, date, trusted=True)
        if verdict.authentic or officer is None:
            ids = [outbox.queue_receipt(
                self.game_dir, self.db, body=whole if verdict.authentic else self._receipt(
                    letter, filed, verdict, None, date, trusted=False),
                verdict=filed.status, move=filed.move, answers=thread,
                sender_address=letter.sender, officer_id=officer.id if officer else None,
                now=self.now, desk=self.desk)]
        else:
            enlisted = self.emails.get(officer.id, "")
            same = bool(letter.sender) and letter.sender.casefold() == enlisted.casefold()
            ids = [outbox.queue_receipt(
                self.game_dir, self.db, body=whole, verdict=filed.status, move=filed.move,
                answers=thread, sender_address=letter.sender if same else "", officer_id=officer.id,
                now=self.now, desk=self.desk)]
            if not same and letter.sender:
                ids.append(outbox.queue_receipt(
                    self.game_dir, self.db,
                    body=self._receipt(letter, filed, verdict, None, date, trusted=False),
                    verdict=filed.status, move=filed.move, answers=thread,
                    sender_address=letter.sender, officer_id=officer.id, to_officer=False,
                    now=self.now, desk=self.desk))
        return tuple(i for i in ids if i is not None)

    def _receipt(self, letter: Letter, filed: Filed, verdict: _Verdict,
                 previous: dict[str, Any] | None, date: datetime, *, trusted: bool) -> str:
        problems = [replace(p, source="your orders") for p in verdict.problems]
        shown = problems if trusted else [p for p in problems if not p.private]
        deadline = deadlines.of_move(self.db, filed.move) if filed.move != self.state.move \
            else self.deadline
        # In the officer's language once he is known, else the game's.
        lang = self.readers.of(verdict.officer.id) if verdict.officer else self.readers.game
        template = self._templates.get(lang)
        if template is None:
            template = self._templates[lang] = environment(
                self.game_dir, "txt", lang).get_template("receipt.txt.j2")
        return template.render(
            game=self.game, status=filed.status, move=filed.move, collected=self.state.move,
            officer=filed.officer or verdict.orders.officer, subject=letter.subject,
            dated=moment_in(lang, date, self.zone), dated_by=letter.dated_by,
            found_in=letter.found_in, late=filed.late, declared=verdict.orders.move,
            lines=orders_lines(verdict.orders), problems=listed(shown),
            counted=len(shown), left_out=len(problems) - len(shown),
            replaces=moment_in(lang, _when(previous["date"]), self.zone)
            if previous and previous["date"] <= _stamp(date) else None,
            later=moment_in(lang, _when(previous["date"]), self.zone)
            if previous and previous["date"] > _stamp(date) else None,
            deadline=deadlines.view(deadline, filed.move) if deadline else None,
            left=time_left(deadline, self.now) if deadline else None,
            # The officer's own copy of a mail that did not prove his, from an address not
            # his: he is warned.
            unproved=trusted and verdict.officer is not None and not verdict.authentic
            and not self._from_enlisted(letter, verdict.officer),
            sender=letter.sender,
        )

    def _from_enlisted(self, letter: Letter, officer: Officer) -> bool:
        enlisted = self.emails.get(officer.id, "")
        return bool(letter.sender) and letter.sender.casefold() == enlisted.casefold()

    # --- the move being collected --------------------------------------------------------

    def check_waiting(self) -> list[Filed]:
        """Letters that waited for the move now collected are checked in full, and their
        senders told the verdict."""
        move = self.state.move
        rows = self.letters("status = ?", [WAITING],
                            lambda r: r["status"] == WAITING and r["move"] <= move)
        out = []
        for row in rows:
            letter = self._letter_of(row)
            orders, problems = read_orders(row["text"], row["label"])
            verdict = self._recheck(row, orders, problems, letter)
            status = ACCEPTED if verdict.officer is not None and not verdict.problems else REFUSED
            officer = verdict.officer
            previous = self._standing(officer.id, self.state.move) if officer else None
            self._update(row["id"], {
                "status": status, "move": self.state.move, "authentic": verdict.authentic,
                "problems": problems_json(verdict.problems),
                "problems_total": len(verdict.problems)})
            if status == ACCEPTED:
                self.fresh[row["id"]] = verdict.orders
            filed = Filed(row["id"], row["source"], status, self.state.move,
                          officer.name if officer else None, tuple(verdict.problems),
                          late=bool(row["late"]),
                          note=self._note(row["source"], status, self.state.move, officer,
                                          verdict.problems, bool(row["late"])))
            answered = row["answer"] and not self.defer
            out.append(replace(filed, receipts=self._answer(
                letter, filed, verdict, previous, _when(row["date"])) if answered else ()))
        return out

    def _letter_of(self, row: dict[str, Any]) -> Letter:
        return Letter(
            source=row["source"], arrival=row["id"], sender=row["sender"],
            sender_name=row["sender_name"], date=_when(row["date"]), dated_by=row["dated_by"],
            message_id=row["message_id"], references=tuple(json.loads(row["refs"] or "[]")),
            subject=row["subject"], orders=row["text"], found_in=row["found_in"],
            reason=row["reason"], body="", digest=row["digest"],
            mail=row["dated_by"] != "file time",
        )

    def _recheck(self, row: dict[str, Any], orders: Orders, problems: list[Problem],
                 letter: Letter) -> _Verdict:
        """A filed letter checked again: the secret is kept only as a hash, so it stands
        as it was proved when filed, unless the GM has given the officer a new one since."""
        secrets = self.secrets

        def secret_ok(officer_id: int, _masked: str) -> bool:
            return bool(row["authentic"]) and secrets.get(officer_id, ("", ""))[1] == row["authentic"]

        return self._check(orders, problems, letter, secret_ok=secret_ok,
                           after_deadline=bool(row["late"]) and row["declared"] == self.state.move)

    def file_folder(self, files: Iterable[tuple[str, str]], out: Collected,
                    regular: Collection[str] = ()) -> None:
        """The files waiting in orders/, filed like mail. Only regular files inside the
        folder are read, never more than a mail's worth; a file pbem cannot read is named
        in the GM log and left where it is. A file pbem itself fails on, whatever the
        error, is left unfiled (to be read again once pbem is mended): the GM log names the
        file and the error, and its officer, when its header names one, holds with the
        reason in his report. The move goes on. `regular`: the paths the folder's listing
        said are regular files (`orderfolder.read_regular`)."""
        top = str(self.game_dir / "orders")
        files = list(files)
        # Few letters filed against the files to file (the first moves of a game): their
        # digests in one query, not one query a file that mostly finds nothing. The query
        # stops past that many, so a long game pays for a few rows a file at most.
        most = _DIGESTS_A_FILE * len(files)
        digests = [d for d, in self.db.conn.execute(
            "SELECT digest FROM letters WHERE digest != '' LIMIT ?", [most + 1])]
        if len(digests) <= most:
            self._filed_digests = set(digests)
        for rel, path in files:
            source = f"orders/{clean_line(rel)}"  # a file name may hold anything but / and NUL
            try:
                data, opened = orderfolder.read_regular(path, MOST_FILE_BYTES + 1, inside=top,
                                                        listed=path in regular)
                if len(data) > MOST_FILE_BYTES and (reading.looks_like_mail(data)
                                                    or reading.looks_like_mbox(data)):
                    data, opened = orderfolder.read_regular(path, reading.MOST_MAIL_BYTES + 1,
                                                            inside=top)
            except orderfolder.CannotRead as e:
                out.notes.append(f"{source}: skipped: {e}")
                continue
            kept = out.read[rel] = data[:MOST_FILE_BYTES + 1]
            out.mtimes[rel] = int(opened.st_mtime)
            try:
                letters = reading.letters_of_file(path, source, data, opened.st_mtime)
                if kept is data and _one_whole(letters, data):
                    out.digests[rel] = letters[0].digest
                filed = self.file_all(letters)
            except Exception as error:  # noqa: BLE001 - one file never stops the move
                self._failed(out, source, data, error)
                continue
            later = False  # a file for a later move waits there for it
            for f in filed:
                if not f.again:
                    out.filed.append(f)
                later = later or (f.move is not None and f.move > self.state.move)
            if not later:
                out.done.append((rel, path))

    def _failed(self, out: Collected, source: str, data: bytes, error: Exception) -> None:
        """pbem failed on one file: the GM log says where, its officer (if known) holds."""
        frame = traceback.extract_tb(error.__traceback__)[-1]
        where = f"in {frame.name}, {os.path.basename(frame.filename)} line {frame.lineno}"
        try:  # whose it is, if that much can be read
            orders, _ = read_orders(data, source)
            officer = lawful.find_officer(self.index, orders.officer)
        except Exception:  # noqa: BLE001 - the failure may be in reading it
            officer = None
        whose = f"{officer.name} holds" if officer is not None else "its officer is not known"
        out.notes.append(f"{source}: skipped: pbem failed on it ({type(error).__name__}: "
                         f"{brief(clean_line(str(error)), 120)}, {where}); {whose}")
        if officer is None:
            return
        reason = (f"your order file {source} could not be read: pbem met an error of its own "
                  f"on it ({type(error).__name__}). The GM has been told. Send the orders "
                  "again, or wait for his word.")
        out.failed.setdefault(officer.id, []).append((source, reason))
        out.files.append({"move": self.state.move, "officer_id": officer.id, "source": source,
                          "text": "(not filed: pbem failed on it)", "accepted": 0,
                          "problems": json.dumps([reason]), "played": 0})

    def collect(self, files: Iterable[tuple[str, str]] = (),
                regular: Collection[str] = ()) -> Collected:
        """The orders the move plays: waiting letters checked, orders/ filed, then for each
        officer the latest valid set filed for the move, by date then arrival.

        The GM log names every letter of the move and every letter waiting for a later
        one, from what is filed: the same whether a letter was filed now, by `pbem inbox`
        or by a move that was rolled back."""
        out = Collected()
        out.filed += self.check_waiting()
        self.file_folder(files, out, regular)
        move = self.state.move
        # A letter for a later move is named in every move until its own: waiting for it,
        # or refused already for what is wrong in its header.
        rows = self.letters("move >= ? OR status = ?", [move, WAITING],
                            lambda r: r["move"] == move or (
                                r["move"] > move and r["status"] in (WAITING, REFUSED)))
        officers = self.state.officers
        for row in rows:
            officer = officers.get(row["officer_id"])
            if officer is None:
                out.notes.append(f"{row['source']}: {row['reason']}")
            elif row["status"] != ACCEPTED:  # valid orders are named below when they replace others
                out.notes.append(self._note(row["source"], row["status"], row["move"], officer,
                                            problems_of(row), bool(row["late"])))
        now_of, later_of = _by_officer(rows, move)
        copies: dict[int, list[tuple[str, dict[str, Any]]]] = {}
        for source, seen in self.copies:
            officer = officers.get(seen["officer_id"])
            who = f" ({officer.name})" if officer is not None else ""
            out.notes.append(f"{source}: a copy of {seen['source']}, filed for move "
                             f"{seen['move']}{who}: not played again (orders are played "
                             "only in the move they name)")
            if officer is not None:
                copies.setdefault(officer.id, []).append((source, seen))
        for officer in officers.values():
            now = now_of.get(officer.id, ())
            chosen = self._choose(officer, now, out) if now else None  # none to choose from
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
                    reason, named = self._held(now, later, copied[:1])
                if reason:
                    out.held[officer.id] = reason
            # Most officers sent one set, played: nothing to tell, nothing to look through.
            if later or copied or failures or len(now) > (chosen is not None):
                told = self.not_counted(now, chosen, later, copied, failures, named)
                if told:
                    out.letters[officer.id] = told
        out.pending, out.changes = self.pending, self.changes
        return out

    def _choose(self, officer: Officer, letters: list[dict[str, Any]], out: Collected) -> int | None:
        """The latest valid set; one filed before this call is checked again, since the GM
        may have changed the ship (or the secret) since."""
        if len(letters) == 1 and letters[0]["status"] == ACCEPTED:
            # Most officers send one set, checked by this call: it is played as checked.
            row = letters[0]
            orders = self.fresh.get(row["id"])
            if orders is not None:
                out.orders[officer.id] = orders
                out.played.append(row["id"])
                return row["id"]
        return self._choose_among(officer, letters, out)

    def _choose_among(self, officer: Officer, letters: list[dict[str, Any]],
                      out: Collected) -> int | None:
        """`_choose`, of any letters."""
        accepted = [r for r in letters if r["status"] == ACCEPTED]
        for row in reversed(accepted):
            orders = self.fresh.get(row["id"])
            if orders is None:
                read, problems = read_orders(row["text"], row["label"])
                verdict = self._recheck(row, read, problems, self._letter_of(row))
                if verdict.problems or verdict.officer is None:
                    self._update(row["id"], {
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

    def _held(self, letters: list[dict[str, Any]], later: list[dict[str, Any]],
              copies: list[tuple[str, dict[str, Any]]]) -> tuple[str, Any]:
        """Why an officer without valid orders holds, as his report says it, and the
        letter that says it (None when none does)."""
        refused = [r for r in letters if r["status"] == REFUSED]
        if refused:
            return refused_words(refused[-1]), refused[-1]
        if copies:
            move = self.state.move
            return (f"{copy_words(*copies[0])} Send orders for move {move} (write MOVE "
                    f"{move}).", copies[0])
        if later:
            row = later[0]
            return (f"no orders for this move arrived: {row['label']} is for move "
                    f"{row['declared']}; this move is {self.state.move}"), None
        return "", None

    def not_counted(self, letters: list[dict[str, Any]], chosen: int | None,
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
                told.append({"letter": row["label"], "reason": (
                    f"{called(row['label'])} was not played: {called(played['label'])} came "
                    "after it, and the latest valid orders filed for a move are played.")})
        for row in later:
            if row["status"] == REFUSED and row is not named:
                told.append({"letter": row["label"],
                             "reason": refused_words(row, f", for move {row['move']},")})
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
    return len(letters) == 1 and bool(letters[0].digest) and not reading.looks_like_mbox(data)


QUOTED_FORM = ("a reply quoting pbem's order form untouched (its SECRET line empty, no "
               "order written in it): mail for the GM to read, not orders")
# What a form holds that is not a comment: its header, and ROUTE NONE (the ship holds).
_FORM_LINES = frozenset({"GAME", "OFFICER", "SECRET", "MOVE", "ROUTE", "END"})


def _untouched_form(letter: Letter, orders: Orders) -> bool:
    """A mail whose only orders are a form pbem sent, quoted as it was: its SECRET line
    left empty and no order given in it. Its sender wrote above it (a question, a note):
    that is for the GM to read, not orders refused, nor a sign that someone else wrote in
    the officer's name."""
    return (letter.mail and "quoted in a reply" in letter.found_in
            and orders.secret is None and orders.given("SECRET") and not orders.route
            and _FORM_LINES.issuperset(orders.lines) and orders.unreadable == {"SECRET"})


def called(label: str) -> str:
    """A letter as its officer is told of it: `your mail of ...`, `your order file ...`."""
    return label if label.startswith("your ") else f"your order file {label}"


def refused_words(row: dict[str, Any], which: str = "") -> str:
    """A refused letter as its officer is told of it, with its problems (a report quotes
    at most MOST_PROBLEMS_LISTED of them); `which`: the move it is for, if not this one."""
    return f"{called(row['label'])}{which} was refused:\n" + "\n".join(problems_listed(row))


def copy_words(source: str, seen: dict[str, Any]) -> str:
    """A copy of a letter filed for a move already played, as its officer is told of it."""
    return (f"{called(source)} is a copy of orders filed for move {seen['move']}: orders are "
            "played only in the move they name, so it is not played again.")


def insert_letter(db: sqlite_utils.Database, row: dict[str, Any]) -> int:
    """One letter filed; plain SQL, since an inbox may file thousands in one call."""
    columns = [c for c in row if c != "id"]
    return db.conn.execute(
        f"INSERT INTO letters ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
        [row[c] for c in columns]).lastrowid


def record_filing(db: sqlite_utils.Database, collected: Collected) -> None:
    """What the collection of a move filed and changed, and the letters it played, written
    with the move; the caller holds the move's transaction."""
    written: dict[int, int] = {}
    # A move files ten thousand letters: in one executemany a run of rows of the same
    # columns, each given the id one INSERT at a time would give it (the largest + 1:
    # the table's key has no AUTOINCREMENT), so that the letters played can name it.
    next_id = db.conn.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM letters").fetchone()[0]
    # A letter filed and played by this move is written played (not written, then updated).
    played = set(collected.played)
    played_now: set[int] = set()
    for keys, run in groupby(collected.pending, key=tuple):
        columns = [c for c in keys if c != "id"]
        # The run taken as columns at once (C speed): the ids, then each column's values.
        ids, *table = zip(*map(itemgetter("id", *columns), run))
        count = len(ids)
        now = played.intersection(ids) if "played" in columns else ()
        if now:
            at = columns.index("played")
            table[at] = (1,) * count if len(now) == count else tuple(
                [1 if i in now else value for i, value in zip(ids, table[at])])
            played_now |= now
        given = range(next_id, next_id + count)
        written.update(zip(ids, given))
        next_id += count
        marks = ", ".join("?" * (len(columns) + 1))
        db.conn.executemany(f"INSERT INTO letters (id, {', '.join(columns)}) VALUES ({marks})",
                            zip(given, *table))
    for letter_id, values in collected.changes.items():
        db["letters"].update(letter_id, values)
    db.conn.executemany("UPDATE letters SET played = 1 WHERE id = ?",
                        [(written.get(i, i),) for i in collected.played if i not in played_now])




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
    db = store.open_db(game_dir)
    if store.game_row(db)["ended"]:
        raise GameError("the game is over; it takes no more orders")
    desk = Inbox(game_dir, db, now=now)
    return desk, InboxRun(checked=desk.check_waiting(), answered=desk.mailing)


def file_letters(desk: Inbox, run: InboxRun, letters: Iterable[Letter],
                 also: Callable[[list[tuple[Letter, Filed]]], None] | None = None) -> None:
    """Letters filed and answered, a few hundred to a transaction; `also` records more of
    each chunk in the same transaction (the IMAP UIDs read), so that a chunk is filed
    with it or not at all."""
    letters = iter(letters)
    with outbox.Writer() as writer:
        if desk.desk is not None:
            desk.desk.writer = writer
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
