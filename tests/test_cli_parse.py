"""`python -m bot parse PATH`: the JSON other tools rely on, and its errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from bot.app import main

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
