"""One task that sleeps until the next delivery falls due, claims it, and sends it once.

No polling: the task waits for the earliest due time in the database, or until it is woken
(a reminder was added, the program reloaded). Claims are atomic, so several processes sharing
one database never send the same row twice; a claim that outlives a crash expires and the row
is sent again with the same nonce, which Discord drops if the first send had gone through.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

from bot.clock import Clock
from bot.model import (
    Delivery,
    DeliveryKind,
    DeliveryOutcome,
    DeliveryRecord,
    DeliveryState,
    Session,
)
from bot.services.programs import ProgramService
from bot.services.queries import session_end
from bot.storage.deliveries import DeliveryStore

log = logging.getLogger(__name__)


class Deliverer(Protocol):
    async def deliver(self, delivery: Delivery) -> DeliveryOutcome:
        """Send one delivery; never raises for Discord's refusals (they are outcomes)."""
        ...


@dataclass(frozen=True)
class SchedulerConfig:
    batch: int = 200
    lease: timedelta = timedelta(minutes=2)
    late_after: timedelta = timedelta(seconds=60)  # due this long before start-up: late
    concurrency: int = 16
    max_attempts: int = 6
    idle: timedelta = timedelta(minutes=10)  # wake at least this often to pick up others' rows
    shard: tuple[int, Sequence[int]] | None = None
    # Discord allows a bot 50 requests a second in all; a DM may cost two (opening the DM
    # channel, then the message), so sends are paced below that, leaving room for answers.
    max_per_second: float | None = 20.0


class RateLimiter:
    """Spaces out acquisitions to at most `rate` a second (a leaky bucket, no bursts)."""

    def __init__(self, rate: float) -> None:
        self._interval = 1.0 / rate
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
    ) -> None:
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
        self._semaphore = asyncio.Semaphore(config.concurrency)
        self._busy = asyncio.Lock()  # held for one round of claiming and sending
        self._held_claims = False
        self._limiter = RateLimiter(config.max_per_second) if config.max_per_second else None

    def wake(self) -> None:
        """Look again now (a reminder was added or the program changed)."""
        self._wake.set()

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
                    next_due = None if sent else await self._store.next_due()
                if sent:
                    continue
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("scheduler round failed; trying again shortly")
                next_due = self._clock.now() + timedelta(seconds=5)
            await self._sleep_until(next_due)

    async def _sleep_until(self, when: datetime | None) -> None:
        limit = self._clock.now() + self._config.idle
        target = min(when, limit) if when is not None else limit
        seconds = self._clock.real_seconds_until(target)
        if seconds <= 0 or self._stopping:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), timeout=seconds)

    async def stop(self) -> None:
        """Stop taking new rows; hand back any claims still held (sends finish first).
        Stopping twice does nothing the second time."""
        if self._stopping:
            return
        self._stopping = True
        self._wake.set()
        async with self._busy:  # let a round in flight finish its sends and marks
            if not self._held_claims:
                return  # nothing was ever taken: nothing to hand back
            released = await self._store.release_claims(self.owner)
        if released:
            log.info("released %d claimed deliveries", released)

    async def run_once(self) -> int:
        """Claim what is due now and deliver it; returns how many rows were taken."""
        self.last_tick = self._clock.now()
        records = await self._store.claim(
            self.owner, self._config.batch, self._config.lease, shard=self._config.shard
        )
        if records:
            self._held_claims = True
            await asyncio.gather(*(self._deliver_guarded(r) for r in records))
        return len(records)

    async def _deliver_guarded(self, record: DeliveryRecord) -> None:
        async with self._semaphore:
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
        if self._limiter is not None:
            await self._limiter.acquire()
        outcome = await self._deliverer.deliver(Delivery(record, session, late, zone))
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
        kept = await self._store.finish(
            record.id, self.owner, state, reason=reason, fallback=fallback
        )
        if not kept:
            log.warning("delivery %d: claim lost before it was marked %s", record.id, state)
            return
        if self._on_delivered is not None:
            lag = (self._clock.now() - record.due_at).total_seconds()
            self._on_delivered(record, state, lag)

    async def _retry(self, record: DeliveryRecord, reason: str, retry_after: float | None) -> None:
        if record.attempts >= self._config.max_attempts:
            await self._finish(
                record, DeliveryState.FAILED, f"gave up after {record.attempts} attempts: {reason}"
            )
            return
        backoff = retry_after if retry_after is not None else _backoff(record.attempts)
        not_before = self._clock.now() + timedelta(seconds=backoff)
        await self._store.retry_later(record.id, self.owner, not_before, reason)
        self.wake()


def _backoff(attempt: int) -> float:
    """Exponential with jitter: about 2, 4, 8, 16, 32 s."""
    base: float = min(60.0, 2.0 ** max(1, attempt))
    return base * (0.75 + random.random() / 2)  # noqa: S311 - jitter, not security
