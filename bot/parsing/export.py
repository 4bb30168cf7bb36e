"""A Program as the JSON of `program.schema.json` (what `python -m bot parse` prints)."""

from __future__ import annotations

from typing import Any

from bot.model import Paper, Person, Program, Session


def _person(person: Person) -> dict[str, Any]:
    return {"name": person.name, "affiliation": person.affiliation}


def _paper(paper: Paper) -> dict[str, Any]:
    out: dict[str, Any] = {
        "title": paper.title,
        "authors": [_person(a) for a in paper.authors],
        "url": paper.url,
    }
    if paper.start is not None:
        out["start"] = paper.start.isoformat()
    if paper.end is not None:
        out["end"] = paper.end.isoformat()
    return out


def _session(session: Session) -> dict[str, Any]:
    return {
        "id": session.id,
        "title": session.title,
        "kind": session.kind.value,
        "day": session.day.isoformat() if session.day else None,
        "start": session.start.isoformat() if session.start else None,
        "end": session.end.isoformat() if session.end else None,
        "room": session.room,
        "track": session.track,
        "chairs": [_person(c) for c in session.chairs],
        "papers": [_paper(p) for p in session.papers],
        "notes": list(session.notes),
        "line": session.line,
    }


def program_to_json(program: Program) -> dict[str, Any]:
    return {
        "conference": {
            "name": program.conference.name,
            "timezone": program.conference.timezone,
            "source": program.conference.source,
            "year": program.conference.year,
        },
        "sessions": [_session(s) for s in program.sessions],
        "warnings": [{"line": w.line, "message": w.message} for w in program.warnings],
    }
