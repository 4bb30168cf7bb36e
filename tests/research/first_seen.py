"""The rule parser's readings of each corpus document as it stood before the document was added:
its first-seen readings, the fair rival of a labeller tested on programs it never saw.

    python -m tests.research.first_seen      # writes var/research/first_seen.json

For each line-read document, the commit that added the document's file is found; its parent is
checked out (a detached worktree under a temporary folder, removed after), and
`old_readings.py` reads the current file with that parser. Documents added before
`--explain` existed (the development programs) have no first-seen readings. The rules were
fixed with each file in view after that, so the current readings of a corpus file are
in-sample, and these are not.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

from tests.parsing.corpus import DATA, ENTRIES

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / "var" / "research" / "first_seen.json"
_EXPLAIN_ADDED = "f4e6089"  # the commit that gave the builder its per-line readings
GIT = shutil.which("git") or "git"


def _git(*args: str) -> str:
    return subprocess.run(
        [GIT, "-C", str(ROOT), *args], check=True, capture_output=True, text=True
    ).stdout.strip()


def _adding_parent(path: Path) -> str | None:
    """The parent of the commit that added `path`, if that parent can explain lines."""
    added = _git("log", "--diff-filter=A", "--format=%H", "--", str(path)).splitlines()
    if not added:
        return None
    try:
        parent = _git("rev-parse", f"{added[-1]}^")  # the first commit has no parent
        _git("merge-base", "--is-ancestor", _EXPLAIN_ADDED, parent)
    except subprocess.CalledProcessError:
        return None
    return parent


def collect() -> dict[str, dict[str, object]]:
    jobs: dict[str, list[list[object]]] = defaultdict(list)
    for entry in ENTRIES:
        if not entry.name.endswith((".txt", ".html", ".md")):
            continue
        parent = _adding_parent(entry.path)
        if parent is not None:
            jobs[parent].append([entry.name, str(DATA / entry.name), entry.timezone, entry.year])
    found: dict[str, dict[str, object]] = {}
    script = Path(__file__).with_name("old_readings.py")
    with tempfile.TemporaryDirectory(prefix="crf-first-seen-") as folder:
        for n, (parent, batch) in enumerate(sorted(jobs.items())):
            checkout = Path(folder) / parent[:10]
            _git("worktree", "add", "--detach", str(checkout), parent)
            try:
                jobs_file, out_file = Path(folder) / "jobs.json", Path(folder) / "out.json"
                jobs_file.write_text(json.dumps(batch), encoding="utf-8")
                subprocess.run(
                    [sys.executable, str(script), str(jobs_file), str(out_file)],
                    check=True,
                    cwd=checkout,
                    env={"PYTHONPATH": str(checkout), "PATH": "/usr/bin:/bin"},
                )
                for name, lines in json.loads(out_file.read_text(encoding="utf-8")).items():
                    found[name] = {"commit": parent, "lines": lines}
            finally:
                _git("worktree", "remove", "--force", str(checkout))
            print(f"{n + 1}/{len(jobs)} {parent[:10]}: {len(batch)} documents", file=sys.stderr)
    return found


def load() -> dict[str, dict[str, object]] | None:
    if not CACHE.exists():
        return None
    loaded: dict[str, dict[str, object]] = json.loads(CACHE.read_text(encoding="utf-8"))
    return loaded


def main() -> int:
    found = collect()
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    CACHE.write_text(json.dumps(found), encoding="utf-8")
    print(f"{len(found)} documents' first-seen readings in {CACHE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
