"""Hand-built programs for the storage tests: small, readable, with ids from the real scheme."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import date, datetime, time
from pathlib import Path
from zoneinfo import ZoneInfo

from bot.model import Conference, Paper, Person, Program, Session, SessionKind
from bot.parsing.ids import assign_ids

ZONE = ZoneInfo("Europe/Amsterdam")
DAY1 = date(2025, 3, 31)
DAY2 = date(2025, 4, 1)
DAY3 = date(2025, 4, 2)
CONFERENCE = Conference(
    name="ASPLOS + EuroSys 2025", timezone="Europe/Amsterdam", year=2025, source="test.txt"
)
DATA = Path(__file__).resolve().parents[1] / "data"


def at(day: date, hhmm: str, zone: ZoneInfo = ZONE) -> datetime:
    return datetime.combine(day, time.fromisoformat(hhmm), tzinfo=zone)


def person(name: str, affiliation: str | None = None) -> Person:
    return Person(name, affiliation)


def paper(
    title: str,
    *authors: Person,
    url: str | None = None,
    line: int | None = None,
    start: datetime | None = None,
    end: datetime | None = None,
) -> Paper:
    return Paper(title=title, authors=authors, url=url, start=start, end=end, line=line)


def session(
    title: str | None,
    day: date | None = None,
    start: str | None = None,
    end: str | None = None,
    *,
    kind: SessionKind = SessionKind.PAPERS,
    room: str | None = None,
    track: str | None = None,
    chairs: Iterable[Person] = (),
    papers: Iterable[Paper] = (),
    notes: Iterable[str] = (),
    line: int | None = None,
) -> Session:
    """A session without an id yet (`program()` gives ids)."""
    return Session(
        id="",
        title=title,
        kind=kind,
        day=day,
        start=at(day, start) if day and start else None,
        end=at(day, end) if day and end else None,
        room=room,
        track=track,
        chairs=tuple(chairs),
        papers=tuple(papers),
        notes=tuple(notes),
        line=line,
    )


def program(*sessions: Session, conference: Conference = CONFERENCE) -> Program:
    return Program(conference=conference, sessions=assign_ids(sessions))


def number_lines(sessions: Iterable[Session], first: int = 1) -> tuple[Session, ...]:
    """Give sessions and papers line numbers as a parser would (one line each, in order)."""
    line = first
    numbered = []
    for item in sessions:
        papers = []
        start = line
        for contribution in item.papers:
            line += 1
            papers.append(replace(contribution, line=line))
        numbered.append(replace(item, line=start, papers=tuple(papers)))
        line += 2
    return tuple(numbered)


def base_sessions() -> tuple[Session, ...]:
    """A small two-day program: plenary, paper sessions, breaks with equal titles, a social."""
    alice = person("Alice Ängström", "Uni A")
    bob = person("Bob O'Brien", "Uni B")
    dan = person("Dan Wu", "Uni D")
    return number_lines(
        (
            session(
                "Opening",
                DAY1,
                "09:00",
                "09:15",
                kind=SessionKind.PLENARY,
                room="Main Hall",
                chairs=[alice],
            ),
            session(
                "Session 1A: Storage",
                DAY1,
                "10:00",
                "11:00",
                room="Room 1",
                chairs=[bob, person("Carol", None)],
                papers=[
                    paper(
                        "Fast Logs",
                        dan,
                        person("Erin", "Lab E"),
                        url="https://example.org/fast-logs",
                        start=at(DAY1, "10:00"),
                        end=at(DAY1, "10:20"),
                    ),
                    paper(
                        "Slow Disks",
                        person("Dan Wu", "Uni D & Lab F"),
                        alice,
                        start=at(DAY1, "10:20"),
                        end=at(DAY1, "10:40"),
                    ),
                    paper(
                        "Medium Caches",
                        person("Frank"),
                        person("Gina", "Uni G"),
                        start=at(DAY1, "10:40"),
                        end=at(DAY1, "11:00"),
                    ),
                ],
            ),
            session("Coffee break", DAY1, "11:00", "11:30", kind=SessionKind.BREAK),
            session(
                "Session 2A: Compilers",
                DAY1,
                "11:30",
                "12:30",
                room="Room 2",
                chairs=[dan],
                papers=[
                    paper("Loop Magic", person("Hana", "Uni H"), bob),
                    paper("Register Art", person("Ivan", "Uni I")),
                ],
            ),
            session("Coffee break", DAY2, "11:00", "11:30", kind=SessionKind.BREAK),
            session(
                "Keynote: The Future",
                DAY2,
                "09:00",
                "10:00",
                kind=SessionKind.KEYNOTE,
                room="Main Hall",
                papers=[paper("The Future", person("Jo Keynote", "Corp J"))],
            ),
            session(
                "Reception",
                DAY2,
                "18:00",
                "21:00",
                kind=SessionKind.SOCIAL,
                room="Terrace",
                track="Catering area",
                notes=["Bring your badge", "Drinks"],
            ),
            session(
                None,
                None,
                kind=SessionKind.OTHER,
                notes=["Fragment without a title"],
                chairs=[person("Kim", "Uni K")],
            ),
        )
    )


def base_program() -> Program:
    return program(*base_sessions())


def edited(
    sessions: tuple[Session, ...],
    title: str,
    change: Callable[[Session], Session | None],
) -> Program:
    """The program with the (unique) session titled `title` changed (None: dropped)."""
    matches = [s for s in sessions if s.title == title]
    assert len(matches) == 1, title
    out = []
    for item in sessions:
        if item.title == title:
            changed = change(item)
            if changed is not None:
                out.append(changed)
        else:
            out.append(item)
    return program(*out)


_TRUTH_KINDS = {
    "break+posters": SessionKind.POSTERS,
    "registration": SessionKind.OTHER,
    "meeting": SessionKind.PLENARY,
    "opening/closing": SessionKind.PLENARY,
    "award": SessionKind.PLENARY,
}


def truth_program() -> Program:
    """The hand-checked truth of the bundled ASPLOS/EuroSys 2025 program as a model Program."""
    truth = json.loads((DATA / "asplos-eurosys-2025.truth.json").read_text(encoding="utf-8"))
    sessions = []
    for item in truth["sessions"]:
        day = date.fromisoformat(item["date"]) if item.get("date") else None
        papers = [
            paper(p["title"], *(person(a["name"], a.get("affiliation")) for a in p["authors"]))
            for p in item["papers"]
        ]
        if talk := item.get("talk"):
            speakers = (person(a["name"], a.get("affiliation")) for a in talk["speaker"])
            papers.append(paper(talk["title"], *speakers))
        sessions.append(
            session(
                item["title"],
                day,
                item.get("start"),
                item.get("end"),
                kind=_TRUTH_KINDS.get(item["kind"]) or SessionKind(item["kind"]),
                room=item.get("room"),
                track=item.get("track"),
                chairs=[person(c["name"], c.get("affiliation")) for c in item["chairs"]],
                papers=papers,
                notes=item.get("notes") or (),
            )
        )
    return program(*number_lines(sessions), conference=replace(CONFERENCE, source=truth["source"]))
