"""The text parser against the hand-checked truths and the layouts of other programs."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, time
from pathlib import Path

import pytest

from bot.errors import ProgramParseError
from bot.model import Program, SessionKind
from bot.parsing import ParseOptions
from bot.parsing.text import parse_text
from tests.parsing.truth import DATA, compare_program, compare_session, load_truth

AMSTERDAM = ParseOptions(name="ASPLOS + EuroSys 2025", timezone="Europe/Amsterdam", year=2025)


def parse_file(name: str, options: ParseOptions = AMSTERDAM) -> Program:
    return parse_text((DATA / name).read_text(encoding="utf-8"), options)


@pytest.fixture(scope="module")
def bundled() -> Program:
    return parse_file("asplos-eurosys-2025.txt")


def test_bundled_program_matches_truth_field_by_field(bundled: Program) -> None:
    diffs = compare_program(bundled, load_truth("asplos-eurosys-2025.truth.json"))
    assert diffs == [], "\n".join(diffs[:50])


def test_bundled_program_counts(bundled: Program) -> None:
    truth = load_truth("asplos-eurosys-2025.truth.json")["counts"]
    papers = [s for s in bundled.sessions if s.kind is SessionKind.PAPERS]
    assert len(bundled.sessions) == truth["program_items"]
    assert len(papers) == truth["paper_sessions"]
    assert sum(len(s.papers) for s in papers) == truth["papers_in_paper_sessions"]


def test_page_excerpt_matches_truth() -> None:
    program = parse_file("asplos-2025-program-page-excerpt.txt")
    diffs = compare_program(program, load_truth("asplos-2025-program-page-excerpt.truth.json"))
    assert diffs == [], "\n".join(diffs)


@pytest.mark.parametrize(
    ("seed", "truth_title", "truth_date"),
    [
        ("000_8f84d40a8cf0fc02.txt", "LLM Training", "2025-04-03"),
        ("001_cfa6e8823e71e0a6.txt", "Large Language Models", "2025-04-02"),
    ],
)
def test_seed_fragments_match_their_sessions(seed: str, truth_title: str, truth_date: str) -> None:
    """The seeds start at `Session chair:`: title, time and room are unknown."""
    program = parse_file(seed)
    [want] = [
        s
        for s in load_truth("asplos-eurosys-2025.truth.json")["sessions"]
        if s["title"] == truth_title and s["date"] == truth_date
    ]
    want = {
        **want,
        "title": None,
        "kind": "papers",
        "date": None,
        "start": None,
        "end": None,
        "room": None,
    }
    assert len(program.sessions) == 1
    assert compare_session(program.sessions[0], want, seed) == []


def test_zone_label_mismatch_is_one_warning_and_the_configured_zone_wins(
    bundled: Program,
) -> None:
    zone_warnings = [w for w in bundled.warnings if "labelled CET" in w.message]
    assert len(zone_warnings) == 1
    assert zone_warnings[0].line == 2
    assert bundled.sessions[0].start is not None
    assert bundled.sessions[0].start.utcoffset().total_seconds() == 7200  # type: ignore[union-attr]


def test_run_on_author_line_keeps_real_authors_and_warns(bundled: Program) -> None:
    [paper] = [
        p
        for s in bundled.sessions
        if s.kind is SessionKind.PAPERS
        for p in s.papers
        if p.title.startswith("Empower Vision")
    ]
    assert paper.authors[-1].name == "Weijun Wang"
    assert paper.authors[-1].affiliation == "Tsinghua University"
    assert any(w.line == 392 and "runs on" in w.message for w in bundled.warnings)


def test_title_and_authors_on_one_line_are_split(bundled: Program) -> None:
    [session] = [s for s in bundled.sessions if s.title == "Network" and s.room]
    phantom = session.papers[-1]
    assert phantom.title.endswith("Sketch-based Network Measurement")
    assert phantom.authors[0].name == "Xiang Chen"


def test_keynote_is_a_session_holding_its_talk(bundled: Program) -> None:
    keynote = bundled.sessions[3]
    assert keynote.kind is SessionKind.KEYNOTE
    [talk] = keynote.papers
    assert talk.title == "Has Machine Learning for Systems Reached an Inflection Point?"
    assert [(a.name, a.affiliation) for a in talk.authors] == [("Martin Maas", "Google DeepMind")]


def test_ids_are_unique_and_stable_across_reparse_and_unrelated_edits(bundled: Program) -> None:
    ids = [s.id for s in bundled.sessions]
    assert len(set(ids)) == len(ids)
    assert [s.id for s in parse_file("asplos-eurosys-2025.txt").sessions] == ids
    text = (DATA / "asplos-eurosys-2025.txt").read_text(encoding="utf-8")
    edited = text.replace("Operating Systems\n04-01, 13:30", "Operating Systems\n04-01, 13:40")
    edited = edited.replace(
        "Bounded Resource Reclamation", "Bounded Resource Reclamation Revisited"
    )
    assert edited != text
    reparsed = parse_text(edited, AMSTERDAM)
    assert [s.id for s in reparsed.sessions] == ids


def test_same_title_twice_gets_two_ids(bundled: Program) -> None:
    serving = [s for s in bundled.sessions if s.title == "LLM Serving"]
    assert len(serving) == 2
    assert serving[0].id != serving[1].id


# --- layouts of other real programs (made-up data in their shapes) --------------------------


def parse(text: str, **options: object) -> Program:
    return parse_text(text, ParseOptions(**options))  # type: ignore[arg-type]


def summary(program: Program) -> list[tuple[object, ...]]:
    return [
        (
            s.title,
            s.start.strftime("%H:%M") if s.start else None,
            s.end.strftime("%H:%M") if s.end else None,
            s.room,
            [(c.name, c.affiliation) for c in s.chairs],
            [(p.title, [(a.name, a.affiliation) for a in p.authors]) for p in s.papers],
        )
        for s in program.sessions
    ]


def test_bulleted_papers_with_chair_in_parentheses() -> None:
    program = parse(
        "Monday 31st March\n9:45-10:45 Session A: Graphs\n(Session Chair: Ana Silva)\n"
        "  • A Fast Graph Store\n    Ana Silva (Uni A), Bo Li (Uni B)\n"
        "  • Another Graph Paper\n    Cy Ng (Uni C)\n10:45-11:15 Coffee Break\n"
    )
    assert summary(program) == [
        (
            "Graphs",
            "09:45",
            "10:45",
            None,
            [("Ana Silva", None)],
            [
                ("A Fast Graph Store", [("Ana Silva", "Uni A"), ("Bo Li", "Uni B")]),
                ("Another Graph Paper", [("Cy Ng", "Uni C")]),
            ],
        ),
        ("Coffee Break", "10:45", "11:15", None, [], []),
    ]
    assert program.sessions[0].day == date(2025, 3, 31)  # the year whose 31 March is a Monday
    assert program.sessions[0].notes == ("Session A",)
    assert program.sessions[1].kind is SessionKind.BREAK


def test_parallel_session_tables_under_one_time_line() -> None:
    program = parse(
        "Tuesday 23/04/2024\n13:30-15:10\n"
        "Session-1.1: Storage - Location: Hall 2 - Chair: Bo Li\tTitle\tAuthors\n"
        "\tA Fast Graph Store\tAna Silva (Uni A), Bo Li (Uni B)\n"
        "\tSlow Storage\tDi Wu (Uni D)\n"
        "Session-1.2: Networks - Location: Hall 3 - Chair: Cy Ng\tTitle\tAuthors\n"
        "\tAlways-On Networks\tEd Po (Uni E)\n"
    )
    assert summary(program) == [
        (
            "Storage",
            "13:30",
            "15:10",
            "Hall 2",
            [("Bo Li", None)],
            [
                ("A Fast Graph Store", [("Ana Silva", "Uni A"), ("Bo Li", "Uni B")]),
                ("Slow Storage", [("Di Wu", "Uni D")]),
            ],
        ),
        (
            "Networks",
            "13:30",
            "15:10",
            "Hall 3",
            [("Cy Ng", None)],
            [
                ("Always-On Networks", [("Ed Po", "Uni E")]),
            ],
        ),
    ]
    assert program.sessions[0].day == date(2024, 4, 23)


def test_tracks_interleaved_row_by_row() -> None:
    program = parse(
        "Thu, August 24th\n13:30 – 15:15   Multi-Track\nTrack A — Storage\n"
        "Chair: Bo Li (Uni B)\tTrack B — Networks\nChair: Cy Ng (Uni C)\tTrack C — Security\n"
        "Chair: Di Wu (Uni D)\nA Fast Graph Store\nAna Silva (Uni A)\tAlways-On Networks\n"
        "Ed Po (Uni E)\tSecure Everything\nFay Qi (Uni F)\nSecond Storage Paper\n"
        "Gus Ro (Uni G)\tSecond Network Paper\nHal Su (Uni H)\tSecond Security Paper\n"
        "Ida Tu (Uni I)\n",
        year=2023,
    )
    rows = summary(program)
    assert [r[0] for r in rows] == ["Storage", "Networks", "Security"]
    assert [s.track for s in program.sessions] == ["Track A", "Track B", "Track C"]
    assert rows[1][4] == [("Cy Ng", "Uni C")]
    assert rows[2][5] == [
        ("Secure Everything", [("Fay Qi", "Uni F")]),
        ("Second Security Paper", [("Ida Tu", "Uni I")]),
    ]
    assert all(r[1] == "13:30" and r[2] == "15:15" for r in rows)


def test_chair_cell_running_into_the_first_paper() -> None:
    program = parse(
        "Friday, August 25th\n8:45 – 10:15\nStorage\nChair: Bo Li (Uni B)\tA Fast Graph Store\n"
        "Ana Silva (Uni A)\nNext Title\nIts Authors (Uni)\n",
        year=2023,
    )
    assert summary(program) == [
        (
            "Storage",
            "08:45",
            "10:15",
            None,
            [("Bo Li", "Uni B")],
            [
                ("A Fast Graph Store", [("Ana Silva", "Uni A")]),
                ("Next Title", [("Its Authors", "Uni")]),
            ],
        ),
    ]


def test_title_time_and_chair_on_one_line() -> None:
    program = parse(
        "Wednesday March 18\nCache Me If You Can 14:30 - 15:45 Session Chair: Bo Li (Uni B)\n"
        "A Fast Graph Store\nAna Silva (Uni A)\n"
        "16:00-16:40 Session 1: Storage, Session Chair: Bo Li (Uni B)\n"
        "Slow Graphs\nCy Ng (Uni C)\n",
        year=2026,
    )
    assert summary(program) == [
        (
            "Cache Me If You Can",
            "14:30",
            "15:45",
            None,
            [("Bo Li", "Uni B")],
            [("A Fast Graph Store", [("Ana Silva", "Uni A")])],
        ),
        (
            "Storage",
            "16:00",
            "16:40",
            None,
            [("Bo Li", "Uni B")],
            [("Slow Graphs", [("Cy Ng", "Uni C")])],
        ),
    ]


def test_author_line_before_its_title() -> None:
    program = parse(
        "Tuesday, April 28th — Day 1 (Conference) ▼\n10:00-11:00 Session 2: Graphs\n"
        "Ana Silva, Bo Li (Uni A); Cy Ng (Uni C)\nA Fast Graph Store\n"
        "Di Wu, Ed Po (Uni D)\nAnother Graph Store\n",
        year=2026,
    )
    assert summary(program)[0][5] == [
        ("A Fast Graph Store", [("Ana Silva", "Uni A"), ("Bo Li", "Uni A"), ("Cy Ng", "Uni C")]),
        ("Another Graph Store", [("Di Wu", "Uni D"), ("Ed Po", "Uni D")]),
    ]


def test_time_after_title_per_paper_times_quoted_keynote_and_panel() -> None:
    program = parse(
        "Monday 31st March\nSession #1: Edge AI\n11:00 - 11:45\n"
        "11:00-11:20\tA Fast Graph Store\t📄️\nAna Silva, Bo Li (Uni A)\n"
        "11:20-11:45\tSecond Edge Paper\t📄️\nCy Ng (Uni C)\n"
        '12:00-13:00\nKeynote #1: Ana Silva - Uni A, UK\n"A Fast Future"\n'
        "13:00-14:00\nPanel on Storage\nPanelists: Bo Li, Cy Ng\nModerator: Di Wu\n",
        year=2025,
    )
    edge, keynote, panel = program.sessions
    assert edge.title == "Edge AI"
    assert [(p.title, p.start.strftime("%H:%M")) for p in edge.papers if p.start] == [
        ("A Fast Graph Store", "11:00"),
        ("Second Edge Paper", "11:20"),
    ]
    assert keynote.kind is SessionKind.KEYNOTE
    assert [(p.title, p.authors[0].name, p.authors[0].affiliation) for p in keynote.papers] == [
        ("A Fast Future", "Ana Silva", "Uni A, UK")
    ]
    assert panel.kind is SessionKind.OTHER
    assert [c.name for c in panel.chairs] == ["Di Wu"]
    assert [a.name for a in panel.papers[0].authors] == ["Bo Li", "Cy Ng"]


def test_side_by_side_sessions_run_together() -> None:
    program = parse(
        "Monday 31st March\n10:30 - 11:30 AMStorage — Fast or Slow?Networks — Always On!\n"
        "Session Chair: Bo Li (Uni B)Session Chair: Cy Ng (Uni C)\n",
        year=2025,
    )
    assert [(s.title, [c.name for c in s.chairs]) for s in program.sessions] == [
        ("Storage — Fast or Slow?", ["Bo Li"]),
        ("Networks — Always On!", ["Cy Ng"]),
    ]
    assert program.sessions[0].start.strftime("%H:%M") == "10:30"  # type: ignore[union-attr]
    assert any("side by side" in w.message for w in program.warnings)


@pytest.mark.parametrize(
    ("line", "title", "start", "end"),
    [
        ("08:30-9:00- Registration", "Registration", time(8, 30), time(9)),
        ("Lunch: 12:00–13:30", "Lunch", time(12), time(13, 30)),
        ("13:30–14:30: Panel on Storage", "Panel on Storage", time(13, 30), time(14, 30)),
        ("18:00 ~ Banquet", "Banquet", time(18), None),
        ("19:00- Reception", "Reception", time(19), None),
        ("9:00 AM CEST – 10:00 AM CEST: Opening", "Opening", time(9), time(10)),
        (
            "2:00\u00a0PM\u00a0–\u00a03:30\u00a0PM Session 4: Storage",
            "Storage",
            time(14),
            time(15, 30),
        ),
        ("10:30 - 11:30 AM Coffee", "Coffee", time(10, 30), time(11, 30)),
        ("11:30 - 1:00 PM Lunch", "Lunch", time(11, 30), time(13)),
    ],
)
def test_time_line_forms(line: str, title: str, start: time, end: time | None) -> None:
    program = parse(f"Tuesday, April 1\n{line}\n", year=2025, timezone="Europe/Amsterdam")
    [session] = program.sessions
    assert session.title == title
    assert session.start is not None
    assert session.start.time() == start
    assert (session.end.time() if session.end else None) == end


def test_zone_note_gives_the_zone_when_none_is_configured() -> None:
    program = parse("⚠️ Times are in CEST (UTC +2) ⚠️\nTuesday, April 1\n9:00-10:00 Opening\n")
    assert program.conference.timezone == "Europe/Paris"
    assert program.sessions[0].start.utcoffset().total_seconds() == 7200  # type: ignore[union-attr]
    assert any("guessed" in w.message for w in program.warnings)


def test_weekday_only_header_takes_its_date_from_the_next_day() -> None:
    program = parse_file("asplos-2025-program-page-excerpt.txt", replace(AMSTERDAM, year=None))
    assert program.sessions[0].day == date(2025, 3, 31)


def test_fragment_starting_at_a_chair_has_no_title() -> None:
    program = parse("Session chair: Ana Silva\n\nA Fast Graph Store\nBo Li (Uni B)\nPaper\n")
    [session] = program.sessions
    assert session.title is None
    assert session.chairs[0].name == "Ana Silva"
    assert session.papers[0].authors[0].affiliation == "Uni B"


def test_stray_text_outside_any_item_is_named_in_a_warning() -> None:
    program = parse("Our Conference Programme\n\nTuesday, April 1\n9:00-10:00 Opening\n", year=2025)
    assert [s.title for s in program.sessions] == ["Opening"]
    assert any(w.line == 1 and "ignored" in w.message for w in program.warnings)


@pytest.mark.parametrize("text", ["", "   \n\n", "hello world\n", "x"])
def test_no_program_at_all_is_a_parse_error(text: str) -> None:
    with pytest.raises(ProgramParseError):
        parse(text)


def test_binary_is_a_parse_error_with_a_line() -> None:
    with pytest.raises(ProgramParseError) as caught:
        parse_text("abc\x00def", ParseOptions(source="x.txt"))
    assert str(caught.value).startswith("x.txt:1:")


def test_data_dir_fixture_is_the_projects_own() -> None:
    assert Path(__file__).resolve().parent.parent / "data" == DATA


def test_usenix_style_page_with_media_links_and_comma_affiliations() -> None:
    program = parse(
        "Monday, July 10\n\n8:00 am–9:00 am\n\nContinental Breakfast\n\n9:00 am–10:20 am\n\n"
        "Session: Distributed Systems\n\nSession Chair: Ana Silva, Stanford University\n\n"
        "A Fast Graph Store\n\nAna Silva and Bo Li, Stanford University; Cy Ng, MIT\n\n"
        "Available Media\n\n10:20 am–10:50 am\n\nBreak with Refreshments\n",
        year=2023,
    )
    assert summary(program) == [
        ("Continental Breakfast", "08:00", "09:00", None, [], []),
        (
            "Distributed Systems",
            "09:00",
            "10:20",
            None,
            [("Ana Silva", "Stanford University")],
            [
                (
                    "A Fast Graph Store",
                    [
                        ("Ana Silva", "Stanford University"),
                        ("Bo Li", "Stanford University"),
                        ("Cy Ng", "MIT"),
                    ],
                ),
            ],
        ),
        ("Break with Refreshments", "10:20", "10:50", None, [], []),
    ]
    assert not [w for w in program.warnings if "no author line" in w.message]


def test_cells_separated_by_pipes_and_paper_times_before_titles() -> None:
    program = parse(
        "Wednesday, 2 April 2025\n10:30 – 12:00 | Paper Session 3: Storage | Room A\n"
        "Chair: Bo Li (Uni B)\n10:30 A Fast Graph Store. Ana Silva (Uni A), Bo Li (Uni B)\n"
        "10:50 Slow Storage. Di Wu (Uni D)\n12:00 – 13:30 | Lunch\n"
    )
    assert summary(program) == [
        (
            "Storage",
            "10:30",
            "12:00",
            "Room A",
            [("Bo Li", "Uni B")],
            [
                ("A Fast Graph Store", [("Ana Silva", "Uni A"), ("Bo Li", "Uni B")]),
                ("Slow Storage", [("Di Wu", "Uni D")]),
            ],
        ),
        ("Lunch", "12:00", "13:30", None, [], []),
    ]
    papers = program.sessions[0].papers
    assert [p.start.strftime("%H:%M") for p in papers if p.start] == ["10:30", "10:50"]


def test_room_in_parentheses_after_the_session_title() -> None:
    program = parse(
        "DAY 1 - TUESDAY, OCTOBER 29, 2024\n"
        "10:30 - 12:00  Session 2A: Storage Systems (Room 101)\n"
        "Session Chair: Ana Silva (Uni A)\nPaper Title One\nBo Li (Uni B); Cy Ng (Uni C)\n"
        "12:00 - 13:30  Lunch\n"
    )
    assert summary(program)[0][:5] == (
        "Storage Systems",
        "10:30",
        "12:00",
        "Room 101",
        [("Ana Silva", "Uni A")],
    )
    assert program.sessions[1].title == "Lunch"


def test_session_named_then_chaired_then_timed() -> None:
    program = parse(
        "Thursday, 3 April 2025\nSession 2A: Storage\nChair: Ana Silva (Uni A)\n"
        "10:30-12:00, Room 101\nPaper Title One\nBo Li (Uni B)\n\n"
        "Session 2B: Networks\nChair: Ed Po (Uni E)\n10:30-12:00, Room 102\n"
        "Networking Is Hard\nFay Qi (Uni F)\n"
    )
    assert summary(program) == [
        (
            "Storage",
            "10:30",
            "12:00",
            "Room 101",
            [("Ana Silva", "Uni A")],
            [("Paper Title One", [("Bo Li", "Uni B")])],
        ),
        (
            "Networks",
            "10:30",
            "12:00",
            "Room 102",
            [("Ed Po", "Uni E")],
            [("Networking Is Hard", [("Fay Qi", "Uni F")])],
        ),
    ]


def test_title_and_authors_fields_each_on_a_line_of_its_own() -> None:
    text = (
        "Monday, 28 October 2019\n"
        "It Must Be Secure (10:50-11:50)\n\n"
        "TITLE Teechain: A Secure Payment Network with Asynchronous Blockchain Access\n"
        "AUTHORS Joshua Lind (Imperial College London), Oded Naor (Technion)\n\n"
        "TITLE Fast and Secure Global Payments with Stellar\n"
        "AUTHORS Marta Lokhava (Stellar), Giuliano Losa (Galois), Rafa?? Malinowski (Stellar)\n"
    )
    program = parse_text(text, ParseOptions(timezone="America/Toronto", year=2019))
    papers = program.sessions[0].papers
    assert [p.title for p in papers] == [
        "Teechain: A Secure Payment Network with Asynchronous Blockchain Access",
        "Fast and Secure Global Payments with Stellar",
    ]
    assert [(a.name, a.affiliation) for a in papers[0].authors] == [
        ("Joshua Lind", "Imperial College London"),
        ("Oded Naor", "Technion"),
    ]
    assert [a.name for a in papers[1].authors] == [
        "Marta Lokhava",
        "Giuliano Losa",
        "Rafa?? Malinowski",
    ]


def test_a_typewriter_dash_before_the_chair_of_a_session() -> None:
    text = (
        "Tuesday, 21 April 2015\n"
        "11:00 - 12:30\nSession 2 --- Rodrigo Rodrigues\n"
        "Designing a causally consistent protocol. Tyler Crain and Marc Shapiro\n"
        "14:00 - 15:30\nSession 3 -- Sean Cribs\n"
        "An empirical perspective on causal consistency. Alejandro Tomsic and Tyler Crain\n"
    )
    program = parse_text(text, ParseOptions(timezone="Europe/Paris", year=2015))
    assert [(s.title, [c.name for c in s.chairs]) for s in program.sessions] == [
        ("Session 2", ["Rodrigo Rodrigues"]),
        ("Session 3", ["Sean Cribs"]),
    ]


def test_a_link_word_after_titles_is_no_affiliation() -> None:
    text = (
        "Monday, 8 May 2023\n"
        "Invited talk Session 1 - Chair: Michael Kuhn\n"
        "14:30-15:00\tOana Balmau (McGill University, Canada)\n"
        "Characterizing I/O Patterns in Machine Learning (More)\n"
        "15:00-15:30\tRadu Stoica (IBM Zurich, Switzerland)\n"
        "Next-Gen Cloud Storage: Leveraging DPUs to Virtualize File System Services (More)\n"
        "15:30-16:00\tJay Lofstead (Sandia National Laboratories, USA)\n"
        "Making Data Useful Through Metadata Techniques (More)\n"
    )
    program = parse_text(text, ParseOptions(timezone="Europe/Rome", year=2023))
    papers = [p for s in program.sessions for p in s.papers]
    assert [(p.title, [a.name for a in p.authors]) for p in papers] == [
        ("Characterizing I/O Patterns in Machine Learning", ["Oana Balmau"]),
        (
            "Next-Gen Cloud Storage: Leveraging DPUs to Virtualize File System Services",
            ["Radu Stoica"],
        ),
        ("Making Data Useful Through Metadata Techniques", ["Jay Lofstead"]),
    ]
