"""Engine set-up, schema naming and the UTC timestamp type."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from sqlalchemy import inspect, select
from sqlalchemy.exc import StatementError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.folding import fold
from bot.storage.engine import create_engine_for, create_schema, make_sessionmaker, sqlite_url_for
from bot.storage.tables import Base, ConferenceRow


def test_sqlite_url_for_is_absolute(tmp_path: Path) -> None:
    url = sqlite_url_for(tmp_path / "data")
    assert url.startswith("sqlite+aiosqlite:////")
    assert url.endswith("/data/confbot.sqlite3")


def test_unsupported_url_is_refused() -> None:
    with pytest.raises(ValueError, match="unsupported"):
        create_engine_for("mysql+aiomysql://localhost/x")


async def test_sqlite_engine_creates_its_directory_and_sets_pragmas(tmp_path: Path) -> None:
    data_dir = tmp_path / "deep" / "er"
    engine = create_engine_for(sqlite_url_for(data_dir), pool_size=2, pool_timeout=3.0)
    try:
        assert data_dir.is_dir()
        async with engine.connect() as connection:
            pragmas = {
                name: (await connection.exec_driver_sql(f"PRAGMA {name}")).scalar()
                for name in ("foreign_keys", "journal_mode", "busy_timeout")
            }
        assert pragmas == {"foreign_keys": 1, "journal_mode": "wal", "busy_timeout": 5000}
    finally:
        await engine.dispose()


async def test_sqlite_in_memory_engine_works() -> None:
    engine = create_engine_for("sqlite+aiosqlite://")
    try:
        await create_schema(engine)
        async with make_sessionmaker(engine).begin() as db:
            assert list(await db.scalars(select(ConferenceRow))) == []
    finally:
        await engine.dispose()


async def _create_table_then_fail(engine: AsyncEngine) -> None:
    async with engine.begin() as connection:
        await connection.exec_driver_sql("CREATE TABLE t (x INTEGER)")
        raise RuntimeError("after the DDL")


async def test_sqlite_transactions_cover_ddl(tmp_path: Path) -> None:
    engine = create_engine_for(sqlite_url_for(tmp_path))
    try:
        with pytest.raises(RuntimeError, match="after the DDL"):
            await _create_table_then_fail(engine)
        async with engine.connect() as connection:
            tables = await connection.run_sync(lambda c: inspect(c).get_table_names())
        assert "t" not in tables
    finally:
        await engine.dispose()


def test_every_constraint_and_index_is_named() -> None:
    names = []
    for table in Base.metadata.tables.values():
        for constraint in table.constraints:
            names.append(constraint.name)
        for index in table.indexes:
            names.append(index.name)
    assert all(isinstance(name, str) and name for name in names)
    assert len(names) == len(set(names))


async def test_schema_names_in_the_database(engine: AsyncEngine) -> None:
    def reflect(connection: object) -> dict[str, set[str]]:
        inspector = inspect(connection)
        found: dict[str, set[str]] = {}
        for table in inspector.get_table_names():
            found[table] = {i["name"] for i in inspector.get_indexes(table) if i["name"]}
            found[table] |= {
                u["name"] for u in inspector.get_unique_constraints(table) if u["name"]
            }
            found[table] |= {f["name"] for f in inspector.get_foreign_keys(table) if f["name"]}
        return found

    async with engine.connect() as connection:
        found = await connection.run_sync(reflect)

    assert set(found) >= {
        "conferences",
        "rooms",
        "sessions",
        "papers",
        "persons",
        "authorships",
        "chairings",
        "key_values",
    }
    assert {
        "uq_sessions_conference_id_key",
        "ix_sessions_conference_id_start_at",
        "ix_sessions_conference_id_day",
        "ix_sessions_room_id",
        "fk_sessions_room_id_rooms",
    } <= found["sessions"]
    assert {"uq_persons_conference_id_name", "ix_persons_conference_id_name_folded"} <= (
        found["persons"]
    )
    assert "ix_authorships_person_id" in found["authorships"]
    assert "ix_chairings_person_id" in found["chairings"]
    assert "uq_papers_session_id_position" in found["papers"]


async def test_timestamps_come_back_aware_utc(engine: AsyncEngine) -> None:
    sessions = make_sessionmaker(engine)
    plus_two = timezone(timedelta(hours=2))
    async with sessions.begin() as db:
        db.add(
            ConferenceRow(
                slug="c",
                name="C",
                timezone="UTC",
                loaded_at=datetime(2025, 4, 1, 12, 0, tzinfo=plus_two),
            )
        )
    async with sessions.begin() as db:
        row = await db.scalar(select(ConferenceRow))
        assert row is not None
        assert row.loaded_at == datetime(2025, 4, 1, 10, 0, tzinfo=UTC)
        assert row.loaded_at.tzinfo is UTC


async def test_naive_timestamps_are_refused(engine: AsyncEngine) -> None:
    sessions = make_sessionmaker(engine)
    naive = datetime(2025, 4, 1, 12, 0)  # noqa: DTZ001 - the point of the test
    with pytest.raises(StatementError, match="naive"):
        async with sessions.begin() as db:
            db.add(ConferenceRow(slug="c", name="C", timezone="UTC", loaded_at=naive))


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("José Álvarez-Núñez", "jose alvarez nunez"),
        ("Bob O'Brien", "bob o brien"),
        ("  Straße  ", "strasse"),
        ("Ｆｕｌｌ　Ｗｉｄｔｈ", "full width"),
    ],
)
def test_fold(text: str, folded: str) -> None:
    assert fold(text) == folded
