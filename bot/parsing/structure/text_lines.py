"""Text lines: a title, an author line, a title with its authors, a speaker line, a note.
What a text line is depends on its neighbours and on the page's conventions."""

from __future__ import annotations

import re
from collections.abc import Container
from dataclasses import dataclass

from bot.model import Person, SessionKind
from bot.parsing.authors import (
    ADDRESSED_SLASH,
    AuthorLine,
    addresses_people,
    author_line_score,
    clean,
    footnote_affiliations,
    footnote_marks,
    is_name_like_strict,
    is_plain_name,
    names_an_institution,
    opens_with_people_label,
    parse_author_line,
    split_by_line,
    split_colon_authors,
    split_known_names,
    split_people_then_quoted,
    split_quoted_title,
    split_title_and_authors,
    strip_trailing_marks,
)
from bot.parsing.given_names import GIVEN_NAMES
from bot.parsing.kinds import classify_kind
from bot.parsing.lexer import Line, LineKind
from bot.parsing.shapes import (
    JOB,
    colon_speakers,
    is_own_item,
    is_prose,
    name_colon_title,
    name_dash_title,
)
from bot.parsing.structure.cells import Cells
from bot.parsing.structure.drafts import (
    AUTHORS,
    CHAIR_LABEL,
    DAY_HEADER,
    NOT_TALKS,
    NOTE,
    ROOM,
    SESSION_HEADER,
    SessionDraft,
    item_label,
)
from bot.parsing.structure.lookahead import heads_the_timed_lines_below
from bot.parsing.structure.phrases import (
    BARE_SESSION_NUMBER,
    DAY_THEME,
    LABELLED_FIELDS,
    LABELLED_PROSE,
    LEADING_CLOCK,
    LINK_COLUMNS,
    OPENING_QUOTES,
    PAPER_TYPE,
    PARENTHESISED,
    PEOPLE_FIELD,
    QUOTED,
    ROLE,
    ROLE_HEADING,
    awaits_its_people,
    bio_opening,
    bio_subject,
    company_after_job,
    continues_an_abstract,
    holds_contributions,
    names_a_performer,
    names_a_workplace,
    not_a_place,
    opens_with_a_person,
    person_with_role,
    speaker_after_by,
    speaker_with_affiliation,
    strip_session_title,
    unquote,
)
from bot.parsing.talks import numbered_talk, read_talk_title, title_then_named_speakers
from bot.parsing.timeexpr import find_time_range

# "More", "Read more", "Show more…", "(more)": a toggle showing the rest of a text it follows.
# "More details", "Details →", "Learn more": the link to an item's own page, closing its entry.
DETAILS_LINK = re.compile(
    r"^(?:more\s+(?:details|info(?:rmation)?)|details|learn\s+more|(?:see|view)\s+details)"
    r"\s*(?:\.{3}|…|»|›|→)?$",
    re.I,
)
MORE_TOGGLE = re.compile(
    r"^[\[(]?(?:(?:read|show|see|view)\s+)?more\s*(?:\.{3}|…|»|›)?[\])]?$", re.I
)


def _opens_a_text(text: str) -> bool:
    """Sentences, not a title: a dozen words at least, ending as a sentence ends."""
    return len(text.split()) >= 12 and text.rstrip().endswith((".", "!", "?", "…"))


class TextLines(Cells):
    """The handler of text lines."""

    def on_text(self, i: int, line: Line) -> int:
        following = i + 1
        while (
            i >= 0 and following < len(self.lines) and self.lines[following].kind is LineKind.JUNK
        ):
            following += 1
        if i >= 0 and following < len(self.lines) and self.lines[following].kind is LineKind.META:
            return 1  # a pretalx title: the meta line below opens its session
        workplace = self._speaker_under_item_title(i, line)
        if workplace is not None:
            return workplace - i + 1
        if self._lone_speaker_over_details_link(i, line):
            return 1
        below = self.next_nonblank(i) if i >= 0 else None
        if (
            line.text.strip() in self.room_rows
            and below is not None
            and below.kind is LineKind.TIME
        ):
            # a place row over the timed rows it houses: their room, no affiliation or title
            self.close_paper()
            self.room_in_force = line.text.strip()
            self.pending_room = None
            self.read(line.number, ROOM, 0.8)
            return 1
        if self._heads_the_next_speakers_talks(i, line):
            # "10:10 | Ana Silva (Leeds)" / its title / "Contributed Talks 2B: Logic" /
            # "09:20 | Bo Li (Oxford)": the talk above has its one title; this line heads the
            # session printed next, whose talks are timed rows of their speakers again.
            self.close_paper()
            self.open_session(line.number, title=strip_session_title(line.text), from_header=True)
            return 1
        if self._about_a_speaker(line, below):
            # "Speakers" / "Ana Silva" / "Ana Silva is a researcher at …": a paragraph about
            # one of the page's speakers, or their name over it: about its people, no item.
            self.close_paper()
            self.read(line.number, NOTE, 0.8)
            return 1
        current = self.current
        if (
            current is not None
            and current.expects_title
            and not current.title
            and not current.papers
            and not current.chairs
            and below is not None
            and below.kind is LineKind.SESSION_HEADER
            and is_name_like_strict(line.text)
            and author_line_score(line.text) >= 0.5
        ):
            # "09:30" / "Room 2" / "Ana Silva" / "Session I: Title": a bare name between an
            # item's time and its session's heading chairs that session (the page's stylesheet
            # prints the "Chaired by" before it, which no copy of the text keeps).
            self._add_chairs(current, line.text, line.number)
            self.read(line.number, CHAIR_LABEL, 0.7)
            return 1
        if heads_the_timed_lines_below(line, below):
            # "Physico-chemical methods:" / "09:05 - 09:20 : Name (Affil)": a heading that
            # introduces the items timed below it, not the title of the item above.
            self.open_session(
                line.number, title=line.text.strip().rstrip(":").strip(), from_header=True
            )
            self.read(line.number, SESSION_HEADER, 0.8)
            return 1
        if self._heading_between_timed_items(line, below):
            # "14:00 - 14:15 : Opening by Prof. Name (Affil)" / "WG1 Imaging reporters" /
            # "14:15 - 14:20 : Name (Affil)" on a page whose titles are all in quotes: an
            # unquoted line between timed items heads those below it.
            self.open_session(line.number, title=line.text.strip(), from_header=True)
            self.read(line.number, SESSION_HEADER, 0.8)
            return 1
        if self._heads_named_talks(i, line):
            # "Poster Session 2" / "Gamma" / "Keeley, Stephen: Title": on a page of `Speaker:
            # Title` talks, the lines above a run of them head it; an untimed heading with
            # nothing under it yet is the track of the one below.
            current = self.current
            track = None
            if current is not None and not (current.papers or current.chairs or current.start):
                track = current.title
                self.sessions.remove(current)
            session = self.open_session(line.number, title=line.text.strip(), from_header=True)
            session.track = track
            self.read(line.number, SESSION_HEADER, 0.8)
            return 1
        if below is not None and below.kind is LineKind.DAY and DAY_THEME.match(line.text):
            # "Day 2 - Introduction to Python" / "Sunday 12 March 2023": the day's heading
            # above its date, no note of the item before it.
            self.close_paper()
            self.read(line.number, DAY_HEADER, 0.9)
            return 1
        if (
            below is not None
            and below.kind is LineKind.DAY
            and self.paper is not None
            and _heads_a_track_of_days(line.text)
        ):
            # "Small ROVs" / "Wednesday, January 25, 2012" / its times and talks: on a page of
            # tracks, the heading over the days below it, no author of the talk above.
            self.close_paper()
            self.read(line.number, SESSION_HEADER, 0.7)
            return 1
        if below is not None and below.kind is LineKind.START_AT:
            # "Keynote" / "Start: 2020-08-31T15:00:00Z": the title of the item it starts.
            session = self.open_session(line.number, title=strip_session_title(line.text))
            self._speakers_from_title(session)
            return 1
        cells = [c for c in line.cells if c]
        if (
            below is not None
            and below.kind is LineKind.LINK
            and MORE_TOGGLE.match(below.text)
            and len(cells) <= 1
            and _opens_a_text(line.text)
        ):
            # "Fjords trap warm water … . We measure …" / "Read more": the opening sentences of a
            # text whose rest the toggle below hides: a description, not an item's title.
            self.read(line.number, NOTE, 0.8)
            if self.current is not None:
                self.current.notes.append(line.text)
            return 1
        if (
            len(cells) == 1
            and self.table_columns
            and self.table_columns[0] in LINK_COLUMNS
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
                line.number, title=strip_session_title(cells[0]), from_header=True
            )
            chairs = self.lines[chairs_at]
            self._add_chairs(session, chairs.text, chairs.number)
            self.read(chairs.number, CHAIR_LABEL, 0.8)
            return chairs_at - i + 1
        if (
            len(cells) == 1
            and self._titles_a_chaired_session(i)
            and not self._titles_the_talk_above(line)
        ):
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
            start, end = self.heading_slot()
            # "Ritual and Kingship — Stuart Hall 104": the panel's room after a long dash
            title, place = self.split_room(strip_session_title(line.text))
            if (
                current is not None
                and current.from_header
                and current.title
                and BARE_SESSION_NUMBER.match(current.title)
                and not current.papers
                and not current.chairs
                and not current.speakers
                and track is None
            ):
                # "Session 1" / "Review of recent guidelines" / "Co-Chairs: …": a heading that
                # only numbers the session, then the line that names it; one session.
                title = f"{current.title}: {title}"
                start, end = current.start, current.end
                self.sessions.remove(current)
            session = self.open_session(
                line.number,
                title=title,
                start=start,
                end=end,
                from_header=True,
            )
            session.room = place or session.room
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
                title=strip_session_title(line.text),
                start=current.start,
                end=current.end,
            )
            session.day_index = current.day_index
            self._speakers_from_title(session)
            return 1
        self._loose_text(line.text, line, lookahead=i if i >= 0 else None)
        return 1

    def _one_more_person_a_line(self, text: str, lookahead: int | None) -> bool:
        """Does `text` go on the paper's run of people a line, by its shape and the run's?"""
        if self.person_a_line_placed:
            # "Bo Li (EPFL)" / "Jo Ng" / "Cy Ng (MIT)": each with a workplace, one without it
            # inside the run (a known given name opening it, or it is rather the next title)
            return _one_person_placed(text) or (
                one_name_only(text)
                and _opens_with_a_given_name(text)
                and self._person_run_goes_on_below(lookahead)
            )
        # "Ana Silva" / "Bo Li (EPFL)" / "Cy Ng (MIT)": the first printed without a workplace,
        # the rest maybe with one (a known given name, or more such lines below)
        return one_name_only(text) or (
            speaker_with_affiliation(text)
            and (_opens_with_a_given_name(text) or self._speaker_line_below(lookahead))
        )

    def _person_run_goes_on_below(self, i: int | None) -> bool:
        """In a run of people a line, is line `i` one of them by what follows it: the run's
        end (a blank line, the page's end), another `Name (Workplace)`, or a known given name
        alone?"""
        if i is None or i + 1 >= len(self.lines) or self.lines[i + 1].kind is LineKind.BLANK:
            return True
        below = self.lines[i + 1]
        return below.kind is LineKind.TEXT and (
            speaker_with_affiliation(below.text)
            or (one_name_only(below.text) and _opens_with_a_given_name(below.text))
        )

    def _titles_the_talk_above(self, line: Line) -> bool:
        """`9:30 a.m. – Keynote Address: Name, Professor, University` / `“Title”` / `Chair: X`:
        a quoted line under a talk that names its speakers but no title yet is that talk's
        title, and the chair below chairs the talk, not a session the line would head."""
        current = self.current
        return (
            current is not None
            and bool(current.speakers)
            and not current.papers
            and current.talk_title is None
            and QUOTED.match(line.text) is not None
        )

    def _about_a_speaker(self, line: Line, below: Line | None) -> bool:
        """A bio of someone the page already named as a speaker or author (`Ana Silva is a
        researcher at …`), or that person's name alone over their bio."""
        text = line.text.strip()
        if len(line.cells) > 1 or not text[:1].isupper():
            return False
        if text.endswith("."):
            return bio_opening(text) and bio_subject(text, self._people_named()) is not None
        if below is None or not below.text.rstrip().endswith(".") or len(text.split()) > 4:
            return False
        # the bio's subject first: it rules out almost every line without gathering the
        # names of every session read so far
        return bio_subject(below.text.strip(), {text}) is not None and text in self._people_named()

    def _people_named(self) -> Container[str]:
        """Everyone read so far as an item's speaker or a paper's author (and, as with
        `known_names`, anyone once read so, though a later line took the name back).

        A page of bios asks this once a bio, so gathering every session's people each time
        would make such a page quadratic in its talks (1,600 talks with bios took 2.5 s, most
        of it here). The names are gathered once and topped up from where the page is read:
        the open session and the parallel columns, whose papers still grow, and the sessions
        opened since the last call."""
        names = self.named_so_far
        start = max(0, self.sessions_named - 1)
        current = [self.current] if self.current is not None else []
        for session in [*self.sessions[start:], *self.columns, *self.grid, *current]:
            names.update(p.name for p in session.speakers)
            for paper in session.papers:
                names.update(a.name for a in paper.authors)
        self.sessions_named = len(self.sessions)
        return _EitherSet(names, self.known_names)  # not merged: both grow with every paper

    def _heads_the_next_speakers_talks(self, i: int, line: Line) -> bool:
        """A short line right after a talk whose timed row named its speaker (`10:10 | Name
        (Affil)`, its title below) and right above another such row (links between, such as
        the session's call): no second title."""
        current = self.current
        if current is None or current.start is None or len(current.papers) != 1:
            return False
        paper = current.papers[0]
        # its speaker from the timed row (or a line above the title), none below it
        below_title = paper.authors_line is not None and paper.authors_line > paper.line
        if not paper.authors or below_title or paper.line >= line.number:
            return False
        text = line.text.strip()
        if len([c for c in line.cells if c]) != 1 or not 2 <= len(text.split()) <= 12:
            return False
        if i < 0 or author_line_score(text) >= 0.5:
            return False
        at = self.after[i + 1] if i + 1 < len(self.after) else None
        while at is not None and self.lines[at].kind is LineKind.LINK:
            at = self.after[at + 1] if at + 1 < len(self.after) else None
        below = self.lines[at] if at is not None else None
        if below is None or below.kind is not LineKind.TIME:
            return False
        speaker = [c for c in below.cells[1:] if c]
        # "Name (Affil) - (slides)": scored without the link the page glues on
        return len(speaker) == 1 and author_line_score(strip_trailing_marks(speaker[0])[0]) >= 0.8

    def _heads_named_talks(self, i: int, line: Line) -> bool:
        """On a page of `Speaker: Title` talks, a short line that is none of them and no item
        of its own (`15 min break`), right above such a talk or above one more such line;
        not the first line under a timed item, which titles that item."""
        current = self.current
        if not self.colon_speakers or i < 0 or (current and current.start and not current.papers):
            return False
        for _ in range(2):
            text = line.text.strip()
            if (
                line.kind is not LineKind.TEXT
                or len([c for c in line.cells if c]) != 1
                or not 1 <= len(text.split()) <= 12
                # "15 min break" is an item of its own; "Poster Session 1 (Tuesday Morning
                # through Lunch)" names a meal too, but would hold posters
                or (is_own_item(text) and classify_kind(text, paper_count=2) is SessionKind.PAPERS)
                or name_colon_title(text, on_a_page_of_them=True) is not None
            ):
                return False
            at = self.after[i + 1] if i + 1 < len(self.after) else None
            if at is None:
                return False
            i, line = at, self.lines[at]
            if (
                line.kind is LineKind.TEXT
                and name_colon_title(line.text, on_a_page_of_them=True) is not None
            ):
                return True
        return False

    def _heading_between_timed_items(self, line: Line, below: Line | None) -> bool:
        """On a page that quotes its titles, a short unquoted line, no author line, right
        below a timed (or day) line and right above a timed line."""
        if not self.quoted_titles or below is None or below.kind is not LineKind.TIME:
            return False
        text = line.text.strip()
        if len([c for c in line.cells if c]) != 1 or text[:1] in OPENING_QUOTES:
            return False
        if not 2 <= len(text.split()) <= 12 or author_line_score(text) >= 0.5:
            return False
        index = self.place.get(id(line), self.walking) - 1
        at = self.before[index] if 0 <= index < len(self.before) else None
        return at is not None and self.lines[at].kind in (LineKind.TIME, LineKind.DAY)

    def _right_under_a_day_header(self, line: Line) -> bool:
        """Is the line above this one (blank lines aside) a day header?"""
        index = self.place.get(id(line), self.walking) - 1
        at = self.before[index] if 0 <= index < len(self.before) else None
        return at is not None and self.lines[at].kind is LineKind.DAY

    def _loose_text(self, text: str, line: Line, lookahead: int | None = None) -> None:
        """A line of plain text: a session title, a paper title, an author line or a note."""
        session = self.current
        if line.number in self.topic_headings:
            # "Computer Systems and Networks 1" / "Title" / "Ana Silva and Bo Li": a topic
            # heading the papers below it, not the first half of the title under it.
            self.open_session(line.number, title=strip_session_title(text))
            return
        if (
            self.abstract_line is not None
            and self.abstract_line == self._previous_text_line(line)
            and continues_an_abstract(text)
        ):
            # "ABSTRACT. We model …" / "In this talk, …" / "[1] Falgout et al. SISC (2014).":
            # the abstract's further paragraphs and references, not the next title.
            self.abstract_line = line.number
            self.read(line.number, NOTE, 0.8)
            if session is not None:
                session.notes.append(text)
            return
        if (
            lookahead is not None
            and (session is None or session.day_index != self._day_index())
            and self._right_under_a_day_header(line)
            and self._bare_name_over_title(lookahead)
        ):
            # "Thursday 30 April 2015" / "Amelia Bellamy-Royds" / "Accessible Graphics on the
            # Web": the day's first talk, its time not printed, its speaker above its title.
            session = self.open_session(line.number, expects_title=True, speakers_above=True)
            self._add_speaker_line(session, text)
            self.read(line.number, AUTHORS, 0.8)
            return
        if session is not None and _describes_its_talk(session, text):
            # "16:00" / "Ada Mbeki" / "Drawing maps" / "Our tool is a small server with an
            # HTTP API," / "written in Rust. …": under a talk whose speakers were printed before
            # its title, running text (copied with its line breaks) is its description.
            self.read(line.number, NOTE, 0.8)
            session.notes.append(text)
            return
        if (
            session is not None
            and session.speakers_above
            and session.title
            and not session.papers
            and not session.chaired
            and is_own_item(text)
        ):
            # "… his description." / "Break" / "17:20": a talk printed speakers first holds
            # no papers; the break under it is an item of its own, untimed.
            self.read(line.number, item_label(text), 0.8)
            self.open_session(line.number, title=strip_session_title(text))
            return
        clock = LEADING_CLOCK.match(text)
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
        by = speaker_after_by(text) if text[:3] in ("By ", "by ") else None
        if (
            by is not None
            and session is not None
            and session.title
            and not session.papers
            and not session.speakers
            and session.line == self._previous_text_line(line)
        ):
            # "Opening speech" / "By Prof. Ana Silva, Dean of the Faculty of Law": who gives it.
            session.speakers = [by]
            session.speakers_line = line.number
            self.known_names.add(by.name)
            self.read(line.number, AUTHORS, 0.8)
            return
        quoted = split_quoted_title(text) if text[:1] in OPENING_QUOTES else None
        if quoted is not None:
            # '“Title”, Ana Silva (Descargar Presentación)' / '"Title". A, B. Uni A, México':
            # the quotes close the title, the people follow.
            if session is None:
                self.open_session(line.number)
            self.add_paper(quoted[0], line.number)
            self.attach_authors(quoted[1], line.number)
            return
        pairs = split_people_then_quoted(text) if text.rstrip(" .,;")[-1:] in '"”»' else None
        if pairs is not None:
            # 'Ana Silva and Bo Li, “Title”': the people, then the title they present.
            if session is None:
                self.open_session(line.number)
            for title, presenters in pairs:
                self.add_paper(title, line.number)
                self.attach_authors(presenters, line.number)
            return
        if (
            self.paper is not None
            and not self.paper.authors
            and self.paper.line == self._previous_text_line(line)
            and PAPER_TYPE.match(text)
        ):
            # "Title" / "Journal" / "Ana Silva, Bo Li": the line between a title and its authors
            # naming only a kind of paper is the paper's type, not its author.
            self.read(line.number, NOTE, 0.9)
            return
        if session is not None and session.expects_title and not session.papers:
            if self._speakers_above_title(lookahead, more=bool(session.speakers)):
                # "11:15 – 11:40" / "Nick Thieberger, University of Melbourne" / "Title":
                # who gives the talk, printed before its title.
                self._add_speaker_line(session, text)
                session.speakers_above = True
                self.speakers_above_titles += 1
                self.read(line.number, AUTHORS, 0.8)
                return
            if session.chairs and self._talks_with_their_people_follow(lookahead):
                # "10h45" / "Coord. Mesa: X" / "Title" / "Dr. Name - MG" / "Title" / …: a
                # chaired table printed without a title of its own; its first talk opens it.
                session.expects_title = False
                self.add_paper(text, line.number)
                return
            self.read(line.number, item_label(text), 0.8)
            session.title = strip_session_title(text)
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
            and PARENTHESISED.match(text)
        ):
            # "10:45 | Mikhail Fursov | UGENE: …" / "(cancelled)", "(talk given by Pjotr
            # Prins)": a remark on the talk the row gave, not another title.
            session.notes.append(text)
            self.read(line.number, NOTE, 0.8)
            return
        if session is not None and session.expects_talk_title:
            session.expects_talk_title = False
            self.add_paper(unquote(text), line.number)
            if session.speakers:
                assert self.paper is not None
                self.paper.authors.extend(session.speakers)
            return
        if session is not None and session.speakers and not session.papers and QUOTED.match(text):
            self.add_paper(unquote(text), line.number)
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
        heading = ROLE_HEADING.match(text)
        if heading and session is not None:
            # "Speakers" / "Name, Job Title, Company" ...: who the lines below are; under a
            # paper still without authors, "Authors:" names the paper's.
            self.role_heading = "moderator" if heading.group("moderator") else "speaker"
            self.role_heading_text = text.strip().rstrip(":").strip()
            if (
                self.role_heading == "speaker"
                and not session.papers
                and session.speakers
                and session.speakers_heading is None
                and session.speakers_line in (None, session.line)
            ):
                # "Panel 2: Courts Today" / "Speakers:" / people: the words read off the
                # item's own title as its speaker were its topic; the list names who speaks.
                session.speakers = []
            if text.lower().startswith("author") and self.paper and not self.paper.authors:
                self.role_heading = "authors"
            elif (
                text.strip().rstrip(":").strip().lower() in ("authors", "author")
                and self.paper
                and self.paper.authors_line is not None
                and self.paper.authors_line > self.paper.line
            ):
                # "Title" / "Ana Silva, MIT, USA" / "Authors" / "Bo Li, Ana Silva": under the
                # line naming who presents it, the paper's whole list of authors.
                self.role_heading = "all authors"
            self.read(line.number, NOTE, 0.9)
            return
        if self.role_heading == "authors" and self.paper is not None:
            self.role_heading = None
            parsed = parse_author_line(text)
            if parsed.authors:
                self.attach_authors(parsed, line.number, text)
                return
        if self.role_heading == "all authors" and self.paper is not None:
            self.role_heading = None
            parsed = parse_author_line(text)
            if parsed.authors:
                presenting = self.paper.authors[:]
                self.paper.authors.clear()
                self.attach_authors(parsed, line.number, text, labelled=True)
                self.paper.authors[:] = [
                    _with_presenter_workplace(a, presenting) for a in self.paper.authors
                ]
                return
        named_above = (
            (session.chairs if self.role_heading == "moderator" else session.speakers)
            if self.role_heading and session is not None
            else []
        )
        if (
            named_above
            and named_above[-1].affiliation is None
            and (JOB.search(text) or names_an_institution(text))
            and ("," in text or not is_name_like_strict(text))
        ):
            # "Speakers" / "Bob Jones" / "Staff Engineer, Google": where the one above works
            # (a chair's too, under "Moderator").
            named_above[-1] = Person(named_above[-1].name, company_after_job(text))
            self.read(
                line.number, CHAIR_LABEL if self.role_heading == "moderator" else AUTHORS, 0.8
            )
            return
        if self.role_heading and session is not None:
            person = person_with_role(text)
            addressed = addresses_people(text)
            if person is not None or addressed or author_line_score(text) >= 0.5:
                # "Panelists:" / "Professor A – Dr B – Dr C": people each addressed, joined by
                # spaced dashes (or nothing, where the copy lost a line break)
                listed = ADDRESSED_SLASH.sub(", ", text) if addressed else text
                named = [person] if person else list(parse_author_line(listed).authors)
                if self.role_heading == "moderator":
                    session.chairs.extend(named)
                    self.read(line.number, CHAIR_LABEL, 0.8)
                else:
                    session.speakers.extend(named)
                    session.speakers_line = line.number
                    session.speakers_heading = self.role_heading_text
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
            and opens_with_people_label(text)
            and paper.authors_line is not None
            and paper.authors_line == self._previous_text_line(line)
        ):
            # "Ana Silva (MIT) | Title" / "Co-authors: Bo Li, Cy Ng": the rest of the paper's
            # people, labelled, below the row that named who presents it (a presenter named
            # again among them is not added twice).
            already = {a.name.casefold() for a in paper.authors}
            paper.authors.extend(
                a for a in parse_author_line(text).authors if a.name.casefold() not in already
            )
            paper.authors_line = line.number
            self.read(line.number, AUTHORS, 0.8)
            return
        places = [p.strip() for p in text.split(";")] if ";" in text else []
        if (
            paper is not None
            and len(places) >= 2
            and paper.authors
            and all(a.affiliation is None for a in paper.authors)
            and paper.authors_line == self._previous_text_line(line)
            and paper.authors_line != paper.line
            and all(place and names_a_workplace(place) for place in places)
        ):
            # "Ana Silva, Bo Li, Cy Ng" / "Uni A; Uni B; Uni C": where they work, one place
            # each in their order; with fewer places than people the line does not say whose
            # each is, so it is kept as the paper's note, not read as the next title.
            if len(places) == len(paper.authors):
                paper.authors[:] = [
                    Person(a.name, place) for a, place in zip(paper.authors, places, strict=True)
                ]
                paper.authors_line = line.number
                self.read(line.number, AUTHORS, 0.8)
            else:
                self.read(line.number, NOTE, 0.6)
                self.warn(line.number, "workplaces printed apart from their people; not matched")
            return
        # the paper's authors printed a name a line: an institution on the line below them
        # is short and plain ("Uni A", not "Reproducible Privacy: Using …", the next title)
        a_name_a_line = (
            paper is not None
            and paper is self.name_a_line_paper
            and ":" not in text
            and len(text.split()) <= 8
        )
        if (
            paper is not None
            and paper.authors
            and paper.authors[-1].affiliation is None
            and (a_name_a_line or all(a.affiliation is None for a in paper.authors))
            and paper.authors_line == self._previous_text_line(line)
            # people on their title's own line only in a cell of their own ("Title<TAB>Ana
            # Silva, Ph.D." / "Department of …, THAILAND"): a row's cell can say no more
            and (paper.authors_line != paper.line or self._people_cell_above(line))
            and "(" not in text
            and names_a_workplace(text)
            # "Discussant: Bo Li, Yale University" names someone else, with where they work
            and not ROLE.match(text)
            and len(text.split()) <= 16
            and ("," in text or a_name_a_line or not self._people_follow(lookahead))
        ):
            # "Jan Angermeier, Ana Silva" / "Universität Stuttgart, Deutschland": where they
            # all work, on the line below their names (an institution and its place, or one
            # not followed by names, which would make it the next title). With a name a line
            # ("Ana Silva" / "Uni A" / "Bo Li" / "Cy Ng" / "Uni B"), the names since the last
            # institution work there, and more names may follow.
            affiliation = clean(text)
            run = len(paper.authors)
            while run > 0 and paper.authors[run - 1].affiliation is None:
                run -= 1
            paper.authors[run:] = [Person(a.name, affiliation) for a in paper.authors[run:]]
            paper.authors_line = line.number
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
        if (
            session is not None
            and paper is not None
            and paper.authors
            and names_a_performer(text, paper.title)
        ):
            # "Title by Composer" / "Ana Ruiz, viola": who plays the piece, a concert's note.
            session.notes.append(text)
            self.read(line.number, NOTE, 0.8)
            return
        role = ROLE.match(text)
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
        name_first = (
            name_colon_title(text, on_a_page_of_them=True)
            if colon is None and self.colon_speakers
            else None
        )
        if name_first is not None:
            # "Karl Gordon: Title" / "Di Wu: Title": the next talk of the cell, on a page that
            # prints its talks so.
            colon = name_first[1], AuthorLine(colon_speakers(name_first[0]))
        dashed = name_dash_title(text) if colon is None and self.dash_first_speakers else None
        if dashed is not None:
            # "Ana Silva, Bo Li - Title - recording": speakers, a dash, the title, on a page
            # that prints its talks so.
            colon = dashed[1], AuthorLine(tuple(Person(name, None) for name in dashed[0]))
        if colon is not None and session is not None and not session.expects_title:
            # "G. Gray (Oxford): Spectral gaps for random graphs": speakers, then the title.
            title, parsed = colon
            self._talk_becomes_first_paper(session)
            self.add_paper(title, line.number)
            self.attach_authors(parsed, line.number)
            self.known_names.update(a.name for a in parsed.authors)
            return
        if (
            self.paper is not None
            and not self.paper.authors
            and text[:1] in "ASP"
            and PEOPLE_FIELD.match(text)
        ):
            # "TITLE Fast and Secure ..." / "AUTHORS Marta Lokhava (Stellar), Rafa?? M...": the
            # label says whose line it is, however oddly its names are printed.
            self.attach_authors(parse_author_line(text), line.number)
            self.known_names.update(a.name for a in self.paper.authors)
            return
        fields = LABELLED_FIELDS.match(text)
        if fields is not None:
            # "TITLE PipeDream: ... AUTHORS Deepak Narayanan (Stanford), ...": labelled fields.
            parsed = parse_author_line(fields.group("who").rstrip(" ,;"))
            self.ensure_session(line.number)
            self.add_paper(fields.group("title").strip(), line.number)
            self.attach_authors(parsed, line.number)
            self.known_names.update(a.name for a in parsed.authors)
            return
        if LABELLED_PROSE.match(text):
            # "ABSTRACT. We model check ...", "Bio: ...": what the item is about, not an item.
            self.abstract_line = line.number
            self.read(line.number, NOTE, 0.9)
            if session is not None:
                session.notes.append(text)
            return
        if session is not None and self.known_names and awaits_its_people(session, self.paper):
            # "Roberto Di Cosmo Stefano Vitali" under a talk: a name printed before, and another.
            text = split_known_names(text, self.known_names) or text
        score = author_line_score(text)
        paper = self.paper
        if (
            session is not None
            and awaits_its_people(session, paper)
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
            and awaits_its_people(session, paper)
            and (
                (session.awaits_speakers and score >= 0.5)
                or (score >= 0.8 and session.line == self._previous_text_line(line))
                or (
                    # "15:15 | Title" / "Liesbeth De Mol" / "16:00 | …": the one line under a
                    # timed talk, a name and nothing more, is who gives it.
                    score >= 0.5
                    and lookahead is not None
                    and not is_own_item(session.title or "")
                    and holds_contributions(session.title)
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
                or (speaker_with_affiliation(text) and self._speaker_line_below(lookahead))
            )
            and not self._title_follows(lookahead)
            # "Ana Silva (MIT)" / "Co-authors: Bo Li | Title": the first paper's presenter
            and not self._labelled_people_then_title_follow(lookahead)
            # a meal or a reception is given by nobody ("Lunch" / "Women’s Luncheon, Sponsored
            # by …" is another item beside it, not its speaker)
            and classify_kind(session.title or "", paper_count=0) not in NOT_TALKS
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
            and speaker_with_affiliation(text)
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
            bare = one_name_only(text)
            placed = not bare and _one_person_placed(text)
            if paper.authors_line != paper.line and (bare or placed):
                self.name_a_line_paper = paper  # its authors may come a name (or person) a line
                self.person_a_line_placed = placed
            return
        if (
            paper is not None
            and paper.authors
            and not paper.authors_above
            and not self.authors_first_page
            and score >= 0.5
            and self._one_more_person_a_line(text, lookahead)
            and paper is self.name_a_line_paper
            # right below: after a gap, a name-shaped line is rather the next title
            and paper.authors_line == line.number - 1
            and paper.authors_line != paper.line
        ):
            # "Title" / "Ana Silva" / "Uni A" / "Bo Li": a name a line, each alone, perhaps
            # with its institution below it (or in parentheses after it, "Bo Li (EPFL)"): one
            # more author of the paper, not the next title.
            parsed = parse_author_line(text)
            self.attach_authors(parsed, line.number, text)
            self.known_names.update(a.name for a in parsed.authors)
            self.person_a_line_placed = self.person_a_line_placed or not one_name_only(text)
            return
        if (
            paper is not None
            and paper.authors
            and score >= 0.5
            and paper.authors_line == line.number - 1
            and (
                re.search(r"(?:[,;&]|\band)$", self.last_author_text)
                or text[:4] == "and "
                # "A (X), B (Y)" / "C (Z), and D (W)": the list's closing "and" comes on the
                # line below, the line above had none
                or (
                    re.search(r"\band\s+\S", text) is not None
                    and re.search(r"\band\b|&", self.last_author_text) is None
                    and _each_placed(self.last_author_text)
                    and _each_placed(text)
                )
            )
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
        title_by = split_by_line(text) if self.speakers_after_by and " by " in text else None
        if title_by is not None and score >= 0.5 and session is not None:
            # "Antithesis (a scream) by Ana Ruiz" on a page of "Title by Name" items: the
            # parenthesis makes the line look like a name and its affiliation; it is a title
            # and its people, as the page prints them.
            self.add_paper(title_by[0], line.number)
            self.attach_authors(title_by[1], line.number)
            return
        if (
            (
                score >= 1.0
                or (score >= 0.8 and self._authors_above_titles_follow(lookahead))
                # the session's papers so far were printed so: "Ana Paiement" reads as a name
                # here, however like a title's noun its last word ends
                or (score >= 0.5 and paper is not None and paper.authors_above)
            )
            and (paper is None or paper.authors)
            and (
                self._title_follows(lookahead) or self._labelled_people_then_title_follow(lookahead)
            )
        ):
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
        spoken = self._title_then_speakers(text, lookahead) if score < 0.5 else None
        if spoken is not None and session is not None:
            # "Envisioning Digital Twins for Farms (Paul Harris)": a paper's title, then in
            # parentheses only its speakers' full names, each led by a known given name.
            self.add_paper(spoken[0], line.number)
            self.attach_authors(AuthorLine(spoken[1]), line.number)
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
                not_a_place(combined[1].authors[0].affiliation)
                or f"({combined[1].authors[0].affiliation})".lower() in self.trailing_marks
            )
        ):
            # "Memory for Dialog (TACL)", "Structure (If You Let It)": a tag or a phrase in the
            # parentheses, not where the one guessed name works; "Making Data Useful (More)":
            # a link word the page prints after its titles.
            combined = None
        if combined is not None and combined[1].rest:
            combined = None  # "A Dataset for (Multi-)Target-dependent ...": it runs on
        if combined is not None and _opens_a_quotation(combined[0]):
            # "THE MAKING OF ‘OLD RIVER SONGS’ (2024)": the guessed names close the title's
            # quotation, so they are its words.
            combined = None
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
        if (
            session is not None
            and len(session.papers) >= 2
            and all(p.authors_above for p in session.papers)
            and self.pending_authors is None
            and lookahead is not None
            and self._item_ends_after(lookahead)
        ):
            # "Names" / "Title" / "Names" / "Title" / "DC winner, runner-up 5 minutes" / next
            # time: each paper came under its people, so a line left over without them
            # closing the session is a remark on it.
            self.read(line.number, NOTE, 0.7)
            session.notes.append(text)
            return
        self.add_paper(text, line.number)

    def _title_then_speakers(
        self, text: str, lookahead: int | None
    ) -> tuple[str, tuple[Person, ...]] | None:
        """`Title words (Ann Lee and Bo Li)` as a paper: the parenthesis holds only full names,
        each opening with a known given name or seen before as a person, and no author line
        waits above or follows below (then the parenthesis would be the title's own)."""
        if self.pending_authors is not None:
            return None
        titled = title_then_named_speakers(text)
        if titled is None or len(titled[0].split()) < 3:
            return None  # before the look below, which most lines need not pay for
        if self._next_is_authors(lookahead):
            return None
        people = titled[1]
        if not all(
            p.name in self.known_names
            or (len(p.name.split()) >= 2 and p.name.split()[0] in GIVEN_NAMES)
            for p in people
        ):
            return None
        return titled

    def _timed_item_awaiting_its_speaker(self, i: int) -> SessionDraft | None:
        """The open item, titled and timed on its own line, that holds no paper or speaker yet
        (so line `i` below its title may name who speaks)."""
        current = self.current
        if i <= 0 or current is None or not current.title or current.start is None:
            return None
        return None if current.papers or current.speakers else current

    def _speaker_under_item_title(self, i: int, line: Line) -> int | None:
        """`10:20` / `Title` / `Ana Ruiz` / `Universidad de Guadalajara`: a bare name right under
        the title of an item timed on its own line, over the line that names where they work,
        is the talk's speaker. The index of that workplace line, or None."""
        current = self._timed_item_awaiting_its_speaker(i)
        if current is None or not self._name_over_institution(i):
            return None
        above = self.before[i - 1]
        if above is None or (
            self.lines[above].number != current.line
            and strip_session_title(self.lines[above].text) != current.title
        ):
            return None  # not right under the item's title
        people = parse_author_line(line.text).authors
        # a person's name by its given name ("Query Planning Revisited" reads as a name too),
        # over a workplace that is no author line of its own ("Cy Ng (Uni C)")
        workplace = i + 1  # `_name_over_institution`: the very next line
        if (
            len(people) != 1
            or people[0].name.split()[0] not in GIVEN_NAMES
            or (
                author_line_score(self.lines[workplace].text) >= 0.8
                and opens_with_a_person(self.lines[workplace].text)
            )
        ):
            return None
        current.speakers = [Person(people[0].name, clean(self.lines[workplace].text))]
        self.read(line.number, AUTHORS, 0.8)
        self.read(self.lines[workplace].number, AUTHORS, 0.8)
        return workplace

    def _lone_speaker_over_details_link(self, i: int, line: Line) -> bool:
        """`10:20 AM` / `Title` / `Sam Harley` / `More details` (or `30 mins`): a bare name
        right under the title of an item timed on its own line (a room line between them
        allowed), over the link to the item's own page or the talk's length, is the talk's
        speaker; so are `A & B` (where the title's own line would read as a name too, the
        given names settle it)."""
        current = self._timed_item_awaiting_its_speaker(i)
        if current is None:
            return False
        below = self.next_nonblank(i)
        over_length = below is not None and below.kind is LineKind.DURATION
        if below is None or not (DETAILS_LINK.match(below.text.strip()) or over_length):
            return False
        above = self.before[i - 1]
        if above is not None and self.lines[above].kind is LineKind.LOCATION and above > 0:
            above = self.before[above - 1]  # "Title" / "Room: Track 1" / "Ana Silva"
        if above is None or (
            self.lines[above].number != current.line
            and strip_session_title(self.lines[above].text) != current.title
        ):
            return False  # not right under the item's title
        people = parse_author_line(line.text).authors
        if not people or author_line_score(line.text) < 0.5:
            return False
        if any(p.affiliation is not None or len(p.name.split()) < 2 for p in people):
            return False
        if not all(_a_given_name(p.name.split()[0]) for p in people) and not (
            # "Stevie Mayhew" / "30 mins" on a page whose talks print their speakers so: a
            # name, whether or not its given name is a common one (no break's words)
            over_length
            and self.speakers_over_lengths > 0
            and all(
                is_name_like_strict(p.name)
                and classify_kind(p.name, paper_count=0) is SessionKind.OTHER
                for p in people
            )
        ):
            return False
        if over_length:
            self.speakers_over_lengths += 1
        # the talk is the item's own, a paper of it (a second title in the slot, the next
        # track's talk, is then one more)
        assert current.title is not None  # `_timed_item_awaiting_its_speaker`: it is titled
        self.add_paper(current.talk_title or current.title, current.line)
        self.attach_authors(AuthorLine(tuple(Person(p.name) for p in people)), line.number)
        self.read(line.number, AUTHORS, 0.8)
        return True


_NOT_A_HEADING = re.compile(r"[\d,;:()\[\]]|[.!?]$")


def _heads_a_track_of_days(text: str) -> bool:
    """`Small ROVs`, `Work-Class ROVs`, `Manned Underwater Vehicles`: a short name of a track,
    no person (no known given name first, not read as people) and no sentence."""
    words = text.split()
    return (
        1 <= len(words) <= 6
        and not _NOT_A_HEADING.search(text)
        and author_line_score(text) < 0.8
        and not _opens_with_a_given_name(text)
    )


def _describes_its_talk(session: SessionDraft, text: str) -> bool:
    """Is this line, under a talk printed time / speakers / title, part of its description:
    a sentence's piece (ending in a stop or a comma, or going on in lower case), or any line
    after the description began? A break or a meal opens an item of its own."""
    if not (session.speakers_above and session.title and session.speakers) or session.papers:
        return False
    if session.chaired or session.chairs:
        return False  # "Chair: Ana Silva" / "View papers (4)": a chaired session holds papers
    if text[:1].islower() or is_prose(text):
        return True  # "by opening a link that names the area.": a sentence going on
    stop = text.rstrip()[-1:] in ".,;:!?"
    if is_own_item(text) and not stop:
        return False
    return stop or bool(session.notes)


def _a_given_name(word: str) -> bool:
    """A common given name, or a double one of two (`Anna-Lena`, `Jean-Luc`)."""
    return word in GIVEN_NAMES or (
        "-" in word and all(part in GIVEN_NAMES for part in word.split("-"))
    )


def _one_person_placed(text: str) -> bool:
    """`Ana Silva (Uni A)` or `Ana Silva, University of Porto`: one person and where they work,
    as a panel prints its members a line each."""
    if speaker_with_affiliation(text):
        return True
    _, comma, place = text.partition(", ")
    if not comma or not names_an_institution(place):
        return False
    people = parse_author_line(text).authors
    return len(people) == 1 and people[0].affiliation is not None


def _each_placed(text: str) -> bool:
    """`A (X), B (Y)`: an author line whose every person has a workplace in parentheses."""
    if text.count("(") > text.count(")"):
        text += ")"  # a labelled line's people lose their last parenthesis to ROLE's "who"
    people = parse_author_line(text).authors
    return text.endswith(")") and bool(people) and all(a.affiliation for a in people)


def _opens_a_quotation(text: str) -> bool:
    """Whether `text` opens a quotation it does not close (`The Making of ‘River`)."""
    return (
        text.count("“") > text.count("”")
        or text.count("‘") > text.count("’")
        or text.count('"') % 2 == 1
    )


@dataclass(frozen=True, slots=True)
class _EitherSet:
    """Whether a name is in either of two sets, without copying one into the other."""

    first: set[str]
    second: set[str]

    def __contains__(self, name: object) -> bool:
        return name in self.first or name in self.second


def _opens_with_a_given_name(text: str) -> bool:
    """`Ana Silva`, `Noémie-Ioannis Romano (EPFL)`: the first word, or its first part before
    a hyphen, is a known given name."""
    first = text.split()[0] if text.split() else ""
    return first in GIVEN_NAMES or first.split("-")[0] in GIVEN_NAMES


def one_name_only(text: str) -> bool:
    """`Ana Silva`, `James H. Davenport`, `Alan Hayes*`: a line holding one person's name and
    nothing else (a presenter's mark after it, a middle initial inside it). No longer than
    any name `is_name_like` takes, which spares a whole author list the look."""
    return len(text) <= 60 and is_plain_name(text.rstrip("*† "))


def _person_key(name: str) -> tuple[str, str]:
    """`Gerry E. Schneider`, `Gerry Schneider`: the first initial and the surname's first part
    (`Tran-Minh` as `Tran`), casefolded: one person printed once short, once in full."""
    words = name.replace(".", ". ").split()
    if not words:
        return ("", "")
    return (words[0][0].casefold(), words[-1].split("-")[0].casefold())


def _with_presenter_workplace(author: Person, presenters: list[Person]) -> Person:
    """`author` of a paper's full list, given the workplace printed with its presenter."""
    if author.affiliation is not None:
        return author
    for presenter in presenters:
        if presenter.affiliation and (
            presenter.name.casefold() == author.name.casefold()
            or _person_key(presenter.name) == _person_key(author.name)
        ):
            return Person(author.name, presenter.affiliation)
    return author
