"""The wiring module's own helpers."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.app import database_label, open_served_app
from bot.config import Settings
from bot.storage import create_engine_for, make_sessionmaker
from bot.storage.senders import SenderStore


@pytest.mark.parametrize(
    ("url", "label"),
    [
        (
            "postgresql+asyncpg://bot:s3cret@db:5432/confbot",
            "postgresql+asyncpg://bot:***@db:5432/confbot",
        ),
        ("postgresql+asyncpg://bot@db/confbot", "postgresql+asyncpg://bot@db/confbot"),
        (
            "sqlite+aiosqlite:////srv/var/confbot.sqlite3",
            "sqlite+aiosqlite:////srv/var/confbot.sqlite3",
        ),
    ],
)
def test_the_database_label_masks_the_password(url: str, label: str) -> None:
    assert database_label(url) == label


async def test_the_running_bot_counts_among_the_senders_until_it_stops(tmp_path: Path) -> None:
    """`open_served_app` (what `python -m bot run` opens) registers this process before it
    logs in and deregisters when it closes; on SQLite its share is the whole rate."""
    settings = Settings(data_dir=tmp_path, discord_rate_limit=40.0)
    async with open_served_app(settings) as app:
        assert app.sharing is not None
        assert (app.sharing.live, app.budget.limit) == (1, 40.0)
        assert app.budget.reserve() == 0  # the only process on its file: nothing held
        senders = SenderStore(app.deliveries.sessionmaker)
        assert await senders.live(timedelta(seconds=6)) == 1
    assert await _senders_left(settings) == 0


async def _senders_left(settings: Settings) -> int:
    engine = create_engine_for(settings.effective_database_url)
    try:
        return await SenderStore(make_sessionmaker(engine)).live(timedelta(days=1))
    finally:
        await engine.dispose()
