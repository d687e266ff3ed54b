"""The press: what officers write for everybody to read in the next bulletin.

Not a rule of the printed game but of its play by mail, where the bulletin is the only
place all officers meet: a `PRESS` line is published in the bulletin of the move the orders
are played in, signed with the officer's name, or unsigned with `PRESS ANONYMOUS`. Only
orders that are played publish anything: a ship that holds has no voice that move.
"""

from __future__ import annotations

from .board import Board
from .events import GM, PUBLIC
from .orders import Orders, Problem, PressLine
from .said import Said
from .state import Officer

# The press of one officer in one move, in characters: a few lines of a bulletin, not a
# pamphlet. Counted over all his PRESS lines, so long text may be spread over several.
MOST_PRESS_CHARS = 600


def press_problems(orders: Orders) -> list[Problem]:
    """At most MOST_PRESS_CHARS characters of press a move, told at the line that goes over."""
    written = 0
    for line in orders.press:
        written += len(line.text)
        if written > MOST_PRESS_CHARS:
            total = sum(len(p.text) for p in orders.press)
            return [orders.problem(
                "PRESS", Said("your PRESS lines hold %(total)s characters; the press of one "
                              "move is at most %(most)s", total=total, most=MOST_PRESS_CHARS),
                Said("shorten them by %(over)s characters", over=total - MOST_PRESS_CHARS),
                line=line.line,
                private=False)]
    return []


def paragraphs(lines: tuple[PressLine, ...]) -> list[tuple[bool, str]]:
    """The officer's lines as the bulletin prints them: consecutive lines signed alike make
    one paragraph (mail clients wrap long lines, so players split them)."""
    out: list[tuple[bool, str]] = []
    for line in lines:
        if out and out[-1][0] == line.anonymous:
            out[-1] = (line.anonymous, f"{out[-1][1]} {line.text}")
        else:
            out.append((line.anonymous, line.text))
    return out


def publish(board: Board, officer: Officer, orders: Orders) -> None:
    """The officer's press goes to the bulletin; an anonymous piece names nobody there,
    and only the GM log says who wrote it."""
    for anonymous, text in paragraphs(orders.press):
        if anonymous:
            board.emit("press", PUBLIC, None, officer_name=None, text=text)
            board.emit("press-author", GM, officer.id, officer_name=officer.name, text=text)
        else:
            board.emit("press", PUBLIC, officer.id, officer_name=officer.name, text=text)
