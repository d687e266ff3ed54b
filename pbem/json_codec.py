"""The JSON text pbem writes of its values: keys sorted, names as written, and the same text
for the same value wherever it is written (the database's JSON columns, the kept charts,
the JSON reports), since the ledger hashes it.
"""

from __future__ import annotations

import json
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
