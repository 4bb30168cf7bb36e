"""Benchmark: the service layer answering the interaction bench's requests, without Discord.

    .venv/bin/python -m tests.bench.bench_answers [--count 2000] [--seed 5] [--rounds 2]

The NeurIPS-scale synthetic program's catalog, and `CommandRunner` (no answer memo) running the
same realistic mix `tests.bench.bench_interactions` sends: commands and autocompletes with
partial titles, misspelt names and typed prefixes. Prints the mean time per request and per
command, so the bot's own share of an interaction's CPU is seen apart from discord.py's and the
fake's. Figures only; nothing here asserts.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, defaultdict

from bot.clock import FrozenClock
from bot.errors import UserError
from bot.services.catalog import build_catalog
from bot.services.commands import CommandRunner
from bot.services.queries import Queries
from tests.bench.bench_interactions import requests_for
from tests.bench.synthetic import make_program


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    program = make_program()
    catalog = build_catalog("bench", program)
    first = min(s.start for s in program.sessions if s.start)
    runner = CommandRunner(Queries(lambda: catalog, FrozenClock(first)))
    requests = requests_for(program, args.count, args.seed)
    for round_ in range(1, args.rounds + 1):
        spent: defaultdict[str, float] = defaultdict(float)
        seen: Counter[str] = Counter()
        for request in requests:
            began = time.perf_counter()
            try:
                if request.kind == "command":
                    runner.run(request.command, request.options)
                else:
                    assert request.focused is not None
                    runner.complete(
                        request.command, request.focused, request.options[request.focused]
                    )
            except UserError:
                pass  # a not-found answer costs its search all the same
            spent[request.label] += time.perf_counter() - began
            seen[request.label] += 1
        total = sum(spent.values())
        print(f"round {round_}: {total / len(requests) * 1000:.3f} ms per request")
        for label in sorted(spent, key=lambda k: -spent[k]):
            print(
                f"  {label:<28} n={seen[label]:>5} mean {spent[label] / seen[label] * 1000:.3f} ms"
                f"  share {spent[label] / total:.0%}"
            )


if __name__ == "__main__":
    main()
