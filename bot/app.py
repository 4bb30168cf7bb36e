"""The one place that builds and wires things, and the command line.

`python -m bot`                 the Discord bot when DISCORD_TOKEN is set, else the console
`python -m bot console`         the offline console (same commands as Discord)
`python -m bot ask CMD [TEXT]`  answer one command as plain text
`python -m bot load PATH`       load or reload a program, print what changed
`python -m bot parse PATH`      print a program file as JSON (program.schema.json)
`python -m bot train-parser`    rebuild the parser's line model from the corpus in tests/data
`python -m bot sync [--global]` publish the slash commands to DISCORD_GUILD_ID, or globally
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from importlib import metadata
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from bot import observability, progress
from bot.clock import Clock, FrozenClock, SimulatedClock, SystemClock
from bot.config import Settings
from bot.console import (
    answer,
    interactive,
    render_change_report,
    render_error,
    render_explanation,
    render_warnings,
    write_grid,
)
from bot.errors import ConfigError, ProgramParseError, ProgramRejectedError, UserError
from bot.exitcodes import EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE
from bot.model import AgendaChange, DeliveryRecord, DeliveryState, GridAnswer
from bot.observability import HealthServer, Metrics, make_checks
from bot.parsing import ParseOptions
from bot.parsing.export import program_to_json
from bot.parsing.labeller.corpus import CorpusMissing, training_documents
from bot.parsing.labeller.model import MODEL_PATH
from bot.parsing.labeller.train import train_model
from bot.services.admin import AdminService
from bot.services.commands import CommandRunner
from bot.services.conferences import ConferenceSpec, embedded_conference, read_conferences
from bot.services.fetch import FetchConfig, HttpFetcher, check_url
from bot.services.pacing import BudgetConfig, RequestBudget
from bot.services.programs import (
    ProgramService,
    conference_defaults,
    explain_program_file,
    read_program_file,
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
from bot.storage.migrate import SchemaOutOfDate, current_revision, head_revision, upgrade
from bot.storage.migrate import prepare as prepare_schema
from bot.storage.role_pings import RolePingStore
from bot.storage.senders import SenderStore
from bot.storage.sources import SourceStore
from bot.storage.tenancy import TenancyStore

log = logging.getLogger("bot")

# The corpus the line model is trained from: a source checkout's; an installed copy has none.
SOURCE_CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data"
# The scheduler wakes at least every ten minutes; older than this it is stuck.
SCHEDULER_HEALTH_AGE = 900.0


def version() -> str:
    try:
        return metadata.version("confbot")
    except metadata.PackageNotFoundError:
        return "unknown"


class _Parser(argparse.ArgumentParser):
    """argparse that exits 2 with one line, the way the rest of the CLI reports errors."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: {message}\n(see {self.prog} --help)\n")


def _aware_datetime(text: str) -> datetime:
    try:
        value = datetime.fromisoformat(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not an ISO date-time such as 2025-04-02T14:30+02:00"
        ) from error
    if value.tzinfo is None:
        raise argparse.ArgumentTypeError(f"{text!r} needs a UTC offset, e.g. +02:00")
    return value


def _time_zone(text: str) -> str:
    try:
        ZoneInfo(text)
    except (ValueError, ZoneInfoNotFoundError) as error:
        raise argparse.ArgumentTypeError(
            f"unknown time zone {text!r}; give an IANA name such as Europe/Amsterdam"
        ) from error
    return text


def _calendar_day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{text!r} is not a day such as 2025-04-01") from error


def _add_conference_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--timezone", type=_time_zone, help="IANA time zone, e.g. Europe/Amsterdam")
    parser.add_argument("--year", type=int, help="year of the conference, when the text omits it")
    parser.add_argument("--name", help="conference name")
    parser.add_argument(
        "--first-day",
        type=_calendar_day,
        metavar="YYYY-MM-DD",
        help="the conference's first day, for a program that prints no dates",
    )


def _add_conference_choice(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--conference",
        metavar="SLUG",
        help="which conference (needed when CONFERENCES lists several)",
    )


def _add_data_options(parser: argparse.ArgumentParser) -> None:
    _add_conference_choice(parser)
    parser.add_argument(
        "--program",
        type=Path,
        help="program file to answer from (default: PROGRAM_PATH, else the bundled program)",
    )
    parser.add_argument(
        "--at",
        type=_aware_datetime,
        metavar="ISO-DATETIME",
        help="answer as if it were this moment (for now/next/schedule)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m bot", description="confbot: a conference program bot")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    parse = commands.add_parser("parse", help="print a program file as JSON")
    parse.add_argument(
        "path",
        type=Path,
        help="program text or page, spreadsheet (csv, xlsx, ods), pretalx json or frab xml",
    )
    _add_conference_options(parse)
    parse.add_argument(
        "--explain",
        action="store_true",
        help="print how every line and item was read, with a confidence, instead of the JSON",
    )
    train = commands.add_parser(
        "train-parser",
        help="rebuild the line model of `parse --explain` from the corpus (a source checkout's)",
    )
    train.add_argument(
        "--corpus",
        type=Path,
        default=SOURCE_CORPUS,
        metavar="DIR",
        help="the corpus folder (default: tests/data of this source checkout)",
    )
    train.add_argument(
        "--output",
        type=Path,
        default=MODEL_PATH,
        metavar="FILE",
        help="where to write the model (default: the one the package ships)",
    )
    console = commands.add_parser("console", help="the offline console")
    _add_data_options(console)
    ask = commands.add_parser("ask", help="answer one command as plain text")
    ask.add_argument(
        "words",
        nargs="+",
        metavar="COMMAND [TEXT...]",
        help="e.g. chair Helix, or now --at 2025-04-02T14:30+02:00",
    )
    _add_data_options(ask)
    grid = commands.add_parser("grid", help="draw a day's timetable as a PNG picture")
    grid.add_argument(
        "--day", default=None, help="today, tomorrow, a weekday or a date (default: today)"
    )
    grid.add_argument("--room", default=None, help="only this room")
    grid.add_argument(
        "-o", "--output", type=Path, required=True, metavar="FILE.png", help="where to write it"
    )
    _add_data_options(grid)
    load = commands.add_parser("load", help="load or reload a program and print what changed")
    load.add_argument("path", type=Path, help="the program file")
    _add_conference_options(load)
    _add_conference_choice(load)
    load.add_argument(
        "--dry-run",
        action="store_true",
        help="only print what would change (and what would happen to reminders)",
    )
    ics = commands.add_parser(
        "ics", help="write a calendar file (.ics) of the program, a day or a session to stdout"
    )
    ics.add_argument("--day", help="only this day: a weekday, a date, day 2...")
    ics.add_argument("--room", help="only this room (with --day, or the whole program)")
    ics.add_argument("--session", metavar="ID", help="only this session (its id, or its title)")
    _add_data_options(ics)
    db = commands.add_parser("db", help="database schema: upgrade, or show the revision")
    db.add_argument("action", choices=["upgrade", "current"], help="what to do")
    run = commands.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    run.set_defaults(command="run")
    sync = commands.add_parser(
        "sync", help="publish the slash commands to DISCORD_GUILD_ID (needs DISCORD_TOKEN)"
    )
    sync.add_argument(
        "--global",
        dest="everywhere",
        action="store_true",
        help="publish to every server instead (Discord takes a while to show them)",
    )
    return parser


# --- wiring ---------------------------------------------------------------------------------


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


# --- commands -------------------------------------------------------------------------------


def _command_parse(args: argparse.Namespace) -> int:
    overrides = ParseOptions(
        name=args.name, timezone=args.timezone, year=args.year, first_day=args.first_day
    )
    try:
        with progress.steps([f"parsing {args.path.name}"]):
            if args.explain:
                program, explanation = explain_program_file(args.path, overrides)
            else:
                program, explanation = read_program_file(args.path, overrides), None
    except ProgramParseError as error:
        print(str(error), file=sys.stderr)
        return EXIT_FAILURE
    except UserError as error:
        print(str(error), file=sys.stderr)
        return EXIT_USAGE
    warnings = list(program.warnings)
    if explanation is not None:
        print(render_explanation(explanation, program.warnings))
        # The line model's disagreements are warnings of the explanation, not of the parse.
        warnings = sorted([*warnings, *explanation.second_opinions], key=lambda w: w.line)
    for warning in warnings:
        print(f"{args.path}:{warning.line}: warning: {warning.message}", file=sys.stderr)
    if not args.explain:
        json.dump(program_to_json(program), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    return EXIT_OK


def _command_train_parser(args: argparse.Namespace) -> int:
    try:
        with progress.steps([f"training the line model from {args.corpus}"]):
            run = train_model(training_documents(args.corpus), args.output)
    except CorpusMissing as error:
        print(f"{error}: pass --corpus DIR", file=sys.stderr)
        return EXIT_FAILURE
    except ImportError:
        print("python-crfsuite is not installed: pip install python-crfsuite", file=sys.stderr)
        return EXIT_FAILURE
    except OSError as error:
        print(f"could not write {args.output}: {error.strerror or error}", file=sys.stderr)
        return EXIT_FAILURE
    print(
        f"wrote {args.output} ({args.output.stat().st_size:,} bytes): trained on "
        f"{run.documents} documents, {run.lines:,} lines, in {run.seconds:.1f} s"
    )
    return EXIT_OK


async def _command_ask(settings: Settings, args: argparse.Namespace) -> int:
    async with open_app(
        settings, at=args.at, program=args.program, conference=args.conference
    ) as app:
        reply = await answer(app.runner, " ".join(args.words))
        print(reply.text)
        return EXIT_OK if reply.ok else EXIT_FAILURE


async def _command_ics(settings: Settings, args: argparse.Namespace) -> int:
    async with open_app(
        settings, at=args.at, program=args.program, conference=args.conference
    ) as app:
        agenda = app.default.agenda
        if args.room and not args.day and not args.session:
            # The whole program in one room: every day's sessions there, one file.
            calendar = await agenda.room_calendar(args.room)
        else:
            calendar = await agenda.schedule_calendar(args.day, args.room, args.session)
        sys.stdout.buffer.write(calendar.data)
        sys.stdout.flush()
        return EXIT_OK


async def _command_grid(settings: Settings, args: argparse.Namespace) -> int:
    async with open_app(
        settings, at=args.at, program=args.program, conference=args.conference
    ) as app:
        answer = app.runner.run("schedule", {"day": args.day, "room": args.room, "view": "grid"})
        assert isinstance(answer, GridAnswer)
        print(await asyncio.to_thread(write_grid, answer, args.output))
    return EXIT_OK


async def _command_console(settings: Settings, args: argparse.Namespace) -> int:
    async with open_app(
        settings,
        at=getattr(args, "at", None),
        program=getattr(args, "program", None),
        conference=getattr(args, "conference", None),
    ) as app:
        catalog = app.programs.current()
        clock_note = ""
        if isinstance(app.clock, FrozenClock):
            clock_note = f" Clock fixed at {app.clock.now().astimezone(catalog.zone):%c %Z}."
        elif isinstance(app.clock, SimulatedClock):
            clock_note = " Clock simulated from SIMULATE_FROM."
        banner = (
            f"confbot {version()} — {catalog.program.conference.name}, "
            f"{len(catalog.program.sessions)} sessions.{clock_note}\n"
            "Type `help` for commands, `quit` to leave."
        )
        await interactive(app.runner, banner=banner)
    return EXIT_OK


async def _command_load(settings: Settings, args: argparse.Namespace) -> int:
    overrides = ParseOptions(
        name=args.name, timezone=args.timezone, year=args.year, first_day=args.first_day
    )
    parsing = f"parsing {args.path.name}"
    async with open_app(settings, autoload=False, conference=args.conference) as app:
        try:
            if args.dry_run:
                program = await app.programs.parse_file(args.path, overrides)
                report = await app.programs.preview(program)
                effects = await app.reminders.preview_reload(report)
                if program.warnings:
                    print(render_warnings(program.warnings, str(args.path)), file=sys.stderr)
                print(render_change_report(report, program.conference.timezone, dry_run=True))
                print(
                    f"Reminders: {effects.moved} would move, {effects.cancelled} would be "
                    f"cancelled, {effects.restored} would come back.\n"
                    "Dry run: nothing was changed."
                )
                return 0
            with progress.steps([parsing, "storing and indexing"]) as advance:
                program = await asyncio.to_thread(read_program_file, args.path, overrides)
                advance("storing and indexing")
                result = await app.programs.load(program)
        except (ProgramParseError, ProgramRejectedError) as error:
            print(
                f"{error} (nothing was changed: the program loaded before stays)", file=sys.stderr
            )
            return EXIT_FAILURE
        if result.warnings:
            print(render_warnings(result.warnings, str(args.path)), file=sys.stderr)
        print(render_change_report(result.report, app.programs.current().zone_name))
    return EXIT_OK


async def _command_db(settings: Settings, args: argparse.Namespace) -> int:
    action = args.action
    url = settings.effective_database_url
    engine = create_engine_for(url)
    try:
        if action == "current":
            current = await current_revision(engine)
            head = head_revision()
            state = "up to date" if current == head else f"needs upgrade to {head}"
            print(f"{database_label(url)}: revision {current or 'none'} ({state})")
            return EXIT_OK
        try:
            before, after = await upgrade(engine)
        except SQLAlchemyError as error:
            reason = str(getattr(error, "orig", None) or error)
            raise UserError(
                f"{database_label(url)}: the upgrade failed and was rolled back "
                f"({reason.splitlines()[0]}). A database made before migrations existed cannot "
                "be upgraded in place: back it up and start from an empty one."
            ) from error
        if before == after:
            print(f"{database_label(url)}: already at {after}")
        else:
            print(f"{database_label(url)}: upgraded {before or 'empty'} -> {after}")
        return EXIT_OK
    finally:
        await engine.dispose()


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


async def _command_run(settings: Settings, _args: argparse.Namespace) -> int:
    from bot.discord_ui.runner import run_bot

    return await run_bot(settings, open_served_app)


async def _command_sync(settings: Settings, args: argparse.Namespace) -> int:
    from bot.discord_ui.runner import sync_commands

    return await sync_commands(settings, open_app, everywhere=args.everywhere)


# Commands that need neither settings nor an event loop.
_OFFLINE_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "parse": _command_parse,
    "train-parser": _command_train_parser,
}
Command = Callable[[Settings, argparse.Namespace], Coroutine[Any, Any, int]]
_COMMANDS: dict[str, Command] = {
    "console": _command_console,
    "ask": _command_ask,
    "grid": _command_grid,
    "load": _command_load,
    "ics": _command_ics,
    "run": _command_run,
    "sync": _command_sync,
    "db": _command_db,
}


def event_loop_factory(use_uvloop: bool) -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's loop when wanted and installed (the `speed` extra; not on Windows), else None:
    asyncio's own. discord.py likewise uses orjson, from the same extra, when it is there."""
    if not use_uvloop:
        return None
    try:
        import uvloop  # optional: installed with the speed extra
    except ImportError:
        return None
    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown and args.command == "ask":
        # "ask schedule --day thursday --room Penn": the console's own options of a command,
        # which it reads from the line as it reads "day:thursday".
        args.words = [*args.words, *unknown]
    elif unknown:
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    offline = _OFFLINE_COMMANDS.get(args.command)
    try:
        if offline is not None:
            return offline(args)
        settings = Settings.from_env()
        if args.command is None:
            args.command = "run" if settings.discord_token else "console"
        configure_logging(settings, "INFO" if args.command == "run" else "WARNING")
        if args.command in {"run", "sync"} and not settings.discord_token:
            raise ConfigError(
                "DISCORD_TOKEN is not set: put the bot token in the environment "
                "or in .env (see README), or run `python -m bot console`."
            )
        command = _COMMANDS.get(args.command)
        if command is None:
            parser.print_help()
            return EXIT_USAGE
        with asyncio.Runner(loop_factory=event_loop_factory(settings.use_uvloop)) as runner:
            return runner.run(command(settings, args))
    except UserError as error:
        print(render_error(error), file=sys.stderr)
        return EXIT_FAILURE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`… | head`): stop quietly, as command-line tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
