"""SourceStore: each conference's watched program URL, what its fetches found, and the lease
that lets one bot process at a time fetch it.

Several processes may share the database. A fetch starts with `claim`, one conditional UPDATE
that succeeds only when the source is due and nobody holds its lease (SQLite runs one writer
at a time; PostgreSQL re-checks the WHERE clause of an UPDATE that waited for another's lock),
so between them the processes fetch each source once per interval. A lease expires, so a
process that died mid-fetch holds nothing for long. Leases and due times are on the real clock
(`now`), as in `DeliveryStore`: polling a web server takes real time whatever the bot's clock
says. Every method is one unit of work; only `bot.model.ProgramSource` comes out.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from enum import Enum

from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.model import ProgramSource
from bot.storage.tables import ProgramSourceRow, utcnow


class _Keep(Enum):
    KEEP = "keep"


# `configure`'s alert channel when the caller names none: the one stored stays.
KEEP = _Keep.KEEP

# What `finish` may write besides the lease and the due time.
OUTCOME_FIELDS = frozenset(
    {
        "etag",
        "last_modified",
        "body_hash",
        "fetched_at",
        "changed_at",
        "failure",
        "failed_at",
        "failure_notified",
    }
)


class SourceStore:
    def __init__(
        self, sessions: async_sessionmaker[AsyncSession], *, now: Callable[[], datetime] = utcnow
    ) -> None:
        self._sessions = sessions
        self._now = now

    async def configure(
        self,
        slug: str,
        url: str,
        every_minutes: int,
        *,
        alert_channel_id: int | _Keep | None = KEEP,
    ) -> ProgramSource:
        """Watch `url` for conference `slug` every `every_minutes`. A new URL starts afresh
        (no validators, no failure) and is due at once; the same URL keeps its state. The
        alert channel is written in the same transaction, so a watcher that polls the new
        source at once already knows where to tell the organisers."""
        try:
            return await self._configure(slug, url, every_minutes, alert_channel_id)
        except IntegrityError:
            # Another process inserted the row first (two starting with one PROGRAM_URL):
            # it exists now, so the second try updates it.
            return await self._configure(slug, url, every_minutes, alert_channel_id)

    async def _configure(
        self, slug: str, url: str, every_minutes: int, alert_channel_id: int | _Keep | None
    ) -> ProgramSource:
        async with self._sessions.begin() as db:
            row = await db.get(ProgramSourceRow, slug, with_for_update=True)
            if row is None:
                row = ProgramSourceRow(slug=slug, failure_notified=False)
                db.add(row)
            if row.url != url:
                row.url = url
                row.etag = row.last_modified = row.body_hash = None
                row.failure = None
                row.failed_at = None
                row.failure_notified = False
                row.due_at = None
            elif row.every_minutes != every_minutes and row.checked_at is not None:
                row.due_at = row.checked_at + timedelta(minutes=every_minutes)
            row.every_minutes = every_minutes
            if alert_channel_id is not KEEP:
                row.alert_channel_id = alert_channel_id
            await db.flush()
            return _source(row)

    async def remove(self, slug: str) -> bool:
        async with self._sessions.begin() as db:
            result = await db.execute(delete(ProgramSourceRow).where(ProgramSourceRow.slug == slug))
            return bool(getattr(result, "rowcount", 0))

    async def get(self, slug: str) -> ProgramSource | None:
        async with self._sessions.begin() as db:
            row = await db.get(ProgramSourceRow, slug)
            return None if row is None else _source(row)

    async def slugs(self) -> list[str]:
        async with self._sessions.begin() as db:
            rows = await db.execute(select(ProgramSourceRow.slug).order_by(ProgramSourceRow.slug))
            return list(rows.scalars())

    def now(self) -> datetime:
        """The real clock the leases and due times are on."""
        return self._now()

    async def seconds_until_due(self) -> float | None:
        """Seconds until the next source falls due (0: one is due); None without any."""
        async with self._sessions.begin() as db:
            total, timed, earliest = (
                await db.execute(
                    select(
                        func.count(),
                        func.count(ProgramSourceRow.due_at),
                        func.min(ProgramSourceRow.due_at),
                    )
                )
            ).one()
        if not total:
            return None
        if timed < total or earliest is None:
            return 0.0
        return max(0.0, (earliest - self._now()).total_seconds())

    async def claim(self, slug: str, owner: str, lease: timedelta) -> ProgramSource | None:
        """Take the lease on a due source for `owner`; None when it is not due or another
        process holds it."""
        now = self._now()
        async with self._sessions.begin() as db:
            result = await db.execute(
                update(ProgramSourceRow)
                .where(
                    ProgramSourceRow.slug == slug,
                    or_(ProgramSourceRow.due_at.is_(None), ProgramSourceRow.due_at <= now),
                    or_(
                        ProgramSourceRow.lease_expires_at.is_(None),
                        ProgramSourceRow.lease_expires_at < now,
                    ),
                )
                .values(lease_owner=owner, lease_expires_at=now + lease)
            )
            if getattr(result, "rowcount", 0) != 1:
                return None
            row = await db.get(ProgramSourceRow, slug, populate_existing=True)
            return None if row is None else _source(row)

    async def finish(self, slug: str, owner: str, **outcome: object) -> bool:
        """End `owner`'s lease, note the fetch and when the next is due; write `outcome`
        (fields of `OUTCOME_FIELDS`). False when the lease was no longer `owner`'s."""
        unknown = set(outcome) - OUTCOME_FIELDS
        if unknown:
            raise ValueError(f"not outcome fields: {sorted(unknown)}")
        now = self._now()
        async with self._sessions.begin() as db:
            row = await db.get(ProgramSourceRow, slug, with_for_update=True)
            if row is None or row.lease_owner != owner:
                return False
            for name, value in outcome.items():
                setattr(row, name, value)
            row.checked_at = now
            row.due_at = now + timedelta(minutes=row.every_minutes)
            row.lease_owner = None
            row.lease_expires_at = None
            return True


def _source(row: ProgramSourceRow) -> ProgramSource:
    return ProgramSource(
        slug=row.slug,
        url=row.url,
        every_minutes=row.every_minutes,
        etag=row.etag,
        last_modified=row.last_modified,
        body_hash=row.body_hash,
        checked_at=row.checked_at,
        fetched_at=row.fetched_at,
        changed_at=row.changed_at,
        failure=row.failure,
        failed_at=row.failed_at,
        failure_notified=bool(row.failure_notified),
        alert_channel_id=row.alert_channel_id,
    )
