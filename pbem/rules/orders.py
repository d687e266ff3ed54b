"""An officer's orders for one move: one value, from the mail to the rules.

The order reader (`pbem.orders.reader`) builds it from what a player wrote, keeping the
line each order came from and the lines as written, so that any problem, whether the line
cannot be read or the order is not lawful for this ship now (`pbem.rules.lawful`), quotes
the whole line. The rules read the same value when they play the move: nothing translates
it into another shape on the way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Callable, Iterable, Mapping

from .geometry import Segment
from .said import Said, saying
from .state import Specialist

UNREADABLE = "unreadable"  # the line cannot be read as an order
UNLAWFUL = "unlawful"  # readable, but not allowed for this officer now

_EMPTY: Mapping = MappingProxyType({})

# How a problem is printed: where, what kind, the message (then the line, then the fix).
AT_LINE = saying("%(source)s, line %(line)s")
LABELS = {UNREADABLE: saying("cannot be read"), UNLAWFUL: saying("not allowed")}
PROBLEM = saying("%(where)s (%(label)s): %(message)s")


@dataclass(frozen=True)
class Problem:
    """One mistake in an order file, told so the officer can mend it without help."""

    source: str
    line: int | None  # None when the problem is the file as a whole
    text: str  # the offending line as written (stripped, secret masked); "" when none
    message: str
    fix: str
    kind: str = UNREADABLE
    # Says something of the officer's ship or situation: a receipt to a sender who did not
    # give the right secret may leave it out.
    private: bool = False

    def __str__(self) -> str:
        return ProblemText(self)

    def told(self, said: Callable[[str], str]) -> str:
        """The problem as printed, its words through `said` (the reader's language: its
        message and fix may be `Said`); the line quoted as written."""
        where = self.source if self.line is None else Said(AT_LINE, source=self.source,
                                                            line=self.line)
        label = Said(LABELS[UNREADABLE if self.kind == UNREADABLE else UNLAWFUL])
        out = [said(Said(PROBLEM, where=where, label=label, message=self.message))]
        if self.text:
            out.append(f"    > {self.text}")
        out.extend(f"    {part}" for part in said(self.fix).splitlines())
        return "\n".join(out)


class ProblemText(str):
    """A problem as printed in English (`str(problem)`), keeping the problem: where a
    list of problems is printed for a reader, each is told again in his language."""

    problem: Problem

    def __new__(cls, problem: Problem) -> "ProblemText":
        self = super().__new__(cls, problem.told(str))
        self.problem = problem
        return self

    def __reduce__(self) -> tuple:
        return ProblemText, (self.problem,)


def in_report_order(problems: Iterable[Problem]) -> list[Problem]:
    """Unreadable lines first, then what is unlawful among the rest, each in line order
    (the file-wide ones, with no line, at the head of their group)."""
    return sorted(problems, key=lambda p: (p.kind != UNREADABLE, p.line or 0))


@dataclass(frozen=True)
class InfoRequest:
    """One INFO line: one computer asks about one planet (3D f)."""

    planet: str | None  # designation as written, upper-cased ("P-3"); None for NEW
    new_index: int | None = None  # INFO NEW n: the n-th planet discovered this move
    line: int | None = None

    def text(self) -> str:
        if self.planet is not None:
            return self.planet
        return "NEW" if (self.new_index or 1) == 1 else f"NEW {self.new_index}"


@dataclass(frozen=True)
class ResearchOrder:
    """One RESEARCH line: grants for one technology (optional rule Unpredictable Research)."""

    technology: str  # as written, upper-cased; matched against the ruleset
    grants: int
    line: int | None = None

    def text(self) -> str:
        return f"RESEARCH {self.technology} {self.grants}"


@dataclass(frozen=True)
class Payment:
    """PAY n TO officer (3I b): points of one's score given to a colleague."""

    amount: int
    to: str
    line: int | None = None


@dataclass(frozen=True)
class PressLine:
    """PRESS text: a line for the next bulletin, signed or ANONYMOUS (`pbem.rules.press`)."""

    text: str
    anonymous: bool = False
    line: int | None = None

    def words(self) -> str:
        return f"PRESS ANONYMOUS {self.text}" if self.anonymous else f"PRESS {self.text}"


@dataclass(frozen=True)
class Orders:
    """The orders of one officer for one move.

    Every field is optional, so a file with unreadable lines still yields what could be
    read, and the lawfulness check can report every problem of the file in one pass.
    """

    source: str = ""
    # The header (GAME, OFFICER, SECRET, MOVE); None when the line is missing or unreadable.
    game: str | None = None
    officer: str | None = None
    secret: str | None = field(default=None, repr=False)
    move: int | None = None
    # In space (3F): the route, tanks and radars used, information requests.
    route: tuple[Segment, ...] = ()
    tanks: int | None = None  # None: every tank on board
    radars: int | None = None  # None: every radar on board
    info: tuple[InfoRequest, ...] = ()
    research: tuple[ResearchOrder, ...] = ()  # Unpredictable Research, in file order
    # Landing (3G a): the attitude declared with the route that ends on a planet.
    attitude: str | None = None  # LAND A|B|C|D
    land_crews: int | None = None  # LAND C 1: how many complete crews go down
    # On the ground (3G b, 3H, 4).
    shields: bool | None = None  # SHIELDS ON / OFF
    crews_land: int | None = None  # CREWS LAND n; 0: every complete crew aboard
    crews_embark: bool = False  # CREWS EMBARK
    fire: tuple[str, ...] = ()  # "lasers", "crews"
    cooperate: str | None = None  # FIRE ... WITH name: one TAB. A roll with a colleague (3I b)
    targets: int | None = None  # TARGET n: fire at the first n aliens (3I a)
    mission: str | None = None
    # Outer space, in the grip of the alien ship (5C b): FIRE ALIEN, DISENGAGE.
    fire_alien: bool = False
    disengage: bool = False
    # At the base, in outer space (5E): SPECIALIST PSI 2 / ... / NONE (None with NONE).
    specialist: Specialist | None = None
    # At the base, between officers, Tot 100%.
    pay: tuple[Payment, ...] = ()
    refit: tuple[tuple[str, int], ...] | None = None  # REFIT crews=2,...
    tot: str | None = None  # TOT P-5
    rescue: bool = False  # RESCUE (3F c): abandon the ship, through the rescue gate home
    press: tuple[PressLine, ...] = ()  # PRESS lines for the bulletin, in file order
    # Where each order came from: keyword -> line of its first readable order; the lines
    # as written (secrets masked), to quote them; keywords met on an unreadable line.
    lines: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    texts: Mapping[int, str] = field(default_factory=lambda: _EMPTY)
    unreadable: frozenset[str] = frozenset()

    @property
    def land(self) -> bool:
        """A landing route: the route ends on a planet with an attitude declared."""
        return self.attitude is not None

    @property
    def given_specialist(self) -> bool:
        """A readable SPECIALIST line: embark that specialist, or none (NONE)."""
        return "SPECIALIST" in self.lines

    def given(self, keyword: str) -> bool:
        """Did the file hold this order, readable or not? A check that reads the absence of
        an order (LAND without ROUTE) keeps quiet when that order's line was unreadable."""
        return keyword in self.lines or keyword in self.unreadable

    def problem(
        self, keyword: str, message: str, fix: str, *, line: int | None = None,
        private: bool = True,
    ) -> Problem:
        """An unlawful order, quoting the file's own line."""
        number = line if line is not None else self.lines.get(keyword)
        text = self.texts.get(number, keyword) if number is not None else ""
        return Problem(self.source, number, text, message, fix, UNLAWFUL, private)

