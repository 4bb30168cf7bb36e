"""Sharing the token's request rate between bot processes: the share, joining, leaving,
ageing out, losing the database, and a refusal told to the others (real SQLite, and
PostgreSQL when TEST_DATABASE_URL is set)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.model import SenderCensus
from bot.services.pacing import BudgetConfig, RequestBudget
from bot.services.sharing import BudgetSharing, SharingConfig, share_of
from bot.storage import make_sessionmaker
from bot.storage.senders import SenderStore

CONFIG = SharingConfig(heartbeat=2.0, age_out_beats=3, join_hold=1.5)


class Clocks:
    """One moment seen two ways: the wall clock heartbeats are stored on, and the monotonic
    clock budgets pace with."""

    def __init__(self) -> None:
        self.seconds = 1000.0

    def wall(self) -> datetime:
        return datetime(2025, 4, 2, 9, 0, tzinfo=UTC) + timedelta(seconds=self.seconds)

    def monotonic(self) -> float:
        return self.seconds

    def advance(self, seconds: float) -> None:
        self.seconds += seconds


@pytest.fixture
def clocks() -> Clocks:
    return Clocks()


class UnreachableWhenAsked(SenderStore):
    """The real store, whose database can be made to refuse connections."""

    down = False

    async def beat(
        self, name: str, *, stale_after: timedelta, refused: bool = False
    ) -> SenderCensus:
        if self.down:
            raise OSError("connection refused")
        return await super().beat(name, stale_after=stale_after, refused=refused)


class Process:
    """What one bot process holds: its budget and its place among the senders."""

    def __init__(
        self,
        engine: AsyncEngine,
        clocks: Clocks,
        name: str,
        *,
        sole_process: bool = False,
        store: type[SenderStore] = SenderStore,
    ) -> None:
        self.budget = RequestBudget(BudgetConfig(rate=45.0, min_rate=5.0), clock=clocks.monotonic)
        self.store = store(make_sessionmaker(engine), now=clocks.wall)
        self.shares: list[tuple[int, float]] = []
        self.sharing = BudgetSharing(
            self.store,
            self.budget,
            name=name,
            config=CONFIG,
            sole_process=sole_process,
            on_share=lambda live, rate: self.shares.append((live, rate)),
            monotonic=clocks.monotonic,
        )


@pytest.mark.parametrize(
    ("live", "share"),
    [(0, 45.0), (1, 45.0), (2, 22.5), (3, 15.0), (9, 5.0), (20, 5.0)],
)
def test_each_live_process_gets_its_part_never_below_the_minimum(live: int, share: float) -> None:
    assert share_of(45.0, live, 5.0) == share


async def test_two_processes_each_take_half_and_the_newcomer_waits_to_be_counted(
    engine: AsyncEngine, clocks: Clocks
) -> None:
    a, b = Process(engine, clocks, "a"), Process(engine, clocks, "b")
    await a.sharing.beat()
    assert a.budget.limit == 45.0
    # Even the first holds: another process joining at the same moment may not have seen it.
    assert a.budget.reserve() == pytest.approx(CONFIG.join_hold * CONFIG.heartbeat)
    clocks.advance(4)
    await a.sharing.beat()
    assert a.budget.reserve() == 0  # a sends on its own
    await b.sharing.beat()
    assert (b.sharing.live, b.budget.limit) == (2, 22.5)
    # a still sends at 45 until its next heartbeat: b holds its turns until a has counted it.
    assert b.budget.reserve() == pytest.approx(CONFIG.join_hold * CONFIG.heartbeat)
    clocks.advance(CONFIG.heartbeat)
    await a.sharing.beat()
    assert (a.sharing.live, a.budget.limit, a.budget.rate) == (2, 22.5, 22.5)
    assert a.shares[-1] == (2, 22.5)


async def test_a_clean_stop_hands_the_share_back_on_the_next_heartbeat(
    engine: AsyncEngine, clocks: Clocks
) -> None:
    a, b = Process(engine, clocks, "a"), Process(engine, clocks, "b")
    await a.sharing.join()
    await b.sharing.join()
    await b.sharing.leave()
    assert await a.store.live(timedelta(seconds=CONFIG.stale_after)) == 1
    await a.sharing.beat()
    assert (a.sharing.live, a.budget.limit) == (1, 45.0)
    await a.sharing.leave()
    assert await a.store.live(timedelta(seconds=CONFIG.stale_after)) == 0


async def test_a_process_that_died_ages_out_after_three_heartbeats(
    engine: AsyncEngine, clocks: Clocks
) -> None:
    a, dead = Process(engine, clocks, "a"), Process(engine, clocks, "dead")
    await dead.sharing.beat()
    await a.sharing.beat()
    for _ in range(CONFIG.age_out_beats):
        clocks.advance(CONFIG.heartbeat)
        await a.sharing.beat()
        assert a.sharing.live == 2  # not yet: seen three heartbeats ago at most
    clocks.advance(0.5)
    await a.sharing.beat()
    assert (a.sharing.live, a.budget.limit) == (1, 45.0)


async def test_a_process_cut_off_from_the_database_falls_back_to_the_minimum(
    engine: AsyncEngine, clocks: Clocks
) -> None:
    a = Process(engine, clocks, "a", store=UnreachableWhenAsked)
    await a.sharing.beat()
    assert isinstance(a.store, UnreachableWhenAsked)
    a.store.down = True
    clocks.advance(CONFIG.heartbeat)
    await a.sharing.beat()
    assert a.budget.limit == 45.0  # a missed heartbeat or two: nobody counted it out yet
    clocks.advance(CONFIG.stale_after)
    await a.sharing.beat()
    assert (a.sharing.live, a.budget.limit) == (None, 5.0)
    assert a.shares[-1] == (0, 5.0)
    a.store.down = False
    await a.sharing.beat()
    assert a.sharing.live == 1
    assert a.budget.limit == 45.0


async def test_a_global_refusal_slows_the_other_processes_down(
    engine: AsyncEngine, clocks: Clocks
) -> None:
    a, b = Process(engine, clocks, "a"), Process(engine, clocks, "b")
    await a.sharing.beat()
    await b.sharing.beat()
    clocks.advance(2)
    await a.sharing.beat()
    assert b.budget.rate == 22.5
    b.budget.refused(0.3, is_global=True)
    b.budget.refused(0.3, is_global=False)  # a route's own limit: nothing to tell the others
    clocks.advance(1)
    await b.sharing.beat()
    clocks.advance(1)
    await a.sharing.beat()
    assert a.budget.rate == pytest.approx(22.5 * 0.7)
    assert a.budget.refused_total == 0  # slowed, not counted towards the ban window
    clocks.advance(1)
    await a.sharing.beat()  # the same refusal is not taken twice
    assert a.budget.rate == pytest.approx(22.5 * 0.7)


async def test_an_old_refusal_found_on_joining_is_not_taken(
    engine: AsyncEngine, clocks: Clocks
) -> None:
    a = Process(engine, clocks, "a")
    await a.sharing.beat()
    a.budget.refused(0.3, is_global=True)
    await a.sharing.beat()
    clocks.advance(60)
    await a.sharing.beat()
    late = Process(engine, clocks, "late")
    await late.sharing.beat()
    assert late.budget.rate == 22.5


async def test_the_only_process_on_its_database_never_holds(
    engine: AsyncEngine, clocks: Clocks
) -> None:
    alone = Process(engine, clocks, "alone", sole_process=True)
    await alone.sharing.beat()
    assert (alone.sharing.live, alone.budget.limit) == (1, 45.0)
    assert alone.budget.reserve() == 0


async def test_the_only_process_forgets_the_entry_of_a_killed_earlier_run(
    engine: AsyncEngine, clocks: Clocks
) -> None:
    killed = Process(engine, clocks, "run 1", sole_process=True)
    await killed.sharing.beat()  # and never leaves: SIGKILL
    clocks.advance(1)
    again = Process(engine, clocks, "run 2", sole_process=True)
    await again.sharing.join()
    assert (again.sharing.live, again.budget.limit) == (1, 45.0)
    await again.sharing.leave()
