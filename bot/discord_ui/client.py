"""The bot: a `commands.Bot` with the command tree, the two cogs and the page buttons.

Start-up happens in `setup_hook` (run once, during login, before the gateway connects): the
cogs are added explicitly, the persistent "expired pages" view is registered, and the commands
are synced to the dev guild if they changed. `on_ready` does nothing but log, since it fires
again on every reconnect.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from bot.discord_ui import sync
from bot.discord_ui.cogs.admin import AdminCog
from bot.discord_ui.cogs.queries import QueriesCog
from bot.discord_ui.deps import BotApp
from bot.discord_ui.tree import NO_MENTIONS, ConfTree
from bot.discord_ui.views import PAGE_TIMEOUT, ExpiredPages, Pager

log = logging.getLogger(__name__)


def bot_intents() -> discord.Intents:
    """The default intents without the privileged ones: nothing to enable in the portal."""
    intents = discord.Intents.default()
    intents.members = False
    intents.presences = False
    intents.message_content = False
    return intents


class ConfBot(commands.Bot):
    """The conference bot. `app` holds the services (built by `bot.app.open_app`)."""

    def __init__(
        self,
        app: BotApp,
        *,
        sync_on_start: bool = True,
        page_timeout: float = PAGE_TIMEOUT,
        **options: Any,
    ) -> None:
        # The bot never joins a voice channel: no warnings about the voice libraries missing.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=bot_intents(),
            allowed_mentions=NO_MENTIONS,
            tree_cls=ConfTree,
            **options,
        )
        self.app = app
        self.pager = Pager(page_timeout)
        self.sync_on_start = sync_on_start

    async def setup_hook(self) -> None:
        await self.add_cog(QueriesCog(self.app.runner, self.pager))
        await self.add_cog(AdminCog(self))
        self.add_view(ExpiredPages())
        if self.sync_on_start and (guild_id := self.app.settings.discord_guild_id) is not None:
            await self.sync_guild(guild_id)

    async def sync_guild(self, guild_id: int, *, force: bool = False) -> list[str] | None:
        """Sync to one guild if the commands changed (or `force`); None when unchanged.

        A refusal is logged rather than raised at start-up: the bot still answers whatever
        commands Discord already has.
        """
        try:
            return await sync.sync_guild(
                self.tree, self.app.store, guild_id, self.application_id, force=force
            )
        except discord.HTTPException as error:
            if force:
                raise
            log.error(
                "could not sync the commands to guild %s (%s); is the bot in that guild, "
                "invited with the applications.commands scope?",
                guild_id,
                error,
            )
            return None

    async def sync_global(self) -> list[str]:
        return await sync.sync_global(self.tree)

    async def on_ready(self) -> None:
        assert self.user is not None
        log.info("connected as %s (id %s) to %d guilds", self.user, self.user.id, len(self.guilds))

    async def close(self) -> None:
        self.pager.stop_all()
        await super().close()
