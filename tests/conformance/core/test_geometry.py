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


def bearing_worked_out(dx, dy):
    """bearing as it was worked out for every sighting: straight steps, then diagonal ones."""
    diagonal, straight = min(abs(dx), abs(dy)), max(abs(dx), abs(dy)) - min(abs(dx), abs(dy))
    parts = []
    if straight:
        parts.append((straight, ("E" if dx > 0 else "W") if abs(dx) > abs(dy)
                      else ("N" if dy > 0 else "S")))
    if diagonal:
        parts.append((diagonal, ("N" if dy > 0 else "S") + ("E" if dx > 0 else "W")))
    return tuple(parts)


@given(st.integers(-12, 12), st.integers(-12, 12))
def test_the_bearings_worked_out_once_are_those_worked_out_each_time(dx, dy):
    """Near bearings come from a table made at import, far ones are worked out: both are
    the bearing and the text worked out for the square."""
    parts = bearing(Position(3, 4, 1), Position(3 + dx, 4 + dy, 1))
    assert parts == bearing_worked_out(dx, dy)
    assert bearing_text(parts) == (" + ".join(f"{n} {d}" for n, d in parts) or "here")
