"""Routes as an order file writes them: `10 N + 5 E` read into segments, or refused
segment by segment, saying what to write instead."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pbem.rules.geometry import DIRECTIONS, LEVEL_GAP, VERTICAL, Segment
from pbem.rules.said import Said, counted, saying
from pbem.rules.wording import nearest_word

from .limits import MOST_ROUTE_PARSECS, brief, read_number
from .problems import WRITE, WRITE_EITHER, UnreadableOrder, did_you_mean, joined

ROUTE_TOO_LONG = saying("the route is %(length)s parsecs long: a route is at most %(most)s "
                        "parsecs")
SEGMENT_TOO_LONG = saying("%(segment)s: a route is at most %(most)s parsecs")
NO_DIRECTION = saying("%(segment)s has no direction")
DIRECTION_AFTER = saying("write a direction after the number (%(directions)s or %(last)s)")
NO_PARSECS = saying("%(segment)s moves no parsecs")
LEAVE_OUT = saying("leave out %(segment)s")
E_G_ROUTE = saying("%(advice)s, e.g. ROUTE %(route)s")
NUMBER_AFTER = saying("%(segment)s has the number after the direction")
NO_NUMBER = saying("%(segment)s has no number of parsecs")
ONE_WORD = saying("%(word)s must be one word")
UNKNOWN_DIRECTION = saying("unknown direction %(word)s")
USE_ONE_OF = saying("use one of %(directions)s or %(last)s")
NOT_WHOLE_LEVELS = saying("%(parsecs)s %(direction)s is not a whole number of levels: a level "
                          "change is %(gap)s parsecs and cannot be split")
LEVELS = saying("%(parsecs)s %(direction)s (%(levels)s)")


# Words a player may write for a direction, after upper-casing and dropping - and _
# (so NORTH-EAST and NORTH_EAST are NORTHEAST). Italian names because the game is.
DIRECTION_WORDS: dict[str, str] = {d: d for d in DIRECTIONS} | {
    "NORTH": "N", "NORD": "N",
    "NORTHEAST": "NE", "NORDEST": "NE",
    "EAST": "E", "EST": "E",
    "SOUTHEAST": "SE", "SUDEST": "SE",
    "SOUTH": "S", "SUD": "S",
    "SOUTHWEST": "SW", "SUDOVEST": "SW",
    "WEST": "W", "OVEST": "W",
    "NORTHWEST": "NW", "NORDOVEST": "NW",
    "SU": "UP", "GIU": "DOWN", "GIÙ": "DOWN",
}
STAY_WORDS = frozenset({"", "0", "NONE"})  # ROUTE, ROUTE 0, ROUTE NONE: stay put
ROUTE_EXAMPLE = "ROUTE 10 N + 5 E"
_DIRECTION_LIST = {"directions": ", ".join(DIRECTIONS[:-1]), "last": DIRECTIONS[-1]}
_LEVEL_WORDS = {1: saying("one level"), 2: saying("two levels"), 3: saying("three levels")}


@dataclass(frozen=True)
class _BadSegment:
    message: str
    advice: str
    replacement: str | None  # corrected segment text, "" to drop it, None if unknown


def parse_route(text: str) -> tuple[Segment, ...]:
    """`10 N + 5 E` -> segments; raises UnreadableOrder (a ValueError) naming every bad one."""
    text = " ".join(text.split())
    if text.upper() in STAY_WORDS:
        return ()
    read = [_read_segment(part.strip()) for part in text.split("+")]
    bad = [r for r in read if isinstance(r, _BadSegment)]
    if not bad:  # every one a Segment
        segments = tuple(read)
        length = sum([s.parsecs for s in segments])
        if length > MOST_ROUTE_PARSECS:
            raise UnreadableOrder(
                Said(ROUTE_TOO_LONG, length=length, most=MOST_ROUTE_PARSECS),
                Said("write a shorter route (your tanks set how far you can fly, a few "
                     "parsecs each)"))
        return segments
    message = joined([b.message for b in bad])
    advice = joined([b.advice for b in bad])
    if all(b.replacement is not None for b in bad):
        advice = Said(E_G_ROUTE, advice=advice, route=_corrected(read))
    raise UnreadableOrder(message, advice)


def _corrected(read: list[Segment | _BadSegment]) -> str:
    parts = [
        r.replacement if isinstance(r, _BadSegment) else f"{r.parsecs} {r.direction}"
        for r in read
    ]
    return " + ".join(p for p in parts if p) or "NONE"


def _read_segment(part: str) -> Segment | _BadSegment:
    """One segment of a route (`10 N`), or what is wrong with it."""
    if not part:
        return _BadSegment(Said("a + with no segment after it"), Said("remove the extra +"), "")
    count, word = re.fullmatch(r"([0-9]*)\s*(.*)", part).groups()  # always matches
    if not count:
        return _missing_count(part)
    parsecs = read_number(count)
    if parsecs > MOST_ROUTE_PARSECS:
        return _BadSegment(
            Said(SEGMENT_TOO_LONG, segment=f"{brief(count)} {brief(word)}",
                 most=MOST_ROUTE_PARSECS),
            Said("write the parsecs you mean to fly (your tanks set how far you can, a few "
                 "parsecs each)"),
            None,
        )
    if not word:
        return _BadSegment(
            Said(NO_DIRECTION, segment=part), Said(DIRECTION_AFTER, **_DIRECTION_LIST), None)
    direction = _direction(word)
    if direction is None:
        return _bad_direction(parsecs, word)
    if parsecs == 0:
        return _BadSegment(Said(NO_PARSECS, segment=part), Said(LEAVE_OUT, segment=part), "")
    if direction in VERTICAL and parsecs % LEVEL_GAP:
        return _split_level(parsecs, direction)
    return Segment(parsecs, direction)


def _direction(word: str) -> str | None:
    return DIRECTION_WORDS.get(word.upper().replace("-", "").replace("_", ""))


def _missing_count(part: str) -> _BadSegment:
    # A common slip is the order reversed: `N 10` for `10 N`.
    reversed_ = re.fullmatch(r"(\S+)\s*([0-9]+)", part)
    parsecs = read_number(reversed_[2]) if reversed_ else 0
    if reversed_ and _direction(reversed_[1]) and 0 < parsecs <= MOST_ROUTE_PARSECS:
        fixed = f"{parsecs} {_direction(reversed_[1])}"
        return _BadSegment(Said(NUMBER_AFTER, segment=part), Said(WRITE, words=fixed), fixed)
    return _BadSegment(
        Said(NO_NUMBER, segment=brief(part)), Said("write the parsecs before the direction"),
        None,
    )


def _bad_direction(count: int, word: str) -> _BadSegment:
    joined = _direction(word.replace(" ", ""))
    if joined is not None:  # NORTH EAST: right direction, written as two words
        fixed = f"{count} {joined}"
        return _BadSegment(Said(ONE_WORD, word=word), Said(WRITE, words=fixed), fixed)
    near = nearest_word(word.upper(), DIRECTION_WORDS)
    if near is None:
        return _BadSegment(
            Said(UNKNOWN_DIRECTION, word=brief(word)), Said(USE_ONE_OF, **_DIRECTION_LIST), None
        )
    fixed = f"{count} {DIRECTION_WORDS[near]}"
    return _BadSegment(
        did_you_mean(Said(UNKNOWN_DIRECTION, word=brief(word)), near), Said(WRITE, words=fixed),
        fixed
    )


def _split_level(parsecs: int, direction: str) -> _BadSegment:
    # Rulebook 3E: a level change is 4 parsecs and cannot be split.
    low = max(parsecs // LEVEL_GAP, 1)
    options = [
        Said(LEVELS, parsecs=levels * LEVEL_GAP, direction=direction,
             levels=Said(_LEVEL_WORDS[levels]) if levels in _LEVEL_WORDS
             else counted("%(num)s level", "%(num)s levels", levels))
        for levels in (low, low + 1)
    ]
    return _BadSegment(
        Said(NOT_WHOLE_LEVELS, parsecs=parsecs, direction=direction, gap=LEVEL_GAP),
        Said(WRITE_EITHER, one=options[0], other=options[1]),
        f"{low * LEVEL_GAP} {direction}",
    )
