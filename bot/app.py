"""The one place that builds and wires things: settings in, a running `App` out.

`open_app` builds every part once (database, stores, services, scheduler, tenants) and disposes
of them at the end; `open_served_app` adds the health and metrics server. The command line that
drives them is `bot.cli`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from importlib import metadata
from pathlib import Path
from urllib.parse import urlsplit

from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from bot import observability
from bot.clock import Clock, FrozenClock, SimulatedClock, SystemClock
from bot.config import Settings
from bot.errors import ConfigError, UserError
from bot.model import AgendaChange, DeliveryRecord, DeliveryState
from bot.observability import HealthServer, Metrics, make_checks
from bot.parsing import ParseOptions
from bot.services.admin import AdminService
from bot.services.commands import CommandRunner
from bot.services.conferences import ConferenceSpec, embedded_conference, read_conferences
from bot.services.fetch import FetchConfig, HttpFetcher, check_url
from bot.services.pacing import BudgetConfig, RequestBudget
from bot.services.programs import (
    ProgramService,
    conference_defaults,
    slugify,
)
from bot.services.queries import Queries
from bot.services.reminders import ReminderService
from bot.services.scheduler import Deliverer, Scheduler, SchedulerConfig
from bot.services.sharing import BudgetSharing
from bot.services.tenants import Tenant, Tenants
from bot.services.watch import LEASE, SourceWatcher
from bot.storage import ProgramStore, create_engine_for, make_sessionmaker
from bot.storage.deliveries import DeliveryStore
from bot.storage.dm_channels import DmChannelStore
from bot.storage.journal import MarkJournal
from bot.storage.migrate import SchemaOutOfDate, current_revision, head_revision
from bot.storage.migrate import prepare as prepare_schema
from bot.storage.migrate import upgrade as upgrade_schema
from bot.storage.role_pings import RolePingStore
from bot.storage.senders import SenderStore
from bot.storage.sources import SourceStore
from bot.storage.tenancy import TenancyStore

log = logging.getLogger("bot")

# The scheduler wakes at least every ten minutes; older than this it is stuck.
SCHEDULER_HEALTH_AGE = 900.0


def version() -> str:
    try:
        return metadata.version("confbot")
    except metadata.PackageNotFoundError:
        return "unknown"


@dataclass
class App:
    settings: Settings
    clock: Clock
    tenants: Tenants
    admin: AdminService
    store: ProgramStore
    deliveries: DeliveryStore
    metrics: Metrics
    database_ok: Callable[[], Awaitable[bool]]
    budget: RequestBudget
    dm_channels: DmChannelStore
    journal_path: Path | None = None
    sharing: BudgetSharing | None = None
    scheduler: Scheduler | None = None
    watcher: SourceWatcher | None = None

    @property
    def default(self) -> Tenant:
        """The conference the console and the CLI answer from (`--conference`)."""
        tenant = self.tenants.default
        if tenant is None:
            configured = ", ".join(sorted(self.tenants.specs)) or "none"
            raise ConfigError(
                f"Several conferences are configured ({configured}): choose one with "
                "--conference SLUG."
            )
        return tenant

    @property
    def programs(self) -> ProgramService:
        return self.default.programs

    @property
    def reminders(self) -> ReminderService:
        return self.default.reminders

    @property
    def runner(self) -> CommandRunner:
        default = self.default
        return CommandRunner(
            Queries(self.programs.current, self.clock), default.agenda, default.people
        )

    def wake_scheduler(self) -> None:
        if self.scheduler is not None:
            self.scheduler.wake()

    def make_scheduler(self, deliverer: Deliverer) -> Scheduler:
        """The one delivery scheduler of this process; it wakes when reminders change."""
        shard = None
        if self.settings.shard_count and self.settings.shard_ids:
            shard = (self.settings.shard_count, self.settings.shard_ids)
        self.scheduler = Scheduler(
            self.deliveries,
            self.tenants.programs_of,
            deliverer,
            self.clock,
            owner=f"{socket.gethostname()}:{os.getpid()}",
            config=SchedulerConfig(shard=shard),
            on_delivered=self._delivered,
            budget=self.budget,
            journal=MarkJournal(self.journal_path),
            sole_process=self.journal_path is not None,  # SQLite: one process per file
            agenda_notice=self._agenda_notice,
            role_pings=RolePingStore(self.deliveries.sessionmaker),
        )
        return self.scheduler

    @asynccontextmanager
    async def sending(self) -> AsyncIterator[None]:
        """While it is open, this process counts among those sharing the token's request rate
        (its budget capped at its part); it deregisters when it closes."""
        if self.sharing is None:
            yield
            return
        await self.sharing.join()
        try:
            yield
        finally:
            await self.sharing.leave()

    async def _agenda_notice(self, record: DeliveryRecord) -> tuple[AgendaChange, ...]:
        return await self.tenants.tenant(record.conference).agenda.notice_changes(record)

    def _delivered(self, record: DeliveryRecord, state: DeliveryState, lag: float) -> None:
        if state in (DeliveryState.SENT, DeliveryState.LATE):
            self.metrics.scheduler_lag(lag)


def journal_path(url: str) -> Path | None:
    """The sent-mark journal lives beside a SQLite database (one process per file); with
    PostgreSQL, shared by several processes, it is kept in memory."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database:
        return None
    database = Path(parsed.database)
    return database.with_name(database.name + ".sent-marks")


def sender_name() -> str:
    """This process among the senders: host and pid, and a random part, since containers on
    several hosts may share a pid and a host name may be reused by a restarted container."""
    return f"{socket.gethostname()[:64]}:{os.getpid()}:{secrets.token_hex(4)}"


def make_clock(settings: Settings, at: datetime | None = None) -> Clock:
    if at is not None:
        return FrozenClock(at)
    if settings.simulate_from is not None:
        return SimulatedClock(settings.simulate_from, settings.simulate_speed)
    return SystemClock()


def conference_slug(settings: Settings, program_path: Path) -> str:
    if settings.conference_slug:
        return settings.conference_slug
    defaults = conference_defaults(program_path)
    return slugify(defaults.name or program_path.stem)


def database_label(url: str) -> str:
    """The database URL with its password masked, for status lines and logs."""
    return make_url(url).render_as_string(hide_password=True)


def conference_specs(
    settings: Settings, program: Path | None = None, conference: str | None = None
) -> tuple[tuple[ConferenceSpec, ...], str | None]:
    """The configured conferences and the one the console and CLI answer from.

    With CONFERENCES, those; the default is `conference`, or the only one configured. Without,
    the embedded single conference: `program` (or PROGRAM_PATH), bound to DISCORD_GUILD_ID.
    """
    if settings.conferences:
        specs = read_conferences(settings.conferences)
        default = conference or (specs[0].slug if len(specs) == 1 else None)
        return specs, default
    if settings.program_url and program is None:
        return (watched_conference(settings),), conference or watched_conference(settings).slug
    path = program or settings.program_path
    spec = embedded_conference(path, settings.discord_guild_id, conference_slug(settings, path))
    return (spec,), conference or spec.slug


def watched_conference(settings: Settings) -> ConferenceSpec:
    """The single conference whose program is PROGRAM_URL: nothing is loaded from a file (the
    first fetch loads it); a PROGRAM_PATH set explicitly still lends its conference.toml's
    name, zone and year to pages that do not say."""
    assert settings.program_url is not None
    explicit = "program_path" in settings.model_fields_set
    defaults = conference_defaults(settings.program_path) if explicit else ParseOptions()
    parts = urlsplit(settings.program_url)
    stem = f"{parts.hostname or ''} {Path(parts.path).stem}"
    slug = settings.conference_slug or slugify(defaults.name or stem)
    guilds = (settings.discord_guild_id,) if settings.discord_guild_id is not None else ()
    return ConferenceSpec(slug, None, defaults, guilds)


@asynccontextmanager
async def open_app(
    settings: Settings,
    *,
    at: datetime | None = None,
    program: Path | None = None,
    autoload: bool = True,
    conference: str | None = None,
) -> AsyncIterator[App]:
    """Build every part once, in order; dispose of the engine at the end.

    With `program`, that file is (re)loaded into the default conference; otherwise the stored
    programs are used, and with `autoload` configured programs are loaded into empty
    conferences.
    """
    clock = make_clock(settings, at)
    specs, default = conference_specs(settings, program, conference)
    url = settings.effective_database_url
    engine = create_engine_for(
        url, pool_size=settings.db_pool_size, pool_timeout=settings.db_pool_timeout
    )
    try:
        try:
            await prepare_schema(engine, auto_migrate=settings.auto_migrate)
        except SchemaOutOfDate as error:
            raise ConfigError(str(error)) from error
        maker = make_sessionmaker(engine)
        store = ProgramStore(maker, now=clock.now)
        deliveries = DeliveryStore(maker, now=clock.now)
        wakers: list[Callable[[], None]] = []

        def wake() -> None:
            # Reminders wake the scheduler, which is built later with the Discord client.
            for waker in wakers:
                waker()

        tenants = Tenants(
            store,
            deliveries,
            TenancyStore(maker, now=clock.now),
            clock,
            specs=specs,
            default=default,
            idle_seconds=settings.catalog_idle_minutes * 60,
            wake=wake,
            database_label=database_label(url),
            version=version(),
            burst_rate=settings.discord_rate_limit * SchedulerConfig().plan_share,
        )
        sources = SourceStore(maker)
        admin = AdminService(
            tenants,
            clock,
            database_label=database_label(url),
            version=version(),
            sources=sources,
            allow_http=settings.program_url_allow_http,
        )
        watcher = SourceWatcher(
            sources,
            tenants,
            admin,
            HttpFetcher(
                FetchConfig(
                    timeout=settings.program_url_timeout,
                    max_bytes=settings.program_url_max_bytes,
                    allow_http=settings.program_url_allow_http,
                )
            ),
            owner=f"{socket.gethostname()}:{os.getpid()}",
            # Longer than a fetch and its parse may take, so no second process starts one.
            lease=max(LEASE, timedelta(seconds=2 * settings.program_url_timeout + 60)),
        )
        admin.watch_changed = watcher.wake
        if settings.program_url and default is not None and program is None:
            await watch_program_url(settings, sources, watcher, store, default)
        await tenants.start(autoload=autoload and program is None)
        if default is not None:
            programs = tenants.tenant(default).programs
            if program is not None:
                await programs.load_file(program)
            else:
                with contextlib.suppress(UserError):  # nothing stored yet: `load` fills it
                    await programs.catalog()

        async def database_ok() -> bool:
            try:
                async with asyncio.timeout(3), engine.connect() as connection:
                    await connection.exec_driver_sql("SELECT 1")
            except (OSError, TimeoutError, SQLAlchemyError):
                return False
            return True

        metrics = Metrics(version=version())
        budget = RequestBudget(
            BudgetConfig(rate=settings.discord_rate_limit), on_refused=metrics.discord_refused
        )
        app = App(
            settings=settings,
            clock=clock,
            tenants=tenants,
            admin=admin,
            store=store,
            deliveries=deliveries,
            metrics=metrics,
            database_ok=database_ok,
            budget=budget,
            dm_channels=DmChannelStore(maker),
            journal_path=journal_path(url),
            # Every process on the token shares DISCORD_RATE_LIMIT (registered while it sends).
            sharing=BudgetSharing(
                SenderStore(maker),
                budget,
                name=sender_name(),
                sole_process=journal_path(url) is not None,  # SQLite: one process per file
                on_share=metrics.discord_share,
            ),
            watcher=watcher,
        )
        wakers.append(app.wake_scheduler)
        try:
            yield app
        finally:
            if app.scheduler is not None:
                await app.scheduler.stop()  # before the engine goes: it hands back claims
    finally:
        await engine.dispose()


async def watch_program_url(
    settings: Settings,
    sources: SourceStore,
    watcher: SourceWatcher,
    store: ProgramStore,
    slug: str,
) -> None:
    """PROGRAM_URL: watch it for the default conference; with nothing stored yet, fetch it
    now, so that the configured server is bound to a conference with a program."""
    assert settings.program_url is not None
    url = check_url(
        settings.program_url, allow_http=settings.program_url_allow_http, option="PROGRAM_URL"
    )
    await sources.configure(slug, url, settings.program_url_every)
    if slug not in await store.slugs():
        outcome = await watcher.poll(slug)
        if outcome.result == "failed":
            log.warning("PROGRAM_URL: the first fetch failed: %s", outcome.detail)


def configure_logging(settings: Settings, default: str = "INFO") -> None:
    """Text or JSON lines on stderr; the token and database password never reach a log."""
    secrets = [settings.discord_token.get_secret_value()]
    if settings.database_url:
        password = make_url(settings.database_url).password
        if password:
            secrets.append(str(password))
    observability.configure_logging(
        settings.log_level or default, settings.log_format, secrets=[s for s in secrets if s]
    )


@asynccontextmanager
async def open_served_app(settings: Settings) -> AsyncIterator[App]:
    """`open_app` as the running bot needs it: among the processes sharing the token's request
    rate from before it logs in (so even its first requests keep to its share) until it
    stops, plus /healthz and /metrics on METRICS_PORT (loopback) when it is set."""
    async with open_app(settings) as app, app.sending():
        if settings.metrics_port is None:
            yield app
            return
        checks = make_checks(
            app.metrics,
            app.database_ok,
            app.clock.now,
            last_tick=lambda: app.scheduler.last_tick if app.scheduler else None,
            scheduler_max_age=SCHEDULER_HEALTH_AGE,
        )

        async def collect() -> None:
            app.metrics.set_reminders(await app.deliveries.counts_by_state())

        server = HealthServer(app.metrics, checks, port=settings.metrics_port, collect=collect)
        try:
            await server.start()
        except OSError as error:
            raise ConfigError(f"METRICS_PORT {settings.metrics_port}: {error.strerror}") from error
        try:
            yield app
        finally:
            await server.stop()


async def migrate_database(settings: Settings, *, upgrade: bool) -> str:
    """`db current` (the schema's revision) or `db upgrade` (to the newest): what to print. A
    failed upgrade is rolled back, and raised as a UserError naming the database."""
    url = settings.effective_database_url
    engine = create_engine_for(url)
    try:
        if not upgrade:
            current = await current_revision(engine)
            head = head_revision()
            state = "up to date" if current == head else f"needs upgrade to {head}"
            return f"{database_label(url)}: revision {current or 'none'} ({state})"
        try:
            before, after = await upgrade_schema(engine)
        except SQLAlchemyError as error:
            reason = str(getattr(error, "orig", None) or error)
            raise UserError(
                f"{database_label(url)}: the upgrade failed and was rolled back "
                f"({reason.splitlines()[0]}). A database made before migrations existed cannot "
                "be upgraded in place: back it up and start from an empty one."
            ) from error
        if before == after:
            return f"{database_label(url)}: already at {after}"
        return f"{database_label(url)}: upgraded {before or 'empty'} -> {after}"
    finally:
        await engine.dispose()
