"""Benchmark: the real bot answering a burst of interactions from the fake Discord.

    .venv/bin/python -m tests.bench.bench_interactions [--count 200] [--seed 0] [--rates 50 100]
        [--only plain|speed] [--queries mixed same] [--modes before cold after] [--repeat 3]
        [--profile N]

Loads the NeurIPS-scale synthetic program (`tests.bench.synthetic.make_program`, about 4,500
papers by 20,000 authors) through `ProgramService.load` into a SQLite database in a temporary
directory, starts the fake Discord on its own loop in a thread (as a real server is apart from
the bot) and the bot (built with `open_app` and `ConfBot`, as `python -m bot run` does), then
fires `--count` interactions at once: slash commands and autocompletes with realistic queries
(partial titles, names with typos, prefixes as typed). The latency of one interaction is the
fake's: from INTERACTION_CREATE sent to the callback received (`fake.latencies()`), so it
includes the gateway hop, the bot's work and its HTTP reply. The same interactions are then
sent one at a time, which shows the work per interaction without queueing.

It runs twice in one process: on asyncio's loop with the standard library's JSON, and on
uvloop with orjson (the `speed` extra), and prints both with the CPU time per interaction of
the bot's thread (`time.thread_time`: the fake's thread not included) and of the process, and
the load average. Each of those runs every `--queries` burst (mixed: varied queries drawn from
the program, as above; same: one `/paper` title and its autocomplete, as a room full of people
types what is on the slide) in every `--modes` code path: before (every answer searched afresh,
trigram postings counted by `Counter`), cold (counted by numpy) and after (numpy and the answer
memo), so that a memo cannot pass for a faster cold path; `--repeat` rounds of them, one label
after the other, and the medians. `--profile N` prints the N costliest
functions of the bot's thread during each burst (cProfile, which inflates every call). Each
burst follows one of other queries, so that all start with the HTTP connections a busy bot
keeps open. On a shared machine CPU time and the ratios of one run are the steadier figures.
Figures only; nothing here asserts timing. The target is p99 <= 300 ms for a burst of 200.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import itertools
import json
import logging
import os
import pstats
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import discord
from pydantic import SecretStr

from bot import search as search_module
from bot.app import open_app
from bot.cli import event_loop_factory
from bot.config import Settings
from bot.discord_ui.client import ConfBot
from bot.discord_ui.runner import keep_out_of_gc, point_at
from bot.model import Program
from bot.services.answer_memo import AnswerMemo
from tests.bench.synthetic import make_program
from tests.fakediscord.fixtures import running_bot
from tests.fakediscord.server import AUTOCOMPLETE, FakeDiscord, FakeInteraction
from tests.fakediscord.threaded import FakeInThread

LETTERS = "abcdefghijklmnopqrstuvwxyz"

MODES = ("before", "cold", "after")
"""before: every answer searched afresh, trigram postings counted by `Counter` (as before the
memo and numpy); cold: searched afresh, counted by numpy; after: the answer memo too."""


@dataclass(frozen=True)
class Request:
    kind: str  # "command" or "autocomplete"
    command: str
    options: dict[str, str]
    focused: str | None = None

    @property
    def label(self) -> str:
        return f"{self.kind} /{self.command}"


def typo(rng: random.Random, text: str) -> str:
    spots = [i for i, ch in enumerate(text) if ch.isalpha()]
    if len(spots) < 4:
        return text
    i = rng.choice(spots[1:])
    return text[:i] + rng.choice(LETTERS) + text[i + 1 :]


def some_words(rng: random.Random, title: str) -> str:
    words = title.replace(":", " ").split()
    start = rng.randrange(max(1, len(words) - 2))
    return " ".join(words[start : start + rng.randint(2, 4)])


def requests_for(program: Program, count: int, seed: int) -> list[Request]:
    """A realistic mix: about 60% commands, 40% autocompletes, over every command."""
    rng = random.Random(seed)
    sessions = [s for s in program.sessions if s.title]
    papers = [p for s in program.sessions for p in s.papers]
    people = sorted({a.name for p in papers for a in p.authors})
    institutions = sorted({a.affiliation for p in papers for a in p.authors if a.affiliation})
    rooms = sorted({s.room for s in program.sessions if s.room})
    days = ["today", "tomorrow", "wednesday", "day 2", "thursday"]

    def command() -> Request:  # noqa: PLR0911 (a table: one request per command)
        which = rng.choices(
            ["session", "chair", "paper", "author", "affiliation", "search", "now", "next",
             "schedule"],
            weights=[12, 8, 20, 20, 5, 10, 10, 8, 7],
        )[0]  # fmt: skip
        match which:
            case "session":
                return Request("command", which, {"query": rng.choice(sessions).title or ""})
            case "chair":
                target = rng.choice(sessions).title or "" if rng.random() < 0.5 else None
                query = target or some_words(rng, rng.choice(papers).title)
                return Request("command", which, {"query": query})
            case "paper":
                title = rng.choice(papers).title
                query = some_words(rng, title) if rng.random() < 0.6 else typo(rng, title)
                return Request("command", which, {"title": query})
            case "author":
                name = rng.choice(people)
                return Request("command", which, {"name": typo(rng, name).lower()})
            case "affiliation":
                return Request("command", which, {"name": rng.choice(institutions)})
            case "search":
                return Request(
                    "command", which, {"query": some_words(rng, rng.choice(papers).title)}
                )
            case "schedule":
                return Request("command", which, {"day": rng.choice(days)})
        options = {"room": rng.choice(rooms)} if rng.random() < 0.3 else {}
        return Request("command", which, options)

    def autocomplete() -> Request:
        which, option, labels = rng.choice(
            [
                ("paper", "title", [p.title for p in papers]),
                ("author", "name", people),
                ("session", "query", [s.title or "" for s in sessions]),
                ("affiliation", "name", institutions),
                ("search", "query", [p.title for p in papers]),
            ]
        )
        label = rng.choice(labels)
        typed = label[: rng.randint(2, min(12, len(label)))].lower()
        return Request("autocomplete", which, {option: typed}, option)

    return [command() if rng.random() < 0.6 else autocomplete() for _ in range(count)]


async def send(fake: FakeDiscord, request: Request) -> FakeInteraction:
    if request.kind == "autocomplete":
        return await fake.send_autocomplete(
            request.command, request.options, focused=request.focused
        )
    return await fake.send_interaction(request.command, request.options or None)


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def row(label: str, seconds: Sequence[float]) -> str:
    ms = [s * 1000 for s in seconds] or [float("nan")]
    return (
        f"{label:<28} {len(ms):>5} {percentile(ms, 50):>8.1f} {percentile(ms, 95):>8.1f} "
        f"{percentile(ms, 99):>8.1f} {max(ms):>8.1f} {statistics.fmean(ms):>8.1f}"
    )


HEADER = f"{'':<28} {'n':>5} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8} {'mean':>8}"


def report(title: str, pairs: Sequence[tuple[Request, FakeInteraction]], wall: float) -> None:
    latencies = [ix.latency for _, ix in pairs if ix.latency is not None]
    print(f"\n{title}: {len(pairs)} interactions in {wall:.2f} s wall")
    print(HEADER)
    print(row("all", latencies))
    for kind in ("command", "autocomplete"):
        print(row(f"  {kind}s", [ix.latency or 0.0 for r, ix in pairs if r.kind == kind]))
    for label in sorted({r.label for r, _ in pairs}):
        print(row(f"    {label}", [ix.latency or 0.0 for r, ix in pairs if r.label == label]))
    answered = sum(ix.callback is not None for _, ix in pairs)
    print(f"answered {answered}/{len(pairs)}; target p99 <= 300 ms for a burst of 200")


async def wait_answered(
    threaded: FakeInThread, interactions: Sequence[FakeInteraction], within: float = 60.0
) -> None:
    """Until every interaction has its first answer. The waiting is done on the fake's loop,
    woken by each request it records: polling from the bot's loop would spend the bot's CPU
    and delay its answers, which is what is measured."""
    await threaded.call(
        threaded.fake.wait_until(all_answered(interactions), within, "every answer", poll=1.0)
    )


def all_answered(interactions: Sequence[FakeInteraction]) -> Callable[[], bool | None]:
    """A predicate for `wait_until`: True once every interaction has its first answer. It
    resumes where it stopped, so a burst of n costs O(n) checks in all, not per request."""
    checked = 0

    def done() -> bool | None:
        nonlocal checked
        while checked < len(interactions) and interactions[checked].callback is not None:
            checked += 1
        return True if checked == len(interactions) else None

    return done


@dataclass(frozen=True)
class Figures:
    label: str
    latencies_ms: list[float]
    bot_cpu_ms: float  # the bot's thread, per interaction
    process_cpu_ms: float  # the whole process (fake and database threads too), per interaction
    serial_ms: list[float]
    load: float


async def paced(
    threaded: FakeInThread, requests: Sequence[Request], rate: float, seed: int
) -> list[FakeInteraction]:
    """Send `requests` as a Poisson stream of `rate` per second (each send in its own task)."""
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    due = loop.time()
    tasks = []
    for request in requests:
        due += rng.expovariate(rate)
        await asyncio.sleep(max(0.0, due - loop.time()))
        tasks.append(asyncio.create_task(threaded.call(send(threaded.fake, request))))
    return list(await asyncio.gather(*tasks))


async def bench(
    label: str,
    program: Program,
    count: int,
    seed: int,
    rates: Sequence[float],
    queries: Sequence[str],
    profile: int,
    modes: Sequence[str] = MODES,
    repeat: int = 1,
) -> list[Figures]:
    threaded = FakeInThread()
    with tempfile.TemporaryDirectory(prefix="confbot-bench-") as tmp, threaded as fake:
        settings = Settings(
            discord_token=SecretStr(fake.token),
            discord_guild_id=fake.guild.id,
            data_dir=Path(tmp),
            discord_api_base=fake.api_base,
            discord_gateway_url=fake.gateway_url,
        )
        point_at(settings)
        async with open_app(settings, autoload=False) as app:
            loading = time.perf_counter()
            await app.programs.load(program)
            # Stored only now: bind the configured server to it, as a start-up would.
            await app.tenants.start(autoload=False)
            seconds = time.perf_counter() - loading
            print(f"[{label}] loaded through ProgramService.load in {seconds:.1f} s")
            keep_out_of_gc()  # as run_bot does once the program is loaded
            bot = ConfBot(app, guild_ready_timeout=0.05)
            async with running_bot(bot, fake.token, ready_timeout=30):
                tenant = app.tenants.for_guild(fake.guild.id)
                assert tenant is not None
                results = []
                for round_ in range(repeat):
                    for kind, mode in itertools.product(queries, modes):
                        with code_path(tenant.memo, mode):
                            results.append(
                                await measure(
                                    f"{label}, {kind}, {mode}",
                                    threaded,
                                    program,
                                    count,
                                    seed,
                                    rates if round_ == 0 else [],
                                    kind,
                                    profile,
                                    tenant.memo,
                                    serial=round_ == 0,
                                )
                            )
                return results


def same_query(program: Program, count: int, seed: int) -> list[Request]:
    """A title everyone saw on a slide: `/paper` with the same words, and 40% of the time its
    autocomplete with the same first letters, `count` interactions in all."""
    rng = random.Random(seed)
    paper = next(p for s in program.sessions for p in s.papers)
    query = some_words(rng, paper.title)
    command = Request("command", "paper", {"title": query})
    typing = Request("autocomplete", "paper", {"title": query[:6].lower()}, "title")
    return [typing if rng.random() < 0.4 else command for _ in range(count)]


async def measure(
    label: str,
    threaded: FakeInThread,
    program: Program,
    count: int,
    seed: int,
    rates: Sequence[float],
    queries: str = "mixed",
    profile: int = 0,
    memo: AnswerMemo | None = None,
    *,
    serial: bool = True,
) -> Figures:
    fake = threaded.fake
    if queries == "same":
        requests = same_query(program, count, seed)
    else:
        requests = requests_for(program, count, seed)
    warm = [await threaded.call(send(fake, r)) for r in requests_for(program, 20, seed + 1)]
    await wait_answered(threaded, warm)
    # A burst of other queries first: every run starts with the HTTP connections a busy bot
    # keeps open (the first burst in a process otherwise pays for opening about 100 of them).
    await wait_answered(
        threaded,
        await asyncio.gather(
            *(threaded.call(send(fake, r)) for r in requests_for(program, count, seed + 2))
        ),
    )
    if memo is not None:
        memo.clear()  # the burst measured starts with nothing remembered
    everything: list[FakeInteraction] = []

    profiler = cProfile.Profile() if profile else None
    load = os.getloadavg()[0]
    begin, cpu, process = time.perf_counter(), time.thread_time(), time.process_time()
    if profiler is not None:
        profiler.enable()  # this thread only: the bot's, not the fake's
    burst = await asyncio.gather(*(threaded.call(send(fake, r)) for r in requests))
    await wait_answered(threaded, burst)
    if profiler is not None:
        profiler.disable()
    wall = time.perf_counter() - begin
    bot_cpu = (time.thread_time() - cpu) / count * 1000
    process_cpu = (time.process_time() - process) / count * 1000
    if profiler is not None:
        print(f"\n[{label}] profile of the burst (bot thread; cProfile inflates every call):")
        stats = pstats.Stats(profiler).sort_stats("tottime")
        stats.print_stats(profile)
        stats.sort_stats("cumulative").print_stats(profile)
    report(f"[{label}] Burst: {count} sent at once", list(zip(requests, burst, strict=True)), wall)
    everything += burst

    for rate in rates:
        begin = time.perf_counter()
        stream = await paced(threaded, requests, rate, seed)
        await wait_answered(threaded, stream)
        wall = time.perf_counter() - begin
        title = f"[{label}] Paced: Poisson arrivals at {rate:g}/s"
        report(title, list(zip(requests, stream, strict=True)), wall)
        everything += stream

    one_by_one: list[FakeInteraction] = []
    if serial:
        begin = time.perf_counter()
        for request in requests:
            ix = await threaded.call(send(fake, request))
            await wait_answered(threaded, [ix])
            one_by_one.append(ix)
        wall = time.perf_counter() - begin
        report(f"[{label}] One at a time", list(zip(requests, one_by_one, strict=True)), wall)
        everything += one_by_one

    refused = [
        ix
        for ix in everything
        if ix.type != AUTOCOMPLETE
        and ix.callback is not None
        and (ix.callback.data or {}).get("flags", 0) & 64
    ]
    print(
        f"[{label}] answered with an ephemeral error or not-found: {len(refused)} of "
        f"{len(everything)}; rejected by the fake: {len(fake.rejections)}"
    )
    for rejection in fake.rejections[:5]:
        print(f"  {rejection.route}: {rejection.reason}")
    return Figures(
        label,
        [(ix.latency or 0.0) * 1000 for ix in burst],
        bot_cpu,
        process_cpu,
        [(ix.latency or 0.0) * 1000 for ix in one_by_one],
        load,
    )


@contextlib.contextmanager
def code_path(memo: AnswerMemo, mode: str) -> Iterator[None]:
    """The code path `mode` names (MODES): the memo and numpy switched off as it says."""
    numpy = search_module.numpy
    if mode != "after":
        memo.get = lambda key, compute: compute()  # type: ignore[method-assign]
    if mode == "before":
        search_module.numpy = None
    try:
        yield
    finally:
        vars(memo).pop("get", None)
        search_module.numpy = numpy


@contextlib.contextmanager
def json_library(fast: bool) -> Iterator[None]:
    """discord.py's JSON: orjson (when installed) or the standard library's, as it chooses at
    import; switched here so that both run in one process."""
    to_json, from_json = discord.utils._to_json, discord.utils._from_json
    if not fast:
        discord.utils._to_json = lambda obj: json.dumps(obj, separators=(",", ":"))  # type: ignore[assignment]
        discord.utils._from_json = json.loads
    try:
        yield
    finally:
        discord.utils._to_json, discord.utils._from_json = to_json, from_json


def compare(results: Sequence[Figures]) -> None:
    """Each label's median over its rounds (bursts of one label alternate with the others')."""
    groups: dict[str, list[Figures]] = {}
    for f in results:
        groups.setdefault(f.label, []).append(f)

    def median_of(label: str, q: float) -> float:
        return statistics.median(percentile(f.latencies_ms, q) for f in groups[label])

    def cpu_of(label: str) -> float:
        return statistics.median(f.bot_cpu_ms for f in groups[label])

    heads = ("p50 ms", "p95 ms", "p99 ms", "bot CPU", "all CPU")
    print(
        f"\n{'':<38} {'runs':>4} "
        + " ".join(f"{h:>8}" for h in heads)
        + f" {'1-at-a-time p50':>16}  load"
    )
    for label, runs in groups.items():
        print(
            f"{label:<38} {len(runs):>4} {median_of(label, 50):>8.1f} "
            f"{median_of(label, 95):>8.1f} {median_of(label, 99):>8.1f} "
            f"{cpu_of(label):>8.2f} {statistics.median(f.process_cpu_ms for f in runs):>8.2f} "
            f"{percentile(runs[0].serial_ms, 50):>16.2f}  "
            f"{statistics.median(f.load for f in runs):.2f}"
        )
    print(
        "(medians over the runs of burst latencies; CPU in ms per interaction: the bot's thread, "
        "and the whole process)"
    )
    for label in groups:
        for after, before in (
            ("uvloop + orjson", "asyncio + json"),
            ("cold", "before"),
            ("after", "before"),
        ):
            plain = label.replace(after, before)
            if plain == label or plain not in groups:
                continue
            print(
                f"ratio {label} / {plain}: p99 "
                f"{median_of(label, 99) / median_of(plain, 99):.2f}, "
                f"bot CPU {cpu_of(label) / cpu_of(plain):.2f}"
            )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--count", type=int, default=200, help="interactions per run")
    parser.add_argument(
        "--rates",
        type=float,
        nargs="*",
        default=[],
        help="arrival rates (per second) of paced runs, if any",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--repeat", type=int, default=3, help="rounds of every burst (medians are reported)"
    )
    parser.add_argument(
        "--only", choices=["plain", "speed"], help="one run: asyncio + json, or uvloop + orjson"
    )
    parser.add_argument(
        "--queries",
        choices=["mixed", "same"],
        nargs="+",
        default=["mixed", "same"],
        help="bursts of varied queries drawn from the program, and/or one query sent every time",
    )
    parser.add_argument(
        "--modes",
        choices=MODES,
        nargs="+",
        default=list(MODES),
        help="before: no memo, no numpy; cold: numpy counting; after: numpy and the memo",
    )
    parser.add_argument(
        "--profile", type=int, default=0, metavar="N", help="print the burst's top N functions"
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    started = time.perf_counter()
    program = make_program(seed=args.seed)
    papers = sum(len(s.papers) for s in program.sessions)
    print(
        f"synthetic program: {len(program.sessions)} sessions, {papers} papers "
        f"({time.perf_counter() - started:.1f} s to build)"
    )
    modes = [("asyncio + json", False), ("uvloop + orjson", True)]
    if args.only:
        modes = [modes[args.only == "speed"]]
    results = []
    with contextlib.suppress(KeyboardInterrupt):
        for label, fast in modes:
            factory = event_loop_factory(fast)
            if fast and (factory is None or not discord.utils.HAS_ORJSON):
                print(f"[{label}] skipped: install the speed extra (pip install -e '.[speed]')")
                continue
            with json_library(fast), asyncio.Runner(loop_factory=factory) as runner:
                results += runner.run(
                    bench(
                        label,
                        program,
                        args.count,
                        args.seed,
                        args.rates,
                        args.queries,
                        args.profile,
                        args.modes,
                        args.repeat,
                    )
                )
    compare(results)


if __name__ == "__main__":
    main()
