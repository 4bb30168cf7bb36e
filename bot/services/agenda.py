"""Attendees' agendas: the sessions (and papers) each person plans to attend, the conflicts
among them, reminders before each item, calendar files, and what a reload does to them.

An item is a session; adding a paper adds its session and remembers the paper. Two items
conflict when they overlap, or when one ends less than `gap_minutes` before the other starts in
another room (only when the program has several rooms). Rows live in the database, keyed by the
session's row, so they survive reloads the way reminders do: a moved session moves the item, a
removed one drops it, and the person is told once per reload, in one notice that also covers
their reminders of the same sessions (the reminder service is told not to send its own).
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Iterable, Sequence
from datetime import date, datetime, timedelta

from bot.clock import Clock
from bot.errors import UserError
from bot.folding import fold
from bot.model import (
    AgendaAnswer,
    AgendaChange,
    AgendaItem,
    CalendarFile,
    ChangeKind,
    ChangeReport,
    Conflict,
    DeliveryKind,
    DeliveryRecord,
    DeliverySpec,
    RemindersAnswer,
    Session,
)
from bot.services.calendar import calendar_file, safe_filename
from bot.services.catalog import Catalog
from bot.services.programs import ProgramService
from bot.services.queries import Queries
from bot.services.reminders import MAX_MINUTES, WHERE, ReminderService, reminder_spec
from bot.services.timeline import session_end
from bot.storage.agenda import AgendaReminderSetting, AgendaStore, StoredItem
from bot.storage.deliveries import DeliveryStore
from bot.timelabels import weekday_clock

log = logging.getLogger(__name__)

GAP_MINUTES = 10
"""Less than this between two items in different rooms is too tight to walk over."""
# How long a reload's agenda notice waits, stored, for its body (which follows at once).
NOTICE_HOLD = timedelta(minutes=10)
LOCAL_USER = 0
"""The console's one user: agenda rows like anyone's, but no notices (there is no DM)."""
TARGETS = ("session", "paper")


def find_conflicts(
    sessions: Iterable[Session], *, gap_minutes: int = GAP_MINUTES, several_rooms: bool = True
) -> list[Conflict]:
    """Every pair of sessions that overlap, or follow each other too closely across rooms."""
    timed = sorted((s for s in sessions if s.start is not None), key=_start_key)
    gap = timedelta(minutes=gap_minutes)
    found: list[Conflict] = []
    for i, first in enumerate(timed):
        first_end = session_end(first)
        for second in timed[i + 1 :]:
            assert second.start is not None
            if second.start >= first_end + gap:
                break  # sorted by start: nothing later can clash with `first`
            if second.start < first_end:
                found.append(Conflict(first, second, "overlap"))
            elif several_rooms and first.room and second.room and first.room != second.room:
                minutes = int((second.start - first_end).total_seconds() // 60)
                found.append(Conflict(first, second, "tight", minutes))
    return found


def _start_key(session: Session) -> tuple[datetime, str, str]:
    assert session.start is not None
    return (session.start, session.room or "", session.id)


class AgendaService:
    def __init__(
        self,
        store: AgendaStore,
        deliveries: DeliveryStore,
        programs: ProgramService,
        reminders: ReminderService,
        clock: Clock,
        *,
        gap_minutes: int = GAP_MINUTES,
    ) -> None:
        self._store = store
        self._deliveries = deliveries
        self._programs = programs
        self._reminders = reminders
        self._clock = clock
        self.gap_minutes = gap_minutes
        reminders.on_cancel_all(self.stop_reminding)

    @property
    def _slug(self) -> str:
        return self._programs.slug

    async def _catalog(self) -> Catalog:
        return await self._programs.catalog()

    # -- reading ----------------------------------------------------------------------------

    async def _items(self, user_id: int, catalog: Catalog) -> list[AgendaItem]:
        """The person's items in time order (dropped ones last), sessions as they are now."""
        items = []
        for stored in await self._store.items(self._slug, user_id):
            session = catalog.sessions.get(stored.session_key)
            if session is None:
                session = await self._programs.removed_session(stored.session_key)
                if session is None:
                    continue
            items.append(AgendaItem(session, _paper_positions(session, stored), stored.dropped))
        return sorted(items, key=_item_order)

    def _conflicts(self, items: Sequence[AgendaItem], catalog: Catalog) -> list[Conflict]:
        return find_conflicts(
            (i.session for i in items if not i.dropped),
            gap_minutes=self.gap_minutes,
            several_rooms=len(catalog.rooms) > 1,
        )

    async def agenda(self, user_id: int, day: str | None = None) -> AgendaAnswer:
        """`agenda list [day]`: the person's items in time order, conflicts marked."""
        catalog = await self._catalog()
        items = await self._items(user_id, catalog)
        wanted: date | None = None
        if day and day.strip():
            wanted = Queries(lambda: catalog, self._clock).day(day)
            items = [i for i in items if i.session.day == wanted]
        setting = await self._store.reminder(self._slug, user_id)
        return AgendaAnswer(
            "list",
            tuple(items),
            tuple(self._conflicts(items, catalog)),
            catalog.zone_name,
            day=wanted,
            reminder_minutes=setting.minutes_before if setting else None,
        )

    async def choices(self, user_id: int, text: str) -> list[tuple[str, str]]:
        """The person's items matching `text`, as (label, value) for autocomplete."""
        catalog = await self._catalog()
        key = fold(text)
        out = []
        for item in await self._items(user_id, catalog):
            session = item.session
            when = f" ({weekday_clock(catalog.local(session.start))})" if session.start else ""
            label = f"{session.shown_title}{when}"[:100]
            if key in fold(label):
                out.append((label, f"@session:{session.id}"))
        return out[:25]

    # -- changing ---------------------------------------------------------------------------

    async def _target(self, target: str, query: str) -> tuple[Session, int | None]:
        """The session a request names, and the paper's position when it names a paper."""
        catalog = await self._catalog()
        queries = Queries(lambda: catalog, self._clock)
        if target == "paper":
            refs = queries.paper(query).papers
            if len({(r.session.id, r.index) for r in refs}) > 1:
                names = "; ".join(
                    f"{r.paper.title} (in {r.session.shown_title}"
                    + (
                        f", {weekday_clock(catalog.local(r.session.start))})"
                        if r.session.start
                        else ")"
                    )
                    for r in refs[:5]
                )
                raise UserError(
                    f"`agenda add` paper: “{query}” names {len(refs)} papers: {names}. "
                    "Pick one from the list as you type."
                )
            return refs[0].session, refs[0].index
        if target != "session":
            raise UserError(f"`agenda add`: add a session or a paper, not “{target}”.")
        sessions = list(queries.session(query).sessions)
        if len(sessions) > 1:
            names = "; ".join(
                f"{s.shown_title} ({weekday_clock(catalog.local(s.start))})"
                if s.start
                else s.shown_title
                for s in sessions[:5]
            )
            raise UserError(
                f"`agenda add` session: “{query}” names {len(sessions)} sessions: {names}. "
                "Pick one from the list as you type."
            )
        return sessions[0], None

    async def add(self, user_id: int, target: str, query: str) -> AgendaAnswer:
        """Add a session (or a paper's session, remembering the paper); say at once what it
        clashes with."""
        session, paper_index = await self._target(target, query)
        paper = session.papers[paper_index].title if paper_index is not None else None
        created = await self._store.add(self._slug, user_id, session.id, paper)
        catalog = await self._catalog()
        items = await self._items(user_id, catalog)
        conflicts = self._conflicts(items, catalog)
        clashes = tuple(c for c in conflicts if session.id in (c.first.id, c.second.id))
        added = next(i for i in items if i.session.id == session.id)
        note = None if created else "It was on your agenda already."
        reminder = await self._remind_new(user_id, [session])
        return AgendaAnswer(
            "added",
            tuple(items),
            tuple(conflicts),
            catalog.zone_name,
            changed=(added,),
            clashes=clashes,
            note=note,
            reminder_minutes=reminder,
        )

    async def remove(self, user_id: int, query: str) -> AgendaAnswer:
        """Take an item off the agenda (named as in the list, or picked as you type); the
        reminder `/remind agenda` set for it goes too."""
        catalog = await self._catalog()
        items = await self._items(user_id, catalog)
        item = _pick_item(items, query)
        await self._store.remove(self._slug, user_id, item.session.id)
        setting = await self._store.reminder(self._slug, user_id)
        if setting is not None:
            await self._cancel_reminders(user_id, setting, [item.session.id])
        rest = [i for i in items if i.session.id != item.session.id]
        return AgendaAnswer(
            "removed",
            tuple(rest),
            tuple(self._conflicts(rest, catalog)),
            catalog.zone_name,
            changed=(item,),
        )

    async def clear(self, user_id: int) -> AgendaAnswer:
        catalog = await self._catalog()
        items = await self._items(user_id, catalog)
        await self._store.clear(self._slug, user_id)
        setting = await self._store.reminder(self._slug, user_id)
        if setting is not None:
            await self._cancel_reminders(user_id, setting, [i.session.id for i in items])
        return AgendaAnswer("cleared", (), (), catalog.zone_name, changed=tuple(items))

    # -- reminders --------------------------------------------------------------------------

    async def remind(
        self,
        user_id: int,
        minutes_before: int | None,
        *,
        where: str = "dm",
        guild_id: int | None = None,
        channel_id: int | None = None,
    ) -> RemindersAnswer:
        """`/remind agenda`: a reminder before every item, now and for items added later;
        `minutes_before=None` turns that off (and cancels the reminders it set)."""
        previous = await self._store.reminder(self._slug, user_id)
        catalog = await self._catalog()
        keys = [i.session.id for i in await self._items(user_id, catalog) if not i.dropped]
        if minutes_before is None:
            await self._store.set_reminder(self._slug, None, user_id)
            if previous is not None:
                await self._cancel_reminders(user_id, previous, keys)
            return RemindersAnswer("cancelled", (), catalog.zone_name)
        if not 0 <= minutes_before <= MAX_MINUTES:
            raise UserError(f"`remind agenda`: minutes_before must be between 0 and {MAX_MINUTES}.")
        if where not in WHERE:
            raise UserError("`remind agenda`: where must be dm or channel.")
        if where == "channel" and channel_id is None:
            raise UserError(
                "`remind agenda`: a channel reminder must be set from a server channel."
            )
        setting = AgendaReminderSetting(user_id, minutes_before, where, guild_id, channel_id)
        if previous is not None and (previous.minutes_before, previous.via) != (
            minutes_before,
            where,
        ):
            await self._cancel_reminders(user_id, previous, keys)
        await self._store.set_reminder(self._slug, setting, user_id)
        now = self._clock.now()
        upcoming = [
            catalog.sessions[k]
            for k in keys
            if k in catalog.sessions
            and (start := catalog.sessions[k].start) is not None
            and start > now
        ]
        results = await self._deliveries.upsert(
            self._slug, [_spec(s, setting, now) for s in upcoming]
        )
        self._reminders.wake()
        skipped = len(keys) - len(upcoming)
        warning = (
            f"{skipped} of your agenda's items already started or have no time and were left out."
            if skipped
            else None
        )
        if not keys:
            warning = "Your agenda is empty for now: items you add will be reminded."
        return RemindersAnswer(
            "added",
            tuple((record, catalog.sessions[record.session_id]) for record, _ in results),
            catalog.zone_name,
            kept_existing=sum(1 for _, created in results if not created),
            warning=warning,
        )

    async def stop_reminding(self, user_id: int) -> None:
        """`/remind cancel all`: items added from now on get no reminder either."""
        await self._store.set_reminder(self._slug, None, user_id)

    async def _remind_new(self, user_id: int, sessions: Sequence[Session]) -> int | None:
        """Items added while `/remind agenda` is on get their reminder at once."""
        setting = await self._store.reminder(self._slug, user_id)
        if setting is None:
            return None
        now = self._clock.now()
        upcoming = [s for s in sessions if s.start is not None and s.start > now]
        if upcoming:
            await self._deliveries.upsert(self._slug, [_spec(s, setting, now) for s in upcoming])
            self._reminders.wake()
        return setting.minutes_before

    async def _cancel_reminders(
        self, user_id: int, setting: AgendaReminderSetting, keys: Iterable[str]
    ) -> None:
        """Cancel the reminders `/remind agenda` made for these sessions (same minutes, same
        place: a reminder set by hand just like it is the same reminder)."""
        wanted = set(keys)
        records = await self._deliveries.for_user(self._slug, user_id, (DeliveryKind.REMINDER,))
        ids = [
            r.id
            for r in records
            if r.session_id in wanted
            and r.state.value == "pending"
            and r.minutes_before == setting.minutes_before
            and r.via == setting.via
        ]
        if ids:
            await self._deliveries.cancel(
                self._slug, reason="taken off your agenda", ids=ids, user_id=user_id
            )

    # -- calendar files ---------------------------------------------------------------------

    async def calendar(self, user_id: int) -> CalendarFile:
        """`agenda ics`: the person's agenda as an .ics file."""
        catalog = await self._catalog()
        items = [i for i in await self._items(user_id, catalog) if not i.dropped]
        if not items:
            raise UserError("`agenda ics`: your agenda is empty. Add sessions with `agenda add`.")
        moves = await self._store.moves(self._slug)
        name = catalog.program.conference.name
        return await asyncio.to_thread(
            calendar_file,
            f"{safe_filename(name)}-agenda.ics",
            f"{name}: my agenda",
            [i.session for i in items],
            slug=self._slug,
            zone=catalog.zone_name,
            stamp=self._clock.now(),
            moves=moves,
            papers={i.session.id: i.papers for i in items},
        )

    async def schedule_calendar(
        self, day: str | None = None, room: str | None = None, session: str | None = None
    ) -> CalendarFile:
        """`schedule ics`: a day's sessions (in one room), or one session, as an .ics file."""
        catalog = await self._catalog()
        queries = Queries(lambda: catalog, self._clock)
        name = catalog.program.conference.name
        if session:
            found = catalog.sessions.get(session.removeprefix("@session:"))
            sessions = [found] if found else list(queries.session(session).sessions)
            label = sessions[0].shown_title if len(sessions) == 1 else session
        elif day is None and room is None:
            sessions = list(catalog.program.sessions)
            label = "program"
        else:
            answer = queries.schedule(day, room)
            sessions = list(answer.sessions)
            assert answer.day is not None
            label = answer.day.isoformat() + (f" {answer.room}" if answer.room else "")
        if not any(s.start for s in sessions):
            raise UserError("`schedule ics`: nothing with a time is scheduled there.")
        moves = await self._store.moves(self._slug)
        return await asyncio.to_thread(
            calendar_file,
            f"{safe_filename(name)}-{safe_filename(label)}.ics",
            f"{name}: {label}",
            sessions,
            slug=self._slug,
            zone=catalog.zone_name,
            stamp=self._clock.now(),
            moves=moves,
        )

    async def room_calendar(self, room: str) -> CalendarFile:
        """Every session in one room, all days, as an .ics file."""
        catalog = await self._catalog()
        name = Queries(lambda: catalog, self._clock).room(room)
        sessions = [s for s in catalog.program.sessions if s.room == name]
        moves = await self._store.moves(self._slug)
        conference = catalog.program.conference.name
        return await asyncio.to_thread(
            calendar_file,
            f"{safe_filename(conference)}-{safe_filename(name)}.ics",
            f"{conference}: {name}",
            sessions,
            slug=self._slug,
            zone=catalog.zone_name,
            stamp=self._clock.now(),
            moves=moves,
        )

    # -- reloads ----------------------------------------------------------------------------

    async def on_reload(self, report: ChangeReport) -> None:
        """After a changing load: count moves, drop the items of removed sessions (and bring
        back those of sessions that came back), then tell each person once what happened to
        their agenda. Reminders are moved or cancelled by the reminder service, which leaves
        the telling to this notice for every (person, session) an agenda item covers."""
        if report.first_load:
            await self._reminders.on_reload(report)
            return
        try:
            per_person = await self._affected(report)
        except Exception:
            # The reminders must follow the program all the same (telling their owners).
            log.exception("reload: could not read the agendas; reminders only")
            await self._reminders.on_reload(report)
            return
        told = {(user, key) for user, changes in per_person.items() for key, _ in changes}
        await self._reminders.on_reload(report, told=told)
        removed = [c.session_id for c in report.of_kind(ChangeKind.REMOVED)]
        await self._store.set_dropped(self._slug, removed, dropped=True)
        restored = {k for c in per_person.values() for k, change in c if change == "restored"}
        await self._store.set_dropped(self._slug, restored, dropped=False)
        await self._notify(per_person)

    async def _affected(self, report: ChangeReport) -> dict[int, list[tuple[str, str]]]:
        """Count the moves; then, per person, (session key, what happened) for each of their
        items a reload moved, dropped or brought back."""
        moved = [c.session_id for c in report.of_kind(ChangeKind.MOVED) if c.after is not None]
        removed = [c.session_id for c in report.of_kind(ChangeKind.REMOVED)]
        revived = [c.session_id for c in report.of_kind(ChangeKind.ADDED)]
        await self._store.count_moves(
            self._slug,
            [
                (c.session_id, c.previous_id, ChangeKind.MOVED in c.kinds)
                for c in report.changes
                if ChangeKind.MOVED in c.kinds or c.previous_id is not None
            ],
        )
        touched = await self._store.items(self._slug, keys=[*moved, *removed, *revived])
        what = {
            **dict.fromkeys(moved, "moved"),
            **dict.fromkeys(removed, "dropped"),
            **dict.fromkeys(revived, "restored"),
        }
        per_person: dict[int, list[tuple[str, str]]] = defaultdict(list)
        for item in touched:
            change = what[item.session_key]
            if change == "restored" and not item.dropped:
                continue  # a new session under a key nobody had: nothing to tell
            if change != "restored" and item.dropped:
                continue
            per_person[item.user_id].append((item.session_key, change))
        return per_person

    async def _notify(self, per_person: dict[int, list[tuple[str, str]]]) -> None:
        now = self._clock.now()
        people = {u: c for u, c in per_person.items() if u != LOCAL_USER and c}
        if not people:
            return
        # One notice per person and reload: the program it brought, and when (the same program
        # can come back later, after a rollback, and must be told again).
        reload = f"{(self._programs.program_hash or '')[:16]}:{now.isoformat()}"
        # Each notice is stored held back until its body is written, so that no scheduler
        # (of any process) sends it empty; a crash in between delays it, it does not lose it.
        held = now + NOTICE_HOLD
        specs = [
            DeliverySpec(
                kind=DeliveryKind.NOTICE,
                dedupe_key=f"notice:agenda:{user}:{reload}",
                session_id=changes[0][0],
                due_at=held,
                via="dm",
                user_id=user,
                notice="agenda",
            )
            for user, changes in people.items()
        ]
        records = await self._deliveries.upsert(self._slug, specs)
        for (record, _), (_user, changes) in zip(records, people.items(), strict=True):
            await self._store.save_notice(
                record.id, [{"session": key, "what": change} for key, change in changes]
            )
        await self._deliveries.reschedule((record.id, now) for record, _ in records)
        self._reminders.wake()
        log.info("reload: agenda notices for %d people", len(people))

    async def notice_changes(self, record: DeliveryRecord) -> tuple[AgendaChange, ...]:
        """What an agenda notice tells, with each session as it is now (or was, if removed)."""
        catalog = await self._catalog()
        out = []
        for entry in await self._store.notice(record.id):
            key = str(entry.get("session"))
            session = catalog.sessions.get(key) or await self._programs.removed_session(key)
            if session is not None:
                out.append(AgendaChange(str(entry.get("what")), session))
        return tuple(out)


def _spec(session: Session, setting: AgendaReminderSetting, now: datetime) -> DeliverySpec:
    """The reminder `/remind agenda` wants before `session`: the very one `/remind session`
    with the same minutes and place would make (same key), so the two never double up."""
    return reminder_spec(
        session,
        user_id=setting.user_id,
        minutes_before=setting.minutes_before,
        where=setting.via,
        guild_id=setting.guild_id,
        channel_id=setting.channel_id,
        now=now,
    )


def _paper_positions(session: Session, stored: StoredItem) -> tuple[int, ...]:
    """The picked papers' positions in the session now (found again by title)."""
    titles = {fold(title) for title in stored.papers}
    return tuple(i for i, p in enumerate(session.papers) if fold(p.title) in titles)


def _item_order(item: AgendaItem) -> tuple[bool, bool, datetime | None, str]:
    s = item.session
    return (item.dropped, s.start is None, s.start, s.room or "")


def _pick_item(items: Sequence[AgendaItem], query: str) -> AgendaItem:
    """The item `query` names: picked from the list (`@session:ID`) or by title."""
    text = query.strip()
    if not items:
        raise UserError("`agenda remove`: your agenda is empty.")
    if not text:
        raise UserError("`agenda remove` needs an item, e.g. `agenda remove llm training`.")
    key = text.removeprefix("@session:")
    for item in items:
        if item.session.id == key:
            return item
    folded = fold(text)
    found = [i for i in items if folded in fold(i.session.shown_title)]
    if len(found) == 1:
        return found[0]
    if not found:
        raise UserError(f"`agenda remove`: nothing on your agenda matches “{text}”.")
    names = "; ".join(i.session.shown_title for i in found[:5])
    raise UserError(
        f"`agenda remove`: “{text}” matches {len(found)} items: {names}. Pick one as you type."
    )
