"""The board of one move: the state being changed while the officers take their turns.

`move.resolve_move` copies the frozen `GameState` into a `Board`, every phase works on it
and appends events, and the board becomes a new `GameState` at the end: the state handed
in is never changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .events import Event
from .geometry import Position, Zone
from .hazards import Hazards
from .grid import PlanetGrid
from .state import PLAYER_ORDER, AlienShip, GameState, Officer, Planet


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
    name: str = ""
    # Every officer's orders this move: a colleague's FIRE ... WITH is read from them (3I b).
    orders: dict[int, Any] = field(default_factory=dict)
    # Officers whose fire was delivered together with a colleague's in the earlier turn.
    joint_fired: set[int] = field(default_factory=set)
    # Hull hits suffered in the officer's turn, in space and on the ground: a second one
    # destroys the ship (4 I). Cleared at the start of each turn.
    hull_hits: dict[int, int] = field(default_factory=dict)
    # The planets whose arrivals were rolled this move (S.C. rule G c: once per planet).
    arrived: set[int] = field(default_factory=set)
    hazards: Hazards = Hazards()
    alien_ship: AlienShip | None = None  # outer space (5C): the one alien ship in play
    # Alien ships destroyed in the officers' turns: the news is public at the end of the move.
    wrecks: list[str] = field(default_factory=list)
    planets_at: dict[Position, Planet] = field(default_factory=dict)
    grid: PlanetGrid = field(default_factory=PlanetGrid)
    events: list[Event] = field(default_factory=list)
    # The planets as the move found them: the bulletin counts the aliens against them.
    planets_before: dict[int, Planet] = field(default_factory=dict)
    # The base planet's id, found the first time it is asked for (it never changes).
    base_id: int | None = None
    # The facts of the planets sighted this move, by name (InformationSheet.describe), for
    # each (facts, radioactivity) met: the move's one ruleset describes them alike.
    described: dict[tuple, tuple[str, ...]] = field(default_factory=dict)
    # The officers' ids in player order, sorted once a move (`player_ids`): no officer joins
    # or leaves during a move, and none changes his turn or id (each is only replaced by
    # his own new value).
    player_order: list[int] = field(default_factory=list)
    # The data of an event told alike to many officers this move (every INFO NEW that found
    # no new planet, the alien ship picked up from one parsec), by what it tells: one dict
    # for all of them (event data are never mutated), and the database, the reports and the
    # GM log write it once.
    told: dict[tuple, dict[str, Any]] = field(default_factory=dict)

    @classmethod
    def from_state(cls, state: GameState) -> "Board":
        board = cls(
            state.zone, dict(state.planets), dict(state.officers), state.move,
            state.designations, dict(state.settings), state.winner, state.name,
            hazards=state.hazards,
        )
        board.planets_before = dict(state.planets)
        board.alien_ship = state.alien_ship
        board.planets_at = {p.position: p for p in board.planets.values() if not p.destroyed}
        board.grid = PlanetGrid(board.planets_at.values())
        return board

    def to_state(self) -> GameState:
        return GameState(
            self.zone, self.planets, self.officers, self.move, self.designations, self.settings,
            self.winner, self.name, hazards=self.hazards, alien_ship=self.alien_ship,
        )

    def put_planet(self, planet: Planet) -> None:
        self.planets[planet.id] = planet
        if planet.destroyed:
            self.planets_at.pop(planet.position, None)  # cancelled from the map (4 VI)
            self.grid.remove(planet)
        else:
            self.planets_at[planet.position] = planet
            self.grid.put(planet)

    def player_ids(self) -> list[int]:
        """The officers' ids in player order, sorted the first time they are asked for."""
        if len(self.player_order) != len(self.officers):
            self.player_order = [o.id for o in sorted(self.officers.values(), key=PLAYER_ORDER)]
        return self.player_order

    def in_player_order(self) -> list[Officer]:
        """The officers as they stand now, in player order."""
        officers = self.officers
        return [officers[i] for i in self.player_ids()]

    def base(self) -> Planet:
        """The base planet, as it stands now."""
        if self.base_id is None:
            self.base_id = next(p.id for p in self.planets.values() if p.base)
        return self.planets[self.base_id]

    def emit(self, kind: str, audience: str, officer: int | None = None, **data: Any) -> None:
        # Event(kind, audience, officer, data) without the named tuple's Python-level
        # __new__: a move emits some 70,000 events.
        self.events.append(Event(kind, audience, officer, data))

    def emit_data(self, kind: str, audience: str, officer: int | None, data: dict) -> None:
        """`emit` for data already in a dict of its own, which the event keeps: the ship
        sheets of a move, built field by field."""
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


