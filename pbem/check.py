"""Lawfulness of readable orders: are they allowed for this officer's ship this move?

`pbem.orders` decides whether a file can be read; this module decides whether what it says
may be done (rulebook 3E thrust, 3F radars, 3G computers), given plain data about the game.
Every problem is of kind "unlawful" and carries the line of the order at fault.
"""

from __future__ import annotations

import difflib
import math
import re
from dataclasses import dataclass, field
from typing import Callable, Mapping

from pbem.check_research import check_research, possible_level
from pbem.check_ground import GroundView, check_ground
from pbem.orders import UNLAWFUL, InfoRequest, OrderSet, Problem, route_text
from pbem.rules.geometry import route_length
from pbem.rules.research import COMPUTING, MOVEMENT, ResearchRules


@dataclass(frozen=True)
class OfficerView:
    """What the checker may know of an enlisted officer and the ship sheet."""

    name: str
    secret_ok: Callable[[str], bool]  # verifies a secret against the stored hash
    tanks: int
    parsecs_per_tank: int
    radars: int
    computers: int
    # Unpredictable Research: points to spend, last move's grants, levels and running sums.
    score: int = 0
    grants_last: int = 0
    technologies: Mapping[str, int] = field(default_factory=dict)
    research: Mapping[str, int] = field(default_factory=dict)
    ground: GroundView | None = None  # landing, ground, base and cooperation orders


@dataclass(frozen=True)
class CheckContext:
    game: str
    move: int  # the move being collected
    officers: Mapping[str, OfficerView]  # key: officer name casefolded
    designations: frozenset[str]  # public planet designations, upper-case
    research: bool = False  # the game uses the optional rule Unpredictable Research
    research_rules: ResearchRules | None = None  # its technologies (default ruleset if None)


def check_orders(orders: OrderSet, ctx: CheckContext) -> list[Problem]:
    """Every unlawful order in `orders`, in line order; [] when they may all be carried out."""
    return sorted(_unlawful(orders, ctx), key=lambda p: p.line or 0)


def _unlawful(orders: OrderSet, ctx: CheckContext) -> list[Problem]:
    found = _check_game(orders, ctx)
    if found:
        # Orders for another game: its officers and ships are not ours to compare with.
        return found
    found += _check_move(orders, ctx)
    officer = _officer(orders.officer, ctx)
    if officer is None:
        return found + [_unknown_officer(orders, ctx)]
    if not officer.secret_ok(orders.secret):
        # Without the right secret the sender may not be the officer: tell them nothing
        # about the ship, since the problems may go back to whoever sent the file.
        fix = "use the one you got at enlistment, or ask the GM for a new one"
        return found + [_problem(orders, "SECRET", "the secret does not match", fix)]
    for check in SHIP_CHECKS:
        found += check(orders, officer, ctx)
    found += check_ground(orders, officer.ground, ctx.officers)
    return found


# --- helpers --------------------------------------------------------------------------


def _text(orders: OrderSet, name: str) -> str:
    """The order as the parser understood it; the file's own text is not kept."""
    value = {
        "GAME": orders.game,
        "OFFICER": orders.officer,
        "SECRET": "****",  # never echo a secret, right or wrong
        "MOVE": orders.move,
        "ROUTE": route_text(orders.route),
        "TANKS": orders.tanks,
        "RADARS": orders.radars,
    }.get(name)
    return name if value is None else f"{name} {value}"


def _problem(
    orders: OrderSet,
    name: str,
    message: str,
    fix: str,
    *,
    line: int | None = None,
    text: str | None = None,
) -> Problem:
    return Problem(
        source=orders.source,
        line=line if line is not None else orders.lines.get(name),
        text=text if text is not None else _text(orders, name),
        message=message,
        fix=fix,
        kind=UNLAWFUL,
    )


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _natural(designation: str) -> list[object]:
    # P-2 before P-10.
    return [int(p) if p.isdigit() else p for p in re.split(r"([0-9]+)", designation)]


# --- header ---------------------------------------------------------------------------


def _check_game(orders: OrderSet, ctx: CheckContext) -> list[Problem]:
    if orders.game.casefold() == ctx.game.casefold():
        return []
    message = f"these orders are for game {orders.game}, but this is game {ctx.game}"
    fix = f"write GAME {ctx.game}, or send the orders to the GM of {orders.game}"
    return [_problem(orders, "GAME", message, fix)]


def _check_move(orders: OrderSet, ctx: CheckContext) -> list[Problem]:
    if orders.move == ctx.move:
        return []
    message = f"these orders are for move {orders.move}, but move {ctx.move} is being collected"
    return [_problem(orders, "MOVE", message, f"write MOVE {ctx.move}")]


def _officer(name: str, ctx: CheckContext) -> OfficerView | None:
    key = " ".join(name.split()).casefold()
    if key in ctx.officers:
        return ctx.officers[key]
    # Be tolerant of a caller whose keys differ in spacing from the stored names.
    return next((o for o in ctx.officers.values() if o.name.casefold() == key), None)


def _unknown_officer(orders: OrderSet, ctx: CheckContext) -> Problem:
    names = {o.name.casefold(): o.name for o in ctx.officers.values()}
    near = difflib.get_close_matches(orders.officer.casefold(), names, n=1, cutoff=0.6)
    message = f"no officer {orders.officer} is enlisted in game {ctx.game}"
    if near:
        name = names[near[0]]
        return _problem(orders, "OFFICER", f"{message}; did you mean {name}?",
                        f"write OFFICER {name}")
    fix = "write your name exactly as you enlisted, or ask the GM to enlist you"
    return _problem(orders, "OFFICER", message, fix)


# --- ship -----------------------------------------------------------------------------


def _check_tanks(orders: OrderSet, ship: OfficerView, ctx: CheckContext) -> list[Problem]:
    if orders.tanks is None or orders.tanks <= ship.tanks:
        return []
    message = f"TANKS {orders.tanks}, but only {_plural(ship.tanks, 'tank')} on board"
    return [_problem(orders, "TANKS", message, f"write TANKS {ship.tanks} or fewer")]


def _check_thrust(orders: OrderSet, ship: OfficerView, ctx: CheckContext) -> list[Problem]:
    """3E: each tank gives the ship type's parsecs; a level change costs 4 of them."""
    length = route_length(orders.route)
    # Tanks asked for beyond those on board are reported by _check_tanks; count real ones.
    used = ship.tanks if orders.tanks is None else min(orders.tanks, ship.tanks)
    # + 1 per Movement level held, or that this move's grants could bring (research rule).
    per_tank = ship.parsecs_per_tank + possible_level(orders, ship, ctx, MOVEMENT)
    thrust = used * per_tank
    if length <= thrust:
        return []
    message = (
        f"the route is {_plural(length, 'parsec')}, but {_plural(used, 'tank')} "
        f"{'gives' if used == 1 else 'give'} "
        f"{thrust} parsecs of thrust ({per_tank} per tank)"
    )
    return [_problem(orders, "ROUTE", message, _thrust_fix(length, thrust, used, ship, per_tank))]


def _thrust_fix(
    length: int, thrust: int, used: int, ship: OfficerView, per_tank: int | None = None
) -> str:
    shorten = f"shorten the route to {thrust} parsecs" if thrust else "write ROUTE NONE"
    per_tank = ship.parsecs_per_tank if per_tank is None else per_tank
    needed = math.ceil(length / per_tank) if per_tank else None
    if used < ship.tanks and needed is not None and needed <= ship.tanks:
        return f"{shorten} or use more tanks (TANKS {needed})"
    if used < ship.tanks:
        return f"{shorten} or use more tanks (TANKS {ship.tanks} at most)"
    return shorten


def _check_radars(orders: OrderSet, ship: OfficerView, ctx: CheckContext) -> list[Problem]:
    if orders.radars is None or orders.radars <= ship.radars:
        return []
    message = f"RADARS {orders.radars}, but only {_plural(ship.radars, 'radar')} on board"
    return [_problem(orders, "RADARS", message, f"write RADARS {ship.radars} or fewer")]


def _check_info_count(orders: OrderSet, ship: OfficerView, ctx: CheckContext) -> list[Problem]:
    """3G: one information request per computer on board (+ 1 per Computing level)."""
    computing = possible_level(orders, ship, ctx, COMPUTING)
    capacity = ship.computers + computing
    if len(orders.info) <= capacity:
        return []
    first_extra = orders.info[capacity]
    fix = (
        f"keep {_plural(capacity, 'INFO line')} and delete the others"
        if capacity
        else "delete the INFO lines: the ship has no computer"
    )
    message = (
        f"{_plural(len(orders.info), 'INFO request')}, but only "
        f"{_plural(ship.computers, 'computer')} on board (one request each)"
        + (f" and Computing {computing} (one more each level)" if computing else "")
    )
    return [_problem(orders, "INFO", message, fix, line=first_extra.line,
                     text=_info_text(first_extra))]


def _info_text(request: InfoRequest) -> str:
    if request.planet is not None:
        return f"INFO {request.planet}"
    return "INFO NEW" if request.new_index == 1 else f"INFO NEW {request.new_index}"


def _check_designations(orders: OrderSet, ship: OfficerView, ctx: CheckContext) -> list[Problem]:
    found = []
    for request in orders.info:
        if request.planet is None or request.planet in ctx.designations:
            continue
        # A high cutoff: P3 -> P-3 is a slip worth naming, P-9 -> P-1 would be a guess.
        near = difflib.get_close_matches(request.planet, ctx.designations, n=1, cutoff=0.75)
        message = f"no planet {request.planet} is known"
        if near:
            message += f"; did you mean {near[0]}?"
            fix = f"write INFO {near[0]}"
        else:
            known = ", ".join(sorted(ctx.designations, key=_natural)) or "none yet"
            fix = (
                f"ask about a known planet ({known}), "
                "or write INFO NEW for the planet you discover this move"
            )
        found.append(
            _problem(orders, "INFO", message, fix, line=request.line, text=_info_text(request))
        )
    return found


# Run in this order once the officer is known; each returns its problems.
SHIP_CHECKS: tuple[Callable[[OrderSet, OfficerView, CheckContext], list[Problem]], ...] = (
    _check_tanks,
    _check_thrust,
    _check_radars,
    _check_info_count,
    _check_designations,
    check_research,  # optional rule Unpredictable Research (pbem.check_research)
)
