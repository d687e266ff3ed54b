"""5E: the specialist officers, one a ship: the Princeps PSI (3 points if lost), the
Princeps ROBUR (adds his value, no alliance, 5 points if lost), the scientist (adds his value
on his planets, dies in half the damaging events, technological research on TAB. R)."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders
from pbem.rules.state import Specialist

from conformance.conftest import NO_ARRIVAL, outer, route
from core import RULES, down, in_space, landing_of, on_ground, one, planet, play, state

ADVANCED = {"level": "advanced"}
R = RULES.tables["R"]


def aviarii(specialist, personality=0, score=4, **landing):
    p = planet("aviarii", (4, 4))
    o = replace(on_ground(p, score=score, **landing), personality=personality, specialist=specialist)
    return state([p], [o], settings=ADVANCED)


def test_5E_a_the_psi_may_die_of_his_warning_and_his_loss_costs_3_points():
    officer = replace(in_space(Position(17, 5, 2), score=5), specialist=Specialist("psi", 2))
    r = play(outer([], [officer]), {1: Orders(route=route("8 E"))}, {"psi": [1]})
    assert r.state.officers[1].specialist is None and r.state.officers[1].score == 5 - 3


def test_5E_b_the_robur_adds_his_value_and_forbids_alliances():
    s = aviarii(Specialist("robur", 3), robur_crew=0, **down(0, 1))
    r = play(s, {1: Orders(fire=("crews",))}, {"arrivals": [NO_ARRIVAL], "legio-fire": [1], "alien-fire": [1]})
    assert one(r, "legio-fire")["attack"] == 6 + 3
    r = play(s, {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "mission-refused")["mission"] == "alliance"


def test_5E_c_the_scientist_adds_his_value_on_planets_of_his_kingdom():
    pending = {"pending": 5, "pending_for": "elimination"}
    r = play(aviarii(Specialist("scientist", 2, "animal"), **down(0), **pending),
             {1: Orders(crews_embark=True)}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "points")["net"] == 5 + 2 - 1


def test_5E_c_the_scientist_dies_in_half_the_damaging_events():
    s = aviarii(Specialist("scientist", 2, "animal"), **down(0))
    r = play(s, {1: Orders(mission="commerce")},
             {"arrivals": [NO_ARRIVAL], "commerce": [1], "damage": [2], "scientist": [3]})
    assert r.state.officers[1].specialist is None and r.state.officers[1].score == 4 - 2


def test_5E_c_technological_research_reads_tab_R():
    s = aviarii(Specialist("scientist", 2, "animal"), **down(0))
    r = play(s, {1: Orders(mission="technology")}, {"arrivals": [NO_ARRIVAL], "technology": [6]})
    assert (one(r, "mission")["table"], landing_of(r).pending) == ("R", R.result(3, 6))
