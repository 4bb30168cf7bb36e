"""GET /healthz and GET /metrics on a loopback port: `HealthServer`, and `make_checks`, the
usual probes the application wires to its database, gateway and scheduler."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime
from types import TracebackType
from typing import Final

from aiohttp import web
from prometheus_client.exposition import choose_encoder

from bot.observability.metrics import Metrics

log = logging.getLogger(__name__)

HealthChecks = Callable[[], Awaitable[Mapping[str, bool]]]
CHECK_NAMES: Final = ("database", "gateway", "scheduler")


def make_checks(
    metrics: Metrics,
    database: Callable[[], Awaitable[bool]],
    now: Callable[[], datetime],
    *,
    last_tick: Callable[[], datetime | None] | None = None,
    scheduler_max_age: float | None = 900.0,
) -> HealthChecks:
    """The usual probes: `database()` answers, every shard is connected, the scheduler is alive.

    The scheduler is alive when its last heartbeat is at most `scheduler_max_age` seconds old
    by `now()`; `last_tick`, if given, is read on each check and recorded as the heartbeat. Keep
    the age above the scheduler's longest idle sleep. `scheduler_max_age=None`: no scheduler in
    this process, always healthy.
    """

    async def checks() -> Mapping[str, bool]:
        if last_tick is not None and (tick := last_tick()) is not None:
            metrics.scheduler_heartbeat(tick)
        scheduler = scheduler_max_age is None or metrics.scheduler_fresh(now(), scheduler_max_age)
        return {
            "database": await database(),
            "gateway": metrics.gateway_connected,
            "scheduler": scheduler,
        }

    return checks


class HealthServer:
    """GET /healthz (200 or 503, JSON) and GET /metrics, on `host` only (loopback by default).

    `checks` answers /healthz: a name -> ok mapping, healthy when every value is true; a check
    that raises or takes longer than `timeout` seconds fails them all. `collect`, if given, runs
    before each /metrics answer to refresh gauges that are cheaper to read on demand (e.g.
    reminder counts from the database); if it fails, the metrics are served as they stand.
    """

    def __init__(
        self,
        metrics: Metrics,
        checks: HealthChecks,
        *,
        host: str = "127.0.0.1",
        port: int,
        timeout: float = 5.0,
        collect: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        self._metrics = metrics
        self._checks = checks
        self._collect = collect
        self._host = host
        self._port = port
        self._timeout = timeout
        self._runner: web.AppRunner | None = None

    @property
    def port(self) -> int:
        """The bound port (the real one when constructed with port 0); valid after `start`."""
        return self._port

    async def start(self) -> int:
        """Start listening; returns the bound port. Raises OSError if the port is taken."""
        if self._runner is not None:
            return self._port
        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/metrics", self._render_metrics)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        try:
            await web.TCPSite(runner, self._host, self._port).start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        self._port = int(runner.addresses[0][1])
        log.info("health and metrics on http://%s:%d/", self._host, self._port)
        return self._port

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def __aenter__(self) -> HealthServer:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.stop()

    async def _healthz(self, _request: web.Request) -> web.Response:
        try:
            async with asyncio.timeout(self._timeout):
                results = {name: bool(ok) for name, ok in (await self._checks()).items()}
        except Exception as error:  # a probe that fails to answer is a failed probe
            log.warning("health checks failed: %s", type(error).__name__)
            results = dict.fromkeys(CHECK_NAMES, False)
        healthy = bool(results) and all(results.values())
        return web.json_response(
            {"status": "ok" if healthy else "fail", "checks": results},
            status=200 if healthy else 503,
            headers={"Cache-Control": "no-store"},
        )

    async def _render_metrics(self, request: web.Request) -> web.Response:
        if self._collect is not None:
            try:
                async with asyncio.timeout(self._timeout):
                    await self._collect()
            except Exception as error:  # stale gauges beat no metrics at all
                log.warning("metrics collection failed: %s", type(error).__name__)
        # The text format 0.0.4 unless the scraper asks for OpenMetrics.
        encoder, content_type = choose_encoder(request.headers.get("Accept", ""))
        return web.Response(
            body=encoder(self._metrics.registry), headers={"Content-Type": content_type}
        )
