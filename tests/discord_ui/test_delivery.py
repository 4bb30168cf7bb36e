"""DMs through the real discord.py client and the fake Discord: one request each once a user's
DM channel is known (to any process sharing the database), and a channel that has gone is
opened again once."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest

from bot.discord_ui.delivery import DirectMessages
from bot.storage import create_engine_for, make_sessionmaker, sqlite_url_for
from bot.storage.dm_channels import DmChannelStore
from bot.storage.migrate import upgrade
from tests.fakediscord.server import FakeDiscord

NONE = discord.AllowedMentions.none()


@pytest.fixture
async def channels(tmp_path: Path) -> AsyncIterator[DmChannelStore]:
    engine = create_engine_for(sqlite_url_for(tmp_path))
    await upgrade(engine)
    yield DmChannelStore(make_sessionmaker(engine))
    await engine.dispose()


@pytest.fixture
async def client(discord_endpoints: FakeDiscord) -> AsyncIterator[discord.Client]:
    client = discord.Client(intents=discord.Intents.none())
    await client.login(discord_endpoints.token)
    yield client
    await client.close()


def _dm_requests(fake: FakeDiscord) -> list[str]:
    return [
        f"{r.method} {r.path}"
        for r in fake.requests
        if r.path.endswith("/users/@me/channels") or "/messages" in r.path
    ]


async def test_a_known_dm_channel_makes_a_dm_one_request_in_every_process(
    fake: FakeDiscord, client: discord.Client, channels: DmChannelStore
) -> None:
    user = fake.add_user("attendee-1")
    first = DirectMessages(client, channels)
    await first.send(user.id, content="one", allowed_mentions=NONE)
    assert len(_dm_requests(fake)) == 2  # opening the channel, then the message
    assert (await channels.get_many([user.id]))[user.id] == fake.dm_channel(user).id
    fake.requests.clear()
    other_process = DirectMessages(client, channels)
    await other_process.prepare([user.id])
    await other_process.send(user.id, content="two", allowed_mentions=NONE)
    assert _dm_requests(fake) == [f"POST /api/v10/channels/{fake.dm_channel(user).id}/messages"]
    assert not any("/users/" in r.path and "@me" not in r.path for r in fake.requests)


async def test_a_channel_that_has_gone_is_opened_again_once(
    fake: FakeDiscord, client: discord.Client, channels: DmChannelStore
) -> None:
    user = fake.add_user("attendee-2")
    await channels.put(user.id, 123456789)  # a channel Discord no longer knows
    dms = DirectMessages(client, channels)
    await dms.send(user.id, content="hello", allowed_mentions=NONE)
    assert [r.code for r in fake.take_rejections()] == [10003]
    assert [m.content for m in fake.channel_messages(fake.dm_channel(user))] == ["hello"]
    assert (await channels.get_many([user.id]))[user.id] == fake.dm_channel(user).id


async def test_closed_dms_after_a_fresh_open_are_refused_without_a_loop(
    fake: FakeDiscord, client: discord.Client, channels: DmChannelStore
) -> None:
    user = fake.add_user("attendee-3")
    await channels.put(user.id, fake.dm_channel(user).id)
    fake.refuse_dms(user)
    with pytest.raises(discord.Forbidden):
        await DirectMessages(client, channels).send(user.id, content="x", allowed_mentions=NONE)
    # The stored channel refused (50007): opened again once, refused again, then given up.
    assert [r.code for r in fake.take_rejections()] == [50007, 50007]
