"""What an officer is told of his letters that did not simply count: a letter refused,
replaced, a copy, one pbem failed on. Each is a `Said` (`pbem.rules.said`) that the
report keeps as written and says again in its reader's language; its messages are
registered here, where `pbem.language` finds them in any process."""

from __future__ import annotations

from datetime import datetime, timezone

from .rules.said import Said, saying

MAIL_OF = saying("your mail of %(date)s UTC")
ORDER_FILE = saying("your order file %(file)s")
# A refusal names an order file in its own words: "your order file %(file)s" alone would
# read back more of a stored refusal than "%(letter)s was refused:" does.
FILE_REFUSED = saying("your order file %(file)s was refused:")
FILE_REFUSED_FOR = saying("your order file %(file)s, for move %(move)s, was refused:")
REFUSED = saying("%(letter)s was refused:")
REFUSED_FOR = saying("%(letter)s, for move %(move)s, was refused:")
NOT_PLAYED = saying("%(letter)s was not played: %(played)s came after it, and the latest valid "
                    "orders filed for a move are played.")
A_COPY = saying("%(letter)s is a copy of orders filed for move %(move)s: orders are played "
                "only in the move they name, so it is not played again.")
SEND_FOR_MOVE = saying("%(copy)s Send orders for move %(move)s (write MOVE %(move)s).")
FOR_ANOTHER_MOVE = saying("no orders for this move arrived: %(letter)s is for move "
                          "%(declared)s; this move is %(move)s")
FAILED_ON = saying("your order file %(file)s could not be read: pbem met an error of its own "
                   "on it (%(error)s). The GM has been told. Send the orders again, or wait "
                   "for his word.")


def mail_label(date: datetime) -> str:
    """A letter that came by mail as its officer knows it."""
    return Said(MAIL_OF, date=f"{date.astimezone(timezone.utc):%Y-%m-%d %H:%M:%S}")


def called(label: str) -> str:
    """A letter as its officer is told of it: `your mail of ...`, `your order file ...`."""
    return label if label.startswith("your ") else Said(ORDER_FILE, file=label)


def refused(label: str, move: int | None = None) -> str:
    """The first line of a refused letter's words: which it is, and for which move when it
    is not this one."""
    if label.startswith("your "):
        return (Said(REFUSED, letter=label) if move is None
                else Said(REFUSED_FOR, letter=label, move=move))
    return (Said(FILE_REFUSED, file=label) if move is None
            else Said(FILE_REFUSED_FOR, file=label, move=move))
