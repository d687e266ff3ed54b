"""The words every problem of the order reader shares: the refusal of an order's
arguments (`UnreadableOrder`), what to write instead, "did you mean", and the messages
they are made of, registered for the reader's language (docs/translating.md)."""

from __future__ import annotations

from pbem.rules.said import Said, counted, saying, saying_plural


class UnreadableOrder(ValueError):
    """An order's arguments cannot be read; `fix` says what to write instead. Both are
    `Said` (`pbem.rules.said`), printed in the reader's language."""

    def __init__(self, message: str, fix: str):
        super().__init__(message)
        self.message = message
        self.fix = fix


# The messages of the reader's problems that a refused letter keeps with values in them,
# registered so that a report says them again in its reader's language (docs/translating.md).
WRITE = saying("write %(words)s")
WRITE_EITHER = saying("write %(one)s or %(other)s")
WRITE_E_G = saying("write e.g. %(words)s")
DID_YOU_MEAN = saying("%(message)s; did you mean %(near)s?")
# Not registered: its words ("; ") are in too many texts to read them back by.
BOTH = "%(first)s; %(rest)s"


def did_you_mean(message: str, near: str | None) -> str:
    """`message`, and "; did you mean X?" when a known word X is near what was written."""
    return Said(DID_YOU_MEAN, message=message, near=near) if near else message


def joined(said: list[str]) -> str:
    """Several texts as one, joined by "; "."""
    return said[0] if len(said) == 1 else Said(BOTH, first=said[0], rest=joined(said[1:]))


# The reader's own problems (`reader`).
TOO_LONG = saying("the line is %(chars)s characters long: an order line has at most %(most)s")
SECOND_LINE = saying("a second %(order)s line (the first is on line %(first)s)")
KEEP_ONE = saying("keep one %(order)s line and delete the other")
KEEP_ONE_ROUTE = saying("keep one %(order)s line and delete the other; join segments with + on "
                        "one line")
IN_THE_HEADER = saying("%(order)s belongs to the header, before the orders (%(word)s on line "
                       "%(line)s)")
TOO_MANY = saying("more than %(most)s %(order)s lines: at most %(most)s are read")
KEEP_AT_MOST = saying("keep at most %(most)s %(order)s lines (%(help)s)")
UNKNOWN_ORDER = saying("unknown order %(written)s")
ORDERS_ARE = saying("orders are %(orders)s; other text goes after END or after a #")
WRITE_INSTEAD = saying("write instead: %(words)s")
NO_HEADER_LINE = saying("the header has no %(order)s line")
ADD_UNDER = saying("add %(example)s under %(game)s (line %(line)s)")
GIVEN_ALREADY = saying("%(component)s is on the REFIT line %(first)s already")
START_WITH = saying("start your orders with the header:\n%(header)s")
FILE_TOO_LARGE = saying("the file is larger than %(kib)s KiB and its orders do not end (END) "
                        "within its first %(kib)s KiB, so it was not read: the orders must end "
                        "within the first %(bytes)s bytes")
NOT_TEXT = saying("this is not a text file: %(why)s")
MORE_PROBLEMS = saying_plural(
    "... and %(count)s more problem (only the first %(most)s are listed): mend these and "
    "check again",
    "... and %(count)s more problems (only the first %(most)s are listed): mend these and "
    "check again")


def masked(text: str, secret: str, mask: str) -> str:
    """A message with the secret its line may carry masked wherever it quotes it (in the
    values of a `Said`, which keeps its message)."""
    if not isinstance(text, Said):
        return text.replace(secret, mask)
    values = {key: masked(value, secret, mask) if isinstance(value, str) else value
              for key, value in text.values.items()}
    if text.plural is not None:
        return counted(text.message, text.plural, values.pop("num"), **values)
    return Said(text.message, **values)
