"""S.C. basic G: on every landing the S.C. rolls how many aliens are present (presence
table), plays the aliens, rolls the arrivals of every move the officer stays, and assigns
the points."""

from __future__ import annotations

import pytest

from pbem.rules.orders import Orders
from pbem.rules.state import Planet

from conformance.conftest import NO_ARRIVAL, route
from core import BASE, HERE, RULES, down, facts_for, in_space, on_ground, one, planet, play, state

SEVOLVENTES = RULES.guide["sevolventes"]


@pytest.mark.parametrize("face, count", [(1, 1), (4, 3), (6, 4)])
def test_SC_G_the_presence_table_says_how_many_aliens_are_there_on_landing(face, count):
    assert SEVOLVENTES.presence[face - 1] == count
    p = Planet(2, HERE, designation="P-1", facts=facts_for("sevolventes"))
    s = state([p], [in_space(BASE.position, landed_on=BASE.id)])
    r = play(s, {1: Orders(route=route("2 E"), attitude="A")}, {"presence": [face]})
    assert one(r, "presence")["count"] == count
    assert r.state.planets[2].aliens == (5,) * count


def test_SC_G_new_aliens_arrive_each_move_the_officer_stays():
    p = planet("sevolventes")
    s = state([p], [on_ground(p)])
    r = play(s, {}, {"arrivals": [6]})
    assert one(r, "arrivals")["count"] == SEVOLVENTES.arrivals[5] == 2
    assert r.state.planets[2].aliens == (5,) * 4


def test_SC_G_the_points_are_assigned_to_the_officer_who_did_the_mission():
    p = planet("sevolventes", ())
    s = state([p], [on_ground(p, pending=5, pending_for="elimination", **down(0, 1))])
    r = play(s, {1: Orders(crews_embark=True)}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "points")["net"] == 4 and r.state.officers[1].score == 4
