"""5G: landing risks by the mass (TAB. O, rolled by the officer at every landing), and
radioactivity: each landed crew is worth 1 (alpha) or 2 (beta) less."""

from __future__ import annotations

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders

from conformance.conftest import FACE, outer, route
from core import RULES, in_space, marthia, one, planet, play

ZONE = {z: RULES.tables["P"].columns[0].faces.index(z) + 1 for z in RULES.environments}


def test_5G_a_forced_landing_risks_the_mass_too():
    p = planet("sevolventes", position=Position(12, 12, 2))
    s = outer([p], [in_space(Position(12, 14, 2), marthia(radars=0))])
    r = play(s, {1: Orders(route=route("4 S"))},
             {"landing-risk": [2], "presence": [1], "damage": [FACE["lasers"], FACE["modules"]],
              "landing-zone": [ZONE["plains"]]})
    assert one(r, "landing-risk")["damages"] == 2
    assert r.state.officers[1].ship.lasers == 2


def test_5G_the_suits_cost_each_crew_1_or_2():
    from pbem.rules import combat
    ship = marthia(crews=(3, 1), modules=2)
    assert combat.crew_attack(ship, [0, 1], "animal", suit=1) == 2 + 0
    assert combat.crew_attack(marthia(), [0, 1], "animal", suit=2) == 1 + 1
