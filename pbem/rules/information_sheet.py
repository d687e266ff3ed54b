"""The Information Sheet (S.C. rules F): six levels of knowledge about a planet.

Each request rolls the die of the next level and reads the row selected by the facts
already known ("each piece of information takes into account the preceding ones"). A
planet's knowledge is the tuple of facts answered so far, in level order. D.N.S. wastes
the request and adds nothing. A value that is itself a race of the Encounter Guide (OZ
minerals, SECOR plants, or the level-VI race) ends the chain: the planet is fully known.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from .said import Said, saying

DNS = "DNS"  # "data not sufficient": the request must be repeated (S.C. rules F, note)
ANY_ROW = "*"  # the row name of a level whose row depends on nothing (level I)
TYPE_FACT = "type"  # the fact of the planet type, which radioactivity and TAB. O are read by
# Outer space, S.C. advanced rule B: radioactivity 0 (non-existent), alpha (1st level) and
# beta (2nd level), and how a report writes them.
RADIOACTIVITY: tuple[str, ...] = ("0", "alpha", "beta")
RADIOACTIVITY_NAMES: dict[str, str] = {"0": "0 (none)", "alpha": "alpha", "beta": "beta"}
# A planet type described in outer space, as the events keep it among the facts.
DESCRIBED = saying("%(type)s - radioactivity %(radioactivity)s, atmosphere %(atmosphere)s")


@dataclass(frozen=True)
class InfoLevel:
    number: int  # 1..6, written I..VI in the rules
    name: str  # e.g. "planet type"
    fact: str  # e.g. "type", "life", "class", "group", "disposition", "race"
    die: int  # 6 or 10
    key: tuple[int, ...]  # earlier level numbers whose facts, joined by "/", pick the row
    rows: Mapping[str, tuple[str, ...]]  # row key -> value per die face, face 1 first

    def row_key(self, facts: tuple[str, ...]) -> str:
        if not self.key:
            return ANY_ROW
        return "/".join(facts[n - 1] for n in self.key)


@dataclass(frozen=True)
class InformationSheet:
    levels: tuple[InfoLevel, ...]
    names: Mapping[str, str]  # value id -> display name
    references: Mapping[str, int]  # level-IV group id -> G.I. reference number
    races: frozenset[str]  # race ids (Encounter Guide) that end a chain
    marks: Mapping[str, str] = field(default_factory=dict)  # value id -> Tabula Spatii mark
    # Outer space: the sub-information of level I (S.C. advanced rule B): the radioactivity
    # of each planet type by die face, and its atmosphere.
    radioactivity_die: int = 6
    radioactivity: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    atmospheres: Mapping[str, str] = field(default_factory=dict)

    def is_complete(self, facts: tuple[str, ...]) -> bool:
        return bool(facts) and facts[-1] in self.races

    def next_level(self, facts: tuple[str, ...]) -> InfoLevel | None:
        """The level the next request reads, or None when the planet is fully known."""
        if self.is_complete(facts) or len(facts) >= len(self.levels):
            return None
        return self.levels[len(facts)]

    def outcome(self, facts: tuple[str, ...], face: int) -> str:
        """The next level's value at a die face (may be DNS)."""
        level = self.next_level(facts)
        if level is None:
            raise ValueError(f"nothing more to learn: {' / '.join(facts)} is fully known")
        if not 1 <= face <= level.die:
            raise ValueError(f"face {face} is not on the d{level.die} of level {level.number}")
        key = level.row_key(facts)
        row = level.rows.get(key)
        if row is None:
            raise ValueError(f"level {level.number} has no row {key!r}")
        return row[face - 1]

    def planet_type(self, facts: tuple[str, ...]) -> str | None:
        """The planet type among the facts known (the level whose fact is "type")."""
        for level, value in zip(self.levels, facts):
            if level.fact == TYPE_FACT:
                return value
        return None

    def race_id(self, facts: tuple[str, ...]) -> str | None:
        return facts[-1] if self.is_complete(facts) else None

    def describe(self, facts: tuple[str, ...], radioactivity: str | None = None) -> tuple[str, ...]:
        """The facts by name; in outer space the planet type comes with its radioactivity
        and atmosphere, as the S.C. notes them beside its letter (S.C. advanced rule B)."""
        named = tuple(self.names.get(f, f) for f in facts)
        if radioactivity is None or not facts:
            return named
        told = Said(DESCRIBED, type=named[0], radioactivity=RADIOACTIVITY_NAMES[radioactivity],
                    atmosphere=self.atmospheres.get(self.planet_type(facts) or "", "unknown"))
        return (told,) + named[1:]

    def letters(self, facts: tuple[str, ...]) -> str:
        """The short public mark the S.C. writes beside a planet (section 6: "A V")."""
        return " ".join(self.marks.get(f) or self.names.get(f, f)[:1].upper() for f in facts)

    def paths(self) -> Iterator[tuple[str, ...]]:
        """Every complete fact tuple reachable through the sheet, each once."""
        stack: list[tuple[str, ...]] = [()]
        while stack:
            facts = stack.pop()
            if self.is_complete(facts):
                yield facts
                continue
            level = self.next_level(facts)
            if level is None:
                continue  # a dead end; the ruleset validator rejects such sheets
            row = level.rows.get(level.row_key(facts), ())
            for value in reversed(dict.fromkeys(row)):
                if value != DNS:
                    stack.append(facts + (value,))
