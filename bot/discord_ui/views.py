"""Sending answers, and the buttons that page through long ones.

An answer of one page is a plain message. A longer one comes with ◀ / page counter / ▶
buttons that only the person who asked can press (anyone else is told so, ephemerally); after
`timeout` seconds without a press the buttons are removed, leaving the page shown with its
"Page i of n" footer. Buttons on a message whose pages this process no longer holds (after a
restart) are answered by `ExpiredPages`, so no press goes unanswered.
"""

from __future__ import annotations

import logging
import re
import weakref
from collections.abc import Coroutine, Sequence
from typing import Any, Protocol

import discord

from bot.discord_ui import embeds, layout
from bot.discord_ui.tree import NO_MENTIONS, Interaction, answer_error

log = logging.getLogger(__name__)

PAGE_TIMEOUT = 600.0
"""Seconds without a press before the buttons go; below the 15 minutes an interaction token
lives, so the last press's token can still edit the message."""

PREVIOUS_ID = "confbot:page:previous"
COUNTER_ID = "confbot:page:counter"
NEXT_ID = "confbot:page:next"


async def send_page(
    interaction: Interaction,
    page: layout.Page,
    *,
    view: discord.ui.View | None = None,
    ephemeral: bool = False,
) -> None:
    """One message as the interaction's response, or as a followup once it was deferred."""
    extra: dict[str, Any] = {} if view is None else {"view": view}
    if interaction.response.is_done():
        await interaction.followup.send(
            embeds=list(page), ephemeral=ephemeral, allowed_mentions=NO_MENTIONS, **extra
        )
    else:
        await interaction.response.send_message(
            embeds=list(page), ephemeral=ephemeral, allowed_mentions=NO_MENTIONS, **extra
        )


class Paginator(discord.ui.View):
    """Pages of one answer; only `owner_id` can turn them."""

    def __init__(
        self,
        pages: Sequence[layout.Page],
        owner_id: int,
        *,
        timeout: float,
        buttons: Sequence[discord.ui.Item[Any]] = (),
    ) -> None:
        super().__init__(timeout=timeout)
        if len(pages) < 2:
            raise ValueError("a Paginator needs at least two pages")
        self.pages = tuple(pages)
        self.owner_id = owner_id
        self.buttons = tuple(buttons)
        for button in self.buttons:
            self.add_item(button)
        self.index = 0
        self._latest: Interaction | None = None  # whose token edits the message on timeout
        self._show_position()

    def _show_position(self) -> None:
        last = len(self.pages) - 1
        self.back.disabled = self.index == 0
        self.forward.disabled = self.index == last
        self.counter.label = f"{self.index + 1}/{len(self.pages)}"

    def shown_by(self, interaction: Interaction) -> None:
        """The interaction whose response shows this view (its token can edit the message)."""
        self._latest = interaction

    @discord.ui.button(
        label="◀ Previous", custom_id=PREVIOUS_ID, style=discord.ButtonStyle.secondary
    )
    async def back(self, interaction: Interaction, button: discord.ui.Button[Paginator]) -> None:
        await self._turn(interaction, -1)

    @discord.ui.button(label="1/1", custom_id=COUNTER_ID, disabled=True)
    async def counter(self, interaction: Interaction, button: discord.ui.Button[Paginator]) -> None:
        await self._turn(interaction, 0)  # disabled: Discord never sends a press

    @discord.ui.button(label="Next ▶", custom_id=NEXT_ID, style=discord.ButtonStyle.primary)
    async def forward(self, interaction: Interaction, button: discord.ui.Button[Paginator]) -> None:
        await self._turn(interaction, +1)

    async def _turn(self, interaction: Interaction, step: int) -> None:
        self.index = max(0, min(self.index + step, len(self.pages) - 1))
        self._show_position()
        self._latest = interaction
        await interaction.response.edit_message(
            embeds=list(self.pages[self.index]), view=self, allowed_mentions=NO_MENTIONS
        )

    async def interaction_check(self, interaction: Interaction, /) -> bool:
        if interaction.user.id == self.owner_id:
            return True
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = data.get("custom_id", "")
        if isinstance(custom_id, str) and custom_id.startswith(AGENDA_PREFIX):
            return True  # anyone may put a session on their own agenda
        await interaction.response.send_message(
            embeds.only_owner_text(self.owner_id), ephemeral=True, allowed_mentions=NO_MENTIONS
        )
        return False

    async def on_timeout(self) -> None:
        latest, self._latest = self._latest, None
        if latest is None:
            return
        try:
            await latest.edit_original_response(
                view=fixed_view(self.buttons), allowed_mentions=NO_MENTIONS
            )
        except discord.HTTPException as error:
            log.info("could not remove the page buttons of interaction %s: %s", latest.id, error)

    async def on_error(
        self, interaction: Interaction, error: Exception, item: discord.ui.Item[Any], /
    ) -> None:
        await answer_error(interaction, error)


def fixed_view(buttons: Sequence[discord.ui.Item[Any]]) -> discord.ui.View | None:
    """A view of persistent buttons only (None when there are none). It is stopped before it
    is sent, so discord.py keeps no copy per message: the registered `AgendaButton` answers
    every press, after a restart too."""
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for button in buttons:
        view.add_item(button)
    view.stop()
    return view


# --- the agenda buttons ---------------------------------------------------------------------

AGENDA_PREFIX = "confbot:agenda:"
AGENDA_BUTTONS_MAX = 5
"""One row of them, below the page buttons."""
AGENDA_LABEL_MAX = 80
CUSTOM_ID_MAX = 100


class AgendaPress(Protocol):
    """What a press of an agenda button does (the agenda cog): add or drop one item for the
    person who pressed, and answer them ephemerally."""

    async def pressed(self, interaction: Interaction, action: str, ref: str) -> None: ...


class AgendaButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"confbot:agenda:(?P<action>add|drop):(?P<ref>(?:session|paper):[^:]{1,90})",
):
    """*Add to my agenda* under a session or paper (`ref` is `session:ID` or `paper:ID#N`),
    or *Drop …* offered after a clash. Persistent: it works after a restart, for anyone who
    presses it, and only changes the agenda of who pressed."""

    handler: AgendaPress | None = None  # set once by the client when the cog is added

    def __init__(self, action: str, ref: str, label: str) -> None:
        style = discord.ButtonStyle.success if action == "add" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=layout.shorten(label, AGENDA_LABEL_MAX),
                style=style,
                custom_id=f"{AGENDA_PREFIX}{action}:{ref}",
                row=4,
            )
        )
        self.action = action
        self.ref = ref

    @classmethod
    async def from_custom_id(
        cls,
        interaction: Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> AgendaButton:
        return cls(match["action"], match["ref"], str(getattr(item, "label", "") or ""))

    async def callback(self, interaction: Interaction) -> None:
        handler = type(self).handler
        await _press(
            interaction,
            None if handler is None else handler.pressed(interaction, self.action, self.ref),
        )


async def _press(interaction: Interaction, pressed: Coroutine[Any, Any, None] | None) -> None:
    """A persistent button pressed: run what its cog does with it, through the one error path;
    before the cog has set its handler (None), say the feature is not available."""
    if pressed is None:
        await interaction.response.send_message(
            embeds.NOT_AVAILABLE, ephemeral=True, allowed_mentions=NO_MENTIONS
        )
        return
    try:
        await pressed
    except Exception as error:
        await answer_error(interaction, error)


def agenda_buttons(
    targets: Sequence[tuple[str, str]], *, action: str = "add"
) -> list[AgendaButton]:
    """Buttons for (ref, title) targets: one says *Add to my agenda*, several name each."""
    # A custom id longer than Discord's 100 characters would get the whole message refused.
    fits = [t for t in targets if len(f"{AGENDA_PREFIX}{action}:{t[0]}") <= CUSTOM_ID_MAX]
    shown = fits[:AGENDA_BUTTONS_MAX]
    if action == "add" and len(shown) == 1:
        return [AgendaButton("add", shown[0][0], "Add to my agenda")]
    verb = "Add" if action == "add" else "Drop"
    return [AgendaButton(action, ref, f"{verb}: {title}") for ref, title in shown]


class ExpiredPages(discord.ui.View):
    """Answers presses on page buttons no live `Paginator` holds (registered once, persistent)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="◀ Previous", custom_id=PREVIOUS_ID)
    async def back(self, interaction: Interaction, button: discord.ui.Button[ExpiredPages]) -> None:
        await self._expired(interaction)

    @discord.ui.button(label="Next ▶", custom_id=NEXT_ID)
    async def forward(
        self, interaction: Interaction, button: discord.ui.Button[ExpiredPages]
    ) -> None:
        await self._expired(interaction)

    async def _expired(self, interaction: Interaction) -> None:
        await interaction.response.send_message(
            embeds=list(embeds.notice_page(embeds.PAGES_EXPIRED, layout.WARNING)),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )

    async def on_error(
        self, interaction: Interaction, error: Exception, item: discord.ui.Item[Any], /
    ) -> None:
        await answer_error(interaction, error)


class Pager:
    """Sends answers as pages; remembers the live paginators so closing the bot stops them."""

    def __init__(self, timeout: float = PAGE_TIMEOUT) -> None:
        self.timeout = timeout
        self._live: weakref.WeakSet[discord.ui.View] = weakref.WeakSet()

    async def send(
        self,
        interaction: Interaction,
        pages: Sequence[layout.Page],
        *,
        ephemeral: bool = False,
        buttons: Sequence[discord.ui.Item[Any]] = (),
    ) -> None:
        """Send `pages`; `buttons` (persistent ones, e.g. *Add to my agenda*) go below them
        and stay when the page buttons go."""
        if len(pages) == 1:
            await send_page(interaction, pages[0], view=fixed_view(buttons), ephemeral=ephemeral)
            return
        view = Paginator(pages, interaction.user.id, timeout=self.timeout, buttons=buttons)
        self._live.add(view)
        await send_page(interaction, pages[0], view=view, ephemeral=ephemeral)
        view.shown_by(interaction)

    def track(self, view: discord.ui.View) -> None:
        """Stop `view` too when the bot closes (buttons other than pages, e.g. Apply)."""
        self._live.add(view)

    @property
    def live(self) -> list[discord.ui.View]:
        return [view for view in self._live if not view.is_finished()]

    def stop_all(self) -> None:
        """Forget every page held (their buttons then answer as expired)."""
        for view in list(self._live):
            view.stop()
        self._live.clear()


# --- the role-ping button on a /remind reply -------------------------------------------------

ROLE_PING_PREFIX = "confbot:rping:"


class RolePingPress(Protocol):
    """What a press of *Ping me in #channel instead* (or its undo) does (the reminders cog)."""

    async def role_ping_pressed(
        self, interaction: Interaction, action: str, session: str
    ) -> None: ...


class RolePingButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"confbot:rping:(?P<action>on|off):(?P<session>[^:]{1,80})",
):
    """*Ping me in #channel instead* under a /remind reply (`on`), or *Undo* (`off`), for one
    session. Persistent: it works after a restart, and only changes who pressed it."""

    handler: RolePingPress | None = None  # set by the reminders cog when it is loaded

    def __init__(self, action: str, session: str, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=layout.shorten(label, AGENDA_LABEL_MAX),
                style=discord.ButtonStyle.primary
                if action == "on"
                else discord.ButtonStyle.secondary,
                custom_id=f"{ROLE_PING_PREFIX}{action}:{session}",
                row=4,
            )
        )
        self.action = action
        self.session = session

    @classmethod
    async def from_custom_id(
        cls,
        interaction: Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> RolePingButton:
        return cls(match["action"], match["session"], str(getattr(item, "label", "") or ""))

    async def callback(self, interaction: Interaction) -> None:
        handler = type(self).handler
        await _press(
            interaction,
            None
            if handler is None
            else handler.role_ping_pressed(interaction, self.action, self.session),
        )


def role_ping_button(action: str, session: str, label: str) -> RolePingButton | None:
    """The button, unless the session's id would make its custom id too long for Discord."""
    if len(f"{ROLE_PING_PREFIX}{action}:{session}") > CUSTOM_ID_MAX or ":" in session:
        return None
    return RolePingButton(action, session, label)
