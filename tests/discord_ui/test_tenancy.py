"""Conferences as tenants, end to end through the real discord.py client and the fake Discord.

Server A is the conference (the bundled program, bound by DISCORD_GUILD_ID); server B belongs
to an outsider who invited the public bot and has every permission there. Every step of a
take-over of A's program (reload, rollback, sync, status, setup, announcements, reminders) is
repeated from B: each is refused or affects only B, and A's
rows in the database are byte-for-byte what they were. Then two servers bound to two
conferences (CONFERENCES) each answer from their own program and get their own reminders and
announcements.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import AsyncIterator, Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from bot.app import App, open_app
from bot.discord_ui.client import ConfBot
from bot.discord_ui.reload_preview import APPLY_ID
from bot.services.tenants import ATTENDEE_UNBOUND, ORGANISER_UNBOUND
from tests.discord_ui.conftest import AT, DATABASE, PROGRAM, embeds_of, settings_for, text_of
from tests.fakediscord.fixtures import StartBot
from tests.fakediscord.server import FakeDiscord, FakeGuild, FakeInteraction, FakeMessage, FakeUser

ATTACK = """Day 1: Wednesday, April 2
15:00-16:00 Session 1: Graphics
Session chair: Mallory Evil (Evil Corp)
Click here for free GPUs https://evil.example/
Mallory Evil (Evil Corp)
"""
OTHER_PROGRAM = """Day 1: Thursday, April 3
09:00-10:00 Keynote: Zed Quill (Uni Z)
Session chair: Yo Ark (Uni Y)
"Rendering for Everyone"
10:30-12:00 Session 1: Ray Tracing
Session chair: Cy Ng (Uni C)
A Fast Ray Tracer
Ana Silva (Uni A)
"""
# The first sentence of each (the rest has markdown, escaped when shown).
ORGANISER_HINT = ORGANISER_UNBOUND.split(". ")[0]
ATTENDEE_HINT = ATTENDEE_UNBOUND.split(", so")[0]
TABLES = (
    "rooms",
    "sessions",
    "persons",
    "key_values",
    "deliveries",
    "guild_settings",
    "person_links",
    "person_claims",
    "program_versions",
    "guild_bindings",
)


BELOW_SESSIONS = {
    "papers": "SELECT p.* FROM papers p JOIN sessions s ON p.session_id = s.id "
    "WHERE s.conference_id = ? ORDER BY p.id",
    "authorships": "SELECT a.* FROM authorships a JOIN papers p ON a.paper_id = p.id "
    "JOIN sessions s ON p.session_id = s.id WHERE s.conference_id = ? "
    "ORDER BY a.paper_id, a.position",
    "chairings": "SELECT c.* FROM chairings c JOIN sessions s ON c.session_id = s.id "
    "WHERE s.conference_id = ? ORDER BY c.session_id, c.position",
}


def conference_rows(db: Path, slug: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row that belongs to conference `slug`, as stored."""
    with sqlite3.connect(db) as con:
        (cid,) = con.execute("SELECT id FROM conferences WHERE slug = ?", (slug,)).fetchone()
        rows = {"conferences": con.execute("SELECT * FROM conferences WHERE id = ?", (cid,))}
        for table in TABLES:
            rows[table] = con.execute(
                f"SELECT * FROM {table} WHERE conference_id = ? ORDER BY 1",  # noqa: S608
                (cid,),
            )
        for table, query in BELOW_SESSIONS.items():
            rows[table] = con.execute(query, (cid,))
        return {table: list(cursor) for table, cursor in rows.items()}


async def deferred(ix: FakeInteraction) -> FakeMessage:
    payload = await ix.response()
    assert payload["type"] == 5
    return await ix.followup()


async def answer_text(ix: FakeInteraction) -> str:
    payload = await ix.response()
    if payload["type"] == 5:
        return text_of((await ix.followup()).embeds)
    return text_of(embeds_of(payload))


@pytest.fixture
async def attacker(fake: FakeDiscord) -> FakeUser:
    return fake.add_user("mallory")


@pytest.fixture
async def server_b(fake: FakeDiscord, attacker: FakeUser) -> FakeGuild:
    """The outsider's server: they own it (every permission) and invited the bot."""
    return fake.add_guild("Mallory's server", owner=attacker, organizer=attacker)


@pytest.fixture
async def two_server_bot(
    start_bot: StartBot, app: App, server_b: FakeGuild, fake: FakeDiscord
) -> ConfBot:
    bot = ConfBot(app, guild_ready_timeout=0.01)
    started = await start_bot(bot)
    assert isinstance(started, ConfBot)
    # The operator published the commands everywhere (a public bot's usual set-up).
    await started.sync_global()
    return started


async def outsider_sets_up_their_own(
    fake: FakeDiscord, b: FakeGuild, attacker: FakeUser, attack: object
) -> None:
    """B may set itself up with its own program, reload it and announce: B only."""
    ix = await fake.send_interaction("admin setup", {"file": attack}, user=attacker, guild_id=b.id)
    setup = text_of((await deferred(ix)).embeds)
    assert "This server now answers from" in setup
    b_answer = await answer_text(
        await fake.send_interaction("session", {"query": "Graphics"}, guild_id=b.id)
    )
    assert "Mallory Evil" in b_answer
    again = fake.add_attachment(
        "program.txt", ATTACK.replace("15:00", "15:30").encode(), "text/plain"
    )
    ix = await fake.send_interaction("admin reload", {"file": again}, user=attacker, guild_id=b.id)
    summary = await deferred(ix)
    click = await fake.click_button(summary, APPLY_ID, user=attacker)
    assert (await click.response())["type"] == 7
    assert "Reloaded" in text_of((await click.followup()).embeds)
    ix = await fake.send_interaction(
        "admin announce set",
        {"channel": b.channel_named("announcements")},
        user=attacker,
        guild_id=b.id,
    )
    assert "Announcements are on" in text_of((await deferred(ix)).embeds)
    ix = await fake.send_interaction("admin status", user=attacker, guild_id=b.id)
    status = text_of((await deferred(ix)).embeds)
    assert "ASPLOS" not in status
    assert "sqlite" not in status


async def test_an_outsider_server_cannot_touch_the_conference(
    fake: FakeDiscord,
    two_server_bot: ConfBot,
    app: App,
    data_dir: Path,
    server_b: FakeGuild,
    attacker: FakeUser,
    caplog: pytest.LogCaptureFixture,
) -> None:
    a, b = fake.guild, server_b
    slug = app.programs.slug
    # A's attendee has a reminder and A announces its sessions, before anything happens.
    ix = await fake.send_interaction("remind session", {"query": "LLM Training"})
    assert "Reminder set" in text_of((await deferred(ix)).embeds)
    announcements = a.channel_named("announcements")
    ix = await fake.send_interaction(
        "admin announce set", {"channel": announcements}, user=fake.admin
    )
    assert "Announcements are on" in text_of((await deferred(ix)).embeds)
    graphics_before = await answer_text(
        await fake.send_interaction("session", {"query": "Graphics"})
    )
    assert "Rotterdam hall 1B" in graphics_before
    before = conference_rows(data_dir / DATABASE, slug)
    syncs_before = list(fake.sync_requests)

    attack = fake.add_attachment("program.txt", ATTACK.encode(), "text/plain")
    ORGANISER_UNBOUND, ATTENDEE_UNBOUND = ORGANISER_HINT, ATTENDEE_HINT
    steps: list[tuple[str, dict[str, Any] | None, FakeUser, str]] = [
        ("admin reload", {"file": attack}, attacker, ORGANISER_UNBOUND),
        ("admin reload", None, attacker, ORGANISER_UNBOUND),
        ("admin rollback", None, attacker, ORGANISER_UNBOUND),
        ("admin sync", {"scope": "global"}, attacker, "Only the bot's owners can publish"),
        ("admin status", None, attacker, ORGANISER_UNBOUND),
        ("admin setup", {"conference": slug}, attacker, "Only the bot's owners can bind"),
        (
            "admin announce set",
            {"channel": b.channel_named("general")},
            attacker,
            ORGANISER_UNBOUND,
        ),
        ("admin chair-reminders on", None, attacker, ORGANISER_UNBOUND),
        (
            "admin link",
            {"person": "Xiaosong Ma", "member": attacker},
            attacker,
            ORGANISER_UNBOUND,
        ),
        ("session", {"query": "Graphics"}, fake.member, ATTENDEE_UNBOUND),
        ("search", {"query": "Graphics"}, fake.member, ATTENDEE_UNBOUND),
        ("remind session", {"query": "LLM Training"}, fake.member, ATTENDEE_UNBOUND),
        ("remind list", None, fake.member, ATTENDEE_UNBOUND),
        ("me show", None, fake.member, ATTENDEE_UNBOUND),
        ("me claim", {"name": "Xiaosong Ma"}, fake.member, ATTENDEE_UNBOUND),
    ]
    with caplog.at_level(logging.INFO):
        for command, options, user, expected in steps:
            ix = await fake.send_interaction(command, options, user=user, guild_id=b.id)
            text = await answer_text(ix)
            assert expected in text, (command, text)
            assert "sqlite" not in text, command
        ix = await fake.send_autocomplete("session", {"query": "Grap"}, guild_id=b.id)
        assert fake.choices(await ix.response()) == []
    assert "refused sync-global for user" in caplog.text
    assert "refused setup for user" in caplog.text
    assert fake.request_log("/attachments/") == []  # B's file was never even read
    assert fake.sync_requests == syncs_before  # no sync at all, global or other

    await outsider_sets_up_their_own(fake, b, attacker, attack)

    # A: the same program, reminders, announcements and settings, to the byte.
    assert conference_rows(data_dir / DATABASE, slug) == before
    assert (
        await answer_text(await fake.send_interaction("session", {"query": "Graphics"}))
        == graphics_before
    )
    assert None not in {scope for scope, _ in fake.sync_requests[len(syncs_before) :]}
    # Nothing was sent to A's members or channels by B's doings.
    assert [m for m in fake.messages if m.guild_id == a.id and m.source == "channel"] == []
    # Each server's history shows its own actions only.
    ix = await fake.send_interaction("admin history", user=fake.admin)
    a_history = text_of((await deferred(ix)).embeds)
    assert "announce" in a_history
    assert "setup" not in a_history
    assert "sync-global" not in a_history
    ix = await fake.send_interaction("admin history", user=attacker, guild_id=b.id)
    b_history = text_of((await deferred(ix)).embeds)
    assert "sync-global" in b_history
    assert "refused" in b_history
    assert "setup" in b_history


async def test_the_application_owner_may_bind_another_server_and_sync_globally(
    fake: FakeDiscord, two_server_bot: ConfBot, app: App, server_b: FakeGuild
) -> None:
    fake.add_member(server_b, fake.owner, [server_b.roles[-1].id])  # an Organizer of B
    slug = app.programs.slug
    ix = await fake.send_interaction(
        "admin setup", {"conference": slug}, user=fake.owner, guild_id=server_b.id
    )
    assert "This server now answers from" in text_of((await deferred(ix)).embeds)
    answer = await answer_text(
        await fake.send_interaction("chair", {"query": "Helix"}, guild_id=server_b.id)
    )
    assert "Xiaosong Ma" in answer
    ix = await fake.send_interaction(
        "admin sync", {"scope": "global"}, user=fake.owner, guild_id=server_b.id
    )
    assert "Synced 13 commands globally" in text_of((await deferred(ix)).embeds)


async def test_a_team_owned_application_trusts_its_admins_and_developers_only(
    discord_endpoints: FakeDiscord, start_bot: StartBot, app: App
) -> None:
    fake = discord_endpoints
    developer, reader = fake.add_user("dev"), fake.add_user("reader")
    fake.team = [(fake.owner, "admin"), (developer, "developer"), (reader, "read_only")]
    bot = ConfBot(app, guild_ready_timeout=0.01)
    await start_bot(bot)
    assert await bot.is_bot_owner(fake.owner.id)
    assert await bot.is_bot_owner(developer.id)
    assert not await bot.is_bot_owner(reader.id)
    assert not await bot.is_bot_owner(fake.admin.id)


async def test_owner_ids_adds_owners(
    fake: FakeDiscord, start_bot: StartBot, data_dir: Path
) -> None:
    settings = settings_for(fake, data_dir, owner_ids=(fake.admin.id,))
    async with open_app(settings, at=AT) as app:
        bot = ConfBot(app, guild_ready_timeout=0.01)
        await start_bot(bot)
        assert await bot.is_bot_owner(fake.admin.id)
        assert await bot.is_bot_owner(fake.owner.id)
        assert not await bot.is_bot_owner(fake.member.id)
        await bot.close()


# --- two servers, two conferences -------------------------------------------------------------


@pytest.fixture
def conferences_file(tmp_path: Path, fake: FakeDiscord) -> Callable[[FakeGuild], Path]:
    def write(b: FakeGuild) -> Path:
        other = tmp_path / "other.txt"
        other.write_text(OTHER_PROGRAM, encoding="utf-8")
        path = tmp_path / "conferences.toml"
        path.write_text(
            f"""
[conferences.asplos]
program = "{PROGRAM}"
guilds = [{fake.guild.id}]

[conferences.render-conf]
program = "other.txt"
name = "RenderConf 2025"
timezone = "Europe/Amsterdam"
year = 2025
guilds = [{b.id}]
""",
            encoding="utf-8",
        )
        return path

    return write


@pytest.fixture
async def two_conferences(
    fake: FakeDiscord,
    tmp_path: Path,
    conferences_file: Callable[[FakeGuild], Path],
) -> AsyncIterator[tuple[App, FakeGuild]]:
    b = fake.add_guild("RenderConf")
    settings = settings_for(
        fake, tmp_path / "multi", conferences=str(conferences_file(b)), discord_guild_id=None
    )
    async with open_app(settings, at=AT) as app:
        yield app, b


async def test_two_servers_answer_from_their_own_conference(
    fake: FakeDiscord, start_bot: StartBot, two_conferences: tuple[App, FakeGuild]
) -> None:
    app, b = two_conferences
    bot = ConfBot(app, guild_ready_timeout=0.01)
    await start_bot(bot)
    await bot.sync_global()
    a_text = await answer_text(await fake.send_interaction("chair", {"query": "Helix"}))
    assert "Xiaosong Ma" in a_text
    b_text = await answer_text(
        await fake.send_interaction("session", {"query": "Ray Tracing"}, guild_id=b.id)
    )
    assert "A Fast Ray Tracer" in b_text
    not_in_b = await answer_text(
        await fake.send_interaction("chair", {"query": "Helix"}, guild_id=b.id)
    )
    assert "Xiaosong Ma" not in not_in_b
    ix = await fake.send_autocomplete("paper", {"title": "ray"}, guild_id=b.id)
    first = fake.choices(await ix.response())[0]
    assert first["name"].startswith("A Fast Ray Tracer")
    ix = await fake.send_autocomplete("paper", {"title": "ray tracer"})
    assert not any("A Fast Ray Tracer" in c["name"] for c in fake.choices(await ix.response()))

    # Each server announces its own sessions in its own channel, and reminds its own people.
    a_channel, b_channel = (
        fake.guild.channel_named("announcements"),
        b.channel_named("announcements"),
    )
    for guild, channel in ((fake.guild, a_channel), (b, b_channel)):
        ix = await fake.send_interaction(
            "admin announce set",
            {"channel": channel, "minutes_before": 5},
            user=fake.admin,
            guild_id=guild.id,
        )
        assert "Announcements are on" in text_of((await deferred(ix)).embeds)
    ix = await fake.send_interaction(
        "remind session",
        {"query": "Ray Tracing", "minutes_before": 10, "where": "channel"},
        guild_id=b.id,
    )
    assert "Reminder set" in text_of((await deferred(ix)).embeds)
    keynote = datetime.fromisoformat("2025-04-03T08:55+02:00")
    app.clock.set(keynote)  # type: ignore[attr-defined]
    assert bot.scheduler is not None
    bot.scheduler.wake()
    announced = await fake.wait_for_message(
        lambda m: m.channel_id == b_channel.id and "Zed Quill" in text_of(m.embeds)
    )
    assert announced.guild_id == b.id
    app.clock.set(datetime.fromisoformat("2025-04-03T10:20+02:00"))  # type: ignore[attr-defined]
    bot.scheduler.wake()
    # The jump to 10:20 makes A's announcements of the morning due at once; they go out first,
    # in due order, at one message a second into A's channel (Discord's per-channel bucket).
    reminded = await fake.wait_for_message(
        lambda m: m.guild_id == b.id and "Reminder:" in text_of(m.embeds), timeout=90.0
    )
    assert reminded.content == f"<@{fake.member.id}>"
    assert "Ray Tracing" in text_of(reminded.embeds)
    app.clock.set(datetime.fromisoformat("2025-04-03T10:21+02:00"))  # type: ignore[attr-defined]
    bot.scheduler.wake()
    # A's channels got only A's sessions; B's only B's.
    a_texts = [text_of(m.embeds) for m in fake.channel_messages(a_channel)]
    b_texts = [text_of(m.embeds) for m in fake.channel_messages(b_channel)]
    assert a_texts
    assert not any("Zed Quill" in t or "Ray Tracing" in t for t in a_texts)
    assert all("Zed Quill" in t or "Ray Tracing" in t for t in b_texts)
