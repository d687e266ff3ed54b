"""Reports and bulletins as JSON, for the tools players write (schemas/report.schema.json).

Format version 1. A reader should check `format` and `version`: fields may be added within
a version (new event kinds, new fields of an event), never removed or changed in meaning;
that takes a new version. Every event is written as the database stores it, so the JSON of
ten thousand reports is mostly text made once per move, joined here.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Iterator, Mapping

from .charts.knowledge import designation_order
from .json_codec import to_json

# What the text formats drop from names (render.plain) and JSON would keep raw: C1 control
# characters and bidi overrides, which could make a tool show a name reversed or hidden.
# (C0 controls are always written as escapes by the JSON encoder.)
_HIDDEN = re.compile(r"[\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _clean(text: str) -> str:
    return text if text.isascii() else _HIDDEN.sub("", text)

VERSION = 1
REPORT = "pbem-report"
BULLETIN = "pbem-bulletin"


def _events(pairs: Iterable[tuple[Any, str]]) -> str:
    """One event a line: `{"kind": ..., "audience": ..., "data": {...}}`."""
    if type(pairs) is not list:
        pairs = list(pairs)
    if not pairs:
        return "[]"
    return "[\n" + _lines(pairs) + "\n]"


def _lines(pairs: list[tuple[Any, str]]) -> str:
    """The events' lines of `_events`, joined: each event's data as stored, cleaned."""
    return ",\n".join(f'{{"kind": {to_json(e.kind)}, "audience": {to_json(e.audience)}, '
                       f'"data": {_clean(text)}}}' for e, text in pairs)


def _document(head: Mapping[str, Any], events: str) -> str:
    return _clean(to_json(dict(head)))[:-1] + ', "events": ' + events + "}\n"


def officer_report(*, game: str, move: int, officer_id: int, sheet: Mapping[str, Any],
                   place: int | None, officers: int, game_end: Mapping[str, Any] | None,
                   chart: Mapping[str, Any], events: Iterable[tuple[Any, str]],
                   deadline: Mapping[str, Any] | None = None,
                   rulings: Iterable[Mapping[str, str]] = ()) -> str:
    """One officer's report."""
    head = {
        "format": REPORT, "version": VERSION, "game": game, "move": move,
        "officer": _officer(officer_id, sheet, place, officers),
        "next_move": None if game_end else move + 1, "deadline": deadline,
        "rulings": list(rulings), "game_end": game_end, "chart": chart,
    }
    return _document(head, _events(events))


def _officer(officer_id: int, sheet: Mapping[str, Any], place: int | None,
             officers: int) -> dict[str, Any]:
    return {"id": officer_id, "name": sheet["officer_name"], "rank": sheet["rank"],
            "score": sheet["score"], "place": place, "officers": officers}


def bulletin(*, game: str, move: int, standings: list[Mapping[str, Any]],
             game_end: Mapping[str, Any] | None, chart: Mapping[str, Any],
             events: Iterable[tuple[Any, str]], deadline: Mapping[str, Any] | None = None,
             departures: Iterable[str] = (), fair_play: Mapping[str, Any] | None = None) -> str:
    """The bulletin: `bulletin_pieces` joined."""
    return "".join(bulletin_pieces(game=game, move=move, standings=standings,
                                   game_end=game_end, chart=chart, events=events,
                                   deadline=deadline, departures=departures,
                                   fair_play=fair_play))


def bulletin_pieces(*, game: str, move: int, standings: list[Mapping[str, Any]],
                    game_end: Mapping[str, Any] | None, chart: Mapping[str, Any],
                    events: Iterable[tuple[Any, str]], deadline: Mapping[str, Any] | None = None,
                    departures: Iterable[str] = (),
                    fair_play: Mapping[str, Any] | None = None) -> Iterator[str]:
    """The bulletin in pieces, to be written one after the other (`render.write`): its
    head, then its public events `CHUNK` lines a piece. At ten thousand officers it is six
    megabytes, and made whole, then encoded whole, it was memory the system had to hand
    over page by page at every move."""
    head = {
        "format": BULLETIN, "version": VERSION, "game": game, "move": move,
        "standings": [{"place": n, **row} for n, row in enumerate(standings, 1)],
        "next_move": None if game_end else move + 1, "deadline": deadline,
        "departures": list(departures), "fair_play": fair_play, "game_end": game_end,
        "chart": chart,
    }
    yield _clean(to_json(head))[:-1] + ', "events": '
    if type(events) is not list:
        events = list(events)
    if not events:
        yield "[]}\n"
        return
    # `_events` a piece at a time: the lines of the pieces after the first begin with the
    # separator after the line before them.
    after = "[\n"
    for start in range(0, len(events), CHUNK):
        yield after + _lines(events[start:start + CHUNK])
        after = ",\n"
    yield "\n]}\n"


CHUNK = 2000  # event lines a piece of `bulletin_pieces`


def chart_planets(planets: Mapping[str, Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Planets as a chart knows them: position from the base, or null when not told."""
    return [chart_planet(name, p)
            for name, p in sorted(planets.items(), key=lambda item: designation_order(item[0]))]


def chart_planet(name: str, p: Mapping[str, Any]) -> dict[str, Any]:
    return {"designation": name, "at": p["at"], "base": p["base"], "facts": p["facts"],
            "known": p["known"], "destroyed": p["destroyed"], "race": p["race"]}
