"""The database schema as typed SQLAlchemy models. ORM rows never leave `bot.storage`.

Layout (every row below a conference is scoped by it, so several conferences share a database):

    conferences 1-n rooms, sessions, persons, key_values
    sessions    1-n papers 1-n authorships n-1 persons
    sessions    1-n chairings n-1 persons

A session that disappears from a reloaded program is soft-deleted (`removed_at`), keeping its
papers and chairs, so user-owned rows that reference `sessions.id` survive and can be told; a
session that reappears under the same key is revived. Queries for the current program must
therefore filter on `sessions.removed_at IS NULL` (persons may be referenced only by removed
sessions). Constraint and index names follow `NAMING_CONVENTION`, so Alembic autogenerate sees
stable names.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Dialect,
    Enum,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from bot.model import SessionKind

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    """Column default for timestamps: the current time, aware, in UTC."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """The one timestamp type: binds aware datetimes only, stores UTC, returns aware UTC.

    PostgreSQL stores `timestamptz`; SQLite stores naive UTC text, made aware again on the way out.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"naive datetime {value.isoformat()} given for a UTC column")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


def _enum_values(enum: type[SessionKind]) -> list[str]:
    return [member.value for member in enum]


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map: ClassVar[dict[Any, Any]] = {datetime: UTCDateTime(), date: Date()}


class ConferenceRow(Base):
    """One conference; `program_hash` is the content hash of the program last loaded into it."""

    __tablename__ = "conferences"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    slug: Mapped[str] = mapped_column(String(100), unique=True)
    name: Mapped[str] = mapped_column(Text)
    timezone: Mapped[str] = mapped_column(String(64))
    year: Mapped[int | None]
    source: Mapped[str | None] = mapped_column(Text)
    program_hash: Mapped[str | None] = mapped_column(String(64))
    # When the stored program last changed (an identical reload does not touch it).
    loaded_at: Mapped[datetime] = mapped_column(default=utcnow)


class RoomRow(Base):
    __tablename__ = "rooms"
    __table_args__ = (UniqueConstraint("conference_id", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    conference_id: Mapped[int] = mapped_column(ForeignKey("conferences.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(Text)


class SessionRow(Base):
    """A program item. `key` is the parser's stable session id (`model.Session.id`)."""

    __tablename__ = "sessions"
    __table_args__ = (
        UniqueConstraint("conference_id", "key"),
        Index(None, "conference_id", "start_at"),
        Index(None, "conference_id", "day"),
        Index(None, "room_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    conference_id: Mapped[int] = mapped_column(ForeignKey("conferences.id", ondelete="CASCADE"))
    key: Mapped[str] = mapped_column(String(64))
    title: Mapped[str | None] = mapped_column(Text)
    kind: Mapped[SessionKind] = mapped_column(
        Enum(
            SessionKind,
            native_enum=False,
            create_constraint=False,
            length=16,
            values_callable=_enum_values,
        )
    )
    day: Mapped[date | None]
    start_at: Mapped[datetime | None]
    end_at: Mapped[datetime | None]
    room_id: Mapped[int | None] = mapped_column(ForeignKey("rooms.id"))
    track: Mapped[str | None] = mapped_column(Text)
    notes: Mapped[list[str]] = mapped_column(JSON, default=list)
    # Order in the source program; rewritten when sessions are inserted before this one.
    position: Mapped[int]
    line: Mapped[int | None]
    removed_at: Mapped[datetime | None]

    room: Mapped[RoomRow | None] = relationship(lazy="raise")
    papers: Mapped[list[PaperRow]] = relationship(
        lazy="raise",
        order_by="PaperRow.position",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )
    chairings: Mapped[list[ChairingRow]] = relationship(
        lazy="raise",
        order_by="ChairingRow.position",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )


class PaperRow(Base):
    """A contribution of a session, at `position` within it. Looked up by session via the
    unique (session_id, position) index."""

    __tablename__ = "papers"
    __table_args__ = (UniqueConstraint("session_id", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"))
    position: Mapped[int]
    title: Mapped[str] = mapped_column(Text)
    url: Mapped[str | None] = mapped_column(Text)
    start_at: Mapped[datetime | None]
    end_at: Mapped[datetime | None]
    line: Mapped[int | None]

    authorships: Mapped[list[AuthorshipRow]] = relationship(
        lazy="raise",
        order_by="AuthorshipRow.position",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )


class PersonRow(Base):
    """One row per distinct printed name in a conference; affiliations live on the links."""

    __tablename__ = "persons"
    __table_args__ = (
        UniqueConstraint("conference_id", "name"),
        Index(None, "conference_id", "name_folded"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    conference_id: Mapped[int] = mapped_column(ForeignKey("conferences.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(Text)
    name_folded: Mapped[str] = mapped_column(Text)


class AuthorshipRow(Base):
    """An author of a paper at `position`, with the affiliation printed for that paper."""

    __tablename__ = "authorships"
    __table_args__ = (Index(None, "person_id"),)

    paper_id: Mapped[int] = mapped_column(
        ForeignKey("papers.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    person_id: Mapped[int] = mapped_column(ForeignKey("persons.id"))
    affiliation: Mapped[str | None] = mapped_column(Text)

    person: Mapped[PersonRow] = relationship(lazy="raise")


class ChairingRow(Base):
    """A chair of a session at `position`, with the affiliation printed there."""

    __tablename__ = "chairings"
    __table_args__ = (Index(None, "person_id"),)

    session_id: Mapped[int] = mapped_column(
        ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    person_id: Mapped[int] = mapped_column(ForeignKey("persons.id"))
    affiliation: Mapped[str | None] = mapped_column(Text)

    person: Mapped[PersonRow] = relationship(lazy="raise")


class KeyValueRow(Base):
    """A small setting (e.g. the hash of the last command sync), global or per conference.

    NULLs are distinct in unique constraints, so uniqueness is two partial indexes.
    """

    __tablename__ = "key_values"
    __table_args__ = (
        Index(
            "uq_key_values_conference_id_key",
            "conference_id",
            "key",
            unique=True,
            sqlite_where=text("conference_id IS NOT NULL"),
            postgresql_where=text("conference_id IS NOT NULL"),
        ),
        Index(
            "uq_key_values_key_global",
            "key",
            unique=True,
            sqlite_where=text("conference_id IS NULL"),
            postgresql_where=text("conference_id IS NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    conference_id: Mapped[int | None] = mapped_column(
        ForeignKey("conferences.id", ondelete="CASCADE")
    )
    key: Mapped[str] = mapped_column(String(200))
    value: Mapped[str] = mapped_column(Text)


class DeliveryRow(Base):
    """Something to send at `due_at`: a user's reminder, a chair's reminder, an announcement,
    or a notice about a reminder that moved or was cancelled.

    The row is the only record of it: claimed atomically before sending (`state` "claimed" with
    `claimed_by`/`claim_expires_at`), marked after, so a restart neither repeats nor forgets.
    `dedupe_key` makes adding the same thing twice keep one row. `session_id` points at the
    session row, which survives reloads (soft delete), so the reminder can say what happened.
    """

    __tablename__ = "deliveries"
    __table_args__ = (
        UniqueConstraint("conference_id", "dedupe_key"),
        Index(None, "state", "due_at"),
        Index(None, "conference_id", "user_id", "kind"),
        Index(None, "session_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    conference_id: Mapped[int] = mapped_column(ForeignKey("conferences.id", ondelete="CASCADE"))
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="RESTRICT"))
    kind: Mapped[str] = mapped_column(String(16))  # reminder, chair, announcement, notice
    dedupe_key: Mapped[str] = mapped_column(String(200))
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    guild_id: Mapped[int | None] = mapped_column(BigInteger)
    channel_id: Mapped[int | None] = mapped_column(BigInteger)
    role_id: Mapped[int | None] = mapped_column(BigInteger)
    via: Mapped[str] = mapped_column(String(8))  # dm or channel
    minutes_before: Mapped[int] = mapped_column(Integer, default=0)
    due_at: Mapped[datetime]
    not_before: Mapped[datetime | None]  # a retry after a transient failure waits until then
    state: Mapped[str] = mapped_column(String(16), default="pending")
    reason: Mapped[str | None] = mapped_column(Text)
    notice: Mapped[str | None] = mapped_column(String(16))  # for notices: moved or cancelled
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    claimed_by: Mapped[str | None] = mapped_column(String(64))
    claim_expires_at: Mapped[datetime | None]
    delivered_at: Mapped[datetime | None]
    fallback: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class GuildSettingRow(Base):
    """What organisers set for one guild: the announcement channel and chair reminders."""

    __tablename__ = "guild_settings"
    __table_args__ = (UniqueConstraint("conference_id", "guild_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    conference_id: Mapped[int] = mapped_column(ForeignKey("conferences.id", ondelete="CASCADE"))
    guild_id: Mapped[int] = mapped_column(BigInteger)
    announce_channel_id: Mapped[int | None] = mapped_column(BigInteger)
    announce_minutes: Mapped[int] = mapped_column(Integer, default=5)
    announce_role_id: Mapped[int | None] = mapped_column(BigInteger)
    chair_minutes: Mapped[int | None] = mapped_column(Integer)  # None: chair reminders off
    # `/admin burst-post`: a burst above the threshold pings the role in the channel instead
    # of DMing the members who opted in (all three None: off).
    burst_threshold: Mapped[int | None] = mapped_column(Integer)
    burst_channel_id: Mapped[int | None] = mapped_column(BigInteger)
    burst_role_id: Mapped[int | None] = mapped_column(BigInteger)


class RolePingRow(Base):
    """A member who pressed *Ping me in #channel instead* for a session: in a burst above the
    server's threshold they get the role ping, not their DM. It points at the session's row,
    which survives reloads."""

    __tablename__ = "role_pings"
    __table_args__ = (
        UniqueConstraint("conference_id", "guild_id", "session_id", "user_id"),
        Index(None, "session_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    conference_id: Mapped[int] = mapped_column(ForeignKey("conferences.id", ondelete="CASCADE"))
    guild_id: Mapped[int] = mapped_column(BigInteger)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class PersonLinkRow(Base):
    """A person of the program (an author or a chair), by printed name, linked to a guild
    member: by an organiser (`origin` "organiser") or by an approved claim ("claim").
    `reminders` False: the member turned their automatic chair and talk reminders off."""

    __tablename__ = "person_links"
    __table_args__ = (UniqueConstraint("conference_id", "guild_id", "person_name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    conference_id: Mapped[int] = mapped_column(ForeignKey("conferences.id", ondelete="CASCADE"))
    guild_id: Mapped[int] = mapped_column(BigInteger)
    person_name: Mapped[str] = mapped_column(Text)
    user_id: Mapped[int] = mapped_column(BigInteger)
    origin: Mapped[str] = mapped_column(String(16), default="organiser")
    reminders: Mapped[bool] = mapped_column(Boolean, default=True)


class PersonClaimRow(Base):
    """A member's claim to be a person of the program, waiting for (or given) an organiser's
    decision; `state` is pending, approved or rejected."""

    __tablename__ = "person_claims"
    __table_args__ = (Index(None, "conference_id", "guild_id", "user_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    conference_id: Mapped[int] = mapped_column(ForeignKey("conferences.id", ondelete="CASCADE"))
    guild_id: Mapped[int] = mapped_column(BigInteger)
    person_name: Mapped[str] = mapped_column(Text)
    user_id: Mapped[int] = mapped_column(BigInteger)
    state: Mapped[str] = mapped_column(String(16), default="pending")
    requested_at: Mapped[datetime] = mapped_column(default=utcnow)
    decided_by: Mapped[int | None] = mapped_column(BigInteger)
    decided_at: Mapped[datetime | None]


class DmChannelRow(Base):
    """A user's DM channel with the bot, once Discord has told us its id: sending a DM is then
    one request (no user fetch, no opening the channel again), for every process."""

    __tablename__ = "dm_channels"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class GuildBindingRow(Base):
    """The one conference a Discord server answers from (a server has at most one).

    `origin` says who bound it: "config" (the operator's CONFERENCES) or "setup" (the server's
    own organisers, with `/admin setup`). Several servers share a conference only by config.
    """

    __tablename__ = "guild_bindings"
    __table_args__ = (Index(None, "conference_id"),)

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    conference_id: Mapped[int] = mapped_column(ForeignKey("conferences.id", ondelete="CASCADE"))
    origin: Mapped[str] = mapped_column(String(16))
    bound_by: Mapped[int | None] = mapped_column(BigInteger)
    bound_at: Mapped[datetime] = mapped_column(default=utcnow)


class AdminActionRow(Base):
    """One admin action, done or refused: who, in which server, when, what, and the program's
    content hash before and after (equal, or both None, when the program did not change)."""

    __tablename__ = "admin_actions"
    __table_args__ = (Index(None, "guild_id", "at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    guild_id: Mapped[int | None] = mapped_column(BigInteger)
    conference_id: Mapped[int | None] = mapped_column(
        ForeignKey("conferences.id", ondelete="SET NULL")
    )
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    action: Mapped[str] = mapped_column(String(32))
    outcome: Mapped[str] = mapped_column(String(16))  # done, refused, cancelled, failed
    detail: Mapped[str] = mapped_column(Text, default="")
    hash_before: Mapped[str | None] = mapped_column(String(64))
    hash_after: Mapped[str | None] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(default=utcnow)


class ProgramVersionRow(Base):
    """A program as it was before a load replaced it (the JSON of `bot.model.Program`), so a
    rollback can restore it. Only the most recent few are kept."""

    __tablename__ = "program_versions"
    __table_args__ = (Index(None, "conference_id", "saved_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    conference_id: Mapped[int] = mapped_column(ForeignKey("conferences.id", ondelete="CASCADE"))
    program_hash: Mapped[str] = mapped_column(String(64))
    body: Mapped[str] = mapped_column(Text)
    saved_at: Mapped[datetime] = mapped_column(default=utcnow)


class AgendaItemRow(Base):
    """A session a person put on their agenda, and the papers of it they picked.

    It points at the session's row, which survives reloads: a moved session moves the item. A
    session a reload removed drops the item (`dropped_at`); it comes back if the session does.
    """

    __tablename__ = "agenda_items"
    __table_args__ = (
        UniqueConstraint("conference_id", "user_id", "session_id"),
        Index(None, "session_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    conference_id: Mapped[int] = mapped_column(ForeignKey("conferences.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(BigInteger)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"))
    papers: Mapped[list[str]] = mapped_column(JSON, default=list)  # titles, as printed
    added_at: Mapped[datetime] = mapped_column(default=utcnow)
    dropped_at: Mapped[datetime | None]


class AgendaReminderRow(Base):
    """`/remind agenda`: remind this person before every item of their agenda, also later ones."""

    __tablename__ = "agenda_reminders"
    __table_args__ = (UniqueConstraint("conference_id", "user_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    conference_id: Mapped[int] = mapped_column(ForeignKey("conferences.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(BigInteger)
    minutes_before: Mapped[int] = mapped_column(Integer)
    via: Mapped[str] = mapped_column(String(8))
    guild_id: Mapped[int | None] = mapped_column(BigInteger)
    channel_id: Mapped[int | None] = mapped_column(BigInteger)


class SessionMoveRow(Base):
    """How often reloads moved a session (its calendar SEQUENCE, so a re-import takes the new
    time), and the key its calendar UID is made from."""

    __tablename__ = "session_moves"

    session_id: Mapped[int] = mapped_column(
        ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True, autoincrement=False
    )
    moves: Mapped[int] = mapped_column(Integer, default=0)
    # The key it had before a reload gave it a new one (moved to another day): its calendar
    # UID keeps that key, so a re-import updates the event rather than adding a copy.
    first_key: Mapped[str | None] = mapped_column(String(64))


class AgendaNoticeRow(Base):
    """What one reload did to a person's agenda, told in one notice (the delivery it belongs
    to): JSON [{"session": key, "what": "moved"|"dropped"|"restored", "reminders": n}]."""

    __tablename__ = "agenda_notices"

    delivery_id: Mapped[int] = mapped_column(
        ForeignKey("deliveries.id", ondelete="CASCADE"), primary_key=True, autoincrement=False
    )
    body: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)


class ProgramSourceRow(Base):
    """A conference's watched program URL, what its last fetches found, and the lease that
    lets one process at a time fetch it.

    Keyed by the conference's slug rather than its row: a watched URL may be the program's
    first source, configured before the conference exists in the database. `due_at` and the
    lease are on the real clock (fetching takes real time whatever the bot's clock says).
    """

    __tablename__ = "program_sources"

    slug: Mapped[str] = mapped_column(String(100), primary_key=True)
    url: Mapped[str] = mapped_column(Text)
    every_minutes: Mapped[int] = mapped_column(Integer)
    etag: Mapped[str | None] = mapped_column(Text)
    last_modified: Mapped[str | None] = mapped_column(String(64))
    body_hash: Mapped[str | None] = mapped_column(String(64))
    checked_at: Mapped[datetime | None]
    fetched_at: Mapped[datetime | None]
    changed_at: Mapped[datetime | None]
    failure: Mapped[str | None] = mapped_column(Text)
    failed_at: Mapped[datetime | None]
    failure_notified: Mapped[bool] = mapped_column(Boolean, default=False)
    alert_channel_id: Mapped[int | None] = mapped_column(BigInteger)
    due_at: Mapped[datetime | None]
    lease_owner: Mapped[str | None] = mapped_column(String(64))
    lease_expires_at: Mapped[datetime | None]


class SenderRow(Base):
    """A bot process that sends requests on the bot's one token, and its latest heartbeat.

    Processes sharing the database divide the token's request rate between the rows seen
    recently; a row not renewed for a few heartbeats belongs to a process that is gone.
    Times are on the real clock. `refused_at` is the last time the process was refused for
    sending too fast, so that the others slow down too.
    """

    __tablename__ = "senders"

    name: Mapped[str] = mapped_column(String(100), primary_key=True)
    started_at: Mapped[datetime] = mapped_column(default=utcnow)
    seen_at: Mapped[datetime]
    refused_at: Mapped[datetime | None]
