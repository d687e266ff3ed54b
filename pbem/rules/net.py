"""Magneto-gravitational nets (rulebook 5B b, S.C. advanced rule A b): the hidden stop.

A route that crosses any square of a net (a level change arriving on one included) ends
there (`hazards.stop_on`, read by `route.trace`), and the officer is not told: he saw what
he really saw from where he really went, but he believes his route flown to its end, so his
dead reckoning is now wrong, "as in the rules". His next route starts from the net square.
Only the GM learns where the net held him, unless a Princeps PSI aboard sensed it: then the
S.C. tells the officer where his route really stopped (5B b; `specialists`).
"""

from __future__ import annotations

from .board import Board
from .events import GM
from .geometry import Segment, route_text
from .hazards import NET
from .route import RouteResult
from .state import Officer


def told(trace: RouteResult, sensed: bool = False) -> tuple[int, str, int]:
    """How a route ended, as its officer is told it: parsecs travelled, the stop, its parsec.
    Held by a net he is told nothing, the route was flown to its end; unless his Princeps PSI
    `sensed` the net, and then he is told where it held him."""
    if trace.stop == NET and not sensed:
        return trace.planned, "", trace.planned
    return trace.travelled, trace.stop or "", trace.stop_parsec


def record(board: Board, officer: Officer, trace: RouteResult,
           route: tuple[Segment, ...]) -> None:
    """For the GM alone: where a net held the route, and what was ordered (a turn comes
    here only then)."""
    if trace.stop == NET:
        board.emit("net", GM, officer.id, officer_name=officer.name, parsec=trace.stop_parsec,
                   square=list(trace.end), ordered=route_text(route))
