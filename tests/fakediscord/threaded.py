"""The fake Discord on its own event loop in a thread, for benchmarks.

As a real server would be: the bot's busy moments do not hold up the server's clock, its
rate limits or its answers, and the CPU the bot's thread spends (`time.thread_time` there) is
the bot's alone. The fake is driven from the bot's loop through `call`.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

from .server import FakeDiscord

T = TypeVar("T")


class FakeInThread:
    def __init__(self, **options: Any) -> None:
        self.fake = FakeDiscord(**options)
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def __enter__(self) -> FakeDiscord:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self.fake.start(), self.loop).result(10)
        return self.fake

    def __exit__(self, *exc: object) -> None:
        asyncio.run_coroutine_threadsafe(self.fake.stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)
        self.loop.close()

    async def call(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Run a coroutine of the fake's (`send_interaction`...) on its loop; await it here."""
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(coroutine, self.loop))
