"""Compare the parse time of two source trees on the synthetic NeurIPS-scale program, by ratio.

    .venv/bin/python -m tests.bench.compare_parse BASE_TREE [--rounds 7] [--seed 0]

    (BASE_TREE holds the `bot` and `tests` folders of the older code, e.g. made with
    `git archive main bot tests | tar -x -C /tmp/base`; the newer code is this tree.)

On a shared machine the absolute times of two runs made minutes apart say little: other work
slows one and not the other. So each tree parses in its own long-lived process and the two take
turns, one cold parse each per round (the author-line caches cleared, as `bench_parse` does),
timed by `time.process_time`; the order alternates between rounds. Printed: each round's times
and ratio (old / new, above 1 when the new code is faster), and the median of the ratios.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

# Runs inside each tree: parse once to warm up, then one timed cold parse per line read.
_WORKER = """
import sys, time
from bot.parsing import ParseOptions
from bot.parsing.detect import decode_program, parse_program
from tests.bench.bench_parse import _forget_author_lines, render_program_text
from tests.bench.synthetic import make_program
program = make_program(seed=int(sys.argv[1]))
data = render_program_text(program).encode("utf-8")
options = ParseOptions(
    timezone=program.conference.timezone, year=program.conference.year, source="synthetic.txt"
)
parse_program(decode_program(data, "synthetic"), options)
print("ready", flush=True)
for _ in sys.stdin:
    _forget_author_lines()
    began = time.process_time()
    parse_program(decode_program(data, "synthetic"), options)
    print(time.process_time() - began, flush=True)
"""


class _Worker:
    def __init__(self, tree: Path, seed: int) -> None:
        env = dict(os.environ, PYTHONPATH=str(tree))
        self.process = subprocess.Popen(
            [sys.executable, "-c", _WORKER, str(seed)],
            cwd=tree,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.stdin, self.stdout = self.process.stdin, self.process.stdout
        if self.stdout.readline().strip() != "ready":
            raise SystemExit(f"the parser in {tree} did not start")

    def parse(self) -> float:
        self.stdin.write("parse\n")
        self.stdin.flush()
        return float(self.stdout.readline())

    def close(self) -> None:
        self.stdin.close()
        self.process.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.compare_parse")
    parser.add_argument("base", type=Path, help="the tree of the older code")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=0, help="seed of the synthetic program")
    args = parser.parse_args(argv)
    old, new = _Worker(args.base.resolve(), args.seed), _Worker(Path.cwd(), args.seed)
    olds, news, ratios = [], [], []
    for round_ in range(args.rounds):
        if round_ % 2:
            new_time, old_time = new.parse(), old.parse()
        else:
            old_time, new_time = old.parse(), new.parse()
        olds.append(old_time)
        news.append(new_time)
        ratios.append(old_time / new_time)
        print(f"round {round_}: old {old_time:.3f} s, new {new_time:.3f} s, ratio {ratios[-1]:.3f}")
    print(
        f"median old {statistics.median(olds):.3f} s, new {statistics.median(news):.3f} s; "
        f"median ratio old/new {statistics.median(ratios):.3f} "
        f"(minimums {min(olds):.3f} s / {min(news):.3f} s = {min(olds) / min(news):.3f})"
    )
    old.close()
    new.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
