"""The timetable picture: sizes, readable text, and that every session's title was drawn.

Each day of the bundled program is drawn; the test decodes the PNG and, for every line of text
the renderer reports, draws that line again on its own and compares the pixels, so a title
that is reported but not (or not there) drawn fails. Pure: no database, no Discord.
"""

from __future__ import annotations

import io
from datetime import date, datetime, timedelta

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.clock import FrozenClock
from bot.config import bundled_program
from bot.model import GridAnswer, Person, Session, SessionKind
from bot.services.catalog import build_catalog
from bot.services.programs import read_program_file
from bot.services.queries import Queries
from bot.timetable_picture import (
    MARGIN,
    MAX_WIDTH,
    MIN_TEXT_PX,
    NOW_INK,
    TIME_COLUMN,
    GridPicture,
    TextRun,
    font,
    render_grid,
)

AT = datetime.fromisoformat("2025-04-02T14:30+02:00")
CATALOG = build_catalog("bundled", read_program_file(bundled_program()))


def grid(day: str, at: datetime = AT) -> GridAnswer:
    answer = Queries(lambda: CATALOG, FrozenClock(at)).grid(day)
    assert isinstance(answer, GridAnswer)
    return answer


def decoded(picture: GridPicture) -> Image.Image:
    image = Image.open(io.BytesIO(picture.png))
    image.load()
    return image.convert("RGB")


def drawn_alone(run: TextRun, size: tuple[int, int], now_y: int | None) -> Image.Image:
    """The line drawn by itself on its background, where the renderer says it drew it (with
    the current-time line over it, as the renderer draws that last)."""
    image = Image.new("RGB", size, run.background)
    draw = ImageDraw.Draw(image)
    draw.text((run.x, run.y), run.text, font=font(run.size, run.face), fill=run.ink)
    if now_y is not None:
        draw.line([(MARGIN + TIME_COLUMN - 6, now_y), (size[0] - MARGIN, now_y)], NOW_INK, 2)
    return image


def text_box(run: TextRun) -> tuple[int, int, int, int]:
    left, top, right, bottom = font(run.size, run.face).getbbox(run.text)
    return (run.x + int(left), run.y + int(top), run.x + int(right), run.y + int(bottom))


def assert_drawn(image: Image.Image, run: TextRun, now_y: int | None = None) -> None:
    left, top, right, bottom = crop = text_box(run)
    assert right > left, run
    assert bottom > top, run
    expected = drawn_alone(run, image.size, now_y).crop(crop)
    assert ImageChops.difference(image.crop(crop), expected).getbbox() is None, run.text
    # and it is not the background alone: something was drawn there
    blank = Image.new("RGB", expected.size, run.background)
    assert ImageChops.difference(expected, blank).getbbox() is not None, run.text


@pytest.mark.parametrize("day", [d.isoformat() for d in CATALOG.days])
def test_each_day_is_drawn_with_every_title_readable(day: str) -> None:
    answer = grid(day)
    pictures = render_grid(answer)
    timed = {s.id for s in answer.sessions if s.start is not None}
    drawn: set[str] = set()
    for picture in pictures:
        image = decoded(picture)
        assert image.size == (picture.width, picture.height)
        assert picture.width <= MAX_WIDTH
        for box in picture.boxes:
            drawn.add(box.session_id)
            titles = [r for r in box.lines if r.face.endswith("SemiBold.ttf")]
            assert titles, box.title
            shown = box.title_shown
            assert box.title.startswith(shown.removesuffix("…").rstrip()) or box.spans_rooms
            for run in box.lines:
                assert run.size >= MIN_TEXT_PX
                left, top, right, bottom = text_box(run)
                assert box.left <= left, (box.title, run.text)
                assert right <= box.right, (box.title, run.text)
                assert box.top <= top, (box.title, run.text)
                assert bottom <= box.bottom, (box.title, run.text)
                assert_drawn(image, run, picture.now_y)
        for run in picture.texts:
            assert run.size >= MIN_TEXT_PX
            if run.ink != NOW_INK:  # the time label sits on the line it labels
                assert_drawn(image, run, picture.now_y)
    assert drawn == timed


def test_wednesday_has_the_six_rooms_breaks_across_them_and_the_current_time() -> None:
    [picture] = render_grid(grid("wednesday"))
    assert picture.rooms == (
        "Rotterdam hall 1A",
        "Rotterdam hall 1B",
        "Mees",
        "Diamond",
        "Van Oldebarneveldt",
        "Penn",
    )
    by_title = {b.title: b for b in picture.boxes}
    lunch = by_title["Lunch"]
    assert lunch.spans_rooms
    helix_session = by_title["Large Language Models"]
    assert not helix_session.spans_rooms
    assert any(r.text == "Chair: Xiaosong Ma" for r in helix_session.lines)
    assert picture.now_y is not None
    assert helix_session.top < picture.now_y < helix_session.bottom  # 14:30, in the 14:00 slot
    assert lunch.right - lunch.left > 5 * (helix_session.right - helix_session.left)
    assert [r.text for r in picture.texts if r.ink == NOW_INK] == ["14:30"]


def test_the_now_line_is_only_drawn_on_today() -> None:
    [thursday] = render_grid(grid("thursday"))
    assert thursday.now_y is None
    [wednesday_later] = render_grid(grid("wednesday", AT + timedelta(days=1)))
    assert wednesday_later.now_y is None


def _session(n: int, room: str, title: str, start: str, end: str) -> Session:
    return Session(
        id=f"s{n}",
        title=title,
        kind=SessionKind.PAPERS,
        day=date(2025, 4, 2),
        start=datetime.fromisoformat(f"2025-04-02T{start}+02:00"),
        end=datetime.fromisoformat(f"2025-04-02T{end}+02:00"),
        room=room,
        chairs=(Person("Ada Lovelace"),),
    )


def test_many_rooms_split_into_images_and_long_titles_end_in_an_ellipsis() -> None:
    rooms = tuple(f"Room {n}" for n in range(1, 10))
    long_title = " ".join(["Unreasonably long session title about everything"] * 8)
    sessions = tuple(
        _session(n, room, long_title if n == 0 else f"Session {n}", "09:00", "09:40")
        for n, room in enumerate(rooms)
    )
    answer = GridAnswer("Conf", date(2025, 4, 2), AT, "Europe/Amsterdam", rooms, sessions)
    pictures = render_grid(answer)
    assert [p.parts for p in pictures] == [2, 2]
    assert [len(p.rooms) for p in pictures] == [6, 3]
    assert all(p.width <= MAX_WIDTH for p in pictures)
    assert {b.session_id for p in pictures for b in p.boxes} == {s.id for s in sessions}
    [cut] = [b for b in pictures[0].boxes if b.session_id == "s0"]
    assert cut.title_shown.endswith("…")
    image = decoded(pictures[0])
    for run in cut.lines:
        assert_drawn(image, run)


def test_sessions_overlapping_in_one_room_share_its_column() -> None:
    sessions = (
        _session(1, "Hall", "First", "09:00", "10:00"),
        _session(2, "Hall", "Second", "09:30", "10:30"),
    )
    answer = GridAnswer("Conf", date(2025, 4, 2), AT, "Europe/Amsterdam", ("Hall",), sessions)
    [picture] = render_grid(answer)
    first, second = picture.boxes
    assert first.right <= second.left
