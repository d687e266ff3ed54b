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
import re
import unicodedata
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping

from pbem.rules.geometry import DIRECTIONS, LEVEL_GAP, VERTICAL, Segment, route_text
from pbem.rules.orders import (
    UNREADABLE, InfoRequest, Orders, Payment, Problem, ResearchOrder, in_report_order,
)
from pbem.rules.ship import parse_fit

class UnreadableOrder(ValueError):
    """An order's arguments cannot be read; `fix` says what to write instead."""

    def __init__(self, message: str, fix: str):
        super().__init__(message)
        self.message = message
        self.fix = fix


# --- decoding -------------------------------------------------------------------------


def decode(data: bytes) -> str:
    """Bytes as mail clients send them -> text with LF line ends.

    UTF-8 first (with or without BOM); otherwise a Windows or Latin-1 client sent it:
    cp1252 is Latin-1 plus the curly quotes Outlook adds, and Latin-1 never fails.
    """
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    for encoding in ("utf-8", "cp1252"):
        try:
            return _normalise(data.decode(encoding))
        except UnicodeDecodeError:
            continue
    return _normalise(data.decode("latin-1"))


def _normalise(text: str) -> str:
    # NFC so that a name typed on a Mac (o + combining grave) matches the enlisted one.
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
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
    if not bad:
        return tuple(r for r in read if isinstance(r, Segment))
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


def _read_segment(part: str) -> Segment | _BadSegment:
    if not part:
        return _BadSegment("a + with no segment after it", "remove the extra +", "")
    count, word = re.fullmatch(r"([0-9]*)\s*(.*)", part).groups()  # always matches
    if not count:
        return _missing_count(part)
    if not word:
        return _BadSegment(
            f"{part} has no direction",
            f"write a direction after the number ({_DIRECTION_LIST})",
            None,
        )
    direction = _direction(word)
    if direction is None:
        return _bad_direction(int(count), word)
    parsecs = int(count)
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
    if reversed_ and _direction(reversed_[1]) and int(reversed_[2]):
        fixed = f"{int(reversed_[2])} {_direction(reversed_[1])}"
        return _BadSegment(f"{part} has the number after the direction", f"write {fixed}", fixed)
    return _BadSegment(
        f"{part} has no number of parsecs", "write the parsecs before the direction", None
    )


def _bad_direction(count: int, word: str) -> _BadSegment:
    joined = _direction(word.replace(" ", ""))
    if joined is not None:  # NORTH EAST: right direction, written as two words
        fixed = f"{count} {joined}"
        return _BadSegment(f"{word} must be one word", f"write {fixed}", fixed)
    near = difflib.get_close_matches(word.upper(), DIRECTION_WORDS, n=1, cutoff=0.6)
    if not near:
        return _BadSegment(
            f"unknown direction {word}", f"use one of {_DIRECTION_LIST}", None
        )
    fixed = f"{count} {DIRECTION_WORDS[near[0]]}"
    return _BadSegment(
        f"unknown direction {word}; did you mean {near[0]}?", f"write {fixed}", fixed
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


def _read_text(args: str, kw: Keyword) -> str:
    if not args:
        raise UnreadableOrder(f"{kw.name} is empty: it needs {kw.help}", f"write {kw.example}")
    return args


def _read_whole(args: str, kw: Keyword) -> int:
    if not re.fullmatch(r"[0-9]+", args):
        raise UnreadableOrder(
            f"{kw.name} needs a whole number, e.g. {kw.example}",
            f"write {kw.name} and a number ({kw.help})",
        )
    return int(args)


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
    if len(words) == 2 and words[1].isdigit():  # INFO P 3: a designation split in two
        raise UnreadableOrder(
            f"{args} is not a planet designation", f"write INFO {words[0].upper()}-{words[1]}"
        )
    if len(words) > 1:
        raise UnreadableOrder(
            f"one INFO line asks about one planet, not {args}",
            "write one INFO line per planet (one per computer): "
            + " / ".join(f"INFO {w.upper()}" for w in words),
        )
    return words[0].upper(), None


def _read_new_index(words: list[str]) -> int:
    if not words:
        return 1
    if len(words) == 1 and re.fullmatch(r"[0-9]+", words[0]) and int(words[0]) >= 1:
        return int(words[0])
    raise UnreadableOrder(
        f"INFO NEW takes the number of a planet you discover this move, not {' '.join(words)}",
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


def _read_land(args: str, kw: Keyword) -> tuple[str, int | None]:
    words = args.upper().split()
    if not words or words[0] not in ATTITUDES or len(words) > 2 or (
        len(words) == 2 and not words[1].isdigit()
    ):
        raise UnreadableOrder(
            f"LAND needs an attitude A, B, C or D{', not ' + args if args else ''}",
            "write LAND A (shields on, no fire), LAND B (shields on, lasers fire), "
            "LAND C (crews land, no fire) or LAND D (crews land and fire); "
            "LAND C 1 lands one crew",
        )
    return words[0], int(words[1]) if len(words) == 2 else None


def _read_shields(args: str, kw: Keyword) -> bool:
    word = args.upper()
    if word in ("ON", "UP", "ACCESI"):
        return True
    if word in ("OFF", "DOWN", "SPENTI"):
        return False
    raise UnreadableOrder(f"SHIELDS is ON or OFF, not {args or 'nothing'}", "write SHIELDS ON or SHIELDS OFF")


def _read_crews(args: str, kw: Keyword) -> tuple[str, int | None]:
    words = args.upper().split()
    if words and words[0] in ("LAND", "DOWN", "SBARCO") and len(words) <= 2:
        if len(words) == 1:
            return "land", None
        if words[1].isdigit() and int(words[1]) > 0:
            return "land", int(words[1])
    if words in (["EMBARK"], ["REEMBARK"], ["RE-EMBARK"], ["UP"], ["IMBARCO"]):
        return "embark", None
    raise UnreadableOrder(
        f"CREWS takes LAND or EMBARK, not {args or 'nothing'}",
        "write CREWS LAND (every complete crew), CREWS LAND 2, or CREWS EMBARK",
    )


_FIRE_WITH = re.compile(r"(\S+)\s+(?:WITH|CON)\s+(.+)", re.IGNORECASE)


def _read_fire(args: str, kw: Keyword) -> tuple[tuple[str, ...], str | None]:
    """FIRE LASERS / CREWS / ALL, and FIRE ... WITH name: fire together with a colleague
    on the same planet (3I b cooperation)."""
    joint = _FIRE_WITH.fullmatch(args)
    word, colleague = (joint[1], " ".join(joint[2].split())) if joint else (args, None)
    choices = {"LASERS": ("lasers",), "LASER": ("lasers",), "CREWS": ("crews",),
               "CREW": ("crews",), "ALL": ("lasers", "crews")}
    if word.upper() in choices:
        return choices[word.upper()], colleague
    raise UnreadableOrder(f"FIRE takes LASERS, CREWS or ALL, not {args or 'nothing'}",
                          "write FIRE LASERS, FIRE CREWS or FIRE ALL; FIRE CREWS WITH Notius "
                          "fires together with a colleague on the same planet")


def _read_mission(args: str, kw: Keyword) -> str:
    word = args.upper()
    if word in MISSION_WORDS:
        return MISSION_WORDS[word]
    near = difflib.get_close_matches(word, list(MISSION_WORDS), n=1)
    fix = f"write MISSION {near[0]}" if near else "write MISSION and one of " + ", ".join(
        w for w, m in MISSION_WORDS.items() if w.lower() == m)
    raise UnreadableOrder(f"unknown mission {args or '(none)'}" + (f"; did you mean {near[0]}?" if near else ""), fix)


def _read_pay(args: str, kw: Keyword) -> tuple[int, str]:
    m = re.fullmatch(r"([0-9]+)\s+(?:TO|A)\s+(.+)", args, re.IGNORECASE)
    if not m or int(m.group(1)) == 0:
        raise UnreadableOrder(f"PAY needs points and a colleague, not {args or 'nothing'}",
                              "write PAY 2 TO Notius")
    return int(m.group(1)), " ".join(m.group(2).split())


def _read_refit(args: str, kw: Keyword) -> tuple[tuple[str, int], ...]:
    try:
        fit = parse_fit(args)
    except ValueError as e:
        raise UnreadableOrder(f"REFIT: {e}", f"write {kw.example}") from None
    if not fit:
        raise UnreadableOrder("REFIT needs the new ship sheet", f"write {kw.example}")
    return tuple(sorted(fit.items()))


def _read_tot(args: str, kw: Keyword) -> str:
    words = args.split()
    if len(words) != 1:
        raise UnreadableOrder("TOT needs one planet", "write TOT P-5")
    return words[0].upper()


def _read_nothing(args: str, kw: Keyword) -> None:
    return None  # END: anything after it on the line is ignored like what follows


_NUMBER = re.compile(r"[0-9]+")
_RESEARCH_FIX = "write the technology, then the number of grants, e.g. RESEARCH ATTACK 4"


def _read_research(args: str, kw: Keyword) -> tuple[str, int]:
    """RESEARCH <technology> <grants>; the technology is checked against the ruleset later."""
    words = args.split()
    numbers = [bool(_NUMBER.fullmatch(w)) for w in words]
    if numbers == [False, True]:
        grants = int(words[1])
        if grants == 0:
            raise UnreadableOrder(
                f"RESEARCH {words[0].upper()} 0 buys no grant",
                f"delete the line, or write RESEARCH {words[0].upper()} 1 or more",
            )
        return words[0].upper(), grants
    if numbers == [True, False]:  # the order reversed: RESEARCH 4 ATTACK
        raise UnreadableOrder(
            f"RESEARCH {args}: the technology comes before the grants",
            f"write RESEARCH {words[1].upper()} {int(words[0])}",
        )
    if numbers == [False, True, True]:  # ATTACK 1 4 from the production sheet's "Attack 1"
        raise UnreadableOrder(
            f"RESEARCH {args}: write only the technology and the grants; they always go "
            "to the next level",
            f"write RESEARCH {words[0].upper()} {int(words[2])}",
        )
    if numbers == [False]:
        raise UnreadableOrder(
            f"RESEARCH {words[0].upper()} needs the number of grants (one die each)",
            f"write e.g. RESEARCH {words[0].upper()} 2",
        )
    if not words:
        raise UnreadableOrder("RESEARCH is empty: it needs a technology and grants", _RESEARCH_FIX)
    raise UnreadableOrder(f"RESEARCH {args} is not a technology and a number of grants",
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
                "MOVE 1", "the number of the move these orders are for", header=True),
        Keyword("ROUTE", ("ROTTA", "COURSE"), _read_route, ROUTE_EXAMPLE,
                f"parsecs and direction joined by +: {' '.join(DIRECTIONS)}; "
                "UP/DOWN by 4s; NONE stays put"),
        Keyword("TANKS", ("TANK", "SERBATOI"), _read_whole,
                "TANKS 3", "tanks used this move; leave out to use all on board"),
        Keyword("RADARS", ("RADAR",), _read_whole,
                "RADARS 2", "radars switched on; leave out to switch on all"),
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
                "on the ground: FIRE LASERS, CREWS or ALL; ... WITH name fires together"),
        Keyword("TARGET", ("TARGETS", "BERSAGLIO"), _read_whole, "TARGET 1",
                "fire at the first n aliens only (splitting of objectives)"),
        Keyword("MISSION", ("MISSIONE",), _read_mission, "MISSION CAPTURE",
                "on the ground: " + ", ".join(MISSION_WORDS)),
        Keyword("PAY", ("PAGA",), _read_pay, "PAY 2 TO Notius",
                "give points of your score to a colleague", repeatable=True),
        Keyword("REFIT", ("RIARMA",), _read_refit, "REFIT crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3",
                "at the base: a new ship sheet for your ship"),
        Keyword("TOT", ("TOT100",), _read_tot, "TOT P-5",
                "launch a Tot 100% at a planet sighted this move (SPATHA and HASTA)"),
        Keyword("END", ("FINE",), _read_nothing,
                "END", "closes the orders; anything after it is ignored"),
    )
}

# Every word a player may write for an order, upper-cased -> canonical keyword.
ALIASES: dict[str, str] = {
    word: kw.name for kw in KEYWORDS.values() for word in (kw.name, *kw.aliases)
}
assert len(ALIASES) == sum(1 + len(kw.aliases) for kw in KEYWORDS.values()), "alias clash"
HEADER: tuple[str, ...] = tuple(k for k, kw in KEYWORDS.items() if kw.header)


# --- the parser -----------------------------------------------------------------------


@dataclass(frozen=True)
class _Line:
    number: int
    text: str  # as written, stripped
    word: str  # first word, upper-cased
    args: str  # the rest without comment, runs of whitespace as one space


def _split(number: int, raw: str) -> _Line | None:
    """None for lines that hold no order: blank, comment only, or quoted (`>`) mail text."""
    text = raw.strip()
    if text.startswith(">"):
        return None
    words = text.split("#", 1)[0].split()
    if not words:
        return None
    return _Line(number, text, words[0].upper(), " ".join(words[1:]))


def _shown(line: _Line, keyword: str | None) -> str:
    # A problem may be printed where others see it: never echo a secret, even a wrong one.
    if keyword == "SECRET":
        return line.text.split()[0] + " ****"
    return line.text


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
        self.texts: dict[int, str] = {}  # each order line as written, secrets masked
        self.unreadable: set[str] = set()  # keywords whose value could not be taken

    def problem(self, line: _Line | None, message: str, fix: str, keyword: str | None = None,
                dropped: bool = True):
        """An unreadable line; `dropped` when the order it meant is not in the orders."""
        text = _shown(line, keyword) if line else ""
        number = line.number if line else None
        self.problems.append(Problem(self.source, number, text, message, fix, UNREADABLE))
        if keyword and dropped:
            self.unreadable.add(keyword)

    def read(self, line: _Line) -> None:
        self.last = line
        name = ALIASES.get(line.word)
        self.texts[line.number] = _shown(line, name)
        if name is None:
            self.unknown(line)
        elif name == "END":
            self.first_line.setdefault("END", line.number)
            self.ended = True
        elif self.misplaced(line, KEYWORDS[name]):
            return
        else:
            self.first_line.setdefault(name, line.number)
            try:
                value = KEYWORDS[name].read(line.args, KEYWORDS[name])
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

    def unknown(self, line: _Line) -> None:
        written = line.text.split("#", 1)[0].split()[0]
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
        self.texts[line.number] = _shown(line, keyword)
        args = "<your secret>" if keyword == "SECRET" else line.args
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


def _header_start(lines: list[str]) -> _Line | None:
    """The first unquoted line whose first word is GAME: everything above is greeting."""
    for number, raw in enumerate(lines, start=1):
        line = _split(number, raw)
        if line and ALIASES.get(line.word) == "GAME":
            return line
    return None


def _no_game(source: str, lines: list[str]) -> Problem:
    # A misspelt GAME (GAEM cornifex) hides the whole header: point at it if there is one.
    for number, raw in enumerate(lines, start=1):
        line = _split(number, raw)
        if line and difflib.get_close_matches(line.word, _GAME_WORDS, n=1, cutoff=0.75):
            return Problem(source, number, line.text, "no GAME line found; did you mean GAME?",
                           f"write instead: GAME {line.args}".rstrip(), UNREADABLE)
    header = "\n".join(f"    {KEYWORDS[name].example}" for name in HEADER)
    fix = f"start your orders with the header:\n{header}"
    return Problem(source, None, "", "no GAME line found", fix, UNREADABLE)


_GAME_WORDS = [word for word, name in ALIASES.items() if name == "GAME"]


def read_orders(data: bytes | str, source: str) -> tuple[Orders, list[Problem]]:
    """Read an order file: every order that could be read, and every line that could not.

    The orders come back even when some lines are unreadable, so that the lawfulness check
    can report what is wrong with the rest in the same answer (one mail round trip).
    """
    text = decode(data) if isinstance(data, bytes) else _normalise(data)
    lines = text.split("\n")  # not splitlines(): it also splits on \x85, \x0c...
    start = _header_start(lines)
    if start is None:
        return Orders(source=source), [_no_game(source, lines)]
    reader = _Reader(source)
    for number in range(start.number, len(lines) + 1):
        line = _split(number, lines[number - 1])
        if line is not None:
            reader.read(line)
            if reader.ended:
                break
    reader.finish(start)
    return _orders(source, reader), in_report_order(reader.problems)


def _orders(source: str, reader: _Reader) -> Orders:
    def one(name: str, default: Any = None) -> Any:
        found = reader.values.get(name)
        return found[0][0] if found else default

    lines = {name: found[0][1] for name, found in reader.values.items()}
    if "END" in reader.first_line:
        lines["END"] = reader.first_line["END"]
    land = one("LAND")
    crews = one("CREWS")
    return Orders(
        source=source,
        game=one("GAME"),
        officer=one("OFFICER"),
        secret=one("SECRET"),
        move=one("MOVE"),
        route=one("ROUTE", ()),
        tanks=one("TANKS"),
        radars=one("RADARS"),
        info=tuple(
            InfoRequest(planet, index, line)
            for (planet, index), line in reader.values.get("INFO", [])
        ),
        research=tuple(
            ResearchOrder(technology, grants, line)
            for (technology, grants), line in reader.values.get("RESEARCH", [])
        ),
        attitude=land[0] if land else None,
        land_crews=land[1] if land else None,
        shields=one("SHIELDS"),
        crews_land=(crews[1] or 0) if crews and crews[0] == "land" else None,
        crews_embark=bool(crews and crews[0] == "embark"),
        fire=one("FIRE", ((), None))[0],
        cooperate=one("FIRE", ((), None))[1],
        targets=one("TARGET"),
        mission=one("MISSION"),
        pay=tuple(Payment(n, name, line) for (n, name), line in reader.values.get("PAY", [])),
        refit=one("REFIT"),
        tot=one("TOT"),
        lines=MappingProxyType(lines),
        texts=MappingProxyType(reader.texts),
        unreadable=frozenset(reader.unreadable),
    )


# --- the order form -------------------------------------------------------------------

_HINT_COLUMN = 28


def _with_hint(code: str, hint: str) -> str:
    return f"{code:<{_HINT_COLUMN}}# {hint}"


@functools.lru_cache(maxsize=64)
def _form_lines(route: str) -> tuple[tuple[str, str], ...]:
    """The form's order lines with their hints: the same for every officer of a move."""
    lines = []
    for name, kw in KEYWORDS.items():
        if name == "END" or name in ("GAME", "OFFICER", "MOVE"):
            lines.append((name, ""))
        elif name == "SECRET":
            lines.append((name, _with_hint("SECRET", kw.help)))
        elif name == "ROUTE":
            lines.append((name, _with_hint(f"ROUTE {route_text(parse_route(route))}", kw.help)))
        else:
            lines.append((name, _with_hint(f"# {kw.example}", kw.help)))
    return tuple((name, line) for name, line in lines if name != "END")


def order_form(
    game: str, officer: str, move: int, *, route: str = "", extra: list[str] | None = None
) -> str:
    """A ready-to-edit order file: header filled in but SECRET, each order with its hint.

    Built from KEYWORDS, so a new order shows up in the form with its example.
    """
    filled = {"GAME": f"GAME {game}", "OFFICER": f"OFFICER {officer}", "MOVE": f"MOVE {move}"}
    out = [
        f"# VII Legio - game {game}, move {move}, orders of {officer}.",
        "# Write your secret after SECRET, edit the orders, send the file back.",
        "# Text after # is a comment; lines starting with # are not orders.",
    ]
    for name, line in _form_lines(route):
        out.append(filled.get(name, line))
    out.extend(extra or [])
    out.append("END")
    return "\n".join(out) + "\n"
