"""The order keywords (`pbem.orders.keywords`): routes read and written back."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pbem.orders.keywords import UnreadableOrder, parse_route
from pbem.rules.geometry import COMPASS, VERTICAL, Segment, route_text


def S(n: int, d: str) -> Segment:
    return Segment(n, d)


def test_parse_route_spacing_and_names():
    assert parse_route("5 s+10 se") == (S(5, "S"), S(10, "SE"))
    assert parse_route("  10N +5e ") == (S(10, "N"), S(5, "E"))
    assert parse_route("4 UP + 8 su + 4 down") == (S(4, "UP"), S(8, "UP"), S(4, "DOWN"))
    assert parse_route("1 north_west + 1 sud-ovest") == (S(1, "NW"), S(1, "SW"))


def test_parse_route_raises_value_error():
    with pytest.raises(ValueError, match="cannot be split") as caught:
        parse_route("3 UP")
    assert isinstance(caught.value, UnreadableOrder)
    assert caught.value.fix.startswith("write 4 UP (one level) or 8 UP (two levels)")


def test_route_text():
    assert route_text((S(10, "N"), S(5, "E"))) == "10 N + 5 E"
    assert route_text(()) == "NONE"
    assert parse_route("NONE") == ()


# At most 8 segments of at most 120 parsecs: within the longest route read (999 parsecs).
segments = st.one_of(
    st.builds(Segment, st.integers(1, 120), st.sampled_from(sorted(COMPASS))),
    st.builds(lambda n, d: Segment(4 * n, d), st.integers(1, 3), st.sampled_from(sorted(VERTICAL))),
)


@given(st.lists(segments, max_size=8).map(tuple))
def test_route_round_trip(route):
    assert parse_route(route_text(route)) == route
