"""The prefix-tree alternation matches exactly what the plain alternation of its words matches."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.parsing.timeexpr import MONTHS, WEEKDAYS
from bot.parsing.wordtrie import first_characters, word_alternation

_LETTERS = "abcdeéß-. "


def _plain(words: list[str]) -> re.Pattern[str]:
    return re.compile(
        r"\b(?:" + "|".join(map(re.escape, sorted(words, key=len, reverse=True))) + r")\b", re.I
    )


def _tree(words: list[str]) -> re.Pattern[str]:
    return re.compile(first_characters(words) + r"\b" + word_alternation(words) + r"\b", re.I)


@given(
    words=st.lists(st.text(_LETTERS[:-1], min_size=1, max_size=6), min_size=1, max_size=12),
    text=st.text(_LETTERS + "ABCÉ", max_size=40),
)
def test_tree_finds_what_the_plain_alternation_finds(words: list[str], text: str) -> None:
    words = [w.lower() for w in words]
    plain, tree = _plain(words), _tree(words)
    assert [m.span() for m in tree.finditer(text)] == [m.span() for m in plain.finditer(text)]


@pytest.mark.parametrize("names", [WEEKDAYS, MONTHS], ids=["weekdays", "months"])
def test_every_calendar_name_is_found_whole_in_either_case(names: dict[str, int]) -> None:
    tree = _tree(list(names))
    for name in names:
        # Unicode spells a few capitals with more characters ("ΐ" as "Ϊ́"), which no page
        # prints: Greek capitals drop the accent, and the accentless name is listed too.
        spellings = [s for s in (name, name.upper(), name.title()) if len(s) == len(name)]
        for spelling in spellings:
            found = tree.search(f"on {spelling}, at nine")
            assert found is not None
            assert found.group(0).lower() == spelling.lower()


def test_no_words_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one"):
        word_alternation([])
