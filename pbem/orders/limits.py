"""The limits of an order file: what one file may cost a move, the bounds of the numbers
its orders give, and the reading and quoting of what a player wrote within them."""

from __future__ import annotations

import re

# Order files come from the Internet. Each limit keeps one file, whatever it holds, from
# costing a move more than a glance; docs/gm-guide.md states them all.
MOST_FILE_BYTES = 64 * 1024  # a larger file is refused (only its header is read, to say whose)
MOST_LINE_CHARS = 500  # an order line (GAME to END) that is longer is refused
MOST_LINES_PER_ORDER = 20  # lines of one repeatable order (INFO, RESEARCH, PAY) read
MOST_PROBLEMS_LISTED = 20  # problems listed per file, in `pbem check` and in a report
MOST_QUOTED_CHARS = 120  # of a line quoted in a problem
# The numbers of the orders: every bound is far above what a ship can do, so it refuses
# only nonsense, by name, instead of converting it.
MOST_MOVE = 9999
MOST_ROUTE_PARSECS = 999  # the whole route
MOST_ON_BOARD = 99  # tanks, radars, crews named in TANKS, RADARS, LAND C n, CREWS LAND n
MOST_TARGETS = 99  # aliens in TARGET n
MOST_NEW_PLANETS = 99  # n of INFO NEW n
MOST_GRANTS = 99  # grants of one RESEARCH line
MOST_PAYMENT = 999  # points of one PAY line

# ASCII digits only: str.isdigit() also takes ² and ①, which int() refuses, and int()
# takes ٣ and 1_000, which nobody means.
_DIGITS = re.compile(r"[0-9]+")
# What a number of more than nine digits reads as: beyond every bound, so it is refused by
# its bound without ever converting 5,000 digits (int() refuses more than 4,300).
_BEYOND_EVERY_BOUND = 10**9


def read_number(word: str) -> int | None:
    """ASCII digits -> their value, None for anything else; a number of more than nine
    digits (leading zeros aside) reads as 10**9, beyond every bound of the orders."""
    if not _DIGITS.fullmatch(word):
        return None
    digits = word.lstrip("0") or "0"
    return int(digits) if len(digits) <= 9 else _BEYOND_EVERY_BOUND


def brief(text: str, most: int = 24) -> str:
    """A player's text quoted in a message: at most `most` characters."""
    return text if len(text) <= most else text[: most - 1] + "…"
