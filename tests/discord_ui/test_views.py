"""Long answers page through buttons that only the asker can press; the fake validates every
page against Discord's limits (any rejection fails the test)."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import App
from bot.discord_ui import embeds, layout
from bot.discord_ui.client import ConfBot
from bot.discord_ui.views import COUNTER_ID, NEXT_ID, PREVIOUS_ID
from tests.discord_ui.conftest import embeds_of, is_ephemeral, text_of
from tests.fakediscord.fixtures import StartBot
from tests.fakediscord.server import FakeDiscord, FakeMessage

POSTERS = "Welcome reception & EuroSys poster session"


def buttons(message: FakeMessage) -> dict[str, dict[str, object]]:
    return {c["custom_id"]: c for c in message.iter_components() if c.get("type") == 2}


async def page_through(fake: FakeDiscord, message: FakeMessage) -> list[str]:
    """Press ▶ until it is disabled, as the asker; the text of every page in order."""
    texts = [text_of(message.embeds)]
    while buttons(message) and not buttons(message)[NEXT_ID].get("disabled"):
        click = await fake.click_button(message, NEXT_ID)
        assert (await click.response())["type"] == 7  # the message itself is updated
        texts.append(text_of(message.embeds))
        assert buttons(message)[COUNTER_ID]["label"] == f"{len(texts)}/{buttons_total(message)}"
    return texts


def buttons_total(message: FakeMessage) -> int:
    return int(str(buttons(message)[COUNTER_ID]["label"]).split("/")[1])


async def test_the_biggest_session_pages_through_every_paper(
    fake: FakeDiscord, bot: ConfBot, app: App
) -> None:
    ix = await fake.send_interaction("session", {"query": POSTERS})
    payload = await ix.response()
    assert not is_ephemeral(payload)
    message = ix.original
    assert message is not None
    first = buttons(message)
    assert first[PREVIOUS_ID]["disabled"] is True
    assert first[COUNTER_ID]["disabled"] is True
    assert not first[NEXT_ID].get("disabled")

    texts = await page_through(fake, message)
    total = buttons_total(message)
    assert len(texts) == total > 2
    assert message.embeds[-1]["footer"]["text"] == f"Page {total} of {total}"

    [posters] = [s for s in app.programs.current().program.sessions if s.title == POSTERS]
    assert len(posters.papers) == 56
    shown = "\n".join(texts)
    for number, paper in enumerate(posters.papers, start=1):
        assert f"**{number}. {layout.esc(paper.title)}**" in shown

    back = await fake.click_button(message, PREVIOUS_ID)
    await back.response()
    assert buttons(message)[COUNTER_ID]["label"] == f"{total - 1}/{total}"
    assert text_of(message.embeds) == texts[-2]


async def test_only_the_asker_can_turn_the_pages(fake: FakeDiscord, bot: ConfBot) -> None:
    ix = await fake.send_interaction("session", {"query": POSTERS}, user=fake.member)
    await ix.response()
    message = ix.original
    assert message is not None
    before = text_of(message.embeds)

    other = await fake.click_button(message, NEXT_ID, user=fake.admin)
    payload = await other.response()
    assert payload["type"] == 4
    assert is_ephemeral(payload)
    assert payload["data"]["content"].startswith(f"Only <@{fake.member.id}> can turn these pages")
    assert text_of(message.embeds) == before
    assert message.history == []  # the asker's message was not touched

    mine = await fake.click_button(message, NEXT_ID, user=fake.member)
    assert (await mine.response())["type"] == 7
    assert text_of(message.embeds) != before


async def test_the_most_prolific_author_and_affiliation_render_within_the_limits(
    fake: FakeDiscord, bot: ConfBot, app: App
) -> None:
    catalog = app.programs.current()
    author = max(catalog.people.values(), key=lambda rs: sum(len(r.papers) for r in rs))[0]
    affiliation = max(catalog.affiliations.values(), key=lambda a: len(a.people))
    for command, name in (("author", author.name), ("affiliation", affiliation.name)):
        ix = await fake.send_interaction(command, {"name": name})
        await ix.response()
        assert ix.original is not None
        shown = "\n".join(await page_through(fake, ix.original))
        assert layout.esc(name) in shown
        if command == "author":
            assert all(layout.esc(ref.paper.title) in shown for ref in author.papers)
        else:
            assert all(layout.esc(person) in shown for person in affiliation.people)


async def test_the_buttons_go_after_the_timeout(
    fake: FakeDiscord, start_bot: StartBot, make_bot: Callable[..., ConfBot]
) -> None:
    bot = await start_bot(make_bot(page_timeout=0.2))
    ix = await fake.send_interaction("session", {"query": POSTERS})
    await ix.response()
    message = ix.original
    assert message is not None
    click = await fake.click_button(message, NEXT_ID)
    await click.response()
    edit = await fake.wait_for_edit(click)  # the last press's token edits the message
    # The page buttons go; the persistent *Add to my agenda* stays.
    left = [c["custom_id"] for row in edit.body["components"] for c in row["components"]]
    assert len(left) == 1
    assert left[0].startswith("confbot:agenda:add:session:")
    assert [c.get("custom_id") for c in message.iter_components() if c["type"] == 2] == left
    assert message.embeds[0]["footer"]["text"].startswith("Page 2 of")
    assert isinstance(bot, ConfBot)
    assert bot.pager.live == []


async def test_pages_no_one_holds_any_more_answer_as_expired(
    fake: FakeDiscord, bot: ConfBot
) -> None:
    ix = await fake.send_interaction("session", {"query": POSTERS})
    await ix.response()
    assert ix.original is not None
    bot.pager.stop_all()  # as after a restart: the buttons are there, their pages are not
    click = await fake.click_button(ix.original, NEXT_ID)
    payload = await click.response()
    assert is_ephemeral(payload)
    assert embeds_of(payload)[0]["description"] == embeds.PAGES_EXPIRED
