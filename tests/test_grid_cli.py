"""The timetable picture from the command line and the console: `python -m bot grid` and
`schedule … view:grid`, run through `python -m bot`'s entry point as a user runs them."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from bot.timetable_picture import MAX_WIDTH
from tests import cli
from tests.cli import Completed


def run_bot(cwd: Path, *args: str, stdin: str = "") -> Completed:
    return cli.run_bot(*args, env={"DATA_DIR": str(cwd / "data")}, cwd=cwd, stdin=stdin)


def test_grid_writes_the_days_picture(tmp_path: Path) -> None:
    target = tmp_path / "wed.png"
    done = run_bot(tmp_path, "grid", "--day", "wednesday", "-o", str(target))
    assert done.returncode == 0, done.stderr
    assert f"wrote {target} (" in done.stdout
    assert "30 sessions; rooms: Rotterdam hall 1A, Rotterdam hall 1B, Mees" in done.stdout
    with Image.open(target) as image:
        assert image.format == "PNG"
        assert image.width <= MAX_WIDTH
        assert f"({image.width}×{image.height} px" in done.stdout


def test_grid_refuses_a_day_outside_the_program_and_a_missing_output(tmp_path: Path) -> None:
    done = run_bot(tmp_path, "grid", "--day", "christmas", "-o", str(tmp_path / "x.png"))
    assert done.returncode == 1
    assert "“christmas” is not a conference day" in done.stderr
    usage = run_bot(tmp_path, "grid", "--day", "wednesday")
    assert usage.returncode == 2
    assert "-o" in usage.stderr
    unwritable = run_bot(tmp_path, "grid", "--day", "wednesday", "-o", str(tmp_path / "no/x.png"))
    assert unwritable.returncode == 1
    assert "grid: cannot write" in unwritable.stderr
    assert not list(tmp_path.glob("*.png"))
    assert "Traceback" not in done.stderr + usage.stderr + unwritable.stderr


def test_the_console_draws_the_grid_into_the_working_directory(tmp_path: Path) -> None:
    done = run_bot(
        tmp_path,
        "console",
        stdin="schedule thursday view:grid\nschedule thursday view:table\nquit\n",
    )
    assert done.returncode == 0, done.stderr
    assert "wrote timetable-2025-04-03.png (" in done.stdout
    assert "`schedule`: view must be list or grid, not “table”." in done.stdout
    with Image.open(tmp_path / "timetable-2025-04-03.png") as image:
        assert image.width <= MAX_WIDTH
