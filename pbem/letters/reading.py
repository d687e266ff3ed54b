"""Letters from where the GM keeps his mail: a Maildir, an mbox file, `.eml` files, plain
order files, or a folder of any of them; and the mail and mboxes a move finds in `orders/`
(`letter.letters_of_file` hands them over, and reads the plain files itself).

Each mail becomes a `Letter`: who sent it, when (tz-aware, with the order of arrival to
break ties), its Message-ID and subject, and the text that may hold orders, found in the
plain text first, then the HTML, then a `.txt` attachment, unquoted when the orders were
quoted in a reply. A mail that holds no orders is a letter too, with the reason, so the GM
can read it: nothing the mailbox holds is lost, and no mail, however broken, stops the
reading.
"""

from __future__ import annotations

import email
import hashlib
import mailbox
import os
import re
from datetime import datetime, timezone
from email import policy
from email.message import Message
from email.utils import parseaddr, parsedate_to_datetime
from pathlib import Path
from typing import Iterable, Iterator

from ..orderfolder import CannotRead, read_regular
from ..terminal import clean_line
from .letter import (
    MOST_MAIL_BYTES, NOT_ORDERS, Letter, is_mail, letter_from_text, looks_like_mbox,
    unreadable,
)
from .mime import header_text, text_parts
from .order_text import find_orders
from .text import decode_text


class MailSourceError(Exception):
    """A place the GM named cannot be read as mail: the message says what to give instead."""


# --- headers ---------------------------------------------------------------------------

_MESSAGE_ID = re.compile(r"<[^<>\s]+@[^<>\s]+>")
_UTC = timezone.utc


def _raw(message: Message, name: str) -> str | None:
    """A header as it came, 8-bit bytes decoded like a body (raw UTF-8 headers are common)."""
    for key, value in message.raw_items():
        if key.lower() == name:
            if isinstance(value, str):
                return decode_text(value.encode("utf-8", "surrogateescape"), "utf-8")
            return str(value)
    return None


def _date(raw: str | None) -> datetime | None:
    if not raw:
        return None
    try:
        date = parsedate_to_datetime(header_text(raw))
    except (ValueError, TypeError, IndexError, OverflowError):
        return None
    # RFC 5322's -0000 means "UTC, the zone unknown": parsedate gives it naive.
    date = date if date.tzinfo else date.replace(tzinfo=_UTC)
    # A date no calendar of pbem's can hold in UTC, or a day away (9999-12-31 -1200, year
    # 1), is no date a mail was written: the mail is dated as if it had none.
    try:
        if not _EARLIEST <= date.astimezone(_UTC) <= _LATEST:
            return None
    except (OverflowError, ValueError):
        return None
    return date


_EARLIEST = datetime(1, 1, 2, tzinfo=timezone.utc)
_LATEST = datetime(9999, 12, 30, tzinfo=timezone.utc)


def _message_ids(raw: str | None) -> list[str]:
    return _MESSAGE_ID.findall(header_text(raw)) if raw else []


def _stamp(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, _UTC)


# --- one message -----------------------------------------------------------------------

def _orders_of(message: Message) -> tuple[str | None, str, str, str]:
    """(orders, found in, reason, first body text) of a parsed message."""
    parts, other = text_parts(message)
    if not parts:
        only = ", ".join(other) if other else "nothing"
        return None, "", f"the mail has no text to read (it holds {only})", ""
    for part in parts:
        found = find_orders(part.text)
        if found is not None:
            text, depth = found
            where = part.described + (", quoted in a reply" if depth else "")
            return text, where, "", parts[0].text
    return None, "", NOT_ORDERS, parts[0].text


def letter_from_bytes(data: bytes, source: str, arrival: int,
                      delivered: datetime | None = None) -> Letter:
    """A mail's bytes as a letter; `delivered` dates a mail that has no usable Date."""
    try:
        message = email.message_from_bytes(data, policy=policy.compat32)
        name, address = parseaddr(header_text(_raw(message, "from")))
        date = _date(_raw(message, "date"))
        dated_by = "Date header" if date else ("delivery time" if delivered else "")
        ids = _message_ids(_raw(message, "message-id"))
        references = _message_ids(_raw(message, "references"))
        for reply_to in _message_ids(_raw(message, "in-reply-to")):
            if reply_to not in references:
                references.append(reply_to)
        orders, found_in, reason, body = _orders_of(message)
        return Letter(
            source=source, arrival=arrival, sender=address, sender_name=name,
            date=date or delivered, dated_by=dated_by, message_id=ids[0] if ids else "",
            references=tuple(references), subject=header_text(_raw(message, "subject")),
            orders=orders, found_in=found_in, reason=reason, body=body,
            digest=hashlib.sha256(data).hexdigest(),
        )
    except Exception as error:  # noqa: BLE001 - hostile input must never stop the reading
        return unreadable(source, arrival, error, delivered, data)


# --- sources ---------------------------------------------------------------------------

class _Counter:
    def __init__(self) -> None:
        self.n = 0

    def next(self) -> int:
        self.n += 1
        return self.n - 1


# The latest delivery time a Maildir name may say, in seconds: a name beyond it (twenty
# digits) is no delivery a mail server made, and no date a datetime holds.
_LATEST_DELIVERY = 253402214400  # 9999-12-31 00:00 UTC


def _delivery_of_key(key: str) -> float | None:
    # Maildir names begin with the delivery time in seconds: 1700000000.M12P34.host
    match = re.match(r"(\d+)(?:\.|$)", key)
    return float(match.group(1)) if match else None


def _maildir_files(path: Path) -> list[tuple[str, str]]:
    """(key, path) of every mail in the Maildir's new/ and cur/, as `mailbox.Maildir` names
    them (the name up to its flags), unfinished deliveries (tmp/) and hidden names aside."""
    found = []
    for sub in ("new", "cur"):
        folder = path / sub
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        found += [(name.split(":")[0], str(folder / name)) for name in names
                  if not name.startswith(".")]
    return found


def _read_maildir(path: Path, counter: _Counter) -> Iterator[Letter]:
    # Each entry read as a file of `_read_file` is: only a regular one, never blocking (a
    # FIFO), at most one mail's worth of it (a link to /dev/zero is no regular file).
    files = sorted(_maildir_files(path),
                   key=lambda kf: (_delivery_of_key(kf[0]) or float("inf"), kf[0]))
    for key, file in files:
        arrival = counter.next()
        # A name is bytes on POSIX: one that is not UTF-8 holds surrogates, which no text
        # can store; shown by its escapes, as every name a player may have chosen.
        source = clean_line(f"{path}, mail {key}")
        seconds = _delivery_of_key(key)
        if seconds is not None and seconds > _LATEST_DELIVERY:
            yield unreadable(source, arrival, CannotRead(
                f"its name says it was delivered {key.split('.')[0][:30]} seconds after 1970, "
                "later than any date; no mail server names a mail so", "look at it yourself"))
            continue
        try:
            data, opened = read_regular(file, MOST_MAIL_BYTES + 1)
            delivered = _stamp(opened.st_mtime if seconds is None else seconds)
        except (CannotRead, OSError, ValueError, OverflowError) as error:
            yield unreadable(source, arrival, error)
            continue
        if len(data) > MOST_MAIL_BYTES:
            yield unreadable(source, arrival, _too_large(), delivered)
            continue
        yield letter_from_bytes(data, source, arrival, delivered)


def _too_large() -> CannotRead:
    return CannotRead(f"it is larger than {MOST_MAIL_BYTES // (1024 * 1024)} MiB, more than "
                      "any mail pbem reads")


def _from_line_date(line: str) -> datetime | None:
    # "From sender@example.org Mon Nov 30 20:01:00 2026": the date the mail was delivered.
    parts = line.split(None, 1)
    return _date(parts[1]) if len(parts) == 2 else None


def _read_mbox(path: Path, counter: _Counter, shown: str | None = None) -> Iterator[Letter]:
    box = mailbox.mbox(str(path), factory=None, create=False)
    try:
        for n, key in enumerate(box.keys(), 1):
            arrival = counter.next()
            source = f"{shown or path}, mail {n}"
            try:
                # With its From_ line, which says when it was delivered: one read, no parse.
                whole = box.get_bytes(key, from_=True)
                head, _, data = whole.partition(b"\n")
                delivered = _from_line_date(head.decode("latin-1").removeprefix("From ").rstrip())
            except (OSError, KeyError, ValueError) as error:
                yield unreadable(source, arrival, error)
                continue
            yield letter_from_bytes(data, source, arrival, delivered)
    finally:
        box.close()


def _read_file(path: str | Path, counter: _Counter, shown: str,
               data: bytes | None = None, mtime: float | None = None) -> Iterator[Letter]:
    # Only a regular file, never blocking (a FIFO), and at most one mail's worth of it; an
    # mbox, opened by the mailbox module, may be longer.
    path = os.fspath(path)
    try:
        if data is None:
            data, opened = read_regular(path, MOST_MAIL_BYTES + 1)
            mtime = opened.st_mtime
        written = _stamp(os.stat(path).st_mtime if mtime is None else mtime)
    except (CannotRead, OSError, OverflowError, ValueError) as error:  # a time past 9999
        yield unreadable(shown, counter.next(), error)
        return
    if looks_like_mbox(data):
        yield from _read_mbox(path, counter, shown)
    elif len(data) > MOST_MAIL_BYTES:
        yield unreadable(shown, counter.next(), _too_large())
    elif is_mail(path, data):
        yield letter_from_bytes(data, shown, counter.next(), written)
    else:
        yield letter_from_text(data, shown, counter.next(), written)


def letters_of_mail_file(path: str, shown: str, data: bytes | None = None,
                         mtime: float | None = None) -> list[Letter]:
    """The letters of one file as `letter.letters_of_file` hands it over: a mail, an mbox
    (several), or a file not read yet, which may be a plain order file too."""
    return list(_read_file(path, _Counter(), shown, data, mtime))


def is_maildir(path: Path) -> bool:
    return (path / "cur").is_dir() and (path / "new").is_dir()


def _folder_files(folder: Path) -> list[Path]:
    """Every file under the folder but hidden ones and Maildirs' unfinished deliveries
    (tmp/), oldest first: the order they arrived in, then their names."""
    found: list[tuple[int, str, Path]] = []
    for root, dirs, files in os.walk(folder):
        here = Path(root)
        maildir = is_maildir(here)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not (maildir and d == "tmp"))
        for name in files:
            if not name.startswith("."):
                path = here / name
                try:
                    found.append((path.stat().st_mtime_ns, str(path.relative_to(folder)), path))
                except OSError:
                    continue
    return [path for _, _, path in sorted(found)]


def read_letters(sources: Iterable[Path | str]) -> Iterator[Letter]:
    """Every mail in the given places, in order of reading (arrival numbers count on
    across sources). Raises MailSourceError only for a place that does not exist."""
    counter = _Counter()
    for source in sources:
        path = Path(source)
        if is_maildir(path):
            yield from _read_maildir(path, counter)
        elif path.is_dir():
            for file in _folder_files(path):
                yield from _read_file(file, counter, clean_line(str(file)))
        elif path.exists() or path.is_symlink():  # a file, or what is refused as one
            yield from _read_file(path, counter, clean_line(str(path)))
        else:
            raise MailSourceError(
                f"{path}: no such file or folder; give a Maildir, an mbox file, .eml files, "
                "order files or a folder of them"
            )
