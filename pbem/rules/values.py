"""The state's frozen values, changed by copy: `evolve`.

A move changes officers, ships, planets, landings and the alien ship tens of thousands of
times, each time into a new frozen value (nothing a turn was handed is mutated).
`dataclasses.replace` makes the copy through the class's generated __init__, field by field;
`evolve` copies the attributes with the changed ones written over them: the same value, at
a tenth of the cost. That holds for the frozen dataclasses whose every field is set by
__init__ and which run no __post_init__ and cache nothing on the instance: the state's
values (tests/test_values.py holds each of them to `dataclasses.replace`).

`made` is the other half: a frozen value made from every one of its fields at once, for the
values the order reader and the inbox make ten thousand times a move (an Orders of thirty
fields for each file, a Letter and a Filed for each mail); a test holds each use of it to
the class's own __init__.
"""

from __future__ import annotations

from typing import Any, TypeVar

Value = TypeVar("Value")


def evolve(value: Value, /, **changes: Any) -> Value:
    """`value` with the fields named changed, as `dataclasses.replace(value, **changes)`
    (`value` given by position only: a specialist has a field of that name)."""
    attributes = value.__dict__
    # The copy's dict made in one step (the attributes, the changes written over them in
    # their places) and given to it whole, as `made` gives it: a dict filled key by key
    # after the fact costs a third more.
    fields = attributes | changes
    if len(fields) != len(attributes):
        # A name that is no field added a key: counted, not looked for name by name.
        unknown = ", ".join(sorted(changes.keys() - attributes.keys()))
        raise TypeError(f"{type(value).__name__} has no field {unknown}")
    copy = _blank(type(value))
    _set(copy, "__dict__", fields)
    return copy


def made(cls: type[Value], fields: dict[str, Any]) -> Value:
    """`cls(**fields)`, given the value of every field (none left to its default), in a
    dict made for it: the instance keeps that very dict. For frozen dataclasses without
    __post_init__ or __slots__: their __init__ would set each field through
    object.__setattr__, several times the cost."""
    value = _blank(cls)
    _set(value, "__dict__", fields)
    return value


_blank, _set = object.__new__, object.__setattr__
