"""The shipped line model: trained from the corpus, reproducible, and loaded only when used."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from bot.parsing import ParseOptions
from bot.parsing.labeller.corpus import corpus_files, training_documents
from bot.parsing.labeller.labels import AUTHORS, LABELS, TITLE
from bot.parsing.labeller.model import MODEL_PATH, LineLabel, LineModelUnavailable, shipped_model
from bot.parsing.labeller.train import train_model
from bot.parsing.lexer import Line, lex_lines, numbered_lines
from bot.parsing.structure import state
from bot.parsing.text import parse_text
from tests.parsing.corpus import DATA, ENTRIES

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_model_is_what_training_on_the_corpus_gives(tmp_path: Path) -> None:
    # L-BFGS has no randomness and the documents go in a fixed order: the file is reproduced
    # byte for byte. If this fails, the corpus changed: run `python -m bot train-parser`.
    fresh = tmp_path / "lines.crfsuite"
    run = train_model(training_documents(DATA), fresh)
    assert run.documents > 100
    assert fresh.read_bytes() == MODEL_PATH.read_bytes()


def test_the_model_is_trained_on_every_scored_file_read_line_by_line() -> None:
    scored = [
        (e.name, e.timezone, e.year)
        for e in ENTRIES
        if e.name.endswith((".txt", ".html", ".md")) and not e.name.startswith("found-sheets/")
    ]
    assert [(f.name, f.timezone, f.year) for f in corpus_files(DATA)] == scored


def test_importing_and_parsing_load_no_model() -> None:
    check = (
        "import sys\n"
        "import bot.app, bot.cli, bot.parsing, bot.parsing.explain\n"
        "from bot.parsing import ParseOptions\n"
        "from bot.parsing.detect import parse_program\n"
        "from bot.parsing.labeller.model import shipped_model\n"
        "parse_program('Monday, March 3, 2025\\n09:00-10:00 Session 1: Storage\\n"
        "A Fast Store\\nAna Silva\\n', ParseOptions(timezone='UTC'))\n"
        "assert 'pycrfsuite' not in sys.modules, 'the binding was imported'\n"
        "assert shipped_model.cache_info().currsize == 0, 'the model was loaded'\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", check], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def test_the_model_labels_each_filled_line_with_a_marginal() -> None:
    text = "Monday, March 3, 2025\n\n09:00-10:00 Session 1: Storage\nA Fast Store\nAna Silva\n"
    lines = lex_lines(numbered_lines(text))
    labelled = shipped_model().label_lines(lines)
    assert sorted(labelled) == [1, 3, 4, 5]  # the blank line 2 has none
    assert all(one.label in LABELS and 0.0 <= one.marginal <= 1.0 for one in labelled.values())
    assert labelled[1].label == "day header"


_PANEL = (
    "Thursday 27 November 2025\n09:15\nPanel: Open data in archaeology\nChair: Rosa Neri\n"
    "09:20\nMapping old roads with open tools\nIda Berg\n"
    "09:35\nThe harbour of Luni in three dimensions\nOle Dahl\n"
)


class _SureModel:
    """A stand-in for the shipped model that reads the panel's talks as talks."""

    def label_lines(self, lines: Sequence[Line]) -> dict[int, LineLabel]:
        sure = {6: TITLE, 7: AUTHORS, 9: TITLE, 10: AUTHORS}
        return {n: LineLabel(label, 0.97) for n, label in sure.items()}


def _panel_talks(monkeypatch: pytest.MonkeyPatch, model: object) -> list[list[str]]:
    def shipped() -> object:
        if isinstance(model, Exception):
            raise model
        return model

    monkeypatch.setattr(state, "shipped_model", shipped)
    program = parse_text(_PANEL, ParseOptions(timezone="Europe/Rome", year=2025))
    return [[p.title for p in s.papers] for s in program.sessions]


def test_the_line_model_breaks_a_tie_the_rules_cannot(monkeypatch: pytest.MonkeyPatch) -> None:
    # A bare name under each talk reads as a title as well as a person: the rules alone do not
    # take the timed talks for the panel's, and a sure model does.
    alone = _panel_talks(monkeypatch, LineModelUnavailable("none"))
    assert alone != [
        ["Mapping old roads with open tools", "The harbour of Luni in three dimensions"]
    ]
    assert _panel_talks(monkeypatch, _SureModel()) == [
        ["Mapping old roads with open tools", "The harbour of Luni in three dimensions"]
    ]
