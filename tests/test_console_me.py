"""`me` in the console, for its one local user: the same commands and runner as Discord's
`/me`, answered as text. Whoever runs the console runs the deployment, so their own claim is
approved at once."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path

import pytest

from bot.app import App, open_app
from bot.config import Settings
from bot.console import answer, parse_line

AT = datetime.fromisoformat("2025-04-02T14:30+02:00")


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[App]:
    async with open_app(Settings(data_dir=tmp_path), at=AT) as opened:
        yield opened


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("me show", ("me show", {})),
        ("/me claim bin cui", ("me claim", {"name": "bin cui"})),
        ("me reminders off", ("me reminders", {"state": "off"})),
        ("me reminders state:on", ("me reminders", {"state": "on"})),
        ("schedule wednesday grid", ("schedule", {"day": "wednesday", "view": "grid"})),
    ],
)
def test_me_lines_parse(line: str, expected: tuple[str, dict[str, str]]) -> None:
    assert parse_line(line) == expected


async def test_me_before_and_after_claiming_a_name(app: App) -> None:
    runner = app.runner
    before = await answer(runner, "me show")
    assert not before.ok
    assert "You are not linked to anyone in the program yet" in before.text
    claimed = await answer(runner, "me claim bin cui")
    assert claimed.ok, claimed.text
    assert claimed.text.startswith("You are Bin Cui.")
    assert "FlexSP: Accelerating Large Language Model Training" in claimed.text
    assert "Rotterdam hall 1A" in claimed.text
    shown = await answer(runner, "me show")
    assert shown.text == claimed.text
    again = await answer(runner, "me claim bin cui")
    assert not again.ok
    assert "already linked to Bin Cui" in again.text


async def test_me_reminders_off_and_on(app: App) -> None:
    runner = app.runner
    await answer(runner, "me claim bin cui")
    await app.default.reminders.set_chair_reminders(0, 10)
    off = await answer(runner, "me reminders off")
    assert "Your chair and talk reminders (10 min before): off" in off.text
    on = await answer(runner, "me reminders on")
    assert "Your chair and talk reminders (10 min before): on." in on.text
    bad = await answer(runner, "me reminders maybe")
    assert not bad.ok
    assert "on or off" in bad.text or "state" in bad.text
