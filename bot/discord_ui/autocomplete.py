"""Autocomplete: the services' suggestions as Discord choices, within Discord's limits.

Suggestions come from the in-memory index (`CommandRunner.complete`), never the database. A
choice's value is what the option receives when picked ("@paper:<ref>", understood by the
services); text typed without picking is accepted just as well.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from discord import app_commands

from bot.discord_ui.layout import shorten
from bot.errors import UserError
from bot.limits import CHOICE_NAME_MAX, CHOICE_VALUE_MAX, CHOICES_MAX
from bot.services.commands import Choice, CommandRunner

log = logging.getLogger(__name__)


def to_choices(choices: Iterable[Choice]) -> list[app_commands.Choice[str]]:
    """At most 25 choices; names cut with an ellipsis at 100 characters, values at 100."""
    result: list[app_commands.Choice[str]] = []
    for choice in choices:
        value = choice.value[:CHOICE_VALUE_MAX]
        name = shorten(" ".join(choice.label.split()) or value, CHOICE_NAME_MAX)
        if not name.strip() or not value:
            continue
        result.append(app_commands.Choice(name=name, value=value))
        if len(result) == CHOICES_MAX:
            break
    return result


def suggest(
    runner: CommandRunner, command: str, option: str, current: str
) -> list[app_commands.Choice[str]]:
    """Choices for what is typed so far; none (rather than no answer) when anything fails."""
    try:
        return to_choices(runner.complete(command, option, current))
    except UserError:
        return []  # no program loaded yet, for instance: the command itself will say so
    except Exception:
        log.exception("autocomplete for /%s %s failed", command, option)
        return []
