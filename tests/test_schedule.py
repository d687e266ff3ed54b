"""Deadlines: RFC 5545 rules and plain words, on the wall clock of the game's zone."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from pbem.schedule import (
    ScheduleError, deadline_text, next_deadline, parse_schedule, time_left, words_to_rule,
)

UTC = timezone.utc
SET = datetime(2026, 10, 19, 9, 0, tzinfo=UTC)  # a Monday morning


def deadlines(schedule, after: datetime, n: int) -> list[datetime]:
    out = []
    for _ in range(n):
        d = next_deadline(schedule, after, inclusive=False)
        out.append(d.utc)
        after = d.utc
    return out


@pytest.mark.parametrize("rule", ["FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=20",
                                  "every Monday and Thursday at 20:00"])
def test_rome_across_the_october_change(rule):
    """20:00 in Rome is 18:00 UTC in summer time and 19:00 UTC once the clocks go back on
    Sunday 25 October 2026."""
    schedule = parse_schedule(rule, "Europe/Rome", SET)
    assert deadlines(schedule, SET, 4) == [
        datetime(2026, 10, 19, 18, 0, tzinfo=UTC),
        datetime(2026, 10, 22, 18, 0, tzinfo=UTC),
        datetime(2026, 10, 26, 19, 0, tzinfo=UTC),
        datetime(2026, 10, 29, 19, 0, tzinfo=UTC),
    ]
    first = next_deadline(schedule, SET)
    assert first.local.hour == 20 and first.local.utcoffset() == timedelta(hours=2)
    after = next_deadline(schedule, datetime(2026, 10, 23, tzinfo=UTC))
    assert after.local.hour == 20 and after.local.utcoffset() == timedelta(hours=1)


def test_one_second_after_a_deadline_belongs_to_the_next():
    schedule = parse_schedule("every Monday and Thursday at 20:00", "Europe/Rome", SET)
    deadline = datetime(2026, 10, 22, 18, 0, tzinfo=UTC)
    assert next_deadline(schedule, deadline).utc == deadline  # exactly at it: in time
    assert next_deadline(schedule, deadline - timedelta(seconds=1)).utc == deadline
    late = next_deadline(schedule, deadline + timedelta(seconds=1))
    assert late.utc == datetime(2026, 10, 26, 19, 0, tzinfo=UTC)


def test_a_deadline_in_the_spring_gap_moves_on_and_in_the_autumn_repeat_is_the_first():
    schedule = parse_schedule("every day at 2:30", "Europe/Rome", datetime(2026, 3, 27, tzinfo=UTC))
    spring = next_deadline(schedule, datetime(2026, 3, 29, 0, 0, tzinfo=UTC))
    assert spring.local.replace(tzinfo=None) == datetime(2026, 3, 29, 3, 30)  # 2:30 never came
    autumn = next_deadline(schedule, datetime(2026, 10, 24, 23, 0, tzinfo=UTC))
    assert autumn.utc == datetime(2026, 10, 25, 0, 30, tzinfo=UTC)  # 2:30 CEST, the first


@pytest.mark.parametrize("words, rule", [
    ("every Monday and Thursday at 20:00", "FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=20;BYMINUTE=0;BYSECOND=0"),
    ("Every day at 21:30", "FREQ=DAILY;BYHOUR=21;BYMINUTE=30;BYSECOND=0"),
    ("every 3 days at 7:05", "FREQ=DAILY;INTERVAL=3;BYHOUR=7;BYMINUTE=5;BYSECOND=0"),
    ("every 2 weeks on Friday at 18:00", "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR;BYHOUR=18;BYMINUTE=0;BYSECOND=0"),
    ("every week on fri at 18:00", "FREQ=WEEKLY;BYDAY=FR;BYHOUR=18;BYMINUTE=0;BYSECOND=0"),
    ("every Sunday, Tuesday, and Fridays at 8:15",
     "FREQ=WEEKLY;BYDAY=TU,FR,SU;BYHOUR=8;BYMINUTE=15;BYSECOND=0"),
])
def test_the_plain_words(words, rule):
    assert words_to_rule(words) == rule


@pytest.mark.parametrize("text, message", [
    ("every fortnight", "cannot read the schedule 'every fortnight'; write an RFC 5545 rule such as "
                        "FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=20 or plain words such as \"every Monday and "
                        "Thursday at 20:00\""),
    ("every Moonday at 20:00", "'moonday' is not a day; write Monday ... Sunday"),
    ("every day at 24:00", "24:00 is not a time of day; write 24-hour time"),
    ("every day at 8pm", "cannot read the schedule 'every day at 8pm'"),
    ("FREQ=WEEKLY;BYDAY=XX", "the rule 'FREQ=WEEKLY;BYDAY=XX' is not a valid RFC 5545 rule"),
    ("DTSTART:20260101T000000\nRRULE:FREQ=DAILY", "give only the RRULE part"),
    ("FREQ=DAILY;UNTIL=20200101", "has no deadline after"),
])
def test_anything_else_is_refused_with_an_example(text, message):
    with pytest.raises(ScheduleError) as error:
        parse_schedule(text, "Europe/Rome", SET)
    assert message in str(error.value)


def test_an_unknown_zone_is_refused():
    with pytest.raises(ScheduleError, match="unknown time zone 'Europe/Atlantis'; write a tz "
                                            "database name such as Europe/Rome"):
        parse_schedule("every day at 20:00", "Europe/Atlantis", SET)


def test_every_two_weeks_counts_from_the_week_it_was_set():
    schedule = parse_schedule("every 2 weeks on Friday at 18:00", "America/New_York", SET)
    assert [d.date().isoformat() for d in deadlines(schedule, SET, 3)] == [
        "2026-10-23", "2026-11-06", "2026-11-20"]


def test_the_text_printed_for_players():
    schedule = parse_schedule("every Monday and Thursday at 20:00", "Europe/Rome", SET)
    d = next_deadline(schedule, SET)
    assert deadline_text(d) == "Monday 19 October 2026, 20:00 Europe/Rome (18:00 UTC)"
    tokyo = next_deadline(parse_schedule("every day at 8:00", "Asia/Tokyo", SET), SET)
    assert deadline_text(tokyo) == "Tuesday 20 October 2026, 08:00 Asia/Tokyo (23:00 UTC on 19 October)"
    assert time_left(d, SET) == "9 hours"
    assert time_left(d, SET - timedelta(days=2, hours=3)) == "2 days 12 hours"
    assert time_left(d, d.utc + timedelta(minutes=10)) == "passed 10 minutes ago"
