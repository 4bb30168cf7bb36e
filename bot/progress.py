"""Progress for the long command-line steps (`load`, `parse`), on a terminal only.

On a TTY, `steps()` shows a transient bar on stderr: which step is running, how many are done
and the time spent; it is erased when the work ends, so what the command prints is unchanged.
When stderr is not a terminal (a pipe, a file, CI) it shows nothing at all.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

Advance = Callable[[str], None]
"""Call with the name of the step that starts now (the previous one is then done)."""


def _quiet(_step: str) -> None:
    return None


@contextmanager
def steps(names: Sequence[str], *, stream: TextIO | None = None) -> Iterator[Advance]:
    """A bar over `names`, the first already running; yields `advance(next_name)`."""
    out = sys.stderr if stream is None else stream
    if not out.isatty() or not names:
        yield _quiet
        return
    progress = Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeElapsedColumn(),
        console=Console(file=out),
        transient=True,
    )
    with progress:
        task = progress.add_task(names[0], total=len(names))

        def advance(step: str) -> None:
            progress.update(task, advance=1, description=step)

        yield advance
        progress.update(task, completed=len(names))
