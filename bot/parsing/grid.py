"""Parallel sessions printed side by side, read one session after another.

Pages print parallel sessions as the columns of one table: a header row names a session over
each column (` | Session 1: Ethics (Room A) | Session 2: Trust (Room B)`), and every row below
holds a slot's time and one talk per column. Read row by row the sessions' talks interleave;
the program means each column as a session of its own, so such a grid is read column by
column, each talk under its row's time. A row that spans the columns (a break, lunch) ends it.

Both the page renderer (which knows its table's cells) and program text copied from such a
table (cells joined by TABs, a cell's own line breaks kept, as a browser copies them) use this.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.model import SessionKind
from bot.parsing.authors import addresses_people, is_name_like
from bot.parsing.kinds import classify_kind
from bot.parsing.lexer import CHAIR, DURATION, HEADER_WORDS, ROOM_WORDS, SESSION_LABEL
from bot.parsing.shapes import ROOM_CELL
from bot.parsing.timeexpr import find_time_range, parse_day_header

Source = tuple[int, str]  # a line of text and the number of the line it came from
Cell = list[Source]
Row = list[Cell]

# Items that fill a whole row of a timetable rather than one session's column.
_SPANNING = frozenset(
    {SessionKind.BREAK, SessionKind.SOCIAL, SessionKind.PLENARY, SessionKind.KEYNOTE}
)


def _filled(cell: Cell) -> bool:
    return any(text.strip() for _, text in cell)


def _first(cell: Cell) -> str:
    return next((text.strip() for _, text in cell if text.strip()), "")


# What the corner over a timetable's time column says, if anything.
_CORNER = frozenset(
    {"", "time", "times", "when", "slot", "hour", "hours", "zeit", "heure", "room", "rooms"}
    # "Turno" (the slot), "Tarde" (afternoon): what the corner says in other languages, or
    # the part of the day its rows fill
    | {"uhrzeit", "hora", "horario", "turno", "orario", "tijd", "godzina", "время", "时间"}
    | {"morning", "afternoon", "evening", "mañana", "tarde", "matin", "après-midi"}
    | {"vormittag", "nachmittag", "mattina", "pomeriggio", "manhã", "上午", "下午"}
)
# What heads a timetable's day column, left of its times.
_DAY_CORNER = frozenset({"", "day", "days", "date", "dates", "tag", "jour", "día"})


def _is_corner(text: str) -> bool:
    """Empty, a label such as `Time`, or the time of the slot the sessions share."""
    return text.strip().rstrip(":").lower() in _CORNER or _time_led(text)


_BARE_LABEL = re.compile(r"^(?:session|track)\s+[\w.]{1,6}$", re.I)
# "Developer Experience (Room: Gaanderij)", "Storage Systems (Hall 2)": a session and its room.
_TITLE_AND_ROOM = re.compile(
    r"^\w.{2,}\s\((?:(?:room|location|venue)\s*:\s*[^()]+|(?:" + ROOM_WORDS + r")\b[^()]*)\)$",
    re.I,
)


def _is_heading(text: str) -> bool:
    """A column's heading that names its session: `Session 2: Trust`, `Track B: Networks`,
    `Developer Experience (Room: Gaanderij)`.

    Columns headed by a bare `Track A` (whose rows name each slot's sessions) or by rooms
    (whose talks are items of their own) are read by the structure builder from the rows as
    they stand."""
    text = text.strip()
    if _TITLE_AND_ROOM.match(text):
        return True
    return bool(SESSION_LABEL.match(text)) and not _BARE_LABEL.match(text)


def is_header_row(row: Row) -> bool:
    """A corner over the time column (empty, `Time`, or the sessions' shared slot), then a
    session heading over each other column."""
    if len(row) < 3 or not _is_corner(_first(row[0])):
        return False
    headings = [cell for cell in row[1:] if _filled(cell)]
    return len(headings) >= 2 and all(_is_heading(_first(cell)) for cell in headings)


# "Room A", "Hall 1 (Level 2)", "Track 2", "Main Hall", "B104": a column's heading naming the
# place (or track) its items are in.
_ROOM_HEADING = re.compile(
    r"^(?:(?:" + ROOM_WORDS + r"|track|stream|level|floor|building|salle|saal|raum|hörsaal|"
    r"sala|zaal|зал)\b"
    r".{0,40}|[\w .'-]{1,30}\b(?:" + ROOM_WORDS + r")\b[\w ().,'-]{0,20}|[A-Z]{0,3}\d{1,4}[A-Z]?)$",
    re.I,
)


def is_titles_row(row: Row, columns: int) -> bool:
    """` | Cancer Immunology | Transplants | Allergy I`: under a header of rooms, the name of
    each room's session, the time cell empty."""
    cells = [_first(cell) for cell in row]
    return (
        len(cells) == columns
        and not cells[0].strip()
        and all(c.strip() and not _time_led(c) and len(c) <= 80 for c in cells[1:])
    )


def is_session_titles_row(row: Row) -> bool:
    """` | NEURO Moderador: Dr. A | CARDIO`: in a timetable of rooms, a row with an empty time
    cell naming the session of two rooms or more (a room's cell may be empty)."""
    named = [_first(cell) for cell in row[1:] if _filled(cell)]
    return (
        len(row) >= 3
        and not _filled(row[0])
        and len(named) >= 2
        and all(not _time_led(text) and len(text) <= 120 for text in named)
    )


def _is_across_rooms(row: Row) -> bool:
    """`10:00 AM | COFFEE BREAK`: a timed row of one item only, a break, a social or plenary
    item, across the rooms (one talk alone in a row is a talk of its column's session)."""
    items = [cell for cell in row[1:] if _filled(cell)]
    return (
        bool(row)
        and _time_led(_first(row[0]))
        and len(items) == 1
        and classify_kind(_first(items[0]), paper_count=0) in _SPANNING
    )


# "Moderador Dr. A", "Moderador. Dr. A": a chair's label without its colon, before people each
# addressed by a title (what follows shows it is a label).
_BARE_CHAIR = re.compile(
    r"\s(?P<label>moderador(?:a|es|as)?|coordinador(?:a|es|as)?|coordenador(?:a|es|as)?|"
    r"chairs?|presidente)\s*[.:]?\s+(?=\S)",
    re.I,
)


def _title_and_chair(text: str) -> tuple[str, str | None]:
    """`NEURO  Moderador: Dr. A`: a session's title and, where its cell names it, its chair
    line (labelled with a colon, as the structure builder reads chair lines)."""
    found = CHAIR.search(text)
    if found is not None and found.start() > 0:
        return text[: found.start()].strip().rstrip(" -–—"), text[found.start() :].strip()
    for bare in _BARE_CHAIR.finditer(text):
        who = text[bare.end() :].strip()
        if addresses_people(who):
            return text[: bare.start()].strip().rstrip(" -–—"), f"{bare.group('label')}: {who}"
    return text.strip().rstrip(" -–—").strip() or text.strip(), None


def read_titled_blocks(header: Row, rows: Sequence[Row]) -> tuple[list[Source], int] | None:
    """Under a header of rooms, blocks of parallel sessions each headed by a row of their
    titles (` | ORTO 1 Moderador: Dr. A | GASTRO`), then their talks' timed rows, a row across
    the rooms (a break) between blocks: each column of a block a session in its room, from its
    first talk's time to the next row across the rooms, its cell's chair on a line of its own.
    Returns the lines and how many of the rows they read; None unless a block has talks."""
    out: list[Source] = []
    i = 0
    blocks = 0
    while i < len(rows):
        row = rows[i]
        if is_session_titles_row(row):
            j = i + 1
            while j < len(rows) and _time_led(_first(rows[j][0])) and not _is_across_rooms(rows[j]):
                j += 1
            slots = rows[i + 1 : j]
            if not slots:
                break
            after = _first(rows[j][0]) if j < len(rows) and _is_across_rooms(rows[j]) else ""
            out.extend(_titled_columns(header, row, slots, after))
            blocks += 1
            i = j
            continue
        if _is_across_rooms(row):
            lead = " ".join(text.strip() for _, text in row[0] if text.strip())
            cell = next(c for c in row[1:] if _filled(c))
            lines = [(number, text.strip()) for number, text in cell if text.strip()]
            out.append((lines[0][0], f"{lead}\t{lines[0][1]}"))
            out.extend(lines[1:])
            i += 1
            continue
        break
    return (out, i) if blocks else None


def _titled_columns(header: Row, titles: Row, slots: Sequence[Row], after: str) -> list[Source]:
    out: list[Source] = []
    for column in range(1, len(titles)):
        if not _filled(titles[column]):
            continue
        heading = [(number, text.strip()) for number, text in titles[column] if text.strip()]
        title, chair = _title_and_chair(heading[0][1])
        talks = [row for row in slots if column < len(row) and _filled(row[column])]
        first = _first((talks or list(slots))[0][0])
        last = _first((talks or list(slots))[-1][0])
        start = _DASH.split(first, maxsplit=1)[0]
        end = _DASH.split(after, maxsplit=1)[0] if after else _DASH.split(last)[-1]
        span = f"{start} - {end}" if end != start else start
        room = _first(header[column]) if column < len(header) else ""
        number = heading[0][0]
        out.append((number, f"{span}\t{title} (Room: {room})" if room else f"{span}\t{title}"))
        if chair:
            out.append((number, chair))
        out.extend(heading[1:])
        for row in talks:
            lead = " ".join(text.strip() for _, text in row[0] if text.strip())
            lines = [(n, text.strip()) for n, text in row[column] if text.strip()]
            out.append((lines[0][0], f"{lead}\t{lines[0][1]}"))
            out.extend(lines[1:])
    return out


def is_room_header_row(row: Row) -> bool:
    """A corner over the time column, then a room (or track) over each other column: the
    timetable's items sit in the rooms of their columns."""
    if len(row) < 3 or not _is_corner(_first(row[0])):
        return False
    headings = [cell for cell in row[1:] if _filled(cell)]
    return len(headings) >= 2 and all(
        len([t for _, t in cell if t.strip()]) == 1
        and _first(cell).lower().rstrip(":") not in _CORNER
        and _ROOM_HEADING.match(_first(cell))
        and not _is_heading(_first(cell))
        and not _time_led(_first(cell))
        for cell in headings
    )


def without_day_column(header: Row) -> Row | None:
    """`Day | Time | Room A | Room B`, ` | Room | R1 | R2`: a timetable of rooms with a column
    of days left of its times; its header without that column (else None)."""
    if (
        len(header) >= 4
        and _first(header[0]).lower().rstrip(":") in _DAY_CORNER
        and _first(header[1]).lower().rstrip(":") in _CORNER
        and is_room_header_row(header[1:])
    ):
        return header[1:]
    return None


def is_label_row(row: Row) -> bool:
    """`Day | Time | | |`: a second header row naming the day and time columns only."""
    return any(_filled(c) for c in row) and all(
        _first(c).lower().rstrip(":") in _CORNER | _DAY_CORNER for c in row
    )


def day_cell_split(row: Row) -> tuple[Row, Source | None]:
    """A row of a timetable with a day column: the row without it, and the day it names (a
    day spanning several rows names it in its first only)."""
    day = next(((n, t.strip()) for n, t in row[0] if t.strip()), None) if row else None
    return row[1:], day


def is_room_slot_row(row: Row, columns: int) -> bool:
    """A slot of a timetable of rooms: a slot row, or one whose trailing rooms are empty (a
    page drops their cells) but which still holds items in two rooms or more."""
    return is_slot_row(row, columns) or (
        bool(row)
        and _time_led(_first(row[0]))
        and len([c for c in row[1:columns] if _filled(c)]) >= 2
    )


def is_spanning_row(row: Row) -> bool:
    """`10:30–11:00 | Coffee Break` in a timetable of rooms: one item across all of them."""
    return bool(row) and _time_led(_first(row[0])) and len([c for c in row[1:] if _filled(c)]) == 1


def by_room(header: Row, rows: Sequence[Row], columns: int) -> list[Source]:
    """A timetable of rooms one room after another: each filled cell an item of its own at
    its row's time, its room named below its title and its other lines (a chair, its talks)
    after that; a row across all the rooms stays where it is, between the slots it parts, and
    so does a row of one cell (the day the rows below are on)."""
    out: list[Source] = []
    segment: list[Row] = []

    def flush() -> None:
        for column in range(1, columns):
            room = _first(header[column]) if column < len(header) else ""
            for row in segment:
                if column >= len(row) or not _filled(row[column]):
                    continue
                lead = " ".join(text.strip() for _, text in row[0] if text.strip())
                lines = [(number, text.strip()) for number, text in row[column] if text.strip()]
                out.append((lines[0][0], f"{lead}\t{lines[0][1]}"))
                if room:
                    out.append((lines[0][0], f"Room: {room}"))
                out.extend(lines[1:])
        segment.clear()

    for row in rows:
        if is_room_slot_row(row, columns):
            segment.append(row)
            continue
        flush()
        if len(row) == 1:
            out.extend((number, text.strip()) for number, text in row[0] if text.strip())
            continue  # the day the rows below are on
        lead = " ".join(text.strip() for _, text in row[0] if text.strip())
        cell = next(c for c in row[1:] if _filled(c))
        lines = [(number, text.strip()) for number, text in cell if text.strip()]
        out.append((lines[0][0], f"{lead}\t{lines[0][1]}"))
        out.extend(lines[1:])
    flush()
    return out


def is_times_header_row(row: Row) -> bool:
    """`Room | 09:00–10:30 | 10:30–11:00 | 11:00–12:30`: a corner, then a slot's time over
    each other column: a timetable whose rows are rooms."""
    if len(row) < 3 or _first(row[0]).lower().rstrip(":") not in _CORNER:
        return False
    times = [cell for cell in row[1:] if _filled(cell)]
    return len(times) >= 2 and all(
        len([t for _, t in cell if t.strip()]) == 1 and _is_bare_time(_first(cell))
        for cell in times
    )


def _is_bare_time(text: str) -> bool:
    found = find_time_range(text.strip())
    return found is not None and found.span == (0, len(text.strip()))


def is_room_row(row: Row, columns: int) -> bool:
    """A row of a timetable of rooms as rows: the room first, then an item in some slot (a
    day first is a calendar's row, not a room's)."""
    return (
        2 <= len(row) <= columns
        and _filled(row[0])
        and not _time_led(_first(row[0]))
        and not parse_day_header(_first(row[0]))
        and any(_filled(cell) for cell in row[1:])
    )


def rooms_as_columns(header: Row, rows: Sequence[Row]) -> tuple[Row, list[Row]]:
    """A timetable of rooms as rows turned so that its rooms are its columns (the form
    `by_room` reads): a slot where every room holds the same item (a break printed in each
    room) becomes one item across the rooms."""
    corner: Cell = [(header[0][0][0], "Time")] if header[0] else [(0, "Time")]
    turned_header: Row = [corner, *(row[0] for row in rows)]
    turned: list[Row] = []
    for column in range(1, len(header)):
        if not _filled(header[column]):
            continue
        cells = [row[column] if column < len(row) else [] for row in rows]
        texts = {
            " ".join(t.strip() for _, t in cell if t.strip()) for cell in cells if _filled(cell)
        }
        if not texts:
            continue
        if len(texts) == 1 and all(_filled(cell) for cell in cells):
            turned.append([header[column], cells[0]])
        else:
            turned.append([header[column], *cells])
    return turned_header, turned


def _time_led(text: str) -> bool:
    found = find_time_range(text.strip())
    return found is not None and found.span[0] == 0


def is_slot_row(row: Row, columns: int) -> bool:
    """A row of the grid: its slot's time first, then its column's talk in each other column.

    A row with fewer cells than the grid has columns spans them (a `colspan`), and a row with
    one item only, a break or a social or plenary item, runs across all the sessions."""
    if not row or not _time_led(_first(row[0])) or len(row) < columns:
        return False
    items = [cell for cell in row[1:] if _filled(cell)]
    return not (len(items) == 1 and classify_kind(_first(items[0]), paper_count=0) in _SPANNING)


def by_column(header: Row, rows: Sequence[Row]) -> list[Source]:
    """The grid's sessions one after another: each heading, then its column's talks, each
    with its row's time (and whatever the time cell adds, such as a length) before it."""
    out: list[Source] = []
    slot = _first(header[0]) if _time_led(_first(header[0])) else ""
    for column in range(1, len(header)):
        if not _filled(header[column]):
            continue
        heading = [(number, text.strip()) for number, text in header[column] if text.strip()]
        span = slot or ("" if SESSION_LABEL.match(heading[0][1]) else _span(rows, column))
        if span:
            # "Storage Systems (Room: Aula)" reads as a session's title only beside a time: the
            # slot the sessions share, or else the span of the column's own talks.
            heading[0] = (heading[0][0], f"{span}\t{heading[0][1]}")
        out.extend(heading)
        for row in rows:
            if column >= len(row) or not _filled(row[column]):
                continue
            lead = " ".join(text.strip() for _, text in row[0] if text.strip())
            lines = [(number, text.strip()) for number, text in row[column] if text.strip()]
            out.append((lines[0][0], f"{lead}\t{lines[0][1]}"))
            out.extend(lines[1:])
    return out


_DASH = re.compile(r"\s*[-–—]\s*")


def _span(rows: Sequence[Row], column: int) -> str:
    """`09:30 - 10:20`: from the start of the column's first talk to the end of its last, as
    the page prints them."""
    times = []
    for row in rows:
        if column < len(row) and _filled(row[column]):
            text = _first(row[0])
            found = find_time_range(text)
            if found is not None and found.end is not None:
                times.append(_DASH.split(text[found.span[0] : found.span[1]], maxsplit=1))
    if not times or len(times[0]) < 2 or len(times[-1]) < 2:
        return ""
    return f"{times[0][0]} - {times[-1][1]}"


def read_grids_in_text(lines: Sequence[Source]) -> list[Source]:
    """Program text with each grid of parallel sessions read column by column, its other lines
    as they stand (each keeps the number of the line it came from), but for a time cell broken
    over two lines, which is joined again."""
    out: list[Source] = []
    i = 0
    while i < len(lines):
        number, text = lines[i]
        rooms: Row = [[(number, cell)] for cell in text.split("\t")]
        if is_room_column_row(rooms):
            column_rows, end = _room_column_rows(lines, i)
            read = by_room_column(column_rows)
            if read is not None:
                out.extend(read)
                i = end
                continue
        dayless = without_day_column(rooms)
        if dayless is not None:
            view, origin = _days_apart(lines, i + 1)
            grid_end = _room_grid(view, dayless, 0, always=True)
            if grid_end is not None:
                room_rows, end = grid_end
                out.extend(by_room(dayless, room_rows, len(dayless)))
                i = origin[end] if end < len(origin) else len(lines)
                continue
        if is_times_header_row(rooms):
            room_rows = []
            j = _skip_blank(lines, i + 1)
            while j < len(lines):
                row: Row = [[(lines[j][0], cell)] for cell in lines[j][1].split("\t")]
                if not is_room_row(row, len(rooms)):
                    break
                room_rows.append(row)
                j = _skip_blank(lines, j + 1)
            if len(room_rows) >= 2:
                turned_header, turned = rooms_as_columns(rooms, room_rows)
                out.extend(by_room(turned_header, turned, len(turned_header)))
                i = j
                continue
        if is_room_header_row(rooms):
            block_rows, indexes = _one_line_rows(lines, i + 1)
            titled = read_titled_blocks(rooms, block_rows)
            if titled is not None:
                read_lines, used = titled
                out.extend(read_lines)
                i = indexes[used - 1] + 1
                continue
            grid_end = _room_grid(lines, rooms, i + 1)
            if grid_end is not None:
                room_rows, end = grid_end
                out.extend(by_room(rooms, room_rows, len(rooms)))
                i = end
                continue
        header, after = _text_row(lines, i, header=True)
        if not is_header_row(header):
            joined = _time_cell_joined(lines, i)
            out.append(joined or lines[i])
            i += 2 if joined else 1
            continue
        columns = len(header)
        rows: list[Row] = []
        j = _skip_blank(lines, after)
        while j < len(lines) and not _starts_header(lines[j][1]):
            row, end = _text_row(lines, j, header=False, columns=columns)
            if not is_slot_row(row, columns):
                break
            rows.append(row)
            j = _skip_blank(lines, end)
        if not needs_columns(rows):
            out.append(lines[i])
            i += 1
            continue
        out.extend(by_column(header, rows))
        i = j
    return out


def _one_line_rows(lines: Sequence[Source], start: int) -> tuple[list[Row], list[int]]:
    """The lines from `start` on as table rows of one line each (cells split at TABs), blank
    lines skipped, up to one that is neither timed nor a row of session titles; with the index
    of the line each row is."""
    rows: list[Row] = []
    indexes: list[int] = []
    for j in range(start, len(lines)):
        number, text = lines[j]
        if not text.strip():
            continue
        row: Row = [[(number, cell)] for cell in text.split("\t")]
        if not (_time_led(_first(row[0])) or is_session_titles_row(row)):
            break
        rows.append(row)
        indexes.append(j)
    return rows, indexes


def _room_column_rows(lines: Sequence[Source], i: int) -> tuple[list[Row], int]:
    """The rows of a timetable of rooms as a column from line `i` as a browser copies them: a
    row starts with a line naming a room in its second cell (or with a row across the rooms),
    and a cell's own line breaks carry its text, and the cells after it, onto the next lines."""
    rows: list[Row] = []
    j = i
    while j < len(lines):
        number, text = lines[j]
        if not text.strip():
            j += 1
            continue
        parts = text.split("\t")
        row: Row = [[(number, part)] for part in parts]
        if is_room_column_row(row) or is_spanning_row(row):
            rows.append(row)
        elif rows and is_room_column_row(rows[-1]) and not _time_led(parts[0]):
            rows[-1][-1].append((number, parts[0]))
            rows[-1].extend([(number, part)] for part in parts[1:])
        else:
            break
        j += 1
    while rows and not is_room_column_row(rows[-1]):
        rows.pop()  # a row across the rooms after the last slot is not the timetable's
        j = _last_of(lines, rows)
    return rows, j


def _last_of(lines: Sequence[Source], rows: Sequence[Row]) -> int:
    """The index of the line after the last line the rows hold."""
    last = max(number for row in rows for cell in row for number, _ in cell) if rows else 0
    return next((k + 1 for k, (n, _) in enumerate(lines) if n == last), len(lines))


def _room_grid(
    lines: Sequence[Source], header: Row, after: int, *, always: bool = False
) -> tuple[list[Row], int] | None:
    """The rows of the timetable of rooms below `header`, and where they end; None where its
    items each fit on one line (unless `always`), which the structure builder reads row by row
    itself. A line of its own amid the rows (the day the next rows are on) is a row of one cell."""
    columns = len(header)
    rows: list[Row] = []
    j = _skip_blank(lines, after)
    while j < len(lines) and not _starts_header(lines[j][1]):
        number, text = lines[j]
        if always and "\t" not in text and parse_day_header(text.strip()):
            rows.append([[(number, text)]])
            j = _skip_blank(lines, j + 1)
            continue
        row, end = _text_row(lines, j, header=False, columns=columns)
        if not (is_room_slot_row(row, columns) or is_spanning_row(row)):
            break
        rows.append(row)
        j = _skip_blank(lines, end)
    slots = [row for row in rows if is_room_slot_row(row, columns)]
    return (rows, j) if slots and (always or needs_columns(slots)) else None


def _days_apart(lines: Sequence[Source], start: int) -> tuple[list[Source], list[int]]:
    """The lines below the header of a timetable with a day column, as if it had none: a
    second header row (`Day | Time`) dropped, a day cell on a line of its own before its row.
    Only the rows of the timetable itself (a day cell, or none, then a time) are changed.
    Returns the lines and, for each, the index of the line it came from."""
    out: list[Source] = []
    origin: list[int] = []
    for j in range(start, len(lines)):
        number, text = lines[j]
        cells = text.split("\t")
        if j == start and is_label_row([[(number, c)] for c in cells]):
            continue
        if len(cells) >= 2 and _time_led(cells[1]) and not _time_led(cells[0]):
            if cells[0].strip():
                out.append((number, cells[0].strip()))
                origin.append(j)
            out.append((number, "\t".join(cells[1:])))
        else:
            out.append((number, text))
        origin.append(j)
    return out, origin


def needs_columns(rows: Sequence[Row]) -> bool:
    """Whether the grid's talks must be read column by column: where some talk's cell runs
    over several lines (a title, then its authors), read row by row they interleave; with
    each talk on one line, the structure builder follows the columns row by row itself."""
    return any(len([t for _, t in cell if t.strip()]) > 1 for row in rows for cell in row[1:])


def _time_cell_joined(lines: Sequence[Source], i: int) -> Source | None:
    """`09:20 - 10:15` / `55m<TAB>Keynote: ...`: a row whose time cell prints the slot's length
    on a line of its own, so the row's other cells follow that length, as one line."""
    number, text = lines[i]
    if "\t" in text or i + 1 >= len(lines):
        return None
    length, tab, rest = lines[i + 1][1].partition("\t")
    length = length.strip()
    if not tab or not length or not rest.strip() or not DURATION.match(length):
        return None
    return (number, f"{text.strip()} {length}\t{rest}") if _time_led(text) else None


def _skip_blank(lines: Sequence[Source], i: int) -> int:
    while i < len(lines) and not lines[i][1].strip():
        i += 1
    return i


def _starts_header(text: str) -> bool:
    cells = text.split("\t")
    return (
        len(cells) >= 2
        and _is_corner(cells[0])
        and any(c.strip() for c in cells[1:])
        and all(_is_heading(c) for c in cells[1:] if c.strip())
    )


def _text_row(
    lines: Sequence[Source], i: int, *, header: bool, columns: int = 0
) -> tuple[Row, int]:
    """The table row that starts at line `i` as a browser copies it: cells joined by TABs, a
    cell's own line breaks kept. A header row starts with its corner cell, a slot row with its
    time. The row runs to a blank line or the start of the next row."""
    number, text = lines[i]
    if not (_starts_header(text) if header else _time_led(text.split("\t")[0])):
        return [], i + 1
    row: Row = [[]]
    width = len(text.split("\t"))  # the cells the row's first line holds
    j = i
    while j < len(lines):
        number, text = lines[j]
        if not text.strip():
            break
        if j > i and (_time_led(text.split("\t")[0]) or (not header and _starts_header(text))):
            break
        if j > i and "\t" not in text and parse_day_header(text.strip()):
            break  # the next day's rows start: no cell holds a day of its own
        parts = text.split("\t")
        if j > i and width >= 3 and len(row) == width == len(parts) and not parts[0].strip():
            # "10:30 | Session A1 | Session B1" / " | Chair: X | Chair: Y": a row of its own
            # below a whole one, its cells under the same columns.
            for column, part in enumerate(parts):
                if part.strip():
                    row[column].append((number, part))
            j += 1
            continue
        if columns and j > i and len(row) + len(parts) - 1 > columns:
            break
        row[-1].append((number, parts[0]))
        row.extend([(number, part)] for part in parts[1:])
        j += 1
    return row, j


def _lone_tab(text: str) -> bool:
    """A line holding nothing but the TABs between two cells."""
    return bool(text) and not text.strip("\t")


def rejoin_paragraph_cells(lines: Sequence[Source]) -> list[Source]:
    """Table rows whose cells are each a paragraph, made whole again.

    A browser copies `<td><p>13:00</p></td><td><p>Room 1</p></td>` with the paragraphs'
    blank lines around every cell, so the cells come one a line and the TAB between two of
    them on a line of its own: `13:00`, a blank line, a TAB, a blank line, `Room 1` (or, in a
    copy read single-spaced, no blank lines at all). Where a page has several such lone TABs,
    a row is put back together from a line that opens it (a time, or a column header's first
    word such as `Time`) through each lone TAB with as many blank lines on either side, at
    most one; a TAB with more blank lines on one side is the empty first cell of a row. A
    timed row is put back only to as many cells as most timed rows have: a cell beyond them
    opens a row of its own (`6:00pm` / `Wine and cheese` / `Tuesday`, the next day's row)."""
    if sum(1 for _, text in lines if _lone_tab(text)) < 3:
        return list(lines)
    chains: dict[int, list[int]] = {}  # the first line of a row: its cells' lines
    for i, (_, text) in enumerate(lines):
        if "\t" in text or not (_time_led(text) or text.strip().lower() in HEADER_WORDS):
            continue
        cells, end = [i], i
        while True:
            tab = _next_written(lines, end + 1)
            after = _next_written(lines, tab + 1)
            gap = tab - end - 1
            if (
                after >= len(lines)
                or gap > 1
                or not _lone_tab(lines[tab][1])
                or after - tab - 1 != gap
                or not lines[after][1].strip()
            ):
                break
            cells += [tab, after]
            end = after
        if len(cells) > 1:
            chains[i] = cells
    widths = [len(c) for i, c in chains.items() if _time_led(lines[i][1])]
    most = max(set(widths), key=widths.count) if widths else 0
    out: list[Source] = []
    i = 0
    while i < len(lines):
        row = chains.get(i)
        if row is None:
            out.append(lines[i])
            i += 1
            continue
        if _time_led(lines[i][1]):
            row = row[:most]
        out.append((lines[i][0], "".join(lines[k][1] for k in row)))
        i = row[-1] + 1
    return out


def pair_stacked_paragraphs(lines: Sequence[Source]) -> list[Source]:
    """A table row whose cells each stack the same number of paragraphs, read side by side.

    `<td>9:00</td><td><p>Title 1</p><p>Title 2</p></td><td><p>Names 1</p><p>Names 2</p></td>`
    is copied as `9:00<TAB>Title 1`, `Title 2`, `<TAB>Names 1`, `Names 2`, a blank line
    between any two paragraphs: the n-th paragraph of one cell belongs with the n-th of the
    next. Where every cell after the first line's last holds as many paragraphs as it, the
    row is given again as a row per paragraph, each under the row's leading cells (its time):
    `9:00<TAB>Title 1<TAB>Names 1`, then `9:00<TAB>Title 2<TAB>Names 2`. Lines under each
    other without a blank line between them are one cell's lines, not its paragraphs, and are
    left as they are."""
    out: list[Source] = []
    i = 0
    while i < len(lines):
        found = _stacked_row(lines, i)
        if found is None:
            out.append(lines[i])
            i += 1
            continue
        rows, i = found
        out += rows
    return out


def _stacked_row(lines: Sequence[Source], i: int) -> tuple[list[Source], int] | None:
    """The rows of paragraphs side by side of a stacked row from line `i`, and the line after."""
    number, text = lines[i]
    if text.startswith("\t"):
        return None
    if "\t" in text:
        *lead, first = text.split("\t")
    elif _time_cells([text]):
        lead, first = [text], ""  # the TAB after a lone time trimmed off with the line's end
    else:
        return None
    columns: list[list[Source]] = []
    column, j = ([(number, first)] if first.strip() else []), i + 1
    while True:
        k = _next_written(lines, j)
        if k >= len(lines) or "\t" in lines[k][1]:
            columns.append(column)
            if k >= len(lines) or not lines[k][1].startswith("\t") or lines[k][1].count("\t") > 1:
                break
            column, j = [(lines[k][0], lines[k][1][1:])], k + 1
            continue
        if k == j and column:  # a line right under the last: a cell's second line
            return None
        column.append(lines[k])
        j = k + 1
    size = len(columns[0])
    if len(columns) < 2 or size < 2 or any(len(c) != size for c in columns):
        return None
    rows = [
        (cells[0][0], "\t".join([*lead, *(t for _, t in cells)]))
        for cells in zip(*columns, strict=True)
    ]
    return rows, j


def _next_written(lines: Sequence[Source], i: int) -> int:
    """The first line from `i` on with anything in it (a lone TAB counts)."""
    while i < len(lines) and not lines[i][1]:
        i += 1
    return i


def _time_cells(cells: list[str]) -> bool:
    """`17:00 | – | 17:30`, `17:00`: the cells that print a row's time and nothing else."""
    joined = " ".join(cells).strip()
    found = find_time_range(joined) if joined else None
    return found is not None and found.span == (0, len(joined))


def fill_spanned_times(lines: Sequence[Source]) -> list[Source]:
    """Rows of parallel talks under a time that spans them, given that time again.

    A table whose time cells span a slot's rows (`rowspan`) is copied with the time on the
    slot's first row only: `17:00 | – | 17:30 | 16-10 | Speaker | Title`, then `16-08 | Speaker
    | Title` (or with the spanned cells left empty, as a page reader copies them). A row
    printing as many cells fewer as the time took, whose first cell is a room as the first
    row's cell after its time is, is one more talk of the slot, in its own room: it is read
    with the slot's time before it."""
    out: list[Source] = []
    above: list[str] | None = None  # the cells of the timed row the rows below may share
    for number, text in lines:
        cells = text.split("\t")
        if not text.strip():
            out.append((number, text))
            continue
        if above is not None and len(cells) == len(above):
            # `<TAB><TAB><TAB>16-08 | …`: the spanned cells copied as empty ones
            k = next((j for j, c in enumerate(cells) if c.strip()), 0)
            cells = cells[k:]
        if above is not None and 1 < len(cells) < len(above):
            k = len(above) - len(cells)
            if (
                _time_cells(above[:k])
                and ROOM_CELL.match(cells[0].strip())
                and ROOM_CELL.match(above[k].strip())
                and not _time_led(text)
            ):
                out.append((number, "\t".join([*above[:k], *cells])))
                continue
        above = None
        if "\t" in text and _time_led(text):
            k = next((j for j in range(len(cells), 0, -1) if _time_cells(cells[:j])), 0)
            if 0 < k < len(cells) - 1 and ROOM_CELL.match(cells[k].strip()):
                above = cells
        out.append((number, text))
    return out


def cells_of_run_over_rows(lines: Sequence[Source]) -> list[Source]:
    """Timed rows whose cells each break over lines, as a copy of a timetable gives them, an
    item a cell at the row's time.

    `09:00<TAB>Ana Silva` / `Priors` / `<TAB>Bo Li` / `Fossils<TAB>Carla Mota` / `Skylines`:
    the cells of a row (a speaker and a title each) run on over the lines below its time, the
    next opening after a TAB on a later line, until the next time. Read line by line the cells
    run into one another; each is one item of the slot. Only where the page prints two rows
    so or more, each of two cells at least, most of them of several lines, no one-line cell
    twice, none naming a chair, a day, a time or a session (the heads of parallel sessions
    side by side, which the grid readers above read). The bare times of the grid's rows that
    only continue spanning cells are dropped."""
    found: list[tuple[int, int, list[Cell]]] = []
    i = 0
    while i < len(lines):
        read = _run_over_row(lines, i)
        if read is None:
            i += 1
            continue
        cells, end = read
        # the grid's rows of spanned cells only, a bare time each with no item of its own (the
        # next line another time), would take the last cell's title for theirs
        while (
            end + 1 < len(lines) and _is_bare_time(lines[end][1]) and _time_led(lines[end + 1][1])
        ):
            end += 1
        found.append((i, end, cells))
        i = end
    if len(found) < 2:
        return list(lines)
    out: list[Source] = []
    i = 0
    for start, end, cells in found:
        out.extend(lines[i:start])
        time = lines[start][1].partition("\t")[0].strip()
        for cell in cells:
            (number, first), *rest = cell
            out.append((number, f"{time}\t{first}"))
            out.extend(rest)
        i = end
    out.extend(lines[i:])
    return out


def _run_over_row(lines: Sequence[Source], i: int) -> tuple[list[Cell], int] | None:
    """The cells of the timed row at `i` if they run on over the lines below it (a TAB on a
    later line opening the next), with the index of the line after the row; else None."""
    number, text = lines[i]
    time, tab, rest = text.partition("\t")
    if not tab or not _is_bare_time(time) or not rest.strip():
        return None
    cells: list[Cell] = []
    current: Cell = []

    def take(part_number: int, line: str) -> None:
        nonlocal current
        parts = line.split("\t")
        for index, part in enumerate(parts):
            if index:
                cells.append(current)
                current = []
            if part.strip():
                current.append((part_number, part.strip()))

    take(number, rest)
    j = i + 1
    tabbed = False
    while j < len(lines) and lines[j][1].strip() and not _time_led(lines[j][1]) and j - i < 30:
        tabbed = tabbed or "\t" in lines[j][1]
        take(lines[j][0], lines[j][1])
        j += 1
    cells.append(current)
    cells = [cell for cell in cells if cell]
    if not tabbed or len(cells) < 2 or any(len(cell) > 4 for cell in cells):
        return None
    if sum(len(cell) >= 2 for cell in cells) * 2 <= len(cells):
        return None
    single = [_first(cell) for cell in cells if len(cell) == 1]
    if len(set(single)) < len(single) or any(
        CHAIR.match(line) or _time_led(line) or parse_day_header(line) or SESSION_LABEL.match(line)
        for cell in cells
        for _, line in cell
    ):
        return None  # the heads of parallel sessions, their chairs and rooms: a grid of its own
    return cells, j


def rejoin_split_rows(lines: Sequence[Source]) -> list[Source]:
    """Timed table rows that a cell of several paragraphs broke over lines, made whole again.

    A browser copies `<td><p>Mikhail Fursov</p><p>(cancelled)</p></td>` with its line breaks,
    so the row `11:25-11:40 | Mikhail Fursov (cancelled) | UGENE …` arrives as
    `11:25-11:40<TAB>Mikhail Fursov`, a blank line, then `(cancelled)<TAB>UGENE …`. Where the
    page's timed rows all have the same number of cells and two such lines make up one row,
    the row is put back together and the cell's later paragraph follows it on a line of its
    own, as the page reader renders such a cell. A cell broken by a `<br>` mid-phrase (no
    blank line, the rest in lowercase) is put back as one run of text."""
    widths: dict[int, int] = {}
    for _, text in lines:
        if "\t" in text and _time_led(text):
            widths[text.count("\t")] = widths.get(text.count("\t"), 0) + 1
    if not widths:
        return list(lines)
    tabs, seen = max(widths.items(), key=lambda item: item[1])
    if seen < 3:
        return list(lines)
    out: list[Source] = []
    i = 0
    while i < len(lines):
        number, text = lines[i]
        j = _skip_blank(lines, i + 1)
        if (
            _time_led(text)
            and 0 < text.count("\t") < tabs
            and j < len(lines)
            and (2 <= j - i <= 3 or (j == i + 1 and broken_mid_phrase(lines[j][1])))
            and not _time_led(lines[j][1])
            and text.count("\t") + lines[j][1].count("\t") == tabs
            and lines[j][1].partition("\t")[0].strip()  # "<TAB>Title": a row of its own
        ):
            rest, _, cells = lines[j][1].partition("\t")
            if j == i + 1:
                out.append((number, f"{text} {rest.strip()}\t{cells}"))
            else:
                out.append((number, text + "\t" + cells))
                out.append((lines[j][0], rest))
            i = j + 1
            continue
        out.append((number, text))
        i += 1
    return out


# The words that go on a phrase: a line opening with one was broken off the line before.
# ("and" and "by" may open a line of authors; a title may open in lowercase, "adaFACx".)
_PHRASE_GOES_ON = frozenset(
    "for of in on with to the a an from into via at as over under between through towards"
    " toward within without across".split()
)


def broken_mid_phrase(text: str) -> bool:
    """`for accelerated discovery<TAB>Name` right under a row short of a cell: the rest of a
    cell a `<br>` broke mid-phrase (it goes on with a lowercase preposition or article), so
    one run of the cell's text; a `<br>` before other words may start a part of its own."""
    first = text.partition("\t")[0].split(maxsplit=1)
    return bool(first) and first[0] in _PHRASE_GOES_ON


# "AM Chairs", "Session chairs": a label in the time column over the rooms' chairs.
_CHAIRS_LABEL = re.compile(r"\b(?:chairs?|chairpersons?|moderators?)\b", re.I)


def _names_room(cell: Cell) -> bool:
    lines = [t.strip() for _, t in cell if t.strip()]
    return len(lines) == 1 and bool(ROOM_CELL.match(lines[0])) and len(lines[0].split()) <= 4


def is_room_column_row(row: Row) -> bool:
    """`9:15-9:45 | Room 1 | Name, | "Title"`, ` | Room 2 | …`, `AM Chairs | Room 1 | Name`: a
    row whose second cell names its room, something beside it."""
    return len(row) >= 3 and _names_room(row[1]) and any(_filled(c) for c in row[2:])


def by_room_column(rows: Sequence[Row]) -> list[Source] | None:
    """A timetable whose rooms are a column: each slot a row per room, its time printed on the
    first only (`9:15-9:45 | Room 1 | …` / ` | Room 2 | …`), a row across the rooms (a break)
    between slots. Read room by room between those rows: each room's run of slots a session in
    that room, each slot's cells one contribution at its time. A labelled block of rooms
    (`AM Chairs | Room 1 | Sarah Brooks`) names each room's chair until the next such block.
    None unless two slots or more give rows to two rooms or more."""
    slots: list[tuple[str, dict[str, Row]]] = []  # time, room -> row
    plan: list[object] = []  # a slot index, a row across the rooms, or a chairs block
    chairs_block: dict[str, Cell] | None = None
    for row in rows:
        lead = " ".join(t.strip() for _, t in row[0] if t.strip()) if row else ""
        if is_room_column_row(row):
            room = _first(row[1])
            if lead and _CHAIRS_LABEL.search(lead) and not _time_led(lead):
                chairs_block = {room: row[2]}
                plan.append(chairs_block)
            elif lead and _time_led(lead):
                chairs_block = None
                slots.append((lead, {room: row}))
                plan.append(len(slots) - 1)
            elif not lead and chairs_block is not None:
                chairs_block[room] = row[2]
            elif not lead and slots and plan and plan[-1] == len(slots) - 1:
                slots[-1][1][room] = row
            else:
                return None
            continue
        chairs_block = None
        plan.append(row)
    if len([s for s in slots if len(s[1]) >= 2]) < 2:
        return None
    out: list[Source] = []
    chairs: dict[str, Cell] = {}
    run: list[int] = []

    def flush() -> None:
        rooms: list[str] = []
        for index in run:
            rooms.extend(r for r in slots[index][1] if r not in rooms)
        for room in rooms:
            held = [i for i in run if room in slots[i][1]]
            first, last = slots[held[0]][0], slots[held[-1]][0]
            span = _DASH.split(first, maxsplit=1)[0] + " - " + _DASH.split(last)[-1]
            number = slots[held[0]][1][room][1][0][0]
            out.append((number, f"{span}\t{room}"))
            if room in chairs:
                out.extend((n, f"Chair: {t.strip()}") for n, t in chairs[room] if t.strip())
            for i in run:
                row = slots[i][1].get(room)
                if row is not None:
                    out.extend(_contribution(slots[i][0], row[2:]))
        run.clear()

    for step in plan:
        if isinstance(step, int):
            run.append(step)
            continue
        flush()
        if isinstance(step, dict):
            chairs = step
            continue
        assert isinstance(step, list)
        out.append((step[0][0][0] if step and step[0] else 0, "\t".join(_first(c) for c in step)))
    flush()
    return out


def _contribution(time: str, cells: Sequence[Cell]) -> list[Source]:
    """A room's cells in a slot as a talk at that time: its title beside the time, then its
    people (a cell of `Name,` / `Affiliation` line pairs as `Name (Affiliation), …`)."""
    people = [c for c in cells if _paired_people(c) is not None]
    others = [c for c in cells if _filled(c) and c not in people]
    lines = [(n, t.strip()) for c in others for n, t in c if t.strip()]
    lines += [(c[0][0], _paired_people(c) or "") for c in people]
    if not lines:
        return []
    return [(lines[0][0], f"{time}\t{lines[0][1]}"), *lines[1:]]


def _paired_people(cell: Cell) -> str | None:
    """`Cristina Bodea,` / `Michigan State University` / `Fangjin Ye,` / `Michigan State
    University`: each person's name ending in a comma over their affiliation."""
    lines = [t.strip() for _, t in cell if t.strip()]
    if len(lines) < 2 or len(lines) % 2:
        return None
    names, places = lines[0::2], lines[1::2]
    if not all(n.endswith(",") and is_name_like(n.rstrip(",")) for n in names):
        return None
    if any(p.endswith(",") for p in places):
        return None
    return ", ".join(f"{n.rstrip(',')} ({p})" for n, p in zip(names, places, strict=True))
