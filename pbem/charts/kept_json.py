"""The GM's Tabula Spatii as `book` keeps it: the very text `to_json` writes of
`truth.tabula`'s drawing (keys sorted, ", " and ": ", names as written), written from the
shapes that drawing has.

The Tabula Spatii is kept at every move: every planet of the map and every ship, thousands
of small dicts. The C encoder behind `to_json` walks each of them key by key; an f-string
that knows the keys writes a planet or a ship in a fraction of its time. A dict of other
keys, or a planet's value of another kind than `truth.tabula` draws, is written by
`to_json` itself; the rest of the drawing (the routes, the hazards) too, where the encoder
is as fast. tests/test_kept_json.py holds the text to `to_json`'s.
"""

from __future__ import annotations

import json
from operator import itemgetter
from typing import Any, Callable, Mapping

from ..json_codec import to_json

_QUOTED: Callable[[str], str] = json.encoder.encode_basestring  # a name, as `to_json` writes it
_to_json = to_json
_NONE = type(None)
_BOOL = {True: "true", False: "false"}
_SQUARE = (int, int, int)


def _square(at: Any) -> str | None:
    """A square [x, y, level], or None when it is not three whole numbers in a list."""
    if type(at) is list and tuple(map(type, at)) == _SQUARE:
        return f"[{at[0]}, {at[1]}, {at[2]}]"
    return None


def _listed(values: Any, kind: type, word: Any) -> str | None:
    """A list of values all of `kind`, each written by `word`; None when it is not one."""
    if type(values) is not list:
        return None
    if not values:
        return "[]"
    if {*map(type, values)} != {kind}:
        return None
    return "[" + ", ".join(map(word, values)) + "]"


def _names(names: Any) -> str | None:
    """A list of names (a planet's facts), or None when it is not one."""
    return _listed(names, str, _QUOTED)


def _numbers(numbers: Any) -> str | None:
    """A list of whole numbers (the aliens' F.C.), or None when it is not one."""
    return _listed(numbers, int, str)


def _name(value: str | None) -> str:
    return "null" if value is None else _QUOTED(value)


_PLANET_KEYS = ("aliens", "at", "base", "designation", "destroyed", "discovered_by",
                "discovered_move", "facts", "hostile", "id", "known", "populated")
_PLANET = itemgetter(*_PLANET_KEYS)
# The kinds of a planet's values but its lists and square: a name or none, a move or none.
_PLANET_KINDS = frozenset(
    (bool, designation, bool, discovered_by, discovered_move, bool, int, bool, bool)
    for designation in (str, _NONE) for discovered_by in (str, _NONE)
    for discovered_move in (int, _NONE))


def _planet(p: Any) -> str:
    if type(p) is not dict or len(p) != len(_PLANET_KEYS):
        return _to_json(p)
    try:
        (aliens, at, base, designation, destroyed, discovered_by, discovered_move, facts,
         hostile, id_, known, populated) = _PLANET(p)
    except KeyError:
        return _to_json(p)
    square, told, alive = _square(at), _names(facts), _numbers(aliens)
    if (square is None or told is None or alive is None or (
            type(base), type(designation), type(destroyed), type(discovered_by),
            type(discovered_move), type(hostile), type(id_), type(known),
            type(populated)) not in _PLANET_KINDS):
        return _to_json(p)
    return (f'{{"aliens": {alive}, "at": {square}, "base": {_BOOL[base]}, '
            f'"designation": {_name(designation)}, "destroyed": {_BOOL[destroyed]}, '
            f'"discovered_by": {_name(discovered_by)}, "discovered_move": '
            f'{"null" if discovered_move is None else discovered_move}, "facts": {told}, '
            f'"hostile": {_BOOL[hostile]}, "id": {id_}, "known": {_BOOL[known]}, '
            f'"populated": {_BOOL[populated]}}}')


_SHIP = itemgetter("at", "ground", "landed", "officer", "rank", "score", "ship_name",
                   "ship_type")


def _ships(ships: Any) -> str:
    """Every ship, ten thousand of them, written without a look at the kind of each value:
    `truth.tabula` makes them all alike (the square of three whole numbers, on the ground
    or not, the designation it landed on or none, the names, the score)."""
    if type(ships) is not list:
        return _to_json(ships)
    out = []
    add = out.append
    quoted = _QUOTED
    try:
        for s in ships:
            if type(s) is not dict or len(s) != 8:
                return _to_json(ships)
            (x, y, z), ground, landed, officer, rank, score, ship_name, ship_type = _SHIP(s)
            add(f'{{"at": [{x}, {y}, {z}], "ground": {_BOOL[ground]}, "landed": '
                f'{"null" if landed is None else quoted(landed)}, "officer": {quoted(officer)}, '
                f'"rank": {quoted(rank)}, "score": {score}, "ship_name": {quoted(ship_name)}, '
                f'"ship_type": {quoted(ship_type)}}}')
    except (KeyError, TypeError, ValueError):
        return _to_json(ships)  # not a ship as `truth.tabula` draws it
    return "[" + ", ".join(out) + "]"


def _each(write: Callable[[Any], str]) -> Callable[[Any], str]:
    """A list, each of its entries by `write`."""
    def listed(items: Any) -> str:
        if type(items) is not list:
            return _to_json(items)
        return "[" + ", ".join(map(write, items)) + "]" if items else "[]"
    return listed


# The Tabula Spatii's keys in the encoder's order (the hazards and the exits are outer
# space's alone), each with its writer.
_TABULA: dict[str, Callable[[Any], str]] = {
    "exits": _to_json, "hazards": _to_json, "levels": _to_json, "move": _to_json,
    "planets": _each(_planet), "ships": _ships, "size": _to_json, "tracks": _to_json,
}


def tabula(drawn: Mapping[str, Any]) -> str:
    """`to_json(drawn)`, `drawn` as `truth.tabula` draws it."""
    if type(drawn) is not dict or not drawn.keys() <= _TABULA.keys():
        return _to_json(drawn)
    return "{" + ", ".join([f'"{key}": {write(drawn[key])}'
                            for key, write in _TABULA.items() if key in drawn]) + "}"
