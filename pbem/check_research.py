"""Lawfulness of RESEARCH orders (optional rule Unpredictable Research, rule 19).

Part of `pbem check`: a game without the rule refuses research; a technology must exist
and be below its top level; the grants of the move may be at most two more than last
move's (19.3) and cost no more points than the officer has (19.1). Also tells the route
and INFO checks which levels a breakthrough could give this move, so that a route that
only a Movement breakthrough allows is not refused before the dice are rolled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pbem.orders import UNLAWFUL, OrderSet, Problem, ResearchOrder
from pbem.rules.research import ResearchRules, could_reach, funding_limit

if TYPE_CHECKING:
    from pbem.check import CheckContext, OfficerView


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _problem(orders: OrderSet, r: ResearchOrder, message: str, fix: str) -> Problem:
    return Problem(orders.source, r.line, f"RESEARCH {r.technology} {r.grants}", message, fix,
                   UNLAWFUL)


def _rules(ctx: "CheckContext") -> ResearchRules:
    if ctx.research_rules is not None:
        return ctx.research_rules
    from pbem.ruleset import load_ruleset  # a caller that gave none: the shipped defaults

    return load_ruleset().technologies


def grants_for(orders: OrderSet, technology: str, rules: ResearchRules) -> int:
    """Grants the orders put on one technology (its lines add up)."""
    return sum(r.grants for r in orders.research
               if (t := rules.find(r.technology)) is not None and t.id == technology)


def possible_level(orders: OrderSet, officer: "OfficerView", ctx: "CheckContext",
                   technology: str) -> int:
    """The level the officer may hold this move if his grants roll well (19.2).

    Levels held count always; one more when the rule is on, the technology is researched
    and its running sum + die x grants reaches the next level's cost.
    """
    held = officer.technologies.get(technology, 0)
    rules = _rules(ctx)
    tech = rules.technologies.get(technology)
    if not ctx.research or tech is None or held >= tech.top:
        return held
    grants = grants_for(orders, technology, rules)
    running = officer.research.get(technology, 0)
    return held + 1 if could_reach(running, grants, tech.cost(held + 1), rules.die) else held


def check_research(orders: OrderSet, officer: "OfficerView", ctx: "CheckContext") -> list[Problem]:
    if not orders.research:
        return []
    if not ctx.research:
        fix = ("delete the RESEARCH lines; the GM switches the rule on when creating a game "
               "(pbem new --rule research)")
        return [
            _problem(orders, r, f"game {ctx.game} does not use the optional rule "
                                "Unpredictable Research", fix)
            for r in orders.research
        ]
    rules = _rules(ctx)
    found: list[Problem] = []
    for r in orders.research:
        tech = rules.find(r.technology)
        if tech is None:
            near = rules.nearest(r.technology)
            names = ", ".join(t.name.upper() for t in rules.technologies.values())
            if near is not None:
                found.append(_problem(orders, r, f"unknown technology {r.technology}; did you "
                                      f"mean {near.name.upper()}?",
                                      f"write RESEARCH {near.name.upper()} {r.grants}"))
            else:
                found.append(_problem(orders, r, f"unknown technology {r.technology}",
                                      f"research one of {names}"))
            continue
        held = officer.technologies.get(tech.id, 0)
        if held >= tech.top:
            found.append(_problem(
                orders, r, f"you hold {tech.name} {held}, its top level: it cannot be "
                           "researched further",
                "delete this line and fund another technology"))
    found += _funding(orders, officer, rules)
    return found


def _funding(orders: OrderSet, officer: "OfficerView", rules: ResearchRules) -> list[Problem]:
    """19.3 funding limit and 19.1 cost, reported at the line where the total goes over."""
    limit = funding_limit(officer.grants_last, rules)
    total = sum(r.grants for r in orders.research)
    found: list[Problem] = []
    running = 0
    over_limit = over_points = None
    for r in orders.research:
        running += r.grants
        if over_limit is None and running > limit:
            over_limit = r
        if over_points is None and running * rules.grant_cost > officer.score:
            over_points = r
    if over_limit is not None:
        message = (
            f"{_plural(total, 'grant')} this move, but after "
            f"{_plural(officer.grants_last, 'grant')} last move you may buy at most {limit} "
            f"(at most {rules.funding_step} more than last move)"
        )
        found.append(_problem(orders, over_limit, message,
                              f"buy at most {_plural(limit, 'grant')} in all"))
    if over_points is not None:
        affordable = max(0, officer.score) // rules.grant_cost
        message = (
            f"{_plural(total, 'grant')} cost {total * rules.grant_cost} points "
            f"({rules.grant_cost} each), but you have {_plural(officer.score, 'point')}"
        )
        fix = (f"buy at most {_plural(affordable, 'grant')} in all" if affordable
               else "delete the RESEARCH lines until you have points to spend")
        found.append(_problem(orders, over_points, message, fix))
    return found
