"""`/remind`: attendees' own reminders. Replies are ephemeral, with the time each will fire.

The handlers are thin: options go to `ReminderService`, answers to `embeds.reminders_pages`.
A DM reminder is stored and the user answered first; then, in the background, the bot sends a
short confirmation DM. If Discord refuses it because the user's DMs are closed, a second
reply says the reminder will mention them in this channel instead; any other refusal (a 429
in a busy minute) changes nothing the user was told, since the reminder is stored.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui import embeds
from bot.discord_ui.autocomplete import suggest, to_choices
from bot.discord_ui.delivery import DirectMessages
from bot.discord_ui.tree import NO_MENTIONS, Interaction
from bot.discord_ui.views import Pager, RolePingButton, fixed_view, role_ping_button
from bot.errors import UserError
from bot.model import RemindersAnswer, RolePingAnswer
from bot.services.commands import Choice
from bot.services.reminders import DEFAULT_MINUTES, MAX_MINUTES, ReminderService
from bot.services.tenants import Tenants

log = logging.getLogger(__name__)

Choices = list[app_commands.Choice[str]]
Minutes = app_commands.Range[int, 0, MAX_MINUTES]
Where = Literal["dm", "channel"]
WHEN_OPTIONS = {
    "minutes_before": f"How long before it starts (0 to {MAX_MINUTES}, default {DEFAULT_MINUTES})",
    "where": "By DM (default) or in this channel with a mention",
}
CANNOT_DM = 50007


class RemindersCog(commands.Cog, name="Reminders"):
    remind = app_commands.Group(name="remind", description="Reminders before sessions")

    def __init__(self, tenants: Tenants, pager: Pager, dms: DirectMessages) -> None:
        self._tenants = tenants
        self._pager = pager
        self._dms = dms
        self._confirmations: set[asyncio.Task[None]] = set()

    async def cog_load(self) -> None:
        RolePingButton.handler = self

    async def cog_unload(self) -> None:
        """Confirmations under way get a moment to finish, then are dropped."""
        if RolePingButton.handler is self:
            RolePingButton.handler = None
        if self._confirmations:
            _, late = await asyncio.wait(set(self._confirmations), timeout=2.0)
            for task in late:
                task.cancel()
            await asyncio.gather(*late, return_exceptions=True)

    def _service(self, interaction: Interaction) -> ReminderService:
        """The reminders of the conference this server is bound to."""
        tenant = self._tenants.require(
            interaction.guild_id, organiser=interaction.permissions.manage_guild
        )
        return tenant.reminders

    async def _lookup(self, interaction: Interaction, current: str) -> Choices:
        command = {"session": "session", "paper": "paper", "author": "author"}[
            interaction.command.name if interaction.command else "session"
        ]
        option = {"session": "query", "paper": "title", "author": "name"}[command]
        tenant = self._tenants.for_guild(interaction.guild_id)
        if tenant is None:
            return []
        return suggest(await tenant.runner(), command, option, current)

    async def _mine(self, interaction: Interaction, current: str) -> Choices:
        if self._tenants.for_guild(interaction.guild_id) is None:
            return []
        service = self._service(interaction)
        choices = await service.pending_choices(interaction.user.id, current)
        return to_choices(Choice(label, value) for label, value in choices)

    async def _add(
        self, interaction: Interaction, target: str, query: str, minutes_before: int, where: Where
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        answer = await self._service(interaction).remind(
            user_id=interaction.user.id,
            target=target,
            query=query,
            minutes_before=minutes_before,
            where=where,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
        )
        buttons = await self._role_ping_offer(interaction, answer) if where == "dm" else []
        await self._pager.send(
            interaction, embeds.reminders_pages(answer), ephemeral=True, buttons=buttons
        )
        if where == "dm" and answer.reminders:
            task = asyncio.create_task(self._confirm_by_dm(interaction, answer))
            self._confirmations.add(task)
            task.add_done_callback(self._confirmations.discard)

    async def _role_ping_offer(
        self, interaction: Interaction, answer: RemindersAnswer
    ) -> list[RolePingButton]:
        """*Ping me in #channel instead*, when the server has a burst post and this burst is
        (or may become) large. Never in the way of the reply: a failure only leaves it out."""
        try:
            offer = await self._service(interaction).role_ping_offer(answer, interaction.guild_id)
        except Exception as error:
            log.warning("could not decide on a role-ping offer: %s", type(error).__name__)
            return []
        if offer is None:
            return []
        session, settings = offer
        channel = (
            interaction.guild.get_channel(settings.burst_channel_id)
            if interaction.guild is not None and settings.burst_channel_id is not None
            else None
        )
        name = channel.name if channel is not None else "the channel"
        button = role_ping_button("on", session.id, embeds.role_ping_label(name))
        return [button] if button is not None else []

    async def role_ping_pressed(self, interaction: Interaction, action: str, session: str) -> None:
        """Give (or take back) the burst role and record the choice for this session."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        if interaction.guild_id is None:
            raise UserError("Ping me … instead works in the server the reminder was set in.")
        guild_id, user_id = interaction.guild_id, interaction.user.id
        service = self._service(interaction)
        http = interaction.client.http
        undo: list[RolePingButton] = []
        if action == "on" and await service.role_pinged(guild_id, user_id, session):
            answer = await service.opt_in_role_ping(guild_id, user_id, session)  # "already"
            button = role_ping_button("off", session, embeds.UNDO_ROLE_PING_LABEL)
            undo = [button] if button is not None else []
        elif action == "on":
            settings = await service.role_ping_target(guild_id)
            assert settings.burst_role_id is not None
            try:  # the role first: an opt-in recorded without it would ping nobody
                await http.add_role(
                    guild_id, user_id, settings.burst_role_id, reason="asked to be pinged"
                )
            except discord.HTTPException as error:
                log.info("could not give the burst role (%s)", error.code)
                raise UserError(
                    f"I could not give you <@&{settings.burst_role_id}> (Discord said: "
                    f"{error.text or error.status}); your DM reminder stands. Tell an organiser."
                ) from error
            answer = await service.opt_in_role_ping(guild_id, user_id, session)
        else:
            answer = await service.opt_out_role_ping(guild_id, user_id, session)
            await self._take_role(http, guild_id, user_id, answer)
        await interaction.followup.send(
            embeds.role_ping_text(answer),
            ephemeral=True,
            view=fixed_view(undo) or discord.utils.MISSING,
            allowed_mentions=NO_MENTIONS,
        )

    @staticmethod
    async def _take_role(
        http: discord.http.HTTPClient, guild_id: int, user_id: int, answer: RolePingAnswer
    ) -> None:
        if answer.keep_role or not answer.role_id:
            return
        try:
            await http.remove_role(guild_id, user_id, answer.role_id, reason="DMs again")
        except discord.HTTPException as error:  # the opt-in is gone: DMs again all the same
            log.info("could not take back the burst role (%s)", error.code)

    async def _confirm_by_dm(self, interaction: Interaction, answer: RemindersAnswer) -> None:
        """Send a one-line confirmation by DM; closed DMs get a second, truthful reply."""
        try:
            await self._dms.send(
                interaction.user.id,
                content=embeds.reminder_confirmation(answer),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.Forbidden as error:
            if error.code != CANNOT_DM:
                log.info("confirmation DM refused (%s); the reminder stands", error.code)
                return
            fallback = (
                "I cannot DM you (your DMs are closed to this server), so when it is time I "
                "will mention you in this channel instead."
                if interaction.guild_id is not None
                else "I cannot DM you, and there is no channel to mention you in: open your "
                "DMs or set the reminder in a server channel with where:channel."
            )
            try:
                await interaction.followup.send(
                    fallback, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
                )
            except discord.HTTPException as followup_error:
                log.info("could not tell a user their DMs are closed: %s", followup_error)
        except (discord.HTTPException, OSError, TimeoutError) as error:
            # Rate-limited or Discord unwell: the reminder is stored and the user was told so.
            log.info("confirmation DM not sent (%s); the reminder stands", error)

    @remind.command(name="session", description="Remind me before a session")
    @app_commands.describe(
        query="Session title, one of its papers, or a chair",
        **WHEN_OPTIONS,
    )
    @app_commands.autocomplete(query=_lookup)
    async def session(
        self,
        interaction: Interaction,
        query: str,
        minutes_before: Minutes = DEFAULT_MINUTES,
        where: Where = "dm",
    ) -> None:
        await self._add(interaction, "session", query, minutes_before, where)

    @remind.command(name="paper", description="Remind me before the session of a paper")
    @app_commands.describe(
        title="Paper title (part of it is enough)",
        **WHEN_OPTIONS,
    )
    @app_commands.autocomplete(title=_lookup)
    async def paper(
        self,
        interaction: Interaction,
        title: str,
        minutes_before: Minutes = DEFAULT_MINUTES,
        where: Where = "dm",
    ) -> None:
        await self._add(interaction, "paper", title, minutes_before, where)

    @remind.command(
        name="author", description="Remind me before every session a person presents or chairs"
    )
    @app_commands.describe(
        name="The person's name (typos are fine)",
        **WHEN_OPTIONS,
    )
    @app_commands.autocomplete(name=_lookup)
    async def author(
        self,
        interaction: Interaction,
        name: str,
        minutes_before: Minutes = DEFAULT_MINUTES,
        where: Where = "dm",
    ) -> None:
        await self._add(interaction, "author", name, minutes_before, where)

    @remind.command(
        name="agenda", description="Remind me before every session on my agenda, also later ones"
    )
    @app_commands.describe(
        **WHEN_OPTIONS, off="True: stop reminding my agenda (cancels the reminders it set)"
    )
    async def agenda(
        self,
        interaction: Interaction,
        minutes_before: Minutes = DEFAULT_MINUTES,
        where: Where = "dm",
        off: bool = False,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        tenant = self._tenants.require(
            interaction.guild_id, organiser=interaction.permissions.manage_guild
        )
        answer = await tenant.agenda.remind(
            interaction.user.id,
            None if off else minutes_before,
            where=where,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
        )
        await self._pager.send(interaction, embeds.reminders_pages(answer), ephemeral=True)

    @remind.command(name="list", description="My reminders and what became of them")
    async def list_(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        answer = await self._service(interaction).mine(interaction.user.id)
        await self._pager.send(interaction, embeds.reminders_pages(answer), ephemeral=True)

    @remind.command(name="cancel", description="Cancel one of my reminders, or all of them")
    @app_commands.describe(reminder="A reminder from the list, or all")
    @app_commands.autocomplete(reminder=_mine)
    async def cancel(self, interaction: Interaction, reminder: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        answer = await self._service(interaction).cancel(interaction.user.id, reminder)
        await self._pager.send(interaction, embeds.reminders_pages(answer), ephemeral=True)
