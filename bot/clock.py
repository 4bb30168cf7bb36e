"""Time is injected: the system clock, a frozen one for tests and `--at`, and a simulated one
that starts at a chosen instant and runs at a chosen speed (rehearsing a conference day).

Only `SystemClock` reads the real time. Every clock returns aware UTC datetimes.
"""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    def now(self) -> datetime:
        """The current instant, aware, in UTC."""
        ...

    async def sleep_until(self, when: datetime) -> None:
        """Return at `when` by this clock (at once if it has passed)."""
        ...

    def real_seconds_until(self, when: datetime) -> float:
        """Wall-clock seconds until this clock shows `when` (0 if it has passed)."""
        ...


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)

    def real_seconds_until(self, when: datetime) -> float:
        return max(0.0, (when - self.now()).total_seconds())

    async def sleep_until(self, when: datetime) -> None:
        delay = (when - self.now()).total_seconds()
        if delay > 0:
            await asyncio.sleep(delay)


FROZEN_WAIT_SECONDS = 3600.0


class FrozenClock:
    """Always `at` until moved with `advance`/`set`; sleeping moves it to the wake time."""

    def __init__(self, at: datetime) -> None:
        if at.tzinfo is None:
            raise ValueError("FrozenClock needs an aware datetime")
        self._at = at.astimezone(UTC)

    def now(self) -> datetime:
        return self._at

    def real_seconds_until(self, when: datetime) -> float:
        # A frozen clock only moves when a test moves it; waiters are woken explicitly.
        return 0.0 if when <= self._at else FROZEN_WAIT_SECONDS

    def set(self, at: datetime) -> None:
        self._at = at.astimezone(UTC)

    def advance(self, delta: timedelta) -> None:
        self._at += delta

    async def sleep_until(self, when: datetime) -> None:
        # A frozen clock never reaches a future time by itself; a sleeper yields once and
        # treats the instant as reached, so loops driven by it make progress in tests.
        await asyncio.sleep(0)
        self._at = max(self._at, when.astimezone(UTC))


class SimulatedClock:
    """Starts at `start` and runs `speed` times as fast as real time."""

    def __init__(self, start: datetime, speed: float = 1.0) -> None:
        if start.tzinfo is None:
            raise ValueError("SimulatedClock needs an aware datetime")
        if speed <= 0:
            raise ValueError("speed must be positive")
        self._start = start.astimezone(UTC)
        self._speed = speed
        self._origin = time.monotonic()

    def now(self) -> datetime:
        elapsed = (time.monotonic() - self._origin) * self._speed
        return self._start + timedelta(seconds=elapsed)

    async def sleep_until(self, when: datetime) -> None:
        delay = self.real_seconds_until(when)
        if delay > 0:
            await asyncio.sleep(delay)

    def real_seconds_until(self, when: datetime) -> float:
        return max(0.0, (when - self.now()).total_seconds() / self._speed)
