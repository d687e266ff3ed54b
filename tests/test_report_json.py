"""The JSON reports written a move at a time (`OfficerReports`) read byte for byte as each
written alone (`officer_report`), and the events' lines as written plainly, names with
hidden characters or none."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from pbem import report_json
from pbem.render import MoveView
from pbem.report_json import OfficerReports, officer_report
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
def test_the_reports_of_a_move_read_as_each_written_alone(game, move, game_end, deadline,
                                                           planets, officers):
    # One writer for the move, the same planet dicts in several charts, as `render` does.
    reports = OfficerReports(game=game, move=move, officers=len(officers), game_end=game_end,
                             deadline=deadline)
    for o in officers:
        sheet = {"officer_name": o["name"], "rank": o["rank"], "score": o["score"]}
        chart = {"frame": "base", "at": o["at"],
                 "planets": [planets[i % len(planets)] for i in o["picks"]]}
        # Not the charts `render` makes: written as they are.
        if o["odd_chart"] == "no at":
            del chart["at"]
        elif o["odd_chart"] == "a tuple":
            chart["planets"] = tuple(chart["planets"])
        alone = officer_report(game=game, move=move, officer_id=o["officer_id"], sheet=sheet,
                               place=o["place"], officers=len(officers), game_end=game_end,
                               chart=chart, events=o["events"], deadline=deadline,
                               rulings=o["rulings"])
        assert reports.report(officer_id=o["officer_id"], sheet=sheet, place=o["place"],
                              chart=chart, events=iter(o["events"]),
                              rulings=iter(o["rulings"])) == alone
        assert json.loads(alone)["officer"]["id"] == o["officer_id"]


def events_plainly(pairs):
    """Each event's line, its data cleaned one by one: what `_events` must write."""
    lines = [f'{{"kind": {to_json(e.kind)}, "audience": "{e.audience}", '
             f'"data": {report_json._clean(text)}}}' for e, text in pairs]
    return "[\n" + ",\n".join(lines) + "\n]" if lines else "[]"


@given(EVENTS)
def test_the_events_are_written_as_they_are_plainly(pairs):
    assert report_json._events(pairs) == events_plainly(pairs)
    assert report_json._events(iter(pairs)) == events_plainly(pairs)
    json.loads(report_json._events(pairs))



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


@given(st.recursive(st.one_of(PLAIN, st.floats(), st.integers()),
                    lambda inner: st.one_of(st.lists(inner, max_size=3),
                                            st.dictionaries(NAMES, inner, max_size=2)),
                    max_leaves=6))
def test_a_value_of_a_report_s_head_is_written_as_the_encoder_writes_it(value):
    assert report_json._json(value) == to_json(value)
