"""Spreadsheets: every layout reads the same from CSV and XLSX; bad cells are named."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import jsonschema
import pytest

from bot.cli import main
from bot.errors import ConfigError, ProgramParseError
from bot.model import Person, Program, Session, SessionKind
from bot.parsing import ParseOptions
from bot.parsing.detect import parse_program_data
from bot.parsing.spreadsheet import parse_spreadsheet, spreadsheet_format
from bot.services.programs import conference_defaults, read_program_file

DATA = Path(__file__).resolve().parent.parent / "data"
SHEETS = DATA / "sheets"
ZONE = ZoneInfo("Europe/Amsterdam")
LAYOUTS = ["per_paper", "per_session", "separate", "merged"]


def parse_file(path: Path, timezone: str | None = "Europe/Amsterdam") -> Program:
    return parse_program_data(path.read_bytes(), ParseOptions(timezone=timezone, source=path.name))


def parse_csv(text: str, name: str = "program.csv", **options: object) -> Program:
    return parse_program_data(
        text.encode(),
        ParseOptions(source=name, timezone="Europe/Amsterdam", **options),  # type: ignore[arg-type]
    )


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2025, 4, day, hour, minute, tzinfo=ZONE)


def summary(session: Session) -> tuple[object, ...]:
    """What an attendee sees of a session: title, kind, times, room, chairs, papers."""
    return (
        session.title,
        session.kind,
        session.start,
        session.end,
        session.room,
        [(c.name, c.affiliation) for c in session.chairs],
        [(p.title, [(a.name, a.affiliation) for a in p.authors]) for p in session.papers],
    )


@pytest.mark.parametrize("layout", LAYOUTS)
def test_csv_and_xlsx_give_the_same_program(layout: str) -> None:
    from_csv = parse_file(SHEETS / f"{layout}.csv")
    from_xlsx = parse_file(SHEETS / f"{layout}.xlsx")
    assert from_csv.sessions
    assert from_csv.sessions == from_xlsx.sessions


def test_ods_gives_the_same_program_as_csv() -> None:
    assert parse_file(SHEETS / "per_session.ods").sessions == (
        parse_file(SHEETS / "per_session.csv").sessions
    )


@pytest.mark.parametrize("suffix", ["csv", "xlsx"])
def test_a_row_per_paper_groups_papers_by_session_day_and_room(suffix: str) -> None:
    program = parse_file(SHEETS / f"per_paper.{suffix}")
    assert [summary(s) for s in program.sessions] == [
        ("Registration", SessionKind.OTHER, at(1, 8, 30), at(1, 9), "Foyer", [], []),
        (
            "Keynote",
            SessionKind.KEYNOTE,
            at(1, 9),
            at(1, 10),
            "Hall A",
            [("Ana Ruiz", "TU Delft")],
            [("Computing at the Edge of Physics", [("Grace Lin", "MIT")])],
        ),
        (
            "Session 1A: Storage",
            SessionKind.PAPERS,
            at(1, 10, 30),
            at(1, 12),
            "Hall A",
            [("Bob Stone", "ETH Zürich")],
            [
                (
                    "Fast Logs for Slow Disks",
                    [
                        ("Wei Zhang", "Tsinghua University"),
                        ("Li Na", "Tsinghua University"),
                        ("Tom Hardy", "Google"),
                    ],
                ),
                ("Zoned Storage in Practice", [("Maria Rossi", "Politecnico di Milano")]),
            ],
        ),
        (
            "Session 1B: Networks",
            SessionKind.PAPERS,
            at(1, 10, 30),
            at(1, 12),
            "Hall B",
            [("Carla Diaz", "Universidad de Chile")],
            [
                ("Congestion Control, Again", [("Priya Nair", "IISc Bangalore")]),
                (
                    "Packets at Line Rate",
                    [("Kenji Sato", "University of Tokyo"), ("Eva Novak", "Charles University")],
                ),
            ],
        ),
        ("Lunch", SessionKind.BREAK, at(1, 12), at(1, 13, 30), "Foyer", [], []),
        (
            "Session 2A: Security",
            SessionKind.PAPERS,
            at(2, 9),
            at(2, 10, 30),
            "Hall A",
            [("Tom Hardy", "Google")],
            [("Side Channels in the Cloud", [("Nadia Karim", "EPFL"), ("Leo Brandt", "CISPA")])],
        ),
    ]
    assert [s.line for s in program.sessions] == [2, 3, 4, 5, 8, 9]
    assert [p.line for p in program.sessions[2].papers] == [4, 6]


@pytest.mark.parametrize("suffix", ["csv", "xlsx", "ods"])
def test_a_row_per_session_with_authors_in_one_cell(suffix: str) -> None:
    program = parse_file(SHEETS / f"per_session.{suffix}")
    assert [summary(s) for s in program.sessions] == [
        (
            "Opening keynote: The Next Decade",
            SessionKind.KEYNOTE,
            at(1, 9),
            at(1, 10),
            "Main Hall",
            [("Ana Ruiz", "TU Delft")],
            [("Opening keynote: The Next Decade", [("Grace Lin", "MIT")])],
        ),
        ("Coffee break", SessionKind.BREAK, at(1, 10), at(1, 10, 30), "Foyer", [], []),
        (
            "Panel: Open Source in Research",
            SessionKind.OTHER,
            at(1, 10, 30),
            at(1, 12),
            "Room 1",
            [("Bob Stone", "ETH Zürich")],
            [
                (
                    "Panel: Open Source in Research",
                    [
                        ("Jane Roe", "Mozilla"),
                        ("John Poe", "Carnegie Mellon University"),
                        ("Ann Lee", "Carnegie Mellon University"),
                    ],
                )
            ],
        ),
        (
            "Profiling Python Without Tears",
            SessionKind.PAPERS,
            at(1, 10, 30),
            at(1, 11),
            "Room 2",
            [],
            [("Profiling Python Without Tears", [("Ivan Petrov", "JetBrains")])],
        ),
        ("Conference dinner", SessionKind.SOCIAL, at(1, 19), at(1, 22), "Harbour Hall", [], []),
    ]


@pytest.mark.parametrize("suffix", ["csv", "xlsx"])
def test_separate_columns_paper_times_and_an_affiliations_column(suffix: str) -> None:
    program = parse_file(SHEETS / f"separate.{suffix}")
    compilers, learning, coffee = program.sessions
    assert summary(compilers) == (
        "Session 3: Compilers",
        SessionKind.PAPERS,
        at(1, 13, 30),
        at(1, 14, 30),
        "Room 3",
        [("Dana Scully", "IBM Research")],
        [
            (
                "Vectorise All the Things",
                [("Ann Lee", "Carnegie Mellon University"), ("Raj Patel", "IIT Bombay")],
            ),
            ("Loop Fusion Revisited", [("Mei Chen", "KAIST"), ("Omar Haddad", "KAIST")]),
            ("Typed IR for Everyone", [("Lena Fischer", "TU Munich")]),
        ],
    )
    assert compilers.track == "Systems"
    assert [(p.start, p.end) for p in compilers.papers] == [
        (at(1, 13, 30), at(1, 13, 50)),
        (at(1, 13, 50), at(1, 14, 10)),
        (at(1, 14, 10), at(1, 14, 30)),
    ]
    assert learning.room == "Room 4"
    assert [p.title for p in learning.papers] == ["Small Models, Big Wins", "Training on a Budget"]
    assert learning.papers[1].authors[1].affiliation == "Cairo University"
    assert (coffee.title, coffee.kind, coffee.track) == ("Coffee break", SessionKind.BREAK, None)


def test_merged_cells_and_a_day_written_once_fill_their_rows() -> None:
    program = parse_file(SHEETS / "merged.xlsx")
    energy, coffee, storage = program.sessions
    assert (energy.title, energy.start, energy.room) == ("Session 5: Energy", at(1, 9), "Hall C")
    assert [p.title for p in energy.papers] == ["Batteries Included", "Power Capping at Scale"]
    assert [c.name for c in energy.chairs] == ["Ruth Ng"]
    assert (coffee.title, coffee.start) == ("Coffee break", at(1, 10, 30))
    assert (storage.day, [p.line for p in storage.papers]) == (at(2, 0).date(), [5, 6])


@pytest.mark.parametrize("suffix", ["csv", "xlsx"])
def test_unusual_headers_are_mapped_by_conference_toml(suffix: str) -> None:
    path = SHEETS / "mapped" / f"program.{suffix}"
    program = read_program_file(path)
    assert program.conference.name == "Mapped Conference 2025"
    assert program.conference.timezone == "Europe/Paris"
    paris = ZoneInfo("Europe/Paris")
    assert [summary(s) for s in program.sessions] == [
        (
            "Databases",
            SessionKind.PAPERS,
            datetime(2025, 4, 1, 14, tzinfo=paris),
            datetime(2025, 4, 1, 15, 30, tzinfo=paris),
            "Amphi B",
            [("Claire Petit", "Inria")],
            [
                (
                    "Query Plans That Learn",
                    [("Hugo Martin", "Inria"), ("Zoe Wang", "Peking University")],
                ),
                ("Indexes for Tiny Devices", [("Paul Meyer", "Sorbonne Université")]),
            ],
        ),
        (
            "Theory",
            SessionKind.PAPERS,
            datetime(2025, 4, 1, 16, tzinfo=paris),
            datetime(2025, 4, 1, 17, tzinfo=paris),
            "Amphi A",
            [("Hugo Martin", "Inria")],
            [("Lower Bounds, Revisited", [("Alice Moreau", "ENS Paris")])],
        ),
    ]
    sheet = "program.csv" if suffix == "csv" else "Programme"
    assert [w.message for w in program.warnings] == [
        f"sheet {sheet!r}, column H ('Remarques'): not a known column; ignored"
        " (map it in conference.toml [columns] if it is one)"
    ]


def test_without_the_mapping_the_unusual_headers_are_no_header_row() -> None:
    path = SHEETS / "mapped" / "program.xlsx"
    with pytest.raises(ProgramParseError) as error:
        parse_program_data(path.read_bytes(), ParseOptions(source="program.xlsx"))
    assert str(error.value).startswith("program.xlsx: no header row")
    assert "sheet(s) 'Programme'" in str(error.value)


def test_an_unknown_field_in_the_columns_table_is_a_config_error(tmp_path: Path) -> None:
    (tmp_path / "conference.toml").write_text('[columns]\nspeaker_bio = "Bio"\n')
    with pytest.raises(ConfigError, match="'speaker_bio' is not one of"):
        conference_defaults(tmp_path / "program.csv")


def test_column_mapping_keeps_parse_options_hashable() -> None:
    options = ParseOptions(columns=(("title", "Paper name"),))
    assert hash(options) == hash(ParseOptions(columns=(("title", "Paper name"),)))


@pytest.mark.parametrize("suffix", ["csv", "xlsx"])
def test_unknown_columns_and_header_less_sheets_are_reported(suffix: str) -> None:
    program = parse_file(SHEETS / f"per_paper.{suffix}")
    sheet = "per_paper.csv" if suffix == "csv" else "Program"
    messages = [w.message for w in program.warnings]
    assert (
        f"sheet {sheet!r}, column I ('Abstract'): not a known column; ignored"
        " (map it in conference.toml [columns] if it is one)"
    ) in messages
    if suffix == "xlsx":
        assert "sheet 'Notes': no header row; sheet skipped" in messages


BAD_ROWS = """\
Date,Time,Room,Session,Title,Authors,Affiliations
2025-04-01,09:00-10:00,Hall A,S1,Good Paper,Ann Lee,MIT
2025-04-01,soon,Hall A,S9,Bad Time,Bo Li,MIT
31/02/2025,11:00-12:00,Hall A,S2,Bad Date,Cy Twombly,MIT
2025-04-01,14:00-13:00,Hall A,S3,Backwards,Di Wu,MIT
2025-04-01,15:00-16:00,Hall B,S4,Too Many,Ed Lu; Flo Ng,MIT; CMU; ETH
2025-04-01,17:00-18:00,Hall B,,,,
"""


def test_bad_cells_are_warnings_naming_sheet_row_and_column() -> None:
    program = parse_csv(BAD_ROWS)
    by_line = {w.line: w.message for w in program.warnings}
    assert by_line[3] == (
        "sheet 'program.csv', row 3, column B ('Time'): 'soon' is not a time"
        " (write e.g. 09:00 or 9:00 AM)"
    )
    assert by_line[4].startswith("sheet 'program.csv', row 4, column A ('Date'): '31/02/2025'")
    assert by_line[5] == (
        "sheet 'program.csv', row 5, column B ('Time'): ends (13:00) before it starts; end ignored"
    )
    assert by_line[6] == (
        "sheet 'program.csv', row 6, column G ('Affiliations'): 3 affiliations for 2 authors;"
        " not paired"
    )
    assert by_line[7] == "sheet 'program.csv', row 7: no title or session; row skipped"
    titles = {p.title: s for s in program.sessions for p in s.papers}
    assert titles["Bad Time"].start is None  # read, without the bad cell
    assert titles["Bad Date"].day is None
    assert titles["Backwards"].end is None
    assert [a.affiliation for a in titles["Too Many"].papers[0].authors] == [None, None]
    assert titles["Good Paper"].papers[0].authors[0].affiliation == "MIT"


def test_a_file_without_a_header_row_names_the_file_and_sheet() -> None:
    with pytest.raises(ProgramParseError) as error:
        parse_csv("a,b,c\n1,2,3\n", name="export.csv")
    message = str(error.value)
    assert message.startswith("export.csv: no header row")
    assert "sheet(s) 'export.csv'" in message


def test_dates_and_times_in_the_forms_spreadsheets_hold() -> None:
    program = parse_csv(
        "Day,Start,End,Title\n"
        "2025-04-01,9:00 AM,10:30 AM,ISO date and meridiem times\n"
        "01/04/2025,13.00,14.00,Day-first date and dotted times\n"
        '"Wednesday, April 2",13:00,,No year: taken from the sheet\n'
        "45750,0.375,0.4375,Excel serials\n"
        ",2025-04-03 16:00,2025-04-03 17:00,Date and time in the start cell\n"
    )
    assert [(s.title, s.start, s.end) for s in program.sessions] == [
        ("ISO date and meridiem times", at(1, 9), at(1, 10, 30)),
        ("Day-first date and dotted times", at(1, 13), at(1, 14)),
        ("No year: taken from the sheet", at(2, 13), None),
        ("Excel serials", at(3, 9), at(3, 10, 30)),
        ("Date and time in the start cell", at(3, 16), at(3, 17)),
    ]
    assert not program.warnings


def test_a_year_only_a_weekday_implies_is_warned_about() -> None:
    program = parse_csv('Day,Time,Title\n"Tuesday, April 1",09:00-10:00,Opening\n')
    assert program.sessions[0].start == at(1, 9)
    assert program.warnings[0].line == 2
    assert "no year given; 2025 is when 'Tuesday, April 1' falls" in program.warnings[0].message


def test_without_a_zone_times_are_utc_with_a_warning() -> None:
    program = parse_file(SHEETS / "per_session.csv", timezone=None)
    assert program.conference.timezone == "UTC"
    assert program.sessions[0].start == datetime(2025, 4, 1, 9, tzinfo=ZoneInfo("UTC"))
    assert "no time zone configured or printed" in program.warnings[0].message


def test_one_session_name_twice_in_a_day_is_two_sessions() -> None:
    program = parse_csv(
        "Date,Start,End,Room,Session,Chair,Title\n"
        "2025-04-01,09:00,10:00,Hall A,Orals,Ann Lee,First\n"
        "2025-04-01,09:00,10:00,Hall A,Orals,Ann Lee,Second\n"
        "2025-04-01,10:00,11:00,Hall A,Orals,Ann Lee,After the slot\n"
        "2025-04-01,11:00,11:20,Hall A,Orals,Bo Li,Another chair\n"
        "2025-04-01,11:20,11:40,Hall A,Orals,,Its second paper\n"
    )
    assert [(s.start, s.end, [p.title for p in s.papers]) for s in program.sessions] == [
        (at(1, 9), at(1, 10), ["First", "Second"]),
        (at(1, 10), at(1, 11), ["After the slot"]),
        (at(1, 11), at(1, 11, 40), ["Another chair", "Its second paper"]),
    ]


def test_a_duration_column_gives_the_end() -> None:
    program = parse_csv("Date,Start,Duration,Title\n2025-04-01,09:00,45,Short talk\n")
    assert program.sessions[0].end == at(1, 9, 45)


def test_ids_are_stable_and_unique() -> None:
    first = parse_file(SHEETS / "per_paper.csv")
    again = parse_file(SHEETS / "per_paper.xlsx")
    ids = [s.id for s in first.sessions]
    assert len(set(ids)) == len(ids)
    assert ids == [s.id for s in again.sessions]


def test_semicolon_csv_and_tsv_are_read() -> None:
    semicolons = parse_csv("Date;Time;Title\n2025-04-01;09:00-10:00;Opening\n")
    tabs = parse_csv("Date\tTime\tTitle\n2025-04-01\t09:00-10:00\tOpening\n", name="p.tsv")
    assert [s.title for s in semicolons.sessions] == ["Opening"]
    assert summary(semicolons.sessions[0]) == summary(tabs.sessions[0])


def test_spreadsheets_are_recognised_by_content() -> None:
    xlsx = (SHEETS / "per_paper.xlsx").read_bytes()
    ods = (SHEETS / "per_session.ods").read_bytes()
    csv_bytes = (SHEETS / "per_paper.csv").read_bytes()
    assert spreadsheet_format(xlsx, None) == "xlsx"
    assert spreadsheet_format(xlsx, "download.bin") == "xlsx"
    assert spreadsheet_format(ods, None) == "ods"
    assert spreadsheet_format(csv_bytes, "program.txt") == "csv"  # a known header row
    assert spreadsheet_format(csv_bytes, None) == "csv"
    text = (DATA / "asplos-eurosys-2025.txt").read_bytes()
    assert spreadsheet_format(text, "asplos-eurosys-2025.txt") is None
    assert spreadsheet_format(b"PK\x03\x04not really a zip", "x.xlsx") is None


def test_a_broken_workbook_is_a_parse_error() -> None:
    xlsx = (SHEETS / "per_paper.xlsx").read_bytes()
    with pytest.raises(ProgramParseError, match=r"^broken\.xlsx: not a readable XLSX workbook"):
        parse_spreadsheet(xlsx[:-200], ParseOptions(source="broken.xlsx"), "xlsx")


def test_cli_parse_prints_schema_valid_json_for_a_workbook(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = SHEETS / "mapped" / "program.xlsx"
    code = main(["parse", str(path)])
    out, err = capsys.readouterr()
    assert code == 0
    document = json.loads(out)
    jsonschema.validate(document, json.loads((DATA / "program.schema.json").read_text()))
    assert [s["title"] for s in document["sessions"]] == ["Databases", "Theory"]
    assert document["sessions"][0]["start"] == "2025-04-01T14:00:00+02:00"
    assert f"{path}:1: warning: sheet 'Programme', column H ('Remarques')" in err


def test_cli_parse_explain_lists_a_workbooks_items(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["parse", "--explain", str(SHEETS / "per_session.xlsx")])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "Conference dinner" in out


# --------------------------------------------------------------------------------------------
# Shapes of real sheets (tests/data/found-sheets): heading rows, "Author Names", marks.
# --------------------------------------------------------------------------------------------


def test_a_lone_cell_row_opens_the_session_of_the_rows_below() -> None:
    program = parse_csv(
        "ID,Paper Title,Abstract,Author Names,Author Emails\n"
        ",,1. Human-Centered Robotics,,\n"
        "1,Robots That Ask,Short.,Ana Ruiz (KTH)*; Bo Li (-),ana@kth.se; bo@x.org\n"
        "2,Robots That Listen,,Cy Ng (MIT),cy@mit.edu\n"
        ",,,,\n"
        ",,2. Learning,,\n"
        "3,Learning to Fold,,Di Wu (CMU),\n"
    )
    first, second = program.sessions
    assert first.title == "1. Human-Centered Robotics"
    assert [p.title for p in first.papers] == ["Robots That Ask", "Robots That Listen"]
    assert first.papers[0].authors == (Person("Ana Ruiz", "KTH"), Person("Bo Li", None))
    assert second.title == "2. Learning"
    assert [p.title for p in second.papers] == ["Learning to Fold"]
    # "Author Emails" is not a second authors column: it is reported as unknown.
    assert any("'Author Emails'): not a known column" in w.message for w in program.warnings)


def test_a_lone_date_cell_sets_the_day_of_the_rows_below() -> None:
    program = parse_csv(
        "Time,Title,Speaker,Notes\n"
        ',,,"Tuesday, April 1, 2025"\n'
        "09:00-10:00,Opening Keynote,Grace Lin (MIT),\n"
    )
    (keynote,) = program.sessions
    assert keynote.start == at(1, 9)
    assert keynote.papers[0].authors == (Person("Grace Lin", "MIT"),)


def test_header_with_names_suffix_names_its_field() -> None:
    program = parse_csv("Title,Speaker Names,Chair Names\nA Talk,Ann Lee,Bob Stone\n")
    (talk,) = program.sessions
    assert talk.papers[0].authors == (Person("Ann Lee"),)
    assert talk.chairs == (Person("Bob Stone"),)
    assert not program.warnings


def test_identifier_headers_and_short_spreadsheet_dates() -> None:
    program = parse_csv("Date,Time,SessionName\n1-Apr,9:00am-10:00am,1. Robots\n", year=2025)
    (session,) = program.sessions
    assert session.title == "1. Robots"
    assert session.start == at(1, 9)
    assert session.end == at(1, 10)


def test_a_lone_note_in_a_sheet_of_sessions_heads_nothing() -> None:
    program = parse_csv(
        "Time,Title,Notes\n09:00-10:00,Opening,\n,,moved to Hall B\n10:30-11:00,Coffee break,\n"
    )
    assert [s.title for s in program.sessions] == ["Opening", "Coffee break"]
    assert all(not s.papers for s in program.sessions)
    assert any("row 3: no title or session; row skipped" in w.message for w in program.warnings)


def test_cells_beyond_the_header_are_reported_not_silently_dropped() -> None:
    data = (
        "Date;Time;Title;Authors\n"
        "01/04/2025;09:00-10:00;Détection;Zoé Müller (Lyon); Jörg Weiß (Wien)\n"
    )
    program = parse_program_data(
        data.encode("cp1252"), ParseOptions(source="p.csv", timezone="Europe/Paris", year=2025)
    )
    (talk,) = program.sessions
    assert talk.papers[0].authors == (Person("Zoé Müller", "Lyon"),)
    assert [w.message for w in program.warnings] == [
        "sheet 'p.csv', row 2: 1 cell(s) beyond the header's 4 columns"
        " ('Jörg Weiß (Wien)'); ignored"
    ]
