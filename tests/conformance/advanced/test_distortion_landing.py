"""5B c: "If the shift were to bring it to a parsec-square in which a planet is present, the
U.C. would find himself automatically landed there". The landing is public (S.C. rule G:
"This news too will be public domain"); the distortion is not (S.C. rule A c: "D.N. too are
not detected by radars", the exit known to the S.C. alone): the public reads the landing as
any landing the ship did not choose."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.events import PUBLIC
from pbem.rules.geometry import Position, Segment
from pbem.rules.hazards import Hazards
from pbem.rules.orders import Orders
from pbem.rules.state import Planet

from core import RULES, faces_to, in_space, marthia, play, state

DISTORTION = Position(5, 25, 2)
ZONE_PLAINS = RULES.tables["P"].columns[0].faces.index("plains") + 1
LANDING = {"info": faces_to("sevolventes"), "radioactivity": [5], "landing-risk": [3],
           "presence": [2], "landing-zone": [ZONE_PLAINS]}


def outer(planets, officers):
    s = state(planets, officers, settings={"rules": [], "level": "advanced"})
    return replace(s, hazards=Hazards(None, (), (DISTORTION,)))


def put_down(ship=None):
    # 8 N from (5, 20) is blocked at (5, 25); d6 2 (East), 6: the exit (11, 25) is a planet.
    s = outer([Planet(3, Position(11, 25, 2))], [in_space(Position(5, 20, 2), ship)])
    return play(s, {1: Orders(route=(Segment(8, "N"),))}, {"distortion": [2, 6], **LANDING})


def ran_onto():
    # No radar on, 8 N from (11, 20): the route runs onto the planet at (11, 25).
    s = outer([Planet(3, Position(11, 25, 2))], [in_space(Position(11, 20, 2))])
    return play(s, {1: Orders(route=(Segment(8, "N"),), radars=0)}, LANDING)


def public(result):
    return [(e.kind, e.data) for e in result.events if e.audience == PUBLIC]


def test_5Bc_a_distortion_landing_is_public_as_a_landing_run_into_unseen():
    landed = next(d for k, d in public(put_down()) if k == "landed")
    forced = next(d for k, d in public(ran_onto()) if k == "landed")
    assert landed == forced  # the same fact, parsec and all: the 5th parsec of 8 N
    assert (landed["how"], landed["forced"]) == ("forced-landing", True)


def test_5Bc_no_public_fact_names_the_distortion():
    for kind, data in public(put_down()):
        assert "distortion" not in repr(data).lower(), (kind, data)


def test_5Bc_the_officer_learns_the_cause_from_his_route_alone():
    r = put_down()
    route = next(e.data for e in r.events if e.kind == "route")
    assert route["stop"] == "distortion"
    blind = put_down(marthia(computers=0))  # 3D f II: no computer, only "LANDED ON"
    told = [e for e in blind.events if e.visible_to(1)]
    assert not any("distortion" in repr(e.data).lower() for e in told)
