"""The game's deadlines (`pbem.deadlines`): the next one printed in reports and bulletins,
kept for a report written again, and `pbem schedule` setting them."""

from __future__ import annotations

from datetime import datetime

from markdown_it import MarkdownIt

from pbem import deadlines, game

from commands import ok, run
from test_roster import MONDAY, UTC, folder, read, rows  # noqa: F401 - the fixture

RULE = "every Monday and Thursday at 20:00"


def test_the_next_deadline_is_printed_in_reports_and_bulletins(folder):
    deadlines.set_schedule(folder, RULE, "Europe/Rome", now=MONDAY)
    assert deadlines.current(folder)[1].utc == datetime(2026, 10, 19, 18, 0, tzinfo=UTC)
    # Resolved early (the GM's `--now`): the next deadline is not pulled forward.
    game.resolve(folder, now=datetime(2026, 10, 19, 10, 0, tzinfo=UTC), force=True, early=True)
    due = "Thursday 22 October 2026, 20:00 Europe/Rome (18:00 UTC)"
    assert f"ORDERS FOR MOVE 2: edit below, fill in your secret, and send it back.\nDue by {due}.\n" \
        in read(folder, 1, "report-001-notius.txt")
    assert f"Orders for move 2 are due by {due}.\n" in read(folder, 1, "bulletin.txt")
    assert f"Orders for move 2 are due by [b]{due}[/b]." in read(folder, 1, "bulletin.bbcode")
    html = MarkdownIt("commonmark").render(read(folder, 1, "bulletin.md"))
    assert f"<p>Orders for move 2 are due by <strong>{due}</strong>.</p>" in html
    # Resolved late, after the clocks went back: the next deadline after the resolution.
    game.resolve(folder, now=datetime(2026, 10, 23, 12, 0, tzinfo=UTC), force=True)
    assert "Due by Monday 26 October 2026, 20:00 Europe/Rome (19:00 UTC)." in \
        read(folder, 2, "report-002-marcus-aper.txt")
    assert rows(folder, "SELECT * FROM deadlines ORDER BY move") == [
        {"move": 1, "at": "2026-10-19T18:00:00+00:00", "zone": "Europe/Rome"},
        {"move": 2, "at": "2026-10-22T18:00:00+00:00", "zone": "Europe/Rome"},
        {"move": 3, "at": "2026-10-26T19:00:00+00:00", "zone": "Europe/Rome"},
    ]


def test_a_report_written_again_prints_the_deadline_fixed_for_the_move(folder):
    deadlines.set_schedule(folder, RULE, "Europe/Rome", now=MONDAY)
    game.resolve(folder, now=MONDAY, force=True, early=True)
    before = read(folder, 1, "report-001-notius.txt")
    ok("report", folder, "--move", "1")
    assert read(folder, 1, "report-001-notius.txt") == before
    # A new schedule moves the deadline of the move being collected, and only that.
    deadlines.set_schedule(folder, "every day at 6:00", "Asia/Tokyo", now=MONDAY)
    ok("report", folder, "--move", "1")
    assert read(folder, 1, "report-001-notius.txt") == before.replace(
        "Thursday 22 October 2026, 20:00 Europe/Rome (18:00 UTC)",
        "Tuesday 20 October 2026, 06:00 Asia/Tokyo (21:00 UTC on 19 October)")


def test_without_a_schedule_nothing_is_printed(folder):
    game.resolve(folder, now=MONDAY, force=True)
    for name in ("report-001-notius.txt", "bulletin.txt", "bulletin.md", "bulletin.bbcode"):
        assert "due by" not in read(folder, 1, name).lower()


def test_the_schedule_command(folder):
    out = ok("schedule", folder)
    assert "No schedule: moves have no deadline." in out
    out = ok("schedule", folder, "FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=20", "--tz", "Europe/Rome")
    assert "Schedule: FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=20 (Europe/Rome)" in out
    assert "Orders for move 1 are due by " in out and "time left: " in out
    result = run("schedule", folder, "every full moon", "--tz", "Europe/Rome")
    assert result.exit_code == 1
    assert "Error: cannot read the schedule 'every full moon'; write an RFC 5545 rule such as" in result.output
    result = run("schedule", folder, RULE)
    assert result.exit_code == 2 and "give the game's time zone with --tz" in result.output
    result = run("schedule", folder, RULE, "--tz", "Mars/Olympus")
    assert result.exit_code == 1 and "unknown time zone 'Mars/Olympus'" in result.output
    out = ok("schedule", folder, "--clear")
    assert "No more deadlines." in out
    assert deadlines.current(folder)[:2] == (None, None)
