"""One whole move: every officer's turn in player order, then the close of the move.

The phases are one visible list, run in order (the way Eressea names its turn phases):
later turns meet what earlier turns changed, so a planet discovered by the first officer
gives the second nothing for sighting it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from . import career, specialists
from .alien_ship import alien_ship_phase
from .dice import Dice, Roll
from .events import GM, OFFICER, PUBLIC, Event
from .state import GameState
from .board import Board
from .orders import Orders
from .outer_space import explored
from .turn import hold, play_turn
from .ruleset import Ruleset


@dataclass(frozen=True)
class MoveResult:
    state: GameState
    events: tuple[Event, ...]
    rolls: tuple[Roll, ...]


def officers_turns(board: Board, orders: Mapping[int, Orders], held: Mapping[int, str],
                   ruleset: Ruleset, dice: Dice) -> None:
    board.orders = dict(orders)
    for officer_id in board.player_ids():
        officer = board.officers[officer_id]  # as the turns before his left him
        if officer.id in orders:
            play_turn(board, officer, orders[officer.id], ruleset, dice)
        else:
            hold(board, officer, held.get(officer.id, "no order file arrived for this move"),
                 ruleset, dice)


def hazards_for_the_gm(board: Board, orders: Mapping[int, Orders], held: Mapping[int, str],
                       ruleset: Ruleset, dice: Dice) -> None:
    """Outer space: every hazard's square in the GM log of every move (5B); nobody else
    ever reads them."""
    if board.hazards:
        board.emit("hazards", GM, None, squares=board.hazards.listing())


def ground_view(board: Board, officer) -> dict | None:
    """What an officer on the ground sees of his landing: for his report's sheet."""
    landing = officer.landing
    if landing is None:
        return None
    planet = board.planets[landing.planet]
    return {
        "shields": landing.shields, "crews_down": len(landing.crews_down),
        "aliens": list(planet.aliens), "hostile": planet.hostile, "mission": landing.mission,
        "pending": landing.pending, "pending_for": landing.pending_for,
    } | ({"zone": landing.zone, "relandings": landing.relandings}  # outer space: TAB. P (5F)
         if landing.zone else {})


def end_of_game(board: Board, orders: Mapping[int, Orders], held: Mapping[int, str],
                ruleset: Ruleset, dice: Dice) -> None:
    career.end_of_game(board, ruleset, board.settings.get("moves"))


def close_of_move(board: Board, orders: Mapping[int, Orders], held: Mapping[int, str],
                  ruleset: Ruleset, dice: Dice) -> None:
    """Each officer's ship sheet and the public standings, as they stand after the move."""
    order = board.in_player_order()
    outer = explored(board.settings)
    ships, planets = ruleset.ships, board.planets
    # The standings' rows, each behind its place: the higher rank first (ranks run from the
    # lowest up), then the higher score, the name, the id (the ids differ: the rows are
    # never compared).
    seniority = {r.name: -n for n, r in enumerate(ruleset.ranks)}
    placed = []
    # Outer space: whom the alien ship's glue holds (5C b), for their sheets.
    alien = board.alien_ship
    held_by, hooked = (alien.name, alien.hooked) if alien is not None else (None, ())
    events = board.events
    for officer in order:
        ship = officer.ship
        placed.append((seniority[officer.rank], -officer.score, officer.name.casefold(),
                       officer.id, {"officer_name": officer.name, "rank": officer.rank,
                                    "score": officer.score, "ship": ship.type}))
        ship_type = ships[ship.type]
        reckoning = officer.reckoning
        sheet = {
            "officer_name": officer.name, "rank": officer.rank, "score": officer.score,
            "ship_type": ship.type, "ship_name": ship.name, "level": ship_type.level,
            "crews": list(ship.crews), "fit": ship.fit(), "crew_men": ship_type.crew_men,
            "landed": planets[officer.landed_on].designation if officer.landed_on else None,
            "ground": ground_view(board, officer) if officer.landing is not None else None,
            "reckoning": [reckoning.x, reckoning.y, reckoning.level],
        }
        if outer:
            # What the sheet shows in outer space: the personality (5D), the specialist
            # officer (5E), and whether the alien ship's glue holds the ship (5C b).
            specialist = officer.specialist
            sheet["personality"] = officer.personality
            sheet["specialist"] = specialists.data(specialist) if specialist is not None else None
            sheet["held"] = held_by if officer.id in hooked else None
        # Appended as `Board.emit_data` appends it: a move makes a sheet for every officer.
        events.append(Event("sheet", OFFICER, officer.id, sheet))
    placed.sort()
    board.emit("standings", PUBLIC, None, rows=[place[-1] for place in placed])


# Public events that say something happened on a planet's ground this move.
ON_THE_GROUND = frozenset({"landed", "encounter", "fight", "attacked", "capture", "alliance",
                           "known", "points-won"})


def planets_after_the_move(board: Board, orders: Mapping[int, Orders], held: Mapping[int, str],
                           ruleset: Ruleset, dice: Dice) -> None:
    """What every reader may know of the planets where something happened this move, as
    they stand after it: the race, how many remain of how many it began with, hostile or
    not, and who is on the ground (public news, like the encounter itself)."""
    named = {p.designation: p.id for p in board.planets.values() if p.designation}
    touched = {named[e.data["planet"]] for e in board.events
               if e.kind in ON_THE_GROUND and e.visible_to(None)
               and e.data.get("planet") in named}
    # Who is on the ground of each planet, in player order.
    ground: dict[int, list[str]] = {}
    for o in board.in_player_order():
        if o.landing is not None:
            ground.setdefault(o.landing.planet, []).append(o.name)
    touched |= ground.keys()
    for pid in sorted(touched):
        planet = board.planets[pid]
        if planet.base or not planet.populated:
            continue
        race_id = ruleset.information.race_id(planet.facts)
        race = ruleset.guide.get(race_id) if race_id else None
        before = board.planets_before.get(pid)
        board.emit(
            "planet-state", PUBLIC, None, planet=planet.designation,
            race=race.name if race else None, present=len(planet.aliens),
            before=len(before.aliens) if before is not None and before.populated else None,
            hostile=planet.hostile, destroyed=planet.destroyed, known=planet.known,
            ground=ground.get(pid, []),
        )


Phase = Callable[[Board, Mapping[int, Orders], Mapping[int, str], Ruleset, Dice], None]

PHASES: tuple[tuple[str, Phase], ...] = (
    ("the hazards, for the GM", hazards_for_the_gm),
    ("officers' turns", officers_turns),
    # S.C. rule E a: the alien ship moves "at the end of a general turn in which all the
    # U.C. have acted" (and enters, while none is in play).
    ("the alien ship", alien_ship_phase),
    ("end of the game", end_of_game),
    ("the planets after the move", planets_after_the_move),
    ("close of the move", close_of_move),
)


def resolve_move(
    state: GameState,
    orders: Mapping[int, Orders],
    held: Mapping[int, str],
    ruleset: Ruleset,
    dice: Dice,
) -> MoveResult:
    """The new state and the events of one move; `state` itself is left unchanged.

    `orders` holds the lawful orders by officer id; `held` says why any other officer's
    ship holds (a missing file, a wrong secret...).
    """
    board = Board.from_state(state)
    for _name, phase in PHASES:
        phase(board, orders, held, ruleset, dice)
    return MoveResult(board.to_state(), tuple(board.events), tuple(dice.log))
