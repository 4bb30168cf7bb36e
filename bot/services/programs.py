"""Loading and reloading the program: file -> parser -> database -> in-memory catalog.

A reload is all or nothing: a file that does not parse, or a load that fails, leaves both the
stored program and the catalog being answered from as they were.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
import tomllib
import unicodedata
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import date, datetime
from pathlib import Path
from typing import Protocol

from bot.clock import Clock
from bot.errors import ConfigError, ProgramParseError, ProgramRejectedError, UserError
from bot.model import (
    ChangeReport,
    Explanation,
    ParseWarning,
    Program,
    Session,
    SessionReading,
)
from bot.parsing import ParseOptions
from bot.parsing.detect import decode_program, parse_program_data
from bot.parsing.explain import explain_program
from bot.parsing.spreadsheet import COLUMN_FIELDS, spreadsheet_format
from bot.services.catalog import Catalog, build_catalog
from bot.storage import ProgramNotStorable, ProgramStore
from bot.storage.reload_plan import program_hash
from bot.storage.tenancy import program_from_text, program_to_text

log = logging.getLogger(__name__)

MAX_PROGRAM_BYTES = 20 * 1024 * 1024
REFRESH_SECONDS = 30.0
NO_OVERRIDES = ParseOptions()


def slugify(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name)
    ascii_only = decomposed.encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_only.lower()).strip("-") or "conference"


def conference_defaults(program_path: Path) -> ParseOptions:
    """What `conference.toml` beside a program says (name, timezone, year)."""
    toml_path = program_path.parent / "conference.toml"
    if not toml_path.is_file():
        return ParseOptions(source=program_path.name)
    try:
        data = tomllib.loads(toml_path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(f"{toml_path}: {error}") from error
    year = data.get("year")
    if year is not None and not isinstance(year, int):
        raise ConfigError(f"{toml_path}: year must be a number, not {year!r}")
    name, timezone = data.get("name"), data.get("timezone")
    first_day = data.get("first_day")
    if first_day is not None and not (
        isinstance(first_day, date) and not isinstance(first_day, datetime)
    ):
        raise ConfigError(
            f"{toml_path}: first_day must be a date such as 2025-03-31, not {first_day!r}"
        )
    return ParseOptions(
        name=str(name) if name else None,
        timezone=str(timezone) if timezone else None,
        year=year,
        source=program_path.name,
        columns=_column_map(data.get("columns"), toml_path),
        first_day=first_day,
    )


def _index(slug: str, program: Program) -> tuple[Catalog, bytes]:
    """The catalog of a program, and its compressed snapshot (CPU only: run in a thread)."""
    return build_catalog(slug, program), zlib.compress(program_to_text(program).encode(), 6)


def _from_snapshot(slug: str, snapshot: bytes) -> Catalog:
    return build_catalog(slug, program_from_text(zlib.decompress(snapshot).decode()))


def _column_map(table: object, toml_path: Path) -> tuple[tuple[str, str], ...]:
    """`[columns]`: spreadsheet headers for the fields whose headers are unusual."""
    if table is None:
        return ()
    if not isinstance(table, dict):
        raise ConfigError(f'{toml_path}: columns must be a table, e.g. [columns] title = "Talk"')
    for field_name, header in table.items():
        if field_name not in COLUMN_FIELDS:
            known = ", ".join(sorted(COLUMN_FIELDS))
            raise ConfigError(f"{toml_path}: [columns] {field_name!r} is not one of {known}")
        if not isinstance(header, str) or not header.strip():
            raise ConfigError(f"{toml_path}: [columns] {field_name} must name a column header")
    return tuple(sorted((str(k), str(v)) for k, v in table.items()))


def merge_options(overrides: ParseOptions, defaults: ParseOptions, source: str) -> ParseOptions:
    return ParseOptions(
        name=overrides.name or defaults.name,
        timezone=overrides.timezone or defaults.timezone,
        year=overrides.year or defaults.year,
        source=source,
        columns=overrides.columns or defaults.columns,
        first_day=overrides.first_day or defaults.first_day,
    )


def parse_program_bytes(data: bytes, options: ParseOptions) -> Program:
    if len(data) > MAX_PROGRAM_BYTES:
        raise ProgramParseError(
            f"the file is {len(data) // 1_048_576} MiB; programs up to "
            f"{MAX_PROGRAM_BYTES // 1_048_576} MiB are accepted",
            source=options.source,
        )
    return parse_program_data(data, options)


def read_program_file(path: Path, overrides: ParseOptions = NO_OVERRIDES) -> Program:
    """Read and parse a program file; a `conference.toml` beside it fills what is not given."""
    data = _read_program_bytes(path)
    options = merge_options(overrides, conference_defaults(path), str(path))
    return parse_program_bytes(data, options)


def explain_program_file(
    path: Path, overrides: ParseOptions = NO_OVERRIDES
) -> tuple[Program, Explanation]:
    """Parse a program file as `read_program_file` does, with how each line and item was read."""
    data = _read_program_bytes(path)
    options = merge_options(overrides, conference_defaults(path), str(path))
    program = parse_program_bytes(data, options)  # the same checks, the same errors
    if spreadsheet_format(data, options.source) is not None:
        # Read by its columns, not line by line: no line readings, and no guess to be unsure of.
        items = tuple(
            SessionReading(
                s.line,
                s.title,
                s.kind.value,
                s.start.isoformat() if s.start else None,
                len(s.papers),
                1.0,
            )
            for s in program.sessions
        )
        return program, Explanation(lines=(), sessions=items)
    return explain_program(decode_program(data, options.source), options)


def _read_program_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError as error:
        raise UserError(f"{path}: no such file") from error
    except IsADirectoryError as error:
        raise UserError(f"{path}: is a directory, not a program file") from error
    except OSError as error:
        raise UserError(f"{path}: cannot read ({error.strerror})") from error


@dataclass(frozen=True, slots=True)
class LoadResult:
    report: ChangeReport
    warnings: tuple[ParseWarning, ...]
    source: str | None


@dataclass(frozen=True, slots=True)
class Status:
    conference: str
    slug: str
    timezone: str
    counts: dict[str, int]
    database: str
    loaded_at: datetime | None
    uptime_seconds: float
    version: str


ReloadListener = Callable[[ChangeReport], Awaitable[None]]


class ProgramVersions(Protocol):
    """Where the program a load replaces is kept (`TenancyStore`), for `/admin rollback`."""

    async def save_version(self, slug: str, program: Program, digest: str) -> None: ...

    async def previous_version(self, slug: str) -> tuple[Program, str] | None: ...

    async def drop_version(self, slug: str, digest: str) -> None: ...


class ProgramService:
    """Owns the catalog answers come from, and every load that replaces it."""

    def __init__(
        self,
        store: ProgramStore,
        slug: str,
        clock: Clock,
        *,
        defaults: ParseOptions = NO_OVERRIDES,
        database_label: str = "",
        version: str = "",
        versions: ProgramVersions | None = None,
        monotonic: Callable[[], float] = time.monotonic,
        inherit_stored: bool = False,
    ) -> None:
        self._inherit_stored = inherit_stored
        self._store = store
        self._versions = versions
        self._monotonic = monotonic
        self.last_used = monotonic()
        self.slug = slug
        self._clock = clock
        self._defaults = defaults
        self._catalog: Catalog | None = None
        self._lock = asyncio.Lock()
        self._listeners: list[ReloadListener] = []
        self._built: list[Callable[[], None]] = []
        self._started = time.monotonic()
        self._database_label = database_label
        self._version = version
        self._loaded_at: datetime | None = None
        self._hash: str | None = None
        # The program, compressed (a few dozen KiB), kept when the catalog is dropped: a
        # rebuild then needs one query (is it still current?) instead of reading it back.
        self._snapshot: bytes | None = None

    @property
    def defaults(self) -> ParseOptions:
        """What this conference's uploads are parsed with (its name, zone and year)."""
        return self._defaults

    @property
    def program_hash(self) -> str | None:
        """The content hash of the program answered from (None before the first load)."""
        return self._hash

    def current(self) -> Catalog:
        """The catalog in memory; `catalog()` also rebuilds one that was dropped when idle."""
        self.last_used = self._monotonic()
        if self._catalog is None:
            raise UserError(
                "No program is loaded yet. An organiser can load one with /admin "
                "reload (or `python -m bot load PATH`)."
            )
        return self._catalog

    @property
    def loaded(self) -> bool:
        return self._catalog is not None

    async def catalog(self) -> Catalog:
        """The catalog, built from the stored program on first use after it was dropped."""
        self.last_used = self._monotonic()
        if self._catalog is not None:
            return self._catalog
        async with self._lock:
            if self._catalog is None:
                stored = await self._store.stored_hash(self.slug)
                if self._snapshot is not None and stored is not None and stored == self._hash:
                    # Unchanged since it was dropped: no need to read the program back.
                    self._catalog = await asyncio.to_thread(
                        _from_snapshot, self.slug, self._snapshot
                    )
                    self._announce_built()
                else:
                    program = await self._store.get_program(self.slug)
                    if program is not None:
                        await self._install(program)
        return self.current()

    def evict(self) -> bool:
        """Drop the in-memory catalog (it is rebuilt from the database on next use)."""
        if self._catalog is None or self._lock.locked():
            return False
        self._catalog = None
        return True

    def on_catalog_built(self, callback: Callable[[], None]) -> None:
        """Call `callback` each time a catalog is built (e.g. to keep it out of the cyclic
        garbage collector's sight, which otherwise walks every catalog in memory)."""
        self._built.append(callback)

    def _announce_built(self) -> None:
        for callback in self._built:
            callback()

    def on_reload(self, listener: ReloadListener) -> None:
        """Call `listener` with the change report after each load that changed something."""
        self._listeners.append(listener)

    async def start(self, default_program: Path | None = None) -> LoadResult | None:
        """Answer from the stored program; load `default_program` if nothing is stored yet."""
        program = await self._store.get_program(self.slug)
        if program is not None:
            await self._install(program)
            return None
        if default_program is None:
            return None
        log.info("no program stored for %s; loading %s", self.slug, default_program)
        return await self.load_file(default_program)

    async def refresh(self) -> bool:
        """Pick up a program another process loaded; True when the catalog changed.

        Several bot processes share one database: a reload through one of them reaches the
        others when they next call this (the bot does, every `REFRESH_SECONDS`). Comparing the
        stored content hash first keeps the usual answer, "nothing changed", to one query.
        """
        if self._catalog is None:
            return False  # nothing in memory to go stale: the next use reads the database
        stored = await self._store.stored_hash(self.slug)
        if stored is None or stored == self._hash:
            return False
        async with self._lock:
            program = await self._store.get_program(self.slug)
            if program is None:
                return False
            await self._install(program)
            self._hash = stored
        log.info("picked up the program another process loaded for %s", self.slug)
        return True

    async def load_file(self, path: Path, overrides: ParseOptions = NO_OVERRIDES) -> LoadResult:
        program = await asyncio.to_thread(read_program_file, path, overrides)
        return await self.load(program)

    async def load_bytes(self, data: bytes, filename: str) -> LoadResult:
        """A program uploaded as a file: parsed with this conference's settings."""
        return await self.load(await self.parse_bytes(data, filename))

    async def parse_bytes(self, data: bytes, filename: str) -> Program:
        """An uploaded file, parsed with this conference's settings (nothing is stored)."""
        options = replace(self._defaults, source=filename)
        if self._inherit_stored and (stored := await self._store.conference(self.slug)):
            options = ParseOptions(
                name=options.name or stored.name,
                timezone=options.timezone or stored.timezone,
                year=options.year or stored.year,
                source=filename,
            )
        return await asyncio.to_thread(parse_program_bytes, data, options)

    async def parse_file(self, path: Path, overrides: ParseOptions = NO_OVERRIDES) -> Program:
        return await asyncio.to_thread(read_program_file, path, overrides)

    async def preview(self, program: Program) -> ChangeReport:
        """What loading `program` would change; nothing is stored. Raises
        ProgramRejectedError for a program the store cannot take."""
        try:
            return await self._store.preview(self.slug, program)
        except ProgramNotStorable as error:
            source = program.conference.source or "the program"
            raise ProgramRejectedError(f"{source}: {error}") from error

    async def previous_version(self) -> tuple[Program, str] | None:
        """The program the last changing load replaced, and its hash (for a rollback)."""
        if self._versions is None:
            return None
        return await self._versions.previous_version(self.slug)

    async def rollback(self) -> LoadResult:
        """Restore the program the last changing load replaced."""
        previous = await self.previous_version()
        if previous is None or self._versions is None:
            raise UserError("There is no earlier program version to go back to.")
        program, digest = previous
        result = await self.load(program, keep_version=False)
        await self._versions.drop_version(self.slug, digest)
        return result

    async def load(self, program: Program, *, keep_version: bool = True) -> LoadResult:
        """Store `program` and answer from it; raises ProgramRejectedError, changing nothing,
        for a program the store cannot take. The program it replaces is kept (for rollback)."""
        async with self._lock:
            if keep_version and self._versions is not None:
                await self._keep_version(program)
            try:
                report = await self._store.load(self.slug, program)
            except ProgramNotStorable as error:
                source = program.conference.source or "the program"
                raise ProgramRejectedError(f"{source}: {error}") from error
            stored = await self._store.get_program(self.slug)
            assert stored is not None
            await self._install(stored)
        log.info(
            "loaded %s: %d sessions, %d changes",
            self.slug,
            len(stored.sessions),
            len(report.changes),
        )
        if report.changes:
            for listener in self._listeners:
                try:
                    await listener(report)
                except Exception:
                    log.exception("reload listener failed")
        return LoadResult(report, program.warnings, program.conference.source)

    async def _keep_version(self, incoming: Program) -> None:
        stored_digest = await self._store.stored_hash(self.slug)
        if stored_digest is None or stored_digest == program_hash(incoming):
            return
        stored = await self._store.get_program(self.slug)
        if stored is not None and self._versions is not None:
            await self._versions.save_version(self.slug, stored, stored_digest)

    async def _install(self, program: Program) -> None:
        catalog, snapshot = await asyncio.to_thread(_index, self.slug, program)
        self._catalog = catalog
        self._snapshot = snapshot
        self._announce_built()
        self._loaded_at = self._clock.now()
        self._hash = await self._store.stored_hash(self.slug)

    async def stored_hash(self) -> str | None:
        """The hash of the program stored now (another process may have changed it)."""
        return await self._store.stored_hash(self.slug)

    async def removed_session(self, key: str) -> Session | None:
        """A session that a reload removed (kept so reminders can say what they were for)."""
        return await self._store.removed_session(self.slug, key)

    async def status(self) -> Status:
        counts = await self._store.counts(self.slug)
        catalog = self._catalog
        return Status(
            conference=catalog.program.conference.name if catalog else "(none)",
            slug=self.slug,
            timezone=catalog.zone_name if catalog else "",
            counts=counts,
            database=self._database_label,
            loaded_at=self._loaded_at,
            uptime_seconds=time.monotonic() - self._started,
            version=self._version,
        )
