"""Benchmark: how long `parse_program` takes on a NeurIPS-scale program and on real ones.

    .venv/bin/python -m tests.bench.bench_parse [--repeat 5] [--seed 0]

1. The synthetic program of `tests.bench.synthetic` (about 4,500 papers, 20,000 authors, 500
   sessions over five days) rendered as program text in a common layout: a day header per day,
   ``HH:MM–HH:MM Session title (Room)``, ``Session chair: Name (Affil)``, then per paper a title
   line and an ``A (X); B (Y)`` author line, items apart by blank lines.
2. The largest real program of tests/data/real (by bytes; a frab XML export), the largest real
   program text there, and the bundled ASPLOS+EuroSys 2025 program, each with its zone and year.
3. A talk with a pasted abstract on one line of 14, 28 and 56 KB: how the time grows with a
   line's length.
4. A page of 400, 800 and 1,600 talks with their speakers' bios at its end: how the time
   grows with the talks.

For each: the median and minimum wall time over the repetitions (after one warm-up parse),
and how much of the program came back (sessions, papers, and the corpus figures for the files
that have a truth; for the synthetic text, against the program it was rendered from). Figures
only: nothing here asserts timing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from bot.model import Paper, Person, Program, Session, SessionKind
from bot.parsing import ParseOptions
from bot.parsing.authors import author_line_score, is_name_like, parse_author_line
from bot.parsing.detect import decode_program, parse_program
from bot.parsing.kinds import kind_by_words, kind_of_title
from tests.bench.synthetic import make_program
from tests.parsing.corpus import BUNDLED_ENTRIES, REAL_ENTRIES, CorpusEntry, parse_entry
from tests.parsing.scoring import Figures, score

_SHOWN = ("papers_recall", "papers_precision", "authors_f1", "chairs", "times")


# --- rendering the synthetic program as text ---------------------------------------------------


def _authors_line(authors: tuple[Person, ...]) -> str:
    return "; ".join(f"{a.name} ({a.affiliation})" if a.affiliation else a.name for a in authors)


def _heading(session: Session) -> str:
    assert session.start is not None
    assert session.end is not None
    clock = f"{session.start:%H:%M}–{session.end:%H:%M}"
    title = session.title or ""
    room = f" ({session.room})" if session.room else ""
    return f"{clock} {title}{room}".rstrip()


def render_program_text(program: Program) -> str:
    """The program as a conference web page's text would print it (see the module docstring)."""
    lines: list[str] = [program.conference.name, ""]
    day = None
    for session in program.sessions:
        if session.day != day:
            day = session.day
            assert day is not None
            lines += ["", f"{day:%A}, {day:%B} {day.day}, {day.year}", ""]
        lines.append(_heading(session))
        lines += [f"Session chair: {_authors_line((chair,))}" for chair in session.chairs]
        for paper in session.papers:
            lines += ["", paper.title]
            if paper.authors:
                lines.append(_authors_line(paper.authors))
        lines += ["", ""]
    return "\n".join(lines) + "\n"


def truth_of(program: Program) -> dict[str, Any]:
    """`program` as a truth file, so the parse of its rendering can be scored."""

    def people(persons: tuple[Person, ...]) -> list[dict[str, Any]]:
        return [{"name": p.name, "affiliation": p.affiliation} for p in persons]

    def paper(p: Paper) -> dict[str, Any]:
        return {"title": p.title, "authors": people(p.authors)}

    return {
        "sessions": [
            {
                "title": s.title,
                "kind": "papers" if s.kind is SessionKind.PAPERS else s.kind.value,
                "date": s.day.isoformat() if s.day else None,
                "start": f"{s.start:%H:%M}" if s.start else None,
                "chairs": people(s.chairs),
                "papers": [paper(p) for p in s.papers],
            }
            for s in program.sessions
        ]
    }


# --- timing ------------------------------------------------------------------------------------


def _forget_author_lines() -> None:
    """Every timed run parses cold: the author-line (and title-kind) caches would otherwise
    remember the warm-up's lines and time a second parse of the same file, not the first one a
    user waits for."""
    for cached in (
        parse_author_line,
        author_line_score,
        is_name_like,
        kind_of_title,
        kind_by_words,
    ):
        cached.cache_clear()


def _time(parse: Callable[[], Program], repeat: int) -> tuple[Program, list[float]]:
    program = parse()  # warm-up: imports, regex compilation, caches
    times = []
    for _ in range(repeat):
        _forget_author_lines()
        began = time.perf_counter()
        program = parse()
        times.append(time.perf_counter() - began)
    return program, times


def _report(label: str, size: str, program: Program, times: list[float], figures: Figures) -> None:
    papers = sum(len(s.papers) for s in program.sessions)
    print(f"{label}  ({size})")
    print(
        f"  parse time: median {statistics.median(times):.3f} s, min {min(times):.3f} s "
        f"over {len(times)} runs"
    )
    print(
        f"  parsed: {len(program.sessions)} sessions, {papers} papers, "
        f"{len(program.warnings)} warnings; truth papers {figures.n_truth_papers}"
    )
    print("  figures: " + " ".join(f"{k}={getattr(figures, k):.3f}" for k in _SHOWN))


def _bench_entry(entry: CorpusEntry, repeat: int) -> None:
    program, times = _time(lambda: parse_entry(entry), repeat)
    truth = json.loads(entry.truth_path.read_text(encoding="utf-8"))
    size = f"{entry.path.stat().st_size:,} bytes, {entry.timezone} {entry.year}"
    _report(entry.name, size, program, times, score(program, truth))


def _paragraph_program(sentences: int) -> str:
    """A small program whose one talk carries a pasted abstract as a single line."""
    abstract = " ".join(
        f"We study case {i} of the problem. Alice Smith shows it." for i in range(sentences)
    )
    return (
        "Monday, 3 March 2025\n09:00-10:30 Session 1: Graphs\nSession chair: Bo Li (ETH)\n"
        f"Drawing Graphs Beyond Planarity\nAna Silva (MIT); Bo Li (ETH)\n{abstract}\n"
    )


def _bench_growth(heading: str, texts: dict[str, str], repeat: int) -> None:
    """Print the median parse time of each text (three, each twice the one before in what
    the heading names) and how much it grows per doubling: about 2 when the parse is linear."""
    options = ParseOptions(timezone="Europe/Amsterdam", year=2025, source="growth.txt")
    medians = []
    print(heading)
    for size, text in texts.items():
        _, times = _time(lambda text=text: parse_program(text, options), repeat)
        medians.append(statistics.median(times))
        print(f"  {size}: median {medians[-1]:.3f} s")
    print(f"  growth per doubling: {medians[1] / medians[0]:.2f}, {medians[2] / medians[1]:.2f}")


def _bench_long_lines(repeat: int) -> None:
    """How the parse time grows with one line's length. A cost per sentence end that reads the
    whole line made a long abstract take minutes."""
    texts = [_paragraph_program(sentences) for sentences in (250, 500, 1000)]
    _bench_growth(
        "one talk with a pasted abstract on a single line",
        {f"{len(text):>7,} characters": text for text in texts},
        repeat,
    )


def _surname(k: int) -> str:
    """A surname of its own for each `k`: `Babov`, `Bacov`, … (letters, as names have)."""
    letters = ""
    while True:
        k, digit = divmod(k, 26)
        letters += "abcdefghijklmnopqrstuvwxyz"[digit]
        if not k:
            break
    return f"B{letters}ov"


def _bios_program(talks: int) -> str:
    """A day of one-talk slots, each talk's speaker followed by a bio opening with their name;
    the bios at the end of the page, where each must be matched with someone named above."""
    lines = ["Monday, 3 March 2025", ""]
    bios = []
    for k in range(talks):
        start = 8 * 60 + 20 * k
        stop = start + 20
        name = f"Ana {_surname(k)}"
        lines += [
            f"{start // 60 % 24:02d}:{start % 60:02d}-{stop // 60 % 24:02d}:{stop % 60:02d} "
            f"Slot {k}",
            f"Drawing graphs of family {k} beyond planarity",
            f"{name} (University {k})",
            "",
        ]
        bios += [f"{name} is a professor at University {k}, where she studies family {k}.", ""]
    return "\n".join([*lines, "Speaker biographies", "", *bios])


def _bench_bios(repeat: int) -> None:
    """How the parse time grows with the talks of a page of speaker bios. Gathering every name
    read so far for each bio made it quadratic."""
    _bench_growth(
        "talks with their speakers' bios at the end of the page",
        {f"{talks:>5,} talks": _bios_program(talks) for talks in (400, 800, 1600)},
        repeat,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.bench_parse")
    parser.add_argument("--repeat", type=int, default=5, help="timed parses per program")
    parser.add_argument("--seed", type=int, default=0, help="seed of the synthetic program")
    args = parser.parse_args(argv)

    synthetic = make_program(seed=args.seed)
    text = render_program_text(synthetic)
    data = text.encode("utf-8")
    options = ParseOptions(
        timezone=synthetic.conference.timezone,
        year=synthetic.conference.year,
        source="synthetic.txt",
    )
    program, times = _time(
        lambda: parse_program(decode_program(data, "synthetic"), options), args.repeat
    )
    papers = sum(len(s.papers) for s in synthetic.sessions)
    size = (
        f"{len(data):,} bytes, {text.count(chr(10)):,} lines; rendered from "
        f"{len(synthetic.sessions)} sessions, {papers} papers, {synthetic.conference.timezone}"
    )
    _report(
        "synthetic NeurIPS-scale program text",
        size,
        program,
        times,
        score(program, truth_of(synthetic)),
    )

    def size(entry: CorpusEntry) -> int:
        return entry.path.stat().st_size

    largest = max(REAL_ENTRIES, key=size)
    largest_text = max((e for e in REAL_ENTRIES if e.path.suffix == ".txt"), key=size)
    for entry in dict.fromkeys((largest, largest_text, BUNDLED_ENTRIES[0])):
        print()
        _bench_entry(entry, args.repeat)
    print()
    _bench_long_lines(args.repeat)
    print()
    _bench_bios(args.repeat)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
