"""Benchmark: a burst of DMs sent by one or more real bot processes on one token, against the
fake Discord's global limit of 50 requests a second.

    TEST_DATABASE_URL=postgresql+asyncpg://postgres@127.0.0.1:5432/test \\
    .venv/bin/python -m tests.bench.bench_shared_budget [--processes 2] [--count 900]
        [--join-after 60] [--rate 45]

Loads `--count` DM reminders, all due now, into a fresh database on the server
TEST_DATABASE_URL names, starts one `python -m bot run` process and, once it has sent
`--join-after` DMs, the others (`--join-after 0`: all at once). Prints what Discord would have
seen: requests, refusals (429), the busiest second, DMs lost and doubled, and how long the burst
took. Figures only; nothing here asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

from tests.fakediscord.server import FakeDiscord
from tests.scaleout.bots import (
    Bot,
    busiest_second,
    fresh_database,
    limited_requests,
    load_burst,
    per_user,
    wait_for_delivered,
    wait_until_marked,
)


async def run(processes: int, count: int, join_after: int, rate: float | None) -> None:
    server = os.environ.get("TEST_DATABASE_URL")
    if not server:
        sys.exit("set TEST_DATABASE_URL to a PostgreSQL server (a database is made there)")
    fake = FakeDiscord()
    await fake.start()
    try:
        async with fresh_database(server) as url:
            users = [fake.add_user(f"attendee{n}").id for n in range(count)]
            await load_burst(url, users, fake)
            logs = Path(tempfile.mkdtemp(prefix="confbot-bench-"))
            started = time.monotonic()
            bots = [Bot(fake, url, logs / "bot-0.log", rate)]
            try:
                await wait_for_delivered(fake, join_after, 60)
                bots += [Bot(fake, url, logs / f"bot-{n}.log", rate) for n in range(1, processes)]
                await wait_for_delivered(fake, count, 300)
                took = time.monotonic() - started
                states = await wait_until_marked(url, count)
            finally:
                for bot in bots:
                    await bot.stop()
    finally:
        await fake.stop()
    received = per_user(fake)
    requests = limited_requests(fake)
    print(
        f"{processes} process(es), {count} DMs, the others joining after {join_after}, "
        f"DISCORD_RATE_LIMIT {rate or 'default'}: {len(requests)} requests, "
        f"{fake.global_refusals} refused (429, {100 * fake.global_refusals / len(requests):.2f}%), "
        f"busiest second {busiest_second(requests)}, lost {count - len(received)}, "
        f"doubled {sum(1 for c in received.values() if c > 1)}, "
        f"marked sent {states['sent'] + states['late']}, {took:.1f} s from the first start "
        f"(logs in {logs})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--count", type=int, default=900)
    parser.add_argument("--join-after", type=int, default=60)
    parser.add_argument("--rate", type=float, default=None, help="DISCORD_RATE_LIMIT")
    args = parser.parse_args()
    asyncio.run(run(args.processes, args.count, args.join_after, args.rate))


if __name__ == "__main__":
    main()
