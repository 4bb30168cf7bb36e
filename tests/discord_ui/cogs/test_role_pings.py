"""The burst post end to end: `/admin burst-post` checked against what the bot may do, the
*Ping me in #channel instead* button on a `/remind` reply giving the role, and a burst over
the threshold sending one role ping in the channel and no DM to those who opted in, exactly
once across a restart."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from bot.app import App, open_app
from bot.discord_ui.client import ConfBot
from bot.model import DeliveryKind, DeliveryState
from bot.services.scheduler import PINGED_INSTEAD
from tests.discord_ui.conftest import AT, embeds_of, settings_for, text_of
from tests.fakediscord.fixtures import StartBot, running_bot
from tests.fakediscord.server import MANAGE_ROLES, FakeDiscord, FakeMessage, FakeRole, FakeUser

MOE = "Mixture of Experts"
DUE = datetime.fromisoformat("2025-04-02T16:00+02:00")  # 10 minutes before it starts
THRESHOLD = 2


@pytest.fixture
def roles(fake: FakeDiscord) -> dict[str, FakeRole]:
    """Before the bot connects: a role below the bot's and one above it."""
    return {
        "below": fake.add_role(fake.guild, "keynote-pings", position=0),
        "above": fake.add_role(fake.guild, "staff", position=3),
    }


def grant_manage_roles(fake: FakeDiscord) -> None:
    bot_role = next(r for r in fake.guild.roles if r.name == fake.bot_user.username)
    bot_role.permissions |= MANAGE_ROLES


async def answered(fake: FakeDiscord, name: str, options: dict[str, object], user: FakeUser) -> str:
    ix = await fake.send_interaction(name, options, user=user)
    assert (await ix.response())["type"] == 5
    return text_of((await ix.followup()).embeds)


async def session_id(app: App, title: str) -> str:
    [session] = [s for s in app.programs.current().program.sessions if s.title == title]
    return session.id


async def remind(fake: FakeDiscord, app: App, user: FakeUser) -> FakeMessage:
    ix = await fake.send_interaction(
        "remind session",
        {"query": f"@session:{await session_id(app, MOE)}", "minutes_before": 10},
        user=user,
    )
    assert (await ix.response())["type"] == 5
    return await ix.followup()


async def press(fake: FakeDiscord, message: FakeMessage, custom_id: str, user: FakeUser) -> str:
    click = await fake.click_button(message, custom_id, user=user)
    assert (await click.response())["type"] == 5
    reply = await click.followup()
    assert reply.ephemeral
    return reply.content or text_of(reply.embeds)


async def burst_post_on(fake: FakeDiscord, role: FakeRole) -> None:
    options = {
        "threshold": THRESHOLD,
        "channel": fake.guild.channel_named("announcements"),
        "role": role,
    }
    assert "The burst post is on" in await answered(
        fake, "admin burst-post set", options, fake.admin
    )


def reminder_dms(fake: FakeDiscord, user: FakeUser) -> list[FakeMessage]:
    return [
        m
        for m in fake.channel_messages(fake.dm_channel(user))
        if m.embeds and "Reminder:" in m.embeds[0]["title"]
    ]


def role_pings(fake: FakeDiscord, role: FakeRole) -> list[FakeMessage]:
    channel = fake.guild.channel_named("announcements")
    return [m for m in fake.channel_messages(channel, "channel") if m.content == f"<@&{role.id}>"]


async def test_the_setting_is_refused_unless_the_bot_can_give_the_role(
    fake: FakeDiscord, roles: dict[str, FakeRole], discord_endpoints: FakeDiscord, app: App
) -> None:
    announcements = fake.guild.channel_named("announcements")
    options = {"threshold": 500, "channel": announcements, "role": roles["below"]}
    async with running_bot(ConfBot(app, guild_ready_timeout=0.01), fake.token):
        refused = await answered(fake, "admin burst-post set", options, fake.admin)
        assert "Manage Roles" in refused
        assert "burst-post" in refused
        status = await answered(fake, "admin status", {}, fake.admin)
        assert "Burst post" in status
        assert "off" in status.split("Burst post", 1)[1]
    grant_manage_roles(fake)  # the bot's role changed; it sees so when it connects again
    async with running_bot(ConfBot(app, guild_ready_timeout=0.01), fake.token):
        above = {**options, "role": roles["above"]}
        refused = await answered(fake, "admin burst-post set", above, fake.admin)
        assert "not below my highest role" in refused
        assert "The burst post is on" in await answered(
            fake, "admin burst-post set", options, fake.admin
        )
        reply = await remind(fake, app, fake.member)  # one of 500: no offer yet
        assert reply.component(f"confbot:rping:on:{await session_id(app, MOE)}") is None
        status = await answered(fake, "admin status", {}, fake.admin)
        assert "over 500 DM reminders" in status
        assert f"<#{announcements.id}>" in status
        assert f"<@&{roles['below'].id}>" in status
        assert "The burst post is off" in await answered(
            fake, "admin burst-post off", {}, fake.admin
        )


@contextlib.asynccontextmanager
async def bot_on(fake: FakeDiscord, data_dir: Path) -> AsyncIterator[tuple[App, ConfBot]]:
    """The app and the bot, built afresh over the same database (a restart)."""
    async with open_app(settings_for(fake, data_dir), at=AT) as app:
        bot = ConfBot(app, guild_ready_timeout=0.01)
        async with running_bot(bot, fake.token):
            yield app, bot


async def fire(app: App, bot: ConfBot, at: datetime) -> None:
    app.clock.set(at)  # type: ignore[attr-defined]
    assert bot.scheduler is not None
    bot.scheduler.wake()


async def test_opted_in_members_get_one_role_ping_and_no_dm_in_a_large_burst(
    fake: FakeDiscord, roles: dict[str, FakeRole], discord_endpoints: FakeDiscord, data_dir: Path
) -> None:
    grant_manage_roles(fake)
    role = roles["below"]
    announcements = fake.guild.channel_named("announcements")
    others = [fake.add_user(f"attendee{n}") for n in range(2)]
    for user in others:
        fake.add_member(fake.guild, user)
    async with bot_on(fake, data_dir) as (app, bot):
        await answered(
            fake,
            "admin burst-post set",
            {"threshold": THRESHOLD, "channel": announcements, "role": role},
            fake.admin,
        )
        key = await session_id(app, MOE)
        button = f"confbot:rping:on:{key}"
        reply = await remind(fake, app, fake.member)
        offered = reply.component(button)
        assert offered is not None
        assert offered["label"] == "Ping me in #announcements instead"
        told = await press(fake, reply, button, fake.member)
        assert f"You have <@&{role.id}>" in told
        assert role.id in fake.guild.member(fake.member.id).roles  # type: ignore[union-attr]
        again = await press(fake, reply, button, fake.member)
        assert "You asked already" in again
        for user in others:  # the burst: three DM reminders due together, over the threshold
            await remind(fake, app, user)
        await fire(app, bot, DUE)
        ping = await fake.wait_for_message(
            lambda m: m.channel_id == announcements.id and m.content == f"<@&{role.id}>"
        )
        assert [str(r) for r in ping.allowed_mentions["roles"]] == [str(role.id)]
        assert MOE in text_of(embeds_of(ping.payload()))
        for user in others:
            await fake.wait_until(lambda u=user: reminder_dms(fake, u) or None, 10, "their DM")
    # A restart: nothing is sent again.
    async with bot_on(fake, data_dir) as (app, bot):
        await fire(app, bot, DUE + timedelta(minutes=1))
        assert bot.scheduler is not None
        await bot.scheduler.run_once()
        [(mine, _)] = (await app.reminders.mine(fake.member.id)).reminders
        assert mine.state is DeliveryState.SENT
        assert mine.fallback == PINGED_INSTEAD
    assert len(role_pings(fake, role)) == 1
    assert reminder_dms(fake, fake.member) == []
    assert all(len(reminder_dms(fake, u)) == 1 for u in others)


async def test_a_small_burst_dms_everyone_and_pings_nobody(
    fake: FakeDiscord, roles: dict[str, FakeRole], start_bot: StartBot, app: App
) -> None:
    grant_manage_roles(fake)
    role = roles["below"]
    bot = await start_bot(ConfBot(app, guild_ready_timeout=0.01))
    assert isinstance(bot, ConfBot)
    await burst_post_on(fake, role)
    key = await session_id(app, MOE)
    reply = await remind(fake, app, fake.member)
    await press(fake, reply, f"confbot:rping:on:{key}", fake.member)
    await fire(app, bot, DUE)  # one reminder: not over the threshold of two
    await fake.wait_until(lambda: reminder_dms(fake, fake.member) or None, 10, "the DM")
    assert role_pings(fake, role) == []


async def test_undo_takes_the_role_back_and_dms_again(
    fake: FakeDiscord, roles: dict[str, FakeRole], start_bot: StartBot, app: App
) -> None:
    grant_manage_roles(fake)
    role = roles["below"]
    await start_bot(ConfBot(app, guild_ready_timeout=0.01))
    await burst_post_on(fake, role)
    key = await session_id(app, MOE)
    reply = await remind(fake, app, fake.member)
    await press(fake, reply, f"confbot:rping:on:{key}", fake.member)
    click = await fake.click_button(reply, f"confbot:rping:on:{key}", user=fake.member)
    await click.response()
    offer = await click.followup()
    assert offer.component(f"confbot:rping:off:{key}") is not None
    undone = await press(fake, offer, f"confbot:rping:off:{key}", fake.member)
    assert "you get your DM" in undone
    assert role.id not in fake.guild.member(fake.member.id).roles  # type: ignore[union-attr]
    pings = await app.deliveries.pending(app.default.slug, [DeliveryKind.ROLE_PING])
    assert pings == []


async def test_a_role_discord_will_not_give_is_told_and_the_dm_stands(
    fake: FakeDiscord, roles: dict[str, FakeRole], start_bot: StartBot, app: App
) -> None:
    grant_manage_roles(fake)
    role = roles["below"]
    await start_bot(ConfBot(app, guild_ready_timeout=0.01))
    await burst_post_on(fake, role)
    key = await session_id(app, MOE)
    reply = await remind(fake, app, fake.member)
    role.position = 5  # an admin moved the role above the bot's after the setting was made
    click = await fake.click_button(reply, f"confbot:rping:on:{key}", user=fake.member)
    await click.response()
    told = text_of((await click.followup()).embeds)
    assert "I could not give you" in told
    assert "your DM reminder stands" in told
    assert [r.code for r in fake.take_rejections()] == [50013]
    assert not await app.reminders.role_pinged(fake.guild.id, fake.member.id, key)
    assert await app.deliveries.pending(app.default.slug, [DeliveryKind.ROLE_PING]) == []
