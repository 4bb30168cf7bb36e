"""`--explain`'s second opinion: the line model beside each rule reading, changing no parse."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.parsing import ParseOptions
from bot.parsing.detect import parse_program
from bot.parsing.explain import explain_program, model_disagrees
from bot.parsing.export import program_to_json
from bot.parsing.labeller import model
from bot.parsing.labeller.labels import LABELS
from bot.parsing.labeller.model import LineLabel
from bot.parsing.structure.drafts import Reading

OPTIONS = ParseOptions(timezone="UTC", year=2025)
# A plenary's title printed with its room above the day's slots, which the rules leave unread.
PROGRAM = (
    "Day 1 March 3, 2025\n\n"
    "Welcome and Keynote Talk (Room: Aurora Hall)\n\n"
    "08:30 - 09:00 Registration\n"
    "10:15 - 10:45 Coffee Break (Room: Foyer)\n"
    "Session 1: Requirements in Practice (Room: Aurora)\n"
    '10:45 - 11:15 Paper #3: "Ten Myths about Requirements Reuse"\n'
    "Lena Fischer and Ravi Patel\n"
    '11:15 - 11:45 Paper #7: "Estimating Effort from Issue Trackers"\n'
    "Chen Wu, Sofia Rossi, and Anna Berg\n"
)


@pytest.mark.parametrize(
    ("reading", "opinion", "disagrees"),
    [
        (Reading("paper title", 0.75), LineLabel("room", 0.93), True),
        (Reading("paper title", 0.85), LineLabel("room", 0.99), False),  # the rules were sure
        (Reading("paper title", 0.5), LineLabel("room", 0.89), False),  # the model is not
        (Reading("paper title", 0.5), LineLabel("paper title", 0.99), False),  # they agree
        (Reading("noise", 0.5), LineLabel("other", 0.99), False),  # noise is the model's other
        (Reading("note", 0.5), LineLabel("session header", 0.9), True),
    ],
)
def test_the_model_overrules_only_an_unsure_reading_when_sure(
    reading: Reading, opinion: LineLabel, disagrees: bool
) -> None:
    assert model_disagrees(reading, opinion) is disagrees


def test_every_line_gets_a_second_opinion_and_the_parse_is_unchanged() -> None:
    program, explanation = explain_program(PROGRAM, OPTIONS)
    assert program_to_json(program) == program_to_json(parse_program(PROGRAM, OPTIONS))
    assert explanation.line_model_missing is None
    for line in explanation.lines:
        assert line.model_label in LABELS
        assert line.model_marginal is not None
        assert 0.0 <= line.model_marginal <= 1.0
    assert {w.message for w in program.warnings}.isdisjoint(
        w.message for w in explanation.second_opinions
    )


def test_lines_the_model_reads_otherwise_are_listed_with_their_numbers() -> None:
    _, explanation = explain_program(PROGRAM, OPTIONS)
    [line] = [r for r in explanation.lines if r.number == 3]
    assert line.confidence < 0.85
    assert line.model_disagrees
    assert line.model_label == "session header"
    assert [(w.line, w.message) for w in explanation.second_opinions] == [
        (3, f"the line model reads this as session header ({line.model_marginal:.2f})")
    ]
    assert all(r.model_disagrees == (r.number == 3) for r in explanation.lines)


@pytest.fixture
def no_model_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(model, "MODEL_PATH", tmp_path / "absent.crfsuite")
    model.shipped_model.cache_clear()
    yield
    model.shipped_model.cache_clear()  # the next test loads the real one again


@pytest.mark.usefixtures("no_model_file")
def test_without_the_model_explain_still_works_and_says_why() -> None:
    program, explanation = explain_program(PROGRAM, OPTIONS)
    assert program.sessions
    assert explanation.line_model_missing is not None
    assert "absent.crfsuite" in explanation.line_model_missing
    assert explanation.lines
    assert all(r.model_label is None and not r.model_disagrees for r in explanation.lines)
    assert explanation.second_opinions == ()
