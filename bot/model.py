"""Frozen dataclasses that cross layers.

The parser produces a `Program`; storage persists it and hands model objects back; services
return the answer types below; the Discord layer and the console only render them. Nothing here
imports another layer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from enum import StrEnum

UNTITLED_SESSION = "Untitled session"


class SessionKind(StrEnum):
    """What a program item is; the values are those of `program.schema.json`."""

    PAPERS = "papers"
    KEYNOTE = "keynote"
    BREAK = "break"
    SOCIAL = "social"
    PLENARY = "plenary"
    POSTERS = "posters"
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class Person:
    """A name as printed, with the affiliation printed beside it in this place (or None)."""

    name: str
    affiliation: str | None = None

    @property
    def printed(self) -> str:
        """`Name (Affiliation)`, as programs print a person, or the name alone."""
        return f"{self.name} ({self.affiliation})" if self.affiliation else self.name


@dataclass(frozen=True, slots=True)
class Paper:
    """A contribution: a paper, poster or single talk. Authors keep their printed order."""

    title: str
    authors: tuple[Person, ...] = ()
    url: str | None = None
    start: datetime | None = None
    end: datetime | None = None
    line: int | None = None


@dataclass(frozen=True, slots=True)
class Session:
    """One program item: a paper session, keynote, break, social event...

    `id` is stable across re-parses of the same or an unrelated-edited file. `start`/`end` are
    timezone-aware in the conference zone; `day` is the local date.
    """

    id: str
    title: str | None
    kind: SessionKind
    day: date | None = None
    start: datetime | None = None
    end: datetime | None = None
    room: str | None = None
    track: str | None = None
    chairs: tuple[Person, ...] = ()
    papers: tuple[Paper, ...] = ()
    notes: tuple[str, ...] = ()
    line: int | None = None

    @property
    def shown_title(self) -> str:
        """The title, or what every front end calls a session without one."""
        return self.title or UNTITLED_SESSION


@dataclass(frozen=True, slots=True)
class Conference:
    name: str
    timezone: str
    year: int | None = None
    source: str | None = None


@dataclass(frozen=True, slots=True)
class ParseWarning:
    """A line the parser did not understand or repaired: where, what, and what it did."""

    line: int
    message: str


@dataclass(frozen=True, slots=True)
class LineReading:
    """How the parser read one line of a program text, and how sure it was (0 to 1)."""

    number: int
    text: str
    label: str
    confidence: float
    # The line model's second opinion (None where there is none), and whether it overrules an
    # unsure reading: a reading below 0.85 that the model, at least 0.9 sure, labels otherwise.
    model_label: str | None = None
    model_marginal: float | None = None
    model_disagrees: bool = False


@dataclass(frozen=True, slots=True)
class SessionReading:
    """An item of the parsed program and the mean confidence of the lines it was read from."""

    line: int | None
    title: str | None
    kind: str
    start: str | None
    papers: int
    confidence: float


@dataclass(frozen=True, slots=True)
class Explanation:
    lines: tuple[LineReading, ...]
    sessions: tuple[SessionReading, ...]
    # The lines where the line model disagrees with an unsure reading, as warnings (they are
    # no part of the parse, whose warnings stay the rules' own).
    second_opinions: tuple[ParseWarning, ...] = ()
    # Why the line model gave no second opinion, where it gave none.
    line_model_missing: str | None = None


@dataclass(frozen=True, slots=True)
class Program:
    conference: Conference
    sessions: tuple[Session, ...] = ()
    warnings: tuple[ParseWarning, ...] = field(default=())


class ChangeKind(StrEnum):
    ADDED = "added"
    REMOVED = "removed"
    MOVED = "moved"  # start, end or room changed
    RETITLED = "retitled"
    CHAIRS = "chairs changed"
    PAPERS = "papers changed"
    DETAILS = "details changed"  # kind, track or notes


@dataclass(frozen=True, slots=True)
class SessionChange:
    """One session's difference between the stored program and a reloaded one.

    `before`/`after` are the session as it was and as it is now (None for added/removed). A
    session reconciled across an id change (moved to another day, retitled) has `previous_id`.
    """

    session_id: str
    kinds: tuple[ChangeKind, ...]
    before: Session | None
    after: Session | None
    previous_id: str | None = None


@dataclass(frozen=True, slots=True)
class ChangeReport:
    """What a load did. `first_load` is true when the conference was not stored before."""

    conference: str
    first_load: bool
    changes: tuple[SessionChange, ...] = ()
    unchanged: int = 0

    @property
    def changed(self) -> bool:
        return bool(self.changes)

    def of_kind(self, kind: ChangeKind) -> tuple[SessionChange, ...]:
        return tuple(c for c in self.changes if kind in c.kinds)


# --- answers: what services return and front ends render ------------------------------------


@dataclass(frozen=True, slots=True)
class PaperRef:
    """A paper in its place: the session holding it and its position there."""

    paper: Paper
    session: Session
    index: int


@dataclass(frozen=True, slots=True)
class SessionsAnswer:
    """Sessions that answer a query; `matched_by` says how (title, paper, chair, speaker)."""

    query: str
    sessions: tuple[Session, ...]
    matched_by: str = "title"
    zone: str = "UTC"


@dataclass(frozen=True, slots=True)
class ChairAnswer:
    """Who chairs the sessions a query names, or, for a person, what they chair."""

    query: str
    sessions: tuple[Session, ...]
    person: str | None = None
    zone: str = "UTC"


@dataclass(frozen=True, slots=True)
class PapersAnswer:
    query: str
    papers: tuple[PaperRef, ...]
    zone: str = "UTC"


@dataclass(frozen=True, slots=True)
class PersonAnswer:
    """A person's papers, chairing, printed affiliations and co-authors."""

    query: str
    name: str
    affiliations: tuple[str, ...]
    papers: tuple[PaperRef, ...]
    chairs: tuple[Session, ...]
    coauthors: tuple[str, ...]
    others: tuple[str, ...] = ()  # other people the query could mean
    zone: str = "UTC"


@dataclass(frozen=True, slots=True)
class AffiliationAnswer:
    query: str
    name: str
    variants: tuple[str, ...]
    people: tuple[str, ...]
    papers: tuple[PaperRef, ...]
    others: tuple[str, ...] = ()
    zone: str = "UTC"


@dataclass(frozen=True, slots=True)
class SearchResult:
    kind: str  # "session", "paper", "person", "affiliation"
    label: str
    detail: str
    score: float
    ref: str


@dataclass(frozen=True, slots=True)
class SearchAnswer:
    query: str
    results: tuple[SearchResult, ...]


@dataclass(frozen=True, slots=True)
class TimetableAnswer:
    """`now`, `next` and `schedule`: sessions at or around a moment, or on a day.

    `at` is the moment asked about (aware); `day` the local date for a schedule.
    """

    what: str  # "now", "next", "schedule"
    at: datetime
    sessions: tuple[Session, ...]
    zone: str
    day: date | None = None
    room: str | None = None
    upcoming: tuple[Session, ...] = ()  # for "now": what starts next in each room
    # "before" the first session starts, "after" the last one ended, else "during"
    phase: str = "during"
    first: Session | None = None  # before: the conference's first session


@dataclass(frozen=True, slots=True)
class GridAnswer:
    """`schedule … view:grid`: one day's timed sessions, to be drawn as a timetable picture.

    `rooms` is the column order (the program's); `at` the moment asked at, drawn as a line when
    it falls on `day`.
    """

    conference: str
    day: date
    at: datetime
    zone: str
    rooms: tuple[str, ...]
    sessions: tuple[Session, ...]


@dataclass(frozen=True, slots=True)
class HelpAnswer:
    commands: tuple[tuple[str, str, str], ...]  # (name, usage, description)


# --- reminders, announcements and their deliveries --------------------------------------------


class DeliveryKind(StrEnum):
    REMINDER = "reminder"  # an attendee's own reminder
    CHAIR = "chair"  # a session chair's reminder, from /admin chair-reminders
    SPEAKER = "speaker"  # a linked author's "your talk is in N minutes", same switch
    ANNOUNCEMENT = "announcement"  # a session posted in the guild's announcement channel
    NOTICE = "notice"  # telling a user their reminder moved or was cancelled
    ROLE_PING = "role_ping"  # one post pinging the burst role instead of its opted-in DMs


class DeliveryState(StrEnum):
    PENDING = "pending"
    CLAIMED = "claimed"  # a scheduler is sending it right now
    SENT = "sent"
    LATE = "late"  # sent, but after its time (the bot was down)
    MISSED = "missed"  # fell due while the bot was down and the session is over
    FAILED = "failed"
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class DeliverySpec:
    """A delivery to create, or to keep if one with the same `dedupe_key` for the same
    session exists (the key says who and how; storage adds the session's identity)."""

    kind: DeliveryKind
    dedupe_key: str
    session_id: str
    due_at: datetime
    via: str  # "dm" or "channel"
    user_id: int | None = None
    guild_id: int | None = None
    channel_id: int | None = None
    role_id: int | None = None
    minutes_before: int = 0
    notice: str | None = None


@dataclass(frozen=True, slots=True)
class DeliveryRecord:
    """A stored delivery as users and the scheduler see it."""

    id: int
    kind: DeliveryKind
    session_id: str
    session_removed: bool
    state: DeliveryState
    due_at: datetime
    via: str
    minutes_before: int
    user_id: int | None = None
    guild_id: int | None = None
    channel_id: int | None = None
    role_id: int | None = None
    reason: str | None = None
    notice: str | None = None
    attempts: int = 0
    fallback: str | None = None
    delivered_at: datetime | None = None
    not_before: datetime | None = None
    conference: str = ""  # the slug of the conference it belongs to

    @property
    def nonce(self) -> str:
        """The same for every attempt, so Discord drops a repeat after a crash mid-send."""
        return f"confbot-{self.id}"


@dataclass(frozen=True, slots=True)
class Delivery:
    """What a deliverer is asked to send: the record, the session now, and whether it is late."""

    record: DeliveryRecord
    session: Session
    late: bool = False
    zone: str = "UTC"
    sent_at: datetime | None = None  # the bot's time at sending: "started 5 minutes ago"
    agenda: tuple[AgendaChange, ...] = ()  # an agenda notice: what the reload did


# --- agendas: the sessions a person plans to attend -----------------------------------------


@dataclass(frozen=True, slots=True)
class AgendaItem:
    """A session on someone's agenda, with the papers of it they picked (by their position)."""

    session: Session
    papers: tuple[int, ...] = ()
    dropped: bool = False  # a reload removed its session


@dataclass(frozen=True, slots=True)
class Conflict:
    """Two agenda items that cannot both be attended: "overlap" (at once), or "tight" (less
    than `gap_minutes` apart in different rooms)."""

    first: Session
    second: Session
    kind: str
    gap_minutes: int = 0


@dataclass(frozen=True, slots=True)
class AgendaAnswer:
    """`agenda add|remove|list|clear`: the person's agenda (or the part asked for), what was
    just added or removed, and the conflicts among what is shown.

    `clashes` are the conflicts of the item just added, so the answer can say so at once."""

    what: str  # "added", "removed", "list", "cleared"
    items: tuple[AgendaItem, ...]
    conflicts: tuple[Conflict, ...]
    zone: str = "UTC"
    changed: tuple[AgendaItem, ...] = ()  # added or removed now
    clashes: tuple[Conflict, ...] = ()
    day: date | None = None
    note: str | None = None
    reminder_minutes: int | None = None  # /remind agenda is on, this many minutes before


@dataclass(frozen=True, slots=True)
class AgendaChange:
    """What a reload did to one agenda item: "moved", "dropped" or "restored", and whether a
    reminder of the same session moved or was cancelled with it (told in the same notice)."""

    what: str
    session: Session
    reminders: int = 0


@dataclass(frozen=True, slots=True)
class CalendarFile:
    """An .ics file to attach or print."""

    filename: str
    data: bytes
    events: int


@dataclass(frozen=True, slots=True)
class DeliveryOutcome:
    """How a send went: "sent", "retry" (transient; try again later) or "failed" (permanent)."""

    status: str
    reason: str | None = None
    retry_after: float | None = None
    fallback: str | None = None


@dataclass(frozen=True, slots=True)
class DeliveryMark:
    """How a claimed delivery ended, waiting to be written: a final state, or "pending" again
    with `not_before` (a retry). Kept in the sent-mark journal until the database has it."""

    delivery_id: int
    state: DeliveryState
    reason: str | None = None
    fallback: str | None = None
    not_before: datetime | None = None


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    announce_channel_id: int | None = None
    announce_minutes: int = 5
    announce_role_id: int | None = None
    chair_minutes: int | None = None  # chair and talk reminders of linked people; None: off
    person_links: tuple[PersonLink, ...] = ()
    # `/admin burst-post`: above this many DM reminders due together for one session, members
    # who opted in get one post in this channel pinging this role instead (None: off).
    burst_threshold: int | None = None
    burst_channel_id: int | None = None
    burst_role_id: int | None = None

    @property
    def burst_post(self) -> bool:
        return (
            self.burst_threshold is not None
            and self.burst_channel_id is not None
            and self.burst_role_id is not None
        )

    @property
    def reminded(self) -> tuple[PersonLink, ...]:
        """The linked people who get chair and talk reminders (they did not turn them off)."""
        return tuple(link for link in self.person_links if link.reminders)


@dataclass(frozen=True, slots=True)
class PersonLink:
    """A person of the program, by printed name, linked to a member of one server."""

    name: str
    user_id: int
    origin: str = "organiser"  # or "claim": the member claimed it and an organiser approved
    reminders: bool = True  # False: the member turned their automatic reminders off


@dataclass(frozen=True, slots=True)
class PersonClaim:
    """A member's claim to be a person of the program, and what the organisers decided."""

    id: int
    guild_id: int
    name: str
    user_id: int
    state: str  # pending, approved, rejected
    requested_at: datetime
    decided_by: int | None = None


@dataclass(frozen=True, slots=True)
class MeAnswer:
    """`/me`: what the people linked to a member present and chair."""

    user_id: int
    people: tuple[PersonAnswer, ...]
    reminders: bool  # their automatic chair and talk reminders are on
    reminder_minutes: int | None  # the server's setting; None: organisers have them off
    pending: tuple[str, ...] = ()  # names they claimed, not yet decided
    zone: str = "UTC"


@dataclass(frozen=True, slots=True)
class RemindersAnswer:
    """A user's reminders (for /remind list), or the ones just added or cancelled."""

    what: str  # "added", "list", "cancelled"
    reminders: tuple[tuple[DeliveryRecord, Session], ...]
    zone: str = "UTC"
    kept_existing: int = 0
    warning: str | None = None


@dataclass(frozen=True, slots=True)
class RolePingAnswer:
    """A member's opt-in to a server's burst post for one session: "on" (just asked),
    "already" (asked before: offer the undo), "off" (undone). `keep_role`: after "off", the
    member still opted in for another session of this server, so keeps the role."""

    what: str
    session: Session
    channel_id: int
    role_id: int
    keep_role: bool = False


# --- tenancy: which server answers from which conference, and what organisers did ----------


@dataclass(frozen=True, slots=True)
class Binding:
    """A Discord server bound to a conference; `origin` is "config" or "setup"."""

    guild_id: int
    conference: str  # slug
    origin: str
    bound_by: int | None = None
    bound_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class AdminAction:
    """One entry of the audit trail (`/admin history`)."""

    action: str
    outcome: str  # done, refused, cancelled, failed
    user_id: int | None
    guild_id: int | None
    conference: str | None
    at: datetime
    detail: str = ""
    hash_before: str | None = None
    hash_after: str | None = None


@dataclass(frozen=True, slots=True)
class ProgramSource:
    """A conference's watched program URL, and what the fetches of it found.

    `fetched_at` is the last fetch that succeeded (the page, or "not modified"); `changed_at`
    the last one that changed the program; `failure` why the latest fetch could not be used
    (None once one succeeds again), and `failure_notified` whether the organisers were told.
    """

    slug: str
    url: str
    every_minutes: int
    etag: str | None = None
    last_modified: str | None = None
    body_hash: str | None = None
    checked_at: datetime | None = None
    fetched_at: datetime | None = None
    changed_at: datetime | None = None
    failure: str | None = None
    failed_at: datetime | None = None
    failure_notified: bool = False
    alert_channel_id: int | None = None


@dataclass(frozen=True, slots=True)
class SenderCensus:
    """The processes sending on the bot's behalf, as one of them saw them on its heartbeat.

    `live` counts every process seen within the age-out (this one included); `joined` is True
    when this process's entry was new (its first heartbeat, or it had been aged out), so the
    others have not counted it yet; `peer_refused_at` is the latest time another live process
    was refused for sending too fast (None: never); `at` is when the heartbeat was taken.
    """

    live: int
    joined: bool
    at: datetime
    peer_refused_at: datetime | None = None
