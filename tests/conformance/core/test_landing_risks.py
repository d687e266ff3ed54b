"""The landing risks of outer space, TAB. O (S.C. advanced rule C, rulebook 5G;
`pbem.rules.landing_risks`). The map is test_outer_space.py's.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders

from core import RULES, in_space, marthia, of, one, play

from .test_outer_space import FACE, ZONE, MET, outer, route, landing_on


# --- 6. landing risks, TAB. O (S.C. rule C, 5G) ------------------------------------------------


@pytest.mark.parametrize("face, damages", [(1, 1), (2, 2), (3, 0), (6, 0)])
def test_tab_o_a_face_on_the_planet_s_row_is_that_many_damages(face, damages):
    # SEVOLVENTES live on a planet of type A, row 1, 2 (the faces that damage).
    assert RULES.landing_risks.rows["A"] == (1, 2)
    s = landing_on("sevolventes")
    dice = {"landing-risk": [face], "presence": [MET], "landing-zone": [ZONE["plains"]]}
    if damages:
        dice["damage"] = [FACE["radars"], FACE["modules"]][:damages]
    r = play(s, {1: Orders(route=route("2 S"), attitude="A")}, dice)
    risk = one(r, "landing-risk")
    assert (risk["face"], risk["damages"], risk["roller"]) == (face, damages, "officer")
    assert len(of(r, "damage")) == damages


def test_tab_o_is_not_rolled_on_the_base_nor_in_inner_space():
    s = outer([], [in_space(Position(10, 13, 2))])
    r = play(s, {1: Orders(route=route("3 S"))})
    assert one(r, "landed")["base"] and of(r, "landing-risk") == []
    basic = replace(landing_on("sevolventes"), settings={"rules": [], "level": "basic"})
    r = play(basic, {1: Orders(route=route("2 S"), attitude="A")}, {"presence": [MET]})
    assert of(r, "landing-risk") == [] and of(r, "landing-zone") == []


def test_a_forced_landing_risks_the_mass_too():
    s = landing_on("sevolventes")
    s = replace(s, officers={1: in_space(Position(12, 14, 2), marthia(radars=0))})
    r = play(s, {1: Orders(route=route("4 S"))},
             {"landing-risk": [2], "damage": [FACE["lasers"], FACE["modules"]],
              "presence": [MET], "landing-zone": [ZONE["plains"]]})
    assert one(r, "landed")["how"] == "forced-landing" and one(r, "landing-risk")["damages"] == 2
