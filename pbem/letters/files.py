"""The letters of one file: a plain order file read as it is, mail parsed as mail.

`pbem resolve` reads every file waiting in `orders/` here. Nearly all are plain order
files, read by `letter` with no mail machinery; a file that is a mail or an mbox, or one not
read yet, is handed to `reading`, and only then are Python's `email` and `mailbox`
modules imported.
"""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

from .letter import MOST_MAIL_BYTES, Letter, is_mail, letter_from_text, looks_like_mbox


def letters_of_file(path: str | Path, shown: str, data: bytes | None = None,
                    mtime: float | None = None) -> list[Letter]:
    """The letters of one file (an mbox holds several), named `shown`: a plain order file
    is dated by its modification time. `data` is the file's content when already read,
    `mtime` its modification time (in seconds) as it was read."""
    path = os.fspath(path)
    if (data is not None and mtime is not None and len(data) <= MOST_MAIL_BYTES
            and not looks_like_mbox(data) and not is_mail(path, data)):
        # Read already, a plain file (a move's ten thousand): as `reading` tells it, with
        # no mail machinery (a test holds the two to the same letters).
        try:
            written = datetime.fromtimestamp(mtime, timezone.utc)
        except (OSError, OverflowError, ValueError):  # a time past 9999: told by `reading`
            pass
        else:
            return [letter_from_text(data, shown, 0, written)]
    from . import reading  # here: 20 ms of email, mailbox and html.parser, for mail only
    return reading.letters_of_mail_file(path, shown, data, mtime)
