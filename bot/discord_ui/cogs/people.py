"""`/me`: where a member is on, once they are linked to an author or chair of the program.

`/me show` lists what the linked people present and chair; `/me claim` asks the organisers,
in the server's announcement channel (there is no separate organisers' channel; without one,
the channel the claim was made in), with Approve and Reject buttons; `/me reminders` turns the
member's automatic chair and talk reminders on or off. The buttons are dynamic items: their
custom id carries the claim, so they work after a restart, and only organisers may press them
(checked here, and again by `AdminService`). Replies are ephemeral.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui import embeds
from bot.discord_ui.autocomplete import suggest
from bot.discord_ui.delivery import DirectMessages
from bot.discord_ui.layout import INFO
from bot.discord_ui.tree import NO_MENTIONS, Interaction, answer_error
from bot.discord_ui.views import Pager, send_page
from bot.services.admin import Actor, AdminService
from bot.services.tenants import Tenant, Tenants

log = logging.getLogger(__name__)

CLAIM_TEMPLATE = r"confbot:claim:(?P<action>approve|reject):(?P<id>[0-9]+)"
APPROVE, REJECT = "approve", "reject"


def claim_custom_id(action: str, claim_id: int) -> str:
    return f"confbot:claim:{action}:{claim_id}"


class ClaimButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=CLAIM_TEMPLATE
):
    """Approve or Reject one claim. The claim is in the custom id, so a press after a
    restart is handled like any other: by the running bot's `PeopleCog`."""

    def __init__(self, action: str, claim_id: int) -> None:
        approve = action == APPROVE
        super().__init__(
            discord.ui.Button(
                label="Approve" if approve else "Reject",
                style=discord.ButtonStyle.success if approve else discord.ButtonStyle.danger,
                custom_id=claim_custom_id(action, claim_id),
            )
        )
        self.action = action
        self.claim_id = claim_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ClaimButton:
        return cls(match["action"], int(match["id"]))

    async def callback(self, interaction: Interaction) -> None:
        client = interaction.client
        cog = client.get_cog(PeopleCog.__cog_name__) if isinstance(client, commands.Bot) else None
        try:
            if not isinstance(cog, PeopleCog):
                raise RuntimeError("the People cog is not loaded")
            await cog.decide(interaction, self.claim_id, self.action == APPROVE)
        except Exception as error:  # one error path, as for commands
            await answer_error(interaction, error)


class PeopleCog(commands.Cog, name="People"):
    me = app_commands.Group(
        name="me",
        description="Where you are on: what you present and chair",
        guild_only=True,
        allowed_contexts=app_commands.AppCommandContext(guild=True),
    )

    def __init__(
        self,
        tenants: Tenants,
        admin: AdminService,
        pager: Pager,
        dms: DirectMessages,
        *,
        is_owner: Callable[[int], Awaitable[bool]],
    ) -> None:
        self._tenants = tenants
        self._admin = admin
        self._pager = pager
        self._dms = dms
        self._is_owner = is_owner

    def _tenant(self, interaction: Interaction) -> Tenant:
        return self._tenants.require(
            interaction.guild_id, organiser=interaction.permissions.manage_guild
        )

    async def _names(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        tenant = self._tenants.for_guild(interaction.guild_id)
        if tenant is None:
            return []
        return suggest(await tenant.runner(), "author", "name", current)

    @me.command(name="show", description="What you present and chair, with times and rooms")
    async def show(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert interaction.guild_id is not None
        answer = await self._tenant(interaction).people.me(
            interaction.guild_id, interaction.user.id
        )
        await self._pager.send(interaction, embeds.me_pages(answer), ephemeral=True)

    @me.command(name="claim", description="Say which author or chair you are (organisers confirm)")
    @app_commands.describe(name="Your name as the program prints it")
    @app_commands.autocomplete(name=_names)
    async def claim(self, interaction: Interaction, name: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert interaction.guild_id is not None
        tenant = self._tenant(interaction)
        claim = await tenant.people.claim(interaction.guild_id, interaction.user.id, name)
        settings = await tenant.reminders.guild_settings(interaction.guild_id)
        channel_id = settings.announce_channel_id or interaction.channel_id
        assert channel_id is not None
        channel = self._channel(interaction, channel_id)
        view = discord.ui.View(timeout=None)
        view.add_item(ClaimButton(APPROVE, claim.id))
        view.add_item(ClaimButton(REJECT, claim.id))
        await channel.send(
            embeds=list(embeds.claim_request_page(claim)), view=view, allowed_mentions=NO_MENTIONS
        )
        log.info("claim %d by user %s sent to channel %s", claim.id, claim.user_id, channel_id)
        await send_page(
            interaction,
            embeds.notice_page(embeds.claim_answer_text(claim), INFO),
            ephemeral=True,
        )

    @staticmethod
    def _channel(interaction: Interaction, channel_id: int) -> discord.abc.Messageable:
        guild = interaction.guild
        found = guild.get_channel(channel_id) if guild is not None else None
        if isinstance(found, discord.abc.Messageable):
            return found
        return interaction.client.get_partial_messageable(
            channel_id, guild_id=interaction.guild_id, type=discord.ChannelType.text
        )

    @me.command(name="reminders", description="Turn your chair and talk reminders on or off")
    @app_commands.describe(state="on or off")
    async def reminders(self, interaction: Interaction, state: Literal["on", "off"]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert interaction.guild_id is not None
        answer = await self._tenant(interaction).people.set_reminders(
            interaction.guild_id, interaction.user.id, state == "on"
        )
        await self._pager.send(interaction, embeds.me_pages(answer)[:1], ephemeral=True)

    async def decide(self, interaction: Interaction, claim_id: int, approve: bool) -> None:
        """Approve or Reject pressed: organisers only; the request is edited to the outcome,
        and the claimant told by DM."""
        if interaction.guild_id is None or not interaction.permissions.manage_guild:
            raise app_commands.MissingPermissions(["manage_guild"])
        actor = Actor(
            user_id=interaction.user.id,
            guild_id=interaction.guild_id,
            manages_guild=interaction.permissions.manage_guild,
            is_owner=await self._is_owner(interaction.user.id),
        )
        claim = await self._admin.decide_claim(actor, claim_id, approve)
        await interaction.response.edit_message(
            embeds=list(embeds.claim_decided_page(claim)), view=None
        )
        try:
            await self._dms.send(
                claim.user_id,
                embeds=list(embeds.notice_page(embeds.claim_answer_text(claim), INFO)),
                allowed_mentions=NO_MENTIONS,
            )
        except discord.HTTPException as error:
            log.info("could not tell user %s about claim %d: %s", claim.user_id, claim.id, error)
