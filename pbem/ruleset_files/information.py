"""The Information Sheet, `information.toml` (S.C. rules F): its levels and rows, the names
and marks of its values, radioactivity and atmospheres, each checked against the
Encounter Guide's races.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..rules.encounter_guide import Race
from ..rules.information_sheet import (
    ANY_ROW,
    DNS,
    RADIOACTIVITY,
    TYPE_FACT,
    InfoLevel,
    InformationSheet,
)

from .rules_file import DICE, RulesFile, quote


RACE_FACTS: dict[str, str] = {  # Information Sheet fact -> Race attribute it must match
    "life": "life",
    "class": "klass",
    "group": "group",
    "disposition": "disposition",
}


def read_information(
    f: RulesFile, doc: dict[str, Any], guide: Mapping[str, Race], gf: RulesFile
) -> InformationSheet:
    f.only(doc, ("provenance", "levels", "names", "marks", "references", "radioactivity",
                 "atmospheres"), "")
    races = frozenset(guide)
    names_raw = f.table(doc.get("names", {}), "names")
    names = {v: f.string(n, f"names.{quote(v)}") for v, n in names_raw.items()}
    marks_raw = f.table(doc.get("marks", {}), "marks")
    marks = {v: f.string(m, f"marks.{quote(v)}") for v, m in marks_raw.items()}
    refs_raw = f.table(doc.get("references", {}), "references")
    references = {g: f.integer(n, f"references.{quote(g)}", 0) for g, n in refs_raw.items()}

    levels_raw = f.table(f.required(doc, "levels", ""), "levels")
    expected = [str(n) for n in range(1, len(levels_raw) + 1)]
    if sorted(levels_raw, key=lambda s: (len(s), s)) != expected or not expected:
        got = ", ".join(levels_raw) or "none"
        raise f.error("levels", f"must be numbered 1 to N without gaps, got {got}")
    levels = tuple(_level(f, int(n), levels_raw[n], names, races) for n in expected)
    facts = [lv.fact for lv in levels]
    for lv in levels:
        if facts.count(lv.fact) > 1:
            raise f.error(f"levels.{lv.number}.fact", f"{lv.fact!r} is used by two levels")

    # Walk every chain the dice can give: each reachable row must exist, each chain must
    # end at a race of the guide, and no row may be unreachable (a typo in a row key).
    reached: dict[int, set[str]] = {lv.number: set() for lv in levels}
    values: dict[int, set[str]] = {lv.number: set() for lv in levels}
    paths: list[tuple[str, ...]] = []
    stack: list[tuple[str, ...]] = [()]
    while stack:
        known = stack.pop()
        lv = levels[len(known)]
        key = lv.row_key(known)
        reached[lv.number].add(key)
        if key not in lv.rows:
            raise f.error(
                f"levels.{lv.number}.rows",
                f"no row {key!r}, which is reached after {' / '.join(known)}",
            )
        for value in dict.fromkeys(lv.rows[key]):
            if value == DNS:
                continue
            values[lv.number].add(value)
            chain = known + (value,)
            if value in races:
                paths.append(chain)
            elif lv.number == len(levels):
                raise f.error(
                    f"levels.{lv.number}.rows.{quote(key)}",
                    f"{value!r} is not a race of the Encounter Guide; every chain must end "
                    "at a race",
                )
            else:
                stack.append(chain)
    for lv in levels:
        for key in lv.rows:
            if key not in reached[lv.number]:
                where = f"levels.{lv.number}.rows.{quote(key)}"
                raise f.error(where, "this row can never be reached")

    # Level IV names the group and the G.I. reference (S.C. rules F).
    group_levels = [lv.number for lv in levels if lv.fact == "group"]
    groups = set().union(*(values[n] for n in group_levels)) - races
    for g in sorted(groups):
        if g not in references:
            where = f"references.{quote(g)}"
            raise f.error(where, "missing: every group names its G.I. reference")
    for g in references:
        if g not in groups:
            raise f.error(f"references.{quote(g)}", "not a group of the sheet")
    for v in marks:
        if v != DNS and v not in races and not any(v in vs for vs in values.values()):
            raise f.error(f"marks.{quote(v)}", "not a value of the sheet")

    # A race must be what the sheet says of the chains that reach it. The two files are
    # checked against each other; the one the GM replaced is named (the sheet when both or
    # neither were replaced).
    blame_guide = gf.override and not f.override
    for chain in sorted(paths):
        race = guide[chain[-1]]
        for lv, value in zip(levels, chain[:-1]):
            attr = RACE_FACTS.get(lv.fact)
            if not attr or getattr(race, attr) == value:
                continue
            if blame_guide:
                raise gf.error(
                    f"races.{quote(race.id)}.{lv.fact}",
                    f"{getattr(race, attr)!r}, but the Information Sheet reaches it by "
                    f"{' / '.join(chain)} ({lv.fact} {value!r})",
                )
            last = levels[len(chain) - 1]
            raise f.error(
                f"levels.{last.number}.rows.{quote(last.row_key(chain))}",
                f"{race.id!r} is reached by {' / '.join(chain)}, but the Encounter Guide "
                f"gives it {lv.fact} {getattr(race, attr)!r}, not {value!r}",
            )
        ref = references.get(race.group) if race.group is not None else None
        if ref is not None and race.reference != ref:
            if blame_guide:
                raise gf.error(
                    f"races.{quote(race.id)}.reference",
                    f"{race.reference}, but the Information Sheet gives group "
                    f"{race.group!r} the reference {ref}",
                )
            raise f.error(
                f"references.{quote(race.group)}",
                f"{ref}, but the Encounter Guide gives {race.id!r} of this group the "
                f"reference {race.reference}",
            )

    die, radioactivity, atmospheres = _radioactivity(f, doc, levels, values)
    return InformationSheet(
        levels=levels,
        names=MappingProxyType({r.id: r.name for r in guide.values()} | names),
        references=MappingProxyType(references),
        races=races,
        marks=MappingProxyType({r.id: r.name for r in guide.values()} | marks),
        radioactivity_die=die,
        radioactivity=MappingProxyType(radioactivity),
        atmospheres=MappingProxyType(atmospheres),
    )


def _planet_types(f: RulesFile, levels: tuple[InfoLevel, ...], values: dict[int, set[str]],
                  key: str) -> list[str]:
    """The planet types the sheet can give (the values of its level of fact "type")."""
    level = next((lv for lv in levels if lv.fact == TYPE_FACT), None)
    if level is None:
        raise f.error(key, f'no level of the sheet gives the planet type (fact = "{TYPE_FACT}"), '
                           "which this is read by")
    return sorted(values[level.number])


def _radioactivity(
    f: RulesFile, doc: dict[str, Any], levels: tuple[InfoLevel, ...], values: dict[int, set[str]],
) -> tuple[int, dict[str, tuple[str, ...]], dict[str, str]]:
    """Outer space: the radioactivity of each planet type by die face, and its atmosphere,
    given with the first information (S.C. advanced rule B)."""
    raw = f.table(f.required(doc, "radioactivity", ""), "radioactivity")
    f.only(raw, ("die", "rows"), "radioactivity")
    die = f.integer(f.required(raw, "die", "radioactivity"), "radioactivity.die")
    if die not in DICE:
        raise f.error("radioactivity.die", f"must be 6 or 10, got {die}")
    rows_raw = f.table(f.required(raw, "rows", "radioactivity"), "radioactivity.rows")
    atmospheres_raw = f.table(f.required(doc, "atmospheres", ""), "atmospheres")
    types = _planet_types(f, levels, values, "radioactivity.rows")
    rows: dict[str, tuple[str, ...]] = {}
    atmospheres: dict[str, str] = {}
    for kind, table, what in (("radioactivity.rows", rows_raw, "radioactivity"),
                              ("atmospheres", atmospheres_raw, "atmosphere")):
        for t in types:
            if t not in table:
                raise f.error(f"{kind}.{quote(t)}", f"missing: planet type {t} needs its {what}")
        for t in table:
            if t not in types:
                raise f.error(f"{kind}.{quote(t)}",
                              f"not a planet type of the sheet ({', '.join(types)})")
    for t in types:
        k = f"radioactivity.rows.{quote(t)}"
        faces = f.array(rows_raw[t], k, die)
        rows[t] = tuple(f.string(v, f"{k}[{n}]", RADIOACTIVITY) for n, v in enumerate(faces, 1))
        atmospheres[t] = f.string(atmospheres_raw[t], f"atmospheres.{quote(t)}")
    return die, rows, atmospheres


def _level(
    f: RulesFile, n: int, raw: Any, names: Mapping[str, str], races: frozenset[str]
) -> InfoLevel:
    k = f"levels.{n}"
    t = f.table(raw, k)
    f.only(t, ("name", "fact", "die", "key", "rows"), k)
    die = f.integer(f.required(t, "die", k), f"{k}.die")
    if die not in DICE:
        raise f.error(f"{k}.die", f"must be 6 or 10, got {die}")
    key = tuple(f.integer(x, f"{k}.key") for x in f.array(f.required(t, "key", k), f"{k}.key"))
    for x in key:
        if not 1 <= x < n:
            raise f.error(f"{k}.key", f"level {x} is not an earlier level (1 to {n - 1})")
    if len(set(key)) != len(key):
        raise f.error(f"{k}.key", "lists a level twice")
    rows: dict[str, tuple[str, ...]] = {}
    for row_key, row in f.table(f.required(t, "rows", k), f"{k}.rows").items():
        rk = f"{k}.rows.{quote(row_key)}"
        if not key and row_key != ANY_ROW:
            raise f.error(rk, f'a level with key = [] has the single row "{ANY_ROW}"')
        if key and len(row_key.split("/")) != len(key):
            raise f.error(rk, f"the row key must join {len(key)} values with '/'")
        faces = f.array(row, rk, die)
        for face, value in enumerate(faces, 1):
            f.string(value, f"{rk}[{face}]")
            if value not in names and value not in races:
                raise f.error(f"{rk}[{face}]", f"{value!r} has no display name in [names]")
        if all(v == DNS for v in faces):
            raise f.error(rk, "every face is D.N.S.; the planet could never be known")
        rows[row_key] = tuple(faces)
    return InfoLevel(
        number=n,
        name=f.string(f.required(t, "name", k), f"{k}.name"),
        fact=f.string(f.required(t, "fact", k), f"{k}.fact"),
        die=die,
        key=key,
        rows=MappingProxyType(rows),
    )
