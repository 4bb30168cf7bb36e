"""Several bot processes on one PostgreSQL database: every delivery happens once, and a
database that drops every connection mid-run loses and doubles nothing."""

from __future__ import annotations

import asyncio
import os
import sys
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.model import DeliveryKind, DeliverySpec
from bot.parsing import ParseOptions
from bot.parsing.text import parse_text
from bot.storage import ProgramStore, create_engine_for, make_sessionmaker
from bot.storage.deliveries import DeliveryStore
from bot.storage.migrate import upgrade
from tests.conftest import POSTGRES_ENV

pytestmark = pytest.mark.postgres

PROGRAM = (
    "Day 1: Tuesday, April 1\n09:00-23:59 Session 1: Storage\n"
    "A Fast Graph Store\nAna Silva (Uni A)\n"
)
SLUG = "scaleout"
COUNT = 1000


@dataclass
class Database:
    url: str
    schema: str
    engine: AsyncEngine


@pytest.fixture
async def database() -> AsyncIterator[Database]:
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.skip(f"{POSTGRES_ENV} is not set: scale-out needs PostgreSQL")
    schema = f"confbot_scale_{uuid.uuid4().hex[:10]}"
    admin = create_engine_for(url)
    try:
        async with admin.begin() as connection:
            await connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    except (OSError, SQLAlchemyError) as error:
        await admin.dispose()
        pytest.skip(f"PostgreSQL at {POSTGRES_ENV} is unreachable: {error}")
    # Its connections carry the schema as their application name, so a test that cuts them
    # cuts only its own, not those of another run on the same server.
    engine = create_engine_for(
        url, connect_args={"server_settings": {"search_path": schema, "application_name": schema}}
    )
    try:
        await upgrade(engine)
        yield Database(url, schema, engine)
    finally:
        await engine.dispose()
        async with admin.begin() as connection:
            await connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        await admin.dispose()


async def _due_now(db: Database, count: int) -> None:
    now = datetime.now(UTC)
    day = now + timedelta(days=1)  # the session is tomorrow; its reminders are due now
    program = parse_text(
        PROGRAM.replace("Tuesday, April 1", f"{day:%A, %B} {day.day}"),
        ParseOptions(name="Scale", timezone="UTC", year=day.year),
    )
    maker = make_sessionmaker(db.engine)
    await ProgramStore(maker).load(SLUG, program)
    session = program.sessions[0]
    due = now - timedelta(seconds=1)
    await DeliveryStore(maker).upsert(
        SLUG,
        [
            DeliverySpec(
                DeliveryKind.REMINDER, f"reminder:{user}:0:dm", session.id, due, "dm", user_id=user
            )
            for user in range(count)
        ],
    )


async def _worker(
    db: Database, out: Path, seconds: float, delay: float, speed: float = 1.0
) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.scaleout.worker",
        db.url,
        db.schema,
        SLUG,
        str(out),
        str(seconds),
        str(delay),
        str(speed),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


def _delivered(*files: Path) -> list[tuple[int, str, int]]:
    rows = []
    for path in files:
        if path.exists():
            for line in path.read_text().splitlines():
                delivery_id, nonce, pid = line.split()
                rows.append((int(delivery_id), nonce, int(pid)))
    return rows


async def _states(db: Database) -> dict[str, int]:
    return await DeliveryStore(make_sessionmaker(db.engine)).counts_by_state(SLUG)


async def test_two_processes_deliver_a_thousand_reminders_exactly_once(
    database: Database, tmp_path: Path
) -> None:
    await _due_now(database, COUNT)
    outs = [tmp_path / "a.txt", tmp_path / "b.txt"]
    workers = [await _worker(database, out, 120.0, 0.002) for out in outs]
    results = await asyncio.gather(*(w.communicate() for w in workers))
    for worker, (_, err) in zip(workers, results, strict=True):
        assert worker.returncode == 0, err.decode()[-2000:]
    delivered = _delivered(*outs)
    per_id = Counter(d for d, _, _ in delivered)
    assert len(per_id) == COUNT, "lost deliveries"
    assert max(per_id.values()) == 1, "doubled deliveries"
    assert len({pid for _, _, pid in delivered}) == 2, "both processes took a share"
    states = await _states(database)
    assert states["sent"] + states["late"] == COUNT
    assert states["pending"] == states["claimed"] == 0


async def test_database_dropping_every_connection_mid_run_loses_and_doubles_nothing(
    database: Database, tmp_path: Path
) -> None:
    await _due_now(database, COUNT)
    out = tmp_path / "w.txt"
    worker = await _worker(database, out, 120.0, 0.01)
    # Wait until delivery is under way, then cut every connection of this test (the worker's
    # and the pool's; other runs on the same server keep theirs).
    for _ in range(200):
        if len(_delivered(out)) >= 100:
            break
        await asyncio.sleep(0.05)
    assert len(_delivered(out)) < COUNT, "too fast to interrupt; raise the delay"
    cut_at = time.monotonic()
    async with database.engine.begin() as connection:
        killed = (
            await connection.execute(
                text(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid() "
                    "AND application_name = :own"
                ),
                {"own": database.schema},
            )
        ).scalar()
    assert killed
    # Commands must answer again within seconds: a fresh query through the pool works.
    recovered = None
    for _ in range(100):
        try:
            async with database.engine.connect() as connection:
                await connection.execute(text("SELECT 1"))
            recovered = time.monotonic() - cut_at
            break
        except SQLAlchemyError:
            await asyncio.sleep(0.1)
    assert recovered is not None
    assert recovered < 5
    _, err = await worker.communicate()
    assert worker.returncode == 0, err.decode()[-3000:]
    delivered = _delivered(out)
    per_nonce = Counter(nonce for _, nonce, _ in delivered)
    assert len(per_nonce) == COUNT, "lost deliveries"
    # A row cut off between its send and its mark is sent again with the same nonce, which
    # Discord drops: what users see is one message per nonce.
    states = await _states(database)
    assert states["sent"] + states["late"] == COUNT
    assert states["pending"] == states["claimed"] == 0
    print(
        f"recovered in {recovered:.2f} s; repeats dropped by nonce: "
        f"{len(delivered) - len(per_nonce)}"
    )


async def test_two_processes_at_simulate_speed_60_double_nothing(
    database: Database, tmp_path: Path
) -> None:
    """Leases are real time: a bot clock running 60 times as fast expires no claim early."""
    await _due_now(database, 600)
    outs = [tmp_path / "a.txt", tmp_path / "b.txt"]
    workers = [await _worker(database, out, 120.0, 0.02, speed=60.0) for out in outs]
    results = await asyncio.gather(*(w.communicate() for w in workers))
    for worker, (_, err) in zip(workers, results, strict=True):
        assert worker.returncode == 0, err.decode()[-2000:]
    per_id = Counter(d for d, _, _ in _delivered(*outs))
    assert len(per_id) == 600, "lost deliveries"
    assert max(per_id.values()) == 1, "doubled deliveries"
    states = await _states(database)
    assert states["sent"] + states["late"] == 600
