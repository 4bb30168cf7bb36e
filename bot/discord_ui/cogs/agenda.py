"""`/agenda`: the asker's own agenda, mirroring `bot.services.commands.AGENDA_COMMANDS`.

Every answer is ephemeral: an agenda is nobody else's business. Handlers pass their options to
`CommandRunner.execute` (the same runner the console uses) and render with
`embeds.agenda_pages`; `/agenda ics` attaches the calendar file. The *Add to my agenda* buttons
under sessions and papers, and the *Drop …* buttons offered after a clash, are answered here
too (`pressed`).
"""

from __future__ import annotations

import io
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui import embeds
from bot.discord_ui.autocomplete import suggest, to_choices
from bot.discord_ui.tree import NO_MENTIONS, Interaction
from bot.discord_ui.views import AgendaButton, Pager, agenda_buttons
from bot.model import AgendaAnswer, CalendarFile
from bot.services.commands import BY_NAME, AnyAnswer
from bot.services.tenants import Tenants

log = logging.getLogger(__name__)

Choices = list[app_commands.Choice[str]]


def _description(command: str) -> str:
    return BY_NAME[command].description


def _options(command: str) -> dict[str, str]:
    return {option.name: option.description for option in BY_NAME[command].options}


async def send_calendar(interaction: Interaction, calendar: CalendarFile) -> None:
    """An .ics file as the (deferred) answer, ephemeral."""
    file = discord.File(io.BytesIO(calendar.data), filename=calendar.filename)
    await interaction.followup.send(
        embeds.calendar_text(calendar),
        file=file,
        ephemeral=True,
        allowed_mentions=NO_MENTIONS,
    )


def clash_buttons(answer: AgendaAnswer) -> list[AgendaButton]:
    """After adding an item that clashes: offer to drop the other one (or this one)."""
    if answer.what != "added" or not answer.clashes:
        return []
    [added] = answer.changed
    others = [other for _, other in embeds.clashes_of(added.session, answer.clashes)]
    targets = [(f"session:{s.id}", s.shown_title) for s in others]
    targets.append((f"session:{added.session.id}", added.session.shown_title))
    return agenda_buttons(targets, action="drop")


class AgendaCog(commands.GroupCog, group_name="agenda", group_description="My own agenda"):
    add = app_commands.Group(name="add", description="Put a session or a paper on my agenda")

    def __init__(self, tenants: Tenants, pager: Pager) -> None:
        self._tenants = tenants
        self._pager = pager
        super().__init__()

    async def cog_load(self) -> None:
        AgendaButton.handler = self

    async def cog_unload(self) -> None:
        if AgendaButton.handler is self:
            AgendaButton.handler = None

    async def _execute(
        self, interaction: Interaction, command: str, **options: str | None
    ) -> AnyAnswer:
        tenant = self._tenants.require(
            interaction.guild_id, organiser=interaction.permissions.manage_guild
        )
        runner = await tenant.runner()
        return await runner.execute(command, options, user_id=interaction.user.id)

    async def _answer(self, interaction: Interaction, command: str, **options: str | None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        answer = await self._execute(interaction, command, **options)
        if isinstance(answer, CalendarFile):
            await send_calendar(interaction, answer)
            return
        assert isinstance(answer, AgendaAnswer)
        log.debug("/%s for user %s", command, interaction.user.id)
        await self._pager.send(
            interaction, embeds.agenda_pages(answer), ephemeral=True, buttons=clash_buttons(answer)
        )

    async def pressed(self, interaction: Interaction, action: str, ref: str) -> None:
        """A press of *Add to my agenda* (or *Drop …*): the presser's agenda only."""
        kind, _, key = ref.partition(":")
        if action == "add" and kind == "paper":
            await self._answer(interaction, "agenda add paper", title=f"@paper:{key}")
        elif action == "add":
            await self._answer(interaction, "agenda add session", query=f"@session:{key}")
        else:
            await self._answer(interaction, "agenda remove", item=f"@session:{key}")

    # -- autocomplete -----------------------------------------------------------------------

    async def _lookup(self, interaction: Interaction, current: str) -> Choices:
        name = interaction.command.qualified_name if interaction.command else ""
        option = "title" if name.endswith("paper") else "query"
        tenant = self._tenants.for_guild(interaction.guild_id)
        if tenant is None:
            return []
        return suggest(await tenant.runner(), name, option, current)

    async def _day(self, interaction: Interaction, current: str) -> Choices:
        tenant = self._tenants.for_guild(interaction.guild_id)
        if tenant is None:
            return []
        return suggest(await tenant.runner(), "agenda list", "day", current)

    async def _mine(self, interaction: Interaction, current: str) -> Choices:
        tenant = self._tenants.for_guild(interaction.guild_id)
        if tenant is None:
            return []
        runner = await tenant.runner()
        return to_choices(await runner.complete_agenda(interaction.user.id, current))

    # -- the commands -----------------------------------------------------------------------

    @add.command(name="session", description=_description("agenda add session"))
    @app_commands.describe(**_options("agenda add session"))
    @app_commands.autocomplete(query=_lookup)
    async def add_session(self, interaction: Interaction, query: str) -> None:
        await self._answer(interaction, "agenda add session", query=query)

    @add.command(name="paper", description=_description("agenda add paper"))
    @app_commands.describe(**_options("agenda add paper"))
    @app_commands.autocomplete(title=_lookup)
    async def add_paper(self, interaction: Interaction, title: str) -> None:
        await self._answer(interaction, "agenda add paper", title=title)

    @app_commands.command(name="remove", description=_description("agenda remove"))
    @app_commands.describe(**_options("agenda remove"))
    @app_commands.autocomplete(item=_mine)
    async def remove(self, interaction: Interaction, item: str) -> None:
        await self._answer(interaction, "agenda remove", item=item)

    @app_commands.command(name="list", description=_description("agenda list"))
    @app_commands.describe(**_options("agenda list"))
    @app_commands.autocomplete(day=_day)
    async def list_(self, interaction: Interaction, day: str | None = None) -> None:
        await self._answer(interaction, "agenda list", day=day)

    @app_commands.command(name="clear", description=_description("agenda clear"))
    async def clear(self, interaction: Interaction) -> None:
        await self._answer(interaction, "agenda clear")

    @app_commands.command(name="ics", description=_description("agenda ics"))
    async def ics(self, interaction: Interaction) -> None:
        await self._answer(interaction, "agenda ics")
