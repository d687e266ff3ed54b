"""S.C. rule E, rulebook 3B and 3F b: a planet seen by radar on the way to a landing on it
is sighted and discovered like any other (DESIGN), so its points are paid and INFO NEW
reaches it."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.geometry import Position, Segment
from pbem.rules.orders import InfoRequest, Orders

from core import faces_to, in_space, of, one, planet, play, state

START = Position(10, 14, 2)
TARGET = Position(14, 14, 2)  # 4 E of the start: first seen (2 radars) from the 2nd parsec


def uncharted() -> object:
    """An uncharted planet of OZ minerals (riskless: the landing rolls nothing but its
    information and presence)."""
    return replace(planet("oz-minerals", position=TARGET), designation=None, facts=(),
                   populated=False, discovered_by=None, discovered_move=None)


def land(info=()):
    s = state([uncharted()], [in_space(START)])
    orders = Orders(route=(Segment(4, "E"),), attitude="A", info=info)
    faces = faces_to("oz-minerals")
    return play(s, {1: orders}, {"info": faces})


def test_3B_discovery_points_for_a_planet_seen_on_the_way_to_landing():
    r = land()
    sighted = one(r, "sighting")
    assert sighted["new"] and sighted["points"] == 2 - 1  # 3B: 2 minus the GLADIUM's level
    # Called out from the nearest parsec before the landing one (S.C. rule E a).
    assert sighted["parsec"] == 3 and sighted["distance"] == 1
    assert one(r, "landed")["planet"] == sighted["planet"]
    assert r.state.officers[1].score == 1
    assert r.state.planets[2].discovered_by == 1


def test_3Fb_info_new_reaches_the_planet_landed_on_after_seeing_it():
    r = land(info=(InfoRequest(None, 1),))
    assert of(r, "info-unanswered") == []
    asked = [e for e in of(r, "info") if not e["landing"]]
    assert len(asked) == 1 and asked[0]["planet"] == one(r, "sighting")["planet"]


def test_3Fb_info_names_a_charted_planet_seen_on_the_way_to_landing_on_it():
    """A charted planet landed on is not sighted again (section 6, turn IV), but it was in
    radar range of the route: INFO may name it."""
    charted = replace(uncharted(), designation="P-1", discovered_by=2, discovered_move=1)
    s = state([charted], [in_space(START)])
    orders = Orders(route=(Segment(4, "E"),), attitude="A", info=(InfoRequest("P-1"),))
    r = play(s, {1: orders}, {"info": faces_to("oz-minerals")})
    assert of(r, "sighting") == [] and of(r, "info-unanswered") == []
    assert [e["landing"] for e in of(r, "info")][0] is False
    assert r.state.officers[1].score == 0
