"""The rescue return (rulebook 3F c), called by the officer: `RESCUE`.

"There is the possibility that, for various reasons, one no longer knows how to calculate
the return route to the base, or that all the tanks are destroyed. Crew and U.C. would then
be transferred, abandoning the ship, through hyperspace rescue gates, directly to the base."
The officer may call it whenever his ship is away from the base, in space or on a planet's
ground: whether he still knows his way is his to say. The gate takes him and his crews home
at once, at the start of his turn; the ship is abandoned, with whatever it was doing. The
demotion is the one every rescue gives (`career.demote`): a rank down (none below the
lowest), score 0, a new ship of a level lower than the one abandoned.
"""

from __future__ import annotations

from .alien_ship import release
from .board import Board
from .career import demote, demoted_level, ship_type_for
from .orders import Orders, Problem
from .ranks import previous_rank
from .ruleset import Ruleset
from .said import Said, saying
from .state import Officer

REASON = saying("abandoned through the rescue gate")  # as the bulletin words the ship's loss

# What an abandoned ship no longer does: the orders that RESCUE leaves nothing to carry out.
FOR_THE_SHIP = ("ROUTE", "LAND", "INFO", "TOT", "SHIELDS", "CREWS", "FIRE", "TARGET",
                "MISSION", "DISENGAGE", "TANKS", "RADARS")


def rescue_problems(orders: Orders, officer: Officer, at_base: bool) -> list[Problem]:
    """RESCUE only away from the base, and alone with the orders of the ship it abandons."""
    if not orders.rescue:
        return []
    if at_base:
        return [orders.problem("RESCUE", Said("your ship is on the base: there is nothing to "
                                              "be rescued from"), Said("delete RESCUE"))]
    given = [k for k in FOR_THE_SHIP if k in orders.lines]
    if given:
        return [orders.problem(k, Said("RESCUE abandons the ship, which then carries out no "
                                       "%(order)s order", order=k),
                               Said("delete %(order)s, or delete RESCUE", order=k))
                for k in given]
    return []


STAYS = saying("RESCUE abandons the %(type)s %(ship)s: %(officer)s and his crews go through "
               "the rescue gate to the base; he stays %(rank)s, his score of %(score)s goes "
               "back to 0, and he gets a %(new_type)s (3F c).")
BECOMES = saying("RESCUE abandons the %(type)s %(ship)s: %(officer)s and his crews go through "
                 "the rescue gate to the base; he becomes %(rank)s, his score of %(score)s "
                 "goes back to 0, and he gets a %(new_type)s (3F c).")


def consequence(officer: Officer, ruleset: Ruleset) -> Said:
    """What RESCUE will do to this officer, for `pbem check` to tell him before he sends it."""
    rank = previous_rank(ruleset.ranks, officer.rank)
    level = demoted_level(ruleset.ships, ruleset.ships[officer.ship.type].level)
    ship_type = ship_type_for(ruleset, rank.name, level)
    return Said(STAYS if rank.name == officer.rank else BECOMES,
                type=officer.ship.type, ship=officer.ship.name, officer=officer.name,
                rank=rank.name, score=officer.score, new_type=ship_type.name)


def call(board: Board, officer: Officer, ruleset: Ruleset) -> Officer:
    """The gate at the start of his turn: the ship abandoned, the officer demoted at the
    base (his landing, its crews and any points waiting for them are left behind)."""
    release(board, officer.id)  # the gate takes him out of the alien ship's glue too
    return demote(board, officer, ruleset, REASON)
