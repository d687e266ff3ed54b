"""An officer's career: promotion and refitting at the base, the rescue return, payments
between officers, the Tot 100% and the end of the game (rulebook 1, 3A, 3C, 3F c, 3I b, 4 VI).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Collection, Mapping

from . import rulings
from .dice import OFFICER as SEEN_BY_OFFICER
from .dice import Dice
from .events import OFFICER, PUBLIC
from .geometry import Position
from .orders import Orders, Problem
from .outer_space import explored
from .ranks import next_rank, previous_rank, rank_index
from .ship import Ship, ShipType, build_ship, fit_problems
from .state import Officer
from .tables import TOT_INNER_SPACE_COLUMN
from .ruleset import Ruleset
from .board import Board
from .said import Said, saying

# What the reports say of a career (the events keep the words; `said.read` reads them back).
FIRST_TO_REACH = saying("first to reach the rank of %(rank)s")
REFITTED_AT_BASE = saying("a ship is refitted only at the base")
NO_SUCH_COLLEAGUE = saying("no such colleague")
YOUR_SCORE = saying("your score is %(score)s")
TOT_LAUNCHED = saying("Tot 100%% launched on %(planet)s")
HIGHEST_RANK = saying("highest rank and score after the last move (%(move)s)")
EQUAL_IN_RANK = saying("equal in rank (%(rank)s) and points (%(score)s) after the last move "
                        "(%(move)s): they share the victory")




def ship_type_for(ruleset: Ruleset, rank: str, level: int) -> ShipType:
    """The ship type of `level` the rank commands. The ruleset is checked on loading so that
    every promotion and demotion from a rank's own ships finds one (`pbem.ruleset_files`); a
    Fabius keeps the ship he was promoted in, and if he is rescued from it his new rank
    gets the level nearest below."""
    types = [ruleset.ships[n] for n in next(r.ships for r in ruleset.ranks if r.name == rank)]
    return min(types, key=lambda t: (t.level != level, t.level > level, abs(t.level - level)))


def promoted_level(ships: Mapping[str, ShipType], level: int) -> int:
    """3A: "the ship of the immediately higher level"; from the highest level there is
    none higher, and the promoted officer keeps a ship of his level."""
    levels = {t.level for t in ships.values()}
    return level + 1 if level + 1 in levels else level


def demoted_level(ships: Mapping[str, ShipType], level: int) -> int:
    """3F c: "a new ship of a level lower than the one lost"; the lowest keeps the lowest."""
    return max(min(t.level for t in ships.values()), level - 1)


def new_ship(ship_type: ShipType, name: str) -> Ship:
    """The type's default sheet, to be changed with REFIT at the base."""
    return build_ship(ship_type, name, dict(ship_type.default))


def at_base(board: Board, officer: Officer) -> Officer:
    base = board.base()
    return replace(officer, position=base.position, landed_on=base.id, landing=None,
                  reckoning=Position(0, 0, 0))


def demoted(officer: Officer, ruleset: Ruleset, base: Position, base_id: int) -> Officer:
    """The officer after a rescue return (3F c), or a GM's demotion by a ruling: on the base,
    one rank down (not below the lowest), score 0, a new ship of a level lower than his."""
    lost = officer.ship
    rank = previous_rank(ruleset.ranks, officer.rank)
    ship_type = ship_type_for(ruleset, rank.name, demoted_level(ruleset.ships, ruleset.ships[lost.type].level))
    officer = replace(officer, rank=rank.name, score=0, ship=new_ship(ship_type, lost.name),
                      position=base, landed_on=base_id, landing=None,
                      reckoning=Position(0, 0, 0))
    if not rulings.SPECIALIST_SURVIVES_THE_RESCUE:
        officer = replace(officer, specialist=None)
    return officer


def demote(board: Board, officer: Officer, ruleset: Ruleset, reason: str) -> Officer:
    """Rescue return (3F c): to the base through the gate, one rank down (not below the
    lowest), score 0, a new ship of a level lower than the one lost."""
    lost = officer.ship
    base = board.base()
    officer = demoted(officer, ruleset, base.position, base.id)
    board.emit("rescue", PUBLIC, officer.id, officer_name=officer.name, reason=reason,
               lost=lost.type, rank=officer.rank, ship_type=officer.ship.type)
    return officer


def arrive_at_base(board: Board, officer: Officer, ruleset: Ruleset) -> Officer:
    """The MISSUS checks the score (3A): a promotion when it reaches the rank's threshold,
    score back to 0 and a ship of the next level; reaching Fabius wins the game (1)."""
    rank = next(r for r in ruleset.ranks if r.name == officer.rank)
    if rank.promotion is None or officer.score < rank.promotion:
        return officer
    new_rank = next_rank(ruleset.ranks, rank.name)
    if new_rank is None:
        return officer
    level = promoted_level(ruleset.ships, ruleset.ships[officer.ship.type].level)
    if new_rank.ships:
        ship_type = ship_type_for(ruleset, new_rank.name, level)
        ship = new_ship(ship_type, officer.ship.name)
    else:
        ship_type, ship = None, officer.ship
    officer = replace(officer, rank=new_rank.name, score=0, ship=ship)
    board.emit("promotion", PUBLIC, officer.id, officer_name=officer.name, rank=new_rank.name,
               score=rank.promotion, ship_type=ship_type.name if ship_type else None,
               fit=ship.fit() if ship_type else None)
    if not new_rank.ships and board.winner is None:
        board.winner = officer.name
        board.emit("game-end", PUBLIC, officer.id, winner=officer.name, winners=[officer.name],
                   rank=new_rank.name, reason=Said(FIRST_TO_REACH, rank=new_rank.name))
    return officer


def refit(board: Board, officer: Officer, fit: dict[str, int], ruleset: Ruleset) -> Officer:
    """Refitting at the base (3C): free, any number of elements, within the ship's spaces."""
    ship_type = ruleset.ships[officer.ship.type]
    if board.planets.get(officer.landed_on) is None or not board.planets[officer.landed_on].base:
        board.emit("refit-refused", OFFICER, officer.id, reason=Said(REFITTED_AT_BASE),
                   why="not-at-base")
        return officer
    problems = fit_problems(ship_type, fit)
    if problems:
        board.emit("refit-refused", OFFICER, officer.id, reason="; ".join(problems), why="bad-sheet")
        return officer
    ship = build_ship(ship_type, officer.ship.name, fit)
    board.emit("refit", OFFICER, officer.id, fit=ship.fit())
    return replace(officer, ship=ship)


def pay(board: Board, officer: Officer, amount: int, to_name: str) -> Officer:
    """Cooperation (3I b): points paid to a colleague, taken from one's own score."""
    to = next((o for o in board.officers.values() if o.name.casefold() == to_name.casefold()), None)
    if to is None or to.id == officer.id:
        board.emit("payment-refused", OFFICER, officer.id, amount=amount, to=to_name,
                   reason=Said(NO_SUCH_COLLEAGUE), why="no-colleague")
        return officer
    if amount > officer.score:
        board.emit("payment-refused", OFFICER, officer.id, amount=amount, to=to.name,
                   reason=Said(YOUR_SCORE, score=officer.score), why="score")
        return officer
    board.officers[to.id] = replace(board.officers[to.id], score=to.score + amount)
    board.emit("payment", OFFICER, officer.id, amount=amount, to=to.name, direction="paid")
    board.emit("payment", OFFICER, to.id, amount=amount, to=officer.name, direction="received")
    return replace(officer, score=officer.score - amount)


def launch_tot(board: Board, officer: Officer, planet_id: int, ruleset: Ruleset, dice: Dice) -> Officer:
    """Tot 100% (4 VI): TAB. L, column 3 in inner space; Yes cancels the planet from the
    map, and any colleague landed there loses his ship as in a rescue return."""
    planet = board.planets[planet_id]
    table = ruleset.tables["L"]
    face = dice.roll(table.die, "tot", f"{planet.designation} TAB. L", officer=officer.id,
                     visibility=SEEN_BY_OFFICER)
    if explored(board.settings):
        # Outer space: the column of the commander's personality (4 VI, 5D).
        column = table.column_for(officer.personality)
    else:
        # Column no. 3 of the printed table, whatever personality values it is headed by.
        column = table.column_number(TOT_INNER_SPACE_COLUMN)
    result = column.faces[face - 1]
    board.emit("tot", PUBLIC, officer.id, officer_name=officer.name, planet=planet.designation,
               die=table.die, face=face, result=result, roller=table.roller)
    if result != "Yes":
        return officer
    officer = replace(officer, ship=replace(officer.ship, tot=officer.ship.tot - 1))
    board.put_planet(replace(planet, destroyed=True, aliens=(), known=True))
    for other in list(board.officers.values()):
        if other.id != officer.id and other.landed_on == planet_id:
            board.officers[other.id] = demote(board, other, ruleset,
                                              Said(TOT_LAUNCHED, planet=planet.designation))
    return officer


def end_of_game(board: Board, ruleset: Ruleset, last_move: int | None) -> None:
    """The timed version (1): after the last move the highest rank wins, then the most
    points; officers equal in both share the victory (ruling SHARED_VICTORY_ON_A_TIE), or,
    with the ruling off, the first of them in player order takes it."""
    if board.winner is not None or last_move is None or board.move < last_move:
        return
    def standing(o: Officer) -> tuple[int, int]:
        return rank_index(ruleset.ranks, o.rank), o.score

    order = board.in_player_order()
    best = max(standing(o) for o in order)
    first = [o for o in order if standing(o) == best]
    if not rulings.SHARED_VICTORY_ON_A_TIE:
        first = first[:1]
    names = [o.name for o in first]
    board.winner = " and ".join(names)
    reason = Said(HIGHEST_RANK, move=last_move)
    if len(first) > 1:
        reason = Said(EQUAL_IN_RANK, rank=first[0].rank, score=first[0].score, move=last_move)
    board.emit("game-end", PUBLIC, first[0].id, winner=board.winner, winners=names,
               rank=first[0].rank, reason=reason)


# --- lawfulness of REFIT, PAY and TOT orders ---------------------------------------------


def career_problems(orders: Orders, officer: Officer, at_base: bool, ruleset: Ruleset,
                    colleagues: Collection[str], spent: int,
                    designations: Collection[str]) -> list[Problem]:
    """REFIT only at the base and with a lawful sheet (3C); PAY to a colleague, within the
    score left once `spent` (research grants) is paid (3I b); TOT only with a bomb aboard,
    from space, at a planet that has a public name (4 VI)."""
    found: list[Problem] = []
    if orders.refit is not None:
        if not at_base:
            found.append(orders.problem("REFIT", Said(REFITTED_AT_BASE),
                                        Said("delete REFIT, or come back to the base first")))
        else:
            for reason in fit_problems(ruleset.ships[officer.ship.type], dict(orders.refit)):
                found.append(orders.problem("REFIT", Said("the new sheet is not valid: "
                                                          "%(reason)s", reason=reason),
                                            Said("correct the sheet")))
    if orders.pay:  # most orders pay nobody: nothing to add up
        found += _pay_problems(orders, officer, colleagues, spent)
    if orders.tot is not None:
        ship_type = ruleset.ships[officer.ship.type]
        if ship_type.maximum.get("tot", 0) == 0:
            carriers = ", ".join(t.name for t in ruleset.ships.values() if t.maximum.get("tot", 0))
            found.append(orders.problem("TOT", Said("a %(type)s carries no Tot 100%% (only "
                                                    "%(carriers)s)", type=ship_type.name,
                                                    carriers=carriers or Said("no ship type")),
                                        Said("delete TOT")))
        elif officer.ship.tot == 0:
            found.append(orders.problem("TOT", Said("no Tot 100%% left on board"),
                                        Said("delete TOT")))
        elif orders.land or (officer.landing is not None and not orders.route):
            found.append(orders.problem("TOT", Said("a Tot 100%% is launched from space, and "
                                                    "the ship is on the ground at the end of "
                                                    "this move"),
                                        Said("launch it in a move that ends in space")))
        elif orders.tot not in designations:
            found.append(orders.problem("TOT", Said("no planet %(planet)s is known (the base "
                                                    "cannot be struck)", planet=orders.tot),
                                        Said("name a planet sighted this move, e.g. TOT P-5")))
    return found


def _pay_problems(orders: Orders, officer: Officer, colleagues: Collection[str],
                  spent: int) -> list[Problem]:
    """PAY to a colleague, within the score left once `spent` is paid (3I b)."""
    found: list[Problem] = []
    total = 0
    me = (orders.officer or officer.name).casefold()
    for payment in orders.pay:
        total += payment.amount
        name = payment.to.casefold()
        if name not in colleagues or name == me or name == officer.name.casefold():
            found.append(orders.problem("PAY", Said("no colleague named %(name)s",
                                                    name=payment.to),
                                        Said("write PAY n TO and the name of another officer"),
                                        line=payment.line, private=False))
    left = max(0, officer.score - spent)
    if total > left:
        why = (Said("your score is %(score)s and research costs %(spent)s",
                    score=officer.score, spent=spent) if spent
               else Said(YOUR_SCORE, score=officer.score))
        found.append(orders.problem("PAY", Said("you pay %(total)s points and %(why)s",
                                                total=total, why=why),
                                    Said("pay at most %(left)s", left=left),
                                    line=orders.pay[-1].line))
    return found
