"""Run `python -m bot …` inside the test process: the same entry point (`bot.cli.main`), with
the arguments, environment, working directory and standard input a subprocess would get.

A fresh interpreter per command spends a second or more importing before it answers; the
command-line tests run dozens of commands. `test_console.py` keeps one real `python -m bot`
process, so the module entry point itself stays covered.
"""

from __future__ import annotations

import io
import logging
import os
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from bot.cli import main


@dataclass(frozen=True)
class Completed:
    """What a finished command left: its exit code and what it wrote."""

    returncode: int
    stdout_bytes: bytes
    stderr: str

    @property
    def stdout(self) -> str:
        return self.stdout_bytes.decode("utf-8")


def _stream() -> io.TextIOWrapper:
    # A text stream over bytes, as a process's stdout is: `ics` writes to its `.buffer`.
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", write_through=True)


@contextmanager
def _as_a_process(env: Mapping[str, str], cwd: Path, stdin: str) -> Iterator[None]:
    """Only `env` in the environment, `cwd` as the working directory (so no stray `.env`),
    `stdin` as standard input; logging handlers the command installs are taken away after."""
    saved_env, saved_cwd, saved_stdin = dict(os.environ), Path.cwd(), sys.stdin
    root = logging.getLogger()
    saved_handlers, saved_level = list(root.handlers), root.level
    os.environ.clear()
    os.environ.update(env)
    os.chdir(cwd)
    sys.stdin = io.StringIO(stdin)
    try:
        yield
    finally:
        sys.stdin = saved_stdin
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)
        root.handlers[:] = saved_handlers
        root.setLevel(saved_level)


def run_bot(*args: str, env: Mapping[str, str], cwd: Path, stdin: str = "") -> Completed:
    """`python -m bot ARGS` with `env` as its whole environment, run in `cwd`."""
    out, err = _stream(), _stream()
    with _as_a_process(env, cwd, stdin), redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exit_:  # argparse's usage errors
            code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
    assert isinstance(out.buffer, io.BytesIO)
    assert isinstance(err.buffer, io.BytesIO)
    return Completed(code, out.buffer.getvalue(), err.buffer.getvalue().decode("utf-8"))
