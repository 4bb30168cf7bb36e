"""Every attendee command, on the bundled program, through the real client and the fake.

The clock is frozen at Wednesday 2 April 2025, 14:30 CEST (see conftest). Each test asserts on
what the fake received: the callback payload the bot sent for the interaction.
"""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from bot.app import App
from bot.discord_ui.client import ConfBot
from bot.model import GridAnswer
from bot.services.commands import COMMANDS
from bot.timetable_picture import MAX_WIDTH, render_grid
from tests.discord_ui.conftest import Json, embeds_of, is_ephemeral, text_of
from tests.fakediscord.server import FakeDiscord


async def ask(fake: FakeDiscord, command: str, **options: Any) -> tuple[Json, str]:
    """Run a command as an attendee; the callback payload and all its embed text."""
    ix = await fake.send_interaction(command, options or None)
    payload = await ix.response()
    assert payload["type"] == 4, payload
    return payload, text_of(embeds_of(payload))


async def test_the_questions_of_the_issue(fake: FakeDiscord, bot: ConfBot) -> None:
    payload, text = await ask(fake, "chair", query="Helix")
    assert not is_ephemeral(payload)
    assert embeds_of(payload)[0]["title"] == "Large Language Models"
    assert "**Chair:** Xiaosong Ma (MBZUAI)" in text

    payload, _ = await ask(fake, "chair", query="MEPipe")
    first = embeds_of(payload)[0]
    assert first["title"] == "LLM Training"
    assert "**Chair:** Jacob Gorm Hansen" in first["description"]

    payload, text = await ask(fake, "author", name="bin cui")
    assert embeds_of(payload)[0]["title"] == "Bin Cui"
    assert "Presents 2 papers" in text
    assert text.index("**FlexSP:") < text.index("**Spindle:")

    payload, text = await ask(fake, "author", name="jacob gorm hanson")
    assert embeds_of(payload)[0]["title"] == "Jacob Gorm Hansen"
    assert "__Chairs 1 session__\n**LLM Training**" in text

    payload, _ = await ask(fake, "paper", title="hybridflow")
    in_training = [e for e in embeds_of(payload) if "**Session:** LLM Training" in e["description"]]
    [embed] = in_training
    assert embed["title"].startswith("HybridFlow")
    assert "**Authors (9):** Guangming Sheng (The University of Hong Kong);" in embed["description"]
    assert "**Chair:** Jacob Gorm Hansen" in embed["description"]

    _, text = await ask(fake, "author", name="martin maas")
    assert "**Has Machine Learning for Systems Reached an Inflection Point?**" in text
    assert "Keynote #1" in text

    payload, _ = await ask(fake, "session", query="LLM Serving")
    found = embeds_of(payload)
    assert [e["title"] for e in found] == ["LLM Serving", "LLM Serving"]
    assert [e["footer"]["text"] for e in found] == ["Match 1 of 2", "Match 2 of 2"]
    assert "Tue 1 Apr 13:30–15:10 CEST" in found[0]["description"]
    assert "Tue 1 Apr 15:40–17:00 CEST" in found[1]["description"]

    _, text = await ask(fake, "now")
    on_now = text.split("__Next__")[0]
    titles = [
        "Large Language Models",
        "ML Systems 1",
        "Graph and Stream processing",
        "CXL Storage",
        "Microarchitecture",
        "Virtualization",
    ]
    assert sorted(t for t in titles if f"**{t}**" in on_now) == sorted(titles)
    assert on_now.count("`14:00–15:40`") == 6
    assert "On now (Wed 2 Apr 14:30 CEST)" in text
    assert "__Next__\n`Wed 15:40` **Coffee break & ASPLOS posters**" in text


async def test_the_other_commands(fake: FakeDiscord, bot: ConfBot) -> None:
    _, text = await ask(fake, "now", room="mees")
    assert "**Graph and Stream processing** · Mees" in text
    assert "CXL Storage" not in text

    payload, text = await ask(fake, "next")
    assert embeds_of(payload)[0]["title"] == "Starting next"
    assert "**Coffee break & ASPLOS posters**" in text

    payload, text = await ask(fake, "schedule", day="thursday", room="Rotterdam hall 1B")
    title = embeds_of(payload)[0]["title"]
    assert title == "Schedule for Thursday 3 April 2025 in Rotterdam hall 1B"
    assert "`14:00–15:40` **LLM Training** · Rotterdam hall 1B" in text

    _, text = await ask(fake, "affiliation", name="ETH")
    assert "**Printed as:** ETH Zurich; ETH Zürich" in text
    assert "Timothy Roscoe" in text

    payload, text = await ask(fake, "search", query="serverless")
    assert embeds_of(payload)[0]["title"] == "Results for “serverless”"
    assert "**Serverless Computing**\nSession" in text


async def test_a_value_picked_from_autocomplete_is_understood(
    fake: FakeDiscord, bot: ConfBot
) -> None:
    ix = await fake.send_autocomplete("paper", {"title": "hybridflow"})
    choices = fake.choices(await ix.response())
    picked = next(c["value"] for c in choices if c["value"].startswith("@paper:"))
    payload, _ = await ask(fake, "paper", title=picked)
    [embed] = embeds_of(payload)  # exactly the paper picked, not every match
    assert embed["title"].startswith("HybridFlow")


async def test_an_unknown_query_gets_suggestions(fake: FakeDiscord, bot: ConfBot) -> None:
    ix = await fake.send_interaction("session", {"query": "zzzz llm"})
    payload = await ix.response()
    assert is_ephemeral(payload)
    [embed] = embeds_of(payload)
    assert embed["title"] == "Not found"
    assert embed["description"].startswith("No session matches “zzzz llm”.")
    assert "**Did you mean**\n• LLM Training\n• " in embed["description"]

    ix = await fake.send_interaction("search", {"query": "@everyone <@123>"})
    [embed] = embeds_of(await ix.response())
    assert embed["description"].startswith("Nothing matches “@everyone <@123>”.")
    assert [record.allowed_mentions for record in fake.sent] == [{"parse": []}] * 2


async def test_every_command_answers_at_once_within_the_limits(
    fake: FakeDiscord, bot: ConfBot
) -> None:
    for spec in COMMANDS:
        options = {o.name: spec.example.split(" ", 1)[1] for o in spec.options[:1] if o.required}
        ix = await fake.send_interaction(spec.name, options or None)
        payload = await ix.response()
        assert payload["type"] == 4, spec.name  # answered from memory: no need to defer
        assert embeds_of(payload)
        assert ix.latency is not None
        assert ix.latency < 1.0


async def test_schedule_as_a_grid_attaches_the_timetable_picture(
    fake: FakeDiscord, bot: ConfBot, app: App
) -> None:
    ix = await fake.send_interaction("schedule", {"day": "wednesday", "view": "grid"})
    assert (await ix.response())["type"] == 5  # drawn in a thread: deferred first
    reply = await ix.followup()
    [attachment] = reply.attachments
    assert attachment["filename"] == "timetable-2025-04-02.png"
    [embed] = reply.embeds
    assert embed["title"] == "Timetable for Wednesday 2 April 2025"
    assert embed["image"]["url"] == "attachment://timetable-2025-04-02.png"
    assert "Rooms: Rotterdam hall 1A, Rotterdam hall 1B, Mees" in embed["description"]
    png = fake.attachment_data(attachment)
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG"
        assert image.width <= MAX_WIDTH
        size = image.size
    # The same picture as the renderer draws for the same answer (its boxes are checked in
    # tests/test_timetable_picture.py), with the current time's line: 14:30 on the day.
    answer = app.runner.run("schedule", {"day": "wednesday", "view": "grid"})
    assert isinstance(answer, GridAnswer)
    [picture] = render_grid(answer)
    assert size == (picture.width, picture.height)
    assert png == picture.png
    assert picture.now_y is not None


async def test_schedule_grid_errors_name_the_option(fake: FakeDiscord, bot: ConfBot) -> None:
    ix = await fake.send_interaction("schedule", {"day": "christmas", "view": "grid"})
    payload = await ix.response()
    assert payload["type"] == 4
    assert is_ephemeral(payload)
    assert "“christmas” is not a conference day" in embeds_of(payload)[0]["description"]
    assert fake.take_rejections() == []
