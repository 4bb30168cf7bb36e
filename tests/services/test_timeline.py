"""The timeline's bisected answers are those of a scan of every session, at every moment."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest

from bot.model import Program, Session
from bot.parsing import ParseOptions
from bot.parsing.detect import parse_program
from bot.services.timeline import Timeline, by_time, session_end
from tests.bench.synthetic import make_program

DATA = Path(__file__).resolve().parents[1] / "data"


def _bundled() -> Program:
    text = (DATA / "asplos-eurosys-2025.txt").read_text(encoding="utf-8")
    return parse_program(text, ParseOptions(timezone="Europe/Amsterdam", year=2025))


def _timed(program: Program) -> list[Session]:
    return sorted((s for s in program.sessions if s.start), key=lambda s: (s.start, s.room or ""))


def _running_by_scan(program: Program, at: datetime, room: str | None) -> list[Session]:
    return [
        s
        for s in _timed(program)
        if s.start and s.start <= at < session_end(s) and (room is None or s.room == room)
    ]


def _next_by_scan(program: Program, at: datetime, room: str | None) -> list[Session]:
    first: dict[str | None, Session] = {}
    for s in _timed(program):
        if s.start and s.start > at and (room is None or s.room == room):
            first.setdefault(s.room, s)
    return by_time(first.values())


def _moments(program: Program, step: timedelta) -> list[datetime]:
    timed = _timed(program)
    assert timed[0].start is not None
    at = timed[0].start - timedelta(hours=2)
    last = max(session_end(s) for s in timed) + timedelta(hours=2)
    moments = []
    while at <= last:
        moments.append(at)
        at += step
    # Exactly at starts and ends too, where an off-by-one would show.
    moments += [s.start for s in timed if s.start] + [session_end(s) for s in timed]
    return moments


@pytest.mark.parametrize(
    ("program", "step"),
    [(_bundled(), timedelta(minutes=5)), (make_program(seed=3), timedelta(minutes=23))],
    ids=["bundled", "synthetic"],
)
def test_running_and_next_match_a_scan_of_every_session(program: Program, step: timedelta) -> None:
    timeline = Timeline.build(program.sessions)
    rooms: list[str | None] = [None, *sorted({s.room for s in program.sessions if s.room})[:3]]
    for at in _moments(program, step):
        for room in rooms:
            assert timeline.running(at, room) == _running_by_scan(program, at, room), (at, room)
            assert timeline.next_per_room(at, room) == _next_by_scan(program, at, room), (at, room)


def test_a_day_lists_its_sessions_in_schedule_order_and_days_are_named_many_ways() -> None:
    program = _bundled()
    timeline = Timeline.build(program.sessions)
    days = sorted({s.day for s in program.sessions if s.day})
    for day in days:
        expected = sorted(
            (s for s in program.sessions if s.day == day),
            key=lambda s: (s.start is None, s.start, s.room or ""),
        )
        assert list(timeline.on_day(day)) == expected
    wednesday = next(d for d in days if d.weekday() == 2)
    for label in ("wednesday", "wed", "apr 2", "2 april", "april 02", "wed 2"):
        assert timeline.day_labels[label] == wednesday
    assert timeline.last_end == max(session_end(s) for s in _timed(program))


def test_an_empty_program_has_an_empty_timeline() -> None:
    timeline = Timeline.build(())
    at = datetime.fromisoformat("2025-04-02T10:00:00+02:00")
    assert timeline.running(at) == []
    assert timeline.next_per_room(at) == []
    assert timeline.last_end is None
    assert timeline.by_day == {}
