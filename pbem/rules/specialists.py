"""Specialist officers (U.S., rulebook 5E): one per ship at most, taking no space, valued 1
to 4 at the officer's choice, embarked at enlistment or at a refit on the base.

- Princeps PSI senses nets and the exits of Nullius distortions (5B b, c); each warning
  risks his death (the G.I.'s figure is reconstructed as data); his loss costs 3 points.
- Princeps ROBUR adds his value to the F.C. of the crews landed with him; while he is
  aboard no alliance of any kind is possible; he dies with the crew he landed with; his
  loss costs 5 points.
- A scientist officer is prepared for one kingdom of life (ruling SCIENTIST_FIELD_IS_A_
  KINGDOM): his value is added to the points obtained on planets of his kingdom, before
  the ship level is subtracted; he dies in 50% of the cases each time the ship suffers
  damage, costing his value; he allows the technological research mission (`missions`).

The numbers are data (`specialists.toml`, read by `pbem.ruleset_files`). Only in outer space:
"In outer sectors the help of specialist officers ... can be very useful."
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from . import rulings
from .board import Board
from .damage import Damaged
from .dice import OFFICER as SEEN_BY_OFFICER
from .dice import Dice
from .encounter_guide import Race
from .events import OFFICER
from .orders import Orders, Problem
from .outer_space import explored
from .said import Said, saying
from .state import Landing, Officer, Specialist

PSI, ROBUR, SCIENTIST = "psi", "robur", "scientist"
KINDS: tuple[str, ...] = (PSI, ROBUR, SCIENTIST)
TITLES: dict[str, str] = {PSI: "Princeps PSI", ROBUR: "Princeps ROBUR",
                          SCIENTIST: "scientist officer"}
FIELDS: tuple[str, ...] = rulings.SCIENTIST_FIELDS  # ruling: the kingdoms of life

# Why a SPECIALIST order was not carried out, as the reports tell it.
OUTER_SPACE_ONLY = saying("specialist officers serve in outer space only")
AT_THE_BASE_ONLY = saying("a specialist embarks or leaves only at the base")


@dataclass(frozen=True)
class SpecialistRules:
    """The specialists' numbers (specialists.toml); the defaults are the rulebook's where it
    gives them (values 1 to 4, PSI 3 points, ROBUR 5, a scientist dies in 50% of cases)."""

    lowest: int = 1
    highest: int = 4
    psi_loss: int = 3
    robur_loss: int = 5
    # The d6 faces that kill a PSI at a warning (not public: reconstructed, 1 kills).
    psi_die: int = 6
    psi_deadly: tuple[int, ...] = (1,)
    # The faces that kill a scientist when the ship suffers damage: half of them (5E c).
    scientist_die: int = 6
    scientist_deadly: tuple[int, ...] = (1, 2, 3)


def title(specialist: Specialist) -> str:
    """How a report names him: "scientist officer (mineral, value 3)"."""
    what = TITLES[specialist.kind]
    if specialist.field:
        return f"{what} ({specialist.field}, value {specialist.value})"
    return f"{what} (value {specialist.value})"


def data(specialist: Specialist | None) -> dict | None:
    if specialist is None:
        return None
    return {"kind": specialist.kind, "value": specialist.value, "field": specialist.field,
            "title": title(specialist)}


def parse(text: str) -> Specialist | None:
    """`PSI 2`, `ROBUR 3`, `SCIENTIST MINERAL 4` (any case); `NONE` for no specialist.
    Raises ValueError saying what to write."""
    words = text.upper().replace(":", " ").replace("=", " ").split()
    example = "PSI 2, ROBUR 3 or SCIENTIST MINERAL 4 (or NONE)"
    if words in (["NONE"], ["NO"], ["NESSUNO"]):
        return None
    if not words or words[0].lower() not in KINDS:
        raise ValueError(f"a specialist is PSI, ROBUR or SCIENTIST, not {text.strip() or 'nothing'}"
                         f"; write {example}")
    kind = words[0].lower()
    wanted = 3 if kind == SCIENTIST else 2
    if len(words) != wanted or not words[-1].isdigit():
        form = "SCIENTIST <kingdom> <value>" if kind == SCIENTIST else f"{kind.upper()} <value>"
        raise ValueError(f"{text.strip()}: write {form}, e.g. {example}")
    field = words[1].lower() if kind == SCIENTIST else None
    return Specialist(kind, int(words[-1]), field)


def problems(specialist: Specialist, rules: SpecialistRules) -> list[str]:
    """Why this specialist cannot be embarked, each saying what would do."""
    found = []
    if not rules.lowest <= specialist.value <= rules.highest:
        found.append(f"a specialist's value is {rules.lowest} to {rules.highest}, not "
                     f"{specialist.value}")
    if specialist.kind == SCIENTIST and specialist.field not in FIELDS:
        found.append(f"a scientist officer is prepared for one kingdom: {', '.join(FIELDS)}, "
                     f"not {specialist.field}")
    return found


def aboard(officer: Officer, kind: str) -> Specialist | None:
    s = officer.specialist
    return s if s is not None and s.kind == kind else None


# --- what they do -------------------------------------------------------------------------

def robur_bonus(officer: Officer, landing: Landing | None, crews) -> int:
    """5E b: the ROBUR's value, to the F.C. of crews he landed with (once to their total)."""
    robur = aboard(officer, ROBUR)
    if robur is None or landing is None or landing.robur_crew is None:
        return 0
    return robur.value if landing.robur_crew in crews else 0


def forbids_alliances(officer: Officer) -> bool:
    """5E b: "prevents every type of alliance" while he is aboard."""
    return aboard(officer, ROBUR) is not None


def scientist_bonus(officer: Officer, race: Race | None) -> int:
    """5E c: his value, on the points obtained on a planet of his kingdom."""
    scientist = aboard(officer, SCIENTIST)
    if scientist is None or race is None:
        return 0
    return scientist.value if race.life == scientist.field else 0


def loss(specialist: Specialist, rules: SpecialistRules) -> int:
    """Points his death costs: PSI 3, ROBUR 5, a scientist his value (5E)."""
    if specialist.kind == PSI and not rulings.PSI_VALUE_CHANGES_NOTHING:
        return specialist.value
    return {PSI: rules.psi_loss, ROBUR: rules.robur_loss}.get(specialist.kind, specialist.value)


def dies(board: Board, officer: Officer, rules: SpecialistRules, why: str,
         planet: str | None = None) -> Officer:
    """The specialist is lost: off the sheet, his loss charged (a score never below 0)."""
    specialist = officer.specialist
    if specialist is None:
        return officer
    cost = loss(specialist, rules)
    score = officer.score - cost
    if rulings.SCORE_NEVER_NEGATIVE:
        score = max(0, score)
    board.emit("specialist-lost", OFFICER, officer.id, specialist=data(specialist), why=why,
               penalty=cost, planet=planet)
    return replace(officer, specialist=None, score=score)


def after_damage(board: Board, officer: Officer, damaged: Damaged, rules: SpecialistRules,
                 dice: Dice, planet: str | None = None) -> Officer:
    """5E c: a scientist dies in 50% of the cases each time his ship suffers damage: one
    roll for each damaging event (one `damage.suffer`), whatever caused it: aliens, a bad
    bargain, the mass of a planet (TAB. O), a black hole, the alien ship. A ship lost in
    the event takes him through the rescue gate instead (ruling SPECIALIST_SURVIVES_THE_
    RESCUE)."""
    scientist = aboard(officer, SCIENTIST)
    if scientist is None or not explored(board.settings) or damaged.lost:
        return officer
    if not (damaged.suffered or (damaged.hits and
                                 not rulings.SCIENTIST_RISK_ONLY_WHEN_DAMAGE_IS_SUFFERED)):
        return officer
    face = dice.roll(rules.scientist_die, "scientist", "damage", officer=officer.id,
                     visibility=SEEN_BY_OFFICER)
    dead = face in rules.scientist_deadly
    board.emit("specialist-risk", OFFICER, officer.id, specialist=data(scientist), die=rules.scientist_die,
               face=face, deadly=list(rules.scientist_deadly), dead=dead, why="damage",
               planet=planet)
    return dies(board, officer, rules, "damage", planet) if dead else officer


def senses(officer: Officer, settings) -> Specialist | None:
    """5B b, c: the Princeps PSI aboard, in outer space, who senses nets and the exits of
    Nullius distortions."""
    return aboard(officer, PSI) if explored(settings) else None


def psi_risk(board: Board, officer: Officer, rules: SpecialistRules, dice: Dice,
             hazard: str) -> Officer:
    """S.C. rule A b: "In presence of a PSI it must however be checked whether the discovery
    kills him": his d6 after each warning (the G.I.'s figure, reconstructed as data: a 1
    kills him, costing 3 points). The warning is given all the same."""
    psi = aboard(officer, PSI)
    if psi is None:
        return officer
    face = dice.roll(rules.psi_die, "psi", hazard, officer=officer.id, visibility=SEEN_BY_OFFICER)
    dead = face in rules.psi_deadly
    board.emit("specialist-risk", OFFICER, officer.id, specialist=data(psi), die=rules.psi_die,
               face=face, deadly=list(rules.psi_deadly), dead=dead, why=hazard, planet=None)
    return dies(board, officer, rules, hazard) if dead else officer


def embark(board: Board, officer: Officer, orders: Orders, rules: SpecialistRules) -> Officer:
    """SPECIALIST at the base (5E: embarked "at the choice of the U.C.", at a refit)."""
    if not orders.given_specialist:
        return officer
    at_base = officer.landed_on is not None and board.planets[officer.landed_on].base
    if not explored(board.settings) or not at_base:
        why = "inner-space" if not explored(board.settings) else "not-at-base"
        board.emit("specialist-refused", OFFICER, officer.id, why=why,
                   reason=Said(OUTER_SPACE_ONLY) if why == "inner-space"
                   else Said(AT_THE_BASE_ONLY))
        return officer
    new = orders.specialist
    found = problems(new, rules) if new is not None else []
    if found:
        board.emit("specialist-refused", OFFICER, officer.id, why="bad-specialist",
                   reason="; ".join(found))
        return officer
    board.emit("specialist", OFFICER, officer.id, specialist=data(new), before=data(officer.specialist))
    return replace(officer, specialist=new)


# --- lawfulness of the SPECIALIST order ----------------------------------------------------

def specialist_problems(orders: Orders, at_base: bool, advanced: bool,
                        rules: SpecialistRules) -> list[Problem]:
    """SPECIALIST only in outer space, only at the base, a lawful value and kingdom."""
    if not orders.given_specialist:
        return []
    if not advanced:
        return [orders.problem("SPECIALIST", Said("specialist officers serve in outer space "
                                                  "only (5E); this game explores inner space"),
                               Said("delete SPECIALIST"), private=False)]
    if not at_base:
        return [orders.problem("SPECIALIST", Said("a specialist officer embarks or leaves "
                                                  "only at the base"),
                               Said("delete SPECIALIST, or come back to the base first"))]
    if orders.specialist is None:
        return []
    return [orders.problem("SPECIALIST", reason, Said("correct the specialist, e.g. "
                                                      "SPECIALIST SCIENTIST MINERAL 2"))
            for reason in problems(orders.specialist, rules)]
