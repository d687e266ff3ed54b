"""The human texts of the JSON reports in their reader's language: the deadline dated in his
locale and the reason the game ended, in his words; the keys and the data as ever."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem import language
from pbem.cli import main
from pbem.render import game_end_in

FIT = "crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3"


def ok(*args) -> None:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code == 0, result.output


@pytest.fixture
def scheduled_italian_game(tmp_path) -> Path:
    """An Italian game with deadlines, a move resolved: Notius reads Italian, Varro English."""
    folder = tmp_path / "aquileia"
    ok("new", folder, "--seed", "7", "--name", "aquileia", "--size", "12", "--lang", "it")
    ok("enlist", folder, "--name", "Notius", "--fit", FIT, "--secret", "4tq9-mx2d")
    ok("enlist", folder, "--name", "Varro", "--fit", FIT, "--secret", "zz81-kq0p",
       "--lang", "en")
    ok("schedule", folder, "every Monday at 20:00", "--tz", "Europe/Rome")
    (folder / "orders" / "notius.txt").write_text(
        "GAME aquileia\nOFFICER Notius\nSECRET 4tq9-mx2d\nMOVE 1\nROTTA 3 N\nEND\n",
        encoding="utf-8")
    ok("resolve", folder, "--now")
    return folder / "reports" / "move-01"


def test_each_json_report_dates_the_deadline_in_its_reader_s_locale(scheduled_italian_game):
    notius = json.loads((scheduled_italian_game / "report-001-notius.json").read_text("utf-8"))
    varro = json.loads((scheduled_italian_game / "report-002-varro.json").read_text("utf-8"))
    bulletin = json.loads((scheduled_italian_game / "bulletin.json").read_text("utf-8"))
    english, italian = varro["deadline"], notius["deadline"]
    assert english["utc"] == italian["utc"] == bulletin["deadline"]["utc"]
    assert english["move"] == italian["move"] == 2
    assert english["text"].startswith("Monday ")
    assert italian["text"] == language.deadline_in("it", english)
    assert italian["text"].startswith("lunedì ")
    assert bulletin["deadline"] == italian  # the game's language


def test_the_end_of_the_game_is_said_in_the_reader_s_words():
    end = {"rank": "Centurio", "reason": "highest rank and score after the last move (6)",
           "winner": "Notius", "winners": ["Notius"]}
    assert game_end_in(end, "en") is end
    assert game_end_in(None, "it") is None
    said = game_end_in(end, "it")
    assert said == {**end, "reason": language.said_in("it")(end["reason"])}
    assert said["reason"] != end["reason"]
