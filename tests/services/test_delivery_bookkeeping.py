"""The scheduler's bookkeeping: batched marks, the sent-mark journal, real-time leases that are
renewed, claims sized to the pace, and bursts that start early."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path

from bot.model import (
    Delivery,
    DeliveryKind,
    DeliveryMark,
    DeliveryOutcome,
    DeliverySpec,
    DeliveryState,
)
from bot.services.pacing import BudgetConfig, RequestBudget
from bot.services.scheduler import Scheduler, SchedulerConfig
from bot.storage import make_sessionmaker
from bot.storage.deliveries import DeliveryStore
from bot.storage.journal import MarkJournal
from tests.services.test_reminders import FakeDeliverer, World, world

__all__ = ["world"]

DUE = datetime.fromisoformat("2025-04-01T10:20+02:00")


async def _many(world: World, count: int, due: datetime = DUE) -> None:
    added = await world.reminders.remind(user_id=50_000, target="session", query="storage")
    session = added.reminders[0][1]
    await world.store.upsert(
        "test",
        [
            DeliverySpec(
                DeliveryKind.REMINDER,
                f"reminder:{user}:10:dm",
                session.id,
                due,
                "dm",
                user_id=user,
                minutes_before=10,
            )
            for user in range(50_001, 50_000 + count)
        ],
    )


class FlakyStore(DeliveryStore):
    """The real store whose marks fail while `down` (the database is unreachable)."""

    down = False
    settles = 0

    async def settle(
        self, owner: str, marks: Sequence[DeliveryMark], *, any_owner: bool = False
    ) -> set[int]:
        self.settles += 1
        if self.down:
            raise OSError("connection refused")
        return await super().settle(owner, marks, any_owner=any_owner)


def _flaky(world: World) -> FlakyStore:
    return FlakyStore(
        make_sessionmaker(world.engine), now=world.clock.now, lease_now=world.real.now
    )


def _scheduler(
    world: World,
    store: DeliveryStore,
    deliverer: FakeDeliverer,
    owner: str = "a",
    journal: MarkJournal | None = None,
    **config: object,
) -> Scheduler:
    settings = {"max_per_second": None, **config}
    return Scheduler(
        store,
        world.programs,
        deliverer,
        world.clock,
        owner=owner,
        config=SchedulerConfig(**settings),  # type: ignore[arg-type]
        journal=journal,
    )


async def test_marks_are_written_in_batches(world: World) -> None:
    await _many(world, 400)
    world.clock.set(DUE)
    store = _flaky(world)
    scheduler = _scheduler(world, store, world.deliverer, batch=200, mark_batch=100)
    assert await scheduler.run_once() == 200
    assert await scheduler.run_once() == 200
    assert store.settles <= 4 + 2  # 400 marks in batches of 100, plus a tail per round
    assert (await world.store.counts_by_state("test"))["sent"] == 400


async def test_marks_the_database_cannot_take_are_kept_and_never_resent(world: World) -> None:
    await _many(world, 50)
    world.clock.set(DUE)
    store = _flaky(world)
    scheduler = _scheduler(world, store, world.deliverer, lease=timedelta(seconds=10))
    store.down = True
    with contextlib.suppress(OSError):
        await scheduler.run_once()
    assert len(world.deliverer.sent) == 50
    assert len(scheduler.journal) == 50
    # The database was down past the lease: the rows are claimable again, yet not resent.
    world.real.advance(timedelta(seconds=30))
    store.down = False
    while await scheduler.run_once():
        pass
    assert len(world.deliverer.sent) == 50
    assert len({d.record.id for d in world.deliverer.sent}) == 50
    assert (await world.store.counts_by_state("test"))["sent"] == 50
    assert len(scheduler.journal) == 0


async def test_the_journal_file_outlives_the_process(world: World, tmp_path: Path) -> None:
    await _many(world, 30)
    world.clock.set(DUE)
    path = tmp_path / "marks.journal"
    store = _flaky(world)
    store.down = True
    dead = _scheduler(world, store, world.deliverer, owner="dead", journal=MarkJournal(path))
    with contextlib.suppress(OSError):
        await dead.run_once()
    dead.journal.close()  # the process is killed here: its marks are only in the file
    assert len(world.deliverer.sent) == 30
    store.down = False
    world.real.advance(timedelta(minutes=1))
    again = _scheduler(world, store, world.deliverer, owner="again", journal=MarkJournal(path))
    while await again.run_once():
        pass
    await again.flush_marks()
    assert len(world.deliverer.sent) == 30
    assert (await world.store.counts_by_state("test"))["sent"] == 30
    assert path.read_text() == ""  # everything is in the database now
    again.journal.close()


class Blocking(FakeDeliverer):
    def __init__(self) -> None:
        super().__init__()
        self.release = asyncio.Event()
        self.started = asyncio.Event()

    async def deliver(self, delivery: Delivery) -> DeliveryOutcome:
        self.started.set()
        await self.release.wait()
        return await super().deliver(delivery)


async def test_a_lease_is_real_time_not_the_bots_clock(world: World) -> None:
    await _many(world, 5)
    world.clock.set(DUE)
    slow = Blocking()
    a = _scheduler(world, world.store, slow, owner="a", lease=timedelta(seconds=10))
    task = asyncio.create_task(a.run_once())
    await slow.started.wait()
    world.clock.advance(timedelta(hours=1))  # SIMULATE_SPEED: the bot's clock races ahead
    b = _scheduler(world, world.store, world.deliverer, owner="b")
    assert await b.run_once() == 0
    slow.release.set()
    assert await task == 5
    assert world.deliverer.sent == []


async def test_a_batch_in_flight_keeps_its_lease(world: World) -> None:
    await _many(world, 3)
    world.clock.set(DUE)
    store = DeliveryStore(make_sessionmaker(world.engine), now=world.clock.now)  # real leases
    slow = Blocking()
    a = _scheduler(world, store, slow, owner="a", lease=timedelta(seconds=0.6))
    task = asyncio.create_task(a.run_once())
    await slow.started.wait()
    await asyncio.sleep(1.5)  # well past the lease: only renewals keep the claims
    b = _scheduler(world, store, world.deliverer, owner="b")
    assert await b.run_once() == 0
    slow.release.set()
    assert await task == 3
    assert world.deliverer.sent == []


def _budget(rate: float) -> RequestBudget:
    return RequestBudget(BudgetConfig(rate=rate))


async def test_a_claim_takes_what_the_pace_sends_in_a_few_seconds(world: World) -> None:
    await _many(world, 100)
    world.clock.set(DUE)
    scheduler = Scheduler(
        world.store,
        world.programs,
        world.deliverer,
        world.clock,
        owner="a",
        config=SchedulerConfig(claim_seconds=3.0),
        budget=_budget(10.0),
    )
    assert await scheduler.run_once() == 30


async def test_a_burst_starts_early_so_that_its_last_is_out_on_time(world: World) -> None:
    await _many(world, 100)  # 100 due at 10:20; at 10/s they need 10 s
    scheduler = Scheduler(
        world.store,
        world.programs,
        world.deliverer,
        world.clock,
        owner="a",
        config=SchedulerConfig(claim_seconds=100.0),
        budget=_budget(10.0),
    )
    world.clock.set(DUE - timedelta(seconds=20))
    assert await scheduler.run_once() == 0
    world.clock.set(DUE - timedelta(seconds=10))
    assert await scheduler.run_once() == 100
    assert {d.record.due_at for d in world.deliverer.sent} == {DUE}
    assert all(d.sent_at is not None and d.sent_at < DUE for d in world.deliverer.sent)


def test_journal_skips_a_torn_line(tmp_path: Path) -> None:
    path = tmp_path / "j"
    journal = MarkJournal(path)

    journal.record(DeliveryMark(7, DeliveryState.SENT))
    journal.record(DeliveryMark(8, DeliveryState.SENT, fallback="mentioned"))
    journal.settled([7])
    journal.close()
    with path.open("a") as handle:
        handle.write('{"id": 9, "sta')  # killed inside a write
    again = MarkJournal(path)
    assert [m.delivery_id for m in again.outstanding()] == [8]
    assert again.get(8) == DeliveryMark(8, DeliveryState.SENT, fallback="mentioned")
    again.close()
