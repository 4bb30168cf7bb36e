"""`python -m bot load PATH` on a file it cannot take: one line on stderr, exit 1, nothing
changed, never a traceback. Run through `python -m bot`'s entry point with the environment
and working directory a process would have, as an organiser would."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests import cli
from tests.cli import Completed

PROJECT = Path(__file__).resolve().parent.parent
BUNDLED = PROJECT / "data" / "asplos-eurosys-2025.txt"


def run_bot(tmp_path: Path, *args: str, **env: str) -> Completed:
    environ = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DISCORD_TOKEN", "DATABASE_URL", "CONFERENCE", "PROGRAM_PATH"}
    }
    environ.update({"DATA_DIR": str(tmp_path / "var"), **env})
    return cli.run_bot(*args, env=environ, cwd=tmp_path)  # no .env there


def assert_one_clear_line(result: Completed, *words: str) -> None:
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0]


def test_a_file_that_is_no_program_ends_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "photo.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    result = run_bot(tmp_path, "load", "photo.txt")
    assert_one_clear_line(result, "photo.txt", "nothing was changed")


def test_a_missing_file_ends_in_one_line(tmp_path: Path) -> None:
    result = run_bot(tmp_path, "load", "no-such-program.txt")
    assert_one_clear_line(result, "no-such-program.txt", "no such file")


def test_a_program_the_store_refuses_ends_in_one_line(tmp_path: Path) -> None:
    """A conference name whose slug is longer than the column: refused by storage, told as a
    UserError."""
    program = tmp_path / "long" / "program.txt"
    program.parent.mkdir()
    program.write_bytes(BUNDLED.read_bytes())
    (program.parent / "conference.toml").write_text(
        f'name = "{"Very Long Conference " * 6}"\ntimezone = "Europe/Amsterdam"\nyear = 2025\n',
        encoding="utf-8",
    )
    refused = run_bot(tmp_path, "load", str(program), PROGRAM_PATH=str(program))
    assert_one_clear_line(refused, "slug", "CONFERENCE", "nothing was changed")


def test_a_bad_setting_ends_in_one_line(tmp_path: Path) -> None:
    result = run_bot(tmp_path, "load", str(BUNDLED), DB_POOL_SIZE="lots")
    assert_one_clear_line(result, "DB_POOL_SIZE", "'lots'")


@pytest.mark.parametrize("args", [["load"], ["load", "a", "b"]])
def test_a_wrong_command_line_exits_2(tmp_path: Path, args: list[str]) -> None:
    result = run_bot(tmp_path, *args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
