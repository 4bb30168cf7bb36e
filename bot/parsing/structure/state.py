"""The builder's state: the drafts under construction, what the page is known to print, and
the primitives that open sessions, add papers, attach authors and record readings."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import time

from bot.model import ParseWarning, SessionKind
from bot.parsing.authors import (
    ADDRESSED_SLASH,
    AuthorLine,
    addresses_people,
    author_line_score,
    clean,
    footnote_marks,
    is_name_like,
    is_only_marks,
    name_stop_affiliation,
    parse_author_line,
    person_at_any_workplace,
    split_by_line,
    split_colon_authors,
    split_dash_authors,
    split_glued_authors,
    split_people_after_title,
    split_sentence_authors,
    strip_trailing_marks,
    without_parentheses,
)
from bot.parsing.calendar import DayDraft
from bot.parsing.kinds import classify_kind
from bot.parsing.labeller.labels import SURE_MODEL
from bot.parsing.labeller.model import LineLabel, LineModelUnavailable, shipped_model
from bot.parsing.lexer import Line, LineKind
from bot.parsing.page import (
    ENTRY_CODE,
    code_shape,
    is_room_heading,
    is_track_heading,
    legend_signs,
    places_head_their_items,
    prints_authors_first,
    prints_dash_speakers,
    prints_name_colon_titles,
    prints_name_comma_affiliation,
    prints_name_dash_titles,
    prints_speakers_after_by,
    prints_timed_dash_speakers,
    recurring_entry_codes,
    recurring_leading_link_words,
    recurring_leading_marks,
    recurring_rooms,
    recurring_trailing_marks,
    room_rows_over_times,
    timed_name_cells,
    timed_people_before_titles,
    times_after_items,
    title_side,
    topic_headings_over_pairs,
)
from bot.parsing.shapes import LEADING_MARK, names_a_room
from bot.parsing.structure.drafts import (
    AUTHORS,
    TITLE,
    TITLE_AUTHORS,
    PaperDraft,
    Reading,
    SessionDraft,
    item_label,
)
from bot.parsing.structure.phrases import (
    CJK_TALK_MARK,
    MARK_WORDS,
    NUMBERED_ENTRY,
    PLACEHOLDER,
    PRESENTER_JOIN,
    QUOTES,
    TITLE_FIELD,
    TRAILING_EMPHASIS,
    TRAILING_JOINT_WORK,
    TRAILING_LENGTH,
    one_person_and_affiliation,
    prints_placed_hyphen_speakers,
)
from bot.parsing.talks import split_addressed_speaker, split_dash_speakers
from bot.parsing.timeexpr import DayExpr, TimeRange, parse_day_header

_LONG_DASH = re.compile(r"\s+[—–]\s+")


class BuilderState:
    """The drafts under way, the page's conventions, and the edits every handler makes."""

    # Set by the Builder, which knows the handler of each kind of line.
    handlers: dict[LineKind, Callable[[int, Line], int]]

    def __init__(self, lines: list[Line]) -> None:
        self.lines = lines
        self._line_model: dict[int, LineLabel] | None = None  # labelled at the first tie
        self._card_dates: bool | None = None  # each item's card prints its date (found once)
        self._card_badges: dict[str, int] | None = None  # short lines over dates, counted once
        self.sessions: list[SessionDraft] = []
        self.days: list[DayDraft] = []
        self.tab_days: list[DayDraft] = []  # days listed as tabs under the first one, not read
        self.warnings: list[ParseWarning] = []
        self.current: SessionDraft | None = None
        self.paper: PaperDraft | None = None
        # Each talk's start is printed under its title and people ("Title" / "Name" / "10:20am").
        self.times_after_talks = False
        self.pending_authors: tuple[AuthorLine, int] | None = None
        self.table_columns: list[str] | None = None
        self.room_columns: list[str | None] | None = None  # a timetable's room per column
        # Its cells name their speaker in parentheses: "Unix shell 1 (Valentina)".
        self.room_cell_speakers = False
        self.columns: list[SessionDraft] = []  # parallel tracks interleaved row by row
        self.grid: list[SessionDraft] = []  # parallel tracks side by side, a column each
        self.column_turn = 0
        # A browser's copy of a row of parallel sessions' cells runs each cell after the one
        # before it, the next starting after a TAB: then a column's papers come together.
        self.cell_of_columns: tuple[list[SessionDraft], int] | None = None
        self.papers_in_turn: list[tuple[SessionDraft, PaperDraft]] = []
        self.slot: tuple[time | None, time | None] | None = None
        self.zone_notes: list[tuple[str, int]] = []
        self.known_names: set[str] = set()
        # `TextLines._people_named`'s gathered names, and how many sessions it has read
        self.named_so_far: set[str] = set()
        self.sessions_named = 0
        # Where a row's people stood before its title cell ("<TAB><TAB>Ana Silva<TAB>Title"):
        # the positions among the line's cells, for a rarer bare name in the same place below.
        self.people_columns: set[int] = set()
        # How many talks' speakers were read on the line between a timed title and the talk's
        # length (`Title` / `Ana Silva` / `30 mins`): a page that prints them so prints them so
        # throughout, rarer given names too.
        self.speakers_over_lengths = 0
        # How many talks' speakers were read as a bare name between their time and their title
        # (`16:00` / `Ada Mbeki` / `Title`): rarer given names then too.
        self.speakers_above_titles = 0
        self.last_author_text = ""
        # The paper whose first author line was a bare name: more may follow a line each.
        self.name_a_line_paper: PaperDraft | None = None
        # whether that paper's first line named its person with a workplace ("Bo Li (EPFL)"),
        # so that each next line must too
        self.person_a_line_placed = False
        self.readings: dict[int, Reading] = {}
        self.rooms = recurring_rooms(lines)
        self.pending_room: str | None = None
        # A page listed room by room ("Room A" / its timed items / "Room B" / ...): each room
        # line above a time heads the items below it, not the item above.
        self.room_headings = places_head_their_items(lines, is_room_heading)
        self.room_in_force: str | None = None
        # "LT1, School of Music" / "[13:40] Paper session A": places printed as rows of their
        # own, each the room of the timed rows below it until the next.
        self.room_rows = room_rows_over_times(lines)
        self.track_headings = places_head_their_items(lines, is_track_heading, over_sessions=True)
        self.track_name: str | None = None  # a heading over several items: a workshop's name
        self.pending_time: TimeRange | None = None
        self.day_override: int | None = None  # the day a slot line prints before its time
        self.role_heading: str | None = None  # "Speakers" heading: the lines below are people
        self.role_heading_text = ""  # that heading as printed ("Panelists")
        self.abstract_line: int | None = None  # the last paragraph of an "ABSTRACT." block
        self.trailing_marks = recurring_trailing_marks(lines)
        self.legend_signs = legend_signs(lines)
        self.leading_marks = recurring_leading_marks(lines)
        self.leading_link_words = recurring_leading_link_words(lines)
        self.entry_codes = recurring_entry_codes(lines)
        self.dash_speakers = prints_dash_speakers(lines)
        self.timed_dash_speakers = prints_timed_dash_speakers(lines)
        self.placed_hyphen_speakers = prints_placed_hyphen_speakers(lines)
        # A page that opens its titles with several bracketed topics ("[GPU Computing] Title",
        # "[Visualization] Title") prints its once-seen topics so too.
        self.bracketed_topics = sum(m.startswith("[") for m in self.leading_marks) >= 2
        self.authors_first_page = prints_authors_first(lines)
        self.speakers_after_by = prints_speakers_after_by(lines)
        self.name_comma_affiliation = prints_name_comma_affiliation(lines)
        self.title_side = title_side(lines)
        self.people_before_titles = timed_people_before_titles(lines)
        # A page that prints its talks' titles wholly in quotes, three at least: its other short
        # lines between timed items are headings, not titles.
        self.quoted_titles = sum(_wholly_quoted(line.text) for line in lines) >= 3
        # An untimed page of title / authors pairs: the lines between them heading topics.
        self.topic_headings = topic_headings_over_pairs(lines)
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
        self.dash_first_speakers = prints_name_dash_titles(lines)
        # A timetable with a column per day: the index in `days` of each column's day.
        self.day_columns: list[int | None] | None = None
        # Under such a timetable, the items printed outside it are its first day's (a page's
        # first tab), until a day header says otherwise.
        self.day_in_force: int | None = None
        self.day_column_items: dict[int, SessionDraft] = {}
        # "9.00 – 10.30 | Sesje referatowe I – III" over rows with an empty time cell: the
        # slot row naming several sessions, each row below one of them.
        self.umbrella: SessionDraft | None = None
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

    def model_reads(self, number: int, label: str) -> bool:
        """Whether the line model, sure, reads line `number` as `label`: the tie-breaker of a
        choice the rules cannot make with confidence. The whole document is labelled at the
        first such choice (the model reads each line with its neighbours), so a page that
        poses none never loads the model."""
        if self._line_model is None:
            try:
                self._line_model = shipped_model().label_lines(self.lines)
            except LineModelUnavailable:
                self._line_model = {}
        opinion = self._line_model.get(number)
        return opinion is not None and opinion.label == label and opinion.marginal >= SURE_MODEL

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

    def heading_slot(self) -> tuple[time | None, time | None]:
        """The slot a heading without a time of its own falls in: the last time line's, unless
        that line timed a break or a meal ("14:45-15:05 Break" / "Session 1"), which holds
        no session; the talks below then time it."""
        if self.slot is None:
            return None, None
        slot_end = self.slot[1]
        for session in reversed(self.sessions):
            if session.from_header:
                if slot_end is not None and any(
                    p.start is not None and p.start >= slot_end for p in session.papers
                ):
                    # "09:00-09:15 Welcome" / "Session 1" / "Chair: …" / "09:15 Talk" / …:
                    # a session timed by its talks has run past the slot, which is over.
                    return None, None
                continue
            if (session.start, session.end) == self.slot and session.title:
                kind = classify_kind(session.title, paper_count=0)
                if kind in (SessionKind.BREAK, SessionKind.SOCIAL):
                    return None, None
            break
        return self.slot

    def open_session(self, line: int, **values: object) -> SessionDraft:
        self.close_paper()
        self.flush_pending_authors()
        self.role_heading = None
        session = SessionDraft(line=line, day_index=self._day_index())
        for key, value in values.items():
            setattr(session, key, value)
        if session.title:
            self.read(line, item_label(session.title), 0.9)
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

    def ensure_session(self, line: int) -> SessionDraft:
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

    def target_session(self) -> SessionDraft:
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

    def add_paper(self, title: str, line: int, tr: TimeRange | None = None) -> PaperDraft:
        self.ensure_session(line)
        session = self.target_session()
        if tr is None and self.pending_time is not None:
            tr = self.pending_time  # "10:00 | Name (Affiliation)" / "Title": the row's time
        self.pending_time = None
        title = self.strip_marks(title)
        if title[:5] in ("TITLE", "Title"):
            title = TITLE_FIELD.sub("", title) or title  # "TITLE PipeDream: ..."
        self.read(line, TITLE, 1.0 - 0.5 * author_line_score(title))
        paper = PaperDraft(title=title, line=line)
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
            return one_person_and_affiliation(parsed, text, self.known_names)
        return parsed

    def attach_authors(
        self, parsed: AuthorLine, number: int, text: str = "", *, labelled: bool = False
    ) -> None:
        """Give the current paper the people of line `number`; a list `labelled` as the
        authors' ("Authors" / "A, B") names people only, whatever the page prints elsewhere."""
        assert self.paper is not None
        if text and not labelled:
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

    def next_nonblank(self, i: int) -> Line | None:
        if i < 0:
            return None  # a cell handled on its own (`dispatch_cell`) has no line below
        at = self.after[i + 1] if i + 1 < len(self.after) else None
        return self.lines[at] if at is not None else None

    def _previous_text_line(self, line: Line) -> int | None:
        """The number of the last non-blank line above `line` (in reading order, which puts a
        grid's columns one after another)."""
        # A cell of a row is no line of the page: it stands where its row does.
        index = self.place.get(id(line), self.walking) - 1
        at = self.before[index] if 0 <= index < len(self.before) else None
        return self.lines[at].number if at is not None else None

    def _people_cell_above(self, line: Line) -> bool:
        """Is the last non-blank line above `line` a table row whose last cell holds people
        (`<TAB>Title<TAB>Ana Silva, Ph.D.`), their names and nothing else?"""
        index = self.place.get(id(line), self.walking) - 1
        at = self.before[index] if 0 <= index < len(self.before) else None
        if at is None:
            return False
        cells = self.lines[at].cells
        return len(cells) >= 2 and bool(cells[-1]) and author_line_score(cells[-1]) >= 0.5

    def _dated_day(self, expr: DayExpr, number: int, label: str | None = None) -> int:
        for index, known in enumerate(self.days):
            e = known.expr
            if (e.year, e.month, e.day) == (expr.year, expr.month, expr.day):
                return index
        label = label or f"{expr.year}-{expr.month:02d}-{expr.day:02d}"
        self.days.append(DayDraft(label, expr, number))
        return len(self.days) - 1

    def _day_from_prefix(self, word: str, number: int) -> None:
        header = parse_day_header(word)
        if header is None:
            return
        expr = header[0]
        if self.days:
            last = self.days[-1].expr
            dated = expr.day is not None and expr.month is not None
            same = (last.month, last.day) == (expr.month, expr.day) if dated else None
            if same or (same is None and last.weekday == expr.weekday):
                return  # the day already open, printed again before this time
        self.days.append(DayDraft(word, expr, number))

    def _meta_day(self, month: int, day: int, number: int) -> int:
        for index, known in enumerate(self.days):
            if known.expr.month == month and known.expr.day == day:
                return index
        expr = DayExpr(None, month, day, None, (0, 0))
        self.days.append(DayDraft(f"{month:02d}-{day:02d}", expr, number))
        return len(self.days) - 1

    def split_sentence(self, text: str) -> tuple[str, AuthorLine, bool] | None:
        """Title and authors in one line: `Title. Authors`, `Authors. Title`, or
        `Talk: Title — Name, Affiliation`, `TITLE - Dr. Name`."""
        addressed = split_addressed_speaker(text)
        if addressed is not None:
            return addressed[0], AuthorLine(addressed[1]), False
        found = split_sentence_authors(text, authors_first_page=self.authors_first_page)
        if found is not None:
            return found
        dashed = split_dash_speakers(text, single_names=self.dash_speakers)
        if dashed is not None:
            return dashed[0], AuthorLine(dashed[1]), False
        colon = split_colon_authors(text)
        if colon is not None:
            return colon[0], colon[1], True
        people_dash = split_dash_authors(text)
        if people_dash is not None:
            return people_dash[0], people_dash[1], True
        after = split_people_after_title(text)
        if after is not None:
            return after[0], after[1], False
        by = split_by_line(text) if self.speakers_after_by else None
        if by is not None:
            return by[0], by[1], False
        glued = split_glued_authors(text)
        return None if glued is None else (glued[0], glued[1], True)

    def strip_marks(self, title: str) -> str:
        """`Title [Slides] [T1]`, `Title (More) Slides`: link words glued to titles all over the
        page are not part of them."""
        words = title.split()
        while len(words) > 2 and words[-1].lower() in self.trailing_marks:
            words.pop()
        if len(words) > 2 and words[0].lower() in self.leading_link_words:
            words.pop(0)  # "Preprint Title …": the badge of a link copied before every title
        for sign in self.legend_signs:
            if len(words) > 1 and words[-1].endswith(sign):
                # "Title*" on a page saying "Papers marked with * are long papers.": the mark
                words[-1] = words[-1].removesuffix(sign)
                if not words[-1]:
                    words.pop()
        stripped, marks = strip_trailing_marks(" ".join(words))
        title = stripped if marks and not marks[:1].isalpha() else " ".join(words)
        # "*Best paper award*" after a title, "(short)" before it: marks, not title words.
        if "*" in title:  # the pattern tries every start in the title
            title = TRAILING_EMPHASIS.sub("", title)
        if "joint" in title.lower():
            title = TRAILING_JOINT_WORK.sub("", title) or title
        if title.endswith(")"):
            title = TRAILING_LENGTH.sub("", title) or title
        for _ in range(3):  # "Session 1B - 1B-4 - TACL-488: Title": marks one after another
            unmarked = NUMBERED_ENTRY.sub("", title, count=1)
            if not unmarked or unmarked == title:
                break  # nothing more to take off (or nothing would be left)
            title = unmarked
        coded = ENTRY_CODE.match(title) if self.entry_codes else None
        if coded and code_shape(coded.group("code")) in self.entry_codes:
            title = title[coded.end() :]  # "P3 Title" on a page of P1, P2, P3 ...
        part = QUOTED_PART.match(title) if title[:1] in QUOTES else None
        if part is not None:
            title = part.group("title").strip()  # "«Метод орбит», лекция 2": one part of a course
        if len(title) > 2 and title[0] in QUOTES and title[-1] in QUOTES:
            title = title[1:-1].strip() or title  # 'Full Paper #8: "Five Darlings ..."'
        if len(title) > 2 and sum(map(title.count, QUOTES)) == 1:
            # 'Paper #9: Hard Cases"': unpaired, or left over from a doubled '""Pathways …"'
            title = title.strip(QUOTES).strip() or title
        leading = LEADING_MARK.match(title)
        if leading and (
            MARK_WORDS.match(leading.group("mark"))
            or leading.group(0) in self.leading_marks
            or (self.bracketed_topics and leading.group(0).startswith("["))
        ):
            if is_only_marks(title[leading.end() :]):
                return leading.group("mark")  # "[Welcome] ***SLIDES***": the topic is all of it
            title = title[leading.end() :]
        glued = CJK_TALK_MARK.match(title)
        if glued and len(title) > glued.end() + 1:
            title = title[glued.end() :]  # "(招待講演)Title": the talk's kind, not its title
        return title

    def split_room(self, text: str) -> tuple[str, str | None]:
        """`Coffee Break, TUtheSky` -> ("Coffee Break", "TUtheSky") where the last comma part
        is a place this program names again and again, or a room by its name (`Storage,
        Room B`, `Lunch, Main Hall`)."""
        head, comma, tail = text.rpartition(", ")
        if comma and head and (tail.strip() in self.rooms or names_a_room(tail.strip())):
            return head.rstrip(), tail.strip()
        # `Check-In — Stuart Hall 102`: the place after the last spaced long dash; `Saieh Hall
        # 146: New Approaches to …`: the place first, before a colon.
        dashes = list(_LONG_DASH.finditer(text))
        if dashes:
            head, tail = text[: dashes[-1].start()].strip(), text[dashes[-1].end() :].strip()
            if head and (tail in self.rooms or names_a_room(tail) or self._building(tail)):
                return head, tail
        place, colon, rest = text.partition(": ")
        if colon and len(rest.split()) >= 2 and (place in self.rooms or names_a_room(place)):
            return rest.strip(), place.strip()
        return text, None

    def _building(self, name: str) -> bool:
        """`Stuart Hall` where the page also prints `Stuart Hall 102`: a building named for a
        person, known as a place by the rooms it numbers."""
        numbered = re.compile(re.escape(name) + r"\s+\d{1,4}[A-Za-z]?\b")
        return names_a_room(name + " 1") and any(numbered.search(line.text) for line in self.lines)

    def _add_chairs(self, session: SessionDraft, text: str, number: int) -> None:
        session.chaired = True
        text, room = self.split_room(clean(text))
        if room and session.room is None:
            session.room = room
        if not text:
            self.warn(number, "chair line names nobody")
            return
        if PLACEHOLDER.match(text):
            self.warn(number, f"chair not named yet ({text!r}); no chair kept")
            return
        placed = name_stop_affiliation(text) or person_at_any_workplace(text)
        if placed is not None:
            if placed.name not in {p.name for p in session.chairs}:
                session.chairs.append(placed)  # "Dr. Ana Silva. Porto Labs, Portugal"
            self.known_names.add(placed.name)
            return
        if addresses_people(text):
            # "Dr. A/ Dr. B", "Dr. A /Dr. B", "Professor A – Dr B": between people each
            # addressed, a slash or a spaced dash joins them
            text = ADDRESSED_SLASH.sub(", ", text)
        # "A (CISA) + B (UNIZAR)": a spaced plus joins chairs as a comma would
        parsed = parse_author_line(PRESENTER_JOIN.sub(", ", text) if " + " in text else text)
        people = [p for p in parsed.authors if p.name]
        bad = [p.name for p in people if not is_name_like(without_parentheses(p.name))]
        if bad:
            self.warn(number, f"chair names look odd ({', '.join(bad)[:60]}); kept as printed")
        for problem in parsed.problems:
            self.warn(number, problem)
        # A chair line read again (as a row's cell, or printed twice) names no second chair.
        named = {p.name for p in session.chairs}
        session.chairs.extend(p for p in people if p.name not in named)
        self.known_names.update(p.name for p in people)

    @staticmethod
    def _footnoted(paper: PaperDraft) -> bool:
        """Whether the paper's people point at a legend of workplaces below them: none has a
        workplace yet, and most carry a mark (`Ana Silva¹, Bo Li, Cy Ng²`: one printed
        without a workplace carries none)."""
        if not paper.authors or any(a.affiliation is not None for a in paper.authors):
            return False
        marked = sum(1 for a in paper.authors if footnote_marks(a.name)[1])
        return marked > 0 and 2 * marked > len(paper.authors)


# `«Метод орбит и квантования», лекция 1`, `"Spectral graphs", part 2`: a quoted title, then which
# part of a course or series the item is, outside the quotes; the title is the quoted words.
QUOTED_PART = re.compile(
    r'^["“„«](?P<title>[^"“”„«»]{3,})["”»],?\s+'
    r"(?:lecture|part|лекция|лекція|предавање|часть|частина|част|део|dio|cz[eę][sś][cć])"
    r"\s+(?:\d{1,2}|[IVX]{1,4})\.?$",
    re.I,
)


def _wholly_quoted(text: str) -> bool:
    """`"Tracing bile acids in the gut"`: a line that is one quotation, nothing beside it."""
    text = text.strip()
    return len(text) > 2 and text[0] in '"“„«' and text[-1] in '"”“»' and text.count('"') in (0, 2)
