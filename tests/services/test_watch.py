"""The watched program URL: `SourceWatcher.poll` against a local HTTP server on 127.0.0.1.

The server serves a small CSV program that the test changes between polls, and, on demand,
a 404, an answer slower than the fetch timeout, garbage and a truncated program. Each poll is
called directly; the source's real clock is a `Tick` the test moves, so nothing sleeps. With
TEST_DATABASE_URL set, two watchers with their own engines share one PostgreSQL schema and
fetch once per interval between them.

    .venv/bin/python -m pytest tests/services/test_watch.py -q
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from sqlalchemy import event
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.app import open_app
from bot.clock import FrozenClock
from bot.config import Settings
from bot.errors import UserError
from bot.model import ChangeKind
from bot.parsing import ParseOptions
from bot.services.admin import Actor, AdminService
from bot.services.conferences import ConferenceSpec
from bot.services.fetch import FetchConfig, HttpFetcher
from bot.services.tenants import Tenants
from bot.services.watch import SourceAlert, SourceWatcher
from bot.storage import ProgramStore, create_engine_for, create_schema, make_sessionmaker
from bot.storage.deliveries import DeliveryStore
from bot.storage.sources import SourceStore
from bot.storage.tenancy import TenancyStore
from tests.conftest import POSTGRES_ENV

SLUG = "watch-conf"
GUILD = 4242
START = datetime(2025, 3, 1, 8, 0, tzinfo=UTC)
TIMEOUT = 0.5  # the fetch timeout; the slow page answers only when the test ends


def program_csv(rooms: dict[int, str] | None = None, count: int = 10) -> bytes:
    rooms = rooms or {}
    rows = ["Date,Start,End,Room,Title,Kind"]
    for i in range(count):
        room = rooms.get(i, "S1")
        rows.append(f"2025-04-02,{9 + i:02}:00,{9 + i:02}:45,{room},Talk number {i},talk")
    return ("\n".join(rows) + "\n").encode()


@dataclass
class ProgramServer:
    """A program page on 127.0.0.1 with an ETag; `mode` says how it misbehaves."""

    body: bytes = field(default_factory=program_csv)
    mode: str = "ok"
    requests: list[dict[str, str]] = field(default_factory=list)
    release: asyncio.Event = field(default_factory=asyncio.Event)
    port: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/program.csv"

    def etag(self, body: bytes) -> str:
        return '"' + hashlib.sha256(body).hexdigest()[:16] + '"'

    async def handle(self, request: web.Request) -> web.StreamResponse:
        self.requests.append(dict(request.headers))
        if self.mode == "404":
            return web.Response(status=404, text="not here")
        if self.mode == "slow":
            await self.release.wait()
            return web.Response(status=503)
        body = self.body
        if self.mode == "garbage":
            body = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4
        elif self.mode == "truncated":
            body = b"\n".join(self.body.split(b"\n")[:4]) + b"\n"  # 3 of 10 sessions
        tag = self.etag(body)
        if request.headers.get("If-None-Match") == tag:
            return web.Response(status=304, headers={"ETag": tag})
        return web.Response(body=body, headers={"ETag": tag, "Content-Type": "text/csv"})


@pytest.fixture
async def server() -> AsyncIterator[ProgramServer]:
    served = ProgramServer()
    app = web.Application()
    app.router.add_get("/program.csv", served.handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    served.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    yield served
    served.release.set()
    await runner.cleanup()


class Tick:
    """The sources' real clock, moved by the test."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, minutes: float) -> None:
        self.now += timedelta(minutes=minutes)


@dataclass
class Process:
    """One bot process's parts over an engine: what `open_app` wires, minus Discord."""

    tenants: Tenants
    admin: AdminService
    sources: SourceStore
    watcher: SourceWatcher
    alerts: list[SourceAlert]


def process(engine: AsyncEngine, tick: Tick, owner: str = "test:1") -> Process:
    maker = make_sessionmaker(engine)
    clock = FrozenClock(START)
    spec = ConferenceSpec(
        SLUG, None, ParseOptions("Watch Conf", "Europe/Amsterdam", 2025), guilds=(GUILD,)
    )
    store = ProgramStore(maker, now=clock.now)
    tenants = Tenants(
        store,
        DeliveryStore(maker, now=clock.now),
        TenancyStore(maker, now=clock.now),
        clock,
        specs=[spec],
        default=SLUG,
    )
    sources = SourceStore(maker, now=tick)
    admin = AdminService(tenants, clock, sources=sources, allow_http=True)
    watcher = SourceWatcher(
        sources,
        tenants,
        admin,
        HttpFetcher(FetchConfig(timeout=TIMEOUT, allow_http=True)),
        owner=owner,
    )
    alerts: list[SourceAlert] = []

    async def heard(alert: SourceAlert) -> None:
        alerts.append(alert)

    watcher.on_alert(heard)
    return Process(tenants, admin, sources, watcher, alerts)


@pytest.fixture
def tick() -> Tick:
    return Tick()


@pytest.fixture
async def one(engine: AsyncEngine, tick: Tick, server: ProgramServer) -> Process:
    proc = process(engine, tick)
    await proc.sources.configure(SLUG, server.url, 10)
    return proc


@dataclass
class Writes:
    seen: list[str] = field(default_factory=list)

    def tables(self) -> set[str]:
        found = set()
        for sql in self.seen:
            words = sql.split()
            verb = words[0].upper()
            if verb in {"INSERT", "DELETE"}:
                found.add(words[2].strip('"'))
            elif verb == "UPDATE":
                found.add(words[1].strip('"'))
        return found


@pytest.fixture
def writes(engine: AsyncEngine) -> Iterator[Writes]:
    recorded = Writes()

    def record(_c: Any, _cur: Any, sql: str, _p: Any, _ctx: Any, _many: bool) -> None:
        if sql.split()[0].upper() in {"INSERT", "UPDATE", "DELETE"}:
            recorded.seen.append(sql)

    event.listen(engine.sync_engine, "before_cursor_execute", record)
    yield recorded
    event.remove(engine.sync_engine, "before_cursor_execute", record)


async def rooms_of(proc: Process) -> dict[str, str | None]:
    catalog = await proc.tenants.tenant(SLUG).programs.catalog()
    return {s.title or "": s.room for s in catalog.program.sessions}


async def test_the_first_fetch_loads_and_a_later_one_is_skipped_until_due(
    one: Process, server: ProgramServer, tick: Tick
) -> None:
    outcome = await one.watcher.poll(SLUG)
    assert outcome.result == "changed"
    assert outcome.report is not None
    assert outcome.report.first_load
    assert len(await rooms_of(one)) == 10
    assert (await one.watcher.poll(SLUG)).result == "skipped"  # not due for 10 minutes
    tick.advance(9)
    assert (await one.watcher.poll(SLUG)).result == "skipped"
    assert len(server.requests) == 1
    source = await one.sources.get(SLUG)
    assert source is not None
    assert source.fetched_at == START
    assert source.changed_at == START
    assert source.etag == server.etag(server.body)


async def test_an_unchanged_page_is_asked_for_conditionally_and_writes_nothing(
    one: Process, server: ProgramServer, tick: Tick, writes: Writes
) -> None:
    await one.watcher.poll(SLUG)
    hash_before = await one.tenants.tenant(SLUG).programs.stored_hash()
    writes.seen.clear()
    tick.advance(10)
    outcome = await one.watcher.poll(SLUG)
    assert outcome.result == "unchanged"
    assert outcome.detail == "not modified"
    assert server.requests[-1]["If-None-Match"] == server.etag(server.body)
    # Only the source's own row (its lease and when it is next due) is written.
    assert writes.tables() == {"program_sources"}
    assert await one.tenants.tenant(SLUG).programs.stored_hash() == hash_before


async def test_a_server_without_validators_serving_the_same_page_writes_nothing(
    one: Process, server: ProgramServer, tick: Tick, writes: Writes
) -> None:
    await one.watcher.poll(SLUG)
    server.etag = lambda body: ""  # type: ignore[method-assign]  # no ETag, no 304
    writes.seen.clear()
    tick.advance(10)
    outcome = await one.watcher.poll(SLUG)
    assert (outcome.result, outcome.detail) == ("unchanged", "the same page")
    assert writes.tables() == {"program_sources"}


async def test_a_changed_page_reloads_through_the_admin_path(
    one: Process, server: ProgramServer, tick: Tick
) -> None:
    await one.watcher.poll(SLUG)
    server.body = program_csv({3: "S2"})
    tick.advance(10)
    outcome = await one.watcher.poll(SLUG)
    assert outcome.result == "changed"
    assert outcome.report is not None
    [change] = outcome.report.changes
    assert change.kinds == (ChangeKind.MOVED,)
    assert (await rooms_of(one))["Talk number 3"] == "S2"
    source = await one.sources.get(SLUG)
    assert source is not None
    assert source.changed_at == tick.now
    # The bound server's audit trail has the change, done by the watch (user 0), with the
    # hashes. (The first load came before the server was bound: it is kept without one.)
    history = await one.admin.history(Actor(1, GUILD, manages_guild=True))
    [reload] = [a for a in history if a.action == "reload"]
    assert (reload.outcome, reload.user_id, reload.guild_id) == ("done", 0, GUILD)
    assert reload.hash_before != reload.hash_after


@pytest.mark.parametrize("mode", ["404", "slow", "garbage", "truncated"])
async def test_a_broken_page_keeps_the_old_program_and_tells_once(
    one: Process, server: ProgramServer, tick: Tick, mode: str
) -> None:
    await one.watcher.poll(SLUG)
    good = await rooms_of(one)
    hash_before = await one.tenants.tenant(SLUG).programs.stored_hash()
    server.mode = mode
    for _ in range(3):
        tick.advance(10)
        outcome = await one.watcher.poll(SLUG)
        assert outcome.result == "failed"
    expected = {
        "404": "answered 404 Not Found",
        "slow": f"did not answer within {TIMEOUT:g} seconds",
        "garbage": "the page no longer parses",
        "truncated": "7 of 10 sessions would go at once (more than 20%)",
    }[mode]
    assert expected in outcome.detail
    assert await rooms_of(one) == good
    assert await one.tenants.tenant(SLUG).programs.stored_hash() == hash_before
    assert [a.problem for a in one.alerts] == [outcome.detail]  # once, not on every poll
    status = await one.admin.status(Actor(1, GUILD, manages_guild=True))
    assert status.source is not None
    assert status.source.failure == outcome.detail
    assert status.source.fetched_at == START  # the last successful fetch
    # It works again: the organisers hear so, once, and the problem is gone.
    server.mode = "ok"
    tick.advance(10)
    assert (await one.watcher.poll(SLUG)).result == "unchanged"
    assert [a.problem for a in one.alerts] == [outcome.detail, None]
    source = await one.sources.get(SLUG)
    assert source is not None
    assert source.failure is None
    assert source.fetched_at == tick.now


async def test_a_page_with_no_sessions_is_refused(
    one: Process, server: ProgramServer, tick: Tick
) -> None:
    await one.watcher.poll(SLUG)
    server.body = b"Date,Start,End,Room,Title,Kind\n"
    tick.advance(10)
    outcome = await one.watcher.poll(SLUG)
    assert outcome.result == "failed"
    assert len(await rooms_of(one)) == 10


async def test_admin_source_checks_its_options(one: Process) -> None:
    organiser = Actor(1, GUILD, manages_guild=True)
    await one.watcher.poll(SLUG)  # the first load binds the configured server
    with pytest.raises(UserError, match="/admin source every: give 2 to 1440 minutes, not 1"):
        await one.admin.set_source(organiser, "https://example.org/p.csv", 1, None)
    strict = AdminService(one.tenants, one.admin.clock, sources=one.sources)
    with pytest.raises(UserError, match="/admin source url: only https:// URLs are fetched"):
        await strict.set_source(organiser, "http://example.org/p.csv", 10, None)
    with pytest.raises(UserError, match="/admin source url: give the program's https:// address"):
        await strict.set_source(organiser, "example.org", 10, None)
    source = await strict.set_source(organiser, "https://example.org/p.csv", 5, 777)
    assert (source.url, source.every_minutes, source.alert_channel_id) == (
        "https://example.org/p.csv",
        5,
        777,
    )
    member = Actor(2, GUILD, manages_guild=False)
    with pytest.raises(UserError, match="Only organisers"):
        await strict.set_source(member, "https://example.org/p.csv", 5, None)
    with pytest.raises(UserError, match="Only organisers"):
        await strict.stop_source(member)
    assert await strict.stop_source(organiser) is True  # `url:off`
    assert await one.sources.get(SLUG) is None
    assert len(await rooms_of(one)) == 10
    assert (await one.watcher.poll(SLUG)).result == "skipped"
    assert await strict.stop_source(organiser) is False


# --- two processes, one PostgreSQL ----------------------------------------------------------


@pytest.fixture
async def shared_postgres() -> AsyncIterator[tuple[AsyncEngine, AsyncEngine]]:
    """Two engines (as two processes would have) on one fresh PostgreSQL schema."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.skip(f"{POSTGRES_ENV} is not set: the two-process test needs PostgreSQL")
    schema = f"confbot_watch_{uuid.uuid4().hex[:12]}"
    admin = create_engine_for(url)
    try:
        async with admin.begin() as connection:
            await connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    except (OSError, SQLAlchemyError) as error:
        await admin.dispose()
        pytest.skip(f"PostgreSQL at {POSTGRES_ENV} is unreachable: {error}")
    options = {"server_settings": {"search_path": schema}}
    first = create_engine_for(url, connect_args=options)
    second = create_engine_for(url, connect_args=options)
    try:
        await create_schema(first)
        yield first, second
    finally:
        await first.dispose()
        await second.dispose()
        async with admin.begin() as connection:
            await connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        await admin.dispose()


async def test_two_processes_fetch_once_per_interval_between_them(
    shared_postgres: tuple[AsyncEngine, AsyncEngine], server: ProgramServer, tick: Tick
) -> None:
    a = process(shared_postgres[0], tick, owner="host:1")
    b = process(shared_postgres[1], tick, owner="host:2")
    await a.sources.configure(SLUG, server.url, 10)
    for interval in range(1, 4):
        outcomes = await asyncio.gather(a.watcher.poll_due(), b.watcher.poll_due())
        results = sorted(o.result for batch in outcomes for o in batch)
        assert len(server.requests) == interval
        assert results.count("skipped") == 1
        tick.advance(5)  # halfway: neither fetches
        await asyncio.gather(a.watcher.poll_due(), b.watcher.poll_due())
        assert len(server.requests) == interval
        tick.advance(5)
    # The process that did not fetch answers from the program all the same.
    await b.tenants.refresh()
    assert len(await rooms_of(b)) == 10


# --- PROGRAM_URL at start ---------------------------------------------------------------------


async def test_program_url_is_fetched_at_start_into_an_empty_database(
    server: ProgramServer, tmp_path: Path
) -> None:
    settings = Settings(
        data_dir=tmp_path,
        program_url=server.url,
        program_url_allow_http=True,
        program_url_every=3,
        discord_guild_id=GUILD,
        conference_slug=SLUG,
    )
    async with open_app(settings) as app:
        assert len(app.programs.current().program.sessions) == 10
        assert app.tenants.binding(GUILD) is not None  # the configured server is bound
        source = await app.admin.sources.get(SLUG)  # type: ignore[union-attr]
        assert source is not None
        assert (source.url, source.every_minutes) == (server.url, 3)
    assert len(server.requests) == 1
    async with open_app(settings) as app:  # a restart: the stored program, no fetch at start
        assert len(app.programs.current().program.sessions) == 10
    assert len(server.requests) == 1


async def test_program_url_must_be_https_unless_allowed(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, program_url="http://127.0.0.1:1/program.csv")
    with pytest.raises(UserError, match="PROGRAM_URL: only https:// URLs are fetched"):
        async with open_app(settings):
            pass


async def test_the_alert_channel_is_stored_with_the_source_itself(one: Process) -> None:
    # One write: a watcher that claims the new source at once already knows where to tell
    # the organisers (before, the channel came in a second write a poll could run ahead of).
    url = "https://example.org/program.csv"
    await one.sources.configure(SLUG, url, 10, alert_channel_id=777)
    stored = await one.sources.get(SLUG)
    assert stored is not None
    assert stored.alert_channel_id == 777
    await one.sources.configure(SLUG, url, 15)  # PROGRAM_URL at start names no channel
    stored = await one.sources.get(SLUG)
    assert stored is not None
    assert (stored.every_minutes, stored.alert_channel_id) == (15, 777)
    await one.sources.configure(SLUG, url, 15, alert_channel_id=None)
    stored = await one.sources.get(SLUG)
    assert stored is not None
    assert stored.alert_channel_id is None
