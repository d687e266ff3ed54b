"""The order form: a ready-to-edit order file for an officer, tailored to his ship and
where it stands, every line narrow enough for any mail client."""

from __future__ import annotations

import functools
import operator
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from typing import Mapping

from pbem.orders.keywords import KEYWORDS, parse_route
from pbem.rules.geometry import route_text
from pbem.rules.ship import COMPONENTS

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
