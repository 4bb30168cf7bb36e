"""Autocomplete: suggestions from memory, within Discord's limits, always answered."""

from __future__ import annotations

import logging

import pytest

from bot.app import App
from bot.discord_ui.autocomplete import to_choices
from bot.discord_ui.client import ConfBot
from bot.errors import UserError
from bot.limits import CHOICE_NAME_MAX, CHOICES_MAX
from bot.services.commands import Choice, CommandRunner
from tests.fakediscord.server import FakeDiscord


def test_choices_are_cut_to_discord_limits() -> None:
    long = "Helix: Serving Large Language Models over Heterogeneous GPUs and Network via Max-Flow"
    suggestions = [
        Choice(f"{long} · {n} · Large Language Models", f"@paper:s{n}#0") for n in range(40)
    ]
    choices = to_choices(suggestions)
    assert len(choices) == CHOICES_MAX
    for choice in choices:
        assert 1 <= len(choice.name) <= CHOICE_NAME_MAX
        assert choice.name.endswith("…")
        assert choice.value.startswith("@paper:")
    assert choices[0].name == (f"{long} · 0 · Large Language Models")[:99].rstrip() + "…"


def test_odd_labels_and_values() -> None:
    choices = to_choices(
        [
            Choice("  spaced \n out  ", "x"),
            Choice("", "only a value"),
            Choice("   ", ""),
            Choice("v" * 10, "w" * 150),
        ]
    )
    assert [(c.name, c.value) for c in choices] == [
        ("spaced out", "x"),
        ("only a value", "only a value"),
        ("v" * 10, "w" * 100),
    ]


async def test_hel_on_paper_offers_helix(fake: FakeDiscord, bot: ConfBot) -> None:
    ix = await fake.send_autocomplete("paper", {"title": "hel"})
    payload = await ix.response()
    assert payload["type"] == 8
    names = [c["name"] for c in fake.choices(payload)]
    assert any(name.startswith("Helix: Serving Large Language Models") for name in names)
    assert ix.latency is not None
    assert ix.latency < 0.5


async def test_every_option_suggests(fake: FakeDiscord, bot: ConfBot, app: App) -> None:
    rooms = set(app.programs.current().rooms)
    for command, typed, focused in [
        ("session", {"query": "llm"}, "query"),
        ("chair", {"query": "jacob"}, "query"),
        ("paper", {"title": ""}, "title"),
        ("author", {"name": "bin c"}, "name"),
        ("affiliation", {"name": "eth"}, "name"),
        ("search", {"query": "serverless"}, "query"),
        ("now", {"room": "rott"}, "room"),
        ("next", {"room": ""}, "room"),
        ("schedule", {"day": "wed", "room": "m"}, "day"),
        ("schedule", {"day": "wed", "room": "m"}, "room"),
    ]:
        ix = await fake.send_autocomplete(command, typed, focused=focused)
        choices = fake.choices(await ix.response())  # the fake checks count, names, values
        assert choices, f"/{command} {focused}"
        if focused == "room":
            assert {c["value"] for c in choices} <= rooms
        if focused == "day":
            assert [c["value"] for c in choices] == ["Wednesday 2 April"]


async def test_suggestions_fail_quietly(
    fake: FakeDiscord,
    bot: ConfBot,
    app: App,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    def not_loaded(self: object, command: str, option: str, text: str) -> list[Choice]:
        raise UserError("No program is loaded yet.")

    # Every answer gets a runner over its server's conference: patch them all.
    monkeypatch.setattr(CommandRunner, "complete", not_loaded)
    ix = await fake.send_autocomplete("paper", {"title": "hel"})
    assert fake.choices(await ix.response()) == []

    def broken(self: object, command: str, option: str, text: str) -> list[Choice]:
        raise RuntimeError("index corrupt")

    monkeypatch.setattr(CommandRunner, "complete", broken)
    with caplog.at_level(logging.ERROR, logger="bot.discord_ui"):
        ix = await fake.send_autocomplete("paper", {"title": "hel"})
        assert fake.choices(await ix.response()) == []
    assert "autocomplete for /paper title failed" in caplog.text
    assert "index corrupt" in caplog.text
