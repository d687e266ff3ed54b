"""The knowledge `book` keeps, written as JSON: the very text `store.to_json` writes of it
(keys sorted, ", " and ": ", names as written), from the shapes the knowledge has.

Ten thousand officers' charts, the public chart and the GM's Tabula Spatii are kept at every
move, a few megabytes of small dicts and lists; the C encoder behind `to_json` walks each of
them item by item, and an f-string that knows the keys writes a ship or a route in a third of
its time. Whatever is not of the expected shape (a value that is not a whole number or a
name where one is expected, a dict of other keys) is handed to `to_json` as it is, so the
text is always `to_json`'s: tests/test_kept_json.py holds the two together.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Mapping

from .. import store
from .knowledge import OwnChart, PublicChart

_QUOTED: Callable[[str], str] = json.encoder.encode_basestring  # a name, as `to_json` writes it
_to_json = store.to_json


def _value(v: Any) -> str:
    """Any value, its usual kinds written without the encoder."""
    kind = type(v)
    if kind is int:
        return str(v)
    if kind is str:
        return _QUOTED(v)
    if v is None:
        return "null"
    if kind is bool:
        return "true" if v else "false"
    return _to_json(v)


def _ints(v: Any) -> str:
    """A list of whole numbers (a square, a span), or whatever else it is."""
    if type(v) is list and all(type(n) is int for n in v):
        return "[" + ", ".join(map(str, v)) + "]"
    return _to_json(v)


def _points(points: Any) -> str:
    """A route's corners, [[x, y], ...]."""
    if type(points) is not list:
        return _to_json(points)
    out = []
    for p in points:
        if type(p) is list and len(p) == 2 and type(p[0]) is int and type(p[1]) is int:
            out.append(f"[{p[0]}, {p[1]}]")
        else:
            out.append(_to_json(p))
    return "[" + ", ".join(out) + "]"


def _names(d: Any, write: Callable[[Any], str]) -> str:
    """A dict keyed by names (designations, officers' names, levels), each value by
    `write`, in the encoder's order of the keys."""
    if type(d) is not dict or not all(type(k) is str for k in d):
        return _to_json(d)
    if not d:
        return "{}"
    keys = sorted(d) if len(d) > 1 else d
    return "{" + ", ".join([f"{_QUOTED(k)}: {write(d[k])}" for k in keys]) + "}"


_TRACK = frozenset({"level", "move", "points"})
_STOP = frozenset({"at", "move", "parsec", "stop"})
_SPOT = frozenset({"at", "move"})


def _track(t: Any) -> str:
    if type(t) is not dict or t.keys() != _TRACK:
        return _to_json(t)
    return f'{{"level": {_value(t["level"])}, "move": {_value(t["move"])}, "points": {_points(t["points"])}}}'


def _stop(s: Any) -> str:
    if type(s) is not dict or s.keys() != _STOP:
        return _to_json(s)
    return (f'{{"at": {_ints(s["at"])}, "move": {_value(s["move"])}, '
            f'"parsec": {_value(s["parsec"])}, "stop": {_value(s["stop"])}}}')


def _spot(p: Any) -> str:
    """Where an officer placed a planet himself: {at, move}."""
    if type(p) is not dict or p.keys() != _SPOT:
        return _to_json(p)
    return f'{{"at": {_ints(p["at"])}, "move": {_value(p["move"])}}}'


def _list(items: Any, write: Callable[[Any], str]) -> str:
    if type(items) is not list:
        return _to_json(items)
    return "[" + ", ".join([write(item) for item in items]) + "]" if items else "[]"


def own_chart(chart: OwnChart) -> str:
    """`to_json(chart.to_dict())`."""
    return (f'{{"at": {_ints(chart.at)}, "move": {_value(chart.move)}, '
            f'"officer": {_value(chart.officer)}, "planets": {_names(chart.planets, _spot)}, '
            f'"span": {"null" if chart.span is None else _ints(chart.span)}, '
            f'"stops": {_list(chart.stops, _stop)}, "tracks": {_list(chart.tracks, _track)}, '
            f'"trail": {_names(chart.trail, _value)}}}')


_PLANET = frozenset({"at", "base", "destroyed", "facts", "known", "race", "since"})


def _heard(p: Any) -> str:
    """A planet of the public chart."""
    if type(p) is not dict or p.keys() != _PLANET:
        return _to_json(p)
    at = p["at"]
    return (f'{{"at": {"null" if at is None else _ints(at)}, "base": {_value(p["base"])}, '
            f'"destroyed": {_value(p["destroyed"])}, "facts": {_to_json(p["facts"])}, '
            f'"known": {_value(p["known"])}, "race": {_value(p["race"])}, '
            f'"since": {_value(p["since"])}}}')


def _where(w: Any) -> str:
    """Where the bulletins put an officer: null, {on: designation} or {at: square}."""
    if w is None:
        return "null"
    if type(w) is dict and len(w) == 1:
        on = w.get("on")
        if type(on) is str:
            return f'{{"on": {_QUOTED(on)}}}'
    return _to_json(w)


def public_chart(chart: PublicChart) -> str:
    """`to_json(chart.to_dict())`."""
    return (f'{{"move": {_value(chart.move)}, "planets": {_names(chart.planets, _heard)}, '
            f'"ships": {_names(chart.ships, _where)}}}')


_SHIP = frozenset({"at", "ground", "landed", "officer", "rank", "score", "ship_name",
                   "ship_type"})
_LINE = frozenset({"level", "officer", "points"})
# The Tabula Spatii's keys, in the encoder's order; the hazards and the exits are outer
# space's alone.
_TABULA = ("exits", "hazards", "levels", "move", "planets", "ships", "size", "tracks")


def _ship(s: Any) -> str:
    if type(s) is not dict or s.keys() != _SHIP:
        return _to_json(s)
    return (f'{{"at": {_ints(s["at"])}, "ground": {_value(s["ground"])}, '
            f'"landed": {_value(s["landed"])}, "officer": {_value(s["officer"])}, '
            f'"rank": {_value(s["rank"])}, "score": {_value(s["score"])}, '
            f'"ship_name": {_value(s["ship_name"])}, "ship_type": {_value(s["ship_type"])}}}')


def _line(t: Any) -> str:
    """A route the GM's chart pencils: {level, officer, points}."""
    if type(t) is not dict or t.keys() != _LINE:
        return _to_json(t)
    return (f'{{"level": {_value(t["level"])}, "officer": {_value(t["officer"])}, '
            f'"points": {_points(t["points"])}}}')


_WRITERS: dict[str, Callable[[Any], str]] = {
    "ships": lambda ships: _list(ships, _ship),
    "tracks": lambda lines: _list(lines, _line),
}


def tabula(drawn: Mapping[str, Any]) -> str:
    """`to_json(drawn)`, `drawn` as `truth.tabula` draws it."""
    if type(drawn) is not dict or not drawn.keys() <= set(_TABULA):
        return _to_json(drawn)
    return "{" + ", ".join([f'"{key}": {_WRITERS.get(key, _to_json)(drawn[key])}'
                            for key in _TABULA if key in drawn]) + "}"
