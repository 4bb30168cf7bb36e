"""Settings from the environment and an optional `.env` file, read once in `app.py`.

Nothing here runs at import time: `Settings.from_env()` is called by the application, which
passes the result to whatever needs it. The Discord token is wrapped so that it never shows up
in a repr, a log line or a traceback.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from bot.errors import ConfigError

PACKAGE_DIR = Path(__file__).resolve().parent


def bundled_data_dir() -> Path:
    """`data/` of a source checkout, or its copy inside an installed wheel."""
    installed = PACKAGE_DIR / "_bundled_data"
    return installed if installed.is_dir() else PACKAGE_DIR.parent / "data"


def bundled_program() -> Path:
    return bundled_data_dir() / "asplos-eurosys-2025.txt"


class Secret:
    """A string that does not print itself."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __bool__(self) -> bool:
        return bool(self._value)

    def __repr__(self) -> str:
        return "Secret('**********')" if self._value else "Secret('')"

    __str__ = __repr__


@dataclass(frozen=True)
class Settings:
    discord_token: Secret = field(default_factory=lambda: Secret(""))
    discord_guild_id: int | None = None
    database_url: str | None = None
    data_dir: Path = Path("var")
    program_path: Path = field(default_factory=bundled_program)
    conference_slug: str | None = None
    log_level: str | None = None  # None: INFO for the bot, WARNING for one-shot commands
    log_format: str = "text"
    discord_api_base: str = "https://discord.com/api/v10"
    discord_gateway_url: str = "wss://gateway.discord.gg/"
    simulate_from: datetime | None = None
    simulate_speed: float = 1.0
    auto_migrate: bool = False
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    metrics_port: int | None = None
    db_pool_size: int = 5
    db_pool_timeout: float = 30.0
    discord_rate_limit: float = 45.0  # requests/s for all senders (Discord allows 50)

    @property
    def effective_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite+aiosqlite:///{(self.data_dir / 'confbot.sqlite3').resolve()}"

    @classmethod
    def from_env(
        cls, environ: Mapping[str, str] | None = None, env_file: Path | None = Path(".env")
    ) -> Settings:
        """Settings from `environ` (default: the process environment) over `env_file`."""
        values: dict[str, str] = {}
        if env_file is not None and env_file.is_file():
            values.update(read_env_file(env_file))
        values.update(os.environ if environ is None else environ)
        return cls._from_mapping(values)

    @classmethod
    def _from_mapping(cls, env: Mapping[str, str]) -> Settings:
        def get(name: str) -> str | None:
            value = env.get(name)
            return value.strip() if value and value.strip() else None

        def integer(name: str, low: int | None = None) -> int | None:
            raw = get(name)
            if raw is None:
                return None
            try:
                number = int(raw)
            except ValueError as error:
                raise ConfigError(f"{name} must be a whole number, not {raw!r}") from error
            if low is not None and number < low:
                raise ConfigError(f"{name} must be at least {low}, not {number}")
            return number

        def number(name: str, default: float, low: float = 0.0) -> float:
            raw = get(name)
            if raw is None:
                return default
            try:
                value = float(raw)
            except ValueError as error:
                raise ConfigError(f"{name} must be a number, not {raw!r}") from error
            if value <= low:
                raise ConfigError(f"{name} must be more than {low:g}, not {raw}")
            return value

        simulate_from = None
        if raw := get("SIMULATE_FROM"):
            try:
                simulate_from = datetime.fromisoformat(raw)
            except ValueError as error:
                raise ConfigError(
                    f"SIMULATE_FROM must be an ISO date-time such as 2025-04-02T09:00+02:00, "
                    f"not {raw!r}"
                ) from error
            if simulate_from.tzinfo is None:
                raise ConfigError("SIMULATE_FROM needs a UTC offset, e.g. 2025-04-02T09:00+02:00")
        shard_ids = None
        if raw := get("SHARD_IDS"):
            try:
                shard_ids = tuple(int(part) for part in re.split(r"[,\s]+", raw) if part)
            except ValueError as error:
                raise ConfigError(
                    f"SHARD_IDS must be numbers separated by commas: {raw!r}"
                ) from error
        log_format = (get("LOG_FORMAT") or "text").lower()
        if log_format not in {"text", "json"}:
            raise ConfigError(f"LOG_FORMAT must be text or json, not {log_format!r}")
        data_dir = Path(get("DATA_DIR") or "var")
        return cls(
            discord_token=Secret(get("DISCORD_TOKEN") or ""),
            discord_guild_id=integer("DISCORD_GUILD_ID", 1),
            database_url=get("DATABASE_URL"),
            data_dir=data_dir,
            program_path=Path(get("PROGRAM_PATH") or bundled_program()),
            conference_slug=get("CONFERENCE"),
            log_level=(get("LOG_LEVEL") or "").upper() or None,
            log_format=log_format,
            discord_api_base=(get("DISCORD_API_BASE") or cls.discord_api_base).rstrip("/"),
            discord_gateway_url=get("DISCORD_GATEWAY_URL") or cls.discord_gateway_url,
            simulate_from=simulate_from,
            simulate_speed=number("SIMULATE_SPEED", 1.0),
            auto_migrate=(get("AUTO_MIGRATE") or "").lower() in {"1", "true", "yes", "on"},
            shard_count=integer("SHARD_COUNT", 1),
            shard_ids=shard_ids,
            metrics_port=integer("METRICS_PORT", 1),
            db_pool_size=integer("DB_POOL_SIZE", 1) or 5,
            db_pool_timeout=number("DB_POOL_TIMEOUT", 30.0),
            discord_rate_limit=number("DISCORD_RATE_LIMIT", 45.0),
        )


_ENV_LINE = re.compile(r"^\s*(?:export\s+)?(?P<key>[A-Za-z_][A-Za-z0-9_]*)\s*=\s*(?P<value>.*)$")


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=VALUE lines; `#` comments; single or double quotes around a value."""
    values: dict[str, str] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = _ENV_LINE.match(line)
        if not m:
            raise ConfigError(f"{path}:{number}: expected KEY=VALUE")
        value = m.group("value").strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        else:
            value = re.sub(r"\s+#.*$", "", value)
        values[m.group("key")] = value
    return values
