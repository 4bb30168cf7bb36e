"""Answers remembered per program version, for bursts of people asking the same thing.

When a talk's title is on the screen, a room full of attendees types the same `/paper` query
within seconds, and the same few letters into its autocomplete. Those answers depend only on
the query and the catalog (the program version) they were searched in, never on the clock or
the asker, so one search serves them all. The memo is bound to one catalog object: a reload
builds a new catalog, and the first question asked of it empties the memo. Only successful
answers are kept; a query that finds nothing is searched again, and says so again.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

T = TypeVar("T")

MEMO_SIZE = 2_048
"""Answers and suggestion lists kept per conference, least recently used dropped first."""


class AnswerMemo:
    """A least-recently-used memo of answers over one catalog at a time."""

    def __init__(self, size: int = MEMO_SIZE) -> None:
        self._size = size
        self._catalog: object | None = None
        self._answers: OrderedDict[Hashable, object] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._answers)

    def bind(self, catalog: object) -> None:
        """Answer over `catalog` from now on; forget what was answered over another one."""
        if catalog is not self._catalog:
            self.clear()
            self._catalog = catalog

    def clear(self) -> None:
        """Forget every answer, and the catalog (dropped from memory)."""
        self._answers.clear()
        self._catalog = None

    def get(self, key: Hashable, compute: Callable[[], T]) -> T:
        """The answer remembered for `key`, or `compute()`'s, remembered unless it raises."""
        try:
            answer = self._answers[key]
        except KeyError:
            self.misses += 1
            computed = compute()
            self._answers[key] = computed
            if len(self._answers) > self._size:
                self._answers.popitem(last=False)
            return computed
        self.hits += 1
        self._answers.move_to_end(key)
        return answer  # type: ignore[return-value]  # stored by this key's compute()
