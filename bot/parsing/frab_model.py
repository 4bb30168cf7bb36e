"""The frab event model shared by the pretalx/frab JSON and the frab XML importers.

Each importer only turns its syntax into `FrabEvent` records (and a `FrabHeader`);
`build_frab_program` interprets them (time zone, times, kinds, speakers) the same way for both.
Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.errors import ProgramParseError
from bot.model import Conference, Paper, ParseWarning, Person, Program, Session, SessionKind
from bot.parsing import ParseOptions
from bot.parsing.ids import assign_ids
from bot.parsing.kinds import classify_kind

__all__ = ["FrabEvent", "FrabHeader", "build_frab_program"]

_UNTITLED_TALK = "(untitled)"
_DATE_PREFIX = re.compile(r"(\d{4})-\d{2}-\d{2}")
_DATE_ONLY = re.compile(r"\d{4}-\d{2}-\d{2}")
_CLOCK = re.compile(r"([01]?\d|2[0-3]):?([0-5]\d)(?::([0-5]\d))?")
_DURATION = re.compile(r"(\d{1,3}):([0-5]\d)(?::([0-5]\d))?")
# A bare number of minutes ("30", "90"), as site-made exports write a duration.
_MINUTES = re.compile(r"\d{1,4}")


# --------------------------------------------------------------------------------------------
# The shared frab model: what an export says, before interpretation.
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FrabHeader:
    """The conference block of a frab-style export; every field as printed, or None."""

    title: str | None = None
    acronym: str | None = None
    time_zone_name: str | None = None
    start: str | None = None


@dataclass(frozen=True, slots=True)
class FrabEvent:
    """One event of a frab-style export, its fields as printed (whitespace normalised).

    `ordinal` is the event's 1-based position in the file, used in warnings; `line` its source
    line where the syntax tells it (XML), else None. `date` is the event's ISO date-time
    (normally with a UTC offset) and wins over `day` + `start`, which are only the fallback.
    `problems` are what the importer already found wrong with the event's syntax; `notes` are
    kept after the subtitle.
    """

    ordinal: int
    title: str | None
    line: int | None = None
    date: str | None = None
    start: str | None = None
    duration: str | None = None
    end: str | None = None
    day: str | None = None
    room: str | None = None
    track: str | None = None
    event_type: str | None = None
    subtitle: str | None = None
    url: str | None = None
    persons: tuple[Person, ...] = ()
    problems: tuple[ParseWarning, ...] = ()
    chairs: tuple[Person, ...] = ()
    notes: tuple[str, ...] = ()
    # A whole-day item (an iCalendar DATE): on `day`, with no clock time and nothing wrong.
    all_day: bool = False


def build_frab_program(
    header: FrabHeader,
    events: Iterable[FrabEvent],
    options: ParseOptions,
    warnings: Sequence[ParseWarning] = (),
) -> Program:
    """Interpret frab events, in the given order, as one `Program`.

    Zone: `options.timezone`, else the file's ``time_zone_name``, else UTC with a warning.
    Warnings come in this order: the file's (zone, name), then `warnings` (what the importer
    found wrong outside events), then each event's, in event order.
    Raises `ProgramParseError` only for an unknown `options.timezone`.
    """
    collected: list[ParseWarning] = []
    zone = _resolve_zone(header, options, collected)
    collected.extend(warnings)
    events = tuple(events)
    reading = _Reading(zone=zone, typed=any(event.event_type for event in events))
    sessions = []
    for event in events:
        collected.extend(event.problems)
        sessions.append(_session(event, reading, collected))
    if reading.stamped:
        first = reading.stamped[0]
        collected.append(
            ParseWarning(
                first.line or 0,
                f"{len(reading.stamped)} event(s), from {_where(first)} on: the date says UTC "
                f"({first.date!r}) but its clock time is the event's local start "
                f"({first.start}); read as local times in {zone.key}",
            )
        )
    if not sessions:
        collected.append(ParseWarning(0, "the schedule lists no events; the program is empty"))
    name = options.name or header.title or header.acronym
    if name is None:
        name = "Untitled conference"
        collected.insert(0, ParseWarning(0, f"the file names no conference; called it {name!r}"))
    conference = Conference(
        name=name,
        timezone=zone.key,
        year=options.year or _year(header, sessions),
        source=options.source,
    )
    return Program(conference=conference, sessions=assign_ids(sessions), warnings=tuple(collected))


def _resolve_zone(
    header: FrabHeader, options: ParseOptions, warnings: list[ParseWarning]
) -> ZoneInfo:
    if options.timezone:
        zone = _zone(options.timezone)
        if zone is None:
            raise ProgramParseError(
                f"unknown time zone {options.timezone!r}", source=options.source
            )
        return zone
    if header.time_zone_name:
        zone = _zone(header.time_zone_name)
        if zone is not None:
            return zone
        warnings.append(
            ParseWarning(
                0, f"unknown time zone {header.time_zone_name!r} in the file; times shown in UTC"
            )
        )
    else:
        warnings.append(ParseWarning(0, "the file names no time zone; times shown in UTC"))
    return ZoneInfo("UTC")


def _zone(name: str) -> ZoneInfo | None:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None


def _year(header: FrabHeader, sessions: Sequence[Session]) -> int | None:
    if header.start:
        match = _DATE_PREFIX.match(header.start)
        if match:
            return int(match.group(1))
    return next((s.day.year for s in sessions if s.day is not None), None)


# --------------------------------------------------------------------------------------------
# One event -> one session.
# --------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Reading:
    """What reading one file's events shares: its zone, whether its events carry types at all,
    and the events whose UTC date was their local start stamped ``Z`` (reported once)."""

    zone: ZoneInfo
    typed: bool
    stamped: list[FrabEvent] = field(default_factory=list)


def _session(event: FrabEvent, reading: _Reading, warnings: list[ParseWarning]) -> Session:
    where = _where(event)
    line = event.line or 0
    start, end, problems = _times(event, reading)
    warnings.extend(ParseWarning(line, f"{where}: {problem}") for problem in problems)

    day = start.date() if start is not None else _iso_date(event.day)
    kind = _kind(event)
    if kind is SessionKind.PAPERS and reading.typed and not event.event_type and not event.persons:
        # Where the talks carry a type, an untyped event without speakers is the frame around
        # them (a welcome, an announcement), not a talk.
        kind = SessionKind.OTHER
    papers: tuple[Paper, ...] = ()
    if event.persons or kind in (SessionKind.PAPERS, SessionKind.KEYNOTE):
        if event.title is None:
            warnings.append(
                ParseWarning(line, f"{where}: no title; its talk is called {_UNTITLED_TALK!r}")
            )
        paper = Paper(
            title=event.title or _UNTITLED_TALK,
            authors=event.persons,
            url=event.url,
            start=start,
            end=end,
            line=event.line,
        )
        papers = (paper,)
    elif event.title is None:
        warnings.append(ParseWarning(line, f"{where}: no title and no speakers"))

    return Session(
        id="",
        title=event.title,
        kind=kind,
        day=day,
        start=start,
        end=end,
        room=event.room,
        track=event.track,
        chairs=event.chairs,
        papers=papers,
        notes=((event.subtitle,) if event.subtitle else ()) + event.notes,
        line=event.line,
    )


def _where(event: FrabEvent) -> str:
    return f"event {event.ordinal} ({event.title!r})" if event.title else f"event {event.ordinal}"


def _times(
    event: FrabEvent, reading: _Reading
) -> tuple[datetime | None, datetime | None, list[str]]:
    """Start and end in the file's zone, and what was wrong with them (each problem says what
    was done)."""
    zone = reading.zone
    problems: list[str] = []
    if event.all_day:
        return None, None, problems
    day_text, date_text = event.day, event.date
    if date_text and _DATE_ONLY.fullmatch(date_text):
        day_text, date_text = date_text, None
    fallback = _day_and_clock(day_text, event.start, zone)
    if date_text:
        start = _instant(date_text, zone)
        if (
            start is not None
            and fallback is not None
            and _local_clock_stamped_utc(date_text, start, fallback)
        ):
            reading.stamped.append(event)
            start = fallback
        if start is None and fallback is not None:
            problems.append(
                f"unreadable date {date_text!r}; used day {day_text} at {event.start} instead"
            )
            start = fallback
        elif start is None:
            problems.append(f"unreadable date {date_text!r}; kept without start and end times")
            return None, None, problems
    elif fallback is not None:
        start = fallback
    else:
        problems.append(
            f"no usable day and start time (day {day_text!r}, start "
            f"{event.start!r}); kept without start and end times"
        )
        return None, None, problems

    end: datetime | None = None
    end_problem: str | None = None
    if event.duration:
        length = _duration(event.duration)
        end = _shift(start, length, zone) if length is not None else None
        if end is None:
            end_problem = f"unreadable duration {event.duration!r}"
    if end is None and event.end:
        end = _instant(event.end, zone)
        if end is None:
            end_problem = end_problem or f"unreadable end {event.end!r}"
        elif end_problem:
            problems.append(f"{end_problem}; used its end {event.end!r} instead")
            end_problem = None
    elif end is None and not event.duration:
        end_problem = "no duration"
    if end is not None and end < start:
        end_problem = f"ends before it starts (at {end.isoformat()})"
        end = None
    if end_problem:
        problems.append(f"{end_problem}; kept without an end time")
    return start, end, problems


def _local_clock_stamped_utc(date_text: str, start: datetime, fallback: datetime) -> bool:
    """Whether a UTC ``date`` is the local ``start`` clock time with a ``Z`` glued on.

    Generators that fill a frab template from local times (Jekyll sites) stamp ``…T09:00:00Z``
    beside ``<start>09:00``; read as UTC, every talk of a zone east or west of UTC moves by hours.
    Only a ``Z``/``+00:00`` date whose own clock time equals ``start`` but whose instant does not
    counts: a true UTC date of a local start differs in its clock time.
    """
    if not date_text.endswith(("Z", "+00:00")) or start == fallback:
        return False
    written = datetime.fromisoformat(date_text)
    return written.replace(tzinfo=None) == fallback.replace(tzinfo=None)


def _instant(text: str, zone: ZoneInfo) -> datetime | None:
    """An ISO date-time in `zone`; a value without an offset is read as local time."""
    try:
        value = datetime.fromisoformat(text)
        if value.tzinfo is None:
            return value.replace(tzinfo=zone)
        return value.astimezone(zone)
    except (ValueError, OverflowError):
        return None


def _day_and_clock(day_text: str | None, clock: str | None, zone: ZoneInfo) -> datetime | None:
    day = _iso_date(day_text)
    match = _CLOCK.fullmatch(clock) if clock else None
    if day is None or match is None:
        return None
    hour, minute, second = (int(part) if part else 0 for part in match.groups())
    return datetime.combine(day, time(hour, minute, second), tzinfo=zone)


def _iso_date(text: str | None) -> date | None:
    if not text or not _DATE_PREFIX.match(text):
        return None
    try:
        return date.fromisoformat(text[:10])
    except ValueError:
        return None


def _duration(text: str) -> timedelta | None:
    """A frab duration, ``"HH:MM"`` or ``"HH:MM:SS"`` (hours may exceed 23), or a bare number of
    minutes; None if unreadable."""
    if _MINUTES.fullmatch(text):
        return timedelta(minutes=int(text))
    match = _DURATION.fullmatch(text)
    if match is None:
        return None
    hours, minutes, seconds = (int(part) if part else 0 for part in match.groups())
    return timedelta(hours=hours, minutes=minutes, seconds=seconds)


def _shift(start: datetime, length: timedelta, zone: ZoneInfo) -> datetime | None:
    """`start` + `length` of elapsed time (not wall-clock time, which jumps at DST changes)."""
    try:
        return (start.astimezone(UTC) + length).astimezone(zone)
    except OverflowError:
        return None


# --------------------------------------------------------------------------------------------
# Kinds: the export's type names the kind when it can; otherwise the title does.
# --------------------------------------------------------------------------------------------

_TYPE_KINDS: tuple[tuple[SessionKind, re.Pattern[str]], ...] = (
    (SessionKind.KEYNOTE, re.compile(r"\bkeynotes?\b|\binvited talk\b|\bplenary talk\b", re.I)),
    (SessionKind.PAPERS, re.compile(r"\bpanels?\b", re.I)),
    (
        SessionKind.BREAK,
        re.compile(r"\bbreaks?\b|\bpause\b|\bcoffee\b|\blunch\b|\bbreakfast\b", re.I),
    ),
    (
        SessionKind.SOCIAL,
        re.compile(
            r"\bsocial\b|\bpart(?:y|ies)\b|\breception\b|\bdinner\b|"
            r"\bbanquet\b|\bexcursion\b|\bget-together\b",
            re.I,
        ),
    ),
    (SessionKind.POSTERS, re.compile(r"\bposters?\b|\bdemos?\b", re.I)),
    (SessionKind.PLENARY, re.compile(r"\bplenary\b|\bopening\b|\bclosing\b|\bceremony\b", re.I)),
)
_TALK_TYPE = re.compile(
    r"\btalks?\b|\blectures?\b|\bpresentations?\b|\bworkshops?\b|"
    r"\btutorials?\b|\btrainings?\b|\blightning\b|\bpapers?\b|\bhands-on\b",
    re.I,
)
_NOT_A_TALK = frozenset({SessionKind.BREAK, SessionKind.SOCIAL, SessionKind.OTHER})


def _kind(event: FrabEvent) -> SessionKind:
    """Kind from the export's type ("Keynote", "Break", "Panel"...), or its track where it has
    no type, else from the title.

    A talk-like type or track ("Talk", "Workshop") stays a talk even when its title sounds like
    a break or a party ("Lunch & Learn", "The Social Graph").
    """
    # Without a type, a track named for a kind ("Pause", "Keynote", "Tutorial") says it.
    label = event.event_type or event.track
    if label:
        for kind, pattern in _TYPE_KINDS:
            if pattern.search(label):
                return kind
    kind = classify_kind(event.title, paper_count=1 if event.title or event.persons else 0)
    if kind in _NOT_A_TALK and label and _TALK_TYPE.search(label):
        return SessionKind.PAPERS
    return kind
