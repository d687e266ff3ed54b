"""Filing letters into the game: each mail or order file read, dated, matched to its
officer, checked and recorded in the game's database, once.

`pbem inbox` files the mails of a Maildir, an mbox or `.eml` files (`pbem.mail.intake`);
`pbem resolve` files what waits in `orders/` the same way before it plays the move
(`pbem.collecting`). Filing a letter:

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
- a receipt (`pbem.mail.receipts`) goes to the sender and to the officer's enlisted
  address, when the desk answers the letters it files.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable, Protocol

from . import deadlines, settings
from .letter_words import mail_label
from .letters.letter import Letter, unreadable
from .officer_secrets import proof_stands, secret_ok
from .orders.limits import brief
from .orders.reader import listed, read_and_keep
from .orders.secret import without_secret
from .rules import lawful
from .rules.orders import UNLAWFUL, Orders, Problem, in_report_order
from .rules.state import GameState, Officer
from .rules.wording import plural
from .ruleset_files import Ruleset, RulesetError, load_ruleset
from .errors import GameError
from .storage import game_state, letters as letter_rows, officers as officer_rows
from .storage.database import Database

ACCEPTED, REFUSED, WAITING, NOT_ORDERS = "accepted", "refused", "waiting", "not orders"
# Letters filed by a collection and not written yet are numbered from here: after every
# letter written, so the order of filing stays the order of the numbers.
_UNWRITTEN = 10**15
# What is kept of a letter's text: enough to read any order file or question.
MOST_TEXT_CHARS = 64 * 1024
_KNOWN = ("id", "move", "status", "officer_id", "source")  # of a letter filed before
# Dated by the letter itself (the deadline applies) or by the GM's own filing.
_OWN_DATES = frozenset({"Date header", "delivery time"})


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
class Verdict:
    """A letter as its check found it: the orders, their problems, the officer."""

    orders: Orders
    problems: list[Problem]
    officer: Officer | None
    authentic: str  # the officer's secret hash when he proved who he is, else ""


# The fields of a Filed in the class's order, as a letter filed now has them but its own.
_FILED: dict[str, Any] = {"id": 0, "source": "", "status": "", "move": None, "officer": None,
                          "problems": (), "note": "", "again": False, "receipts": (),
                          "late": False}


def stamp(moment: datetime) -> str:
    """A moment as the letters' dates are written: UTC, ISO 8601, to the second."""
    return moment.astimezone(timezone.utc).isoformat(timespec="seconds")


def moment_of(text: str) -> datetime:
    return datetime.fromisoformat(text)


# Problems kept with a letter: far more than a receipt or a report lists.
MOST_PROBLEMS_KEPT = 200


def problems_json(problems: Iterable[Problem]) -> str:
    if not problems:
        return "[]"  # most letters have none
    kept = [problem_data(p) for p in list(problems)[:MOST_PROBLEMS_KEPT]]
    return json.dumps(kept) if kept else "[]"


def problem_data(p: Problem) -> dict[str, Any]:
    return {"source": p.source, "line": p.line, "text": p.text, "message": p.message,
            "fix": p.fix, "kind": p.kind, "private": p.private}


def problems_of(row: dict[str, Any]) -> list[Problem]:
    return [Problem(**d) for d in json.loads(row["problems"] or "[]")]


def problems_listed(row: dict[str, Any]) -> list[str]:
    """A letter's problems as a report or a record lists them: the first few, then how
    many more."""
    return listed(problems_of(row), total=row["problems_total"])


class Answering(Protocol):
    """What answers the letters a desk files: `pbem.mail.receipts.Receipts`."""

    mailing: bool  # False when the game has no GM address: no receipt is written

    def answer(self, desk: Inbox, letter: Letter, filed: Filed, verdict: Verdict,
               previous: dict[str, Any] | None, date: datetime) -> tuple[int, ...]: ...


class Inbox:
    """The filing desk of one game, for one call: the state, the rules and the deadline
    are loaded once, however many letters are filed."""

    def __init__(self, game_dir: Path, db: Database, *, now: datetime | None = None,
                 state: GameState | None = None, ruleset: Ruleset | None = None,
                 receipts: Answering | None = None, defer: bool = False) -> None:
        self.game_dir = Path(game_dir)
        # `pbem inbox` answers every letter it files (its `receipts`); the files `resolve`
        # finds in orders/ are answered by the reports of the move, which follow at once.
        self.receipts = receipts
        self.answering = receipts is not None and not defer
        # `resolve` writes what it files with the move, in the move's own transaction: a
        # move that fails or is killed leaves the inbox as it was. Until then the letters
        # filed and changed are kept here (`pending`, `changes`) and read with the rest.
        self.defer = defer
        self.pending: list[dict[str, Any]] = []
        self.changes: dict[int, dict[str, Any]] = {}
        # The pending letters by digest and by officer: a move files thousands of them.
        self._pending_digests: dict[str, dict[str, Any]] = {}
        self._pending_of: dict[int, list[dict[str, Any]]] = {}
        self.db = db
        self.now = now or datetime.now(timezone.utc)
        self._filed = stamp(self.now)  # every letter of this call is filed now
        # A letter's row, in the order of its columns (`record_filing` writes the rows of
        # the same columns at once), with what every letter of this call has alike.
        self._row: dict[str, Any] = {
            "move": None, "declared": None, "officer_id": None, "status": "", "source": "",
            "label": "", "sender": "", "sender_name": "", "subject": "", "message_id": "",
            "refs": "[]", "date": "", "dated_by": "", "filed": self._filed, "digest": "",
            "found_in": "", "reason": "", "text": "", "problems": "[]", "problems_total": 0,
            "authentic": "", "late": 0, "played": 0, "answer": int(self.answering),
        }
        self.state = state if state is not None else game_state.load_state(db)
        if ruleset is None:
            try:
                ruleset = load_ruleset(self.game_dir)
            except RulesetError as e:
                raise GameError(f"the game's rules are not valid: {e}") from None
        self.ruleset = ruleset
        g = game_state.game_row(db)
        self.game = g["name"]
        self.settings = json.loads(g["settings"])
        self.enlisted_from = settings.enlisted_from(self.settings)
        self.deadline = deadlines.of_move(db, self.state.move)
        self.zone = self.deadline.zone if self.deadline else (
            deadlines.schedule_of(self.settings).zone if deadlines.schedule_of(self.settings)
            else None)
        self.secrets = officer_rows.serving_secrets(db.conn)
        self.secret_ok = functools.partial(secret_ok, self.secrets)
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
        return officer_rows.emails(self.db.conn)

    # --- filing --------------------------------------------------------------------------

    def letters(self, filed: list[dict[str, Any]], keep: Callable[[dict[str, Any]], bool]
                ) -> list[dict[str, Any]]:
        """Letters as filed, with what this call filed or changed and has not written yet,
        in the order they were filed: `filed`, as read, holds at least those `keep` keeps."""
        rows = [dict(r, **self.changes.get(r["id"], {})) for r in filed]
        return [r for r in rows + self.pending if keep(r)]

    def update(self, letter_id: int, values: dict[str, Any]) -> None:
        if not self.defer:
            with self.db.atomic():
                letter_rows.update(self.db, letter_id, values)
        elif letter_id >= _UNWRITTEN:
            self.pending[letter_id - _UNWRITTEN].update(values)
        else:
            self.changes.setdefault(letter_id, {}).update(values)

    def known(self, digest: str) -> dict[str, Any] | None:
        if not digest:
            return None
        if digest in self._pending_digests:
            return self._pending_digests[digest]
        # Asked for each letter: a dict is made only for one filed before.
        found = letter_rows.with_digest(self.db.conn, digest, _KNOWN)
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
            unread = unreadable(letter.source, letter.arrival, error)
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
        previous = (self.standing(officer.id, move) if officer is not None and self.answering
                    and self.receipts is not None and self.receipts.mailing else None)
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
        fields["note"] = self.note(letter.source, status, move, officer, verdict.problems,
                                    late, orders)
        fields["late"] = late
        filed = Filed(**fields)
        receipts = self.answer(letter, filed, verdict, previous, date)
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
        return str(mail_label(date))

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
        if not self.secret_ok(officer.id, orders.secret):
            return ""
        return self.secrets[officer.id][1]

    def _header(self, orders: Orders, problems: list[Problem], letter: Letter) -> Verdict:
        """Orders for a later move: whose they are and the secret, now; the rest when their
        move is collected."""
        officer, found = lawful.header_problems(replace(orders, move=self.state.move),
                                                self.state, self.secret_ok, self.index)
        from_problem = self._from_problem(orders, officer, letter) if officer else None
        found += [from_problem] if from_problem else []
        return Verdict(orders, in_report_order(problems + found), officer,
                        self._authentic(orders, officer, from_problem))

    def _check(self, orders: Orders, problems: list[Problem], letter: Letter, *,
               after_deadline: bool = False,
               secret_ok: lawful.SecretCheck | None = None) -> Verdict:
        """The rules' lawfulness check, in full, for the move being collected; orders for
        another move are refused by it as they stand (`lawful.header_problems`)."""
        if after_deadline:
            problems = problems + [self._deadline_problem(orders)]
        # The header check asks whether the secret is the officer's it names; so does the
        # proof below that the letter is his.
        asked = secret_ok or self.secret_ok
        officer, found = lawful.judged(orders, self.state, self.ruleset, asked,
                                       colleagues=self.colleagues, index=self.index)
        if orders.game is None:  # whoever it names, orders without GAME are nobody's
            officer = None
        # Only a mail may come from the wrong address (`_from_problem`): not a file.
        from_problem = self._from_problem(orders, officer, letter) \
            if officer and letter.mail else None
        if from_problem:
            found.append(from_problem)
        proved = (officer is not None and orders.secret is not None and from_problem is None
                  and asked(officer.id, orders.secret))
        return Verdict(orders, in_report_order(problems + found) if problems or found else [],
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
        row["date"] = stamp(date)
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
        return insert_letter(self.db, row)

    def standing(self, officer_id: int, move: int) -> dict[str, Any] | None:
        """The officer's latest valid orders filed for the move, before this letter."""
        rows = [dict(r, **self.changes.get(r["id"], {})) for r in letter_rows.of_officer(
            self.db.conn, officer_id, move, WAITING)]
        found = [r for r in rows + self._pending_of.get(officer_id, [])
                 if r["move"] == move and r["status"] == ACCEPTED]
        return max(found, key=lambda r: (r["date"], r["id"]), default=None)

    def note(self, source: str, status: str, move: int, officer: Officer | None,
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


    def answer(self, letter: Letter, filed: Filed, verdict: Verdict,
               previous: dict[str, Any] | None, date: datetime) -> tuple[int, ...]:
        """The receipts of a letter filed, when this desk answers: their ids."""
        if not self.answering or self.receipts is None:
            return ()
        return self.receipts.answer(self, letter, filed, verdict, previous, date)

    def letter_of(self, row: dict[str, Any]) -> Letter:
        return Letter(
            source=row["source"], arrival=row["id"], sender=row["sender"],
            sender_name=row["sender_name"], date=moment_of(row["date"]), dated_by=row["dated_by"],
            message_id=row["message_id"], references=tuple(json.loads(row["refs"] or "[]")),
            subject=row["subject"], orders=row["text"], found_in=row["found_in"],
            reason=row["reason"], body="", digest=row["digest"],
            mail=row["dated_by"] != "file time",
        )

    def recheck(self, row: dict[str, Any], orders: Orders, problems: list[Problem],
                 letter: Letter) -> Verdict:
        """A filed letter checked again: the secret is kept only as a hash, so it stands
        as it was proved when filed, unless the GM has given the officer a new one since."""
        return self._check(orders, problems, letter,
                           secret_ok=functools.partial(proof_stands, self.secrets, row["authentic"]),
                           after_deadline=bool(row["late"]) and row["declared"] == self.state.move)


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


def insert_letter(db: Database, row: dict[str, Any]) -> int:
    """One letter filed; returns its id."""
    return letter_rows.insert(db.conn, row)
