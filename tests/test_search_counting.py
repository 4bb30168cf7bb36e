"""Counting trigram postings with numpy (the `speed` extra) finds exactly what the
standard-library count finds: the same candidates in the same order, so the same answers."""

from __future__ import annotations

import random

import pytest

import bot.search
from bot.search import KIND_ORDER, SearchIndex
from tests.bench.bench_interactions import requests_for
from tests.bench.synthetic import make_program

pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def program_and_index() -> tuple[object, SearchIndex]:
    program = make_program(papers=900, authors=4000, sessions=100, seed=3)
    return program, SearchIndex.build(program)


def queries(program: object) -> list[str]:
    found = [
        value
        for request in requests_for(program, 300, seed=5)  # type: ignore[arg-type]
        for value in request.options.values()
    ]
    rng = random.Random(7)
    return [*found, "x", "qq zz", "", *(q[: rng.randint(1, len(q))] for q in found if q)]


def test_numpy_counting_picks_the_same_candidates(
    program_and_index: tuple[object, SearchIndex], monkeypatch: pytest.MonkeyPatch
) -> None:
    program, index = program_and_index
    parts = index._parts(KIND_ORDER)
    asked = queries(program)
    assert len(asked) > 300
    for q in asked:
        q = bot.search._prepare(q)
        with_numpy = index._gram_candidates(q, parts, 200, 6_000)
        with monkeypatch.context() as m:
            m.setattr(bot.search, "numpy", None)
            without = index._gram_candidates(q, parts, 200, 6_000)
        assert with_numpy == without, q


def test_numpy_counting_gives_the_same_answers(
    program_and_index: tuple[object, SearchIndex], monkeypatch: pytest.MonkeyPatch
) -> None:
    program, index = program_and_index
    for q in queries(program)[:150]:
        found = index.search(q), index.complete(q)
        with monkeypatch.context() as m:
            m.setattr(bot.search, "numpy", None)
            assert (index.search(q), index.complete(q)) == found, q
