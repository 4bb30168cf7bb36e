"""The operator's list of conferences: which program each one answers from, and which Discord
servers are bound to it (`CONFERENCES`, a TOML file or the TOML text itself).

    [conferences.asplos-2025]
    program = "asplos-eurosys-2025.txt"   # relative to the file; conference.toml beside it
    name = "ASPLOS + EuroSys 2025"        # name, timezone and year fill what the file omits
    timezone = "Europe/Amsterdam"
    year = 2025
    guilds = [123456789012345678]         # servers answering from it (several: shared)

Without `CONFERENCES` the deployment is one conference, as before: the program at
`PROGRAM_PATH` (the bundled one by default), bound to `DISCORD_GUILD_ID`'s server when that
is set, and answered by the console.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from bot.errors import ConfigError
from bot.parsing import ParseOptions
from bot.services.programs import conference_defaults, merge_options, slugify

MAX_SLUG = 100


@dataclass(frozen=True, slots=True)
class ConferenceSpec:
    """One conference the operator configured."""

    slug: str
    program: Path | None  # None: organisers upload it (`/admin reload` with a file)
    defaults: ParseOptions
    guilds: tuple[int, ...] = ()

    @property
    def overrides(self) -> ParseOptions:
        """What the operator said about the program, over what its file says."""
        return ParseOptions(self.defaults.name, self.defaults.timezone, self.defaults.year)


def embedded_conference(
    program: Path, guild_id: int | None, slug: str | None = None
) -> ConferenceSpec:
    """The single-conference default: one program, at most one server."""
    defaults = conference_defaults(program)
    return ConferenceSpec(
        slug=slug or slugify(defaults.name or program.stem),
        program=program,
        defaults=defaults,
        guilds=(guild_id,) if guild_id is not None else (),
    )


def read_conferences(value: str, base: Path | None = None) -> tuple[ConferenceSpec, ...]:
    """`CONFERENCES`: a path to a TOML file, or TOML text (anything with a newline or `[`)."""
    if "\n" in value or value.lstrip().startswith("["):
        return parse_conferences(value, base or Path.cwd(), "CONFERENCES")
    path = Path(value)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"CONFERENCES: cannot read {path} ({error.strerror})") from error
    return parse_conferences(text, path.resolve().parent, str(path))


def parse_conferences(text: str, base: Path, where: str) -> tuple[ConferenceSpec, ...]:
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{where}: {error}") from error
    table = document.get("conferences")
    if not isinstance(table, dict) or not table:
        raise ConfigError(f"{where}: expected [conferences.<slug>] tables")
    specs = [_spec(slug, entry, base, where) for slug, entry in table.items()]
    owner_of: dict[int, str] = {}
    for spec in specs:
        for guild in spec.guilds:
            if guild in owner_of:
                raise ConfigError(
                    f"{where}: server {guild} is listed under both {owner_of[guild]} and "
                    f"{spec.slug}; a server answers from one conference"
                )
            owner_of[guild] = spec.slug
    return tuple(specs)


def _spec(slug: str, entry: object, base: Path, where: str) -> ConferenceSpec:
    """One `[conferences.<slug>]` table."""
    if not isinstance(entry, dict):
        raise ConfigError(f"{where}: conferences.{slug} must be a table")
    if slug != slugify(slug) or len(slug) > MAX_SLUG:
        raise ConfigError(
            f"{where}: {slug!r} is not a slug (lower-case letters, digits and dashes)"
        )
    unknown = set(entry) - {"program", "name", "timezone", "year", "guilds"}
    if unknown:
        raise ConfigError(f"{where}: conferences.{slug}: unknown keys {sorted(unknown)}")
    program = None
    if raw := entry.get("program"):
        program = Path(str(raw))
        if not program.is_absolute():
            program = base / program
    year = entry.get("year")
    if year is not None and not isinstance(year, int):
        raise ConfigError(f"{where}: conferences.{slug}.year must be a number")
    guilds = entry.get("guilds", [])
    if not isinstance(guilds, list) or not all(isinstance(g, int) and g > 0 for g in guilds):
        raise ConfigError(f"{where}: conferences.{slug}.guilds must be a list of server ids")
    given = ParseOptions(
        name=str(entry["name"]) if entry.get("name") else None,
        timezone=str(entry["timezone"]) if entry.get("timezone") else None,
        year=year,
    )
    beside = conference_defaults(program) if program is not None else ParseOptions()
    merged = merge_options(given, beside, program.name if program is not None else "")
    defaults = ParseOptions(merged.name, merged.timezone, merged.year, merged.source or None)
    return ConferenceSpec(slug, program, defaults, tuple(guilds))
