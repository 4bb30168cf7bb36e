"""Conferences as tenants: every server answers from the one conference it is bound to.

`Tenants` holds one `Tenant` (its programs and reminders) per conference, created on first use,
and the bindings of servers to conferences (from the operator's CONFERENCES, or `/admin setup`).
Every front-end request starts here: a guild id gives the tenant, or a `NotBoundError` that says
what to do. A conference's catalog and search index are built on first use and dropped after
`idle_seconds` without one, so memory follows the conferences in use, not those configured.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from bot.clock import Clock
from bot.errors import UserError
from bot.model import Binding
from bot.services.agenda import AgendaService
from bot.services.answer_memo import AnswerMemo
from bot.services.commands import CommandRunner
from bot.services.conferences import ConferenceSpec
from bot.services.people import PeopleService
from bot.services.programs import NO_OVERRIDES, ProgramService, ReloadListener
from bot.services.queries import Queries
from bot.services.reminders import ReminderService
from bot.storage import ProgramStore
from bot.storage.agenda import AgendaStore
from bot.storage.deliveries import DeliveryStore
from bot.storage.people import PeopleStore
from bot.storage.tenancy import TenancyStore

log = logging.getLogger(__name__)

ATTENDEE_UNBOUND = (
    "This server has no conference set up yet, so there is no program to answer from. "
    "Ask the organisers to set one up."
)
ORGANISER_UNBOUND = (
    "This server has no conference yet. To set one up, upload your program with "
    "`/admin setup file:<program>` (program text, pretalx schedule.json, frab XML or .ics; give "
    "`name`, `timezone` and `year` when the file does not say). The bot's operator can also "
    "bind this server in the CONFERENCES setting."
)
DM_UNBOUND = "Use this command in your conference's Discord server."

CONFIG = "config"
SETUP = "setup"


class NotBoundError(UserError):
    """The server has no conference; the message says what to do about it."""


@dataclass
class Tenant:
    """One conference: its program, the reminders set for it, and what the operator said."""

    slug: str
    programs: ProgramService
    reminders: ReminderService
    spec: ConferenceSpec | None
    clock: Clock = field(repr=False)
    agenda: AgendaService = field(repr=False, kw_only=True)
    people: PeopleService = field(repr=False, kw_only=True)
    memo: AnswerMemo = field(default_factory=AnswerMemo, repr=False, kw_only=True)

    async def runner(self) -> CommandRunner:
        """Answers over the current catalog (built now if it was dropped); searched answers
        are remembered for that catalog (`AnswerMemo`)."""
        catalog = await self.programs.catalog()
        queries = Queries(lambda: catalog, self.clock)
        return CommandRunner(queries, self.agenda, self.people, memo=self.memo)


class Tenants:
    def __init__(
        self,
        store: ProgramStore,
        deliveries: DeliveryStore,
        tenancy: TenancyStore,
        clock: Clock,
        *,
        specs: Iterable[ConferenceSpec] = (),
        default: str | None = None,
        idle_seconds: float = 1800.0,
        wake: Callable[[], None] = lambda: None,
        database_label: str = "",
        version: str = "",
        monotonic: Callable[[], float] = time.monotonic,
        burst_rate: float | None = None,
        agenda: AgendaStore | None = None,
    ) -> None:
        self._burst_rate = burst_rate  # sends a second a reminder burst is planned at
        self._agenda = agenda or AgendaStore(deliveries.sessionmaker, now=clock.now)
        self._store = store
        self._deliveries = deliveries
        self.tenancy = tenancy
        self._clock = clock
        self.specs = {spec.slug: spec for spec in specs}
        self.default_slug = default
        self.idle_seconds = idle_seconds
        self._wake = wake
        self._database_label = database_label
        self._version = version
        self._monotonic = monotonic
        self._tenants: dict[str, Tenant] = {}
        self._bindings: dict[int, Binding] = {}
        self._listeners: list[ReloadListener] = []
        self._built: list[Callable[[], None]] = []

    # -- tenants ----------------------------------------------------------------------------

    def tenant(self, slug: str) -> Tenant:
        """The tenant of conference `slug`, created (without reading anything) on first use."""
        found = self._tenants.get(slug)
        if found is not None:
            return found
        spec = self.specs.get(slug)
        programs = ProgramService(
            self._store,
            slug,
            self._clock,
            defaults=spec.defaults if spec is not None else NO_OVERRIDES,
            # Set up by its organisers: later uploads keep the name, zone and year stored.
            inherit_stored=spec is None,
            database_label=self._database_label,
            version=self._version,
            versions=self.tenancy,
            monotonic=self._monotonic,
        )
        reminders = ReminderService(
            self._deliveries, programs, self._clock, wake=self._wake, burst_rate=self._burst_rate
        )
        agenda = AgendaService(self._agenda, self._deliveries, programs, reminders, self._clock)
        # The agenda's listener runs the reminders' too, so a person is told once per reload.
        programs.on_reload(agenda.on_reload)
        for listener in self._listeners:
            programs.on_reload(listener)
        for callback in self._built:
            programs.on_catalog_built(callback)
        people = PeopleService(
            PeopleStore(self._deliveries.sessionmaker), programs, reminders, self._clock
        )
        tenant = Tenant(slug, programs, reminders, spec, self._clock, agenda=agenda, people=people)
        self._tenants[slug] = tenant
        return tenant

    async def stored_slugs(self) -> list[str]:
        return await self._store.slugs()

    def programs_of(self, slug: str) -> ProgramService:
        """For the scheduler: the programs of the conference a delivery belongs to."""
        return self.tenant(slug).programs

    @property
    def default(self) -> Tenant | None:
        """The console's conference, and the one direct messages answer from (if any)."""
        return self.tenant(self.default_slug) if self.default_slug else None

    def on_reload(self, listener: ReloadListener) -> None:
        """Call `listener` after every changing load of any conference."""
        self._listeners.append(listener)
        for tenant in self._tenants.values():
            tenant.programs.on_reload(listener)

    def on_catalog_built(self, callback: Callable[[], None]) -> None:
        """Call `callback` after every catalog built, of any conference."""
        self._built.append(callback)
        for tenant in self._tenants.values():
            tenant.programs.on_catalog_built(callback)

    async def start(self, *, autoload: bool = True) -> None:
        """Load configured programs into empty conferences, and bind the configured servers
        (the configuration wins over an earlier `/admin setup`)."""
        stored = set(await self._store.slugs())
        for spec in self.specs.values():
            if spec.slug not in stored and spec.program is not None and autoload:
                log.info("no program stored for %s; loading %s", spec.slug, spec.program)
                await self.tenant(spec.slug).programs.load_file(spec.program, spec.overrides)
                stored.add(spec.slug)
        configured = {g: s.slug for s in self.specs.values() for g in s.guilds}
        for binding in await self.tenancy.bindings():
            if binding.origin == CONFIG and configured.get(binding.guild_id) != binding.conference:
                await self.tenancy.unbind(binding.guild_id)
                log.info("server %s is no longer configured; unbound", binding.guild_id)
        for guild_id, slug in configured.items():
            if slug in stored:
                await self.tenancy.bind(guild_id, slug, CONFIG)
            else:
                log.warning("server %s: conference %s has no program yet", guild_id, slug)
        await self.reload_bindings()

    async def reload_bindings(self) -> bool:
        """Read the bindings again (another process may have run /admin setup)."""
        bindings = {b.guild_id: b for b in await self.tenancy.bindings()}
        changed = bindings != self._bindings
        self._bindings = bindings
        return changed

    # -- bindings ---------------------------------------------------------------------------

    def binding(self, guild_id: int) -> Binding | None:
        return self._bindings.get(guild_id)

    def guilds_of(self, slug: str) -> list[int]:
        return sorted(g for g, b in self._bindings.items() if b.conference == slug)

    @property
    def bindings(self) -> list[Binding]:
        return list(self._bindings.values())

    async def bind(self, guild_id: int, slug: str, origin: str, bound_by: int | None) -> Binding:
        binding = await self.tenancy.bind(guild_id, slug, origin, bound_by)
        self._bindings[guild_id] = binding
        return binding

    def for_guild(self, guild_id: int | None) -> Tenant | None:
        """The tenant a server (or, for None, a direct message) answers from, if any."""
        if guild_id is None:
            return self.default
        binding = self._bindings.get(guild_id)
        return None if binding is None else self.tenant(binding.conference)

    def require(self, guild_id: int | None, *, organiser: bool = False) -> Tenant:
        """`for_guild`, or a NotBoundError saying what to do (organisers: how to set one up)."""
        tenant = self.for_guild(guild_id)
        if tenant is not None:
            return tenant
        if guild_id is None:
            raise NotBoundError(DM_UNBOUND)
        raise NotBoundError(ORGANISER_UNBOUND if organiser else ATTENDEE_UNBOUND)

    # -- memory -----------------------------------------------------------------------------

    def warm(self) -> list[str]:
        """Conferences whose catalog is in memory."""
        return sorted(slug for slug, t in self._tenants.items() if t.programs.loaded)

    def evict_idle(self) -> list[str]:
        """Drop the catalogs not used for `idle_seconds`; the slugs dropped."""
        limit = self._monotonic() - self.idle_seconds
        dropped = [
            slug
            for slug, tenant in self._tenants.items()
            if tenant.programs.loaded
            and tenant.programs.last_used < limit
            and tenant.programs.evict()
        ]
        for slug in dropped:
            self._tenants[slug].memo.clear()  # its answers would keep the program alive
        if dropped:
            log.info("dropped %d idle catalogs", len(dropped))
        return dropped

    async def refresh(self) -> bool:
        """Pick up bindings and programs changed by another process; True if anything did."""
        changed = await self.reload_bindings()
        for tenant in list(self._tenants.values()):
            changed |= await tenant.programs.refresh()
        return changed
