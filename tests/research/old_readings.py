"""Run by `first_seen` inside a checkout of an older commit: how that commit's rule parser read
each line of the given files. Imports only `bot` (the old one, from PYTHONPATH), so that it
runs against any commit since `--explain` was added.

    PYTHONPATH=OLD_CHECKOUT python old_readings.py JOBS.json OUT.json

JOBS.json is a list of [name, path, timezone, year]; OUT.json maps each name to its lexed
lines as [number, text, label or null, confidence], or to null where the parse failed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bot.errors import ProgramParseError
from bot.parsing import ParseOptions, detect
from bot.parsing.lexer import LineKind
from bot.parsing.text import read_text


def _page_text(text: str) -> str:
    if hasattr(detect, "page_text"):
        return str(detect.page_text(text))
    from bot.parsing.html import html_to_text, looks_like_html

    return str(html_to_text(text)) if looks_like_html(text) else text


def read_lines(path: str, timezone: str, year: int) -> list[list[object]] | None:
    raw = Path(path).read_bytes()
    text = raw.decode("utf-8-sig", errors="replace").removeprefix("\ufeff")
    options = ParseOptions(timezone=timezone, year=year, source=path)
    try:
        _, readings, lines = read_text(_page_text(text), options)
    except ProgramParseError:
        return None
    return [
        [
            line.number,
            line.text,
            readings[line.number].label if line.number in readings else None,
            readings[line.number].confidence if line.number in readings else 0.0,
        ]
        for line in lines
        if line.kind is not LineKind.BLANK
    ]


def main() -> int:
    jobs = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    out = {}
    for name, path, timezone, year in jobs:
        try:
            out[name] = read_lines(path, timezone, year)
        except Exception as error:  # an old parser's crash is its reading too: none
            print(f"{name}: {type(error).__name__}: {error}", file=sys.stderr)
            out[name] = None
    Path(sys.argv[2]).write_text(json.dumps(out), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
