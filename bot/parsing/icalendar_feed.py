"""iCalendar feeds (``.ics``, RFC 5545) -> `bot.model.Program`.

Conference sites, Indico, Sched, pretalx and calendar apps publish a program as one VEVENT per
item: SUMMARY is the title, DTSTART with DTEND (or DURATION) the time, LOCATION the room,
CATEGORIES the kind, DESCRIPTION an abstract that may name the speakers. The values are read
through the `icalendar` library. It forgives too much to report faults by line (a missing
``END:VEVENT`` silently drops the event), so a first pass of our own over the unfolded content
lines checks the structure, refuses a broken file naming its line, and remembers where each
event and property sits for warnings.

Speakers are taken only where the feed says who speaks: a labelled description line
(``Speakers: A, B``), an ATTENDEE with a speaker's or a chair's ROLE, or the ORGANIZER where
the organizers differ from event to event (one organizer on every event is the feed's
publisher). The rest of the description is kept as notes. Repeating events (RRULE) are not
conference items and are left out with a warning. Events become `FrabEvent` records,
interpreted by `build_frab_program` like the frab and pretalx exports. Pure: no I/O.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import icalendar
from icalendar.timezone.windows_to_olson import WINDOWS_TO_OLSON

from bot.errors import ProgramParseError
from bot.folding import fold
from bot.model import ParseWarning, Person, Program, SessionKind
from bot.parsing import ParseOptions
from bot.parsing.authors import parse_author_line
from bot.parsing.frab_model import FrabEvent, FrabHeader, build_frab_program
from bot.parsing.kinds import REGISTRATION, classify_kind
from bot.parsing.lexer import CHAIR, LOCATION
from bot.parsing.shapes import SPEAKER_LABEL_WORDS

__all__ = ["looks_like_icalendar", "parse_icalendar"]

_CALENDAR_START = re.compile(r"[\ufeff \t\r\n]*BEGIN:VCALENDAR", re.I)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# NAME *(";" PARAM "=" value *("," value)) ":" — a parameter value may be quoted and then hold
# ";", ":" and ",". Only the shape is checked here; `icalendar` reads the values.
_CONTENT_LINE = re.compile(
    r'[A-Za-z0-9-]+(?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*:'
)
_EVENT = "VEVENT"
# Properties that make an event repeat: a series, or one changed occurrence of one.
_REPEATING = ("RRULE", "RDATE", "RECURRENCE-ID")

# Labelled description lines that say who speaks ("Speakers: A, B", "Presented by: A").
_SPEAKER_LABEL = re.compile(
    r"^\s*(?:presented\s+by|authors?|panell?ists?|instructors?|(?:co-)?hosts?|"
    + SPEAKER_LABEL_WORDS
    + r")\s*[:：]\s*(?P<names>\S.*)$",
    re.I,
)
_TRACK_LABEL = re.compile(r"^\s*tracks?\s*[:：]\s*(?P<track>\S.*)$", re.I)
_URL_LINE = re.compile(
    r"^\s*(?:(?:url|link|web|website)\s*[:：]\s*)?(?P<url>https?://\S+)\s*$", re.I
)
# "Title - Speaker", "Title (talk by Speaker)": the summary repeating its own speakers.
_SPEAKER_SUFFIX_SEPARATORS = (" - ", " – ", " — ", " | ")
_BY_SUFFIX = re.compile(r"\s*\((?:[\w-]+\s+)?by\s+(?P<names>[^()]+)\)\s*$", re.I)
# A summary naming its speakers where no field does: "Title (talk by A)", "(workshop by A & B)",
# "(presented by A)". A type word or a presenting verb is required: "(By invitation only)".
_SPEAKERS_IN_TITLE = re.compile(
    r"\s*\((?:(?:talk|workshop|tutorial|keynote|lecture|presentation|seminar|session|panel|"
    r"demo|training|course)\s+(?:given\s+|presented\s+|led\s+)?|presented\s+|given\s+|led\s+)"
    r"by\s+(?P<names>[^()]+)\)\s*$",
    re.I,
)
# HTML character references ("&amp;", "&#x3D;") that site generators leave in text values.
_CHARACTER_REFERENCE = re.compile(r"&(?:#\d+|#x[0-9a-f]+|[a-z]+\d*);", re.I)
# ATTENDEE roles: RFC 5545's CHAIR, and the speaker roles feeds write (REQ-PARTICIPANT is
# RFC 5545's default, so only an explicit one counts).
_CHAIR_ROLES = frozenset({"CHAIR", "MODERATOR"})
_SPEAKER_ROLES = frozenset({"REQ-PARTICIPANT", "SPEAKER", "PRESENTER", "X-SPEAKER", "X-PRESENTER"})
# Items whose organizer is the host, not a speaker.
_HOSTED_KINDS = frozenset({SessionKind.BREAK, SessionKind.SOCIAL, SessionKind.PLENARY})


def looks_like_icalendar(text: str) -> bool:
    """Whether `text` starts like an iCalendar file (``BEGIN:VCALENDAR``); looks at its start
    only, so a long program text costs nothing."""
    return _CALENDAR_START.match(text) is not None


def parse_icalendar(text: str, options: ParseOptions) -> Program:
    """Parse an iCalendar feed; one session per VEVENT, holding one talk where it has speakers.

    Raises `ProgramParseError`, naming the line, for text that is not a well-formed calendar
    (a line that is not ``NAME:value``, an unclosed or mismatched BEGIN/END). Odd values inside
    an event become `ParseWarning`s at their line.
    """
    text = text.removeprefix("\ufeff")
    outline = _outline(text, options.source)
    try:
        calendars = icalendar.Calendar.from_ical(text, multiple=True)
    except Exception as error:  # the library's many error types; the outline caught the common
        raise ProgramParseError(f"unreadable iCalendar: {error}", source=options.source) from None
    components = [event for calendar in calendars for event in calendar.walk(_EVENT)]
    places = outline.events
    if len(places) != len(components):  # never seen; lines are then unknown, not wrong
        places = [_EventPlace(0) for _ in components]
    warnings: list[ParseWarning] = []
    drafts = [
        draft
        for ordinal, (component, place) in enumerate(zip(components, places, strict=True), 1)
        if (draft := _draft(ordinal, component, place, warnings)) is not None
    ]
    organizers = {fold(name) for draft in drafts for name in draft.organizers}
    events = [_event(draft, by_organizer=len(organizers) > 1) for draft in drafts]
    header = FrabHeader(
        title=_calendar_text(calendars, "X-WR-CALNAME") or _calendar_text(calendars, "NAME"),
        time_zone_name=_calendar_text(calendars, "X-WR-TIMEZONE") or _event_zone(components),
    )
    return build_frab_program(header, events, options, warnings)


# --------------------------------------------------------------------------------------------
# The outline: structure checked line by line, and where each event's properties sit.
# --------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _EventPlace:
    """The line of an event's BEGIN and of the first occurrence of each of its properties."""

    line: int
    properties: dict[str, int] = field(default_factory=dict)

    def of(self, name: str) -> int:
        return self.properties.get(name, self.line)


@dataclass(slots=True)
class _Outline:
    events: list[_EventPlace] = field(default_factory=list)


def _content_lines(text: str) -> Iterator[tuple[int, str]]:
    """Unfolded content lines with the number of the physical line each starts on; a line that
    starts with a space or a TAB continues the one before (RFC 5545, 3.1)."""
    start, parts = 0, list[str]()
    for number, physical in enumerate(_LINE_BREAK.split(text), 1):
        if physical[:1] in (" ", "\t") and parts:
            parts.append(physical[1:])
            continue
        if parts:
            yield start, "".join(parts)
        start, parts = number, [physical] if physical.strip() else []
    if parts:
        yield start, "".join(parts)


def _outline(text: str, source: str | None) -> _Outline:
    outline = _Outline()
    open_components: list[tuple[str, int]] = []
    current: _EventPlace | None = None

    def refuse(message: str, line: int) -> ProgramParseError:
        return ProgramParseError(message, source=source, line=line)

    for line, content in _content_lines(text):
        match = _CONTENT_LINE.match(content)
        if match is None:
            shown = content if len(content) <= 40 else content[:37] + "..."
            raise refuse(f"not an iCalendar content line (NAME:value): {shown!r}", line)
        name = content[: len(match.group()) - 1].partition(";")[0].upper()
        value = content[len(match.group()) :].strip().upper()
        if name == "BEGIN":
            if not open_components and value != "VCALENDAR":
                raise refuse(f"BEGIN:{value} outside BEGIN:VCALENDAR ... END:VCALENDAR", line)
            unclosed = next((at for opened, at in open_components if opened == value), None)
            if unclosed is not None:  # a component never holds its own kind: an END is missing
                raise refuse(
                    f"BEGIN:{value} is never closed: line {line} begins another before"
                    f" its END:{value}",
                    unclosed,
                )
            open_components.append((value, line))
            if value == _EVENT:
                current = _EventPlace(line)
                outline.events.append(current)
        elif name == "END":
            if not open_components:
                raise refuse(f"END:{value} without its BEGIN:{value}", line)
            opened, opened_at = open_components.pop()
            if opened != value:
                raise refuse(
                    f"END:{value} closes BEGIN:{opened} of line {opened_at}"
                    f" (expected END:{opened})",
                    line,
                )
            if value == _EVENT:
                current = None
        elif not open_components:
            raise refuse(f"{name} outside BEGIN:VCALENDAR ... END:VCALENDAR", line)
        elif current is not None and open_components[-1][0] == _EVENT:
            current.properties.setdefault(name, line)
    if open_components:
        opened, opened_at = open_components[-1]
        raise refuse(f"BEGIN:{opened} is never closed (no END:{opened})", opened_at)
    return outline


# --------------------------------------------------------------------------------------------
# One VEVENT -> a draft (its values, read) -> a frab event.
# --------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Draft:
    """An event's values as read, before the file-wide decision about organizers."""

    ordinal: int
    line: int
    title: str | None
    kind_label: str | None
    date: str | None
    end: str | None
    day: str | None
    all_day: bool
    room: str | None
    track: str | None
    url: str | None
    speakers: tuple[Person, ...]
    chairs: tuple[Person, ...]
    organizers: tuple[str, ...]
    notes: tuple[str, ...]
    problems: list[ParseWarning]


def _draft(
    ordinal: int,
    component: icalendar.cal.Component,
    place: _EventPlace,
    warnings: list[ParseWarning],
) -> _Draft | None:
    """The event's values, or None (with a warning) for an item that is no conference item."""
    broken = {name.upper() for name, _ in component.errors if name}
    problems: list[ParseWarning] = []
    summary = _text(component, "SUMMARY") if "SUMMARY" not in broken else None
    where = f"event {ordinal} ({summary!r})" if summary else f"event {ordinal}"
    for name, message in component.errors:
        line = place.of(name.upper()) if name else place.line
        what = f"unreadable {name.upper()}" if name else "an unreadable line"
        problems.append(ParseWarning(line, f"{where}: {what} ({message}); ignored"))
    repeating = next((name for name in _REPEATING if name in component), None)
    if repeating is not None:
        warnings.extend(problems)
        warnings.append(
            ParseWarning(
                place.of(repeating),
                f"{where}: a repeating event ({repeating}), not a conference item; left out",
            )
        )
        return None
    if (_text(component, "STATUS") or "").upper() == "CANCELLED":
        warnings.extend(problems)
        warnings.append(ParseWarning(place.of("STATUS"), f"{where}: cancelled; left out"))
        return None

    start = _when(component, "DTSTART", broken, place, where, problems)
    end = _when(component, "DTEND", broken, place, where, problems)
    length = _value(component, "DURATION") if "DURATION" not in broken else None
    if end is None and isinstance(length, timedelta) and start is not None:
        end = _after(start, length)
    all_day = isinstance(start, date) and not isinstance(start, datetime)
    notes: list[str] = []
    if all_day:
        assert start is not None
        whole_days = isinstance(end, date) and not isinstance(end, datetime) and end > start
        last = end - timedelta(days=1) if whole_days and end is not None else start
        notes.append("all day" if last <= start else f"all day, until {last.isoformat()}")

    description = _Description.read(
        _text(component, "DESCRIPTION"), summary, _text(component, "URL")
    )
    speakers = (
        description.speakers or _attendees(component, _SPEAKER_ROLES) or _speakers_in_title(summary)
    )
    title = _without_speaker_suffix(summary, speakers)
    return _Draft(
        ordinal=ordinal,
        line=place.line,
        title=title,
        kind_label=", ".join(_categories(component)) or None,
        date=None if all_day or start is None else start.isoformat(),
        end=None if all_day or end is None else end.isoformat(),
        day=start.isoformat() if all_day and start is not None else None,
        all_day=all_day,
        room=_text(component, "LOCATION") or description.room,
        track=description.track,
        url=_text(component, "URL"),
        speakers=speakers,
        chairs=description.chairs or _attendees(component, _CHAIR_ROLES),
        organizers=_organizers(component),
        notes=(*notes, *description.notes),
        problems=problems,
    )


def _event(draft: _Draft, *, by_organizer: bool) -> FrabEvent:
    speakers, title = draft.speakers, draft.title
    if not speakers and by_organizer and not _hosted(title):
        speakers = tuple(Person(name) for name in draft.organizers)
        title = _without_speaker_suffix(title, speakers)
    return FrabEvent(
        ordinal=draft.ordinal,
        title=title,
        line=draft.line,
        date=draft.date,
        end=draft.end,
        day=draft.day,
        room=draft.room,
        track=draft.track,
        event_type=draft.kind_label,
        url=draft.url,
        persons=speakers,
        problems=tuple(draft.problems),
        chairs=draft.chairs,
        notes=draft.notes,
        all_day=draft.all_day,
    )


def _hosted(title: str | None) -> bool:
    """An item the host runs (a break, a reception, the opening, registration): its organizer
    is not a speaker."""
    if title is None:
        return False
    return bool(REGISTRATION.search(title)) or classify_kind(title, paper_count=1) in _HOSTED_KINDS


# --------------------------------------------------------------------------------------------
# Times.
# --------------------------------------------------------------------------------------------


def _when(
    component: icalendar.cal.Component,
    name: str,
    broken: set[str],
    place: _EventPlace,
    where: str,
    problems: list[ParseWarning],
) -> date | None:
    """A DTSTART/DTEND as a date (all day), an aware date-time, or a floating (local) one.

    A TZID that neither the zone database nor the file's VTIMEZONEs know leaves the time
    floating: it is read in the program's zone, with a warning.
    """
    if name in broken:
        return None
    value = _value(component, name)
    if isinstance(value, datetime):
        tzid = _param(component.get(name), "TZID")
        if value.tzinfo is None and tzid:
            problems.append(
                ParseWarning(
                    place.of(name),
                    f"{where}: unknown time zone {tzid!r} in {name}; read in the program's zone",
                )
            )
        return value
    return value if isinstance(value, date) else None


def _after(start: date, length: timedelta) -> date:
    """`start` + `length` of elapsed time (an aware start crosses DST changes in UTC)."""
    if isinstance(start, datetime) and start.tzinfo is not None:
        return (start.astimezone(UTC) + length).astimezone(start.tzinfo)
    return start + length


def _event_zone(components: Sequence[icalendar.cal.Component]) -> str | None:
    """The zone the events' own times name (the first DTSTART with a TZID), as a zone-database
    name: Outlook's Windows names ("W. Europe Standard Time") are mapped."""
    for component in components:
        tzid = _param(component.get("DTSTART"), "TZID")
        if tzid:
            name = str(WINDOWS_TO_OLSON.get(tzid, tzid))
            if _known_zone(name):
                return name
    return None


def _known_zone(name: str) -> bool:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return False
    return True


# --------------------------------------------------------------------------------------------
# People and the description.
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Description:
    """What a DESCRIPTION says: labelled speakers, chairs, track and room, and the rest as notes
    (without lines that repeat the summary or the event's URL)."""

    speakers: tuple[Person, ...] = ()
    chairs: tuple[Person, ...] = ()
    track: str | None = None
    room: str | None = None
    notes: tuple[str, ...] = ()

    @classmethod
    def read(cls, text: str | None, summary: str | None, url: str | None) -> _Description:
        if not text:
            return cls()
        text = text.strip()
        if len(text) >= 2 and text[0] == text[-1] == '"':
            text = text[1:-1].strip()  # descriptions wrapped in quotes, as some generators do
        speakers: list[Person] = []
        chairs: list[Person] = []
        track = room = None
        notes: list[str] = []
        repeated = fold(summary) if summary else None
        for raw in text.splitlines():
            line = " ".join(raw.split())
            if not line or (repeated is not None and fold(line) == repeated):
                continue
            if match := _SPEAKER_LABEL.match(line):
                speakers.extend(_names(match.group("names")))
            elif (chair := CHAIR.match(line)) is not None and chair.start() == 0:
                chairs.extend(_names(line[chair.end() :]))
            elif (match := _TRACK_LABEL.match(line)) and track is None:
                track = match.group("track")
            elif (match := LOCATION.match(line)) and room is None:
                room = match.group("room").strip()
            elif (match := _URL_LINE.match(line)) and match.group("url") == url:
                continue
            else:
                notes.append(line)
        return cls(tuple(speakers), tuple(chairs), track, room, tuple(notes))


def _names(text: str) -> list[Person]:
    """The people of a labelled line, read as an author line (academic titles dropped)."""
    return [person for person in parse_author_line(text).authors if person.name]


def _attendees(component: icalendar.cal.Component, roles: frozenset[str]) -> tuple[Person, ...]:
    people: list[Person] = []
    for attendee in _all(component.get("ATTENDEE")):
        if (_param(attendee, "ROLE") or "").upper() in roles:
            people.extend(Person(name) for name in _address_names(attendee))
    return tuple(people)


def _organizers(component: icalendar.cal.Component) -> tuple[str, ...]:
    return tuple(
        name for value in _all(component.get("ORGANIZER")) for name in _address_names(value)
    )


def _address_names(value: object) -> list[str]:
    """The names of a calendar address: its CN, or the value itself where a feed wrote a name
    instead of an address (``ORGANIZER:Jane Doe``).

    A CN naming several people ("A Lee, Bo Chen") is split at its commas only where every part
    is a full name: "Doe, Jane" is one person, written surname first.
    """
    params = getattr(value, "params", {})
    common = params.get("CN")
    if isinstance(common, list):  # an unquoted CN with commas arrives as a list of values
        common = ", ".join(str(part) for part in common)
    text = " ".join(_unescaped(str(common)).split()) if common else ""
    if not text:
        address = " ".join(str(value).split())
        text = "" if ":" in address or "@" in address else address
    if not text:
        return []
    parts = [part.strip() for part in text.split(",")]
    if len(parts) > 1 and all(len(part.split()) >= 2 for part in parts):
        return parts
    return [text]


def _speakers_in_title(title: str | None) -> tuple[Person, ...]:
    match = _SPEAKERS_IN_TITLE.search(title) if title else None
    return tuple(_names(match.group("names"))) if match else ()


def _without_speaker_suffix(title: str | None, speakers: Sequence[Person]) -> str | None:
    """The title without a tail that only repeats its speakers ("Title - A, B", "Title (talk
    by A)"); a tail naming anyone else stays."""
    if not title or not speakers:
        return title
    wanted = [fold(person.name) for person in speakers]
    # Cheap first: a tail that repeats the speakers holds the first one's last word.
    if not wanted[0] or wanted[0].split()[-1] not in fold(title):
        return title
    if (match := _BY_SUFFIX.search(title)) and _same_people(match.group("names"), wanted):
        return title[: match.start()].strip() or title
    for separator in _SPEAKER_SUFFIX_SEPARATORS:
        head, found, tail = title.rpartition(separator)
        if found and head.strip() and _same_people(tail, wanted):
            return head.strip()
    return title


def _same_people(text: str, wanted: Sequence[str]) -> bool:
    return [fold(person.name) for person in _names(text)] == list(wanted)


# --------------------------------------------------------------------------------------------
# Reading values.
# --------------------------------------------------------------------------------------------


def _all(value: object) -> list[object]:
    """A property's values: `icalendar` gives one value, or a list for a repeated property."""
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def _param(value: object, name: str) -> str | None:
    """A parameter of a property's first occurrence, as text (None where it has none)."""
    values = _all(value)
    params = getattr(values[0], "params", None) if values else None
    found = params.get(name) if params is not None else None
    return str(found) if found else None


def _value(component: icalendar.cal.Component, name: str) -> object:
    """The decoded value (a date, date-time or duration) of a property's first occurrence."""
    values = _all(component.get(name))
    return getattr(values[0], "dt", None) if values else None


def _text(component: icalendar.cal.Component, name: str) -> str | None:
    """A text property's first occurrence, unescaped, without surrounding white space."""
    values = _all(component.get(name))
    if not values:
        return None
    return _unescaped(str(values[0])) or None


def _unescaped(text: str) -> str:
    """`text` stripped, with HTML character references read ("Online &amp; in-person")."""
    text = text.strip()
    return html.unescape(text) if "&" in text and _CHARACTER_REFERENCE.search(text) else text


def _categories(component: icalendar.cal.Component) -> list[str]:
    names: list[str] = []
    for value in _all(component.get("CATEGORIES")):
        for category in getattr(value, "cats", [value]):
            text = " ".join(str(category).split())
            if text and text not in names:
                names.append(text)
    return names


def _calendar_text(calendars: Sequence[icalendar.Calendar], name: str) -> str | None:
    return next((text for calendar in calendars if (text := _text(calendar, name))), None)
