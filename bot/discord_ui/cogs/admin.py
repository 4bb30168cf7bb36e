"""`/admin`: organisers run their own server's conference; the bot's owners, the deployment.

Discord shows the group only to members with Manage Server (`default_permissions`), but a
server's admins can change who sees it, so every command checks the permission again here
(`interaction_check`). What an organiser may do beyond that is decided by `AdminService`: only
the conference bound to this server, and nothing that reaches other servers (global sync,
binding to another conference, deployment details), which is for the bot's owners. Replies are
ephemeral, and every command defers first. A reload shows a preview with Apply and Cancel.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Literal, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui import admin_pages, embeds
from bot.discord_ui.autocomplete import suggest
from bot.discord_ui.layout import ADMIN as ADMIN_COLOUR
from bot.discord_ui.layout import Page
from bot.discord_ui.reload_preview import PREVIEW_TIMEOUT, ReloadPreview
from bot.discord_ui.tree import NO_MENTIONS, Interaction
from bot.discord_ui.views import Pager, send_page
from bot.errors import PermissionDeniedError, UserError
from bot.services.admin import (
    DEFAULT_EVERY,
    MAX_EVERY,
    MIN_EVERY,
    Actor,
    AdminService,
    ReloadPlan,
    Upload,
)
from bot.services.programs import MAX_PROGRAM_BYTES, LoadResult
from bot.services.reminders import MAX_BURST_THRESHOLD, MAX_MINUTES
from bot.services.tenants import NotBoundError, Tenants

log = logging.getLogger(__name__)

IsOwner = Callable[[int], Awaitable[bool]]


class CommandSync(Protocol):
    """Publishing the commands (`ConfBot` does it)."""

    async def sync_guild(self, guild_id: int, *, force: bool = False) -> list[str] | None: ...

    async def sync_global(self) -> list[str]: ...


def _reader(file: discord.Attachment | None) -> Upload | None:
    """Reads the attachment when the service asks (after its permission checks)."""
    if file is None:
        return None

    async def read() -> tuple[bytes, str]:
        if file.size > MAX_PROGRAM_BYTES:
            raise UserError(
                f"{file.filename} is {file.size // 1_048_576} MiB; programs up to "
                f"{MAX_PROGRAM_BYTES // 1_048_576} MiB are accepted."
            )
        return await file.read(), file.filename

    return read


def _check_burst_post(
    interaction: Interaction, channel: discord.TextChannel, role: discord.Role
) -> None:
    """Refuse, saying why, a channel the bot cannot post in or a role it cannot give (Discord
    would refuse every press of the button, or the post, when it is too late to fix)."""
    command = "/admin burst-post set"
    guild = interaction.guild
    if guild is None or channel.guild.id != guild.id or role.guild.id != guild.id:
        raise UserError(f"{command}: choose a channel and a role of this server.")
    me = guild.me
    posting = channel.permissions_for(me)
    if not (posting.view_channel and posting.send_messages and posting.embed_links):
        raise UserError(
            f"{command} channel: I cannot post in {channel.mention}; give me View Channel, "
            "Send Messages and Embed Links there."
        )
    if role.is_default() or role.managed:
        raise UserError(f"{command} role: {role.mention} cannot be given to members; pick another.")
    if not me.guild_permissions.manage_roles:
        raise UserError(
            f"{command} role: I need the Manage Roles permission to give members {role.mention}."
        )
    if role >= me.top_role:
        raise UserError(
            f"{command} role: {role.mention} is not below my highest role ({me.top_role.mention}); "
            "move my role above it in Server Settings → Roles."
        )


class AdminCog(commands.Cog, name="Admin"):
    admin = app_commands.Group(
        name="admin",
        description="Organiser tools: this server's conference, its program and reminders",
        default_permissions=discord.Permissions(manage_guild=True),
        guild_only=True,
        allowed_contexts=app_commands.AppCommandContext(guild=True),
    )

    def __init__(
        self,
        admin: AdminService,
        tenants: Tenants,
        pager: Pager,
        *,
        is_owner: IsOwner,
        sync: CommandSync,
        preview_timeout: float = PREVIEW_TIMEOUT,
    ) -> None:
        self._admin = admin
        self._tenants = tenants
        self._pager = pager
        self._is_owner = is_owner
        self._sync = sync
        self.preview_timeout = preview_timeout

    async def interaction_check(self, interaction: Interaction, /) -> bool:
        """The server-side half of `default_permissions`: Manage Server, in a guild."""
        if interaction.guild_id is not None and interaction.permissions.manage_guild:
            return True
        raise app_commands.MissingPermissions(["manage_guild"])

    async def _actor(self, interaction: Interaction) -> Actor:
        return Actor(
            user_id=interaction.user.id,
            guild_id=interaction.guild_id,
            manages_guild=interaction.permissions.manage_guild,
            is_owner=await self._is_owner(interaction.user.id),
        )

    async def _chair_names(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        tenant = self._tenants.for_guild(interaction.guild_id)
        if tenant is None:
            return []
        return suggest(await tenant.runner(), "author", "name", current)

    # -- the program ---------------------------------------------------------------------------

    @admin.command(name="reload", description="Preview, then apply, a new program for this server")
    @app_commands.describe(
        file=(
            "Program text or web page, spreadsheet, pretalx JSON or frab XML"
            " (default: configured file)"
        )
    )
    async def reload(
        self, interaction: Interaction, file: discord.Attachment | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = await self._actor(interaction)
        try:
            plan = await self._admin.prepare_reload(actor, _reader(file))
        except (NotBoundError, PermissionDeniedError):
            raise  # the tree's error path says what to do
        except UserError as error:
            # A program that does not parse (or cannot be stored) changes nothing.
            log.info("reload by user %s failed: %s", interaction.user.id, type(error).__name__)
            await send_page(interaction, embeds.reload_failed_page(error), ephemeral=True)
            return
        await self._preview(interaction, actor, plan)

    @admin.command(
        name="rollback", description="Preview, then restore, the program before the last change"
    )
    async def rollback(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = await self._actor(interaction)
        plan = await self._admin.prepare_rollback(actor)
        await self._preview(interaction, actor, plan)

    async def _preview(self, interaction: Interaction, actor: Actor, plan: ReloadPlan) -> None:
        async def apply(pressed: Interaction, chosen: ReloadPlan) -> LoadResult:
            return await self._admin.apply(await self._actor(pressed), chosen)

        async def drop(chosen: ReloadPlan, why: str) -> None:
            await self._admin.drop(actor, chosen, why)

        async def send_pages(pressed: Interaction, pages: list[Page]) -> None:
            await self._pager.send(pressed, pages, ephemeral=True)

        view = ReloadPreview(
            plan,
            interaction.user.id,
            apply=apply,
            drop=drop,
            send_pages=send_pages,
            timeout=self.preview_timeout,
        )
        self._pager.track(view)
        view.message = await interaction.followup.send(
            embeds=list(admin_pages.preview_summary(plan)),
            view=view,
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
            wait=True,
        )
        details = admin_pages.preview_details(plan)
        if details:
            await self._pager.send(interaction, details, ephemeral=True)

    @admin.command(
        name="setup", description="Give this server its own conference (upload its program)"
    )
    @app_commands.describe(
        file="The program: text, pretalx schedule.json, frab XML or .ics",
        name="The conference's name, if the file does not say",
        timezone="IANA time zone, e.g. Europe/Amsterdam, if the file does not say",
        year="The year, if the file does not say",
        conference="Bot owners only: bind this server to an existing conference by its slug",
    )
    async def setup(
        self,
        interaction: Interaction,
        file: discord.Attachment | None = None,
        name: str | None = None,
        timezone: str | None = None,
        year: app_commands.Range[int, 1990, 2100] | None = None,
        conference: str | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = await self._actor(interaction)
        binding, result = await self._admin.setup(
            actor,
            upload=_reader(file) if conference is None else None,
            conference=conference,
            name=name,
            timezone=timezone,
            year=year,
        )
        status = await self._tenants.tenant(binding.conference).programs.status()
        await self._pager.send(
            interaction,
            admin_pages.setup_pages(binding, result, status.conference),
            ephemeral=True,
        )

    @admin.command(name="status", description="This server's conference: program and counts")
    async def status(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        answer = await self._admin.status(await self._actor(interaction))
        await send_page(interaction, admin_pages.status_page(answer), ephemeral=True)

    @admin.command(name="source", description="Watch the program's web address; reload on change")
    @app_commands.describe(
        url="The program page or export (https://…), or off to stop watching",
        every=f"Minutes between fetches ({MIN_EVERY} to {MAX_EVERY}, default {DEFAULT_EVERY})",
        channel="Where to tell organisers when the page stops working (default: status only)",
    )
    async def source(
        self,
        interaction: Interaction,
        url: app_commands.Range[str, 1, 2000],
        every: app_commands.Range[int, MIN_EVERY, MAX_EVERY] = DEFAULT_EVERY,
        channel: discord.TextChannel | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = await self._actor(interaction)
        if url.strip().lower() == "off":
            stopped = await self._admin.stop_source(actor)
            text = "Stopped watching the program URL; the program loaded stays."
            page = embeds.notice_page(
                text if stopped else "No program URL was watched.", ADMIN_COLOUR
            )
            await send_page(interaction, page, ephemeral=True)
            return
        if channel is not None and channel.guild.id != interaction.guild_id:
            raise UserError("/admin source channel: choose a channel of this server.")
        source = await self._admin.set_source(
            actor, url, every, channel.id if channel is not None else None
        )
        what = "The bot fetches the program now, then every few minutes; a change reloads it."
        await send_page(interaction, embeds.source_page(source, what), ephemeral=True)

    @admin.command(name="history", description="The latest admin actions in this server")
    async def history(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        actions = await self._admin.history(await self._actor(interaction))
        await self._pager.send(interaction, admin_pages.history_pages(actions), ephemeral=True)

    @admin.command(name="sync", description="Publish the slash commands to this server (or all)")
    @app_commands.describe(
        scope="guild: this server, at once; global: every server (bot owners only)"
    )
    async def sync(
        self, interaction: Interaction, scope: Literal["guild", "global"] = "guild"
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = await self._actor(interaction)
        if scope == "global":
            await self._admin.authorize_global_sync(actor)
        try:
            if scope == "global":
                names = await self._sync.sync_global()
                where = "globally"
            else:
                assert interaction.guild_id is not None  # guild_only, and interaction_check
                names = await self._sync.sync_guild(interaction.guild_id, force=True) or []
                where = "to this server"
        except discord.HTTPException as error:
            log.warning(
                "user %s: Discord refused the %s sync: %s", interaction.user.id, scope, error
            )
            reason = " ".join(str(error).split())
            await send_page(interaction, embeds.sync_failed_page(reason), ephemeral=True)
            return
        log.info("user %s synced %d commands %s", interaction.user.id, len(names), where)
        await self._admin.record_sync(actor, scope, names)
        await send_page(interaction, embeds.sync_page(where, names), ephemeral=True)

    # -- announcements and chair reminders ---------------------------------------------------

    announce = app_commands.Group(
        name="announce",
        description="Post every session in a channel before it starts",
        parent=admin,
    )
    chair_reminders = app_commands.Group(
        name="chair-reminders",
        description="DM linked chairs and speakers before their sessions",
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
        if channel.guild.id != interaction.guild_id or (
            role is not None and role.guild.id != interaction.guild_id
        ):
            raise UserError("Choose a channel and role of this server.")
        settings = await self._admin.set_announcements(
            await self._actor(interaction), channel.id, minutes_before, role.id if role else None
        )
        await send_page(
            interaction,
            embeds.guild_settings_page(settings, "Announcements are on."),
            ephemeral=True,
        )

    @announce.command(name="off", description="Stop announcing sessions")
    async def announce_off(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        settings = await self._admin.set_announcements(await self._actor(interaction), None)
        await send_page(
            interaction,
            embeds.guild_settings_page(settings, "Announcements are off."),
            ephemeral=True,
        )

    # -- the burst post: a role ping instead of many DMs ------------------------------------

    burst_post = app_commands.Group(
        name="burst-post",
        description="Above a burst size, ping a role in a channel instead of DMing who opts in",
        parent=admin,
    )

    @burst_post.command(name="set", description="Ping a role instead of DMs in large bursts")
    @app_commands.describe(
        threshold=(
            "Above this many DM reminders due together for a session, opted-in members get "
            "the ping instead"
        ),
        channel="Where the one post pinging the role goes",
        role="The role members opt in to with the button on /remind (the bot gives it)",
    )
    async def burst_post_set(
        self,
        interaction: Interaction,
        threshold: app_commands.Range[int, 1, MAX_BURST_THRESHOLD],
        channel: discord.TextChannel,
        role: discord.Role,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        _check_burst_post(interaction, channel, role)
        settings = await self._admin.set_burst_post(
            await self._actor(interaction), threshold, channel.id, role.id
        )
        await send_page(
            interaction,
            embeds.guild_settings_page(settings, "The burst post is on."),
            ephemeral=True,
        )

    @burst_post.command(name="off", description="DM every reminder, however large the burst")
    async def burst_post_off(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        settings = await self._admin.set_burst_post(await self._actor(interaction), None)
        await send_page(
            interaction,
            embeds.guild_settings_page(settings, "The burst post is off."),
            ephemeral=True,
        )

    @chair_reminders.command(
        name="on", description="DM each linked chair and speaker before their sessions"
    )
    @app_commands.describe(
        minutes_before=f"How long before each session (0 to {MAX_MINUTES}, default 15)"
    )
    async def chairs_on(
        self,
        interaction: Interaction,
        minutes_before: app_commands.Range[int, 0, MAX_MINUTES] = 15,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        settings = await self._admin.set_chair_reminders(
            await self._actor(interaction), minutes_before
        )
        await send_page(
            interaction,
            embeds.guild_settings_page(settings, "Chair reminders are on."),
            ephemeral=True,
        )

    @chair_reminders.command(name="off", description="Stop reminding chairs and speakers")
    async def chairs_off(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        settings = await self._admin.set_chair_reminders(await self._actor(interaction), None)
        await send_page(
            interaction,
            embeds.guild_settings_page(settings, "Chair reminders are off."),
            ephemeral=True,
        )

    @admin.command(name="link", description="Link an author or chair to a member of this server")
    @app_commands.describe(
        person="The person's name as the program prints it", member="The member who is that person"
    )
    @app_commands.autocomplete(person=_chair_names)
    async def link(self, interaction: Interaction, person: str, member: discord.Member) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        link, settings = await self._admin.link_person(
            await self._actor(interaction), person, member.id
        )
        await send_page(
            interaction,
            embeds.guild_settings_page(settings, f"{link.name} is linked to {member.mention}."),
            ephemeral=True,
        )
