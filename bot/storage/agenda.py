"""AgendaStore: the sessions each person plans to attend, their agenda reminders, the notices
that tell them what a reload did, and how often each session moved (a calendar's SEQUENCE).

Items point at the session's row, which survives reloads, and are handed back by the session's
current key. One transaction per call.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.storage.tables import (
    AgendaItemRow,
    AgendaNoticeRow,
    AgendaReminderRow,
    ConferenceRow,
    SessionMoveRow,
    SessionRow,
    utcnow,
)


@dataclass(frozen=True, slots=True)
class StoredItem:
    """An agenda row: whose, which session (its key now), the papers picked, dropped or not."""

    user_id: int
    session_key: str
    papers: tuple[str, ...]
    dropped: bool


@dataclass(frozen=True, slots=True)
class AgendaReminderSetting:
    """`/remind agenda`: how long before each item, and where."""

    user_id: int
    minutes_before: int
    via: str
    guild_id: int | None = None
    channel_id: int | None = None


class AgendaStore:
    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        *,
        now: Callable[[], datetime] = utcnow,
    ) -> None:
        self._sessions = sessions
        self._now = now

    # -- items ------------------------------------------------------------------------------

    async def items(
        self, slug: str, user_id: int | None = None, *, keys: Collection[str] | None = None
    ) -> list[StoredItem]:
        """Agenda rows of one person (or everyone), optionally only of the sessions `keys`."""
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            query = (
                select(AgendaItemRow, SessionRow.key)
                .join(SessionRow, AgendaItemRow.session_id == SessionRow.id)
                .where(AgendaItemRow.conference_id == conference_id)
            )
            if user_id is not None:
                query = query.where(AgendaItemRow.user_id == user_id)
            if keys is not None:
                query = query.where(SessionRow.key.in_(set(keys)))
            rows = (await db.execute(query.order_by(AgendaItemRow.id))).all()
            return [
                StoredItem(row.user_id, key, tuple(row.papers or ()), row.dropped_at is not None)
                for row, key in rows
            ]

    async def add(self, slug: str, user_id: int, key: str, paper: str | None = None) -> bool:
        """Put a session on the agenda (remembering `paper`); False when it was there already
        with that paper."""
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            session_id = await _session_id(db, conference_id, key)
            row = await db.scalar(
                select(AgendaItemRow).where(
                    AgendaItemRow.conference_id == conference_id,
                    AgendaItemRow.user_id == user_id,
                    AgendaItemRow.session_id == session_id,
                )
            )
            if row is None:
                db.add(
                    AgendaItemRow(
                        conference_id=conference_id,
                        user_id=user_id,
                        session_id=session_id,
                        papers=[paper] if paper else [],
                        added_at=self._now(),
                    )
                )
                return True
            changed = row.dropped_at is not None
            row.dropped_at = None
            if paper and paper not in (row.papers or []):
                row.papers = [*(row.papers or []), paper]  # a new list: JSON is not tracked
                changed = True
            return changed

    async def remove(self, slug: str, user_id: int, key: str) -> bool:
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            session_id = await _session_id(db, conference_id, key)
            result = await db.execute(
                delete(AgendaItemRow).where(
                    AgendaItemRow.conference_id == conference_id,
                    AgendaItemRow.user_id == user_id,
                    AgendaItemRow.session_id == session_id,
                )
            )
            return bool(getattr(result, "rowcount", 0))

    async def clear(self, slug: str, user_id: int) -> int:
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            result = await db.execute(
                delete(AgendaItemRow).where(
                    AgendaItemRow.conference_id == conference_id,
                    AgendaItemRow.user_id == user_id,
                )
            )
            return int(getattr(result, "rowcount", 0))

    async def set_dropped(self, slug: str, keys: Collection[str], *, dropped: bool) -> None:
        """Mark the items of these sessions dropped (their session went) or back again."""
        if not keys:
            return
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            rows = await db.scalars(
                select(AgendaItemRow)
                .join(SessionRow, AgendaItemRow.session_id == SessionRow.id)
                .where(AgendaItemRow.conference_id == conference_id, SessionRow.key.in_(keys))
            )
            for row in rows:
                row.dropped_at = self._now() if dropped else None

    # -- session moves ----------------------------------------------------------------------

    async def count_moves(
        self, slug: str, changed: Collection[tuple[str, str | None, bool]]
    ) -> None:
        """For each (key, previous key, moved) session: one more move if it moved; and one whose
        key changed keeps the first key it had, for its calendar UID."""
        if not changed:
            return
        previous = {key: before for key, before, _ in changed}
        bumped = {key for key, _, moved in changed if moved}
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            ids = dict(
                (
                    await db.execute(
                        select(SessionRow.id, SessionRow.key).where(
                            SessionRow.conference_id == conference_id,
                            SessionRow.key.in_(previous),
                        )
                    )
                ).all()
            )
            existing = {
                row.session_id: row
                for row in await db.scalars(
                    select(SessionMoveRow).where(SessionMoveRow.session_id.in_(ids))
                )
            }
            for session_id, key in ids.items():
                row = existing.get(session_id)
                if row is None:
                    row = SessionMoveRow(session_id=session_id, moves=0)
                    db.add(row)
                row.moves += 1 if key in bumped else 0
                if row.first_key is None:
                    row.first_key = previous[key]

    async def moves(self, slug: str) -> dict[str, tuple[int, str | None]]:
        """Session key -> (how often reloads moved it, the first key it had if it changed);
        sessions never moved are left out."""
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            rows = await db.execute(
                select(SessionRow.key, SessionMoveRow.moves, SessionMoveRow.first_key)
                .join(SessionMoveRow, SessionMoveRow.session_id == SessionRow.id)
                .where(SessionRow.conference_id == conference_id)
            )
            return {key: (moves, first) for key, moves, first in rows.all()}

    # -- agenda reminders -------------------------------------------------------------------

    async def set_reminder(
        self, slug: str, setting: AgendaReminderSetting | None, user_id: int
    ) -> None:
        """Turn `/remind agenda` on (or change it) for `user_id`, or off with None."""
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            row = await db.scalar(
                select(AgendaReminderRow).where(
                    AgendaReminderRow.conference_id == conference_id,
                    AgendaReminderRow.user_id == user_id,
                )
            )
            if setting is None:
                if row is not None:
                    await db.delete(row)
                return
            if row is None:
                row = AgendaReminderRow(conference_id=conference_id, user_id=user_id)
                db.add(row)
            row.minutes_before = setting.minutes_before
            row.via = setting.via
            row.guild_id = setting.guild_id
            row.channel_id = setting.channel_id

    async def reminder(self, slug: str, user_id: int) -> AgendaReminderSetting | None:
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            row = await db.scalar(
                select(AgendaReminderRow).where(
                    AgendaReminderRow.conference_id == conference_id,
                    AgendaReminderRow.user_id == user_id,
                )
            )
            if row is None:
                return None
            return AgendaReminderSetting(
                row.user_id, row.minutes_before, row.via, row.guild_id, row.channel_id
            )

    # -- notices ----------------------------------------------------------------------------

    async def save_notice(self, delivery_id: int, body: Sequence[dict[str, Any]]) -> None:
        async with self._sessions.begin() as db:
            row = await db.get(AgendaNoticeRow, delivery_id)
            if row is None:
                db.add(AgendaNoticeRow(delivery_id=delivery_id, body=list(body)))
            else:
                row.body = list(body)

    async def notice(self, delivery_id: int) -> list[dict[str, Any]]:
        async with self._sessions.begin() as db:
            row = await db.get(AgendaNoticeRow, delivery_id)
            return list(row.body) if row is not None else []


async def _conference_id(db: AsyncSession, slug: str) -> int:
    conference_id = await db.scalar(select(ConferenceRow.id).where(ConferenceRow.slug == slug))
    if conference_id is None:
        raise LookupError(f"no conference {slug!r} is stored")
    return conference_id


async def _session_id(db: AsyncSession, conference_id: int, key: str) -> int:
    session_id = await db.scalar(
        select(SessionRow.id).where(
            SessionRow.conference_id == conference_id, SessionRow.key == key
        )
    )
    if session_id is None:
        raise LookupError(f"no session {key!r} is stored")
    return session_id
