"""Builders shared by the conformance tests (the pure core's are in `tests/core.py`).

A conformance test is named by the rulebook section it holds (`test_3B_...`, `test_SC_E_...`,
`test_5Ba_...`) or, under `rulings/`, by the ruling constant it shows (`test_NAME_...`); it
builds the smallest state it needs, plays one move with every die forced, and asserts on the
rules' events and the new state, never on rendered prose. The tests under `core/` hold the
rules core module by module (`core/test_route.py` for `pbem/rules/route.py`) and are named
freely.

Outer space, unless a test says otherwise: the black hole's nucleus at (20, 20) on every
level; on level 2 the net covers (20, 5), (21, 5), (22, 5) and distortions lie at (5, 25) and
(5, 10); the other levels keep their hazards in corners no test visits.
"""

from __future__ import annotations

from dataclasses import replace

from pbem.orders.reader import read_orders
from pbem.rules import lawful
from pbem.rules.geometry import Position, Segment
from pbem.rules.hazards import Hazards
from pbem.rules.state import GameState

from conftest import orders_text
from core import RULES, state

NUCLEUS = (20, 20)
NET_2 = (Position(20, 5, 2), Position(21, 5, 2), Position(22, 5, 2))
DISTORTION_NORTH = Position(5, 25, 2)
DISTORTION_WEST = Position(5, 10, 2)  # 5 W of the base
HAZARDS = Hazards(
    NUCLEUS,
    tuple(NET_2 if level == 2 else tuple(Position(x, 1, level) for x in (1, 2, 3))
          for level in range(1, 5)),
    (DISTORTION_NORTH, DISTORTION_WEST, Position(28, 28, 2))
    + tuple(Position(28, y, level) for level in (1, 3, 4) for y in (10, 14, 18)),
)
NO_ARRIVAL = 1  # d6 face 1 brings no new alien for every race these tests use
TAB_C = RULES.tables["C"].columns[0].faces  # the component each d10 face damages
FACE = {part: TAB_C.index(part) + 1 for part in dict.fromkeys(TAB_C)}  # its first face


def route(*legs: str) -> tuple[Segment, ...]:
    """route("10 N", "5 E"): the legs as an order file writes them."""
    return tuple(Segment(int(n), d) for n, d in (leg.split() for leg in legs))


def outer(planets, officers, **kw) -> GameState:
    """A state in outer space (the advanced level) with the hazards above."""
    return replace(state(planets, officers, settings={"rules": [], "level": "advanced"}, **kw),
                   hazards=HAZARDS)


def problems(s: GameState, *body: str, officer: str = "Notius") -> list[str]:
    """What the rules' lawfulness check says of an order file's body (the secret taken as right)."""
    s = replace(s, name="cornifex")
    orders, unreadable = read_orders(orders_text(officer, "s", s.move, *body), "o.txt")
    assert unreadable == [], unreadable
    return [p.message for p in lawful.problems(orders, s, RULES, lambda i, x: True)]
