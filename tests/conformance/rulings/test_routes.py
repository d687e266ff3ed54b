"""The rulings of routes and sightings (3E, 3F, S.C. rules D and E)."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.events import GM
from pbem.rules.geometry import Position
from pbem.rules.orders import InfoRequest, Orders
from pbem.rules.state import Planet

from conformance.conftest import route
from core import faces_to, in_space, marthia, of, one, play, state

FAR = Position(20, 20, 2)


def test_VERTICAL_ARRIVAL_LANDS_straight_down_onto_an_uncharted_planet():
    p = Planet(2, FAR._replace(level=3))
    s = state([p], [in_space(FAR)])
    r = play(s, {1: Orders(route=route("4 DOWN"))}, {"info": faces_to("oz-minerals")})
    assert one(r, "route")["stop"] == "vertical-landing"
    assert r.state.officers[1].landed_on == 2


def test_KNOWN_PLANETS_DO_NOT_STOP_a_route_over_the_base_or_a_known_planet():
    known = Planet(2, FAR._replace(x=23), designation="P-1", known=True, discovered_by=1)
    r = play(state([known], [in_space(FAR)]), {1: Orders(route=route("6 E"))})
    assert r.state.officers[1].position == FAR._replace(x=26)
    assert one(r, "route")["stop"] == ""


def test_INFO_ON_ANY_PARSEC_information_on_a_planet_out_of_range_at_the_end():
    p = Planet(2, FAR._replace(x=22, y=22), designation="P-1", discovered_by=2)
    s = state([p], [in_space(FAR)])
    r = play(s, {1: Orders(route=route("8 S"), info=(InfoRequest("P-1"),))}, {"info": [6]})
    assert one(r, "info")["planet"] == "P-1" and r.state.planets[2].facts == ("E",)


def test_FORCED_LANDING_SCORES_no_discovery_points_for_a_planet_run_into():
    p = Planet(2, FAR._replace(y=23))
    s = replace(state([p], [in_space(FAR, marthia(radars=0))]), designations=0)
    r = play(s, {1: Orders(route=route("5 N"))}, {"info": faces_to("oz-minerals")})
    assert one(r, "landed")["forced"] and one(r, "landed")["planet"] == "P-1"
    assert r.state.officers[1].score == 0


def test_NO_COMPUTER_NO_NEWS_no_sighting_stop_or_points_without_a_computer():
    p = Planet(2, FAR._replace(x=24))
    blind = in_space(FAR, marthia(computers=0))
    r = play(replace(state([p], [blind]), designations=0), {1: Orders(route=route("6 E"))})
    assert of(r, "sighting") == [] and r.state.officers[1].score == 0
    assert [e.audience for e in r.events if e.kind == "untold-route"] == [GM]
    assert r.state.officers[1].reckoning.x == 6  # he reckons the route flown to its end
