"""Every embed the bot sends, as pure functions of model objects: the Discord twin of
`bot.console`.

Builders only: what each answer, notice and reminder says. How it is cut into pages that fit
Discord's limits is `bot.discord_ui.layout`.

Program text is data: it is escaped with `escape_markdown`, and the bot sends everything with
`AllowedMentions.none()`, so nothing in a program can format a reply or ping anyone. Times are
shown twice: the conference's local time in words ("Wed 2 Apr 14:00–15:40 CEST") and a Discord
timestamp that each reader sees in their own zone (`<t:UNIX:F>`, `<t:UNIX:R>`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

import discord
from discord.utils import format_dt

from bot.discord_ui.layout import (
    ADMIN,
    DESCRIPTION_MAX,
    ERROR,
    INFO,
    NOW,
    PAGE_TEXT,
    TITLE_MAX,
    URL_MAX,
    WARNING,
    Item,
    Page,
    esc,
    one_message,
    paginate,
    shorten,
    single,
)
from bot.errors import NotFoundError, UserError
from bot.model import (
    AffiliationAnswer,
    AgendaAnswer,
    AgendaChange,
    AgendaItem,
    CalendarFile,
    ChairAnswer,
    ChangeKind,
    ChangeReport,
    Conflict,
    Delivery,
    DeliveryKind,
    DeliveryRecord,
    DeliveryState,
    GridAnswer,
    GuildSettings,
    HelpAnswer,
    MeAnswer,
    PaperRef,
    PapersAnswer,
    ParseWarning,
    Person,
    PersonAnswer,
    PersonClaim,
    ProgramSource,
    RemindersAnswer,
    RolePingAnswer,
    SearchAnswer,
    Session,
    SessionChange,
    SessionKind,
    SessionsAnswer,
    TimetableAnswer,
)
from bot.services.commands import Answer
from bot.services.programs import LoadResult, Status
from bot.services.watch import SourceAlert
from bot.timelabels import clock, day_clock, long_day, short_day, weekday_clock

WARNINGS_SHOWN = 5
SUGGESTIONS_SHOWN = 5


def plural(count: int, word: str, many: str | None = None) -> str:
    return f"{count} {word if count == 1 else (many or word + 's')}"


# --- times ------------------------------------------------------------------------------------


def local_span(start: datetime, end: datetime | None, zone: str) -> str:
    """The conference's own time, with its zone: "Wed 2 Apr 14:00–15:40 CEST"."""
    tz = ZoneInfo(zone)
    begin = start.astimezone(tz)
    text = day_clock(begin)
    if end is not None:
        finish = end.astimezone(tz)
        same_day = finish.date() == begin.date()
        text += f"–{clock(finish)}" if same_day else f"–{day_clock(finish)}"
    return f"{text} {begin.tzname() or ''}".rstrip()


def clock_range(session: Session, zone: str) -> str:
    """The times in the conference zone, "14:00–15:40" (for lists within one day)."""
    if session.start is None:
        return "--:--"
    tz = ZoneInfo(zone)
    text = clock(session.start.astimezone(tz))
    if session.end is not None:
        text += f"–{clock(session.end.astimezone(tz))}"
    return text


def when_lines(start: datetime | None, end: datetime | None, day: date | None, zone: str) -> str:
    """The time in the conference's zone, then in the reader's own (Discord timestamps)."""
    if start is None:
        return f"**When:** {short_day(day)}, time not given" if day else "**When:** not given"
    return (
        f"**When:** {local_span(start, end, zone)}\n"
        f"**Your time:** {format_dt(start, 'F')} ({format_dt(start, 'R')})"
    )


# --- people and places ------------------------------------------------------------------------


def people_text(persons: Sequence[Person]) -> str:
    """Names with affiliations, consecutive colleagues grouped: "A, B (X); C (Y)"."""
    if not any(p.affiliation for p in persons):
        return ", ".join(esc(p.name) for p in persons)
    groups: list[tuple[list[str], str | None]] = []
    for person in persons:
        if groups and person.affiliation and groups[-1][1] == person.affiliation:
            groups[-1][0].append(person.name)
        else:
            groups.append(([person.name], person.affiliation))
    return "; ".join(
        ", ".join(esc(name) for name in names) + (f" ({esc(where)})" if where else "")
        for names, where in groups
    )


def chair_line(session: Session) -> str:
    if not session.chairs:
        return "**Chair:** none listed"
    label = "Chair" if len(session.chairs) == 1 else "Chairs"
    return f"**{label}:** {people_text(session.chairs)}"


def _kind_label(session: Session) -> str | None:
    if session.kind in (SessionKind.PAPERS, SessionKind.OTHER):
        return None
    return session.kind.value.capitalize()


def _web_url(url: str | None) -> str | None:
    """A link Discord accepts as an embed URL, or None."""
    if not url or len(url) > URL_MAX or any(ch.isspace() for ch in url):
        return None
    parts = urlsplit(url)
    return url if parts.scheme in ("http", "https") and parts.netloc else None


# --- answers ----------------------------------------------------------------------------------


def render(answer: Answer) -> list[Page]:  # noqa: PLR0911 (a table: one builder per answer type)
    """Any answer of `CommandRunner.run` as pages."""
    match answer:
        case SessionsAnswer():
            return paginate(sessions_items(answer))
        case ChairAnswer():
            return paginate(chair_items(answer))
        case PapersAnswer():
            return paginate(paper_item(ref, answer.zone) for ref in answer.papers)
        case PersonAnswer():
            return paginate([person_item(answer)])
        case AffiliationAnswer():
            return paginate([affiliation_item(answer)])
        case SearchAnswer():
            return paginate([search_item(answer)])
        case TimetableAnswer():
            return paginate([timetable_item(answer)])
        case HelpAnswer():
            return paginate([help_item(answer)])
        case GridAnswer():
            raise TypeError("a timetable picture is attached, not paged (see grid_page)")
    raise TypeError(f"no rendering for {type(answer).__name__}")  # pragma: no cover


def session_header(session: Session, zone: str) -> str:
    lines = [when_lines(session.start, session.end, session.day, zone)]
    if session.room:
        lines.append(f"**Room:** {esc(session.room)}")
    if session.track:
        lines.append(f"**Track:** {esc(session.track)}")
    if session.chairs or session.kind is SessionKind.PAPERS:
        lines.append(chair_line(session))
    return "\n".join(lines)


def paper_entry(number: int, paper_title: str, authors: Sequence[Person], at: str = "") -> str:
    head = f"**{number}. {esc(paper_title)}**"
    if at:
        head = f"`{at}` {head}"
    return f"{head}\n{people_text(authors)}" if authors else head


def session_item(session: Session, zone: str, footer: str | None = None) -> Item:
    tz = ZoneInfo(zone)
    blocks = [session_header(session, zone)]
    kind = _kind_label(session)
    if kind:
        blocks[0] = f"*{kind}*\n{blocks[0]}"
    blocks += [esc(note) for note in session.notes if note.strip()]
    for number, paper in enumerate(session.papers, start=1):
        at = clock(paper.start.astimezone(tz)) if paper.start else ""
        entry = paper_entry(number, paper.title, paper.authors, at)
        if number == 1:
            entry = f"__{plural(len(session.papers), 'paper')}__\n{entry}"
        blocks.append(entry)
    return Item(session.shown_title, blocks, footer=footer)


def sessions_items(answer: SessionsAnswer) -> list[Item]:
    count = len(answer.sessions)
    items = []
    for number, session in enumerate(answer.sessions, start=1):
        notes = []
        if answer.matched_by != "title":
            notes.append(f"Found by {answer.matched_by}")
        if count > 1:
            notes.append(f"Match {number} of {count}")
        items.append(session_item(session, answer.zone, " · ".join(notes) or None))
    return items


def session_brief(session: Session, zone: str) -> str:
    """A session in a list: title, local time and room, then its time for the reader."""
    where = f" · {esc(session.room)}" if session.room else ""
    if session.start is None:
        when = short_day(session.day) if session.day else "time not given"
        return f"**{esc(session.shown_title)}**\n{when}{where}"
    return (
        f"**{esc(session.shown_title)}**\n"
        f"{local_span(session.start, session.end, zone)}{where}\n"
        f"{format_dt(session.start, 'F')} ({format_dt(session.start, 'R')})"
    )


def chair_items(answer: ChairAnswer) -> list[Item]:
    if answer.person is not None:
        title = f"Sessions chaired by {answer.person}"
        if not answer.sessions:
            return [Item(title, [f"{esc(answer.person)} chairs no session."])]
        return [Item(title, [session_brief(s, answer.zone) for s in answer.sessions])]
    items = []
    for session in answer.sessions:
        blocks = [session_header(session, answer.zone)]
        if session.papers:
            blocks.append(plural(len(session.papers), "paper"))
        if not session.chairs:
            blocks[0] += "\nNo chair is listed for this session."
        items.append(Item(session.shown_title, blocks))
    return items


def paper_item(ref: PaperRef, zone: str) -> Item:
    paper, session = ref.paper, ref.session
    blocks = []
    if paper.authors:
        blocks.append(f"**Authors ({len(paper.authors)}):** {people_text(paper.authors)}")
    place = [f"**Session:** {esc(session.shown_title)}"]
    if paper.start is not None:
        place.append(when_lines(paper.start, paper.end, session.day, zone))
        if session.start is not None:
            place.append(f"*in the session {local_span(session.start, session.end, zone)}*")
    else:
        place.append(when_lines(session.start, session.end, session.day, zone))
    if session.room:
        place.append(f"**Room:** {esc(session.room)}")
    if session.chairs:
        place.append(chair_line(session))
    blocks.append("\n".join(place))
    return Item(paper.title, blocks, url=_web_url(paper.url))


def paper_brief(ref: PaperRef, zone: str) -> str:
    session = ref.session
    start = ref.paper.start or session.start
    where = f" · {esc(session.room)}" if session.room else ""
    head = f"**{esc(ref.paper.title)}**\n{esc(session.shown_title)}"
    if start is None:
        when = short_day(session.day) if session.day else "time not given"
        return f"{head}\n{when}{where}"
    end = ref.paper.end if ref.paper.start else session.end
    return f"{head}\n{local_span(start, end, zone)}{where} · {format_dt(start, 'R')}"


def _with_heading(heading: str, entries: Sequence[str]) -> list[str]:
    """Entries as blocks, the heading kept with the first so it never ends a page."""
    if not entries:
        return []
    return [f"__{heading}__\n{entries[0]}", *entries[1:]]


def person_item(answer: PersonAnswer) -> Item:
    blocks = []
    if answer.affiliations:
        blocks.append(f"**Affiliation:** {'; '.join(esc(a) for a in answer.affiliations)}")
    blocks += _with_heading(
        f"Presents {plural(len(answer.papers), 'paper')}",
        [paper_brief(ref, answer.zone) for ref in answer.papers],
    )
    blocks += _with_heading(
        f"Chairs {plural(len(answer.chairs), 'session')}",
        [session_brief(s, answer.zone) for s in answer.chairs],
    )
    if not answer.papers and not answer.chairs:
        blocks.append("Neither presents nor chairs anything in this program.")
    if answer.coauthors:
        names = ", ".join(esc(name) for name in answer.coauthors)
        blocks.append(f"**Co-authors ({len(answer.coauthors)}):** {names}")
    if answer.others:
        blocks.append(f"**Someone else?** {'; '.join(esc(o) for o in answer.others)}")
    return Item(answer.name, blocks)


def affiliation_item(answer: AffiliationAnswer) -> Item:
    blocks = []
    if len(answer.variants) > 1:
        blocks.append(f"**Printed as:** {'; '.join(esc(v) for v in answer.variants)}")
    if answer.people:
        names = ", ".join(esc(name) for name in answer.people)
        blocks.append(f"**People ({len(answer.people)}):** {names}")
    blocks += _with_heading(
        plural(len(answer.papers), "paper"),
        [paper_brief(ref, answer.zone) for ref in answer.papers],
    )
    if answer.others:
        blocks.append(f"**Also matching:** {'; '.join(esc(o) for o in answer.others)}")
    return Item(answer.name, blocks)


def search_item(answer: SearchAnswer) -> Item:
    blocks = []
    for result in answer.results:
        detail = f" · {esc(result.detail)}" if result.detail else ""
        blocks.append(f"**{esc(result.label)}**\n{result.kind.capitalize()}{detail}")
    return Item(f"Results for “{answer.query}”", blocks)


def _timetable_line(session: Session, zone: str, *, relative_to_end: bool = False) -> str:
    where = f" · {esc(session.room)}" if session.room else ""
    line = f"`{clock_range(session, zone)}` **{esc(session.shown_title)}**{where}"
    if session.start is not None:
        moment = session.end if relative_to_end and session.end else session.start
        verb = "ends" if relative_to_end and session.end else "starts"
        line += f"\n{verb} {format_dt(moment, 'R')}"
    return line


def _next_line(session: Session, zone: str) -> str:
    assert session.start is not None
    tz = ZoneInfo(zone)
    start = session.start.astimezone(tz)
    where = f" · {esc(session.room)}" if session.room else ""
    return (
        f"`{weekday_clock(start)}` **{esc(session.shown_title)}**{where}\n"
        f"starts {format_dt(session.start, 'R')}"
    )


def timetable_item(answer: TimetableAnswer) -> Item:
    tz = ZoneInfo(answer.zone)
    at = answer.at.astimezone(tz)
    moment = day_clock(at, zone_name=True)
    room = f" in {answer.room}" if answer.room else ""
    if answer.what == "schedule":
        day = answer.day or at.date()
        title = f"Schedule for {long_day(day, year=True)}{room}"
        lines = [_timetable_line(s, answer.zone) for s in answer.sessions]
        return Item(title, lines or ["Nothing is scheduled."])
    if answer.phase == "after":
        return Item(
            "The conference is over",
            [f"The last session ended before {moment}: nothing more is on. Thank you for coming!"],
            colour=NOW,
        )
    if answer.phase == "before" and answer.first is not None:
        first = answer.first
        assert first.start is not None
        blocks = [
            f"The conference has not started yet. It starts "
            f"{format_dt(first.start, 'F')} ({format_dt(first.start, 'R')}).",
            _with_heading("First", [_next_line(first, answer.zone)])[0],
        ]
        if answer.room:
            shown = answer.upcoming if answer.what == "now" else answer.sessions
            blocks += _with_heading(
                f"First in {answer.room}", [_next_line(s, answer.zone) for s in shown]
            )
        return Item("Not started yet", blocks, colour=NOW)
    if answer.what == "now":
        running = [_timetable_line(s, answer.zone, relative_to_end=True) for s in answer.sessions]
        blocks = _with_heading(f"On now ({moment})", running) or [
            f"Nothing is running at {moment}."
        ]
        blocks += _with_heading("Next", [_next_line(s, answer.zone) for s in answer.upcoming])
        return Item(f"Now{room}", blocks, colour=NOW)
    upcoming = [_next_line(s, answer.zone) for s in answer.sessions]
    return Item(
        f"Starting next{room}",
        _with_heading(f"After {moment}", upcoming) or ["Nothing more is scheduled."],
        colour=NOW,
    )


# --- agendas ---------------------------------------------------------------------------------


def conflict_text(conflict: Conflict, other: Session) -> str:
    """What an item clashes with, in a few words."""
    room = f" ({esc(other.room)})" if other.room else ""
    if conflict.kind == "overlap":
        return f"⚠️ overlaps **{esc(other.shown_title)}**{room}"
    return f"⚠️ only {conflict.gap_minutes} min to get to **{esc(other.shown_title)}**{room}"


def clashes_of(session: Session, conflicts: Sequence[Conflict]) -> list[tuple[Conflict, Session]]:
    """The conflicts `session` is part of, each with the other session."""
    out = []
    for c in conflicts:
        if c.first.id == session.id:
            out.append((c, c.second))
        elif c.second.id == session.id:
            out.append((c, c.first))
    return out


def agenda_entry(item: AgendaItem, zone: str, conflicts: Sequence[Conflict]) -> str:
    session = item.session
    where = f" · {esc(session.room)}" if session.room else ""
    lines = [f"`{clock_range(session, zone)}` **{esc(session.shown_title)}**{where}"]
    if item.dropped:
        lines.append("*removed from the program*")
    lines += [conflict_text(c, other) for c, other in clashes_of(session, conflicts)]
    lines += [f"★ {esc(session.papers[i].title)}" for i in item.papers]
    return "\n".join(lines)


def agenda_pages(answer: AgendaAnswer) -> list[Page]:
    """`/agenda …`: what was just done, then the agenda day by day, conflicts marked."""
    blocks: list[str] = []
    changed = ", ".join(f"**{esc(i.session.shown_title)}**" for i in answer.changed)
    title = "Your agenda"
    if answer.what == "added":
        title = "Added to your agenda"
        [added] = answer.changed
        lead = changed
        if added.session.start is not None:
            lead += f"\n{format_dt(added.session.start, 'F')}"
        if answer.note:
            lead += f"\n{esc(answer.note)}"
        for conflict, other in clashes_of(added.session, answer.clashes):
            lead += f"\n{conflict_text(conflict, other)}"
        blocks.append(lead)
    elif answer.what == "removed":
        title = "Taken off your agenda"
        blocks.append(changed)
    elif answer.what == "cleared":
        return paginate(
            [Item("Agenda cleared", [f"{plural(len(answer.changed), 'session')} taken off."])]
        )
    if answer.reminder_minutes is not None:
        blocks.append(f"🔔 Each item is reminded {answer.reminder_minutes} min before.")
    if not answer.items:
        where = f" on {long_day(answer.day)}" if answer.day else ""
        blocks.append(
            f"Nothing on your agenda{where}. Add sessions with `/agenda add session` or "
            "`/agenda add paper`, or with the *Add to my agenda* button under a session."
        )
        return paginate([Item(title, blocks, colour=NOW)])
    count = len(answer.conflicts)
    summary = plural(len(answer.items), "session")
    if count:
        summary += f", {plural(count, 'conflict')}"
    blocks.append(f"__{summary}__")
    day: date | None = None
    for item in answer.items:
        entry = agenda_entry(item, answer.zone, answer.conflicts)
        if item.session.day is not None and item.session.day != day:
            day = item.session.day
            entry = f"__{long_day(day)}__\n{entry}"
        blocks.append(entry)
    return paginate([Item(title, blocks, colour=NOW)])


def calendar_text(calendar: CalendarFile) -> str:
    """The message an .ics file is attached to."""
    return (
        f"{plural(calendar.events, 'session')} in `{calendar.filename}`. Import it into your "
        "calendar app; importing a newer file updates these events rather than adding copies."
    )


def agenda_targets(answer: Answer) -> list[tuple[str, str]]:
    """What an answer's *Add to my agenda* buttons add: (ref, title) of each session or paper
    it shows (`session:ID` or `paper:ID#N`)."""
    match answer:
        case SessionsAnswer():
            return [(f"session:{s.id}", s.shown_title) for s in answer.sessions]
        case ChairAnswer() if answer.person is None:
            return [(f"session:{s.id}", s.shown_title) for s in answer.sessions]
        case PapersAnswer():
            return [
                (f"paper:{ref.session.id}#{ref.index}", ref.paper.title) for ref in answer.papers
            ]
    return []


def agenda_notice_blocks(changes: Sequence[AgendaChange], zone: str) -> list[str]:
    """An agenda notice: each item a reload moved, dropped or brought back."""
    labels = {
        "moved": "Moved (your agenda and any reminders for it follow)",
        "dropped": "Removed from the program (off your agenda; any reminders for it cancelled)",
        "restored": "Back in the program (back on your agenda)",
    }
    blocks = ["The program was updated. What changed on your agenda:"]
    for change in changes:
        label = labels.get(change.what, change.what)
        blocks.append(f"*{label}*\n{session_brief(change.session, zone)}")
    return blocks


# --- timetable pictures ------------------------------------------------------------------------


def grid_filename(answer: GridAnswer, part: int, parts: int) -> str:
    """The attachment's name: `timetable-2025-04-02.png`, `…-2.png` for a second part."""
    suffix = f"-{part}" if parts > 1 and part > 1 else ""
    return f"timetable-{answer.day.isoformat()}{suffix}.png"


def grid_page(answer: GridAnswer, parts: Sequence[tuple[str, Sequence[str]]]) -> Page:
    """One embed per timetable picture, each showing its attachment (`attachment://name`);
    `parts` is (file name, rooms drawn) per picture."""
    zone = answer.at.astimezone(ZoneInfo(answer.zone)).tzname() or answer.zone
    title = f"Timetable for {long_day(answer.day, year=True)}"
    page = []
    for number, (filename, rooms) in enumerate(parts, start=1):
        part = f" ({number} of {len(parts)})" if len(parts) > 1 else ""
        shown = ", ".join(esc(r) for r in rooms if r) or "one room"
        embed = discord.Embed(
            title=shorten(f"{title}{part}", TITLE_MAX),
            description=shorten(f"Times in {zone}. Rooms: {shown}.", DESCRIPTION_MAX),
            colour=INFO,
        )
        embed.set_image(url=f"attachment://{filename}")
        page.append(embed)
    return tuple(page)


def help_item(answer: HelpAnswer) -> Item:
    return Item(
        "Commands",
        [f"`/{esc(usage)}`\n{esc(description)}" for _, usage, description in answer.commands],
    )


# --- admin ------------------------------------------------------------------------------------


def change_line(change: SessionChange, zone: str) -> str:
    current = change.after or change.before
    assert current is not None
    kinds = ", ".join(k.value for k in change.kinds)
    line = f"**{kinds.capitalize()}:** {esc(current.shown_title)}"
    before, after = change.before, change.after
    if ChangeKind.MOVED in change.kinds and before and after:
        old, new = _place(before, zone), _place(after, zone)
        line += f"\n{old} → {new}"
    if ChangeKind.RETITLED in change.kinds and before and after:
        line += f"\nwas “{esc(before.shown_title)}”"
    return line


def _place(session: Session, zone: str) -> str:
    when = (
        local_span(session.start, session.end, zone)
        if session.start
        else (short_day(session.day) if session.day else "no time")
    )
    return f"{when}, {esc(session.room)}" if session.room else when


# --- the change announcement (a reload, told in the announcement channel) --------------------

ANNOUNCED_KINDS = (ChangeKind.ADDED, ChangeKind.REMOVED, ChangeKind.MOVED, ChangeKind.RETITLED)
NO_ROOM = "room not given"
NO_TIME = "time not given"


def explicit_when(session: Session, zone: str) -> str:
    """The date written out, never the reader's locale: "Wednesday 2 April 2025, 10:00–11:20
    CEST" (in the conference's zone; a span past midnight names both days)."""
    if session.start is None:
        return long_day(session.day, year=True) + f", {NO_TIME}" if session.day else NO_TIME
    tz = ZoneInfo(zone)
    begin = session.start.astimezone(tz)
    text = f"{long_day(begin.date(), year=True)}, {clock(begin)}"
    if session.end is not None:
        finish = session.end.astimezone(tz)
        if finish.date() == begin.date():
            text += f"–{clock(finish)}"
        else:
            text += f" – {long_day(finish.date(), year=True)}, {clock(finish)}"
    return f"{text} {begin.tzname() or ''}".rstrip()


def _room(session: Session) -> str:
    return f"Room {esc(session.room)}" if session.room else NO_ROOM.capitalize()


def _timing(session: Session) -> tuple[object, object, object]:
    return (session.start, session.end, session.day)


def change_notice(change: SessionChange, zone: str) -> str | None:
    """One session's change for attendees, always with its title, time and room; None for a
    change they need not hear of (chairs, papers, details)."""
    before, after = change.before, change.after
    kinds = set(change.kinds)
    if ChangeKind.ADDED in kinds and after is not None:
        return (
            f"🆕 **New:** {esc(after.shown_title)}\n{explicit_when(after, zone)} · {_room(after)}"
        )
    if ChangeKind.REMOVED in kinds and before is not None:
        return (
            f"❌ **Cancelled:** {esc(before.shown_title)}\n"
            f"~~{explicit_when(before, zone)} · {_room(before)}~~"
        )
    if before is None or after is None or not kinds & set(ANNOUNCED_KINDS):
        return None
    what: list[str] = []
    lines: list[str] = []
    time_changed = _timing(before) != _timing(after)
    room_changed = before.room != after.room
    if time_changed:
        what.append("time changed")
        lines.append(f"{explicit_when(before, zone)} → {explicit_when(after, zone)}")
    else:
        lines.append(explicit_when(after, zone))
    if room_changed:
        what.append("room changed")
        old = esc(before.room) if before.room else NO_ROOM
        new = esc(after.room) if after.room else NO_ROOM
        lines.append(f"Room {old} → {new}")
    else:
        lines.append(_room(after))
    if ChangeKind.RETITLED in kinds:
        what.append("retitled")
        lines.append(f"was “{esc(before.shown_title)}”")
    if not what:
        return None
    heading = ", ".join(what).capitalize()
    return f"🔁 **{heading}:** {esc(after.shown_title)}\n" + "\n".join(lines)


def change_announcement(
    report: ChangeReport, conference: str, zone: str
) -> list[discord.Embed] | None:
    """The one message a reload posts in the announcement channel: new, cancelled, moved and
    retitled sessions; None when nothing attendees need to hear of changed (or on a first
    load, which is no change)."""
    if report.first_load:
        return None
    entries = [e for c in report.changes if (e := change_notice(c, zone)) is not None]
    if not entries:
        return None
    shown: list[str] = []
    used = 0
    for entry in entries:
        if used + len(entry) > ANNOUNCEMENT_TEXT:
            break
        shown.append(entry)
        used += len(entry) + 2
    if len(shown) < len(entries):
        shown.append(
            f"…and {plural(len(entries) - len(shown), 'more change')}: `/schedule` shows the "
            "program as it is now."
        )
    title = f"Program changes: {conference}"
    lead = f"{plural(len(entries), 'session')} changed in the program."
    return one_message(Item(title, [lead, *shown], colour=WARNING))


ANNOUNCEMENT_TEXT = PAGE_TEXT - 200
"""Characters of changes one announcement lists: one embed (a channel message cannot page),
with room for the lead line and the "and N more" line."""


def source_alert(alert: SourceAlert, every_minutes: int) -> list[discord.Embed]:
    """Told once to the organisers: the watched program URL stopped working, or works again."""
    url = esc(alert.source.url)
    if alert.problem is None:
        blocks = [f"The program at {url} can be read again; the bot follows it as before."]
        return one_message(Item("Program source works again", blocks, colour=ADMIN))
    blocks = [
        esc(alert.problem),
        f"The program loaded before stays. The bot keeps checking {url} every "
        f"{every_minutes} min and says here when it works again; `/admin status` shows the "
        "latest.",
    ]
    return one_message(Item("Program source problem", blocks, colour=ERROR))


def source_page(source: ProgramSource, what: str) -> Page:
    """What `/admin source` now does."""
    lines = [what, f"**Source:** {esc(source.url)}, every {source.every_minutes} min"]
    if source.alert_channel_id is not None:
        lines.append(f"**Problems are told in:** <#{source.alert_channel_id}>")
    else:
        lines.append("**Problems are told in:** `/admin status` only")
    return single(Item("Program source", lines, colour=ADMIN))


def source_fields(source: ProgramSource | None) -> list[tuple[str, str]]:
    """The status lines of a watched program URL: the source, last fetch and change, a problem."""
    if source is None:
        return []

    def at(moment: datetime | None) -> str:
        return format_dt(moment, "f") if moment is not None else "never"

    fields = [
        ("Source", f"{esc(source.url)} (every {source.every_minutes} min)"),
        ("Last successful fetch", at(source.fetched_at)),
        ("Last change", at(source.changed_at)),
    ]
    if source.failure:
        since = f" (since {at(source.failed_at)})" if source.failed_at else ""
        fields.append(("⚠️ Problem", f"{esc(source.failure)}{since}"))
    return fields


def warnings_block(warnings: Sequence[ParseWarning], source: str | None) -> str:
    """Parse warnings summarised: how many, the first few with their lines."""
    where = esc(source or "the program")
    lines = [f"⚠️ **{plural(len(warnings), 'parse warning')}** in {where}:"]
    for warning in warnings[:WARNINGS_SHOWN]:
        lines.append(f"line {warning.line}: {esc(warning.message)}")
    if len(warnings) > WARNINGS_SHOWN:
        lines.append(
            f"…and {len(warnings) - WARNINGS_SHOWN} more "
            "(`python -m bot parse FILE` lists them all)."
        )
    return "\n".join(lines)


def reload_pages(result: LoadResult, conference: str, zone: str) -> list[Page]:
    """What an `/admin reload` did: the change report, and the parse warnings in brief.

    `conference` is the program's name (the report knows only the slug).
    """
    report = result.report
    added = len(report.of_kind(ChangeKind.ADDED))
    if report.first_load:
        title = f"Loaded {conference}"
        blocks = [f"{plural(added, 'session')} loaded."]
    elif not report.changes:
        title = f"No changes to {conference}"
        blocks = [f"The program is as loaded ({plural(report.unchanged, 'session')})."]
    else:
        title = f"Reloaded {conference}"
        blocks = [
            f"{plural(len(report.changes), 'session')} changed, {report.unchanged} unchanged."
        ]
        blocks += [change_line(change, zone) for change in report.changes]
    if result.warnings:
        blocks.append(warnings_block(result.warnings, result.source))
    colour = WARNING if result.warnings else ADMIN
    return paginate([Item(title, blocks, colour=colour)])


def reload_failed_page(error: UserError) -> Page:
    return single(
        Item(
            "Reload failed: the program loaded before stays",
            [esc(str(error)), "Fix the file and run `/admin reload` again."],
            colour=ERROR,
        )
    )


def duration_text(seconds: float) -> str:
    minutes, _ = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 24)
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min" if minutes else f"{int(seconds)} s"


def status_page(status: Status) -> Page:
    counts = ", ".join(f"{value} {name}" for name, value in status.counts.items()) or "-"
    loaded = f"{format_dt(status.loaded_at, 'f')}" if status.loaded_at else "never"
    fields = [
        ("Conference", f"{esc(status.conference)} (`{status.slug}`, {esc(status.timezone)})"),
        ("Program", counts),
        ("Loaded", loaded),
        ("Database", esc(status.database) or "-"),
        ("Uptime", duration_text(status.uptime_seconds)),
        ("Version", esc(status.version) or "-"),
    ]
    return single(Item("Status", [], colour=ADMIN, fields=fields))


def sync_failed_page(reason: str) -> Page:
    """Discord refused a sync; its reason names what to fix (a missing scope, for one)."""
    blocks = [esc(reason), "Is the bot invited with the `applications.commands` scope?"]
    return single(Item("Discord refused the sync", blocks, colour=ERROR))


def sync_page(scope: str, names: Sequence[str]) -> Page:
    listed = ", ".join(f"`/{esc(n)}`" for n in names) or "none"
    return single(Item(f"Synced {plural(len(names), 'command')} {scope}", [listed], colour=ADMIN))


# --- errors and notices -------------------------------------------------------------------------

REFUSAL = "Only organisers (members with the Manage Server permission) can use this command."
INTERNAL_ERROR = "Something went wrong on our side; the organisers can see the details in the log."
NOT_AVAILABLE = "This command is not available right now; please try again in a minute."
PAGES_EXPIRED = "These pages have expired: run the command again to page through them."


def error_page(error: UserError) -> Page:
    """A user's mistake (or a query that found nothing), with the closest names if any."""
    blocks = [esc(str(error))]
    if isinstance(error, NotFoundError) and error.suggestions:
        shown = error.suggestions[:SUGGESTIONS_SHOWN]
        blocks.append("**Did you mean**\n" + "\n".join(f"• {esc(s)}" for s in shown))
    if isinstance(error, NotFoundError):
        return single(Item("Not found", blocks, colour=WARNING))
    return single(Item("Sorry", blocks, colour=ERROR))


def notice_page(text: str, colour: discord.Colour = ERROR) -> Page:
    """A short fixed message: a refusal, an internal error, expired pages."""
    return (discord.Embed(description=shorten(text, DESCRIPTION_MAX), colour=colour),)


def only_owner_text(owner_id: int) -> str:
    """Said (ephemerally) to someone pressing another person's page buttons."""
    return f"Only <@{owner_id}> can turn these pages. Run the command yourself to get your own."


# --- reminders, announcements, notices --------------------------------------------------------

_STATE_LABEL = {
    DeliveryState.PENDING: "pending",
    DeliveryState.CLAIMED: "sending",
    DeliveryState.SENT: "sent",
    DeliveryState.LATE: "sent late",
    DeliveryState.MISSED: "missed",
    DeliveryState.FAILED: "failed",
    DeliveryState.CANCELLED: "cancelled",
}


def reminder_entry(record: DeliveryRecord, session: Session, zone: str) -> str:
    """One reminder in a list: number, session, when it fires, where, and its state."""
    where = "by DM" if record.via == "dm" else "in the channel"
    state = _STATE_LABEL[record.state]
    if record.reason and record.state in (
        DeliveryState.FAILED,
        DeliveryState.CANCELLED,
        DeliveryState.MISSED,
        DeliveryState.LATE,
    ):
        state += f": {esc(record.reason)}"
    if record.fallback:
        state += f" ({esc(record.fallback)})"
    fires = f"{format_dt(record.due_at, 'F')} ({format_dt(record.due_at, 'R')})"
    return (
        f"**#{record.id} {esc(session.shown_title)}**\n"
        f"{record.minutes_before} min before, {where} · fires {fires}\n*{state}*"
    )


def reminders_pages(answer: RemindersAnswer) -> list[Page]:
    """`/remind …`: what was added, the user's reminders, or what was cancelled."""
    entries = [reminder_entry(r, s, answer.zone) for r, s in answer.reminders]
    if answer.what == "added":
        title = f"Reminder set for {plural(len(entries), 'session')}"
        if answer.kept_existing:
            entries.insert(
                0,
                f"{plural(answer.kept_existing, 'reminder')} you already had "
                "were kept as they were.",
            )
    elif answer.what == "cancelled":
        title = f"Cancelled {plural(len(entries), 'reminder')}"
    else:
        title = "Your reminders"
        if not entries:
            entries = ["You have no reminders. Set one with `/remind session`."]
    if answer.warning:
        entries.append(f"⚠️ {esc(answer.warning)}")
    return paginate([Item(title, entries, colour=NOW)])


def notice_embeds(delivery: Delivery) -> list[discord.Embed]:
    """A notice: what a reload did to a person's agenda, or to their reminders of a session."""
    record, session, zone = delivery.record, delivery.session, delivery.zone
    if record.notice == "agenda":
        blocks = agenda_notice_blocks(delivery.agenda, zone)
        return one_message(Item("Your agenda changed", blocks, colour=WARNING))
    if record.notice == "moved":
        title = f"Moved: {session.shown_title}"
        text = (
            f"The session you asked to be reminded of has moved. Your reminder moved "
            f"with it ({record.minutes_before} min before)."
        )
    elif record.notice == "restored":
        title = f"Back in the program: {session.shown_title}"
        text = (
            "This session is back in the program, so your reminders for it are on again "
            f"({record.minutes_before} min before)."
        )
    else:
        title = f"Cancelled: {session.shown_title}"
        text = "This session was removed from the program, so your reminders for it are cancelled."
    blocks = [text, session_header(session, zone)]
    return one_message(Item(title, blocks, colour=WARNING))


def delivery_message(
    delivery: Delivery, *, mention: bool
) -> tuple[str | None, list[discord.Embed]]:
    """The message a delivery sends: a mention (in a channel) and its embeds (one page)."""
    record = delivery.record
    session = delivery.session
    zone = delivery.zone
    content: str | None = None
    if mention and record.user_id is not None:
        content = f"<@{record.user_id}>"
    elif mention and record.role_id is not None:
        content = f"<@&{record.role_id}>"
    if record.kind is DeliveryKind.NOTICE:
        return content, notice_embeds(delivery)
    starts = (
        f"starts {format_dt(session.start, 'R')}" if session.start is not None else "is coming up"
    )
    sent_at = delivery.sent_at
    if session.start is not None and sent_at is not None and sent_at >= session.start:
        minutes = int((sent_at - session.start).total_seconds() // 60)  # late: say so plainly
        starts = (
            "has just started"
            if minutes < 1
            else f"started {minutes} minute{'s' if minutes != 1 else ''} ago"
        )
    if record.kind is DeliveryKind.ANNOUNCEMENT:
        title = f"Next: {session.shown_title}"
        lead = f"This session {starts}."
    elif record.kind is DeliveryKind.ROLE_PING:
        title = f"Reminder: {session.shown_title}"
        lead = f"This session {starts}. (Who asked for this ping gets it instead of a DM.)"
    elif record.kind is DeliveryKind.CHAIR:
        title = f"You chair: {session.shown_title}"
        lead = f"Your session {starts}. Please be in the room a little early."
    elif record.kind is DeliveryKind.SPEAKER:
        title = f"Your talk: {session.shown_title}"
        lead = (
            f"The session you present in {starts}. Please be in the room a little early. "
            "(`/me reminders off` stops these.)"
        )
    else:
        title = f"Reminder: {session.shown_title}"
        lead = f"This session {starts}."
    if delivery.late:
        lead += " (Sent late: the bot was not running when this fell due.)"
    item = session_item(session, zone)
    blocks = [lead, *item.blocks]
    if record.fallback:
        blocks.append(f"*{esc(record.fallback)}*")
    return content, one_message(Item(title, blocks, colour=NOW))


def reminder_confirmation(answer: RemindersAnswer) -> str:
    """The short DM sent when a DM reminder is made (it also proves DMs reach the user)."""
    first = answer.reminders[0][0] if answer.reminders else None
    if first is None:
        return "Your reminder is set."
    more = f" (and {len(answer.reminders) - 1} more)" if len(answer.reminders) > 1 else ""
    return f"Reminder set: I will write here {format_dt(first.due_at, 'R')}{more}."


def me_pages(answer: MeAnswer) -> list[Page]:
    """`/me`: whether their reminders are on, then each linked person as `/author` shows it."""
    if answer.reminder_minutes is None:
        reminders = "The organisers have chair and talk reminders off in this server."
    elif answer.reminders:
        reminders = (
            f"You get a DM {answer.reminder_minutes} min before each session you chair or "
            "present in (`/me reminders off` stops them)."
        )
    else:
        reminders = "Your chair and talk reminders are off (`/me reminders on`)."
    lines = [
        f"You are linked to {', '.join(f'**{esc(p.name)}**' for p in answer.people)}.",
        reminders,
    ]
    if answer.pending:
        lines.append(f"Waiting for the organisers: your claim of {esc(', '.join(answer.pending))}.")
    return paginate([Item("Where you are on", lines), *(person_item(p) for p in answer.people)])


def claim_request_page(claim: PersonClaim) -> Page:
    """What the organisers are asked, with Approve and Reject (only they may press them)."""
    lines = [
        f"<@{claim.user_id}> says they are **{esc(claim.name)}** in the program.",
        "Approve to link them: they then see their sessions with `/me show` and get the "
        "chair and talk reminders. Only organisers can decide.",
    ]
    return single(Item(f"Claim #{claim.id}: {claim.name}", lines, colour=ADMIN))


def claim_decided_page(claim: PersonClaim) -> Page:
    verb = "approved" if claim.state == "approved" else "rejected"
    lines = [f"<@{claim.user_id}> as **{esc(claim.name)}**: {verb} by <@{claim.decided_by}>."]
    return single(Item(f"Claim #{claim.id} {verb}", lines, colour=ADMIN))


def claim_answer_text(claim: PersonClaim) -> str:
    """Told to the claimant: when they asked, and when the organisers decided."""
    if claim.state == "pending":
        return (
            f"Your claim to be {esc(claim.name)} went to the organisers; you will get a DM "
            "when they decide."
        )
    if claim.state == "approved":
        return f"You are now linked to {esc(claim.name)}: `/me show` lists your sessions."
    return f"The organisers did not confirm that you are {esc(claim.name)}."


def burst_post_text(settings: GuildSettings) -> str:
    """`/admin burst-post`, in a line: when a burst pings a role instead of DMing."""
    if not settings.burst_post or settings.burst_threshold is None:
        return "off"
    return (
        f"over {settings.burst_threshold:,} DM reminders due together for a session, those "
        f"who opted in get one post in <#{settings.burst_channel_id}> pinging "
        f"<@&{settings.burst_role_id}> instead"
    )


def role_ping_label(channel_name: str) -> str:
    """The button on a /remind reply (Discord allows 80 characters)."""
    return f"Ping me in #{channel_name} instead"[:80]


UNDO_ROLE_PING_LABEL = "Undo: DM me as before"


def role_ping_text(answer: RolePingAnswer) -> str:
    """The ephemeral answer to a press of *Ping me … instead* or of its undo."""
    title = esc(answer.session.shown_title)
    role, channel = f"<@&{answer.role_id}>", f"<#{answer.channel_id}>"
    if answer.what == "on":
        return (
            f"You have {role}. If many reminders for **{title}** fall due together, I ping "
            f"{role} once in {channel} instead of sending you a DM; otherwise you get your DM."
        )
    if answer.what == "already":
        return (
            f"You asked already: for **{title}** a large burst pings {role} in {channel} "
            "instead of DMing you. Press below to get your DM again."
        )
    kept = f" You keep {role} for your other sessions." if answer.keep_role else ""
    return f"Done: you get your DM for **{title}** again.{kept}"


def guild_settings_page(settings: GuildSettings, what: str) -> Page:
    """What `/admin announce` and `/admin chair-reminders` now do in this server."""
    lines = [what]
    if settings.announce_channel_id is not None:
        role = f", pinging <@&{settings.announce_role_id}>" if settings.announce_role_id else ""
        lines.append(
            f"**Announcements:** <#{settings.announce_channel_id}>, "
            f"{settings.announce_minutes} min before each session{role}"
        )
    else:
        lines.append("**Announcements:** off")
    if settings.chair_minutes is not None:
        lines.append(f"**Chair and talk reminders:** on, {settings.chair_minutes} min before")
    else:
        lines.append("**Chair and talk reminders:** off")
    lines.append(f"**Burst post:** {burst_post_text(settings)}")
    if settings.person_links:
        linked = "; ".join(
            f"{esc(link.name)} → <@{link.user_id}>" + ("" if link.reminders else " (reminders off)")
            for link in settings.person_links
        )
        lines.append(f"**Linked people:** {linked}")
    return paginate([Item("Reminders in this server", lines, colour=ADMIN)])[0]
