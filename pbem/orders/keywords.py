"""The order keywords: the table of order words, English and Italian, and the reading of
their arguments (an attitude, a mission...; a route is `routes`') into values, or the
refusal of arguments that cannot be read, saying what to write instead."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from pbem.rules.geometry import DIRECTIONS, Segment
from pbem.rules.landing import ATTITUDES
from pbem.rules.missions import MISSIONS
from pbem.rules.ship import parse_fit
from pbem.rules.specialists import parse as parse_specialist
from pbem.rules.said import Said, saying
from pbem.rules.wording import nearest_word

from .limits import (
    MOST_GRANTS, MOST_MOVE, MOST_NEW_PLANETS, MOST_ON_BOARD, MOST_PAYMENT, MOST_QUOTED_CHARS,
    MOST_TARGETS, brief, read_number,
)
from .problems import WRITE, WRITE_E_G, UnreadableOrder, did_you_mean
from .routes import ROUTE_EXAMPLE, parse_route


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
    limit: str = ""  # ...and the refusal of a larger one: a message naming the bound
    outer: bool = False  # an order of outer space only: in the advanced level's forms only


def _bounded(value: int, written: str, most: int, limit: str, fix: str) -> int:
    """`value`, or the refusal of a number beyond its bound: `limit`, a message of the
    number as written (`%(written)s`) and the bound (`%(most)s`)."""
    """`value`, or the refusal of a number beyond its bound, quoting what was written."""
    if value > most:
        raise UnreadableOrder(Said(limit, written=brief(written), most=most), fix)
    return value


EMPTY = saying("%(order)s is empty: it needs %(help)s")
NOT_WHOLE = saying("%(order)s needs a whole number, e.g. %(example)s")
WRITE_A_NUMBER = saying("write %(order)s and a number (%(help)s)")


def read_text(args: str, kw: Keyword) -> str:
    if not args:
        raise UnreadableOrder(Said(EMPTY, order=kw.name, help=kw.help),
                              Said(WRITE, words=kw.example))
    return args


def _read_whole(args: str, kw: Keyword) -> int:
    value = read_number(args)
    if value is None:
        raise UnreadableOrder(
            Said(NOT_WHOLE, order=kw.name, example=kw.example),
            Said(WRITE_A_NUMBER, order=kw.name, help=kw.help),
        )
    return _bounded(value, f"{kw.name} {args}", kw.most, kw.limit,
                    Said(WRITE_E_G, words=kw.example))


def _read_route(args: str, kw: Keyword) -> tuple[Segment, ...]:
    return parse_route(args)


NEW_WORDS = frozenset({"NEW", "NUOVO", "NUOVA"})
_INFO_FIX = saying("write INFO P-3 for a named planet or INFO NEW for the planet you "
                   "discover this move")
NOT_A_DESIGNATION = saying("%(written)s is not a planet designation")
ONE_PLANET = saying("one INFO line asks about one planet, not %(written)s")
ONE_LINE_PER_PLANET = saying("write one INFO line per planet (one per computer): %(lines)s")
NEW_BEYOND = saying("%(written)s: INFO NEW n names one of the first %(most)s planets you discover")
_NEW_FIX = saying("write INFO NEW for the first planet you discover this move, INFO NEW 2 for "
                  "the second")
NEW_TAKES = saying("INFO NEW takes the number of a planet you discover this move, not %(written)s")


def _read_info(args: str, kw: Keyword) -> tuple[str | None, int | None]:
    words = args.split()
    if not words:
        raise UnreadableOrder(Said("INFO needs a planet"), Said(_INFO_FIX))
    if words[0].upper() in NEW_WORDS:
        return None, _read_new_index(words[1:])
    if len(words) == 2 and read_number(words[1]) is not None:  # INFO P 3: a designation in two
        raise UnreadableOrder(
            Said(NOT_A_DESIGNATION, written=brief(args)),
            Said(WRITE, words=f"INFO {brief(words[0].upper())}-{brief(words[1])}")
        )
    if len(words) > 1:
        raise UnreadableOrder(
            Said(ONE_PLANET, written=brief(args, MOST_QUOTED_CHARS)),
            Said(ONE_LINE_PER_PLANET,
                 lines=" / ".join(f"INFO {brief(w.upper())}" for w in words[:4])
                 + (" ..." if len(words) > 4 else "")),
        )
    return words[0].upper(), None


def _read_new_index(words: list[str]) -> int:
    if not words:
        return 1
    index = read_number(words[0]) if len(words) == 1 else None
    if index is not None and index >= 1:
        return _bounded(
            index, f"INFO NEW {words[0]}", MOST_NEW_PLANETS,
            NEW_BEYOND, Said(_NEW_FIX))
    raise UnreadableOrder(Said(NEW_TAKES, written=brief(' '.join(words))), Said(_NEW_FIX))


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


LAND_NOT = saying("LAND needs an attitude A, B, C or D, not %(written)s")
MOST_CREWS = saying("%(written)s: no ship carries more than %(most)s crews")
NOT_ON_OFF = saying("SHIELDS is ON or OFF, not %(written)s")
CREWS_NOT = saying("CREWS takes LAND or EMBARK, not %(written)s")
FIRE_NOT = saying("FIRE takes LASERS, CREWS, ALL or ALIEN, not %(written)s")
SPECIALIST_NOT = saying("SPECIALIST: %(why)s")
UNKNOWN_MISSION = saying("unknown mission %(written)s")
WRITE_MISSION = saying("write MISSION %(mission)s")
WRITE_ONE_MISSION = saying("write MISSION and one of %(missions)s")
PAY_NOT = saying("PAY needs points and a colleague, not %(written)s")
MOST_PAID = saying("%(written)s: a payment is at most %(most)s points")
REFIT_NOT = saying("REFIT: %(why)s")
# "nothing" where a player wrote no words after an order that needs some.
NOTHING = saying("nothing")


def _written(args: str) -> str:
    """What was written after an order, quoted; "nothing" for no words."""
    return brief(args) or Said(NOTHING)


def _read_land(args: str, kw: Keyword) -> tuple[str, int | None]:
    words = args.upper().split()
    crews = read_number(words[1]) if len(words) == 2 else None
    if not words or words[0] not in ATTITUDES or len(words) > 2 or (
        len(words) == 2 and crews is None
    ):
        raise UnreadableOrder(
            Said(LAND_NOT, written=brief(args)) if args
            else Said("LAND needs an attitude A, B, C or D"),
            Said("write LAND A (shields on, no fire), LAND B (shields on, lasers fire), "
                 "LAND C (crews land, no fire) or LAND D (crews land and fire); "
                 "LAND C 1 lands one crew"),
        )
    if crews is not None:
        crews = _bounded(crews, f"LAND {args}", MOST_ON_BOARD,
                         MOST_CREWS, Said(WRITE_E_G, words="LAND C 1"))
    return words[0], crews


def _read_shields(args: str, kw: Keyword) -> bool:
    word = args.upper()
    if word in ("ON", "UP", "ACCESI"):
        return True
    if word in ("OFF", "DOWN", "SPENTI"):
        return False
    raise UnreadableOrder(Said(NOT_ON_OFF, written=_written(args)),
                          Said("write SHIELDS ON or SHIELDS OFF"))


def _read_crews(args: str, kw: Keyword) -> tuple[str, int | None]:
    words = args.upper().split()
    if words and words[0] in ("LAND", "DOWN", "SBARCO") and len(words) <= 2:
        if len(words) == 1:
            return "land", None
        crews = read_number(words[1])
        if crews is not None and crews > 0:
            return "land", _bounded(
                crews, f"CREWS {args}", MOST_ON_BOARD,
                MOST_CREWS, Said(WRITE_E_G, words="CREWS LAND 2"))
    if words in (["EMBARK"], ["REEMBARK"], ["RE-EMBARK"], ["UP"], ["IMBARCO"]):
        return "embark", None
    raise UnreadableOrder(
        Said(CREWS_NOT, written=_written(args)),
        Said("write CREWS LAND (every complete crew), CREWS LAND 2, or CREWS EMBARK"),
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
    raise UnreadableOrder(Said(FIRE_NOT, written=_written(args)),
                          Said("write FIRE LASERS, FIRE CREWS or FIRE ALL; FIRE CREWS WITH "
                               "Notius fires together with a colleague on the same planet; "
                               "FIRE ALIEN fires at the alien ship that holds yours"))


def _read_specialist(args: str, kw: Keyword) -> tuple[Any, ...]:
    try:
        return (parse_specialist(args),)
    except ValueError as e:
        raise UnreadableOrder(Said(SPECIALIST_NOT, why=str(e)),
                              Said(WRITE, words=kw.example)) from None


def _read_mission(args: str, kw: Keyword) -> str:
    word = args.upper()
    if word in MISSION_WORDS:
        return MISSION_WORDS[word]
    near = nearest_word(word, MISSION_WORDS)
    fix = Said(WRITE_MISSION, mission=near) if near else Said(
        WRITE_ONE_MISSION,
        missions=", ".join(w for w, m in MISSION_WORDS.items() if w.lower() == m))
    raise UnreadableOrder(
        did_you_mean(Said(UNKNOWN_MISSION, written=brief(args) or Said("(none)")), near), fix)


def _read_pay(args: str, kw: Keyword) -> tuple[int, str]:
    m = re.fullmatch(r"([0-9]+)\s+(?:TO|A)\s+(.+)", args, re.IGNORECASE)
    if not m or read_number(m.group(1)) == 0:
        raise UnreadableOrder(Said(PAY_NOT, written=_written(args)),
                              Said(WRITE, words="PAY 2 TO Notius"))
    points = _bounded(read_number(m.group(1)), f"PAY {m.group(1)}", MOST_PAYMENT,
                      MOST_PAID, Said(WRITE_E_G, words="PAY 2 TO Notius"))
    return points, " ".join(m.group(2).split())


def _read_refit(args: str, kw: Keyword) -> tuple[tuple[str, int], ...]:
    try:
        fit = parse_fit(args)
    except ValueError as e:
        raise UnreadableOrder(Said(REFIT_NOT, why=brief(str(e), MOST_QUOTED_CHARS)),
                              Said(WRITE, words=kw.example)) from None
    if not fit:
        raise UnreadableOrder(Said("REFIT needs the new ship sheet"),
                              Said(WRITE, words=kw.example))
    return tuple(sorted(fit.items()))


def _read_tot(args: str, kw: Keyword) -> str:
    words = args.split()
    if len(words) != 1:
        raise UnreadableOrder(Said("TOT needs one planet"), Said(WRITE, words="TOT P-5"))
    return words[0].upper()


NO_PRESS_TEXT = saying("%(order)s has no text for the bulletin")
ANONYMOUS_WORDS = frozenset({"ANONYMOUS", "ANON", "ANONIMO", "ANONIMA"})


def _read_press(args: str, kw: Keyword) -> tuple[bool, str]:
    """PRESS text, or PRESS ANONYMOUS text: a line for the next bulletin."""
    words = args.split(" ", 1)
    anonymous = bool(words[0]) and words[0].upper() in ANONYMOUS_WORDS
    text = (words[1] if len(words) == 2 else "") if anonymous else args
    if not text:
        raise UnreadableOrder(
            Said(NO_PRESS_TEXT, order="PRESS ANONYMOUS" if anonymous else "PRESS"),
            Said("write your words after it, e.g. PRESS Greetings from the MARTHIA; "
                 "PRESS ANONYMOUS ... leaves your name out"))
    return anonymous, text


def _read_nothing(args: str, kw: Keyword) -> None:
    return None  # END: anything after it on the line is ignored like what follows


_RESEARCH_FIX = saying("write the technology, then the number of grants, e.g. RESEARCH ATTACK 4")
NO_GRANT = saying("RESEARCH %(technology)s 0 buys no grant")
DELETE_OR_MORE = saying("delete the line, or write RESEARCH %(technology)s 1 or more")
MOST_GRANTS_LINE = saying("%(written)s: one RESEARCH line buys at most %(most)s grants")
GRANTS_AFTER = saying("RESEARCH %(written)s: the technology comes before the grants")
ONLY_GRANTS = saying("RESEARCH %(written)s: write only the technology and the grants; they "
                     "always go to the next level")
NEEDS_GRANTS = saying("RESEARCH %(technology)s needs the number of grants (one die each)")
NOT_RESEARCH = saying("RESEARCH %(written)s is not a technology and a number of grants")
ONE_LINE_EACH = saying("%(fix)s; one line per technology")


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
                Said(NO_GRANT, technology=technology),
                Said(DELETE_OR_MORE, technology=technology),
            )
        return words[0].upper(), _bounded(
            grants, f"RESEARCH {technology} {words[1]}", MOST_GRANTS,
            MOST_GRANTS_LINE,
            Said(WRITE_E_G, words=f"RESEARCH {technology} 2"))
    if numbers == [True, False]:  # the order reversed: RESEARCH 4 ATTACK
        raise UnreadableOrder(
            Said(GRANTS_AFTER, written=brief(args)),
            Said(WRITE, words=f"RESEARCH {brief(words[1].upper())} "
                              f"{brief(words[0].lstrip('0') or '0')}"),
        )
    if numbers == [False, True, True]:  # ATTACK 1 4 from the production sheet's "Attack 1"
        raise UnreadableOrder(
            Said(ONLY_GRANTS, written=brief(args)),
            Said(WRITE, words=f"RESEARCH {technology} {brief(words[2].lstrip('0') or '0')}"),
        )
    if numbers == [False]:
        raise UnreadableOrder(
            Said(NEEDS_GRANTS, technology=technology),
            Said(WRITE_E_G, words=f"RESEARCH {technology} 2"),
        )
    if not words:
        raise UnreadableOrder(Said("RESEARCH is empty: it needs a technology and grants"),
                              Said(_RESEARCH_FIX))
    raise UnreadableOrder(Said(NOT_RESEARCH, written=brief(args)),
                          Said(ONE_LINE_EACH, fix=Said(_RESEARCH_FIX)))


KEYWORDS: dict[str, Keyword] = {
    kw.name: kw
    for kw in (
        Keyword("GAME", ("PARTITA", "GIOCO"), read_text,
                "GAME <game name>", Said("the name of the game"), header=True),
        Keyword("OFFICER", ("UFFICIALE", "COMANDANTE"), read_text,
                "OFFICER <your name>", Said("your name as enlisted"), header=True),
        Keyword("SECRET", ("SEGRETO",), read_text,
                "SECRET <your secret>", Said("the secret you got at enlistment"), header=True),
        Keyword("MOVE", ("MOSSA",), _read_whole,
                "MOVE 1", Said("the number of the move these orders are for"), header=True,
                most=MOST_MOVE,
                limit=saying("%(written)s: moves are numbered up to %(most)s")),
        Keyword("ROUTE", ("ROTTA", "COURSE"), _read_route, ROUTE_EXAMPLE,
                Said("parsecs and direction joined by +: %(directions)s; UP/DOWN by 4s; NONE "
                     "stays put", directions=" ".join(DIRECTIONS))),
        Keyword("TANKS", ("TANK", "SERBATOI"), _read_whole,
                "TANKS 3", Said("tanks used this move; leave out to use all on board"),
                most=MOST_ON_BOARD,
                limit=saying("%(written)s: no ship carries more than %(most)s tanks")),
        Keyword("RADARS", ("RADAR",), _read_whole,
                "RADARS 2", Said("radars switched on; leave out to switch on all"),
                most=MOST_ON_BOARD,
                limit=saying("%(written)s: no ship carries more than %(most)s radars")),
        Keyword("INFO", ("INFORMATION", "INFORMAZIONI"), _read_info, "INFO P-3",
                Said("one line per computer: a planet, or INFO NEW for the one you discover "
                "this move"), repeatable=True),
        Keyword("RESEARCH", ("RICERCA",), _read_research, "RESEARCH MOVEMENT 2",
                Said("optional rule Unpredictable Research: grants for a technology, one die "
                "each; one line per technology"), repeatable=True),
        Keyword("LAND", ("LANDING", "ATTERRA", "ATTERRAGGIO"), _read_land, "LAND C",
                Said("with the route that ends on a planet: attitude A (shields, no fire), "
                "B (shields, lasers fire), C (crews land, no fire), D (crews land and fire)")),
        Keyword("SHIELDS", ("SHIELD", "SCUDI"), _read_shields, "SHIELDS OFF",
                Said("on the ground: shields ON or OFF for this move")),
        Keyword("CREWS", ("CREW", "EQUIPAGGI"), _read_crews, "CREWS LAND 2",
                Said("on the ground: CREWS LAND [n] (complete crews, shields off) or "
                     "CREWS EMBARK")),
        Keyword("FIRE", ("FUOCO",), _read_fire, "FIRE CREWS",
                Said("on the ground: FIRE LASERS, CREWS or ALL; ... WITH name fires together; "
                "in outer space, held by the alien ship: FIRE ALIEN")),
        Keyword("TARGET", ("TARGETS", "BERSAGLIO"), _read_whole, "TARGET 1",
                Said("fire at the first n aliens only (splitting of objectives)"),
                most=MOST_TARGETS,
                limit=saying("%(written)s: TARGET names at most %(most)s aliens")),
        Keyword("MISSION", ("MISSIONE",), _read_mission, "MISSION CAPTURE",
                Said("on the ground: %(missions)s; in outer space, with a scientist officer: "
                     "TECHNOLOGY", missions=", ".join(_BASIC_MISSION_WORDS))),
        Keyword("PAY", ("PAGA",), _read_pay, "PAY 2 TO Notius",
                Said("give points of your score to a colleague"), repeatable=True),
        Keyword("REFIT", ("RIARMA",), _read_refit, "REFIT crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3",
                Said("at the base: a new ship sheet for your ship; a long sheet may take "
                "several REFIT lines"), repeatable=True),
        Keyword("DISENGAGE", ("SGANCIO", "DISIMPEGNO"), _read_nothing, "DISENGAGE",
                Said("outer space: try to break free of the alien ship (d6 5 or 6)"), outer=True),
        Keyword("SPECIALIST", ("SPECIALISTA",), _read_specialist, "SPECIALIST PSI 2",
                Said("outer space, at the base: embark PSI n, ROBUR n or SCIENTIST kingdom n "
                "(SCIENTIST MINERAL 2; value 1 to 4), or NONE"), outer=True),
        Keyword("RESCUE", ("SOCCORSO",), _read_nothing, "RESCUE",
                Said("abandon the ship: you and your crews go through the rescue gate to the "
                     "base, "
                "a rank and a ship level down, score 0 (3F c)")),
        Keyword("TOT", ("TOT100",), _read_tot, "TOT P-5",
                Said("launch a Tot 100%% at a planet sighted this move (SPATHA and HASTA)")),
        Keyword("PRESS", ("STAMPA",), _read_press, "PRESS Greetings from the MARTHIA",
                Said("a line for the next bulletin, signed; PRESS ANONYMOUS leaves your name out"),
                repeatable=True),
        Keyword("END", ("FINE",), _read_nothing,
                "END", Said("closes the orders; anything after it is ignored")),
    )
}

# The order words an order form offers in each language but English, where the game has
# its own (docs/glossary.md): each is one of its order's aliases, read in any game; and the
# words after an order that the form's examples write in that language.
ORDER_WORDS: dict[str, dict[str, str]] = {"it": {
    "GAME": "PARTITA", "OFFICER": "UFFICIALE", "SECRET": "SEGRETO", "MOVE": "MOSSA",
    "ROUTE": "ROTTA", "TANKS": "SERBATOI", "RADARS": "RADAR", "RESEARCH": "RICERCA",
    "LAND": "ATTERRA", "SHIELDS": "SCUDI", "CREWS": "EQUIPAGGI", "FIRE": "FUOCO",
    "TARGET": "BERSAGLIO", "MISSION": "MISSIONE", "PAY": "PAGA", "REFIT": "RIARMA",
    "DISENGAGE": "SGANCIO", "SPECIALIST": "SPECIALISTA", "RESCUE": "SOCCORSO",
    "PRESS": "STAMPA", "END": "FINE",
}}
ARGUMENT_WORDS: dict[str, dict[str, str]] = {"it": {
    "NEW": "NUOVO", "ON": "ACCESI", "OFF": "SPENTI", "LAND": "SBARCO", "EMBARK": "IMBARCO",
    "ALIEN": "ALIENO", "TO": "A", "ANONYMOUS": "ANONIMO", "ELIMINATION": "ELIMINAZIONE",
    "CAPTURE": "CATTURA", "ALLIANCE": "ALLEANZA", "INTIMIDATION": "INTIMIDAZIONE",
    "COMMERCE": "COMMERCIO", "COLLECT": "RACCOLTA", "TECHNOLOGY": "TECNOLOGIA",
}}


def order_line_in(lang: str, line: str) -> str:
    """An order line as an order form in `lang` writes it: its order word and the words
    after it in that language where the game has them, anything else as it is."""
    words = ORDER_WORDS.get(lang)
    if not words:
        return line
    first, _, rest = line.partition(" ")
    arguments = ARGUMENT_WORDS[lang]
    said = [arguments.get(word, word) for word in rest.split(" ")] if rest else []
    return " ".join([words.get(first, first), *said])


# Every word a player may write for an order, upper-cased -> canonical keyword.
ALIASES: dict[str, str] = {
    word: kw.name for kw in KEYWORDS.values() for word in (kw.name, *kw.aliases)
}
assert len(ALIASES) == sum(1 + len(kw.aliases) for kw in KEYWORDS.values()), "alias clash"
assert all(kw.most > 0 for kw in KEYWORDS.values() if kw.read is _read_whole), "a number unbounded"
HEADER: tuple[str, ...] = tuple(k for k, kw in KEYWORDS.items() if kw.header)
