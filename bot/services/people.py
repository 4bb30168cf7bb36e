"""Where am I on: members linked to the people of the program (authors and chairs).

An organiser links a person to a member (`/admin link`), or a member claims a name (`/me
claim`) and an organiser approves it. A linked member sees what they present and chair
(`/me show`), and gets a DM before each of their sessions while the server has chair and talk
reminders on, unless they turn theirs off (`/me reminders off`). Only organisers link and
decide; that is checked by `AdminService`, which calls `link` and `decide` here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.clock import Clock
from bot.errors import NotFoundError, UserError
from bot.folding import fold
from bot.model import MeAnswer, PersonAnswer, PersonClaim, PersonLink
from bot.services.programs import ProgramService
from bot.services.queries import Queries
from bot.services.reminders import ReminderService
from bot.storage.people import PeopleStore

log = logging.getLogger(__name__)

APPROVED = "approved"
REJECTED = "rejected"


class NotLinkedError(UserError):
    """The member is linked to nobody of the program."""


class PeopleService:
    def __init__(
        self,
        store: PeopleStore,
        programs: ProgramService,
        reminders: ReminderService,
        clock: Clock,
        *,
        wake: Callable[[], None] = lambda: None,
    ) -> None:
        self._store = store
        self._programs = programs
        self._reminders = reminders
        self._clock = clock
        self._wake = wake

    @property
    def _slug(self) -> str:
        return self._programs.slug

    async def _person(self, query: str) -> PersonAnswer:
        catalog = await self._programs.catalog()
        return Queries(lambda: catalog, self._clock).author(query)

    async def _replan(self, guild_id: int) -> None:
        await self._reminders.sync_guild(await self._reminders.guild_settings(guild_id))

    # -- organisers (checked by AdminService) -------------------------------------------------

    async def link(
        self, guild_id: int, person_query: str, user_id: int, origin: str = "organiser"
    ) -> PersonLink:
        """Link the person a name finds to a member; their reminders are planned at once."""
        person = await self._person(person_query)
        link = await self._store.link(self._slug, guild_id, person.name, user_id, origin)
        await self._replan(guild_id)
        return link

    async def decide(
        self, guild_id: int, claim_id: int, approve: bool, organiser_id: int
    ) -> PersonClaim:
        """Approve (linking the name to the claimant) or reject a pending claim."""
        try:
            claim, decided = await self._store.decide(
                self._slug, guild_id, claim_id, APPROVED if approve else REJECTED, organiser_id
            )
        except LookupError as error:
            raise UserError(f"There is no claim #{claim_id} in this server.") from error
        if not decided:
            who = f" by <@{claim.decided_by}>" if claim.decided_by else ""
            raise UserError(f"This claim was already {claim.state}{who}.")
        if approve:
            await self._store.link(self._slug, guild_id, claim.name, claim.user_id, "claim")
            await self._replan(guild_id)
        log.info("claim %d %s by user %s", claim.id, claim.state, organiser_id)
        return claim

    # -- members ------------------------------------------------------------------------------

    async def claim(self, guild_id: int, user_id: int, name: str) -> PersonClaim:
        """A pending claim of the person `name` finds, for the organisers to decide."""
        person = await self._person(name)
        for link in await self._store.links_of(self._slug, guild_id, user_id):
            if link.name == person.name:
                raise UserError(f"You are already linked to {person.name}: see `/me show`.")
        return await self._store.add_claim(self._slug, guild_id, person.name, user_id)

    async def me(self, guild_id: int, user_id: int) -> MeAnswer:
        links = await self._store.links_of(self._slug, guild_id, user_id)
        pending = tuple(
            c.name for c in await self._store.pending_claims(self._slug, guild_id, user_id)
        )
        if not links:
            waiting = (
                f" Your claim of {', '.join(pending)} waits for the organisers." if pending else ""
            )
            raise NotLinkedError(
                "You are not linked to anyone in the program yet. Claim your name with "
                f"`/me claim name:<your name>`, or ask an organiser to link you.{waiting}"
            )
        catalog = await self._programs.catalog()
        queries = Queries(lambda: catalog, self._clock)
        people = []
        for link in links:
            try:
                found = queries.author(link.name)
            except NotFoundError:
                found = None
            # Matching is fuzzy: once a reload dropped the person, another could answer.
            if found is None or fold(found.name) != fold(link.name):
                log.info("a linked person is no longer in the program of %s", self._slug)
                continue  # the link stays, for a rollback that brings them back
            people.append(found)
        if not people:
            gone = ", ".join(link.name for link in links)
            raise NotLinkedError(f"You are linked to {gone}, who is no longer in the program.")
        settings = await self._reminders.guild_settings(guild_id)
        return MeAnswer(
            user_id=user_id,
            people=tuple(people),
            reminders=all(link.reminders for link in links),
            reminder_minutes=settings.chair_minutes,
            pending=pending,
            zone=catalog.zone_name,
        )

    async def set_reminders(self, guild_id: int, user_id: int, on: bool) -> MeAnswer:
        """Turn the member's automatic chair and talk reminders on or off (all their links)."""
        changed = await self._store.set_reminders(self._slug, guild_id, user_id, on)
        if not changed:
            raise NotLinkedError(
                "You are not linked to anyone in the program, so there are no reminders to "
                "turn on or off. Claim your name first: `/me claim name:<your name>`."
            )
        await self._replan(guild_id)
        return await self.me(guild_id, user_id)
