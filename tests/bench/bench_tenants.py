"""Benchmark: many conferences in one process (tenancy and bounded memory).

    .venv/bin/python -m tests.bench.bench_tenants [--conferences 200]
        [--papers 300] [--active 20] [--queries 2000]

A child process first stores `--conferences` synthetic programs of about `--papers` papers
each in a SQLite database (so generating them does not count against this process). Then,
in this process, through `Tenants` as the bot uses it:

1. steady state: `--active` conferences answer autocomplete while the rest stay cold and idle
   catalogs are dropped; RSS after;
2. an evicted catalog's first answer (rebuilt from the database): the time of `runner()` plus
   one `complete()`, for 20 conferences;
3. all conferences warm: RSS;
4. autocomplete across all tenants: latency of `runner()` + `complete()` on a random tenant
   with a random prefix of one of its paper titles.

Figures only: nothing asserts timing.
"""

from __future__ import annotations

import argparse
import asyncio
import ctypes
import gc
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from bot.clock import FrozenClock
from bot.services.tenants import Tenant, Tenants
from bot.storage import ProgramStore, create_engine_for, make_sessionmaker, sqlite_url_for
from bot.storage.deliveries import DeliveryStore
from bot.storage.engine import create_schema
from bot.storage.tenancy import TenancyStore
from tests.bench.synthetic import make_program

AT = datetime.fromisoformat("2025-12-01T09:00+01:00")


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _malloc_trim() -> Callable[[], None] | None:
    """glibc's malloc_trim: hands freed heap pages back to the system (Linux only)."""
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return None
    return lambda: libc.malloc_trim(0) and None


def slug(number: int) -> str:
    return f"conf-{number:03d}"


async def build(path: Path, conferences: int, papers: int) -> None:
    engine = create_engine_for(sqlite_url_for(path))
    await create_schema(engine)
    store = ProgramStore(make_sessionmaker(engine))
    started = time.perf_counter()
    for number in range(conferences):
        program = make_program(
            papers=papers, authors=papers * 3, sessions=max(8, papers // 8), seed=number
        )
        await store.load(slug(number), program)
    await engine.dispose()
    took = time.perf_counter() - started
    print(f"stored {conferences} programs of {papers} papers in {took:.1f} s", file=sys.stderr)


class Ticks:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def prefixes(tenant: Tenant, rng: random.Random, count: int) -> list[str]:
    catalog = await tenant.programs.catalog()
    titles = [ref.paper.title for ref in catalog.papers.values()]
    return [t[: rng.randint(3, 12)] for t in rng.sample(titles, min(count, len(titles)))]


async def measure(path: Path, conferences: int, active: int, queries: int) -> None:
    rng = random.Random(11)
    engine = create_engine_for(sqlite_url_for(path))
    maker = make_sessionmaker(engine)
    clock = FrozenClock(AT)
    ticks = Ticks()
    tenants = Tenants(
        ProgramStore(maker),
        DeliveryStore(maker),
        TenancyStore(maker),
        clock,
        idle_seconds=1800.0,
        monotonic=ticks,
    )
    tenants.on_catalog_built(gc.freeze)  # as `python -m bot run` does
    gc.collect()
    gc.freeze()
    print(f"RSS at start (imports, engine, no catalog): {rss_mib():.0f} MiB")

    # 1. Steady state: `active` conferences in use, a minute of simulated time per round.
    hot = [tenants.tenant(slug(n)) for n in range(active)]
    typed = {t.slug: await prefixes(t, rng, 50) for t in hot}
    for round_ in range(120):  # two hours, one query per active conference per minute
        ticks.now += 60
        for tenant in hot:
            runner = await tenant.runner()
            runner.complete("paper", "title", rng.choice(typed[tenant.slug]))
        if round_ % 10 == 0:  # now and then, someone looks at another conference
            await tenants.tenant(slug(rng.randrange(active, conferences))).runner()
        tenants.evict_idle()
    gc.collect()
    print(
        f"steady state, {active} active of {conferences} (idle after 30 min): "
        f"RSS {rss_mib():.0f} MiB, {len(tenants.warm())} catalogs in memory"
    )

    # 2. An evicted catalog's first answer.
    rebuilds = []
    for number in [(active + i) % conferences for i in range(20)]:
        tenant = tenants.tenant(slug(number))
        await tenant.runner()
        tenant.programs.evict()
        started = time.perf_counter()
        runner = await tenant.runner()
        runner.complete("paper", "title", "learn")
        rebuilds.append((time.perf_counter() - started) * 1000)
    print(
        f"evicted catalog, first answer (rebuild + complete), 20 conferences: "
        f"median {statistics.median(rebuilds):.0f} ms, p95 {percentile(rebuilds, 0.95):.0f} ms, "
        f"max {max(rebuilds):.0f} ms"
    )

    # 3. Everything warm.
    started = time.perf_counter()
    everyone = [tenants.tenant(slug(n)) for n in range(conferences)]
    for tenant in everyone:
        await tenant.runner()
    warmed = time.perf_counter() - started
    gc.collect()
    print(
        f"all {conferences} warm: RSS {rss_mib():.0f} MiB "
        f"({len(tenants.warm())} catalogs; warming the cold ones took {warmed:.1f} s)"
    )
    if trim := _malloc_trim():
        trim()
        print(f"all {conferences} warm, after malloc_trim(0): RSS {rss_mib():.0f} MiB")

    # 4. Autocomplete across tenants.
    typed_all = {t.slug: await prefixes(t, rng, 10) for t in everyone}
    latencies = []
    for _ in range(queries):
        tenant = rng.choice(everyone)
        text = rng.choice(typed_all[tenant.slug])
        started = time.perf_counter()
        runner = await tenant.runner()
        runner.complete("paper", "title", text)
        latencies.append((time.perf_counter() - started) * 1000)
    print(
        f"autocomplete across {conferences} tenants, {queries} queries: "
        f"p50 {percentile(latencies, 0.5):.2f} ms, p95 {percentile(latencies, 0.95):.2f} ms, "
        f"p99 {percentile(latencies, 0.99):.2f} ms"
    )
    await engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--conferences", type=int, default=200)
    parser.add_argument("--papers", type=int, default=300)
    parser.add_argument("--active", type=int, default=20)
    parser.add_argument("--queries", type=int, default=2000)
    parser.add_argument("--build", type=Path, help=argparse.SUPPRESS)
    parser.add_argument(
        "--db", type=Path, help="keep the generated database here (reused when it exists)"
    )
    args = parser.parse_args()
    if args.build is not None:
        asyncio.run(build(args.build, args.conferences, args.papers))
        return
    with tempfile.TemporaryDirectory() as directory:
        path = args.db or Path(directory) / "tenants.sqlite3"
        if path.exists():
            asyncio.run(measure(path, args.conferences, args.active, args.queries))
            return
        subprocess.run(
            [
                sys.executable,
                "-m",
                "tests.bench.bench_tenants",
                "--build",
                str(path),
                "--conferences",
                str(args.conferences),
                "--papers",
                str(args.papers),
            ],
            check=True,
        )
        asyncio.run(measure(path, args.conferences, args.active, args.queries))


if __name__ == "__main__":
    main()
