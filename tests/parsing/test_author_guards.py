"""The cheap tests that spare the author-line grammar its costly patterns must never rule out
a line the pattern would match: each is checked here against its pattern, so that a word
added to the pattern (an honorific, a title, a mark) cannot be silently skipped."""

from __future__ import annotations

import re

import pytest

from bot.parsing import authors as authors_module
from bot.parsing.authors import (
    _AND,
    _CJK_TITLE_AFTER,
    _CJK_TITLE_ENDS,
    _HONORIFIC,
    _may_join_names,
    _may_open_with_honorific,
    addresses_people,
    strip_trailing_marks,
)
from bot.parsing.talks import split_addressed_speaker


def _honorific_lines() -> list[str]:
    """Every word of `_HONORIFIC`'s source, cased three ways, with what can follow it."""
    words = set(re.findall(r"[a-z]+", _HONORIFIC.pattern))
    lines = []
    for word in words:
        for cased in (word, word.capitalize(), word.upper()):
            for after in (". ", ".", " ", ": ", ":", ".-Ing. ", "a. ", ". Dr. "):
                lines += [f"{cased}{after}Ana Silva", f"A/{cased}{after}Ana Silva"]
                lines.append(f"A/ {cased}{after}Ana Silva")
    return lines


def test_honorific_opening_guard_admits_every_honorific() -> None:
    addressed = [line for line in _honorific_lines() if _HONORIFIC.match(line)]
    assert len(addressed) > 100
    assert [line for line in addressed if not _may_open_with_honorific(line)] == []


@pytest.mark.parametrize("title", re.findall(r"[\u3400-\u9fff]+", _CJK_TITLE_AFTER.pattern))
def test_cjk_title_guard_admits_every_title(title: str) -> None:
    name = "熊璋" + title
    if _CJK_TITLE_AFTER.search(name):
        assert name[-1] in _CJK_TITLE_ENDS


@pytest.mark.parametrize(
    "name", ["Ana and Bo", "Ana AND Bo", "Ana et Bo", "Ana Und Bo", "Ana & Bo", "Ana / Bo"]
)
def test_and_guard_admits_every_joined_pair(name: str) -> None:
    assert _AND.search(name)
    assert _may_join_names(name)


@pytest.mark.parametrize(
    ("title", "mark"),
    [
        ("A Fast Graph Store [" + "x" * 40 + "]", "[" + "x" * 40 + "]"),
        ("A Fast Graph Store (contributed lecture)", "(contributed lecture)"),
        ("A Fast Graph Store ***SLIDES***", "***SLIDES***"),
        ("A Fast Graph Store [Slides] [Video]  ", "[Slides] [Video]"),
    ],
)
def test_trailing_marks_as_long_as_the_pattern_allows_are_found(title: str, mark: str) -> None:
    assert strip_trailing_marks(title) == ("A Fast Graph Store", mark)


def _addresses_people_unguarded(text: str) -> bool:
    pieces = [p for p in authors_module._PEOPLE_SEPARATOR.split(authors_module.clean(text)) if p]
    return bool(pieces) and all(
        _HONORIFIC.match(p) and authors_module.is_name_like(_HONORIFIC.sub("", p)) for p in pieces
    )


@pytest.mark.parametrize(
    "text",
    [
        "Dr. Ana Silva",
        "  Prof. Bo Li / Dr. Cy Ng",
        ", Dr. Ana Silva",
        "/ Dra. Lucía Pérez",
        "and Dr. Ana Silva",
        "And Prof Bo Li",
        "& Sir Cy Ng",
        "Ana Silva / Dr. Bo Li",
        "Welcome and Dr. Ana Silva",
        "Mr.  Ed Wood; Ms. Jo Park",
        "A/Prof. Chun Wie Chong",
        "",
        "   ",
    ],
)
def test_the_addressed_people_guard_rules_out_only_what_the_full_check_would(text: str) -> None:
    assert addresses_people(text) == _addresses_people_unguarded(text)


def test_the_addressed_people_guard_admits_every_honorific() -> None:
    lines = _honorific_lines()
    assert [
        line for line in lines if addresses_people(line) != _addresses_people_unguarded(line)
    ] == []


def test_trying_each_word_of_a_long_line_as_an_addressed_speaker_reads_it_once() -> None:
    """A pasted abstract on one line: each word start is a candidate for `TITLE Dr. Name`,
    and splitting the rest of the line into people at each would read it quadratically."""
    read = 0
    separator = authors_module._PEOPLE_SEPARATOR

    class CountingSeparator:
        def split(self, text: str) -> list[str]:
            nonlocal read
            read += len(text)
            return separator.split(text)

    line = " ".join(f"We study case {i} of the problem. Alice Smith shows it." for i in range(400))
    authors_module._PEOPLE_SEPARATOR = CountingSeparator()  # type: ignore[assignment]
    try:
        assert split_addressed_speaker(line) is None
    finally:
        authors_module._PEOPLE_SEPARATOR = separator
    assert read <= 2 * len(line)
