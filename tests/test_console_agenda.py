"""The console's agenda for its one local user, and calendar files on the command line: the
same commands and runner as Discord, answered as text."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path

import icalendar
import ics
import pytest

from bot.app import App, open_app
from bot.config import Settings
from bot.console import answer, parse_line
from bot.services.agenda import LOCAL_USER
from tests import cli
from tests.cli import Completed

AT = datetime.fromisoformat("2025-04-02T14:30+02:00")
AT_1610 = datetime.fromisoformat("2025-04-02T16:10+02:00")


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[App]:
    async with open_app(Settings(data_dir=tmp_path), at=AT) as opened:
        yield opened


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("agenda add session llm training", ("agenda add session", {"query": "llm training"})),
        ("/agenda add paper hybridflow", ("agenda add paper", {"title": "hybridflow"})),
        ("agenda remove llm", ("agenda remove", {"item": "llm"})),
        ("agenda list wednesday", ("agenda list", {"day": "wednesday"})),
        ("agenda ics", ("agenda ics", {})),
        (
            "schedule ics wednesday room:Mees",
            ("schedule", {"day": "wednesday", "room": "Mees", "format": "ics"}),
        ),
    ],
)
def test_agenda_lines_parse(line: str, expected: tuple[str, dict[str, str]]) -> None:
    assert parse_line(line) == expected


async def test_the_console_agenda(app: App) -> None:
    runner = app.runner
    first, second = [
        s for s in app.programs.current().program.sessions if s.start == AT_1610 and s.papers
    ][:2]
    added = await answer(runner, f"agenda add session @session:{first.id}")
    assert added.ok
    assert added.text.startswith(f"Added to your agenda: {first.title}.")
    clash = await answer(runner, f"agenda add session @session:{second.id}")
    assert f"⚠ It clashes: overlaps {first.title} ({first.room})." in clash.text
    listing = await answer(runner, "agenda list wednesday")
    assert "Your agenda (2 sessions, 1 conflict):" in listing.text
    assert "Wednesday 2 April" in listing.text
    assert "16:10–" in listing.text
    assert f"⚠ overlaps {second.title}" in listing.text
    paper = await answer(runner, f"agenda add paper @paper:{first.id}#0")
    assert f"★ {first.papers[0].title}" in paper.text
    calendar = await answer(runner, "agenda ics")
    parsed = icalendar.Calendar.from_ical(calendar.text.replace("\n", "\r\n").encode())
    assert sorted(str(e["summary"]) for e in parsed.walk("VEVENT")) == sorted(
        [str(first.title), str(second.title)]
    )
    removed = await answer(runner, f"agenda remove {second.title}")
    assert removed.text.startswith(f"Taken off your agenda: {second.title}.")
    missing = await answer(runner, "agenda remove underwater basket weaving")
    assert not missing.ok
    assert "`agenda remove`: nothing on your agenda matches" in missing.text
    bare = await answer(runner, "agenda")
    assert not bare.ok
    assert "`agenda add session <query>`" in bare.text
    cleared = await answer(runner, "agenda clear")
    assert cleared.text == "Your agenda is cleared (1 session taken off)."
    assert (await app.default.agenda.agenda(LOCAL_USER)).items == ()


async def test_schedule_ics_and_now_outside_the_conference_in_the_console(app: App) -> None:
    runner = app.runner
    day = await answer(runner, "schedule ics wednesday room:Mees")
    parsed = ics.Calendar(day.text.replace("\n", "\r\n"))
    mees = [
        s
        for s in app.programs.current().program.sessions
        if s.room == "Mees" and s.day is not None and s.day.isoformat() == "2025-04-02"
    ]
    assert sorted(e.name for e in parsed.events) == sorted(s.shown_title for s in mees)
    bad = await answer(runner, "schedule wednesday format:pdf")
    assert not bad.ok
    assert "format must be text or ics" in bad.text
    assert app.clock is not None
    app.clock.set(datetime.fromisoformat("2025-03-01T12:00+01:00"))  # type: ignore[attr-defined]
    first = app.programs.current().timeline.timed[0]
    before = await answer(runner, "now")
    assert before.text.startswith("The conference has not started yet")
    assert f"with {first.shown_title}" in before.text
    app.clock.set(datetime.fromisoformat("2025-06-01T12:00+02:00"))  # type: ignore[attr-defined]
    after = await answer(runner, "next")
    assert after.text.startswith("The conference is over")


def run_bot(tmp_path: Path, *args: str, stdin: str = "") -> Completed:
    return cli.run_bot(*args, env={"DATA_DIR": str(tmp_path / "data")}, cwd=tmp_path, stdin=stdin)


def test_ics_on_the_command_line_and_the_agenda_in_the_console(tmp_path: Path) -> None:
    done = run_bot(tmp_path, "ics", "--day", "wednesday", "--room", "Mees")
    assert done.returncode == 0, done.stderr
    events = ics.Calendar(done.stdout).events
    assert len(events) > 1
    assert {e.location for e in events} == {"Mees"}
    one = run_bot(tmp_path, "ics", "--session", "Keynote #1")
    assert len(icalendar.Calendar.from_ical(one.stdout_bytes).walk("VEVENT")) == 1
    bad = run_bot(tmp_path, "ics", "--day", "someday")
    assert bad.returncode == 1
    assert "is not a conference day" in bad.stderr
    console = run_bot(
        tmp_path,
        "console",
        stdin="agenda add session keynote #1\nagenda list\nquit\n",
    )
    assert console.returncode == 0, console.stderr
    assert "Your agenda (1 session):" in console.stdout
    again = run_bot(tmp_path, "ask", "agenda", "list")  # the local user's agenda is kept
    assert "Your agenda (1 session):" in again.stdout
    assert "Traceback" not in done.stderr + bad.stderr + console.stderr + again.stderr
