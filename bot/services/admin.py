"""What organisers and the bot's owners may do, and the audit trail of everything they did.

Every admin use case takes an `Actor`: who asks, from which server, whether Discord says they
have Manage Server there, and whether they are one of the bot's owners (the application's owner
or team, plus OWNER_IDS). An organiser acts only on the conference bound to their own server;
what reaches beyond one server (global command sync, binding a server to a conference it does
not own, deployment and database details) is for owners only. Each refusal is logged and kept
in the audit trail, as is every action done, cancelled or failed.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import NoReturn

from bot.clock import Clock
from bot.errors import PermissionDeniedError, UserError
from bot.model import (
    AdminAction,
    Binding,
    ChangeKind,
    ChangeReport,
    GuildSettings,
    ParseWarning,
    PersonClaim,
    PersonLink,
    ProgramSource,
)
from bot.model import Program as ProgramModel
from bot.parsing import ParseOptions
from bot.services.fetch import check_url
from bot.services.programs import LoadResult, Status, parse_program_bytes, slugify
from bot.services.reminders import ReminderEffects
from bot.services.tenants import SETUP, Tenant, Tenants
from bot.storage.reload_plan import program_hash
from bot.storage.sources import SourceStore

log = logging.getLogger(__name__)

Upload = Callable[[], Awaitable[tuple[bytes, str]]]
"""Reads an uploaded file: (its bytes, its name). Called only once the action is allowed."""

DRASTIC_SHARE = 0.25
"""A reload removing more than this share of the sessions is flagged in bold."""

HISTORY_SHOWN = 15

MIN_EVERY, DEFAULT_EVERY, MAX_EVERY = 2, 10, 1440
"""Minutes between fetches of a watched program URL."""

NOT_ORGANISER = "Only organisers (members with the Manage Server permission) can use this command."
OWNERS_ONLY = "Only the bot's owners can {what}; organisers act on their own server only."


@dataclass(frozen=True, slots=True)
class Actor:
    user_id: int
    guild_id: int | None
    manages_guild: bool
    is_owner: bool = False


WATCH = Actor(user_id=0, guild_id=None, manages_guild=False)
"""Who the audit trail says applied a change fetched from a watched program URL."""


@dataclass(frozen=True)
class ReloadPlan:
    """A parsed program not yet applied: what it would change. Apply or drop it."""

    kind: str  # "reload" or "rollback"
    slug: str
    conference: str
    zone: str
    program: ProgramModel
    report: ChangeReport
    reminders: ReminderEffects
    hash_before: str | None
    hash_after: str
    source: str | None
    warnings: tuple[ParseWarning, ...] = ()
    sessions_before: int = 0

    @property
    def removed(self) -> int:
        return len(self.report.of_kind(ChangeKind.REMOVED))

    @property
    def drastic(self) -> bool:
        """More than a quarter of the sessions would go."""
        return self.sessions_before > 0 and self.removed / self.sessions_before > DRASTIC_SHARE


@dataclass(frozen=True)
class Deployment:
    """What only owners see in /admin status."""

    database: str
    version: str
    uptime_seconds: float
    conferences: int
    bound_servers: int
    warm_catalogs: int


@dataclass(frozen=True)
class AdminStatus:
    status: Status
    guilds: int  # servers bound to this conference
    deployment: Deployment | None = None  # owners only
    source: ProgramSource | None = None  # the watched program URL, if any
    settings: GuildSettings | None = None  # this server's announcements, burst post...


@dataclass
class AdminService:
    tenants: Tenants
    clock: Clock
    database_label: str = ""
    version: str = ""
    started: float = field(default_factory=time.monotonic)
    sources: SourceStore | None = None
    allow_http: bool = False
    watch_changed: Callable[[], None] = lambda: None  # wakes the watch loop

    # -- who may -----------------------------------------------------------------------------

    def _organiser(self, actor: Actor) -> None:
        if actor.guild_id is None or not (actor.manages_guild or actor.is_owner):
            raise PermissionDeniedError(NOT_ORGANISER)

    def _tenant(self, actor: Actor) -> Tenant:
        self._organiser(actor)
        return self.tenants.require(actor.guild_id, organiser=True)

    async def refuse(self, actor: Actor, action: str, what: str) -> NoReturn:
        """Log and record a refusal, then raise it."""
        log.warning(
            "refused %s for user %s in guild %s: owners only", action, actor.user_id, actor.guild_id
        )
        await self._record(actor, action, "refused", f"owners only: {what}")
        raise PermissionDeniedError(OWNERS_ONLY.format(what=what))

    async def _record_all(
        self,
        actors: tuple[Actor, ...],
        action: str,
        outcome: str,
        detail: str = "",
        *,
        conference: str | None = None,
        before: str | None = None,
        after: str | None = None,
    ) -> None:
        for actor in actors:
            await self._record(
                actor, action, outcome, detail, conference=conference, before=before, after=after
            )

    async def _record(
        self,
        actor: Actor,
        action: str,
        outcome: str,
        detail: str = "",
        *,
        conference: str | None = None,
        before: str | None = None,
        after: str | None = None,
    ) -> None:
        if conference is None and actor.guild_id is not None:
            binding = self.tenants.binding(actor.guild_id)
            conference = binding.conference if binding else None
        entry = AdminAction(
            action=action,
            outcome=outcome,
            user_id=actor.user_id,
            guild_id=actor.guild_id,
            conference=conference,
            at=self.clock.now(),
            detail=detail,
            hash_before=before,
            hash_after=after,
        )
        try:
            await self.tenants.tenancy.record(entry)
        except Exception:
            log.exception("could not record admin action %s", action)

    # -- reload, with a preview ---------------------------------------------------------------

    async def prepare_reload(self, actor: Actor, upload: Upload | None = None) -> ReloadPlan:
        """Parse the upload (or the configured program file) and say what it would change.
        The upload is read only once the actor may reload this server's conference."""
        tenant = self._tenant(actor)
        programs = tenant.programs
        try:
            if upload is not None:
                data, filename = await upload()
                program = await programs.parse_bytes(data, filename)
            elif tenant.spec is not None and tenant.spec.program is not None:
                program = await programs.parse_file(tenant.spec.program, tenant.spec.overrides)
            else:
                raise UserError(
                    "This conference has no configured program file: attach the program "
                    "(`/admin reload file:<program>`)."
                )
        except UserError as error:
            await self._record(actor, "reload", "failed", str(error)[:300])
            raise
        return await self._plan(tenant, "reload", program)

    async def prepare_rollback(self, actor: Actor) -> ReloadPlan:
        tenant = self._tenant(actor)
        previous = await tenant.programs.previous_version()
        if previous is None:
            raise UserError("There is no earlier program version to go back to.")
        return await self._plan(tenant, "rollback", previous[0])

    async def _plan(self, tenant: Tenant, kind: str, program: ProgramModel) -> ReloadPlan:
        programs = tenant.programs
        try:
            report = await programs.preview(program)
        except ValueError as error:
            raise UserError(str(error)) from error
        # A first load (a watched URL's first fetch) has no reminders to move yet.
        effects = ReminderEffects()
        if not report.first_load:
            effects = await tenant.reminders.preview_reload(report)
        before = await programs.stored_hash()
        counts = (await programs.status()).counts
        return ReloadPlan(
            kind=kind,
            slug=tenant.slug,
            conference=program.conference.name,
            zone=program.conference.timezone,
            program=program,
            report=report,
            reminders=effects,
            hash_before=before,
            hash_after=program_hash(program),
            source=program.conference.source,
            warnings=program.warnings,
            sessions_before=counts.get("sessions", 0),
        )

    async def apply(self, actor: Actor, plan: ReloadPlan) -> LoadResult:
        """Apply a previewed plan, unless the program changed since the preview."""
        tenant = self._tenant(actor)
        if tenant.slug != plan.slug:
            raise PermissionDeniedError("This preview is for another conference.")
        return await self._apply(tenant, plan, actor)

    async def _apply(
        self, tenant: Tenant, plan: ReloadPlan, actor: Actor, *also: Actor
    ) -> LoadResult:
        """The one way a plan is applied: an organiser's preview, or a watched URL's change.
        The audit trail notes it for `actor` and for each of `also` (the watch's servers)."""
        conference = tenant.slug
        before = await tenant.programs.stored_hash()
        if before != plan.hash_before:
            await self._record_all(
                (actor, *also),
                plan.kind,
                "failed",
                "the program changed since the preview",
                conference=conference,
            )
            raise UserError(
                "The program changed since this preview (another organiser reloaded it): "
                "run the command again to see what it would change now."
            )
        try:
            if plan.kind == "rollback":
                result = await tenant.programs.rollback()
            else:
                result = await tenant.programs.load(plan.program)
        except ValueError as error:
            await self._record_all(
                (actor, *also), plan.kind, "failed", str(error)[:300], conference=conference
            )
            raise UserError(str(error)) from error
        after = await tenant.programs.stored_hash()
        report = result.report
        detail = (
            f"{plan.source or 'program'}: {len(report.changes)} changes "
            f"({plan.removed} removed), reminders {plan.reminders.moved} moved, "
            f"{plan.reminders.cancelled} cancelled, {plan.reminders.restored} restored"
        )
        await self._record_all(
            (actor, *also),
            plan.kind,
            "done",
            detail,
            conference=conference,
            before=before,
            after=after,
        )
        log.info("%s by user %s in guild %s: %s", plan.kind, actor.user_id, actor.guild_id, detail)
        return result

    # -- a watched program URL ----------------------------------------------------------------

    async def plan_fetched(self, slug: str, program: ProgramModel) -> ReloadPlan:
        """What a program fetched from the conference's URL would change (as a preview)."""
        return await self._plan(self.tenants.tenant(slug), "reload", program)

    async def apply_fetched(self, plan: ReloadPlan) -> LoadResult:
        """Apply a fetched program through the same path as an organiser's Apply; the audit
        trail of each server bound to the conference names the watch (user 0) as who did it."""
        servers = [replace(WATCH, guild_id=g) for g in self.tenants.guilds_of(plan.slug)]
        first, *others = servers or [WATCH]
        return await self._apply(self.tenants.tenant(plan.slug), plan, first, *others)

    async def set_source(
        self, actor: Actor, url: str, every_minutes: int, alert_channel_id: int | None
    ) -> ProgramSource:
        """`/admin source`: watch `url` for this server's conference."""
        tenant = self._tenant(actor)
        sources = self._sources()
        if not MIN_EVERY <= every_minutes <= MAX_EVERY:
            raise UserError(
                f"/admin source every: give {MIN_EVERY} to {MAX_EVERY} minutes, "
                f"not {every_minutes}."
            )
        checked = check_url(url, allow_http=self.allow_http, option="/admin source url")
        source = await sources.configure(
            tenant.slug, checked, every_minutes, alert_channel_id=alert_channel_id
        )
        await self._record(actor, "source", "done", f"{checked} every {every_minutes} min")
        self.watch_changed()
        return source

    async def stop_source(self, actor: Actor) -> bool:
        """`/admin source url:off`: stop watching; the program loaded stays."""
        tenant = self._tenant(actor)
        removed = await self._sources().remove(tenant.slug)
        await self._record(actor, "source", "done", "stopped watching" if removed else "none")
        return removed

    def _sources(self) -> SourceStore:
        if self.sources is None:
            raise UserError("This bot does not watch program URLs.")
        return self.sources

    async def drop(self, actor: Actor, plan: ReloadPlan, why: str) -> None:
        """The preview was cancelled or timed out: nothing changes; the trail says so."""
        await self._record(
            actor,
            plan.kind,
            why,
            plan.source or "",
            before=plan.hash_before,
            after=plan.hash_before,
        )

    # -- status and history ------------------------------------------------------------------

    async def status(self, actor: Actor) -> AdminStatus:
        tenant = self._tenant(actor)
        status = await tenant.programs.status()
        status = Status(
            conference=status.conference,
            slug=status.slug,
            timezone=status.timezone,
            counts=status.counts,
            database="",
            loaded_at=status.loaded_at,
            uptime_seconds=0.0,
            version="",
        )
        deployment = None
        if actor.is_owner:
            deployment = Deployment(
                database=self.database_label,
                version=self.version,
                uptime_seconds=time.monotonic() - self.started,
                conferences=len(await self.tenants.stored_slugs()),
                bound_servers=len(self.tenants.bindings),
                warm_catalogs=len(self.tenants.warm()),
            )
        source = await self.sources.get(tenant.slug) if self.sources is not None else None
        assert actor.guild_id is not None
        settings = await tenant.reminders.guild_settings(actor.guild_id)
        return AdminStatus(
            status, len(self.tenants.guilds_of(tenant.slug)), deployment, source, settings
        )

    async def history(self, actor: Actor) -> list[AdminAction]:
        """The latest admin actions in this server (never another server's)."""
        self._organiser(actor)
        assert actor.guild_id is not None
        return await self.tenants.tenancy.history(actor.guild_id, HISTORY_SHOWN)

    # -- beyond one server ------------------------------------------------------------------

    async def authorize_global_sync(self, actor: Actor) -> None:
        self._organiser(actor)
        if not actor.is_owner:
            await self.refuse(actor, "sync-global", "publish the commands to every server")

    async def record_sync(self, actor: Actor, scope: str, names: list[str]) -> None:
        await self._record(actor, f"sync-{scope}", "done", f"{len(names)} commands")

    async def setup(
        self,
        actor: Actor,
        *,
        upload: Upload | None = None,
        conference: str | None = None,
        name: str | None = None,
        timezone: str | None = None,
        year: int | None = None,
    ) -> tuple[Binding, LoadResult | None]:
        """Bind this server: to a new conference from an uploaded program (organisers), or to
        an existing conference by slug (owners only: it may be another server's)."""
        self._organiser(actor)
        assert actor.guild_id is not None
        existing = self.tenants.binding(actor.guild_id)
        if conference is not None:
            if not actor.is_owner:
                await self.refuse(actor, "setup", "bind a server to an existing conference")
            if conference not in await self.tenants.stored_slugs():
                raise UserError(f"There is no conference “{conference}”.")
            binding = await self.tenants.bind(actor.guild_id, conference, SETUP, actor.user_id)
            await self._record(actor, "setup", "done", f"bound to {conference}")
            return binding, None
        if existing is not None:
            raise UserError(
                f"This server already answers from {existing.conference}. To change its "
                "program use `/admin reload file:<program>`."
            )
        if upload is None:
            raise UserError("Attach the program: `/admin setup file:<program>`.")
        data, filename = await upload()
        parse_options = ParseOptions(name, timezone, year, filename)
        try:
            program = await asyncio.to_thread(parse_program_bytes, data, parse_options)
        except UserError as error:
            await self._record(actor, "setup", "failed", str(error)[:300])
            raise
        slug = f"{slugify(program.conference.name)[:60]}-{actor.guild_id}"
        tenant = self.tenants.tenant(slug)
        try:
            result = await tenant.programs.load(program)
        except ValueError as error:
            await self._record(actor, "setup", "failed", str(error)[:300])
            raise UserError(str(error)) from error
        binding = await self.tenants.bind(actor.guild_id, slug, SETUP, actor.user_id)
        await self._record(
            actor,
            "setup",
            "done",
            f"new conference {slug} from {filename}",
            conference=slug,
            after=await tenant.programs.stored_hash(),
        )
        return binding, result

    # -- this server's announcements and chair reminders --------------------------------------

    async def set_announcements(
        self, actor: Actor, channel_id: int | None, minutes: int = 5, role_id: int | None = None
    ) -> GuildSettings:
        tenant = self._tenant(actor)
        assert actor.guild_id is not None
        settings = await tenant.reminders.set_announcements(
            actor.guild_id, channel_id, minutes, role_id
        )
        what = "off" if channel_id is None else f"channel {channel_id}, {minutes} min"
        await self._record(actor, "announce", "done", what)
        return settings

    async def set_burst_post(
        self,
        actor: Actor,
        threshold: int | None,
        channel_id: int | None = None,
        role_id: int | None = None,
    ) -> GuildSettings:
        """The Discord side checked already that the bot may post there and give the role."""
        tenant = self._tenant(actor)
        assert actor.guild_id is not None
        settings = await tenant.reminders.set_burst_post(
            actor.guild_id, threshold, channel_id, role_id
        )
        what = "off" if threshold is None else f"over {threshold}: channel {channel_id}"
        await self._record(actor, "burst-post", "done", what)
        return settings

    async def set_chair_reminders(self, actor: Actor, minutes: int | None) -> GuildSettings:
        tenant = self._tenant(actor)
        assert actor.guild_id is not None
        settings = await tenant.reminders.set_chair_reminders(actor.guild_id, minutes)
        what = "off" if minutes is None else f"{minutes} min"
        await self._record(actor, "chair-reminders", "done", what)
        return settings

    async def link_person(
        self, actor: Actor, person: str, member_id: int
    ) -> tuple[PersonLink, GuildSettings]:
        """Link an author or chair of this server's conference to one of its members."""
        tenant = self._tenant(actor)
        assert actor.guild_id is not None
        link = await tenant.people.link(actor.guild_id, person, member_id)
        await self._record(actor, "link", "done", f"{link.name} -> {member_id}")
        return link, await tenant.reminders.guild_settings(actor.guild_id)

    async def decide_claim(self, actor: Actor, claim_id: int, approve: bool) -> PersonClaim:
        """An organiser approves or rejects a member's claim to be a person of the program."""
        tenant = self._tenant(actor)
        assert actor.guild_id is not None
        try:
            claim = await tenant.people.decide(actor.guild_id, claim_id, approve, actor.user_id)
        except UserError as error:
            await self._record(actor, "claim", "failed", f"#{claim_id}: {error}"[:300])
            raise
        await self._record(
            actor, "claim", "done", f"#{claim.id} {claim.name} -> {claim.user_id}: {claim.state}"
        )
        return claim
