"""Information requests (rulebook 3D f, S.C. rule F).

One request per computer a move, each one level deeper on the Information Sheet, rolled
when asked (never pre-generated). A D.N.S. answer wastes the request and adds nothing.
What is learnt is public and is repeated free to anyone passing in radar range.
"""

from __future__ import annotations

from dataclasses import dataclass

from .dice import PUBLIC, Dice
from .information_sheet import DNS, InformationSheet

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

    @property
    def wasted(self) -> bool:
        return self.value == DNS


def ask(
    sheet: InformationSheet, facts: tuple[str, ...], dice: Dice, designation: str,
    officer: int | None,
) -> Answer | None:
    """Roll the next level of information on a planet; None when nothing is left to learn."""
    level = sheet.next_level(facts)
    if level is None:
        return None
    face = dice.roll(
        level.die, "info", f"{designation} level {roman(level.number)}",
        officer=officer, visibility=PUBLIC,
    )
    value = sheet.outcome(facts, face)
    new_facts = facts if value == DNS else facts + (value,)
    return Answer(level.number, level.die, face, value, new_facts)


def complete(
    sheet: InformationSheet, facts: tuple[str, ...], dice: Dice, designation: str,
    officer: int | None,
) -> tuple[tuple[str, ...], list[Answer]]:
    """All the missing information at once, as on landing (S.C. rule F); D.N.S. is rolled again."""
    answers: list[Answer] = []
    while not sheet.is_complete(facts):
        answer = ask(sheet, facts, dice, designation, officer)
        assert answer is not None
        answers.append(answer)
        facts = answer.facts
    return facts, answers
