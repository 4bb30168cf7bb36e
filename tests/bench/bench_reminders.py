"""Benchmark: 10,000 reminders falling due in the same minute, delivered through the fake Discord.

    cd /work/main && .venv/bin/python -m tests.bench.bench_reminders [--count 10000]

Two runs over one SQLite database in a temporary directory:

1. the scheduler alone, with a deliverer that returns at once: claiming, marking and the
   rest of the scheduler's own work per reminder;
2. the real Discord deliverer against the fake Discord on 127.0.0.1 (fetch the user, open the
   DM channel, send with the nonce): the spread from due time to the message arriving at the
   fake, with the pacing turned off to show what the machinery can do.

Sends are paced to `SchedulerConfig.max_per_second` in production (20 a second: a DM can cost
two of the 50 requests a second Discord allows a bot); the report gives what that pacing means
for this many reminders. Figures only; nothing here asserts timing.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import discord

from bot.clock import SystemClock
from bot.discord_ui.delivery import DiscordDeliverer
from bot.model import Delivery, DeliveryKind, DeliveryOutcome, DeliverySpec
from bot.parsing import ParseOptions
from bot.parsing.text import parse_text
from bot.services.programs import ProgramService
from bot.services.scheduler import DEFAULT_CONFIG, Scheduler, SchedulerConfig
from bot.storage import ProgramStore, create_engine_for, make_sessionmaker, sqlite_url_for
from bot.storage.deliveries import DeliveryStore
from bot.storage.migrate import upgrade
from tests.bench.progress import counter
from tests.fakediscord.server import running_fake

SLUG = "bench"


class Instant:
    async def deliver(self, delivery: Delivery) -> DeliveryOutcome:
        return DeliveryOutcome("sent")


def _program(day: datetime) -> str:
    return (
        f"{day:%A, %B} {day.day}\n09:00-23:59 Session 1: Storage\n"
        "A Fast Graph Store\nAna Silva (Uni A)\n"
    )


async def _prepare(
    data_dir: Path, users: list[int]
) -> tuple[ProgramService, DeliveryStore, datetime, object]:
    engine = create_engine_for(sqlite_url_for(data_dir))
    await upgrade(engine)
    clock = SystemClock()
    maker = make_sessionmaker(engine)
    tomorrow = clock.now() + timedelta(days=1)
    program = parse_text(
        _program(tomorrow), ParseOptions(name="Bench", timezone="UTC", year=tomorrow.year)
    )
    programs = ProgramService(ProgramStore(maker, now=clock.now), SLUG, clock)
    await programs.load(program)
    store = DeliveryStore(maker, now=clock.now)
    due = clock.now() + timedelta(seconds=2)
    session = program.sessions[0].id
    for start in range(0, len(users), 2000):
        await store.upsert(
            SLUG,
            [
                DeliverySpec(
                    DeliveryKind.REMINDER,
                    f"reminder:{user}:10:dm",
                    session,
                    due,
                    "dm",
                    user_id=user,
                    minutes_before=10,
                )
                for user in users[start : start + 2000]
            ],
        )
    return programs, store, due, engine


async def _drain(scheduler: Scheduler, store: DeliveryStore, count: int) -> float:
    started = time.perf_counter()
    with counter("reminders delivered", count) as done:
        while True:
            states = await store.counts_by_state(SLUG)
            settled = states["sent"] + states["late"] + states["failed"]
            done(settled)
            if settled >= count:
                return time.perf_counter() - started
            if not await scheduler.run_once():
                await asyncio.sleep(0.05)


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


async def overhead(count: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        users = list(range(10**17, 10**17 + count))
        programs, store, due, engine = await _prepare(Path(tmp), users)
        await asyncio.sleep(max(0.0, (due - datetime.now(UTC)).total_seconds()))
        scheduler = Scheduler(
            store,
            programs,
            Instant(),
            SystemClock(),
            owner="bench",
            config=SchedulerConfig(max_per_second=None),
        )
        seconds = await _drain(scheduler, store, count)
        print(
            f"scheduler alone: {count} reminders in {seconds:.2f} s = "
            f"{seconds / count * 1000:.3f} ms each (claim, mark, bookkeeping; SQLite)"
        )
        await engine.dispose()  # type: ignore[attr-defined]


async def through_fake(count: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        async with running_fake() as fake:
            users = [fake.add_user(f"attendee{n}").id for n in range(count)]
            programs, store, due, engine = await _prepare(Path(tmp), users)
            discord.http.Route.BASE = fake.api_base  # type: ignore[misc]
            client = discord.Client(intents=discord.Intents.none())
            await client.login(fake.token)
            try:
                await asyncio.sleep(max(0.0, (due - datetime.now(UTC)).total_seconds()))
                scheduler = Scheduler(
                    store,
                    programs,
                    DiscordDeliverer(client),
                    SystemClock(),
                    owner="bench",
                    config=SchedulerConfig(max_per_second=None, concurrency=32),
                )
                seconds = await _drain(scheduler, store, count)
            finally:
                await client.close()
            arrived = [m.timestamp for m in fake.messages if m.source == "channel"]
            spread = [(t - due).total_seconds() for t in arrived]
            states = await store.counts_by_state(SLUG)
            print(
                f"through the fake Discord (no pacing): {len(arrived)} DMs in {seconds:.1f} s "
                f"({len(arrived) / seconds:.0f}/s); sent {states['sent']}, "
                f"failed {states['failed']}, duplicates at the fake "
                f"{len(arrived) - len({m.nonce for m in fake.messages if m.nonce})}"
            )
            print(
                f"  delivery after due time: p50 {statistics.median(spread):.1f} s, "
                f"p95 {_pct(spread, 95):.1f} s, max {max(spread):.1f} s"
            )
            rate = DEFAULT_CONFIG.max_per_second or 0
            if rate:
                print(
                    f"  paced as in production ({rate:g}/s): the last of {count} would go out "
                    f"{count / rate:.0f} s after the due time"
                )
            await engine.dispose()  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=10_000)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    asyncio.run(overhead(args.count))
    asyncio.run(through_fake(args.count))


if __name__ == "__main__":
    main()
