"""The shipped line model: trained from the corpus, reproducible, and loaded only when used."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bot.parsing.labeller.corpus import corpus_files, training_documents
from bot.parsing.labeller.labels import LABELS
from bot.parsing.labeller.model import MODEL_PATH, shipped_model
from bot.parsing.labeller.train import train_model
from bot.parsing.lexer import lex_lines, numbered_lines
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
        "import bot.app, bot.parsing, bot.parsing.explain\n"
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
