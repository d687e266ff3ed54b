"""S.C. rule G: "Every time a U.C. lands on a planet, the Space Computer ... must: a)
Establish how many Aliens are present ... c) Check how many new Aliens arrive at each turn
in which the U.C. remains on the planet". The SEVOLVENTES: presence d6 1..6 gives 1, 2, 2,
3, 3, 4; arrivals d6 1..6 give 0, 1, 0, 0, 1, 2; F.C. 5."""

from __future__ import annotations

from pbem.rules.geometry import Position, Segment
from pbem.rules.orders import Orders

from core import HERE, in_space, of, on_ground, one, planet, play, state

FC = 5
NONE_ARRIVE, ONE_ARRIVES = 1, 2
PRESENT_3 = 4


def test_SC_G_a_the_presence_is_rolled_at_every_landing():
    # Notius has been on the ground since an earlier move: one alien left, wounded (F.C. 2).
    p = planet("sevolventes", (2,))
    beta = in_space(Position(HERE.x - 2, HERE.y, HERE.level), oid=2, name="Beta", turn=1)
    s = state([p], [on_ground(p), beta])
    r = play(s, {1: Orders(), 2: Orders(route=(Segment(2, "E"),), attitude="A")},
             {"arrivals": [NONE_ARRIVE], "presence": [PRESENT_3]})
    presence = one(r, "presence", 2)
    assert (presence["count"], presence["present"]) == (3, 3)
    # The wounded one stays; two more come with full F.C.
    assert r.state.planets[p.id].aliens == (2, FC, FC)


def test_SC_G_a_a_roll_below_the_aliens_met_sends_none_away():
    p = planet("sevolventes", (FC, FC, FC))
    beta = in_space(Position(HERE.x - 2, HERE.y, HERE.level), oid=2, name="Beta", turn=1)
    s = state([p], [on_ground(p), beta])
    r = play(s, {1: Orders(), 2: Orders(route=(Segment(2, "E"),), attitude="A")},
             {"arrivals": [NONE_ARRIVE], "presence": [1]})
    assert one(r, "presence", 2)["present"] == 3
    assert r.state.planets[p.id].aliens == (FC, FC, FC)


def test_SC_G_c_arrivals_are_rolled_once_per_planet_and_told_to_all_there():
    p = planet("sevolventes", (FC,))
    beta = on_ground(p, oid=2, name="Beta", turn=1)
    s = state([p], [on_ground(p), beta])
    # One arrivals roll for the planet: a second would find no scripted face.
    r = play(s, {1: Orders(), 2: Orders()}, {"arrivals": [ONE_ARRIVES]})
    mine, told = one(r, "arrivals", 1), one(r, "arrivals", 2)
    assert (mine["count"], mine["present"]) == (1, 2) and "turn_of" not in mine
    assert (told["count"], told["present"], told["turn_of"]) == (1, 2, "Notius")
    assert r.state.planets[p.id].aliens == (FC, FC)
    assert len(of(r, "arrivals")) == 2
