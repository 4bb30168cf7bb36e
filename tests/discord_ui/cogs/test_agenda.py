"""`/agenda`, `/remind agenda`, `/schedule format:ics`, the *Add to my agenda* buttons and
agenda notices, through the real discord.py client against the fake Discord.

The app's clock stands at Wednesday 2 April 2025 14:30 CEST; Wednesday 16:10 has several paper
sessions at once, in different rooms.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import datetime, timedelta

import icalendar
import ics

from bot.app import App
from bot.discord_ui.client import ConfBot
from bot.model import Session
from bot.services.timeline import session_end
from tests.discord_ui.conftest import embeds_of, is_ephemeral, text_of
from tests.fakediscord.server import FakeDiscord, FakeInteraction, FakeMessage

AT_1610 = datetime.fromisoformat("2025-04-02T16:10+02:00")


def parallel(app: App) -> list[Session]:
    return [s for s in app.programs.current().program.sessions if s.start == AT_1610 and s.papers]


async def reply(ix: FakeInteraction) -> FakeMessage:
    payload = await ix.response()
    assert payload["type"] == 5  # deferred
    assert is_ephemeral(payload)
    message = await ix.followup()
    assert message.ephemeral
    return message


def button_ids(message: FakeMessage) -> list[str]:
    return [str(c["custom_id"]) for c in message.iter_components() if c.get("type") == 2]


async def test_agenda_commands_end_to_end(fake: FakeDiscord, bot: ConfBot, app: App) -> None:
    first, second = parallel(app)[:2]
    added = await reply(
        await fake.send_interaction("agenda add session", {"query": f"@session:{first.id}"})
    )
    assert added.embeds[0]["title"] == "Added to your agenda"
    assert first.shown_title in text_of(added.embeds)
    clash = await reply(
        await fake.send_interaction("agenda add session", {"query": f"@session:{second.id}"})
    )
    text = text_of(clash.embeds)
    assert f"⚠️ overlaps **{first.shown_title}**" in text  # said at once
    # ... and the other one is offered: drop it (or drop the one just added).
    assert button_ids(clash) == [
        f"confbot:agenda:drop:session:{first.id}",
        f"confbot:agenda:drop:session:{second.id}",
    ]
    listing = text_of((await reply(await fake.send_interaction("agenda list"))).embeds)
    assert "2 sessions, 1 conflict" in listing
    assert listing.index(first.shown_title) < listing.rindex(second.shown_title)

    suggested = await fake.send_autocomplete("agenda add session", {"query": "mixture of"})
    values = [c["value"] for c in (await suggested.response())["data"]["choices"]]
    assert values
    assert all(v.startswith("@") for v in values)
    typed = await fake.send_autocomplete("agenda remove", {"item": first.shown_title[:4]})
    choices = (await typed.response())["data"]["choices"]
    assert f"@session:{first.id}" in [c["value"] for c in choices]

    drop = await fake.click_button(clash, f"confbot:agenda:drop:session:{first.id}")
    dropped = await reply(drop)
    assert dropped.embeds[0]["title"] == "Taken off your agenda"
    removed = await reply(
        await fake.send_interaction("agenda remove", {"item": f"@session:{second.id}"})
    )
    assert "Nothing on your agenda" in text_of(removed.embeds)

    paper = second.papers[0]
    with_paper = await reply(
        await fake.send_interaction("agenda add paper", {"title": f"@paper:{second.id}#0"})
    )
    assert f"★ {paper.title}" in text_of(with_paper.embeds)
    cleared = await reply(await fake.send_interaction("agenda clear"))
    assert cleared.embeds[0]["title"] == "Agenda cleared"

    bad = await fake.send_interaction("agenda remove", {"item": "nothing like this"})
    error = await reply(bad)  # a clear error naming the command, never a traceback
    assert "agenda remove\\`: your agenda is empty." in text_of(error.embeds)


def events(data: bytes) -> tuple[dict[str, tuple[datetime, datetime, str, str]], ...]:
    """Every event as (start, end, summary, location) by UID, read by both readers."""
    by_icalendar = {
        str(e["uid"]): (
            e.decoded("dtstart"),
            e.decoded("dtend"),
            str(e["summary"]),
            str(e.get("location")),
        )
        for e in icalendar.Calendar.from_ical(data).walk("VEVENT")
    }
    by_ics = {
        e.uid: (e.begin.datetime, e.end.datetime, e.name, str(e.location))
        for e in ics.Calendar(data.decode()).events
    }
    return by_icalendar, by_ics


def wanted(app: App, sessions: list[Session]) -> dict[str, tuple[datetime, datetime, str, str]]:
    slug = app.programs.slug
    return {
        f"{s.id}.{slug}@confbot": (s.start, session_end(s), s.shown_title, str(s.room))  # type: ignore[misc]
        for s in sessions
    }


async def test_calendar_files_are_attached(fake: FakeDiscord, bot: ConfBot, app: App) -> None:
    first, second = parallel(app)[:2]
    for session in (first, second):
        await reply(
            await fake.send_interaction("agenda add session", {"query": f"@session:{session.id}"})
        )
    message = await reply(await fake.send_interaction("agenda ics"))
    [attachment] = message.attachments
    assert attachment["filename"].endswith("-agenda.ics")
    for read in events(fake.attachment_data(attachment)):
        assert read == wanted(app, [first, second])

    ix = await fake.send_interaction(
        "schedule", {"day": "wednesday", "room": first.room, "format": "ics"}
    )
    message = await reply(ix)
    [attachment] = message.attachments
    day = [
        s
        for s in app.programs.current().program.sessions
        if s.day == first.day and s.room == first.room and s.start
    ]
    for read in events(fake.attachment_data(attachment)):
        assert read == wanted(app, day)


async def test_the_add_button_changes_only_the_agenda_of_who_pressed(
    fake: FakeDiscord, bot: ConfBot, app: App
) -> None:
    first = parallel(app)[0]
    ix = await fake.send_interaction("session", {"query": f"@session:{first.id}"})
    payload = await ix.response()
    assert not is_ephemeral(payload)  # the answer is for everyone in the channel
    message = ix.original
    assert message is not None
    assert button_ids(message) == [f"confbot:agenda:add:session:{first.id}"]
    other = fake.add_user("someone")
    fake.add_member(fake.guild, other)
    press = await fake.click_button(message, button_ids(message)[0], user=other)
    added = await reply(press)  # ephemeral: only the presser sees it
    assert added.embeds[0]["title"] == "Added to your agenda"
    agenda = app.default.agenda
    assert [i.session.id for i in (await agenda.agenda(other.id)).items] == [first.id]
    assert (await agenda.agenda(fake.member.id)).items == ()
    assert button_ids(message) == [f"confbot:agenda:add:session:{first.id}"]  # unchanged

    papers = await fake.send_interaction("paper", {"title": f"@paper:{first.id}#0"})
    await papers.response()
    assert papers.original is not None
    assert button_ids(papers.original) == [f"confbot:agenda:add:paper:{first.id}#0"]
    press = await fake.click_button(papers.original, button_ids(papers.original)[0], user=other)
    await reply(press)
    [item] = (await agenda.agenda(other.id)).items
    assert item.papers == (0,)


async def test_remind_agenda_and_one_notice_after_a_reload(
    fake: FakeDiscord, bot: ConfBot, app: App
) -> None:
    first, second = parallel(app)[:2]
    await reply(
        await fake.send_interaction("agenda add session", {"query": f"@session:{first.id}"})
    )
    reminded = await reply(await fake.send_interaction("remind agenda", {"minutes_before": 20}))
    assert "Reminder set for 1 session" in text_of(reminded.embeds)
    await reply(
        await fake.send_interaction("agenda add session", {"query": f"@session:{second.id}"})
    )
    mine = await app.reminders.mine(fake.member.id)
    assert sorted(r.session_id for r, _ in mine.reminders) == sorted([first.id, second.id])

    program = app.programs.current().program
    later = timedelta(minutes=30)
    moved = replace(first, start=first.start + later, end=first.end + later)  # type: ignore[operator]
    await app.programs.load(
        replace(
            program,
            sessions=tuple(
                moved if s.id == first.id else s for s in program.sessions if s.id != second.id
            ),
        )
    )
    assert bot.scheduler is not None
    bot.scheduler.wake()
    dm = fake.dm_channel(fake.member)
    notice = await fake.wait_for_message(
        lambda m: m.channel_id == dm.id and bool(m.embeds) and "agenda" in m.embeds[0]["title"]
    )
    text = text_of(notice.embeds)
    assert notice.embeds[0]["title"] == "Your agenda changed"
    assert first.shown_title in text
    assert second.shown_title in text
    assert "Moved" in text
    assert "Removed from the program" in text
    await asyncio.sleep(0.2)
    bot.scheduler.wake()
    await asyncio.sleep(0.2)
    told = [m for m in fake.channel_messages(dm) if m.embeds and m.source == "channel"]
    titles = [m.embeds[0]["title"] for m in told]
    assert titles.count("Your agenda changed") == 1
    assert not [t for t in titles if t.startswith(("Moved:", "Cancelled:"))]  # no second notice


async def test_now_and_next_outside_the_conference(
    fake: FakeDiscord, bot: ConfBot, app: App
) -> None:
    assert app.clock is not None
    app.clock.set(datetime.fromisoformat("2025-03-01T12:00+01:00"))  # type: ignore[attr-defined]
    for command in ("now", "next"):
        ix = await fake.send_interaction(command)
        [embed] = embeds_of(await ix.response())
        assert embed["title"] == "Not started yet"
        assert "The conference has not started yet" in embed["description"]
        first = app.programs.current().timeline.timed[0]
        assert first.shown_title in embed["description"]
    app.clock.set(datetime.fromisoformat("2025-06-01T12:00+02:00"))  # type: ignore[attr-defined]
    for command in ("now", "next"):
        ix = await fake.send_interaction(command)
        [embed] = embeds_of(await ix.response())
        assert embed["title"] == "The conference is over"
