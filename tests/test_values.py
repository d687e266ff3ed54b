"""The state's values as a move copies and reads them: `values.evolve` against
`dataclasses.replace` that it replaced, a ship's sheet against reading it field by field."""

from __future__ import annotations

import dataclasses
import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rules.geometry import Position
from pbem.rules.ship import COMPONENTS, Ship
from pbem.rules.state import AlienShip, Landing, Officer, Planet, Specialist
from pbem.rules.values import evolve

# Every class the rules evolve.
VALUES = (Officer, Planet, Ship, Landing, AlienShip, Specialist)

SMALL = st.integers(-3, 40)
st.register_type_strategy(Position, st.builds(Position, SMALL, SMALL, st.integers(1, 4)))


@pytest.mark.parametrize("cls", VALUES, ids=lambda c: c.__name__)
def test_the_evolved_classes_are_what_evolve_is_sound_for(cls):
    """Frozen, every field set by __init__, no __post_init__ to run again, nothing cached on
    the instance that a copy would carry over stale."""
    params = cls.__dataclass_params__
    assert params.frozen and not hasattr(cls, "__slots__")
    assert not hasattr(cls, "__post_init__")
    assert all(f.init for f in dataclasses.fields(cls))
    assert not any(isinstance(v, functools.cached_property) for v in vars(cls).values())


@settings(max_examples=60)
@given(data=st.data())
@pytest.mark.parametrize("cls", VALUES, ids=lambda c: c.__name__)
def test_evolve_makes_the_value_replace_makes(cls, data):
    value = data.draw(st.builds(cls))
    donor = data.draw(st.builds(cls))
    names = data.draw(st.sets(st.sampled_from([f.name for f in dataclasses.fields(cls)])))
    changes = {name: getattr(donor, name) for name in names}
    before = repr(value)
    evolved = evolve(value, **changes)
    replaced = dataclasses.replace(value, **changes)
    assert type(evolved) is cls
    assert evolved == replaced and repr(evolved) == repr(replaced)
    assert vars(evolved) == vars(replaced)
    assert repr(value) == before  # the value handed in is left as it was
    with pytest.raises(dataclasses.FrozenInstanceError):
        evolved.__setattr__(dataclasses.fields(cls)[0].name, None)


@settings(max_examples=5)
@given(data=st.data())
@pytest.mark.parametrize("cls", VALUES, ids=lambda c: c.__name__)
def test_a_field_the_class_lacks_is_refused_as_replace_refuses_it(cls, data):
    value = data.draw(st.builds(cls))
    with pytest.raises(TypeError):
        dataclasses.replace(value, warp_drive=1)
    with pytest.raises(TypeError, match="warp_drive"):
        evolve(value, warp_drive=1)


@given(ship=st.builds(Ship))
def test_a_sheet_lists_every_component_in_sheet_order_with_its_crews_counted(ship):
    """Ship.fit reads the components in one call; as reading them one by one, order too."""
    expected = {c: getattr(ship, c) for c in COMPONENTS}
    expected["crews"] = len(ship.crews)
    assert list(ship.fit().items()) == list(expected.items())
    assert ship.counts() == tuple(expected.values())
