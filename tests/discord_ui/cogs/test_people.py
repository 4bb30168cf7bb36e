"""Where am I on, end to end: /admin link, /me show, /me claim with the organisers' Approve
and Reject buttons (which work after a restart), and /me reminders, through the real client
and the fake Discord. The app's clock stands at Wed 2 Apr 2025 14:30 CEST."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from bot.app import App
from bot.discord_ui import embeds
from bot.discord_ui.client import ConfBot
from bot.discord_ui.cogs.people import APPROVE, REJECT, claim_custom_id
from bot.model import DeliveryKind
from tests.discord_ui.cogs.test_reminders import fire
from tests.discord_ui.conftest import embeds_of, is_ephemeral, text_of
from tests.fakediscord.fixtures import running_bot
from tests.fakediscord.server import FakeDiscord, FakeInteraction, FakeMessage, FakeUser

SPEAKER = "Shiyi Cao"  # presents MoE-Lightning in Mixture of Experts, Wed 16:10
TALK_DUE = datetime.fromisoformat("2025-04-02T15:55+02:00")  # 15 minutes before


async def reply(ix: FakeInteraction) -> FakeMessage:
    payload = await ix.response()
    assert payload["type"] == 5  # deferred
    assert is_ephemeral(payload)
    return await ix.followup()


async def me_text(fake: FakeDiscord, user: FakeUser) -> str:
    return text_of((await reply(await fake.send_interaction("me show", user=user))).embeds)


async def claim(fake: FakeDiscord, name: str, channel_id: int | None = None) -> FakeMessage:
    """A member claims `name`; the request the organisers get, with its buttons, in the
    announcement channel (`channel_id`), or else in the channel of the claim."""
    ix = await fake.send_interaction("me claim", {"name": name}, user=fake.member)
    answer = text_of((await reply(ix)).embeds)
    assert "went to the organisers" in answer
    request = await fake.wait_for_message(
        lambda m: m.source == "channel" and bool(m.embeds) and "Claim #" in m.embeds[0]["title"]
    )
    assert request.channel_id == (channel_id or fake.channel.id)
    return request


def claim_id(request: FakeMessage) -> int:
    return int(request.embeds[0]["title"].split("#")[1].split(":")[0])


async def test_an_organiser_links_a_chair_and_me_shows_where_they_are_on(
    fake: FakeDiscord, bot: ConfBot
) -> None:
    text = await me_text(fake, fake.member)
    assert "You are not linked to anyone in the program yet" in text
    ix = await fake.send_interaction(
        "admin link", {"person": "xiaosong ma", "member": fake.member}, user=fake.admin
    )
    text = text_of((await reply(ix)).embeds)
    assert f"Xiaosong Ma is linked to <@{fake.member.id}>." in text
    assert f"**Linked people:** Xiaosong Ma → <@{fake.member.id}>" in text
    text = await me_text(fake, fake.member)
    assert "You are linked to **Xiaosong Ma**." in text
    assert "The organisers have chair and talk reminders off in this server." in text
    assert "__Chairs 2 sessions__" in text
    assert "**Large Language Models**" in text
    assert "Rotterdam hall 1A" in text

    refused = await fake.send_interaction(
        "admin link", {"person": "Xiaosong Ma", "member": fake.member}, user=fake.member
    )
    assert embeds_of(await refused.response())[0]["description"] == embeds.REFUSAL


async def test_a_linked_speaker_gets_their_talk_reminder_unless_they_turn_it_off(
    fake: FakeDiscord, bot: ConfBot, app: App
) -> None:
    ix = await fake.send_interaction(
        "admin chair-reminders on", {"minutes_before": 15}, user=fake.admin
    )
    await reply(ix)
    ix = await fake.send_interaction(
        "admin link", {"person": SPEAKER, "member": fake.member}, user=fake.admin
    )
    await reply(ix)

    async def talk_reminders() -> list[datetime]:
        pending = await app.deliveries.pending(app.programs.slug, [DeliveryKind.SPEAKER])
        return [r.due_at for r in pending if r.user_id == fake.member.id]

    talks = await talk_reminders()
    assert TALK_DUE in talks  # and one on Thursday: Shiyi Cao presents twice
    off = await fake.send_interaction("me reminders", {"state": "off"}, user=fake.member)
    assert "Your chair and talk reminders are off" in text_of((await reply(off)).embeds)
    assert await talk_reminders() == []
    assert "Your chair and talk reminders are off" in await me_text(fake, fake.member)
    on = await fake.send_interaction("me reminders", {"state": "on"}, user=fake.member)
    assert "You get a DM 15 min before each session" in text_of((await reply(on)).embeds)
    assert await talk_reminders() == talks

    await fire(app, bot, TALK_DUE)
    dm = fake.dm_channel(fake.member)
    sent = await fake.wait_for_message(
        lambda m: m.channel_id == dm.id and bool(m.embeds) and "Your talk" in m.embeds[0]["title"]
    )
    assert sent.embeds[0]["title"] == "Your talk: Mixture of Experts"
    assert "/me reminders off" in sent.embeds[0]["description"]


async def test_a_claim_is_decided_by_an_organiser_even_after_a_restart(
    fake: FakeDiscord, discord_endpoints: FakeDiscord, make_bot: Callable[..., ConfBot]
) -> None:
    async with running_bot(make_bot(), fake.token):
        request = await claim(fake, "xiaosong ma")
        number = claim_id(request)
        assert request.component(claim_custom_id(APPROVE, number)) is not None
        assert request.component(claim_custom_id(REJECT, number)) is not None
        assert f"<@{fake.member.id}> says they are **Xiaosong Ma**" in text_of(request.embeds)
        assert "Your claim of Xiaosong Ma waits" in await me_text(fake, fake.member)
        # The claimant (no Manage Server) cannot approve their own claim.
        pressed = await fake.click_button(
            request, claim_custom_id(APPROVE, number), user=fake.member
        )
        refusal = await pressed.response()
        assert refusal["type"] == 4
        assert is_ephemeral(refusal)
        assert embeds_of(refusal)[0]["description"] == embeds.REFUSAL

    async with running_bot(make_bot(), fake.token):  # a new process: no view in memory
        pressed = await fake.click_button(
            request, claim_custom_id(APPROVE, number), user=fake.admin
        )
        edited = await pressed.response()
        assert edited["type"] == 7  # the request now says what was decided, without buttons
        assert embeds_of(edited)[0]["title"] == f"Claim #{number} approved"
        assert not edited["data"].get("components")
        dm = fake.dm_channel(fake.member)
        told = await fake.wait_for_message(lambda m: m.channel_id == dm.id)
        assert "You are now linked to Xiaosong Ma" in text_of(told.embeds)
        assert "You are linked to **Xiaosong Ma**." in await me_text(fake, fake.member)


async def test_a_rejected_claim_links_nobody(fake: FakeDiscord, bot: ConfBot) -> None:
    announcements = fake.guild.channel_named("announcements")
    ix = await fake.send_interaction(
        "admin announce set", {"channel": announcements}, user=fake.admin
    )
    await reply(ix)
    request = await claim(fake, SPEAKER, announcements.id)
    number = claim_id(request)
    pressed = await fake.click_button(request, claim_custom_id(REJECT, number), user=fake.admin)
    assert embeds_of(await pressed.response())[0]["title"] == f"Claim #{number} rejected"
    dm = fake.dm_channel(fake.member)
    told = await fake.wait_for_message(lambda m: m.channel_id == dm.id)
    assert f"The organisers did not confirm that you are {SPEAKER}." in text_of(told.embeds)
    assert "You are not linked to anyone" in await me_text(fake, fake.member)
    again = await fake.send_interaction("me claim", {"name": "nobody at all"}, user=fake.member)
    assert "nobody at all" in text_of((await reply(again)).embeds)
