"""Building blocks for tests on the pure core: a planet with a complete Information Sheet,
an officer on its ground or in space, a state around them, and one move played with exactly
the scripted dice.

Unless a test says otherwise: the base stands at (10, 10) on level 2, the planet P-1 two
parsecs East of it, and the officer flies section 6's GLADIUM MARTHIA (crews 3 + 3,
shields 5, lasers 3, radars 2, computer 1, tanks 3).
"""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.dice import ScriptedDice
from pbem.rules.galaxy import base_planet
from pbem.rules.geometry import Position
from pbem.rules.move import MoveResult, resolve_move
from pbem.rules.ship import Ship
from pbem.rules.state import GameState, Landing, Officer, Planet, Zone
from pbem.rules.orders import Orders
from pbem.ruleset_files import load_ruleset

RULES = load_ruleset()
BASE = base_planet(1, Position(10, 10, 2))
HERE = Position(12, 10, 2)  # P-1, 2 parsecs E of the base
CREW_FC = 3  # a complete crew: 3 men, 1 point each (3D a)
LASER_FC = 6  # LASER ZIP 11 (3D c)
SHIELD_FC = 5  # each shield (3D d)
HULL_FC = 2  # shields off (3D d)


def facts_for(race_id: str) -> tuple[str, ...]:
    return next(p for p in RULES.information.paths() if p[-1] == race_id)


def faces_to(race_id: str) -> list[int]:
    """Information rolls that, on landing, lead an unknown planet to this race."""
    faces, known = [], ()
    for value in facts_for(race_id):
        level = RULES.information.next_level(known)
        faces.append(1 + list(level.rows[level.row_key(known)]).index(value))
        known += (value,)
    return faces


def race(race_id: str):
    return RULES.guide[race_id]


def marthia(**changes) -> Ship:
    ship = Ship("GLADIUM", "MARTHIA", crews=(3, 3), shields=5, lasers=3, radars=2, computers=1, tanks=3)
    return replace(ship, **changes)


SHIPS = {
    "FROMBOLA": Ship("FROMBOLA", "PILUM", crews=(3, 3), shields=2, lasers=1, radars=2, computers=1, tanks=2),
    "GLADIUM": marthia(),
    "SPATHA": Ship("SPATHA", "VARRO", crews=(3, 3, 3), modules=1, laser_zip3=1, shields=6, lasers=4,
                   radars=3, computers=2, tanks=3),
    "HASTA": Ship("HASTA", "AQUILA", crews=(3, 3, 3, 3), modules=2, laser_zip3=2, shields=8, lasers=5,
                  radars=3, computers=3, tanks=5),
}


def planet(race_id: str, aliens=None, *, hostile=None, pid=2, position=HERE, designation="P-1",
           **kw) -> Planet:
    r = race(race_id)
    if aliens is None:
        aliens = () if r.riskless else (r.fc, r.fc)
    return Planet(
        pid, position, designation=designation, facts=facts_for(race_id), populated=True,
        aliens=tuple(aliens), hostile=(r.disposition == "hostile") if hostile is None else hostile,
        discovered_by=1, discovered_move=1, **kw,
    )


def down(*crews: int) -> dict:
    """Landing fields for crews already on the ground since an earlier move."""
    return {"crews_down": tuple(crews), "crews_were_down": True, "shields": False}


def on_ground(where: Planet, ship: Ship | None = None, *, oid=1, name="Notius", rank="Decurio",
              score=0, turn=0, **landing) -> Officer:
    landing.setdefault("shields", True)
    return Officer(oid, name, rank, score, ship or marthia(), where.position, turn,
                   landed_on=where.id, landing=Landing(where.id, **landing))


def in_space(at: Position, ship: Ship | None = None, *, oid=1, name="Notius", rank="Decurio",
             score=0, turn=0, landed_on=None) -> Officer:
    return Officer(oid, name, rank, score, ship or marthia(), at, turn, landed_on=landed_on)


def state(planets, officers, move=5, settings=None) -> GameState:
    ps = {BASE.id: BASE} | {p.id: p for p in planets}
    return GameState(Zone(30), ps, {o.id: o for o in officers}, move,
                     designations=len(planets), settings=settings or {})


NO_ALIEN_SHIP = 1  # TAB. S: no alien ship enters


def play(s: GameState, orders: dict[int, Orders] | None = None, dice: dict | None = None,
         ruleset=RULES) -> MoveResult:
    """One move with exactly the scripted rolls: a missing one raises, a spare one fails.
    In outer space the end of every move rolls TAB. S while no alien ship is in play (5C a):
    unless the test scripts it, face 1 brings none."""
    dice = dict(dice or {})
    if s.settings.get("level") == "advanced" and s.alien_ship is None:
        dice.setdefault("alien-ship", [NO_ALIEN_SHIP])
    scripted = ScriptedDice(dice, move=s.move, strict=True)
    result = resolve_move(s, orders or {}, {}, ruleset, scripted)
    spare = {k: v for k, v in scripted.script.items() if v}
    assert not spare, f"scripted rolls not used: {spare}"
    return result


def then(result: MoveResult) -> GameState:
    return replace(result.state, move=result.state.move + 1)


def of(result: MoveResult, kind: str, officer: int | None = None) -> list[dict]:
    return [e.data for e in result.events if e.kind == kind and (officer is None or e.officer == officer)]


def one(result: MoveResult, kind: str, officer: int | None = None) -> dict:
    found = of(result, kind, officer)
    assert len(found) == 1, f"{len(found)} {kind} events: {found}"
    return found[0]


def kinds(result: MoveResult) -> list[str]:
    return [e.kind for e in result.events]


def landing_of(result: MoveResult, oid=1) -> Landing:
    landing = result.state.officers[oid].landing
    assert landing is not None
    return landing
