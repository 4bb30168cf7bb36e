"""A question asked again (a room typing the title on the slide) gets the same answer, with
its buttons, from the answer memo and the pages kept for it; another question does not."""

from __future__ import annotations

from bot.discord_ui.client import ConfBot
from tests.discord_ui.conftest import embeds_of
from tests.fakediscord.server import FakeDiscord


async def test_the_same_question_gets_the_same_full_answer(fake: FakeDiscord, bot: ConfBot) -> None:
    answers = []
    for title in ("hybridflow", "hybridflow", " hybridflow ", "MEPipe", "hybridflow"):
        ix = await fake.send_interaction("paper", {"title": title})
        payload = await ix.response()
        assert payload["type"] == 4, payload
        answers.append(payload["data"])
    first, *again = answers
    assert embeds_of(first)[0]["title"].startswith("HybridFlow")
    assert first.get("components"), "the agenda button goes with every copy"
    assert again[0] == first
    assert again[1] == first
    assert again[3] == first
    assert embeds_of(again[2])[0]["title"].startswith("MEPipe")
    tenant = bot.app.tenants.for_guild(fake.guild.id)
    assert tenant is not None
    assert tenant.memo.hits >= 3
