"""Reminders and announcements end to end: /remind and /admin through the fake Discord, the
scheduler sending at the right moment on the app's frozen clock, exactly once."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta

from bot.app import App
from bot.discord_ui import embeds
from bot.discord_ui.client import ConfBot
from bot.model import DeliveryRecord, DeliveryState
from tests.discord_ui.conftest import embeds_of, text_of
from tests.fakediscord.server import FakeDiscord, FakeInteraction, FakeMessage

# The app's clock stands at Wed 2 Apr 2025 14:30 CEST; these sessions start at 16:10.
MOE = "Mixture of Experts"
DUE = datetime.fromisoformat("2025-04-02T16:00+02:00")  # 10 minutes before


async def reply(ix: FakeInteraction) -> FakeMessage:
    payload = await ix.response()
    assert payload["type"] == 5  # deferred, ephemeral
    return await ix.followup()


async def session_ref(app: App, title: str) -> str:
    [session] = [s for s in app.programs.current().program.sessions if s.title == title]
    return f"@session:{session.id}"


async def marked(app: App, user_id: int) -> DeliveryRecord:
    """The user's only reminder, once the scheduler has marked it (sent, failed...)."""
    for _ in range(200):
        [(record, _)] = (await app.reminders.mine(user_id)).reminders
        if record.state not in (DeliveryState.PENDING, DeliveryState.CLAIMED):
            return record
        await asyncio.sleep(0.02)
    raise AssertionError(f"reminder still {record.state}")


async def fire(app: App, bot: ConfBot, at: datetime) -> None:
    """Move the clock to `at` and let the scheduler look."""
    assert app.clock is not None
    app.clock.set(at)  # type: ignore[attr-defined]
    assert bot.scheduler is not None
    bot.scheduler.wake()


async def test_dm_reminder_fires_at_its_time_once_with_a_nonce(
    fake: FakeDiscord, bot: ConfBot, app: App
) -> None:
    ix = await fake.send_interaction(
        "remind session", {"query": await session_ref(app, MOE), "minutes_before": 10}
    )
    answer = text_of((await reply(ix)).embeds)
    assert "Reminder set for 1 session" in answer
    assert MOE in answer
    assert f"<t:{int(DUE.timestamp())}:F>" in answer  # when it fires, as a Discord timestamp
    dm = fake.dm_channel(fake.member)
    confirmation = await fake.wait_for_message(lambda m: m.channel_id == dm.id)
    assert confirmation.content.startswith("Reminder set")
    await fire(app, bot, DUE - timedelta(seconds=1))
    await fire(app, bot, DUE)
    sent = await fake.wait_for_message(
        lambda m: m.channel_id == dm.id and bool(m.embeds) and "Reminder:" in m.embeds[0]["title"]
    )
    assert MOE in sent.embeds[0]["title"]
    assert str(sent.nonce).startswith("confbot-")
    record = await marked(app, fake.member.id)
    assert record.state is DeliveryState.SENT
    await fire(app, bot, DUE + timedelta(minutes=1))  # another look finds nothing more to send
    await marked(app, fake.member.id)
    reminders = [
        m for m in fake.channel_messages(dm) if m.embeds and "Reminder:" in m.embeds[0]["title"]
    ]
    assert len(reminders) == 1


async def test_channel_reminder_mentions_only_its_owner(
    fake: FakeDiscord, bot: ConfBot, app: App
) -> None:
    ix = await fake.send_interaction(
        "remind session",
        {"query": await session_ref(app, MOE), "minutes_before": 10, "where": "channel"},
    )
    await reply(ix)
    await fire(app, bot, DUE)
    sent = await fake.wait_for_message(
        lambda m: m.channel_id == fake.channel.id and m.source == "channel"
    )
    assert sent.content == f"<@{fake.member.id}>"
    assert sent.allowed_mentions is not None
    assert not sent.allowed_mentions.get("parse")
    assert [str(u) for u in sent.allowed_mentions["users"]] == [str(fake.member.id)]


async def test_refused_dm_warns_at_once_and_falls_back_to_the_channel(
    fake: FakeDiscord, bot: ConfBot, app: App
) -> None:
    fake.refuse_dms(fake.member)
    ix = await fake.send_interaction(
        "remind session", {"query": await session_ref(app, MOE), "minutes_before": 10}
    )
    assert "Reminder set" in text_of((await reply(ix)).embeds)  # stored and answered first
    warning = await ix.followup(1)  # then the confirmation DM was refused: a second reply
    assert "I cannot DM you" in warning.content
    await fire(app, bot, DUE)
    sent = await fake.wait_for_message(
        lambda m: m.channel_id == fake.channel.id and m.source == "channel"
    )
    assert sent.content == f"<@{fake.member.id}>"
    record = await marked(app, fake.member.id)
    assert record.state is DeliveryState.SENT
    assert [r.code for r in fake.take_rejections()] == [50007, 50007]  # confirmation, reminder
    assert record.fallback is not None
    assert "mentioned in the channel" in record.fallback
    listing = await fake.send_interaction("remind list")
    assert "DMs are closed" in text_of((await reply(listing)).embeds)


async def test_list_and_cancel(fake: FakeDiscord, bot: ConfBot, app: App) -> None:
    ix = await fake.send_interaction("remind author", {"name": "jacob gorm hanson"})
    assert "Reminder set" in text_of((await reply(ix)).embeds)
    typing = await fake.send_autocomplete("remind cancel", {"reminder": ""})
    values = [c["value"] for c in FakeDiscord.choices(await typing.response())]
    assert values[0] == "all"
    ix = await fake.send_interaction("remind cancel", {"reminder": values[1]})
    assert "Cancelled 1 reminder" in text_of((await reply(ix)).embeds)
    listing = await fake.send_interaction("remind list")
    assert "cancelled" in text_of((await reply(listing)).embeds)


async def test_bad_minutes_are_refused_by_discord_before_the_bot(
    fake: FakeDiscord, bot: ConfBot
) -> None:
    option = next(
        o
        for o in fake.command("remind", fake.guild.id)["options"][0]["options"]
        if o["name"] == "minutes_before"
    )
    assert (option["min_value"], option["max_value"]) == (0, 1440)


async def test_announcements_post_every_session_once_with_the_role(
    fake: FakeDiscord, bot: ConfBot, app: App
) -> None:
    role = fake.guild.roles[0]
    ix = await fake.send_interaction(
        "admin announce set",
        {"channel": fake.channel, "minutes_before": 5, "role": role},
        user=fake.admin,
    )
    assert "Announcements are on" in text_of((await reply(ix)).embeds)
    await fire(app, bot, datetime.fromisoformat("2025-04-02T16:05+02:00"))
    await fake.wait_until(
        lambda: (
            len(
                [
                    m
                    for m in fake.channel_messages(fake.channel, "channel")
                    if m.embeds and m.embeds[0]["title"].startswith("Next:")
                ]
            )
            >= 7
            or None
        ),
        10,
        "the 15:40 and 16:10 announcements",
    )
    posted = [
        m
        for m in fake.channel_messages(fake.channel, "channel")
        if m.embeds and m.embeds[0]["title"].startswith("Next:")
    ]
    titles = [m.embeds[0]["title"] for m in posted]
    assert len(titles) == len(set(titles)) == 7  # the coffee break and six sessions, once each
    assert all(m.content == f"<@&{role.id}>" for m in posted)


async def test_members_cannot_turn_announcements_on(fake: FakeDiscord, bot: ConfBot) -> None:
    ix = await fake.send_interaction(
        "admin announce set", {"channel": fake.channel}, user=fake.member
    )
    payload = await ix.response()
    assert embeds_of(payload)[0]["description"] == embeds.REFUSAL
