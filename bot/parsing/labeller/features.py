"""Layout-independent features of each filled line of a document, for a sequence labeller.

A line's own features are what the parser's line readers already compute (the lexer's kind,
time and day; the author-line score of `bot.parsing.authors`; the title shapes of
`bot.parsing.shapes`; the item kind of its words), its shape (length, case, punctuation,
TAB cells, where its time stands), and its place in the page: the blank lines around it, how
often the page repeats it, and whether it has the shape of the line two or three above (the
rhythm of a page that prints each item in the same few lines). Its neighbours' main features
are added under their offset. No feature names a corpus file, a conference or a layout.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence

from bot.model import SessionKind
from bot.parsing.authors import (
    author_line_score,
    is_name_like,
    split_by_line,
    split_colon_authors,
    split_quoted_title,
    split_sentence_authors,
    split_title_and_authors,
)
from bot.parsing.kinds import classify_kind
from bot.parsing.lexer import SESSION_LABEL, Line, LineKind, find_chair_label, is_link_line
from bot.parsing.shapes import has_common_word, is_prose, name_colon_title, title_score
from bot.parsing.talks import split_dash_speakers, split_title_people
from bot.parsing.timeexpr import find_time_range

Features = dict[str, float]

_WORD = re.compile(r"[^\W\d_]+")
_NEIGHBOURS = (-2, -1, 1, 2)
# The features a neighbour lends a line: its kind and the few shapes that tell items apart.
_LENT = ("kind", "time", "authors", "title", "words", "cells", "item", "gap")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def _bucket(value: float, edges: Sequence[float]) -> str:
    for k, edge in enumerate(edges):
        if value < edge:
            return str(k)
    return str(len(edges))


def _time_features(line: Line) -> dict[str, str]:
    found = line.time or find_time_range(line.text)
    if found is None:
        return {"time": "none"}
    before = line.text[: found.span[0]].strip()
    after = line.text[found.span[1] :].strip()
    where = "alone" if not before and not after else "start" if not before else "inside"
    return {
        "time": where,
        "time_end": "range" if found.end is not None else "point",
        "time_rest": _bucket(len(after.split()), (1, 3, 8, 20)),
    }


def _case_features(words: Sequence[str]) -> dict[str, str]:
    long_words = [w for w in words if len(w) >= 4]
    if not long_words:
        return {"caps": "none"}
    capitalised = sum(1 for w in long_words if w[:1].isupper()) / len(long_words)
    upper = sum(1 for w in long_words if w.isupper()) / len(long_words)
    return {"caps": _bucket(capitalised, (0.2, 0.5, 0.8, 0.99)), "upper": _bucket(upper, (0.5,))}


# The parser's own readers of a title and its people printed on one line: which of them accept
# the line says how it may split, whatever the layout.
_SPLITTERS: dict[str, Callable[[str], object]] = {
    "title_affiliated_names": split_title_and_authors,
    "names_colon_title": split_colon_authors,
    "sentence": split_sentence_authors,
    "quoted": split_quoted_title,
    "by": split_by_line,
    "dash": split_dash_speakers,
    "title_people": split_title_people,
    "name_colon": name_colon_title,
}
_PARTS = re.compile(r"\s[-–—|]\s|\.\s|:\s|\sby\s|[(\[]")
_FUNCTION_WORDS = frozenset(
    "of the for with in on a an to via from towards using through under into by is are"
    " how what why when do does can".split()
)


def _split_features(text: str) -> dict[str, str]:
    """Which readers split the line (less its time) into a title and people, and how much
    its parts read as people."""
    found = find_time_range(text)
    rest = text[found.span[1] :].strip(" :-–—|") if found and found.span[0] == 0 else text
    out: dict[str, str] = {}
    if len(rest.split()) >= 3:
        for name, split in _SPLITTERS.items():
            if split(rest) is not None:
                out[f"split_{name}"] = "1"
    parts = [p.strip() for p in _PARTS.split(rest) if p and p.strip()]
    if len(parts) >= 2:
        scores = [author_line_score(p) for p in parts]
        out["part_people"] = _bucket(max(scores), (0.5, 0.95))
        out["part_first_people"] = _bucket(scores[0], (0.5, 0.95))
        out["part_last_people"] = _bucket(scores[-1], (0.5, 0.95))
    words = [w.lower() for w in rest.split()]
    if words:
        function = sum(1 for w in words if w in _FUNCTION_WORDS) / len(words)
        out["function_words"] = _bucket(function, (0.01, 0.1, 0.2))
    out["question"] = str("?" in rest)
    return out


def _item_kind(text: str) -> str:
    kind = classify_kind(text, paper_count=0)
    return kind.value if kind is not SessionKind.OTHER else "none"


def own_features(line: Line) -> dict[str, str]:
    """What one line is, on its own, as categorical values."""
    text = line.text
    words = _WORD.findall(text)
    filled_cells = [c for c in line.cells if c]
    found: dict[str, str] = {
        "kind": line.kind.name,
        "words": _bucket(len(text.split()), (2, 4, 7, 12, 20, 35)),
        "chars": _bucket(len(text), (10, 25, 50, 90, 150)),
        "cells": _bucket(len(filled_cells), (2, 3, 5)),
        "authors": _bucket(author_line_score(text), (0.01, 0.5, 0.75, 0.95)),
        "title": _bucket(title_score(text), (0.01, 0.5, 0.95)),
        "name": str(is_name_like(text)),
        "common": str(has_common_word(text)),
        "prose": str(is_prose(text)),
        "item": _item_kind(text),
        "link": str(is_link_line(text)),
        "chair_label": str(find_chair_label(text) is not None),
        "session_label": str(bool(SESSION_LABEL.match(text))),
        "day": str(line.day is not None),
        "commas": _bucket(text.count(",") + text.count(";"), (1, 2, 4)),
        "and": str(" and " in text or " & " in text or " und " in text or " et " in text),
        "paren": str("(" in text),
        "colon": "start" if re.match(r"^[^:]{1,30}:", text) else str(":" in text),
        "ends": text[-1] if text[-1] in ".:?!)]" else "w",
        "quoted": str(text[:1] in "\"“”'‘«"),
        "digits": _bucket(sum(ch.isdigit() for ch in text) / len(text), (0.01, 0.1, 0.3)),
        "cjk": str(bool(_CJK.search(text))),
        "first": words[0].lower() if words and len(words[0]) <= 15 else "-",
        "last": words[-1].lower() if words and len(words[-1]) <= 15 else "-",
    }
    found |= _time_features(line)
    found |= _split_features(text)
    found |= _case_features(text.split())
    if len(filled_cells) >= 2:
        found["cell0_time"] = str(find_time_range(filled_cells[0]) is not None)
        found["cell0_authors"] = _bucket(author_line_score(filled_cells[0]), (0.5,))
        found["cell1_authors"] = _bucket(author_line_score(filled_cells[1]), (0.5,))
    return found


def _shape_key(own: dict[str, str]) -> tuple[str, ...]:
    return own["kind"], own["time"], own["authors"], own["words"], own["cells"]


def document_features(lines: Sequence[Line]) -> list[Features]:
    """The features of each of `lines` (every lexed line of a document, blanks included), for
    its filled lines only, in order."""
    filled = [k for k, line in enumerate(lines) if line.kind is not LineKind.BLANK]
    owns = [own_features(lines[k]) for k in filled]
    gaps = [_gap(filled, i) for i in range(len(filled))]
    for own, (before, after) in zip(owns, gaps, strict=True):
        own["gap"] = _bucket(before, (1, 2)) + _bucket(after, (1, 2))
    repeats = Counter(lines[k].text for k in filled)
    lengths = sorted(len(lines[k].text) for k in filled)
    median = max(1, lengths[len(lengths) // 2]) if lengths else 1
    shapes = [_shape_key(own) for own in owns]
    result: list[Features] = []
    for i, own in enumerate(owns):
        features: Features = {"bias": 1.0}
        features |= {f"{name}={value}": 1.0 for name, value in own.items()}
        repeated = repeats[lines[filled[i]].text]
        features[f"repeats={_bucket(repeated, (2, 3, 6))}"] = 1.0
        features[f"place={_bucket(i / len(owns), (0.05, 0.95))}"] = 1.0
        relative = len(lines[filled[i]].text) / median
        features[f"relative_length={_bucket(relative, (0.3, 0.7, 1.3, 2.5))}"] = 1.0
        for period in (2, 3):
            if i >= period and shapes[i] == shapes[i - period]:
                features[f"rhythm{period}"] = 1.0
        for offset in _NEIGHBOURS:
            j = i + offset
            if not 0 <= j < len(owns):
                features[f"{offset}:edge"] = 1.0
                continue
            for name in _LENT:
                features[f"{offset}:{name}={owns[j][name]}"] = 1.0
        features[f"kind={own['kind']}|-1:kind={owns[i - 1]['kind'] if i else '-'}"] = 1.0
        result.append(features)
    return result


def _gap(filled: Sequence[int], i: int) -> tuple[int, int]:
    """How many blank lines stand before and after the `i`th filled line."""
    before = filled[i] - filled[i - 1] - 1 if i else 2
    after = filled[i + 1] - filled[i] - 1 if i + 1 < len(filled) else 2
    return before, after
