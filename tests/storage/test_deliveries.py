"""DeliveryStore on its own: creating deliveries once, claiming them atomically, ending a
claim, retrying, handing claims back, and sharding channel messages. SQLite, and PostgreSQL
when TEST_DATABASE_URL is set."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.model import DeliveryKind, DeliverySpec, DeliveryState, Program
from bot.storage import ProgramStore, make_sessionmaker
from bot.storage.deliveries import SHARD_SHIFT, DeliveryStore
from tests.storage.factory import DAY1, at, base_program

SLUG = "conf"
LEASE = timedelta(minutes=2)


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock(at(DAY1, "08:00"))


@pytest.fixture
async def program(engine: AsyncEngine, clock: Clock) -> Program:
    stored = base_program()
    await ProgramStore(make_sessionmaker(engine), now=clock).load(SLUG, stored)
    return stored


@pytest.fixture
def deliveries(engine: AsyncEngine, clock: Clock) -> DeliveryStore:
    return DeliveryStore(make_sessionmaker(engine), now=clock, lease_now=clock)


def spec(program: Program, key: str, due: datetime, **extra: object) -> DeliverySpec:
    values: dict[str, object] = {
        "kind": DeliveryKind.REMINDER,
        "dedupe_key": key,
        "session_id": program.sessions[1].id,
        "due_at": due,
        "via": "dm",
        "user_id": 1,
        "minutes_before": 10,
        **extra,
    }
    return DeliverySpec(**values)  # type: ignore[arg-type]


async def test_upsert_creates_once_and_moves_a_pending_one(
    deliveries: DeliveryStore, program: Program
) -> None:
    [(first, created)] = await deliveries.upsert(SLUG, [spec(program, "u1", at(DAY1, "09:50"))])
    assert created
    assert first.state is DeliveryState.PENDING
    assert first.session_id == program.sessions[1].id
    [(again, created)] = await deliveries.upsert(SLUG, [spec(program, "u1", at(DAY1, "09:40"))])
    assert not created
    assert again.id == first.id
    assert again.due_at == at(DAY1, "09:40")
    assert (await deliveries.counts_by_state(SLUG))["pending"] == 1


async def test_upsert_refuses_an_unknown_session(
    deliveries: DeliveryStore, program: Program
) -> None:
    with pytest.raises(LookupError, match="no session"):
        await deliveries.upsert(
            SLUG, [spec(program, "u1", at(DAY1, "09:50"), session_id="no-such-session")]
        )


async def test_claim_takes_only_what_is_due_and_never_twice(
    deliveries: DeliveryStore, program: Program, clock: Clock
) -> None:
    await deliveries.upsert(
        SLUG,
        [spec(program, "early", at(DAY1, "09:00")), spec(program, "later", at(DAY1, "10:00"))],
    )
    clock.now = at(DAY1, "09:30")
    [taken] = await deliveries.claim("a", 10, LEASE)
    assert taken.due_at == at(DAY1, "09:00")
    assert taken.attempts == 1
    assert await deliveries.claim("b", 10, LEASE) == []  # a holds it; "later" is not due
    assert await deliveries.next_due() == at(DAY1, "09:32")  # a's claim runs out first
    clock.now = at(DAY1, "09:33")
    [retaken] = await deliveries.claim("b", 10, LEASE)  # a's claim ran out: a crash
    assert retaken.id == taken.id
    assert retaken.attempts == 2


async def test_only_the_owner_ends_a_claim(
    deliveries: DeliveryStore, program: Program, clock: Clock
) -> None:
    await deliveries.upsert(SLUG, [spec(program, "u1", at(DAY1, "09:00"))])
    clock.now = at(DAY1, "09:00")
    [record] = await deliveries.claim("a", 10, LEASE)
    assert not await deliveries.finish(record.id, "b", DeliveryState.SENT)
    assert await deliveries.finish(record.id, "a", DeliveryState.SENT)
    assert not await deliveries.finish(record.id, "a", DeliveryState.SENT)  # already done
    done = await deliveries.get(record.id)
    assert done is not None
    assert done.state is DeliveryState.SENT


async def test_retry_later_waits_for_its_time(
    deliveries: DeliveryStore, program: Program, clock: Clock
) -> None:
    await deliveries.upsert(SLUG, [spec(program, "u1", at(DAY1, "09:00"))])
    clock.now = at(DAY1, "09:00")
    [record] = await deliveries.claim("a", 10, LEASE)
    assert await deliveries.retry_later(record.id, "a", at(DAY1, "09:05"), "Discord answered 503")
    assert await deliveries.next_due() == at(DAY1, "09:05")
    assert await deliveries.claim("a", 10, LEASE) == []
    clock.now = at(DAY1, "09:05")
    [again] = await deliveries.claim("a", 10, LEASE)
    assert (again.id, again.attempts) == (record.id, 2)


async def test_release_claims_hands_rows_back_untouched(
    deliveries: DeliveryStore, program: Program, clock: Clock
) -> None:
    await deliveries.upsert(
        SLUG, [spec(program, "u1", at(DAY1, "09:00")), spec(program, "u2", at(DAY1, "09:01"))]
    )
    clock.now = at(DAY1, "09:10")
    assert len(await deliveries.claim("a", 10, LEASE)) == 2
    assert await deliveries.release_claims("b") == 0
    assert await deliveries.release_claims("a") == 2
    taken = await deliveries.claim("b", 10, LEASE)
    assert [r.attempts for r in taken] == [1, 1]  # the handed-back claim does not count


async def test_claim_respects_the_batch_limit_in_due_order(
    deliveries: DeliveryStore, program: Program, clock: Clock
) -> None:
    specs = [spec(program, f"u{n}", at(DAY1, "09:00") + timedelta(minutes=n)) for n in range(5)]
    await deliveries.upsert(SLUG, list(reversed(specs)))
    clock.now = at(DAY1, "10:00")
    first = await deliveries.claim("a", 3, LEASE)
    assert [r.due_at for r in first] == [s.due_at for s in specs[:3]]
    assert len(await deliveries.claim("a", 3, LEASE)) == 2


async def test_a_shard_takes_its_guilds_channel_messages_and_every_dm(
    deliveries: DeliveryStore, program: Program, clock: Clock
) -> None:
    on_shard_0, on_shard_1 = 0 * SHARD_SHIFT + 5, 1 * SHARD_SHIFT + 5
    await deliveries.upsert(
        SLUG,
        [
            spec(program, "c0", at(DAY1, "09:00"), via="channel", guild_id=on_shard_0),
            spec(program, "c1", at(DAY1, "09:00"), via="channel", guild_id=on_shard_1),
            spec(program, "dm", at(DAY1, "09:00"), guild_id=on_shard_1),
        ],
    )
    clock.now = at(DAY1, "09:00")
    mine = await deliveries.claim("s0", 10, LEASE, shard=(2, [0]))
    assert sorted((r.via, r.guild_id) for r in mine) == [
        ("channel", on_shard_0),
        ("dm", on_shard_1),
    ]
    [other] = await deliveries.claim("s1", 10, LEASE, shard=(2, [1]))
    assert (other.via, other.guild_id) == ("channel", on_shard_1)


async def test_a_cancelled_delivery_is_revived_by_the_same_request(
    deliveries: DeliveryStore, program: Program
) -> None:
    [(record, _)] = await deliveries.upsert(SLUG, [spec(program, "u1", at(DAY1, "09:50"))])
    [cancelled] = await deliveries.cancel(SLUG, reason="cancelled by you", ids=[record.id])
    assert cancelled.state is DeliveryState.CANCELLED
    [(revived, created)] = await deliveries.upsert(SLUG, [spec(program, "u1", at(DAY1, "09:50"))])
    assert created
    assert (revived.id, revived.state) == (record.id, DeliveryState.PENDING)


async def test_a_burst_starts_early_but_its_role_ping_waits_for_its_time(
    deliveries: DeliveryStore, program: Program, clock: Clock
) -> None:
    due = at(DAY1, "09:00")
    ping = spec(
        program, "ping", due, kind=DeliveryKind.ROLE_PING, via="channel", user_id=None,
        guild_id=5, channel_id=6, role_id=7,
    )  # fmt: skip
    await deliveries.upsert(SLUG, [spec(program, "dm", due), ping])
    clock.now = due - timedelta(minutes=5)
    [early] = await deliveries.claim("a", 10, LEASE, due_before=due)
    assert early.kind is DeliveryKind.REMINDER
    clock.now = due
    on_time = await deliveries.claim("a", 10, LEASE, due_before=due + timedelta(minutes=5))
    assert DeliveryKind.ROLE_PING in {r.kind for r in on_time}
