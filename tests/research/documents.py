"""The corpus files that are read line by line, as the rule parser reads them.

A document is one program text (a `.txt`, or the text the parser makes of a page or a Markdown
source), lexed exactly as `bot.parsing.text.read_text` lexes it, with the rule parser's
reading of every line. Spreadsheets and structured exports have no lines and are left out.
Documents of one program (its text and its page, a Markdown source of the same site) share a
group, so that no program is both trained on and tested on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from bot.errors import ProgramParseError
from bot.parsing import ParseOptions
from bot.parsing.detect import decode_program, is_structured, page_text
from bot.parsing.lexer import Line, LineKind
from bot.parsing.text import read_text
from tests.parsing.corpus import ENTRIES, CorpusEntry

_LINE_READ = (".txt", ".html", ".md")
# The two bundled ASPLOS files are one conference's program printed twice.
_SAME_PROGRAM = {"asplos-2025-program-page-excerpt": "asplos-eurosys-2025"}


@dataclass(frozen=True, slots=True)
class Document:
    name: str  # the corpus entry's name, e.g. "found/acl-2019-monday.html"
    group: str  # the program it prints
    lines: tuple[Line, ...]  # every lexed line, blanks included, in reading order
    rule_labels: dict[int, str]  # line number -> the rule parser's reading
    rule_confidence: dict[int, float]  # line number -> how sure that reading was
    truth: dict[str, object]


def program_group(name: str) -> str:
    stem = Path(name).name.rsplit(".", 1)[0]
    return _SAME_PROGRAM.get(stem, stem)


def load_document(entry: CorpusEntry) -> Document | None:
    """The entry as a document, or None where the parser reads it field by field or not at all."""
    if not entry.name.endswith(_LINE_READ) or entry.name.startswith("found-sheets/"):
        return None
    text = decode_program(entry.path.read_bytes(), str(entry.path))
    if is_structured(text):
        return None
    options = ParseOptions(timezone=entry.timezone, year=entry.year, source=str(entry.path))
    try:
        _, readings, lines = read_text(page_text(text.removeprefix("\ufeff")), options)
    except ProgramParseError:
        return None
    truth = json.loads(entry.truth_path.read_text(encoding="utf-8"))
    return Document(
        entry.name,
        program_group(entry.name),
        tuple(lines),
        {number: reading.label for number, reading in readings.items()},
        {number: reading.confidence for number, reading in readings.items()},
        truth,
    )


def load_documents() -> list[Document]:
    documents = [load_document(entry) for entry in ENTRIES]
    return [d for d in documents if d is not None]


def filled_lines(document: Document) -> list[Line]:
    """The lines a labeller labels: every line but the blank ones."""
    return [line for line in document.lines if line.kind is not LineKind.BLANK]
