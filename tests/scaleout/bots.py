"""Real bot processes (`python -m bot run`) against the fake Discord on a PostgreSQL database
of their own: what the shared-budget test and its benchmark start, load and count."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import uuid
from collections import Counter
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import aiohttp
from sqlalchemy.engine import make_url

from bot.model import DeliveryKind, DeliverySpec
from bot.parsing import ParseOptions
from bot.parsing.text import parse_text
from bot.storage import ProgramStore, create_engine_for, make_sessionmaker
from bot.storage.deliveries import DeliveryStore
from bot.storage.dm_channels import DmChannelStore
from bot.storage.migrate import upgrade
from tests.fakediscord.server import FakeDiscord
from tests.observability.metrics_text import parse

ROOT = Path(__file__).resolve().parents[2]
SLUG = "keynote"
PROGRAM = "{day}\n09:00-23:59 Keynote\nA Fast Graph Store\nAna Silva (Uni A)\n"
EXEMPT = ("/interactions/", "/webhooks/")  # not counted against the global limit


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.asynccontextmanager
async def fresh_database(server_url: str) -> AsyncIterator[str]:
    """A new database on the server `server_url` points at (the bots take a plain URL, so
    not a schema), dropped at the end; its URL. Raises OSError or SQLAlchemyError when the
    server cannot be reached."""
    name = f"confbot_budget_{uuid.uuid4().hex[:10]}"
    admin = create_engine_for(server_url)
    try:
        async with admin.connect() as connection:
            autocommit = await connection.execution_options(isolation_level="AUTOCOMMIT")
            await autocommit.exec_driver_sql(f'CREATE DATABASE "{name}"')
        try:
            yield make_url(server_url).set(database=name).render_as_string(hide_password=False)
        finally:
            async with admin.connect() as connection:
                autocommit = await connection.execution_options(isolation_level="AUTOCOMMIT")
                await autocommit.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.dispose()


async def load_burst(
    url: str,
    users: list[int],
    fake: FakeDiscord,
    *,
    slug: str = SLUG,
    program_text: str = PROGRAM,
    name: str = "Keynote",
) -> None:
    """The program (`program_text`, its `{day}` tomorrow) and one DM reminder per user, all
    due now; each user's DM channel is known (as after their /remind confirmation), so each
    DM is one request."""
    engine = create_engine_for(url)
    try:
        await upgrade(engine)
        day = datetime.now(UTC) + timedelta(days=1)
        program = parse_text(
            program_text.format(day=f"{day:%A, %B} {day.day}"),
            ParseOptions(name=name, timezone="UTC", year=day.year),
        )
        maker = make_sessionmaker(engine)
        await ProgramStore(maker).load(slug, program)
        await DmChannelStore(maker).put_many({u: fake.dm_channel(u).id for u in users})
        due = datetime.now(UTC) - timedelta(seconds=1)
        await DeliveryStore(maker).upsert(
            slug,
            [
                DeliverySpec(
                    DeliveryKind.REMINDER,
                    f"reminder:{user}:10:dm",
                    program.sessions[0].id,
                    due,
                    "dm",
                    user_id=user,
                    minutes_before=10,
                )
                for user in users
            ],
        )
    finally:
        await engine.dispose()


async def states(url: str) -> dict[str, int]:
    engine = create_engine_for(url)
    try:
        return await DeliveryStore(make_sessionmaker(engine)).counts_by_state(SLUG)
    finally:
        await engine.dispose()


async def wait_until_marked(url: str, count: int) -> dict[str, int]:
    """Until `count` rows are marked sent (or 20 s pass); the counts by state."""
    found = await states(url)
    for _ in range(100):
        if found["sent"] + found["late"] >= count:
            break
        await asyncio.sleep(0.2)
        found = await states(url)
    return found


class Bot:
    """One `python -m bot run` process with its /metrics on a port of its own."""

    def __init__(self, fake: FakeDiscord, url: str, log: Path, rate: float | None = None) -> None:
        self.port = free_port()
        self.log = log
        env = {
            **os.environ,
            "DISCORD_TOKEN": fake.token,
            "DISCORD_API_BASE": fake.api_base,
            "DISCORD_GATEWAY_URL": fake.gateway_url,
            "DATABASE_URL": url,
            "CONFERENCE": SLUG,
            "METRICS_PORT": str(self.port),
            "LOG_LEVEL": os.environ.get("FAULT_LOG_LEVEL", "INFO"),
        }
        for unset in ("DISCORD_GUILD_ID", "DISCORD_RATE_LIMIT", "SHARD_COUNT", "SHARD_IDS"):
            env.pop(unset, None)
        if rate is not None:
            env["DISCORD_RATE_LIMIT"] = str(rate)
        with log.open("ab") as stderr:  # a file, so a chatty bot never blocks on a pipe
            self.process = subprocess.Popen(  # the bot itself
                [sys.executable, "-m", "bot", "run"],
                cwd=ROOT,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=stderr,
            )

    async def metrics(self) -> dict[str, float]:
        """The unlabelled samples of its /metrics (empty while it does not answer)."""
        try:
            async with (
                aiohttp.ClientSession() as session,
                session.get(f"http://127.0.0.1:{self.port}/metrics") as response,
            ):
                text = await response.text()
        except aiohttp.ClientError:
            return {}
        return {name: value for name, labels, value in parse(text)[1] if not labels}

    async def wait_for_metric(self, name: str, wanted: float, seconds: float) -> float | None:
        """Polls /metrics until `name` reads `wanted`; the last value read."""
        last = None
        for _ in range(int(seconds / 0.2)):
            last = (await self.metrics()).get(name)
            if last == wanted:
                break
            await asyncio.sleep(0.2)
        return last

    async def stop(self) -> str:
        """SIGTERM, off the event loop (the fake must keep answering meanwhile); the end of
        its log."""
        await asyncio.to_thread(self._stop)
        return self.log.read_text(errors="replace")[-3000:]

    def _stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def per_user(fake: FakeDiscord) -> Counter[int]:
    """DMs each user received."""
    owners = {c.id: c.recipient.id for c in fake.channels.values() if c.recipient}
    return Counter(owners[m.channel_id] for m in fake.messages if m.channel_id in owners)


async def wait_for_delivered(fake: FakeDiscord, count: int, seconds: float) -> None:
    """Until `count` users have their DM, or `seconds` pass (the assertions say what is
    missing)."""
    with contextlib.suppress(TimeoutError):
        await fake.wait_until(
            lambda: True if len(per_user(fake)) >= count else None, seconds, poll=0.1
        )


def limited_requests(fake: FakeDiscord) -> list[float]:
    """When each request counted against the global limit started, refused ones too."""
    return sorted(r.started for r in fake.requests if not any(p in r.path for p in EXEMPT))


def busiest_second(starts: list[float]) -> int:
    """The most of `starts` (sorted) within any one second."""
    busiest, first = 0, 0
    for last, started in enumerate(starts):
        while started - starts[first] >= 1.0:
            first += 1
        busiest = max(busiest, last - first + 1)
    return busiest
