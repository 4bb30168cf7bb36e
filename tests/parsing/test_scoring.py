"""The port of the corpus scoring rules, on hand-made pairs whose figures are worked out here."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from bot.model import Conference, Paper, Person, Program, Session, SessionKind
from tests.parsing.scoring import Figures, norm, score


def _people(*pairs: tuple[str, str | None]) -> list[dict[str, Any]]:
    return [{"name": name, "affiliation": affiliation} for name, affiliation in pairs]


def _truth() -> dict[str, Any]:
    return {
        "sessions": [
            {
                "title": "Session 1: Storage",
                "kind": "papers",
                "date": "2025-03-31",
                "start": "9:00",
                "chairs": _people(("Ann Chair", "U1")),
                "papers": [
                    {"title": "Fast Disks", "authors": _people(("A", "X"), ("B", "Y"))},
                    {"title": "Slow Disks", "authors": _people(("C", "Z"))},
                ],
            },
            {
                "title": "Keynote",
                "kind": "keynote",
                "date": "2025-03-31",
                "start": "11:00",
                "chairs": [],
                "papers": [],
                "talk": {"title": "The Future", "speaker": _people(("K", "KU"))},
            },
            {  # an untitled talk: known by its session's title
                "title": "Invited Talk: Jane Doe",
                "kind": "keynote",
                "date": "2025-03-31",
                "start": "12:00",
                "chairs": [],
                "papers": [],
                "talk": {"title": None, "speaker": _people(("Jane Doe", "JU"))},
            },
            {  # a panel: one paper, its panelists as authors
                "title": "Panel: Whither Systems",
                "kind": "panel",
                "date": "2025-03-31",
                "start": "13:00",
                "chairs": _people(("Mod Erator", None)),
                "papers": [],
                "panelists": _people(("P1", "PU"), ("P2", None)),
            },
            {
                "title": "Session 2: Networks",
                "kind": "papers",
                "date": "2025-03-31",
                "start": "14:00",
                "chairs": [],
                "papers": [{"title": "Packets", "authors": _people(("D", "W"))}],
            },
            {"title": "Lunch", "kind": "break", "date": "2025-03-31", "start": "12:30"},
        ]
    }


def _session(title: str, start: str | None, papers: list[Any], chairs: Any = ()) -> Any:
    return {"title": title, "start": start, "chairs": list(chairs), "papers": papers}


def _paper(title: str, *authors: tuple[str, str | None]) -> dict[str, Any]:
    return {"title": title, "authors": _people(*authors)}


def _flawed_parse() -> dict[str, Any]:
    return {
        "sessions": [
            _session(
                "Storage",
                "2025-03-31T09:00:00+02:00",  # "09:00" is the truth's "9:00"
                [
                    _paper("fast  disks.", ("A", "X"), ("B", "Wrong")),
                    _paper("Slow Disks", ("C", "Z")),
                ],
                _people(("Ann Chair", "elsewhere")),  # chairs compare by name only
            ),
            _session("Keynote", "2025-03-31T11:00:00+02:00", [_paper("The Future", ("K", "KU"))]),
            _session(
                "Invited Talk: Jane Doe",
                "2025-03-31T12:00:00+02:00",
                [_paper("Invited Talk: Jane Doe", ("Jane Doe", "JU"))],
            ),
            _session("Panel: Whither Systems", "2025-03-31T13:00:00+02:00", []),  # no paper
            _session("Networks", "2025-03-31T14:30:00+02:00", [_paper("Packets", ("D", "W"))]),
            _session("Lunch", "2025-03-31T12:30:00+02:00", [_paper("Lunch")]),  # not a paper
        ]
    }


def test_a_flawed_parse_scores_what_was_worked_out_by_hand() -> None:
    # 6 truth papers (2 + keynote + untitled talk + panel + 1); 6 parsed papers.
    # Found: all but the panel -> recall 5/6; parsed papers in the truth: all but Lunch -> 5/6.
    # Author triples: truth 8 (A, B, C, K, Jane, P1, P2, D); the 5 matched papers carry 6, of
    # which 5 are right (B's affiliation is wrong): P 5/6, R 5/8 -> F1 = 50/70.
    # Names only: 6 of 6 right: P 1, R 6/8 -> F1 = 12/14.
    # Chairs: Session 1 right, the panel's session found by its title but without its chair.
    # Times: Session 1 right (9:00 = 09:00), Session 2 starts 14:30, not 14:00.
    assert score(_flawed_parse(), _truth()) == Figures(
        papers_recall=0.8333,
        papers_precision=0.8333,
        authors_f1=0.7143,
        names_f1=0.8571,
        chairs=0.5,
        times=0.5,
        n_truth_papers=6,
        n_parsed_papers=6,
    )


def _perfect_parse() -> dict[str, Any]:
    return {
        "sessions": [
            _session(
                "Session 1: Storage",
                "2025-03-31T09:00:00+02:00",
                [_paper("Fast Disks", ("A", "X"), ("B", "Y")), _paper("Slow Disks", ("C", "Z"))],
                _people(("Ann Chair", "U1")),
            ),
            _session("Keynote", "2025-03-31T11:00:00+02:00", [_paper("The Future", ("K", "KU"))]),
            _session(
                "Invited Talk",
                "2025-03-31T12:00:00+02:00",
                [_paper("Invited Talk: Jane Doe", ("Jane Doe", "JU"))],
            ),
            _session(
                "Whither Systems",
                "2025-03-31T13:00:00+02:00",
                [_paper("Panel: Whither Systems", ("P1", "PU"), ("P2", None))],
                _people(("Mod Erator", None)),
            ),
            _session("Networks", "2025-03-31T14:00:00+02:00", [_paper("Packets", ("D", "W"))]),
            _session("Lunch", "2025-03-31T12:30:00+02:00", []),
        ]
    }


def test_a_perfect_parse_scores_one_everywhere() -> None:
    figures = score(_perfect_parse(), _truth())
    assert figures.as_dict() == dict.fromkeys(figures.as_dict(), 1.0)
    assert (figures.n_truth_papers, figures.n_parsed_papers) == (6, 6)


def test_the_truth_is_not_changed_by_scoring() -> None:
    truth = _truth()
    score(_perfect_parse(), truth)
    assert truth == _truth()


def test_a_wrong_date_fails_the_time_and_a_session_is_found_by_most_papers() -> None:
    parsed = _perfect_parse()
    parsed["sessions"][0]["start"] = "2025-04-01T09:00:00+02:00"
    # The keynote's paper also appears in a second session: most votes still decide.
    parsed["sessions"].append(_session("Again", None, [_paper("Fast Disks")]))
    figures = score(parsed, _truth())
    assert figures.times == 0.5
    assert figures.chairs == 1.0
    # A repeated title is still a truth paper's title; authors go by the first copy.
    assert figures.papers_precision == 1.0
    assert figures.authors_f1 == 1.0


def test_empty_sides() -> None:
    nothing = score({"sessions": []}, _truth())
    assert (nothing.papers_recall, nothing.papers_precision, nothing.authors_f1) == (0, 0, 0)
    assert (nothing.chairs, nothing.times) == (0, 0)
    empty_truth = score(_perfect_parse(), {"sessions": []})
    assert (empty_truth.papers_recall, empty_truth.chairs, empty_truth.times) == (1, 1, 1)
    assert empty_truth.papers_precision == 0.0


def test_a_program_scores_as_its_json() -> None:
    zone = ZoneInfo("Europe/Amsterdam")
    program = Program(
        conference=Conference(name="C", timezone="Europe/Amsterdam", year=2025),
        sessions=(
            Session(
                id="s1",
                title="Session 2: Networks",
                kind=SessionKind.PAPERS,
                start=datetime(2025, 3, 31, 14, 0, tzinfo=zone),
                papers=(Paper("Packets", (Person("D", "W"),)),),
            ),
        ),
    )
    figures = score(program, _truth())
    assert figures.papers_recall == round(1 / 6, 4)
    assert figures.papers_precision == 1.0
    assert figures.names_f1 == round(2 * (1 / 8) / (1 + 1 / 8), 4)
    assert figures.times == 0.5


@pytest.mark.parametrize(
    ("text", "normed"),
    [
        (None, ""),
        ("  Fast\u00a0 Disks. ", "fast disks"),
        ("ﬁle Systems;", "file systems"),  # NFKC folds the ligature
        ("Straße", "strasse"),
    ],
)
def test_norm(text: str | None, normed: str) -> None:
    assert norm(text) == normed
