"""The personality of the commander (rulebook 5D): 0 (a diplomat) to 5 (aggressive).

Declared at enlistment and never changed, it counts only in outer space ("In inner space
the personality of the commander is not considered", section 4, note A). Its effects:
a) added once to the landed crews' total F.C., in attack and in defence; b) subtracted from
the alliance roll (TAB. E); c) added to the crews' F.C. for a capture (TAB. D); d)
subtracted from the veneration roll (TAB. G; the intimidation roll of TAB. F is
unaffected); e) commerce reads TAB. I instead of TAB. H; f) desertion (`desertion`); and
TAB. L is read on the personality's column. A modified roll never leaves the die's faces
(ruling MODIFIED_ROLLS_CLAMPED).
"""

from __future__ import annotations

from typing import Any, Mapping

from . import rulings
from .outer_space import explored
from .state import Officer

LOWEST, HIGHEST = 0, 5  # 5D: "The higher the score (max. 5) ... the lower the score (min. 0)"
COMMERCE_INNER, COMMERCE_OUTER = "H", "I"  # 5D e


def problems(value: int) -> list[str]:
    """Why a personality cannot be declared, each saying what would do."""
    if not LOWEST <= value <= HIGHEST:
        return [f"a personality is {LOWEST} (diplomatic) to {HIGHEST} (aggressive), not {value}"]
    return []


def of(officer: Officer, settings: Mapping[str, Any]) -> int:
    """The personality that counts in this game: none in inner space (note A)."""
    return officer.personality if explored(settings) else 0


def modified(face: int, subtract: int, die: int) -> int:
    """A die face less the personality (5D b, d), kept on the die's faces."""
    value = face - subtract
    if rulings.MODIFIED_ROLLS_CLAMPED:
        return max(1, min(die, value))
    return value


def commerce_table(settings: Mapping[str, Any]) -> str:
    """5D e: "From the moment the personality of the U.C. is considered, in commercial
    exchanges TAB. I is used in place of TAB. H"."""
    return COMMERCE_OUTER if explored(settings) else COMMERCE_INNER
