"""The GM log's words for an event's fields: the inlined fast path says what the plain
recursive wording says of every value."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pbem.gm_log import fields_text, value_text

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=8),
                    st.floats(allow_nan=False))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4),
    st.dictionaries(st.one_of(st.none(), st.integers(-3, 3)), inner, max_size=1),
    st.dictionaries(st.integers(-3, 3), inner, max_size=3)),
    max_leaves=12)
KEYS = st.one_of(st.sampled_from(["officer_name", "planet", "parsec", "facts", "known"]),
                 st.text(max_size=8))


def words(value):
    """How the GM log words a value, written plainly: what the fast path must print."""
    kind = type(value)
    if kind is str:
        return value or '""'
    if kind is bool:
        return "yes" if value else "no"
    if value is None:
        return "-"
    if kind is list or kind is tuple:
        return ", ".join(map(words, value)) if value else "none"
    if kind is dict:
        return "{" + "; ".join(f"{k} {words(v)}" for k, v in sorted(value.items())) + "}"
    return str(value)


def words_of(data):
    """Every field as `words` words it, the officer's name left out."""
    return "; ".join(f"{k} {words(v)}" for k, v in sorted(data.items()) if k != "officer_name")


@given(st.dictionaries(KEYS, VALUES, max_size=8))
def test_every_field_reads_as_it_is_worded_plainly(data):
    assert fields_text(data) == words_of(data)
    assert value_text(data) == words(data)


def test_the_words_of_each_kind_of_value():
    assert fields_text({"officer_name": "Aulo", "planet": "P-1", "parsec": 0, "known": False,
                        "ground": None, "note": "", "facts": ["Rocky", "none"],
                        "fit": {"b": 1, "a": True}, "crews": []}) == (
        'crews none; facts Rocky, none; fit {a yes; b 1}; ground -; known no; note ""; '
        "parsec 0; planet P-1")
