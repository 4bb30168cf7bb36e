"""`/admin`: reload the program, show the status, sync the commands. For organisers only.

Discord shows the group only to members with Manage Server (`default_permissions`), but a
server's admins can change who sees it, so every command checks the permission again here
(`interaction_check`); a refusal goes through the tree's error path. Replies are ephemeral,
and every command defers first: a reload parses and stores a whole program.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui import embeds
from bot.discord_ui.autocomplete import suggest
from bot.discord_ui.tree import Interaction
from bot.discord_ui.views import send_page
from bot.errors import UserError
from bot.services.programs import MAX_PROGRAM_BYTES, LoadResult
from bot.services.reminders import MAX_MINUTES

if TYPE_CHECKING:
    from bot.discord_ui.client import ConfBot

log = logging.getLogger(__name__)


async def _chair_names(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    bot = interaction.client
    runner = bot.app.runner  # type: ignore[attr-defined]
    return suggest(runner, "author", "name", current)


class AdminCog(commands.Cog, name="Admin"):
    admin = app_commands.Group(
        name="admin",
        description="Organiser tools: reload the program, status, command sync",
        default_permissions=discord.Permissions(manage_guild=True),
        guild_only=True,
        allowed_contexts=app_commands.AppCommandContext(guild=True),
    )

    def __init__(self, bot: ConfBot) -> None:
        self._bot = bot

    async def interaction_check(self, interaction: Interaction, /) -> bool:
        """The server-side half of `default_permissions`: Manage Server, in a guild."""
        if interaction.guild_id is not None and interaction.permissions.manage_guild:
            return True
        raise app_commands.MissingPermissions(["manage_guild"])

    @admin.command(name="reload", description="Reload the program from a file, else PROGRAM_PATH")
    @app_commands.describe(
        file="Program text, pretalx schedule.json or frab XML (default: the configured file)"
    )
    async def reload(
        self, interaction: Interaction, file: discord.Attachment | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        programs = self._bot.app.programs
        try:
            result = await self._load(file)
        except UserError as error:
            # A program that does not parse (or cannot be stored) changes nothing.
            log.info("reload by user %s failed: %s", interaction.user.id, type(error).__name__)
            await send_page(interaction, embeds.reload_failed_page(error), ephemeral=True)
            return
        log.info(
            "reload by user %s: %d changes, %d warnings",
            interaction.user.id,
            len(result.report.changes),
            len(result.warnings),
        )
        catalog = programs.current()
        pages = embeds.reload_pages(result, catalog.program.conference.name, catalog.zone_name)
        await self._bot.pager.send(interaction, pages, ephemeral=True)

    async def _load(self, file: discord.Attachment | None) -> LoadResult:
        programs = self._bot.app.programs
        if file is None:
            return await programs.load_file(self._bot.app.settings.program_path)
        if file.size > MAX_PROGRAM_BYTES:
            raise UserError(
                f"{file.filename} is {file.size // 1_048_576} MiB; programs up to "
                f"{MAX_PROGRAM_BYTES // 1_048_576} MiB are accepted."
            )
        data = await file.read()
        return await programs.load_bytes(data, file.filename)

    @admin.command(name="status", description="Conference, counts, database, uptime and version")
    async def status(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        status = await self._bot.app.programs.status()
        await send_page(interaction, embeds.status_page(status), ephemeral=True)

    @admin.command(name="sync", description="Publish the slash commands to this server or all")
    @app_commands.describe(
        scope="guild: this server, at once; global: every server (takes a while to show)"
    )
    async def sync(
        self, interaction: Interaction, scope: Literal["guild", "global"] = "guild"
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            if scope == "global":
                names = await self._bot.sync_global()
                where = "globally"
            else:
                assert interaction.guild_id is not None  # guild_only, and interaction_check
                names = await self._bot.sync_guild(interaction.guild_id, force=True) or []
                where = "to this server"
        except discord.HTTPException as error:
            log.warning(
                "user %s: Discord refused the %s sync: %s", interaction.user.id, scope, error
            )
            reason = " ".join(str(error).split())
            await send_page(interaction, embeds.sync_failed_page(reason), ephemeral=True)
            return
        log.info("user %s synced %d commands %s", interaction.user.id, len(names), where)
        await send_page(interaction, embeds.sync_page(where, names), ephemeral=True)

    # -- announcements and chair reminders ---------------------------------------------------

    announce = app_commands.Group(
        name="announce",
        description="Post every session in a channel before it starts",
        parent=admin,
    )
    chair_reminders = app_commands.Group(
        name="chair-reminders",
        description="DM linked session chairs before their sessions",
        parent=admin,
    )

    @announce.command(name="set", description="Announce each session in a channel")
    @app_commands.describe(
        channel="Where to post the announcements",
        minutes_before=f"How long before each session (0 to {MAX_MINUTES}, default 5)",
        role="A role to ping with each announcement (optional)",
    )
    async def announce_set(
        self,
        interaction: Interaction,
        channel: discord.TextChannel,
        minutes_before: app_commands.Range[int, 0, MAX_MINUTES] = 5,
        role: discord.Role | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert interaction.guild_id is not None
        settings = await self._bot.app.reminders.set_announcements(
            interaction.guild_id, channel.id, minutes_before, role.id if role else None
        )
        await send_page(
            interaction,
            embeds.guild_settings_page(settings, "Announcements are on."),
            ephemeral=True,
        )

    @announce.command(name="off", description="Stop announcing sessions")
    async def announce_off(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert interaction.guild_id is not None
        settings = await self._bot.app.reminders.set_announcements(interaction.guild_id, None)
        await send_page(
            interaction,
            embeds.guild_settings_page(settings, "Announcements are off."),
            ephemeral=True,
        )

    @chair_reminders.command(name="on", description="DM each linked chair before their sessions")
    @app_commands.describe(
        minutes_before=f"How long before each session (0 to {MAX_MINUTES}, default 15)"
    )
    async def chairs_on(
        self,
        interaction: Interaction,
        minutes_before: app_commands.Range[int, 0, MAX_MINUTES] = 15,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert interaction.guild_id is not None
        settings = await self._bot.app.reminders.set_chair_reminders(
            interaction.guild_id, minutes_before
        )
        await send_page(
            interaction,
            embeds.guild_settings_page(settings, "Chair reminders are on."),
            ephemeral=True,
        )

    @chair_reminders.command(name="off", description="Stop reminding chairs")
    async def chairs_off(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert interaction.guild_id is not None
        settings = await self._bot.app.reminders.set_chair_reminders(interaction.guild_id, None)
        await send_page(
            interaction,
            embeds.guild_settings_page(settings, "Chair reminders are off."),
            ephemeral=True,
        )

    @admin.command(name="link-chair", description="Link a session chair to a member of this server")
    @app_commands.describe(
        person="The chair's name as the program prints it", member="The member who is that chair"
    )
    @app_commands.autocomplete(person=_chair_names)
    async def link_chair(
        self, interaction: Interaction, person: str, member: discord.Member
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert interaction.guild_id is not None
        name = await self._bot.app.reminders.link_chair(interaction.guild_id, person, member.id)
        settings = await self._bot.app.reminders.guild_settings(interaction.guild_id)
        await send_page(
            interaction,
            embeds.guild_settings_page(settings, f"{name} is linked to {member.mention}."),
            ephemeral=True,
        )
