"""What the bot counts, as `prometheus_client` metrics in a registry of its own.

Counters, histograms and gauges are `prometheus_client`'s; the gauges read from the database
(reminder deliveries by state) come from a custom collector that reports the latest snapshot,
which the /metrics handler refreshes just before each scrape (see `server.HealthServer`).
Nothing here imports discord or SQLAlchemy.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from datetime import datetime
from typing import Final

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.exposition import CONTENT_TYPE_PLAIN_0_0_4
from prometheus_client.registry import Collector

COMMAND_BUCKETS: Final = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
LAG_BUCKETS: Final = (0.1, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0)


CONTENT_TYPE: Final = CONTENT_TYPE_PLAIN_0_0_4
"""What /metrics answers unless the scraper asks for OpenMetrics."""


def _reminders_family() -> GaugeMetricFamily:
    return GaugeMetricFamily("confbot_reminders", "Reminder deliveries by state.", labels=["state"])


class ReminderStates(Collector):
    """`confbot_reminders{state}`: deliveries by state, from the last database snapshot.

    A state seen in an earlier snapshot and missing from the latest reads 0, so a series does
    not vanish (and look like a scrape gap) when its last reminder moves on.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: dict[str, int] = {}

    def update(self, states: Mapping[str, int]) -> None:
        with self._lock:
            self._counts = {**dict.fromkeys(self._counts, 0), **states}

    def collect(self) -> Iterator[Metric]:
        family = _reminders_family()
        with self._lock:
            counts = sorted(self._counts.items())
        for state, count in counts:
            family.add_metric([state], count)
        yield family

    def describe(self) -> Iterator[Metric]:
        yield _reminders_family()


class Metrics:
    """What the bot counts, rendered for Prometheus. Safe to call from any thread.

    Call sites: `command` once per slash command, `set_reminders` with the delivery counts per
    state, `scheduler_lag` once per delivered reminder (now minus its due time),
    `scheduler_heartbeat` on each pass of the scheduler loop, `gateway` on connect/disconnect,
    `discord_share` on each sender heartbeat (`bot.services.sharing`).
    """

    def __init__(self, *, version: str | None = None) -> None:
        # The `_created` series would double every counter and histogram for a value nobody
        # here reads; prometheus_client only offers a process-wide switch for it.
        disable_created_metrics()  # type: ignore[no-untyped-call]  # untyped in the library
        self.registry = CollectorRegistry()
        self._lock = threading.Lock()
        self._commands = Counter(
            "confbot_commands_total",
            "Commands answered, by command and outcome.",
            ["command", "outcome"],
            registry=self.registry,
        )
        self._command_seconds = Histogram(
            "confbot_command_seconds",
            "Time from receiving a command to answering it.",
            ["command"],
            buckets=COMMAND_BUCKETS,
            registry=self.registry,
        )
        self._reminders = ReminderStates()
        self.registry.register(self._reminders)
        self._lag = Gauge(
            "confbot_scheduler_lag_seconds",
            "How late the most recent reminder was delivered after its due time.",
            registry=self.registry,
        )
        self._lag_histogram = Histogram(
            "confbot_delivery_lag_seconds",
            "How late each reminder was delivered after its due time.",
            buckets=LAG_BUCKETS,
            registry=self.registry,
        )
        self._heartbeat_gauge = Gauge(
            "confbot_scheduler_heartbeat_timestamp_seconds",
            "Unix time of the scheduler loop's most recent pass.",
            registry=self.registry,
        )
        self._gateway = Gauge(
            "confbot_gateway_connected",
            "1 while the shard's gateway is connected.",
            ["shard"],
            registry=self.registry,
        )
        self._build = Gauge(
            "confbot_build_info",
            "The running confbot version.",
            ["version"],
            registry=self.registry,
        )
        self._refused = Counter(
            "confbot_discord_refused_requests",
            "Requests Discord refused with 429 since start.",
            registry=self.registry,
        )
        self._refused_window = Gauge(
            "confbot_discord_refused_requests_10m",
            "Requests Discord refused in the last 10 minutes (it bans at 10,000).",
            registry=self.registry,
        )
        self._senders = Gauge(
            "confbot_discord_senders",
            "Bot processes sharing the token's request rate to Discord, this one included "
            "(0: not known, the database unreachable).",
            registry=self.registry,
        )
        self._rate_share = Gauge(
            "confbot_discord_rate_share",
            "Requests a second this process may send to Discord: its share of DISCORD_RATE_LIMIT.",
            registry=self.registry,
        )
        if version is not None:
            self._build.labels(version).set(1)
        self._shards: dict[int, bool] = {}
        self._heartbeat: datetime | None = None

    def command(self, name: str, outcome: str, seconds: float) -> None:
        """One command answered; `outcome` is e.g. "ok", "user_error" or "error"."""
        self._commands.labels(name, outcome).inc()
        self._command_seconds.labels(name).observe(max(seconds, 0.0))

    def set_reminders(self, states: Mapping[str, int]) -> None:
        """The current count per state; a state seen before and missing now reads 0."""
        self._reminders.update(states)

    def scheduler_lag(self, seconds: float) -> None:
        lag = max(seconds, 0.0)
        self._lag.set(lag)
        self._lag_histogram.observe(lag)

    def discord_refused(self, total: int, last_10_minutes: int) -> None:
        """Discord refused a request (429): once per refusal, with the ban window's count."""
        self._refused.inc()
        self._refused_window.set(last_10_minutes)

    def discord_share(self, senders: int, rate: float) -> None:
        """On each sender heartbeat: the live sending processes, and this one's rate."""
        self._senders.set(senders)
        self._rate_share.set(rate)

    def scheduler_heartbeat(self, now: datetime) -> None:
        """The scheduler loop is alive at `now` (aware; from the same clock as the check)."""
        if now.tzinfo is None:
            raise ValueError("scheduler_heartbeat needs an aware datetime")
        with self._lock:
            self._heartbeat = now
        self._heartbeat_gauge.set(now.timestamp())

    def scheduler_fresh(self, now: datetime, max_age: float) -> bool:
        """Whether the scheduler's last heartbeat is at most `max_age` seconds before `now`."""
        with self._lock:
            beat = self._heartbeat
        return beat is not None and (now - beat).total_seconds() <= max_age

    def gateway(self, connected: bool, shard_id: int | None = None) -> None:
        """A shard connected or disconnected; `None` is the single shard of an unsharded bot."""
        shard = shard_id or 0
        with self._lock:
            self._shards[shard] = connected
        self._gateway.labels(str(shard)).set(1 if connected else 0)

    @property
    def gateway_connected(self) -> bool:
        """Every shard this process has heard of is connected (and there is at least one)."""
        with self._lock:
            return bool(self._shards) and all(self._shards.values())

    def render(self) -> str:
        """The Prometheus text format (0.0.4)."""
        return generate_latest(self.registry).decode()
