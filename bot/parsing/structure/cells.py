"""Rows of cells: a table's paper rows, a timetable's grid cells, a row of parallel sessions'
columns and the talk a row's cells describe."""

from __future__ import annotations

import itertools
import re

from bot.model import Person, SessionKind
from bot.parsing.authors import (
    AuthorLine,
    author_line_score,
    clean,
    is_name_like,
    names_an_institution,
    parse_author_line,
    split_people_after_title,
    strip_trailing_marks,
)
from bot.parsing.given_names import GIVEN_NAMES
from bot.parsing.kinds import classify_kind, is_ceremony
from bot.parsing.lexer import ROOM_NAME, Line, LineKind, classify, is_link_line
from bot.parsing.shapes import (
    LEADING_MARK,
    PLACEHOLDER_TITLE,
    ROOM_CELL,
    has_common_word,
    is_prose,
    is_room_cell,
    names_a_room,
    title_score,
)
from bot.parsing.structure.drafts import AUTHORS, TITLE_AUTHORS, SessionDraft, item_label
from bot.parsing.structure.phrases import (
    DURATION_CELL,
    LINK_COLUMNS,
    NAMES_A_PAPER_SESSION,
    PARENTHESISED_PERSON,
    PLACEHOLDER,
    SESSION_WORD,
    keynote_mark,
    place_column_roles,
    presenters_in,
    speaker_then_title,
    strip_session_title,
)
from bot.parsing.structure.speakers import Speakers
from bot.parsing.talks import read_talk_title, split_title_people, title_then_named_speakers
from bot.parsing.timeexpr import TimeRange, find_time_range

# The columns naming a table's sessions, and those whose rows are papers.
_SESSION_COLUMNS = frozenset(("session", "session title", "session name"))
_PAPER_COLUMN_ROLES = ("title", "paper", "talk", "author", "speaker", "presenter")


class Cells(Speakers):
    """Reading rows of TAB-separated cells into papers and sessions."""

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
        if self._session_row(cells, line, tr):
            return
        title = None
        authors: AuthorLine | None = None
        institution = None
        columns = self.table_columns or []
        untimed_row = self._untimed_row_under_header(cells, tr)
        if untimed_row:
            # "Time | Title | Speaker | Location" / "13:30 | Opening | …" / " | Title | Name -
            # Co | Hall": a row with its time cell empty, among the header's timed rows (whose
            # columns are set aside once a timed row opens its item).
            columns = self.header_roles
        timed_at = next((k for k, role in enumerate(columns) if role in TIME_COLUMNS), None)
        if len(columns) in (len(cells) + 1, len(cells) + 2) and timed_at is not None:
            # the row's cells beside its time, under the header's others ("# | Time | Title")
            columns = columns[:timed_at] + columns[timed_at + 1 :]
        if len(columns) == len(cells) + 1 and columns[0] in NUMBER_COLUMNS:
            columns = columns[1:]  # "# | Time | …": the row's number was read off with its time
        offset = 0 if len(columns) == len(cells) else None
        for index, cell in enumerate(cells):
            if not cell or is_link_line(cell):
                continue
            role = columns[index] if offset is not None and index < len(columns) else ""
            if role in LINK_COLUMNS or role == "kind":
                # "Video | Title | Author": the video cell holds link words; "Type": what kind
                # of item the row is ("Invited Paper", "On-Demand")
                continue
            if role.startswith(("affiliation", "institution")) and institution is None:
                institution = cell  # "Time | Name | Institution | Title": where they work
                continue
            if DURATION_CELL.match(cell):
                continue  # "10:50 | Title | 20m": how long, not what
            if title is not None and authors is None and ROOM_NAME.match(cell):
                continue  # "9:30 - 10:00 | Opening Remarks | Auditorium": where, not who
            cell_time = find_time_range(cell)
            if (cell_time and cell_time.span == (0, len(cell))) or (
                cell_time and cell_time.span[0] == 0 and len(cell) - cell_time.span[1] <= 1
            ):
                tr = tr or cell_time
                continue
            if untimed_row and place_column_roles(role)[0]:
                continue  # "Cockle Bay": where the row's talk is, the room its session has
            if untimed_row and role.startswith(("speaker", "presenter")):
                if cell.strip() in _NO_ONE:
                    continue
                authors = _people_at_a_workplace(cell) or parse_author_line(cell)
                continue
            if role.startswith(("author", "speaker", "presenter", "name")) or (
                not role.startswith(("title", "paper", "talk"))
                and title is not None
                and authors is None
                and author_line_score(cell) >= 0.5
            ):
                authors = parse_author_line(cell)
                if not role and title is not None and _speaker_before_title(title, authors):
                    title, authors = cell, parse_author_line(title)
                continue
            if title is None and authors is None and not role:
                score = author_line_score(cell)
                column = _column_of(cell, line)
                if (
                    score >= 0.8
                    or (score >= 0.5 and names_known_people(cell))
                    or self.in_a_people_column(cell, line)
                ) and _a_title_cell_follows(cells[index + 1 :], score):
                    if index == 0 and tr is None and self._title_above_awaits_people(line):
                        # "15:45 | Title A" / "People A | Title B" / "People B": two cells of
                        # a row copied as lines, the first cell's people run on into the
                        # line of the next cell's title; they are the item above's.
                        self._give_people_to_the_item_above(cell, line)
                        continue
                    # "Ana Silva (Oslo) | Survey Weights …", "Ana Silva | Survey Weights":
                    # people first, the title after them; a rarer name ("Ysolde Marchetti")
                    # where the rows above printed their people.
                    authors = parse_author_line(cell)
                    if column is not None:
                        self.people_columns.add(column)
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
            elif (named := title_then_named_speakers(title)) is not None:
                # "11:24: Il Glossario delle Infrastrutture (Lucia Rossi, Anna Bianchi)": a
                # timed paper's authors in parentheses after its title.
                title, authors = named[0], AuthorLine(named[1])
            elif (placed := split_people_after_title(title)) is not None:
                # "10:30–10:48 Title (Ana Silva (MIT), Bo Li (EPFL))": the same, each with a
                # workplace of their own.
                title, authors = placed
        if title is not None:
            title = strip_trailing_marks(title)[0]
        if authors is not None and institution is not None:
            authors = AuthorLine(tuple(_working_at(list(authors.authors), institution)))
        if title is None:
            if authors is not None and self.paper is not None and not self.paper.authors:
                self.attach_authors(authors, line.number)
            elif authors is not None:
                self.pending_authors = (authors, line.number)
            return
        if untimed_row and PLACEHOLDER.match(title.strip()):
            return  # " | TBA | Sponsor Panel | Hall": a talk still to be announced, no paper
        if untimed_row and self._timed_item_above_is_its_own():
            # "14:30 - 15:00 | Afternoon Tea | - | Hall" / " | Title | Name - Co | Room": the
            # untimed talks after a break, or after an item with its own people, are no part
            # of it: a session of their own, from the time it ends.
            above = self.current
            assert above is not None
            room = next(
                (
                    c.strip()
                    for c, role in zip(cells, self.header_roles, strict=True)
                    if c.strip() and place_column_roles(role)[0]
                ),
                None,
            )
            self.open_session(line.number, start=above.end, room=room)
        self.ensure_session(line.number)
        self.add_paper(title, line.number, tr)
        if authors is not None:
            self.attach_authors(authors, line.number)
            self.known_names.update(a.name for a in authors.authors)

    def _session_row(self, cells: list[str], line: Line, tr: TimeRange | None) -> bool:
        """A row of a table listing sessions, not papers: `Session Title | Organizer | Session
        ID` under a slot's time heading, one of the slot's parallel sessions a row. Who
        organises it is neither an author nor a chair (the talks are printed elsewhere)."""
        columns = self.table_columns or []
        if len(columns) != len(cells) or not any(r in _SESSION_COLUMNS for r in columns):
            return False
        if any(r.startswith(_PAPER_COLUMN_ROLES) for r in columns):
            return False  # "Session | Title | Authors": papers, their session in a column
        title = next(
            (c.strip() for c, r in zip(cells, columns, strict=True) if r in _SESSION_COLUMNS),
            "",
        )
        if not title:
            return False
        slot = self.current
        start = tr.start if tr else slot.start if slot else None
        end = tr.end if tr else slot.end if slot else None
        if slot is not None and slot.title is None and not slot.papers and tr is None:
            # the slot's time heading opened an untitled item: its first session
            slot.title = title
            self.read(line.number, item_label(title), 0.9)
            return True
        columns_kept = self.table_columns
        self.open_session(line.number, title=title, start=start, end=end)
        self.table_columns = columns_kept  # the rows below are the slot's other sessions
        return True

    def _timed_item_above_is_its_own(self) -> bool:
        """Whether the item an untimed row follows, opened by a timed row of the same table,
        is a whole item: a break or social event, or a row whose speaker cell names its own
        people (`13:30 | Opening Session | Conference Organisers`)."""
        above = self.current
        if above is None or above.end is None or above.title is None:
            return False
        if classify_kind(above.title, paper_count=0) in (SessionKind.BREAK, SessionKind.SOCIAL):
            # a line read under it that named no one ("Afternoon Session" over the next
            # table) makes no talk of it
            return not any(paper.authors for paper in above.papers)
        if any(paper.line != above.line for paper in above.papers):
            return False  # papers of rows of its own already
        row = next((seen for seen in self.lines if seen.number == above.line), None)
        if row is None or len(row.cells) != len(self.header_roles):
            return False
        return any(
            cell.strip()
            and cell.strip() not in _NO_ONE
            and role.startswith(("speaker", "presenter"))
            for cell, role in zip(row.cells, self.header_roles, strict=True)
        )

    def _untimed_row_under_header(self, cells: list[str], tr: TimeRange | None) -> bool:
        """Whether a row without a time sits under a header whose first column is the time,
        its cells one for each of the header's columns and its time cell empty."""
        roles = self.header_roles
        return (
            tr is None
            and len(roles) >= 3
            and roles[0] in TIME_COLUMNS
            # the header names who speaks, so the cells can be read by it ("Time | Title | _"
            # over "| Ana Silva | Title" names no such column and is read by the cells' shapes)
            and any(role.startswith(("speaker", "presenter")) for role in roles)
            and len(cells) == len(roles)
            and not cells[0].strip()
        )

    def _title_above_awaits_people(self, line: Line) -> bool:
        """Whether the line above was a timed item's (`15:45 - 17:00 | Title`), a single
        talk's session that no line has given its people yet. (A session heading without a
        time, `Room 1: Spatial Analysis`, or one naming a session, `14:00 Session B: Topic`,
        heads rows of people and titles, as does one naming a room, `12:00 Room 1: Topic`; a
        paper's title above such a row is one of those rows' own.)"""
        above = line.number - 1
        session = self.current
        if (
            session is None
            or session.line != above
            or session.title is None
            or session.papers
            or session.speakers
            or SESSION_WORD.search(session.title)
            or NAMES_A_PAPER_SESSION.search(session.title)
        ):
            return False
        heading = next((seen for seen in self.lines if seen.number == above), None)
        timed = find_time_range(heading.text) if heading is not None else None
        if heading is None or timed is None:
            return False
        # "12:00-13:30 Virtual Room 1: Spatial Analysis": a room's session, not a talk
        rest = heading.text[timed.span[1] :].strip(" \t|-–—")
        return not (":" in rest and names_a_room(rest.split(":", 1)[0].strip()))

    def _give_people_to_the_item_above(self, cell: str, line: Line) -> None:
        # the single talk's title is its session's: a paper of its own, now a second item joins
        session = self.current
        assert session is not None
        assert session.title is not None
        self.add_paper(session.title, session.line)
        self.attach_authors(parse_author_line(cell), line.number, cell)

    def in_a_people_column(self, cell: str, line: Line) -> bool:
        """Whether `cell` is a bare name where the rows above printed their people before
        their titles (a program word such as `Coffee Break` aside)."""
        column = _column_of(cell, line)
        return (
            column in self.people_columns
            and author_line_score(cell) >= 0.5
            and classify_kind(cell, paper_count=0) is SessionKind.OTHER
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

    def _lone_speaker_cell(self, cell: str, others: list[str], row: list[str]) -> list[Person]:
        """`14:00 | Olivia Roth | `: under a header with a Speaker column, a timed row whose
        only content is that column's cell, naming people whose first words are common given
        names: a talk printed without its title. The column also holds the breaks ("Welcome
        Snack", "Group Photo"), which read as names as well as any two capitalised words."""
        if any(c.strip() for c in others) or not any(
            role.startswith(("speaker", "presenter"))
            and k < len(row)
            and row[k].strip() == cell.strip()
            for k, role in enumerate(self.header_roles)
        ):
            return []
        people = presenters_in(cell)
        if not people or not all(_known_given_name(p.name) for p in people):
            return []
        return people

    def _talk_in_cells(
        self, first: str, others: list[str], row: list[str]
    ) -> tuple[str, list[Person], list[str]] | None:
        """(title, speakers, other cells) of a timed row holding one talk: a cell of people
        and a cell that reads as a title, in either order; None for any other row."""
        content = [first] + [
            c
            for c in others
            if not is_room_cell(c) and not DURATION_CELL.match(c) and not is_link_line(c)
        ]
        # "Time | Name | Institution | Title": the institution column says where the speaker
        # works; it is neither the title nor the people.
        institution = self._institution_cell(row)
        if institution is not None and institution in content[1:]:
            content.remove(institution)
        else:
            institution = None
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
            title = _after_ceremony(content[1] if content[0] == people else content[0])
            named = presenters_in(people) or (
                # "Invited Talk: Ana Silva | Main Hall": where it is, not the talk's title
                [] if names_a_room(title) else _labelled_speakers(people)
            )
            if (
                len(in_speaker_column) == 1
                and title != people
                and PLACEHOLDER.match(people.strip())
                and not is_prose(title)
                and classify_kind(title, paper_count=1) in (SessionKind.PAPERS, SessionKind.OTHER)
            ):
                # "Title | TBA": a talk whose speaker is not named yet is a talk all the same.
                rest = [c for c in others if c not in content and c != institution]
                return self.strip_marks(strip_trailing_marks(title)[0]), [], rest
            if (
                len(in_speaker_column) == 1
                and title != people
                and named
                and not is_prose(title)
                and classify_kind(title, paper_count=1) in (SessionKind.PAPERS, SessionKind.OTHER)
            ):
                rest = [c for c in others if c not in content and c != institution]
                named = _working_at(named, institution)
                return self.strip_marks(strip_trailing_marks(title)[0]), named, rest
            return None  # the column says who; the other cell cannot be the people
        for people, title in ((content[0], content[1]), (content[1], content[0])):
            if (
                PLACEHOLDER_TITLE.match(title.strip())
                and classify_kind(people, paper_count=0) is SessionKind.OTHER
                and self._names_a_speaker(people, bool(speaker_columns))
            ):
                # "09:30-10:00 | Jamie Orlov | TBD": a talk whose title is not given yet.
                rest = [c for c in others if c not in content and c != institution]
                speakers = _working_at(list(parse_author_line(people).authors), institution)
                return title.strip(), speakers, rest
            label = LEADING_MARK.match(title)
            if label and keynote_mark(label.group("mark")):
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
                rest = [c for c in others if c not in content and c != institution]
                speakers = _working_at(list(parse_author_line(people).authors), institution)
                return self.strip_marks(strip_trailing_marks(title)[0]), speakers, rest
        return None

    def _institution_cell(self, row: list[str]) -> str | None:
        """The row's cell under its table's one affiliation column, if it has one."""
        if len(row) != len(self.header_roles):
            return None
        cells = [
            row[k]
            for k, role in enumerate(self.header_roles)
            if role.startswith(("affiliation", "institution")) and row[k]
        ]
        return cells[0] if len(cells) == 1 else None

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
        if read_talk_title(text) is not None or speaker_then_title(text) is not None:
            return True  # "Keynote: Ana Silva", "Ana Silva · Title": a talk and its speaker
        if (
            author_line_score(text) < 0.5
            and len(text.split()) >= 3
            and not ROOM_CELL.match(text)
            and self._people_follow(i)
        ):
            return True  # "Fairness in AI Systems" / "Salla Westerstrand": one author, alone
        if not ROOM_CELL.match(text) and self._lone_name_closes_the_cell(text, i):
            return True  # "Sepsis" / "Ana Silva" / the next row: a title as short as a name
        return kind in (SessionKind.PAPERS, SessionKind.KEYNOTE) and self._title_follows(i)

    def _lone_name_closes_the_cell(self, text: str, i: int) -> bool:
        """`10:00-10:20 | Sepsis` / `Ana Silva` / the next row's time: a cell of two lines, the
        second naming people alone, the row after it timed again or a new item. Where the
        first line reads as much like a name as the second, the cell's first line is its
        title, as every such cell prints it."""
        at = self.after[i + 1] if i + 1 < len(self.after) else None
        if at != i + 1:
            return False
        below = self.lines[at]
        if below.kind is not LineKind.TEXT or len([c for c in below.cells if c]) != 1:
            return False
        who = author_line_score(below.text)
        if who < 0.5 or author_line_score(text) > who:
            return False
        then = self.after[at + 1] if at + 1 < len(self.after) else None
        return then is None or self.lines[then].kind in (
            LineKind.TIME,
            LineKind.SESSION_HEADER,
            LineKind.DAY,
        )

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
        spoken = speaker_then_title(text)
        if spoken is not None:
            # "14:15 – Ana Silva · Title": who gives the talk, then what it is called.
            paper = self.add_paper(spoken[0], line.number, tr)
            paper.authors.extend(spoken[1])
            self.known_names.update(a.name for a in spoken[1])
            return
        self._paper_row([text], line, tr)

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
        track: list[SessionDraft] = []
        for index, cell in filled:
            text, printed_room = self.split_room(cell)
            named = PARENTHESISED_PERSON.search(text) if self.room_cell_speakers else None
            if named:
                text = clean(text[: named.start()] + text[named.end() :]).replace(" :", ":")
            session = self.open_session(
                line.number,
                title=strip_session_title(text),
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

    def _split_side_by_side(
        self, session: SessionDraft, count: int, number: int
    ) -> list[SessionDraft]:
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


# The headers of a timetable's time column, in English as `column_role` gives them.
TIME_COLUMNS = frozenset(("time", "times", "when", "slot", "hour", "hours"))
NUMBER_COLUMNS = frozenset(("#", "no", "no.", "nr", "nr.", "id"))


def _speaker_before_title(first: str, second: AuthorLine) -> bool:
    """`Kurt Werner | All About That Bass (Drum): The TR-808 …`: a bare person known by a
    given name first, then a cell that reads as people only by taking a title's words for a
    name and a workplace naming no institution (or runs on past them): the first cell is the
    speaker, the second the title."""
    people = presenters_in(first)
    if not people or any(
        p.affiliation or len(p.name.split()) < 2 or p.name.split()[0] not in GIVEN_NAMES
        for p in people
    ):
        return False
    if all(a.name.split()[0] in GIVEN_NAMES for a in second.authors):
        return False  # "Ana Silva | Bo Li (Lab of Cognition)": people both
    return second.rest is not None or any(
        a.affiliation and not names_an_institution(a.affiliation) and has_common_word(a.affiliation)
        for a in second.authors
    )


def _after_ceremony(title: str) -> str:
    """`Opening Remarks / Intelligent Behavior in Humans and Machines` in a talk row's title
    cell: whoever opens the meeting does so with a talk, the title after the slash."""
    head, slash, talk = title.partition(" / ")
    if not slash or not is_ceremony(head) or len(talk.split()) < 2 or is_ceremony(talk):
        return title
    return talk.strip()


def _labelled_speakers(cell: str) -> list[Person]:
    """The speakers of a presenters cell that names the talk's kind before them (`Invited
    talk: Ana Silva`, `Keynote: Bo Li`), the title in a cell of its own; [] otherwise."""
    talk = read_talk_title(cell)
    if talk is None or talk.talk_title is not None:
        return []
    return list(talk.speakers)


def _working_at(speakers: list[Person], institution: str | None) -> list[Person]:
    """Speakers printed without an affiliation, each given the institution of their row."""
    if institution is None or any(p.affiliation for p in speakers):
        return speakers
    return [Person(p.name, institution) for p in speakers]


def _column_of(cell: str, line: Line) -> int | None:
    return line.cells.index(cell) if cell in line.cells else None


def _a_title_cell_follows(cells: list[str], people_score: float) -> bool:
    """Whether the row's next content cell reads as no people (so a title, not co-authors),
    or as people less than the cell before it (scoring `people_score`) does and names no one
    known by a common given name: "Motivation and Persistence" after "Ana Silva, Bo Li and
    Eva Holm" is two capitalised phrases, not two more names."""
    for cell in cells:
        if not cell or is_link_line(cell) or DURATION_CELL.match(cell) or find_time_range(cell):
            continue
        if ROOM_NAME.match(cell):
            return False
        score = author_line_score(cell)
        return score < 0.5 or (
            score < people_score and not any(_known_given_name(p.name) for p in _people(cell))
        )
    return False


def _people(cell: str) -> tuple[Person, ...]:
    return parse_author_line(cell).authors


# A speaker cell that names no one: a dash for an empty cell.
_NO_ONE = frozenset(("-", "–", "—"))
# "Frank Fan & Faisal Masood - AWS": people, the first spaced dash, where they work.
_PEOPLE_DASH_WORKPLACE = re.compile(r"^(?P<who>[^()]+?)\s+[-–—]\s+(?P<place>[^()]+)$")


def _people_at_a_workplace(cell: str) -> AuthorLine | None:
    """`Paul O’Reilly - Octopus Deploy`, `Frank Fan & Faisal Masood - AWS`: in a speaker
    column, the people before a spaced dash and where they work after it, however that is
    named (a company's name reads as a name does); None for `Ana Silva – Bo Li`, two
    people, the second opening with a common given name."""
    m = _PEOPLE_DASH_WORKPLACE.match(cell.strip())
    if m is None:
        return None
    place = m.group("place").strip()
    if _known_given_name(place) and author_line_score(place) >= 0.5:
        return None
    people = presenters_in(m.group("who"))
    if not people or not all(is_name_like(p.name) for p in people):
        return None
    return AuthorLine(tuple(Person(p.name, place) for p in people))


def _known_given_name(name: str) -> bool:
    words = name.split()
    return len(words) >= 2 and words[0] in GIVEN_NAMES


def names_known_people(cell: str) -> bool:
    """Whether every person `cell` reads as has two words or more, the first a common given
    name ("Olivia Roth"): a bare name, which two capitalised words alone do not make."""
    people = _people(cell)
    return bool(people) and all(_known_given_name(p.name) for p in people)
