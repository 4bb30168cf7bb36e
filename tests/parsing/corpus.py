"""The scored corpus: the 13 real programs of tests/data/real, those found later in
tests/data/found (web pages) and tests/data/found-sheets (spreadsheets and exports), Markdown
sources of programs in tests/data/markdown, and the bundled program.

Each entry names a program file, its truth, and the zone and year it is parsed with (for the
real files, from tests/data/real/FILES.json). `parse_entry` parses a file in-process the way
``python -m bot parse FILE --timezone TZ --year Y`` does; `main` prints every file's figures,
the mean over all files and the mean over the real ones, in the layout of ``score-corpus``.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from bot.model import Program
from bot.parsing import ParseOptions
from bot.parsing.detect import decode_program, parse_program, parse_program_data
from tests.parsing.scoring import Figures, score

DATA = Path(__file__).resolve().parent.parent / "data"
REAL = DATA / "real"
FOUND = DATA / "found"
FOUND_SHEETS = DATA / "found-sheets"
MARKDOWN = DATA / "markdown"

_SHOWN = ("papers_recall", "papers_precision", "authors_f1", "chairs", "times")


@dataclass(frozen=True, slots=True)
class CorpusEntry:
    name: str  # path relative to tests/data, e.g. "real/gd-2024.txt"
    timezone: str
    year: int

    @property
    def path(self) -> Path:
        return DATA / self.name

    @property
    def truth_path(self) -> Path:
        return self.path.with_name(self.path.name.rsplit(".", 1)[0] + ".truth.json")

    @property
    def is_real(self) -> bool:
        return self.name.startswith("real/")


def _listed_entries(folder: Path) -> tuple[CorpusEntry, ...]:
    files = json.loads((folder / "FILES.json").read_text(encoding="utf-8"))
    return tuple(
        CorpusEntry(f"{folder.name}/{name}", meta["timezone"], meta["year"])
        for name, meta in files.items()
    )


REAL_ENTRIES = _listed_entries(REAL)
# The found programs are scored from their text and from their page alike, each with its own
# floors (their texts were rebuilt from the pages, not copied from a browser).
FOUND_ENTRIES = tuple(
    variant
    for entry in _listed_entries(FOUND)
    for variant in (
        entry,
        CorpusEntry(entry.name.removesuffix(".txt") + ".html", entry.timezone, entry.year),
    )
    if (DATA / variant.name).exists()
)
# Spreadsheets and structured exports are parsed from their bytes, as `bot parse` reads them.
FOUND_SHEET_ENTRIES = _listed_entries(FOUND_SHEETS)
# Markdown sources of programs, as their static sites keep them.
MARKDOWN_ENTRIES = _listed_entries(MARKDOWN)
BUNDLED_ENTRIES = (
    CorpusEntry("asplos-eurosys-2025.txt", "Europe/Amsterdam", 2025),
    CorpusEntry("asplos-2025-program-page-excerpt.txt", "Europe/Amsterdam", 2025),
)
ENTRIES = REAL_ENTRIES + FOUND_ENTRIES + FOUND_SHEET_ENTRIES + MARKDOWN_ENTRIES + BUNDLED_ENTRIES
# The saved web page beside each real text: the same program, read from its HTML.
HTML_ENTRIES = tuple(
    CorpusEntry(entry.name.removesuffix(".txt") + ".html", entry.timezone, entry.year)
    for entry in REAL_ENTRIES
    if entry.name.endswith(".txt")
    and (DATA / entry.name.removesuffix(".txt")).with_suffix(".html").exists()
)


def parse_entry(entry: CorpusEntry) -> Program:
    source = str(entry.path)
    options = ParseOptions(timezone=entry.timezone, year=entry.year, source=source)
    if entry.name.startswith("found-sheets/"):
        return parse_program_data(entry.path.read_bytes(), options)
    return parse_program(decode_program(entry.path.read_bytes(), source), options)


def score_entry(entry: CorpusEntry) -> Figures:
    truth = json.loads(entry.truth_path.read_text(encoding="utf-8"))
    return score(parse_entry(entry), truth)


def _line(label: str, values: dict[str, float]) -> str:
    return label + " ".join(f"{name}={values[name]:.3f}" for name in _SHOWN)


def _mean(rows: list[Figures]) -> dict[str, float]:
    return {name: sum(getattr(r, name) for r in rows) / len(rows) for name in _SHOWN}


def main() -> int:
    rows: list[tuple[CorpusEntry, Figures]] = []
    for entry in ENTRIES:
        figures = score_entry(entry)
        rows.append((entry, figures))
        print(_line(f"{entry.name:45s} ", figures.as_dict()))
    print(_line(f"all {len(rows)} mean ", _mean([f for _, f in rows])))
    print(
        _line(
            "found/ mean (text and page) ",
            _mean([f for e, f in rows if e.name.startswith("found/")]),
        )
    )
    print(
        _line(
            "found-sheets/ mean ",
            _mean([f for e, f in rows if e.name.startswith("found-sheets/")]),
        )
    )
    print(
        _line(
            "markdown/ mean ",
            _mean([f for e, f in rows if e.name.startswith("markdown/")]),
        )
    )
    print(_line("real/ mean  ", _mean([f for e, f in rows if e.is_real])))
    sys.stdout.flush()
    return 0
