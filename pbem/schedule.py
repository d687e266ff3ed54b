"""Deadlines: when the orders of each move are due, in the game's time zone.

A schedule is an RFC 5545 recurrence rule (`FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=20`) or a few
plain words that translate to one:

    every day at 21:30
    every 3 days at 21:30
    every Monday and Thursday at 20:00
    every Tuesday, Friday and Sunday at 8:15
    every week on Friday at 18:00
    every 2 weeks on Friday at 18:00

Days are English names or their first three letters, any case, plural allowed (Mondays);
times are 24-hour HH:MM. Anything else is refused with an example of what to write.

The rule runs on the wall clock of the zone (a deadline at 20:00 stays at 20:00 across a
daylight-saving change, so its UTC time moves); a deadline in the hour skipped in spring
moves on by that hour, one in the hour repeated in autumn is the first of the two. A mail
dated exactly at a deadline is in time for it; one second later belongs to the next.
Nothing here reads a clock or a file: the instant is always an argument.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone, tzinfo
from typing import TYPE_CHECKING

from .rules.said import Said, counted, saying, saying_plural

if TYPE_CHECKING:
    from dateutil import rrule

# dateutil is imported where a schedule or a zone is read (`zone_of`, `_recurrence`,
# `_aware`): with the zoneinfo, ctypes and sysconfig modules it brings, it was 1.3% of the
# instructions of a 50-officer `pbem resolve` in a game with no schedule.

EXAMPLES = ("FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=20", "every Monday and Thursday at 20:00")
_WRITE = (f"write an RFC 5545 rule such as {EXAMPLES[0]} or plain words such as "
          f"\"{EXAMPLES[1]}\", \"every day at 21:30\", \"every 2 weeks on Friday at 18:00\"")

DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_RFC_DAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December")
# Occurrences are looked for from a day before the instant (in wall time), so a wall time
# shifted by a daylight-saving change is never skipped.
_SEARCH_BACK = timedelta(days=1)


class ScheduleError(ValueError):
    """A schedule pbem cannot read: the message says what to write instead."""


@dataclass(frozen=True)
class Schedule:
    rule: str  # RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=20
    zone: str  # a tz database name, e.g. Europe/Rome
    start: datetime  # naive wall time in the zone: parts the rule leaves out come from it
    words: str = ""  # the plain words the GM wrote, when he wrote some

    def as_setting(self) -> dict[str, str]:
        return {"rule": self.rule, "zone": self.zone, "start": self.start.isoformat(),
                "words": self.words}

    @classmethod
    def from_setting(cls, data: dict[str, str]) -> "Schedule":
        return cls(data["rule"], data["zone"], datetime.fromisoformat(data["start"]),
                   data.get("words", ""))

    @property
    def described(self) -> str:
        return f"{self.words or self.rule} ({self.zone})"


@dataclass(frozen=True)
class Deadline:
    local: datetime  # aware, in the game's zone
    zone: str

    @property
    def utc(self) -> datetime:
        return self.local.astimezone(timezone.utc)


def zone_of(name: str) -> tzinfo:
    """The time zone of a tz database name; refuses a name the database does not hold."""
    from dateutil import tz  # see the top

    found = tz.gettz(name) if name and name.strip() == name else None
    if found is None:
        raise ScheduleError(f"unknown time zone {name!r}; write a tz database name such as "
                            "Europe/Rome, America/New_York or UTC")
    return found


# --- plain words -----------------------------------------------------------------------

_TIME = r"(?P<hour>\d{1,2}):(?P<minute>\d{2})"
_DAY_WORD = r"[a-z]+"
_DAY_LIST = rf"(?P<days>{_DAY_WORD}(?:\s*(?:,\s*and|,|and)\s*{_DAY_WORD})*)"
_PLAIN = (
    (re.compile(rf"every\s+day\s+at\s+{_TIME}"), "DAILY"),
    (re.compile(rf"every\s+(?P<interval>\d+)\s+days\s+at\s+{_TIME}"), "DAILY"),
    (re.compile(rf"every\s+(?:week\s+on\s+)?{_DAY_LIST}\s+at\s+{_TIME}"), "WEEKLY"),
    (re.compile(rf"every\s+(?P<interval>\d+)\s+weeks\s+on\s+{_DAY_LIST}\s+at\s+{_TIME}"), "WEEKLY"),
)


def _day(word: str, written: str) -> str:
    word = word.removesuffix("s") if word.endswith("days") else word
    for name, rfc in zip(DAYS, _RFC_DAYS):
        if word == name or word == name[:3]:
            return rfc
    raise ScheduleError(f"{written!r}: {word!r} is not a day; write Monday ... Sunday "
                        f"(or Mon ... Sun), e.g. \"{EXAMPLES[1]}\"")


def words_to_rule(text: str) -> str:
    """Plain words (the grammar in this module's docstring) to an RFC 5545 rule."""
    cleaned = " ".join(text.lower().replace(".", " ").split())
    for pattern, freq in _PLAIN:
        match = pattern.fullmatch(cleaned)
        if not match:
            continue
        hour, minute = int(match["hour"]), int(match["minute"])
        if hour > 23 or minute > 59:
            raise ScheduleError(f"{text!r}: {match['hour']}:{match['minute']} is not a time "
                                "of day; write 24-hour time from 0:00 to 23:59, e.g. 20:00")
        parts = [f"FREQ={freq}"]
        interval = int(match.groupdict().get("interval") or 1)
        if interval < 1:
            raise ScheduleError(f"{text!r}: the interval must be at least 1, e.g. every 2 weeks")
        if interval > 1:
            parts.append(f"INTERVAL={interval}")
        if freq == "WEEKLY":
            days: list[str] = []
            for word in re.split(r"\s*(?:,\s*and|,|and)\s*", match["days"]):
                day = _day(word, text)
                if day not in days:
                    days.append(day)
            days.sort(key=_RFC_DAYS.index)
            parts.append("BYDAY=" + ",".join(days))
        parts += [f"BYHOUR={hour}", f"BYMINUTE={minute}", "BYSECOND=0"]
        return ";".join(parts)
    raise ScheduleError(f"cannot read the schedule {text!r}; {_WRITE}")


# --- rules -----------------------------------------------------------------------------

def _is_rfc(text: str) -> bool:
    return "=" in text and not text.lower().startswith("every")


def _recurrence(schedule: Schedule) -> rrule.rrule:
    from dateutil import rrule  # see the top

    try:
        found = rrule.rrulestr(schedule.rule, dtstart=schedule.start, forceset=False)
    except (ValueError, TypeError, KeyError, IndexError) as e:
        raise ScheduleError(f"the rule {schedule.rule!r} is not a valid RFC 5545 rule ({e}); "
                            f"{_WRITE}") from None
    if not isinstance(found, rrule.rrule):
        raise ScheduleError(f"the rule {schedule.rule!r} holds several rules; give one, e.g. "
                            f"{EXAMPLES[0]}")
    return found


def parse_schedule(text: str, zone: str, start: datetime) -> Schedule:
    """The GM's schedule: an RFC 5545 rule or plain words, in a zone; `start` is the instant
    it is set (its day's midnight in the zone fills the parts the rule leaves out, so
    BYHOUR=20 alone means 20:00:00, and `every 2 weeks` counts from that week)."""
    text = " ".join(text.split())
    if not text:
        raise ScheduleError(f"the schedule is empty; {_WRITE}")
    where = zone_of(zone)
    anchor = start.astimezone(where).replace(tzinfo=None, hour=0, minute=0, second=0,
                                             microsecond=0)
    if _is_rfc(text):
        rule = text.removeprefix("RRULE:").removeprefix("rrule:")
        if any(part in rule.upper() for part in ("DTSTART", "\n", "TZID")):
            raise ScheduleError("give only the RRULE part (no DTSTART or TZID): the zone is "
                                f"--tz and the schedule starts when it is set, e.g. {EXAMPLES[0]}")
        schedule = Schedule(rule.upper(), zone, anchor)
    else:
        schedule = Schedule(words_to_rule(text), zone, anchor, text)
    _recurrence(schedule)
    if next_deadline(schedule, start) is None:
        raise ScheduleError(f"the schedule {text!r} has no deadline after "
                            f"{start.astimezone(where):%Y-%m-%d %H:%M}; {_WRITE}")
    return schedule


def _aware(wall: datetime, where: tzinfo) -> datetime:
    # fold=0: in the autumn's repeated hour, the first; resolve_imaginary: the spring gap.
    from dateutil import tz  # see the top

    return tz.resolve_imaginary(wall.replace(tzinfo=where))


def next_deadline(schedule: Schedule, instant: datetime, *, inclusive: bool = True) -> Deadline | None:
    """The first deadline at (or, with inclusive=False, strictly after) an aware instant;
    None when the rule has no more."""
    if instant.tzinfo is None:
        raise ValueError("next_deadline needs an aware instant (with its time zone)")
    where = zone_of(schedule.zone)
    wall = instant.astimezone(where).replace(tzinfo=None) - _SEARCH_BACK
    for occurrence in _recurrence(schedule).xafter(max(wall, schedule.start), inc=True):
        local = _aware(occurrence, where)
        if local > instant or (inclusive and local == instant):
            return Deadline(local, schedule.zone)
    return None


def deadline_text(deadline: Deadline) -> str:
    """`Thursday 22 October 2026, 20:00 Europe/Rome (18:00 UTC)`, the UTC date added when
    it is another day."""
    local, utc = deadline.local, deadline.utc
    text = (f"{DAYS[local.weekday()].capitalize()} {local.day} {_MONTHS[local.month - 1]} "
            f"{local.year}, {local:%H:%M} {deadline.zone}")
    if deadline.zone.upper() in ("UTC", "ETC/UTC", "GMT"):
        return text
    on = "" if utc.date() == local.date() else f" on {utc.day} {_MONTHS[utc.month - 1]}"
    return f"{text} ({utc:%H:%M} UTC{on})"


def moment_text(instant: datetime, zone: str | None = None) -> str:
    """When a mail was sent, to the second (a deadline is kept to the second): in the
    game's zone with UTC beside it, or in UTC for a game without a schedule."""
    utc = instant.astimezone(timezone.utc)
    if zone is None or zone.upper() in ("UTC", "ETC/UTC", "GMT"):
        return (f"{DAYS[utc.weekday()].capitalize()} {utc.day} {_MONTHS[utc.month - 1]} "
                f"{utc.year}, {utc:%H:%M:%S} UTC")
    local = instant.astimezone(zone_of(zone))
    on = "" if utc.date() == local.date() else f" on {utc.day} {_MONTHS[utc.month - 1]}"
    return (f"{DAYS[local.weekday()].capitalize()} {local.day} {_MONTHS[local.month - 1]} "
            f"{local.year}, {local:%H:%M:%S} {zone} ({utc:%H:%M:%S} UTC{on})")


# The words of `time_left`, each a `Said` that a receipt says in its reader's language.
PASSED = saying("passed %(span)s ago")
_UNITS = {"day": saying_plural("%(num)s day", "%(num)s days"),
          "hour": saying_plural("%(num)s hour", "%(num)s hours"),
          "minute": saying_plural("%(num)s minute", "%(num)s minutes")}


def time_left(deadline: Deadline, instant: datetime) -> str:
    """`2 days 3 hours`, `45 minutes`, or `passed 10 minutes ago` (a `Said`)."""
    seconds = int((deadline.utc - instant).total_seconds())
    if seconds < 0:
        return Said(PASSED, span=_span(-seconds))
    return _span(seconds)


def _span(seconds: int) -> str:
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    parts = [(days, "day"), (hours, "hour")] if days else [(hours, "hour"), (minutes, "minute")]
    words = [counted(*_UNITS[unit], n) for n, unit in parts if n]
    if not words:
        return Said("less than a minute")
    # Not registered: its words (a space) are in every text; a receipt says it live.
    return words[0] if len(words) == 1 else Said("%(larger)s %(smaller)s", larger=words[0],
                                                  smaller=words[1])
