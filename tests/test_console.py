"""The offline console: the same commands as Discord, parsed from a line and shown as text."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.console import parse_line
from tests import cli
from tests.cli import Completed


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("/chair Helix", ("chair", {"query": "Helix"})),
        ("session llm training", ("session", {"query": "llm training"})),
        ("AUTHOR bin cui", ("author", {"name": "bin cui"})),
        ("schedule wednesday room:Mees", ("schedule", {"day": "wednesday", "room": "Mees"})),
        ("schedule room:Van Oldebarneveldt", ("schedule", {"room": "Van Oldebarneveldt"})),
        ("schedule --day thursday --room Penn", ("schedule", {"day": "thursday", "room": "Penn"})),
        ("now room:Diamond", ("now", {"room": "Diamond"})),
        (
            "schedule wednesday room:Van Oldebarneveldt view:grid",
            ("schedule", {"day": "wednesday", "room": "Van Oldebarneveldt", "view": "grid"}),
        ),
        ("schedule view:grid thursday", ("schedule", {"view": "grid", "day": "thursday"})),
        ('paper "can\'t stop" dreaming', ("paper", {"title": "can't stop dreaming"})),
        ("paper it's unbalanced \"quote", ("paper", {"title": "it's unbalanced \"quote"})),
        ("", ("", {})),
        ("frobnicate x", ("frobnicate", {})),
    ],
)
def test_parse_line(line: str, expected: tuple[str, dict[str, str]]) -> None:
    assert parse_line(line) == expected


def run_module(tmp_path: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """A real `python -m bot` process, as a user starts it."""
    env = {"DATA_DIR": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
        timeout=120,
    )


def run_bot(tmp_path: Path, *args: str, stdin: str = "", **env: str) -> Completed:
    """The same command through the same entry point, in this process."""
    return cli.run_bot(
        *args, env={"DATA_DIR": str(tmp_path / "data"), **env}, cwd=tmp_path, stdin=stdin
    )


def test_console_and_ask_answer_through_the_same_commands(tmp_path: Path) -> None:
    console = run_module(tmp_path, "console", stdin="chair Helix\nfrobnicate\nhelp\nquit\n")
    assert console.returncode == 0, console.stderr
    assert "Xiaosong Ma (MBZUAI)" in console.stdout
    assert "There is no command “frobnicate”" in console.stdout
    assert "schedule [day] [room]" in console.stdout
    ask = run_module(tmp_path, "ask", "chair", "Helix")
    assert ask.returncode == 0
    assert ask.stdout.strip().splitlines()[1] == "  Chair: Xiaosong Ma (MBZUAI)"
    missing = run_bot(tmp_path, "ask", "paper", "underwater", "basket", "weaving")
    assert missing.returncode == 1
    assert "No paper matches" in missing.stdout
    now = run_bot(tmp_path, "ask", "now", "--at", "2025-04-02T14:30+02:00")
    assert "Large Language Models · Rotterdam hall 1A" in now.stdout
    assert "Traceback" not in console.stderr + ask.stderr + missing.stderr + now.stderr


def test_bad_at_is_a_usage_error(tmp_path: Path) -> None:
    done = run_bot(tmp_path, "ask", "now", "--at", "tomorrow")
    assert done.returncode == 2
    assert "ISO date-time" in done.stderr
    assert "Traceback" not in done.stderr


def test_load_reports_changes_and_a_broken_file_keeps_the_old_program(tmp_path: Path) -> None:
    program = Path(__file__).resolve().parent.parent / "data" / "asplos-eurosys-2025.txt"
    first = run_bot(tmp_path, "load", str(program))
    assert first.returncode == 0, first.stderr
    assert "Loaded asplos-eurosys-2025: 83 sessions." in first.stdout
    again = run_bot(tmp_path, "load", str(program))
    assert "No changes" in again.stdout
    broken = tmp_path / "broken.txt"
    broken.write_text("\n\nnothing to see here\n")
    failed = run_bot(tmp_path, "load", str(broken))
    assert failed.returncode == 1
    assert f"{broken}:3:" in failed.stderr
    assert "the program loaded before stays" in failed.stderr
    still = run_bot(tmp_path, "ask", "chair", "Helix")
    assert "Xiaosong Ma" in still.stdout


def test_load_dry_run_changes_nothing(tmp_path: Path) -> None:
    program = Path(__file__).resolve().parent.parent / "data" / "asplos-eurosys-2025.txt"
    assert run_bot(tmp_path, "load", str(program)).returncode == 0
    moved = tmp_path / "moved" / "program.txt"
    moved.parent.mkdir()
    (moved.parent / "conference.toml").write_text(
        (program.parent / "conference.toml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    text = program.read_text(encoding="utf-8")
    moved.write_text(text.replace("Rotterdam hall 1B", "Penn"), encoding="utf-8")
    dry = run_bot(tmp_path, "load", "--dry-run", str(moved))
    assert dry.returncode == 0, dry.stderr
    assert "Would reload asplos-eurosys-2025: 11 sessions changed, 72 unchanged." in dry.stdout
    assert "Reminders: 0 would move, 0 would be cancelled, 0 would come back." in dry.stdout
    assert "Dry run: nothing was changed." in dry.stdout
    still = run_bot(tmp_path, "ask", "chair", "MEPipe")
    assert "Rotterdam hall 1B" in still.stdout


def test_conference_chooses_among_configured_conferences(tmp_path: Path) -> None:
    program = Path(__file__).resolve().parent.parent / "data" / "asplos-eurosys-2025.txt"
    other = tmp_path / "other.txt"
    other.write_text(
        "Day 1: Thursday, April 3\n10:30-12:00 Session 1: Ray Tracing\n"
        "Session chair: Cy Ng (Uni C)\nA Fast Ray Tracer\nAna Silva (Uni A)\n",
        encoding="utf-8",
    )
    conferences = tmp_path / "conferences.toml"
    conferences.write_text(
        f'[conferences.asplos]\nprogram = "{program}"\n\n'
        '[conferences.render]\nprogram = "other.txt"\nname = "RenderConf"\n'
        'timezone = "Europe/Amsterdam"\nyear = 2025\n',
        encoding="utf-8",
    )

    def ask(*args: str) -> Completed:
        return run_bot(tmp_path, "ask", *args, CONFERENCES=str(conferences))

    unchosen = ask("chair", "Helix")
    assert unchosen.returncode == 1
    assert "choose one with --conference SLUG" in unchosen.stderr
    assert "Xiaosong Ma" in ask("--conference", "asplos", "chair", "Helix").stdout
    render = ask("--conference", "render", "session", "ray tracing")
    assert "A Fast Ray Tracer" in render.stdout
    assert "Xiaosong Ma" not in ask("--conference", "render", "chair", "Helix").stdout


def test_ask_takes_a_commands_options_as_the_console_does(tmp_path: Path) -> None:
    schedule = run_bot(tmp_path, "ask", "schedule", "--day", "thursday", "--room", "Penn")
    assert schedule.returncode == 0, schedule.stderr
    assert schedule.stdout.startswith("Schedule for Thursday 3 April 2025 in Penn:")
    now = run_bot(tmp_path, "ask", "now", "--at", "2025-04-02T14:30+02:00", "--room", "Mees")
    assert now.stdout.startswith("On now (Wed 2 Apr 14:30 CEST) in Mees:")
    before = run_bot(tmp_path, "ask", "--day", "thursday", "room:Penn", "schedule")
    assert before.stdout == schedule.stdout
    bundled = Path(__file__).resolve().parent.parent / "data" / "asplos-eurosys-2025.txt"
    chosen = run_bot(tmp_path, "ask", f"--program={bundled}", "--day=thursday", "schedule")
    assert chosen.stdout.startswith("Schedule for Thursday 3 April 2025"), chosen.stderr
    abbreviated = run_bot(tmp_path, "ask", "--prog", str(bundled), "--day", "thursday", "schedule")
    assert abbreviated.stdout == chosen.stdout
    literal = run_bot(tmp_path, "ask", "--at", "2025-04-02T14:30+02:00", "--", "now")
    assert literal.stdout.startswith("On now (Wed 2 Apr 14:30 CEST)"), literal.stderr
    bare = run_bot(tmp_path, "ask", "--program", str(bundled))
    assert bare.returncode == 2
    assert "required: COMMAND" in bare.stderr
    other = run_bot(tmp_path, "parse", "program.txt", "--bogus")
    assert other.returncode == 2
    assert "unrecognized arguments: --bogus" in other.stderr


def test_the_installed_command_names_the_command_lines_entry_point() -> None:
    # `confbot` (pyproject's console script) must name the function `python -m bot` runs.
    import importlib
    import tomllib

    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    target = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["scripts"]["confbot"]
    module, _, name = target.partition(":")
    from bot.cli import main

    assert getattr(importlib.import_module(module), name) is main
