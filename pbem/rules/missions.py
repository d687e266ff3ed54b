"""The missions of section 4: each with its table and its three outcomes.

Elimination is fire (TAB. A, in `landing.legio_fire`); the others are here: capture
(TAB. D), alliance (TAB. E), intimidation (TAB. F then G), commerce (TAB. H) and the
riskless collection of OZ minerals and SECOR plants. One mission type per landing, with
elimination always allowed as a fallback (3H).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import combat
from .events import PUBLIC
from .landing import alien_fire, damage, legio_fire

if TYPE_CHECKING:
    from .encounter_guide import Race
    from .landing import Party

MISSIONS = ("elimination", "capture", "alliance", "intimidation", "commerce", "collect")


def refusal(party: "Party", mission: str, race: "Race | None") -> str | None:
    """Why this mission cannot be attempted now against what was found, or None."""
    landing, planet = party.landing, party.planet
    if race is None:
        return "nothing lives there"
    if landing.mission and mission not in (landing.mission, "elimination"):
        return f"one mission type per landing: this landing's mission is {landing.mission}"
    if mission == "collect":
        return None if race.riskless else f"there is nothing to collect on {planet.designation}"
    if race.riskless:
        return "only collection is possible here (CREWS LAND collects)"
    if not planet.aliens and mission != "elimination":
        return "no alien is left"
    crews_down = bool(landing.crews_down)
    if mission == "elimination":
        return None if planet.aliens else "no alien is left"
    if mission == "capture":
        if race.klass != "non-sapiens" or not race.capturable:
            return f"the {race.name} cannot be captured"
        if not crews_down:
            return "capture is done by crews on the ground"
        if planet.hostile and not landing.attacked:
            return "hostile aliens can be captured only after they have attacked you"
        return None
    if mission == "alliance":
        if race.civility not in ("civiles", "super-civiles") or not race.alliance_factor:
            return f"the {race.name} make no alliances"
        if not crews_down:
            return "an alliance needs at least one crew on the ground"
        if landing.fired:
            return "you opened fire: no alliance is possible"
        if landing.alliance_failures >= 2:
            return "two alliance proposals failed: no more are possible"
        if planet.hostile and not landing.attacked:
            return "hostile aliens listen only after you have sustained their attack"
        return None
    if mission == "intimidation":
        if race.civility not in ("sub-civiles", "civiles"):
            return f"the {race.name} cannot be intimidated"
        if planet.hostile and not landing.attacked:
            return "aggressive aliens can be intimidated only after you endured their attack"
        return None
    if mission == "commerce":
        if not race.merchant:
            return f"the {race.name} are not merchants"
        if landing.commerce_moves >= 2:
            return "commerce lasts at most two consecutive moves"
        return None
    return f"unknown mission {mission}"


def attempt(party: "Party", mission: str, targets: int | None) -> None:
    race = party.race()
    reason = refusal(party, mission, race)
    if reason:
        # Only the move could reveal it: reported, never silently ignored.
        party.emit("mission-refused", mission=mission, reason=reason)
        return
    if mission != "elimination" and party.landing.mission is None:
        party.set_landing(mission=mission)
    {
        "elimination": elimination,
        "capture": capture,
        "alliance": alliance,
        "intimidation": intimidation,
        "commerce": commerce,
        "collect": collect,
    }[mission](party, race, targets)


def outcome(party: "Party", table_id: str, value: int, detail: str, mission: str) -> tuple[str | int, int]:
    table = party.ruleset.tables[table_id]
    face = party.roll(table.die, mission, f"TAB. {table_id} {detail}".strip())
    result = table.result(value, face)
    party.emit("mission", mission=mission, table=table_id, column=table.label(value),
               die=table.die, face=face, result=result)
    return result, face


def elimination(party: "Party", race: "Race", targets: int | None) -> None:
    """Fire with whatever can fire: crews on the ground, else the ship's lasers."""
    fire_with = ("crews",) if party.landing.crews_down else ("lasers",)
    hostile = party.planet.hostile
    before = party.planet.aliens
    legio_fire(party, fire_with, targets)
    alien_fire(party, aliens=before if hostile else None)


def capture(party: "Party", race: "Race", targets: int | None) -> None:
    """TAB. D, crews only and without individual weapons. Yes: captured (wounded: half the
    points); -: nothing; No: the alien attacks at once, without response (4 II)."""
    aliens = list(party.planet.aliens)
    # The S.C. lets the party pick the weakest: a wounded one if there is any.
    i = min(range(len(aliens)), key=lambda k: aliens[k])
    men = combat.crew_attack(party.ship, list(party.landing.crews_down), race.life, weapons=False)
    result, _ = outcome(party, "D", men - aliens[i], "capture", "capture")
    if result == "Yes":
        wounded = aliens[i] < race.fc
        points = race.points.get("capture", 0)
        points = points // 2 if wounded else points
        del aliens[i]
        party.set_planet(aliens=tuple(aliens))
        party.set_landing(captured=True, pending=max(party.landing.pending, points),
                          pending_for="capture")
        party.emit("captured", wounded=wounded, points=points)
        if not party.planet.hostile:
            return
    elif result == "No":
        party.set_planet(hostile=True)
        alien_fire(party, aliens=(aliens[i],))


def alliance(party: "Party", race: "Race", targets: int | None) -> None:
    """TAB. E by F.ALL.: Yes, allied (VAL. points); -, try again next move; No, the pestered
    aliens attack without response; after two failures no more proposals (4 III)."""
    result, _ = outcome(party, "E", race.alliance_factor or 0, "alliance", "alliance")
    if result == "Yes":
        party.set_planet(hostile=False)
        party.set_landing(pending=race.alliance_value or 0, pending_for="alliance")
        party.emit("alliance", PUBLIC, officer_name=party.officer.name, race=race.name)
    elif result == "No":
        party.set_landing(alliance_failures=party.landing.alliance_failures + 1)
        party.set_planet(hostile=True)
        alien_fire(party)


def intimidation(party: "Party", race: "Race", targets: int | None) -> None:
    """TAB. F, a theoretical combat with lasers or crews; Yes, veneration points on TAB. G;
    -, try later; No, they counterattack, unless aggressive from the start (No counts as -)."""
    attack = combat.ship_attack(party.ship, party.technology("attack"))
    if party.landing.crews_down:
        attack += combat.crew_attack(party.ship, list(party.landing.crews_down), race.life)
    defence = sum(party.planet.aliens)
    aggressive_from_start = race.disposition == "hostile"  # not made so by the Legio
    result, _ = outcome(party, "F", attack - defence, "intimidation", "intimidation")
    if result == "Yes":
        points, _ = outcome(party, "G", 0, "veneration", "veneration")
        party.set_landing(pending=max(party.landing.pending, int(points)), pending_for="intimidation")
    elif result == "No" and not aggressive_from_start:
        party.set_planet(hostile=True)
        alien_fire(party)


def commerce(party: "Party", race: "Race", targets: int | None) -> None:
    """TAB. H by the merchants' F.C.: points bought, or negative points as damage (4 V)."""
    party.set_landing(commerce_moves=party.landing.commerce_moves + 1)
    result, _ = outcome(party, "H", race.fc, "commerce", "commerce")
    value = int(result)
    if value >= 0:
        party.set_landing(pending=party.landing.pending + value, pending_for="commerce")
    else:
        damage(party, -value)


def collect(party: "Party", race: "Race", targets: int | None) -> None:
    """OZ minerals and SECOR plants: points without risk once crews are down (3H)."""
    if party.landing.crews_down:
        party.set_landing(pending=race.points.get("collect", 0), pending_for="collect")
    else:
        party.emit("mission-refused", mission="collect", reason="land crews (CREWS LAND) to collect")
