"""Distances, directions and the decomposition used in every sighting report."""

from hypothesis import given, strategies as st

from pbem.rules.geometry import COMPASS, Position, bearing, bearing_text, distance


def test_section6_bearings():
    # Turn I: from the 10th parsec (0, 10) the planet at (-2, 11) is "1 W + 1 NW".
    assert bearing_text(bearing(Position(0, 10, 1), Position(-2, 11, 1))) == "1 W + 1 NW"
    # Turn II: "1 E + 1 NE" and "2 SW".
    assert bearing_text(bearing(Position(6, 4, 1), Position(8, 5, 1))) == "1 E + 1 NE"
    assert bearing_text(bearing(Position(12, -2, 1), Position(10, -4, 1))) == "2 SW"
    # The S.C. rulebook's own example: "2 West + 1 North-West".
    assert bearing_text(bearing(Position(0, 0, 1), Position(-3, 1, 1))) == "2 W + 1 NW"


def test_distance_is_steps_with_diagonals():
    assert distance(Position(0, 0, 1), Position(3, -2, 1)) == 3
    assert distance(Position(5, 5, 1), Position(5, 5, 1)) == 0


@given(st.integers(-50, 50), st.integers(-50, 50))
def test_bearing_walks_to_the_target_in_distance_steps(dx, dy):
    origin, target = Position(0, 0, 1), Position(dx, dy, 1)
    parts = bearing(origin, target)
    here = origin
    for n, direction in parts:
        for _ in range(n):
            here = here.step(direction)
    assert here == target
    assert sum(n for n, _ in parts) == distance(origin, target)
    assert len(parts) <= 2
    assert all(d in COMPASS for _, d in parts)
