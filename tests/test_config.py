"""Settings: every variable with a value it takes and one it refuses, `.env` and the process
environment, and the secret that never shows."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from bot.config import Settings, bundled_program, env_names
from bot.errors import ConfigError

# variable: (a value it takes, what the setting then is, a value it refuses)
CASES: dict[str, tuple[str, Any, str]] = {
    "DISCORD_TOKEN": (" abc.def.ghi ", SecretStr("abc.def.ghi"), "abc def"),
    "DISCORD_GUILD_ID": ("1234567890123", 1234567890123, "my-server"),
    "DISCORD_API_BASE": (
        "http://127.0.0.1:9999/api/v10/",
        "http://127.0.0.1:9999/api/v10",
        "discord.com",
    ),
    "DISCORD_GATEWAY_URL": ("ws://127.0.0.1:9998/", "ws://127.0.0.1:9998/", "https://x/"),
    "PROGRAM_PATH": ("programs/main.txt", Path("programs/main.txt"), "a\x00b"),
    "CONFERENCE": ("asplos-2025", "asplos-2025", "x" * 101),
    "DATA_DIR": ("/srv/confbot", Path("/srv/confbot"), "var\x00"),
    "DATABASE_URL": (
        "postgresql+asyncpg://u@h/db",
        "postgresql+asyncpg://u@h/db",
        "postgres password@db",
    ),
    "DB_POOL_SIZE": ("12", 12, "0"),
    "DB_POOL_TIMEOUT": ("2.5", 2.5, "-1"),
    "DISCORD_RATE_LIMIT": ("30", 30.0, "51"),
    "USE_UVLOOP": ("0", False, "maybe"),
    "AUTO_MIGRATE": ("yes", True, "maybe"),
    "SHARD_COUNT": ("4", 4, "four"),
    "SHARD_IDS": ("0, 2 3", (0, 2, 3), "0,-1"),
    "LOG_LEVEL": ("debug", "DEBUG", "loud"),
    "LOG_FORMAT": ("JSON", "json", "xml"),
    "METRICS_PORT": ("8080", 8080, "70000"),
    "SIMULATE_FROM": (
        "2025-04-02T09:00+02:00",
        datetime(2025, 4, 2, 9, 0, tzinfo=timezone(timedelta(hours=2))),
        "2025-04-02T09:00",
    ),
    "SIMULATE_SPEED": ("60", 60.0, "0"),
    "CONFERENCES": ("conferences.toml", "conferences.toml", "a\x00b"),
    "OWNER_IDS": ("12, 34", (12, 34), "12,x"),
    "CATALOG_IDLE_MINUTES": ("5", 5.0, "0"),
    "PROGRAM_URL": (
        "https://example.org/schedule.json",
        "https://example.org/schedule.json",
        "example.org/schedule",
    ),
    "PROGRAM_URL_EVERY": ("2", 2, "1"),
    "PROGRAM_URL_TIMEOUT": ("5", 5.0, "0"),
    "PROGRAM_URL_MAX_BYTES": ("1048576", 1048576, "-5"),
    "PROGRAM_URL_ALLOW_HTTP": ("1", True, "sometimes"),
}
# Values that are secret: an error names the variable, never the value.
SECRET = {"DISCORD_TOKEN", "DATABASE_URL"}
# Blank means unset for these: the default applies.
FREE_TEXT = {"DISCORD_API_BASE", "DISCORD_GATEWAY_URL", "PROGRAM_PATH", "CONFERENCE", "DATA_DIR"}


def field_of(variable: str) -> str:
    return {env: field for field, env in env_names().items()}[variable]


def test_every_setting_has_a_case() -> None:
    assert set(CASES) == set(env_names().values())


@pytest.mark.parametrize("variable", sorted(CASES))
def test_a_good_value(variable: str) -> None:
    raw, expected, _ = CASES[variable]
    settings = Settings.from_env({variable: raw}, env_file=None)
    assert getattr(settings, field_of(variable)) == expected


@pytest.mark.parametrize("variable", sorted(CASES))
def test_a_bad_value_is_refused_naming_the_variable_and_the_value(variable: str) -> None:
    bad = CASES[variable][2]
    with pytest.raises(ConfigError) as caught:
        Settings.from_env({variable: bad}, env_file=None)
    message = str(caught.value)
    assert message.startswith(f"{variable}: ")
    assert "\n" not in message
    if variable in SECRET:
        assert bad not in message
        return
    assert repr(bad.split(",")[-1]) in message


@pytest.mark.parametrize("variable", sorted(FREE_TEXT))
def test_a_blank_free_text_value_means_the_default(variable: str) -> None:
    default = getattr(Settings.from_env({}, env_file=None), field_of(variable))
    blank = getattr(Settings.from_env({variable: "   "}, env_file=None), field_of(variable))
    assert blank == default


def test_defaults() -> None:
    settings = Settings.from_env({}, env_file=None)
    assert not settings.discord_token
    assert settings.program_path == bundled_program()
    assert settings.data_dir == Path("var")
    assert settings.effective_database_url.endswith("/var/confbot.sqlite3")
    assert settings.effective_database_url.startswith("sqlite+aiosqlite:///")
    assert (settings.log_level, settings.log_format) == (None, "text")


def test_several_bad_values_are_all_named_in_one_line() -> None:
    with pytest.raises(ConfigError) as caught:
        Settings.from_env({"DB_POOL_SIZE": "none", "METRICS_PORT": "0"}, env_file=None)
    assert "DB_POOL_SIZE: " in str(caught.value)
    assert "METRICS_PORT: " in str(caught.value)
    assert "\n" not in str(caught.value)


def test_the_token_never_shows(tmp_path: Path) -> None:
    token = "MTIzNDU2Nzg5.secret-part.never-shown"
    settings = Settings.from_env({"DISCORD_TOKEN": token}, env_file=None)
    assert token not in repr(settings)
    assert token not in str(settings.model_dump())
    assert settings.discord_token.get_secret_value() == token


def test_a_bad_database_url_does_not_print_its_password() -> None:
    with pytest.raises(ConfigError) as caught:
        Settings.from_env({"DATABASE_URL": "postgresql://u:hunter2 @db/x"}, env_file=None)
    assert "DATABASE_URL" in str(caught.value)
    assert "hunter2" not in str(caught.value)


def test_env_file_is_read_and_the_environment_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text(
        "# a comment\nexport DATA_DIR=/from/file\nLOG_FORMAT='json'\nMETRICS_PORT=9100 # inline\n",
        encoding="utf-8",
    )
    for variable in env_names().values():
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("METRICS_PORT", "9200")
    settings = Settings.from_env(env_file=env_file)
    assert settings.data_dir == Path("/from/file")
    assert settings.log_format == "json"
    assert settings.metrics_port == 9200


def test_an_explicit_environment_ignores_the_process_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATA_DIR", "/from/process")
    assert Settings.from_env({}, env_file=None).data_dir == Path("var")
    assert Settings.from_env(env_file=None).data_dir == Path("/from/process")


def test_a_bad_value_in_env_file_names_the_variable(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("SIMULATE_SPEED=fast\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"^SIMULATE_SPEED: .*'fast'"):
        Settings.from_env({}, env_file=env_file)


def test_settings_are_immutable() -> None:
    settings = Settings.from_env({}, env_file=None)
    with pytest.raises(ValueError, match="frozen"):
        settings.data_dir = Path("elsewhere")  # type: ignore[misc]


def test_uvloop_is_used_only_when_wanted_and_installed() -> None:
    from bot.cli import event_loop_factory

    assert event_loop_factory(False) is None
    try:
        import uvloop
    except ImportError:
        assert event_loop_factory(True) is None
    else:
        factory = event_loop_factory(True)
        assert factory is uvloop.new_event_loop
        loop = factory()
        try:
            assert isinstance(loop, uvloop.Loop)
        finally:
            loop.close()
