"""The GM's summary of a move skips the events it never tells of: every kind it has a
branch for is one it reads."""

from __future__ import annotations

import ast
import inspect

from pbem import summary
from pbem.rules.events import GM, OFFICER, Event


def branch_kinds() -> set[str]:
    """The kinds compared with `e.kind` in `summarize`."""
    tree = ast.parse(inspect.getsource(summary.summarize))
    return {node.comparators[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Compare) and ast.unparse(node.left) == "e.kind"
            and isinstance(node.ops[0], ast.Eq)}


def test_every_kind_the_summary_tells_of_is_read():
    assert branch_kinds() == summary.TOLD


def test_a_told_event_among_untold_ones_is_in_the_summary():
    events = [Event("turn", OFFICER, 1, {"officer_name": "Aulo"}),
              Event("promotion", OFFICER, 1, {"rank": "Tribunus"}),
              Event("sheet", OFFICER, 1, {"officer_name": "Aulo"}),
              Event("game-end", GM, None, {"winner": "Aulo", "reason": "the last move"})]
    told = summary.summarize(3, events, {1: "Aulo"}, 1)
    assert told.promotions == ("Aulo is promoted Tribunus",)
    assert told.game_end == "Aulo wins (the last move)"


def summary_of(officers: int, with_orders: int, recent=()) -> summary.MoveSummary:
    return summary.MoveSummary(move=5, officers=officers, with_orders=with_orders,
                               recent=tuple(recent))


def test_a_jump_in_the_share_of_officers_holding_is_refused_an_ordinary_move_is_not():
    usual = [(1, 12), (0, 12), (1, 12)]  # 2 of 36 turns held: 5%
    # 4 of 12 (33%): 28 points and 3.3 officers above the usual share.
    jump = summary_of(12, 8, usual).stray
    assert jump == ("4 of 12 officers would hold position (33%), against 5% in the last 3 "
                    "moves: is all the mail filed?")
    assert summary_of(12, 9, usual).stray is None  # 3 of 12: 25%, 2.3 officers over
    assert summary_of(12, 11, usual).stray is None  # one late player
    # A small game: two of six missing is 33% over 0%, but only 2 officers.
    assert summary_of(6, 4, [(0, 6)] * 3).stray is None
    assert summary_of(6, 3, [(0, 6)] * 3).stray  # three of six: half, a jump of 50 points
    # A game that always has a third holding is not alarmed by its usual third.
    assert summary_of(12, 8, [(4, 12), (5, 12), (3, 12)]).stray is None
    assert summary_of(12, 8).stray is None  # the first move: nothing to compare with
    # The rules before it stand: none valid, or more than half holding.
    assert summary_of(12, 5, usual).stray == "7 of 12 officers would hold position"
    assert summary_of(12, 0, usual).stray == "no officer sent valid orders for move 5"
