"""Program spreadsheets (CSV, TSV, XLSX, XLS, ODS) -> `bot.model.Program`. Pure: bytes in.

Organisers usually have the spreadsheet the program was made from. Its header row says what each
column is; the words recognised are in `_HEADER_WORDS` (`conference.toml`'s `[columns]` table
names a column whose header is unusual: `title = "Paper name"`). A header this module does not
know is reported as a warning naming the sheet and column, never guessed at.

What a row means depends on whether the sheet has a *session* column:

- **A row per paper** (a session column is present): the title cell is a paper's title, the
  authors cell its authors. Rows with the same session name, day and room form one session when
  they share a start time (or have none), or when they are papers with their own times, each
  starting at most `_GAP` after the ones before it end: then the papers keep their times and
  the session runs from the first start to the last end. Rows that all carry one slot's times,
  or another chair, followed by a row of the same name at another time are two sessions (the
  same name twice in a day). A row with an empty session cell stands alone (a break, a
  keynote), read as in the next layout.
- **A row per session** (no session column): the title cell is the session's title. With an
  authors cell the session holds one contribution of that title by those authors (a keynote
  and its speaker, a talk), as pretalx and frab exports do; without one it is an item with no
  papers (a break, a reception, an untitled slot).

Times come from a *time* column (`09:00-10:30`) or *start*/*end* columns (or a *duration*), as
text or as the spreadsheet's own time, date-time or serial cells. Days come from a *day*/*date*
column (`2025-04-01`, `01/04/2025`, `Tuesday, April 1`, a date cell) or from a date-time start;
a day cell left empty takes the day above it (a day written once, on its first row). A merged
cell's value is in each of its rows.
Author cells use the text grammar (`A (X); B (Y)`); an *affiliations* cell pairs its `;`-parts
with the names by position when the counts agree, and applies to every name when it has one.
Chairs use the same grammar. Bad cells become warnings naming the sheet, row and column
(`ParseWarning.line` is the row number) and the row is read without them.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from functools import lru_cache
from pathlib import PurePath
from typing import TypeVar
from zoneinfo import ZoneInfo

from bot.errors import ProgramParseError
from bot.folding import fold
from bot.model import Conference, Paper, ParseWarning, Person, Program, Session, SessionKind
from bot.parsing import ParseOptions
from bot.parsing.authors import parse_author_line
from bot.parsing.calendar import PrintedZone, Warn, check_zone_labels, pick_zone
from bot.parsing.ids import assign_ids
from bot.parsing.kinds import classify_kind
from bot.parsing.timeexpr import find_date, find_time_range, infer_year

__all__ = [
    "COLUMN_FIELDS",
    "column_field",
    "looks_like_delimited_program",
    "parse_spreadsheet",
    "spreadsheet_format",
]

# Field -> header wordings (folded: lower case, punctuation as spaces).
_HEADER_WORDS: dict[str, tuple[str, ...]] = {
    "day": ("day", "date", "day date", "date day", "conference day", "session date"),
    "start": ("start", "start time", "starts", "begin", "begins", "from", "time start"),
    "end": ("end", "end time", "ends", "finish", "until", "to", "time end"),
    "time": ("time", "times", "time slot", "timeslot", "slot", "when", "hours"),
    "duration": ("duration", "length", "duration min", "duration minutes", "minutes"),
    "room": ("room", "rooms", "location", "venue", "place", "hall", "room name", "where"),
    "session": ("session", "session title", "session name", "session topic", "block"),
    "track": ("track", "stream", "track name"),
    "chair": (
        "chair",
        "chairs",
        "session chair",
        "session chairs",
        "chair s",
        "moderator",
        "moderators",
        "chaired by",
        "host",
    ),
    "title": (
        "title",
        "paper",
        "paper title",
        "talk",
        "talk title",
        "presentation",
        "presentation title",
        "contribution",
        "item",
        "event",
        "activity",
    ),
    "authors": (
        "authors",
        "author",
        "author s",
        "author list",
        "author names",
        "author name",
        "authors names",
        "speaker names",
        "speaker name",
        "presenter names",
        "presenter name",
        "speakers",
        "speaker",
        "speaker s",
        "presenters",
        "presenter",
        "by",
    ),
    "affiliations": (
        "affiliations",
        "affiliation",
        "affiliation s",
        "institution",
        "institutions",
        "organisation",
        "organization",
    ),
    "kind": ("kind", "type", "session type", "category", "format"),
    "url": ("url", "link", "paper url", "paper link", "doi", "pdf"),
    "notes": ("notes", "note", "comment", "comments", "remarks"),
}
COLUMN_FIELDS: frozenset[str] = frozenset(_HEADER_WORDS)
_BY_WORDING = {wording: name for name, words in _HEADER_WORDS.items() for wording in words}
_HEADER_SCAN_ROWS = 10
_GAP = timedelta(minutes=15)

_XLSX_MEMBER = "xl/workbook.xml"
_ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_EXCEL_EPOCH = date(1899, 12, 30)

_T = TypeVar("_T")
Cell = object  # what a reader yields: str, int, float, bool, date, datetime, time, timedelta


# --------------------------------------------------------------------------------------------
# Recognising and reading the file.
# --------------------------------------------------------------------------------------------


def spreadsheet_format(data: bytes, source: str | None) -> str | None:
    """The spreadsheet format of `data` ("xlsx", "ods", "xls", "csv" or "tsv"), or None.

    Workbooks are recognised by content (a zip with a workbook member, an ODF spreadsheet's
    mimetype; the old binary format only with an .xls name, as Word files share its magic);
    delimited text by its name, or by a first row of known column headers.
    """
    suffix = PurePath(source).suffix.lower() if source else ""
    if data.startswith(b"PK\x03\x04"):
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                names = set(archive.namelist())
                if _XLSX_MEMBER in names:
                    return "xlsx"
                if "mimetype" in names and archive.read("mimetype").strip() == _ODS_MIMETYPE:
                    return "ods"
        except (zipfile.BadZipFile, OSError, KeyError):
            return None
        return None
    if data.startswith(_OLE_MAGIC):
        return "xls" if suffix == ".xls" else None
    if suffix in (".csv", ".tsv"):
        return suffix[1:]
    if b"\x00" in data[:4096]:
        return None
    text = _decode(data[:8192], source, strict=False)
    return "csv" if looks_like_delimited_program(text) else None


def looks_like_delimited_program(text: str) -> bool:
    """A first non-empty line of at least three delimited cells, two or more of them known
    column headers and one naming the item (title or session)."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) < 2:
        return False
    rows = _delimited_rows("\n".join(lines[:2]))
    if not rows or len(rows[0]) < 3:
        return False
    fields = [_BY_WORDING.get(_header_key(str(cell))) for cell in rows[0]]
    known = [f for f in fields if f]
    return len(known) >= 2 and bool({"title", "session"} & set(known))


def _decode(data: bytes, source: str | None, *, strict: bool = True) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        if not strict:
            return data.decode("utf-8-sig", errors="ignore")
        try:
            return data.decode("cp1252")
        except UnicodeDecodeError:
            line = data[: error.start].count(b"\n") + 1
            raise ProgramParseError(
                "not UTF-8 text (save the spreadsheet as UTF-8 CSV)", source=source, line=line
            ) from error


def _delimited_rows(text: str, delimiter: str | None = None) -> list[list[str]]:
    if delimiter is None:
        first = next((line for line in text.splitlines() if line.strip()), "")
        counts = {d: len(next(csv.reader([first], delimiter=d), [])) for d in ",;\t"}
        delimiter = max(counts, key=lambda d: counts[d])
    return [list(row) for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)]


def _read_sheets(
    data: bytes, kind: str, source: str | None
) -> list[tuple[str, Sequence[Sequence[Cell]]]]:
    """(sheet name, rows) for every sheet; a CSV is one sheet named after the file."""
    if kind in ("csv", "tsv"):
        name = PurePath(source).name if source else kind.upper()
        text = _decode(data, source)
        return [(name, _delimited_rows(text, "\t" if kind == "tsv" else None))]
    # Imported here so text programs do not pay for loading the Rust extension.
    from python_calamine import CalamineError, CalamineWorkbook

    try:
        workbook = CalamineWorkbook.from_filelike(io.BytesIO(data))
        sheets: list[tuple[str, Sequence[Sequence[Cell]]]] = []
        for index, name in enumerate(workbook.sheet_names):
            sheet = workbook.get_sheet_by_index(index)
            rows: list[list[Cell]] = [list(r) for r in sheet.to_python(skip_empty_area=False)]
            sheets.append((name, _unmerged(rows, sheet.merged_cell_ranges or ())))
    except (CalamineError, ValueError, OSError) as error:
        raise ProgramParseError(
            f"not a readable {kind.upper()} workbook ({error})", source=source
        ) from error
    return sheets


def _unmerged(
    rows: list[list[Cell]], ranges: Sequence[tuple[tuple[int, int], tuple[int, int]]]
) -> list[list[Cell]]:
    """Every cell of a merged range holds the range's value, as the sheet shows it: a session
    name merged down over its papers' rows names each of them."""
    for (top, left), (bottom, right) in ranges:
        if top >= len(rows) or left >= len(rows[top]):
            continue
        value = rows[top][left]
        for row in rows[top : bottom + 1]:
            for column in range(left, min(right + 1, len(row))):
                row[column] = value
    return rows


# --------------------------------------------------------------------------------------------
# Headers.
# --------------------------------------------------------------------------------------------


def _header_key(text: str) -> str:
    # "SessionName", "startTime": headers written as identifiers by the tool that exported them.
    return fold(_CAMEL_CASE.sub(" ", text.replace("(s)", "s")))


_CAMEL_CASE = re.compile(r"(?<=[a-z])(?=[A-Z])")


_NAME_SUFFIX = re.compile(r" (?:name|names|list)$")


def _header_field(words: Mapping[str, str], text: str) -> str | None:
    """The field a header names in `words`, also when it adds "name(s)" or "list" to a known
    header ("Chair Names", "Track Name"); "Author Emails" and the like stay unknown."""
    key = _header_key(text)
    return words.get(key) or words.get(_NAME_SUFFIX.sub("", key))


def column_field(header: str) -> str | None:
    """The field a column's printed header names (`"Presenter"` -> `"authors"`), or None."""
    return _header_field(_BY_WORDING, header)


def _column_letter(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


@dataclass(frozen=True, slots=True)
class _Header:
    row: int  # 0-based index of the header row
    columns: dict[str, int]  # field -> column index
    names: dict[int, str]  # column index -> header as printed
    unknown: tuple[int, ...]
    width: int  # cells in the header row: a body cell beyond them has no column


def _find_header(rows: Sequence[Sequence[Cell]], mapped: Mapping[str, str]) -> _Header | None:
    """The first of the top rows that names the item (title or session) and one more field."""
    by_mapped = {_header_key(header): name for name, header in mapped.items()}
    for index, row in enumerate(rows[:_HEADER_SCAN_ROWS]):
        names = {column: text for column, cell in enumerate(row) if (text := _text(cell))}
        columns: dict[str, int] = {}
        # Mapped headers first, so `title = "Talk"` wins over a column printed "Title".
        for words in (by_mapped, _BY_WORDING):
            for column, text in names.items():
                name = _header_field(words, text)
                if name and name not in columns and column not in columns.values():
                    columns[name] = column
        if len(columns) >= 2 and {"title", "session"} & set(columns):
            unknown = tuple(c for c in names if c not in columns.values())
            return _Header(index, columns, names, unknown, len(row))
    return None


# --------------------------------------------------------------------------------------------
# Cells.
# --------------------------------------------------------------------------------------------


def _text(cell: Cell) -> str:
    if cell is None or cell == "":
        return ""
    if isinstance(cell, float) and cell.is_integer():
        return str(int(cell))
    return " ".join(str(cell).split())


class _BadCell(ValueError):
    """A cell that does not say what its column promises; the message says why."""


# Serials as a CSV export writes them: a date ("45749"), a time of day ("0.375"); not "9.30".
_SERIAL_DAY = re.compile(r"\d{5}(?:\.\d+)?")
_SERIAL_TIME = re.compile(r"0?\.\d+|\d{5}\.\d+")


def _numeric(cell: Cell, form: re.Pattern[str]) -> Cell:
    """A serial number typed into a text cell as the number a workbook holds."""
    if isinstance(cell, str) and form.fullmatch(cell.strip()):
        return float(cell)
    return cell


def _serial_to_datetime(value: float) -> datetime:
    return datetime.combine(_EXCEL_EPOCH, time()) + timedelta(days=value)


# A spreadsheet's own short date format, `11-Jul`, `11-Jul-2023`, `11-Jul-23`: day-month-year
# read with spaces for hyphens.
_SHORT_DATE = re.compile(r"^(\d{1,2})-([A-Za-z]{3,9})\.?(?:-(\d{4}|\d{2}))?$")


def _spaced_date(match: re.Match[str]) -> str:
    day, month, year = match.groups()
    if year and len(year) == 2:
        year = f"20{year}"
    return f"{day} {month} {year or ''}".strip()


@lru_cache(maxsize=4096, typed=True)  # a sheet repeats its dates and times
def _day_cell(cell: Cell, year: int | None) -> date | None:
    cell = _numeric(cell, _SERIAL_DAY)
    if isinstance(cell, datetime):
        return cell.date()
    if isinstance(cell, date):
        return cell
    if isinstance(cell, int | float) and not isinstance(cell, bool):
        if 20_000 <= cell <= 80_000:  # an Excel serial date (1954 to 2119)
            return _serial_to_datetime(float(cell)).date()
        raise _BadCell(f"{_text(cell)!r} is not a date")
    text = _text(cell)
    if not text:
        return None
    found = find_date(_SHORT_DATE.sub(_spaced_date, text))
    if found is None or found.month is None or found.day is None:
        raise _BadCell(f"{text!r} is not a date (write e.g. 2025-04-01 or Tuesday, April 1)")
    day = found.resolve(year)
    if day is None:
        if found.year is None and year is None:
            raise _BadCell(f"{text!r} has no year (set year in conference.toml)")
        raise _BadCell(f"{text!r} is not a date")
    return day


def _year_hint(cell: Cell, *, stated: bool) -> int | None:
    """The year a day cell states, or (not `stated`) the one its weekday and date imply."""
    if isinstance(cell, date):
        return cell.year
    if isinstance(cell, int | float) and not isinstance(cell, bool) and 20_000 <= cell <= 80_000:
        return _serial_to_datetime(float(cell)).year
    found = find_date(_text(cell))
    if found is None:
        return None
    if stated:
        return found.year
    if found.month and found.day and found.weekday is not None:
        return infer_year(found.month, found.day, found.weekday, 2025)
    return None


@dataclass(frozen=True, slots=True)
class _Clock:
    start: time | None = None
    end: time | None = None
    day: date | None = None  # from a date-time cell
    zone_label: str | None = None


@lru_cache(maxsize=4096, typed=True)  # a sheet repeats its dates and times
def _clock_cell(cell: Cell, *, allow_range: bool) -> _Clock:
    cell = _numeric(cell, _SERIAL_TIME)
    if isinstance(cell, datetime):
        return _Clock(cell.time().replace(tzinfo=None), day=cell.date())
    if isinstance(cell, time):
        return _Clock(cell.replace(tzinfo=None))
    if isinstance(cell, timedelta):  # ODS durations for times of day
        return _Clock((datetime.combine(date.min, time()) + cell).time())
    if isinstance(cell, int | float) and not isinstance(cell, bool):
        if 0 <= cell < 1:  # an Excel time: a fraction of a day
            return _Clock(_serial_to_datetime(float(cell)).time().replace(microsecond=0))
        if 20_000 <= cell <= 80_000:
            moment = _serial_to_datetime(float(cell))
            return _Clock(moment.time().replace(microsecond=0), day=moment.date())
        raise _BadCell(f"{_text(cell)!r} is not a time")
    text = _text(cell)
    if not text:
        return _Clock()
    found = find_time_range(text)
    if found is None:
        raise _BadCell(f"{text!r} is not a time (write e.g. 09:00 or 9:00 AM)")
    if found.end is not None and not allow_range:
        raise _BadCell(f"{text!r} is a range; this column holds one time")
    dated = find_date(text[: found.span[0]])
    day = dated.resolve(None) if dated else None
    return _Clock(found.start, found.end, day, found.zone_label)


@lru_cache(maxsize=4096, typed=True)  # a sheet repeats its dates and times
def _duration_cell(cell: Cell) -> timedelta | None:
    if isinstance(cell, timedelta):
        return cell
    if isinstance(cell, time):
        return timedelta(hours=cell.hour, minutes=cell.minute)
    if isinstance(cell, int | float) and not isinstance(cell, bool):
        return timedelta(days=cell) if 0 < cell < 1 else timedelta(minutes=cell)
    text = _text(cell)
    if not text:
        return None
    match = re.fullmatch(r"(?:(\d{1,2}):(\d\d)|(\d{1,4})\s*(?:min(?:utes?)?|m|')?)", text)
    if not match:
        raise _BadCell(f"{text!r} is not a duration (write minutes, or HH:MM)")
    if match.group(3):
        return timedelta(minutes=int(match.group(3)))
    return timedelta(hours=int(match.group(1)), minutes=int(match.group(2)))


def _kind_cell(text: str) -> SessionKind | None:
    folded = fold(text)
    for kind in SessionKind:
        if folded in (kind.value, kind.value.rstrip("s")):
            return kind
    guessed = classify_kind(text, paper_count=0)
    if guessed is not SessionKind.OTHER:
        return guessed
    if re.search(r"\b(papers?|talks?|presentations?|research|sessions?|lightning)\b", folded):
        return SessionKind.PAPERS
    if re.search(r"\b(panel|workshop|tutorial|other|misc)\b", folded):
        return SessionKind.OTHER
    return None


# --------------------------------------------------------------------------------------------
# Rows.
# --------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Row:
    number: int  # 1-based, as the spreadsheet shows it
    title: str | None = None
    session: str | None = None
    day: date | None = None
    start: time | None = None
    end: time | None = None
    room: str | None = None
    track: str | None = None
    kind: SessionKind | None = None
    url: str | None = None
    notes: str | None = None
    chairs: tuple[Person, ...] = ()
    authors: tuple[Person, ...] = ()
    zone_label: str | None = None


# A presenter's or corresponding author's mark after a name or its affiliation
# (`Ana Ruiz (MIT)*; Bo Li`, `Ana Ruiz†, Bo Li`): not part of either.
_MARKS = re.compile(r"\s*[*†‡§]+(?=\s*(?:[;,()]|$))")
# An affiliation written as a placeholder (`Name (-)`, `Name (n/a)`): none.
_NO_AFFILIATION = re.compile(r"[\s\-–—?.]*|n/?a|none", re.I)


@dataclass(slots=True)
class _SheetReader:
    sheet: str
    header: _Header
    year: int | None
    warnings: list[ParseWarning]
    unknown_kinds: set[str] = field(default_factory=set)
    last_day: date | None = None
    heading: str | None = None  # the session named by the last heading row, if any
    headings: int = 0

    def warn(self, row: int, column: str | None, message: str) -> None:
        where = f"sheet {self.sheet!r}, row {row}"
        if column is not None:
            where += f", column {self.column_label(column)}"
        self.warnings.append(ParseWarning(row, f"{where}: {message}"))

    def column_label(self, name: str) -> str:
        index = self.header.columns[name]
        return f"{_column_letter(index)} ({self.header.names[index]!r})"

    def cell(self, row: Sequence[Cell], name: str) -> Cell:
        index = self.header.columns.get(name)
        if index is None or index >= len(row):
            return ""
        return row[index]

    def read(self, number: int, row: Sequence[Cell]) -> _Row | None:
        if not any(_text(cell) for cell in row):
            return None
        beyond = [_text(cell) for cell in row[self.header.width :] if _text(cell)]
        if beyond:
            # Typically a separator inside an unquoted cell (`A (X); B (Y)` in a `;` file).
            self.warn(
                number,
                None,
                f"{len(beyond)} cell(s) beyond the header's {self.header.width} columns"
                f" ({', '.join(repr(t) for t in beyond[:3])}); ignored",
            )
        out = _Row(number)
        for name in ("title", "session", "room", "track", "url", "notes"):
            setattr(out, name, _text(self.cell(row, name)) or None)
        out.day = self._guard(number, "day", lambda: _day_cell(self.cell(row, "day"), self.year))
        self._read_times(number, row, out)
        if out.day is None and not _text(self.cell(row, "day")):
            out.day = self.last_day  # a day written once, on its first row
        self.last_day = out.day or self.last_day
        kind_text = _text(self.cell(row, "kind"))
        if kind_text:
            out.kind = _kind_cell(kind_text)
            if out.kind is None and kind_text not in self.unknown_kinds:
                self.unknown_kinds.add(kind_text)
                self.warn(number, "kind", f"kind {kind_text!r} not recognised; kind from title")
        out.chairs = self._people(number, "chair", _text(self.cell(row, "chair")))
        out.authors = self._people(number, "authors", _text(self.cell(row, "authors")))
        affiliations = _text(self.cell(row, "affiliations"))
        if affiliations:
            out.authors = self._pair_affiliations(number, out.authors, affiliations)
        if out.title is None and out.session is None:
            if self._heading(number, row):
                return None
            self.warn(number, None, "no title or session; row skipped")
            return None
        if out.session is None and self.heading is not None:
            out.session = self.heading
        return out

    def _heading(self, number: int, row: Sequence[Cell]) -> bool:
        """Whether the row is a heading over the rows below: its one filled cell, outside the
        title and session columns, names their day when it reads as a date, else (in a sheet of
        papers, with an authors column) their session (`,,,,1. Human-Centered Robotics`).
        Sheets laid out by hand group rows so. A time alone heads nothing."""
        filled = [(column, cell) for column, cell in enumerate(row) if _text(cell)]
        if len(filled) != 1:
            return False
        column, cell = filled[0]
        if column in (self.header.columns.get("title"), self.header.columns.get("session")):
            return False
        try:
            day = _day_cell(cell, self.year)
        except _BadCell:
            day = None
        if find_time_range(_text(cell)) is not None:
            return False  # a time alone names no session
        if day is not None:
            self.last_day = day
            return True
        if "authors" not in self.header.columns:
            return False  # rows without authors are sessions themselves: nothing to head
        self.heading = _text(cell)
        self.headings += 1
        return True

    def _guard(self, number: int, column: str, read: Callable[[], _T]) -> _T | None:
        if column not in self.header.columns:
            return None
        try:
            return read()
        except _BadCell as error:
            self.warn(number, column, str(error))
            return None

    def _read_times(self, number: int, row: Sequence[Cell], out: _Row) -> None:
        span = self._guard(
            number, "time", lambda: _clock_cell(self.cell(row, "time"), allow_range=True)
        )
        start = self._guard(
            number, "start", lambda: _clock_cell(self.cell(row, "start"), allow_range=True)
        )
        end = self._guard(
            number, "end", lambda: _clock_cell(self.cell(row, "end"), allow_range=False)
        )
        end_column: str | None = None  # where the end was read, to name it in a warning
        for column, clock in (("time", span), ("start", start)):
            if clock is not None and clock.start is not None and out.start is None:
                out.start, out.end, out.zone_label = clock.start, clock.end, clock.zone_label
                out.day = out.day or clock.day
                end_column = column
        if end is not None and end.start is not None:
            out.end = end.start
            out.day = out.day or end.day
            end_column = "end"
        duration = self._guard(
            number, "duration", lambda: _duration_cell(self.cell(row, "duration"))
        )
        if duration is not None and out.start is not None and out.end is None:
            out.end = (datetime.combine(date.min, out.start) + duration).time()
            end_column = "duration"
        if out.start is not None and out.end is not None and out.end < out.start:
            self.warn(number, end_column, f"ends ({out.end:%H:%M}) before it starts; end ignored")
            out.end = None
        if out.end is not None and out.start is None:
            self.warn(number, end_column, "an end but no start; end ignored")
            out.end = None

    def _people(self, number: int, column: str, text: str) -> tuple[Person, ...]:
        if not text:
            return ()
        line = parse_author_line(_MARKS.sub("", text.replace("\n", "; ")))
        for problem in line.problems:
            self.warn(number, column, problem)
        if not line.authors:
            self.warn(number, column, f"no names in {text!r}")
        return tuple(
            Person(p.name, None)
            if p.affiliation is not None and _NO_AFFILIATION.fullmatch(p.affiliation)
            else p
            for p in line.authors
        )

    def _pair_affiliations(
        self, number: int, authors: tuple[Person, ...], text: str
    ) -> tuple[Person, ...]:
        parts = [part.strip() for part in re.split(r"[;\n]", text) if part.strip()]
        if not authors:
            self.warn(number, "affiliations", "affiliations but no authors; ignored")
            return authors
        if len(parts) == 1:
            return tuple(Person(a.name, a.affiliation or parts[0]) for a in authors)
        if len(parts) == len(authors):
            return tuple(
                Person(a.name, a.affiliation or part)
                for a, part in zip(authors, parts, strict=True)
            )
        self.warn(
            number,
            "affiliations",
            f"{len(parts)} affiliations for {len(authors)} authors; not paired",
        )
        return authors


# --------------------------------------------------------------------------------------------
# Sessions.
# --------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Group:
    first: _Row
    rows: list[_Row]
    latest: time | None  # the latest end (or start) among the rows

    def takes(self, row: _Row) -> bool:
        """Whether `row` (of the same session name, day and room) is a paper of this session."""
        first = self.first
        if row.start is None or first.start is None or row.start == first.start:
            return True
        chairs = next((r.chairs for r in self.rows if r.chairs), ())
        if row.chairs and chairs and row.chairs != chairs:
            return False  # "Orals 2" again after a break, with another chair
        if len(self.rows) > 1 and all(
            (r.start, r.end) == (first.start, first.end) for r in self.rows
        ):
            # Rows that carry the session's times: a later row is a paper only inside them.
            return first.end is not None and first.start < row.start < first.end
        reach = (datetime.combine(date.min, self.latest or first.start) + _GAP).time()
        return first.start <= row.start <= reach


def _group_key(row: _Row) -> tuple[str, date | None, str]:
    return (fold(row.session or ""), row.day, fold(row.room or ""))


def _sessions(
    rows: Sequence[_Row], by_session: bool, reader: _SheetReader, zone: ZoneInfo
) -> list[Session]:
    groups: list[_Group] = []
    open_groups: dict[tuple[str, date | None, str], list[_Group]] = {}
    for row in rows:
        if by_session and row.session:
            candidates = open_groups.setdefault(_group_key(row), [])
            group = next((g for g in reversed(candidates) if g.takes(row)), None)
            if group is not None:
                group.rows.append(row)
                ends = [t for t in (group.latest, row.end, row.start) if t is not None]
                group.latest = max(ends) if ends else None
                continue
            group = _Group(row, [row], row.end or row.start)
            candidates.append(group)
        else:
            group = _Group(row, [row], row.end or row.start)
        groups.append(group)
    return [_session(g, by_session and g.first.session is not None, reader, zone) for g in groups]


def _aware(day: date | None, clock: time | None, zone: ZoneInfo) -> datetime | None:
    if day is None or clock is None:
        return None
    return datetime.combine(day, clock, zone)


def _session(group: _Group, of_papers: bool, reader: _SheetReader, zone: ZoneInfo) -> Session:
    rows = group.rows
    first = rows[0]
    starts = [r.start for r in rows if r.start is not None]
    ends = [r.end for r in rows if r.end is not None]
    start = min(starts) if starts else None
    end = max(ends) if ends else None
    own_times = len(set(starts)) > 1
    papers: list[Paper] = []
    if of_papers:
        title = first.session
        for row in rows:
            if row.title is None:
                if row.authors:
                    reader.warn(row.number, "authors", "authors but no title; ignored")
                continue
            papers.append(
                Paper(
                    row.title,
                    row.authors,
                    row.url,
                    start=_aware(row.day, row.start, zone) if own_times else None,
                    end=_aware(row.day, row.end, zone) if own_times else None,
                    line=row.number,
                )
            )
    else:
        title = first.title
        if first.title and (first.authors or first.url):
            papers.append(Paper(first.title, first.authors, first.url, line=first.number))
    chairs = next((r.chairs for r in rows if r.chairs), ())
    for row in rows:
        if row.chairs and row.chairs != chairs:
            reader.warn(row.number, "chair", "a different chair from the session's first row")
    kind = next((r.kind for r in rows if r.kind is not None), None)
    if kind is None:
        kind = classify_kind(title, paper_count=len(papers))
    return Session(
        id="",
        title=title,
        kind=kind,
        day=first.day,
        start=_aware(first.day, start, zone),
        end=_aware(first.day, end, zone),
        room=first.room,
        track=next((r.track for r in rows if r.track), None),
        chairs=chairs,
        papers=tuple(papers),
        notes=tuple(dict.fromkeys(r.notes for r in rows if r.notes)),
        line=first.number,
    )


# --------------------------------------------------------------------------------------------
# The whole file.
# --------------------------------------------------------------------------------------------


def parse_spreadsheet(data: bytes, options: ParseOptions, kind: str | None = None) -> Program:
    """Parse a program spreadsheet; `kind` as `spreadsheet_format` says (found when None).

    Raises ProgramParseError for a file that is no spreadsheet, or whose sheets have no header
    row naming the program's columns; everything else becomes a warning.
    """
    source = options.source
    kind = kind or spreadsheet_format(data, source)
    if kind is None:
        raise ProgramParseError("not a spreadsheet (CSV, TSV, XLSX, XLS or ODS)", source=source)
    mapped = dict(options.columns)
    unknown_fields = sorted(set(mapped) - COLUMN_FIELDS)
    if unknown_fields:
        raise ProgramParseError(
            f"[columns] names unknown fields {unknown_fields}; known: {sorted(COLUMN_FIELDS)}",
            source=source,
        )
    warnings: list[ParseWarning] = []
    read: list[tuple[_SheetReader, list[_Row]]] = []
    headless: list[str] = []
    for sheet, rows in _read_sheets(data, kind, source):
        if not any(any(_text(c) for c in row) for row in rows):
            continue  # an empty sheet says nothing
        header = _find_header(rows, mapped)
        if header is None:
            headless.append(sheet)
            continue
        year = options.year or _sheet_year(sheet, rows, header, warnings)
        reader = _SheetReader(sheet, header, year, warnings)
        _report_columns(reader, mapped)
        body = rows[header.row + 1 :]
        records = [
            r
            for offset, row in enumerate(body, header.row + 2)
            if (r := reader.read(offset, row)) is not None
        ]
        read.append((reader, records))
    if not read:
        names = ", ".join(repr(s) for s in headless) or "none"
        raise ProgramParseError(
            f"no header row naming the program's columns (title or session, and day, time,"
            f" room...) in the first {_HEADER_SCAN_ROWS} rows of sheet(s) {names}; name the"
            " columns in conference.toml [columns] if the headers are unusual",
            source=source,
        )
    for sheet in headless:
        warnings.append(ParseWarning(0, f"sheet {sheet!r}: no header row; sheet skipped"))
    printed = [
        PrintedZone(r.zone_label, r.number, r.day, r.start)
        for _, records in read
        for r in records
        if r.zone_label
    ]
    sink: list[ParseWarning] = []
    zone, zone_name = pick_zone(options, printed, Warn(sink))
    check_zone_labels(printed, zone, zone_name, Warn(sink))
    sessions: list[Session] = []
    for reader, records in read:
        by_session = "session" in reader.header.columns or reader.headings > 0
        sessions.extend(_sessions(records, by_session, reader, zone))
    if not sessions:
        raise ProgramParseError(
            "the spreadsheet has a header row but no program rows", source=source
        )
    years = [s.day.year for s in sessions if s.day]
    conference = Conference(
        name=options.name or "Conference",
        timezone=zone_name,
        year=options.year or (years[0] if years else None),
        source=source,
    )
    return Program(conference, assign_ids(sessions), (*sink, *warnings))


def _sheet_year(
    sheet: str, rows: Sequence[Sequence[Cell]], header: _Header, warnings: list[ParseWarning]
) -> int | None:
    """The first year a day (or start) cell states, else the one a weekday and date imply."""
    for stated in (True, False):
        for name in ("day", "start", "time"):
            column = header.columns.get(name)
            if column is None:
                continue
            for number, row in enumerate(rows[header.row + 1 :], header.row + 2):
                if column >= len(row):
                    continue
                year = _year_hint(row[column], stated=stated)
                if year is None:
                    continue
                if not stated:
                    warnings.append(
                        ParseWarning(
                            number,
                            f"sheet {sheet!r}, row {number}: no year given; {year} is when"
                            f" {_text(row[column])!r} falls on that weekday (set year in"
                            " conference.toml to override)",
                        )
                    )
                return year
    return None


def _report_columns(reader: _SheetReader, mapped: Mapping[str, str]) -> None:
    header = reader.header
    for column in header.unknown:
        name = header.names[column]
        field_name = _header_field(_BY_WORDING, name) or _header_field(
            {_header_key(h): n for n, h in mapped.items()}, name
        )
        what = (
            f"a second {field_name} column; ignored"
            if field_name
            else "not a known column; ignored (map it in conference.toml [columns] if it is one)"
        )
        reader.warnings.append(
            ParseWarning(
                header.row + 1,
                f"sheet {reader.sheet!r}, column {_column_letter(column)} ({name!r}): {what}",
            )
        )
    missing = [f"{n} = {h!r}" for n, h in mapped.items() if n not in header.columns]
    if missing:
        reader.warnings.append(
            ParseWarning(
                header.row + 1,
                f"sheet {reader.sheet!r}: no column for [columns] {', '.join(missing)}",
            )
        )
