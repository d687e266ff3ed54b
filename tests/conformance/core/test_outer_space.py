"""Outer space played, rule by rule and ruling by ruling, with every die forced (rulebook 5A,
5B, 5F, 5G; S.C. advanced rules A to D): radioactivity and the suits, the re-landing, the
technical sheet, the computers' link, and what the GM alone sees; and the map and builders
the tests of its hazards share (test_black_hole.py, test_net.py, test_distortion.py,
test_landing_risks.py, test_landing_zones.py, test_specialists.py).

The pure core drives every test (a hand-built state, one move with exactly the scripted
rolls: `core.play`). Unless a test says otherwise: the base stands at (10, 10) on level 2,
the planet P-1 at (12, 10); the black hole's nucleus at (20, 20) on every level; on level 2
the net covers (20, 5), (21, 5), (22, 5) and a distortion lies at (5, 25), one at (5, 10).
The officer flies section 6's GLADIUM MARTHIA (level 1; crews 3 + 3, shields 5, lasers 3,
radars 2, computer 1, tanks 3).
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest

from pbem.orders.reader import read_orders
from pbem.render import render_move, report_name
from pbem.json_codec import to_json
from pbem.rules import lawful, rulings
from pbem.rules.geometry import Position, Segment
from pbem.rules.hazards import Hazards
from pbem.rules.orders import InfoRequest, Orders
from pbem.rules.state import GameState, Planet

from conftest import orders_text
from core import (
    HERE, RULES, down, faces_to, in_space, landing_of, marthia, of, on_ground, one, planet, play,
    state,
)

NUCLEUS = (20, 20)
NET_2 = (Position(20, 5, 2), Position(21, 5, 2), Position(22, 5, 2))
DISTORTION_NORTH = Position(5, 25, 2)
DISTORTION_WEST = Position(5, 10, 2)  # 5 W of the base


def corner_net(level: int) -> tuple[Position, ...]:
    return (Position(1, 1, level), Position(2, 1, level), Position(3, 1, level))


HAZARDS = Hazards(
    NUCLEUS,
    tuple(NET_2 if level == 2 else corner_net(level) for level in range(1, 5)),
    (DISTORTION_NORTH, DISTORTION_WEST, Position(28, 28, 2))
    + tuple(Position(28, y, level) for level in (1, 3, 4) for y in (10, 14, 18)),
)
OUTER = {"rules": [], "level": "advanced"}
C = RULES.tables["C"].columns[0].faces  # TAB. C: the component each d10 face damages
FACE = {part: C.index(part) + 1 for part in dict.fromkeys(C)}  # the first face of each
ZONE = {z: RULES.tables["P"].columns[0].faces.index(z) + 1 for z in RULES.environments}
NO_ARRIVAL = 1
# S.C. rule G a: every landing rolls the presence; face 1 brings no more aliens than the two
# `landing_on` sets on the planet (SEVOLVENTES 1, LIGNEI 2).
MET = 1


def outer(planets, officers, **kw) -> GameState:
    return replace(state(planets, officers, settings=dict(OUTER), **kw), hazards=HAZARDS)


def route(*legs: str) -> tuple[Segment, ...]:
    return tuple(Segment(int(n), d) for n, d in (leg.split() for leg in legs))


def report_of(result, oid=1) -> str:
    out = Path(tempfile.mkdtemp())
    texts = [to_json(e.data) for e in result.events]
    render_move(None, out, game="cornifex", move=5, events=list(result.events), texts=texts,
                rolls=list(result.rolls))
    return (out / report_name(oid, result.state.officers[oid].name)).read_text("utf-8")


def published(result) -> dict[str, str]:
    """Every file of the move as the GM gets it: reports, bulletins, GM log."""
    out = Path(tempfile.mkdtemp())
    render_move(None, out, game="cornifex", move=5, events=list(result.events),
                texts=[to_json(e.data) for e in result.events], rolls=list(result.rolls))
    return {p.name: p.read_text("utf-8") for p in out.iterdir()}


def checked(s: GameState, *body: str) -> list[str]:
    s = replace(s, name="cornifex")
    orders, unreadable = read_orders(orders_text("Notius", "s", s.move, *body), "o.txt")
    assert unreadable == [], unreadable
    return [p.message for p in lawful.problems(orders, s, RULES, lambda i, x: True)]


def landing_on(race_id: str, planet_type_facts=None):
    target = planet(race_id, position=Position(12, 12, 2))
    return outer([target], [in_space(Position(12, 14, 2))])


# --- 5. radioactivity and atmosphere, the suits (S.C. rule B, 5G) -----------------------------


def sighted(s: GameState) -> GameState:
    p = Planet(3, Position(12, 14, 2), designation="P-3", discovered_by=1, discovered_move=1)
    return replace(s, planets=s.planets | {3: p})


def test_level_i_gives_the_radioactivity_and_the_atmosphere_in_outer_space_only():
    # From (12, 12) the planet at (12, 14) is in range; INFO P-3 on its level I: d10 1, A.
    s = sighted(outer([], [in_space(Position(12, 12, 2))]))
    r = play(s, {1: Orders(info=(InfoRequest("P-3"),))}, {"info": [1], "radioactivity": [6]})
    info = one(r, "info")
    assert (info["value"], info["radioactivity"], info["atmosphere"]) == (
        "A (terrestrial)", "beta", RULES.information.atmospheres["A"])
    assert info["facts"] == ["A (terrestrial) - radioactivity beta, atmosphere "
                             + RULES.information.atmospheres["A"]]
    assert r.state.planets[3].radioactivity == "beta"
    files = published(r)
    assert "radioactivity beta" in files["bulletin.txt"]
    assert "radioactivity beta (d6: 6)" in files[report_name(1, "Notius")]
    # Inner space: no radioactivity roll (strict dice).
    basic = replace(s, settings={"rules": [], "level": "basic"})
    r = play(basic, {1: Orders(info=(InfoRequest("P-3"),))}, {"info": [1]})
    assert "radioactivity" not in one(r, "info")


def test_a_d_n_s_at_level_i_rolls_no_radioactivity():
    s = sighted(outer([], [in_space(Position(12, 12, 2))]))
    r = play(s, {1: Orders(info=(InfoRequest("P-3"),))}, {"info": [10]})
    assert one(r, "info")["wasted"] and r.state.planets[3].radioactivity is None


def test_landing_completion_rolls_the_radioactivity_too():
    uncharted = Planet(3, Position(12, 14, 2), designation="P-3")
    s = outer([uncharted], [in_space(Position(12, 12, 2))])
    r = play(s, {1: Orders(route=route("2 N"), attitude="A")},
             {"info": faces_to("sevolventes"), "radioactivity": [5], "landing-risk": [3],
              "presence": [2], "landing-zone": [ZONE["plains"]]})
    assert next(i for i in of(r, "info") if i["level"] == "I")["radioactivity"] == "alpha"
    assert r.state.planets[3].radioactivity == "alpha"


@pytest.mark.parametrize("radioactivity, attack", [(None, 6), ("alpha", 4), ("beta", 2)])
def test_the_suits_take_1_or_2_from_each_crew_never_its_weapon(radioactivity, attack):
    # Two crews of 3 fire on two SEVOLVENTES: 3 + 3, 2 + 2 in BIMPER suits, 1 + 1 in LEGGY.
    p = replace(planet("sevolventes"), radioactivity=radioactivity)
    s = outer([p], [on_ground(p, **down(0, 1))])
    r = play(s, {1: Orders(fire=("crews",))},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [1], "alien-fire": [1]})
    assert one(r, "legio-fire")["attack"] == attack
    # A LASER ZIP 3 on a module keeps its 5 under the suit.
    armed = marthia(modules=1, laser_zip3=1)
    s = outer([p], [on_ground(p, armed, **down(0, 1))])
    r = play(s, {1: Orders(fire=("crews",))},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [1], "alien-fire": [1]})
    assert one(r, "legio-fire")["attack"] == attack + 5


def test_a_crew_of_one_man_in_a_bimper_suit_is_worth_0_and_its_module_still_counts():
    from pbem.rules import combat

    ship = marthia(crews=(3, 1), modules=2)
    assert combat.crew_attack(ship, [0, 1], "animal", suit=1) == 2 + 0
    assert combat.crew_defence(ship, [0, 1], suit=1) == (2 + 1) + (0 + 1)
    assert combat.crew_defence(ship, [0, 1], suit=2) == (1 + 1) + (0 + 1)


def test_the_crews_landing_under_radioactivity_are_told_of_their_suits():
    p = replace(planet("sevolventes"), radioactivity="alpha")
    s = outer([p], [on_ground(p)])
    r = play(s, {1: Orders(crews_land=0)}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "suits") == {"planet": "P-1", "suit": "BIMPER", "penalty": 1,
                               "radioactivity": "alpha"}


# --- 8. re-landing (5F, S.C. rule D) ----------------------------------------------------------


def test_a_re_landing_rolls_tab_o_and_p_again_and_meets_the_same_aliens():
    p = planet("sevolventes")
    s = outer([p], [on_ground(p, zone="desert", mission="capture", pending=3,
                              pending_for="capture", crews_were_down=True)])
    # S.C. rule G a: the presence is rolled again (d6 1: one, fewer than the two met, who
    # stay); no arrivals in the move of a re-landing.
    r = play(s, {1: Orders(attitude="C")},
             {"landing-risk": [3], "presence": [1], "landing-zone": [ZONE["plains"]]})
    assert one(r, "landed")["how"] == "relanding"
    assert one(r, "attitude")["attitude"] == "C"
    after = landing_of(r)
    assert (after.zone, after.relandings, after.mission, after.pending) == ("plains", 1, "capture", 3)
    assert after.crews_down == (0, 1)
    assert not r.state.planets[2].known and r.state.planets[2].aliens == p.aliens
    assert r.state.officers[1].position == p.position
    assert "You took off and LANDED AGAIN ON P-1, looking for a better zone." in report_of(r)
    assert "Landed again on P-1." in published(r)["bulletin.txt"]


def test_a_re_landing_is_checked_crews_aboard_no_route_and_once_per_landing():
    p = planet("sevolventes")
    s = outer([p], [on_ground(p, zone="desert")])
    assert checked(s, "LAND A") == []
    assert checked(s, "ROUTE 1 N", "LAND A") == [
        "a re-landing takes off and lands again on P-1, so it flies no route"]
    assert checked(outer([p], [on_ground(p, zone="desert", **down(0))]), "LAND A") == [
        "your crews are on the ground: a ship re-lands with its crews aboard"]
    assert checked(outer([p], [on_ground(p, zone="plains", relandings=1)]), "LAND A") == [
        "you have re-landed on P-1 once already: a re-landing is permitted only once"]
    assert rulings.RELANDINGS_PER_LANDING == 1
    assert checked(s, "LAND A", "SHIELDS OFF") == [
        "SHIELDS is a ground order, and a re-landing's attitude says what happens on landing"]
    basic = replace(s, settings={"rules": [], "level": "basic"})
    assert checked(basic, "LAND A") == ["you are already on the ground"]


# --- 9. what the S.C. reads in outer space (4, note D) ------------------------------------------


def test_the_technical_sheet_reads_the_technological_level_and_the_environments_in_outer_space():
    s = landing_on("lignei")
    r = play(s, {1: Orders(route=route("2 S"), attitude="A")},
             {"landing-risk": [3], "presence": [MET], "landing-zone": [ZONE["plains"]],
              "alien-fire": [1]})
    sheet = one(r, "encounter")["sheet"]
    race = RULES.guide["lignei"]
    assert (sheet["technological_level"], sheet["preferred_environment"],
            sheet["preferred_bonus"], sheet["non_vital_environment"]) == (
        race.technological_level, "forest", 2, "desert")
    assert ("Outer space: technological level 3; preferred environment forest (+2 F.C. each "
            "there); non-vital environment desert.") in report_of(r)
    basic = replace(s, settings={"rules": [], "level": "basic"})
    r = play(basic, {1: Orders(route=route("2 S"), attitude="A")},
             {"presence": [MET], "alien-fire": [1]})
    assert "technological_level" not in one(r, "encounter")["sheet"]


# --- 12. the GM sees everything, the officers what the rules reveal -------------------------------


def test_the_gm_log_has_every_hazard_and_every_hidden_stop_and_exit():
    s = outer([], [in_space(Position(17, 5, 2)), in_space(Position(5, 20, 2), oid=2,
                                                          name="Borea", turn=1)])
    r = play(s, {1: Orders(route=route("8 E")), 2: Orders(route=route("8 N"))},
             {"distortion": [2, 3]})
    files = published(r)
    log = files["gm-log.txt"]
    assert "[gm] hazards (the Space Computer)" in log
    assert "{hazard net; level 2; squares {x 20; y 5}, {x 21; y 5}, {x 22; y 5}}" in log
    assert "[gm] net (Notius): ordered 8 E; parsec 3; square 20, 5, 2" in log
    assert "[gm] distortion-exit (Borea)" in log
    for name, text in files.items():
        if name != "gm-log.txt":
            assert not re.search(r"\bnets?\b|\bexit\b|hazard", text, re.IGNORECASE), name


def test_the_gm_s_summary_of_the_move_names_the_hazards_met():
    from pbem.summary import summarize

    s = outer([], [in_space(Position(17, 5, 2)), in_space(Position(5, 20, 2), oid=2,
                                                          name="Borea", turn=1)])
    r = play(s, {1: Orders(route=route("8 E")), 2: Orders(route=route("8 N"))},
             {"distortion": [2, 3]})
    lines = summarize(5, r.events, {1: "Notius", 2: "Borea"}, 2).lines()
    assert "Hazards of outer space:" in lines
    assert "  Notius held by a net at parsec 3, x 20, y 5, level 2 (not told)" in lines
    assert "  Borea carried by a distortion to x 8, y 25, level 2" in lines
