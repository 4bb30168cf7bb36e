"""Metrics in the Prometheus text format, the health server, JSON logs and token redaction."""

from __future__ import annotations

import ast
import io
import json
import logging
import math
import re
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime, timedelta
from pathlib import Path

import aiohttp
import pytest

from bot.errors import ConfigError
from bot.observability import (
    COMMAND_BUCKETS,
    CONTENT_TYPE,
    HealthServer,
    JsonFormatter,
    Metrics,
    RedactingFilter,
    configure_logging,
    make_checks,
)

# Built at run time so that no token-shaped literal sits in the repository.
FAKE_TOKEN = ".".join(["MTA" + "x1Y2z3" * 4, "G" + "AbCd" + "e", "Q" * 20 + "-_r" * 6])
NOW = datetime(2025, 4, 1, 9, 0, tzinfo=UTC)

# --- a small parser for the text format 0.0.4 -----------------------------------------------

_SAMPLE = re.compile(r"^(?P<name>[a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(?P<labels>.*)\})? (?P<value>\S+)$")
_PAIR = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)')


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: "\n" if m.group(1) == "n" else m.group(1), text)


def _labels(text: str | None) -> dict[str, str]:
    if not text:
        return {}
    labels: dict[str, str] = {}
    position = 0
    while position < len(text):
        m = _PAIR.match(text, position)
        assert m, f"bad labels at {text[position:]!r}"
        labels[m.group(1)] = _unescape(m.group(2))
        position = m.end()
    return labels


Sample = tuple[str, dict[str, str], float]


def parse(text: str) -> tuple[dict[str, str], list[Sample]]:
    """Family types and samples; asserts the structure the format requires."""
    assert text.endswith("\n")
    types: dict[str, str] = {}
    helps: set[str] = set()
    samples: list[Sample] = []
    for line in text.splitlines():
        if line.startswith("# HELP "):
            name = line.split(" ", 3)[2]
            assert name not in helps, f"two HELP lines for {name}"
            helps.add(name)
        elif line.startswith("# TYPE "):
            _, _, name, kind = line.split(" ")
            assert name not in types, f"two TYPE lines for {name}"
            assert kind in {"counter", "gauge", "histogram", "summary", "untyped"}
            types[name] = kind
        else:
            m = _SAMPLE.match(line)
            assert m, f"not a sample: {line!r}"
            name = m.group("name")
            family = re.sub(r"_(bucket|sum|count)$", "", name)
            kind = types.get(name) or types.get(family)
            assert kind is not None, f"{name} has no TYPE line before it"
            if kind == "histogram":
                assert name != family, f"histogram sample without a suffix: {line!r}"
            value = m.group("value")
            samples.append((name, _labels(m.group("labels")), float(value.replace("Inf", "inf"))))
    assert helps == set(types)
    return types, samples


def value(samples: list[Sample], name: str, **labels: str) -> float:
    found = [v for n, got, v in samples if n == name and got == labels]
    assert len(found) == 1, f"{name}{labels}: {found}"
    return found[0]


def buckets(samples: list[Sample], name: str, **labels: str) -> list[tuple[float, float]]:
    rows = [
        (float(got["le"].replace("Inf", "inf")), v)
        for n, got, v in samples
        if n == f"{name}_bucket" and {k: x for k, x in got.items() if k != "le"} == labels
    ]
    return sorted(rows)


# --- metrics ----------------------------------------------------------------------------------


def test_render_declares_every_family_with_help_and_type() -> None:
    types, samples = parse(Metrics(version="1.2.3").render())
    assert types == {
        "confbot_commands_total": "counter",
        "confbot_command_seconds": "histogram",
        "confbot_reminders": "gauge",
        "confbot_scheduler_lag_seconds": "gauge",
        "confbot_delivery_lag_seconds": "histogram",
        "confbot_scheduler_heartbeat_timestamp_seconds": "gauge",
        "confbot_gateway_connected": "gauge",
        "confbot_discord_refused_requests_total": "counter",
        "confbot_discord_refused_requests_10m": "gauge",
        "confbot_build_info": "gauge",
    }
    assert value(samples, "confbot_build_info", version="1.2.3") == 1


def test_commands_counter_increments_per_command_and_outcome() -> None:
    metrics = Metrics()
    for _ in range(3):
        metrics.command("now", "ok", 0.01)
    metrics.command("now", "user_error", 0.02)
    metrics.command("chair", "ok", 0.03)
    _, samples = parse(metrics.render())
    assert value(samples, "confbot_commands_total", command="now", outcome="ok") == 3
    assert value(samples, "confbot_commands_total", command="now", outcome="user_error") == 1
    assert value(samples, "confbot_commands_total", command="chair", outcome="ok") == 1


def test_histogram_buckets_are_cumulative_with_inf_sum_and_count() -> None:
    metrics = Metrics()
    durations = [0.001, 0.005, 0.07, 0.3, 0.3, 4.0, 12.0]  # 0.005 sits on a bound: le is <=
    for seconds in durations:
        metrics.command("schedule", "ok", seconds)
    _, samples = parse(metrics.render())
    rows = buckets(samples, "confbot_command_seconds", command="schedule")
    assert [bound for bound, _ in rows] == [*COMMAND_BUCKETS, math.inf]
    for bound, count in rows:
        assert count == sum(1 for d in durations if d <= bound), bound
    counts = [count for _, count in rows]
    assert counts == sorted(counts)
    assert rows[-1] == (math.inf, len(durations))
    assert value(samples, "confbot_command_seconds_count", command="schedule") == len(durations)
    assert value(samples, "confbot_command_seconds_sum", command="schedule") == pytest.approx(
        sum(durations)
    )


def test_label_values_are_escaped_and_parse_back() -> None:
    metrics = Metrics()
    awkward = 'say "hi"\\now\nthen'
    metrics.command(awkward, "ok", 0.0)
    text = metrics.render()
    assert "\nthen" not in text
    _, samples = parse(text)
    assert value(samples, "confbot_commands_total", command=awkward, outcome="ok") == 1


def test_reminder_states_missing_from_a_snapshot_read_zero() -> None:
    metrics = Metrics()
    metrics.set_reminders({"pending": 4, "sent": 10})
    metrics.set_reminders({"pending": 1, "failed": 2})
    _, samples = parse(metrics.render())
    assert value(samples, "confbot_reminders", state="pending") == 1
    assert value(samples, "confbot_reminders", state="sent") == 0
    assert value(samples, "confbot_reminders", state="failed") == 2


def test_scheduler_lag_sets_the_gauge_and_fills_the_histogram() -> None:
    metrics = Metrics()
    for lag in (0.2, 3.0, -1.0):  # a reminder sent early counts as on time
        metrics.scheduler_lag(lag)
    _, samples = parse(metrics.render())
    assert value(samples, "confbot_scheduler_lag_seconds") == 0
    assert value(samples, "confbot_delivery_lag_seconds_count") == 3
    assert value(samples, "confbot_delivery_lag_seconds_sum") == pytest.approx(3.2)
    assert dict(buckets(samples, "confbot_delivery_lag_seconds"))[0.5] == 2


def test_scheduler_heartbeat_and_freshness() -> None:
    metrics = Metrics()
    assert not metrics.scheduler_fresh(NOW, 60)
    metrics.scheduler_heartbeat(NOW)
    assert metrics.scheduler_fresh(NOW + timedelta(seconds=60), 60)
    assert not metrics.scheduler_fresh(NOW + timedelta(seconds=61), 60)
    _, samples = parse(metrics.render())
    assert value(samples, "confbot_scheduler_heartbeat_timestamp_seconds") == NOW.timestamp()
    with pytest.raises(ValueError, match="aware"):
        metrics.scheduler_heartbeat(NOW.replace(tzinfo=None))


def test_gateway_is_connected_only_when_every_shard_is() -> None:
    metrics = Metrics()
    assert not metrics.gateway_connected
    metrics.gateway(True, shard_id=0)
    metrics.gateway(True, shard_id=1)
    assert metrics.gateway_connected
    metrics.gateway(False, shard_id=1)
    assert not metrics.gateway_connected
    _, samples = parse(metrics.render())
    assert value(samples, "confbot_gateway_connected", shard="0") == 1
    assert value(samples, "confbot_gateway_connected", shard="1") == 0


# --- the health server ------------------------------------------------------------------------


class Probes:
    def __init__(self, **results: bool) -> None:
        self.results = {"database": True, "gateway": True, "scheduler": True, **results}
        self.error: Exception | None = None

    async def __call__(self) -> Mapping[str, bool]:
        if self.error is not None:
            raise self.error
        return self.results


async def _get(port: int, path: str) -> tuple[int, str, str]:
    async with (
        aiohttp.ClientSession() as client,
        client.get(f"http://127.0.0.1:{port}{path}") as response,
    ):
        return response.status, response.headers["Content-Type"], await response.text()


async def test_healthz_answers_200_when_every_check_passes() -> None:
    async with HealthServer(Metrics(), Probes(), port=0) as server:
        assert server.port > 0
        status, content_type, body = await _get(server.port, "/healthz")
    assert status == 200
    assert content_type.startswith("application/json")
    assert json.loads(body) == {
        "status": "ok",
        "checks": {"database": True, "gateway": True, "scheduler": True},
    }


async def test_healthz_answers_503_naming_the_failed_check() -> None:
    probes = Probes(gateway=False)
    async with HealthServer(Metrics(), probes, port=0) as server:
        status, _, body = await _get(server.port, "/healthz")
        assert status == 503
        assert json.loads(body) == {
            "status": "fail",
            "checks": {"database": True, "gateway": False, "scheduler": True},
        }
        probes.error = RuntimeError("database went away")
        status, _, body = await _get(server.port, "/healthz")
    assert status == 503
    assert json.loads(body)["checks"] == {"database": False, "gateway": False, "scheduler": False}


async def test_metrics_endpoint_serves_the_text_format() -> None:
    metrics = Metrics()
    metrics.command("now", "ok", 0.01)
    async with HealthServer(metrics, Probes(), host="127.0.0.1", port=0) as server:
        status, content_type, body = await _get(server.port, "/metrics")
    assert status == 200
    assert content_type == CONTENT_TYPE
    _, samples = parse(body)
    assert value(samples, "confbot_commands_total", command="now", outcome="ok") == 1


async def test_server_stops_listening_after_stop() -> None:
    server = HealthServer(Metrics(), Probes(), port=0)
    port = await server.start()
    await server.stop()
    await server.stop()  # twice is harmless
    with pytest.raises(aiohttp.ClientConnectionError):
        await _get(port, "/healthz")


async def test_make_checks_combines_database_gateway_and_scheduler() -> None:
    metrics = Metrics()
    database_ok = True
    tick: datetime | None = None

    async def database() -> bool:
        return database_ok

    checks = make_checks(metrics, database, lambda: NOW, last_tick=lambda: tick)
    assert await checks() == {"database": True, "gateway": False, "scheduler": False}
    metrics.gateway(True)
    tick = NOW - timedelta(minutes=14)
    assert await checks() == {"database": True, "gateway": True, "scheduler": True}
    _, samples = parse(metrics.render())
    assert value(samples, "confbot_scheduler_heartbeat_timestamp_seconds") == tick.timestamp()
    tick = NOW - timedelta(minutes=16)
    assert (await checks())["scheduler"] is False
    database_ok = False
    assert (await checks())["database"] is False


async def test_make_checks_without_a_scheduler_or_tick_source() -> None:
    async def database() -> bool:
        return True

    metrics = Metrics()
    no_scheduler = make_checks(metrics, database, lambda: NOW, scheduler_max_age=None)
    assert (await no_scheduler())["scheduler"] is True
    heartbeat_driven = make_checks(metrics, database, lambda: NOW, scheduler_max_age=60)
    metrics.scheduler_heartbeat(NOW - timedelta(seconds=30))
    assert (await heartbeat_driven())["scheduler"] is True


async def test_metrics_collect_runs_before_each_scrape_and_may_fail() -> None:
    metrics = Metrics()
    scrapes = 0

    async def collect() -> None:
        nonlocal scrapes
        scrapes += 1
        if scrapes == 2:
            raise RuntimeError("database is down")
        metrics.set_reminders({"pending": scrapes})

    async with HealthServer(metrics, Probes(), port=0, collect=collect) as server:
        _, _, first = await _get(server.port, "/metrics")
        status, _, second = await _get(server.port, "/metrics")
    assert value(parse(first)[1], "confbot_reminders", state="pending") == 1
    assert status == 200
    assert value(parse(second)[1], "confbot_reminders", state="pending") == 1


# --- logging ----------------------------------------------------------------------------------


@pytest.fixture
def restore_root_logger() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    for handler in root.handlers:
        if handler not in handlers:
            root.removeHandler(handler)
    root.setLevel(level)


def _log_lines(fmt: str, emit: object) -> list[str]:
    stream = io.StringIO()
    configure_logging("DEBUG", fmt, stream=stream)
    assert callable(emit)
    emit(logging.getLogger("bot.test"))
    return stream.getvalue().splitlines()


@pytest.mark.usefixtures("restore_root_logger")
def test_json_lines_carry_ts_level_logger_message_extras_and_exception() -> None:
    def emit(logger: logging.Logger) -> None:
        logger.info("delivered %d reminders", 3, extra={"guild_id": 42, "at": NOW})
        try:
            raise ValueError("boom\nsecond line")
        except ValueError:
            logger.exception("scheduler pass failed")

    lines = _log_lines("json", emit)
    assert len(lines) == 2
    first, second = (json.loads(line) for line in lines)
    assert first["message"] == "delivered 3 reminders"
    assert first["level"] == "INFO"
    assert first["logger"] == "bot.test"
    assert first["guild_id"] == 42
    assert first["at"] == NOW.isoformat()
    assert datetime.fromisoformat(first["ts"]).utcoffset() == timedelta(0)
    assert second["level"] == "ERROR"
    assert "ValueError: boom" in second["exception"]
    assert "Traceback" in second["exception"]


def test_json_formatter_keeps_line_separators_inside_the_line() -> None:
    record = logging.LogRecord("bot", logging.INFO, __file__, 1, "a\u2028b\x85c\nd", None, None)
    line = JsonFormatter().format(record)
    assert len(line.splitlines()) == 1
    assert json.loads(line)["message"] == "a\u2028b\x85c\nd"


@pytest.mark.usefixtures("restore_root_logger")
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_tokens_never_reach_the_output(fmt: str) -> None:
    def emit(logger: logging.Logger) -> None:
        logger.info(f"token in the message {FAKE_TOKEN}")
        logger.info("token in the args %s and %r", FAKE_TOKEN, {"token": FAKE_TOKEN})
        logger.info("header %s", {"Authorization": f"Bot {FAKE_TOKEN}"})
        logger.info("bearer: Bearer abcdefghijklmnopqrstuvwxyz012345")
        logger.warning("extra", extra={"header": f"Bot {FAKE_TOKEN}"})
        logger.info("url %s", "postgresql+asyncpg://confbot:hunter2secret@db:5432/confbot")
        try:
            raise RuntimeError(f"login failed for {FAKE_TOKEN}")
        except RuntimeError:
            logger.exception("gateway error")

    lines = _log_lines(fmt, emit)
    output = "\n".join(lines)
    assert FAKE_TOKEN not in output
    assert FAKE_TOKEN.split(".")[2] not in output
    assert "abcdefghijklmnopqrstuvwxyz012345" not in output
    assert "hunter2secret" not in output
    assert "postgresql+asyncpg://confbot:[redacted]@db:5432/confbot" in output
    assert "token in the args [redacted] and {'token': '[redacted]'}" in output
    assert "{'Authorization': 'Bot [redacted]'}" in output
    assert "RuntimeError: login failed for [redacted]" in output
    if fmt == "json":
        entries = [json.loads(line) for line in lines]
        assert [e["header"] for e in entries if "header" in e] == ["Bot [redacted]"]


def test_redacting_filter_removes_registered_secrets_and_leaves_plain_text() -> None:
    redactor = RedactingFilter(secrets=["s3cr3t-password", "short", ""])
    assert redactor.redact("pw=s3cr3t-password") == "pw=[redacted]"
    assert redactor.redact("a short note") == "a short note"  # too short to redact safely
    for harmless in (
        "bot.discord_ui.runner started 2 shards",
        "Bot ready in guild 123456789012345678",
        "loaded asplos-eurosys-2025.txt: 312 sessions",
        "https://discord.com/api/v10/gateway/bot",
    ):
        assert redactor.redact(harmless) == harmless


def test_redacting_filter_survives_a_message_that_cannot_be_formatted() -> None:
    record = logging.LogRecord(
        "bot", logging.INFO, __file__, 1, "%d items %s", ("x", FAKE_TOKEN), None
    )
    assert RedactingFilter().filter(record)
    assert FAKE_TOKEN not in record.getMessage()


@pytest.mark.usefixtures("restore_root_logger")
def test_configure_logging_is_idempotent_and_validates() -> None:
    root = logging.getLogger()
    before = len(root.handlers)
    configure_logging("info", "text")
    handler = configure_logging("WARNING", "json")
    assert len(root.handlers) == before + 1
    assert handler in root.handlers
    assert isinstance(handler.formatter, JsonFormatter)
    assert root.level == logging.WARNING
    with pytest.raises(ConfigError, match="LOG_LEVEL"):
        configure_logging("LOUD", "text")
    with pytest.raises(ConfigError, match="LOG_FORMAT"):
        configure_logging("INFO", "yaml")


@pytest.mark.usefixtures("restore_root_logger")
def test_text_format_is_one_line_with_utc_time() -> None:
    lines = _log_lines("text", lambda logger: logger.warning("hello %s", "there"))
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ WARNING bot\.test: hello there", lines[0])


def test_observability_imports_neither_discord_nor_sqlalchemy() -> None:
    source = Path(__file__).resolve().parent.parent / "bot" / "observability.py"
    imported: set[str] = set()
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            imported.update(alias.name.partition(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.partition(".")[0])
    assert not imported & {"discord", "sqlalchemy", "alembic"}
