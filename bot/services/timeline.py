"""When things run: a loaded program's sessions indexed by time and day, built once per load.

`/now`, `/next` and `/schedule` are asked in bursts (a room full of people at a break), and a
scan of every session per question costs a millisecond at a large conference, mostly in
comparisons of zone-aware datetimes. So the sessions are ordered once, their starts and ends
kept as POSIX seconds, and each question bisects to the few sessions it can concern.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from bot.folding import fold
from bot.model import Session
from bot.timelabels import day_name, month_name

DEFAULT_LENGTH = timedelta(hours=1)  # a session printed without an end


def session_end(session: Session) -> datetime:
    """When a session finishes; one printed without an end is taken to last an hour."""
    assert session.start is not None
    return session.end or session.start + DEFAULT_LENGTH


def by_time(sessions: Iterable[Session]) -> list[Session]:
    """Each session once, by start (untimed last), then room."""
    unique = {s.id: s for s in sessions}
    return sorted(unique.values(), key=_time_order)


def _time_order(session: Session) -> tuple[bool, datetime | None, str]:
    return (session.start is None, session.start, session.room or "")


@dataclass(frozen=True)
class Timeline:
    timed: tuple[Session, ...]  # sessions with a start, by start then room
    starts: tuple[float, ...]  # their starts and ends in POSIX seconds
    ends: tuple[float, ...]
    longest: float  # the longest session, in seconds
    last_end: datetime | None
    room_count: int  # distinct rooms of the timed sessions (no room counts as one)
    by_day: dict[date, tuple[Session, ...]]  # each day's sessions in schedule order
    day_labels: dict[str, date]  # folded "wednesday", "wed 2", "apr 2", "2 april"… -> day

    @classmethod
    def build(cls, sessions: Sequence[Session]) -> Timeline:
        timed = tuple(
            sorted((s for s in sessions if s.start), key=lambda s: (s.start, s.room or ""))
        )
        starts = tuple(s.start.timestamp() for s in timed if s.start)
        ends = tuple(session_end(s).timestamp() for s in timed)
        days: dict[date, list[Session]] = {}
        for session in sessions:
            if session.day is not None:
                days.setdefault(session.day, []).append(session)
        return cls(
            timed=timed,
            starts=starts,
            ends=ends,
            longest=max((e - s for s, e in zip(starts, ends, strict=True)), default=0.0),
            last_end=max((session_end(s) for s in timed), default=None),
            room_count=len({s.room for s in timed}),
            by_day={d: tuple(sorted(day, key=_time_order)) for d, day in sorted(days.items())},
            day_labels=_day_labels(sorted(days)),
        )

    def running(self, at: datetime, room: str | None = None) -> list[Session]:
        """Sessions under way at `at`, by start."""
        moment = at.timestamp()
        lo = bisect_left(self.starts, moment - self.longest)
        hi = bisect_right(self.starts, moment, lo)
        return [
            self.timed[i]
            for i in range(lo, hi)
            if self.ends[i] > moment and (room is None or self.timed[i].room == room)
        ]

    def next_per_room(self, at: datetime, room: str | None = None) -> list[Session]:
        """The first session starting after `at` in each room (or in `room`), by start."""
        first: dict[str | None, Session] = {}
        wanted = 1 if room is not None else self.room_count
        for session in self.timed[bisect_right(self.starts, at.timestamp()) :]:
            if room is not None and session.room != room:
                continue
            first.setdefault(session.room, session)
            if len(first) == wanted:
                break
        return by_time(first.values())

    def on_day(self, day: date, room: str | None = None) -> tuple[Session, ...]:
        sessions = self.by_day.get(day, ())
        if room is None:
            return sessions
        return tuple(s for s in sessions if s.room == room)


def _day_labels(days: Sequence[date]) -> dict[str, date]:
    labels: dict[str, date] = {}
    for d in days:
        weekday, month = day_name(d), month_name(d)
        for label in (
            weekday,
            weekday[:3],
            *(f"{m} {n}" for m in (month, month[:3]) for n in (d.day, f"{d.day:02d}")),
            *(f"{n} {m}" for m in (month, month[:3]) for n in (d.day, f"{d.day:02d}")),
            f"{weekday} {d.day}",
            f"{weekday[:3]} {d.day}",
        ):
            labels[fold(label)] = d
    return labels
