"""The deployment files agree with the settings the bot reads, and with each other.

No Docker engine is needed: the compose files are read as YAML, the Dockerfile as text, and the
health probe both of them run is run here against a real `HealthServer`. The systemd unit is
checked by `systemd-analyze` when the machine has it.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from dotenv import dotenv_values

from bot.config import Settings, env_names, settings_table
from bot.observability import HealthServer, Metrics

yaml = pytest.importorskip("yaml", reason="PyYAML is in the test extra: pip install -e '.[test]'")

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
COMPOSE_FILES = ["compose.yaml", "compose.postgres.yaml"]
# Read by the compose files themselves (for the postgres image), not by the bot.
COMPOSE_ONLY = {"POSTGRES_PASSWORD"}
HEALTH_PATH = "/healthz"


def settings_read_by_config() -> set[str]:
    """Every environment variable the Settings model reads."""
    return set(env_names().values())


def env_example() -> dict[str, str]:
    """The settings .env.example names, set or commented out, with their values."""
    values: dict[str, str] = {}
    text = (DEPLOY / ".env.example").read_text(encoding="utf-8")
    for line in text.splitlines():
        m = re.match(r"^#?([A-Z][A-Z0-9_]*)=(.*)$", line)
        if m:
            assert m.group(1) not in values, f"{m.group(1)} is listed twice"
            values[m.group(1)] = m.group(2)
    return values


def compose(name: str) -> dict[str, Any]:
    loaded = yaml.safe_load((DEPLOY / name).read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def bot_services(document: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        name: service
        for name, service in document["services"].items()
        if str(service.get("image", "")).startswith("confbot") or "build" in service
    }


def environment(service: Mapping[str, Any]) -> dict[str, str]:
    env = service.get("environment") or {}
    if isinstance(env, list):
        env = dict(item.split("=", 1) for item in env)
    return {str(key): str(value) for key, value in env.items()}


def dockerfile() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) with continuation lines joined and comments dropped."""
    text = (DEPLOY / "Dockerfile").read_text(encoding="utf-8")
    logical: list[str] = []
    pending = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        logical.append(pending + line)
        pending = ""
    assert not pending, "the Dockerfile ends inside a continued line"
    instructions = []
    for line in logical:
        keyword, _, rest = line.partition(" ")
        instructions.append((keyword.upper(), rest.strip()))
    return instructions


def unit_entries() -> dict[str, dict[str, list[str]]]:
    """The systemd unit as section -> key -> every value given (keys may repeat)."""
    sections: dict[str, dict[str, list[str]]] = {}
    current: dict[str, list[str]] | None = None
    for raw in (DEPLOY / "confbot.service").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            current = sections.setdefault(line.strip("[]"), {})
            continue
        assert current is not None, f"{line!r} is outside a section"
        key, sep, value = line.partition("=")
        assert sep, f"not KEY=VALUE: {line!r}"
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


# --- .env.example -----------------------------------------------------------------------------


def test_env_example_lists_every_setting_and_nothing_else() -> None:
    assert set(env_example()) == settings_read_by_config()


def test_env_example_documents_each_setting_with_a_comment() -> None:
    lines = (DEPLOY / ".env.example").read_text(encoding="utf-8").splitlines()
    for index, line in enumerate(lines):
        if re.match(r"^#?[A-Z][A-Z0-9_]*=", line):
            above = lines[index - 1]
            assert above.startswith("# "), f"no comment above {line!r}"
            assert len(above) > 10, f"no comment above {line!r}"


def test_env_example_comments_are_the_settings_descriptions() -> None:
    """The comment above each setting is its field's description in the model."""
    lines = (DEPLOY / ".env.example").read_text(encoding="utf-8").splitlines()
    described = {}
    for index, line in enumerate(lines):
        if m := re.match(r"^#?([A-Z][A-Z0-9_]*)=", line):
            described[m.group(1)] = lines[index - 1].removeprefix("# ")
    fields = {variable: field for field, variable in env_names().items()}
    for variable, comment in described.items():
        assert comment == Settings.model_fields[fields[variable]].description, variable


def test_readme_settings_table_is_the_models() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("<!-- settings table: bot.config.settings_table() -->")
    end = readme.index("<!-- end of settings table -->")
    table = readme[start:end].split("\n", 1)[1].strip()
    assert table == settings_table(), (
        "regenerate: python -c 'import bot.config as c; print(c.settings_table())'"
    )


def test_env_example_values_are_the_real_defaults() -> None:
    """Uncommenting every line changes nothing: each value shown is the default."""

    def comparable(settings: Settings) -> dict[str, object]:
        return settings.model_dump(exclude={"discord_token"})

    documented = Settings.from_env(env_example(), env_file=None)
    defaults = Settings.from_env({}, env_file=None)
    assert comparable(documented) == comparable(defaults)
    assert not documented.discord_token


def test_env_example_is_a_valid_env_file_that_sets_only_the_token() -> None:
    # Commented-out defaults matter: a set-but-empty line in an env_file would override the
    # container image's DATA_DIR and METRICS_PORT.
    assert dotenv_values(DEPLOY / ".env.example") == {"DISCORD_TOKEN": ""}


# --- compose ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", COMPOSE_FILES)
def test_compose_references_only_documented_settings(name: str) -> None:
    settings = settings_read_by_config()
    document = compose(name)
    bots = bot_services(document)
    assert bots, "no confbot service"
    for service_name, service in bots.items():
        unknown = set(environment(service)) - settings
        assert not unknown, f"{name}: {service_name} sets {unknown}, which Settings does not read"
    text = (DEPLOY / name).read_text(encoding="utf-8")
    interpolated = set(re.findall(r"\$\{([A-Za-z_][A-Za-z0-9_]*)", text))
    assert interpolated <= settings | COMPOSE_ONLY, interpolated - settings - COMPOSE_ONLY
    for service_name, service in document["services"].items():
        if service_name not in bots:
            assert all(key.startswith("POSTGRES_") for key in environment(service)), service_name


@pytest.mark.parametrize("name", COMPOSE_FILES)
def test_compose_bots_build_this_repository_and_check_their_health(name: str) -> None:
    for service_name, service in bot_services(compose(name)).items():
        build = service["build"]
        context = (DEPLOY / build["context"]).resolve()
        assert context == ROOT, service_name
        assert (context / build["dockerfile"]).resolve() == DEPLOY / "Dockerfile"
        assert service["env_file"] == ".env"
        env = environment(service)
        assert env["DATA_DIR"] == "/data"
        assert env["METRICS_PORT"] == "8080"
        if service.get("command") == ["db", "upgrade"]:
            assert service["restart"] == "no"
            continue
        assert service["restart"] == "unless-stopped"
        assert service["init"] is True
        assert service["command"] == ["run"]
        assert HEALTH_PATH in " ".join(service["healthcheck"]["test"])


def test_compose_sqlite_keeps_data_in_a_volume() -> None:
    document = compose("compose.yaml")
    (service,) = bot_services(document).values()
    assert "DATABASE_URL" not in environment(service)
    volume, target = service["volumes"][0].split(":")
    assert target == "/data"
    assert volume in document["volumes"]


def test_compose_postgres_waits_for_a_healthy_database_and_splits_the_shards() -> None:
    document = compose("compose.postgres.yaml")
    postgres = document["services"]["postgres"]
    assert postgres["image"] == "postgres:16"
    assert "pg_isready" in " ".join(postgres["healthcheck"]["test"])
    assert any(v.endswith(":/var/lib/postgresql/data") for v in postgres["volumes"])
    bots = {
        name: service
        for name, service in bot_services(document).items()
        if service["command"] == ["run"]
    }
    assert len(bots) >= 2
    urls = {environment(s)["DATABASE_URL"] for s in bot_services(document).values()}
    assert urls == {
        "postgresql+asyncpg://confbot:${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD in .env}"
        "@postgres:5432/confbot"
    }
    shard_ids: list[int] = []
    for service in bots.values():
        assert service["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert service["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
        env = environment(service)
        count = int(env["SHARD_COUNT"])
        shard_ids.extend(int(part) for part in env["SHARD_IDS"].split(","))
    assert sorted(shard_ids) == list(range(count)), "each shard in exactly one process"


# --- Dockerfile -------------------------------------------------------------------------------


def test_dockerfile_is_multi_stage_on_python_311_slim() -> None:
    stages = [args for keyword, args in dockerfile() if keyword == "FROM"]
    assert len(stages) >= 2
    assert all(stage.split()[0] == "python:3.11-slim" for stage in stages)
    assert stages[0].lower().endswith("as builder")
    copies = [args for keyword, args in dockerfile() if keyword == "COPY"]
    assert "--from=builder /install /usr/local" in copies
    for source in ("pyproject.toml", "README.md", "bot", "data"):
        assert (ROOT / source).exists(), source


def test_dockerfile_runs_as_a_fixed_non_root_user_with_data_in_a_volume() -> None:
    instructions = dockerfile()
    users = [args for keyword, args in instructions if keyword == "USER"]
    assert users
    user = users[-1].split(":")[0]
    assert user not in {"root", "0"}
    assert user in {"10001", "confbot"}
    text = " ".join(args for keyword, args in instructions if keyword == "RUN")
    assert "--uid 10001" in text
    assert ("VOLUME", "/data") in instructions
    env = " ".join(args for keyword, args in instructions if keyword == "ENV")
    assert "DATA_DIR=/data" in env
    assert "METRICS_PORT=8080" in env


def test_dockerfile_entrypoint_and_healthcheck() -> None:
    instructions = dict(dockerfile())
    assert json.loads(instructions["ENTRYPOINT"]) == ["python", "-m", "bot"]
    assert json.loads(instructions["CMD"]) == ["run"]
    health = instructions["HEALTHCHECK"]
    assert "curl" not in health
    assert "CMD" in health
    assert HEALTH_PATH in health


def test_dockerignore_sends_only_what_the_image_needs() -> None:
    lines = [
        line
        for line in (DEPLOY / "Dockerfile.dockerignore").read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    assert lines[0] == "*"
    assert {"!pyproject.toml", "!README.md", "!bot/", "!data/"} <= set(lines)


def _probe_commands() -> list[list[str]]:
    """The health probe as the Dockerfile and every compose service run it."""
    health = dict(dockerfile())["HEALTHCHECK"]
    probes = [json.loads(health[health.index("CMD") + len("CMD") :].strip())]
    for name in COMPOSE_FILES:
        for service in bot_services(compose(name)).values():
            test = service.get("healthcheck", {}).get("test")
            if test:
                assert test[0] == "CMD"
                probes.append(test[1:])
    return probes


async def _run_probe(command: list[str], port: int) -> int:
    assert command[:2] == ["python", "-c"]
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        *command[1:],
        env={"METRICS_PORT": str(port)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return await asyncio.wait_for(process.wait(), timeout=30)


async def test_health_probe_passes_on_200_and_fails_on_503() -> None:
    healthy = True

    async def checks() -> Mapping[str, bool]:
        return {"database": True, "gateway": healthy, "scheduler": True}

    probes = _probe_commands()
    assert len(probes) >= 3
    async with HealthServer(Metrics(), checks, port=0) as server:
        for command in probes:
            assert await _run_probe(command, server.port) == 0, command
        healthy = False
        assert await _run_probe(probes[0], server.port) != 0


# --- systemd ----------------------------------------------------------------------------------

HARDENING = {
    "DynamicUser": "yes",
    "StateDirectory": "confbot",
    "ProtectSystem": "strict",
    "ProtectHome": "yes",
    "PrivateTmp": "yes",
    "NoNewPrivileges": "yes",
    "RestrictAddressFamilies": "AF_INET AF_INET6 AF_UNIX",
    "CapabilityBoundingSet": "",
    "LockPersonality": "yes",
    "MemoryDenyWriteExecute": "yes",
    "Restart": "on-failure",
    "TimeoutStopSec": "15",
    "KillSignal": "SIGTERM",
}


def test_systemd_unit_is_hardened() -> None:
    service = unit_entries()["Service"]
    for key, expected in HARDENING.items():
        assert service.get(key) == [expected], f"{key}={service.get(key)}"
    assert "@system-service" in service["SystemCallFilter"]
    assert "DATA_DIR=%S/confbot" in service["Environment"]
    assert service["EnvironmentFile"] == ["-/etc/confbot/confbot.env"]
    assert service["ExecStart"] == ["/opt/confbot/.venv/bin/python -m bot run"]
    assert unit_entries()["Install"]["WantedBy"] == ["multi-user.target"]


def _unit_for_this_machine(tmp_path: Path) -> Path:
    """The unit with ExecStart pointing at this interpreter (verify wants it to exist)."""
    text = (DEPLOY / "confbot.service").read_text(encoding="utf-8")
    unit = tmp_path / "confbot.service"
    unit.write_text(text.replace("/opt/confbot/.venv/bin/python", sys.executable), "utf-8")
    return unit


def test_systemd_analyze_verify_accepts_the_unit(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed on this machine")
    unit = _unit_for_this_machine(tmp_path)
    result = subprocess.run(
        [analyze, "verify", str(unit)], capture_output=True, text=True, timeout=60, check=False
    )
    # verify exits 0 even for unknown keys and bad values; it names them on stderr.
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == "", result.stderr


def test_systemd_analyze_security_rates_the_unit_ok(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed on this machine")
    result = subprocess.run(
        [analyze, "security", "--offline=yes", str(_unit_for_this_machine(tmp_path))],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    m = re.search(r"Overall exposure level for confbot\.service: ([0-9.]+)", result.stdout)
    if m is None:
        pytest.skip(f"this systemd-analyze cannot rate a unit file offline: {result.stderr}")
    assert float(m.group(1)) <= 2.0, result.stdout
