"""One officer's turn in space: take-off, route, sightings, information (rulebook 3F).

`play_turn` works on a `Board`, the mutable copy of the state that `move.resolve_move`
makes for the length of one move, and appends events; nothing outside is touched.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from . import career, landing
from . import route as routes
from .dice import Dice
from .events import OFFICER, PUBLIC, Event
from .geometry import LEVEL_GAP, Position, Segment, bearing_text, route_text
from .information import ask, roman
from .research import research_turn, scanner_reach
from .sighting import PlanetGrid, sightings
from .state import GameState, Officer, Planet, Zone

if TYPE_CHECKING:
    from ..ruleset import Ruleset

DISCOVERY_POINTS = 2  # 3B: a planet sighted and never discovered before


@dataclass(frozen=True)
class InfoTarget:
    planet: str | None  # a public designation, or None for NEW n
    new_index: int | None = None  # the n-th planet discovered by this officer this move

    def text(self) -> str:
        return self.planet if self.planet else f"NEW {self.new_index or 1}"


@dataclass(frozen=True)
class TurnOrders:
    """What a lawful order file asks of one turn (the edge checks lawfulness first)."""

    route: tuple[Segment, ...] = ()
    tanks: int | None = None
    radars: int | None = None
    info: tuple[InfoTarget, ...] = ()
    land: bool = False
    research: tuple[tuple[str, int], ...] = ()  # (technology, grants), Unpredictable Research
    source: str = ""
    # Landing and the ground (3G, 3H): attitude A-D declared with the landing route.
    attitude: str | None = None
    land_crews: int | None = None  # crews landed by attitude C or D (None: all complete ones)
    shields: bool | None = None  # SHIELDS ON / OFF on the ground
    crews_land: int | None = None  # CREWS LAND n (0: all complete crews)
    crews_embark: bool = False  # CREWS EMBARK
    fire: tuple[str, ...] = ()  # "lasers", "crews"
    targets: int | None = None  # TARGET n: fire at the first n aliens only
    mission: str | None = None
    pay: tuple[tuple[int, str], ...] = ()  # PAY n TO officer
    refit: tuple[tuple[str, int], ...] | None = None  # REFIT sheet, at the base
    tot: str | None = None  # TOT planet


@dataclass
class Board:
    """The state being changed during one move; positions indexed for sightings."""

    zone: Zone
    planets: dict[int, Planet]
    officers: dict[int, Officer]
    move: int
    designations: int
    settings: dict[str, Any]
    winner: str | None = None
    planets_at: dict[Position, Planet] = field(default_factory=dict)
    grid: PlanetGrid = field(default_factory=PlanetGrid)
    events: list[Event] = field(default_factory=list)

    @classmethod
    def from_state(cls, state: GameState) -> "Board":
        board = cls(
            state.zone, dict(state.planets), dict(state.officers), state.move,
            state.designations, dict(state.settings), state.winner,
        )
        board.planets_at = {p.position: p for p in board.planets.values() if not p.destroyed}
        board.grid = PlanetGrid(board.planets_at.values())
        return board

    def to_state(self) -> GameState:
        return GameState(
            self.zone, self.planets, self.officers, self.move, self.designations, self.settings,
            self.winner,
        )

    def put_planet(self, planet: Planet) -> None:
        self.planets[planet.id] = planet
        if planet.destroyed:
            self.planets_at.pop(planet.position, None)  # cancelled from the map (4 VI)
            self.grid.remove(planet)
        else:
            self.planets_at[planet.position] = planet
            self.grid.put(planet)

    def emit(self, kind: str, audience: str, officer: int | None = None, **data: Any) -> None:
        self.events.append(Event(kind, audience, officer, data))

    def designate(self, planet: Planet, officer: Officer) -> Planet:
        """Give a planet its public designation the first time anybody finds it."""
        if planet.designation is not None:
            return planet
        self.designations += 1
        planet = replace(
            planet, designation=f"P-{self.designations}",
            discovered_by=officer.id, discovered_move=self.move,
        )
        self.put_planet(planet)
        return planet


def technology(officer: Officer, name: str) -> int:
    """Levels of a technology held (Unpredictable Research); 0 in games without the rule."""
    return officer.technologies.get(name, 0)


def thrust(officer: Officer, parsecs_per_tank: int, tanks_used: int) -> int:
    """Parsecs allowed this move: tanks x parsecs per tank, + Movement levels per tank."""
    return tanks_used * (parsecs_per_tank + technology(officer, "movement"))


def within_thrust(route: tuple[Segment, ...], allowed: int) -> tuple[Segment, ...]:
    """The part of a route the thrust allows; a level change is never split (3E)."""
    kept: list[Segment] = []
    left = allowed
    for seg in route:
        if seg.vertical:
            n = min(seg.parsecs, left - left % LEVEL_GAP)
        else:
            n = min(seg.parsecs, left)
        if n > 0:
            kept.append(Segment(n, seg.direction))
        left -= n
        if n < seg.parsecs:
            break
    return tuple(kept)


def discovery_award(ship_level: int) -> int:
    """2 points minus the ship level, never below zero (DESIGN ruling)."""
    return max(0, DISCOVERY_POINTS - ship_level)


def planet_facts(ruleset: "Ruleset", planet: Planet) -> list[str]:
    return list(ruleset.information.describe(planet.facts))


def hold(board: Board, officer: Officer, reason: str, ruleset: "Ruleset", dice: Dice) -> None:
    """A missing or invalid order file: the ship holds and does nothing (DESIGN); on the
    ground, new aliens still arrive and hostile ones still attack."""
    board.emit("held", OFFICER, officer.id, reason=reason)
    board.emit("turn", PUBLIC, officer.id, officer_name=officer.name, moved=False)
    # Unpredictable Research: a ship that holds bought no grant (19.3 counts 0).
    officer = research_turn(board, officer, (), ruleset.technologies, dice)
    if officer.landing is not None:
        opening = officer.score
        officer, _ = landing.ground_move(board, officer, TurnOrders(), ruleset, dice)
        finish_turn(board, officer, opening)


def play_turn(board: Board, officer: Officer, orders: TurnOrders, ruleset: "Ruleset", dice: Dice) -> None:
    board.emit("turn", PUBLIC, officer.id, officer_name=officer.name, moved=True)
    opening_score = officer.score
    # Unpredictable Research first: a level acquired applies to this very move (19.2).
    officer = research_turn(board, officer, orders.research, ruleset.technologies, dice)
    if orders.refit is not None:
        officer = career.refit(board, officer, dict(orders.refit), ruleset)
    for amount, to in orders.pay:
        officer = career.pay(board, officer, amount, to)
    route = orders.route
    took_off = False
    if officer.landing is not None:
        officer, taking_off = landing.ground_move(board, officer, orders, ruleset, dice)
        took_off = taking_off
        if officer.landing is None and not taking_off:
            finish_turn(board, officer, opening_score)  # rescued: the turn ends at the base
            return
        if not taking_off:
            route = ()  # still on the ground: the radar sees, the ship does not move

    ship_type = ruleset.ships[officer.ship.type]
    radars_on = officer.ship.radars if orders.radars is None else min(orders.radars, officer.ship.radars)
    # 1 parsec per radar, at most 3, + 1 per Scanners level (Unpredictable Research).
    reach = scanner_reach(radars_on, technology(officer, "scanners"))
    tanks_used = officer.ship.tanks if orders.tanks is None else min(orders.tanks, officer.ship.tanks)
    allowed = thrust(officer, ship_type.parsecs_per_tank, tanks_used)
    cut = within_thrust(route, allowed)
    if cut != route:
        # Checked orders fit the thrust; only something that happened this move cuts them.
        board.emit("route-cut", OFFICER, officer.id, allowed=allowed, ordered=route_text(route))
        route = cut

    trace = routes.trace(officer.position, route, board.zone, board.planets_at, reach, orders.land)
    if took_off:
        take_off(board, officer)
    score = officer.score
    new_planets: list[Planet] = []
    seen: set[int] = set()
    for s in sightings(trace.path, reach, board.grid):
        planet = board.planets[s.planet]
        seen.add(planet.id)
        points, is_new = 0, planet.designation is None
        if is_new:
            planet = board.designate(planet, officer)
            points = discovery_award(ship_type.level)
            score += points
            new_planets.append(planet)
        board.emit(
            "sighting", PUBLIC, officer.id, officer_name=officer.name, parsec=s.parsec,
            planet=planet.designation, base=planet.base, known=planet.known,
            new=is_new, points=points,
            distance=s.distance, bearing=bearing_text(s.bearing),
            facts=planet_facts(ruleset, planet),
        )

    # Still where it was: on the ground or at the base; a ship that took off is in space
    # even if its route was cut at the first parsec.
    landed_on = officer.landed_on if trace.travelled == 0 and not took_off else None
    if trace.stop in (routes.BASE, routes.LANDED, routes.FORCED_LANDING):
        planet = board.designate(board.planets[trace.planet], officer)
        landed_on = planet.id
        board.emit(
            "landed", PUBLIC, officer.id, officer_name=officer.name, planet=planet.designation,
            base=planet.base, forced=trace.stop == routes.FORCED_LANDING, parsec=trace.stop_parsec,
        )
    ahead = board.planets[trace.planet].designation if trace.stop == routes.PLANET_AHEAD else None
    start, end = officer.position, trace.end
    reckoning = Position(
        officer.reckoning.x + end.x - start.x, officer.reckoning.y + end.y - start.y,
        officer.reckoning.level + end.level - start.level,
    )
    if route or officer.landing is None:
        board.emit(
            "route", OFFICER, officer.id, ordered=route_text(orders.route),
            planned=trace.planned, travelled=trace.travelled, stop=trace.stop or "",
            stop_parsec=trace.stop_parsec, planet_ahead=ahead, radars=radars_on, reach=reach,
            tanks=tanks_used, thrust=allowed,
            reckoning=[reckoning.x, reckoning.y, reckoning.level],
        )

    if orders.land and trace.stop not in (routes.LANDED, routes.FORCED_LANDING, routes.BASE):
        board.emit("landing-refused", OFFICER, officer.id,
                   reason="the route did not end on a planet open to landings "
                          "(known planets are crossed out; the base needs no LAND)")
    answer_requests(board, officer, orders.info, seen, new_planets, ruleset, dice)
    officer = replace(officer, position=end, landed_on=landed_on, score=score, reckoning=reckoning)
    if trace.stop in (routes.LANDED, routes.FORCED_LANDING):
        officer = landing.land(board, officer, board.planets[trace.planet], orders, ruleset, dice)
    elif trace.stop == routes.BASE:
        before = officer
        officer = career.arrive_at_base(board, officer, ruleset)
        if officer.rank != before.rank:
            finish_turn(board, before, opening_score, reset="promotion")
            opening_score = officer.score
    if orders.tot is not None:
        officer = tot_order(board, officer, orders.tot, seen, ruleset, dice)
    finish_turn(board, officer, opening_score)


def finish_turn(board: Board, officer: Officer, opening_score: int, reset: str = "") -> None:
    """The turn's change of score; a promotion shows what was won before the reset."""
    if officer.score != opening_score or reset:
        board.emit("score", OFFICER, officer.id, gained=officer.score - opening_score,
                   total=officer.score, reset=reset)
    board.officers[officer.id] = officer


def tot_order(board: Board, officer: Officer, designation: str, seen: set[int],
              ruleset: "Ruleset", dice: Dice) -> Officer:
    """Tot 100% on a planet sighted this move, from space (4 VI)."""
    target = next((i for i in seen if board.planets[i].designation == designation), None)
    if officer.ship.tot <= 0 or target is None or board.planets[target].base or officer.landing:
        reason = ("no Tot 100% on board" if officer.ship.tot <= 0 else
                  "a Tot 100% is launched from space" if officer.landing else
                  "the base cannot be struck" if target is not None else
                  f"{designation} was not within radar range of your route")
        board.emit("tot-refused", OFFICER, officer.id, planet=designation, reason=reason)
        return officer
    return career.launch_tot(board, officer, target, ruleset, dice)


def take_off(board: Board, officer: Officer) -> None:
    """Leaving a planet crosses it out: it is known and gives no more points (3H, rule F)."""
    planet = board.planets[officer.landed_on]
    if planet.base or planet.known:
        return
    board.put_planet(replace(planet, known=True))
    board.emit("known", PUBLIC, officer.id, officer_name=officer.name, planet=planet.designation)


def answer_requests(
    board: Board, officer: Officer, requests: tuple[InfoTarget, ...], seen: set[int],
    new_planets: list[Planet], ruleset: "Ruleset", dice: Dice,
) -> None:
    """Information on planets sighted this move (in range at some parsec of the route).

    Section 6 answers on a planet sighted mid-route and out of range at the end, so the
    start and end of the route are not the only places a request may reach (DESIGN).
    """
    by_name = {board.planets[i].designation: i for i in seen}
    # One request per computer, + one per Computing level (Unpredictable Research).
    capacity = officer.ship.computers + technology(officer, "computing")
    for request in requests[:capacity]:
        if request.planet is None:
            n = request.new_index or 1
            if n > len(new_planets):
                board.emit(
                    "info-unanswered", OFFICER, officer.id, request=request.text(),
                    reason=f"you discovered {len(new_planets)} new planet(s) this move",
                )
                continue
            planet_id = new_planets[n - 1].id
        elif request.planet in by_name:
            planet_id = by_name[request.planet]
        else:
            board.emit(
                "info-unanswered", OFFICER, officer.id, request=request.text(),
                reason="that planet was not within radar range of your route",
            )
            continue
        planet = board.planets[planet_id]
        if planet.base:
            board.emit("info-unanswered", OFFICER, officer.id, request=request.text(),
                       reason="the base planet is not explored")
            continue
        answer = ask(ruleset.information, planet.facts, dice, planet.designation, officer.id)
        if answer is None:
            board.emit("info-unanswered", OFFICER, officer.id, request=request.text(),
                       reason=f"everything about {planet.designation} is known already")
            continue
        board.put_planet(replace(planet, facts=answer.facts))
        board.emit(
            "info", PUBLIC, officer.id, officer_name=officer.name, planet=planet.designation,
            level=roman(answer.level), die=answer.die, face=answer.face,
            value=ruleset.information.names.get(answer.value, answer.value),
            wasted=answer.wasted, facts=list(ruleset.information.describe(answer.facts)),
        )
    for request in requests[capacity:]:
        # `pbem check` allowed for a Computing breakthrough the dice did not bring.
        board.emit("info-unanswered", OFFICER, officer.id, request=request.text(),
                   reason=f"your ship answers only {capacity} request(s) this move")
