"""`covers` answers as its plain-Python statement does, on queries typed as attendees type."""

from __future__ import annotations

import random

from rapidfuzz import fuzz

from bot.folding import fold
from bot.services.queries import covers
from tests.bench.synthetic import make_program


def _covers_by_words(query: str, label: str) -> bool:
    words = [w for w in fold(query).split() if len(w) > 1] or fold(query).split()
    if not words:
        return False
    label_words = fold(label).split()
    label_text = " ".join(label_words)
    covered = 0
    for word in words:
        if any(
            lw.startswith(word) or (len(word) >= 4 and fuzz.ratio(word, lw) >= 75)
            for lw in label_words
        ) or (len(word) >= 4 and word in label_text.replace(" ", "")):
            covered += len(word)
    return covered * 2 >= sum(len(w) for w in words)


def test_covers_agrees_with_a_word_by_word_check() -> None:
    rng = random.Random(7)
    program = make_program(papers=400, authors=1500, sessions=60, seed=2)
    labels = [p.title for s in program.sessions for p in s.papers]
    labels += [a.name for s in program.sessions for p in s.papers for a in p.authors]
    for _ in range(3000):
        label = rng.choice(labels)
        other = rng.choice(labels)
        words = (label + " " + other).split()
        query = " ".join(rng.sample(words, k=min(len(words), rng.randint(1, 4))))
        if rng.random() < 0.4:  # a typo
            i = rng.randrange(len(query))
            query = query[:i] + rng.choice("aeiounrst") + query[i + 1 :]
        if rng.random() < 0.3:  # a prefix as typed
            query = query[: rng.randint(1, len(query))]
        assert covers(query, label) == _covers_by_words(query, label), (query, label)
    assert not covers("", "Anything")
    assert covers("gpu sched", "GPU Scheduling for Serving")
