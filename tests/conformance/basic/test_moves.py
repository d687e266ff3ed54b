"""1: moves and turns, the player order, how to win."""

from __future__ import annotations

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders
from pbem.rules.state import Planet

from conformance.conftest import route
from core import BASE, SHIPS, in_space, of, one, play, state


def test_1_turns_follow_the_player_order_and_the_first_turn_discovers_first():
    """Both officers sight the uncharted planet; only the one whose turn comes first in the
    move discovers it and scores (3B: "never discovered before")."""
    p = Planet(2, Position(24, 14, 2))
    first = in_space(Position(22, 12, 2), oid=1, name="Notius", turn=1)
    second = in_space(Position(26, 12, 2), oid=2, name="Beta", turn=0)
    r = play(state([p], [first, second]), {1: Orders(), 2: Orders()})

    assert [e.officer for e in r.events if e.kind == "sighting"] == [2, 1]
    assert one(r, "sighting", 2)["new"] and one(r, "sighting", 2)["points"] == 1
    assert not one(r, "sighting", 1)["new"] and one(r, "sighting", 1)["points"] == 0
    assert (r.state.officers[2].score, r.state.officers[1].score) == (1, 0)


def test_1_the_first_to_reach_the_rank_of_fabius_wins():
    consul = in_space(BASE.position._replace(x=11), SHIPS["HASTA"], rank="Consul", score=15)
    r = play(state([], [consul]), {1: Orders(route=route("1 W"))})

    assert one(r, "promotion")["rank"] == "Fabius"
    end = one(r, "game-end")
    assert (end["winner"], end["rank"]) == ("Notius", "Fabius")
    assert r.state.winner == "Notius"


def test_1_a_consul_short_of_the_score_does_not_win():
    consul = in_space(BASE.position._replace(x=11), SHIPS["HASTA"], rank="Consul", score=14)
    r = play(state([], [consul]), {1: Orders(route=route("1 W"))})
    assert of(r, "game-end") == [] and r.state.winner is None
