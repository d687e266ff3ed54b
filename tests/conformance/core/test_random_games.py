"""Random games on the pure core: many moves of random LAWFUL orders, invariants after each.

No files and no SQLite: a map drawn with `draw_map`, officers built by hand, orders generated
from each officer's situation and run through the rules' own lawfulness check
(`lawful.problems`; what it refuses is dropped line by line), and resolved with
`resolve_move`. After every move the new state and the events are checked against what the
rules never allow, the orders the check accepted must play without a refusal the check
could have known, and the move is resolved a second time with fresh dice to check that it
is deterministic and leaves the input state alone.

Bugs the random games found are pinned at the end of the file as regression tests.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass, field, fields, replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.rules import lawful
from pbem.rules.orders import InfoRequest, Orders, Payment
from pbem.rules.dice import SeededDice
from pbem.rules.events import GM, OFFICER, PUBLIC
from pbem.rules.galaxy import draw_map
from pbem.rules.hazards import Hazards
from pbem.rules.hazards import place as place_hazards
from pbem.rules.geometry import DIRECTIONS, VERTICAL, Position, Segment, bearing, distance
from pbem.rules.missions import MISSIONS
from pbem.rules.move import resolve_move
from pbem.rules.ship import COMPONENTS, Ship, ShipType, build_ship, fit_problems
from pbem.rules.specialists import FIELDS, KINDS, SCIENTIST
from pbem.rules.state import GameState, Landing, Officer, Planet, Specialist, Zone
from pbem.ruleset_files import load_ruleset

RULESET = load_ruleset()
CREW_MEN = RULESET.ships["GLADIUM"].crew_men  # 3 (3D a)
RANKS = [r.name for r in RULESET.ranks]
GAME = "aleae"
NAMES = ("Notius", "Borea", "Zephyrus", "Eurus", "Aquilo")
ATTITUDES = ("A", "B", "C", "D")
FORBIDDEN_PUBLIC_KEYS = {"x", "y", "position", "reckoning"}  # absolute coordinates
# Components drawn more often when a random sheet is filled (crews make landings richer).
FILL_WEIGHTS = {c: 1 for c in COMPONENTS} | {"crews": 4, "tanks": 3, "radars": 2, "modules": 2,
                                             "laser_zip3": 2, "computers": 2}


# --- building a game -----------------------------------------------------------------------

def random_fit(rng: random.Random, ship_type: ShipType) -> dict[str, int]:
    """A lawful random sheet: the type's minimum, then components added while they fit."""
    fit = {c: ship_type.minimum.get(c, 0) for c in COMPONENTS}
    pool = [c for c, w in FILL_WEIGHTS.items() for _ in range(w)]
    for _ in range(rng.randint(5, 60)):
        c = rng.choice(pool)
        trial = {**fit, c: fit[c] + 1}
        if not fit_problems(ship_type, trial):
            fit = trial
    if rng.random() < 0.15:
        fit["radars"] = 0  # no radar: uncharted planets on the route mean forced landings
    assert not fit_problems(ship_type, fit), fit_problems(ship_type, fit)
    return fit


def random_specialist(rng: random.Random) -> Specialist | None:
    """Outer space (5E): a PSI, a ROBUR, a scientist of some kingdom, or nobody; value 1 to 4."""
    kind = rng.choice(KINDS + (None,))
    if kind is None:
        return None
    return Specialist(kind, rng.randint(1, 4), rng.choice(FIELDS) if kind == SCIENTIST else None)


def new_game(rng: random.Random, moves: int, level: str | None = None) -> tuple[bytes, GameState]:
    """A random game of the basic level (inner space) or of the advanced one, with its
    hazards placed as `pbem new` places them (5B)."""
    secret = rng.getrandbits(128).to_bytes(16, "big")
    level = level or rng.choice(("basic", "advanced"))
    hazards = Hazards()
    if level == "basic":
        zone = Zone(rng.randint(8, 12))
        planets = draw_map(zone, rng.randint(4, 9), SeededDice(secret, 0))
    else:
        # Room for the black hole 5 parsecs from every planet, and nets and distortions 4.
        zone, dice = Zone(rng.randint(14, 18)), SeededDice(secret, 0)
        per_level = rng.randint(3, 6)
        while True:
            planets = draw_map(zone, per_level, dice)
            placed = place_hazards(zone, [p.position for p in planets], dice)
            if placed is not None:
                hazards = placed
                break
            per_level = max(1, per_level - 1)
    base = next(p for p in planets if p.base)
    officers: dict[int, Officer] = {}
    count = rng.randint(2, 5)
    for i in range(count):
        roll = rng.random()
        if roll < 0.7:
            rank, type_name = "Decurio", rng.choice(("GLADIUM", "FROMBOLA"))
        elif roll < 0.85:
            rank, type_name = "Centurio", "SPATHA"  # carries Tot 100% bombs
        else:
            rank, type_name = rng.choice(("Proconsul", "Consul")), "HASTA"
        ship_type = RULESET.ships[type_name]
        ship = build_ship(ship_type, f"{NAMES[i].upper()} {i}", random_fit(rng, ship_type))
        # Mostly 0 as at enlistment; sometimes a few points so that PAY and promotions happen.
        score = 0 if rng.random() < 0.6 else rng.randint(0, 16)
        officers[i + 1] = Officer(
            id=i + 1, name=NAMES[i], rank=rank, score=score, ship=ship,
            position=base.position, turn=i, landed_on=base.id,
        )
        if level == "advanced":
            # Outer space: the personality declared at enlistment, a specialist embarked (5D, 5E).
            officers[i + 1] = replace(officers[i + 1], personality=rng.randint(0, 5),
                                      specialist=random_specialist(rng))
    settings_ = {"rules": [], "level": level, "moves": moves if rng.random() < 0.3 else None}
    state = GameState(zone, {p.id: p for p in planets}, officers, move=1, designations=0, name=GAME,
                      settings=settings_, hazards=hazards)
    return secret, state


# --- lawful orders ---------------------------------------------------------------------------

def route_to(src: Position, dst: Position, level_first: bool = True) -> tuple[Segment, ...]:
    dl = dst.level - src.level
    vertical = [Segment(4 * abs(dl), "DOWN" if dl > 0 else "UP")] if dl else []
    flat = [Segment(n, d) for n, d in bearing(src, dst)]
    return tuple(vertical + flat if level_first else flat + vertical)


def length(route: tuple[Segment, ...]) -> int:
    return sum(s.parsecs for s in route)


def random_route(rng: random.Random, thrust: int) -> tuple[Segment, ...]:
    segs: list[Segment] = []
    left = thrust
    for _ in range(rng.randint(1, 3)):
        if left <= 0:
            break
        d = rng.choice(DIRECTIONS)
        if d in VERTICAL:
            if left < 4:
                continue
            n = 4 * rng.randint(1, min(2, left // 4))
        else:
            n = rng.randint(1, min(left, 8))
        segs.append(Segment(n, d))
        left -= n
    return tuple(segs)


def complete_crews(ship: Ship) -> int:
    return sum(1 for men in ship.crews if men >= CREW_MEN)


@dataclass
class Draft:
    """An order file being written, as the parser would have read it."""

    lines: dict[str, int] = field(default_factory=dict)
    values: dict = field(default_factory=dict)
    info: list[InfoRequest] = field(default_factory=list)
    pay: list[tuple[int, str, int]] = field(default_factory=list)

    def put(self, keyword: str, **values) -> None:
        self.lines.setdefault(keyword, 5 + len(self.lines))
        self.values.update(values)

    def line(self) -> int:
        return 5 + len(self.lines) + len(self.info) + len(self.pay)

    def orders(self, officer: Officer, move: int) -> Orders:
        crews = self.values.get("crews")
        return Orders(
            source=f"orders/{officer.name}.txt", game=GAME, officer=officer.name, secret="s",
            move=move, route=self.values.get("route", ()), tanks=self.values.get("tanks"),
            radars=self.values.get("radars"), info=tuple(self.info), lines=dict(self.lines),
            attitude=self.values.get("land"), land_crews=self.values.get("land_crews"),
            shields=self.values.get("shields"),
            crews_land=(crews[1] or 0) if crews and crews[0] == "land" else None,
            crews_embark=bool(crews and crews[0] == "embark"),
            fire=self.values.get("fire", ()), targets=self.values.get("target"),
            mission=self.values.get("mission"),
            pay=tuple(Payment(n, name, line) for n, name, line in self.pay),
            refit=self.values.get("refit"), tot=self.values.get("tot"),
            fire_alien=self.values.get("fire_alien", False),
            disengage=self.values.get("disengage", False),
            specialist=self.values.get("specialist"),
        )


def designations(state: GameState) -> list[str]:
    return sorted(p.designation for p in state.planets.values() if p.designation and not p.base)


def thrust_orders(rng: random.Random, draft: Draft, officer: Officer) -> int:
    """TANKS and RADARS, sometimes; returns the thrust the route may use."""
    ship = officer.ship
    tanks = None
    if rng.random() < 0.3:
        tanks = rng.randint(0, ship.tanks)
        draft.put("TANKS", tanks=tanks)
    if rng.random() < 0.3:
        draft.put("RADARS", radars=rng.randint(0, ship.radars))
    used = ship.tanks if tanks is None else tanks
    return used * RULESET.ships[ship.type].parsecs_per_tank


def common_orders(rng: random.Random, draft: Draft, state: GameState, officer: Officer) -> None:
    """INFO (one per computer), PAY (never more than the score)."""
    known = designations(state)
    for _ in range(rng.randint(0, officer.ship.computers)):
        if known and rng.random() < 0.5:
            draft.info.append(InfoRequest(rng.choice(known), None, draft.line()))
        else:
            draft.info.append(InfoRequest(None, rng.choice((1, 1, 2)), draft.line()))
    others = [o.name for o in state.officers.values() if o.id != officer.id]
    left = officer.score
    while left > 0 and rng.random() < 0.2:
        amount = rng.randint(1, min(left, 3))
        draft.pay.append((amount, rng.choice(others), draft.line()))
        left -= amount


def space_orders(rng: random.Random, state: GameState, officer: Officer, at_base: bool) -> Draft:
    draft = Draft()
    thrust = thrust_orders(rng, draft, officer)
    ship = officer.ship
    route: tuple[Segment, ...] = ()
    land = False
    r = rng.random()
    if r < 0.5:  # towards a planet, usually to land there
        targets = [p for p in state.planets.values()
                   if not p.base and not p.destroyed and p.position != officer.position
                   and length(route_to(officer.position, p.position)) <= thrust]
        if targets:
            route = route_to(officer.position, rng.choice(targets).position, rng.random() < 0.5)
            land = rng.random() < 0.85
    elif r < 0.65:  # home, for the MISSUS and the refit
        base = state.base.position
        if base != officer.position and length(route_to(officer.position, base)) <= thrust:
            route = route_to(officer.position, base, rng.random() < 0.5)
    elif r < 0.92 and state.hazards and rng.random() < 0.5:
        # Outer space: towards a hazard (a net, a distortion, the black hole), or past it.
        squares = [p for p in state.hazards.squares if p != officer.position]
        target = rng.choice(squares)
        route = route_to(officer.position, target, rng.random() < 0.5)
        if rng.random() < 0.5:
            route += random_route(rng, thrust - length(route))
        if length(route) > thrust:
            route = ()
    elif r < 0.92:
        route = random_route(rng, thrust)
        land = rng.random() < 0.2
    if route:
        draft.put("ROUTE", route=route)
    alien = state.alien_ship
    if alien is not None and officer.id in alien.hooked:
        # Held by the alien ship's glue (5C b): fire at it, try to break free, or both.
        if ship.lasers and rng.random() < 0.7:
            draft.put("FIRE", fire_alien=True)
        if rng.random() < 0.7 or (route and "FIRE" not in draft.lines):
            draft.put("DISENGAGE", disengage=True)
    if land and route:
        complete = complete_crews(ship)
        attitude = rng.choice(ATTITUDES if complete else ("A", "B"))
        crews = None
        if attitude in ("C", "D") and rng.random() < 0.4:
            crews = rng.randint(1, complete)
        draft.put("LAND", land=attitude, land_crews=crews)
        if rng.random() < 0.4:
            mission = rng.choice(MISSIONS)
            if not (mission == "alliance" and attitude in ("B", "D")) and not (
                    mission == "capture" and attitude in ("A", "B")):
                draft.put("MISSION", mission=mission)
    common_orders(rng, draft, state, officer)
    if at_base and rng.random() < 0.3:
        fit = random_fit(rng, RULESET.ships[ship.type])
        draft.put("REFIT", refit=tuple(sorted(fit.items())))
    if at_base and state.hazards and rng.random() < 0.2:
        draft.put("SPECIALIST", specialist=random_specialist(rng))
    level = RULESET.ships[ship.type].level
    if level >= 2 and ship.tot > 0 and designations(state) and rng.random() < 0.5:
        draft.put("TOT", tot=rng.choice(designations(state)))
    return draft


def ground_orders(rng: random.Random, state: GameState, officer: Officer) -> Draft:
    draft = Draft()
    landing = officer.landing
    down = len(landing.crews_down)
    aboard = sum(1 for i, men in enumerate(officer.ship.crews)
                 if men >= CREW_MEN and i not in landing.crews_down)
    r = rng.random()
    fire: tuple[str, ...] = ()
    if state.hazards and not down and not landing.relandings and rng.random() < 0.15:
        # Outer space: take off and land again for a better zone (5F).
        draft.put("LAND", land=rng.choice(ATTITUDES if aboard else ("A", "B")))
        common_orders(rng, draft, state, officer)
        return draft
    if r < 0.25:  # take off, taking the crews aboard
        thrust = thrust_orders(rng, draft, officer)
        route = random_route(rng, thrust)
        if route:
            draft.put("ROUTE", route=route)
            if down:
                draft.put("CREWS", crews=("embark", None))
        if rng.random() < 0.3:
            draft.put("SHIELDS", shields=False if down else rng.random() < 0.5)
    elif r < 0.4 and down:  # crews embark, the ship stays
        draft.put("CREWS", crews=("embark", None))
        if rng.random() < 0.3:
            draft.put("SHIELDS", shields=False)
    elif r < 0.6 and aboard:  # crews land; they may fire, never the lasers
        draft.put("CREWS", crews=("land", rng.choice((None, rng.randint(1, aboard)))))
        if rng.random() < 0.3:
            draft.put("SHIELDS", shields=False)
        if rng.random() < 0.4:
            fire = ("crews",)
    else:  # stay: shields, fire, missions
        if rng.random() < 0.4:
            draft.put("SHIELDS", shields=rng.random() < 0.5)
        if rng.random() < 0.4:
            fire = rng.choice((("lasers",), ("crews",), ("lasers", "crews"))) if down else ("lasers",)
    if fire:
        draft.put("FIRE", fire=fire)
        if rng.random() < 0.3:
            draft.put("TARGET", target=rng.randint(1, 3))
    moving_crews = "CREWS" in draft.lines
    if "ROUTE" not in draft.lines and rng.random() < 0.5:
        mission = rng.choice(MISSIONS)
        crews_for_capture = down or draft.values.get("crews", ("",))[0] == "land"
        if not (mission == "alliance" and fire) and not (mission == "capture" and not crews_for_capture):
            draft.put("MISSION", mission=mission)
            if not moving_crews and "TARGET" not in draft.lines and rng.random() < 0.2:
                draft.put("TARGET", target=rng.randint(1, 3))
    common_orders(rng, draft, state, officer)
    return draft


def check(orders: Orders, state: GameState) -> list:
    """The rules' own lawfulness check; every generated file carries the right secret."""
    return lawful.problems(orders, state, RULESET, lambda officer_id, secret: True)


def prune(draft: Draft, problems: list) -> None:
    """Drop the orders the check refused: what is left is what a player would resend."""
    for p in problems:
        draft.info = [r for r in draft.info if r.line != p.line]
        draft.pay = [pay for pay in draft.pay if pay[2] != p.line]
        for keyword, line in list(draft.lines.items()):
            if line == p.line:
                del draft.lines[keyword]
                for key in KEYWORD_VALUES.get(keyword, ()):
                    draft.values.pop(key, None)


KEYWORD_VALUES = {"ROUTE": ("route",), "TANKS": ("tanks",), "RADARS": ("radars",),
                  "LAND": ("land", "land_crews"), "SHIELDS": ("shields",), "CREWS": ("crews",),
                  "FIRE": ("fire", "fire_alien"), "TARGET": ("target",), "MISSION": ("mission",),
                  "REFIT": ("refit",), "TOT": ("tot",), "DISENGAGE": ("disengage",),
                  "SPECIALIST": ("specialist",)}


def random_orders(rng: random.Random, state: GameState) -> tuple[dict, dict[int, str]]:
    """Random orders for every officer, or a hold; whatever the check refuses is dropped
    line by line until it accepts the rest, so every move plays lawful orders only."""
    orders, held = {}, {}
    for o in state.turn_order():
        if rng.random() < 0.08:
            held[o.id] = "no order file arrived for this move"
            continue
        if o.landing is not None:
            draft = ground_orders(rng, state, o)
        else:
            at = state.planets.get(o.landed_on) if o.landed_on else None
            draft = space_orders(rng, state, o, bool(at and at.base))
        for _ in range(20):
            written = draft.orders(o, state.move)
            problems = check(written, state)
            if not problems:
                break
            prune(draft, problems)
        assert not problems, "\n".join(map(str, problems))
        orders[o.id] = written
    return orders, held


# Refusals the rules may report for orders the check accepted: each waits on the dice, on
# what only the move reveals, or on what an earlier officer's turn changed.
UNFORESEEABLE = {
    "route-cut": {"thrust-not-reached"},  # a Movement breakthrough the dice did not bring
    "landing-refused": {"no-planet-at-the-end"},  # the hidden map
    "info-unanswered": {"no-new-planet", "not-in-range", "all-known", "computing-not-reached",
                        "held"},  # still held by the alien ship: the disengagement failed
    "tot-refused": {"not-in-range", "landed-on-the-way", "new-ship", "held"},
    # The crews the mission needed may be killed first (outer space: "crews-alone" too), and
    # the scientist a technological research needs may die in the damage of the landing.
    "mission-refused": {"no-alien", "not-attacked", "no-one-to-fire", "no-crews-down",
                        "crews-alone", "no-scientist"},
}
# On a landing move the race is not known yet: whatever it forbids is a surprise.
RACE_REFUSALS = {"lifeless", "not-capturable", "no-alliance", "not-intimidable",
                 "not-merchants", "nothing-to-collect", "collect-only",
                 "no-technology"}  # the race's technological level (5E c)
# In outer space the zone of a landing (or a re-landing) is rolled on TAB. P in the move.
ZONE_REFUSALS = {"non-vital-zone", "crews-alone"}
REFUSALS = set(UNFORESEEABLE) | {"research-refused", "refit-refused", "payment-refused"}


def check_foresight(before: GameState, orders: dict, result) -> None:
    """Whatever the check accepted plays without a refusal the check could have known.

    The first officer in player order meets the state the check saw; later officers may
    meet what earlier turns changed, so only he is judged."""
    first = before.turn_order()[0]
    if first.id not in orders:
        return
    for e in result.events:
        if e.officer != first.id:
            continue
        if e.kind == "crews" and e.data["action"] == "none-able":
            raise AssertionError(f"move {before.move}, {first.name}: CREWS LAND accepted, and "
                                 f"no crew could land: {orders[first.id]}")
        if e.kind not in REFUSALS:
            continue
        why = e.data.get("why")
        allowed = UNFORESEEABLE.get(e.kind, set())
        if e.kind == "mission-refused" and first.landing is None:
            allowed = allowed | RACE_REFUSALS | ZONE_REFUSALS
        elif e.kind == "mission-refused" and orders[first.id].land:
            allowed = allowed | ZONE_REFUSALS
        assert why in allowed, (
            f"move {before.move}, {first.name}: the check accepted orders the move refused "
            f"({e.kind}, {why}: {e.data.get('reason')}):\n{orders[first.id]}\nofficer: {first}")


# --- minimal scenarios of the bugs the random games once found ----------------------------------

def _party(officer: Officer, planet: Planet, script: dict[str, list[int]]):
    from pbem.rules.dice import ScriptedDice
    from pbem.rules.board import Board
    from pbem.rules.ground import Party

    base = Planet(1, Position(5, 5, 1), base=True, designation="BASE", known=True)
    state = GameState(Zone(8), {1: base, planet.id: planet}, {officer.id: officer}, move=1,
                      designations=1)
    return Party(Board.from_state(state), officer, officer.landing, RULESET, ScriptedDice(script))


def radar_stop_scenario():
    """2 E + 4 DOWN + 1 E with one radar, an uncharted planet 3 E on the level below."""
    from pbem.rules import route as routes

    planet = Planet(2, Position(3, 0, 2))
    return routes.trace(Position(0, 0, 1), (Segment(2, "E"), Segment(4, "DOWN"), Segment(1, "E")),
                        Zone(8), {planet.position: planet}, 1)


def crews_assault_scenario():
    """Four crews of 3 men down, three aliens of F.C. 9, each TAB. B roll a 6 (3 men lost):
    three assaults on single crews, and the first two wipe their crews out."""
    planet = Planet(2, Position(1, 1, 1), designation="P-1", populated=True, aliens=(9, 9, 9),
                    hostile=True)
    landing = Landing(planet=2, crews_down=(0, 1, 2, 3), crews_were_down=True)
    officer = Officer(1, "Notius", "Decurio", 0, Ship("GLADIUM", "MARTHIA", crews=(3, 3, 3, 3),
                      tanks=1), planet.position, 0, landed_on=2, landing=landing)
    return _party(officer, planet, {"alien-fire": [6, 6, 6]})


def module_damage_scenario():
    """TAB. C face 7 (modules) on a ship whose only module carries a LASER ZIP 3."""
    planet = Planet(2, Position(1, 1, 1), designation="P-1", populated=True)
    officer = Officer(1, "Notius", "Decurio", 0,
                      Ship("GLADIUM", "MARTHIA", crews=(3,), modules=1, laser_zip3=1, tanks=2),
                      planet.position, 0, landed_on=2, landing=Landing(planet=2))
    return _party(officer, planet, {"damage": [7]})


def take_off_scenario():
    """On the ground of P-1 at the West edge of the zone, the officer takes off 1 W."""
    from pbem.rules.orders import Orders

    base = Planet(1, Position(5, 5, 1), base=True, designation="BASE", known=True)
    planet = Planet(2, Position(0, 3, 1), designation="P-1", populated=True)
    officer = Officer(1, "Notius", "Decurio", 0,
                      Ship("GLADIUM", "MARTHIA", crews=(3, 3), radars=1, tanks=3),
                      planet.position, 0, landed_on=2, landing=Landing(planet=2))
    state = GameState(Zone(8), {1: base, 2: planet}, {1: officer}, move=1, designations=1)
    orders = {1: Orders(route=(Segment(1, "W"),))}
    return resolve_move(state, orders, {}, RULESET, SeededDice(b"take-off", 1))


def crews_aboard_check_scenario():
    """Crew 0 (down to 1 man) is on the ground; crews 1 and 2, complete, are aboard."""
    planet = Planet(2, Position(0, 0, 1), designation="P-1", populated=True)
    officer = Officer(1, "Notius", "Decurio", 0, Ship("GLADIUM", "M", crews=(1, 3, 3), tanks=1),
                      planet.position, 0, landed_on=2,
                      landing=Landing(planet=2, crews_down=(0,), crews_were_down=True))
    base = Planet(1, Position(5, 5, 1), base=True, designation="BASE", known=True)
    state = GameState(Zone(8), {1: base, 2: planet}, {1: officer}, move=1, designations=1,
                      name=GAME)
    draft = Draft()
    draft.put("CREWS", crews=("land", 2))
    return check(draft.orders(officer, 1), state)


def weapons(ship: Ship) -> int:
    return ship.laser_zip3 + ship.ho1 + ship.sil12


def check_routes(before: GameState, result) -> None:
    """A route stopped by a planet ahead stops where the radar shows it: same level, in reach."""
    rescued = {e.officer for e in result.events if e.kind == "rescue"}
    for e in result.events:
        if e.kind != "route" or e.data.get("stop") != "planet-ahead":
            continue  # a ship with no computer is told no stop at all (3D f II)
        o = result.state.officers[e.officer]
        who = f"move {before.move}, {o.name}"
        assert e.data["planet_ahead"], f"{who}: stopped for a planet that was not sighted: {e.data}"
        if o.landing is None and o.id not in rescued:
            p = next(p for p in result.state.planets.values()
                     if p.designation == e.data["planet_ahead"])
            assert p.position.level == o.position.level, (
                f"{who}: stopped on level {o.position.level} for {p.designation} on level "
                f"{p.position.level}")
            assert distance(p.position, o.position) <= e.data["reach"], f"{who}: {e.data}"


# --- invariants -------------------------------------------------------------------------------

def public_coordinates(value, path: str = "") -> list[str]:
    found = []
    if isinstance(value, dict):
        for k, v in value.items():
            if k in FORBIDDEN_PUBLIC_KEYS:
                found.append(f"{path}.{k}")
            found += public_coordinates(v, f"{path}.{k}")
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            found += public_coordinates(v, f"{path}[{i}]")
    return found


def check_move(before: GameState, result, winner: str | None) -> None:
    state = result.state
    move = before.move
    planets = state.planets
    where = f"move {move}"

    # Events: JSON as the store keeps them, tagged, and no coordinates in public ones.
    for e in result.events:
        assert e.audience in (PUBLIC, OFFICER, GM), f"{where}: event {e.kind} audience {e.audience}"
        if e.audience == OFFICER:
            assert e.officer in state.officers, f"{where}: OFFICER event {e.kind} for nobody"
        try:
            json.dumps(e.data, sort_keys=True)
        except (TypeError, ValueError) as err:
            raise AssertionError(f"{where}: event {e.kind} is not JSON: {err}: {e.data!r}") from None
        if e.kind.startswith("alien-ship") and e.audience != GM:
            # 5C: where the alien ship is reaches an officer only through his radar or its
            # attack, and then as a bearing from his route, never as a square.
            assert "position" not in e.data and "start" not in e.data, (
                f"{where}: {e.kind} tells where the alien ship is: {e.data}")
            if e.kind == "alien-ship-sighting":
                assert e.audience == OFFICER, f"{where}: a public sighting of the alien ship"
        if e.audience == PUBLIC:
            bad = public_coordinates(e.data)
            assert not bad, f"{where}: public event {e.kind} shows coordinates {bad}: {e.data}"
    for roll in result.rolls:
        assert 1 <= roll.result <= roll.die, f"{where}: roll {roll}"
    # 3D f II: a ship with no computer all the move is told no sighting and no stop.
    refitted = {e.officer for e in result.events if e.kind == "refit"}
    blind = {o.id for o in before.officers.values() if o.ship.computers == 0
             and state.officers[o.id].ship.computers == 0 and o.id not in refitted}
    for e in result.events:
        if e.officer in blind and e.kind in ("sighting", "route-cut", "landing-refused"):
            raise AssertionError(f"{where}: a ship with no computer was told {e.kind}: {e.data}")
        if e.officer in blind and e.kind == "route":
            assert not e.data["link"] and "stop" not in e.data, f"{where}: {e.data}"
    rescued = {e.officer for e in result.events if e.kind == "rescue"}
    alien = state.alien_ship
    # An alien ship destroyed in the move may be followed by a new one at its end (TAB. S):
    # the one in play now is met only by the events after the last destruction.
    last = max((i for i, e in enumerate(result.events) if e.kind == "alien-ship-destroyed"),
               default=-1)
    for e in result.events[last + 1:]:
        if e.kind in ("alien-ship-attack", "alien-ship-hooks") and e.officer not in rescued:
            # It attacks and holds only whom it has met, in his own square (5C b).
            o = state.officers[e.officer]
            assert alien is not None and o.position == alien.position, f"{where}: {e.kind}"
            assert o.id in alien.hooked, f"{where}: {o.name} attacked, and not held"

    # Planets.
    named = [p.designation for p in planets.values() if p.designation and not p.base]
    assert len(named) == len(set(named)), f"{where}: designations given twice: {sorted(named)}"
    assert len(named) == state.designations, (
        f"{where}: {len(named)} planets designated, counter says {state.designations}")
    assert [p for p in planets.values() if p.base] == [before.base], f"{where}: the base changed"
    for p in planets.values():
        assert all(isinstance(fc, int) and fc > 0 for fc in p.aliens), (
            f"{where}: {p.designation} aliens {p.aliens}")
        if p.aliens:
            race_id = RULESET.information.race_id(p.facts)
            race = RULESET.guide.get(race_id) if race_id else None
            assert race is not None, f"{where}: aliens {p.aliens} on {p.designation} of no race"
            assert max(p.aliens) <= race.fc, (
                f"{where}: {p.designation} aliens {p.aliens} above the {race.name}'s F.C. {race.fc}")
        if p.known:
            assert p.designation, f"{where}: planet {p.id} crossed out without a designation"
        if p.destroyed:
            assert not p.aliens and not p.base, f"{where}: destroyed {p.designation}: {p}"
        old = before.planets[p.id]
        assert p.position == old.position, f"{where}: planet {p.id} moved"
        for flag in ("known", "destroyed", "populated"):
            assert getattr(p, flag) or not getattr(old, flag), (
                f"{where}: {p.designation} is no longer {flag}")
        if old.designation:
            assert p.designation == old.designation, f"{where}: {old.designation} renamed"

    occupied: dict[Position, Planet] = {p.position: p for p in planets.values() if not p.destroyed}
    assert set(state.officers) == set(before.officers), f"{where}: officers came or went"
    for o in state.officers.values():
        who = f"{where}, {o.name} ({o.rank}, {o.ship.type})"
        old = before.officers[o.id]
        ship = o.ship
        # The ship sheet.
        for f in fields(Ship):
            value = getattr(ship, f.name)
            if f.name == "crews":
                assert all(0 < men <= CREW_MEN for men in value), f"{who}: crews {value}"
            elif isinstance(value, int):
                assert value >= 0, f"{who}: {f.name} = {value}"
        assert ship.tanks >= 1, f"{who}: no tank left and not rescued: {ship}"
        assert ship.modules <= len(ship.crews), f"{who}: {ship.modules} modules, crews {ship.crews}"
        assert weapons(ship) <= ship.modules, f"{who}: weapons without modules: {ship}"
        assert ship.type in RULESET.ships, f"{who}: ship type {ship.type}"
        # Career.
        assert o.score >= 0, f"{who}: score {o.score}"
        assert o.rank in RANKS, f"{who}: rank {o.rank!r}"
        rank = next(r for r in RULESET.ranks if r.name == o.rank)
        assert not rank.ships or ship.type in rank.ships, f"{who}: a {o.rank} in a {ship.type}"
        # Where he is.
        assert state.zone.contains(o.position), f"{who}: outside the zone at {o.position}"
        if o.landed_on is not None:
            p = planets.get(o.landed_on)
            assert p is not None, f"{who}: landed on unknown planet {o.landed_on}"
            assert p.position == o.position, f"{who}: landed on {p.designation} but elsewhere"
            assert not p.destroyed, f"{who}: landed on destroyed {p.designation}"
            assert p.designation, f"{who}: landed on planet {p.id} without a designation"
        if o.landed_on is not None and not planets[o.landed_on].base:
            # Off the base, landed means on the ground.
            assert o.landing is not None, f"{who}: landed on {planets[o.landed_on].designation} " \
                                          "but not on its ground"
        if o.landing is not None:
            p = planets[o.landing.planet]
            assert o.landed_on == p.id, f"{who}: ground of {p.designation}, landed_on {o.landed_on}"
            assert not p.base and not p.destroyed, f"{who}: on the ground of {p}"
            check_landing(who, o.landing, ship)
        elif o.landed_on is None:
            # In space: never on an uncharted planet's square (routes stop or land first).
            p = occupied.get(o.position)
            assert p is None or p.base or p.known, (
                f"{who}: in space on the square of {p.designation or 'an uncharted planet'}")
        # Landed on a planet and left it (not by the rescue gate): crossed out.
        if old.landing is not None and o.id not in rescued and o.landed_on != old.landed_on:
            p = planets[old.landing.planet]
            assert p.known or p.destroyed, f"{who}: took off from {p.designation}, not crossed out"

    if winner is not None:
        assert state.winner == winner, f"{where}: the winner {winner} became {state.winner}"
    assert state.zone == before.zone and state.move == before.move, f"{where}: zone/move changed"
    assert state.hazards == before.hazards, f"{where}: the hazards moved"


def check_landing(who: str, landing: Landing, ship: Ship) -> None:
    down = landing.crews_down
    assert len(set(down)) == len(down) and list(down) == sorted(down), f"{who}: crews down {down}"
    assert all(0 <= i < len(ship.crews) for i in down), (
        f"{who}: crews down {down} but the ship has crews {ship.crews}")
    assert landing.pending >= 0, f"{who}: pending {landing.pending}"
    assert landing.mission is None or landing.mission in MISSIONS, f"{who}: {landing.mission}"
    assert 0 <= landing.commerce_moves <= 2, f"{who}: commerce for {landing.commerce_moves} moves"
    assert 0 <= landing.alliance_failures <= 2, f"{who}: {landing.alliance_failures} failures"


# --- the games ---------------------------------------------------------------------------------

def play(seed: int, moves: int) -> dict[str, int]:
    rng = random.Random(seed)
    secret, state = new_game(rng, moves)
    winner = None
    seen: dict[str, int] = {}
    for move in range(1, moves + 1):
        state = replace(state, move=move)
        orders, held = random_orders(rng, state)
        snapshot = copy.deepcopy(state)
        result = resolve_move(state, orders, held, RULESET, SeededDice(secret, move))
        assert state == snapshot, f"move {move}: resolve_move changed the state it was given"
        check_move(state, result, winner)
        check_routes(state, result)
        check_foresight(state, orders, result)
        again = resolve_move(state, orders, held, RULESET, SeededDice(secret, move))
        assert again.state == result.state, f"move {move}: the same move gave two states"
        assert again.events == result.events, f"move {move}: the same move gave two event lists"
        assert again.rolls == result.rolls, f"move {move}: the same move gave two roll logs"
        for e in result.events:
            seen[e.kind] = seen.get(e.kind, 0) + 1
            if e.kind == "landed":  # how: a route's end, forced, a distortion, a re-landing
                seen[f"landed {e.data['how']}"] = seen.get(f"landed {e.data['how']}", 0) + 1
        winner = winner or result.state.winner
        state = result.state
        if state.settings.get("moves") == move:
            break
    return seen


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), moves=st.integers(8, 30))
def test_random_lawful_games_keep_the_invariants(seed, moves):
    play(seed, moves)


def test_random_games_reach_the_interesting_rules():
    """The generator is worth something only if the games land, fight and come home."""
    seen: dict[str, int] = {}
    for seed in range(24):
        for kind, n in play(seed, 25).items():
            seen[kind] = seen.get(kind, 0) + n
    for kind in ("sighting", "landed", "attitude", "encounter", "crews", "legio-fire",
                 "alien-fire", "losses", "damage", "rescue", "points", "mission", "known",
                 "info", "refit", "payment", "promotion", "tot", "game-end",
                 # outer space
                 "net", "distortion-exit", "black-hole-roll", "black-hole", "landing-risk",
                 "landing-zone", "suits", "ship-out-of-reach", "landed relanding",
                 # the commander, the specialists and the alien ship
                 "desertion", "robur-lands", "specialist", "specialist-risk", "specialist-lost",
                 "psi-warning", "alien-ship-enters", "alien-ship-moves", "alien-ship-sighting",
                 "alien-ship-hooks", "alien-ship-attack", "fire-alien", "disengage",
                 "held-by-alien", "alien-ship-destroyed"):
        assert seen.get(kind), f"no {kind} event in 24 random games: {sorted(seen)}"


# --- regression tests for the bugs the random games found --------------------------------------------------

def test_bug_radar_stop_ignores_levels():
    from pbem.rules import route as routes

    r = radar_stop_scenario()
    # Radar sees on level 2 only: from parsec 6, (2, 0, 2), one parsec W of the planet.
    assert r.stop == routes.PLANET_AHEAD
    assert (r.end, r.stop_parsec) == (Position(2, 0, 2), 6)


def test_bug_assaults_on_crews_use_stale_indices():
    from pbem.rules.ground import alien_fire

    party = crews_assault_scenario()
    alien_fire(party)
    # Each alien attacks its own crew (0, 1, 2): all three are wiped out, crew 3 is left.
    assert party.ship.crews == (3,)
    assert party.landing.crews_down == (0,)


def test_bug_take_off_cut_at_parsec_zero():
    result = take_off_scenario()
    o = result.state.officers[1]
    p = result.state.planets[2]
    assert o.landing is not None or (o.landed_on is None and p.known), (o, p)


def test_bug_module_damage_keeps_its_weapon():
    from pbem.rules.ground import damage

    party = module_damage_scenario()
    damage(party, 1)
    assert party.ship.modules == 0
    assert weapons(party.ship) <= party.ship.modules, party.ship


def test_bug_checker_undercounts_complete_crews_aboard():
    assert crews_aboard_check_scenario() == []
