"""`/admin`: organisers only (checked by the bot, whatever Discord shows), reload with a
preview, status, sync, history and rollback."""

from __future__ import annotations

import discord

from bot.config import bundled_program
from bot.discord_ui import embeds
from bot.discord_ui.client import ConfBot
from bot.discord_ui.reload_preview import APPLY_ID, CANCEL_ID
from bot.discord_ui.views import NEXT_ID
from tests.discord_ui.conftest import embeds_of, is_ephemeral, text_of
from tests.fakediscord.server import FakeDiscord, FakeInteraction, FakeMessage

PROGRAM_TEXT = bundled_program().read_text(encoding="utf-8")
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
    assert set(fields) == {"Conference", "Program", "Loaded", "Servers"}
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
    assert reply.embeds[0]["title"] == "Synced 11 commands to this server"
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
    assert reply.embeds[0]["title"] == "Synced 11 commands globally"
    assert {c["name"] for c in fake.synced_commands[None]} == {
        "session", "chair", "paper", "author", "affiliation", "search", "now", "next",
        "schedule", "admin", "remind",
    }  # fmt: skip


async def test_a_refused_sync_says_so(fake: FakeDiscord, bot: ConfBot) -> None:
    fake.inject_status("PUT /applications/", status=403)
    ix = await fake.send_interaction("admin sync", user=fake.admin)
    reply = await deferred_reply(ix)
    [embed] = reply.embeds
    assert embed["title"] == "Discord refused the sync"
    assert embed["description"].startswith("403 Forbidden")
