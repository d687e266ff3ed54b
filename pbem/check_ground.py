"""Lawfulness of landing, ground, base and cooperation orders (rulebook 3C, 3D, 3G, 3H, 3I, 4).

What the checker can know before the move is refused here (a crew of 2 men landing,
crews landing with shields on, an alliance ordered while not landed); what only the
move can reveal (the mission is unlawful against what was found) is reported in the
private report by the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from pbem.orders import UNLAWFUL, OrderSet, Problem

GROUND_ORDERS = ("SHIELDS", "CREWS", "FIRE", "TARGET")


@dataclass(frozen=True)
class GroundView:
    """Where the officer's ship stands and what it carries, for the ground checks."""

    on_ground: bool  # landed on a planet other than the base
    at_base: bool
    crews: tuple[int, ...]  # men of each crew
    crews_down: tuple[int, ...]  # indices of the crews on the ground now
    tot: int
    ship_level: int
    score: int
    fit_problems: Callable[[dict[str, int]], list[str]]


def _problem(orders: OrderSet, keyword: str, message: str, fix: str, line: int | None = None) -> Problem:
    line = line if line is not None else orders.lines.get(keyword)
    return Problem(orders.source, line, keyword, message, fix, UNLAWFUL)


def check_ground(orders: OrderSet, view: GroundView | None, officers: Mapping[str, object]) -> list[Problem]:
    if view is None:
        return []
    found: list[Problem] = []
    landing_now = orders.land is not None
    complete = sum(1 for men in view.crews if men >= 3)
    crews_aboard_complete = sum(
        1 for i, men in enumerate(view.crews) if men >= 3 and i not in view.crews_down
    )

    if landing_now:
        if view.on_ground:
            found.append(_problem(orders, "LAND", "you are already on the ground",
                                  "delete LAND; give the ground orders (SHIELDS, CREWS, FIRE, MISSION)"))
        elif not orders.route:
            found.append(_problem(orders, "LAND", "LAND goes with the route that ends on the planet",
                                  "write the landing route, e.g. ROUTE 1 SW, with LAND"))
        if orders.land in ("C", "D"):
            wanted = orders.land_crews or complete
            if complete == 0:
                found.append(_problem(orders, "LAND", f"attitude {orders.land} lands crews, and no crew "
                                      "has 3 men (no crew under 3 men lands)", "write LAND A or LAND B"))
            elif wanted > complete:
                found.append(_problem(orders, "LAND", f"only {complete} complete crew(s) of 3 men can land",
                                      f"write LAND {orders.land} {complete}"))
    for keyword in GROUND_ORDERS:
        if keyword in orders.lines and not view.on_ground:
            why = ("the landing attitude says what happens on landing" if landing_now
                   else "you are not on the ground")
            found.append(_problem(orders, keyword, f"{keyword} is a ground order, and {why}",
                                  "delete the line" + ("" if landing_now else
                                                       ", or land first with LAND and a route ending on a planet")))
    if orders.mission and not view.on_ground and not landing_now:
        found.append(_problem(orders, "MISSION", f"MISSION {orders.mission.upper()} while not landed",
                              "land first: a route ending on the planet with LAND, then the mission"))

    crews = orders.crews
    if view.on_ground:
        if crews and crews[0] == "land":
            if orders.shields:
                found.append(_problem(orders, "SHIELDS", "crews cannot land with the shields on",
                                      "write SHIELDS OFF (or leave SHIELDS out) when crews land"))
            wanted = crews[1] or crews_aboard_complete
            if crews_aboard_complete == 0:
                found.append(_problem(orders, "CREWS", "no complete crew of 3 men is aboard to land "
                                      "(no crew under 3 men lands)", "delete CREWS LAND"))
            elif wanted > crews_aboard_complete:
                found.append(_problem(orders, "CREWS", f"only {crews_aboard_complete} complete crew(s) "
                                      "of 3 men aboard can land", f"write CREWS LAND {crews_aboard_complete}"))
        if crews and crews[0] == "embark":
            if not view.crews_down:
                found.append(_problem(orders, "CREWS", "no crew is on the ground", "delete CREWS EMBARK"))
            if orders.shields:
                found.append(_problem(orders, "SHIELDS", "crews cannot re-embark with the shields on",
                                      "write SHIELDS OFF (or leave SHIELDS out)"))
        if "crews" in orders.fire and not view.crews_down and not (crews and crews[0] == "land"):
            found.append(_problem(orders, "FIRE", "no crew is on the ground to fire",
                                  "land crews first (CREWS LAND), or write FIRE LASERS"))
        if crews and crews[0] == "land" and orders.route:
            found.append(_problem(orders, "CREWS", "crews cannot land in the move the ship takes off",
                                  "land the crews this move and take off another, or delete CREWS LAND"))
        if crews and "lasers" in orders.fire:
            found.append(_problem(orders, "FIRE", "the ship's lasers never fire while crews land or "
                                  "re-embark", "write FIRE CREWS, or move the crews another move"))
        if crews and crews[0] == "embark" and orders.fire:
            found.append(_problem(orders, "FIRE", "withdrawing crews do not fire", "delete FIRE"))
        if orders.route and view.crews_down and not (crews and crews[0] == "embark"):
            found.append(_problem(orders, "ROUTE", "your crews are on the ground: the ship cannot take off "
                                  "without them", "add CREWS EMBARK to take them aboard in this move"))
    if orders.mission == "alliance" and (orders.fire or orders.land in ("B", "D")):
        found.append(_problem(orders, "MISSION", "an alliance is proposed without opening fire",
                              "delete FIRE (or land with attitude C)"))
    if orders.mission == "capture" and not (view.crews_down or (crews and crews[0] == "land")
                                            or orders.land in ("C", "D")):
        found.append(_problem(orders, "MISSION", "capture is done by crews on the ground",
                              "land crews first (CREWS LAND, or LAND C)"))

    if orders.refit is not None:
        if not view.at_base:
            found.append(_problem(orders, "REFIT", "a ship is refitted only at the base",
                                  "delete REFIT, or come back to the base first"))
        else:
            for reason in view.fit_problems(dict(orders.refit)):
                found.append(_problem(orders, "REFIT", f"the new sheet is not valid: {reason}",
                                      "correct the sheet"))
    total = 0
    for amount, name, line in orders.pay:
        total += amount
        if name.casefold() not in officers or name.casefold() == orders.officer.casefold():
            found.append(_problem(orders, "PAY", f"no colleague named {name}",
                                  "write PAY n TO and the name of another officer", line=line))
    if total > view.score:
        found.append(_problem(orders, "PAY", f"you pay {total} points and your score is {view.score}",
                              f"pay at most {view.score}", line=orders.pay[-1][2]))
    if orders.tot is not None:
        if view.ship_level < 2:
            found.append(_problem(orders, "TOT", "only a SPATHA or a HASTA carries Tot 100%", "delete TOT"))
        elif view.tot == 0:
            found.append(_problem(orders, "TOT", "no Tot 100% left on board", "delete TOT"))
    return found
