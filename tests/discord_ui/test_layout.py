"""Pure tests of the page layout engine: wrapping and packing text within a budget, losing
nothing and never leaving a markdown escape dangling at a cut."""

from __future__ import annotations

import random

import pytest
from discord.utils import escape_markdown
from hypothesis import given
from hypothesis import strategies as st

from bot.discord_ui import layout


@pytest.mark.parametrize("seed", range(30))
def test_wrap_keeps_every_character_within_the_budget(seed: int) -> None:
    rng = random.Random(seed)
    words = ["".join(rng.choices("abcxyz\\*_", k=rng.randint(1, 30))) for _ in range(400)]
    line = "".join(w + rng.choice(["; ", ", ", " "]) for w in words).rstrip(";, ")
    budget = rng.randint(40, 400)
    pieces = layout.wrap(line, budget)
    assert all(len(piece) <= budget for piece in pieces)
    assert " ".join(pieces) == line


def test_wrap_cuts_a_word_longer_than_a_page_without_leaving_an_escape_dangling() -> None:
    word = "\\*" * 100
    pieces = layout.wrap(word, 51)
    assert "".join(pieces) == word
    assert all(len(p) <= 51 and (len(p) - len(p.rstrip("\\"))) % 2 == 0 for p in pieces)


def test_pack_keeps_blocks_whole_when_they_fit_and_in_order() -> None:
    blocks = [f"block {n}\n" + "x" * (n * 37 % 300) for n in range(100)]
    pages = layout.pack(blocks, 1000)
    assert all(len(p) <= 1000 for p in pages)
    assert "\n\n".join(pages) == "\n\n".join(blocks)  # never split: each fits on a page


@given(st.text(alphabet=st.sampled_from(list("ab _\\~|*`>[]()#- \n:/.<")), max_size=40))
def test_esc_escapes_exactly_as_discord_py_does(text: str) -> None:
    """The shortcut for text without markdown characters changes nothing discord.py would."""
    assert layout.esc(text) == escape_markdown(text)


@pytest.mark.parametrize(
    "text", ["Plain title", "KV-cache", "a_b", "**bold**", "> quote", "# head", "[x](y)", ""]
)
def test_esc_on_typical_program_text(text: str) -> None:
    assert layout.esc(text) == escape_markdown(text)
