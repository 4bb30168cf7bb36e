"""Where am I on: links of people to members, claims and their decision, and the automatic
chair and talk reminders a linked member can turn off. Real SQLite (and PostgreSQL when
TEST_DATABASE_URL is set) through the services, with a frozen clock."""

from __future__ import annotations

import pytest

from bot.errors import UserError
from bot.model import DeliveryKind
from bot.parsing.text import parse_text
from bot.services.people import NotLinkedError, PeopleService
from bot.storage.people import PeopleStore
from tests.services.test_reminders import GUILD, OPTIONS, OTHER, PROGRAM, USER, World
from tests.services.test_reminders import world as world  # the same world: program, stores, clock


@pytest.fixture
def people(world: World) -> PeopleService:
    return PeopleService(
        PeopleStore(world.store.sessionmaker), world.programs, world.reminders, world.clock
    )


async def pending_for(world: World, user: int) -> list[tuple[str, str]]:
    return sorted(
        (r.kind.value, r.due_at.strftime("%H:%M"))
        for r in await world.store.pending("test")
        if r.user_id == user
    )


async def test_a_linked_author_and_chair_get_their_reminders_unless_they_turn_them_off(
    world: World, people: PeopleService
) -> None:
    await world.reminders.set_chair_reminders(GUILD, 15)
    await people.link(GUILD, "ana silva", USER)  # keynote speaker, and author in Storage
    await people.link(GUILD, "bo li", OTHER)  # chairs the keynote and Networks
    assert await pending_for(world, USER) == [("speaker", "06:45"), ("speaker", "08:15")]
    assert await pending_for(world, OTHER) == [("chair", "06:45"), ("chair", "08:15")]

    me = await people.me(GUILD, USER)
    [ana] = me.people
    assert ana.name == "Ana Silva"
    assert [ref.paper.title for ref in ana.papers] == ["The Future", "A Fast Graph Store"]
    assert "Di Wu" in ana.coauthors
    assert me.reminders
    assert me.reminder_minutes == 15

    off = await people.set_reminders(GUILD, USER, on=False)
    assert not off.reminders
    assert await pending_for(world, USER) == []
    assert await pending_for(world, OTHER) == [("chair", "06:45"), ("chair", "08:15")]
    await people.set_reminders(GUILD, USER, on=True)
    assert await pending_for(world, USER) == [("speaker", "06:45"), ("speaker", "08:15")]

    world.clock.set(world.clock.now().replace(hour=6, minute=45))  # 08:45 CEST, UTC here
    assert await world.scheduler().run_once() == 2
    kinds = {(d.record.user_id, d.record.kind) for d in world.deliverer.sent}
    assert kinds == {(USER, DeliveryKind.SPEAKER), (OTHER, DeliveryKind.CHAIR)}


async def test_a_claim_links_only_once_an_organiser_approves_it(
    world: World, people: PeopleService
) -> None:
    with pytest.raises(NotLinkedError, match="/me claim"):
        await people.me(GUILD, USER)
    claim = await people.claim(GUILD, USER, "cy ng")
    assert (claim.name, claim.state) == ("Cy Ng", "pending")
    assert await people.claim(GUILD, USER, "Cy Ng") == claim  # asking again: the same claim
    with pytest.raises(NotLinkedError, match="Your claim of Cy Ng waits"):
        await people.me(GUILD, USER)
    decided = await people.decide(GUILD, claim.id, approve=True, organiser_id=OTHER)
    assert (decided.state, decided.decided_by) == ("approved", OTHER)
    me = await people.me(GUILD, USER)
    assert [p.name for p in me.people] == ["Cy Ng"]
    assert [s.title for s in me.people[0].chairs] == ["Storage"]
    with pytest.raises(UserError, match="already approved"):
        await people.decide(GUILD, claim.id, approve=False, organiser_id=OTHER)
    with pytest.raises(UserError, match="already linked"):
        await people.claim(GUILD, USER, "cy ng")


async def test_a_rejected_claim_links_nobody_and_claims_of_other_servers_are_not_found(
    people: PeopleService,
) -> None:
    claim = await people.claim(GUILD, USER, "ed po")
    rejected = await people.decide(GUILD, claim.id, approve=False, organiser_id=OTHER)
    assert rejected.state == "rejected"
    with pytest.raises(NotLinkedError):
        await people.me(GUILD, USER)
    other = await people.claim(GUILD, USER, "fay qi")
    with pytest.raises(UserError, match=f"no claim #{other.id} in this server"):
        await people.decide(GUILD + 1, other.id, approve=True, organiser_id=OTHER)
    with pytest.raises(NotLinkedError):
        await people.set_reminders(GUILD, USER, on=False)


async def test_a_person_dropped_by_a_reload_is_not_shown_as_someone_else(
    world: World, people: PeopleService
) -> None:
    await people.link(GUILD, "fay qi", USER)
    await people.link(GUILD, "ed po", USER)
    edited = PROGRAM.replace("Always-On Networks\nFay Qi (Uni F)\n", "")
    await world.programs.load(parse_text(edited, OPTIONS))
    me = await people.me(GUILD, USER)
    assert [p.name for p in me.people] == ["Ed Po"]
