"""Attendee questions (who chairs, which paper, what an author presents), asked of the bundled
program through the real services.

Each runs on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL: the program is parsed,
stored, read back and indexed exactly as the bot does it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.clock import FrozenClock
from bot.errors import NotFoundError, UserError
from bot.model import (
    AffiliationAnswer,
    ChairAnswer,
    ChangeKind,
    PapersAnswer,
    PersonAnswer,
    SessionsAnswer,
    TimetableAnswer,
)
from bot.services.commands import CommandRunner
from bot.services.programs import ProgramService, conference_defaults
from bot.services.queries import Queries
from bot.storage import ProgramStore, make_sessionmaker

PROGRAM = Path(__file__).resolve().parents[2] / "data" / "asplos-eurosys-2025.txt"
AT = datetime.fromisoformat("2025-04-02T14:30+02:00")


@dataclass
class Bot:
    programs: ProgramService
    runner: CommandRunner
    clock: FrozenClock


@pytest.fixture
async def bot(engine: AsyncEngine) -> Bot:
    clock = FrozenClock(AT)
    store = ProgramStore(make_sessionmaker(engine), now=clock.now)
    programs = ProgramService(
        store, "asplos-eurosys-2025", clock, defaults=conference_defaults(PROGRAM)
    )
    await programs.start(default_program=PROGRAM)
    return Bot(programs, CommandRunner(Queries(programs.current, clock)), clock)


async def test_chairs_papers_and_authors_of_the_bundled_program(bot: Bot) -> None:
    run = bot.runner.run

    chair = run("chair", {"query": "Helix"})
    assert isinstance(chair, ChairAnswer)
    assert [(c.name, c.affiliation) for c in chair.sessions[0].chairs] == [
        ("Xiaosong Ma", "MBZUAI")
    ]

    chair = run("chair", {"query": "MEPipe"})
    assert isinstance(chair, ChairAnswer)
    assert chair.sessions[0].title == "LLM Training"
    assert [c.name for c in chair.sessions[0].chairs] == ["Jacob Gorm Hansen"]

    author = run("author", {"name": "bin cui"})
    assert isinstance(author, PersonAnswer)
    titles = [ref.paper.title.split(":")[0] for ref in author.papers]
    assert titles == ["FlexSP", "Spindle"]

    author = run("author", {"name": "jacob gorm hanson"})
    assert isinstance(author, PersonAnswer)
    assert author.name == "Jacob Gorm Hansen"
    assert [s.title for s in author.chairs] == ["LLM Training"]

    paper = run("paper", {"title": "hybridflow"})
    assert isinstance(paper, PapersAnswer)
    in_session = [ref for ref in paper.papers if ref.session.title == "LLM Training"]
    assert len(in_session) == 1
    assert len(in_session[0].paper.authors) == 9

    author = run("author", {"name": "martin maas"})
    assert isinstance(author, PersonAnswer)
    assert any(ref.session.kind.value == "keynote" for ref in author.papers)

    serving = run("session", {"query": "LLM Serving"})
    assert isinstance(serving, SessionsAnswer)
    assert [s.title for s in serving.sessions] == ["LLM Serving", "LLM Serving"]
    assert serving.sessions[0].id != serving.sessions[1].id

    now = run("now", {})
    assert isinstance(now, TimetableAnswer)
    assert sorted(s.title or "" for s in now.sessions) == sorted(
        [
            "Large Language Models",
            "ML Systems 1",
            "Graph and Stream processing",
            "CXL Storage",
            "Microarchitecture",
            "Virtualization",
        ]
    )
    assert now.upcoming[0].title == "Coffee break & ASPLOS posters"

    eth = run("affiliation", {"name": "ETH"})
    assert isinstance(eth, AffiliationAnswer)
    assert set(eth.variants) >= {"ETH Zurich", "ETH Zürich"}


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("author", {"name": "Jorg"}),
        ("author", {"name": "gomez-luna"}),
        ("author", {"name": "GOMEZ LUNA"}),
        ("session", {"query": "llm training"}),
        ("paper", {"title": "hybrdflow"}),
        ("chair", {"query": "Jacob Gorm Hansen"}),
        ("schedule", {"day": "wednesday", "room": "mees"}),
        ("next", {"room": "Diamond"}),
        ("search", {"query": "serverless"}),
    ],
)
async def test_typos_case_accents_and_word_order_still_answer(
    bot: Bot, command: str, options: dict[str, str]
) -> None:
    answer = bot.runner.run(command, options)
    assert answer is not None


async def test_nothing_matches_gives_suggestions_not_a_crash(bot: Bot) -> None:
    with pytest.raises(NotFoundError) as caught:
        bot.runner.run("paper", {"title": "underwater basket weaving"})
    assert "No paper matches" in str(caught.value)
    with pytest.raises(NotFoundError):
        bot.runner.run("chair", {"query": "nobody-at-all-xyz"})


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("session", {}),
        ("paper", {"title": "   "}),
        ("frobnicate", {}),
        ("schedule", {"day": "someday soon"}),
        ("now", {"room": "the moon"}),
    ],
)
async def test_malformed_commands_get_a_helpful_error(
    bot: Bot, command: str, options: dict[str, str]
) -> None:
    with pytest.raises(UserError):
        bot.runner.run(command, options)


async def test_reload_of_an_edited_copy_reports_exactly_the_edits(bot: Bot, tmp_path: Path) -> None:
    text = PROGRAM.read_text(encoding="utf-8")
    edited = text.replace(
        "Operating Systems\n04-01, 13:30–15:10 (CET), Mees",
        "Operating Systems\n04-01, 13:40–15:20 (CET), Mees",
    )
    edited = edited.replace("Session chair: Luo Mai", "Session chair: Ana Silva")
    assert edited != text
    copy = tmp_path / "program.txt"
    copy.write_text(edited, encoding="utf-8")
    (tmp_path / "conference.toml").write_text(
        (PROGRAM.parent / "conference.toml").read_text(encoding="utf-8")
    )
    result = await bot.programs.load_file(copy)
    changes = {(c.after.title if c.after else None): c.kinds for c in result.report.changes}
    assert changes == {
        "Operating Systems": (ChangeKind.MOVED,),
        "LLM Serving": (ChangeKind.CHAIRS,),
    }
    moved = bot.runner.run("session", {"query": "Operating Systems"})
    assert isinstance(moved, SessionsAnswer)
    assert moved.sessions[0].start is not None
    assert moved.sessions[0].start.strftime("%H:%M %z") == "13:40 +0200"


async def test_failed_reload_keeps_the_old_program(bot: Bot, tmp_path: Path) -> None:
    broken = tmp_path / "broken.txt"
    broken.write_bytes(b"\x00\x01 not a program")
    with pytest.raises(UserError):
        await bot.programs.load_file(broken)
    chair = bot.runner.run("chair", {"query": "Helix"})
    assert isinstance(chair, ChairAnswer)
    assert chair.sessions[0].chairs[0].name == "Xiaosong Ma"


async def test_loading_the_same_file_twice_changes_nothing(bot: Bot) -> None:
    result = await bot.programs.load_file(PROGRAM)
    assert result.report.changes == ()
    assert not result.report.first_load


_FEED = (
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
    "BEGIN:VEVENT\r\nSUMMARY:Storage Systems\r\nDTSTART:20250401T070000Z\r\n"
    "DTEND:20250401T083000Z\r\nLOCATION:Mees\r\nDESCRIPTION:Chair: Ana Silva\r\nEND:VEVENT\r\n"
    "BEGIN:VEVENT\r\nSUMMARY:Coffee break\r\nDTSTART:20250401T083000Z\r\n"
    "DURATION:PT30M\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
)


async def test_an_organiser_reloads_from_an_icalendar_feed(bot: Bot) -> None:
    first = await bot.programs.load_bytes(_FEED.encode(), "program.ics")
    assert first.report.changed
    chair = bot.runner.run("chair", {"query": "Storage Systems"})
    assert isinstance(chair, ChairAnswer)
    assert [c.name for c in chair.sessions[0].chairs] == ["Ana Silva"]
    assert chair.sessions[0].start is not None
    assert chair.sessions[0].start.strftime("%H:%M %z") == "09:00 +0200"

    moved = _FEED.replace("20250401T070000Z", "20250401T071500Z")
    second = await bot.programs.load_bytes(moved.encode(), "program.ics")
    changes = {(c.after.title if c.after else None): c.kinds for c in second.report.changes}
    assert list(changes) == ["Storage Systems"]
    # Its one talk moves with it (a speakerless talk item holds one paper, as in frab exports).
    assert ChangeKind.MOVED in changes["Storage Systems"]
