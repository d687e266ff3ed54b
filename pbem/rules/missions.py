"""The missions of section 4: each with its table and its three outcomes.

Elimination is fire (TAB. A, in `landing.legio_fire`); the others are here: capture
(TAB. D), alliance (TAB. E), intimidation (TAB. F then G), commerce (TAB. H) and the
riskless collection of OZ minerals and SECOR plants. One mission type per landing, with
elimination always allowed as a fallback (3H).
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from . import combat, landing_zones, personality, rulings, specialists
from .encounter_guide import Race
from .events import PUBLIC
from .ground import Party, alien_fire, crew_bonus, damage
from .orders import Orders, Problem
from .said import Said, saying
from .state import Landing, Officer, Planet

MISSIONS = ("elimination", "capture", "alliance", "intimidation", "commerce", "collect",
            "technology")
# The missions as the reports name them (`said` in the templates), for extraction.
saying("elimination"), saying("capture"), saying("alliance"), saying("intimidation")
saying("commerce"), saying("collect"), saying("technology")
TECHNOLOGY = "technology"  # 5E c: technological research, which a scientist officer allows
# Why a mission cannot be attempted, with values (the events keep the words; `said.read`
# reads them back).
NOTHING_TO_COLLECT = saying("there is nothing to collect on %(planet)s")
ONE_TYPE = saying("one mission type per landing: this landing's mission is %(mission)s")
NOT_CAPTURABLE = saying("the %(race)s cannot be captured")
NO_ALLIANCES = saying("the %(race)s make no alliances")
PROPOSALS_REFUSED = saying("%(proposals)s alliance proposals were not accepted: no more are "
                           "possible")
NOT_INTIMIDABLE = saying("the %(race)s cannot be intimidated")
NO_TECHNOLOGY = saying("the %(race)s have no technological level to research (only sub "
                       "civiles and civiles that have one)")
NOT_MERCHANTS = saying("the %(race)s are not merchants")
COMMERCE_LIMIT = saying("commerce lasts at most %(moves)s consecutive moves")
CREWS_ALONE = saying("in the %(zone)s, where the %(race)s cannot live, only landed crews carry "
                     "out missions: land crews first")


class Refusal(NamedTuple):
    """Why a mission cannot be attempted: a code for the tests and the GM, and the words."""

    why: str
    reason: str


# What the check cannot know before the move, even for a ship already on the ground: new
# aliens may arrive and hostile ones attack first (S.C. rule G c, 4 I c).
UNFORESEEABLE = frozenset({"no-alien", "not-attacked"})


def refusal(mission: str, race: Race | None, landing: Landing, planet: Planet,
            officer: Officer | None = None) -> Refusal | None:
    """Why this mission cannot be attempted now against what was found, or None: what the
    race forbids first, then what the landing has spent, then the aliens and crews now."""
    if race is None:
        return Refusal("lifeless", Said("nothing lives there"))
    if mission == "collect":
        return None if race.riskless else Refusal(
            "nothing-to-collect", Said(NOTHING_TO_COLLECT, planet=planet.designation))
    if race.riskless:
        return Refusal("collect-only",
                       Said("only collection is possible here (CREWS LAND collects)"))
    if landing.mission and mission not in (landing.mission, "elimination"):
        return Refusal("one-type", Said(ONE_TYPE, mission=Said(landing.mission)))
    if mission == "capture" and (race.klass != "non-sapiens" or not race.capturable):
        return Refusal("not-capturable", Said(NOT_CAPTURABLE, race=race.name))
    if mission == "alliance":
        if race.civility not in ("civiles", "super-civiles") or not race.alliance_factor:
            return Refusal("no-alliance", Said(NO_ALLIANCES, race=race.name))
        if officer is not None and specialists.forbids_alliances(officer):
            return Refusal("robur", Said("a Princeps ROBUR is aboard: no alliance of any kind "
                                         "is possible (5E b)"))
        if landing.fired:
            return Refusal("fired", Said("you opened fire: no alliance is possible"))
        if landing.alliance_failures >= rulings.ALLIANCE_ATTEMPTS:
            return Refusal("alliance-failed", Said(PROPOSALS_REFUSED,
                                                   proposals=rulings.ALLIANCE_ATTEMPTS))
    if mission == "intimidation" and race.civility not in ("sub-civiles", "civiles"):
        return Refusal("not-intimidable", Said(NOT_INTIMIDABLE, race=race.name))
    if mission == TECHNOLOGY:
        if officer is None or specialists.aboard(officer, specialists.SCIENTIST) is None:
            return Refusal("no-scientist", Said("technological research needs a scientist "
                                                "officer aboard (5E c)"))
        if race.civility not in ("sub-civiles", "civiles") or race.technological_level is None:
            return Refusal("no-technology", Said(NO_TECHNOLOGY, race=race.name))
    if mission == "commerce":
        if not race.merchant:
            return Refusal("not-merchants", Said(NOT_MERCHANTS, race=race.name))
        if landing.commerce_moves >= rulings.COMMERCE_MOVES:
            return Refusal("commerce-limit", Said(COMMERCE_LIMIT, moves=rulings.COMMERCE_MOVES))
    if (mission in ("intimidation", "commerce") and not landing.crews_down
            and not landing_zones.ship_usable(race, landing.zone)):
        # 5F: "the missions will therefore be carried out only by landing Crews".
        return Refusal("crews-alone", Said(CREWS_ALONE, zone=landing.zone, race=race.name))
    if not planet.aliens:
        return Refusal("no-alien", Said("no alien is left"))
    if mission in ("capture", "alliance", TECHNOLOGY) and not landing.crews_down:
        return Refusal("no-crews-down", {
            "capture": Said("capture is done by crews on the ground"),
            "alliance": Said("an alliance needs at least one crew on the ground"),
            TECHNOLOGY: Said("the scientist goes down with the crews: land at least one crew"),
        }[mission])
    if mission in ("capture", "alliance", "intimidation") and planet.hostile and not landing.attacked:
        return Refusal("not-attacked", {
            "capture": Said("hostile aliens can be captured only after they have attacked you"),
            "alliance": Said("hostile aliens listen only after you have sustained their attack"),
            "intimidation": Said("aggressive aliens can be intimidated only after you endured "
                                 "their attack"),
        }[mission])
    return None


def attempt(party: Party, mission: str, targets: int | None) -> None:
    race = party.race()
    refused = refusal(mission, race, party.landing, party.planet, party.officer)
    if refused:
        # Only the move could reveal it: reported, never silently ignored.
        party.emit("mission-refused", mission=mission, reason=refused.reason, why=refused.why)
        return
    if mission != "elimination" and party.landing.mission is None:
        party.set_landing(mission=mission)
    {
        "capture": capture,
        "alliance": alliance,
        "intimidation": intimidation,
        "commerce": commerce,
        "collect": collect,
        TECHNOLOGY: technology,
    }[mission](party, race, targets)


def outcome(party: Party, table_id: str, value: int, detail: str, mission: str,
            subtract: int = 0) -> tuple[str | int, int]:
    """One roll on a mission's table; `subtract` is the personality taken from the face
    (5D b, d), the modified face kept on the die (ruling MODIFIED_ROLLS_CLAMPED)."""
    table = party.ruleset.tables[table_id]
    face = party.roll(table.die, mission, f"TAB. {table_id} {detail}".strip())
    read = personality.modified(face, subtract, table.die) if subtract else face
    result = table.result(value, read)
    party.emit("mission", mission=mission, table=table_id, column=table.label(value),
               die=table.die, roller=table.roller, face=face, result=result,
               **({"modified": read, "personality": subtract} if subtract else {}))
    return result, face


def capture(party: Party, race: Race, targets: int | None) -> None:
    """TAB. D, crews only and without individual weapons. Yes: captured (wounded: half the
    points); -: nothing; No: the alien attacks at once, without response (4 II)."""
    aliens = list(party.planet.aliens)
    # The S.C. lets the party pick the weakest: a wounded one if there is any.
    i = min(range(len(aliens)), key=lambda k: aliens[k])
    crews = list(party.landing.crews_down)
    # 5D c: the personality counts for the capture as for combat; so does a ROBUR (5E b).
    men = (combat.crew_attack(party.ship, crews, race.life, weapons=False, suit=party.suit)
           + crew_bonus(party, crews))
    result, _ = outcome(party, "D", men - aliens[i] - party.alien_bonus, "capture", "capture")
    if result == "Yes":
        wounded = aliens[i] < race.fc
        points = race.points.get("capture", 0)
        points = points // 2 if wounded else points
        del aliens[i]
        party.set_planet(aliens=tuple(aliens))
        party.set_landing(pending=max(party.landing.pending, points),
                          pending_for="capture")
        party.emit("captured", wounded=wounded, points=points)
        party.emit("capture", PUBLIC, officer_name=party.officer.name, race=race.name,
                   wounded=wounded)
        if not party.planet.hostile:
            return
    elif result == "No":
        if rulings.CAPTURE_NO_ONLY_THE_SUBJECT_ATTACKS:
            alien_fire(party, aliens=(aliens[i],))  # the others keep their disposition
        else:
            party.set_planet(hostile=True)
            alien_fire(party)


def alliance(party: Party, race: Race, targets: int | None) -> None:
    """TAB. E by F.ALL.: Yes, allied (VAL. points); -, try again next move; No, the pestered
    aliens attack without response; after two unsuccessful attempts no more (4 III)."""
    result, _ = outcome(party, "E", race.alliance_factor or 0, "alliance", "alliance",
                        personality.of(party.officer, party.board.settings))
    if result == "Yes":
        party.set_planet(hostile=False)
        party.set_landing(pending=race.alliance_value or 0, pending_for="alliance")
        party.emit("alliance", PUBLIC, officer_name=party.officer.name, race=race.name)
        return
    if result == "No" or rulings.ALLIANCE_DASH_IS_UNSUCCESSFUL:
        party.set_landing(alliance_failures=party.landing.alliance_failures + 1)
    if result == "No":
        party.set_planet(hostile=True)
        alien_fire(party)


def intimidation(party: Party, race: Race, targets: int | None) -> None:
    """TAB. F, a theoretical combat with lasers or crews; Yes, veneration points on TAB. G;
    -, try later; No, they counterattack, unless aggressive from the start (No counts as -)."""
    # The ship's lasers show the Legio's strength, except while crews land or re-embark,
    # when they cannot fire (3D c); the crews on the ground always can.
    # In the race's non-vital zone the ship's F.C. cannot be used at all (5F).
    lasers = not party.crews_moving and party.ship_usable
    attack = combat.ship_attack(party.ship, party.technology("attack")) if lasers else 0
    if party.landing.crews_down:
        crews = list(party.landing.crews_down)
        attack += (combat.crew_attack(party.ship, crews, race.life, suit=party.suit)
                   + crew_bonus(party, crews))
    defence = sum(party.planet.aliens) + party.alien_bonus * len(party.planet.aliens)
    aggressive_from_start = race.disposition == "hostile"  # not made so by the Legio
    result, _ = outcome(party, "F", attack - defence, "intimidation", "intimidation")
    if result == "Yes":
        # 5D d: the personality is taken from the veneration roll, not from TAB. F's.
        points, _ = outcome(party, "G", 0, "veneration", "veneration",
                            personality.of(party.officer, party.board.settings))
        party.set_landing(pending=max(party.landing.pending, int(points)), pending_for="intimidation")
    elif result == "No" and not aggressive_from_start:
        party.set_planet(hostile=True)
        alien_fire(party)


def commerce(party: Party, race: Race, targets: int | None) -> None:
    """TAB. H by the merchants' F.C.: points bought, or negative points as damage (4 V); in
    outer space TAB. I, by the merchants' F.C. plus the personality (5D e)."""
    party.set_landing(commerce_moves=party.landing.commerce_moves + 1)
    table = personality.commerce_table(party.board.settings)
    # The merchants' F.C. is their skill, the bonus of their preferred zone included (5F).
    value = race.fc + (party.alien_bonus if rulings.PREFERRED_BONUS_IN_COMMERCE else 0)
    if table == personality.COMMERCE_OUTER and rulings.COMMERCE_BY_FC_AND_PERSONALITY:
        value += personality.of(party.officer, party.board.settings)
    result, _ = outcome(party, table, value, "commerce", "commerce")
    value = int(result)
    if value >= 0:
        party.set_landing(pending=party.landing.pending + value, pending_for="commerce")
    else:
        damage(party, -value)


def technology(party: Party, race: Race, targets: int | None) -> None:
    """5E c: technological research, read on TAB. R by the race's technological level
    (ruling TECHNOLOGY_READ_BY_LEVEL); the points wait for the re-embarking."""
    level = (race.technological_level or 0) if rulings.TECHNOLOGY_READ_BY_LEVEL else 0
    points, _ = outcome(party, "R", level, "technology", TECHNOLOGY)
    party.set_landing(pending=max(party.landing.pending, int(points)), pending_for=TECHNOLOGY)


def collect(party: Party, race: Race, targets: int | None) -> None:
    """OZ minerals and SECOR plants: points without risk once crews are down (3H)."""
    if party.landing.crews_down:
        party.set_landing(pending=race.points.get("collect", 0), pending_for="collect")
    else:
        party.emit("mission-refused", mission="collect", reason=Said("land crews (CREWS LAND) to collect"),
                   why="no-crews-down")


# --- lawfulness of MISSION orders ----------------------------------------------------------


def mission_problems(orders: Orders, officer: Officer, planet: Planet | None,
                     race: Race | None) -> list[Problem]:
    """What the check can know of a mission before the move: the combinations the rules
    forbid, and, for a ship already on the ground (the race is known then), every refusal
    that does not wait on the dice."""
    mission = orders.mission
    if mission is None:
        return []
    landing = officer.landing
    found: list[Problem] = []
    if landing is None and not orders.land:
        return [orders.problem(
            "MISSION", Said("MISSION %(value)s while not landed", value=mission.upper()),
            Said("land first: a route ending on the planet with LAND, then the mission"))]
    fires = bool(orders.fire) or orders.attitude in ("B", "D")
    if orders.crews_embark:
        found.append(orders.problem(
            "MISSION", Said("crews re-embarking carry out no mission (a mission takes a move on "
                            "the ground, 3G b)"),
            Said("delete MISSION, or keep the crews down another move")))
    elif landing is not None and orders.route:
        found.append(orders.problem(
            "MISSION", Said("the ship takes off this move: no mission (a mission takes a move on "
                            "the ground, 3G b)"),
            Said("delete MISSION, or take off another move")))
    elif mission == "elimination" and orders.attitude in ("A", "C"):
        # 3G a: the attitude decides who fires when landing; A and C do not fire.
        found.append(orders.problem(
            "MISSION", Said("attitude %(attitude)s lands without fire, and an elimination is fire",
                            attitude=orders.attitude),
            Said("write LAND B (lasers fire) or LAND D (crews fire), or give MISSION ELIMINATION "
                 "next move")))
    elif mission not in ("elimination", "collect") and fires:
        # 4 I: opening fire makes the move an elimination; an alliance is proposed without.
        fix = (Said("delete FIRE") if orders.fire else
               Said("write LAND %(attitude)s (no fire)",
                    attitude="C" if orders.attitude == "D" else "A"))
        firing = ("FIRE" if orders.fire else
                  Said("attitude %(attitude)s", attitude=orders.attitude))
        found.append(orders.problem(
            "MISSION", Said("%(firing)s opens fire, and the %(mission)s is attempted without fire",
                            firing=firing, mission=Said(mission)),
            fix))
    crews_down = bool(landing and landing.crews_down) or orders.crews_land is not None or (
        orders.attitude in ("C", "D"))
    if mission in ("capture", "alliance", "collect", TECHNOLOGY) and not crews_down:
        what = {"capture": Said("capture is done by crews"),
                "alliance": Said("an alliance is proposed by crews"),
                "collect": Said("what is collected is picked up by crews"),
                TECHNOLOGY: Said("the scientist officer does his research with the crews")
                }[mission]
        found.append(orders.problem(
            "MISSION", Said("%(what)s on the ground", what=what),
            Said("land crews first (CREWS LAND, or LAND C)")))
    # A re-landing (outer space, 5F) rolls a new zone: the one the ship stands in now tells
    # nothing of what the lasers may do there.
    relanding = landing is not None and orders.land
    usable = relanding or landing is None or landing_zones.ship_usable(race, landing.zone)
    if mission == "alliance" and specialists.forbids_alliances(officer):
        found.append(orders.problem(
            "MISSION", Said("a Princeps ROBUR is aboard: no alliance of any kind is possible (5E "
                            "b)"),
            Said("choose another mission, or leave him at the base (SPECIALIST NONE there)")))
    if mission == TECHNOLOGY and specialists.aboard(officer, specialists.SCIENTIST) is None:
        found.append(orders.problem(
            "MISSION", Said("technological research needs a scientist officer aboard (5E c)"),
            Said("embark one at the base (SPECIALIST SCIENTIST kingdom value), or choose another "
                 "mission")))
    if mission == "elimination" and landing is not None and not crews_down and (
            officer.ship.lasers == 0):
        found.append(orders.problem(
            "MISSION", Said("nobody can fire: no lasers on board and no crew on the ground"),
            Said("land crews first (CREWS LAND)")))
    elif mission == "elimination" and landing is not None and not crews_down and not usable:
        found.append(orders.problem(
            "MISSION", Said("in the %(zone)s, where the %(name)s cannot live, the ship's lasers "
                            "cannot be used and no crew is on the ground",
                            zone=landing.zone, name=race.name),
            Said("land crews first (CREWS LAND)")))
    if landing is not None and planet is not None and not found:
        # On the ground the race is known: every refusal the dice cannot change is told now,
        # judged as the landing will stand once this move's crews are down.
        after = landing_zones.relanded(landing) if relanding else landing
        if (orders.crews_land is not None or orders.attitude in ("C", "D")) and not after.crews_down:
            after = replace(after, crews_down=(0,))
        refused = refusal(mission, race, after, planet, officer)
        if refused is not None and refused.why not in UNFORESEEABLE:
            found.append(orders.problem(
                "MISSION", refused.reason, Said("delete MISSION, or choose another mission")))
    return found
