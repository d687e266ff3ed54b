"""The receipt of a letter filed: what it tells, and to whom it goes.

A receipt goes to the sender and to the officer's enlisted address: the orders as read,
every problem with its line and its fix, or the word that they replace earlier ones; and
the deadline. A sender who did not give the right secret (or, as a GM setting, wrote from
another address) is not told the problems that speak of the ship; the enlisted address is
told everything. `pbem inbox` answers each letter it files with these
(`pbem.filing.Inbox`, given its `Receipts`).
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime
from typing import Any

from .. import deadlines
from ..filing import Filed, Inbox, Verdict, moment_of, stamp
from ..language import moment_in
from ..letters.letter import Letter
from ..order_lines import orders_lines
from ..orders.reader import listed
from ..render import environment
from ..rules.said import Said
from ..rules.state import Officer
from ..schedule import time_left
from . import compose, outbox
from ..storage import game_state
from ..storage.database import Database


class Receipts:
    """The receipts of one game's desk, for one call: its GM address and outbox are read
    once, however many letters are answered."""

    def __init__(self, db: Database) -> None:
        # Without a GM address for their From, no receipt is written.
        self.mailing = outbox.sender_of(json.loads(game_state.game_row(db)["settings"])) is not None
        self.desk = outbox.Desk(db) if self.mailing else None  # read once for every receipt
        self._templates: dict[str, Any] = {}  # the receipt's, by the language it is read in
        self.readers = game_state.readers(db)

    def answer(self, desk: Inbox, letter: Letter, filed: Filed, verdict: Verdict,
               previous: dict[str, Any] | None, date: datetime) -> tuple[int, ...]:
        """The receipt: to the sender and to the enlisted address. Whoever did not prove
        he is the officer is not told what the problems say of the ship."""
        if not self.mailing:
            return ()
        officer = verdict.officer
        thread = compose.Thread(letter.message_id, letter.references)
        whole = self._receipt(desk, letter, filed, verdict, previous, date, trusted=True)
        if verdict.authentic or officer is None:
            ids = [outbox.queue_receipt(
                desk.game_dir, desk.db, body=whole if verdict.authentic else self._receipt(
                    desk, letter, filed, verdict, None, date, trusted=False),
                verdict=filed.status, move=filed.move, answers=thread,
                sender_address=letter.sender, officer_id=officer.id if officer else None,
                now=desk.now, desk=self.desk)]
        else:
            enlisted = desk.emails.get(officer.id, "")
            same = bool(letter.sender) and letter.sender.casefold() == enlisted.casefold()
            ids = [outbox.queue_receipt(
                desk.game_dir, desk.db, body=whole, verdict=filed.status, move=filed.move,
                answers=thread, sender_address=letter.sender if same else "", officer_id=officer.id,
                now=desk.now, desk=self.desk)]
            if not same and letter.sender:
                ids.append(outbox.queue_receipt(
                    desk.game_dir, desk.db,
                    body=self._receipt(desk, letter, filed, verdict, None, date, trusted=False),
                    verdict=filed.status, move=filed.move, answers=thread,
                    sender_address=letter.sender, officer_id=officer.id, to_officer=False,
                    now=desk.now, desk=self.desk))
        return tuple(i for i in ids if i is not None)

    def _receipt(self, desk: Inbox, letter: Letter, filed: Filed, verdict: Verdict,
                 previous: dict[str, Any] | None, date: datetime, *, trusted: bool) -> str:
        problems = [replace(p, source=Said("your orders")) for p in verdict.problems]
        shown = problems if trusted else [p for p in problems if not p.private]
        deadline = deadlines.of_move(desk.db, filed.move) if filed.move != desk.state.move \
            else desk.deadline
        # In the officer's language once he is known, else the game's.
        lang = self.readers.of(verdict.officer.id) if verdict.officer else self.readers.game
        template = self._templates.get(lang)
        if template is None:
            template = self._templates[lang] = environment(
                desk.game_dir, "txt", lang).get_template("receipt.txt.j2")
        return template.render(
            game=desk.game, status=filed.status, move=filed.move, collected=desk.state.move,
            officer=filed.officer or verdict.orders.officer, subject=letter.subject,
            dated=moment_in(lang, date, desk.zone), dated_by=letter.dated_by,
            found_in=letter.found_in, late=filed.late, declared=verdict.orders.move,
            lines=orders_lines(verdict.orders), problems=listed(shown),
            counted=len(shown), left_out=len(problems) - len(shown),
            replaces=moment_in(lang, moment_of(previous["date"]), desk.zone)
            if previous and previous["date"] <= stamp(date) else None,
            later=moment_in(lang, moment_of(previous["date"]), desk.zone)
            if previous and previous["date"] > stamp(date) else None,
            deadline=deadlines.view(deadline, filed.move) if deadline else None,
            left=time_left(deadline, desk.now) if deadline else None,
            # The officer's own copy of a mail that did not prove his, from an address not
            # his: he is warned.
            unproved=trusted and verdict.officer is not None and not verdict.authentic
            and not _from_enlisted(desk, letter, verdict.officer),
            sender=letter.sender,
        )


def _from_enlisted(desk: Inbox, letter: Letter, officer: Officer) -> bool:
    enlisted = desk.emails.get(officer.id, "")
    return bool(letter.sender) and letter.sender.casefold() == enlisted.casefold()
