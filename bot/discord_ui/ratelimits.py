"""Every REST request discord.py makes takes its turn from the one `RequestBudget`.

discord.py already honours each route's bucket (it reads the `X-RateLimit-*` headers and
waits when a bucket is empty) and retries a 429 after the time Discord asked. What it does not
do is pace the bot as a whole below the global limit, or slow down when refused. An aiohttp
trace hook sits under every request it sends (its own retries included): before the request
it waits for a turn, after it reports a 429 to the budget. Interaction answers and their
follow-ups are not bound by the global limit, so they never wait here.

discord.py logs a warning for every 429; the budget logs one per episode instead, so the
per-request lines are dropped by a filter.
"""

from __future__ import annotations

import logging
from types import SimpleNamespace

import aiohttp

from bot.services.pacing import RequestBudget

# Paths Discord does not count against the bot's global limit (interaction tokens).
_EXEMPT = ("/interactions/", "/webhooks/")


def _exempt(path: str) -> bool:
    return any(part in path for part in _EXEMPT)


def budget_trace(budget: RequestBudget) -> aiohttp.TraceConfig:
    """An aiohttp trace config for `discord.Client(http_trace=...)`."""

    async def on_start(
        _session: aiohttp.ClientSession,
        _context: SimpleNamespace,
        params: aiohttp.TraceRequestStartParams,
    ) -> None:
        if not _exempt(params.url.path):
            await budget.acquire()

    async def on_end(
        _session: aiohttp.ClientSession,
        _context: SimpleNamespace,
        params: aiohttp.TraceRequestEndParams,
    ) -> None:
        response = params.response
        if response.status != 429:
            return
        headers = response.headers
        is_global = headers.get("X-RateLimit-Global", "").lower() == "true"
        if _exempt(params.url.path) and not is_global:
            return
        retry_after = _seconds(headers.get("X-RateLimit-Reset-After")) or _seconds(
            headers.get("Retry-After")
        )
        budget.refused(retry_after, is_global=is_global)

    trace = aiohttp.TraceConfig()
    trace.on_request_start.append(on_start)
    trace.on_request_end.append(on_end)
    trace.freeze()
    return trace


def _seconds(raw: str | None) -> float | None:
    if not raw:
        return None
    try:
        return float(raw)
    except ValueError:
        return None


class RateLimitLogFilter(logging.Filter):
    """Drops discord.py's per-request 429 warnings (the budget logs one line per episode)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = str(record.msg)
        return not (
            message.startswith("We are being rate limited.")
            or message.startswith("Global rate limit has been hit")
        )


def quiet_discord_rate_limit_logs() -> None:
    logger = logging.getLogger("discord.http")
    if not any(isinstance(f, RateLimitLogFilter) for f in logger.filters):
        logger.addFilter(RateLimitLogFilter())
