"""Are an officer's orders lawful for him in this state? The one function that decides it.

`pbem check --game`, `pbem resolve` and the mail inbox all call `problems`; each concept of
the rulebook keeps the lawfulness of its own orders beside its effect (`route`, `sighting`,
`information`, `research`, `landing`, `missions`, `career`, and the bulletin's `press`), and
this module runs them in order after the header: the game, the move, the officer and his
secret.

The check uses only what the officer may know: his own ship and situation, the public
designations and information, his orders. What only the move can reveal (where the route
really ends, what lives on a planet not yet known, the dice) is reported by the rules when
the move is played.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Collection, Mapping

from . import alien_ship, career, landing, landing_zones, missions, outer_space, press, research
from . import rescue, route, sighting, specialists
from .information import info_problems
from .orders import Orders, Problem
from .research import COMPUTING, MOVEMENT
from .ruleset import Ruleset
from .said import Said
from .ship import build_ship, fit_problems
from .state import GameState, Officer
from .wording import nearest_word

SecretCheck = Callable[[int, str], bool]  # (officer id, secret written) -> does it match?


@dataclass(frozen=True)
class Roster:
    """What the check looks up in a state, indexed once for all the files of a move."""

    by_name: Mapping[str, Officer]  # casefolded name -> officer
    designations: frozenset[str]  # public planet names INFO and TOT may use (not the base)
    outer: bool  # the game is played in outer space (`outer_space.explored`)


def roster(state: GameState) -> Roster:
    return Roster(
        {o.name.casefold(): o for o in state.officers.values()},
        frozenset(p.designation for p in state.planets.values()
                  if p.designation and not p.base and not p.destroyed),
        outer_space.explored(state.settings),
    )


def problems(
    orders: Orders, state: GameState, ruleset: Ruleset, secret_ok: SecretCheck, *,
    colleagues: Collection[str] | None = None, index: Roster | None = None,
) -> list[Problem]:
    """Every unlawful order in `orders` for the move `state` is collecting; [] when all of
    them may be carried out. The problems of reading the file come from the reader; these
    are the rest, all found in one pass.

    `colleagues` are the officers' names, casefolded (default: those in `state`), so a
    caller that loads only some officers can still check PAY; `index` is `roster(state)`,
    built once by a caller that checks many files against one state.
    """
    return judged(orders, state, ruleset, secret_ok, colleagues=colleagues, index=index)[1]


def judged(
    orders: Orders, state: GameState, ruleset: Ruleset, secret_ok: SecretCheck, *,
    colleagues: Collection[str] | None = None, index: Roster | None = None,
) -> tuple[Officer | None, list[Problem]]:
    """`problems`, with the officer the header names (`header_problems`): a caller that
    files the orders need not look him up again."""
    index = index or roster(state)
    officer, found = header_problems(orders, state, secret_ok, index)
    if officer is None:
        return None, found
    names = colleagues if colleagues is not None else index.by_name.keys()
    return officer, found + ship_problems(orders, officer, state, ruleset, names, index)


def header_problems(orders: Orders, state: GameState, secret_ok: SecretCheck,
                    index: Roster | None = None) -> tuple[Officer | None, list[Problem]]:
    """The header alone: the game, the move, the officer and his secret. The officer is
    None when the orders name none of this game's (nothing more can be checked); what
    needs no ship, so orders for a later move can be told at once whose they are."""
    index = index or roster(state)
    found: list[Problem] = []
    if orders.game is not None and orders.game.casefold() != state.name.casefold():
        # Orders for another game: its officers and ships are not ours to compare with.
        return None, [orders.problem(
            "GAME", Said("these orders are for game %(given)s, but this is game %(game)s",
                         given=orders.game, game=state.name),
            Said("write GAME %(game)s, or send the orders to the GM of %(given)s",
                 game=state.name, given=orders.game),
            private=False)]
    if orders.game is None and not orders.given("GAME"):
        found.append(orders.problem("GAME", Said("the header has no GAME line"),
                                    Said("write GAME %(game)s", game=state.name), private=False))
    if orders.move is not None and orders.move < state.move:
        # Orders are played only in the move they name: a late set is never carried on.
        found.append(orders.problem(
            "MOVE", Said("these orders are for move %(given)s, which has been played: they "
                         "came too late for it, and move %(move)s is being collected",
                         given=orders.move, move=state.move),
            Said("send orders for move %(move)s (write MOVE %(move)s)", move=state.move),
            private=False))
    elif orders.move is not None and orders.move != state.move:
        found.append(orders.problem(
            "MOVE", Said("these orders are for move %(given)s, but move %(move)s is being "
                         "collected", given=orders.move, move=state.move),
            Said("write MOVE %(move)s", move=state.move), private=False))
    elif orders.move is None and not orders.given("MOVE"):
        found.append(orders.problem("MOVE", Said("the header has no MOVE line"),
                                    Said("write MOVE %(move)s", move=state.move), private=False))
    officer = find_officer(index, orders.officer)
    if officer is None:
        if orders.officer is not None:
            found.append(_unknown_officer(orders, state))
        elif not orders.given("OFFICER"):
            found.append(orders.problem("OFFICER", Said("the header has no OFFICER line"),
                                        Said("write OFFICER and your name as enlisted"),
                                        private=False))
        return None, found
    if orders.secret is not None:
        if not secret_ok(officer.id, orders.secret):
            found.append(orders.problem(
                "SECRET", Said("the secret does not match"),
                Said("use the one you got at enlistment, or ask the GM for a new one"),
                private=False))
    elif not orders.given("SECRET"):
        found.append(orders.problem("SECRET", Said("the header has no SECRET line"),
                                    Said("write SECRET and the secret you got at enlistment"),
                                    private=False))
    return officer, found


def ship_problems(orders: Orders, officer: Officer, state: GameState, ruleset: Ruleset,
                  colleagues: Collection[str], index: Roster) -> list[Problem]:
    """The orders against the officer's ship and situation, concept by concept."""
    ship_type = ruleset.ships[officer.ship.type]
    at = state.planets.get(officer.landed_on) if officer.landed_on is not None else None
    at_base = bool(at and at.base)
    # REFIT comes first in the turn: the rest of the orders fly the new sheet.
    if orders.refit is not None and at_base and not fit_problems(ship_type, dict(orders.refit)):
        officer = replace(officer, ship=build_ship(ship_type, officer.ship.name, dict(orders.refit)))
    # So does SPECIALIST at the base: the missions are judged with the one who flies.
    outer = index.outer
    embarking = at_base and outer and orders.given_specialist
    if embarking and not (orders.specialist and specialists.problems(orders.specialist,
                                                                      ruleset.specialists)):
        officer = replace(officer, specialist=orders.specialist)
    ship = officer.ship
    rules = ruleset.technologies
    movement = research.reachable_level(officer, MOVEMENT, orders, rules, state.settings)
    computing = research.reachable_level(officer, COMPUTING, orders, rules, state.settings)
    # The base is never explored: INFO and TOT name only planets the officers found.
    designations = index.designations
    on_planet = state.planets.get(officer.landing.planet) if officer.landing else None
    race = None
    if on_planet is not None:
        race_id = ruleset.information.race_id(on_planet.facts)
        race = ruleset.guide.get(race_id) if race_id else None
    spent = sum(r.grants for r in orders.research) * rules.grant_cost if orders.research else 0
    # A concept whose orders the file does not give has nothing to say of them (most files
    # give no RESEARCH, SPECIALIST, MISSION, REFIT, PAY, TOT or PRESS): its check is not
    # called (a property test holds this to calling every check).
    return [
        *(research.research_problems(orders, officer, rules, state.settings)
          if orders.research else ()),
        *route.route_problems(orders, ship, ship_type.parsecs_per_tank, movement),
        *sighting.radar_problems(orders, ship),
        *info_problems(orders, ship.computers, computing, designations),
        *landing.landing_problems(orders, officer, ruleset, index.by_name, outer),
        *(landing_zones.zone_problems(orders, officer, on_planet, race) if outer else ()),
        *alien_ship.alien_ship_problems(orders, officer, state.alien_ship, outer),
        *(specialists.specialist_problems(orders, at_base, outer, ruleset.specialists)
          if orders.given_specialist else ()),
        *(missions.mission_problems(orders, officer, on_planet, race)
          if orders.mission is not None else ()),
        *(career.career_problems(orders, officer, at_base, ruleset, colleagues,
                                 spent, designations)
          if orders.refit is not None or orders.pay or orders.tot is not None else ()),
        *(press.press_problems(orders) if orders.press else ()),
        *(rescue.rescue_problems(orders, officer, at_base) if orders.rescue else ()),
    ]


def find_officer(index: Roster, name: str | None) -> Officer | None:
    """The enlisted officer a header names, in any case and spacing."""
    if name is None:
        return None
    return index.by_name.get(" ".join(name.split()).casefold())


def _unknown_officer(orders: Orders, state: GameState) -> Problem:
    name = nearest_word(orders.officer, (o.name for o in state.officers.values()),
                        caseless=True)
    message = Said("no officer %(officer)s is enlisted in game %(game)s",
                   officer=orders.officer, game=state.name)
    if name:
        return orders.problem("OFFICER", Said("%(problem)s; did you mean %(name)s?",
                                              problem=message, name=name),
                              Said("write OFFICER %(name)s", name=name), private=False)
    return orders.problem("OFFICER", message,
                          Said("write your name exactly as you enlisted, or ask the GM to "
                               "enlist you"),
                          private=False)
