"""Benchmark: the real bot answering a burst of interactions from the fake Discord.

    .venv/bin/python -m tests.bench.bench_interactions [--count 200] [--seed 0]

Loads the NeurIPS-scale synthetic program (`tests.bench.synthetic.make_program`, about 4,500
papers by 20,000 authors) through `ProgramService.load` into a SQLite database in a temporary
directory, starts the fake Discord and the bot (built with `open_app` and `ConfBot`, as
`python -m bot run` does), then fires `--count` interactions at once: slash commands and
autocompletes with realistic queries (partial titles, names with typos, prefixes as typed).
The latency of one interaction is the fake's: from INTERACTION_CREATE sent to the callback
received (`fake.latencies()`), so it includes the gateway hop, the bot's work and its HTTP
reply. The same interactions are then sent one at a time, which shows the work per interaction
without queueing. Fake and bot share one process and one event loop, as in the tests.

Figures only; nothing here asserts timing. The target is p99 < 100 ms for the burst.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import SecretStr

from bot.app import open_app
from bot.config import Settings
from bot.discord_ui.client import ConfBot
from bot.discord_ui.runner import keep_out_of_gc, point_at
from bot.model import Program
from tests.bench.progress import track
from tests.bench.synthetic import make_program
from tests.fakediscord.fixtures import running_bot
from tests.fakediscord.server import AUTOCOMPLETE, FakeDiscord, FakeInteraction, running_fake

LETTERS = "abcdefghijklmnopqrstuvwxyz"


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
    ms = [s * 1000 for s in seconds]
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
    print(f"answered {answered}/{len(pairs)}; target p99 < 100 ms")


async def wait_answered(fake: FakeDiscord, interactions: Sequence[FakeInteraction]) -> None:
    await fake.wait_until(
        lambda: True if all(ix.callback for ix in interactions) else None,
        timeout=60,
        what="every answer",
    )


async def paced(
    fake: FakeDiscord, requests: Sequence[Request], rate: float, seed: int
) -> list[FakeInteraction]:
    """Send `requests` as a Poisson stream of `rate` per second (each send in its own task)."""
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    due = loop.time()
    tasks = []
    for request in track(requests, f"sending at {rate:g}/s"):
        due += rng.expovariate(rate)
        await asyncio.sleep(max(0.0, due - loop.time()))
        tasks.append(asyncio.create_task(send(fake, request)))
    return list(await asyncio.gather(*tasks))


async def bench(count: int, seed: int, rates: Sequence[float]) -> None:
    with tempfile.TemporaryDirectory(prefix="confbot-bench-") as tmp:
        started = time.perf_counter()
        program = make_program(seed=seed)
        papers = sum(len(s.papers) for s in program.sessions)
        print(
            f"synthetic program: {len(program.sessions)} sessions, {papers} papers "
            f"({time.perf_counter() - started:.1f} s to build)"
        )
        async with running_fake() as fake:
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
                print(
                    f"loaded through ProgramService.load in {time.perf_counter() - loading:.1f} s"
                )
                keep_out_of_gc()  # as run_bot does once the program is loaded
                bot = ConfBot(app, guild_ready_timeout=0.05)
                async with running_bot(bot, fake.token, ready_timeout=30):
                    await measure(fake, program, count, seed, rates)
            await asyncio.sleep(0)


async def measure(
    fake: FakeDiscord, program: Program, count: int, seed: int, rates: Sequence[float]
) -> None:
    requests = requests_for(program, count, seed)
    warm = [await send(fake, r) for r in requests_for(program, 20, seed + 1)]
    await wait_answered(fake, warm)
    everything: list[FakeInteraction] = []

    begin = time.perf_counter()
    burst = await asyncio.gather(*(send(fake, r) for r in requests))
    await wait_answered(fake, burst)
    wall = time.perf_counter() - begin
    report(f"Burst: {count} sent at once", list(zip(requests, burst, strict=True)), wall)
    everything += burst

    for rate in rates:
        begin = time.perf_counter()
        stream = await paced(fake, requests, rate, seed)
        await wait_answered(fake, stream)
        wall = time.perf_counter() - begin
        title = f"Paced: Poisson arrivals at {rate:g}/s"
        report(title, list(zip(requests, stream, strict=True)), wall)
        everything += stream

    begin = time.perf_counter()
    serial = []
    for request in track(requests, "one at a time"):
        ix = await send(fake, request)
        await fake.wait_for_response(ix, timeout=30)
        serial.append(ix)
    wall = time.perf_counter() - begin
    report("One at a time", list(zip(requests, serial, strict=True)), wall)
    everything += serial

    refused = [
        ix
        for ix in everything
        if ix.type != AUTOCOMPLETE
        and ix.callback is not None
        and (ix.callback.data or {}).get("flags", 0) & 64
    ]
    print(
        f"\nanswered with an ephemeral error or not-found: {len(refused)} of {len(everything)}; "
        f"rejected by the fake: {len(fake.rejections)}"
    )
    for rejection in fake.rejections[:5]:
        print(f"  {rejection.route}: {rejection.reason}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--count", type=int, default=200, help="interactions per run")
    parser.add_argument(
        "--rates",
        type=float,
        nargs="*",
        default=[50.0, 100.0, 200.0],
        help="arrival rates (per second) of the paced runs",
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(bench(args.count, args.seed, args.rates))


if __name__ == "__main__":
    main()
