"""3G a: landing on a planet with a declared attitude; 3G b: one mission a move, no
shields while crews land or re-embark."""

from __future__ import annotations

import pytest

from pbem.rules.orders import Orders
from pbem.rules.state import Planet

from conformance.conftest import NO_ARRIVAL, problems, route
from core import (
    BASE, HERE, down, facts_for, in_space, kinds, landing_of, of, on_ground, one, planet,
    play, state,
)

def landing_on_sevolventes(attitude: str, dice: dict):
    """Two SEVOLVENTES (peaceful, F.C. 5) on P-1, all their facts known; land from the base."""
    p = Planet(2, HERE, designation="P-1", facts=facts_for("sevolventes"))
    s = state([p], [in_space(BASE.position, landed_on=BASE.id)])
    mission = "elimination" if attitude in "BD" else None
    return play(s, {1: Orders(route=route("2 E"), attitude=attitude, mission=mission)},
                {"presence": [2]} | dice)


@pytest.mark.parametrize("attitude, shields, crews_down", [
    ("A", True, ()), ("B", True, ()), ("C", False, (0, 1)), ("D", False, (0, 1))])
def test_3Ga_the_attitude_sets_the_shields_and_the_crews_landed(attitude, shields, crews_down):
    fire = {"legio-fire": [1], "alien-fire": [1]} if attitude in "BD" else {}
    r = landing_on_sevolventes(attitude, fire)
    landing = landing_of(r)
    assert (landing.shields, landing.crews_down) == (shields, crews_down)
    assert r.state.officers[1].landed_on == 2


@pytest.mark.parametrize("attitude, fire_with", [("B", ["lasers"]), ("D", ["crews"])])
def test_3Ga_attitudes_B_and_D_fire_A_and_C_do_not(attitude, fire_with):
    r = landing_on_sevolventes(attitude, {"legio-fire": [1], "alien-fire": [1]})
    assert one(r, "legio-fire")["fire_with"] == fire_with
    for quiet in "AC":
        assert of(landing_on_sevolventes(quiet, {}), "legio-fire") == []


def test_3Ga_the_facts_missing_are_given_after_the_attitude_is_declared():
    p = Planet(2, HERE, designation="P-1", facts=facts_for("sevolventes")[:2])
    s = state([p], [in_space(BASE.position, landed_on=BASE.id)])
    r = play(s, {1: Orders(route=route("2 E"), attitude="A")},
             {"info": [1, 4, 1, 1], "presence": [2]})
    assert kinds(r).index("attitude") < kinds(r).index("info")
    assert r.state.planets[2].facts == facts_for("sevolventes")


def test_3Gb_with_crews_landing_the_shields_cannot_be_on():
    p = planet("sevolventes")
    s = state([p], [on_ground(p)])  # attitude A: shields on
    assert "crews cannot land with the shields on" in problems(s, "SHIELDS ON", "CREWS LAND")
    r = play(s, {1: Orders(shields=True, crews_land=0)}, {"arrivals": [NO_ARRIVAL]})
    assert landing_of(r).shields is False and landing_of(r).crews_down == (0, 1)


def test_3Gb_crews_do_not_land_and_re_embark_in_the_same_move():
    p = planet("sevolventes")
    s = state([p], [on_ground(p, **down(0))])
    r = play(s, {1: Orders(crews_land=0, crews_embark=True)}, {"arrivals": [NO_ARRIVAL]})
    assert [c["action"] for c in of(r, "crews")] == ["embarked"]
    assert landing_of(r).crews_down == ()
