"""The bundled ASPLOS/EuroSys 2025 program, parsed by the real text parser, through storage."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.model import ChangeKind, Program
from bot.storage.programs import ProgramStore

BUNDLED = Path(__file__).resolve().parents[2] / "data" / "asplos-eurosys-2025.txt"

text_parser = pytest.importorskip("bot.parsing.text", reason="the text parser is not there yet")
parsing = pytest.importorskip("bot.parsing")


def parse(text: str) -> Program:
    options = parsing.ParseOptions(
        name="ASPLOS + EuroSys 2025",
        timezone="Europe/Amsterdam",
        year=2025,
        source=BUNDLED.name,
    )
    program: Program = text_parser.parse_text(text, options)
    return program


@pytest.fixture(scope="module")
def bundled_text() -> str:
    return BUNDLED.read_text(encoding="utf-8")


async def test_bundled_program_round_trips(store: ProgramStore, bundled_text: str) -> None:
    parsed = parse(bundled_text)
    assert parsed.sessions

    report = await store.load("asplos25", parsed)

    assert report.first_load
    assert await store.get_program("asplos25") == replace(parsed, warnings=())


async def test_bundled_program_reparsed_after_an_unrelated_edit(
    store: ProgramStore, bundled_text: str
) -> None:
    parsed = parse(bundled_text)
    await store.load("asplos25", parsed)
    shifted = parse("\n\n\n" + bundled_text)

    report = await store.load("asplos25", shifted)

    assert not report.changed
    assert report.unchanged == len(parsed.sessions)
    assert await store.get_program("asplos25") == replace(shifted, warnings=())


async def test_bundled_program_with_a_session_dropped(
    store: ProgramStore, bundled_text: str
) -> None:
    parsed = parse(bundled_text)
    await store.load("asplos25", parsed)
    target = next(s for s in parsed.sessions if s.papers and s.title)
    smaller = replace(parsed, sessions=tuple(s for s in parsed.sessions if s.id != target.id))

    report = await store.load("asplos25", smaller)

    assert [(c.session_id, c.kinds) for c in report.changes] == [(target.id, (ChangeKind.REMOVED,))]
    assert await store.removed_session("asplos25", target.id) == target
