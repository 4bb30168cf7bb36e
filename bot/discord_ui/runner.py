"""Running the bot in the foreground (`python -m bot run`) and syncing its commands
(`python -m bot sync [--global]`).

Both point discord.py at `DISCORD_API_BASE` and `DISCORD_GATEWAY_URL` first (Discord's own by
default; the loopback fake in tests), build the application with `open_app`, and turn the
failures an operator can fix (a wrong token, refused intents, Discord unreachable) into one line
on stderr and exit code 1 instead of a traceback. SIGTERM and SIGINT close the connection to
Discord and return 0 within STOP_GRACE seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
import sys
from collections.abc import Callable
from typing import Any

import aiohttp
import discord
import discord.gateway
import discord.http
import yarl

from bot.discord_ui.client import ConfBot
from bot.discord_ui.deps import BotSettings, OpenApp, SettingsT
from bot.errors import ConfigError
from bot.exitcodes import EXIT_FAILURE, EXIT_OK, EXIT_USAGE
from bot.model import ChangeReport

log = logging.getLogger(__name__)

STOP_GRACE = 8.0
"""Seconds a signal gives Discord to confirm the close before the bot stops regardless."""


def point_at(settings: BotSettings) -> None:
    """Send every REST call and the gateway connection where the settings say."""
    discord.http.Route.BASE = settings.discord_api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


def keep_out_of_gc() -> None:
    """Take everything alive now (modules, the program and its search index) out of the
    cyclic garbage collector's sight. With a NeurIPS-sized program a full collection otherwise
    walks some 400,000 long-lived objects and stalls every answer for about 0.3 s."""
    gc.collect()
    gc.freeze()


async def _refreeze(report: ChangeReport) -> None:
    """After a reload: release the old catalog to the collector, then keep out the new one."""
    gc.unfreeze()
    keep_out_of_gc()


def failure_line(error: BaseException) -> str | None:
    """One line for a failure the operator can fix, or None for a bug (shown in full)."""
    match error:
        case discord.LoginFailure():
            return (
                "error: Discord rejected the bot token in DISCORD_TOKEN; copy it again from "
                "the Developer Portal (your application → Bot → Reset Token)."
            )
        case discord.PrivilegedIntentsRequired():
            return (
                "error: Discord refused the gateway intents: this application requires "
                "privileged intents that confbot does not use; check that DISCORD_TOKEN is "
                "confbot's own token."
            )
        case discord.ConnectionClosed():
            return f"error: Discord closed the gateway connection (code {error.code})."
        case discord.HTTPException():
            return "error: " + " ".join(str(error).split())
        case discord.GatewayNotFound() | aiohttp.ClientError() | OSError():
            reason = " ".join(str(error).split()) or type(error).__name__
            return f"error: cannot reach Discord: {reason}"
    return None


def _report(error: BaseException) -> int:
    line = failure_line(error)
    if line is None:
        raise error
    print(line, file=sys.stderr)
    return EXIT_FAILURE


def _install_signal_handlers(
    loop: asyncio.AbstractEventLoop, on_signal: Callable[[str], None]
) -> list[signal.Signals]:
    installed = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, on_signal, sig.name)
        except (NotImplementedError, RuntimeError, ValueError):  # not the main thread/Unix
            continue
        installed.append(sig)
    return installed


async def serve(bot: ConfBot, token: str) -> int:
    """Run `bot` until it fails or a signal stops it; the exit code."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()

    def on_signal(name: str) -> None:
        log.info("%s received: disconnecting from Discord", name)
        stop.set()

    installed = _install_signal_handlers(loop, on_signal)
    start = asyncio.create_task(bot.start(token), name="confbot.start")
    stopped = asyncio.create_task(stop.wait(), name="confbot.wait-for-signal")
    try:
        await asyncio.wait({start, stopped}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopped.cancel()
        await asyncio.gather(stopped, return_exceptions=True)
        for sig in installed:
            loop.remove_signal_handler(sig)
        await _close(bot, start)
    if start.cancelled():
        return EXIT_OK
    error = start.exception()
    return EXIT_OK if error is None else _report(error)


async def _close(bot: ConfBot, start: asyncio.Task[None]) -> None:
    """Close the connection; give Discord STOP_GRACE seconds to confirm, then stop anyway."""
    closing = asyncio.ensure_future(bot.close())
    done, _ = await asyncio.wait({closing}, timeout=STOP_GRACE)
    if not done:
        log.warning("Discord did not confirm the close within %.0f s; stopping anyway", STOP_GRACE)
        closing.cancel()
    if not start.done():
        _, pending = await asyncio.wait({start}, timeout=1.0)
        for task in pending:
            task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.gather(closing, start, return_exceptions=True)


async def run_bot(settings: SettingsT, open_app: OpenApp[SettingsT], **bot_options: Any) -> int:
    """`python -m bot run`: the bot in the foreground until SIGTERM/SIGINT; the exit code."""
    point_at(settings)
    async with open_app(settings) as app:
        keep_out_of_gc()
        app.tenants.on_reload(_refreeze)
        # Catalogs are built on first use and dropped when idle: each new one is kept out of
        # the collector's sight at once (they hold no reference cycles, so dropping one frees
        # it all the same), or a full collection walks every conference's catalog.
        app.tenants.on_catalog_built(gc.freeze)
        bot = ConfBot(app, **shard_options(settings), **bot_options)
        return await serve(bot, settings.discord_token.get_secret_value())


def shard_options(settings: BotSettings) -> dict[str, Any]:
    """SHARD_COUNT with one SHARD_IDS entry: this process is that shard of the bot, and
    answers the interactions of its guilds (Discord routes them by shard). Several processes,
    one shard each, share the database; the scheduler sends channel messages only for its own
    shard's guilds and DMs for anyone."""
    count, ids = settings.shard_count, settings.shard_ids
    if not count:
        return {}
    if not ids or len(ids) != 1:
        raise ConfigError(
            "SHARD_IDS must name exactly one shard for this process (run one process per "
            f"shard), e.g. SHARD_COUNT={count} SHARD_IDS=0"
        )
    if not 0 <= ids[0] < count:
        raise ConfigError(f"SHARD_IDS {ids[0]} is not below SHARD_COUNT {count}")
    return {"shard_id": ids[0], "shard_count": count}


async def sync_commands(
    settings: SettingsT, open_app: OpenApp[SettingsT], *, everywhere: bool = False
) -> int:
    """`python -m bot sync [--global]`: log in over REST only (no gateway), sync, print what."""
    guild_id = settings.discord_guild_id
    if not everywhere and guild_id is None:
        print(
            "error: set DISCORD_GUILD_ID to sync to your server, or pass --global",
            file=sys.stderr,
        )
        return EXIT_USAGE
    point_at(settings)
    async with open_app(settings) as app:
        bot = ConfBot(app, sync_on_start=False)
        try:
            async with bot:
                await bot.login(settings.discord_token.get_secret_value())
                if everywhere:
                    names, where = await bot.sync_global(), "globally"
                else:
                    assert guild_id is not None
                    names = await bot.sync_guild(guild_id, force=True) or []
                    where = f"to guild {guild_id}"
        except (discord.DiscordException, aiohttp.ClientError, OSError) as error:
            return _report(error)
    listed = ", ".join(f"/{name}" for name in names) or "none"
    print(f"Synced {len(names)} commands {where}: {listed}")
    return EXIT_OK
