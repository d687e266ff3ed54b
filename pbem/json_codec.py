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


def to_json(value: Any) -> str:
    """`value` as JSON: keys sorted, names as written."""
    return _ENCODER.encode(value)


def to_json_each(values: Iterable[Any]) -> list[str]:
    """`to_json` of each value: a move's data of a hundred thousand events, each stored as
    its own text."""
    return [_ENCODER.encode(v) for v in values]
