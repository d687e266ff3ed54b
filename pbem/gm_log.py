"""The GM log in words: every roll grouped by officer and purpose, every event as a line of
`field value` pairs with names as written.

A large game logs tens of thousands of rolls and events, so the lines are made here in
plain Python and the template (`gm-log.txt.j2`) only lays them out.
"""

from __future__ import annotations

import json
from itertools import repeat
from operator import itemgetter
from typing import Any, Iterable, Mapping

from .rules.dice import Roll
from .rules.events import Event

NOBODY = "the Space Computer"  # rolls and events that concern no officer


def value_text(value: Any) -> str:
    kind = type(value)
    if kind is str:
        return value or '""'
    if kind is bool:
        return "yes" if value else "no"
    if value is None:
        return "-"
    if kind is int:
        return str(value)
    if kind is list or kind is tuple:
        return ", ".join(map(value_text, value)) if value else "none"
    if kind is dict:
        return "{" + _pairs(value, _ALL) + "}"
    return str(value)


def fields_text(data: Mapping[str, Any]) -> str:
    # Fields in name order, as the database keeps them, so a move written again from the
    # database reads the same; the officer's name is in the line's head already.
    return _pairs(data, "officer_name")


_ALL = object()  # no key is this: `_pairs` leaves nothing out


def _pairs(data: Mapping[Any, Any], skip: object) -> str:
    """`key value; ...` in key order, `skip` left out. `value_text` inlined for the plain
    values most fields hold: a move's events have hundreds of thousands of fields."""
    parts = []
    for k, v in sorted(data.items()):
        if k == skip:
            continue
        kind = type(v)
        if kind is str:
            parts.append(f"{k} {v}" if v else f'{k} ""')
        elif kind is int:
            parts.append(f"{k} {v}")
        elif kind is bool:
            parts.append(f"{k} yes" if v else f"{k} no")
        elif v is None:
            parts.append(f"{k} -")
        else:
            parts.append(f"{k} {value_text(v)}")
    return "; ".join(parts)


def event_line(e: Event, names: Mapping[int, str], fields: str | None = None) -> str:
    """`fields`: `fields_text(e.data)`, when it is known already."""
    if fields is None:
        fields = fields_text(e.data)
    who = names.get(e.officer, NOBODY) if e.officer is not None else NOBODY
    return f"  [{e.audience}] {e.kind} ({who}){': ' + fields if fields else ''}"


def roll_lines(rolls: Iterable[Roll], names: Mapping[int, str]) -> list[str]:
    """Rolls grouped by officer (in the order they first rolled: the player order), then by
    purpose (in the order of its first roll), each roll in the order it was made."""
    groups: dict[Any, dict[str, list[Roll]]] = {}
    for r in rolls:
        groups.setdefault(r.officer, {}).setdefault(r.kind, []).append(r)
    lines: list[str] = []
    for officer, purposes in sorted(groups.items(), key=lambda g: g[0] is None):
        lines.append(f"  {names.get(officer, NOBODY) if officer is not None else NOBODY}")
        for kind, group in purposes.items():
            lines.append(f"    {kind}")
            width = max(len(r.detail) for r in group)
            for r in group:
                lines.append(f"      {r.detail:<{width}}  d{r.die:<2} = {r.result:>2}   seen by {r.visibility}")
    return lines


_PLAIN = frozenset({int, str, bool, type(None)})  # equal values of these read alike
_INTS = {int}


class Wording:
    """The words of one GM log, as `fields_text` and `value_text` word each value.

    A move's events are made by a few lines of code each, so they come with a few sets of
    field names: each set is sorted once into a format (`name %s; ...`) and read in that
    order by one `itemgetter` call. A nested dict of plain values (a ship's fit, a
    specialist) is worded once a log, however many sheets hold one like it."""

    def __init__(self) -> None:
        self.plans: dict[tuple, tuple[str, Any]] = {}  # an event's field names, officer's left out
        self.nested_plans: dict[tuple, tuple[str, Any]] = {}  # a nested dict's keys
        self.dicts: dict[tuple, str] = {}

    def fields(self, data: Mapping[str, Any]) -> str:
        """`fields_text(data)`."""
        keys = tuple(data)
        plan = self.plans.get(keys)
        if plan is None:
            if not _all_names(keys):
                return fields_text(data)
            plan = self.plans[keys] = _plan(keys, "officer_name")
        fmt, get = plan
        return fmt % self.words(get(data))

    def words(self, values: tuple) -> tuple:
        """Each value's words, a string or int as it is (`%s` prints it so)."""
        word = self.value
        return tuple([v if (type(v) is str and v) or type(v) is int
                      else (("yes" if v else "no") if type(v) is bool
                            else "-" if v is None else word(v))
                      for v in values])

    def value(self, value: Any) -> str:
        """`value_text(value)`."""
        kind = type(value)
        if kind is list or kind is tuple:
            if not value:
                return "none"
            if {*map(type, value)} == _INTS:  # a square, a reckoning
                return ", ".join(map(str, value))
            return ", ".join(map(self.value, value))
        if kind is dict:
            return self.nested(value)
        return value_text(value)

    def nested(self, value: dict) -> str:
        keys = tuple(value)
        plan = self.nested_plans.get(keys)
        if plan is None:
            if not _all_names(keys):
                return value_text(value)
            plan = self.nested_plans[keys] = _plan(keys, _ALL)
        fmt, get = plan
        values = get(value)
        types = tuple(map(type, values))
        if not _PLAIN.issuperset(types):
            return "{" + fmt % self.words(values) + "}"
        # The format stands for the sorted names (each `%` in a name doubled), the types
        # tell True from 1: equal keys, equal words.
        key = (fmt, values, types)
        text = self.dicts.get(key)
        if text is None:
            text = self.dicts[key] = "{" + fmt % self.words(values) + "}"
        return text


def _all_names(keys: tuple) -> bool:
    """Field names all strings: sortable, and a tuple of them equal only to the same names
    (1 == True would make two dicts' keys look alike)."""
    return all(type(k) is str for k in keys)


def _plan(keys: tuple[str, ...], skip: object) -> tuple[str, Any]:
    """The format of these fields in name order, `skip` left out, and the getter of their
    values in that order (always a tuple)."""
    names = sorted(k for k in keys if k != skip)
    fmt = "; ".join(name.replace("%", "%%") + " %s" for name in names)
    if len(names) == 1:
        return fmt, lambda data, name=names[0]: (data[name],)
    return fmt, itemgetter(*names) if names else (lambda data: ())


def gm_log_parts(events: list[Event], rolls: list[Roll], names: Mapping[int, str],
                 texts: Iterable[str] | None = None) -> dict[str, str]:
    """The rolls and the events as gm-log.txt.j2 prints them. `texts`, the events' data as
    stored (`to_json`), if at hand: many events say the same (every INFO NEW that
    found no new planet), and each is worded once."""
    return {"rolls": "\n".join(roll_lines(rolls, names)),
            "events": "\n".join(_event_lines(events, texts, names))}


def _event_lines(events: list[Event], texts: Iterable[str] | None,
                 names: Mapping[int, str]) -> list[str]:
    """`event_line` of each event (a hundred thousand lines a move, so written here without
    a call each)."""
    fields = Wording().fields
    who = {**names, None: NOBODY}
    heads: dict[tuple[str, str], str] = {}
    worded: dict[str, str] = {}
    # Kinds whose texts (their officer's name left out) did not recur among the first
    # TRIES: every sheet names its own ship, every route its own reckoning. The rest of
    # their events are worded without a look-up.
    unique: set[str] = set()
    new: dict[str, int] = {}  # of each kind, the texts worded as new so far
    recurring: set[str] = set()
    lines = []
    for (kind, audience, officer, data), text in zip(events, repeat(None) if texts is None else texts):
        if text is None or kind in unique:
            said = fields(data)
        else:
            name = data.get("officer_name")
            if type(name) is str:  # said of him, and maybe of others alike but for the name
                text = unnamed(text, name)
            said = worded.get(text)
            if said is None:
                said = worded[text] = fields(data)
                if kind not in recurring:
                    n = new[kind] = new.get(kind, 0) + 1
                    if n == TRIES:
                        unique.add(kind)
            else:
                recurring.add(kind)
        head = heads.get((audience, kind))
        if head is None:
            head = heads[(audience, kind)] = f"  [{audience}] {kind} ("
        name = who.get(officer, NOBODY)
        lines.append(f"{head}{name}): {said}" if said else f"{head}{name})")
    return lines


def unnamed(text: str, name: str) -> str:
    """An event's stored text with its officer's name (its top field `officer_name`) taken
    out: equal for two events whose data are the same but for that name, whose words are
    then the same (the GM log leaves the field out), and for no others.

    The field as the encoder writes it is replaced by a character no JSON text holds (it
    writes control characters as escapes), first where it occurs: where the same name is
    written first in a nested field of the same name, an equal text has the same name there
    and at the top too, so the two texts were equal. A name the encoder writes otherwise is
    not found, and the text is kept whole."""
    return text.replace(f'"officer_name": {_ENCODE_STR(name)}', "\x00", 1)


_ENCODE_STR = json.encoder.encode_basestring  # how `to_json` writes a str
TRIES = 64  # a kind's events worded each as new before its texts are taken for unique
