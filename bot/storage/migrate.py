"""Schema migrations (Alembic), run from the application with its own engine.

A new, empty database is created at the newest revision. A database at an older revision is
upgraded only when asked (`python -m bot db upgrade`, or AUTO_MIGRATE); otherwise the bot refuses
to start with one line saying what to run, so an upgrade never happens by surprise.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


class SchemaOutOfDate(Exception):
    def __init__(self, current: str | None, head: str) -> None:
        self.current = current
        self.head = head
        where = f"revision {current}" if current else "an unversioned schema"
        super().__init__(
            f"the database is at {where}, this version needs {head}: run "
            "`python -m bot db upgrade` (or set AUTO_MIGRATE=1) and start again"
        )


def _config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    head = ScriptDirectory.from_config(_config()).get_current_head()
    assert head is not None
    return head


def _current(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def _is_empty(connection: Connection) -> bool:
    names = set(inspect(connection).get_table_names()) - {"alembic_version"}
    return not names


async def current_revision(engine: AsyncEngine) -> str | None:
    async with engine.connect() as connection:
        return await connection.run_sync(_current)


async def upgrade(engine: AsyncEngine, revision: str = "head") -> tuple[str | None, str]:
    """Apply pending migrations; returns (revision before, revision after)."""
    async with engine.begin() as connection:
        before = await connection.run_sync(_current)
        await connection.run_sync(lambda c: command.upgrade(_config(c), revision))
        after = await connection.run_sync(_current)
    assert after is not None
    return before, after


async def prepare(engine: AsyncEngine, *, auto_migrate: bool) -> str:
    """Make the schema usable at start: create a new database, upgrade an old one only when
    `auto_migrate`, else raise SchemaOutOfDate. Returns the revision in use."""
    head = head_revision()
    async with engine.connect() as connection:
        current = await connection.run_sync(_current)
        empty = await connection.run_sync(_is_empty)
    if current == head:
        return head
    if empty or auto_migrate:
        await upgrade(engine)
        return head
    raise SchemaOutOfDate(current, head)
