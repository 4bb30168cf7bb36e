"""One request budget across every bot process sending on the bot's token.

Discord's global limit (50 requests a second) is per token, not per process: two processes
pacing themselves at 45 a second send 90 and are refused. So each sending process registers in
the shared database and renews a heartbeat every `heartbeat` seconds of real time (never the
bot's clock, which `SIMULATE_SPEED` may speed up); a process not seen for `age_out_beats`
heartbeats is gone. Each process caps its `RequestBudget` at the configured rate divided by
the live processes (`share_of`), so between them they stay at the configured rate; the
budget's own slow-down on a refusal and its recovery work under that cap. The running bot
joins before it logs in and leaves once it has closed (`bot.app.open_served_app`), so every
request it makes is within its share.

Joining is the moment two processes could together exceed the limit: the others learn of a
newcomer only on their next heartbeat. So a process whose registration is new holds its turns
for `join_hold` heartbeats, by when every other process has counted it and halved (or so) its
pace. A process that leaves cleanly deregisters, and the others speed up on their next
heartbeat; one that dies is aged out. A process that has not reached the database for longer
than the age-out may have been counted out by the others: it falls back to the budget's
`min_rate` until a heartbeat succeeds again.

A global refusal (429) is recorded with the next heartbeat, and the other processes slow down
as if refused themselves. On SQLite (one process per database file) the share is the whole
rate, nothing is held, and an entry a killed earlier run left is dropped when the process joins.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.model import SenderCensus
from bot.services.pacing import RequestBudget
from bot.storage.senders import SenderStore

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SharingConfig:
    heartbeat: float = 2.0  # real seconds between heartbeats
    age_out_beats: int = 3  # a process not seen for this many heartbeats is gone
    join_hold: float = 1.5  # heartbeats a newcomer waits before its first turn

    @property
    def stale_after(self) -> float:
        return self.heartbeat * self.age_out_beats


def share_of(rate: float, live: int, min_rate: float) -> float:
    """Each of `live` processes' part of the token's `rate`, never below `min_rate`."""
    return max(min_rate, rate / max(1, live))


class BudgetSharing:
    """Keeps this process registered as a sender and its budget at its share of the rate."""

    def __init__(
        self,
        store: SenderStore,
        budget: RequestBudget,
        *,
        name: str,
        config: SharingConfig | None = None,
        sole_process: bool = False,
        on_share: Callable[[int, float], None] | None = None,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._store = store
        self._budget = budget
        self.name = name
        self.config = config or SharingConfig()
        # SQLite: the only process on its database, so nobody to wait for when joining.
        self._sole_process = sole_process
        self._on_share = on_share
        self._monotonic = monotonic
        self.live: int | None = None  # as of the last heartbeat; None: not known yet
        self._last_beat: float | None = None  # monotonic time of the last successful one
        self._refusals_told = budget.global_refused_total
        self._peer_refusal_seen: datetime | None = None
        self._failures = 0
        self._stopping = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._left = False

    async def join(self) -> None:
        """Register (the first heartbeat), then keep the heartbeat going until `leave`."""
        if self._left or self._task is not None:
            return
        if self._sole_process:
            # Entries left by earlier runs of this process (killed) are not others sending.
            with contextlib.suppress(Exception):  # else they age out
                await self._store.forget_others(self.name)
        await self.beat()
        self._task = asyncio.create_task(self._keep_alive(), name="confbot.sender-heartbeat")

    async def leave(self) -> None:
        """Stop the heartbeat and deregister, so the others take up the share at once."""
        if self._left:
            return
        self._left = True
        self._stopping.set()
        if self._task is None:
            return  # never joined
        await self._task  # ends after the heartbeat in flight, never mid-query
        try:
            await self._store.leave(self.name)
        except Exception as error:  # then it ages out
            log.warning("could not deregister as a sender: %s", type(error).__name__)

    async def _keep_alive(self) -> None:
        while not self._stopping.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), timeout=self.config.heartbeat)
            if self._stopping.is_set():
                return
            await self.beat()

    async def beat(self) -> None:
        """One heartbeat: renew, count the live processes, apply the share. Never raises."""
        refusals = self._budget.global_refused_total
        try:
            census = await self._store.beat(
                self.name,
                stale_after=timedelta(seconds=self.config.stale_after),
                refused=refusals > self._refusals_told,
            )
        except Exception as error:  # the database may be down; the next heartbeat may work
            self._unreachable(error)
            return
        self._refusals_told = refusals
        self._last_beat = self._monotonic()
        if self._failures:
            log.info("sender heartbeat working again after %d failures", self._failures)
            self._failures = 0
        if census.joined and not self._sole_process:
            # The others count this process only on their next heartbeat.
            self._budget.hold(self.config.join_hold * self.config.heartbeat)
        self._apply(census.live)
        self._follow_peer_refusal(census)

    def _unreachable(self, error: Exception) -> None:
        if not self._failures:
            log.warning("sender heartbeat failed (%s); retrying", type(error).__name__)
        self._failures += 1
        last = self._last_beat
        if last is None or self._monotonic() - last > self.config.stale_after:
            # The others may have counted this process out and taken its share.
            self._apply(None)

    def _apply(self, live: int | None) -> None:
        config = self._budget.config
        rate = config.min_rate if live is None else share_of(config.rate, live, config.min_rate)
        if live != self.live:
            if live is None:
                log.warning(
                    "sender heartbeat lost for over %.0f s: sending at %.0f/s until it is back",
                    self.config.stale_after,
                    rate,
                )
            else:
                log.info(
                    "%d process(es) share %.0f requests/s to Discord: this one sends at most "
                    "%.1f/s",
                    live,
                    config.rate,
                    rate,
                )
        self.live = live
        self._budget.share(rate)
        if self._on_share is not None:
            self._on_share(live or 0, self._budget.limit)

    def _follow_peer_refusal(self, census: SenderCensus) -> None:
        refused_at = census.peer_refused_at
        if refused_at is None:
            return
        seen, self._peer_refusal_seen = self._peer_refusal_seen, refused_at
        # Told on the refused process's next heartbeat, seen on this one's: fresh within the
        # age-out; an older one (found on joining) is over.
        fresh = (census.at - refused_at).total_seconds() <= self.config.stale_after
        if fresh and (seen is None or refused_at > seen):
            self._budget.slow_down()
