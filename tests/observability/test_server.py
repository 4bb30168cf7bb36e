"""bot.observability.server: /healthz, /metrics and the probes behind them."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta

import aiohttp
import pytest
from prometheus_client.openmetrics.parser import (
    text_string_to_metric_families as openmetrics_families,
)

from bot.observability.metrics import CONTENT_TYPE, Metrics
from bot.observability.server import HealthServer, make_checks
from tests.observability.metrics_text import parse, value

NOW = datetime(2025, 4, 1, 9, 0, tzinfo=UTC)


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


async def test_metrics_endpoint_speaks_openmetrics_when_asked() -> None:
    metrics = Metrics()
    metrics.command("now", "ok", 0.01)
    async with (
        HealthServer(metrics, Probes(), port=0) as server,
        aiohttp.ClientSession() as client,
        client.get(
            f"http://127.0.0.1:{server.port}/metrics",
            headers={"Accept": "application/openmetrics-text; version=1.0.0"},
        ) as response,
    ):
        content_type, body = response.headers["Content-Type"], await response.text()
    assert content_type.startswith("application/openmetrics-text")
    families = {family.name: family for family in openmetrics_families(body)}
    [sample] = families["confbot_commands"].samples
    assert (sample.name, sample.labels, sample.value) == (
        "confbot_commands_total",
        {"command": "now", "outcome": "ok"},
        1,
    )


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
