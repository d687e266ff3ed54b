"""The GM log's words for an event's fields: the inlined fast path says what the plain
recursive wording says of every value."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from pbem import formats, gm_log
from pbem.gm_log import Wording, event_line, fields_text, gm_log_parts, value_text
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


# Values one Wording may meet side by side and must not take for one another: True and 1,
# False and 0, the same names in another order, names with `%` in them.
LOOKALIKES = st.sampled_from([0, 1, True, False, None, "", "1", "yes", 0.0, -0.0, [1, 2],
                              (1, True), [], {}])
LOOKALIKE_DICTS = st.dictionaries(st.sampled_from(["a", "b", "%s", "a%", "officer_name"]),
                                  st.one_of(LOOKALIKES, st.dictionaries(
                                      st.sampled_from(["a", "b", "%"]), LOOKALIKES, max_size=3)),
                                  max_size=4)


@given(st.lists(st.one_of(LOOKALIKE_DICTS, st.dictionaries(KEYS, VALUES, max_size=6)),
                max_size=12))
def test_one_wording_of_many_events_words_each_as_it_is_worded_plainly(datas):
    # One Wording for the lot, as for a whole log: its layouts and nested dicts worded once
    # must never stand for another event's.
    wording = Wording()
    for data in datas:
        assert wording.fields(data) == words_of(data)
        assert wording.value(data) == words(data)


@given(st.lists(LOOKALIKE_DICTS, min_size=1, max_size=4),
       st.lists(st.tuples(st.sampled_from(["fit", "specialist"]), st.integers(0, 3)),
                max_size=10))
def test_nested_dicts_many_events_share_are_worded_as_each_alone(nested, picks):
    # The rules share one fit between the sheets that show it: worded once, by its id, and
    # read as each sheet would be worded alone; dicts worded and dropped meanwhile never
    # lend their id to another.
    wording = Wording()
    for name, n in picks:
        data = {"officer_name": "Aulo", name: nested[n % len(nested)]}
        assert wording.fields(data) == words_of(data)
        passing = {"passing": {"a": n, "b": [n]}}
        assert wording.fields(passing) == words_of(passing)


def test_the_layout_of_the_names_is_kept_whatever_their_order():
    wording = Wording()
    assert wording.fields({"officer_name": "Aulo", "b": 1, "a": True}) == "a yes; b 1"
    assert wording.fields({"a": 1, "officer_name": "Aulo", "b": True}) == "a 1; b yes"
    assert wording.value({"fit": {"x": True}, "g": {"x": 1}}) == "{fit {x yes}; g {x 1}}"
    assert wording.fields({"officer_name": "Aulo"}) == ""
    assert wording.fields({"only": ""}) == 'only ""'


# Events as the database gives them back: the data read from its stored text.
EVENTS = st.builds(Event, st.sampled_from(["turn", "sheet", "info"]),
                   st.sampled_from(["public", "officer", "gm"]),
                   st.one_of(st.none(), st.integers(1, 3)),
                   st.dictionaries(KEYS, VALUES, max_size=4).map(
                       lambda data: json.loads(to_json(data))))


@given(st.lists(EVENTS, max_size=10), st.dictionaries(st.integers(1, 2), st.text(max_size=4)))
def test_the_log_of_a_move_has_each_event_line_as_event_line_writes_it(events, names):
    texts = [to_json(e.data) for e in events]
    expected = "\n".join(event_line(e, names) for e in events)
    assert gm_log_parts(events, [], names, texts)["events"] == expected
    assert gm_log_parts(events, [], names)["events"] == expected


# Events that say the same but for their officer's name, which the log leaves out: worded
# once for all of them, the name looked for as the encoder writes it; a nested field of the
# same name is not the officer's and is worded.
NAMES = st.sampled_from(["Aulo", "Bruto", 'Q"uo', "ò\\", "T\x00b", ""])
NAMED_EVENTS = st.builds(
    lambda kind, name, nested, rest: Event(kind, "public", 1, json.loads(to_json(
        {**rest, "officer_name": name, **({} if nested is None else {"a": {"officer_name": nested}})}))),
    st.sampled_from(["turn", "sighting"]), NAMES, st.one_of(st.none(), NAMES),
    st.dictionaries(st.sampled_from(["b", "planet", "z"]), st.sampled_from([0, 1, True, "P-1"]),
                    max_size=2))


@given(st.lists(st.one_of(NAMED_EVENTS, EVENTS), max_size=12),
       st.dictionaries(st.integers(1, 2), st.text(max_size=4)))
def test_events_alike_but_for_the_officer_s_name_are_each_worded_as_alone(events, names):
    texts = [to_json(e.data) for e in events]
    expected = "\n".join(event_line(e, names) for e in events)
    assert gm_log_parts(events, [], names, texts)["events"] == expected


def test_a_nested_field_named_like_the_officer_s_is_worded():
    # Its name the same as the officer's in each event: only the officer's is left out.
    events = [Event("turn", "public", n, {"a": {"officer_name": name}, "officer_name": name})
              for n, name in ((1, "Aulo"), (2, "Bruto"), (1, "Aulo"))]
    texts = [to_json(e.data) for e in events]
    assert gm_log_parts(events, [], {1: "Aulo", 2: "Bruto"}, texts)["events"] == (
        "  [public] turn (Aulo): a {officer_name Aulo}\n"
        "  [public] turn (Bruto): a {officer_name Bruto}\n"
        "  [public] turn (Aulo): a {officer_name Aulo}")


def test_a_kind_whose_texts_never_recur_is_still_worded_event_by_event():
    # Past the events it takes to find the kind's texts unique, each is worded as alone,
    # those alike too.
    sheets = [Event("sheet", "officer", n, {"officer_name": f"O{n}", "ship": f"S{n}"})
              for n in range(gm_log.TRIES + 3)]
    alike = [Event("sheet", "officer", 1, {"officer_name": "O1", "ship": s}) for s in "xxyx"]
    events = sheets + alike
    texts = [to_json(e.data) for e in events]
    names = {n: f"O{n}" for n in range(5)}
    assert gm_log_parts(events, [], names, texts)["events"] == "\n".join(
        event_line(e, names) for e in events)


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
       st.one_of(st.text(max_size=6), ODD), st.one_of(st.just(""), ODD), st.booleans())
def test_the_log_prints_every_line_with_what_a_name_could_hide_dropped(
        events, rolls, names, game, gm_actions, with_texts):
    texts = [to_json(e.data) for e in events] if with_texts else None
    log = log_text(environment(None, "txt"), game=game, move=3, gm_actions=gm_actions,
                   events=events, rolls=rolls, names=names, texts=texts)
    assert not formats._CONTROL.search(log)
    for line in gm_log_parts(events, rolls, names, texts)["events"].split("\n"):
        assert formats.plain(line) in log


def test_a_game_s_own_log_template_is_followed(tmp_path):
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "gm-log.txt.j2").write_text("{{ game }}: {{ events }}|{{ rolls }}\n",
                                                 encoding="utf-8")
    events = [Event("turn", "public", 1, {"officer_name": "Aulo", "moved": True})]
    assert log_text(environment(tmp_path, "txt"), game="G", move=1, gm_actions="",
                    events=events, rolls=[], names={1: "Aulo"}) == (
        "G:   [public] turn (Aulo): moved yes|\n")
