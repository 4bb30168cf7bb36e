"""The command tree as Discord receives it, and the one error path."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from discord import app_commands

from bot.app import App
from bot.discord_ui import embeds
from bot.discord_ui.client import ConfBot
from bot.discord_ui.sync import tree_payload
from bot.discord_ui.tree import error_reply
from bot.errors import NotFoundError, UserError
from bot.services.commands import AGENDA_COMMANDS, COMMANDS, ME_COMMANDS, CommandRunner
from tests.discord_ui.conftest import embeds_of, is_ephemeral
from tests.fakediscord.server import FakeDiscord

NAME = re.compile(r"^[-_a-z0-9]{1,32}$")
STRING, SUB_COMMAND, SUB_GROUP = 3, 1, 2


def walk(options: list[dict[str, Any]], path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    for option in options:
        where = f"{path} {option['name']}"
        yield where, option
        if option["type"] in (SUB_COMMAND, SUB_GROUP):
            yield from walk(option.get("options") or [], where)


@pytest.fixture
async def payload() -> list[dict[str, Any]]:
    """What the bot sends to Discord when it syncs (global commands), built offline: building
    the tree needs none of the application's parts."""
    app = SimpleNamespace(
        tenants=None,
        admin=None,
        metrics=None,
        dm_channels=None,
        make_scheduler=lambda deliverer: None,
    )
    bot = ConfBot(app, sync_on_start=False)  # type: ignore[arg-type]
    async with bot:
        await bot.setup_hook()
        return tree_payload(bot.tree, None)


async def test_every_name_and_description_is_valid(payload: list[dict[str, Any]]) -> None:
    assert 1 <= len(payload) <= 100
    for command in payload:
        items = [(command["name"], command), *walk(command.get("options") or [], command["name"])]
        for where, item in items:
            assert NAME.fullmatch(item["name"]), where
            assert 1 <= len(item["description"]) <= 100, where
            assert len(item.get("options") or []) <= 25, where
            required = [o.get("required", False) for o in item.get("options") or []]
            assert required == sorted(required, reverse=True), f"{where}: required first"


async def test_the_commands_mirror_the_command_table(payload: list[dict[str, Any]]) -> None:
    by_name = {c["name"]: c for c in payload}
    assert set(by_name) == {spec.name for spec in COMMANDS} | {"admin", "remind", "agenda", "me"}
    leaves = {c["name"]: c for c in payload}
    for command in payload:  # "agenda add session": a sub-command's path, as in the table
        for path, item in walk(command.get("options") or [], command["name"]):
            if item["type"] == 1:
                leaves[path] = item
    for spec in (*COMMANDS, *AGENDA_COMMANDS, *ME_COMMANDS):
        command = leaves[spec.name]
        assert command["description"] == spec.description
        options = command.get("options") or []
        assert [(o["name"], o["description"], o.get("required", False)) for o in options] == [
            (o.name, o.description, o.required) for o in spec.options
        ]
        specs = {o.name: o for o in spec.options}
        for option in options:  # every free-text option suggests as you type
            assert option["type"] == STRING
            if specs[option["name"]].choices:  # a fixed set of values is offered as choices
                assert [c["value"] for c in option["choices"]] == list(
                    specs[option["name"]].choices
                )
                assert not option.get("autocomplete")
            else:
                assert option["autocomplete"] is True


async def test_admin_is_for_organisers_in_servers(payload: list[dict[str, Any]]) -> None:
    [admin] = [c for c in payload if c["name"] == "admin"]
    assert admin["default_member_permissions"] == 1 << 5  # Manage Server
    assert admin["contexts"] == [0]  # guilds only
    assert admin["dm_permission"] is False
    subcommands = {o["name"]: o for o in admin["options"]}
    assert set(subcommands) == {
        "reload",
        "rollback",
        "setup",
        "history",
        "status",
        "sync",
        "announce",
        "chair-reminders",
        "link",
        "source",
        "burst-post",
    }
    burst = {o["name"]: o for o in subcommands["burst-post"]["options"]}
    assert set(burst) == {"set", "off"}
    threshold, channel, role = burst["set"]["options"]
    assert (threshold["name"], threshold["min_value"]) == ("threshold", 1)
    assert (channel["type"], role["type"]) == (7, 8)  # a channel and a role
    [file] = subcommands["reload"]["options"]
    assert (file["name"], file["type"], file.get("required", False)) == ("file", 11, False)
    [scope] = subcommands["sync"]["options"]
    assert [c["value"] for c in scope["choices"]] == ["guild", "global"]
    url, every, channel = subcommands["source"]["options"]
    assert (url["name"], url["required"], url["max_length"]) == ("url", True, 2000)
    assert (every["name"], every["min_value"], every["max_value"]) == ("every", 2, 1440)
    assert (channel["name"], channel["type"], channel.get("required", False)) == (
        "channel",
        7,
        False,
    )


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        (UserError("Say which paper you mean."), "Say which paper you mean."),
        (NotFoundError("No paper matches “x”.", ("Helix",)), "No paper matches “x”."),
        (app_commands.MissingPermissions(["manage_guild"]), embeds.REFUSAL),
        (app_commands.CheckFailure(), embeds.REFUSAL),
        (app_commands.CommandNotFound("ghost", []), embeds.NOT_AVAILABLE),
        (RuntimeError("details nobody should see"), embeds.INTERNAL_ERROR),
    ],
)
def test_what_each_error_says(error: Exception, expected: str) -> None:
    [embed] = error_reply(app_commands.CommandInvokeError(_command(), error))
    assert embed.description is not None
    assert embed.description.startswith(expected)


def _command() -> app_commands.Command[Any, ..., Any]:
    async def noop(interaction: Any) -> None:
        return None

    return app_commands.Command(name="noop", description="x", callback=noop)


async def test_an_unexpected_error_is_apologised_for_and_logged_with_ids_only(
    fake: FakeDiscord,
    bot: ConfBot,
    app: App,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broken(self: object, name: str, options: object) -> object:
        raise RuntimeError("the index is corrupt")

    monkeypatch.setattr(CommandRunner, "run", broken)
    with caplog.at_level(logging.INFO):
        ix = await fake.send_interaction("paper", {"title": "secret query text"})
        payload = await ix.response()
    assert is_ephemeral(payload)
    assert embeds_of(payload)[0]["description"] == embeds.INTERNAL_ERROR
    [record] = [r for r in caplog.records if r.name == "bot.discord_ui.tree"]
    assert record.levelno == logging.ERROR
    assert record.exc_info is not None
    assert "the index is corrupt" in caplog.text  # the traceback
    assert f"interaction {ix.id} (application_command /paper)" in record.getMessage()
    assert f"by user {fake.member.id} in guild {fake.guild.id}" in record.getMessage()
    assert "secret query text" not in caplog.text
    assert fake.token not in caplog.text


async def test_an_error_after_deferring_is_sent_as_a_followup(
    fake: FakeDiscord, bot: ConfBot, app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken() -> object:
        raise RuntimeError("database gone")

    monkeypatch.setattr(app.programs, "status", broken)
    ix = await fake.send_interaction("admin status", user=fake.admin)
    assert (await ix.response())["type"] == 5
    followup = await ix.followup()
    assert followup.ephemeral
    assert followup.embeds[0]["description"] == embeds.INTERNAL_ERROR


async def test_a_command_the_bot_does_not_know_is_still_answered(
    fake: FakeDiscord, bot: ConfBot
) -> None:
    ghost = {**fake.command("now", fake.guild.id), "name": "ghost", "id": str(fake.new_id())}
    fake.synced_commands[fake.guild.id].append(ghost)  # as if synced by a newer version
    ix = await fake.send_interaction("ghost")
    payload = await ix.response()
    assert is_ephemeral(payload)
    assert embeds_of(payload)[0]["description"] == embeds.NOT_AVAILABLE
