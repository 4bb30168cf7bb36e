"""Would a linear-chain CRF label program lines better than the rules on layouts it has not seen?

    python -m tests.research.first_seen          # once: the rules' first-seen readings (~1 min)
    python -m tests.research.crf_experiment [--folds K] [--iterations N] [--details]

Every line-read corpus document gets gold labels from its truth file (`aligner`), features
(`line_features`), and the rule parser's reading (`python -m bot parse --explain`). Programs
are split into K folds (grouped: a program's text, page and Markdown source stay together);
a CRF is trained on K-1 folds and labels the held-out one, so every document is labelled by a
model that never saw its program. Labellers scored against the same gold labels:

- `rules`: the rule parser's readings now, note and noise merged into `other`. The rules were
  fixed with every corpus file in view, so on the corpus these readings are in-sample;
- `rules@first`: the readings of the rule parser as it stood just before the document was
  added (`first_seen`): the rules on a layout they had not seen;
- `crf`: a CRF on the layout-independent features alone;
- `crf@first`: the same CRF trained only on the programs added before the document, as the
  rules at first sight had only those to learn from;
- `crf+rules`: a CRF also given the rule parser's reading of each line and its neighbours (a
  CRF that corrects, or breaks the ties of, the rules). Trained with the current readings; on
  the held-out document it is given the current readings (`crf+rules`, which leaks: the rules
  were fixed on that file) and the first-seen ones (`crf+rules@first`, the honest one);
- `rules@first|crf`: the first-seen rule readings, each overruled by the CRF where the rules
  were unsure (confidence below 0.85) and the CRF sure (marginal 0.9 or more): the CRF as a
  tie-breaker of the rules. A grid of other thresholds is printed after it.

The first-seen systems are scored on the lines of the documents added since `--explain`
existed whose text the old parser lexed alike. Needs python-crfsuite (`pip install
python-crfsuite`). Deterministic: a fixed fold split and L-BFGS training, which has no
randomness.
"""

from __future__ import annotations

import argparse
import difflib
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pycrfsuite
from rapidfuzz import fuzz

from bot.parsing.labeller.features import Features, document_features
from bot.parsing.labeller.gold import ALIGNED, Aligner, GoldLabel
from bot.parsing.labeller.labels import LABELS, OTHER
from tests.research import first_seen
from tests.research.documents import Document, filled_lines, load_documents

_SEED = 20261202
_TRAINER_PARAMS = {
    "c1": 0.1,  # L1: drops the features that help no fold
    "c2": 0.05,
    "feature.possible_transitions": True,
}
RULES, RULES_FIRST, CRF, CRF_FIRST, CRF_RULES, CRF_RULES_FIRST = (
    "rules",
    "rules@first",
    "crf",
    "crf@first",
    "crf+rules",
    "crf+rules@first",
)
SYSTEMS = (RULES, CRF, CRF_RULES)
RULES_GATED = "rules@first|crf"
FIRST_SYSTEMS = (RULES, RULES_FIRST, CRF, CRF_FIRST, CRF_RULES, CRF_RULES_FIRST, RULES_GATED)
_SAME_LINE = 85  # how alike (rapidfuzz ratio) an old parser's line must be to count as the same


@dataclass
class Sample:
    document: Document
    gold: list[GoldLabel]
    features: list[Features]
    rules: list[str]
    rule_confidence: list[float]
    # The rules' first-seen reading of each line (None: the old parser lexed it otherwise),
    # and when the document was added (commit time); None for the development programs.
    first: list[str | None] | None = None
    first_confidence: list[float] = field(default_factory=list)
    added: int | None = None
    crf_sure: list[float] = field(default_factory=list)  # the held-out CRF's marginal per line


def _rule_label(label: str | None) -> str:
    return OTHER if label in (None, "note", "noise") else label


def make_sample(document: Document) -> Sample:
    lines = filled_lines(document)
    return Sample(
        document,
        Aligner(document.truth).labels(lines),
        document_features(document.lines),
        [_rule_label(document.rule_labels.get(line.number)) for line in lines],
        [document.rule_confidence.get(line.number, 0.0) for line in lines],
    )


def line_mapping(current: Sequence[str], old: Sequence[str]) -> list[int | None]:
    """For each current line, the old parser's line with the same text (or nearly), if any."""
    mapped: list[int | None] = [None] * len(current)
    matcher = difflib.SequenceMatcher(None, current, old, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            for k in range(i2 - i1):
                mapped[i1 + k] = j1 + k
        elif tag == "replace":
            for i in range(i1, i2):
                best = max(range(j1, j2), key=lambda j: fuzz.ratio(current[i], old[j]))
                if fuzz.ratio(current[i], old[best]) >= _SAME_LINE:
                    mapped[i] = best
    return mapped


def _commit_time(commit: str) -> int:
    out = subprocess.run(
        [first_seen.GIT, "-C", str(first_seen.ROOT), "log", "-1", "--format=%ct", commit],
        check=True,
        capture_output=True,
        text=True,
    )
    return int(out.stdout.strip())


def attach_first_seen(samples: Sequence[Sample]) -> bool:
    """Give each sample its first-seen readings, where `first_seen` has stored them."""
    stored = first_seen.load()
    if stored is None:
        return False
    times: dict[str, int] = {}
    for sample in samples:
        entry = stored.get(sample.document.name)
        if entry is None or entry["lines"] is None:
            continue
        old = entry["lines"]
        current = [line.text for line in filled_lines(sample.document)]
        mapped = line_mapping(current, [row[1] for row in old])
        sample.first = [None if j is None else _rule_label(old[j][2]) for j in mapped]
        sample.first_confidence = [0.0 if j is None else float(old[j][3]) for j in mapped]
        commit = str(entry["commit"])
        sample.added = times.setdefault(commit, _commit_time(commit))
    return True


def with_rule_features(
    sample: Sample, readings: Sequence[str | None] | None = None
) -> list[Features]:
    """The sample's features, and a rule parser's reading of the line and its neighbours
    (`readings`, the current rules' by default)."""
    labels = [OTHER if r is None else r for r in (readings or sample.rules)]
    confidence = sample.first_confidence if readings is not None else sample.rule_confidence
    out: list[Features] = []
    for i, features in enumerate(sample.features):
        extra = dict(features)
        sure = "sure" if confidence[i] >= 0.85 else "unsure"
        extra[f"rule={labels[i]}"] = 1.0
        extra[f"rule={labels[i]}|{sure}"] = 1.0
        for offset in (-1, 1):
            j = i + offset
            if 0 <= j < len(labels):
                extra[f"{offset}:rule={labels[j]}"] = 1.0
        out.append(extra)
    return out


def folds_of(samples: Sequence[Sample], k: int) -> list[int]:
    """The fold of each sample: programs shuffled with a fixed seed, then dealt round."""
    groups = sorted({s.document.group for s in samples})
    random.Random(_SEED).shuffle(groups)
    fold_of_group = {group: n % k for n, group in enumerate(groups)}
    return [fold_of_group[s.document.group] for s in samples]


def train_and_tag(
    train: Sequence[tuple[list[Features], list[str]]],
    tests: Sequence[Sequence[list[Features]]],
    iterations: int,
) -> list[list[tuple[list[str], list[float]]]]:
    """Train a CRF on `train`; its labels for each sequence of each of `tests`, each with its
    marginal probability."""
    trainer = pycrfsuite.Trainer(verbose=False)
    for features, labels in train:
        trainer.append(features, labels)
    trainer.set_params({**_TRAINER_PARAMS, "max_iterations": iterations})
    with tempfile.TemporaryDirectory() as folder:
        model = str(Path(folder) / "lines.crfsuite")
        trainer.train(model)
        tagger = pycrfsuite.Tagger()
        tagger.open(model)
        tagged = [[_tag(tagger, features) for features in test] for test in tests]
        tagger.close()
    return tagged


def _tag(tagger: pycrfsuite.Tagger, features: list[Features]) -> tuple[list[str], list[float]]:
    labels = list(tagger.tag(features))
    return labels, [tagger.marginal(label, t) for t, label in enumerate(labels)]


def _plain(sample: Sample) -> list[Features]:
    return sample.features


def _training(
    samples: Sequence[Sample], kept: Sequence[int], featurise: Callable[[Sample], list[Features]]
) -> list[tuple[list[Features], list[str]]]:
    return [(featurise(samples[i]), [g.label for g in samples[i].gold]) for i in kept]


def cross_validate(
    samples: Sequence[Sample], k: int, iterations: int
) -> tuple[dict[str, list[list[str]]], list[float]]:
    """Each system's labels for every sample, and the seconds each fold's trainings took."""
    folds = folds_of(samples, k)
    predicted: dict[str, list[list[str]]] = {
        RULES: [s.rules for s in samples],
        CRF: [[] for _ in samples],
        CRF_RULES: [[] for _ in samples],
        CRF_RULES_FIRST: [[] for _ in samples],
    }
    seconds: list[float] = []
    for fold in range(k):
        held = [i for i, f in enumerate(folds) if f == fold]
        kept = [i for i, f in enumerate(folds) if f != fold]
        if not held:
            continue
        started = time.perf_counter()
        (plain,) = train_and_tag(
            _training(samples, kept, _plain), [[samples[i].features for i in held]], iterations
        )
        now, then = train_and_tag(
            _training(samples, kept, with_rule_features),
            [
                [with_rule_features(samples[i]) for i in held],
                [with_rule_features(samples[i], samples[i].first) for i in held],
            ],
            iterations,
        )
        for n, i in enumerate(held):
            predicted[CRF][i], samples[i].crf_sure = plain[n]
            predicted[CRF_RULES][i] = now[n][0]
            predicted[CRF_RULES_FIRST][i] = then[n][0]
        seconds.append(time.perf_counter() - started)
        print(f"fold {fold}: {len(held)} documents held out, {seconds[-1]:.1f}s", file=sys.stderr)
    return predicted, seconds


def crf_at_first_sight(samples: Sequence[Sample], iterations: int) -> list[list[str] | None]:
    """Each first-seen document labelled by a CRF trained only on the programs that were in
    the corpus before it (the development programs and every document added earlier, less
    its own program's other files)."""
    labelled: list[list[str] | None] = [None] * len(samples)
    by_time: dict[int, list[int]] = defaultdict(list)
    for i, sample in enumerate(samples):
        if sample.added is not None and sample.first is not None:
            by_time[sample.added].append(i)
    for added, held in sorted(by_time.items()):
        groups = {samples[i].document.group for i in held}
        kept = [
            i
            for i, s in enumerate(samples)
            if (s.added is None or s.added < added) and s.document.group not in groups
        ]
        (tagged,) = train_and_tag(
            _training(samples, kept, _plain), [[samples[i].features for i in held]], iterations
        )
        for n, i in enumerate(held):
            labelled[i] = tagged[n][0]
    return labelled


# A rule reading less sure than this may be overruled by the CRF (the builder gives 0.9 and
# more to what its rules decide, less to what it falls back to), and only by a CRF label of at
# least this marginal probability. Chosen before the gate was scored, not fitted to it.
_GATE_RULE_CONFIDENCE = 0.85
_GATE_CRF_MARGINAL = 0.9


def gated(
    sample: Sample, crf: Sequence[str], rule_below: float, crf_above: float
) -> list[str | None]:
    """The first-seen rule readings, each overruled by the CRF where the rules were unsure
    and the CRF sure: the CRF as a tie-breaker of the rules."""
    assert sample.first is not None
    return [
        label if label is None or not (sure < rule_below and crf_sure >= crf_above) else crf[i]
        for i, (label, sure, crf_sure) in enumerate(
            zip(sample.first, sample.first_confidence, sample.crf_sure, strict=True)
        )
    ]


def _print_gate_grid(samples: Sequence[Sample], predicted: Predicted) -> None:
    print("\n## Tie-breaker grid: rules@first overruled by crf (line accuracy, first-seen lines)")
    marginals = (0.0, 0.8, 0.9, 0.95)
    print("rule conf <  " + "".join(f" crf>={m:<5}" for m in marginals))
    for below in (0.6, 0.8, 0.85, 0.95, 1.01):
        cells = []
        for above in marginals:
            tally = Tally()
            for i, sample in enumerate(samples):
                if sample.first is not None:
                    labels = gated(sample, predicted[CRF][i], below, above)
                    tally.add(accuracy(sample, labels, first_seen_line))
            cells.append(f" {tally.share:9.3f}")
        print(f"{below:<12}" + "".join(cells))


# -- scoring --
def effective_gold(gold: GoldLabel, predicted: str) -> str:
    """The gold label a prediction is judged against: the prediction itself where the gold
    label accepts it (a line that is both a session's and its talk's title), else the gold."""
    return predicted if gold.accepts(predicted) else gold.label


# Which lines of a sample are scored: all, the aligned ones, or those of the first-seen subset.
Mask = Callable[[Sample, int], bool]


def every_line(sample: Sample, i: int) -> bool:
    return True


def aligned_line(sample: Sample, i: int) -> bool:
    return sample.gold[i].how == ALIGNED


def first_seen_line(sample: Sample, i: int) -> bool:
    return sample.first is not None and sample.first[i] is not None


@dataclass
class Tally:
    right: int = 0
    total: int = 0

    @property
    def share(self) -> float:
        return self.right / self.total if self.total else 0.0

    def add(self, other: Tally) -> None:
        self.right += other.right
        self.total += other.total


def accuracy(sample: Sample, labels: Sequence[str | None] | None, mask: Mask = every_line) -> Tally:
    tally = Tally()
    if labels is None:
        labels = [None] * len(sample.gold)
    for i, (gold, label) in enumerate(zip(sample.gold, labels, strict=True)):
        if mask(sample, i):
            tally.total += 1
            tally.right += label is not None and gold.accepts(label)
    return tally


def per_label(
    samples: Sequence[Sample], labels: Sequence[Sequence[str | None] | None], mask: Mask
) -> dict[str, tuple[float, float, float, int]]:
    """Per label: (precision, recall, F1, gold support)."""
    true_positive: Counter[str] = Counter()
    predicted_count: Counter[str] = Counter()
    gold_count: Counter[str] = Counter()
    for sample, predicted in zip(samples, labels, strict=True):
        if predicted is None:
            continue
        for i, (gold, label) in enumerate(zip(sample.gold, predicted, strict=True)):
            if not mask(sample, i) or label is None:
                continue
            truth = effective_gold(gold, label)
            gold_count[truth] += 1
            predicted_count[label] += 1
            true_positive[label] += truth == label
    rows = {}
    for label in LABELS:
        p = true_positive[label] / predicted_count[label] if predicted_count[label] else 0.0
        r = true_positive[label] / gold_count[label] if gold_count[label] else 0.0
        f = 2 * p * r / (p + r) if p + r else 0.0
        rows[label] = (p, r, f, gold_count[label])
    return rows


Predicted = dict[str, list[list[str]]]


def _chosen(samples: Sequence[Sample], mask: Mask) -> list[int]:
    return [i for i, s in enumerate(samples) if any(mask(s, k) for k in range(len(s.gold)))]


def _print_alignment(samples: Sequence[Sample]) -> None:
    how = Counter(g.how for s in samples for g in s.gold)
    labels = Counter(g.label for s in samples for g in s.gold)
    total = sum(how.values())
    programs = len({s.document.group for s in samples})
    print(
        f"\n## Gold labels: {total} filled lines in {len(samples)} documents ({programs} programs)"
    )
    for name, count in how.most_common():
        print(f"  {name:11s} {count:6d}  {count / total:6.1%}")
    print("  by label: " + ", ".join(f"{label} {n}" for label, n in labels.most_common()))


def _print_overall(
    samples: Sequence[Sample], predicted: Predicted, systems: Sequence[str], mask: Mask
) -> None:
    chosen = _chosen(samples, mask)
    print(f"{'system':16s} {'lines':>7s} {'aligned':>8s} {'doc mean':>9s} {'prog mean':>10s}")
    for system in systems:
        every, aligned = Tally(), Tally()
        per_doc: list[float] = []
        per_group: dict[str, list[float]] = defaultdict(list)
        for i in chosen:
            sample, labels = samples[i], predicted[system][i]
            one = accuracy(sample, labels, mask)
            every.add(one)
            every_aligned = accuracy(sample, labels, lambda s, k: mask(s, k) and aligned_line(s, k))
            aligned.add(every_aligned)
            per_doc.append(one.share)
            per_group[sample.document.group].append(one.share)
        group_mean = sum(sum(v) / len(v) for v in per_group.values()) / len(per_group)
        print(
            f"{system:16s} {every.share:7.3f} {aligned.share:8.3f} "
            f"{sum(per_doc) / len(per_doc):9.3f} {group_mean:10.3f}"
        )
    print(f"({every.total} lines, {aligned.total} aligned, {len(chosen)} documents)")


def _print_labels(
    samples: Sequence[Sample], predicted: Predicted, systems: Sequence[str], mask: Mask
) -> None:
    tables = {s: per_label(samples, predicted[s], mask) for s in systems}
    head = "".join(f" {s:>16s}" for s in systems)
    print(f"{'label':18s} {'gold':>5s}{head}")
    for label in LABELS:
        support = tables[systems[0]][label][3]
        cells = "".join(
            " {:.2f}/{:.2f}/{:.2f}".format(*tables[s][label][:3]).rjust(17) for s in systems
        )
        print(f"{label:18s} {support:5d}{cells}")


def _print_files(
    samples: Sequence[Sample],
    predicted: Predicted,
    systems: Sequence[str],
    mask: Mask,
    base: str,
    rival: str,
) -> None:
    rows = []
    for i in _chosen(samples, mask):
        shares = {s: accuracy(samples[i], predicted[s][i], mask).share for s in systems}
        rows.append((samples[i].document.name, len(samples[i].gold), shares))
    rows.sort(key=lambda r: r[2][rival] - r[2][base])
    print(f"{'document':46s} {'lines':>5s}" + "".join(f" {s[:15]:>15s}" for s in systems))
    for name, count, shares in rows:
        print(f"{name:46s} {count:5d}" + "".join(f" {shares[s]:15.2f}" for s in systems))
    for system in systems:
        if system == base:
            continue
        wins = sum(1 for *_, s in rows if s[system] > s[base] + 0.05)
        losses = sum(1 for *_, s in rows if s[system] < s[base] - 0.05)
        print(f"{system} vs {base}: better by >5 points on {wins} documents, worse on {losses}")


def _print_confusions(
    samples: Sequence[Sample], predicted: Predicted, systems: Sequence[str], mask: Mask
) -> None:
    for system in systems:
        errors: Counter[tuple[str, str]] = Counter()
        for sample, labels in zip(samples, predicted[system], strict=True):
            if labels is None:
                continue
            for i, (gold, label) in enumerate(zip(sample.gold, labels, strict=True)):
                if mask(sample, i) and label is not None and not gold.accepts(label):
                    errors[(gold.label, label)] += 1
        top = ", ".join(f"{g}->{p} {n}" for (g, p), n in errors.most_common(8))
        print(f"{system}: {top}")


def _report(
    title: str,
    samples: Sequence[Sample],
    predicted: Predicted,
    systems: Sequence[str],
    mask: Mask,
    details: bool,
    base: str,
) -> None:
    print(f"\n# {title}\n\n## Line accuracy")
    _print_overall(samples, predicted, systems, mask)
    print("\n## Per label, all scored lines: precision/recall/F1")
    _print_labels(samples, predicted, systems, mask)
    print("\n## Per label, aligned lines only")
    _print_labels(samples, predicted, systems, lambda s, k: mask(s, k) and aligned_line(s, k))
    print("\n## Most frequent errors (gold->predicted)")
    _print_confusions(samples, predicted, systems, mask)
    if details:
        print(f"\n## Per document accuracy, sorted by crf's gain over {base}")
        _print_files(samples, predicted, systems, mask, base, CRF)


def _dump(path: Path, samples: Sequence[Sample], predicted: Predicted) -> None:
    """Every line: document, number, gold label and how it was found, each system's label, text."""
    systems = [s for s in FIRST_SYSTEMS if s in predicted]
    rows = ["\t".join(["document", "line", "gold", "how", *systems, "text"])]
    for i, sample in enumerate(samples):
        lines = filled_lines(sample.document)
        for k, (line, gold) in enumerate(zip(lines, sample.gold, strict=True)):
            labels = [
                (predicted[s][i][k] if predicted[s][i] is not None else None) or "-"
                for s in systems
            ]
            row = [sample.document.name, str(line.number), gold.label, gold.how, *labels]
            rows.append("\t".join([*row, line.text.replace("\t", " | ")]))
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--folds", type=int, default=10)
    parser.add_argument("--iterations", type=int, default=150)
    parser.add_argument("--details", action="store_true", help="print every document's figures")
    parser.add_argument("--dump", type=Path, help="write every line's labels to this TSV file")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    samples = [make_sample(d) for d in load_documents()]
    has_first = attach_first_seen(samples)
    prepared = time.perf_counter() - started
    predicted, seconds = cross_validate(samples, args.folds, args.iterations)
    _print_alignment(samples)
    _report(
        f"{args.folds}-fold, grouped by program: every line-read document",
        samples,
        predicted,
        SYSTEMS,
        every_line,
        args.details,
        RULES,
    )
    if has_first:
        predicted[RULES_FIRST] = [s.first or [None] * len(s.gold) for s in samples]  # type: ignore[misc]
        then = time.perf_counter()
        predicted[CRF_FIRST] = crf_at_first_sight(samples, args.iterations)  # type: ignore[assignment]
        print(f"crf@first: {time.perf_counter() - then:.1f}s", file=sys.stderr)
        predicted[RULES_GATED] = [  # type: ignore[assignment]
            None
            if s.first is None
            else gated(s, predicted[CRF][i], _GATE_RULE_CONFIDENCE, _GATE_CRF_MARGINAL)
            for i, s in enumerate(samples)
        ]
        _report(
            "Documents added since --explain, lines the old parser lexed alike: "
            "rules at first sight vs the CRF",
            samples,
            predicted,
            FIRST_SYSTEMS,
            first_seen_line,
            args.details,
            RULES_FIRST,
        )
        _print_gate_grid(samples, predicted)
    else:
        print("\n(no first-seen readings: run `python -m tests.research.first_seen` first)")
    if args.dump:
        _dump(args.dump, samples, predicted)
    print(
        f"\nloading, aligning and featurising: {prepared:.1f}s; training two CRFs per fold "
        f"(plain, with rule features): {sum(seconds):.1f}s over {len(seconds)} folds "
        f"({sum(seconds) / len(seconds):.1f}s each)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
