"""Benchmark: reading a NeurIPS-scale program spreadsheet, as CSV and as XLSX.

    .venv/bin/python -m tests.bench.bench_spreadsheet [--repeat 5] [--seed 0]

The synthetic program of `tests.bench.synthetic` (about 4,500 papers, 500 sessions) is written
as one row per paper (Date, Start, End, Room, Session, Chair, Title, Authors as `A (X); B (Y)`;
items without papers as a row with no session), once as CSV text and once as a minimal XLSX
workbook (inline strings, written here so the project needs no spreadsheet writer). For each:
the median and minimum wall time of `parse_program_data` over the repetitions after one
warm-up, and how much came back (sessions, papers, papers whose title and authors are exact).
Figures only: nothing here asserts timing.
"""

from __future__ import annotations

import argparse
import csv
import io
import statistics
import time
import zipfile
from xml.sax.saxutils import escape

from bot.model import Person, Program
from bot.parsing import ParseOptions
from bot.parsing.detect import parse_program_data
from tests.bench.synthetic import make_program

HEADER = ["Date", "Start", "End", "Room", "Session", "Chair", "Title", "Authors"]


def _people(people: tuple[Person, ...]) -> str:
    return "; ".join(f"{p.name} ({p.affiliation})" if p.affiliation else p.name for p in people)


def rows_of(program: Program) -> list[list[str]]:
    rows = [HEADER]
    for s in program.sessions:
        when = [
            s.day.isoformat() if s.day else "",
            f"{s.start:%H:%M}" if s.start else "",
            f"{s.end:%H:%M}" if s.end else "",
            s.room or "",
        ]
        chairs = _people(s.chairs)
        if not s.papers:
            rows.append([*when, "", chairs, s.title or "", ""])
        for paper in s.papers:
            rows.append([*when, s.title or "", chairs, paper.title, _people(paper.authors)])
    return rows


def as_csv(rows: list[list[str]]) -> bytes:
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return out.getvalue().encode()


def as_xlsx(rows: list[list[str]]) -> bytes:
    def cell(value: str) -> str:
        return f'<c t="inlineStr"><is><t>{escape(value)}</t></is></c>' if value else "<c/>"

    sheet = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
        + "".join("<row>" + "".join(cell(v) for v in r) + "</row>" for r in rows)
        + "</sheetData></worksheet>"
    )
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    members = {
        "[Content_Types].xml": (
            '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org'
            '/package/2006/content-types"><Default Extension="rels" ContentType="application/'
            'vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" '
            'ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="'
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>'
        ),
        "_rels/.rels": (
            '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.'
            'openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="'
            f'{rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>'
        ),
        "xl/workbook.xml": (
            f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{main}" xmlns:r="{rel}">'
            '<sheets><sheet name="Program" sheetId="1" r:id="rId1"/></sheets></workbook>'
        ),
        "xl/_rels/workbook.xml.rels": (
            '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.'
            'openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="'
            f'{rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'
        ),
        "xl/worksheets/sheet1.xml": sheet,
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in members.items():
            archive.writestr(name, text)
    return out.getvalue()


def _exact_papers(parsed: Program, truth: Program) -> int:
    want = {(p.title, p.authors) for s in truth.sessions for p in s.papers}
    return sum((p.title, p.authors) in want for s in parsed.sessions for p in s.papers)


def _keys(program: Program) -> set[tuple[object, ...]]:
    return {(s.title, s.start, s.end, s.room, s.chairs) for s in program.sessions if s.title}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    truth = make_program(seed=args.seed)
    rows = rows_of(truth)
    papers = sum(len(s.papers) for s in truth.sessions)
    print(f"synthetic: {len(truth.sessions)} sessions, {papers} papers, {len(rows) - 1} rows")
    for name, data in (("program.csv", as_csv(rows)), ("program.xlsx", as_xlsx(rows))):
        options = ParseOptions(timezone=truth.conference.timezone, source=name)
        parse_program_data(data, options)  # warm-up
        times = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            parsed = parse_program_data(data, options)
            times.append(time.perf_counter() - started)
        got = sum(len(s.papers) for s in parsed.sessions)
        same = len(_keys(parsed) & _keys(truth))
        print(
            f"{name:13s} {len(data) / 1e6:5.2f} MB  median {statistics.median(times) * 1e3:7.1f} ms"
            f"  min {min(times) * 1e3:7.1f} ms  sessions {len(parsed.sessions)}  papers {got}"
            f"  exact {_exact_papers(parsed, truth)}/{papers}  warnings {len(parsed.warnings)}"
            f"  titled sessions as written {same}/{len(_keys(truth))}"
        )
    untitled = sum(1 for s in truth.sessions if s.title is None)
    print(
        f"({untitled} untitled items cannot be named in a session column: their papers come"
        " back as items of their own, and an untitled item without papers as a skipped row)"
    )


if __name__ == "__main__":
    main()
