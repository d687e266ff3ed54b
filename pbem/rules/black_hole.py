"""The black hole (rulebook 5B a, S.C. advanced rule A a): damage to the ships passing near.

Once per route, from the parsec of the route nearest the nucleus: distance - ship level -
d6; a negative value is that many damages on TAB. C, suffered at the end of the route and
before any landing there. The nucleus stands on the same square of every level and acts
within 4 parsecs of it; a route that moves away (every parsec past its start farther than
the start) feels nothing, one tangent to the zone (as near as its start further on) does. Radar never shows it: the officer is told the parsec where he felt its effects,
never where it lies (unless he crossed the nucleus itself), and only if a computer keeps
his link with the S.C. (3D f II).
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple, Sequence

from . import legs as legs_
from . import rulings
from .board import Board
from .damage import Damaged, suffer
from .dice import GM as SEEN_BY_GM
from .dice import OFFICER as SEEN_BY_OFFICER
from .dice import Dice
from .events import GM, OFFICER, Event
from .hazards import BLACK_HOLE_REACH, Hazards
from .legs import Leg, Parsec
from .route import RouteResult
from .state import Officer
from .tables import Table

REACH = BLACK_HOLE_REACH  # "within a radius of 4 parsecs" (S.C. rule A a)


class Pull(NamedTuple):
    """The route's parsec nearest the nucleus, and its distance from it."""

    parsec: int
    distance: int


def nearest(path: Sequence[Parsec], hazards: Hazards) -> Pull | None:
    """The parsec of the route past its start nearest the nucleus, within its reach (the
    earliest of equally near ones); None when the route does not come within 4 parsecs, or
    moves away from it: every later parsec is farther than its start (5B a; ruling
    BLACK_HOLE_TANGENT_ROUTES_ARE_ROLLED)."""
    return pull_on_legs(legs_.of_path(path), hazards)


def pull_on(route: RouteResult, hazards: Hazards) -> Pull | None:
    """`nearest` for a traced route: none when the bounds of its every level lie beyond
    reach of the nucleus (most routes)."""
    if hazards.black_hole is None:
        return None
    bx, by = hazards.black_hole
    levels = route.levels if route.levels is not None else legs_.layout(route.legs)
    for _, x0, y0, x1, y1 in levels.values():
        if x0 - REACH <= bx <= x1 + REACH and y0 - REACH <= by <= y1 + REACH:
            return pull_on_legs(route.legs, hazards)
    return None


def pull_on_legs(legs: Sequence[Leg], hazards: Hazards) -> Pull | None:
    """`nearest` counted leg by leg: a leg whose squares all lie beyond reach of the
    nucleus, in x or in y, is passed over. The nucleus reaches the levels of the zone
    (`Hazards.pulled`): a route with no parsec within reach on one of them feels nothing."""
    if hazards.black_hole is None:
        return None
    if not legs:
        return None
    bx, by = hazards.black_hole
    # The start is weighed apart: it is where the route moves away from, or not.
    _, sx, sy, _, dx, dy, count = legs[0]
    ax, ay = abs(bx - sx), abs(by - sy)
    at_start = ax if ax >= ay else ay
    rest = legs[1:] if count == 1 else (Leg(legs[0].number + 1, sx + dx, sy + dy,
                                                legs[0].level, dx, dy, count - 1),
                                        *legs[1:])
    best, first, k, felt = REACH + 1, -1, 1, False
    for leg in rest:
        _, x, y, _, dx, dy, count = leg
        xe, ye = x + dx * (count - 1), y + dy * (count - 1)
        if ((x - REACH <= bx <= xe + REACH or xe - REACH <= bx <= x + REACH)
                and (y - REACH <= by <= ye + REACH or ye - REACH <= by <= y + REACH)):
            d, i = legs_.steps_along(leg, bx, by, True)
            felt = felt or (d <= REACH and 1 <= leg.level <= hazards.levels)
            if d < best:
                best, first = d, k + i
        k += count
    if not felt:
        return None  # out of reach
    # Moving away: every parsec past the start farther than it. A tangent route, as near as
    # its start further on, is rolled for (5B a), unless the ruling is flipped.
    if best > at_start or (best == at_start
                           and not rulings.BLACK_HOLE_TANGENT_ROUTES_ARE_ROLLED):
        return None
    return Pull(legs_.number_at(legs, first), best)


def damages(distance: int, ship_level: int, face: int) -> int:
    """DISTANCE - MASS (ship level) - d6: a negative value is that many damages."""
    value = distance - ship_level - face
    return -value if value < 0 else 0


def feel(board: Board, officer: Officer, pull: Pull, ship_level: int, table: Table,
         dice: Dice) -> tuple[Officer, Damaged]:
    """Roll the black hole's effect on a ship at the end of its route and suffer it; its
    hull hits count with the turn's others (4 I)."""
    told = officer.ship.computers > 0 or not rulings.HAZARD_DAMAGE_NEEDS_A_COMPUTER
    oid = officer.id
    face = dice.roll(6, "black-hole", "effect", officer=oid, visibility=SEEN_BY_GM)
    count = damages(pull.distance, ship_level, face)
    # The events appended as made (as `Board.emit` makes them, without its keywords): a
    # move passes some sixteen hundred ships near the nucleus.
    events = board.events
    events.append(Event("black-hole-roll", GM, oid, {
        "parsec": pull.parsec, "distance": pull.distance, "ship_level": ship_level,
        "face": face, "damages": count, "told": told}))
    seen = SEEN_BY_OFFICER if told else SEEN_BY_GM
    result = suffer(officer.ship, count, table,
                    lambda: dice.roll(table.die, "damage", "black hole TAB. C",
                                      officer=oid, visibility=seen),
                    board.hull_hits.get(oid, 0))
    board.hull_hits[oid] = result.hull_hits
    if count:
        # The die of the formula stays with the S.C.: with it the officer could work out
        # his distance from the nucleus (ruling). Each hit as `Hit.data` words it, with
        # the table's roller, in one dict.
        roller = table.roller
        events.append(Event("black-hole", OFFICER if told else GM, oid, {
            "parsec": pull.parsec, "nucleus": pull.distance == 0, "damages": count,
            "hits": [{"die": h.die, "face": h.face, "component": h.component,
                      "effect": h.effect, "roller": roller} for h in result.hits],
            "lost": result.lost or ""}))
    return replace(officer, ship=result.ship), result
