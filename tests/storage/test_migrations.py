"""Migrations: an empty database reaches head and matches the models; data survives upgrades."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection, text
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.model import DeliveryKind, DeliverySpec, DeliveryState, PersonLink
from bot.storage import ProgramStore, make_sessionmaker
from bot.storage.deliveries import DeliveryStore
from bot.storage.migrate import SchemaOutOfDate, current_revision, head_revision, prepare, upgrade
from bot.storage.people import PeopleStore
from bot.storage.tables import Base
from tests.storage.factory import base_program

FIRST = "0001"


@pytest.fixture
async def bare_engine(engine: AsyncEngine) -> AsyncEngine:
    """The shared engine fixture, emptied: migrations start from nothing."""
    async with engine.begin() as connection:
        await connection.run_sync(Base.metadata.drop_all)
    return engine


def _differences(connection: Connection) -> list[object]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return list(compare_metadata(context, Base.metadata))


async def test_empty_database_migrates_to_head_and_matches_the_models(
    bare_engine: AsyncEngine,
) -> None:
    before, after = await upgrade(bare_engine)
    assert before is None
    assert after == head_revision()
    async with bare_engine.connect() as connection:
        assert await connection.run_sync(_differences) == []


async def test_a_new_database_is_created_at_start_without_asking(bare_engine: AsyncEngine) -> None:
    assert await prepare(bare_engine, auto_migrate=False) == head_revision()
    assert await current_revision(bare_engine) == head_revision()


async def test_an_unversioned_old_schema_is_refused_without_auto_migrate(
    engine: AsyncEngine,
) -> None:
    """`engine` was made by create_all, as a database from before migrations would be."""
    with pytest.raises(SchemaOutOfDate, match="python -m bot db upgrade"):
        await prepare(engine, auto_migrate=False)


async def test_reminders_survive_an_upgrade_from_the_first_migration(
    bare_engine: AsyncEngine,
) -> None:
    await upgrade(bare_engine, FIRST)
    maker = make_sessionmaker(bare_engine)
    now = datetime(2025, 3, 20, tzinfo=UTC)
    program = base_program()
    await ProgramStore(maker, now=lambda: now).load("conf", program)
    deliveries = DeliveryStore(maker, now=lambda: now)
    session = program.sessions[0]
    assert session.start is not None
    created = await deliveries.upsert(
        "conf",
        [
            DeliverySpec(
                DeliveryKind.REMINDER,
                f"reminder:{user}:10:dm",
                session.id,
                session.start - timedelta(minutes=10),
                "dm",
                user_id=user,
                minutes_before=10,
            )
            for user in (1, 2, 3)
        ],
    )
    await upgrade(bare_engine)
    assert await current_revision(bare_engine) == head_revision()
    kept = await deliveries.pending("conf")
    assert [(r.id, r.user_id, r.due_at, r.state) for r in kept] == [
        (record.id, record.user_id, record.due_at, DeliveryState.PENDING) for record, _ in created
    ]
    async with bare_engine.connect() as connection:
        assert (await connection.execute(text("SELECT count(*) FROM deliveries"))).scalar() == 3


async def test_chair_links_become_person_links_with_reminders_on(bare_engine: AsyncEngine) -> None:
    """0005: every chair link an organiser made is kept, as a person link, reminders on."""
    await upgrade(bare_engine, "0003_tenancy")
    maker = make_sessionmaker(bare_engine)
    await ProgramStore(maker).load("conf", base_program())
    async with bare_engine.begin() as connection:
        conference_id = (
            await connection.execute(text("SELECT id FROM conferences WHERE slug = 'conf'"))
        ).scalar()
        for name, user in (("Bo Li", 11), ("Cy Ng", 12)):
            await connection.execute(
                text(
                    "INSERT INTO chair_links (conference_id, guild_id, person_name, user_id) "
                    "VALUES (:c, 5, :n, :u)"
                ),
                {"c": conference_id, "n": name, "u": user},
            )
    await upgrade(bare_engine)
    settings = await DeliveryStore(maker).guild_settings("conf", 5)
    assert settings.person_links == (
        PersonLink("Bo Li", 11, "organiser", True),
        PersonLink("Cy Ng", 12, "organiser", True),
    )
    # and a new link gets a fresh id (PostgreSQL's sequence moved past the copied rows)
    people = PeopleStore(maker)
    await people.link("conf", 5, "Dee Ox", 13, "claim")
    assert len((await DeliveryStore(maker).guild_settings("conf", 5)).person_links) == 3
