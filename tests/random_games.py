"""Random games on the pure core: a map drawn with `draw_map`, officers built by hand with
random sheets, and random orders for every officer that the rules' own lawfulness check
accepts (what it refuses is dropped line by line), for the tests that play such games.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from pbem.rules import lawful
from pbem.rules.orders import InfoRequest, Orders, Payment
from pbem.rules.dice import SeededDice
from pbem.rules.galaxy import draw_map
from pbem.rules.hazards import Hazards
from pbem.rules.hazards import place as place_hazards
from pbem.rules.geometry import DIRECTIONS, VERTICAL, Position, Segment, bearing
from pbem.rules.missions import MISSIONS
from pbem.rules.ship import COMPONENTS, Ship, ShipType, build_ship, fit_problems
from pbem.rules.specialists import FIELDS, KINDS, SCIENTIST
from pbem.rules.state import GameState, Officer, Specialist, Zone
from pbem.ruleset_files import load_ruleset

RULESET = load_ruleset()
CREW_MEN = RULESET.ships["GLADIUM"].crew_men  # 3 (3D a)
RANKS = [r.name for r in RULESET.ranks]
GAME = "aleae"
NAMES = ("Notius", "Borea", "Zephyrus", "Eurus", "Aquilo")
ATTITUDES = ("A", "B", "C", "D")
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
