"""The Scheduler on its own: what it does with each outcome of a send, late and missed
deliveries, giving up, handing claims back, and the back-off between retries. Deliveries are
put in the store directly; a scripted deliverer stands in for Discord."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.clock import FrozenClock
from bot.model import (
    Delivery,
    DeliveryKind,
    DeliveryOutcome,
    DeliveryRecord,
    DeliverySpec,
    DeliveryState,
    Program,
)
from bot.services.programs import ProgramService
from bot.services.scheduler import Scheduler, SchedulerConfig, _backoff
from bot.storage import ProgramStore, make_sessionmaker
from bot.storage.deliveries import DeliveryStore
from tests.storage.factory import DAY1, at, base_program

SLUG = "conf"
OPENING_AT = at(DAY1, "09:00")  # base_program's first session, 09:00-09:15


@dataclass
class ScriptedDeliverer:
    """Answers each send with the next outcome (then "sent"), and remembers what it got."""

    outcomes: list[DeliveryOutcome] = field(default_factory=list)
    got: list[Delivery] = field(default_factory=list)

    async def deliver(self, delivery: Delivery) -> DeliveryOutcome:
        self.got.append(delivery)
        return self.outcomes.pop(0) if self.outcomes else DeliveryOutcome("sent")


@dataclass
class Setup:
    clock: FrozenClock
    programs: ProgramService
    store: DeliveryStore
    program: Program
    deliverer: ScriptedDeliverer = field(default_factory=ScriptedDeliverer)
    delivered: list[tuple[int, DeliveryState, float]] = field(default_factory=list)

    def scheduler(self, owner: str = "a", **config: object) -> Scheduler:
        return Scheduler(
            self.store,
            self.programs,
            self.deliverer,
            self.clock,
            owner=owner,
            config=SchedulerConfig(max_per_second=None, **config),  # type: ignore[arg-type]
            on_delivered=lambda r, state, lag: self.delivered.append((r.id, state, lag)),
        )

    async def add(self, due: datetime, key: str = "u1") -> DeliveryRecord:
        spec = DeliverySpec(
            kind=DeliveryKind.REMINDER,
            dedupe_key=key,
            session_id=self.program.sessions[0].id,
            due_at=due,
            via="dm",
            user_id=7,
            minutes_before=10,
        )
        [(record, _)] = await self.store.upsert(SLUG, [spec])
        return record

    async def state(self, record: DeliveryRecord) -> DeliveryRecord:
        stored = await self.store.get(record.id)
        assert stored is not None
        return stored


@pytest.fixture
async def setup(engine: AsyncEngine) -> Setup:
    clock = FrozenClock(at(DAY1, "08:00"))
    maker = make_sessionmaker(engine)
    programs = ProgramService(ProgramStore(maker, now=clock.now), SLUG, clock)
    program = base_program()
    await programs.load(program)
    return Setup(clock, programs, DeliveryStore(maker, now=clock.now, lease_now=clock.now), program)


async def test_a_sent_delivery_is_marked_sent_and_reported_with_its_lag(setup: Setup) -> None:
    record = await setup.add(OPENING_AT - timedelta(minutes=10))
    scheduler = setup.scheduler()
    setup.clock.set(record.due_at + timedelta(seconds=3))
    assert await scheduler.run_once() == 1
    assert (await setup.state(record)).state is DeliveryState.SENT
    assert setup.delivered == [(record.id, DeliveryState.SENT, 3.0)]
    [delivery] = setup.deliverer.got
    assert delivery.session.id == setup.program.sessions[0].id
    assert not delivery.late
    assert await scheduler.run_once() == 0  # sent once


async def test_a_refusal_fails_the_delivery(setup: Setup) -> None:
    record = await setup.add(OPENING_AT - timedelta(minutes=10))
    setup.deliverer.outcomes = [DeliveryOutcome("failed", "not allowed: 50007")]
    setup.clock.set(record.due_at)
    await setup.scheduler().run_once()
    stored = await setup.state(record)
    assert (stored.state, stored.reason) == (DeliveryState.FAILED, "not allowed: 50007")


async def test_a_transient_error_retries_after_discords_wait_then_sends(setup: Setup) -> None:
    record = await setup.add(OPENING_AT - timedelta(minutes=10))
    setup.deliverer.outcomes = [DeliveryOutcome("retry", "Discord answered 429", retry_after=30)]
    scheduler = setup.scheduler()
    setup.clock.set(record.due_at)
    await scheduler.run_once()
    waiting = await setup.state(record)
    assert (waiting.state, waiting.reason) == (DeliveryState.PENDING, "Discord answered 429")
    # Discord's wait, plus up to a quarter more so that retries never move together.
    retry_at = await setup.store.next_due()
    assert retry_at is not None
    assert (
        record.due_at + timedelta(seconds=30) <= retry_at <= record.due_at + timedelta(seconds=37.5)
    )
    setup.clock.advance(timedelta(seconds=29))
    assert await scheduler.run_once() == 0
    setup.clock.set(retry_at)
    assert await scheduler.run_once() == 1
    assert (await setup.state(record)).state is DeliveryState.SENT


async def test_it_gives_up_after_max_attempts(setup: Setup) -> None:
    record = await setup.add(OPENING_AT - timedelta(minutes=10))
    setup.deliverer.outcomes = [DeliveryOutcome("retry", "network: TimeoutError")] * 2
    scheduler = setup.scheduler(max_attempts=2)
    setup.clock.set(record.due_at)
    for _ in range(2):
        await scheduler.run_once()
        setup.clock.advance(timedelta(minutes=5))
    stored = await setup.state(record)
    assert stored.state is DeliveryState.FAILED
    assert stored.reason == "gave up after 2 attempts: network: TimeoutError"


async def test_due_before_the_scheduler_started_is_sent_late(setup: Setup) -> None:
    record = await setup.add(OPENING_AT - timedelta(minutes=10))
    setup.clock.set(record.due_at + timedelta(minutes=5))  # the bot was down at 08:50
    await setup.scheduler().run_once()
    stored = await setup.state(record)
    assert stored.state is DeliveryState.LATE
    assert setup.deliverer.got[0].late


async def test_due_while_down_and_the_session_is_over_is_missed_not_sent(setup: Setup) -> None:
    record = await setup.add(OPENING_AT - timedelta(minutes=10))
    setup.clock.set(OPENING_AT + timedelta(minutes=15))  # Opening ended at 09:15
    await setup.scheduler().run_once()
    assert (await setup.state(record)).state is DeliveryState.MISSED
    assert setup.deliverer.got == []


async def test_a_session_gone_from_the_program_cancels_its_reminder(setup: Setup) -> None:
    record = await setup.add(OPENING_AT - timedelta(minutes=10))
    await setup.programs.load(
        Program(conference=setup.program.conference, sessions=setup.program.sessions[1:])
    )
    setup.clock.set(record.due_at)
    await setup.scheduler().run_once()
    stored = await setup.state(record)
    assert stored.state is DeliveryState.CANCELLED
    assert setup.deliverer.got == []


async def test_stop_hands_back_the_claims_of_a_round_cut_short(setup: Setup) -> None:
    record = await setup.add(OPENING_AT - timedelta(minutes=10))
    setup.clock.set(record.due_at)
    sending = asyncio.Event()

    class Hanging(ScriptedDeliverer):
        async def deliver(self, delivery: Delivery) -> DeliveryOutcome:
            sending.set()
            await asyncio.Event().wait()  # Discord never answers
            raise AssertionError("unreachable")

    setup.deliverer = Hanging()
    scheduler = setup.scheduler()
    round_ = asyncio.create_task(scheduler.run_once())
    await sending.wait()
    assert (await setup.state(record)).state is DeliveryState.CLAIMED
    round_.cancel()
    with pytest.raises(asyncio.CancelledError):
        await round_
    await scheduler.stop()
    assert (await setup.state(record)).state is DeliveryState.PENDING
    await scheduler.stop()  # a second stop does nothing


async def test_the_loop_delivers_when_woken_and_stops(setup: Setup) -> None:
    scheduler = setup.scheduler()
    task = asyncio.create_task(scheduler.run())
    await asyncio.sleep(0)
    record = await setup.add(setup.clock.now())
    scheduler.wake()
    for _ in range(3000):  # up to half a minute on a busy machine
        if (await setup.state(record)).state is DeliveryState.SENT:
            break
        await asyncio.sleep(0.01)
    await scheduler.stop()
    await asyncio.wait_for(task, timeout=10)
    assert (await setup.state(record)).state is DeliveryState.SENT
    assert scheduler.last_tick is not None


@pytest.mark.parametrize("attempt", range(1, 9))
def test_backoff_doubles_with_jitter_and_is_capped(attempt: int) -> None:
    base = min(60.0, 2.0 ** max(1, attempt))
    for _ in range(50):
        assert 0.75 * base <= _backoff(attempt) <= 1.25 * base
