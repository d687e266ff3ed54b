"""The lines of `ground.txt.j2` (its macro `line`) that nearly every report of a big move
prints, written in Python: the same bytes, without a macro call for each.

In outer space every officer's radar looks for the alien ship and a ship crossing a black
hole takes a damage line for each hit: tens of thousands of lines a move. The kinds below
are written here; every other kind (what happens on a planet, rarer and longer) is still
told by the macro, and so is every kind when the game folder has its own ground.txt.j2
(`Printer.ground_line`). Each function returns the macro's text for its kind, the newline
it ends with included, every text escaped as the template prints it (`Escaped`), every
number printed as it is (as the template prints it, in the text and in the HTML reports).
"""

from __future__ import annotations

from typing import Any, Callable

from ..formats import Escaped
from ..formats import at_parsec_cached as at_parsec
from .words import plural as _s


def _die(d: dict[str, Any], e: Escaped) -> str:
    """The macro `die`: whose die, its sides and its face."""
    roller = e["your"] if d["roller"] == "officer" else e["the S.C.'s"]
    return f"{roller} d{d['die']} {d['face']}"


def _alien_ship_sighting(d: dict[str, Any], e: Escaped) -> str:
    if d["distance"] == 0:
        where = f"at {e[at_parsec(d['parsec'])]}, in your very square"
    else:
        where = (f"from {e[at_parsec(d['parsec'])]}: distance {d['distance']} "
                 f"parsec{_s(d['distance'])}, direction {e[d['bearing']]}")
    return f"Your radar picks up the alien ship {e[d['name']]} {where}.\n"


_DAMAGE_EFFECTS = {"lost": "one lost", "none": "none on board, no damage",
                   "absorbed": "the hull absorbs the hit"}


def _damage(d: dict[str, Any], e: Escaped) -> str:
    effect = _DAMAGE_EFFECTS.get(d["effect"], "a second hull hit, the ship is destroyed")
    component = e[d["component"]]
    return f"Damage to the {component}: {effect}. [TAB. C, {_die(d, e)}: {component}]\n"


def _specialist_risk(d: dict[str, Any], e: Escaped) -> str:
    why = ("risks his life in the damage" if d["why"] == "damage"
           else f"senses the {e[d['why']]}")
    fate = e["he dies" if d["dead"] else "he survives"]
    deadly = d["deadly"]
    return (f"Your {e[d['specialist']['title']]} {why}: {fate}. [d{d['die']} "
            f"{d['face']}; {e[', '.join(map(str, deadly))]} kill{'s' if len(deadly) == 1 else ''}]\n")


def _specialist_lost(d: dict[str, Any], e: Escaped) -> str:
    crew = " with the crew he landed with" if d["why"] == "crew-lost" else ""
    return (f"Your {e[d['specialist']['title']]} is dead{crew}: his loss costs "
            f"{d['penalty']} point{_s(d['penalty'])}.\n")


def _rescue(d: dict[str, Any], e: Escaped) -> str:
    return (f"Your {e[d['lost']]} is lost ({e[d['reason']]}). Officer and crews reach the base "
            f"through the hyperspace rescue gate; you are now {e[d['rank']]}, score 0, with a "
            f"new {e[d['ship_type']]}.\n")


LINES: dict[str, Callable[[dict[str, Any], Escaped], str]] = {
    "alien-ship-sighting": _alien_ship_sighting,
    "damage": _damage,
    "specialist-risk": _specialist_risk,
    "specialist-lost": _specialist_lost,
    "rescue": _rescue,
}


def line_of(e: Escaped, macro: Callable[[str, dict], str]) -> Callable[[str, dict], str]:
    """The macro `line` with the kinds above written directly; `macro` tells the others."""
    lines = LINES

    def line(kind: str, d: dict[str, Any]) -> str:
        write = lines.get(kind)
        return macro(kind, d) if write is None else write(d, e)

    return line
