"""Landing risks and radioactivity (rulebook 5G, S.C. advanced rules B and C).

In outer space the central computer no longer guides landings: the mass of the planet may
damage the ship on every landing (TAB. O, checked by the officer himself), and the
radioactivity the S.C. gives with the first information (0, alpha or beta, with the type
of atmosphere) slows the landed crews in their anti-radiation suits.
"""

from __future__ import annotations

from .dice import OFFICER as SEEN_BY_OFFICER
from .dice import PUBLIC as SEEN_BY_ALL
from .dice import Dice
from .information_sheet import RADIOACTIVITY, InformationSheet
from .tables import RowTable

NONE, ALPHA, BETA = RADIOACTIVITY  # S.C. rule B: non-existent, 1st level, 2nd level
# S.C. rule B: the BIMPER suit protects from alpha rays and takes 1 point from a crew's F.C.
# (2 instead of 3), the LEGGY suit from beta rays and takes 2 (1 instead of 3).
SUITS: dict[str, tuple[str, int]] = {ALPHA: ("BIMPER", 1), BETA: ("LEGGY", 2)}


def suit(radioactivity: str | None) -> tuple[str, int] | None:
    """The suit landed crews wear on a planet of this radioactivity, and what it costs each
    crew in F.C.; None where none is needed."""
    return SUITS.get(radioactivity or NONE)


def suit_penalty(radioactivity: str | None) -> int:
    worn = suit(radioactivity)
    return worn[1] if worn else 0


def survey(sheet: InformationSheet, planet_type: str, dice: Dice, designation: str,
           officer: int | None) -> tuple[int, str]:
    """The radioactivity of a planet of this type, rolled with its first information."""
    face = dice.roll(sheet.radioactivity_die, "radioactivity", f"{designation} level I",
                     officer=officer, visibility=SEEN_BY_ALL)
    return face, sheet.radioactivity[planet_type][face - 1]


def landing_damages(table: RowTable, planet_type: str, dice: Dice, designation: str,
                    officer: int) -> tuple[int, int]:
    """TAB. O on landing: the officer's die against the planet's row; a face on the row is
    that many damages (ruling). Returns the face and the damages."""
    face = dice.roll(table.die, "landing-risk", f"{designation} TAB. O", officer=officer,
                     visibility=SEEN_BY_OFFICER)
    return face, table.result(planet_type, face)
