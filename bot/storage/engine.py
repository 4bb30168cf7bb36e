"""Engines, sessions and schema: the storage package's entry points for `app.py`.

Nothing is built at import time. `app.py` calls `create_engine_for(settings.database_url)`, passes
`make_sessionmaker(engine)` to the repositories and disposes of the engine on shutdown.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import ConnectionPoolEntry

from bot.storage.tables import Base

log = logging.getLogger(__name__)

SQLITE_FILENAME = "confbot.sqlite3"
# How long a SQLite connection waits for another writer's lock before failing.
SQLITE_BUSY_TIMEOUT_MS = 5_000

_SQLITE_IN_MEMORY = ("", ":memory:")


def sqlite_url_for(data_dir: Path) -> str:
    """The URL of the bot's SQLite database file inside `data_dir` (an absolute path)."""
    path = (data_dir / SQLITE_FILENAME).resolve()
    return f"sqlite+aiosqlite:///{path.as_posix()}"


def create_engine_for(
    url: str,
    *,
    pool_size: int | None = None,
    pool_timeout: float | None = None,
    echo: bool = False,
    connect_args: Mapping[str, Any] | None = None,
) -> AsyncEngine:
    """An async engine for `url`: `sqlite+aiosqlite://...` or `postgresql+asyncpg://...`.

    SQLite: creates the database file's directory; every connection gets foreign keys on, WAL,
    a busy timeout, and real transactions (SQLAlchemy emits BEGIN itself, so reads inside a unit
    of work are isolated and DDL is transactional). PostgreSQL: connections are pinged on checkout.
    `connect_args` go to the driver (e.g. asyncpg `server_settings`).
    """
    parsed = make_url(url)
    backend = parsed.get_backend_name()
    options: dict[str, Any] = {"echo": echo}
    args: dict[str, Any] = dict(connect_args or {})
    if backend == "sqlite":
        database = parsed.database or ""
        in_memory = database in _SQLITE_IN_MEMORY or database.startswith("file:")
        if not in_memory:
            Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        if not in_memory:
            _pool_options(options, pool_size, pool_timeout)
        if args:
            options["connect_args"] = args
        engine = create_async_engine(parsed, **options)
        event.listen(engine.sync_engine, "connect", _on_sqlite_connect)
        event.listen(engine.sync_engine, "begin", _on_sqlite_begin)
        return engine
    if backend == "postgresql":
        options["pool_pre_ping"] = True
        _pool_options(options, pool_size, pool_timeout)
        if args:
            options["connect_args"] = args
        return create_async_engine(parsed, **options)
    raise ValueError(
        f"unsupported database URL scheme {parsed.drivername!r}: "
        "use sqlite+aiosqlite:// or postgresql+asyncpg://"
    )


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """The factory for units of work: `async with sessions.begin() as db: ...`."""
    return async_sessionmaker(engine, expire_on_commit=False)


async def create_schema(engine: AsyncEngine) -> None:
    """Create every missing table and index (until Alembic migrations take over)."""
    async with engine.begin() as connection:
        await connection.run_sync(Base.metadata.create_all)
    log.info("database schema ready (%d tables)", len(Base.metadata.tables))


def _pool_options(options: dict[str, Any], size: int | None, timeout: float | None) -> None:
    if size is not None:
        options["pool_size"] = size
    if timeout is not None:
        options["pool_timeout"] = timeout


def _on_sqlite_connect(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:
    # Take BEGIN away from the sqlite3 driver (it would only begin before DML); see
    # _on_sqlite_begin and SQLAlchemy's "Transactions with SQLite and the sqlite3 driver".
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS:d}")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
    finally:
        cursor.close()


def _on_sqlite_begin(connection: Connection) -> None:
    # IMMEDIATE takes the write lock at the start, waiting up to the busy timeout. A plain
    # (deferred) BEGIN that reads and then writes fails at once with "database is locked" when
    # another connection wrote meanwhile: SQLite cannot upgrade a stale read snapshot, and the
    # busy handler does not help there. SQLite runs one writer at a time anyway.
    connection.exec_driver_sql("BEGIN IMMEDIATE")
