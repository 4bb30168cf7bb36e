"""The structure builder: lexed lines become draft sessions and papers.

It walks the lines with a small state machine that knows the layouts real programs use: pretalx
session pages (title, `MM-DD, HH:MM–HH:MM (ZONE), Room`), web pages with `Day N:` headers and
`9:00 AM CEST – 10:00 AM CEST: Title` lines, session headers carrying room and chair, copied
HTML tables (cells separated by TAB), bulleted lists, author lines before or after their title,
and parallel tracks interleaved row by row. Every line either contributes a draft or is named in
a warning.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import time

from bot.model import ParseWarning, Person, SessionKind
from bot.parsing.authors import (
    AuthorLine,
    addresses_people,
    author_line_score,
    clean,
    footnote_affiliations,
    footnote_marks,
    is_name_like,
    is_name_like_strict,
    is_only_marks,
    names_an_institution,
    parse_author_line,
    split_by_line,
    split_colon_authors,
    split_known_names,
    split_quoted_title,
    split_sentence_authors,
    split_title_and_authors,
    strip_trailing_marks,
    without_parentheses,
)
from bot.parsing.calendar import DayDraft
from bot.parsing.kinds import REGISTRATION, classify_kind
from bot.parsing.lexer import (
    CHAIR,
    DURATION,
    HEADER_WORDS,
    INLINE_LOCATION,
    LOCATION,
    META,
    ROOM_NAME,
    ROOM_WORDS,
    SESSION_LABEL,
    START_AT,
    ZONE_NOTE,
    Line,
    LineKind,
    classify,
    find_chair_label,
    is_link_line,
    zone_label_in,
)
from bot.parsing.page import (
    is_room_heading,
    is_track_heading,
    places_head_their_items,
    prints_authors_first,
    prints_name_colon_titles,
    prints_name_comma_affiliation,
    prints_speakers_after_by,
    recurring_leading_marks,
    recurring_rooms,
    recurring_trailing_marks,
    timed_name_cells,
    timed_people_before_titles,
    times_after_items,
    title_side,
)
from bot.parsing.shapes import (
    FIELD_LABEL,
    ITEM_WORD,
    LEADING_MARK,
    NAME_SMALL_WORDS,
    ROOM_CELL,
    colon_speakers,
    has_common_word,
    is_own_item,
    is_prose,
    name_colon_title,
    reads_as_title,
    title_score,
)
from bot.parsing.spreadsheet import column_field
from bot.parsing.talks import (
    numbered_talk,
    read_talk_title,
    split_dash_speakers,
    split_title_people,
    title_then_named_speakers,
    title_then_talk_sentence,
)
from bot.parsing.timeexpr import (
    DayExpr,
    TimeRange,
    find_date,
    find_time_range,
    parse_day_header,
)

_ROLE = re.compile(
    # "Session organized by A and B" too: a role ending in "by" needs no colon.
    r"^\(?\s*(?:(?:session|workshop|track|panel|tutorial)\s+)?"
    r"(?:(?P<moderator>moderators?|moderated by|host(?:s|ed by)?)|"
    r"(?P<speaker>panelists?|panel members?|speakers?|presenters?|presented by|authors?|"
    r"author\(s\)|speaker\(s\)|ponentes?|referent(?:in|en)?|vortragende[rn]?|"
    r"intervenant(?:e|s|es)?|orat(?:eur|rice)s?|relat(?:ore|rice|ori)|palestrantes?|"
    r"conferencista|konuşmacı(?:lar)?)|"
    r"(?P<organiser>organi[sz]ers?|organi[sz]ed by|coordinators?)|"
    # who comments on a paper after it is given: neither its author nor the session's chair
    r"(?P<discussant>discussants?|respondents?|commentators?))"
    r"(?:\s*[:：]|(?<=by)\s)\s*(?P<who>.*?)\)?$",
    re.I,
)
# "(Valentina)", "(Ann Lee)": one to three capitalised words in parentheses, as a person.
_PARENTHESISED_PERSON = re.compile(r"\((?P<who>[A-Z][a-z]+(?:[ -][A-Z][a-z'’.-]+){0,2})\)")
# "Reproducibility in fMRI (Russ Poldrack; PAB5)": a title, then its speaker and its room.
_SPEAKER_AND_PLACE = re.compile(
    r"^(?P<title>.{3,}?)\s*\((?P<who>[^();,]{3,40});\s*(?P<place>[^();,]{1,30})\)$"
)
# Items that are no talk, whoever is named beside them: "Lunch (Ana Silva)" names a host.
_NOT_TALKS = frozenset({SessionKind.BREAK, SessionKind.SOCIAL})
_KEYNOTE_SPEAKER = re.compile(
    r"(?:keynote|invited talk|plenary talk|distinguished lecture)[^:]*?"
    r"(?::|\bby\b|—|–)\s*(?P<who>.+)$",
    re.I,
)
_KEYNOTE_SEPARATOR_AT_END = re.compile(r"\s*(?::|\bby|—|–)\s*$", re.I)
_TRAILING_ROOM = re.compile(
    r"\s*\((?:(?:room|location|venue|place)\s*:\s*(?P<named>[^()]{1,40})"
    # "Lunch (@Minghu Restaurant)": an at sign before a place
    r"|@\s*(?P<at>[^()@]{2,60})"
    r"|(?P<room>(?:" + ROOM_WORDS + r")\b[^()]{0,40}))\)\s*$",
    re.I,
)


def _room_in_parentheses(title: str) -> tuple[str, str | None]:
    """`Session 2A: Storage (Room 101)`, `Session 1: Ethics (Room: Aula)`: the title, and the
    room printed after it in parentheses."""
    m = _TRAILING_ROOM.search(title)
    if m is None or m.start() == 0:
        return title, None
    return title[: m.start()].strip(), clean(m.group("named") or m.group("at") or m.group("room"))


_LEADING_CLOCK = re.compile(
    r"^(?P<h>[01]?\d|2[0-3])[:.h](?P<m>[0-5]\d)(?:\s*(?P<ampm>[ap]\.?m\.?))?\s+(?=\D)", re.I
)
# "Date & Time :", "When:": a field's name before the slot's date and time.
_SLOT_FIELD = re.compile(
    r"^(?:date\s*(?:&|and|/)\s*time|date|time|when|datum|zeit|termin)\s*[:：]\s*", re.I
)


def _slot_date(before: str) -> DayExpr | None:
    """`Date & Time : October 25`, `Oct 26,`: the calendar date printed just before a slot's
    time, and nothing else (a title ending in a date is no slot date)."""
    text = _SLOT_FIELD.sub("", before.strip()).strip(" ,")
    found = find_date(text) if text else None
    if found is None or found.month is None or found.day is None:
        return None
    if text[: found.span[0]].strip(" ,") or text[found.span[1] :].strip(" ,"):
        return None
    return found


_SLOT_ONLY = re.compile(
    r"^(?:multi[- ]?track|parallel(?: sessions| tracks)?|tracks?|sessions?)$", re.I
)
_PARENTHESISED = re.compile(r"^\([^()]+\)$")
# "Day 2 - Introduction to Python and OGGM": a numbered day's theme.
_DAY_THEME = re.compile(r"^\s*day\s*\d{1,2}\s*[:.\-–—]\s*\S", re.I)
# '"Title"', and '"Title".' where the line ends the sentence after the closing quote
_QUOTED = re.compile(r'^\s*["“”„«»\'‘’](?P<t>.+?)(?:["“”„«»\'‘’][.,;]?)?\s*$')


# How a line was read, in the vocabulary `python -m bot parse --explain` shows.
DAY_HEADER, SESSION_HEADER, TIME, CHAIR_LABEL, ROOM = (
    "day header",
    "session header",
    "time",
    "chair",
    "room",
)
TITLE, AUTHORS, TITLE_AUTHORS, LINK, BREAK, NOTE, NOISE = (
    "paper title",
    "authors",
    "title+authors",
    "link/badge",
    "break/social item",
    "note",
    "noise",
)
UNSURE = 0.55  # a reading less sure than this is named in the warnings


@dataclass(frozen=True, slots=True)
class Reading:
    """What the builder took a line for, and how sure the reading was (0 to 1)."""

    label: str
    confidence: float


_DEFAULT_READING: dict[LineKind, tuple[str, float]] = {
    LineKind.JUNK: (NOISE, 0.9),
    LineKind.DAY: (DAY_HEADER, 1.0),
    LineKind.META: (TIME, 1.0),
    LineKind.TIME: (TIME, 1.0),
    LineKind.CHAIR: (CHAIR_LABEL, 1.0),
    LineKind.LOCATION: (ROOM, 1.0),
    LineKind.ROOM: (ROOM, 0.9),
    LineKind.START_AT: (TIME, 1.0),
    LineKind.DURATION: (TIME, 1.0),
    LineKind.LINK: (LINK, 0.95),
    LineKind.TITLE_LABEL: (LINK, 0.9),
    LineKind.TABLE_HEADER: (NOISE, 1.0),
    LineKind.ZONE_NOTE: (NOTE, 1.0),
    LineKind.SESSION_HEADER: (SESSION_HEADER, 1.0),
    LineKind.LABEL: (NOISE, 0.9),
    LineKind.TEXT: (NOTE, 0.6),
}


def _item_label(title: str) -> str:
    kind = classify_kind(title, paper_count=0)
    return BREAK if kind in _NOT_TALKS else SESSION_HEADER


@dataclass(slots=True)
class _PaperDraft:
    title: str
    line: int
    authors: list[Person] = field(default_factory=list)
    start: time | None = None
    end: time | None = None
    authors_line: int | None = None


@dataclass(slots=True)
class _SessionDraft:
    line: int
    title: str | None = None
    day_index: int | None = None
    start: time | None = None
    end: time | None = None
    room: str | None = None
    track: str | None = None
    chaired: bool = False  # a chair line names this session's chair, or says one is to come
    chairs: list[Person] = field(default_factory=list)
    papers: list[_PaperDraft] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    speakers: list[Person] = field(default_factory=list)
    speakers_line: int | None = None  # the last line that named `speakers`
    talk_title: str | None = None  # a single talk's own title, beside the item's
    awaits_speakers: bool = False  # "Keynote: Title": the speaker line comes next
    expects_title: bool = False  # opened by a bare time line: the next text names it
    from_header: bool = False
    zone_label: str | None = None
    zone_line: int | None = None
    expects_talk_title: bool = False
    timed_by_own_line: bool = False  # False while it only shares the slot of a time line above
    sub_rows: list[tuple[time, time | None]] = field(default_factory=list)  # timed notes


# A slot row that names several sessions rather than one: "Sesje referatowe I – III",
# "Parallel sessions", "Sesiones simultáneas", "Sessions 4A-4C".
_SESSIONS_AHEAD = re.compile(
    r"^(?:(?:parallel|concurrent|breakout|technical|paper)\s+)?(?:sessions|sesje|sesiones|"
    r"sessões|sessioni|sitzungen|sessies|sekcje|секции|сессии|parallelsitzungen)\b",
    re.I,
)


class Builder:
    """Walks lexed lines once, building session and paper drafts and warnings."""

    def __init__(self, lines: list[Line]) -> None:
        self.lines = lines
        self.sessions: list[_SessionDraft] = []
        self.days: list[DayDraft] = []
        self.warnings: list[ParseWarning] = []
        self.current: _SessionDraft | None = None
        self.paper: _PaperDraft | None = None
        self.pending_authors: tuple[AuthorLine, int] | None = None
        self.table_columns: list[str] | None = None
        self.room_columns: list[str | None] | None = None  # a timetable's room per column
        # Its cells name their speaker in parentheses: "Unix shell 1 (Valentina)".
        self.room_cell_speakers = False
        self.columns: list[_SessionDraft] = []  # parallel tracks interleaved row by row
        self.grid: list[_SessionDraft] = []  # parallel tracks side by side, a column each
        self.column_turn = 0
        # A browser's copy of a row of parallel sessions' cells runs each cell after the one
        # before it, the next starting after a TAB: then a column's papers come together.
        self.cell_of_columns: tuple[list[_SessionDraft], int] | None = None
        self.papers_in_turn: list[tuple[_SessionDraft, _PaperDraft]] = []
        self.slot: tuple[time | None, time | None] | None = None
        self.zone_notes: list[tuple[str, int]] = []
        self.known_names: set[str] = set()
        self.last_author_text = ""
        self.readings: dict[int, Reading] = {}
        self.rooms = recurring_rooms(lines)
        self.pending_room: str | None = None
        # A page listed room by room ("Room A" / its timed items / "Room B" / ...): each room
        # line above a time heads the items below it, not the item above.
        self.room_headings = places_head_their_items(lines, is_room_heading)
        self.room_in_force: str | None = None
        self.track_headings = places_head_their_items(lines, is_track_heading, over_sessions=True)
        self.track_name: str | None = None  # a heading over several items: a workshop's name
        self.pending_time: TimeRange | None = None
        self.day_override: int | None = None  # the day a slot line prints before its time
        self.role_heading: str | None = None  # "Speakers" heading: the lines below are people
        self.abstract_line: int | None = None  # the last paragraph of an "ABSTRACT." block
        self.trailing_marks = recurring_trailing_marks(lines)
        self.leading_marks = recurring_leading_marks(lines)
        # A page that opens its titles with several bracketed topics ("[GPU Computing] Title",
        # "[Visualization] Title") prints its once-seen topics so too.
        self.bracketed_topics = sum(m.startswith("[") for m in self.leading_marks) >= 2
        self.authors_first_page = prints_authors_first(lines)
        self.speakers_after_by = prints_speakers_after_by(lines)
        self.name_comma_affiliation = prints_name_comma_affiliation(lines)
        self.title_side = title_side(lines)
        self.people_before_titles = timed_people_before_titles(lines)
        # Where each line stands in reading order: a grid of parallel sessions is read column
        # by column (bot.parsing.grid), so a line's number no longer says what is above it.
        self.place = {id(line): index for index, line in enumerate(lines)}
        self.walking = 0  # the index of the line the walk is at (a row's cells stand there)
        # The columns of the table under way: unlike `table_columns`, kept past its rows.
        self.header_roles: list[str] = []
        # A header naming a session, a title and a people column: field -> column index.
        self.paper_table: dict[str, int] | None = None
        self.name_cells = timed_name_cells(lines)
        self.colon_speakers = prints_name_colon_titles(lines)
        # A timetable with a column per day: the index in `days` of each column's day.
        self.day_columns: list[int | None] | None = None
        # Under such a timetable, the items printed outside it are its first day's (a page's
        # first tab), until a day header says otherwise.
        self.day_in_force: int | None = None
        self.day_column_items: dict[int, _SessionDraft] = {}
        # "9.00 – 10.30 | Sesje referatowe I – III" over rows with an empty time cell: the
        # slot row naming several sessions, each row below one of them.
        self.umbrella: _SessionDraft | None = None
        # Where a page prints each item's time after it: the first line of each item, and
        # the time line that closes it.
        # Judged with every line above the first time, links included: "Title" / "Zoom" /
        # time is an item printed before its time, not a title above the items below it.
        self.item_times = times_after_items(lines, title_side(lines, past_controls=False))
        self.closing_times = frozenset(self.item_times.values())
        # Index of the first non-blank line at or after / at or before each index.
        self.after: list[int | None] = [None] * len(lines)
        self.before: list[int | None] = [None] * len(lines)
        following: int | None = None
        for index in range(len(lines) - 1, -1, -1):
            following = index if lines[index].kind is not LineKind.BLANK else following
            self.after[index] = following
        preceding: int | None = None
        for index, each in enumerate(lines):
            preceding = index if each.kind is not LineKind.BLANK else preceding
            self.before[index] = preceding
        self.handlers: dict[LineKind, Callable[[int, Line], int]] = {
            LineKind.BLANK: self.on_blank,
            LineKind.JUNK: self.on_junk,
            LineKind.DAY: self.on_day,
            LineKind.META: self.on_meta,
            LineKind.TIME: self.on_time,
            LineKind.CHAIR: self.on_chair,
            LineKind.LOCATION: self.on_location,
            LineKind.ROOM: self.on_room,
            LineKind.START_AT: self.on_start_at,
            LineKind.DURATION: self.on_duration,
            LineKind.LINK: self.on_link,
            LineKind.TITLE_LABEL: self.on_title_label,
            LineKind.TABLE_HEADER: self.on_table_header,
            LineKind.ZONE_NOTE: self.on_zone_note,
            LineKind.SESSION_HEADER: self.on_session_header,
            LineKind.LABEL: self.on_label,
            LineKind.TEXT: self.on_text,
        }

    # -- helpers --
    def read(self, number: int, label: str, confidence: float) -> None:
        """Record how line `number` was read (the first reading of a line stands)."""
        if number not in self.readings:
            self.readings[number] = Reading(label, round(confidence, 2))

    def warn(self, line: int, message: str) -> None:
        self.warnings.append(ParseWarning(line, message))

    def _day_index(self) -> int | None:
        if self.day_override is not None:
            return self.day_override
        if self.day_in_force is not None:
            return self.day_in_force
        return len(self.days) - 1 if self.days else None

    def open_session(self, line: int, **values: object) -> _SessionDraft:
        self.close_paper()
        self.flush_pending_authors()
        self.role_heading = None
        session = _SessionDraft(line=line, day_index=self._day_index())
        for key, value in values.items():
            setattr(session, key, value)
        if session.title:
            self.read(line, _item_label(session.title), 0.9)
        if session.track is None and self.track_name is not None:
            session.track = self.track_name
        if session.room is None and self.pending_room is not None:
            session.room = self.pending_room
        if session.room is None and self.room_in_force is not None:
            session.room = self.room_in_force
        self.pending_room = None
        self.sessions.append(session)
        self.current = session
        self.table_columns = None
        return session

    def ensure_session(self, line: int) -> _SessionDraft:
        if self.current is None:
            return self.open_session(line)
        return self.current

    def close_paper(self) -> None:
        self.paper = None

    def flush_pending_authors(self) -> None:
        if self.pending_authors is not None:
            parsed, number = self.pending_authors
            self.pending_authors = None
            self.warn(number, "author line with no title after it; kept as a note")
            if self.current is not None:
                self.current.notes.append(", ".join(a.name for a in parsed.authors))

    def target_session(self) -> _SessionDraft:
        """Where the next paper goes: the current session, the column whose cell is being read,
        or the next interleaved track."""
        if self.columns and self.cell_of_columns and self.cell_of_columns[0] is self.columns:
            return self.columns[min(self.cell_of_columns[1], len(self.columns) - 1)]
        if self.columns:
            session = self.columns[self.column_turn % len(self.columns)]
            self.column_turn += 1
            return session
        assert self.current is not None
        return self.current

    def add_paper(self, title: str, line: int, tr: TimeRange | None = None) -> _PaperDraft:
        self.ensure_session(line)
        session = self.target_session()
        if tr is None and self.pending_time is not None:
            tr = self.pending_time  # "10:00 | Name (Affiliation)" / "Title": the row's time
        self.pending_time = None
        title = self.strip_marks(title)
        if title[:5] in ("TITLE", "Title"):
            title = _TITLE_FIELD.sub("", title) or title  # "TITLE PipeDream: ..."
        self.read(line, TITLE, 1.0 - 0.5 * author_line_score(title))
        paper = _PaperDraft(title=title, line=line)
        if tr is not None:
            paper.start, paper.end = tr.start, tr.end
        session.papers.append(paper)
        if self.columns and session in self.columns:
            self.papers_in_turn.append((session, paper))
        self.paper = paper
        if self.pending_authors is not None:
            parsed, number = self.pending_authors
            self.pending_authors = None
            self.attach_authors(parsed, number)
        return paper

    def people_in(self, text: str) -> AuthorLine:
        """The people of an author or speaker line, as this page prints them."""
        return self.page_reading(parse_author_line(text), text)

    def page_reading(self, parsed: AuthorLine, text: str) -> AuthorLine:
        """`parsed` (the people of `text`) read by this page's conventions."""
        if self.name_comma_affiliation:
            return _one_person_and_affiliation(parsed, text, self.known_names)
        return parsed

    def attach_authors(self, parsed: AuthorLine, number: int, text: str = "") -> None:
        assert self.paper is not None
        if text:
            parsed = self.page_reading(parsed, text)
        if number == self.paper.line:
            self.readings.pop(number, None)  # the title's line carries its authors too
            self.read(number, TITLE_AUTHORS, 0.9)
        else:
            self.read(number, AUTHORS, max(0.5, author_line_score(text)) if text else 0.9)
        self.last_author_text = text
        self.paper.authors.extend(parsed.authors)
        self.paper.authors_line = number
        for problem in parsed.problems:
            self.warn(number, problem)

    # -- the walk --
    def run(self) -> None:
        lines = self.lines
        start = self._program_start()
        self._date_of_the_page(start)
        i = 0
        while i < len(lines):
            line = lines[i]
            if i < start and line.kind in (LineKind.TEXT, LineKind.JUNK):
                self.read(line.number, NOISE, 0.8)
                self.warn(line.number, f"before the program starts; ignored: {line.text[:80]!r}")
                i += 1
                continue
            if self.columns and _opens_next_cell(line):
                self._next_column_cell()
            if i in self.item_times:
                self._open_item_timed_below(i)
            if self._on_day_columns(line):
                i += 1
                continue
            self.walking = i
            consumed = self.handlers[line.kind](i, line)
            if line.kind is not LineKind.BLANK:
                self.read(line.number, *_DEFAULT_READING[line.kind])
            i += consumed or 1
        self.flush_pending_authors()
        for number, reading in sorted(self.readings.items()):
            if reading.confidence < UNSURE:
                self.warn(number, f"unsure of this line; read it as {reading.label}")

    def _program_start(self) -> int:
        """Index of the first line of the program proper: the line above its first time, day,
        session header or chair (a title printed above its time), or the line above a pretalx
        meta line. Text before it is the page's introduction, legend or navigation."""
        anchors = (
            LineKind.DAY,
            LineKind.TIME,
            LineKind.META,
            LineKind.SESSION_HEADER,
            LineKind.CHAIR,
            LineKind.TABLE_HEADER,
        )
        first = next((i for i, line in enumerate(self.lines) if line.kind in anchors), None)
        if first is None:
            return 0
        above = first - 1
        while above >= 0 and self.lines[above].kind is LineKind.BLANK:
            above -= 1
        titled = (
            above >= 0
            and self.lines[first].kind not in (LineKind.TABLE_HEADER, LineKind.DAY)
            and self.lines[above].kind is LineKind.TEXT
            and len(self.lines[above].text.split()) <= 20
        )
        return above if titled else first

    def _date_of_the_page(self, start: int) -> None:
        """A one-day program that prints no day header names its date once, in its
        introduction ("Held with EuroSys 2023 on May 8th 2023, Rome"): every item is on it."""
        if any(line.kind in (LineKind.DAY, LineKind.META) for line in self.lines):
            return
        for line in self.lines[: max(start, 1)]:
            found = find_date(line.text)
            if found is not None and found.month is not None and found.day is not None:
                self.days.append(DayDraft(line.text[:60], found, line.number))
                return
        heads = self.lines[start].cells if start < len(self.lines) else []
        days = [parse_day_header(cell) for cell in heads if cell]
        if len(days) >= 2 and all(days):
            # "| Mardi 22 juin | Mercredi 23 juin |" over a grid of the days side by side (its
            # rowspans lose the columns in a copy), then the first day's items: they are on
            # the first day.
            first = days[0]
            assert first is not None
            self.days.append(DayDraft(first[1], first[0], self.lines[start].number))

    def next_nonblank(self, i: int) -> Line | None:
        if i < 0:
            return None  # a cell handled on its own (`dispatch_cell`) has no line below
        at = self.after[i + 1] if i + 1 < len(self.after) else None
        return self.lines[at] if at is not None else None

    def on_blank(self, i: int, line: Line) -> int:
        return 1

    def on_junk(self, i: int, line: Line) -> int:
        self.warn(line.number, f"not understood, ignored: {line.text[:80]!r}")
        return 1

    def on_zone_note(self, i: int, line: Line) -> int:
        label = zone_label_in(line.text)
        if label:
            self.zone_notes.append((label, line.number))
        return 1

    def on_day(self, i: int, line: Line) -> int:
        assert line.day is not None
        above = self.before[i - 1] if i > 0 else None
        if (
            above is not None
            and self.days
            and self.lines[above].kind is LineKind.DAY
            and self.lines[above].number >= self.days[-1].line
            and self.days[-1].expr.day is not None
            and line.day.day is not None
            and (self.days[-1].expr.month, self.days[-1].expr.day) != (line.day.month, line.day.day)
            and not self._restates_listed_day(line.day)
        ):
            # "Mardi 22 juin" / "Mercredi 23 juin" / "Jeudi 24 juin": a page's tabs of its
            # days, one under the other; the items below are the first day's.
            self.read(line.number, NOISE, 0.8)
            return 1
        self.close_paper()
        self.flush_pending_authors()
        self.day_in_force = None
        self.days.append(DayDraft(line.text, line.day, line.number))
        label = zone_label_in(line.text)  # "Monday, June 2 (all times in CEST)"
        if label and ZONE_NOTE.search(line.text):
            self.zone_notes.append((label, line.number))
        self.room_columns = None
        self.room_in_force = None
        current = self.current
        if (
            current is not None
            and current.from_header
            and current.start is None
            and not current.papers
        ):
            # "Session" / "1.1: Climate Policy" / "Time:" / "Wednesday, 04/Sept/2024:" /
            # "9:00am - 10:30am": the day of the session just named, not a new day's start.
            current.day_index = len(self.days) - 1
        else:
            self.current = None
        self.columns = []
        self.slot = None
        return 1

    def _restates_listed_day(self, day: DayExpr) -> bool:
        """Whether `day` is the first of the days listed since the last item: "28 Nisan
        Pazartesi" / "Kurs" / "29 Nisan Salı" / "28 NİSAN 2025, PAZARTESİ", the page's tabs of
        its days (each with a subtitle), then the first day's own header, whose items follow."""
        # A tab's subtitle ("Kurs") may be read as an untimed paper; only a timed item ends
        # the list.
        timed = [s.line for s in self.sessions if s.start is not None]
        last_item = timed[-1] if timed else -1
        listed = [d for d in self.days if d.line > last_item]
        return len(listed) > 1 and (listed[0].expr.month, listed[0].expr.day) == (
            day.month,
            day.day,
        )

    def on_label(self, i: int, line: Line) -> int:
        """`Time:`, `Presentations`: a field's name; its value is on the lines below. A room's
        description under its `Location:` line is kept as a note of the session."""
        if not line.text.rstrip(":：").strip().lower().isalpha() and self.current is not None:
            self.current.notes.append(line.text)
            self.read(line.number, NOTE, 0.8)
        return 1

    def on_link(self, i: int, line: Line) -> int:
        # Links of a talk still waiting for its title ("Slides") are worth keeping as notes;
        # the links under a paper ("Paper") carry no text of their own.
        session = self.current
        if (
            session is not None
            and not session.papers
            and (session.expects_talk_title or session.speakers)
        ):
            session.notes.append(line.text)
        return 1

    def on_title_label(self, i: int, line: Line) -> int:
        if self.current is not None:
            self.current.expects_talk_title = True
        return 1

    def on_table_header(self, i: int, line: Line) -> int:
        self.table_columns = [c.lower().rstrip(":") for c in line.cells]
        self.header_roles = self.table_columns
        self.paper_table = _paper_table(line.cells)
        rooms = [
            None
            if c.lower().rstrip(":") in _NOT_ROOMS or ("(" in c and not ROOM_CELL.match(c))
            else c
            for c in line.cells
        ]
        # "Time | Room A | Room B": a timetable whose columns are rooms ("Hall 1 (Level 2)" a
        # room with its floor; "Track A (Aula)" a track, read by its rows).
        self.room_columns = rooms if sum(r is not None for r in rooms[1:]) >= 2 else None
        self.room_cell_speakers = self.room_columns is not None and self._speakers_in_cells(i)
        return 1

    def _speakers_in_cells(self, i: int) -> bool:
        """Whether the items of the timetable of rooms below line `i` name their speaker in
        parentheses, nearly every one: the room is the column's, so what each cell adds in
        parentheses (a name, a first name) is who gives it."""
        cells: list[str] = []
        for line in self.lines[i + 1 :]:
            if line.kind is LineKind.BLANK:
                continue
            if line.kind is not LineKind.TIME or len(line.cells) < 2:
                break
            cells += [
                c for c in line.cells[1:] if c and classify_kind(c, paper_count=0) not in _NOT_TALKS
            ]
        named = sum(1 for c in cells if _PARENTHESISED_PERSON.search(c))
        return len(cells) >= 4 and named >= 0.75 * len(cells)

    def _items_in_rooms(self, line: Line, tr: TimeRange) -> bool:
        """`09:00-10:30 | Session 1A | Session 1B` under a header of rooms: one item per
        filled cell, in its column's room. A row with one cell in the first column (a break
        across the rooms) is read as any other row."""
        rooms = self.room_columns
        assert rooms is not None
        filled = [(index, cell) for index, cell in enumerate(line.cells) if index and cell]
        if len(line.cells) > len(rooms) or not filled or (len(filled) == 1 and filled[0][0] == 1):
            return False
        self.columns = []
        track: list[_SessionDraft] = []
        for index, cell in filled:
            text, printed_room = self.split_room(cell)
            named = _PARENTHESISED_PERSON.search(text) if self.room_cell_speakers else None
            if named:
                text = clean(text[: named.start()] + text[named.end() :]).replace(" :", ":")
            session = self.open_session(
                line.number,
                title=_strip_session_title(text),
                start=tr.start,
                end=tr.end,
                room=printed_room or rooms[index],
            )
            session.timed_by_own_line = True
            if named:
                session.talk_title = session.title
                session.speakers = [Person(named["who"], None)]
            else:
                self._speakers_from_title(session)
            track.append(session)
        # Rows timed inside the slot below fill these sessions column by column.
        self.grid = track if len(track) > 1 else []
        self.slot = (tr.start, tr.end)
        return True

    def on_location(self, i: int, line: Line) -> int:
        m = LOCATION.match(line.text)
        assert m is not None
        room = clean(m.group("room"))
        below = self.next_nonblank(i)
        current = self.current
        if below is not None and below.kind is LineKind.TIME:
            heading = self._is_heading_above(line)
            if current is None or current.room is not None or heading:
                # "Room : TD 11" / "08:30 – 10:30" where the item above has its room already:
                # the room of the item that time opens. A "paper" just above it, with its
                # names, was the heading of what follows (a workshop and its organisers).
                self.pending_room = room
                if heading:
                    self._take_heading_above()
                return 1
        session = self.ensure_session(line.number)
        session.room = room
        return 1

    def _is_heading_above(self, line: Line) -> bool:
        """Is the "paper" just above this line, with its names, a heading over what follows
        (`PaPoC: Workshop on ...` / its organisers) rather than the item's last paper?"""
        paper, current = self.paper, self.current
        return (
            paper is not None
            and current is not None
            and bool(current.papers)
            and current.papers[-1] is paper
            and paper.authors_line == self._previous_text_line(line)
            and paper.start is None
            and bool(_HEADING_WORD.search(paper.title))
        )

    def _take_heading_above(self) -> None:
        """The heading `_is_heading_above` found: off the papers, the track of what follows."""
        paper, current = self.paper, self.current
        assert paper is not None
        assert current is not None
        current.papers.pop()
        self.paper = None
        self.track_name = paper.title
        self.read(paper.line, SESSION_HEADER, 0.7)

    def on_room(self, i: int, line: Line) -> int:
        """A place alone on its line: the room of the session it follows, or, once that session
        has papers or a room, of the next session (printed above its title)."""
        room = re.sub(r"\s*\([^()]*\)$", "", line.text)  # "Zoom Room (the same URL as before)"
        session = self.current
        below = self.next_nonblank(i)
        closes_item = below is None or below.kind in (LineKind.TIME, LineKind.DAY)
        if self.room_headings and below is not None and below.kind is LineKind.TIME:
            self.room_in_force = room
            self.pending_room = None
            return 1
        if session is not None and session.room is None and (not session.papers or closes_item):
            # Its session's room: printed under its title, or last, right before the next time.
            session.room = room
        else:
            self.pending_room = room
        return 1

    def on_start_at(self, i: int, line: Line) -> int:
        """`Start: 2020-08-31T08:00:00Z` under an item's header: its date and start."""
        m = START_AT.match(line.text)
        assert m is not None
        session = self.ensure_session(line.number)
        session.start = time(int(m.group("h")) % 24, int(m.group("mi")))
        session.timed_by_own_line = True
        expr = DayExpr(int(m.group("y")), int(m.group("mo")), int(m.group("d")), None, (0, 0))
        session.day_index = self._dated_day(expr, line.number)
        zone = m.group("zone")
        if zone:
            session.zone_label = "UTC" if zone.upper() in ("Z", "UTC") else "UTC" + zone
            session.zone_line = line.number
        return 1

    def on_duration(self, i: int, line: Line) -> int:
        """`Duration: 70 min`: the item ends that long after it starts."""
        m = DURATION.match(line.text)
        assert m is not None
        minutes = int(m.group("h") or 0) * 60 + int(m.group("m") or 0)
        paper = self.paper
        if paper is not None and paper.start is not None and paper.end is None:
            paper.end = _minutes_after(paper.start, minutes)  # "09:10" / title / "40m"
            return 1
        session = self.current
        if session is None or session.start is None:
            session_notes = session.notes if session is not None else None
            if session_notes is not None:
                session_notes.append(line.text)
            return 1
        if session.end is None or not session.papers:
            session.end = _minutes_after(session.start, minutes)
        return 1

    def _dated_day(self, expr: DayExpr, number: int, label: str | None = None) -> int:
        for index, known in enumerate(self.days):
            e = known.expr
            if (e.year, e.month, e.day) == (expr.year, expr.month, expr.day):
                return index
        label = label or f"{expr.year}-{expr.month:02d}-{expr.day:02d}"
        self.days.append(DayDraft(label, expr, number))
        return len(self.days) - 1

    def on_meta(self, i: int, line: Line) -> int:
        """pretalx: the line before is the title (unless it belongs to a paper)."""
        m = META.match(line.text)
        assert m is not None
        assert line.time is not None
        tr = line.time
        rest = m.group("rest")[tr.span[1] :]
        zone = re.match(r"\s*\((?P<z>[^)]*)\)", rest)
        if zone:
            rest = rest[zone.end() :]
        room = clean(rest.lstrip(" ,;|-–—")) or None
        title_line = self._title_line_before(i)
        session = self.open_session(
            title_line.number if title_line else line.number,
            title=_strip_session_title(title_line.text) if title_line else None,
            start=tr.start,
            end=tr.end,
            room=room,
        )
        session.day_index = self._meta_day(int(m.group("m")), int(m.group("d")), line.number)
        label = zone.group("z") if zone else tr.zone_label
        if label:
            session.zone_label, session.zone_line = label.strip(), line.number
        self._speakers_from_title(session)
        self.slot = (tr.start, tr.end)
        self.columns = []
        return 1

    def _title_line_before(self, i: int) -> Line | None:
        while i > 0 and self.lines[i - 1].kind is LineKind.JUNK:
            i -= 1  # already warned about; the title is above it
        if i <= 0:
            return None
        before = self.lines[i - 1]
        if before.kind in (LineKind.TEXT, LineKind.SESSION_HEADER, LineKind.TIME):
            return before
        return None

    def _meta_day(self, month: int, day: int, number: int) -> int:
        for index, known in enumerate(self.days):
            if known.expr.month == month and known.expr.day == day:
                return index
        expr = DayExpr(None, month, day, None, (0, 0))
        self.days.append(DayDraft(f"{month:02d}-{day:02d}", expr, number))
        return len(self.days) - 1

    def _on_day_columns(self, line: Line) -> bool:
        """Read a line of a timetable with one column per day (`| Time | Monday | Tuesday |`,
        then `9:00 - 10:30 | Yves Bertot | Emily Riehl |`): each cell an item of its
        column's day. True when the line was read so."""
        cells = line.cells
        days = [parse_day_header(c) if c else None for c in cells[1:]]
        if (
            len([d for d in days if d]) >= 2
            and all(d or not c for d, c in zip(days, cells[1:], strict=True))
            and (not cells[0] or FIELD_LABEL.match(cells[0].rstrip(":")))
        ):
            self.close_paper()
            columns: list[int | None] = [None]
            for found in days:
                if found is None:
                    columns.append(None)
                    continue
                self.days.append(DayDraft(found[1], found[0], line.number))
                columns.append(len(self.days) - 1)
            self.day_columns = columns
            self.day_in_force = next(c for c in columns if c is not None)
            self.day_column_items = {}
            self.current = None
            self.read(line.number, NOTE, 0.9)
            return True
        if self.day_columns is None:
            return False
        if line.kind in (LineKind.BLANK, LineKind.DAY, LineKind.TABLE_HEADER):
            self.day_columns = None  # the timetable has ended
            return False
        if len(cells) < 2:
            return False  # "Coffee break" across all the days
        tr = line.time if line.kind is LineKind.TIME else None
        if tr is None and cells[0]:
            self.day_columns = None
            return False
        for index, cell in enumerate(cells[1:], start=1):
            day = self.day_columns[index] if index < len(self.day_columns) else None
            if not cell or day is None:
                continue
            if tr is not None:
                # "9:00 - 10:30 | Yves Bertot | …": an item on that column's day.
                item = self.open_session(
                    line.number,
                    title=_strip_session_title(cell),
                    start=tr.start,
                    end=tr.end,
                    day_index=day,
                )
                self._speakers_from_title(item)
                self.day_column_items[index] = item
            elif index in self.day_column_items:
                # " | Black hole mimickers | …": more of the item above in that column.
                self.current = self.day_column_items[index]
                self.close_paper()
                self.current.notes.append(cell)
        return True

    def _open_item_timed_below(self, i: int) -> None:
        """`OUVERTURE DES JOURNÉES` / `Zoom` / `11h-11h10`: an item whose time is printed
        after it opens at its first line, timed by the line that closes it."""
        closing = self.lines[self.item_times[i]]
        assert closing.time is not None
        tr = closing.time
        self.close_paper()
        session = self.open_session(
            self.lines[i].number, start=tr.start, end=tr.end, expects_title=True
        )
        if tr.zone_label:
            session.zone_label, session.zone_line = tr.zone_label, closing.number
        self.slot = (tr.start, tr.end)
        self.columns = []
        self.grid = []

    def on_time(self, i: int, line: Line) -> int:
        """A line carrying a time: a session's or a paper's slot (see `_on_time`). A date printed
        before the time (`Date & Time : October 25 10:40 am - 11:40 am`) is the slot's day."""
        assert line.time is not None
        source = (
            line.cells[0] if len([c for c in line.cells if c]) > 1 and line.cells[0] else line.text
        )
        slot_day = _slot_date(source[: line.time.span[0]])
        if slot_day is None:
            return self._on_time(i, line)
        self.day_override = self._dated_day(slot_day, line.number, line.text)
        try:
            return self._on_time(i, line)
        finally:
            self.day_override = None

    def _on_time(self, i: int, line: Line) -> int:
        assert line.time is not None
        if i in self.closing_times:
            return 1  # its item is already open, timed by it
        tr = line.time
        source = (
            line.cells[0] if len([c for c in line.cells if c]) > 1 and line.cells[0] else line.text
        )
        before = source[: tr.span[0]].strip()
        if self.day_override is not None:
            before = ""  # the slot's date, read by on_time
        after = source[tr.span[1] :].strip()
        other_cells = [c for c in line.cells[1:] if c] if source is line.cells[0] else []
        weekday_prefix = re.fullmatch(r"([A-Za-z]{2,9})\.?,?", before)
        if weekday_prefix and parse_day_header(weekday_prefix.group(1)):
            self._day_from_prefix(weekday_prefix.group(1), line.number)
            before = ""
        elif before.lower().rstrip(".,") in _CLOCK_WORDS:
            before = ""  # "Ore 9:00 – Apertura", "Um 9:00 Uhr": the word for "at", "hours"
        if self.grid and self._fills_grid(tr, other_cells):
            for track, cell in zip(self.grid, other_cells, strict=False):
                self.current = track
                self._grid_cell(cell, line, tr)
            return 1
        self.grid = []
        if self.room_columns and source is line.cells[0] and self._items_in_rooms(line, tr):
            return 1
        if self.paper_table is not None and self._paper_of_session_column(line, tr):
            return 1
        # A time inside the current session's slot, with a title beside it: a paper's own time.
        if (
            self.current is not None
            and self.current.start is not None
            and self.current.end is not None
            and (other_cells or after)
            and not find_chair_label(after)
            and not SESSION_LABEL.match(after)
            and self.current.start <= tr.start
            and (tr.end is not None or tr.start < self.current.end)
            and (tr.end is None or tr.end <= self.current.end)
            and (
                (tr.start, tr.end) != (self.current.start, self.current.end)
                or self._shares_the_session_slot(i)
            )
            and _holds_contributions(self.current.title)
            and not is_own_item(other_cells[0] if other_cells else after)
        ):
            cells = other_cells or [after]
            if len(cells) == 1 and self._names_people_above_title(cells[0], i):
                # "10:30 | Bob Jones, Carol White and Dan Brown" / "Model Checking Queues".
                self.flush_pending_authors()
                self.pending_authors = (parse_author_line(cells[0]), line.number)
                self.pending_time = tr
                self.read(line.number, AUTHORS, max(0.5, author_line_score(cells[0])))
                return 1
            self._paper_row(cells, line, tr)
            return 1
        people_below = (
            self._people_below_bare_time(i, tr) if not other_cells and not after else None
        )
        if people_below is not None:
            # "08:00<TAB>" / "Ann Lee, Bo Li and Cy Wu" / "Title": a talk's own start, its cell
            # beside the time opening with its authors (a block, so a line of its own), then
            # its title.
            people = self.lines[people_below]
            self.flush_pending_authors()
            self.pending_authors = (parse_author_line(people.text), people.number)
            self.pending_time = tr
            self.read(people.number, AUTHORS, max(0.5, author_line_score(people.text)))
            return people_below - i + 1
        if not other_cells and not after and self._starts_a_contribution(i, tr):
            # "09:00 → 10:30" / "Plenary" / "09:10" / "Talk title" / "40m": a talk's own start,
            # printed bare inside its session's slot, with its title on the next line.
            below = self.after[i + 1]
            assert below is not None
            title_line = self.lines[below]
            self._paper_row([title_line.text], title_line, tr)
            return below - i + 1
        beside = " ".join(other_cells) if other_cells else after.lstrip(":|-–—~, ")
        header_talk = (
            self._talk_in_cells(other_cells[0], other_cells[1:], line.cells)
            if len(other_cells) >= 2
            and self.current is not None
            and self.current.from_header
            and not self.current.timed_by_own_line
            else None
        )
        if header_talk is not None:
            # "Session: Prion Biology, chairs: …" then "10:00- 10:45 | Title | Speaker": a
            # header printed without a time, each talk a row of its cells; the session spans them.
            talk_title, speakers, _beside_talk = header_talk
            paper = self.add_paper(talk_title, line.number, tr)
            paper.authors.extend(speakers)
            self.known_names.update(a.name for a in speakers)
            return 1
        if (
            self.current is not None
            and self.current.from_header
            and not self.current.timed_by_own_line
            and beside
            and self._contribution_row(beside, i)
        ):
            # "Session 1 | Chair: X" then "09:15 — 09:35 | A and B. Title": a header printed
            # without a time, its papers with theirs; the session spans them.
            self._timed_contribution(beside, line, tr, i)
            return 1
        if (
            self.current is not None
            and self.current.from_header
            and not self.current.timed_by_own_line
            and not self.current.papers
            and classify_kind(beside, paper_count=0) is SessionKind.PLENARY
            and len(beside.split()) <= 6
        ):
            # "Session 4 | Best Paper Session" then "16:15 — 16:20 | Introduction to best
            # papers": the opening of the session, before its papers.
            self.current.notes.append(beside)
            self.current.sub_rows.append((tr.start, tr.end))
            return 1
        title_text = ""
        label = before.rstrip(":").strip() if before.endswith(":") else ""
        if before and not label:
            title_text = before  # "Cache Me If You Can 14:30 - 15:45 Session Chair: ..."
        rest = after.lstrip(":|-–—~, ").strip()
        if DURATION.match(rest):
            rest = ""  # "09:20 - 10:15 55m | Keynote": the slot's length, not its title
        rest, chair_text = _split_chair(rest)
        if label and not rest and not FIELD_LABEL.match(label):
            title_text = label  # "Lunch: 12:00–13:30" (but "Time: 10:30 - 12:00" names nothing)
        elif rest:
            title_text = (title_text + " " + rest).strip() if title_text else rest
        if _SLOT_ONLY.match(title_text):
            title_text = ""
        room = None
        if ROOM_CELL.match(title_text):
            room, title_text = title_text, ""  # "10:30-12:00, Room 101"
        current = self.current
        if (
            not title_text
            and current is not None
            and current.title
            and current.from_header
            and not current.timed_by_own_line
            and not current.papers
        ):
            # "Session 2A: Storage" / "Chair: …" / "10:30-12:00, Room 101": the time (and
            # room) of the session just named.
            current.start, current.end = tr.start, tr.end
            current.timed_by_own_line = True
            current.room = current.room or room
            if self.day_override is not None:
                current.day_index = self.day_override
            if tr.zone_label:
                current.zone_label, current.zone_line = tr.zone_label, line.number
            self.slot = (tr.start, tr.end)
            return 1
        if (
            not title_text
            and not other_cells
            and current is not None
            and not current.papers
            and not current.speakers
            and (current.start, current.end) == (tr.start, tr.end)
        ):
            return 1  # "10:45 – 12:15" / title / room / "Tuesday 10:45 – 12:15": printed twice
        if not title_text:
            # "12:00 – 13:30 | Lunch": the title in a cell of its own.
            for cell in other_cells:
                if not ROOM_CELL.match(cell) and not is_link_line(cell):
                    other_cells.remove(cell)
                    # "09:30 – 10:30 | Invited Talks (Session Chair: Wenying Zhang)"
                    title_text, chair_text = _split_chair(cell)
                    break
        previous_title = None
        if not title_text:
            previous_title = self._title_before_time(i)
        self.columns = []
        if title_text:
            inline = INLINE_LOCATION.search(title_text)
            if inline:
                room = clean(inline.group("room"))
                title_text = title_text[: inline.start()].strip()
            title_text, printed_room = self.split_room(title_text)
            room = room or printed_room
            if room is None:
                title_text, room = _room_in_parentheses(title_text)
        if (
            title_text
            and previous_title is None
            and not chair_text
            and self._timed_people_above_title(title_text, i)
        ):
            # "9:30-10:00 | Ana Silva | Bo Li" / " | Fast Joins on GPUs": who gives the talk,
            # its title on the row below; the row's other cells (a mentor, a discussant) are
            # no part of it.
            session = self.open_session(line.number, start=tr.start, end=tr.end, room=room)
            session.speakers = list(parse_author_line(title_text).authors)
            session.expects_talk_title = True
            _file_cells_beside(session, other_cells)
            self.slot = (tr.start, tr.end)
            self.read(line.number, AUTHORS, 0.8)
            return 1
        talk = (
            self._talk_in_cells(title_text, other_cells, line.cells)
            if title_text and previous_title is None and not chair_text
            else None
        )
        if talk is not None:
            # "09:00-09:45 | John Smith (Oxford) | Spectral Gaps": one talk per timed row, its
            # speaker and its title in cells of their own, in either order.
            talk_title, speakers, beside_talk = talk
            session = self.open_session(
                line.number, title=talk_title, start=tr.start, end=tr.end, room=room
            )
            session.speakers = speakers
            for cell in (title_text, *other_cells):
                keynote = LEADING_MARK.match(cell)
                if keynote and _keynote_mark(keynote.group("mark")):
                    # "Alan Ruttenberg | [Keynote] Can we reduce …": a keynote, and its title
                    session.title, session.talk_title = keynote.group("mark"), talk_title
            _file_cells_beside(session, beside_talk)
            self.slot = (tr.start, tr.end)
            return 1
        session = self.open_session(
            previous_title.number if previous_title else line.number,
            title=_strip_session_title(previous_title.text if previous_title else title_text)
            or None,
            start=tr.start,
            end=tr.end,
            room=room,
            # "11:30-13:00 | Chairs: A, B" opening a cell of talks: an untitled session.
            expects_title=not title_text and previous_title is None and not chair_text,
        )
        if tr.zone_label:
            session.zone_label, session.zone_line = tr.zone_label, line.number
        self.slot = (tr.start, tr.end)
        if chair_text:
            self._add_chairs(session, chair_text, line.number)
        self._speakers_from_title(session)
        self.grid = []
        if (
            other_cells
            and title_text
            and all(SESSION_LABEL.match(c) for c in [title_text, *other_cells])
        ):
            # "10:30–12:00 | Session A3: Syntax | Session B3: Speech": parallel tracks in the
            # columns of one timetable; the rows below fill them column by column.
            self.grid = [session]
            for cell in other_cells:
                track = self.open_session(
                    line.number, title=_strip_session_title(cell), start=tr.start, end=tr.end
                )
                track.from_header = True
                self.grid.append(track)
            self.current = session
            return 1
        for cell in other_cells:
            if ROOM_CELL.match(cell) and session.room is None:
                session.room = cell
            else:
                self.dispatch_cell(cell, line)
        return 1

    def _paper_of_session_column(self, line: Line, tr: TimeRange) -> bool:
        """`15:30 | Big data | Ana Silva | P9 | Title` under `Time | Session | Presenter |
        Venue | Title`: a row per paper, each naming its session, as a spreadsheet prints them.
        A run of rows of one session name and room is that session; rows that only repeat its
        slot give their papers no time of their own."""
        fields = self.paper_table
        assert fields is not None
        if len(line.cells) != len(self.header_roles):
            return False
        name, title = line.cells[fields["session"]], line.cells[fields["title"]]
        if not name or not title:
            return False
        room = line.cells[fields["room"]] or None if "room" in fields else None
        session = self.current
        own_time: TimeRange | None = None
        if (
            session is None
            or session.title != name
            or session.room != room
            or session.day_index != self._day_index()
            or not session.papers
            or session.start is None
            or tr.start < session.start
        ):
            session = self.open_session(line.number, title=name, start=tr.start, end=tr.end)
            session.room = room or session.room
            session.timed_by_own_line = True
        elif session.papers[0].start is not None or (tr.start, tr.end) != (
            session.start,
            session.end,
        ):
            # Its papers have times of their own: the earlier ones held the opening slot.
            for earlier in session.papers:
                if earlier.start is None:
                    earlier.start, earlier.end = session.start, session.end
            if tr.end is not None and (session.end is None or tr.end > session.end):
                session.end = tr.end
            own_time = tr
        self.columns = []
        self.current = session
        self.add_paper(title, line.number, own_time)
        people = line.cells[fields["authors"]]
        if people:
            parsed = parse_author_line(people)
            self.attach_authors(parsed, line.number, people)
            self.known_names.update(a.name for a in parsed.authors)
        self.slot = (session.start, session.end)
        return True

    def _title_before_time(self, i: int) -> Line | None:
        """`Session #1: Edge AI` / `11:00 - 11:45`: a title printed above its bare time line."""
        if i <= 0:
            return None
        before = self.lines[i - 1]
        if before.kind is LineKind.BLANK and self.title_side == "above":
            # "Coffee Break" / "" / "Time: 10:30-11:00": on this page titles stand above.
            at = self.before[i - 1]
            before = self.lines[at] if at is not None else before
        if before.kind is LineKind.ROOM and i >= 2:
            before = self.lines[i - 2]  # title / room / time: the room is already pending
        if before.kind not in (LineKind.TEXT, LineKind.SESSION_HEADER) or is_prose(before.text):
            return None
        if self.current is not None and self.current.expects_title:
            return None
        # A break printed above its time, on a page that prints titles above: surely its title,
        # even where its words look like names ("Coffee Break and Discussion Time").
        break_above = self.title_side == "above" and is_own_item(before.text)
        if (
            not break_above
            and author_line_score(before.text) >= 0.8
            and before.kind is LineKind.TEXT
        ):
            return None
        after = self.next_nonblank(i)
        if (
            self.title_side == "below"
            and after is not None
            and after.kind in (LineKind.TEXT, LineKind.SESSION_HEADER)
            and (
                author_line_score(after.text) < 0.8
                or is_own_item(after.text)  # "Lunch (catered for registered participants)"
                or self._speakers_above_title(self.after[i + 1], more=False)
            )
        ):
            return None  # this page prints every title below its time (maybe under speakers)
        if (
            not break_above
            and before.kind is LineKind.TEXT
            and after is not None
            and after.kind in (LineKind.TEXT, LineKind.SESSION_HEADER)
            and len([c for c in after.cells if c]) == 1
            and author_line_score(after.text) < 0.5
            and (self.current is None or _holds_contributions(self.current.title))
        ):
            # The title follows the time line; the line above belongs to the last item (which
            # a break cannot: "Coffee Break" / time / "Keynote: Ana Silva" / time / her title).
            return None
        if self.paper is not None and self.paper.line == before.number:
            # It was taken as a paper title of the session before; it is this one's title.
            assert self.current is not None
            for session in self.sessions:
                if session.papers and session.papers[-1] is self.paper:
                    session.papers.pop()
            self.paper = None
        elif self.current is not None and self.current.line == before.number:
            if self.current.speakers:
                # "11:15 – 11:40" / "Nick Thieberger, …" / "Documenting …" / "11:40 – 12:05":
                # an item with its speaker and title is whole; the time opens the next one.
                return None
            self.sessions.remove(self.current)
            self.current = None
        return before

    def _day_from_prefix(self, word: str, number: int) -> None:
        header = parse_day_header(word)
        if header is None:
            return
        expr = header[0]
        if self.days and self.days[-1].expr.weekday == expr.weekday:
            return
        self.days.append(DayDraft(word, expr, number))

    def on_chair(self, i: int, line: Line) -> int:
        filled = [c for c in line.cells if c]
        if self.grid and len(filled) == len(self.grid) and all(CHAIR.match(c) for c in filled):
            # "| Chair: A | Chair: B" under a row of parallel sessions: one chair per column.
            for track, cell in zip(self.grid, filled, strict=True):
                found = CHAIR.match(cell)
                assert found is not None
                self._add_chairs(track, cell[found.end() :], line.number)
            return 1
        first = line.cells[0] if line.cells[0] else line.text
        m = CHAIR.match(first)
        assert m is not None or CHAIR.match(line.text)
        m = m or CHAIR.match(line.text)
        assert m is not None
        session = self.current
        if session is None or (
            session.papers and not self.columns and not self._closes_its_item(session, i)
        ):
            session = self.open_session(line.number)
        elif self.columns and session.chairs and session is self.columns[-1]:
            session = self.columns[-1]
        text = first[m.end() :] if first is line.cells[0] else line.text[m.end() :]
        if first.lstrip().startswith("("):
            text = text.rstrip(")")
        consumed = 1
        below = self.after[i + 1] if i >= 0 and i + 1 < len(self.after) else None
        if not text.strip() and len(filled) == 1 and below is not None:
            named = self.lines[below]
            if named.kind is LineKind.TEXT and author_line_score(named.text) >= 0.5:
                # "Chair:" / "Jane Doe (University of Oxford)": the name on the line below.
                text, consumed = named.text, below - i + 1
                self.read(named.number, CHAIR_LABEL, 0.9)
        groups = [g for g in CHAIR.split(text) if g.strip()]
        if len(groups) > 1 and not session.papers:
            sessions = self._split_side_by_side(session, len(groups), line.number)
            for target, group in zip(sessions, groups, strict=False):
                self._add_chairs(target, group, line.number)
        else:
            self._add_chairs(session, text, line.number)
        for cell in [c for c in line.cells[1:] if c]:
            self.dispatch_cell(cell, line)
        return consumed

    def _split_side_by_side(
        self, session: _SessionDraft, count: int, number: int
    ) -> list[_SessionDraft]:
        """`Storage — Fast?Networks — On!` over `Chair: A (X)Chair: B (Y)`: two sessions printed
        side by side and run together. Split the title where a word runs into the next."""
        title = session.title or ""
        cuts = [m.start() for m in re.finditer(r"(?<=[?!.)\]])(?=[A-Z])", title)]
        if len(cuts) != count - 1:
            cuts = [m.start() for m in re.finditer(r"(?<=[a-z?!.)\]])(?=[A-Z][a-z])", title)]
        if len(cuts) != count - 1:
            self.warn(number, f"{count} chairs on one line for one session; all kept on it")
            return [session] * count
        bounds = [0, *cuts, len(title)]
        session.title = title[: cuts[0]]
        sessions = [session]
        for start, end in itertools.pairwise(bounds[1:]):
            sessions.append(
                self.open_session(
                    number, title=title[start:end], start=session.start, end=session.end, room=None
                )
            )
            sessions[-1].day_index = session.day_index
        self.columns = sessions
        self.column_turn = 0
        self.warn(
            number,
            f"{count} sessions printed side by side; split into "
            + " / ".join(repr(s.title) for s in sessions),
        )
        return sessions

    def split_sentence(self, text: str) -> tuple[str, AuthorLine, bool] | None:
        """Title and authors in one line: `Title. Authors`, `Authors. Title`, or
        `Talk: Title — Name, Affiliation`."""
        found = split_sentence_authors(text, authors_first_page=self.authors_first_page)
        if found is not None:
            return found
        dashed = split_dash_speakers(text)
        if dashed is not None:
            return dashed[0], AuthorLine(dashed[1]), False
        colon = split_colon_authors(text)
        if colon is not None:
            return colon[0], colon[1], True
        by = split_by_line(text) if self.speakers_after_by else None
        return None if by is None else (by[0], by[1], False)

    def strip_marks(self, title: str) -> str:
        """`Title [Slides] [T1]`, `Title (More) Slides`: link words glued to titles all over the
        page are not part of them."""
        words = title.split()
        while len(words) > 2 and words[-1].lower() in self.trailing_marks:
            words.pop()
        stripped, marks = strip_trailing_marks(" ".join(words))
        title = stripped if marks and not marks[:1].isalpha() else " ".join(words)
        # "*Best paper award*" after a title, "(short)" before it: marks, not title words.
        if "*" in title:  # the pattern tries every start in the title
            title = _TRAILING_EMPHASIS.sub("", title)
        for _ in range(3):  # "Session 1B - 1B-4 - TACL-488: Title": marks one after another
            title = _NUMBERED_ENTRY.sub("", title, count=1) or title
        if len(title) > 2 and title[0] in _QUOTES and title[-1] in _QUOTES:
            title = title[1:-1].strip() or title  # 'Full Paper #8: "Five Darlings ..."'
        if len(title) > 2 and sum(title.count(q) for q in _QUOTES) == 1:
            # 'Paper #9: Hard Cases"': unpaired, or left over from a doubled '""Pathways …"'
            title = title.strip(_QUOTES).strip() or title
        leading = LEADING_MARK.match(title)
        if leading and (
            _MARK_WORDS.match(leading.group("mark"))
            or leading.group(0) in self.leading_marks
            or (self.bracketed_topics and leading.group(0).startswith("["))
        ):
            if is_only_marks(title[leading.end() :]):
                return leading.group("mark")  # "[Welcome] ***SLIDES***": the topic is all of it
            title = title[leading.end() :]
        return title

    def split_room(self, text: str) -> tuple[str, str | None]:
        """`Coffee Break, TUtheSky` -> ("Coffee Break", "TUtheSky") where the last comma part
        is a place this program names again and again."""
        head, comma, tail = text.rpartition(", ")
        if comma and head and tail.strip() in self.rooms:
            return head.rstrip(), tail.strip()
        return text, None

    def _add_chairs(self, session: _SessionDraft, text: str, number: int) -> None:
        session.chaired = True
        text, room = self.split_room(clean(text))
        if room and session.room is None:
            session.room = room
        if not text:
            self.warn(number, "chair line names nobody")
            return
        if _PLACEHOLDER.match(text):
            self.warn(number, f"chair not named yet ({text!r}); no chair kept")
            return
        # "A (CISA) + B (UNIZAR)": a spaced plus joins chairs as a comma would
        parsed = parse_author_line(_PRESENTER_JOIN.sub(", ", text) if " + " in text else text)
        people = [p for p in parsed.authors if p.name]
        bad = [p.name for p in people if not is_name_like(without_parentheses(p.name))]
        if bad:
            self.warn(number, f"chair names look odd ({', '.join(bad)[:60]}); kept as printed")
        for problem in parsed.problems:
            self.warn(number, problem)
        session.chairs.extend(people)
        self.known_names.update(p.name for p in people)

    def on_session_header(self, i: int, line: Line) -> int:
        if self.track_headings and is_track_heading(line, self.next_nonblank(i)):
            # "Track 2: Networks" over its own timed items: a tab of the page copied after
            # the previous track's, its items at the same times.
            self.close_paper()
            self.flush_pending_authors()
            self.track_name = line.text
            self.read(line.number, SESSION_HEADER, 0.8)
            return 1
        filled = [c for c in line.cells if c]
        cell = line.cells[0] if line.cells[0] else (filled[0] if len(filled) > 1 else line.text)
        text = cell
        chair_text = None
        chair_match = find_chair_label(text)
        if chair_match and chair_match.start() > 0:
            chair_text = text[chair_match.end() :]
            text = text[: chair_match.start()]
        room = None
        inline = INLINE_LOCATION.search(text)
        if inline:
            room = clean(inline.group("room")).rstrip(" ,;|-–—") or None
            text = text[: inline.start()]
        title = _strip_session_title(text.rstrip(" ,;-–—("))
        if room is None:
            title, room = _room_in_parentheses(title)
        session = self.current
        reuse = (
            session is not None
            and session.expects_title
            and not session.papers
            and not session.title
        )
        if reuse:
            assert session is not None
            session.title = title
            session.expects_title = False
            session.from_header = True
            # "11:00 → 12:30" / "Parallel session A: Detectors": the time line above is its own.
            session.timed_by_own_line = session.start is not None
            session.line = line.number
        else:
            prev = self.current
            start, end = self.slot if self.slot else (None, None)
            above = self.before[i - 1] if i > 0 else None
            if above is not None and self.lines[above].kind is LineKind.LABEL:
                start, end = None, None  # "Session" / "1.2: Labour": its own time follows
            stacked = prev is not None and prev.from_header and not prev.papers
            session = self.open_session(
                line.number, title=title, start=start, end=end, from_header=True
            )
            if stacked:
                assert prev is not None
                if not self.columns:
                    self.columns = [prev]
                self.columns.append(session)
                self.column_turn = 0
            else:
                self.columns = []
        if room:
            session.room = room
        if chair_text:
            self._add_chairs(session, chair_text.rstrip(")"), line.number)
        self._speakers_from_title(session)
        rest = filled[1:] if len(filled) > 1 else []
        if rest and all(c.lower().rstrip(":") in HEADER_WORDS for c in rest):
            self.table_columns = [c.lower().rstrip(":") for c in line.cells]
        else:
            for c in rest:
                chair_in_cell = find_chair_label(c)
                if chair_in_cell and chair_in_cell.start() > 0:
                    # "Session 6 | Sponsored by yWorks, Chair: X, Room": this session's chair.
                    session.notes.append(_strip_session_title(c[: chair_in_cell.start()]))
                    self._add_chairs(session, c[chair_in_cell.end() :], line.number)
                elif classify(line.number, c).kind is LineKind.TEXT:
                    # "Session 4 | Best Paper Session, TUtheSky": what the header says of itself.
                    text, room = self.split_room(c)
                    session.room = session.room or room
                    session.notes.append(text)
                else:
                    self.dispatch_cell(c, line)
        return 1

    def _speakers_from_title(self, session: _SessionDraft) -> None:
        if not session.title or session.speakers:
            return
        chaired = _session_dash_person(session.title)
        if chaired and not session.chairs:
            # "Session 2 — Rodrigo Rodrigues": a session's chair after a dash.
            session.title, who = chaired
            session.chairs.append(Person(who, None))
            session.chaired = True
            return
        talk = read_talk_title(session.title)
        if talk is not None:
            session.title = talk.session_title
            session.talk_title = _unquote(talk.talk_title) if talk.talk_title else None
            session.speakers = list(talk.speakers)
            session.awaits_speakers = not talk.speakers
            # "Keynote (Ana Silva)", "主题报告一（熊璋教授）": the talk is named only by its kind,
            # so a title on a line of its own below is the talk's.
            named_by_kind = talk.talk_title == talk.session_title
            session.expects_talk_title = bool(talk.speakers) and named_by_kind
            return
        given = _SPEAKER_AND_PLACE.match(session.title)
        if given and _reads_as_a_name(given["who"]) and has_common_word(given["title"]):
            # "Introduction to the Week (Ariel Rokem; PAB5)": a talk, who gives it and where.
            session.title = session.talk_title = given["title"]
            session.speakers = [Person(clean(given["who"]), None)]
            session.room = session.room or clean(given["place"])
            return
        titled = title_then_named_speakers(session.title) or title_then_talk_sentence(session.title)
        if titled is not None and classify_kind(titled[0], paper_count=1) not in _NOT_TALKS:
            # "Presentation of the workshop, introduction to OGGM (Fabien Maussion)"
            session.title = session.talk_title = titled[0]
            session.speakers = list(titled[1])
            return
        spoken = _speaker_then_title(session.title)
        # "Legal Design Black Box – When …" / "Jason Dunning (DWF)": with its speaker on the
        # line below, the dash is the title's own
        if spoken is not None and not self._speaker_line_below(session.line - 1):
            # "Prof. Anna Schmidt (Universität Wien): Sprachwandel", "John Smith — Mixing
            # Times": a talk, who gives it first.
            session.title = session.talk_title = spoken[0]
            session.speakers = list(spoken[1])
            return
        named = name_colon_title(session.title) if self.colon_speakers else None
        if named is not None:
            # "Kensuke Harada: Realizing robust motion planning": on a page that prints its
            # talks so, a bare name before the colon is the speaker.
            session.title = session.talk_title = named[1]
            session.speakers = list(colon_speakers(named[0]))
            return
        if classify_kind(session.title, paper_count=1) is not SessionKind.KEYNOTE:
            dashed = split_dash_speakers(session.title)
            if (
                dashed is not None
                and not SESSION_LABEL.match(session.title)
                and all(p.affiliation for p in dashed[1])
            ):
                # "Building Secure Supply Chains - Bob Jones, Google": a talk and who gives it.
                session.title = session.talk_title = dashed[0]
                session.speakers = list(dashed[1])
            return
        m = _KEYNOTE_SPEAKER.search(session.title)
        if not m:
            return
        who = m.group("who").strip()
        dash = re.match(r"^(?P<name>[^()\-–—]+?)\s+[-–—]\s+(?P<aff>.+)$", who)
        if dash and is_name_like(dash.group("name")):
            session.speakers = [Person(clean(dash.group("name")), clean(dash.group("aff")))]
            return
        if author_line_score(who) >= 0.8:
            session.speakers = list(parse_author_line(who).authors)
        elif _reads_as_a_name(who) and not has_common_word(who):
            # "Keynote 1: Shadi Sharif Azadeh": a keynote named only by who gives it; its label
            # is the talk's only title.
            head = _KEYNOTE_SEPARATOR_AT_END.sub("", session.title[: m.start("who")])
            session.title = head
            session.talk_title = head[m.start() :]
            session.speakers = [Person(clean(who), None)]

    def _umbrella_over(self, current: _SessionDraft, i: int) -> _SessionDraft | None:
        """The slot row naming several sessions (`Sesje referatowe I – III`, `Parallel
        sessions`) that a bare title with an empty time cell falls under, if any: the current
        item itself, still empty, or the umbrella of the session opened last under it."""
        if current.papers or current.speakers or current.chairs:
            return None
        below = self.next_nonblank(i)
        if below is not None and author_line_score(below.text) >= 0.8:
            return None  # a paper's title, its authors below
        if current is self.umbrella or (
            self.umbrella is not None
            and current.start == self.umbrella.start
            and current is self.sessions[-1]
            and self.umbrella in self.sessions
        ):
            return self.umbrella
        if current.start is not None and current.title and _SESSIONS_AHEAD.match(current.title):
            return current
        return None

    def on_text(self, i: int, line: Line) -> int:
        following = i + 1
        while (
            i >= 0 and following < len(self.lines) and self.lines[following].kind is LineKind.JUNK
        ):
            following += 1
        if i >= 0 and following < len(self.lines) and self.lines[following].kind is LineKind.META:
            return 1  # a pretalx title: the meta line below opens its session
        below = self.next_nonblank(i) if i >= 0 else None
        if below is not None and below.kind is LineKind.DAY and _DAY_THEME.match(line.text):
            # "Day 2 - Introduction to Python" / "Sunday 12 March 2023": the day's heading
            # above its date, no note of the item before it.
            self.close_paper()
            self.read(line.number, DAY_HEADER, 0.9)
            return 1
        if below is not None and below.kind is LineKind.START_AT:
            # "Keynote" / "Start: 2020-08-31T15:00:00Z": the title of the item it starts.
            session = self.open_session(line.number, title=_strip_session_title(line.text))
            self._speakers_from_title(session)
            return 1
        cells = [c for c in line.cells if c]
        if (
            len(cells) == 1
            and self.table_columns
            and self.table_columns[0] in _LINK_COLUMNS
            and below is not None
            and len([c for c in below.cells if c]) >= 2
        ):
            return 1  # the first lines of a link cell broken over several lines
        if self._rooms_of_columns(cells):
            # "Cavaniglia | Hall 2 | Hall 6" under the parallel sessions' names: a room each.
            for session, room in zip(self.columns, cells, strict=True):
                session.room = room
            self.read(line.number, ROOM, 0.8)
            return 1
        if len(cells) >= 2 and self.columns:
            # Interleaved tracks: each cell continues the next column's stream of lines.
            for cell in cells:
                self.dispatch_cell(cell, line)
            return 1
        if len(cells) >= 2:
            self._paper_row(line.cells, line, None)
            return 1
        current = self.current
        if len(cells) == 1 and len(line.cells) >= 2 and not line.cells[0] and current is not None:
            umbrella = self._umbrella_over(current, i)
            if umbrella is not None:
                # One of the sessions the slot row above announces, at its time.
                self.umbrella = umbrella
                self.open_session(
                    line.number, title=cells[0], start=umbrella.start, end=umbrella.end
                )
                self.read(line.number, SESSION_HEADER, 0.8)
                return 1
        if (
            len(cells) == 1
            and len(line.cells) >= 2
            and not line.cells[0]
            and current is not None
            and current.start is not None
            and current.speakers
            and not current.papers
            and read_talk_title(cells[0]) is not None
        ):
            # "17:30 - 18:15 | Short Workshop 5: Name - Title" / " | Short Workshop 6: Name -
            # Title": a talk in the row below with its time cell empty runs in the same slot.
            session = self.open_session(
                line.number, title=cells[0], start=current.start, end=current.end
            )
            self._speakers_from_title(session)
            return 1
        chairs_at = self._addressed_chairs_below(i, line)
        if chairs_at is not None:
            # " | Primate Behavior, ethics and medicine" / "Dr Mercy Akinyi / Dr Daniel Chai" /
            # "10:30-11:00 | Keynote Talk 1: Prof Name": a row with its time cell empty names a
            # session, the people addressed under it chair it, its talks are timed below.
            session = self.open_session(
                line.number, title=_strip_session_title(cells[0]), from_header=True
            )
            chairs = self.lines[chairs_at]
            self._add_chairs(session, chairs.text, chairs.number)
            self.read(chairs.number, CHAIR_LABEL, 0.8)
            return chairs_at - i + 1
        if len(cells) == 1 and self._titles_a_chaired_session(i):
            # "Dialogue and Interactive Systems" / "Chair: X": a session, however its words
            # read; under a slot's own heading ("10:00-11:00" / "Zoom Sessions") it is one of
            # that slot's parallel sessions, the heading its track.
            current = self.current
            track = None
            if (
                current is not None
                and current.start is not None
                and self.slot == (current.start, current.end)
            ):
                if not current.papers and not current.chairs and current.title:
                    track = current.title
                    self.sessions.remove(current)
                else:
                    track = current.track
            start, end = self.slot if self.slot else (None, None)
            session = self.open_session(
                line.number,
                title=_strip_session_title(line.text),
                start=start,
                end=end,
                from_header=True,
            )
            session.timed_by_own_line = start is not None
            session.track = track
            self._speakers_from_title(session)
            return 1
        if self._is_parallel_item(i):
            # "9:30am" / "Talk A - Name, Co" / "Room 201" / "Talk B - Name, Co" / "Room 202":
            # items side by side in one slot, each printed with its own room.
            current = self.current
            assert current is not None
            session = self.open_session(
                line.number,
                title=_strip_session_title(line.text),
                start=current.start,
                end=current.end,
            )
            session.day_index = current.day_index
            self._speakers_from_title(session)
            return 1
        self._loose_text(line.text, line, lookahead=i if i >= 0 else None)
        return 1

    def _speakers_above_title(self, i: int | None, *, more: bool) -> bool:
        """Is this line, the first text under a bare time, one of the speaker lines printed
        before the talk's title? The first reads surely as people (a name and where they
        work; `more` for the lines after it), any further lines up to the title still read
        as people, and the title below does not."""
        if i is None:
            return False
        text = self.lines[i].text
        first = author_line_score(text)
        if first < (0.5 if more else 0.8) and not (
            (first >= 0.5 and self._name_over_institution(i))
            or (more and _names_only_a_workplace(text))
        ):
            return False
        at, last = i, None
        for _ in range(6):
            following = self.after[at + 1] if at + 1 < len(self.after) else None
            if following is None:
                return False
            at = following
            below = self.lines[at]
            if below.kind is not LineKind.TEXT or len([c for c in below.cells if c]) != 1:
                # "Kaushal Verma, IISc, Bengaluru" / "Quadrature domains and potential theory"
                # / the next time: a title whose "and" reads like a list, under a sure speaker
                return not more and first >= 1.0 and last is not None and _title_not_names(last)
            last = below.text
            score = author_line_score(below.text)
            if score < 0.5 and not (
                _names_only_a_workplace(below.text) and self._text_line_follows(at)
            ):
                return not is_prose(below.text)
        return False

    def _text_line_follows(self, i: int) -> bool:
        """Is the next non-blank line after `i` one more line of text (not a time or a day)?"""
        below = self.next_nonblank(i)
        return below is not None and below.kind is LineKind.TEXT

    def _name_over_institution(self, i: int) -> bool:
        """`Olga Weiss` / `Lebedev Physical Institute` / title: a bare name is the speaker
        when the line right below it names where they work."""
        following = self.after[i + 1] if i + 1 < len(self.after) else None
        if following is None or following != i + 1:
            return False
        below = self.lines[following]
        return (
            below.kind is LineKind.TEXT
            and _reads_as_a_name(self.lines[i].text)
            # "Public Lecture" / "K Srinath Reddy, Public Health Foundation": the line below
            # names a person first, so it is the speaker's, and the one above a label
            and _names_only_a_workplace(below.text)
        )

    def _title_then_authors_follow(self, i: int | None) -> bool:
        """Below line `i`: a title, then an author line that ends the item (each title above
        its people; where a title follows instead, the people come first)."""
        if i is None or not self._title_follows(i):
            return False
        title = self.next_nonblank(i)
        below = self.next_nonblank(self.place[id(title)]) if title is not None else None
        if below is None or below.kind is not LineKind.TEXT:
            return False
        after = self.next_nonblank(self.place[id(below)])
        return author_line_score(below.text) >= 1.0 and (
            after is None or after.kind is not LineKind.TEXT
        )

    def _add_speaker_line(self, session: _SessionDraft, text: str) -> None:
        """One more line of a talk's speakers; a line naming only where the speakers above
        work ("Université de la Nouvelle-Calédonie, Eralo") is their affiliation."""
        first = text.split(",")[0]
        if (
            session.speakers
            and all(p.affiliation is None for p in session.speakers)
            and names_an_institution(first)
            and not is_name_like_strict(first)
        ):
            session.speakers = [Person(p.name, clean(text)) for p in session.speakers]
            return
        session.speakers.extend(parse_author_line(text).authors)

    def _titles_a_chaired_session(self, i: int) -> bool:
        """Is this line, right above a chair line, the title of the session that chair
        chairs (rather than the last paper of the session before)?"""
        below = self.next_nonblank(i) if i >= 0 else None
        if below is None or below.kind is not LineKind.CHAIR:
            return False
        text = self.lines[i].text
        current = self.current
        if current is not None and current.expects_title and not current.papers:
            return False  # the title of the item its time line opened
        if is_prose(text) or len(text.split()) > 14:
            return False
        if text[:1] in _OPENING_QUOTES and split_quoted_title(text) is not None:
            return False  # '“Title” Ana Silva. Uni A': a talk and who gives it, not a session
        if self._lone_speakers_work(text, self.lines[i], i):
            return False  # where the talk's speaker above works
        # "Tagging, Chunking, Syntax and Parsing" reads like "Name, Affiliation"; a real author
        # line above a chair line would print a parenthesis or a name seen before.
        return author_line_score(text) < 1.0 or (
            "(" not in text and not any(name in text for name in self.known_names)
        )

    def _addressed_chairs_below(self, i: int, line: Line) -> int | None:
        """The index of the line naming this untimed row's chairs, when the row (its time cell
        empty) titles a session, the next line lists only people addressed as Dr, Prof, Ms …
        and a timed row follows them."""
        if i < 0 or len(line.cells) < 2 or line.cells[0] or len([c for c in line.cells if c]) != 1:
            return None
        if is_prose(line.text) or len(line.text.split()) > 14:
            return None
        at = self.after[i + 1] if i + 1 < len(self.after) else None
        if at is None:
            return None
        below = self.lines[at]
        if below.kind is not LineKind.TEXT or len(below.cells) != 1:
            return None
        if not addresses_people(below.text):
            return None
        then = self.after[at + 1] if at + 1 < len(self.after) else None
        return at if then is not None and self.lines[then].kind is LineKind.TIME else None

    def _is_parallel_item(self, i: int) -> bool:
        """Is this title line, right under the room of a single item and with a room of its
        own below it, another item in the same time slot?"""
        current = self.current
        if i <= 0 or current is None or current.start is None or current.room is None:
            return False
        if len(current.papers) > 1 or (current.papers and not current.speakers):
            return False
        above = self.before[i - 1]
        below = self.next_nonblank(i)
        return (
            above is not None
            and self.lines[above].kind is LineKind.ROOM
            and above > current.line - 1
            and below is not None
            and below.kind is LineKind.ROOM
            and not is_prose(self.lines[i].text)
            and author_line_score(self.lines[i].text) < 0.8
        )

    def _rooms_of_columns(self, cells: list[str]) -> bool:
        """A row of short untimed cells, one per parallel session not yet holding papers, most
        of them named as places."""
        columns = self.columns
        if len(cells) < 2 or len(cells) != len(columns) or any(s.papers for s in columns):
            return False
        if any(s.room for s in columns):
            return False
        if any(len(c.split()) > 5 or find_time_range(c) for c in cells):
            return False
        return 2 * sum(1 for c in cells if ROOM_NAME.match(c)) > len(cells)

    def _next_column_cell(self) -> None:
        """A line opening with a TAB under parallel sessions' papers: the next column's cell
        starts. The papers dealt to the columns by turns before it were all the first cell's."""
        columns = self.columns
        if self.cell_of_columns and self.cell_of_columns[0] is columns:
            self.cell_of_columns = (columns, self.cell_of_columns[1] + 1)
            return
        dealt = [(s, p) for s, p in self.papers_in_turn if s in columns]
        if not dealt:
            return  # "<TAB>Session 1B: ..." of the sessions' own header row
        for session, paper in dealt:
            session.papers.remove(paper)
            columns[0].papers.append(paper)
        self.papers_in_turn = []
        self.cell_of_columns = (columns, 1)

    def dispatch_cell(self, text: str, line: Line) -> None:
        """Handle one cell of a row as if it stood on a line of its own."""
        cell = classify(line.number, text)
        if cell.kind is LineKind.META:
            cell.kind = LineKind.TEXT
        self.handlers[cell.kind](-1, cell)

    def _paper_row(self, cells: list[str], line: Line, tr: TimeRange | None) -> None:
        """A table row: title and authors in cells, maybe a time and link icons."""
        title = None
        authors: AuthorLine | None = None
        columns = self.table_columns or []
        offset = 0 if len(columns) == len(cells) else None
        for index, cell in enumerate(cells):
            if not cell or is_link_line(cell):
                continue
            role = columns[index] if offset is not None and index < len(columns) else ""
            if role in _LINK_COLUMNS:
                continue  # "Video | Title | Author": the video cell holds link words
            if _DURATION_CELL.match(cell):
                continue  # "10:50 | Title | 20m": how long, not what
            if title is not None and authors is None and ROOM_NAME.match(cell):
                continue  # "9:30 - 10:00 | Opening Remarks | Auditorium": where, not who
            cell_time = find_time_range(cell)
            if (cell_time and cell_time.span == (0, len(cell))) or (
                cell_time and cell_time.span[0] == 0 and len(cell) - cell_time.span[1] <= 1
            ):
                tr = tr or cell_time
                continue
            if role.startswith(("author", "speaker", "presenter")) or (
                not role.startswith(("title", "paper", "talk"))
                and title is not None
                and authors is None
                and author_line_score(cell) >= 0.5
            ):
                authors = parse_author_line(cell)
                continue
            if title is None:
                title = cell
            elif authors is None and author_line_score(cell) >= 0.5:
                authors = parse_author_line(cell)
            else:
                title = f"{title} {cell}"
        if title is not None and authors is None:
            combined = self.split_sentence(title)
            talk = read_talk_title(title)
            if combined is not None:
                title, authors, _authors_first = combined
            elif talk is not None and talk.speakers:
                # "10:10-11:00 Keynote (Philippe Bonnet)" inside a session: a talk in it.
                title, authors = talk.talk_title or talk.session_title, AuthorLine(talk.speakers)
        if title is not None:
            title = strip_trailing_marks(title)[0]
        if title is None:
            if authors is not None and self.paper is not None and not self.paper.authors:
                self.attach_authors(authors, line.number)
            elif authors is not None:
                self.pending_authors = (authors, line.number)
            return
        self.ensure_session(line.number)
        self.add_paper(title, line.number, tr)
        if authors is not None:
            self.attach_authors(authors, line.number)
            self.known_names.update(a.name for a in authors.authors)

    def _loose_text(self, text: str, line: Line, lookahead: int | None = None) -> None:
        """A line of plain text: a session title, a paper title, an author line or a note."""
        session = self.current
        if (
            self.abstract_line is not None
            and self.abstract_line == self._previous_text_line(line)
            and _continues_an_abstract(text)
        ):
            # "ABSTRACT. We model …" / "In this talk, …" / "[1] Falgout et al. SISC (2014).":
            # the abstract's further paragraphs and references, not the next title.
            self.abstract_line = line.number
            self.read(line.number, NOTE, 0.8)
            if session is not None:
                session.notes.append(text)
            return
        clock = _LEADING_CLOCK.match(text)
        if (
            clock
            and session is not None
            and session.start is not None
            and session.papers is not None
        ):
            at = find_time_range(clock.group(0).strip())
            if at is not None and (session.end is None or session.start <= at.start < session.end):
                # "10:30 A Fast Graph Store. Ana Silva (Uni A)": a paper with its own time.
                rest = text[clock.end() :]
                self._loose_text(rest, line, lookahead)
                if self.paper is not None and self.paper.line == line.number:
                    self.paper.start = at.start
                return
        quoted = split_quoted_title(text) if text[:1] in _OPENING_QUOTES else None
        if quoted is not None:
            # '“Title”, Ana Silva (Descargar Presentación)' / '"Title". A, B. Uni A, México':
            # the quotes close the title, the people follow.
            if session is None:
                self.open_session(line.number)
            self.add_paper(quoted[0], line.number)
            self.attach_authors(quoted[1], line.number)
            return
        if session is not None and session.expects_title and not session.papers:
            if self._speakers_above_title(lookahead, more=bool(session.speakers)):
                # "11:15 – 11:40" / "Nick Thieberger, University of Melbourne" / "Title":
                # who gives the talk, printed before its title.
                self._add_speaker_line(session, text)
                self.read(line.number, AUTHORS, 0.8)
                return
            self.read(line.number, _item_label(text), 0.8)
            session.title = _strip_session_title(text)
            session.expects_title = False
            session.line = line.number
            self._speakers_from_title(session)
            return
        if (
            session is not None
            and session.speakers
            and session.title
            and not session.papers
            and not session.expects_talk_title
            and _PARENTHESISED.match(text)
        ):
            # "10:45 | Mikhail Fursov | UGENE: …" / "(cancelled)", "(talk given by Pjotr
            # Prins)": a remark on the talk the row gave, not another title.
            session.notes.append(text)
            self.read(line.number, NOTE, 0.8)
            return
        if session is not None and session.expects_talk_title:
            session.expects_talk_title = False
            self.add_paper(_unquote(text), line.number)
            if session.speakers:
                assert self.paper is not None
                self.paper.authors.extend(session.speakers)
            return
        if session is not None and session.speakers and not session.papers and _QUOTED.match(text):
            self.add_paper(_unquote(text), line.number)
            assert self.paper is not None
            self.paper.authors.extend(session.speakers)
            return
        numbered = numbered_talk(text) if session is not None else None
        if numbered is not None:
            # "9:40 - 10:00 Session 1: short talks" / "Speaker 1: Dr. Arash Zamyadi": one of
            # the session's talks, untitled, known by its number.
            label, speakers = numbered
            self.add_paper(label, line.number)
            assert self.paper is not None
            self.paper.authors.extend(speakers)
            self.known_names.update(p.name for p in speakers)
            return
        heading = _ROLE_HEADING.match(text)
        if heading and session is not None:
            # "Speakers" / "Name, Job Title, Company" ...: who the lines below are; under a
            # paper still without authors, "Authors:" names the paper's.
            self.role_heading = "moderator" if heading.group("moderator") else "speaker"
            if text.lower().startswith("author") and self.paper and not self.paper.authors:
                self.role_heading = "authors"
            self.read(line.number, NOTE, 0.9)
            return
        if self.role_heading == "authors" and self.paper is not None:
            self.role_heading = None
            parsed = parse_author_line(text)
            if parsed.authors:
                self.attach_authors(parsed, line.number, text)
                return
        if (
            self.role_heading
            and session is not None
            and session.speakers
            and session.speakers[-1].affiliation is None
            and (_JOB.search(text) or names_an_institution(text))
            and ("," in text or not is_name_like_strict(text))
        ):
            # "Speakers" / "Bob Jones" / "Staff Engineer, Google": where the one above works.
            company = _company_after_job(text)
            session.speakers[-1] = Person(session.speakers[-1].name, company)
            self.read(line.number, AUTHORS, 0.8)
            return
        if self.role_heading and session is not None:
            person = _person_with_role(text)
            if person is not None or author_line_score(text) >= 0.5:
                named = [person] if person else list(parse_author_line(text).authors)
                if self.role_heading == "moderator":
                    session.chairs.extend(named)
                    self.read(line.number, CHAIR_LABEL, 0.8)
                else:
                    session.speakers.extend(named)
                    self.read(line.number, AUTHORS, 0.8)
                return
            self.role_heading = None
        footnotes = footnote_affiliations(text)
        if footnotes and self.paper is not None and self._footnoted(self.paper):
            # "Authors: Ana Silva1, Bo Li2" / "1Uni A; 2Uni B": the numbers point here.
            self.paper.authors = [
                Person(name, "; ".join(footnotes[m] for m in marks if m in footnotes) or None)
                for name, marks in map(footnote_marks, (a.name for a in self.paper.authors))
            ]
            self.read(line.number, AUTHORS, 0.9)
            return
        paper = self.paper
        if (
            paper is not None
            and paper.authors
            and all(a.affiliation is None for a in paper.authors)
            and paper.authors_line == self._previous_text_line(line)
            and paper.authors_line != paper.line
            and "(" not in text
            and names_an_institution(text)
            and len(text.split()) <= 16
            and ("," in text or not self._people_follow(lookahead))
        ):
            # "Jan Angermeier, Ana Silva" / "Universität Stuttgart, Deutschland": where they
            # all work, on the line below their names (an institution and its place, or one
            # not followed by names, which would make it the next title).
            affiliation = clean(text)
            paper.authors = [Person(a.name, affiliation) for a in paper.authors]
            self.read(line.number, AUTHORS, 0.8)
            return
        if (
            paper is not None
            and lookahead is not None
            and self._lone_speakers_work(text, line, lookahead)
        ):
            # '“Title”, Ángel Jordán' / 'Rector emérito en Carnegie Mellon University' /
            # 'Moderador: …': the line closing the item says where its one speaker works.
            paper.authors = [Person(paper.authors[0].name, clean(text))]
            self.read(line.number, AUTHORS, 0.8)
            return
        role = _ROLE.match(text)
        if role and session is not None:
            people = parse_author_line(role.group("who")).authors
            if role.group("moderator"):
                session.chairs.extend(people)  # a panel's moderator chairs it
            elif role.group("speaker") and self.paper is not None and not self.paper.authors:
                # "Title" / "Speaker: Name (Affil)", "Authors: A (X), B (Y)": the paper's own.
                self.attach_authors(AuthorLine(people), line.number, role.group("who"))
            elif role.group("speaker") and not session.papers:
                session.speakers.extend(people)  # the talk's speakers, like a keynote's
                self.read(line.number, AUTHORS, 0.9)
            else:
                session.notes.append(text)
            return
        colon = split_colon_authors(text) if ": " in text else None
        if colon is not None and session is not None and not session.expects_title:
            # "G. Gray (Oxford): Spectral gaps for random graphs": speakers, then the title.
            title, parsed = colon
            self.add_paper(title, line.number)
            self.attach_authors(parsed, line.number)
            self.known_names.update(a.name for a in parsed.authors)
            return
        if (
            self.paper is not None
            and not self.paper.authors
            and text[:1] in "ASP"
            and _PEOPLE_FIELD.match(text)
        ):
            # "TITLE Fast and Secure ..." / "AUTHORS Marta Lokhava (Stellar), Rafa?? M...": the
            # label says whose line it is, however oddly its names are printed.
            self.attach_authors(parse_author_line(text), line.number)
            self.known_names.update(a.name for a in self.paper.authors)
            return
        fields = _LABELLED_FIELDS.match(text)
        if fields is not None:
            # "TITLE PipeDream: ... AUTHORS Deepak Narayanan (Stanford), ...": labelled fields.
            parsed = parse_author_line(fields.group("who").rstrip(" ,;"))
            self.ensure_session(line.number)
            self.add_paper(fields.group("title").strip(), line.number)
            self.attach_authors(parsed, line.number)
            self.known_names.update(a.name for a in parsed.authors)
            return
        if _LABELLED_PROSE.match(text):
            # "ABSTRACT. We model check ...", "Bio: ...": what the item is about, not an item.
            self.abstract_line = line.number
            self.read(line.number, NOTE, 0.9)
            if session is not None:
                session.notes.append(text)
            return
        if session is not None and self.known_names and _awaits_its_people(session, self.paper):
            # "Roberto Di Cosmo Stefano Vitali" under a talk: a name printed before, and another.
            text = split_known_names(text, self.known_names) or text
        score = author_line_score(text)
        paper = self.paper
        if (
            session is not None
            and _awaits_its_people(session, paper)
            and classify_kind(session.title or "", paper_count=1) is SessionKind.KEYNOTE
            and score >= 0.5
            and is_name_like_strict(text)
            and self._title_follows(lookahead)
        ):
            # "Keynote talk in Hall 9" / "Laura Becker" / "Spoken Typology": the speaker, then
            # the talk's title.
            session.speakers = list(parse_author_line(text).authors)
            session.expects_talk_title = True
            self.read(line.number, AUTHORS, max(0.5, score))
            return
        if (
            session is not None
            and _awaits_its_people(session, paper)
            and (
                (session.awaits_speakers and score >= 0.5)
                or (score >= 0.8 and session.line == self._previous_text_line(line))
                or (
                    # "15:15 | Title" / "Liesbeth De Mol" / "16:00 | …": the one line under a
                    # timed talk, a name and nothing more, is who gives it.
                    score >= 0.5
                    and lookahead is not None
                    and not is_own_item(session.title or "")
                    and _holds_contributions(session.title)
                    and is_name_like_strict(text)
                    and self._item_ends_after(lookahead)
                    and session.line == self._previous_text_line(line)
                )
                or (
                    # "EXPOSÉ INVITÉ" / "Zoom" / "Thomas schiex" / "11h10-12h10": a keynote is
                    # given by someone, so the one name under it, however cased, is who.
                    score >= 0.5
                    and lookahead is not None
                    and classify_kind(session.title or "", paper_count=1) is SessionKind.KEYNOTE
                    and self._item_ends_after(lookahead)
                )
            )
            and (
                not self._next_is_authors(lookahead)
                # "Title" / "Ana Silva (Uni A)" / "Bo Li (Uni B)": a speaker a line
                or (_speaker_with_affiliation(text) and self._speaker_line_below(lookahead))
            )
            and not self._title_follows(lookahead)
            # a meal or a reception is given by nobody ("Lunch" / "Women’s Luncheon, Sponsored
            # by …" is another item beside it, not its speaker)
            and classify_kind(session.title or "", paper_count=0) not in _NOT_TALKS
        ):
            # "Keynote: Title" or a talk's title, then its speakers on a line of their own.
            session.speakers = list(self.people_in(text).authors)
            self.known_names.update(a.name for a in session.speakers)
            session.awaits_speakers = False
            session.speakers_line = line.number
            self.read(line.number, AUTHORS, max(0.5, score))
            return
        if (
            session is not None
            and paper is None
            and not session.papers
            and session.speakers
            and session.speakers_line == self._previous_text_line(line)
            and _speaker_with_affiliation(text)
            and all(a.affiliation for a in session.speakers)
        ):
            # "Title" / "Ana Silva (Uni A)" / "Bo Li (Uni B)": one more speaker of the talk,
            # printed like the one above, on a line of their own.
            more = parse_author_line(text).authors
            session.speakers.extend(more)
            self.known_names.update(a.name for a in more)
            session.speakers_line = line.number
            self.read(line.number, AUTHORS, max(0.5, score))
            return
        if paper is not None and not paper.authors and score >= 0.5:
            parsed = parse_author_line(text)
            self.attach_authors(parsed, line.number, text)
            self.known_names.update(a.name for a in parsed.authors)
            return
        if (
            paper is not None
            and paper.authors
            and score >= 0.5
            and paper.authors_line == line.number - 1
            and (re.search(r"(?:[,;&]|\band)$", self.last_author_text) or text[:4] == "and ")
        ):
            # An author list wrapped onto a second line.
            parsed = parse_author_line(text)
            self.attach_authors(parsed, line.number, text)
            return
        if (
            score >= 1.0
            and paper is None
            and session is not None
            and session.title
            and not session.papers
            and not session.speakers
            and not self.authors_first_page
            and self._title_then_authors_follow(lookahead)
        ):
            # "17:30 | Plenary: Cancer Immunotherapy" / "Dr. A (USA)" / "Title" / "Dra. B (USA)":
            # each title above its speakers, the item's own first: the header is a talk too.
            self.add_paper(session.title, session.line)
            self.attach_authors(parse_author_line(text), line.number, text)
            return
        if score >= 1.0 and (paper is None or paper.authors) and self._title_follows(lookahead):
            # Author line above its title: "Ana Silva, Bo Li (Uni A)" / "A Fast Graph Store".
            self.flush_pending_authors()
            self.pending_authors = (parse_author_line(text), line.number)
            self.read(line.number, AUTHORS, score)
            return
        if self.pending_authors is not None and score < 0.5 and session is not None:
            # "11:15 – 11:40 A Silva (Uni A), B Li" / "Title (invited talk) Abstract": the
            # line under an author list awaiting its title is that title, whatever parentheses
            # it holds.
            self.add_paper(text, line.number)
            return
        sentence = self.split_sentence(text) if score < 0.5 else None
        if sentence is not None:
            title, parsed, _authors_first = sentence
            if session is None:
                self.open_session(line.number)
            self.add_paper(title, line.number)
            self.attach_authors(parsed, line.number)
            return
        if is_prose(text):
            # An abstract or a description: sentences, not a title.
            self.read(line.number, NOTE, 0.8)
            if session is not None:
                session.notes.append(text)
            return
        combined = split_title_and_authors(text, self.known_names)
        if (
            combined is not None
            and len(combined[1].authors) < 2
            and combined[1].authors[0].name not in self.known_names
            and (
                _not_a_place(combined[1].authors[0].affiliation)
                or f"({combined[1].authors[0].affiliation})".lower() in self.trailing_marks
            )
        ):
            # "Memory for Dialog (TACL)", "Structure (If You Let It)": a tag or a phrase in the
            # parentheses, not where the one guessed name works; "Making Data Useful (More)":
            # a link word the page prints after its titles.
            combined = None
        if combined is not None and combined[1].rest:
            combined = None  # "A Dataset for (Multi-)Target-dependent ...": it runs on
        if combined is not None and self.pending_authors is not None:
            # "Ann Lee and Bo Li" / "Relaxation for H(div) and H(curl)": the people are on the
            # line above, so the parenthesis is the title's own.
            combined = None
        if combined is not None and self._next_is_authors(lookahead):
            # "Cryptography for Audits (Solvency, Voting)" / "Kostas Chalkias (Mysten Labs)":
            # the speakers are on the line below, so the parenthesis is the title's own.
            combined = None
        if combined is not None and score < 0.5:
            title, parsed = combined
            self.add_paper(title, line.number)
            self.attach_authors(parsed, line.number)
            self.warn(
                line.number,
                f"title and authors printed on one line; split before {parsed.authors[0].name!r}",
            )
            return
        if session is None:
            self.open_session(line.number)
        if (
            paper is not None
            and not paper.authors
            and paper.line == line.number - 1
            and self.pending_authors is None
            and self._next_is_authors(lookahead)
            # a table row of its own (its time cell empty) is another entry, not more title
            and not (len(line.cells) >= 2 and not line.cells[0])
        ):
            paper.title = f"{paper.title} {text}"
            self.warn(line.number, "title continues from the line above; joined them")
            return
        self.add_paper(text, line.number)

    def _fills_grid(self, tr: TimeRange, cells: list[str]) -> bool:
        """A timed row of the parallel sessions' timetable: inside their time, a cell a column."""
        first = self.grid[0]
        return (
            1 <= len(cells) <= len(self.grid)
            and first.start is not None
            and first.end is not None
            and first.start <= tr.start < first.end
            and (len(cells) > 1 or not is_own_item(cells[0]))
        )

    def _grid_cell(self, cell: str, line: Line, tr: TimeRange) -> None:
        """One talk in one column: `Title (Speaker & Speaker)`, or any contribution shape."""
        people = split_title_people(cell)
        if people is not None:
            paper = self.add_paper(people[0], line.number, tr)
            paper.authors.extend(people[1])
            self.read(line.number, TITLE_AUTHORS, 0.85)
            return
        self._paper_row([cell], line, tr)

    def _contribution_row(self, text: str, i: int) -> bool:
        """Under a header printed without a time: is this timed row one of its contributions
        (a paper, a talk) rather than the next item (a break, lunch, the closing)?"""
        kind = classify_kind(text, paper_count=0)
        if kind in (SessionKind.BREAK, SessionKind.SOCIAL, SessionKind.PLENARY):
            return False
        if self.split_sentence(text) is not None or self._next_is_authors(i):
            return True
        if author_line_score(text) >= 0.8 and self._title_follows(i):
            return True  # "Name (Affiliation)" then the talk's title
        if read_talk_title(text) is not None:
            return True
        if (
            author_line_score(text) < 0.5
            and len(text.split()) >= 3
            and not ROOM_CELL.match(text)
            and self._people_follow(i)
        ):
            return True  # "Fairness in AI Systems" / "Salla Westerstrand": one author, alone
        return kind in (SessionKind.PAPERS, SessionKind.KEYNOTE) and self._title_follows(i)

    def _timed_contribution(self, text: str, line: Line, tr: TimeRange, i: int) -> None:
        talk = read_talk_title(text)
        if author_line_score(text) >= 0.8 and self._title_follows(i):
            self.flush_pending_authors()
            self.pending_authors = (parse_author_line(text), line.number)
            self.pending_time = tr
            self.read(line.number, AUTHORS, author_line_score(text))
            return
        if talk is not None and talk.speakers and (talk.talk_title or not self._title_follows(i)):
            paper = self.add_paper(talk.talk_title or talk.session_title, line.number, tr)
            paper.authors.extend(talk.speakers)
            return
        if talk is not None and talk.speakers:
            self.pending_authors = (AuthorLine(talk.speakers), line.number)
            self.pending_time = tr
            self.read(line.number, AUTHORS, 0.8)
            return
        self._paper_row([text], line, tr)

    def _names_people_above_title(self, text: str, i: int) -> bool:
        """A timed row naming the talk's people, its title on the next line: surely when the
        row reads as an author list, and for a plainer name where the page prints every timed
        row this way."""
        if not self._title_follows(i):
            return False
        score = author_line_score(text)
        return score >= 0.8 or (self.people_before_titles and score >= 0.5)

    def _talk_in_cells(
        self, first: str, others: list[str], row: list[str]
    ) -> tuple[str, list[Person], list[str]] | None:
        """(title, speakers, other cells) of a timed row holding one talk: a cell of people
        and a cell that reads as a title, in either order; None for any other row."""
        content = [first] + [
            c
            for c in others
            if not ROOM_CELL.match(c) and not _DURATION_CELL.match(c) and not is_link_line(c)
        ]
        if len(content) != 2:
            return None
        speaker_columns = [
            index
            for index, role in enumerate(self.header_roles)
            if role.startswith(("speaker", "presenter", "author", "name", "who"))
        ]
        # "Time | Session | Presenter": the header says which cell is who, so the title needs
        # no title's shape ("Functions" is one).
        in_speaker_column = [row[k] for k in speaker_columns if k < len(row) and row[k] in content]
        if in_speaker_column:
            people = in_speaker_column[0]
            title = content[1] if content[0] == people else content[0]
            named = _presenters(people)
            if (
                len(in_speaker_column) == 1
                and title != people
                and named
                and not is_prose(title)
                and classify_kind(title, paper_count=1) in (SessionKind.PAPERS, SessionKind.OTHER)
            ):
                rest = [c for c in others if c not in content]
                return self.strip_marks(strip_trailing_marks(title)[0]), named, rest
            return None  # the column says who; the other cell cannot be the people
        for people, title in ((content[0], content[1]), (content[1], content[0])):
            label = LEADING_MARK.match(title)
            if label and _keynote_mark(label.group("mark")):
                title = title[label.end() :]  # "[Keynote] Can we reduce the burden of …"
            if (
                (
                    title_score(title) < 0.5
                    or (
                        has_common_word(title)
                        and not any(
                            has_common_word(a.name) for a in parse_author_line(people).authors
                        )
                    )
                )
                and len(title.split()) >= 2
                and not is_prose(title)
                and classify_kind(title, paper_count=1) in (SessionKind.PAPERS, SessionKind.OTHER)
                and classify_kind(people, paper_count=0) is SessionKind.OTHER
                and self._names_a_speaker(people, bool(speaker_columns))
            ):
                rest = [c for c in others if c not in content]
                speakers = list(parse_author_line(people).authors)
                return self.strip_marks(strip_trailing_marks(title)[0]), speakers, rest
        return None

    def _names_a_speaker(self, text: str, speaker_column: bool) -> bool:
        """A cell of people: a sure author list, or, under a header that names a speaker
        column or on a page whose timed rows name people so, a name and nothing else."""
        parsed = parse_author_line(text)
        if parsed.rest or any(
            len(a.name.split()) < 2 or ITEM_WORD.match(a.name) for a in parsed.authors
        ):
            return False  # "Machines, Learning", "Session A (Jeunes Chercheurs)"
        score = author_line_score(text)
        return score >= 0.8 or (
            score >= 0.5
            and _reads_as_a_name(text)
            and (speaker_column or self.name_cells)
            and not _GROUP.search(text)
        )

    def _timed_people_above_title(self, text: str, i: int) -> bool:
        """Does the item a time row opens print its people in the row and its title on the
        row below? Beyond a sure author list, a lone name counts only on a page that prints
        people beside its times, and only when it reads strictly as a name (not "Phd School",
        not "Invited Talk")."""
        below = self.next_nonblank(i)
        if (
            below is None
            or below.kind is not LineKind.TEXT
            or len([c for c in below.cells if c]) != 1
            or is_prose(below.text)
        ):
            return False
        names = parse_author_line(text).authors
        if title_score(below.text) >= 0.8 and not (
            has_common_word(below.text) and not any(has_common_word(a.name) for a in names)
        ):
            return False  # "Mixing times and cutoff" reads as two names, but not as people
        if classify_kind(text, paper_count=0) is not SessionKind.OTHER or _GROUP.search(text):
            return False
        score = author_line_score(text)
        if any(len(a.name.split()) < 2 for a in parse_author_line(text).authors):
            return False  # "Machines, Learning": words, not names
        return score >= 0.8 or (
            self.people_before_titles and score >= 0.5 and _reads_as_a_name(text)
        )

    def _inside_the_session_slot(self, tr: TimeRange) -> bool:
        """Does `tr` fall strictly inside the current session's slot, a session that can hold
        contributions?"""
        current = self.current
        return not (
            current is None
            or current.start is None
            or current.end is None
            or not _holds_contributions(current.title)
            or (tr.start, tr.end) == (current.start, current.end)
            or not current.start <= tr.start < current.end
            or (tr.end is not None and tr.end > current.end)
        )

    def _starts_a_contribution(self, i: int, tr: TimeRange) -> bool:
        """Is this bare time, strictly inside the current session's slot, the start of one of
        its contributions, whose title is the next line?"""
        if not self._inside_the_session_slot(tr):
            return False
        below = self.next_nonblank(i)
        return (
            below is not None
            and below.kind is LineKind.TEXT
            and len([c for c in below.cells if c]) == 1
            and author_line_score(below.text) < 0.8
            and not is_prose(below.text)
            and classify_kind(below.text, paper_count=0) not in _NOT_TALKS
        )

    def _people_below_bare_time(self, i: int, tr: TimeRange) -> int | None:
        """The index of the author line right below this bare time, strictly inside the current
        session's slot, when the line after it is the talk's title; else None."""
        if not self._inside_the_session_slot(tr) or i + 1 >= len(self.after):
            return None
        below = self.after[i + 1]
        if below is None:
            return None
        people = self.lines[below]
        if (
            people.kind is not LineKind.TEXT
            or len([c for c in people.cells if c]) != 1
            or not self._names_people_above_title(people.text, below)
        ):
            return None
        return below

    def _shares_the_session_slot(self, i: int) -> bool:
        """A row timed like its whole session (`16:00–17:30 | Poster Session`, then each poster
        `16:00–17:30 | Title` / authors): a contribution when an author line follows it or the
        session's contributions are timed the same way."""
        current = self.current
        assert current is not None
        if current.papers:
            return all((p.start, p.end) == (current.start, current.end) for p in current.papers)
        below = self.next_nonblank(i) if i >= 0 else None
        return (
            below is not None
            and below.kind is LineKind.TEXT
            and author_line_score(below.text) >= 0.5
            and classify_kind(current.title, paper_count=2) is SessionKind.POSTERS
        ) or (i >= 0 and self._next_is_authors(i))

    @staticmethod
    def _footnoted(paper: _PaperDraft) -> bool:
        return bool(paper.authors) and all(
            footnote_marks(a.name)[1] and a.affiliation is None for a in paper.authors
        )

    def _previous_text_line(self, line: Line) -> int | None:
        """The number of the last non-blank line above `line` (in reading order, which puts a
        grid's columns one after another)."""
        # A cell of a row is no line of the page: it stands where its row does.
        index = self.place.get(id(line), self.walking) - 1
        at = self.before[index] if 0 <= index < len(self.before) else None
        return self.lines[at].number if at is not None else None

    def _title_follows(self, i: int | None) -> bool:
        if i is None:
            return False
        nxt = self.next_nonblank(i)
        return (
            nxt is not None
            and nxt.kind is LineKind.TEXT
            # "Title (invited talk) Abstract": scored without the marks the page glues on
            and author_line_score(self.strip_marks(nxt.text)) < 0.8
            and len([c for c in nxt.cells if c]) == 1
            and not is_prose(nxt.text)
        )

    def _lone_speakers_work(self, text: str, line: Line, i: int) -> bool:
        """Is this line, under a title printed with its one speaker and closing the item (a
        chair line, the next time or the end below it), where that speaker works?"""
        paper = self.paper
        if (
            paper is None
            or len(paper.authors) != 1
            or paper.authors[0].affiliation is not None
            or paper.authors_line != paper.line
            or paper.line != self._previous_text_line(line)
            or not names_an_institution(text)
        ):
            return False
        below = self.next_nonblank(i)
        return below is None or below.kind in (LineKind.TIME, LineKind.DAY, LineKind.CHAIR)

    def _closes_its_item(self, session: _SessionDraft, i: int) -> bool:
        """`Moderador: Dr. X` after an item's talks, then the next item's time or the next table
        cell: who chaired that item, printed at its end, not the start of another session."""
        if session.chairs or i < 0:
            return False
        if self._item_ends_after(i):
            return True
        for below in self.lines[i + 1 :]:
            if below.kind is not LineKind.BLANK:
                return False
            if len(below.cells) >= 2:
                return True  # a TAB alone: a browser's copy starts the row's next cell here
        return False

    def _item_ends_after(self, i: int) -> bool:
        """Is the line after `i` a new item's time or day, or the end of the program?"""
        below = self.next_nonblank(i)
        return below is None or below.kind in (LineKind.TIME, LineKind.DAY)

    def _people_follow(self, i: int | None) -> bool:
        """Does the next non-blank line name people (so this one is the title they wrote)?"""
        below = self.next_nonblank(i) if i is not None else None
        return (
            below is not None
            and below.kind is LineKind.TEXT
            and author_line_score(below.text) >= 0.5
        )

    def _speaker_line_below(self, i: int | None) -> bool:
        """Is the next line another `Name (Affiliation)`, a speaker a line?"""
        if i is None or i + 1 >= len(self.lines):
            return False
        below = self.lines[i + 1]
        return below.kind is LineKind.TEXT and _speaker_with_affiliation(below.text)

    def _next_is_authors(self, i: int | None) -> bool:
        if i is None or i + 1 >= len(self.lines):
            return False
        nxt = self.lines[i + 1]
        if nxt.kind is not LineKind.TEXT:
            return False
        if author_line_score(nxt.text) >= 0.8:
            return not self._titles_a_chaired_session(i + 1)
        # "Konuşmacı: Dr. Mahmut Çoker", "Speaker: Ana Silva": the authors, under their label.
        role = _ROLE.match(nxt.text) if ":" in nxt.text or "：" in nxt.text else None
        return (
            role is not None
            and role.group("speaker") is not None
            and author_line_score(role.group("who")) >= 0.8
        )


def _opens_next_cell(line: Line) -> bool:
    """`<TAB>10:30`, or a TAB alone on its line (as some browsers copy a cell's start): the
    next cell of a row whose cells run over several lines."""
    return len(line.cells) == 2 and line.cells[0] == ""


_PRESENTER_JOIN = re.compile(r"\s+[+&/]\s+")
_NOBODY = frozenset("all everyone everybody tba tbd tbc staff organizers organisers".split())


def _presenters(text: str) -> list[Person]:
    """The people of a cell in a column headed Speaker or Presenter: there even a first name
    alone is a person ("Jim + Laurent", "Chris"); [] for anything else."""
    people: list[Person] = []
    for part in _PRESENTER_JOIN.split(text):  # "Jim + Laurent": one name each side
        parsed = parse_author_line(part)
        if parsed.rest or not parsed.authors:
            return []
        people.extend(parsed.authors)
    for author in people:
        words = author.name.split()
        if (
            not 1 <= len(words) <= 5
            or author.name.casefold() in _NOBODY
            or ITEM_WORD.match(author.name)
            or not all(w[:1].isupper() for w in words if w.isalpha() and len(w) > 3)
            or not is_name_like(author.name)
        ):
            return []
    return people


def _one_person_and_affiliation(parsed: AuthorLine, text: str, known_names: set[str]) -> AuthorLine:
    """`John Clements, Cal Poly` on a page that prints `Name, Affiliation`: one person and
    where they work, not two people (unless the second is a name the page prints elsewhere)."""
    if len(parsed.authors) != 2 or any(a.affiliation for a in parsed.authors):
        return parsed
    name, comma, rest = clean(text).partition(", ")
    if not comma or "," in rest or rest in known_names or not is_name_like_strict(name):
        return parsed
    return AuthorLine((Person(parsed.authors[0].name, rest),), parsed.rest, parsed.problems)


def _speaker_with_affiliation(text: str) -> bool:
    """`Ana Silva (Director, Uni A)`: one person, a name and nothing else before the
    parenthesis that says where they work (a job, an institution, or parts after commas;
    not `Slow Graphs (Fast Trees)`)."""
    if not text.endswith(")"):
        return False
    parsed = parse_author_line(text)
    if len(parsed.authors) != 1 or parsed.rest:
        return False
    person = parsed.authors[0]
    return (
        person.affiliation is not None
        and (
            "," in person.affiliation
            or names_an_institution(person.affiliation)
            or _JOB.search(person.affiliation) is not None
        )
        and _reads_as_a_name(person.name)
    )


def _awaits_its_people(session: _SessionDraft, paper: _PaperDraft | None) -> bool:
    """A titled item with nothing in it yet: no paper, no speaker (the line below its title may
    name who gives it)."""
    return paper is None and not session.papers and not session.speakers and bool(session.title)


def _file_cells_beside(session: _SessionDraft, cells: list[str]) -> None:
    """A timed row's cells beside its talk: the first that names a room is the room, the
    rest (a mentor, a discussant) are notes."""
    for cell in cells:
        if ROOM_CELL.match(cell) and session.room is None:
            session.room = cell
        else:
            session.notes.append(cell)


# "[3] Dobrev et al. SISC (2017).": a numbered reference closing an abstract.
_REFERENCE = re.compile(r"^\[\d{1,3}\]\s+\S")


def _continues_an_abstract(text: str) -> bool:
    """Can this paragraph, right after an abstract's, be more of it: running text, a numbered
    reference, or one long sentence ending in a full stop (an acknowledgement)?"""
    return (
        is_prose(text)
        or bool(_REFERENCE.match(text))
        or (text.endswith(".") and len(text.split()) >= 12 and author_line_score(text) < 0.5)
    )


def _holds_contributions(title: str | None) -> bool:
    """Whether rows timed inside this item can be its contributions: a session, a school, a
    workshop can; registration open all day, a break or a reception cannot."""
    if title is None:
        return True
    if _NAMES_A_PAPER_SESSION.search(title) or SESSION_LABEL.match(title):
        return True  # "2C: NLP for Social Media (Long Papers)": papers, whatever its topic
    kind = classify_kind(title, paper_count=0)
    return kind not in _NOT_TALKS and not REGISTRATION.search(title)


# "(Long Papers)", "Paper Session", "2C: Topic": a title that says its item is a paper session.
_NAMES_A_PAPER_SESSION = re.compile(
    r"\bpapers\b|\bpaper session\b|^(?-i:[A-Z]?\d{1,2}[A-Z]?)\s*:\s", re.I
)


# "Organising Committee", "Program Chairs": a group, not a person giving a talk.
_GROUP = re.compile(r"\b(?:committee|organi[sz]ers|organi[sz]ing|team|chairs|staff)\b", re.I)
_ROLE_HEADING = re.compile(
    r"^(?:(?P<speaker>speakers?|presenters?|panelists?|authors?)|(?P<moderator>moderators?|"
    r"chairs?|hosts?))\s*:?$",
    re.I,
)
_JOB = re.compile(
    r"\b(?:engineer|director|professor|manager|scientist|researcher|architect|lead|head|"
    r"chief|ceo|cto|cio|coo|founder|co-founder|student|fellow|officer|developer|consultant|"
    r"analyst|president|vp|vice president|partner|advocate|evangelist|maintainer|editor|"
    r"postdoc|lecturer|dean|chair|principal|specialist|strategist)\b",
    re.I,
)


def _company_after_job(text: str) -> str:
    """`Staff Engineer, Google` -> `Google`; `Director of Open Source, LF Energy` -> `LF
    Energy`; a line with no job title is all company."""
    head, comma, rest = text.partition(", ")
    return clean(rest) if comma and _JOB.search(head) else clean(text)


def _person_with_role(text: str) -> Person | None:
    """`Name, Job Title, Company` (as event sites print speakers): the person and where they
    work; the job title is neither."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) < 3 or not is_name_like(parts[0]) or not _JOB.search(parts[1]):
        return None
    return Person(parts[0], ", ".join(parts[2:]) or None)


_DURATION_CELL = re.compile(
    r"^\d{1,3}\s*(?:m|min|mins|minutes|['’′])$|^\d{1,2}\s*h(?:\s*\d{1,2})?$", re.I
)
_LINK_COLUMNS = frozenset("video videos slides link links pdf media recording".split())
# "Paper 12: Title", "#47: Title", "ID 123 - Title": the entry's number, not its title ("Demo:"
# without a number may well be part of it).
_NUMBERED_ENTRY = re.compile(
    r"^(?:(?:(?:full|short|long|regular|research|industry|demo|position|vision|student)\s+)?"
    r"(?:paper|talk|poster|demo|contribution|abstract|submission|id|oral|presentation)"
    r"\s*(?:no\.?|#)?\s*\d+"
    r"|#\s*\d+)\s*[:.\-–—]\s+(?=\S)"
    # "Keynote - Yesquel: ...", "Invited talk – Title": the entry's kind before a dash.
    r"|^(?:keynote|invited talk|invited paper|talk|tutorial|spotlight|short talk|"
    r"lightning talk)\s+[-–—]\s+(?=\S)"
    # "S12.1 Title", "OA5-3 Title", "1A-2 Title", "1B-4 - Title": an abstract's number within
    # its session.
    r"|^(?-i:[A-Z]{1,4}\d{1,3}[A-Z]?|\d{1,3}[A-Z])[.\-]\d{1,3}[a-z]?(?:\s*[:\-–—])?\s+(?=\S)"
    # "TACL-488: Title": a journal's paper number.
    r"|^(?-i:[A-Z]{2,6})-\d{1,4}:\s+(?=\S)"
    # "Session 1A - Title": the session's label printed again before each of its papers.
    r"|^session\s+[A-Z0-9]{1,4}\s+[-–—]\s+(?=\S)"
    # "P1. Title", "12) Title", "[P7] Title": a poster board or list number.
    r"|^(?:[A-Z]{0,2}\d{1,3}[.)]|\[[A-Z]{0,2}\d{1,3}\])\s+(?=[\"“'‘A-Z0-9])",
    re.I,
)
_QUOTES = '"“”„«»'
_OPENING_QUOTES = '"“„«'
_TRAILING_EMPHASIS = re.compile(r"\s*\*[^*]{2,60}\*\s*$")
_MARK_WORDS = re.compile(
    r"^(?:short|long|full|demo|poster|invited|industry|vision|position|journal|tool|"
    r"artifact|wip|work in progress|extended abstract|best paper(?: award)?|award|"
    r"[a-z]?\d{1,2}|[slt])(?: papers?)?$",
    re.I,
)


_HEADING_WORD = re.compile(
    r"\b(?:workshop|symposium|track|tutorial|conference|summit|forum|colloquium|school)\b", re.I
)
# Column headers that name a field, not a room: "Chair", "Venue", "Speaker(s)", "Duration".
_FIELD_HEADERS = frozenset(
    "chair chairs chairperson moderator moderators venue speaker speakers presenter duration"
    " length type format track tracks notes remarks comment comments slides video kind".split()
)
_NOT_ROOMS = HEADER_WORDS | _FIELD_HEADERS


def _not_a_place(affiliation: str | None) -> bool:
    """`TACL`, `If You Let It`: parentheses after a title that name no institution."""
    if affiliation is None:
        return True
    words = affiliation.split()
    return (
        (len(affiliation) <= 6 and affiliation.isupper())
        or words[0].lower() in _PHRASE_STARTS
        or affiliation[:1].islower()  # "(sollten)", "(with extensions)": words of the title
    )


_PHRASE_STARTS = frozenset("if and or but when how why what to for with in on of the a an".split())


def _minutes_after(start: time, minutes: int) -> time:
    end = (start.hour * 60 + start.minute + minutes) % (24 * 60)
    return time(end // 60, end % 60)


def _keynote_mark(mark: str) -> bool:
    return classify_kind(mark, paper_count=1) is SessionKind.KEYNOTE


_INITIAL = re.compile(r"^(?:[A-Z]\.){1,2}$")


def _names_only_a_workplace(text: str) -> bool:
    """`Физический институт им П.Н. Лебедева РАН`: a short line naming an institution, not a
    person, with no sentence in it (a title may name one too: callers ask what follows)."""
    return (
        len(text.split()) <= 10
        and not is_prose(text)
        and names_an_institution(text.split(",")[0])
        and not is_name_like_strict(text)
    )


def _reads_as_a_name(text: str) -> bool:
    """A name and nothing else, its particles and middle initials allowed ("Anne van Schie",
    "Simon de Givry", "Hajo N. Krabbenhöft")."""
    words = text.split()
    words = [
        w
        for n, w in enumerate(words)
        if w not in NAME_SMALL_WORDS and not (0 < n < len(words) - 1 and _INITIAL.match(w))
    ]
    return len(words) >= 2 and is_name_like_strict(" ".join(words))


_CLOCK_WORDS = frozenset("ore hora horas heure heures um at time".split())
_SPEAKER_DASH = re.compile(r"^(?P<who>[^—–:]{3,80}?)\s+[—–]\s+(?P<title>\S.*)$")


def _speaker_then_title(text: str) -> tuple[str, tuple[Person, ...]] | None:
    """(title, speakers) of an item printed `Speaker (Affiliation): Title` or `Speaker —
    Title`, else None: the left side must read surely as people and the right as a title."""
    colon = split_colon_authors(text) if ": " in text else None
    if colon is not None:
        return colon[0], colon[1].authors
    dash = _SPEAKER_DASH.match(text)
    if dash is None:
        return None
    who, title = dash.group("who").strip(), dash.group("title").strip()
    parsed = parse_author_line(who)
    if (
        parsed.rest
        or not parsed.authors
        or any(ITEM_WORD.match(a.name) or _GROUP.search(a.name) for a in parsed.authors)
        or not all(is_name_like_strict(without_parentheses(a.name)) for a in parsed.authors)
        or not reads_as_title(title)
        or classify_kind(title, paper_count=1) is not SessionKind.PAPERS
    ):
        return None
    return title, parsed.authors


def _split_chair(text: str) -> tuple[str, str | None]:
    """(title, chair) of an item's text that names its chair after the title, `Invited Talks
    (Session Chair: Wenying Zhang)` or `Storage - Chair: Bo Li`; (text, None) without one."""
    m = find_chair_label(text)
    if m is None:
        return text, None
    chair = text[m.end() :].strip()
    if "(" in m.group() and chair.endswith(")") and chair.count("(") < chair.count(")"):
        chair = chair[:-1].rstrip()  # the parenthesis the chair was printed in
    return text[: m.start()].rstrip(" ,;-–—("), chair


# Field labels printed inline, in capitals or with a colon: "TITLE x AUTHORS y", "Title: x
# Speakers: y".
# "Session 2 — Rodrigo Rodrigues", "Welcome & Session 1 – Lindsey Kuper", and the typewriter's
# "Session 2 --- Rodrigo Rodrigues" that Markdown sources print for them.
_LONG_DASH = re.compile(r"\s+(?:[—–]|-{2,3})\s+")


def _session_dash_person(title: str) -> tuple[str, str] | None:
    """(title, chair) of `Session 2 — Rodrigo Rodrigues`: a session named so, then one person
    after the last long dash."""
    dashes = list(_LONG_DASH.finditer(title))
    if not dashes:
        return None
    last = dashes[-1]
    head, who = title[: last.start()], title[last.end() :].strip()
    if not re.search(r"\bsession\b", head, re.I) or ":" in who or not is_name_like_strict(who):
        return None
    return head, who


# "Chair: TBA": nobody named yet.
_PLACEHOLDER = re.compile(
    r"^(?:tba|tbd|tbc|n/?a|to be (?:announced|determined|confirmed)|-+|–)\.?$", re.I
)
# "TITLE PipeDream: ...", "Title: PipeDream: ...": a title's field label, its authors' below.
_TITLE_FIELD = re.compile(r"^(?:TITLE\s*:?|Title\s*:)\s*(?=\S)")
_PEOPLE_FIELD = re.compile(r"^(?:AUTHORS?|SPEAKERS?|PRESENTERS?)\s*:?\s+\S")
_LABELLED_FIELDS = re.compile(
    r"^(?:TITLE|[Tt]itle\s*:)\s*(?P<title>.+?)\s+"
    r"(?:AUTHORS?|SPEAKERS?|PRESENTERS?|(?:[Aa]uthors?|[Ss]peakers?|[Pp]resenters?)\s*:)\s*"
    r"(?P<who>\S.*)$"
)
_LABELLED_PROSE = re.compile(
    r"^(?:abstract|summary|description|bio(?:graphy)?|short bio|about)\s*[.:：]\s*\S", re.I
)


def _strip_session_title(text: str) -> str:
    if not text:
        return text
    if "(" in text or "[" in text:
        # "S7.1 (11:15 – 12:30)": the brackets its time stood in, once the time is read
        text = _EMPTY_BRACKETS.sub(" ", text)
    return clean(text).strip(" ,;|-–—:").strip()


_EMPTY_BRACKETS = re.compile(r"\(\s*\)|\[\s*\]")


def _title_not_names(text: str) -> bool:
    """`Quadrature domains and potential theory`: parts joined like names, one of them in lower
    case and no parenthesis or comma, so a title; `Bo Li and Cy Ng` stays people."""
    if "(" in text or "," in text:
        return False
    parts = [p for p in re.split(r"\s+(?:and|&)\s+", text) if p]
    return any(not is_name_like_strict(p) for p in parts) and any(
        w.islower() and len(w) >= 4 and w not in _NAME_PARTICLES
        for p in parts
        for w in p.split()[1:]
    )


# Lower-case words inside names: "Ana de Souza", "Luca della Robbia", "Jan van der Berg".
_NAME_PARTICLES = frozenset("della delle dello degli bint".split())


def _unquote(text: str) -> str:
    if sum(text.count(q) for q in _QUOTES) > 2:
        return clean(text)  # '"Big data pragmatics!", or, "Putting ..."': quotes inside it
    m = _QUOTED.match(text)
    return clean(m.group("t")) if m else clean(text)


def _paper_table(header: list[str]) -> dict[str, int] | None:
    """Field -> column of a header naming a session, a title and a people column beside the
    time (`Time | Session | Presenter | Venue | Title | Keywords`), else None."""
    fields: dict[str, int] = {}
    for index, cell in enumerate(header):
        found = column_field(cell) if cell else None
        if found is not None and found not in fields:
            fields[found] = index
    if {"session", "title", "authors"} <= set(fields) and fields["session"] != 0:
        return fields
    return None
