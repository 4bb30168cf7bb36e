"""The documents the line model is trained from: the corpus of tests/data, read line by line.

The corpus is the parser's scored corpus (`tests/parsing/corpus.py` lists it for scoring; a
test keeps the two listings alike), less what is not read line by line: spreadsheets and
structured exports have no lines to label. Each document is lexed exactly as `--explain` lexes
it, so that the model is trained on the lines it later labels. A source checkout has the
corpus; an installed copy has none, and `CorpusMissing` says so.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.errors import ProgramParseError
from bot.parsing import ParseOptions
from bot.parsing.detect import decode_program, is_structured, page_text
from bot.parsing.lexer import Line
from bot.parsing.text import read_text

_LINE_READ = (".txt", ".html", ".md")
# Folders listed by their FILES.json (name -> timezone, year), in training order; a found
# program's saved page is trained on beside its text.
_LISTED = ("real", "found", "markdown")
_WITH_PAGES = frozenset({"found"})
# The bundled program and an excerpt of its page, which no FILES.json lists.
_BUNDLED = (
    ("asplos-eurosys-2025.txt", "Europe/Amsterdam", 2025),
    ("asplos-2025-program-page-excerpt.txt", "Europe/Amsterdam", 2025),
)


class CorpusMissing(Exception):
    """No training corpus where one was looked for (an installed copy has none)."""


@dataclass(frozen=True, slots=True)
class CorpusFile:
    name: str  # relative to the corpus folder, e.g. "found/acl-2019-monday.html"
    timezone: str
    year: int


@dataclass(frozen=True, slots=True)
class TrainingDocument:
    name: str
    lines: tuple[Line, ...]  # every lexed line, blanks included, as `--explain` lexes them
    truth: dict[str, Any]


def corpus_files(corpus: Path) -> list[CorpusFile]:
    """Every line-read file of the corpus in `corpus`, in a fixed order."""
    if not all((corpus / folder / "FILES.json").is_file() for folder in _LISTED):
        raise CorpusMissing(f"no training corpus at {corpus} (a source checkout has tests/data)")
    files: list[CorpusFile] = []
    for folder in _LISTED:
        listed = json.loads((corpus / folder / "FILES.json").read_text(encoding="utf-8"))
        for name, meta in listed.items():
            found = CorpusFile(f"{folder}/{name}", meta["timezone"], meta["year"])
            files.append(found)
            if folder in _WITH_PAGES:
                page = found.name.removesuffix(".txt") + ".html"
                if page != found.name and (corpus / page).exists():
                    files.append(CorpusFile(page, found.timezone, found.year))
    files.extend(CorpusFile(*bundled) for bundled in _BUNDLED)
    files = [f for f in files if f.name.endswith(_LINE_READ)]
    absent = [f.name for f in files if not (corpus / f.name).is_file()]
    if absent:  # a partial corpus would train a different model without a word
        raise CorpusMissing(f"the corpus at {corpus} lacks {', '.join(absent[:3])}")
    return files


def _truth_path(path: Path) -> Path:
    return path.with_name(path.name.rsplit(".", 1)[0] + ".truth.json")


def read_document(corpus: Path, file: CorpusFile) -> TrainingDocument | None:
    """The file's lines and truth, or None where the parser reads it field by field (an
    export saved as text) or finds no program in it."""
    path = corpus / file.name
    text = decode_program(path.read_bytes(), str(path))
    if is_structured(text):
        return None
    options = ParseOptions(timezone=file.timezone, year=file.year, source=str(path))
    try:
        _, _, lines = read_text(page_text(text.removeprefix("\ufeff")), options)
    except ProgramParseError:
        return None
    truth = json.loads(_truth_path(path).read_text(encoding="utf-8"))
    return TrainingDocument(file.name, tuple(lines), truth)


def training_documents(corpus: Path) -> Iterator[TrainingDocument]:
    for file in corpus_files(corpus):
        document = read_document(corpus, file)
        if document is not None:
            yield document
