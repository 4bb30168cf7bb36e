"""SenderStore: heartbeats of the processes sending on the token, counted and aged out
(SQLite, and PostgreSQL when TEST_DATABASE_URL is set)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.storage import make_sessionmaker
from bot.storage.senders import SenderStore

STALE = timedelta(seconds=6)


class WallClock:
    def __init__(self) -> None:
        self.now = datetime(2025, 4, 2, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> WallClock:
    return WallClock()


@pytest.fixture
def senders(engine: AsyncEngine, clock: WallClock) -> SenderStore:
    return SenderStore(make_sessionmaker(engine), now=clock)


async def test_the_first_heartbeat_registers_and_later_ones_renew(senders: SenderStore) -> None:
    first = await senders.beat("a", stale_after=STALE)
    again = await senders.beat("a", stale_after=STALE)
    assert (first.live, first.joined) == (1, True)
    assert (again.live, again.joined) == (1, False)


async def test_every_process_seen_recently_counts(senders: SenderStore, clock: WallClock) -> None:
    await senders.beat("a", stale_after=STALE)
    clock.now += timedelta(seconds=1)
    census = await senders.beat("b", stale_after=STALE)
    assert (census.live, census.joined) == (2, True)
    assert (await senders.beat("a", stale_after=STALE)).live == 2
    assert await senders.live(STALE) == 2


async def test_a_process_not_seen_within_the_age_out_is_dropped(
    senders: SenderStore, clock: WallClock
) -> None:
    await senders.beat("gone", stale_after=STALE)
    await senders.beat("alive", stale_after=STALE)
    clock.now += STALE  # exactly the age-out: still counted
    assert (await senders.beat("alive", stale_after=STALE)).live == 2
    clock.now += timedelta(seconds=1)
    assert (await senders.beat("alive", stale_after=STALE)).live == 1
    # Back after being dropped: it registers anew, so it knows the others had not counted it.
    back = await senders.beat("gone", stale_after=STALE)
    assert (back.live, back.joined) == (2, True)


async def test_a_clean_stop_deregisters_at_once(senders: SenderStore) -> None:
    await senders.beat("a", stale_after=STALE)
    await senders.beat("b", stale_after=STALE)
    assert await senders.leave("b") is True
    assert await senders.leave("b") is False
    assert (await senders.beat("a", stale_after=STALE)).live == 1


async def test_a_refusal_is_told_to_the_others_not_to_the_one_refused(
    senders: SenderStore, clock: WallClock
) -> None:
    await senders.beat("a", stale_after=STALE)
    assert (await senders.beat("b", stale_after=STALE)).peer_refused_at is None
    clock.now += timedelta(seconds=2)
    refused_at = clock.now
    mine = await senders.beat("a", stale_after=STALE, refused=True)
    assert mine.peer_refused_at is None
    clock.now += timedelta(seconds=1)
    theirs = await senders.beat("b", stale_after=STALE)
    assert theirs.peer_refused_at == refused_at
    assert theirs.at == clock.now
    # A later heartbeat without a refusal keeps the time of the last one.
    await senders.beat("a", stale_after=STALE)
    assert (await senders.beat("b", stale_after=STALE)).peer_refused_at == refused_at


async def test_the_only_process_may_forget_every_other_entry(senders: SenderStore) -> None:
    await senders.beat("killed run", stale_after=STALE)
    await senders.beat("this run", stale_after=STALE)
    assert await senders.forget_others("this run") == 1
    assert (await senders.beat("this run", stale_after=STALE)).live == 1
