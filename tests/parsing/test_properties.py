"""Whatever the input, the parser returns a program or raises its documented error."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.errors import ProgramParseError
from bot.parsing import ParseOptions
from bot.parsing.detect import parse_program
from bot.parsing.text import parse_text
from tests.parsing.truth import DATA

OPTIONS = ParseOptions(timezone="Europe/Amsterdam", year=2025)
PROGRAM = (DATA / "asplos-eurosys-2025.txt").read_text(encoding="utf-8")
LINES = PROGRAM.splitlines()
SMALL = "\n".join(LINES[:560])  # Monday posters through Tuesday evening
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _parse_or_documented_error(text: str) -> None:
    try:
        program = parse_program(text, OPTIONS)
    except ProgramParseError:
        return
    for session in program.sessions:
        assert session.id
    for warning in program.warnings:
        assert warning.line >= 0


@FAST
@given(st.text())
def test_arbitrary_text(text: str) -> None:
    _parse_or_documented_error(text)


@FAST
@given(st.binary())
def test_binary_junk(data: bytes) -> None:
    _parse_or_documented_error(data.decode("latin-1"))


@FAST
@given(st.integers(min_value=0, max_value=len(SMALL)))
def test_truncated_programs(cut: int) -> None:
    _parse_or_documented_error(SMALL[:cut])


@FAST
@given(st.randoms(use_true_random=False))
def test_shuffled_lines(rng: random.Random) -> None:
    lines = SMALL.splitlines()
    rng.shuffle(lines)
    _parse_or_documented_error("\n".join(lines))


@FAST
@given(
    st.lists(
        st.sampled_from(
            [
                *LINES[:560],
                "",
                "\t",
                "Title\tAuthors",
                "13:30-15:10",
                "Day 1: Tuesday, April 1",
                "(Chair: X)",
            ]
        ),
        max_size=40,
    )
)
def test_recombined_program_lines(lines: list[str]) -> None:
    _parse_or_documented_error("\n".join(lines))


# A garbled line: symbols with no word in them, as a broken copy or encoding leaves behind.
GARBAGE = st.text(alphabet="#$%^&*~|<>=+!?@", min_size=3, max_size=30)
ORIGINAL_TITLES = [s.title for s in parse_text(SMALL, OPTIONS).sessions]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=214, max_value=len(SMALL.splitlines()) - 1), GARBAGE)
def test_one_garbled_line_keeps_every_other_session_and_is_named(index: int, junk: str) -> None:
    lines = SMALL.splitlines()
    garbled = [*lines[:index], junk, *lines[index:]]
    program = parse_text("\n".join(garbled), OPTIONS)
    assert [s.title for s in program.sessions] == ORIGINAL_TITLES
    assert any(w.line == index + 1 for w in program.warnings), (index, junk, program.warnings)
