"""Tenants without Discord: bindings, the operator's list, idle catalogs, previews, versions."""

from __future__ import annotations

import gc
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.clock import FrozenClock
from bot.errors import ConfigError, PermissionDeniedError
from bot.model import ChangeKind, SessionsAnswer
from bot.parsing import ParseOptions
from bot.parsing.text import parse_text
from bot.services.admin import Actor, AdminService
from bot.services.catalog import build_catalog
from bot.services.conferences import ConferenceSpec, parse_conferences
from bot.services.tenants import NotBoundError, Tenant, Tenants
from bot.storage import ProgramStore, make_sessionmaker
from bot.storage.deliveries import DeliveryStore
from bot.storage.tenancy import TenancyStore, program_from_text, program_to_text

OPTIONS = ParseOptions(name="Test Conf", timezone="Europe/Amsterdam", year=2025)
PROGRAM = """Day 1: Tuesday, April 1
09:00-10:00 Keynote: Ana Silva (Uni A)
Session chair: Bo Li (Uni B)
"The Future"
10:30-12:00 Session 1: Storage
Session chair: Cy Ng (Uni C)
A Fast Graph Store
Ana Silva (Uni A), Di Wu (Uni D)
"""
START = datetime.fromisoformat("2025-03-30T08:00+02:00")
A, B = 111, 222


class Ticks:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def titles(tenant: Tenant, query: str) -> list[str | None]:
    answer = (await tenant.runner()).run("session", {"query": query})
    assert isinstance(answer, SessionsAnswer)
    return [s.title for s in answer.sessions]


@pytest.fixture
async def tenants(engine: AsyncEngine) -> Tenants:
    clock = FrozenClock(START)
    maker = make_sessionmaker(engine)
    store = ProgramStore(maker, now=clock.now)
    for slug in ("alpha", "beta"):
        await store.load(slug, parse_text(PROGRAM.replace("Storage", slug.title()), OPTIONS))
    spec = ConferenceSpec("alpha", None, OPTIONS, (A,))
    registry = Tenants(
        store,
        DeliveryStore(maker, now=clock.now),
        TenancyStore(maker, now=clock.now),
        clock,
        specs=[spec],
        idle_seconds=60.0,
        monotonic=Ticks(),
    )
    await registry.start()
    return registry


async def test_servers_answer_from_their_binding_only(tenants: Tenants) -> None:
    alpha = tenants.require(A)
    assert await titles(alpha, "alpha") == ["Alpha"]
    with pytest.raises(NotBoundError, match="Ask the organisers"):
        tenants.require(B)
    with pytest.raises(NotBoundError, match="/admin setup"):
        tenants.require(B, organiser=True)
    await tenants.bind(B, "beta", "setup", 7)
    assert await titles(tenants.require(B), "beta") == ["Beta"]


async def test_a_catalog_is_dropped_when_idle_and_rebuilt_on_use(tenants: Tenants) -> None:
    ticks = tenants._monotonic
    assert isinstance(ticks, Ticks)
    alpha = tenants.require(A)
    await alpha.runner()
    assert tenants.warm() == ["alpha"]
    ticks.now += 30
    assert tenants.evict_idle() == []
    ticks.now += 61
    assert tenants.evict_idle() == ["alpha"]
    assert tenants.warm() == []
    assert await titles(alpha, "alpha") == ["Alpha"]
    assert tenants.warm() == ["alpha"]


async def test_organisers_act_on_their_own_conference_only(tenants: Tenants) -> None:
    admin = AdminService(tenants, FrozenClock(START), database_label="sqlite:///x")
    organiser = Actor(user_id=5, guild_id=B, manages_guild=True)
    with pytest.raises(PermissionDeniedError, match="Only the bot's owners"):
        await admin.setup(organiser, conference="alpha")
    with pytest.raises(PermissionDeniedError, match="Only the bot's owners"):
        await admin.authorize_global_sync(organiser)
    with pytest.raises(PermissionDeniedError, match="Manage Server"):
        await admin.status(Actor(user_id=6, guild_id=A, manages_guild=False))
    status = await admin.status(Actor(user_id=5, guild_id=A, manages_guild=True))
    assert status.deployment is None
    owner = await admin.status(Actor(user_id=1, guild_id=A, manages_guild=True, is_owner=True))
    assert owner.deployment is not None
    assert owner.deployment.database == "sqlite:///x"
    history = await admin.history(organiser)
    assert [(h.action, h.outcome) for h in history] == [
        ("sync-global", "refused"),
        ("setup", "refused"),
    ]
    assert await admin.history(Actor(user_id=5, guild_id=A, manages_guild=True)) == []


async def test_a_preview_stores_nothing(tenants: Tenants) -> None:
    programs = tenants.require(A).programs
    before = await programs.stored_hash()
    moved = PROGRAM.replace("Storage", "Alpha").replace("10:30-12:00", "13:30-15:00")
    report = await programs.preview(parse_text(moved, OPTIONS))
    assert [(c.after.title if c.after else None, c.kinds) for c in report.changes] == [
        ("Alpha", (ChangeKind.MOVED,))
    ]
    assert await programs.preview(parse_text(moved, OPTIONS)) == report
    assert await programs.stored_hash() == before
    assert await programs.previous_version() is None


def test_program_text_round_trips() -> None:
    program = parse_text(PROGRAM, OPTIONS)
    again = program_from_text(program_to_text(program))
    assert again.sessions == program.sessions
    assert again.conference == program.conference


def test_the_conferences_file(tmp_path: Path) -> None:
    text = """
[conferences.alpha]
program = "alpha.txt"
name = "Alpha"
timezone = "Europe/Amsterdam"
guilds = [1, 2]

[conferences.beta]
guilds = [3]
"""
    alpha, beta = parse_conferences(text, tmp_path, "c.toml")
    assert alpha.program == tmp_path / "alpha.txt"
    assert (alpha.defaults.name, alpha.defaults.timezone, alpha.guilds) == (
        "Alpha",
        "Europe/Amsterdam",
        (1, 2),
    )
    assert (beta.program, beta.guilds) == (None, (3,))
    with pytest.raises(ConfigError, match="listed under both alpha and beta"):
        parse_conferences(text.replace("[3]", "[2]"), tmp_path, "c.toml")
    with pytest.raises(ConfigError, match="is not a slug"):
        parse_conferences("[conferences.Not_A_Slug]\n", tmp_path, "c.toml")
    with pytest.raises(ConfigError, match="unknown keys"):
        parse_conferences("[conferences.x]\nguild = 1\n", tmp_path, "c.toml")


async def test_the_configuration_wins_and_dropped_servers_are_unbound(tenants: Tenants) -> None:
    await tenants.bind(A, "beta", "setup", 7)  # an organiser's setup, then a restart
    await tenants.bind(B, "beta", "setup", 7)
    await tenants.start()
    assert tenants.binding(A) is not None
    assert tenants.binding(A).conference == "alpha"  # type: ignore[union-attr]
    assert tenants.binding(B).conference == "beta"  # type: ignore[union-attr]
    tenants.specs = {}  # A is no longer in the file
    await tenants.start()
    assert tenants.binding(A) is None
    assert tenants.binding(B) is not None  # set up by its organisers: theirs to keep


def test_a_dropped_catalog_leaves_no_reference_cycles() -> None:
    """The bot keeps every built catalog out of the cyclic collector (`gc.freeze`); that is
    safe only while dropping one frees it by reference counting alone."""
    catalog = build_catalog("x", parse_text(PROGRAM, OPTIONS))
    gc.collect()
    gc.disable()
    try:
        del catalog
        assert gc.collect() == 0
    finally:
        gc.enable()
