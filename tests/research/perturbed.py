"""How the parser holds up when a program's text is copied differently: a probe of
generalisation that needs no new program.

    python -m tests.research.perturbed                 # every way of copying, a table each
    python -m tests.research.perturbed spaces cells    # only these

Each corpus text (`.txt`, the copies of pages) is rewritten as another tool would have copied
the same page, then parsed and scored against its truth; the figures are the change from the
unchanged text's, averaged over the files (0 = the parser does not care how the page was
copied). The truths stay valid: every rewrite keeps each line's words.

- ``spaces``: each table laid out in columns of spaces, every cell padded to its column's
  width and three spaces more, as a plain-text program or a PDF's copy prints a table;
- ``cells``: each cell a line of its own (a copy that loses the table: some browsers, div
  layouts, PDF extraction);
- ``double``: a blank line after every line (a word processor's double spacing);
- ``upper``: day headers in capitals (CSS ``text-transform`` copied);
- ``crlf``: Windows line ends.

Run on demand; nothing in the test suite calls this (a measure, not an assertion).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from statistics import mean

from bot.parsing import ParseOptions
from bot.parsing.detect import parse_program
from tests.parsing.corpus import ENTRIES, CorpusEntry
from tests.parsing.scoring import Figures, score

_SHOWN = ("papers_recall", "papers_precision", "authors_f1", "chairs", "times")
_WEEKDAY = (
    r"(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?|"
    r"(?:mon|tue|wed|thu|fri|sat|sun)\."
)
_DAY_HEADER = re.compile(rf"(?im)^((?:{_WEEKDAY})\b.*)$")


def in_columns(text: str) -> str:
    """Each run of lines holding TABs (a table's rows) laid out in columns of spaces."""
    lines = text.split("\n")
    out: list[str] = []
    k = 0
    while k < len(lines):
        if "\t" not in lines[k]:
            out.append(lines[k])
            k += 1
            continue
        end = k
        while end < len(lines) and "\t" in lines[end]:
            end += 1
        rows = [line.split("\t") for line in lines[k:end]]
        widths = [
            max(len(row[c]) for row in rows if c < len(row)) for c in range(max(map(len, rows)))
        ]
        for row in rows:
            out.append("".join(cell.ljust(widths[c] + 3) for c, cell in enumerate(row)).rstrip())
        k = end
    return "\n".join(out)


REWRITES: dict[str, Callable[[str], str]] = {
    "spaces": in_columns,
    "cells": lambda text: re.sub(r"\t+", "\n", text),
    "double": lambda text: text.replace("\n", "\n\n"),
    "upper": lambda text: _DAY_HEADER.sub(lambda m: m.group(1).upper(), text),
    "crlf": lambda text: text.replace("\n", "\r\n"),
}


def _texts() -> list[CorpusEntry]:
    return [
        e for e in ENTRIES if e.name.endswith(".txt") and not e.name.startswith("found-sheets/")
    ]


def changes(
    rewrite: Callable[[str], str], baseline: dict[str, Figures]
) -> list[tuple[str, list[float]]]:
    """Per text file, the change of each shown figure when the text is rewritten."""
    rows = []
    for entry in _texts():
        truth = json.loads(entry.truth_path.read_text(encoding="utf-8"))
        text = entry.path.read_text(encoding="utf-8")
        after = score(parse_program(rewrite(text), _options(entry)), truth)
        before = baseline[entry.name]
        rows.append((entry.name, [getattr(after, f) - getattr(before, f) for f in _SHOWN]))
    return rows


def _options(entry: CorpusEntry) -> ParseOptions:
    return ParseOptions(timezone=entry.timezone, year=entry.year, source=str(entry.path))


def baseline() -> dict[str, Figures]:
    """Each text file's figures as it is."""
    return {
        entry.name: score(
            parse_program(entry.path.read_text(encoding="utf-8"), _options(entry)),
            json.loads(entry.truth_path.read_text(encoding="utf-8")),
        )
        for entry in _texts()
    }


def main(argv: list[str]) -> int:
    names = argv or list(REWRITES)
    unknown = [n for n in names if n not in REWRITES]
    if unknown:
        print(f"unknown rewrite {unknown[0]!r}; choose from {', '.join(REWRITES)}", file=sys.stderr)
        return 2
    unchanged = baseline()
    for name in names:
        rows = changes(REWRITES[name], unchanged)
        means = [mean(r[1][k] for r in rows) for k in range(len(_SHOWN))]
        print(f"== {name}: mean change over {len(rows)} text files")
        print("   " + "  ".join(f"{f} {m:+.3f}" for f, m in zip(_SHOWN, means, strict=True)))
        for file, delta in sorted(rows, key=lambda r: sum(r[1]))[:5]:
            if sum(delta) < 0:
                print(f"   worst: {file:45s} " + " ".join(f"{d:+.2f}" for d in delta))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
