"""People of the program linked to server members, and members' claims waiting for organisers.

A link is keyed by conference, server and printed name: one member per person in a server
(linking a name again moves it). Claims are kept after their decision, for the record.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.model import PersonClaim, PersonLink
from bot.storage.tables import ConferenceRow, PersonClaimRow, PersonLinkRow, utcnow

PENDING = "pending"


class PeopleStore:
    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        *,
        now: Callable[[], datetime] = utcnow,
    ) -> None:
        self._sessions = sessions
        self._now = now

    async def link(
        self, slug: str, guild_id: int, name: str, user_id: int, origin: str
    ) -> PersonLink:
        """Link `name` to `user_id` in this server (replacing whoever it was linked to)."""
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            row = await db.scalar(
                select(PersonLinkRow)
                .where(
                    PersonLinkRow.conference_id == conference_id,
                    PersonLinkRow.guild_id == guild_id,
                    PersonLinkRow.person_name == name,
                )
                .with_for_update()
            )
            if row is None:
                row = PersonLinkRow(
                    conference_id=conference_id,
                    guild_id=guild_id,
                    person_name=name,
                    user_id=user_id,
                    origin=origin,
                    reminders=True,
                )
                db.add(row)
            elif row.user_id != user_id:
                row.user_id, row.origin, row.reminders = user_id, origin, True
            await db.flush()
            return _link(row)

    async def links_of(self, slug: str, guild_id: int, user_id: int) -> list[PersonLink]:
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            rows = await db.scalars(
                select(PersonLinkRow)
                .where(
                    PersonLinkRow.conference_id == conference_id,
                    PersonLinkRow.guild_id == guild_id,
                    PersonLinkRow.user_id == user_id,
                )
                .order_by(PersonLinkRow.person_name)
            )
            return [_link(row) for row in rows]

    async def set_reminders(self, slug: str, guild_id: int, user_id: int, on: bool) -> int:
        """Turn the member's automatic reminders on or off for every person linked to them."""
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            result = await db.execute(
                update(PersonLinkRow)
                .where(
                    PersonLinkRow.conference_id == conference_id,
                    PersonLinkRow.guild_id == guild_id,
                    PersonLinkRow.user_id == user_id,
                )
                .values(reminders=on)
            )
            return int(result.rowcount)  # type: ignore[attr-defined]

    # -- claims --------------------------------------------------------------------------------

    async def add_claim(self, slug: str, guild_id: int, name: str, user_id: int) -> PersonClaim:
        """A pending claim; the member's earlier pending claim of the same name is reused."""
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            row = await db.scalar(
                select(PersonClaimRow).where(
                    PersonClaimRow.conference_id == conference_id,
                    PersonClaimRow.guild_id == guild_id,
                    PersonClaimRow.user_id == user_id,
                    PersonClaimRow.person_name == name,
                    PersonClaimRow.state == PENDING,
                )
            )
            if row is None:
                row = PersonClaimRow(
                    conference_id=conference_id,
                    guild_id=guild_id,
                    person_name=name,
                    user_id=user_id,
                    state=PENDING,
                    requested_at=self._now(),
                )
                db.add(row)
                await db.flush()
            return _claim(row)

    async def pending_claims(self, slug: str, guild_id: int, user_id: int) -> list[PersonClaim]:
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            rows = await db.scalars(
                select(PersonClaimRow)
                .where(
                    PersonClaimRow.conference_id == conference_id,
                    PersonClaimRow.guild_id == guild_id,
                    PersonClaimRow.user_id == user_id,
                    PersonClaimRow.state == PENDING,
                )
                .order_by(PersonClaimRow.id)
            )
            return [_claim(row) for row in rows]

    async def decide(
        self, slug: str, guild_id: int, claim_id: int, state: str, by: int
    ) -> tuple[PersonClaim, bool]:
        """Mark a pending claim approved or rejected; (the claim, whether this call decided
        it). A claim of another conference or server is not found (LookupError)."""
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            row = await db.scalar(
                select(PersonClaimRow)
                .where(
                    PersonClaimRow.id == claim_id,
                    PersonClaimRow.conference_id == conference_id,
                    PersonClaimRow.guild_id == guild_id,
                )
                .with_for_update()
            )
            if row is None:
                raise LookupError(f"no claim {claim_id}")
            if row.state != PENDING:
                return _claim(row), False
            row.state, row.decided_by, row.decided_at = state, by, self._now()
            await db.flush()
            return _claim(row), True


async def _conference_id(db: AsyncSession, slug: str) -> int:
    conference_id = await db.scalar(select(ConferenceRow.id).where(ConferenceRow.slug == slug))
    if conference_id is None:
        raise LookupError(f"no conference {slug!r} is stored")
    return conference_id


def _link(row: PersonLinkRow) -> PersonLink:
    return PersonLink(row.person_name, row.user_id, row.origin, row.reminders)


def _claim(row: PersonClaimRow) -> PersonClaim:
    return PersonClaim(
        id=row.id,
        guild_id=row.guild_id,
        name=row.person_name,
        user_id=row.user_id,
        state=row.state,
        requested_at=row.requested_at,
        decided_by=row.decided_by,
    )
