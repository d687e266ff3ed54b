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
