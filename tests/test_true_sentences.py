"""What the reports and bulletins say is true: each sentence here was once printed where it
was false. The template and its direct writer are held equal by tests/test_direct.py; the
story's lines are read here from the template as shipped."""

from __future__ import annotations

import pytest

from pbem import render

INFO = {"planet": "P-2", "level": "II", "die": 6, "face": 5, "value": "D.N.S.",
        "reference": None, "wasted": True, "facts": [], "officer_name": "Notius"}
SIGHTING = {"officer_name": "Notius", "parsec": 0, "planet": "P-3", "base": False,
            "known": False, "new": False, "points": 0, "distance": 2, "bearing": "2 E",
            "facts": []}


@pytest.fixture(scope="module")
def story():
    return render.environment(None, "txt").get_template("story.j2").module


def test_a_dns_on_landing_wastes_no_request_and_ends_with_one_full_stop(story):
    asked = str(story.line("info", {**INFO, "landing": False}))
    landed = str(story.line("info", {**INFO, "landing": True}))
    assert asked == "P-2, level II: D.N.S., the request is wasted."
    assert landed == "P-2, level II, completed on landing: D.N.S., rolled again."


def test_a_sighting_from_a_ship_that_flew_no_route_names_no_route(story):
    assert str(story.line("sighting", SIGHTING)).startswith("At the start of the route: P-3")
    assert str(story.line("sighting", {**SIGHTING, "standing": True})).startswith(
        "Where his ship stands: P-3")


def test_a_turn_that_left_the_ship_where_it_was_is_not_a_move(story):
    opened = {"officer_name": "Notius", "moved": True, "route": False, "ground": None}
    assert str(story.opening(opened)) == "Notius stayed where he was."


def test_the_reports_tell_a_planet_charted_earlier_in_the_move():
    from pbem.direct import report_html, report_txt
    from pbem.formats import ESCAPERS, Escaped

    found = {**SIGHTING, "parsec": 3, "found_by": "Beta"}
    txt = report_txt._sighting(found, Escaped(ESCAPERS["txt"]))
    html = report_html._sighting(found, Escaped(ESCAPERS["html"]))
    assert "planet P-3, found earlier this move by Beta." in txt
    assert "found earlier this move by Beta;" in html
    standing = report_txt._sighting({**SIGHTING, "standing": True}, Escaped(ESCAPERS["txt"]))
    assert standing.startswith("  Where your ship stands: planet P-3.")
