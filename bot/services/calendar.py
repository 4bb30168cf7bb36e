"""Calendar files (.ics, RFC 5545) of sessions, built with the `icalendar` library.

Each session is one VEVENT whose UID is derived from the session's id, so importing a newer
file updates the events instead of adding copies; `SEQUENCE` counts how often a reload moved
the session, so calendar apps take the newer time. Times are in the conference's zone, with its
VTIMEZONE (for the conference's dates only) in the file. Pure CPU work: run it in a thread.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import icalendar

from bot.model import CalendarFile, Session
from bot.services.timeline import session_end

PRODUCT = "-//confbot//conference agenda//EN"
UID_DOMAIN = "confbot"


def event_uid(session: Session, slug: str, first_key: str | None = None) -> str:
    """The same for a session in every file: from its id, or from the first id it had when a
    reload gave it a new one (moved to another day)."""
    return f"{first_key or session.id}.{slug}@{UID_DOMAIN}"


def description(session: Session, papers: Iterable[int] = ()) -> str:
    """The chairs and papers (authors after each title), the picked ones marked with a star."""
    picked = set(papers)
    lines: list[str] = []
    if session.chairs:
        label = "Chair" if len(session.chairs) == 1 else "Chairs"
        lines.append(f"{label}: " + ", ".join(p.printed for p in session.chairs))
    for number, paper in enumerate(session.papers, start=1):
        mark = "★ " if number - 1 in picked else ""
        lines.append(f"{mark}{number}. {paper.title}")
        if paper.authors:
            lines.append("   " + ", ".join(a.name for a in paper.authors))
    lines += [note for note in session.notes if note.strip()]
    return "\n".join(lines)


def calendar_file(
    filename: str,
    calendar_name: str,
    sessions: Iterable[Session],
    *,
    slug: str,
    zone: str,
    stamp: datetime,
    moves: Mapping[str, tuple[int, str | None]] | None = None,
    papers: Mapping[str, Iterable[int]] | None = None,
) -> CalendarFile:
    """An .ics file with one event per timed session (sessions without a time are left out).

    `stamp` is DTSTAMP (when the file was made); `moves` gives each moved session's SEQUENCE
    and the first key it had (for its UID); `papers` the papers picked in each session
    (marked in its description).
    """
    moves = moves or {}
    tz = ZoneInfo(zone)
    calendar = icalendar.Calendar()
    calendar.add("prodid", PRODUCT)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", calendar_name)
    calendar.add("x-wr-timezone", zone)
    timed = [s for s in sessions if s.start is not None]
    if timed and zone != "UTC":
        first = min(s.start for s in timed if s.start is not None).astimezone(tz).date()
        last = max(session_end(s) for s in timed).astimezone(tz).date()
        calendar.add_component(_timezone(tz, zone, first, last))
    for session in timed:
        assert session.start is not None
        event = icalendar.Event()
        sequence, first_key = moves.get(session.id, (0, None))
        event.add("uid", event_uid(session, slug, first_key))
        event.add("dtstamp", stamp.astimezone(UTC))
        event.add("dtstart", session.start.astimezone(tz))
        event.add("dtend", session_end(session).astimezone(tz))
        event.add("summary", session.shown_title)
        if session.room:
            event.add("location", session.room)
        text = description(session, (papers or {}).get(session.id, ()))
        if text:
            event.add("description", text)
        event.add("sequence", sequence)
        event.add("categories", [session.kind.value])
        calendar.add_component(event)
    return CalendarFile(filename, calendar.to_ical(), len(timed))


def _timezone(tz: ZoneInfo, zone: str, first: date, last: date) -> icalendar.Timezone:
    """The zone's VTIMEZONE, with only the transitions around the conference's dates."""
    return icalendar.Timezone.from_tzinfo(
        tz,
        tzid=zone,
        first_date=first - timedelta(days=366),
        last_date=last + timedelta(days=366),
    )


def safe_filename(text: str) -> str:
    """A file name from a title or a day: lower case, letters, digits and dashes."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "calendar"
