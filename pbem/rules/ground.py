"""The landing party in action (rulebook 3D, 4 I; TAB. A, B, C): the Legio's fire, the
aliens' fire, men lost and damage suffered.

`Party` is the officer on the ground during his turn; `landing` decides who fires when,
`missions` what a mission does; both act through the functions here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from . import combat, landing_zones, personality, rulings, specialists
from .board import Board
from .damage import ShipLost, suffer
from .dice import OFFICER as SEEN_BY_OFFICER
from .dice import Dice
from .encounter_guide import Race
from .events import OFFICER, PUBLIC
from .landing_risks import suit_penalty
from .ruleset import Ruleset
from .said import Said, saying
from .ship import Ship
from .state import Landing, Officer, Planet

# Why the ship cannot fire (the events keep the words; `said.read` reads them back).
SHIP_UNUSABLE = saying("in the %(zone)s, where the %(race)s cannot live, the ship's lasers "
                       "cannot be used: the landed crews alone act")

@dataclass
class Party:
    """The officer on the ground during his turn: mutable for the length of the turn."""

    board: Board
    officer: Officer
    landing: Landing
    ruleset: Ruleset
    dice: Dice
    # Crews land or re-embark this move: the ship's lasers cannot fire then (3D c).
    crews_moving: bool = False

    @property
    def ship(self) -> Ship:
        return self.officer.ship

    @property
    def hull_hits(self) -> int:
        """Hull hits of this turn, in space and on the ground alike (4 I)."""
        return self.board.hull_hits.get(self.officer.id, 0)

    @property
    def suit(self) -> int:
        """What each landed crew's anti-radiation suit costs it (5G); 0 where none is worn,
        as in inner space, where no radioactivity is rolled."""
        return suit_penalty(self.planet.radioactivity)

    @property
    def alien_bonus(self) -> int:
        """What each alien's F.C. gains in the zone the ship landed in (5F); 0 in inner
        space, where no zone is rolled."""
        return landing_zones.alien_bonus(self.race(), self.landing.zone)

    @property
    def ship_usable(self) -> bool:
        """May the ship fight, and be attacked? Not in the race's non-vital zone (5F)."""
        return landing_zones.ship_usable(self.race(), self.landing.zone)

    @property
    def planet(self) -> Planet:
        return self.board.planets[self.landing.planet]

    def race(self) -> Race | None:
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


@dataclass(frozen=True)
class Ally:
    """A colleague on the same ground whose fire joins the party's in one TAB. A roll
    (3I b: "adding for example one's F.C.Att. in case of a clash against the same Alien")."""

    officer: Officer
    fire_with: tuple[str, ...]
    attack: int


def fire_attack(officer: Officer, fire_with: tuple[str, ...], crews_moving: bool,
                race: Race, suit: int = 0, ship_usable: bool = True, settings=None) -> int:
    """F.C.Att of what fires: the ship's lasers (never while crews land or re-embark, 3D c,
    nor in the race's non-vital zone, 5F) and the crews on the ground with their individual
    weapons, in their anti-radiation suits in outer space (5G), plus, in outer space, the
    personality (5D a) and a ROBUR's value (5E b) once to the crews' total."""
    attack = 0
    if "lasers" in fire_with and not crews_moving and ship_usable:
        attack += combat.ship_attack(officer.ship, officer.technologies.get("attack", 0))
    if "crews" in fire_with and officer.landing is not None and officer.landing.crews_down:
        crews = list(officer.landing.crews_down)
        attack += combat.crew_attack(officer.ship, crews, race.life, suit=suit)
        attack += (personality.of(officer, settings or {})
                   + specialists.robur_bonus(officer, officer.landing, crews))
    return attack


def refuse_the_ship(party: Party) -> None:
    """5F: in the race's non-vital zone the ship's F.C. cannot be used."""
    party.emit("mission-refused", mission="elimination", why="non-vital-zone",
               reason=Said(SHIP_UNUSABLE, zone=party.landing.zone, race=party.race().name))


def crew_bonus(party: Party, crews: list[int] | tuple[int, ...]) -> int:
    """What the commander adds to the F.C. of these landed crews, once to their total: his
    personality (5D a, c) and a ROBUR who went down with one of them (5E b)."""
    if not crews:
        return 0
    return (personality.of(party.officer, party.board.settings)
            + specialists.robur_bonus(party.officer, party.landing, crews))


def legio_fire(party: Party, fire_with: tuple[str, ...], count: int | None,
               ally: Ally | None = None) -> bool:
    """TAB. A. One attack makes every survivor hostile (4 I). Returns whether a shot was
    fired: fire that nobody can deliver is no fire, and provokes nobody."""
    planet, race = party.planet, party.race()
    aliens = list(planet.aliens)
    targets = targets_of(planet.aliens, count)
    if not targets or race is None:
        return False
    usable = party.ship_usable
    if "lasers" in fire_with and not usable:
        refuse_the_ship(party)
    own = fire_attack(replace(party.officer, landing=party.landing), fire_with, False, race,
                      party.suit, usable, party.board.settings)
    attack = own + (ally.attack if ally else 0)
    if attack == 0:
        party.emit("mission-refused", mission="elimination", reason=Said("nobody able to fire"),
                   why="no-one-to-fire")
        return False
    # 5F: in the race's preferred zone each alien's F.C. gains its bonus.
    defence = sum(aliens[i] for i in targets) + party.alien_bonus * len(targets)
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
    fire = dict(
        attack=attack, defence=defence, targets=len(targets), difference=difference,
        column=table.label(difference), die=table.die, roller=table.roller, face=face,
        result=result, killed=killed,
        wounded=max(0, wounded), left=len(aliens),
    )
    party.emit("legio-fire", fire_with=list(fire_with), own=own,
               ally=ally.officer.name if ally else None, **fire)
    party.emit("fight", PUBLIC, officer_name=party.officer.name,
               ally=ally.officer.name if ally else None, killed=killed,
               wounded=max(0, wounded), left=len(aliens))
    if killed and race.points.get("elimination", 0) > party.landing.pending:
        # The points are the same however many die (4 I); they wait for the re-embarking.
        party.set_landing(pending=race.points["elimination"], pending_for="elimination")
    if ally is not None:
        # The colleague fired too: he is told in his report, has opened fire (no alliance),
        # and waits for the points of the elimination like anyone who took part.
        landing = replace(ally.officer.landing, fired=True)
        if killed and race.points.get("elimination", 0) > landing.pending:
            landing = replace(landing, pending=race.points["elimination"],
                             pending_for="elimination")
        party.board.officers[ally.officer.id] = replace(ally.officer, landing=landing)
        party.board.emit("joint-fire", OFFICER, ally.officer.id, planet=planet.designation,
                         fire_with=list(ally.fire_with), own=ally.attack,
                         ally=party.officer.name, **fire)
    return True


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
    if target == "ship" and not party.ship_usable:
        # 5F: the aliens cannot attack the ship in their non-vital zone; they meet only the
        # crews who go looking for them (ruling).
        if not crews_down or not rulings.NON_VITAL_ATTACKS_GO_TO_THE_CREWS:
            party.emit("ship-out-of-reach", zone=party.landing.zone)
            return
        target = "crews"
    # 5F: in the race's preferred zone each alien's F.C. gains its bonus.
    bonus = party.alien_bonus
    if bonus:
        aliens = tuple(fc + bonus for fc in aliens)
    suit = party.suit
    table = party.ruleset.tables["B"]
    party.set_landing(attacked=True)
    if target == "crews":
        # Every assault is counted on the crews as they stand; emptied crews leave the sheet
        # only once all have struck, so the crew numbers stay put during the volley.
        crews, total = party.ship.crews, 0
        for n, assault in enumerate(combat.assaults_on_crews(list(aliens), crews_down)):
            struck = [i for i in assault.crews if crews[i] > 0]
            if not struck:
                continue
            # 5D a, 5E b: the personality and a ROBUR, once to the defence of the crews struck.
            bonus = crew_bonus(party, struck) if (
                rulings.PERSONALITY_IN_EVERY_ASSAULT or n == 0) else 0
            defence = combat.crew_defence(replace(party.ship, crews=crews), struck, suit) + bonus
            difference = defence - assault.alien_fc  # Legio minus Alien, as every table
            face = party.roll(table.die, "alien-fire", "TAB. B on crews")
            result = int(table.result(difference, face))
            crews, lost = combat.lose_men(crews, struck, result)
            total += lost
            party.emit(
                "alien-fire", target="crews", crews=len(struck), attack=assault.alien_fc,
                defence=defence, difference=difference, column=table.label(difference),
                die=table.die, roller=table.roller, face=face, result=result, lost=lost,
            )
        # What happened is public, as everything the S.C. tells of an encounter; the dice
        # and factors stay in the officer's report.
        party.emit("attacked", PUBLIC, officer_name=party.officer.name, target="crews",
                   lost=total, damages=0)
        if total:
            lose_crew_men(party, crews, total)
    else:
        defence = combat.ship_defence(party.ship, party.landing.shields, party.technology("defence"))
        attack = sum(aliens)
        difference = defence - attack  # Legio minus Alien
        face = party.roll(table.die, "alien-fire", "TAB. B on the ship")
        result = int(table.result(difference, face))
        party.emit(
            "alien-fire", target="ship", attack=attack, defence=defence, difference=difference,
            column=table.label(difference), die=table.die, roller=table.roller, face=face,
            result=result, lost=0,
        )
        party.emit("attacked", PUBLIC, officer_name=party.officer.name, target="ship", lost=0,
                   damages=result)
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
    robur = party.landing.robur_crew
    party.set_landing(crews_down=tuple(new_index[i] for i in down if i in new_index),
                      robur_crew=new_index.get(robur) if robur is not None else None)
    score = party.officer.score - penalty
    if rulings.SCORE_NEVER_NEGATIVE:
        score = max(0, score)
    party.officer = replace(party.officer, ship=ship, score=score)
    party.emit("losses", men=lost, crews=list(ship.crews), penalty=penalty)
    if robur is not None and robur not in new_index:
        # 5E b: the ROBUR dies with the crew he landed with.
        party.officer = specialists.dies(party.board, party.officer, party.ruleset.specialists,
                                         "crew-lost", party.planet.designation)


def damage(party: Party, count: int) -> None:
    """TAB. C, once per damage (`damage.suffer`): a missing component means no damage; the
    hull absorbs one hit, a second hit in the same turn destroys the ship (4 I)."""
    table = party.ruleset.tables["C"]
    result = suffer(party.ship, count, table, lambda: party.roll(table.die, "damage", "TAB. C"),
                    party.hull_hits)
    party.board.hull_hits[party.officer.id] = result.hull_hits
    party.officer = replace(party.officer, ship=result.ship)
    for hit in result.hits:
        party.emit("damage", roller=table.roller, **hit.data())
    if result.lost:
        raise ShipLost(result.lost)
    # 5E c: a scientist risks his life each time the ship suffers damage.
    party.officer = specialists.after_damage(party.board, party.officer, result,
                                             party.ruleset.specialists, party.dice,
                                             party.planet.designation)
