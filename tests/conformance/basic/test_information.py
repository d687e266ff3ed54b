"""3D f: the computers: one piece of information per computer and move, public, D.N.S.
wastes the request; without a computer only "LANDED ON"."""

from __future__ import annotations

from pbem.rules.events import PUBLIC
from pbem.rules.geometry import Position
from pbem.rules.orders import InfoRequest, Orders
from pbem.rules.state import Planet

from conformance.conftest import problems
from core import in_space, marthia, of, one, play, state

FAR = Position(20, 20, 2)


def p1(**kw) -> Planet:
    return Planet(2, FAR._replace(x=22), designation="P-1", discovered_by=1, discovered_move=1, **kw)


def test_3Df_one_piece_of_information_per_computer_and_it_is_public():
    s = state([p1()], [in_space(FAR, marthia(computers=2))])
    r = play(s, {1: Orders(info=(InfoRequest("P-1"), InfoRequest("P-1")))}, {"info": [6, 5]})

    answers = [e for e in r.events if e.kind == "info"]
    assert [a.audience for a in answers] == [PUBLIC, PUBLIC]
    assert r.state.planets[2].facts == ("E", "vegetable")


def test_3Df_more_requests_than_computers_are_refused_by_the_check():
    s = state([p1()], [in_space(FAR)])  # one computer
    assert any("computer" in m for m in problems(s, "INFO P-1", "INFO P-1"))


def test_3Df_a_dns_wastes_the_request_and_leaves_the_facts_as_they_were():
    s = state([p1(facts=("A",))], [in_space(FAR)])
    r = play(s, {1: Orders(info=(InfoRequest("P-1"),))}, {"info": [6]})  # level II face 6: D.N.S.
    assert one(r, "info")["value"].startswith("D.N.S.")
    assert r.state.planets[2].facts == ("A",)


def test_3Df_without_a_computer_no_sighting_is_told():
    s = state([Planet(2, FAR._replace(x=22))], [in_space(FAR, marthia(computers=0))])
    r = play(s, {1: Orders()})
    assert of(r, "sighting") == [] and r.state.planets[2].designation is None
