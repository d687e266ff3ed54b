"""What a turn does once a move, or by a shorter way, against the plain way it replaced: the
facts of a sighted planet described once a move, the events a turn appends as made against
those `Board.emit` makes."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rules import turn
from pbem.rules.board import Board
from pbem.rules.events import OFFICER, PUBLIC, Event
from pbem.rules.geometry import Position, Zone
from pbem.rules.information_sheet import RADIOACTIVITY_NAMES
from pbem.rules.state import Planet
from pbem.ruleset_files import load_ruleset

RULES = load_ruleset()
# Every fact tuple a planet may hold: the sheet's complete paths and each of their beginnings.
KNOWN = sorted({path[:n] for path in RULES.information.paths() for n in range(len(path) + 1)})


def a_board() -> Board:
    return Board(Zone(10), {}, {}, 1, 0, {})


@settings(max_examples=80)
@given(sighted=st.lists(st.tuples(st.sampled_from(KNOWN),
                                  st.sampled_from([None, *RADIOACTIVITY_NAMES])),
                        min_size=1, max_size=12))
def test_a_sighted_planets_facts_described_once_a_move_are_those_described_each_time(sighted):
    """The board keeps each (facts, radioactivity) described: planet after planet, each
    sighting is told what describing it then and there tells, in a list of its own."""
    board, told = a_board(), []
    for k, (facts, radioactivity) in enumerate(sighted):
        planet = Planet(k, Position(k, 0, 1), facts=facts, radioactivity=radioactivity)
        plain = turn.planet_facts(RULES, planet)
        assert plain == (list(RULES.information.describe(facts, radioactivity)) if facts else [])
        once = turn.planet_facts(RULES, planet, board)
        assert once == plain and type(once) is list
        told.append(once)
    assert len({id(facts) for facts in told}) == len(told)  # no two events share a list


# The keys of the events a turn appends as made, in the order Board.emit was given them.
KEYS = {
    "turn": ["officer_name", "moved", "route", "ground"],
    "route": ["ordered", "planned", "travelled", "stop", "stop_parsec", "planet_ahead",
              "radars", "reach", "tanks", "thrust", "link", "reckoning"],
    "sighting": ["officer_name", "parsec", "planet", "base", "known", "new", "points",
                 "distance", "bearing", "facts"],
    "info-unanswered": ["request", "reason", "why"],
    "alien-ship-sighting": ["parsec", "distance", "bearing", "name", "attack", "defence",
                            "reductions"],
    "sheet": ["officer_name", "rank", "score", "ship_type", "ship_name", "level", "crews",
              "fit", "crew_men", "landed", "ground", "reckoning", "personality",
              "specialist", "held"],
}


def test_the_events_a_turn_appends_as_made_are_those_board_emit_makes():
    """A turn's most frequent events are appended as made: each the named tuple Event(...)
    makes, of the audience it always had, its data's keys in the order they were given."""
    from core import HERE, in_space, planet, play, state

    from pbem.rules.geometry import Segment
    from pbem.rules.orders import InfoRequest, Orders
    from pbem.rules.state import AlienShip

    officer = in_space(Position(8, 12, 2))
    s = dataclasses.replace(
        state([planet("sevolventes", position=HERE)], [officer], settings={"level": "advanced"}),
        alien_ship=AlienShip("BRUCEL", 6, 4, 0, Position(15, 13, 2), entered=1))
    orders = Orders(route=(Segment(6, "E"),), info=(InfoRequest(None), InfoRequest("P-9")))
    result = play(s, {officer.id: orders})
    audience = {"turn": PUBLIC, "sighting": PUBLIC}
    met = set()
    for event in result.events:
        assert type(event) is Event
        assert event == Event(event.kind, event.audience, event.officer, event.data)
        assert isinstance(event.kind, str) and isinstance(event.data, dict)
        if event.kind in KEYS:
            met.add(event.kind)
            assert list(event.data) == KEYS[event.kind]
            assert event.audience == audience.get(event.kind, OFFICER)
            assert event.officer == officer.id
    assert met == set(KEYS)


@given(indices=st.lists(st.none() | st.integers(1, 12), min_size=1, max_size=4))
def test_an_info_new_unanswered_is_worded_as_the_request_words_itself(indices):
    """A turn words the INFO NEW n that finds no new planet itself: as InfoRequest.text."""
    from core import in_space, play, state

    from pbem.rules.orders import InfoRequest, Orders
    from pbem.rules.ship import Ship

    officer = in_space(Position(8, 12, 2), Ship("GLADIUM", "Marthia", (3,), computers=4))
    requests = tuple(InfoRequest(None, n) for n in indices)
    result = play(state([], [officer]), {officer.id: Orders(info=requests)})
    told = [e.data["request"] for e in result.events if e.kind == "info-unanswered"
            and e.data["why"] == "no-new-planet"]
    assert told == [r.text() for r in requests]


@given(turns=st.lists(st.integers(0, 5), min_size=0, max_size=8), data=st.data())
def test_the_board_keeps_the_player_order_sorted_once_with_the_officers_as_they_stand(
        turns, data):
    """The player order is sorted once a move: it is the order of the officers sorted by
    turn then id, and gives each officer as the turns before left him."""
    from core import in_space, state

    from pbem.rules.state import PLAYER_ORDER

    ids = data.draw(st.lists(st.integers(1, 99), min_size=len(turns), max_size=len(turns),
                             unique=True))
    officers = [in_space(Position(0, 0, 1), oid=i, name=f"O{i}", turn=t)
                for i, t in zip(ids, turns)]
    board = Board.from_state(state([], officers))
    expected = sorted(officers, key=PLAYER_ORDER)
    assert board.in_player_order() == expected
    for o in officers:  # each officer replaced by his new value, as a turn does
        board.officers[o.id] = dataclasses.replace(o, score=o.score + 7)
    assert [o.id for o in board.in_player_order()] == [o.id for o in expected]
    assert all(o.score == 7 for o in board.in_player_order())
    assert board.in_player_order() == sorted(board.officers.values(), key=PLAYER_ORDER)
