"""Heading lines: days, session headers, chairs, rooms and locations, labels, links and
table headers."""

from __future__ import annotations

import re
from datetime import time

from bot.parsing.authors import addresses_people, author_line_score, clean
from bot.parsing.calendar import DayDraft
from bot.parsing.lexer import (
    CHAIR,
    HEADER_WORDS,
    INLINE_LOCATION,
    LOCATION,
    ROOM_SESSION,
    ZONE_NOTE,
    Line,
    LineKind,
    chair_label_after,
    classify,
    column_role,
    find_chair_label,
    zone_label_in,
)
from bot.parsing.page import is_track_heading
from bot.parsing.shapes import ROOM_CELL
from bot.parsing.structure.cells import Cells
from bot.parsing.structure.drafts import CHAIR_LABEL, NOISE, NOTE, SESSION_HEADER, SessionDraft
from bot.parsing.structure.phrases import (
    BARE_SESSION_NUMBER,
    NOT_ROOMS,
    chairs_before_mark,
    paper_table,
    place_column_roles,
    room_in_parentheses,
    strip_session_title,
)
from bot.parsing.timeexpr import DayExpr, parse_day_header


class HeadLines(Cells):
    """The handlers of lines that head or label what follows them."""

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
            # days, one under the other; the items below are the first day's (unless each
            # tab's pane follows, see `assemble._panes_of_listed_days`).
            self.read(line.number, NOISE, 0.8)
            self.tab_days.append(DayDraft(line.text, line.day, line.number))
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
        clock = clock_beside_date(line.text)
        if (
            current is not None
            and current.from_header
            and (current.start is None or (clock is not None and not current.timed_by_own_line))
            and not current.papers
        ):
            # "Session" / "1.1: Climate Policy" / "Time:" / "Wednesday, 04/Sept/2024:" /
            # "9:00am - 10:30am": the day of the session just named, not a new day's start.
            current.day_index = len(self.days) - 1
            if clock is not None:
                # "Session: Haptics" / "Tuesday, March 15, 8:30, NZDT UTC+13": its day and its
                # start on one line, whatever time an overview's rows above left in force.
                current.start, current.end = clock, None
                current.timed_by_own_line = True
        else:
            self.current = None
        self.columns = []
        self.slot = None
        return 1

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
        dated = _dated_header_cell(line.cells)
        if dated is not None:
            # "Time | Room / Chair | 15/05/2024": a table per day, its date heading the item
            # column: the day of the rows below, as a day's own line would be.
            text, day = dated
            self.on_day(i, Line(line.number, text, [text], LineKind.DAY, day=day))
        self.table_columns = [column_role(c) for c in line.cells]
        self.header_roles = self.table_columns
        self.paper_table = paper_table(line.cells)
        rooms = [
            None
            if c.lower().rstrip(":") in NOT_ROOMS
            or ("(" in c and not ROOM_CELL.match(c))
            or place_column_roles(column_role(c))[0]  # "Room / Chair": where, not a room
            or (dated is not None and c == dated[0])
            else c
            for c in line.cells
        ]
        # "Time | Room A | Room B": a timetable whose columns are rooms ("Hall 1 (Level 2)" a
        # room with its floor; "Track A (Aula)" a track, read by its rows).
        self.room_columns = rooms if sum(r is not None for r in rooms[1:]) >= 2 else None
        self.room_cell_speakers = self.room_columns is not None and self._speakers_in_cells(i)
        return 1

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
        if re.fullmatch(r"[\[【〔]\S[^\[\]]*[\]】〕]", room):
            room = room[1:-1].strip()  # "[A室]": the room's name in brackets
        session = self.current
        below = self.next_nonblank(i)
        closes_item = below is None or below.kind in (LineKind.TIME, LineKind.DAY)
        if self.room_headings and below is not None and below.kind is LineKind.TIME:
            self.room_in_force = room
            self.pending_room = None
            return 1
        if (
            ROOM_SESSION.match(line.text)
            and session is not None
            and (session.papers or session.room is not None)
            and session.start is not None
            and not closes_item
        ):
            # "Hall A - Papers" / papers / "Hall B - Posters" / posters: the slot's next
            # parallel session, under the slot's title and time.
            parallel = self.open_session(
                line.number, title=session.title, start=session.start, end=session.end, room=room
            )
            parallel.day_index = session.day_index
            return 1
        if session is not None and session.room is None and (not session.papers or closes_item):
            # Its session's room: printed under its title, or last, right before the next time.
            session.room = room
        else:
            self.pending_room = room
        return 1

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
        m = CHAIR.match(first) or CHAIR.match(line.text)
        after = None if m is not None else chair_label_after(first) or chair_label_after(line.text)
        assert m is not None or after is not None
        session = self.current
        if session is not None and self._label_above_chair(session, i):
            # Title / time / room / `General Industry` / `Add to Calendar` / `Session Chair: X`:
            # the short line the card prints before its chair labels the session (its track);
            # the chair is this session's, its papers follow.
            session.notes.append(session.papers.pop().title)
            self.close_paper()
        if (
            session is None
            or (session.papers and not self.columns and not self._closes_its_item(session, i))
            or self._heads_the_timed_rows_below(session, i, line)
        ):
            session = self.open_session(line.number)
        elif self.columns and session.chairs and session is self.columns[-1]:
            session = self.columns[-1]
        if m is None:
            assert after is not None
            text = after.group("who")  # "Ana Silva (Porto), presiding": the people before
        else:
            text = first[m.end() :] if first is line.cells[0] else line.text[m.end() :]
        if m is not None and first.lstrip().startswith("("):
            text = text.rstrip(")")
        consumed = 1
        below = self.after[i + 1] if i >= 0 and i + 1 < len(self.after) else None
        if not text.strip() and len(filled) == 1 and below is not None:
            named = self.lines[below]
            if named.kind is LineKind.TEXT and (
                author_line_score(named.text) >= 0.5 or addresses_people(named.text)
            ):
                # "Chair:" / "Jane Doe (University of Oxford)": the name on the line below
                # (or "Co-Chairs:" / "Professor A – Dr B – Dr C": names each addressed).
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

    def _heads_the_timed_rows_below(self, session: SessionDraft, i: int, line: Line) -> bool:
        """`9:30 - 9:40 | opening` / ` | chair: Ana Silva` / `9:40 - 10:10 | talk`: a chair in a
        table row of its own, its time cell empty, under an item timed by its own row and
        holding nothing, heads the rows timed after that item's end, not the item above."""
        if line.cells[0] or len([c for c in line.cells if c]) != 1:
            return False
        if session.papers or session.start is None or session.end is None or self.columns:
            return False
        below = self.next_nonblank(i)
        return (
            below is not None
            and below.kind is LineKind.TIME
            and below.time is not None
            and below.time.start >= session.end
        )

    def _label_above_chair(self, session: SessionDraft, i: int) -> bool:
        """Is the one "paper" of this titled, timed session a line of a few words without
        authors right above its chair line (past buttons and links), not a contribution?"""
        if len(session.papers) != 1 or not session.title or session.start is None:
            return False
        paper = session.papers[0]
        if paper.authors or paper.speaker_to_be_announced or len(paper.title.split()) > 4:
            return False
        j = i - 1
        while j >= 0 and self.lines[j].kind in (LineKind.BLANK, LineKind.LINK):
            j -= 1
        return j >= 0 and j < i - 1 and self.lines[j].number == paper.line

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
        if (
            len(filled) > 1
            and line.cells[0] == filled[0]
            and BARE_SESSION_NUMBER.match(filled[0])
            and filled[1].casefold().startswith(filled[0].casefold())
            and len(filled[1]) > len(filled[0])
        ):
            # "Session 1 | Session 1A … | Session 1B …": the row's first cell only labels the
            # slot its parallel sessions share; the sessions are the cells beside it.
            self.read(line.number, SESSION_HEADER, 0.8)
            for c in filled[1:]:
                self.dispatch_cell(c, line)
            return 1
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
        title = strip_session_title(text.rstrip(" ,;-–—("))
        if room is None:
            title, room = room_in_parentheses(title)
        if room is None:
            title, room = self.split_room(title)  # "Poster Session 1 — East Exhibit Hall"
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
            start, end = self.heading_slot()
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
            self.table_columns = [column_role(c) for c in line.cells]
        else:
            for c in rest:
                chair_in_cell = find_chair_label(c)
                if chair_in_cell and chair_in_cell.start() > 0:
                    # "Session 6 | Sponsored by yWorks, Chair: X, Room": this session's chair.
                    session.notes.append(strip_session_title(c[: chair_in_cell.start()]))
                    self._add_chairs(session, c[chair_in_cell.end() :], line.number)
                elif (marked_chairs := chairs_before_mark(c)) is not None:
                    # "Session 2 | Jeff Coughlin (Chair) | Title": the chair, marked after the name.
                    self._add_chairs(session, marked_chairs, line.number)
                elif classify(line.number, c).kind is LineKind.TEXT:
                    # "Session 4 | Best Paper Session, TUtheSky": what the header says of itself.
                    text, room = self.split_room(c)
                    session.room = session.room or room
                    if session.title and BARE_SESSION_NUMBER.match(session.title) and text:
                        # "Session 1 | … | Kepler & K2 Updates": the first cell only numbers
                        # the session; the topic beside it names it.
                        session.title = f"{session.title}: {text}"
                    else:
                        session.notes.append(text)
                else:
                    self.dispatch_cell(c, line)
        return 1


# A clock in a line that names a day ("Tuesday, March 15, 8:30, NZDT"): dates have no colons.
_CLOCK_BESIDE_DATE = re.compile(
    r"(?<![\d:./])(?P<h>[01]?\d|2[0-3]):(?P<m>[0-5]\d)(?![\d:])(?:\s?(?P<pm>p\.?m\b\.?)|\s?a\.?m\b\.?)?",
    re.I,
)


def clock_beside_date(text: str) -> time | None:
    """The one clock printed in a day header beside its date, if it holds exactly one."""
    found = list(_CLOCK_BESIDE_DATE.finditer(text))
    if len(found) != 1:
        return None
    hour, minute = int(found[0].group("h")), int(found[0].group("m"))
    if found[0].group("pm") and hour < 12:
        hour += 12
    return time(hour, minute)


def _dated_header_cell(cells: list[str]) -> tuple[str, DayExpr] | None:
    """A table header's one cell naming a dated day (`Time | Room | 15/05/2024`), not its
    first: a header of several days is a grid with a column per day."""
    found = [
        (cell, header[0])
        for cell in cells[1:]
        if (header := parse_day_header(cell)) is not None and header[0].day is not None
    ]
    return found[0] if len(found) == 1 else None
