"""The specialist officers, `specialists.toml` (5E): the PSI, the ROBUR and the scientist
a commander may take aboard in outer space.
"""

from __future__ import annotations

from typing import Any

from ..rules.specialists import SpecialistRules

from .rules_file import DICE, RulesFile


def read_specialists(f: RulesFile, doc: dict[str, Any]) -> SpecialistRules:
    f.only(doc, ("provenance", "lowest", "highest", "psi", "robur", "scientist"), "")
    lowest = f.integer(f.required(doc, "lowest", ""), "lowest", 1)
    highest = f.integer(f.required(doc, "highest", ""), "highest", lowest)
    psi = f.table(f.required(doc, "psi", ""), "psi")
    f.only(psi, ("loss", "die", "deadly"), "psi")
    robur = f.table(f.required(doc, "robur", ""), "robur")
    f.only(robur, ("loss",), "robur")
    scientist = f.table(f.required(doc, "scientist", ""), "scientist")
    f.only(scientist, ("die", "deadly"), "scientist")

    def deadly(t: dict[str, Any], key: str) -> tuple[int, tuple[int, ...]]:
        die = f.integer(f.required(t, "die", key), f"{key}.die")
        if die not in DICE:
            raise f.error(f"{key}.die", f"must be 6 or 10, got {die}")
        faces = f.array(f.required(t, "deadly", key), f"{key}.deadly")
        read = tuple(f.integer(v, f"{key}.deadly[{i}]", 1) for i, v in enumerate(faces, 1))
        for v in read:
            if v > die:
                raise f.error(f"{key}.deadly", f"{v} is not a face of a d{die}")
        if len(set(read)) != len(read):
            raise f.error(f"{key}.deadly", "lists a face twice")
        return die, tuple(sorted(read))

    psi_die, psi_deadly = deadly(psi, "psi")
    scientist_die, scientist_deadly = deadly(scientist, "scientist")
    return SpecialistRules(
        lowest=lowest, highest=highest,
        psi_loss=f.integer(f.required(psi, "loss", "psi"), "psi.loss", 0),
        robur_loss=f.integer(f.required(robur, "loss", "robur"), "robur.loss", 0),
        psi_die=psi_die, psi_deadly=psi_deadly,
        scientist_die=scientist_die, scientist_deadly=scientist_deadly,
    )
