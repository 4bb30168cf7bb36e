"""`python -m bot db current | upgrade`: the schema's revision, and upgrading it in place."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.storage.migrate import head_revision
from tests.cli import Completed
from tests.cli import run_bot as run_in_process


def run_bot(tmp_path: Path, *args: str, **env: str) -> Completed:
    return run_in_process(*args, env={"DATA_DIR": str(tmp_path / "data"), **env}, cwd=tmp_path)


def test_db_reports_the_revision_and_upgrades_an_empty_database_once(tmp_path: Path) -> None:
    head = head_revision()
    empty = run_bot(tmp_path, "db", "current")
    assert empty.returncode == 0, empty.stderr
    assert empty.stdout.strip().endswith(f"revision none (needs upgrade to {head})")
    upgraded = run_bot(tmp_path, "db", "upgrade")
    assert upgraded.stdout.strip().endswith(f"upgraded empty -> {head}"), upgraded.stderr
    assert run_bot(tmp_path, "db", "upgrade").stdout.strip().endswith(f"already at {head}")
    assert run_bot(tmp_path, "db", "current").stdout.strip().endswith("(up to date)")


def test_a_failed_upgrade_names_the_database_and_is_no_traceback(tmp_path: Path) -> None:
    # A database made before migrations existed: its tables are there, its revision is not.
    database = tmp_path / "old.sqlite"
    with sqlite3.connect(database) as connection:
        connection.execute("CREATE TABLE sessions (id TEXT PRIMARY KEY)")
    failed = run_bot(tmp_path, "db", "upgrade", DATABASE_URL=f"sqlite+aiosqlite:///{database}")
    assert failed.returncode == 1
    assert "old.sqlite: the upgrade failed and was rolled back" in failed.stderr
    assert "Traceback" not in failed.stderr
