"""Storage fixtures: every test runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.

PostgreSQL tests each get a fresh schema (made the connections' search_path), dropped afterwards.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.storage.engine import create_engine_for, create_schema, make_sessionmaker, sqlite_url_for
from bot.storage.programs import ProgramStore

NOW = datetime(2025, 3, 20, 12, 0, tzinfo=UTC)
POSTGRES_ENV = "TEST_DATABASE_URL"


@pytest.fixture(
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)],
)
async def engine(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    if request.param == "sqlite":
        sqlite_engine = create_engine_for(sqlite_url_for(tmp_path / "db"))
        await create_schema(sqlite_engine)
        yield sqlite_engine
        await sqlite_engine.dispose()
        return

    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.skip(
            f"{POSTGRES_ENV} is not set (e.g. postgresql+asyncpg://postgres@127.0.0.1/test)"
        )
    schema = f"confbot_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine_for(url)
    try:
        async with admin.begin() as connection:
            await connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    except (OSError, SQLAlchemyError) as error:
        await admin.dispose()
        pytest.skip(f"PostgreSQL at {POSTGRES_ENV} is unreachable: {error}")
    pg_engine = create_engine_for(url, connect_args={"server_settings": {"search_path": schema}})
    try:
        await create_schema(pg_engine)
        yield pg_engine
    finally:
        await pg_engine.dispose()
        async with admin.begin() as connection:
            await connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        await admin.dispose()


@pytest.fixture
def store(engine: AsyncEngine) -> ProgramStore:
    return ProgramStore(make_sessionmaker(engine), now=lambda: NOW)


@dataclass
class Statements:
    """SQL statements the engine ran while recording."""

    seen: list[tuple[str, Any]] = field(default_factory=list)

    def of(self, verb: str, table: str | None = None) -> list[tuple[str, Any]]:
        found = []
        for sql, params in self.seen:
            words = sql.split()
            if not words or words[0].upper() != verb:
                continue
            if table is None or table in _target(words):
                found.append((sql, params))
        return found

    @property
    def writes(self) -> list[str]:
        return [
            sql for sql, _ in self.seen if sql.split()[0].upper() in {"INSERT", "UPDATE", "DELETE"}
        ]


def _target(words: list[str]) -> str:
    verb = words[0].upper()
    if verb == "INSERT" or verb == "DELETE":
        return words[2].strip('"')  # INSERT INTO t / DELETE FROM t
    if verb == "UPDATE":
        return words[1].strip('"')
    return " ".join(words)


@pytest.fixture
def statements(engine: AsyncEngine) -> Iterator[Statements]:
    recorded = Statements()

    def record(
        _conn: Any, _cursor: Any, sql: str, params: Any, _context: Any, _executemany: bool
    ) -> None:
        recorded.seen.append((sql, params))

    event.listen(engine.sync_engine, "before_cursor_execute", record)
    yield recorded
    event.remove(engine.sync_engine, "before_cursor_execute", record)
