"""Where a letter meets the order model: the only module of `pbem.letters` that calls it.

Reading mail finds the text that may hold orders; whether it does, and what the orders
are, is the order model's business. When that model changes, this module is the one to
adapt. `read_orders` takes the lawfulness check as an argument, so the inbox can hand it
the game's own check without this module knowing anything about games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..orders.reader import names_a_game
from ..orders.reader import read_orders as read_order_file
from ..rules.orders import Orders, Problem, in_report_order
from .text import quote_depth, unquote

# The deepest quoting searched for orders: a reply to a reply to a reply.
MAX_QUOTE_DEPTH = 8


def has_orders(text: str) -> bool:
    """Does the text hold an order header (an unquoted GAME line naming a game)?"""
    return names_a_game(text)


def find_orders(text: str) -> tuple[str, int] | None:
    """The text with the orders unquoted, and the quoting taken off (0: not quoted).

    Orders written in the reply win over orders quoted below it; quoted orders are taken
    from the shallowest depth that holds them (the most recent mail of the thread).
    """
    if has_orders(text):
        return text, 0
    for depth in range(1, min(quote_depth(text), MAX_QUOTE_DEPTH) + 1):
        text = unquote(text)
        if has_orders(text):
            return text, depth
    return None


# The lawfulness check the inbox hands in: the rules' own, bound to the game's state.
Check = Callable[[Orders], list[Problem]]


@dataclass(frozen=True)
class OrderReading:
    """A letter's orders as the order model read them, with every problem found."""

    orders: Orders
    problems: tuple[Problem, ...]

    @property
    def accepted(self) -> bool:
        return self.orders.game is not None and not self.problems


def read_orders(text: str, source: str, check: Check | None = None) -> OrderReading:
    """Read a letter's order text; with `check`, also judge the orders' lawfulness (the
    order model reads what it can even when some lines cannot be read, so one answer holds
    every problem)."""
    orders, problems = read_order_file(text, source)
    if check is not None:
        problems = in_report_order(problems + list(check(orders)))
    return OrderReading(orders, tuple(problems))
