"""DmChannelStore: each user's DM channel id, so a DM costs one request in every process."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.storage.tables import DmChannelRow, utcnow


class DmChannelStore:
    def __init__(
        self, sessions: async_sessionmaker[AsyncSession], *, now: Callable[[], datetime] = utcnow
    ) -> None:
        self._sessions = sessions
        self._now = now

    async def get_many(self, user_ids: Iterable[int]) -> dict[int, int]:
        """The known DM channel of each of these users (user id -> channel id)."""
        wanted = list(set(user_ids))
        if not wanted:
            return {}
        async with self._sessions.begin() as db:
            rows = await db.execute(
                select(DmChannelRow.user_id, DmChannelRow.channel_id).where(
                    DmChannelRow.user_id.in_(wanted)
                )
            )
            return {user: channel for user, channel in rows.all()}

    async def put(self, user_id: int, channel_id: int) -> None:
        """Remember (or replace) a user's DM channel; safe when two processes race."""
        await self.put_many({user_id: channel_id})

    async def put_many(self, channels: dict[int, int]) -> None:
        """Remember (or replace) several users' DM channels in one transaction."""
        if not channels:
            return
        now = self._now()
        async with self._sessions.begin() as db:
            insert = pg_insert if db.get_bind().dialect.name == "postgresql" else sqlite_insert
            statement = insert(DmChannelRow)
            await db.execute(
                statement.on_conflict_do_update(
                    index_elements=[DmChannelRow.user_id],
                    set_={
                        "channel_id": statement.excluded.channel_id,
                        "updated_at": statement.excluded.updated_at,
                    },
                ),
                [
                    {"user_id": user, "channel_id": channel, "updated_at": now}
                    for user, channel in channels.items()
                ],
            )

    async def forget(self, user_id: int) -> None:
        async with self._sessions.begin() as db:
            await db.execute(delete(DmChannelRow).where(DmChannelRow.user_id == user_id))
