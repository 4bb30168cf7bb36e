"""ProgramStore: the repository of conference programs. It loads parsed programs into the
database, writing only what a reload changed, and hands model objects back.

Every method is one unit of work (`async with self._sessions.begin() as db:`) and every query is
scoped by conference. Only `bot.model` objects come in and go out.

How a reload is matched against what is stored is `reload_plan` (pure, no SQL); how rows map
to model objects is `mapping`.

Sessions whose content did not change are not written; a session whose only change is its place
in the source (position, line numbers) is updated silently, without a report entry.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import delete, distinct, exists, func, insert, select, union
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
from bot.storage.mapping import assign_conference, assign_session, to_conference, to_session, utc
from bot.storage.reload_plan import (
    Plan,
    StoredSession,
    change_kinds,
    plan_reload,
    program_hash,
    without_lines,
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


class ProgramNotStorable(ValueError):
    """`ProgramStore.load` refuses a program; nothing was written. The message says why."""


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

        Raises ProgramNotStorable for a program that cannot be stored (a slug too long,
        duplicate session ids, naive datetimes, unknown time zone); nothing is written then, nor
        when anything else fails.
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

    async def preview(self, slug: str, program: Program) -> ChangeReport:
        """What `load` would report, without storing anything (the transaction is rolled
        back)."""
        _check(slug, program)
        digest = program_hash(program)
        async with self._load_lock, self._sessions() as db:
            transaction = await db.begin()
            try:
                return await _Load(db, slug, program, digest, self._now()).run()
            finally:
                await transaction.rollback()

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
            sessions = tuple(to_session(row, zone) for row in rows)
        return Program(conference=to_conference(conference), sessions=sessions)

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
            return None if row is None else to_session(row, ZoneInfo(conference.timezone))

    async def conferences(self) -> list[Conference]:
        """Every stored conference, ordered by slug (the order of `slugs()`)."""
        async with self._sessions.begin() as db:
            rows = await db.scalars(select(ConferenceRow).order_by(ConferenceRow.slug))
            return [to_conference(row) for row in rows]

    async def slugs(self) -> list[str]:
        """The slugs of every stored conference, sorted."""
        async with self._sessions.begin() as db:
            return list(await db.scalars(select(ConferenceRow.slug).order_by(ConferenceRow.slug)))

    async def conference(self, slug: str) -> Conference | None:
        async with self._sessions.begin() as db:
            row = await _conference_row(db, slug)
            return None if row is None else to_conference(row)

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


def _check(slug: str, program: Program) -> None:
    if not slug or len(slug) > MAX_SLUG_LENGTH:
        raise ProgramNotStorable(
            f"the conference slug must be 1 to {MAX_SLUG_LENGTH} characters, not {len(slug)} "
            "(set CONFERENCE to a shorter one)"
        )
    try:
        ZoneInfo(program.conference.timezone)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise ProgramNotStorable(f"unknown time zone {program.conference.timezone!r}") from error
    seen: set[str] = set()
    for session in program.sessions:
        if not session.id or len(session.id) > MAX_SESSION_ID_LENGTH:
            raise ProgramNotStorable(
                f"session id must be 1 to {MAX_SESSION_ID_LENGTH} characters: {session.id!r}"
            )
        if session.id in seen:
            raise ProgramNotStorable(f"duplicate session id {session.id!r}")
        seen.add(session.id)
        moments = [session.start, session.end]
        for paper in session.papers:
            moments += [paper.start, paper.end]
        for moment in moments:
            if moment is not None and moment.utcoffset() is None:
                raise ProgramNotStorable(f"session {session.id!r} has a naive datetime {moment}")


async def _conference_row(db: AsyncSession, slug: str) -> ConferenceRow | None:
    return await db.scalar(select(ConferenceRow).where(ConferenceRow.slug == slug))


# --- the load ------------------------------------------------------------------------------------


@dataclass
class _Update:
    """What writing the matched sessions found: the changes by position in the new program,
    how many are unchanged, and the rows whose papers or chairs must be rewritten."""

    changes: dict[int, SessionChange] = field(default_factory=dict)
    unchanged: int = 0
    paper_rewrites: list[tuple[SessionRow, Session]] = field(default_factory=list)
    chair_rewrites: list[tuple[SessionRow, Session]] = field(default_factory=list)
    rooms_changed: bool = False
    wrote: bool = False


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
        self.person_ids: dict[str, int] = {}

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
        conference, rows = await self._conference_and_rows(conference)
        old_zone = ZoneInfo(conference.timezone)
        stored = [
            StoredSession(
                row.id, row.key, row.removed_at is not None, row.position, to_session(row, old_zone)
            )
            for row in rows
        ]
        plan = plan_reload(stored, program)
        await self._ensure_rooms_and_persons(conference.id)

        update = self._update_matched(plan, {row.id: row for row in rows})
        for session, position in plan.added:
            update.changes[position] = SessionChange(
                session.id, (ChangeKind.ADDED,), before=None, after=session
            )
        removals = tuple(
            SessionChange(gone.key, (ChangeKind.REMOVED,), before=gone.session, after=None)
            for gone in plan.removed
        )
        await self._write(update, plan, conference.id)

        wrote = first_load or bool(plan.added or plan.removed or plan.revived) or update.wrote
        wrote |= assign_conference(conference, program.conference)
        conference.program_hash = self.digest
        if wrote:
            conference.loaded_at = self.now
        await db.flush()
        changes = update.changes
        return ChangeReport(
            self.slug,
            first_load=first_load,
            changes=(*(changes[position] for position in sorted(changes)), *removals),
            unchanged=update.unchanged,
        )

    async def _conference_and_rows(
        self, conference: ConferenceRow | None
    ) -> tuple[ConferenceRow, list[SessionRow]]:
        """The conference row (created on a first load) and every session row it has."""
        if conference is None:
            conference = ConferenceRow(slug=self.slug, loaded_at=self.now)
            assign_conference(conference, self.program.conference)
            self.db.add(conference)
            await self.db.flush()
            return conference, []
        rows = await self.db.scalars(
            select(SessionRow)
            .where(SessionRow.conference_id == conference.id)
            .options(*_SESSION_GRAPH)
        )
        return conference, list(rows)

    def _update_matched(self, plan: Plan, rows: Mapping[int, SessionRow]) -> _Update:
        """Write matched and revived sessions into their rows; note what changed and which
        rows need their papers or chairs rewritten. Removed rows are marked here too."""
        update = _Update()
        for match in (*plan.matched, *plan.revived):
            row, old, new = rows[match.stored.row_id], match.stored.session, match.after
            if row.removed_at is not None:  # revived
                row.removed_at = None
                update.changes[match.position] = SessionChange(
                    new.id, (ChangeKind.ADDED,), before=None, after=new
                )
            elif kinds := change_kinds(old, new):
                update.changes[match.position] = SessionChange(
                    new.id, kinds, before=old, after=new, previous_id=match.previous_key
                )
            else:
                update.unchanged += 1
            update.wrote |= assign_session(row, new, match.position, self._room_id(new))
            update.rooms_changed |= old.room != new.room
            if old.papers != new.papers:
                update.wrote = True
                if without_lines(old.papers) == without_lines(new.papers):
                    for paper_row, paper in zip(row.papers, new.papers, strict=True):
                        paper_row.line = paper.line
                else:
                    update.paper_rewrites.append((row, new))
            if old.chairs != new.chairs:
                update.wrote = True
                update.chair_rewrites.append((row, new))
        for gone in plan.removed:
            rows[gone.row_id].removed_at = self.now
        return update

    async def _write(self, update: _Update, plan: Plan, conference_id: int) -> None:
        """Rewrite papers and chairs, add the new sessions, drop unreferenced rooms/persons."""
        db = self.db
        # Old papers and chairs go first, so (session, position) stays unique at every flush.
        for row, _ in update.paper_rewrites:
            row.papers = []
        for row, _ in update.chair_rewrites:
            row.chairings = []
        await db.flush()
        for row, new in update.paper_rewrites:
            row.papers = self._paper_rows(new.papers)
        for row, new in update.chair_rewrites:
            row.chairings = self._chair_rows(new.chairs)
        for session, position in plan.added:
            db.add(self._new_session_row(conference_id, session, position))
        await db.flush()
        if update.paper_rewrites or update.chair_rewrites or update.rooms_changed:
            await _collect_garbage(db, conference_id)

    async def _ensure_rooms_and_persons(self, conference_id: int) -> None:
        """Load the conference's rooms and person ids; create those the program adds."""
        db = self.db
        self.rooms = {
            room.name: room
            for room in await db.scalars(
                select(RoomRow).where(RoomRow.conference_id == conference_id)
            )
        }
        stored = await db.execute(
            select(PersonRow.name, PersonRow.id).where(PersonRow.conference_id == conference_id)
        )
        self.person_ids = {name: person_id for name, person_id in stored}
        new_rooms = False
        new_names: dict[str, None] = {}
        for session in self.program.sessions:
            if session.room is not None and session.room not in self.rooms:
                room = RoomRow(conference_id=conference_id, name=session.room)
                db.add(room)
                self.rooms[session.room] = room
                new_rooms = True
            people = [*session.chairs, *(a for paper in session.papers for a in paper.authors)]
            for person in people:
                if person.name not in self.person_ids:
                    new_names[person.name] = None
        if new_rooms:
            await db.flush()
        if new_names:
            # One multi-row INSERT, its ids matched back by name (unique per conference):
            # ORM objects would be inserted a row at a time on SQLite, which cannot promise
            # the order of RETURNING rows, and a program has thousands of people.
            created = await db.execute(
                insert(PersonRow).returning(PersonRow.name, PersonRow.id),
                [
                    {"conference_id": conference_id, "name": name, "name_folded": fold(name)}
                    for name in new_names
                ],
            )
            self.person_ids.update({name: person_id for name, person_id in created})

    def _room_id(self, session: Session) -> int | None:
        return None if session.room is None else self.rooms[session.room].id

    def _paper_rows(self, papers: Sequence[Paper]) -> list[PaperRow]:
        return [
            PaperRow(
                position=position,
                title=paper.title,
                url=paper.url,
                start_at=utc(paper.start),
                end_at=utc(paper.end),
                line=paper.line,
                authorships=[
                    AuthorshipRow(
                        position=index,
                        person_id=self.person_ids[author.name],
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
                person_id=self.person_ids[chair.name],
                affiliation=chair.affiliation,
            )
            for index, chair in enumerate(chairs)
        ]

    def _new_session_row(self, conference_id: int, session: Session, position: int) -> SessionRow:
        row = SessionRow(conference_id=conference_id)
        assign_session(row, session, position, self._room_id(session))
        row.papers = self._paper_rows(session.papers)
        row.chairings = self._chair_rows(session.chairs)
        return row


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
