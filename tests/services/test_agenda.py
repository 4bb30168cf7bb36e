"""Agendas over the bundled program, on the real app wiring (SQLite): conflicts among its
parallel sessions, papers remembered, reminders for the whole agenda, calendar files read back
by two independent readers, and what reloads do (one notice per person)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

import icalendar
import ics
import pytest

from bot.app import App, open_app
from bot.config import Settings
from bot.model import (
    DeliveryKind,
    DeliveryState,
    Program,
    Session,
    SessionKind,
)
from bot.services.agenda import find_conflicts
from bot.services.timeline import session_end

AT = datetime.fromisoformat("2025-04-02T08:00+02:00")  # Wednesday, before its first session
USER, OTHER = 101, 202


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[App]:
    async with open_app(Settings(data_dir=tmp_path), at=AT) as opened:
        yield opened


def program_of(app: App) -> Program:
    return app.programs.current().program


def parallel(app: App) -> list[Session]:
    """Wednesday 9:00's paper sessions: six at once, in six rooms."""
    return [
        s
        for s in program_of(app).sessions
        if s.start == datetime.fromisoformat("2025-04-02T09:00+02:00") and s.papers
    ]


# --- conflicts -------------------------------------------------------------------------------


async def test_an_agenda_with_known_clashes(app: App) -> None:
    agenda = app.default.agenda
    coffee = next(  # 10:40, right after them, in another room
        s
        for s in program_of(app).sessions
        if s.start == datetime.fromisoformat("2025-04-02T10:40+02:00") and not s.papers
    )
    first, second = [s for s in parallel(app) if s.room != coffee.room][:2]
    later = [s for s in program_of(app).sessions if s.start and s.start.hour == 11 and s.papers]
    same_room = next(s for s in later if s.room == first.room)
    for session in (first, second, coffee, same_room):
        await agenda.add(USER, "session", f"@session:{session.id}")
    answer = await agenda.agenda(USER)
    assert [i.session.id for i in answer.items] == [
        s.id for s in sorted((first, second, coffee, same_room), key=lambda s: (s.start, s.room))
    ]
    found = {(c.first.id, c.second.id, c.kind, c.gap_minutes) for c in answer.conflicts}
    a, b = sorted((first, second), key=lambda s: s.room or "")
    assert first.room != coffee.room
    assert second.room != coffee.room
    assert found == {
        (a.id, b.id, "overlap", 0),  # two at once
        (a.id, coffee.id, "tight", 0),  # 10:40 ends, 10:40 starts in another room
        (b.id, coffee.id, "tight", 0),
        (coffee.id, same_room.id, "tight", 0),  # coffee ends 11:10, it starts 11:10 elsewhere
    }


async def test_adding_a_clash_says_so_at_once(app: App) -> None:
    agenda = app.default.agenda
    first, second = parallel(app)[:2]
    quiet = await agenda.add(USER, "session", f"@session:{first.id}")
    assert quiet.clashes == ()
    answer = await agenda.add(USER, "session", f"@session:{second.id}")
    assert [(c.kind, {c.first.id, c.second.id}) for c in answer.clashes] == [
        ("overlap", {first.id, second.id})
    ]


def test_conflicts_need_several_rooms_for_tight_ones() -> None:
    start = datetime.fromisoformat("2025-04-02T09:00+02:00")
    a = Session("a", "A", SessionKind.PAPERS, start=start, end=start + timedelta(hours=1), room="X")
    b = replace(a, id="b", start=a.end, end=a.end + timedelta(hours=1), room="Y")  # type: ignore[operator]
    c = replace(a, id="c", start=start + timedelta(minutes=30), room="X")
    assert [(x.first.id, x.second.id, x.kind) for x in find_conflicts([a, b, c])] == [
        ("a", "c", "overlap"),
        ("a", "b", "tight"),
        ("c", "b", "tight"),  # c ends at 10:00 in X, b starts at 10:00 in Y
    ]
    assert [x.kind for x in find_conflicts([a, b], several_rooms=False)] == []
    assert find_conflicts([a, replace(b, start=a.end + timedelta(minutes=10))]) == []  # type: ignore[operator]


async def test_adding_a_paper_adds_its_session_and_remembers_the_paper(app: App) -> None:
    agenda = app.default.agenda
    session = parallel(app)[0]
    answer = await agenda.add(USER, "paper", f"@paper:{session.id}#1")
    [item] = answer.items
    assert item.session.id == session.id
    assert item.papers == (1,)
    again = await agenda.add(USER, "session", f"@session:{session.id}")
    assert again.note == "It was on your agenda already."
    assert again.items[0].papers == (1,)
    assert (await agenda.agenda(OTHER)).items == ()  # nobody else's agenda changed


async def test_remove_clear_and_bad_input(app: App) -> None:
    from bot.errors import UserError

    agenda = app.default.agenda
    first, second = parallel(app)[:2]
    await agenda.add(USER, "session", f"@session:{first.id}")
    await agenda.add(USER, "session", f"@session:{second.id}")
    removed = await agenda.remove(USER, first.shown_title)
    assert [i.session.id for i in removed.changed] == [first.id]
    assert [i.session.id for i in removed.items] == [second.id]
    with pytest.raises(UserError, match=r"agenda remove.*nothing on your agenda matches"):
        await agenda.remove(USER, "no such thing")
    cleared = await agenda.clear(USER)
    assert [i.session.id for i in cleared.changed] == [second.id]
    assert (await agenda.agenda(USER)).items == ()
    with pytest.raises(UserError, match="agenda add"):
        await agenda.add(USER, "room", "x")


# --- reminders -------------------------------------------------------------------------------


async def test_remind_agenda_covers_items_added_later(app: App) -> None:
    agenda = app.default.agenda
    first, second = parallel(app)[:2]
    await agenda.add(USER, "session", f"@session:{first.id}")
    answer = await agenda.remind(USER, 15)
    assert [(r.session_id, r.minutes_before) for r, _ in answer.reminders] == [(first.id, 15)]
    added = await agenda.add(USER, "session", f"@session:{second.id}")
    assert added.reminder_minutes == 15
    mine = await app.reminders.mine(USER)
    assert sorted((r.session_id, r.due_at) for r, _ in mine.reminders) == sorted(
        (s.id, s.start - timedelta(minutes=15))  # type: ignore[operator]
        for s in (first, second)
    )
    await agenda.remove(USER, f"@session:{second.id}")
    pending = [
        r for r, _ in (await app.reminders.mine(USER)).reminders if r.state.value == "pending"
    ]
    assert [r.session_id for r in pending] == [first.id]
    await agenda.remind(USER, None)  # off: its reminders go too
    pending = [
        r for r, _ in (await app.reminders.mine(USER)).reminders if r.state.value == "pending"
    ]
    assert pending == []
    await agenda.remind(USER, 5)
    await app.reminders.cancel(USER, "all")  # cancelling all of them stops it as well
    assert (await agenda.add(USER, "session", f"@session:{second.id}")).reminder_minutes is None
    pending = [
        r for r, _ in (await app.reminders.mine(USER)).reminders if r.state.value == "pending"
    ]
    assert pending == []


# --- reloads ---------------------------------------------------------------------------------


async def notices(app: App) -> list[tuple[int | None, str | None, str]]:
    return sorted(
        (r.user_id, r.notice, r.session_id)
        for r in await app.deliveries.pending(app.programs.slug, (DeliveryKind.NOTICE,))
    )


async def test_a_reload_moves_and_drops_items_with_one_notice_per_person(app: App) -> None:
    agenda = app.default.agenda
    first, second, third = parallel(app)[:3]
    for user in (USER, OTHER):
        await agenda.add(user, "session", f"@session:{first.id}")
    await agenda.add(USER, "session", f"@session:{second.id}")
    await agenda.add(USER, "session", f"@session:{third.id}")
    # USER also has a reminder for the session that will move: still one notice, the agenda's.
    await app.reminders.remind(user_id=USER, target="session", query=f"@session:{first.id}")
    program = program_of(app)
    later = timedelta(hours=1)
    moved = replace(first, start=first.start + later, end=first.end + later)  # type: ignore[operator]
    sessions = tuple(
        moved if s.id == first.id else s for s in program.sessions if s.id != second.id
    )
    await app.programs.load(replace(program, sessions=sessions))
    told = await notices(app)
    assert told == sorted([(USER, "agenda", first.id), (OTHER, "agenda", first.id)])
    [record] = [
        r
        for r in await app.deliveries.pending(app.programs.slug, (DeliveryKind.NOTICE,))
        if r.user_id == USER
    ]
    changes = await agenda.notice_changes(record)
    assert sorted((c.what, c.session.id) for c in changes) == sorted(
        [("moved", first.id), ("dropped", second.id)]
    )
    [(reminder, _)] = (await app.reminders.mine(USER)).reminders
    assert reminder.due_at == moved.start - timedelta(minutes=10)  # type: ignore[operator]
    listing = await agenda.agenda(USER)
    assert [(i.session.id, i.dropped) for i in listing.items] == [
        (third.id, False),  # 9:00
        (first.id, False),  # moved to 10:00
        (second.id, True),  # dropped ones last
    ]
    assert listing.items[1].session.start == moved.start
    # The same program again changes nothing: no more notices.
    await app.programs.load(replace(program, sessions=sessions))
    assert await notices(app) == told
    # Rolling back brings the dropped item back (told once more, in one notice).
    await app.programs.rollback()
    listing = await agenda.agenda(USER)
    assert sorted((i.session.id, i.dropped) for i in listing.items) == sorted(
        [(first.id, False), (second.id, False), (third.id, False)]
    )
    per_user = [u for u, kind, _ in await notices(app) if kind == "agenda"]
    assert per_user.count(USER) == 2
    assert per_user.count(OTHER) == 2
    assert all(kind == "agenda" for u, kind, _ in await notices(app) if u == USER)
    assert not [
        r
        for r in await app.deliveries.pending(app.programs.slug, (DeliveryKind.NOTICE,))
        if r.state is not DeliveryState.PENDING
    ]


# --- calendar files --------------------------------------------------------------------------


def read_with_icalendar(data: bytes) -> dict[str, tuple[datetime, datetime, str, str | None, int]]:
    calendar = icalendar.Calendar.from_ical(data)
    out = {}
    for event in calendar.walk("VEVENT"):
        location = event.get("location")
        out[str(event["uid"])] = (
            event.decoded("dtstart"),
            event.decoded("dtend"),
            str(event["summary"]),
            str(location) if location is not None else None,
            int(event.get("sequence", 0)),
        )
    return out


def read_with_ics(data: bytes) -> dict[str, tuple[datetime, datetime, str, str | None]]:
    calendar = ics.Calendar(data.decode("utf-8"))
    return {
        event.uid: (
            event.begin.datetime,
            event.end.datetime,
            event.name,
            event.location or None,
        )
        for event in calendar.events
    }


def expected(
    app: App, sessions: list[Session]
) -> dict[str, tuple[datetime, datetime, str, str | None]]:
    slug = app.programs.slug
    return {
        f"{s.id}.{slug}@confbot": (s.start, session_end(s), s.shown_title, s.room)  # type: ignore[misc]
        for s in sessions
        if s.start is not None
    }


async def test_the_whole_program_round_trips_through_two_readers(app: App) -> None:
    calendar = await app.default.agenda.schedule_calendar(None, None)
    sessions = list(program_of(app).sessions)
    want = expected(app, sessions)
    assert calendar.events == len(want) == len([s for s in sessions if s.start])
    by_icalendar = read_with_icalendar(calendar.data)
    by_ics = read_with_ics(calendar.data)
    assert {uid: v[:4] for uid, v in by_icalendar.items()} == want
    assert by_ics == want
    for start, *_ in by_icalendar.values():
        assert str(start.tzinfo) == "Europe/Amsterdam"  # the conference zone, with its VTIMEZONE
    assert b"BEGIN:VTIMEZONE" in calendar.data


async def test_day_room_and_agenda_files_round_trip_and_moves_bump_the_sequence(app: App) -> None:
    agenda = app.default.agenda
    first, second = parallel(app)[:2]
    day = await agenda.schedule_calendar("wednesday", first.room)
    wanted = [s for s in program_of(app).sessions if s.day == first.day and s.room == first.room]
    assert read_with_ics(day.data) == expected(app, wanted)
    await agenda.add(USER, "session", f"@session:{first.id}")
    await agenda.add(USER, "paper", f"@paper:{second.id}#0")
    before = await agenda.calendar(USER)
    assert read_with_ics(before.data) == expected(app, [first, second])
    assert {v[4] for v in read_with_icalendar(before.data).values()} == {0}
    description = str(icalendar.Calendar.from_ical(before.data).walk("VEVENT")[1]["description"])
    assert f"★ 1. {second.papers[0].title}" in description
    program = program_of(app)
    later = timedelta(minutes=30)
    moved = replace(first, start=first.start + later, end=first.end + later)  # type: ignore[operator]
    await app.programs.load(
        replace(program, sessions=tuple(moved if s.id == first.id else s for s in program.sessions))
    )
    after = await agenda.calendar(USER)
    events = read_with_icalendar(after.data)
    uid = f"{first.id}.{app.programs.slug}@confbot"
    assert events[uid][0] == moved.start  # same UID, SEQUENCE bumped
    assert events[uid][4] == 1
    assert read_with_ics(after.data) == expected(app, [moved, second])
    # Moved to another day, it gets a new id; its UID stays, and SEQUENCE counts the move.
    program = program_of(app)
    a_day = timedelta(days=1)
    elsewhere = replace(
        moved,
        id="s-moved-away",
        day=moved.day + a_day,  # type: ignore[operator]
        start=moved.start + a_day,  # type: ignore[operator]
        end=moved.end + a_day,  # type: ignore[operator]
    )
    await app.programs.load(
        replace(
            program, sessions=tuple(elsewhere if s.id == first.id else s for s in program.sessions)
        )
    )
    assert (await agenda.agenda(USER)).items[-1].session.id == "s-moved-away"  # the item followed
    events = read_with_icalendar((await agenda.calendar(USER)).data)
    assert events[uid][0] == elsewhere.start
    assert events[uid][4] == 2


# --- before and after the conference ---------------------------------------------------------


async def test_now_and_next_before_and_after_the_conference(app: App) -> None:
    runner = app.runner
    assert app.clock is not None
    app.clock.set(datetime.fromisoformat("2025-03-20T12:00+01:00"))  # type: ignore[attr-defined]
    first = app.programs.current().timeline.timed[0]
    for command in ("now", "next"):
        answer = runner.run(command, {})
        assert (answer.phase, answer.first) == ("before", first)  # type: ignore[union-attr]
    schedule = runner.run("schedule", {})
    assert schedule.day == app.programs.current().days[0]  # type: ignore[union-attr]
    app.clock.set(datetime.fromisoformat("2025-04-02T10:00+02:00"))  # type: ignore[attr-defined]
    assert runner.run("now", {}).phase == "during"  # type: ignore[union-attr]
    assert runner.run("schedule", {}).day.isoformat() == "2025-04-02"  # type: ignore[union-attr]
    app.clock.set(datetime.fromisoformat("2025-05-01T10:00+02:00"))  # type: ignore[attr-defined]
    for command in ("now", "next"):
        assert runner.run(command, {}).phase == "after"  # type: ignore[union-attr]
