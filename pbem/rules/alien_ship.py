"""The alien ship (rulebook 5C; S.C. advanced rule E): KNOX, BRUCEL and their kind.

At most one is in play; while none is, TAB. S is rolled at the end of every move, and when
it says so one enters: TAB. Q gives which ship (F.C.Att, F.C.Def, movement factor) and the
side it enters from, a seeded roll the square of that side, and it enters on the level
holding the most legionaries in space (landed ships neither attract nor count; ties by a
seeded roll). At the end of every move, after the last officer's turn, it moves along the
shortest path toward the nearest legionary in space on its level, by its movement factor
(a level change costs 4 parsecs); when its level holds no ship in space it heads for the
most populated level. Radar picks it up during an officer's movement only, like a planet.

Space glue (5C b): entering a legionary's square it attacks him (TAB. N, damages on TAB.
C); from then on he cannot leave until one of them is destroyed or he disengages. In his
turn he may fire at it (ship lasers plus research Attack against its F.C.Def, TAB. M: D
destroys it, R halves both its factors rounded up, a second R destroys it) and try to
disengage (d6 of 5 or 6, plus research Tactics), fire first. A hooked ship receives no
information. A colleague who ends his route in the square joins the fight; the alien
attacks the one it hooked first. No points for destroying it.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Mapping

from . import combat, rulings
from .board import Board
from .career import demote
from .damage import suffer
from .dice import GM as SEEN_BY_GM
from .dice import OFFICER as SEEN_BY_OFFICER
from .dice import Dice
from .events import GM, OFFICER, PUBLIC, Event
from .geometry import LEVEL_GAP, Position, bearing_of, bearing_text
from .orders import Orders, Problem
from .said import Said
from .outer_space import explored
from .research import ATTACK, DEFENCE, TACTICS
from .legs import OnLevel, layout, of_path
from .route import Parsec, RouteResult
from .ruleset import Ruleset
from .sighting import nearest as nearest_on_levels
from .specialists import after_damage
from .state import PLAYER_ORDER, AlienShip, Officer

DESTROYED, REDUCED, MISSED = "D", "R", "-"  # TAB. M (5C b)
ENTERS = "Yes"  # TAB. S
DISENGAGE_FROM = 5  # 5C b: "by obtaining a random outcome of 5 or 6"
DISENGAGE_DIE = 6
REDUCTIONS_THAT_DESTROY = 2  # 5C b: "A double R is equivalent to D"


# --- who is where --------------------------------------------------------------------------

def in_space(officer: Officer) -> bool:
    """Landed ships (the base included) neither attract nor count (S.C. rule E a)."""
    return officer.landing is None and officer.landed_on is None


def hooked(board: Board, officer_id: int) -> bool:
    ship = board.alien_ship
    return ship is not None and officer_id in ship.hooked


def report_data(ship: AlienShip) -> dict:
    """What an officer may read of it when he meets it: never where it is."""
    return {"name": ship.name, "attack": ship.attack, "defence": ship.defence,
            "reductions": ship.reductions}


def edge_square(side: str, along: int, level: int, size: int) -> Position:
    """The `along`-th square (0 first, West to East or South to North) of a side."""
    return {
        "N": Position(along, size - 1, level), "S": Position(along, 0, level),
        "E": Position(size - 1, along, level), "W": Position(0, along, level),
    }[side]


def entry_level(board: Board, dice: Dice) -> int:
    """The level with most legionaries in space; ties (and an empty zone) by a roll."""
    counts = {level: 0 for level in range(1, board.zone.levels + 1)}
    for o in board.officers.values():
        if in_space(o):
            counts[o.position.level] += 1
    most = max(counts.values())
    tied = [level for level, n in counts.items() if n == most]
    if len(tied) == 1:
        return tied[0]
    return tied[dice.roll(len(tied), "alien-ship", "level tie", visibility=SEEN_BY_GM) - 1]


# --- the phase at the end of the move --------------------------------------------------------

def alien_ship_phase(board: Board, orders: Mapping[int, Orders], held: Mapping[int, str],
                     ruleset: Ruleset, dice: Dice) -> None:
    """S.C. rule E a: "The last task to be fulfilled by the S.C. is the movement of the
    Alien ships", after every officer has acted."""
    if not explored(board.settings) or ruleset.alien_ships is None:
        return
    for name in board.wrecks:
        # Told to all when every officer has acted, not in the turn of the one who destroyed
        # it: the news is public, where it was is not.
        board.emit("alien-ship-wrecked", PUBLIC, None, name=name)
    if board.alien_ship is None:
        enter(board, ruleset, dice)
        if board.alien_ship is None or rulings.ALIEN_SHIP_MOVES_FROM_THE_MOVE_AFTER_ITS_ENTRY:
            return
    pursue(board, ruleset, dice)


def enter(board: Board, ruleset: Ruleset, dice: Dice) -> None:
    """TAB. S while none is in play; then TAB. Q, the square of the side, the level."""
    table = ruleset.tables["S"]
    face = dice.roll(table.die, "alien-ship", "TAB. S", visibility=SEEN_BY_GM)
    if table.result(0, face) != ENTERS:
        board.emit("alien-ship-absent", GM, None, die=table.die, face=face)
        return
    q = ruleset.alien_ships
    q_face = dice.roll(q.die, "alien-ship", "TAB. Q", visibility=SEEN_BY_GM)
    kind, side = q.result(q_face)
    along = dice.roll(board.zone.size, "alien-ship", f"square of side {side}",
                      visibility=SEEN_BY_GM) - 1
    level = entry_level(board, dice)
    where = edge_square(side, along, level, board.zone.size)
    ship = AlienShip(kind.name, kind.attack, kind.defence, kind.movement, where,
                     entered=board.move)
    board.alien_ship = ship
    board.emit("alien-ship-enters", GM, None, name=kind.name, attack=kind.attack,
               defence=kind.defence, movement=kind.movement, side=side,
               position=list(where), face=q_face)
    catch(board, ruleset, dice)


def afloat(board: Board) -> dict[int, list[Officer]]:
    """The legionaries in space (`in_space`, for every officer at once), level by level."""
    levels: dict[int, list[Officer]] = {}
    for o in board.officers.values():
        if o.landing is None and o.landed_on is None:
            on_level = levels.get(o.position.level)
            if on_level is None:
                levels[o.position.level] = [o]
            else:
                on_level.append(o)
    return levels


def target_level(board: Board, here: int,
                 in_space_now: dict[int, list[Officer]] | None = None) -> int | None:
    """The most populated level when its own holds no ship in space (S.C. rule E a);
    ties go to the nearest level, then the higher one. `in_space_now`: the legionaries in
    space, when the caller has them (`afloat`)."""
    counts = {level: len(on_level) for level, on_level
              in (afloat(board) if in_space_now is None else in_space_now).items()}
    if not counts:
        return None
    if counts.get(here):
        return here
    return min(counts, key=lambda level: (-counts[level], abs(level - here), level))


def nearest(board: Board, here: Position,
            in_space_now: dict[int, list[Officer]] | None = None) -> Officer | None:
    """The nearest legionary in space on its level; ties to the first in player order."""
    on_level = (afloat(board) if in_space_now is None else in_space_now).get(here.level)
    if not on_level:
        return None
    # min() by (distance, turn, id), counted in one loop: the ship asks at every parsec it
    # flies, of the thousands in space on its level (a test holds it to that min()).
    hx, hy = here.x, here.y
    best, fewest = None, -1
    for o in on_level:
        x, y, _ = o.position
        dx, dy = (x - hx if x >= hx else hx - x), (y - hy if y >= hy else hy - y)
        steps = dx if dx >= dy else dy
        if fewest < 0 or steps < fewest or (steps == fewest
                                              and (o.turn, o.id) < (best.turn, best.id)):
            best, fewest = o, steps
    return best


def step_toward(here: Position, there: Position) -> Position:
    """One parsec along the shortest path (8 directions): diagonal while both differ."""
    dx = (there.x > here.x) - (there.x < here.x)
    dy = (there.y > here.y) - (there.y < here.y)
    return Position(here.x + dx, here.y + dy, here.level)


def pursue(board: Board, ruleset: Ruleset, dice: Dice) -> None:
    """Its move: it holds while its glue holds someone; else it flies toward the nearest
    legionary until its movement factor is spent or it enters a legionary's square."""
    ship = board.alien_ship
    held_now = tuple(i for i in ship.hooked if i in board.officers
                     and in_space(board.officers[i])
                     and board.officers[i].position == ship.position)
    ship = replace(ship, hooked=held_now)
    board.alien_ship = ship
    if held_now:
        attack(board, ruleset, dice)
        return
    # Nobody moves while it does: who is in space, and where, is read once.
    in_space_now = afloat(board)
    occupied: dict[int, set[Position]] = {}
    start, here, budget = ship.position, ship.position, ship.movement
    level = target_level(board, here.level, in_space_now)
    path = [here]
    while level is not None and budget > 0:
        if level != here.level:
            if budget < LEVEL_GAP:
                break  # a level change cannot be split (3E)
            here = Position(here.x, here.y, here.level + (1 if level > here.level else -1))
            budget -= LEVEL_GAP
        else:
            prey = nearest(board, here, in_space_now)
            if prey is None or prey.position == here:
                break
            here = step_toward(here, prey.position)
            budget -= 1
        path.append(here)
        if here.level not in occupied:
            occupied[here.level] = {o.position for o in in_space_now.get(here.level, ())}
        if here in occupied[here.level]:  # a legionary's square
            break
    board.alien_ship = replace(ship, position=here)
    board.emit("alien-ship-moves", GM, None, name=ship.name, start=list(start),
               end=list(here), parsecs=ship.movement - budget)
    catch(board, ruleset, dice, in_space_now)


def _legionaries_at(board: Board, square: Position,
                    in_space_now: dict[int, list[Officer]] | None = None) -> list[Officer]:
    on_level = (afloat(board) if in_space_now is None else in_space_now).get(square.level, ())
    return sorted((o for o in on_level if o.position == square), key=PLAYER_ORDER)


def catch(board: Board, ruleset: Ruleset, dice: Dice,
          in_space_now: dict[int, list[Officer]] | None = None) -> None:
    """Space glue: every legionary in its square is held; it attacks the first hooked."""
    ship = board.alien_ship
    caught = [o.id for o in _legionaries_at(board, ship.position, in_space_now)
              if o.id not in ship.hooked]
    if not caught and not ship.hooked:
        return
    board.alien_ship = replace(ship, hooked=ship.hooked + tuple(caught))
    for oid in caught:
        board.emit("alien-ship-hooks", OFFICER, oid, joined=[], **report_data(ship))
    attack(board, ruleset, dice)


def join(board: Board, officer: Officer) -> None:
    """A legionary whose route ends in its square is held too, and joins any fight there."""
    ship = board.alien_ship
    # Its square first: nearly every ship of a move ends its route elsewhere.
    if ship is None or officer.position != ship.position or not in_space(officer):
        return
    if officer.id in ship.hooked:
        return
    fighting = [board.officers[i].name for i in ship.hooked if i in board.officers]
    board.alien_ship = replace(ship, hooked=ship.hooked + (officer.id,))
    board.emit("alien-ship-hooks", OFFICER, officer.id, joined=fighting, **report_data(ship))


def attack(board: Board, ruleset: Ruleset, dice: Dice) -> None:
    """TAB. N against the one it hooked first (ruling ALIEN_SHIP_ATTACKS_THE_FIRST_HOOKED):
    his shields are his defence, on in space unless he ordered SHIELDS OFF."""
    ship = board.alien_ship
    if not ship.hooked:
        return
    target = board.officers[ship.hooked[0] if rulings.ALIEN_SHIP_ATTACKS_THE_FIRST_HOOKED
                            else ship.hooked[-1]]
    orders = board.orders.get(target.id)
    ordered = orders.shields if orders is not None else None
    shields_on = rulings.SHIELDS_ON_IN_SPACE if ordered is None else ordered
    defence = combat.ship_defence(target.ship, shields_on, target.technologies.get(DEFENCE, 0))
    table = ruleset.tables["N"]
    difference = defence - ship.attack  # Legio minus Alien, as every table
    face = dice.roll(table.die, "alien-ship-fire", f"{ship.name} TAB. N", officer=target.id,
                     visibility=SEEN_BY_OFFICER)
    result = int(table.result(difference, face))
    board.emit("alien-ship-attack", OFFICER, target.id, attack=ship.attack, defence=defence,
               shields=shields_on, difference=difference, column=table.label(difference),
               die=table.die, roller=table.roller, face=face, result=result,
               name=ship.name)
    damage_in_space(board, target, result, ruleset, dice)


def damage_in_space(board: Board, officer: Officer, count: int, ruleset: Ruleset,
                    dice: Dice) -> Officer:
    """Damages on TAB. C, one by one, until the ship is lost (then the rescue return)."""
    if count <= 0:
        return officer
    table = ruleset.tables["C"]
    hit = suffer(officer.ship, count, table,
                 lambda: dice.roll(table.die, "damage", "TAB. C", officer=officer.id,
                                   visibility=SEEN_BY_OFFICER), 0)
    for h in hit.hits:
        board.emit("damage", OFFICER, officer.id, planet=None, roller=table.roller, **h.data())
    officer = replace(officer, ship=hit.ship)
    if hit.lost:
        release(board, officer.id)
        # The public reason is the loss alone: who fought the alien ship, and so where it
        # was, stays with those it attacked.
        officer = demote(board, officer, ruleset, hit.lost)
    else:
        officer = after_damage(board, officer, hit, ruleset.specialists, dice)
    board.officers[officer.id] = officer
    return officer


def release(board: Board, officer_id: int) -> None:
    ship = board.alien_ship
    if ship is not None and officer_id in ship.hooked:
        board.alien_ship = replace(ship, hooked=tuple(i for i in ship.hooked if i != officer_id))


# --- the hooked legionary's turn --------------------------------------------------------------

def hooked_turn(board: Board, officer: Officer, orders: Orders, ruleset: Ruleset,
                dice: Dice) -> tuple[Officer, bool]:
    """Fire first, then the disengagement roll (ruling FIRE_BEFORE_DISENGAGING). Returns the
    officer and whether he is free to fly his route this turn."""
    if not hooked(board, officer.id):
        return officer, True
    if orders.fire_alien and rulings.FIRE_BEFORE_DISENGAGING:
        fire(board, officer, ruleset, dice)
        if board.alien_ship is None:
            # 5C b: "In the turn in which an Alien is destroyed one may normally set out again."
            return officer, True
    if orders.disengage:
        tactics = officer.technologies.get(TACTICS, 0)
        face = dice.roll(DISENGAGE_DIE, "disengage", board.alien_ship.name, officer=officer.id,
                         visibility=SEEN_BY_OFFICER)
        free = face + tactics >= DISENGAGE_FROM
        board.emit("disengage", OFFICER, officer.id, die=DISENGAGE_DIE, face=face,
                   tactics=tactics, needed=DISENGAGE_FROM, free=free, name=board.alien_ship.name)
        if free:
            release(board, officer.id)
            return officer, True
    if orders.fire_alien and not rulings.FIRE_BEFORE_DISENGAGING:
        fire(board, officer, ruleset, dice)
        if board.alien_ship is None:
            return officer, True
    board.emit("held-by-alien", OFFICER, officer.id, name=board.alien_ship.name,
               route=bool(orders.route))
    return officer, False


def fire(board: Board, officer: Officer, ruleset: Ruleset, dice: Dice) -> None:
    """TAB. M: the ship's lasers (plus research Attack) against its F.C.Def."""
    ship = board.alien_ship
    table = ruleset.tables["M"]
    attack_fc = combat.ship_attack(officer.ship, officer.technologies.get(ATTACK, 0))
    if attack_fc <= 0:
        board.emit("alien-fire-refused", OFFICER, officer.id, why="no-lasers",
                   reason=Said("the ship has no lasers left to fire"))
        return
    difference = attack_fc - ship.defence
    face = dice.roll(table.die, "fire-alien", f"{ship.name} TAB. M", officer=officer.id,
                     visibility=SEEN_BY_OFFICER)
    result = str(table.result(difference, face))
    reductions = ship.reductions + (result == REDUCED)
    destroyed = result == DESTROYED or reductions >= REDUCTIONS_THAT_DESTROY
    board.emit("fire-alien", OFFICER, officer.id, attack=attack_fc, defence=ship.defence,
               difference=difference, column=table.label(difference), die=table.die,
               roller=table.roller, face=face, result=result, destroyed=destroyed,
               name=ship.name)
    others = [i for i in ship.hooked if i != officer.id]
    if destroyed:
        board.alien_ship = None
        board.wrecks.append(ship.name)
        board.emit("alien-ship-destroyed", OFFICER, officer.id, officer_name=officer.name,
                   name=ship.name)
        for oid in others:
            board.emit("alien-ship-gone", OFFICER, oid, name=ship.name, by=officer.name)
        return
    if result == REDUCED:
        ship = replace(ship, attack=math.ceil(ship.attack / 2),
                      defence=math.ceil(ship.defence / 2), reductions=reductions)
        board.alien_ship = ship
        for oid in others:
            board.emit("alien-ship-reduced", OFFICER, oid, by=officer.name, **report_data(ship))


# --- radar ------------------------------------------------------------------------------------

def radar_sighting(board: Board, officer: Officer,
                   path: "tuple[Parsec, ...] | list[Parsec] | RouteResult", reach: int) -> None:
    """S.C. rule E a: "An alien ship can be picked up by radar, but only during the U.C.
    movement": from the parsec of the route nearest to it, as a planet is."""
    ship = board.alien_ship
    if ship is None or reach <= 0:
        return
    levels = (path.levels if isinstance(path, RouteResult) and path.levels is not None
              else _levels(path))  # a traced route's, most often: a move traces thousands
    there = ship.position
    # `seen_from`, written out: most routes keep beyond reach of it on every level.
    on = levels.get(there.level)
    if on is None:
        return
    on_level, x0, y0, x1, y1 = on
    if not (x0 - reach <= there.x <= x1 + reach and y0 - reach <= there.y <= y1 + reach):
        return
    seen = nearest_on_levels(on_level, there.x, there.y, reach)
    if seen is None:
        return
    number, x, y, d = seen
    # `report_data`, written out, and the event appended as made (as `Board.emit` makes it,
    # without its keywords): every officer of a move may pick it up, most from a parsec
    # another picked it up from (one dict for them all, `Board.told`).
    told = ("alien-ship-sighting", number, d, there.x - x, there.y - y, ship.name,
            ship.attack, ship.defence, ship.reductions)
    data = board.told.get(told)
    if data is None:
        data = board.told[told] = {
            "parsec": number, "distance": d,
            "bearing": bearing_text(bearing_of(there.x - x, there.y - y)), "name": ship.name,
            "attack": ship.attack, "defence": ship.defence, "reductions": ship.reductions}
    board.events.append(Event("alien-ship-sighting", OFFICER, officer.id, data))


def _levels(path: "tuple[Parsec, ...] | list[Parsec] | RouteResult") -> dict[int, OnLevel]:
    """The legs of a path or a traced route, level by level."""
    if isinstance(path, RouteResult):
        return path.levels if path.levels is not None else layout(path.legs)
    return layout(of_path(path))


# --- lawfulness of FIRE ALIEN and DISENGAGE ----------------------------------------------------

def alien_ship_problems(orders: Orders, officer: Officer, ship: AlienShip | None,
                        advanced: bool) -> list[Problem]:
    """FIRE ALIEN and DISENGAGE only while its glue holds the ship; a held ship's route is
    flown only if it disengages or the alien ship is destroyed first."""
    held = ship is not None and officer.id in ship.hooked
    if not (held or orders.fire_alien or orders.disengage):
        return []  # most ships of a move: free, and giving neither order
    found: list[Problem] = []
    for keyword, wanted in (("FIRE", orders.fire_alien), ("DISENGAGE", orders.disengage)):
        if not wanted or held:
            continue
        why = (Said("alien ships are met in outer space only") if not advanced else
               Said("no alien ship holds your ship"))
        found.append(orders.problem(keyword, why, Said("delete the line"),
                                    private=advanced))
    if not held:
        return found
    if orders.fire_alien and officer.ship.lasers == 0:
        found.append(orders.problem("FIRE", Said("the ship has no lasers to fire at the alien "
                                                 "ship"),
                                    Said("write DISENGAGE to try to break free")))
    if orders.route and not (orders.disengage or orders.fire_alien):
        found.append(orders.problem("ROUTE", Said("the alien ship %(ship)s holds your ship: "
                                                  "the route is flown only if you break free",
                                                  ship=ship.name),
                                    Said("add DISENGAGE (and FIRE ALIEN to fight it first)")))
    return found
