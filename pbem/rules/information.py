"""Information requests (rulebook 3D f, S.C. rule F).

One request per computer a move, each one level deeper on the Information Sheet, rolled
when asked (never pre-generated). A D.N.S. answer wastes the request and adds nothing.
What is learnt is public and is repeated free to anyone passing in radar range.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Collection

from .dice import PUBLIC, Dice
from .information_sheet import DNS, RADIOACTIVITY_NAMES, TYPE_FACT, InformationSheet
from .landing_risks import survey
from .orders import InfoRequest, Orders, Problem
from .said import Said, counted
from .wording import SURE, nearest_word

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII")


def roman(n: int) -> str:
    return ROMAN[n - 1]


@dataclass(frozen=True)
class Answer:
    level: int  # Information Sheet level asked (1 = I)
    die: int
    face: int
    value: str  # the fact learnt, or DNS
    facts: tuple[str, ...]  # the planet's facts after the answer
    # Outer space: the radioactivity given with the planet type, and its die face.
    radioactivity: str | None = None
    radioactivity_face: int | None = None

    @property
    def wasted(self) -> bool:
        return self.value == DNS


def ask(
    sheet: InformationSheet, facts: tuple[str, ...], dice: Dice, designation: str,
    officer: int | None, outer: bool = False,
) -> Answer | None:
    """Roll the next level of information on a planet; None when nothing is left to learn.
    In outer space the planet type comes with its radioactivity (S.C. advanced rule B)."""
    level = sheet.next_level(facts)
    if level is None:
        return None
    face = dice.roll(
        level.die, "info", f"{designation} level {roman(level.number)}",
        officer=officer, visibility=PUBLIC,
    )
    value = sheet.outcome(facts, face)
    new_facts = facts if value == DNS else facts + (value,)
    if outer and value != DNS and level.fact == TYPE_FACT:
        rolled, radioactivity = survey(sheet, value, dice, designation, officer)
        return Answer(level.number, level.die, face, value, new_facts, radioactivity, rolled)
    return Answer(level.number, level.die, face, value, new_facts)


def answer_data(sheet: InformationSheet, answer: Answer, radioactivity: str | None = None) -> dict:
    """An answer as the S.C. tells it: public, so every report and the bulletin show it.
    Level IV also gives the G.I. reference of the race (S.C. rule F); in outer space the
    planet type comes with its radioactivity and atmosphere (S.C. advanced rule B), and
    `radioactivity`, the planet's, is told among its facts."""
    data = {
        "level": roman(answer.level), "die": answer.die, "face": answer.face,
        "value": sheet.names.get(answer.value, answer.value), "wasted": answer.wasted,
        "facts": list(sheet.describe(answer.facts, radioactivity or answer.radioactivity)),
        "reference": None if answer.wasted else sheet.references.get(answer.value),
    }
    if answer.radioactivity is not None:
        data.update(radioactivity=RADIOACTIVITY_NAMES[answer.radioactivity],
                    radioactivity_die=sheet.radioactivity_die,
                    radioactivity_face=answer.radioactivity_face,
                    atmosphere=sheet.atmospheres[answer.value])
    return data


def complete(
    sheet: InformationSheet, facts: tuple[str, ...], dice: Dice, designation: str,
    officer: int | None, outer: bool = False,
) -> tuple[tuple[str, ...], list[Answer]]:
    """All the missing information at once, as on landing (S.C. rule F); D.N.S. is rolled again."""
    answers: list[Answer] = []
    while not sheet.is_complete(facts):
        answer = ask(sheet, facts, dice, designation, officer, outer)
        assert answer is not None
        answers.append(answer)
        facts = answer.facts
    return facts, answers


# --- lawfulness of INFO orders ----------------------------------------------------------


def info_problems(
    orders: Orders, computers: int, computing: int, designations: Collection[str],
) -> list[Problem]:
    """3D f I: one request per computer on board (+ one per Computing level held or within
    reach this move), each on a planet with a public designation or on a NEW one."""
    found: list[Problem] = []
    capacity = computers + computing
    if len(orders.info) > capacity:
        first_extra = orders.info[capacity]
        fix = (
            Said("keep %(lines)s and delete the others",
                 lines=counted("%(num)s INFO line", "%(num)s INFO lines", capacity))
            if capacity else Said("delete the INFO lines: the ship has no computer")
        )
        requests = counted("%(num)s INFO request", "%(num)s INFO requests", len(orders.info))
        on_board = counted("%(num)s computer", "%(num)s computers", computers)
        message = (
            Said("%(requests)s, but only %(computers)s on board (one request each) and "
                 "Computing %(computing)s (one more each level)", requests=requests,
                 computers=on_board, computing=computing) if computing else
            Said("%(requests)s, but only %(computers)s on board (one request each)",
                 requests=requests, computers=on_board)
        )
        found.append(orders.problem("INFO", message, fix, line=first_extra.line))
    for request in orders.info:
        if request.planet is None or request.planet in designations:
            continue
        found.append(_unknown_planet(orders, request, designations))
    return found


def _unknown_planet(orders: Orders, request: InfoRequest, designations: Collection[str]) -> Problem:
    # Sure, not likely: P3 -> P-3 is a slip worth naming, P-9 -> P-1 would be a guess.
    near = nearest_word(request.planet, designations, cutoff=SURE)
    message = Said("no planet %(planet)s is known", planet=request.planet)
    if near:
        message = Said("%(problem)s; did you mean %(name)s?", problem=message, name=near)
        fix = Said("write INFO %(planet)s", planet=near)
    else:
        known = ", ".join(sorted(designations, key=_natural)) or Said("none yet")
        fix = Said("ask about a known planet (%(known)s), or write INFO NEW for the planet "
                   "you discover this move", known=known)
    return orders.problem("INFO", message, fix, line=request.line, private=False)


def _natural(designation: str) -> list[object]:
    # P-2 before P-10.
    return [int(p) if p.isdigit() else p for p in re.split(r"([0-9]+)", designation)]
