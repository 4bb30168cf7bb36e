"""Reminders attendees ask for, chair reminders and announcements organisers switch on, and
what a program reload does to them.

Everything lives in the database, keyed by the session's row (which survives reloads); `due_at`
is computed from the session's aware start, so it is right across daylight-saving changes.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.clock import Clock
from bot.errors import UserError
from bot.model import (
    ChangeKind,
    ChangeReport,
    DeliveryKind,
    DeliveryRecord,
    DeliverySpec,
    DeliveryState,
    GuildSettings,
    RemindersAnswer,
    RolePingAnswer,
    Session,
    SessionChange,
)
from bot.services.catalog import Catalog
from bot.services.programs import ProgramService
from bot.services.queries import Queries
from bot.storage.deliveries import DeliveryStore
from bot.storage.role_pings import RolePingStore
from bot.timelabels import weekday_clock

log = logging.getLogger(__name__)

MAX_MINUTES = 1440
DEFAULT_MINUTES = 10
USER_KINDS = (DeliveryKind.REMINDER,)
WHERE = ("dm", "channel")
REMOVED_REASON = "the session was removed from the program"
# What organisers switch on for a whole server, re-planned from its settings on every change.
GUILD_KINDS = (DeliveryKind.ANNOUNCEMENT, DeliveryKind.CHAIR, DeliveryKind.SPEAKER)
MAX_BURST_THRESHOLD = 1_000_000
# The /remind reply offers the role ping once a burst holds this share of the threshold: it
# may still become large, and if it does not, the member simply gets their DM.
OFFER_SHARE = 0.5


class ReminderService:
    def __init__(
        self,
        deliveries: DeliveryStore,
        programs: ProgramService,
        clock: Clock,
        *,
        wake: Callable[[], None] = lambda: None,
        burst_rate: float | None = None,
        role_pings: RolePingStore | None = None,
    ) -> None:
        self._role_pings = role_pings or RolePingStore(deliveries.sessionmaker)
        # Sends a second a burst is planned at (the scheduler's pace times its margin): a
        # reminder in a large burst may go out early, and its confirmation says so.
        self._burst_rate = burst_rate
        self._on_cancel_all: list[Callable[[int], Awaitable[None]]] = []
        self._deliveries = deliveries
        self._programs = programs
        self._clock = clock
        self._wake = wake

    @property
    def _slug(self) -> str:
        return self._programs.slug

    def wake(self) -> None:
        """Tell the scheduler that deliveries changed (it sleeps until the next due one)."""
        self._wake()

    def on_cancel_all(self, stop: Callable[[int], Awaitable[None]]) -> None:
        """Call `stop(user_id)` when someone cancels all their reminders."""
        self._on_cancel_all.append(stop)

    async def _catalog(self) -> Catalog:
        return await self._programs.catalog()

    async def _queries(self) -> Queries:
        catalog = await self._catalog()
        return Queries(lambda: catalog, self._clock)

    # -- attendees --------------------------------------------------------------------------

    async def sessions_for(self, target: str, query: str) -> list[Session]:
        """The sessions a reminder request names: one session, a paper's, or a person's."""
        queries = await self._queries()
        if target == "session":
            answer = queries.session(query)
            sessions = list(answer.sessions)
            if len(sessions) > 1 and answer.matched_by == "title":
                names = "; ".join(
                    f"{s.title} ({weekday_clock(s.start)})" if s.start else str(s.title)
                    for s in sessions
                )
                raise UserError(
                    f"“{query}” names {len(sessions)} sessions: {names}. "
                    "Pick one from the list as you type."
                )
            return sessions
        if target == "paper":
            return _unique(ref.session for ref in queries.paper(query).papers)
        if target == "author":
            person = queries.author(query)
            return _unique([ref.session for ref in person.papers] + list(person.chairs))
        raise UserError(f"Remind about a session, a paper or an author, not “{target}”.")

    async def remind(
        self,
        *,
        user_id: int,
        target: str,
        query: str,
        minutes_before: int = DEFAULT_MINUTES,
        where: str = "dm",
        guild_id: int | None = None,
        channel_id: int | None = None,
    ) -> RemindersAnswer:
        if not 0 <= minutes_before <= MAX_MINUTES:
            raise UserError(f"minutes_before must be between 0 and {MAX_MINUTES}.")
        if where not in WHERE:
            raise UserError("where must be dm or channel.")
        if where == "channel" and channel_id is None:
            raise UserError("A channel reminder must be set from a server channel.")
        now = self._clock.now()
        sessions = await self.sessions_for(target, query)
        upcoming = [s for s in sessions if s.start is not None and s.start > now]
        if not upcoming:
            started = [s for s in sessions if s.start is not None]
            if started:
                raise UserError("That has already started; there is nothing to remind you of.")
            raise UserError("The program gives no start time for that, so I cannot remind you.")
        specs = [
            reminder_spec(
                s,
                user_id=user_id,
                minutes_before=minutes_before,
                where=where,
                guild_id=guild_id,
                channel_id=channel_id,
                now=now,
            )
            for s in upcoming
        ]
        results = await self._deliveries.upsert(self._slug, specs)
        self._wake()
        catalog = await self._catalog()
        skipped = len(sessions) - len(upcoming)
        warnings = [f"{skipped} of them already started and were left out."] if skipped else []
        try:
            early = await self._early_note(min(r.due_at for r, _ in results), now)
        except Exception as error:  # the reminder is stored: say so, without the aside
            log.warning("could not count the burst a reminder joins: %s", type(error).__name__)
            early = None
        if early:
            warnings.append(early)
        return RemindersAnswer(
            "added",
            tuple((record, catalog.sessions[record.session_id]) for record, _ in results),
            catalog.zone_name,
            kept_existing=sum(1 for _, created in results if not created),
            warning=" ".join(warnings) or None,
        )

    async def _early_note(self, due: datetime, now: datetime) -> str | None:
        """When many reminders fall due together the burst starts early, so that the last
        is out on time; say how early this one may come (a minute or more)."""
        if not self._burst_rate:
            return None
        count = await self._deliveries.due_between(now, due)
        minutes = int(count / self._burst_rate // 60)
        if minutes < 1:
            return None
        return (
            f"About {count:,} reminders fall due around then; so that every one is on time, "
            f"yours may arrive up to {minutes} minute{'s' if minutes != 1 else ''} early."
        )

    async def mine(self, user_id: int) -> RemindersAnswer:
        records = await self._deliveries.for_user(self._slug, user_id, USER_KINDS)
        return RemindersAnswer(
            "list", await self._with_sessions(records), (await self._catalog()).zone_name
        )

    async def cancel(self, user_id: int, which: str) -> RemindersAnswer:
        """Cancel one of the user's pending reminders (by id) or all of them ("all")."""
        which = which.strip().lower()
        if which == "all":
            cancelled = await self._deliveries.cancel(
                self._slug, reason="cancelled by you", user_id=user_id, kinds=USER_KINDS
            )
            for stop in self._on_cancel_all:
                await stop(user_id)  # e.g. /remind agenda: no reminders for items added later
        else:
            try:
                reminder_id = int(which.removeprefix("#"))
            except ValueError as error:
                raise UserError(
                    "Give the number of a reminder from /remind list, or all."
                ) from error
            cancelled = await self._deliveries.cancel(
                self._slug,
                reason="cancelled by you",
                ids=[reminder_id],
                user_id=user_id,
                kinds=USER_KINDS,
            )
            if not cancelled:
                raise UserError(f"You have no pending reminder #{reminder_id}.")
        return RemindersAnswer(
            "cancelled", await self._with_sessions(cancelled), (await self._catalog()).zone_name
        )

    async def pending_choices(self, user_id: int, text: str) -> list[tuple[str, str]]:
        """The user's pending reminders matching `text`, as (label, value) for autocomplete."""
        records = await self._deliveries.for_user(self._slug, user_id, USER_KINDS)
        catalog = await self._catalog()
        choices = [("All my reminders", "all")]
        for record in records:
            if record.state.value != "pending":
                continue
            session = catalog.sessions.get(record.session_id)
            title = session.title if session and session.title else "session"
            label = f"#{record.id} {title} ({record.minutes_before} min before)"
            if text.lower() in label.lower():
                choices.append((label, str(record.id)))
        return choices[:25]

    async def _with_sessions(
        self, records: Sequence[DeliveryRecord]
    ) -> tuple[tuple[DeliveryRecord, Session], ...]:
        catalog = await self._catalog()
        out = []
        for record in records:
            session = catalog.sessions.get(record.session_id)
            if session is None:
                session = await self._programs.removed_session(record.session_id)
            if session is not None:
                out.append((record, session))
        return tuple(out)

    # -- organisers -------------------------------------------------------------------------

    async def set_announcements(
        self,
        guild_id: int,
        channel_id: int | None,
        minutes_before: int = 5,
        role_id: int | None = None,
    ) -> GuildSettings:
        if not 0 <= minutes_before <= MAX_MINUTES:
            raise UserError(f"minutes_before must be between 0 and {MAX_MINUTES}.")
        settings = await self._deliveries.update_guild(
            self._slug,
            guild_id,
            announce_channel_id=channel_id,
            announce_minutes=minutes_before,
            announce_role_id=role_id,
        )
        await self.sync_guild(settings)
        return settings

    async def set_chair_reminders(self, guild_id: int, minutes_before: int | None) -> GuildSettings:
        if minutes_before is not None and not 0 <= minutes_before <= MAX_MINUTES:
            raise UserError(f"minutes_before must be between 0 and {MAX_MINUTES}.")
        settings = await self._deliveries.update_guild(
            self._slug, guild_id, chair_minutes=minutes_before
        )
        await self.sync_guild(settings)
        return settings

    async def set_burst_post(
        self,
        guild_id: int,
        threshold: int | None,
        channel_id: int | None = None,
        role_id: int | None = None,
    ) -> GuildSettings:
        """Above `threshold` DM reminders due together for one session, members who opted in
        get one post in `channel_id` pinging `role_id` instead (`threshold` None: off)."""
        if threshold is not None:
            if not 1 <= threshold <= MAX_BURST_THRESHOLD:
                raise UserError(
                    f"/admin burst-post set threshold: give 1 to {MAX_BURST_THRESHOLD:,}."
                )
            if channel_id is None or role_id is None:
                raise UserError("/admin burst-post set: choose a channel and a role.")
        else:
            channel_id = role_id = None
        settings = await self._deliveries.update_guild(
            self._slug,
            guild_id,
            burst_threshold=threshold,
            burst_channel_id=channel_id,
            burst_role_id=role_id,
        )
        pings = [
            r
            for r in await self._deliveries.pending(self._slug, [DeliveryKind.ROLE_PING])
            if r.guild_id == guild_id
        ]
        if pings and threshold is None:
            # Off: the DMs of those who opted in go out as usual.
            await self._deliveries.cancel(
                self._slug, reason="burst post switched off", ids=[r.id for r in pings]
            )
        elif pings:  # the pings still to come go to the new channel and role
            await self._deliveries.upsert(
                self._slug,
                [
                    _role_ping_spec(settings, r.session_id, r.due_at, r.minutes_before)
                    for r in pings
                ],
            )
        self._wake()
        return settings

    async def role_ping_offer(
        self, answer: RemindersAnswer, guild_id: int | None
    ) -> tuple[Session, GuildSettings] | None:
        """The session whose burst the /remind reply offers a role ping for, if any: the
        first of its DM reminders whose burst is, or may become, over the server's
        threshold."""
        if guild_id is None or answer.what != "added":
            return None
        settings = await self.guild_settings(guild_id)
        if not settings.burst_post:
            return None
        assert settings.burst_threshold is not None
        wanted = max(1, int(settings.burst_threshold * OFFER_SHARE))
        for record, session in sorted(answer.reminders, key=lambda rs: rs[0].due_at):
            if record.via != "dm":
                continue
            size = await self._role_pings.burst_size(self._slug, session.id, record.due_at)
            if size >= wanted:
                return session, settings
        return None

    async def role_ping_target(self, guild_id: int) -> GuildSettings:
        """The server's burst post, for a press of *Ping me … instead*."""
        settings = await self.guild_settings(guild_id)
        if not settings.burst_post:
            raise UserError(
                "This server no longer posts large bursts in a channel; your DM reminder stands."
            )
        return settings

    async def role_pinged(self, guild_id: int, user_id: int, session_key: str) -> bool:
        return await self._role_pings.opted_in(self._slug, guild_id, session_key, user_id)

    async def opt_in_role_ping(
        self, guild_id: int, user_id: int, session_key: str
    ) -> RolePingAnswer:
        """Record the member's opt-in and plan one role ping for each moment their DM
        reminders of the session fall due (one row per server and moment, shared by all who
        opted in, so it is posted once)."""
        settings = await self.role_ping_target(guild_id)
        session = await self._session(session_key)
        mine = [
            r
            for r in await self._deliveries.for_user(self._slug, user_id, USER_KINDS)
            if r.session_id == session_key
            and r.via == "dm"
            and r.state in (DeliveryState.PENDING, DeliveryState.CLAIMED)
        ]
        if not mine:
            raise UserError(
                "You have no DM reminder to come for that session; set one with /remind first."
            )
        created = await self._role_pings.opt_in(self._slug, guild_id, session_key, user_id)
        await self._deliveries.upsert(
            self._slug,
            [_role_ping_spec(settings, session_key, r.due_at, r.minutes_before) for r in mine],
        )
        self._wake()
        assert settings.burst_channel_id is not None
        assert settings.burst_role_id is not None
        return RolePingAnswer(
            "on" if created else "already",
            session,
            settings.burst_channel_id,
            settings.burst_role_id,
        )

    async def opt_out_role_ping(
        self, guild_id: int, user_id: int, session_key: str
    ) -> RolePingAnswer:
        """Undo the opt-in: DMs again. The session's pings go when nobody is left for them."""
        settings = await self.guild_settings(guild_id)
        session = await self._session(session_key)
        await self._role_pings.opt_out(self._slug, guild_id, session_key, user_id)
        if not await self._role_pings.opt_ins(self._slug, guild_id, session_key=session_key):
            left = [
                r.id
                for r in await self._deliveries.pending(self._slug, [DeliveryKind.ROLE_PING])
                if r.guild_id == guild_id and r.session_id == session_key
            ]
            if left:
                await self._deliveries.cancel(self._slug, reason="nobody opted in", ids=left)
        others = await self._role_pings.opt_ins(self._slug, guild_id, user_id=user_id)
        return RolePingAnswer(
            "off",
            session,
            settings.burst_channel_id or 0,
            settings.burst_role_id or 0,
            keep_role=others > 0,
        )

    async def _session(self, session_key: str) -> Session:
        session = (await self._catalog()).sessions.get(session_key)
        if session is None:
            raise UserError("That session is no longer in the program.")
        return session

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return await self._deliveries.guild_settings(self._slug, guild_id)

    async def sync_guild(self, settings: GuildSettings) -> None:
        """Make the guild's pending announcements and chair reminders match the program."""
        now = self._clock.now()
        catalog = await self._catalog()
        wanted: list[DeliverySpec] = []
        future = [s for s in catalog.program.sessions if s.start is not None and s.start > now]
        if settings.announce_channel_id is not None:
            wanted += [
                DeliverySpec(
                    kind=DeliveryKind.ANNOUNCEMENT,
                    dedupe_key=f"announcement:{settings.guild_id}",
                    session_id=s.id,
                    due_at=_due(s, settings.announce_minutes, now),
                    via="channel",
                    guild_id=settings.guild_id,
                    channel_id=settings.announce_channel_id,
                    role_id=settings.announce_role_id,
                    minutes_before=settings.announce_minutes,
                )
                for s in future
            ]
        if settings.chair_minutes is not None:
            wanted += _person_reminders(settings, future, now)
        kept = await self._deliveries.upsert(self._slug, wanted)
        kept_ids = {record.id for record, _ in kept}
        stale = [
            r.id
            for r in await self._deliveries.pending(self._slug, GUILD_KINDS)
            if r.guild_id == settings.guild_id and r.id not in kept_ids
        ]
        if stale:
            await self._deliveries.cancel(self._slug, reason="no longer wanted", ids=stale)
        self._wake()

    # -- reloads ----------------------------------------------------------------------------

    async def preview_reload(self, report: ChangeReport) -> ReminderEffects:
        """What a load with this (previewed) report would do to attendees' reminders."""
        now = self._clock.now()
        pending = await self._deliveries.pending(self._slug, USER_KINDS)
        by_old_key = {c.previous_id or c.session_id: c for c in report.changes}
        moves, cancels = _plan(pending, by_old_key, now)
        revived = {c.session_id: c for c in report.of_kind(ChangeKind.ADDED)}
        restorable = await self._deliveries.cancelled_because(
            self._slug, REMOVED_REASON, USER_KINDS
        )
        restores = _restorable(restorable, revived, now)
        return ReminderEffects(len(moves), len(cancels), len(restores))

    async def on_reload(
        self, report: ChangeReport, *, told: Collection[tuple[int, str]] = ()
    ) -> None:
        """Move reminders of sessions that moved (telling their owners), cancel, with one
        notice per person, those of sessions that disappeared, and bring back those of sessions
        that came back (a rollback); then re-plan guild deliveries.

        `told`: (user, session key) pairs whose owner another notice tells already (their
        agenda's), so no reminder notice is sent for them."""
        now = self._clock.now()
        changed = {
            c.session_id: c
            for c in report.changes
            if ChangeKind.MOVED in c.kinds or ChangeKind.REMOVED in c.kinds
        }
        notices: list[DeliverySpec] = []
        if changed:
            pending = await self._deliveries.pending(self._slug, USER_KINDS)
            moves, to_cancel = _plan(pending, changed, now)
            moved: dict[tuple[int | None, str], DeliverySpec] = {}
            for record, _due_at in moves:
                change = changed[record.session_id]
                assert change.after is not None
                assert change.after.start is not None
                # One notice per person and session, however many of their reminders moved.
                moved.setdefault(
                    (record.user_id, record.session_id),
                    _notice(record, "moved", now, change.after.start.isoformat()),
                )
            notices += moved.values()
            if moves:
                await self._deliveries.reschedule([(r.id, due) for r, due in moves])
            if to_cancel:
                await self._deliveries.cancel(
                    self._slug, reason=REMOVED_REASON, ids=[r.id for r in to_cancel]
                )
                # One notice per person and session, however many reminders they had for it.
                per_person: dict[tuple[int | None, str], DeliveryRecord] = {}
                for record in to_cancel:
                    per_person.setdefault((record.user_id, record.session_id), record)
                notices += [
                    _notice(r, "cancelled", now, f"{r.user_id}") for r in per_person.values()
                ]
            log.info("reload: %d reminders moved, %d cancelled", len(moves), len(to_cancel))
        revived = {c.session_id: c for c in report.of_kind(ChangeKind.ADDED)}
        if revived:
            cancelled = await self._deliveries.cancelled_because(
                self._slug, REMOVED_REASON, USER_KINDS
            )
            restores = _restorable(cancelled, revived, now)
            if restores:
                await self._deliveries.restore([(r.id, due) for r, due in restores])
                once: dict[tuple[int | None, str], DeliveryRecord] = {}
                for record, _ in restores:
                    once.setdefault((record.user_id, record.session_id), record)
                notices += [
                    _notice(r, "restored", now, f"{r.user_id}:{now.isoformat()}")
                    for r in once.values()
                ]
                log.info("reload: %d reminders restored", len(restores))
        notices = [n for n in notices if (n.user_id, n.session_id) not in told]
        if notices:
            await self._deliveries.upsert(self._slug, notices)
        for settings in await self._deliveries.all_guild_settings(self._slug):
            await self.sync_guild(settings)
        self._wake()


@dataclass(frozen=True, slots=True)
class ReminderEffects:
    """How many attendees' reminders a reload would move, cancel and bring back."""

    moved: int = 0
    cancelled: int = 0
    restored: int = 0


def _plan(
    pending: Iterable[DeliveryRecord], changes: dict[str, SessionChange], now: datetime
) -> tuple[list[tuple[DeliveryRecord, datetime]], list[DeliveryRecord]]:
    """Which pending reminders move (and to when) and which are cancelled."""
    moves: list[tuple[DeliveryRecord, datetime]] = []
    cancels: list[DeliveryRecord] = []
    for record in pending:
        change = changes.get(record.session_id)
        if change is None or record.user_id is None:
            continue
        session = change.after
        if (
            ChangeKind.REMOVED in change.kinds
            or session is None
            or session.start is None
            or session.start <= now
        ):
            cancels.append(record)
            continue
        due = _due(session, record.minutes_before, now)
        if due != record.due_at:
            moves.append((record, due))
    return moves, cancels


def _restorable(
    cancelled: Iterable[DeliveryRecord], revived: dict[str, SessionChange], now: datetime
) -> list[tuple[DeliveryRecord, datetime]]:
    """Reminders cancelled because their session went, whose session is back and ahead."""
    out = []
    for record in cancelled:
        change = revived.get(record.session_id)
        session = change.after if change is not None else None
        if session is None or session.start is None or session.start <= now:
            continue
        out.append((record, _due(session, record.minutes_before, now)))
    return out


def _person_reminders(
    settings: GuildSettings, future: Iterable[Session], now: datetime
) -> list[DeliverySpec]:
    """A DM before each session for every linked person who chairs it or presents in it,
    unless they turned their reminders off: one per member and session (a chair presenting
    in their own session is told once, as its chair)."""
    assert settings.chair_minutes is not None
    linked = {link.name: link.user_id for link in settings.reminded}
    wanted: list[DeliverySpec] = []
    for s in future:
        chairs = {linked[c.name] for c in s.chairs if c.name in linked}
        speakers = {
            linked[a.name] for p in s.papers for a in p.authors if a.name in linked
        } - chairs
        for kind, users in ((DeliveryKind.CHAIR, chairs), (DeliveryKind.SPEAKER, speakers)):
            wanted += [
                DeliverySpec(
                    kind=kind,
                    dedupe_key=f"{kind.value}:{settings.guild_id}:{user}",
                    session_id=s.id,
                    due_at=_due(s, settings.chair_minutes, now),
                    via="dm",
                    user_id=user,
                    guild_id=settings.guild_id,
                    minutes_before=settings.chair_minutes,
                )
                for user in sorted(users)
            ]
    return wanted


def _role_ping_spec(
    settings: GuildSettings, session_key: str, due_at: datetime, minutes_before: int
) -> DeliverySpec:
    """The one post of a server pinging its burst role for a session's burst at `due_at`."""
    return DeliverySpec(
        kind=DeliveryKind.ROLE_PING,
        dedupe_key=f"role_ping:{settings.guild_id}:{int(due_at.timestamp())}",
        session_id=session_key,
        due_at=due_at,
        via="channel",
        guild_id=settings.guild_id,
        channel_id=settings.burst_channel_id,
        role_id=settings.burst_role_id,
        minutes_before=minutes_before,
    )


def _due(session: Session, minutes_before: int, now: datetime) -> datetime:
    assert session.start is not None
    return max(session.start - timedelta(minutes=minutes_before), now)


def reminder_spec(
    session: Session,
    *,
    user_id: int,
    minutes_before: int,
    where: str,
    guild_id: int | None,
    channel_id: int | None,
    now: datetime,
) -> DeliverySpec:
    """An attendee's reminder before `session`; its key makes the same request keep one row."""
    return DeliverySpec(
        kind=DeliveryKind.REMINDER,
        dedupe_key=f"reminder:{user_id}:{minutes_before}:{where}",
        session_id=session.id,
        due_at=_due(session, minutes_before, now),
        via=where,
        user_id=user_id,
        guild_id=guild_id,
        channel_id=channel_id,
        minutes_before=minutes_before,
    )


def _notice(record: DeliveryRecord, what: str, now: datetime, detail: str) -> DeliverySpec:
    return DeliverySpec(
        kind=DeliveryKind.NOTICE,
        dedupe_key=f"notice:{what}:{record.user_id}:{record.id}:{detail}",
        session_id=record.session_id,
        due_at=now,
        via="dm",
        user_id=record.user_id,
        guild_id=record.guild_id,
        channel_id=record.channel_id,
        minutes_before=record.minutes_before,
        notice=what,
    )


def _unique(sessions: Iterable[Session]) -> list[Session]:
    return list({s.id: s for s in sessions}.values())
