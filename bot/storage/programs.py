"""ProgramStore: loads parsed programs into the database, diffs reloads, hands model objects back.

Every method is one unit of work (`async with self._sessions.begin() as db:`) and every query is
scoped by conference. Only `bot.model` objects come in and go out.

How a reload is matched against what is stored:

1. by stable id: `Session.id == SessionRow.key` (a soft-deleted row with that key is revived);
2. then, among what is left on both sides, a removed and an added session that are clearly the
   same session under a new id are paired, keeping the row (and so everything that references
   `sessions.id`): first same folded title and same papers (moved to another day or time; a
   session without papers only when its title occurs once in each program, so one "Lunch" does
   not become another day's), then same day, start, room and papers (retitled). A pair is taken
   only when it is unambiguous: the signature occurs exactly once among the removed and once
   among the added sessions;
3. the rest are added, or soft-deleted (`removed_at`) and reported removed.

Sessions whose content did not change are not written; a session whose only change is its place
in the source (position, line numbers) is updated silently, without a report entry.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, date, datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import delete, distinct, exists, func, select, union
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import joinedload, selectinload

from bot.folding import fold
from bot.model import (
    ChangeKind,
    ChangeReport,
    Conference,
    Paper,
    Person,
    Program,
    Session,
    SessionChange,
)
from bot.storage.tables import (
    AuthorshipRow,
    ChairingRow,
    ConferenceRow,
    KeyValueRow,
    PaperRow,
    PersonRow,
    RoomRow,
    SessionRow,
    utcnow,
)

log = logging.getLogger(__name__)

MAX_SLUG_LENGTH = 100
MAX_SESSION_ID_LENGTH = 64
COUNT_NAMES = ("sessions", "papers", "people", "rooms")

# A constant number of queries however many sessions: the sessions (with their room joined),
# their papers, the papers' authorships (with persons joined), the chairings (with persons).
# selectinload batches its IN lists by 500 parents, so only beyond that does one more query run.
_SESSION_GRAPH = (
    joinedload(SessionRow.room),
    selectinload(SessionRow.papers)
    .selectinload(PaperRow.authorships)
    .joinedload(AuthorshipRow.person, innerjoin=True),
    selectinload(SessionRow.chairings).joinedload(ChairingRow.person, innerjoin=True),
)


class ProgramStore:
    """Conference programs in the database. Construct once in `app.py`; safe to share."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        *,
        now: Callable[[], datetime] = utcnow,
    ) -> None:
        self._sessions = sessions
        self._now = now
        # Loads in this process run one at a time (SQLite cannot upgrade a stale read snapshot
        # to a write; PostgreSQL also locks the conference row).
        self._load_lock = asyncio.Lock()

    async def load(self, slug: str, program: Program) -> ChangeReport:
        """Store `program` as conference `slug`, in one transaction, and report what changed.

        Raises ValueError for a program that cannot be stored (duplicate session ids, naive
        datetimes, unknown time zone); nothing is written then, nor when anything else fails.
        """
        _check(slug, program)
        digest = program_hash(program)
        async with self._load_lock, self._sessions.begin() as db:
            report = await _Load(db, slug, program, digest, self._now()).run()
        log.info(
            "program %s loaded: first_load=%s changes=%d unchanged=%d",
            slug,
            report.first_load,
            len(report.changes),
            report.unchanged,
        )
        return report

    async def get_program(self, slug: str) -> Program | None:
        """The stored program (active sessions, source order), times in the conference zone."""
        async with self._sessions.begin() as db:
            conference = await _conference_row(db, slug)
            if conference is None:
                return None
            zone = ZoneInfo(conference.timezone)
            rows = await db.scalars(
                select(SessionRow)
                .where(SessionRow.conference_id == conference.id, SessionRow.removed_at.is_(None))
                .order_by(SessionRow.position, SessionRow.id)
                .options(*_SESSION_GRAPH)
            )
            sessions = tuple(_to_session(row, zone) for row in rows)
        return Program(conference=_to_conference(conference), sessions=sessions)

    async def removed_session(self, slug: str, key: str) -> Session | None:
        """A soft-deleted session as it was last stored, or None (unknown or active)."""
        async with self._sessions.begin() as db:
            conference = await _conference_row(db, slug)
            if conference is None:
                return None
            row = await db.scalar(
                select(SessionRow)
                .where(
                    SessionRow.conference_id == conference.id,
                    SessionRow.key == key,
                    SessionRow.removed_at.is_not(None),
                )
                .options(*_SESSION_GRAPH)
            )
            return None if row is None else _to_session(row, ZoneInfo(conference.timezone))

    async def conferences(self) -> list[Conference]:
        """Every stored conference, ordered by slug (the order of `slugs()`)."""
        async with self._sessions.begin() as db:
            rows = await db.scalars(select(ConferenceRow).order_by(ConferenceRow.slug))
            return [_to_conference(row) for row in rows]

    async def slugs(self) -> list[str]:
        """The slugs of every stored conference, sorted."""
        async with self._sessions.begin() as db:
            return list(await db.scalars(select(ConferenceRow.slug).order_by(ConferenceRow.slug)))

    async def conference(self, slug: str) -> Conference | None:
        async with self._sessions.begin() as db:
            row = await _conference_row(db, slug)
            return None if row is None else _to_conference(row)

    async def stored_hash(self, slug: str) -> str | None:
        """The content hash of the program stored for `slug` (cheap: one column)."""
        async with self._sessions.begin() as db:
            return await db.scalar(
                select(ConferenceRow.program_hash).where(ConferenceRow.slug == slug)
            )

    async def counts(self, slug: str) -> dict[str, int]:
        """Active sessions, their papers, distinct people (authors and chairs) and rooms.

        All zero for an unknown conference.
        """
        async with self._sessions.begin() as db:
            conference_id = await db.scalar(
                select(ConferenceRow.id).where(ConferenceRow.slug == slug)
            )
            if conference_id is None:
                return dict.fromkeys(COUNT_NAMES, 0)
            active = (SessionRow.conference_id == conference_id, SessionRow.removed_at.is_(None))
            active_ids = select(SessionRow.id).where(*active)
            people = union(
                select(AuthorshipRow.person_id)
                .join(PaperRow, AuthorshipRow.paper_id == PaperRow.id)
                .where(PaperRow.session_id.in_(active_ids)),
                select(ChairingRow.person_id).where(ChairingRow.session_id.in_(active_ids)),
            ).subquery()
            row = (
                await db.execute(
                    select(
                        select(func.count(SessionRow.id)).where(*active).scalar_subquery(),
                        select(func.count(PaperRow.id))
                        .where(PaperRow.session_id.in_(active_ids))
                        .scalar_subquery(),
                        select(func.count()).select_from(people).scalar_subquery(),
                        select(func.count(distinct(SessionRow.room_id)))
                        .where(*active)
                        .scalar_subquery(),
                    )
                )
            ).one()
            return dict(zip(COUNT_NAMES, (int(n) for n in row), strict=True))

    async def get_value(self, key: str, slug: str | None = None) -> str | None:
        """A setting: global when `slug` is None, else of that conference."""
        async with self._sessions.begin() as db:
            query = select(KeyValueRow.value).where(KeyValueRow.key == key)
            if slug is None:
                query = query.where(KeyValueRow.conference_id.is_(None))
            else:
                query = query.join(
                    ConferenceRow, KeyValueRow.conference_id == ConferenceRow.id
                ).where(ConferenceRow.slug == slug)
            return await db.scalar(query)

    async def set_value(self, key: str, value: str, slug: str | None = None) -> None:
        """Insert or replace a setting. Raises LookupError for an unknown conference."""
        async with self._sessions.begin() as db:
            conference_id: int | None = None
            if slug is not None:
                conference_id = await db.scalar(
                    select(ConferenceRow.id).where(ConferenceRow.slug == slug)
                )
                if conference_id is None:
                    raise LookupError(f"no conference {slug!r} is stored")
            values = {"conference_id": conference_id, "key": key, "value": value}
            target: list[Any]
            if conference_id is None:
                target = [KeyValueRow.key]
                where = KeyValueRow.conference_id.is_(None)
            else:
                target = [KeyValueRow.conference_id, KeyValueRow.key]
                where = KeyValueRow.conference_id.is_not(None)
            if db.get_bind().dialect.name == "postgresql":
                pg = postgresql.insert(KeyValueRow).values(values)
                await db.execute(
                    pg.on_conflict_do_update(
                        index_elements=target, index_where=where, set_={"value": pg.excluded.value}
                    )
                )
            else:
                lite = sqlite.insert(KeyValueRow).values(values)
                await db.execute(
                    lite.on_conflict_do_update(
                        index_elements=target,
                        index_where=where,
                        set_={"value": lite.excluded.value},
                    )
                )


def program_hash(program: Program) -> str:
    """Content hash of a program (conference and sessions; parse warnings excluded)."""
    payload = {
        "conference": asdict(program.conference),
        "sessions": [asdict(session) for session in program.sessions],
    }
    text = json.dumps(
        payload, default=_json_default, sort_keys=True, ensure_ascii=False, separators=(",", ":")
    )
    return hashlib.sha256(text.encode()).hexdigest()


def _json_default(value: object) -> str:
    if isinstance(value, datetime | date):
        return value.isoformat()
    raise TypeError(f"cannot hash {type(value).__name__}")


def _check(slug: str, program: Program) -> None:
    if not slug or len(slug) > MAX_SLUG_LENGTH:
        raise ValueError(f"conference slug must be 1 to {MAX_SLUG_LENGTH} characters: {slug!r}")
    try:
        ZoneInfo(program.conference.timezone)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise ValueError(f"unknown time zone {program.conference.timezone!r}") from error
    seen: set[str] = set()
    for session in program.sessions:
        if not session.id or len(session.id) > MAX_SESSION_ID_LENGTH:
            raise ValueError(
                f"session id must be 1 to {MAX_SESSION_ID_LENGTH} characters: {session.id!r}"
            )
        if session.id in seen:
            raise ValueError(f"duplicate session id {session.id!r}")
        seen.add(session.id)
        moments = [session.start, session.end]
        for paper in session.papers:
            moments += [paper.start, paper.end]
        for moment in moments:
            if moment is not None and moment.utcoffset() is None:
                raise ValueError(f"session {session.id!r} has a naive datetime {moment}")


async def _conference_row(db: AsyncSession, slug: str) -> ConferenceRow | None:
    return await db.scalar(select(ConferenceRow).where(ConferenceRow.slug == slug))


# --- rows -> model -----------------------------------------------------------------------------


def _local(moment: datetime | None, zone: ZoneInfo) -> datetime | None:
    return None if moment is None else moment.astimezone(zone)


def _utc(moment: datetime | None) -> datetime | None:
    return None if moment is None else moment.astimezone(UTC)


def _to_conference(row: ConferenceRow) -> Conference:
    return Conference(name=row.name, timezone=row.timezone, year=row.year, source=row.source)


def _to_paper(row: PaperRow, zone: ZoneInfo) -> Paper:
    return Paper(
        title=row.title,
        authors=tuple(Person(a.person.name, a.affiliation) for a in row.authorships),
        url=row.url,
        start=_local(row.start_at, zone),
        end=_local(row.end_at, zone),
        line=row.line,
    )


def _to_session(row: SessionRow, zone: ZoneInfo) -> Session:
    return Session(
        id=row.key,
        title=row.title,
        kind=row.kind,
        day=row.day,
        start=_local(row.start_at, zone),
        end=_local(row.end_at, zone),
        room=None if row.room is None else row.room.name,
        track=row.track,
        chairs=tuple(Person(c.person.name, c.affiliation) for c in row.chairings),
        papers=tuple(_to_paper(paper, zone) for paper in row.papers),
        notes=tuple(row.notes),
        line=row.line,
    )


# --- diffing -------------------------------------------------------------------------------------


def _without_lines(papers: Iterable[Paper]) -> tuple[Paper, ...]:
    return tuple(replace(paper, line=None) for paper in papers)


def change_kinds(before: Session, after: Session) -> tuple[ChangeKind, ...]:
    """What differs between two versions of a session, in `ChangeKind` order.

    Source positions (line numbers) are not a change. Times compare as instants.
    """
    kinds: list[ChangeKind] = []
    if (before.day, before.start, before.end, before.room) != (
        after.day,
        after.start,
        after.end,
        after.room,
    ):
        kinds.append(ChangeKind.MOVED)
    if before.title != after.title:
        kinds.append(ChangeKind.RETITLED)
    if before.chairs != after.chairs:
        kinds.append(ChangeKind.CHAIRS)
    if _without_lines(before.papers) != _without_lines(after.papers):
        kinds.append(ChangeKind.PAPERS)
    if (before.kind, before.track, before.notes) != (after.kind, after.track, after.notes):
        kinds.append(ChangeKind.DETAILS)
    return tuple(kinds)


def _paper_titles(session: Session) -> tuple[str, ...]:
    return tuple(fold(paper.title) for paper in session.papers)


def _same_content(session: Session, titles: Counter[str]) -> Hashable | None:
    """Same folded title and same papers: the session moved (its id holds its day).

    Without papers only a title that occurs once in its whole program identifies a session
    ("Lunch" on another day is another lunch; "Keynote: Jane Doe" on another day moved).
    """
    title = fold(session.title) if session.title else ""
    papers = _paper_titles(session)
    if not papers and (not title or titles[title] != 1):
        return None
    return (title, papers)


def _same_slot(session: Session, _titles: Counter[str]) -> Hashable | None:
    """Same day, start, room and papers (and kind, without papers): the session was retitled."""
    if session.day is None or session.start is None:
        return None
    papers = _paper_titles(session)
    return (
        session.day,
        session.start.astimezone(UTC),
        fold(session.room) if session.room else "",
        papers,
        None if papers else session.kind,
    )


_RECONCILERS: tuple[Callable[[Session, Counter[str]], Hashable | None], ...] = (
    _same_content,
    _same_slot,
)


def _title_counts(sessions: Iterable[Session]) -> Counter[str]:
    return Counter(fold(session.title) for session in sessions if session.title)


@dataclass
class _Match:
    row: SessionRow
    after: Session
    position: int
    previous_key: str | None = None  # set when reconciled across an id change


@dataclass
class _Plan:
    matched: list[_Match] = field(default_factory=list)
    revived: list[_Match] = field(default_factory=list)
    added: list[tuple[Session, int]] = field(default_factory=list)
    removed: list[SessionRow] = field(default_factory=list)


def _reconcile(
    removed: list[SessionRow],
    added: list[tuple[Session, int]],
    before: dict[int, Session],
    titles: tuple[Counter[str], Counter[str]],
) -> tuple[list[_Match], list[SessionRow], list[tuple[Session, int]]]:
    """Pair removed rows with added sessions that are the same session under a new id."""
    old_titles, new_titles = titles
    matches: list[_Match] = []
    for signature in _RECONCILERS:
        old_by_sig: defaultdict[Hashable, list[SessionRow]] = defaultdict(list)
        new_by_sig: defaultdict[Hashable, list[tuple[Session, int]]] = defaultdict(list)
        for row in removed:
            old_sig = signature(before[row.id], old_titles)
            if old_sig is not None:
                old_by_sig[old_sig].append(row)
        for item in added:
            new_sig = signature(item[0], new_titles)
            if new_sig is not None:
                new_by_sig[new_sig].append(item)
        paired_rows: set[int] = set()
        paired_new: set[str] = set()
        for sig, rows in old_by_sig.items():
            news = new_by_sig.get(sig, [])
            if len(rows) == 1 and len(news) == 1:
                (row,), ((session, position),) = rows, news
                matches.append(_Match(row, session, position, previous_key=row.key))
                paired_rows.add(row.id)
                paired_new.add(session.id)
        removed = [row for row in removed if row.id not in paired_rows]
        added = [item for item in added if item[0].id not in paired_new]
    return matches, removed, added


def _plan(rows: Sequence[SessionRow], program: Program, before: dict[int, Session]) -> _Plan:
    plan = _Plan()
    active = {row.key: row for row in rows if row.removed_at is None}
    dormant = {row.key: row for row in rows if row.removed_at is not None}
    new_keys = {session.id for session in program.sessions}
    candidates: list[tuple[Session, int]] = []
    for position, session in enumerate(program.sessions):
        if session.id in active:
            plan.matched.append(_Match(active[session.id], session, position))
        elif session.id in dormant:
            plan.revived.append(_Match(dormant[session.id], session, position))
        else:
            candidates.append((session, position))
    gone = sorted(
        (row for key, row in active.items() if key not in new_keys), key=lambda r: r.position
    )
    titles = (
        _title_counts(before[row.id] for row in active.values()),
        _title_counts(program.sessions),
    )
    reconciled, plan.removed, plan.added = _reconcile(gone, candidates, before, titles)
    plan.matched += reconciled
    return plan


# --- the load ------------------------------------------------------------------------------------


class _Load:
    """One load of one program: read everything once, plan, write only what differs."""

    def __init__(
        self, db: AsyncSession, slug: str, program: Program, digest: str, now: datetime
    ) -> None:
        self.db = db
        self.slug = slug
        self.program = program
        self.digest = digest
        self.now = now
        self.rooms: dict[str, RoomRow] = {}
        self.persons: dict[str, PersonRow] = {}

    async def run(self) -> ChangeReport:
        db, program = self.db, self.program
        conference = await db.scalar(
            select(ConferenceRow).where(ConferenceRow.slug == self.slug).with_for_update()
        )
        if conference is not None and conference.program_hash == self.digest:
            unchanged = await db.scalar(
                select(func.count(SessionRow.id)).where(
                    SessionRow.conference_id == conference.id, SessionRow.removed_at.is_(None)
                )
            )
            return ChangeReport(self.slug, first_load=False, unchanged=unchanged or 0)

        first_load = conference is None
        rows: list[SessionRow] = []
        if conference is None:
            conference = ConferenceRow(slug=self.slug, loaded_at=self.now)
            _assign_conference(conference, program.conference)
            db.add(conference)
            await db.flush()
        else:
            rows = list(
                await db.scalars(
                    select(SessionRow)
                    .where(SessionRow.conference_id == conference.id)
                    .options(*_SESSION_GRAPH)
                )
            )
        conference_id = conference.id
        old_zone = ZoneInfo(conference.timezone)
        before = {row.id: _to_session(row, old_zone) for row in rows}
        plan = _plan(rows, program, before)
        await self._ensure_rooms_and_persons(conference_id)

        changes: dict[int, SessionChange] = {}  # by position in the new program
        unchanged = 0
        paper_rewrites: list[_Match] = []
        chair_rewrites: list[_Match] = []
        rooms_changed = False
        wrote = first_load or bool(plan.added or plan.removed or plan.revived)
        for match in (*plan.matched, *plan.revived):
            row, new = match.row, match.after
            old = before[row.id]
            if row.removed_at is not None:  # revived
                row.removed_at = None
                kinds: tuple[ChangeKind, ...] = (ChangeKind.ADDED,)
                changes[match.position] = SessionChange(new.id, kinds, before=None, after=new)
            elif kinds := change_kinds(old, new):
                changes[match.position] = SessionChange(
                    new.id, kinds, before=old, after=new, previous_id=match.previous_key
                )
            else:
                unchanged += 1
            wrote |= _assign_session(row, new, match.position, self._room_id(new))
            rooms_changed |= old.room != new.room
            if old.papers != new.papers:
                wrote = True
                if _without_lines(old.papers) == _without_lines(new.papers):
                    for paper_row, paper in zip(row.papers, new.papers, strict=True):
                        paper_row.line = paper.line
                else:
                    paper_rewrites.append(match)
            if old.chairs != new.chairs:
                wrote = True
                chair_rewrites.append(match)
        for session, position in plan.added:
            changes[position] = SessionChange(
                session.id, (ChangeKind.ADDED,), before=None, after=session
            )
        removals = tuple(
            SessionChange(row.key, (ChangeKind.REMOVED,), before=before[row.id], after=None)
            for row in plan.removed
        )
        for row in plan.removed:
            row.removed_at = self.now

        # Old papers and chairs go first, so (session, position) stays unique at every flush.
        for match in paper_rewrites:
            match.row.papers = []
        for match in chair_rewrites:
            match.row.chairings = []
        await db.flush()
        for match in paper_rewrites:
            match.row.papers = self._paper_rows(match.after.papers)
        for match in chair_rewrites:
            match.row.chairings = self._chair_rows(match.after.chairs)
        for session, position in plan.added:
            db.add(self._new_session_row(conference_id, session, position))
        await db.flush()
        if paper_rewrites or chair_rewrites or rooms_changed:
            await _collect_garbage(db, conference_id)

        wrote |= _assign_conference(conference, program.conference)
        conference.program_hash = self.digest
        if wrote:
            conference.loaded_at = self.now
        await db.flush()
        return ChangeReport(
            self.slug,
            first_load=first_load,
            changes=(*(changes[position] for position in sorted(changes)), *removals),
            unchanged=unchanged,
        )

    async def _ensure_rooms_and_persons(self, conference_id: int) -> None:
        """Load the conference's rooms and persons; create those the program adds."""
        db = self.db
        self.rooms = {
            room.name: room
            for room in await db.scalars(
                select(RoomRow).where(RoomRow.conference_id == conference_id)
            )
        }
        self.persons = {
            person.name: person
            for person in await db.scalars(
                select(PersonRow).where(PersonRow.conference_id == conference_id)
            )
        }
        created = False
        for session in self.program.sessions:
            if session.room is not None and session.room not in self.rooms:
                room = RoomRow(conference_id=conference_id, name=session.room)
                db.add(room)
                self.rooms[session.room] = room
                created = True
            people = [*session.chairs, *(a for paper in session.papers for a in paper.authors)]
            for name in (person.name for person in people):
                if name not in self.persons:
                    person_row = PersonRow(
                        conference_id=conference_id, name=name, name_folded=fold(name)
                    )
                    db.add(person_row)
                    self.persons[name] = person_row
                    created = True
        if created:
            await db.flush()

    def _room_id(self, session: Session) -> int | None:
        return None if session.room is None else self.rooms[session.room].id

    def _paper_rows(self, papers: Sequence[Paper]) -> list[PaperRow]:
        return [
            PaperRow(
                position=position,
                title=paper.title,
                url=paper.url,
                start_at=_utc(paper.start),
                end_at=_utc(paper.end),
                line=paper.line,
                authorships=[
                    AuthorshipRow(
                        position=index,
                        person_id=self.persons[author.name].id,
                        affiliation=author.affiliation,
                    )
                    for index, author in enumerate(paper.authors)
                ],
            )
            for position, paper in enumerate(papers)
        ]

    def _chair_rows(self, chairs: Sequence[Person]) -> list[ChairingRow]:
        return [
            ChairingRow(
                position=index,
                person_id=self.persons[chair.name].id,
                affiliation=chair.affiliation,
            )
            for index, chair in enumerate(chairs)
        ]

    def _new_session_row(self, conference_id: int, session: Session, position: int) -> SessionRow:
        row = SessionRow(conference_id=conference_id)
        _assign_session(row, session, position, self._room_id(session))
        row.papers = self._paper_rows(session.papers)
        row.chairings = self._chair_rows(session.chairs)
        return row


def _assign(row: Any, values: dict[str, Any]) -> bool:
    """Set only the attributes whose value differs, so unchanged rows get no UPDATE."""
    changed = False
    for name, value in values.items():
        if getattr(row, name, None) != value:
            setattr(row, name, value)
            changed = True
    return changed


def _assign_session(row: SessionRow, session: Session, position: int, room_id: int | None) -> bool:
    values: dict[str, Any] = {
        "key": session.id,
        "title": session.title,
        "kind": session.kind,
        "day": session.day,
        "start_at": _utc(session.start),
        "end_at": _utc(session.end),
        "track": session.track,
        "notes": list(session.notes),
        "position": position,
        "line": session.line,
        "room_id": room_id,
    }
    return _assign(row, values)


def _assign_conference(row: ConferenceRow, conference: Conference) -> bool:
    return _assign(
        row,
        {
            "name": conference.name,
            "timezone": conference.timezone,
            "year": conference.year,
            "source": conference.source,
        },
    )


async def _collect_garbage(db: AsyncSession, conference_id: int) -> None:
    """Delete persons no authorship or chairing refers to, and rooms no session refers to."""
    await db.execute(
        delete(PersonRow)
        .where(
            PersonRow.conference_id == conference_id,
            ~exists().where(AuthorshipRow.person_id == PersonRow.id),
            ~exists().where(ChairingRow.person_id == PersonRow.id),
        )
        .execution_options(synchronize_session=False)
    )
    await db.execute(
        delete(RoomRow)
        .where(
            RoomRow.conference_id == conference_id,
            ~exists().where(SessionRow.room_id == RoomRow.id),
        )
        .execution_options(synchronize_session=False)
    )
