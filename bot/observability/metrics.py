"""What the bot counts: `Metrics`, a small in-process registry written out in the Prometheus
text format 0.0.4. Nothing here imports discord or SQLAlchemy."""

from __future__ import annotations

import bisect
import math
import re
import threading
from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime
from typing import Final

CONTENT_TYPE: Final = "text/plain; version=0.0.4; charset=utf-8"
COMMAND_BUCKETS: Final = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
LAG_BUCKETS: Final = (0.1, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0)

_NAME = re.compile(r"^[a-zA-Z_:][a-zA-Z0-9_:]*$")
_LABEL = re.compile(r"^[a-zA-Z_][a-zA-Z0-9_]*$")


def _escape_label(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def _escape_help(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\n", "\\n")


def _number(number: float) -> str:
    value = float(number)
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    if value.is_integer() and abs(value) < 2**53:
        return str(int(value))
    return repr(value)


class _Family:
    """One metric name, its HELP and TYPE, and one value (or histogram) per label set."""

    kind = "untyped"

    def __init__(self, name: str, help_text: str, labels: Sequence[str] = ()) -> None:
        if not _NAME.match(name) or not all(_LABEL.match(label) for label in labels):
            raise ValueError(f"bad metric or label name in {name}{tuple(labels)}")
        self.name = name
        self.help_text = help_text
        self.labels = tuple(labels)

    def _key(self, values: Sequence[str]) -> tuple[str, ...]:
        if len(values) != len(self.labels):
            raise ValueError(f"{self.name} takes labels {self.labels}, got {tuple(values)}")
        return tuple(str(value) for value in values)

    def _sample(
        self, suffix: str, key: tuple[str, ...], value: float, extra: tuple[str, str] | None = None
    ) -> str:
        pairs = list(zip(self.labels, key, strict=True))
        if extra is not None:
            pairs.append(extra)
        labels = ",".join(f'{label}="{_escape_label(text)}"' for label, text in pairs)
        selector = f"{{{labels}}}" if labels else ""
        return f"{self.name}{suffix}{selector} {_number(value)}"

    def samples(self) -> Iterator[str]:
        raise NotImplementedError

    def render(self) -> Iterator[str]:
        yield f"# HELP {self.name} {_escape_help(self.help_text)}"
        yield f"# TYPE {self.name} {self.kind}"
        yield from self.samples()


class _Counter(_Family):
    kind = "counter"

    def __init__(self, name: str, help_text: str, labels: Sequence[str] = ()) -> None:
        super().__init__(name, help_text, labels)
        self.values: dict[tuple[str, ...], float] = {}

    def inc(self, *labels: str, amount: float = 1.0) -> None:
        if amount < 0:
            raise ValueError("a counter only goes up")
        key = self._key(labels)
        self.values[key] = self.values.get(key, 0.0) + amount

    def samples(self) -> Iterator[str]:
        for key in sorted(self.values):
            yield self._sample("", key, self.values[key])


class _Gauge(_Family):
    kind = "gauge"

    def __init__(self, name: str, help_text: str, labels: Sequence[str] = ()) -> None:
        super().__init__(name, help_text, labels)
        self.values: dict[tuple[str, ...], float] = {}

    def set(self, *labels: str, value: float) -> None:
        self.values[self._key(labels)] = float(value)

    def samples(self) -> Iterator[str]:
        for key in sorted(self.values):
            yield self._sample("", key, self.values[key])


class _Histogram(_Family):
    kind = "histogram"

    def __init__(
        self, name: str, help_text: str, buckets: Sequence[float], labels: Sequence[str] = ()
    ) -> None:
        if "le" in labels:
            raise ValueError("`le` is reserved for histogram buckets")
        bounds = sorted(float(bound) for bound in buckets if not math.isinf(bound))
        if not bounds or len(set(bounds)) != len(bounds):
            raise ValueError(f"{name} needs distinct finite buckets")
        super().__init__(name, help_text, labels)
        self.bounds = tuple(bounds)
        # Per label set: one count per bucket (not cumulative; the last is +Inf) and the sum.
        self.counts: dict[tuple[str, ...], list[int]] = {}
        self.sums: dict[tuple[str, ...], float] = {}

    def observe(self, *labels: str, value: float) -> None:
        key = self._key(labels)
        counts = self.counts.setdefault(key, [0] * (len(self.bounds) + 1))
        counts[bisect.bisect_left(self.bounds, value)] += 1
        self.sums[key] = self.sums.get(key, 0.0) + value

    def samples(self) -> Iterator[str]:
        for key in sorted(self.counts):
            running = 0
            for bound, count in zip((*self.bounds, math.inf), self.counts[key], strict=True):
                running += count
                le = "+Inf" if math.isinf(bound) else repr(bound)
                yield self._sample("_bucket", key, running, ("le", le))
            yield self._sample("_sum", key, self.sums[key])
            yield self._sample("_count", key, running)


class Metrics:
    """What the bot counts, rendered for Prometheus. Safe to call from any thread.

    Call sites: `command` once per slash command, `set_reminders` with the delivery counts per
    state, `scheduler_lag` once per delivered reminder (now minus its due time),
    `scheduler_heartbeat` on each pass of the scheduler loop, `gateway` on connect/disconnect.
    """

    def __init__(self, *, version: str | None = None) -> None:
        self._lock = threading.Lock()
        self._commands = _Counter(
            "confbot_commands_total",
            "Commands answered, by command and outcome.",
            ("command", "outcome"),
        )
        self._command_seconds = _Histogram(
            "confbot_command_seconds",
            "Time from receiving a command to answering it.",
            COMMAND_BUCKETS,
            ("command",),
        )
        self._reminders = _Gauge("confbot_reminders", "Reminder deliveries by state.", ("state",))
        self._lag = _Gauge(
            "confbot_scheduler_lag_seconds",
            "How late the most recent reminder was delivered after its due time.",
        )
        self._lag_histogram = _Histogram(
            "confbot_delivery_lag_seconds",
            "How late each reminder was delivered after its due time.",
            LAG_BUCKETS,
        )
        self._heartbeat_gauge = _Gauge(
            "confbot_scheduler_heartbeat_timestamp_seconds",
            "Unix time of the scheduler loop's most recent pass.",
        )
        self._gateway = _Gauge(
            "confbot_gateway_connected", "1 while the shard's gateway is connected.", ("shard",)
        )
        self._build = _Gauge("confbot_build_info", "The running confbot version.", ("version",))
        if version is not None:
            self._build.set(version, value=1)
        self._families: tuple[_Family, ...] = (
            self._commands,
            self._command_seconds,
            self._reminders,
            self._lag,
            self._lag_histogram,
            self._heartbeat_gauge,
            self._gateway,
            self._build,
        )
        self._shards: dict[int, bool] = {}
        self._heartbeat: datetime | None = None

    def command(self, name: str, outcome: str, seconds: float) -> None:
        """One command answered; `outcome` is e.g. "ok", "user_error" or "error"."""
        with self._lock:
            self._commands.inc(name, outcome)
            self._command_seconds.observe(name, value=max(seconds, 0.0))

    def set_reminders(self, states: Mapping[str, int]) -> None:
        """The current count per state; a state seen before and missing now reads 0."""
        with self._lock:
            for (state,) in self._reminders.values:
                if state not in states:
                    self._reminders.set(state, value=0)
            for state, count in states.items():
                self._reminders.set(state, value=count)

    def scheduler_lag(self, seconds: float) -> None:
        with self._lock:
            lag = max(seconds, 0.0)
            self._lag.set(value=lag)
            self._lag_histogram.observe(value=lag)

    def scheduler_heartbeat(self, now: datetime) -> None:
        """The scheduler loop is alive at `now` (aware; from the same clock as the check)."""
        if now.tzinfo is None:
            raise ValueError("scheduler_heartbeat needs an aware datetime")
        with self._lock:
            self._heartbeat = now
            self._heartbeat_gauge.set(value=now.timestamp())

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
            self._gateway.set(str(shard), value=1 if connected else 0)

    @property
    def gateway_connected(self) -> bool:
        """Every shard this process has heard of is connected (and there is at least one)."""
        with self._lock:
            return bool(self._shards) and all(self._shards.values())

    def render(self) -> str:
        with self._lock:
            lines = [line for family in self._families for line in family.render()]
        return "\n".join(lines) + "\n"
