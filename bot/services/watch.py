"""Watching a conference's program URL: fetch it every few minutes, reload on a change.

`poll(slug)` is one round, and all the logic: claim the source's lease (so several bot
processes fetch it once per interval between them), fetch it conditionally, and when it
changed, parse it and reload through the same plan-and-apply path as `/admin reload`. A fetch
that fails, or a page that no longer makes a program (no sessions, or more than
`MAX_REMOVED_SHARE` of the sessions gone at once), keeps the program loaded before; the
organisers are told once (the status always shows it, the alert listeners hear it once per
run of failures), and again when it works. An unchanged page (304, or the same bytes, or the
same program) changes nothing but the source's own row. The loop around it is in the bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta

from bot.errors import UserError
from bot.model import ChangeReport, ProgramSource
from bot.services.admin import AdminService
from bot.services.fetch import Fetcher
from bot.services.tenants import Tenants
from bot.storage.sources import SourceStore

log = logging.getLogger(__name__)

MAX_REMOVED_SHARE = 0.20
"""A fetched program removing more than this share of the sessions at once is refused."""

LEASE = timedelta(minutes=2)
"""How long a claimed fetch may take before another process may try (the timeout is less)."""


@dataclass(frozen=True, slots=True)
class PollOutcome:
    """What one poll did: "skipped" (not due, or another process has it), "unchanged",
    "changed" (reloaded), or "failed" (the old program stays; `detail` says why)."""

    slug: str
    result: str
    detail: str = ""
    report: ChangeReport | None = None


@dataclass(frozen=True, slots=True)
class SourceAlert:
    """Tell the organisers: the source stopped working (`problem`), or works again (None)."""

    source: ProgramSource
    problem: str | None


AlertListener = Callable[[SourceAlert], Awaitable[None]]


class SourceWatcher:
    def __init__(
        self,
        sources: SourceStore,
        tenants: Tenants,
        admin: AdminService,
        fetcher: Fetcher,
        *,
        owner: str,
        lease: timedelta = LEASE,
    ) -> None:
        self._sources = sources
        self._tenants = tenants
        self._admin = admin
        self._fetcher = fetcher
        self._owner = owner
        self._lease = lease
        self._alerts: list[AlertListener] = []
        self._woken = asyncio.Event()

    def wake(self) -> None:
        """A source was configured: poll now rather than after the current sleep."""
        self._woken.set()

    async def sleep(self, seconds: float) -> None:
        """Wait `seconds`, or until `wake` (the loop's only wait; tests call `poll` directly)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._woken.wait(), seconds)
        self._woken.clear()

    def on_alert(self, listener: AlertListener) -> None:
        self._alerts.append(listener)

    async def poll_due(self) -> list[PollOutcome]:
        """One round over every watched source; those not due are skipped cheaply."""
        outcomes = []
        for slug in await self._sources.slugs():
            try:
                outcomes.append(await self.poll(slug))
            except Exception:  # one conference's trouble never stops the others'
                log.exception("could not poll the program source of %s", slug)
        return outcomes

    async def next_due(self) -> float | None:
        """Seconds until a source falls due (0: now); None when none is watched."""
        return await self._sources.seconds_until_due()

    async def poll(self, slug: str) -> PollOutcome:
        source = await self._sources.claim(slug, self._owner, self._lease)
        if source is None:
            return PollOutcome(slug, "skipped")
        try:
            outcome, fields = await self._fetch_and_reload(source)
        except Exception:
            log.exception("polling %s failed", slug)
            outcome, fields = PollOutcome(slug, "failed", "an internal error (see the log)"), {}
        now = self._sources.now()
        if outcome.result == "failed":
            fields |= {"failure": outcome.detail, "failed_at": now}
            if not source.failure_notified:
                await self._alert(SourceAlert(source, outcome.detail))
            fields["failure_notified"] = True
        else:
            fields |= {"fetched_at": now, "failure": None, "failed_at": None}
            fields["failure_notified"] = False
            if source.failure_notified:
                await self._alert(SourceAlert(source, None))
            if outcome.result == "changed":
                fields["changed_at"] = now
        if not await self._sources.finish(slug, self._owner, **fields):
            log.warning("the lease on %s's program source ran out during a fetch", slug)
        log.info("polled %s: %s %s", slug, outcome.result, outcome.detail)
        return outcome

    async def _fetch_and_reload(
        self, source: ProgramSource
    ) -> tuple[PollOutcome, dict[str, object]]:
        """The outcome, and what to note on the source (validators only after a good fetch)."""
        slug = source.slug
        try:
            fetched = await self._fetcher.fetch(source.url, source.etag, source.last_modified)
            if fetched.body is None:
                return PollOutcome(slug, "unchanged", "not modified"), {}
            digest = hashlib.sha256(fetched.body).hexdigest()
            validators: dict[str, object] = {
                "etag": fetched.etag,
                "last_modified": fetched.last_modified,
                "body_hash": digest,
            }
            programs = self._tenants.tenant(slug).programs
            if digest == source.body_hash and await programs.stored_hash() is not None:
                return PollOutcome(slug, "unchanged", "the same page"), validators
            outcome = await self._reload(slug, fetched.body, fetched.filename)
        except UserError as error:  # FetchError, a page that does not parse, a refused load
            return PollOutcome(slug, "failed", str(error)), {}
        if outcome.result == "failed":
            return outcome, {}
        return outcome, validators

    async def _reload(self, slug: str, body: bytes, filename: str) -> PollOutcome:
        """Parse a fetched page and apply it as `/admin reload` would, unless it looks broken."""
        programs = self._tenants.tenant(slug).programs
        try:
            program = await programs.parse_bytes(body, filename)
        except UserError as error:
            raise UserError(f"the page no longer parses: {error}") from error
        if not program.sessions:
            return PollOutcome(slug, "failed", "the page holds no sessions")
        plan = await self._admin.plan_fetched(slug, program)
        if plan.sessions_before and plan.removed / plan.sessions_before > MAX_REMOVED_SHARE:
            return PollOutcome(
                slug,
                "failed",
                f"{plan.removed} of {plan.sessions_before} sessions would go at once "
                f"(more than {MAX_REMOVED_SHARE:.0%}): a cut-off page? Not applied",
            )
        if not plan.report.first_load and not plan.report.changes:
            return PollOutcome(slug, "unchanged", "the same program")
        result = await self._admin.apply_fetched(plan)
        if result.report.first_load:
            # The conference exists now: bind the servers configured for it.
            await self._tenants.start(autoload=False)
        changes = len(result.report.changes)
        return PollOutcome(slug, "changed", f"{changes} changes", result.report)

    async def _alert(self, alert: SourceAlert) -> None:
        for listener in self._alerts:
            try:
                await listener(alert)
            except Exception:
                log.exception("could not tell the organisers about %s's source", alert.source.slug)
