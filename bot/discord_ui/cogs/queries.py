"""The attendees' commands, mirroring `bot.services.commands.COMMANDS`.

Each handler is thin: it passes its options to `CommandRunner.run`, renders the answer with
`embeds.render` and sends the pages. Names, descriptions and options come from the COMMANDS
table (a test walks the tree and compares). Answers come from the in-memory catalog, so nothing
here waits on the database and no command needs to defer. Errors go to the tree's `on_error`.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui import embeds, layout
from bot.discord_ui.autocomplete import suggest
from bot.discord_ui.cogs.agenda import send_calendar
from bot.discord_ui.tree import NO_MENTIONS, Interaction
from bot.discord_ui.views import Pager, agenda_buttons
from bot.model import CalendarFile, GridAnswer
from bot.services.commands import BY_NAME, SEARCHED, Answer
from bot.services.tenants import Tenants
from bot.timetable_picture import render_grid

ATTACHMENTS_MAX = 10  # files, and embeds, in one Discord message
RENDERED_MAX = 256
"""Pages kept for remembered answers (`AnswerMemo` hands the same answer object to everyone
asking the same thing, so its pages are built once; embeds are not changed once sent)."""

log = logging.getLogger(__name__)

Choices = list[app_commands.Choice[str]]


def _description(command: str) -> str:
    return BY_NAME[command].description


def _options(command: str) -> dict[str, str]:
    return {option.name: option.description for option in BY_NAME[command].options}


class QueriesCog(commands.Cog, name="Queries"):
    def __init__(self, tenants: Tenants, pager: Pager) -> None:
        self._tenants = tenants
        self._pager = pager
        # id(answer) -> (the answer, kept alive so that its id is not reused; its pages)
        self._rendered: OrderedDict[int, tuple[Answer, list[layout.Page]]] = OrderedDict()

    def _pages(self, command: str, answer: Answer) -> list[layout.Page]:
        if command not in SEARCHED:
            return embeds.render(answer)
        known = self._rendered.get(id(answer))
        if known is not None and known[0] is answer:
            self._rendered.move_to_end(id(answer))
            return known[1]
        pages = embeds.render(answer)
        self._rendered[id(answer)] = (answer, pages)
        if len(self._rendered) > RENDERED_MAX:
            self._rendered.popitem(last=False)
        return pages

    async def _answer(self, interaction: Interaction, command: str, **options: str | None) -> None:
        # The program of the conference this server is bound to, and no other.
        tenant = self._tenants.require(
            interaction.guild_id, organiser=interaction.permissions.manage_guild
        )
        runner = await tenant.runner()
        if runner.needs_database(command, options):  # a calendar file: made, then attached
            await interaction.response.defer(ephemeral=True, thinking=True)
            calendar = await runner.execute(command, options, user_id=interaction.user.id)
            assert isinstance(calendar, CalendarFile)
            await send_calendar(interaction, calendar)
            return
        answer = runner.run(command, options)
        pages = self._pages(command, answer)
        log.debug("/%s for user %s: %d pages", command, interaction.user.id, len(pages))
        buttons = agenda_buttons(embeds.agenda_targets(answer))
        await self._pager.send(interaction, pages, buttons=buttons)

    # -- autocomplete: one completer per option name, each asking the runner ------------------

    async def _suggest(self, interaction: Interaction, option: str, current: str) -> Choices:
        command = interaction.command.name if interaction.command else ""
        tenant = self._tenants.for_guild(interaction.guild_id)
        if tenant is None:
            return []  # the command itself says how to set a conference up
        return suggest(await tenant.runner(), command, option, current)

    async def _query(self, interaction: Interaction, current: str) -> Choices:
        return await self._suggest(interaction, "query", current)

    async def _title(self, interaction: Interaction, current: str) -> Choices:
        return await self._suggest(interaction, "title", current)

    async def _name(self, interaction: Interaction, current: str) -> Choices:
        return await self._suggest(interaction, "name", current)

    async def _room(self, interaction: Interaction, current: str) -> Choices:
        return await self._suggest(interaction, "room", current)

    async def _day(self, interaction: Interaction, current: str) -> Choices:
        return await self._suggest(interaction, "day", current)

    # -- the commands ----------------------------------------------------------------------------

    @app_commands.command(name="session", description=_description("session"))
    @app_commands.describe(**_options("session"))
    @app_commands.autocomplete(query=_query)
    async def session(self, interaction: Interaction, query: str) -> None:
        await self._answer(interaction, "session", query=query)

    @app_commands.command(name="chair", description=_description("chair"))
    @app_commands.describe(**_options("chair"))
    @app_commands.autocomplete(query=_query)
    async def chair(self, interaction: Interaction, query: str) -> None:
        await self._answer(interaction, "chair", query=query)

    @app_commands.command(name="paper", description=_description("paper"))
    @app_commands.describe(**_options("paper"))
    @app_commands.autocomplete(title=_title)
    async def paper(self, interaction: Interaction, title: str) -> None:
        await self._answer(interaction, "paper", title=title)

    @app_commands.command(name="author", description=_description("author"))
    @app_commands.describe(**_options("author"))
    @app_commands.autocomplete(name=_name)
    async def author(self, interaction: Interaction, name: str) -> None:
        await self._answer(interaction, "author", name=name)

    @app_commands.command(name="affiliation", description=_description("affiliation"))
    @app_commands.describe(**_options("affiliation"))
    @app_commands.autocomplete(name=_name)
    async def affiliation(self, interaction: Interaction, name: str) -> None:
        await self._answer(interaction, "affiliation", name=name)

    @app_commands.command(name="search", description=_description("search"))
    @app_commands.describe(**_options("search"))
    @app_commands.autocomplete(query=_query)
    async def search(self, interaction: Interaction, query: str) -> None:
        await self._answer(interaction, "search", query=query)

    @app_commands.command(name="now", description=_description("now"))
    @app_commands.describe(**_options("now"))
    @app_commands.autocomplete(room=_room)
    async def now(self, interaction: Interaction, room: str | None = None) -> None:
        await self._answer(interaction, "now", room=room)

    @app_commands.command(name="next", description=_description("next"))
    @app_commands.describe(**_options("next"))
    @app_commands.autocomplete(room=_room)
    async def next(self, interaction: Interaction, room: str | None = None) -> None:
        await self._answer(interaction, "next", room=room)

    @app_commands.command(name="schedule", description=_description("schedule"))
    @app_commands.describe(**_options("schedule"))
    @app_commands.autocomplete(day=_day, room=_room)
    async def schedule(
        self,
        interaction: Interaction,
        day: str | None = None,
        room: str | None = None,
        format: Literal["text", "ics"] = "text",
        view: Literal["list", "grid"] = "list",
    ) -> None:
        if view == "grid":
            await self._grid(interaction, day, room)
            return
        await self._answer(interaction, "schedule", day=day, room=room, format=format)

    async def _grid(self, interaction: Interaction, day: str | None, room: str | None) -> None:
        """The day as timetable pictures, drawn in a thread (CPU work), then attached."""
        tenant = self._tenants.require(
            interaction.guild_id, organiser=interaction.permissions.manage_guild
        )
        answer = (await tenant.runner()).run(
            "schedule", {"day": day, "room": room, "view": "grid", "format": None}
        )
        assert isinstance(answer, GridAnswer)
        await interaction.response.defer(thinking=True)
        pictures = await asyncio.to_thread(render_grid, answer)
        log.debug("/schedule grid for user %s: %d images", interaction.user.id, len(pictures))
        named = [(embeds.grid_filename(answer, p.part, p.parts), p) for p in pictures]
        for start in range(0, len(named), ATTACHMENTS_MAX):
            batch = named[start : start + ATTACHMENTS_MAX]
            await interaction.followup.send(
                embeds=list(embeds.grid_page(answer, [(n, p.rooms) for n, p in batch])),
                files=[discord.File(io.BytesIO(p.png), filename=n) for n, p in batch],
                allowed_mentions=NO_MENTIONS,
            )
