"""Start-up: intents, default allowed mentions, syncing only when the commands changed."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import discord
import pytest

from bot.app import open_app
from bot.discord_ui.client import ConfBot, bot_intents
from bot.discord_ui.sync import HASH_KEY, tree_hash
from tests.discord_ui.conftest import AT, settings_for
from tests.fakediscord.fixtures import StartBot
from tests.fakediscord.server import PRIVILEGED_INTENTS, FakeDiscord


def test_no_privileged_intents() -> None:
    intents = bot_intents()
    assert not intents.members
    assert not intents.presences
    assert not intents.message_content
    assert intents.value & PRIVILEGED_INTENTS == 0
    assert intents.guilds


async def test_start_identifies_without_privileged_intents_and_mentions_nobody(
    fake: FakeDiscord, bot: ConfBot
) -> None:
    assert fake.intents is not None
    assert fake.intents & PRIVILEGED_INTENTS == 0
    assert bot.allowed_mentions is not None
    assert bot.allowed_mentions.to_dict() == {"parse": []}


async def test_commands_are_synced_to_the_guild_only_when_they_changed(
    fake: FakeDiscord,
    start_bot: StartBot,
    make_bot: Callable[..., ConfBot],
) -> None:
    first = await start_bot(make_bot())
    assert [scope for scope, _ in fake.sync_requests] == [fake.guild.id]
    assert None not in fake.synced_commands  # never globally on start
    key = HASH_KEY.format(guild_id=fake.guild.id)
    assert isinstance(first, ConfBot)
    stored = await first.app.store.get_value(key)
    assert stored == tree_hash(first.tree, fake.guild.id, fake.application_id)

    await start_bot(make_bot())  # a restart with the same commands
    assert len(fake.sync_requests) == 1

    await first.app.store.set_value(key, "the commands of an older version")
    await start_bot(make_bot())
    assert len(fake.sync_requests) == 2
    assert fake.sync_requests[0][1] == fake.sync_requests[1][1]


async def test_without_a_guild_nothing_is_synced_on_start(
    fake: FakeDiscord, start_bot: StartBot, data_dir: Path
) -> None:
    async with open_app(settings_for(fake, data_dir, discord_guild_id=None), at=AT) as app:
        bot = await start_bot(ConfBot(app, guild_ready_timeout=0.01))
        assert fake.sync_requests == []
        await bot.close()  # inside the app, as run_bot does: the bot never outlives it


async def test_a_refused_sync_is_logged_and_the_bot_still_starts(
    fake: FakeDiscord,
    start_bot: StartBot,
    make_bot: Callable[..., ConfBot],
    caplog: pytest.LogCaptureFixture,
) -> None:
    fake.inject_status("PUT /applications/", status=403)
    with caplog.at_level(logging.ERROR, logger="bot.discord_ui"):
        bot = await start_bot(make_bot())
    assert "could not sync the commands to guild" in caplog.text
    assert isinstance(bot, ConfBot)
    assert await bot.app.store.get_value(HASH_KEY.format(guild_id=fake.guild.id)) is None
    assert bot.is_ready()


async def test_a_rate_limited_reply_is_retried(fake: FakeDiscord, bot: ConfBot) -> None:
    fake.inject_429("/callback", retry_after=0.2)
    ix = await fake.send_interaction("chair", {"query": "Helix"})
    payload = await ix.response()
    assert payload["type"] == 4
    first, second = fake.request_log("/callback")
    assert (first.status, first.injected, second.status) == (429, "429", 200)
    assert second.started - first.finished >= 0.19


async def test_close_stops_the_live_pages(fake: FakeDiscord, bot: ConfBot) -> None:
    ix = await fake.send_interaction("session", {"query": "poster session"})
    await ix.response()
    assert len(bot.pager.live) == 1
    await bot.close()
    assert bot.pager.live == []
    assert isinstance(bot.allowed_mentions, discord.AllowedMentions)
