"""Random games as the reports see them, for the tests of what is rendered from them: odd
names (markup of every format, quotes, an ampersand, a bidi override), some officers holding
and, every other game, Unpredictable Research with random grants."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from pbem import render
from pbem.json_codec import to_json
from pbem.rules.dice import SeededDice
from pbem.rules.events import Event
from pbem.rules.move import resolve_move
from pbem.rules.orders import ResearchOrder
from pbem.rules.research import RULE as RESEARCH

from random_games import RULESET, new_game, random_orders

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
# Names a template must escape or clean: markup, quotes, an ampersand, a bidi override.
ODD_NAMES = ("Cato <b>&amp;</b>", 'Livia "Drusilla"', "Q. O'Brien", "Sulla \u202eartxe",
             "[b]Brutus[/b] *#1_x*")


def random_game_views(seed: int, moves: int, level: str):
    """The moves of a random game: (move, its `render.MoveView`, its events)."""
    rng = random.Random(seed)
    secret, state = new_game(rng, moves, level=level)
    officers = {oid: replace(o, name=ODD_NAMES[oid % len(ODD_NAMES)] + f" {oid}",
                             score=o.score + 30) for oid, o in state.officers.items()}
    research = seed % 2 == 0
    settings = {**state.settings, "rules": [RESEARCH]} if research else state.settings
    state = replace(state, officers=officers, settings=settings)
    technologies = [t.upper() for t in RULESET.technologies.technologies] + ["ALCHEMY"]
    for move in range(1, moves + 1):
        state = replace(state, move=move)
        orders, held = random_orders(rng, state)
        if research:
            orders = {oid: replace(o, research=tuple(
                ResearchOrder(rng.choice(technologies), rng.randint(1, 3))
                for _ in range(rng.randint(0, 2)))) for oid, o in orders.items()}
        result = resolve_move(state, orders, held, RULESET, SeededDice(secret, move))
        events: list[Event] = list(result.events)
        yield move, render.MoveView(events, [to_json(e.data) for e in events]), events
        state = result.state
        if state.winner is not None:
            break
