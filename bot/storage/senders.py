"""SenderStore: the bot processes that send on the bot's one token, each with a heartbeat.

Every sending process renews its own row every few seconds (`beat`); a row not renewed within
`stale_after` belongs to a process that died or lost the database, and whichever process beats
next deletes it. So the rows seen recently are the processes sharing the token's request rate.
A clean stop deletes its own row at once (`leave`). Heartbeats are on the real clock (`now`),
as claim leases are: a process's liveness takes real time whatever the bot's clock says.
Processes on several hosts compare each other's heartbeats, so their clocks must agree to well
within `stale_after` (NTP), as they must already for leases.

Each method is one unit of work. `beat` writes the process's own row before it counts, so a
process deleting stale rows at the same moment never takes a row renewed meanwhile
(PostgreSQL re-checks a DELETE's WHERE clause on a row that another transaction changed).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.model import SenderCensus
from bot.storage.tables import SenderRow, utcnow


class SenderStore:
    def __init__(
        self, sessions: async_sessionmaker[AsyncSession], *, now: Callable[[], datetime] = utcnow
    ) -> None:
        self._sessions = sessions
        self._now = now

    async def beat(
        self, name: str, *, stale_after: timedelta, refused: bool = False
    ) -> SenderCensus:
        """Renew `name`'s heartbeat (registering it if it has none), drop the entries not seen
        within `stale_after`, and count the live ones. `refused`: this process was refused
        for sending too fast since its last heartbeat (recorded as now, for the others)."""
        now = self._now()
        refused_at = now if refused else None
        values: dict[str, Any] = {"seen_at": now}
        if refused_at is not None:
            values["refused_at"] = refused_at
        async with self._sessions.begin() as db:
            renewed = await db.execute(
                update(SenderRow).where(SenderRow.name == name).values(**values)
            )
            joined = getattr(renewed, "rowcount", 0) != 1
            if joined:
                db.add(SenderRow(name=name, started_at=now, seen_at=now, refused_at=refused_at))
                await db.flush()
            await db.execute(delete(SenderRow).where(SenderRow.seen_at < now - stale_after))
            live = (await db.execute(select(func.count()).select_from(SenderRow))).scalar_one()
            peer_refused_at = (
                await db.execute(
                    select(func.max(SenderRow.refused_at)).where(SenderRow.name != name)
                )
            ).scalar_one()
        return SenderCensus(live=int(live), joined=joined, at=now, peer_refused_at=peer_refused_at)

    async def leave(self, name: str) -> bool:
        """Deregister `name` (a clean stop); False when it was not registered."""
        async with self._sessions.begin() as db:
            result = await db.execute(delete(SenderRow).where(SenderRow.name == name))
            return bool(getattr(result, "rowcount", 0))

    async def forget_others(self, name: str) -> int:
        """Drop every entry but `name`'s: for the only process a database may have (SQLite),
        whose other entries are earlier runs that were killed. How many were dropped."""
        async with self._sessions.begin() as db:
            result = await db.execute(delete(SenderRow).where(SenderRow.name != name))
            return int(getattr(result, "rowcount", 0))

    async def live(self, stale_after: timedelta) -> int:
        """How many processes were seen within `stale_after` (for status and tests)."""
        cutoff = self._now() - stale_after
        async with self._sessions.begin() as db:
            count = await db.execute(
                select(func.count()).select_from(SenderRow).where(SenderRow.seen_at >= cutoff)
            )
            return int(count.scalar_one())
