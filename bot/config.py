"""Settings from the environment and an optional `.env` file, read once in `app.py`.

One typed `pydantic-settings` model: each field is one environment variable (its name in
capitals, or its alias), with its type, its default and its description, which is also the
comment above it in `deploy/.env.example` and its line in the README's settings table (a test
holds the three together). Nothing here runs at import time: `Settings.from_env()` is called
by the application, which passes the result to whatever needs it. The Discord token is a
`SecretStr`, so it never shows up in a repr, a log line or a traceback.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from contextvars import ContextVar
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    AwareDatetime,
    Field,
    PositiveFloat,
    PositiveInt,
    SecretStr,
    ValidationError,
    field_validator,
)
from pydantic_core import ErrorDetails
from pydantic_settings import (
    BaseSettings,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

from bot.errors import ConfigError

PACKAGE_DIR = Path(__file__).resolve().parent
DEFAULT_API_BASE = "https://discord.com/api/v10"
DEFAULT_GATEWAY_URL = "wss://gateway.discord.gg/"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
MAX_SLUG_LENGTH = 100  # the column's length (bot.storage.tables.ConferenceRow.slug)


def bundled_data_dir() -> Path:
    """`data/` of a source checkout, or its copy inside an installed wheel."""
    installed = PACKAGE_DIR / "_bundled_data"
    return installed if installed.is_dir() else PACKAGE_DIR.parent / "data"


def bundled_program() -> Path:
    return bundled_data_dir() / "asplos-eurosys-2025.txt"


# `from_env(environ)` answers from that mapping alone, not the process environment.
_READ_PROCESS_ENV: ContextVar[bool] = ContextVar("read_process_env", default=True)

Port = Annotated[int, Field(ge=1, le=65535)]


class Settings(BaseSettings):
    """Every setting the bot reads. Construct with `Settings.from_env()` (or with keyword
    arguments in tests); immutable once built."""

    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        env_ignore_empty=True,
        extra="ignore",
        frozen=True,
        populate_by_name=True,
        str_strip_whitespace=True,
        validate_default=True,
    )

    # --- Discord
    discord_token: SecretStr = Field(
        default=SecretStr(""),
        description="The bot token (Developer Portal -> your application -> Bot). "
        "A secret: never commit it. Unset: console mode.",
    )
    discord_guild_id: PositiveInt | None = Field(
        default=None,
        description="The server (guild) the slash commands are synced to at start-up, and "
        "(without CONFERENCES) the one server bound to PROGRAM_PATH's conference; unset: none.",
    )
    discord_api_base: str = Field(
        default=DEFAULT_API_BASE,
        pattern=r"^https?://\S+$",
        description="Discord's REST API; change only to point the bot at a fake Discord in tests.",
    )
    discord_gateway_url: str = Field(
        default=DEFAULT_GATEWAY_URL,
        pattern=r"^wss?://\S+$",
        description="Discord's gateway; change only to point the bot at a fake Discord in tests.",
    )
    # --- Program
    program_path: Path = Field(
        default_factory=bundled_program,
        description="The program file loaded at start (text, pretalx schedule.json, frab "
        "xml or .ics); unset: the bundled one.",
    )
    conference_slug: str | None = Field(
        default=None,
        validation_alias="CONFERENCE",
        max_length=MAX_SLUG_LENGTH,
        pattern=r"^\S+$",
        description="The conference's slug in the database; unset: derived from "
        "conference.toml's name or the file name.",
    )
    program_url: str | None = Field(
        default=None,
        pattern=r"^https?://\S+$",
        description="A program page or export (pretalx/frab, CSV/XLSX) fetched at start and "
        "every PROGRAM_URL_EVERY minutes; a change reloads it as /admin reload does; unset: "
        "none (organisers can set one with /admin source).",
    )
    program_url_every: Annotated[int, Field(ge=2, le=1440)] = Field(
        default=10, description="Minutes between fetches of a watched program URL (2 or more)."
    )
    program_url_timeout: PositiveFloat = Field(
        default=20.0, description="Seconds a fetch of a program URL may take before it fails."
    )
    program_url_max_bytes: PositiveInt = Field(
        default=20 * 1_048_576,
        description="The largest program a URL may serve, in bytes; a bigger one is refused.",
    )
    program_url_allow_http: bool = Field(
        default=False,
        description="1: also fetch plain http:// program URLs (a local server); 0: https only.",
    )
    # --- Storage
    data_dir: Path = Field(
        default=Path("var"),
        description="Where the SQLite database lives (the container image and the systemd "
        "unit set their own).",
    )
    database_url: str | None = Field(
        default=None,
        pattern=r"^[A-Za-z][A-Za-z0-9+.-]*://\S*$",
        description="SQLAlchemy URL, e.g. postgresql+asyncpg://confbot:PASSWORD@db:5432/confbot; "
        "unset: SQLite in DATA_DIR.",
    )
    db_pool_size: PositiveInt = Field(
        default=5, description="Connections each process keeps open to the database."
    )
    db_pool_timeout: PositiveFloat = Field(
        default=30.0,
        description="Seconds to wait for a free database connection before giving up.",
    )
    discord_rate_limit: PositiveFloat = Field(
        default=45.0,
        le=50.0,
        description="Requests per second the bot sends to Discord in all, shared equally by "
        "every running process on its token (Discord allows 50 globally; the rest is left for "
        "answering interactions).",
    )
    use_uvloop: bool = Field(
        default=True,
        description="1: run on uvloop when it is installed (`pip install confbot[speed]`), a "
        "faster event loop; 0: the standard asyncio loop.",
    )
    auto_migrate: bool = Field(
        default=False,
        description="1: upgrade the database schema at start-up; 0: refuse to start on an old "
        "schema (run `python -m bot db upgrade`).",
    )
    # --- Scaling out
    shard_count: PositiveInt | None = Field(
        default=None,
        description="Total shards across every process; unset: one process, Discord's "
        "recommended count.",
    )
    shard_ids: Annotated[tuple[Annotated[int, Field(ge=0)], ...] | None, NoDecode] = Field(
        default=None,
        description="The shards this process runs, e.g. 0,1 (needs SHARD_COUNT); unset: all "
        "of them.",
    )
    # --- Operations
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] | None = Field(
        default=None,
        description="DEBUG, INFO, WARNING or ERROR; unset: INFO for the bot, WARNING for "
        "one-shot commands.",
    )
    log_format: Literal["text", "json"] = Field(
        default="text", description="text, or json for one JSON object per line."
    )
    metrics_port: Port | None = Field(
        default=None,
        description="Port for /healthz and /metrics on 127.0.0.1; unset: no health server "
        "(the image sets 8080).",
    )
    # --- Tenancy (see bot/services/conferences.py)
    conferences: str | None = Field(
        default=None,
        description="Several conferences: a TOML file (or its text) mapping each conference "
        "to a program and its servers (see deploy/README.md); unset: one conference, "
        "PROGRAM_PATH.",
    )
    owner_ids: Annotated[tuple[PositiveInt, ...], NoDecode] = Field(
        default=(),
        description="Discord user ids allowed owner-only actions (global sync, binding a "
        "server to any conference, deployment details), besides the application's owner or "
        "team; unset: those alone.",
    )
    catalog_idle_minutes: PositiveFloat = Field(
        default=30.0,
        description="Minutes a conference's in-memory catalog and search index stay after "
        "its last use; rebuilt from the database on the next.",
    )
    # --- Rehearsal
    simulate_from: AwareDatetime | None = Field(
        default=None,
        description="Pretend the clock starts here, with a UTC offset, e.g. "
        "2025-04-01T08:30+02:00; unset: real time.",
    )
    simulate_speed: PositiveFloat = Field(
        default=1.0,
        description="How fast simulated time runs (60: a minute per second); used with "
        "SIMULATE_FROM.",
    )

    @field_validator("shard_ids", "owner_ids", mode="before")
    @classmethod
    def _split_shard_ids(cls, value: object) -> object:
        if isinstance(value, str):
            return tuple(part for part in re.split(r"[,\s]+", value) if part)
        return value

    @field_validator("log_level", mode="before")
    @classmethod
    def _a_level_in_any_case(cls, value: object) -> object:
        if not isinstance(value, str):
            return value
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            # Raised here, so the error quotes the value as it was written.
            raise ValueError("must be DEBUG, INFO, WARNING or ERROR")
        return level

    @field_validator("log_format", mode="before")
    @classmethod
    def _lower_case(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("discord_token", mode="before")
    @classmethod
    def _one_word_token(cls, value: object) -> object:
        if isinstance(value, str):
            value = value.strip()
            if any(character.isspace() for character in value):
                raise ValueError("a bot token has no spaces; copy it again from the portal")
        return value

    @field_validator("program_path", "data_dir", "conferences", mode="before")
    @classmethod
    def _a_real_path(cls, value: object) -> object:
        if isinstance(value, str) and "\x00" in value:
            raise ValueError("a path cannot hold a NUL character")
        return value

    @field_validator("discord_api_base", mode="after")
    @classmethod
    def _no_trailing_slash(cls, value: str) -> str:
        return value.rstrip("/")

    @property
    def effective_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite+aiosqlite:///{(self.data_dir / 'confbot.sqlite3').resolve()}"

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """Keyword arguments, then the process environment, then `.env`."""
        if _READ_PROCESS_ENV.get():
            return (init_settings, env_settings, dotenv_settings)
        return (init_settings, dotenv_settings)

    @classmethod
    def from_env(
        cls, environ: Mapping[str, str] | None = None, env_file: Path | None = Path(".env")
    ) -> Settings:
        """Settings from `environ` (default: the process environment) over `env_file`.

        Raises ConfigError naming the variable and the value it did not accept.
        """
        values: dict[str, Any] = {}
        if environ is not None:
            for field, variable in env_names().items():
                raw = environ.get(variable)
                if raw is not None and raw.strip():
                    values[field] = raw
        values["_env_file"] = env_file
        reset = _READ_PROCESS_ENV.set(environ is None)
        try:
            return cls(**values)
        except ValidationError as error:
            raise ConfigError(explain(error)) from None
        finally:
            _READ_PROCESS_ENV.reset(reset)


# Settings whose values never appear in an error message.
_SECRET_FIELDS = frozenset({"discord_token", "database_url"})


def env_names() -> dict[str, str]:
    """Each field's environment variable, in the model's order."""
    names: dict[str, str] = {}
    for name, field in Settings.model_fields.items():
        alias = field.validation_alias
        names[name] = alias if isinstance(alias, str) else name.upper()
    return names


def _field_of(location: tuple[int | str, ...]) -> str | None:
    if not location:
        return None
    first = str(location[0])
    by_alias = {variable: field for field, variable in env_names().items()}
    return first if first in Settings.model_fields else by_alias.get(first)


def _problem(detail: ErrorDetails) -> str:
    field = _field_of(detail["loc"])
    variable = env_names().get(field, str(detail["loc"][0])) if field else "a setting"
    message = detail["msg"]
    if detail["type"] == "value_error" and "error" in detail.get("ctx", {}):
        message = str(detail["ctx"]["error"])  # our own validators' words, without "Value error"
    message = message[0].lower() + message[1:] if message else "is not valid"
    if field in _SECRET_FIELDS:
        return f"{variable}: {message}"
    return f"{variable}: {message}, not {detail['input']!r}"


def explain(error: ValidationError) -> str:
    """One line per rejected setting: the variable, what it must be, the value given."""
    return "; ".join(_problem(detail) for detail in error.errors(include_url=False))


def settings_table() -> str:
    """The README's settings table, from the model: variable, default, what it does."""
    rows = ["| setting | default | what it does |", "|---|---|---|"]
    for field, variable in env_names().items():
        info = Settings.model_fields[field]
        default = "" if info.default_factory is not None else info.default
        if isinstance(default, SecretStr) or default in (None, ""):
            shown = "unset"
        else:
            shown = f"`{default}`"
        rows.append(f"| `{variable}` | {shown} | {info.description} |")
    return "\n".join(rows)
