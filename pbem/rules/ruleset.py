"""The ruleset as plain data: ship types, ranks, Information Sheet, Encounter Guide,
Operations Tables and the technologies of Unpredictable Research.

The rules read it; `pbem.ruleset_files` reads and validates the TOML files it is made from (the
shipped reconstruction, or the GM's own copies of the printed tables).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .encounter_guide import Race
from .information_sheet import InformationSheet
from .ranks import Rank
from .research import ResearchRules
from .ship import ShipType
from .specialists import SpecialistRules
from .tables import AlienShipTable, RowTable, Table


@dataclass(frozen=True)
class Ruleset:
    ships: Mapping[str, ShipType]
    ranks: tuple[Rank, ...]
    information: InformationSheet
    guide: Mapping[str, Race]
    sources: Mapping[str, str]  # file name -> "default" or "rules/<file name>"
    provenance: Mapping[str, str] = field(default_factory=dict)  # file name -> note
    tables: Mapping[str, Table] = field(default_factory=dict)  # Operations Tables by id
    # Outer space: TAB. O, by planet type (the others are `tables`), and the environments
    # of the Encounter Guide that TAB. P names.
    landing_risks: RowTable | None = None
    environments: tuple[str, ...] = ()
    # Unpredictable Research (optional rule): technologies, grant cost, die, funding step.
    technologies: ResearchRules = field(default_factory=ResearchRules)
    # Outer space, part 2: TAB. Q (the alien ships) and the specialist officers (5C, 5E).
    alien_ships: AlienShipTable | None = None
    specialists: SpecialistRules = field(default_factory=SpecialistRules)
