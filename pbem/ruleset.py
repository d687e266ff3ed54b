"""Loading and validating the ruleset: ships, ranks, Information Sheet, G.I., Operations Tables.

The printed tables are not public, so the defaults in `pbem/data/` are a reconstruction
(DESIGN.md). A game folder may replace any whole file by dropping `rules/<name>.toml`; such
files are checked as strictly as the defaults, and every problem names the file, the key
and what is wrong, so a GM who types in the printed tables can fix them without reading
code. This module is the only place of the ruleset that touches files.
"""

from __future__ import annotations

import functools
import importlib.resources
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pbem.rules.encounter_guide import (
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
from pbem.rules.information_sheet import (
    ANY_ROW, DNS, RADIOACTIVITY, TYPE_FACT, InfoLevel, InformationSheet,
)
from pbem.rules.career import demoted_level, promoted_level
from pbem.rules.ranks import Rank
from pbem.rules.ship import COMPONENTS, ShipType, fit_problems, spaces_used
from pbem.rules.geometry import LEVEL_GAP
from pbem.rules.specialists import SpecialistRules
from pbem.rules.tables import (
    ALIEN_SHIPS_TABLE,
    DAMAGE_LOCATIONS,
    DAMAGE_TABLE,
    NUMBERS,
    OUTCOMES,
    OUTER_TABLE_IDS,
    READ_BY,
    ROLLERS,
    ROW_TABLE_IDS,
    SELECTORS,
    TABLE_IDS,
    TOT_INNER_SPACE_COLUMN,
    AlienShipTable,
    AlienShipType,
    Column,
    RowTable,
    Table,
)
from pbem.rules.ruleset import Ruleset
from pbem.technologies import read_technologies

SHIPS = "ships.toml"
RANKS = "ranks.toml"
GUIDE = "guide.toml"
INFORMATION = "information.toml"
TABLES = "tables.toml"
TECHNOLOGIES = "technologies.toml"  # optional rule Unpredictable Research
SPECIALISTS = "specialists.toml"  # outer space (5E)
FILES: tuple[str, ...] = (SHIPS, RANKS, GUIDE, INFORMATION, TABLES, TECHNOLOGIES, SPECIALISTS)
DICE: tuple[int, ...] = (6, 10)  # S.C. rules B f: the S.C. has a d6 and a d10
RACE_FACTS: dict[str, str] = {  # Information Sheet fact -> Race attribute it must match
    "life": "life",
    "class": "klass",
    "group": "group",
    "disposition": "disposition",
}


class RulesetError(Exception):
    """A rules file is unusable: which file, which key, what is wrong."""

    def __init__(self, file: str, key: str, reason: str) -> None:
        super().__init__(file, key, reason)
        self.file = file
        self.key = key
        self.reason = reason

    def __str__(self) -> str:
        if not self.key:
            return f"{self.file}: {self.reason}"
        return f"{self.file}: {self.key}: {self.reason}"


def load_ruleset(game_dir: Path | None = None) -> Ruleset:
    """The defaults, each file replaced by `game_dir/rules/<file>` when that exists."""
    stamps = []
    for name in FILES:
        path = Path(game_dir) / "rules" / name if game_dir is not None else None
        if path is not None and path.is_file():
            st = path.stat()
            stamps.append((name, str(path.resolve()), st.st_mtime_ns, st.st_size))
        else:
            stamps.append((name, None, 0, 0))
    return _load(tuple(stamps))


# Cached on the override files' paths and modification stamps: editing an override is
# seen at the next call, and the defaults are parsed once per process.
@functools.lru_cache(maxsize=16)
def _load(stamps: tuple[tuple[str, str | None, int, int], ...]) -> Ruleset:
    docs: dict[str, tuple[_File, dict[str, Any]]] = {}
    sources: dict[str, str] = {}
    for name, override, _mtime, _size in stamps:
        label = f"rules/{name}" if override else f"pbem/data/{name}"
        f = _File(label, override is not None)
        docs[name] = (f, f.parse(_read(name, override, label)))
        sources[name] = label if override else "default"
    provenance = {}
    for name, (f, doc) in docs.items():
        if "provenance" in doc:
            provenance[name] = f.string(doc["provenance"], "provenance")
    ships = _ships(*docs[SHIPS])
    ranks = _ranks(*docs[RANKS], ships)
    guide, environments = _guide(*docs[GUIDE])
    information = _information(*docs[INFORMATION], guide, docs[GUIDE][0])
    tables, landing_risks = _tables(*docs[TABLES])
    _outer_space_tables(docs[TABLES][0], tables, landing_risks, information, environments,
                        docs[GUIDE][0])
    alien_ships = _alien_ships(docs[TABLES][0], docs[TABLES][1].get(ALIEN_SHIPS_TABLE))
    technologies = read_technologies(*docs[TECHNOLOGIES])
    specialists = _specialists(*docs[SPECIALISTS])
    return Ruleset(
        ships=MappingProxyType(ships),
        ranks=ranks,
        information=information,
        guide=MappingProxyType(guide),
        sources=MappingProxyType(sources),
        provenance=MappingProxyType(provenance),
        tables=MappingProxyType(tables),
        technologies=technologies,
        landing_risks=landing_risks,
        environments=environments,
        alien_ships=alien_ships,
        specialists=specialists,
    )


def _read(name: str, override: str | None, label: str) -> str:
    try:
        if override:
            return Path(override).read_bytes().decode("utf-8")
        return importlib.resources.files("pbem.data").joinpath(name).read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise RulesetError(label, "", f"not UTF-8 text ({e.reason} at byte {e.start})") from None
    except OSError as e:
        raise RulesetError(label, "", f"cannot be read: {e.strerror or e}") from None


# --- type checks that say file, key and reason ---------------------------------------


def _quote(part: str) -> str:
    return part if re.fullmatch(r"[A-Za-z0-9_-]+", part) else f'"{part}"'


class _File:
    def __init__(self, label: str, override: bool = False) -> None:
        self.label = label
        self.override = override  # a game folder's file, not the package default

    def error(self, key: str, reason: str) -> RulesetError:
        return RulesetError(self.label, key, reason)

    def parse(self, text: str) -> dict[str, Any]:
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise self.error("", f"TOML syntax error: {e}") from None

    def table(self, value: Any, key: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.error(key, f"must be a table, got {value!r}")
        return value

    def required(self, table: dict[str, Any], name: str, key: str) -> Any:
        if name not in table:
            raise self.error(f"{key}.{_quote(name)}" if key else name, "missing")
        return table[name]

    def only(self, table: dict[str, Any], allowed: tuple[str, ...], key: str) -> None:
        for name in table:
            if name not in allowed:
                where = f"{key}.{_quote(name)}" if key else _quote(name)
                raise self.error(where, f"unknown key; use one of {', '.join(allowed)}")

    def integer(self, value: Any, key: str, low: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(key, f"must be a whole number, got {value!r}")
        if low is not None and value < low:
            raise self.error(key, f"must be at least {low}, got {value}")
        return value

    def string(self, value: Any, key: str, choices: tuple[str, ...] = ()) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.error(key, f"must be a non-empty string, got {value!r}")
        if choices and value not in choices:
            raise self.error(key, f"must be one of {', '.join(choices)}, got {value!r}")
        return value

    def boolean(self, value: Any, key: str) -> bool:
        if not isinstance(value, bool):
            raise self.error(key, f"must be true or false, got {value!r}")
        return value

    def array(self, value: Any, key: str, length: int | None = None) -> list[Any]:
        if not isinstance(value, list):
            raise self.error(key, f"must be a list, got {value!r}")
        if length is not None and len(value) != length:
            raise self.error(key, f"must list exactly {length} values, got {len(value)}")
        return value


# --- ships.toml (3C, 3D) -------------------------------------------------------------


def _ships(f: _File, doc: dict[str, Any]) -> dict[str, ShipType]:
    ships: dict[str, ShipType] = {}
    # 3 men a crew is fixed by the rulebook (3D a): a GM's file may leave it out.
    crew_men = f.integer(doc.get("crew_men", ShipType.crew_men), "crew_men", 1)
    for name, raw in doc.items():
        if name in ("provenance", "crew_men"):
            continue
        t = f.table(raw, name)
        f.only(t, ("level", "spaces", "parsecs_per_tank", "minimum", "maximum", "default"), name)
        level = f.integer(f.required(t, "level", name), f"{name}.level", 0)
        spaces = f.integer(f.required(t, "spaces", name), f"{name}.spaces", 1)
        per_tank = f.integer(
            f.required(t, "parsecs_per_tank", name), f"{name}.parsecs_per_tank", 1
        )
        limits: dict[str, dict[str, int]] = {}
        for side in ("minimum", "maximum", "default"):
            key = f"{name}.{side}"
            if side == "default" and side not in t:
                continue  # optional: the minimum sheet
            counts = f.table(f.required(t, side, name), key)
            for comp, n in counts.items():
                if comp not in COMPONENTS:
                    raise f.error(
                        f"{key}.{_quote(comp)}",
                        f"unknown component; use one of {', '.join(COMPONENTS)}",
                    )
                f.integer(n, f"{key}.{comp}", 0)
            limits[side] = dict(counts)
        low, high = limits["minimum"], limits["maximum"]
        for comp in COMPONENTS:
            if comp in high and low.get(comp, 0) > high[comp]:
                raise f.error(
                    f"{name}.minimum.{comp}",
                    f"minimum {low[comp]} is above the maximum {high[comp]}",
                )
        if spaces_used(low) > spaces:
            raise f.error(
                f"{name}.minimum",
                f"the minimum sheet fills {spaces_used(low)} spaces; the ship has {spaces}",
            )
        # 3C, 3F c: the sheet a rescued or promoted officer flies until he refits.
        given = "default" in limits
        default = {c: limits.get("default", low).get(c, 0) for c in COMPONENTS}
        ship = ShipType(name, level, spaces, per_tank, low, high, default, crew_men)
        problems = fit_problems(ship, default)
        if problems:
            raise f.error(
                f"{name}.default",
                ("not a lawful sheet: " if given else "missing, and the minimum sheet is not "
                 "lawful: ") + "; ".join(problems),
            )
        ships[name] = ship
    if not ships:
        raise f.error("", "defines no ship type")
    return ships


# --- ranks.toml (section 2, 3A) ------------------------------------------------------


def _ranks(f: _File, doc: dict[str, Any], ships: Mapping[str, ShipType]) -> tuple[Rank, ...]:
    f.only(doc, ("provenance", "ranks"), "")
    raw = f.array(f.required(doc, "ranks", ""), "ranks")
    if not raw:
        raise f.error("ranks", "must list at least one rank")
    ranks: list[Rank] = []
    for i, item in enumerate(raw, 1):
        key = f"ranks[{i}]"
        t = f.table(item, key)
        f.only(t, ("name", "ships", "promotion"), key)
        name = f.string(f.required(t, "name", key), f"{key}.name")
        if any(r.name.lower() == name.lower() for r in ranks):
            raise f.error(f"{key}.name", f"rank {name!r} is listed twice")
        key = f"ranks[{i}] ({name})"
        listed = f.array(t.get("ships", []), f"{key}.ships")
        types = tuple(f.string(s, f"{key}.ships") for s in listed)
        for s in types:
            if s not in ships:
                raise f.error(f"{key}.ships", f"unknown ship type {s!r}; known: {', '.join(ships)}")
        last = i == len(raw)
        promotion = t.get("promotion")
        if last:
            # Reaching the last rank wins the game (section 1), so there is nothing above.
            if promotion is not None:
                raise f.error(f"{key}.promotion", "the last rank wins the game; remove it")
        else:
            promotion = f.integer(f.required(t, "promotion", key), f"{key}.promotion", 1)
            if not types:
                raise f.error(f"{key}.ships", "every rank below the last commands a ship type")
        ranks.append(Rank(name, types, promotion))
    _every_rank_change_has_a_ship(f, ranks, ships)
    return tuple(ranks)


def _every_rank_change_has_a_ship(f: _File, ranks: list[Rank], ships: Mapping[str, ShipType]) -> None:
    """A promotion gives the ship of the immediately higher level (3A) and a rescue return
    one of a lower level (3F c): the rank above, and the rank below, must command it."""
    for i, rank in enumerate(ranks):
        key = f"ranks[{i + 1}] ({rank.name}).ships"
        for name in rank.ships:
            level = ships[name].level
            steps = [("promoted", ranks[i + 1], promoted_level(ships, level))] if (
                i + 1 < len(ranks) and ranks[i + 1].ships) else []
            steps.append(("rescued", ranks[max(i - 1, 0)], demoted_level(ships, level)))
            for what, other, wanted in steps:
                if not any(ships[n].level == wanted for n in other.ships):
                    raise f.error(key, f"a {rank.name} {what} from a {name} (level {level}) "
                                       f"becomes {other.name} with a ship of level {wanted}, "
                                       f"and a {other.name} commands none: add one to "
                                       f"{other.name}'s ships")


# --- guide.toml (Encounter Guide) ----------------------------------------------------

_RACE_KEYS: tuple[str, ...] = (
    "name", "reference", "life", "class", "group", "disposition", "civility", "fc",
    "presence", "arrivals", "points", "capturable", "alliance_factor", "alliance_value",
    "merchant", "reembark_target", "technological_level", "preferred_environment",
    "preferred_bonus", "non_vital_environment", "description",
)  # fmt: skip


_RISKLESS_LIFE = {"oz-minerals": "mineral", "secor-plants": "vegetable"}  # 3H


def _guide(f: _File, doc: dict[str, Any]) -> tuple[dict[str, Race], tuple[str, ...]]:
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
                    f"races.{_quote(race.id)}.{'class' if attr == 'klass' else attr}",
                    f"{getattr(race, attr)!r} differs from {getattr(first, attr)!r} of "
                    f"{first.id!r}, in the same group {race.group!r}",
                )
    return guide, environments


def _race(f: _File, rid: str, raw: Any, environments: tuple[str, ...]) -> Race:
    k = f"races.{_quote(rid)}"
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
        m: f.integer(n, f"{k}.points.{_quote(m)}", 0)
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
                f"{k}.points.{_quote(m)}", f"unknown mission; use one of {', '.join(SHEET_POINTS)}"
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


# --- information.toml (S.C. rules F) -------------------------------------------------


def _information(
    f: _File, doc: dict[str, Any], guide: Mapping[str, Race], gf: _File
) -> InformationSheet:
    f.only(doc, ("provenance", "levels", "names", "marks", "references", "radioactivity",
                 "atmospheres"), "")
    races = frozenset(guide)
    names_raw = f.table(doc.get("names", {}), "names")
    names = {v: f.string(n, f"names.{_quote(v)}") for v, n in names_raw.items()}
    marks_raw = f.table(doc.get("marks", {}), "marks")
    marks = {v: f.string(m, f"marks.{_quote(v)}") for v, m in marks_raw.items()}
    refs_raw = f.table(doc.get("references", {}), "references")
    references = {g: f.integer(n, f"references.{_quote(g)}", 0) for g, n in refs_raw.items()}

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
                    f"levels.{lv.number}.rows.{_quote(key)}",
                    f"{value!r} is not a race of the Encounter Guide; every chain must end "
                    "at a race",
                )
            else:
                stack.append(chain)
    for lv in levels:
        for key in lv.rows:
            if key not in reached[lv.number]:
                where = f"levels.{lv.number}.rows.{_quote(key)}"
                raise f.error(where, "this row can never be reached")

    # Level IV names the group and the G.I. reference (S.C. rules F).
    group_levels = [lv.number for lv in levels if lv.fact == "group"]
    groups = set().union(*(values[n] for n in group_levels)) - races
    for g in sorted(groups):
        if g not in references:
            where = f"references.{_quote(g)}"
            raise f.error(where, "missing: every group names its G.I. reference")
    for g in references:
        if g not in groups:
            raise f.error(f"references.{_quote(g)}", "not a group of the sheet")
    for v in marks:
        if v != DNS and v not in races and not any(v in vs for vs in values.values()):
            raise f.error(f"marks.{_quote(v)}", "not a value of the sheet")

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
                    f"races.{_quote(race.id)}.{lv.fact}",
                    f"{getattr(race, attr)!r}, but the Information Sheet reaches it by "
                    f"{' / '.join(chain)} ({lv.fact} {value!r})",
                )
            last = levels[len(chain) - 1]
            raise f.error(
                f"levels.{last.number}.rows.{_quote(last.row_key(chain))}",
                f"{race.id!r} is reached by {' / '.join(chain)}, but the Encounter Guide "
                f"gives it {lv.fact} {getattr(race, attr)!r}, not {value!r}",
            )
        ref = references.get(race.group) if race.group is not None else None
        if ref is not None and race.reference != ref:
            if blame_guide:
                raise gf.error(
                    f"races.{_quote(race.id)}.reference",
                    f"{race.reference}, but the Information Sheet gives group "
                    f"{race.group!r} the reference {ref}",
                )
            raise f.error(
                f"references.{_quote(race.group)}",
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


def _planet_types(f: _File, levels: tuple[InfoLevel, ...], values: dict[int, set[str]],
                  key: str) -> list[str]:
    """The planet types the sheet can give (the values of its level of fact "type")."""
    level = next((lv for lv in levels if lv.fact == TYPE_FACT), None)
    if level is None:
        raise f.error(key, f'no level of the sheet gives the planet type (fact = "{TYPE_FACT}"), '
                           "which this is read by")
    return sorted(values[level.number])


def _radioactivity(
    f: _File, doc: dict[str, Any], levels: tuple[InfoLevel, ...], values: dict[int, set[str]],
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
                raise f.error(f"{kind}.{_quote(t)}", f"missing: planet type {t} needs its {what}")
        for t in table:
            if t not in types:
                raise f.error(f"{kind}.{_quote(t)}",
                              f"not a planet type of the sheet ({', '.join(types)})")
    for t in types:
        k = f"radioactivity.rows.{_quote(t)}"
        faces = f.array(rows_raw[t], k, die)
        rows[t] = tuple(f.string(v, f"{k}[{n}]", RADIOACTIVITY) for n, v in enumerate(faces, 1))
        atmospheres[t] = f.string(atmospheres_raw[t], f"atmospheres.{_quote(t)}")
    return die, rows, atmospheres


def _level(
    f: _File, n: int, raw: Any, names: Mapping[str, str], races: frozenset[str]
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
        rk = f"{k}.rows.{_quote(row_key)}"
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


# --- tables.toml (section 4, TAB. A to L) --------------------------------------------


def _tables(f: _File, doc: dict[str, Any]) -> tuple[dict[str, Table], RowTable]:
    every = tuple(sorted(TABLE_IDS + OUTER_TABLE_IDS + ROW_TABLE_IDS + (ALIEN_SHIPS_TABLE,)))
    f.only(doc, ("provenance",) + every, "")
    for tid in every:
        if tid not in doc:
            raise f.error(tid, f"missing: the game needs TAB. {', '.join(every)}")
    tables = {tid: _table(f, tid, doc[tid]) for tid in TABLE_IDS + OUTER_TABLE_IDS}
    return tables, _row_table(f, "O", doc["O"])


def _row_table(f: _File, tid: str, raw: Any) -> RowTable:
    """TAB. O: a row per planet type, listing the faces that damage the landing ship."""
    t = f.table(raw, tid)
    f.only(t, ("title", "die", "by", "roller", "rows"), tid)
    title = f.string(f.required(t, "title", tid), f"{tid}.title")
    die = f.integer(f.required(t, "die", tid), f"{tid}.die")
    if die not in DICE:
        raise f.error(f"{tid}.die", f"must be 6 or 10, got {die}")
    by = f.string(f.required(t, "by", tid), f"{tid}.by", tuple(SELECTORS))
    if by != READ_BY[tid]:
        raise f.error(f"{tid}.by", f"TAB. {tid} is read by {READ_BY[tid]}, got {by!r}")
    roller = f.string(f.required(t, "roller", tid), f"{tid}.roller", ROLLERS)
    rows: dict[str, tuple[int, ...]] = {}
    for name, faces in f.table(f.required(t, "rows", tid), f"{tid}.rows").items():
        k = f"{tid}.rows.{_quote(name)}"
        listed = [f.integer(v, f"{k}[{n}]", 1) for n, v in enumerate(f.array(faces, k), 1)]
        for n, v in enumerate(listed, 1):
            if v > die:
                raise f.error(f"{k}[{n}]", f"{v} is not a face of the d{die}")
        if listed != sorted(set(listed)):
            raise f.error(k, "list each face once, in increasing order")
        rows[name] = tuple(listed)
    return RowTable(tid, title, die, by, roller, MappingProxyType(rows))


def _outer_space_tables(f: _File, tables: dict[str, Table], risks: RowTable,
                        information: InformationSheet, environments: tuple[str, ...],
                        gf: _File) -> None:
    """TAB. O has a row for every planet type of the Information Sheet, and TAB. P names
    only environments of the Encounter Guide, each of them (5F, 5G)."""
    type_level = next(lv for lv in information.levels if lv.fact == TYPE_FACT)
    types = sorted({v for row in type_level.rows.values() for v in row if v != DNS})
    for t in types:
        if t not in risks.rows:
            raise f.error(f"O.rows.{_quote(t)}", f"missing: the Information Sheet has planets "
                                                 f"of type {t}")
    for t in risks.rows:
        if t not in types:
            raise f.error(f"O.rows.{_quote(t)}", "not a planet type of the Information Sheet "
                                                 f"({', '.join(types)})")
    p = tables["P"]
    rolled = set(p.columns[0].faces)
    for n, zone in enumerate(p.columns[0].faces, 1):
        if zone not in environments:
            raise f.error(f"P.column[1].faces[{n}]",
                          f"{zone!r} is not an environment of the Encounter Guide "
                          f"({', '.join(environments)})")
    for i, e in enumerate(environments, 1):
        if e not in rolled:
            raise gf.error(f"environments[{i}]", f"{e!r} is never rolled on TAB. P")


_SIDES = ("N", "E", "S", "W")


def _alien_ships(f: _File, raw: Any) -> AlienShipTable:
    """TAB. Q (5C a): each face names a ship of [Q.ships] and the side it enters from."""
    tid = ALIEN_SHIPS_TABLE
    t = f.table(raw, tid)
    f.only(t, ("title", "die", "roller", "faces", "ships"), tid)
    title = f.string(f.required(t, "title", tid), f"{tid}.title")
    die = f.integer(f.required(t, "die", tid), f"{tid}.die")
    if die not in DICE:
        raise f.error(f"{tid}.die", f"must be 6 or 10, got {die}")
    roller = f.string(f.required(t, "roller", tid), f"{tid}.roller", ROLLERS)
    ships: dict[str, AlienShipType] = {}
    for name, item in f.table(f.required(t, "ships", tid), f"{tid}.ships").items():
        k = f"{tid}.ships.{_quote(name)}"
        s = f.table(item, k)
        f.only(s, ("attack", "defence", "movement"), k)
        ships[name] = AlienShipType(
            name,
            f.integer(f.required(s, "attack", k), f"{k}.attack", 1),
            f.integer(f.required(s, "defence", k), f"{k}.defence", 1),
            # A level change costs 4 and cannot be split (3E): a slower ship could never
            # follow a legionary to another level (S.C. rule E a).
            f.integer(f.required(s, "movement", k), f"{k}.movement", LEVEL_GAP),
        )
    if not ships:
        raise f.error(f"{tid}.ships", "must list at least one alien ship")
    faces = f.array(f.required(t, "faces", tid), f"{tid}.faces", die)
    read: list[tuple[str, str]] = []
    for n, item in enumerate(faces, 1):
        k = f"{tid}.faces[{n}]"
        face = f.table(item, k)
        f.only(face, ("ship", "side"), k)
        ship = f.string(f.required(face, "ship", k), f"{k}.ship", tuple(ships))
        side = f.string(f.required(face, "side", k), f"{k}.side", _SIDES)
        read.append((ship, side))
    return AlienShipTable(tid, title, die, roller, MappingProxyType(ships), tuple(read))


# --- specialists.toml (5E) ------------------------------------------------------------


def _specialists(f: _File, doc: dict[str, Any]) -> SpecialistRules:
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


def _table(f: _File, tid: str, raw: Any) -> Table:
    t = f.table(raw, tid)
    f.only(t, ("title", "die", "by", "roller", "column"), tid)
    title = f.string(f.required(t, "title", tid), f"{tid}.title")
    die = f.integer(f.required(t, "die", tid), f"{tid}.die")
    if die not in DICE:
        raise f.error(f"{tid}.die", f"must be 6 or 10, got {die}")
    by = f.string(f.required(t, "by", tid), f"{tid}.by", tuple(SELECTORS))
    if by != READ_BY[tid]:
        # The rules code looks the table up with this number; another would misread it.
        raise f.error(f"{tid}.by", f"TAB. {tid} is read by {READ_BY[tid]}, got {by!r}")
    roller = f.string(f.required(t, "roller", tid), f"{tid}.roller", ROLLERS)
    raw_columns = f.array(f.required(t, "column", tid), f"{tid}.column")
    if not raw_columns:
        raise f.error(f"{tid}.column", "must list at least one column")
    if by == "none" and len(raw_columns) != 1:
        raise f.error(
            f"{tid}.column", f"a table read by none has one column, got {len(raw_columns)}"
        )
    if tid == "L" and len(raw_columns) < TOT_INNER_SPACE_COLUMN:
        raise f.error(
            f"{tid}.column",
            f"inner space reads column no. {TOT_INNER_SPACE_COLUMN} (4 VI); give at least "
            f"{TOT_INNER_SPACE_COLUMN} columns",
        )
    columns: list[Column] = []
    previous: int | None = None
    for i, item in enumerate(raw_columns, 1):
        k = f"{tid}.column[{i}]"
        c = f.table(item, k)
        f.only(c, ("upto", "faces"), k)
        upto: int | None = None
        if i == len(raw_columns):
            if "upto" in c:
                raise f.error(f"{k}.upto", "the last column is open at the high end; remove it")
        else:
            upto = f.integer(f.required(c, "upto", k), f"{k}.upto")
            if previous is not None and upto <= previous:
                raise f.error(
                    f"{k}.upto", f"must be above the previous column's upto {previous}, got {upto}"
                )
            previous = upto
        faces = f.array(f.required(c, "faces", k), f"{k}.faces")
        if len(faces) != die:
            raise f.error(
                f"{k}.faces",
                f"must list exactly {die} results, one per face of the d{die}, got {len(faces)}",
            )
        results = tuple(_result(f, tid, v, f"{k}.faces[{n}]") for n, v in enumerate(faces, 1))
        columns.append(Column(upto, results))
    return Table(tid, title, die, by, roller, tuple(columns))


def _result(f: _File, tid: str, value: Any, key: str) -> str | int:
    if tid in NUMBERS:
        return f.integer(value, key, NUMBERS[tid])
    if tid == "P":
        return f.string(value, key)  # an environment, checked against the G.I.'s list
    choices = DAMAGE_LOCATIONS if tid == DAMAGE_TABLE else OUTCOMES[tid]
    if tid == DAMAGE_TABLE and value in COMPONENTS and value not in DAMAGE_LOCATIONS:
        raise f.error(key, f"{value!r} cannot be damaged: crews are lost man by man on "
                           "TAB. B (3D a); name another component or \"hull\"")
    if value not in choices or not isinstance(value, str):
        allowed = ", ".join(f'"{c}"' for c in choices)
        raise f.error(key, f"must be one of {allowed}, got {value!r}")
    return value
