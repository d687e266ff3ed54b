"""4, notes A to D: what inner space (the basic level) leaves out: the commander's
personality, and the technological level and environments of the technical sheet."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders

from conformance.conftest import NO_ARRIVAL, route
from core import BASE, down, facts_for, in_space, landing_of, of, on_ground, one, play, state, planet
from pbem.rules.state import Planet


def test_4notes_A_in_inner_space_the_personality_is_not_considered():
    p = planet("aviarii", (4, 4))
    o = replace(on_ground(p, **down(0, 1)), personality=3)
    r = play(state([p], [o]), {1: Orders(fire=("crews",))},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [1], "alien-fire": [1]})
    assert one(r, "legio-fire")["attack"] == 6


def test_4notes_D_inner_space_has_no_landing_zone_nor_landing_risk():
    p = Planet(2, Position(12, 10, 2), designation="P-1", facts=facts_for("sevolventes"))
    s = state([p], [in_space(BASE.position, landed_on=BASE.id)])
    r = play(s, {1: Orders(route=route("2 E"), attitude="A")}, {"presence": [2]})
    assert of(r, "landing-zone") == [] and of(r, "landing-risk") == []
    assert landing_of(r).zone is None
