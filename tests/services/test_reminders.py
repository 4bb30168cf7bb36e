"""Reminders, announcements and the scheduler, on a controllable clock.

A fake deliverer stands in for Discord here and, like Discord, drops a message whose nonce it
has already seen; the Discord deliverer itself is tested end to end through the fake Discord.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.clock import FrozenClock
from bot.errors import UserError
from bot.model import Delivery, DeliveryKind, DeliveryOutcome, DeliverySpec, DeliveryState
from bot.parsing import ParseOptions
from bot.parsing.text import parse_text
from bot.services.people import PeopleService
from bot.services.programs import ProgramService
from bot.services.reminders import ReminderService
from bot.services.scheduler import Scheduler, SchedulerConfig
from bot.storage import ProgramStore, make_sessionmaker
from bot.storage.deliveries import DeliveryStore
from bot.storage.people import PeopleStore

OPTIONS = ParseOptions(name="Test Conf", timezone="Europe/Amsterdam", year=2025)
PROGRAM = """Day 1: Tuesday, April 1
09:00-10:00 Keynote: Ana Silva (Uni A)
Session chair: Bo Li (Uni B)
"The Future"
10:30-12:00 Session 1: Storage
Session chair: Cy Ng (Uni C)
A Fast Graph Store
Ana Silva (Uni A), Di Wu (Uni D)
Slow Storage
Ed Po (Uni E)
10:30-12:00 Session 2: Networks
Session chair: Bo Li (Uni B)
Always-On Networks
Fay Qi (Uni F)
"""
START = datetime.fromisoformat("2025-04-01T08:00+02:00")
USER, OTHER, GUILD, CHANNEL = 1001, 1002, 9001, 7001


@dataclass
class FakeDeliverer:
    """Records sends; drops a repeated nonce like Discord; scripted failures."""

    sent: list[Delivery] = field(default_factory=list)
    nonces: set[str] = field(default_factory=set)
    script: list[DeliveryOutcome] = field(default_factory=list)
    crash_after_send: bool = False

    async def deliver(self, delivery: Delivery) -> DeliveryOutcome:
        if self.script:
            return self.script.pop(0)
        if delivery.record.nonce not in self.nonces:
            self.nonces.add(delivery.record.nonce)
            self.sent.append(delivery)
        if self.crash_after_send:
            raise asyncio.CancelledError  # the process dies between send and mark
        return DeliveryOutcome("sent")


@dataclass
class World:
    clock: FrozenClock
    programs: ProgramService
    store: DeliveryStore
    reminders: ReminderService
    deliverer: FakeDeliverer
    engine: AsyncEngine
    real: FrozenClock  # claim leases run on real time, not the bot's clock

    def scheduler(self, owner: str = "a", deliverer: FakeDeliverer | None = None) -> Scheduler:
        return Scheduler(
            self.store,
            self.programs,
            deliverer or self.deliverer,
            self.clock,
            owner=owner,
            config=SchedulerConfig(lease=timedelta(minutes=2), max_per_second=None),
        )


@pytest.fixture
async def world(engine: AsyncEngine) -> World:
    clock = FrozenClock(START)
    maker = make_sessionmaker(engine)
    programs = ProgramService(ProgramStore(maker, now=clock.now), "test", clock, defaults=OPTIONS)
    await programs.load(parse_text(PROGRAM, OPTIONS))
    real = FrozenClock(START)
    store = DeliveryStore(maker, now=clock.now, lease_now=real.now)
    reminders = ReminderService(store, programs, clock)
    programs.on_reload(reminders.on_reload)
    return World(clock, programs, store, reminders, FakeDeliverer(), engine, real)


async def test_reminder_fires_at_its_time_and_only_then(world: World) -> None:
    answer = await world.reminders.remind(
        user_id=USER, target="session", query="storage", minutes_before=10
    )
    [(record, session)] = answer.reminders
    assert session.title == "Storage"
    assert record.due_at == datetime.fromisoformat("2025-04-01T10:20+02:00")
    scheduler = world.scheduler()
    world.clock.set(record.due_at - timedelta(seconds=1))
    assert await scheduler.run_once() == 0
    world.clock.set(record.due_at)
    assert await scheduler.run_once() == 1
    assert [d.record.id for d in world.deliverer.sent] == [record.id]
    assert not world.deliverer.sent[0].late
    assert await scheduler.run_once() == 0
    [mine] = (await world.reminders.mine(USER)).reminders
    assert mine[0].state is DeliveryState.SENT


async def test_adding_the_same_reminder_twice_keeps_one(world: World) -> None:
    await world.reminders.remind(user_id=USER, target="session", query="storage")
    again = await world.reminders.remind(user_id=USER, target="session", query="storage")
    assert again.kept_existing == 1
    assert len((await world.reminders.mine(USER)).reminders) == 1


async def test_author_reminder_covers_talks_and_chairing(world: World) -> None:
    answer = await world.reminders.remind(user_id=USER, target="author", query="bo li")
    assert sorted(s.title or "" for _, s in answer.reminders) == sorted(
        ["Keynote: Ana Silva (Uni A)", "Networks"]
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"minutes_before": 1441}, "between 0 and 1440"),
        ({"minutes_before": -1}, "between 0 and 1440"),
        ({"where": "pigeon"}, "dm or channel"),
        ({"where": "channel"}, "server channel"),
    ],
)
async def test_bad_reminder_requests_say_what_is_wrong(
    world: World, kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(UserError, match=message):
        await world.reminders.remind(user_id=USER, target="session", query="storage", **kwargs)  # type: ignore[arg-type]


async def test_cancel_one_and_all(world: World) -> None:
    first = await world.reminders.remind(user_id=USER, target="session", query="storage")
    await world.reminders.remind(user_id=USER, target="session", query="networks")
    one = first.reminders[0][0].id
    cancelled = await world.reminders.cancel(USER, str(one))
    assert [r.id for r, _ in cancelled.reminders] == [one]
    with pytest.raises(UserError, match="no pending reminder"):
        await world.reminders.cancel(USER, str(one))
    assert (await world.reminders.cancel(OTHER, "all")).reminders == ()
    rest = await world.reminders.cancel(USER, "all")
    assert len(rest.reminders) == 1
    states = {r.state for r, _ in (await world.reminders.mine(USER)).reminders}
    assert states == {DeliveryState.CANCELLED}


async def test_exactly_once_across_a_crash_between_send_and_mark(world: World) -> None:
    await world.reminders.remind(user_id=USER, target="session", query="storage")
    world.clock.set(datetime.fromisoformat("2025-04-01T10:20+02:00"))
    crashing = FakeDeliverer(crash_after_send=True)
    with pytest.raises(asyncio.CancelledError):
        await world.scheduler("dies", crashing).run_once()
    assert len(crashing.sent) == 1
    # Another process picks the row up once the claim expires and sends it again with the
    # same nonce; Discord (here the fake deliverer sharing its nonce memory) drops the repeat.
    world.clock.advance(timedelta(minutes=3))
    world.real.advance(timedelta(minutes=3))
    survivor = FakeDeliverer(nonces=crashing.nonces)
    assert await world.scheduler("survives", survivor).run_once() == 1
    assert survivor.sent == []
    [(record, _)] = (await world.reminders.mine(USER)).reminders
    assert record.state is DeliveryState.LATE  # delivered once, three minutes after its time
    assert record.attempts == 2


async def test_downtime_catch_up_marks_late_and_missed(world: World) -> None:
    await world.reminders.remind(user_id=USER, target="session", query="keynote")  # 08:50
    await world.reminders.remind(user_id=USER, target="session", query="storage")  # 10:20
    world.clock.set(datetime.fromisoformat("2025-04-01T10:40+02:00"))  # keynote over
    assert await world.scheduler().run_once() == 2
    states = {s.title: r.state for r, s in (await world.reminders.mine(USER)).reminders}
    assert states == {
        "Keynote: Ana Silva (Uni A)": DeliveryState.MISSED,
        "Storage": DeliveryState.LATE,
    }
    assert [d.late for d in world.deliverer.sent] == [True]


async def test_transient_errors_retry_with_backoff_and_permanent_ones_fail(world: World) -> None:
    await world.reminders.remind(user_id=USER, target="session", query="storage")
    await world.reminders.remind(user_id=OTHER, target="session", query="storage")
    world.clock.set(datetime.fromisoformat("2025-04-01T10:20+02:00"))
    world.deliverer.script = [
        DeliveryOutcome("retry", "HTTP 503", retry_after=4.0),
        DeliveryOutcome("failed", "Cannot send messages to this user"),
    ]
    scheduler = world.scheduler()
    assert await scheduler.run_once() == 2
    assert await scheduler.run_once() == 0  # the retry waits
    world.clock.advance(timedelta(seconds=5))
    assert await scheduler.run_once() == 1
    records = [r for r, _ in (await world.reminders.mine(USER)).reminders] + [
        r for r, _ in (await world.reminders.mine(OTHER)).reminders
    ]
    assert sorted(r.state.value for r in records) == ["failed", "sent"]
    failed = next(r for r in records if r.state is DeliveryState.FAILED)
    assert failed.reason == "Cannot send messages to this user"


async def test_reload_moves_reminders_and_cancels_removed_ones_with_one_notice(
    world: World,
) -> None:
    await world.reminders.remind(user_id=USER, target="session", query="storage")
    await world.reminders.remind(user_id=USER, target="session", query="networks")
    await world.reminders.remind(
        user_id=USER, target="session", query="networks", minutes_before=30
    )
    edited = PROGRAM.replace("10:30-12:00 Session 1: Storage", "11:00-12:30 Session 1: Storage")
    edited = edited[: edited.index("10:30-12:00 Session 2: Networks")]
    await world.programs.load(parse_text(edited, OPTIONS))
    mine = {(s.title, r.minutes_before): r for r, s in (await world.reminders.mine(USER)).reminders}
    assert mine[("Storage", 10)].due_at == datetime.fromisoformat("2025-04-01T10:50+02:00")
    assert mine[("Storage", 10)].state is DeliveryState.PENDING
    assert mine[("Networks", 10)].state is DeliveryState.CANCELLED
    assert mine[("Networks", 30)].state is DeliveryState.CANCELLED
    notices = [r for r in await world.store.pending("test", [DeliveryKind.NOTICE])]
    assert sorted(n.notice or "" for n in notices) == ["cancelled", "moved"]
    assert await world.scheduler().run_once() == 2  # notices go out at once
    assert {d.record.notice for d in world.deliverer.sent} == {"cancelled", "moved"}


async def test_announcements_and_chair_reminders(world: World) -> None:
    await world.reminders.set_announcements(GUILD, CHANNEL, minutes_before=5, role_id=55)
    await world.reminders.set_chair_reminders(GUILD, 15)
    people = PeopleService(
        PeopleStore(world.store.sessionmaker), world.programs, world.reminders, world.clock
    )
    link = await people.link(GUILD, "bo li", OTHER)
    assert link.name == "Bo Li"
    pending = await world.store.pending("test")
    kinds = sorted((r.kind.value, r.due_at.strftime("%H:%M")) for r in pending)
    assert kinds == [
        ("announcement", "06:55"),
        ("announcement", "08:25"),
        ("announcement", "08:25"),
        ("chair", "06:45"),
        ("chair", "08:15"),
    ]
    world.clock.set(datetime.fromisoformat("2025-04-01T10:25+02:00"))
    assert await world.scheduler().run_once() == 5
    announced = [d for d in world.deliverer.sent if d.record.kind is DeliveryKind.ANNOUNCEMENT]
    assert all(d.record.channel_id == CHANNEL and d.record.role_id == 55 for d in announced)
    await world.reminders.set_announcements(GUILD, None)
    assert await world.store.pending("test", [DeliveryKind.ANNOUNCEMENT]) == []


async def test_scheduler_task_sleeps_until_due_and_is_woken(world: World) -> None:
    scheduler = world.scheduler()
    task = asyncio.create_task(scheduler.run())
    try:
        await world.reminders.remind(user_id=USER, target="session", query="storage")
        await asyncio.sleep(0.05)
        assert world.deliverer.sent == []
        world.clock.set(datetime.fromisoformat("2025-04-01T10:20+02:00"))
        scheduler.wake()
        for _ in range(500):  # up to five seconds on a busy machine
            if world.deliverer.sent:
                break
            await asyncio.sleep(0.01)
        assert len(world.deliverer.sent) == 1
    finally:
        await scheduler.stop()
        await asyncio.wait_for(task, timeout=5)  # stop() ends the loop by itself


async def test_two_schedulers_deliver_a_thousand_simultaneous_reminders_exactly_once(
    world: World,
) -> None:
    """Both share one database, as two bot processes would; claims keep them apart."""
    added = await world.reminders.remind(user_id=10_000, target="session", query="storage")
    [(record, session)] = added.reminders
    due = record.due_at
    # The other 999 in one batch, as the service would make them one by one.
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
            for user in range(10_001, 11_000)
        ],
    )
    world.clock.set(due)
    first, second = FakeDeliverer(), FakeDeliverer()
    a = Scheduler(
        world.store,
        world.programs,
        first,
        world.clock,
        owner="a",
        config=SchedulerConfig(batch=50, max_per_second=None),
    )
    b = Scheduler(
        world.store,
        world.programs,
        second,
        world.clock,
        owner="b",
        config=SchedulerConfig(batch=50, max_per_second=None),
    )

    async def drain(scheduler: Scheduler) -> None:
        for _ in range(100):  # 1,000 rows in batches of 50 between two: well under 100 rounds
            if not await scheduler.run_once():
                return

    await asyncio.gather(drain(a), drain(b))
    ids = [d.record.id for d in first.sent + second.sent]
    assert len(ids) == 1000
    assert len(set(ids)) == 1000
    if world.engine.dialect.name == "postgresql":
        # Row locks with SKIP LOCKED let both work at once. SQLite has one writer: the other
        # waits in SQLite's busy handler, whose back-off may let one take every batch.
        assert first.sent
        assert second.sent
    counts = await world.store.counts_by_state("test")
    assert counts["sent"] == 1000
    assert counts["pending"] == counts["claimed"] == 0


async def test_a_sharded_scheduler_sends_channel_messages_only_for_its_guilds(
    world: World,
) -> None:
    """Discord puts guild g on shard (g >> 22) % count; DMs may go out from any process."""
    shard_of = {guild: (guild >> 22) % 2 for guild in (1 << 22, 2 << 22)}  # shards 1 and 0
    added = await world.reminders.remind(user_id=USER, target="session", query="storage")
    [(record, session)] = added.reminders
    await world.store.upsert(
        "test",
        [
            DeliverySpec(
                DeliveryKind.ANNOUNCEMENT,
                f"announcement:{guild}",
                session.id,
                record.due_at,
                "channel",
                guild_id=guild,
                channel_id=CHANNEL,
            )
            for guild in shard_of
        ],
    )
    world.clock.set(record.due_at)
    shard_zero = Scheduler(
        world.store,
        world.programs,
        world.deliverer,
        world.clock,
        owner="zero",
        config=SchedulerConfig(shard=(2, [0]), max_per_second=None),
    )
    assert await shard_zero.run_once() == 2  # the DM, and the guild on shard 0
    sent_guilds = sorted(d.record.guild_id or 0 for d in world.deliverer.sent)
    assert sent_guilds == [0, 2 << 22]
    assert [r.guild_id for r in await world.store.pending("test")] == [1 << 22]


async def test_a_reload_through_another_process_is_picked_up(world: World) -> None:
    """Two bot processes share the database; each answers from its own catalog."""
    other = ProgramService(
        ProgramStore(make_sessionmaker(world.engine), now=world.clock.now),
        "test",
        world.clock,
        defaults=OPTIONS,
    )
    await other.start()
    assert not await other.refresh()  # nothing new
    edited = PROGRAM.replace("Session 1: Storage", "Session 1: Storage Systems")
    await world.programs.load(parse_text(edited, OPTIONS))
    assert not await world.programs.refresh()  # the loading process is up to date already
    assert await other.refresh()
    titles = {s.title for s in other.current().program.sessions}
    assert "Storage Systems" in titles
    assert not await other.refresh()


async def test_two_reminders_for_a_moved_session_make_one_notice(world: World) -> None:
    await world.reminders.remind(user_id=USER, target="session", query="storage")
    await world.reminders.remind(user_id=USER, target="session", query="storage", minutes_before=30)
    await world.reminders.remind(user_id=OTHER, target="session", query="storage")
    edited = PROGRAM.replace("10:30-12:00 Session 1: Storage", "11:00-12:30 Session 1: Storage")
    await world.programs.load(parse_text(edited, OPTIONS))
    notices = await world.store.pending("test", [DeliveryKind.NOTICE])
    assert sorted((n.user_id, n.notice) for n in notices) == [(USER, "moved"), (OTHER, "moved")]


async def test_a_reminder_in_a_large_burst_says_it_may_come_early(world: World) -> None:
    store = world.store
    busy = ReminderService(store, world.programs, world.clock, burst_rate=10.0)
    quiet = await busy.remind(user_id=USER, target="session", query="storage")
    assert quiet.warning is None
    [(record, session)] = quiet.reminders
    await store.upsert(
        "test",
        [
            DeliverySpec(
                DeliveryKind.REMINDER,
                f"reminder:{u}:10:dm",
                session.id,
                record.due_at,
                "dm",
                user_id=u,
                minutes_before=10,
            )
            for u in range(20_000, 21_300)
        ],
    )
    crowded = await busy.remind(user_id=OTHER, target="session", query="storage")
    assert crowded.warning is not None
    assert "up to 2 minutes early" in crowded.warning  # 1,302 at 10/s: about 130 s


async def test_a_stored_reminder_is_answered_even_when_its_burst_cannot_be_counted(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The count behind "may come early" is an aside: if it fails, the answer still says the
    reminder is set, since it is stored (never the apology of an internal error)."""
    busy = ReminderService(world.store, world.programs, world.clock, burst_rate=10.0)

    async def unavailable(start: datetime, end: datetime) -> int:
        raise ConnectionError("database went away")

    monkeypatch.setattr(world.store, "due_between", unavailable)
    answer = await busy.remind(user_id=USER, target="session", query="storage")
    assert answer.what == "added"
    assert answer.warning is None
    assert [r.user_id for r, _ in answer.reminders] == [USER]
    assert [r.user_id for r in await world.store.for_user("test", USER)] == [USER]
