"""The shipped CLDR calendar names are what `tests.parsing.cldr_names` writes from Babel."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.parsing import calendar_names

babel = pytest.importorskip(
    "babel", reason="Babel (a test dependency) is needed to regenerate the CLDR calendar names"
)


def test_the_shipped_names_are_a_fresh_generation() -> None:
    from tests.parsing import cldr_names

    shipped = Path(calendar_names.__file__).read_text(encoding="utf-8")
    assert shipped == cldr_names.render(), (
        "bot/parsing/calendar_names.py is stale: run python -m tests.parsing.cldr_names"
    )
