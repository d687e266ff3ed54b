"""The rulings of outer space's hazards (5B, S.C. advanced rule A)."""

from __future__ import annotations

from pbem.rules import route as routes
from pbem.rules.events import GM
from pbem.rules.geometry import Position, Zone
from pbem.rules.orders import Orders
from pbem.rules.state import Planet

from conformance.conftest import DISTORTION_WEST, FACE, HAZARDS, outer, route
from core import BASE, RULES, faces_to, in_space, marthia, one, play

ZONE = {z: RULES.tables["P"].columns[0].faces.index(z) + 1 for z in RULES.environments}


def test_HAZARD_BEFORE_A_PLANET_AHEAD_the_distortion_on_the_stopping_parsec_acts():
    # With 4 parsecs of radar reach a planet 4 W of the distortion would stop the route on
    # the distortion's very square: the distortion acts.
    planet = Planet(9, DISTORTION_WEST._replace(x=DISTORTION_WEST.x - 4))
    r = routes.trace(Position(8, 10, 2), route("7 W"), Zone(30), {planet.position: planet}, 4,
                     False, HAZARDS)
    assert r.stop == routes.DISTORTION and r.end == DISTORTION_WEST


def test_HAZARD_DAMAGE_NEEDS_A_COMPUTER_the_black_hole_untold_without_one():
    s = outer([], [in_space(Position(14, 20, 2), marthia(computers=0))])
    r = play(s, {1: Orders(route=route("4 E"))}, {"black-hole": [4], "damage": [1, 2, 6]})
    assert [e.audience for e in r.events if e.kind == "black-hole"] == [GM]
    assert one(r, "black-hole-roll")["told"] is False


def test_DISTORTION_UP_AND_DOWN_MOVE_ONE_LEVEL_whatever_the_distance():
    s = outer([], [in_space(Position(5, 20, 2))])
    r = play(s, {1: Orders(route=route("8 N"))}, {"distortion": [5, 2]})  # Up, 2
    assert r.state.officers[1].position == Position(5, 25, 1)


def test_DISTORTION_LANDING_ATTITUDE_a_shift_onto_a_planet_lands_with_A():
    uncharted = Planet(3, Position(11, 25, 2))
    s = outer([uncharted], [in_space(Position(5, 20, 2))])
    r = play(s, {1: Orders(route=route("8 N"))},
             {"distortion": [2, 6], "info": faces_to("sevolventes"), "radioactivity": [5],
              "landing-risk": [3], "presence": [2], "landing-zone": [ZONE["plains"]]})
    assert one(r, "attitude")["attitude"] == "A"
    assert r.state.officers[1].landing.shields is True


def test_THE_BASE_RESETS_THE_RECKONING_a_shift_onto_the_base():
    s = outer([], [in_space(Position(5, 14, 2))])
    r = play(s, {1: Orders(route=route("6 S"))}, {"distortion": [2, 5]})
    o = r.state.officers[1]
    assert o.landed_on == BASE.id and tuple(o.reckoning) == (0, 0, 0)
