"""Progress bars for the benchmarks, on a terminal only: on stderr, erased when done, so the
figures printed on stdout read the same; nothing at all when stderr is not a TTY."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

T = TypeVar("T")


def _bar() -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(file=sys.stderr),
        transient=True,
    )


def track(items: Iterable[T], description: str, total: int | None = None) -> Iterator[T]:
    """`items`, one by one, with a bar on a terminal."""
    if not sys.stderr.isatty():
        yield from items
        return
    with _bar() as bar:
        yield from bar.track(items, total=total, description=description)


@contextmanager
def counter(description: str, total: int) -> Iterator[Callable[[int], None]]:
    """A bar for work counted from outside; yields `done(how_many_so_far)`."""
    if not sys.stderr.isatty():
        yield lambda _completed: None
        return
    with _bar() as bar:
        task = bar.add_task(description, total=total)
        yield lambda completed: bar.update(task, completed=completed)
