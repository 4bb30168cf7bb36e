"""Questions about the lines around the one being read (what follows a title, whether people
are named above it, whether a time lies inside the current session's slot). They read the
lines and the drafts; they change nothing."""

from __future__ import annotations

from bot.model import SessionKind
from bot.parsing.authors import (
    addresses_people,
    author_line_score,
    is_addressed,
    opens_with_people_label,
    parse_author_line,
    split_quoted_title,
)
from bot.parsing.given_names import GIVEN_NAMES
from bot.parsing.kinds import classify_kind
from bot.parsing.lexer import NUMBERED_SESSION, ROOM_NAME, ROOM_SESSION, Line, LineKind
from bot.parsing.page import (
    a_bare_known_name,
    badges_over_dates,
    card_title_above_date,
    dates_label_cards,
    is_parenthesised_note,
)
from bot.parsing.shapes import (
    FIELD_LABEL,
    ITEM_WORD,
    has_common_word,
    is_own_item,
    is_prose,
    title_score,
)
from bot.parsing.structure.drafts import AUTHORS, NOT_TALKS, TITLE, SessionDraft
from bot.parsing.structure.phrases import (
    GROUP,
    HEADING_WORD,
    OPENING_QUOTES,
    PARENTHESISED_PERSON,
    ROLE,
    SESSION_WORD,
    SESSIONS_AHEAD,
    holds_contributions,
    names_a_workplace,
    names_only_a_workplace,
    reads_as_a_name,
    speaker_with_affiliation,
    title_not_names,
)
from bot.parsing.structure.state import BuilderState
from bot.parsing.timeexpr import DayExpr, TimeRange, find_time_range

# Kinds an item's own label names ("Invited Talk", "Lunch"): such a line names no one.
NAMED_KINDS = frozenset(
    (SessionKind.KEYNOTE, SessionKind.BREAK, SessionKind.SOCIAL, SessionKind.PLENARY)
)


def heads_the_timed_lines_below(line: Line, below: Line | None) -> bool:
    """`Physico-chemical methods:` right above a timed line: a line of a few words ending in a
    colon heads the items below it (it is no title of the item above)."""
    text = line.text.strip()
    return (
        below is not None
        and below.kind is LineKind.TIME
        and len([c for c in line.cells if c]) == 1
        and text.endswith(":")
        and 1 <= len(text.split()) <= 8
        and not FIELD_LABEL.match(text.rstrip(":").strip())
    )


class Lookahead(BuilderState):
    """What the neighbouring lines say about the line being read."""

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
                c for c in line.cells[1:] if c and classify_kind(c, paper_count=0) not in NOT_TALKS
            ]
        named = sum(1 for c in cells if PARENTHESISED_PERSON.search(c))
        return len(cells) >= 4 and named >= 0.75 * len(cells)

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
            and bool(HEADING_WORD.search(paper.title))
        )

    def _title_line_before(self, i: int) -> Line | None:
        while i > 0 and self.lines[i - 1].kind is LineKind.JUNK:
            i -= 1  # already warned about; the title is above it
        if i <= 0:
            return None
        before = self.lines[i - 1]
        if before.kind in (LineKind.TEXT, LineKind.SESSION_HEADER, LineKind.TIME):
            return before
        return None

    def _dates_label_cards(self) -> bool:
        """Does each item's card print its date right above its time (`page.dates_label_cards`)?"""
        if self._card_dates is None:
            self._card_dates = dates_label_cards(self.lines)
        return self._card_dates

    def _title_above_card_date(self, at: int) -> Line | None:
        """The title a card prints above its date line `at` (`page.card_title_above_date`)."""
        if self._card_badges is None:
            self._card_badges = badges_over_dates(self.lines)  # a page-wide count, made once
        found = card_title_above_date(self.lines, at, self._card_badges)
        return None if found is None else self.lines[found]

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
        card = False
        if before.kind is LineKind.DAY and i >= 2 and self._dates_label_cards():
            card_title = self._title_above_card_date(i - 1)
            if card_title is not None:
                # title / date / time: a card's title, whatever the lines below its time say
                before, card = card_title, True
        if before.kind not in (LineKind.TEXT, LineKind.SESSION_HEADER) or is_prose(before.text):
            return None
        if before.kind is LineKind.TEXT and ROLE.match(before.text):
            # "Speakers: Ana Silva" / "10:55": who gives the item above, not the next one's title
            return None
        if self.current is not None and self.current.expects_title:
            return None
        if (
            self.current is not None
            and self.current.start is not None
            and self.current.title
            and self.current.line == before.number
        ):
            # "13:00-13:15" / "Folien" / "Begrüßung" / "13:15-15:15": the line above already
            # names the item of the time before; it is not this one's title.
            return None
        # A break printed above its time, on a page that prints titles above: surely its title,
        # even where its words look like names ("Coffee Break and Discussion Time").
        break_above = self.title_side == "above" and is_own_item(before.text)
        if (
            not break_above
            and not card
            and author_line_score(before.text) >= 0.8
            and before.kind is LineKind.TEXT
        ):
            return None
        after = self.next_nonblank(i)
        if after is not None and after.kind is LineKind.ROOM:
            # "11:30" / "Hall B" / "Farewell drinks": the room heads the item below its time
            after = self.next_nonblank(self.place[id(after)])
        if (
            not card
            and self.title_side == "below"
            and after is not None
            and after.kind in (LineKind.TEXT, LineKind.SESSION_HEADER)
            and not ROLE.match(after.text)  # "Speakers: Ana Silva": who, under no title
            and (
                author_line_score(after.text) < 0.8
                or is_own_item(after.text)  # "Lunch (catered for registered participants)"
                or self._speakers_above_title(self.after[i + 1], more=False)
            )
        ):
            return None  # this page prints every title below its time (maybe under speakers)
        if (
            not break_above
            and not card
            and before.kind is LineKind.TEXT
            and after is not None
            and after.kind in (LineKind.TEXT, LineKind.SESSION_HEADER)
            and len([c for c in after.cells if c]) == 1
            and author_line_score(after.text) < 0.5
            and (self.current is None or holds_contributions(self.current.title))
        ):
            # The title follows the time line; the line above belongs to the last item (which
            # a break cannot: "Coffee Break" / time / "Keynote: Ana Silva" / time / her title).
            return None
        if card:
            # title / (badge) / date / time on a card: the title (and the badge) were read as
            # the last papers of the card above (the date line closed them); they are this one's.
            date_line = self.lines[i - 1].number
            for session in self.sessions:
                session.papers = [
                    p for p in session.papers if not before.number <= p.line < date_line
                ]
            self.paper = None
        elif self.paper is not None and self.paper.line == before.number:
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

    def _speakers_above_title(self, i: int | None, *, more: bool) -> bool:
        """Is this line, the first text under a bare time, one of the speaker lines printed
        before the talk's title? The first reads surely as people (a name and where they
        work; `more` for the lines after it), any further lines up to the title still read
        as people, and the title below does not."""
        if i is None:
            return False
        text = self.lines[i].text
        if classify_kind(text, paper_count=0) in NAMED_KINDS:
            return False  # "Invited Talk", "Keynote": what the item is, not who gives it
        first = author_line_score(text)
        if not more and self._bare_name_over_title(i):
            return True
        if first < (0.5 if more else 0.8) and not (
            (first >= 0.5 and self._name_over_institution(i))
            or (more and names_only_a_workplace(text))
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
                return not more and first >= 1.0 and last is not None and title_not_names(last)
            last = below.text
            score = author_line_score(below.text)
            if score < 0.5 and not (
                names_only_a_workplace(below.text) and self._text_line_follows(at)
            ):
                return not is_prose(below.text)
        return False

    def _bare_name_over_title(self, i: int) -> bool:
        """`16:00` / `Ada Mbeki` / `Drawing maps with open vector tools` / abstract: a bare
        name right under a time, over a line that names no one, is the speaker of the talk
        that line titles (a title never reads strictly as a full name led by a known given
        name; a rarer one once two talks were printed so)."""
        text = self.lines[i].text
        if self.speakers_above_titles >= 2 and _typed_in_lowercase(text):
            text = text.title()  # `peter sikking`, as its speaker typed it
        if not reads_as_a_name(text):
            return False
        if not _a_given_name(text.split()[0]) and self.speakers_above_titles < 2:
            return False  # a rarer given name, where the page has not yet printed speakers so
        following = self.next_nonblank(i)
        return (
            following is not None
            and _one_cell_naming_no_one(following)
            and not reads_as_a_name(following.text)
            and not is_own_item(following.text)
        )

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
            and reads_as_a_name(self.lines[i].text)
            # "Public Lecture" / "K Srinath Reddy, Public Health Foundation": the line below
            # names a person first, so it is the speaker's, and the one above a label
            and names_only_a_workplace(below.text)
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

    def _titles_a_chaired_session(self, i: int) -> bool:
        """Is this line, right above a chair line, the title of the session that chair
        chairs (rather than the last paper of the session before)?"""
        below = self.next_nonblank(i) if i >= 0 else None
        if below is None or (below.kind is not LineKind.CHAIR and not _names_discussants(below)):
            return False
        text = self.lines[i].text
        if below.kind is not LineKind.CHAIR and (
            ROLE.match(text) or author_line_score(text) >= 0.5
        ):
            return False  # "Presenter: Name" / "Discussant: Name": who comments on that paper
        current = self.current
        if current is not None and current.expects_title and not current.papers:
            return False  # the title of the item its time line opened
        if is_prose(text) or len(text.split()) > 14:
            return False
        if text[:1] in OPENING_QUOTES and split_quoted_title(text) is not None:
            return False  # '“Title” Ana Silva. Uni A': a talk and who gives it, not a session
        if self._lone_speakers_work(text, self.lines[i], i):
            return False  # where the talk's speaker above works
        if is_addressed(text) and author_line_score(text) >= 1.0:
            return False  # "Dr. Ana Silva - SP": who gives the talk above, addressed so
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

    def _names_people_above_title(self, text: str, i: int) -> bool:
        """A timed row naming the talk's people, its title on the next line: surely when the
        row reads as an author list, and for a plainer name where the page prints every timed
        row this way."""
        if not self._title_follows(i):
            return False
        score = author_line_score(text)
        return score >= 0.8 or (self.people_before_titles and score >= 0.5)

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
            and reads_as_a_name(text)
            and (speaker_column or self.name_cells)
            and not GROUP.search(text)
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
            or is_parenthesised_note(below.text)
        ):
            return False
        names = parse_author_line(text).authors
        if (
            title_score(below.text) >= 0.8
            and not (
                has_common_word(below.text) and not any(has_common_word(a.name) for a in names)
            )
            and not self._known_speaker_over_name_like_title(text, below.text)
        ):
            return False  # "Mixing times and cutoff" reads as two names, but not as people
        if classify_kind(text, paper_count=0) is not SessionKind.OTHER or GROUP.search(text):
            return False
        score = author_line_score(text)
        if any(len(a.name.split()) < 2 for a in parse_author_line(text).authors):
            return False  # "Machines, Learning": words, not names
        return score >= 0.8 or (
            self.people_before_titles and score >= 0.5 and reads_as_a_name(text)
        )

    def _known_speaker_over_name_like_title(self, text: str, below: str) -> bool:
        """`Walter Xie` / `TreeLab and PhyloKit`: on a page that prints its people beside its
        times, a row naming one person by a given name the name lists know, over a line that
        only looks like names (none led by a known given name): the row is the speaker, the
        line the talk's title."""
        return (
            self.people_before_titles
            and a_bare_known_name(text)
            and not any(a.name.split()[0] in GIVEN_NAMES for a in parse_author_line(below).authors)
        )

    def _inside_the_session_slot(self, tr: TimeRange) -> bool:
        """Does `tr` fall strictly inside the current session's slot, a session that can hold
        contributions?"""
        current = self.current
        return not (
            current is None
            or current.start is None
            or current.end is None
            or not holds_contributions(current.title)
            or (tr.start, tr.end) == (current.start, current.end)
            or not current.start <= tr.start < current.end
            or (tr.end is not None and tr.end > current.end)
        )

    def _slot_restated_over_its_talk(self, i: int, tr: TimeRange) -> bool:
        """`09:00–10:00 Invited Talk: Ana Silva` / `Chair: …` / `09:00–10:00` / `Title` /
        `Ana Silva (Uni A)`: the slot's own time printed again on a line of its own, over the
        one talk it holds (a title, then its people), before the session has any."""
        current = self.current
        if (
            current is None
            or current.papers
            or (tr.start, tr.end) != (current.start, current.end)
            or not holds_contributions(current.title)
            or i + 1 >= len(self.after)
        ):
            return False
        title_at = self.after[i + 1]
        people = self.next_nonblank(title_at) if title_at is not None else None
        return (
            people is not None
            and people.kind is LineKind.TEXT
            and author_line_score(people.text) >= 0.8
        )

    def _inside_an_open_ended_session(self, tr: TimeRange) -> bool:
        """Does bare start `tr` come after the start of a chaired or named session printed with
        a start only ("09:15 / Panel: Title / Chair and intro by A; B / 09:20 / …")?"""
        current = self.current
        return (
            current is not None
            and current.start is not None
            and current.end is None
            and tr.end is None
            and current.start < tr.start
            # its talks so far each printed with its own start, earlier than this one
            and all(p.start is not None and p.start < tr.start for p in current.papers)
            and (current.chaired or bool(current.title and SESSION_WORD.search(current.title)))
            # "15h30 / Title / Dr. Name - SP / Coord. Mesa: X": a lecture whose speaker is
            # printed under its title holds no more talks; the next start is the next item's
            and not (current.speakers and not current.papers)
        )

    def _starts_a_contribution(self, i: int, tr: TimeRange) -> bool:
        """Is this bare time, strictly inside the current session's slot, the start of one of
        its contributions, whose title is the next line? In a session printed with a start only,
        only a talk's block (its title, then its author line) is."""
        if self._inside_an_open_ended_session(tr):
            at = self.after[i + 1] if i + 1 < len(self.after) else None
            people = self.next_nonblank(at) if at is not None else None
            if people is None or people.kind is not LineKind.TEXT or at is None:
                return False
            if author_line_score(people.text) < 0.8 and not (
                # the rules cannot tell this talk's people from the next item's title; the
                # line model, reading the page's rhythm, may
                self.model_reads(self.lines[at].number, TITLE)
                and self.model_reads(people.number, AUTHORS)
            ):
                return False
        elif not (self._inside_the_session_slot(tr) or self._slot_restated_over_its_talk(i, tr)):
            return False
        below = self.next_nonblank(i)
        return (
            below is not None
            and _one_cell_naming_no_one(below)
            and classify_kind(below.text, paper_count=0) not in NOT_TALKS
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

    def _restates_the_items_start(self, i: int, tr: TimeRange) -> bool:
        """Is time range `tr` on line `i`, starting where the current item does, that item's
        span: the next time printed falls inside it (its first talk), or its speaker follows?"""
        for later in self.lines[i + 1 :]:
            if later.kind is LineKind.DAY:
                break
            if later.kind is LineKind.TIME and later.time is not None:
                if tr.end is not None and tr.start <= later.time.start < tr.end:
                    return True
                break
        role = self.next_nonblank(i)
        match = ROLE.match(role.text) if role is not None and role.kind is LineKind.TEXT else None
        return match is not None and match.group("speaker") is not None

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

    def _chaired_below(self, i: int) -> bool:
        """`16:45–18:00 Language Models (Auditorium)` / `Session chair: Ana Silva`: a timed line
        whose next line names a chair opens a session of its own, though it starts inside the
        open one's slot (a parallel session beginning during a long poster session); a paper
        has no chair. So does one whose chair comes under at most two short lines naming no
        one: `8:15-9:45 a.m. First Session Terrace N` / `Section A` / `Greek Lyric` / `Ana
        Silva (Porto), presiding`, the section's label and its topic first."""
        at = self.after[i + 1] if 0 <= i < len(self.after) - 1 else None
        for _ in range(3):
            if at is None:
                return False
            below = self.lines[at]
            if below.kind is LineKind.CHAIR:
                return True
            if (
                below.kind not in (LineKind.TEXT, LineKind.SESSION_HEADER)
                or len(below.text.split()) > 8
                or len([c for c in below.cells if c]) > 1
                or author_line_score(below.text) >= 0.8
            ):
                return False
            at = self.after[at + 1] if at + 1 < len(self.after) else None
        return False

    def _title_follows(self, i: int | None) -> bool:
        if i is None:
            return False
        at = self.after[i + 1] if 0 <= i < len(self.after) - 1 else None
        nxt = self.lines[at] if at is not None else None
        return (
            nxt is not None
            and nxt.kind is LineKind.TEXT
            and not heads_the_timed_lines_below(
                nxt, self.next_nonblank(at) if at is not None else None
            )
            # "Title (invited talk) Abstract": scored without the marks the page glues on
            and author_line_score(self.strip_marks(nxt.text)) < 0.8
            and len([c for c in nxt.cells if c]) == 1
            and not is_prose(nxt.text)
        )

    def _authors_above_titles_follow(self, i: int | None) -> bool:
        """From line `i` on: author lines each right over a title, two pairs at least, the run
        closing on a title (`Ana Silva and Bo Li` / `Title` / `Cy Ng, Di Wu and Ed Fox` /
        `Title` / the next time): where no line is left without its partner, each paper's
        people are printed first, however plain their names."""
        at, pairs = i, 0
        while at is not None and pairs < 4:
            line = self.lines[at]
            if line.kind is not LineKind.TEXT or author_line_score(line.text) < 0.8:
                break
            if not self._title_follows(at):
                return False
            title_at = self.after[at + 1]
            assert title_at is not None  # `_title_follows` found it
            pairs += 1
            at = self.after[title_at + 1] if title_at + 1 < len(self.after) else None
        return pairs >= 2

    def _labelled_people_then_title_follow(self, i: int | None) -> bool:
        """Whether the next line is a row `Co-authors: A, B | Title`: the rest of a cell of
        people whose first line this is, then the title in the row's next cell."""
        if i is None:
            return False
        at = self.after[i + 1] if 0 <= i < len(self.after) - 1 else None
        nxt = self.lines[at] if at is not None else None
        if nxt is None:
            return False
        cells = [c for c in nxt.cells if c]
        return (
            len(cells) == 2
            and opens_with_people_label(cells[0])
            and author_line_score(cells[0]) >= 0.5
            and author_line_score(self.strip_marks(cells[1])) < 0.5
            and not is_prose(cells[1])
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
            or not names_a_workplace(text)
        ):
            return False
        below = self.next_nonblank(i)
        return below is None or below.kind in (LineKind.TIME, LineKind.DAY, LineKind.CHAIR)

    def _closes_its_item(self, session: SessionDraft, i: int) -> bool:
        """`Moderador: Dr. X` after an item's talks, then the next item's time or the next table
        cell: who chaired that item, printed at its end, not the start of another session."""
        if session.chairs or i < 0:
            return False
        if self._item_ends_after(i):
            return True
        below_head = self.next_nonblank(i)
        if (
            below_head is not None
            and below_head.kind is LineKind.ROOM
            and ROOM_SESSION.match(below_head.text)
        ):
            return True  # "Hall B - Posters": the slot's next parallel session starts
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

    def _talks_with_their_people_follow(self, i: int | None) -> bool:
        """From line `i` on: a title, then its people, then another title with its people
        (two talks at least, each title over its author line)."""
        at = i
        for _ in range(2):
            title = self.lines[at] if at is not None else None
            if (
                title is None
                or title.kind is not LineKind.TEXT
                or author_line_score(title.text) >= 0.8
                or is_prose(title.text)
            ):
                return False
            people = self.next_nonblank(at) if at is not None else None
            if people is None or people.kind is not LineKind.TEXT:
                return False
            if author_line_score(people.text) < 0.8:
                return False
            after = self.next_nonblank(self.place[id(people)])
            at = self.place[id(after)] if after is not None else None
        return True

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
        return below.kind is LineKind.TEXT and speaker_with_affiliation(below.text)

    def _next_is_authors(self, i: int | None) -> bool:
        if i is None or i + 1 >= len(self.lines):
            return False
        nxt = self.lines[i + 1]
        if nxt.kind is not LineKind.TEXT:
            return False
        if author_line_score(nxt.text) >= 0.8:
            return not self._titles_a_chaired_session(i + 1)
        # "Konuşmacı: Dr. Mahmut Çoker", "Speaker: Ana Silva": the authors, under their label.
        role = ROLE.match(nxt.text) if ":" in nxt.text or "：" in nxt.text else None
        return (
            role is not None
            and role.group("speaker") is not None
            and author_line_score(role.group("who")) >= 0.8
        )

    def _umbrella_over(self, current: SessionDraft, i: int) -> SessionDraft | None:
        """The slot row naming several sessions (`Sesje referatowe I – III`, `Parallel
        sessions`) that a bare title with an empty time cell falls under, if any: the current
        item itself, still empty, or the umbrella of the session opened last under it (after
        that session's papers too, when the title is a numbered session's: `Panel 4`)."""
        if (
            NUMBERED_SESSION.match(self.lines[i].text)
            and self.umbrella is not None
            and self.umbrella in self.sessions
            and current.start == self.umbrella.start
            and current is self.sessions[-1]
            and current is not self.umbrella
        ):
            return self.umbrella
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
        if current.start is not None and current.title and SESSIONS_AHEAD.match(current.title):
            return current
        return None

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


def _names_discussants(line: Line) -> bool:
    """`Discussant: Ana Silva`, `Respondent:` (the name not yet known): who comments on a
    panel's papers, printed under its title as a chair would be."""
    if line.kind is not LineKind.TEXT or ":" not in line.text:
        return False
    role = ROLE.match(line.text)
    return role is not None and role.group("discussant") is not None


def _a_given_name(word: str) -> bool:
    """A common given name, or a double one of two (`Anna-Lena`, `Jean-Luc`)."""
    return word in GIVEN_NAMES or (
        "-" in word and all(part in GIVEN_NAMES for part in word.split("-"))
    )


def _typed_in_lowercase(text: str) -> bool:
    """`peter sikking`: two or three lowercase words, the first a known given name."""
    words = text.split()
    return (
        2 <= len(words) <= 3
        and all(w.isalpha() and w.islower() for w in words)
        and _a_given_name(words[0].capitalize())
    )


def _one_cell_naming_no_one(line: Line) -> bool:
    """A text line of one cell that reads neither as people nor as prose: a talk's title."""
    return (
        line.kind is LineKind.TEXT
        and len([c for c in line.cells if c]) == 1
        and author_line_score(line.text) < 0.8
        and not is_prose(line.text)
    )
