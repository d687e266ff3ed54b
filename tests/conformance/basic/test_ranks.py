"""2, 3A: the ranks of the Legio, and promotion by the MISSUS at the base."""

from __future__ import annotations

from pbem.rules.orders import Orders

from conformance.conftest import route
from core import BASE, RULES, SHIPS, in_space, of, one, play, state


def test_2_the_legio_has_five_ranks_from_decurio_to_fabius():
    assert [r.name for r in RULES.ranks] == ["Decurio", "Centurio", "Proconsul", "Consul", "Fabius"]


def test_3A_promotion_at_the_base_gives_the_next_ship_and_a_score_of_0():
    """Section 6: a GLADIUM Decurio back on the base with 7 points becomes Centurio and sets
    out again with a ship of the immediately higher level and 0 points."""
    s = state([], [in_space(BASE.position._replace(x=11), score=7)])
    r = play(s, {1: Orders(route=route("1 W"))})

    officer = r.state.officers[1]
    assert (officer.rank, officer.score, officer.ship.type) == ("Centurio", 0, "SPATHA")
    assert one(r, "promotion")["ship_type"] == "SPATHA"


def test_3A_no_promotion_away_from_the_base():
    s = state([], [in_space(BASE.position._replace(x=13), score=9)])
    r = play(s, {1: Orders(route=route("1 E"))})
    assert of(r, "promotion") == []
    assert (r.state.officers[1].rank, r.state.officers[1].score) == ("Decurio", 9)


def test_3A_a_frombola_decurio_is_promoted_into_a_gladium():
    s = state([], [in_space(BASE.position._replace(x=11), SHIPS["FROMBOLA"], score=7)])
    r = play(s, {1: Orders(route=route("1 W"))})
    assert (r.state.officers[1].rank, r.state.officers[1].ship.type) == ("Centurio", "GLADIUM")
