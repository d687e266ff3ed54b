"""The GM log's words for an event's fields: the inlined fast path says what the plain
recursive wording says of every value."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from pbem import formats
from pbem.gm_log import fields_text, gm_log_parts, value_text
from pbem.render import environment, gm_log as log_text
from pbem.rules.dice import Roll
from pbem.rules.events import Event
from pbem.json_codec import to_json

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


# Events as the database gives them back: the data read from its stored text.
EVENTS = st.builds(Event, st.sampled_from(["turn", "sheet", "info"]),
                   st.sampled_from(["public", "officer", "gm"]),
                   st.one_of(st.none(), st.integers(1, 3)),
                   st.dictionaries(KEYS, VALUES, max_size=4).map(
                       lambda data: json.loads(to_json(data))))


def test_a_nested_field_named_like_the_officer_s_is_worded():
    # Only the officer's own name, the line's head, is left out of its fields.
    events = [Event("turn", "public", n, {"a": {"officer_name": name}, "officer_name": name})
              for n, name in ((1, "Aulo"), (2, "Bruto"))]
    assert gm_log_parts(events, [], {1: "Aulo", 2: "Bruto"})["events"] == (
        "  [public] turn (Aulo): a {officer_name Aulo}\n"
        "  [public] turn (Bruto): a {officer_name Bruto}")


# What a name or a field may hide from plain text: control characters, a bidi override, a
# tab, a non-breaking space (not printable, and kept).
ODD = st.text(alphabet=st.sampled_from("Aò -\x00\x07\t\n\x85\u202e\xa0"), max_size=5)
ODD_EVENTS = st.builds(Event, st.sampled_from(["turn", "sh\x07eet"]),
                       st.sampled_from(["public", "gm"]), st.one_of(st.none(), st.integers(1, 3)),
                       st.dictionaries(st.one_of(KEYS, ODD), st.one_of(VALUES, ODD), max_size=3)
                       .map(lambda data: json.loads(to_json(data))))
ROLLS = st.builds(Roll, st.just(1), st.one_of(st.none(), st.integers(1, 3)),
                  st.sampled_from(["info", "damage"]), ODD, st.integers(1, 20),
                  st.integers(1, 20), st.sampled_from(["gm", "public"]))


@given(st.lists(st.one_of(EVENTS, ODD_EVENTS), max_size=8), st.lists(ROLLS, max_size=4),
       st.dictionaries(st.integers(1, 2), st.one_of(st.text(max_size=4), ODD)),
       st.one_of(st.text(max_size=6), ODD), st.one_of(st.just(""), ODD))
def test_the_log_prints_every_line_with_what_a_name_could_hide_dropped(
        events, rolls, names, game, gm_actions):
    log = log_text(environment(None, "txt"), game=game, move=3, gm_actions=gm_actions,
                   events=events, rolls=rolls, names=names)
    assert not formats._CONTROL.search(log)
    for line in gm_log_parts(events, rolls, names)["events"].split("\n"):
        assert formats.plain(line) in log


def test_a_game_s_own_log_template_is_followed(tmp_path):
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "gm-log.txt.j2").write_text("{{ game }}: {{ events }}|{{ rolls }}\n",
                                                 encoding="utf-8")
    events = [Event("turn", "public", 1, {"officer_name": "Aulo", "moved": True})]
    assert log_text(environment(tmp_path, "txt"), game="G", move=1, gm_actions="",
                    events=events, rolls=[], names={1: "Aulo"}) == (
        "G:   [public] turn (Aulo): moved yes|\n")
