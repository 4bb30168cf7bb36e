"""Benchmark: a burst of interactions answered by the bot in a process of its own, as deployed.

    .venv/bin/python -m tests.bench.bench_interactions_apart [--count 200] [--rounds 5]

`tests.bench.bench_interactions` runs the fake Discord in a thread of the bot's own process,
so the fake's work shares the bot's interpreter lock and counts in its latencies. Here the
NeurIPS-scale synthetic program is loaded into a SQLite database in a temporary directory,
the fake runs in this process, and the bot is `python -m bot run` (its configuration from the
environment, uvloop and orjson when installed, the answer memo on) in another, as Discord and
a bot are apart in production. Each round fires `--count` interactions at once (the realistic
mix of `bench_interactions`, a new seed each round so that the memo cannot answer them) and
prints the fake's latencies from INTERACTION_CREATE sent to callback received, and the bot
process's CPU per interaction (from /proc). Figures only; nothing here asserts timing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bot.app import open_app
from bot.config import Settings
from bot.model import Program
from tests.bench.bench_interactions import all_answered, percentile, requests_for, send
from tests.bench.synthetic import make_program
from tests.fakediscord.server import AUTOCOMPLETE, FakeDiscord, FakeInteraction, running_fake

ROOT = Path(__file__).resolve().parents[2]


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process `pid` (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def answered(
    fake: FakeDiscord, interactions: list[FakeInteraction], within: float = 120.0
) -> None:
    await fake.wait_until(all_answered(interactions), within, "every answer", poll=0.5)


async def bench(count: int, rounds: int) -> None:
    program = make_program()
    async with running_fake() as fake:
        with tempfile.TemporaryDirectory(prefix="confbot-apart-") as tmp:
            settings = Settings(data_dir=Path(tmp), discord_guild_id=fake.guild.id)
            async with open_app(settings, autoload=False) as app:
                await app.programs.load(program)
                await app.tenants.start(autoload=False)  # binds the server, as a start-up does
            env = {
                **os.environ,
                "DISCORD_TOKEN": fake.token,
                "DISCORD_API_BASE": fake.api_base,
                "DISCORD_GATEWAY_URL": fake.gateway_url,
                "DISCORD_GUILD_ID": str(fake.guild.id),
                "DATA_DIR": tmp,
                "LOG_LEVEL": "WARNING",
            }
            env.pop("DATABASE_URL", None)
            bot = _start_bot(env, Path(tmp) / "bot.log")
            try:
                await _rounds(fake, program, bot.pid, count, rounds)
            finally:
                bot.send_signal(signal.SIGTERM)
                await asyncio.to_thread(bot.wait, 30)


def _start_bot(env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    """`python -m bot run`, its log in a file (a chatty bot never blocks on a pipe)."""
    with log.open("wb") as stderr:
        return subprocess.Popen(
            [sys.executable, "-m", "bot", "run"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )


async def _rounds(fake: FakeDiscord, program: Program, pid: int, count: int, rounds: int) -> None:
    # Ready once it answers: the first interactions may arrive before it has connected.
    for attempt in range(120):
        try:  # its commands are synced once it has logged in
            warm = [await send(fake, r) for r in requests_for(program, 5, 1000 + attempt)]
            await answered(fake, warm, within=2.0)
            break
        except (LookupError, TimeoutError):
            await asyncio.sleep(0.5)
    # A burst first, so that the measured ones start with the connections a busy bot keeps.
    await answered(
        fake, list(await asyncio.gather(*(send(fake, r) for r in requests_for(program, count, 7))))
    )
    p99s = []
    for round_ in range(rounds):
        requests = requests_for(program, count, 100 + round_)
        cpu, load = cpu_seconds(pid), os.getloadavg()[0]
        began = time.perf_counter()
        burst = list(await asyncio.gather(*(send(fake, r) for r in requests)))
        await answered(fake, burst)
        wall = time.perf_counter() - began
        per = (cpu_seconds(pid) - cpu) / count * 1000
        ms = [ix.latency * 1000 for ix in burst if ix.latency is not None]
        p99s.append(percentile(ms, 99))
        # An ephemeral answer is an error or a not-found: a bench answering "no program"
        # would be fast and wrong.
        refused = sum(
            1
            for ix in burst
            if ix.type != AUTOCOMPLETE
            and ix.callback is not None
            and (ix.callback.data or {}).get("flags", 0) & 64
        )
        empty = sum(
            1
            for ix in burst
            if ix.type == AUTOCOMPLETE
            and ix.callback is not None
            and not (ix.callback.data or {}).get("choices")
        )
        print(
            f"round {round_ + 1}: {len(ms)}/{count} answered in {wall:.2f} s; latency ms p50 "
            f"{percentile(ms, 50):.1f} p95 {percentile(ms, 95):.1f} p99 {percentile(ms, 99):.1f} "
            f"max {max(ms):.1f}; bot process CPU {per:.2f} ms per interaction; load {load:.2f}; "
            f"ephemeral (error or not found) {refused}, autocompletes without choices {empty}"
        )
    print(f"median p99 over {rounds} rounds: {statistics.median(p99s):.1f} ms (target <= 300)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    asyncio.run(bench(args.count, args.rounds))


if __name__ == "__main__":
    main()
