"""The bot against the fake Discord, built the way `python -m bot run` builds it.

The bundled program is parsed and stored once per test session (`loaded_database`); each test
gets a copy of that SQLite file, opens the application over it with `open_app` (the CLI's
wiring, with the clock frozen at Wednesday 2 April 2025 14:30 CEST) and starts the real
discord.py client against the fake. At the end no message may have allowed a mention; the
fake's fixture checks that Discord rejected nothing and that no task was left running.
"""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from bot.app import App, open_app
from bot.config import Settings, bundled_program
from bot.discord_ui.client import ConfBot
from tests.fakediscord.fixtures import StartBot
from tests.fakediscord.server import FakeDiscord

PROGRAM = bundled_program()
AT = datetime.fromisoformat("2025-04-02T14:30+02:00")
DATABASE = "confbot.sqlite3"

Json = dict[str, Any]


@pytest.fixture(scope="session")
def loaded_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite database holding the bundled program, built once for the whole session."""
    data_dir = tmp_path_factory.mktemp("loaded")

    async def load() -> None:
        async with open_app(Settings(data_dir=data_dir)):
            pass

    asyncio.run(load())
    return data_dir


def settings_for(fake: FakeDiscord, data_dir: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "discord_token": SecretStr(fake.token),
        "discord_guild_id": fake.guild.id,
        "data_dir": data_dir,
        "discord_api_base": fake.api_base,
        "discord_gateway_url": fake.gateway_url,
        "program_path": PROGRAM,
        **overrides,
    }
    return Settings(**values)


@pytest.fixture
def data_dir(tmp_path: Path, loaded_database: Path) -> Path:
    """A copy of the loaded database, for this test to change as it likes."""
    target = tmp_path / "data"
    shutil.copytree(loaded_database, target)
    return target


@pytest.fixture
def settings(fake: FakeDiscord, data_dir: Path) -> Settings:
    return settings_for(fake, data_dir)


@pytest.fixture
async def app(settings: Settings) -> AsyncIterator[App]:
    async with open_app(settings, at=AT) as opened:
        yield opened


@pytest.fixture
def make_bot(app: App) -> Callable[..., ConfBot]:
    def make(**options: Any) -> ConfBot:
        return ConfBot(app, guild_ready_timeout=0.01, **options)

    return make


@pytest.fixture
async def bot(start_bot: StartBot, make_bot: Callable[..., ConfBot]) -> ConfBot:
    started = await start_bot(make_bot())
    assert isinstance(started, ConfBot)
    return started


def intended_ping(sent: Any) -> bool:
    """A reminder in a channel pings exactly the person (or the role) it opens with, and
    nobody else: `<@id>` first in the content and only that id allowed."""
    allowed = sent.allowed_mentions or {}
    if allowed.get("parse") or allowed.get("replied_user"):
        return False
    users, roles = allowed.get("users") or [], allowed.get("roles") or []
    content = sent.content or ""
    if len(users) == 1 and not roles:
        return content.startswith(f"<@{users[0]}>")
    if len(roles) == 1 and not users:
        return content.startswith(f"<@&{roles[0]}>")
    return False


@pytest.fixture(autouse=True)
def nobody_mentioned(request: pytest.FixtureRequest) -> Iterator[None]:
    """In every test with the fake: nothing the bot sent could have pinged anyone but the
    one person or role a reminder is for."""
    fake = request.getfixturevalue("fake") if "fake" in request.fixturenames else None
    yield
    if fake is not None:
        assert [s for s in fake.permissive_mentions() if not intended_ping(s)] == []


# --- reading what the fake received ---------------------------------------------------------


def embeds_of(payload: Mapping[str, Any]) -> list[Json]:
    """The embeds of a callback payload, or of a stored message's payload."""
    data = payload.get("data", payload)
    return list(data.get("embeds") or [])


def text_of(embeds: Iterable[Mapping[str, Any]]) -> str:
    """Every text of some embeds, in order, one piece per line."""
    parts: list[str] = []
    for embed in embeds:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        for field in embed.get("fields") or []:
            parts += [field["name"], field["value"]]
        parts.append((embed.get("footer") or {}).get("text") or "")
    return "\n".join(part for part in parts if part)


def is_ephemeral(payload: Mapping[str, Any]) -> bool:
    return bool((payload.get("data") or {}).get("flags", 0) & 64)
