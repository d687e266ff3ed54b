"""Frozen dataclasses made at once, where a move makes ten thousand of them.

A frozen dataclass's own __init__ sets each field through object.__setattr__, which costs
several times what handing the instance its dictionary of fields costs; the order reader
makes one Orders (thirty fields) for each file of a move, the inbox one Letter and one
Filed. `made` is `cls(**fields)` for the classes that need it, none of which has a
__post_init__ or __slots__; a test holds each of its uses to the class's own __init__.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")

_new = object.__new__
_set = object.__setattr__


def made(cls: type[T], fields: dict[str, Any]) -> T:
    """`cls(**fields)`, given the value of every field (none left to its default), in a
    dict made for it: the instance keeps that very dict."""
    value = _new(cls)
    _set(value, "__dict__", fields)
    return value
