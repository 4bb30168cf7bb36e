"""Training the line model, deterministically: the same corpus gives the same model file.

L-BFGS has no randomness, the parameters are fixed here, and the documents are appended in the
corpus listing's order, so a fresh training reproduces the shipped `lines.crfsuite` byte for
byte (a test checks it). The parameters are the experiment's (tests/research/RESULTS.md).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from bot.parsing.labeller.corpus import TrainingDocument
from bot.parsing.labeller.features import document_features
from bot.parsing.labeller.gold import Aligner
from bot.parsing.lexer import LineKind

PARAMETERS: dict[str, object] = {
    "c1": 0.1,  # L1: drops the features that do not help
    "c2": 0.05,
    "max_iterations": 150,
    "feature.possible_transitions": True,
}


@dataclass(frozen=True, slots=True)
class TrainingRun:
    documents: int
    lines: int
    seconds: float


def train_model(documents: Iterable[TrainingDocument], output: Path) -> TrainingRun:
    """Train the line model on `documents` (their gold labels derived from their truths) and
    write it to `output`. Raises ImportError without python-crfsuite."""
    import pycrfsuite  # the binding is needed only here and when the model is used

    started = time.perf_counter()
    trainer = pycrfsuite.Trainer(verbose=False)
    count = lines = 0
    for document in documents:
        filled = [line for line in document.lines if line.kind is not LineKind.BLANK]
        labels = [gold.label for gold in Aligner(document.truth).labels(filled)]
        trainer.append(document_features(document.lines), labels)
        count += 1
        lines += len(labels)
    trainer.set_params(PARAMETERS)
    output.parent.mkdir(parents=True, exist_ok=True)
    # Written beside and then moved over the old model, so that a failed training leaves the
    # old one whole.
    partial = output.with_name(output.name + ".partial")
    try:
        trainer.train(str(partial))
        partial.replace(output)
    finally:
        partial.unlink(missing_ok=True)
    return TrainingRun(count, lines, time.perf_counter() - started)
