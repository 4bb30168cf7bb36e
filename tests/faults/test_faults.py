"""Faults on a bad day, with the real bot process (`python -m bot run`, the real discord.py
client) sending DM reminders through the fake Discord: nothing lost, nothing doubled.

- PostgreSQL stopped for 10 s mid-delivery: the test runs its own cluster on another port
  (initdb/pg_ctl), never the shared one.
- SIGKILL of the bot at three moments of a burst, restarted each time on the same SQLite
  database and sent-mark journal.

"Doubled" is what a user would see: more than one message for one reminder. Repeats that
Discord's nonce would have dropped are counted and printed, not hidden.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.model import DeliveryKind, DeliverySpec
from bot.storage import ProgramStore, create_engine_for, make_sessionmaker, sqlite_url_for
from bot.storage.deliveries import DeliveryStore
from bot.storage.dm_channels import DmChannelStore
from bot.storage.role_pings import RolePingStore
from tests.fakediscord.server import FakeDiscord
from tests.scaleout.bots import load_burst

PG_BIN = Path("/usr/lib/postgresql/15/bin")
SLUG = "faults"
PROGRAM = "{day}\n09:00-23:59 Session 1: Storage\nA Fast Graph Store\nAna Silva (Uni A)\n"
ROOT = Path(__file__).resolve().parents[2]
COUNT = 150  # DMs per test: a few seconds of sending at 45/s


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_postgres(*command: str) -> subprocess.CompletedProcess[str]:
    prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    return subprocess.run(  # fixed binaries, test-made arguments
        [*prefix, *command], capture_output=True, text=True, check=True, timeout=60
    )


class OwnPostgres:
    """A throw-away PostgreSQL 15 cluster on a free port, stopped and removed at the end."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="confbot-pg-"))
        self.port = _free_port()
        self.data = self.dir / "data"
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
        _as_postgres(str(PG_BIN / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres")

    @property
    def url(self) -> str:
        return f"postgresql+asyncpg://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        _as_postgres(
            str(PG_BIN / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off",
            "-w",
            "-l",
            str(self.dir / "log"),
            "start",
        )

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            _as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture
def own_postgres() -> Iterator[OwnPostgres]:
    if not (PG_BIN / "initdb").exists() or shutil.which("runuser") is None:
        pytest.skip("PostgreSQL 15 binaries are not installed")
    try:
        cluster = OwnPostgres()
        cluster.start()
    except (subprocess.CalledProcessError, KeyError, LookupError) as error:
        pytest.skip(f"could not start an own PostgreSQL cluster: {error}")
    try:
        yield cluster
    finally:
        cluster.remove()


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


async def _load(url: str, users: list[int], fake: FakeDiscord) -> None:
    await load_burst(url, users, fake, slug=SLUG, program_text=PROGRAM, name="Faults")


async def _opt_in(url: str, fake: FakeDiscord, users: list[int], role_id: int) -> None:
    """A burst post for the fake's guild (threshold below the burst), `users` opted in, and
    the one role ping due with their reminders (as a press of the button plans it)."""
    engine = create_engine_for(url)
    try:
        maker = make_sessionmaker(engine)
        deliveries = DeliveryStore(maker)
        guild = fake.guild.id
        settings = await deliveries.update_guild(
            SLUG, guild, burst_threshold=COUNT // 2, burst_channel_id=fake.channel.id,
            burst_role_id=role_id,
        )  # fmt: skip
        [reminder] = await deliveries.for_user(SLUG, users[0])
        pings = RolePingStore(maker)
        for user in users:
            await pings.opt_in(SLUG, guild, reminder.session_id, user)
        await deliveries.upsert(
            SLUG,
            [
                DeliverySpec(
                    DeliveryKind.ROLE_PING,
                    f"role_ping:{guild}:{int(reminder.due_at.timestamp())}",
                    reminder.session_id,
                    reminder.due_at,
                    "channel",
                    guild_id=guild,
                    channel_id=settings.burst_channel_id,
                    role_id=role_id,
                    minutes_before=10,
                )
            ],
        )
    finally:
        await engine.dispose()


async def _states(url: str) -> dict[str, int]:
    engine = create_engine_for(url)
    try:
        return await DeliveryStore(make_sessionmaker(engine)).counts_by_state(SLUG)
    finally:
        await engine.dispose()


def _bot(
    fake: FakeDiscord, data_dir: Path, database_url: str | None, rate: float
) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DISCORD_TOKEN": fake.token,
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
        "DATA_DIR": str(data_dir),
        "CONFERENCE": SLUG,
        "DISCORD_RATE_LIMIT": str(rate),
        "LOG_LEVEL": os.environ.get("FAULT_LOG_LEVEL", "WARNING"),
    }
    env.pop("DISCORD_GUILD_ID", None)
    if database_url:
        env["DATABASE_URL"] = database_url
    else:
        env.pop("DATABASE_URL", None)
    log = (data_dir / "bot.log").open("ab")  # a file, so a chatty bot never blocks on a pipe
    try:
        return subprocess.Popen(  # the bot itself
            [sys.executable, "-m", "bot", "run"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
    finally:
        log.close()


def _per_user(fake: FakeDiscord) -> Counter[int]:
    owners = {c.id: c.recipient.id for c in fake.channels.values() if c.recipient}
    return Counter(owners[m.channel_id] for m in fake.messages if m.channel_id in owners)


async def _wait_for(fake: FakeDiscord, count: int, seconds: float) -> None:
    """Until `count` users have their DM, or `seconds` pass (the assertions say what is missing)."""
    with contextlib.suppress(TimeoutError):
        await fake.wait_until(
            lambda: True if len(_per_user(fake)) >= count else None, seconds, poll=0.1
        )


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


async def _end(process: subprocess.Popen[bytes], data_dir: Path) -> str:
    """Stop the bot (off the event loop: the fake must keep answering it meanwhile)."""
    await asyncio.to_thread(_stop, process)
    return (data_dir / "bot.log").read_text(errors="replace")[-3000:]


async def test_postgres_stopped_for_ten_seconds_mid_delivery(
    own_postgres: OwnPostgres, fake: FakeDiscord, tmp_path: Path
) -> None:
    users = [fake.add_user(f"attendee{n}").id for n in range(COUNT)]
    await _load(own_postgres.url, users, fake)
    bot = _bot(fake, tmp_path, own_postgres.url, rate=10.0)  # 150 DMs take about 15 s
    try:
        await _wait_for(fake, 30, 60)
        assert 0 < len(_per_user(fake)) < COUNT, "not mid-delivery"
        await asyncio.to_thread(own_postgres.stop)
        await asyncio.sleep(10)
        during = len(_per_user(fake))
        await asyncio.to_thread(own_postgres.start)
        back = time.monotonic()
        await _wait_for(fake, during + 1, 30)
        resumed = time.monotonic() - back
        await _wait_for(fake, COUNT, 60)
        for _ in range(100):  # the marks reach the database
            states = await _states(own_postgres.url)
            if states["sent"] + states["late"] == COUNT:
                break
            await asyncio.sleep(0.2)
    finally:
        log = await _end(bot, tmp_path)

    per_user = _per_user(fake)
    print(
        f"postgres down 10 s: {len(per_user)} of {COUNT} delivered, doubled "
        f"{sum(1 for c in per_user.values() if c > 1)}, nonce repeats {len(fake.nonce_replays)}, "
        f"delivery resumed {resumed:.1f} s after the database came back"
    )
    assert len(per_user) == COUNT, log
    assert max(per_user.values()) == 1
    assert states["sent"] + states["late"] == COUNT, states
    assert states["claimed"] == states["pending"] == 0
    assert resumed < 10


async def test_sigkill_at_three_moments_loses_and_doubles_nothing(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    users = [fake.add_user(f"attendee{n}").id for n in range(COUNT)]
    url = sqlite_url_for(tmp_path)
    await _load(url, users, fake)
    logs = []
    # Killed right after the first sends, mid-burst, and near the end.
    for moment in (3, COUNT // 2, COUNT - 10):
        bot = _bot(fake, tmp_path, None, rate=45.0)
        await _wait_for(fake, moment, 60)
        bot.send_signal(signal.SIGKILL)
        await asyncio.to_thread(bot.wait)
    bot = _bot(fake, tmp_path, None, rate=45.0)
    try:
        await _wait_for(fake, COUNT, 90)
        for _ in range(100):
            states = await _states(url)
            if states["sent"] + states["late"] == COUNT:
                break
            await asyncio.sleep(0.2)
    finally:
        logs.append(await _end(bot, tmp_path))
    per_user = _per_user(fake)
    print(
        f"SIGKILL x3: {len(per_user)} of {COUNT} delivered, doubled "
        f"{sum(1 for c in per_user.values() if c > 1)}, nonce repeats {len(fake.nonce_replays)}"
    )
    assert len(per_user) == COUNT, "\n".join(logs)
    assert max(per_user.values()) == 1
    assert states["sent"] + states["late"] == COUNT, states


async def test_sigkill_mid_burst_sends_one_role_ping_and_no_dm_to_those_who_opted_in(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    users = [fake.add_user(f"attendee{n}").id for n in range(COUNT)]
    opted_in, dmed = users[::3], [u for n, u in enumerate(users) if n % 3]
    role = fake.add_role(fake.guild, "keynote-pings")
    url = sqlite_url_for(tmp_path)
    await _load(url, users, fake)
    await _opt_in(url, fake, opted_in, role.id)
    logs = []
    for moment in (3, len(dmed) // 2, len(dmed) - 10):
        bot = _bot(fake, tmp_path, None, rate=45.0)
        await _wait_for(fake, moment, 60)
        bot.send_signal(signal.SIGKILL)
        await asyncio.to_thread(bot.wait)
    bot = _bot(fake, tmp_path, None, rate=45.0)
    try:
        await _wait_for(fake, len(dmed), 90)
        for _ in range(100):
            states = await _states(url)
            if states["sent"] + states["late"] == COUNT + 1:  # and the role ping
                break
            await asyncio.sleep(0.2)
    finally:
        logs.append(await _end(bot, tmp_path))
    per_user = _per_user(fake)
    pings = [m for m in fake.channel_messages(fake.channel) if m.content == f"<@&{role.id}>"]
    print(
        f"SIGKILL x3 with a role ping: {len(per_user)} of {len(dmed)} DMs, "
        f"{len(pings)} role ping(s), nonce repeats {len(fake.nonce_replays)}"
    )
    assert set(per_user) == set(dmed), "\n".join(logs)
    assert max(per_user.values()) == 1
    assert len(pings) == 1
    assert states["sent"] + states["late"] == COUNT + 1, states


async def test_a_batch_slowed_past_its_lease_by_429s_is_not_taken_by_another_process(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two schedulers (two processes, in effect) with their own discord.py clients; Discord
    refuses one's sends with 429s until its batch has taken twice its lease."""
    import discord.http

    from bot.clock import SystemClock
    from bot.discord_ui.delivery import DirectMessages, DiscordDeliverer
    from bot.discord_ui.ratelimits import budget_trace
    from bot.services.pacing import RequestBudget
    from bot.services.programs import ProgramService
    from bot.services.scheduler import Scheduler, SchedulerConfig

    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    users = [fake.add_user(f"attendee{n}").id for n in range(12)]
    url = sqlite_url_for(tmp_path)
    await _load(url, users, fake)
    engine = create_engine_for(url)
    maker = make_sessionmaker(engine)
    clock = SystemClock()
    # Every message request refused three times in a row, 0.6 s each: about 2 s per send.
    fake.inject_429("/messages", retry_after=0.6, count=3 * len(users))
    lease = timedelta(seconds=1.0)
    clients, schedulers = [], []
    for name in ("slow", "other"):
        budget = RequestBudget()
        client = discord.Client(intents=discord.Intents.none(), http_trace=budget_trace(budget))
        await client.login(fake.token)
        clients.append(client)
        programs = ProgramService(ProgramStore(maker, now=clock.now), SLUG, clock)
        await programs.start()
        schedulers.append(
            Scheduler(
                DeliveryStore(maker, now=clock.now),
                programs,
                DiscordDeliverer(client, DirectMessages(client, DmChannelStore(maker))),
                clock,
                owner=name,
                config=SchedulerConfig(lease=lease, concurrency=4),
                budget=budget,
            )
        )
    tasks = [asyncio.create_task(s.run()) for s in schedulers]
    try:
        await _wait_for(fake, len(users), 60)
        for _ in range(100):
            states = await _states(url)
            if states["sent"] + states["late"] == len(users):
                break
            await asyncio.sleep(0.1)
    finally:
        for scheduler in schedulers:
            await scheduler.stop()
        await asyncio.gather(*tasks)
        for client in clients:
            await client.close()
        await engine.dispose()
    per_user = _per_user(fake)
    refused = sum(1 for r in fake.requests if r.status == 429)
    print(
        f"429s past the lease: {len(per_user)} of {len(users)} delivered, doubled "
        f"{sum(1 for c in per_user.values() if c > 1)}, nonce repeats "
        f"{len(fake.nonce_replays)}, {refused} refused"
    )
    assert refused >= len(users)  # the batch really was slowed past its lease
    assert len(per_user) == len(users)
    assert max(per_user.values()) == 1
    assert not fake.nonce_replays  # not even a repeat for Discord to drop
    assert states["sent"] + states["late"] == len(users), states
