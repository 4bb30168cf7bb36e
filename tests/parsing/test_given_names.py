"""The shipped given names are what `tests.parsing.given_names` writes from names-dataset."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.parsing import given_names

names_dataset = pytest.importorskip(
    "names_dataset",
    reason="names-dataset (a test dependency) is needed to regenerate the given names",
)


def test_the_shipped_names_are_a_fresh_generation() -> None:
    from tests.parsing import given_names as generator

    shipped = Path(given_names.__file__).read_text(encoding="utf-8")
    assert shipped == generator.render(), (
        "bot/parsing/given_names.py is stale (a new corpus file may print one of its names in "
        "lowercase): run python -m tests.parsing.given_names"
    )


def test_program_words_are_no_given_names() -> None:
    for word in ("Welcome", "Lunch", "Monday", "Georgia", "Will", "Mark", "Data", "Grant"):
        assert word not in given_names.GIVEN_NAMES
    for name in ("Olivia", "Anouk", "Fabien", "Ольга"):
        assert name in given_names.GIVEN_NAMES
