"""CI and the pre-commit hooks run the same checks, and CI runs the README's test command."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml", reason="PyYAML is in the test extra: pip install -e '.[test]'")

ROOT = Path(__file__).resolve().parent.parent
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def ci_checks() -> list[str]:
    """The lint/format/type commands of .ci/run, in order (`echo "== ..." && COMMAND`)."""
    return re.findall(r'^echo "== [^"]+" && (\.venv/bin/\S+.*)$', CI, flags=re.MULTILINE)


def readme_test_command() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    [command] = [line for line in readme.splitlines() if line.endswith("-m pytest")]
    return command


def test_ci_runs_ruff_format_and_mypy() -> None:
    assert ci_checks() == [
        ".venv/bin/ruff check",
        ".venv/bin/ruff format --check",
        ".venv/bin/mypy --strict bot",
    ]


def test_ci_checks_before_the_readme_test_command_verbatim() -> None:
    command = readme_test_command()
    assert command in CI.splitlines()
    assert CI.index(ci_checks()[-1]) < CI.rindex(command)
    assert CI.startswith("#!/usr/bin/env bash")
    assert "set -euo pipefail" in CI  # a failing check stops the run


def test_pre_commit_runs_the_same_checks() -> None:
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    entries = [
        hook["entry"].replace(" --force-exclude", "")
        for repo in config["repos"]
        for hook in repo["hooks"]
    ]
    assert entries == ci_checks()
