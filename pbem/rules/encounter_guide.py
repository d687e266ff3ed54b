"""The Encounter Guide (G.I.): one technical sheet per alien race.

The printed guide is not public; the default one is reconstructed as data
(`pbem/data/guide.toml`). The S.C. reads a race's sheet to the officer who lands (S.C.
rules G); the advanced-only fields (technological level, environments) are not read in
inner space (section 4, note D).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

KINGDOMS: tuple[str, ...] = ("animal", "vegetable", "mineral")
# OZ minerals and SECOR plants are classes of their own: 2 and 4 points without risk (3H).
CLASSES: tuple[str, ...] = ("non-sapiens", "sapiens", "oz-minerals", "secor-plants")
RISKLESS: tuple[str, ...] = ("oz-minerals", "secor-plants")
DISPOSITIONS: tuple[str, ...] = ("peaceful", "hostile")
CIVILITIES: tuple[str, ...] = ("sub-civiles", "civiles", "super-civiles")
# Section 4: the missions there are; "collect" is the riskless pick-up.
MISSIONS: tuple[str, ...] = (
    "elimination",
    "capture",
    "alliance",
    "intimidation",
    "commerce",
    "collect",
)
# Missions whose points the technical sheet gives. Intimidation pays the veneration points
# of TAB. G and commerce the points of TAB. H (4 IV, 4 V): the sheet has none for them.
SHEET_POINTS: tuple[str, ...] = ("elimination", "capture", "alliance", "collect")
REEMBARK_TARGETS: tuple[str, ...] = ("ship", "crews")  # 3I c: whom the aliens attack


@dataclass(frozen=True)
class Race:
    id: str
    name: str
    reference: int  # G.I. reference number, named by Information Sheet level IV
    life: str  # kingdom: animal / vegetable / mineral
    klass: str  # one of CLASSES
    group: str | None  # level IV group id; None for OZ minerals and SECOR plants
    disposition: str | None  # peaceful / hostile; None for OZ minerals and SECOR plants
    civility: str | None  # sapiens only: sub-civiles / civiles / super-civiles
    fc: int  # F.C. of each alien
    presence: tuple[int, ...]  # aliens present on landing, by d6 face 1..6 (S.C. rules G a)
    arrivals: tuple[int, ...]  # new aliens each turn on the ground, by d6 face (G c)
    points: Mapping[str, int]  # mission -> points (before subtracting the ship level)
    capturable: bool  # 4 II: "when a being is capturable it is stated in the G.I."
    alliance_factor: int | None  # F.ALL., civiles / super civiles only (4 III)
    alliance_value: int | None  # VAL., points of a successful alliance
    merchant: bool  # sub civiles / civiles that trade (4 V)
    reembark_target: str | None  # "ship" / "crews" / None = the S.C. chooses (3I c)
    technological_level: int | None  # advanced game only
    preferred_environment: str | None  # advanced game only (5F)
    preferred_bonus: int  # F.C. each alien gains in its preferred environment
    non_vital_environment: str | None  # advanced game only (5F)
    description: str

    @property
    def riskless(self) -> bool:
        """OZ minerals / SECOR plants: points collected without any risk (3H)."""
        return self.klass in RISKLESS
