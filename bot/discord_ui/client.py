"""The bot: a `commands.Bot` with the command tree, the cogs, the page buttons, and the
loops that deliver reminders and watch program URLs.

Start-up happens in `setup_hook` (run once, during login, before the gateway connects): the
cogs are added explicitly, the persistent "expired pages" view is registered, and the commands
are synced to the dev guild if they changed. `on_ready` does nothing but log, since it fires
again on every reconnect.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord
from discord.ext import commands

from bot.discord_ui import embeds, sync
from bot.discord_ui.cogs.admin import AdminCog
from bot.discord_ui.cogs.agenda import AgendaCog
from bot.discord_ui.cogs.people import ClaimButton, PeopleCog
from bot.discord_ui.cogs.queries import QueriesCog
from bot.discord_ui.cogs.reminders import RemindersCog
from bot.discord_ui.delivery import DirectMessages, DiscordDeliverer
from bot.discord_ui.deps import BotApp
from bot.discord_ui.ratelimits import budget_trace, quiet_discord_rate_limit_logs
from bot.discord_ui.reload_preview import PREVIEW_TIMEOUT, ExpiredPreview
from bot.discord_ui.tree import NO_MENTIONS, ConfTree
from bot.discord_ui.views import (
    PAGE_TIMEOUT,
    AgendaButton,
    ExpiredPages,
    Pager,
    RolePingButton,
)
from bot.model import ChangeReport
from bot.services.programs import REFRESH_SECONDS
from bot.services.scheduler import Scheduler
from bot.services.watch import SourceAlert, SourceWatcher

log = logging.getLogger(__name__)

SCHEDULER_GRACE = 5.0  # seconds the delivery loop gets to finish its sends on close
WATCH_IDLE = 60.0  # the longest the watch loop sleeps (a source configured elsewhere shows up)


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
        preview_timeout: float = PREVIEW_TIMEOUT,
        **options: Any,
    ) -> None:
        # The bot never joins a voice channel: no warnings about the voice libraries missing.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        # Every REST request takes its turn from the app's one budget (bot.services.pacing).
        budget = getattr(app, "budget", None)
        if budget is not None:
            options.setdefault("http_trace", budget_trace(budget))
            quiet_discord_rate_limit_logs()
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
        self.scheduler: Scheduler | None = None
        self.dms = DirectMessages(self, app.dm_channels)
        self.preview_timeout = preview_timeout
        self._scheduler_task: asyncio.Task[None] | None = None
        self._refresh_task: asyncio.Task[None] | None = None
        self._watch_task: asyncio.Task[None] | None = None
        self._owners: frozenset[int] | None = None

    async def setup_hook(self) -> None:
        if isinstance(self.tree, ConfTree):
            self.tree.observer = self.app.metrics
        tenants = self.app.tenants
        await self.add_cog(QueriesCog(tenants, self.pager))
        await self.add_cog(
            AdminCog(
                self.app.admin,
                tenants,
                self.pager,
                is_owner=self.is_bot_owner,
                sync=self,
                preview_timeout=self.preview_timeout,
            )
        )
        await self.add_cog(RemindersCog(tenants, self.pager, self.dms))
        self.add_dynamic_items(RolePingButton)  # Ping me … instead, across restarts
        await self.add_cog(AgendaCog(tenants, self.pager))
        self.add_dynamic_items(AgendaButton)
        people = PeopleCog(
            tenants, self.app.admin, self.pager, self.dms, is_owner=self.is_bot_owner
        )
        await self.add_cog(people)
        self.add_dynamic_items(ClaimButton)  # Approve/Reject, across restarts
        self.scheduler = self.app.make_scheduler(DiscordDeliverer(self, self.dms))
        if self.scheduler is not None:
            self._scheduler_task = asyncio.create_task(self._deliver_when_ready())
            self._refresh_task = asyncio.create_task(self._follow_other_processes())
            # What a running bot does besides answering: tell reloads, watch program URLs.
            tenants.on_reload(self.announce_changes)
            watcher = getattr(self.app, "watcher", None)
            if watcher is not None:
                watcher.on_alert(self.tell_organisers)
                self._watch_task = asyncio.create_task(self._watch_sources(watcher))
        self.add_view(ExpiredPages())
        self.add_view(ExpiredPreview())
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

    async def is_bot_owner(self, user_id: int) -> bool:
        """The application's owner, or its team's admins and developers, as Discord reports
        them, plus OWNER_IDS. Asked of Discord once, then remembered."""
        if self._owners is None:
            owners = set(self.app.settings.owner_ids)
            info = await self.application_info()
            if info.team is not None:
                if info.team.owner_id:
                    owners.add(info.team.owner_id)
                entitled = (discord.TeamMemberRole.admin, discord.TeamMemberRole.developer)
                owners.update(m.id for m in info.team.members if m.role in entitled)
            else:
                owners.add(info.owner.id)
            self._owners = frozenset(owners)
        return user_id in self._owners

    async def on_app_command_completion(
        self, interaction: discord.Interaction, command: object
    ) -> None:
        tree = self.tree
        if isinstance(tree, ConfTree):
            tree.observe(interaction, "ok")

    async def on_connect(self) -> None:
        self._gateway(True)

    async def on_resumed(self) -> None:
        self._gateway(True)

    async def on_disconnect(self) -> None:
        self._gateway(False)

    def _gateway(self, connected: bool) -> None:
        self.app.metrics.gateway(connected)

    async def on_ready(self) -> None:
        assert self.user is not None
        log.info("connected as %s (id %s) to %d guilds", self.user, self.user.id, len(self.guilds))

    async def _follow_other_processes(self) -> None:
        """Pick up programs and bindings changed through another bot process sharing the
        database, and drop the catalogs of conferences nobody asked about for a while."""
        while not self.is_closed():
            await asyncio.sleep(REFRESH_SECONDS)
            try:
                self.app.tenants.evict_idle()
                if await self.app.tenants.refresh() and self.scheduler is not None:
                    self.scheduler.wake()
            except Exception:
                log.exception("could not check the stored programs; trying again later")

    async def _watch_sources(self, watcher: SourceWatcher) -> None:
        """Poll the watched program URLs as they fall due, once the gateway is up."""
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                await watcher.poll_due()
                wait = await watcher.next_due()
            except Exception:
                log.exception("could not poll the program sources; trying again later")
                wait = WATCH_IDLE
            await watcher.sleep(WATCH_IDLE if wait is None else min(max(wait, 1.0), WATCH_IDLE))

    async def announce_changes(self, report: ChangeReport) -> None:
        """After a reload that changed sessions: one message in each bound server's
        announcement channel (when announcements are on), saying what changed."""
        tenant = self.app.tenants.tenant(report.conference)
        catalog = await tenant.programs.catalog()
        message = embeds.change_announcement(
            report, catalog.program.conference.name, catalog.zone_name
        )
        if message is None:
            return
        for guild_id in self.app.tenants.guilds_of(report.conference):
            settings = await tenant.reminders.guild_settings(guild_id)
            if settings.announce_channel_id is None:
                continue
            channel = self.get_partial_messageable(settings.announce_channel_id, guild_id=guild_id)
            try:
                await channel.send(embeds=message, allowed_mentions=NO_MENTIONS)
            except discord.HTTPException as error:
                log.warning("could not announce the changes in guild %s: %s", guild_id, error)

    async def tell_organisers(self, alert: SourceAlert) -> None:
        """A watched program URL stopped working (or works again): say so once in the
        channel organisers chose with `/admin source channel:`."""
        channel_id = alert.source.alert_channel_id
        if channel_id is None:
            return
        message = embeds.source_alert(alert, alert.source.every_minutes)
        channel = self.get_partial_messageable(channel_id)
        try:
            await channel.send(embeds=message, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException as error:
            log.warning("could not tell the organisers about the program source: %s", error)

    async def _deliver_when_ready(self) -> None:
        """Deliveries start once the gateway is up, and run until the bot closes."""
        await self.wait_until_ready()
        assert self.scheduler is not None
        log.info("delivery scheduler started")
        await self.scheduler.run()

    async def close(self) -> None:
        self.pager.stop_all()
        if self.scheduler is not None:
            await self.scheduler.stop()  # hands back claims; other processes take them
        for task in (self._refresh_task, self._watch_task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        if self._scheduler_task is not None:
            # The loop ends by itself once stopped; cancelling it mid-query would leave a
            # database connection half-used, so that is only the last resort.
            try:
                await asyncio.wait_for(asyncio.shield(self._scheduler_task), SCHEDULER_GRACE)
            except TimeoutError:
                self._scheduler_task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._scheduler_task
        await super().close()
