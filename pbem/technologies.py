"""technologies.toml: the data of the optional rule Unpredictable Research, validated.

Called by `pbem.ruleset_files` with the parsed file and its checker (`RulesFile`: table, only,
integer, string, array, required, error), so that every problem names the file, the key
and what is wrong, exactly as for the other rules files.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Any

from pbem.rules.research import EFFECTS, ResearchRules, Technology

KEYS: tuple[str, ...] = ("provenance", "grant_cost", "die", "funding_step", "technologies")
TECHNOLOGY_KEYS: tuple[str, ...] = ("name", "costs", "effect")
DICE: tuple[int, ...] = (6, 10)  # S.C. rules B f: the S.C. has a d6 and a d10
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9-]*")


def read_technologies(f: Any, doc: dict[str, Any]) -> ResearchRules:
    f.only(doc, KEYS, "")
    grant_cost = f.integer(f.required(doc, "grant_cost", ""), "grant_cost", 1)
    die = f.integer(f.required(doc, "die", ""), "die")
    if die not in DICE:
        raise f.error("die", f"must be 6 or 10, got {die}")
    step = f.integer(f.required(doc, "funding_step", ""), "funding_step", 1)
    raw = f.table(f.required(doc, "technologies", ""), "technologies")
    if not raw:
        raise f.error("technologies", "defines no technology")
    technologies: dict[str, Technology] = {}
    names: dict[str, str] = {}
    for key, entry in raw.items():
        k = f"technologies.{key}"
        if key not in EFFECTS:
            raise f.error(
                k, f"unknown technology; the rules code applies {', '.join(EFFECTS)}"
            )
        t = f.table(entry, k)
        f.only(t, TECHNOLOGY_KEYS, k)
        name = f.string(f.required(t, "name", k), f"{k}.name")
        if not _WORD.fullmatch(name):
            raise f.error(f"{k}.name", f"must be one word (players write RESEARCH {name} 2), "
                                       f"got {name!r}")
        folded = name.casefold()
        for other_key, other in names.items():
            if folded == other or folded == other_key:
                raise f.error(f"{k}.name", f"{name!r} is also technologies.{other_key}")
        if folded in EFFECTS and folded != key and folded in raw:
            raise f.error(f"{k}.name", f"{name!r} is the key of technologies.{folded}")
        names[key] = folded
        costs = f.array(f.required(t, "costs", k), f"{k}.costs")
        if not costs:
            raise f.error(f"{k}.costs", "must list the cost of at least one level")
        levels = tuple(
            f.integer(c, f"{k}.costs[{n}]", 1) for n, c in enumerate(costs, 1)
        )
        effect = f.string(f.required(t, "effect", k), f"{k}.effect")
        technologies[key] = Technology(key, name, levels, effect)
    return ResearchRules(MappingProxyType(technologies), grant_cost, die, step)
