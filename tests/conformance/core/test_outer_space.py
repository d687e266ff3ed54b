"""Outer space played, rule by rule and ruling by ruling, with every die forced (rulebook 5A,
5B, 5F, 5G; S.C. advanced rules A to D): the black hole, nets, distortions, radioactivity
and the suits, the landing risks of TAB. O, the landing zones of TAB. P, the re-landing,
the technical sheet, the computers' link, and what the GM alone sees.

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
    BASE, HERE, RULES, down, faces_to, in_space, kinds, landing_of, marthia, of, on_ground, one,
    planet, play, state,
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


# --- 2. the black hole (5B a, S.C. rule A a) ------------------------------------------------


def test_a_route_near_the_nucleus_suffers_distance_minus_level_minus_d6_damages():
    # 4 E from (14, 20): the 4th parsec, (18, 20), is 2 parsecs from the nucleus. GLADIUM
    # level 1, d6 4: 2 - 1 - 4 = -3, three damages on TAB. C.
    s = outer([], [in_space(Position(14, 20, 2))])
    r = play(s, {1: Orders(route=route("4 E"))},
             {"black-hole": [4], "damage": [FACE["shields"], FACE["lasers"], FACE["hull"]]})
    felt = one(r, "black-hole")
    assert (felt["parsec"], felt["damages"], felt["nucleus"]) == (4, 3, False)
    assert [h["effect"] for h in felt["hits"]] == ["lost", "lost", "absorbed"]
    ship = r.state.officers[1].ship
    assert (ship.shields, ship.lasers) == (4, 2)
    assert one(r, "black-hole-roll") == {"parsec": 4, "distance": 2, "ship_level": 1, "face": 4,
                                         "damages": 3, "told": True}
    # Told where it was felt, never where the nucleus lies nor the d6 of the formula.
    assert set(felt) == {"parsec", "nucleus", "damages", "hits", "lost"}
    text = report_of(r)
    assert "At the 4th parsec your ship felt the effects of a black hole: 3 damages." in text
    assert "Damage to the shields: one lost." in text and "d6 4" not in text


def test_no_damage_when_the_formula_is_not_negative_and_nothing_told():
    # 4 - 1 - 1 = 2: nothing. Only the GM log has the roll.
    s = outer([], [in_space(Position(11, 20, 2))])
    r = play(s, {1: Orders(route=route("5 E"))}, {"black-hole": [1]})
    assert one(r, "black-hole-roll")["damages"] == 0
    assert of(r, "black-hole") == [] and of(r, "damage") == []


def test_a_route_moving_away_feels_nothing_and_rolls_nothing():
    s = outer([], [in_space(Position(18, 20, 2))])
    r = play(s, {1: Orders(route=route("4 W"))})  # strict dice: a roll would raise
    assert of(r, "black-hole-roll") == []


def test_once_per_route_from_its_nearest_parsec():
    # 3 E + 2 SE from (15, 23) comes to 4, 3, 3, 2, then 1 parsec of the nucleus: one roll,
    # from the nearest parsec, the 5th (1 - 1 - 1: one damage, on modules it has none of).
    s = outer([], [in_space(Position(15, 23, 2))])
    r = play(s, {1: Orders(route=route("3 E", "2 SE"))},
             {"black-hole": [1], "damage": [FACE["modules"]]})
    roll = one(r, "black-hole-roll")
    assert (roll["parsec"], roll["distance"], roll["damages"]) == (5, 1, 1)


def test_crossing_the_nucleus_is_told_as_such():
    s = outer([], [in_space(Position(18, 20, 2))])
    r = play(s, {1: Orders(route=route("4 E"))},
             {"black-hole": [1], "damage": [FACE["radars"], FACE["modules"]]})
    felt = one(r, "black-hole")
    assert felt["nucleus"] and felt["parsec"] == 2 and felt["damages"] == 2  # 0 - 1 - 1
    assert "At the 2nd parsec your ship crossed the very nucleus of a black hole" in report_of(r)


def test_without_a_computer_the_black_hole_s_damage_is_not_communicated():
    assert rulings.HAZARD_DAMAGE_NEEDS_A_COMPUTER
    s = outer([], [in_space(Position(14, 20, 2), marthia(computers=0))])
    r = play(s, {1: Orders(route=route("4 E"))}, {"black-hole": [4], "damage": [1, 2, 6]})
    felt = next(e for e in r.events if e.kind == "black-hole")
    assert felt.audience == "gm"
    assert "black hole" not in report_of(r)
    assert one(r, "black-hole-roll")["told"] is False


def test_two_hull_hits_destroy_the_ship_in_space_and_the_rescue_brings_it_home():
    s = outer([], [in_space(Position(14, 20, 2))])
    r = play(s, {1: Orders(route=route("4 E"))},
             {"black-hole": [4], "damage": [FACE["hull"], 10]})
    assert one(r, "black-hole")["lost"] == "two hull hits in one move"
    rescue = one(r, "rescue")
    assert rescue["reason"] == "two hull hits in one move"
    o = r.state.officers[1]
    assert o.landed_on == BASE.id and o.position == BASE.position and o.score == 0


def test_a_ship_that_loses_its_last_tank_to_the_black_hole_is_rescued():
    s = outer([], [in_space(Position(14, 20, 2), marthia(tanks=1))])
    r = play(s, {1: Orders(route=route("4 E"))}, {"black-hole": [2], "damage": [FACE["tanks"]]})
    assert one(r, "rescue")["reason"] == "no tanks left"


def test_the_black_hole_strikes_before_the_landing_and_its_hull_hit_counts_there():
    # 10 W from (25, 20) across the nucleus (the 5th parsec) to land on a planet at (15, 20):
    # 0 - 1 - 1, two damages (a hull hit among them) at the end of the route; then the
    # landing's TAB. O brings the second hull hit of the turn: the ship is lost (4 I).
    target = planet("sevolventes", position=Position(15, 20, 2))
    s = outer([target], [in_space(Position(25, 20, 2))])
    r = play(s, {1: Orders(route=route("10 W"), attitude="A")},
             {"black-hole": [1], "damage": [FACE["hull"], FACE["modules"], 10],
              "landing-risk": [1]})
    order = kinds(r)
    assert order.index("black-hole") < order.index("attitude") < order.index("landing-risk")
    assert one(r, "rescue")["reason"] == "two hull hits in one move"


# --- 3. nets (5B b, S.C. rule A b) -------------------------------------------------------


def test_a_net_stops_the_route_unseen_and_the_reckoning_is_wrong():
    # 8 E from (17, 5): the net's square (20, 5) holds the ship at the 3rd parsec. A planet
    # near the start is sighted; one near the end of the route ordered is not: it was never
    # reached. The officer believes his 8 parsecs flown.
    near = Planet(3, Position(15, 7, 2))
    far = Planet(4, Position(26, 5, 2))
    s = outer([near, far], [in_space(Position(17, 5, 2))])
    r = play(s, {1: Orders(route=route("8 E"))})
    o = r.state.officers[1]
    assert o.position == Position(20, 5, 2)
    told = one(r, "route")
    assert (told["stop"], told["travelled"], told["stop_parsec"]) == ("", 8, 8)
    assert told["reckoning"] == [8, 0, 0] and list(o.reckoning) == [8, 0, 0]
    assert [x["planet"] for x in of(r, "sighting")] == ["P-3"]  # near, designated now
    assert one(r, "net") == {"officer_name": "Notius", "parsec": 3, "square": [20, 5, 2],
                             "ordered": "8 E"}
    assert "Route completed: 8 parsecs." in report_of(r)


def test_the_next_move_starts_from_the_net_square():
    s = outer([], [in_space(Position(20, 5, 2))])
    r = play(s, {1: Orders(route=route("3 S"))})
    assert r.state.officers[1].position == Position(20, 2, 2)
    assert of(r, "net") == []


def test_a_level_change_arriving_on_a_net_square_is_held_there():
    s = outer([], [in_space(Position(21, 5, 1))])
    r = play(s, {1: Orders(route=route("4 DOWN", "3 N"))})
    assert r.state.officers[1].position == Position(21, 5, 2)
    assert one(r, "net")["parsec"] == 4


def test_a_planet_ahead_before_the_net_stops_the_route_for_the_planet():
    # 10 E from (8, 5): an uncharted planet at (14, 5) is seen at the 4th parsec, before
    # the net of (20, 5) is reached.
    ahead = Planet(3, Position(14, 5, 2))
    s = outer([ahead], [in_space(Position(8, 5, 2))])
    r = play(s, {1: Orders(route=route("14 E"))})
    assert one(r, "route")["stop"] == "planet-ahead" and of(r, "net") == []
    assert r.state.officers[1].position == Position(12, 5, 2)


# --- 4. distortions (5B c, S.C. rule A c) ---------------------------------------------------


def test_a_distortion_blocks_the_route_and_moves_the_ship_in_secret():
    # 8 N from (5, 20): blocked at the 5th parsec, (5, 25); d6 2 (East), d6 3: out at (8, 25).
    # A planet beside the exit is not seen by the jump.
    beside = Planet(3, Position(9, 26, 2))
    s = outer([beside], [in_space(Position(5, 20, 2))])
    r = play(s, {1: Orders(route=route("8 N"))}, {"distortion": [2, 3]})
    o = r.state.officers[1]
    assert o.position == Position(8, 25, 2) and o.landed_on is None
    told = one(r, "route")
    assert (told["stop"], told["stop_parsec"], told["reckoning"]) == ("distortion", 5, [0, 5, 0])
    assert of(r, "sighting") == []
    assert one(r, "distortion-exit")["exit"] == [8, 25, 2]
    text = report_of(r)
    assert "Blocked at the 5th parsec by a Nullius distortion" in text
    assert "(8, 25" not in text and "8 E" not in text and "3 E" not in text


def test_the_next_route_starts_from_the_exit_unknown_to_the_officer():
    beside = Planet(3, Position(9, 26, 2))
    s = outer([beside], [in_space(Position(8, 25, 2))])
    r = play(s, {1: Orders(route=route("1 E"))})
    assert one(r, "sighting")["distance"] == 1  # from (9, 25)


@pytest.mark.parametrize("faces, exit", [
    ((5, 2), Position(5, 25, 1)),  # Up: one level, whatever the distance (ruling)
    ((6, 6), Position(5, 25, 3)),  # Down
    ((3, 6), Position(5, 19, 2)),  # South 6
    ((4, 6), Position(0, 25, 2)),  # West 6 from x 5: stops at the edge, x 0
])
def test_the_two_d6_of_the_shift(faces, exit):
    assert rulings.DISTORTION_UP_AND_DOWN_MOVE_ONE_LEVEL
    s = outer([], [in_space(Position(5, 20, 2))])
    r = play(s, {1: Orders(route=route("8 N"))}, {"distortion": list(faces)})
    assert r.state.officers[1].position == exit


def test_the_jump_meets_no_hazard():
    # d6 1 (North), 6 from (5, 25)... the zone ends at y 29: out at (5, 29); the jump sees
    # nothing and meets nothing on the way, whatever lies there.
    s = outer([], [in_space(Position(5, 20, 2))])
    r = play(s, {1: Orders(route=route("8 N"))}, {"distortion": [1, 6]})
    assert r.state.officers[1].position == Position(5, 29, 2)
    assert of(r, "net") == [] and of(r, "black-hole-roll") == []


def test_a_shift_ending_on_an_uncharted_planet_lands_with_attitude_a():
    # d6 2 (East), 6: from (5, 25) to (11, 25), an uncharted planet: an immediate landing,
    # attitude A, with the landing rolls of outer space: all the information (radioactivity
    # with the type), TAB. O, the presence, TAB. P.
    uncharted = Planet(3, Position(11, 25, 2))
    s = outer([uncharted], [in_space(Position(5, 20, 2))])
    r = play(s, {1: Orders(route=route("8 N"))},
             {"distortion": [2, 6], "info": faces_to("sevolventes"), "radioactivity": [5],
              "landing-risk": [3], "presence": [2], "landing-zone": [ZONE["plains"]]})
    landed = one(r, "landed")
    assert landed["how"] == "forced-landing" and landed["forced"] and landed["planet"] == "P-2"
    assert one(r, "attitude")["attitude"] == rulings.DISTORTION_LANDING_ATTITUDE == "A"
    o = r.state.officers[1]
    assert o.landed_on == 3 and o.landing is not None and o.position == uncharted.position
    assert "LANDED ON P-2: the distortion put your ship down on it." in report_of(r)


def test_a_shift_ending_on_a_known_planet_leaves_the_ship_in_space_over_it():
    known = replace(planet("sevolventes", position=Position(11, 25, 2)), known=True)
    s = outer([known], [in_space(Position(5, 20, 2))])
    r = play(s, {1: Orders(route=route("8 N"))}, {"distortion": [2, 6]})
    o = r.state.officers[1]
    assert o.position == known.position and o.landed_on is None and of(r, "landed") == []


def test_a_shift_ending_on_the_base_lands_there_and_the_base_resets_the_reckoning():
    assert rulings.THE_BASE_RESETS_THE_RECKONING
    s = outer([], [in_space(Position(5, 14, 2))])
    r = play(s, {1: Orders(route=route("6 S"))}, {"distortion": [2, 5]})
    o = r.state.officers[1]
    assert o.landed_on == BASE.id and tuple(o.reckoning) == (0, 0, 0)
    assert one(r, "landed")["base"] and of(r, "landing-risk") == []  # no TAB. O on the base


def test_a_net_before_a_distortion_holds_the_route_and_no_shift_is_rolled():
    hazards = replace(HAZARDS, distortions=HAZARDS.distortions + (Position(24, 5, 2),))
    s = replace(outer([], [in_space(Position(17, 5, 2))]), hazards=hazards)
    r = play(s, {1: Orders(route=route("10 E"))})  # a distortion roll would raise
    assert one(r, "net")["parsec"] == 3 and of(r, "distortion-exit") == []


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


# --- 6. landing risks, TAB. O (S.C. rule C, 5G) ------------------------------------------------


def landing_on(race_id: str, planet_type_facts=None):
    target = planet(race_id, position=Position(12, 12, 2))
    return outer([target], [in_space(Position(12, 14, 2))])


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


# --- 7. landing zones, TAB. P (S.C. rule D, 5F) ------------------------------------------------


def test_the_preferred_zone_adds_the_bonus_to_every_alien_s_fc():
    # SEVOLVENTES prefer the forest (+1 each): attitude B's lasers (18) fire at 2 x (5 + 1).
    s = landing_on("sevolventes")
    r = play(s, {1: Orders(route=route("2 S"), attitude="B")},
             {"landing-risk": [3], "presence": [MET], "landing-zone": [ZONE["forest"]],
              "legio-fire": [1], "alien-fire": [1]})
    zone = one(r, "landing-zone")
    assert (zone["zone"], zone["effect"], zone["bonus"]) == ("forest", "preferred", 1)
    assert one(r, "legio-fire")["defence"] == 12
    assert one(r, "alien-fire")["attack"] == 6  # the survivor answers, at 5 + 1
    assert "Landing zone: forest, the preferred environment of the SEVOLVENTES" in report_of(r)


def test_in_the_non_vital_zone_the_ship_s_lasers_cannot_be_used():
    # SEVOLVENTES cannot live in the desert: attitude B's lasers do not fire, nobody is
    # provoked, and the landing zone says why.
    s = landing_on("sevolventes")
    r = play(s, {1: Orders(route=route("2 S"), attitude="B")},
             {"landing-risk": [3], "presence": [MET], "landing-zone": [ZONE["desert"]]})
    assert one(r, "landing-zone")["effect"] == "non-vital"
    assert of(r, "legio-fire") == [] and not r.state.planets[2].hostile
    assert [m["why"] for m in of(r, "mission-refused")] == ["non-vital-zone", "no-one-to-fire"]
    assert landing_of(r).zone == "desert"


def test_in_the_non_vital_zone_the_aliens_cannot_attack_the_ship():
    # Hostile LUPARII cannot live in the desert: with no crew down they reach nobody.
    p = planet("luparii")
    s = outer([p], [on_ground(p, zone="desert")])
    r = play(s, {1: Orders()}, {"arrivals": [NO_ARRIVAL]})
    assert of(r, "alien-fire") == [] and one(r, "ship-out-of-reach")["zone"] == "desert"


def test_in_the_non_vital_zone_an_attack_on_the_ship_strikes_the_landed_crews():
    # HELIOTROPI attack the ship when crews re-embark (3I c); in the caves, where they
    # cannot live, they strike the withdrawing crews instead (ruling).
    assert rulings.NON_VITAL_ATTACKS_GO_TO_THE_CREWS
    p = planet("heliotropi", (8,))
    s = outer([p], [on_ground(p, zone="caves", attacked=True, **down(0, 1))])
    r = play(s, {1: Orders(crews_embark=True)}, {"arrivals": [NO_ARRIVAL], "alien-fire": [1]})
    assert one(r, "alien-fire")["target"] == "crews"


def test_in_the_non_vital_zone_the_landed_crews_alone_carry_out_the_missions():
    # AVIARII (merchants, intimidable civiles) cannot live in the caves.
    p = planet("aviarii")
    s = outer([p], [on_ground(p, zone="caves")])
    r = play(s, {1: Orders(mission="intimidation")}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "mission-refused")["why"] == "crews-alone"
    assert "only landed crews carry out missions" in checked(s, "MISSION INTIMIDATION")[0]
    assert checked(s, "FIRE LASERS") == [
        "in the caves, where the AVIARII cannot live, the ship's lasers cannot be used (the "
        "landed crews alone act)"]
    # With crews down the intimidation is theirs alone: no ship lasers in the attack.
    s = outer([p], [on_ground(p, zone="caves", **down(0, 1))])
    r = play(s, {1: Orders(mission="intimidation")},
             {"arrivals": [NO_ARRIVAL], "intimidation": [5]})
    assert RULES.tables["F"].result(6 - 8, 5) == "-"
    assert of(r, "mission")[0]["column"] == RULES.tables["F"].label(6 - 8)


def test_commerce_losses_still_damage_the_ship_in_the_non_vital_zone():
    # AVIARII merchants (F.C. 4) in the caves, crews down, a commander of personality 0:
    # outer space reads TAB. I (5D e), whose face 1 at 4 is -1, one damage.
    p = planet("aviarii")
    s = outer([p], [on_ground(p, zone="caves", **down(0))])
    assert RULES.tables["I"].result(4, 1) == -1
    r = play(s, {1: Orders(mission="commerce")},
             {"arrivals": [NO_ARRIVAL], "commerce": [1], "damage": [FACE["radars"]]})
    assert len(of(r, "damage")) == 1


def test_the_merchants_preferred_zone_adds_to_their_skill():
    assert rulings.PREFERRED_BONUS_IN_COMMERCE
    p = planet("aviarii")  # prefers the mountains, +1: TAB. I read at F.C. 5 (personality 0)
    s = outer([p], [on_ground(p, zone="mountains", **down(0))])
    r = play(s, {1: Orders(mission="commerce")},
             {"arrivals": [NO_ARRIVAL], "commerce": [6]})
    assert one(r, "mission")["column"] == RULES.tables["I"].label(5)


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
