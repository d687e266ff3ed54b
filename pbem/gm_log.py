"""The GM log in words: every roll grouped by officer and purpose, every event as a line of
`field value` pairs with names as written.

A large game logs tens of thousands of rolls and events, so the lines are made here in
plain Python and the template (`gm-log.txt.j2`) only lays them out.
"""

from __future__ import annotations

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
    """`key value; ...` in key order, `skip` left out."""
    return "; ".join([f"{k} {value_text(v)}" for k, v in sorted(data.items()) if k != skip])


def event_line(e: Event, names: Mapping[int, str]) -> str:
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


def gm_log_parts(events: list[Event], rolls: list[Roll],
                 names: Mapping[int, str]) -> dict[str, str]:
    """The rolls and the events as gm-log.txt.j2 prints them."""
    return {"rolls": "\n".join(roll_lines(rolls, names)),
            "events": "\n".join(event_line(e, names) for e in events)}
