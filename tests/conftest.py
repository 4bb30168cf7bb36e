"""Shared fixtures.

`engine`: every database test runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL names a
reachable server (`.ci/run` sets it); each PostgreSQL test gets a fresh schema, dropped after.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.storage.engine import create_engine_for, create_schema, sqlite_url_for

pytest_plugins = ["tests.fakediscord.fixtures"]

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
