"""Landings and moves on the ground (rulebook 3G, 3H, 3I, 4 I; S.C. rules G).

On landing the missing information is completed and the aliens present are rolled; then
each move on the ground runs in the order the rules give: arrivals, shields and crews,
fire and missions with the fire timings of section 4 I (a to d), re-embarking under the
aliens' attack, and the take-off. Every outcome goes out as an event.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from . import combat
from .dice import OFFICER as SEEN_BY_OFFICER
from .dice import Dice
from .events import OFFICER, PUBLIC
from .information import complete, roman
from .ship import CREW_MEN, Ship
from .state import Landing, Officer, Planet

if TYPE_CHECKING:
    from ..ruleset import Ruleset
    from .encounter_guide import Race
    from .turn import Board, TurnOrders

# Attitudes on landing (3G a): shields on?, crews land?, who fires.
ATTITUDES: dict[str, tuple[bool, bool, tuple[str, ...]]] = {
    "A": (True, False, ()),
    "B": (True, False, ("lasers",)),
    "C": (False, True, ()),
    "D": (False, True, ("crews",)),
}


class ShipLost(Exception):
    """The ship was destroyed during the turn; the turn ends with the rescue return."""


@dataclass
class Party:
    """The officer on the ground during his turn: mutable for the length of the turn."""

    board: "Board"
    officer: Officer
    landing: Landing
    ruleset: "Ruleset"
    dice: Dice
    hull_hits: int = 0

    @property
    def ship(self) -> Ship:
        return self.officer.ship

    @property
    def planet(self) -> Planet:
        return self.board.planets[self.landing.planet]

    def race(self) -> "Race | None":
        race_id = self.ruleset.information.race_id(self.planet.facts)
        return self.ruleset.guide.get(race_id) if race_id else None

    def emit(self, kind: str, audience: str = OFFICER, **data) -> None:
        self.board.emit(kind, audience, self.officer.id, planet=self.planet.designation, **data)

    def set_planet(self, **changes) -> None:
        self.board.put_planet(replace(self.planet, **changes))

    def set_landing(self, **changes) -> None:
        self.landing = replace(self.landing, **changes)

    def roll(self, die: int, kind: str, detail: str) -> int:
        return self.dice.roll(die, kind, f"{self.planet.designation} {detail}",
                              officer=self.officer.id, visibility=SEEN_BY_OFFICER)

    def technology(self, name: str) -> int:
        return self.officer.technologies.get(name, 0)


# --- fire -------------------------------------------------------------------------------

def targets_of(aliens: tuple[int, ...], count: int | None) -> list[int]:
    """Splitting of objectives (3I a): fire at the first `count` aliens, or at all."""
    n = len(aliens) if count is None else max(0, min(count, len(aliens)))
    return list(range(n))


def legio_fire(party: Party, fire_with: tuple[str, ...], count: int | None) -> int:
    """TAB. A. Returns the aliens killed. One attack makes every survivor hostile (4 I)."""
    planet, race = party.planet, party.race()
    aliens = list(planet.aliens)
    targets = targets_of(planet.aliens, count)
    if not targets or race is None:
        return 0
    attack = 0
    if "lasers" in fire_with:
        attack += combat.ship_attack(party.ship, party.technology("attack"))
    if "crews" in fire_with:
        attack += combat.crew_attack(party.ship, list(party.landing.crews_down), race.life)
    if attack == 0:
        party.emit("mission-refused", mission="elimination", reason="nobody able to fire")
        return 0
    defence = sum(aliens[i] for i in targets)
    table = party.ruleset.tables["A"]
    difference = attack - defence
    face = party.roll(table.die, "legio-fire", "TAB. A")
    result = table.result(difference, face)
    killed = 0
    if result == "F":
        aliens, killed = combat.halve(aliens, targets, race.fc)
    elif result == "U":
        aliens, killed = combat.kill(aliens, targets)
    wounded = sum(1 for fc in aliens if fc < race.fc) - sum(1 for fc in planet.aliens if fc < race.fc)
    party.set_planet(aliens=tuple(aliens), hostile=True)
    party.set_landing(fired=True)
    party.emit(
        "legio-fire", fire_with=list(fire_with), attack=attack, defence=defence,
        targets=len(targets), difference=difference, column=table.label(difference),
        die=table.die, face=face, result=result, killed=killed, wounded=max(0, wounded), left=len(aliens),
    )
    if killed and race.points.get("elimination", 0) > party.landing.pending:
        # The points are the same however many die (4 I); they wait for the re-embarking.
        party.set_landing(pending=race.points["elimination"], pending_for="elimination")
    return killed


def alien_fire(party: Party, at: str | None = None, aliens: tuple[int, ...] | None = None) -> None:
    """TAB. B: the hostile aliens attack the crews on the ground, else the ship (or, on
    re-embarking, whom the race's sheet names). Losses are men; damages go to TAB. C."""
    aliens = party.planet.aliens if aliens is None else aliens
    if not aliens:
        return
    crews_down = list(party.landing.crews_down)
    target = at or ("crews" if crews_down else "ship")
    if target == "crews" and not crews_down:
        target = "ship"
    table = party.ruleset.tables["B"]
    party.set_landing(attacked=True)
    if target == "crews":
        # Every assault is counted on the crews as they stand; emptied crews leave the sheet
        # only once all have struck, so the crew numbers stay put during the volley.
        crews, total = party.ship.crews, 0
        for assault in combat.assaults_on_crews(list(aliens), crews_down):
            struck = [i for i in assault.crews if crews[i] > 0]
            if not struck:
                continue
            defence = combat.crew_defence(replace(party.ship, crews=crews), struck)
            difference = assault.alien_fc - defence
            face = party.roll(table.die, "alien-fire", "TAB. B on crews")
            result = int(table.result(difference, face))
            crews, lost = combat.lose_men(crews, struck, result)
            total += lost
            party.emit(
                "alien-fire", target="crews", crews=len(struck), attack=assault.alien_fc,
                defence=defence, difference=difference, column=table.label(difference),
                die=table.die, face=face, result=result, lost=lost,
            )
        if total:
            lose_crew_men(party, crews, total)
    else:
        defence = combat.ship_defence(party.ship, party.landing.shields, party.technology("defence"))
        attack = sum(aliens)
        difference = attack - defence
        face = party.roll(table.die, "alien-fire", "TAB. B on the ship")
        result = int(table.result(difference, face))
        party.emit(
            "alien-fire", target="ship", attack=attack, defence=defence, difference=difference,
            column=table.label(difference), die=table.die, face=face, result=result, lost=0,
        )
        damage(party, result)


def lose_crew_men(party: Party, crews: tuple[int, ...], lost: int) -> None:
    """Men lost (3D a): each costs a point on SPATHA and HASTA; an emptied crew is gone,
    and the module it carried with it (3D b)."""
    ship = party.ship
    level = party.ruleset.ships[ship.type].level
    penalty = lost if level >= 2 else 0
    down = list(party.landing.crews_down)
    kit = combat.crew_weapons(ship)
    modules, weapons = ship.modules, {w: getattr(ship, w) for w in combat.WEAPON_ATT}
    kept: list[int] = []
    new_index: dict[int, int] = {}
    for i, men in enumerate(crews):
        if men > 0:
            new_index[i] = len(kept)
            kept.append(men)
        elif kit[i] is not None:
            modules -= 1
            if kit[i] in weapons:
                weapons[kit[i]] -= 1
    ship = replace(ship, crews=tuple(kept), modules=modules, **weapons)
    party.set_landing(crews_down=tuple(new_index[i] for i in down if i in new_index))
    score = max(0, party.officer.score - penalty)
    party.officer = replace(party.officer, ship=ship, score=score)
    party.emit("losses", men=lost, crews=list(ship.crews), penalty=penalty)


def damage(party: Party, count: int) -> None:
    """TAB. C, once per damage: a missing component means no damage; the hull absorbs one
    hit, a second hit in the same move destroys the ship (4 I)."""
    table = party.ruleset.tables["C"]
    for _ in range(max(0, count)):
        face = party.roll(table.die, "damage", "TAB. C")
        part = str(table.result(0, face))
        if part == "hull":
            party.hull_hits += 1
            effect = "absorbed" if party.hull_hits == 1 else "destroyed"
        elif party.ship.count(part) > 0:
            changes = {part: party.ship.count(part) - 1}
            if part == "modules":
                # The weapon mounted on the lost module goes with it (3D b): the last mounted.
                ship = party.ship
                if sum(getattr(ship, w) for w in combat.WEAPON_ATT) > ship.modules - 1:
                    weapon = next(w for w in reversed(combat.WEAPON_ATT) if getattr(ship, w))
                    changes[weapon] = getattr(ship, weapon) - 1
            party.officer = replace(party.officer, ship=replace(party.ship, **changes))
            effect = "lost"
        else:
            effect = "none"
        party.emit("damage", die=table.die, face=face, component=part, effect=effect)
        if effect == "destroyed":
            raise ShipLost("two hull hits in one move")
        if part == "tanks" and party.ship.tanks == 0:
            raise ShipLost("no tanks left")


# --- the encounter ----------------------------------------------------------------------

def technical_sheet(race: "Race") -> dict:
    """What the S.C. reads aloud from the G.I. in inner space (note D: not the technological
    level nor the environments)."""
    return {
        "name": race.name, "reference": race.reference, "description": race.description,
        "disposition": race.disposition or "", "fc": race.fc,
        "points": dict(sorted(race.points.items())), "capturable": race.capturable,
        "alliance_factor": race.alliance_factor, "alliance_value": race.alliance_value,
        "merchant": race.merchant, "reembark_target": race.reembark_target or "",
    }


def complete_information(party: Party) -> None:
    """On landing, all missing information at once (S.C. rule F), public like any other."""
    planet = party.planet
    facts, answers = complete(party.ruleset.information, planet.facts, party.dice,
                              planet.designation, party.officer.id)
    for a in answers:
        party.board.emit(
            "info", PUBLIC, party.officer.id, officer_name=party.officer.name,
            planet=planet.designation, level=roman(a.level), die=a.die, face=a.face,
            value=party.ruleset.information.names.get(a.value, a.value), wasted=a.wasted,
            facts=list(party.ruleset.information.describe(a.facts)), landing=True,
        )
    party.set_planet(facts=facts)


def meet_aliens(party: Party) -> None:
    """Presence (S.C. rule G a): rolled on the first landing, shared by later ones."""
    race = party.race()
    planet = party.planet
    if race is None:
        return
    if not planet.populated:
        if race.riskless:
            party.set_planet(populated=True, aliens=(), hostile=False)
        else:
            face = party.roll(6, "presence", "presence")
            count = race.presence[face - 1]
            party.set_planet(populated=True, aliens=(race.fc,) * count,
                             hostile=race.disposition == "hostile")
            party.emit("presence", face=face, count=count)
    planet = party.planet
    party.emit(
        "encounter", PUBLIC, officer_name=party.officer.name, race=race.name,
        riskless=race.riskless, present=len(planet.aliens), fc=list(planet.aliens),
        hostile=planet.hostile, sheet=technical_sheet(race),
    )


def arrivals(party: Party) -> None:
    """New aliens at every move on the ground (S.C. rule G c), with full F.C."""
    race = party.race()
    if race is None or race.riskless:
        return
    face = party.roll(6, "arrivals", "arrivals")
    count = race.arrivals[face - 1]
    if count:
        party.set_planet(aliens=party.planet.aliens + (race.fc,) * count)
    party.emit("arrivals", face=face, count=count, present=len(party.planet.aliens),
               hostile=party.planet.hostile)


def land_crews(party: Party, count: int | None) -> None:
    """Crews go down: never with shields on, never a crew under 3 men (3D a, 3G b)."""
    aboard = [i for i, men in enumerate(party.ship.crews)
              if i not in party.landing.crews_down and men >= CREW_MEN]
    going = aboard if count is None else aboard[:count]
    if not going:
        party.emit("crews", action="none-able")
        return
    down = tuple(sorted(party.landing.crews_down + tuple(going)))
    party.set_landing(crews_down=down, crews_were_down=True, shields=False)
    party.emit("crews", action="landed", count=len(going))
    race = party.race()
    if race is not None and race.riskless and "collect" in race.points:
        party.set_landing(pending=race.points["collect"], pending_for="collect", mission="collect")


def engage(
    party: Party, fire_with: tuple[str, ...], targets: int | None, mission: str | None,
    reembarking: bool = False,
) -> None:
    """Fire and mission with the timings of section 4 I:
    a) fire against peaceful aliens: Legio fire, outcome, then the survivors fire;
    b) fire against hostile aliens: both fire at once;
    c) no fire against hostile aliens: alien fire, outcome, then the mission by survivors;
    d) a peaceful mission that fails (No): as c), the aliens attack.
    On re-embarking the hostile aliens attack whom the race's sheet names (3I c)."""
    from .missions import attempt  # missions need the fire functions above

    planet = party.planet
    race = party.race()
    if reembarking:
        if planet.hostile and planet.aliens:
            alien_fire(party, at=(race.reembark_target if race else None) or "crews")
        return
    if fire_with and planet.aliens:
        if planet.hostile:
            before = planet.aliens
            legio_fire(party, fire_with, targets)
            alien_fire(party, aliens=before)  # simultaneous: the fire of all who began
        else:
            legio_fire(party, fire_with, targets)
            alien_fire(party)
        if mission and mission != "elimination":
            party.emit("mission-refused", mission=mission,
                       reason="opening fire makes this an elimination mission this move")
        return
    if planet.hostile and planet.aliens:
        alien_fire(party)
    if mission:
        attempt(party, mission, targets)


# --- landing and the moves on the ground -------------------------------------------------

def land(
    board: "Board", officer: Officer, planet: Planet, orders: "TurnOrders", ruleset: "Ruleset",
    dice: Dice,
) -> Officer:
    """The landing move: attitude first, then what was there (3G a, S.C. rule F and G)."""
    attitude = orders.attitude or "A"
    shields, crews_go, fire_with = ATTITUDES[attitude]
    landing = Landing(planet=planet.id, shields=shields)
    party = Party(board, officer, landing, ruleset, dice)
    party.emit("attitude", attitude=attitude, shields=shields, crews=crews_go, fire=list(fire_with))
    try:
        complete_information(party)
        meet_aliens(party)
        if crews_go:
            land_crews(party, orders.land_crews)
        engage(party, fire_with, orders.targets, orders.mission)
    except ShipLost as lost:
        return rescue(board, party.officer, ruleset, str(lost))
    return replace(party.officer, landing=party.landing)


def ground_move(
    board: "Board", officer: Officer, orders: "TurnOrders", ruleset: "Ruleset", dice: Dice,
) -> tuple[Officer, bool]:
    """A move on the ground. Returns the officer and whether he takes off this move."""
    party = Party(board, officer, officer.landing, ruleset, dice)
    taking_off = bool(orders.route)
    try:
        arrivals(party)
        # Crews never stay behind: a take-off takes them aboard (the check asks for EMBARK).
        embark = orders.crews_embark or (taking_off and bool(party.landing.crews_down))
        if orders.shields is not None and not embark and orders.crews_land is None:
            party.set_landing(shields=orders.shields)
            party.emit("shields", on=orders.shields)
        if embark and party.landing.crews_down:
            party.set_landing(shields=False)
            engage(party, (), None, None, reembarking=True)
            reembark(party)
        elif orders.crews_land is not None and not taking_off:
            party.set_landing(shields=False)
            land_crews(party, orders.crews_land or None)
            engage(party, tuple(f for f in orders.fire if f == "crews"), orders.targets, orders.mission)
        else:
            engage(party, orders.fire, orders.targets, orders.mission)
    except ShipLost as lost:
        return rescue(board, party.officer, ruleset, str(lost)), False
    if orders.mission != "commerce":
        party.set_landing(commerce_moves=0)  # commerce: at most two consecutive moves (4 V)
    officer = replace(party.officer, landing=party.landing)
    if taking_off:
        if party.landing.pending:
            pay_points(party, 0)  # no crew re-embarks with the points: they are lost
            officer = replace(party.officer, landing=party.landing)
        return replace(officer, landing=None), True
    return officer, False


def reembark(party: Party) -> None:
    """Crews come back aboard; the landing's points are paid if at least one complete crew
    re-embarks and crews were on the ground for a move (3I c, 4 general note)."""
    down = list(party.landing.crews_down)
    complete_crews = combat.complete_crews(party.ship.crews, down)
    party.emit("crews", action="embarked", count=len(down), complete=complete_crews)
    party.set_landing(crews_down=())
    pay_points(party, complete_crews)


def pay_points(party: Party, complete_crews: int) -> None:
    landing = party.landing
    if landing.pending <= 0:
        return
    level = party.ruleset.ships[party.ship.type].level
    if party.planet.known:
        # A colleague took off first: the planet is known and gives no more points (3H).
        party.emit("points-lost", mission=landing.pending_for, gross=landing.pending,
                   reason="the planet became known when a ship took off from it")
    elif not landing.crews_were_down or complete_crews == 0:
        party.emit("points-lost", mission=landing.pending_for, gross=landing.pending,
                   reason="no complete crew re-embarked" if landing.crews_were_down
                   else "no crew was on the ground")
    else:
        net = max(0, landing.pending - level)  # never below zero (DESIGN)
        party.officer = replace(party.officer, score=party.officer.score + net)
        party.emit("points", mission=landing.pending_for, gross=landing.pending, level=level, net=net,
                   total=party.officer.score)
    party.set_landing(pending=0, pending_for="")


# --- the rescue return -------------------------------------------------------------------

def rescue(board: "Board", officer: Officer, ruleset: "Ruleset", reason: str) -> Officer:
    """Rescue return (3F c): officer and crews through the hyperspace gate to the base, one
    rank down (not below the lowest), score 0, a new ship of a lower level."""
    from .career import demote

    return demote(board, officer, ruleset, reason)
