"""Benchmark: many DM reminders due at one moment.

    .venv/bin/python -m tests.bench.bench_reminders [--count 10000] [--pg URL] [--skip-fake]

1. The scheduler alone, with a deliverer that returns at once: claiming, marking and the rest
   of the scheduler's own work per reminder, as CPU time of this process (its database
   driver's thread included, PostgreSQL's server not), on SQLite and on PostgreSQL (--pg, or
   TEST_DATABASE_URL). Twice on each: claims of the largest batch, and claims sized as in
   production by the pace (45/s x 3 s), with the burst's lead counted every round.
2. The real Discord deliverer, through the real discord.py client, against the fake Discord
   with its global limit on (50 requests/s, 429 with X-RateLimit-Global), at real speed and
   paced as in production (one budget, DISCORD_RATE_LIMIT 45/s): lost, doubled, earliest and
   latest delivery relative to the due time, requests per DM, 429s. Every user's DM channel is
   already known (as after their /remind confirmation), so this is "after a user's first".

Figures only; nothing here asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import tempfile
import time
import uuid
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import discord

from bot.clock import SystemClock
from bot.discord_ui.delivery import DirectMessages, DiscordDeliverer
from bot.discord_ui.ratelimits import budget_trace, quiet_discord_rate_limit_logs
from bot.model import Delivery, DeliveryKind, DeliveryOutcome, DeliverySpec
from bot.parsing import ParseOptions
from bot.parsing.text import parse_text
from bot.services.pacing import RequestBudget
from bot.services.programs import ProgramService
from bot.services.scheduler import Scheduler, SchedulerConfig
from bot.storage import ProgramStore, create_engine_for, make_sessionmaker, sqlite_url_for
from bot.storage.deliveries import DeliveryStore
from bot.storage.dm_channels import DmChannelStore
from bot.storage.migrate import upgrade
from tests.fakediscord.threaded import FakeInThread

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
    engine: object, users: list[int], due: datetime
) -> tuple[ProgramService, DeliveryStore]:
    await upgrade(engine)  # type: ignore[arg-type]
    clock = SystemClock()
    maker = make_sessionmaker(engine)  # type: ignore[arg-type]
    tomorrow = clock.now() + timedelta(days=1)
    program = parse_text(
        _program(tomorrow), ParseOptions(name="Bench", timezone="UTC", year=tomorrow.year)
    )
    programs = ProgramService(ProgramStore(maker, now=clock.now), SLUG, clock)
    await programs.load(program)
    store = DeliveryStore(maker, now=clock.now)
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
    return programs, store


async def _clear(engine: object) -> None:
    async with engine.begin() as connection:  # type: ignore[attr-defined]
        await connection.exec_driver_sql("DELETE FROM deliveries")


async def _drain(scheduler: Scheduler, store: DeliveryStore, count: int) -> tuple[float, float]:
    """Rounds until nothing is left: (wall seconds, CPU seconds of this process, its database
    driver's thread included). On a shared machine the CPU time is the steadier figure; the
    counting afterwards is not timed."""
    started, cpu = time.perf_counter(), time.process_time()
    while await scheduler.run_once():
        pass
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    states = await store.counts_by_state(SLUG)
    assert states["sent"] + states["late"] == count, states
    return seconds, cpu


async def overhead(count: int, url: str | None) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        schema = None
        if url is None:
            engine = create_engine_for(sqlite_url_for(Path(tmp)))
            label = "SQLite"
        else:
            schema = f"bench_{uuid.uuid4().hex[:8]}"
            admin = create_engine_for(url)
            async with admin.begin() as connection:
                await connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
            engine = create_engine_for(
                url, connect_args={"server_settings": {"search_path": schema}}
            )
            label = "PostgreSQL"
        try:
            users = list(range(10**17, 10**17 + count))
            due = datetime.now(UTC) - timedelta(seconds=1)
            for paced in (False, True):
                programs, store = await _prepare(engine, users, due)
                # A budget makes claims the size the pace sends in a few seconds and the
                # burst's lead be counted each round; Instant never takes a turn from it.
                scheduler = Scheduler(
                    store,
                    programs,
                    Instant(),
                    SystemClock(),
                    owner="bench",
                    config=SchedulerConfig(max_per_second=None),
                    budget=RequestBudget() if paced else None,
                )
                load = os.getloadavg()[0]
                seconds, cpu = await _drain(scheduler, store, count)
                claims = (
                    f"claims of {scheduler.claim_limit()} as paced at {scheduler.rate():g}/s"
                    if paced
                    else f"claims of {scheduler.claim_limit()}"
                )
                print(
                    f"scheduler alone ({label}, {claims}): {count} reminders: "
                    f"{cpu / count * 1000:.3f} ms CPU each, {seconds / count * 1000:.3f} ms wall; "
                    f"load average {load:.2f}"
                )
                await _clear(engine)
        finally:
            await engine.dispose()
            if schema is not None:
                async with admin.begin() as connection:
                    await connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
                await admin.dispose()


async def through_fake(count: int, rate: float) -> None:
    quiet_discord_rate_limit_logs()
    with tempfile.TemporaryDirectory() as tmp, FakeInThread() as fake:
        users = [fake.add_user(f"attendee{n}").id for n in range(count)]
        engine = create_engine_for(sqlite_url_for(Path(tmp)))
        # Due far enough ahead for the burst to start as early as the scheduler plans it
        # (count / (rate x plan share)), plus a little.
        plan = rate * SchedulerConfig().plan_share
        due = datetime.now(UTC) + timedelta(seconds=count / plan + 15)
        programs, store = await _prepare(engine, users, due)
        channels = DmChannelStore(make_sessionmaker(engine))
        # Known from each user's /remind confirmation.
        await channels.put_many({user: fake.dm_channel(user).id for user in users})
        fake.requests.clear()
        discord.http.Route.BASE = fake.api_base  # type: ignore[misc]
        budget = RequestBudget()
        budget.config = type(budget.config)(rate=rate)
        budget._rate = rate
        client = discord.Client(intents=discord.Intents.none(), http_trace=budget_trace(budget))
        await client.login(fake.token)
        logins = len(fake.requests)
        scheduler = Scheduler(
            store,
            programs,
            DiscordDeliverer(client, DirectMessages(client, channels)),
            SystemClock(),
            owner="bench",
            budget=budget,
        )
        task = asyncio.create_task(scheduler.run())
        started = time.perf_counter()
        try:
            while True:
                await asyncio.sleep(1.0)
                states = await store.counts_by_state(SLUG)
                done = states["sent"] + states["late"] + states["failed"]
                if done >= count or time.perf_counter() - started > count / rate * 3 + 60:
                    break
        finally:
            await scheduler.stop()
            await asyncio.wait_for(task, 10)
            await client.close()
        dms = [m for m in fake.messages if m.source == "channel"]
        per_user = Counter(fake.channels[m.channel_id].recipient.id for m in dms)  # type: ignore[union-attr]
        per_nonce = Counter(m.nonce for m in dms)
        spread = [(m.timestamp - due).total_seconds() for m in dms]
        requests = fake.dm_requests()
        total_requests = len(fake.requests) - logins
        states = await store.counts_by_state(SLUG)
        print(
            f"through the fake Discord (global limit {fake.global_limit}/s, paced at "
            f"{rate:g}/s): {count} DM reminders due at one moment"
        )
        doubled = sum(1 for c in per_user.values() if c > 1)
        print(
            f"  lost {count - len(per_user)}, doubled {doubled} "
            f"(nonce repeats {sum(1 for c in per_nonce.values() if c > 1)}); "
            f"states sent {states['sent']}, late {states['late']}, failed {states['failed']}"
        )
        print(
            f"  delivery relative to due: earliest {min(spread):+.1f} s, latest "
            f"{max(spread):+.1f} s"
        )
        print(
            f"  requests per DM {sum(requests.values()) / max(1, len(dms)):.3f} "
            f"({total_requests} requests in all after login); 429s: "
            f"{fake.global_refusals} ({fake.global_refusals / max(1, total_requests):.3%}); "
            f"budget saw {budget.refused_total} refused"
        )
        await engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--rate", type=float, default=45.0)
    parser.add_argument("--pg", default=os.environ.get("TEST_DATABASE_URL"))
    parser.add_argument("--skip-fake", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    asyncio.run(overhead(args.count, None))
    if args.pg:
        asyncio.run(overhead(args.count, args.pg))
    if not args.skip_fake:
        asyncio.run(through_fake(args.count, args.rate))


if __name__ == "__main__":
    main()
