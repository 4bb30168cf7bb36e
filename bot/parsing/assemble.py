"""Assembly: the builder's drafts become `model.Program` sessions, papers and ids."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from datetime import time, timedelta

from bot.folding import fold
from bot.model import Conference, Paper, Person, Program, Session, SessionKind
from bot.parsing import ParseOptions
from bot.parsing.authors import clean, footnote_marks, is_name_like_strict
from bot.parsing.calendar import (
    PrintedZone,
    Warn,
    aware,
    check_zone_labels,
    pick_zone,
    resolve_days,
)
from bot.parsing.given_names import GIVEN_NAMES
from bot.parsing.ids import assign_ids
from bot.parsing.kinds import classify_kind, is_ceremony, is_talk_slot
from bot.parsing.shapes import PLACEHOLDER_TITLE, names_a_room
from bot.parsing.structure.builder import Builder
from bot.parsing.structure.drafts import NOISE, UNSURE, PaperDraft, Reading, SessionDraft
from bot.parsing.structure.phrases import NAMES_A_PAPER_SESSION, NUMBERED_ENTRY, SESSION_WORD

_LABEL = re.compile(
    r"^(?P<label>(?:(?:paper|technical|research|poster|industry|parallel|plenary)\s+)?"
    r"(?:session|track)\s*[-#]?\s*[\w.]{0,8})\s*(?::|\.\s|\s[—–\-]\s)\s*(?P<title>\S.*)$",
    re.I,
)


def _split_label(title: str | None) -> tuple[str | None, str | None]:
    """`Session 3: Storage` -> ("Storage", "Session 3"); other titles stay whole."""
    if not title:
        return title, None
    m = _LABEL.match(title)
    if not m or not m.group("title").strip():
        return title, None
    return clean(m.group("title")), clean(m.group("label"))


# --- finishing: days, zones, kinds ----------------------------------------------------------


def _panes_of_listed_days(builder: Builder) -> None:
    """Days printed only as a row of tabs above every pane ("DAY 1" / "16 April 2024" / "DAY 2" /
    "17 April 2024" …), then the panes' items one after another with no day line of their own:
    each pane begins where the clock runs back (an item starting before the one above it), so
    the k-th run of items is the k-th listed day's. Only when the clock runs back exactly once
    per further listed day; else the items stay where the day lines put them."""
    if len(builder.days) == 1 and builder.tab_days:
        days = [builder.days[0], *builder.tab_days]  # the tabs one under the other
    elif len(builder.days) >= 2 and not builder.tab_days:
        days = list(builder.days)  # the tabs apart ("DAY 1" / date / "DAY 2" / date)
    else:
        return
    last_line = max(d.line for d in days)
    if last_line - days[0].line > 3 * len(days):  # tabs stand together, not a page apart
        return
    if len({(d.expr.month, d.expr.day) for d in days}) < len(days) or any(
        d.expr.day is None for d in days
    ):
        return
    ordered = sorted(builder.sessions, key=lambda s: s.line)
    if any(
        s.start is not None or any(p.authors for p in s.papers)
        for s in ordered
        if s.line < last_line
    ):
        return  # an item among the day lines: days printed as headers, not tabs
    sessions = [s for s in ordered if s.line > last_line]  # (a tab's label read as an item)
    if any(s.day_index != len(builder.days) - 1 for s in sessions):
        return
    timed = [s for s in sessions if s.start is not None]
    back = {
        id(later)
        for earlier, later in itertools.pairwise(timed)
        if later.start is not None and earlier.start is not None and later.start < earlier.start
    }
    if len(back) != len(days) - 1:
        return
    builder.days[:] = days
    day = 0
    for session in sessions:
        if id(session) in back:
            day += 1
        session.day_index = day


def assemble(builder: Builder, options: ParseOptions) -> Program:
    """Dated, zoned, kinded sessions with stable ids from the builder's drafts."""
    warn = Warn(builder.warnings)
    _panes_of_listed_days(builder)
    _talks_under_chair_rows(builder)
    year = resolve_days(builder.days, options.year, warn, options.first_day)
    _afternoon_on_twelve_hour_pages(builder)
    dates = [
        builder.days[s.day_index].resolved if s.day_index is not None else None
        for s in builder.sessions
    ]
    if not builder.days and options.first_day is not None:
        dates = [options.first_day] * len(builder.sessions)  # a one-day page printing no day
    item_zones = [
        PrintedZone(s.zone_label, s.zone_line or s.line, day, s.start)
        for s, day in zip(builder.sessions, dates, strict=True)
        if s.zone_label
    ]
    zone_notes = [PrintedZone(label, number) for label, number in builder.zone_notes]
    zone, zone_name = pick_zone(options, zone_notes + item_zones, warn)
    check_zone_labels(item_zones, zone, zone_name, warn)
    sessions: list[Session] = []
    timed_page = any(s.start is not None for s in builder.sessions)
    for draft, day in zip(builder.sessions, dates, strict=True):
        if draft.title is None and not draft.papers and not draft.chairs and not draft.notes:
            if draft.start is not None:
                warn(draft.line, "a time with no item after it; ignored")
            continue
        if (
            draft.title is None
            and draft.start is None
            and not draft.chairs
            and (
                not any(p.authors for p in draft.papers)
                or (timed_page and _authors_all_unsure(draft.papers, builder))
            )
        ):
            # Text outside any item (a page heading, a stray line): nothing to hang it on.
            for p in draft.papers:
                warn(p.line, f"not understood, ignored: {p.title[:80]!r}")
                builder.readings[p.line] = Reading(NOISE, 0.5)
                if p.authors_line is not None:
                    builder.readings[p.authors_line] = Reading(NOISE, 0.5)
            for note in draft.notes:
                warn(draft.line, f"not understood, ignored: {note[:80]!r}")
            continue
        papers: list[Paper] = []
        notes = list(draft.notes)
        authored = any(p.authors for p in draft.papers)
        trailing_break: tuple[str, int] | None = None
        title, label = _split_label(draft.title)
        room = draft.room
        if label and title and room is None and names_a_room(title):
            # "Poster session - Hallway": no title after the label's dash but a place; the
            # label names the session, the place is where it is.
            title, label, room = label, None, title
        if label:
            notes.insert(0, label)
        title_kind = classify_kind(title, paper_count=0) if title else None
        _speaker_opening_the_lone_talk(draft)
        if title_kind is SessionKind.POSTERS and len(draft.papers) >= 3:
            title_kind = None  # a poster session listing its posters by title alone
        # "13:30 Opening Ceremony" / "Master of Ceremony: Prof. Ana Silva" / "Welcome Addresses:
        # …" / "Signing Ceremony: …": several untimed lines under an opening or closing, most
        # naming no one, are what it holds and who hosts it; no talk is given there (a lone
        # line with its speaker, `Welcome` / `Keynote: Title` / `Name`, stays a talk).
        ceremony = (
            title is not None
            and is_ceremony(title)
            and len(draft.papers) >= 3
            and all(p.start is None for p in draft.papers)
            and 2 * sum(1 for p in draft.papers if p.authors) < len(draft.papers)
        )
        for p in draft.papers:
            if ceremony:
                hosts = ", ".join(a.name for a in p.authors)
                notes.append(f"{p.title}: {hosts}" if hosts else p.title)
                continue
            if _OPENING.match(p.title) and p.authors and p.start is None:
                # "Welcome and opening. Ana Silva and Bo Li": the hosts open the session (a
                # welcome with its own time and speaker stays one of its talks).
                notes.append(f"{p.title}. {', '.join(a.name for a in p.authors)}")
                continue
            if (
                not p.authors
                and not p.speaker_to_be_announced
                and not authored
                and not draft.chaired
                and title_kind not in (None, SessionKind.PAPERS)
            ):
                notes.append(p.title)
                continue
            if (
                not p.authors
                and authored
                and p is draft.papers[-1]
                and len(draft.papers) == 2
                and p.start is None
                and classify_kind(p.title, paper_count=0) is SessionKind.BREAK
            ):
                # "10.30 - 11.30 Ana Silva" / "Title" / "Lunch": an untimed break after a lone
                # talk, an item of its own after it.
                trailing_break = (p.title, p.line)
                continue
            if not p.authors and authored and _is_sub_row(p.title):
                notes.append(p.title)  # "Lecture", "Coffee Break" between a school's talks
                continue
            if not p.authors and authored:
                warn(p.line, f"paper {p.title[:60]!r} has no author line")
            papers.append(
                Paper(
                    p.title,
                    tuple(_without_marks(a) for a in p.authors),
                    None,
                    aware(day, p.start, zone),
                    aware(day, p.end, zone),
                    p.line,
                )
            )
        if (
            draft.speakers
            and len(papers) == 1
            and title
            and draft.talk_title is None
            and draft.speakers_line is not None
            and all(p.line is not None and p.line > draft.speakers_line for p in papers)
            and not SESSION_WORD.search(title)
            and not NAMES_A_PAPER_SESSION.search(title)
            and not is_ceremony(title)
        ):
            # "15:45 | Title A / People A | Title B / People B": a talk's cell, then the one
            # cell beside it read as this item's paper; the first talk is one of its own.
            papers.insert(0, Paper(title, tuple(draft.speakers), line=draft.line))
        authoring = {a.name for p in papers for a in p.authors}
        unplaced = [p for p in draft.speakers if p.name not in authoring] if papers else []
        if unplaced and draft.talk_title is None and title and is_ceremony(title):
            # "8:00am Welcome - Ana Silva, MDHHS" / a talk in the same slot: the welcome's
            # people host it, as where no talk follows.
            notes.append("Hosted by " + ", ".join(p.printed for p in draft.speakers))
        elif unplaced and draft.speakers_heading:
            # "Panelists:" / names, then the session's own talks: people the page lists for the
            # whole session, kept under its heading.
            notes.append(f"{draft.speakers_heading}: " + ", ".join(p.printed for p in unplaced))
        elif unplaced and any(p.name.split()[0] in GIVEN_NAMES for p in unplaced):
            # Speakers read for the item, which holds papers of its own: the page did not say
            # of which paper, so they are left out, but not silently where they are people
            # (`Oral Session 2: Computer Vision (Hall 1)` read as a speaker is a topic).
            warn(
                draft.speakers_line or draft.line,
                "read as the session's speakers, but it holds papers; left out: "
                + ", ".join(p.printed for p in unplaced)[:80],
            )
        if draft.speakers and not papers:
            talk_title = draft.talk_title
            lone = draft.papers[0].title if len(draft.papers) == 1 else None
            # "Panel 1: Courts" / "Speakers:" / names / "Q&A and Panel Interaction": a line
            # under the list of people its heading introduced says what follows them, not what
            # they talk about (that heading comes after the item's title)
            after_listed = (
                draft.speakers_heading is not None
                and draft.speakers_line is not None
                and len(draft.papers) == 1
                and draft.papers[0].line > draft.speakers_line
            )
            if (
                talk_title is None
                and lone in notes
                and not after_listed
                and len(lone.split()) <= 25
                and not is_name_like_strict(lone)
            ):
                # "Keynote: Ana Silva" / "Data and Their Shape": the one line under an item
                # that names its speaker is the talk's title, unless it is only a name (another
                # speaker's, from a cell beside).
                notes.remove(lone)
                talk_title = lone
            if title and talk_title in (None, title) and is_ceremony(title):
                # "10:00 Introduction" / "Christèle Maizonniaux, Flinders University": who
                # opens the day hosts it; no talk is given.
                notes.append("Hosted by " + ", ".join(p.printed for p in draft.speakers))
            else:
                numbered = NUMBERED_ENTRY.match(title) if talk_title is None and title else None
                if numbered and title and any(c.isdigit() for c in numbered.group()):
                    # "Workshop session 1: RevBayes …" / its tutor: the item's kind and number
                    # head its title, the talk given is the rest ("Short talk: Ana Silva", no
                    # number, names its speaker instead).
                    talk_title = title[numbered.end() :] or None
                papers.append(
                    Paper(talk_title or title or "Talk", tuple(draft.speakers), line=draft.line)
                )
        if title and not papers and not draft.papers and is_talk_slot(title):
            papers.append(Paper(title, (), line=draft.line))  # "10:20 Contributed talk"
        start, end = draft.start, draft.end
        timed = [(p.start, p.end) for p in draft.papers if p.start is not None]
        if timed and (start is None or (draft.from_header and not draft.timed_by_own_line)):
            # A session header printed without a time spans its papers' own times (and those
            # of its timed sub-rows, such as an introduction before the papers).
            spans = timed + draft.sub_rows
            start = min(begin for begin, _ in spans if begin is not None)
            end = max(finish or begin for begin, finish in spans if begin is not None)
        start_at = aware(day, start, zone)
        end_at = aware(day, end, zone)
        if start_at and end_at and end_at < start_at:
            end_at += timedelta(days=1)  # "22:00-01:00": ends after midnight
        kind = classify_kind(title, paper_count=len(papers))
        sessions.append(
            Session(
                id="",
                title=title,
                kind=kind,
                day=day,
                start=start_at,
                end=end_at,
                room=room,
                track=draft.track
                or (label if label and label.lower().startswith("track") else None),
                chairs=tuple(draft.chairs),
                papers=tuple(papers),
                notes=tuple(notes),
                line=draft.line,
            )
        )
        if trailing_break is not None:
            break_title, break_line = trailing_break
            sessions.append(
                Session(id="", title=break_title, kind=SessionKind.BREAK, day=day, line=break_line)
            )
    sessions = _drop_overview(_merge_duplicates(_past_midnight(sessions)), warn)
    sessions = _talks_listed_again(sessions)
    conference = Conference(
        name=options.name or "Conference",
        timezone=zone_name,
        year=year,
        source=options.source,
    )
    warnings = tuple(sorted(builder.warnings, key=lambda w: w.line))
    return Program(conference, assign_ids(sessions), warnings)


def _talks_under_chair_rows(builder: Builder) -> None:
    """` | chair: Ana Silva` / `9:40 - 10:10 | Bo Li` / title / `10:10 - 10:40 | Cy Wu` /
    title / `10:40 | coffee`: a chair printed alone, with no title or time, then untitled
    talks each timed by its own row, one after the other on its day: the chair's session is
    those talks, from the first one's start to the last one's end."""
    kept: list[SessionDraft] = []
    head: SessionDraft | None = None
    for draft in builder.sessions:
        if (
            head is not None
            and draft.title is None
            and not draft.chairs
            and len(draft.papers) == 1
            and draft.start is not None
            and draft.day_index == head.day_index
            and (head.end is None or (draft.start >= head.end))
        ):
            paper = draft.papers[0]
            if paper.start is None:
                paper.start, paper.end = draft.start, draft.end
            head.papers.append(paper)
            head.start = head.start or draft.start
            head.end = draft.end
            continue
        head = None
        if (
            draft.title is None
            and draft.start is None
            and draft.chairs
            and not draft.papers
            and not draft.notes
        ):
            head = draft
        kept.append(draft)
    builder.sessions[:] = kept


def _past_midnight(sessions: list[Session]) -> list[Session]:
    """`21:00 - 00:00 Night session 1` / `00:00 - 04:00 Night session 2` under one day: an item
    that starts early in the morning right after one of the same day that ran to midnight goes
    on through the night, so it is on the next date (its day stays the printed one)."""
    out: list[Session] = []
    for session in sessions:
        before = out[-1] if out else None
        if (
            before is not None
            and before.day == session.day
            and before.start is not None
            and before.end is not None
            and session.start is not None
            and before.end.date() > before.start.date()
            and session.start < before.start
            and session.start + timedelta(days=1) >= before.end
        ):
            one_day = timedelta(days=1)
            session = replace(
                session,
                start=session.start + one_day,
                end=session.end + one_day if session.end is not None else None,
                papers=tuple(
                    replace(
                        p,
                        start=p.start + one_day if p.start is not None else None,
                        end=p.end + one_day if p.end is not None else None,
                    )
                    for p in session.papers
                ),
            )
        out.append(session)
    return out


def _authors_all_unsure(papers: list[PaperDraft], builder: Builder) -> bool:
    """Whether every author line of these papers was an unsure reading (`Tickets` / `Buy
    online`): on a page that times its items, an untitled, untimed run of such is text outside
    any item, not a session of papers."""
    lines = [p.authors_line for p in papers if p.authors]
    return bool(lines) and all(
        n is not None and n in builder.readings and builder.readings[n].confidence < UNSURE
        for n in lines
    )


def _clock_times(builder: Builder) -> list[time]:
    found: list[time] = []
    for draft in builder.sessions:
        found += [t for t in (draft.start, draft.end) if t is not None]
        found += [t for p in draft.papers for t in (p.start, p.end) if t is not None]
    return found


def _plus_twelve(moment: time | None) -> time | None:
    return (
        moment.replace(hour=moment.hour + 12) if moment is not None and moment.hour < 12 else moment
    )


# "3:40PM", "9 a.m.", "下午2:00": a clock printed with its half of the day.
_MERIDIEM_PRINTED = re.compile(r"\d\s*[AaPp]\.?\s?[Mm]\b|上午|下午|午前|午後|오전|오후")


def _times_with_meridiem(builder: Builder) -> set[time]:
    """The clock times the page prints with am or pm (or an East Asian word for either)."""
    marked: set[time] = set()
    for line in builder.lines:
        tr = line.time
        if tr is not None and _MERIDIEM_PRINTED.search(line.text[tr.span[0] : tr.span[1]]):
            marked.update(t for t in (tr.start, tr.end) if t is not None)
    return marked


def _afternoon_on_twelve_hour_pages(builder: Builder) -> None:
    """`11:50 - 1:40 LUNCH`, `Time: 2:00-3:20`: a page that prints a 12-hour clock without am
    or pm. Decided for the whole page: no hour after 12 anywhere among the times printed
    without am or pm (`2:00-3:40PM` / `1:30-3:10` marks only some), and a day whose times run
    backwards. From there on that day, times earlier than the one before are afternoon."""
    marked = _times_with_meridiem(builder)
    times = [t for t in _clock_times(builder) if t not in marked]
    if not times or any(t.hour > 12 for t in times):
        return
    latest: dict[int | None, time] = {}
    afternoon: set[int | None] = set()  # days whose clock has already passed noon
    for draft in builder.sessions:
        if draft.start is None:
            continue
        day = draft.day_index
        before = latest.get(day)
        if draft.start in marked:
            if draft.start.hour >= 12:
                afternoon.add(day)  # "2:00-3:40PM": printed past noon
            latest[day] = draft.start
            continue
        # Running backwards to an hour no conference starts at (1 to 7), or once the day is
        # known to be past noon; 11:00 then 9:00 is a page listed room by room, not afternoon.
        if (
            before is not None
            and draft.start < before
            and draft.start.hour + 12 >= before.hour
            and (day in afternoon or draft.start.hour < 8)
        ):
            draft.start, draft.end = _plus_twelve(draft.start), _plus_twelve(draft.end)
            for paper in draft.papers:
                paper.start, paper.end = _plus_twelve(paper.start), _plus_twelve(paper.end)
            afternoon.add(day)
        elif draft.end is not None and draft.end < draft.start:
            draft.end = _plus_twelve(draft.end)  # "12:00-2:00"
            afternoon.add(day)
        if draft.start is not None:
            latest[day] = draft.start


def _without_marks(person: Person) -> Person:
    """A footnote number left on a name whose footnote never came ("Ana Silva1")."""
    name, marks = footnote_marks(person.name)
    return replace(person, name=name) if marks else person


def _speaker_opening_the_lone_talk(draft: SessionDraft) -> None:
    """`Invited Talk: Ana Silva` / `Ana Silva (MIT): Title`: the item's one talk, printed
    without people of its own, opens with the speaker its title named (and where they work),
    then a colon or a dash: the rest is the talk's title, and she gives it."""
    if len(draft.papers) != 1 or len(draft.speakers) != 1 or draft.papers[0].authors:
        return
    paper, speaker = draft.papers[0], draft.speakers[0]
    opened = re.match(
        re.escape(speaker.name)
        + r"(?:\s*\((?P<place>[^()]{2,80})\))?\s*(?::|\s[–—-])\s+(?P<title>\S.*)$",
        paper.title,
    )
    if opened is None:
        return
    paper.title = opened["title"]
    paper.authors = [Person(speaker.name, opened["place"] or speaker.affiliation)]


def _is_sub_row(title: str) -> bool:
    """An unauthored line among authored contributions that names a part of the item, not a
    contribution: a label ("Exhibited Posters:"), a break, a short activity ("Lecture"), a
    ceremony ("Wręczenie nagrody w Konkursie na logo", an award given), or an instruction to
    the reader."""
    words = title.split()
    kind = classify_kind(title, paper_count=0)
    return (
        title.endswith(":")
        or len(words) <= 2
        or (kind in (SessionKind.BREAK, SessionKind.SOCIAL, SessionKind.OTHER) and len(words) <= 4)
        or (kind is SessionKind.PLENARY and len(words) <= 12)
        or words[0].lower() in _INSTRUCTION_VERBS
    )


# A session's opening words, printed like a contribution with its hosts' names.
_OPENING = re.compile(
    r"^(?:welcome|opening|introduction|closing)(?:\s+(?:and|&)\s+"
    r"(?:welcome|opening|introduction|closing))?(?:\s+(?:remarks|words|address))?[.:]?$",
    re.I,
)
_INSTRUCTION_VERBS = frozenset("please see refer note visit join check find".split())


def _drop_overview(sessions: list[Session], warn: Warn) -> list[Session]:
    """An overview grid at the top of a page names the items that the detailed program below
    lists again with their papers and chairs. The bare overview entries are not items of their
    own; where the detailed entry lacks a room or a time, the overview's is kept."""
    detailed: dict[str, int] = {}  # title -> its last entry with papers or chairs
    dated: dict[str, int] = {}  # title -> its last entry with a date
    for index, session in enumerate(sessions):
        if session.title and (session.papers or session.chairs):
            detailed[fold(session.title)] = index
        if session.title and session.day is not None:
            dated[fold(session.title)] = index
    keep: list[Session] = []
    overview_lines: list[int] = []
    for index, session in enumerate(sessions):
        # "TBC" names no item yet: two talks still to be titled are not one listed twice.
        title = session.title or ""
        key = fold(title) if title and not PLACEHOLDER_TITLE.match(title) else ""
        later = detailed.get(key)
        if later is None and session.day is None:
            later = dated.get(key)  # an undated overview entry, dated in the program below
        if later is not None and later > index and not session.papers and not session.chairs:
            target = sessions[later]
            if (target.day is None or session.day is None or target.day == session.day) and (
                target.room is None or target.start is None
            ):
                sessions[later] = replace(
                    target,
                    room=target.room or session.room,
                    start=target.start or session.start,
                    end=target.end or session.end,
                    day=target.day or session.day,
                )
            overview_lines.append(session.line or 0)
            continue
        keep.append(session)
    if overview_lines:
        warn(
            overview_lines[0],
            f"{len(overview_lines)} items of an overview are listed again below with their "
            "papers; the detailed listing is used",
        )
    return keep


def _talks_listed_again(sessions: list[Session]) -> list[Session]:
    """`9:15 AM - 10:00 AM<TAB>Keynote Lecture` / `Title` / `Speaker` in a day's overview, then
    the same talk in a section below, at the same time, with its chair and room: one item, in
    the overview's place, with the section's details and the overview's title where the section
    printed none."""
    merged = list(sessions)
    dropped: set[int] = set()
    for index, early in enumerate(merged):
        if index in dropped or early.chairs or not early.papers or early.start is None:
            continue
        titles = {fold(p.title) for p in early.papers}
        for later_index in range(index + 1, len(merged)):
            late = merged[later_index]
            if (
                later_index in dropped
                or late.start != early.start
                or late.day != early.day
                or not late.chairs
                or (
                    late.title is not None
                    and early.title is not None
                    and fold(late.title) != fold(early.title)
                )
                or {fold(p.title) for p in late.papers} != titles
            ):
                continue
            merged[index] = replace(
                late,
                title=late.title or early.title,
                kind=early.kind if late.title is None else late.kind,
                room=late.room or early.room,
                end=late.end or early.end,
                line=early.line,
            )
            dropped.add(later_index)
            break
    return [s for i, s in enumerate(merged) if i not in dropped]


def _merge_duplicates(sessions: list[Session]) -> list[Session]:
    """A plenary item repeated for two rooms (same title, time, no papers) is one item. Items
    with neither a start nor a day (under undated day headers) cannot be told to be the same:
    each day's "Coffee" is its own."""
    seen: dict[tuple[object, ...], int] = {}
    out: list[Session] = []
    for session in sessions:
        key = (session.title, session.start, session.end, session.papers, session.chairs)
        placed = session.start is not None or session.day is not None
        if session.kind is not SessionKind.PAPERS and session.title and placed and key in seen:
            continue
        seen[key] = len(out)
        out.append(session)
    return out
