"""Landings and moves on the ground (rulebook 3G, 3H, 3I, 4 I; S.C. rules G).

On landing the missing information is completed and the aliens present are rolled; then
each move on the ground runs in the order the rules give: arrivals, shields and crews,
fire and missions with the fire timings of section 4 I (a to d), re-embarking under the
aliens' attack, and the take-off. Every outcome goes out as an event.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from . import combat, desertion, landing_risks, landing_zones, missions, outer_space, rulings
from . import specialists
from .board import Board
from .career import demote
from .damage import ShipLost
from .dice import Dice
from .encounter_guide import Race
from .events import OFFICER, PUBLIC
from .ground import Ally, Party, alien_fire, damage, fire_attack, legio_fire
from .information import answer_data, complete
from .information_sheet import RADIOACTIVITY_NAMES
from .orders import Orders, Problem
from .said import Said, saying
from .ruleset import Ruleset
from .state import Landing, Officer, Planet

# Why a landing's order was not carried out (the events keep it; `said.read` reads it back).
LANDS_WITHOUT_FIRE = saying("attitude %(attitude)s lands without fire")
NOT_ON_THE_GROUND_OF = saying("%(name)s is not on the ground of %(planet)s")
NOT_JOINED = saying("%(name)s did not order his fire with yours")

# Attitudes on landing (3G a): shields on?, crews land?, who fires.
ATTITUDES: dict[str, tuple[bool, bool, tuple[str, ...]]] = {
    "A": (True, False, ()),
    "B": (True, False, ("lasers",)),
    "C": (False, True, ()),
    "D": (False, True, ("crews",)),
}


# --- the encounter ----------------------------------------------------------------------

def technical_sheet(race: Race, outer: bool = False) -> dict:
    """What the S.C. reads aloud from the G.I.: in inner space not the technological level
    nor the environments (4, note D), which he reads in outer space."""
    sheet = {
        "name": race.name, "reference": race.reference, "description": race.description,
        "disposition": race.disposition or "", "fc": race.fc,
        "points": dict(sorted(race.points.items())), "capturable": race.capturable,
        "alliance_factor": race.alliance_factor, "alliance_value": race.alliance_value,
        "merchant": race.merchant, "reembark_target": race.reembark_target or "",
        # Intimidation pays the veneration points of TAB. G, commerce those of TAB. H (of
        # TAB. I in outer space, 5D e).
        "intimidable": race.civility in ("sub-civiles", "civiles"),
    }
    if outer:
        sheet.update({
            "technological_level": race.technological_level,
            "preferred_environment": race.preferred_environment or "",
            "preferred_bonus": race.preferred_bonus,
            "non_vital_environment": race.non_vital_environment or "",
        })
    return sheet


def complete_information(party: Party) -> None:
    """On landing, all missing information at once (S.C. rule F), public like any other."""
    planet = party.planet
    sheet = party.ruleset.information
    facts, answers = complete(sheet, planet.facts, party.dice, planet.designation,
                              party.officer.id, outer_space.explored(party.board.settings))
    radioactivity = planet.radioactivity
    for a in answers:
        radioactivity = a.radioactivity or radioactivity
        party.board.emit(
            "info", PUBLIC, party.officer.id, officer_name=party.officer.name,
            planet=planet.designation, landing=True, **answer_data(sheet, a, radioactivity),
        )
    party.set_planet(facts=facts, radioactivity=radioactivity)


def meet_aliens(party: Party, guide: bool = False) -> None:
    """Presence (S.C. rule G a): rolled "every time a U.C. lands" (ruling
    PRESENCE_AT_EVERY_LANDING): the aliens already met there stay, wounds and all, and as
    many more as the roll exceeds them come with full F.C."""
    race = party.race()
    planet = party.planet
    if race is None:
        return
    if race.riskless:
        if not planet.populated:
            party.set_planet(populated=True, aliens=(), hostile=False)
    elif not planet.populated or rulings.PRESENCE_AT_EVERY_LANDING:
        face = party.roll(6, "presence", "presence")
        count = race.presence[face - 1]
        met = planet.aliens if planet.populated else ()
        hostile = planet.hostile if planet.populated else race.disposition == "hostile"
        party.set_planet(populated=True, hostile=hostile,
                         aliens=met + (race.fc,) * max(0, count - len(met)))
        party.emit("presence", face=face, count=count, present=len(party.planet.aliens),
                   **({"guide": True} if guide else {}))
    planet = party.planet
    party.emit(
        "encounter", PUBLIC, officer_name=party.officer.name, race=race.name,
        riskless=race.riskless, present=len(planet.aliens), fc=list(planet.aliens),
        hostile=planet.hostile,
        sheet=technical_sheet(race, outer_space.explored(party.board.settings)),
        **({"guide": True} if guide else {}),
    )


def arrivals(party: Party) -> None:
    """New aliens at every move on the ground (S.C. rule G c), with full F.C.: rolled once
    for the planet, in the turn of the first officer on its ground (ruling
    ARRIVALS_ONCE_PER_PLANET_AND_MOVE), and told to every officer there."""
    race = party.race()
    if race is None or race.riskless:
        return
    board, planet = party.board, party.planet
    if rulings.ARRIVALS_ONCE_PER_PLANET_AND_MOVE:
        if planet.id in board.arrived:
            return  # they came in an earlier turn of this move, and he was told
        board.arrived.add(planet.id)
    face = party.roll(6, "arrivals", "arrivals")
    count = race.arrivals[face - 1]
    if count:
        party.set_planet(aliens=party.planet.aliens + (race.fc,) * count)
    told = {"face": face, "count": count, "present": len(party.planet.aliens),
            "hostile": party.planet.hostile}
    party.emit("arrivals", **told)
    if rulings.ARRIVALS_ONCE_PER_PLANET_AND_MOVE:
        for other in board.officers.values():
            if (other.id != party.officer.id and other.landing is not None
                    and other.landing.planet == planet.id):
                board.emit("arrivals", OFFICER, other.id, planet=planet.designation,
                           turn_of=party.officer.name, **told)


def land_crews(party: Party, count: int | None) -> None:
    """Crews go down: never with shields on, never a crew under 3 men (3D a, 3G b)."""
    aboard = [i for i, men in enumerate(party.ship.crews)
              if i not in party.landing.crews_down
              and men >= party.ruleset.ships[party.ship.type].crew_men]
    going = aboard if count is None else aboard[:count]
    if not going:
        party.emit("crews", action="none-able")
        return
    down = tuple(sorted(party.landing.crews_down + tuple(going)))
    party.set_landing(crews_down=down, crews_were_down=True, shields=False)
    party.emit("crews", action="landed", count=len(going))
    worn = landing_risks.suit(party.planet.radioactivity)
    if worn:
        # 5G: under radioactivity the crews land in their anti-radiation suits.
        party.emit("suits", suit=worn[0], penalty=worn[1],
                   radioactivity=RADIOACTIVITY_NAMES[party.planet.radioactivity])
    if specialists.aboard(party.officer, specialists.ROBUR) and party.landing.robur_crew is None:
        # 5E b: the ROBUR goes down with the first crew that lands (ruling ROBUR_LANDS_WITH_
        # THE_FIRST_CREW), adds his value to the crews' F.C. and shares that crew's fate.
        party.set_landing(robur_crew=going[0] if rulings.ROBUR_LANDS_WITH_THE_FIRST_CREW
                          else going[-1])
        party.emit("robur-lands", specialist=specialists.data(party.officer.specialist))
    desertion.crews_land(party, going)
    race = party.race()
    if race is not None and race.riskless and "collect" in race.points:
        party.set_landing(pending=race.points["collect"], pending_for="collect", mission="collect")


def engage(
    party: Party, fire_with: tuple[str, ...], targets: int | None, mission: str | None,
    reembarking: bool = False, ally: Ally | None = None,
) -> None:
    """Fire and mission with the timings of section 4 I:
    a) fire against peaceful aliens: Legio fire, outcome, then the survivors fire;
    b) fire against hostile aliens: both fire at once;
    c) no fire against hostile aliens: alien fire, outcome, then the mission by survivors;
    d) a peaceful mission that fails (No): as c), the aliens attack.
    On re-embarking the hostile aliens attack whom the race's sheet names (3I c)."""
    planet = party.planet
    race = party.race()
    if reembarking:
        if planet.hostile and planet.aliens:
            alien_fire(party, at=(race.reembark_target if race else None)
                       or rulings.REEMBARK_TARGET_DEFAULT)
        return
    if mission == "elimination" and not fire_with:
        # An elimination is fire (4 I): it follows the timings of fire, a) or b), so hostile
        # aliens answer it once, never before and again after.
        fire_with, mission = ("crews",) if party.landing.crews_down else ("lasers",), None
        if not planet.aliens:
            party.emit("mission-refused", mission="elimination", why="no-alien",
                       reason=Said("no alien is left"))
    if fire_with and planet.aliens:
        hostile, before = planet.hostile, planet.aliens
        shot = legio_fire(party, fire_with, targets, ally)
        if hostile:
            alien_fire(party, aliens=before)  # b) simultaneous: the fire of all who began
        elif shot:
            alien_fire(party)  # a) the survivors answer
        if mission and mission != "elimination":
            # What the race forbids comes first; else the fire made this an elimination.
            refused = missions.refusal(mission, race, party.landing, party.planet,
                                       party.officer) or (
                missions.Refusal("fire-makes-elimination", Said(
                    "opening fire makes this an elimination mission this move")))
            party.emit("mission-refused", mission=mission, reason=refused.reason,
                       why=refused.why)
        return
    if planet.hostile and planet.aliens:
        alien_fire(party)
    if mission:
        missions.attempt(party, mission, targets)


def read_the_guide(board: Board, officer: Officer, planet: Planet, ruleset: Ruleset,
                   dice: Dice) -> None:
    """S.C. rule F: once an answer by request names the race (ruling
    GUIDE_READ_WHEN_THE_RACE_IS_NAMED), its G.I. entry is read in full, public like all
    information, and the number of aliens present is rolled "before reading the whole";
    the planet keeps them for whoever lands there."""
    party = Party(board, officer, Landing(planet=planet.id), ruleset, dice)
    meet_aliens(party, guide=True)


# --- landing and the moves on the ground -------------------------------------------------

def land(
    board: Board, officer: Officer, planet: Planet, orders: Orders, ruleset: Ruleset,
    dice: Dice, *, attitude: str | None = None, landing: Landing | None = None,
) -> Officer:
    """The landing move: attitude first, then what was there (3G a, S.C. rule F and G). In
    outer space the landing risks its mass (TAB. O, 5G) and settles in a zone (TAB. P, 5F).
    `attitude` overrides the orders' (a distortion lands the ship as the rulings say);
    `landing` is the landing a re-landing goes on with."""
    attitude = attitude or orders.attitude or rulings.UNDECLARED_LANDING_ATTITUDE
    shields, crews_go, fire_with = ATTITUDES[attitude]
    landing = replace(landing or Landing(planet=planet.id), shields=shields)
    party = Party(board, officer, landing, ruleset, dice, crews_moving=crews_go)
    party.emit("attitude", attitude=attitude, shields=shields, crews=crews_go, fire=list(fire_with))
    mission = orders.mission
    outer = outer_space.explored(board.settings)
    try:
        complete_information(party)
        if outer:
            landing_risk(party)
        meet_aliens(party)
        if outer:
            settle(party)
        if crews_go:
            land_crews(party, orders.land_crews)
        if mission == "elimination" and not fire_with:
            # 3G a: the attitude decides who fires on landing; A and C do not.
            party.emit("mission-refused", mission=mission, why="attitude-no-fire",
                       reason=Said(LANDS_WITHOUT_FIRE, attitude=attitude))
            mission = None
        engage(party, fire_with, orders.targets, mission)
    except ShipLost as lost:
        return rescue(board, party.officer, ruleset, str(lost))
    return replace(party.officer, landing=party.landing)


def landing_risk(party: Party) -> None:
    """TAB. O (5G, S.C. advanced rule C): the officer's d6 against the planet's row; a face
    on the row is that many damages on TAB. C."""
    table = party.ruleset.landing_risks
    planet_type = party.ruleset.information.planet_type(party.planet.facts)
    face, count = landing_risks.landing_damages(table, planet_type, party.dice,
                                                party.planet.designation, party.officer.id)
    party.emit("landing-risk", die=table.die, roller=table.roller, face=face, damages=count,
               planet_type=party.ruleset.information.names.get(planet_type, planet_type))
    damage(party, count)


def settle(party: Party) -> None:
    """TAB. P (5F, S.C. advanced rule D): the zone the ship lands in, told to the officer
    with what it means against the race met there."""
    table = party.ruleset.tables["P"]
    face, zone = landing_zones.settle(table, party.dice, party.planet.designation,
                                      party.officer.id)
    party.set_landing(zone=zone)
    race = party.race()
    party.emit("landing-zone", die=table.die, roller=table.roller, face=face, zone=zone,
               effect=landing_zones.zone_effect(race, zone), bonus=party.alien_bonus,
               race=race.name if race else "")


def reland(board: Board, officer: Officer, orders: Orders, ruleset: Ruleset,
           dice: Dice) -> Officer:
    """Take off and land again on the same planet for a better zone (5F, S.C. rule D): the
    move is spent, the planet is not crossed out and its points stay possible, TAB. O and
    P are rolled again, the same aliens are met, and the new attitude is declared."""
    if not rulings.RELANDING_ROLLS_NO_ARRIVALS:
        # S.C. rule G c read as every move on the planet, the re-landing's included.
        party = Party(board, officer, officer.landing, ruleset, dice)
        arrivals(party)
        officer = replace(party.officer, landing=party.landing)
    planet = board.planets[officer.landing.planet]
    board.emit("landed", PUBLIC, officer.id, officer_name=officer.name,
               planet=planet.designation, base=False, forced=False, how="relanding", parsec=0)
    return land(board, officer, planet, orders, ruleset, dice,
                landing=landing_zones.relanded(officer.landing))


def ground_move(
    board: Board, officer: Officer, orders: Orders, ruleset: Ruleset, dice: Dice,
) -> tuple[Officer, bool]:
    """A move on the ground. Returns the officer and whether he takes off this move."""
    party = Party(board, officer, officer.landing, ruleset, dice)
    taking_off = bool(orders.route)
    try:
        arrivals(party)
        # Crews never stay behind: a take-off takes them aboard (the check asks for EMBARK).
        embark = orders.crews_embark or (rulings.TAKE_OFF_EMBARKS_CREWS and taking_off
                                         and bool(party.landing.crews_down))
        if orders.shields is not None and not embark and orders.crews_land is None:
            party.set_landing(shields=orders.shields)
            party.emit("shields", on=orders.shields)
        if embark and party.landing.crews_down:
            party.set_landing(shields=False)
            party.crews_moving = True
            engage(party, (), None, None, reembarking=True)
            reembark(party)
            if orders.mission:
                # 3G b: a mission takes a move on the ground; withdrawing crews do none.
                party.emit("mission-refused", mission=orders.mission, why="re-embarking",
                           reason=Said("the crews re-embark this move"))
        elif orders.crews_land is not None and not taking_off:
            party.set_landing(shields=False)
            party.crews_moving = True
            land_crews(party, orders.crews_land or None)
            engage(party, tuple(f for f in orders.fire if f == "crews"), orders.targets, orders.mission)
        elif party.officer.id in board.joint_fired:
            # His fire went with a colleague's, in the colleague's earlier turn (3I b).
            party.emit("joint-done")
            engage(party, (), None, None)
        else:
            ally = joint_ally(party, orders) if orders.cooperate and orders.fire else None
            engage(party, orders.fire, orders.targets, orders.mission, ally=ally)
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


def joint_ally(party: Party, orders: Orders) -> Ally | None:
    """Cooperation (3I b): two officers on the same ground who each order FIRE ... WITH the
    other fire together, in one TAB. A roll, in the turn of the first of them; whoever
    orders it alone fires alone, and is told why."""
    board, me = party.board, party.officer
    name = orders.cooperate or ""
    other = next((o for o in board.officers.values() if o.name.casefold() == name.casefold()
                  and o.id != me.id), None)
    if other is None or other.landing is None or other.landing.planet != party.landing.planet:
        party.emit("joint-refused", ally=name, why="not-here",
                   reason=Said(NOT_ON_THE_GROUND_OF, name=name, planet=party.planet.designation))
        return None
    theirs = board.orders.get(other.id)
    if theirs is None or not theirs.fire or (theirs.cooperate or "").casefold() != me.name.casefold():
        party.emit("joint-refused", ally=other.name, why="not-joined",
                   reason=Said(NOT_JOINED, name=other.name))
        return None
    race = party.race()
    crews_moving = theirs.crews_land is not None or theirs.crews_embark
    # Each fires as his own zone allows (5F); the planet's radioactivity is the same (5G).
    usable = landing_zones.ship_usable(race, other.landing.zone)
    attack = (fire_attack(other, theirs.fire, crews_moving, race, party.suit, usable,
                          board.settings) if race else 0)
    board.joint_fired.update((me.id, other.id))
    return Ally(other, theirs.fire, attack)


def reembark(party: Party) -> None:
    """Crews come back aboard; the landing's points are paid if at least one complete crew
    re-embarks and crews were on the ground for a move (3I c, 4 general note)."""
    down = list(party.landing.crews_down)
    complete_crews = combat.complete_crews(party.ship.crews, down,
                                           party.ruleset.ships[party.ship.type].crew_men)
    party.emit("crews", action="embarked", count=len(down), complete=complete_crews)
    party.set_landing(crews_down=(), robur_crew=None)
    pay_points(party, complete_crews)


def pay_points(party: Party, complete_crews: int) -> None:
    landing = party.landing
    if landing.pending <= 0:
        return
    level = party.ruleset.ships[party.ship.type].level
    if party.planet.known:
        # A colleague took off first: the planet is known and gives no more points (3H).
        party.emit("points-lost", mission=landing.pending_for, gross=landing.pending,
                   reason=Said("the planet became known when a ship took off from it"))
    elif not landing.crews_were_down or complete_crews == 0:
        party.emit("points-lost", mission=landing.pending_for, gross=landing.pending,
                   reason=Said("no complete crew re-embarked") if landing.crews_were_down
                   else Said("no crew was on the ground"))
    else:
        # 5E c: a scientist of the planet's kingdom adds his value before the level goes.
        scientist = specialists.scientist_bonus(party.officer, party.race())
        net = landing.pending + scientist - level
        if rulings.AWARD_NEVER_NEGATIVE:
            net = max(0, net)
        party.officer = replace(party.officer, score=party.officer.score + net)
        party.emit("points", mission=landing.pending_for, gross=landing.pending, level=level, net=net,
                   total=party.officer.score, scientist=scientist)
        party.emit("points-won", PUBLIC, officer_name=party.officer.name,
                   mission=landing.pending_for, net=net)
    party.set_landing(pending=0, pending_for="")


# --- the rescue return -------------------------------------------------------------------

def rescue(board: Board, officer: Officer, ruleset: Ruleset, reason: str) -> Officer:
    """Rescue return (3F c): officer and crews through the hyperspace gate to the base, one
    rank down (not below the lowest), score 0, a new ship of a lower level."""
    return demote(board, officer, ruleset, reason)


# --- lawfulness of landing and ground orders ----------------------------------------------

GROUND_ORDERS = ("SHIELDS", "CREWS", "FIRE", "TARGET")


def _cooperation_problems(orders: Orders, officer: Officer,
                          colleagues: Mapping[str, Officer]) -> list[Problem]:
    """FIRE ... WITH name: a colleague landed on the same planet (landings are public)."""
    name = orders.cooperate or ""
    other = colleagues.get(name.casefold())
    if other is None or other.id == officer.id:
        return [orders.problem(
            "FIRE", Said("no colleague named %(name)s", name=name),
            Said("write FIRE ... WITH and the name of another officer"), private=False)]
    if other.landing is None or other.landing.planet != officer.landing.planet:
        return [orders.problem(
            "FIRE", Said("%(name)s is not on the ground of this planet", name=other.name),
            Said("fire with a colleague landed on the same planet, or delete WITH ..."))]
    return []


def landing_problems(orders: Orders, officer: Officer, ruleset: Ruleset,
                     colleagues: Mapping[str, Officer] | None = None,
                     outer: bool = False) -> list[Problem]:
    """What the check can know before the move (3D a, c, d; 3G a, b): no landing without a
    route, no crew under 3 men lands, never with the shields on, never in a take-off move;
    the lasers never fire while crews land or re-embark; nobody fires who cannot."""
    found: list[Problem] = []
    colleagues = colleagues or {}
    ship = officer.ship
    landing = officer.landing
    on_ground = landing is not None
    crew_men = ruleset.ships[ship.type].crew_men

    if orders.land:
        if on_ground and outer:
            # Outer space: LAND on the ground re-lands on the planet (5F; `landing_zones`).
            for keyword in GROUND_ORDERS:
                if keyword in orders.lines:
                    found.append(orders.problem(
                        keyword, Said("%(keyword)s is a ground order, and a re-landing's attitude "
                                      "says what happens on landing", keyword=keyword),
                        Said("delete the line")))
        elif on_ground:
            found.append(orders.problem(
                "LAND", Said("you are already on the ground"),
                Said("delete LAND; give the ground orders (SHIELDS, CREWS, FIRE, MISSION)")))
        elif not orders.route and not orders.given("ROUTE"):
            found.append(orders.problem(
                "LAND", Said("LAND goes with the route that ends on the planet"),
                Said("write the landing route, e.g. ROUTE 1 SW, with LAND")))
        _, crews_go, fire_with = ATTITUDES[orders.attitude]
        if crews_go:
            complete = combat.complete_crews(ship.crews, range(len(ship.crews)), crew_men)
            wanted = orders.land_crews or complete
            if complete == 0:
                found.append(orders.problem(
                    "LAND", Said("attitude %(attitude)s lands crews, and no crew has %(crew_men)s "
                                 "men (no crew under %(crew_men)s men lands)",
                                 attitude=orders.attitude, crew_men=crew_men),
                    Said("write LAND A or LAND B")))
            elif wanted > complete:
                found.append(orders.problem(
                    "LAND", Said("only %(complete)s complete crew(s) of %(crew_men)s men can land",
                                 complete=complete, crew_men=crew_men),
                    Said("write LAND %(attitude)s %(complete)s", attitude=orders.attitude,
                         complete=complete)))
        elif orders.land_crews is not None:
            found.append(orders.problem(
                "LAND", Said("attitude %(attitude)s lands no crew", attitude=orders.attitude),
                Said("write LAND %(attitude)s, or LAND C %(land_crews)s to land crews",
                     attitude=orders.attitude, land_crews=orders.land_crews)))
        if "lasers" in fire_with and ship.lasers == 0:
            found.append(orders.problem(
                "LAND", Said("attitude B fires the ship's lasers, and the ship has none"),
                Said("write LAND A (shields on, no fire)")))

    if not on_ground:  # most ships of a move: no ground order is lawful, and no more is asked
        if orders.lines.keys().isdisjoint(GROUND_ORDERS):  # and most give none
            return found
        for keyword in GROUND_ORDERS:
            if keyword not in orders.lines:
                continue
            if keyword == "FIRE" and orders.fire_alien and not orders.fire:
                continue  # FIRE ALIEN is fired in space (`alien_ship`)
            if keyword == "SHIELDS" and outer and not orders.land:
                continue  # 5C b: the shields are the defence against the alien ship in space
            why = (Said("the landing attitude says what happens on landing") if orders.land
                   else Said("you are not on the ground"))
            fix = (Said("delete the line") if orders.land else
                   Said("delete the line, or land first with LAND and a route ending on a planet"))
            found.append(orders.problem(
                keyword, Said("%(keyword)s is a ground order, and %(why)s", keyword=keyword,
                              why=why),
                fix))
        return found

    # On the ground: the crews down and aboard, the fire and the take-off.
    down = landing.crews_down
    aboard = sum(1 for i, men in enumerate(ship.crews) if men >= crew_men and i not in down)
    fire = set(orders.fire)
    taking_off = bool(orders.route)
    crews_land = orders.crews_land is not None
    if crews_land:
        if orders.shields:
            found.append(orders.problem(
                "SHIELDS", Said("crews cannot land with the shields on"),
                Said("write SHIELDS OFF (or leave SHIELDS out) when crews land")))
        wanted = orders.crews_land or aboard
        if aboard == 0:
            found.append(orders.problem(
                "CREWS", Said("no complete crew of %(crew_men)s men is aboard to land (no crew "
                              "under %(crew_men)s men lands)",
                              crew_men=crew_men),
                Said("delete CREWS LAND")))
        elif wanted > aboard:
            found.append(orders.problem(
                "CREWS", Said("only %(aboard)s complete crew(s) of %(crew_men)s men aboard can "
                              "land", aboard=aboard,
                              crew_men=crew_men),
                Said("write CREWS LAND %(aboard)s", aboard=aboard)))
        if taking_off:
            found.append(orders.problem(
                "CREWS", Said("crews cannot land in the move the ship takes off"),
                Said("land the crews this move and take off another, or delete CREWS LAND")))
    if orders.crews_embark:
        if not down:
            found.append(orders.problem("CREWS", Said("no crew is on the ground"),
                                        Said("delete CREWS EMBARK")))
        if orders.shields:
            found.append(orders.problem(
                "SHIELDS", Said("crews cannot re-embark with the shields on"),
                Said("write SHIELDS OFF (or leave SHIELDS out)")))
        if fire:
            found.append(orders.problem("FIRE", Said("withdrawing crews do not fire"),
                                        Said("delete FIRE")))
    if crews_land and "lasers" in fire:
        found.append(orders.problem(
            "FIRE", Said("the ship's lasers never fire while crews land or re-embark"),
            Said("write FIRE CREWS, or move the crews another move")))
    elif fire and not orders.crews_embark and rulings.NO_FIRE_WITHOUT_A_SHOT:
        # Fire nobody can deliver is no fire: no shot, no hostility, no answer (4 I).
        lasers = "lasers" in fire and ship.lasers > 0
        crews = "crews" in fire and (bool(down) or crews_land)
        if not (lasers or crews):
            if fire == {"crews"}:
                found.append(orders.problem(
                    "FIRE", Said("no crew is on the ground to fire"),
                    Said("land crews first (CREWS LAND), or write FIRE LASERS")))
            elif fire == {"lasers"}:
                found.append(orders.problem(
                    "FIRE", Said("the ship has no lasers to fire"),
                    Said("land crews and write FIRE CREWS, or delete FIRE")))
            else:
                found.append(orders.problem(
                    "FIRE", Said("nobody can fire: no lasers on board and no crew on the ground"),
                    Said("delete FIRE")))
    if orders.route and down and not orders.crews_embark and not orders.given("CREWS"):
        found.append(orders.problem(
            "ROUTE", Said("your crews are on the ground: the ship cannot take off without them"),
            Said("add CREWS EMBARK to take them aboard in this move")))
    if orders.cooperate is not None:
        found += _cooperation_problems(orders, officer, colleagues)
    if orders.targets is not None:
        if orders.targets == 0 and rulings.NO_FIRE_WITHOUT_A_SHOT:
            found.append(orders.problem(
                "TARGET", Said("TARGET 0 fires at nobody"),
                Said("write TARGET 1 or more, or delete the line")))
        elif not fire and orders.mission != "elimination":
            found.append(orders.problem(
                "TARGET", Said("TARGET chooses whom your fire strikes, and there is no fire this "
                               "move"),
                Said("add FIRE (or MISSION ELIMINATION), or delete TARGET")))
    return found
