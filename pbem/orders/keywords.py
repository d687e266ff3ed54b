"""The order keywords: the table of order words, English and Italian, and the reading of
their arguments (a route, an attitude, a mission...) into values, or the refusal of
arguments that cannot be read, saying what to write instead."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any, Callable

from pbem.rules.geometry import DIRECTIONS, LEVEL_GAP, VERTICAL, Segment
from pbem.rules.landing import ATTITUDES
from pbem.rules.missions import MISSIONS
from pbem.rules.ship import parse_fit
from pbem.rules.specialists import parse as parse_specialist
from pbem.rules.wording import did_you_mean, nearest_word

from .limits import (
    MOST_GRANTS, MOST_MOVE, MOST_NEW_PLANETS, MOST_ON_BOARD, MOST_PAYMENT, MOST_QUOTED_CHARS,
    MOST_ROUTE_PARSECS, MOST_TARGETS, brief, read_number,
)


class UnreadableOrder(ValueError):
    """An order's arguments cannot be read; `fix` says what to write instead."""

    def __init__(self, message: str, fix: str):
        super().__init__(message)
        self.message = message
        self.fix = fix


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
    near = nearest_word(word.upper(), DIRECTION_WORDS)
    if near is None:
        return _BadSegment(
            f"unknown direction {brief(word)}", f"use one of {_DIRECTION_LIST}", None
        )
    fixed = f"{count} {DIRECTION_WORDS[near]}"
    return _BadSegment(
        f"unknown direction {brief(word)}{did_you_mean(near)}", f"write {fixed}", fixed
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


def read_text(args: str, kw: Keyword) -> str:
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
assert sorted(set(MISSION_WORDS.values())) == sorted(MISSIONS), "a mission with no word"


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


# What fires, by the word FIRE takes; the first word of each is the one orders are printed
# back with.
FIRE_WORDS: dict[str, tuple[str, ...]] = {
    "LASERS": ("lasers",), "LASER": ("lasers",), "CREWS": ("crews",), "CREW": ("crews",),
    "ALL": ("lasers", "crews"),
    # Outer space (5C b): the lasers at the alien ship that holds the ship.
    "ALIEN": ("alien",), "ALIENO": ("alien",),
}
_FIRE_WITH = re.compile(r"(\S+)\s+(?:WITH|CON)\s+(.+)", re.IGNORECASE)


def _read_fire(args: str, kw: Keyword) -> tuple[tuple[str, ...], str | None]:
    """FIRE LASERS / CREWS / ALL, and FIRE ... WITH name: fire together with a colleague
    on the same planet (3I b cooperation)."""
    joint = _FIRE_WITH.fullmatch(args)
    word, colleague = (joint[1], " ".join(joint[2].split())) if joint else (args, None)
    if word.upper() in FIRE_WORDS and not (colleague and word.upper().startswith("ALIEN")):
        return FIRE_WORDS[word.upper()], colleague
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
    near = nearest_word(word, MISSION_WORDS)
    fix = f"write MISSION {near}" if near else "write MISSION and one of " + ", ".join(
        w for w, m in MISSION_WORDS.items() if w.lower() == m)
    raise UnreadableOrder(f"unknown mission {brief(args) or '(none)'}" + did_you_mean(near),
                          fix)


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
        Keyword("GAME", ("PARTITA", "GIOCO"), read_text,
                "GAME <game name>", "the name of the game", header=True),
        Keyword("OFFICER", ("UFFICIALE", "COMANDANTE"), read_text,
                "OFFICER <your name>", "your name as enlisted", header=True),
        Keyword("SECRET", ("SEGRETO",), read_text,
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
