"""The rulings of landings, presence, arrivals, the Encounter Guide and the black hole's
tangent routes: what each decides, and what the other reading would decide, with forced
dice."""

from __future__ import annotations

from pbem.rules import rulings
from pbem.rules.geometry import Position, Segment
from pbem.rules.orders import Orders

from conformance.advanced.test_black_hole_tangent import outer
from conformance.sc.test_discovery_on_landing import land
from conformance.sc.test_information_and_the_guide import ask
from core import HERE, faces_to, in_space, of, on_ground, one, planet, play, state

FC = 5  # the SEVOLVENTES


def test_LANDING_PLANET_SIGHTED_ON_THE_WAY_pays_the_planet_landed_on(monkeypatch):
    assert rulings.LANDING_PLANET_SIGHTED_ON_THE_WAY
    r = land()
    assert one(r, "sighting")["points"] == 1 and r.state.officers[1].score == 1
    monkeypatch.setattr(rulings, "LANDING_PLANET_SIGHTED_ON_THE_WAY", False)
    r = land()
    assert of(r, "sighting") == [] and r.state.officers[1].score == 0


def test_GUIDE_READ_WHEN_THE_RACE_IS_NAMED_an_answer_naming_the_race_reads_the_entry(monkeypatch):
    assert rulings.GUIDE_READ_WHEN_THE_RACE_IS_NAMED
    dice = {"info": faces_to("sevolventes")[5:], "presence": [4]}
    r = ask(5, dict(dice))
    assert one(r, "encounter")["present"] == 3 and r.state.planets[2].aliens == (FC,) * 3
    monkeypatch.setattr(rulings, "GUIDE_READ_WHEN_THE_RACE_IS_NAMED", False)
    r = ask(5, {"info": dice["info"]})
    assert of(r, "encounter") == [] and not r.state.planets[2].populated


def test_PRESENCE_AT_EVERY_LANDING_a_second_landing_rolls_the_presence_again(monkeypatch):
    p = planet("sevolventes", (2,))  # one alien left, wounded, by Notius on the ground

    def beta_lands(dice):
        beta = in_space(HERE._replace(x=HERE.x - 2), oid=2, name="Beta", turn=1)
        orders = {1: Orders(), 2: Orders(route=(Segment(2, "E"),), attitude="A")}
        return play(state([p], [on_ground(p), beta]), orders, dice)

    assert rulings.PRESENCE_AT_EVERY_LANDING
    r = beta_lands({"arrivals": [1], "presence": [4]})
    assert one(r, "presence", 2)["present"] == 3 and r.state.planets[p.id].aliens == (2, FC, FC)
    monkeypatch.setattr(rulings, "PRESENCE_AT_EVERY_LANDING", False)
    r = beta_lands({"arrivals": [1]})
    assert of(r, "presence") == [] and r.state.planets[p.id].aliens == (2,)


def test_ARRIVALS_ONCE_PER_PLANET_AND_MOVE_two_officers_on_one_ground_share_a_roll(monkeypatch):
    p = planet("sevolventes", (FC,))

    def both_stay(dice):
        s = state([p], [on_ground(p), on_ground(p, oid=2, name="Beta", turn=1)])
        return play(s, {1: Orders(), 2: Orders()}, dice)

    assert rulings.ARRIVALS_ONCE_PER_PLANET_AND_MOVE
    r = both_stay({"arrivals": [2]})  # d6 2: one arrives
    assert r.state.planets[p.id].aliens == (FC, FC)
    monkeypatch.setattr(rulings, "ARRIVALS_ONCE_PER_PLANET_AND_MOVE", False)
    r = both_stay({"arrivals": [2, 2]})  # a roll in each officer's turn
    assert r.state.planets[p.id].aliens == (FC, FC, FC)


def test_BLACK_HOLE_TANGENT_ROUTES_ARE_ROLLED_a_route_keeping_its_distance(monkeypatch):
    # Along y = 16 from x = 17: 4 parsecs from the nucleus at every parsec, start included.
    def tangent(dice):
        return play(outer(Position(17, 16, 2)), {1: Orders(route=(Segment(3, "E"),))}, dice)

    assert rulings.BLACK_HOLE_TANGENT_ROUTES_ARE_ROLLED
    assert one(tangent({"black-hole": [3]}), "black-hole-roll")["distance"] == 4
    monkeypatch.setattr(rulings, "BLACK_HOLE_TANGENT_ROUTES_ARE_ROLLED", False)
    assert of(tangent({}), "black-hole-roll") == []
