"""One task that sleeps until the next delivery falls due, claims it, and sends it once.

No polling: the task waits for the earliest due time in the database, or until it is woken
(a reminder was added, the program reloaded). Claims are atomic, so several processes sharing
one database never send the same row twice.

Exactly once, through faults:
- A claim is a lease of real time (never the bot's clock, which `SIMULATE_SPEED` speeds up),
  renewed while its batch is in flight, so a batch slowed by Discord is not taken by another
  process. A process claims only what it can send in a few seconds at the current pace, so a
  crash strands a small batch, which another process takes once the lease runs out.
- Marks are written in batches, one transaction each. How each send ended goes into the
  sent-mark journal first: a mark the database cannot take yet (it is down) is kept and
  written when it answers, and a row in the journal is never sent again, only marked.
- Each message carries the delivery's nonce, so Discord drops a repeat from the one window no
  bookkeeping can close (the process dying as Discord accepts the message).

A burst starts early: rows are taken when they fall due within the time the pending backlog
needs at the current pace, in due order, so the last of a burst is out by its due time.

A burst above a server's threshold (`/admin burst-post`) sends no DM to the members who opted
in to its role ping: their rows are marked sent, and the ping, a delivery row of its own (so it
is sent exactly once like any other), goes out at the due time, never early.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

from bot.clock import Clock
from bot.model import (
    AgendaChange,
    Delivery,
    DeliveryKind,
    DeliveryMark,
    DeliveryOutcome,
    DeliveryRecord,
    DeliveryState,
    Session,
)
from bot.services.pacing import RequestBudget
from bot.services.programs import ProgramService
from bot.services.queries import session_end
from bot.storage.deliveries import DeliveryStore
from bot.storage.journal import MarkJournal
from bot.storage.role_pings import RolePingStore

log = logging.getLogger(__name__)

MIN_IDLE_SLEEP = 0.2  # real seconds: a round that took nothing never spins
PINGED_INSTEAD = "the burst was large, so you were pinged with the role in the channel instead"
SMALL_BURST = "the burst stayed at or below the threshold, so everyone got their DM"


class Deliverer(Protocol):
    async def deliver(self, delivery: Delivery) -> DeliveryOutcome:
        """Send one delivery; never raises for Discord's refusals (they are outcomes)."""
        ...


@dataclass(frozen=True)
class SchedulerConfig:
    batch: int = 200  # most rows one claim takes
    lease: timedelta = timedelta(seconds=15)  # real time; renewed every third of it
    late_after: timedelta = timedelta(seconds=60)  # due this long before start-up: late
    concurrency: int = 16
    max_attempts: int = 6
    idle: timedelta = timedelta(minutes=10)  # wake at least this often to pick up others' rows
    shard: tuple[int, Sequence[int]] | None = None
    # Without a shared budget, sends are paced to this (None: as fast as they go). With one,
    # the budget paces every request and this is unused.
    max_per_second: float | None = 45.0
    claim_seconds: float = 3.0  # a claim takes what the current pace sends in this long
    mark_batch: int = 200  # marks written in one transaction
    lookahead: timedelta = timedelta(minutes=15)  # a burst starts at most this early
    plan_share: float = 0.8  # a burst is planned at this share of the pace, to end in time


class RateLimiter:
    """Spaces out acquisitions to at most `rate` a second (a leaky bucket, no bursts)."""

    def __init__(self, rate: float) -> None:
        self._interval = 1.0 / rate
        self.rate = rate
        self._next = 0.0
        self._lock = asyncio.Lock()

    async def acquire(self) -> None:
        async with self._lock:
            loop = asyncio.get_running_loop()
            now = loop.time()
            wait = self._next - now
            self._next = max(now, self._next) + self._interval
        if wait > 0:
            await asyncio.sleep(wait)


DEFAULT_CONFIG = SchedulerConfig()


@dataclass
class _Pending:
    mark: DeliveryMark
    record: DeliveryRecord | None  # None: recovered from the journal after a restart
    lag: float


class Scheduler:
    def __init__(
        self,
        store: DeliveryStore,
        programs: ProgramService | Callable[[str], ProgramService],
        deliverer: Deliverer,
        clock: Clock,
        *,
        owner: str,
        config: SchedulerConfig = DEFAULT_CONFIG,
        on_delivered: Callable[[DeliveryRecord, DeliveryState, float], None] | None = None,
        budget: RequestBudget | None = None,
        journal: MarkJournal | None = None,
        sole_process: bool = False,
        agenda_notice: Callable[[DeliveryRecord], Awaitable[tuple[AgendaChange, ...]]]
        | None = None,
        role_pings: RolePingStore | None = None,
    ) -> None:
        # Opt-ins to role pings: which DMs a large burst leaves out (None: none ever are).
        self._role_pings = role_pings
        self._covered: set[int] = set()  # of the batch in flight, the DMs a role ping replaces
        # What an agenda notice tells (kept beside the delivery, read when it is sent).
        self._agenda_notice = agenda_notice
        self._store = store
        # One conference's programs, or a look-up by slug when the process serves several.
        self._programs_of: Callable[[str], ProgramService] = (
            (lambda _slug: programs) if isinstance(programs, ProgramService) else programs
        )
        self._deliverer = deliverer
        self._clock = clock
        self.owner = owner
        self._config = config
        self._wake = asyncio.Event()
        self._stopping = False
        self._on_delivered = on_delivered
        self.last_tick: datetime | None = None
        # Rows due before this scheduler existed fell due while no bot was running: "late".
        self._started_at = clock.now()
        self._busy = asyncio.Lock()  # held for one round of claiming and sending
        self._held_claims = False
        self._budget = budget
        self._limiter = (
            RateLimiter(config.max_per_second) if config.max_per_second and budget is None else None
        )
        self.journal = journal if journal is not None else MarkJournal()
        self._pending: dict[int, _Pending] = {}
        # Marks found in the journal at start: sent (or settled) by an earlier run of this
        # process, not yet in the database. Written whoever holds the claim now.
        self._recovered: dict[int, _Pending] = {
            m.delivery_id: _Pending(m, None, 0.0) for m in self.journal.outstanding()
        }
        self._flush_lock = asyncio.Lock()
        self._failed_rounds = 0
        # The only process on its database (SQLite): claims it finds at start are a killed
        # earlier run's, taken back at once instead of after their lease.
        self._take_back_stale = sole_process

    def wake(self) -> None:
        """Look again now (a reminder was added or the program changed)."""
        self._wake.set()

    def rate(self) -> float | None:
        """Sends a second at the current pace (None: unpaced)."""
        if self._budget is not None:
            return self._budget.rate
        return self._limiter.rate if self._limiter is not None else None

    async def run(self) -> None:
        """Deliver until `stop()`; errors are logged per round and never end the loop."""
        while not self._stopping:
            # Cleared before looking, so a wake-up that arrives while we look is not lost.
            self._wake.clear()
            try:
                async with self._busy:
                    if self._stopping:
                        break
                    sent = await self.run_once()
                    next_due = None if sent else await self._next_wake()
                self._working_again()
                if sent:
                    continue
            except asyncio.CancelledError:
                raise
            except Exception as error:
                # The first failure with its traceback; while the database stays down, one
                # short line every ten rounds, not a traceback a second.
                if not self._failed_rounds:
                    log.exception("scheduler round failed; trying again every second")
                elif self._failed_rounds % 10 == 0:
                    log.warning(
                        "scheduler still failing (%d rounds): %s; %d marks kept meanwhile",
                        self._failed_rounds,
                        type(error).__name__,
                        len(self.journal),
                    )
                self._failed_rounds += 1
                await self._pause(1.0)
                continue
            await self._sleep_until(next_due)

    def _working_again(self) -> None:
        if self._failed_rounds:
            log.warning("scheduler working again after %d failed rounds", self._failed_rounds)
            self._failed_rounds = 0

    async def _pause(self, seconds: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), timeout=seconds)

    def _speed(self, now: datetime) -> float:
        """How many seconds of the bot's clock pass in one real second (SIMULATE_SPEED)."""
        real = self._clock.real_seconds_until(now + timedelta(hours=1))
        return 3600.0 / real if real > 0 else 1.0

    async def _lead(self, now: datetime, until: datetime) -> timedelta:
        """How long before `now` the backlog due by `until` must start to be out in time."""
        rate = self.rate()
        if not rate:
            return timedelta(0)
        count = await self._store.due_count(until)
        planned = rate * self._config.plan_share  # a margin for refusals and busy moments
        seconds = min(count / planned * self._speed(now), self._config.lookahead.total_seconds())
        return timedelta(seconds=seconds)

    async def _next_wake(self) -> datetime | None:
        next_due = await self._store.next_due()
        if next_due is None:
            return None
        now = self._clock.now()
        if self.rate() and next_due - now <= self._config.lookahead:
            lead = await self._lead(now, next_due + self._config.lookahead)
            # Within reach of a burst: look again every second, as the backlog shrinks.
            return max(min(next_due - lead, now + timedelta(seconds=self._speed(now))), now)
        return next_due

    async def _sleep_until(self, when: datetime | None) -> None:
        limit = self._clock.now() + self._config.idle
        target = min(when, limit) if when is not None else limit
        seconds = max(self._clock.real_seconds_until(target), MIN_IDLE_SLEEP)
        if self._stopping:
            return
        await self._pause(seconds)

    async def stop(self) -> None:
        """Stop taking new rows; write the marks still held and hand back any claims left
        (sends finish first). Stopping twice does nothing the second time."""
        if self._stopping:
            return
        self._stopping = True
        self._wake.set()
        async with self._busy:  # let a round in flight finish its sends and marks
            try:
                await self.flush_marks()
            except Exception:
                log.exception("could not write %d marks at shutdown", len(self.journal))
            if not self._held_claims:
                return  # nothing was ever taken: nothing to hand back
            released = await self._store.release_claims(self.owner)
        if released:
            log.info("released %d claimed deliveries", released)

    def claim_limit(self) -> int:
        """Most rows one claim takes: what the current pace sends in a few seconds."""
        rate = self.rate()
        if not rate:
            return self._config.batch
        return max(1, min(self._config.batch, int(rate * self._config.claim_seconds)))

    async def run_once(self) -> int:
        """Claim what is due now (or soon, for a burst) and deliver it; returns how many rows
        were taken. Marks are written before it returns, or kept if the database is down."""
        now = self._clock.now()
        self.last_tick = now
        await self.flush_marks()  # what an earlier round could not write goes first
        if self._take_back_stale:
            if taken := await self._store.release_others_claims(self.owner):
                log.info("took back %d deliveries an earlier run had claimed", taken)
            self._take_back_stale = False
        horizon = now + await self._lead(now, now + self._config.lookahead)
        records = await self._store.claim(
            self.owner,
            self.claim_limit(),
            self._config.lease,
            shard=self._config.shard,
            due_before=horizon,
        )
        if not records:
            return 0
        self._held_claims = True
        in_flight = asyncio.Event()
        renewer = asyncio.create_task(self._renew([r.id for r in records], in_flight))
        try:
            # A deliverer may look up, in one go, what the whole batch needs (DM channels).
            prepare = getattr(self._deliverer, "prepare", None)
            if prepare is not None:
                await prepare(records)
            self._covered = await self._pinged_instead(records)
            queue = deque(records)
            workers = min(self._config.concurrency, len(records))
            await asyncio.gather(*(self._work(queue) for _ in range(workers)))
        finally:
            # Stopped between renewals, never mid-query (a cancelled query strands a connection).
            in_flight.set()
            await renewer
        await self.flush_marks()
        return len(records)

    async def _pinged_instead(self, records: Sequence[DeliveryRecord]) -> set[int]:
        if self._role_pings is None:
            return set()
        try:
            return await self._role_pings.covered(records)
        except Exception as error:  # then they get their DM: told twice, never not at all
            log.warning("could not look up role-ping opt-ins: %s", type(error).__name__)
            return set()

    async def _renew(self, ids: list[int], done: asyncio.Event) -> None:
        """Keep this batch's claims while it is in flight (a lost renewal is retried)."""
        every = self._config.lease.total_seconds() / 3
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(done.wait(), timeout=every)
            if done.is_set():
                return
            try:
                await self._store.renew(self.owner, ids, self._config.lease)
            except Exception as error:  # the database may be down; the next one may work
                log.warning("could not renew claims: %s", type(error).__name__)

    async def _work(self, queue: deque[DeliveryRecord]) -> None:
        while queue:
            record = queue.popleft()
            try:
                await self._deliver(record)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("delivery %d failed unexpectedly; will retry", record.id)
                await self._retry(record, "internal error", None)

    async def _session(self, record: DeliveryRecord) -> tuple[Session | None, str]:
        programs = self._programs_of(record.conference)
        catalog = await programs.catalog()
        session = catalog.sessions.get(record.session_id)
        if session is None:
            session = await programs.removed_session(record.session_id)
        return session, catalog.zone_name

    async def _deliver(self, record: DeliveryRecord) -> None:
        settled = self.journal.get(record.id)
        if settled is not None:
            # It was sent (or settled) already and the database was not told: mark, never resend.
            self._recovered.pop(record.id, None)
            await self._mark(record, settled)
            return
        now = self._clock.now()
        session, zone = await self._session(record)
        if session is None:
            await self._finish(record, DeliveryState.CANCELLED, "the session no longer exists")
            return
        late = False
        if record.kind is not DeliveryKind.NOTICE:
            if record.session_removed:
                await self._finish(
                    record, DeliveryState.CANCELLED, "the session was removed from the program"
                )
                return
            if session.start is not None and now >= session_end(session):
                await self._finish(
                    record,
                    DeliveryState.MISSED,
                    "it fell due while the bot was down and the session is over",
                )
                return
            late = record.due_at < self._started_at - self._config.late_after
        if record.id in self._covered:
            await self._finish(record, DeliveryState.SENT, None, PINGED_INSTEAD)
            return
        if record.kind is DeliveryKind.ROLE_PING and (
            self._role_pings is None or not await self._role_pings.burst_over_threshold(record)
        ):
            await self._finish(record, DeliveryState.CANCELLED, SMALL_BURST)
            return
        if self._limiter is not None:
            await self._limiter.acquire()
        agenda: tuple[AgendaChange, ...] = ()
        if record.notice == "agenda" and self._agenda_notice is not None:
            agenda = await self._agenda_notice(record)
        outcome = await self._deliverer.deliver(
            Delivery(record, session, late, zone, sent_at=self._clock.now(), agenda=agenda)
        )
        if outcome.status == "sent":
            state = DeliveryState.LATE if late else DeliveryState.SENT
            reason = "sent late: the bot was down when it fell due" if late else None
            await self._finish(record, state, reason, outcome.fallback)
        elif outcome.status == "retry":
            await self._retry(record, outcome.reason or "temporary error", outcome.retry_after)
        else:
            await self._finish(record, DeliveryState.FAILED, outcome.reason or "refused")

    async def _finish(
        self,
        record: DeliveryRecord,
        state: DeliveryState,
        reason: str | None,
        fallback: str | None = None,
    ) -> None:
        await self._mark(record, DeliveryMark(record.id, state, reason, fallback))

    async def _mark(self, record: DeliveryRecord, mark: DeliveryMark) -> None:
        """Journal how the row ended at once; the database gets it with the next batch."""
        self.journal.record(mark)
        lag = (self._clock.now() - record.due_at).total_seconds()
        self._pending[record.id] = _Pending(mark, record, lag)
        if len(self._pending) >= self._config.mark_batch and not self._flush_lock.locked():
            with contextlib.suppress(Exception):  # kept; written with the next batch
                await self.flush_marks()

    async def flush_marks(self) -> None:
        """Write every mark held, in one transaction; raises (keeping them) if it cannot."""
        async with self._flush_lock:
            if self._recovered:
                recovered = dict(self._recovered)
                kept = await self._store.settle(
                    self.owner, [p.mark for p in recovered.values()], any_owner=True
                )
                for delivery_id in recovered:
                    self._recovered.pop(delivery_id, None)
                self.journal.settled(recovered)
                if kept:
                    log.info("wrote %d marks kept in the journal by an earlier run", len(kept))
            if not self._pending:
                return
            batch, self._pending = self._pending, {}
            try:
                kept = await self._store.settle(self.owner, [p.mark for p in batch.values()])
            except BaseException:
                for delivery_id, pending in batch.items():
                    self._pending.setdefault(delivery_id, pending)
                raise
            self.journal.settled(batch)
        retry = False
        for delivery_id, pending in batch.items():
            state = pending.mark.state
            if delivery_id not in kept:
                log.warning("delivery %d: claim lost before it was marked %s", delivery_id, state)
                continue
            if state is DeliveryState.PENDING:
                retry = True
            elif self._on_delivered is not None and pending.record is not None:
                self._on_delivered(pending.record, state, pending.lag)
        if retry:
            self.wake()

    async def _retry(self, record: DeliveryRecord, reason: str, retry_after: float | None) -> None:
        if record.attempts >= self._config.max_attempts:
            await self._finish(
                record, DeliveryState.FAILED, f"gave up after {record.attempts} attempts: {reason}"
            )
            return
        backoff = retry_after if retry_after is not None else _backoff(record.attempts)
        backoff *= 1.0 + random.random() / 4  # noqa: S311 - jitter: retries never move together
        not_before = self._clock.now() + timedelta(seconds=backoff * self._speed(self._clock.now()))
        await self._mark(
            record, DeliveryMark(record.id, DeliveryState.PENDING, reason, None, not_before)
        )


def _backoff(attempt: int) -> float:
    """Exponential with jitter: about 2, 4, 8, 16, 32 s."""
    base: float = min(60.0, 2.0 ** max(1, attempt))
    return base * (0.75 + random.random() / 2)  # noqa: S311 - jitter, not security
