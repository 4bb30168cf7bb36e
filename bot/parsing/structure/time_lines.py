"""Time lines: a slot's time, a pretalx meta line, a start or a duration, and a timetable
with a column per day. A time opens an item, times a paper inside its session's slot, or
reads a row of cells timed by it."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import time

from bot.model import Person, SessionKind
from bot.parsing.authors import (
    SPACED_DASH,
    addresses_people,
    author_line_score,
    clean,
    parse_author_line,
    strip_trailing_marks,
)
from bot.parsing.calendar import DayDraft
from bot.parsing.kinds import classify_kind, is_ceremony
from bot.parsing.lexer import (
    DURATION,
    INLINE_LOCATION,
    META,
    SESSION_CODE,
    SESSION_LABEL,
    START_AT,
    Line,
    LineKind,
    column_role,
    dated_prefix,
    find_chair_label,
    is_link_line,
    names_a_place,
)
from bot.parsing.shapes import (
    FIELD_LABEL,
    LEADING_MARK,
    ROOM_CELL,
    is_own_item,
    is_prose,
    names_a_room,
)
from bot.parsing.structure.cells import Cells
from bot.parsing.structure.drafts import (
    AUTHORS,
    NOTE,
    SESSION_HEADER,
    TITLE_AUTHORS,
    SessionDraft,
)
from bot.parsing.structure.phrases import (
    CLOCK_WORDS,
    CODED_TALK_LABEL,
    DURATION_CELL,
    NUMBERED_SESSION_LABEL,
    SLOT_ONLY,
    file_cells_beside,
    holds_contributions,
    keynote_mark,
    minutes_after,
    names_only_a_workplace,
    opens_next_cell,
    panel_topic_and_moderator,
    place_column_roles,
    presenters_in,
    reads_as_a_name,
    room_in_parentheses,
    slot_date,
    split_chair,
    strip_session_title,
)
from bot.parsing.talks import read_talk_title
from bot.parsing.timeexpr import DayExpr, TimeRange, parse_day_header

# Between people of one line: a comma, a semicolon, an ampersand, a slash or "and".
_PEOPLE_JOIN = re.compile(r"[,;&/]|\band\b")
# "(30 min)", "(1 h 30 min)", "(90 minutes)": the item's length, printed right after its start.
_LEADING_LENGTH = re.compile(
    r"^\((?=\s*\d)(?:(?P<h>\d{1,2})\s*h(?:ours?|rs?)?\s*)?(?:(?P<m>\d{1,3})\s*(?:min(?:ute)?s?\.?))?\)"
    r"(?=\s|$)",
    re.I,
)

# "Discussion", "Q&A", "Questions and answers", "General discussion": the time a session gives
# to questions after a talk, printed as a row of its own between the talks.
DISCUSSION_ROW = re.compile(
    r"^(?:(?:general|open|short)\s+)?(?:discussion|q\s?&\s?a|questions(?:\s+(?:and|&)\s+answers)?)"
    r"(?:\s+(?:and|&)\s+(?:discussion|q\s?&\s?a|questions))?\.?$",
    re.I,
)


# "Ana Silva, Bo Li and Cy Wu …", "Ola Nordmann and Kari Berg …": a line opening with a list
# of people, each of two to four capitalised words, the last after "and".
_NAME = r"[A-ZÀ-Þ][\w'’.-]*(?: [A-ZÀ-Þ][\w'’.-]*){1,3}"
_OPENS_WITH_A_LIST_OF_PEOPLE = re.compile(rf"^{_NAME}(?:, {_NAME})*,? and {_NAME}\b")


# "Time" / "10:05 - 10:15": a field label naming a talk's time on its own line.
_TIME_FIELDS = frozenset("time times when zeit heure hora".split())


def _may_title(line: Line) -> bool:
    """Can this line title an item: text, a header, or a short line the page repeats (read as a
    badge: a track's topic, `Kernel Methods`, printed over each of its sessions)?"""
    if line.kind is LineKind.LINK:
        return not is_link_line(line.text)
    return line.kind in (LineKind.TEXT, LineKind.SESSION_HEADER)


class TimeLines(Cells):
    """The handlers of lines that print a time."""

    def on_time(self, i: int, line: Line) -> int:
        """A line carrying a time: a session's or a paper's slot (see `_on_time`). A date printed
        before the time (`Date & Time : October 25 10:40 am - 11:40 am`) is the slot's day."""
        assert line.time is not None
        # "Chairs" / "Ana Silva, Bo Li" / "10:00-10:10": a time starts the next item, so the
        # people a role heading named end above it.
        self.role_heading = None
        source = (
            line.cells[0] if len([c for c in line.cells if c]) > 1 and line.cells[0] else line.text
        )
        slot_day = slot_date(source[: line.time.span[0]])
        if slot_day is None:
            return self._on_time(i, line)
        self.day_override = self._dated_day(slot_day, line.number, line.text)
        try:
            return self._on_time(i, line)
        finally:
            self.day_override = None

    def _opens_a_row_of_columns(self, i: int) -> bool:
        """Is bare time `i` the start of a row of the parallel sessions open side by side: the
        first row under their header, or one after the row whose last column's cell was read,
        with a title below it?"""
        columns = self.columns
        if len(columns) < 2:
            return False
        below = self.next_nonblank(i)
        if below is None or below.kind is not LineKind.TEXT or opens_next_cell(below):
            return False
        if not self._cell_ends_before_a_time(i):
            return False  # a column's cell holding its session's timed talks, one by one
        if not any(s.papers for s in columns):
            return self.cell_of_columns is None and all(s.from_header for s in columns)
        return (
            self.cell_of_columns is not None
            and self.cell_of_columns[0] is columns
            and self.cell_of_columns[1] == len(columns) - 1
            and bool(columns[-1].papers)
        )

    def _cell_ends_before_a_time(self, i: int) -> bool:
        """Below time `i`, does a line opening the next cell come before the next time?"""
        for line in self.lines[i + 1 : i + 60]:
            if opens_next_cell(line):
                return True
            if line.kind is LineKind.TIME:
                return False
        return False

    def _speakers_named_again_below(self, item: SessionDraft, i: int) -> bool:
        """`Invited Talk: Ana Silva` / `09:00–10:00` / `Ana Silva (MIT)` / title: the item's
        slot printed again over the speaker its title named, the talk still to come."""
        if item.talk_title is not None:
            return False
        below = self.next_nonblank(i)
        return below is not None and any(
            re.match(re.escape(p.name) + r"(?!\w)", below.text) for p in item.speakers
        )

    def _item_naming_its_speakers(
        self, tr: TimeRange, speakers: list[Person]
    ) -> SessionDraft | None:
        """The open item of this very slot whose title named these speakers (`Invited Talk:
        Ana Silva`) and which holds no talk yet."""
        current = self.current
        if current is None or current.papers or current.talk_title or not speakers:
            return None
        if (current.start, current.end) != (tr.start, tr.end) or not current.speakers:
            return None
        named = {p.name for p in current.speakers}
        return current if {p.name for p in speakers} == named else None

    def _numbered_heading_above(self, i: int) -> tuple[Line, Line] | None:
        """`Oral Session 1A` / `Applications: Health` / `10:30-11:45`: the lines of a label
        numbering the session and of its topic, each on its own line right above its time."""
        if i < 2:
            return None
        label, topic = self.lines[i - 2], self.lines[i - 1]
        if not (_may_title(label) and _may_title(topic)):
            return None
        if not NUMBERED_SESSION_LABEL.match(label.text) or is_prose(topic.text):
            return None
        if topic.time is not None or is_own_item(topic.text):
            return None
        return label, topic

    def _take_heading(self, label: Line, topic: Line) -> str:
        """The title a numbering label and its topic make, once whatever they were read as so
        far (a session of their own, a paper and its authors, its speakers) is undone."""
        numbers = (label.number, topic.number)
        for session in list(self.sessions):
            session.papers = [p for p in session.papers if p.line not in numbers]
            # the topic read as the label's speakers ("Computer Vision") names nobody
            named = session.speakers and session.speakers_line not in numbers
            if session.line in numbers and not (session.papers or named or session.chairs):
                self.sessions.remove(session)
        self.paper = None
        self.current = self.sessions[-1] if self.sessions else None
        for number in numbers:
            self.read(number, SESSION_HEADER, 0.8)
        return f"{strip_session_title(label.text)}: {strip_session_title(topic.text)}"

    def _room_under_its_title(self, i: int, text: str) -> bool:
        """Is what follows this line's time the room of an item titled on the line right above
        (a card's title, then its time and place), not the item's own title?"""
        if i <= 0 or not names_a_room(text):
            return False
        above, paper = self.lines[i - 1], self.paper
        if paper is not None and (
            paper.authors_line == above.number or (paper.line == above.number and paper.authors)
        ):
            return False  # a paper's people end above: the time's text is its next item's title
        return _may_title(above) and not is_prose(above.text)

    def _starts_the_talk_above(self, tr: TimeRange, line: Line) -> bool:
        """`Title` / `Name` / `10:20am`: a bare clock right under a talk's people is that talk's
        start, on a page that prints it so; the first talk of a session shows it, its clock
        being the session's own start."""
        session, paper = self.current, self.paper
        if (
            tr.end is not None
            or session is None
            or session.start is None
            or paper is None
            or paper.start is not None
            or not paper.authors
            or paper.authors_line is None
            or paper.authors_line != self._previous_text_line(line)
        ):
            return False
        if not self.times_after_talks and not (
            tr.start == session.start and session.papers == [paper]
        ):
            return False
        self.times_after_talks = True
        paper.start = tr.start
        return True

    def _labelled_time_of_the_talk_above(self, i: int, tr: TimeRange) -> bool:
        """`Title` / `Name, Workplace` / `Time` / `1:05 - 1:25`: a clock under a field label
        of its own, right below a talk's people, is that talk's time, not the next talk's
        slot. A 12-hour clock printed without its half takes the session's afternoon where
        only that puts it inside the session."""
        session, paper = self.current, self.paper
        label_at = self.before[i - 1] if i > 0 else None
        if (
            session is None
            or session.start is None
            or paper is None
            or paper.start is not None
            or not paper.authors
            or paper.authors_line is None
            or label_at is None
            or self.lines[label_at].kind is not LineKind.LABEL
            or self.lines[label_at].text.rstrip(":：").strip().lower() not in _TIME_FIELDS
        ):
            return False
        above_label = self.before[label_at - 1] if label_at > 0 else None
        if above_label is None or self.lines[above_label].number != paper.authors_line:
            return False
        start, end = tr.start, tr.end
        if (
            start < session.start
            and start.hour < 12
            and (end is None or end.hour < 12)
            and start.replace(hour=start.hour + 12) >= session.start
            and (session.end is None or start.replace(hour=start.hour + 12) < session.end)
        ):
            start = start.replace(hour=start.hour + 12)
            end = end.replace(hour=end.hour + 12) if end is not None else None
        paper.start, paper.end = start, end
        return True

    def _pause_inside_the_block(self, i: int, tr: TimeRange, beside: str) -> bool:
        """Is time line `i`, naming only a break, a pause of the current session's block: timed
        inside the span the session printed, after some of its papers and with another paper's
        text right below it?"""
        current = self.current
        if (
            current is None
            or not current.papers
            or current.start is None
            or current.end is None
            or not (current.start < tr.start < current.end)
            or (tr.end is not None and tr.end > current.end)
            or classify_kind(beside, paper_count=0) is not SessionKind.BREAK
        ):
            return False
        below = self.next_nonblank(i)
        return below is not None and below.kind is LineKind.TEXT

    def _header_session_resumed(self) -> SessionDraft | None:
        """The session opened by a header printed without a time that the next talk belongs
        to: the current one, or the one before a break printed among its rows."""
        current = self.current
        if current is not None and current.from_header and not current.timed_by_own_line:
            return current
        if (
            current is not None
            and not current.papers
            and current.title
            and classify_kind(current.title, paper_count=0) is SessionKind.BREAK
            and len(self.sessions) >= 2
            and self.sessions[-1] is current
        ):
            before = self.sessions[-2]
            if before.from_header and not before.timed_by_own_line and before.papers:
                return before
        return None

    def _talk_below_bare_time(self, i: int) -> int | None:
        """Under a header printed without a time, is bare time `i` a talk's own: one or two
        lines below it a contribution (`A and B. Title`, or a title and its authors), then the
        next time (or, after such talks, a header or the page's end)? Then the index of the
        contribution's first line; else None. A session's own time is followed by all its
        papers."""
        current = self.current
        if current is None or not current.from_header or current.timed_by_own_line:
            return None
        block: list[int] = []
        at = self.after[i + 1] if i + 1 < len(self.after) else None
        while at is not None and len(block) < 2 and self.lines[at].kind is LineKind.TEXT:
            block.append(at)
            at = self.after[at + 1] if at + 1 < len(self.after) else None
        if not block or (at is not None and self.lines[at].kind is LineKind.TEXT):
            return None  # more lines of text: the papers of a session timed by this line
        if (at is None or self.lines[at].kind is not LineKind.TIME) and not current.papers:
            return None  # one paper, then a header or the page's end: the session's time
        if any(len([c for c in self.lines[k].cells if c]) != 1 for k in block):
            return None
        if len(block) == 2 and self.split_sentence(self.lines[block[1]].text) is not None:
            return None  # two papers of one line each: the session's time, over both
        first = self.lines[block[0]]
        return block[0] if self._contribution_row(first.text, block[0]) else None

    def _session_coded_by(self, cells: list[str]) -> SessionDraft | None:
        """The open session, when a row's first cell beside its time is the code its heading
        opens with (`1A GISci. Chair: …` over `10:30 | 1A | Title`)."""
        current = self.current
        if not cells or current is None or not current.from_header or not current.title:
            return None
        code = cells[0]
        if not SESSION_CODE.match(code) or current.title.split()[0] != code:
            return None
        return current

    def _speaker_then_title(self, i: int) -> bool:
        """Are the two lines below `i` who gives a talk (more like names than the next) and
        its title?"""
        if i + 2 >= len(self.lines):
            return False
        speaker, title = self.lines[i + 1], self.lines[i + 2]
        if speaker.kind is not LineKind.TEXT or title.kind is not LineKind.TEXT:
            return False
        score = author_line_score(speaker.text)
        return score >= 0.3 and author_line_score(title.text) < score

    def _talk_time_under_timed_header(self, tr: TimeRange) -> bool:
        """Under a session timed by its start alone: does this time start one of its talks (the
        first one at the session's own start, each later one after the talk above)?"""
        current = self.current
        if (
            current is None
            or current.start is None
            or current.end is not None
            or not holds_contributions(current.title)
        ):
            return False
        if not current.papers:
            # "13:35 | Title (Ana Silva)" / "13:35 | Title (Bo Li)": an item already naming its
            # talk's speakers is that one talk; a row at its start is the next, not its first.
            return tr.start == current.start and not current.speakers
        last = current.papers[-1].start
        return last is not None and tr.start > last

    def _next_in_a_run_of_talks(self, text: str) -> bool:
        """After timed talks of the open session: is this timed text the next one, opening with
        its people though they and the title do not split (`A and B TITLE - words`)?"""
        current = self.current
        return (
            current is not None
            and bool(current.papers)
            and current.papers[-1].start is not None
            and classify_kind(text, paper_count=0)
            not in (SessionKind.BREAK, SessionKind.SOCIAL, SessionKind.PLENARY)
            and not is_own_item(text)
            and not SESSION_LABEL.match(text)
            and bool(_OPENS_WITH_A_LIST_OF_PEOPLE.match(text))
        )

    def _overruns_the_slot(self, tr: TimeRange, text: str) -> bool:
        """`09:20 - 10:30 Contributed talks` / … / `10:20 - 10:35 Ana Silva. Title`: a talk
        that starts inside its session's slot and names who gives it is the session's last,
        though the page prints it running past the slot's end."""
        current = self.current
        assert current is not None
        assert current.end is not None
        if SESSION_LABEL.match(text):
            return False  # "11:00-14:00 | Poster Session 1 — Hall C": the next session, not a talk
        return tr.start < current.end and self.split_sentence(text.lstrip(":|-–—~, ")) is not None

    def _workplace_below(self, i: int) -> int | None:
        """The index of the line right below `i` when it names only where someone works
        (`University of Porto`), a cell's later line; None otherwise."""
        at = self.after[i + 1] if i + 1 < len(self.after) else None
        if at is None or at != i + 1:
            return None
        below = self.lines[at]
        if below.kind is not LineKind.TEXT or len([c for c in below.cells if c]) != 1:
            return None
        return at if _names_a_workplace(below.text) else None

    def _speaker_cell_broken_after_the_name(
        self, i: int, name: str, other_cells: list[str]
    ) -> tuple[str, Person, int] | None:
        """(title, speaker, index of the line below) of a timed row `time | Name` whose next
        line is `Workplace | Title` (a speaker's cell broken after the name, as a browser
        copies it), or of a row `time | Name | Title` whose next line is the workplace alone
        (the cell's later line put after the row). None for any other row."""
        if len(other_cells) > 1 or not reads_as_a_name(name):
            return None
        at = self.after[i + 1] if i + 1 < len(self.after) else None
        if at is None or at != i + 1:
            return None
        below = self.lines[at]
        cells = [c for c in below.cells if c]
        if below.kind is not LineKind.TEXT or len(cells) != 2 - len(other_cells):
            return None
        workplace, title = (cells[0], other_cells[0]) if other_cells else cells
        title = self.strip_marks(strip_trailing_marks(title)[0])
        if (
            not _names_a_workplace(workplace)
            or len(title.split()) < 2
            or classify_kind(title, paper_count=1) not in (SessionKind.PAPERS, SessionKind.OTHER)
        ):
            return None
        return title, Person(name, workplace), at

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
        length = _LEADING_LENGTH.match(after)
        if length is not None:
            # "10:30 AM (30 min) Room 217": how long the item lasts, then where; its end when
            # the line gives none, and no part of its title.
            after = after[length.end() :].strip()
            if tr.end is None:
                minutes = int(length.group("h") or 0) * 60 + int(length.group("m") or 0)
                tr = replace(tr, end=minutes_after(tr.start, minutes))
        other_cells = [c for c in line.cells[1:] if c] if source is line.cells[0] else []
        weekday_prefix = re.fullmatch(r"([A-Za-z]{2,9})\.?,?", before)
        dated = dated_prefix(before) if before and not weekday_prefix else None
        if weekday_prefix and parse_day_header(weekday_prefix.group(1)):
            self._day_from_prefix(weekday_prefix.group(1), line.number)
            before = ""
        elif dated is not None:
            self._day_from_prefix(dated, line.number)  # "Tue 9 Dec, 10:30–12:00 Session 2"
            before = ""
        elif before.lower().rstrip(".,") in CLOCK_WORDS:
            before = ""  # "Ore 9:00 – Apertura", "Um 9:00 Uhr": the word for "at", "hours"
        if self.grid and self._fills_grid(tr, other_cells):
            for track, cell in zip(self.grid, other_cells, strict=False):
                self.current = track
                self._grid_cell(cell, line, tr)
            return 1
        self.grid = []
        if not other_cells and not after and not before and self._opens_a_row_of_columns(i):
            # "Session 1A | Session 1B | Session 1C" / "11:00<TAB>" / a cell per session, each
            # a paper, the next one after a TAB / "11:20<TAB>" ...: the time heads a row of the
            # parallel sessions' cells, the first column's first.
            self.pending_time = tr
            self.column_turn = 0
            self.cell_of_columns = (self.columns, 0)
            self.papers_in_turn = []
            return 1
        if not other_cells and not after and not before and self._starts_the_talk_above(tr, line):
            return 1
        if (
            not other_cells
            and not after
            and not before
            and self._labelled_time_of_the_talk_above(i, tr)
        ):
            return 1
        if self.room_columns and source is line.cells[0] and self._items_in_rooms(line, tr):
            return 1
        if self.paper_table is not None and self._paper_of_session_column(line, tr):
            return 1
        coded = self._session_coded_by(other_cells)
        if coded is not None:
            # "1A GISci. Chair: X" / "1A | 10:30 | Title | A; B": a row repeating the open
            # session's code is one of its papers, the title in the cells after the code, or
            # on the next line where a browser's copy broke the row at the title's paragraph.
            if other_cells[1:]:
                self._paper_row(other_cells[1:], line, tr)
                return 1
            below = self.after[i + 1] if i + 1 < len(self.after) else None
            if below is not None and self.lines[below].kind is LineKind.TEXT:
                title_line = self.lines[below]
                self._paper_row([title_line.text], title_line, tr)
                return below - i + 1
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
            # "12.40 - 1.40" after "11.35 - 12.35": a 12-hour range running past noon ends
            # after the slot, however small its printed end.
            and (tr.end is None or tr.end >= tr.start)
            and (
                tr.end is None
                or tr.end <= self.current.end
                or self._overruns_the_slot(tr, other_cells[0] if other_cells else after)
            )
            and (
                (tr.start, tr.end) != (self.current.start, self.current.end)
                or self._shares_the_session_slot(i)
            )
            and holds_contributions(self.current.title)
            and not is_own_item(other_cells[0] if other_cells else after)
            and not self._chaired_below(i)
        ):
            cells = other_cells or [after.lstrip(":|-–—~, ")]  # "10:40: Title": not its colon
            host = self._ceremony_speaker(cells)
            if host is not None:
                # "13:15-13:45 Opening remarks" / "13:15-13:30 Dr A – Undersecretary – Ministry
                # of Health": who speaks at the opening, in its slot, addressed, then their
                # office; an address, not a paper.
                self.current.speakers.extend(host)
                self.current.notes.append(cells[0])
                self.current.sub_rows.append((tr.start, tr.end))
                self.known_names.update(p.name for p in host)
                self.read(line.number, AUTHORS, 0.8)
                return 1
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
        coded_in = (
            self._header_session_resumed()
            if CODED_TALK_LABEL.match(beside) and self._speaker_then_title(i)
            else None
        )
        if coded_in is not None:
            # "Session 2. Materials" / "- Chair: …" then "14:00 - 14:20 | Oral S2-01-O" / "Ana
            # Silva (Uni A)" / "Title": a talk's code, then who gives it, then its title; a
            # break printed among the session's rows does not end it.
            self.current = coded_in
            speaker = self.lines[i + 1]
            self.flush_pending_authors()
            self.pending_authors = (parse_author_line(speaker.text), speaker.number)
            self.pending_time = tr
            self.read(speaker.number, AUTHORS, max(0.5, author_line_score(speaker.text)))
            return 2
        if (
            self.current is not None
            and self.current.from_header
            and not self.current.timed_by_own_line
            and not self.current.papers
            and len(other_cells) >= 2
            and any(is_ceremony(c) for c in other_cells)
        ):
            # "Session 1 | Jeff Coughlin (Chair)" then "09:00-09:15 | Multiple | Welcome to
            # Ames": the hosted welcome that opens the session, before its talks; whoever the
            # row names beside it hosts it, and gives no paper.
            self.current.notes.append(beside)
            self.current.sub_rows.append((tr.start, tr.end))
            return 1
        if (
            self.current is not None
            and self.current.from_header
            and not self.current.timed_by_own_line
            and self.current.papers
            and DISCUSSION_ROW.match(beside)
        ):
            # "Session 1" / "Co-Chairs: …" / "15:05-15:30 | Title" / speaker / "15:30-15:40 |
            # Discussion": the talk's discussion, timed on its own row, is still the session's;
            # the next talk's row goes on under it.
            self.current.notes.append(beside)
            self.current.sub_rows.append((tr.start, tr.end))
            return 1
        if self._pause_inside_the_block(i, tr, beside):
            # "14h – 17h Presentations – Amphitheatre" / talks / "15h05 – Break" / talks: a pause
            # printed inside the block's own span, more talks below it, is the block's; the
            # talks after it are still the block's.
            assert self.current is not None
            self.current.notes.append(beside)
            self.current.sub_rows.append((tr.start, tr.end))
            return 1
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
            and beside
            and self._talk_time_under_timed_header(tr)
            and (self._contribution_row(beside, i) or self._next_in_a_run_of_talks(beside))
        ):
            # "11:00" / "Oral session 1 (session chair: X)" / "11:00 A and B. Title" / "11:20 C.
            # Title": a session timed by its start alone, its first talk printing that start
            # again and the next ones later: each time its talk's own, not an item of its own.
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
        rest, chair_text = split_chair(rest)
        if label and not rest and not FIELD_LABEL.match(label):
            title_text = label  # "Lunch: 12:00–13:30" (but "Time: 10:30 - 12:00" names nothing)
        elif rest:
            title_text = (title_text + " " + rest).strip() if title_text else rest
        if SLOT_ONLY.match(title_text):
            title_text = ""
        room = None
        if ROOM_CELL.match(title_text):
            room, title_text = title_text, ""  # "10:30-12:00, Room 101"
        numbered = None
        if not before and not other_cells and (not title_text or names_a_room(title_text)):
            numbered = self._numbered_heading_above(i)
        if numbered is not None:
            room = room or title_text or None  # "Oral Session 1A" / its topic / "10:30 · Hall A"
            title_text = self._take_heading(*numbered)
        elif not before and not other_cells and self._room_under_its_title(i, title_text):
            room, title_text = title_text, ""  # "Opening Remarks" / "08:45-09:00 · Main Hall"
        current = self.current
        talk_at = self._talk_below_bare_time(i) if not title_text and room is None else None
        if talk_at is not None:
            # "Session 2" / "Chair: …" / "11:00 — 11:20" / "A and B. Title" / "11:20 — 11:40":
            # each bare time its talk's own; the session spans them.
            contribution = self.lines[talk_at]
            self._timed_contribution(contribution.text, contribution, tr, talk_at)
            return talk_at - i + 1
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
        # A bare time under an item that holds nothing yet may only say again when it is.
        restated = (
            current
            if not title_text
            and not other_cells
            and current is not None
            and not current.papers
            and (not current.speakers or self._speakers_named_again_below(current, i))
            else None
        )
        if restated is not None and (restated.start, restated.end) == (tr.start, tr.end):
            return 1  # "10:45 – 12:15" / title / room / "Tuesday 10:45 – 12:15": printed twice
        if (
            restated is not None
            and restated.start == tr.start
            and restated.end is None
            and tr.end is not None
            and self._restates_the_items_start(i, tr)
        ):
            # "09:15" / "Session 1: Neutrinos" / "Convener: …" / "09:15 - 10:45" / "09:15" /
            # talk: the item's start printed again with its end, above what it holds.
            restated.end = tr.end
            self.slot = (restated.start, restated.end)
            return 1
        placed = self._cell_in_place_column(line.cells)
        column_chair = ""
        if placed is not None and placed[0] in other_cells and len(other_cells) > 1:
            # "Ora | Luogo | Attività": the header says which cell is where, not what.
            column_room, with_chair = placed
            other_cells.remove(column_room)
            if with_chair:
                # "Room / Chair" over "L4 / Svenja Janke": the block's room and its chair.
                column_room, _, column_chair = column_room.partition(" / ")
            room = room or column_room.strip()
        if not title_text:
            # "12:00 – 13:30 | Lunch": the title in a cell of its own; in "10:30 | Hall B |
            # Oral Session 1B" the room's cell comes first, so a cell naming a room is the
            # title only where no other cell could be.
            candidates = [c for c in other_cells if not ROOM_CELL.match(c) and not is_link_line(c)]
            unroomed = [c for c in candidates if not names_a_room(c)]
            for cell in unroomed[:1] or candidates[:1]:
                other_cells.remove(cell)
                # "09:30 – 10:30 | Invited Talks (Session Chair: Wenying Zhang)"
                title_text, chair_text = split_chair(cell)
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
                title_text, room = room_in_parentheses(title_text)
        # The row's own title, no title above the time and no chair in it: it may be one talk.
        talk_row = bool(title_text) and previous_title is None and not chair_text and not numbered
        if talk_row and self._timed_people_above_title(title_text, i):
            # "9:30-10:00 | Ana Silva | Bo Li" / " | Fast Joins on GPUs": who gives the talk,
            # its title on the row below; the row's other cells (a mentor, a discussant) are
            # no part of it.
            session = self.open_session(line.number, start=tr.start, end=tr.end, room=room)
            session.speakers = list(parse_author_line(title_text).authors)
            session.expects_talk_title = True
            if column_chair:
                self._add_chairs(session, column_chair, line.number)
            file_cells_beside(session, other_cells)
            self.slot = (tr.start, tr.end)
            self.read(line.number, AUTHORS, 0.8)
            return 1
        broken = (
            self._speaker_cell_broken_after_the_name(i, title_text, other_cells)
            if talk_row
            else None
        )
        if broken is not None:
            # "8:30-9:30 | Ana Silva" / "University of Porto | Stable Boundary Layers": the
            # speaker's cell broke after the name, so its workplace opens the next line and
            # the talk's title follows it in the next cell (or, the row read cell by cell,
            # the workplace follows the row alone).
            talk_title, broken_speaker, workplace_at = broken
            session = self.open_session(
                line.number, title=talk_title, start=tr.start, end=tr.end, room=room
            )
            session.speakers = [broken_speaker]
            self.read(self.lines[workplace_at].number, AUTHORS, 0.9)
            self.slot = (tr.start, tr.end)
            return workplace_at - i + 1
        if (
            talk_row
            and len(other_cells) == 1
            and is_ceremony(other_cells[0])
            and not is_ceremony(title_text)
            and presenters_in(title_text)
        ):
            # "9:00-9:20 | Bruno Gale | Welcome remark": the day's ceremony, titled by what it
            # is; who hosts it is a note, not a talk's speaker.
            session = self.open_session(
                line.number, title=other_cells[0], start=tr.start, end=tr.end, room=room
            )
            file_cells_beside(session, [title_text])
            self.slot = (tr.start, tr.end)
            return 1
        panel = (
            panel_topic_and_moderator(title_text, other_cells[0])
            if talk_row and len(other_cells) == 1
            else None
        )
        if panel is not None:
            # "12:20-1:00 | Panel Discussion: Rhea Munk | What is needed? Theory": a panel on
            # the topic beside, led by the one person named.
            topic, moderators = panel
            session = self.open_session(
                line.number, title=topic, start=tr.start, end=tr.end, room=room
            )
            for moderator in moderators:
                self._add_chairs(session, moderator.name, line.number)
            self.slot = (tr.start, tr.end)
            return 1
        talk = self._talk_in_cells(title_text, other_cells, line.cells) if talk_row else None
        if talk is not None:
            # "09:00-09:45 | John Smith (Oxford) | Spectral Gaps": one talk per timed row, its
            # speaker and its title in cells of their own, in either order.
            talk_title, speakers, beside_talk = talk
            named = self._item_naming_its_speakers(tr, speakers)
            if named is not None:
                # "09:00-10:00 | Invited Talk: Ana Silva" / "09:00-10:00 | Title | Ana Silva
                # (MIT)": the item's own talk, in the same slot.
                named.talk_title, named.speakers = talk_title, speakers
                named.room = named.room or room
                return 1
            session = self.open_session(
                line.number, title=talk_title, start=tr.start, end=tr.end, room=room
            )
            session.speakers = speakers
            if not speakers:
                self.add_paper(talk_title, line.number, tr).speaker_to_be_announced = True
            for cell in (title_text, *other_cells):
                keynote = LEADING_MARK.match(cell)
                if keynote and keynote_mark(keynote.group("mark")):
                    # "Alan Ruttenberg | [Keynote] Can we reduce …": a keynote, and its title
                    session.title, session.talk_title = keynote.group("mark"), talk_title
                labelled = read_talk_title(cell) if cell != talk_title else None
                if labelled is not None and labelled.speakers and labelled.talk_title is None:
                    # "Invited talk: Ana Silva | Progressive Planning": the talk's kind and
                    # speaker in one cell, its title in the other
                    session.title, session.talk_title = labelled.session_title, talk_title
            file_cells_beside(session, beside_talk)
            self.slot = (tr.start, tr.end)
            workplace = self._workplace_below(i) if len(speakers) == 1 else None
            if workplace is not None and speakers[0].affiliation is None:
                # "8:30-9:30 | Ana Silva | Title" / "University of Porto": the speaker's cell
                # broke after the name; its later line, where they work, follows the row.
                session.speakers = [Person(speakers[0].name, self.lines[workplace].text)]
                self.read(self.lines[workplace].number, AUTHORS, 0.9)
                return workplace - i + 1
            return 1
        lone_speakers = (
            self._lone_speaker_cell(title_text, other_cells, line.cells) if talk_row else []
        )
        if lone_speakers:
            # "14:00 | Olivia Roth | ": a talk known by its speaker's name.
            session = self.open_session(
                line.number, title=title_text, start=tr.start, end=tr.end, room=room
            )
            session.speakers = lone_speakers
            self.slot = (tr.start, tr.end)
            return 1
        if (
            talk_row
            and other_cells
            and self._talks_side_by_side(line, tr, [title_text, *other_cells], room)
        ):
            return 1
        title_at = previous_title or (numbered[0] if numbered else line)
        session = self.open_session(
            title_at.number,
            title=strip_session_title(previous_title.text if previous_title else title_text)
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
        for chairs in (chair_text, column_chair):
            if chairs:
                self._add_chairs(session, chairs, line.number)
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
                    line.number, title=strip_session_title(cell), start=tr.start, end=tr.end
                )
                track.from_header = True
                self.grid.append(track)
            self.current = session
            return 1
        content = _content_cells(other_cells)
        paper_cells = _a_papers_cells(content)
        if (
            not paper_cells
            and title_text
            and not session.speakers
            and len(content) == 1
            and not names_a_place(content[0])
            and self.in_a_people_column(content[0], line)
        ):
            # "19.30-21.30 | Dinner + Speaker | Ana Silva | | 30mins", in the cell where the
            # rows above printed their authors: who speaks at the item, the talk untitled. (A
            # name alone beside a title may also be its chair: "Sensors | Ana Silva".)
            session.speakers = list(parse_author_line(content[0]).authors)
            other_cells = [c for c in other_cells if c is not content[0]]
        for cell in other_cells:
            if cell in paper_cells:
                continue
            if (ROOM_CELL.match(cell) or names_a_place(cell)) and session.room is None:
                session.room = cell
            else:
                self.dispatch_cell(cell, line)
        if paper_cells:
            # "9.45-11.00 | Session 1: Tools | Ana Silva | A Debugger | 20mins": the session's
            # row also holds its first paper, its people and its title in cells of their own.
            self._paper_row(paper_cells, line, None)
        return 1

    def _ceremony_speaker(self, cells: list[str]) -> list[Person] | None:
        """Under an opening or closing item, a row naming one person addressed by a title
        (`Dr A`, `Professor B – GHA President`): who speaks at it, their office after a
        spaced dash."""
        current = self.current
        if current is None or current.papers or not current.title or len(cells) != 1:
            return None
        if not is_ceremony(current.title):
            return None
        head = SPACED_DASH.split(cells[0], maxsplit=1)[0]
        if not addresses_people(head) or _PEOPLE_JOIN.search(head):
            return None
        people = [p for p in parse_author_line(head).authors if p.name]
        return people if len(people) == 1 else None

    def _cell_in_place_column(self, cells: list[str]) -> tuple[str, bool] | None:
        """The row's cell under its table's room or location column, if it has one, and
        whether that column's header names the chair too (`Room / Chair`)."""
        columns = [column_role(c) for c in self.header_roles]  # kept past the header's row
        if len(columns) != len(cells):
            return None
        for k, role in enumerate(columns):
            place, with_chair = place_column_roles(role)
            if place and cells[k]:
                return cells[k], with_chair
        return None

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
            title=strip_session_title(title_line.text) if title_line else None,
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
            paper.end = minutes_after(paper.start, minutes)  # "09:10" / title / "40m"
            return 1
        session = self.current
        if session is None or session.start is None:
            session_notes = session.notes if session is not None else None
            if session_notes is not None:
                session_notes.append(line.text)
            return 1
        if session.end is None or not session.papers:
            session.end = minutes_after(session.start, minutes)
        return 1

    def _on_day_columns(self, line: Line, below: Line | None) -> bool:
        """Read a line of a timetable with one column per day (`| Time | Monday | Tuesday |`,
        then `9:00 - 10:30 | Yves Bertot | Emily Riehl |`): each cell an item of its
        column's day; `below` is the next line. True when the line was read so."""
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
        runs_on = below is not None and below.kind is not LineKind.BLANK and len(below.cells) == 1
        if tr is None and len(cells) == 2 and runs_on:
            # " | Panel title" / "(Panel 1)": a cell of the first column alone that runs on
            # over the lines below is no more of the item above but a block of its own (a
            # session and its papers, a page's cells copied one after another), read as the
            # lines it holds, under the item above in that column; the timetable goes on at
            # the next timed row.
            if 1 in self.day_column_items:
                self.current = self.day_column_items[1]
                self.close_paper()
            return False
        for index, cell in enumerate(cells[1:], start=1):
            day = self.day_columns[index] if index < len(self.day_columns) else None
            if not cell or day is None:
                continue
            if tr is not None:
                # "9:00 - 10:30 | Yves Bertot | …": an item on that column's day.
                item = self.open_session(
                    line.number,
                    title=strip_session_title(cell),
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

    def _talks_side_by_side(
        self, line: Line, tr: TimeRange, cells: list[str], room: str | None
    ) -> bool:
        """`15:00 | Title. Dr. A (USA) | Title. Dra. B (PER)`: parallel rooms' talks side by
        side, the rooms' header lost or not read; each cell is one paper of the row's item,
        its speaker after its title. Two such cells at least, and no break, room or label."""
        if any(
            ROOM_CELL.match(c) or is_link_line(c) or SESSION_LABEL.match(c) or is_own_item(c)
            for c in cells
        ):
            return False
        split = [self.split_sentence(c) for c in cells]
        if sum(1 for found in split if found is not None) < 2:
            return False
        session = self.open_session(line.number, start=tr.start, end=tr.end, room=room)
        session.timed_by_own_line = True
        for cell, found in zip(cells, split, strict=True):
            if found is None:
                self.add_paper(cell.rstrip(" ."), line.number, tr)
                continue
            title, authors, _authors_first = found
            self.add_paper(title, line.number, tr)
            self.attach_authors(authors, line.number)
            self.known_names.update(a.name for a in authors.authors)
        self.slot = (tr.start, tr.end)
        self.read(line.number, TITLE_AUTHORS, 0.8)
        return True


def _a_papers_cells(content: list[str]) -> list[str]:
    """The two content cells (`_content_cells`) beside a session's title that read as one
    paper: people and a title, in either order; none for any other row."""
    if len(content) != 2:
        return []
    scores = sorted(author_line_score(c) for c in content)
    return content if scores[1] >= 0.5 and scores[0] < scores[1] else []


def _content_cells(cells: list[str]) -> list[str]:
    """The cells that say what or who: rooms, durations, links and empty cells aside."""
    return [
        c
        for c in cells
        if c and not is_link_line(c) and not DURATION_CELL.match(c) and not ROOM_CELL.match(c)
    ]


# "Climate Division (NOAA)", "Research Computing (NCAR)": a unit, capitalised, then its
# organisation's acronym in parentheses.
_UNIT_OF_ORGANISATION = re.compile(r"^(?:[A-Z][\w&/-]*\s+){1,4}\((?-i:[A-Z]{2,8})\)$")


def _names_a_workplace(text: str) -> bool:
    """Where someone works, as the cell under their name prints it: an institution, or a unit
    and its organisation's acronym."""
    return names_only_a_workplace(text) or bool(_UNIT_OF_ORGANISATION.match(text))
