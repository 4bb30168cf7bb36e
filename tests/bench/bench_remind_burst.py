"""Benchmark: 2,000 `/remind` in 40 s through the fake Discord, every answer checked.

    .venv/bin/python -m tests.bench.bench_remind_burst [--count 2000] [--rate 50] [--wait 120]

The bundled program in a temporary SQLite database, the real bot (`open_app` + `ConfBot`, the
clock frozen on the conference's Wednesday) against the fake Discord with all its limits as
in the tests: the 3-second deadline for the first answer, the global 50 requests a second
(429 with X-RateLimit-Global) and 5 requests in 5 s per route. `--count` new members send
`/remind session` at `--rate` a second; about one in eight has closed DMs, one in ten asks for
a session that does not exist. Then, for up to `--wait` seconds, the confirmation DMs go out
behind the paced requests. Each answer is compared with what is stored
(`tests/discord_ui/remind_burst.py`): untrue answers are listed. Fake and bot share one event
loop, as in the tests.

Figures only; nothing here asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import shutil
import statistics
import tempfile
import time
from datetime import datetime
from pathlib import Path

from pydantic import SecretStr

from bot.app import open_app
from bot.config import Settings, bundled_program
from bot.discord_ui.client import ConfBot
from bot.discord_ui.runner import point_at
from tests.discord_ui.remind_burst import (
    CLOSED_DMS,
    attendees,
    judge,
    replies,
    send_at_rate,
    wait_for_answers,
)
from tests.fakediscord.fixtures import running_bot
from tests.fakediscord.server import running_fake

AT = datetime.fromisoformat("2025-04-02T14:30+02:00")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))]


async def bench(count: int, rate: float, wait: float) -> None:
    with tempfile.TemporaryDirectory(prefix="confbot-burst-") as tmp:
        async with open_app(Settings(data_dir=Path(tmp) / "seed")):
            pass  # the bundled program, parsed and stored once
        shutil.copytree(Path(tmp) / "seed", Path(tmp) / "data")
        async with running_fake() as fake:
            settings = Settings(
                discord_token=SecretStr(fake.token),
                discord_guild_id=fake.guild.id,
                data_dir=Path(tmp) / "data",
                discord_api_base=fake.api_base,
                discord_gateway_url=fake.gateway_url,
                program_path=bundled_program(),
            )
            point_at(settings)
            async with open_app(settings, at=AT) as app:
                bot = ConfBot(app, guild_ready_timeout=0.05)
                async with running_bot(bot, fake.token, ready_timeout=30):
                    assert app.clock is not None
                    now = app.clock.now()
                    queries = [
                        f"@session:{s.id}"
                        for s in app.programs.current().program.sessions
                        if s.start is not None and s.start > now
                    ][:20]
                    people = attendees(fake, count, queries)
                    load = os.getloadavg()
                    cpu, started = time.process_time(), time.perf_counter()
                    sent = await send_at_rate(fake, people, rate)
                    sending = time.perf_counter() - started
                    await wait_for_answers(fake, people, sent, 60.0, closed_dms_told=False)
                    answered = time.perf_counter() - started
                    answered_cpu = time.process_time() - cpu
                    # Not all told in time is reported below, not raised.
                    with contextlib.suppress(TimeoutError):
                        await wait_for_answers(fake, people, sent, wait)
                    verdict = await judge(
                        fake, people, sent, app.reminders.mine, closed_dms_told=False
                    )
                    latencies = [ix.latency * 1000 for ix in sent if ix.latency is not None]
                    closed = [ix for p, ix in zip(people, sent, strict=True) if p.dms_closed]
                    told = sum(1 for ix in closed if any(CLOSED_DMS in t for t in replies(ix)))
                    dms = [m for m in fake.messages if m.source == "channel"]
                    refused = fake.take_rejections()
                    print(
                        f"/remind burst: {count} sent at {rate:g}/s in {sending:.1f} s; every "
                        f"first answer in after {answered:.1f} s; load average "
                        f"{load[0]:.2f} {load[1]:.2f}"
                    )
                    print(
                        f"  first answer (defer) latency ms: p50 {percentile(latencies, 50):.1f} "
                        f"p99 {percentile(latencies, 99):.1f} max {max(latencies):.1f} "
                        f"mean {statistics.fmean(latencies):.1f}; answered {len(latencies)}/{count}"
                        f"; CPU {answered_cpu / count * 1000:.2f} ms per /remind (bot and fake)"
                    )
                    print(f"  answers: {dict(verdict.counts)}")
                    print(f"  untrue answers: {len(verdict.untrue)} {verdict.untrue[:5]}")
                    print(
                        f"  after {time.perf_counter() - started:.0f} s: confirmation DMs "
                        f"delivered {len(dms)}, closed DMs told {told}/{len(closed)}; "
                        f"429s {fake.global_refusals}; fake refused "
                        f"{len(refused)} ({sorted({r.code for r in refused})})"
                    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--rate", type=float, default=50.0)
    parser.add_argument("--wait", type=float, default=120.0, help="seconds for confirmations")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    asyncio.run(bench(args.count, args.rate, args.wait))


if __name__ == "__main__":
    main()
