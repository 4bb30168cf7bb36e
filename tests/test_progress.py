"""The CLI's progress bar: drawn on a terminal, silent otherwise."""

from __future__ import annotations

import io

from bot.progress import steps


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_nothing_is_shown_when_not_on_a_terminal() -> None:
    stream = io.StringIO()
    with steps(["parsing", "storing"], stream=stream) as advance:
        advance("storing")
    assert stream.getvalue() == ""


def test_a_terminal_gets_the_steps() -> None:
    terminal = Terminal()
    with steps(["parsing big.txt", "storing and indexing"], stream=terminal) as advance:
        advance("storing and indexing")
    shown = terminal.getvalue()
    assert "parsing big.txt" in shown
    assert "0/2" in shown
    assert "storing and indexing" in shown
    assert "2/2" in shown
    assert shown.endswith("\x1b[2K")  # transient: the bar is erased at the end
