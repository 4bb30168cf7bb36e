"""Benchmark of `bot.search` on the synthetic NeurIPS-scale program.

    .venv/bin/python -m tests.bench.bench_search [--agreement N] [--seed S]

Prints index build time and memory, latency percentiles of `complete()` (typed prefixes of real
labels, some with typos) and `search()` (exact labels, misspelt labels, word-swapped names,
partial titles), the time of an exhaustive WRatio scan, and how often `search()`'s top 5 agrees
with that scan (definition printed with the figure). Figures only: nothing here asserts timing.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rapidfuzz import fuzz, process

from bot.folding import fold
from bot.model import Program
from bot.search import EntryKind, SearchEntry, SearchHit, SearchIndex
from tests.bench.progress import track
from tests.bench.synthetic import make_program

KIND_WEIGHTS = {
    EntryKind.SESSION: 0.15,
    EntryKind.PAPER: 0.35,
    EntryKind.PERSON: 0.40,
    EntryKind.AFFILIATION: 0.10,
}
LETTERS = "abcdefghijklmnopqrstuvwxyz"
CUTOFF = 40.0  # search() leaves out matches below this WRatio; the exhaustive scan does too


@dataclass(frozen=True, slots=True)
class Query:
    text: str
    kinds: frozenset[EntryKind] | None
    category: str
    target: SearchEntry  # the entry the query was made from


# --- query generation --------------------------------------------------------------------


def edit(rng: random.Random, text: str) -> str:
    """One random typo (substitution, deletion, insertion or transposition), not at a space."""
    spots = [i for i, ch in enumerate(text) if ch != " "]
    if not spots:
        return text
    i = rng.choice(spots)
    op = rng.randrange(4)
    if op == 0:
        return text[:i] + rng.choice(LETTERS) + text[i + 1 :]
    if op == 1 and len(text) > 1:
        return text[:i] + text[i + 1 :]
    if op == 2:
        return text[:i] + rng.choice(LETTERS) + text[i:]
    if i + 1 < len(text) and text[i + 1] != " ":
        return text[:i] + text[i + 1] + text[i] + text[i + 2 :]
    return text[:i] + rng.choice(LETTERS) + text[i + 1 :]


def pick(
    rng: random.Random, by_kind: dict[EntryKind, list[SearchEntry]], kind: EntryKind | None = None
) -> SearchEntry:
    if kind is None:
        kinds = list(KIND_WEIGHTS)
        kind = rng.choices(kinds, weights=[KIND_WEIGHTS[k] for k in kinds])[0]
    return rng.choice(by_kind[kind])


def kinds_for(rng: random.Random, entry: SearchEntry, share: float) -> frozenset[EntryKind] | None:
    """The entry's kind in `share` of the queries (a command option bound to one kind)."""
    return frozenset({entry.kind}) if rng.random() < share else None


def complete_queries(
    rng: random.Random, by_kind: dict[EntryKind, list[SearchEntry]], count: int
) -> list[Query]:
    queries = []
    for _ in range(count):
        entry = pick(rng, by_kind)
        label = fold(entry.label)
        words = label.split()
        category = "label prefix"
        if len(words) > 1 and rng.random() < 0.25:
            start = rng.randrange(1, len(words))
            label = " ".join(words[start:])
            category = "later-word prefix"
        typed = label[: rng.randint(1, 12)].rstrip()
        if len(typed) >= 4 and rng.random() < 0.2:
            typed = edit(rng, typed)
            category = "prefix with typo"
        if rng.random() < 0.3:
            typed = typed.title()  # people type capitals too
        queries.append(Query(typed, kinds_for(rng, entry, 0.5), category, entry))
    return queries


def search_queries(
    rng: random.Random, by_kind: dict[EntryKind, list[SearchEntry]], count: int
) -> list[Query]:
    queries = []
    for n in range(count):
        roll = n % 20
        if roll < 5:
            entry = pick(rng, by_kind)
            text, category = entry.label, "exact label"
        elif roll < 11:
            entry = pick(rng, by_kind)
            text = edit(rng, fold(entry.label))
            if rng.random() < 0.4:
                text = edit(rng, text)
            category = "misspelt label (1-2 edits)"
        elif roll < 15:
            entry = pick(rng, by_kind, EntryKind.PERSON)
            words = entry.label.split()
            cut = rng.randrange(1, len(words)) if len(words) > 1 else 0
            text = " ".join(words[cut:] + words[:cut])
            if rng.random() < 0.3:
                text = edit(rng, fold(text))
            category = "word-swapped name"
        else:
            entry = pick(
                rng, by_kind, rng.choice((EntryKind.PAPER, EntryKind.PAPER, EntryKind.SESSION))
            )
            words = fold(entry.label).split()
            size = min(len(words), rng.randint(2, 5))
            start = rng.randrange(0, len(words) - size + 1)
            text = " ".join(words[start : start + size])
            category = "partial title"
        queries.append(Query(text, kinds_for(rng, entry, 0.2), category, entry))
    return queries


# --- measuring ---------------------------------------------------------------------------


def percentile(values: Sequence[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * p / 100.0
    lo = int(k)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def timed(
    call: Callable[[Query], list[SearchHit]], queries: Sequence[Query]
) -> tuple[list[float], list[float], list[list[SearchHit]]]:
    """Wall-clock (perf_counter) and CPU (thread_time) milliseconds per call, and results.
    On a shared machine the two differ when another process takes the core."""
    gc.collect()
    wall: list[float] = []
    cpu: list[float] = []
    results: list[list[SearchHit]] = []
    for query in track(queries, "queries"):
        start, start_cpu = time.perf_counter(), time.thread_time()
        hits = call(query)
        cpu.append((time.thread_time() - start_cpu) * 1000.0)
        wall.append((time.perf_counter() - start) * 1000.0)
        results.append(hits)
    return wall, cpu, results


def rss_mib() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return float("nan")


def row(name: str, times: Sequence[float], cpu: Sequence[float] = (), target: str = "") -> str:
    cells = [percentile(times, 50), percentile(times, 95), percentile(times, 99), max(times)]
    text = f"{name:<38} {len(times):>5} " + " ".join(f"{c:>7.2f}" for c in cells)
    text += f" {percentile(cpu, 95):>7.2f}" if cpu else " " * 8
    return f"{text}  {target}".rstrip()


def header() -> str:
    cells = ["p50 ms", "p95 ms", "p99 ms", "max ms", "cpu p95"]
    return (
        f"{'operation (wall clock unless cpu)':<38} {'n':>5} "
        + " ".join(f"{c:>7}" for c in cells)
        + "  target"
    )


def target_rank(query: Query, labels: Sequence[str]) -> int | None:
    """1-based rank of the first result with the target's folded label (duplicates such as
    five "Coffee break"s count as the target), or None."""
    wanted = fold(query.target.label)
    for rank, label in enumerate(labels, 1):
        if fold(label) == wanted:
            return rank
    return None


def found_rates(queries: Sequence[Query], ranked: Sequence[Sequence[str]]) -> str:
    ranks = [target_rank(q, labels) for q, labels in zip(queries, ranked, strict=True)]
    total = max(1, len(ranks))
    top1 = sum(r == 1 for r in ranks) / total
    top5 = sum(r is not None and r <= 5 for r in ranks) / total
    return f"top-1 {top1:6.1%}   top-5 {top5:6.1%}"


@dataclass(slots=True)
class Agreement:
    total: int = 0
    agree: int = 0  # the definition
    best_in_top5: int = 0  # (a) alone
    top1_same: int = 0  # our first result has the exhaustive best score
    strict: int = 0  # ids, not scores: exhaustive top-1 id in ours and >= 4 of 5 ids shared
    no_results: int = 0


AGREEMENT_DEFINITION = """\
Agreement of search()'s top 5 with an exhaustive scan, rapidfuzz.process.extract(fold(query),
[fold(label) of every entry of the kinds asked], scorer=fuzz.WRatio, processor=None), both cut
at WRatio < 40. Let s1 and s5 be the scan's best and fifth-best scores. A query agrees when
  (a) our top 5 holds an entry whose WRatio is s1 (the scan's top 1, up to ties), and
  (b) at least min(4, n) of our top 5 have WRatio >= s5 (are in the scan's top 5, up to ties),
      n being how many results the scan has.
Scores rather than ids, because WRatio ties a lot: it gives 85.5 to any label sharing one whole
word with the query whose length is 1.5 to 8 times the query's, so the scan's places 2-5 are
often an arbitrary pick among hundreds of equal entries. The strict, id-based figure (scan's
top-1 id in our top 5 and >= 4 of its 5 ids in ours) is shown for reference."""


def measure_agreement(
    by_kind: dict[EntryKind, list[SearchEntry]],
    queries: Sequence[Query],
    results: Sequence[list[SearchHit]],
) -> tuple[Agreement, list[float], list[str], list[list[str]]]:
    folded = {kind: [fold(e.label) for e in entries] for kind, entries in by_kind.items()}
    figures = Agreement()
    scan_times: list[float] = []
    misses: list[str] = []
    scanned: list[list[str]] = []
    for query, hits in zip(queries, results, strict=True):
        q = fold(query.text)
        kinds = [k for k in EntryKind if query.kinds is None or k in query.kinds]
        labels = [label for k in kinds for label in folded[k]]
        entries = [entry for k in kinds for entry in by_kind[k]]
        start = time.perf_counter()
        scan = process.extract(
            q, labels, scorer=fuzz.WRatio, processor=None, limit=5, score_cutoff=CUTOFF
        )
        scan_times.append((time.perf_counter() - start) * 1000.0)
        scanned.append([entries[j].label for _, _, j in scan])
        figures.total += 1
        if not scan or not hits:
            same = not scan and not hits
            figures.agree += same
            figures.best_in_top5 += same
            figures.top1_same += same
            figures.strict += same
            if not same:
                figures.no_results += not hits
                misses.append(
                    f"  {query.category:<26} {query.text!r}: "
                    f"{len(scan)} scan results, {len(hits)} of ours"
                )
            continue
        s1, s5 = scan[0][1], scan[-1][1]
        top = hits[:5]
        ours = [fuzz.WRatio(q, fold(hit.entry.label)) for hit in top]
        best = any(score >= s1 for score in ours)
        overlap = sum(score >= s5 for score in ours)
        ok = best and overlap >= min(4, len(scan))
        figures.agree += ok
        figures.best_in_top5 += best
        figures.top1_same += ours[0] >= s1
        scan_entries = [entries[j] for _, _, j in scan]
        our_entries = {hit.entry for hit in top}
        shared = sum(entry in our_entries for entry in scan_entries)
        figures.strict += scan_entries[0] in our_entries and shared >= min(4, len(scan))
        if not ok:
            mine = [(fold(h.entry.label)[:40], round(s, 1)) for h, s in zip(top, ours, strict=True)]
            misses.append(
                f"  {query.category:<26} {query.text[:60]!r}\n"
                f"      scan: {[(label[:40], round(score, 1)) for label, score, _ in scan]}\n"
                f"      ours (WRatio): {mine}"
            )
    return figures, scan_times, misses, scanned


def labels_of(hits: Sequence[SearchHit]) -> list[str]:
    return [hit.entry.label for hit in hits]


def entries_by_kind(index: SearchIndex) -> dict[EntryKind, list[SearchEntry]]:
    return {kind: index.entries({kind}) for kind in EntryKind}


# --- main --------------------------------------------------------------------------------


def report_build(seed: int) -> tuple[SearchIndex, dict[EntryKind, list[SearchEntry]]]:
    """Generate the program, build the index (best of 3, memory), print the figures."""
    start = time.perf_counter()
    program: Program = make_program(seed=seed)
    made = time.perf_counter() - start

    gc.collect()
    rss_before = rss_mib()
    start = time.perf_counter()
    index = SearchIndex.build(program)
    builds = [time.perf_counter() - start]
    rss_after = rss_mib()
    for _ in range(2):
        gc.collect()
        start = time.perf_counter()
        SearchIndex.build(program)
        builds.append(time.perf_counter() - start)
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    kept = SearchIndex.build(program)
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del kept

    by_kind = entries_by_kind(index)
    n_papers = sum(len(s.papers) for s in program.sessions)
    print(
        f"Synthetic program (seed {seed}): {len(program.sessions)} sessions, "
        f"{n_papers} papers, {len(by_kind[EntryKind.PERSON])} people, "
        f"{len(by_kind[EntryKind.AFFILIATION])} affiliations -> {len(index)} entries; "
        f"generated in {made:.2f} s"
    )
    print(
        f"Index build: {min(builds):.2f} s best of 3 (first {builds[0]:.2f} s); "
        f"memory kept {(current - base) / 2**20:.1f} MiB, peak {(peak - base) / 2**20:.1f} MiB "
        f"(tracemalloc); RSS +{rss_after - rss_before:.1f} MiB on the first build"
    )
    print()

    return index, by_kind


def report_latency(
    cq: Sequence[Query],
    sq: Sequence[Query],
    complete_times: tuple[list[float], list[float]],
    search_times: tuple[list[float], list[float]],
) -> None:
    """complete() and search() latency, overall and by query category."""
    c_times, c_cpu = complete_times
    s_times, s_cpu = search_times
    print(header())
    print(row("complete() all", c_times, c_cpu, "p95 < 5 ms"))
    for category in sorted({q.category for q in cq}):
        wall = [t for t, q in zip(c_times, cq, strict=True) if q.category == category]
        cpu = [t for t, q in zip(c_cpu, cq, strict=True) if q.category == category]
        print(row(f"  {category}", wall, cpu))
    print(row("search() all", s_times, s_cpu, "p95 < 20 ms"))
    for category in sorted({q.category for q in sq}):
        wall = [t for t, q in zip(s_times, sq, strict=True) if q.category == category]
        cpu = [t for t, q in zip(s_cpu, sq, strict=True) if q.category == category]
        print(row(f"  {category}", wall, cpu))


def report_agreement(
    index: SearchIndex,
    by_kind: dict[EntryKind, list[SearchEntry]],
    sq: Sequence[Query],
    s_results: Sequence[list[SearchHit]],
    checked: int,
    shown_misses: int,
) -> list[list[str]]:
    """search() against an exhaustive WRatio scan over the first `checked` queries."""
    figures, scan_times, misses, scanned = measure_agreement(
        by_kind, sq[:checked], s_results[:checked]
    )
    unfiltered = [t for t, q in zip(scan_times, sq, strict=False) if q.kinds is None]
    print(row(f"exhaustive WRatio, all {len(index)} labels", unfiltered, target="for comparison"))
    print(row("exhaustive WRatio, kinds asked", scan_times))
    print()
    print(AGREEMENT_DEFINITION)
    total = max(1, figures.total)
    print(f"\nAgreement over {figures.total} search() queries:")
    print(f"  agree (a and b)                     {figures.agree / total:7.1%}   target >= 95%")
    print(f"  (a) scan's best in our top 5        {figures.best_in_top5 / total:7.1%}")
    print(f"  our top 1 has the scan's best score {figures.top1_same / total:7.1%}")
    print(f"  strict, by ids                      {figures.strict / total:7.1%}")
    if figures.no_results:
        print(f"  queries with no results from us     {figures.no_results}")
    if misses and shown_misses:
        print(f"\nFirst {min(shown_misses, len(misses))} of {len(misses)} disagreements:")
        for miss in misses[:shown_misses]:
            print(miss)

    return scanned


def report_found(
    cq: Sequence[Query],
    sq: Sequence[Query],
    c_results: Sequence[list[SearchHit]],
    s_results: Sequence[list[SearchHit]],
    scanned: list[list[str]],
    checked: int,
) -> None:
    """Where the entry each query was made from is found."""
    print("\nThe entry a query was made from (or one with the same folded label), found at:")
    ours = [labels_of(hits) for hits in s_results]
    for category in sorted({q.category for q in sq}):
        pairs = [(q, o) for q, o in zip(sq, ours, strict=True) if q.category == category]
        mine = found_rates([q for q, _ in pairs], [o for _, o in pairs])
        print(f"  search() {category:<28} {mine}")
    print(f"  search() {'all':<28} {found_rates(sq, ours)}")
    subset = sq[:checked]
    print(f"  {f'search(), first {checked}':<37} {found_rates(subset, ours[:checked])}")
    print(f"  {f'exhaustive WRatio, same {checked}':<37} {found_rates(subset, scanned)}")
    long_typed = [(q, labels_of(h)) for q, h in zip(cq, c_results, strict=True) if len(q.text) >= 6]
    among = sum(target_rank(q, found) is not None for q, found in long_typed)
    print(
        f"  complete(), typed 6+ characters: among the choices in "
        f"{among / max(1, len(long_typed)):.1%} of {len(long_typed)}"
    )


def report_examples(index: SearchIndex) -> None:
    print("\nRanking examples:")
    examples: list[tuple[str, str, frozenset[EntryKind] | None]] = [
        ("complete", "hel", frozenset({EntryKind.PAPER})),
        ("complete", "bin cui", None),
        ("search", "bin cui", None),
        ("search", "jacob gorm hanson", None),
        ("search", "hanson jacob gorm", None),
        ("search", "ETH", None),
        ("search", "helix", None),
    ]
    for how, text, kinds in examples:
        call = index.complete if how == "complete" else index.search
        hits = call(text, kinds)
        shown = "; ".join(f"{h.entry.label[:48]} ({h.score:.0f})" for h in hits[:3])
        print(f"  {how}({text!r}{', ' + next(iter(kinds)) if kinds else ''}): {shown}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0, help="program and query seed")
    parser.add_argument("--complete", type=int, default=3000, help="complete() queries")
    parser.add_argument("--search", type=int, default=2000, help="search() queries")
    parser.add_argument(
        "--agreement",
        type=int,
        default=800,
        help="search() queries also checked against an exhaustive scan",
    )
    parser.add_argument("--misses", type=int, default=5, help="disagreements to print")
    args = parser.parse_args(argv)
    index, by_kind = report_build(args.seed)
    rng = random.Random(args.seed + 1)
    cq = complete_queries(rng, by_kind, args.complete)
    sq = search_queries(rng, by_kind, args.search)
    # Warm up (first calls allocate caches in rapidfuzz and the interpreter).
    for query in cq[:50]:
        index.complete(query.text, query.kinds)
    for query in sq[:50]:
        index.search(query.text, query.kinds)

    c_times, c_cpu, c_results = timed(lambda q: index.complete(q.text, q.kinds), cq)
    s_times, s_cpu, s_results = timed(lambda q: index.search(q.text, q.kinds), sq)
    report_latency(cq, sq, (c_times, c_cpu), (s_times, s_cpu))
    checked = min(args.agreement, len(sq))
    scanned = report_agreement(index, by_kind, sq, s_results, checked, args.misses)
    report_found(cq, sq, c_results, s_results, scanned, checked)
    report_examples(index)


if __name__ == "__main__":
    main()
