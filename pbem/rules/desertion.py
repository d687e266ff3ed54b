"""Desertion (rulebook 3D a, 5D f): "Every time he lands crews by landing on a planet with
SAPIENS-CIVILES life forms, the U.C. will check a random Factor (6), adding to it his own
personality score. For each point above 7 one man of the Crew landed in any mission
deserts (for example 9 corresponds to the desertion of 2 men, being 7 + 2)."

Only in outer space, only the crews that have just gone down, recorded like losses (and
charged like them on SPATHA and HASTA); "There can be no desertions among Crews that are
not landed."
"""

from __future__ import annotations

from . import combat, rulings
from .encounter_guide import Race
from .ground import Party, lose_crew_men
from .outer_space import explored
from .personality import of as personality_of

DIE = 6
ABOVE = 7  # each point of d6 + personality above 7 is one man gone


def deserters(face: int, personality: int) -> int:
    """Men who desert for this roll: 9 means 2."""
    return max(0, face + personality - ABOVE)


def tempts(race: Race | None) -> bool:
    """A planet of SAPIENS-CIVILES: the civiles only (ruling DESERTION_ONLY_AMONG_CIVILES)."""
    if race is None or race.klass != "sapiens":
        return False
    if rulings.DESERTION_ONLY_AMONG_CIVILES:
        return race.civility == "civiles"
    return race.civility in ("sub-civiles", "civiles", "super-civiles")


def crews_land(party: Party, going: list[int]) -> None:
    """The roll when crews go down (attitude C or D, or CREWS LAND), and the men lost."""
    if not going or not explored(party.board.settings) or not tempts(party.race()):
        return
    personality = personality_of(party.officer, party.board.settings)
    face = party.roll(DIE, "desertion", "desertion")
    gone = deserters(face, personality)
    crews, lost = combat.lose_men(party.ship.crews, going, gone)
    party.emit("desertion", die=DIE, face=face, personality=personality, above=ABOVE,
               men=lost)
    if lost:
        lose_crew_men(party, crews, lost)
