"""Fixtures: a started fake Discord, discord.py pointed at it, and a bot runner.

Registered for the whole suite by ``pytest_plugins`` in ``tests/conftest.py``, so the fake's own
tests and the bot's (``tests/discord_ui``) share them.

Shutdown order matters (bot.close(), await the start task, then fake.stop()); the fixture
dependencies give exactly that order: ``start_bot`` tears down before ``fake``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable

import discord
import discord.gateway
import discord.http
import pytest
import yarl
from discord.ext import commands

from .server import FakeDiscord

StartBot = Callable[..., Awaitable[commands.Bot]]


@pytest.fixture
async def fake(request: pytest.FixtureRequest) -> AsyncIterator[FakeDiscord]:
    """A running fake. At teardown no rejection may be left: tests that expect some take
    them with ``fake.take_rejections()``. ``@pytest.mark.fake(**options)`` passes options to
    ``FakeDiscord`` (e.g. a longer ``response_deadline`` for a test that loads the machine)."""
    marker = request.node.get_closest_marker("fake")
    server = FakeDiscord(**(marker.kwargs if marker is not None else {}))
    await server.start()
    try:
        yield server
    finally:
        await server.stop()
    await asyncio.sleep(0)
    current = asyncio.current_task()
    leaked = [t for t in asyncio.all_tasks() if t is not current and not t.done()]
    assert not leaked, f"tasks left running: {leaked}"
    assert not server.rejections, "unexpected rejections:\n" + "\n".join(
        f"{r.route} -> {r.status} {r.code}: {r.reason}" for r in server.rejections
    )


@pytest.fixture
def discord_endpoints(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> FakeDiscord:
    """Point discord.py's two hard-coded endpoints at the fake (restored afterwards)."""
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url)
    )
    return fake


@contextlib.asynccontextmanager
async def running_bot(
    bot: commands.Bot, token: str, *, ready_timeout: float = 5.0
) -> AsyncIterator[commands.Bot]:
    """Start ``bot`` against the fake, wait until it is ready, and close it afterwards."""
    async with bot:  # runs the async setup, so wait_until_ready() is usable at once
        task = asyncio.create_task(bot.start(token), name="bot.start")
        ready = asyncio.create_task(bot.wait_until_ready(), name="bot.wait_until_ready")
        try:
            done, _ = await asyncio.wait(
                {task, ready}, timeout=ready_timeout, return_when=asyncio.FIRST_COMPLETED
            )
            if ready not in done:
                if task in done:
                    task.result()  # re-raise why start() ended
                raise TimeoutError(f"bot not ready within {ready_timeout}s")
            yield bot
        finally:
            ready.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await ready
            await bot.close()
            await task  # re-raises whatever ended start() early (a KeyError in a payload...)


@pytest.fixture
async def start_bot(discord_endpoints: FakeDiscord) -> AsyncIterator[StartBot]:
    """``bot = await start_bot(MyBot(...))``: started, ready, and closed after the test."""
    async with contextlib.AsyncExitStack() as stack:

        async def start(bot: commands.Bot, token: str | None = None) -> commands.Bot:
            return await stack.enter_async_context(
                running_bot(bot, token or discord_endpoints.token)
            )

        yield start
