"""One request budget for everything the bot sends to Discord, paced to Discord's real limits.

Discord allows a bot 50 requests a second in all (interaction answers aside), and blocks its
IP for an hour after 10,000 refused requests in 10 minutes. So every request the bot makes
outside an interaction takes a turn from this budget: evenly spaced at `rate` a second
(default 45, leaving room), never in a burst. A refusal (429) slows the pace and pauses
everyone for the time Discord asked plus a random share of it, so retries are spread out and
not released together; the pace creeps back up while nothing is refused. Refusals are counted
over Discord's 10-minute window, and when the count nears the ban threshold the budget stops
handing out turns until the window has room again.

Warnings come once per episode of refusals, with a count, not once per request.

Several processes sending on one token share Discord's limit: `share` caps this process's
pace at its part of `rate` (`bot.services.sharing` divides it between the live processes),
and slow-downs and recovery work under that cap. A process that has just joined holds its
turns (`hold`) until the others have counted it; a refusal one of them reports slows this one
down too (`slow_down`).
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

log = logging.getLogger(__name__)

BAN_THRESHOLD = 10_000  # refused requests ...
BAN_WINDOW = 600.0  # ... in this many seconds get the bot's IP blocked for an hour


@dataclass(frozen=True)
class BudgetConfig:
    rate: float = 45.0  # requests a second, all senders together (all processes on the token)
    min_rate: float = 5.0
    slow_factor: float = 0.7  # a refusal multiplies the pace by this (at most once a second)
    recover_per_second: float = 2.0  # the pace regained each quiet second
    quiet_after: float = 5.0  # seconds without a refusal before the pace recovers
    episode_gap: float = 10.0  # a refusal this long after the last one starts a new episode
    stop_short_of: int = BAN_THRESHOLD // 4  # refusals in the window at which sending stops


class RequestBudget:
    """Hands out turns to send; told about Discord's answers through `refused`/`accepted`."""

    def __init__(
        self,
        config: BudgetConfig | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        on_refused: Callable[[int, int], None] | None = None,
    ) -> None:
        self.config = config or BudgetConfig()
        self._clock = clock
        self._rate = self.config.rate
        self._limit = self.config.rate  # this process's share of `rate`
        self._learned = self.config.rate  # the recovery ceiling as of the last refusal
        self._next = 0.0  # when the next turn is free
        self._paused_until = 0.0
        self._held_until = 0.0
        self._last_refusal = -1e9
        self._last_slowdown = -1e9
        self._last_recovery = clock()
        self._window: deque[float] = deque()
        self._started: deque[float] = deque()  # when each of the last second's requests went
        self._on_refused = on_refused
        self.refused_total = 0
        self.global_refused_total = 0
        self.requests_total = 0
        self._episode_start: float | None = None
        self._episode_count = 0

    @property
    def rate(self) -> float:
        """The pace now, in requests a second."""
        self._recover(self._clock())
        return self._rate

    @property
    def limit(self) -> float:
        """The most this process may send a second: its share of the configured rate."""
        return self._limit

    def share(self, rate: float) -> None:
        """Cap the pace at `rate` (kept between `min_rate` and the configured rate). A lower
        cap applies at once; under a higher one the pace climbs back as after a refusal.
        What refusals taught is kept in proportion: a ceiling learned at half the rate becomes
        the same fraction of the new cap."""
        limit = min(self.config.rate, max(self.config.min_rate, rate))
        if limit == self._limit:
            return
        self._learned = min(limit, max(self.config.min_rate, self._learned * limit / self._limit))
        self._limit = limit
        self._rate = min(self._rate, limit)

    def hold(self, seconds: float) -> None:
        """Hand out no turn for `seconds` (the other processes have not counted this one)."""
        self._held_until = max(self._held_until, self._clock() + seconds)

    @property
    def refused_in_window(self) -> int:
        self._trim(self._clock())
        return len(self._window)

    def _trim(self, now: float) -> None:
        while self._window and self._window[0] <= now - BAN_WINDOW:
            self._window.popleft()

    def _ceiling(self, now: float) -> float:
        """The pace the budget recovers to: each slowdown lowers it by one request a second,
        and it climbs back by one a minute while nothing is refused. Refusals that come from
        jitter near the limit thus become rarer instead of recurring at the same pace."""
        quiet = max(0.0, now - self._last_refusal)
        return min(self._limit, self._learned + quiet / 60.0)

    def _recover(self, now: float) -> None:
        ceiling = self._ceiling(now)
        if now - self._last_refusal >= self.config.quiet_after and self._rate < ceiling:
            gained = (now - max(self._last_recovery, self._last_refusal)) * (
                self.config.recover_per_second
            )
            self._rate = min(ceiling, self._rate + max(0.0, gained))
        self._last_recovery = now
        if self._episode_start is not None and now - self._last_refusal >= self.config.episode_gap:
            log.info(
                "Discord rate-limit episode over: %d requests refused in %.0f s; pace %.0f/s",
                self._episode_count,
                self._last_refusal - self._episode_start,
                self._rate,
            )
            self._episode_start = None
            self._episode_count = 0

    def reserve(self) -> float:
        """Take the next turn; returns how many seconds to wait for it (0: go now)."""
        now = self._clock()
        self._recover(now)
        self.requests_total += 1
        start = max(now, self._next, self._paused_until, self._held_until)
        self._trim(now)
        if len(self._window) >= self.config.stop_short_of:
            # Near Discord's ban threshold: wait until the oldest refusal leaves the window.
            start = max(start, self._window[0] + BAN_WINDOW)
        self._next = start + 1.0 / self._rate
        return start - now

    async def acquire(self) -> None:
        """Wait for a turn to send one request.

        Turns are spaced evenly, but a busy event loop wakes several sleepers late and at
        once; so no more than `rate` requests start in any real second either."""
        wait = self.reserve()
        if wait > 0:
            await asyncio.sleep(wait)
        while True:
            now = self._clock()
            while self._started and self._started[0] <= now - 1.0:
                self._started.popleft()
            if len(self._started) < max(1, int(self._rate)):
                break
            await asyncio.sleep(self._started[0] + 1.0 - now + 0.001)
        self._started.append(self._clock())

    def accepted(self) -> None:
        """Discord answered without refusing."""

    def refused(self, retry_after: float | None, *, is_global: bool) -> None:
        """Discord answered 429, asking to wait `retry_after` seconds."""
        now = self._clock()
        self.refused_total += 1
        if is_global:
            self.global_refused_total += 1
        self._window.append(now)
        self._trim(now)
        self._slow(now)
        wait = retry_after if retry_after is not None and retry_after > 0 else 1.0
        if is_global:
            # Everyone waits, each for a slightly different time, so the retries trickle in.
            pause = now + wait * (1.0 + random.random() / 2)  # noqa: S311 - jitter
            self._paused_until = max(self._paused_until, pause)
        if self._episode_start is None:
            self._episode_start = now
            log.warning(
                "Discord is refusing requests (429%s); slowing to %.0f/s. One line per episode; "
                "%d refused in the last 10 minutes",
                ", global" if is_global else "",
                self._rate,
                len(self._window),
            )
        self._episode_count += 1
        if self._on_refused is not None:
            self._on_refused(self.refused_total, len(self._window))

    def slow_down(self) -> None:
        """Another process on the token was refused: slow down as if this one had been (no
        pause, since the wait Discord asked for is over by the time word comes)."""
        self._slow(self._clock())

    def _slow(self, now: float) -> None:
        ceiling = self._ceiling(now)
        self._last_refusal = now
        if now - self._last_slowdown >= 1.0:  # one slowdown for a wave refused together
            self._learned = max(self.config.min_rate, ceiling - 1.0)
            self._rate = max(self.config.min_rate, self._rate * self.config.slow_factor)
            self._last_slowdown = now
        else:
            self._learned = min(self._learned, ceiling)
