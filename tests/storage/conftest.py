"""Storage fixtures; `engine` (SQLite, and PostgreSQL when set) is in tests/conftest.py."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.storage.engine import make_sessionmaker
from bot.storage.programs import ProgramStore

NOW = datetime(2025, 3, 20, 12, 0, tzinfo=UTC)


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
