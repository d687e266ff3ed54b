"""The Tabula Spatii `book` keeps is written as `to_json` writes it, byte for byte:
the drawings of random games (basic and outer space), and drawings of every odd shape (a
planet's flag that is a number, a name that needs escaping, a dict of other keys)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pbem.charts import kept_json
from pbem.charts.truth import tabula
from pbem.rules.dice import SeededDice
from pbem.rules.move import resolve_move
from pbem.json_codec import to_json

from game_views import ODD_NAMES
from random_games import RULESET, new_game, random_orders


@pytest.mark.parametrize("level", ["basic", "advanced"])
def test_the_tabula_of_random_games_is_written_as_the_encoder_writes_it(level):
    drawn = 0
    for seed in range(3):
        rng = random.Random(seed)
        secret, state = new_game(rng, 6, level=level)
        state = replace(state, officers={oid: replace(o, name=ODD_NAMES[oid % len(ODD_NAMES)])
                                         for oid, o in state.officers.items()})
        for move in range(1, 7):
            state = replace(state, move=move)
            orders, held = random_orders(rng, state)
            result = resolve_move(state, orders, held, RULESET, SeededDice(secret, move))
            truth = tabula(state, result.state, result.events, move, RULESET.information.describe)
            assert kept_json.tabula(truth) == to_json(truth)
            drawn += len(truth["ships"]) + len(truth["planets"])
            state = result.state
            if state.winner is not None:
                break
    assert drawn


NAMES = st.text(alphabet=st.sampled_from('aP-1 "\\\n\x07\u00f2\u202e'), max_size=8)
# Each value of the kind `truth.tabula` draws, or of another that the encoder writes apart.
FLAG = st.one_of(st.booleans(), st.sampled_from([0, 1, None, 1.0]))
NAME = st.one_of(st.none(), NAMES, st.integers(0, 3))
NUMBER = st.one_of(st.integers(-3, 300), st.none(), st.booleans(), st.floats(-2, 2))
SQUARE = st.one_of(st.lists(st.integers(-5, 200), min_size=3, max_size=3),
                   st.lists(NUMBER, max_size=4), st.tuples(st.integers(), st.integers(),
                                                           st.integers()))
PLANET = st.fixed_dictionaries(
    {"id": NUMBER, "designation": NAME, "at": SQUARE, "base": FLAG,
     "facts": st.one_of(st.lists(NAMES, max_size=3), st.lists(NAME, max_size=2),
                        st.tuples(NAMES)),
     "known": FLAG, "destroyed": FLAG, "populated": FLAG,
     "aliens": st.one_of(st.lists(st.integers(0, 40), max_size=3), st.lists(NUMBER, max_size=2)),
     "hostile": FLAG, "discovered_by": NAME, "discovered_move": NUMBER},
    optional={"radioactivity": NAME})
SHIP = st.fixed_dictionaries(
    {"officer": NAMES, "rank": NAMES, "ship_type": NAMES, "ship_name": NAMES,
     "at": st.lists(st.integers(-5, 200), min_size=3, max_size=3),
     "score": st.integers(0, 500), "ground": st.booleans(),
     "landed": st.one_of(st.none(), NAMES)})
# Not ships as `truth.tabula` draws them: written by the encoder.
ODD_SHIP = st.one_of(
    SHIP.map(lambda s: {**s, "at": s["at"][:2]}), SHIP.map(lambda s: {**s, "landed": 4}),
    SHIP.map(lambda s: {k: v for k, v in s.items() if k != "rank"} | {"odd": 1}),
    SHIP.map(lambda s: {**s, "officer": None}), st.just([1, 2]), st.just(None))
TRACK = st.fixed_dictionaries({"officer": NAMES, "level": st.integers(1, 4),
                               "points": st.lists(st.lists(st.integers(0, 9), min_size=2,
                                                           max_size=2), max_size=3)})


@given(planets=st.lists(PLANET, max_size=4), ships=st.lists(SHIP, max_size=4),
       odd_ship=st.one_of(st.none(), ODD_SHIP), tracks=st.lists(TRACK, max_size=2),
       outer=st.booleans(), extra=st.sampled_from([None, "notes", "zzz"]))
def test_any_tabula_is_written_as_the_encoder_writes_it(planets, ships, odd_ship, tracks,
                                                        outer, extra):
    drawn = {"move": 3, "size": 200, "levels": 4, "planets": planets, "tracks": tracks,
             "ships": ships if odd_ship is None else [*ships, odd_ship]}
    if outer:
        drawn["hazards"] = [{"hazard": "net", "level": 1, "squares": [{"x": 1, "y": 2}]}]
        drawn["exits"] = [{"officer": "Me", "from": [1, 2, 3], "at": [4, 5, 3]}]
    if extra:
        drawn[extra] = [1]
    assert kept_json.tabula(drawn) == to_json(drawn)


@pytest.mark.parametrize("odd", [[], None, "ships", {"a": 1}])
def test_lists_that_are_not_lists_of_dicts_are_written_as_they_are(odd):
    drawn = {"move": 1, "size": 9, "levels": 1, "planets": odd, "ships": odd, "tracks": []}
    assert kept_json.tabula(drawn) == to_json(drawn)
    assert kept_json.tabula([odd]) == to_json([odd])
