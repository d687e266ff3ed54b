"""The JSON text pbem writes of its values: keys sorted, names as written, and the same text
for the same value wherever it is written (the database's JSON columns, the kept charts,
the JSON reports), since the ledger hashes it.
"""

from __future__ import annotations

import json
from operator import itemgetter
from typing import Any, Iterable

# One encoder for every JSON column: json.dumps with options builds a new one at each call.
# Names are kept as written (no \u00f2 escapes), so the database reads well in sqlite3.
_ENCODER = json.JSONEncoder(sort_keys=True, ensure_ascii=False, check_circular=False)


def _c_encoder():
    """The C encoder behind `_ENCODER`, made once: `JSONEncoder.encode` makes a new one at
    every call, a third of the cost of the small dicts of a move's hundred thousand events.
    The same C code with the same options, so the same text (the data are never circular)."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # a Python without the C accelerator
        return None
    return make(None, _ENCODER.default, json.encoder.encode_basestring, None,
                _ENCODER.key_separator, _ENCODER.item_separator, True, False, True)


_C_ENCODE = _c_encoder()


def to_json(value: Any) -> str:
    """`value` as JSON: keys sorted, names as written."""
    if _C_ENCODE is None or isinstance(value, str):
        return _ENCODER.encode(value)
    return "".join(_C_ENCODE(value, 0))


def to_json_each(values: Iterable[Any]) -> list[str]:
    """`to_json` of each value, in one call: a move's data of a hundred thousand events, each
    stored as its own text."""
    if _C_ENCODE is None:
        return [to_json(v) for v in values]
    encode, join, text = _C_ENCODE, "".join, _ENCODER.encode
    return [text(v) if isinstance(v, str) else join(encode(v, 0)) for v in values]


def to_json_once(values: Iterable[Any]) -> list[str]:
    """`to_json_each`, each dict met again (the very object: the rules share one dict
    between the events of a move that say the same, a third of them, and one fit between
    the sheets that show it) written once (`_Writing`)."""
    if _C_ENCODE is None:
        return to_json_each(values)
    return _Writing().each(values)


class _Writing:
    """`to_json` of many values, as the C encoder writes them, in fewer steps.

    A dict is written once, then known by its id (kept with its text, so no other takes
    its id meanwhile). A dict of string keys is laid out once for each set of keys, sorted
    as the encoder sorts them, and its values are written into the layout: the plain ones
    here, the others (lists, numbers with a point) by the C encoder."""

    def __init__(self) -> None:
        self.layouts: dict[tuple, tuple[str, Any] | None] = {}  # None: keys not all strings
        self.written: dict[int, tuple[Any, str]] = {}

    def each(self, values: Iterable[Any]) -> list[str]:
        get, text = self.written.get, self.text
        return [text(v) if (done := get(id(v))) is None else done[1] for v in values]

    def text(self, value: Any) -> str:
        layout = self.layouts.get(tuple(value), False) if type(value) is dict else None
        if layout is False:
            layout = self.layouts[tuple(value)] = _layout(tuple(value))
        written = self.written
        if layout is None:
            text = _ENCODER.encode(value) if isinstance(value, str) else "".join(
                _C_ENCODE(value, 0))
        else:
            # Each value's JSON, a whole number as it is (`%s` prints it as JSON does).
            fmt, get = layout
            text = fmt % tuple([
                v if type(v) is int else _QUOTED(v) if type(v) is str
                else "null" if v is None else ("true" if v else "false") if type(v) is bool
                else (self.text(v) if id(v) not in written else written[id(v)][1])
                if type(v) is dict else "".join(_C_ENCODE(v, 0)) for v in get(value)])
        written[id(value)] = (value, text)
        return text


_QUOTED = json.encoder.encode_basestring  # a string as the encoder writes it (names as written)


def _layout(keys: tuple) -> tuple[str, Any] | None:
    """The text of a dict of these keys with `%s` for each value, in sorted order, and the
    getter of the values in that order (always a tuple); None unless all are strings (the
    encoder writes other keys as strings, and sorts them so)."""
    if not all(type(k) is str for k in keys):
        return None
    names = sorted(keys)
    fmt = "{" + ", ".join(_QUOTED(k).replace("%", "%%") + ": %s" for k in names) + "}"
    if len(names) == 1:
        return fmt, lambda data, name=names[0]: (data[name],)
    return fmt, itemgetter(*names) if names else (lambda data: ())
