"""`python -m bot parse PATH`: the JSON other tools rely on, and its errors."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import jsonschema
import pytest

from bot.cli import main
from bot.parsing.labeller import model
from bot.parsing.labeller.model import LineLabel
from bot.parsing.lexer import Line

DATA = Path(__file__).resolve().parent / "data"
PROJECT_DATA = Path(__file__).resolve().parent.parent / "data"


def run_parse(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["parse", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_bundled_program_prints_schema_valid_json_using_conference_toml(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run_parse(capsys, str(PROJECT_DATA / "asplos-eurosys-2025.txt"))
    assert code == 0
    document = json.loads(out)
    jsonschema.validate(document, json.loads((DATA / "program.schema.json").read_text()))
    assert document["conference"]["timezone"] == "Europe/Amsterdam"
    assert document["conference"]["name"] == "ASPLOS + EuroSys 2025"
    assert len(document["sessions"]) == 83
    assert document["sessions"][0]["start"] == "2025-03-31T18:00:00+02:00"
    assert "asplos-eurosys-2025.txt:392: warning: author list runs on" in err


def test_options_override_conference_toml(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_parse(
        capsys,
        str(PROJECT_DATA / "asplos-eurosys-2025.txt"),
        "--timezone",
        "UTC",
        "--name",
        "Other",
    )
    assert code == 0
    document = json.loads(out)
    assert document["conference"] == {**document["conference"], "timezone": "UTC", "name": "Other"}
    assert document["sessions"][0]["start"] == "2025-03-31T18:00:00+00:00"


def test_no_program_exits_1_with_path_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("\n\nhello world\n")
    code, out, err = run_parse(capsys, str(path))
    assert code == 1
    assert out == ""
    assert err.startswith(f"{path}:3: ")


def test_binary_file_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "image.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    code, _, err = run_parse(capsys, str(path))
    assert code == 1
    assert err.startswith(f"{path}:1: binary data")


@pytest.mark.parametrize("args", [[], ["--year", "soon", "x.txt"], ["/no/such/file.txt"]])
def test_usage_errors_exit_2_without_traceback(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(["parse", *args])
    except SystemExit as exit_:
        code = exit_.code  # type: ignore[assignment]
    assert code == 2
    assert "Traceback" not in capsys.readouterr().err


def test_module_entry_point_runs_in_a_subprocess(tmp_path: Path) -> None:
    program = tmp_path / "p.txt"
    program.write_text("Tuesday, April 1\n9:00-10:00 Opening\n")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "parse",
            str(program),
            "--year",
            "2025",
            "--timezone",
            "Europe/Amsterdam",
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["sessions"][0]["title"] == "Opening"


def test_a_reader_that_stops_early_ends_the_parse_quietly() -> None:
    # `python -m bot parse program.txt | head`: the JSON outgrows the pipe, the reader goes
    # away, and the parse stops as command-line tools do, without a traceback.
    with subprocess.Popen(
        [sys.executable, "-m", "bot", "parse", str(PROJECT_DATA / "asplos-eurosys-2025.txt")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as parse:
        assert parse.stdout is not None
        assert parse.stderr is not None
        assert parse.stdout.read(100).startswith(b"{")
        parse.stdout.close()
        errors = parse.stderr.read().decode()
        code = parse.wait(timeout=60)
    assert "Traceback" not in errors
    assert "BrokenPipeError" not in errors
    assert code == 0


def test_explain_reads_every_line_and_rates_every_item(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    program = tmp_path / "program.txt"
    program.write_text(
        "Our Workshop\n\nMonday, March 3\n"
        "09:00-10:30 Session 1: Storage (Chair: Ann Lee)\n"
        "A Fast Store\nAna Silva (Uni A), Bo Li (Uni B)\n"
        "10:30-11:00 Coffee Break\n",
        encoding="utf-8",
    )
    code, out, err = run_parse(
        capsys, str(program), "--timezone", "UTC", "--year", "2025", "--explain"
    )
    assert code == 0
    readings = {
        int(row.lstrip("? ").split()[0]): row
        for row in out.split("items")[0].splitlines()[1:]
        if row.strip()
    }
    assert sorted(readings) == [1, 3, 4, 5, 6, 7]  # every non-blank line, none twice
    assert "noise" in readings[1]
    assert "day header" in readings[3]
    assert "session header" in readings[4]
    assert "paper title" in readings[5]
    assert "authors" in readings[6]
    assert "break/social item" in readings[7]
    items = out.split("items")[1].splitlines()[1:]
    assert len(items) == 2
    assert all(0.0 <= float(row.split()[1]) <= 1.0 for row in items)
    assert "program.txt:1: warning: before the program starts" in err
    assert not out.lstrip().startswith("{")  # the explanation replaces the JSON


def test_explain_names_unsure_lines_in_the_warnings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    program = tmp_path / "program.txt"
    program.write_text(
        "Monday, March 3\n09:00-10:30 Session 1: Storage\nSlow Graphs (Fast Trees)\n"
        "Ana Silva (Uni A)\n",
        encoding="utf-8",
    )
    code, out, err = run_parse(
        capsys, str(program), "--timezone", "UTC", "--year", "2025", "--explain"
    )
    assert code == 0
    assert "program.txt:3: warning: unsure of this line; read it as paper title" in err
    assert "?    3" in out


def test_a_saved_web_page_prints_the_program_it_shows(capsys: pytest.CaptureFixture[str]) -> None:
    page = DATA / "real" / "cheops-2023.html"
    code, out, _ = run_parse(capsys, str(page), "--timezone", "Europe/Rome", "--year", "2023")
    assert code == 0
    document = json.loads(out)
    jsonschema.validate(document, json.loads((DATA / "program.schema.json").read_text()))
    titles = [p["title"] for s in document["sessions"] for p in s["papers"]]
    assert "Lethe: Secure Deletion by Addition" in titles


WEEKDAYS_ONLY = "MONDAY\nBreakfast (7:30-8:45)\nTuesday\nSession 2: Storage (09:00-10:20)\n"


def test_first_day_dates_a_program_that_prints_weekdays_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "program.txt"
    path.write_text(WEEKDAYS_ONLY)
    code, out, err = run_parse(capsys, str(path), "--timezone", "UTC")
    assert code == 0
    assert [s["start"] for s in json.loads(out)["sessions"]] == [None, None]
    assert "could not date the day header 'MONDAY'" in err
    code, out, _ = run_parse(capsys, str(path), "--timezone", "UTC", "--first-day", "2019-10-27")
    assert code == 0
    starts = [s["start"] for s in json.loads(out)["sessions"]]
    assert starts == ["2019-10-28T07:30:00+00:00", "2019-10-29T09:00:00+00:00"]


def test_first_day_from_conference_toml_and_a_bad_one_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "program.txt"
    path.write_text("Breakfast (7:30-8:45)\nSession 1: Storage (09:00-10:20)\n")
    (tmp_path / "conference.toml").write_text('timezone = "UTC"\nfirst_day = 2019-10-28\n')
    code, out, _ = run_parse(capsys, str(path))
    assert code == 0
    assert json.loads(out)["sessions"][1]["start"] == "2019-10-28T09:00:00+00:00"
    (tmp_path / "conference.toml").write_text('first_day = "Monday"\n')
    code, _, err = run_parse(capsys, str(path))
    assert code != 0
    assert "conference.toml: first_day must be a date" in err


_ICS = (
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nX-WR-CALNAME:MiniConf 2025\r\n"
    "X-WR-TIMEZONE:Europe/Vienna\r\n"
    "BEGIN:VEVENT\r\nUID:1@test\r\nSUMMARY:Opening\r\nDTSTART:20250612T070000Z\r\n"
    "DURATION:PT30M\r\nLOCATION:Hall A\r\nEND:VEVENT\r\n"
    "BEGIN:VEVENT\r\nUID:2@test\r\nSUMMARY:Graphs\r\nDTSTART;TZID=Europe/Vienna:20250612T093000"
    "\r\nDTEND;TZID=Europe/Vienna:20250612T100000\r\nDESCRIPTION:Speakers: Ada Lovelace (ETH)\\, "
    "Bo\r\n  Li\\nAn abstract.\r\nCATEGORIES:Talk\r\nEND:VEVENT\r\n"
    "BEGIN:VEVENT\r\nSUMMARY:Poster exhibition\r\nDTSTART;VALUE=DATE:20250613\r\nEND:VEVENT\r\n"
    "END:VCALENDAR\r\n"
)


def test_an_icalendar_feed_prints_schema_valid_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.ics"
    path.write_text(_ICS, encoding="utf-8", newline="")
    code, out, err = run_parse(capsys, str(path))
    assert code == 0, err
    document = json.loads(out)
    jsonschema.validate(document, json.loads((DATA / "program.schema.json").read_text()))
    assert document["conference"]["name"] == "MiniConf 2025"
    assert document["conference"]["timezone"] == "Europe/Vienna"
    opening, graphs, posters = document["sessions"]
    assert (opening["start"], opening["end"], opening["room"]) == (
        "2025-06-12T09:00:00+02:00",
        "2025-06-12T09:30:00+02:00",
        "Hall A",
    )
    assert graphs["papers"][0]["authors"] == [
        {"name": "Ada Lovelace", "affiliation": "ETH"},
        {"name": "Bo Li", "affiliation": None},
    ]
    assert posters["day"] == "2025-06-13"
    assert "start" not in posters or posters["start"] is None


def test_a_malformed_icalendar_feed_exits_1_naming_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.ics"
    path.write_text(_ICS.replace("END:VEVENT\r\nBEGIN:VEVENT\r\nUID:2", "BEGIN:VEVENT\r\nUID:2"))
    code, out, err = run_parse(capsys, str(path))
    assert (code, out) == (1, "")
    assert err.startswith(f"{path}:6: ")
    assert "Traceback" not in err


SECOND_OPINION = (
    "Day 1 March 3, 2025\n\nWelcome and Keynote (Room: Aurora)\n\n"
    "08:30 - 09:00 Registration\nSession 1: Requirements in Practice (Room: Aurora)\n"
    '10:45 - 11:15 Paper #3: "Ten Myths about Requirements Reuse"\nLena Fischer and Ravi Patel\n'
)


def test_explain_shows_the_line_models_reading_beside_each_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The shipped model is retrained whenever the corpus grows, so how sure it is of one line
    # of a made-up page moves; the model's own reading of line 3 is pinned at a sure "session
    # header", and every other line keeps the shipped model's reading.
    shipped = model.LineModel.label_lines

    def sure_of_line_3(self: model.LineModel, lines: Sequence[Line]) -> dict[int, LineLabel]:
        return shipped(self, lines) | {3: LineLabel("session header", 0.97)}

    monkeypatch.setattr(model.LineModel, "label_lines", sure_of_line_3)
    program = tmp_path / "program.txt"
    program.write_text(SECOND_OPINION, encoding="utf-8")
    code, out, err = run_parse(
        capsys, str(program), "--timezone", "UTC", "--year", "2025", "--explain"
    )
    assert code == 0
    assert "the line model's reading and marginal" in out.splitlines()[0]
    rows = {int(row[1:6]): row for row in out.split("items")[0].splitlines()[1:] if row.strip()}
    assert rows[1].split()[1:7] == ["day", "header", "1.00"] * 2  # the rules', then the model's
    assert rows[3].startswith("?")  # the rules are unsure of it
    assert "!session header    0.97" in rows[3]
    assert "program.txt:3: warning: the line model reads this as session header (" in err


def test_the_line_models_warnings_stay_out_of_the_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    program = tmp_path / "program.txt"
    program.write_text(SECOND_OPINION, encoding="utf-8")
    code, out, err = run_parse(capsys, str(program), "--timezone", "UTC", "--year", "2025")
    assert code == 0
    assert "line model" not in out + err


def test_explain_without_the_line_model_says_the_second_opinion_is_unavailable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(model, "MODEL_PATH", tmp_path / "absent.crfsuite")
    model.shipped_model.cache_clear()
    program = tmp_path / "program.txt"
    program.write_text(SECOND_OPINION, encoding="utf-8")
    try:
        code, out, err = run_parse(
            capsys, str(program), "--timezone", "UTC", "--year", "2025", "--explain"
        )
    finally:
        model.shipped_model.cache_clear()  # the next test loads the real one again
    assert code == 0
    assert out.startswith("second opinion unavailable: no model file at ")
    assert "day header        1.00  Day 1 March 3, 2025" in out
    assert "line model" not in err


@pytest.mark.parametrize(
    ("option", "value", "says"),
    [
        ("--timezone", "Mars/Olympus", "argument --timezone: unknown time zone 'Mars/Olympus'"),
        ("--first-day", "2025-13-01", "argument --first-day: '2025-13-01' is not a day"),
    ],
)
def test_a_bad_option_value_is_named_with_its_option(
    capsys: pytest.CaptureFixture[str], option: str, value: str, says: str
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["parse", str(PROJECT_DATA / "asplos-eurosys-2025.txt"), option, value])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert says in err
    assert "Traceback" not in err
