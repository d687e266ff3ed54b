"""The roster as the GM manages it (`pbem.roster`): the officers' table, a new secret, a new
e-mail address, retirement, and the GM's adjustments told in the officer's next report."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from pbem import game
from pbem.storage import game_state
from pbem.storage.database import open_db

from conftest import orders_text
from commands import ok, run

FIT = "crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3"
UTC = timezone.utc
MONDAY = datetime(2026, 10, 19, 9, 0, tzinfo=UTC)


def rows(folder: Path, sql: str) -> list[dict]:
    conn = sqlite3.connect(folder / "game.db")
    conn.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in conn.execute(sql)]
    finally:
        conn.close()


def read(folder: Path, move: int, name: str) -> str:
    return (folder / "reports" / f"move-{move:02d}" / name).read_text(encoding="utf-8")


@pytest.fixture
def folder(tmp_path) -> Path:
    folder = tmp_path / "cornifex"
    ok("new", folder, "--seed", "7", "--name", "cornifex", "--size", "12")
    ok("enlist", folder, "--name", "Notius", "--email", "notius@example.org", "--fit", FIT,
       "--secret", "4tq9-mx2d")
    ok("enlist", folder, "--name", "Marcus Aper", "--fit", FIT, "--secret", "9gh2-llc4")
    return folder


# --- the roster ------------------------------------------------------------------------


def test_the_officers_table(folder):
    ok("enlist", folder, "--name", "Cæcilia Metella", "--fit", FIT, "--secret", "p0ll-7yre")
    ok("order", folder, "Marcus Aper", "Notius", "Cæcilia Metella")
    (folder / "orders" / "notius.txt").write_text(
        orders_text("Notius", "4tq9-mx2d", 1, "ROUTE 1 N"), encoding="utf-8")
    game.resolve(folder, now=MONDAY, force=True)
    game.resolve(folder, now=MONDAY, force=True)
    out = ok("officers", folder)
    lines = out.splitlines()
    assert lines[0].split() == ["#", "officer", "rank", "ship", "e-mail", "missed"]
    assert lines[1].split() == ["1", "Marcus", "Aper", "Decurio", "GLADIUM", "Marcus", "Aper", "-", "2"]
    assert lines[2].split() == ["2", "Notius", "Decurio", "GLADIUM", "Notius", "notius@example.org", "1"]
    assert lines[3].split() == ["3", "Cæcilia", "Metella", "Decurio", "GLADIUM", "Cæcilia", "Metella", "-", "2"]


def test_a_new_secret_replaces_the_old_and_is_told_in_the_next_report(folder):
    ok("mail-from", folder, "Space Computer <sc@example.org>")
    out = ok("new-secret", folder, "Notius", "--reason", "he lost his secret")
    secret = out.split("New secret for Notius: ")[1].split()[0]
    assert "The letter with the new secret waits in the outbox" in out
    (folder / "orders" / "old.txt").write_text(orders_text("Notius", "4tq9-mx2d", 1, "ROUTE 1 N"), encoding="utf-8")
    result = run("check", folder / "orders" / "old.txt", "--game", folder)
    assert result.exit_code == 1
    (folder / "orders" / "old.txt").write_text(orders_text("Notius", secret, 1, "ROUTE 1 N"), encoding="utf-8")
    assert run("check", folder / "orders" / "old.txt", "--game", folder).exit_code == 0
    letter = rows(folder, "SELECT * FROM mails WHERE kind = 'secret'")
    assert len(letter) == 1 and letter[0]["recipients"] == "notius@example.org"
    text = (folder / letter[0]["file"]).read_bytes()
    assert b"a new secret for Notius" in text and secret.encode() in text
    game.resolve(folder, now=MONDAY, force=True)
    report = read(folder, 1, "report-001-notius.txt")
    assert ("FROM THE SPACE COMPUTER\n  The Space Computer gave you a new secret; the old one no "
            "longer works. Reason: he lost his secret\n") in report
    assert "FROM THE SPACE COMPUTER" not in read(folder, 1, "report-002-marcus-aper.txt")
    assert "new-secret (Notius): {}; reason: he lost his secret" in read(folder, 1, "gm-log.txt")


def test_changing_an_e_mail_is_validated_and_logged(folder):
    result = run("email", folder, "Notius", "notius@@example.org", "--reason", "typo")
    assert result.exit_code == 1 and "is not an e-mail address" in result.output
    result = run("email", folder, "Notius", "x@example.org\r\nBcc: victim@example.org", "--reason", "x")
    assert result.exit_code == 1 and "line break or a control character" in result.output
    result = run("email", folder, "Notius", "new@example.org", "--reason", "")
    assert result.exit_code == 1 and "give the reason with --reason TEXT" in result.output
    out = ok("email", folder, "notius", "notius@new.example.org", "--reason", "new provider")
    assert "Mail for notius now goes to notius@new.example.org." in out
    assert rows(folder, "SELECT email FROM officers WHERE id = 1") == [{"email": "notius@new.example.org"}]
    game.resolve(folder, now=MONDAY, force=True)
    assert ("Your reports now go to notius@new.example.org. Reason: new provider"
            in read(folder, 1, "report-001-notius.txt"))


def test_a_retired_officer_plays_no_more_and_the_bulletin_says_so(folder):
    out = ok("retire", folder, "Marcus Aper", "--reason", "left for another game")
    assert "Marcus Aper is retired" in out
    game.resolve(folder, now=MONDAY, force=True)
    reports = sorted(p.name for p in (folder / "reports" / "move-01").glob("report-*.txt"))
    assert reports == ["report-001-notius.txt"]
    assert "LEFT THE GAME\n  Marcus Aper\n\nSTANDINGS" in read(folder, 1, "bulletin.txt")
    html = MarkdownIt("commonmark").render(read(folder, 1, "bulletin.md"))
    assert "<h2>Left the game</h2>\n<ul>\n<li>Marcus Aper</li>\n</ul>" in html
    assert "[b]Left the game[/b]\n[list]\n[*]Marcus Aper\n[/list]" in read(folder, 1, "bulletin.bbcode")
    assert "Marcus Aper" not in read(folder, 1, "bulletin.txt").split("STANDINGS")[1]
    game.resolve(folder, now=MONDAY, force=True)
    assert "LEFT THE GAME" not in read(folder, 2, "bulletin.txt")
    result = run("adjust", folder, "Marcus Aper", "--score", "+1", "--reason", "x")
    assert result.exit_code == 1 and "no officer named 'Marcus Aper' serves in this game" in result.output
    out = ok("officers", folder)
    assert out.splitlines()[2].startswith("retired in move 1  Marcus Aper")
    result = run("enlist", folder, "--name", "Marcus Aper", "--fit", FIT)
    assert result.exit_code == 1 and "already enlisted" in result.output


def test_adjust_score_damage_and_position(folder):
    out = ok("adjust", folder, "Notius", "--score", "+3", "--reason", "a ruling on P-2")
    assert "your score went from 0 to 3" in out
    ok("adjust", folder, "Notius", "--score", "-5", "--reason", "a second ruling")
    db = open_db(folder)
    assert game_state.load_state(db).officers[1].score == 0  # never below 0
    ok("adjust", folder, "Notius", "--score", "7", "--reason", "restored")
    ok("adjust", folder, "Notius", "--damage", "shields=2,lasers=1", "--reason", "meteor storm")
    ok("adjust", folder, "Notius", "--damage", "lasers=-1", "--reason", "repaired by ruling")
    base = game_state.load_state(db).base.position
    target = f"{base.x + 2},{base.y},{base.level}"
    planet_squares = {(p.position.x, p.position.y, p.position.level)
                      for p in game_state.load_state(db).planets.values()}
    assert (base.x + 2, base.y, base.level) not in planet_squares
    out = ok("adjust", folder, "Notius", "--position", target, "--reason", "towed")
    assert "by dead reckoning you are now 2 E from the base" in out
    officer = game_state.load_state(open_db(folder)).officers[1]
    assert officer.score == 7
    assert (officer.ship.shields, officer.ship.lasers) == (3, 3)
    assert (officer.position.x, officer.position.y) == (base.x + 2, base.y)
    assert officer.landed_on is None
    game.resolve(folder, now=MONDAY, force=True)
    report = read(folder, 1, "report-001-notius.txt")
    section = report.split("FROM THE SPACE COMPUTER\n")[1].split("\n\n")[0]
    assert section.splitlines() == [
        "  By a ruling of the Space Computer your score went from 0 to 3. Reason: a ruling on P-2",
        "  By a ruling of the Space Computer your score went from 3 to 0. Reason: a second ruling",
        "  By a ruling of the Space Computer your score went from 0 to 7. Reason: restored",
        "  By a ruling of the Space Computer your ship's sheet changed: shields -2, lasers -1. "
        "Reason: meteor storm",
        "  By a ruling of the Space Computer your ship's sheet changed: lasers +1. Reason: repaired by ruling",
        "  By a ruling of the Space Computer your ship was moved; by dead reckoning you are now "
        "2 E from the base. Reason: towed",
    ]
    actions = rows(folder, "SELECT move, officer_id, action, reason FROM gm_actions ORDER BY id")
    assert [a["action"] for a in actions] == ["adjust"] * 6
    assert all(a["move"] == 1 and a["officer_id"] == 1 for a in actions)


@pytest.mark.parametrize("args, message", [
    (("--score", "lots"), "--score 'lots': write +2 or -3 to add or take points, or 7 to set"),
    (("--damage", "shields=9"), "--damage shields=9: the ship carries only 5"),
    (("--damage", "warp=1"), "--damage: unknown component 'warp'"),
    (("--damage", "lasers=-9"), "a GLADIUM carries at most"),
    (("--position", "1,2"), "--position '1,2': write x,y,level, e.g. --position 12,7,2"),
    (("--position", "99,0,1"), "--position 99,0,1: outside the zone (x and y from 0 to 11"),
    ((), "say what to change: --score, --damage, --position or --demote"),
])
def test_adjust_refuses_what_it_cannot_do(folder, args, message):
    result = run("adjust", folder, "Notius", *args, "--reason", "a ruling")
    assert result.exit_code == 1
    assert message in result.output
    assert rows(folder, "SELECT COUNT(*) AS n FROM gm_actions") == [{"n": 0}]


def test_adjust_needs_a_reason(folder):
    result = run("adjust", folder, "Notius", "--score", "+1")
    assert result.exit_code == 2 and "Missing option '--reason'" in result.output


def test_the_game_folder_may_be_left_out(folder, monkeypatch):
    monkeypatch.chdir(folder)
    out = ok("adjust", "Notius", "--score", "+1", "--reason", "inside the folder")
    assert "your score went from 0 to 1" in out
    result = run("adjust", "a", "b", "c", "--score", "+1", "--reason", "x")
    assert result.exit_code == 2 and "give [GAME_DIR] OFFICER" in result.output
