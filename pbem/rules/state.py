"""The state of a game as plain frozen values: the zone, its planets and the officers."""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter

from .geometry import Position, Zone
from .hazards import Hazards
from .ship import Ship


@dataclass(frozen=True)
class Planet:
    id: int
    position: Position
    base: bool = False
    designation: str | None = None  # public name, given when first sighted
    facts: tuple[str, ...] = ()  # Information Sheet answers so far, level I first
    known: bool = False  # crossed out: landed on and left; gives no more points (3H)
    discovered_by: int | None = None
    discovered_move: int | None = None
    # Aliens, rolled on the first landing (S.C. rule G) and shared by every officer there.
    populated: bool = False
    aliens: tuple[int, ...] = ()  # the F.C. of each alien present (below full: wounded)
    hostile: bool = False
    destroyed: bool = False  # struck by a Tot 100%
    # Outer space: "0", "alpha" or "beta", given with the planet type (S.C. advanced rule B).
    radioactivity: str | None = None


@dataclass(frozen=True)
class Landing:
    """An officer on the ground of a planet (3G, 3H), from the landing to the take-off."""

    planet: int
    shields: bool = False
    crews_down: tuple[int, ...] = ()  # indices of the crews on the ground
    crews_were_down: bool = False  # points need crews on the ground for at least a move
    mission: str | None = None  # the one mission type of this landing (elimination aside)
    pending: int = 0  # points won, paid when a complete crew re-embarks
    pending_for: str = ""  # what they were won for
    alliance_failures: int = 0
    commerce_moves: int = 0  # consecutive moves of commerce, at most two
    attacked: bool = False  # the party has suffered an attack
    fired: bool = False  # the party has opened fire
    # Outer space (5F): the zone the ship landed in (TAB. P), and how many times it took off
    # and landed again on the planet to look for a better one.
    zone: str | None = None
    relandings: int = 0
    # Outer space (5E b): the crew a Princeps ROBUR went down with, while he is on the ground.
    robur_crew: int | None = None


@dataclass(frozen=True)
class Specialist:
    """A specialist officer (U.S., 5E): one per ship at most, taking no space, his value 1
    to 4 chosen by the officer; a scientist is prepared for one kingdom of life."""

    kind: str  # "psi", "robur" or "scientist" (`specialists.KINDS`)
    value: int
    field: str | None = None  # a scientist's kingdom: animal, vegetable or mineral


@dataclass(frozen=True)
class AlienShip:
    """The alien ship in play (5C, S.C. advanced rule E): at most one at a time."""

    name: str  # KNOX, BRUCEL... (TAB. Q)
    attack: int  # F.C.Att now: halved (rounded up) by an R of TAB. M
    defence: int  # F.C.Def now
    movement: int  # parsecs a move; a level change costs 4
    position: Position
    reductions: int = 0  # R results suffered: a second one destroys it
    hooked: tuple[int, ...] = ()  # officers held by its space glue, the first hooked first
    entered: int = 0  # the move it entered play


@dataclass(frozen=True)
class Officer:
    id: int
    name: str
    rank: str
    score: int
    ship: Ship
    position: Position
    turn: int  # place in the player order (0 first)
    landed_on: int | None = None  # planet id, the base included
    # Where the officer believes he is, relative to the base, from what he was told.
    reckoning: Position = Position(0, 0, 0)
    # Unpredictable Research (optional rule): levels held, running sums, last move's grants.
    technologies: dict[str, int] = field(default_factory=dict)
    research: dict[str, int] = field(default_factory=dict)
    grants_last: int = 0
    landing: Landing | None = None  # on the ground of a planet other than the base
    # Outer space (5D, 5E): the commander's personality, declared at enlistment and never
    # changed, and the specialist officer embarked, if any.
    personality: int = 0
    specialist: Specialist | None = None


# The player order (`turn`, then id), as a sort key that runs at C speed.
PLAYER_ORDER = attrgetter("turn", "id")


@dataclass(frozen=True)
class GameState:
    zone: Zone
    planets: dict[int, Planet]
    officers: dict[int, Officer]
    move: int  # the move being resolved
    designations: int = 0  # how many planets have a public designation so far
    settings: dict = field(default_factory=dict)
    winner: str | None = None  # set when the game ends
    name: str = ""  # the game's name, written by players in GAME
    hazards: Hazards = Hazards()  # outer space only (5B); an inner-space zone has none
    alien_ship: AlienShip | None = None  # outer space only (5C)

    @property
    def base(self) -> Planet:
        return next(p for p in self.planets.values() if p.base)

    def turn_order(self) -> list[Officer]:
        return sorted(self.officers.values(), key=PLAYER_ORDER)
