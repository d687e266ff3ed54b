"""S.C. advanced C: mass and landing risks: TAB. O rolled by the officer at every landing;
a face on the planet's row is that many damages on TAB. C."""

from __future__ import annotations

import pytest

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders

from conformance.conftest import FACE, outer, route
from core import RULES, in_space, of, one, planet, play

PLAINS = RULES.tables["P"].columns[0].faces.index("plains") + 1


@pytest.mark.parametrize("face, damages", [(1, 1), (2, 2), (3, 0)])
def test_SCadv_C_tab_O_a_face_on_the_planets_row_is_that_many_damages(face, damages):
    assert RULES.landing_risks.rows["A"] == (1, 2)  # SEVOLVENTES live on type A
    s = outer([planet("sevolventes", position=Position(12, 12, 2))], [in_space(Position(12, 14, 2))])
    dice = {"landing-risk": [face], "presence": [1], "landing-zone": [PLAINS],
            "damage": [FACE["radars"], FACE["modules"]][:damages]}
    r = play(s, {1: Orders(route=route("2 S"), attitude="A")}, dice)
    assert (one(r, "landing-risk")["damages"], one(r, "landing-risk")["roller"]) == (damages, "officer")
    assert len(of(r, "damage")) == damages
