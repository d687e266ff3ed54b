"""Unpredictable Research, an optional rule (scenario book, rule 19).

Officers fund research with grants bought with points (19.1): each grant is one die, and
every grant of the move is allocated to a technology before the first die is rolled. The
dice of a technology add up to a running sum for the level under research; the level is
acquired as soon as the sum reaches its cost, in time to be used this very move, and the
excess is wasted; a sum short of the cost is kept for next move (19.2). An officer may buy
at most two grants more than he bought the move before (19.3).

Technologies belong to the officer (`Officer.technologies`), not to his ship: they stay
with him across promotions, refits and rescue returns. The technologies, their level
costs, the grant cost, the die and the funding step are data (`technologies.toml`); this
module applies each technology's effect where the game uses it. No files, no printing:
the dice come in as an argument.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from .dice import Dice
from .events import OFFICER, PUBLIC
from .orders import Orders, Problem, ResearchOrder
from .sighting import radar_range
from .state import Officer
from .board import Board
from .said import Said, counted, saying, saying_plural
from .wording import nearest_word


RULE = "research"  # its name in settings["rules"] and in `pbem new --rule research`
PUBLIC_SETTING = "public_breakthroughs"  # GM setting: does the bulletin name breakthroughs?
ROLL_KIND = "research"  # the kind of every research die in the roll log

# The effects the rules code applies, one technology each; technologies.toml names its
# technologies by these keys (the printed production sheet's columns).
ATTACK = "attack"  # +1 F.C.Att per ship laser per level
DEFENCE = "defence"  # +1 F.C.Def per shield per level
MOVEMENT = "movement"  # +1 parsec per tank per level
COMPUTING = "computing"  # +1 information request per move per level
SCANNERS = "scanners"  # +1 parsec of radar range, beyond the limit of 3, per level
TACTICS = "tactics"  # a bonus the advanced level uses for disengaging

# What a refusal of research says (the events keep it; `said.read` reads it back).
GRANTS = saying_plural("%(num)s grant", "%(num)s grants")
POINTS = saying_plural("%(num)s point", "%(num)s points")
NOT_IN_THIS_GAME = saying("this game does not use the optional rule Unpredictable Research")
NO_SUCH_TECHNOLOGY = saying("there is no technology %(technology)s (%(known)s)")
AT_TOP_LEVEL = saying("%(technology)s is at its top level, %(top)s")
AFTER_LAST_MOVE = saying("after %(last)s last move you may buy at most %(limit)s this move")
YOUR_POINTS_PAY = saying("your %(points)s pay for %(grants)s at %(cost)s points each")
NOT_FUNDED = saying("%(grants)s not funded: %(because)s")
BUY_AT_MOST = saying("buy at most %(grants)s in all")
EFFECTS: tuple[str, ...] = (ATTACK, DEFENCE, MOVEMENT, COMPUTING, SCANNERS, TACTICS)


# --- the data -------------------------------------------------------------------------


@dataclass(frozen=True)
class Technology:
    id: str  # one of EFFECTS: which rule its levels change
    name: str  # one word, as written in RESEARCH orders and reports ("Attack")
    costs: tuple[int, ...]  # the cost of level 1, 2, ...; the last is the top level
    effect: str  # what each level does, in words for the research sheet

    @property
    def top(self) -> int:
        return len(self.costs)

    def cost(self, level: int) -> int:
        """The sum of dice that acquires `level` (1 for the first)."""
        return self.costs[level - 1]


@dataclass(frozen=True)
class ResearchRules:
    """The research part of the ruleset (technologies.toml)."""

    technologies: Mapping[str, Technology] = field(default_factory=lambda: MappingProxyType({}))
    grant_cost: int = 5  # 19.1: points per grant
    die: int = 10  # one die per grant
    funding_step: int = 2  # 19.3: at most this many grants more than last move

    def find(self, written: str) -> Technology | None:
        """The technology an order names, by name or key, in any case."""
        key = written.strip().casefold()
        for tech in self.technologies.values():
            if key in (tech.name.casefold(), tech.id):
                return tech
        return None

    def nearest(self, written: str) -> Technology | None:
        """The technology a misspelt name most likely means (ATACK -> Attack)."""
        names = {t.name: t for t in self.technologies.values()}
        near = nearest_word(written, names, caseless=True)
        return names[near] if near else None


# --- switches and limits --------------------------------------------------------------


def enabled(settings: Mapping[str, Any]) -> bool:
    """Does this game use the optional rule?"""
    return RULE in settings.get("rules", ())


def breakthroughs_public(settings: Mapping[str, Any]) -> bool:
    """GM ruling: the bulletin names each breakthrough unless the game was made private."""
    return bool(settings.get(PUBLIC_SETTING, True))


def level(officer: Officer, technology: str) -> int:
    """Levels of a technology the officer holds (0 without the rule)."""
    return officer.technologies.get(technology, 0)


def funding_limit(grants_last: int, rules: ResearchRules) -> int:
    """19.3: at most two grants more than bought last move (2 after a move with none)."""
    return grants_last + rules.funding_step


def could_reach(running: int, grants: int, cost: int, die: int) -> bool:
    """Can `grants` dice possibly bring the running sum to the cost (every die its top)?"""
    return grants > 0 and running + grants * die >= cost


def possible_level(officer: Officer, technology: str, grants: int, rules: ResearchRules) -> int:
    """The highest level the officer may hold this move if his grants roll well.

    `pbem check` allows for a breakthrough that could happen (a longer route, one more
    INFO); at resolve the dice decide, and whatever does not fit is cut and reported.
    """
    held = level(officer, technology)
    tech = rules.technologies.get(technology)
    if tech is None or held >= tech.top:
        return held
    running = officer.research.get(technology, 0)
    return held + 1 if could_reach(running, grants, tech.cost(held + 1), rules.die) else held


# --- effects where the game uses them -------------------------------------------------


def scanner_reach(radars_on: int, scanners: int) -> int:
    """Radar range: 1 parsec per radar on, at most 3 (3D e), + 1 per Scanners level.

    Scanners carry the radars beyond the limit of 3, so 3 radars with Scanners 1 see 4
    parsecs; with no radar on, nothing is seen whatever the level.
    """
    base = radar_range(radars_on)
    return base + scanners if base > 0 else 0


# --- funding (19.1, 19.3) -------------------------------------------------------------


@dataclass(frozen=True)
class Grant:
    """Grants funded for one technology this move."""

    technology: Technology
    grants: int


@dataclass(frozen=True)
class Refusal:
    """A research order, or part of it, that was not funded, and why."""

    order: str  # "RESEARCH ATTACK 4"
    reason: str
    refused: int  # grants not funded
    why: str = "funding"  # "unknown", "top" or "funding"


def order_text(written: str, grants: int) -> str:
    return f"RESEARCH {written.strip().upper()} {grants}"


def allocate(
    requested: Iterable[tuple[str, int]], officer: Officer, rules: ResearchRules
) -> tuple[tuple[Grant, ...], tuple[Refusal, ...]]:
    """Every grant of the move allocated before any die (19.1): what is funded, what not.

    Orders are funded in the order written, up to the funding limit (19.3) and the points
    the officer has; lines for one technology add up. `pbem check` refuses such files, so
    this matters only for orders that reach the resolution some other way.
    """
    limit = funding_limit(officer.grants_last, rules)
    affordable = max(0, officer.score) // rules.grant_cost
    allowed = min(limit, affordable)
    funded: dict[str, int] = {}
    refusals: list[Refusal] = []
    total = 0
    for written, grants in requested:
        order = order_text(written, grants)
        tech = rules.find(written)
        if grants <= 0:
            continue
        if tech is None:
            known = ", ".join(t.name for t in rules.technologies.values())
            refusals.append(Refusal(order, Said(NO_SUCH_TECHNOLOGY, technology=written.upper(),
                                                known=known), grants, "unknown"))
            continue
        if level(officer, tech.id) >= tech.top:
            refusals.append(Refusal(order, Said(AT_TOP_LEVEL, technology=tech.name,
                                                top=tech.top), grants, "top"))
            continue
        take = min(grants, allowed - total)
        if take < grants:
            if limit <= affordable:
                because = Said(AFTER_LAST_MOVE, last=grants_of(officer.grants_last),
                               limit=limit)
            else:
                because = Said(YOUR_POINTS_PAY, points=counted(*POINTS, officer.score),
                               grants=grants_of(affordable), cost=rules.grant_cost)
            refusals.append(Refusal(order, Said(NOT_FUNDED, grants=grants_of(grants - take),
                                                because=because), grants - take))
        if take > 0:
            funded[tech.id] = funded.get(tech.id, 0) + take
            total += take
    grants_ = tuple(Grant(rules.technologies[t], n) for t, n in funded.items())
    return grants_, tuple(refusals)


# --- results (19.2) -------------------------------------------------------------------


@dataclass(frozen=True)
class SheetRow:
    """One technology's line of the research sheet for this move."""

    id: str
    name: str
    held: int  # levels held after this move
    top: int
    researching: int | None  # the level the dice went to (None at the top level)
    cost: int | None
    before: int  # running sum before this move's dice
    grants: int
    dice: tuple[int, ...]
    total: int  # before + dice
    acquired: bool
    wasted: int  # dice over the cost, lost when the level is acquired

    def data(self) -> dict[str, Any]:
        return {
            "id": self.id, "name": self.name, "held": self.held, "top": self.top,
            "researching": self.researching, "cost": self.cost, "before": self.before,
            "grants": self.grants, "dice": list(self.dice), "total": self.total,
            "acquired": self.acquired, "wasted": self.wasted,
        }


@dataclass(frozen=True)
class ResearchResult:
    officer: Officer  # points spent, levels and running sums updated, grants_last set
    rows: tuple[SheetRow, ...]
    grants: int
    spent: int
    limit_next: int
    refusals: tuple[Refusal, ...]
    breakthroughs: tuple[tuple[Technology, int], ...]  # (technology, level acquired)

    def sheet(self) -> dict[str, Any]:
        """The research sheet as plain data, for the officer's report."""
        return {
            "rows": [r.data() for r in self.rows], "grants": self.grants, "spent": self.spent,
            "limit_next": self.limit_next, "score": self.officer.score,
        }


def research(
    officer: Officer, requested: Iterable[tuple[str, int]], rules: ResearchRules, dice: Dice,
    *, visibility: str = OFFICER,
) -> ResearchResult:
    """One officer's research for one move: pay, roll, add up, acquire."""
    funded, refusals = allocate(requested, officer, rules)
    grants = sum(g.grants for g in funded)
    spent = grants * rules.grant_cost
    levels = dict(officer.technologies)
    sums = dict(officer.research)
    # 19.1: every grant is allocated (above) before the first die is rolled.
    rolled: dict[str, tuple[int, ...]] = {}
    for g in funded:
        tech = g.technology
        target = levels.get(tech.id, 0) + 1
        rolled[tech.id] = tuple(
            dice.roll(rules.die, ROLL_KIND, f"{tech.name.upper()} {target} grant {n}",
                      officer=officer.id, visibility=visibility)
            for n in range(1, g.grants + 1)
        )
    rows: list[SheetRow] = []
    breakthroughs: list[tuple[Technology, int]] = []
    for tech in rules.technologies.values():
        held = levels.get(tech.id, 0)
        if held >= tech.top:
            rows.append(SheetRow(tech.id, tech.name, held, tech.top, None, None, 0, 0, (), 0,
                                 False, 0))
            continue
        before = sums.get(tech.id, 0)
        faces = rolled.get(tech.id, ())
        total = before + sum(faces)
        cost = tech.cost(held + 1)
        acquired = total >= cost
        if acquired:
            # 19.2: acquired at once, usable this move; the points over the cost are wasted.
            levels[tech.id] = held + 1
            sums.pop(tech.id, None)
            breakthroughs.append((tech, held + 1))
        elif total:
            sums[tech.id] = total
        rows.append(SheetRow(
            tech.id, tech.name, levels.get(tech.id, 0), tech.top, held + 1, cost, before,
            len(faces), faces, total, acquired, total - cost if acquired else 0,
        ))
    after = replace(officer, score=officer.score - spent, technologies=levels, research=sums,
                   grants_last=grants)
    return ResearchResult(after, tuple(rows), grants, spent, funding_limit(grants, rules),
                          refusals, tuple(breakthroughs))


# --- in the move ----------------------------------------------------------------------


def research_turn(
    board: Board, officer: Officer, requested: Iterable[tuple[str, int]],
    rules: ResearchRules, dice: Dice,
) -> Officer:
    """Research at the start of an officer's turn, before his route (19.2: a level is
    usable at once). Returns the officer as research leaves him and puts him on the board."""
    requested = tuple(requested)
    if not enabled(board.settings):
        for written, grants in requested:
            board.emit("research-refused", OFFICER, officer.id, order=order_text(written, grants),
                       reason=Said(NOT_IN_THIS_GAME),
                       why="no-rule")
        return officer
    public = breakthroughs_public(board.settings)
    result = research(officer, requested, rules, dice, visibility=PUBLIC if public else OFFICER)
    for r in result.refusals:
        board.emit("research-refused", OFFICER, officer.id, order=r.order, reason=r.reason,
                   why=r.why)
    board.emit("research", OFFICER, officer.id, **result.sheet())
    for tech, reached in result.breakthroughs:
        if public:
            board.emit("breakthrough", PUBLIC, officer.id, officer_name=officer.name,
                       technology=tech.name, level=reached)
    board.officers[officer.id] = result.officer
    return result.officer



# --- lawfulness of RESEARCH orders ------------------------------------------------------


def grants_for(orders: Orders, technology: str, rules: ResearchRules) -> int:
    """Grants the orders put on one technology (its lines add up)."""
    return sum(r.grants for r in orders.research
               if (t := rules.find(r.technology)) is not None and t.id == technology)


def reachable_level(officer: Officer, technology: str, orders: Orders, rules: ResearchRules,
                    settings: Mapping[str, Any]) -> int:
    """The level the officer may hold this move if his grants roll well (19.2): the check
    lets a route or an INFO line through when a breakthrough could make it possible."""
    if not enabled(settings):
        return level(officer, technology)
    return possible_level(officer, technology, grants_for(orders, technology, rules), rules)


def research_problems(orders: Orders, officer: Officer, rules: ResearchRules,
                      settings: Mapping[str, Any]) -> list[Problem]:
    """No research without the rule; a known technology below its top level; the funding
    limit (19.3) and the points to pay (19.1), told at the line where the total goes over."""
    if not orders.research:
        return []
    if not enabled(settings):
        fix = Said("delete the RESEARCH lines; the rule is chosen when a game is created: "
                   "ask the GM")
        return [orders.problem("RESEARCH", Said(NOT_IN_THIS_GAME), fix, line=r.line,
                               private=False)
                for r in orders.research]
    found: list[Problem] = []
    for r in orders.research:
        tech = rules.find(r.technology)
        if tech is None:
            near = rules.nearest(r.technology)
            if near is not None:
                found.append(orders.problem(
                    "RESEARCH", Said("unknown technology %(technology)s; did you mean "
                                     "%(near)s?", technology=r.technology,
                                     near=near.name.upper()),
                    Said("write RESEARCH %(near)s %(grants)s", near=near.name.upper(),
                         grants=r.grants),
                    line=r.line, private=False))
            else:
                names = ", ".join(t.name.upper() for t in rules.technologies.values())
                found.append(orders.problem("RESEARCH",
                                            Said("unknown technology %(technology)s",
                                                 technology=r.technology),
                                            Said("research one of %(names)s", names=names),
                                            line=r.line,
                                            private=False))
            continue
        held = level(officer, tech.id)
        if held >= tech.top:
            found.append(orders.problem(
                "RESEARCH", Said("you hold %(technology)s %(held)s, its top level: it "
                                 "cannot be researched further",
                                 technology=tech.name, held=held),
                Said("delete this line and fund another technology"),
                line=r.line))
    return found + _funding_problems(orders, officer, rules)


def grants_of(n: int) -> Said:
    return counted(*GRANTS, n)


def _funding_problems(orders: Orders, officer: Officer, rules: ResearchRules) -> list[Problem]:
    limit = funding_limit(officer.grants_last, rules)
    total = sum(r.grants for r in orders.research)
    found: list[Problem] = []
    running = 0
    over_limit: ResearchOrder | None = None
    over_points: ResearchOrder | None = None
    for r in orders.research:
        running += r.grants
        if over_limit is None and running > limit:
            over_limit = r
        if over_points is None and running * rules.grant_cost > officer.score:
            over_points = r
    if over_limit is not None:
        message = Said(
            "%(grants)s this move, but after %(last)s last move you may buy at most "
            "%(limit)s (at most %(step)s more than last move)", grants=grants_of(total),
            last=grants_of(officer.grants_last), limit=limit, step=rules.funding_step)
        found.append(orders.problem("RESEARCH", message,
                                    Said(BUY_AT_MOST, grants=grants_of(limit)),
                                    line=over_limit.line))
    if over_points is not None:
        affordable = max(0, officer.score) // rules.grant_cost
        message = Said(
            "%(grants)s cost %(cost)s points (%(each)s each), but you have %(points)s",
            grants=grants_of(total), cost=total * rules.grant_cost, each=rules.grant_cost,
            points=counted(*POINTS, officer.score))
        fix = (Said(BUY_AT_MOST, grants=grants_of(affordable)) if affordable
               else Said("delete the RESEARCH lines until you have points to spend"))
        found.append(orders.problem("RESEARCH", message, fix, line=over_points.line))
    return found
