"""Layouts read by page-wide facts and shapes rather than per-layout branches.

Every program here is made up; each test names the convention it exercises, so a failure says
which reading broke. The real programs these conventions come from are scored in test_corpus.
"""

from __future__ import annotations

import re
from datetime import date

import pytest

from bot.model import Person, Program, SessionKind
from bot.parsing import ParseOptions, authors, lexer
from bot.parsing.authors import (
    author_line_score,
    parse_author_line,
    split_by_line,
    split_sentence_authors,
    strip_trailing_marks,
)
from bot.parsing.detect import page_text, parse_program
from bot.parsing.grid import read_grids_in_text
from bot.parsing.html import html_to_text
from bot.parsing.kinds import REGISTRATION, classify_kind, is_ceremony, is_talk_slot
from bot.parsing.lexer import LineKind, classify, numbered_lines, single_spaced
from bot.parsing.markdown import looks_like_markdown
from bot.parsing.page import recurring_trailing_marks
from bot.parsing.structure.phrases import bio_subject, opens_with_a_person
from bot.parsing.talks import (
    read_talk_title,
    split_addressed_speaker,
    split_dash_speakers,
    title_then_named_speakers,
)
from bot.parsing.text import parse_text
from bot.parsing.timeexpr import find_time_range, parse_day_header

UTC = ParseOptions(timezone="UTC", year=2025)


def parse(text: str) -> Program:
    return parse_text(text, UTC)


def papers(program: Program) -> list[tuple[str, list[tuple[str, str | None]]]]:
    return [
        (p.title, [(a.name, a.affiliation) for a in p.authors])
        for s in program.sessions
        for p in s.papers
    ]


# --- title and authors in one sentence line --------------------------------------------------


@pytest.mark.parametrize(
    ("line", "title", "names", "authors_first"),
    [
        (
            "Fast Joins on GPUs. Ana Silva (Uni A); Bo Li (Uni B).",
            "Fast Joins on GPUs",
            ["Ana Silva", "Bo Li"],
            False,
        ),
        ("Does Prefetching Help?. Cy Ng (Uni C).", "Does Prefetching Help?", ["Cy Ng"], False),
        (
            "Is the World Ready? Quantifying 2FA Adoption. Ed Po, Fay Lu (FORTH)",
            "Is the World Ready? Quantifying 2FA Adoption",
            ["Ed Po", "Fay Lu"],
            False,
        ),
        (
            "Ana Silva, Bo Li, and Mirko H. Wagner. Crossing Numbers Revisited [Slides] [T1]",
            "Crossing Numbers Revisited",
            ["Ana Silva", "Bo Li", "Mirko H. Wagner"],
            True,
        ),
        (
            "Di Wu and Ed Po. Graphs with and Without Structure",
            "Graphs with and Without Structure",
            ["Di Wu", "Ed Po"],
            True,
        ),
        (
            "Regulación Molecular de la anergia de linfocitos T. Dr. Thomas Gajewski (USA)",
            "Regulación Molecular de la anergia de linfocitos T",
            ["Thomas Gajewski"],
            False,
        ),
    ],
)
def test_sentence_split_either_way_round(
    line: str, title: str, names: list[str], authors_first: bool
) -> None:
    found = split_sentence_authors(line)
    assert found is not None
    assert found[0] == title
    assert [a.name for a in found[1].authors] == names
    assert found[2] is authors_first


def test_a_sentence_that_names_nobody_is_not_split() -> None:
    assert split_sentence_authors("We study graphs. This is about them.") is None


def test_a_long_paragraph_is_read_as_people_only_near_its_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A title has at most 40 words, so only the stops within 40 words of either end can part a
    title from its authors. Reading every stop's other side as people made a pasted abstract of
    a few thousand sentences take minutes; the work must not grow with the number of stops."""
    calls = 0
    real_parse = authors.parse_author_line

    def counting_parse(text: str) -> authors.AuthorLine:
        nonlocal calls
        calls += 1
        return real_parse(text)

    monkeypatch.setattr(authors, "parse_author_line", counting_parse)
    paragraph = " ".join(f"Word{i} other. Alice Smith." for i in range(2000))
    assert split_sentence_authors(paragraph) is None
    assert calls <= 4 * 40
    # A long side is still read as people where the other side can be the title.
    consortium = ", ".join(f"Ana Silva{chr(65 + i // 26)}{chr(97 + i % 26)}" for i in range(60))
    found = split_sentence_authors(f"{consortium}. Graph Drawing Beyond Planarity")
    assert found is not None
    assert found[0] == "Graph Drawing Beyond Planarity"
    assert len(found[1].authors) == 60


def test_page_that_prints_authors_first_does_so_for_one_author() -> None:
    program = parse(
        "Monday, March 3\nTime\tEvent\nSession 1\tChair: Ann Lee\n"
        "09:00 — 09:20\tAna Silva, Bo Li, and Cy Ng. First Paper Title [Slides]\n"
        "09:20 — 09:40\tDi Wu and Ed Po. Second Paper Title [Slides]\n"
        "09:40 — 10:00\tFay Xu and Gil Oz. Third Paper Title [Slides]\n"
        "10:00 — 10:20\tHal Kim. Fourth Paper Title [Slides]\n"
    )
    [session] = program.sessions
    assert (session.start.strftime("%H:%M"), session.end.strftime("%H:%M")) == ("09:00", "10:20")
    assert [c.name for c in session.chairs] == ["Ann Lee"]
    assert papers(program)[-1] == ("Fourth Paper Title", [("Hal Kim", None)])


# --- talks named in a title ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "session_title", "talk_title", "speakers"),
    [
        ("Invited Talk - Ana Silva: Why Graphs", "Invited Talk", "Why Graphs", ["Ana Silva"]),
        ("Panel - Ana Silva, Bo Li, Cy Ng", "Panel", None, ["Ana Silva", "Bo Li", "Cy Ng"]),
        ("Keynote: Ana Silva", "Keynote: Ana Silva", None, ["Ana Silva"]),
        ("Keynote 2 - Ana Silva", "Keynote 2 - Ana Silva", None, ["Ana Silva"]),
        ("I1 (remote) Ana Silva (MIT) “Graphs at Scale”", "I1", "Graphs at Scale", ["Ana Silva"]),
        ("C4 Bo Li Chen (Universität Wien)", "C4", None, ["Bo Li Chen"]),
        ("Ana Silva (MIT) “Graphs at Scale”", "Graphs at Scale", "Graphs at Scale", ["Ana Silva"]),
        ("Keynote (Ana Silva)", "Keynote", "Keynote", ["Ana Silva"]),
        ("Keynote: Securing Data Pipelines", "Keynote", "Securing Data Pipelines", []),
        ("主题报告一（中文）（熊璋教授）", "主题报告一（中文）", "主题报告一（中文）", ["熊璋"]),
        (
            "Panel (Prof. Manuel Filipe Pereira Cunha Martins Costa, Dr.Steven Sexton)",
            "Panel",
            "Panel",
            ["Manuel Filipe Pereira Cunha Martins Costa", "Steven Sexton"],
        ),
    ],
)
def test_talk_shapes(
    title: str, session_title: str, talk_title: str | None, speakers: list[str]
) -> None:
    talk = read_talk_title(title)
    assert talk is not None
    assert (talk.session_title, talk.talk_title) == (session_title, talk_title)
    assert [p.name for p in talk.speakers] == speakers


def test_session_titles_that_name_no_talk() -> None:
    assert read_talk_title("Session 2: Storage") is None
    assert read_talk_title("Coffee Break") is None
    assert read_talk_title("R1 Lunch (Cafeteria)") is None


def test_time_after_the_item_and_talks_in_rows() -> None:
    program = parse(
        "Date: Monday, March 3rd 2025\n"
        "Opening Remarks\t7:50-8:00\n"
        "Invited Talk - Ana Silva: Better Graphs\t8:00-8:30\n"
        "Panel - Bo Li, Cy Ng, Di Wu\t8:30-9:30\n"
        "Coffee Break\t9:30-10:00\n"
    )
    starts = [s.start.strftime("%H:%M") for s in program.sessions if s.start]
    assert starts == ["07:50", "08:00", "08:30", "09:30"]
    assert papers(program) == [
        ("Better Graphs", [("Ana Silva", None)]),
        ("Panel", [("Bo Li", None), ("Cy Ng", None), ("Di Wu", None)]),
    ]


def test_keynote_title_then_speaker_line() -> None:
    program = parse(
        "Monday, March 3\n9.30 - 10.30: Keynote: Securing Data Pipelines\n"
        "Ernesto Rossi, University of Milan\n10.30 - 11.00: Coffee Break\n"
    )
    keynote = program.sessions[0]
    assert keynote.kind is SessionKind.KEYNOTE
    assert papers(program) == [
        ("Securing Data Pipelines", [("Ernesto Rossi", "University of Milan")])
    ]


def test_talk_with_title_line_and_speaker_line_after_a_bare_time() -> None:
    program = parse(
        "Saturday, December 5\n10:00 am\nParallel Programs Made Simple\n"
        "Ana Silva, Microsoft Research\n10:30 am\nBreak\n"
    )
    assert papers(program) == [
        ("Parallel Programs Made Simple", [("Ana Silva", "Microsoft Research")])
    ]


# --- page-wide facts ---------------------------------------------------------------------------


def test_rooms_the_page_repeats_after_commas() -> None:
    program = parse(
        "Monday, March 3\nTime\tEvent\n08:30 — 09:00\tRegistration, Sky Lounge\n"
        "Session 1\tChair: Ann Lee, Sky Lounge\n09:00 — 09:20\tAna Silva and Bo Li. A Title\n"
        "09:20 — 09:40\tCy Ng and Di Wu. Another Title\n10:00 — 10:30\tCoffee Break, Sky Lounge\n"
    )
    rooms = {s.title: s.room for s in program.sessions}
    assert rooms["Registration"] == "Sky Lounge"
    assert rooms["Coffee Break"] == "Sky Lounge"
    [session] = [s for s in program.sessions if s.papers]
    assert session.chairs == (Person("Ann Lee"),)
    assert session.room == "Sky Lounge"


def test_badges_repeated_over_the_page_are_not_titles() -> None:
    entries = "".join(
        f"REG\nPaper Number {n}\nAna Silva (Uni A) · Bo Li (Uni B)\nAbstract\n" for n in range(3)
    )
    program = parse(
        "Tuesday, March 4\n10:45 – 12:15\nResearch 1 · Joins\nGrand Ballroom E\n"
        "Tuesday 10:45 – 12:15\n" + entries
    )
    [session] = program.sessions
    assert session.room == "Grand Ballroom E"
    assert [p.title for p in session.papers] == [f"Paper Number {n}" for n in range(3)]
    assert session.papers[0].authors == (Person("Ana Silva", "Uni A"), Person("Bo Li", "Uni B"))


def test_a_break_repeated_through_the_days_is_no_badge() -> None:
    day = "".join(
        f"{h}.00 - {h}.20\n\nAna Silva, Uni A\nTalk {h}\n\n{h}.20 - {h}.40\n\nTea break\n\n"
        for h in (9, 10, 11)
    )
    program = parse("6 November 2015 (Friday)\n\n" + day)
    breaks = [s for s in program.sessions if s.title == "Tea break"]
    assert [s.start.strftime("%H:%M") for s in breaks if s.start] == ["09:20", "10:20", "11:20"]
    assert all(s.kind is SessionKind.BREAK for s in breaks)


def test_a_link_verb_and_its_material_is_a_link_not_a_title() -> None:
    program = parse(
        "6 November 2015 (Friday)\n\n12.00 - 12.50\n\nLectures\n\n12.00 - 12.20\n\n"
        "Rama Kant, University of Delhi\nTheories of electrodes\n\nView presentation\n\n"
        "12.25 - 12.45\n\nArindam Ghosh, IISc\nThin membranes\n\nDescargar Presentación\n"
    )
    titles = [p.title for s in program.sessions for p in s.papers]
    assert titles == ["Theories of electrodes", "Thin membranes"]


def test_a_chair_printed_after_the_items_talks_is_that_items_chair() -> None:
    program = parse(
        "Miércoles 01 de Octubre del 2014\n\n10:00 - 10:50\t\nConferencia Plenaria 1 :\n\n"
        "A Fast Store\nAna Silva (Uni A)\n\nModerador: Dr. Bo Li\n\n"
        "11:00 - 12:00\t\nConferencia Plenaria 2 :\n\n“A Slow Store” Cy Ng. Uni C\n\n"
        "Moderadora: Dra. Di Wu\n"
    )
    chaired = [(s.title, [c.name for c in s.chairs]) for s in program.sessions]
    assert chaired == [("Conferencia Plenaria 1", ["Bo Li"]), ("Conferencia Plenaria 2", ["Di Wu"])]
    # the quoted talk above the chair line is the talk, not the title of a chaired session
    assert [(a.name, a.affiliation) for a in program.sessions[1].papers[0].authors] == [
        ("Cy Ng", "Uni C")
    ]


def test_the_line_closing_a_talk_says_where_its_one_speaker_works() -> None:
    program = parse(
        "Miércoles 01 de Octubre del 2014\n\n10:00 - 10:50\t\nConferencia Plenaria 1 :\n\n"
        "“A Fast Store”, Ana Silva\n\nProfesora emérita en Carnegie Mellon University (CMU)\n\n"
        "Moderador: Dr. Bo Li\n\n11:00 - 11:30\t\nDescanso\n"
    )
    [talk] = [p for s in program.sessions for p in s.papers]
    assert talk.authors == (
        Person("Ana Silva", "Profesora emérita en Carnegie Mellon University (CMU)"),
    )
    assert [s.title for s in program.sessions] == ["Conferencia Plenaria 1", "Descanso"]


def test_a_sure_speaker_line_under_a_time_is_followed_by_a_title_that_says_and() -> None:
    program = parse(
        "6 November 2015 (Friday)\n\n14.00 - 14.50\n\nLectures by Fellows\n\n14.00 - 14.20\n\n"
        "Ana Silva, University of Delhi, Delhi\nMitotic stress in cancer\n\n14.25 - 14.45\n\n"
        "Kaushal Verma, IISc, Bengaluru\nQuadrature domains and potential theory\n\n"
        "14.50 - 15.30\n\nTea break\n"
    )
    papers = [(p.title, p.authors) for s in program.sessions for p in s.papers]
    assert papers[-1] == (
        "Quadrature domains and potential theory",
        (Person("Kaushal Verma", "IISc, Bengaluru"),),
    )


def test_introduction_before_the_program_is_ignored_with_a_warning() -> None:
    program = parse(
        "The Fifth Workshop on Storage (STOR'25)\n"
        "Held in conjunction with EuroSys 2025 on May 8th 2025, Rome, Italy\n\n"
        "The workshop will take place in person. The proceedings are available online.\n\n"
        "Time\tContent\n9:00-9:10\tWelcome\n\tSession 1 - Chair: Ann Lee\n"
        "9:10-9:40\tA Fast Store Slides\nAna Silva (Uni A), Bo Li (Uni B)\n"
        "9:40-10:10\tA Slow Store Slides\nCy Ng (Uni C)\n10:10-10:30\tCoffee break\n"
        "10:30-11:00\tThe Last Store Slides\nDi Wu (Uni D)\n"
    )
    assert all(s.day is not None and s.day.isoformat() == "2025-05-08" for s in program.sessions)
    session = next(s for s in program.sessions if s.chairs)
    assert [p.title for p in session.papers] == ["A Fast Store", "A Slow Store"]
    assert session.start is not None
    assert session.start.strftime("%H:%M") == "09:10"
    ignored = [w.line for w in program.warnings if "before the program" in w.message]
    assert ignored == [1, 2, 4]


def test_iso_start_and_duration_lines() -> None:
    program = parse(
        "Program\nSession 1: Streams\nStart: 2020-08-31T08:00:00Z\nDuration: 70 min\n"
        "Chair: Ann Lee\nVideo\tTitle\tAuthor\n\tStream Joins\tAna Silva (Uni A)\n"
        "Keynote\nStart: 2020-08-31T15:00:00Z\nDuration: 60 min\nVideo\tTitle\tAuthor\n"
        "Part 1,\nPart 2\tData Science Lessons\tBo Li (Uni B)\n"
    )
    streams, keynote = program.sessions
    assert (streams.start.isoformat(), streams.end.isoformat()) == (
        "2020-08-31T08:00:00+00:00",
        "2020-08-31T09:10:00+00:00",
    )
    assert keynote.start is not None
    assert keynote.start.hour == 15
    assert papers(program) == [
        ("Stream Joins", [("Ana Silva", "Uni A")]),
        ("Data Science Lessons", [("Bo Li", "Uni B")]),
    ]


def test_title_marks_are_dropped() -> None:
    program = parse(
        "Monday, July 16th\n11.05 - 12.30: Session 1 - Access (Chair: Ann Lee)\n"
        "(short) Role of Apps in Privacy\nAna Silva and Bo Li\n"
        "Oblivious Search on Clouds *Best paper award*\nCy Ng and Di Wu\n"
        "(Artificial) Minds in Matching\nEd Po and Fay Xu\n"
    )
    assert [t for t, _ in papers(program)] == [
        "Role of Apps in Privacy",
        "Oblivious Search on Clouds",
        "(Artificial) Minds in Matching",
    ]


def test_rows_timed_like_the_whole_session_are_its_posters() -> None:
    program = parse(
        "21 Jun 2024\n16:00–17:30\tPoster Session\n16:00–17:30\tFirst Poster\nAna Silva\n"
        "16:00–17:30\tSecond Poster\nBo Li, Cy Ng\n"
    )
    [session] = program.sessions
    assert session.kind is SessionKind.POSTERS
    assert [p.title for p in session.papers] == ["First Poster", "Second Poster"]


def test_rows_inside_registration_are_items_of_their_own() -> None:
    program = parse(
        "Monday, October 17, 2016\n8:30 - 17:20\tRegistration\tHall 1F\n"
        "9:30 - 10:00\tOpening Remarks\tAuditorium\n10:00 - 11:00\tKeynote: Ana Silva\tAuditorium\n"
    )
    assert [s.title for s in program.sessions] == [
        "Registration",
        "Opening Remarks",
        "Keynote: Ana Silva",
    ]


# --- author lines --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "people"),
    [
        (
            "Ana Silva - USP (with Bo Li, Cy Ng and Di Wu all from USP)",
            [("Ana Silva", "USP"), ("Bo Li", "USP"), ("Cy Ng", "USP"), ("Di Wu", "USP")],
        ),
        (
            "Ana Silva (with Bo Li (UCLA) Cy Ng (Stanford University))",
            [("Ana Silva", None), ("Bo Li", "UCLA"), ("Cy Ng", "Stanford University")],
        ),
        (
            "Ana Silva, UCSB (with Bo Li, U Washington Cy Ng, UCSB)",
            [("Ana Silva", "UCSB"), ("Bo Li", "U Washington"), ("Cy Ng", "UCSB")],
        ),
        ("Brian A Smith, Shree K Nayar", [("Brian A Smith", None), ("Shree K Nayar", None)]),
        ("Ana Silva (Uni A) · Bo Li (Uni B)", [("Ana Silva", "Uni A"), ("Bo Li", "Uni B")]),
        ("Yang (Katie) Zhao (Uni A)", [("Yang (Katie) Zhao", "Uni A")]),
    ],
)
def test_author_line_forms(line: str, people: list[tuple[str, str | None]]) -> None:
    assert [(a.name, a.affiliation) for a in parse_author_line(line).authors] == people


def test_an_overview_grid_above_the_detailed_program_is_not_a_second_program() -> None:
    program = parse(
        "Program at a glance\nTime\tRoom A\tRoom B\n"
        "09:00–10:30\tSession 1: Storage\tSession 2: Networks\n10:30–11:00\tCoffee Break\n\n"
        "Detailed program\nTuesday, April 1\n"
        "09:00–10:30 Session 1: Storage\nChair: Ann Lee\nA Fast Store\nAna Silva (Uni A)\n"
        "09:00–10:30 Session 2: Networks\nChair: Bo Li\nA Fast Net\nCy Ng (Uni C)\n"
        "10:30–11:00 Coffee Break\n"
    )
    assert [s.title for s in program.sessions] == ["Storage", "Networks", "Coffee Break"]
    assert all(s.day is not None for s in program.sessions)
    assert any("overview" in w.message for w in program.warnings)


def test_parallel_tracks_in_the_columns_of_one_timetable() -> None:
    program = parse(
        "Thursday, 6 November 2025\nTime\tTrack A\tTrack B\n"
        "10:30–12:00\tSession A1: Syntax\tSession B1: Speech\n"
        "\tChair: Ann Lee\tChair: Bo Li\n"
        "10:30–11:00\tParsing Rare Languages (Cy Ng & Di Wu)\tSpeech for All (Ed Po)\n"
        "11:00–11:30\tTagging Words Well (Fay Xu)\tListening Closely (Gil Oz)\n"
        "12:00–13:00\tLunch\n"
    )
    syntax, speech, lunch = program.sessions
    assert [c.name for c in syntax.chairs] == ["Ann Lee"]
    assert [c.name for c in speech.chairs] == ["Bo Li"]
    assert [(p.title, [a.name for a in p.authors]) for p in syntax.papers] == [
        ("Parsing Rare Languages", ["Cy Ng", "Di Wu"]),
        ("Tagging Words Well", ["Fay Xu"]),
    ]
    assert [p.title for p in speech.papers] == ["Speech for All", "Listening Closely"]
    assert lunch.title == "Lunch"


def test_labelled_entries_of_other_page_generators() -> None:
    program = parse(
        "Monday 12 May 2025\n10:50 → 12:30\tTrack 1: Detectors\nConveners: Ann Lee (CERN)\n"
        "10:50\tFast Triggers on GPUs\t20m\nSpeaker: Prof. Bo Li (INFN)\n"
        "11:10\tPaper 12: Streaming Readout\t20m\nAuthors: Cy Ng, Di Wu (DESY)\n"
        "12:30 → 14:00\tLunch\n"
        "Paper Session 2: Fairness (chair: Ed Po, Uni E)\n"
        "Talk: Fair Exposure for Creators — Fay Xu, Politecnico di Bari (14:00–14:20)\n"
    )
    track, _lunch, fairness = program.sessions
    assert [c.name for c in track.chairs] == ["Ann Lee"]
    assert [(p.title, [(a.name, a.affiliation) for a in p.authors]) for p in track.papers] == [
        ("Fast Triggers on GPUs", [("Bo Li", "INFN")]),
        ("Streaming Readout", [("Cy Ng", "DESY"), ("Di Wu", "DESY")]),
    ]
    assert [(p.title, [a.name for a in p.authors]) for p in fairness.papers] == [
        ("Fair Exposure for Creators", ["Fay Xu"])
    ]
    assert fairness.start is not None
    assert fairness.start.strftime("%H:%M") == "14:00"


def test_numbered_affiliation_footnotes_and_entry_ids() -> None:
    program = parse(
        "Date: Tuesday, 2025-06-03\nTime: 10:30 - 12:00\nLocation: Hall B\nS12: Urban Mobility\n"
        "Session Chair: Ann Lee\nID: 123 / S12: 1\nTransit in Peri-Urban Towns\n"
        "Authors: Ana Silva1, Bo Li2, Cy Ng1\n1Uni A, Poland; 2Uni B, Germany\n"
        "ID: 141 / S12: 2\nParking on Sidewalks\nAuthors: Di Wu¹²\n¹Uni C; ²Lab D\n"
    )
    [session] = program.sessions
    assert session.title == "S12: Urban Mobility"
    assert session.room == "Hall B"
    assert session.start is not None
    assert session.start.isoformat() == "2025-06-03T10:30:00+00:00"
    assert papers(program) == [
        (
            "Transit in Peri-Urban Towns",
            [
                ("Ana Silva", "Uni A, Poland"),
                ("Bo Li", "Uni B, Germany"),
                ("Cy Ng", "Uni A, Poland"),
            ],
        ),
        ("Parking on Sidewalks", [("Di Wu", "Uni C; Lab D")]),
    ]


def test_speaker_headings_and_job_titles_of_event_sites() -> None:
    program = parse(
        "Thursday, September 18\n10:30am - 11:10am\nScaling Operators for Substations\n"
        "Room 204\nSpeakers\nTobias Gräf, Senior Software Engineer, Siemens Energy\n"
        "Aisha Okonkwo, Staff Engineer, Schneider Electric\n10:30am - 11:10am\n"
        "Telemetry with Arrow\nRoom 205\nModerators\n"
        "Daniel Oak, Director of Open Source, LF Energy\n"
    )
    scaling, telemetry = program.sessions
    assert scaling.room == "Room 204"
    assert [(a.name, a.affiliation) for a in scaling.papers[0].authors] == [
        ("Tobias Gräf", "Siemens Energy"),
        ("Aisha Okonkwo", "Schneider Electric"),
    ]
    assert telemetry.start == scaling.start
    assert [(c.name, c.affiliation) for c in telemetry.chairs] == [("Daniel Oak", "LF Energy")]


# --- time first, title below: a page-wide decision --------------------------------------------


def test_titles_below_bare_times_even_when_the_line_above_looks_like_one() -> None:
    """The first bare time comes right under the day header, so on this page every title is
    printed below its time; a break's room above the next time is not that item's title, and a
    two-word session title that looks like a name is still a title."""
    program = parse(
        "Wednesday, July 10, 2025\n8:00 am–9:00 am\nContinental Breakfast\nGrand Ballroom Foyer\n"
        "9:00 am–10:30 am\nCloud Storage\nSession Chair: Jane Doe, MIT\nGrand Ballroom A\n"
        "FastCache: Rethinking Caching for Object Stores\n"
        "Alice Smith and Bob Jones, University of Washington; Carol White, Google\n"
        "Available Media\n10:30 am–11:00 am\nBreak with Refreshments\nGrand Ballroom Foyer\n"
    )
    breakfast, storage, pause = program.sessions
    assert (breakfast.title, breakfast.start.hour, breakfast.room) == (
        "Continental Breakfast",
        8,
        "Grand Ballroom Foyer",
    )
    assert (storage.title, storage.start.hour, storage.room) == (
        "Cloud Storage",
        9,
        "Grand Ballroom A",
    )
    assert [(c.name, c.affiliation) for c in storage.chairs] == [("Jane Doe", "MIT")]
    assert papers(program) == [
        (
            "FastCache: Rethinking Caching for Object Stores",
            [
                ("Alice Smith", "University of Washington"),
                ("Bob Jones", "University of Washington"),
                ("Carol White", "Google"),
            ],
        )
    ]
    assert pause.kind is SessionKind.BREAK


def test_bare_talk_starts_inside_a_session_slot_with_durations_below() -> None:
    """Timetable exports print a talk's start alone, its title, then its length (`40m`) and
    its speakers: the talks are the session's papers, timed, and the session keeps its slot."""
    program = parse(
        "Monday 2 June 2025\n09:00 → 10:30\nOpening and Plenary\nConvener: Maria Rossi (INFN)\n"
        "Room: Aula Magna\n09:00\nWelcome address\n10m\n"
        "Speaker: Luca Bianchi (University of Padova)\n09:10\nStatus of neutrino mass searches\n"
        "40m\nSpeaker: Anna Schmidt (KIT)\n10:30 → 11:00\nCoffee break\n11:00 → 12:30\n"
        "Parallel session A: Detectors\nRoom: Room 101\n11:00\nA new silicon tracker\n20m\n"
        "Speakers: Sara Conti (INFN Milano), Marco Ferri (CERN)\n"
    )
    plenary, coffee, detectors = program.sessions
    assert (plenary.start.hour, plenary.end.hour, plenary.end.minute) == (9, 10, 30)
    assert [
        (p.title, p.start.strftime("%H:%M"), p.end.strftime("%H:%M")) for p in plenary.papers
    ] == [
        ("Welcome address", "09:00", "09:10"),
        ("Status of neutrino mass searches", "09:10", "09:50"),
    ]
    assert [(c.name, c.affiliation) for c in plenary.chairs] == [("Maria Rossi", "INFN")]
    assert coffee.kind is SessionKind.BREAK
    assert (detectors.title, detectors.room, detectors.end.hour) == ("Detectors", "Room 101", 12)
    assert papers(program)[-1] == (
        "A new silicon tracker",
        [("Sara Conti", "INFN Milano"), ("Marco Ferri", "CERN")],
    )


def test_timed_rows_naming_people_with_titles_below_chair_names_below_their_label() -> None:
    """Conference-system programs print `09:00 <TAB> speakers`, the title below, then an
    `ABSTRACT.` paragraph; `Chair:` stands alone with the name on the next line, and a clock is
    glued to the break's name."""
    program = parse(
        "TUESDAY, JULY 8\n09:00-10:00 Session 1: Invited Talk\nChair:\n"
        "Jane Doe (University of Oxford)\nLocation: Room A\n09:00\tAlice Smith (ETH Zurich)\n"
        "Verified Compilers in Practice\nABSTRACT. Compilers are complex programs. We verify.\n"
        "10:00-10:30Coffee Break\n10:30-12:30 Session 2A: Verification\nChair:\n"
        "Peter Pan (TU Munich)\n10:30\tBob Jones, Carol White and Dan Brown\n"
        "Model Checking Concurrent Queues\nPRESENTER: Carol White\n"
        "ABSTRACT. We model check lock-free queues.\n11:00\tEve Adams\nRefinement Types for Rust\n"
    )
    invited, coffee, verification = program.sessions
    assert [(c.name, c.affiliation) for c in invited.chairs] == [
        ("Jane Doe", "University of Oxford")
    ]
    assert (coffee.title, coffee.kind, coffee.end.minute) == ("Coffee Break", SessionKind.BREAK, 30)
    assert [c.name for c in verification.chairs] == ["Peter Pan"]
    assert papers(program) == [
        ("Verified Compilers in Practice", [("Alice Smith", "ETH Zurich")]),
        (
            "Model Checking Concurrent Queues",
            [("Bob Jones", None), ("Carol White", None), ("Dan Brown", None)],
        ),
        ("Refinement Types for Rust", [("Eve Adams", None)]),
    ]
    assert verification.papers[1].start.strftime("%H:%M") == "11:00"


def test_event_site_talks_side_by_side_in_one_slot_with_name_company_pairs() -> None:
    """Event sites print a slot's start once, then each talk as `Title - Name, Company & Name,
    Company` with its room below: one item per talk, each in the slot, each a talk of its own."""
    program = parse(
        "Tuesday, March 11\n9:30am\n"
        "Building Secure Supply Chains - Bob Jones, Google & Carol White, Red Hat\nRoom 201\n"
        "Building Cloud Native Apps - Dan Brown, Microsoft\nRoom 202\n10:15am\nCoffee Break\n"
        "Expo Hall\n"
    )
    supply, cloud, coffee = program.sessions
    assert [(s.title, s.room, s.start) for s in (supply, cloud)] == [
        ("Building Secure Supply Chains", "Room 201", supply.start),
        ("Building Cloud Native Apps", "Room 202", supply.start),
    ]
    assert papers(program) == [
        ("Building Secure Supply Chains", [("Bob Jones", "Google"), ("Carol White", "Red Hat")]),
        ("Building Cloud Native Apps", [("Dan Brown", "Microsoft")]),
    ]
    assert (coffee.kind, coffee.room) == (SessionKind.BREAK, "Expo Hall")


def test_poster_board_and_list_numbers_are_not_title_words() -> None:
    program = parse(
        "Monday, June 2\n13:30 – 15:00 | Poster Session\n"
        "P1. Learning Loop Invariants — Ed Po, Fay Lu\n[P2] Fuzzing Compilers — Gus Ha (Uni G)\n"
        "3) 3D Meshes in Rust — Ida Ro (Uni H)\n"
    )
    assert [title for title, _ in papers(program)] == [
        "Learning Loop Invariants",
        "Fuzzing Compilers",
        "3D Meshes in Rust",
    ]


# --- day headers in the forms and languages programs print -----------------------------------


@pytest.mark.parametrize(
    ("header", "month", "day"),
    [
        ("Wednesday, 04/Sept/2024:", 9, 4),
        ("Wed, 4-Sep-2024", 9, 4),
        ("Mittwoch, 4. September 2024", 9, 4),
        ("mercredi 4 septembre 2024", 9, 4),
        ("Miércoles 4 de septiembre", 9, 4),
        ("Giovedì 5 settembre 2024", 9, 5),
        ("Czwartek, 1.12.2022 (Aula Bogumiła Krygowskiego, Collegium Geographicum)", 12, 1),
    ],
)
def test_day_headers_in_several_forms_and_languages(header: str, month: int, day: int) -> None:
    found = parse_day_header(header)
    assert found is not None
    assert (found[0].month, found[0].day) == (month, day)


@pytest.mark.parametrize("title", ["Session 4. Mars rovers", "Track 2: May 5 Results"])
def test_item_titles_that_spell_a_date_are_not_day_headers(title: str) -> None:
    assert parse_day_header(title) is None


@pytest.mark.parametrize(
    "line",
    [
        "Monday 16--Friday 20 June 2008",
        "16-20 June 2008",
        "June 16–20, 2008",
        "Thursday 22 - Saturday 24 May 2025",
        "Mon 16 to Fri 20 June",
    ],
)
def test_a_span_of_days_is_the_events_dates_not_a_day_header(line: str) -> None:
    assert parse_day_header(line) is None


@pytest.mark.parametrize("line", ["Monday 16 June", "Friday, 2020-08-31", "Day 2 – 17 June"])
def test_one_day_with_a_dash_elsewhere_is_still_a_day_header(line: str) -> None:
    assert parse_day_header(line) is not None


def test_title_page_with_the_events_dates_stays_out_of_the_program() -> None:
    """A plain-text programme opens with a title page (`Monday 16--Friday 20 June 2008`, `at
    the`, the venue, `organized by`, the organisers): none of it is a paper."""
    program = parse(
        "Rational Points Workshop\n\nMonday 16--Friday 20 June 2025\n\nat the\n\n"
        "Mathematics Research Centre, University of Warwick, UK\n\norganized by\n\n"
        "Jean-Louis Colliot-Thélène, Samir Siksek, Michael Stoll\n\n\nMonday 16 June\n"
        "==============\n\n9:20-10:20 Ronald van Luijk (Warwick),\n"
        '"Density of rational points on diagonal quartic surfaces"\n\n10:20-11:00 Coffee\n'
    )
    title = "Density of rational points on diagonal quartic surfaces"
    assert papers(program) == [(title, [("Ronald van Luijk", "Warwick")])]
    assert program.sessions[0].start is not None
    assert program.sessions[0].start.day == 16


def test_a_stop_after_a_quoted_title_is_not_part_of_it() -> None:
    program = parse(
        "Monday 16 June\n\n16:00-17:00 David Harari (Orsay),\n"
        '"The defect of strong approximation on commutative algebraic groups".\n'
    )
    assert [t for t, _ in papers(program)] == [
        "The defect of strong approximation on commutative algebraic groups"
    ]


def test_a_start_time_then_a_colon_opens_an_item_in_lower_case() -> None:
    found = find_time_range("19:30: workshop dinner!")
    assert found is not None
    assert (found.start.hour, found.start.minute, found.end) == (19, 30, None)
    assert find_time_range("10:30: 5 items") is None  # a count after the colon, no item
    assert find_time_range("2.05: release notes") is None


def test_a_name_starting_with_to_is_no_range_separator() -> None:
    found = find_time_range("15.00 Todd Mei (online): Hermeneutics and AI")
    assert found is not None
    assert (found.start.hour, found.end, found.span) == (15, None, (0, 5))
    until = find_time_range("9:00 until 10:30")
    assert until is not None
    assert until.end is not None
    assert until.end.hour == 10


def test_a_dash_then_a_spoken_to_is_one_range_separator() -> None:
    # A page whose dash is hidden from screen readers and whose " to " is for them only
    # copies both: "14:15– to 15:00" is the range 14:15-15:00, as "14:15 - until 15:00".
    for line in ("14:15– to 15:00", "8.30 - until 9.10", "10:00 — till 10:45 Plenary"):
        found = find_time_range(line)
        assert found is not None, line
        assert found.end is not None, line
    plain = find_time_range("9:00 – to be announced")
    assert plain is not None
    assert plain.end is None


def test_a_talks_kind_then_its_speaker_in_parentheses_then_its_title() -> None:
    talk = read_talk_title(
        "Scientific presentation 3 (Fabien Maussion): Climate policy and global glacier change"
    )
    assert talk is not None
    assert (talk.session_title, talk.talk_title) == (
        "Scientific presentation 3",
        "Climate policy and global glacier change",
    )
    assert [p.name for p in talk.speakers] == ["Fabien Maussion"]


def test_full_names_in_parentheses_after_a_title_are_its_speakers() -> None:
    program = parse(
        "Saturday 11 March 2025\n\n"
        "09:30 - 11:00: Presentation of the workshop, introduction to OGGM (Fabien Maussion)\n"
        "11:00 - 11:30: Morning Tea/Snacks\n"
        "16:00 - 17:30: Potential and pitfalls of open source models. Presentation (Jakob "
        "Steiner, Fabien Maussion) and open discussion with participants.\n"
        "17:30 - 18:00: Closing drinks (Gold Room)\n"
    )
    assert papers(program) == [
        ("Presentation of the workshop, introduction to OGGM", [("Fabien Maussion", None)]),
        (
            "Potential and pitfalls of open source models",
            [("Jakob Steiner", None), ("Fabien Maussion", None)],
        ),
    ]


def test_known_given_names_alone_in_parentheses_after_a_title_are_its_speakers() -> None:
    program = parse(
        "Monday 4 May 2026\n\n"
        "10:00 - 10:30: Ice core drilling in practice (Ingrid)\n"
        "10:30 - 11:00: Coffee\n"
        "11:00 - 12:00: Working with satellite data (Ingrid, Tobias)\n"
        "12:00 - 13:00: Lunch in the garden (Patio)\n"
    )
    assert papers(program) == [
        ("Ice core drilling in practice", [("Ingrid", None)]),
        ("Working with satellite data", [("Ingrid", None), ("Tobias", None)]),
    ]


def test_a_topic_its_lecturers_in_parentheses_then_a_colon_and_a_description() -> None:
    program = parse(
        "Monday 4 May 2026\n\n"
        "10:00 - 11:00: Sea ice dynamics (Ingrid, Tobias): drift, ridging and melt ponds\n"
        "11:00 - 11:30: Coffee\n"
    )
    assert papers(program) == [("Sea ice dynamics", [("Ingrid", None), ("Tobias", None)])]
    assert "drift, ridging and melt ponds" in program.sessions[0].notes


@pytest.mark.parametrize(
    "line",
    ["Ice core drilling in practice (Outdoors)", "Working with satellite data (Ingrid, Basics)"],
)
def test_a_single_word_in_parentheses_that_is_no_given_name_is_no_speaker(line: str) -> None:
    assert title_then_named_speakers(line) is None


@pytest.mark.parametrize(
    "line", ["Poster madness (Long Papers)", "Welcome and overview (Main Hall)"]
)
def test_words_naming_the_item_or_a_place_in_parentheses_are_no_speakers(line: str) -> None:
    assert title_then_named_speakers(line) is None


def test_a_numbered_days_theme_above_its_date_is_no_note_of_the_item_before() -> None:
    program = parse(
        "Day 1 - General overview\n\nSaturday 11 March 2025\n\n"
        "09:00 - 09:30: Welcome by the organizers\n16:00 - 17:30: Closing discussion\n\n"
        "Day 2 - Introduction to Python\n\nSunday 12 March 2025\n\n"
        "09:00 - 09:45: Introduction of the participants\n"
    )
    assert [(s.title, s.notes) for s in program.sessions] == [
        ("Welcome by the organizers", ()),
        ("Closing discussion", ()),
        ("Introduction of the participants", ()),
    ]


def test_plain_text_program_with_labelled_fields_and_times_after_titles() -> None:
    """A program kept as plain text: `Title (9:00-10:20) (1:20 duration)`, `BREAK 10:20-10:50`,
    `Poster Session 5:00 - 7:30`, and papers as `TITLE ... AUTHORS ...` on one line."""
    program = parse(
        "Monday, June 2\nMachines, Learning (09:00-10:20) (1:20 duration)\n\n"
        "TITLE PipeDream: Pipeline Parallelism AUTHORS Ana Silva (Stanford), Bo Li (CMU),\n\n"
        "BREAK 10:20-10:50 (0:30 duration)\nPoster Session 5:00 - 7:30\n"
        "Time: 19:30 - 21:00\n"
    )
    learning, pause, posters = program.sessions[:3]
    assert (learning.title, learning.start.hour, learning.end.minute) == (
        "Machines, Learning",
        9,
        20,
    )
    assert papers(program) == [
        ("PipeDream: Pipeline Parallelism", [("Ana Silva", "Stanford"), ("Bo Li", "CMU")])
    ]
    assert (pause.kind, pause.start.minute) == (SessionKind.BREAK, 20)
    assert posters.title == "Poster Session"


def test_full_paper_numbers_and_quotes_around_titles_are_dropped() -> None:
    program = parse(
        "Monday, June 2\n10:45 - 12:15 Session 1: Trust\n"
        'Full Paper #8: "Five Darlings to be Killed"\nHelena Olsson and Jan Bosch\n'
        "Short Paper #57: “The Ethical Landscape”\nAapo Koski (Tampere University)\n"
    )
    assert [title for title, _ in papers(program)] == [
        "Five Darlings to be Killed",
        "The Ethical Landscape",
    ]


def test_conference_system_page_in_german_with_glued_footnote_numbers() -> None:
    program = parse(
        "Datum: Mittwoch, 25.02.2026\n14:00 - 15:30\tSektion 3: Virtualität\nOrt: Hörsaal 5\n"
        "Chair der Sitzung: Lisa Dieckmann, Universität zu Köln\n\n"
        "Klassifizierung von Quellen bei virtuellen Rekonstruktionen\n\n"
        "Marc Grellert1, Ed Po1,2, Fay Lu2\n\n"
        "1Technische Universität Darmstadt, Deutschland; 2Hochschule Dresden, Deutschland\n"
    )
    [session] = program.sessions
    assert (session.room, session.start.day) == ("Hörsaal 5", 25)
    assert [(c.name, c.affiliation) for c in session.chairs] == [
        ("Lisa Dieckmann", "Universität zu Köln")
    ]
    assert papers(program) == [
        (
            "Klassifizierung von Quellen bei virtuellen Rekonstruktionen",
            [
                ("Marc Grellert", "Technische Universität Darmstadt, Deutschland"),
                (
                    "Ed Po",
                    "Technische Universität Darmstadt, Deutschland; "
                    "Hochschule Dresden, Deutschland",
                ),
                ("Fay Lu", "Hochschule Dresden, Deutschland"),
            ],
        )
    ]


def test_titles_above_labelled_times_twelve_hour_clock_without_am_pm_and_by_lines() -> None:
    """The first time stands under a title that stands under the day header, so titles are
    printed above their times, a break's included; the page never prints an hour after 12, so
    a time that runs backwards after noon is afternoon."""
    program = parse(
        "Friday, October 14, 2022: Student Center 201\nSession 1\n\nTime: 9:10-10:30\n\n"
        "Sweeping Polygons\nby Kien Huynh, Joseph Mitchell\nCoffee Break and Discussion Time\n\n"
        "Time: 10:30-11:00\n\nLunch (on your own)\n\nTime: 12:00-2:00\n\nSession 3\n\n"
        "Time: 2:00-3:20\n\nOn Flipping the Frechet Distance\n"
        "by Omrit Filtser, Valentin Polishchuk\n"
    )
    slots = [
        (s.title, s.start.strftime("%H:%M"), s.end.strftime("%H:%M")) for s in program.sessions
    ]
    assert slots == [
        ("Session 1", "09:10", "10:30"),
        ("Coffee Break and Discussion Time", "10:30", "11:00"),
        ("Lunch (on your own)", "12:00", "14:00"),
        ("Session 3", "14:00", "15:20"),
    ]
    assert papers(program) == [
        ("Sweeping Polygons", [("Kien Huynh", None), ("Joseph Mitchell", None)]),
        (
            "On Flipping the Frechet Distance",
            [("Omrit Filtser", None), ("Valentin Polishchuk", None)],
        ),
    ]


def test_month_first_dates_read_by_their_printed_weekday_and_colon_joined_affiliations() -> None:
    program = parse(
        "06/09/2025 Monday\n10:40-12:00\tSession: Approximation\nChair: Wei Niu (UGA)\n\n"
        "BitWeaver: Read-Time Truncation in Memory\n"
        "Garrett Gagnon:Samsung Semiconductor US;Liu Liu:Rensselaer Polytechnic Institute\n"
    )
    [session] = program.sessions
    assert (session.start.month, session.start.day) == (6, 9)
    assert papers(program) == [
        (
            "BitWeaver: Read-Time Truncation in Memory",
            [
                ("Garrett Gagnon", "Samsung Semiconductor US"),
                ("Liu Liu", "Rensselaer Polytechnic Institute"),
            ],
        )
    ]


def test_a_title_right_above_a_chair_line_is_a_parallel_session_of_the_slot() -> None:
    """`10:00-11:00` / `Zoom Sessions` / `Dialogue Systems` / `Chair: TBA` / titles ...: each
    chaired title is a session of the slot, the slot's heading its track; `TBA` names nobody,
    and a journal tag after a title is not its author."""
    program = parse(
        "Wednesday, April 21\n10:00-11:00\nZoom Sessions\nDialogue and Interactive Systems\n"
        "Chair: TBA\n\nJointly Improving Language Understanding\n"
        "Augmenting Transformers with Composite Memory for Dialog (TACL)\n"
        "Computational Social Choice and Social Media\nChair: Ana Silva\n\n"
        "I Beg to Differ: Constructive Disagreement Online\n"
        "Attention Can Reflect Syntactic Structure (If You Let It)\n"
    )
    dialogue, social = program.sessions
    assert [(s.title, s.track, s.start.hour) for s in program.sessions] == [
        ("Dialogue and Interactive Systems", "Zoom Sessions", 10),
        ("Computational Social Choice and Social Media", "Zoom Sessions", 10),
    ]
    assert dialogue.chairs == ()
    assert [c.name for c in social.chairs] == ["Ana Silva"]
    assert papers(program) == [
        ("Jointly Improving Language Understanding", []),
        ("Augmenting Transformers with Composite Memory for Dialog (TACL)", []),
        ("I Beg to Differ: Constructive Disagreement Online", []),
        ("Attention Can Reflect Syntactic Structure (If You Let It)", []),
    ]


def test_session_chair_after_a_dash_and_the_talk_kind_before_a_dash() -> None:
    program = parse(
        "Monday, April 20\n08:30 – 10:30\n\nWelcome, Keynote & Session 1 — Lindsey Kuper\n\n"
        "Keynote - Yesquel: Scalable SQL Storage. Marcos Aguilera (VMware Inc., USA)\n"
        "11:00 – 12:30\n\nSession 2 — Rodrigo Rodrigues\n\n"
        "Claret: Data Types for Transactions. Brandon Holt, Irene Zhang and Dan Ports\n"
    )
    first, second = program.sessions
    assert [(s.title, [c.name for c in s.chairs]) for s in program.sessions] == [
        ("Welcome, Keynote & Session 1", ["Lindsey Kuper"]),
        ("Session 2", ["Rodrigo Rodrigues"]),
    ]
    assert [title for title, _ in papers(program)] == [
        "Yesquel: Scalable SQL Storage",
        "Claret: Data Types for Transactions",
    ]
    assert (first.start.hour, second.start.hour) == (8, 11)


def test_one_affiliation_line_below_a_line_of_names_is_theirs() -> None:
    program = parse(
        "Datum: Donnerstag, 26.02.2026\n9:00 - 10:30\tDoctoral Consortium\nOrt: Hörsaal 1\n\n"
        "Aufmerksamkeit in/und Literatur\n\nJan Angermeier\n\n"
        "Universität Stuttgart, Deutschland\n\n"
        "Mapping Stonewall\n\nRobin Luger, Eva Maier\n\nUniversität Wien, Österreich\n"
    )
    assert papers(program) == [
        (
            "Aufmerksamkeit in/und Literatur",
            [("Jan Angermeier", "Universität Stuttgart, Deutschland")],
        ),
        (
            "Mapping Stonewall",
            [
                ("Robin Luger", "Universität Wien, Österreich"),
                ("Eva Maier", "Universität Wien, Österreich"),
            ],
        ),
    ]


def test_a_clock_broken_by_a_space_and_a_mode_mark_are_read() -> None:
    program = parse(
        "Tuesday, November 19\n10: 45- 11:15\tSession 1: Trust\n"
        "CoLa: Sparse Matrix Multiplication on GPUs\n(virtual)\nLixing Zhang (BUPT)\n"
        "IA-Chol: Input-Aware Cholesky Decomposition (virtual)\nJixiao Deng (NUDT)\n"
    )
    [session] = program.sessions
    assert (session.start.hour, session.start.minute, session.end.minute) == (10, 45, 15)
    assert papers(program) == [
        ("CoLa: Sparse Matrix Multiplication on GPUs", [("Lixing Zhang", "BUPT")]),
        ("IA-Chol: Input-Aware Cholesky Decomposition", [("Jixiao Deng", "NUDT")]),
    ]


def test_conference_system_field_labels_above_their_values() -> None:
    """ConfTool prints each field's name on its own line: `Session` / its title, `Time:` / the
    date / the time, `Presentations` / the talks, each with its slot, title and authors."""
    program = parse(
        "Session Overview\nSession\n1.1: Climate Policy\nTime:\nWednesday, 04/Sept/2024:\n"
        "9:00am - 10:30am\n\nSession Chair: Jane Doe, University of Vienna\nLocation: HS 1\n"
        "Lecture Hall 1, Ground floor\n\nPresentations\n9:00am - 9:20am\n\n"
        "Carbon Pricing and Innovation\n\nAna Silva1, Bo Li2\n"
        "1University A, Poland; 2University B, Germany\n\n9:20am - 9:40am\n\n"
        "Green Bonds in Emerging Markets\n\nCy Ng\nUniversity C, Singapore\n\n"
        "Session\n1.2: Labour Economics\nTime:\nWednesday, 04/Sept/2024:\n11:00am - 12:30pm\n"
    )
    climate, labour = program.sessions
    assert (climate.title, climate.room, climate.start.day, climate.start.hour) == (
        "1.1: Climate Policy",
        "HS 1",
        4,
        9,
    )
    assert [(p.title, p.start.strftime("%H:%M")) for p in climate.papers] == [
        ("Carbon Pricing and Innovation", "09:00"),
        ("Green Bonds in Emerging Markets", "09:20"),
    ]
    assert papers(program)[1] == (
        "Green Bonds in Emerging Markets",
        [("Cy Ng", "University C, Singapore")],
    )
    assert (labour.title, labour.start.hour) == ("1.2: Labour Economics", 11)


def test_medical_symposium_with_abstract_numbers_and_city_affiliations() -> None:
    program = parse(
        "Thursday, 12 June 2025\n08:30 - 10:00\nSymposium S12: Advances in Cardiac Imaging\n"
        "Hall B\nChairs: Maria Garcia (Madrid, Spain), John Smith (London, United Kingdom)\n"
        "08:30 - 08:50\nS12.1 Cardiac MRI in heart failure\n"
        "Anna Müller, University Hospital Zurich, Zurich, Switzerland\n"
        "08:50 - 09:10\nS12.2 CT angiography: where do we stand?\n"
        "Paolo Rossi, Sapienza University, Rome, Italy\n"
    )
    [symposium] = program.sessions
    assert (symposium.room, [c.name for c in symposium.chairs]) == (
        "Hall B",
        ["Maria Garcia", "John Smith"],
    )
    assert [(p.title, p.start.strftime("%H:%M")) for p in symposium.papers] == [
        ("Cardiac MRI in heart failure", "08:30"),
        ("CT angiography: where do we stand?", "08:50"),
    ]
    assert papers(program)[0][1] == [
        ("Anna Müller", "University Hospital Zurich, Zurich, Switzerland")
    ]


def test_a_timetable_whose_columns_are_rooms() -> None:
    """`Time | Auditorium | Seminar Room 1`: each cell of a timed row is an item in its column's
    room, and a row with one cell (a break) spans them."""
    program = parse(
        "Monday, June 2\nTime\tAuditorium\tSeminar Room 1\n"
        "09:00-10:30\tKeynote: Jane Doe (MIT)\tTutorial: Rust for Systems\n"
        "10:30-11:00\tCoffee Break\n11:00-12:30\tDatabases\tNetworks\n"
    )
    assert [(s.title, s.room, s.start.hour) for s in program.sessions][1:] == [
        ("Tutorial: Rust for Systems", "Seminar Room 1", 9),
        ("Coffee Break", None, 10),
        ("Databases", "Auditorium", 11),
        ("Networks", "Seminar Room 1", 11),
    ]
    keynote = program.sessions[0]
    assert (keynote.room, keynote.kind) == ("Auditorium", SessionKind.KEYNOTE)
    assert [(a.name, a.affiliation) for a in keynote.papers[0].authors] == [("Jane Doe", "MIT")]


def test_event_app_speakers_with_job_lines_and_a_room_printed_last() -> None:
    program = parse(
        "Tuesday, May 13, 2025\n10:15 AM - 11:00 AM\nScaling Data Pipelines\nRoom 101\n"
        "Speakers\nBob Jones\nStaff Engineer, Google\nCarol White\nDirector, Red Hat\n"
        "11:30\nReverse Engineering Smart Meters\nCarol White\nWorkshop Tent\n12:30\nLunch\n"
    )
    pipelines, meters, lunch = program.sessions
    assert [(a.name, a.affiliation) for a in pipelines.papers[0].authors] == [
        ("Bob Jones", "Google"),
        ("Carol White", "Red Hat"),
    ]
    assert (meters.room, lunch.room) == ("Workshop Tent", None)


def test_booklet_talks_print_speakers_then_a_colon_then_the_title() -> None:
    """`09:00 A. Smith, B. Jones: Groups acting on trees` (LaTeX booklets); a title's own colon
    (`Copper and Wire: ...`, `Extended User Interrupts (xUI): ...`) is left alone."""
    program = parse(
        "Monday 2nd June\n09:00–10:30 Session 1: Algebra (Room A) Chair: J. Doe\n"
        "09:00 A. Smith, B. Jones: Groups acting on trees\n"
        "09:30 G. Gray (Oxford): Spectral gaps for random graphs\n"
        "10:00 Copper and Wire: Bridging Expressiveness and Performance\nAna Silva (MIT)\n"
    )
    assert papers(program) == [
        ("Groups acting on trees", [("A. Smith", None), ("B. Jones", None)]),
        ("Spectral gaps for random graphs", [("G. Gray", "Oxford")]),
        ("Copper and Wire: Bridging Expressiveness and Performance", [("Ana Silva", "MIT")]),
    ]


def test_a_workshop_heading_with_its_organisers_then_its_room_and_times() -> None:
    program = parse(
        "Monday, April 20\nRoom : TD 13\n9:00 – 10:30\n\nSession 1\n\n"
        "Deployment Challenges in PKI. Stephanos Matsumoto (CMU), Adrian Perrig (ETH Zurich)\n"
        "PaPoC: Workshop on Consistency for Distributed Data\n\n"
        "Carlos Baquero (INESC TEC), Marco Serafini (QCRI)\n\nRoom : TD 11\n08:30 – 10:30\n\n"
        "Session 2\n\nClaret: Data Types for Transactions. Brandon Holt and Irene Zhang\n"
    )
    first, second = program.sessions
    assert [title for title, _ in papers(program)] == [
        "Deployment Challenges in PKI",
        "Claret: Data Types for Transactions",
    ]
    assert (first.room, second.room) == ("TD 13", "TD 11")
    assert second.track == "PaPoC: Workshop on Consistency for Distributed Data"


def test_word_agenda_keynote_with_a_quoted_title_and_an_honorific() -> None:
    program = parse(
        "Day 1: Monday, 2 June 2025\n9:15 – 10:00\tKeynote: “Quantum Sensing for Medicine” – "
        "Dr. John Smith, University of Oxford\n"
    )
    assert papers(program) == [
        ("Quantum Sensing for Medicine", [("John Smith", "University of Oxford")])
    ]


def test_a_page_listed_room_by_room_is_not_read_as_afternoon() -> None:
    """All hours are before noon, and the times run back from 11:00 to 9:00 because the page
    lists one room after another: a 24-hour morning, not a 12-hour afternoon."""
    program = parse(
        "Monday, June 2\n9:00-10:00 Session A1\n10:00-11:00 Session A2\n11:00-12:00 Session A3\n"
        "9:00-10:00 Session B1\n10:00-11:00 Session B2\n"
    )
    assert [s.start.hour for s in program.sessions] == [9, 10, 11, 9, 10]


# --- found in review: readings that must not misfire -----------------------------------------


def test_a_room_printed_last_in_each_item_is_that_items_room() -> None:
    program = parse(
        "Monday, 2 June 2025\n\n09:00-10:30 Session 1: Databases\nFast Joins on GPUs\n"
        "Ana Silva (Uni A), Bo Li (Uni B)\nRoom: Hall A\n\n11:00-12:30 Session 2: Systems\n"
        "Query Planning Revisited\nCy Ng (Uni C)\nRoom: Hall B\n"
    )
    assert [(s.title, s.room, s.track) for s in program.sessions] == [
        ("Databases", "Hall A", None),
        ("Systems", "Hall B", None),
    ]
    assert [title for title, _ in papers(program)] == [
        "Fast Joins on GPUs",
        "Query Planning Revisited",
    ]


def test_table_columns_that_name_fields_are_not_rooms() -> None:
    program = parse(
        "Monday, 2 June 2025\n\nTime\tSession\tChair\tVenue\n"
        "09:00-10:30\tDatabases\tAna Silva\tHall A\n11:00-12:30\tSystems\tCy Ng\tHall B\n"
    )
    assert [s.title for s in program.sessions] == ["Databases", "Systems"]


def test_one_author_after_a_title_on_its_line_is_still_split() -> None:
    program = parse(
        "Monday, 2 June 2025\n\n09:00-10:30 Session 1: Databases\n"
        "Fast Joins on Modern GPUs Ana Silva (University of Lisbon)\n"
        "Query Planning for Streams Cy Ng (ETH Zurich)\n"
    )
    assert papers(program) == [
        ("Fast Joins on Modern GPUs", [("Ana Silva", "University of Lisbon")]),
        ("Query Planning for Streams", [("Cy Ng", "ETH Zurich")]),
    ]


def test_version_numbers_opening_a_title_are_title_words() -> None:
    program = parse(
        "Monday, 2 June 2025\n09:00-10:30 Session 1: Language Models\n"
        "Qwen2.5 Technical Report Revisited\nAna Silva (Uni A)\n"
        "Web3.0 Security in Practice\nCy Ng (Uni C)\n"
    )
    assert [title for title, _ in papers(program)] == [
        "Qwen2.5 Technical Report Revisited",
        "Web3.0 Security in Practice",
    ]


def test_an_empty_chair_cell_does_not_take_the_first_line_of_the_file() -> None:
    program = parse(
        "Conference Programme\nMonday, 2 June 2025\n\n"
        "09:00-10:30\tSession 1: Databases\tChair:\n10:30-11:00\tCoffee break\n"
    )
    assert program.sessions[0].chairs == ()
    assert any("chair line names nobody" in w.message for w in program.warnings)


def test_a_first_day_at_the_end_of_the_calendar_is_no_traceback() -> None:
    far = ParseOptions(timezone="UTC", first_day=date(9999, 12, 30))
    program = parse_text("MONDAY\nBreakfast (7:30-8:45)\n", far)
    assert program.sessions[0].start is None


def test_a_year_first_date_with_slashes_is_a_day_header() -> None:
    program = parse(
        "2025/06/02\n10:40 - 12:20\tSession 1: Databases\n"
        "10:40 - 11:05\tFast Joins on Modern GPUs\nAna Silva, Bo Li\nUniversity of Lisbon\n"
    )
    assert program.sessions[0].day == date(2025, 6, 2)


def test_session_labels_and_codes_before_each_paper_are_not_title_words() -> None:
    program = parse(
        "Monday, 2 June 2025\n10:40 - 12:20\tSession 1A - Session 1A: Databases\n"
        "10:40 - 11:05\tSession 1A - 1A-1 Fast Joins on Modern GPUs\nAna Silva\nUni A\n"
        "11:05 - 11:30\t1A-2 - Session 1A - TACL-488: Query Planning for Streams\nCy Ng\n"
    )
    assert [title for title, _ in papers(program)] == [
        "Fast Joins on Modern GPUs",
        "Query Planning for Streams",
    ]


def test_numbered_affiliations_separated_by_commas_keep_their_own_commas() -> None:
    program = parse(
        "Monday, 2 June 2025\n09:00-10:30 Session 1: Databases\n"
        "Fast Joins on Modern GPUs\nAna Silva1, Bo Li2, Cy Ng1\n"
        "1School of Informatics, University of Edinburgh, 2MIT\n"
    )
    assert papers(program) == [
        (
            "Fast Joins on Modern GPUs",
            [
                ("Ana Silva", "School of Informatics, University of Edinburgh"),
                ("Bo Li", "MIT"),
                ("Cy Ng", "School of Informatics, University of Edinburgh"),
            ],
        )
    ]


_COLUMNS_TEXT = (
    "Monday, 2 June 2025\n10:30-12:10\nOral Presentations 1\n"
    "Session 1A: Databases\nChair: Ana Silva\n\tSession 1B: Operating Systems\nChair: Bo Li\n"
    "Hall 1\tHall 2\n"
    "10:30\nFast Joins on Modern GPUs\n10:50\nQuery Planning for Streams\n"
    "\t10:30\nKernel Bypass Revisited Again\n10:50\nScheduling Threads at Scale\n"
)
# The same text as some browsers copy it: a TAB alone on the line before each later cell.
_COLUMNS_TEXT_TAB_LINES = _COLUMNS_TEXT.replace("\n\t", "\n\t\n")
_COLUMNS_PAGE = (
    "<html><body><h3>Monday, 2 June 2025</h3><table>"
    "<tr><td colspan=2><div>10:30-12:10</div><div>Oral Presentations 1</div></td></tr>"
    "<tr><td><div>Session 1A: Databases</div><div>Chair: Ana Silva</div></td>"
    "<td><div>Session 1B: Operating Systems</div><div>Chair: Bo Li</div></td></tr>"
    "<tr><td>Hall 1</td><td>Hall 2</td></tr>"
    "<tr><td><div>10:30</div><div>Fast Joins on Modern GPUs</div>"
    "<div>10:50</div><div>Query Planning for Streams</div></td>"
    "<td><div>10:30</div><div>Kernel Bypass Revisited Again</div>"
    "<div>10:50</div><div>Scheduling Threads at Scale</div></td></tr>"
    "</table></body></html>"
)


@pytest.mark.parametrize(
    "source",
    [_COLUMNS_TEXT, _COLUMNS_TEXT_TAB_LINES, _COLUMNS_PAGE],
    ids=["text", "text-tab-lines", "page"],
)
def test_parallel_sessions_in_columns_take_their_own_cells_papers(source: str) -> None:
    program = parse_program(source, UTC)
    found = {
        s.title: (s.room, [c.name for c in s.chairs], [p.title for p in s.papers])
        for s in program.sessions
        if s.papers
    }
    assert found == {
        "Databases": (
            "Hall 1",
            ["Ana Silva"],
            ["Fast Joins on Modern GPUs", "Query Planning for Streams"],
        ),
        "Operating Systems": (
            "Hall 2",
            ["Bo Li"],
            ["Kernel Bypass Revisited Again", "Scheduling Threads at Scale"],
        ),
    }


def test_a_page_laid_out_as_a_table_per_row_keeps_its_time_cells() -> None:
    row = (
        "<tr><td><table><tr><td>{time} &nbsp;&nbsp;</td><td>{body}</td></tr></table></td>"
        "<td><!-- slides --></td><td></td></tr>"
    )
    page = (
        "<html><body><table><tr><td colspan=3><b>2025/06/02</b></td></tr>"
        + row.format(time="10:40  - 12:20", body="Session 1A: Databases")
        + row.format(
            time="10:40 - 11:05", body="<b>Fast Joins on Modern GPUs</b><br><em>Ana Silva</em>"
        )
        + row.format(
            time="11:05 - 11:30", body="<b>Query Planning for Streams</b><br><em>Cy Ng</em>"
        )
        + "</table></body></html>"
    )
    assert "10:40 - 11:05 \u00a0\u00a0\tFast Joins on Modern GPUs" in html_to_text(page)
    assert papers(parse_program(page, UTC)) == [
        ("Fast Joins on Modern GPUs", [("Ana Silva", None)]),
        ("Query Planning for Streams", [("Cy Ng", None)]),
    ]


def test_a_row_opening_with_a_cell_of_timed_talks_is_not_a_slot_and_its_length() -> None:
    cell = "<td><div>{0}0:30</div><div>Fast Joins on Modern GPUs, Revisited {0}</div></td>"
    page = "<html><body><table><tr>" + "".join(cell.format(n) for n in (1, 2, 3)) + "</tr></table>"
    lines = html_to_text(page).splitlines()
    assert lines[:3] == ["10:30", "Fast Joins on Modern GPUs, Revisited 1", "\t20:30"]


def test_a_date_before_a_slot_time_is_the_slot_s_day() -> None:
    program = parse(
        "Session :\nDatabases\nDate & Time : June 3 10:40 am - 11:40 am\nChair : Ana Silva\n"
        "Fast Joins on Modern GPUs\nBo Li (Uni B)\n"
        "Session :\nSystems\nDate & Time : June 2 02:00 pm - 03:40 pm\nChair : Cy Ng\n"
        "Kernel Bypass Revisited Again\nDe Wu (Uni D)\n"
    )
    found = [(s.title, s.day, s.start) for s in program.sessions]
    assert [(title, day) for title, day, _ in found] == [
        ("Databases", date(2025, 6, 3)),
        ("Systems", date(2025, 6, 2)),
    ]
    assert [start.hour if start else None for _, _, start in found] == [10, 14]


def test_an_authors_label_under_a_title_names_that_paper_s_authors() -> None:
    program = parse(
        "Monday, 2 June 2025\n09:00-10:30 Session 1: Databases\n"
        "Fast Joins on Modern GPUs\nAuthors:\nAna Silva, Bo Li\nAbstract :\n.\n"
        "Obvious: A Toolkit — One Toolkit to Bind Them All\nAuthors:\nCy Ng, De Wu\n"
    )
    assert papers(program) == [
        ("Fast Joins on Modern GPUs", [("Ana Silva", None), ("Bo Li", None)]),
        ("Obvious: A Toolkit — One Toolkit to Bind Them All", [("Cy Ng", None), ("De Wu", None)]),
    ]


@pytest.mark.parametrize(
    ("item", "talk"),
    [
        ("Keynote by Ana Silva: Fast Joins at Scale", "Fast Joins at Scale"),
        (
            'Invited Talk by Ana Silva: "Fast joins!", or, "Faster joins", or neither.',
            '"Fast joins!", or, "Faster joins", or neither.',
        ),
    ],
)
def test_a_talk_by_its_speaker_then_its_title_after_a_colon(item: str, talk: str) -> None:
    program = parse(f"Monday, 2 June 2025\n09:00 - 10:10\t{item}\n10:10 - 10:40\tBreak\n")
    keynote = program.sessions[0]
    assert keynote.title == item.split(":", 1)[0]
    assert [(p.title, [a.name for a in p.authors]) for p in keynote.papers] == [
        (talk, ["Ana Silva"])
    ]


def test_a_site_menu_naming_session_chairs_does_not_start_the_program() -> None:
    program = parse(
        "Participant Information\nAuthors\nPoster Presenters\nSession Chairs\n"
        "Call for Participation\nPapers\nPosters\nPanels\nTutorials\n"
        "Monday, 2 June 2025\n09:00-10:30 Session 1: Databases\n"
        "Fast Joins on Modern GPUs\nAna Silva (Uni A)\n"
    )
    assert papers(program) == [("Fast Joins on Modern GPUs", [("Ana Silva", "Uni A")])]


def test_a_paper_session_on_social_media_still_holds_its_timed_papers() -> None:
    program = parse(
        "Monday, 2 June 2025\n14:00 - 15:15\t2C: NLP for Web and Social Media (Long Papers)\n"
        "14:00 - 14:25\t2C-1 Fast Joins on Modern GPUs\nAna Silva\nUniversity of Lisbon\n"
        "14:25 - 14:50\t2C-2 Query Planning for Streams\nCy Ng\nETH Zurich\n"
    )
    assert [(s.title, len(s.papers)) for s in program.sessions] == [
        ("2C: NLP for Web and Social Media (Long Papers)", 2)
    ]


def test_a_university_by_its_usual_short_name_is_the_authors_affiliation() -> None:
    program = parse(
        "Monday, 2 June 2025\n09:00-10:30 Session 1: Databases\n"
        "Fast Joins on Modern GPUs\nAna Silva and Bo Li\nUC Berkeley\n"
        "Query Planning for Streams\nUt Nguyen, Cy Ng\nUT Austin\n"
    )
    assert papers(program) == [
        ("Fast Joins on Modern GPUs", [("Ana Silva", "UC Berkeley"), ("Bo Li", "UC Berkeley")]),
        ("Query Planning for Streams", [("Ut Nguyen", "UT Austin"), ("Cy Ng", "UT Austin")]),
    ]


# --- parallel sessions side by side, copied from a table ----------------------------------------


# A browser copies a table row as its cells joined by TABs, each cell's own line breaks kept: the
# header cell ends in a line break, the time cell prints the slot's length below the time, and
# each talk cell holds a title over its authors.
SIDE_BY_SIDE = (
    "Wednesday, June 4, 2025\n"
    "09:00 - 09:30\tWelcome Coffee\t\n"
    "\tTrack A: Storage Systems (Room: Aula)\n"
    "\tTrack B: Query Engines (Room: Hall 2)\n"
    "\n"
    "09:30 - 10:00\n"
    "30m\tLog-Structured Merge Trees Revisited\n"
    "Ana Silva and Bo Li\tVectorised Joins for Column Stores\n"
    "Cy Ng, Di Wu, and Ed Po\n"
    "10:00 - 10:20\n"
    "20m\tCrash Consistency Without Fences\n"
    "Fay Xu\tAdaptive Query Compilation\n"
    "Gil Oz and Hal Kim\n"
    "10:20 - 11:00\tLunch (Room: Foyer)\t\n"
)


def test_parallel_sessions_side_by_side_read_column_by_column() -> None:
    program = parse(SIDE_BY_SIDE)
    by_title = {s.title: s for s in program.sessions}
    tracks = [s for s in program.sessions if s.papers]
    assert len(tracks) == 2
    first, second = tracks
    assert [p.title for p in first.papers] == [
        "Log-Structured Merge Trees Revisited",
        "Crash Consistency Without Fences",
    ]
    assert [p.title for p in second.papers] == [
        "Vectorised Joins for Column Stores",
        "Adaptive Query Compilation",
    ]
    assert [a.name for a in first.papers[1].authors] == ["Fay Xu"]
    assert [a.name for a in second.papers[0].authors] == ["Cy Ng", "Di Wu", "Ed Po"]
    for track in tracks:
        assert (track.start.strftime("%H:%M"), track.end.strftime("%H:%M")) == ("09:30", "10:20")
        assert [p.start.strftime("%H:%M") for p in track.papers if p.start] == ["09:30", "10:00"]
    assert "Lunch" in by_title
    assert not by_title["Lunch"].papers


def test_side_by_side_grid_is_read_column_by_column_keeping_line_numbers() -> None:
    lines = read_grids_in_text(numbered_lines(SIDE_BY_SIDE))
    assert lines[2:12] == [
        (3, "Track A: Storage Systems (Room: Aula)"),
        (7, "09:30 - 10:00 30m\tLog-Structured Merge Trees Revisited"),
        (8, "Ana Silva and Bo Li"),
        (11, "10:00 - 10:20 20m\tCrash Consistency Without Fences"),
        (12, "Fay Xu"),
        (4, "Track B: Query Engines (Room: Hall 2)"),
        (8, "09:30 - 10:00 30m\tVectorised Joins for Column Stores"),
        (9, "Cy Ng, Di Wu, and Ed Po"),
        (12, "10:00 - 10:20 20m\tAdaptive Query Compilation"),
        (13, "Gil Oz and Hal Kim"),
    ]
    assert lines[12] == (14, "10:20 - 11:00\tLunch (Room: Foyer)")


def test_a_table_of_one_session_per_row_is_left_as_it_stands() -> None:
    text = "09:00 - 10:30\tSession 1: Storage\tChair: Ann Lee\n10:30 - 11:00\tCoffee Break\n"
    assert read_grids_in_text(numbered_lines(text)) == numbered_lines(text)


def test_title_with_an_unpaired_quote() -> None:
    program = parse(
        "Monday, March 3, 2025\nSession 1: Storage\n"
        '09:00 - 09:30\tFull Paper #67: Integrating Sustainability into Scrum"\n'
        "Ana Silva, Bo Li, and Cy Ng\n"
        '09:30 - 10:00\tFull Paper #68: "Caching at the Edge"\n'
        "Di Wu and Ed Po\n"
        '10:00 - 10:30\tFull Paper #69: ""Pathways to Policy Change"\n'
        "Fay Lu\n"
    )
    assert [p.title for p in program.sessions[0].papers] == [
        "Integrating Sustainability into Scrum",
        "Caching at the Edge",
        "Pathways to Policy Change",
    ]


def test_a_contraction_is_no_name() -> None:
    assert split_sentence_authors("Workarounds are Everywhere! We’d Better Use Them") is None
    assert parse_author_line("Seán O'Brien and Lia D’Angelo").authors[1].name == "Lia D’Angelo"


def test_a_break_is_no_author_and_a_keynote_speakers_line_heads_its_talk() -> None:
    # Titles above their "Time:" lines; a keynote names its speaker, its talk title below.
    program = parse(
        "Friday, October 14, 2022\n\nSession 1\n\nTime: 9:00-10:30\n\n"
        "Sweeping Polygons Quickly\n\nby Ana Silva, Bo Li\n\n"
        "Coffee Break\n\nTime: 10:30-11:00\n\n"
        "Keynote: Cy Ng\n\nTime: 11:00-12:00\n\nLabeled Reconfiguration by Compaction\n\n"
        "Lunch (on your own)\n\nTime: 12:00-1:30\n\n"
        "Session 2\n\nTime: 1:30-2:30\n\nShapes of Data\n\nby Di Wu\n"
    )
    keynote = next(s for s in program.sessions if s.kind is SessionKind.KEYNOTE)
    assert keynote.start.strftime("%H:%M") == "11:00"
    assert papers(program)[1] == ("Labeled Reconfiguration by Compaction", [("Cy Ng", None)])
    lunch = next(s for s in program.sessions if s.title and s.title.startswith("Lunch"))
    assert lunch.kind is SessionKind.BREAK
    assert not lunch.papers
    assert author_line_score("Lunch (on your own)") == 0.0


def test_page_controls_above_the_first_time_do_not_make_titles_stand_above() -> None:
    program = parse(
        "Schedule - Wednesday, April 21\nShow times in:\nExpand All Collapse All\n"
        "8:45-9:00\nOpening\n9:00-10:00\nKeynote 1: Ana Silva\n10:00-11:00\nZoom Sessions\n"
        "Storage Systems\nChair: Bo Li (Uni B)\nLog-Structured Merge Trees Revisited\n"
        "Vectorised Joins for Column Stores\n"
    )
    starts = {s.title: s.start.strftime("%H:%M") for s in program.sessions if s.start}
    assert starts["Opening"] == "08:45"
    assert starts["Keynote 1: Ana Silva"] == "09:00"


def test_items_run_together_on_one_line_are_read_one_by_one() -> None:
    program = parse(
        "Monday, March 3, 2025\n"
        "Demo Session A 17:00 - 19:00 (2:00 duration) "
        "Demo Session B 17:00 - 19:00 (2:00 duration)\n"
        "Conference Banquet 19:30 - 22:00\n"
    )
    assert [(s.title, s.start.strftime("%H:%M")) for s in program.sessions if s.start] == [
        ("Demo Session A", "17:00"),
        ("Demo Session B", "17:00"),
        ("Conference Banquet", "19:30"),
    ]
    assert not papers(program)


@pytest.mark.parametrize(
    "line",
    [
        "Lunch 12:00 - 13:00",
        "Monday 9:00 - 10:00 and Tuesday 10:00 - 11:00",
        "Talk by Ana Silva 10:00-10:30 then questions 10:30-10:45",
    ],
)
def test_a_line_with_one_item_or_a_sentence_stays_whole(line: str) -> None:
    assert numbered_lines(line) == [(1, line)]


def test_a_sessions_welcome_by_its_hosts_is_no_paper() -> None:
    program = parse(
        "Tuesday, April 21, 2015\n08:30 – 10:30\n\nSession 1 — Ana Silva\n\n"
        "Welcome and opening. Bo Li and Cy Ng\n"
        "Replicated Data Types in Practice. Di Wu, Ed Po and Fay Xu\n"
        "Coordination Avoidance Revisited. Gil Oz and Hal Kim\n"
        "10:30 – 11:00\n\nCoffee break\n\n11:00 – 12:00\n\nSession 2 — Ivy Tan\n\n"
        "Welcome and introduction. Jo Park\n"
        "Causal Consistency at Scale. Kim Lee and Lu Chen\n"
    )
    assert [title for title, _ in papers(program)] == [
        "Replicated Data Types in Practice",
        "Coordination Avoidance Revisited",
        "Causal Consistency at Scale",
    ]
    assert program.sessions[0].notes == ("Welcome and opening. Bo Li, Cy Ng",)


def test_a_poster_session_listing_titles_only_keeps_them_as_posters() -> None:
    # No authors anywhere; journal tags after some titles, one of them printed only once.
    program = parse(
        "Wednesday, April 21, 2021\n10:00-11:00\nStorage Systems\nChair: Ana Silva\n"
        "Supertagging the Long Tail with Tree-Structured Decoding (TACL)\n"
        "Recursive Graph-to-Graph Transformers for Dependency Parsing (TACL)\n"
        "15:00-17:00\nPoster Session\n"
        "Readable Text for Everyone (CL)\n"
        "Neural Approaches to Text Simplification\n"
        "Don’t Stop Me! User-Controllable Selective Paraphrase Generation\n"
        "Contrastive Question Generation\n"
        "Computational Social Choice and Social Media, Sentiment Analysis and Argument Mining\n"
        "Belief-based Generation of Argumentative Claims\n"
    )
    posters = next(s for s in program.sessions if s.kind is SessionKind.POSTERS)
    titles = [p.title for p in posters.papers]
    assert "Readable Text for Everyone" in titles
    assert "Don’t Stop Me! User-Controllable Selective Paraphrase Generation" in titles
    assert "Contrastive Question Generation" in titles
    assert all(not p.authors for s in program.sessions for p in s.papers)


KEYNOTE_ROW_TEXT = (
    "Day 2 November 19, 2024\n"
    "09:00 - 09:20\tOpening and Introduction\n"
    "Ana Silva\t\n"
    "09:20 - 10:15\n"
    "55m\tKeynote: Workarounds are Everywhere! Let’s Use Them\n"
    "Inge van de Berg\n"
    "10:15 - 10:45\tCoffee Break (Room: Foyer)\t\n"
)
KEYNOTE_ROW_PAGE = (
    "<html><body><h2>Day 2 November 19, 2024</h2><table>"
    "<tr><td>09:00 - 09:20</td><td>Opening and Introduction<br>Ana Silva</td><td></td></tr>"
    "<tr><td>09:20 - 10:15<br><span>55m</span></td>"
    "<td><b>Keynote: Workarounds are Everywhere! Let’s Use Them</b><br>Inge van de Berg</td></tr>"
    "<tr><td>10:15 - 10:45</td><td>Coffee Break (Room: Foyer)</td><td></td></tr>"
    "</table></body></html>"
)


@pytest.mark.parametrize("source", [KEYNOTE_ROW_TEXT, KEYNOTE_ROW_PAGE])
def test_time_cell_with_its_length_below_then_a_keynote_and_its_speaker(source: str) -> None:
    from bot.parsing.detect import parse_program

    program = parse_program(source, UTC)
    keynote = next(s for s in program.sessions if s.kind is SessionKind.KEYNOTE)
    assert (keynote.start.strftime("%H:%M"), keynote.room) == ("09:20", None)
    assert [(p.title, [a.name for a in p.authors]) for p in keynote.papers] == [
        ("Workarounds are Everywhere! Let’s Use Them", ["Inge van de Berg"])
    ]
    coffee = next(s for s in program.sessions if s.kind is SessionKind.BREAK)
    assert (coffee.title, coffee.room) == ("Coffee Break", "Foyer")


def test_room_named_in_parentheses_after_a_session_title() -> None:
    program = parse(
        "Monday, March 3, 2025\nSession 1: Ethics in Practice (Room: Aula Magna)\n"
        '09:00 - 09:30\tFull Paper #8: "Fair Pricing"\nAna Silva and Bo Li\n'
    )
    [session] = program.sessions
    assert (session.title, session.room) == ("Ethics in Practice", "Aula Magna")


def test_side_by_side_sessions_under_a_time_corner_with_one_line_time_cells() -> None:
    program = parse(
        "Wednesday, June 4, 2025\n"
        "Time\tSession 1: Storage Systems\tSession 2: Query Engines\n"
        "09:30 - 10:00\tLog-Structured Merge Trees Revisited\n"
        "Ana Silva and Bo Li\tVectorised Joins for Column Stores\n"
        "Cy Ng, Di Wu, and Ed Po\n"
        "10:00 - 10:20\tCrash Consistency Without Fences\n"
        "Fay Xu\tAdaptive Query Compilation\n"
        "Gil Oz and Hal Kim\n"
        "10:20 - 11:00\tLunch\n"
    )
    assert [(s.title, len(s.papers)) for s in program.sessions] == [
        ("Storage Systems", 2),
        ("Query Engines", 2),
        ("Lunch", 0),
    ]
    assert [a.name for a in program.sessions[1].papers[1].authors] == ["Gil Oz", "Hal Kim"]


def test_side_by_side_sessions_in_their_slot_with_chairs_and_talks_over_two_lines() -> None:
    program = parse(
        "Thursday, 6 November 2025\n"
        "10:30–12:00\tSession A1: Syntax\tSession B1: Speech\n"
        "\tChair: Ann Lee\tChair: Bo Li\n"
        "10:30–11:00\tParsing Rare Languages Quickly\n"
        "Cy Ng and Di Wu\tSpeech Recognition for All Speakers\n"
        "Ed Po\n"
        "11:00–11:30\tTagging Words Well Enough\n"
        "Fay Xu and Gil Oz\tListening Closely to Noise\n"
        "Hal Kim and Ivy Tan\n"
        "12:00–13:00\tLunch\n"
    )
    syntax, speech, lunch = program.sessions
    assert [(s.title, [c.name for c in s.chairs]) for s in (syntax, speech)] == [
        ("Syntax", ["Ann Lee"]),
        ("Speech", ["Bo Li"]),
    ]
    assert (syntax.start.strftime("%H:%M"), syntax.end.strftime("%H:%M")) == ("10:30", "12:00")
    assert [(p.title, [a.name for a in p.authors]) for p in speech.papers] == [
        ("Speech Recognition for All Speakers", ["Ed Po"]),
        ("Listening Closely to Noise", ["Hal Kim", "Ivy Tan"]),
    ]
    assert [p.title for p in syntax.papers] == [
        "Parsing Rare Languages Quickly",
        "Tagging Words Well Enough",
    ]
    assert lunch.title == "Lunch"


def test_side_by_side_sessions_headed_by_a_title_and_its_room() -> None:
    program = parse(
        SIDE_BY_SIDE.replace(
            "Track A: Storage Systems (Room: Aula)", "Storage Systems (Room: Aula)"
        ).replace("Track B: Query Engines (Room: Hall 2)", "Query Engines (Hall 2)")
    )
    tracks = [s for s in program.sessions if s.papers]
    assert [(s.title, s.room, len(s.papers)) for s in tracks] == [
        ("Storage Systems", "Aula", 2),
        ("Query Engines", "Hall 2", 2),
    ]
    for track in tracks:
        assert (track.start.strftime("%H:%M"), track.end.strftime("%H:%M")) == ("09:30", "10:20")


# --- French conventions: "14h-14h50", "Par A, B et C.", days only in a grid's header ----------


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [("14h-14h50", (14, 0), (14, 50)), ("9h - 10h30", (9, 0), (10, 30)), ("18h", (18, 0), None)],
)
def test_french_hours_with_h_are_times(
    text: str, start: tuple[int, int], end: tuple[int, int] | None
) -> None:
    from datetime import time

    from bot.parsing.timeexpr import find_time_range

    found = find_time_range(text)
    assert found is not None
    assert (found.start, found.end) == (time(*start), time(*end) if end else None)


def test_french_author_line_with_par_and_et() -> None:
    authors = parse_author_line("Par Ana Silva, Bo Li et Cy Ng.").authors
    assert [a.name for a in authors] == ["Ana Silva", "Bo Li", "Cy Ng"]


def test_an_oxford_comma_and_before_a_group_affiliation_is_not_part_of_the_name() -> None:
    authors = parse_author_line("Ana Silva, Bo Li, and Cy Ng, University of Lisbon").authors
    assert [(a.name, a.affiliation) for a in authors] == [
        ("Ana Silva", "University of Lisbon"),
        ("Bo Li", "University of Lisbon"),
        ("Cy Ng", "University of Lisbon"),
    ]


def test_a_grid_header_of_days_dates_the_first_days_items() -> None:
    program = parse(
        "Programme\n\tMardi 22 juin\tMercredi 23 juin\t\n"
        "14:00\tSession A\tSession B\t14:00\n"
        "Session A\n14h-15h\n"
    )
    # The grid's cells on their columns' days; the item below it on the first day.
    assert [(s.title, s.start.date()) for s in program.sessions if s.start is not None] == [
        ("Session A", date(2025, 6, 22)),
        ("Session B", date(2025, 6, 23)),
        ("Session A", date(2025, 6, 22)),
    ]


# --- speakers printed before the talk's title, under a bare time --------------------------------


def test_a_day_header_with_a_zone_note_in_parentheses_is_a_day() -> None:
    program = parse(
        "Monday, June 2 (all times in Lisbon (UTC +1))\n09:00 – 10:00\nOpening\n"
        "Tuesday, June 3 (all times in Lisbon (UTC +1))\n09:00 – 10:00\nClosing\n"
    )
    assert [s.start.date() for s in program.sessions if s.start] == [
        date(2025, 6, 2),
        date(2025, 6, 3),
    ]


def test_speaker_lines_above_the_title_under_a_bare_time() -> None:
    program = parse(
        "Monday, 2 June 2025\n\n09:00 – 09:30\n\nAna Silva, University of Lisbon, Portugal\n"
        "Fast Joins on Modern GPUs\n\n09:30 – 10:00\n\nBo Li, ETH Zurich\n"
        "Cy Ng, Kyoto University, Japan\nQuery Planning for Streams\n\n"
        "10:00 – 10:30\n\nDee Ray and Eve Po\nUniversité de Lyon, France\n"
        "Graph Stores in Practice\n\n10:30 – 11:00\n\nCoffee break\n"
    )
    assert papers(program) == [
        ("Fast Joins on Modern GPUs", [("Ana Silva", "University of Lisbon, Portugal")]),
        (
            "Query Planning for Streams",
            [("Bo Li", "ETH Zurich"), ("Cy Ng", "Kyoto University, Japan")],
        ),
        (
            "Graph Stores in Practice",
            [("Dee Ray", "Université de Lyon, France"), ("Eve Po", "Université de Lyon, France")],
        ),
    ]


def test_a_parenthesis_inside_an_affiliation_after_a_comma_stays_in_it() -> None:
    authors = parse_author_line("Jo Ng, University of Tahiti (Eastco, MSH-P)").authors
    assert [(a.name, a.affiliation) for a in authors] == [
        ("Jo Ng", "University of Tahiti (Eastco, MSH-P)")
    ]


def test_timed_rows_naming_people_with_the_title_on_the_row_below() -> None:
    # A table "time | talk | mentor": the speakers in the timed row, the title in the row
    # below, and a third column of people who are neither authors nor chairs.
    program = parse(
        "Monday, June 2\ntime\ttalk\tmentor\n"
        "9:30-10:00\tAna Silva\tBo Li\n\tFast Joins on Modern GPUs (on-site)\t\n"
        "10:00-10:30\tCy Ng, Dee Ray\tEve Po\n\tDalkalaen (Oceanic): Vowel Length (online)\t\n"
        "10:30-11:00\tFay Lu, Gus Orr\tIda Pohl\n\tQuery Planning for Streams (online)\t\n"
        "11:00 – 11:30 COFFEE BREAK\n"
        "11:30 – 12:30\tKEYNOTE TALK in Hall 9\t\n\tHal Ives\t\n\tSpoken Typology Today\t\n"
    )
    assert papers(program) == [
        ("Fast Joins on Modern GPUs", [("Ana Silva", None)]),
        ("Dalkalaen (Oceanic): Vowel Length", [("Cy Ng", None), ("Dee Ray", None)]),
        ("Query Planning for Streams", [("Fay Lu", None), ("Gus Orr", None)]),
        ("Spoken Typology Today", [("Hal Ives", None)]),
    ]
    assert all(not s.chairs for s in program.sessions)


def test_each_items_time_printed_after_the_item() -> None:
    program = parse(
        "Mardi 3 juin\nMardi 3 juin Mercredi 4 juin\nOUVERTURE\nZoom\n9h-9h15\n"
        'SESSION A\nZoom\n"Fast Joins on Modern GPUs"\nPar Ana Silva et Bo Li.\n'
        '"Query Planning for Streams"\nPar Cy Ng.\n9h15-10h30\nPAUSE\nZoom\n10h30-11h\n'
    )
    assert [
        (s.title, s.start.time().isoformat()[:5] if s.start else None) for s in program.sessions
    ] == [
        ("OUVERTURE", "09:00"),
        ("SESSION A", "09:15"),
        ("PAUSE", "10:30"),
    ]
    assert papers(program) == [
        ("Fast Joins on Modern GPUs", [("Ana Silva", None), ("Bo Li", None)]),
        ("Query Planning for Streams", [("Cy Ng", None)]),
    ]


def test_day_tabs_one_under_another_leave_the_first_day_in_force() -> None:
    program = parse(
        "Monday, June 2\nTuesday, June 3\nWednesday, June 4\n"
        "09:00-10:00 Opening\n10:00-10:30 Coffee break\n"
    )
    assert {s.start.date() for s in program.sessions if s.start} == {date(2025, 6, 2)}


@pytest.mark.parametrize(
    "rows",
    [
        "Time\tSpeaker\tTitle\n09:00-09:45\tJo Smith (Oxford)\tSpectral gaps of random graphs\n"
        "09:45-10:30\tMia Rossi (Roma Tre)\tMixing times and cutoff\n",
        "Time\tTitle\tSpeaker\n09:00-09:45\tSpectral gaps of random graphs\tJo Smith (Oxford)\n"
        "09:45-10:30\tMixing times and cutoff\tMia Rossi (Roma Tre)\n",
    ],
)
def test_one_talk_per_timed_row_with_speaker_and_title_cells(rows: str) -> None:
    program = parse("Monday, June 2\n" + rows + "10:30-11:00\tCoffee break\t\n")
    assert papers(program) == [
        ("Spectral gaps of random graphs", [("Jo Smith", "Oxford")]),
        ("Mixing times and cutoff", [("Mia Rossi", "Roma Tre")]),
    ]


def test_a_lone_name_in_the_speaker_column_is_an_untitled_talk() -> None:
    # The speaker column holds the breaks too ("Welcome Drinks"); a common given name tells
    # the person apart.
    program = parse(
        "Monday, June 2\nTime\tSpeaker\tTitle\n"
        "09:00-09:30\tWelcome Drinks\t\n"
        "09:30-10:15\tJo Smith\tSpectral gaps of random graphs\n"
        "10:15-11:00\tIngrid Vasquez\t\n"
        "11:00-11:30\tGroup Picture\t\n"
        "11:30-12:15\tMia Rossi\tMixing times and cutoff\n"
    )
    assert papers(program) == [
        ("Spectral gaps of random graphs", [("Jo Smith", None)]),
        ("Ingrid Vasquez", [("Ingrid Vasquez", None)]),
        ("Mixing times and cutoff", [("Mia Rossi", None)]),
    ]


def test_bare_names_beside_titles_on_every_timed_row_are_the_speakers() -> None:
    program = parse(
        "Monday, June 2\n09:00-09:45\tJo Smith\tSpectral gaps of random graphs\n"
        "09:45-10:30\tMia Rossi\tMixing times and cutoff\n12:00-13:30\tLunch\tMain Hall\n"
        "14:00-15:00\tExcursion\tOld Town\n15:00-15:45\tKen Sato\tRandom matrices at the edge\n"
    )
    assert papers(program) == [
        ("Spectral gaps of random graphs", [("Jo Smith", None)]),
        ("Mixing times and cutoff", [("Mia Rossi", None)]),
        ("Random matrices at the edge", [("Ken Sato", None)]),
    ]


# --- start times alone before the item, units after times, other languages' words ------------


@pytest.mark.parametrize(
    ("text", "start", "span_end"),
    [
        ("09:30 Opening remarks", (9, 30), 5),
        ("9 am Breakfast", (9, 0), 4),
        ("9.00 Uhr Begrüßung", (9, 0), 8),
        ("14h Pause", (14, 0), 3),
        ("9:00 - 9:45 Uhr", (9, 0), 15),
    ],
)
def test_a_start_time_opening_its_line_and_units_after_times(
    text: str, start: tuple[int, int], span_end: int
) -> None:
    from datetime import time

    from bot.parsing.timeexpr import find_time_range

    found = find_time_range(text)
    assert found is not None
    assert (found.start, found.span) == (time(*start), (0, span_end))


@pytest.mark.parametrize("text", ["2.05 release notes", "Version 3.10 notes", "3.50 euros"])
def test_numbers_that_are_not_clocks_stay_text(text: str) -> None:
    from bot.parsing.timeexpr import find_time_range

    assert find_time_range(text) is None


def test_a_program_of_start_times_each_before_its_item() -> None:
    program = parse(
        "Monday, June 2\n09:00 Registration\n09:30 Opening remarks\n10:00 Coffee break\n"
    )
    assert [(s.title, s.kind, s.start.hour, s.start.minute) for s in program.sessions] == [
        ("Registration", SessionKind.OTHER, 9, 0),
        ("Opening remarks", SessionKind.PLENARY, 9, 30),
        ("Coffee break", SessionKind.BREAK, 10, 0),
    ]


def test_a_german_program_with_breaks_and_speaker_colon_title_items() -> None:
    program = parse(
        "Montag, 2. Juni 2025\n9:00 – 9:45 Uhr\tBegrüßung\n"
        "9:45 – 10:30 Uhr\tProf. Dr. Anna Schmidt (Universität Wien): Sprachwandel im Deutschen\n"
        "10:30 – 11:00 Uhr\tKaffeepause\n12:30 – 13:30 Uhr\tMittagspause\n"
    )
    assert [(s.title, s.kind) for s in program.sessions] == [
        ("Begrüßung", SessionKind.PLENARY),
        ("Sprachwandel im Deutschen", SessionKind.PAPERS),
        ("Kaffeepause", SessionKind.BREAK),
        ("Mittagspause", SessionKind.BREAK),
    ]
    assert papers(program) == [
        ("Sprachwandel im Deutschen", [("Anna Schmidt", "Universität Wien")])
    ]


def test_speaker_dash_title_items() -> None:
    program = parse(
        "Monday, June 2\n9:00 Jo Smith — Spectral gaps of random graphs\n"
        "9:45 Session 2 — Rodrigo Rodrigues\n12:00 Lunch — Main Hall\n"
    )
    assert papers(program) == [("Spectral gaps of random graphs", [("Jo Smith", None)])]
    assert [s.title for s in program.sessions][1:] == ["Session 2", "Lunch"]
    assert program.sessions[-1].room == "Main Hall"  # the place after the long dash


def test_a_spanish_keynote_speaker_label_and_a_moderator() -> None:
    program = parse(
        "Lunes 2 de junio\n9:30 h\tConferencia inaugural: La lengua y la historia\n"
        "Ponente: María López (Universidad de Salamanca)\n10:30 h\tPausa café\n"
        "11:00 h\tMesa 1: Sociolingüística\nModera: Juan Pérez (UNAM)\n"
    )
    keynote, coffee, panel = program.sessions
    assert keynote.kind is SessionKind.KEYNOTE
    assert coffee.kind is SessionKind.BREAK
    assert papers(program)[0] == (
        "La lengua y la historia",
        [("María López", "Universidad de Salamanca")],
    )
    assert [c.name for c in panel.chairs] == ["Juan Pérez"]


def test_a_french_chair_line_without_a_colon() -> None:
    program = parse(
        'Mardi 22 juin\n14h-14h50 Session A\nAnimée par Laurent Simon\n"Titre un"\n'
        "Par Ana Silva et Bo Li.\n"
    )
    assert [c.name for c in program.sessions[0].chairs] == ["Laurent Simon"]


def test_italian_hours_word_before_times_and_opening() -> None:
    program = parse(
        "Lunedì 2 giugno\nOre 9:00 – Apertura dei lavori\n"
        "Ore 9:30 – Mario Rossi (Università di Bologna): La lingua di Dante\n"
        "Ore 10:30 – Pausa caffè\n"
    )
    assert [(s.title, s.kind) for s in program.sessions] == [
        ("Apertura dei lavori", SessionKind.PLENARY),
        ("La lingua di Dante", SessionKind.PAPERS),
        ("Pausa caffè", SessionKind.BREAK),
    ]
    assert papers(program) == [("La lingua di Dante", [("Mario Rossi", "Università di Bologna")])]


def test_a_speaker_row_with_a_lowercase_title_below_it() -> None:
    program = parse(
        "Saturday, December 5\n9:00 AM\tRegistration and breakfast\n"
        "9:30 AM\tJo Smith, Harvey Mudd College\n\tSpectral gaps of random graphs\n"
        "10:15 AM\tMia Rossi, Pomona College\n\tMixing times and cutoff\n11:00 AM\tBreak\n"
    )
    assert papers(program) == [
        ("Spectral gaps of random graphs", [("Jo Smith", "Harvey Mudd College")]),
        ("Mixing times and cutoff", [("Mia Rossi", "Pomona College")]),
    ]


def test_a_numbered_keynote_with_its_title_then_the_speaker_after_a_dash() -> None:
    program = parse(
        "August 1\n09:00 – 09:40 Keynote 1: Archives and Algorithms: Grounding NLP – Alexis "
        "Michaud (40 min)\n10:30 – 11:00 Coffee break\n"
    )
    assert papers(program) == [
        ("Archives and Algorithms: Grounding NLP", [("Alexis Michaud", None)])
    ]
    assert program.sessions[0].kind is SessionKind.KEYNOTE


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("9:00 - 9:10a", (9, 0), (9, 10)),
        ("11:30a - 12:30p", (11, 30), (12, 30)),
        ("12:30 - 1:30p", (12, 30), (13, 30)),
    ],
)
def test_a_bare_a_or_p_after_a_clocks_minutes_is_its_meridiem(
    text: str, start: tuple[int, int], end: tuple[int, int]
) -> None:
    from datetime import time

    from bot.parsing.timeexpr import find_time_range

    found = find_time_range(text)
    assert found is not None
    assert (found.start, found.end) == (time(*start), time(*end))


def test_a_room_number_with_a_letter_is_no_time() -> None:
    from bot.parsing.timeexpr import find_time_range

    assert find_time_range("Room 10a") is None


def test_a_timetable_with_a_column_per_day() -> None:
    program = parse(
        "Time\tMon, June 2\tTue, June 3\n09:00-10:00\tOpening\tLecture: Jo Smith\n"
        "10:00-10:30\tCoffee break\tCoffee break\n10:30-12:00\tMixing times\tRandom matrices\n"
        "\n12:00 Lunch\n"
    )
    assert [(s.title, s.start.day, s.start.hour) for s in program.sessions if s.start] == [
        ("Opening", 2, 9),
        ("Lecture: Jo Smith", 3, 9),
        ("Coffee break", 2, 10),
        ("Coffee break", 3, 10),
        ("Mixing times", 2, 10),
        ("Random matrices", 3, 10),
        ("Lunch", 2, 12),
    ]


def test_a_talks_duration_in_parentheses_is_not_a_speakers_affiliation() -> None:
    program = parse("Tuesday, June 3\n9:00–9:50 | Oral 1: Searchable Corpora (20 min)\n")
    assert papers(program) == []
    assert program.sessions[0].title == "Oral 1: Searchable Corpora (20 min)"


def test_a_lone_speaker_name_with_a_particle_in_a_people_first_table() -> None:
    program = parse(
        "Monday, June 2\ntime\ttalk\tmentor\n"
        "9:30-10:00\tAna Silva, Bo Li\tCy Ng\n\tFast Joins on Modern GPUs (on-site)\t\n"
        "10:00-10:30\tDee Ray, Eve Po\tFay Lu\n\tQuery Planning for Streams (online)\t\n"
        "10:30-11:00\tAnne van Schie\tGus Orr\n\tA new approach to Yawa prosody (online)\t\n"
    )
    assert papers(program)[-1] == ("A new approach to Yawa prosody", [("Anne van Schie", None)])


def test_a_keynotes_one_line_below_is_its_title_only_when_it_is_no_bare_name() -> None:
    # The same layout as above, but the line under the keynote is another speaker's name (a
    # timetable cell beside it ran on): the talk stays untitled, known by the keynote's title.
    program = parse(
        "Friday, October 14, 2022\n\nSession 1\n\nTime: 9:00-10:30\n\n"
        "Sweeping Polygons Quickly\n\nby Ana Silva, Bo Li\n\n"
        "Coffee Break\n\nTime: 10:30-11:00\n\n"
        "Keynote: Cy Ng\n\nTime: 11:00-12:00\n\nDora Kim\n\n"
        "Lunch (on your own)\n\nTime: 12:00-1:30\n"
    )
    keynote = next(s for s in program.sessions if s.kind is SessionKind.KEYNOTE)
    assert [p.title for p in keynote.papers] != ["Dora Kim"]
    assert [a.name for p in keynote.papers for a in p.authors] == ["Cy Ng"]


# --- talks printed "Speaker Name: Title" ------------------------------------------------------


_NAME_COLON_PAGE = (
    "Monday, June 2\nTime\tEvent\tDescription\n"
    "08:30 – 08:40\tOpening\tWelcome and foreword\n"
    "08:40 – 09:10\t\tAna Silva: Planning robust grasps under noise\n(20 mins + 5 mins Q&A)\n"
    "09:10 – 09:40\t\tBo Li: Learning to recover from falls\n(20 mins + 5 mins Q&A)\n"
    "09:40 – 10:10\t\tCy Ng Pereira: Failure detection for mobile manipulators\n"
    "10:10 – 10:40\tBreak\tCoffee and posters\n"
)


def test_a_page_of_name_colon_title_talks_names_each_speaker() -> None:
    program = parse(_NAME_COLON_PAGE)
    assert papers(program) == [
        ("Planning robust grasps under noise", [("Ana Silva", None)]),
        ("Learning to recover from falls", [("Bo Li", None)]),
        ("Failure detection for mobile manipulators", [("Cy Ng Pereira", None)]),
    ]


def test_one_title_with_a_name_like_prefix_keeps_its_colon() -> None:
    # "Graph Neural Networks: ..." reads like a name too; a page that prints no other talk so
    # gives no reason to take it for one.
    program = parse(
        "Monday, June 2\n09:00 – 09:30\tGraph Neural Networks: A survey of message passing\n"
        "09:30 – 10:00\tPipeDream: Generalized pipeline parallelism for training\n"
    )
    assert papers(program) == []
    assert program.sessions[0].title == "Graph Neural Networks: A survey of message passing"


# --- a session's chair inside its title cell ---------------------------------------------------


def test_a_chair_in_parentheses_in_a_timed_rows_title_cell_is_the_sessions_chair() -> None:
    program = parse(
        "Friday, 1st December, 2023\n"
        "09:00 – 09:30\tRegistration\n"
        "09:30 – 10:30\tInvited Talks (Session Chair: Wenying Zhang)\n"
        "Fast correlation attacks on stream ciphers, Ana Silva (Uni A, Spain)\n"
        "Meet-in-the-middle attacks and models, Bo Li (Uni B, China)\n"
        "10:30 – 11:00\tCoffee Break\n"
    )
    talks = next(s for s in program.sessions if s.papers)
    assert talks.title == "Invited Talks"
    assert [c.name for c in talks.chairs] == ["Wenying Zhang"]
    assert [p.title for p in talks.papers] == [
        "Fast correlation attacks on stream ciphers",
        "Meet-in-the-middle attacks and models",
    ]


def test_a_place_after_an_at_sign_in_parentheses_is_the_items_room() -> None:
    program = parse(
        "Friday, 1st December, 2023\n"
        "12:30 – 14:00\tLunch (@Minghu Restaurant)\n"
        "14:00 – 16:00\tGroup Discussion (@Science Building)\n"
        "@Rome 523, 512, 511-left, 3-Lab1\n"
    )
    assert papers(program) == []
    assert [(s.title, s.room) for s in program.sessions] == [
        ("Lunch", "Minghu Restaurant"),
        ("Group Discussion", "Science Building"),
    ]


@pytest.mark.parametrize(
    ("line", "title", "people"),
    [
        (
            "Fine-tuning ideal worlds for two permutations, Ana Maria Silva (Uni A, Spain)",
            "Fine-tuning ideal worlds for two permutations",
            [("Ana Maria Silva", "Uni A, Spain")],
        ),
        (
            "A library for automated analysis, Juan Grados and Mo Rachidi (TII, UAE)",
            "A library for automated analysis",
            [("Juan Grados", "TII, UAE"), ("Mo Rachidi", "TII, UAE")],
        ),
    ],
)
def test_a_talk_printed_title_comma_speakers_ends_its_title_at_the_comma(
    line: str, title: str, people: list[tuple[str, str]]
) -> None:
    program = parse(f"Friday, 1st December, 2023\n09:30 – 10:30\tInvited Talks\n{line}\n")
    assert papers(program) == [(title, people)]


def test_speakers_joined_by_a_spaced_slash_share_the_affiliation_after_them() -> None:
    program = parse(
        "Thursday, June 1\n13:45 – 14:05\nShort Contributed Talks\n\n"
        "Securing Charging Networks with Ledgers\nAna Silva (ETS)\nLearn More\n"
        "14:05 – 14:25\nA Robust Loan Ecosystem for Small Businesses\n"
        "Koosha Esmaeilzadeh Khorasani / Kiarash Shamsi (University of Manitoba)\nLearn More\n"
    )
    assert (
        "A Robust Loan Ecosystem for Small Businesses",
        [
            ("Koosha Esmaeilzadeh Khorasani", "University of Manitoba"),
            ("Kiarash Shamsi", "University of Manitoba"),
        ],
    ) in papers(program)


@pytest.mark.parametrize("button", ["Learn More", "More info", "Details", "View details"])
def test_a_pages_button_words_under_a_talk_are_a_link_line(button: str) -> None:
    # Collapsible abstract boxes print their button's label between one talk and the next.
    assert classify(1, button).kind is LineKind.LINK


def test_a_parenthesis_in_a_title_is_its_own_when_the_speaker_line_follows() -> None:
    program = parse(
        "Friday, June 2\n11:00 – 12:00\nKeynote\n\n"
        "Cryptography for Transparent Audits (Solvency, Lotteries, Fundraising, Voting)\n"
        "Ana Maria Silva (Mysten Labs)\n"
    )
    assert papers(program) == [
        (
            "Cryptography for Transparent Audits (Solvency, Lotteries, Fundraising, Voting)",
            [("Ana Maria Silva", "Mysten Labs")],
        )
    ]


# --- a topic in brackets before each title of a speaker | title table ----------------------------


_TOPIC_TABLE = (
    "Day 1\tSaturday\tJune 27\n"
    "10:45-11:05\tAna Silva\t[Multicore & GPGPU Computing] Biomanycores, a repository of code"
    " ***SLIDES***\n"
    "11:05-11:25\tBo Li\t[Multicore & GPGPU Computing] Enabling GPU computing in R ***SLIDES***\n"
    "11:25-11:45\tCy Ng\t[Computational Grids] Taverna workflows across grids ***SLIDES***\n"
    "11:45-12:05\tDee Ray\t[Computational Grids] Grid-based expression analysis\n"
)


def test_a_recurring_topic_in_brackets_and_wiki_link_words_are_no_part_of_a_title() -> None:
    program = parse_text(_TOPIC_TABLE, ParseOptions(timezone="UTC", year=2009))
    assert papers(program) == [
        ("Biomanycores, a repository of code", [("Ana Silva", None)]),
        ("Enabling GPU computing in R", [("Bo Li", None)]),
        ("Taverna workflows across grids", [("Cy Ng", None)]),
        ("Grid-based expression analysis", [("Dee Ray", None)]),
    ]


def test_a_speaker_cell_with_a_middle_initial_is_a_name() -> None:
    program = parse_text(
        _TOPIC_TABLE
        + "12:05-12:25\tHajo N. Krabbenhöft\t[Computational Grids] Workflows on grids\n",
        ParseOptions(timezone="UTC", year=2009),
    )
    assert papers(program)[-1] == ("Workflows on grids", [("Hajo N. Krabbenhöft", None)])


def test_a_once_seen_bracketed_topic_on_a_page_of_bracketed_topics_is_no_part_of_a_title() -> None:
    program = parse_text(
        _TOPIC_TABLE + "12:05-12:25\tEd Po\t[Regulatory Genomics] Bayesian network inference\n",
        ParseOptions(timezone="UTC", year=2009),
    )
    assert papers(program)[-1] == ("Bayesian network inference", [("Ed Po", None)])


def test_a_remark_in_parentheses_under_a_timed_talk_row_is_a_note_not_a_title() -> None:
    program = parse_text(
        _TOPIC_TABLE + "(talk given by Ed Po)\n", ParseOptions(timezone="UTC", year=2009)
    )
    assert papers(program)[-1] == ("Grid-based expression analysis", [("Dee Ray", None)])
    assert program.sessions[-1].notes == ("(talk given by Ed Po)",)


def test_a_timed_row_broken_by_a_cell_of_two_paragraphs_is_one_row_again() -> None:
    program = parse_text(
        _TOPIC_TABLE + "12:05-12:25\tEd Po\n\n(cancelled)\t[Computational Grids] Grids for all\n",
        ParseOptions(timezone="UTC", year=2009),
    )
    assert papers(program)[-1] == ("Grids for all", [("Ed Po", None)])
    assert program.sessions[-1].notes == ("(cancelled)",)


def test_a_keynote_in_brackets_before_its_title_in_a_speaker_title_row() -> None:
    program = parse_text(
        "Day 1\tSaturday\tJune 27\n9:15-10:15\tAlan Ruttenberg\t[Keynote] Can we reduce the"
        " burden of data integration?\n" + _TOPIC_TABLE.split("\n", 1)[1],
        ParseOptions(timezone="UTC", year=2009),
    )
    keynote = program.sessions[0]
    assert (keynote.kind, keynote.title) == (SessionKind.KEYNOTE, "Keynote")
    assert papers(program)[0] == (
        "Can we reduce the burden of data integration?",
        [("Alan Ruttenberg", None)],
    )


# --- "Kind: Speaker - Title" items ----------------------------------------------------------------


def test_a_talks_kind_then_speaker_then_title_after_a_spaced_dash() -> None:
    program = parse(
        "Thursday 17 December\nTime\tSpeaker\n"
        "14:55 - 15:20\tLong talk: Ana Silva - Infinity Flow: quantifying proteins at scale\n"
        "15:20 - 15:30\tBreak\n"
        "17:30 - 18:15\tShort Workshop 5: Bo Li - QFeatures: quantitative features in R\n"
        "18:30 - 19:15\tShort Workshop 7: Johannes Rainer - Integration of spectra from sources\n"
    )
    assert papers(program) == [
        ("Infinity Flow: quantifying proteins at scale", [("Ana Silva", None)]),
        ("QFeatures: quantitative features in R", [("Bo Li", None)]),
        # a first name that ends like a title word ("Johannes"), before a title with "of"
        ("Integration of spectra from sources", [("Johannes Rainer", None)]),
    ]


def test_a_kind_then_a_title_then_a_name_is_not_read_the_other_way_round() -> None:
    program = parse("Monday, June 2\n09:00 - 09:30\tKeynote: Data Systems - Ana Silva\n")
    assert ("Ana Silva", [("Data Systems", None)]) not in papers(program)


def test_a_talk_on_a_row_with_an_empty_time_cell_runs_in_the_slot_above() -> None:
    program = parse(
        "Thursday 17 December\nTime\tSpeaker\n"
        "17:30 - 18:15\tShort Workshop 5: Ana Silva - QFeatures: quantitative features in R\n"
        "\tShort Workshop 6: Bo Li - Multi-omic integration of cancer data\n"
        "18:15 - 18:30\tBreak\n"
    )
    assert [(s.title, s.start.hour if s.start else None) for s in program.sessions[:2]] == [
        ("Short Workshop 5", 17),
        ("Short Workshop 6", 17),
    ]
    assert ("Multi-omic integration of cancer data", [("Bo Li", None)]) in papers(program)


# --- timetables whose columns are rooms -----------------------------------------------------


def _items(program: Program) -> list[tuple[str, str | None, str | None, list[str]]]:
    return [
        (f"{s.start:%H:%M}" if s.start else "", s.title, s.room, [c.name for c in s.chairs])
        for s in program.sessions
    ]


def test_a_three_room_timetable_with_a_break_across_the_rooms() -> None:
    program = parse(
        "Tuesday, 3 June 2025\nTime\tRoom A\tRoom B\tRoom C\n"
        "09:00–10:30\tSession 1: Storage\tSession 2: Networks\tSession 3: Security\n"
        "10:30–11:00\tCoffee Break\n"
        "11:00–12:30\tSession 4: Databases\tSession 5: Compilers\tSession 6: Theory\n"
    )
    assert _items(program) == [
        ("09:00", "Storage", "Room A", []),
        ("09:00", "Networks", "Room B", []),
        ("09:00", "Security", "Room C", []),
        ("10:30", "Coffee Break", None, []),
        ("11:00", "Databases", "Room A", []),
        ("11:00", "Compilers", "Room B", []),
        ("11:00", "Theory", "Room C", []),
    ]
    assert program.sessions[3].kind is SessionKind.BREAK


def test_room_headings_with_their_floor_and_empty_cells() -> None:
    program = parse(
        "Tuesday, 3 June 2025\nTime\tHall 1 (Level 2)\tHall 2 (Level 3)\tHall 3\n"
        "09:00–10:30\tSession 1: Storage\tSession 2: Networks\t\n"
        "\tChair: Ann Lee\tChair: Bo Li\t\n"
        "10:30–11:00\tCoffee Break\n"
        "11:00–12:30\tDatabases\t\tTheory\n"
    )
    assert _items(program) == [
        ("09:00", "Storage", "Hall 1 (Level 2)", ["Ann Lee"]),
        ("09:00", "Networks", "Hall 2 (Level 3)", ["Bo Li"]),
        ("10:30", "Coffee Break", None, []),
        ("11:00", "Databases", "Hall 1 (Level 2)", []),
        ("11:00", "Theory", "Hall 3", []),
    ]


def test_a_room_cell_of_several_lines_as_a_browser_copies_it() -> None:
    # Each cell's later lines start lines of their own, the next room's cell after a TAB.
    program = parse(
        "Tuesday, 3 June 2025\nTime\tRoom A\tRoom B\n"
        "09:00–10:30\tStorage Systems\nChair: Ann Lee\nA Fast Store\nAna Silva (Uni A)\n"
        "A Faster Store\nBo Li (Uni B)\tNetworks\nChair: Cy Ng\nA Fast Net\nDi Wu (Uni D)\n"
        "10:30–11:00\tCoffee Break\n"
        "11:00–12:30\tTheory\nChair: Ed Po\nProofs\nFay Xu (Uni F)\tCompilers\nFast Code\n"
        "Gil Oz (Uni G)\n"
    )
    assert _items(program) == [
        ("09:00", "Storage Systems", "Room A", ["Ann Lee"]),
        ("09:00", "Networks", "Room B", ["Cy Ng"]),
        ("10:30", "Coffee Break", None, []),
        ("11:00", "Theory", "Room A", ["Ed Po"]),
        ("11:00", "Compilers", "Room B", []),
    ]
    assert papers(program) == [
        ("A Fast Store", [("Ana Silva", "Uni A")]),
        ("A Faster Store", [("Bo Li", "Uni B")]),
        ("A Fast Net", [("Di Wu", "Uni D")]),
        ("Proofs", [("Fay Xu", "Uni F")]),
        ("Fast Code", [("Gil Oz", "Uni G")]),
    ]


def test_a_page_timetable_of_rooms_with_talks_in_its_cells() -> None:
    page = (
        "<html><body><h2>Tuesday, 3 June 2025</h2><table><tr><th>Time</th>"
        "<th>Hall 1 (Level 2)</th><th>Hall 2</th><th>Hall 3</th></tr>"
        "<tr><td>09:00–10:30</td><td><b>Storage Systems</b><br>Chair: Ann Lee"
        "<p>A Fast Store<br>Ana Silva (Uni A)</p></td><td></td>"
        "<td><b>Networks</b><br>Chair: Cy Ng<p>A Fast Net<br>Di Wu (Uni D)</p></td></tr>"
        "<tr><td>10:30–11:00</td><td colspan=3>Coffee Break</td></tr>"
        "<tr><td>11:00–12:30</td><td><b>Theory</b><br>Chair: Ed Po<p>Proofs<br>Fay Xu (Uni F)</p>"
        "</td><td><b>Compilers</b><p>Fast Code<br>Gil Oz (Uni G)</p></td><td></td></tr>"
        "</table></body></html>"
    )
    program = parse_program(page, UTC)
    assert _items(program) == [
        ("09:00", "Storage Systems", "Hall 1 (Level 2)", ["Ann Lee"]),
        ("09:00", "Networks", "Hall 3", ["Cy Ng"]),
        ("10:30", "Coffee Break", None, []),
        ("11:00", "Theory", "Hall 1 (Level 2)", ["Ed Po"]),
        ("11:00", "Compilers", "Hall 2", []),
    ]
    assert [p.title for p in program.sessions[3].papers] == ["Proofs"]
    assert [p.title for p in program.sessions[4].papers] == ["Fast Code"]


def test_a_year_less_numeric_date_is_read_as_its_weekday_says() -> None:
    program = parse_text(
        "Monday (9/4)\n9 AM - 10:30 AM: Welcome\n\nTuesday (9/5)\n8:35 AM: Meet at the desk\n",
        ParseOptions(timezone="UTC", year=2017),
    )
    assert [(s.day, f"{s.start:%H:%M}", s.title) for s in program.sessions] == [
        (date(2017, 9, 4), "09:00", "Welcome"),
        (date(2017, 9, 5), "08:35", "Meet at the desk"),
    ]


def test_a_title_then_its_speaker_and_room_in_one_parenthesis() -> None:
    program = parse(
        "Tuesday, 3 June 2025\n"
        "9 AM - 10:30 AM: Introduction to the Week (Ariel Rokem; PAB5)\n"
        "12 PM - 1 PM: Lunch (LH)\n"
    )
    talk, lunch = program.sessions
    assert (talk.title, talk.room) == ("Introduction to the Week", "PAB5")
    assert papers(program) == [("Introduction to the Week", [("Ariel Rokem", None)])]
    assert lunch.kind is SessionKind.BREAK


def test_a_sessions_matrix_with_a_day_column_left_of_its_times() -> None:
    # The day spans its rows (a rowspan): printed in the first only; a second header row
    # names the day and time columns.
    program = parse(
        "Sessions Matrix\n\tRoom\tR1\tR2\tR3\nDay\tTime\t\t\t\n"
        "22/05\t10:15-11:55\tFirms I\tMonetary Policy I\tLabour I\n"
        "\t15:10-16:50\tMethods\t\tHousing\n"
        "23/05\t10:00-11:15\tWealth\tHANK II\t\n"
    )
    assert [(s.day, f"{s.start:%H:%M}", s.title, s.room) for s in program.sessions] == [
        (date(2025, 5, 22), "10:15", "Firms I", "R1"),
        (date(2025, 5, 22), "15:10", "Methods", "R1"),
        (date(2025, 5, 22), "10:15", "Monetary Policy I", "R2"),
        (date(2025, 5, 22), "10:15", "Labour I", "R3"),
        (date(2025, 5, 22), "15:10", "Housing", "R3"),
        (date(2025, 5, 23), "10:00", "Wealth", "R1"),
        (date(2025, 5, 23), "10:00", "HANK II", "R2"),
    ]


def test_a_page_that_prints_its_speakers_after_by() -> None:
    program = parse(
        "Tuesday, 3 June 2025\n10:15-11:55 | Room R1 | Firms I\n"
        "Session organized by Ann Lee and Bo Li\n"
        "Executive Pay and Investment   by Chryssi Giannitsarou\n"
        "Sorting Into Teams   by Edoardo Maria Acabbi\n"
        "Capping Profits for Efficiency   by Gabriele Patete\n"
    )
    assert papers(program) == [
        ("Executive Pay and Investment", [("Chryssi Giannitsarou", None)]),
        ("Sorting Into Teams", [("Edoardo Maria Acabbi", None)]),
        ("Capping Profits for Efficiency", [("Gabriele Patete", None)]),
    ]
    assert program.sessions[0].room == "Room R1"


def test_a_single_title_saying_by_keeps_its_words() -> None:
    program = parse(
        "Tuesday, 3 June 2025\n10:15-11:55 Session 1: Security\n"
        "Assessing Attack Impact on Business Processes by Interconnecting Attack Graphs\n"
        "Ana Silva (Uni A)\n"
    )
    assert papers(program) == [
        (
            "Assessing Attack Impact on Business Processes by Interconnecting Attack Graphs",
            [("Ana Silva", "Uni A")],
        )
    ]


@pytest.mark.parametrize("words", ["Parallel Sessions A", "Poster Session B", "Plenary Tracks"])
def test_the_names_of_a_programs_parts_are_no_persons(words: str) -> None:
    assert author_line_score(words) < 0.5


def test_timetable_cells_of_rooms_that_name_their_speaker_in_parentheses() -> None:
    program = parse(
        "Monday, 4 September 2017\nTime\tRoom 1\tRoom 2\n"
        "1 - 2 PM\tUnix shell (Valentina)\tBest practices (Chris): Software testing\n"
        "2 - 3 PM\tGit and GitHub (Bernease)\tIntro to R (Jeanette)\n"
        "3 - 4 PM\tCoffee Break\n"
        "4 - 5 PM\tPython programming (Tal Yarkoni)\tData viz with D3.js (Anisha)\n"
    )
    assert papers(program) == [
        ("Unix shell", [("Valentina", None)]),
        ("Best practices: Software testing", [("Chris", None)]),
        ("Git and GitHub", [("Bernease", None)]),
        ("Intro to R", [("Jeanette", None)]),
        ("Python programming", [("Tal Yarkoni", None)]),
        ("Data viz with D3.js", [("Anisha", None)]),
    ]
    assert [s.room for s in program.sessions if s.papers] == ["Room 1", "Room 2"] * 3


def test_a_few_parentheses_in_a_timetable_of_rooms_name_no_speakers() -> None:
    program = parse(
        "Monday, 4 September 2017\nTime\tRoom 1\tRoom 2\n"
        "09:00-10:30\tStorage Systems (Revisited)\tComputer Networks\n"
        "11:00-12:30\tDatabases\tCompilers\n"
    )
    assert [s.title for s in program.sessions] == [
        "Storage Systems (Revisited)",
        "Computer Networks",
        "Databases",
        "Compilers",
    ]
    assert papers(program) == []


_PRESENTER_TABLE = (
    "Schedule\nMonday March 18th, 2024\nTime\tSession\tPresenter\n"
    "09:30–10:00\tCoffee\t\n"
    "10:00–10:10\tWelcome and Introduction\tAna Silva, Bo Li\n"
    "10:10–11:25\tFunctions\tAna Silva\n"
    "11:25–11:40\tCoffee break\t\n"
    "11:40–13:00\tClasses and Methods\tAna Silva\n"
    "13:30–14:45\tOpen Source and Git(Hub)\tBo Li\n"
)


def test_a_presenter_column_names_each_rows_speaker_whatever_the_titles_shape() -> None:
    # A tutorial day: one talk a row, its presenter in the column the header names. Before,
    # the one-word title made the row a plain item (and a cell's text lookup crashed).
    program = parse(_PRESENTER_TABLE)
    talks = {p.title: [a.name for a in p.authors] for s in program.sessions for p in s.papers}
    assert talks == {
        "Functions": ["Ana Silva"],
        "Classes and Methods": ["Ana Silva"],
        "Open Source and Git(Hub)": ["Bo Li"],
    }
    coffee = next(s for s in program.sessions if s.title == "Coffee")
    assert coffee.kind is SessionKind.BREAK
    assert not coffee.papers


def test_a_presenter_column_takes_first_names_and_is_never_read_the_other_way_round() -> None:
    program = parse(
        "Monday, March 4, 2019\nTime\tTitle\tPresenter\n"
        "9:00\tIntroduction\tJim + Laurent\n"
        "9:10\tLecture 1: Intro to Forms\tJim\n"
        "10:45\tCoffee break\n"
        "11:00\tLecture 2: Azure Functions\tLaurent\n"
        "12:00\tLunch break\tAll\n"
    )
    talks = {p.title: [a.name for a in p.authors] for s in program.sessions for p in s.papers}
    assert talks == {
        "Lecture 1: Intro to Forms": ["Jim"],
        # Not a paper "Laurent" by "Azure Functions": the column says who is who.
        "Lecture 2: Azure Functions": ["Laurent"],
    }
    # The day's "Introduction" is hosted by the two presenters, not a talk of theirs.
    introduction = program.sessions[0]
    assert introduction.title == "Introduction"
    assert introduction.notes == ("Hosted by Jim, Laurent",)


# --- programs listed room by room or track by track, and rooms as rows -------------------------


def _talks(program: Program) -> list[tuple[str, str | None, str | None, str | None, list[str]]]:
    """Each paper session's start, title, room, track and chairs (breaks left out)."""
    return [
        (
            f"{s.start:%H:%M}" if s.start else "",
            s.title,
            s.room,
            s.track,
            [c.name for c in s.chairs],
        )
        for s in program.sessions
        if s.kind is not SessionKind.BREAK
    ]


_ROOM_BY_ROOM = (
    "Tuesday, 3 June 2025\n\n"
    "Room A\n09:00–10:30 Session 1: Storage\nChair: Ann Lee\nA Fast Store\nAna Silva (Uni A)\n"
    "10:30–11:00 Coffee Break\n11:00–12:30 Session 4: Databases\nChair: Ed Po\nQuery Plans\n"
    "Fay Xu (Uni F)\n\n"
    "Room B\n09:00–10:30 Session 2: Networks\nChair: Bo Li\nA Fast Net\nDi Wu (Uni D)\n"
    "11:00–12:30 Session 5: Compilers\nFast Code\nGil Oz (Uni G)\n\n"
    "Room C\n09:00–10:30 Session 3: Security\nChair: Cy Ng\nSafe Keys\nHal Kim (Uni H)\n"
    "11:00–12:30 Session 6: Theory\nProofs\nIda Ros (Uni I)\n"
)


def test_a_program_listed_room_by_room_puts_each_item_in_the_room_above_it() -> None:
    program = parse(_ROOM_BY_ROOM)
    assert _talks(program) == [
        ("09:00", "Storage", "Room A", None, ["Ann Lee"]),
        ("11:00", "Databases", "Room A", None, ["Ed Po"]),
        ("09:00", "Networks", "Room B", None, ["Bo Li"]),
        ("11:00", "Compilers", "Room B", None, []),
        ("09:00", "Security", "Room C", None, ["Cy Ng"]),
        ("11:00", "Theory", "Room C", None, []),
    ]
    assert [s.title for s in program.sessions if s.kind is SessionKind.BREAK] == ["Coffee Break"]
    assert ("Proofs", [("Ida Ros", "Uni I")]) in papers(program)


def test_a_page_listed_room_by_room_under_room_headings() -> None:
    page = "<html><body><h2>Tuesday, 3 June 2025</h2>"
    for room, items in (
        ("Room A", [("09:00–10:30", "Storage", "Ann Lee"), ("11:00–12:30", "Databases", None)]),
        ("Room B", [("09:00–10:30", "Networks", "Bo Li"), ("11:00–12:30", "Compilers", None)]),
        ("Room C", [("09:00–10:30", "Security", None), ("11:00–12:30", "Theory", "Cy Ng")]),
    ):
        page += f"<h3>{room}</h3>"
        for when, title, chair in items:
            page += f"<p><b>{when} {title}</b></p>"
            if chair:
                page += f"<p>Chair: {chair}</p>"
            page += f"<p>On {title}<br>Ana Silva (Uni A)</p>"
    program = parse_program(page + "</body></html>", UTC)
    assert _talks(program) == [
        ("09:00", "Storage", "Room A", None, ["Ann Lee"]),
        ("11:00", "Databases", "Room A", None, []),
        ("09:00", "Networks", "Room B", None, ["Bo Li"]),
        ("11:00", "Compilers", "Room B", None, []),
        ("09:00", "Security", "Room C", None, []),
        ("11:00", "Theory", "Room C", None, ["Cy Ng"]),
    ]


_TRACK_BY_TRACK = (
    "Tuesday, 3 June 2025\n\n"
    "Track 1: Systems\n09:00–10:30 Storage\nChair: Ann Lee\nA Fast Store\nAna Silva (Uni A)\n"
    "10:30–11:00 Coffee Break\n11:00–12:30 Databases\nQuery Plans\nFay Xu (Uni F)\n\n"
    "Track 2: Networks\n09:00–10:30 Wireless\nChair: Bo Li\nA Fast Net\nDi Wu (Uni D)\n"
    "10:30–11:00 Coffee Break\n11:00–12:30 Routing\nFast Routes\nGil Oz (Uni G)\n\n"
    "Track 3: Theory\n09:00–10:30 Logic\nSafe Keys\nHal Kim (Uni H)\n"
    "10:30–11:00 Coffee Break\n11:00–12:30 Algorithms\nChair: Cy Ng\nProofs\nIda Ros (Uni I)\n"
)


def test_track_tabs_copied_one_after_another_keep_each_item_in_its_track() -> None:
    program = parse(_TRACK_BY_TRACK)
    assert _talks(program) == [
        ("09:00", "Storage", None, "Track 1: Systems", ["Ann Lee"]),
        ("11:00", "Databases", None, "Track 1: Systems", []),
        ("09:00", "Wireless", None, "Track 2: Networks", ["Bo Li"]),
        ("11:00", "Routing", None, "Track 2: Networks", []),
        ("09:00", "Logic", None, "Track 3: Theory", []),
        ("11:00", "Algorithms", None, "Track 3: Theory", ["Cy Ng"]),
    ]
    assert [p.title for s in program.sessions for p in s.papers] == [
        "A Fast Store",
        "Query Plans",
        "A Fast Net",
        "Fast Routes",
        "Safe Keys",
        "Proofs",
    ]


def test_a_timetable_with_rooms_as_rows_and_times_as_columns() -> None:
    program = parse(
        "Tuesday, 3 June 2025\n"
        "Room\t09:00–10:30\t10:30–11:00\t11:00–12:30\n"
        "Room A\tStorage\tCoffee Break\tDatabases\n"
        "Room B\tNetworks\tCoffee Break\tCompilers\n"
        "Room C\tSecurity\tCoffee Break\tTheory\n"
    )
    assert sorted(_talks(program)) == [
        ("09:00", "Networks", "Room B", None, []),
        ("09:00", "Security", "Room C", None, []),
        ("09:00", "Storage", "Room A", None, []),
        ("11:00", "Compilers", "Room B", None, []),
        ("11:00", "Databases", "Room A", None, []),
        ("11:00", "Theory", "Room C", None, []),
    ]
    breaks = [s for s in program.sessions if s.kind is SessionKind.BREAK]
    assert {(f"{s.start:%H:%M}", s.title) for s in breaks} == {("10:30", "Coffee Break")}


def test_a_page_timetable_with_rooms_as_rows_and_several_lines_in_a_cell() -> None:
    page = (
        "<html><body><h2>Tuesday, 3 June 2025</h2><table>"
        "<tr><th>Room</th><th>09:00–10:30</th><th>10:30–11:00</th><th>11:00–12:30</th></tr>"
        "<tr><th>Hall 1</th><td><b>Storage</b><br>Chair: Ann Lee<p>A Fast Store<br>"
        "Ana Silva (Uni A)</p></td><td>Coffee Break</td><td><b>Databases</b></td></tr>"
        "<tr><th>Hall 2</th><td><b>Networks</b><br>Chair: Bo Li</td><td>Coffee Break</td>"
        "<td></td></tr>"
        "<tr><th>Hall 3</th><td></td><td>Coffee Break</td><td><b>Theory</b><br>Chair: Cy Ng"
        "<p>Proofs<br>Ida Ros (Uni I)</p></td></tr>"
        "</table></body></html>"
    )
    program = parse_program(page, UTC)
    assert sorted(_talks(program)) == [
        ("09:00", "Networks", "Hall 2", None, ["Bo Li"]),
        ("09:00", "Storage", "Hall 1", None, ["Ann Lee"]),
        ("11:00", "Databases", "Hall 1", None, []),
        ("11:00", "Theory", "Hall 3", None, ["Cy Ng"]),
    ]
    assert ("A Fast Store", [("Ana Silva", "Uni A")]) in papers(program)
    assert ("Proofs", [("Ida Ros", "Uni I")]) in papers(program)
    assert [s.title for s in program.sessions if s.kind is SessionKind.BREAK] == ["Coffee Break"]


def test_room_lists_after_a_plenary_opening_start_the_clock_again_under_each_room() -> None:
    program = parse(
        "Tuesday, 3 June 2025\n08:30–09:00 Opening\n\n"
        "Room A\n09:00–10:30 Session 1: Storage\nA Fast Store\nAna Silva (Uni A)\n"
        "11:00–12:30 Session 4: Databases\nQuery Plans\nFay Xu (Uni F)\n\n"
        "Room B\n09:00–10:30 Session 2: Networks\nA Fast Net\nDi Wu (Uni D)\n"
        "11:00–12:30 Session 5: Compilers\nFast Code\nGil Oz (Uni G)\n"
    )
    assert [(t[1], t[2]) for t in _talks(program)] == [
        ("Opening", None),
        ("Storage", "Room A"),
        ("Databases", "Room A"),
        ("Networks", "Room B"),
        ("Compilers", "Room B"),
    ]


def test_a_room_printed_after_each_session_while_the_clock_runs_on_is_that_sessions() -> None:
    program = parse(
        "Tuesday, 3 June 2025\n\n09:00–10:30 Session 1: Storage\n09:00 A Fast Store\n"
        "Ana Silva (Uni A)\n09:30 A Faster Store\nBo Li (Uni B)\nRoom A\n"
        "11:00–12:30 Session 2: Nets\n11:00 A Fast Net\nDi Wu (Uni D)\n11:30 Routing\n"
        "Ed Po (Uni E)\nRoom B\n"
    )
    assert [(t[1], t[2]) for t in _talks(program)] == [("Storage", "Room A"), ("Nets", "Room B")]


def test_a_grid_of_track_columns_opening_the_page_is_still_read_as_its_sessions() -> None:
    # Read column by column, each `Track A: ...` heading stands over its own timed talks: one
    # session's talks, not a track tab of sessions (no chair, no break among them).
    program = parse(SIDE_BY_SIDE.replace("09:00 - 09:30\tWelcome Coffee\t\n", ""))
    assert [(s.title, s.track, len(s.papers)) for s in program.sessions if s.papers] == [
        ("Storage Systems", "Track A", 2),
        ("Query Engines", "Track B", 2),
    ]


# --- programs in other languages (Portuguese, Spanish, Polish, Czech, Russian, CJK) ----------


@pytest.mark.parametrize(
    ("line", "month", "day", "weekday"),
    [
        ("28 de Setembro (Sexta-feira)", 9, 28, 4),
        ("Czwartek, 26 czerwca", 6, 26, 3),
        ("Středa 14. října", 10, 14, 2),
        ("Четверг, 26 июня", 6, 26, 3),
        ("1日目　6月26日（木）", 6, 26, 3),
        ("6월 26일 (목)", 6, 26, 3),
        ("2025年6月26日 星期四", 6, 26, 3),
        ("30 Nisan Çarşamba", 4, 30, 2),
        # Turkish capitals: "İ" lowers to a dotted "i̇", "I" to the "i" that "salı" lacks.
        ("28 NİSAN 2025, PAZARTESİ", 4, 28, 0),
        ("29 NİSAN 2025, SALI", 4, 29, 1),
        ("6 ARALIK 2024 CUMA", 12, 6, 4),
    ],
)
def test_day_headers_in_other_languages(line: str, month: int, day: int, weekday: int) -> None:
    found = parse_day_header(line)
    assert found is not None
    assert (found[0].month, found[0].day, found[0].weekday) == (month, day, weekday)


@pytest.mark.parametrize(
    ("line", "start", "end"),
    [
        ("8:00 às 8:30", "08:00", "08:30"),
        ("10:00 a 11:30 Mesa redonda", "10:00", "11:30"),
        ("9:00 tot 10:30", "09:00", "10:30"),
        ("od 9:00 do 10:15", "09:00", "10:15"),
        ("14:00〜15:30", "14:00", "15:30"),
        # German, French and Scandinavian: the end was read as the start ("9:00 bis 10:30")
        ("9:00 bis 10:30 Uhr Eröffnung", "09:00", "10:30"),
        ("9h00 à 10h30 Accueil des participants", "09:00", "10:30"),
        ("13:00 til 14:00 Lunsj", "13:00", "14:00"),
    ],
)
def test_time_ranges_joined_by_a_word_or_a_wave_dash(line: str, start: str, end: str) -> None:
    found = find_time_range(line)
    assert found is not None
    assert found.end is not None
    assert (found.start.strftime("%H:%M"), found.end.strftime("%H:%M")) == (start, end)


def test_a_word_after_a_time_joins_no_range_without_a_second_clock() -> None:
    found = find_time_range("10:00 a 11 participantes")
    assert found is None or found.end is None


@pytest.mark.parametrize(
    "line", ["Dra. Ana Souza", "Profa. Ana Souza", "Lic. Ana Souza", "Mgr. Jan Nowak"]
)
def test_academic_titles_of_other_languages_are_no_part_of_the_name(line: str) -> None:
    (person,) = parse_author_line(line).authors
    assert person.name == line.split(". ", 1)[1]


def test_a_name_under_an_academic_title_is_a_person_however_long() -> None:
    assert author_line_score("Dr. Silvio David Araújo Giffoni") >= 0.8
    assert author_line_score("Silvio David Araújo Giffoni") < 0.8


@pytest.mark.parametrize(
    "line",
    [
        "Coordenadora: Dra. Ana Souza",
        "Coordinador: Luis Pérez",
        "座長：山田　太郎",
        "主持人：王伟",
        "Oturum Başkanları: Dr. Ayşe Kaya, Dr. Mehmet Demir",
        "OTURUM BAŞKANI: Dr. Ayşe Kaya",
        "Moderatör: Ayşe Kaya",
        "Président de session : Jean Dupont",
        "Présidente de session: Marie Curie (CNRS)",
        "Presidenta: Ana Pérez",
        "Moderação: Ana Souza",
        "Oturum Başkanı: Ahmet Yılmaz",
    ],
)
def test_chair_labels_of_other_languages(line: str) -> None:
    assert classify(1, line).kind is LineKind.CHAIR


def test_a_french_session_reads_its_chair() -> None:
    program = parse(
        "Lundi 3 mars 2025\n9h00 à 10h30 Session 1 : Apprentissage\n"
        "Président de session : Jean Dupont (INRIA)\nUn titre de communication\n"
        "Marie Curie (CNRS), Paul Martin (Université de Lyon)\n10h30 à 11h00 Pause café\n"
    )
    session = program.sessions[0]
    assert [(c.name, c.affiliation) for c in session.chairs] == [("Jean Dupont", "INRIA")]
    assert [p.title for p in session.papers] == ["Un titre de communication"]
    assert session.end is not None
    assert f"{session.end:%H:%M}" == "10:30"


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("Conferência de abertura", SessionKind.KEYNOTE),
        ("招待講演", SessionKind.KEYNOTE),
        ("特邀报告", SessionKind.KEYNOTE),
        ("Wręczenie nagród", SessionKind.PLENARY),
        ("Preisverleihung des Nachwuchspreises", SessionKind.PLENARY),
        ("Remise des prix", SessionKind.PLENARY),
        ("Entrega de premios", SessionKind.PLENARY),
        ("Premiazione", SessionKind.PLENARY),
    ],
)
def test_item_kinds_named_in_other_languages(title: str, kind: SessionKind) -> None:
    assert classify_kind(title, paper_count=0) is kind


@pytest.mark.parametrize("title", ["Credenciamento e recepção", "Acreditación", "受付開始"])
def test_registration_named_in_other_languages(title: str) -> None:
    assert REGISTRATION.search(title)


def test_a_japanese_session_of_coded_papers_with_numbered_affiliations() -> None:
    # A code line above each title, authors parted by "、" with the presenter circled and
    # affiliation numbers glued on, then the numbered affiliations.
    program = parse(
        "6月26日（木）\n"
        "10:05 – 11:05「口頭発表」\n"
        "O1\n"
        "タンパク質の機能制御に関する研究\n"
        "〇山田　太郎1、佐藤　花子1,2\n"
        "1東大院・理、2京大・工\n"
        "O2\n"
        "酵素を用いた新しい合成法\n"
        "〇鈴木　一郎1\n"
        "1北大院・薬\n"
        "11:05 – 11:20 休憩\n"
    )
    assert papers(program) == [
        (
            "タンパク質の機能制御に関する研究",
            [("山田 太郎", "東大院・理"), ("佐藤 花子", "東大院・理; 京大・工")],
        ),
        ("酵素を用いた新しい合成法", [("鈴木 一郎", "北大院・薬")]),
    ]
    assert program.sessions[0].start is not None
    assert program.sessions[0].start.date() == date(2025, 6, 26)


def test_a_turkish_session_cell_of_chairs_then_titles_and_speaker_labels() -> None:
    # A whole session in one table cell: title, chairs, then per talk a title line and its
    # "Konuşmacı:" (speaker) line, talks parted by an empty line.
    program = parse(
        "28 NİSAN 2025, PAZARTESİ\n"
        "09:20-11:00\tENZİM TEDAVİLERİ\n"
        "Oturum Başkanları: Dr. Ayşe Kaya, Dr. Mehmet Demir\n"
        "\n"
        "Gaucher Hastalığı\n"
        "Konuşmacı: Dr. Zeynep Yılmaz\n"
        "\n"
        "Fabry Hastalığı\n"
        "Konuşmacı: Dr. Ali Şahin\n"
        "11:00-11:30\tKahve Arası\n"
    )
    session = program.sessions[0]
    assert [c.name for c in session.chairs] == ["Ayşe Kaya", "Mehmet Demir"]
    assert papers(program) == [
        ("Gaucher Hastalığı", [("Zeynep Yılmaz", None)]),
        ("Fabry Hastalığı", [("Ali Şahin", None)]),
    ]
    assert session.start is not None
    assert session.start.date() == date(2025, 4, 28)


def test_a_time_and_chairs_without_a_title_open_an_untitled_session_of_talks() -> None:
    # The cell opens with its chairs: the title lines below are its talks, none its title.
    program = parse(
        "Monday, 28 April 2025\n"
        "11:30-13:00\tChairs: Dr. Ana Silva, Dr. Bo Li\n"
        "\n"
        "Nutrition in storage diseases\n"
        "Speaker: Dr. Carla Reyes\n"
        "\n"
        "Anaesthesia and surgery\n"
        "Speaker: Dr. Dan Moss\n"
        "13:00-14:00\tLunch\n"
    )
    session = program.sessions[0]
    assert session.title in (None, "")
    assert [c.name for c in session.chairs] == ["Ana Silva", "Bo Li"]
    assert papers(program) == [
        ("Nutrition in storage diseases", [("Carla Reyes", None)]),
        ("Anaesthesia and surgery", [("Dan Moss", None)]),
    ]


def test_a_title_broken_after_its_colon_over_a_labelled_speaker_line() -> None:
    # "Gaucher disease:" / "the role of miRNAs in bone" / "Speaker: …": one title on two lines.
    program = parse(
        "Monday, 28 April 2025\n"
        "11:30-12:30\tSatellite symposium\n"
        "\n"
        "Gaucher disease:\n"
        "the role of miRNAs in bone involvement\n"
        "Speaker: Dr. Irene Serrano Gonzalo\n"
        "\n"
        "Experience with cases\n"
        "Speaker: Dr. Gonca Kılıç Yıldırım\n"
    )
    assert papers(program) == [
        (
            "Gaucher disease: the role of miRNAs in bone involvement",
            [("Irene Serrano Gonzalo", None)],
        ),
        ("Experience with cases", [("Gonca Kılıç Yıldırım", None)]),
    ]


@pytest.mark.parametrize(
    ("day", "people", "title"),
    [
        (
            "Thursday, 21 December",
            [
                ("Olga Weiss", "Lebedev Physical Institute"),
                ("Ivan Petrov", "Voronezh State University"),
            ],
            [
                "Efficient laser-synchrotron gamma sources",
                "Laser neutron sources in structured media",
            ],
        ),
        (
            "21 декабря, четверг",
            [
                ("Ольга Вайс", "Физический институт им П.Н. Лебедева РАН"),
                ("Михаил Фролов", "Воронежский государственный университет"),
            ],
            [
                "Эффективный лазерно-синхротронный источник гамма излучения",
                "КЭД-процессы в лазерных полях экстремальной интенсивности. Часть I.",
            ],
        ),
    ],
)
def test_a_bare_name_over_its_workplace_over_the_title(
    day: str, people: list[tuple[str, str]], title: list[str]
) -> None:
    # "10:40 – 11:50" / "Olga Weiss" / "Lebedev Physical Institute" / title: the speaker, where
    # they work, then the talk, a line each; a bare name alone would be too weak a person.
    text = day + "\n\n"
    for n, ((name, affiliation), talk) in enumerate(zip(people, title, strict=True)):
        text += f"1{n}:00 – 1{n}:50\n{name}\n{affiliation}\n{talk}\n\n"
    text += "12:00 – 13:00\nLunch\n"
    assert papers(parse(text)) == [(t, [p]) for p, t in zip(people, title, strict=True)]


def test_a_label_over_a_speaker_and_workplace_is_no_speaker() -> None:
    # "Public Lecture" reads like a name, but the line below names a person before where they
    # work: that line is the speaker's, and the one above labels the talk.
    program = parse(
        "7 November 2015 (Saturday)\n\n18.30 - 19.30\n\nPublic Lecture\n"
        "K Srinath Reddy, Public Health Foundation of India, New Delhi\n"
        "Pulse to planet: Human health in the era of sustainable development\n\n"
        "19.30 - 20.30\n\nDinner\n"
    )
    assert papers(program) == [
        (
            "Pulse to planet: Human health in the era of sustainable development",
            [("K Srinath Reddy", "Public Health Foundation of India, New Delhi")],
        )
    ]


def test_a_hyphenated_break_repeated_all_over_is_no_badge() -> None:
    program = parse(
        "Thursday, 21 December\n"
        + "".join(
            f"1{n}:00 – 1{n}:40\nTalk number {n} on lasers\nAna Silva (MIT)\n"
            f"1{n}:40 – 1{n}:59\nКофе-брейк\n"
            for n in range(4)
        )
    )
    assert [s.title for s in program.sessions if s.kind is SessionKind.BREAK] == ["Кофе-брейк"] * 4


def test_day_tabs_with_subtitles_then_the_first_days_own_header() -> None:
    # The page's tabs, each day with a subtitle line, then the open tab's own header
    # restating the first day: its items are that day's, not the last tab's.
    program = parse(
        "Monday 28 April\n"
        "Course\n"
        "Tuesday 29 April\n"
        "28 APRIL 2025, MONDAY\n"
        "09:00-10:00\tGene therapies\n"
        "Dr. Zeynep Yılmaz\n"
        "29 APRIL 2025, TUESDAY\n"
        "09:00-10:00\tSmall-molecule therapies\n"
        "Dr. Ali Şahin\n"
    )
    assert [s.start.date() for s in program.sessions if s.start] == [
        date(2025, 4, 28),
        date(2025, 4, 29),
    ]


def test_a_long_run_of_characters_is_a_title_not_a_name() -> None:
    assert author_line_score("ユビキチン鎖化学合成制御によって得られた知見") == 0.0
    assert author_line_score("〇岡本　晃充") >= 0.5


def test_a_days_introductory_sentence_is_no_title_of_the_first_item() -> None:
    program = parse(
        "Friday, 28 September\n"
        "The organisers may change a speaker or a talk if someone cannot come for a serious"
        " reason, and will keep the programme as good as it can be.\n"
        "8:00 - 8:30\n"
        "Registration\n"
        "8:30 - 9:15\n"
        "Opening lecture\n"
        "Neurodevelopmental disorders: an interdisciplinary approach\n"
        "Dr. Ana Souza\n"
    )
    starts = [(s.title, s.start.strftime("%H:%M") if s.start else None) for s in program.sessions]
    assert starts[:2] == [("Registration", "08:00"), ("Opening lecture", "08:30")]


@pytest.mark.parametrize(
    ("title", "label", "talk"),
    [
        (
            "Palestra 2 - Promoção das funções executivas",
            "Palestra 2",
            "Promoção das funções executivas",
        ),
        ("Talk 1: Mental health in childhood", "Talk 1", "Mental health in childhood"),
        ("Wykład 3: Grafy i algorytmy", "Wykład 3", "Grafy i algorytmy"),
    ],
)
def test_a_numbered_talk_is_its_label_and_its_title(title: str, label: str, talk: str) -> None:
    found = read_talk_title(title)
    assert found is not None
    assert (found.session_title, found.talk_title, found.speakers) == (label, talk, ())


def test_a_numbered_session_is_no_talk() -> None:
    assert read_talk_title("Session 2 - Storage systems") is None


def test_a_bare_name_under_a_timed_talk_is_its_speaker() -> None:
    program = parse(
        "Wednesday 16 March\n"
        "15:00\tOpening\n"
        "15:15\tWhat is a computer program?\n"
        "Liesbeth De Mol\n"
        "16:00\tCoffee break\n"
        "Gather Town\n"
        "16:30\tArchiving all software\n"
        "Roberto Di Cosmo\n"
    )
    assert papers(program) == [
        ("What is a computer program?", [("Liesbeth De Mol", None)]),
        ("Archiving all software", [("Roberto Di Cosmo", None)]),
    ]


def test_an_opening_item_with_a_person_under_it_is_hosted_not_a_talk() -> None:
    program = parse_text(
        "Thursday, July 25, 2024\n\n10:00 – 10:15\n\nIntroduction\n"
        "Christèle Maizonniaux, Flinders University\n\n10:15 – 11:00\n\n"
        "Introduction to Language Documentation\nAna Silva, University of Tahiti\n",
        ParseOptions(timezone="Australia/Adelaide", year=2024),
    )
    opening, talk = program.sessions
    assert opening.papers == ()
    assert opening.notes == ("Hosted by Christèle Maizonniaux (Flinders University)",)
    # "Introduction to …" is a talk's title, not an opening
    assert [p.title for p in talk.papers] == ["Introduction to Language Documentation"]
    assert [a.name for a in talk.papers[0].authors] == ["Ana Silva"]


def test_a_topic_followed_only_by_link_marks_is_the_item_itself() -> None:
    program = parse_text(
        "Day 1\tSaturday\tJune 27\n"
        "9:00-9:15am\tKam Dahlquist\t[Welcome] ***SLIDES***\n"
        "9:15-9:35\tAlan Ruttenberg\t[Semantic Web] Linked data for biology ***SLIDES***\n"
        "9:35-9:55\tAna Silva\t[Semantic Web] Ontologies at scale ***SLIDES***\n"
        "9:55-10:15\tBo Li\t[Visualization] Genome browsers in the web ***SLIDES***\n"
        "10:15-10:35\tCy Ng\t[Visualization] Drawing pathways ***SLIDES***\n",
        ParseOptions(timezone="Europe/Stockholm", year=2009),
    )
    welcome = program.sessions[0]
    assert welcome.title == "Welcome"
    assert welcome.papers == ()
    titles = [p.title for s in program.sessions for p in s.papers]
    assert titles[:2] == ["Linked data for biology", "Ontologies at scale"]


def test_the_one_name_under_a_keynote_is_its_speaker_however_cased() -> None:
    program = parse_text(
        "Tuesday, June 22, 2021\n11:00 – 11:10\nOpening\n11:10 – 12:10\nInvited talk\nZoom\n"
        "Thomas schiex\n12:10 – 13:30\nLunch\n",
        ParseOptions(timezone="Europe/Paris", year=2021),
    )
    keynote = next(s for s in program.sessions if s.title == "Invited talk")
    assert keynote.kind is SessionKind.KEYNOTE
    assert [[a.name for a in p.authors] for p in keynote.papers] == [["Thomas schiex"]]


_NAME_COMMA_AFFILIATION_PAGE = (
    "Saturday, November 14, 2015\n10:00 am\nParallelizing Sequential Computations\n"
    "Madan Musuvathi, Microsoft Research\n10:30 am\nThe Sourcerer Dataset\nPedro Martins, UCI\n"
    "11:00 am\nFuzzing for SMT Solvers\nKyle Dewey, UCSB\n11:30 am\nMeta-FRP for livecoding\n"
    "{last}\n12:00 pm\nLunch\n"
)


def test_on_a_page_of_name_comma_affiliation_lines_the_part_after_the_comma_is_where() -> None:
    program = parse(_NAME_COMMA_AFFILIATION_PAGE.format(last="John Clements, Cal Poly"))
    talk = next(p for s in program.sessions for p in s.papers if p.title.startswith("Meta-FRP"))
    assert [(a.name, a.affiliation) for a in talk.authors] == [("John Clements", "Cal Poly")]


def test_a_name_the_page_prints_elsewhere_stays_a_person_after_the_comma() -> None:
    page = _NAME_COMMA_AFFILIATION_PAGE.format(last="John Clements, Pedro Martins")
    program = parse(page)
    talk = next(p for s in program.sessions for p in s.papers if p.title.startswith("Meta-FRP"))
    assert [a.name for a in talk.authors] == ["John Clements", "Pedro Martins"]


def test_without_that_convention_two_names_after_a_title_stay_two_people() -> None:
    program = parse(
        "Saturday, November 14, 2015\n10:00 am\nParallelizing Sequential Computations\n"
        "Madan Musuvathi, Ana Silva\n10:30 am\nMeta-FRP for livecoding\nJohn Clements, Cal Poly\n"
    )
    people = [[a.name for a in p.authors] for s in program.sessions for p in s.papers]
    assert people == [["Madan Musuvathi", "Ana Silva"], ["John Clements", "Cal Poly"]]


def test_a_talk_with_its_speaker_above_its_title_keeps_its_time_when_a_bare_slot_follows() -> None:
    # As a page's text comes without blank lines: the next slot's time has nothing but
    # placeholders under it, so the title above it is not its title.
    program = parse_text(
        "Thursday, July 25, 2024\n11:15 – 11:40\n"
        "Nick Thieberger, University of Melbourne, Australia\n"
        "Documenting Pacific languages\n11:40 – 12:05\nTBA\nTBA\n12:05 – 13:55\nLunch\n",
        ParseOptions(timezone="Australia/Adelaide", year=2024),
    )
    talk = next(s for s in program.sessions if s.papers)
    assert talk.title == "Documenting Pacific languages"
    assert talk.start is not None
    assert f"{talk.start:%H:%M}" == "11:15"
    assert [a.name for a in talk.papers[0].authors] == ["Nick Thieberger"]


def test_a_meal_has_no_speaker_even_where_the_line_under_it_looks_like_one() -> None:
    program = parse(
        "Monday, October 17, 2016\n10:00 - 11:00\tSession 1: Touch\n\nFast Touch Input\n"
        "Ana Silva, Bo Li\n\n12:40 - 14:00\tLunch (Lunchbox provided)\n"
        "Women’s Luncheon, Sponsored by Microsoft Research (1F meeting room)\n\n"
        "14:00 - 15:00\tSession 2: Haptics\n\nSoft Haptics\nCy Ng, Di Wu\n"
    )
    lunch = next(s for s in program.sessions if s.title and s.title.startswith("Lunch"))
    assert lunch.kind is SessionKind.BREAK
    assert lunch.papers == ()
    assert any("Luncheon" in note for note in lunch.notes)


@pytest.mark.parametrize(
    ("title", "label", "speaker"),
    [
        ("Talk 2: Ms Theresa Nyawira", "Talk 2", "Theresa Nyawira"),
        ("Keynote Talk 1: Prof Steve Shapiro", "Keynote Talk 1", "Steve Shapiro"),
        ("Speaker 3: Dr. Simone Li", "Speaker 3", "Simone Li"),
        ("Talk 11:Prof Jorum Kirundi", "Talk 11", "Jorum Kirundi"),
    ],
)
def test_a_numbered_talk_naming_only_its_speaker_is_untitled(
    title: str, label: str, speaker: str
) -> None:
    found = read_talk_title(title)
    assert found is not None
    assert (found.session_title, found.talk_title) == (label, None)
    assert [p.name for p in found.speakers] == [speaker]


def test_an_untimed_row_over_people_addressed_by_title_is_a_session_they_chair() -> None:
    program = parse(
        "WEDNESDAY OCTOBER 29, 2025\n"
        "10:00-10:30\tHealth Break\n"
        "\tOne Health: Emerging infectious diseases\n"
        "Dr Joseph Kamau / Prof Ann Lee\n"
        "14:00-14:30\tKeynote Talk 2: Dr Isaac Ngere\n"
        "14:30-14:50\tTalk 7: Dr James Hassell\n"
        "14:50-15:10\tRound table discussion\n"
    )
    session = program.sessions[1]
    assert session.title == "One Health: Emerging infectious diseases"
    assert [c.name for c in session.chairs] == ["Joseph Kamau", "Ann Lee"]
    assert [(p.title, [a.name for a in p.authors]) for p in session.papers] == [
        ("Keynote Talk 2", ["Isaac Ngere"]),
        ("Talk 7", ["James Hassell"]),
    ]
    assert session.start is not None
    assert session.start.strftime("%H:%M") == "14:00"
    assert program.sessions[2].title == "Round table discussion"


def test_numbered_speakers_under_a_timed_session_are_its_untitled_talks() -> None:
    program = parse(
        "7th November, 2025\n"
        "10:00 - 11:00a Session 2: long talks (10 mins each)\n"
        "\n"
        "Speaker 1: Prof. Chris Greening\n"
        "Speaker 2: A/Prof. Chun Wie Chong\n"
        "Q&A: open 10 mins\n"
        "\n"
        "11:00 - 11:30a Morning break\n"
    )
    assert papers(program) == [
        ("Speaker 1", [("Chris Greening", None)]),
        ("Speaker 2", [("Chun Wie Chong", None)]),
    ]


ROOMS_AS_A_COLUMN = (
    "Friday, November 11\n"
    "AM Chairs\tRoom 1\tSarah Brooks\n"
    "\tRoom 2\tDavid Singer\n"
    "\n"
    "9:15-9:45\tRoom 1\tChristian Ambrosius,\n"
    'Freie Universitat Berlin\t"Do Remittances Crowd-In?"\n'
    "\tRoom 2\tCristina Bodea,\n"
    "Michigan State University\n"
    "Fangjin Ye,\n"
    'Michigan State University\t"Bilateral Investment Treaties"\n'
    "\n"
    "9:45-10:15\tRoom 1\tEric Arias,\n"
    'New York University\t"Patronage by Credit"\n'
    "\tRoom 2\tJulia Morse,\n"
    'Princeton University\t"Pathways to Policy Change"\n'
    "\n"
    "10:15-10:45\t\tBreak\n"
)


def test_a_timetable_with_its_rooms_as_a_column_is_read_room_by_room() -> None:
    program = parse(ROOMS_AS_A_COLUMN)
    rooms = [
        (s.room, [c.name for c in s.chairs], [p.title for p in s.papers]) for s in program.sessions
    ]
    assert rooms[:2] == [
        ("Room 1", ["Sarah Brooks"], ["Do Remittances Crowd-In?", "Patronage by Credit"]),
        (
            "Room 2",
            ["David Singer"],
            ["Bilateral Investment Treaties", "Pathways to Policy Change"],
        ),
    ]
    assert [(a.name, a.affiliation) for a in program.sessions[1].papers[0].authors] == [
        ("Cristina Bodea", "Michigan State University"),
        ("Fangjin Ye", "Michigan State University"),
    ]
    assert program.sessions[2].title == "Break"


@pytest.mark.parametrize(
    "title", ["Panel discussion (topic tbd)", "Keynote: Speaker TBA", "Invited talk (TBC)"]
)
def test_what_is_not_decided_yet_names_no_speaker(title: str) -> None:
    found = read_talk_title(title)
    assert found is None or not found.speakers


def test_a_part_of_the_day_cell_before_the_time_is_not_the_item() -> None:
    program = parse(
        "Monday, 5 May 2025\n"
        "Morning\t9:00-10:00\tStorage Systems\nChair: Ana Silva\n"
        "\t10:00-10:30\tCoffee break\n"
        "Afternoon\t14:00-15:00\tNetworks\nChair: Bo Li\n"
    )
    assert [(s.title, s.start.hour if s.start else None) for s in program.sessions] == [
        ("Storage Systems", 9),
        ("Coffee break", 10),
        ("Networks", 14),
    ]


def test_a_talk_named_by_its_kind_takes_the_title_on_a_line_below() -> None:
    program = parse(
        "Monday, 5 May 2025\n9:00-9:30\tKeynote (Prof. Ana Silva)\nChair: Bo Li\n\n"
        "The Future of Storage Systems\n9:30-10:00\tCoffee break\n"
    )
    assert papers(program) == [("The Future of Storage Systems", [("Ana Silva", None)])]
    assert [c.name for c in program.sessions[0].chairs] == ["Bo Li"]


def test_a_slot_row_naming_several_sessions_heads_one_session_per_row_below() -> None:
    program = parse(
        "Friday, 2 May 2025\n"
        "9:00-10:30\tParallel sessions 1-3 (15 min talks)\n"
        "\tSpatial modelling and machine learning\n\tDatabases and geographic information systems\n"
        "\tGIS in teaching and public education\n"
        "10:30-11:00\tCoffee break\n"
    )
    assert [(s.title, s.start.strftime("%H:%M") if s.start else None) for s in program.sessions][
        1:
    ] == [
        ("Spatial modelling and machine learning", "09:00"),
        ("Databases and geographic information systems", "09:00"),
        ("GIS in teaching and public education", "09:00"),
        ("Coffee break", "10:30"),
    ]


def test_rows_with_an_empty_time_cell_are_entries_of_their_own() -> None:
    program = parse(
        "Thursday, 1 May 2025\n10:00-10:45\tOpening session\n"
        "\tAward of the logo competition prize\n"
        "\tTwenty years of geoinformation – experience and challenges,\n"
        "Zbigniew Zwoliński, UAM\n10:45-11:00\tCoffee break\n"
    )
    assert papers(program)[-1] == (
        "Twenty years of geoinformation – experience and challenges,",
        [("Zbigniew Zwoliński", "UAM")],
    )


def test_a_timed_item_whose_speaker_follows_holds_the_first_of_its_talks() -> None:
    program = parse(
        "Wednesday, 28 September 2016\n"
        "05: 30 pm - 6:30 pm\tPlenary: Cancer immunotherapy against tumour resistance\n"
        "Dr. Thomas Gajewski (USA)\nForcing NF-kB in T cells promotes tumour control\n"
        "Dra. María Alegre (USA)\n06:30 pm - 07:30 pm\tShow\n"
    )
    plenary = program.sessions[0]
    assert plenary.start is not None
    assert plenary.start.strftime("%H:%M") == "17:30"
    assert [(p.title, [a.name for a in p.authors]) for p in plenary.papers] == [
        ("Plenary: Cancer immunotherapy against tumour resistance", ["Thomas Gajewski"]),
        ("Forcing NF-kB in T cells promotes tumour control", ["María Alegre"]),
    ]


def test_a_speaker_a_line_under_a_talk_are_all_its_speakers() -> None:
    program = parse(
        "Monday, 3 March 2025\n"
        "09:00 – 09:40 Farm Water Rights after the Drought\n"
        "Helen Carter (Senior Counsel, Rivers Trust)\n"
        "Omar Haddad (Professor of Agronomy, University of Leeds)\n"
        "\n09:40 – 10:00 Soil Carbon – What the Ledger Misses\n"
        "Ines Moreau (Analyst, Terre Vivante)\n"
    )
    assert papers(program) == [
        (
            "Farm Water Rights after the Drought",
            [
                ("Helen Carter", "Senior Counsel, Rivers Trust"),
                ("Omar Haddad", "Professor of Agronomy, University of Leeds"),
            ],
        ),
        ("Soil Carbon – What the Ledger Misses", [("Ines Moreau", "Analyst, Terre Vivante")]),
    ]


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("Social Justice in Rural Schools", SessionKind.OTHER),
        ("Social hour", SessionKind.SOCIAL),
        ("Welcome Social", SessionKind.SOCIAL),
    ],
)
def test_social_as_a_topic_word_is_no_social_event(title: str, kind: SessionKind) -> None:
    assert classify_kind(title, paper_count=0) is kind


def test_a_keynote_named_by_its_place_in_the_day_takes_the_title_after_the_colon() -> None:
    found = read_talk_title("Closing keynote: Sound and the City")
    assert found is not None
    assert (found.session_title, found.talk_title) == ("Closing keynote", "Sound and the City")


def test_a_wiki_row_of_time_speaker_room_and_title_with_its_links_is_one_talk() -> None:
    program = parse(
        "Tuesday, 14 May 2024\n"
        "09:00-09:30\t\tFoyer, KH\tRegistration\n"
        "09:30-10:30\tMarta Ruiz\tB2 or C1.04, KH\tCounterpoint in Early Opera Notebook PDF Video\n"
        "10:30-11:30\tLeo Brandt\tB2, KH\tTuning Systems and the Lute PDF Video\n"
        "11:30-12:30\tAnna Weiss\tB2, KH\tRhythm in Folk Song Slides PDF Video\n"
    )
    assert papers(program) == [
        ("Counterpoint in Early Opera", [("Marta Ruiz", None)]),
        ("Tuning Systems and the Lute", [("Leo Brandt", None)]),
        ("Rhythm in Folk Song", [("Anna Weiss", None)]),
    ]


def test_an_untimed_session_heading_holds_the_timed_title_and_speaker_rows_below() -> None:
    program = parse(
        "Thursday, 6 June 2024\n"
        "Time\tTitle\tSpeaker\n"
        "Session: Reading in the early years, chairs: Ana Ruiz (UAM) + Pere Vidal (UB)\n"
        "10:00- 10:40\tPhonics at home and at school\t"
        "Dr. Carla Neri, Istituto Comprensivo Dante, Italy\n"
        "10:40- 10:55\tOral 1: Shared reading with toddlers\tMarta Gil\n"
        "10:55- 11:10\tOral 2: Teachers as readers\tJon Ibarra\n"
        "11:10- 11:40\tCoffee break\t\n"
    )
    session = program.sessions[0]
    assert session.start is not None
    assert session.title == "Reading in the early years"
    assert session.start.strftime("%H:%M") == "10:00"
    assert [(c.name, c.affiliation) for c in session.chairs] == [
        ("Ana Ruiz", "UAM"),
        ("Pere Vidal", "UB"),
    ]
    assert papers(program) == [
        ("Phonics at home and at school", [("Carla Neri", "Istituto Comprensivo Dante, Italy")]),
        ("Shared reading with toddlers", [("Marta Gil", None)]),
        ("Teachers as readers", [("Jon Ibarra", None)]),
    ]


def test_a_title_with_a_parenthesis_above_its_speaker_is_no_speaker_itself() -> None:
    program = parse(
        "Monday, 3 March 2025\n09:00-10:30 Session 1: Storage\n"
        "Slow Graphs (Fast Trees)\nAna Silva (Uni A)\n"
    )
    assert papers(program) == [("Slow Graphs (Fast Trees)", [("Ana Silva", "Uni A")])]


_SINGLE_SPACED = """Tuesday, 1 September 2026
10:45 – 12:15
Research 1 · Text-to-SQL Systems
Grand Ballroom E
Tuesday 10:45 – 12:15
REG
SafeQL: Search-based Refinement for Text-to-SQL
Geonho Lee (KAIST) · Min-soo Kim (KAIST)
Abstract
Research 2 · Cloud-Native Data Systems
Grand Ballroom D
Tuesday 10:45 – 12:15
REG
CloudGlide: Deconstructing Cloud-Based Analytics
Daniel Ritter (SAP) · Viktor Leis (TUM)

Abstract
"""


def test_a_double_spaced_copy_reads_as_the_same_page_single_spaced() -> None:
    """A page printing each line as a paragraph of its own is copied with a blank line after
    every line; those blanks part nothing, only a longer run does."""
    single = parse(_SINGLE_SPACED)
    lines = _SINGLE_SPACED.splitlines()
    double = parse("\n\n".join(lines))
    assert len(single.sessions) == 2
    assert all(len(s.papers) == 1 for s in single.sessions)
    assert [(s.title, s.start, s.room) for s in double.sessions] == [
        (s.title, s.start, s.room) for s in single.sessions
    ]
    assert papers(double) == papers(single)
    # the line numbers named are the file's own
    assert [s.line for s in double.sessions] == [2 * (s.line or 0) - 1 for s in single.sessions]


def test_blank_lines_between_items_are_kept() -> None:
    lines = [(1, "Monday, 3 March 2025"), (2, "09:00 Opening"), (3, ""), (4, "09:30 Talk")]
    assert single_spaced(lines * 3) == lines * 3


# --- a row per paper, each naming its session (a spreadsheet printed as a page) ----------------


def test_rows_naming_their_session_are_grouped_into_sessions() -> None:
    program = parse(
        "Tuesday, June 3, 2025\n"
        "Time\tSession\tPresenter\tVenue\tTitle\tKeywords\n"
        "14:00\tGraph methods\tAna Silva\tR2\tFast joins on sparse graphs\tgraphs, joins\n"
        "14:00\tGraph methods\tBo Li\tR2\tEmbedding road networks\tmodels, space/time\n"
        "14:00\tSurvey sampling\tCarla Mendes\tR3\tWeights for small areas\tsurveys\n"
        "14:00\tSurvey sampling\tDan Brown\tR3\tNon-response in panels\tpanels, imputation\n"
    )
    assert [(s.title, s.room, len(s.papers)) for s in program.sessions] == [
        ("Graph methods", "R2", 2),
        ("Survey sampling", "R3", 2),
    ]
    assert papers(program) == [
        ("Fast joins on sparse graphs", [("Ana Silva", None)]),
        ("Embedding road networks", [("Bo Li", None)]),
        ("Weights for small areas", [("Carla Mendes", None)]),
        ("Non-response in panels", [("Dan Brown", None)]),
    ]
    first = program.sessions[0]
    assert first.start is not None
    assert first.start.hour == 14
    assert all(p.start is None for s in program.sessions for p in s.papers)


def test_rows_naming_their_session_with_own_times_keep_them() -> None:
    program = parse(
        "Tuesday, June 3, 2025\n"
        "Time\tSession\tSpeaker\tTitle\n"
        "10:00-10:20\tGraph methods\tAna Silva\tFast joins on sparse graphs\n"
        "10:20-10:40\tGraph methods\tBo Li\tEmbedding road networks\n"
    )
    [session] = program.sessions
    assert session.end is not None
    assert (session.end.hour, session.end.minute) == (10, 40)
    assert [(p.start.minute if p.start else None) for p in session.papers] == [0, 20]


# --- a timed author line, then its title with the page's marks (a physics workshop) ----------


def test_timed_authors_then_a_title_with_a_kind_mark_and_a_link() -> None:
    program = parse(
        "Monday, 16 June, 2025\n"
        "S1.1 (11:15 – 12:30)Chair: Maria Rossi (Italy)\n"
        "11:15 – 11:40 K Lee (Dept of Physics, POSTECH, Pohang, South Korea), A Huck, "
        "J Webb (Department of Physics, Technical University of Denmark, Lyngby, Denmark)\n"
        "Quantum Magnetometry in Diamond (invited talk) Abstract\n"
        "11:40 – 12:10 A Tomita (Graduate School of Information Science, Hokkaido University, "
        "Sapporo, Japan)\n"
        "Security of a Practical Key Distribution System (invited talk) Abstract\n"
        "12:10 – 12:30 M Gałka, M Karpiński (Faculty of Physics, University of Warsaw, Poland)\n"
        "Shaping Light in Time (invited talk) Abstract\n"
    )
    [session] = program.sessions
    assert session.title == "S1.1"
    assert [c.name for c in session.chairs] == ["Maria Rossi"]
    dtu = "Department of Physics, Technical University of Denmark, Lyngby, Denmark"
    warsaw = "Faculty of Physics, University of Warsaw, Poland"
    assert papers(program) == [
        (
            "Quantum Magnetometry in Diamond",
            [
                ("K Lee", "Dept of Physics, POSTECH, Pohang, South Korea"),
                ("A Huck", dtu),
                ("J Webb", dtu),
            ],
        ),
        (
            "Security of a Practical Key Distribution System",
            [
                (
                    "A Tomita",
                    "Graduate School of Information Science, Hokkaido University, Sapporo, Japan",
                )
            ],
        ),
        ("Shaping Light in Time", [("M Gałka", warsaw), ("M Karpiński", warsaw)]),
    ]


def test_a_phrase_in_parentheses_before_a_link_is_not_a_link_word() -> None:
    text = (
        "Quantum Magnetometry in Diamond (invited talk) Abstract\n"
        "Shaping Light in Time (invited talk) Abstract\n"
        "Security of a Key Distribution System (invited talk) Abstract\n"
    )
    lines = [classify(number, raw) for number, raw in numbered_lines(text)]
    marks = recurring_trailing_marks(lines)
    assert "abstract" in marks
    assert "talk)" not in marks


def test_the_kind_of_talk_after_a_title_is_a_mark() -> None:
    assert strip_trailing_marks("Shaping Light in Time (invited talk)") == (
        "Shaping Light in Time",
        "(invited talk)",
    )


def test_the_brackets_a_session_time_stood_in_are_no_part_of_its_title() -> None:
    program = parse(
        "Monday, 16 June, 2025\n"
        "S1.2 (14:00 – 16:00) Chair: Maria Rossi (Italy)\n"
        "14:00 – 14:30 Ana Silva (Uni A)\n"
        "Fast Joins on Sparse Graphs\n"
    )
    assert [s.title for s in program.sessions] == ["S1.2"]


def test_the_line_under_timed_authors_is_their_title_whatever_its_parentheses() -> None:
    program = parse(
        "Monday, 16 June, 2025\n"
        "Session 1 (14:00 – 16:00)\n"
        "14:00 – 14:30 Ana Silva (Uni A), Bo Li (Uni B)\n"
        "Magnetometry Using Vacancy Centers in Diamond (invited talk) Abstract\n"
        "14:30 – 15:00 Carla Mendes (Uni C)\n"
        "Optimization of X-Ray Forward Echo (invited talk) Abstract\n"
        "15:00 – 15:30 Dan Brown (Uni D)\n"
        "Cold Atoms in Optical Cavities (invited talk) Abstract\n"
    )
    assert papers(program) == [
        (
            "Magnetometry Using Vacancy Centers in Diamond",
            [("Ana Silva", "Uni A"), ("Bo Li", "Uni B")],
        ),
        ("Optimization of X-Ray Forward Echo", [("Carla Mendes", "Uni C")]),
        ("Cold Atoms in Optical Cavities", [("Dan Brown", "Uni D")]),
    ]


def test_a_title_that_reads_as_a_name_before_its_marks_still_follows_its_authors() -> None:
    program = parse(
        "Monday, 16 June, 2025\n"
        "Session 1 (11:15 – 12:30)\n"
        "11:15 – 11:45 I V Dyakonov (Faculty of Physics, Moscow State University, Russia)\n"
        "Reconfigurable Laser-Written Photonic Circuits (invited talk) Abstract\n"
        "11:45 – 12:00 Y H Shih (Department of Physics, University of Maryland, USA)\n"
        "Turbulence-Free Interference and Imaging (invited talk) Abstract\n"
        "12:00 – 12:30 K Hakuta (Center for Photonic Innovations, Tokyo, Japan)\n"
        "Cavity QED on an Optical Nanofiber (invited talk) Abstract\n"
    )
    assert [t for t, _ in papers(program)] == [
        "Reconfigurable Laser-Written Photonic Circuits",
        "Turbulence-Free Interference and Imaging",
        "Cavity QED on an Optical Nanofiber",
    ]


# A conference-system day page (EasyChair's smart program): each talk a row whose time cell is
# followed by a cell opening with its authors, so a browser copies the time alone, then the
# authors, the title, a SPEAKER line and the abstract's paragraphs.
_AUTHORS_BELOW_BARE_TIMES = (
    "Tuesday, 14 May 2024\n"
    "09:00-10:15 Session 2A: Coastal sediments\n"
    "Location: Hall B\n"
    "09:00\t\n"
    "Inês Duarte, Karl Weber and Lina Park\n"
    "Tidal Mixing over Sandbanks (H2 and H3 Regimes)\n"
    "SPEAKER: Karl Weber\n"
    "\n"
    "ABSTRACT. We measure mixing in two estuaries. Results show a strong seasonal signal.\n"
    "\n"
    "In this talk we also compare three models of it. The comparison favours the simplest one.\n"
    "\n"
    "[1] Duarte et al. JGR (2021).\n"
    "\n"
    "This work was funded by the regional research council under its coastal programme grant.\n"
    "\n"
    "09:25\t\n"
    "Omar Haddad\n"
    "Grain Size and Wave Energy on Open Beaches\n"
    "09:50\t\n"
    "Ruth Klein and Pavel Novak\n"
    "Dune Recovery after Storms\n"
    "SPEAKER: Ruth Klein\n"
)


def test_authors_below_a_bare_talk_time_then_the_title() -> None:
    program = parse(_AUTHORS_BELOW_BARE_TIMES)
    assert [s.title for s in program.sessions] == ["Coastal sediments"]
    assert papers(program) == [
        (
            "Tidal Mixing over Sandbanks (H2 and H3 Regimes)",
            [("Inês Duarte", None), ("Karl Weber", None), ("Lina Park", None)],
        ),
        ("Grain Size and Wave Energy on Open Beaches", [("Omar Haddad", None)]),
        ("Dune Recovery after Storms", [("Ruth Klein", None), ("Pavel Novak", None)]),
    ]
    starts = [p.start.strftime("%H:%M") for p in program.sessions[0].papers if p.start]
    assert starts == ["09:00", "09:25", "09:50"]


def test_a_lone_name_below_a_bare_time_is_the_speaker_on_a_page_printing_people_so() -> None:
    program = parse(_AUTHORS_BELOW_BARE_TIMES)
    assert ("Grain Size and Wave Energy on Open Beaches", [("Omar Haddad", None)]) in papers(
        program
    )
    assert all(p.title != "Omar Haddad" for s in program.sessions for p in s.papers)


def test_paragraphs_after_an_abstract_are_more_of_it_not_titles() -> None:
    program = parse(_AUTHORS_BELOW_BARE_TIMES)
    notes = program.sessions[0].notes
    assert "[1] Duarte et al. JGR (2021)." in notes
    assert any(n.startswith("In this talk we also compare") for n in notes)
    assert any(n.startswith("This work was funded") for n in notes)


def test_a_day_pager_is_no_program_text() -> None:
    for text in ("Days:", "previous day", "next day", "all days"):
        assert classify(1, text).kind is LineKind.LINK, text


def test_a_keynote_named_only_by_its_speaker_is_a_talk_by_them() -> None:
    program = parse(
        "Tuesday, 14 May 2024\n"
        "08:30-09:30 Session 7: Keynote 2: Ines Duarte Carvalho\n"
        "Location: Hall A\n"
        "09:30-10:00 Keynote: Deep Learning for Coastal Systems\n"
    )
    first, second = program.sessions
    assert first.kind is SessionKind.KEYNOTE
    assert papers(program)[0] == ("Keynote 2", [("Ines Duarte Carvalho", None)])
    speakers = [a.name for p in second.papers for a in p.authors]
    assert "Deep Learning for Coastal Systems" not in speakers


def test_a_ceremony_among_an_openings_talks_is_a_part_of_it_not_a_paper() -> None:
    """`Sesja otwarcia` / (empty time) `Powitanie uczestników` / `Wręczenie nagrody w Konkursie
    na logo` / `20 lat geoinformacji na UAM`, `Zbigniew Zwoliński, UAM`: the welcome and the
    award are parts of the opening; only the talk with its speaker is a contribution."""
    program = parse(
        "Czwartek, 1.12.2022\n10.00 – 10.45\tSesja otwarcia\n\tPowitanie uczestników\n"
        "\tWręczenie nagrody w Konkursie na logo 20-lecia konferencji\n"
        "\t20 lat geoinformacji na UAM – doświadczenia i wyzwania,\nZbigniew Zwoliński, UAM\n"
        "10.45 – 11.00\tPrzerwa kawowa\n"
    )
    opening = program.sessions[0]
    assert [p.title.rstrip(",") for p in opening.papers] == [
        "20 lat geoinformacji na UAM – doświadczenia i wyzwania"
    ]
    assert "Wręczenie nagrody w Konkursie na logo 20-lecia konferencji" in opening.notes


# --- `Time Name (Affiliation): Title` lines, a day of talks each on its line -------------------


def test_timed_lines_of_speakers_in_parentheses_then_colon_titles_are_talks() -> None:
    program = parse(
        "14 June 2024\n"
        "09.30 Richard Norman: Engaged Philosophy and the Absurd\n"
        "10.00 Sean Sayers (online): TBC\n"
        "10.30 Todd Mei (online): Hermeneutics and AI\n"
        "\n"
        "11.00 coffee\n"
        "\n"
        "11.30 Phyllis Illari (UCL) & Federica Russo (Utrecht, online): TBC\n"
        "12.00 Edward Harcourt (Oxford): Two threats to philosophy\n"
    )
    assert papers(program) == [
        ("Engaged Philosophy and the Absurd", [("Richard Norman", None)]),
        ("TBC", [("Sean Sayers", None)]),
        ("Hermeneutics and AI", [("Todd Mei", None)]),
        ("TBC", [("Phyllis Illari", "UCL"), ("Federica Russo", "Utrecht")]),
        ("Two threats to philosophy", [("Edward Harcourt", "Oxford")]),
    ]
    breaks = [s for s in program.sessions if s.kind is SessionKind.BREAK]
    assert [(s.title, s.start.hour if s.start else None) for s in breaks] == [("coffee", 11)]


def test_a_clock_then_a_break_word_in_lower_case_opens_a_break() -> None:
    for text, hour in (("11.00 coffee", 11), ("13:00 lunch", 13), ("18.00 reception", 18)):
        found = find_time_range(text)
        assert found is not None
        assert (found.start.hour, found.span[0]) == (hour, 0)
    assert find_time_range("2.05 release notes") is None
    assert find_time_range("10.30 in the morning we meet") is None


@pytest.mark.parametrize(
    ("line", "start", "end"),
    [
        ("1300 - 1400\tClaire Spottiswoode\tHoneyguides and humans", "13:00", "14:00"),
        ("0930-1030 Opening of the workshop", "09:30", "10:30"),
        ("2000-2100 Dinner", "20:00", "21:00"),
    ],
)
def test_a_range_of_colonless_24_hour_clocks_is_a_time(line: str, start: str, end: str) -> None:
    found = find_time_range(line)
    assert found is not None
    assert found.end is not None
    assert (f"{found.start:%H:%M}", f"{found.end:%H:%M}") == (start, end)


@pytest.mark.parametrize(
    "line",
    ["2017 - 2018 report", "1995-2005: a decade", "1400 - 1300", "Room 1200-1300", "12345-1400"],
)
def test_years_backward_ranges_and_numbers_inside_a_line_are_no_colonless_times(
    line: str,
) -> None:
    assert find_time_range(line) is None


def test_a_table_of_colonless_times_reads_as_its_items() -> None:
    program = parse(
        "Day 1\nWednesday, 1 November 2017\nTime\tSpeaker\tTitle\n"
        "1300 - 1400\tClaire Spottiswoode\tThe natural history of honeyguides\n"
        "1400 - 1450\tAna Silva\tMutualisms in the deep sea\n"
    )
    timed = [(s.start.strftime("%H:%M") if s.start else None) for s in program.sessions]
    assert timed == ["13:00", "14:00"]
    assert [t for t, _ in papers(program)] == [
        "The natural history of honeyguides",
        "Mutualisms in the deep sea",
    ]


def test_a_discussant_line_is_a_note_not_the_papers_title() -> None:
    """`8:40 – 9:20. Title.` / `Presenter: Name, Affil` / `Discussant: Name, Affil`: who
    comments on the paper is neither its title nor its author."""
    program = parse(
        "Friday, 26 July 2019\nSession 1. The political economy of development.\n"
        "8:40 – 9:20. All is Water: Agrarian Development in India.\n\n"
        "Presenter: Aaditya Dar, Indian School of Business\n"
        "Discussant: Walter Valdivia, George Mason University\n\n"
        "9:20 – 10:00. Political Alignment and Access to Subnational Credit.\n\n"
        "Presenter: Bruno Lopez-Videla, UC San Diego\n"
        "Discussant: Miguel Sarzosa, Purdue University\n"
    )
    found = papers(program)
    assert [t.rstrip(".") for t, _ in found] == [
        "All is Water: Agrarian Development in India",
        "Political Alignment and Access to Subnational Credit",
    ]
    assert [people for _, people in found] == [
        [("Aaditya Dar", "Indian School of Business")],
        [("Bruno Lopez-Videla", "UC San Diego")],
    ]


@pytest.mark.parametrize(
    ("line", "rest"),
    [
        ("8:40 – 9:20. All is Water.", "8:40 – 9:20 All is Water."),
        ("10.30. Coffee", "10.30 Coffee"),
        ("9:00 a.m. Opening", "9:00 a.m. Opening"),  # a meridiem's stop stays
        ("Room 9:20. Something", "Room 9:20. Something"),  # not the line's opening clock
    ],
)
def test_a_stop_after_the_opening_clock_parts_it_from_the_item(line: str, rest: str) -> None:
    assert classify(1, line).text == rest


def test_a_room_after_the_time_of_a_session_line() -> None:
    program = parse(
        "Monday, June 3, 2024\n\n"
        "Session 1: Learning Systems, 9:00–10:30, Room A (Chair: Anna Berg, KTH)\n"
        "1. Deep Nets for Tables. Karl Lind (KTH) and Eva Holm (Lund University).\n\n"
        "Lunch, 12:30-13:30, Main Hall\n\n"
        "Session 2: Storage, 13:30–15:00, Hall 2 (Chair: Olle Ström, Linköping University)\n"
        "1. Fast Storage Engines. Ida Sund (Umeå University).\n\n"
        "Social, 18:00-20:00, Hall of Fame\n"
    )
    assert [(s.title, s.room) for s in program.sessions] == [
        ("Learning Systems", "Room A"),
        ("Lunch", "Main Hall"),
        ("Storage", "Hall 2"),
        ("Social, Hall of Fame", None),  # a name around a room word, not a room's
    ]


@pytest.mark.parametrize("code", ["P1", "#101", "A.1", "O-11", "ID 201"])
def test_codes_that_open_the_pages_titles_are_no_part_of_them(code: str) -> None:
    def entry(n: int, title: str, who: str) -> str:
        return f"{code.replace('1', str(n), 1)} {title}\n{who}\n\n"

    program = parse(
        "Thursday, 6 June 2024\n\n10:30 – 12:00 Session 5: Databases\n\n"
        + entry(1, "Deep Nets for Tables", "Karl Lind (KTH), Eva Holm (Lund University)")
        + entry(2, "Graph Methods at Scale", "Per Ek (Chalmers)")
        + entry(3, "T5 Models Explained", "Ida Sund (KTH)")
    )
    assert [p.title for p in program.sessions[0].papers] == [
        "Deep Nets for Tables",
        "Graph Methods at Scale",
        "T5 Models Explained",
    ]


def test_a_code_like_first_word_of_one_title_stays() -> None:
    program = parse(
        "Thursday, 6 June 2024\n\n10:30 – 12:00 Session 5: Models\n\n"
        "T5 Models Explained\nIda Sund (KTH)\n\nGraph Methods at Scale\nPer Ek (Chalmers)\n"
    )
    assert program.sessions[0].papers[0].title == "T5 Models Explained"


def test_one_name_after_a_dash_on_a_page_of_title_dash_speakers() -> None:
    program = parse(
        "Thursday, 6 June 2024\n\n13:30 – 15:00 Poster Session\n"
        "Congestion Control for the Masses – Karl Lind, Eva Holm\n"
        "Routing in Space – Per Ek\n"
        "Measuring the Web – Ida Sund and Bo Li\n"
        "Graphs – The Next Frontier – Ann Lee\n"
    )
    assert [(p.title, [a.name for a in p.authors]) for p in program.sessions[0].papers] == [
        ("Congestion Control for the Masses", ["Karl Lind", "Eva Holm"]),
        ("Routing in Space", ["Per Ek"]),
        ("Measuring the Web", ["Ida Sund", "Bo Li"]),
        ("Graphs – The Next Frontier", ["Ann Lee"]),
    ]


def test_one_name_after_a_dash_alone_may_be_a_subtitle() -> None:
    program = parse("Thursday, 6 June 2024\n\n13:30 – 15:00 Session 2\nRouting in Space – Per Ek\n")
    (session,) = program.sessions
    kept_whole = [p.title for p in session.papers if not p.authors] + list(session.notes)
    assert "Routing in Space – Per Ek" in kept_whole


def test_a_cell_of_a_colonless_clock_and_a_dash_is_an_open_ended_time() -> None:
    # The day's last row of a colonless table often has no end: "1900 -", then the dinner.
    found = find_time_range("1900 -")
    assert found is not None
    assert (f"{found.start:%H:%M}", found.end) == ("19:00", None)
    program = parse(
        "Day 1\nWednesday, 1 November 2017\nTime\tSpeaker\tTitle\n"
        "1700 - 1800\tAna Silva\tMutualisms in the deep sea\n"
        "1900 -\tConference dinner\tat the harbour\n"
    )
    timed = [(s.title, s.start.strftime("%H:%M") if s.start else None) for s in program.sessions]
    assert timed == [("Mutualisms in the deep sea", "17:00"), ("Conference dinner", "19:00")]
    assert [t for t, _ in papers(program)] == ["Mutualisms in the deep sea"]


@pytest.mark.parametrize("text", ["1900 - the first congress", "Founded 1900 -", "1900 - 2000"])
def test_a_colonless_number_and_a_dash_inside_prose_is_no_open_ended_time(text: str) -> None:
    assert find_time_range(text) is None


def test_a_timed_title_then_a_name_and_affiliation_on_one_line_is_a_talk() -> None:
    # A blog's "9:30 AM <b>Title</b> Name, Affiliation" as copied: the bold is gone, so only
    # the case of the words parts the title from the speaker.
    program = parse(
        "Friday 14 March 2025\n"
        "Morning Session\n"
        "9:00 AM Welcome\n"
        "9:10 AM Graph grammars for reaction networks Maria J. Costa, Lisbon Institute of"
        " Technology\n"
        "9:40 AM Sparse fingerprints: a fresh look at similarity search Tom Becker, Acme Labs\n"
        "10:10 AM Coffee Break\n"
        "10:30 AM Learning from spectra Lena Ho, BioNumerics GmbH\n"
    )
    assert papers(program) == [
        (
            "Graph grammars for reaction networks",
            [("Maria J. Costa", "Lisbon Institute of Technology")],
        ),
        ("Sparse fingerprints: a fresh look at similarity search", [("Tom Becker", "Acme Labs")]),
        ("Learning from spectra", [("Lena Ho", "BioNumerics GmbH")]),
    ]


@pytest.mark.parametrize(
    "line",
    [
        "9:00 AM Introduction to Python Programming, Part I",
        "9:00 AM Tutorial on deep learning with Apache Spark, hands-on",
        "9:00 AM Panel: the future of open data Ana Silva, Bo Li and Cy Ng",
        # A title in title case ends in capitals too: where its name starts is anyone's guess.
        "9:00 AM Learning from Incomplete Spectra Lena Ho, BioNumerics GmbH",
    ],
)
def test_a_timed_title_ending_in_capitals_before_a_comma_is_no_talk_by_them(line: str) -> None:
    program = parse("Friday 14 March 2025\n" + line + "\n")
    assert all(p.authors == [] or len(p.authors) > 1 for s in program.sessions for p in s.papers)
    assert not any(
        p.authors and p.authors[0].affiliation for s in program.sessions for p in s.papers
    )


@pytest.mark.parametrize(
    ("text", "year"),
    [
        ("Jueves 3 de Marzo del 2022", 2022),  # Spanish, "del" before the year
        ("3 de marzo de 2022", 2022),
        ("Quinta-feira, 3 de março de 2022", 2022),  # Portuguese
        ("3 March 2022", 2022),
    ],
)
def test_the_year_after_de_or_del_belongs_to_the_date(text: str, year: int) -> None:
    header = parse_day_header(text)
    assert header is not None
    assert (header[0].year, header[0].month, header[0].day) == (year, 3, 3)


def _parallel(program: Program) -> list[tuple[str, str | None, str | None, list[str], int]]:
    return [
        (
            f"{s.start:%H:%M}" if s.start else "",
            s.title,
            s.room,
            [c.name for c in s.chairs],
            len(s.papers),
        )
        for s in program.sessions
    ]


def test_a_room_and_a_kind_of_contributions_heads_a_parallel_session_of_its_slot() -> None:
    program = parse(
        "Thursday 5 June 2025\n14:00 - 15:30\nParallel presentations\n"
        "Hall A - Papers\nChair: Carl Dahl\n"
        "Graph grammars for reaction networks\nAna Silva, University of Porto\n"
        "Sparse fingerprints for similarity search\nBoris Lindqvist, Tsinghua University\n"
        "Hall B - Posters\nChair: Eva Fry\n"
        "A poster on lattice models\nDena Eklund, Uppsala University\n"
        "16:00 - 17:00\nClosing\n"
    )
    assert _parallel(program) == [
        ("14:00", "Parallel presentations", "Hall A - Papers", ["Carl Dahl"], 2),
        ("14:00", "Parallel presentations", "Hall B - Posters", ["Eva Fry"], 1),
        ("16:00", "Closing", None, [], 0),
    ]


def test_a_chair_printed_last_belongs_to_the_room_session_above_the_next_room() -> None:
    program = parse(
        "Jueves 5 de Junio de 2025\n14:00 - 15:30\nSesiones paralelas\n"
        "Sala Norte - Artículos\n"
        '"Gramáticas de grafos para redes de reacción". Ana Silva, Universidad de Oporto\n'
        '"Huellas dispersas y búsqueda por similitud". Boris Lindqvist, Universidad de Lund\n'
        "Moderador: Dr. Carlos Dávila\n"
        "Sala Sur – Sesión de pósters\n"
        '"Un póster sobre modelos de red". Dena Eklund, Universidad de Uppsala\n'
        "Moderadora: Dra. Eva Fuentes\n"
        "16:00 - 17:00\nClausura\n"
    )
    assert _parallel(program)[:2] == [
        ("14:00", "Sesiones paralelas", "Sala Norte - Artículos", ["Carlos Dávila"], 2),
        ("14:00", "Sesiones paralelas", "Sala Sur – Sesión de pósters", ["Eva Fuentes"], 1),
    ]


@pytest.mark.parametrize(
    ("chair_line", "name", "affiliation"),
    [
        (
            "Chair: Dr. ELENA RUIZ. Instituto Nacional de Óptica, México",
            "ELENA RUIZ",
            "Instituto Nacional de Óptica, México",
        ),
        ("Chair: Prof. Ana M. Silva. Porto Labs, Portugal", "Ana M. Silva", "Porto Labs, Portugal"),
        ("Chair: Carl Dahl. Lund University", "Carl Dahl", "Lund University"),
    ],
)
def test_a_chair_then_a_full_stop_then_where_they_work_is_one_chair(
    chair_line: str, name: str, affiliation: str
) -> None:
    program = parse(
        "Thursday 5 June 2025\n14:00 - 15:30 Session 1: Optics\n" + chair_line + "\n"
        "Graph grammars for reaction networks\nAna Silva, University of Porto\n"
    )
    chairs = program.sessions[0].chairs
    assert [c.name for c in chairs] == [name]
    assert chairs[0].affiliation == affiliation


@pytest.mark.parametrize("text", ["Sala B", "Salón Principal", "Salle Marie Curie", "Großer Saal"])
def test_a_room_in_spanish_italian_french_or_german_is_a_room(text: str) -> None:
    assert classify(1, text).kind is LineKind.ROOM


def test_a_room_printed_below_its_session_in_spanish_is_its_room() -> None:
    program = parse(
        "Jueves 5 de Junio de 2025\n10:00 - 11:00\nConferencia Plenaria 1\nSala B\n"
        "Gramáticas de grafos para redes de reacción\nAna Silva, Universidad de Oporto\n"
    )
    assert [(s.title, s.room) for s in program.sessions] == [("Conferencia Plenaria 1", "Sala B")]


def test_each_numbered_panel_under_a_parallel_sessions_slot_is_a_session_of_that_slot() -> None:
    program = parse(
        "Friday 6 June 2025\n"
        "14.00-15.30\tParallel Sessions (II)\n"
        "\tPanel 3 Seminar Room 2\n"
        "\t14.05-14.35\tTranslating maps in early modern atlases\n"
        "Ana Silva | University of Porto, Portugal\n"
        "\t14.35-15.05\tPrinters as translators of natural history\n"
        "Boris Lindqvist | Lund University, Sweden\n"
        "\tPanel 4 Seminar Room 3\n"
        "\t14.05-14.35\tGlossaries of chemistry in nineteenth-century Japan\n"
        "Dena Eklund | Uppsala University, Sweden\n"
        "15.30-16.00\tCoffee Break\n"
    )
    by_session = [
        (s.title, f"{s.start:%H:%M}" if s.start else "", [p.title for p in s.papers])
        for s in program.sessions
        if s.papers
    ]
    assert by_session == [
        (
            "Panel 3 Seminar Room 2",
            "14:00",
            [
                "Translating maps in early modern atlases",
                "Printers as translators of natural history",
            ],
        ),
        (
            "Panel 4 Seminar Room 3",
            "14:00",
            ["Glossaries of chemistry in nineteenth-century Japan"],
        ),
    ]


def test_an_unrendered_shortcode_parts_a_line_as_the_page_showed_it() -> None:
    # A WordPress export keeps '[spacer height="8px"]' where the page showed a gap.
    lines = numbered_lines(
        'Panel 2 Room 5[spacer height="8px" id="2"]MAPS IN TRANSLATION[/spacer]'
        "Convenor: Ana Silva | University of Porto\n"
        "[CLICK TO VIEW RECORDING] and [1] stay\n"
    )
    assert lines == [
        (1, "Panel 2 Room 5"),
        (1, "MAPS IN TRANSLATION"),
        (1, "Convenor: Ana Silva | University of Porto"),
        (2, "[CLICK TO VIEW RECORDING] and [1] stay"),
    ]


def test_a_timed_row_of_cells_each_a_talk_and_its_speaker_holds_one_paper_a_cell() -> None:
    # Parallel rooms side by side, the rooms' header lost: each cell is one talk.
    program = parse(
        "Jueves 5 de Junio de 2025\n"
        "15:00 - 15:30\tPanorama de la inmunología tumoral."
        "\tTolerancia en el trasplante renal. Dra. María Alonso (PER)"
        "\tAsma en la infancia temprana. Dr. Tomás García (USA)\n"
        "15:30 - 16:00\tRegulación de linfocitos T. Dr. Tomás García (USA)"
        "\tRechazo agudo del injerto. Dra. María Alonso (PER)\n"
    )
    assert papers(program) == [
        ("Panorama de la inmunología tumoral", []),
        ("Tolerancia en el trasplante renal", [("María Alonso", "PER")]),
        ("Asma en la infancia temprana", [("Tomás García", "USA")]),
        ("Regulación de linfocitos T", [("Tomás García", "USA")]),
        ("Rechazo agudo del injerto", [("María Alonso", "PER")]),
    ]
    assert [f"{s.start:%H:%M}" for s in program.sessions if s.start] == ["15:00", "15:30"]


# --- Portuguese conventions: "14h30min", "13h às 17h", "20/10/2014 - Segunda-Feira" -------------


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("14h30min – Painel de abertura", (14, 30), None),
        ("8h15min às 9h – Credenciamento", (8, 15), (9, 0)),
        ("13h às 17h – Credenciamento", (13, 0), (17, 0)),
        ("9h às 12h30min", (9, 0), (12, 30)),
    ],
)
def test_portuguese_hours_with_min_and_as_are_times(
    text: str, start: tuple[int, int], end: tuple[int, int] | None
) -> None:
    from datetime import time

    found = find_time_range(text)
    assert found is not None
    assert (found.start, found.end) == (time(*start), time(*end) if end else None)


# --- column headers in other languages: "Ora | Nome | Istituzione | Titolo" ---------------------


@pytest.mark.parametrize(
    "header",
    [
        "Ora\tNome\tIstituzione\tTitolo",  # Italian
        "Horário\tNome\tInstituição\tTítulo",  # Portuguese
        "Hora\tNombre\tInstitución\tTítulo",  # Spanish
        "Zeit\tName\tInstitution\tTitel",  # German
    ],
)
def test_a_table_headed_in_another_language_names_its_columns(header: str) -> None:
    program = parse(
        "Martedì 6 marzo 2018\n"
        f"{header}\n"
        "10:00 - 10:30\tMaria Rossi\tUniversità di Bologna\tLa voce registrata\n"
        "10:30 - 11:00\tLuca Bianchi\tConservatorio di Milano\tNastri e memoria\n"
    )
    assert classify(1, header).kind is LineKind.TABLE_HEADER
    assert papers(program) == [
        ("La voce registrata", [("Maria Rossi", "Università di Bologna")]),
        ("Nastri e memoria", [("Luca Bianchi", "Conservatorio di Milano")]),
    ]


def test_talk_rows_inside_a_timed_block_take_their_columns_from_the_header() -> None:
    program = parse(
        "Martedì 6 marzo 2018\n"
        "Ora\tLuogo\tAttività\n"
        "ore 15:00-18:00\tAula Magna\tGiornata di studio\n"
        "Ora\tNome\tIstituzione\tTitolo\n"
        "15:00 - 15:30\tMaria Rossi\tUniversità di Bologna\tLa voce registrata\n"
        "15:30 - 16:00\tLuca Bianchi\tConservatorio di Milano\tNastri e memoria\n"
    )
    assert papers(program)[-2:] == [
        ("La voce registrata", [("Maria Rossi", "Università di Bologna")]),
        ("Nastri e memoria", [("Luca Bianchi", "Conservatorio di Milano")]),
    ]


# --- German hand-written pages: "Folien" under a time, "(Name, online)", "(Moderation: X)" ------


@pytest.mark.parametrize("word", ["Folien", "Diapositive", "Diapositivas"])
def test_a_slides_link_word_in_another_language_is_a_link(word: str) -> None:
    assert classify(1, word).kind is LineKind.LINK
    program = parse(
        f"Montag, 20. März 2023\n09:00-09:15\n{word}\n\nBegrüßung\n\n"
        f"09:15-10:00\n{word}\n\nArchive der Frühen Neuzeit (Anna Schmidt)\n"
    )
    assert program.sessions[0].title == "Begrüßung"
    assert word not in [s.title for s in program.sessions]


def test_a_slides_link_under_a_time_leaves_the_title_below_it() -> None:
    program = parse(
        "Montag, 20. März 2023\n09:00-09:15\nFolien\nBegrüßung\n"
        "09:15-10:00\nFolien\nArchive der Frühen Neuzeit (Anna Schmidt)\n"
        "10:00-10:30\nKaffeepause\n"
    )
    assert [(s.start.hour, s.start.minute) for s in program.sessions] == [(9, 0), (9, 15), (10, 0)]
    assert program.sessions[0].title == "Begrüßung"
    assert program.sessions[2].title == "Kaffeepause"


def test_an_item_label_under_a_bare_time_names_no_speaker() -> None:
    program = parse(
        "Monday, 4 May 2015\n9:15 - 9:30\nWelcome\n9:30 - 10:30\nInvited Talk\n"
        "How to get a Doctorate. Ann Hand (Google)\n"
    )
    assert [s.start.hour for s in program.sessions] == [9, 9]
    assert papers(program) == [("How to get a Doctorate", [("Ann Hand", "Google")])]


@pytest.mark.parametrize("mark", ["online", "virtual", "remote"])
def test_how_a_talk_is_given_after_its_speaker_names_no_one(mark: str) -> None:
    program = parse(
        "Montag, 20. März 2023\n16:45-17:15\n"
        f"A Data Model for the History of Universities (Anna Schmidt, {mark})\n"
        "17:15-17:45\nThe Letters of a Printer and his Friends (Bo Lind)\n"
    )
    assert papers(program) == [
        ("A Data Model for the History of Universities", [("Anna Schmidt", None)]),
        ("The Letters of a Printer and his Friends", [("Bo Lind", None)]),
    ]


def test_an_abbreviation_in_parentheses_is_no_affiliation() -> None:
    program = parse(
        "Montag, 20. März 2023\n18:30-19:00\n"
        "Das Digitale Briefarchiv Augsburg (DBA): Quellen, Daten, Perspektiven (Anna Lind)\n"
    )
    title = "Das Digitale Briefarchiv Augsburg (DBA): Quellen, Daten, Perspektiven"
    assert papers(program) == [(title, [("Anna Lind", None)])]


# --- a room column before the times: "Anfiteatro B | 9h – Painel 1: …" -------------------------


def test_a_room_cell_before_a_time_cell_is_the_items_room() -> None:
    program = parse(
        "21/10/2014 - Terça-Feira\n"
        "Auditório Central, prédio 16\t9h – Abertura do seminário\n"
        "Anfiteatro “B” da Física, prédio 13\t14h30min – Apresentação de comunicações\n"
    )
    assert [(s.title, s.room, s.start.hour, s.start.minute) for s in program.sessions] == [
        ("Abertura do seminário", "Auditório Central, prédio 16", 9, 0),
        ("Apresentação de comunicações", "Anfiteatro “B” da Física, prédio 13", 14, 30),
    ]


@pytest.mark.parametrize(
    ("label", "who"),
    [
        ("Palestrantes", "Profª. Dra. Ana Lima (UFPel); Prof. Dr. Rui Sá (UFRGS)"),
        ("Panelists", "Ana Lima (UFPel); Rui Sá (UFRGS)"),
    ],
)
def test_speakers_named_by_a_label_after_a_panels_theme(label: str, who: str) -> None:
    program = parse(
        "21/10/2014 - Terça-Feira\n"
        f"Sala 2\t9h – Painel 1: ENSINO E PESQUISA. {label}: {who}. "
        "Coordenadora: Profª. Dra. Eva Cruz (UFSM).\n"
        "Sala 3\t14h – Conferência: A ESCOLA PÚBLICA. Conferencista: Prof. Dr. Rui Sá (UFRGS).\n"
    )
    assert [(s.title, [c.name for c in s.chairs]) for s in program.sessions] == [
        ("Painel 1", ["Eva Cruz"]),
        ("Conferência", []),
    ]
    assert papers(program) == [
        ("ENSINO E PESQUISA", [("Ana Lima", "UFPel"), ("Rui Sá", "UFRGS")]),
        ("A ESCOLA PÚBLICA", [("Rui Sá", "UFRGS")]),
    ]


def test_an_untimed_row_under_a_room_column_is_an_item_of_its_own() -> None:
    program = parse(
        "20/10/2014 - Segunda-Feira\n"
        "Sala 1\t14h30min – Conferência: A ESCOLA. Conferencista: Prof. Dr. Rui Sá (UFRGS).\n"
        "Salas do prédio 16\tApresentação de comunicações e oficinas.\n"
    )
    assert papers(program) == [("A ESCOLA", [("Rui Sá", "UFRGS")])]
    assert [s.title for s in program.sessions][-1].rstrip(".") == (
        "Apresentação de comunicações e oficinas"
    )


@pytest.mark.parametrize(
    "line", ["https://www.example.org/node/2709", "http://w3.example.br/jai/", "www.example.org"]
)
def test_a_bare_address_on_its_line_is_a_link(line: str) -> None:
    assert classify(1, line).kind is LineKind.LINK


def test_a_bare_address_under_a_sentence_names_no_author() -> None:
    program = parse(
        "Martedì 6 marzo 2018\n15:00 - 15:30\tMaria Rossi\tLa voce registrata\n\n"
        "Per raggiungere il dipartimento:\n\nhttps://www.example.org/node/2709\n"
    )
    assert all(a.name != "https" for s in program.sessions for p in s.papers for a in p.authors)


def test_a_pointer_to_another_page_in_the_room_column_is_no_paper() -> None:
    program = parse(
        "21/10/2014 - Terça-Feira\n"
        "Sala 2\t14h – Conferência: A ESCOLA. Conferencista: Prof. Dr. Rui Sá (UFRGS).\n"
        "Ver programação disponível em: http://w3.example.br/jai/\t18h30min – Atividades da "
        "Jornada Acadêmica\n"
    )
    assert classify(1, "Ver programação disponível em: http://w3.example.br/jai/").kind is (
        LineKind.LINK
    )
    assert papers(program) == [("A ESCOLA", [("Rui Sá", "UFRGS")])]
    assert [(s.start.hour, s.start.minute) for s in program.sessions] == [(14, 0), (18, 30)]


def test_the_cell_under_a_place_column_is_the_items_room_not_its_title() -> None:
    program = parse(
        "Lunedì 5 marzo 2018\nOra\tLuogo\tAttività\n"
        "ore 10:30-12:30\tVia Roma 1, Padova\tvisita guidata al laboratorio\n"
        "ore 15:00-18:00\tSala Riunioni 406\tIl suono registrato: ieri e oggi\n"
    )
    assert [(s.title, s.room) for s in program.sessions] == [
        ("visita guidata al laboratorio", "Via Roma 1, Padova"),
        ("Il suono registrato: ieri e oggi", "Sala Riunioni 406"),
    ]
    assert papers(program) == []


def test_a_toggle_showing_a_sessions_talks_is_a_link_line() -> None:
    # "Show talks (3)": the control over a session's list, no author named "Show talks".
    for text in ("Show talks (3)", "View contributions (12)", "See all presentations"):
        assert classify(1, text).kind is LineKind.LINK, text
    assert classify(1, "Talks and Posters on Soil Carbon").kind is not LineKind.LINK


def test_a_teaser_cut_by_an_ellipsis_then_its_read_more_link_is_prose() -> None:
    from bot.parsing.shapes import is_prose

    # An abstract cut short by the page, the link to the rest copied onto its line.
    assert is_prose(
        "Coastal wetlands store carbon at rates (up to 10 t/ha) that dwarf forests. Yet the"
        " drivers of that storage across tidal regimes remain poorly mapped, and this study"
        " sets out to… Read the full abstract"
    )
    assert is_prose(
        "We survey two decades of field data on alpine lakes and show that warming shifts"
        " the timing of ice-out by weeks in most basins while... See more"
    )
    assert not is_prose("Carbon storage in coastal wetlands… Read more")  # a short title
    assert not is_prose("Tidal Wetlands, Carbon and the Coast: A Review of Mapping Methods")


def test_one_long_sentence_after_the_programme_is_prose() -> None:
    from bot.parsing.shapes import is_prose

    assert is_prose(
        "Gli studenti del corso di canto riceveranno un attestato di partecipazione e potranno"
        " conseguire 0,5 crediti solo partecipando all'intera giornata di studio (mattina e sera)."
    )
    assert not is_prose("A Study of Replicated Data Types that do Computations in the Cloud.")


@pytest.mark.parametrize(
    ("line", "start", "end", "printed"),
    [
        ("Noon – 1:30 PM Lunch", "12:00", "13:30", "Noon – 1:30 PM"),
        ("11:00 AM – 12 noon Panel", "11:00", "12:00", "11:00 AM – 12 noon"),
        ("10:00 pm – midnight Party", "22:00", "00:00", "10:00 pm – midnight"),
    ],
)
def test_noon_and_midnight_by_name(line: str, start: str, end: str, printed: str) -> None:
    found = find_time_range(line)
    assert found is not None
    assert found.end is not None
    assert (f"{found.start:%H:%M}", f"{found.end:%H:%M}") == (start, end)
    assert line[found.span[0] : found.span[1]] == printed


def test_noon_inside_a_word_or_a_title_is_no_time() -> None:
    assert find_time_range("High Noon at the Saloon") is None
    assert find_time_range("Afternoon tea") is None


def test_a_chairs_heading_names_the_people_above_the_first_timed_talk() -> None:
    """`Chairs` / `Ana Silva, Bo Li` / `10.00-10.10` / title / speaker (a generated booklet's
    `<dl>`): the heading's people end at the next time, whose lines are a talk and its speaker."""
    program = parse(
        "Day 2: Tuesday, May 14th\nKeynote 1 - Cy Ng (9.00-10.00)\nChairs\nAna Silva, Bo Li\n"
        "Genomes 1 (10.00-10.30)\nChairs\nAna Silva, Bo Li\n10.00-10.10\n\n"
        "Curating variants at scale with shared ontologies\nDi Wu\n10.10-10.30\n\n"
        "A registry of protein structures for the community\nEve Park\n"
        "Coffee Break (10.30-11.00)\n"
    )
    keynote, genomes, coffee = program.sessions
    assert keynote.title == "Keynote 1 - Cy Ng"
    assert [p.name for p in genomes.chairs] == ["Ana Silva", "Bo Li"]
    assert [(p.title, [(a.name, a.affiliation) for a in p.authors]) for p in genomes.papers] == [
        ("Curating variants at scale with shared ontologies", [("Di Wu", None)]),
        ("A registry of protein structures for the community", [("Eve Park", None)]),
    ]
    assert coffee.kind is SessionKind.BREAK


def test_an_unrendered_markdown_table_run_into_one_line_is_read_row_by_row() -> None:
    """A page that left a Markdown table unrendered shows it as one paragraph, which a copy
    runs into one line of pipes; each row opens with its time, so rows part before a time."""
    program = parse(
        "| Tuesday 25 April 2023 | | | 09:30 – 10:30 | Opening and welcome | "
        "| 10:30 – 11:00 | Coffee | | 11:00 – 12:00 | Panel on open data |\n"
    )
    assert [
        (s.title, s.start.strftime("%H:%M") if s.start else None) for s in program.sessions
    ] == [
        ("Opening and welcome", "09:30"),
        ("Coffee", "10:30"),
        ("Panel on open data", "11:00"),
    ]
    assert program.sessions[0].start is not None
    assert program.sessions[0].start.date() == date(2023, 4, 25)


def test_name_colon_talks_printed_under_bare_times_are_read_page_wide() -> None:
    """`09:30` / `Ana Silva: Title`: a page that prints each talk below its time, speaker first
    and a colon, says so as much as one printing them beside the time."""
    program = parse(
        "Monday, 3 June 2024\n09:30\n\nAna Silva: How telescopes learn to see the sky\n"
        "10:00\n\nBo Li Chen: Why spectra need careful calibration\n10:30\n\nCoffee\n"
        "11:00\n\nCy Ng: What the archive tells us about old stars\n"
    )
    assert papers(program) == [
        ("How telescopes learn to see the sky", [("Ana Silva", None)]),
        ("Why spectra need careful calibration", [("Bo Li Chen", None)]),
        ("What the archive tells us about old stars", [("Cy Ng", None)]),
    ]


def test_more_name_colon_talks_in_one_slot_make_it_a_session_of_talks() -> None:
    """`11:00` / `Ana Silva: Title` / `Bo Li: Title`: the talks of one spanned cell; the first,
    read as the item's own talk, is the first of the session's papers."""
    program = parse(
        "Monday, 3 June 2024\n09:30\n\nDi Wu: How telescopes learn to see the sky\n"
        "10:00\n\nEve Park: Why spectra need careful calibration\n"
        "11:00\n\nAna Silva: What the archive tells us about old stars\n\n"
        "Bo Li Chen: The role of software in finding planets\n\n"
        "Cy Ng: Building tools for the next survey of the sky\n12:00\n\nLunch\n"
    )
    session = next(s for s in program.sessions if len(s.papers) > 1)
    assert [(p.title, [a.name for a in p.authors]) for p in session.papers] == [
        ("What the archive tells us about old stars", ["Ana Silva"]),
        ("The role of software in finding planets", ["Bo Li Chen"]),
        ("Building tools for the next survey of the sky", ["Cy Ng"]),
    ]


@pytest.mark.parametrize(
    ("title", "ceremony"),
    [("Welcome talk", True), ("Welcome speech", True), ("Closing talk", False)],
)
def test_a_welcome_talk_is_an_opening_not_a_paper(title: str, ceremony: bool) -> None:
    """`Welcome talk (Ana Silva, LOC)`: like a welcome address, hosted by who opens the day."""
    assert is_ceremony(title) is ceremony
    program = parse(f"Monday, 3 June 2024\n09:30\t{title} (Ana Silva, LOC)\n10:00\tCoffee\n")
    assert (program.sessions[0].papers == ()) is ceremony


def test_timed_papers_with_a_colon_after_the_time_and_their_authors_in_parentheses() -> None:
    # "10:40: Title (A, B)" under a parallel session's head inside a timed slot.
    program = parse(
        "11 Giugno 2025\n\n10:40 - 12:30: Presentazioni orali\n\n"
        "Sessione 1.A - Aula: Aula Magna - Chair: Anna Verdi\n\n"
        "10:40: Metodologie computazionali per gli archivi nati digitali (Maria Rossi)\n"
        "11:02: Il glossario delle infrastrutture di ricerca (GIR) (Lucia Neri, Alessia Bruno)\n"
    )
    assert papers(program) == [
        ("Metodologie computazionali per gli archivi nati digitali", [("Maria Rossi", None)]),
        (
            "Il glossario delle infrastrutture di ricerca (GIR)",
            [("Lucia Neri", None), ("Alessia Bruno", None)],
        ),
    ]


def test_talks_under_a_panel_printed_with_a_start_only_are_its_papers() -> None:
    # "09:15" / "Panel: Title" / "Chair and intro by A; B." / "09:20" / talk / its authors ...
    program = parse(
        "27 November 2025\n\n09:15\n\nPanel: Open Networks in Archaeology\n\n"
        "Chair and intro by Marco Rossi; Dario Neri.\n\n"
        "09:20\n\nRitual networks in the Po valley\n\n"
        "Eliana Bruni - Sapienza Università di Roma; Giacomo Verdi CNR – ISPC.\n\n"
        "09:35\n\nWorkflows for an archaic necropolis\n\n"
        "Raffaele Conti - University of Salento.\n\n"
        "10:35\n\nCoffee break\n"
    )
    panel = program.sessions[0]
    assert panel.title == "Panel: Open Networks in Archaeology"
    assert [c.name for c in panel.chairs] == ["Marco Rossi", "Dario Neri"]
    assert papers(program)[:2] == [
        (
            "Ritual networks in the Po valley",
            [("Eliana Bruni", "Sapienza Università di Roma"), ("Giacomo Verdi", "CNR – ISPC")],
        ),
        ("Workflows for an archaic necropolis", [("Raffaele Conti", "University of Salento")]),
    ]
    assert program.sessions[1].kind is SessionKind.BREAK


def test_a_bare_start_after_an_unchaired_unnamed_item_still_opens_an_item() -> None:
    program = parse(
        "27 November 2025\n\n09:00\n\nOpening\n\n09:20\n\nRitual networks in the Po valley\n\n"
        "Eliana Bruni - Sapienza Università di Roma.\n"
    )
    assert [s.title for s in program.sessions][:2] == [
        "Opening",
        "Ritual networks in the Po valley",
    ]


def test_a_chair_row_read_as_a_line_and_as_a_cell_names_one_chair() -> None:
    program = parse(
        "Tuesday November 8th\n9:00\t\tWelcome\n\tSession: Protostars & Disks\n"
        "\tChair: Hendrik Lind\n9:05\tEric Kato\tForesight talk: Low- and high-mass disks\n"
        "9:35\tAida Ahmed\tA large program to investigate fragmentation\n"
    )
    session = next(s for s in program.sessions if s.papers)
    assert [c.name for c in session.chairs] == ["Hendrik Lind"]
    assert papers(program)[0] == ("Low- and high-mass disks", [("Eric Kato", None)])


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Foresight talk: Filaments", "Filaments"),
        ("Review lecture: Dust in discs", "Dust in discs"),
        ("Talk: Graphs at scale", "Graphs at scale"),
    ],
)
def test_a_kind_of_talk_before_a_colon_is_no_part_of_the_title(title: str, expected: str) -> None:
    program = parse(f"Tuesday November 8th\n9:00 - 10:00 Session 1\n{title}\nAna Silva (MIT)\n")
    assert papers(program) == [(expected, [("Ana Silva", "MIT")])]


def test_a_name_under_a_timed_items_title_over_its_workplace_is_the_speaker() -> None:
    program = parse(
        "Día 1. Miércoles 25 de octubre\n\n10:20\n\n"
        "Imaginarios e interseccionalidad: esperar demasiado\n\nAgustina Ávila Casas\n"
        "Universidad de Guadalajara\n\n10:35\n\n"
        "Desinformación y posverdad en la ciencia\n\nHéctor Vázquez Jiménez\n"
        "Universidad Nacional Autónoma de México\n\n10:50\n\nReceso\n"
    )
    assert papers(program) == [
        (
            "Imaginarios e interseccionalidad: esperar demasiado",
            [("Agustina Ávila Casas", "Universidad de Guadalajara")],
        ),
        (
            "Desinformación y posverdad en la ciencia",
            [("Héctor Vázquez Jiménez", "Universidad Nacional Autónoma de México")],
        ),
    ]


@pytest.mark.parametrize(
    "workplace",
    [
        # a unit, then the institution it belongs to
        "Grupo de Óptica Aplicada, Universidad de Sonora",
        # a centre, then its institution's acronym
        "Laboratorio de Suelos Volcánicos, UNAM, Querétaro",
        # a long one, of eleven words
        "Posgrado en filosofía de la ciencia, Universidad Autónoma de Nuevo León",
        # institution words of other languages
        "Politécnico de Tlaxcala",
        "Consejo Estatal de Ciencia de Yucatán",
    ],
)
def test_a_name_over_any_workplace_under_a_timed_title_is_the_speaker(workplace: str) -> None:
    program = parse(
        "Día 2. Jueves 26 de octubre\n\n11:20\n\n"
        "Mitos y verdades sobre los sismos en la ciudad, una revisión.\n\n"
        f"Carolina Inés Ruiz Beltrán\n{workplace}\n\n11:35\n\nReceso\n"
    )
    assert papers(program) == [
        (
            "Mitos y verdades sobre los sismos en la ciudad, una revisión.",
            [("Carolina Inés Ruiz Beltrán", workplace)],
        )
    ]


@pytest.mark.parametrize(
    ("line", "person_first"),
    [
        ("Cy Ng (Uni C)", True),
        ("K Srinath Reddy, Public Health Foundation", True),
        ("Ana María López, UNAM", True),
        ("Centro de Estudios Andinos, UNAM", False),
        ("SOMEDIC, Instituto Weizmann", False),
    ],
)
def test_a_line_opens_with_a_person_by_its_name(line: str, person_first: bool) -> None:
    assert opens_with_a_person(line) is person_first


def test_an_items_start_printed_again_with_its_end_is_its_span() -> None:
    # An event-manager timetable: the session's start, its title and convener, then its span,
    # then each talk's own start, title, length and speaker.
    program = parse(
        "Thursday 15 June 2023\n"
        "10:00\nSession 3: Glacier dynamics\nConvener: Ines Moreau (Université Grenoble Alpes)\n"
        "10:00 - 11:00\n"
        "10:00\nCalving fronts seen from space\n30m\nSpeaker: Jon Dahl (University of Bergen)\n"
        "10:30\nSubglacial hydrology in models\n30m\nSpeaker: Mei Lin (ETH Zürich)\n"
        "11:00\nCoffee break\n"
    )
    sessions = [s for s in program.sessions if s.kind is SessionKind.PAPERS]
    assert [
        (s.title, s.start.strftime("%H:%M"), s.end and s.end.strftime("%H:%M")) for s in sessions
    ] == [("Glacier dynamics", "10:00", "11:00")]
    assert [c.name for c in sessions[0].chairs] == ["Ines Moreau"]
    assert papers(program) == [
        ("Calving fronts seen from space", [("Jon Dahl", "University of Bergen")]),
        ("Subglacial hydrology in models", [("Mei Lin", "ETH Zürich")]),
    ]


def test_a_talks_own_slot_at_its_sessions_start_is_no_span_of_the_session() -> None:
    program = parse(
        "Thursday 15 June 2023\n"
        "10:00\nSession 3: Glacier dynamics\n"
        "10:00 - 10:20\nCalving fronts seen from space\nJon Dahl (University of Bergen)\n"
        "10:20 - 10:40\nSubglacial hydrology in models\nMei Lin (ETH Zürich)\n"
    )
    assert papers(program) == [
        ("Calving fronts seen from space", [("Jon Dahl", "University of Bergen")]),
        ("Subglacial hydrology in models", [("Mei Lin", "ETH Zürich")]),
    ]


def test_a_job_line_under_a_moderator_heading_is_where_the_chair_works() -> None:
    program = parse(
        "Tue, Oct 3, 2023\n10:30 AM - 12:00 PM\nSession B2: Coastal Resilience\nHall C\n"
        "Session Moderator\nInes Duarte\nAssociate Professor, Universidade do Porto\n"
        "12:00 PM - 1:00 PM\nLunch\n"
    )
    session = next(s for s in program.sessions if s.title == "Coastal Resilience")
    assert [(c.name, c.affiliation) for c in session.chairs] == [
        ("Ines Duarte", "Universidade do Porto")
    ]


@pytest.mark.parametrize("kind", ["Conference", "Journal", "Invited Journal", "Short Paper"])
def test_a_line_naming_only_the_kind_of_paper_under_its_title_is_no_author(kind: str) -> None:
    program = parse(
        "Thursday, June 5\n\nSession: Robot Grasping\n\nThursday, June 5, 10:00\n\n"
        "Session Chair: Maria Lopez\n\n"
        f"Learning to Grasp Soft Objects\n\n{kind}\n\nAna Silva, Bo Li, Chen Wu\n\n"
        "Tactile Sensing for Dexterous Hands\n\nPoster\n\nDan Brown, Eva Klein\n"
    )
    assert papers(program) == [
        (
            "Learning to Grasp Soft Objects",
            [("Ana Silva", None), ("Bo Li", None), ("Chen Wu", None)],
        ),
        ("Tactile Sensing for Dexterous Hands", [("Dan Brown", None), ("Eva Klein", None)]),
    ]


def test_a_date_line_with_a_clock_under_a_session_heading_gives_the_sessions_start() -> None:
    program = parse(
        "Thursday, June 5, CEST\t\nRobot Grasping\t10:00 - 11:00\nLegged Robots\t14:00 - 15:00\n"
        "Session: Robot Grasping\n\nThursday, June 5, 10:00, CEST\n\nSession Chair: Maria Lopez\n\n"
        "Learning to Grasp Soft Objects\n\nAna Silva, Bo Li\n\n"
        "Session: Legged Robots\n\nThursday, June 5, 14:00, CEST\n\nSession Chair: Tom Berg\n\n"
        "Stairs for Quadrupeds\n\nDan Brown, Eva Klein\n"
    )
    got = [(s.title, s.start.strftime("%H:%M") if s.start else None) for s in program.sessions]
    assert got == [("Robot Grasping", "10:00"), ("Legged Robots", "14:00")]
    assert [c.name for s in program.sessions for c in s.chairs] == ["Maria Lopez", "Tom Berg"]


@pytest.mark.parametrize(
    "legend",
    ["(* = equal contribution)", "(*equal contribution)", "(† denotes corresponding author)"],
)
def test_a_parenthesised_legend_of_a_mark_after_the_names_is_no_affiliation(legend: str) -> None:
    line = f"Ana Silva*, Bo Li†, Chen Wu {legend}"
    assert [a.affiliation for a in parse_author_line(line).authors] == [None, None, None]


def test_a_name_with_an_undotted_middle_initial_is_a_person_whatever_its_surname() -> None:
    line = "Ana Silva, Robert K Hall, Maria T College, Bo Li"
    assert [(a.name, a.affiliation) for a in parse_author_line(line).authors] == [
        ("Ana Silva", None),
        ("Robert K Hall", None),
        ("Maria T College", None),
        ("Bo Li", None),
    ]


def test_a_country_closing_an_affiliations_parenthesis_is_no_recurring_room() -> None:
    """`Name (Institute, City, Country)` lines that end in the same country again and again:
    the country is inside the parenthesis, so it is the affiliation's last part, not a place
    the program names after a comma."""
    program = parse(
        "Tuesday, 7 May 2019\n"
        "10:00 - 10:20 : Lena Berg (Karolinska Institute, Solna, Sweden)\n"
        '"Tracing bile acids in the gut"\n'
        "10:20 - 10:40 : Oskar Lind (Uppsala University, Uppsala, Sweden)\n"
        '"Enzyme kinetics at low pH"\n'
        "10:40 - 11:00 : Maja Holm (Lund University, Lund, Sweden)\n"
        '"Peptide probes for PET"\n'
    )
    assert [affiliation for _, people in papers(program) for _, affiliation in people] == [
        "Karolinska Institute, Solna, Sweden",
        "Uppsala University, Uppsala, Sweden",
        "Lund University, Lund, Sweden",
    ]
    assert all(session.room is None for session in program.sessions)


@pytest.mark.parametrize(
    ("title", "kind", "speaker", "affiliation"),
    [
        (
            "Welcome address by Prof. Maria Olsen (Faculty of Medicine, Oslo, Norway)",
            "Welcome address",
            "Maria Olsen",
            "Faculty of Medicine, Oslo, Norway",
        ),
        (
            "Brief overview by network coordinator Anna Weiss (Charité, Berlin, Germany)",
            "Brief overview",
            "Anna Weiss",
            "Charité, Berlin, Germany",
        ),
    ],
)
def test_an_item_given_by_a_placed_person_is_a_talk(
    title: str, kind: str, speaker: str, affiliation: str
) -> None:
    """`Kind by [role] Name (Affiliation)`: an item of a few words given by someone printed
    with where they work, a role in lower case maybe between."""
    talk = read_talk_title(title)
    assert talk is not None
    assert (talk.session_title, talk.talk_title) == (kind, None)
    assert [(p.name, p.affiliation) for p in talk.speakers] == [(speaker, affiliation)]


@pytest.mark.parametrize(
    "title",
    [
        "Graph Drawing by Force (Directed Methods)",
        "Sorting by Hand",
        "Graph Layout by Force Directed (Short Paper)",
        "Learning by Example Generation (Extended Abstract)",
    ],
)
def test_a_title_with_by_and_no_placed_person_is_no_talk(title: str) -> None:
    assert read_talk_title(title) is None


def test_a_heading_ending_in_a_colon_over_timed_talks_is_their_session() -> None:
    """`Clinical applications:` right above `HH:MM - HH:MM : Name (Affil)` lines (each with its
    title below): a heading of the talks that follow, not the title of the item before it."""
    program = parse(
        "Wednesday, 8 May 2019\n"
        "08:45 - 09:00 : Welcome address by Prof. Maria Olsen (Faculty of Medicine, Oslo, Norway)\n"
        "Clinical applications:\n"
        "09:00 - 09:20 : Lena Berg (Karolinska Institute, Solna, Sweden)\n"
        '"Tracing bile acids in the gut"\n'
        "09:20 - 09:40 : Oskar Lind (Uppsala University, Uppsala, Sweden)\n"
        '"Enzyme kinetics at low pH"\n'
    )
    by_title = {s.title: [p.title for p in s.papers] for s in program.sessions}
    assert by_title["Clinical applications"] == [
        "Tracing bile acids in the gut",
        "Enzyme kinetics at low pH",
    ]
    assert "Clinical applications:" not in [title for title, _ in papers(program)]


_QUOTED_TITLES_PAGE = (
    "Tuesday, 7 May 2019\n"
    "09:00 - 09:10 : Welcome by Prof. Maria Olsen (Faculty of Medicine, Oslo, Norway)\n"
    "Imaging probes for infection\n"
    "09:10 - 09:30 : Lena Berg (Karolinska Institute, Solna, Sweden)\n"
    '"Tracing bile acids in the gut"\n'
    "09:30 - 09:50 : Oskar Lind (Uppsala University, Uppsala, Sweden)\n"
    '"Enzyme kinetics at low pH"\n'
    "09:50 - 10:10 : Maja Holm (Lund University, Lund, Sweden)\n"
    '"Peptide probes for PET"\n'
)


def test_on_a_page_of_quoted_titles_an_unquoted_line_between_timed_items_is_a_heading() -> None:
    """Every talk's title is in quotes under its timed speaker line: the unquoted line after
    the welcome heads the talks below it; it is not the welcome's title."""
    program = parse(_QUOTED_TITLES_PAGE)
    by_title = {s.title: [p.title for p in s.papers] for s in program.sessions}
    assert by_title["Imaging probes for infection"] == [
        "Tracing bile acids in the gut",
        "Enzyme kinetics at low pH",
        "Peptide probes for PET",
    ]
    assert "Imaging probes for infection" not in [title for title, _ in papers(program)]


def test_without_quoted_titles_the_line_under_a_talk_by_someone_is_its_title() -> None:
    program = parse(
        "Tuesday, 7 May 2019\n"
        "09:00 - 09:45 : Keynote by Prof. Maria Olsen (Faculty of Medicine, Oslo, Norway)\n"
        "Imaging probes for infection\n"
        "09:45 - 10:15 : Coffee break\n"
    )
    assert [title for title, _ in papers(program)] == ["Imaging probes for infection"]


@pytest.mark.parametrize(
    "summary", ["Bio", "Biography", "Biografía", "Riassunto", "Zusammenfassung", "Kurzbiografie"]
)
def test_the_summary_of_a_collapsed_bio_or_abstract_box_is_a_link_line(summary: str) -> None:
    # A closed <details> prints only its summary ("Biography", "Abstract") under each talk.
    assert classify(1, summary).kind is LineKind.LINK


def test_collapsed_bio_and_abstract_summaries_under_each_talk_are_no_papers() -> None:
    program = parse(
        "Martes 3 de junio de 2025\n"
        "09:00 - 09:30\nLa imprenta y sus lectores\nAna Ruiz (Universidad de Sevilla)\n"
        "Biografía\nResumen\n"
        "09:30 - 10:00\nCartas de un notario medieval\nLuis Vega (Universidad de Oviedo)\n"
        "Biografía\nResumen\n"
    )
    assert papers(program) == [
        ("La imprenta y sus lectores", [("Ana Ruiz", "Universidad de Sevilla")]),
        ("Cartas de un notario medieval", [("Luis Vega", "Universidad de Oviedo")]),
    ]


def test_days_listed_as_tabs_above_all_panes_fall_to_the_panes_in_order() -> None:
    # A tab bar ("Day 1" / date, "Day 2" / date) and then each tab's items one after another,
    # with no day line of their own: a pane begins where the clock runs back to the morning.
    program = parse(
        "DAY 1\nMonday 8 September 2025\nDAY 2\nTuesday 9 September 2025\n\n"
        "9:00 - 9:30\nWelcome coffee\n"
        "9:30 - 10:30\nPrinting and its readers in early modern Venice\n"
        "Anna Rossi (University of Padua)\n"
        "14:00 - 15:00\nLetters of a medieval notary\nLuca Bianchi (University of Pisa)\n"
        "9:00 - 9:30\nRegistration\n"
        "9:30 - 10:30\nMaps for eighteenth-century travellers\nMarta Greco (University of Siena)\n"
    )
    starts = [(s.start.date().isoformat(), s.start.strftime("%H:%M")) for s in program.sessions]
    assert starts == [
        ("2025-09-08", "09:00"),
        ("2025-09-08", "09:30"),
        ("2025-09-08", "14:00"),
        ("2025-09-09", "09:00"),
        ("2025-09-09", "09:30"),
    ]


@pytest.mark.parametrize(
    ("line", "people"),
    [
        (
            "Ana Ruiz (Universidad de Granada, estudiante de doctorado)",
            [("Ana Ruiz", "Universidad de Granada")],
        ),
        (
            "Tom Hale (University of York, PhD candidate), Eva Lind (Lund University)",
            [("Tom Hale", "University of York"), ("Eva Lind", "Lund University")],
        ),
        (
            "Jan Kern (Universität Wien, Doktorandin)",
            [("Jan Kern", "Universität Wien")],
        ),
    ],
)
def test_a_career_stage_after_the_workplace_is_no_part_of_the_affiliation(
    line: str, people: list[tuple[str, str]]
) -> None:
    assert [(p.name, p.affiliation) for p in authors.parse_author_line(line).authors] == people


@pytest.mark.parametrize(
    "note",
    ["Bring your own laptop", "Laptop required", "Bitte Laptop mitbringen", "Trae tu portátil"],
)
def test_a_bring_your_laptop_note_is_a_mark_not_part_of_a_title(note: str) -> None:
    # A hands-on session's practical note, printed on a line of its own beside its time.
    assert classify(1, note).kind is LineKind.LINK


def test_a_phrase_opening_with_a_lowercase_word_is_no_bare_name_before_a_title() -> None:
    # "Lokale Geschichte und kollektives Gedächtnis. Ein neues …": a title of two sentences,
    # whose first joins two phrases by "und", not two people named before the title.
    line = "Lokale Geschichte und kollektives Gedächtnis. Ein neues digitales Archiv"
    assert authors.split_sentence_authors(line) is None


def test_a_start_cell_then_an_end_cell_are_one_time_range() -> None:
    # "Begins | Ends | What": a timetable printing an item's start and end in two columns.
    program = parse(
        "Thursday 3 April 2025\n"
        "09:10\t10:40\tGlaciers and Ice Sheets\tMarta Lind\n"
        "10:40\t11:00\tCoffee\n"
        "11:00\t12:30\tSeismic Imaging\tOle Berg\n"
    )
    read = [
        (s.title, s.start.strftime("%H:%M"), s.end and s.end.strftime("%H:%M"))
        for s in program.sessions
    ]
    assert read == [
        ("Glaciers and Ice Sheets", "09:10", "10:40"),
        ("Coffee", "10:40", "11:00"),
        ("Seismic Imaging", "11:00", "12:30"),
    ]


def test_a_row_number_before_a_rows_time_is_no_part_of_the_item() -> None:
    # "No. | Time | Title | Speaker": the leading cell numbers the rows of the table.
    program = parse(
        "Thursday 3 April 2025\n"
        "9:00 - 10:30 Session 1: Oceans\n"
        "1\t9:00\tTidal mixing in fjords\tKaren Holm (University of Bergen)\n"
        "2\t9:20\tSea ice drift from radar\tPaul Dubois (CNRS)\n"
    )
    assert papers(program) == [
        ("Tidal mixing in fjords", [("Karen Holm", "University of Bergen")]),
        ("Sea ice drift from radar", [("Paul Dubois", "CNRS")]),
    ]


@pytest.mark.parametrize(
    "line",
    [
        "Lena Fischer (ETH Zurich)*; Omar Haddad (KAUST)",
        "Lena Fischer (ETH Zurich)*, Omar Haddad (KAUST)",
        "Lena Fischer (ETH Zurich); Omar Haddad (KAUST)*",
        "Lena Fischer* (ETH Zurich) and Omar Haddad (KAUST)",
    ],
)
def test_an_asterisk_marking_the_presenter_is_no_part_of_the_author_list(line: str) -> None:
    # Submission systems star the author who presents: "Name (Affil)*; Name (Affil)".
    parsed = parse_author_line(line)
    assert [(a.name, a.affiliation) for a in parsed.authors] == [
        ("Lena Fischer", "ETH Zurich"),
        ("Omar Haddad", "KAUST"),
    ]


def test_sentences_over_a_more_toggle_are_a_description_not_a_paper() -> None:
    # A page showing each abstract's opening and a "Read more" toggle hiding the rest.
    program = parse(
        "Thursday 3 April 2025\n"
        "9:00 - 10:30 Session 1: Oceans\n"
        "Tidal mixing in fjords\n"
        "Karen Holm (University of Bergen)\n"
        "Fjords trap warm water below their sills for months. We measure how tides stir it "
        "upwards in three Norwegian fjords.\n"
        "Read more\n"
        "Sea ice drift from radar\n"
        "Paul Dubois (CNRS)\n"
    )
    assert papers(program) == [
        ("Tidal mixing in fjords", [("Karen Holm", "University of Bergen")]),
        ("Sea ice drift from radar", [("Paul Dubois", "CNRS")]),
    ]


# --- a timetable of rooms in blocks, each headed by a row of its sessions' titles ------------

_ROOMS_IN_BLOCKS = (
    "Monday 12 May 2025\n"
    "Time\tHall A\tHall B\n"
    "\tCARDIOLOGY Chair: Prof. Ines Duarte\tNEPHROLOGY Moderadora Dra. Rita Lobo\n"
    "9:00 AM\tHEART FAILURE TODAY - Dr. Paulo Reis\tACUTE KIDNEY INJURY Dr. Sara Pinto\n"
    "9:30 AM\tSTATINS REVISITED -Dra. Eva Mota\tDIALYSIS ACCESS Dr. Tomas Faria\n"
    "10:00 AM\tCoffee break\n"
    "\tSURGERY Chair: Dr. Luis Gama/ Dr. Ana Vaz\tPAEDIATRICS\n"
    "10:30 AM\tHERNIA REPAIR - Dr. Joao Sousa\tFEVER IN INFANTS Dra. Marta Silva\n"
    "11:00 AM\tLAPAROSCOPY IN 2025 Dr. Rui Costa\t\n"
    "12:00 PM\tLunch\n"
)


def test_rows_of_session_titles_head_the_blocks_of_a_timetable_of_rooms() -> None:
    program = parse(_ROOMS_IN_BLOCKS)
    sessions = [
        (s.title, s.room, [c.name for c in s.chairs], [p.title for p in s.papers])
        for s in program.sessions
        if s.kind is SessionKind.PAPERS
    ]
    assert sessions == [
        (
            "CARDIOLOGY",
            "Hall A",
            ["Ines Duarte"],
            ["HEART FAILURE TODAY", "STATINS REVISITED"],
        ),
        ("NEPHROLOGY", "Hall B", ["Rita Lobo"], ["ACUTE KIDNEY INJURY", "DIALYSIS ACCESS"]),
        ("SURGERY", "Hall A", ["Luis Gama", "Ana Vaz"], ["HERNIA REPAIR", "LAPAROSCOPY IN 2025"]),
        ("PAEDIATRICS", "Hall B", [], ["FEVER IN INFANTS"]),
    ]
    starts = [s.start.strftime("%H:%M") for s in program.sessions if s.start is not None]
    assert starts[:4] == ["09:00", "09:00", "10:00", "10:30"]


def test_rows_of_session_titles_head_the_blocks_of_a_pages_table_of_rooms() -> None:
    rows = "".join(
        "<tr>" + "".join(f"<td>{cell}</td>" for cell in line.split("\t")) + "</tr>"
        for line in _ROOMS_IN_BLOCKS.splitlines()[1:]
    )
    page = f"<html><body><h3>Monday 12 May 2025</h3><table>{rows}</table></body></html>"
    titles = [s.title for s in parse_program(page, UTC).sessions if s.kind is SessionKind.PAPERS]
    assert titles == ["CARDIOLOGY", "NEPHROLOGY", "SURGERY", "PAEDIATRICS"]


@pytest.mark.parametrize(
    ("line", "title", "names"),
    [
        ("HEART FAILURE TODAY - Dr. Paulo Reis", "HEART FAILURE TODAY", ["Paulo Reis"]),
        ("Statins revisited -Dra. Eva Mota", "Statins revisited", ["Eva Mota"]),
        ("Acute kidney injury  Prof. Sara Pinto", "Acute kidney injury", ["Sara Pinto"]),
        ("ANAEMIA Dr. Rui Costa / Dr. Li Wei", "ANAEMIA", ["Rui Costa", "Li Wei"]),
    ],
)
def test_a_title_then_people_each_addressed_by_a_title_is_a_talk_and_its_speakers(
    line: str, title: str, names: list[str]
) -> None:
    found = split_addressed_speaker(line)
    assert found is not None
    assert (found[0], [p.name for p in found[1]]) == (title, names)


@pytest.mark.parametrize(
    "line", ["An interview with Dr. Ana Silva", "Homenaje a Dra. Rita Lobo", "Dr. Ana Silva"]
)
def test_a_person_a_title_names_as_its_subject_is_no_speaker(line: str) -> None:
    assert split_addressed_speaker(line) is None


def test_capitals_without_a_dot_open_no_speaker_after_a_title() -> None:
    assert split_addressed_speaker("Shared Gaze Cues for MR Headset Users") is None


def test_a_row_of_a_person_cell_then_a_title_cell_is_that_persons_paper() -> None:
    # "Presenter (Affiliation) | Title": a table printing who presents before what.
    program = parse(
        "Thursday 3 April 2025\n"
        "14:00-15:30 Session B: Forecasting\n"
        "Helga Sundqvist (Lund University)\tEnsemble Forecasts of Regional Labour Markets\n"
        "Tomas Brenner (University of Graz)\tNowcasting Trade Flows with Shipping Data\n"
    )
    assert papers(program) == [
        ("Ensemble Forecasts of Regional Labour Markets", [("Helga Sundqvist", "Lund University")]),
        ("Nowcasting Trade Flows with Shipping Data", [("Tomas Brenner", "University of Graz")]),
    ]


def test_a_presenter_line_then_a_row_of_labelled_co_authors_and_a_title_is_one_paper() -> None:
    # A cell of two lines, the presenter then "Co-authors: …", beside the title's cell: the
    # copy puts the presenter on a line of its own and the rest of the cell before the TAB.
    program = parse(
        "Thursday 3 April 2025\n"
        "14:00-15:30 Session B: Forecasting\n"
        "Helga Sundqvist (Lund University)\tEnsemble Forecasts of Regional Labour Markets\n"
        "Tomas Brenner (University of Graz)\n"
        "Co-authors: Ines Varga, Olaf Petersen\tNowcasting Trade Flows with Shipping Data\n"
    )
    assert papers(program) == [
        ("Ensemble Forecasts of Regional Labour Markets", [("Helga Sundqvist", "Lund University")]),
        (
            "Nowcasting Trade Flows with Shipping Data",
            [
                ("Tomas Brenner", "University of Graz"),
                ("Ines Varga", None),
                ("Olaf Petersen", None),
            ],
        ),
    ]


@pytest.mark.parametrize(
    "line",
    [
        "10AM to 11:30AM Central Time (8AM to 9:30AM Pacific Time)",
        "10:00 - 11:30 Central European Time",
    ],
)
def test_a_zone_spelled_out_after_a_time_is_part_of_the_time(line: str) -> None:
    found = find_time_range(line)
    assert found is not None
    assert found.start.strftime("%H:%M") == "10:00"
    assert found.span == (0, len(line))
    assert classify(1, line).text == line  # not reordered: its parenthesis is no later time


def test_a_room_and_its_number_before_a_colon_head_one_of_a_slots_sessions() -> None:
    # "Hall 1: Title" / papers / "Hall 2: Title" / papers under one time: parallel sessions.
    program = parse(
        "Thursday 3 April 2025\n"
        "\n"
        "2PM to 3:30PM\n"
        "\n"
        "Hall 1: Labour Markets\n"
        "Helga Sundqvist (Lund University)\tEnsemble Forecasts of Regional Labour Markets\n"
        "Hall 2: Trade\n"
        "Tomas Brenner (University of Graz)\tNowcasting Trade Flows with Shipping Data\n"
    )
    read = [(s.title, s.start.strftime("%H:%M"), len(s.papers)) for s in program.sessions]
    assert [
        (t is not None and t.endswith(w), h, n)
        for (t, h, n), w in zip(read, ["Labour Markets", "Trade"], strict=True)
    ] == [(True, "14:00", 1), (True, "14:00", 1)]


@pytest.mark.parametrize(
    ("header", "month", "day"),
    [
        ("2nd day of the Symposium (Tuesday, 14 May)", 5, 14),
        ("Third Day of Workshop - March 3, Wednesday", 3, 3),
        ("First day: Monday 7 October", 10, 7),
        ("Last day of the congress (June 20, Saturday)", 6, 20),
    ],
)
def test_an_ordinal_day_of_the_event_labels_a_day_header(header: str, month: int, day: int) -> None:
    # "1st day of Conference (December 8, Friday)": an ordinal day of the event is a label
    # like "Day 1", not words of a title.
    found = parse_day_header(header)
    assert found is not None
    assert (found[0].month, found[0].day) == (month, day)


def test_a_timed_row_of_a_talk_code_is_a_talk_of_the_session_above() -> None:
    # "Session 1. Title" / "- Chair: …" then rows "14:00 - 14:20<TAB>Oral S1-01-O" / speaker /
    # "<TAB>Title": each row a talk's code, who gives it and its title; a break printed among
    # the rows does not end the session.
    program = parse(
        "Tuesday, 14 May 2024\n"
        "Session 3. Power Electronics\n"
        "Room 201\n"
        "- Chair: Prof. Ana Silva (University of Porto)\n"
        "09:00 - 09:20\tOral PE-01\n"
        "Lena Fischer (ETH Zurich)\n"
        "\tGallium nitride inverters for traction drives\n"
        "09:20 - 09:40\tOral PE-02\n"
        "Omar Haddad (KAUST)\n"
        "\tDroop control of islanded microgrids\n"
        "09:40 - 10:00\tTea break\n"
        "10:00 - 10:20\tPoster MoP-03\n"
        "Karen Holm (University of Bergen)\n"
        "\tWake steering in offshore wind farms\n"
    )
    assert papers(program) == [
        ("Gallium nitride inverters for traction drives", [("Lena Fischer", "ETH Zurich")]),
        ("Droop control of islanded microgrids", [("Omar Haddad", "KAUST")]),
        ("Wake steering in offshore wind farms", [("Karen Holm", "University of Bergen")]),
    ]
    (session,) = [s for s in program.sessions if s.papers]
    assert session.title == "Power Electronics"


def test_a_talks_kind_and_code_before_its_title_are_no_part_of_it() -> None:
    # "Invited talk S2-01-I Title", "Oral S1-02-O Title": the entry's kind and program code.
    program = parse(
        "Monday, 3 June 2024\n"
        "09:00 - 10:30 Session 2: Antennas\n"
        "Poster MoP-07 Printed antennas for sub-terahertz links\n"
        "Ana Silva (University of Porto)\n"
        "Invited talk AP-2.1 Reconfigurable intelligent surfaces in practice\n"
        "Bo Li (Tsinghua University)\n"
    )
    assert papers(program) == [
        ("Printed antennas for sub-terahertz links", [("Ana Silva", "University of Porto")]),
        ("Reconfigurable intelligent surfaces in practice", [("Bo Li", "Tsinghua University")]),
    ]


@pytest.mark.parametrize("role", ["- Rapporteur: Tom Berg", "Secretary: Tom Berg"])
def test_a_sessions_secretary_or_rapporteur_is_neither_a_paper_nor_its_author(role: str) -> None:
    # "- Chair: …" / "- Co-Chair: …" / "- Secretary: Name": who keeps the session's record.
    program = parse(
        "Wednesday, 5 June 2024\n"
        "10:00 - 11:00 Session 4: Hydrology\n"
        "Chair: Ana Silva\n"
        f"{role}\n"
        "Flood forecasting with weather radar\n"
        "Lena Fischer (ETH Zurich)\n"
    )
    assert papers(program) == [
        ("Flood forecasting with weather radar", [("Lena Fischer", "ETH Zurich")])
    ]


def test_a_lone_persons_cell_before_a_title_cell_is_the_rows_author() -> None:
    # "<TAB><TAB>Name<TAB>Title<TAB>20mins": a table printing who before what; one bare name
    # (a common given name first) in the people's cell is as much an author line as a list.
    program = parse(
        "Tuesday, 8 October 2024\n"
        "10:00 - 11:30 Session 2: Spreadsheets\n"
        "\t\tHelena Brandt and Tomas Ortiz\tAuditing formulas with eye tracking\t25mins\n"
        "\t\tOliver Strand\tLive programming for data journalists\t25mins\n"
        "\t\tMaria Costa\tWhy end users copy and paste\t15mins\n"
    )
    assert papers(program) == [
        ("Auditing formulas with eye tracking", [("Helena Brandt", None), ("Tomas Ortiz", None)]),
        ("Live programming for data journalists", [("Oliver Strand", None)]),
        ("Why end users copy and paste", [("Maria Costa", None)]),
    ]


def test_a_list_of_people_before_a_title_of_two_phrases_is_the_authors() -> None:
    # "A, B, C and D<TAB>Motivation and Persistence": a title joining two capitalised phrases
    # with "and" reads somewhat like two names, but less so than the list of people before it.
    program = parse(
        "Tuesday, 8 October 2024\n"
        "14:00 - 15:00 Session 3: Affect\n"
        "\t\tNadia Berg, Peter Holm, Laura Ruiz and Jonas Weber\tMotivation and Persistence"
        "\t30mins\n"
        "\t\tClara Moreau and Felix Wagner\tSelf-Efficacy in Debugging\t30mins\n"
    )
    assert papers(program) == [
        (
            "Motivation and Persistence",
            [
                ("Nadia Berg", None),
                ("Peter Holm", None),
                ("Laura Ruiz", None),
                ("Jonas Weber", None),
            ],
        ),
        ("Self-Efficacy in Debugging", [("Clara Moreau", None), ("Felix Wagner", None)]),
    ]


def test_a_timed_session_row_holding_its_first_papers_people_and_title_cells() -> None:
    # "9.45-11.00<TAB>Session 1: Title<TAB>Authors<TAB>Paper title<TAB>20mins": the session's
    # row also holds its first paper, who before what; the rows below hold the others.
    program = parse(
        "Tuesday, 8 October 2024\n"
        "10.15-11.45\tSession 4: Tools\tHelena Brandt and Tomas Ortiz\tA debugger for block"
        " languages\t25mins\n"
        "\t\tOliver Strand\tProjectional editing in the classroom\t25mins\n"
        "11.45-12.30\tInvited talk\tMaria Costa\tThe craft of reading code\t45mins\n"
    )
    assert papers(program) == [
        ("A debugger for block languages", [("Helena Brandt", None), ("Tomas Ortiz", None)]),
        ("Projectional editing in the classroom", [("Oliver Strand", None)]),
        ("The craft of reading code", [("Maria Costa", None)]),
    ]
    assert [s.title for s in program.sessions] == ["Tools", "Invited talk"]


def test_a_rare_name_in_the_column_where_rows_above_print_their_people() -> None:
    # "<TAB><TAB>Ysolde Marchetti<TAB>Title<TAB>20mins": a bare name of two capitalised words
    # that no list of given names holds, in the cell where the rows above print their authors.
    program = parse(
        "Tuesday, 8 October 2024\n"
        "10.15-11.45\tSession 4: Tools\tHelena Brandt and Tomas Ortiz\tA debugger for block"
        " languages\t25mins\n"
        "\t\tYsolde Marchetti\tPair programming at scale\t25mins\n"
        "14.00-15.00\tSession 5: Games\tOswin Tapper\tLevels that teach recursion\t30mins\n"
    )
    assert papers(program) == [
        ("A debugger for block languages", [("Helena Brandt", None), ("Tomas Ortiz", None)]),
        ("Pair programming at scale", [("Ysolde Marchetti", None)]),
        ("Levels that teach recursion", [("Oswin Tapper", None)]),
    ]


def test_a_timed_rows_lone_persons_cell_beside_its_title_is_an_untitled_talks_speaker() -> None:
    # "19.30-21.30<TAB>Banquet + Speaker<TAB>Name<TAB><TAB>30mins", in the cell where the rows
    # above print their authors: who speaks at the item, its talk untitled (known by the
    # item's title); a closing's people host it.
    program = parse(
        "Tuesday, 8 October 2024\n"
        "09.00-10.00\tSession 8: Tools\tTomas Ortiz\tA debugger for block languages\t30mins\n"
        "10.00-10.30\tSession 9: Mentoring Report\tHelena Brandt\t\t30mins\n"
        "12.30-13.30\tLunch\tMain Hall\t\t\n"
        "14.00-14.30\tClosing Events\tMaria Costa\t\t\n"
        "19.30-21.30\tBanquet + Speaker\tOliver Strand\t\t30mins\n"
    )
    assert papers(program) == [
        ("A debugger for block languages", [("Tomas Ortiz", None)]),
        ("Mentoring Report", [("Helena Brandt", None)]),
        ("Banquet + Speaker", [("Oliver Strand", None)]),
    ]


def test_a_lone_name_beside_a_timed_title_in_no_people_column_is_no_speaker() -> None:
    # "06:55<TAB>08:55<TAB>Sensors<TAB>Ana Silva": an overview's session and its chair.
    program = parse(
        "Tuesday, 8 October 2024\n"
        "Start\tEnd\tSession\tSession Chair\n"
        "09:00\t10:30\tSoil Moisture\tHelena Brandt\n"
        "10:30\t12:00\tSea Ice\tOliver Strand\n"
    )
    authors = [name for _, people in papers(program) for name, _ in people]
    assert "Helena Brandt" not in authors
    assert "Oliver Strand" not in authors


def test_timed_rows_printing_title_dash_speaker_are_talks_by_those_speakers() -> None:
    # "9:30 AM | **Title** — Name *(Virtual)*" rows, an abstract below each: on a page whose
    # timed rows print so three times or more, the name after the dash gives the talk, even
    # with no workplace beside it.
    program = parse(
        "Thursday, 12 March 2026\n"
        "8:45 AM\tWelcome\n"
        "9:00 AM\tSparse Solvers on Modern Hardware — Maren Olsen (Remote)\n"
        "\n"
        "We compare three factorisation strategies on current accelerators.\n"
        "9:20 AM\tWarm Starts for Interior Point Methods — Tariq Bello\n"
        "9:40 AM\tRobust Scheduling of Freight Rail — Ines Duarte & Kofi Mensah (On-site)\n"
        "\n"
        "A case study from a regional operator, with lessons for planners.\n"
        "10:00 AM\tCoffee Break\n"
    )
    assert papers(program) == [
        ("Sparse Solvers on Modern Hardware", [("Maren Olsen", None)]),
        ("Warm Starts for Interior Point Methods", [("Tariq Bello", None)]),
        ("Robust Scheduling of Freight Rail", [("Ines Duarte", None), ("Kofi Mensah", None)]),
    ]


def test_a_dashed_talk_whose_title_names_a_kind_of_talk_keeps_its_title() -> None:
    # "A Tutorial on Graphs of Convex Sets — Name": on a page of `Title — Speaker` rows, a title
    # holding a talk word is still a title, not a kind of talk named as printed.
    program = parse(
        "Thursday, 12 March 2026\n"
        "9:00 AM\tSparse Solvers on Modern Hardware — Maren Olsen\n"
        "9:20 AM\tWarm Starts for Interior Point Methods — Tariq Bello\n"
        "9:40 AM\tA Short Tutorial on Column Generation — Ines Duarte (Remote)\n"
        "10:00 AM\tLecture Notes on Duality for Practitioners — Kofi Mensah\n"
    )
    assert papers(program)[2:] == [
        ("A Short Tutorial on Column Generation", [("Ines Duarte", None)]),
        ("Lecture Notes on Duality for Practitioners", [("Kofi Mensah", None)]),
    ]


@pytest.mark.parametrize("mark", ["(Virtual, Sponsored)", "(on-site, invited)", "(Remote)"])
def test_an_attendance_mark_with_a_remark_after_a_speaker_is_no_workplace(mark: str) -> None:
    program = parse(
        "Thursday, 12 March 2026\n"
        "9:00 AM\tSparse Solvers on Modern Hardware — Maren Olsen\n"
        "9:20 AM\tWarm Starts for Interior Point Methods — Tariq Bello\n"
        f"9:40 AM\tRobust Scheduling of Freight Rail — Ines Duarte {mark}\n"
    )
    assert papers(program)[2] == ("Robust Scheduling of Freight Rail", [("Ines Duarte", None)])


def test_speaker_bios_after_the_program_are_neither_papers_nor_authors() -> None:
    # "Speakers" / "Maren Olsen" / "Maren Olsen is a researcher at …": each speaker's name over
    # a paragraph about them, after the program: about its people, no item of it.
    program = parse(
        "Thursday, 12 March 2026\n"
        "9:00 AM\tSparse Solvers on Modern Hardware — Maren Olsen\n"
        "9:20 AM\tWarm Starts for Interior Point Methods — Tariq Bello\n"
        "9:40 AM\tRobust Scheduling of Freight Rail — Ines Duarte\n"
        "\n"
        "Speakers\n"
        "Maren Olsen\n"
        "\n"
        "Maren Olsen is a research engineer at a national laboratory.\n"
        "\n"
        "Tariq Bello\n"
        "\n"
        "Tariq J. Bello holds a PhD in operations research.\n"
        "\n"
        "Ines Duarte\n"
        "\n"
        "Ines Duarte works on railway timetabling and crew planning.\n"
    )
    assert papers(program) == [
        ("Sparse Solvers on Modern Hardware", [("Maren Olsen", None)]),
        ("Warm Starts for Interior Point Methods", [("Tariq Bello", None)]),
        ("Robust Scheduling of Freight Rail", [("Ines Duarte", None)]),
    ]


def test_untimed_text_before_a_timed_program_is_no_session_of_papers() -> None:
    # "Friday, 6 November 2026" / "Venue: Harbour Hall" / "Tickets" / "Buy online" / … then the
    # timed items: lines read as titles over unsure "authors" outside any item are not papers.
    program = parse(
        "Friday, 6 November 2026\n"
        "Venue: Harbour Hall\n"
        "\n"
        "Tickets\n"
        "\n"
        "Buy online\n"
        "\n"
        "Streaming details will be sent to everyone who signs up the evening before.\n"
        "\n"
        "Programme\n"
        "9:00 AM\tSparse Solvers on Modern Hardware — Maren Olsen\n"
        "9:20 AM\tWarm Starts for Interior Point Methods — Tariq Bello\n"
        "9:40 AM\tRobust Scheduling of Freight Rail — Ines Duarte\n"
    )
    assert [t for t, _ in papers(program)] == [
        "Sparse Solvers on Modern Hardware",
        "Warm Starts for Interior Point Methods",
        "Robust Scheduling of Freight Rail",
    ]


@pytest.mark.parametrize("link", ["go to abstracts", "Go to the session page", "go to talk slides"])
def test_a_go_to_link_under_a_sessions_time_is_no_paper(link: str) -> None:
    # "Paper Session 1" / "10:20am - 11:40am" / "go to abstracts": a link to another page,
    # above short titles whose bare presenters and start times follow them.
    assert classify(1, link).kind is LineKind.LINK
    program = parse(
        "Tuesday, 4 March 2025\n"
        "Listening Session 2\n"
        "2pm - 3pm\n"
        f"{link}\n"
        "\n"
        "DRONEWORKS\n"
        "Petra Novak\n"
        "\n"
        "Granular clouds in the browser\n"
        "Ivo Marin\n"
    )
    assert [p.title for s in program.sessions for p in s.papers] == [
        "DRONEWORKS",
        "Granular clouds in the browser",
    ]


@pytest.mark.parametrize(
    "footer", ["© Audio Futures Workshop 2024", "Copyright 2024 Audio Futures", "(c) 2024 AFW"]
)
def test_a_copyright_footer_is_no_paper(footer: str) -> None:
    # The page's footer copied after the program's last item.
    assert classify(1, footer).kind is LineKind.JUNK
    assert classify(1, "Copyright law and machine learning").kind is not LineKind.JUNK
    program = parse(
        "Tuesday, 4 March 2025\n"
        "14:00 - 15:00 Afternoon Talks\n"
        "Spatial audio for small rooms\n"
        "Ivo Marin (Aalto University)\n"
        "\n"
        f"{footer}\n"
    )
    assert papers(program) == [
        ("Spatial audio for small rooms", [("Ivo Marin", "Aalto University")])
    ]


def test_a_concerts_performer_lines_are_neither_pieces_nor_composers() -> None:
    # "Piece by Composer" / "Name, instrument" (one line per performer): who plays the piece.
    program = parse(
        "Friday, 7 March 2025\n"
        "8:00pm - 9:30pm Evening Concert\n"
        "\n"
        "Tidal Glass by Ines Varga\n"
        "Ola Brandt, cello\n"
        "Mika Sato, live electronics & voice\n"
        "\n"
        "Quiet Circuits by Ruth Calder\n"
        "fixed media\n"
        "\n"
        "Ferrous by Tom Okafor\n"
        "Tom Okafor, Bass Clarinet & HexPad\n"
    )
    assert papers(program) == [
        ("Tidal Glass", [("Ines Varga", None)]),
        ("Quiet Circuits", [("Ruth Calder", None)]),
        ("Ferrous", [("Tom Okafor", None)]),
    ]


def test_a_workshops_led_by_line_names_its_leaders() -> None:
    # "### Workshop title" / "Led by A & B": the workshop's own people.
    program = parse(
        "Friday, 7 March 2025\n"
        "2:00pm - 3:00pm Workshop Block A\n"
        "\n"
        "Patching with Pure Data\n"
        "\n"
        "Led by Karin Voss & Jonas Pereira\n"
        "\n"
        "Audio Plugins in Rust\n"
        "\n"
        "Led by Milan Horak\n"
    )
    assert papers(program) == [
        ("Patching with Pure Data", [("Karin Voss", None), ("Jonas Pereira", None)]),
        ("Audio Plugins in Rust", [("Milan Horak", None)]),
    ]


def test_a_credit_verb_before_by_is_no_part_of_the_title() -> None:
    # "Improvisation using X directed by Name": how the work was made, then who made it.
    directed = split_by_line("Drift Studies directed by Clara Imhof")
    assert directed is not None
    assert directed[0] == "Drift Studies"
    assert [a.name for a in directed[1].authors] == ["Clara Imhof"]
    composed = split_by_line("Works composed by Clara Imhof")
    assert composed is not None
    assert composed[0] == "Works"


def test_a_performer_playing_the_instrument_a_piece_is_named_for_is_no_paper() -> None:
    # "Glassharp by Ines Varga" / "Ines Varga, Glassharp": the composer plays the piece's own
    # instrument, a device no instrument list knows.
    program = parse(
        "Friday, 7 March 2025\n"
        "8:00pm - 9:30pm Evening Concert\n"
        "\n"
        "Glassharp by Ines Varga\n"
        "Ines Varga, Glassharp\n"
        "\n"
        "Quiet Circuits by Ruth Calder\n"
        "Ruth Calder, cello\n"
        "\n"
        "Ferrous Bloom by Tom Okafor\n"
        "Tom Okafor, Ferrous Bloom\n"
    )
    assert papers(program) == [
        ("Glassharp", [("Ines Varga", None)]),
        ("Quiet Circuits", [("Ruth Calder", None)]),
        ("Ferrous Bloom", [("Tom Okafor", None)]),
    ]


def test_a_title_with_a_parenthesis_before_by_is_still_a_title_and_its_people() -> None:
    # "Antithesis (this is the part where I scream) by Name" looks like "Name (Affil) …" on a
    # page whose items all print "Title by Name".
    program = parse(
        "Friday, 7 March 2025\n"
        "8:00pm - 9:30pm Evening Concert\n"
        "\n"
        "Tidal Glass by Ines Varga\n"
        "\n"
        "Quiet Circuits by Ruth Calder\n"
        "\n"
        "Lament (for the drowned river) by Tom Okafor\n"
        "\n"
        "Ferrous Bloom by Mira Lindqvist\n"
    )
    assert papers(program) == [
        ("Tidal Glass", [("Ines Varga", None)]),
        ("Quiet Circuits", [("Ruth Calder", None)]),
        ("Lament (for the drowned river)", [("Tom Okafor", None)]),
        ("Ferrous Bloom", [("Mira Lindqvist", None)]),
    ]


def test_an_uppercase_title_ending_in_a_quotation_is_not_split_into_names() -> None:
    # "THE SLOW MAKING OF ‘OLD RIVER SONGS’ (2024)": the last two words close its quotation,
    # however much "RIVER SONGS’ (2024)" looks like a name and its affiliation.
    program = parse(
        "Friday, 7 March 2025\n"
        "15:00 - 16:00 Paper Session 5\n"
        "\n"
        "THE SLOW MAKING OF ‘OLD RIVER SONGS’ (2024)\n"
        "Clara Imhof\n"
        "\n"
        "Granular clouds in the browser\n"
        "Ivo Marin\n"
    )
    assert papers(program) == [
        ("THE SLOW MAKING OF ‘OLD RIVER SONGS’ (2024)", [("Clara Imhof", None)]),
        ("Granular clouds in the browser", [("Ivo Marin", None)]),
    ]


def test_a_bare_clock_under_each_talks_people_is_that_talks_start() -> None:
    # "Title" / "Name" / "10:20am": each talk's start printed under it, the first one the
    # session's own start (so it cannot be the next talk's).
    program = parse(
        "Friday, 7 March 2025\n"
        "2pm - 3pm Listening Session 2\n"
        "\n"
        "DRONEWORKS\n"
        "\u2003\u2003Petra Novak\n"
        "\u2003\u20032pm\n"
        "\n"
        "Granular clouds in the browser\n"
        "\u2003\u2003Ivo Marin\n"
        "\u2003\u20032:20pm\n"
    )
    starts = [
        (p.title, p.start.strftime("%H:%M") if p.start else None)
        for s in program.sessions
        for p in s.papers
    ]
    assert starts == [("DRONEWORKS", "14:00"), ("Granular clouds in the browser", "14:20")]


def test_author_lines_each_printed_above_its_title_pair_downwards() -> None:
    # "Names" / "Title" / "Names" / "Title" / next time: a run that closes on a title prints each
    # paper's people first, even where no workplace makes the names certain.
    program = parse(
        "Tuesday, 8 October 2024\n"
        "14:00\n"
        "Session 3: Glacier Dynamics\n"
        "Hanna Berg, Tomas Lind and Ulla Moe\n"
        "Calving fronts seen from orbit\n"
        "Pedro Alves and Rui Costa\n"
        "Subglacial lakes under stress\n"
        "Mei Tanaka, Sven Olsen and Ida Kroll\n"
        "Firn densification in warm summers\n"
        "Nora Settlement and Carl Judgement\n"
        "Meltwater routing through moulins\n"
        "15:30\n"
        "Coffee\n"
    )
    assert papers(program) == [
        (
            "Calving fronts seen from orbit",
            [("Hanna Berg", None), ("Tomas Lind", None), ("Ulla Moe", None)],
        ),
        ("Subglacial lakes under stress", [("Pedro Alves", None), ("Rui Costa", None)]),
        (
            "Firn densification in warm summers",
            [("Mei Tanaka", None), ("Sven Olsen", None), ("Ida Kroll", None)],
        ),
        (
            "Meltwater routing through moulins",
            [("Nora Settlement", None), ("Carl Judgement", None)],
        ),
    ]


def test_a_room_line_under_a_bare_time_leaves_the_items_title_below_it() -> None:
    # "10:00" / "Hall B" / "Title": the room heads the item; the paper above the time is still
    # the last of the session before, not the next item's title printed above its time.
    program = parse(
        "Thursday, 10 October 2024\n"
        "10:00\n"
        "Hall B\n"
        "Session 2: Ocean Acoustics\n"
        "Lea Hoffmann and Jonas Weber\n"
        "Whale song propagation in shallow seas\n"
        "Ana Reis and Tiago Moura\n"
        "Sonar noise in busy harbours\n"
        "11:30\n"
        "Hall B\n"
        "Farewell drinks\n"
    )
    (session, farewell) = program.sessions
    assert [p.title for p in session.papers] == [
        "Whale song propagation in shallow seas",
        "Sonar noise in busy harbours",
    ]
    assert farewell.title == "Farewell drinks"
    assert farewell.start is not None
    assert farewell.start.hour == 11


def test_a_stylesheets_descendant_rules_lay_out_the_page() -> None:
    # ".agenda .slot .who { display: block }": the page's rules name an element by where it
    # stands, and a browser lays the spans out as lines; a rule for elsewhere changes nothing.
    page = (
        "<html><head><style>"
        ".agenda .slot { display: flex; }"
        ".agenda .slot .who, .agenda .slot .what { display: block; }"
        ".sidebar .what { display: none; }"
        "</style></head><body><div class='agenda'>"
        "<div class='slot'><time>14:10</time><div>"
        "<a href='#t1'><span class='who'>Lea Hoffmann and Jonas Weber</span>"
        "<span class='what'>Whale song propagation in shallow seas</span></a>"
        "</div></div></div></body></html>"
    )
    assert html_to_text(page).splitlines() == [
        "14:10",
        "Lea Hoffmann and Jonas Weber",
        "Whale song propagation in shallow seas",
    ]


def test_a_bare_name_between_a_time_and_its_session_heading_chairs_the_session() -> None:
    # "14:00" / "Hall B" / "Marta Kowalska" / "Session 4: Title": a page whose stylesheet prints
    # "Chaired by" before the name leaves only the name in a copy.
    program = parse(
        "Friday, 11 October 2024\n"
        "14:00\n"
        "Hall B\n"
        "Marta Kowalska\n"
        "Session 4: Sea Ice Remote Sensing\n"
        "Lea Hoffmann and Jonas Weber\n"
        "Melt ponds from synthetic aperture radar\n"
        "Ana Reis and Tiago Moura\n"
        "Snow depth on first-year ice\n"
        "15:30\n"
        "Coffee\n"
    )
    session = program.sessions[0]
    assert session.title == "Sea Ice Remote Sensing"
    assert [c.name for c in session.chairs] == ["Marta Kowalska"]
    assert len(session.papers) == 2


@pytest.mark.parametrize("name", ["Ruud van der Meer", "Anke van Dijk", "Hanna von Berg"])
def test_a_keynote_speaker_with_a_surname_particle_is_named_under_it(name: str) -> None:
    # "Invited talk" / "Ruud van der Meer" / "Title": a lower-case "van", "von der" before the
    # surname still makes the line a name and nothing else.
    program = parse(
        "Monday, 14 October 2024\n"
        "14:00\n"
        "Invited talk\n"
        f"{name}\n"
        "Why deltas sink faster than seas rise\n"
        "15:00\n"
        "Coffee\n"
    )
    keynote = program.sessions[0]
    assert [(p.title, [a.name for a in p.authors]) for p in keynote.papers] == [
        ("Why deltas sink faster than seas rise", [name])
    ]


def test_a_line_after_the_last_of_papers_printed_people_first_is_a_note() -> None:
    # "Names" / "Title" / "Names" / "Title" / "Best student paper, 10 minutes" / next time: every
    # paper of the session came with its people above it, so the leftover line is a remark.
    program = parse(
        "Tuesday, 8 October 2024\n"
        "14:00\n"
        "Session 3: Glacier Dynamics\n"
        "Hanna Berg, Tomas Lind and Ulla Moe\n"
        "Calving fronts seen from orbit\n"
        "Pedro Alves and Rui Costa\n"
        "Subglacial lakes under stress\n"
        "best student paper first, 10 minutes\n"
        "15:30\n"
        "Coffee\n"
    )
    assert [p.title for p in program.sessions[0].papers] == [
        "Calving fronts seen from orbit",
        "Subglacial lakes under stress",
    ]


def test_a_by_line_under_an_items_title_names_its_speaker_and_workplace() -> None:
    # "Inaugural lecture" / "By Dr. Sofia Marquez, Rector of the University of Lisbon": who gives
    # it, her role and where; "By the organising committee" names nobody.
    program = parse(
        "Monday, 14 October 2024\n"
        "09:00\n"
        "Inaugural lecture\n"
        "By Dr. Sofia Marquez, Rector of the University of Lisbon\n"
        "09:20\n"
        "Practical notes\n"
        "By the Organising Committee\n"
        "09:30\n"
        "Coffee\n"
    )
    welcome, notes = program.sessions[:2]
    assert [(a.name, a.affiliation) for p in welcome.papers for a in p.authors] == [
        ("Sofia Marquez", "University of Lisbon")
    ]
    assert not any(p.authors for p in notes.papers)


@pytest.mark.parametrize(
    "line",
    [
        "Posters and demos in Room 1.09",
        "Coffee in Hall 2.15",
        "Meet at Raum 3.10",
        "Lunch served on floor 4.05",
    ],
)
def test_a_dotted_room_number_is_no_clock(line: str) -> None:
    # "Room 1.09": building 1, room 09, as many universities number rooms; after a place word
    # a dotted number is where, not when.
    assert find_time_range(line) is None


def test_a_dotted_room_number_does_not_move_the_clock_of_the_items_after_it() -> None:
    program = parse(
        "Monday, 3 March 2025\n"
        "09:00-10:30 Session 1: Graphs\n"
        "Drawing Graphs Beyond Planarity\n"
        "Ana Silva (MIT)\n"
        "10:30\n"
        "Posters and demos in Room 1.09\n"
        "11:00-12:00 Session 2: Trees\n"
        "Fast Trees\n"
        "Bo Li (ETH)\n"
    )
    starts = {s.title: s.start.strftime("%d %H:%M") for s in program.sessions if s.start}
    assert starts["Trees"] == "03 11:00"
    assert "Posters and demos in Room 1.09" in {s.title for s in program.sessions}
    assert find_time_range("Room 2, 14.30-15.30") is not None  # a place, then the time
    assert find_time_range("Hall B 2.00pm") is not None  # a meridiem makes it a clock


def test_people_then_a_quoted_title_are_a_paper_and_its_authors() -> None:
    # 'Name and Name, “Title”': the speakers first, a comma, then the title in quotes; a list
    # item whose next item lost its marker runs two such papers together on one line.
    program = parse(
        "Friday, 7 March 2025\n"
        "14:00 - 15:00 Panel 2\n"
        "\n"
        "Mirela Tavares and Oskar Lund, “Ledgers of the Harbour Guild, 1790–1820”\n"
        "Ines Poyer, “Reading ‘Lost’ Maps” Tomas Hadek, Lea Borg, and Yuki Arai, “Print Shops”\n"
    )
    assert papers(program) == [
        (
            "Ledgers of the Harbour Guild, 1790–1820",
            [("Mirela Tavares", None), ("Oskar Lund", None)],
        ),
        ("Reading ‘Lost’ Maps", [("Ines Poyer", None)]),
        ("Print Shops", [("Tomas Hadek", None), ("Lea Borg", None), ("Yuki Arai", None)]),
    ]


def test_a_long_sentence_addressed_to_the_reader_is_no_paper_title() -> None:
    # "We suggest that …, 12 Quay St, Porto 4050." after the program: one long sentence with an
    # address's commas, yet written to the reader (we, you, please), so a note, not a paper.
    program = parse(
        "Friday, 7 March 2025\n"
        "14:00 - 15:00 Panel 2\n"
        "\n"
        "Mirela Tavares and Oskar Lund, “Ledgers of the Harbour Guild”\n"
        "Travel and rooms\n"
        "\n"
        "We suggest that visitors who want a room near the venue stay at the Quay Lodge in the old"
        " town, 12 Quay St, Porto 4050.\n"
    )
    assert [p[0] for p in papers(program)] == ["Ledgers of the Harbour Guild"]


def test_facilitators_in_a_rows_presenter_cell_are_the_items_chairs() -> None:
    # "Facilitators: A and B" where a table prints each row's presenters: the people who lead a
    # discussion, as a moderator does, not the speakers of a talk.
    program = parse(
        "Day 1 - 3rd March 2019\n"
        "Time\tTitle\tPresenter\n"
        "9:00 – 9:30\tSoil carbon stocks under grazing\tMia Long\n"
        "10:00 – 11:00\tOpen forum on farm trials\tFacilitators: Pia Kerr and Tom Vane\n"
    )
    forum = program.sessions[-1]
    assert forum.title == "Open forum on farm trials"
    assert [c.name for c in forum.chairs] == ["Pia Kerr", "Tom Vane"]
    assert not forum.papers


def test_a_talk_whose_presenter_cell_is_tba_is_still_a_talk() -> None:
    # "Time | Title | Presenter" with "TBA" in the presenter column: the talk is announced, its
    # speaker not yet; it is a talk without speakers, not a program item of no kind.
    program = parse(
        "Day 2 - 4th March 2019\n"
        "Time\tTitle\tPresenter\n"
        "9:00 – 9:40\tWater budgets of irrigated orchards\tLena Holt\n"
        "10:00 – 10:40\tSampling weeds in wheat stubble\tTBA\n"
    )
    assert papers(program) == [
        ("Water budgets of irrigated orchards", [("Lena Holt", None)]),
        ("Sampling weeds in wheat stubble", []),
    ]


def test_a_welcome_with_its_announcements_is_a_hosted_opening_not_a_talk() -> None:
    # "Welcome and announcements | Organisers": the notices that come with a welcome do not
    # make it a talk of whoever is named beside it.
    assert is_ceremony("Welcome and announcements")
    assert is_ceremony("Welcome & housekeeping")
    assert not is_ceremony("Announcements")
    program = parse(
        "Thursday, 12 March 2026\n"
        "08:45 - 09:00\tWelcome and announcements\tOrganisers\n"
        "09:00 - 09:30\tCatalyst screening at scale\tMarta Lindqvist\n"
        "09:30 - 10:00\tSolvent effects on crystal habit\tOwen Farrow\n"
    )
    assert [p.title for p in program.sessions[0].papers] == []
    assert ("Catalyst screening at scale", [("Marta Lindqvist", None)]) in papers(program)


def test_two_talks_still_titled_tbc_are_not_one_item_listed_twice() -> None:
    # "TBC" names no item yet: an untitled slot without a speaker is no overview entry of a
    # later untitled talk, and both stay in the program.
    program = parse(
        "Thursday, 12 March 2026\n"
        "Time\tTitle\tSpeaker\n"
        "09:30 - 10:00\tCatalyst screening at scale\tMarta Lindqvist\n"
        "10:00 - 10:30\tTBC\tTBC\n"
        "10:30 - 11:00\tSurface chemistry of layered oxides\tRuth Okafor\n"
        "11:00 - 11:30\tTBC\tDaniel Ferreira\n"
        "11:30 - 12:00\tSolvent effects on crystal habit\tOwen Farrow\n"
    )
    starts = [s.start.strftime("%H:%M") for s in program.sessions if s.start]
    assert starts == ["09:30", "10:00", "10:30", "11:00", "11:30"]


def test_a_table_cell_broken_mid_phrase_by_a_line_break_stays_one_title() -> None:
    # `<td>… in thin layers<br>of doped perovskite films</td>`: the copied row breaks inside
    # its title cell, the rest of the title going on with a preposition beside the next cell.
    program = parse(
        "Thursday, 12 March 2026\n"
        "Time\tTitle\tSpeaker\n"
        "09:30 - 10:00\tCatalyst screening at scale\tMarta Lindqvist\n"
        "10:00 - 10:30\tCharge transport in thin layers\n"
        "of doped perovskite films\tRuth Okafor\n"
        "10:30 - 11:00\tSolvent effects on crystal habit\tOwen Farrow\n"
        "11:00 - 11:30\tSurface chemistry of layered oxides\tDaniel Ferreira\n"
    )
    assert (
        "Charge transport in thin layers of doped perovskite films",
        [("Ruth Okafor", None)],
    ) in papers(program)


def test_a_page_table_cell_broken_mid_phrase_by_a_br_keeps_its_title_on_the_row() -> None:
    # The page reader puts a cell's later lines after its row (authors under a title); the
    # rest of a title a `<br>` broke off before "of" stays on the title's line.
    text = html_to_text(
        "<table><tr><th>Time</th><th>Title</th><th>Speaker</th></tr>"
        "<tr><td>10:00 - 10:30</td><td><em>Charge transport in thin layers<br>of doped"
        " perovskite films</em></td><td>Ruth Okafor</td></tr>"
        "<tr><td>10:30 - 11:00</td><td><em>Catalysts<br>Marta Lindqvist</em></td><td></td></tr>"
        "</table>"
    )
    lines = [line for line in text.splitlines() if line.strip()]
    assert (
        "10:00 - 10:30\tCharge transport in thin layers of doped perovskite films\tRuth Okafor"
        in (lines)
    )
    assert "Marta Lindqvist" in lines


def test_a_talk_slot_whose_talk_is_not_named_yet_is_a_talk() -> None:
    # "10:20 - 10:40 | Contributed talk |": a slot kept for a talk still to be chosen is on
    # the program as a talk (attendees ask what is on), not an item of no kind.
    program = parse(
        "Friday, 14 March 2025\n"
        "Time\tTitle\tPresenter\n"
        "09:30 - 10:20\tSampling designs for field trials\tMarta Lindqvist\n"
        "10:20 - 10:40\tContributed talk\t\n"
        "10:40 - 11:00\tLightning talk 2\t\n"
        "11:00 - 11:30\tMorning tea\t\n"
        "11:30 - 12:10\tContributed talks\t\n"
    )
    assert [s.kind for s in program.sessions] == [
        SessionKind.PAPERS,
        SessionKind.PAPERS,
        SessionKind.PAPERS,
        SessionKind.BREAK,
        SessionKind.OTHER,
    ]
    assert [p.title for p in program.sessions[1].papers] == ["Contributed talk"]
    assert program.sessions[2].papers[0].authors == ()
    assert program.sessions[4].papers == ()


@pytest.mark.parametrize("title", ["Talk", "Presentation", "Palestra", "Invited talk", "Posters"])
def test_a_bare_word_for_a_talk_is_no_slot_of_one(title: str) -> None:
    # "Presentation" alone may name an item or a topic; it needs a qualifier or a number.
    assert not is_talk_slot(title)


def test_a_program_laid_out_in_columns_by_spaces_reads_as_one_with_cells() -> None:
    # A plain-text program (or a PDF's copy) parts its columns by runs of spaces, not TABs.
    aligned = (
        "Friday, 14 March 2025\n"
        "Time            Title                                   Speaker\n"
        "09:30 - 10:00   Sampling designs for field trials       Marta Lindqvist\n"
        "10:00 - 10:30   Ranked sets in soil surveys             Ruth Okafor, Owen Farrow\n"
        "10:30 - 11:00   Coffee break\n"
        "11:00 - 11:30   Design-based inference in forestry      Daniel Ferreira\n"
    )
    tabbed = parse(re.sub(r" {3,}", "\t", aligned))
    program = parse(aligned)
    assert papers(program) == papers(tabbed)
    assert (
        "Ranked sets in soil surveys",
        [("Ruth Okafor", None), ("Owen Farrow", None)],
    ) in papers(program)


def test_a_stray_wide_space_in_a_title_parts_no_cells() -> None:
    lines = ["Sampling   designs for field trials", "Marta Lindqvist", "", "Other talk", "Ana Li"]
    assert lexer.space_aligned_cells(lines) == lines


def test_an_indented_row_of_a_space_aligned_program_has_empty_first_cells() -> None:
    # Under a session's time, its talks' rows are indented: their time cells are empty.
    aligned = (
        "Friday, 14 March 2025\n"
        "09:30 - 10:30   Session 1: Field sampling\n"
        "                Sampling designs for field trials    Marta Lindqvist\n"
        "                Ranked sets in soil surveys          Ruth Okafor\n"
        "10:30 - 11:00   Coffee break\n"
        "11:00 - 12:00   Session 2: Inference\n"
        "                Design-based inference in forestry   Daniel Ferreira\n"
    )
    cells = lexer.space_aligned_cells(aligned.splitlines())
    assert cells[2] == "\tSampling designs for field trials\tMarta Lindqvist"
    program = parse(aligned)
    assert papers(program) == papers(parse(re.sub(r" {3,}", "\t", aligned)))
    assert [(s.title, len(s.papers)) for s in program.sessions if s.papers] == [
        ("Field sampling", 2),
        ("Inference", 1),
    ]


def test_bare_talk_times_under_a_header_printed_without_a_time_are_the_talks_own() -> None:
    # Each talk's time on a line of its own, its authors and title on the line below.
    program = parse(
        "Friday, 14 March 2025\n"
        "Session 2\n"
        "Chair: Ruth Okafor, Aalto University\n"
        "11:00 — 11:20\n"
        "Marta Lindqvist and Owen Farrow. Drawing Trees with Few Bends\n"
        "11:20 — 11:40\n"
        "Daniel Ferreira, Ana Silva, and Bo Li. Crossing Numbers of Sparse Graphs\n"
        "11:40 — 12:00\n"
        "Kim Nguyen. Layered Drawings in Practice\n"
        "12:00 — 13:30\n"
        "Lunch\n"
        "Session 3\n"
        "Chair: Owen Farrow, Aalto University\n"
        "13:30 — 13:50\n"
        "Ruth Okafor and Ana Silva. Planar Graphs with Curved Edges\n"
        "13:50 — 14:10\n"
        "Bo Li, Kim Nguyen, and Daniel Ferreira. Storyline Drawings\n"
    )
    sessions = [s for s in program.sessions if s.papers]
    assert [len(s.papers) for s in sessions] == [3, 2]
    assert [p.title for p in sessions[0].papers] == [
        "Drawing Trees with Few Bends",
        "Crossing Numbers of Sparse Graphs",
        "Layered Drawings in Practice",
    ]
    assert [p.start.strftime("%H:%M") for p in sessions[0].papers if p.start] == [
        "11:00",
        "11:20",
        "11:40",
    ]
    assert sessions[0].start is not None
    assert sessions[0].start.strftime("%H:%M") == "11:00"
    assert [c.name for c in sessions[0].chairs] == ["Ruth Okafor"]


def test_a_time_slot_column_heads_a_table() -> None:
    # "Time Slot | Presenter | Title": the header names the slot column in two words; it is a
    # table's header, not an item.
    assert classify(3, "Time Slot\tPresenter\tTitle").kind is LineKind.TABLE_HEADER
    assert classify(3, "Time slots\tSpeaker\tTalk").kind is LineKind.TABLE_HEADER


def test_a_link_to_the_presentation_is_a_link_not_a_title() -> None:
    # A button cell "link to presentation" (and "link to presentation (1)" when a talk has two)
    # after a talk's title names its material; the row's talk is a paper of the session above.
    assert classify(5, "link to presentation").kind is LineKind.LINK
    assert classify(5, "Link to the slides (2)").kind is LineKind.LINK
    program = parse(
        "Monday, May 4, 2026\n"
        "Time\tPresenter\tTitle\n"
        "Session 1\tTidal Heating of Close Binaries\n"
        "09:00-09:15\tNora Kemp\tOrbital decay of hot subdwarfs\tlink to presentation\n"
        "09:15-09:30\tIvo Brandt\tRotation periods of young clusters\tlink to presentation\n"
        "09:30-09:45\tLise Aubert\tFlares on ultracool dwarfs\t\n"
    )
    assert papers(program) == [
        ("Orbital decay of hot subdwarfs", [("Nora Kemp", None)]),
        ("Rotation periods of young clusters", [("Ivo Brandt", None)]),
        ("Flares on ultracool dwarfs", [("Lise Aubert", None)]),
    ]


def test_a_name_marked_chair_in_a_session_header_row_is_its_chair() -> None:
    # "Session 2 | Nora Kemp (Chair) | Tidal Heating": the header row's presenter column names
    # the session's chair, marked so in parentheses after the name.
    program = parse(
        "Monday, May 4, 2026\n"
        "Time\tPresenter\tTitle\n"
        "Session 2\tNora Kemp (Chair)\tTidal Heating of Close Binaries\n"
        "10:30-10:45\tIvo Brandt\tRotation periods of young clusters\n"
        "10:45-11:00\tLise Aubert\tFlares on ultracool dwarfs\n"
        "Session 3\tTom Reyes and Ada Vos (Co-chairs)\tStellar Winds\n"
        "11:30-11:45\tMila Horn\tMass loss of red supergiants\n"
    )
    assert [[c.name for c in s.chairs] for s in program.sessions] == [
        ["Nora Kemp"],
        ["Tom Reyes", "Ada Vos"],
    ]


def test_a_welcome_row_opening_a_header_session_is_its_note_not_a_paper() -> None:
    # "Session 1 | Chair" then "09:00-09:10 | Organisers | Welcome to Leiden & Logistics": the
    # hosted welcome to the place that opens the session, before its talks, is no paper.
    assert is_ceremony("Welcome to Leiden & Logistics")
    assert is_ceremony("Welcome to Santa Cruz")
    assert not is_ceremony("Welcome to the Jungle: Wild Data in Practice")
    program = parse(
        "Monday, May 4, 2026\n"
        "Time\tPresenter\tTitle\n"
        "Session 1\tNora Kemp (Chair)\tMission Updates\n"
        "09:00-09:10\tOrganisers\tWelcome to Leiden & Logistics\t\n"
        "09:10-09:30\tIvo Brandt\tRotation periods of young clusters\tlink to presentation\n"
        "09:30-09:45\tLise Aubert\tFlares on ultracool dwarfs\tlink to presentation\n"
    )
    assert papers(program) == [
        ("Rotation periods of young clusters", [("Ivo Brandt", None)]),
        ("Flares on ultracool dwarfs", [("Lise Aubert", None)]),
    ]
    assert program.sessions[0].start is not None
    assert program.sessions[0].start.strftime("%H:%M") == "09:00"


def test_a_bare_session_label_takes_the_topic_printed_beside_it_as_its_title() -> None:
    # "Session 2 | Nora Kemp (Chair) | Tidal Heating of Close Binaries": the row's first cell
    # only numbers the session; the topic in its last cell is what the session is called.
    program = parse(
        "Monday, May 4, 2026\n"
        "Time\tPresenter\tTitle\n"
        "Session 2\tNora Kemp (Chair)\tTidal Heating of Close Binaries\n"
        "10:30-10:45\tIvo Brandt\tRotation periods of young clusters\n"
        "10:45-11:00\tLise Aubert\tFlares on ultracool dwarfs\n"
    )
    assert [s.title for s in program.sessions] == ["Tidal Heating of Close Binaries"]
    assert "Session 2" in program.sessions[0].notes


def test_an_icon_legend_whose_icon_the_copy_dropped_is_no_paper() -> None:
    # `<p><i class="fa-user"></i>: 発表者</p>` over a session's talks: the icon's legend ("the
    # person icon marks the presenter") keeps only its colon and word once the icon is gone.
    page = (
        "<html><body><h1>3月14日（木）</h1>"
        "<h2>10:00 - 11:00 セッション1: 計測</h2>"
        "<p>座長: 高橋一郎</p>"
        '<p><i class="fas fa-user"></i>: 発表者</p>'
        "<ol><li>歩行センサの較正手法<br /><i class='fas fa-user'></i>"
        "山田花子(東北大), 佐藤健(東北大)</li>"
        "<li>睡眠記録の可視化<br /><i class='fas fa-user'></i>鈴木 誠(名古屋大)</li></ol>"
        "</body></html>"
    )
    expected = [
        ("歩行センサの較正手法", [("山田花子", "東北大"), ("佐藤健", "東北大")]),
        ("睡眠記録の可視化", [("鈴木 誠", "名古屋大")]),
    ]
    assert papers(parse_program(page, UTC)) == expected
    assert papers(parse(html_to_text(page))) == expected
    assert classify(1, ": Presenter").kind is LineKind.JUNK


@pytest.mark.parametrize(
    "line",
    [
        "2018年 12月21日(金) - 22日(土)",
        "2023年9月5日（火）〜7日（木）",
        "2024년 5월 9일(목) ~ 10일(금)",
    ],
)
def test_an_east_asian_range_of_days_is_the_event_dates_not_a_day_header(line: str) -> None:
    # A site banner prints the event's dates as one range: the program's days come later,
    # and the banner's venue, address and menu lines below it are no papers of a first day.
    assert parse_day_header(line) is None
    program = parse(
        "Wearable Sensing Workshop\n"
        f"{line}\n"
        "@市民会館\n"
        "〒650-0001 神戸市中央区1番地\n"
        "Home\nAccess\nRegistration\nProgram\n"
        "12月21日（金）\n"
        "10:00 - 11:00 セッション1: 計測\n"
        "座長: 高橋一郎\n"
        "歩行センサの較正手法\n"
        "山田花子(東北大), 佐藤健(東北大)\n"
        "睡眠記録の可視化\n"
        "鈴木 誠(名古屋大)\n"
    )
    assert [title for title, _ in papers(program)] == ["歩行センサの較正手法", "睡眠記録の可視化"]


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("オープニング", SessionKind.PLENARY),
        ("クロージング", SessionKind.PLENARY),
        ("開会式", SessionKind.PLENARY),
        ("閉会の挨拶", SessionKind.PLENARY),
        ("开幕式", SessionKind.PLENARY),
        ("폐회식", SessionKind.PLENARY),
        ("懇親会", SessionKind.SOCIAL),
        ("交流会", SessionKind.SOCIAL),
        ("欢迎晚宴", SessionKind.SOCIAL),
        ("만찬", SessionKind.SOCIAL),
    ],
)
def test_east_asian_openings_closings_and_socials_are_named_so(
    title: str, kind: SessionKind
) -> None:
    # Japanese, Chinese and Korean have no spaces between words: the words are found inside
    # longer titles ("開会式", "閉会の挨拶") as the other East Asian kind words are.
    assert classify_kind(title, paper_count=0) is kind


def test_an_item_after_one_that_ran_to_midnight_starts_the_next_morning() -> None:
    # "21:00 - 00:00" then "00:00 - 04:00" under one day's heading: the night goes on past
    # midnight, so the later item is on the next date (its day stays the printed one).
    program = parse(
        "Friday, 21 November 2025\n"
        "18:00 - 20:00 Dinner\n"
        "21:00 - 00:00 Night discussion 1\n"
        "00:00 - 03:00 Night discussion 2\n"
        "Saturday, 22 November 2025\n"
        "09:00 - 10:00 Session 5: Sensing\n"
        "A sensing glove\n"
        "Bo Chen (Kobe University)\n"
    )
    starts = {s.title: (s.day, s.start, s.end) for s in program.sessions}
    day, start, end = starts["Night discussion 2"]
    assert day == date(2025, 11, 21)
    assert start is not None
    assert end is not None
    assert (f"{start:%Y-%m-%d %H:%M}", f"{end:%Y-%m-%d %H:%M}") == (
        "2025-11-22 00:00",
        "2025-11-22 03:00",
    )
    _, first_start, _ = starts["Night discussion 1"]
    assert first_start is not None
    assert f"{first_start:%Y-%m-%d %H:%M}" == "2025-11-21 21:00"


# A table whose every row repeats its session's code: `4B | 09:00 | Title | A; B`, under a
# full-width row `4B Soil Moisture. Chair: Name` that opens the session.
_CODED_ROWS_PAGE = (
    "Wednesday 13th September 2023\n"
    "Session\tPaper Title\tAuthors\n"
    "4B Soil Moisture. Chair: Petra Holmgren\n"
    "4B\t09:00\t{cell}Mapping dune migration from satellite archives{cell}Annika Berglund;"
    " Tomas Lindqvist\n"
    "4B\t09:15\t{cell}Rainfall interpolation in mountain valleys{cell}Ola Strandberg\n"
    "4B\t09:30\t{cell}Groundwater recharge under irrigated fields{cell}Mirela Vasic; Jonas"
    " Ekholm; Sara Nyqvist\n"
    "4C Urban Heat. Chair: Ivo Sandberg\n"
    "4C\t09:00\t{cell}Street canyons and night-time cooling{cell}Liam Forsberg\n"
    "4C\t09:20\t{cell}Tree cover and pavement temperature{cell}Nora Hallberg; Emil Dahl\n"
)


def _coded_rows_sessions(text: str) -> list[tuple[str | None, list[tuple[str, str, list[str]]]]]:
    program = parse(text)
    return [
        (
            s.start.strftime("%H:%M") if s.start else None,
            [
                (p.title, p.start.strftime("%H:%M") if p.start else "", [a.name for a in p.authors])
                for p in s.papers
            ],
        )
        for s in program.sessions
        if s.papers
    ]


_CODED_ROWS_WANTED = [
    (
        "09:00",
        [
            (
                "Mapping dune migration from satellite archives",
                "09:00",
                ["Annika Berglund", "Tomas Lindqvist"],
            ),
            ("Rainfall interpolation in mountain valleys", "09:15", ["Ola Strandberg"]),
            (
                "Groundwater recharge under irrigated fields",
                "09:30",
                ["Mirela Vasic", "Jonas Ekholm", "Sara Nyqvist"],
            ),
        ],
    ),
    (
        "09:00",
        [
            ("Street canyons and night-time cooling", "09:00", ["Liam Forsberg"]),
            ("Tree cover and pavement temperature", "09:20", ["Nora Hallberg", "Emil Dahl"]),
        ],
    ),
]


def test_a_row_repeating_its_sessions_code_is_a_paper_of_that_session() -> None:
    # The page reader's rows: code, time, title and authors in cells of one line.
    text = _CODED_ROWS_PAGE.format(cell="\t")
    assert _coded_rows_sessions(text) == _CODED_ROWS_WANTED


def test_a_copied_row_repeating_its_sessions_code_is_a_paper_of_that_session() -> None:
    # A browser's copy of the same rows, each title a paragraph in its cell: `4B<TAB>09:00<TAB>`
    # / title / `<TAB>A; B`.
    text = _CODED_ROWS_PAGE.format(cell="\n\n").replace("\n\n", "\n\n", 1)
    text = text.replace("\n\nAnnika", "\n\n\tAnnika")
    for name in ("Ola", "Mirela", "Liam", "Nora"):
        text = text.replace("\n\n" + name, "\n\n\t" + name)
    assert _coded_rows_sessions(text) == _CODED_ROWS_WANTED


def test_a_sign_a_legend_explains_is_not_part_of_the_titles_it_ends() -> None:
    # "Papers marked with * are long papers.": the sign glued to some titles is that mark.
    text = "Papers marked with * are long papers.\n" + _CODED_ROWS_PAGE.format(cell="\t").replace(
        "archives\t", "archives*\t"
    ).replace("cooling\t", "cooling *\t")
    titles = [title for title, _ in papers(parse(text))]
    assert "Mapping dune migration from satellite archives" in titles
    assert "Street canyons and night-time cooling" in titles
    assert "Rainfall interpolation in mountain valleys" in titles


def test_a_page_section_heading_after_the_last_authors_is_not_their_workplace() -> None:
    # The program ends with its last author line, then the page's `Sponsors` heading.
    program = parse(
        "Wednesday 13th September 2023\n"
        "Session\tPaper Title\tAuthors\n"
        "4C Urban Heat. Chair: Ivo Sandberg\n"
        "4C\t09:00\tStreet canyons and night-time cooling\tLiam Forsberg; Nora Hallberg\n"
        "4C\t09:20\tTree cover and pavement temperature\n"
        "\tEmil Dahl\n"
        "Sponsors\n"
    )
    assert ("Tree cover and pavement temperature", [("Emil Dahl", None)]) in papers(program)


def test_untimed_speaker_colon_title_bullets_under_timed_session_headings() -> None:
    # `<h2>Morning Session 1: 9:00 - 10:30</h2>` over bullets `Speaker: Title`: the talks
    # carry no time of their own, so the page's `Name: Title` shape shows only in its
    # untimed lines; a bare name before the colon is then the talk's speaker.
    program = parse(
        "June 4, 2013\n"
        "Morning Session 1: 9:00 - 10:30\n"
        "Helen Marwick: Slow waves and the sleeping cortex\n"
        "Tobias Lindgren: Phase coding in the entorhinal grid\n"
        "Coffee Break: 10:30 - 11:00\n"
        "Morning Session 2: 11:00 - 12:30\n"
        "Marta Okonkwo: Thalamic gating of sensory rhythms\n"
        "Peter Vance: Beta bursts during motor preparation\n"
    )
    assert ("Slow waves and the sleeping cortex", [("Helen Marwick", None)]) in papers(program)
    assert ("Beta bursts during motor preparation", [("Peter Vance", None)]) in papers(program)
    sessions = {s.title: [p.title for p in s.papers] for s in program.sessions}
    assert sessions["Morning Session 2"] == [
        "Thalamic gating of sensory rhythms",
        "Beta bursts during motor preparation",
    ]


def test_speaker_colon_title_lines_with_names_printed_surname_first() -> None:
    # A poster list of `Surname, Given: Title` bullets: initials after the given name, two
    # presenters joined by a slash, a surname that is also a word for a room; each name is
    # kept as printed.
    program = parse(
        "June 4, 2013\n"
        "Morning Session 1: 9:00 - 10:30\n"
        "Helen Marwick: Slow waves and the sleeping cortex\n"
        "Tobias Lindgren: Phase coding in the entorhinal grid\n"
        "Posters: 10:30 - 12:00\n"
        "Okafor, Ruth: Spindle density and overnight memory\n"
        "Brennan, Carl T.: Alpha power under divided attention\n"
        "Hall, Mei-Lin: Gamma bursts in the ageing hippocampus\n"
        "Ortiz, Ana/Novak, J.P.: Theta resonance in a network model\n"
    )
    found = papers(program)
    assert ("Alpha power under divided attention", [("Brennan, Carl T.", None)]) in found
    assert ("Gamma bursts in the ageing hippocampus", [("Hall, Mei-Lin", None)]) in found
    assert (
        "Theta resonance in a network model",
        [("Ortiz, Ana", None), ("Novak, J.P.", None)],
    ) in found


def test_headings_over_speaker_colon_title_lines_open_their_sessions() -> None:
    # `Poster Session 1 (… through Lunch)` / `Sleep` / `Okafor, Ruth: Title`: on a page of
    # `Speaker: Title` talks, the lines over a run of them head it (the outer one, with
    # nothing under it, its track), and no heading becomes a talk; a `15 min break` among
    # the talks stays out of them.
    program = parse(
        "June 4, 2013\n"
        "Morning Session 1: 9:00 - 10:30\n"
        "Helen Marwick: Slow waves and the sleeping cortex\n"
        "15 min break\n"
        "Tobias Lindgren: Phase coding in the entorhinal grid\n"
        "Peter Vance: Beta bursts during motor preparation\n"
        "\n"
        "Poster Session 1 (Tuesday Morning through Lunch)\n"
        "Sleep and memory\n"
        "Okafor, Ruth: Spindle density and overnight memory\n"
        "Brennan, Carl: Alpha power under divided attention\n"
        "Gamma\n"
        "Hall, Mei-Lin: Gamma bursts in the ageing hippocampus\n"
    )
    sessions = {s.title: [p.title for p in s.papers] for s in program.sessions}
    assert sessions["Morning Session 1"] == [
        "Slow waves and the sleeping cortex",
        "Phase coding in the entorhinal grid",
        "Beta bursts during motor preparation",
    ]
    assert sessions["Sleep and memory"] == [
        "Spindle density and overnight memory",
        "Alpha power under divided attention",
    ]
    assert sessions["Gamma"] == ["Gamma bursts in the ageing hippocampus"]
    tracks = [s.track for s in program.sessions if s.title == "Sleep and memory"]
    assert tracks == ["Poster Session 1 (Tuesday Morning through Lunch)"]


def test_among_speaker_colon_titles_a_name_then_tba_and_a_title_shaped_like_names() -> None:
    # `Liam Paninski TBA`: a talk whose title is not given yet; `Earl Miller: Brain Rhythms
    # and Executive Control`: a title of capitalised word pairs, none a given name.
    program = parse(
        "June 4, 2013\n"
        "Morning Session 1: 9:00 - 10:30\n"
        "Helen Marwick: Slow waves and the sleeping cortex\n"
        "Tobias Lindgren: Phase coding in the entorhinal grid\n"
        "Peter Vance: Beta bursts during motor preparation\n"
        "Morning Session 2: 11:00 - 12:30\n"
        "Marta Okonkwo: Cortical Rhythms and Working Memory\n"
        "Simon Reyes TBA\n"
    )
    found = papers(program)
    assert ("Cortical Rhythms and Working Memory", [("Marta Okonkwo", None)]) in found
    assert ("TBA", [("Simon Reyes", None)]) in found


def test_an_addressed_speaker_before_a_dash_and_a_state_code_drops_the_address() -> None:
    # `Dra. Name - MG` (a Brazilian page: the speaker's state after a spaced dash): how the
    # person is addressed is no part of the name, as in `Dra. Name` alone.
    assert parse_author_line("Dra. Helena Cardoso Vieira - MG").authors == (
        Person("Helena Cardoso Vieira", "MG"),
    )
    assert parse_author_line("Dr. Tomas Ferreira – Lund University").authors == (
        Person("Tomas Ferreira", "Lund University"),
    )


def test_a_two_digit_hour_alone_on_its_line_is_a_clock_not_a_length() -> None:
    # `08h` / `10h30` / `12h` down a Portuguese timetable's first column: a whole hour printed
    # with two digits is when the item starts; a length is printed `1h` or `1h30`.
    program = parse(
        "Sexta-feira, 14 de março de 2025\n"
        "08h\t\n\nPanorama das doenças respiratórias\n\nDr. Renato Alves - SP\n\n"
        "10h30\t\n\nVacinação em adultos\n\nDra. Luísa Torres - RJ\n\n"
        "12h\t\n\nTerapia inalatória na infância\n\nDr. Paulo Meireles - MG\n"
    )
    starts = [s.start.strftime("%H:%M") for s in program.sessions if s.start]
    assert starts == ["08:00", "10:30", "12:00"]


@pytest.mark.parametrize("label", ["Presidente Mesa", "Pres. Mesa", "Coord. Mesa"])
def test_the_chair_of_a_lecture_printed_under_its_speaker_as_mesa(label: str) -> None:
    # `Presidente Mesa:`, `Pres. Mesa:`, `Coord. Mesa:` (who presides over or coordinates the
    # table, as Brazilian programs shorten it) on the line under a lecture's speaker: its chair,
    # not the title of a talk.
    program = parse(
        "Sexta-feira, 14 de março de 2025\n"
        "15h30\t\n\nAsma grave na adolescência\n"
        f"Dr. Renato Alves - SP\n{label}: Dra. Luísa Torres - RJ\n\n\n"
        "16h30\t\nIntervalo\n"
    )
    lecture = program.sessions[0]
    assert [p.title for p in lecture.papers] == ["Asma grave na adolescência"]
    assert [c.name for c in lecture.chairs] == ["Luísa Torres"]


def test_the_start_after_a_chaired_lecture_and_its_speaker_opens_the_next_lecture() -> None:
    # `14h30` / title / `Dr. Name - SP` / `Coord. Mesa: X`, then `15h30` / title / speaker:
    # a lecture printed with its speaker holds no more talks, so the next start is the next
    # item's, not a talk of the first.
    program = parse(
        "Sexta-feira, 14 de março de 2025\n"
        "14h30\t\n\nAsma grave na adolescência\nDr. Renato Alves - SP\n"
        "Coord. Mesa: Dra. Luísa Torres\n\n\n\n"
        "15h30\t\n\nVacinação em adultos\nDr. Paulo Meireles - MG\n"
        "Presidente: Luísa Torres\n\n\n\n"
        "16h30\t\nIntervalo\n"
    )
    starts = [s.start.strftime("%H:%M") for s in program.sessions if s.start]
    assert starts == ["14:30", "15:30", "16:30"]
    assert ("Vacinação em adultos", [("Paulo Meireles", "MG")]) in papers(program)


def test_an_addressed_speaker_before_a_dash_and_a_country_is_from_that_country() -> None:
    # `Dr. Name - Portugal` among `Dr. Name - MG` lines: after a person addressed as Dr, a
    # spaced dash parts them from where they come from, an institution or not.
    assert parse_author_line("Dr. Tiago Fonseca - Portugal").authors == (
        Person("Tiago Fonseca", "Portugal"),
    )


def test_an_addressed_speaker_then_a_state_code_without_a_dash() -> None:
    # `Dr. Name  RJ` beside `Dr. Name - MG`: the dash left out, the capitals closing the line
    # after a person addressed as Dr still say where they come from.
    assert parse_author_line("Dr. Otávio L. Mendes  RJ").authors == (
        Person("Otávio L. Mendes", "RJ"),
    )
    assert parse_author_line("Dra. Beatriz Lacerda Filha MG").authors == (
        Person("Beatriz Lacerda Filha", "MG"),
    )


def test_an_addressed_speaker_with_a_name_particle_before_a_dash_and_a_state() -> None:
    # `Dra. Name de Surname - MG`: after an address, a name with a lowercase particle is
    # still a person, the state after the dash where they come from.
    assert parse_author_line("Dra. Helena Prado de Lima - MG").authors == (
        Person("Helena Prado de Lima", "MG"),
    )


def test_a_chaired_round_table_without_a_title_opens_with_its_first_talk() -> None:
    # `10h45` / `Coord. Mesa: X` / title / `Dra. Name - MG` / title / … : a table printed
    # without a title of its own, its chair first; the first title is a talk, not the
    # table's title, and its speaker that talk's.
    program = parse(
        "Sexta-feira, 14 de março de 2025\n"
        "10h45\t\n\nCoord. Mesa: Dra. Luísa Torres - MG\n\n\n\n\n"
        "Asma grave na adolescência\nDra. Carla Mendes - MG\n\n\n\n\n"
        "Vacinação em adultos\nDr. Paulo Meireles - SP\n\n\n\n"
        "12h30\t\nAlmoço\n"
    )
    table = program.sessions[0]
    assert [c.name for c in table.chairs] == ["Luísa Torres"]
    assert [(p.title, [a.name for a in p.authors]) for p in table.papers] == [
        ("Asma grave na adolescência", ["Carla Mendes"]),
        ("Vacinação em adultos", ["Paulo Meireles"]),
    ]


def test_timed_talks_printed_speaker_first_with_one_speaker_each() -> None:
    # `09:15 - 09:30 Name Surname. Title` under a `Contributed talks` slot, every talk given
    # by one person: the page prints its speakers first, so a lone name before the first
    # full stop is the speaker, not the title's opening words.
    program = parse(
        "Day 1 (March 12)\n"
        "09:00 - 10:00 Contributed talks\n"
        "09:00 - 09:20 Marta Lindqvist. Column generation for crew rostering\n"
        "09:20 - 09:40 Owen Farrow. A branch-and-price method for vehicle routing\n"
        "09:40 - 10:00 Ruth Okafor. Robust inventory control: a data-driven view\n"
        "10:00 - 10:30 Coffee break\n"
    )
    assert papers(program) == [
        ("Column generation for crew rostering", [("Marta Lindqvist", None)]),
        ("A branch-and-price method for vehicle routing", [("Owen Farrow", None)]),
        ("Robust inventory control: a data-driven view", [("Ruth Okafor", None)]),
    ]


def test_invited_talk_by_a_speaker_and_workplace_then_a_full_stop_and_its_title() -> None:
    # `**Invited talk** by [Name](url), Workplace. Title`: who gives the talk and where they
    # work, a full stop, then the talk's title; the item is the invited talk.
    program = parse(
        "Day 1 (March 12)\n"
        "14:00 - 15:00 Invited talk by Hanna Berg, Nordic School of Management. Pricing with"
        " limited attention\n"
        "15:00 - 15:30 Coffee break\n"
    )
    assert program.sessions[0].title == "Invited talk"
    assert papers(program)[0] == (
        "Pricing with limited attention",
        [("Hanna Berg", "Nordic School of Management")],
    )


def test_a_sponsored_talk_remark_after_a_title_is_a_mark() -> None:
    # `Title (Acme sponsored talk)`: who sponsors the talk, not words of its title.
    program = parse(
        "Day 1 (March 12)\n"
        "09:00 - 10:00 Contributed talks\n"
        "09:00 - 09:20 Marta Lindqvist. Column generation for crew rostering\n"
        "09:20 - 09:40 Owen Farrow. Lot sizing under demand shocks (Acme sponsored talk)\n"
        "09:40 - 10:00 Ruth Okafor. Robust inventory control: a data-driven view\n"
    )
    assert ("Lot sizing under demand shocks", [("Owen Farrow", None)]) in papers(program)


def test_the_last_talk_of_a_session_running_past_its_printed_end_stays_in_it() -> None:
    # `09:20 - 10:30 Contributed talks`, then talks to `10:20 - 10:35 Name. Title`: a talk that
    # starts inside the session's slot and reads as a talk (its speaker and title) is the
    # session's last, though the page's times overrun the slot.
    program = parse(
        "Day 1 (March 12)\n"
        "09:20 - 10:30 Contributed talks\n"
        "09:20 - 09:50 Marta Lindqvist. Column generation for crew rostering\n"
        "09:50 - 10:20 Owen Farrow. A branch-and-price method for vehicle routing\n"
        "10:20 - 10:35 Ruth Okafor. Robust inventory control: a data-driven view\n"
        "10:40 - 11:10 Coffee break\n"
    )
    assert [s.title for s in program.sessions] == ["Contributed talks", "Coffee break"]
    assert [p.title for p in program.sessions[0].papers][-1] == (
        "Robust inventory control: a data-driven view"
    )


def test_a_bare_time_over_two_one_line_papers_is_their_sessions() -> None:
    program = parse(
        "Friday, 14 March 2025\n"
        "Session 1: Storage\n"
        "Chair: Ruth Okafor, Aalto University\n"
        "10:00 — 11:00\n"
        "Marta Lindqvist and Owen Farrow. Drawing Trees with Few Bends\n"
        "Kim Nguyen and Bo Li. Layered Drawings in Practice\n"
        "11:00 — 11:30\n"
        "Coffee break\n"
    )
    [session] = [s for s in program.sessions if s.papers]
    assert [p.title for p in session.papers] == [
        "Drawing Trees with Few Bends",
        "Layered Drawings in Practice",
    ]
    assert [p.start for p in session.papers] == [None, None]
    assert session.start is not None
    assert session.start.strftime("%H:%M") == "10:00"


def test_a_space_aligned_range_padded_round_its_dash_stays_one_time() -> None:
    lines = [
        "09:30    -    10:00    Sampling designs for field trials    Marta Lindqvist",
        "10:00    -    10:30    Ranked sets in soil surveys          Ruth Okafor",
        "10:30    -    11:00    Design-based inference               Owen Farrow",
    ]
    assert [line.split("\t") for line in lexer.space_aligned_cells(lines)] == [
        ["09:30 - 10:00", "Sampling designs for field trials", "Marta Lindqvist"],
        ["10:00 - 10:30", "Ranked sets in soil surveys", "Ruth Okafor"],
        ["10:30 - 11:00", "Design-based inference", "Owen Farrow"],
    ]


def test_a_page_without_columns_keeps_its_padded_ranges_as_printed() -> None:
    # Only a page read in columns has its padded dashes closed up: Markdown's detection
    # compares a page with what this makes of it.
    lines = [
        "**10:00  -  11:00** Opening",
        "**11:00  -  12:00** Talks",
        "**12:00  -  13:00** Lunch",
    ]
    assert lexer.space_aligned_cells(lines) == lines


def test_wide_spaces_that_start_no_column_part_no_cells() -> None:
    # A reading programme whose titles keep a poet's wide spaces: the gaps start no column.
    lines = [
        "Friday, 14 March 2025",
        "09:00 - 09:30 the sea   the salt   the silence",
        "Cy Wu",
        "09:30 - 10:00 after   before   after",
        "Ana Li",
        "10:00 - 10:30 small hours   of the   harbour",
        "Bo Ng",
    ]
    assert lexer.space_aligned_cells(lines) == lines


def test_a_block_of_lines_under_a_timetable_of_day_columns_is_read_as_its_lines() -> None:
    # One table for three days side by side, its rows of parallel sessions copied a cell after
    # another: a TAB (the time column the slot's cell spans) opens each session's block, whose
    # panel number, papers and authors follow on lines of their own.
    program = parse(
        "\tMonday, 12 May 2025\t\tTuesday, 13 May 2025\t\tWednesday, 14 May 2025\n"
        "09:00-09:30\tWelcome\t\tMorning coffee\t\tMorning coffee\n"
        "09:30-11:00\tParallel sessions\t\tParallel sessions\t\tParallel sessions\n"
        "\tSurvey Methods\n"
        "(Panel 1)\n"
        "\tWeighting Panel Surveys for Attrition Bias\n"
        "Hanna Berg, Tomas Ruiz\n"
        "\tQuestion Order in Online Polls\n"
        "Ines Kowal\n"
        "11:00-11:30\tCoffee break\t\tCoffee break\t\tCoffee break\n"
    )
    assert [title for title, _ in papers(program)] == [
        "Weighting Panel Surveys for Attrition Bias",
        "Question Order in Online Polls",
    ]
    assert papers(program)[0][1] == [("Hanna Berg", None), ("Tomas Ruiz", None)]


def test_a_coloured_square_before_a_title_is_a_marker_not_part_of_it() -> None:
    # Pages mark each talk's type with a square or diamond glyph ("◼", "◆") in the talk's
    # colour, a legend above the table saying which colour is which.
    program = parse(
        "Wednesday, 9th June 2027\n"
        "\tSession 1 Chair: Ruth Okafor (Aalto University)\n"
        "14:00-15:00\t◼ Rates of change in island lizards\n"
        "Marta Lindqvist (University of Tartu)\n"
        "15:00-15:20\t◆ Seed dispersal by ants in dry forests\n"
        "Owen Farrow (Lund University)\n"
        "15:20-15:40\tBreak\n"
    )
    [session] = [s for s in program.sessions if s.papers]
    assert [p.title for p in session.papers] == [
        "Rates of change in island lizards",
        "Seed dispersal by ants in dry forests",
    ]


def test_a_numbered_tutorial_label_before_a_lone_talk_is_no_part_of_its_title() -> None:
    # "Workshop session 1: Title" over its tutor's line: the item's kind and number, then the
    # talk given; "Short talk: Name" (no number) still names a speaker, not a title.
    program = parse(
        "Thursday, 10th June 2027\n"
        "10:00-12:00\tTutorial session 2: Fitting growth curves in R\n"
        "Marta Lindqvist (University of Tartu)\n"
        "12:00-13:00\tLunch break\n"
    )
    [paper] = [p for s in program.sessions for p in s.papers]
    assert paper.title == "Fitting growth curves in R"
    assert [a.name for a in paper.authors] == ["Marta Lindqvist"]


def test_a_four_word_name_under_a_title_on_a_card_is_its_presenter() -> None:
    # Cards of a room's talks: the start (hour over minute), the title, the presenter. Many
    # names run to four words (`Nur Aina Binti Karim`); a known given name first makes such a
    # line a person, not the next talk's title.
    program = parse(
        "Hall B\n"
        "\n"
        "Chair: Ruth Okafor (Aalto University)\n"
        "\n"
        "14\n"
        "05\n"
        "Fatigue of welded joints in offshore frames\n"
        "Ahmad Faizal Hakim Rosli\n"
        "14\n"
        "20\n"
        "Creep in sintered steel gears\n"
        "Owen Farrow\n"
        "14\n"
        "35\n"
        "Bond strength of fibre-reinforced concrete\n"
        "Natalie Tan Wei Ling\n"
    )
    assert papers(program) == [
        ("Fatigue of welded joints in offshore frames", [("Ahmad Faizal Hakim Rosli", None)]),
        ("Creep in sintered steel gears", [("Owen Farrow", None)]),
        ("Bond strength of fibre-reinforced concrete", [("Natalie Tan Wei Ling", None)]),
    ]


def test_the_words_under_an_online_rooms_qr_code_name_no_talk() -> None:
    # An online room's page: its chair, a QR code with a line telling how to join, the talks.
    program = parse(
        "Online Room 2\n"
        "\n"
        "Chair: Ruth Okafor (Aalto University)\n"
        "\n"
        "Scan or click QR code to launch\n"
        "10:00\n"
        "Fatigue of welded joints in offshore frames\n"
        "Marta Lindqvist\n"
        "10:15\n"
        "Creep in sintered steel gears\n"
        "Owen Farrow\n"
    )
    titles = [p.title for s in program.sessions for p in s.papers]
    assert "Scan or click QR code to launch" not in titles
    assert lexer.is_link_line("Scannez le code QR pour rejoindre la salle")


def test_a_chaired_session_starting_inside_a_long_poster_session_is_a_session() -> None:
    # A poster session runs all afternoon; an oral session starts in its slot, with its chair
    # on the next line. It is a session of its own, not one more poster.
    program = parse(
        "Monday, 8 March 2027\n"
        "\n"
        "16:30–19:00 Poster Session 2 (Hall C)\n"
        "\n"
        "Cheap Sketches for Streaming Joins\n"
        "Ana Silva (Uni A); Bo Li (Uni B)\n"
        "\n"
        "16:45–18:00 Graph Learning (Auditorium)\n"
        "Session chair: Ruth Okafor (Aalto University)\n"
        "\n"
        "Message Passing Without Messages\n"
        "Owen Farrow (Uni C); Marta Lindqvist (Uni D)\n"
    )
    by_title = {s.title: s for s in program.sessions}
    graph = next(s for title, s in by_title.items() if title.startswith("Graph Learning"))
    assert [p.title for p in graph.papers] == ["Message Passing Without Messages"]
    assert [c.name for c in graph.chairs] == ["Ruth Okafor"]
    assert graph.start is not None
    assert graph.start.strftime("%H:%M") == "16:45"


@pytest.mark.parametrize(
    "label", ["Oral Session 1N: Language Models", "Spotlight Session 3: Robotics"]
)
def test_a_kind_of_session_labelled_before_its_number_is_a_session_label(label: str) -> None:
    assert lexer.SESSION_LABEL.match(label)


@pytest.mark.parametrize(
    ("sentence", "names", "subject"),
    [
        ("Ana Silva is a researcher at Uni A.", {"Ana Silva", "Bo Li"}, "Ana Silva"),
        ("Stephen P. Boyd is a professor at Stanford.", {"Stephen Boyd"}, "Stephen Boyd"),
        ("Stephen P. Boyd is a professor at Stanford.", {"Stephen P. Boyd"}, "Stephen P. Boyd"),
        ("Ana Maria Silva leads the lab at Uni A.", {"Ana Maria Silva"}, "Ana Maria Silva"),
        ("Ana Silva Costa leads the lab at Uni A.", {"Ana Silva"}, None),
        ("This talk presents a new model of growth.", {"Ana Silva"}, None),
    ],
)
def test_a_bio_is_about_the_named_person_it_opens_with(
    sentence: str, names: set[str], subject: str | None
) -> None:
    assert bio_subject(sentence, names) == subject


@pytest.mark.parametrize(
    ("line", "people"),
    [
        (
            "Ana Silva, Universidade de São Paulo, Bo Li, Cy Ng, ETH Zurich, Switzerland, "
            "Dan Wu, Google Research",
            [
                ("Ana Silva", "Universidade de São Paulo"),
                ("Bo Li", "ETH Zurich, Switzerland"),
                ("Cy Ng", "ETH Zurich, Switzerland"),
                ("Dan Wu", "Google Research"),
            ],
        ),
        (
            "Ana Silva, University of California, San Diego, Bo Li, MIT",
            [("Ana Silva", "University of California, San Diego"), ("Bo Li", "MIT")],
        ),
        (
            "Ana Silva, Department of Physics, University of Porto",
            [("Ana Silva", "Department of Physics, University of Porto")],
        ),
        (
            "Ana Silva, Bo Li, Cy Ng, Dan Wu",
            [(n, None) for n in ("Ana Silva", "Bo Li", "Cy Ng", "Dan Wu")],
        ),
    ],
)
def test_names_and_workplaces_in_turn_apart_by_commas(
    line: str, people: list[tuple[str, str | None]]
) -> None:
    # Some pages print a paper's people as `Name, Workplace, Name, Workplace`, no parentheses,
    # no semicolons: each workplace belongs to the names before it.
    assert [(a.name, a.affiliation) for a in parse_author_line(line).authors] == people


@pytest.mark.parametrize(
    "name", ["Mateo O'Brien", "Ana D’Angelo", "Guillaume Van den Berg", "Ursula Von der Heide"]
)
def test_an_apostrophe_or_a_capitalised_particle_leaves_a_name_plain(name: str) -> None:
    # `Name – Workplace` pieces are read only where the name is a plain one; these are.
    assert authors.is_name_like_strict(name)
    [person] = parse_author_line(f"{name} – Tsinghua University; Bo Li – EPFL").authors[:1]
    assert (person.name, person.affiliation) == (name, "Tsinghua University")


def test_a_slot_time_restated_on_its_own_line_over_its_one_talk_times_that_talk() -> None:
    # A keynote's slot, its chair, then the same range again on a line of its own over the
    # talk's title and speaker: the talk of that slot, not a session of its own.
    program = parse(
        "Tuesday, 9 March 2027\n"
        "\n"
        "09:00-10:00 Invited Talk: Ana Silva, Main Hall\n"
        "Chair: Bo Li (ETH Zurich)\n"
        "\n"
        "09:00–10:00\n"
        "The Next Decade of Learned Indexes\n"
        "Ana Silva (University of Porto)\n"
        "\n"
        "10:00-10:30 Coffee break\n"
    )
    [talk] = [s for s in program.sessions if s.papers]
    assert [p.title for p in talk.papers] == ["The Next Decade of Learned Indexes"]
    assert [c.name for c in talk.chairs] == ["Bo Li"]


def test_co_chairs_named_on_the_line_below_joined_by_spaced_dashes() -> None:
    # "Co-Chairs:" alone, then one line of people each addressed (`Professor`, `Dr`) and joined
    # by spaced en dashes (or a hyphen): each is a chair; a hyphenated surname stays whole.
    program = parse(
        "Monday, 14 June 2027\n"
        "Advances in renal transplantation\n"
        "\n"
        "Co-Chairs:\n"
        "Professor Anna Kowalczyk – Dr Omar Haddad - Dr Lena Fischer-Braun\n"
        "\n"
        "10:00-10:20\tMachine perfusion of donor kidneys\n"
        "Dr Paul Mensah\n"
        "10:20-10:40\tTolerance induction after transplantation\n"
        "Professor Ines Duarte\n"
    )
    [session] = [s for s in program.sessions if s.papers]
    assert [c.name for c in session.chairs] == [
        "Anna Kowalczyk",
        "Omar Haddad",
        "Lena Fischer-Braun",
    ]
    assert len(session.papers) == 2


def test_a_session_heading_after_a_break_is_timed_by_its_talks() -> None:
    # "10:30-10:50 Coffee break" then "Session 3" / its title / "Chair: X": the heading is not
    # held during the break; its talks, each timed on its own row, give its time.
    program = parse(
        "Tuesday, 15 June 2027\n"
        "10:30-10:50\tCoffee break\n"
        "Session 3\n"
        "Heart failure in the elderly\n"
        "Chair: Dr Miriam Kohl\n"
        "10:50-11:10\tDiuretics revisited\n"
        "Dr Samuel Osei\n"
        "11:10-11:30\tFrailty scores in practice\n"
        "Dr Clara Ibsen\n"
    )
    [session] = [s for s in program.sessions if s.papers]
    assert [c.name for c in session.chairs] == ["Miriam Kohl"]
    assert [p.title for p in session.papers] == [
        "Diuretics revisited",
        "Frailty scores in practice",
    ]
    assert session.start is not None
    assert session.start.strftime("%H:%M") == "10:50"


def test_discussion_rows_between_timed_talks_stay_in_the_session() -> None:
    # A session printed without a time, each talk a timed row followed by a timed
    # `Discussion` (or `Q&A`) row: the discussions are the session's, not items that end it.
    program = parse(
        "Wednesday, 16 June 2027\n"
        "Session 1\n"
        "Chair: Dr Miriam Kohl\n"
        "09:00-09:20\tAtrial fibrillation after surgery\n"
        "Dr Samuel Osei\n"
        "09:20-09:30\tDiscussion\n"
        "09:30-09:50\tAnticoagulation in the very old\n"
        "Professor Clara Ibsen\n"
        "09:50-10:00\tQ&A\n"
        "10:00-10:30\tCoffee break\n"
    )
    [session] = [s for s in program.sessions if s.papers]
    assert [c.name for c in session.chairs] == ["Miriam Kohl"]
    assert len(session.papers) == 2
    assert session.end is not None
    assert session.end.strftime("%H:%M") == "10:00"


def test_a_role_joined_to_the_chair_label_labels_the_line() -> None:
    # "Session organizer and chair:" (or "Moderator & Chair:"): the whole line is the label,
    # not a session title "Session organizer and" before a chair label.
    assert lexer.CHAIR.match("Session organizer and chair:")
    assert lexer.CHAIR.match("Moderator & Chair: Dr Ana Silva")
    program = parse(
        "Thursday, 17 June 2027\n"
        "Session 4\n"
        "Challenging cases in paediatric cardiology\n"
        "Session organizer and chair:\n"
        "Dr Nadia Rahman\n"
        "\n"
        "14:00-14:30\tA rare coronary anomaly\n"
        "Dr Tomas Berg\n"
        "14:30-15:00\tLate presentation of a septal defect\n"
        "Dr Yara Haddad\n"
    )
    [session] = [s for s in program.sessions if s.papers]
    assert [c.name for c in session.chairs] == ["Nadia Rahman"]
    assert [p.title for p in session.papers] == [
        "A rare coronary anomaly",
        "Late presentation of a septal defect",
    ]


def test_addressed_speakers_timed_inside_an_opening_give_no_papers() -> None:
    # "Opening remarks" over its slot, then one timed row per address: a person addressed by
    # a title and their office after a spaced dash. They speak at the opening; no paper.
    program = parse(
        "Friday, 18 June 2027\n"
        "09:00-09:30\tOpening remarks\n"
        "09:00-09:15\tDr Helena Marsh – Deputy Minister – Ministry of Health\n"
        "09:15-09:20\tDr Tomas Berg – BSN President\n"
        "09:20-09:30\tProfessor Ivo Petrov – Vice President, European Renal Society\n"
        "09:30-10:00\tCoffee break\n"
    )
    assert papers(program) == []
    [opening] = [s for s in program.sessions if s.title == "Opening remarks"]
    assert any("Helena Marsh" in note for note in opening.notes)


def test_addressed_people_run_together_by_a_lost_line_break_are_two() -> None:
    # "Co-Chairs:" / "Professor A – Dr B Dr C": where the copy lost the line break between
    # two people each addressed, the next one's title starts the next person.
    program = parse(
        "Saturday, 19 June 2027\n"
        "Session 4\n"
        "Difficult cases in interventional cardiology\n"
        "Co-Chairs:\n"
        "Professor Ivo Petrov – Dr Omar Haddad Dr Ruth Okafor\n"
        "\n"
        "14:00-14:30\tA rare coronary anomaly\n"
        "Dr Tomas Berg\n"
        "14:30-15:00\tLate presentation of a septal defect\n"
        "Dr Yara Haddad\n"
    )
    [session] = [s for s in program.sessions if s.papers]
    assert [c.name for c in session.chairs] == ["Ivo Petrov", "Omar Haddad", "Ruth Okafor"]


def test_an_emoji_before_a_label_line_is_its_icon_and_a_pin_marks_the_room() -> None:
    # Schedule apps print a session's facts as label lines led by an emoji: the date after a
    # calendar, the time after a clock, the room after a pin, the number of papers after a
    # page, and buttons such as `📅 Add to Calendar ▾`. The icon names what the line holds;
    # it is no part of a title, and a pin's line is the room, not a paper.
    room = classify(1, "📍 Founders Room B")
    assert room.kind is LineKind.ROOM
    assert room.text == "Founders Room B"
    assert classify(1, "📍 Rhodes Trust").kind is LineKind.ROOM
    assert classify(1, "📄 4 papers").kind is LineKind.LINK
    assert classify(1, "📅 Add to Calendar ▾").kind is LineKind.LINK
    clock = classify(1, "🕒 2:05 PM – 3:15 PM")
    assert clock.kind is LineKind.TIME
    assert "🕒" not in clock.text
    program = parse(
        "Thursday, 3 June 2027\n"
        "🕒 9:00 AM – 10:30 AM\n"
        "Market Design\n"
        "📍 Rhodes Trust\n"
        "📄 2 papers\n"
        "📅 Add to Calendar ▾\n"
        "Session Chair: Ruth Okafor (Aalto University)\n"
        "Matching markets for medical residents\n"
        "Owen Farrow* (University of Leeds); Marta Lindqvist (University of Tartu)\n"
        "Auctions for offshore wind leases\n"
        "Natalie Tan (National University of Singapore)\n"
    )
    [session] = [s for s in program.sessions if s.papers]
    assert session.room == "Rhodes Trust"
    assert [p.title for p in session.papers] == [
        "Matching markets for medical residents",
        "Auctions for offshore wind leases",
    ]


def test_a_cards_title_stands_above_its_date_and_a_track_label_above_its_chair() -> None:
    # A schedule app's cards: each prints its title (over a badge such as `SOCIAL`), then
    # the date, the time and the room, every card again; in a paper session's card a track
    # label and a button come before the chair. The title is the card's, not the last paper
    # of the card above; the track label is no paper, and the chair chairs this session.
    date = "📅 Monday, Jun 7, 2027\n"
    program = parse(
        "Registration\nSOCIAL\n" + date + "🕒 8:00 AM – 9:00 AM\n📍 Foyer\n"
        "Auctions and Matching\n" + date + "🕒 9:00 AM – 10:30 AM\n📍 Room 2\n📄 2 papers\n"
        "Market Design\n📅 Add to Calendar ▾\n"
        "Session Chair: Ruth Okafor (Aalto University)\n"
        "Matching markets for medical residents\n"
        "Owen Farrow* (University of Leeds); Marta Lindqvist (University of Tartu)\n"
        "View Abstract\n"
        "Auctions for offshore wind leases\n"
        "Natalie Tan* (National University of Singapore)\n"
        "View Abstract\n"
        "Coffee Break\nSOCIAL\n" + date + "🕒 10:30 AM – 11:00 AM\n📍 Foyer\n"
        "Labour Markets\n" + date + "🕒 11:00 AM – 12:30 PM\n📍 Room 3\n📄 1 paper\n"
        "Labor & Work\n📅 Add to Calendar ▾\n"
        "Session Chair: Bo Li (Fudan University)\n"
        "Minimum wages and firm entry\n"
        "Bo Li* (Fudan University)\n"
        "View Abstract\n"
    )
    sessions = [s for s in program.sessions if s.start is not None]
    assert [s.title for s in sessions] == [
        "Registration",
        "Auctions and Matching",
        "Coffee Break",
        "Labour Markets",
    ]
    auctions, labour = sessions[1], sessions[3]
    assert [c.name for c in auctions.chairs] == ["Ruth Okafor"]
    assert [p.title for p in auctions.papers] == [
        "Matching markets for medical residents",
        "Auctions for offshore wind leases",
    ]
    assert [c.name for c in labour.chairs] == ["Bo Li"]
    assert [p.title for p in labour.papers] == ["Minimum wages and firm entry"]


def test_a_qualified_speakers_heading_names_the_panels_speakers() -> None:
    # "Special Panel Session Speakers:" over the names: a few words saying which speakers,
    # then the colon, as "Speakers:" alone does; the heading is no paper.
    program = parse(
        "Monday, 7 June 2027\n"
        "11:00 – 12:00\tPanel: The future of trade\n"
        "Moderator: Ruth Okafor\n"
        "Invited Panel Speakers:\n"
        "Ana Silva; Bo Li\n"
        "12:00 – 13:00\tLunch\n"
    )
    titles = [p.title for s in program.sessions for p in s.papers]
    assert "Invited Panel Speakers:" not in titles
    [panel] = [s for s in program.sessions if s.chairs]
    assert [a.name for p in panel.papers for a in p.authors] == ["Ana Silva", "Bo Li"]


def test_a_schedule_apps_filter_controls_and_tallies_are_no_items() -> None:
    # The sidebar of a schedule app, copied with the page: buttons over the whole list and
    # the tallies of what it shows. None of it is a session, a title or a name.
    for control in ("Collapse All Sessions", "Reset All Filters", "Clear filters"):
        assert lexer.is_link_line(control), control
    for tally in ("Sessions: 11", "Papers: 23", "Talks: 140"):
        assert lexer.is_link_line(tally), tally
    program = parse(
        "Expand All Sessions\n"
        "Collapse All Sessions\n"
        "Reset All Filters\n"
        "Sessions: 2\n"
        "Papers: 2\n"
        "Monday, 7 June 2027\n"
        "9:00 – 10:30\tMarket Design\n"
        "Matching markets for medical residents\n"
        "Owen Farrow (University of Leeds)\n"
        "Auctions for offshore wind leases\n"
        "Natalie Tan (National University of Singapore)\n"
    )
    assert [p.title for s in program.sessions for p in s.papers] == [
        "Matching markets for medical residents",
        "Auctions for offshore wind leases",
    ]


def test_a_dotted_abbreviation_in_a_title_is_no_sentence_end() -> None:
    # "… in U.S. Subprime Lending": the stops of an abbreviation of single letters (`U.S.`,
    # `U.K.`) end no sentence, so the words after them are the title's, not its authors.
    program = parse(
        "Monday, 7 June 2027\n"
        "9:00 – 10:30\tConsumer Credit\n"
        "Risk Segment Volume in U.S. Subprime Lending\n"
        "Owen Farrow* (University of Leeds); Marta Lindqvist (University of Tartu)\n"
        "Payday Loans after the U.K. Price Cap\n"
        "Natalie Tan (National University of Singapore)\n"
    )
    assert papers(program) == [
        (
            "Risk Segment Volume in U.S. Subprime Lending",
            [("Owen Farrow", "University of Leeds"), ("Marta Lindqvist", "University of Tartu")],
        ),
        (
            "Payday Loans after the U.K. Price Cap",
            [("Natalie Tan", "National University of Singapore")],
        ),
    ]


def test_a_bullet_between_a_time_and_its_item_only_parts_them() -> None:
    # `9.00 - 10.00 &bull; Welcome`: a list item's time, a bullet, then the item; the bullet
    # belongs to neither the time nor the title.
    program = parse(
        "Tuesday, 4 May 2027\n"
        "09.00 - 09.30 • Welcome and opening\n"
        "09.30 - 10.30 • Keynote: Random walks on groups\n"
        "10.30 - 11.00 · Coffee break\n"
    )
    titles = [s.title for s in program.sessions]
    assert titles[0] == "Welcome and opening"
    assert not any(t and t.startswith(("•", "·")) for t in titles)


def test_bare_speaker_names_beside_times_over_titles_give_the_talks() -> None:
    # A seminar-style list: each item's time and its speaker's name alone (no affiliation),
    # the talk's title on the line below. Page-wide, names over titles are speakers.
    program = parse(
        "Monday, 10 May 2027\n"
        "09.00 - 10.00 Hanna Berglund\n"
        "Spectral gaps of random regular graphs\n"
        "10.30 - 11.30 Tomasz Wilk\n"
        "Fluctuations of the height function in the six-vertex model\n"
        "Lunch\n"
        "2.00 - 3.00 Maribel Ortega\n"
        "Hydrodynamic limits for exclusion processes\n"
    )
    assert papers(program) == [
        ("Spectral gaps of random regular graphs", [("Hanna Berglund", None)]),
        ("Fluctuations of the height function in the six-vertex model", [("Tomasz Wilk", None)]),
        ("Hydrodynamic limits for exclusion processes", [("Maribel Ortega", None)]),
    ]


def test_a_range_running_past_noon_on_a_twelve_hour_clock_is_no_talk_of_the_slot_above() -> None:
    # `11.30 - 12.30` then `12.40 - 1.40`: a 12-hour clock without am/pm, the second range
    # crossing noon (its end printed smaller than its start). It is an item of its own after
    # the first, not a talk inside the first one's slot.
    program = parse(
        "Friday, 14 May 2027\n"
        "10.30 - 11.30 Hanna Berglund\n"
        "Spectral gaps of random regular graphs\n"
        "11.35 - 12.35 Tomasz Wilk\n"
        "Fluctuations of the height function in the six-vertex model\n"
        "12.40 - 1.40 Maribel Ortega\n"
        "Hydrodynamic limits for exclusion processes\n"
    )
    starts = [(s.start.hour, s.start.minute) for s in program.sessions if s.start]
    assert starts == [(10, 30), (11, 35), (12, 40)]
    last = program.sessions[-1]
    assert last.end is not None
    assert (last.end.hour, last.end.minute) == (13, 40)
    assert [p.title for p in last.papers] == ["Hydrodynamic limits for exclusion processes"]


def test_a_joint_work_note_after_a_title_is_no_part_of_it() -> None:
    # `Title (joint work with A. Name, arXiv:…)`: whom the speaker worked with, and where the
    # paper is, said after the title; the talk's title ends before it.
    program = parse(
        "Monday, 10 May 2027\n"
        "09:00 - 10:30 Session 1: Random structures\n"
        "Cycle structure of random permutations (joint work with L. Moreau)\n"
        "Hanna Berglund (Uppsala University)\n"
        "Dimers on the torus (joint work with P. Ito, arXiv:1802.01234)\n"
        "Tomasz Wilk (University of Warsaw)\n"
    )
    assert [p.title for s in program.sessions for p in s.papers] == [
        "Cycle structure of random permutations",
        "Dimers on the torus",
    ]


def test_an_untimed_break_after_a_lone_talk_is_an_item_of_its_own() -> None:
    # Talk after talk, each with its time and speaker; `Lunch` printed without a time between
    # the morning and the afternoon. It follows the morning's last talk; it is no note of it.
    program = parse(
        "Monday, 10 May 2027\n"
        "09.00 - 10.00 Hanna Berglund\n"
        "Spectral gaps of random regular graphs\n"
        "10.30 - 11.30 Tomasz Wilk\n"
        "Fluctuations of the height function in the six-vertex model\n"
        "Lunch\n"
        "2.00 - 3.00 Maribel Ortega\n"
        "Hydrodynamic limits for exclusion processes\n"
    )
    kinds = [(s.kind, s.title) for s in program.sessions if not s.papers]
    assert kinds == [(SessionKind.BREAK, "Lunch")]
    assert not any("Lunch" in s.notes for s in program.sessions)
    assert [s.title for s in program.sessions].index("Lunch") == 2


def test_authors_a_name_a_line_each_with_its_institution_below() -> None:
    # A generated page prints each author as a name line and an institution line (left empty
    # where the institution is the next one's): names run on, one institution after several.
    program = parse(
        "Wednesday 8 March 2028\n"
        "10:00-11:00 Session A\n"
        "10:00\n"
        "Peer review in first-year programming labs\n"
        "\n"
        "Ruth Okafor\n"
        "Aalto University\n"
        "Owen Farrow\n"
        "Marta Lindqvist\n"
        "University of Tartu\n"
        "10:20\n"
        "Teaching databases with live data\n"
        "\n"
        "Natalie Brooks\n"
        "Lancaster University\n"
    )
    assert papers(program) == [
        (
            "Peer review in first-year programming labs",
            [
                ("Ruth Okafor", "Aalto University"),
                ("Owen Farrow", "University of Tartu"),
                ("Marta Lindqvist", "University of Tartu"),
            ],
        ),
        ("Teaching databases with live data", [("Natalie Brooks", "Lancaster University")]),
    ]


def test_a_time_by_room_grid_of_single_papers_copied_cell_after_cell() -> None:
    # A table with a column per parallel session: a header row (a label cell for the slot,
    # then per session its name, room and chair on lines of one cell), then a row per time
    # with one paper per session. A browser's copy runs each cell after the previous one, the
    # next cell starting after a TAB; the first cell only labels the slot.
    program = parse(
        "Thursday 9 March 2028\n"
        "Session 2\tSession 2A\n"
        "Room 101\n"
        "Chair: Ruth Okafor\tSession 2B\n"
        "Room 102\n"
        "Chair: Owen Farrow\n"
        "14:00\t\n"
        "\n"
        "Peer review in first-year programming labs\n"
        "\n"
        "Marta Lindqvist\n"
        "University of Tartu\n"
        "\t\n"
        "\n"
        "Teaching databases with live data\n"
        "\n"
        "Natalie Brooks\n"
        "Lancaster University\n"
        "\n"
        "14:20\t\n"
        "\n"
        "Automated feedback on student proofs\n"
        "\n"
        "Jonas Weber\n"
        "University of Bonn\n"
        "\t\n"
        "\n"
        "Group projects at scale\n"
        "\n"
        "Lena Fischer\n"
        "University of Graz\n"
        "\n"
        "14:40\tCoffee break\n"
    )
    sessions = {s.title: s for s in program.sessions if s.papers}
    assert set(sessions) == {"Session 2A", "Session 2B"}
    assert [p.title for p in sessions["Session 2A"].papers] == [
        "Peer review in first-year programming labs",
        "Automated feedback on student proofs",
    ]
    assert [p.title for p in sessions["Session 2B"].papers] == [
        "Teaching databases with live data",
        "Group projects at scale",
    ]
    assert [c.name for c in sessions["Session 2B"].chairs] == ["Owen Farrow"]


def test_a_short_name_on_three_papers_each_above_its_institution_is_no_badge() -> None:
    # Short lines repeated over a page are badges (`REG`, `Group 1`); a two-word name printed
    # on three papers, each time right above an institution, is their author.
    program = parse(
        "Wednesday 8 March 2028\n"
        "10:00-11:00 Session A\n"
        "10:00\n"
        "Peer review in first-year programming labs\n"
        "\n"
        "Iyla Brandt\n"
        "Aalto University\n"
        "10:20\n"
        "Teaching databases with live data\n"
        "\n"
        "Iyla Brandt\n"
        "Aalto University\n"
        "10:40\n"
        "Automated feedback on student proofs\n"
        "\n"
        "Iyla Brandt\n"
        "Aalto University\n"
    )
    assert [a for _, a in papers(program)] == [[("Iyla Brandt", "Aalto University")]] * 3


def test_a_title_over_a_discussant_line_is_one_of_the_slots_panels() -> None:
    # A humanities slot of parallel panels: each panel's title, then who responds to its
    # papers (printed even while still unknown, as `Respondent:` alone), then its papers.
    program = parse(
        "Thursday, 14 October 2027\n"
        "09:00-10:30 Panel Session A\n"
        "Ritual and Kingship in Early Java\n"
        "Discussant: Hanna Vogt\n"
        "Temple Grants under the Sailendras\n"
        "Rui Matsuda (Leiden University)\n"
        "Court Poetry and the Royal Body\n"
        "Lena Ortiz (SOAS)\n"
        "Print and Piety in Colonial Manila\n"
        "Respondent:\n"
        "Catechisms in Tagalog, 1593-1650\n"
        "Omar Haddad (Ateneo de Manila University)\n"
    )
    panels = [s for s in program.sessions if s.papers]
    assert [(s.title, len(s.papers)) for s in panels] == [
        ("Ritual and Kingship in Early Java", 2),
        ("Print and Piety in Colonial Manila", 1),
    ]
    assert all(s.start is not None and s.start.hour == 9 for s in panels)
    assert all(not s.chairs for s in panels)  # who responds chairs nothing


@pytest.mark.parametrize(
    "line",
    [
        "Rui Matsuda (Leiden University) — “Temple Grants under the Sailendras”",
        "Rui Matsuda (Leiden University) - “Temple Grants under the Sailendras”",
        "Rui Matsuda (Leiden University): “Temple Grants under the Sailendras”",
        "Rui Matsuda (Leiden University) “Temple Grants under the Sailendras”",
        'Rui Matsuda (Leiden University) — "Temple Grants under the Sailendras"',
    ],
)
def test_a_placed_speaker_then_a_quoted_title_is_one_paper(line: str) -> None:
    # `Name (Institution) — “Title”`: the speaker first, with where they work, then the title
    # in quotes, set off by a dash, a colon or a space alone.
    head = "Thursday, 14 October 2027\n09:00-10:30 Panel 2: Court Cultures\n"
    program = parse(head + line + "\n")
    assert papers(program) == [
        ("Temple Grants under the Sailendras", [("Rui Matsuda", "Leiden University")])
    ]


def test_a_quoted_title_quoting_words_of_its_own_keeps_them() -> None:
    program = parse(
        "Thursday, 14 October 2027\n"
        "09:00-10:30 Panel 2: Court Cultures\n"
        "Rui Matsuda (Leiden University) — “Land and the “Six Provinces”, 1908-1914”\n"
    )
    assert papers(program) == [
        ("Land and the “Six Provinces”, 1908-1914", [("Rui Matsuda", "Leiden University")])
    ]


def test_bare_twelve_hour_times_beside_some_marked_pm_are_afternoon() -> None:
    # Some slots print their `PM`, the others not: the bare ones still run on a 12-hour clock
    # (`12:00-1:20` lunch, then `1:30-3:10`), whatever the marked ones say past noon.
    program = parse(
        "Saturday, 16 October 2027\n"
        "9:30-10:00 Breakfast\n"
        "10:00-11:40 Panel A: Pilgrims and Ports\n"
        "Temple Grants under the Sailendras\n"
        "Rui Matsuda (Leiden University)\n"
        "12:00-1:20 Lunch\n"
        "1:30-3:10 Panel B: Print and Piety\n"
        "Catechisms in Tagalog, 1593-1650\n"
        "Omar Haddad (Ateneo de Manila University)\n"
        "3:20-5:00PM Panel C: Courts and Chronicles\n"
        "Court Poetry and the Royal Body\n"
        "Lena Ortiz (SOAS)\n"
        "5:10-7:00 Dinner\n"
    )
    starts = [(s.title, s.start.strftime("%H:%M") if s.start else None) for s in program.sessions]
    assert starts == [
        ("Breakfast", "09:30"),
        ("Panel A: Pilgrims and Ports", "10:00"),
        ("Lunch", "12:00"),
        ("Panel B: Print and Piety", "13:30"),
        ("Panel C: Courts and Chronicles", "15:20"),
        ("Dinner", "17:10"),
    ]
    lunch = program.sessions[2]
    assert lunch.end is not None
    assert lunch.end.strftime("%H:%M") == "13:20"


@pytest.mark.parametrize(
    ("who", "workplace"),
    [
        ("Lena Ortiz (McGill, Visiting Student)", "McGill"),
        ("Lena Ortiz (Leiden University, Visiting Scholar)", "Leiden University"),
        ("Lena Ortiz (UChicago, CMES MA)", "UChicago"),
        ("Lena Ortiz (UCL, MSc)", "UCL, MSc"),  # a degree alone may be a place's code
        ("Lena Ortiz (Harvard University, Cambridge, MA)", "Harvard University, Cambridge, MA"),
        ("Lena Ortiz (Tulane, Assistant Professor)", "Tulane, Assistant Professor"),
    ],
)
def test_a_students_programme_after_the_workplace_is_no_part_of_it(
    who: str, workplace: str
) -> None:
    # `(Institution, CMES MA)`, `(Institution, Visiting Student)`: where a student reads and
    # what, a career stage as `PhD Candidate` is; a bare state code (`Cambridge, MA`) stays the
    # address's, and a rank (`Assistant Professor`) the position held there.
    assert authors.parse_author_line(who).authors == (Person("Lena Ortiz", workplace),)


def test_a_room_after_a_long_dash_or_before_a_colon_is_the_items_room() -> None:
    # `time — title — room` items, and panels titled `Title — Room` or `Room: Title` (one of
    # them set room first) under a slot: the place is the item's room, not part of its title.
    program = parse(
        "Thursday, 14 October 2027\n"
        "1:30-2:00PM — Opening Remarks — Weston Hall 102\n"
        "2:00-3:40PM — Panel Session A\n"
        "Ritual and Kingship in Early Java — Weston Hall 104\n"
        "Discussant: Hanna Vogt\n"
        "Rui Matsuda (Leiden University) — “Temple Grants under the Sailendras”\n"
        "Weston Hall 146: Print and Piety in Colonial Manila\n"
        "Discussant:\n"
        "Omar Haddad (Ateneo de Manila University) — “Catechisms in Tagalog, 1593-1650”\n"
    )
    assert [(s.title, s.room) for s in program.sessions] == [
        ("Opening Remarks", "Weston Hall 102"),
        ("Ritual and Kingship in Early Java", "Weston Hall 104"),
        ("Print and Piety in Colonial Manila", "Weston Hall 146"),
    ]
    assert [p.title for s in program.sessions for p in s.papers] == [
        "Temple Grants under the Sailendras",
        "Catechisms in Tagalog, 1593-1650",
    ]


def test_a_keynote_with_its_speaker_after_with_is_an_untitled_talk() -> None:
    # `Keynote Address with Prof. Name — Room`: the talk's kind, then who gives it; no title.
    program = parse(
        "Thursday, 14 October 2027\n"
        "4:00-5:30PM — Keynote Address with Prof. Hanna Vogt — Weston Hall 021\n"
        "5:30-6:30PM — Reception\n"
    )
    keynote = program.sessions[0]
    assert keynote.kind is SessionKind.KEYNOTE
    assert keynote.room == "Weston Hall 021"
    assert papers(program) == [("Keynote Address with Prof. Hanna Vogt", [("Hanna Vogt", None)])]


def test_superscript_marks_point_at_a_comma_legend_below_with_one_author_unmarked() -> None:
    # `Name¹, Name, Name²` over `¹ Workplace, ² Workplace`: the legend's entries apart by
    # commas, a space after each raised mark; an author printed without a workplace has none.
    program = parse(
        "Monday, 8 March 2027\n"
        "\n"
        "10:30-12:00 Session 2: Streams\n"
        "\n"
        "Cheap Sketches for Streaming Joins\n"
        "Ana Silva¹, Bo Li, Cy Ng²\n"
        "¹ University of Porto, Portugal, ² Max Planck Institute for Informatics\n"
        "\n"
        "Windows Without Watermarks\n"
        "Dan Wu¹, Eve Park¹\n"
        "¹ ETH Zurich\n"
    )
    assert papers(program) == [
        (
            "Cheap Sketches for Streaming Joins",
            [
                ("Ana Silva", "University of Porto, Portugal"),
                ("Bo Li", None),
                ("Cy Ng", "Max Planck Institute for Informatics"),
            ],
        ),
        ("Windows Without Watermarks", [("Dan Wu", "ETH Zurich"), ("Eve Park", "ETH Zurich")]),
    ]


def test_a_day_printed_before_each_time_dates_its_items() -> None:
    # `Tue 9 Mar, 10:30-12:00 Session`: every item's line opens with its day, then its time.
    program = parse(
        "Tue 9 Mar, 10:30-12:00 Session 1: Streams (Hall A)\n"
        "Cheap Sketches for Streaming Joins\n"
        "Ana Silva (Uni A); Bo Li (Uni B)\n"
        "\n"
        "Wed 10 Mar, 09:00-10:30 Session 2: Graphs (Hall B)\n"
        "Message Passing Without Messages\n"
        "Cy Ng (Uni C)\n"
    )
    starts = [(s.title, s.start) for s in program.sessions if s.papers]
    assert [(t, d.isoformat() if d else None) for t, d in starts] == [
        ("Streams", "2025-03-09T10:30:00+00:00"),
        ("Graphs", "2025-03-10T09:00:00+00:00"),
    ]


def test_a_title_then_names_with_initials_and_particles_after_a_dash() -> None:
    # `• Title — Name, Name`: a middle initial and a surname's particles make a name of five
    # words, still one person's; a Spanish title's lower-case "de la" is no surname.
    program = parse(
        "Monday, 8 March 2027\n"
        "10:30-12:00 Session 2: Streams\n"
        "• Cheap Sketches for Streaming Joins — Łukasz T. van der Maaten, Bo Li\n"
        "• Windows Without Watermarks — Simone Kosmas De la Cruz, Cy Ng\n"
    )
    assert papers(program) == [
        (
            "Cheap Sketches for Streaming Joins",
            [("Łukasz T. van der Maaten", None), ("Bo Li", None)],
        ),
        ("Windows Without Watermarks", [("Simone Kosmas De la Cruz", None), ("Cy Ng", None)]),
    ]
    assert not authors.is_name_like_strict("Historia de la Medicina")


def test_a_chair_and_a_one_word_workplace_after_a_dash() -> None:
    # `Chair: Name – OpenAI`: a chair line names people, so what follows the dash is where the
    # chair works, though one word; `Professor A – Dr B` stays two chairs.
    program = parse(
        "Monday, 8 March 2027\n"
        "10:30-12:00 Session 2: Streams\n"
        "Chair: Pierre Long – Inria\n"
        "Cheap Sketches for Streaming Joins\n"
        "Ana Silva (Uni A)\n"
        "14:00-15:30 Session 3: Graphs\n"
        "Chair: Professor Ruth Okafor – Dr Bo Li\n"
        "Message Passing Without Messages\n"
        "Cy Ng (Uni C)\n"
    )
    chairs = [[(c.name, c.affiliation) for c in s.chairs] for s in program.sessions]
    assert chairs == [[("Pierre Long", "Inria")], [("Ruth Okafor", None), ("Bo Li", None)]]


def test_a_bracketed_opening_clock_is_the_rows_time() -> None:
    # `[13:40]<TAB>Paper session A (Chair: Name)`: a time column printed in square brackets
    # times its row as a bare clock would; the session keeps its title and chair.
    program = parse(
        "Wednesday, 9 June 2027\n"
        "[09:00]\tRegistration and coffee\n"
        "[09:30]\tPaper session A (Chair: Hanna Vogt)\n"
        "Rui Matsuda. Scores for Drum Machines\n"
        "Omar Haddad and Lena Ortiz. Patterns of Improvised Code\n"
        "[10:30]\tPaper session B (Chair: Rui Matsuda)\n"
        "Lena Ortiz. Notation as Performance\n"
        "Hanna Vogt. Listening to Live Programs\n"
    )
    assert [
        (s.title, s.start.strftime("%H:%M") if s.start else None) for s in program.sessions
    ] == [
        ("Registration and coffee", "09:00"),
        ("Paper session A", "09:30"),
        ("Paper session B", "10:30"),
    ]
    assert [[c.name for c in s.chairs] for s in program.sessions[1:]] == [
        ["Hanna Vogt"],
        ["Rui Matsuda"],
    ]


def test_names_first_lines_keep_one_word_and_subtitled_titles() -> None:
    # On a page printing `Names. Title` throughout, a piece's one-word name (`Gopher`) and a
    # title with a subtitle after a full stop are still the titles after the names.
    program = parse(
        "Wednesday, 9 June 2027\n"
        "14:00 Performance session A\n"
        "Rui Matsuda and Lena Ortiz. Gopher\n"
        "Omar Haddad and Hanna Vogt. Patterns of Improvised Code\n"
        "Lena Ortiz and Rui Matsuda. Scores for Drum Machines\n"
        "Hanna Vogt. Pietro Grossi's live coding. An early case of computer music\n"
        "Omar Haddad. Wezen-Gewording\n"
    )
    assert papers(program) == [
        ("Gopher", [("Rui Matsuda", None), ("Lena Ortiz", None)]),
        ("Patterns of Improvised Code", [("Omar Haddad", None), ("Hanna Vogt", None)]),
        ("Scores for Drum Machines", [("Lena Ortiz", None), ("Rui Matsuda", None)]),
        ("Pietro Grossi's live coding. An early case of computer music", [("Hanna Vogt", None)]),
        ("Wezen-Gewording", [("Omar Haddad", None)]),
    ]


def test_place_rows_over_timed_rows_are_their_rooms() -> None:
    # A table whose full-width rows name the place of the timed rows below them (`Hall 2,
    # Music Building`), several places, one printed again: each the room of the rows it heads,
    # not the affiliation of the paper above it.
    program = parse(
        "Wednesday, 9 June 2027\n"
        "Foyer, Music Building\n"
        "09:00\tRegistration and coffee\n"
        "Hall 2, Music Building\n"
        "09:30\tPaper session A (Chair: Hanna Vogt)\n"
        "Rui Matsuda. Scores for Drum Machines\n"
        "Omar Haddad and Lena Ortiz. Patterns of Improvised Code\n"
        "Studio Theatre\n"
        "10:30\tPerformances A\n"
        "Lena Ortiz. Notation as Performance\n"
        "Hall 2, Music Building\n"
        "11:30\tPaper session B (Chair: Rui Matsuda)\n"
        "Hanna Vogt. Listening to Live Programs\n"
        "Studio Theatre\n"
        "12:30\tPerformances B\n"
        "Omar Haddad. Drum Circuits\n"
    )
    assert [(s.title, s.room) for s in program.sessions] == [
        ("Registration and coffee", "Foyer, Music Building"),
        ("Paper session A", "Hall 2, Music Building"),
        ("Performances A", "Studio Theatre"),
        ("Paper session B", "Hall 2, Music Building"),
        ("Performances B", "Studio Theatre"),
    ]
    assert [a.affiliation for s in program.sessions for p in s.papers for a in p.authors] == [
        None
    ] * 6


def test_a_speaker_then_a_dash_and_keynote_is_an_untitled_talk() -> None:
    # `Name - Keynote`: who speaks first, then only the kind of talk; no title is printed.
    program = parse(
        "Wednesday, 9 June 2027\n"
        "09:00 Registration and coffee\n"
        "09:45 Hanna Vogt - Keynote\n"
        "10:30 Coffee break\n"
    )
    keynote = program.sessions[1]
    assert keynote.kind is SessionKind.KEYNOTE
    assert papers(program) == [("Hanna Vogt - Keynote", [("Hanna Vogt", None)])]


def test_a_paper_printed_title_then_its_speakers_in_parentheses() -> None:
    # A session's list of `Title (Speaker)` items, a time line above each session: the
    # parenthesis holds only full names, so they are the paper's speakers, not the title's
    # last words read as a name with the parenthesis its affiliation.
    program = parse(
        "Tuesday 12 October 2027\n"
        "10:00-11:00\t\n"
        "On Coastal Flooding\n"
        "Forecasting storm surge with graph networks over estuaries (Maria Lindqvist)\n"
        "Rainfall runoff models for small catchments in the tropics (John Okafor)\n"
        "Uncertainty in sea level projections (Anna Berg and David Moreau)\n"
        "11:00-11:30\t\n"
        "Coffee break\n"
    )
    assert papers(program) == [
        ("Forecasting storm surge with graph networks over estuaries", [("Maria Lindqvist", None)]),
        ("Rainfall runoff models for small catchments in the tropics", [("John Okafor", None)]),
        (
            "Uncertainty in sea level projections",
            [("Anna Berg", None), ("David Moreau", None)],
        ),
    ]


def test_a_chair_after_the_word_chair_in_the_titles_parenthesis() -> None:
    # `Topic (Chair Name)` without a colon, and a panel's `(A, B, Chair C)`: the chair after
    # the word, the names before it the panel's people.
    program = parse(
        "Tuesday 12 October 2027\n"
        "10:00-11:00\t\n"
        "On Coastal Flooding (Chair Maria Lindqvist)\n"
        "Forecasting storm surge with graph networks over estuaries (John Okafor)\n"
        "11:00-12:00\t\n"
        "On Inland Waters (Chair David Moreau)\n"
        "Rainfall runoff models for small catchments in the tropics (Anna Berg)\n"
        "12:00-13:00\t\n"
        "Panel: Open Data for Hydrology (Peter Novak, Sara Quint, Chair Laura Kim)\n"
    )
    assert [(s.title, [c.name for c in s.chairs]) for s in program.sessions] == [
        ("On Coastal Flooding", ["Maria Lindqvist"]),
        ("On Inland Waters", ["David Moreau"]),
        ("Panel: Open Data for Hydrology", ["Laura Kim"]),
    ]
    panel = program.sessions[2]
    assert [a.name for p in panel.papers for a in p.authors] == ["Peter Novak", "Sara Quint"]


def test_talk_times_under_a_session_timed_by_its_start_alone_are_its_talks() -> None:
    # `14:00` / `Oral session 2 (session chair: X)` / `14:00 A and B. Title` / `14:25 C and D.
    # Title`:
    # the session prints only its start, its first talk that start again, the next ones later;
    # each timed line a talk of the session, not an item of its own.
    program = parse(
        "Wednesday, 9 June 2027\n"
        "13:00\tLunch\n"
        "14:00\t\n"
        "Oral session 2 (session chair: Ines Duarte)\n"
        "14:00 Marta Kovac and Pieter de Groot. Prosodic Cues to Turn Ends in Toddler Speech\n"
        "14:25 Ola Nordmann and Kari Berg. Gaze Following in Joint Book Reading\n"
        "15:10\tCoffee\n"
    )
    oral = [s for s in program.sessions if s.title == "Oral session 2"]
    assert len(oral) == 1
    assert [(p.title, [a.name for a in p.authors]) for p in oral[0].papers] == [
        ("Prosodic Cues to Turn Ends in Toddler Speech", ["Marta Kovac", "Pieter de Groot"]),
        ("Gaze Following in Joint Book Reading", ["Ola Nordmann", "Kari Berg"]),
    ]
    assert [s.title for s in program.sessions] == ["Lunch", "Oral session 2", "Coffee"]


def test_an_author_list_glued_to_its_title_is_split_at_the_glue() -> None:
    # `<span>A and B</span><a>Title</a>` copied with nothing between: `A and BTitle`. The first
    # lowercase-to-capital glue after a list of people splits it; camel-case words of a title
    # (`PyTorch`) and names (`MacDonald`) are no glue.
    glued = authors.split_glued_authors("Marta Kovac and Pieter de GrootProsodic Cues in Speech")
    assert glued is not None
    assert glued[0] == "Prosodic Cues in Speech"
    assert [a.name for a in glued[1].authors] == ["Marta Kovac", "Pieter de Groot"]
    single = authors.split_glued_authors("Ewan MacDonald“Baby talk” and Word Learning")
    assert single is not None
    assert single[0] == "“Baby talk” and Word Learning"
    assert [a.name for a in single[1].authors] == ["Ewan MacDonald"]
    assert authors.split_glued_authors("Training PyTorch Models on Child Speech") is None
    assert authors.split_glued_authors("An iPhone App for Word Learning") is None


def test_a_closed_details_box_naming_a_session_is_read_open() -> None:
    # A timetable cell `<details><summary>Poster session (with coffee)</summary><ul><li>…`:
    # the box is the session and its list the posters, not an aside hidden until opened.
    text = html_to_text(
        "<html><body><h2>Wednesday, 9 June 2027</h2><table>"
        "<tr><td>15:00</td><td><details><summary>Poster session (with coffee)</summary>"
        "<ul><li>Gaze Following in Joint Book Reading</li>"
        "<li>Prosodic Cues to Turn Ends in Toddler Speech</li></ul></details></td></tr>"
        "<tr><td>16:00</td><td><details><summary>Abstract</summary>"
        "<ul><li>We study gaze.</li></ul></details></td></tr>"
        "</table></body></html>"
    )
    assert "Gaze Following in Joint Book Reading" in text
    assert "Prosodic Cues to Turn Ends in Toddler Speech" in text
    assert "We study gaze." not in text


def test_a_timed_talk_that_does_not_split_keeps_the_run_of_talks_going() -> None:
    # `14:25 A and B SPEAKX - …` (no stop between people and title) among the session's timed
    # talks is still the next talk, so the talk after it is the session's too.
    program = parse(
        "Wednesday, 9 June 2027\n"
        "14:00\t\n"
        "Oral session 2 (session chair: Ines Duarte)\n"
        "14:00 Marta Kovac and Pieter de Groot. Prosodic Cues to Turn Ends in Toddler Speech\n"
        "14:25 Ola Nordmann and Kari Berg TALKBANK - A Corpus of Child Speech\n"
        "14:50 Ana Silva and Bo Li. Gaze Following in Joint Book Reading\n"
        "15:10\tCoffee\n"
    )
    assert [s.title for s in program.sessions] == ["Oral session 2", "Coffee"]
    titles = [p.title for p in program.sessions[0].papers]
    assert len(titles) == 3
    assert titles[2] == "Gaze Following in Joint Book Reading"


def test_a_glue_inside_a_camel_case_acronym_is_no_author_glue() -> None:
    # `… and Ana Silva VerbCLIP: …`: the capital run `CLIP` ends a word of the title; but
    # `Ana SilvaL2 Learners …` is a glue before `L2`.
    assert (
        authors.split_glued_authors("Ana Silva and Bo Li VerbCLIP: Verbs in Vision Models") is None
    )
    glued = authors.split_glued_authors("Ana Silva and Bo LiL2 Learners and Their Gestures")
    assert glued is not None
    assert glued[0] == "L2 Learners and Their Gestures"


def test_presented_online_after_a_title_is_a_mark() -> None:
    # `Title (presented online)`: how the talk is given, not part of its title.
    assert authors.strip_trailing_marks("Gaze Following in Book Reading (presented online)") == (
        "Gaze Following in Book Reading",
        "(presented online)",
    )


def test_a_labelled_session_starting_inside_a_slot_and_running_past_it_is_no_talk() -> None:
    # An oral session's slot, then a poster session starting before it ends and running on
    # past it, its room after a long dash: the next session, not the orals' last talk.
    program = parse(
        "Monday, 8 March 2027\n"
        "10:30-11:45 | Oral Session 1B: Learning | Hall B\n"
        "\n"
        "Cheap Sketches for Streaming Joins\n"
        "Ana Silva (Uni A)\n"
        "\n"
        "11:00-14:00 | Poster Session 1 — Hall C | Hall C\n"
        "\n"
        "Message Passing Without Messages\n"
        "Cy Ng (Uni C)\n"
    )
    assert [[p.title for p in s.papers] for s in program.sessions if s.papers] == [
        ["Cheap Sketches for Streaming Joins"],
        ["Message Passing Without Messages"],
    ]


def test_a_parenthesis_naming_the_chair_is_no_workplace_nor_a_title_words_speakers() -> None:
    # `Lightning talks (Chair Eve Park)`: who chairs the session, not a person called
    # "Lightning talks" at a workplace; `… at city scale (Cy Ng and Dan Wu)`: a title ending in
    # lower-case words has no speaker among them.
    assert author_line_score("Lightning talks (Chair Eve Park)") == 0.0
    assert authors.split_title_and_authors("Heatwave attribution at city scale (Cy Ng)") is None
    program = parse(
        "Monday, 22 April 2024\n"
        "11:00-12:00\tLightning talks (Chair Eve Park)\n"
        "1. Emulating sea ice with graph networks (Fay Lund)\n"
        "2. Drought indices from satellites (Gus Moreau)\n"
    )
    [session] = [s for s in program.sessions if s.papers]
    assert session.title == "Lightning talks"
    assert [c.name for c in session.chairs] == ["Eve Park"]


def test_a_workplace_in_parentheses_before_and_is_no_nickname() -> None:
    # `Ana Silva (OpenAI) and Bo Li (Uni B)`: one word in parentheses followed by more words
    # is a nickname only where those words go on with the name, not where "and" starts the
    # next person.
    line = "Pierre Long (OpenAI) and Mei E. Hoang (Seoul University)"
    assert [(a.name, a.affiliation) for a in parse_author_line(line).authors] == [
        ("Pierre Long", "OpenAI"),
        ("Mei E. Hoang", "Seoul University"),
    ]
    [katie] = parse_author_line("Yang (Katie) Zhao (MIT)").authors
    assert (katie.name, katie.affiliation) == ("Yang (Katie) Zhao", "MIT")


def test_a_line_of_workplaces_below_unmarked_people_is_theirs_in_order() -> None:
    # `A, B, C` / `Uni A; Uni B; Uni C`: one workplace each, in the people's order; with fewer
    # workplaces than people the line cannot say whose each is: no title, a warning.
    program = parse(
        "Monday, 8 March 2027\n"
        "10:30-12:00 Session 2: Streams\n"
        "\n"
        "Cheap Sketches for Streaming Joins\n"
        "Ana Silva, Bo Li, Cy Ng\n"
        "University of Porto; ETH Zurich; Google Research\n"
        "\n"
        "Windows Without Watermarks\n"
        "Dan Wu, Eve Park, Fay Lund\n"
        "University of Porto; ETH Zurich\n"
    )
    assert papers(program) == [
        (
            "Cheap Sketches for Streaming Joins",
            [
                ("Ana Silva", "University of Porto"),
                ("Bo Li", "ETH Zurich"),
                ("Cy Ng", "Google Research"),
            ],
        ),
        ("Windows Without Watermarks", [("Dan Wu", None), ("Eve Park", None), ("Fay Lund", None)]),
    ]
    assert any(w.line == 10 and "workplaces" in w.message for w in program.warnings)


def test_a_session_row_printing_its_room_before_its_title() -> None:
    # `10:30-11:45 | Hall B | Oral Session 1B`: the room's cell first, then the title's; two
    # sessions at once, each with its room, not four sessions named after rooms and titles.
    program = parse(
        "Tuesday, 9 December 2025\n"
        "08:45-09:00 | Main Hall | Opening Remarks\n"
        "10:30-11:45 | East Exhibition Hall A | Oral Session 1A: Health\n"
        "\n"
        "Calibrated Flows\n"
        "Ana Silva (MIT)\n"
        "\n"
        "10:30-11:45 | East Exhibition Hall B | Oral Session 1B: Reinforcement Learning\n"
        "\n"
        "Offline Policies\n"
        "Bo Li (EPFL)\n"
    )
    assert [(s.title, s.room, f"{s.start:%H:%M}") for s in program.sessions] == [
        ("Opening Remarks", "Main Hall", "08:45"),
        ("Oral Session 1A: Health", "East Exhibition Hall A", "10:30"),
        ("Oral Session 1B: Reinforcement Learning", "East Exhibition Hall B", "10:30"),
    ]
    assert papers(program) == [
        ("Calibrated Flows", [("Ana Silva", "MIT")]),
        ("Offline Policies", [("Bo Li", "EPFL")]),
    ]


def test_a_glued_list_of_people_needs_no_known_given_name() -> None:
    # `A and BTitle` whose names the lexicon does not know: two names of two words or more,
    # joined as a list, are people by their shape; a one-word pair (`Segue & ColorGuard`,
    # `NormalTouch and TextureTouch`) is a title's.
    glued = authors.split_glued_authors("Zorvath Kellin and Quilla TavroSoil Moisture from Orbit")
    assert glued is not None
    assert glued[0] == "Soil Moisture from Orbit"
    assert [a.name for a in glued[1].authors] == ["Zorvath Kellin", "Quilla Tavro"]
    assert authors.split_glued_authors("Segue & ColorGuard: Faster Sandboxes on Arm") is None
    assert authors.split_glued_authors("NormalTouch and TextureTouch: Haptic Controllers") is None


def test_a_labelled_line_of_co_authors_below_a_presenters_row_is_its_papers() -> None:
    # `Presenter (Affiliation) | Title` / `Co-authors: A, B`: the rest of the paper's people,
    # not the next paper's title; a presenter named again among them is listed once.
    program = parse(
        "Tuesday, 14 July 2020\n"
        "12:00-13:30 Virtual Room 1: Spatial Analysis\n"
        "Ana Silva (Penn State)\tNetwork Models of Policy Adoption\n"
        "Co-authors: Bo Li, Ana Silva, Cy Ng\n"
        "Dan Wu (MIT)\tPower Analysis as an Estimation Problem\n"
    )
    assert papers(program) == [
        (
            "Network Models of Policy Adoption",
            [("Ana Silva", "Penn State"), ("Bo Li", None), ("Cy Ng", None)],
        ),
        ("Power Analysis as an Estimation Problem", [("Dan Wu", "MIT")]),
    ]


def test_a_presenter_right_below_a_session_header_is_its_first_papers() -> None:
    # `Session header` / `Presenter (Affiliation)` / `Co-authors: A, B | Title`: the line under
    # the header names the first paper's presenter, not a speaker of the session (which,
    # holding papers, would drop them).
    program = parse(
        "Tuesday, 14 July 2020\n"
        "12:00-13:30 Virtual Room 2: Experimental Designs\n"
        "Ana Silva (University of Houston)\n"
        "Co-authors: Bo Li, Cy Ng\tEye-Tracking in Conjoint Experiments\n"
        "Dan Wu (Columbia University)\n"
        "Co-authors: Eve Park\tMock Vignettes in Survey Experiments\n"
    )
    assert papers(program) == [
        (
            "Eye-Tracking in Conjoint Experiments",
            [("Ana Silva", "University of Houston"), ("Bo Li", None), ("Cy Ng", None)],
        ),
        (
            "Mock Vignettes in Survey Experiments",
            [("Dan Wu", "Columbia University"), ("Eve Park", None)],
        ),
    ]


def test_speakers_of_a_session_that_holds_papers_are_kept_or_named_in_a_warning() -> None:
    # `Panelists:` / names, then the session's own timed cases: people listed for the whole
    # session, kept in its notes under their heading. Anything else read as the speakers of a
    # session holding papers does not say whose it is: left out, named in a warning where it
    # is people (`Oral Session II: Clinical Conversations` reads like `Keynote: Name`, but names
    # a topic, not a person: no warning).
    program = parse(
        "Friday, 11 October 2019\n"
        "Session 2: Challenging Cases From the Heart Hospital\n"
        "Panelists:\n"
        "Professor Robert Storey – Dr Khaled Almarri\n"
        "18:00-18:10\tA honeycomb on a heart of stone\n"
        "Dr Salwa Mohamed\n"
        "18:10-18:20\tA cobra on a heart of gold\n"
        "Dr Waleed Alenezi\n"
    )
    assert [p.title for s in program.sessions for p in s.papers] == [
        "A honeycomb on a heart of stone",
        "A cobra on a heart of gold",
    ]
    assert "Panelists: Robert Storey, Khaled Almarri" in program.sessions[0].notes
    program = parse(
        "Friday, 21 June 2024\n"
        "11:00–11:30\tOral Session II: Clinical Conversations\n"
        "11:00–11:15\tRobustness in Conversation Summarization\n"
        "Yu-Wen Chen, Julia Hirschberg\n"
        "11:15–11:30\tCan LLMs Correct Physicians, Yet?\n"
        "Burcu Sayin, Pasquale Minervini\n"
    )
    assert len(program.sessions[0].papers) == 2
    assert not any("Clinical Conversations" in w.message for w in program.warnings)
    program = parse(
        "Friday, 21 June 2024\n"
        "11:00–11:30\tOral Session II: Ana Silva\n"
        "11:00–11:15\tRobustness in Conversation Summarization\n"
        "Yu-Wen Chen, Julia Hirschberg\n"
    )
    assert any(w.line == 2 and "Ana Silva" in w.message for w in program.warnings)


def test_a_table_header_naming_start_time_and_type_columns_is_no_paper() -> None:
    # `# | Start Time | Type | Title | Speakers`: a header row (its words name columns), not a
    # paper with `Start Time` for its author; the type cell of a row is no title.
    program = parse(
        "Saturday, 12 December 2020\n"
        "10:30-11:30 Session 3: Water\n"
        "#\tStart Time\tType\tTitle\tSpeakers\n"
        "1\t10:30\tInvited Paper\tStreamflow from Space\tAna Silva (MIT)\n"
        "2\t10:45\tInvited Paper\tFloods of the Wabash\tBo Li (EPFL)\n"
    )
    assert papers(program) == [
        ("Streamflow from Space", [("Ana Silva", "MIT")]),
        ("Floods of the Wabash", [("Bo Li", "EPFL")]),
    ]


def test_a_company_named_for_its_technologies_is_a_workplace() -> None:
    # `Name – Pinecrest Technologies`: a firm's name ends in `Technologies` as others end in
    # `Inc` or `Research`; after a dash it is where the person works.
    line = parse_author_line("Christoph Nguyen – Pinecrest Technologies; Daniel Nowak – EPFL")
    assert [(a.name, a.affiliation) for a in line.authors] == [
        ("Christoph Nguyen", "Pinecrest Technologies"),
        ("Daniel Nowak", "EPFL"),
    ]


def test_a_firm_known_by_its_web_address_is_a_workplace() -> None:
    # `Chair: Jacob Gorm Hansen, Vertigo.ai`: the part after the name is where the chair
    # works; an e-mail address in a sentence names no workplace.
    line = parse_author_line("Jacob Gorm Hansen, Vertigo.ai")
    assert [(a.name, a.affiliation) for a in line.authors] == [("Jacob Gorm Hansen", "Vertigo.ai")]
    assert not authors.looks_like_institution("please email cvxpydevs@gmail.com.")


def test_degrees_and_a_career_stage_between_a_name_and_its_workplace_are_dropped() -> None:
    # `Name, DHSc, Agency`, `Name, PhD Candidate, University`: who they are, not where they
    # work. A two-letter degree that is also a state's code (`MS`, `MA`) only right after a
    # full name; after a town it is the state of an address.
    def read(line: str) -> list[tuple[str, str | None]]:
        return [(a.name, a.affiliation) for a in parse_author_line(line).authors]

    assert read("Nora Bell, DHSc, Michigan Department of Health") == [
        ("Nora Bell", "Michigan Department of Health")
    ]
    assert read("Ada Ruiz, MS, Indiana State Department of Health") == [
        ("Ada Ruiz", "Indiana State Department of Health")
    ]
    assert read("Lena Voss, PhD Candidate, Michigan State University") == [
        ("Lena Voss", "Michigan State University")
    ]
    assert read("Omar Haddad, DrPH, MPH, Ohio Department of Health") == [
        ("Omar Haddad", "Ohio Department of Health")
    ]
    assert read("Ana Silva, Jackson, MS, USA") == [("Ana Silva", "Jackson, MS, USA")]


def test_a_plural_institution_word_keeps_a_workplace_with_and_whole() -> None:
    # `Name, Centers for Disease Control and Prevention`: "Centers" names an institution as
    # "Center" does, so the workplace's "and" joins no second person.
    [person] = parse_author_line("Nora Bell, Centers for Disease Control and Prevention").authors
    assert (person.name, person.affiliation) == (
        "Nora Bell",
        "Centers for Disease Control and Prevention",
    )


def test_a_one_word_title_before_a_dash_and_placed_speakers_is_a_talk() -> None:
    # `Phylogenetics - Name, PhD, University`: one word before the dash is a talk's title
    # when everyone after it is placed; not a first name, not a welcome, whose people host,
    # and not a kind of item, which names no talk.
    assert split_dash_speakers("Phylogenetics - Lena Voss, PhD, University of Michigan") == (
        "Phylogenetics",
        (Person("Lena Voss", "University of Michigan"),),
    )
    assert split_dash_speakers("Welcome - Lena Voss, Michigan State University") is None
    assert split_dash_speakers("Maria - Lena Voss, Michigan State University") is None
    assert split_dash_speakers("Lunch - Lena Voss, Michigan State University") is None
    assert split_dash_speakers("Panel - Lena Voss, Michigan State University") is None


def test_a_welcome_and_its_host_after_a_dash_is_a_hosted_welcome() -> None:
    # `8:00am Welcome - Name, PhD, Agency`: who opens the day hosts it; the welcome is the
    # item's title and its host a note, even where a talk follows in the same slot.
    program = parse(
        "Thursday, 23 May 2019\n"
        "8:00am Welcome - Ana Silva, PhD, Ohio Department of Health\n"
        "Genomic Surveillance Today - Bo Li, Indiana State Department of Health\n"
        "\n"
        "9:00am Validation Strategies - Cy Ng, MS, Wisconsin State Laboratory of Hygiene\n"
    )
    welcome = program.sessions[0]
    assert welcome.title == "Welcome"
    assert any("Ana Silva" in note for note in welcome.notes)
    assert [p.title for p in welcome.papers] == ["Genomic Surveillance Today"]


def test_a_chair_label_named_for_its_item_is_a_chair_line() -> None:
    # `Lecture Chair: A, B`, `Panel Chair: A`: the chair label with the kind of item it chairs
    # before it; the title above it heads a new item rather than ending the session before.
    assert classify(1, "Panel Chair: Ana Silva, Bo Li").kind is LineKind.CHAIR
    assert classify(1, "Lecture Chair:Cy Ng").kind is LineKind.CHAIR
    program = parse(
        "Monday, 8 March 2027\n"
        "\tSESSION 2 : STREAMS\n"
        "Session Chair: Dan Wu\n"
        "10:00-10:30\tCheap Sketches for Streaming Joins\n"
        "Eve Park\n"
        "\tINVITED LECTURE II : WINDOWS WITHOUT WATERMARKS\n"
        "Lecture Chair: Ana Silva, Bo Li\n"
        "10:30-11:00\tA Case for Watermarks in Streams\n"
        "Fay Lund\n"
    )
    chaired = [s for s in program.sessions if s.chairs]
    assert [[c.name for c in s.chairs] for s in chaired] == [["Dan Wu"], ["Ana Silva", "Bo Li"]]
    assert [p.title for p in chaired[0].papers] == ["Cheap Sketches for Streaming Joins"]
    assert [p.title for p in chaired[1].papers] == ["A Case for Watermarks in Streams"]


def test_a_short_title_cell_over_a_lone_name_is_a_talk_of_the_header_above() -> None:
    # Under a session header printed without a time, `10:00-10:20<TAB>Sepsis` / `Ana Silva`:
    # a title as short as a name, its speaker on the cell's next line, the next row timed
    # again; a talk of the session, not an item of its own.
    program = parse(
        "Monday, 8 March 2027\n"
        "\tSESSION 3 : CASE REPORTS\n"
        "Session Chair: Dan Wu\n"
        "10:00-10:20\tSepsis\n"
        "Ana Silva\n"
        "10:20-10:40\tPressure Ulcers\n"
        "Bo Li\n"
        "10:40-11:00\tWatermarks Considered Harmful\n"
        "Fay Lund\n"
        "11:00-11:30\tCoffee break\n"
    )
    [session] = [s for s in program.sessions if s.chairs]
    assert papers(program) == [
        ("Sepsis", [("Ana Silva", None)]),
        ("Pressure Ulcers", [("Bo Li", None)]),
        ("Watermarks Considered Harmful", [("Fay Lund", None)]),
    ]
    assert (session.start.hour, session.end.hour, session.end.minute) == (10, 11, 0)


def test_a_chaired_title_after_a_headed_sessions_later_talks_takes_no_earlier_slot() -> None:
    # `09:00-09:15 Welcome`, then a session header timed by its talks (09:15-09:45), then
    # `INVITED LECTURE I` / `Lecture Chair: …` / `09:50-10:30 Title` / speaker: the welcome's
    # slot is over, so the lecture is timed by its own talk, which it holds.
    program = parse(
        "Monday, 8 March 2027\n"
        "09:00-09:15\tWelcome\n"
        "\tSESSION 1 : STREAMS\n"
        "Session Chair: Dan Wu\n"
        "09:15-09:45\tCheap Sketches for Streaming Joins\n"
        "Eve Park\n"
        "\tINVITED LECTURE I\n"
        "Lecture Chair: Ana Silva\n"
        "09:50-10:30\tA Case for Watermarks in Streams\n"
        "Fay Lund\n"
    )
    lecture = next(s for s in program.sessions if [c.name for c in s.chairs] == ["Ana Silva"])
    assert (lecture.start.hour, lecture.start.minute) == (9, 50)
    assert [(p.title, [a.name for a in p.authors]) for p in lecture.papers] == [
        ("A Case for Watermarks in Streams", ["Fay Lund"])
    ]


def test_a_workshop_label_before_a_title_names_the_workshop_its_leader_below() -> None:
    # `14:00-15:30 Workshop: Title` / `Ana Silva`: the workshop's title after its label, led
    # by the person on the line below, as `Keynote: Title` / speaker reads.
    program = parse(
        "Monday, 8 March 2027\n"
        "14:00-15:30\tWorkshop: Mindful Handover Routines\n"
        "Ana Silva\n"
        "15:30-16:00\tCoffee break\n"
    )
    assert papers(program) == [("Mindful Handover Routines", [("Ana Silva", None)])]


def test_a_parenthesis_abbreviating_the_words_before_it_is_a_titles_acronym() -> None:
    # `Workshop: Motivational Interviewing Skills (MIS)` / `Ana Silva`: the parenthesis spells
    # the initials of the words before it, so they are a title, not a person at a workplace.
    program = parse(
        "Monday, 8 March 2027\n"
        "14:00-15:30\tWorkshop: Motivational Interviewing Skills (MIS)\n"
        "Ana Silva\n"
        "15:30-16:00\tCoffee break\n"
    )
    assert papers(program) == [("Motivational Interviewing Skills (MIS)", [("Ana Silva", None)])]


def test_a_name_then_presiding_is_the_sessions_chair() -> None:
    # `Ana Silva (University of Porto), presiding`: US humanities programs name a section's
    # chair first and the role after; `Presiding: Bo Li` puts the role first, as a label.
    program = parse(
        "Thursday, 4 April 2030\n"
        "8:15-9:45 a.m. Section A: Greek Lyric\n"
        "Ana Silva (University of Porto), presiding\n"
        "\n"
        "1. Ambiguity in Pindar's Sixth Olympian. Cy Ng (ETH Zurich)\n"
        "\n"
        "2. Private Lyric and Its Audiences. Dan Wu (Google Research)\n"
        "\n"
        "10:00-11:30 a.m. Section B: Roman Drama\n"
        "Presiding: Bo Li\n"
        "\n"
        "1. Courtesans in Plautus. Eve Park (University of Porto)\n"
    )
    assert classify(1, "Ana Silva (University of Porto), presiding").kind is LineKind.CHAIR
    greek, roman = [s for s in program.sessions if s.papers]
    assert [(c.name, c.affiliation) for c in greek.chairs] == [("Ana Silva", "University of Porto")]
    assert [len(greek.papers), len(roman.papers)] == [2, 1]
    assert [c.name for c in roman.chairs] == ["Bo Li"]


def test_a_timed_line_whose_chair_follows_a_label_and_a_topic_opens_its_own_session() -> None:
    # `8:15-9:45 a.m. First Session Terrace N` / `Section A` / `Greek Lyric` / `Name,
    # presiding`, inside a long meeting's slot: the chair three lines down, under the section's
    # label and topic, makes it a session of its own, not a paper of the meeting.
    program = parse(
        "Thursday, 4 April 2030\n"
        "8:00-10:30 a.m. Meeting of the Executive Committee\n"
        "\n"
        "8:15-9:45 a.m. First Session Terrace N\n"
        "Section A\n"
        "Greek Lyric\n"
        "Ana Silva (University of Porto), presiding\n"
        "\n"
        "1. Ambiguity in Pindar's Sixth Olympian. Cy Ng (ETH Zurich)\n"
        "\n"
        "2. Private Lyric and Its Audiences. Dan Wu (Google Research)\n"
        "\n"
        "8:15-9:45 a.m. First Session Terrace S\n"
        "Section B\n"
        "Roman Drama\n"
        "Bo Li (ETH Zurich), presiding\n"
        "\n"
        "1. Courtesans in Plautus. Eve Park (University of Porto)\n"
    )
    chaired = [s for s in program.sessions if s.chairs]
    assert [(s.start.strftime("%H:%M") if s.start else None, len(s.papers)) for s in chaired] == [
        ("08:15", 2),
        ("08:15", 1),
    ]
    assert [p.title for s in program.sessions for p in s.papers] == [
        "Ambiguity in Pindar's Sixth Olympian",
        "Private Lyric and Its Audiences",
        "Courtesans in Plautus",
    ]


def test_a_revision_stamp_is_no_day_header() -> None:
    # `corrected as of 2/4/30` under a program's title: when the page was edited, not its
    # first day; the weekday header below it starts the program.
    assert parse_day_header("corrected as of 2/4/30") is None
    assert parse_day_header("Last updated: 3 May 2030") is None
    program = parse(
        "corrected as of 2/4/30\n"
        "\n"
        "Wednesday, 3 April 2030\n"
        "\n"
        "5:00-8:00 p.m. Registration\n"
        "\n"
        "Thursday, 4 April 2030\n"
        "\n"
        "8:15-9:45 a.m. Section A: Greek Lyric\n"
        "Ana Silva (University of Porto), presiding\n"
        "\n"
        "1. Ambiguity in Pindar's Sixth Olympian. Cy Ng (ETH Zurich)\n"
    )
    assert [s.start.date() if s.start else None for s in program.sessions] == [
        date(2030, 4, 3),
        date(2030, 4, 4),
    ]


def test_a_roster_of_organisers_under_a_committee_heading_names_no_talks() -> None:
    # `Local Committee:` / `Ana Silva, University of Porto` / …, printed between a program's
    # first day and the next: who organises the meeting, no papers of the reception above.
    program = parse(
        "Wednesday, 3 April 2030\n"
        "\n"
        "8:00-10:00 p.m. Reception hosted by the Classical Association\n"
        "\n"
        "Local Committee:\n"
        "\n"
        "Ana Silva, University of Porto\n"
        "Bo Li (co-chair), ETH Zurich\n"
        "Cy Ng, Porter Middle School, Austin\n"
        "\n"
        "Thursday, 4 April 2030\n"
        "\n"
        "8:15-9:45 a.m. Section A: Greek Lyric\n"
        "Dan Wu (University of Porto), presiding\n"
        "\n"
        "1. Ambiguity in Pindar's Sixth Olympian. Eve Park (ETH Zurich)\n"
    )
    assert papers(program) == [
        ("Ambiguity in Pindar's Sixth Olympian", [("Eve Park", "ETH Zurich")])
    ]


def test_a_title_ending_in_a_quoted_exclamation_splits_before_its_speaker() -> None:
    # `1. Horace, C. II.4: 'Go Ahead and Grab Her!' Cy Ng (Uni)`: the quotation closes after
    # its stop, and the speaker begins after the quote.
    found = authors.split_sentence_authors(
        "Horace, C. II.4: 'Xanthias, Go Ahead and Grab Her!' Cy Ng (University of Porto)"
    )
    assert found is not None
    title, people, authors_first = found
    assert (title, authors_first) == ("Horace, C. II.4: 'Xanthias, Go Ahead and Grab Her!'", False)
    assert [(a.name, a.affiliation) for a in people.authors] == [("Cy Ng", "University of Porto")]


def test_a_group_label_before_a_shared_workplace_is_no_part_of_it() -> None:
    # `A, B and C (all: Uni X)`, `A and B (both: DLR)`: the label says the workplace is every
    # named person's; it is not part of the workplace's name.
    line = "Ana Silva, Bo Li and Cy Ng (all: University of Porto)"
    assert [(a.name, a.affiliation) for a in parse_author_line(line).authors] == [
        ("Ana Silva", "University of Porto"),
        ("Bo Li", "University of Porto"),
        ("Cy Ng", "University of Porto"),
    ]
    [dan, eve] = parse_author_line("Dan Wu and Eve Park (both: ETH Zurich)").authors
    assert (dan.affiliation, eve.affiliation) == ("ETH Zurich", "ETH Zurich")


def test_a_link_word_opening_many_titles_is_a_badge_not_title_words() -> None:
    # `Preprint Title` on every paper (a badge link copied before the title): the recurring
    # first word names the link; a title that merely starts with such a word once keeps it.
    program = parse(
        "Tuesday, 13 May 2025\n"
        "09:15 - 10:15\tSession 1\n"
        "Preprint Calibrating Traffic Scenarios with Evolution\n"
        "Ana Silva and Bo Li (all: University of Porto)\n"
        "Preprint Urban Traffic Calibration with Graphs\n"
        "Cy Ng (ETH Zurich)\n"
        "Preprint Digital Twins for Municipal Traffic Control\n"
        "Dan Wu (DLR)\n"
        "Video Games as Traffic Simulators\n"
        "Eve Park (TU Berlin)\n"
    )
    assert [title for title, _ in papers(program)] == [
        "Calibrating Traffic Scenarios with Evolution",
        "Urban Traffic Calibration with Graphs",
        "Digital Twins for Municipal Traffic Control",
        "Video Games as Traffic Simulators",
    ]


def test_people_then_a_title_on_the_line_below_a_title_are_its_people_and_the_next_item() -> None:
    # A row of two cells, each `Title` / `People`, copied by a browser: the first cell's people
    # start the next line, the second cell's title follows them after a TAB, its people below.
    program = parse(
        "Monday, 12 May 2025\n"
        "15:45 - 17:00\tModeling Mobility with Open Tools\n"
        "Ana Silva and Bo Li (all: University of Porto)\tA Workshop on Urban Event Emissions\n"
        "Cy Ng and Dan Wu (all: ETH Zurich)\n"
        "17:30 - 18:30\tEvening Program - Social Event\n"
    )
    people = {title: names for title, names in papers(program)}
    assert people == {
        "Modeling Mobility with Open Tools": [
            ("Ana Silva", "University of Porto"),
            ("Bo Li", "University of Porto"),
        ],
        "A Workshop on Urban Event Emissions": [
            ("Cy Ng", "ETH Zurich"),
            ("Dan Wu", "ETH Zurich"),
        ],
    }


def test_a_timed_talk_cell_beside_one_other_keeps_its_people_on_the_page() -> None:
    # `15:45 | Title A / People A | Title B / People B` read from the page: the first cell's
    # people are its talk's, not lost when the cell beside it becomes the item's paper.
    page = (
        "<html><body><table><thead><tr><th colspan=3>Monday, May 12, 2025</th></tr></thead>"
        "<tbody><tr><td>15:45 - 17:00</td>"
        "<td><b>Modeling Mobility with Open Tools</b><br>"
        "Ana Silva and Bo Li <i>(all: University of Porto)</i></td>"
        "<td><b>A Workshop on Urban Event Emissions</b><br>"
        "Cy Ng and Dan Wu <i>(all: ETH Zurich)</i></td></tr>"
        "<tr><td>17:30 - 18:30</td><td colspan=2>Evening Program - Social Event</td></tr>"
        "</tbody></table></body></html>"
    )
    people = {title: names for title, names in papers(parse_program(page, UTC))}
    assert people == {
        "Modeling Mobility with Open Tools": [
            ("Ana Silva", "University of Porto"),
            ("Bo Li", "University of Porto"),
        ],
        "A Workshop on Urban Event Emissions": [
            ("Cy Ng", "ETH Zurich"),
            ("Dan Wu", "ETH Zurich"),
        ],
    }


def test_a_welcome_presentation_or_closeout_session_is_hosted_not_a_talk() -> None:
    # `Welcome presentation` is a welcome like `Welcome talk`; a `Closeout session` (or a
    # `Wrap-up`) closes the event: the people beside them host them, they give no talk.
    # `Meet and greet` is a social item.
    for title in ("Welcome Presentation", "Closeout Session", "Close-out", "Wrap-up session"):
        assert is_ceremony(title), title
    assert not is_ceremony("Closeout of Legacy Detectors")
    assert classify_kind("Closeout Session", paper_count=0) is SessionKind.PLENARY
    assert classify_kind("Meet and Greet", paper_count=0) is SessionKind.SOCIAL
    program = parse(
        "Monday, August 4\n"
        "08:45\tWelcome Presentation\tAna Silva, Bruno Costa\n"
        "09:00\tIntroduction to ML\tCarla Mendes\n"
        "10:30\tCoffee Break\t—\n"
        "11:00\tGenerative Models for Detector Simulation\tBruno Costa, Carla Mendes\n"
        "16:30\tCloseout Session\tAna Silva, Bruno Costa, Carla Mendes\n"
        "17:30\tMeet and Greet\t—\n"
    )
    assert [(s.title, s.kind, [p.title for p in s.papers]) for s in program.sessions] == [
        ("Welcome Presentation", SessionKind.PLENARY, []),
        ("Introduction to ML", SessionKind.PAPERS, ["Introduction to ML"]),
        ("Coffee Break", SessionKind.BREAK, []),
        (
            "Generative Models for Detector Simulation",
            SessionKind.PAPERS,
            ["Generative Models for Detector Simulation"],
        ),
        ("Closeout Session", SessionKind.PLENARY, []),
        ("Meet and Greet", SessionKind.SOCIAL, []),
    ]


def test_markdown_with_an_indented_html_block_is_still_markdown() -> None:
    # A raw HTML block whose lines are indented (a button's style spread over lines) opens
    # none of a copied table's columns: indentation starts no cell, so the headings and the
    # pipe table below still make the file Markdown, its rows read as items.
    source = (
        "# Schedule\n"
        "\n"
        '<a href="https://indico.example.org/event/1/timetable/">\n'
        '  <button style="\n'
        "    background-color: #0056b3;\n"
        "    color: white;\n"
        "    padding: 10px 15px;\n"
        '  ">\n'
        "    Go to Indico timetable\n"
        "  </button>\n"
        "</a>\n"
        "\n"
        "### Monday, August 4, 2025\n"
        "\n"
        "| Time | Session Title | Speaker(s) |\n"
        "|------|---------------|------------|\n"
        "| 09:00 | Overview of ML in Collider Physics | Ana Silva |\n"
        "| 09:45 | Overview of ML in Neutrino Physics | Bruno Costa |\n"
        "| 10:30 | Coffee Break | — |\n"
    )
    assert looks_like_markdown(source)
    program = parse_program(source, UTC)
    assert papers(program) == [
        ("Overview of ML in Collider Physics", [("Ana Silva", None)]),
        ("Overview of ML in Neutrino Physics", [("Bruno Costa", None)]),
    ]


_TALKS_WITH_WORKPLACES = [
    ("Ana Silva", "University of Porto", "Stable Boundary Layers over Sea Ice"),
    ("Bo Lindqvist", "Technical University of Denmark", "Wind Farm Wakes in Complex Terrain"),
    ("Cy Ng", "University of Miami", "Aerosol Activation in Shallow Cumulus"),
]


@pytest.mark.parametrize(
    "row",
    [
        # A browser's copy: the cell's <br> ends the row's line after the name, the workplace
        # opens the next line and the title cell follows it after a TAB.
        "{time}\t{name}\n{affiliation}\t{title} (slides|video)\n",
        # The page read cell by cell: the row's first lines, then the cell's later line.
        "{time}\t{name}\t{title} (slides|video)\n{affiliation}\n",
    ],
)
def test_a_speaker_cell_broken_after_the_name_holds_the_workplace(row: str) -> None:
    # "8:30-9:30 | **Ana Silva** <br/> University of Porto | Title": one talk a row, its
    # speaker's cell the name over where they work.
    text = "Tuesday, July 18\n"
    for n, (name, affiliation, title) in enumerate(_TALKS_WITH_WORKPLACES):
        text += row.format(
            time=f"{9 + n}:00-{9 + n}:50", name=name, affiliation=affiliation, title=title
        )
    text += "12:00-13:00\tLunch\n"
    assert papers(parse(text)) == [
        (title, [(name, affiliation)]) for name, affiliation, title in _TALKS_WITH_WORKPLACES
    ]


@pytest.mark.parametrize("label", ["Dinner Presentation", "Invited presentation"])
def test_a_word_and_presentation_before_a_colon_is_the_talks_kind(label: str) -> None:
    # "Dinner Presentation: Title", like "Foresight talk: Title": the kind of talk, not its title.
    text = (
        "Wednesday, July 19\n"
        "9:00-9:50\tAna Silva\nUniversity of Porto\tStable Boundary Layers over Sea Ice\n"
        f"17:15-17:45\tBo Lindqvist\nETH Zurich\t{label}: Wind Farm Wakes in Complex Terrain\n"
    )
    assert papers(parse(text)) == [
        ("Stable Boundary Layers over Sea Ice", [("Ana Silva", "University of Porto")]),
        ("Wind Farm Wakes in Complex Terrain", [("Bo Lindqvist", "ETH Zurich")]),
    ]


@pytest.mark.parametrize("link", ["Upload your slides here", "Timetable here", "Click here"])
def test_a_short_line_ending_in_a_lowercase_here_is_a_link(link: str) -> None:
    # "Drop slides [here](…)": a link's words, no paper of the session above them.
    assert lexer.is_link_line(link)
    program = parse(f"Monday, July 17\n11:00-12:30\tPoster pitches\n{link}\n12:30-13:30\tLunch\n")
    assert papers(program) == []


@pytest.mark.parametrize("title", ["The Future Is Here", "Why we are still here after all"])
def test_a_title_ending_in_here_is_no_link(title: str) -> None:
    assert not lexer.is_link_line(title)


def test_a_field_trip_is_an_excursion_not_a_talk() -> None:
    # "2:30-5:00 | Field Trip" / "Table Mountain Field Station": an outing, and where it goes.
    program = parse(
        "Friday, July 21\n"
        "9:00-9:50\tAna Silva\nUniversity of Porto\tStable Boundary Layers over Sea Ice\n"
        "14:30-17:00\tField Trip\nTable Mountain Field Station\t\n"
    )
    assert [s.kind for s in program.sessions] == [SessionKind.PAPERS, SessionKind.SOCIAL]
    assert papers(program) == [
        ("Stable Boundary Layers over Sea Ice", [("Ana Silva", "University of Porto")])
    ]


@pytest.mark.parametrize(
    "row",
    [
        "{time}\t{name}\n{affiliation}\t{title}\n",
        "{time}\t{name}\t{title}\n{affiliation}\n",
    ],
)
def test_a_unit_and_its_organisation_in_parentheses_is_a_workplace(row: str) -> None:
    # "**Ana Silva** <br/> Climate Division (NOAA)": a unit, its organisation's acronym after it.
    talks = [
        ("Ana Silva", "University of Porto", "Stable Boundary Layers over Sea Ice"),
        ("Bo Lindqvist", "Climate Division (NOAA)", "Wind Farm Wakes in Complex Terrain"),
    ]
    text = "Tuesday, July 18\n"
    for n, (name, affiliation, title) in enumerate(talks):
        text += row.format(
            time=f"{9 + n}:00-{9 + n}:50", name=name, affiliation=affiliation, title=title
        )
    assert papers(parse(text)) == [(title, [(name, aff)]) for name, aff, title in talks]


def test_a_time_and_a_room_in_one_parenthesis_after_a_session_title() -> None:
    # `Oral Session 1A: Health (10:30-11:45, East Exhibition Hall A)`: the session's time and
    # room in one parenthesis at the end; the title is the rest.
    program = parse(
        "Tuesday, 9 December 2025\n"
        "Oral Session 1A: Health (10:30-11:45, East Exhibition Hall A)\n"
        "Chair: Bo Li (MIT)\n"
        "\n"
        "Calibrated Flows\n"
        "Ana Silva (EPFL)\n"
    )
    [session] = program.sessions
    assert (session.title, session.room) == ("Oral Session 1A: Health", "East Exhibition Hall A")
    assert (f"{session.start:%H:%M}", f"{session.end:%H:%M}") == ("10:30", "11:45")
    assert papers(program) == [("Calibrated Flows", [("Ana Silva", "EPFL")])]


def test_a_long_list_of_people_before_a_colon_and_the_title() -> None:
    # `A (X); B (Y); …: Title`, seven authors with their workplaces before the colon: one paper
    # and its people, however long the list runs.
    people = "; ".join(
        f"{name} (University of {place})"
        for name, place in [
            ("Zoë Björklund", "São Paulo"),
            ("Thomas Yamada", "Tokyo"),
            ("Vikram Ogawa", "Zurich"),
            ("Guillaume Van den Berg", "Jerusalem"),
            ("Frederik González", "Madrid"),
            ("Stefan Maes", "Leuven"),
            ("Ana Silva", "Porto"),
        ]
    )
    assert len(people) > 160
    program = parse(
        "Tuesday, 9 December 2025\n"
        "10:30-11:45 Oral Session 1A: Health\n"
        "\n"
        f"{people}: On the Calibration of Latent Normalizing Flows\n"
        "\n"
        "Bo Li (MIT): Sparse Data Augmentation for Question Answering\n"
    )
    [first, second] = papers(program)
    assert first[0] == "On the Calibration of Latent Normalizing Flows"
    assert len(first[1]) == 7
    assert first[1][0] == ("Zoë Björklund", "University of São Paulo")
    assert second == ("Sparse Data Augmentation for Question Answering", [("Bo Li", "MIT")])


def test_a_quoted_title_a_dash_and_its_people_with_their_workplaces() -> None:
    # `“Title” — A (Univ. of Oxford); B (ETH Zurich, Switzerland)`: the spaced dash sets the
    # people off the quoted title; the stops and commas inside their parentheses part nobody.
    found = authors.split_quoted_title(
        "“Kernel Methods Meet Domain Adaptation” — Tomás Schmidt (Univ. of Oxford); "
        "Ricardo Bach (ETH Zurich, Switzerland); Rin Rao (MIT)"
    )
    assert found is not None
    assert found[0] == "Kernel Methods Meet Domain Adaptation"
    assert [(a.name, a.affiliation) for a in found[1].authors] == [
        ("Tomás Schmidt", "Univ. of Oxford"),
        ("Ricardo Bach", "ETH Zurich, Switzerland"),
        ("Rin Rao", "MIT"),
    ]


def test_a_workplace_in_square_brackets_after_a_name() -> None:
    # `Ana Silva [Vector Institute]; Bo Li [MIT]`: square brackets hold where each works, as
    # parentheses do; a link word in them (`[Slides]`) is no workplace.
    line = parse_author_line("Zoë Björklund [Universidade de São Paulo]; Tom Yamada [MIT]; Jo Ng")
    assert [(a.name, a.affiliation) for a in line.authors] == [
        ("Zoë Björklund", "Universidade de São Paulo"),
        ("Tom Yamada", "MIT"),
        ("Jo Ng", None),
    ]
    assert [(a.name, a.affiliation) for a in parse_author_line("Ana Silva [Slides]").authors] == [
        ("Ana Silva", None)
    ]


def test_people_a_spaced_dash_and_the_title() -> None:
    # `A (X); B (Technion - Israel Institute of Technology) – Title`: the people first, then
    # the title after the first spaced dash outside their parentheses; `Graphs – The Next
    # Frontier` has no people before its dash.
    found = authors.split_dash_authors(
        "Nils Luo (Tsinghua University); Giulia Santos (Technion - Israel Institute of "
        "Technology) – Matrix Completion Meets Mixture of Experts"
    )
    assert found is not None
    assert found[0] == "Matrix Completion Meets Mixture of Experts"
    assert [(a.name, a.affiliation) for a in found[1].authors] == [
        ("Nils Luo", "Tsinghua University"),
        ("Giulia Santos", "Technion - Israel Institute of Technology"),
    ]
    assert authors.split_dash_authors("Graphs – The Next Frontier of Data (Keynote)") is None
    program = parse(
        "Tuesday, 9 December 2025\n"
        "10:30-11:45 Oral Session 1B: Learning\n"
        "\n"
        "Nils Luo (Tsinghua University); Petra Sato (MIT) – Offline Policies Without Rewards\n"
        "\n"
        "Bo Li (EPFL) – Streaming Joins on Cheap Sketches\n"
    )
    assert papers(program) == [
        (
            "Offline Policies Without Rewards",
            [("Nils Luo", "Tsinghua University"), ("Petra Sato", "MIT")],
        ),
        ("Streaming Joins on Cheap Sketches", [("Bo Li", "EPFL")]),
    ]


def test_a_paper_with_one_author_and_workplace_a_line() -> None:
    # `Title` / `Ana Silva (MIT)` / `Bo Li (EPFL)` / `Cy Ng (ETH Zurich)`: one person a line,
    # each with a workplace, right below the title: all the paper's people, no titles.
    program = parse(
        "Tuesday, 9 December 2025\n"
        "10:30-11:45 Oral Session 1A: Health\n"
        "\n"
        "Calibrated Flows for Clinical Data\n"
        "Barış Richter (Université de Hamburg)\n"
        "Michał Vogel (Université de Hamburg)\n"
        "José Mishra (University of Amsterdam)\n"
        "\n"
        "Sparse Data Augmentation for Question Answering\n"
        "Kim Bose (ETH Zurich)\n"
        "Li Gu (EPFL)\n"
    )
    assert papers(program) == [
        (
            "Calibrated Flows for Clinical Data",
            [
                ("Barış Richter", "Université de Hamburg"),
                ("Michał Vogel", "Université de Hamburg"),
                ("José Mishra", "University of Amsterdam"),
            ],
        ),
        (
            "Sparse Data Augmentation for Question Answering",
            [("Kim Bose", "ETH Zurich"), ("Li Gu", "EPFL")],
        ),
    ]


def test_people_after_a_title_set_off_by_a_comma_and_by_or_labelled() -> None:
    # `Title, by A (X), B (Y)` and `Title (Speaker: A (X); B (Y))`: on any page, the people
    # after the comma and `by`, or after the label in the closing parenthesis; a dash inside a
    # workplace's name (`Mila - Quebec AI Institute`) sets off nobody.
    expected = (
        "PrismLab: Low-Rank Experts with Max-Flow",
        [("Bo Romano", "Mila - Quebec AI Institute"), ("Jie Patel", "EPFL")],
    )
    for line in (
        "PrismLab: Low-Rank Experts with Max-Flow, by Bo Romano (Mila - Quebec AI Institute), "
        "Jie Patel (EPFL)",
        "PrismLab: Low-Rank Experts with Max-Flow (Speaker: Bo Romano (Mila - Quebec AI "
        "Institute); Jie Patel (EPFL))",
    ):
        program = parse(
            "Tuesday, 9 December 2025\n"
            "13:30-14:45 Oral Session 1A: Kernel Methods\n"
            "\n"
            f"{line}\n"
            "\n"
            "Offline Policies Without Rewards, by Cy Ng (MIT)\n"
        )
        assert papers(program) == [
            expected,
            ("Offline Policies Without Rewards", [("Cy Ng", "MIT")]),
        ], line
    assert authors.split_people_after_title("Learning by Doing, by Design") is None


@pytest.mark.parametrize(
    "banner",
    ["16–17/10/2025, 9:00 a.m.–6:30 p.m.", "3-5 June 2025, 9:00–18:00", "9:00-18:00, 3–5.6.2025"],
)
def test_an_events_days_and_hours_above_its_program_open_no_item(banner: str) -> None:
    # A banner's "16–17/10/2025, 9:00 a.m.–6:30 p.m.": the whole event's days and daily hours,
    # no session at 9:00 holding the venue and the intro's prose below it.
    program = parse(
        f"{banner}\n\nThe University Center, 41 Main Street, Paris\n\n"
        "This symposium seeks to bring together recent social science research on the region.\n\n"
        "Thursday, June 3, 2025\n\n10:45 a.m. – Panel 1: Urban Policies\n\n"
        "Chair: Ana Silva (University of Porto)\n\n"
        "Bo Lindqvist (ETH Zurich), “Cycling in the Margins of the City”\n"
    )
    assert [s.title for s in program.sessions] == ["Panel 1: Urban Policies"]
    assert papers(program) == [
        ("Cycling in the Margins of the City", [("Bo Lindqvist", "ETH Zurich")])
    ]


def test_a_keynote_heading_naming_its_speaker_then_a_quoted_title_and_a_chair() -> None:
    # "9:30 a.m. – Keynote Address: Name, Professor of Sociology, University" / "“Title”" /
    # "Chair: X": the speaker and what and where she is, then the talk's title in quotes, then
    # who chairs the keynote (no session of its own headed by the title).
    program = parse(
        "Thursday, June 3, 2025\n\n"
        "9:30 a.m. – Keynote Address: Nadia Y. Kim, Professor of Sociology, "
        "Texas A&M University\n\n"
        "“Refusing Death: Environmental Justice and the Politics of Emotions”\n\n"
        "Chair: Ana Silva (University of Porto)\n\n"
        "10:30 a.m. – Coffee Break\n"
    )
    keynote = program.sessions[0]
    assert keynote.kind is SessionKind.KEYNOTE
    assert [(c.name, c.affiliation) for c in keynote.chairs] == [
        ("Ana Silva", "University of Porto")
    ]
    assert papers(program) == [
        (
            "Refusing Death: Environmental Justice and the Politics of Emotions",
            [("Nadia Y. Kim", "Professor of Sociology, Texas A&M University")],
        )
    ]


def test_a_format_and_length_before_a_talk_title_is_its_kind() -> None:
    # "10:45 | **Talk by DFO expert (25-30 mins)** [Title](slides.pdf) (Speaker)": the bold
    # lead-in says what kind of talk it is and how long it runs; the title follows it.
    program = parse(
        "Tuesday November 21 2023\n"
        "10:45\tTalk by DFO expert (25-30 mins) Reference Points for small pelagics (Tim Barrett)\n"
        "11:30\tShort talk (10-15 mins) Natural Mortality in Herring Assessment (Ana Silva)\n"
        "13:00\tDemonstration (~2 hrs) Reporting acoustic survey results in R (Bo Lindqvist)\n"
    )
    assert papers(program) == [
        ("Reference Points for small pelagics", [("Tim Barrett", None)]),
        ("Natural Mortality in Herring Assessment", [("Ana Silva", None)]),
        ("Reporting acoustic survey results in R", [("Bo Lindqvist", None)]),
    ]
    assert [s.title for s in program.sessions] == [p[0] for p in papers(program)]


def test_a_dated_heading_with_a_long_theme_after_a_dash_is_a_day_header() -> None:
    # "### Thursday November 23 - Bridges and Barriers - <a theme of many words>": the day's
    # theme after its date, longer than a header's few other words, still starts a new day.
    theme = "Bridges and Barriers - Common Challenges and exploring possible solutions together"
    found = parse_day_header(f"Thursday November 23 - {theme}.")
    assert found is not None
    assert (found[0].month, found[0].day, found[0].weekday) == (11, 23, 3)
    program = parse_text(
        "Wednesday November 22 - Acoustic Surveys\n"
        "9:00\tQuick recap of Tuesday\n"
        f"Thursday November 23 - {theme} of small pelagic assessments.\n"
        "9:00\tQuick recap of Wednesday\n",
        ParseOptions(timezone="UTC", year=2023),
    )
    assert [s.day for s in program.sessions] == [date(2023, 11, 22), date(2023, 11, 23)]


def test_a_long_line_naming_a_date_inside_a_title_is_no_day_header() -> None:
    # The theme must follow a weekday and date opening the line, after a dash.
    assert (
        parse_day_header(
            "Lessons from the field campaign of Thursday November 23 - what the acoustic "
            "survey of herring told us about their spawning grounds"
        )
        is None
    )


def test_a_row_at_the_start_of_a_talk_naming_its_speakers_is_the_next_talk() -> None:
    # "13:35 | Title. (Name)" twice: the first row is one talk with its speaker, not a session
    # timed by its start whose first talk repeats that start; the second is a talk of its own.
    program = parse(
        "Wednesday November 22 2023\n"
        "13:15\tShort talk (15-20 mins) Sample collections for herring in the Gulf. (Ana Silva)\n"
        "13:35\tShort talk (15-20 mins) Survey design for herring. Towards a new method. (Bo Li)\n"
        "13:35\tShort talk (15-20 mins) Pacific Region Survey Design. (Chris Rooper)\n"
        "14:15\tShort talk (15-20 mins) Quebec Region herring survey design. (Shani Rousseau)\n"
    )
    assert papers(program) == [
        ("Sample collections for herring in the Gulf.", [("Ana Silva", None)]),
        ("Survey design for herring. Towards a new method.", [("Bo Li", None)]),
        ("Pacific Region Survey Design.", [("Chris Rooper", None)]),
        ("Quebec Region herring survey design.", [("Shani Rousseau", None)]),
    ]


@pytest.mark.parametrize("kind", ["Paper", "Short Paper", "Journal Talk"])
def test_a_kind_column_after_the_authors_is_no_part_of_them(kind: str) -> None:
    # "<TAB>Title" / "A, B, and C<TAB>Paper": a table's last column says what each entry is.
    text = (
        "August 17, Friday\n"
        "13:40\tSession 1: Sketching\n"
        "\tSketch Retrieval in Virtual Reality\n"
        f"Ana Silva, Bo Li, and Cy Wu\t{kind}\n"
        "\tGrouping in Sketched Diagrams\n"
        f"Dan Roe and Eva Lund\t{kind}\n"
    )
    assert papers(parse(text)) == [
        (
            "Sketch Retrieval in Virtual Reality",
            [("Ana Silva", None), ("Bo Li", None), ("Cy Wu", None)],
        ),
        ("Grouping in Sketched Diagrams", [("Dan Roe", None), ("Eva Lund", None)]),
    ]


def test_a_kind_after_a_time_alone_is_the_items_title() -> None:
    # "11:00 | Keynote": the kind is all the row says of its item.
    assert [c for c in lexer.classify(1, "11:00-12:00\tKeynote").cells if c] == [
        "11:00-12:00",
        "Keynote",
    ]


@pytest.mark.parametrize("chair", ["Vladimir G. Kim (Chair)", "Ana Silva and Bo Li (Co-chairs)"])
def test_people_marked_chair_under_a_session_title_chair_it(chair: str) -> None:
    # "13:40 | Paper Session 1: Sketching" / "Vladimir G. Kim (Chair)": its chair, no paper.
    program = parse(
        "August 17, Friday\n"
        "13:40\tPaper Session 1: Sketching\n"
        f"{chair}\n"
        "\tSketch Retrieval in Virtual Reality\n"
        "Cy Wu and Dan Roe\n"
    )
    want = chair.rsplit(" (", 1)[0].split(" and ")
    assert [c.name for c in program.sessions[0].chairs] == want
    assert papers(program) == [
        ("Sketch Retrieval in Virtual Reality", [("Cy Wu", None), ("Dan Roe", None)])
    ]


@pytest.mark.parametrize(
    ("line", "person"),
    [
        (
            "Maryann Simmons - Senior Software Engineer, Walt Disney Animation Studios",
            ("Maryann Simmons", "Walt Disney Animation Studios"),
        ),
        (
            "Peter Blaskovic - Founder and CEO, Escape Motions",
            ("Peter Blaskovic", "Escape Motions"),
        ),
        (
            "Steve DiPaola - Professor and Chair of the Program, Simon Fraser University",
            ("Steve DiPaola", "Simon Fraser University"),
        ),
    ],
)
def test_a_speakers_post_between_a_dash_and_the_workplace_is_no_workplace(
    line: str, person: tuple[str, str]
) -> None:
    # "Name - Job title, <i>Workplace</i>" under a keynote: who, what they do, and where.
    assert [(p.name, p.affiliation) for p in authors.parse_author_line(line).authors] == [person]


def test_a_dash_before_a_workplace_without_a_post_still_names_it() -> None:
    assert [
        (p.name, p.affiliation)
        for p in authors.parse_author_line("Ana Silva - University of Porto, Portugal").authors
    ] == [("Ana Silva", "University of Porto, Portugal")]


@pytest.mark.parametrize("label", ["Journal<br/> Talk", "Dinner/<br/>Keynote"])
def test_a_label_cell_broken_over_lines_is_one_label_not_a_track(label: str) -> None:
    # "| | Title<br/>A and B | Journal<br/> Talk |": the label's words wrap in its narrow
    # cell; the row is one entry, its authors under its title, the label beside it.
    page = (
        "<table><tr><td>13:30</td><td colspan='2'><b>Session 4: Brushes</b></td></tr>"
        f"<tr><td></td><td><a href='#p1'>Pigment-Based Image Editing</a><br/>Ana Silva and Bo Li"
        f"</td><td>{label}</td></tr></table>"
    )
    assert html_to_text(page).splitlines()[1:3] == [
        f"\tPigment-Based Image Editing\t{label.replace('<br/>', ' ').replace('  ', ' ')}",
        "Ana Silva and Bo Li",
    ]


@pytest.mark.parametrize("link", [" - (slides)", " – [PDF]", " | (video)"])
def test_a_link_after_a_spaced_dash_is_no_part_of_a_speaker(link: str) -> None:
    # "13:10 | Ana Silva (Glasgow) - (slides)" over the italic title: the link's words, after a
    # dash, end the speaker's line on some talks of the page and not on others.
    program = parse(
        "Tuesday 7 April\n"
        f"13:10\tAna Silva (Glasgow){link}\nAlgorithms for Fair Stable Matchings\n"
        "13:35\tBo Lindqvist (Oxford)\nStable Roommates with Triple Rooms\n"
        f"14:00\tCarla Mendes (Leeds){link}\nProperty Testing of Hard Problems\n"
    )
    assert papers(program) == [
        ("Algorithms for Fair Stable Matchings", [("Ana Silva", "Glasgow")]),
        ("Stable Roommates with Triple Rooms", [("Bo Lindqvist", "Oxford")]),
        ("Property Testing of Hard Problems", [("Carla Mendes", "Leeds")]),
    ]


@pytest.mark.parametrize(
    "details",
    ["Zoom Meeting ID: 778-265-535 (Stream A)", "Meeting ID: 845 2231 9920", "Passcode: 123456"],
)
def test_an_online_meetings_id_is_no_paper(details: str) -> None:
    # "Contributed Talks 1A" / "Zoom Meeting ID: 778-265-535 (Stream A)": how to join the
    # session's call, under its heading, names no talk.
    assert lexer.is_link_line(details)
    program = parse(
        "Tuesday 7 April\n"
        "Contributed Talks 1A: Stable Matching\n"
        f"{details}\n"
        "13:10\tAna Silva (Glasgow)\nAlgorithms for Fair Stable Matchings\n"
        "13:35\tBo Lindqvist (Oxford)\nStable Roommates with Triple Rooms\n"
    )
    assert [title for title, _ in papers(program)] == [
        "Algorithms for Fair Stable Matchings",
        "Stable Roommates with Triple Rooms",
    ]


@pytest.mark.parametrize("initials", ["MS", "MR"])
def test_capital_initials_before_a_surname_are_no_courtesy_title(initials: str) -> None:
    # "12:00 | MS Ramanujan (Warwick)": two given names' initials, undotted, as British pages
    # print them; "Ms Ana Silva" or "Ms. Silva" is how one addresses her.
    program = parse(
        "Tuesday 7 April\n"
        "11:20\tEdith Elkind (Oxford)\nHedonic Diversity Games\n"
        f"12:00\t{initials} Ramanujan (Warwick)\nLossy Kernelization\n"
        "12:40\tBreak\n"
    )
    assert papers(program) == [
        ("Hedonic Diversity Games", [("Edith Elkind", "Oxford")]),
        ("Lossy Kernelization", [(f"{initials} Ramanujan", "Warwick")]),
    ]


def test_a_heading_after_a_timed_speakers_talk_is_no_second_title() -> None:
    # "10:10 | Oliver Kullmann (Swansea)" / its title / "Contributed Talks 2B: Type Theory" /
    # "09:20 | Olga Petrovska (Swansea)": the talk has its one title; the line after it heads
    # the parallel session printed next.
    program = parse(
        "Wednesday 8 April\n"
        "Contributed Talks 2A: Complexity\n"
        "09:20\tPavel Vesely (Warwick)\nTight Lower Bounds for Quantile Summaries\n"
        "09:45\tNoleen Kohler (Leeds)\nProperty Testing of Hard Problems\n"
        "Contributed Talks 2B: Type Theory and Theorem Proving\n"
        "09:20\tOlga Petrovska (Swansea)\nFixed Point Logic and Program Extraction\n"
        "09:45\tAhmed Bhayat (Manchester)\nHigher-Order Theorem Proving\n"
    )
    assert [title for title, _ in papers(program)] == [
        "Tight Lower Bounds for Quantile Summaries",
        "Property Testing of Hard Problems",
        "Fixed Point Logic and Program Extraction",
        "Higher-Order Theorem Proving",
    ]


def test_a_heading_above_a_speakers_row_with_a_link_is_no_second_title() -> None:
    # "Contributed Talks 2B: Logic" / "09:20 | Olga Petrovska (Swansea) - (slides)": the
    # speaker's row is known without the link glued on after it.
    program = parse(
        "Wednesday 8 April\n"
        "Contributed Talks 2A: Complexity\n"
        "09:20\tPavel Vesely (Warwick)\nTight Lower Bounds for Quantile Summaries\n"
        "09:45\tNoleen Kohler (Leeds)\nProperty Testing of Hard Problems\n"
        "Contributed Talks 2B: Type Theory and Theorem Proving\n"
        "09:20\tOlga Petrovska (Swansea) - (slides)\nFixed Point Logic and Program Extraction\n"
        "09:45\tAhmed Bhayat (Manchester) - (slides)\nHigher-Order Theorem Proving\n"
    )
    assert [title for title, _ in papers(program)] == [
        "Tight Lower Bounds for Quantile Summaries",
        "Property Testing of Hard Problems",
        "Fixed Point Logic and Program Extraction",
        "Higher-Order Theorem Proving",
    ]


def test_a_place_cell_before_a_timed_row_is_where_the_session_is() -> None:
    # A cell spanning a session's rows (`Session 1: Combustors<br>Venue: Senate Hall`) ends with
    # its place, and a browser's copy runs the first row's cells on after that line.
    text = (
        "Monday, March 18, 2019\n"
        "Session 1: Combustors\n"
        "Venue: Senate Hall\t10:00-10:30\tLow Emission Combustor Design for Aircraft Engines\n"
        "Ana Silva\n"
        "10:30-11:00\tSpray Flames in Swirl Injectors\n"
        "Bo Lindqvist\n"
    )
    program = parse(text)
    assert papers(program) == [
        ("Low Emission Combustor Design for Aircraft Engines", [("Ana Silva", None)]),
        ("Spray Flames in Swirl Injectors", [("Bo Lindqvist", None)]),
    ]
    session = program.sessions[0]
    assert session.start is not None
    assert session.start.strftime("%H:%M") == "10:00"
    assert session.room == "Senate Hall"


@pytest.mark.parametrize(
    ("line", "title", "room"),
    [
        ("Tea Break from 11:30 to 12:00 at Senate Hall", "Tea Break", "Senate Hall"),
        ("Lunch from 11:30 to 12:00", "Lunch", None),
    ],
)
def test_a_break_sentence_from_one_time_to_another_is_the_break(
    line: str, title: str, room: str | None
) -> None:
    # "Tea Break from 11:30 to 12:00 at Senate Hall": a break's name, its times and its place
    # in one sentence, as a table's spanning row prints them.
    program = parse(f"Monday, March 18, 2019\n{line}\n")
    assert [(s.title, s.kind, s.room) for s in program.sessions] == [
        (title, SessionKind.BREAK, room)
    ]
    start = program.sessions[0].start
    assert start is not None
    assert start.strftime("%H:%M") == "11:30"


def test_a_time_cell_after_a_spanning_session_cell_keeps_its_time() -> None:
    # `<td rowspan=2>Session 1: Combustors<br>Venue: Senate Hall</td><td>10:00-10:30</td>
    # <td>Title<br><b>Name</b></td>`: the single-line time cell between the session's cell and
    # the talk's stays with the talk.
    page = (
        "<table><tr><th colspan=3>Monday, March 18, 2019</th></tr>"
        "<tr><td rowspan=2>Session 1: Combustors<br>Venue: Senate Hall</td><td>10:00-10:30</td>"
        "<td>Low Emission Combustor Design for Aircraft Engines<br><b>Ana Silva</b></td></tr>"
        "<tr><td>10:30-11:00</td><td>Spray Flames in Swirl Injectors<br><b>Bo Lindqvist</b></td>"
        "</tr></table>"
    )
    program = parse(html_to_text(page))
    assert papers(program) == [
        ("Low Emission Combustor Design for Aircraft Engines", [("Ana Silva", None)]),
        ("Spray Flames in Swirl Injectors", [("Bo Lindqvist", None)]),
    ]
    session = program.sessions[0]
    assert session.start is not None
    assert session.start.strftime("%H:%M") == "10:00"


def test_an_item_then_its_time_then_its_place_reads_time_first() -> None:
    # `Panel Discussion | 14:30-15:30 | Venue: Senate Hall`: a table whose columns are the
    # event, its time and where it is; the row is the item at that time.
    line = classify(1, "Panel Discussion\t14:30-15:30\tVenue: Senate Hall")
    assert line.kind is LineKind.TIME
    assert line.cells == ["14:30-15:30", "Panel Discussion", "Venue: Senate Hall"]
    program = parse(
        "Monday, March 18, 2019\n"
        "12:30-13:30\tLunch\n"
        "Panel Discussion\t14:30-15:30\tVenue: Senate Hall\n"
    )
    assert papers(program) == []
    assert [s.title for s in program.sessions] == ["Lunch", "Panel Discussion"]


@pytest.mark.parametrize("name", ["Mohammed Ibrahim. S", "Ravi Kumar. K."])
def test_a_name_then_a_stop_and_an_initial_is_a_name(name: str) -> None:
    # "Mohammed Ibrahim. S": an initial printed after the name, as in South India; the stop
    # ends no sentence.
    assert authors.is_name_like(name)
    program = parse(
        "Monday, March 18, 2019\n"
        "Session 1: Shock Waves\n"
        "09:00-09:30\tCredible CFD Analysis of High-Speed Propulsion Systems\n"
        "Ana Silva\n"
        f"09:30-10:00\tShock Wave Focusing\n{name}\n"
    )
    assert papers(program) == [
        ("Credible CFD Analysis of High-Speed Propulsion Systems", [("Ana Silva", None)]),
        ("Shock Wave Focusing", [(name, None)]),
    ]


def test_a_social_item_then_its_time_then_its_place_reads_time_first() -> None:
    # `Welcome Dinner | 19:30-21:30 | Institute Guest House`: the place names no room word,
    # but a dinner is no talk, so the row is the item at that time, its place after it.
    line = classify(1, "Welcome Dinner\t19:30-21:30\tInstitute Guest House")
    assert line.kind is LineKind.TIME
    assert line.cells == ["19:30-21:30", "Welcome Dinner", "Institute Guest House"]


def test_a_lowercase_chair_after_a_session_label_is_its_chair() -> None:
    # "Session 1: chair Valeria de Paiva": the label's colon, then `chair` and the name, no colon.
    program = parse(
        "Monday, September 22\n"
        "10:00\t11:00\tSession 1: chair Ana Silva\n"
        "10:00\t10:25\tComplex Categories in Ontologies (Bo Lindqvist and Eve Roy)\n"
        "10:25\t10:50\tNominalisations: a Lexical Semantic Proposal (Carla Mota)\n"
    )
    session = program.sessions[0]
    assert session.title == "Session 1"
    assert [c.name for c in session.chairs] == ["Ana Silva"]


@pytest.mark.parametrize("link", [" - slides", ", slides"])
def test_a_slides_link_after_the_speakers_in_parentheses_is_no_name(link: str) -> None:
    # "Title (Ana Silva and Bo Li - slides)": the link to the slides printed inside the parentheses.
    program = parse(
        "Monday, September 22\n"
        "10:00\t11:00\tSession 1: chair Ana Silva\n"
        f"10:00\t10:25\tComplex Categories in Ontologies (Bo Lindqvist and Eve Roy{link})\n"
        f"10:25\t10:50\tNominalisations: a Lexical Semantic Proposal (Carla Mota{link})\n"
    )
    assert papers(program) == [
        ("Complex Categories in Ontologies", [("Bo Lindqvist", None), ("Eve Roy", None)]),
        ("Nominalisations: a Lexical Semantic Proposal", [("Carla Mota", None)]),
    ]


def test_the_deadlines_of_an_important_dates_box_are_no_days() -> None:
    # A sidebar's "Important Dates" before the program: the call's deadlines, then the day.
    program = parse(
        "Important Dates\n"
        "Submission:\tMay 30, 2014 (extended)\n"
        "Acceptance:\tJune 30, 2014\n"
        "Camera ready:\tJuly 15, 2014\n"
        "Workshop:\tSeptember 22, 2014\n"
        "Program\n"
        "10:00\t11:00\tSession 1: chair Ana Silva\n"
        "10:00\t10:25\tComplex Categories in Ontologies (Bo Lindqvist and Eve Roy)\n"
        "10:25\t10:50\tNominalisations: a Lexical Semantic Proposal (Carla Mota)\n"
    )
    assert [s.day for s in program.sessions if s.papers] == [date(2014, 9, 22)]


def test_a_start_end_column_header_is_no_paper() -> None:
    # "start | end | activity": a timetable's header, its times in two columns.
    program = parse(
        "Monday, September 22\n"
        "Tentative Program\n"
        "start\tend\tactivity\n"
        "10:00\t11:00\tSession 1: chair Ana Silva\n"
        "10:00\t10:25\tComplex Categories in Ontologies (Bo Lindqvist and Eve Roy)\n"
        "10:25\t10:50\tNominalisations: a Lexical Semantic Proposal (Carla Mota)\n"
    )
    assert [title for title, _ in papers(program)] == [
        "Complex Categories in Ontologies",
        "Nominalisations: a Lexical Semantic Proposal",
    ]


def test_timed_papers_as_bullets_with_their_placed_people_in_parentheses() -> None:
    # `- 10:30–10:48 Title (A (X), B (Y))`: each paper a bullet, its own range first, then its
    # title and, in a closing parenthesis, its people each with a workplace of their own.
    program = parse(
        "Tuesday, 9 December 2025\n"
        "10:30-11:45 Oral Session 1A: Health\n"
        "- 10:30–10:48 On the Calibration of Latent Flows (Zoë Björklund (Universidade de "
        "São Paulo), Thomas Yamada (Max Planck Institute for Intelligent Systems))\n"
        "- 10:48–11:07 Sparse Data Augmentation (Barış Richter (Université de Hamburg))\n"
    )
    assert papers(program) == [
        (
            "On the Calibration of Latent Flows",
            [
                ("Zoë Björklund", "Universidade de São Paulo"),
                ("Thomas Yamada", "Max Planck Institute for Intelligent Systems"),
            ],
        ),
        ("Sparse Data Augmentation", [("Barış Richter", "Université de Hamburg")]),
    ]


def test_a_session_numbered_on_one_line_and_named_on_the_next_above_its_time_and_room() -> None:
    # `Oral Session 1B` / `Computer Vision` / `10:30-11:45 · Hall B`: the label and the topic
    # are one title, even where the topic reads like a name; the room follows the time.
    program = parse(
        "Tuesday, December 9\n"
        "\n"
        "Opening Remarks\n"
        "08:45-09:00 · Main Hall\n"
        "\n"
        "Oral Session 1A\n"
        "Computer Vision\n"
        "10:30-11:45 · East Exhibition Hall A\n"
        "Chair: Ana Silva (MIT)\n"
        "\n"
        "Sparse Recovery for Tabular Data\n"
        "Bo Li (EPFL); Eve Roy (ETH Zurich)\n"
        "\n"
        "Oral Session 1B\n"
        "Datasets and Benchmarks\n"
        "10:30-11:45 · East Exhibition Hall B\n"
        "Chair: Jan Novak (Oxford)\n"
        "\n"
        "Calibrated Flows\n"
        "Kim Bose (Tsinghua University)\n"
    )
    assert [(s.title, s.room, s.start and f"{s.start:%H:%M}") for s in program.sessions] == [
        ("Opening Remarks", "Main Hall", "08:45"),
        ("Oral Session 1A: Computer Vision", "East Exhibition Hall A", "10:30"),
        ("Oral Session 1B: Datasets and Benchmarks", "East Exhibition Hall B", "10:30"),
    ]
    assert [title for title, _ in papers(program)] == [
        "Sparse Recovery for Tabular Data",
        "Calibrated Flows",
    ]


def test_markdown_headings_over_a_time_and_room_line_title_their_items() -> None:
    # `### Title` / `*09:00-10:00* · Main Hall`: each heading stands above its time, the talk
    # of a keynote below both.
    program = parse_program(
        "Tuesday, December 9\n"
        "\n"
        "### Opening Remarks\n"
        "*08:45-09:00* · Main Hall\n"
        "\n"
        "### Invited Talk: Hoang Zhang\n"
        "*09:00-10:00* · Main Hall\n"
        "Chair: Christoph Schulz (Vector Institute)\n"
        "\n"
        "**The Next Decade of Machine Learning Systems**\n"
        "_Hoang Zhang (ETH Zurich)_\n"
        "\n"
        "### Coffee break\n"
        "*10:00-10:30*\n",
        UTC,
    )
    assert [(s.title, s.room, s.start and f"{s.start:%H:%M}") for s in program.sessions] == [
        ("Opening Remarks", "Main Hall", "08:45"),
        ("Invited Talk: Hoang Zhang", "Main Hall", "09:00"),
        ("Coffee break", None, "10:00"),
    ]
    assert [c.name for c in program.sessions[1].chairs] == ["Christoph Schulz"]
    assert papers(program) == [
        ("The Next Decade of Machine Learning Systems", [("Hoang Zhang", "ETH Zurich")])
    ]


def test_a_room_after_a_long_dash_in_a_session_header() -> None:
    # `Poster Session 1 — East Exhibit Hall A-C`: the place after the dash is the room.
    program = parse(
        "Tuesday, December 9\n"
        "Poster Session 1 — East Exhibit Hall A-C\n"
        "11:00-14:00\n"
        "\n"
        "Calibrated Flows\n"
        "Kim Bose (Tsinghua University)\n"
    )
    assert [(s.title, s.room) for s in program.sessions] == [
        ("Poster Session 1", "East Exhibit Hall A-C")
    ]


def test_a_keynote_slot_then_its_talk_in_the_same_slot_is_one_item() -> None:
    # `09:00-10:00 | Invited Talk: Ana Silva` / `09:00-10:00 | Title | Ana Silva (MIT)`: the
    # row under the item, in its very slot, is the talk the item named, not an item of its own.
    program = parse(
        "Tuesday, December 9\n"
        "Time\tTitle\tSpeakers\n"
        "09:00-10:00\tInvited Talk: Ana Silva\tMain Hall\n"
        "Chair: Christoph Schulz (Vector Institute)\n"
        "09:00-10:00\tThe Next Decade of Learning Systems\tAna Silva (MIT)\n"
        "10:00-10:30\tCoffee break\t\n"
    )
    assert [s.title for s in program.sessions] == ["Invited Talk: Ana Silva", "Coffee break"]
    assert papers(program) == [("The Next Decade of Learning Systems", [("Ana Silva", "MIT")])]


def test_a_keynote_slot_printed_again_over_its_speaker_and_talk() -> None:
    # `09:00-10:00 Invited Talk: Ana Silva` / `09:00–10:00` / `Ana Silva (MIT)` / title: the
    # slot said again, then who speaks and on what.
    program = parse(
        "Tuesday, December 9\n"
        "09:00-10:00 Invited Talk: Ana Silva, Main Hall\n"
        "Chair: Christoph Schulz (Vector Institute)\n"
        "\n"
        "09:00–10:00\n"
        "Ana Silva (MIT)\n"
        "The Next Decade of Learning Systems\n"
        "\n"
        "10:00-10:30 Coffee break\n"
    )
    assert [s.title for s in program.sessions] == ["Invited Talk: Ana Silva", "Coffee break"]
    assert papers(program) == [("The Next Decade of Learning Systems", [("Ana Silva", "MIT")])]


def test_the_page_sections_after_the_program_are_no_papers() -> None:
    # "Venue" / its address / "Contact" / a sentence / "Sponsors" / firms, below the last item:
    # the page has moved on; each line is named in a warning, none is a paper.
    text = (
        "Tuesday, December 9\n"
        "15:15-16:30 Oral Session 5A: Multimodal Learning\n"
        "Chair: Ana Silva (MIT)\n"
        "\n"
        "Sparse Recovery for Tabular Data\n"
        "Bo Li (EPFL); Eve Roy (ETH Zurich)\n"
        "\n"
        "Venue\n"
        "\n"
        "Vancouver Convention Centre\n"
        "1055 Canada Place\n"
        "Vancouver, BC V6C 0C3, Canada\n"
        "\n"
        "Contact\n"
        "For questions about the program, write to chairs@example.org.\n"
        "\n"
        "Sponsors\n"
        "Google DeepMind\n"
        "Microsoft Research\n"
        "\n"
        "Organizing Committee\n"
        "General Chair: Kim Bose (University of Porto)\n"
    )
    program = parse(text)
    assert papers(program) == [
        ("Sparse Recovery for Tabular Data", [("Bo Li", "EPFL"), ("Eve Roy", "ETH Zurich")])
    ]
    assert [c.name for c in program.sessions[0].chairs] == ["Ana Silva"]
    ignored = {w.line for w in program.warnings if "after the program ends" in w.message}
    assert ignored == {8, 10, 11, 12, 14, 15, 17, 18, 19, 21, 22}


def test_a_page_section_heading_inside_the_program_ends_nothing() -> None:
    # "Venue" above more timed items is the page's own heading, not its end.
    program = parse(
        "Tuesday, December 9\n"
        "Venue\n"
        "Main Hall\n"
        "09:00-10:00 Keynote: Ana Silva\n"
        "10:00-11:00 Session 1: Learning\n"
        "\n"
        "Sparse Recovery for Tabular Data\n"
        "Bo Li (EPFL)\n"
    )
    assert [title for title, _ in papers(program)][-1] == "Sparse Recovery for Tabular Data"
    assert not any("after the program ends" in w.message for w in program.warnings)


def test_a_room_column_between_the_time_and_the_speaker_over_the_title_row() -> None:
    # `09:00 | Room 2.01 | Ana Silva` / ` | | Title`: a table whose second column is the room,
    # each talk's speaker in its timed row and its title alone in the row below.
    program = parse(
        "Thursday, 14 September 2017\n"
        "Time\tRoom\t\n"
        "12:30\tCafe\tRefreshments\n"
        "13:00\t0.21\tDaniela Fritsch\n"
        "\t\t\u201cOptical properties of amorphous oxides\u201d\n"
        "13:20\t0.21\tGiulia Marchetti\n"
        "\t\t\u201cDetection of clusters during nucleation\u201d\n"
        "13:40\t0.21\tLee Steinway\n"
        "\t\t\u201cTopological analysis of water networks\u201d\n"
        "14:00\tCafe\tRefreshments and Posters\n"
    )
    assert papers(program) == [
        ("Optical properties of amorphous oxides", [("Daniela Fritsch", None)]),
        ("Detection of clusters during nucleation", [("Giulia Marchetti", None)]),
        ("Topological analysis of water networks", [("Lee Steinway", None)]),
    ]


_ROOM_AND_CHAIR_TABLE = (
    "Time\tRoom / Chair\t15/05/2024\n"
    "08:30\tFoyer\tRegistration\n"
    "13:00\tL4 / Susan Jankowski\tVolker Blomqvist\n"
    "\t\tOverview of the code\n"
    "13:20\t\tDorothy Golzberg\n"
    "\t\tLow-scaling methods in the code\n"
    "14:00\t\tBreak\n"
    "14:30\tL4 / Connor Boxall\tDylan Morganson\n"
    "\t\tSurface spectroscopy with corrections\n"
    "14:50\t\tWendy Caine\n"
    "\t\tCore-electron binding energies\n"
    "15:30\tOutside L4\tRefreshments\n"
    "Time\tRoom / Chair\t16/05/2024\n"
    "09:00\tL3 / Prakash Kayani\tChristian Carbone\n"
    "\t\tCharge transport: opportunities and challenges\n"
    "09:40\t\tSvenja Jansen\n"
    "\t\tHybrid organic-inorganic perovskites\n"
    "10:00\tOutside L3\tRefreshments\n"
)


def test_a_date_in_a_tables_header_is_its_day_not_a_room() -> None:
    # `Time | Room / Chair | 15/05/2024`: one table per day, the day heading the item column.
    program = parse(_ROOM_AND_CHAIR_TABLE)
    days = {p.title: s.day for s in program.sessions for p in s.papers}
    assert days["Overview of the code"] == date(2024, 5, 15)
    assert days["Hybrid organic-inorganic perovskites"] == date(2024, 5, 16)
    assert "15/05/2024" not in {s.room for s in program.sessions}


def test_a_room_and_chair_column_names_each_blocks_room_and_chair() -> None:
    # `13:00 | L4 / Susan Jankowski | Volker Blomqvist` / ` | | Title`: under a `Room / Chair`
    # header the block's first talk prints its room and its chair in one cell; each talk's
    # speaker is in its timed row and its title alone in the row below.
    program = parse(_ROOM_AND_CHAIR_TABLE)
    assert papers(program) == [
        ("Overview of the code", [("Volker Blomqvist", None)]),
        ("Low-scaling methods in the code", [("Dorothy Golzberg", None)]),
        ("Surface spectroscopy with corrections", [("Dylan Morganson", None)]),
        ("Core-electron binding energies", [("Wendy Caine", None)]),
        ("Charge transport: opportunities and challenges", [("Christian Carbone", None)]),
        ("Hybrid organic-inorganic perovskites", [("Svenja Jansen", None)]),
    ]
    opening = {s.papers[0].title: s for s in program.sessions if s.papers}
    assert opening["Overview of the code"].room == "L4"
    assert [c.name for c in opening["Overview of the code"].chairs] == ["Susan Jankowski"]
    assert [c.name for c in opening["Charge transport: opportunities and challenges"].chairs] == [
        "Prakash Kayani"
    ]


def test_a_table_copied_with_a_paragraph_in_every_cell() -> None:
    # `<td><p>13:00</p></td><td><p>0.21</p></td>…`: a browser's copy puts the paragraphs' blank
    # lines around every cell, so each cell is a line of its own and the TAB between two cells
    # a line of its own too; the rows are parted by longer runs of blank lines.
    def row(*cells: str) -> str:
        return "\n\n\t\n\n".join(cells)

    program = parse(
        "Thursday, 14 September 2017\n\n"
        + "\n\n\n\n".join(
            [
                row("Time", "Room", "Item"),
                row("12:30", "Cafe", "Refreshments"),
                row("13:00", "0.21", "Daniela Fritsch"),
                "Optical properties of amorphous oxides",
                row("13:20", "0.21", "Giulia Marchetti"),
                "Detection of clusters during nucleation",
                row("13:40", "0.21", "Lee Steinway"),
                "Topological analysis of water networks",
                row("14:00", "Cafe", "Refreshments and Posters"),
            ]
        )
        + "\n"
    )
    assert papers(program) == [
        ("Optical properties of amorphous oxides", [("Daniela Fritsch", None)]),
        ("Detection of clusters during nucleation", [("Giulia Marchetti", None)]),
        ("Topological analysis of water networks", [("Lee Steinway", None)]),
    ]


def test_a_break_printed_inside_a_blocks_span_keeps_the_block_going() -> None:
    # `14h – 17h Talks – Room A`, its talks a line each, and `15h05 – Break` among them: the
    # pause is the block's own, the talks after it still the block's.
    program = parse(
        "Monday 12th of May 2025\n"
        "14h – 17h Presentations – Room A\n"
        "Ana Silva, “Erosion of river banks under floods”\n"
        "Bo Lindqvist, “Seismic noise in coastal cities”\n"
        "15h05 – Break\n"
        "Carla Mota, “Glacier melt and sea level”\n"
        "Dan Brown, “Soil carbon across scales”\n"
    )
    with_papers = [s for s in program.sessions if s.papers]
    assert [(s.title, s.room, len(s.papers)) for s in with_papers] == [
        ("Presentations", "Room A", 4)
    ]
    start = with_papers[0].start
    assert start is not None
    assert start.hour == 14


def test_a_broken_tag_printed_as_text_is_no_part_of_the_line() -> None:
    # A hand-written page's mistyped end tag (`<\strong>`, a backslash for the slash) is shown
    # by the browser as text: markup, not part of the speaker's name or the title.
    program = parse(
        "Monday 12th of May 2025\n"
        "14h – 17h Presentations – Room A\n"
        "Ana Silva, “Erosion of river banks under floods”\n"
        "Bo Lindqvist<\\strong>,“Seismic noise in coastal cities”\n"
        "Carla Mota</b>, “Glacier melt and sea level”\n"
    )
    assert papers(program) == [
        ("Erosion of river banks under floods", [("Ana Silva", None)]),
        ("Seismic noise in coastal cities", [("Bo Lindqvist", None)]),
        ("Glacier melt and sea level", [("Carla Mota", None)]),
    ]


def test_a_dash_in_a_rows_speaker_cell_names_nobody() -> None:
    # `Time | Speaker | Talk` with `—` where a break has no speaker: the dash fills the column,
    # so the row is the break itself, no talk of a speaker named `—`.
    program = parse(
        "July 3rd, 2026\n"
        "Time\tSpeaker\tTalk / Session\n"
        "09:30 – 09:50\tAna Silva\tErosion of river banks under floods\n"
        "10:30 – 11:00\t—\tDiscussions + Coffee Break\n"
        "11:00 – 11:20\tBo Lindqvist\tSeismic noise in coastal cities\n"
        "12:20 – 12:40\t—\tOpen Discussions\n"
        "12:40 – 14:00\t—\tLunch Break\n"
    )
    assert papers(program) == [
        ("Erosion of river banks under floods", [("Ana Silva", None)]),
        ("Seismic noise in coastal cities", [("Bo Lindqvist", None)]),
    ]
    assert [s.kind for s in program.sessions if "Break" in (s.title or "")] == [
        SessionKind.BREAK,
        SessionKind.BREAK,
    ]


def test_an_affiliation_under_the_speakers_name_in_a_table_cell_is_theirs() -> None:
    # `<td>09:30 – 09:50</td><td>Name<br><span>UNIX</span></td><td>Title</td>`: the speaker
    # column prints each speaker's workplace under the name, inside the cell.
    rows = [
        ("09:30 – 09:50", "Ana Silva", "UNIMORE", "Erosion of river banks under floods"),
        ("09:50 – 10:10", "Bo Lindqvist", "UNIPD", "Seismic noise in coastal cities"),
        ("10:10 – 10:30", "Carla Mota", "UNIMORE", "Glacier melt and sea level"),
        ("10:30 – 10:50", "Dan Brown", "UNIPD", "Soil carbon across scales"),
    ]
    body = "".join(
        f"<tr><td>{t}</td><td>{n}<br><span class='affil'>{a}</span></td><td>{title}</td></tr>"
        for t, n, a, title in rows
    )
    page = (
        "<html><body><h2>July 3rd, 2026</h2><table><thead><tr><th>Time</th><th>Speaker</th>"
        f"<th>Talk</th></tr></thead><tbody>{body}</tbody></table></body></html>"
    )
    program = parse_program(page, UTC)
    assert papers(program) == [(title, [(n, a)]) for _, n, a, title in rows]


def test_a_room_after_a_session_label_is_where_the_session_is() -> None:
    # `Poster session - Hallway`: a label and, after its dash, no title but a place; the
    # label names the session, the place is its room.
    program = parse(
        "Wednesday 13th of April 2022\n"
        "10h30 - 12h30 Poster session - Hallway\n"
        "Ana Silva, “Erosion of river banks under floods”\n"
        "Bo Lindqvist, “Seismic noise in coastal cities”\n"
        "14h - 17h Poster session - Main Hall\n"
        "Carla Mota, “Glacier melt and sea level”\n"
        "Dan Brown, “Soil carbon across scales”\n"
    )
    assert [(s.title, s.room) for s in program.sessions] == [
        ("Poster session", "Hallway"),
        ("Poster session", "Main Hall"),
    ]


def test_a_person_a_line_some_without_a_workplace() -> None:
    # "Title" / "Dong Mendes" / "Alice Krishnan (CMU)" / "Zeynep-Yasmin Klein" / "Ryo Smith
    # (RIKEN AIP)" / "Łukasz Mori": one author a line, some printed without where they work,
    # some at a workplace known by its capitals; none is the next title.
    program = parse(
        "Tuesday, December 9\n"
        "10:30-11:45 Oral Session 1A: Health\n"
        "\n"
        "Structured Tokenization for Video Understanding\n"
        "Dong Mendes\n"
        "Alice Krishnan (Carnegie Mellon University)\n"
        "Sakura Yılmaz (ETH Zurich)\n"
        "\n"
        "GraphMix: Rethinking Normalizing Flows\n"
        "Claudia Yadav (Univ. of Toronto)\n"
        "Noémie-Ioannis Romano\n"
        "Ryo Smith (RIKEN AIP)\n"
        "Łukasz Mori\n"
        "\n"
        "Calibrated Flows\n"
        "Kim Bose (Tsinghua University)\n"
    )
    assert papers(program) == [
        (
            "Structured Tokenization for Video Understanding",
            [
                ("Dong Mendes", None),
                ("Alice Krishnan", "Carnegie Mellon University"),
                ("Sakura Yılmaz", "ETH Zurich"),
            ],
        ),
        (
            "GraphMix: Rethinking Normalizing Flows",
            [
                ("Claudia Yadav", "Univ. of Toronto"),
                ("Noémie-Ioannis Romano", None),
                ("Ryo Smith", "RIKEN AIP"),
                ("Łukasz Mori", None),
            ],
        ),
        ("Calibrated Flows", [("Kim Bose", "Tsinghua University")]),
    ]


def test_workplaces_in_square_brackets_known_or_not() -> None:
    # `A [MIT]; B [RIKEN AIP]; C`: most brackets of the list name known workplaces, so the
    # others do too; `[Stanford University, France]` printed again and again is no room.
    chair = "Chair: Michał K. Rossi [Stanford University, France]\n"
    program = parse(
        "Tuesday, December 9\n"
        "10:30-11:45 Oral Session 1A: Health, East Hall A\n"
        f"{chair}\n"
        "DeepSparse: A Benchmark for Architecture Search\n"
        "Alejandro Zheng [MIT]; Shengqi Pereira [RIKEN AIP]; Jing Mao-Pérez\n"
        "\n"
        "13:30-14:45 Oral Session 1B: Vision, East Hall B\n"
        f"{chair}\n"
        "Beyond Bandits: Long-Context Max-Flow\n"
        "Ali Blanco [EPFL]; Mei Williams [Silverline AI]; Zhang Ye [University of Edinburgh]\n"
        "\n"
        "15:15-16:30 Oral Session 1C: Speech, East Hall C\n"
        f"{chair}\n"
        "Calibrated Flows\n"
        "Kim Bose [Tsinghua University]\n"
    )
    assert papers(program) == [
        (
            "DeepSparse: A Benchmark for Architecture Search",
            [
                ("Alejandro Zheng", "MIT"),
                ("Shengqi Pereira", "RIKEN AIP"),
                ("Jing Mao-Pérez", None),
            ],
        ),
        (
            "Beyond Bandits: Long-Context Max-Flow",
            [
                ("Ali Blanco", "EPFL"),
                ("Mei Williams", "Silverline AI"),
                ("Zhang Ye", "University of Edinburgh"),
            ],
        ),
        ("Calibrated Flows", [("Kim Bose", "Tsinghua University")]),
    ]
    assert {(c.name, c.affiliation) for s in program.sessions for c in s.chairs} == {
        ("Michał K. Rossi", "Stanford University, France")
    }


def test_a_papers_discussant_is_neither_its_authors_workplace_nor_a_paper() -> None:
    # `Author: Name[, Affil]` / `Discussant: Name, Affil` or `Discussion by Name, Affil`: who
    # comments on the paper, with where they work, is no workplace of the author above.
    program = parse(
        "Day 1 Sessions (August 15, 2025)\n"
        "Disclosure Rules and Market Depth\n"
        "Author: Ana Silva\n"
        "Discussant: Bo Lindqvist, University of Virginia\n"
        "Audit Fees Under Scrutiny\n"
        "Author: Carla Mota, Stanford University\n"
        "Discussion by Eve Roy, Carnegie Mellon University\n"
        "Carbon Bookkeeping\n"
        "Author: Dan Weber, Yale University\n"
    )
    assert papers(program) == [
        ("Disclosure Rules and Market Depth", [("Ana Silva", None)]),
        ("Audit Fees Under Scrutiny", [("Carla Mota", "Stanford University")]),
        ("Carbon Bookkeeping", [("Dan Weber", "Yale University")]),
    ]


def test_a_list_of_participants_after_the_sessions_names_no_talk() -> None:
    # "2025 Conference Participants" over bullets `Surname, Given – Affiliation`: who attends,
    # listed after the last session, with places of any name ("WU at St. Louis").
    program = parse(
        "Day 2 Sessions (August 16, 2025)\n"
        "Audit Fees Under Scrutiny\n"
        "Author: Carla Mota, Stanford University\n"
        "Accounting Graph Entropy\n"
        "Author: Dan Weber, Yale University\n"
        "\n"
        "2025 Conference Participants\n"
        "Akoglu, Leman – Carnegie Mellon University\n"
        "Bertomeu, Jeremy – WU at St. Louis\n"
        "Li, Chen – NYU – Shanghai\n"
        "Van der Stede, Wim – London School of Econ.\n"
    )
    assert papers(program) == [
        ("Audit Fees Under Scrutiny", [("Carla Mota", "Stanford University")]),
        ("Accounting Graph Entropy", [("Dan Weber", "Yale University")]),
    ]


def test_an_editions_banner_of_days_and_city_is_no_paper() -> None:
    # A page of past editions: per edition a heading, its span of days and where it was held
    # (`August 20-21, 2019` / `Santa Barbara, CA`), then its sessions.
    program = parse(
        "2024 | 21st Annual Conference\n"
        "\n"
        "August 16-17, 2024\n"
        "School of Business\n"
        "Pittsburgh, PA\n"
        "\n"
        "Day 1 Sessions (August 16, 2024)\n"
        "Audit Fees Under Scrutiny\n"
        "Author: Carla Mota, Stanford University\n"
        "Accounting Graph Entropy\n"
        "Author: Dan Weber, Yale University\n"
        "\n"
        "2019 | 20th Annual Conference\n"
        "\n"
        "August 20-21, 2019\n"
        "Santa Barbara, CA\n"
        "\n"
        "Day 1 Sessions (August 20, 2019)\n"
        "Carbon Bookkeeping\n"
        "Author: Eve Roy, Emory University\n"
    )
    assert papers(program) == [
        ("Audit Fees Under Scrutiny", [("Carla Mota", "Stanford University")]),
        ("Accounting Graph Entropy", [("Dan Weber", "Yale University")]),
        ("Carbon Bookkeeping", [("Eve Roy", "Emory University")]),
    ]
    assert [s.day for s in program.sessions] == [date(2024, 8, 16), date(2019, 8, 20)]


def test_a_numbered_session_named_with_its_kind_heads_its_papers() -> None:
    # `Conference Session 1` on a line of its own, like `Session 1`: the heading of the papers
    # below it, not the first one's title.
    program = parse(
        "October 4, 2024\n"
        "\n"
        "Conference Session 1\n"
        "\n"
        "Household Debt and Social Insurance\n"
        "Ana Silva (U Penn), Bo Lindqvist (U Penn)\n"
        "Discussant: Carla Mota (OSU)\n"
        "\n"
        "Credit Card Borrowing in Heterogeneous-Agent Models\n"
        "Dan Weber (Harvard)\n"
        "\n"
        "Conference Session 2\n"
        "\n"
        "Granular Treasury Demand with Arbitrageurs\n"
        "Eve Roy (USC)\n"
    )
    assert [(s.title, [p.title for p in s.papers]) for s in program.sessions] == [
        (
            "Conference Session 1",
            [
                "Household Debt and Social Insurance",
                "Credit Card Borrowing in Heterogeneous-Agent Models",
            ],
        ),
        ("Conference Session 2", ["Granular Treasury Demand with Arbitrageurs"]),
    ]


def test_an_editions_name_over_its_sessions_is_no_paper() -> None:
    # Each past edition headed by its name (`2023 | 12th ADVANCES IN … CONFERENCE`), then its
    # day, city and organisers: the name is none of the talks of the edition before it.
    program = parse(
        "2024 | 13th ADVANCES IN MACRO-FINANCE CONFERENCE\n"
        "\n"
        "October 4, 2024\n"
        "Pittsburgh, PA\n"
        "\n"
        "Conference Session 1\n"
        "\n"
        "Household Debt and Social Insurance\n"
        "Ana Silva (U Penn), Bo Lindqvist (U Penn)\n"
        "\n"
        "2023 | 12th ADVANCES IN MACRO-FINANCE CONFERENCE\n"
        "\n"
        "April 21, 2023\n"
        "Pittsburgh, PA\n"
        "Organized by: Carla Mota and Dan Weber\n"
        "\n"
        "Conference Session 1\n"
        "\n"
        "Granular Treasury Demand with Arbitrageurs\n"
        "Authors: Eve Roy (USC)\n"
    )
    assert papers(program) == [
        (
            "Household Debt and Social Insurance",
            [("Ana Silva", "U Penn"), ("Bo Lindqvist", "U Penn")],
        ),
        ("Granular Treasury Demand with Arbitrageurs", [("Eve Roy", "USC")]),
    ]


def test_an_author_list_closed_by_its_and_on_the_line_below_is_one_list() -> None:
    # `Authors: A (X), B (Y)` / `C (Z), D (W), and E (V)`: the list wrapped after a closing
    # parenthesis, its "and" on the second line; the next title keeps its own author.
    program = parse(
        "Conference Session 3 (April 21, 2023 p.m.)\n"
        "\n"
        "The Debt-Inflation Channel of the German Hyperinflation\n"
        "Authors: Ana Silva (Princeton University), Bo Lindqvist (Board of Governors)\n"
        "Carla Mota (FRB New York), Dan Weber (MIT), and Eve Roy (University of Cologne)\n"
        "Discussant: Fay Wong (Georgetown University)\n"
        "\n"
        "A Theory of Payments-Chain Crises\n"
        "Authors: Gil Sousa (UCLA)\n"
    )
    assert papers(program) == [
        (
            "The Debt-Inflation Channel of the German Hyperinflation",
            [
                ("Ana Silva", "Princeton University"),
                ("Bo Lindqvist", "Board of Governors"),
                ("Carla Mota", "FRB New York"),
                ("Dan Weber", "MIT"),
                ("Eve Roy", "University of Cologne"),
            ],
        ),
        ("A Theory of Payments-Chain Crises", [("Gil Sousa", "UCLA")]),
    ]


def test_a_keynotes_kind_before_its_quoted_title_is_its_label() -> None:
    # `Keynote Speech “Title”` among a day's papers: the kind of entry, then its title in
    # quotes, as `Paper 2: “Title”` prints its number.
    program = parse(
        "Day 2 Sessions (August 16, 2025)\n"
        "Audit Fees Under Scrutiny\n"
        "Author: Carla Mota, Stanford University\n"
        "Keynote Speech “Anomaly Detection in Financial Data”\n"
        "Author: Eve Roy, Emory University\n"
        "Accounting Graph Entropy\n"
        "Author: Fay Wong, Yale University\n"
    )
    assert [title for title, _ in papers(program)] == [
        "Audit Fees Under Scrutiny",
        "Anomaly Detection in Financial Data",
        "Accounting Graph Entropy",
    ]


def test_a_panels_members_a_line_each_with_a_comma_and_workplace_are_its_speakers() -> None:
    # `Panel Discussion` / `Qi Chen, Duke University` / `Eva Lund, University of …`: one
    # person and where they work a line, as `Name (Affil)` lines are, all the panel's people.
    program = parse(
        "Day 1 Sessions (August 20, 2019)\n"
        "Audit Fees Under Scrutiny\n"
        "Author: Carla Mota, Stanford University\n"
        "Panel Discussion\n"
        "Qi Chen, Duke University\n"
        "Eva Lund, University of North Carolina at Chapel Hill\n"
        "Dan Weber, University of Pennsylvania\n"
        "Accounting Graph Entropy\n"
        "Author: Fay Wong, Yale University\n"
    )
    assert papers(program) == [
        ("Audit Fees Under Scrutiny", [("Carla Mota", "Stanford University")]),
        (
            "Panel Discussion",
            [
                ("Qi Chen", "Duke University"),
                ("Eva Lund", "University of North Carolina at Chapel Hill"),
                ("Dan Weber", "University of Pennsylvania"),
            ],
        ),
        ("Accounting Graph Entropy", [("Fay Wong", "Yale University")]),
    ]


def test_a_panelists_role_between_name_and_workplace_is_no_workplace() -> None:
    # `Ana Silva (Moderator), Columbia University` first under a panel's title: a panelist,
    # the part played in parentheses, then where they work; the lines below are the others.
    program = parse(
        "Day 1 Sessions (August 16, 2024)\n"
        "Carbon Bookkeeping\n"
        "Author: Carla Mota, Stanford University\n"
        "Panel Discussion: Accounting Structure and Information\n"
        "Ana Silva (Moderator), Columbia University\n"
        "Rick Antle, Yale University\n"
        "Bo Lindqvist, Emory University\n"
        "Revisiting Accounting Entropy\n"
        "Author: Fay Wong, Yale University\n"
    )
    assert papers(program) == [
        ("Carbon Bookkeeping", [("Carla Mota", "Stanford University")]),
        (
            "Panel Discussion: Accounting Structure and Information",
            [
                ("Ana Silva", "Columbia University"),
                ("Rick Antle", "Yale University"),
                ("Bo Lindqvist", "Emory University"),
            ],
        ),
        ("Revisiting Accounting Entropy", [("Fay Wong", "Yale University")]),
    ]


def test_session_labels_and_chairs_as_other_languages_print_them() -> None:
    # "Presiede:" chairs in Italian; "Sesión oral 1A:" opens a session (not a paper of the
    # poster session whose time it falls in); "Postersitzung 1 — East Hall" names a place.
    program = parse(
        "Martes, 9 de diciembre\n"
        "\n"
        "15:00-18:00\n"
        "Postersitzung 1 — East Exhibit Hall A-C\n"
        "\n"
        "Calibrated Flows\n"
        "Kim Bose (Tsinghua University)\n"
        "\n"
        "16:45-18:00\n"
        "Sesión oral 1A: Reinforcement Learning\n"
        "Presiede: Jacob Gorm Hansen (Vertigo.ai)\n"
        "\n"
        "Sparse Recovery for Tabular Data\n"
        "Bo Li (EPFL)\n"
    )
    assert [(s.title, [c.name for c in s.chairs]) for s in program.sessions] == [
        ("Postersitzung 1", []),
        ("Sesión oral 1A: Reinforcement Learning", ["Jacob Gorm Hansen"]),
    ]
    assert papers(program) == [
        ("Calibrated Flows", [("Kim Bose", "Tsinghua University")]),
        ("Sparse Recovery for Tabular Data", [("Bo Li", "EPFL")]),
    ]


def test_a_keynote_title_with_its_addressed_speaker_in_parentheses() -> None:
    # `Title (Dr. Name)` on the line under a timed keynote heading: the honorific is how the
    # speaker is addressed, no reason to doubt the parenthesis holds a person.
    program = parse(
        "May 3, 2025\n"
        "\n"
        "09:10 - 10:10 Keynote Talk\n"
        "\n"
        "Towards a theory of the reading eye (Dr. Ingrid Holm)\n"
        "\n"
        "13:40 - 14:40 Invited Talk\n"
        "\n"
        "Where grammars come from in small speech communities (Prof. Tomas Lind)\n"
        "\n"
        "15:00 - 15:20 Break\n"
    )
    assert papers(program) == [
        ("Towards a theory of the reading eye", [("Ingrid Holm", None)]),
        ("Where grammars come from in small speech communities", [("Tomas Lind", None)]),
    ]


def test_an_invited_talk_label_in_the_presenters_column_over_a_short_title() -> None:
    # `Time | Presenters | Title`: an invited talk's row names its speaker after the label
    # (`Invited talk: Name`) in the presenters cell, so the title cell is its title even when
    # its two capitalised words could pass for a name.
    program = parse(
        "Friday, December 7, 2012\n"
        "Time\tPresenters\tTitle\n"
        "9:00 AM\tInvited talk: Hendrik van Dijk\tProgressive Planning\t\n"
        "9:30 AM\tMarta Ruiz, Jonas Weber\tLearning Grounded Word Meanings from Play\n"
        "10:00 AM\tBreak\t\n"
    )
    assert papers(program) == [
        ("Progressive Planning", [("Hendrik van Dijk", None)]),
        (
            "Learning Grounded Word Meanings from Play",
            [("Marta Ruiz", None), ("Jonas Weber", None)],
        ),
    ]
    assert program.sessions[0].kind is SessionKind.KEYNOTE


def test_a_ceremony_before_a_slash_in_a_talk_rows_title_cell() -> None:
    # `Opening Remarks / Title` in the title cell of a row whose presenters cell names its
    # speaker: the chair of the day opens the meeting with a talk of their own; the talk is the
    # title after the slash.
    program = parse(
        "Thursday, December 6, 2012\n"
        "Time\tPresenters\tTitle\n"
        "8:30 AM\tRegistration / Coffee and tea\t\n"
        "9:00 AM\tMarta Ruiz\tOpening Remarks / Why Machines Should Learn Like Children\n"
        "9:30 AM\tJonas Weber, Ines Varga\tLearning Grounded Word Meanings from Play\n"
        "10:00 AM\tBreak\t\n"
    )
    assert papers(program) == [
        ("Why Machines Should Learn Like Children", [("Marta Ruiz", None)]),
        (
            "Learning Grounded Word Meanings from Play",
            [("Jonas Weber", None), ("Ines Varga", None)],
        ),
    ]


def test_a_round_tables_people_after_with() -> None:
    # `With A, B, C and D` on the row under a round table: its panelists, the word no part of
    # the first one's name.
    program = parse(
        "WEDNESDAY 8 NOVEMBER\n"
        "Time\tTitle\t_\n"
        "16:30 - 18:30\tRound-table discussion : Listening Practices\tChair: Ana Silva\n"
        "\tWith Laura Bianchi, Yves Martin, Nora Keller and Rosa Lind\t\n"
        "18:30 - 20:30\tWine reception\t\n"
    )
    assert [a for _, people in papers(program) for a, _ in people] == [
        "Laura Bianchi",
        "Yves Martin",
        "Nora Keller",
        "Rosa Lind",
    ]


def test_a_given_name_ending_like_an_abstract_noun_is_a_name() -> None:
    # `Laurence`, `Florence`, `Constance`: given names that end as `-ence` nouns do; first in a
    # name they make the list no less a list of people.
    program = parse(
        "WEDNESDAY 8 NOVEMBER\n"
        "Time\tTitle\t_\n"
        "16:30 - 18:30\tRound-table discussion : Listening Practices\tChair: Ana Silva\n"
        "\tWith Laurence Bianchi, Yves Martin, Nora Keller and Rosa Lind\t\n"
        "18:30 - 20:30\tWine reception\t\n"
    )
    assert [a for _, people in papers(program) for a, _ in people] == [
        "Laurence Bianchi",
        "Yves Martin",
        "Nora Keller",
        "Rosa Lind",
    ]
    assert authors.author_line_score("Florence Dubois, Marc Weber") == 0.8


def test_a_speaker_cell_before_a_title_that_reads_as_a_name_and_a_workplace() -> None:
    # `| | Kurt Lind | All About That Bass (Drum): …`: a speaker known by a given name, then a
    # title whose comma or parenthesis lets it pass for a name and a workplace that names no
    # institution; the speaker's cell comes first, as the rows around it print it.
    program = parse(
        "WEDNESDAY 8 NOVEMBER\n"
        "Time\tTitle\t_\n"
        "10:30 - 12:30\tCommunities and Networks\tChair: Ana Silva\n"
        "\tKurt Lind\tAll About That Bass (Drum): The Past and Future of Drum Machines\n"
        "\tMarta Ruiz\tHacking Voices, Tape, and Noise in a Listening Room\n"
        "\tPeter Holm\tLocus Stream Open Microphone Project\n"
        "12:30 - 14:00\tLunch\t_\n"
    )
    assert papers(program) == [
        ("All About That Bass (Drum): The Past and Future of Drum Machines", [("Kurt Lind", None)]),
        ("Hacking Voices, Tape, and Noise in a Listening Room", [("Marta Ruiz", None)]),
        ("Locus Stream Open Microphone Project", [("Peter Holm", None)]),
    ]


def test_a_keynote_row_in_a_speakers_column_beside_its_room() -> None:
    # `Time | Speakers | Title` / `09:00-10:00 | Invited Talk: Ana Silva | Main Hall`: the cell
    # beside the labelled speaker is the room, so the talk is the row below, in the same slot.
    program = parse(
        "Tuesday, December 9\n"
        "Time\tSpeakers\tTitle\n"
        "09:00-10:00\tInvited Talk: Ana Silva\tMain Hall\n"
        "Chair: Christoph Schulz (Vector Institute)\n"
        "09:00-10:00\tAna Silva (MIT)\tThe Next Decade of Learning Systems\n"
        "10:00-10:30\tCoffee break\t\n"
    )
    assert [s.title for s in program.sessions] == ["Invited Talk: Ana Silva", "Coffee break"]
    assert papers(program) == [("The Next Decade of Learning Systems", [("Ana Silva", "MIT")])]


def test_untimed_rows_after_a_timed_item_are_talks_of_their_own_session() -> None:
    # `Time | Title | Speaker | Location`: breaks and openings timed, the talks between them
    # rows with an empty time cell, their speakers `Name - Company`; each run of them is a
    # session of its own from the end of the item above, not that item's papers.
    program = parse(
        "Day 1: Tuesday 9th September 2025\n"
        "Time\tTitle\tSpeaker\tLocation\n"
        "13:30 - 13:45\tOpening Session\tConference Organisers\tMain Hall\n"
        '\t"Tuning Kubernetes for batch jobs"\tAna Silva - Acme Cloud\tMain Hall\n'
        "\tService meshes in practice\tBo Li & Carla Mota - Initech\tMain Hall\n"
        "14:30 - 15:00\tAfternoon Tea\t-\tFoyer\n"
        "\tTBA\tSponsor Panel\tMain Hall\n"
        "\tObservability on a budget\tDan Brown - Staff Engineer at Globex\tMain Hall\n"
        "16:30 - 17:30\tWelcome Reception\t-\tFoyer\n"
    )
    assert papers(program) == [
        ("Tuning Kubernetes for batch jobs", [("Ana Silva", "Acme Cloud")]),
        ("Service meshes in practice", [("Bo Li", "Initech"), ("Carla Mota", "Initech")]),
        ("Observability on a budget", [("Dan Brown", "Staff Engineer at Globex")]),
    ]
    talks = [s for s in program.sessions if s.papers]
    assert [(s.title, s.start.strftime("%H:%M"), s.room) for s in talks] == [
        (None, "13:45", "Main Hall"),
        (None, "15:00", "Main Hall"),
    ]


def test_a_bare_name_over_an_items_details_link_is_its_speaker() -> None:
    # A generated schedule: per item its start, its title, the presenter line and a link to
    # the talk's own page. A lone name there is the speaker, as a list of names would be.
    program = parse(
        "Talks are on Friday, 22 May 2026.\n"
        "\n"
        "9:20 AM\n"
        "Repairable radios for everyone\n"
        "\n"
        "Ana Silva & Bo Lindqvist\n"
        "\n"
        "More details\n"
        "\n"
        "9:40 AM\n"
        "Open batteries for small grids\n"
        "\n"
        "Carla Mota\n"
        "\n"
        "More details\n"
        "\n"
        "10:00 AM\n"
        "Break\n"
        "\n"
        "10:20 AM\n"
        "Knitting machines as open hardware\n"
        "\n"
        "Anna-Lena Brandt\n"
        "\n"
        "More details\n"
    )
    assert papers(program) == [
        ("Repairable radios for everyone", [("Ana Silva", None), ("Bo Lindqvist", None)]),
        ("Open batteries for small grids", [("Carla Mota", None)]),
        ("Knitting machines as open hardware", [("Anna-Lena Brandt", None)]),
    ]


def test_a_speaker_line_over_a_talks_length_is_its_speakers_in_each_track() -> None:
    # A two-track timetable read cell by cell: a slot's time, each track's title, an
    # optional room line, the speakers and the talk's length. Each title is a talk of its own
    # with the names under it; a keynote's talk keeps its own title.
    program = parse(
        "Monday 21 June 2021\n"
        "9:30\tKeynote: Rivers of data\n"
        "Maria Lopez\n"
        "30 mins\n"
        "10:30\tRepairable radios for everyone\n"
        "Room: Track 1\n"
        "Ana Silva & Peter Lindqvist\n"
        "30 mins\n"
        "10:30\tOpen batteries for small grids\n"
        "Room: Track 2\n"
        "Carla Mota\n"
        "30 mins\n"
    )
    assert papers(program) == [
        ("Rivers of data", [("Maria Lopez", None)]),
        ("Repairable radios for everyone", [("Ana Silva", None), ("Peter Lindqvist", None)]),
        ("Open batteries for small grids", [("Carla Mota", None)]),
    ]


def test_a_rarer_name_over_a_length_is_a_speaker_where_the_page_prints_them_so() -> None:
    # Once a talk's speaker was read between its title and its length, a name there whose
    # given name is no common one (`Ewen`, `Prae`) is a speaker too; a break's words are not.
    program = parse(
        "Tuesday 22 June 2021\n"
        "10:30\tTips on writing clear docs\n"
        "Maria Lopez\n"
        "30 mins\n"
        "11:05\tA field guide to long lasting software\n"
        "Ewen Cumming\n"
        "30 mins\n"
        "11:40\tAccessible by default\n"
        "Prae Songprasit\n"
        "60 mins\n"
    )
    assert papers(program) == [
        ("Tips on writing clear docs", [("Maria Lopez", None)]),
        ("A field guide to long lasting software", [("Ewen Cumming", None)]),
        ("Accessible by default", [("Prae Songprasit", None)]),
    ]


def test_a_line_under_a_listed_panel_is_no_talk_title() -> None:
    """`Speakers:` and its people come under the panel's title; the line after them (`Q&A and
    Panel Interaction`) says what follows the speakers, it is not the title of their talk."""
    program = parse(
        "12 March 2024\n1020 - 1100\tPanel 2: Mediation Today\nModerator:\n"
        "Dan Wu, President, Law Society\n\nSpeakers:\n"
        "Bo Li, Partner, Li Partners\nCy Ng, Director, Mediation Centre\n"
        "Q&A and Panel Interaction\n1100 - 1200\tLunch\n"
    )
    assert papers(program) == [
        ("Panel 2: Mediation Today", [("Bo Li", "Li Partners"), ("Cy Ng", "Mediation Centre")])
    ]


def test_moderator_and_speakers_of_a_forum_with_honorifics_and_offices() -> None:
    """A legal or public-policy forum's panel: `Moderator:` and `Speakers:` alone on their
    lines, each person `Mr Name, Office, Institution` (an office of a court, ministry or
    chamber, not a job title of a company), addressed without a dot."""
    program = parse(
        "12 March 2024\n0900 - 1000\tPanel 1: Courts and Commerce\nModerator:\n"
        "Mr Lu Pan, Vice Chairman, Council for Trade\n\nSpeakers:\n"
        "Ms Gao Yan, Deputy Secretary-General, Arbitration Commission\n"
        "Prof Bo Li, Senior Minister of State, Ministry of Law\n1000 - 1030\tTea Break\n"
    )
    panel = program.sessions[0]
    assert [(c.name, c.affiliation) for c in panel.chairs] == [("Lu Pan", "Council for Trade")]
    assert papers(program)[:1] == [
        (
            "Panel 1: Courts and Commerce",
            [("Gao Yan", "Arbitration Commission"), ("Bo Li", "Ministry of Law")],
        )
    ]


def test_a_judges_style_before_the_name_of_a_speaker_line_with_an_office() -> None:
    """`Justice Ana Silva, Judge, High Court`: `Justice` is how a judge is styled, not her name
    (a lone second word, `Justice Amoah`, may be a given name and surname, and stays)."""
    program = parse(
        "12 March 2024\n1020 - 1100\tPanel 2: Courts and the Resolution of Disputes\nModerator:\n"
        "Dan Wu, President, Law Society\n\nSpeakers:\n"
        "Justice Ana Silva Reis, Judge, High Court\n"
        "Judge Bo Li, Deputy Chief Judge, Supreme Court\n"
        "Justice Amoah, Director, Law School\n1100 - 1200\tLunch\n"
    )
    assert papers(program) == [
        (
            "Panel 2: Courts and the Resolution of Disputes",
            [
                ("Ana Silva Reis", "High Court"),
                ("Bo Li", "Supreme Court"),
                ("Justice Amoah", "Law School"),
            ],
        )
    ]


def test_a_speakers_list_replaces_a_name_read_off_the_panels_own_title() -> None:
    """`Panel 2: Courts Today` reads like a label and a speaker's name, but a `Speakers:` list
    under the item says who speaks: the title's words were its topic."""
    program = parse(
        "12 March 2024\n1020 - 1100\tPanel 2: Courts Today\nModerator:\n"
        "Dan Wu, President, Law Society\n\nSpeakers:\n"
        "Ana Silva Reis, Judge, High Court\nBo Li, Deputy Chief Judge, Supreme Court\n"
        "1100 - 1200\tLunch\n"
    )
    assert papers(program) == [
        ("Panel 2: Courts Today", [("Ana Silva Reis", "High Court"), ("Bo Li", "Supreme Court")])
    ]


def test_a_person_whose_surname_is_a_room_word_is_no_room() -> None:
    # "09:00-10:00 Stuart Hall", "— J. Hall", "— Edith Hall": people, not places (a room word
    # after a given name, an initial or a title); "Stuart Hall" where the page also prints
    # "Stuart Hall 102" is a building.
    program = parse(
        "Tuesday, December 9\n"
        "\n"
        "Keynote Address\n"
        "09:00-10:00 Stuart Hall\n"
        "\n"
        "Session 1: Vision\n"
        "10:00-10:20 Learning to See\n"
        "Ana Silva (MIT)\n"
        "10:20-10:40 Seeing Depth\n"
        "Bo Li (EPFL)\n"
        "10:40-11:00 Reinforcement Learning in Practice — J. Hall\n"
        "11:00-11:30 Probabilistic Programming Today — Edith Hall\n"
    )
    assert all(s.room is None for s in program.sessions)
    assert ("Reinforcement Learning in Practice", [("J. Hall", None)]) in papers(program)
    assert ("Probabilistic Programming Today", [("Edith Hall", None)]) in papers(program)
    building = parse(
        "Tuesday, December 9\n"
        "13:00-13:30 Check-In — Stuart Hall\n"
        "13:30-14:00 Opening Remarks — Stuart Hall 102\n"
    )
    assert [s.room for s in building.sessions] == ["Stuart Hall", "Stuart Hall 102"]


def test_a_venue_label_under_the_last_item_is_its_field() -> None:
    # "19:30 Conference Dinner" / "Venue:" / its place: the item's room, not the page moving on.
    program = parse(
        "Tuesday, December 9\n"
        "15:15-16:30 Session 5: Learning\n"
        "\n"
        "Sparse Recovery for Tabular Data\n"
        "Bo Li (EPFL)\n"
        "\n"
        "19:30 Conference Dinner\n"
        "Venue:\n"
        "Restaurant Da Mario, Via Roma 1\n"
    )
    assert program.sessions[-1].room == "Restaurant Da Mario, Via Roma 1"
    assert not any("after the program ends" in w.message for w in program.warnings)


def test_a_keynote_slot_again_over_another_speaker_opens_another_item() -> None:
    # "Invited Talk: Ana Silva" / its slot again over "Ana Silvana (Stanford)": another person,
    # so another item; and the talk row's room stays the item's.
    program = parse(
        "Tuesday, December 9\n"
        "09:00-10:00 Invited Talk: Ana Silva\n"
        "\n"
        "09:00-10:00\n"
        "Ana Silvana (Stanford)\n"
        "A Different Parallel Tutorial\n"
        "\n"
        "10:00-10:30 Coffee break\n"
    )
    assert ("A Different Parallel Tutorial", [("Ana Silvana", "Stanford")]) in papers(program)
    roomed = parse(
        "Tuesday, December 9\n"
        "Time\tTitle\tSpeakers\tRoom\n"
        "09:00-10:00\tInvited Talk: Ana Silva\t\t\n"
        "09:00-10:00\tThe Next Decade of Learning Systems\tAna Silva (MIT)\tAuditorium B\n"
    )
    assert [(s.title, s.room) for s in roomed.sessions] == [
        ("Invited Talk: Ana Silva", "Auditorium B")
    ]


def test_a_bracketed_status_or_link_beside_a_name_is_no_workplace() -> None:
    # "Eve Roy [Presenter]", "Lea Berg [Online]", "Di Wu [Video Recording]": how they take part,
    # or a link, among workplaces in brackets.
    program = parse(
        "Tuesday, December 9\n"
        "10:30-11:45 Session 1: Learning\n"
        "\n"
        "Sparse Recovery for Tabular Data\n"
        "Ana Silva [MIT]; Bo Li [EPFL]; Eve Roy [Presenter]\n"
        "\n"
        "Graph Nets\n"
        "Cy Ng [ETH Zurich], Al Po [Stanford University], Di Wu [Video Recording]\n"
    )
    people = {a.name: a.affiliation for s in program.sessions for p in s.papers for a in p.authors}
    assert people["Ana Silva"] == "MIT"
    assert people.get("Eve Roy") is None
    assert people.get("Di Wu") is None


def test_a_talk_length_after_a_title_and_dotted_degrees_after_a_name_are_not_theirs() -> None:
    # "Title (30 min)" / "Ana Silva, M.D., MPH., Ph.D.": a plenary's talks, each an untimed row
    # under the session's timed row; how long each talk lasts, and the speaker's degrees, are
    # printed beside the title and the name.
    program = parse(
        "Monday, 17 July 2023\n"
        "Time\tTopics\tSpeakers\n"
        "10.30 - 12.00\tPlenary session 1: Health equity after the pandemic\n"
        "\tEquity in health systems (30 min)\tAna Silva, M.D., MPH., Ph.D.\n"
        "\tPandemic preparedness and response (20 min)\tBo Lindqvist, M.Sc.,Ph.D.,FRSPH\n"
        "\tCommunity health workers (20 min)\tCy Ng, MBBS., MMed, Ph.D.\n"
        "12.00 - 13.00\tLunch\n"
    )
    assert [(title, [name for name, _ in people]) for title, people in papers(program)] == [
        ("Equity in health systems", ["Ana Silva"]),
        ("Pandemic preparedness and response", ["Bo Lindqvist"]),
        ("Community health workers", ["Cy Ng"]),
    ]


def test_a_workplace_under_a_row_whose_last_cell_names_the_speaker_is_theirs() -> None:
    # "<TAB>Title<TAB>Ana Silva" / "Department of …, THAILAND": a plenary's talk rows, each
    # speaker's workplace printed under the row (a line break in the speaker's cell), not the
    # next talk's title.
    program = parse(
        "Monday, 17 July 2023\n"
        "Time\tTopics\tSpeakers\n"
        "10.30 - 12.00\tPlenary session 1: Health equity after the pandemic\n"
        "\tEquity in health systems\tAna Silva\n"
        "Department of Epidemiology, Prince of Songkla University, THAILAND\n"
        "\tPandemic preparedness and response\tBo Lindqvist\n"
        "Center for Health Equity Monitoring, THAILAND\n"
        "12.00 - 13.00\tLunch\n"
    )
    assert papers(program) == [
        (
            "Equity in health systems",
            [("Ana Silva", "Department of Epidemiology, Prince of Songkla University, THAILAND")],
        ),
        (
            "Pandemic preparedness and response",
            [("Bo Lindqvist", "Center for Health Equity Monitoring, THAILAND")],
        ),
    ]


def test_a_table_of_session_titles_under_a_slot_lists_its_parallel_sessions() -> None:
    # "Tuesday, May 16, 11:00-12:40" / "Session Title | Organizer | Session ID": the slot's
    # parallel sessions, a row each; the organizer is neither an author nor a chair.
    program = parse(
        "Tuesday, May 16, 2023, 11:00-12:40\n"
        "Session Title\tOrganizer\tSession ID\n"
        "Advances in Survey Sampling\tAna Silva\tIS-6\n"
        "Bayesian Nonparametrics\tBo Li\tIS-20\n"
        "Tuesday, May 16, 2023, 14:00-15:40\n"
        "Session Title\tOrganizer\tSession ID\n"
        "Extreme Value Theory\tCy Ng\tIS-11\n"
    )
    assert [
        (s.title, s.start.strftime("%H:%M") if s.start else None) for s in program.sessions
    ] == [
        ("Advances in Survey Sampling", "11:00"),
        ("Bayesian Nonparametrics", "11:00"),
        ("Extreme Value Theory", "14:00"),
    ]
    assert papers(program) == []
    assert all(not s.chairs for s in program.sessions)


def test_drs_before_names_is_how_they_are_addressed() -> None:
    # "Drs. A and B (Company)": the plural of "Dr.", as "Dr." no part of either name.
    line = authors.parse_author_line("Drs. Ana Silva and Bo Li (Acme Labs)")
    assert [(a.name, a.affiliation) for a in line.authors] == [
        ("Ana Silva", "Acme Labs"),
        ("Bo Li", "Acme Labs"),
    ]


def test_a_numbered_lecture_names_its_lecturer_by_surname_before_the_course_title() -> None:
    # Summer schools: "Lecture 1.a (Silva): Course Title", "Problem Session 1.a (Li): Course
    # Title": a mini-course's numbered lectures and problem sessions, who gives each by surname.
    program = parse(
        "Monday, July 8, 2024\n"
        "9:00 - 10:00 • Lecture 1.a (Silvana): Random Matrices and Growth\n"
        "10:00 - 10:30 • Coffee Break\n"
        "10:30 - 12:00 • Problem Session 1.a (Okafor): Random Matrices and Growth\n"
        "14:00 - 15:00 • Lecture 2 (Online): Stochastic Vertex Models\n"
    )
    assert papers(program)[:2] == [
        ("Random Matrices and Growth", [("Silvana", None)]),
        ("Random Matrices and Growth", [("Okafor", None)]),
    ]
    assert all(a.name != "Online" for s in program.sessions for p in s.papers for a in p.authors)


def test_a_keynote_whose_talk_opens_with_its_speaker() -> None:
    # "Invited Talk: Hoang Zhang" / "Hoang Zhang (ETH Zurich): Title" (or "… – Title"): the one
    # talk, given by the speaker the item names, where he works.
    for separator in (":", " –"):
        program = parse(
            "Tuesday, December 9\n"
            "08:45-09:00 Opening Remarks, Main Hall\n"
            "09:00-10:00 Invited Talk: Hoang Zhang, Main Hall\n"
            "Chair: Christoph Schulz (Vector Institute)\n"
            "\n"
            f"Hoang Zhang (ETH Zurich){separator} The Next Decade of Learning Systems\n"
            "\n"
            "10:00-10:30 Coffee break\n"
            "\n"
            "10:30-11:45 Oral Session 1A: Health, East Hall A\n"
            f"Bo Li (EPFL); Eve Roy (ETH Zurich){separator} Sparse Recovery for Tabular Data\n"
            "\n"
            f"Kim Bose (Tsinghua University){separator} Calibrated Flows\n"
        )
        assert papers(program)[0] == (
            "The Next Decade of Learning Systems",
            [("Hoang Zhang", "ETH Zurich")],
        ), separator


def test_a_speech_balloon_before_names_labels_the_speakers_of_a_card() -> None:
    # Schedule grids (a Sessionize export rendered card by card): per time slot a heading, then
    # per room a card "Title" / "🕓 10:05 am - " / "📍 Room" / "💬 Name, Name". The balloon
    # (or a bust) says who gives the talk, as "Speakers:" would.
    program = parse(
        "9:10 am\n"
        "Keynote: Seeing Rivers from Space\n"
        "🕓 9:10 am -\n"
        "📍 Theatre\n"
        "💬 Marta Okonkwo\n"
        "9:55 am\n"
        "Changeover\n"
        "🕓 9:55 am -\n"
        "📍 Theatre\n"
        "10:05 am\n"
        "Shaders for Everyone\n"
        "🕓 10:05 am -\n"
        "📍 Theatre\n"
        "💬 Priya Halvorsen\n"
        "Testing Without Mocks\n"
        "🕓 10:05 am -\n"
        "📍 Room 5\n"
        "👥 Tomas Reyes, Ilse Varga\n"
        "10:25 am\n"
        "Morning tea\n"
        "🕓 10:25 am -\n"
        "📍 Theatre\n"
    )
    assert papers(program) == [
        ("Seeing Rivers from Space", [("Marta Okonkwo", None)]),
        ("Shaders for Everyone", [("Priya Halvorsen", None)]),
        ("Testing Without Mocks", [("Tomas Reyes", None), ("Ilse Varga", None)]),
    ]
    assert [s.room for s in program.sessions if s.papers] == ["Theatre", "Theatre", "Room 5"]


def test_a_labelled_speaker_line_above_the_next_slots_time_is_no_title() -> None:
    # The last card of a slot ends with its speakers ("💬 Name", as "Speakers: Name"); the next
    # slot's time heading follows. The labelled line names who gives the talk above it: it is
    # not the title of the item at that time.
    program = parse(
        "10:05 am\n"
        "Shaders for Everyone\n"
        "🕓 10:05 am -\n"
        "📍 Theatre\n"
        "💬 Priya Halvorsen\n"
        "Testing Without Mocks\n"
        "🕓 10:05 am -\n"
        "📍 Room 5\n"
        "💬 Tomas Reyes\n"
        "10:55 am\n"
        "Queues All the Way Down\n"
        "🕓 10:55 am -\n"
        "📍 Theatre\n"
        "Speaker: Ilse Varga\n"
        "11:40 am\n"
        "Changeover\n"
        "🕓 11:40 am -\n"
        "📍 Theatre\n"
    )
    assert papers(program) == [
        ("Shaders for Everyone", [("Priya Halvorsen", None)]),
        ("Testing Without Mocks", [("Tomas Reyes", None)]),
        ("Queues All the Way Down", [("Ilse Varga", None)]),
    ]
    assert all(not s.title.startswith(("Speaker", "💬")) for s in program.sessions if s.title)


def test_a_given_name_at_a_company_is_a_person_and_their_workplace() -> None:
    # Speaker profiles on tech-conference platforms: "Priya @ Northwind", a first name alone,
    # then where she works after the at sign, as "Priya Halvorsen @ Northwind" would be.
    line = parse_author_line("Priya @ Northwind")
    assert [(a.name, a.affiliation) for a in line.authors] == [("Priya", "Northwind")]
    assert [(a.name, a.affiliation) for a in parse_author_line("Deploys @ Scale").authors] != [
        ("Deploys", "Scale")
    ]


def test_a_locknote_is_the_closing_keynote() -> None:
    # Developer conferences close the day with a "Locknote": a keynote by another name, its
    # kind before the colon and its talk's title after it, as "Keynote: Title" is read.
    program = parse(
        "16:20-17:05 Locknote: Small Habits, Large Systems\n"
        "Speaker: Ilse Varga\n"
        "17:05-17:10 Thank yous and wrap up\n"
    )
    assert papers(program) == [("Small Habits, Large Systems", [("Ilse Varga", None)])]
    assert program.sessions[0].kind is SessionKind.KEYNOTE
    assert classify_kind("Locknote", paper_count=0) is SessionKind.KEYNOTE


def test_a_link_cell_with_a_mark_glued_to_it_is_no_part_of_the_title() -> None:
    # "[PDF]●<TAB>Title": a table's first cell naming the paper's link, a sign glued after it
    # ("●", a student-contest entry; "★", an award candidate) on some rows; the cell is a link
    # with or without the mark.
    program = parse(
        "2025年9月9日(火)\n"
        "9:30-10:30 OS1 流れの可視化\n"
        "座長：山田 花子(北大)\n"
        "[PDF]\u2003\t円柱後流の渦構造の計測\n"
        "〇佐藤 一郎(東北大)、鈴木 次郎(東北大)\n"
        "[PDF]●\t噴流の混合過程の可視化\n"
        "〇高橋 三郎(名大院)、田中 四郎(名大)\n"
        "[PDF]★\t翼まわりのはく離の計測\n"
        "〇伊藤 五郎(京大)\n"
    )
    assert [title for title, _ in papers(program)] == [
        "円柱後流の渦構造の計測",
        "噴流の混合過程の可視化",
        "翼まわりのはく離の計測",
    ]
    assert papers(program)[1][1] == [("高橋 三郎", "名大院"), ("田中 四郎", "名大")]


def test_a_talk_kind_in_brackets_glued_before_a_cjk_title_is_no_part_of_it() -> None:
    # "(招待講演)Title", "【基調講演】Title": Japanese, Chinese and Korean programs glue the kind
    # of a talk (invited, keynote, special lecture) before its title with no space.
    program = parse(
        "2025年9月9日(火)\n"
        "10:50-11:50 OS2 人工知能と可視化\n"
        "座長：山田 花子(北大)\n"
        "[PDF]\t(招待講演)感染症予測における可視化技術への期待\n"
        "〇佐藤 一郎(豊橋技科大)\n"
        "[PDF]\t【基調講演】深層学習による流れ場の再構成\n"
        "〇高橋 三郎(名大院)、田中 四郎(名大)\n"
        "[PDF]\t(株)試作の計測装置による燐光分子の発光特性\n"
        "〇伊藤 五郎(京大)\n"
    )
    assert [title for title, _ in papers(program)] == [
        "感染症予測における可視化技術への期待",
        "深層学習による流れ場の再構成",
        "(株)試作の計測装置による燐光分子の発光特性",
    ]


def test_a_cjk_room_heading_alone_on_its_line_heads_the_sessions_below_it() -> None:
    # "［A室］" / timed sessions / "［B室］" / the day again: a Japanese program listed room by
    # room, each room's name in full-width brackets (or none: "第2会場") over its sessions.
    program = parse(
        "2025年9月9日(火)\n"
        "［A室］\n"
        "9:30-10:30 OS1 流れの可視化\n"
        "座長：山田 花子(北大)\n"
        "[PDF]\t円柱後流の渦構造の計測\n"
        "〇佐藤 一郎(東北大)\n"
        "10:50-11:50 OS2 人工知能と可視化\n"
        "座長：鈴木 次郎(東大)\n"
        "[PDF]\t深層学習による流れ場の再構成\n"
        "〇高橋 三郎(名大院)\n"
        "第2会場\n"
        "9:30-10:30 OS3 心理情報\n"
        "座長：青木 四郎(東洋大)\n"
        "[PDF]\t精神健康度と生活習慣の関係\n"
        "〇伊藤 五郎(京大)\n"
        "10:50-11:50 OS4 医療に関わる可視化\n"
        "座長：吉田 六郎(慶大)\n"
        "[PDF]\t大脳皮質出力層の機能的秩序構造\n"
        "〇丸岡 七郎(東大)\n"
    )
    assert [(s.title, s.room) for s in program.sessions] == [
        ("OS1 流れの可視化", "A室"),
        ("OS2 人工知能と可視化", "A室"),
        ("OS3 心理情報", "第2会場"),
        ("OS4 医療に関わる可視化", "第2会場"),
    ]
    assert len(papers(program)) == 4


def test_a_start_with_the_length_in_parentheses_and_a_room() -> None:
    # "10:30 AM (30 min) Room 217": the item's start, how long it lasts and where it is; the
    # length and the room no part of its title, the length giving its end.
    program = parse(
        "Tuesday, January 24, 2012\n"
        "10:30 AM (30 min) Room 217\n"
        "Opening Remarks\n"
        "11:00 AM (1 h 30 min) Room 218\n"
        "Poster Session\n"
    )
    assert [
        (
            s.title,
            s.room,
            s.start.strftime("%H:%M") if s.start else None,
            s.end.strftime("%H:%M") if s.end else None,
        )
        for s in program.sessions
    ] == [
        ("Opening Remarks", "Room 217", "10:30", "11:00"),
        ("Poster Session", "Room 218", "11:00", "12:30"),
    ]


def test_a_speaker_with_workplace_then_a_hyphen_then_the_title() -> None:
    # "Ana Silva (Harbour Robotics Inc.) - Title" under an item's time: who gives the talk,
    # where they work, a spaced hyphen, then the talk's title.
    program = parse(
        "Tuesday, January 24, 2012\n"
        "10:30 AM Room 217\n"
        "Lena Ortiz (Harbour Robotics Inc.) - Tethered Crawlers for Hull Surveys\n"
        "11:00 AM Room 217\n"
        "Tom Okafor (Delta Subsea) - Pressure Housings in Practice\n"
        "11:30 AM Room 217\n"
        "Sensor Fusion - A Practical Guide for Field Teams\n"
    )
    assert papers(program) == [
        ("Tethered Crawlers for Hull Surveys", [("Lena Ortiz", "Harbour Robotics Inc.")]),
        ("Pressure Housings in Practice", [("Tom Okafor", "Delta Subsea")]),
    ]
    assert program.sessions[-1].title == "Sensor Fusion - A Practical Guide for Field Teams"


def test_a_short_title_after_a_speaker_with_workplace_and_a_hyphen() -> None:
    # "Bill Okoro (Delta Tools, Inc.) - Hydraulic Intensifiers": after a speaker whose
    # workplace closes the name, two or three capitalised words are still the talk's title; a
    # person after the hyphen ("Sensor Fusion (Part 2) - Ana Silva") is the other way round.
    program = parse(
        "Wednesday, January 25, 2012\n"
        "02:30 PM Room 217\n"
        "Bill Okoro (Delta Tools, Inc.) - Hydraulic Intensifiers\n"
        "03:00 PM Room 217\n"
        "Dr. Mina Park (SMD) - ROV Automation\n"
        "03:30 PM Room 217\n"
        "Sensor Fusion (Part 2) - Ana Silva\n"
    )
    assert papers(program)[:2] == [
        ("Hydraulic Intensifiers", [("Bill Okoro", "Delta Tools, Inc.")]),
        ("ROV Automation", [("Mina Park", "SMD")]),
    ]
    assert all(p.title != "Ana Silva" for s in program.sessions for p in s.papers)


def test_a_heading_over_the_days_of_a_track_is_nobody_s_name() -> None:
    # A page listing its talks by track: "Small Vehicles" / "Wednesday, January 25, 2012" /
    # times and talks: the line over a day's date heads the days below it, and names no author
    # of the talk above (whose second line, its long title, still waits for people); a speaker
    # printed last before the next day is still the talk's.
    program = parse(
        "Ocean Tools\n"
        "Tuesday, January 24, 2012\n"
        "10:30 AM Room 217\n"
        "Lena Ortiz (Harbour Robotics Inc.) - Tethered Crawlers for Hull Surveys\n"
        "Crawling Robots for the Inspection of Ship Hulls in Port\n"
        "Small Vehicles\n"
        "Wednesday, January 25, 2012\n"
        "09:00 AM Room 218\n"
        "Tom Okafor (Delta Subsea) - Pressure Housings in Practice\n"
    )
    assert papers(program) == [
        ("Tethered Crawlers for Hull Surveys", [("Lena Ortiz", "Harbour Robotics Inc.")]),
        ("Pressure Housings in Practice", [("Tom Okafor", "Delta Subsea")]),
    ]
    program = parse(
        "Tuesday, January 24, 2012\n"
        "10:30 - 11:00 Session 1\n"
        "Tethered Crawlers for Hull Surveys\n"
        "Maria Lopez\n"
        "Wednesday, January 25, 2012\n"
        "09:00 - 10:00 Session 2\n"
        "Pressure Housings in Practice\n"
        "Tom Okafor\n"
    )
    assert papers(program) == [
        ("Tethered Crawlers for Hull Surveys", [("Maria Lopez", None)]),
        ("Pressure Housings in Practice", [("Tom Okafor", None)]),
    ]


def test_on_a_page_of_placed_speakers_a_bare_name_before_the_hyphen_is_the_speaker() -> None:
    # A page whose talks read "Name (Workplace) - Title": one printed "Name - Title" without
    # a workplace is a talk by that person too; on a page without that habit the line stays
    # the item's title (a hyphen alone is as often a title's own).
    talks = (
        "Tuesday, January 24, 2012\n"
        "08:30 AM Room 218\n"
        "Lena Ortiz (Harbour Robotics Inc.) - Tethered Crawlers for Hull Surveys\n"
        "09:00 AM Room 218\n"
        "Thomas Wrenn - Under Ice Operations with a Small Vehicle\n"
        "09:30 AM Room 218\n"
        "Tom Okafor (Delta Subsea) - Pressure Housings in Practice\n"
        "10:00 AM Room 218\n"
        "Maria Lopez (Coastal Survey Ltd) - Mapping Debris along the Coast\n"
    )
    assert papers(parse(talks))[1] == (
        "Under Ice Operations with a Small Vehicle",
        [("Thomas Wrenn", None)],
    )
    alone = parse(
        "Tuesday, January 24, 2012\n"
        "09:00 AM Room 218\n"
        "Thomas Wrenn - Under Ice Operations with a Small Vehicle\n"
    )
    assert [s.title for s in alone.sessions] == [
        "Thomas Wrenn - Under Ice Operations with a Small Vehicle"
    ]


def test_a_talk_title_opening_with_opening_or_closing_and_its_object_is_a_talk() -> None:
    # "Time | Speaker | Title" rows: "Opening the 21 cm Window …", "Closing the Gap …" are a
    # gerund and what it opens or closes, a talk's title; "Opening of the Workshop" and
    # "Closing Remarks" stay the day's ceremonies.
    program = parse(
        "Friday\n"
        "9:00-9:10\tMarta Quist\tOpening of the Workshop\n"
        "9:10-9:40\tJonas Pelt\tOpening the Radio Window on the Early Universe\n"
        "9:40-10:10\tLena Varga\tClosing the Gap between Neutrino Models and Data\n"
        "10:10-10:20\tMarta Quist\tClosing Remarks\n"
    )
    assert papers(program) == [
        ("Opening the Radio Window on the Early Universe", [("Jonas Pelt", None)]),
        ("Closing the Gap between Neutrino Models and Data", [("Lena Varga", None)]),
    ]


def test_a_talk_whose_title_is_still_to_be_announced_beside_its_speaker() -> None:
    # "Time | Speaker | Title" rows: "Jamie Orlov | TBD" is a talk all the same, its title
    # printed as the placeholder, as "Title | TBA" is a talk whose speaker is not named yet.
    program = parse(
        "Friday\n"
        "9:00-9:30\tIrene Kastner\tThe Future of High-Energy Neutrino Astronomy\n"
        "9:30-10:00\tJamie Orlov\tTBD\n"
        "10:00-10:30\tCoffee break\n"
        "10:30-11:00\tAnamaria Leffel\tTBA\n"
        "11:00-11:30\tPeter Varos\tGamma-ray Bursts in the Coming Decade\n"
    )
    assert papers(program) == [
        ("The Future of High-Energy Neutrino Astronomy", [("Irene Kastner", None)]),
        ("TBD", [("Jamie Orlov", None)]),
        ("TBA", [("Anamaria Leffel", None)]),
        ("Gamma-ray Bursts in the Coming Decade", [("Peter Varos", None)]),
    ]


def test_a_panel_row_names_its_moderator_in_the_speaker_cell_and_its_topic_beside() -> None:
    # "Time | Speaker | Title" rows: "Panel Discussion: Rhea Munk | What is needed? Theory
    # and Modelling" is a panel on that topic led by the one person named, not a talk by
    # "Theory" and "Modelling"; a bare "Panel Discussion" names no one.
    program = parse(
        "Saturday\n"
        "11:50-12:20\tAli Kerman\tStrategies for Identifying Flaring and Obscured Sources\n"
        "12:20-1:00\tPanel Discussion: Rhea Munk\tWhat is needed? Theory and Modelling\n"
        "1:00-1:40\t\tLunch\n"
        "1:40-2:10\tPhil Corrado\tChasing Counterparts with Next-Generation Facilities\n"
        "3:40-4:20\tPanel Discussion\tPredictions for the Future\n"
    )
    assert papers(program) == [
        ("Strategies for Identifying Flaring and Obscured Sources", [("Ali Kerman", None)]),
        ("Chasing Counterparts with Next-Generation Facilities", [("Phil Corrado", None)]),
    ]
    panels = [s for s in program.sessions if s.title and "needed" in s.title]
    assert [(s.title, [c.name for c in s.chairs]) for s in panels] == [
        ("What is needed? Theory and Modelling", ["Rhea Munk"])
    ]
    assert "Predictions for the Future" in [s.title for s in program.sessions]


def test_a_ceremony_row_names_its_host_in_the_speaker_cell() -> None:
    # "Time | Speaker | Title" rows: "Bruno Gale | Welcome remark", "Ada and Zora Lind |
    # Opening statement", "Zora Lind | Closing remarks" are the day's ceremonies, titled by
    # what they are and hosted by the people named, not talks.
    program = parse(
        "Friday\n"
        "8:50-9:00\tAda and Zora Lind\tOpening statement\n"
        "9:00-9:20\tBruno Gale\tWelcome remark\n"
        "9:20-9:50\tAzra Kovac\tSources of High-Energy Neutrinos and Cosmic Rays\n"
        "9:50-10:20\tJoss Dillard\tThe 21 cm Window on Our Cosmic Dawn\n"
        "10:20-10:30\tZora Lind\tClosing remarks\n"
    )
    assert papers(program) == [
        ("Sources of High-Energy Neutrinos and Cosmic Rays", [("Azra Kovac", None)]),
        ("The 21 cm Window on Our Cosmic Dawn", [("Joss Dillard", None)]),
    ]
    assert [(s.title, s.kind) for s in program.sessions if not s.papers] == [
        ("Opening statement", SessionKind.PLENARY),
        ("Welcome remark", SessionKind.PLENARY),
        ("Closing remarks", SessionKind.PLENARY),
    ]


def test_a_timed_talk_names_its_speaker_before_a_middle_dot() -> None:
    # "14:00 – Ana Silva · Title": under a session's timed bullet, each talk's time, an en dash,
    # who gives it, a middle dot, then its title, as a dash or a colon would part them.
    program = parse(
        "October 21, 2025 (Tuesday)\n"
        "14:00 Invited Presentations Session 1\n"
        "\n"
        "14:00 – Ingrid Halvorsen · Colour, Rhythm and the Moving Eye\n"
        "14:15 – Tomasz Wierzbicki · Why Do Some Melodies Stay With Us?\n"
        "14:30 – Amara Okonkwo · Light as a Conduit to Memory\n"
        "\n"
        "15:00 Coffee Break\n"
    )
    assert papers(program) == [
        ("Colour, Rhythm and the Moving Eye", [("Ingrid Halvorsen", None)]),
        ("Why Do Some Melodies Stay With Us?", [("Tomasz Wierzbicki", None)]),
        ("Light as a Conduit to Memory", [("Amara Okonkwo", None)]),
    ]
    talks = [s for s in program.sessions if s.papers]
    assert [(s.title, s.start.strftime("%H:%M") if s.start else None) for s in talks] == [
        ("Invited Presentations Session 1", "14:00")
    ]


def test_a_middle_dot_parts_a_speaker_from_a_short_or_listing_title() -> None:
    # "Ana Silva · Art, Memory and Music", "Bo Li · Seeing Complexity": past a spaced middle
    # dot after a name, a title of two words, or one listing its topics as a name list would,
    # is still the talk's title (a workplace there is not).
    program = parse(
        "October 21, 2025 (Tuesday)\n"
        "14:00 Invited Presentations Session 1\n"
        "\n"
        "14:00 – Ingrid Halvorsen · Colour, Memory and Art\n"
        "14:15 – Tomasz Wierzbicki · Seeing Complexity\n"
        "14:30 – Amara Okonkwo · Shaping Human(e) Places\n"
        "\n"
        "15:00 Coffee Break\n"
    )
    assert papers(program) == [
        ("Colour, Memory and Art", [("Ingrid Halvorsen", None)]),
        ("Seeing Complexity", [("Tomasz Wierzbicki", None)]),
        ("Shaping Human(e) Places", [("Amara Okonkwo", None)]),
    ]
    assert [s.title for s in program.sessions if s.papers] == ["Invited Presentations Session 1"]


def test_a_middle_dot_title_with_a_colon_of_its_own_is_no_workplace() -> None:
    # "Ana Silva · Breaking Barriers: Teaching … at Universities": past the dot, a title and its
    # subtitle, though it names universities; a workplace is not printed with such a colon.
    program = parse(
        "October 21, 2025 (Tuesday)\n"
        "16:00 Invited Presentations Session 2\n"
        "\n"
        "16:00 – Ingrid Halvorsen · Colour, Rhythm and the Moving Eye\n"
        "16:15 – Tomasz Wierzbicki · Breaking Barriers: Teaching Neuroscience at Universities\n"
        "16:30 – Amara Okonkwo · Light as a Conduit to Memory\n"
        "\n"
        "17:00 Dinner\n"
    )
    assert papers(program) == [
        ("Colour, Rhythm and the Moving Eye", [("Ingrid Halvorsen", None)]),
        ("Breaking Barriers: Teaching Neuroscience at Universities", [("Tomasz Wierzbicki", None)]),
        ("Light as a Conduit to Memory", [("Amara Okonkwo", None)]),
    ]
    assert [s.title for s in program.sessions if s.papers] == ["Invited Presentations Session 2"]


def test_an_opening_ceremonys_untimed_lines_are_its_programme_not_papers() -> None:
    # "13:30 Opening Ceremony" / "Master of Ceremony: Prof. Ana Silva" / "Welcome Addresses: …"
    # / "Signing Ceremony: …": what the ceremony holds, who hosts it; no talk is given.
    program = parse(
        "October 21, 2025 (Tuesday)\n"
        "13:30 Opening Ceremony\n"
        "\n"
        "Master of Ceremony: Prof. Liesel Brandt\n"
        "Introductory Video: Perception Lab\n"
        "Welcome Addresses: Presidents of the University and the Academy\n"
        "Signing Ceremony: Agreement with the Academy\n"
        "\n"
        "14:00 Invited Presentations Session 1\n"
        "\n"
        "14:00 – Ingrid Halvorsen · Colour, Rhythm and the Moving Eye\n"
        "14:15 – Tomasz Wierzbicki · Why Do Some Melodies Stay With Us?\n"
        "\n"
        "15:00 Coffee Break\n"
    )
    assert papers(program) == [
        ("Colour, Rhythm and the Moving Eye", [("Ingrid Halvorsen", None)]),
        ("Why Do Some Melodies Stay With Us?", [("Tomasz Wierzbicki", None)]),
    ]
    opening = program.sessions[0]
    assert opening.title == "Opening Ceremony"
    assert opening.start is not None
    assert opening.start.strftime("%H:%M") == "13:30"


def test_an_undecided_chair_and_a_half_day_heading_are_no_rooms() -> None:
    # "Afternoon Session – Conference" over the day's half, "Chair to be determined" under each
    # session: printed again and again right above timed lines, as a place would be, but neither
    # is where the items are held (nor is the undecided chair anyone).
    program = parse(
        "October 22, 2025 (Wednesday)\n"
        "\n"
        "Morning Session – Conference\n"
        "\n"
        "09:00 Invited Presentations Session 1\n"
        "\n"
        "Chair to be determined\n"
        "\n"
        "09:00 – Ingrid Halvorsen · Colour, Rhythm and the Moving Eye\n"
        "09:15 – Tomasz Wierzbicki · Why Do Some Melodies Stay With Us?\n"
        "\n"
        "10:30 Coffee Break\n"
        "\n"
        "11:00 Invited Presentations Session 2\n"
        "\n"
        "Chair to be determined\n"
        "\n"
        "11:00 – Amara Okonkwo · Light as a Conduit to Memory\n"
        "11:15 – Liesel Brandt · Seeing Ourselves in Others\n"
        "\n"
        "12:30 Lunch\n"
        "\n"
        "Afternoon Session – Conference\n"
        "\n"
        "14:00 Invited Presentations Session 3\n"
        "\n"
        "Chair to be determined\n"
        "\n"
        "14:00 – Marta Kovács · Temporal Windows in the Brain\n"
        "14:15 – Daniel Okafor · Eye Movements in Aesthetic Perception\n"
        "\n"
        "15:30 Coffee Break\n"
    )
    assert [(s.title, s.room) for s in program.sessions] == [
        ("Invited Presentations Session 1", None),
        ("Coffee Break", None),
        ("Invited Presentations Session 2", None),
        ("Lunch", None),
        ("Invited Presentations Session 3", None),
        ("Coffee Break", None),
    ]
    assert [len(s.papers) for s in program.sessions] == [2, 0, 2, 0, 2, 0]
    assert all(not s.chairs for s in program.sessions)


def test_a_bare_speaker_name_above_the_title_under_each_time() -> None:
    # A CMS schedule: per item its time, the speaker's bare name, the talk's title, then the
    # abstract and biography as running text: each item one talk, given by the name above it.
    program = parse(
        "Wednesday 30 April 2025\n"
        "\n"
        "16:00\n"
        "\n"
        "Ada Mbeki\n"
        "\n"
        "Drawing maps with open vector tools\n"
        "\n"
        "In this talk I will show how our group draws maps with free tools. We started two"
        " years ago and now publish every map we draw under a free licence.\n"
        "\n"
        "Ada Mbeki is a cartographer based in Lyon. She has taught mapping at the art school"
        " since 2010, and she writes about it often.\n"
        "\n"
        "16:20\n"
        "\n"
        "Tomas Brennan\n"
        "\n"
        "Jumping\n"
        "\n"
        "Many scripts lack good fonts. This talk reviews what a small team can do. We will also"
        " look at how to fund such work.\n"
        "\n"
        "16:40\n"
        "\n"
        "Rui Santos\n"
        "\n"
        "Colour management today\n"
    )
    assert papers(program) == [
        ("Drawing maps with open vector tools", [("Ada Mbeki", None)]),
        ("Jumping", [("Tomas Brennan", None)]),
        ("Colour management today", [("Rui Santos", None)]),
    ]


def test_the_lines_under_a_talk_printed_speaker_first_are_its_description() -> None:
    # Time / speaker / title, then an abstract copied with its line breaks (short lines, each
    # ending mid-sentence): the talk's description, not further papers; a break ends it.
    program = parse(
        "Wednesday 30 April 2025\n"
        "\n"
        "16:00\n"
        "\n"
        "Ada Mbeki\n"
        "\n"
        "Drawing maps with open vector tools\n"
        "\n"
        "No map is ever finished. But every map can be shared.\n"
        "\n"
        "Our tool is a small server with an HTTP API,\n"
        "written in Rust. Maps are drawn on demand\n"
        "by opening a link that names the area.\n"
        "\n"
        "Ada Mbeki is a cartographer based in Lyon.\n"
        "In her spare time she sails\n"
        "\n"
        "http://example.org\n"
        "\n"
        "Break\n"
        "\n"
        "16:40\n"
        "\n"
        "Tomas Brennan\n"
        "\n"
        "Type design for small scripts\n"
    )
    assert papers(program) == [
        ("Drawing maps with open vector tools", [("Ada Mbeki", None)]),
        ("Type design for small scripts", [("Tomas Brennan", None)]),
    ]
    assert [s.title for s in program.sessions][1] == "Break"


def test_a_time_range_broken_after_its_dash_is_one_range() -> None:
    # "16:40–" / "17:00": a range whose end the page put on the next line (a <br> after the
    # dash) is one slot, not an empty item at 16:40 and another at 17:00.
    program = parse(
        "Wednesday 30 April 2025\n"
        "\n"
        "16:20\n"
        "\n"
        "Coffee\n"
        "\n"
        "16:40–\n"
        "17:00\n"
        "\n"
        "Drawing maps with open vector tools\n"
        "\n"
        "Ada Mbeki (University of Lyon)\n"
    )
    talk = program.sessions[-1]
    assert (talk.start.strftime("%H:%M"), talk.end and talk.end.strftime("%H:%M")) == (
        "16:40",
        "17:00",
    )
    assert len(program.sessions) == 2


def test_the_events_date_span_in_a_site_header_does_not_start_the_program() -> None:
    # A CMS page copied whole: the site's name, its tagline with the event's dates
    # ("Lyon April 29th – May 2nd 2025"), the menu, then the program's first day: the menu
    # is the page's navigation, not papers and their authors.
    program = parse(
        "Open Maps Meeting 2025\n"
        "Lyon April 29th – May 2nd 2025\n"
        "Menu Skip to content\n"
        "Blog\n"
        "About\n"
        "Code of Conduct\n"
        "Program\n"
        "Travel\n"
        "Visas\n"
        "Contact\n"
        "Sponsors\n"
        "Donate!\n"
        "\n"
        "Wednesday 30 April 2025\n"
        "\n"
        "16:00\n"
        "\n"
        "Drawing maps with open vector tools\n"
        "\n"
        "Ada Mbeki (University of Lyon)\n"
    )
    assert papers(program) == [
        ("Drawing maps with open vector tools", [("Ada Mbeki", "University of Lyon")]),
    ]


def test_a_bare_speaker_name_over_a_title_right_under_a_day_header() -> None:
    # The day's first talk printed without its time: day header / speaker / title / abstract.
    program = parse(
        "Thursday 1 May 2025\n"
        "\n"
        "Amara Lindqvist\n"
        "\n"
        "Accessible graphics on the web\n"
        "\n"
        "Are your graphics accessible to all readers? This talk introduces the key ideas. It"
        " focuses on vector images but applies to every picture.\n"
        "\n"
        "10:20\n"
        "\n"
        "Tomas Brennan\n"
        "\n"
        "Type design for small scripts\n"
    )
    assert papers(program) == [
        ("Accessible graphics on the web", [("Amara Lindqvist", None)]),
        ("Type design for small scripts", [("Tomas Brennan", None)]),
    ]


def test_a_rarer_bare_speaker_name_once_the_page_prints_speakers_above_titles() -> None:
    # Time / speaker / title: once two talks have named their speakers so, a name led by a
    # rarer given name in the same place is a speaker too.
    program = parse(
        "Wednesday 30 April 2025\n"
        "\n"
        "16:00\n"
        "\n"
        "Ada Mbeki\n"
        "\n"
        "Drawing maps with open vector tools\n"
        "\n"
        "16:20\n"
        "\n"
        "Tomas Brennan\n"
        "\n"
        "Type design for small scripts\n"
        "\n"
        "16:40\n"
        "\n"
        "Oyelaran Priyamvada Okonkwo\n"
        "\n"
        "Libre fonts for Yoruba\n"
    )
    assert papers(program)[-1] == (
        "Libre fonts for Yoruba",
        [("Oyelaran Priyamvada Okonkwo", None)],
    )


def test_a_speaker_name_typed_in_lowercase_once_the_page_prints_speakers_above_titles() -> None:
    # `peter sikking`, as the speaker typed it into the CMS: a given name in lowercase, in the
    # place where the page's other talks print their speakers.
    program = parse(
        "Wednesday 30 April 2025\n"
        "\n"
        "16:00\n"
        "\n"
        "Ada Mbeki\n"
        "\n"
        "Drawing maps with open vector tools\n"
        "\n"
        "16:20\n"
        "\n"
        "Tomas Brennan\n"
        "\n"
        "Type design for small scripts\n"
        "\n"
        "16:40\n"
        "\n"
        "peter lindholm\n"
        "\n"
        "Designing interaction for creative pros\n"
    )
    assert papers(program)[-1] == (
        "Designing interaction for creative pros",
        [("peter lindholm", None)],
    )


def test_talks_printed_speakers_then_a_dash_then_the_title() -> None:
    # A page whose talks read "Speaker(s) - Title - recording": bare names (no initials, no
    # workplaces) before the first spaced dash; the recording link after the title is no part
    # of it, nor is a poster list printed the other way round ("Title - Authors") misread.
    program = parse(
        "Wednesday, March 6, 2024\n"
        "13:15-14:30 Surface\n"
        "Marta Olsen - Grain and Gloss in Etched Plates - recording\n"
        "Tobias Keller - The Weave of the Canvas\n"
        "Ines Duarte, Paul Renner - Varnish as a Picture Plane - recording\n"
        "Clara Voss and Emil Sand - On Drawing Rain\n"
        "14:30-15:00 Coffee\n"
        "15:00-16:00 Posters\n"
        "Shadows in Dutch Interiors - Lotte Brink, Jonas Meyer\n"
        "Reading Brushwork by Touch - Amira Haddad\n"
        "Cast Light on Plaster Casts - Nora Quist, Lotte Brink\n"
    )
    assert papers(program) == [
        ("Grain and Gloss in Etched Plates", [("Marta Olsen", None)]),
        ("The Weave of the Canvas", [("Tobias Keller", None)]),
        ("Varnish as a Picture Plane", [("Ines Duarte", None), ("Paul Renner", None)]),
        ("On Drawing Rain", [("Clara Voss", None), ("Emil Sand", None)]),
        ("Shadows in Dutch Interiors", [("Lotte Brink", None), ("Jonas Meyer", None)]),
        ("Reading Brushwork by Touch", [("Amira Haddad", None)]),
        ("Cast Light on Plaster Casts", [("Nora Quist", None), ("Lotte Brink", None)]),
    ]


def test_a_break_on_each_of_two_undated_days_is_two_breaks() -> None:
    # Day headers without dates ("Wednesday", "Thursday"): their items have no date, so their
    # starts are unknown too; the coffee break of each day is its own item, not one repeated.
    program = parse(
        "Wednesday\n"
        "10:30-11:00 Coffee\n"
        "11:00-12:30 Surface and Grain\n"
        "Marta Olsen (Leiden University)\n"
        "Grain and Gloss in Etched Plates\n"
        "Thursday\n"
        "10:30-11:00 Coffee\n"
        "11:00-12:30 Colour and Shade\n"
        "Tobias Keller (Ghent University)\n"
        "The Weave of the Canvas\n"
    )
    assert [s.title for s in program.sessions] == [
        "Coffee",
        "Surface and Grain",
        "Coffee",
        "Colour and Shade",
    ]


def test_a_poster_title_opening_with_the_is_no_speaker_before_a_dash() -> None:
    # On a page of "Speaker - Title" talks, a poster "The Title - A. Name, B. Name" still reads
    # title first: "The ..." opens no name.
    program = parse(
        "Wednesday, March 6, 2024\n"
        "13:15-14:30 Surface\n"
        "Marta Olsen - Grain and Gloss in Etched Plates\n"
        "Tobias Keller - The Weave of the Canvas\n"
        "Ines Duarte - Varnish as a Picture Plane\n"
        "15:00-16:00 Posters\n"
        "The Shadow Looks Back - Lotte J. van Brink, Jonas K. Meyer\n"
    )
    assert papers(program)[3] == (
        "The Shadow Looks Back",
        [("Lotte J. van Brink", None), ("Jonas K. Meyer", None)],
    )


def test_a_speakers_rank_after_the_title_of_a_dashed_talk_is_no_part_of_it() -> None:
    # "Name - Title. Assistant Professor - recording": the speaker's rank, copied after the
    # title's closing stop, is who they are, not the title's words.
    program = parse(
        "Wednesday, March 6, 2024\n"
        "13:15-14:30 Surface\n"
        "Marta Olsen - Grain and Gloss in Etched Plates - recording\n"
        "Tobias Keller - Framing the Canvas. Movement and Cinema. Assistant Professor - recording\n"
        "Ines Duarte - Varnish as a Picture Plane\n"
    )
    assert papers(program)[1] == (
        "Framing the Canvas. Movement and Cinema.",
        [("Tobias Keller", None)],
    )


def test_a_surname_with_an_elided_lower_case_particle_is_a_name() -> None:
    # "Title - Lieve d'Hont": a Dutch or French surname opening "d'" or "l'" before its capital
    # is a name, the one speaker after the dash, as on a page of "Title - Names" posters.
    program = parse(
        "Wednesday, March 6, 2024\n"
        "15:00-16:00 Posters\n"
        "Shadows in Dutch Interiors - Lotte Brink, Jonas Meyer\n"
        "Cast Light on Plaster Casts - Nora Quist, Lotte Brink\n"
        "Reconstructing a Painter's Flesh Tones - Saskia d'Hondt\n"
    )
    assert papers(program)[2] == (
        "Reconstructing a Painter's Flesh Tones",
        [("Saskia d'Hondt", None)],
    )


def test_an_opening_or_farewell_reception_is_a_social_item() -> None:
    # "Opening reception", "Farewell reception", "Closing dinner": the reception or the dinner
    # is the item, the opening or the farewell only when it is held.
    program = parse(
        "Wednesday, March 6, 2024\n"
        "13:15-14:30 Surface\n"
        "Marta Olsen (Leiden University)\n"
        "Grain and Gloss in Etched Plates\n"
        "18:15 Opening reception\n"
        "Thursday, March 7, 2024\n"
        "17:45-18:15 Closing discussion\n"
        "18:30 Farewell reception\n"
        "19:30 Closing dinner\n"
    )
    assert [(s.title, s.kind) for s in program.sessions if s.title != "Surface"] == [
        ("Opening reception", SessionKind.SOCIAL),
        ("Closing discussion", SessionKind.PLENARY),
        ("Farewell reception", SessionKind.SOCIAL),
        ("Closing dinner", SessionKind.SOCIAL),
    ]


def test_a_time_range_typed_with_a_colon_for_its_dash() -> None:
    # "15:00:16:00 Visit ...": two clocks run together by a colon where the dash belongs, the
    # start and the end of the item (the end later than the start), not part of its title.
    program = parse(
        "Friday, March 8, 2024\n"
        "13:30-15:00 Workshop\n"
        "15:00:16:00 Visit to the Library Exhibition\n"
        "16:00-17:45 The Gaze\n"
        "Marta Olsen (Leiden University)\n"
        "Grain and Gloss in Etched Plates\n"
    )
    visit = program.sessions[1]
    assert visit.title == "Visit to the Library Exhibition"
    assert visit.start is not None
    assert visit.end is not None
    assert (visit.start.strftime("%H:%M"), visit.end.strftime("%H:%M")) == ("15:00", "16:00")


def test_one_speaker_by_initials_and_surname_after_a_title_dash() -> None:
    # "Title - V.E. Mandel" on a page of "Title - Names" posters: initials run together, then a
    # surname, are the one speaker's name.
    program = parse(
        "Wednesday, March 6, 2024\n"
        "15:00-16:00 Posters\n"
        "Shadows in Dutch Interiors - Lotte Brink, Jonas Meyer\n"
        "Cast Light on Plaster Casts - Nora Quist, Lotte Brink\n"
        "Butterflies Painted with Oil and Dust - K.L. Marsden\n"
    )
    assert papers(program)[2] == ("Butterflies Painted with Oil and Dust", [("K.L. Marsden", None)])


def test_a_chair_row_with_an_empty_time_cell_heads_the_timed_talks_below_it() -> None:
    # `| | *chair: Name* |` in a `Time | Description` table: the chair's row has no time of its
    # own; the talks timed below it, up to the coffee, are the session it chairs (not each an
    # item of its own, and not the opening above it).
    program = parse(
        "Monday 12 May 2025\n"
        "Time\tDescription\n"
        "9:00 - 9:30\tRegistration\n"
        "9:30 - 9:40\topening\n"
        "\tchair: Ana Pereira\n"
        "9:40 - 10:10\tBruno Costa\n"
        "Tensor networks for channel capacity\n"
        "10:10 - 10:40\tCarla Dias\n"
        "Catalytic work extraction from coherent states\n"
        "10:40 - 11:00\tcoffee\n"
        "\tchair: Diego Faria\n"
        "11:00 - 11:30\tElena Gomes\n"
        "Bounds on magic state distillation\n"
        "11:30 - 12:00\tFabio Lima\n"
        "Entropy of measurement channels\n"
    )
    chaired = [
        (s.start.strftime("%H:%M") if s.start else None, [c.name for c in s.chairs], len(s.papers))
        for s in program.sessions
        if s.chairs or s.papers
    ]
    assert chaired == [("09:40", ["Ana Pereira"], 2), ("11:00", ["Diego Faria"], 2)]


def test_two_speakers_joined_by_or_are_both_the_talks_people() -> None:
    # `Ana Pereira or Bruno Costa Lima`: the page does not yet know which of two people gives
    # the talk; both are its people, and the row is a talk like the rows around it.
    program = parse(
        "Monday 12 May 2025\n"
        "Time\tDescription\n"
        "\tchair: Diego Faria\n"
        "9:40 - 10:10\tCarla Dias\n"
        "Catalytic work extraction from coherent states\n"
        "10:10 - 10:40\tAna Pereira or Bruno Costa Lima\n"
        "Energetic costs of online quantum agents\n"
        "10:40 - 11:10\tElena Gomes\n"
        "Bounds on magic state distillation\n"
        "11:10 - 11:40\tFabio Lima\n"
        "Entropy of measurement channels\n"
        "11:40 - 12:00\tcoffee\n"
    )
    assert papers(program)[1] == (
        "Energetic costs of online quantum agents",
        [("Ana Pereira", None), ("Bruno Costa Lima", None)],
    )


def test_a_speaker_with_two_given_names_and_a_middle_initial_after_timed_talks() -> None:
    # `Gelo Noel M. Tabia`: two given names, a middle initial and a surname are four words,
    # but the initial makes a name longer, not less a name; the row is the next talk.
    program = parse(
        "Monday 12 May 2025\n"
        "Time\tDescription\n"
        "\tchair: Diego Faria\n"
        "9:40 - 10:10\tCarla Dias\n"
        "Catalytic work extraction from coherent states\n"
        "10:10 - 10:40\tElena Gomes\n"
        "Bounds on magic state distillation\n"
        "10:40 - 11:10\tFabio Lima\n"
        "Entropy of measurement channels\n"
        "11:10 - 11:40\tRiva Tomo K. Senaratne\n"
        "Superactivation of quantum memories\n"
        "11:40 - 12:00\tcoffee\n"
    )
    assert papers(program)[-1] == (
        "Superactivation of quantum memories",
        [("Riva Tomo K. Senaratne", None)],
    )


def test_an_org_mode_file_reads_as_the_text_its_export_shows() -> None:
    # `#+TITLE:` prints the title, a priority cookie, a `<<target>>` and trailing tags print
    # nothing, a link its description, a table rule nothing and a row its cells.
    assert page_text(
        "#+TITLE: Program\n"
        "#+OPTIONS: toc:nil\n"
        "* Distributed Systems 1\n"
        "** [#A] <<12>> Gossip Protocols for Sparse Overlay Networks :DS:ok:en:\n"
        "Marta Ilyina and [[https://example.org/ps][Pavel Sorokin]]\n"
        "** TODO <<7>> Leader Election under Partial Synchrony :DS:\n"
        "|-------+-------|\n"
        "| 09:00 | Opening |\n"
        "|-------+-------|\n"
    ) == (
        "Program\n"
        "Distributed Systems 1\n"
        "Gossip Protocols for Sparse Overlay Networks\n"
        "Marta Ilyina and Pavel Sorokin\n"
        "Leader Election under Partial Synchrony\n"
        "09:00\tOpening\n"
    )


def test_untimed_topic_headings_over_title_and_author_pairs_are_sessions() -> None:
    # Each paper a title line over its author line, no times; a short line of its own above
    # a title, right below the last paper's authors, heads the papers below it (as an org-mode
    # file prints them: `*` headings the topics, `**` headings the papers).
    program = parse_program(
        "#+TITLE: Program\n"
        "\n"
        "* Distributed Systems 1\n"
        "** [#A] <<12>> Gossip Protocols for Sparse Overlay Networks :DS:ok:en:\n"
        "Marta Ilyina and Pavel Sorokin\n"
        "** <<7>> Leader Election under Partial Synchrony :DS:\n"
        "Irina Volkova, Oleg Petrov and Anna Kuznetsova\n"
        "** <<9>> Clock Skew in Geo-Replicated Stores :DS:\n"
        "Gleb Morozov\n"
        "* Posters\n"
        "** <<30>> A Survey of Consensus Benchmarks\n"
        "Denis Orlov\n"
        "** <<31>> Tracing Message Loss in Field Sensor Meshes :IOT:\n"
        "Vera Sokolova and Ilya Markin\n"
        "** <<32>> Teaching Distributed Algorithms with Games :EDU:\n"
        "Nina Egorova\n",
        UTC,
    )
    assert [(s.title, [p.title for p in s.papers]) for s in program.sessions] == [
        (
            "Distributed Systems 1",
            [
                "Gossip Protocols for Sparse Overlay Networks",
                "Leader Election under Partial Synchrony",
                "Clock Skew in Geo-Replicated Stores",
            ],
        ),
        (
            "Posters",
            [
                "A Survey of Consensus Benchmarks",
                "Tracing Message Loss in Field Sensor Meshes",
                "Teaching Distributed Algorithms with Games",
            ],
        ),
    ]
    assert papers(program)[1][1] == [
        ("Irina Volkova", None),
        ("Oleg Petrov", None),
        ("Anna Kuznetsova", None),
    ]
    assert program.sessions[1].kind is SessionKind.POSTERS


def test_a_papers_id_and_delivery_line_under_its_authors_is_no_title() -> None:
    # `P1004: In-Person Presentation 1`: a generated session page prints, under each paper's
    # authors, its id, how it is given and its place in the session; with no blank lines
    # between the cards it would run into the next title.
    program = parse(
        "Session: Shared Spaces\n"
        "Wednesday 2025-11-26 11:00-12:20 UTC\n"
        "Learning with Shared Displays in Public Libraries\n"
        "Ana Moreau, Bo Lindqvist\n"
        "P1012: In-Person Presentation 1\n"
        "Designing Quiet Rooms for Open Offices\n"
        "Chen Wu, Dara Okafor\n"
        "LBW1030: Remote Presentation 2\n"
        "Tangible Timers for Shared Kitchens\n"
        "Eva Novak\n"
        "P1040: Video Presentation 3\n"
    )
    assert [title for title, _ in papers(program)] == [
        "Learning with Shared Displays in Public Libraries",
        "Designing Quiet Rooms for Open Offices",
        "Tangible Timers for Shared Kitchens",
    ]
    assert all(lexer.is_link_line(line) for line in ("Remote Presentation", "P7: Online Talk"))


def test_a_track_label_repeated_under_papers_is_a_badge_however_long() -> None:
    # `Late Breaking Work and Case Studies Track`: the track of each paper, printed under its
    # authors all through the page, as `Paper Track` is; no title of its own.
    cards = [
        ("Learning with Shared Displays in Public Libraries", "Ana Moreau, Bo Lindqvist"),
        ("Designing Quiet Rooms for Open Offices", "Chen Wu, Dara Okafor"),
        ("Tangible Timers for Shared Kitchens", "Eva Novak, Farid Haddad"),
        ("Walking Interviews with Urban Gardeners", "Gita Rao, Hugo Blanc"),
    ]
    text = "Session: Shared Spaces\nWednesday 2025-11-26 11:00-12:20 UTC\n"
    for title, names in cards:
        text += f"{title}\n\n{names}\n\nLate Breaking Work and Demonstrations Track\n"
    assert [title for title, _ in papers(parse(text))] == [title for title, _ in cards]


def test_a_room_after_its_buildings_name_and_a_colon_is_the_sessions_room() -> None:
    # `Shine Dome: Ian Wark Theatre`: the building, a colon, the room in it, on the line under
    # a session's time, as a generated session page prints its location.
    program = parse(
        "Session: Shared Spaces\n"
        "Wednesday 2025-11-26 11:00-12:20 UTC\n"
        "North Wing: Ada Lovelace Theatre\n"
        "Learning with Shared Displays in Public Libraries\n"
        "\n"
        "Ana Moreau, Bo Lindqvist\n"
        "\n"
        "Designing Quiet Rooms for Open Offices\n"
        "\n"
        "Chen Wu, Dara Okafor\n"
    )
    assert [title for title, _ in papers(program)] == [
        "Learning with Shared Displays in Public Libraries",
        "Designing Quiet Rooms for Open Offices",
    ]
    assert program.sessions[0].room == "North Wing: Ada Lovelace Theatre"
    assert classify(1, "Keynote: The Concert Hall").kind is not LineKind.ROOM


def test_one_three_word_name_typed_in_lowercase_among_full_names_is_an_author() -> None:
    # `jason brown brown`, as the author typed it into the submission system, among four names
    # written in full: one of them, not a title.
    line = "Ana R Moreau, Bo Lindqvist, omar haddad haddad, Chen Wu, Dara Okafor"
    assert author_line_score(line) > 0.5
    program = parse(
        "Session: Shared Spaces\n"
        "Wednesday 2025-11-26 11:00-12:20 UTC\n"
        "Learning with Shared Displays in Public Libraries\n"
        "\n"
        f"{line}\n"
        "\n"
        "Designing Quiet Rooms for Open Offices\n"
        "\n"
        "Eva Novak, Farid Haddad\n"
    )
    assert papers(program)[0][1] == [
        ("Ana R Moreau", None),
        ("Bo Lindqvist", None),
        ("omar haddad haddad", None),
        ("Chen Wu", None),
        ("Dara Okafor", None),
    ]
    # A lower-case phrase after a title's words stays no one's name.
    assert author_line_score("Deep Learning, Graph Models, and graph neural networks") == 0


def test_a_range_whose_dash_has_a_column_of_its_own() -> None:
    # `9:30 | – | 10:30 | Title`: a timetable printing start, dash and end in three cells reads
    # the three as one range, as `9:30 – 10:30` in one cell.
    program = parse(
        "Thursday, 30 January\n"
        "9:30\t–\t10:30\tOpening of the school\n"
        "10:30\t–\t11:00\tCoffee break\n"
        "11:00\t–\t12:00\tAda Mbeki\tDrawing maps with open vector tools\n"
    )
    spans = [
        (s.start.strftime("%H:%M"), s.end and s.end.strftime("%H:%M"))
        for s in program.sessions
        if s.start
    ]
    assert spans == [("09:30", "10:30"), ("10:30", "11:00"), ("11:00", "12:00")]


@pytest.mark.parametrize("name", ["А.Н. Панов", "Е.Ю. Бунькова", "Ж.Д. Петровић", "Є.І. Коваль"])
def test_cyrillic_joined_initials_before_a_surname_read_as_a_name(name: str) -> None:
    # `А.Н. Панов`: two initials printed together before the surname, as Russian, Ukrainian,
    # Bulgarian and Serbian programs print a speaker; a name as `A.N. Panov` is.
    assert authors.is_name_like(name)
    assert author_line_score(name) >= 0.5


def test_speakers_printed_as_initials_and_surname_in_a_column_before_the_titles() -> None:
    # `11:00 - 12:00 | А.Н. Панов | «Title»`: a timetable whose speaker column gives each
    # speaker's initials and surname; the rows are talks, the guillemets no part of the title.
    program = parse(
        "Четверг, 30 января\n"
        "9:30 - 10:30\tА.Н. Панов\t«Представления конечных групп»\n"
        "10:30 - 11:00\tКофе-брейк\n"
        "11:00 - 12:00\tИ.В. Лосев\t«Метод орбит», лекция 1\n"
        "12:00 - 12:30\tС. Облезин\t«Группы Вейля и их подъёмы»\n"
    )
    assert papers(program) == [
        ("Представления конечных групп", [("А.Н. Панов", None)]),
        ("Метод орбит", [("И.В. Лосев", None)]),
        ("Группы Вейля и их подъёмы", [("С. Облезин", None)]),
    ]


def test_a_room_numbered_with_a_hyphen_in_its_own_column_after_the_time() -> None:
    # `9:30 – 10:30 | 16-10 | Speaker | Title`: room 10 of building 16, a room column between
    # the time and the talk; it says where, and is neither the title nor the speaker.
    program = parse(
        "Thursday, 30 January\n"
        "9:30 - 10:30\t16-10\tА.Н. Панов\t«Представления конечных групп»\n"
        "10:30 - 11:00\t16-07\tКофе-брейк\n"
        "11:00 - 12:00\t16-10\tИ.В. Лосев\t«Метод орбит»\n"
        "12:00 - 12:30\t16-10\tС. Облезин\t«Группы Вейля и их подъёмы»\n"
    )
    assert papers(program) == [
        ("Представления конечных групп", [("А.Н. Панов", None)]),
        ("Метод орбит", [("И.В. Лосев", None)]),
        ("Группы Вейля и их подъёмы", [("С. Облезин", None)]),
    ]
    assert [s.room for s in program.sessions] == ["16-10", "16-07", "16-10", "16-10"]


def test_parallel_talks_under_a_time_spanning_their_rows() -> None:
    # `17:00 | – | 17:30 | 16-10 | Speaker | Title` over `16-08 | Speaker | Title`: the time
    # cells span the slot's rows (a rowspan), so the rows below open with their room; each is
    # a talk of the same slot in a room of its own.
    program = parse(
        "Thursday, 30 January\n"
        "15:00\t–\t15:40\t16-10\tА.Н. Панов\t«Представления конечных групп»\n"
        "16:30\t–\t17:00\t16-07\tКофе-брейк\n"
        "17:00\t–\t17:30\t16-10\tИ.В. Лосев\t«Метод орбит»\n"
        "16-08\tБ.К. Сартаев\t«Специальные алгебры»\n"
        "16-04\tЕ. Полетаева\t«Представления W-алгебры»\n"
        "17:40\t–\t18:10\t16-10\tС. Облезин\t«Группы Вейля и их подъёмы»\n"
    )
    assert papers(program) == [
        ("Представления конечных групп", [("А.Н. Панов", None)]),
        ("Метод орбит", [("И.В. Лосев", None)]),
        ("Специальные алгебры", [("Б.К. Сартаев", None)]),
        ("Представления W-алгебры", [("Е. Полетаева", None)]),
        ("Группы Вейля и их подъёмы", [("С. Облезин", None)]),
    ]
    slots = [(s.start.strftime("%H:%M") if s.start else None, s.room) for s in program.sessions]
    assert slots[2:5] == [("17:00", "16-10"), ("17:00", "16-08"), ("17:00", "16-04")]


def test_parallel_talks_under_a_spanning_time_with_its_cells_left_empty() -> None:
    # The same slot as a page reader copies it: the rows under the spanning time keep its
    # columns as empty cells (`<TAB><TAB><TAB>16-08 | Speaker | Title`).
    program = parse(
        "Thursday, 30 January\n"
        "15:00\t–\t15:40\t16-10\tА.Н. Панов\t«Представления конечных групп»\n"
        "16:30\t–\t17:00\t16-07\tКофе-брейк\n"
        "17:00\t–\t17:30\t16-10\tИ.В. Лосев\t«Метод орбит»\n"
        "\t\t\t16-08\tБ.К. Сартаев\t«Специальные алгебры»\n"
        "\t\t\t16-04\tЕ. Полетаева\t«Представления W-алгебры»\n"
        "17:40\t–\t18:10\t16-10\tС. Облезин\t«Группы Вейля и их подъёмы»\n"
    )
    slots = [
        (s.start.strftime("%H:%M") if s.start else None, s.room, [p.title for p in s.papers])
        for s in program.sessions
    ]
    assert slots[2:5] == [
        ("17:00", "16-10", ["Метод орбит"]),
        ("17:00", "16-08", ["Специальные алгебры"]),
        ("17:00", "16-04", ["Представления W-алгебры"]),
    ]


def test_a_bare_authors_label_under_a_presenter_line_gives_the_paper_s_full_author_list() -> None:
    # A collapse panel per paper: its title, who presents it ("Name, Affiliation, Country"),
    # then the fields "Time" and "Authors" each on a line above its value. The list names every
    # author; the presenter keeps the affiliation printed with them, even where the list spells
    # the name more fully.
    program = parse(
        "Tuesday, 3 June 2025\n"
        "Session\n"
        "1:05 PM - 2:55 PM | Room 1\n"
        "Fluid Systems\n"
        "Session Chair: Dr. Ana Silva, Lund University, Sweden\n"
        "\n"
        "Fast Mixing in Narrow Channels\n"
        "Bo Li, University of Toronto, Canada\n"
        "Time\n"
        "1:05 - 1:25\n"
        "Authors\n"
        "Cy Ng, Bo Li, De Wu\n"
        "Heat Flow in Long Curved Pipes\n"
        "Eva Kim, Korea University, Korea\n"
        "Time\n"
        "1:25 - 1:45\n"
        "Authors\n"
        "Eva J. Kim, Fay Lu\n"
        "Wall Shear in Plate Exchangers\n"
        "Gus Roy, McGill University, Canada\n"
        "Time\n"
        "1:45 - 1:55\n"
        "Authors\n"
        "Gus Roy\n"
    )
    assert papers(program) == [
        (
            "Fast Mixing in Narrow Channels",
            [("Cy Ng", None), ("Bo Li", "University of Toronto, Canada"), ("De Wu", None)],
        ),
        (
            "Heat Flow in Long Curved Pipes",
            [("Eva J. Kim", "Korea University, Korea"), ("Fay Lu", None)],
        ),
        ("Wall Shear in Plate Exchangers", [("Gus Roy", "McGill University, Canada")]),
    ]
    second = program.sessions[0].papers[1]
    assert second.start is not None
    assert second.end is not None
    assert (f"{second.start:%H:%M}", f"{second.end:%H:%M}") == ("13:25", "13:45")


def test_an_overview_row_of_a_keynote_listed_again_below_with_its_chair_is_one_item() -> None:
    # The day's overview names each keynote with its talk and speaker; the section below
    # repeats them under the legend, with the time, the room and who chairs it.
    program = parse(
        "Tuesday, 3 June 2025\n"
        "9:00 AM - 9:45 AM\tKeynote Lecture\n"
        "Flows at Small Scales\n"
        "Dr. Ana Silva, Lund University, Sweden\n"
        "9:45 AM - 10:15 AM\tCoffee Break\n"
        "10:15 AM - 11:00 AM\tKeynote Lecture\n"
        "Heat in Thin Films\n"
        "Dr. Cy Ng, Korea University, Korea\n"
        "\n"
        "Keynote Lecture\n"
        "\n"
        "9:00 AM - 9:45 AM | Room 1 | Session Chair: Dr. Bo Li, University of Toronto, Canada\n"
        "Flows at Small Scales\n"
        "Dr. Ana Silva, Lund University, Sweden\n"
        "\n"
        "Keynote Lecture\n"
        "\n"
        "10:15 AM - 11:00 AM | Room 1 | Session Chair: Dr. Bo Li, University of Toronto, Canada\n"
        "Heat in Thin Films\n"
        "Dr. Cy Ng, Korea University, Korea\n"
    )
    found = [
        (s.title, s.kind, [c.name for c in s.chairs], [p.title for p in s.papers])
        for s in program.sessions
    ]
    assert found == [
        ("Keynote Lecture", SessionKind.KEYNOTE, ["Bo Li"], ["Flows at Small Scales"]),
        ("Coffee Break", SessionKind.BREAK, [], []),
        ("Keynote Lecture", SessionKind.KEYNOTE, ["Bo Li"], ["Heat in Thin Films"]),
    ]


def test_a_workplace_without_an_institution_word_before_its_country_on_a_name_comma_page() -> None:
    # Each paper's presenter printed `Name, Workplace, Country`: where most workplaces name
    # an institution, `Nofima AS, Norway` is one too, not a second person sharing a country.
    program = parse(
        "Tuesday, 3 June 2025\n"
        "11:05 AM - 12:05 PM Fluid Systems\n"
        "Fast Mixing in Narrow Channels\n"
        "Ana Silva, University of Toronto, Canada\n"
        "Sorting Particles in Sea Water\n"
        "Bo Li, Nofima AS, Norway\n"
        "Heat Flow in Long Curved Pipes\n"
        "Eva Kim, Korea University, Korea\n"
        "Wall Shear in Plate Exchangers\n"
        "Gus Roy, Lublin University of Technology, Poland\n"
    )
    assert papers(program)[1] == (
        "Sorting Particles in Sea Water",
        [("Bo Li", "Nofima AS, Norway")],
    )


def test_a_labelled_authors_list_names_people_only_on_a_name_comma_workplace_page() -> None:
    # `Name, Workplace, Country` presenter lines make the page one that prints a person's
    # workplace after a comma; the list under "Authors" still names two people.
    program = parse(
        "Tuesday, 3 June 2025\n"
        "11:05 AM - 12:05 PM Fluid Systems\n"
        "Fast Mixing in Narrow Channels\n"
        "Ana Silva, University of Toronto, Canada\n"
        "Heat Flow in Long Curved Pipes\n"
        "Eva Kim, Korea University, Korea\n"
        "Time\n"
        "11:15 - 11:25\n"
        "Authors\n"
        "Eva Kim, Paul G. O’Brien\n"
        "Wall Shear in Plate Exchangers\n"
        "Gus Roy, Lublin University of Technology, Poland\n"
    )
    assert papers(program)[1] == (
        "Heat Flow in Long Curved Pipes",
        [("Eva Kim", "Korea University, Korea"), ("Paul G. O’Brien", None)],
    )


def test_a_timetable_with_days_as_columns_and_rowspans_is_read_day_by_day() -> None:
    # A week's timetable: a column per day, a row per quarter hour, each cell spanning its
    # length with `rowspan`; a row holds only the cells that start then. Read row by row the
    # days interleave; each column is a day, each cell an item from its row's time to the
    # time of the row its span ends at (none printed past the last row).
    page = (
        "<html><body><h1>Programme</h1><table><thead><tr><th></th>"
        "<th>Monday <br> 2026/06/01</th><th>Tuesday <br> 2026/06/02</th></tr></thead><tbody>"
        "<tr><td>09:00</td><td rowspan='4'><b>Ana Silva</b><br><i>Priors for tree models</i></td>"
        "<td rowspan='2'><b>Bo Lindqvist</b><br><i>Clocks and their rates</i></td></tr>"
        "<tr><td>09:15</td></tr>"
        "<tr><td>09:30</td><td rowspan='2'><b>Carla Mota</b><br><i>Sampling fossils</i></td></tr>"
        "<tr><td>09:45</td></tr>"
        "<tr><td>10:00</td><td><b>Break</b></td><td><b>Break</b></td></tr>"
        "<tr><td>10:15</td><td rowspan='4'><b>Dan Brown</b><br><i>Skyline plots in practice</i>"
        "</td><td rowspan='4'><b>Eva Novak</b><br><i>Structured coalescent models</i></td></tr>"
        "<tr><td>10:30</td></tr><tr><td>10:45</td></tr><tr><td>11:00</td></tr>"
        "</tbody></table></body></html>"
    )
    program = parse_program(page, UTC)
    assert papers(program) == [
        ("Priors for tree models", [("Ana Silva", None)]),
        ("Skyline plots in practice", [("Dan Brown", None)]),
        ("Clocks and their rates", [("Bo Lindqvist", None)]),
        ("Sampling fossils", [("Carla Mota", None)]),
        ("Structured coalescent models", [("Eva Novak", None)]),
    ]
    talks = [s for s in program.sessions if s.papers]
    assert [
        (s.start.date(), s.start.strftime("%H:%M"), s.end and s.end.strftime("%H:%M"))
        for s in talks
    ] == [
        (date(2026, 6, 1), "09:00", "10:00"),
        (date(2026, 6, 1), "10:15", None),
        (date(2026, 6, 2), "09:00", "09:30"),
        (date(2026, 6, 2), "09:30", "10:00"),
        (date(2026, 6, 2), "10:15", None),
    ]


def test_a_note_in_parentheses_under_a_timed_row_is_no_title_for_the_pages_shape() -> None:
    # Lectures `09:00 - 10:00 | Speaker` / `Title` between hands-on rows `Title` /
    # `(tutorial)`: the note under a tutorial is no title, so those rows say nothing of
    # whether the page prints its people beside its times.
    program = parse(
        "Monday 1 June 2026\n"
        "09:00 - 10:00\tAna Silva\n"
        "Priors for tree models\n"
        "10:00 - 10:30\tFitting clock models in practice\n"
        "(tutorial)\n"
        "10:30 - 11:30\tBruno Lindqvist\n"
        "Sampling fossils through time\n"
        "11:30 - 12:00\tSummarising posterior trees\n"
        "(optional tutorial)\n"
        "13:00 - 14:00\tCarla Mota\n"
        "Skyline plots in practice\n"
        "14:00 - 14:30\tReading trace files\n"
        "(tutorial)\n"
        "14:30 - 15:00\tHelp desk\n"
        "(optional)\n"
    )
    assert papers(program) == [
        ("Priors for tree models", [("Ana Silva", None)]),
        ("Sampling fossils through time", [("Bruno Lindqvist", None)]),
        ("Skyline plots in practice", [("Carla Mota", None)]),
    ]


def test_a_note_in_parentheses_under_a_timed_item_is_not_its_title() -> None:
    # `10:00 - 10:30 | Modelling Clinic & Tutorial catch-up` / `(optional)`: the line under
    # the row is a note on the item, not the title of a talk by people named in the row.
    program = parse(
        "Monday 1 June 2026\n"
        "09:00 - 10:00\tAna Silva\n"
        "Priors for tree models\n"
        "10:00 - 10:30\tModelling Clinic & Tutorial catch-up\n"
        "(optional)\n"
        "10:30 - 11:30\tCarla Mota\n"
        "Sampling fossils through time\n"
    )
    assert papers(program) == [
        ("Priors for tree models", [("Ana Silva", None)]),
        ("Sampling fossils through time", [("Carla Mota", None)]),
    ]
    assert "Modelling Clinic & Tutorial catch-up" in [s.title for s in program.sessions]


def test_a_title_of_two_tool_names_under_a_known_speaker_stays_the_title() -> None:
    # `Walter Xie` / `TreeLab and PhyloKit`: on a page printing its speakers beside its times,
    # the row's known name is the speaker; the line below, two words joined by `and` that
    # merely look like names (no given name among them), is the talk's title.
    program = parse(
        "Monday 1 June 2026\n"
        "09:00 - 10:00\tAna Silva\n"
        "Priors for tree models\n"
        "10:30 - 11:30\tWalter Xie\n"
        "TreeLab and PhyloKit\n"
        "13:00 - 14:00\tCarla Mota\n"
        "Sampling fossils through time\n"
    )
    assert papers(program) == [
        ("Priors for tree models", [("Ana Silva", None)]),
        ("TreeLab and PhyloKit", [("Walter Xie", None)]),
        ("Sampling fossils through time", [("Carla Mota", None)]),
    ]


def test_a_copied_row_of_cells_of_several_lines_is_an_item_per_cell() -> None:
    # A timetable's row copied from the page: `09:00<TAB>Speaker` / `Title` / `<TAB>Speaker` /
    # `Title<TAB>Speaker` / `Title`: each cell (a speaker and a title) breaks over lines, the
    # next cell opening after a TAB on a later line. Each cell is an item at the row's time.
    program = parse(
        "Monday 1 June 2026\n"
        "09:00\tAna Silva\n"
        "Priors for tree models\n"
        "\tCarla Mota\n"
        "Sampling fossils through time\tDaniel Brown\n"
        "Skyline plots in practice\n"
        "09:15\n"
        "10:00\tBreak\tBreak\tBreak\n"
        "10:15\tMaria Jensen\n"
        "Structured coalescent models\n"
        "\tPeter Novak\n"
        "Clock rates across lineages\n"
    )
    assert sorted(papers(program)) == [
        ("Clock rates across lineages", [("Peter Novak", None)]),
        ("Priors for tree models", [("Ana Silva", None)]),
        ("Sampling fossils through time", [("Carla Mota", None)]),
        ("Skyline plots in practice", [("Daniel Brown", None)]),
        ("Structured coalescent models", [("Maria Jensen", None)]),
    ]


def test_a_copied_row_of_the_same_item_on_several_days_is_an_item_per_cell() -> None:
    # `17:30<TAB>Modelling Clinic & Tutorial catch-up` / `(optional)<TAB>Modelling Clinic …` /
    # `(optional)`: the same item of two lines in each day's column is still a cell each,
    # each its note under it; no talk by people the item's words seem to name.
    program = parse(
        "Monday 1 June 2026\n"
        "09:00\tAna Silva\n"
        "Priors for tree models\n"
        "\tCarla Mota\n"
        "Sampling fossils through time\n"
        "10:15\tMaria Jensen\n"
        "Structured coalescent models\n"
        "\tPeter Novak\n"
        "Clock rates across lineages\n"
        "17:30\tModelling Clinic & Tutorial catch-up\n"
        "(optional)\tModelling Clinic & Tutorial catch-up\n"
        "(optional)\n"
    )
    assert sorted(papers(program)) == [
        ("Clock rates across lineages", [("Peter Novak", None)]),
        ("Priors for tree models", [("Ana Silva", None)]),
        ("Sampling fossils through time", [("Carla Mota", None)]),
        ("Structured coalescent models", [("Maria Jensen", None)]),
    ]


def test_a_room_cell_named_around_its_room_word_stands_beside_the_talk() -> None:
    # "Time | Room | Speaker | Title": a room named by words around the room word ("Main
    # Hall", "Council Hall"; in Russian only the first word capitalised, "Большой зал",
    # "Зал Учёного совета") is where the talk is, neither its title nor its speaker.
    english = parse(
        "Thursday, 30 January 2020\n"
        "10:00–11:00\tMain Hall\tAnna Petrova\tInvariants of unipotent groups\n"
        "11:00–11:30\tFoyer\tCoffee break\n"
        "11:30–12:30\tRoom 1024\tIvan Arzhantsev\tAdditive group actions on affine varieties\n"
        "12:30–13:30\tCouncil Hall\tErnest Vinberg\tWeight lattices of reductive groups\n"
    )
    assert papers(english) == [
        ("Invariants of unipotent groups", [("Anna Petrova", None)]),
        ("Additive group actions on affine varieties", [("Ivan Arzhantsev", None)]),
        ("Weight lattices of reductive groups", [("Ernest Vinberg", None)]),
    ]
    assert [s.room for s in english.sessions] == ["Main Hall", "Foyer", "Room 1024", "Council Hall"]
    russian = parse(
        "Четверг, 30 января 2020\n"
        "10:00–11:00\tБольшой зал\tАнна Петрова\tИнварианты унипотентных групп\n"
        "11:00–11:30\tФойе\tПерерыв на кофе\n"
        "11:30–12:30\tАудитория 1024\tИван Аржанцев\tДействия аддитивной группы на многообразиях\n"
        "12:30–13:30\tЗал Учёного совета\tЭрнест Винберг\tВесовые решётки редуктивных групп\n"
    )
    assert [title for title, _ in papers(russian)] == [
        "Инварианты унипотентных групп",
        "Действия аддитивной группы на многообразиях",
        "Весовые решётки редуктивных групп",
    ]
    assert [s.room for s in russian.sessions] == [
        "Большой зал",
        "Фойе",
        "Аудитория 1024",
        "Зал Учёного совета",
    ]


def test_vietnamese_academic_degrees_before_a_name_address_the_person() -> None:
    # `GS.TS. Trần Trung` / `PGS.TS Lê Hoa` / `ThS. Phan An` / `HTB.GS. TSKH. Hồ Bảo`: Vietnamese
    # programmes glue the degrees (professor, doctor, master...) before the name; the line is
    # the speaker, and the name is without them.
    program = parse(
        "Thứ Bảy, 08/11/2025\n"
        "Phiên 1\n"
        "Chủ trì: GS.TS. Đỗ Văn Minh\n"
        "08:30 Học tập cá nhân hóa trong kỷ nguyên số\n"
        "PGS.TS Lê Thị Hoa, ThS. Phan Văn An\n"
        "09:00 Bảo tồn di sản làng nghề bằng công nghệ\n"
        "HTB.GS. TSKH. Hồ Quang Bảo\n"
    )
    assert papers(program) == [
        ("Học tập cá nhân hóa trong kỷ nguyên số", [("Lê Thị Hoa", None), ("Phan Văn An", None)]),
        ("Bảo tồn di sản làng nghề bằng công nghệ", [("Hồ Quang Bảo", None)]),
    ]
    assert [c.name for s in program.sessions for c in s.chairs] == ["Đỗ Văn Minh"]


def test_a_row_whose_cells_stack_paragraphs_pairs_them_side_by_side() -> None:
    # `<td><p>Title 1</p><p>Title 2</p></td><td><p>Names 1</p><p>Names 2</p></td>`: the copy
    # gives `time<TAB>Title 1` / blank / `Title 2` / blank / `<TAB>Names 1` / blank /
    # `Names 2`; the n-th paragraph of one cell goes with the n-th of the next.
    program = parse(
        "Monday, March 2\n"
        "Time\tSession\tPresenters\n"
        "9:00-10:30 am\tMapping Rivers in Old Charters\n"
        "\n"
        "Shared Catalogues for Small Archives\n"
        "\n"
        "\tAnna Berg, Tomas Lind\n"
        "\n"
        "Rosa Kemp\n"
        "\n"
        "11:00 am-12:00 pm\tA Year of Open Shelves\tIda Moller, Paul Reyes\n"
    )
    assert sorted(papers(program)) == [
        ("A Year of Open Shelves", [("Ida Moller", None), ("Paul Reyes", None)]),
        ("Mapping Rivers in Old Charters", [("Anna Berg", None), ("Tomas Lind", None)]),
        ("Shared Catalogues for Small Archives", [("Rosa Kemp", None)]),
    ]
    second = next(s for s in program.sessions if s.papers[0].title.startswith("Shared"))
    assert second.start is not None
    assert second.start.strftime("%H:%M") == "09:00"  # the row's time, not the slot's end


def test_a_page_row_of_titles_beside_as_many_presenter_lists_pairs_them() -> None:
    # The page of the shape above: a cell of one title per `<p>` beside a cell of one name
    # list per `<p>` is a talk per paragraph, not two parallel tracks.
    page = (
        "<table><tr><th>Time</th><th>Session</th><th>Presenters</th></tr>"
        "<tr><td>9:00-10:30 am</td>"
        "<td><a href='#a'>Mapping Rivers in Old Charters</a><p></p>"
        "<p><a href='#b'>Shared Catalogues for Small Archives</a></p></td>"
        "<td>Anna Berg, Tomas Lind<p></p><p>Rosa Kemp</p></td></tr>"
        "<tr><td>11:00 am-12:00 pm</td><td>A Year of Open Shelves</td>"
        "<td>Ida Moller, Paul Reyes</td></tr></table>"
    )
    program = parse("Monday, March 2\n" + html_to_text(page))
    assert sorted(papers(program)) == [
        ("A Year of Open Shelves", [("Ida Moller", None), ("Paul Reyes", None)]),
        ("Mapping Rivers in Old Charters", [("Anna Berg", None), ("Tomas Lind", None)]),
        ("Shared Catalogues for Small Archives", [("Rosa Kemp", None)]),
    ]
    second = next(s for s in program.sessions if s.papers[0].title.startswith("Shared"))
    assert second.start is not None
    assert second.start.strftime("%H:%M") == "09:00"  # the row's time, not the slot's end


def test_a_stacked_row_whose_title_cell_opens_with_an_empty_paragraph() -> None:
    # `<td>9:00-10:30 am</td><td><p></p><a>Title 1</a><p>…`: the copy ends the time's line
    # with the TAB a trimmed copy loses, and the titles start a paragraph below it.
    program = parse(
        "Monday, March 2\n"
        "9:00-10:30 am\n"
        "\n"
        "Mapping Rivers in Old Charters\n"
        "\n"
        "Shared Catalogues for Small Archives\n"
        "\n"
        "\tAnna Berg, Tomas Lind\n"
        "\n"
        "Rosa Kemp\n"
        "\n"
        "11:00 am-12:00 pm\tA Year of Open Shelves\tIda Moller, Paul Reyes\n"
    )
    assert sorted(papers(program)) == [
        ("A Year of Open Shelves", [("Ida Moller", None), ("Paul Reyes", None)]),
        ("Mapping Rivers in Old Charters", [("Anna Berg", None), ("Tomas Lind", None)]),
        ("Shared Catalogues for Small Archives", [("Rosa Kemp", None)]),
    ]
