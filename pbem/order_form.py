"""The order form: a ready-to-edit order file for an officer, tailored to his ship and
where it stands, every line narrow enough for any mail client."""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import Mapping

from pbem.orders.keywords import KEYWORDS, order_line_in, parse_route
from pbem.rules.geometry import route_text
from pbem.rules.ship import COMPONENTS

ENGLISH = "en"  # the form's own language, `pbem.language.ENGLISH`

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


def _comment(text: str) -> tuple[str, ...]:
    """Hint text as comment lines that fit FORM_WIDTH."""
    import textwrap  # here: 13 ms to import (its regular expressions), for a form only

    return tuple("# " + line
                 for line in textwrap.wrap(text, FORM_WIDTH - 2, break_on_hyphens=False))


def _N(message: str) -> str:
    """A text of the form marked for the catalogs (docs/translating.md), said in the
    reader's language where the form is made."""
    return message


# The hint and example of every order in the form for nobody in particular; a situation
# tailors them below. A new order of KEYWORDS needs its line here (a test sees to it).
FORM_HINTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "ROUTE": (_N("ROUTE: legs of parsecs and a direction joined by +, the directions N NE "
              "E SE S SW W NW, UP and DOWN by 4s (one level); NONE stays put."), ()),
    "TANKS": (_N("TANKS: how many tanks to use (all when left out)."), ("TANKS 3",)),
    "RADARS": (_N("RADARS: how many radars to switch on (all when left out)."), ("RADARS 2",)),
    "INFO": (_N("INFO: one line per computer, on a planet sighted this move (INFO P-3) or NEW, "
             "the first one you discover (NEW 2 the second)."), ("INFO NEW",)),
    "RESEARCH": (_N("RESEARCH, with the optional rule Unpredictable Research: grants "
                 "for one technology, one die each, one line per technology."),
                 ("RESEARCH MOVEMENT 1",)),
    "LAND": (_N("LAND: with a route that ends on a planet, A shields on, no fire; B shields "
             "on, lasers fire; C crews land, no fire; D crews land and fire."), ("LAND C",)),
    "SHIELDS": (_N("SHIELDS: ON or OFF, on the ground, for this move."), ("SHIELDS OFF",)),
    "CREWS": (_N("CREWS: on the ground, LAND (every complete crew, or CREWS LAND 1) or "
              "EMBARK."), ("CREWS LAND",)),
    "FIRE": (_N("FIRE: LASERS, CREWS or ALL opens fire on the ground; FIRE ... WITH name "
             "fires together with a colleague on the same planet; in outer space FIRE ALIEN "
             "fires at the alien ship that holds you."), ("FIRE LASERS",)),
    "TARGET": (_N("TARGET: fire at the first n aliens only."), ("TARGET 1",)),
    "MISSION": (_N("MISSION: on the ground, ELIMINATION, CAPTURE, ALLIANCE, INTIMIDATION, "
                "COMMERCE or COLLECT; in outer space, with a scientist officer, "
                "TECHNOLOGY."), ("MISSION ELIMINATION",)),
    "PAY": (_N("PAY: points of your score to a colleague, one line each."), ("PAY 1 TO Notius",)),
    "REFIT": (_N("REFIT: at the base, a new sheet for your ship: every component=count "
              "joined by commas, on more REFIT lines if need be."),
              ("REFIT crews=2,shields=5,lasers=3,radars=2", "REFIT computers=1,tanks=3")),
    "TOT": (_N("TOT: a Tot 100% from space at a planet sighted this move (SPATHA and HASTA)."),
            ("TOT P-5",)),
    "PRESS": (_N("PRESS: a line for the next bulletin, signed; PRESS ANONYMOUS leaves your "
              "name out."), (_N("PRESS Greetings to every officer"),)),
    # Outer space (5C, 5E).
    "RESCUE": (_N("RESCUE: abandon the ship and go through the rescue gate to the base, a rank "
               "and a ship level down, score 0."), ("RESCUE",)),
    "DISENGAGE": (_N("DISENGAGE, in outer space: held by the alien ship, try to break free (a "
                  "d6 of 5 or 6), after FIRE ALIEN if you give it."), ("DISENGAGE",)),
    "SPECIALIST": (_N("SPECIALIST, in outer space: at the base, embark a specialist officer, "
                   "PSI n, ROBUR n or SCIENTIST kingdom n (value 1 to 4), or NONE."),
                   ("SPECIALIST PSI 2",)),
}


# A hint as the form says it: its message (the catalogs') and the values put into it.
Hint = tuple[str, tuple[tuple[str, object], ...]]


def _tailored(name: str, s: FormSituation) -> tuple[str, tuple[str, ...]] | None:
    """The hint (in English) and examples of one order for this ship now; None when it
    cannot give it."""
    found = _tailored_hint(name, s)
    if found is None:
        return None
    (message, values), examples = found
    return (message % dict(values) if values else message), examples


def _tailored_hint(name: str, s: FormSituation) -> tuple[Hint, tuple[str, ...]] | None:
    """`_tailored`, its hint as a message and its values, to be said in any language."""
    hint, examples = FORM_HINTS[name]
    ground = s.on_ground is not None
    if KEYWORDS[name].outer and not s.outer:
        return None
    if s.held and name in ("ROUTE", "FIRE", "DISENGAGE"):
        return _held(name, s)
    if name in ("DISENGAGE", "RESCUE"):
        return None  # RESCUE is in the players' order reference, never in the form
    if name == "SPECIALIST":
        return ((_N("SPECIALIST: at the base, embark a specialist officer, PSI n, ROBUR n or "
                    "SCIENTIST kingdom n (value 1 to 4), or NONE."), ()), examples
                ) if s.at_base else None
    if name == "ROUTE" and ground:
        return (_N("ROUTE: a route takes off from %(planet)s (CREWS EMBARK first if crews are "
                   "down); NONE stays on the ground."), (("planet", s.on_ground),)), ()
    if name == "TANKS":
        n = s.has("tanks")
        return ((_N("TANKS: how many of your %(num)s tanks to use (all when left out)."),
                 (("num", n),)), (f"TANKS {n}",)) if n else None
    if name == "RADARS":
        n = s.has("radars")
        return ((_N("RADARS: how many of your %(num)s radars to switch on (all when left "
                    "out)."), (("num", n),)), (f"RADARS {n}",)) if n else None
    if name == "INFO":
        n = s.has("computers")
        if not n:
            return None
        return ((_N("INFO: one line per computer (%(num)s), on a planet sighted this move "
                    "(INFO P-3) or NEW, the first one you discover (NEW 2 the second)."),
                 (("num", n),)),
                tuple("INFO NEW" if i == 1 else f"INFO NEW {i}" for i in range(1, n + 1)))
    if name == "RESEARCH":
        return ((_N("RESEARCH: grants for one technology, one die each, one line per "
                    "technology."), ()), examples) if s.research else None
    if name == "LAND":
        if ground:
            return ((_N("LAND: on the ground, with no ROUTE, lands again in another zone (once "
                        "a landing), the attitude A to D declared anew."), ()),
                    ("LAND A",)) if s.relanding else None
        if s.complete_crews:
            return ((hint if s.has("lasers") else _N(
                "LAND: with a route that ends on a planet, A shields on, no fire; C crews "
                "land, no fire; D crews land and fire."), ()), ("LAND C",))
        return ((_N("LAND: with a route that ends on a planet, A shields on, no fire; B "
                    "shields on, lasers fire.") if s.has("lasers") else
                 _N("LAND: with a route that ends on a planet, A shields on, no fire."), ()),
                ("LAND A",))
    if name in ("SHIELDS", "CREWS", "FIRE", "TARGET", "MISSION") and not ground:
        return None
    if name == "SHIELDS":
        return ((_N("SHIELDS: ON or OFF for this move."), ()), examples
                ) if s.has("shields") else None
    if name == "CREWS":
        if s.crews_down:
            return ((_N("CREWS: EMBARK, your crews come back aboard (needed before a "
                        "take-off)."), ()), ("CREWS EMBARK",))
        if s.complete_crews:
            return ((_N("CREWS: LAND, every complete crew aboard lands (CREWS LAND 1: one); "
                        "the shields go off."), ()), ("CREWS LAND",))
        return None
    if name == "FIRE":
        if not (s.has("lasers") or s.crews_down or s.complete_crews):
            return None
        return ((_N("FIRE: LASERS, CREWS or ALL opens fire; FIRE ... WITH name fires together "
                    "with a colleague on %(planet)s."), (("planet", s.on_ground),)),
                ("FIRE LASERS" if s.has("lasers") else "FIRE CREWS",))
    if name == "MISSION":
        if not s.scientist:
            return (_N("MISSION: ELIMINATION, CAPTURE, ALLIANCE, INTIMIDATION, COMMERCE or "
                       "COLLECT."), ()), examples
        return (_N("MISSION: ELIMINATION, CAPTURE, ALLIANCE, INTIMIDATION, COMMERCE or "
                   "COLLECT; with your scientist officer, TECHNOLOGY."), ()), examples
    if name == "PAY":
        return ((hint, ()), (f"PAY 1 TO {s.colleague}",)) if s.colleague else None
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
        return ((_N("REFIT: at the base, a new sheet for your %(ship)s: every component=count "
                    "joined by commas, on more REFIT lines if need be; the sheet of today:"),
                 (("ship", s.ship_type),)), tuple(lines))
    if name == "TOT":
        if not s.has("tot"):
            return None
        return ((_N("TOT: a Tot 100% from space at a planet sighted this move.") if not ground
                 else _N("TOT: a Tot 100% at a planet sighted this move, in a move that takes "
                         "off and ends in space."), ()), examples)
    return (hint, ()), examples


def _held(name: str, s: FormSituation) -> tuple[Hint, tuple[str, ...]] | None:
    """The orders of a ship the alien ship holds (5C b): fire at it, try to break free; the
    route is flown only once free."""
    if name == "ROUTE":
        return (_N("ROUTE: the alien ship holds you, so a route is flown only if you break "
                   "free (DISENGAGE) or destroy it first (FIRE ALIEN); NONE stays."), ()), ()
    if name == "FIRE":
        return ((_N("FIRE: ALIEN fires your lasers at the alien ship that holds you."), ()),
                ("FIRE ALIEN",)) if s.has("lasers") else None
    return (_N("DISENGAGE: try to break free (a d6 of 5 or 6), after FIRE ALIEN if you give "
               "it."), ()), ("DISENGAGE",)


def order_form(game: str, officer: str, move: int, situation: FormSituation | None = None,
               *, route: str = "", lang: str = ENGLISH) -> str:
    """A ready-to-edit order file: the header filled in but SECRET, then each order the
    officer may give (all of them without a situation) as a hint and a commented example.

    Built from KEYWORDS, so a new order shows up in the form. Every line fits FORM_WIDTH:
    comments stand on lines of their own, so a mail client that wraps the form at 60
    columns leaves the same orders. In `lang`, its comments are said in the reader's
    language and its order words are that language's where the game has them
    (`keywords.ORDER_WORDS`): every order word is read in any game.
    """
    return "".join(order_form_pieces(game, officer, move, situation, route=route, lang=lang))


def _saying(lang: str):
    """The form's texts in `lang`: its catalog's words, the values put in as they are."""
    if lang == ENGLISH:
        return lambda message, values=(): message % dict(values) if values else message
    from .language import translations  # a report in another language: its catalogs

    catalog = translations(lang)
    return lambda message, values=(): (catalog.gettext(message) % dict(values) if values
                                       else catalog.gettext(message))


def _form_head(game: str, move: int, lang: str = ENGLISH) -> tuple[str, str, str]:
    """A form's header around the officer's name, twice in it: the same for every form of
    the move."""
    said, word = _saying(lang), functools.partial(order_line_in, lang)
    greeting = "".join("\n" + line for line in _comment(said(_N(
        "Write your secret after SECRET, edit the orders and send the file back. Lines that "
        "start with # are comments: take the # away from an order you want to give."))))
    return (said(_N("# VII Legio, game %(game)s.\n# Orders of "), (("game", game),)),
            said(_N("\n# for move %(move)s."), (("move", move),))
            + f"{greeting}\n{word('GAME')} {game}\n{word('OFFICER')} ",
            f"\n{word('SECRET')}\n{word('MOVE')} {move}")


def order_form_pieces(game: str, officer: str, move: int,
                      situation: FormSituation | None = None, *,
                      route: str = "", lang: str = ENGLISH) -> tuple[str, ...]:
    """`order_form` in the pieces it is joined from: the names apart from the text around
    them, which is the same in the forms of thousands of officers (`with_names` puts in
    another officer's). A report escapes the form piece by piece: every escaper works
    character by character."""
    opening, middle, end = _form_head(game, move, lang)
    head = (opening, officer, middle, officer, end)
    if situation is None:
        return (*head, _form_orders(None, route, lang))
    # The orders of a form are the same for every ship in the same situation but for the
    # colleague the PAY example names: made with a mark where his name goes, they are the
    # pieces around it (`with_names` puts in another officer's).
    marked = replace(situation, colleague=_COLLEAGUE if situation.colleague else None)
    before, _, after = _form_orders(marked, route, lang).partition(_COLLEAGUE)
    return (*head, before, situation.colleague or "", after)


def with_names(pieces: tuple[str, ...], officer: str, colleague: str | None) -> tuple[str, ...]:
    """A situation's form (`order_form_pieces` with a situation) for another officer in the
    same situation, with a colleague to name if it names one."""
    opening, _, middle, _, end, before, _, after = pieces
    return (opening, officer, middle, officer, end, before, colleague or "", after)


_COLLEAGUE = "\x00colleague\x00"  # where the PAY example names him; no name holds a NUL


def _form_orders(situation: FormSituation | None, route: str, lang: str = ENGLISH) -> str:
    """The lines of a form after its header, each after a newline, END included: every
    order, or those of the situation."""
    said, word = _saying(lang), functools.partial(order_line_in, lang)
    out = []
    for name, kw in KEYWORDS.items():
        if kw.header or name == "END":
            continue
        if situation is None:
            hint, examples = FORM_HINTS[name]
            found = ((hint, ()), examples)
        else:
            found = _tailored_hint(name, situation)
        if found is None:
            continue
        (hint, values), examples = found
        out += _comment(said(hint, values))
        if name == "ROUTE":
            out.append(word(f"ROUTE {route_text(parse_route(route))}"))
        out += [f"# {word(said(example))}" for example in examples]
    out.append(word("END"))
    return "".join("\n" + line for line in out) + "\n"
