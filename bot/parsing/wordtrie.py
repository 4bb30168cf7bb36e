"""Regular-expression alternations of many words, built so that they stay fast.

Python's `re` tries every branch of `monday|tuesday|…` at every position of a line, so a
pattern naming a few dozen weekdays or months in many languages costs tens of microseconds a
line. The same words as a prefix tree (`mo(?:n(?:day|tag)|…)|…`) share their common starts, and a
lookahead of the characters a word can begin with lets the engine skip to the positions where
one might start. Both match exactly what the plain alternation of the words matches.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_END = ""
_Node = dict[str, "_Node"]


def word_alternation(words: Iterable[str]) -> str:
    """A non-capturing regex fragment matching any of `words`, longest first at a position as a
    plain alternation sorted by length would; meant for patterns compiled with `re.I` when
    the words are lower case."""
    root: _Node = {}
    for word in words:
        node = root
        for ch in word:
            node = node.setdefault(ch, {})
        node[_END] = {}
    if not root or set(root) == {_END}:
        raise ValueError("word_alternation needs at least one non-empty word")
    return "(?:" + _branches(root) + ")"


def first_characters(words: Iterable[str]) -> str:
    """A lookahead that holds only where one of `words` can begin (both cases of each first
    character), so the engine scans for those characters before trying the words."""
    chars = {ch for word in words if word for ch in (word[0].lower(), word[0].upper())}
    return "(?=[" + "".join(re.escape(ch) for ch in sorted(chars)) + "])"


def _branches(node: _Node) -> str:
    ends_here = _END in node
    branches = [re.escape(ch) + _subtree(child) for ch, child in sorted(node.items()) if ch]
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return f"(?:{body})?" if ends_here else body


def _subtree(node: _Node) -> str:
    if set(node) == {_END}:
        return ""
    return _branches(node)
