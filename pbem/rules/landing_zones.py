"""Differentiated landings (rulebook 5F, S.C. advanced rule D): where on the planet a ship
lands, and the re-landing to look for a better zone.

Each landing in outer space rolls TAB. P (a d10, by the officer) for the zone the ship
settles in, and the officer is told it. In the zone the race prefers, every alien's F.C.
gains the bonus of its technical sheet; in the zone where it cannot live, the ship's F.C.
cannot be used and the aliens cannot attack the ship: the landed crews alone carry out the
missions, moving over the planet to find the aliens. A ship unhappy with its zone may take
off and land again on the same planet: the move is spent, the planet is not crossed out
and its points stay possible (5F, S.C. rule D).
"""

from __future__ import annotations

from . import rulings
from .dice import OFFICER as SEEN_BY_OFFICER
from .dice import Dice
from .encounter_guide import Race
from .said import Said
from .orders import Orders, Problem
from .state import Landing, Officer, Planet
from .tables import Table

PREFERRED = "preferred"
NON_VITAL = "non-vital"


def zone_effect(race: Race | None, zone: str | None) -> str:
    """PREFERRED, NON_VITAL, or "" for a zone that changes nothing."""
    if race is None or zone is None:
        return ""
    if zone == race.preferred_environment:
        return PREFERRED
    if zone == race.non_vital_environment:
        return NON_VITAL
    return ""


def alien_bonus(race: Race | None, zone: str | None) -> int:
    """What each alien's F.C. gains in the zone: the bonus of its preferred environment."""
    return race.preferred_bonus if race and zone_effect(race, zone) == PREFERRED else 0


def ship_usable(race: Race | None, zone: str | None) -> bool:
    """May the ship's F.C. be used, and may the aliens attack the ship? Not in the race's
    non-vital environment (5F)."""
    return zone_effect(race, zone) != NON_VITAL


def settle(table: Table, dice: Dice, designation: str, officer: int) -> tuple[int, str]:
    """TAB. P: the officer's d10 gives the zone the ship lands in."""
    face = dice.roll(table.die, "landing-zone", f"{designation} TAB. P", officer=officer,
                     visibility=SEEN_BY_OFFICER)
    return face, str(table.result(0, face))


def relanded(landing: Landing) -> Landing:
    """The landing after a take-off and a new landing on the same planet: the same aliens,
    the same mission and points to come, the crews aboard, a zone still to roll."""
    return Landing(
        planet=landing.planet, mission=landing.mission, pending=landing.pending,
        pending_for=landing.pending_for, crews_were_down=landing.crews_were_down,
        alliance_failures=landing.alliance_failures, attacked=landing.attacked,
        fired=landing.fired, relandings=landing.relandings + 1,
    )


# --- lawfulness of a re-landing ------------------------------------------------------------


def zone_problems(orders: Orders, officer: Officer, planet: Planet | None,
                  race: Race | None) -> list[Problem]:
    """What the zone a ship landed in forbids, known before the move (5F): the ship's
    lasers in the race's non-vital zone; and the lawfulness of a re-landing."""
    landing = officer.landing
    if landing is None:
        return []
    if orders.land:
        return relanding_problems(orders, officer, planet)
    if "lasers" in orders.fire and not ship_usable(race, landing.zone):
        return [orders.problem(
            "FIRE", Said("in the %(zone)s, where the %(race)s cannot live, the ship's lasers "
                         "cannot be used (the landed crews alone act)", zone=landing.zone,
                         race=race.name),
            Said("land crews and write FIRE CREWS, or re-land (LAND) for another zone"))]
    return []


def relanding_problems(orders: Orders, officer: Officer, planet: Planet | None) -> list[Problem]:
    """LAND on the ground of a planet of outer space re-lands there (ruling: written without
    a route, the ship staying over the planet); the crews must be aboard (5F), and a landing
    re-lands at most once (ruling on S.C. rule D against 5F)."""
    landing = officer.landing
    assert landing is not None
    name = planet.designation if planet is not None else Said("the planet")
    found: list[Problem] = []
    if orders.route:
        found.append(orders.problem(
            "LAND", Said("a re-landing takes off and lands again on %(planet)s, so it flies "
                         "no route", planet=name),
            Said("write LAND with no ROUTE to land again on %(planet)s; to land elsewhere, "
                 "take off this move and land the next", planet=name)))
    if landing.crews_down:
        found.append(orders.problem(
            "LAND", Said("your crews are on the ground: a ship re-lands with its crews aboard"),
            Said("re-embark them this move (CREWS EMBARK) and re-land the next")))
    if landing.relandings >= rulings.RELANDINGS_PER_LANDING:
        found.append(orders.problem(
            "LAND", Said("you have re-landed on %(planet)s once already: a re-landing is "
                         "permitted only once", planet=name),
            Said("carry on from this zone, or take off")))
    return found
