"""The Operations Tables, `tables.toml` (section 4, TAB. A to L, and outer space's): each
table's die, columns and results, the landing risks and the alien ships.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from ..rules.information_sheet import DNS, TYPE_FACT, InformationSheet
from ..rules.ship import COMPONENTS
from ..rules.geometry import LEVEL_GAP
from ..rules.tables import (
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

from .rules_file import DICE, RulesFile, quote


def read_tables(f: RulesFile, doc: dict[str, Any]) -> tuple[dict[str, Table], RowTable]:
    every = tuple(sorted(TABLE_IDS + OUTER_TABLE_IDS + ROW_TABLE_IDS + (ALIEN_SHIPS_TABLE,)))
    f.only(doc, ("provenance",) + every, "")
    for tid in every:
        if tid not in doc:
            raise f.error(tid, f"missing: the game needs TAB. {', '.join(every)}")
    tables = {tid: _table(f, tid, doc[tid]) for tid in TABLE_IDS + OUTER_TABLE_IDS}
    return tables, _row_table(f, "O", doc["O"])


def _row_table(f: RulesFile, tid: str, raw: Any) -> RowTable:
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
        k = f"{tid}.rows.{quote(name)}"
        listed = [f.integer(v, f"{k}[{n}]", 1) for n, v in enumerate(f.array(faces, k), 1)]
        for n, v in enumerate(listed, 1):
            if v > die:
                raise f.error(f"{k}[{n}]", f"{v} is not a face of the d{die}")
        if listed != sorted(set(listed)):
            raise f.error(k, "list each face once, in increasing order")
        rows[name] = tuple(listed)
    return RowTable(tid, title, die, by, roller, MappingProxyType(rows))


def check_outer_space_tables(f: RulesFile, tables: dict[str, Table], risks: RowTable,
                        information: InformationSheet, environments: tuple[str, ...],
                        gf: RulesFile) -> None:
    """TAB. O has a row for every planet type of the Information Sheet, and TAB. P names
    only environments of the Encounter Guide, each of them (5F, 5G)."""
    type_level = next(lv for lv in information.levels if lv.fact == TYPE_FACT)
    types = sorted({v for row in type_level.rows.values() for v in row if v != DNS})
    for t in types:
        if t not in risks.rows:
            raise f.error(f"O.rows.{quote(t)}", f"missing: the Information Sheet has planets "
                                                 f"of type {t}")
    for t in risks.rows:
        if t not in types:
            raise f.error(f"O.rows.{quote(t)}", "not a planet type of the Information Sheet "
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


def read_alien_ships(f: RulesFile, raw: Any) -> AlienShipTable:
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
        k = f"{tid}.ships.{quote(name)}"
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


def _table(f: RulesFile, tid: str, raw: Any) -> Table:
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


def _result(f: RulesFile, tid: str, value: Any, key: str) -> str | int:
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
