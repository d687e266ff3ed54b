"""5F: differentiated landings: TAB. P at each landing; in the non-vital environment the
ship's weapons are not used and only the landed crews act; a re-landing keeps the points."""

from __future__ import annotations

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders

from conformance.conftest import outer, route
from core import RULES, in_space, landing_of, of, on_ground, one, planet, play

ZONE = {z: RULES.tables["P"].columns[0].faces.index(z) + 1 for z in RULES.environments}


def test_5F_in_the_non_vital_environment_the_ship_cannot_fire():
    s = outer([planet("sevolventes", position=Position(12, 12, 2))], [in_space(Position(12, 14, 2))])
    r = play(s, {1: Orders(route=route("2 S"), attitude="B")},
             {"landing-risk": [3], "presence": [1], "landing-zone": [ZONE["desert"]]})
    assert one(r, "landing-zone")["effect"] == "non-vital"
    assert of(r, "legio-fire") == [] and landing_of(r).zone == "desert"


def test_5F_the_re_landing_keeps_the_points_of_the_planet():
    p = planet("sevolventes")
    s = outer([p], [on_ground(p, zone="desert", mission="capture", pending=3, pending_for="capture",
                              crews_were_down=True)])
    r = play(s, {1: Orders(attitude="C")}, {"landing-risk": [3], "presence": [1], "landing-zone": [ZONE["plains"]]})
    assert (landing_of(r).pending, landing_of(r).mission) == (3, "capture")
