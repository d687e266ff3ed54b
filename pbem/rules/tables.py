"""The Operations Tables of the C.S.R. (section 4, TAB. A to L).

Every table crosses a die face with a column; the column is chosen by a number the rules
compute (a factor difference, an alliance factor, a merchant's F.C., the commander's
personality) or there is only one. The printed sheet is not public; the default tables are
reconstructed as data (`pbem/data/tables.toml`), loaded and checked by `pbem.ruleset_files`.
This module only reads them: no files, no dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pbem.rules.ship import DAMAGEABLE
from pbem.rules.said import Said, saying

# The basic-game tables of section 4 (TAB. I, and M to S, belong to outer space).
TABLE_IDS: tuple[str, ...] = ("A", "B", "C", "D", "E", "F", "G", "H", "L")
# Outer space: commerce with the personality (I, 5D e), the fire at and of the alien ship
# (M, N, 5C b), the landing zones (P, S.C. advanced rule D), technological research (R, 5E
# c), the alien ship's entry (S, 5C a). TAB. O (mass and landing risks, rule C) is a
# `RowTable`, read by the planet type rather than by a number; TAB. Q, which alien ship
# enters and from which side, an `AlienShipTable`.
OUTER_TABLE_IDS: tuple[str, ...] = ("I", "M", "N", "P", "R", "S")
ROW_TABLE_IDS: tuple[str, ...] = ("O",)
ALIEN_SHIPS_TABLE = "Q"

# What selects the column, and how a report names it.
SELECTORS: dict[str, str] = {
    "difference": "difference",
    "alliance_factor": "alliance factor",
    "fc": "F.C.",
    "personality": "personality",
    "planet_type": "planet type",
    "fc_personality": "F.C. + personality",
    "technological_level": "technological level",
    "none": "",
}
# A column's label as a report words it (the events keep it; `said.read` reads it back).
COLUMN_OF: dict[str, str] = {
    "difference": saying("difference %(span)s"),
    "alliance factor": saying("alliance factor %(span)s"),
    "F.C.": saying("F.C. %(span)s"),
    "personality": saying("personality %(span)s"),
    "planet type": saying("planet type %(span)s"),
    "F.C. + personality": saying("F.C. + personality %(span)s"),
    "technological level": saying("technological level %(span)s"),
}
ANY_VALUE = saying("any %(selector)s")
SINGLE_COLUMN = saying("single column")
AT_MOST = saying("%(high)s or less")
AT_LEAST = saying("%(low)s or more")
FROM_TO = saying("%(low)s to %(high)s")
# The number the rules code looks each table up with (section 4).
READ_BY: dict[str, str] = {
    "A": "difference",  # Legio F.C.Att. minus Alien F.C. (4 I)
    "B": "difference",  # Legio F.C.Def. of the target minus the Alien F.C. (4 I)
    "C": "none",  # damage location
    "D": "difference",  # F.C. of the landed men, no individual weapons, minus Alien F.C. (4 II)
    "E": "alliance_factor",  # the race's F.ALL. (4 III)
    "F": "difference",  # Legio F.C.Att. minus Alien F.C. (4 IV)
    "G": "none",  # veneration points after a successful intimidation (4 IV)
    "H": "fc",  # the merchant race's F.C. per alien, its trading skill (4 V)
    "L": "personality",  # the commander's personality, 0 to 5 (4 VI, 5D)
    "O": "planet_type",  # the planet's row: its mass (S.C. advanced rule C, 5G)
    "P": "none",  # the landing zone (S.C. advanced rule D, 5F)
    # The merchants' F.C. plus the personality (5D e, ruling COMMERCE_BY_FC_AND_PERSONALITY).
    "I": "fc_personality",
    "M": "difference",  # the legionary's lasers' F.C.Att minus the alien ship's F.C.Def (5C b)
    "N": "difference",  # the legionary's F.C.Def (shields) minus the alien ship's F.C.Att
    "R": "technological_level",  # the race's technological level (5E c, ruling)
    "S": "none",  # does an alien ship enter this move? (5C a)
}
# Who rolls the die under the rules (S.C. rules G b: "on each table it is stated").
ROLLERS: tuple[str, ...] = ("officer", "sc")

# Word results, worst to best for the Legio.
NO_EFFECT, WOUNDED, KILLED = "-", "F", "U"  # 4 I: F halves the target's F.C., U kills it
YES, NO = "Yes", "No"
HULL = "hull"  # 4 I: a hull damage is not suffered; a second in the same turn destroys
OUTCOMES: dict[str, tuple[str, ...]] = {
    "A": (NO_EFFECT, WOUNDED, KILLED),
    "D": (NO, NO_EFFECT, YES),
    "E": (NO, NO_EFFECT, YES),
    "F": (NO, NO_EFFECT, YES),
    "L": (NO, YES),
    "M": ("-", "R", "D"),  # 5C b: D destroyed, R both factors halved (a second R is a D)
    "S": (NO, YES),
}
DAMAGE_TABLE = "C"
DAMAGE_LOCATIONS: tuple[str, ...] = DAMAGEABLE + (HULL,)  # what the move can damage
# Whole-number tables and their lowest allowed value (None: negative allowed, 4 V).
NUMBERS: dict[str, int | None] = {"B": 0, "G": 0, "H": None, "I": None, "N": 0, "R": 0}

# 4 VI: "In inner space, where the personality of the U.C. does not count, the crossing
# with the random outcome is done on column no. 3" (counted from 1).
TOT_INNER_SPACE_COLUMN = 3


@dataclass(frozen=True)
class Column:
    # Covers values <= upto and > the previous column's upto; None = open at the high end
    # (the last column only).
    upto: int | None
    faces: tuple[str | int, ...]  # the result for die face 1..die


@dataclass(frozen=True)
class Table:
    id: str  # "A", "B", ...
    title: str  # "Legio fire"
    die: int  # 6 or 10
    by: str  # one of SELECTORS
    roller: str  # one of ROLLERS: who rolls its die under the rules, told in the reports
    columns: tuple[Column, ...]

    def column_for(self, value: int) -> Column:
        """The first column with value <= upto, else the last: open-ended at both ends."""
        return self.columns[self._index(value)]

    def result(self, value: int, face: int) -> str | int:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= self.die:
            raise ValueError(f"TAB. {self.id}: {face!r} is not a face of a d{self.die}")
        return self.column_for(value).faces[face - 1]

    def label(self, value: int) -> str:
        """The column's text: "difference -6 to -4", "difference 7 or more", ..."""
        i = self._index(value)
        low = self.columns[i - 1].upto if i > 0 else None
        high = self.columns[i].upto
        name = SELECTORS.get(self.by, self.by)
        if low is None and high is None:
            return Said(ANY_VALUE, selector=name) if name else Said(SINGLE_COLUMN)
        if low is None:
            span: str = Said(AT_MOST, high=high)
        elif high is None:
            span = Said(AT_LEAST, low=low + 1)
        elif low + 1 == high:
            span = str(high)
        else:
            span = Said(FROM_TO, low=low + 1, high=high)
        if name in COLUMN_OF:
            return Said(COLUMN_OF[name], span=span)
        return f"{name} {span}" if name else span

    def column_number(self, n: int) -> Column:
        """The n-th column counted from 1, for a rule that names it (4 VI)."""
        if not 1 <= n <= len(self.columns):
            raise ValueError(f"TAB. {self.id} has columns 1 to {len(self.columns)}, not {n}")
        return self.columns[n - 1]

    def _index(self, value: int) -> int:
        for i, column in enumerate(self.columns):
            if column.upto is not None and value <= column.upto:
                return i
        return len(self.columns) - 1


@dataclass(frozen=True)
class RowTable:
    """A table with a row per planet type (TAB. O): each row lists the faces of the die that
    take effect on that type, and the effect of such a face is its own number. S.C. rule C
    reads "equals one of the numbers written on the table in the row", 5G "equal to or
    lower than the number indicating the mass": a row 1..mass is both (ruling)."""

    id: str
    title: str
    die: int
    by: str
    roller: str
    rows: Mapping[str, tuple[int, ...]]  # row name -> the faces that count, ascending

    def result(self, row: str, face: int) -> int:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= self.die:
            raise ValueError(f"TAB. {self.id}: {face!r} is not a face of a d{self.die}")
        if row not in self.rows:
            raise ValueError(f"TAB. {self.id} has no row {row!r}")
        return face if face in self.rows[row] else 0


@dataclass(frozen=True)
class AlienShipType:
    """One line of TAB. Q: an alien ship's name and factors."""

    name: str
    attack: int
    defence: int
    movement: int


@dataclass(frozen=True)
class AlienShipTable:
    """TAB. Q: each face of its die gives the ship that enters and the side it enters from."""

    id: str
    title: str
    die: int
    roller: str
    ships: Mapping[str, AlienShipType]
    faces: tuple[tuple[str, str], ...]  # (ship name, side) for faces 1..die

    def result(self, face: int) -> tuple[AlienShipType, str]:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= self.die:
            raise ValueError(f"TAB. {self.id}: {face!r} is not a face of a d{self.die}")
        name, side = self.faces[face - 1]
        return self.ships[name], side
