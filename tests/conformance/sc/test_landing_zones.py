"""S.C. advanced D: landing zones (TAB. P, rolled by the officer): the preferred environment
adds its bonus to each alien, the non-vital one keeps the aliens from the ship; one
re-landing, which does not make the planet known."""

from __future__ import annotations

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders

from conformance.conftest import NO_ARRIVAL, outer, route
from core import RULES, in_space, landing_of, of, on_ground, one, planet, play

ZONE = {z: RULES.tables["P"].columns[0].faces.index(z) + 1 for z in RULES.environments}


def test_SCadv_D_the_preferred_environment_adds_its_bonus_to_each_alien():
    s = outer([planet("sevolventes", position=Position(12, 12, 2))], [in_space(Position(12, 14, 2))])
    r = play(s, {1: Orders(route=route("2 S"), attitude="B")},
             {"landing-risk": [3], "presence": [1], "landing-zone": [ZONE["forest"]], "legio-fire": [1],
              "alien-fire": [1]})
    assert (one(r, "landing-zone")["roller"], one(r, "landing-zone")["bonus"]) == ("officer", 1)
    assert one(r, "legio-fire")["defence"] == 2 * (5 + 1)


def test_SCadv_D_in_the_non_vital_environment_the_ship_suffers_no_alien_attack():
    p = planet("luparii")
    s = outer([p], [on_ground(p, zone="desert")])
    r = play(s, {1: Orders()}, {"arrivals": [NO_ARRIVAL]})
    assert of(r, "alien-fire") == []


def test_SCadv_D_a_re_landing_is_rolled_again_once_and_the_planet_stays_unknown():
    p = planet("sevolventes")
    s = outer([p], [on_ground(p, zone="desert")])
    r = play(s, {1: Orders(attitude="C")}, {"landing-risk": [3], "presence": [1], "landing-zone": [ZONE["plains"]]})
    assert one(r, "landed")["how"] == "relanding"
    assert (landing_of(r).zone, landing_of(r).relandings) == ("plains", 1)
    assert not r.state.planets[2].known
