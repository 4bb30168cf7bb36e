"""The shipped line model: each filled line of a program text, labelled with how sure it is.

The model is loaded the first time it is asked for, never at import, and is never trained
here (`python -m bot train-parser` does that). It is the parser's second opinion, which
`--explain` shows beside the rules' readings, and the tie-breaker of a choice the rules cannot
make with confidence (`BuilderState.model_reads`): a page that poses no such choice is parsed
without loading it.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from bot.parsing.labeller.features import document_features
from bot.parsing.lexer import Line, LineKind

MODEL_PATH = Path(__file__).with_name("lines.crfsuite")


@dataclass(frozen=True, slots=True)
class LineLabel:
    label: str
    marginal: float  # the model's probability of `label` for this line, 0 to 1


class LineModelUnavailable(Exception):
    """The model file or python-crfsuite is missing: there is no second opinion."""


class LineModel:
    """A trained model file, ready to label documents."""

    def __init__(self, data: bytes) -> None:
        try:
            import pycrfsuite  # a runtime dependency, imported only when a model is wanted
        except ImportError as error:
            raise LineModelUnavailable("python-crfsuite is not installed") from error
        self._data = data  # the tagger reads this buffer in place: it must outlive the tagger
        self._tagger: Any = pycrfsuite.Tagger()
        self._tagger.open_inmemory(self._data)
        # A tagger keeps the last sequence it tagged, which `marginal` reads.
        self._lock = threading.Lock()

    def label_lines(self, lines: Sequence[Line]) -> dict[int, LineLabel]:
        """Line number -> the model's label, for each filled line of `lines` (a document's
        every lexed line, blanks included, as `read_text` returns them)."""
        filled = [line for line in lines if line.kind is not LineKind.BLANK]
        if not filled:
            return {}
        features = document_features(lines)
        with self._lock:
            labels = [str(label) for label in self._tagger.tag(features)]
            marginals = [float(self._tagger.marginal(lb, t)) for t, lb in enumerate(labels)]
        return {
            line.number: LineLabel(label, marginal)
            for line, label, marginal in zip(filled, labels, marginals, strict=True)
        }


@cache
def shipped_model() -> LineModel:
    """The model that ships in the package, loaded on first use. Raises LineModelUnavailable."""
    try:
        data = MODEL_PATH.read_bytes()
    except OSError as error:
        raise LineModelUnavailable(f"no model file at {MODEL_PATH}") from error
    return LineModel(data)
