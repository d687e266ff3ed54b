"""What the reports and bulletins say is true: each sentence here was once printed where it
was false. The story's lines are read here from the template as shipped, the reports' from
the demo's published reports (`reports/`), rendered from the templates."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem import render

REPORTS = Path(__file__).resolve().parent.parent / "reports"

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
    """Section 1: turns are played in player order, so Varro meets in move 1 a planet Marcus
    Aper charted in his turn before; the demo's reports, rendered from the templates, say so
    (the rule itself: tests/conformance/basic/test_what_the_turn_tells.py)."""
    move_1 = REPORTS / "move-01"
    txt = (move_1 / "report-002-niccolo-varro.txt").read_text(encoding="utf-8")
    html = (move_1 / "report-002-niccolo-varro.html").read_text(encoding="utf-8")
    assert ", found earlier this move by Marcus *Aper*." in txt  # his name as enlisted
    assert ", found earlier this move by Marcus *Aper*;" in html
    standing = (REPORTS / "move-02" / "report-004-marcus-aper.txt").read_text(encoding="utf-8")
    assert "  Where your ship stands: " in standing
