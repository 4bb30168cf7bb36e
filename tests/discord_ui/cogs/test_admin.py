"""`/admin`: organisers only (checked by the bot, whatever Discord shows), reload with a
preview, status, sync, history and rollback."""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.app import App
from bot.config import bundled_program
from bot.discord_ui import embeds
from bot.discord_ui.client import ConfBot
from bot.discord_ui.reload_preview import APPLY_ID, CANCEL_ID
from bot.discord_ui.views import NEXT_ID
from bot.model import DeliveryState
from tests.discord_ui.conftest import embeds_of, is_ephemeral, text_of
from tests.fakediscord.fixtures import StartBot
from tests.fakediscord.server import FakeDiscord, FakeInteraction, FakeMessage

PROGRAM_TEXT = bundled_program().read_text(encoding="utf-8")
MOE = "Mixture of Experts"
LLM_TRAINING = "LLM Training\n04-03, 14:00–15:40 (CET), Rotterdam hall 1B"


async def deferred_reply(ix: FakeInteraction) -> FakeMessage:
    """An admin command's answer: an ephemeral "thinking" response, then the followup."""
    payload = await ix.response()
    assert payload["type"] == 5
    assert is_ephemeral(payload)
    reply = await ix.followup()
    assert reply.ephemeral
    return reply


async def preview(
    fake: FakeDiscord, attachment: object = None, *, command: str = "admin reload"
) -> FakeMessage:
    """Ask for a reload (or rollback) as the organiser; the preview with Apply and Cancel."""
    options = {"file": attachment} if attachment is not None else None
    ix = await fake.send_interaction(command, options, user=fake.admin)
    summary = await deferred_reply(ix)
    assert summary.component(APPLY_ID) is not None
    assert summary.component(CANCEL_ID) is not None
    return summary


async def apply(fake: FakeDiscord, summary: FakeMessage) -> FakeMessage:
    """Press Apply; the reply that says what was done."""
    click = await fake.click_button(summary, APPLY_ID, user=fake.admin)
    assert (await click.response())["type"] == 7  # the preview is edited: no more buttons
    return await click.followup()


async def reload_and_apply(fake: FakeDiscord, attachment: object = None) -> FakeMessage:
    return await apply(fake, await preview(fake, attachment))


async def chair_text(fake: FakeDiscord, query: str) -> str:
    ix = await fake.send_interaction("chair", {"query": query})
    return text_of(embeds_of(await ix.response()))


async def test_a_member_without_manage_server_is_refused(fake: FakeDiscord, bot: ConfBot) -> None:
    # Discord only hides /admin (default_member_permissions); the fake, like a server whose
    # admins changed the integration's permissions, sends it anyway.
    assert fake.command("admin", fake.guild.id)["default_member_permissions"] == str(
        discord.Permissions(manage_guild=True).value
    )
    attachment = fake.add_attachment("program.txt", b"anything", "text/plain")
    for command, options in [
        ("admin reload", {"file": attachment}),
        ("admin reload", None),
        ("admin status", None),
        ("admin sync", {"scope": "global"}),
    ]:
        ix = await fake.send_interaction(command, options, user=fake.member)
        payload = await ix.response()
        assert payload["type"] == 4, command
        assert is_ephemeral(payload)
        assert embeds_of(payload)[0]["description"] == embeds.REFUSAL
    assert len(fake.sync_requests) == 1  # the one at start
    assert fake.request_log("/attachments/") == []  # nothing was even downloaded


async def test_a_broken_file_keeps_the_old_program_and_says_where(
    fake: FakeDiscord, bot: ConfBot
) -> None:
    broken = b'<?xml version="1.0"?>\n<schedule>\n<conference>\n<title>X</titl>\n</schedule>\n'
    attachment = fake.add_attachment("schedule.xml", broken, "application/xml")
    ix = await fake.send_interaction("admin reload", {"file": attachment}, user=fake.admin)
    reply = await deferred_reply(ix)
    [embed] = reply.embeds
    assert embed["title"] == "Reload failed: the program loaded before stays"
    assert embed["description"].startswith("schedule.xml:4: malformed XML: mismatched tag")
    assert "**Chair:** Xiaosong Ma (MBZUAI)" in await chair_text(fake, "Helix")


async def test_a_good_reload_replies_with_the_change_report(
    fake: FakeDiscord, bot: ConfBot
) -> None:
    moved = PROGRAM_TEXT.replace(LLM_TRAINING, LLM_TRAINING.replace("Rotterdam hall 1B", "Penn"))
    attachment = fake.add_attachment("program.txt", moved.encode(), "text/plain")
    summary = await preview(fake, attachment)
    assert summary.embeds[0]["title"] == "Preview: reload ASPLOS + EuroSys 2025"
    preview_text = text_of(summary.embeds)
    assert "1 session would change: 1 moved." in preview_text
    assert "**Room:** Rotterdam hall 1B" in await chair_text(fake, "MEPipe")  # not yet
    reply = await apply(fake, summary)
    text = text_of(reply.embeds)
    assert reply.embeds[0]["title"] == "Reloaded ASPLOS + EuroSys 2025"
    assert "1 session changed" in text
    assert "**Moved:** LLM Training\nThu 3 Apr 14:00–15:40 CEST, Rotterdam hall 1B → " in text
    assert "parse warnings** in program.txt" in text  # the bundled file has a few
    assert "**Room:** Penn" in await chair_text(fake, "MEPipe")


async def test_a_long_change_report_pages(fake: FakeDiscord, bot: ConfBot) -> None:
    renamed = PROGRAM_TEXT.replace("Rotterdam hall", "Ahoy hall")
    attachment = fake.add_attachment("program.txt", renamed.encode(), "text/plain")
    reply = await reload_and_apply(fake, attachment)
    assert reply.embeds[-1]["footer"]["text"].startswith("Page 1 of ")
    click = await fake.click_button(reply, NEXT_ID, user=fake.admin)
    assert (await click.response())["type"] == 7
    assert reply.embeds[-1]["footer"]["text"].startswith("Page 2 of ")


async def test_reload_without_a_file_reads_the_configured_program(
    fake: FakeDiscord, bot: ConfBot
) -> None:
    summary = await preview(fake)
    assert "No changes: the program is as loaded (83 sessions)." in text_of(summary.embeds)
    reply = await apply(fake, summary)
    assert reply.embeds[0]["title"] == "No changes to ASPLOS + EuroSys 2025"
    assert fake.request_log("/attachments/") == []


async def test_status_for_an_organiser_shows_only_their_conference(
    fake: FakeDiscord, bot: ConfBot
) -> None:
    ix = await fake.send_interaction("admin status", user=fake.admin)
    reply = await deferred_reply(ix)
    fields = {f["name"]: f["value"] for f in reply.embeds[0]["fields"]}
    assert fields["Conference"].startswith("ASPLOS + EuroSys 2025 (`asplos-eurosys-2025`")
    assert fields["Program"] == "83 sessions, 327 papers, 1624 people, 7 rooms"
    assert set(fields) == {"Conference", "Program", "Loaded", "Servers", "Burst post"}
    assert fields["Burst post"] == "off"
    assert "sqlite" not in text_of(reply.embeds)


async def test_status_for_an_owner_adds_the_deployment(fake: FakeDiscord, bot: ConfBot) -> None:
    fake.add_member(fake.guild, fake.owner)  # the application's owner owns this server too
    ix = await fake.send_interaction("admin status", user=fake.owner)
    reply = await deferred_reply(ix)
    fields = {f["name"]: f["value"] for f in reply.embeds[0]["fields"]}
    assert fields["Database"].startswith("sqlite+aiosqlite:///")
    assert fields["Deployment"] == "1 conference, 1 bound server, 1 in memory"
    assert {"Uptime", "Version"} <= set(fields)


async def test_sync_to_the_guild_and_globally(fake: FakeDiscord, bot: ConfBot) -> None:
    ix = await fake.send_interaction("admin sync", user=fake.admin)
    reply = await deferred_reply(ix)
    assert reply.embeds[0]["title"] == "Synced 13 commands to this server"
    assert fake.sync_requests[-1][0] == fake.guild.id
    assert fake.sync_requests[0][1] == fake.sync_requests[-1][1]  # forced, though unchanged

    # An organiser may not publish to every server; the application's owner may.
    ix = await fake.send_interaction("admin sync", {"scope": "global"}, user=fake.admin)
    payload = await ix.followup()
    assert "Only the bot's owners can publish the commands" in text_of(payload.embeds)
    assert None not in fake.synced_commands
    fake.add_member(fake.guild, fake.owner)
    ix = await fake.send_interaction("admin sync", {"scope": "global"}, user=fake.owner)
    reply = await deferred_reply(ix)
    assert reply.embeds[0]["title"] == "Synced 13 commands globally"
    assert {c["name"] for c in fake.synced_commands[None]} == {
        "session", "chair", "paper", "author", "affiliation", "search", "now", "next",
        "schedule", "admin", "remind", "agenda", "me",
    }  # fmt: skip


async def test_a_refused_sync_says_so(fake: FakeDiscord, bot: ConfBot) -> None:
    fake.inject_status("PUT /applications/", status=403)
    ix = await fake.send_interaction("admin sync", user=fake.admin)
    reply = await deferred_reply(ix)
    [embed] = reply.embeds
    assert embed["title"] == "Discord refused the sync"
    assert embed["description"].startswith("403 Forbidden")


# --- preview: cancel, timeout, who may press; history; rollback ---------------------------------

TINY = """Day 1: Wednesday, April 2
15:00-16:00 Session 1: Graphics
Session chair: Ana Silva (Uni A)
A Small Paper
Ana Silva (Uni A)
"""


async def history_text(fake: FakeDiscord) -> str:
    ix = await fake.send_interaction("admin history", user=fake.admin)
    return text_of((await deferred_reply(ix)).embeds)


async def test_cancel_changes_nothing(fake: FakeDiscord, bot: ConfBot, app: App) -> None:
    before = await app.programs.stored_hash()
    renamed = PROGRAM_TEXT.replace("Rotterdam hall", "Ahoy hall")
    summary = await preview(
        fake, fake.add_attachment("program.txt", renamed.encode(), "text/plain")
    )
    click = await fake.click_button(summary, CANCEL_ID, user=fake.admin)
    assert (await click.response())["type"] == 7
    assert summary.component(APPLY_ID) is None  # the buttons are gone
    assert "Cancelled: nothing was changed." in text_of(summary.embeds)
    assert await app.programs.stored_hash() == before
    assert "**Room:** Rotterdam hall 1B" in await chair_text(fake, "MEPipe")
    assert "reload** cancelled" in await history_text(fake)


async def test_only_the_organiser_who_asked_may_apply(
    fake: FakeDiscord, bot: ConfBot, app: App
) -> None:
    before = await app.programs.stored_hash()
    summary = await preview(fake, fake.add_attachment("t.txt", TINY.encode(), "text/plain"))
    click = await fake.click_button(summary, APPLY_ID, user=fake.member)
    payload = await click.response()
    assert payload["type"] == 4
    assert is_ephemeral(payload)
    assert "Only the organiser who asked" in payload["data"]["content"]
    assert summary.component(APPLY_ID) is not None
    assert await app.programs.stored_hash() == before


async def test_a_preview_times_out_and_changes_nothing(
    fake: FakeDiscord, start_bot: StartBot, make_bot: Callable[..., ConfBot], app: App
) -> None:
    await start_bot(make_bot(preview_timeout=0.3))
    before = await app.programs.stored_hash()
    summary = await preview(fake, fake.add_attachment("t.txt", TINY.encode(), "text/plain"))
    await fake.wait_until(
        lambda: True if summary.component(APPLY_ID) is None else None, 5.0, "the timeout"
    )
    assert "This preview timed out: nothing was changed." in text_of(summary.embeds)
    assert await app.programs.stored_hash() == before
    assert "reload** timed out" in await history_text(fake)


async def test_apply_refuses_a_preview_that_is_out_of_date(
    fake: FakeDiscord, bot: ConfBot, app: App
) -> None:
    summary = await preview(fake, fake.add_attachment("t.txt", TINY.encode(), "text/plain"))
    moved = PROGRAM_TEXT.replace(LLM_TRAINING, LLM_TRAINING.replace("Rotterdam hall 1B", "Penn"))
    await reload_and_apply(fake, fake.add_attachment("p.txt", moved.encode(), "text/plain"))
    click = await fake.click_button(summary, APPLY_ID, user=fake.admin)
    await click.response()
    refusal = await click.followup()
    assert "The program changed since this preview" in text_of(refusal.embeds)
    assert "Not applied: nothing was changed." in text_of(summary.embeds)
    assert "**Room:** Penn" in await chair_text(fake, "MEPipe")


async def test_a_drastic_reload_warns_and_rollback_brings_sessions_and_reminders_back(
    fake: FakeDiscord, bot: ConfBot, app: App
) -> None:
    [moe] = [s for s in app.programs.current().program.sessions if s.title == MOE]
    ix = await fake.send_interaction(
        "remind session", {"query": f"@session:{moe.id}", "minutes_before": 10}
    )
    await deferred_reply(ix)
    [(reminder, _)] = (await app.reminders.mine(fake.member.id)).reminders
    original = await app.programs.stored_hash()

    summary = await preview(fake, fake.add_attachment("t.txt", TINY.encode(), "text/plain"))
    text = text_of(summary.embeds)
    assert "**This removes 82 of 83 sessions (98%)." in text  # one is paired as retitled
    assert "Attendees' reminders: 0 would move, 1 would be cancelled, 0 would come back." in text
    await apply(fake, summary)
    [(cancelled, _)] = (await app.reminders.mine(fake.member.id)).reminders
    assert cancelled.state is DeliveryState.CANCELLED

    summary = await preview(fake, command="admin rollback")
    text = text_of(summary.embeds)
    assert summary.embeds[0]["title"] == "Preview: roll ASPLOS + EuroSys 2025 back"
    assert "1 would come back" in text
    await apply(fake, summary)
    assert await app.programs.stored_hash() == original
    [(restored, _)] = (await app.reminders.mine(fake.member.id)).reminders
    assert (restored.id, restored.state, restored.due_at) == (
        reminder.id,
        DeliveryState.PENDING,
        reminder.due_at,
    )
    assert "**Chair:** Xiaosong Ma (MBZUAI)" in await chair_text(fake, "Helix")
    history = await history_text(fake)
    assert "rollback** done" in history
    assert "reload** done" in history
    assert f"`{original[:10]}`" in history

    ix = await fake.send_interaction("admin rollback", user=fake.admin)
    await ix.response()
    nothing = await ix.followup()
    assert "There is no earlier program version" in text_of(nothing.embeds)


async def test_a_preview_no_longer_held_answers_that_it_expired(
    fake: FakeDiscord, bot: ConfBot, app: App
) -> None:
    before = await app.programs.stored_hash()
    summary = await preview(fake, fake.add_attachment("t.txt", TINY.encode(), "text/plain"))
    bot.pager.stop_all()  # as after a restart: this process holds no preview
    click = await fake.click_button(summary, APPLY_ID, user=fake.admin)
    payload = await click.response()
    assert is_ephemeral(payload)
    assert "This preview has expired" in text_of(embeds_of(payload))
    assert await app.programs.stored_hash() == before
