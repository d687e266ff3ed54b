"""A letter, a plain order file's letter, and what a file is: a mail, an mbox or plain.

A `Letter` is one mail or one plain order file as pbem read it. Nearly every file a move
reads is a plain order file, read here with no mail machinery: its bytes decoded (`text`),
its orders found (`order_text`), dated by the file's time. Whether a file is a mail, an
mbox or a plain file is told at a glance at its first bytes and its name; `reading` reads
mail, `files` hands each file to the one that reads it.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import PurePath

from ..orderfolder import CannotRead
from .order_text import find_orders
from .text import decode_text

MOST_MAIL_BYTES = 25 * 1024 * 1024  # one mail with its attachments (an mbox may be longer)

NOT_ORDERS = "no GAME line anywhere in the mail: not orders (a question, a greeting or spam?)"


@dataclass(frozen=True)
class Letter:
    """One mail (or plain order file) as pbem read it."""

    source: str  # where it was read, e.g. "inbox.mbox, mail 3"
    arrival: int  # the order of reading, 0 first: breaks ties between equal dates
    sender: str  # the From address; "" for a plain file
    sender_name: str
    date: datetime | None  # tz-aware
    dated_by: str  # "Date header", "delivery time", "file time" or "" when unknown
    message_id: str  # "<...@...>", "" when missing
    references: tuple[str, ...]  # the Message-IDs this mail answers, oldest first
    subject: str
    orders: str | None  # the text holding the orders, unquoted; None when there are none
    found_in: str  # where the orders were, e.g. "the attachment orders.txt"
    reason: str  # why there are no orders; "" when there are
    body: str  # the mail's first text part, for the GM to read a mail without orders
    digest: str = ""  # SHA-256 of the bytes read: the same mail read twice is one letter
    mail: bool = True  # False for a plain order file (no sender, dated by the file)

    @property
    def has_orders(self) -> bool:
        return self.orders is not None


def unreadable(source: str, arrival: int, error: Exception,
               delivered: datetime | None = None, data: bytes | None = None) -> Letter:
    """A letter that could not be read, with the reason: nothing read is lost unsaid."""
    return Letter(
        source=source, arrival=arrival, sender="", sender_name="", date=delivered,
        dated_by="delivery time" if delivered else "", message_id="", references=(),
        subject="", orders=None, found_in="",
        reason=(f"the mail could not be read: {error}" if isinstance(error, CannotRead) else
                f"the mail could not be read ({type(error).__name__}: {error})"), body="",
        digest=hashlib.sha256(data).hexdigest() if data is not None else "",
    )


def letter_from_text(data: bytes, source: str, arrival: int, written: datetime | None) -> Letter:
    """A plain order file, saved by hand from a mail or typed by the GM."""
    text = decode_text(data)
    found = find_orders(text)
    orders, depth = found if found else (None, 0)
    # One for each file of a move: the fields every plain file has alike are copied.
    fields = _PLAIN_FILE.copy()
    fields["source"] = source
    fields["arrival"] = arrival
    fields["date"] = written
    fields["dated_by"] = "file time" if written else ""
    fields["orders"] = orders
    fields["found_in"] = ("the file" + (", quoted in a reply" if depth else "")) if found else ""
    fields["reason"] = "" if found else _NOT_ORDERS_IN_FILE
    fields["body"] = text
    fields["digest"] = hashlib.sha256(data).hexdigest()
    return Letter(**fields)


# The fields of a plain file's letter, in the class's order; those of the file set over.
_PLAIN_FILE = {"source": "", "arrival": 0, "sender": "", "sender_name": "", "date": None,
               "dated_by": "", "message_id": "", "references": (), "subject": "",
               "orders": None, "found_in": "", "reason": "", "body": "", "digest": "",
               "mail": False}
_NOT_ORDERS_IN_FILE = NOT_ORDERS.replace("the mail", "the file")


# --- what a file is --------------------------------------------------------------------

_FROM_LINE = re.compile(rb"^From \S+ .*\d{1,2}:\d{2}")
_HEADER_LINE = re.compile(rb"^([!-9;-~]+):")
_MAIL_HEADERS = frozenset({
    b"from", b"date", b"subject", b"message-id", b"mime-version", b"received",
    b"return-path", b"to", b"delivered-to", b"content-type",
})


def looks_like_mbox(data: bytes) -> bool:
    # The pattern stops at the first line end by itself: no line is cut out for it.
    return bool(_FROM_LINE.match(data))


def looks_like_mail(data: bytes) -> bool:
    """A header block (name: value lines up to a blank line) naming a mail header: an order
    file's first lines (GAME cornifex) never look like that."""
    lines = data[:8192].replace(b"\r\n", b"\n").split(b"\n")
    known = False
    for n, line in enumerate(lines):
        if not line:
            return known and n > 0
        if line[:1] in (b" ", b"\t") and n > 0:
            continue
        match = _HEADER_LINE.match(line)
        if not match:
            return False
        known = known or match.group(1).lower() in _MAIL_HEADERS
    return known


MAIL_SUFFIXES = (".eml", ".msg")  # a file named so is read as a mail


def is_mail(path: str, data: bytes) -> bool:
    """Is a file that is no mbox a mail: named as one, or beginning with a mail's headers?"""
    return PurePath(path).suffix.lower() in MAIL_SUFFIXES or looks_like_mail(data)
