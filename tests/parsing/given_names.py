"""Writes bot/parsing/given_names.py: common given names of many countries, from the
names-dataset package (Philippe Remy's name-dataset, Apache-2.0), for telling a bare person's
name ("Olivia Roth", a speaker known as "Anouk") from a short capitalised title ("Welcome
Snack", "Lessons Learned").

``python -m tests.parsing.given_names`` rewrites the module; `tests/parsing/test_given_names.py`
checks that the shipped module is what this writes. names-dataset is a test dependency only (a
55 MB wheel that loads for half a minute): the parser reads the generated list and never
imports it.

Which names are taken, and why:
- the TOP_PER_GENDER most common first names of each gender in every country the dataset
  covers: a lexicon of common names is what settles a doubt, while its long tail (names given
  by a few people, and the dataset's noise of nicknames and words typed as names) would not;
- only names written as one capitalised word of a cased script ("Anouk", "Jean-Luc", "Ольга"):
  "MD", "de", scripts without capitals and names of two words say nothing about case;
- at least three letters: "Al", "Bo", "Ed" are as often abbreviations or words;
- no name that the corpus (tests/data, .txt and .md: the programs and the READMEs that describe
  them) prints as a lowercase word ("will", "mark", "per", "data", "can"): such a name begins
  titles as often as it begins a name, so it must settle nothing. The corpus is the nearest
  sample of program text there is, and its READMEs' prose adds plain words that programs print
  rarely ("else", "said", "edit"); a new corpus file can therefore drop a name, and the test
  then asks for a rerun;
- no name of _NOT_NAMES: weekdays, months, places and program words that the dataset holds as
  names and the corpus prints capitalised only ("Friday", "Georgia", "Sydney", "Welcome"), and
  English words that open titles ("Grant", "King", "Park"). An English dictionary's lowercase
  words would be no better a filter: it also lists "peter", "laura", "maria" and "emma".
"""

from __future__ import annotations

import json
import re
import sys
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET = ROOT / "bot" / "parsing" / "given_names.py"
CORPUS = ROOT / "tests" / "data"
TOP_PER_GENDER = 200
_ONE_CAPITALISED_WORD = re.compile(r"[^\W\d_][^\W\d_'’-]*(?:[-'’][^\W\d_]+)*")
_LOWERCASE_WORD = re.compile(r"(?<![\w-])[^\W\d_]+(?![\w-])")
# Capitalised words of program text that the dataset holds as given names: weekdays and
# months, one-word countries, cities and adjectives seen in the corpus ("Monday", "China",
# "Georgia", "Sydney", "British"), program words, and English words that open titles ("Grant
# Writing", "King Lecture", "Park Walk") more often than they name a speaker.
_NOT_NAMES = frozenset(
    """
    Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May
    June July August September October November December
    Albania Brunei Burundi Chad China Cyprus Djibouti Fiji Georgia Israel Jamaica Jordan Libya
    Maldives Mali Malta Moldova Montserrat Oman
    Adelaide British Duke Kong Macau Madison Meta Paris San Sydney Virginia York
    Academy Award Break Chair Coffee Dinner Doctor Excursion Lunch Master Opening Poster Prof
    Professor Session Student Summer Tutorial Welcome Workshop
    Angel Apple Baby Blessing Boy Brown Candy Cherry Gift Grant Honey Hope Justice King Lucky
    Moon Park Precious Prince Princess Rain Rich Sky Stone Sun
    """.split()
)


def corpus_words() -> set[str]:
    """Every word the corpus programs print in lowercase, but for the given names of people
    the truth files name in lowercase as printed (`peter sikking`): a name typed in lowercase
    is no plain word."""
    words: set[str] = set()
    for path in sorted(CORPUS.rglob("*")):
        if path.suffix in {".txt", ".md"}:
            text = path.read_text(encoding="utf-8", errors="replace")
            words.update(w for w in _LOWERCASE_WORD.findall(text) if w.islower())
    return words - lowercase_given_names()


def lowercase_given_names() -> set[str]:
    """The first words of the people in the truth files whose full names are printed in
    lowercase."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            name = value.get("name")
            words = name.split() if "affiliation" in value and isinstance(name, str) else []
            if len(words) >= 2 and all(w.isalpha() and w.islower() for w in words):
                found.add(words[0])  # a full name in lowercase, not a one-word handle
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in sorted(CORPUS.rglob("*.truth.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return found


def _is_name_form(name: str) -> bool:
    return (
        _ONE_CAPITALISED_WORD.fullmatch(name) is not None
        and name[0].isupper()
        and name[1:].replace("-", "").replace("'", "").replace("’", "").lower()
        == name[1:].replace("-", "").replace("'", "").replace("’", "")
        and name.lower() != name.upper()
        and sum(ch.isalpha() for ch in name) >= 3
    )


def given_names() -> list[str]:
    from names_dataset import NameDataset

    top = NameDataset().get_top_names(n=TOP_PER_GENDER)
    lowercase = corpus_words()
    names = {
        name
        for by_gender in top.values()
        for listed in by_gender.values()
        for name in listed
        if _is_name_form(name) and name.lower() not in lowercase and name not in _NOT_NAMES
    }
    return sorted(names)


def render() -> str:
    body = "\n".join(given_names())
    return (
        '"""Common given names of many countries, from names-dataset '
        f"{version('names-dataset')}.\n\nGenerated by ``python -m tests.parsing.given_names``; "
        'do not edit. See that module\nfor which names are taken.\n"""\n\n'
        f'_LISTED = """\n{body}\n"""\n\n'
        "GIVEN_NAMES: frozenset[str] = frozenset(_LISTED.split())\n"
    )


def main() -> int:
    TARGET.write_text(render(), encoding="utf-8")
    print(f"wrote {TARGET}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
