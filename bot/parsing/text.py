"""Program text as a person copies it from a conference web page.

The parser classifies every line (day header, time line, pretalx meta line, chair, location,
table header, link word, author line, text) and then walks them with a small builder that knows
the layouts real programs use: pretalx session pages (title, `MM-DD, HH:MM–HH:MM (ZONE), Room`),
web pages with `Day N:` headers and `9:00 AM CEST – 10:00 AM CEST: Title` lines, session headers
carrying room and chair, copied HTML tables (cells separated by TAB), bulleted lists, author
lines before or after their title, and parallel tracks interleaved row by row. Every line either
contributes to the program or is named in a warning.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from enum import Enum, auto
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.errors import ProgramParseError
from bot.model import Conference, Paper, ParseWarning, Person, Program, Session, SessionKind
from bot.parsing import ParseOptions
from bot.parsing.authors import (
    AuthorLine,
    author_line_score,
    clean,
    is_name_like,
    parse_author_line,
    split_title_and_authors,
)
from bot.parsing.ids import assign_ids
from bot.parsing.kinds import classify_kind
from bot.parsing.timeexpr import (
    ZONE_NAMES,
    DayExpr,
    TimeRange,
    find_time_range,
    infer_year,
    parse_day_header,
    shift_to_weekday,
    zone_offset_hours,
)


class LineKind(Enum):
    BLANK = auto()
    JUNK = auto()  # no letters or digits and no icon: nothing to read
    DAY = auto()
    META = auto()  # pretalx: "04-01, 13:30–15:10 (CET), Rotterdam hall 1A"
    TIME = auto()  # a line that starts (or carries) a time range
    CHAIR = auto()
    LOCATION = auto()
    LINK = auto()
    TITLE_LABEL = auto()  # pretalx keynotes print "Title" above the talk title
    TABLE_HEADER = auto()
    ZONE_NOTE = auto()
    SESSION_HEADER = auto()  # "Session 3: Storage", "Track B — Networks", "... - Chair: X"
    TEXT = auto()


@dataclass(slots=True)
class Line:
    number: int
    text: str
    cells: list[str]
    kind: LineKind = LineKind.TEXT
    time: TimeRange | None = None
    day: DayExpr | None = None


_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"), None)
_ODD_SPACES = re.compile(r"[\u00a0\u2000-\u200a\u202f\u205f\u3000]")
_BULLET = re.compile(r"^(?:[•·▪◦●○■□►▶➤✦*]|[-–]\s)\s*")
_MERIDIEM_RUN_ON = re.compile(r"(\d\s?[AaPp]\.?[Mm]\.?)(?=[A-Z])")
_LINK_WORD = (
    r"paper|papers|slides?|video|videos|abstract|artifacts?|pdf|preprint|code|poster|"
    r"recording|doi|website|link|presentation|bibtex|talk|teaser|github|arxiv|pre-?print|"
    r"extended abstract|full paper|camera[- ]ready|youtube|zoom|livestream|stream|"
    r"available media|media|presentation video|paper \(pdf\)|supplementary material|"
    r"open access|download"
)
_LINK_LINE = re.compile(r"^(?:[\[(]?(?:" + _LINK_WORD + r")[\])]?[\s|·•,/:\-]*)+$", re.I)
_CHAIR = re.compile(
    r"(?:^|(?<=[\s(\[,;–—)-]))\(?\s*(?:session\s+)?(?:co-?)?chair(?:s|persons?|ed\s+by)?"
    r"(?:\s*\(s\))?\s*[:：]\s*",
    re.I,
)
_ROLE = re.compile(
    r"^\(?\s*(?:(?P<moderator>moderators?|moderated by|host(?:s|ed by)?)|"
    r"(?P<speaker>panelists?|panel members?|speakers?|presenters?|presented by)|"
    r"(?P<organiser>organi[sz]ers?|organi[sz]ed by|coordinators?))\s*[:：]\s*(?P<who>.*?)\)?$",
    re.I,
)
_LOCATION = re.compile(r"^(?:location|room|venue|where|place|hall)\s*[:：]\s*(?P<room>.+)$", re.I)
_INLINE_LOCATION = re.compile(
    r"\s[-–—|,]\s*(?:location|room|venue)\s*[:：]\s*(?P<room>.+?)(?=\s[-–—|]\s*\w+\s*[:：]|$)",
    re.I,
)
_META = re.compile(r"^(?:[A-Za-z]{2,9}\.?,?\s+)?(?P<m>[01]?\d)-(?P<d>[0-3]?\d),\s*(?P<rest>.+)$")
_ZONE_NOTE = re.compile(
    r"\b(?:all\s+)?times?\s+(?:are\s+)?(?:shown\s+|given\s+|listed\s+)?in\b|\btime\s*zone\b",
    re.I,
)
_SESSION_LABEL = re.compile(
    r"^(?:(?:paper|technical|research|poster|industry|parallel|plenary)\s+)?"
    r"(?:session|track)\s*[-#]?\s*[\w.]{0,8}\s*[:.—–\-]\s*\S|"
    r"^(?:session|track)\s+[\w.]{1,6}$",
    re.I,
)
_HEADER_WORDS = frozenset(
    "title titles author authors paper papers speaker speakers presenter presenters time"
    " session affiliation affiliations room topic talk talks presentation links link"
    " authors/affiliations #".split()
)
_KEYNOTE_SPEAKER = re.compile(
    r"(?:keynote|invited talk|plenary talk|distinguished lecture)[^:]*?"
    r"(?::|\bby\b|—|–)\s*(?P<who>.+)$",
    re.I,
)
_ROOM_CELL = re.compile(
    r"^(?:room|hall|auditorium|aula|salon|ballroom|theat(?:er|re)|lecture hall|"
    r"amphitheat(?:er|re)|level|floor|building)\b.{0,40}$|^[A-Z]?\d{1,4}[A-Z]?$",
    re.I,
)
_TRAILING_ROOM = re.compile(
    r"\s*\((?P<room>(?:room|hall|auditorium|aula|salon|ballroom|theat(?:er|re)|"
    r"lecture hall|amphitheat(?:er|re))\b[^()]{0,40})\)\s*$",
    re.I,
)
_LEADING_CLOCK = re.compile(
    r"^(?P<h>[01]?\d|2[0-3])[:.h](?P<m>[0-5]\d)(?:\s*(?P<ampm>[ap]\.?m\.?))?\s+(?=\D)", re.I
)
_SLOT_ONLY = re.compile(
    r"^(?:multi[- ]?track|parallel(?: sessions| tracks)?|tracks?|sessions?)$", re.I
)
_LABEL = re.compile(
    r"^(?P<label>(?:(?:paper|technical|research|poster|industry|parallel|plenary)\s+)?"
    r"(?:session|track)\s*[-#]?\s*[\w.]{0,8})\s*(?::|\.\s|\s[—–\-]\s)\s*(?P<title>\S.*)$",
    re.I,
)
_QUOTED = re.compile(r'^\s*["“”„«»\'‘’](?P<t>.+?)["“”„«»\'‘’]?\s*$')


def _normalise(raw: str) -> str:
    text = raw.translate(_INVISIBLE)
    text = _ODD_SPACES.sub(" ", text)
    text = unicodedata.normalize("NFC", text)
    return _MERIDIEM_RUN_ON.sub(r"\1 ", text.rstrip())


def _is_icon(text: str) -> bool:
    """A lone emoji or icon ("📄️", "▶", "🎥"): pictographs, no letters, digits or ASCII."""
    return (
        bool(text)
        and len(text) <= 6
        and all(
            unicodedata.category(ch) in {"So", "Sk", "Mn", "Cf"} or ch in " \ufe0f" for ch in text
        )
    )


def _is_link_line(text: str) -> bool:
    return bool(_LINK_LINE.match(text)) or _is_icon(text)


def classify(number: int, raw: str) -> Line:
    text = _normalise(raw)
    if " | " in text and "\t" not in text:
        text = text.replace(" | ", "\t")  # "10:30 – 12:00 | Session 3 | Room A": cells too
    cells = [clean(_BULLET.sub("", c.strip())) for c in text.split("\t")]
    flat = clean(_BULLET.sub("", text.replace("\t", " ").strip()))
    line = Line(number, flat, cells)
    if not flat:
        line.kind = LineKind.BLANK
        return line
    if flat.lower().rstrip(":") == "title":
        line.kind = LineKind.TITLE_LABEL
        return line
    if _is_link_line(flat):
        line.kind = LineKind.LINK
        return line
    if not any(ch.isalnum() for ch in flat):
        line.kind = LineKind.JUNK
        return line
    non_empty = [c for c in cells if c]
    if len(non_empty) >= 2 and all(c.lower().rstrip(":") in _HEADER_WORDS for c in non_empty):
        line.kind = LineKind.TABLE_HEADER
        return line
    meta = _META.match(flat)
    if meta:
        found = find_time_range(meta.group("rest"))
        if found and found.span[0] == 0:
            line.kind = LineKind.META
            line.time = found
            return line
    if _ZONE_NOTE.search(flat) and len(flat) < 120 and _zone_label_in(flat):
        line.kind = LineKind.ZONE_NOTE
        return line
    header = parse_day_header(flat)
    if header:
        line.kind = LineKind.DAY
        line.day = header[0]
        return line
    if _CHAIR.match(flat):
        line.kind = LineKind.CHAIR
        return line
    if _LOCATION.match(flat):
        line.kind = LineKind.LOCATION
        return line
    found = find_time_range(cells[0] if len(non_empty) > 1 and cells[0] else flat)
    if found and _is_time_line(flat if not (len(non_empty) > 1 and cells[0]) else cells[0], found):
        line.kind = LineKind.TIME
        line.time = found
        return line
    if (
        _SESSION_LABEL.match(flat)
        or _INLINE_LOCATION.search(cells[0])
        or (_CHAIR.search(cells[0]) and not _CHAIR.match(cells[0]))
    ):
        line.kind = LineKind.SESSION_HEADER
        return line
    return line


_ZONE_LABEL = re.compile(
    r"\((?P<z>[A-Z]{2,5}(?:\s?[+-]\s?\d{1,2}(?::?\d\d)?)?)\)|\b(?P<w>[A-Z]{2,5})\b"
    r"|\b(?P<u>(?:UTC|GMT)\s?[+-−]\s?\d{1,2}(?::?\d\d)?)"
)


def _zone_label_in(text: str) -> str | None:
    """The first zone label in `text` that names a known offset ("CEST", "(UTC +2)")."""
    for m in _ZONE_LABEL.finditer(text):
        label = m.group("z") or m.group("w") or m.group("u")
        if label and zone_offset_hours(label) is not None:
            return label
    return None


def _is_time_line(text: str, found: TimeRange) -> bool:
    """A time range that starts its line (after at most a weekday or a short label such as
    `Lunch:`), or one embedded in a session line that also names a chair."""
    before = text[: found.span[0]].strip()
    if not before:
        return True
    if re.fullmatch(r"(?:[A-Za-z]{2,9}\.?,?)", before):  # "Monday,", "Tue"
        return True
    if before.endswith(":") and len(before.split()) <= 4:  # "Lunch:", "Coffee Break:"
        return True
    after = text[found.span[1] :]
    return bool(_CHAIR.search(after)) or not after.strip()


# --- the builder ------------------------------------------------------------------------------


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
    chairs: list[Person] = field(default_factory=list)
    papers: list[_PaperDraft] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    speakers: list[Person] = field(default_factory=list)
    expects_title: bool = False  # opened by a bare time line: the next text names it
    from_header: bool = False
    zone_label: str | None = None
    zone_line: int | None = None
    expects_talk_title: bool = False
    timed_by_own_line: bool = False  # False while it only shares the slot of a time line above


@dataclass(slots=True)
class _DayDraft:
    label: str
    expr: DayExpr
    line: int
    resolved: date | None = None


class _Builder:
    def __init__(self, lines: list[Line]) -> None:
        self.lines = lines
        self.sessions: list[_SessionDraft] = []
        self.days: list[_DayDraft] = []
        self.warnings: list[ParseWarning] = []
        self.current: _SessionDraft | None = None
        self.paper: _PaperDraft | None = None
        self.pending_authors: tuple[AuthorLine, int] | None = None
        self.table_columns: list[str] | None = None
        self.columns: list[_SessionDraft] = []  # parallel tracks interleaved row by row
        self.column_turn = 0
        self.slot: tuple[time | None, time | None] | None = None
        self.zone_notes: list[tuple[str, int]] = []
        self.known_names: set[str] = set()
        self.last_author_text = ""

    # -- helpers --
    def warn(self, line: int, message: str) -> None:
        self.warnings.append(ParseWarning(line, message))

    def _day_index(self) -> int | None:
        return len(self.days) - 1 if self.days else None

    def open_session(self, line: int, **values: object) -> _SessionDraft:
        self.close_paper()
        self.flush_pending_authors()
        session = _SessionDraft(line=line, day_index=self._day_index())
        for key, value in values.items():
            setattr(session, key, value)
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
        """Where the next paper goes: the current session, or the next interleaved track."""
        if self.columns:
            session = self.columns[self.column_turn % len(self.columns)]
            self.column_turn += 1
            return session
        assert self.current is not None
        return self.current

    def add_paper(self, title: str, line: int, tr: TimeRange | None = None) -> _PaperDraft:
        self.ensure_session(line)
        session = self.target_session()
        paper = _PaperDraft(title=title, line=line)
        if tr is not None:
            paper.start, paper.end = tr.start, tr.end
        session.papers.append(paper)
        self.paper = paper
        if self.pending_authors is not None:
            parsed, number = self.pending_authors
            self.pending_authors = None
            self.attach_authors(parsed, number)
        return paper

    def attach_authors(self, parsed: AuthorLine, number: int, text: str = "") -> None:
        assert self.paper is not None
        self.last_author_text = text
        self.paper.authors.extend(parsed.authors)
        self.paper.authors_line = number
        for problem in parsed.problems:
            self.warn(number, problem)

    # -- the walk --
    def run(self) -> None:
        lines = self.lines
        i = 0
        while i < len(lines):
            line = lines[i]
            handler = getattr(self, "on_" + line.kind.name.lower())
            consumed = handler(i, line)
            i += consumed or 1
        self.flush_pending_authors()

    def next_nonblank(self, i: int) -> Line | None:
        for line in self.lines[i + 1 :]:
            if line.kind is not LineKind.BLANK:
                return line
        return None

    def on_blank(self, i: int, line: Line) -> int:
        return 1

    def on_junk(self, i: int, line: Line) -> int:
        self.warn(line.number, f"not understood, ignored: {line.text[:80]!r}")
        return 1

    def on_zone_note(self, i: int, line: Line) -> int:
        label = _zone_label_in(line.text)
        if label:
            self.zone_notes.append((label, line.number))
        return 1

    def on_day(self, i: int, line: Line) -> int:
        assert line.day is not None
        self.close_paper()
        self.flush_pending_authors()
        self.days.append(_DayDraft(line.text, line.day, line.number))
        self.current = None
        self.columns = []
        self.slot = None
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
        return 1

    def on_location(self, i: int, line: Line) -> int:
        m = _LOCATION.match(line.text)
        assert m is not None
        session = self.ensure_session(line.number)
        session.room = clean(m.group("room"))
        return 1

    def on_meta(self, i: int, line: Line) -> int:
        """pretalx: the line before is the title (unless it belongs to a paper)."""
        m = _META.match(line.text)
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
        self.days.append(_DayDraft(f"{month:02d}-{day:02d}", expr, number))
        return len(self.days) - 1

    def on_time(self, i: int, line: Line) -> int:
        assert line.time is not None
        tr = line.time
        source = (
            line.cells[0] if len([c for c in line.cells if c]) > 1 and line.cells[0] else line.text
        )
        before = source[: tr.span[0]].strip()
        after = source[tr.span[1] :].strip()
        other_cells = [c for c in line.cells[1:] if c] if source is line.cells[0] else []
        weekday_prefix = re.fullmatch(r"([A-Za-z]{2,9})\.?,?", before)
        if weekday_prefix and parse_day_header(weekday_prefix.group(1)):
            self._day_from_prefix(weekday_prefix.group(1), line.number)
            before = ""
        # A time inside the current session's slot, with a title beside it: a paper's own time.
        if (
            self.current is not None
            and self.current.start is not None
            and self.current.end is not None
            and (other_cells or after)
            and not _CHAIR.search(after)
            and not _SESSION_LABEL.match(after)
            and self.current.start <= tr.start
            and tr.end is not None
            and tr.end <= self.current.end
            and (tr.start, tr.end) != (self.current.start, self.current.end)
        ):
            cells = other_cells or [after]
            self._paper_row(cells, line, tr)
            return 1
        title_text = ""
        label = before.rstrip(":").strip() if before.endswith(":") else ""
        if before and not label:
            title_text = before  # "Cache Me If You Can 14:30 - 15:45 Session Chair: ..."
        rest = after.lstrip(":|-–—~, ").strip()
        chair_text = None
        chair_match = _CHAIR.search(rest)
        if chair_match:
            chair_text = rest[chair_match.end() :]
            rest = rest[: chair_match.start()].rstrip(" ,;-–—(")
        if label and not rest:
            title_text = label  # "Lunch: 12:00–13:30"
        elif rest:
            title_text = (title_text + " " + rest).strip() if title_text else rest
        if _SLOT_ONLY.match(title_text):
            title_text = ""
        room = None
        if _ROOM_CELL.match(title_text):
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
            if tr.zone_label:
                current.zone_label, current.zone_line = tr.zone_label, line.number
            self.slot = (tr.start, tr.end)
            return 1
        if not title_text:
            # "12:00 – 13:30 | Lunch": the title in a cell of its own.
            for cell in other_cells:
                if not _ROOM_CELL.match(cell) and not _is_link_line(cell):
                    title_text = cell
                    other_cells.remove(cell)
                    break
        previous_title = None
        if not title_text:
            previous_title = self._title_before_time(i)
        self.columns = []
        if title_text:
            inline = _INLINE_LOCATION.search(title_text)
            if inline:
                room = clean(inline.group("room"))
                title_text = title_text[: inline.start()].strip()
            in_parentheses = _TRAILING_ROOM.search(title_text)
            if in_parentheses and room is None:
                room = in_parentheses.group("room")  # "Session 2A: Storage (Room 101)"
                title_text = title_text[: in_parentheses.start()].strip()
        session = self.open_session(
            previous_title.number if previous_title else line.number,
            title=_strip_session_title(previous_title.text if previous_title else title_text)
            or None,
            start=tr.start,
            end=tr.end,
            room=room,
            expects_title=not title_text and previous_title is None,
        )
        if tr.zone_label:
            session.zone_label, session.zone_line = tr.zone_label, line.number
        self.slot = (tr.start, tr.end)
        if chair_text:
            self._add_chairs(session, chair_text, line.number)
        self._speakers_from_title(session)
        for cell in other_cells:
            if _ROOM_CELL.match(cell) and session.room is None:
                session.room = cell
            else:
                self.dispatch_cell(cell, line)
        return 1

    def _title_before_time(self, i: int) -> Line | None:
        """`Session #1: Edge AI` / `11:00 - 11:45`: a title printed above its bare time line."""
        if i <= 0:
            return None
        before = self.lines[i - 1]
        if before.kind not in (LineKind.TEXT, LineKind.SESSION_HEADER):
            return None
        if self.current is not None and self.current.expects_title:
            return None
        if author_line_score(before.text) >= 0.8 and before.kind is LineKind.TEXT:
            return None
        after = self.next_nonblank(i)
        if (
            before.kind is LineKind.TEXT
            and after is not None
            and after.kind in (LineKind.TEXT, LineKind.SESSION_HEADER)
            and len([c for c in after.cells if c]) == 1
            and author_line_score(after.text) < 0.5
        ):
            return None  # the title follows the time line; the line above belongs to the last item
        if self.paper is not None and self.paper.line == before.number:
            # It was taken as a paper title of the session before; it is this one's title.
            assert self.current is not None
            for session in self.sessions:
                if session.papers and session.papers[-1] is self.paper:
                    session.papers.pop()
            self.paper = None
        elif self.current is not None and self.current.line == before.number:
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
        self.days.append(_DayDraft(word, expr, number))

    def on_chair(self, i: int, line: Line) -> int:
        first = line.cells[0] if line.cells[0] else line.text
        m = _CHAIR.match(first)
        assert m is not None or _CHAIR.match(line.text)
        m = m or _CHAIR.match(line.text)
        assert m is not None
        session = self.current
        if session is None or (session.papers and not self.columns):
            session = self.open_session(line.number)
        elif self.columns and session.chairs and session is self.columns[-1]:
            session = self.columns[-1]
        text = first[m.end() :] if first is line.cells[0] else line.text[m.end() :]
        if first.lstrip().startswith("("):
            text = text.rstrip(")")
        groups = [g for g in _CHAIR.split(text) if g.strip()]
        if len(groups) > 1 and not session.papers:
            sessions = self._split_side_by_side(session, len(groups), line.number)
            for target, group in zip(sessions, groups, strict=False):
                self._add_chairs(target, group, line.number)
        else:
            self._add_chairs(session, text, line.number)
        for cell in [c for c in line.cells[1:] if c]:
            self.dispatch_cell(cell, line)
        return 1

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

    def _add_chairs(self, session: _SessionDraft, text: str, number: int) -> None:
        text = clean(text)
        if not text:
            self.warn(number, "chair line names nobody")
            return
        parsed = parse_author_line(text)
        people = [p for p in parsed.authors if p.name]
        bad = [p.name for p in people if not is_name_like(re.sub(r"\([^)]*\)", "", p.name))]
        if bad:
            self.warn(number, f"chair names look odd ({', '.join(bad)[:60]}); kept as printed")
        for problem in parsed.problems:
            self.warn(number, problem)
        session.chairs.extend(people)
        self.known_names.update(p.name for p in people)

    def on_session_header(self, i: int, line: Line) -> int:
        cell = line.cells[0] if line.cells[0] else line.text
        text = cell
        chair_text = None
        chair_match = _CHAIR.search(text)
        if chair_match and chair_match.start() > 0:
            chair_text = text[chair_match.end() :]
            text = text[: chair_match.start()]
        room = None
        inline = _INLINE_LOCATION.search(text)
        if inline:
            room = clean(inline.group("room")).rstrip(" ,;|-–—") or None
            text = text[: inline.start()]
        title = _strip_session_title(text.rstrip(" ,;-–—("))
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
            session.line = line.number
        else:
            prev = self.current
            start, end = self.slot if self.slot else (None, None)
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
        rest = [c for c in line.cells[1:] if c]
        if rest and all(c.lower().rstrip(":") in _HEADER_WORDS for c in rest):
            self.table_columns = [c.lower().rstrip(":") for c in line.cells]
        else:
            for c in rest:
                self.dispatch_cell(c, line)
        return 1

    def _speakers_from_title(self, session: _SessionDraft) -> None:
        if not session.title or session.speakers:
            return
        if classify_kind(session.title, paper_count=1) is not SessionKind.KEYNOTE:
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

    def on_text(self, i: int, line: Line) -> int:
        following = i + 1
        while (
            i >= 0 and following < len(self.lines) and self.lines[following].kind is LineKind.JUNK
        ):
            following += 1
        if i >= 0 and following < len(self.lines) and self.lines[following].kind is LineKind.META:
            return 1  # a pretalx title: the meta line below opens its session
        cells = [c for c in line.cells if c]
        if len(cells) >= 2 and self.columns:
            # Interleaved tracks: each cell continues the next column's stream of lines.
            for cell in cells:
                self.dispatch_cell(cell, line)
            return 1
        if len(cells) >= 2:
            self._paper_row(line.cells, line, None)
            return 1
        self._loose_text(line.text, line, lookahead=i if i >= 0 else None)
        return 1

    def dispatch_cell(self, text: str, line: Line) -> None:
        """Handle one cell of a row as if it stood on a line of its own."""
        cell = classify(line.number, text)
        if cell.kind is LineKind.META:
            cell.kind = LineKind.TEXT
        getattr(self, "on_" + cell.kind.name.lower())(-1, cell)

    def _paper_row(self, cells: list[str], line: Line, tr: TimeRange | None) -> None:
        """A table row: title and authors in cells, maybe a time and link icons."""
        title = None
        authors: AuthorLine | None = None
        columns = self.table_columns or []
        offset = 0 if len(columns) == len(cells) else None
        for index, cell in enumerate(cells):
            if not cell or _is_link_line(cell):
                continue
            role = columns[index] if offset is not None and index < len(columns) else ""
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
        if session is not None and session.expects_title and not session.papers:
            session.title = _strip_session_title(text)
            session.expects_title = False
            session.line = line.number
            self._speakers_from_title(session)
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
        role = _ROLE.match(text)
        if role and session is not None:
            people = parse_author_line(role.group("who")).authors
            if role.group("moderator"):
                session.chairs.extend(people)  # a panel's moderator chairs it
            elif role.group("speaker") and not session.papers:
                session.speakers.extend(people)  # the talk's speakers, like a keynote's
            else:
                session.notes.append(text)
            return
        score = author_line_score(text)
        paper = self.paper
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
        if score >= 1.0 and (paper is None or paper.authors) and self._title_follows(lookahead):
            # Author line above its title: "Ana Silva, Bo Li (Uni A)" / "A Fast Graph Store".
            self.flush_pending_authors()
            self.pending_authors = (parse_author_line(text), line.number)
            return
        combined = split_title_and_authors(text, self.known_names)
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
        ):
            paper.title = f"{paper.title} {text}"
            self.warn(line.number, "title continues from the line above; joined them")
            return
        self.add_paper(text, line.number)

    def _title_follows(self, i: int | None) -> bool:
        if i is None:
            return False
        nxt = self.next_nonblank(i)
        return (
            nxt is not None
            and nxt.kind is LineKind.TEXT
            and author_line_score(nxt.text) < 0.8
            and len([c for c in nxt.cells if c]) == 1
        )

    def _next_is_authors(self, i: int | None) -> bool:
        if i is None or i + 1 >= len(self.lines):
            return False
        nxt = self.lines[i + 1]
        return nxt.kind is LineKind.TEXT and author_line_score(nxt.text) >= 0.8


def _strip_session_title(text: str) -> str:
    return clean(text).strip(" ,;|-–—:").strip() if text else text


def _split_label(title: str | None) -> tuple[str | None, str | None]:
    """`Session 3: Storage` -> ("Storage", "Session 3"); other titles stay whole."""
    if not title:
        return title, None
    m = _LABEL.match(title)
    if not m or not m.group("title").strip():
        return title, None
    return clean(m.group("title")), clean(m.group("label"))


def _unquote(text: str) -> str:
    m = _QUOTED.match(text)
    return clean(m.group("t")) if m else clean(text)


# --- finishing: days, zones, kinds ----------------------------------------------------------


def _resolve_days(days: list[_DayDraft], year: int | None, warn: _Warn) -> int | None:
    """Give every day header a date; returns the year used."""
    if year is None:
        for day in days:
            if day.expr.year:
                year = day.expr.year
                break
    if year is None:
        for day in days:
            e = day.expr
            if e.month and e.day and e.weekday is not None:
                year = infer_year(e.month, e.day, e.weekday, 2025)
                if year:
                    warn(
                        day.line,
                        f"no year given; {year} is when {day.label!r} falls on that"
                        " weekday (use --year to override)",
                    )
                    break
    for day in days:
        day.resolved = day.expr.resolve(year)
        e = day.expr
        if day.resolved and e.weekday is not None and day.resolved.weekday() != e.weekday:
            warn(
                day.line,
                f"{day.label!r}: {day.resolved:%d %B %Y} is a "
                f"{day.resolved:%A}; kept the printed date",
            )
    # Weekday-only headers take their date from the nearest dated neighbour.
    for index, day in enumerate(days):
        if day.resolved or day.expr.weekday is None:
            continue
        later = next((d for d in days[index + 1 :] if d.resolved), None)
        earlier = next((d for d in reversed(days[:index]) if d.resolved), None)
        if later and later.resolved:
            day.resolved = shift_to_weekday(later.resolved, day.expr.weekday, forward=False)
        elif earlier and earlier.resolved:
            day.resolved = shift_to_weekday(earlier.resolved, day.expr.weekday, forward=True)
    for day in days:
        if day.resolved is None:
            warn(
                day.line,
                f"could not date the day header {day.label!r}; its sessions have"
                " no date (give --year, or print the date)",
            )
    return year


class _Warn:
    def __init__(self, sink: list[ParseWarning]) -> None:
        self.sink = sink

    def __call__(self, line: int, message: str) -> None:
        self.sink.append(ParseWarning(line, message))


def _pick_zone(options: ParseOptions, builder: _Builder, warn: _Warn) -> tuple[ZoneInfo, str]:
    if options.timezone:
        try:
            return ZoneInfo(options.timezone), options.timezone
        except (ZoneInfoNotFoundError, ValueError) as error:
            raise ProgramParseError(f"unknown time zone {options.timezone!r}") from error
    labels = [(label, number) for label, number in builder.zone_notes]
    labels += [(s.zone_label, s.zone_line or s.line) for s in builder.sessions if s.zone_label]
    for label, number in labels:
        base = re.match(r"[A-Z]+", label)
        if base and base.group(0) in ZONE_NAMES:
            name = ZONE_NAMES[base.group(0)]
            warn(
                number,
                f"no time zone configured; guessed {name} from {label!r}"
                " (set the conference time zone to be sure)",
            )
            return ZoneInfo(name), name
    warn(0, "no time zone configured or printed; times are taken as UTC")
    return ZoneInfo("UTC"), "UTC"


def _check_zone_labels(
    builder: _Builder, zone: ZoneInfo, zone_name: str, dates: list[date | None], warn: _Warn
) -> None:
    mismatches: dict[str, tuple[int, int, float, float]] = {}
    for session, day in zip(builder.sessions, dates, strict=True):
        if not session.zone_label or day is None or session.start is None:
            continue
        printed = zone_offset_hours(session.zone_label)
        if printed is None:
            continue
        offset = datetime.combine(day, session.start, zone).utcoffset()
        actual = offset.total_seconds() / 3600 if offset is not None else 0.0
        if abs(printed - actual) > 1e-6:
            first, count, _, _ = mismatches.get(
                session.zone_label, (session.zone_line or 0, 0, printed, actual)
            )
            mismatches[session.zone_label] = (first, count + 1, printed, actual)
    for label, (first, count, printed, actual) in mismatches.items():
        warn(
            first,
            f"times are labelled {label} (UTC{printed:+g}) but {zone_name} is "
            f"UTC{actual:+g} on those dates; used {zone_name} ({count} items)",
        )


def _aware(day: date | None, clock: time | None, zone: ZoneInfo) -> datetime | None:
    if day is None or clock is None:
        return None
    return datetime.combine(day, clock, zone)


def _finish(builder: _Builder, options: ParseOptions) -> Program:
    warn = _Warn(builder.warnings)
    year = _resolve_days(builder.days, options.year, warn)
    zone, zone_name = _pick_zone(options, builder, warn)
    dates = [
        builder.days[s.day_index].resolved if s.day_index is not None else None
        for s in builder.sessions
    ]
    _check_zone_labels(builder, zone, zone_name, dates, warn)
    sessions: list[Session] = []
    for draft, day in zip(builder.sessions, dates, strict=True):
        if draft.title is None and not draft.papers and not draft.chairs and not draft.notes:
            if draft.start is not None:
                warn(draft.line, "a time with no item after it; ignored")
            continue
        if (
            draft.title is None
            and draft.start is None
            and not draft.chairs
            and not any(p.authors for p in draft.papers)
        ):
            # Text outside any item (a page heading, a stray line): nothing to hang it on.
            for p in draft.papers:
                warn(p.line, f"not understood, ignored: {p.title[:80]!r}")
            for note in draft.notes:
                warn(draft.line, f"not understood, ignored: {note[:80]!r}")
            continue
        papers: list[Paper] = []
        notes = list(draft.notes)
        authored = any(p.authors for p in draft.papers)
        title, label = _split_label(draft.title)
        if label:
            notes.insert(0, label)
        title_kind = classify_kind(title, paper_count=0) if title else None
        for p in draft.papers:
            if not p.authors and not authored and title_kind not in (None, SessionKind.PAPERS):
                notes.append(p.title)
                continue
            if not p.authors and authored:
                warn(p.line, f"paper {p.title[:60]!r} has no author line")
            papers.append(
                Paper(
                    p.title,
                    tuple(p.authors),
                    None,
                    _aware(day, p.start, zone),
                    _aware(day, p.end, zone),
                    p.line,
                )
            )
        if draft.speakers and not papers:
            papers.append(Paper(title or "Talk", tuple(draft.speakers), line=draft.line))
        end = draft.end
        start_at = _aware(day, draft.start, zone)
        end_at = _aware(day, end, zone)
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
                room=draft.room,
                track=draft.track
                or (label if label and label.lower().startswith("track") else None),
                chairs=tuple(draft.chairs),
                papers=tuple(papers),
                notes=tuple(notes),
                line=draft.line,
            )
        )
    sessions = _merge_duplicates(sessions)
    conference = Conference(
        name=options.name or "Conference",
        timezone=zone_name,
        year=year,
        source=options.source,
    )
    warnings = tuple(sorted(builder.warnings, key=lambda w: w.line))
    return Program(conference, assign_ids(sessions), warnings)


def _merge_duplicates(sessions: list[Session]) -> list[Session]:
    """A plenary item repeated for two rooms (same title, time, no papers) is one item."""
    seen: dict[tuple[object, ...], int] = {}
    out: list[Session] = []
    for session in sessions:
        key = (session.title, session.start, session.end, session.papers, session.chairs)
        if session.kind is not SessionKind.PAPERS and session.title and key in seen:
            continue
        seen[key] = len(out)
        out.append(session)
    return out


def parse_text(text: str, options: ParseOptions) -> Program:
    """Parse program text; raises ProgramParseError only for input that is no program."""
    if "\x00" in text:
        raise ProgramParseError("binary data, not program text", source=options.source, line=1)
    raw_lines = text.splitlines()
    if not any(line.strip() for line in raw_lines):
        raise ProgramParseError("the file is empty", source=options.source)
    lines = [classify(number, raw) for number, raw in enumerate(raw_lines, start=1)]
    builder = _Builder(lines)
    builder.run()
    program = _finish(builder, options)
    if not program.sessions:
        first = next((line.number for line in lines if line.kind is not LineKind.BLANK), 1)
        raise ProgramParseError(
            "no program item found (no times, titles with papers, or session chairs)",
            source=options.source,
            line=first,
        )
    return program
