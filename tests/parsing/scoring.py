"""How well a parsed program matches its hand-checked truth: the corpus figures, all 0..1.

The project's own port of the development corpus's scorer (``score_program.py``, kept outside
this repository); it gives the same numbers, rounded the same way (4 decimals), so a figure
here and a figure from ``score-corpus`` can be compared directly.

- ``papers_recall``: truth papers (all items, posters and single talks included) whose title is
  found among the parsed papers.
- ``papers_precision``: parsed papers whose title is a truth paper.
- ``authors_f1``: F1 over (paper title, author name, affiliation) triples of matched papers.
- ``names_f1``: the same on (paper title, author name) only.
- ``chairs``: truth sessions with chairs whose parsed session (the one holding most of its
  papers, else the first with a matching title) names the same chairs.
- ``times``: truth paper sessions with a start time whose parsed session starts at the same
  local HH:MM (and on the same date, where the truth has one).

A keynote, single talk or panel of the truth counts as one paper of its session, its speakers
(or panelists) as authors; an untitled talk is known by its session's title.

Titles and names are compared after `norm` (NFKC, no-break spaces as spaces, runs of white
space as one, case-folded, ``.;,`` and spaces stripped at both ends).

``python -m tests.parsing.scoring`` prints the figures of every corpus file (see
`tests.parsing.corpus`).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from bot.model import Program
from bot.parsing.export import program_to_json

FIGURES = ("papers_recall", "papers_precision", "authors_f1", "names_f1", "chairs", "times")

_JsonObject = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Figures:
    """The figures of one parsed program against its truth, each rounded to 4 decimals."""

    papers_recall: float
    papers_precision: float
    authors_f1: float
    names_f1: float
    chairs: float
    times: float
    n_truth_papers: int
    n_parsed_papers: int

    def as_dict(self) -> dict[str, float]:
        """The six figures by name (without the counts)."""
        values = asdict(self)
        return {name: values[name] for name in FIGURES}


def norm(text: str | None) -> str:
    """A title or name as compared: NFKC, spaces collapsed, case-folded, ``.;,`` trimmed."""
    if text is None:
        return ""
    text = unicodedata.normalize("NFKC", text).replace("\u00a0", " ")
    text = re.sub(r"\s+", " ", text).strip().casefold()
    return text.strip(" .;,")


def score(parsed: Program | _JsonObject, truth: _JsonObject) -> Figures:
    """Score `parsed` (a Program, or its `program_to_json` JSON) against a truth file's JSON."""
    data = program_to_json(parsed) if isinstance(parsed, Program) else parsed
    parsed_sessions: list[_JsonObject] = data.get("sessions", [])
    truth_sessions = [_with_talk_as_paper(s) for s in truth["sessions"]]

    truth_papers = [(s, p) for s in truth_sessions for p in s.get("papers", [])]
    parsed_papers = [(i, p) for i, s in enumerate(parsed_sessions) for p in s.get("papers") or []]
    parsed_by_title: dict[str, list[tuple[int, _JsonObject]]] = {}
    for index, paper in parsed_papers:
        parsed_by_title.setdefault(norm(paper.get("title")), []).append((index, paper))
    truth_titles = {norm(p["title"]) for _, p in truth_papers}

    found = sum(1 for _, p in truth_papers if norm(p["title"]) in parsed_by_title)
    recall = found / len(truth_papers) if truth_papers else 1.0
    precision = (
        sum(1 for _, p in parsed_papers if norm(p.get("title")) in truth_titles)
        / len(parsed_papers)
        if parsed_papers
        else 0.0
    )

    # Each truth paper is matched with the next unused parsed paper of the same title.
    truth_list = [(norm(p["title"]), p.get("authors", [])) for _, p in truth_papers]
    used: Counter[str] = Counter()
    matched_list = []
    for title, _ in truth_list:
        candidates = parsed_by_title.get(title, [])
        nth = used[title]
        used[title] += 1
        if nth < len(candidates):
            matched_list.append((title, candidates[nth][1].get("authors") or []))
    authors_f1 = _triples_f1(truth_list, matched_list, with_affiliation=True)
    names_f1 = _triples_f1(truth_list, matched_list, with_affiliation=False)

    chair_total = chair_ok = time_total = time_ok = 0
    for truth_session in truth_sessions:
        found_session = _parsed_session_for(truth_session, parsed_sessions, parsed_by_title)
        if truth_session.get("chairs"):
            chair_total += 1
            if found_session is not None:
                want = sorted(norm(c["name"]) for c in truth_session["chairs"])
                got = sorted(norm(c.get("name")) for c in found_session.get("chairs") or [])
                chair_ok += want == got
        if truth_session.get("kind") == "papers" and truth_session.get("start"):
            time_total += 1
            if found_session is not None:
                time_ok += _same_start(found_session.get("start"), truth_session)

    return Figures(
        papers_recall=round(recall, 4),
        papers_precision=round(precision, 4),
        authors_f1=round(authors_f1, 4),
        names_f1=round(names_f1, 4),
        chairs=round(chair_ok / chair_total if chair_total else 1.0, 4),
        times=round(time_ok / time_total if time_total else 1.0, 4),
        n_truth_papers=len(truth_papers),
        n_parsed_papers=len(parsed_papers),
    )


def _with_talk_as_paper(session: _JsonObject) -> _JsonObject:
    """A truth session whose talk (or, lacking papers, whose panel) is one more paper."""
    talk = session.get("talk") or {}
    if not talk and session.get("panelists") and not session.get("papers"):
        talk = {"speaker": session["panelists"]}
    if talk and (talk.get("title") or talk.get("speaker")):
        title = talk.get("title") or session.get("title")
        paper = {"title": title, "authors": talk.get("speaker", [])}
        return {**session, "papers": [*session.get("papers", []), paper]}
    return session


def _f1(precision: float, recall: float) -> float:
    return 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)


def _triples_f1(
    truth: list[tuple[str, list[_JsonObject]]],
    parsed: list[tuple[str, list[_JsonObject]]],
    *,
    with_affiliation: bool,
) -> float:
    def triples(papers: list[tuple[str, list[_JsonObject]]]) -> Counter[tuple[str, ...]]:
        counts: Counter[tuple[str, ...]] = Counter()
        for title, authors in papers:
            for author in authors:
                key: tuple[str, ...] = (title, norm(author.get("name")))
                if with_affiliation:
                    key += (norm(author.get("affiliation")),)
                counts[key] += 1
        return counts

    truth_counts, parsed_counts = triples(truth), triples(parsed)
    hit = sum((truth_counts & parsed_counts).values())
    precision = hit / sum(parsed_counts.values()) if parsed_counts else 0.0
    recall = hit / sum(truth_counts.values()) if truth_counts else 1.0
    return _f1(precision, recall)


def _parsed_session_for(
    truth_session: _JsonObject,
    parsed_sessions: list[_JsonObject],
    parsed_by_title: dict[str, list[tuple[int, _JsonObject]]],
) -> _JsonObject | None:
    """The parsed session holding most of the truth session's papers (the first such, on a
    tie), else the first parsed session whose title is, or ends with, the truth's title."""
    votes: Counter[int] = Counter()
    for paper in truth_session.get("papers", []):
        for index, _ in parsed_by_title.get(norm(paper["title"]), []):
            votes[index] += 1
    if votes:
        return parsed_sessions[votes.most_common(1)[0][0]]
    want = norm(truth_session.get("title"))
    for session in parsed_sessions:
        title = norm(session.get("title"))
        if want and (title == want or title.endswith(want)):
            return session
    return None


def _same_start(iso: str | None, truth_session: _JsonObject) -> bool:
    """Whether a parsed ISO start is the truth's local HH:MM (and date, where it has one)."""
    if not iso:
        return False
    try:
        start = datetime.fromisoformat(iso)
    except ValueError:
        return False
    same = start.strftime("%H:%M").lstrip("0") == truth_session["start"].lstrip("0")
    if truth_session.get("date"):
        same = same and start.date().isoformat() == truth_session["date"]
    return same


if __name__ == "__main__":
    from tests.parsing.corpus import main

    raise SystemExit(main())
