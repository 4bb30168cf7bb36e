"""Key-value settings, global and per conference."""

from __future__ import annotations

import asyncio

import pytest

from bot.storage.programs import ProgramStore
from tests.storage.factory import base_program


async def test_global_values(store: ProgramStore) -> None:
    assert await store.get_value("command-sync") is None
    await store.set_value("command-sync", "abc")
    assert await store.get_value("command-sync") == "abc"
    await store.set_value("command-sync", "def")
    assert await store.get_value("command-sync") == "def"


async def test_conference_values_are_scoped(store: ProgramStore) -> None:
    await store.load("a", base_program())
    await store.load("b", base_program())
    await store.set_value("channel", "global")
    await store.set_value("channel", "for a", slug="a")

    assert await store.get_value("channel", slug="a") == "for a"
    assert await store.get_value("channel", slug="b") is None
    assert await store.get_value("channel") == "global"

    await store.set_value("channel", "for b", slug="b")
    await store.set_value("channel", "for a again", slug="a")
    assert await store.get_value("channel", slug="a") == "for a again"
    assert await store.get_value("channel", slug="b") == "for b"
    assert await store.get_value("channel") == "global"


async def test_unknown_conference(store: ProgramStore) -> None:
    assert await store.get_value("k", slug="nope") is None
    with pytest.raises(LookupError, match="nope"):
        await store.set_value("k", "v", slug="nope")


async def test_concurrent_sets_of_one_key_leave_one_row(store: ProgramStore) -> None:
    await asyncio.gather(*(store.set_value("k", str(i)) for i in range(5)))
    assert await store.get_value("k") in {str(i) for i in range(5)}
