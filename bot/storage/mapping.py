"""ORM rows <-> model objects: rows to `bot.model` values on the way out, and model values
assigned to rows on the way in (only the attributes that differ, so unchanged rows get no
UPDATE). Times are stored in UTC and handed back in the conference zone."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from bot.model import Conference, Paper, Person, Session
from bot.storage.tables import ConferenceRow, PaperRow, SessionRow


def local(moment: datetime | None, zone: ZoneInfo) -> datetime | None:
    return None if moment is None else moment.astimezone(zone)


def utc(moment: datetime | None) -> datetime | None:
    return None if moment is None else moment.astimezone(UTC)


def to_conference(row: ConferenceRow) -> Conference:
    return Conference(name=row.name, timezone=row.timezone, year=row.year, source=row.source)


def to_paper(row: PaperRow, zone: ZoneInfo) -> Paper:
    return Paper(
        title=row.title,
        authors=tuple(Person(a.person.name, a.affiliation) for a in row.authorships),
        url=row.url,
        start=local(row.start_at, zone),
        end=local(row.end_at, zone),
        line=row.line,
    )


def to_session(row: SessionRow, zone: ZoneInfo) -> Session:
    return Session(
        id=row.key,
        title=row.title,
        kind=row.kind,
        day=row.day,
        start=local(row.start_at, zone),
        end=local(row.end_at, zone),
        room=None if row.room is None else row.room.name,
        track=row.track,
        chairs=tuple(Person(c.person.name, c.affiliation) for c in row.chairings),
        papers=tuple(to_paper(paper, zone) for paper in row.papers),
        notes=tuple(row.notes),
        line=row.line,
    )


def _assign(row: Any, values: dict[str, Any]) -> bool:
    """Set only the attributes whose value differs, so unchanged rows get no UPDATE."""
    changed = False
    for name, value in values.items():
        if getattr(row, name, None) != value:
            setattr(row, name, value)
            changed = True
    return changed


def assign_session(row: SessionRow, session: Session, position: int, room_id: int | None) -> bool:
    """Write `session` into `row`; True when anything changed."""
    values: dict[str, Any] = {
        "key": session.id,
        "title": session.title,
        "kind": session.kind,
        "day": session.day,
        "start_at": utc(session.start),
        "end_at": utc(session.end),
        "track": session.track,
        "notes": list(session.notes),
        "position": position,
        "line": session.line,
        "room_id": room_id,
    }
    return _assign(row, values)


def assign_conference(row: ConferenceRow, conference: Conference) -> bool:
    """Write `conference` into `row`; True when anything changed."""
    return _assign(
        row,
        {
            "name": conference.name,
            "timezone": conference.timezone,
            "year": conference.year,
            "source": conference.source,
        },
    )
