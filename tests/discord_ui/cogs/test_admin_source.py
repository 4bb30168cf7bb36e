"""`/admin source` and what a reload tells the server, end to end: the real client against the
fake Discord, the program served by a local HTTP server on 127.0.0.1.

A reload that changes sessions posts one announcement in the announcement channel; a watched
URL that changes reloads and announces the same way; one that no longer makes a program keeps
the old one and tells the organisers' channel once; `/admin status` shows the source.

    .venv/bin/python -m pytest tests/discord_ui/cogs/test_admin_source.py -q
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from aiohttp import web

from bot.config import Settings
from bot.discord_ui.client import ConfBot
from tests.discord_ui.cogs.test_admin import (
    LLM_TRAINING,
    PROGRAM_TEXT,
    deferred_reply,
    reload_and_apply,
)
from tests.discord_ui.conftest import settings_for, text_of
from tests.fakediscord.server import FakeDiscord, FakeMessage

MOVED = PROGRAM_TEXT.replace(LLM_TRAINING, LLM_TRAINING.replace("Rotterdam hall 1B", "Penn"))
CHANGES = "Program changes: ASPLOS + EuroSys 2025"


@dataclass
class Served:
    body: bytes
    hits: int = 0
    port: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/program.txt"

    async def handle(self, request: web.Request) -> web.Response:
        self.hits += 1
        return web.Response(body=self.body, content_type="text/plain")


@pytest.fixture
async def served() -> AsyncIterator[Served]:
    page = Served(MOVED.encode())
    app = web.Application()
    app.router.add_get("/program.txt", page.handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    page.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    yield page
    await runner.cleanup()


@pytest.fixture
def settings(fake: FakeDiscord, data_dir: Path) -> Settings:
    return settings_for(fake, data_dir, program_url_allow_http=True)


def posted(fake: FakeDiscord, title: str) -> list[FakeMessage]:
    return [
        m
        for m in fake.channel_messages(fake.channel, "channel")
        if m.embeds and m.embeds[0]["title"].startswith(title)
    ]


async def polled(bot: ConfBot) -> None:
    """Wait until the watch has noted its fetch (the announcement and the alert go out just
    before the poll writes its outcome)."""
    sources = bot.app.admin.sources
    assert sources is not None
    for _ in range(600):  # up to 30 s on a loaded machine
        [slug] = await sources.slugs()
        source = await sources.get(slug)
        if source is not None and source.checked_at is not None:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the watch never finished its poll")


async def announcements_on(fake: FakeDiscord) -> None:
    ix = await fake.send_interaction(
        "admin announce set", {"channel": fake.channel}, user=fake.admin
    )
    assert "Announcements are on" in text_of((await deferred_reply(ix)).embeds)


async def test_a_reload_announces_its_changes_once(fake: FakeDiscord, bot: ConfBot) -> None:
    await announcements_on(fake)
    attachment = fake.add_attachment("program.txt", MOVED.encode(), "text/plain")
    await reload_and_apply(fake, attachment)
    await fake.wait_until(lambda: posted(fake, CHANGES) or None, 30, "the change announcement")
    [message] = posted(fake, CHANGES)
    text = text_of(message.embeds)
    assert "🔁 **Room changed:** LLM Training" in text
    assert "Thursday 3 April 2025, 14:00–15:40 CEST\nRoom Rotterdam hall 1B → Penn" in text


async def test_without_announcements_a_reload_posts_nothing(
    fake: FakeDiscord, bot: ConfBot
) -> None:
    attachment = fake.add_attachment("program.txt", MOVED.encode(), "text/plain")
    await reload_and_apply(fake, attachment)
    assert posted(fake, CHANGES) == []


async def test_a_watched_url_reloads_announces_and_shows_in_the_status(
    fake: FakeDiscord, bot: ConfBot, served: Served
) -> None:
    await announcements_on(fake)
    ix = await fake.send_interaction(
        "admin source", {"url": served.url, "every": 5, "channel": fake.channel}, user=fake.admin
    )
    reply = await deferred_reply(ix)
    assert reply.embeds[0]["title"] == "Program source"
    assert f"**Source:** {served.url}, every 5 min" in text_of(reply.embeds)
    await fake.wait_until(lambda: posted(fake, CHANGES) or None, 30, "the change announcement")
    assert "Room Rotterdam hall 1B → Penn" in text_of(posted(fake, CHANGES)[0].embeds)
    assert served.hits == 1
    await polled(bot)
    ix = await fake.send_interaction("admin status", user=fake.admin)
    fields = {f["name"]: f["value"] for f in (await deferred_reply(ix)).embeds[0]["fields"]}
    assert fields["Source"] == f"{served.url} (every 5 min)"
    assert fields["Last change"].startswith("<t:")
    assert fields["Last successful fetch"].startswith("<t:")
    assert "⚠️ Problem" not in fields
    assert posted(fake, "Program source problem") == []


async def test_a_cut_off_page_keeps_the_program_and_tells_the_organisers(
    fake: FakeDiscord, bot: ConfBot, served: Served
) -> None:
    served.body = PROGRAM_TEXT[: len(PROGRAM_TEXT) // 4].encode()
    ix = await fake.send_interaction(
        "admin source", {"url": served.url, "channel": fake.channel}, user=fake.admin
    )
    await deferred_reply(ix)
    await fake.wait_until(
        lambda: posted(fake, "Program source problem") or None, 30, "the source alert"
    )
    [alert] = posted(fake, "Program source problem")
    assert "sessions would go at once (more than 20%)" in text_of(alert.embeds)
    assert "The program loaded before stays" in text_of(alert.embeds)
    await polled(bot)
    ix = await fake.send_interaction("admin status", user=fake.admin)
    fields = {f["name"]: f["value"] for f in (await deferred_reply(ix)).embeds[0]["fields"]}
    assert "sessions would go at once" in fields["⚠️ Problem"]
    assert fields["Last successful fetch"] == "never"
    ix = await fake.send_interaction("chair", {"query": "Helix"})
    assert "Xiaosong Ma" in text_of((await ix.response())["data"]["embeds"])
