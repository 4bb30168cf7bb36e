"""The wiring module's own helpers."""

from __future__ import annotations

import pytest

from bot.app import database_label


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
