"""S.C. basic F: information: as many pieces as computers, only on planets within radar
range during the route, one level at a time, recorded and repeated free to every ship that
passes in range; the rest completed on landing; a planet left is crossed out."""

from __future__ import annotations

from pbem.rules.geometry import Position
from pbem.rules.orders import InfoRequest, Orders
from pbem.rules.state import Planet

from conformance.conftest import route
from core import in_space, on_ground, one, planet, play, state

FAR = Position(20, 20, 2)


def p1(position=FAR._replace(x=22), facts=()) -> Planet:
    return Planet(2, position, designation="P-1", facts=facts, discovered_by=2, discovered_move=1)


def test_SC_F_no_information_on_a_planet_out_of_radar_range():
    s = state([p1(FAR._replace(x=28))], [in_space(FAR)])
    r = play(s, {1: Orders(info=(InfoRequest("P-1"),))})
    assert one(r, "info-unanswered")["why"] == "not-in-range"
    assert r.state.planets[2].facts == ()


def test_SC_F_each_level_reads_the_row_of_the_facts_known():
    """Level II on a terrestrial planet (A): d6 2 is vegetable; level III follows from it."""
    s = state([p1(facts=("A",))], [in_space(FAR)])
    r = play(s, {1: Orders(info=(InfoRequest("P-1"),))}, {"info": [2]})
    assert r.state.planets[2].facts == ("A", "vegetable")
    assert one(r, "info")["level"] == "II"


def test_SC_F_information_given_is_repeated_free_to_any_ship_passing_in_range():
    s = state([p1(facts=("A", "vegetable"))], [in_space(FAR)])
    r = play(s, {1: Orders()})
    told = one(r, "sighting")["facts"]
    assert len(told) == 2 and not one(r, "sighting")["new"]


def test_SC_F_a_planet_left_is_crossed_out_as_known():
    p = planet("oz-minerals", ())
    s = state([p], [on_ground(p)])
    r = play(s, {1: Orders(route=route("2 W"))})
    assert r.state.planets[2].known and one(r, "known")["planet"] == "P-1"
