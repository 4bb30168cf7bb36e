"""A day's timetable as a picture: rooms as columns, time running down, one box per session.

Pure: a `GridAnswer` in, PNG bytes and the layout (every box and every piece of text, where
it was drawn) out, so a test can check what was drawn without reading pixels by eye. Sized to
be read on a phone at 1x: text of at least `MIN_TEXT_PX`, images at most `MAX_WIDTH` wide (a
venue with more rooms than fit is drawn as several images, the breaks on each). Text uses Open
Sans from the `ttf-opensans` package, never a font looked up on the system, so every machine
draws the same picture; Pillow's own default font (Aileron) was not enough: it has no accented
letters, and names are full of them. CPU-bound: front ends call it in a thread.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from importlib import resources
from zoneinfo import ZoneInfo

from PIL import Image, ImageDraw, ImageFont

from bot.model import GridAnswer, Session, SessionKind
from bot.timelabels import clock, long_day

FONT_PACKAGE = "ttf_opensans"
REGULAR = "OpenSans-Regular.ttf"
SEMIBOLD = "OpenSans-SemiBold.ttf"

MAX_WIDTH = 1600
MIN_TEXT_PX = 14
TITLE_PX = 17
DETAIL_PX = 15
SMALL_PX = 14
HEADER_PX = 20

MARGIN = 8
TIME_COLUMN = 64
COLUMN_MIN = 240  # narrower columns wrap most titles into many lines
COLUMN_MAX = 300
HEADER_LINES = 2  # a long conference name wraps rather than being cut
ROOMS_HEIGHT = 46
FOOTER_HEIGHT = 26
PADDING = 5
MIN_PX_PER_MINUTE = 2.0
MAX_PX_PER_MINUTE = 4.0
DEFAULT_MINUTES = 30  # a session printed without an end is drawn this long
ELLIPSIS = "…"

Color = tuple[int, int, int]
BACKGROUND: Color = (255, 255, 255)
INK: Color = (25, 25, 35)
GREY_INK: Color = (85, 85, 100)
GRID_LINE: Color = (225, 225, 232)
HEADER_FILL: Color = (40, 55, 90)
HEADER_INK: Color = (255, 255, 255)
ROOM_FILL: Color = (232, 236, 246)
NOW_INK: Color = (215, 35, 35)
FILLS: dict[SessionKind, tuple[Color, Color]] = {  # (fill, border)
    SessionKind.PAPERS: ((222, 235, 255), (95, 130, 200)),
    SessionKind.KEYNOTE: ((255, 234, 205), (205, 140, 60)),
    SessionKind.PLENARY: ((255, 234, 205), (205, 140, 60)),
    SessionKind.BREAK: ((238, 238, 238), (170, 170, 170)),
    SessionKind.SOCIAL: ((224, 244, 228), (80, 160, 100)),
    SessionKind.POSTERS: ((244, 230, 250), (150, 95, 180)),
    SessionKind.OTHER: ((240, 240, 250), (140, 140, 170)),
}


@dataclass(frozen=True, slots=True)
class TextRun:
    """One line of text as drawn: its top-left corner, pixel size, colour and the fill
    behind it (what a test needs to draw the same line again and compare)."""

    text: str
    x: int
    y: int
    size: int
    ink: Color
    background: Color
    face: str = REGULAR


@dataclass(frozen=True, slots=True)
class SessionBox:
    session_id: str
    title: str
    left: int
    top: int
    right: int
    bottom: int
    spans_rooms: bool
    lines: tuple[TextRun, ...]

    @property
    def title_shown(self) -> str:
        """The title as drawn: its lines joined (ending in … when it was cut)."""
        return " ".join(r.text for r in self.lines if r.size == TITLE_PX)


@dataclass(frozen=True, slots=True)
class GridPicture:
    png: bytes
    width: int
    height: int
    rooms: tuple[str, ...]
    boxes: tuple[SessionBox, ...]
    texts: tuple[TextRun, ...]  # headers, room names, hours, the now label
    now_y: int | None
    part: int
    parts: int


@cache
def font(size: int, face: str = REGULAR) -> ImageFont.FreeTypeFont:
    """Open Sans at `size` pixels, from the file the `ttf-opensans` package installs."""
    with resources.as_file(resources.files(FONT_PACKAGE) / "ttf" / face) as path:
        return ImageFont.truetype(str(path), size)


def line_height(size: int, face: str = REGULAR) -> int:
    ascent, descent = font(size, face).getmetrics()
    return ascent + descent


def wrap(text: str, size: int, width: int, max_lines: int, face_name: str = REGULAR) -> list[str]:
    """`text` in lines at most `width` pixels wide; the last ends in … when it does not fit."""
    if max_lines <= 0:
        return []
    face = font(size, face_name)
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if face.getlength(candidate) <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = word
        while face.getlength(current) > width:  # a word wider than the box is cut
            cut = len(current)
            while cut > 1 and face.getlength(current[:cut]) > width:
                cut -= 1
            lines.append(current[:cut])
            current = current[cut:]
    if current:
        lines.append(current)
    if len(lines) <= max_lines:
        return lines
    kept = lines[:max_lines]
    kept[-1] = _with_ellipsis(f"{kept[-1]} {lines[max_lines]}", size, width, face_name)
    return kept


def _with_ellipsis(text: str, size: int, width: int, face_name: str) -> str:
    face = font(size, face_name)
    while text and face.getlength(text.rstrip() + ELLIPSIS) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


# --- placing the sessions ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Item:
    session: Session
    start: datetime
    end: datetime
    column: int | None  # None: across every room (a break while nothing else runs)


def _end(session: Session) -> datetime:
    assert session.start is not None
    if session.end is not None and session.end > session.start:
        return session.end
    return session.start + timedelta(minutes=DEFAULT_MINUTES)


def _items(answer: GridAnswer, rooms: Sequence[str]) -> list[_Item]:
    timed = [s for s in answer.sessions if s.start is not None]
    items = []
    for session in timed:
        assert session.start is not None
        end = _end(session)
        alone = not any(
            other is not session
            and other.kind is not SessionKind.BREAK
            and other.start is not None
            and other.start < end
            and _end(other) > session.start
            for other in timed
        )
        spans = session.kind is SessionKind.BREAK and alone and len(rooms) > 1
        column = None if spans else rooms.index(session.room or "")
        items.append(_Item(session, session.start, end, column))
    return items


def _lanes(items: Sequence[_Item]) -> dict[int, tuple[int, int]]:
    """Sessions of one column that overlap share its width: item index -> (lane, lanes)."""
    order = sorted(range(len(items)), key=lambda i: (items[i].start, items[i].end))
    result: dict[int, tuple[int, int]] = {}
    cluster: list[int] = []
    lane_ends: list[datetime] = []
    cluster_end: datetime | None = None

    def close() -> None:
        for i in cluster:
            result[i] = (result[i][0], len(lane_ends))

    for i in order:
        item = items[i]
        if cluster_end is not None and item.start >= cluster_end:
            close()
            cluster, lane_ends, cluster_end = [], [], None
        lane = next((n for n, end in enumerate(lane_ends) if end <= item.start), None)
        if lane is None:
            lane = len(lane_ends)
            lane_ends.append(item.end)
        else:
            lane_ends[lane] = item.end
        result[i] = (lane, 0)
        cluster.append(i)
        cluster_end = item.end if cluster_end is None else max(cluster_end, item.end)
    close()
    return result


# --- drawing ---------------------------------------------------------------------------------


class _Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.image = Image.new("RGB", (width, height), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)
        self.texts: list[TextRun] = []

    def text(self, run: TextRun) -> TextRun:
        self.draw.text((run.x, run.y), run.text, font=font(run.size, run.face), fill=run.ink)
        return run

    def label(
        self,
        text: str,
        x: int,
        y: int,
        size: int,
        ink: Color,
        background: Color,
        face: str = REGULAR,
    ) -> None:
        self.texts.append(self.text(TextRun(text, x, y, size, ink, background, face)))

    def png(self) -> bytes:
        out = io.BytesIO()
        self.image.save(out, format="PNG", optimize=True)
        return out.getvalue()


def render_grid(answer: GridAnswer, *, max_width: int = MAX_WIDTH) -> tuple[GridPicture, ...]:
    """The day's timetable: one picture, or several when the rooms do not fit `max_width`."""
    rooms = list(answer.rooms)
    if any(s.start is not None and not s.room for s in answer.sessions):
        rooms.append("")  # sessions printed without a room get a column of their own
    rooms = rooms or [""]
    per_image = max(1, (max_width - 2 * MARGIN - TIME_COLUMN) // COLUMN_MIN)
    groups = [rooms[i : i + per_image] for i in range(0, len(rooms), per_image)]
    items = _items(answer, rooms)
    return tuple(
        _render_part(answer, items, rooms, group, n + 1, len(groups), max_width)
        for n, group in enumerate(groups)
    )


def _scale(items: Sequence[_Item]) -> float:
    """Pixels per minute: enough for the shortest session to show its title's first line."""
    shortest = min(((i.end - i.start).total_seconds() / 60 for i in items), default=60.0)
    needed = (line_height(TITLE_PX, SEMIBOLD) + 2 * PADDING + 2) / max(shortest, 1.0)
    return min(MAX_PX_PER_MINUTE, max(MIN_PX_PER_MINUTE, needed))


def _render_part(
    answer: GridAnswer,
    items: Sequence[_Item],
    rooms: Sequence[str],
    group: Sequence[str],
    part: int,
    parts: int,
    max_width: int,
) -> GridPicture:
    zone = ZoneInfo(answer.zone)
    columns = [rooms.index(r) for r in group]
    shown = [i for i in items if i.column is None or i.column in columns]
    column_width = min(COLUMN_MAX, (max_width - 2 * MARGIN - TIME_COLUMN) // max(len(group), 1))
    width = 2 * MARGIN + TIME_COLUMN + column_width * len(group)
    first = min((i.start for i in items), default=answer.at).astimezone(zone)
    last = max((i.end for i in items), default=answer.at).astimezone(zone)
    day_start = first.replace(minute=0, second=0, microsecond=0)
    day_end = last.replace(minute=0, second=0, microsecond=0)
    if day_end < last:
        day_end += timedelta(hours=1)
    scale = _scale(items)
    suffix = f" · rooms, part {part} of {parts}" if parts > 1 else ""
    heading = f"{answer.conference} · {long_day(answer.day, year=True)}{suffix}"
    heading_lines = wrap(heading, HEADER_PX, width - 2 * MARGIN, HEADER_LINES, SEMIBOLD)
    header_height = 2 * PADDING + 4 + len(heading_lines) * line_height(HEADER_PX, SEMIBOLD)
    top = header_height + ROOMS_HEIGHT
    minutes = (day_end - day_start).total_seconds() / 60
    height = top + math.ceil(minutes * scale) + FOOTER_HEIGHT

    def y_of(moment: datetime) -> int:
        return top + round((moment - day_start).total_seconds() / 60 * scale)

    def x_of(column: int) -> int:
        return MARGIN + TIME_COLUMN + columns.index(column) * column_width

    canvas = _Canvas(width, height)
    _draw_header(canvas, heading_lines, header_height, width)
    _draw_rooms(canvas, group, column_width, header_height)
    _draw_hours(canvas, day_start, day_end, y_of, width)

    boxes = []
    by_column: dict[int, list[_Item]] = {}
    for item in shown:
        if item.column is not None:
            by_column.setdefault(item.column, []).append(item)
    for column, column_items in by_column.items():
        lanes = _lanes(column_items)
        for index, item in enumerate(column_items):
            lane, count = lanes[index]
            lane_width = column_width // count
            left = x_of(column) + lane * lane_width
            boxes.append(
                _draw_box(canvas, item, left, left + lane_width, y_of(item.start), y_of(item.end))
            )
    for item in shown:
        if item.column is None:
            left, right = MARGIN + TIME_COLUMN, width - MARGIN
            boxes.append(_draw_box(canvas, item, left, right, y_of(item.start), y_of(item.end)))

    now_y = None
    at = answer.at.astimezone(zone)
    if at.date() == answer.day and day_start <= at <= day_end:
        now_y = y_of(at)
        canvas.draw.line([(MARGIN + TIME_COLUMN - 6, now_y), (width - MARGIN, now_y)], NOW_INK, 2)
        canvas.label(
            clock(at), MARGIN, now_y - line_height(SMALL_PX), SMALL_PX, NOW_INK, BACKGROUND
        )
    untimed = sum(1 for s in answer.sessions if s.start is None)
    note = f"{untimed} item(s) without a time are not drawn. " if untimed else ""
    canvas.label(
        f"{note}Times in {at.tzname() or answer.zone}.",
        MARGIN,
        height - FOOTER_HEIGHT + 5,
        SMALL_PX,
        GREY_INK,
        BACKGROUND,
    )
    boxes.sort(key=lambda b: (b.top, b.left))
    return GridPicture(
        png=canvas.png(),
        width=width,
        height=height,
        rooms=tuple(group),
        boxes=tuple(boxes),
        texts=tuple(canvas.texts),
        now_y=now_y,
        part=part,
        parts=parts,
    )


def _draw_hours(
    canvas: _Canvas,
    day_start: datetime,
    day_end: datetime,
    y_of: Callable[[datetime], int],
    width: int,
) -> None:
    """A light line at every hour, and its time in the left column."""
    hour = day_start
    while hour <= day_end:
        y = y_of(hour)
        canvas.draw.line([(MARGIN + TIME_COLUMN - 6, y), (width - MARGIN, y)], fill=GRID_LINE)
        if hour < day_end:
            canvas.label(clock(hour), MARGIN, y + 2, SMALL_PX, GREY_INK, BACKGROUND)
        hour += timedelta(hours=1)


def _draw_header(canvas: _Canvas, lines: Sequence[str], height: int, width: int) -> None:
    canvas.draw.rectangle([(0, 0), (width, height)], fill=HEADER_FILL)
    y = PADDING + 2
    for line in lines:
        canvas.label(line, MARGIN, y, HEADER_PX, HEADER_INK, HEADER_FILL, SEMIBOLD)
        y += line_height(HEADER_PX, SEMIBOLD)


def _draw_rooms(canvas: _Canvas, group: Sequence[str], column_width: int, y0: int) -> None:
    for n, room in enumerate(group):
        left = MARGIN + TIME_COLUMN + n * column_width
        canvas.draw.rectangle(
            [(left + 2, y0 + 3), (left + column_width - 3, y0 + ROOMS_HEIGHT - 3)], fill=ROOM_FILL
        )
        lines = wrap(room or "No room given", DETAIL_PX, column_width - 2 * PADDING - 4, 2)
        y = y0 + (ROOMS_HEIGHT - len(lines) * line_height(DETAIL_PX)) // 2
        for line in lines:
            canvas.label(line, left + PADDING + 2, y, DETAIL_PX, INK, ROOM_FILL)
            y += line_height(DETAIL_PX)


def _draw_box(
    canvas: _Canvas, item: _Item, left: int, right: int, top: int, bottom: int
) -> SessionBox:
    session = item.session
    fill, border = FILLS.get(session.kind, FILLS[SessionKind.OTHER])
    box = (left + 2, top + 1, right - 3, bottom - 1)
    canvas.draw.rectangle([box[:2], box[2:]], fill=fill, outline=border)
    inner_width = box[2] - box[0] - 2 * PADDING
    room = box[3] - box[1] - 2 * PADDING
    zone = item.start.tzinfo
    times = f"{clock(item.start.astimezone(zone))}–{clock(item.end.astimezone(zone))}"
    chairs = ", ".join(c.name for c in session.chairs)
    title_height = line_height(TITLE_PX, SEMIBOLD)
    detail_height = line_height(SMALL_PX)
    planned: list[tuple[str, int, Color, str]] = []
    spanning = item.column is None
    if spanning or room < title_height + detail_height:
        # A break across the rooms, or a box with no room for more: the title alone.
        text = f"{times}  {session.shown_title}" if spanning else session.shown_title
        lines = wrap(text, TITLE_PX, inner_width, max(1, room // title_height), SEMIBOLD)
        planned += [(line, TITLE_PX, INK, SEMIBOLD) for line in lines]
    else:
        with_time = wrap(
            session.shown_title,
            TITLE_PX,
            inner_width,
            (room - detail_height) // title_height,
            SEMIBOLD,
        )
        if with_time[-1].endswith(ELLIPSIS) and not chairs:
            # The hours on the left give the time: the whole title matters more.
            lines = wrap(session.shown_title, TITLE_PX, inner_width, room // title_height, SEMIBOLD)
            planned += [(line, TITLE_PX, INK, SEMIBOLD) for line in lines]
            return _placed(canvas, session, box, planned, fill, spanning=False)
        room -= detail_height
        planned.append((times, SMALL_PX, GREY_INK, REGULAR))
        chair_lines = 1 if chairs and room >= 2 * title_height + detail_height else 0
        room -= chair_lines * detail_height
        lines = wrap(session.shown_title, TITLE_PX, inner_width, room // title_height, SEMIBOLD)
        planned += [(line, TITLE_PX, INK, SEMIBOLD) for line in lines]
        if chair_lines:
            label = "Chair" if len(session.chairs) == 1 else "Chairs"
            planned += [
                (line, SMALL_PX, GREY_INK, REGULAR)
                for line in wrap(f"{label}: {chairs}", SMALL_PX, inner_width, 1)
            ]
    return _placed(canvas, session, box, planned, fill, spanning=spanning)


def _placed(
    canvas: _Canvas,
    session: Session,
    box: tuple[int, int, int, int],
    planned: Sequence[tuple[str, int, Color, str]],
    fill: Color,
    *,
    spanning: bool,
) -> SessionBox:
    """Draw the planned lines in the box, top down (centred across the rooms for a break)."""
    inner_left = box[0] + PADDING
    y = box[1] + PADDING
    runs = []
    for text, size, ink, face in planned:
        x = inner_left
        if spanning:
            x = (box[0] + box[2] - round(font(size, face).getlength(text))) // 2
        runs.append(canvas.text(TextRun(text, x, y, size, ink, fill, face)))
        y += line_height(size, face)
    return SessionBox(
        session_id=session.id,
        title=session.shown_title,
        left=box[0],
        top=box[1],
        right=box[2],
        bottom=box[3],
        spans_rooms=spanning,
        lines=tuple(runs),
    )
