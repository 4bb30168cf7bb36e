"""Compare a parsed Program with a hand-checked truth file, field by field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.model import Program, Session

DATA = Path(__file__).resolve().parent.parent / "data"

KIND_MAP = {
    "papers": "papers",
    "keynote": "keynote",
    "break": "break",
    "break+posters": "break",
    "posters": "posters",
    "social": "social",
    "opening/closing": "plenary",
    "award": "plenary",
    "meeting": "plenary",
}


def load_truth(name: str) -> dict[str, Any]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def truth_papers(session: dict[str, Any]) -> list[dict[str, Any]]:
    papers = list(session["papers"])
    talk = session.get("talk")
    if talk:
        papers.append(
            {"title": talk.get("title") or session["title"], "authors": talk.get("speaker", [])}
        )
    return papers


def _hhmm(value: Any) -> str | None:
    return value.strftime("%H:%M") if value is not None else None


def compare_session(got: Session, want: dict[str, Any], where: str) -> list[str]:
    diffs: list[str] = []

    def check(field: str, a: Any, b: Any) -> None:
        if a != b:
            diffs.append(f"{where} {field}: got {a!r}, want {b!r}")

    check("title", got.title, want["title"])
    check("kind", got.kind.value, KIND_MAP.get(want["kind"], "other"))
    check("date", got.day.isoformat() if got.day else None, want["date"])
    check("start", _hhmm(got.start), want["start"])
    check("end", _hhmm(got.end), want["end"])
    check("room", got.room, want["room"])
    check(
        "chairs",
        [(c.name, c.affiliation) for c in got.chairs],
        [(c["name"], c["affiliation"]) for c in want["chairs"]],
    )
    want_papers = truth_papers(want)
    check("paper count", len(got.papers), len(want_papers))
    for index, (gp, wp) in enumerate(zip(got.papers, want_papers, strict=False)):
        check(f"paper {index} title", gp.title, wp["title"])
        got_authors = [(a.name, a.affiliation) for a in gp.authors]
        want_authors = [(a["name"], a["affiliation"]) for a in wp["authors"]]
        if got_authors != want_authors:
            for ai, (ga, wa) in enumerate(zip(got_authors, want_authors, strict=False)):
                check(f"paper {index} ({wp['title'][:30]}) author {ai}", ga, wa)
            check(
                f"paper {index} ({wp['title'][:30]}) author count",
                len(got_authors),
                len(want_authors),
            )
    return diffs


def compare_program(program: Program, truth: dict[str, Any]) -> list[str]:
    diffs: list[str] = []
    got, want = program.sessions, truth["sessions"]
    if len(got) != len(want):
        diffs.append(f"session count: got {len(got)}, want {len(want)}")
    for index, (g, w) in enumerate(zip(got, want, strict=False)):
        diffs += compare_session(g, w, f"session {index} ({w['title']!r})")
    return diffs
