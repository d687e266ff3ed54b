"""A ship's sheet as a move reads it, against reading it field by field."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pbem.rules.geometry import Position
from pbem.rules.ship import COMPONENTS, Ship

SMALL = st.integers(-3, 40)
st.register_type_strategy(Position, st.builds(Position, SMALL, SMALL, st.integers(1, 4)))


@given(ship=st.builds(Ship))
def test_a_sheet_lists_every_component_in_sheet_order_with_its_crews_counted(ship):
    expected = {c: getattr(ship, c) for c in COMPONENTS}
    expected["crews"] = len(ship.crews)
    assert list(ship.fit().items()) == list(expected.items())
