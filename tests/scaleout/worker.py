"""A stand-in bot process for scale-out tests: runs the real scheduler against a database
and appends every delivery it made to a file (Discord's side of the wire, in effect).

    python -m tests.scaleout.worker URL SCHEMA SLUG OUT_FILE SECONDS [DELAY [SPEED]]

With SPEED the bot's clock is simulated at that speed (SIMULATE_SPEED), starting now.

It stops when nothing is left to deliver (no pending or claimed row), or after SECONDS.
"""

from __future__ import annotations

import asyncio
import os
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy.exc import SQLAlchemyError

from bot.clock import Clock, SimulatedClock, SystemClock
from bot.model import Delivery, DeliveryOutcome
from bot.services.programs import ProgramService
from bot.services.scheduler import Scheduler, SchedulerConfig
from bot.storage import ProgramStore, create_engine_for, make_sessionmaker
from bot.storage.deliveries import DeliveryStore


class FileDeliverer:
    """Appends "id nonce" per delivery; like Discord, a nonce already seen is not shown twice
    (the file keeps every attempt, so the test can see repeats and their nonces)."""

    def __init__(self, out: Path, delay: float) -> None:
        self._out = out
        self._delay = delay

    async def deliver(self, delivery: Delivery) -> DeliveryOutcome:
        await asyncio.sleep(self._delay)
        with self._out.open("a", encoding="utf-8") as handle:
            handle.write(f"{delivery.record.id} {delivery.record.nonce} {os.getpid()}\n")
        return DeliveryOutcome("sent")


async def main(
    url: str, schema: str, slug: str, out: Path, seconds: float, delay: float, speed: float
) -> None:
    engine = create_engine_for(
        url,
        connect_args={"server_settings": {"search_path": schema, "application_name": schema}},
        pool_size=4,
    )
    clock: Clock = SimulatedClock(datetime.now(UTC), speed) if speed != 1 else SystemClock()
    maker = make_sessionmaker(engine)
    programs = ProgramService(ProgramStore(maker, now=clock.now), slug, clock)
    await programs.start()
    store = DeliveryStore(maker, now=clock.now)
    scheduler = Scheduler(
        store,
        programs,
        FileDeliverer(out, delay),
        clock,
        owner=f"worker-{os.getpid()}",
        config=SchedulerConfig(
            batch=25, lease=timedelta(seconds=3), concurrency=8, max_per_second=None
        ),
    )
    task = asyncio.create_task(scheduler.run())
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while loop.time() < deadline:
        await asyncio.sleep(0.5)
        try:
            states = await store.counts_by_state(slug)
        except SQLAlchemyError:
            continue  # the database may be dropping connections; ask again
        if states["pending"] == states["claimed"] == 0:
            break
    await scheduler.stop()
    await asyncio.wait_for(task, timeout=10)
    await engine.dispose()


if __name__ == "__main__":
    url, schema, slug, out, seconds, *rest = sys.argv[1:]
    delay = float(rest[0]) if rest else 0.0
    speed = float(rest[1]) if len(rest) > 1 else 1.0
    asyncio.run(main(url, schema, slug, Path(out), float(seconds), delay, speed))
