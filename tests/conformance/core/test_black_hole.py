"""The black hole of outer space (rulebook 5B a, S.C. advanced rule A a; `pbem.rules.black_hole`):
the damages of its formula once per route from its nearest parsec, what is told of them, and
the rescue of a ship it destroys. The map is test_outer_space.py's.
"""

from __future__ import annotations

from pbem.rules import rulings
from pbem.rules.geometry import Position
from pbem.rules.orders import Orders

from core import BASE, in_space, kinds, marthia, of, one, planet, play

from .test_outer_space import FACE, outer, route, report_of


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
