"""Operations: metrics, the /healthz and /metrics server, and logs that never hold a token.

`Metrics` is a small in-process registry written out in the Prometheus text format 0.0.4.
`HealthServer` serves it, with a health check the application wires to its real probes.
`configure_logging` installs text or JSON-lines logging on the root logger, with a filter that
removes anything shaped like a Discord token. Nothing here imports discord or SQLAlchemy:
`app.py` passes the probes and callbacks in.
"""

from __future__ import annotations

import asyncio
import bisect
import json
import logging
import math
import re
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from types import TracebackType
from typing import Any, Final, TextIO

from aiohttp import web

from bot.errors import ConfigError

log = logging.getLogger(__name__)

# --- metrics --------------------------------------------------------------------------------

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
        self._refused = _Counter(
            "confbot_discord_refused_requests_total",
            "Requests Discord refused with 429 since start.",
        )
        self._refused_window = _Gauge(
            "confbot_discord_refused_requests_10m",
            "Requests Discord refused in the last 10 minutes (it bans at 10,000).",
        )
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
            self._refused,
            self._refused_window,
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

    def discord_refused(self, total: int, last_10_minutes: int) -> None:
        """Discord refused a request (429): once per refusal, with the ban window's count."""
        with self._lock:
            self._refused.inc()
            self._refused_window.set(value=last_10_minutes)

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


# --- /healthz and /metrics ------------------------------------------------------------------

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

    async def _render_metrics(self, _request: web.Request) -> web.Response:
        if self._collect is not None:
            try:
                async with asyncio.timeout(self._timeout):
                    await self._collect()
            except Exception as error:  # stale gauges beat no metrics at all
                log.warning("metrics collection failed: %s", type(error).__name__)
        return web.Response(
            body=self._metrics.render().encode(), headers={"Content-Type": CONTENT_TYPE}
        )


# --- logging --------------------------------------------------------------------------------

REDACTED: Final = "[redacted]"
# A bot token: base64url of the bot's id, a timestamp, an HMAC, joined by dots.
TOKEN_PATTERN: Final = re.compile(
    r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{20,40}\.[A-Za-z0-9_-]{5,10}\.[A-Za-z0-9_-]{25,}"
)
# An Authorization header value: "Bot <token>" or "Bearer <token>".
AUTH_PATTERN: Final = re.compile(r"\b(Bot|Bearer)(\s+)[A-Za-z0-9_.~+/=-]{20,}")
# Credentials in a URL: scheme://user:password@host.
URL_PASSWORD_PATTERN: Final = re.compile(r"(\b[a-z][a-z0-9+.-]*://[^:/@\s]*:)[^@\s/]+@")
MIN_SECRET_LENGTH: Final = 8

_RECORD_ATTRS: Final = frozenset(
    {*vars(logging.LogRecord("", 0, "", 0, "", None, None)), "message", "asctime", "taskName"}
)
_PLAIN_FORMATTER = logging.Formatter()


class RedactingFilter(logging.Filter):
    """Removes Discord tokens, Authorization values, URL passwords and the given secrets.

    Attach it to a handler (as `configure_logging` does), so it sees every record that handler
    writes, from any logger. It rewrites the record: the message with its arguments merged, the
    formatted traceback, the stack and string `extra` fields.
    """

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self._secrets = sorted(
            {secret for secret in secrets if len(secret) >= MIN_SECRET_LENGTH},
            key=len,
            reverse=True,
        )

    def redact(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, REDACTED)
        text = AUTH_PATTERN.sub(rf"\1\2{REDACTED}", text)
        text = TOKEN_PATTERN.sub(REDACTED, text)
        return URL_PASSWORD_PATTERN.sub(rf"\1{REDACTED}@", text)

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # the formatter would fail too; keep the parts, redacted
            message = f"{record.msg!s} {record.args!r}"
        redacted = self.redact(message)
        if redacted != message or not isinstance(record.msg, str):
            record.msg, record.args = redacted, None
        if record.exc_info and not record.exc_text:
            record.exc_text = _PLAIN_FORMATTER.formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        for key, value in list(vars(record).items()):
            if key not in _RECORD_ATTRS and isinstance(value, str):
                setattr(record, key, self.redact(value))
        return True


def _json_default(value: object) -> str:
    if isinstance(value, datetime):
        return value.isoformat()
    return str(value)


class JsonFormatter(logging.Formatter):
    """One JSON object per line: ts (ISO 8601, UTC), level, logger, message, extra fields,
    and `exception` / `stack` as formatted text."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC)
            .isoformat(timespec="milliseconds")
            .replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _RECORD_ATTRS and key not in entry and not key.startswith("_"):
                entry[key] = value
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            entry["exception"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        line = json.dumps(entry, ensure_ascii=False, default=_json_default)
        # Characters that some readers take for line breaks; JSON escapes the rest itself.
        return (
            line.replace("\x85", "\\u0085")
            .replace("\u2028", "\\u2028")
            .replace("\u2029", "\\u2029")
        )


TEXT_FORMAT: Final = "%(asctime)s %(levelname)s %(name)s: %(message)s"
_HANDLER_NAME: Final = "confbot"


def _text_formatter() -> logging.Formatter:
    formatter = logging.Formatter(TEXT_FORMAT, datefmt="%Y-%m-%dT%H:%M:%SZ")
    formatter.converter = time.gmtime
    return formatter


def configure_logging(
    level: str,
    fmt: str = "text",
    *,
    secrets: Iterable[str] = (),
    stream: TextIO | None = None,
) -> logging.Handler:
    """Log to stderr (or `stream`) at `level`, as "text" or "json" lines, redacting secrets.

    Idempotent: a second call replaces the handler the first one installed; handlers others
    installed on the root logger stay. Returns the handler.
    """
    numeric = logging.getLevelNamesMapping().get(level.strip().upper())
    if numeric is None:
        raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}")
    if fmt not in {"text", "json"}:
        raise ConfigError(f"LOG_FORMAT must be text or json, not {fmt!r}")
    root = logging.getLogger()
    for existing in list(root.handlers):
        if existing.get_name() == _HANDLER_NAME:
            root.removeHandler(existing)
            existing.close()
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.set_name(_HANDLER_NAME)
    handler.setFormatter(JsonFormatter() if fmt == "json" else _text_formatter())
    handler.addFilter(RedactingFilter(secrets))
    root.addHandler(handler)
    root.setLevel(numeric)
    return handler
