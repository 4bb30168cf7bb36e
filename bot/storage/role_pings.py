"""RolePingStore: members' opt-ins to a server's burst post, and what a burst then sends.

A burst is the DM reminders of one session due at one moment. Its size is counted over every
such row whatever its state (sent, cancelled...): during a burst the count only grows, so a
DM left out because the burst was large is never followed by a role ping that finds it small
(the worst a reminder added meanwhile can do is a member told twice, never not at all).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import cast

from sqlalchemy import Table, delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.model import DeliveryKind, DeliveryRecord, DeliveryState
from bot.storage.tables import ConferenceRow, DeliveryRow, GuildSettingRow, RolePingRow, SessionRow

DELIVERIES = cast(Table, DeliveryRow.__table__)
REMINDER = DeliveryKind.REMINDER.value
ROLE_PING = DeliveryKind.ROLE_PING.value
# A role ping in one of these states tells its opted-in members (or is about to).
_PING_LIVE = [
    DeliveryState.PENDING.value,
    DeliveryState.CLAIMED.value,
    DeliveryState.SENT.value,
    DeliveryState.LATE.value,
]


class RolePingStore:
    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions

    # -- members' opt-ins ------------------------------------------------------------------

    async def opt_in(self, slug: str, guild_id: int, session_key: str, user_id: int) -> bool:
        """Record the opt-in; False if it was there already."""
        async with self._sessions.begin() as db:
            conference_id, session_id = await _ids(db, slug, session_key)
            if await _opt_in_row(db, conference_id, guild_id, session_id, user_id) is not None:
                return False
            db.add(
                RolePingRow(
                    conference_id=conference_id,
                    guild_id=guild_id,
                    session_id=session_id,
                    user_id=user_id,
                )
            )
            return True

    async def opt_out(self, slug: str, guild_id: int, session_key: str, user_id: int) -> bool:
        """Drop the opt-in; False if there was none."""
        async with self._sessions.begin() as db:
            conference_id, session_id = await _ids(db, slug, session_key)
            result = await db.execute(
                delete(RolePingRow).where(
                    RolePingRow.conference_id == conference_id,
                    RolePingRow.guild_id == guild_id,
                    RolePingRow.session_id == session_id,
                    RolePingRow.user_id == user_id,
                )
            )
            return bool(result.rowcount)  # type: ignore[attr-defined]

    async def opted_in(self, slug: str, guild_id: int, session_key: str, user_id: int) -> bool:
        async with self._sessions.begin() as db:
            conference_id, session_id = await _ids(db, slug, session_key)
            row = await _opt_in_row(db, conference_id, guild_id, session_id, user_id)
            return row is not None

    async def opt_ins(self, slug: str, guild_id: int, *, session_key: str | None = None,
                      user_id: int | None = None) -> int:  # fmt: skip
        """How many opt-ins the server holds for a session, or a member, or both."""
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            query = (
                select(func.count())
                .select_from(RolePingRow)
                .where(RolePingRow.conference_id == conference_id, RolePingRow.guild_id == guild_id)
            )
            if session_key is not None:
                _, session_id = await _ids(db, slug, session_key)
                query = query.where(RolePingRow.session_id == session_id)
            if user_id is not None:
                query = query.where(RolePingRow.user_id == user_id)
            return int(await db.scalar(query) or 0)

    # -- bursts ----------------------------------------------------------------------------

    async def burst_size(self, slug: str, session_key: str, due_at: datetime) -> int:
        """How many DM reminders of the session fall due at `due_at` (every state)."""
        async with self._sessions.begin() as db:
            conference_id, session_id = await _ids(db, slug, session_key)
            return await _burst_size(db, conference_id, session_id, due_at)

    async def burst_over_threshold(self, record: DeliveryRecord) -> bool:
        """For a role ping: does its burst exceed its server's threshold (still switched on)?"""
        async with self._sessions.begin() as db:
            conference_id, session_id = await _ids(db, record.conference, record.session_id)
            threshold = await db.scalar(
                select(GuildSettingRow.burst_threshold).where(
                    GuildSettingRow.conference_id == conference_id,
                    GuildSettingRow.guild_id == record.guild_id,
                )
            )
            if threshold is None:
                return False
            return await _burst_size(db, conference_id, session_id, record.due_at) > threshold

    async def covered(self, records: Iterable[DeliveryRecord]) -> set[int]:
        """Of a claimed batch, the DM reminders whose member opted in to a role ping that
        tells them instead: the ping for that moment is live and the burst is over the
        server's threshold. One query for the batch, one count per burst in it."""
        candidates = {
            r.id: r
            for r in records
            if r.kind is DeliveryKind.REMINDER and r.via == "dm" and r.user_id is not None
        }
        if not candidates:
            return set()
        reminder, ping = (
            DeliveryRow.__table__.alias("reminder"),
            DeliveryRow.__table__.alias("ping"),
        )
        query = (
            select(
                reminder.c.id,
                reminder.c.conference_id,
                reminder.c.session_id,
                GuildSettingRow.burst_threshold,
            )
            .join(
                RolePingRow,
                (RolePingRow.conference_id == reminder.c.conference_id)
                & (RolePingRow.session_id == reminder.c.session_id)
                & (RolePingRow.user_id == reminder.c.user_id),
            )
            .join(
                GuildSettingRow,
                (GuildSettingRow.conference_id == RolePingRow.conference_id)
                & (GuildSettingRow.guild_id == RolePingRow.guild_id),
            )
            .where(
                reminder.c.id.in_(list(candidates)),
                GuildSettingRow.burst_threshold.is_not(None),
                select(ping.c.id)
                .where(
                    ping.c.conference_id == reminder.c.conference_id,
                    ping.c.session_id == reminder.c.session_id,
                    ping.c.kind == ROLE_PING,
                    ping.c.guild_id == RolePingRow.guild_id,
                    ping.c.due_at == reminder.c.due_at,
                    ping.c.state.in_(_PING_LIVE),
                )
                .exists(),
            )
        )
        covered: set[int] = set()
        async with self._sessions.begin() as db:
            sizes: dict[tuple[int, int, datetime], int] = {}
            for delivery_id, conference_id, session_id, threshold in (
                await db.execute(query)
            ).all():
                due_at = candidates[delivery_id].due_at
                key = (conference_id, session_id, due_at)
                if key not in sizes:
                    sizes[key] = await _burst_size(db, conference_id, session_id, due_at)
                if sizes[key] > threshold:
                    covered.add(delivery_id)
        return covered


async def _burst_size(db: AsyncSession, conference_id: int, session_id: int, due: datetime) -> int:
    count = await db.scalar(
        select(func.count())
        .select_from(DeliveryRow)
        .where(
            DeliveryRow.conference_id == conference_id,
            DeliveryRow.session_id == session_id,
            DeliveryRow.kind == REMINDER,
            DeliveryRow.via == "dm",
            DeliveryRow.due_at == due,
        )
    )
    return int(count or 0)


async def _opt_in_row(
    db: AsyncSession, conference_id: int, guild_id: int, session_id: int, user_id: int
) -> RolePingRow | None:
    row: RolePingRow | None = await db.scalar(
        select(RolePingRow).where(
            RolePingRow.conference_id == conference_id,
            RolePingRow.guild_id == guild_id,
            RolePingRow.session_id == session_id,
            RolePingRow.user_id == user_id,
        )
    )
    return row


async def _conference_id(db: AsyncSession, slug: str) -> int:
    conference_id = await db.scalar(select(ConferenceRow.id).where(ConferenceRow.slug == slug))
    if conference_id is None:
        raise LookupError(f"no conference {slug!r} is stored")
    return conference_id


async def _ids(db: AsyncSession, slug: str, session_key: str) -> tuple[int, int]:
    """The conference's row and the session's row (which survives reloads)."""
    conference_id = await _conference_id(db, slug)
    session_id = await db.scalar(
        select(SessionRow.id).where(
            SessionRow.conference_id == conference_id, SessionRow.key == session_key
        )
    )
    if session_id is None:
        raise LookupError(f"no session {session_key!r} in {slug!r}")
    return conference_id, session_id
