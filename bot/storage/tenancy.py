"""TenancyStore: which server answers from which conference, the admin audit trail, and the
program versions a rollback restores.

Every method is one unit of work; only `bot.model` objects come in and go out.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.model import (
    AdminAction,
    Binding,
    Conference,
    Paper,
    Person,
    Program,
    Session,
    SessionKind,
)
from bot.storage.tables import (
    AdminActionRow,
    ConferenceRow,
    GuildBindingRow,
    ProgramVersionRow,
    utcnow,
)

VERSIONS_KEPT = 5


class TenancyStore:
    def __init__(
        self, sessions: async_sessionmaker[AsyncSession], *, now: Callable[[], datetime] = utcnow
    ) -> None:
        self._sessions = sessions
        self._now = now

    # -- bindings ---------------------------------------------------------------------------

    async def bindings(self) -> list[Binding]:
        async with self._sessions.begin() as db:
            rows = await db.execute(
                select(GuildBindingRow, ConferenceRow.slug)
                .join(ConferenceRow, GuildBindingRow.conference_id == ConferenceRow.id)
                .order_by(GuildBindingRow.guild_id)
            )
            return [_binding(row, slug) for row, slug in rows.all()]

    async def binding(self, guild_id: int) -> Binding | None:
        async with self._sessions.begin() as db:
            found = (
                await db.execute(
                    select(GuildBindingRow, ConferenceRow.slug)
                    .join(ConferenceRow, GuildBindingRow.conference_id == ConferenceRow.id)
                    .where(GuildBindingRow.guild_id == guild_id)
                )
            ).first()
            return None if found is None else _binding(found[0], found[1])

    async def bind(
        self, guild_id: int, slug: str, origin: str, bound_by: int | None = None
    ) -> Binding:
        """Bind (or re-bind) a server. Raises LookupError for an unknown conference."""
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            row = await db.get(GuildBindingRow, guild_id)
            if row is None:
                row = GuildBindingRow(guild_id=guild_id)
                db.add(row)
            row.conference_id = conference_id
            row.origin = origin
            row.bound_by = bound_by
            row.bound_at = self._now()
            await db.flush()
            return _binding(row, slug)

    async def unbind(self, guild_id: int) -> bool:
        async with self._sessions.begin() as db:
            result = await db.execute(
                delete(GuildBindingRow).where(GuildBindingRow.guild_id == guild_id)
            )
            return bool(result.rowcount)  # type: ignore[attr-defined]

    # -- the audit trail --------------------------------------------------------------------

    async def record(self, action: AdminAction) -> None:
        async with self._sessions.begin() as db:
            conference_id = None
            if action.conference is not None:
                conference_id = await db.scalar(
                    select(ConferenceRow.id).where(ConferenceRow.slug == action.conference)
                )
            db.add(
                AdminActionRow(
                    guild_id=action.guild_id,
                    conference_id=conference_id,
                    user_id=action.user_id,
                    action=action.action,
                    outcome=action.outcome,
                    detail=action.detail,
                    hash_before=action.hash_before,
                    hash_after=action.hash_after,
                    at=action.at,
                )
            )

    async def history(self, guild_id: int, limit: int = 20) -> list[AdminAction]:
        """The latest actions taken in one server, newest first."""
        async with self._sessions.begin() as db:
            rows = await db.execute(
                select(AdminActionRow, ConferenceRow.slug)
                .outerjoin(ConferenceRow, AdminActionRow.conference_id == ConferenceRow.id)
                .where(AdminActionRow.guild_id == guild_id)
                .order_by(AdminActionRow.at.desc(), AdminActionRow.id.desc())
                .limit(limit)
            )
            return [
                AdminAction(
                    action=row.action,
                    outcome=row.outcome,
                    user_id=row.user_id,
                    guild_id=row.guild_id,
                    conference=slug,
                    at=row.at,
                    detail=row.detail,
                    hash_before=row.hash_before,
                    hash_after=row.hash_after,
                )
                for row, slug in rows.all()
            ]

    # -- program versions -------------------------------------------------------------------

    async def save_version(self, slug: str, program: Program, digest: str) -> None:
        """Keep `program` (the one about to be replaced); only the newest few are kept."""
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            db.add(
                ProgramVersionRow(
                    conference_id=conference_id,
                    program_hash=digest,
                    body=program_to_text(program),
                    saved_at=self._now(),
                )
            )
            await db.flush()
            old = list(
                await db.scalars(
                    select(ProgramVersionRow.id)
                    .where(ProgramVersionRow.conference_id == conference_id)
                    .order_by(ProgramVersionRow.saved_at.desc(), ProgramVersionRow.id.desc())
                    .offset(VERSIONS_KEPT)
                )
            )
            if old:
                await db.execute(delete(ProgramVersionRow).where(ProgramVersionRow.id.in_(old)))

    async def previous_version(self, slug: str) -> tuple[Program, str] | None:
        """The newest kept version and its hash, or None."""
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            row = await db.scalar(
                select(ProgramVersionRow)
                .where(ProgramVersionRow.conference_id == conference_id)
                .order_by(ProgramVersionRow.saved_at.desc(), ProgramVersionRow.id.desc())
                .limit(1)
            )
            if row is None:
                return None
            return program_from_text(row.body), row.program_hash

    async def drop_version(self, slug: str, digest: str) -> None:
        """Forget the newest kept version with this hash (it was just restored)."""
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            row_id = await db.scalar(
                select(ProgramVersionRow.id)
                .where(
                    ProgramVersionRow.conference_id == conference_id,
                    ProgramVersionRow.program_hash == digest,
                )
                .order_by(ProgramVersionRow.saved_at.desc(), ProgramVersionRow.id.desc())
                .limit(1)
            )
            if row_id is not None:
                await db.execute(delete(ProgramVersionRow).where(ProgramVersionRow.id == row_id))


async def _conference_id(db: AsyncSession, slug: str) -> int:
    conference_id = await db.scalar(select(ConferenceRow.id).where(ConferenceRow.slug == slug))
    if conference_id is None:
        raise LookupError(f"no conference {slug!r} is stored")
    return conference_id


def _binding(row: GuildBindingRow, slug: str) -> Binding:
    return Binding(row.guild_id, slug, row.origin, row.bound_by, row.bound_at)


# --- a program as JSON text, and back --------------------------------------------------------


def _moment(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _parse_moment(value: Any) -> datetime | None:
    return None if value is None else datetime.fromisoformat(str(value))


def _people(persons: Sequence[Person]) -> list[list[str | None]]:
    return [[p.name, p.affiliation] for p in persons]


def _persons(items: Any) -> tuple[Person, ...]:
    return tuple(Person(str(name), affiliation) for name, affiliation in items)


def program_to_text(program: Program) -> str:
    """Lossless JSON of a program (times keep their offsets; the zone is the conference's)."""
    conference = program.conference
    document = {
        "conference": {
            "name": conference.name,
            "timezone": conference.timezone,
            "year": conference.year,
            "source": conference.source,
        },
        "sessions": [
            {
                "id": s.id,
                "title": s.title,
                "kind": s.kind.value,
                "day": None if s.day is None else s.day.isoformat(),
                "start": _moment(s.start),
                "end": _moment(s.end),
                "room": s.room,
                "track": s.track,
                "chairs": _people(s.chairs),
                "papers": [
                    {
                        "title": p.title,
                        "authors": _people(p.authors),
                        "url": p.url,
                        "start": _moment(p.start),
                        "end": _moment(p.end),
                        "line": p.line,
                    }
                    for p in s.papers
                ],
                "notes": list(s.notes),
                "line": s.line,
            }
            for s in program.sessions
        ],
    }
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def program_from_text(text: str) -> Program:
    document = json.loads(text)
    meta = document["conference"]
    zone = ZoneInfo(meta["timezone"])

    def local(value: Any) -> datetime | None:
        moment = _parse_moment(value)
        return None if moment is None else moment.astimezone(zone)

    sessions = tuple(
        Session(
            id=s["id"],
            title=s["title"],
            kind=SessionKind(s["kind"]),
            day=None if s["day"] is None else date.fromisoformat(s["day"]),
            start=local(s["start"]),
            end=local(s["end"]),
            room=s["room"],
            track=s["track"],
            chairs=_persons(s["chairs"]),
            papers=tuple(
                Paper(
                    title=p["title"],
                    authors=_persons(p["authors"]),
                    url=p["url"],
                    start=local(p["start"]),
                    end=local(p["end"]),
                    line=p["line"],
                )
                for p in s["papers"]
            ),
            notes=tuple(s["notes"]),
            line=s["line"],
        )
        for s in document["sessions"]
    )
    conference = Conference(
        name=meta["name"], timezone=meta["timezone"], year=meta["year"], source=meta["source"]
    )
    return Program(conference=conference, sessions=sessions)
