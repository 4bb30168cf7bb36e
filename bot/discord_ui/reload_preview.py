"""The Apply / Cancel buttons under a reload's preview.

Only the organiser who asked can press them. *Apply* loads the previewed program (unless it
changed meanwhile); *Cancel*, or `timeout` seconds without a press, changes nothing. Either way
the buttons go and the message says what happened.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord

from bot.discord_ui import admin_pages
from bot.discord_ui.layout import Page
from bot.discord_ui.tree import NO_MENTIONS, Interaction, answer_error
from bot.services.admin import ReloadPlan
from bot.services.programs import LoadResult

log = logging.getLogger(__name__)

PREVIEW_TIMEOUT = 600.0
APPLY_ID = "confbot:reload:apply"
CANCEL_ID = "confbot:reload:cancel"

Apply = Callable[[Interaction, ReloadPlan], Awaitable[LoadResult]]
Drop = Callable[[ReloadPlan, str], Awaitable[None]]
SendPages = Callable[[Interaction, list[Page]], Awaitable[None]]


class ReloadPreview(discord.ui.View):
    def __init__(
        self,
        plan: ReloadPlan,
        owner_id: int,
        *,
        apply: Apply,
        drop: Drop,
        send_pages: SendPages,
        timeout: float = PREVIEW_TIMEOUT,
    ) -> None:
        super().__init__(timeout=timeout)
        self.plan = plan
        self.owner_id = owner_id
        self._apply = apply
        self._drop = drop
        self._send_pages = send_pages
        self.message: discord.WebhookMessage | None = None
        self.outcome: str | None = None

    async def interaction_check(self, interaction: Interaction, /) -> bool:
        if interaction.user.id == self.owner_id:
            return True
        await interaction.response.send_message(
            "Only the organiser who asked for this preview can apply or cancel it.",
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )
        return False

    async def _close(self, interaction: Interaction | None, text: str) -> None:
        self.stop()
        page = admin_pages.preview_closed_page(text)
        if interaction is not None and not interaction.response.is_done():
            await interaction.response.edit_message(embeds=list(page), view=None)
        elif self.message is not None:
            await self.message.edit(embeds=list(page), view=None)

    @discord.ui.button(label="Apply", style=discord.ButtonStyle.danger, custom_id=APPLY_ID)
    async def apply_button(
        self, interaction: Interaction, _: discord.ui.Button[ReloadPreview]
    ) -> None:
        if self.outcome is not None:
            return
        self.outcome = "applied"
        self.stop()
        await interaction.response.edit_message(
            embeds=list(admin_pages.preview_closed_page("Applying…")), view=None
        )
        try:
            result = await self._apply(interaction, self.plan)
        except Exception:
            page = admin_pages.preview_closed_page("Not applied: nothing was changed.")
            await interaction.edit_original_response(embeds=list(page), view=None)
            raise  # the reason goes through the one error path
        await self._send_pages(interaction, admin_pages.applied_pages(self.plan, result))

    @discord.ui.button(label="Cancel", style=discord.ButtonStyle.secondary, custom_id=CANCEL_ID)
    async def cancel_button(
        self, interaction: Interaction, _: discord.ui.Button[ReloadPreview]
    ) -> None:
        if self.outcome is not None:
            return
        self.outcome = "cancelled"
        await self._drop(self.plan, "cancelled")
        await self._close(interaction, "Cancelled: nothing was changed.")

    async def on_timeout(self) -> None:
        if self.outcome is not None:
            return
        self.outcome = "timed out"
        try:
            await self._drop(self.plan, "timed out")
            await self._close(None, "This preview timed out: nothing was changed.")
        except discord.HTTPException as error:
            log.info("could not close a timed-out preview: %s", error)

    async def on_error(
        self, interaction: Interaction, error: Exception, item: discord.ui.Item[ReloadPreview], /
    ) -> None:
        await answer_error(interaction, error)


PREVIEW_EXPIRED = (
    "This preview has expired (the bot restarted or it was closed): nothing was changed. "
    "Run `/admin reload` again."
)


class ExpiredPreview(discord.ui.View):
    """Answers Apply and Cancel on a preview no live `ReloadPreview` holds (persistent)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Apply", style=discord.ButtonStyle.danger, custom_id=APPLY_ID)
    async def apply_button(
        self, interaction: Interaction, _: discord.ui.Button[ExpiredPreview]
    ) -> None:
        await self._expired(interaction)

    @discord.ui.button(label="Cancel", style=discord.ButtonStyle.secondary, custom_id=CANCEL_ID)
    async def cancel_button(
        self, interaction: Interaction, _: discord.ui.Button[ExpiredPreview]
    ) -> None:
        await self._expired(interaction)

    async def _expired(self, interaction: Interaction) -> None:
        page = admin_pages.preview_closed_page(PREVIEW_EXPIRED)
        await interaction.response.send_message(
            embeds=list(page), ephemeral=True, allowed_mentions=NO_MENTIONS
        )

    async def on_error(
        self, interaction: Interaction, error: Exception, item: discord.ui.Item[ExpiredPreview], /
    ) -> None:
        await answer_error(interaction, error)
