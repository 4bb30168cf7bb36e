"""The answer memo: one search for many people asking the same thing, never a stale answer."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.clock import FrozenClock
from bot.errors import NotFoundError
from bot.model import SessionsAnswer, TimetableAnswer
from bot.services.answer_memo import AnswerMemo
from bot.services.commands import CommandRunner
from bot.services.programs import ProgramService, conference_defaults
from bot.services.queries import Queries
from bot.storage import ProgramStore, make_sessionmaker

PROGRAM = Path(__file__).resolve().parents[2] / "data" / "asplos-eurosys-2025.txt"
AT = datetime.fromisoformat("2025-04-02T14:30+02:00")


def test_a_memo_computes_once_per_key_and_drops_the_least_recently_used() -> None:
    memo = AnswerMemo(size=2)
    memo.bind(catalog := object())
    calls: list[str] = []

    def compute(key: str) -> str:
        calls.append(key)
        return key.upper()

    assert memo.get("a", lambda: compute("a")) == "A"
    assert memo.get("a", lambda: compute("a")) == "A"
    memo.get("b", lambda: compute("b"))
    memo.get("a", lambda: compute("a"))  # "a" is now the most recently used
    memo.get("c", lambda: compute("c"))  # drops "b"
    memo.get("b", lambda: compute("b"))
    assert calls == ["a", "b", "c", "b"]
    assert (memo.hits, memo.misses, len(memo)) == (2, 4, 2)

    memo.bind(catalog)
    assert len(memo) == 2  # the same catalog keeps its answers
    memo.bind(object())
    assert len(memo) == 0  # another one (a reload) starts afresh


def test_a_failed_answer_is_not_remembered() -> None:
    memo = AnswerMemo()
    memo.bind(object())

    def fail() -> str:
        raise NotFoundError("nothing", ())

    for _ in range(2):
        with pytest.raises(NotFoundError):
            memo.get("x", fail)
    assert (memo.misses, len(memo)) == (2, 0)


@dataclass
class Bot:
    programs: ProgramService
    runner: CommandRunner
    memo: AnswerMemo
    clock: FrozenClock


@pytest.fixture
async def bot(engine: AsyncEngine) -> Bot:
    clock = FrozenClock(AT)
    store = ProgramStore(make_sessionmaker(engine), now=clock.now)
    programs = ProgramService(
        store, "asplos-eurosys-2025", clock, defaults=conference_defaults(PROGRAM)
    )
    await programs.start(default_program=PROGRAM)
    memo = AnswerMemo()
    runner = CommandRunner(Queries(programs.current, clock), memo=memo)
    return Bot(programs, runner, memo, clock)


async def test_the_same_query_is_searched_once_and_answered_alike(bot: Bot) -> None:
    first = bot.runner.run("session", {"query": "LLM Training"})
    again = bot.runner.run("session", {"query": "  LLM Training "})  # stripped alike
    assert isinstance(first, SessionsAnswer)
    assert again is first
    other = bot.runner.run("session", {"query": "Operating Systems"})
    assert isinstance(other, SessionsAnswer)
    assert other.sessions[0].title == "Operating Systems"

    typed = bot.runner.complete("paper", "title", "hybr")
    assert typed
    assert typed == bot.runner.complete("paper", "title", "hybr")
    assert (bot.memo.hits, bot.memo.misses) == (2, 3)


async def test_what_depends_on_the_clock_is_asked_afresh(bot: Bot) -> None:
    before = bot.runner.run("now", {})
    bot.clock.advance(timedelta(hours=20))
    after = bot.runner.run("now", {})
    assert isinstance(before, TimetableAnswer)
    assert isinstance(after, TimetableAnswer)
    assert before != after
    assert bot.memo.hits == 0


async def test_a_reload_answers_from_the_new_program(bot: Bot, tmp_path: Path) -> None:
    def starts(answer: object) -> set[str]:
        assert isinstance(answer, SessionsAnswer)
        return {s.start.strftime("%H:%M") for s in answer.sessions if s.start is not None}

    before = bot.runner.run("session", {"query": "Operating Systems"})
    assert "13:40" not in starts(before)
    assert bot.runner.run("session", {"query": "Operating Systems"}) is before

    text = PROGRAM.read_text(encoding="utf-8")
    edited = text.replace(
        "Operating Systems\n04-01, 13:30–15:10 (CET), Mees",
        "Operating Systems\n04-01, 13:40–15:20 (CET), Mees",
    )
    assert edited != text
    (tmp_path / "program.txt").write_text(edited, encoding="utf-8")
    (tmp_path / "conference.toml").write_text(
        (PROGRAM.parent / "conference.toml").read_text(encoding="utf-8")
    )
    await bot.programs.load_file(tmp_path / "program.txt")

    after = bot.runner.run("session", {"query": "Operating Systems"})
    assert "13:40" in starts(after)
