"""The hazards of outer space on the map and on a route (5B, S.C. advanced rule A): where they
are placed and how a GM's are checked, the first one a route meets against the other stops,
the black hole's nearest parsec and its formula, and the distortion's shift."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rules import black_hole, distortion, hazards, net, rulings
from pbem.rules import route as routes
from pbem.rules.dice import ScriptedDice, SeededDice
from pbem.rules.galaxy import draw_map
from pbem.rules.geometry import Position, Segment, Zone, distance
from pbem.rules.route import Parsec
from pbem.rules.state import Planet

from parsecs import expand

ZONE = Zone(30, 4)
# A net of level 2 (7, 10)-(8, 10)-(9, 11); a distortion of level 2 at (20, 10); the
# black hole's nucleus at (20, 20) on every level.
NET_2 = (Position(7, 10, 2), Position(8, 10, 2), Position(9, 11, 2))
DISTORTION_2 = Position(20, 10, 2)


def spread(level: int) -> tuple[Position, ...]:
    """A net far from everything, for the levels a test does not look at."""
    return (Position(1, 28, level), Position(2, 28, level), Position(3, 28, level))


def distortions(level: int, *extra: Position) -> tuple[Position, ...]:
    base = [Position(27, 1, level), Position(27, 4, level), Position(24, 1, level)]
    return tuple(list(extra) + base[: 3 - len(extra)])


HAZARDS = hazards.Hazards(
    (20, 20),
    tuple(NET_2 if level == 2 else spread(level) for level in range(1, 5)),
    tuple(p for level in range(1, 5)
          for p in (distortions(2, DISTORTION_2) if level == 2 else distortions(level))),
)


def seg(text: str) -> Segment:
    n, d = text.split()
    return Segment(int(n), d)


def trace(start, route, planets=(), reach=2, land=False, hz=HAZARDS):
    at = {p.position: p for p in planets}
    return routes.trace(start, tuple(seg(s) for s in route), ZONE, at, reach, land, hz)


# --- the squares ------------------------------------------------------------------------------


def test_every_square_is_indexed_the_nucleus_on_every_level():
    assert HAZARDS.at(Position(20, 20, 1)) == HAZARDS.at(Position(20, 20, 4)) == hazards.NUCLEUS
    assert [HAZARDS.at(p) for p in NET_2] == [hazards.NET] * 3
    assert HAZARDS.at(DISTORTION_2) == hazards.DISTORTION
    assert HAZARDS.at(Position(20, 10, 3)) is None  # levels are independent
    assert not hazards.Hazards() and HAZARDS


def test_the_gm_listing_names_every_hazard_square():
    listing = HAZARDS.listing()
    assert listing[0] == {"hazard": "black-hole", "x": 20, "y": 20, "level": "every"}
    assert {"hazard": "net", "level": 2,
            "squares": [{"x": 7, "y": 10}, {"x": 8, "y": 10}, {"x": 9, "y": 11}]} in listing
    assert {"hazard": "distortion", "level": 2, "x": 20, "y": 10} in listing
    assert len(listing) == 1 + 4 + 12


# --- placing them -----------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(24, 40), per_level=st.integers(1, 9))
def test_drawn_hazards_keep_every_rule_of_placement(seed, size, per_level):
    zone = Zone(size)
    dice = SeededDice(str(seed).encode(), 0)
    planets = [p.position for p in draw_map(zone, per_level, dice)]
    placed = hazards.place(zone, planets, dice)
    if placed is None:
        return  # a crowded map; `pbem new` draws another
    assert hazards.problems(zone, planets, placed) == []
    # And the rules one by one, without the checker's help.
    hole = placed.black_hole
    assert all(max(abs(p.x - hole[0]), abs(p.y - hole[1])) >= 5 for p in planets)
    assert sorted(n[0].level for n in placed.nets) == [1, 2, 3, 4]
    for n in placed.nets:
        assert len(set(n)) == 3 and hazards.connected(n) and len({p.level for p in n}) == 1
    squares = [q for n in placed.nets for q in n] + list(placed.distortions)
    squares += [placed.nucleus(level) for level in range(1, 5)]
    assert len(squares) == len(set(squares)) == 12 + 12 + 4
    for q in squares:
        assert zone.contains(q)
        assert all(distance(p, q) >= 4 for p in planets if p.level == q.level)


def test_placement_is_the_same_for_the_same_dice_and_none_when_nothing_fits():
    zone = Zone(30)
    planets = [p.position for p in draw_map(zone, 9, SeededDice(b"s", 0))]
    assert hazards.place(zone, planets, SeededDice(b"h", 0)) == hazards.place(
        zone, planets, SeededDice(b"h", 0))
    crowded = [Position(x, y, 1) for x in range(0, 10, 4) for y in range(0, 10, 4)]
    assert hazards.place(Zone(10), crowded, SeededDice(b"h", 0)) is None


def test_a_net_grows_beside_its_first_square_and_gives_up_a_dead_end():
    # Level 1 of a 3 x 3 zone: only the corner (0, 0) and the far column are free; the
    # first roll picks (0, 0), which has no free neighbour: it is given up for another.
    free = {(0, 0), (2, 0), (2, 1), (2, 2)}
    dice = ScriptedDice({"hazards": [1, 1, 1, 1]})
    assert hazards._draw_net(set(free), dice, 1) == [(2, 0), (2, 1), (2, 2)]


# --- the checks on a GM's map --------------------------------------------------------------------


def test_the_shipped_example_hazards_are_lawful():
    assert hazards.problems(ZONE, [Position(5, 5, 2)], HAZARDS) == []


@pytest.mark.parametrize("change, expected", [
    (dict(black_hole=None), "no black hole: outer space has one"),
    (dict(black_hole=(8, 6)), "the black hole at level 2, x 8, y 6 is 3 parsecs from planet 1 "
                              "(x 5, y 5); it must lie at least 5 from every planet"),
    (dict(black_hole=(40, 2)), "the black hole at level 1, x 40, y 2 is outside the zone"),
    (dict(nets=(spread(1), (Position(5, 8, 2), Position(6, 8, 2), Position(7, 8, 2)),
                spread(3), spread(4))),
     "the net of level 2 at level 2, x 5, y 8 is 3 parsecs from planet 1 (x 5, y 5); it must "
     "lie at least 4 from every planet"),
])
def test_a_gm_map_is_checked_square_by_square(change, expected):
    import dataclasses

    found = hazards.problems(ZONE, [Position(5, 5, 2)], dataclasses.replace(HAZARDS, **change))
    assert any(expected in p for p in found), found


def test_four_parsecs_from_a_planet_is_far_enough_for_a_net():
    import dataclasses

    near = (Position(5, 9, 2), Position(6, 9, 2), Position(7, 9, 2))
    assert hazards.problems(ZONE, [Position(5, 5, 2)], dataclasses.replace(
        HAZARDS, nets=(spread(1), near, spread(3), spread(4)))) == []


def test_a_net_must_be_three_squares_in_one_piece_on_its_level():
    import dataclasses

    apart = (Position(7, 10, 2), Position(8, 10, 2), Position(10, 10, 2))
    two = (Position(7, 10, 4), Position(8, 10, 4))
    found = hazards.problems(ZONE, [], dataclasses.replace(
        HAZARDS, nets=(spread(1), apart, spread(3), two)))
    assert any("the net of level 2 (x 7, y 10, x 8, y 10, x 10, y 10) is not in one piece" in p
               for p in found), found
    assert any("the net of level 4 has 2 different squares" in p for p in found), found


def test_counts_per_level_and_no_two_hazards_on_one_square():
    import dataclasses

    found = hazards.problems(ZONE, [], dataclasses.replace(
        HAZARDS, nets=(spread(1), NET_2, spread(3)),
        distortions=HAZARDS.distortions[:-1] + (Position(7, 10, 2),)))
    assert "level 4 has 0 nets: outer space has one per level (5B b)" in found
    assert "level 4 has 2 distortions: outer space has 3 per level (S.C. rule A c)" in found
    assert any("a distortion and the net of level 2 share the square level 2, x 7, y 10" in p
               for p in found), found


def test_planets_near_a_hazard_are_named_by_their_number():
    found = hazards.problems(ZONE, [Position(1, 1, 3), Position(22, 12, 2)], HAZARDS)
    assert found == ["a distortion at level 2, x 20, y 10 is 2 parsecs from planet 2 (x 22, "
                     "y 12); it must lie at least 4 from every planet"]


# --- on a route ---------------------------------------------------------------------------------


def test_a_net_stops_the_route_on_its_first_square_crossed():
    r = trace(Position(3, 10, 2), ["10 E"])
    assert r.stop == routes.NET and r.stop_parsec == 4 and r.end == Position(7, 10, 2)


def test_a_level_change_arriving_on_a_net_square_stops_there():
    r = trace(Position(8, 10, 1), ["4 DOWN", "3 N"])
    assert r.stop == routes.NET and r.end == Position(8, 10, 2) and r.stop_parsec == 4
    # Passing through level 2 on the way to level 3 is crossing it too.
    r = trace(Position(8, 10, 1), ["8 DOWN"])
    assert r.stop == routes.NET and r.end == Position(8, 10, 2)


def test_a_ship_on_a_net_square_sets_out_again_from_it():
    r = trace(Position(8, 10, 2), ["3 S", "1 E"])
    assert r.stop is None and r.end == Position(9, 7, 2)


def test_a_distortion_blocks_the_route_on_its_square():
    r = trace(Position(15, 10, 2), ["8 E"])
    assert r.stop == routes.DISTORTION and r.end == DISTORTION_2 and r.stop_parsec == 5


def test_a_net_before_a_distortion_stops_the_route_at_the_net():
    # 3 E of the start lies the net, farther on the distortion of level 2.
    r = trace(Position(4, 10, 2), ["18 E"])
    assert r.stop == routes.NET and r.end == Position(7, 10, 2)


def test_a_planet_ahead_before_a_net_stops_the_route_for_the_planet():
    planet = Planet(9, Position(4, 14, 2))  # on the route, before the net (at 7, 10 to 9, 11)
    r = trace(Position(4, 17, 2), ["7 S", "6 E"], [planet], reach=2)
    assert r.stop == routes.PLANET_AHEAD and r.planet == 9 and r.end == Position(4, 16, 2)


def test_a_net_before_a_planet_ahead_stops_the_route_at_the_net():
    planet = Planet(9, Position(14, 10, 2))  # beyond the net
    r = trace(Position(3, 10, 2), ["12 E"], [planet], reach=2)
    assert r.stop == routes.NET and r.end == Position(7, 10, 2)


def test_a_hazard_on_the_parsec_where_a_planet_ahead_stops_the_route_acts():
    # With 4 parsecs of radar range (Scanners research) a planet 4 E of the distortion stops
    # the route on the distortion's very square: the distortion acts (ruling).
    assert rulings.HAZARD_BEFORE_A_PLANET_AHEAD
    planet = Planet(9, Position(24, 10, 2))
    r = trace(Position(15, 10, 2), ["12 E"], [planet], reach=4)
    assert r.stop == routes.DISTORTION and r.end == DISTORTION_2


def test_the_edge_after_a_net_is_never_reached():
    r = trace(Position(5, 10, 2), ["40 E"])
    assert r.stop == routes.NET


def test_inner_space_has_no_hazards_on_routes():
    r = trace(Position(3, 10, 2), ["10 E"], hz=hazards.Hazards())
    assert r.stop is None and r.end == Position(13, 10, 2)


def test_the_officer_held_by_a_net_is_told_his_whole_route_flown():
    held = trace(Position(3, 10, 2), ["10 E", "4 UP", "4 N"])
    assert held.stop == routes.NET and held.travelled == 4
    assert net.told(held) == (18, "", 18)
    edge = trace(Position(25, 20, 2), ["10 E"])
    assert net.told(edge) == (4, "edge", 4)


# --- the black hole -----------------------------------------------------------------------------


def path_of(start, route):
    return expand(start, tuple(seg(s) for s in route), ZONE)[0]


def test_the_nearest_parsec_gives_the_distance():
    # 12 N along x = 17, nucleus at (20, 20): 3 parsecs from (17, 17) to (17, 22); the
    # first of them, the 7th parsec, is the one.
    pull = black_hole.nearest(path_of(Position(17, 10, 3), ["12 N"]), HAZARDS)
    assert pull == black_hole.Pull(7, 3)


def test_a_tangent_route_is_felt_and_a_route_moving_away_feels_nothing():
    assert rulings.BLACK_HOLE_TANGENT_ROUTES_ARE_ROLLED
    # Along y = 16 from x = 17: distances 4, 4, 4, 4... from the start on: tangent, felt
    # from the first parsec past the start.
    assert black_hole.nearest(path_of(Position(17, 16, 1), ["6 E"]), HAZARDS) == (
        black_hole.Pull(1, 4))
    # From 2 parsecs off, farther at every parsec: it moves away.
    assert black_hole.nearest(path_of(Position(22, 18, 1), ["5 E"]), HAZARDS) is None
    # Beyond reach all along: nothing.
    assert black_hole.nearest(path_of(Position(10, 10, 1), ["9 N"]), HAZARDS) is None
    # Approaching, then along: the first parsec at the nearest distance.
    assert black_hole.nearest(path_of(Position(14, 24, 1), ["3 E", "3 E"]), HAZARDS) == (
        black_hole.Pull(2, 4))


def test_crossing_the_nucleus_is_distance_zero():
    pull = black_hole.nearest(path_of(Position(18, 20, 4), ["4 E"]), HAZARDS)
    assert pull == black_hole.Pull(2, 0)


def test_the_formula_distance_minus_level_minus_die():
    # "DISTANCE - MASS (level of the ship) - FORTUITOUS OUTCOME": negative values are damages.
    assert black_hole.damages(4, 0, 4) == 0
    assert black_hole.damages(4, 1, 4) == 1
    assert black_hole.damages(2, 1, 6) == 5
    assert black_hole.damages(0, 0, 1) == 1  # crossing the nucleus always hurts
    assert black_hole.damages(3, 0, 2) == 0


@settings(max_examples=60)
@given(distance=st.integers(0, 4), level=st.integers(0, 3), computers=st.integers(0, 1),
       faces=st.lists(st.integers(1, 6), min_size=1, max_size=9),
       earlier_hull_hits=st.integers(0, 1),
       fit=st.fixed_dictionaries({c: st.integers(0, 2) for c in (
           "modules", "laser_zip3", "ho1", "sil12", "shields", "lasers", "radars", "tanks")}))
def test_the_black_hole_tells_each_hit_and_its_result_as_the_plain_values_do(
        distance, level, computers, faces, earlier_hull_hits, fit):
    """The black hole's events appended as made, and the damage it does made at once: as
    Board.emit words them, each hit as Hit.data with the table's roller, and as Damaged(...)
    makes the result."""
    from dataclasses import fields

    from pbem.rules.board import Board
    from pbem.rules.damage import Damaged
    from pbem.rules.events import Event
    from pbem.rules.ship import Ship
    from pbem.rules.state import Officer
    from pbem.ruleset_files import load_ruleset

    table = load_ruleset().tables["C"]
    ship = Ship("GLADIUM", "MARTHIA", crews=(3, 3), computers=computers, **fit)
    officer = Officer(7, "Varro", "Centurio", 0, ship, Position(1, 1, 1), 0)
    board = Board(Zone(30), {}, {7: officer}, 1, 0, {})
    board.hull_hits[7] = earlier_hull_hits
    dice = ScriptedDice({"black-hole": faces[:1], "damage": faces[1:]}, strict=False)
    felt, result = black_hole.feel(board, officer, black_hole.Pull(5, distance), level, table,
                                   dice)
    plain = Damaged(result.ship, result.hits, result.hull_hits, result.lost)
    assert result == plain and vars(result) == vars(plain)
    assert list(vars(result)) == [f.name for f in fields(Damaged)]
    assert felt.ship == result.ship and board.hull_hits[7] == result.hull_hits
    told = computers > 0 or not rulings.HAZARD_DAMAGE_NEEDS_A_COMPUTER
    count = black_hole.damages(distance, level, faces[0])
    expected = [Event("black-hole-roll", "gm", 7, dict(
        parsec=5, distance=distance, ship_level=level, face=faces[0], damages=count,
        told=told))]
    if count:
        expected.append(Event("black-hole", "officer" if told else "gm", 7, dict(
            parsec=5, nucleus=distance == 0, damages=count,
            hits=[h.data() | {"roller": table.roller} for h in result.hits],
            lost=result.lost or "")))
    assert board.events == expected
    for event, wanted in zip(board.events, expected):
        assert type(event) is Event and list(event.data) == list(wanted.data)
        for hit, words in zip(result.hits, event.data.get("hits", ())):
            assert list(words) == list(hit.data()) + ["roller"]


# --- the distortion's shift -------------------------------------------------------------------------


@pytest.mark.parametrize("faces, exit", [
    ((1, 3), Position(20, 13, 2)),  # 1 N, 3 parsecs
    ((2, 6), Position(26, 10, 2)),
    ((3, 1), Position(20, 9, 2)),
    ((4, 5), Position(15, 10, 2)),
    ((5, 2), Position(20, 10, 1)),  # UP: one level whatever the distance (ruling)
    ((6, 6), Position(20, 10, 3)),
])
def test_two_d6_give_the_direction_and_the_distance(faces, exit):
    dice = ScriptedDice({"distortion": list(faces)}, strict=True)
    shift = distortion.shift(DISTORTION_2, ZONE, dice, officer=1)
    assert shift.exit == exit and (shift.direction_face, shift.distance_face) == faces
    assert all(r.visibility == "gm" for r in dice.log)  # the S.C. rolls in secret


def test_a_shift_past_the_zone_stops_at_the_last_square_inside():
    assert distortion.exit_square(Position(27, 10, 2), ZONE, "E", 6) == Position(29, 10, 2)
    assert distortion.exit_square(Position(2, 1, 1), ZONE, "S", 4) == Position(2, 0, 1)
    assert distortion.exit_square(Position(2, 1, 1), ZONE, "UP", 6) == Position(2, 1, 1)
    assert distortion.exit_square(Position(2, 1, 4), ZONE, "DOWN", 1) == Position(2, 1, 4)


def test_a_path_in_parsecs_is_what_the_hazards_read():
    path = [Parsec(0, Position(6, 10, 2)), Parsec(1, Position(7, 10, 2))]
    assert hazards.stop_on(path, HAZARDS) == (1, hazards.NET)
    assert hazards.stop_on(path[:1], HAZARDS) is None
