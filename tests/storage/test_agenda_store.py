"""AgendaStore on SQLite and PostgreSQL: items keyed by the session's row, agenda reminders,
notice bodies, and move counts that follow a session whose key changed."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.model import DeliveryKind, DeliverySpec
from bot.storage import ProgramStore, make_sessionmaker
from bot.storage.agenda import AgendaReminderSetting, AgendaStore, StoredItem
from bot.storage.deliveries import DeliveryStore
from tests.storage.factory import base_program

NOW = datetime(2025, 3, 20, tzinfo=UTC)


async def test_items_reminders_notices_and_moves(engine: AsyncEngine) -> None:
    maker = make_sessionmaker(engine)
    program = base_program()
    programs = ProgramStore(maker, now=lambda: NOW)
    await programs.load("conf", program)
    store = AgendaStore(maker, now=lambda: NOW)
    first, second = program.sessions[0], program.sessions[1]

    assert await store.add("conf", 1, first.id) is True
    assert await store.add("conf", 1, first.id, "A paper") is True
    assert await store.add("conf", 1, first.id, "A paper") is False
    assert await store.add("conf", 1, second.id) is True
    assert await store.add("conf", 2, second.id) is True
    assert await store.items("conf", 1) == [
        StoredItem(1, first.id, ("A paper",), False),
        StoredItem(1, second.id, (), False),
    ]
    assert [i.user_id for i in await store.items("conf", keys=[second.id])] == [1, 2]
    await store.set_dropped("conf", [second.id], dropped=True)
    assert [i.dropped for i in await store.items("conf", 2)] == [True]
    await store.set_dropped("conf", [second.id], dropped=False)
    assert await store.remove("conf", 1, second.id) is True
    assert await store.remove("conf", 1, second.id) is False
    assert await store.clear("conf", 1) == 1
    assert await store.items("conf", 1) == []

    setting = AgendaReminderSetting(2, 15, "channel", guild_id=7, channel_id=8)
    await store.set_reminder("conf", setting, 2)
    assert await store.reminder("conf", 2) == setting
    await store.set_reminder("conf", None, 2)
    assert await store.reminder("conf", 2) is None

    [(record, _)] = await DeliveryStore(maker, now=lambda: NOW).upsert(
        "conf",
        [DeliverySpec(DeliveryKind.NOTICE, "notice:agenda:2:x", second.id, NOW, "dm", user_id=2)],
    )
    body = [{"session": second.id, "what": "moved"}]
    await store.save_notice(record.id, body)
    assert await store.notice(record.id) == body
    assert await store.notice(record.id + 1000) == []

    # A move, then a move to another day under a new key: the count and the first key follow.
    await store.count_moves("conf", [(first.id, None, True)])
    later = timedelta(days=1)
    renamed = replace(
        first,
        id="s-new-key",
        day=first.day + later,
        start=first.start + later,
        end=first.end + later,
    )  # type: ignore[operator]
    await programs.load("conf", replace(program, sessions=(renamed, *program.sessions[1:])))
    await store.count_moves("conf", [("s-new-key", first.id, True)])
    assert await store.moves("conf") == {"s-new-key": (2, first.id)}
