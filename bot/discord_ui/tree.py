"""The command tree and the one error path.

Every failed interaction, from a command, a check or a button, ends in `answer_error`: a
`UserError` is shown as its message (with suggestions when a query found nothing), a failed
check as a refusal, anything else as a short apology while the traceback goes to the log with
ids only (never message contents, never the token). It answers with a followup when the
interaction was already acknowledged, so no interaction is left without an answer.
"""

from __future__ import annotations

import logging
import time
from typing import Protocol

import discord
from discord import app_commands

from bot.discord_ui import embeds, layout
from bot.errors import UserError

log = logging.getLogger(__name__)

Interaction = discord.Interaction[discord.Client]

NO_MENTIONS = discord.AllowedMentions.none()


class CommandObserver(Protocol):
    """Where command outcomes and timings go (`bot.observability.Metrics` fits)."""

    def command(self, name: str, outcome: str, seconds: float) -> None: ...


def _describe(interaction: Interaction) -> str:
    """Ids and the command name: enough to find the event, nothing anyone typed."""
    if interaction.command is not None:
        what = f" /{interaction.command.qualified_name}"
    elif interaction.type is discord.InteractionType.component and interaction.data:
        what = f" {interaction.data.get('custom_id', '')}"  # our own button ids
    else:
        what = ""
    return (
        f"interaction {interaction.id} ({interaction.type.name}{what}) by user "
        f"{interaction.user.id} in guild {interaction.guild_id} channel {interaction.channel_id}"
    )


def unwrap(error: BaseException) -> BaseException:
    """The exception a command raised, out of discord.py's wrappers."""
    while True:
        if isinstance(error, app_commands.CommandInvokeError):
            error = error.original
        elif isinstance(error, app_commands.TransformerError) and error.__cause__ is not None:
            error = error.__cause__
        else:
            return error


def error_reply(error: BaseException) -> layout.Page:
    """What a user is told about `error`; pure apart from choosing the text."""
    match unwrap(error):
        case UserError() as user_error:
            return embeds.error_page(user_error)
        case app_commands.CheckFailure():
            return embeds.notice_page(embeds.REFUSAL)
        case app_commands.CommandNotFound() | app_commands.CommandSignatureMismatch():
            return embeds.notice_page(embeds.NOT_AVAILABLE, layout.WARNING)
    return embeds.notice_page(embeds.INTERNAL_ERROR)


async def answer_error(interaction: Interaction, error: BaseException) -> None:
    """Log `error` as it deserves and tell the user, ephemerally, whatever the state."""
    cause = unwrap(error)
    if isinstance(cause, UserError):
        log.debug("%s: %s", _describe(interaction), type(cause).__name__)
    elif isinstance(cause, app_commands.CheckFailure):
        log.info("%s refused: %s", _describe(interaction), type(cause).__name__)
    elif isinstance(cause, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        log.warning("%s: the command tree is out of sync (%s)", _describe(interaction), cause)
    else:
        log.exception("%s failed", _describe(interaction), exc_info=cause)
    if interaction.type is discord.InteractionType.autocomplete:
        return  # suggestions are answered by the completer itself, even on errors
    page = error_reply(cause)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(
                embeds=list(page), ephemeral=True, allowed_mentions=NO_MENTIONS
            )
        else:
            await interaction.response.send_message(
                embeds=list(page), ephemeral=True, allowed_mentions=NO_MENTIONS
            )
    except discord.HTTPException as failure:
        # Discord refused even the apology (token expired, interaction unknown): nothing more
        # can reach this user, and the log says why.
        log.warning("%s: could not send the error reply: %s", _describe(interaction), failure)


def _outcome(error: BaseException) -> str:
    cause = unwrap(error)
    if isinstance(cause, UserError):
        return "user_error"
    if isinstance(cause, app_commands.CheckFailure):
        return "refused"
    return "error"


def _command_name(interaction: Interaction) -> str:
    command = interaction.command
    return command.qualified_name if command is not None else "unknown"


class ConfTree(app_commands.CommandTree[discord.Client]):
    """The bot's command tree: its `on_error` is the one place errors become replies. It also
    times every command for the metrics (`observer`, set by the client)."""

    observer: CommandObserver | None = None

    async def interaction_check(self, interaction: Interaction, /) -> bool:
        interaction.extras["started"] = time.perf_counter()
        return True

    def observe(self, interaction: Interaction, outcome: str) -> None:
        started = interaction.extras.get("started")
        if self.observer is not None and isinstance(started, float):
            kind = (
                "autocomplete"
                if interaction.type is discord.InteractionType.autocomplete
                else "command"
            )
            name = (
                f"{_command_name(interaction)}:{kind}"
                if kind == "autocomplete"
                else _command_name(interaction)
            )
            self.observer.command(name, outcome, time.perf_counter() - started)

    async def on_error(
        self, interaction: Interaction, error: app_commands.AppCommandError, /
    ) -> None:
        self.observe(interaction, _outcome(error))
        await answer_error(interaction, error)
