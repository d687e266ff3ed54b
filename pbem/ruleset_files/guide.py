"""The Encounter Guide, `guide.toml`: the environments and each race of the G.I.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from ..rules.encounter_guide import (
    CIVILITIES,
    CLASSES,
    DISPOSITIONS,
    KINGDOMS,
    MISSIONS,
    SHEET_POINTS,
    REEMBARK_TARGETS,
    RISKLESS,
    Race,
)

from .rules_file import RulesFile, quote


_RACE_KEYS: tuple[str, ...] = (
    "name", "reference", "life", "class", "group", "disposition", "civility", "fc",
    "presence", "arrivals", "points", "capturable", "alliance_factor", "alliance_value",
    "merchant", "reembark_target", "technological_level", "preferred_environment",
    "preferred_bonus", "non_vital_environment", "description",
)  # fmt: skip


_RISKLESS_LIFE = {"oz-minerals": "mineral", "secor-plants": "vegetable"}  # 3H


def read_guide(f: RulesFile, doc: dict[str, Any]) -> tuple[dict[str, Race], tuple[str, ...]]:
    f.only(doc, ("provenance", "environments", "races"), "")
    # The one list of environments: the technical sheets' and TAB. P's (5F).
    listed = f.array(f.required(doc, "environments", ""), "environments")
    environments = tuple(f.string(e, f"environments[{i}]") for i, e in enumerate(listed, 1))
    if not environments:
        raise f.error("environments", "must list the environments of the technical sheets")
    for i, e in enumerate(environments, 1):
        if environments.index(e) != i - 1:
            raise f.error(f"environments[{i}]", f"{e!r} is listed twice")
    races_raw = f.table(f.required(doc, "races", ""), "races")
    guide = {rid: _race(f, rid, raw, environments) for rid, raw in races_raw.items()}
    if not guide:
        raise f.error("races", "defines no race")
    # A group is one kind of people: its races share kingdom, class and civility.
    by_group: dict[str, Race] = {}
    for race in guide.values():
        if race.group is None:
            continue
        first = by_group.setdefault(race.group, race)
        for attr in ("life", "klass", "civility"):
            if getattr(race, attr) != getattr(first, attr):
                raise f.error(
                    f"races.{quote(race.id)}.{'class' if attr == 'klass' else attr}",
                    f"{getattr(race, attr)!r} differs from {getattr(first, attr)!r} of "
                    f"{first.id!r}, in the same group {race.group!r}",
                )
    return guide, environments


def _race(f: RulesFile, rid: str, raw: Any, environments: tuple[str, ...]) -> Race:
    k = f"races.{quote(rid)}"
    t = f.table(raw, k)
    f.only(t, _RACE_KEYS, k)

    def get(name: str) -> Any:
        return f.required(t, name, k)

    def opt_int(name: str, low: int = 0) -> int | None:
        return None if name not in t else f.integer(t[name], f"{k}.{name}", low)

    def opt_str(name: str, choices: tuple[str, ...] = ()) -> str | None:
        return None if name not in t else f.string(t[name], f"{k}.{name}", choices)

    life = f.string(get("life"), f"{k}.life", KINGDOMS)
    klass = f.string(get("class"), f"{k}.class", CLASSES)
    riskless = klass in RISKLESS
    group = opt_str("group")
    disposition = opt_str("disposition", DISPOSITIONS)
    civility = opt_str("civility", CIVILITIES)
    # OZ minerals and SECOR plants are whole answers by themselves (3H); the others are
    # met through a level-IV group and have a disposition (S.C. rules F).
    for name, value in (("group", group), ("disposition", disposition)):
        if riskless and value is not None:
            raise f.error(f"{k}.{name}", f"{klass} races have no {name}; remove it")
        if not riskless and value is None:
            raise f.error(f"{k}.{name}", "missing")
    if riskless and life != _RISKLESS_LIFE[klass]:
        raise f.error(f"{k}.life", f"{klass} cannot have {life} life")
    if (klass == "sapiens") != (civility is not None):
        raise f.error(
            f"{k}.civility",
            "missing: sapiens races are sub-civiles, civiles or super-civiles"
            if civility is None
            else "only sapiens races have a civility",
        )

    counts: dict[str, tuple[int, ...]] = {}
    for name in ("presence", "arrivals"):  # d6 faces 1..6 (S.C. rules G a, c)
        values = f.array(get(name), f"{k}.{name}", 6)
        counts[name] = tuple(f.integer(v, f"{k}.{name}[{i}]", 0) for i, v in enumerate(values, 1))

    capturable = f.boolean(t.get("capturable", False), f"{k}.capturable")
    merchant = f.boolean(t.get("merchant", False), f"{k}.merchant")
    alliance_factor = opt_int("alliance_factor")
    alliance_value = opt_int("alliance_value")
    points = {
        m: f.integer(n, f"{k}.points.{quote(m)}", 0)
        for m, n in f.table(get("points"), f"{k}.points").items()
    }
    # Section 4: which people each mission is lawful with.
    if capturable and klass != "non-sapiens":
        raise f.error(f"{k}.capturable", "only non sapiens can be captured (4 II)")
    if merchant and civility not in ("sub-civiles", "civiles"):
        raise f.error(f"{k}.merchant", "only sub civiles or civiles sapiens trade (4 V)")
    if (alliance_factor is None) != (alliance_value is None):
        raise f.error(f"{k}.alliance_value", "give both alliance_factor and alliance_value")
    if alliance_factor is not None and civility not in ("civiles", "super-civiles"):
        raise f.error(f"{k}.alliance_factor", "only civiles or super civiles ally (4 III)")
    lawful = {
        "elimination": not riskless,
        "capture": capturable,
        "alliance": alliance_factor is not None,
        "intimidation": civility in ("sub-civiles", "civiles"),
        "commerce": merchant,
        "collect": riskless,
    }
    for m in points:
        if m not in MISSIONS:
            raise f.error(
                f"{k}.points.{quote(m)}", f"unknown mission; use one of {', '.join(SHEET_POINTS)}"
            )
        if m not in SHEET_POINTS:
            table = "G (veneration points)" if m == "intimidation" else "H"
            raise f.error(f"{k}.points.{m}", f"the {m} pays the points of TAB. {table}, not "
                                             "the sheet's; remove it")
        if not lawful[m]:
            raise f.error(f"{k}.points.{m}", f"the mission {m} is not possible with this race")
    if "alliance" in points and points["alliance"] != alliance_value:
        raise f.error(f"{k}.points.alliance", f"differs from alliance_value {alliance_value}")
    if alliance_value is not None:
        points["alliance"] = alliance_value  # VAL. beside F.ALL. (4 III)
    if riskless and "collect" not in points:
        raise f.error(f"{k}.points.collect", "missing: the points collected without risk (3H)")
    # 5F: the environments a race prefers (with its bonus) and cannot live in.
    preferred = opt_str("preferred_environment", environments)
    non_vital = opt_str("non_vital_environment", environments)
    bonus = f.integer(t.get("preferred_bonus", 0), f"{k}.preferred_bonus", 0)
    if bonus and preferred is None:
        raise f.error(f"{k}.preferred_bonus", "a bonus needs its preferred_environment")
    if preferred is not None and preferred == non_vital:
        raise f.error(f"{k}.non_vital_environment",
                      f"{non_vital!r} is also its preferred_environment")

    return Race(
        id=rid,
        name=f.string(get("name"), f"{k}.name"),
        reference=f.integer(get("reference"), f"{k}.reference", 0),
        life=life,
        klass=klass,
        group=group,
        disposition=disposition,
        civility=civility,
        fc=f.integer(get("fc"), f"{k}.fc", 0),
        presence=counts["presence"],
        arrivals=counts["arrivals"],
        points=MappingProxyType({m: points[m] for m in SHEET_POINTS if m in points}),
        capturable=capturable,
        alliance_factor=alliance_factor,
        alliance_value=alliance_value,
        merchant=merchant,
        reembark_target=opt_str("reembark_target", REEMBARK_TARGETS),
        technological_level=opt_int("technological_level"),
        preferred_environment=preferred,
        preferred_bonus=bonus,
        non_vital_environment=non_vital,
        description=f.string(get("description"), f"{k}.description"),
    )
