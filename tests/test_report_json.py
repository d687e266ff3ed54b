"""The JSON reports read back as what their reader was told, names with hidden characters
or none: the officer's head, his events as stored with the hidden characters dropped, and the
bulletin written in pieces as it is whole."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from pbem import report_json
from pbem.render import MoveView
from pbem.report_json import officer_report
from pbem.rules.events import Event
from pbem.json_codec import to_json

# Names as players write them: plain, accented, with a quote, a C1 control or a bidi override.
NAMES = st.one_of(st.sampled_from(["Aulo", "Nicolò", 'Ce"sare', "Ti\x85to", "\u202eLivia", ""]),
                  st.text(max_size=6))
PLAIN = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), NAMES)
DATA = st.dictionaries(st.sampled_from(["officer_name", "planet", "facts", "at"]),
                       st.one_of(PLAIN, st.lists(PLAIN, max_size=3)), max_size=4)
EVENTS = st.lists(st.builds(Event, st.sampled_from(["turn", "sighting", "ni\u00f1o"]),
                            st.sampled_from(["public", "officer"]), st.integers(1, 3),
                            DATA).map(lambda e: (e, to_json(e.data))), max_size=5)
PLANETS = st.lists(st.fixed_dictionaries({
    "designation": NAMES, "at": st.one_of(st.none(), st.lists(st.integers(-9, 9), min_size=3,
                                                                max_size=3)),
    "base": st.booleans(), "facts": st.lists(NAMES, max_size=2), "known": st.booleans(),
    "destroyed": st.booleans(), "race": st.one_of(st.none(), NAMES)}), min_size=1, max_size=4)
MAYBE = st.one_of(st.none(), st.dictionaries(st.sampled_from(["at", "by", "winner"]), PLAIN,
                                             max_size=2))
OFFICER = st.fixed_dictionaries({
    "officer_id": st.integers(1, 99), "name": NAMES, "rank": NAMES,
    "score": st.integers(0, 9), "place": st.one_of(st.none(), st.integers(1, 9)),
    "rulings": st.lists(st.fixed_dictionaries({"order": NAMES, "ruling": NAMES}), max_size=2),
    "events": EVENTS, "odd_chart": st.sampled_from([None, "no at", "a tuple"]),
    "at": st.one_of(st.none(), st.lists(st.integers(-9, 9), min_size=3, max_size=3)),
    "picks": st.lists(st.integers(0, 3), max_size=4)})


@given(game=NAMES, move=st.integers(1, 9), game_end=MAYBE, deadline=MAYBE, planets=PLANETS,
       officers=st.lists(OFFICER, max_size=4))
def test_an_officer_s_report_reads_back_as_what_he_was_told(game, move, game_end, deadline,
                                                            planets, officers):
    for o in officers:
        sheet = {"officer_name": o["name"], "rank": o["rank"], "score": o["score"]}
        chart = {"frame": "base", "at": o["at"],
                 "planets": [planets[i % len(planets)] for i in o["picks"]]}
        # Not the charts `render` makes: written as they are.
        if o["odd_chart"] == "no at":
            del chart["at"]
        elif o["odd_chart"] == "a tuple":
            chart["planets"] = tuple(chart["planets"])
        report = json.loads(officer_report(
            game=game, move=move, officer_id=o["officer_id"], sheet=sheet, place=o["place"],
            officers=len(officers), game_end=game_end, chart=chart, events=iter(o["events"]),
            deadline=deadline, rulings=iter(o["rulings"])))
        assert report["officer"] == {"id": o["officer_id"], "name": cleaned(o["name"]),
                                     "rank": cleaned(o["rank"]), "score": o["score"],
                                     "place": o["place"], "officers": len(officers)}
        assert (report["format"], report["version"], report["move"]) == (
            report_json.REPORT, report_json.VERSION, move)
        assert report["next_move"] == (None if game_end else move + 1)
        assert report["events"] == json.loads(events_plainly(o["events"]))
        # Keys sorted as the database writes them, the events last.
        assert list(report) == sorted(set(report) - {"events"}) + ["events"]


def cleaned(name):
    """A name as the JSON reports write it: C1 controls and bidi overrides dropped."""
    return report_json._HIDDEN.sub("", name)


def events_plainly(pairs):
    """Each event's line, its data cleaned one by one."""
    lines = [f'{{"kind": {to_json(e.kind)}, "audience": "{e.audience}", '
             f'"data": {report_json._clean(text)}}}' for e, text in pairs]
    return "[\n" + ",\n".join(lines) + "\n]" if lines else "[]"


@given(EVENTS)
def test_the_events_read_back_as_stored_with_hidden_characters_dropped(pairs):
    written = json.loads(report_json._events(iter(pairs)))
    assert written == [{"kind": e.kind, "audience": e.audience,
                        "data": json.loads(to_json(e.data).translate(HIDDEN_OUT))}
                       for e, _ in pairs]


HIDDEN_OUT = {c: None for c in [*range(0x7f, 0xa0), *range(0x202a, 0x202f),
                                *range(0x2066, 0x206a)]}


@given(EVENTS.map(lambda pairs: pairs * 3), NAMES, MAYBE, st.integers(1, 4))
def test_the_bulletin_in_pieces_of_a_few_events_is_the_bulletin_whole(pairs, game, game_end,
                                                                      chunk):
    """The bulletin is written a piece of `CHUNK` events at a time: cut anywhere, between
    events of plain names and events of names to clean, it is the document written whole."""
    head = dict(format=report_json.BULLETIN, version=report_json.VERSION, game=game, move=2,
                standings=[{"place": 1, "officer_name": game, "score": 1}],
                next_move=None if game_end else 3, deadline=None, departures=[game],
                fair_play=None, game_end=game_end, chart={"planets": []})
    whole = report_json._clean(to_json(head))[:-1] + ', "events": ' + events_plainly(pairs) + "}\n"
    shipped = report_json.CHUNK
    report_json.CHUNK = chunk
    try:
        pieces = list(report_json.bulletin_pieces(
            game=game, move=2, standings=[{"officer_name": game, "score": 1}],
            game_end=game_end, chart={"planets": []}, events=iter(pairs), departures=[game]))
    finally:
        report_json.CHUNK = shipped
    assert "".join(pieces) == whole
    assert len(pieces) == 2 + -(-len(pairs) // chunk)  # the head, the events, the end
    json.loads(whole)


@given(st.lists(st.builds(Event, st.sampled_from(["turn", "sighting"]),
                          st.sampled_from(["public", "officer", "gm"]),
                          st.one_of(st.none(), st.integers(1, 3)), st.just({})), max_size=12))
def test_an_officer_s_json_report_has_every_event_of_his_he_may_read_and_no_other(events):
    texts = [f"{n}" for n in range(len(events))]
    view = MoveView(events, texts)
    for officer_id in (1, 2, 3):
        assert view.own(officer_id) == [
            (e, text) for e, text in zip(events, texts)
            if e.officer == officer_id and e.visible_to(officer_id)]
