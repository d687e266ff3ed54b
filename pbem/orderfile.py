"""Order files: the format officers e-mail, its reader, and the order form.

Order files are typed by hand in any mail client, so the reader is forgiving where it can
be (case, aliases, spacing, encodings, greetings, signatures, quoted replies) and precise
where it cannot: every line that cannot be read becomes a `Problem` carrying the line
number, the line as written and what to write instead, and everything readable goes into
one `Orders` value (`pbem.rules.orders`). Whether those orders are *lawful* for the ship
this move (tanks, radars, the secret...) is decided by the rules (`pbem.rules.lawful`).

    GAME cornifex
    OFFICER Notius
    SECRET 4tq9-mx2d
    MOVE 1
    ROUTE 10 N + 5 E
    RADARS 2
    INFO NEW
    END
"""

from __future__ import annotations

import codecs
import functools
import difflib
import operator
import re
import unicodedata
from dataclasses import dataclass, replace
from dataclasses import fields as dataclass_fields
from itertools import chain
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Sequence

from pbem.rules.geometry import DIRECTIONS, LEVEL_GAP, VERTICAL, Segment, route_text
from pbem.rules.orders import (
    UNREADABLE, InfoRequest, Orders, Payment, PressLine, Problem, ResearchOrder,
    in_report_order,
)
from pbem.rules.ship import COMPONENTS, parse_fit
from pbem.rules.specialists import parse as parse_specialist

class UnreadableOrder(ValueError):
    """An order's arguments cannot be read; `fix` says what to write instead."""

    def __init__(self, message: str, fix: str):
        super().__init__(message)
        self.message = message
        self.fix = fix


# --- limits ---------------------------------------------------------------------------

# Order files come from the Internet. Each limit keeps one file, whatever it holds, from
# costing a move more than a glance; docs/gm-guide.md states them all.
MOST_FILE_BYTES = 64 * 1024  # a larger file is refused (only its header is read, to say whose)
MOST_LINE_CHARS = 500  # an order line (GAME to END) that is longer is refused
MOST_LINES_PER_ORDER = 20  # lines of one repeatable order (INFO, RESEARCH, PAY) read
MOST_PROBLEMS_LISTED = 20  # problems listed per file, in `pbem check` and in a report
MOST_QUOTED_CHARS = 120  # of a line quoted in a problem
# The numbers of the orders: every bound is far above what a ship can do, so it refuses
# only nonsense, by name, instead of converting it.
MOST_MOVE = 9999
MOST_ROUTE_PARSECS = 999  # the whole route
MOST_ON_BOARD = 99  # tanks, radars, crews named in TANKS, RADARS, LAND C n, CREWS LAND n
MOST_TARGETS = 99  # aliens in TARGET n
MOST_NEW_PLANETS = 99  # n of INFO NEW n
MOST_GRANTS = 99  # grants of one RESEARCH line
MOST_PAYMENT = 999  # points of one PAY line

# ASCII digits only: str.isdigit() also takes ² and ①, which int() refuses, and int()
# takes ٣ and 1_000, which nobody means.
_DIGITS = re.compile(r"[0-9]+")
# What a number of more than nine digits reads as: beyond every bound, so it is refused by
# its bound without ever converting 5,000 digits (int() refuses more than 4,300).
_BEYOND_EVERY_BOUND = 10**9


def read_number(word: str) -> int | None:
    """ASCII digits -> their value, None for anything else; a number of more than nine
    digits (leading zeros aside) reads as 10**9, beyond every bound of the orders."""
    if not _DIGITS.fullmatch(word):
        return None
    digits = word.lstrip("0") or "0"
    return int(digits) if len(digits) <= 9 else _BEYOND_EVERY_BOUND


def brief(text: str, most: int = 24) -> str:
    """A player's text quoted in a message: at most `most` characters."""
    return text if len(text) <= most else text[: most - 1] + "…"


# --- decoding -------------------------------------------------------------------------


class NotText(ValueError):
    """The bytes are not a text file (an image, an archive, a word-processor document)."""


# UTF-32 before UTF-16: the UTF-32-LE mark begins with the UTF-16-LE one.
_BYTE_ORDER_MARKS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"),
)
# Control characters no typed text holds (tab, line and page breaks aside); NUL among them.
_CONTROLS = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x9f]")
_MOST_CONTROL_SHARE = 10  # one character in ten: more, and it is not text


def decode(data: bytes) -> str:
    """Bytes as mail clients send them -> text with LF line ends; raises NotText.

    A byte-order mark says the encoding (UTF-8, UTF-16 and UTF-32, either byte order), and
    UTF-16 without one shows by its NUL bytes. Otherwise UTF-8 first; then a Windows or
    Latin-1 client sent it: cp1252 is Latin-1 plus the curly quotes Outlook adds, and
    Latin-1 never fails. NUL bytes at the end are padding; anywhere else, or control
    characters in more than one character in ten, mean a binary file, refused whole rather
    than read into thousands of problems.
    """
    for mark, encoding in _BYTE_ORDER_MARKS:
        if data.startswith(mark):
            return _text(_strictly(data[len(mark) :], encoding))
    if 0 in data:  # a NUL byte (`b"\0" in data`, with no look at 0 as bytes first)
        encoding = _utf16_without_mark(data)
        if encoding is not None:
            return _text(_strictly(data, encoding))
        data = data.rstrip(b"\0")
    for encoding in ("utf-8", "cp1252"):
        try:
            return _text(data.decode(encoding))
        except UnicodeDecodeError:
            continue
    return _text(data.decode("latin-1"))


def _strictly(data: bytes, encoding: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as e:
        raise NotText(f"it is not valid {encoding.upper()} text (byte {e.start + 1})") from None


def _utf16_without_mark(data: bytes) -> str | None:
    # Text in UTF-16 has a NUL in every other byte (the high byte of each Latin letter),
    # and none in the others.
    if len(data) % 2:
        return None
    even, odd = data[0::2].count(0), data[1::2].count(0)
    half = len(data) // 2
    if odd * 3 >= half and not even:
        return "utf-16-le"
    if even * 3 >= half and not odd:
        return "utf-16-be"
    return None


def _text(text: str) -> str:
    text = _normalise(text)
    if "\0" in text:
        raise NotText(f"it holds NUL bytes (the first at character {text.index(chr(0)) + 1})")
    controls = _controls(text)
    if controls and controls * _MOST_CONTROL_SHARE > len(text):
        raise NotText(f"{controls} of its {len(text)} characters are control characters")
    return text


# The control characters of _CONTROLS that ASCII holds, as bytes.
_ASCII_CONTROLS = bytes([*range(0x00, 0x09), *range(0x0e, 0x20), 0x7f])
# Each byte as 0 if it is one of them, else 1: a translation made once, where deleting them
# would make its table for each text.
_AS_CONTROL = bytes(0 if byte in _ASCII_CONTROLS else 1 for byte in range(256))


def _controls(text: str) -> int:
    """How many characters of _CONTROLS the text holds. Most files are ASCII: their bytes
    are counted by translating the controls to zeros at once, no pattern matched character
    by character (a property test holds the two to the same count)."""
    if text.isascii():
        return text.encode("ascii").translate(_AS_CONTROL).count(0)
    return len(_CONTROLS.findall(text))


def _normalise(text: str) -> str:
    # NFC so that a name typed on a Mac (o + combining grave) matches the enlisted one.
    text = text.removeprefix("\ufeff")
    if "\r" in text:  # most texts have none: not copied twice for nothing
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return unicodedata.normalize("NFC", text)


# --- routes ---------------------------------------------------------------------------

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
_DIRECTION_LIST = ", ".join(DIRECTIONS[:-1]) + " or " + DIRECTIONS[-1]
_LEVEL_WORDS = {1: "one level", 2: "two levels", 3: "three levels"}


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
                f"the route is {length} parsecs long: a route is at most "
                f"{MOST_ROUTE_PARSECS} parsecs", "write a shorter route (your tanks set "
                "how far you can fly, a few parsecs each)")
        return segments
    message = "; ".join(b.message for b in bad)
    advice = "; ".join(b.advice for b in bad)
    if all(b.replacement is not None for b in bad):
        advice += f", e.g. ROUTE {_corrected(read)}"
    raise UnreadableOrder(message, advice)


def _corrected(read: list[Segment | _BadSegment]) -> str:
    parts = [
        r.replacement if isinstance(r, _BadSegment) else f"{r.parsecs} {r.direction}"
        for r in read
    ]
    return " + ".join(p for p in parts if p) or "NONE"


@functools.lru_cache(maxsize=1024)
def _read_segment(part: str) -> Segment | _BadSegment:
    """One segment of a route; kept, since routes are made of few (20 N, 4 UP), in
    ever new orders. Both results are immutable."""
    if not part:
        return _BadSegment("a + with no segment after it", "remove the extra +", "")
    count, word = re.fullmatch(r"([0-9]*)\s*(.*)", part).groups()  # always matches
    if not count:
        return _missing_count(part)
    parsecs = read_number(count)
    if parsecs > MOST_ROUTE_PARSECS:
        return _BadSegment(
            f"{brief(count)} {brief(word)}: a route is at most {MOST_ROUTE_PARSECS} parsecs",
            "write the parsecs you mean to fly (your tanks set how far you can, a few "
            "parsecs each)",
            None,
        )
    if not word:
        return _BadSegment(
            f"{part} has no direction",
            f"write a direction after the number ({_DIRECTION_LIST})",
            None,
        )
    direction = _direction(word)
    if direction is None:
        return _bad_direction(parsecs, word)
    if parsecs == 0:
        return _BadSegment(f"{part} moves no parsecs", f"leave out {part}", "")
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
        return _BadSegment(f"{part} has the number after the direction", f"write {fixed}", fixed)
    return _BadSegment(
        f"{brief(part)} has no number of parsecs", "write the parsecs before the direction",
        None,
    )


def _bad_direction(count: int, word: str) -> _BadSegment:
    joined = _direction(word.replace(" ", ""))
    if joined is not None:  # NORTH EAST: right direction, written as two words
        fixed = f"{count} {joined}"
        return _BadSegment(f"{word} must be one word", f"write {fixed}", fixed)
    near = difflib.get_close_matches(word.upper(), DIRECTION_WORDS, n=1, cutoff=0.6)
    if not near:
        return _BadSegment(
            f"unknown direction {brief(word)}", f"use one of {_DIRECTION_LIST}", None
        )
    fixed = f"{count} {DIRECTION_WORDS[near[0]]}"
    return _BadSegment(
        f"unknown direction {brief(word)}; did you mean {near[0]}?", f"write {fixed}", fixed
    )


def _split_level(parsecs: int, direction: str) -> _BadSegment:
    # Rulebook 3E: a level change is 4 parsecs and cannot be split.
    low = max(parsecs // LEVEL_GAP, 1)
    options = [
        f"{levels * LEVEL_GAP} {direction} ({_LEVEL_WORDS.get(levels, f'{levels} levels')})"
        for levels in (low, low + 1)
    ]
    return _BadSegment(
        f"{parsecs} {direction} is not a whole number of levels: a level change is "
        f"{LEVEL_GAP} parsecs and cannot be split",
        f"write {options[0]} or {options[1]}",
        f"{low * LEVEL_GAP} {direction}",
    )


# --- the keyword table ----------------------------------------------------------------

Reader = Callable[[str, "Keyword"], Any]


@dataclass(frozen=True)
class Keyword:
    """One order. Adding an order (LAND, MISSION...) means adding a row to KEYWORDS,
    a field to `Orders` and a line to `_orders`."""

    name: str
    aliases: tuple[str, ...]
    read: Reader  # the words after the keyword -> value; raises UnreadableOrder
    example: str  # a correct line, used in fixes and in the order form
    help: str  # what the order does, used in fixes and in the order form
    header: bool = False  # GAME, OFFICER, SECRET, MOVE: once each, before the orders
    repeatable: bool = False  # INFO: one line per computer
    most: int = 0  # a number order (MOVE, TANKS...): the largest number read
    limit: str = ""  # ...and the refusal of a larger one, naming the bound
    outer: bool = False  # an order of outer space only: in the advanced level's forms only


def _bounded(value: int, written: str, most: int, limit: str, fix: str) -> int:
    """`value`, or the refusal of a number beyond its bound, quoting what was written."""
    if value > most:
        raise UnreadableOrder(f"{brief(written)}: {limit}", fix)
    return value


def _read_text(args: str, kw: Keyword) -> str:
    if not args:
        raise UnreadableOrder(f"{kw.name} is empty: it needs {kw.help}", f"write {kw.example}")
    return args


def _read_whole(args: str, kw: Keyword) -> int:
    value = read_number(args)
    if value is None:
        raise UnreadableOrder(
            f"{kw.name} needs a whole number, e.g. {kw.example}",
            f"write {kw.name} and a number ({kw.help})",
        )
    return _bounded(value, f"{kw.name} {args}", kw.most, kw.limit, f"write e.g. {kw.example}")


def _read_route(args: str, kw: Keyword) -> tuple[Segment, ...]:
    return parse_route(args)


NEW_WORDS = frozenset({"NEW", "NUOVO", "NUOVA"})
_INFO_FIX = "write INFO P-3 for a named planet or INFO NEW for the planet you discover this move"


def _read_info(args: str, kw: Keyword) -> tuple[str | None, int | None]:
    words = args.split()
    if not words:
        raise UnreadableOrder("INFO needs a planet", _INFO_FIX)
    if words[0].upper() in NEW_WORDS:
        return None, _read_new_index(words[1:])
    if len(words) == 2 and read_number(words[1]) is not None:  # INFO P 3: a designation in two
        raise UnreadableOrder(
            f"{brief(args)} is not a planet designation",
            f"write INFO {brief(words[0].upper())}-{brief(words[1])}"
        )
    if len(words) > 1:
        raise UnreadableOrder(
            f"one INFO line asks about one planet, not {brief(args, MOST_QUOTED_CHARS)}",
            "write one INFO line per planet (one per computer): "
            + " / ".join(f"INFO {brief(w.upper())}" for w in words[:4])
            + (" ..." if len(words) > 4 else ""),
        )
    return words[0].upper(), None


def _read_new_index(words: list[str]) -> int:
    if not words:
        return 1
    index = read_number(words[0]) if len(words) == 1 else None
    if index is not None and index >= 1:
        return _bounded(
            index, f"INFO NEW {words[0]}", MOST_NEW_PLANETS,
            f"INFO NEW n names one of the first {MOST_NEW_PLANETS} planets you discover",
            "write INFO NEW for the first planet you discover this move, INFO NEW 2 for the "
            "second")
    raise UnreadableOrder(
        "INFO NEW takes the number of a planet you discover this move, not "
        f"{brief(' '.join(words))}",
        "write INFO NEW for the first planet you discover this move, INFO NEW 2 for the second",
    )


ATTITUDES = ("A", "B", "C", "D")
MISSION_WORDS: dict[str, str] = {
    "ELIMINATION": "elimination", "ELIMINATE": "elimination", "ELIMINAZIONE": "elimination",
    "CAPTURE": "capture", "CATTURA": "capture",
    "ALLIANCE": "alliance", "ALLEANZA": "alliance",
    "INTIMIDATION": "intimidation", "INTIMIDATE": "intimidation", "INTIMIDAZIONE": "intimidation",
    "COMMERCE": "commerce", "TRADE": "commerce", "COMMERCIO": "commerce",
    "COLLECT": "collect", "RACCOLTA": "collect",
}
OUTER_MISSION_WORDS: dict[str, str] = {
    # Outer space (5E c): the technological research a scientist officer allows; not the
    # optional rule's RESEARCH, which buys grants.
    "TECHNOLOGY": "technology", "TECHNOLOGICAL": "technology", "TECNOLOGIA": "technology",
}
_BASIC_MISSION_WORDS = tuple(MISSION_WORDS)
MISSION_WORDS.update(OUTER_MISSION_WORDS)


def _read_land(args: str, kw: Keyword) -> tuple[str, int | None]:
    words = args.upper().split()
    crews = read_number(words[1]) if len(words) == 2 else None
    if not words or words[0] not in ATTITUDES or len(words) > 2 or (
        len(words) == 2 and crews is None
    ):
        raise UnreadableOrder(
            f"LAND needs an attitude A, B, C or D{', not ' + brief(args) if args else ''}",
            "write LAND A (shields on, no fire), LAND B (shields on, lasers fire), "
            "LAND C (crews land, no fire) or LAND D (crews land and fire); "
            "LAND C 1 lands one crew",
        )
    if crews is not None:
        crews = _bounded(crews, f"LAND {args}", MOST_ON_BOARD,
                         f"no ship carries more than {MOST_ON_BOARD} crews", "write e.g. LAND C 1")
    return words[0], crews


def _read_shields(args: str, kw: Keyword) -> bool:
    word = args.upper()
    if word in ("ON", "UP", "ACCESI"):
        return True
    if word in ("OFF", "DOWN", "SPENTI"):
        return False
    raise UnreadableOrder(f"SHIELDS is ON or OFF, not {brief(args) or 'nothing'}",
                          "write SHIELDS ON or SHIELDS OFF")


def _read_crews(args: str, kw: Keyword) -> tuple[str, int | None]:
    words = args.upper().split()
    if words and words[0] in ("LAND", "DOWN", "SBARCO") and len(words) <= 2:
        if len(words) == 1:
            return "land", None
        crews = read_number(words[1])
        if crews is not None and crews > 0:
            return "land", _bounded(
                crews, f"CREWS {args}", MOST_ON_BOARD,
                f"no ship carries more than {MOST_ON_BOARD} crews", "write e.g. CREWS LAND 2")
    if words in (["EMBARK"], ["REEMBARK"], ["RE-EMBARK"], ["UP"], ["IMBARCO"]):
        return "embark", None
    raise UnreadableOrder(
        f"CREWS takes LAND or EMBARK, not {brief(args) or 'nothing'}",
        "write CREWS LAND (every complete crew), CREWS LAND 2, or CREWS EMBARK",
    )


_FIRE_WITH = re.compile(r"(\S+)\s+(?:WITH|CON)\s+(.+)", re.IGNORECASE)


def _read_fire(args: str, kw: Keyword) -> tuple[tuple[str, ...], str | None]:
    """FIRE LASERS / CREWS / ALL, and FIRE ... WITH name: fire together with a colleague
    on the same planet (3I b cooperation)."""
    joint = _FIRE_WITH.fullmatch(args)
    word, colleague = (joint[1], " ".join(joint[2].split())) if joint else (args, None)
    choices = {"LASERS": ("lasers",), "LASER": ("lasers",), "CREWS": ("crews",),
               "CREW": ("crews",), "ALL": ("lasers", "crews"),
               # Outer space (5C b): the lasers at the alien ship that holds the ship.
               "ALIEN": ("alien",), "ALIENO": ("alien",)}
    if word.upper() in choices and not (colleague and word.upper().startswith("ALIEN")):
        return choices[word.upper()], colleague
    raise UnreadableOrder(f"FIRE takes LASERS, CREWS, ALL or ALIEN, not {brief(args) or 'nothing'}",
                          "write FIRE LASERS, FIRE CREWS or FIRE ALL; FIRE CREWS WITH Notius "
                          "fires together with a colleague on the same planet; FIRE ALIEN "
                          "fires at the alien ship that holds yours")


def _read_specialist(args: str, kw: Keyword) -> tuple[Any, ...]:
    try:
        return (parse_specialist(args),)
    except ValueError as e:
        raise UnreadableOrder(f"SPECIALIST: {e}", f"write {kw.example}") from None


def _read_mission(args: str, kw: Keyword) -> str:
    word = args.upper()
    if word in MISSION_WORDS:
        return MISSION_WORDS[word]
    near = difflib.get_close_matches(word, list(MISSION_WORDS), n=1)
    fix = f"write MISSION {near[0]}" if near else "write MISSION and one of " + ", ".join(
        w for w, m in MISSION_WORDS.items() if w.lower() == m)
    raise UnreadableOrder(f"unknown mission {brief(args) or '(none)'}"
                          + (f"; did you mean {near[0]}?" if near else ""), fix)


def _read_pay(args: str, kw: Keyword) -> tuple[int, str]:
    m = re.fullmatch(r"([0-9]+)\s+(?:TO|A)\s+(.+)", args, re.IGNORECASE)
    if not m or read_number(m.group(1)) == 0:
        raise UnreadableOrder(f"PAY needs points and a colleague, not {brief(args) or 'nothing'}",
                              "write PAY 2 TO Notius")
    points = _bounded(read_number(m.group(1)), f"PAY {m.group(1)}", MOST_PAYMENT,
                      f"a payment is at most {MOST_PAYMENT} points", "write e.g. PAY 2 TO Notius")
    return points, " ".join(m.group(2).split())


def _read_refit(args: str, kw: Keyword) -> tuple[tuple[str, int], ...]:
    try:
        fit = parse_fit(args)
    except ValueError as e:
        raise UnreadableOrder(f"REFIT: {brief(str(e), MOST_QUOTED_CHARS)}",
                              f"write {kw.example}") from None
    if not fit:
        raise UnreadableOrder("REFIT needs the new ship sheet", f"write {kw.example}")
    return tuple(sorted(fit.items()))


def _read_tot(args: str, kw: Keyword) -> str:
    words = args.split()
    if len(words) != 1:
        raise UnreadableOrder("TOT needs one planet", "write TOT P-5")
    return words[0].upper()


ANONYMOUS_WORDS = frozenset({"ANONYMOUS", "ANON", "ANONIMO", "ANONIMA"})


def _read_press(args: str, kw: Keyword) -> tuple[bool, str]:
    """PRESS text, or PRESS ANONYMOUS text: a line for the next bulletin."""
    words = args.split(" ", 1)
    anonymous = bool(words[0]) and words[0].upper() in ANONYMOUS_WORDS
    text = (words[1] if len(words) == 2 else "") if anonymous else args
    if not text:
        raise UnreadableOrder(
            "PRESS" + (" ANONYMOUS" if anonymous else "") + " has no text for the bulletin",
            "write your words after it, e.g. PRESS Greetings from the MARTHIA; "
            "PRESS ANONYMOUS ... leaves your name out")
    return anonymous, text


def _read_nothing(args: str, kw: Keyword) -> None:
    return None  # END: anything after it on the line is ignored like what follows


_RESEARCH_FIX = "write the technology, then the number of grants, e.g. RESEARCH ATTACK 4"


def _read_research(args: str, kw: Keyword) -> tuple[str, int]:
    """RESEARCH <technology> <grants>; the technology is checked against the ruleset later."""
    words = args.split()
    values = [read_number(w) for w in words]
    numbers = [v is not None for v in values]
    technology = brief(words[0].upper()) if words else ""
    if numbers == [False, True]:
        grants = values[1]
        if grants == 0:
            raise UnreadableOrder(
                f"RESEARCH {technology} 0 buys no grant",
                f"delete the line, or write RESEARCH {technology} 1 or more",
            )
        return words[0].upper(), _bounded(
            grants, f"RESEARCH {technology} {words[1]}", MOST_GRANTS,
            f"one RESEARCH line buys at most {MOST_GRANTS} grants",
            f"write e.g. RESEARCH {technology} 2")
    if numbers == [True, False]:  # the order reversed: RESEARCH 4 ATTACK
        raise UnreadableOrder(
            f"RESEARCH {brief(args)}: the technology comes before the grants",
            f"write RESEARCH {brief(words[1].upper())} {brief(words[0].lstrip('0') or '0')}",
        )
    if numbers == [False, True, True]:  # ATTACK 1 4 from the production sheet's "Attack 1"
        raise UnreadableOrder(
            f"RESEARCH {brief(args)}: write only the technology and the grants; they always go "
            "to the next level",
            f"write RESEARCH {technology} {brief(words[2].lstrip('0') or '0')}",
        )
    if numbers == [False]:
        raise UnreadableOrder(
            f"RESEARCH {technology} needs the number of grants (one die each)",
            f"write e.g. RESEARCH {technology} 2",
        )
    if not words:
        raise UnreadableOrder("RESEARCH is empty: it needs a technology and grants", _RESEARCH_FIX)
    raise UnreadableOrder(f"RESEARCH {brief(args)} is not a technology and a number of grants",
                          _RESEARCH_FIX + "; one line per technology")


KEYWORDS: dict[str, Keyword] = {
    kw.name: kw
    for kw in (
        Keyword("GAME", ("PARTITA", "GIOCO"), _read_text,
                "GAME <game name>", "the name of the game", header=True),
        Keyword("OFFICER", ("UFFICIALE", "COMANDANTE"), _read_text,
                "OFFICER <your name>", "your name as enlisted", header=True),
        Keyword("SECRET", ("SEGRETO",), _read_text,
                "SECRET <your secret>", "the secret you got at enlistment", header=True),
        Keyword("MOVE", ("MOSSA",), _read_whole,
                "MOVE 1", "the number of the move these orders are for", header=True,
                most=MOST_MOVE, limit=f"moves are numbered up to {MOST_MOVE}"),
        Keyword("ROUTE", ("ROTTA", "COURSE"), _read_route, ROUTE_EXAMPLE,
                f"parsecs and direction joined by +: {' '.join(DIRECTIONS)}; "
                "UP/DOWN by 4s; NONE stays put"),
        Keyword("TANKS", ("TANK", "SERBATOI"), _read_whole,
                "TANKS 3", "tanks used this move; leave out to use all on board",
                most=MOST_ON_BOARD, limit=f"no ship carries more than {MOST_ON_BOARD} tanks"),
        Keyword("RADARS", ("RADAR",), _read_whole,
                "RADARS 2", "radars switched on; leave out to switch on all",
                most=MOST_ON_BOARD, limit=f"no ship carries more than {MOST_ON_BOARD} radars"),
        Keyword("INFO", ("INFORMATION", "INFORMAZIONI"), _read_info, "INFO P-3",
                "one line per computer: a planet, or INFO NEW for the one you discover "
                "this move", repeatable=True),
        Keyword("RESEARCH", ("RICERCA",), _read_research, "RESEARCH MOVEMENT 2",
                "optional rule Unpredictable Research: grants for a technology, one die "
                "each; one line per technology", repeatable=True),
        Keyword("LAND", ("LANDING", "ATTERRA", "ATTERRAGGIO"), _read_land, "LAND C",
                "with the route that ends on a planet: attitude A (shields, no fire), "
                "B (shields, lasers fire), C (crews land, no fire), D (crews land and fire)"),
        Keyword("SHIELDS", ("SHIELD", "SCUDI"), _read_shields, "SHIELDS OFF",
                "on the ground: shields ON or OFF for this move"),
        Keyword("CREWS", ("CREW", "EQUIPAGGI"), _read_crews, "CREWS LAND 2",
                "on the ground: CREWS LAND [n] (complete crews, shields off) or CREWS EMBARK"),
        Keyword("FIRE", ("FUOCO",), _read_fire, "FIRE CREWS",
                "on the ground: FIRE LASERS, CREWS or ALL; ... WITH name fires together; "
                "in outer space, held by the alien ship: FIRE ALIEN"),
        Keyword("TARGET", ("TARGETS", "BERSAGLIO"), _read_whole, "TARGET 1",
                "fire at the first n aliens only (splitting of objectives)",
                most=MOST_TARGETS, limit=f"TARGET names at most {MOST_TARGETS} aliens"),
        Keyword("MISSION", ("MISSIONE",), _read_mission, "MISSION CAPTURE",
                "on the ground: " + ", ".join(_BASIC_MISSION_WORDS)
                + "; in outer space, with a scientist officer: TECHNOLOGY"),
        Keyword("PAY", ("PAGA",), _read_pay, "PAY 2 TO Notius",
                "give points of your score to a colleague", repeatable=True),
        Keyword("REFIT", ("RIARMA",), _read_refit, "REFIT crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3",
                "at the base: a new ship sheet for your ship; a long sheet may take "
                "several REFIT lines", repeatable=True),
        Keyword("DISENGAGE", ("SGANCIO", "DISIMPEGNO"), _read_nothing, "DISENGAGE",
                "outer space: try to break free of the alien ship (d6 5 or 6)", outer=True),
        Keyword("SPECIALIST", ("SPECIALISTA",), _read_specialist, "SPECIALIST PSI 2",
                "outer space, at the base: embark PSI n, ROBUR n or SCIENTIST kingdom n "
                "(SCIENTIST MINERAL 2; value 1 to 4), or NONE", outer=True),
        Keyword("RESCUE", ("SOCCORSO",), _read_nothing, "RESCUE",
                "abandon the ship: you and your crews go through the rescue gate to the base, "
                "a rank and a ship level down, score 0 (3F c)"),
        Keyword("TOT", ("TOT100",), _read_tot, "TOT P-5",
                "launch a Tot 100% at a planet sighted this move (SPATHA and HASTA)"),
        Keyword("PRESS", ("STAMPA",), _read_press, "PRESS Greetings from the MARTHIA",
                "a line for the next bulletin, signed; PRESS ANONYMOUS leaves your name out",
                repeatable=True),
        Keyword("END", ("FINE",), _read_nothing,
                "END", "closes the orders; anything after it is ignored"),
    )
}

# Every word a player may write for an order, upper-cased -> canonical keyword.
ALIASES: dict[str, str] = {
    word: kw.name for kw in KEYWORDS.values() for word in (kw.name, *kw.aliases)
}
assert len(ALIASES) == sum(1 + len(kw.aliases) for kw in KEYWORDS.values()), "alias clash"
assert all(kw.most > 0 for kw in KEYWORDS.values() if kw.read is _read_whole), "a number unbounded"
HEADER: tuple[str, ...] = tuple(k for k, kw in KEYWORDS.items() if kw.header)


# --- secrets --------------------------------------------------------------------------

# A secret is stored only as a hash and never printed, even a wrong one: not in a quoted
# reply (`> SECRET ...`), a comment, a signature ("my secret is ..."), after a misspelt
# keyword (SECRTE, Secret:) or terminal codes, in any case. Whatever follows the word
# SECRET (or SEGRETO) on a line is masked, and so is a line whose first word looks like it.
_SECRET_WORDS = tuple(word for word, name in ALIASES.items() if name == "SECRET")
_SECRET_IN = re.compile("|".join(_SECRET_WORDS), re.IGNORECASE)
_QUOTING = re.compile(r"[\W_]*")  # quote marks, comment signs, codes before the first word
_LETTERS = re.compile(r"[^\W\d_]+")
_LETTERS_AND_DIGITS = re.compile(r"[^\W_]+")
MASK = "****"


@functools.lru_cache(maxsize=4096)
def _near_secret(word: str) -> bool:
    # A misspelt SECRET (SECRTE, SEKRET, SECERT) is 0.8 alike or more; "here" and "Sent",
    # which begin greetings and signatures, are 0.6.
    if word in ALIASES or not 4 <= len(word) <= 12:  # another order, or nothing like SECRET
        return False
    return bool(difflib.get_close_matches(word, _SECRET_WORDS, n=1, cutoff=0.75))


def _secret_start(line: str) -> int | None:
    """Where the secret a line may carry begins (what is before it stays); None if none."""
    found = _SECRET_IN.search(line)
    if found is not None:
        return found.end()
    word_at = _QUOTING.match(line).end()
    for pattern in (_LETTERS, _LETTERS_AND_DIGITS):
        word = pattern.match(line, word_at)
        if word is not None and _near_secret(word.group().upper()):
            return _LETTERS.match(line, word_at).end() if pattern is _LETTERS else word_at
    return None


@functools.lru_cache(maxsize=8192)
def mask_secret(line: str) -> str:
    """The line with what may be a secret as ****; any other line as it is. (Most lines of
    a move's files are the same few, INFO NEW, RADARS 3, END: each is looked at once.)"""
    start = _secret_start(line)
    if start is None or not line[start:].strip():
        return line
    return f"{line[:start]} {MASK}".lstrip(" \t")


def _secret_tail(line: str) -> str:
    """What a line's secret may be (its comment aside), to mask it wherever a message
    quotes the line; "" when none."""
    start = _secret_start(line)
    return "" if start is None else line[start:].split("#", 1)[0].strip()


def without_secret(text: str, secret: str | None = None) -> str:
    """An order file's text for the record: every line that may carry a secret masked,
    and the file's own secret (when it gives one) wherever else it is written."""
    masked = "\n".join(map(mask_secret, text.split("\n")))
    if secret and len(secret) >= 3:
        masked = masked.replace(secret, MASK)
    return masked


def kept_for_the_record(text: str, secret: str | None = None) -> str:
    """An order text as a filed letter keeps it, to be read again to the same orders: the
    order lines as written but the SECRET line masked (and the secret wherever it is
    written), every other line masked as `without_secret` does. A PRESS line that speaks
    of a secret stays whole, so the orders read back are the orders read first."""
    lines = text.split("\n")
    return _kept(lines, secret, range(1, len(lines) + 1))


def _kept(lines: list[str], secret: str | None, others: Iterable[int],
          secret_line: int | None = None) -> str:
    """`kept_for_the_record` of the text of these lines, made in `lines` itself. The lines
    numbered `others` are masked as `without_secret` masks them unless the reader split
    them into an order other than SECRET; every other line is an order line the reader
    split already (the plain reading's), kept as written, but `secret_line`, masked."""
    for number in others:
        raw = lines[number - 1]
        if not raw:  # nothing to mask (most texts end with a line end)
            continue
        line = _split(number, raw)  # as the reader split it, just before
        if line is None or line.name is None or line.name == "SECRET":
            lines[number - 1] = mask_secret(raw)
    if secret_line is not None:
        lines[secret_line - 1] = _masked_secret_line(lines[secret_line - 1])
    kept = "\n".join(lines)
    if secret and len(secret) >= 3:
        kept = kept.replace(secret, MASK)
    return kept


def _around(orders: Mapping[int, _Line], count: int) -> Iterable[int]:
    """The numbers of the lines 1 to `count` that `orders` (numbered lines, in the order
    of the text) does not hold. The order lines of most plain texts follow one another
    from GAME to END: only the lines above and below them are left, with no set made of
    every number."""
    first, last = next(iter(orders)), next(reversed(orders))
    if last - first + 1 == len(orders):  # no line missing between the first and the last
        return range(last + 1, count + 1) if first == 1 else chain(range(1, first),
                                                                    range(last + 1, count + 1))
    return set(range(1, count + 1)).difference(orders)


# How most files write their secret: the word SECRET (the first that `_SECRET_IN` tries), a
# space and the secret.
_SECRET_SPACE = _SECRET_WORDS[0] + " "
_SECRET_MASKED = f"{_SECRET_WORDS[0]} {MASK}"


def _masked_secret_line(line: str) -> str:
    """`mask_secret(line)` of a file's SECRET line. Each file has a secret of its own, that
    no cache holds: a line written `SECRET <secret>` (most of them) is masked with no
    pattern searched (a property test holds the two to the same text)."""
    if line.startswith(_SECRET_SPACE) and line[len(_SECRET_SPACE):].strip():
        return _SECRET_MASKED
    return mask_secret(line)


def recorded(data: bytes, secret: str | None = None) -> str:
    """An order file as the database keeps it: its text (at most MOST_FILE_BYTES of it)
    with every secret masked, or what it is when it is not text."""
    try:
        return without_secret(decode(data[:MOST_FILE_BYTES]), secret)
    except NotText as e:
        return f"(not a text file: {e})"


# --- the parser -----------------------------------------------------------------------


class _Line(NamedTuple):  # a tuple: a move reads every line of ten thousand files
    number: int
    text: str  # as written, stripped
    word: str  # first word, upper-cased
    args: str  # the rest without comment, runs of whitespace as one space
    name: str | None = None  # the order its word stands for (ALIASES); None for none


def _split_line(number: int, raw: str) -> _Line | None:
    """None for lines that hold no order: blank, comment only, or quoted (`>`) mail text."""
    text = raw.strip()
    if text[:1] == ">":
        return None
    words = (text.split("#", 1)[0] if "#" in text else text).split()
    if not words:
        return None
    word = words[0].upper()
    return _Line(number, text, word, " ".join(words[1:]), ALIASES.get(word))


# Made once for each line written the same way at the same place: the files of a move have
# most of their lines alike (GAME, MOVE, RADARS 3, INFO NEW, END), and each file is split
# by the reader, then for the record.
_split = functools.lru_cache(maxsize=8192)(_split_line)


def _shown(line: _Line, keyword: str | None) -> str:
    """A line as a problem quotes it: secret masked, at most MOST_QUOTED_CHARS long."""
    return _shown_text(line.text, keyword)


@functools.lru_cache(maxsize=8192)
def _shown_text(text: str, keyword: str | None) -> str:
    shown = mask_secret(text)
    if keyword == "SECRET" and shown == text and len(text.split()) > 1:
        shown = f"{text.split()[0]} {MASK}"  # SEGRETO x, or an alias yet to come
    return brief(shown, MOST_QUOTED_CHARS)


@functools.lru_cache(maxsize=8192)
def _value(name: str, args: str) -> Any:
    """What an order's words mean: read once for each way they are written (RADARS 3, INFO
    NEW, MOVE 1 in every file of a move). The readers are pure and their values immutable;
    an UnreadableOrder is raised again each time, never kept."""
    return KEYWORDS[name].read(args, KEYWORDS[name])


def _value_of(name: str, args: str) -> Any:
    """`_value`, but the words of GAME, OFFICER and SECRET are their value, read at once:
    each file has a name and a secret of its own, that no cache would hold."""
    kw = KEYWORDS[name]
    return _read_text(args, kw) if kw.read is _read_text else _value(name, args)


class _Quoted(Mapping[int, str]):
    """The order lines of a file as a problem quotes them (`_shown_text`: secrets masked),
    by line number. A line is masked when it is quoted, not when it is read: most lines
    are never quoted, and most files have lines of their own (OFFICER, SECRET, ROUTE) that
    no cache of masked lines would hold."""

    __slots__ = ("_lines",)

    def __init__(self, lines: Mapping[int, _Line]) -> None:
        self._lines = lines  # number -> the line, its name the order it is read as

    def __getitem__(self, number: int) -> str:
        line = self._lines[number]
        return _shown_text(line.text, line.name)

    def __iter__(self):
        return iter(self._lines)

    def __len__(self) -> int:
        return len(self._lines)

    def __repr__(self) -> str:
        return repr(dict(self))


class _Reader:
    """Reads the lines of one file from its GAME line to its END, collecting problems."""

    def __init__(self, source: str):
        self.source = source
        self.values: dict[str, list[tuple[Any, int]]] = {}
        self.first_line: dict[str, int] = {}  # every keyword met, readable or not
        self.first_order: _Line | None = None  # first non-header order
        self.last: _Line | None = None
        self.ended = False
        self.problems: list[Problem] = []
        # Each order line as split, named for the order it is read as: quoted (secrets
        # masked) only when asked for (`_Quoted`).
        self.texts: dict[int, _Line] = {}
        self.unreadable: set[str] = set()  # keywords whose value could not be taken
        # "Did you mean" costs a comparison with every order word: only for the problems
        # that will be listed, so a file of junk lines is read in a glance.
        self.suggestions = MOST_PROBLEMS_LISTED

    def problem(self, line: _Line | None, message: str, fix: str, keyword: str | None = None,
                dropped: bool = True):
        """An unreadable line; `dropped` when the order it meant is not in the orders."""
        text = _shown(line, keyword) if line else ""
        number = line.number if line else None
        secret = _secret_tail(line.text) if line else ""
        if secret:  # a message may quote the line too
            message, fix = message.replace(secret, MASK), fix.replace(secret, MASK)
        self.problems.append(Problem(self.source, number, text, message, fix, UNREADABLE))
        if keyword and dropped:
            self.unreadable.add(keyword)

    def read(self, line: _Line) -> None:
        self.last = line
        name = line.name
        self.texts[line.number] = line
        if name is None:
            self.unknown(line)
        elif name == "END":
            self.first_line.setdefault("END", line.number)
            self.ended = True
        elif len(line.text) > MOST_LINE_CHARS:
            self.first_line.setdefault(name, line.number)  # there, so not also "missing"
            self.problem(line, f"the line is {len(line.text)} characters long: an order line "
                         f"has at most {MOST_LINE_CHARS}",
                         "write the order on a shorter line; other text goes after END", name)
        elif self.misplaced(line, KEYWORDS[name]) or self.too_many(line, KEYWORDS[name]):
            return
        else:
            self.first_line.setdefault(name, line.number)
            try:
                value = _value_of(name, line.args)
            except UnreadableOrder as e:
                self.problem(line, e.message, e.fix, name)
            else:
                self.values.setdefault(name, []).append((value, line.number))

    def misplaced(self, line: _Line, kw: Keyword) -> bool:
        """Duplicated single orders and header lines among the orders; notes first order."""
        if not kw.header and self.first_order is None:
            self.first_order = line
        if kw.name in self.first_line and not kw.repeatable:
            first = self.first_line[kw.name]
            self.problem(
                line,
                f"a second {kw.name} line (the first is on line {first})",
                f"keep one {kw.name} line and delete the other"
                + ("; join segments with + on one line" if kw.name == "ROUTE" else ""),
                kw.name,
                dropped=False,  # the first line of it stands
            )
            return True
        if kw.header and self.first_order is not None:
            self.first_line[kw.name] = line.number  # present, so not also "missing"
            self.problem(
                line,
                f"{kw.name} belongs to the header, before the orders "
                f"({self.first_order.word} on line {self.first_order.number})",
                "move this line up, next to GAME",
                kw.name,
            )
            return True
        return False

    def too_many(self, line: _Line, kw: Keyword) -> bool:
        """A repeatable order's lines beyond MOST_LINES_PER_ORDER."""
        if not kw.repeatable or len(self.values.get(kw.name, ())) < MOST_LINES_PER_ORDER:
            return False
        self.problem(
            line, f"more than {MOST_LINES_PER_ORDER} {kw.name} lines: at most "
            f"{MOST_LINES_PER_ORDER} are read", f"keep at most {MOST_LINES_PER_ORDER} "
            f"{kw.name} lines ({kw.help})", kw.name, dropped=False)
        return True

    def unknown(self, line: _Line) -> None:
        written = brief(line.text.split("#", 1)[0].split()[0])
        near = None
        if self.suggestions > 0:
            self.suggestions -= 1
            near = difflib.get_close_matches(line.word, ALIASES, n=1, cutoff=0.6)
        if not near:
            self.problem(
                line,
                f"unknown order {written}",
                f"orders are {', '.join(KEYWORDS)}; other text goes after END "
                "or after a #",
            )
            return
        keyword = ALIASES[near[0]]
        self.texts[line.number] = line._replace(name=keyword)
        secret = keyword == "SECRET" or _secret_start(line.text) is not None
        args = "<your secret>" if secret else brief(line.args, MOST_QUOTED_CHARS)
        self.problem(
            line,
            f"unknown order {written}; did you mean {near[0]}?",
            f"write instead: {near[0]} {args}".rstrip(),
            keyword,
        )

    def finish(self, game_line: _Line) -> None:
        for name in HEADER:
            if name not in self.first_line:
                self.problem(
                    None,
                    f"the header has no {name} line",
                    f"add {KEYWORDS[name].example} under {game_line.text} "
                    f"(line {game_line.number})",
                    name,
                )
        if not self.ended:
            self.problem(self.last, "the orders have no END line",
                         "add END after your last order")
        # A sheet too long for one line of a mail may go on over several REFIT lines.
        given: dict[str, int] = {}
        for sheet, number in self.values.get("REFIT", []):
            for component, _ in sheet:
                first = given.setdefault(component, number)
                if first != number:
                    self.problem(_Line(number, _shown(self.texts[number], "REFIT"), "REFIT", "",
                                       "REFIT"),
                                 f"{component} is on the REFIT line {first} already",
                                 "give each component once", "REFIT", dropped=False)


def names_a_game(text: str) -> bool:
    """Does the text hold orders: an unquoted GAME line with a game's name after it? A
    glance, where `read_orders` reads the whole file."""
    first = _split(1, text.partition("\n")[0])  # most files begin with it: no more split
    start = first if first is not None and first.name == "GAME" else _header_start(
        text.split("\n"))
    return start is not None and bool(start.args)


def _header_start(lines: list[str]) -> _Line | None:
    """The first unquoted line whose first word is GAME: everything above is greeting."""
    for number, raw in enumerate(lines, start=1):
        line = _split(number, raw)
        if line and line.name == "GAME":
            return line
    return None


def _no_game(source: str, lines: list[str]) -> Problem:
    # A misspelt GAME (GAEM cornifex) hides the whole header: point at it if there is one.
    for number, raw in enumerate(lines, start=1):
        line = _split(number, raw)
        # A word close to GAME (cutoff 0.75) is at most twice as long as the longest.
        if (line and len(line.word) <= _GAME_WORD_CHARS
                and difflib.get_close_matches(line.word, _GAME_WORDS, n=1, cutoff=0.75)):
            return Problem(source, number, _shown(line, None),
                           "no GAME line found; did you mean GAME?",
                           f"write instead: GAME {brief(line.args, MOST_QUOTED_CHARS)}".rstrip(),
                           UNREADABLE)
    header = "\n".join(f"    {KEYWORDS[name].example}" for name in HEADER)
    fix = f"start your orders with the header:\n{header}"
    return Problem(source, None, "", "no GAME line found", fix, UNREADABLE)


_GAME_WORDS = [word for word, name in ALIASES.items() if name == "GAME"]
_GAME_WORD_CHARS = 2 * max(map(len, _GAME_WORDS))
_HEADER_LINES = 20  # of a file too large to read, the lines after GAME searched for the header


def read_orders(data: bytes | str, source: str) -> tuple[Orders, list[Problem]]:
    """Read an order file: every order that could be read, and every line that could not.

    The orders come back even when some lines are unreadable, so that the lawfulness check
    can report what is wrong with the rest in the same answer (one mail round trip).
    Only the first MOST_FILE_BYTES are read: the orders must end (END) within them, and
    whatever follows (a long quoted thread, a signature) is ignored like anything after
    END; a longer file whose orders do not end there is refused, its header only read to
    say whose it is. Text (a mail's, already decoded) is measured in characters.
    """
    orders, problems, _ = _read(data, source)
    return orders, problems


def read_and_keep(text: str, source: str, most: int) -> tuple[Orders, list[Problem], str]:
    """`read_orders(text, source)` of a letter's text, and its first `most` characters as
    `kept_for_the_record` keeps them with the orders' secret: the order lines of a plain
    text (most of a move's) are split once for both (a property test holds it to the two
    calls)."""
    orders, problems, lines = _read(text, source)
    if lines is None or len(text) > most:
        return orders, problems, kept_for_the_record(text[:most], orders.secret)
    # Of a plain text's order lines, only its one SECRET line is masked.
    others = _around(orders.texts._lines, len(lines))
    return orders, problems, _kept(lines, orders.secret, others, orders.lines.get("SECRET"))


def _read(data: bytes | str, source: str) -> tuple[Orders, list[Problem], list[str] | None]:
    """`read_orders`, and the lines read when the text was read whole and plain, as it was
    given: then `orders.texts` holds its order lines as `_split` splits them."""
    longer = len(data) > MOST_FILE_BYTES
    if longer:
        data = _first_part(data)
    try:
        text = decode(data) if isinstance(data, bytes) else _text(data)
    except NotText as e:
        return _unread(source), [_not_text(source, e)], None
    lines = text.split("\n")  # not splitlines(): it also splits on \x85, \x0c...
    start = _header_start(lines)
    if start is None:
        return _unread(source), [_too_large(source) if longer else _no_game(source, lines)], None
    if longer and not _END_LINE.search(text):  # surely too large: not worth reading
        return _header_only(lines, start, source), [_too_large(source)], None
    plain = _plain_orders(lines, start, source)
    if plain is not None:
        return plain, [], lines if text is data else None  # normalised: not the lines given
    return (*_read_lines(lines, start, source, longer), None)


def _unread(source: str) -> Orders:
    """The orders of a file not read as a whole: its header counts as unreadable, so the
    lawfulness check does not add "the header has no GAME line" and the like to the one
    problem."""
    return Orders(source=source, unreadable=frozenset(HEADER))


def _read_lines(lines: list[str], start: _Line, source: str,
                longer: bool) -> tuple[Orders, list[Problem]]:
    """The lines from GAME on, read by `_Reader`: every order that could be read, and
    every problem."""
    reader = _Reader(source)
    for number in range(start.number, len(lines) + 1):
        line = _split(number, lines[number - 1])
        if line is not None:
            reader.read(line)
            if reader.ended:
                break
    if longer and not reader.ended:
        return _header_only(lines, start, source), [_too_large(source)]
    reader.finish(start)
    return (_orders(source, reader.values, reader.texts, reader.first_line.get("END"),
                    reader.unreadable), in_report_order(reader.problems))


def _plain_orders(lines: list[str], start: _Line, source: str) -> Orders | None:
    """The orders of a file the reader has nothing to say about: from GAME to END every
    line a readable order in its place, the header whole. None at the first line that is
    anything else; `_Reader` then reads the file from the start and says what is wrong.

    Most files of a move are plain, and this reads them without the bookkeeping a problem
    would need (the first line of each order, the first order after the header, the line
    last read): it gives what `_Reader` gives for a file with no problem (a property test
    holds it to that). What a line says by itself is `_plain_line`'s; what is left here is
    what depends on the lines before it (an order given twice, the header after orders)."""
    # The orders are set as they are read: a field's order (most of them) in its field at
    # once, the others' lines kept for `_set_order`.
    fields = _NOT_GIVEN.copy()
    given: dict[str, int] = {}  # the line of each order's first line
    many: dict[str, list[tuple[Any, int]]] = {}  # the lines of the orders of no field
    texts: dict[int, _Line] = {}
    in_orders = False  # past the header
    plain_line = _plain_line
    for number, raw in enumerate(lines[start.number - 1:], start.number):
        # The OFFICER and SECRET lines of a file are its own: read without a look in the
        # cache, which they would only crowd.
        if not in_orders and raw.startswith(_OWN_LINES):
            read = _own_line_read(number, raw)
        else:
            read = plain_line(number, raw)
        if not read:
            if read is None:  # no order on the line
                continue
            return None  # a line the reader has something to say about
        line, name, header, repeatable, value = read
        texts[number] = line
        if name == "END":
            break
        if name in given:  # no order of a field is repeatable
            found = many[name] if repeatable else None
            if found is None or len(found) >= MOST_LINES_PER_ORDER:
                return None
            found.append(value)
        else:
            given[name] = number
            field = _FIELD_OF.get(name)
            if field is None:
                many[name] = [value]
            else:
                fields[field] = value[0]
        if header:
            if in_orders:
                return None
        else:
            in_orders = True
    else:
        return None  # no END
    if not given.keys() >= _HEADER_NAMES or ("REFIT" in many and _refit_twice(many)):
        return None
    for name, found in many.items():
        _set_order(fields, name, found[0][0], found)
    return _made_orders(fields, source, given, texts, number, ())


_NOT_PLAIN: tuple = ()  # what `_plain_line` gives for a line the reader has to speak of


def _plain_line_read(number: int, raw: str) -> tuple[_Line, str, bool, bool, Any] | None:
    """What the plain reading makes of a line by itself: None for no order (blank, comment,
    quoted), `_NOT_PLAIN` for a line the reader has something to say about (no order's
    word, too long, unreadable, GAME, OFFICER or SECRET with no words), else the line as
    `_split` splits it, its order, whether that is of the header, whether it may be
    repeated, and its value with the line's number (the value None for END, whose words
    are never read).

    A line of its own (OFFICER, SECRET, a route) is split without a look in `_split`'s
    cache, which it would only crowd."""
    line = _split_line(number, raw)
    if line is None:
        return None
    name = line.name
    if name is None:
        return _NOT_PLAIN
    if name == "END":
        return line, name, False, False, (None, number)
    if len(line.text) > MOST_LINE_CHARS:
        return _NOT_PLAIN
    header, repeatable, words = _TRAITS[name]
    if words:  # GAME, OFFICER, SECRET: the words are the value, none is no line
        if not line.args:
            return _NOT_PLAIN
        return line, name, header, repeatable, (line.args, number)
    try:
        return line, name, header, repeatable, (_value(name, line.args), number)
    except UnreadableOrder:
        return _NOT_PLAIN


# Made once for each line written the same way at the same place, as `_split` is: the files
# of a move have most of their lines alike.
_plain_line = functools.lru_cache(maxsize=8192)(_plain_line_read)

# How most files begin their OFFICER and SECRET lines, which each file writes its own way.
_OWN_LINES = ("OFFICER ", "SECRET ")


def _own_line_read(number: int, raw: str) -> tuple[_Line, str, bool, bool, Any] | None:
    """`_plain_line_read` of a line that begins with one of `_OWN_LINES`: its first word is
    that order's, written as the order's name, so the line is split only for its words (a
    property test holds the two to the same reading). A line with a comment or too long
    is read by `_plain_line_read`."""
    text = raw.strip()  # nothing to strip before the word
    if "#" in text or len(text) > MOST_LINE_CHARS:
        return _plain_line_read(number, raw)
    name, _, rest = text.partition(" ")
    args = " ".join(rest.split())
    if not args:  # no words: the reader says what is missing
        return _NOT_PLAIN
    header, repeatable, _ = _OWN_TRAITS[name]
    return _Line(number, text, name, args, name), name, header, repeatable, (args, number)


# What the plain reading asks of each order: is it of the header, may it be repeated, are
# its words its value (`_read_text`)?
_TRAITS = {name: (kw.header, kw.repeatable, kw.read is _read_text) for name, kw in KEYWORDS.items()}
_OWN_TRAITS = {word.rstrip(): _TRAITS[word.rstrip()] for word in _OWN_LINES}
_HEADER_NAMES = frozenset(HEADER)


def _refit_twice(values: dict[str, list[tuple[Any, int]]]) -> bool:
    """Does a component stand on two REFIT lines?"""
    components = [component for sheet, _ in values["REFIT"] for component, _ in sheet]
    return len(set(components)) < len(components)


_END_LINE = re.compile(r"^\s*(?:END|FINE)\b", re.IGNORECASE | re.MULTILINE)


def _first_part(data: bytes | str) -> bytes | str:
    """The first MOST_FILE_BYTES of a file, no character cut in two."""
    head = data[:MOST_FILE_BYTES]
    if isinstance(head, str):
        return head[: head.rfind("\n") + 1] or head
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or b"\0" in head[:64]:
        return head[: len(head) // 4 * 4]  # UTF-16 or UTF-32: whole code units
    return head[: head.rfind(b"\n") + 1] or head


def _too_large(source: str) -> Problem:
    kib = MOST_FILE_BYTES // 1024
    return Problem(
        source, None, "",
        f"the file is larger than {kib} KiB and its orders do not end (END) within its first "
        f"{kib} KiB, so it was not read: the orders must end within the first "
        f"{MOST_FILE_BYTES:,} bytes",
        "send the orders alone, as plain text, with END after them (what follows END may be "
        "as long as you like)",
        UNREADABLE)


def _not_text(source: str, error: NotText) -> Problem:
    return Problem(
        source, None, "", f"this is not a text file: {error}",
        "send the orders as plain text, in the body of the mail or as a .txt file",
        UNREADABLE)


def _header_only(lines: list[str], start: _Line, source: str) -> Orders:
    """The header of a file too large to read, to tell its officer why he holds: only the
    lines just after GAME are looked at, and nothing but the header is taken."""
    reader = _Reader(source)
    for number in range(start.number, min(len(lines), start.number + _HEADER_LINES) + 1):
        line = _split(number, lines[number - 1])
        if line is not None and line.name in HEADER:
            reader.read(line)
    return replace(_orders(source, reader.values, reader.texts, reader.first_line.get("END")),
                   unreadable=frozenset(HEADER))


def listed(problems: Sequence[Problem], most: int = MOST_PROBLEMS_LISTED,
           total: int | None = None) -> list[str]:
    """Problems as printed for a reader: the first `most`, then one line for the rest
    (`total` of them when only the first few were kept)."""
    out = [str(p) for p in problems[:most]]
    total = max(total or 0, len(problems))
    if total > most:
        rest = total - most
        out.append(f"... and {rest:,} more problem{'s' if rest != 1 else ''} "
                   f"(only the first {most} are listed): mend these and check again")
    return out


def _orders(source: str, values: dict[str, list[tuple[Any, int]]],
            texts: dict[int, _Line], end: int | None,
            unreadable: Iterable[str] = ()) -> Orders:
    """The orders of what was read: each order's values with their lines, the order lines
    as written, the END line if any and the keywords whose line could not be read.

    Only the orders the file gives are looked at (a file gives eight or so of the twenty):
    every other field keeps the value it has when its order is not given."""
    fields = _NOT_GIVEN.copy()
    lines: dict[str, int] = {}  # the line of each order's first readable line
    for name, found in values.items():
        value, lines[name] = found[0]  # of a single order, its value
        field = _FIELD_OF.get(name)
        if field is not None:
            fields[field] = value
        else:
            _set_order(fields, name, value, found)
    return _made_orders(fields, source, lines, texts, end, unreadable)


def _set_order(fields: dict[str, Any], name: str, value: Any,
               found: list[tuple[Any, int]]) -> None:
    """The fields of an order that is no one field's value, from its lines (`found`, the
    first of them read as `value`)."""
    if name == "INFO":
        fields["info"] = _each(InfoRequest, found)
    elif name == "RESEARCH":
        fields["research"] = _each(ResearchOrder, found)
    elif name == "PAY":
        fields["pay"] = _each(Payment, found)
    elif name == "PRESS":
        fields["press"] = _each(_press_line, found)
    elif name == "LAND":
        fields["attitude"], fields["land_crews"] = value
    elif name == "CREWS":
        fields["crews_land"] = (value[1] or 0) if value[0] == "land" else None
        fields["crews_embark"] = value[0] == "embark"
    elif name == "FIRE":
        fire, fields["cooperate"] = value
        fields["fire"] = tuple([f for f in fire if f != "alien"])
        fields["fire_alien"] = "alien" in fire
    elif name == "SPECIALIST":
        fields["specialist"] = value[0]
    elif name == "DISENGAGE":
        fields["disengage"] = True
    elif name == "RESCUE":
        fields["rescue"] = True
    elif name == "REFIT":  # a long sheet may go on over several lines
        fields["refit"] = tuple(sorted({c: n for sheet, _ in found for c, n in sheet}.items()))


def _made_orders(fields: dict[str, Any], source: str, lines: dict[str, int],
                 texts: dict[int, _Line], end: int | None, unreadable: Iterable[str]) -> Orders:
    """The Orders of these fields, with what every reading gives them alike."""
    fields["source"] = source
    if end is not None:
        lines["END"] = end
    fields["lines"] = MappingProxyType(lines)
    fields["texts"] = _Quoted(texts)
    fields["unreadable"] = frozenset(unreadable) if unreadable else _NONE
    return Orders(**fields)


# The orders whose field is the value of their first line, as read.
_FIELD_OF = {"GAME": "game", "OFFICER": "officer", "SECRET": "secret", "MOVE": "move",
             "ROUTE": "route", "TANKS": "tanks", "RADARS": "radars", "SHIELDS": "shields",
             "TARGET": "targets", "MISSION": "mission", "TOT": "tot"}
# Every field of Orders as it is when the file gives none of its orders.
_NOT_GIVEN: dict[str, Any] = {name: getattr(Orders(), name) for name in Orders.__dataclass_fields__}


_NONE: frozenset[str] = frozenset()


def _each(kind: Callable[..., Any], found: list[tuple[Any, int]] | None) -> tuple[Any, ...]:
    """A repeatable order's lines (INFO, RESEARCH, PAY, PRESS) as its values; () for none,
    with no work (most files give no PAY, no RESEARCH)."""
    return _all_of(kind, tuple(found)) if found else ()


@functools.lru_cache(maxsize=1024)
def _all_of(kind: Callable[..., Any], found: tuple[tuple[Any, int], ...]) -> tuple[Any, ...]:
    """The lines of a repeatable order as its values, made once for each way they are
    written at their places (INFO NEW, INFO NEW 2 on lines 7 and 8) in all the files of a
    move; the values are immutable."""
    return tuple([kind(*value, line) for value, line in found])


def _press_line(anonymous: bool, text: str, line: int) -> PressLine:
    return PressLine(text, anonymous, line)


# --- the orders as read -----------------------------------------------------------------


def specialist_text(specialist) -> str:
    """A specialist officer as the SPECIALIST order writes him: PSI 2, SCIENTIST MINERAL 4,
    or NONE."""
    if specialist is None:
        return "NONE"
    kingdom = f" {specialist.field.upper()}" if specialist.field else ""
    return f"{specialist.kind.upper()}{kingdom} {specialist.value}"

_FIRE_WORDS = {("lasers",): "LASERS", ("crews",): "CREWS", ("lasers", "crews"): "ALL"}


def orders_lines(orders: Orders, secret: str = "****") -> list[tuple[int | None, str]]:
    """The orders as pbem understood them, one canonical line each with the line of the file
    it came from, in file order: what a receipt shows. `read_orders` reads them back to the
    same orders (the secret is shown as `secret`, masked by default)."""
    found: list[tuple[int | None, str]] = []
    at = orders.lines.get

    def add(keyword: str, text: str, line: int | None = None) -> None:
        found.append((line if line is not None else at(keyword), text))

    for keyword, value in (("GAME", orders.game), ("OFFICER", orders.officer),
                           ("SECRET", secret if orders.secret is not None else None),
                           ("MOVE", orders.move)):
        if value is not None:
            add(keyword, f"{keyword} {value}")
    if orders.route or "ROUTE" in orders.lines:
        add("ROUTE", f"ROUTE {route_text(orders.route)}")
    if orders.tanks is not None:
        add("TANKS", f"TANKS {orders.tanks}")
    if orders.radars is not None:
        add("RADARS", f"RADARS {orders.radars}")
    for request in orders.info:
        add("INFO", f"INFO {request.text()}", request.line)
    for grant in orders.research:
        add("RESEARCH", grant.text(), grant.line)
    if orders.attitude is not None:
        add("LAND", f"LAND {orders.attitude}"
            + (f" {orders.land_crews}" if orders.land_crews is not None else ""))
    if orders.shields is not None:
        add("SHIELDS", "SHIELDS ON" if orders.shields else "SHIELDS OFF")
    if orders.crews_land is not None:
        add("CREWS", "CREWS LAND" + (f" {orders.crews_land}" if orders.crews_land else ""))
    elif orders.crews_embark:
        add("CREWS", "CREWS EMBARK")
    if orders.fire:
        add("FIRE", f"FIRE {_FIRE_WORDS[tuple(orders.fire)]}"
            + (f" WITH {orders.cooperate}" if orders.cooperate else ""))
    elif orders.fire_alien:
        add("FIRE", "FIRE ALIEN")
    if orders.disengage:
        add("DISENGAGE", "DISENGAGE")
    if orders.rescue:
        add("RESCUE", "RESCUE")
    if orders.given_specialist:
        add("SPECIALIST", "SPECIALIST " + specialist_text(orders.specialist))
    if orders.targets is not None:
        add("TARGET", f"TARGET {orders.targets}")
    if orders.mission is not None:
        add("MISSION", f"MISSION {orders.mission.upper()}")
    for payment in orders.pay:
        add("PAY", f"PAY {payment.amount} TO {payment.to}", payment.line)
    if orders.refit is not None:
        add("REFIT", "REFIT " + ",".join(f"{name}={n}" for name, n in orders.refit))
    if orders.tot is not None:
        add("TOT", f"TOT {orders.tot}")
    for line in orders.press:
        add("PRESS", line.words(), line.line)
    if "END" in orders.lines:
        add("END", "END")
    # In file order; a line the file did not give (none do) last.
    return sorted(found, key=lambda item: (item[0] is None, item[0] or 0))


# --- the order form -------------------------------------------------------------------

# Every line of the form is at most this wide: mail clients wrap lines longer than 72
# columns (some at 60), and a wrapped line is a broken order. Names are at most 40
# characters, so even `OFFICER <name>` fits.
FORM_WIDTH = 60


@dataclass(frozen=True)
class FormSituation:
    """What an order form is tailored to: the officer's ship and where it stands."""

    ship_type: str
    fit: Mapping[str, int]  # the ship sheet: every component and its count
    complete_crews: int = 0  # crews aboard with a full complement of men, who may land
    crews_down: int = 0  # crews on the ground of a planet
    on_ground: str | None = None  # the planet the ship stands on; None in space or at base
    at_base: bool = False
    research: bool = False  # the optional rule Unpredictable Research is in play
    colleague: str | None = None  # another officer, for the PAY example
    relanding: bool = False  # outer space: LAND on the ground lands again in another zone
    outer: bool = False  # a game of outer space, with its own orders (5C, 5E)
    held: bool = False  # outer space: the alien ship's space glue holds the ship (5C b)
    scientist: bool = False  # outer space: a scientist officer aboard (5E c)

    def has(self, component: str) -> int:
        return int(self.fit.get(component, 0))


@functools.lru_cache(maxsize=1024)
def _comment(text: str) -> tuple[str, ...]:
    """Hint text as comment lines that fit FORM_WIDTH; the same hints recur in the forms of
    thousands of officers, so each is wrapped once."""
    import textwrap

    return tuple("# " + line
                 for line in textwrap.wrap(text, FORM_WIDTH - 2, break_on_hyphens=False))


# The hint and example of every order in the form for nobody in particular; a situation
# tailors them below. A new order of KEYWORDS needs its line here (a test sees to it).
FORM_HINTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "ROUTE": ("ROUTE: legs of parsecs and a direction joined by +, the directions N NE "
              "E SE S SW W NW, UP and DOWN by 4s (one level); NONE stays put.", ()),
    "TANKS": ("TANKS: how many tanks to use (all when left out).", ("TANKS 3",)),
    "RADARS": ("RADARS: how many radars to switch on (all when left out).", ("RADARS 2",)),
    "INFO": ("INFO: one line per computer, on a planet sighted this move (INFO P-3) or NEW, "
             "the first one you discover (NEW 2 the second).", ("INFO NEW",)),
    "RESEARCH": ("RESEARCH, with the optional rule Unpredictable Research: grants "
                 "for one technology, one die each, one line per technology.",
                 ("RESEARCH MOVEMENT 1",)),
    "LAND": ("LAND: with a route that ends on a planet, A shields on, no fire; B shields "
             "on, lasers fire; C crews land, no fire; D crews land and fire.", ("LAND C",)),
    "SHIELDS": ("SHIELDS: ON or OFF, on the ground, for this move.", ("SHIELDS OFF",)),
    "CREWS": ("CREWS: on the ground, LAND (every complete crew, or CREWS LAND 1) or "
              "EMBARK.", ("CREWS LAND",)),
    "FIRE": ("FIRE: LASERS, CREWS or ALL opens fire on the ground; FIRE ... WITH name "
             "fires together with a colleague on the same planet; in outer space FIRE ALIEN "
             "fires at the alien ship that holds you.", ("FIRE LASERS",)),
    "TARGET": ("TARGET: fire at the first n aliens only.", ("TARGET 1",)),
    "MISSION": ("MISSION: on the ground, ELIMINATION, CAPTURE, ALLIANCE, INTIMIDATION, "
                "COMMERCE or COLLECT; in outer space, with a scientist officer, "
                "TECHNOLOGY.", ("MISSION ELIMINATION",)),
    "PAY": ("PAY: points of your score to a colleague, one line each.", ("PAY 1 TO Notius",)),
    "REFIT": ("REFIT: at the base, a new sheet for your ship: every component=count "
              "joined by commas, on more REFIT lines if need be.",
              ("REFIT crews=2,shields=5,lasers=3,radars=2", "REFIT computers=1,tanks=3")),
    "TOT": ("TOT: a Tot 100% from space at a planet sighted this move (SPATHA and HASTA).",
            ("TOT P-5",)),
    "PRESS": ("PRESS: a line for the next bulletin, signed; PRESS ANONYMOUS leaves your "
              "name out.", ("PRESS Greetings to every officer",)),
    # Outer space (5C, 5E).
    "RESCUE": ("RESCUE: abandon the ship and go through the rescue gate to the base, a rank "
               "and a ship level down, score 0.", ("RESCUE",)),
    "DISENGAGE": ("DISENGAGE, in outer space: held by the alien ship, try to break free (a "
                  "d6 of 5 or 6), after FIRE ALIEN if you give it.", ("DISENGAGE",)),
    "SPECIALIST": ("SPECIALIST, in outer space: at the base, embark a specialist officer, "
                   "PSI n, ROBUR n or SCIENTIST kingdom n (value 1 to 4), or NONE.",
                   ("SPECIALIST PSI 2",)),
}


def _tailored(name: str, s: FormSituation) -> tuple[str, tuple[str, ...]] | None:
    """The hint and examples of one order for this ship now; None when it cannot give it."""
    hint, examples = FORM_HINTS[name]
    ground = s.on_ground is not None
    if KEYWORDS[name].outer and not s.outer:
        return None
    if s.held and name in ("ROUTE", "FIRE", "DISENGAGE"):
        return _held(name, s)
    if name in ("DISENGAGE", "RESCUE"):
        return None  # RESCUE is in the players' order reference, never in the form
    if name == "SPECIALIST":
        return (hint.replace(", in outer space", ""), examples) if s.at_base else None
    if name == "ROUTE" and ground:
        return (f"ROUTE: a route takes off from {s.on_ground} (CREWS EMBARK first if "
                "crews are down); NONE stays on the ground.", ())
    if name == "TANKS":
        n = s.has("tanks")
        return (f"TANKS: how many of your {n} tanks to use (all when left out).",
                (f"TANKS {n}",)) if n else None
    if name == "RADARS":
        n = s.has("radars")
        return (f"RADARS: how many of your {n} radars to switch on (all when left out).",
                (f"RADARS {n}",)) if n else None
    if name == "INFO":
        n = s.has("computers")
        if not n:
            return None
        return (f"INFO: one line per computer ({n}), on a planet sighted this move "
                "(INFO P-3) or NEW, the first one you discover (NEW 2 the second).",
                tuple("INFO NEW" if i == 1 else f"INFO NEW {i}" for i in range(1, n + 1)))
    if name == "RESEARCH":
        return (hint.replace(", with the optional rule Unpredictable Research", ""),
                examples) if s.research else None
    if name == "LAND":
        if ground:
            return ("LAND: on the ground, with no ROUTE, lands again in another zone (once "
                    "a landing), the attitude A to D declared anew.",
                    ("LAND A",)) if s.relanding else None
        choices = ["A shields on, no fire"]
        if s.has("lasers"):
            choices.append("B shields on, lasers fire")
        if s.complete_crews:
            choices += ["C crews land, no fire", "D crews land and fire"]
        return ("LAND: with a route that ends on a planet, " + "; ".join(choices) + ".",
                ("LAND C" if s.complete_crews else "LAND A",))
    if name in ("SHIELDS", "CREWS", "FIRE", "TARGET", "MISSION") and not ground:
        return None
    if name == "SHIELDS":
        return (hint.replace(", on the ground,", ""), examples) if s.has("shields") else None
    if name == "CREWS":
        if s.crews_down:
            return ("CREWS: EMBARK, your crews come back aboard (needed before a take-off).",
                    ("CREWS EMBARK",))
        if s.complete_crews:
            return ("CREWS: LAND, every complete crew aboard lands (CREWS LAND 1: one); "
                    "the shields go off.", ("CREWS LAND",))
        return None
    if name == "FIRE":
        if not (s.has("lasers") or s.crews_down or s.complete_crews):
            return None
        hint = hint.split("; in outer space")[0] + "."
        return (hint.replace(" on the ground", "").replace("the same planet", s.on_ground),
                ("FIRE LASERS" if s.has("lasers") else "FIRE CREWS",))
    if name == "MISSION":
        hint = hint.replace(" on the ground,", "")
        if not s.scientist:
            hint = hint.split("; in outer space")[0] + "."
        return (hint.replace("in outer space, with a scientist officer", "with your "
                             "scientist officer"), examples)
    if name == "PAY":
        return (hint, (f"PAY 1 TO {s.colleague}",)) if s.colleague else None
    if name == "REFIT":
        if not s.at_base:
            return None
        # The sheet of today is one the ship type can fit, in as many REFIT lines as the
        # width of a mail needs.
        items = [f"{c}={s.has(c)}" for c in COMPONENTS if s.has(c)]
        lines: list[str] = []
        for item in items:
            if lines and len(f"# {lines[-1]},{item}") <= FORM_WIDTH:
                lines[-1] += f",{item}"
            else:
                lines.append(f"REFIT {item}")
        return (f"REFIT: at the base, a new sheet for your {s.ship_type}: every "
                "component=count joined by commas, on more REFIT lines if need be; "
                "the sheet of today:", tuple(lines))
    if name == "TOT":
        if not s.has("tot"):
            return None
        return ((hint.split(" (")[0] + ".") if not ground else
                "TOT: a Tot 100% at a planet sighted this move, in a move that takes off "
                "and ends in space.", examples)
    return hint, examples


def _held(name: str, s: FormSituation) -> tuple[str, tuple[str, ...]] | None:
    """The orders of a ship the alien ship holds (5C b): fire at it, try to break free; the
    route is flown only once free."""
    if name == "ROUTE":
        return ("ROUTE: the alien ship holds you, so a route is flown only if you break free "
                "(DISENGAGE) or destroy it first (FIRE ALIEN); NONE stays.", ())
    if name == "FIRE":
        return ("FIRE: ALIEN fires your lasers at the alien ship that holds you.",
                ("FIRE ALIEN",)) if s.has("lasers") else None
    return FORM_HINTS[name][0].replace(", in outer space: held by the alien ship,", ":"), (
        "DISENGAGE",)


def order_form(game: str, officer: str, move: int, situation: FormSituation | None = None,
               *, route: str = "") -> str:
    """A ready-to-edit order file: the header filled in but SECRET, then each order the
    officer may give (all of them without a situation) as a hint and a commented example.

    Built from KEYWORDS, so a new order shows up in the form. Every line fits FORM_WIDTH:
    comments stand on lines of their own, so a mail client that wraps the form at 60
    columns leaves the same orders.
    """
    return "".join(order_form_pieces(game, officer, move, situation, route=route))


_FORM_GREETING = "".join("\n" + line for line in _comment(
    "Write your secret after SECRET, edit the orders and send the file back. Lines that "
    "start with # are comments: take the # away from an order you want to give."))


@functools.lru_cache(maxsize=64)
def _form_head(game: str, move: int) -> tuple[str, str, str]:
    """A form's header around the officer's name, twice in it: the same for every form of
    the move."""
    return (f"# VII Legio, game {game}.\n# Orders of ",
            f"\n# for move {move}.{_FORM_GREETING}\nGAME {game}\nOFFICER ",
            f"\nSECRET\nMOVE {move}")


def order_form_pieces(game: str, officer: str, move: int,
                      situation: FormSituation | None = None, *,
                      route: str = "") -> tuple[str, ...]:
    """`order_form` in the pieces it is joined from: the names apart from the text around
    them, which is the same in the forms of thousands of officers. A report escapes the
    form piece by piece (every escaper works character by character), each shared piece
    once a move."""
    opening, middle, end = _form_head(game, move)
    head = (opening, officer, middle, officer, end)
    if situation is None:
        return (*head, _form_orders(None, route))
    # The orders of a form are the same for thousands of ships in the same situation but for
    # the colleague the PAY example names: they are made once for each situation (the key
    # below), and his name is put in.
    key = (tuple(situation.fit.items()), bool(situation.colleague),
           *_situation_values(situation))
    before, after = _form_halves(key, route)
    return (*head, before, situation.colleague or "", after)


def with_names(pieces: tuple[str, ...], officer: str, colleague: str | None) -> tuple[str, ...]:
    """A situation's form (`order_form_pieces` with a situation) for another officer in the
    same situation, with a colleague to name if it names one."""
    opening, _, middle, _, end, before, _, after = pieces
    return (opening, officer, middle, officer, end, before, colleague or "", after)


@functools.lru_cache(maxsize=4096)
def _form_halves(key: tuple, route: str) -> tuple[str, str]:
    """A situation's orders (`_form_orders`) before and after the colleague's name."""
    before, _, after = _form_orders(key, route).partition(_COLLEAGUE)
    return before, after


_COLLEAGUE = "\x00colleague\x00"  # where the PAY example names him; no name holds a NUL
# What a form depends on besides the sheet and whether there is a colleague to name.
_SITUATION_FIELDS = tuple(f.name for f in dataclass_fields(FormSituation)
                          if f.name not in ("fit", "colleague"))
_situation_values = operator.attrgetter(*_SITUATION_FIELDS)  # their values, as a tuple


@functools.lru_cache(maxsize=4096)
def _form_orders(key: tuple | None, route: str) -> str:
    """The lines of a form after its header, each after a newline, END included: every
    order, or (with a `key` of order_form's) those of the situation, _COLLEAGUE for the
    colleague's name."""
    situation = None
    if key is not None:
        fit, colleague, *values = key
        situation = FormSituation(fit=dict(fit), colleague=_COLLEAGUE if colleague else None,
                                  **dict(zip(_SITUATION_FIELDS, values)))
    out = []
    for name, kw in KEYWORDS.items():
        if kw.header or name == "END":
            continue
        found = FORM_HINTS[name] if situation is None else _tailored(name, situation)
        if found is None:
            continue
        hint, examples = found
        out += _comment(hint)
        if name == "ROUTE":
            out.append(f"ROUTE {route_text(parse_route(route))}")
        out += [f"# {example}" for example in examples]
    out.append("END")
    return "".join("\n" + line for line in out) + "\n"
