"""Magneto-gravitational nets (rulebook 5B b, S.C. advanced rule A b): the hidden stop.

A route that crosses any square of a net (a level change arriving on one included) ends
there, and the officer is not told: he saw what he really saw from where he really went,
but he believes his route flown to its end, so his dead reckoning is now wrong, "as in the
rules". His next route starts from the net square.
"""

from __future__ import annotations

from typing import Sequence

from .geometry import COMPASS, VERTICAL, Position, Segment


def believed_end(start: Position, route: Sequence[Segment]) -> Position:
    """Where an officer told nothing believes his route ended: the whole route as ordered
    (the zone's edge included: he was not told of one either)."""
    x, y, level = start
    for seg in route:
        if seg.direction in VERTICAL:
            level += VERTICAL[seg.direction] * (seg.parsecs // 4)
        else:
            dx, dy = COMPASS[seg.direction]
            x, y = x + dx * seg.parsecs, y + dy * seg.parsecs
    return Position(x, y, level)
