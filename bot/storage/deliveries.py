"""DeliveryStore: reminders, announcements and notices, and the claims that send each once.

A scheduler claims due rows atomically: on PostgreSQL with `SELECT … FOR UPDATE SKIP LOCKED`
inside the claiming UPDATE, on SQLite with a conditional UPDATE (SQLite runs one writer at a
time). A claim expires, so the rows of a process that died mid-send are claimed again by
another; the message's nonce (derived from the row id) lets Discord drop the repeat.

Due times are on the bot's clock (which `SIMULATE_SPEED` may speed up); claim leases are on
the real clock (`lease_now`), because sending takes real time whatever the bot's clock says.
Claims and marks go in batches: one transaction per claim, one per batch of marks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from sqlalchemy import (
    Integer,
    Row,
    Table,
    Update,
    and_,
    bindparam,
    func,
    or_,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker

from bot.model import (
    DeliveryKind,
    DeliveryMark,
    DeliveryRecord,
    DeliverySpec,
    DeliveryState,
    GuildSettings,
    PersonLink,
)
from bot.storage.tables import (
    ConferenceRow,
    DeliveryRow,
    GuildSettingRow,
    PersonLinkRow,
    SessionRow,
    utcnow,
)

PENDING = DeliveryState.PENDING.value
CLAIMED = DeliveryState.CLAIMED.value
SHARD_SHIFT = 4194304  # 2**22: Discord's shard of a guild is (guild_id >> 22) % shard_count

# The table itself, for the scheduler's batch statements: a plain UPDATE skips the ORM's bulk
# machinery, which cost more per row than the SQL did.
DELIVERIES = cast(Table, DeliveryRow.__table__)

# What a DeliveryRecord is made of: a claim returns only these (each timestamp returned is
# converted in Python, thousands of times in a burst).
_RECORD_COLUMNS = [
    DELIVERIES.c[name]
    for name in (
        "id", "kind", "session_id", "state", "due_at", "via", "minutes_before", "user_id",
        "guild_id", "channel_id", "role_id", "reason", "notice", "attempts", "fallback",
        "delivered_at", "not_before",
    )
]  # fmt: skip

# States a re-added reminder comes back from; a sent one stays sent.
_REVIVABLE = {DeliveryState.CANCELLED.value, DeliveryState.FAILED.value}

_C = DELIVERIES.c


ROLE_PING = DeliveryKind.ROLE_PING.value


def _due() -> Any:
    """Pending and due by the horizon (a retry not before its time), or claimed and run out.
    A role ping is never taken early: it is one post, due when its burst is."""
    return or_(
        and_(
            _C.state == PENDING,
            or_(
                and_(_C.due_at <= bindparam("p_horizon"), _C.kind != ROLE_PING),
                _C.due_at <= bindparam("p_now"),
            ),
            or_(_C.not_before.is_(None), _C.not_before <= bindparam("p_now")),
        ),
        and_(_C.state == CLAIMED, _C.claim_expires_at < bindparam("p_real")),
    )


def _claim_statement(dialect: str, shard: tuple[int, tuple[int, ...]] | None) -> Update:
    condition = _due()
    if shard is not None:
        count, shard_ids = shard
        mine = ((_C.guild_id // SHARD_SHIFT) % count).in_(list(shard_ids))
        condition = and_(condition, or_(_C.via == "dm", _C.guild_id.is_(None), mine))
    candidates = (
        select(_C.id)
        .where(condition)
        .order_by(_C.due_at)
        .limit(bindparam("p_limit", type_=Integer))
    )
    if dialect == "postgresql":
        # A materialised CTE runs the locking select exactly once. As a plain IN subquery
        # PostgreSQL may run it again per row, and with SKIP LOCKED each run finds other rows:
        # the update then takes more than `limit`, and rows another process is claiming then.
        chosen = (
            candidates.with_for_update(skip_locked=True).cte("due_rows").prefix_with("MATERIALIZED")
        )
        ids = select(chosen.c.id).scalar_subquery()
    else:
        ids = candidates.scalar_subquery()  # SQLite runs one writer at a time
    return (
        update(DELIVERIES)
        .where(_C.id.in_(ids), _due())
        .values(
            state=CLAIMED,
            claimed_by=bindparam("p_owner"),
            claim_expires_at=bindparam("p_expires"),
            attempts=_C.attempts + 1,
            updated_at=bindparam("p_now"),
        )
        # Plain rows, not ORM objects: a burst claims thousands.
        .returning(*_RECORD_COLUMNS)
    )


def _ending(state: DeliveryState) -> str:
    if state is DeliveryState.PENDING:
        return "retry"
    return "delivered" if state in {DeliveryState.SENT, DeliveryState.LATE} else "ended"


def _settle_statement(ending: str, any_owner: bool) -> Update:
    values: dict[str, Any] = {
        "state": bindparam("p_state"),
        "reason": bindparam("p_reason"),
        "claimed_by": None,
        "claim_expires_at": None,
        "updated_at": bindparam("p_now"),
    }
    if ending == "retry":
        values["not_before"] = bindparam("p_not_before")
    else:
        values["fallback"] = bindparam("p_fallback")
        if ending == "delivered":
            values["delivered_at"] = bindparam("p_now")
    held = (
        _C.state.in_([CLAIMED, PENDING])
        if any_owner
        else and_(_C.state == CLAIMED, _C.claimed_by == bindparam("p_owner"))
    )
    return (
        update(DELIVERIES)
        .where(_C.id.in_(bindparam("p_ids", expanding=True)), held)
        .values(**values)
        .returning(_C.id)
    )


_SETTLE = {
    (ending, any_owner): _settle_statement(ending, any_owner)
    for ending in ("retry", "delivered", "ended")
    for any_owner in (False, True)
}

_RENEW = (
    update(DELIVERIES)
    .where(
        _C.id.in_(bindparam("p_ids", expanding=True)),
        _C.state == CLAIMED,
        _C.claimed_by == bindparam("p_owner"),
    )
    .values(claim_expires_at=bindparam("p_expires"))
)

_NEXT_DUE = select(
    select(func.min(_C.due_at))
    .where(_C.state == PENDING, _C.not_before.is_(None))
    .scalar_subquery(),
    select(func.min(_C.not_before))
    .where(_C.state == PENDING, _C.not_before.is_not(None))
    .scalar_subquery(),
    select(func.min(_C.claim_expires_at)).where(_C.state == CLAIMED).scalar_subquery(),
)

_DUE_COUNT = (
    select(func.count())
    .select_from(DELIVERIES)
    .where(_C.state == PENDING, _C.due_at <= bindparam("p_before", type_=_C.due_at.type))
)

_SESSIONS = cast(Table, SessionRow.__table__)
_CONFERENCES = cast(Table, ConferenceRow.__table__)
_SESSION_KEYS = (
    select(_SESSIONS.c.id, _SESSIONS.c.key, _SESSIONS.c.removed_at, _CONFERENCES.c.slug)
    .join(_CONFERENCES, _SESSIONS.c.conference_id == _CONFERENCES.c.id)
    .where(_SESSIONS.c.id.in_(bindparam("p_ids", expanding=True)))
)


class DeliveryStore:
    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        *,
        now: Callable[[], datetime] = utcnow,
        lease_now: Callable[[], datetime] = utcnow,
    ) -> None:
        self._sessions = sessions
        # The scheduler's statements skip the ORM session (see "the scheduler's side").
        self._engine = cast(AsyncEngine, sessions.kw["bind"])
        self._now = now
        self._lease_now = lease_now
        self._claims: dict[tuple[str, tuple[int, tuple[int, ...]] | None], Update] = {}

    @property
    def sessionmaker(self) -> async_sessionmaker[AsyncSession]:
        """The database these deliveries live in (stores of rows that go with them share it)."""
        return self._sessions

    # -- creating ---------------------------------------------------------------------------

    async def upsert(
        self, slug: str, specs: Sequence[DeliverySpec]
    ) -> list[tuple[DeliveryRecord, bool]]:
        """Create each delivery, or keep the one with its dedupe key (reviving a cancelled or
        failed one, moving a pending one to the new time). Returns (record, created)."""
        if not specs:
            return []
        now = self._now()
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            keys = {s.session_id for s in specs}
            session_rows = {
                row.key: row.id
                for row in (
                    await db.scalars(
                        select(SessionRow).where(
                            SessionRow.conference_id == conference_id, SessionRow.key.in_(keys)
                        )
                    )
                )
            }
            missing = keys - set(session_rows)
            if missing:
                raise LookupError(f"no session {sorted(missing)[0]!r} in {slug!r}")
            # The identity of a delivery is its spec's key plus the session's row, which
            # survives the session moving or being renamed.
            wanted = {f"{s.dedupe_key}@{session_rows[s.session_id]}": s for s in specs}
            existing = {
                row.dedupe_key: row
                for row in await db.scalars(
                    select(DeliveryRow).where(
                        DeliveryRow.conference_id == conference_id,
                        DeliveryRow.dedupe_key.in_(set(wanted)),
                    )
                )
            }
            results: list[tuple[DeliveryRow, bool]] = []
            for dedupe_key, spec in wanted.items():
                session_row_id = session_rows[spec.session_id]
                row = existing.get(dedupe_key)
                if row is None:
                    row = DeliveryRow(
                        conference_id=conference_id,
                        session_id=session_row_id,
                        kind=spec.kind.value,
                        dedupe_key=dedupe_key,
                        user_id=spec.user_id,
                        guild_id=spec.guild_id,
                        channel_id=spec.channel_id,
                        role_id=spec.role_id,
                        via=spec.via,
                        minutes_before=spec.minutes_before,
                        due_at=spec.due_at,
                        state=PENDING,
                        notice=spec.notice,
                        attempts=0,
                        created_at=now,
                        updated_at=now,
                    )
                    db.add(row)
                    existing[dedupe_key] = row
                    results.append((row, True))
                    continue
                created = False
                if row.state in _REVIVABLE:
                    row.state, row.reason, row.attempts = PENDING, None, 0
                    created = True
                if row.state == PENDING:
                    row.due_at = spec.due_at
                    row.channel_id, row.role_id = spec.channel_id, spec.role_id
                    row.not_before = None
                    row.updated_at = now
                results.append((row, created))
            await db.flush()
            keys_by_id = await _session_keys(db, {row.session_id for row, _ in results})
            return [(_record(row, keys_by_id), created) for row, created in results]

    # -- reading ----------------------------------------------------------------------------

    async def for_user(
        self, slug: str, user_id: int, kinds: Iterable[DeliveryKind] = (DeliveryKind.REMINDER,)
    ) -> list[DeliveryRecord]:
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            rows = list(
                await db.scalars(
                    select(DeliveryRow)
                    .where(
                        DeliveryRow.conference_id == conference_id,
                        DeliveryRow.user_id == user_id,
                        DeliveryRow.kind.in_([k.value for k in kinds]),
                    )
                    .order_by(DeliveryRow.due_at, DeliveryRow.id)
                )
            )
            keys = await _session_keys(db, {r.session_id for r in rows})
            return [_record(r, keys) for r in rows]

    async def pending(
        self, slug: str, kinds: Iterable[DeliveryKind] | None = None
    ) -> list[DeliveryRecord]:
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            query = select(DeliveryRow).where(
                DeliveryRow.conference_id == conference_id, DeliveryRow.state == PENDING
            )
            if kinds is not None:
                query = query.where(DeliveryRow.kind.in_([k.value for k in kinds]))
            rows = list(await db.scalars(query.order_by(DeliveryRow.due_at, DeliveryRow.id)))
            keys = await _session_keys(db, {r.session_id for r in rows})
            return [_record(r, keys) for r in rows]

    async def get(self, delivery_id: int) -> DeliveryRecord | None:
        async with self._sessions.begin() as db:
            row = await db.get(DeliveryRow, delivery_id)
            if row is None:
                return None
            return _record(row, await _session_keys(db, {row.session_id}))

    async def counts_by_state(self, slug: str | None = None) -> dict[str, int]:
        async with self._sessions.begin() as db:
            query = select(DeliveryRow.state, func.count()).group_by(DeliveryRow.state)
            if slug is not None:
                query = query.where(DeliveryRow.conference_id == await _conference_id(db, slug))
            counts: Counter[str] = Counter({s.value: 0 for s in DeliveryState})
            for state, count in (await db.execute(query)).all():
                counts[state] = count
            return dict(counts)

    async def due_between(self, start: datetime, end: datetime) -> int:
        """How many pending rows fall due in [start, end] (the burst a new reminder joins)."""
        async with self._sessions.begin() as db:
            count = await db.scalar(
                select(func.count())
                .select_from(DeliveryRow)
                .where(
                    DeliveryRow.state == PENDING,
                    DeliveryRow.due_at >= start,
                    DeliveryRow.due_at <= end,
                )
            )
            return int(count or 0)

    # -- the scheduler's side --------------------------------------------------------------
    # These run thousands of times in a burst, so they go through a Core connection with
    # statements built once (bound parameters only change): no ORM session, no unit of work,
    # no expression building per call.

    async def claim(
        self,
        owner: str,
        limit: int,
        lease: timedelta,
        *,
        shard: tuple[int, Sequence[int]] | None = None,
        due_before: datetime | None = None,
    ) -> list[DeliveryRecord]:
        """Atomically take up to `limit` due rows (and rows whose claim ran out) for `owner`,
        earliest due first, for `lease` of real time.

        `due_before` (default now) lets a burst start early. With `shard=(count, ids)`, channel
        deliveries are taken only for guilds on those shards; direct messages by anyone.
        """
        now = self._now()
        real = self._lease_now()
        horizon = max(now, due_before) if due_before is not None else now
        shard_key = (shard[0], tuple(shard[1])) if shard is not None else None
        async with self._engine.begin() as db:
            statement = self._claim_statement(db.dialect.name, shard_key)
            result = await db.execute(
                statement,
                {
                    "p_now": now,
                    "p_real": real,
                    "p_horizon": horizon,
                    "p_limit": limit,
                    "p_owner": owner,
                    "p_expires": real + lease,
                },
            )
            rows = list(result.all())
            keys = await _session_keys_core(db, {r.session_id for r in rows})
        rows.sort(key=lambda r: (r.due_at, r.id))
        return [_claimed_record(r, keys) for r in rows]

    def _claim_statement(self, dialect: str, shard: tuple[int, tuple[int, ...]] | None) -> Update:
        cached = self._claims.get((dialect, shard))
        if cached is None:
            cached = _claim_statement(dialect, shard)
            self._claims[(dialect, shard)] = cached
        return cached

    async def finish(
        self,
        delivery_id: int,
        owner: str,
        state: DeliveryState,
        *,
        reason: str | None = None,
        fallback: str | None = None,
    ) -> bool:
        """Mark a claimed row done; False when the claim was lost (another owner has it)."""
        delivered = self._now() if state in {DeliveryState.SENT, DeliveryState.LATE} else None
        return await self._settle_claim(
            delivery_id,
            owner,
            state=state.value,
            reason=reason,
            fallback=fallback,
            delivered_at=delivered,
        )

    async def retry_later(
        self, delivery_id: int, owner: str, not_before: datetime, reason: str
    ) -> bool:
        """Give a claimed row back to be tried again at `not_before` (a transient failure)."""
        return await self._settle_claim(
            delivery_id, owner, state=PENDING, not_before=not_before, reason=reason
        )

    async def settle(
        self, owner: str, marks: Sequence[DeliveryMark], *, any_owner: bool = False
    ) -> set[int]:
        """Write a batch of marks in one transaction; returns the ids whose claim was still
        `owner`'s (a mark for a row someone else now holds is dropped).

        With `any_owner` (marks an earlier run of this process journaled before it died), a
        row still claimed by anyone, or handed back, takes the mark: that message went out."""
        if not marks:
            return set()
        now = self._now()
        groups: dict[tuple[DeliveryState, str | None, str | None, datetime | None], list[int]]
        groups = {}
        for mark in marks:
            key = (mark.state, mark.reason, mark.fallback, mark.not_before)
            groups.setdefault(key, []).append(mark.delivery_id)
        kept: set[int] = set()
        async with self._engine.begin() as db:
            for (state, reason, fallback, not_before), ids in groups.items():
                ending = _ending(state)
                result = await db.execute(
                    _SETTLE[ending, any_owner],
                    {
                        "p_ids": ids,
                        "p_owner": owner,
                        "p_state": state.value,
                        "p_reason": reason,
                        "p_now": now,
                        "p_not_before": not_before,
                        "p_fallback": fallback,
                    },
                )
                kept.update(result.scalars())
        return kept

    async def renew(self, owner: str, ids: Iterable[int], lease: timedelta) -> int:
        """Extend `owner`'s claims on `ids` by `lease` of real time from now (a batch still in
        flight keeps its rows); returns how many claims were still held."""
        wanted = list(ids)
        if not wanted:
            return 0
        async with self._engine.begin() as db:
            result = await db.execute(
                _RENEW,
                {"p_ids": wanted, "p_owner": owner, "p_expires": self._lease_now() + lease},
            )
            return int(result.rowcount)

    async def next_due(self) -> datetime | None:
        """When the earliest pending row falls due (a retry waits for `not_before`), or the
        earliest claim runs out."""
        async with self._engine.begin() as db:
            first_due, first_retry, stale = (await db.execute(_NEXT_DUE)).one()
        times = [_aware(t) for t in (first_due, first_retry) if t is not None]
        if stale is not None:  # a lease runs out in real time: say when on the bot's clock
            times.append(self._now() + (_aware(stale) - self._lease_now()))
        return min(times) if times else None

    async def due_count(self, before: datetime) -> int:
        """How many pending rows fall due before `before` (what a burst will have to send)."""
        async with self._engine.begin() as db:
            count = await db.scalar(_DUE_COUNT, {"p_before": before})
        return int(count or 0)

    async def _settle_claim(self, delivery_id: int, owner: str, **values: object) -> bool:
        """End `owner`'s claim on a row with `values`; False if the claim is no longer theirs."""
        async with self._sessions.begin() as db:
            result = await db.execute(
                update(DeliveryRow)
                .where(
                    DeliveryRow.id == delivery_id,
                    DeliveryRow.state == CLAIMED,
                    DeliveryRow.claimed_by == owner,
                )
                .values(claimed_by=None, claim_expires_at=None, updated_at=self._now(), **values)
            )
            return bool(result.rowcount)  # type: ignore[attr-defined]

    async def release_others_claims(self, owner: str) -> int:
        """Hand back every claim not `owner`'s, at once: for a database only one process
        uses (SQLite), claims left by another owner are a killed earlier run's."""
        async with self._sessions.begin() as db:
            result = await db.execute(
                update(DELIVERIES)
                .where(DeliveryRow.state == CLAIMED, DeliveryRow.claimed_by != owner)
                .values(
                    state=PENDING,
                    claimed_by=None,
                    claim_expires_at=None,
                    attempts=DeliveryRow.attempts - 1,
                    updated_at=self._now(),
                )
            )
            return int(result.rowcount)  # type: ignore[attr-defined]

    async def release_claims(self, owner: str) -> int:
        """On shutdown: hand every row this owner holds back, untouched, to be sent by anyone."""
        async with self._sessions.begin() as db:
            result = await db.execute(
                update(DeliveryRow)
                .where(DeliveryRow.state == CLAIMED, DeliveryRow.claimed_by == owner)
                .values(
                    state=PENDING,
                    claimed_by=None,
                    claim_expires_at=None,
                    attempts=DeliveryRow.attempts - 1,
                    updated_at=self._now(),
                )
            )
            return int(result.rowcount)  # type: ignore[attr-defined]

    # -- changing pending rows --------------------------------------------------------------

    async def cancel(
        self,
        slug: str,
        *,
        reason: str,
        ids: Iterable[int] | None = None,
        user_id: int | None = None,
        kinds: Iterable[DeliveryKind] | None = None,
        guild_id: int | None = None,
    ) -> list[DeliveryRecord]:
        """Cancel pending rows matching every given filter; returns what was cancelled."""
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            query = select(DeliveryRow).where(
                DeliveryRow.conference_id == conference_id, DeliveryRow.state == PENDING
            )
            if ids is not None:
                query = query.where(DeliveryRow.id.in_(list(ids)))
            if user_id is not None:
                query = query.where(DeliveryRow.user_id == user_id)
            if kinds is not None:
                query = query.where(DeliveryRow.kind.in_([k.value for k in kinds]))
            if guild_id is not None:
                query = query.where(DeliveryRow.guild_id == guild_id)
            rows = list(await db.scalars(query.with_for_update()))
            now = self._now()
            for row in rows:
                row.state, row.reason, row.updated_at = DeliveryState.CANCELLED.value, reason, now
            keys = await _session_keys(db, {r.session_id for r in rows})
            return [_record(r, keys) for r in rows]

    async def reschedule(self, moves: Iterable[tuple[int, datetime]]) -> int:
        """Move pending rows to new due times."""
        moved = 0
        async with self._sessions.begin() as db:
            for delivery_id, due_at in moves:
                result = await db.execute(
                    update(DeliveryRow)
                    .where(DeliveryRow.id == delivery_id, DeliveryRow.state == PENDING)
                    .values(due_at=due_at, not_before=None, updated_at=self._now())
                )
                moved += int(result.rowcount)  # type: ignore[attr-defined]
        return moved

    async def cancelled_because(
        self, slug: str, reason: str, kinds: Iterable[DeliveryKind]
    ) -> list[DeliveryRecord]:
        """Cancelled rows of a conference whose reason is `reason` (e.g. a removed session)."""
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            rows = list(
                await db.scalars(
                    select(DeliveryRow).where(
                        DeliveryRow.conference_id == conference_id,
                        DeliveryRow.state == DeliveryState.CANCELLED.value,
                        DeliveryRow.reason == reason,
                        DeliveryRow.kind.in_([k.value for k in kinds]),
                    )
                )
            )
            keys = await _session_keys(db, {r.session_id for r in rows})
            return [_record(r, keys) for r in rows]

    async def restore(self, moves: Iterable[tuple[int, datetime]]) -> int:
        """Make cancelled rows pending again, due at the given times (a session came back)."""
        restored = 0
        async with self._sessions.begin() as db:
            for delivery_id, due_at in moves:
                result = await db.execute(
                    update(DeliveryRow)
                    .where(
                        DeliveryRow.id == delivery_id,
                        DeliveryRow.state == DeliveryState.CANCELLED.value,
                    )
                    .values(
                        state=PENDING,
                        reason=None,
                        due_at=due_at,
                        not_before=None,
                        updated_at=self._now(),
                    )
                )
                restored += int(result.rowcount)  # type: ignore[attr-defined]
        return restored

    # -- guild settings --------------------------------------------------------------------

    async def guild_settings(self, slug: str, guild_id: int) -> GuildSettings:
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            return await _guild(db, conference_id, guild_id)

    async def all_guild_settings(self, slug: str) -> list[GuildSettings]:
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            guilds = set(
                await db.scalars(
                    select(GuildSettingRow.guild_id).where(
                        GuildSettingRow.conference_id == conference_id
                    )
                )
            )
            return [await _guild(db, conference_id, g) for g in sorted(guilds)]

    async def update_guild(self, slug: str, guild_id: int, **values: int | None) -> GuildSettings:
        allowed = {
            "announce_channel_id",
            "announce_minutes",
            "announce_role_id",
            "chair_minutes",
            "burst_threshold",
            "burst_channel_id",
            "burst_role_id",
        }
        if not set(values) <= allowed:
            raise ValueError(f"unknown guild settings: {set(values) - allowed}")
        async with self._sessions.begin() as db:
            conference_id = await _conference_id(db, slug)
            row = await db.scalar(
                select(GuildSettingRow)
                .where(
                    GuildSettingRow.conference_id == conference_id,
                    GuildSettingRow.guild_id == guild_id,
                )
                .with_for_update()
            )
            if row is None:
                row = GuildSettingRow(
                    conference_id=conference_id, guild_id=guild_id, announce_minutes=5
                )
                db.add(row)
            for name, value in values.items():
                setattr(row, name, value)
            await db.flush()
            return await _guild(db, conference_id, guild_id)


async def _conference_id(db: AsyncSession, slug: str) -> int:
    conference_id = await db.scalar(select(ConferenceRow.id).where(ConferenceRow.slug == slug))
    if conference_id is None:
        raise LookupError(f"no conference {slug!r} is stored")
    return conference_id


async def _guild(db: AsyncSession, conference_id: int, guild_id: int) -> GuildSettings:
    row = await db.scalar(
        select(GuildSettingRow).where(
            GuildSettingRow.conference_id == conference_id, GuildSettingRow.guild_id == guild_id
        )
    )
    links = tuple(
        PersonLink(r.person_name, r.user_id, r.origin, r.reminders)
        for r in await db.scalars(
            select(PersonLinkRow)
            .where(PersonLinkRow.conference_id == conference_id, PersonLinkRow.guild_id == guild_id)
            .order_by(PersonLinkRow.person_name)
        )
    )
    if row is None:
        return GuildSettings(guild_id, person_links=links)
    return GuildSettings(
        guild_id=guild_id,
        announce_channel_id=row.announce_channel_id,
        announce_minutes=row.announce_minutes,
        announce_role_id=row.announce_role_id,
        chair_minutes=row.chair_minutes,
        person_links=links,
        burst_threshold=row.burst_threshold,
        burst_channel_id=row.burst_channel_id,
        burst_role_id=row.burst_role_id,
    )


async def _session_keys(db: AsyncSession, ids: set[int]) -> dict[int, tuple[str, bool, str]]:
    """Session row id -> (session key, removed, conference slug)."""
    if not ids:
        return {}
    rows = await db.execute(
        select(SessionRow.id, SessionRow.key, SessionRow.removed_at, ConferenceRow.slug)
        .join(ConferenceRow, SessionRow.conference_id == ConferenceRow.id)
        .where(SessionRow.id.in_(ids))
    )
    return {row_id: (key, removed is not None, slug) for row_id, key, removed, slug in rows.all()}


async def _session_keys_core(
    db: AsyncConnection, ids: set[int]
) -> dict[int, tuple[str, bool, str]]:
    """As `_session_keys`, on a Core connection."""
    if not ids:
        return {}
    rows = await db.execute(_SESSION_KEYS, {"p_ids": list(ids)})
    return {row_id: (key, removed is not None, slug) for row_id, key, removed, slug in rows.all()}


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _record(row: DeliveryRow | Row[Any], keys: dict[int, tuple[str, bool, str]]) -> DeliveryRecord:
    key, removed, slug = keys.get(row.session_id, ("", True, ""))
    return DeliveryRecord(
        id=row.id,
        kind=DeliveryKind(row.kind),
        session_id=key,
        session_removed=removed,
        state=DeliveryState(row.state),
        due_at=_aware(row.due_at),
        via=row.via,
        minutes_before=row.minutes_before,
        user_id=row.user_id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        role_id=row.role_id,
        reason=row.reason,
        notice=row.notice,
        attempts=row.attempts,
        fallback=row.fallback,
        delivered_at=_aware(row.delivered_at) if row.delivered_at else None,
        not_before=_aware(row.not_before) if row.not_before else None,
        conference=slug,
    )


_KINDS = {kind.value: kind for kind in DeliveryKind}
_STATES = {state.value: state for state in DeliveryState}


def _claimed_record(row: Sequence[Any], keys: dict[int, tuple[str, bool, str]]) -> DeliveryRecord:
    """`_record` for a claim's plain row of `_RECORD_COLUMNS`: read by position, as a burst
    builds thousands (a Row's look-up by name costs more than the rest)."""
    (
        row_id, kind, session_row, state, due_at, via, minutes_before, user_id, guild_id,
        channel_id, role_id, reason, notice, attempts, fallback, delivered_at, not_before,
    ) = row  # fmt: skip
    key, removed, slug = keys.get(session_row, ("", True, ""))
    return DeliveryRecord(
        row_id,
        _KINDS[kind],
        key,
        removed,
        _STATES[state],
        _aware(due_at),
        via,
        minutes_before,
        user_id,
        guild_id,
        channel_id,
        role_id,
        reason,
        notice,
        attempts,
        fallback,
        _aware(delivered_at) if delivered_at else None,
        _aware(not_before) if not_before else None,
        slug,
    )
