"""In-memory fuzzy search over a program: sessions, papers, people and affiliations.

Pure: imports only the standard library, rapidfuzz, numpy when installed (the `speed` extra:
the same answers, faster) and `bot.model`. `SearchIndex.build()` runs once per program (about
a second for a NeurIPS-sized one, 26,000 entries, 24 MiB: call it off the event loop); the
index is read-only afterwards and safe to share between tasks and threads.

Every label is matched in its folded form (`fold()`): accents, case and punctuation do not
matter. Two ways to ask:

`complete()` serves autocomplete while someone types, in tiers that never mix:

* 100: the folded label is the query;
* 88-99: the label starts with the query (a finished word and a short label rank higher);
* 70-87: every query word starts some word of the label, in any order ("hansen jac");
* below 70, only while the tiers above leave room and the query has 4 characters or more:
  typo-tolerant matches (`ratio` against the label's start, `WRatio` on trigram candidates).

`search()` gives a ranked answer to a finished query. Candidates come from a character-trigram
inverted index (misspellings), from whole-word postings (other word order, partial titles) and
from a sorted label list (prefixes); a few hundred of them are rescored in one C-accelerated
rapidfuzz batch with `fuzz.WRatio`, so the ranking follows an exhaustive WRatio scan at a
fraction of its cost. One deliberate departure: a label that starts with the query, or nearly
(a title typed from its start with a typo), scores 100 less up to 10 for the part not typed.
WRatio caps a short query inside a long label at 60 and gives 85.5 to any label sharing one word
with the query, so "helix" would find "Felix" before "Helix: Serving Large Language Models...".
Equal scores are ordered by word overlap (`token_set_ratio`), then by the default order.

The default order, which also answers an empty autocomplete query: sessions by time, papers in
program order, people alphabetically, affiliations by number of people.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from array import array
from bisect import bisect_left
from collections import Counter, defaultdict
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from itertools import chain
from typing import Any, TypeAlias

from rapidfuzz import fuzz, process

from bot.folding import fold
from bot.limits import CHOICES_MAX
from bot.model import UNTITLED_SESSION, Person, Program, Session
from bot.timelabels import day_clock, short_day

# The `speed` extra: counting trigram postings in one vectorised pass (None without it).
numpy: Any = importlib.import_module("numpy") if importlib.util.find_spec("numpy") else None

MAX_QUERY_CHARS = 200
"""Longer queries are cut to this many characters, before and after folding."""

AUTOCOMPLETE_MAX = CHOICES_MAX
"""Discord's limit on autocomplete choices; `complete()` never returns more."""


class EntryKind(StrEnum):
    SESSION = "session"
    PAPER = "paper"
    PERSON = "person"
    AFFILIATION = "affiliation"


KIND_ORDER: tuple[EntryKind, ...] = (
    EntryKind.SESSION,
    EntryKind.PAPER,
    EntryKind.PERSON,
    EntryKind.AFFILIATION,
)


@dataclass(frozen=True, slots=True)
class SearchEntry:
    """Something a user can look up.

    `ref` identifies it for the services: a session id; `"<session id>#<paper index>"` for a
    paper (0-based in `session.papers`); `fold(name)` for a person; `fold(affiliation)` for an
    affiliation. Two printed names that fold alike ("Jörg Müller", "Jorg Muller") are two
    entries with one ref: the services treat them as one person key.
    """

    kind: EntryKind
    ref: str
    label: str
    detail: str


@dataclass(frozen=True, slots=True)
class SearchHit:
    entry: SearchEntry
    score: float  # 0..100


# --- folding -------------------------------------------------------------------------------


def _prepare(query: str) -> str:
    return fold(query[:MAX_QUERY_CHARS])[:MAX_QUERY_CHARS].rstrip()


# --- entries -------------------------------------------------------------------------------


def _when(session: Session) -> str:
    """The start as "Tue 1 Apr 13:30" in the zone it carries (the conference's), or the day."""
    if session.start is not None:
        return day_clock(session.start)
    if session.day is not None:
        return short_day(session.day)
    return ""


def _session_label(session: Session) -> str:
    title = (session.title or "").strip()
    if title:
        return title
    when = _when(session)
    return f"{UNTITLED_SESSION} ({when})" if when else UNTITLED_SESSION


def _session_detail(session: Session) -> str:
    return " · ".join(part for part in (_when(session), session.room) if part)


def _session_order(indexed: tuple[int, Session]) -> tuple[date, float, str, int]:
    position, session = indexed
    start = session.start
    day = start.date() if start is not None else session.day
    return (
        day or date.max,
        start.timestamp() if start is not None else float("inf"),
        fold(session.room or ""),
        position,
    )


class _Folder:
    """`fold()` with a memory: names, affiliations and titles repeat across a program."""

    def __init__(self) -> None:
        self._known: dict[str, str] = {}

    def __call__(self, text: str) -> str:
        folded = self._known.get(text)
        if folded is None:
            folded = self._known[text] = fold(text)
        return folded


@dataclass(slots=True)
class _PersonFacts:
    occurrences: int = 0
    affiliation: str | None = None


@dataclass(slots=True)
class _AffiliationFacts:
    forms: Counter[str]
    people: set[str]


def _entries(program: Program, folder: _Folder) -> tuple[list[SearchEntry], dict[str, int]]:
    """Every entry, grouped by kind in `KIND_ORDER`, each kind in its default order; and how
    often each printed person name occurs."""
    sessions = [s for _, s in sorted(enumerate(program.sessions), key=_session_order)]
    session_entries: list[SearchEntry] = []
    paper_entries: list[SearchEntry] = []
    persons: dict[str, _PersonFacts] = {}
    affiliations: dict[str, _AffiliationFacts] = {}

    def meet(person: Person) -> None:
        name = person.name.strip()
        if not folder(name):
            return
        facts = persons.get(name)
        if facts is None:
            facts = persons[name] = _PersonFacts()
        facts.occurrences += 1
        printed = (person.affiliation or "").strip()
        key = folder(printed)
        if not key:
            return
        if facts.affiliation is None:
            facts.affiliation = printed
        aff = affiliations.get(key)
        if aff is None:
            aff = affiliations[key] = _AffiliationFacts(Counter(), set())
        aff.forms[printed] += 1
        aff.people.add(name)

    for session in sessions:
        label = _session_label(session)
        session_entries.append(
            SearchEntry(EntryKind.SESSION, session.id, label, _session_detail(session))
        )
        for chair in session.chairs:
            meet(chair)
        for index, paper in enumerate(session.papers):
            title = paper.title.strip() or "Untitled paper"
            paper_entries.append(
                SearchEntry(EntryKind.PAPER, f"{session.id}#{index}", title, label)
            )
            for author in paper.authors:
                meet(author)

    person_entries = [
        SearchEntry(EntryKind.PERSON, folder(name), name, facts.affiliation or "")
        for name, facts in sorted(persons.items(), key=lambda item: (folder(item[0]), item[0]))
    ]
    affiliation_entries = [
        SearchEntry(
            EntryKind.AFFILIATION,
            key,
            facts.forms.most_common(1)[0][0],
            f"{len(facts.people)} {'person' if len(facts.people) == 1 else 'people'}",
        )
        for key, facts in sorted(affiliations.items(), key=lambda i: (-len(i[1].people), i[0]))
    ]
    entries = session_entries + paper_entries + person_entries + affiliation_entries
    return entries, {name: facts.occurrences for name, facts in persons.items()}


# --- the index -----------------------------------------------------------------------------

_HIGH = "\U0010ffff"  # sorts after every folded string: [q, q + _HIGH) is a prefix range
_SHORT_WORD = 2  # word prefixes up to this long have precomputed postings
_SHORT_QUERY = 2  # complete() queries up to this long have precomputed answers
_TYPO_MIN = 4  # complete() looks for typos in queries at least this long
_PREFIX_SCAN = 500  # complete() scores at most this many whole-label prefix matches
_WORDS_SCAN = 500  # ... and this many word-prefix matches
_FUZZY_SCAN = 3_000  # ... and this many labels sharing the first two letters, in its typo tier
_COMPLETE_GRAMS = 60  # trigram candidates for complete()'s typo tier
_COMPLETE_BUDGET = 8_000  # trigram postings counted, at most, by complete() (rarest first)
_MIN_GRAMS = 3  # ... but at least this many trigrams
_COMPLETE_CUTOFF = 65.0  # weaker typo-tier matches are left out
_SEARCH_GRAMS = 200  # trigram candidates for search()
_SEARCH_BUDGET = 6_000  # trigram postings counted, at most, by search()
_SEARCH_WORDS = 100  # whole-word candidates for search()
_SEARCH_PREFIXES = 40  # label-prefix candidates for search()
_SEARCH_CUTOFF = 40.0  # search() leaves out weaker matches
_FUZZY_PREFIX_MIN = 8  # search() lifts labels that start nearly like queries this long
_FUZZY_WORD_CUTOFF = 75.0  # ... word for word at least this similar (`fuzz.ratio`)
_PHRASE_MIN = 3  # search() lifts long labels holding queries this long as whole words
_SEARCH_PHRASES = 60  # long-label candidates (8 times the query) holding its rarest word


def _trigrams(folded: str) -> set[str]:
    padded = f" {folded} "
    return set(map("".join, zip(padded, padded[1:], padded[2:], strict=False)))


def _prefix_score(query: str, label: str) -> float:
    """Score of `label`, which starts with `query` and is longer: 88 to 99, higher when the
    query ends a word of the label and when the label is short."""
    start = query.rfind(" ") + 1
    end = label.find(" ", len(query))
    word_end = len(label) if end < 0 else end
    word_cover = (len(query) - start) / max(1, word_end - start)
    return 88.0 + 7.0 * word_cover + 4.0 * len(query) / len(label)


Ids: TypeAlias = "Sequence[int]"
"""Entry ids: a list, or a view into a `_Postings` array."""

_NO_IDS: Ids = ()


class _Postings:
    """Word or trigram -> entry ids, every list in one array (4 bytes an id).

    With many conferences in one process, one list of int objects per trigram made the
    postings the largest part of each conference's memory; here a key costs a pointer in a
    sorted list (found by bisection) and an offset. Keys are interned: conferences share their
    trigram strings.
    """

    __slots__ = ("_ids", "_keys", "_offsets")

    def __init__(self, lists: Mapping[str, Sequence[int]]) -> None:
        self._keys = [sys.intern(key) for key in sorted(lists)]
        self._ids = array("I")
        self._offsets = array("I", [0])
        for key in self._keys:
            self._ids.extend(lists[key])
            self._offsets.append(len(self._ids))

    def get(self, key: str) -> Ids | None:
        slot = bisect_left(self._keys, key)
        if slot == len(self._keys) or self._keys[slot] != key:
            return None
        return memoryview(self._ids)[self._offsets[slot] : self._offsets[slot + 1]]

    def find(self, key: str) -> Ids:
        """The ids of `key`; none when it is not there."""
        return self.get(key) or _NO_IDS

    def items(self) -> Iterator[tuple[str, Ids]]:
        for key in self._keys:
            ids = self.get(key)
            assert ids is not None
            yield key, ids


@dataclass(slots=True)
class _KindIndex:
    """What is kept per kind, so that a kinds filter costs nothing."""

    lo: int
    hi: int
    labels: list[str]  # folded labels, sorted
    ids: list[int]  # entry ids in that order
    short: dict[str, list[tuple[float, int]]]  # complete() answers to 1-2 letter queries
    words: _Postings  # whole word -> ids, by label length
    grams: _Postings  # character trigram of " label " -> ids, by label length


class SearchIndex:
    """Sessions, papers, people and affiliations of one program, ready to search."""

    def __init__(
        self, entries: Sequence[SearchEntry], occurrences: Mapping[str, int] | None = None
    ) -> None:
        """Index `entries`, grouped by kind in `KIND_ORDER`; `build()` makes them.

        `occurrences` (printed name -> count) picks which of several person entries that share
        a ref `entry()` returns: the most printed one.
        """
        folder = _Folder()
        self._entries: list[SearchEntry] = list(entries)
        self._folded: list[str] = [folder(e.label) for e in self._entries]
        self._by_ref: dict[tuple[EntryKind, str], int] = {}
        counts = occurrences or {}
        for i, e in enumerate(self._entries):
            key = (e.kind, e.ref)
            known = self._by_ref.get(key)
            if known is None or counts.get(e.label, 0) > counts.get(self._entries[known].label, 0):
                self._by_ref[key] = i
        self._exact: dict[str, list[int]] = defaultdict(list)
        for i, folded in enumerate(self._folded):
            self._exact[folded].append(i)

        self._lengths: list[int] = [len(folded) for folded in self._folded]
        self._longest = max(self._lengths, default=0)
        self._kinds: dict[EntryKind, _KindIndex] = {}
        postings: dict[str, list[int]] = {}  # every word -> ids, ascending
        start = 0
        for kind in KIND_ORDER:
            end = start
            while end < len(self._entries) and self._entries[end].kind is kind:
                end += 1
            self._kinds[kind] = part = self._index_kind(start, end)
            for word, ids in part.words.items():
                before = postings.get(word)
                postings[word] = sorted(ids) if before is None else before + sorted(ids)
            start = end
        if start != len(self._entries):
            raise ValueError("entries must be grouped by kind, in KIND_ORDER")
        self._vocab: list[str] = sorted(postings)
        self._postings: list[list[int]] = [postings[w] for w in self._vocab]
        # Postings of 1-2 letter word prefixes, which would span a large part of the vocabulary.
        self._short_postings: dict[str, list[int]] = {}
        for n in range(1, _SHORT_WORD + 1):
            by_prefix: dict[str, set[int]] = defaultdict(set)
            for word, posting in zip(self._vocab, self._postings, strict=True):
                if len(word) >= n:
                    by_prefix[word[:n]].update(posting)
            self._short_postings.update((p, sorted(ids)) for p, ids in by_prefix.items())

    def _index_kind(self, lo: int, hi: int) -> _KindIndex:
        folded = self._folded
        length = self._lengths.__getitem__
        order = sorted(range(lo, hi), key=folded.__getitem__)
        # complete() answers to one- and two-letter queries, the longest prefix ranges.
        short: dict[str, list[tuple[float, int]]] = defaultdict(list)
        for i in range(lo, hi):
            label = folded[i]
            for n in range(1, min(len(label), _SHORT_QUERY) + 1):
                prefix = label[:n]
                if prefix[-1] != " ":
                    score = 100.0 if prefix == label else _prefix_score(prefix, label)
                    short[prefix].append((score, i))
        for group in short.values():
            group.sort(key=lambda hit: (-hit[0], hit[1]))
            del group[AUTOCOMPLETE_MAX:]
        # Postings sorted by label length (then id), so a length band is a bisect away.
        words: dict[str, list[int]] = defaultdict(list)
        grams: dict[str, list[int]] = defaultdict(list)
        for i in sorted(range(lo, hi), key=length):
            label = folded[i]
            for word in set(label.split()):
                words[word].append(i)
            for gram in _trigrams(label):
                grams[gram].append(i)
        return _KindIndex(
            lo,
            hi,
            [folded[i] for i in order],
            order,
            dict(short),
            _Postings(words),
            _Postings(grams),
        )

    @classmethod
    def build(cls, program: Program) -> SearchIndex:
        """Index every session, paper, person (authors and chairs) and affiliation."""
        entries, occurrences = _entries(program, _Folder())
        return cls(entries, occurrences)

    def __len__(self) -> int:
        return len(self._entries)

    def entries(self, kinds: Collection[EntryKind] | None = None) -> list[SearchEntry]:
        """Every entry of the kinds asked for, in the default order."""
        return [e for part in self._parts(kinds) for e in self._entries[part.lo : part.hi]]

    def entry(self, kind: EntryKind, ref: str) -> SearchEntry | None:
        """The entry `ref` names, or None."""
        i = self._by_ref.get((kind, ref))
        return None if i is None else self._entries[i]

    # --- autocomplete ----------------------------------------------------------------------

    def complete(
        self, query: str, kinds: Collection[EntryKind] | None = None, limit: int = AUTOCOMPLETE_MAX
    ) -> list[SearchHit]:
        """Choices for a query being typed, best first; at most min(limit, 25).

        An empty query gets the first entries of the kinds asked for, in the default order.
        """
        limit = min(limit, AUTOCOMPLETE_MAX)
        parts = self._parts(kinds)
        if limit <= 0 or not parts:
            return []
        q = _prepare(query)
        if not q:
            first = chain.from_iterable(range(part.lo, part.hi) for part in parts)
            pairs = zip(first, range(limit), strict=False)
            return [SearchHit(self._entries[i], 0.0) for i, _ in pairs]
        scores: dict[int, float] = {}
        self._complete_prefix(q, parts, scores)
        if len(scores) < limit:
            self._complete_words(q, parts, scores)
        if len(scores) < limit and len(q) >= _TYPO_MIN:
            self._complete_typos(q, parts, limit, scores)
        return self._hits(scores, limit)

    def _complete_prefix(
        self, q: str, parts: Sequence[_KindIndex], scores: dict[int, float]
    ) -> None:
        """The labels that start with the query."""
        for part in parts:
            if len(q) <= _SHORT_QUERY:
                scores.update((i, score) for score, i in part.short.get(q, ()))
                continue
            lo, hi = self._prefix_range(part, q, _PREFIX_SCAN)
            for label, i in zip(part.labels[lo:hi], part.ids[lo:hi], strict=True):
                scores[i] = 100.0 if label == q else _prefix_score(q, label)

    def _complete_words(
        self, q: str, parts: Sequence[_KindIndex], scores: dict[int, float]
    ) -> None:
        """The labels with a word starting with each query word."""
        words = sorted(set(q.split()), key=len, reverse=True)
        matches = self._word_matches(words[0])
        if len(words) > 1:
            common = set(matches)
            for word in words[1:]:
                common.intersection_update(self._word_matches(word))
                if not common:
                    return
            matches = sorted(common)
        spaced = " " + q
        budget = _WORDS_SCAN
        for part in parts:
            start = bisect_left(matches, part.lo)
            end = min(bisect_left(matches, part.hi, start), start + budget)
            budget -= end - start
            for i in matches[start:end]:
                if i not in scores:
                    label = self._folded[i]
                    phrase = 5.0 if spaced in " " + label else 0.0
                    scores[i] = 70.0 + 12.0 * min(1.0, len(q) / len(label)) + phrase

    def _word_matches(self, word: str) -> list[int]:
        """Ids of the entries with a word starting with `word`, ascending."""
        if len(word) <= _SHORT_WORD:
            return self._short_postings.get(word, [])
        lo = bisect_left(self._vocab, word)
        hi = bisect_left(self._vocab, word + _HIGH, lo)
        if hi - lo == 1:
            return self._postings[lo]
        return sorted(set(chain.from_iterable(self._postings[lo:hi])))

    def _complete_typos(
        self, q: str, parts: Sequence[_KindIndex], limit: int, scores: dict[int, float]
    ) -> None:
        """Typo-tolerant matches, scaled below 70: labels with the query's first two letters
        whose start is close to it (`ratio`), and labels sharing trigrams with it (`WRatio`)."""
        near: list[int] = []
        for part in parts:
            lo, hi = self._prefix_range(part, q[:2], _FUZZY_SCAN)
            near.extend(part.ids[lo:hi])
        size = len(q) + 1
        found: dict[int, float] = {}
        heads = [self._folded[i][:size] for i in near]
        for _, score, j in process.extract(
            q,
            heads,
            scorer=fuzz.ratio,
            processor=None,
            limit=limit,
            score_cutoff=_COMPLETE_CUTOFF,
        ):
            found[near[j]] = score
        grams = self._gram_candidates(q, parts, _COMPLETE_GRAMS, _COMPLETE_BUDGET)
        choices = [self._folded[i] for i in grams]
        for _, score, j in process.extract(
            q,
            choices,
            scorer=fuzz.WRatio,
            processor=None,
            limit=limit,
            score_cutoff=_COMPLETE_CUTOFF,
        ):
            i = grams[j]
            found[i] = max(score, found.get(i, 0.0))
        for i, score in found.items():
            scores.setdefault(i, 0.69 * score)

    # --- search ----------------------------------------------------------------------------

    def search(
        self, query: str, kinds: Collection[EntryKind] | None = None, limit: int = 10
    ) -> list[SearchHit]:
        """The best matches for a finished query, best first; [] for an empty one."""
        parts = self._parts(kinds)
        q = _prepare(query)
        if limit <= 0 or not q or not parts:
            return []
        candidates = self._search_candidates(q, parts)
        choices = [self._folded[i] for i in candidates]
        scores: dict[int, float] = {}
        for _, score, j in process.extract(
            q,
            choices,
            scorer=fuzz.WRatio,
            processor=None,
            limit=None,
            score_cutoff=_SEARCH_CUTOFF,
        ):
            scores[candidates[j]] = score
        for j, lift in self._lifts(q, choices):
            i = candidates[j]
            scores[i] = max(scores.get(i, 0.0), lift)
        return self._hits(scores, limit, tie_break=q)

    @staticmethod
    def _lifts(q: str, choices: Sequence[str]) -> Iterator[tuple[int, float]]:
        """Scores above WRatio's for labels longer than the query that start with it, nearly
        start with it, or hold it as whole words.

        WRatio weighs a query inside a label at most 60 once the label is 8 times longer, and
        at most 90 below that, where any label sharing one word with the query already gets
        85.5: a title typed from its start, even misspelt, or a paper searched by a word of its
        title ("gpu") would drown. So:

        * a label that starts with the query scores 100 less up to 10 for the part not typed,
          less 3 when the query stops inside a word;
        * one at least 1.5 times longer than a query of 8 characters or more, whose first
          words are nearly the query's, word for word (`_near_prefix`), scores that similarity
          less the same 10;
        * one holding the query (3 characters or more) as whole words scores 86 to 90.
        """
        n = len(q)
        phrase = f" {q} "
        words = q.split()
        for j, label in enumerate(choices):
            if len(label) <= n:
                continue
            if label.startswith(q):
                yield j, 100.0 - 10.0 * (1.0 - n / len(label)) - (label[n] != " ") * 3.0
            elif n >= _PHRASE_MIN and phrase in f" {label} ":
                yield j, 86.0 + 4.0 * n / len(label)
            elif n >= _FUZZY_PREFIX_MIN and label[0] == q[0] and len(label) >= 1.5 * n:
                similarity = _near_prefix(words, label)
                if similarity is not None:
                    yield j, similarity - 10.0 * (1.0 - n / len(label))

    def _search_candidates(self, q: str, parts: Sequence[_KindIndex]) -> list[int]:
        found: dict[int, None] = {}
        exact = self._exact.get(q, ())
        found.update((i, None) for i in exact if any(p.lo <= i < p.hi for p in parts))
        # Labels that start with the query, shortest first.
        for part in parts:
            lo, hi = self._prefix_range(part, q, _PREFIX_SCAN)
            starting = sorted(part.ids[lo:hi], key=lambda i: len(self._folded[i]))
            found.update((i, None) for i in starting[:_SEARCH_PREFIXES])
        # Labels sharing whole words with the query, in WRatio's partial-match length band
        # (1.5 to 8 times longer or shorter than the query), those sharing most words first.
        # Rarest words first; once there are enough, common words only add to the counts.
        n = len(q)
        length = self._lengths.__getitem__
        bands: list[Ids] = []
        for word in set(q.split()):
            for part in parts:
                ids = part.words.get(word)
                if ids is not None:
                    for a, b in ((n / 8.0, n / 1.5), (n * 1.5, n * 8.0)):
                        lo = bisect_left(ids, a, key=length)
                        band = ids[lo : bisect_left(ids, b, lo, key=length)]
                        if band:
                            bands.append(band)
        shared: Counter[int] = Counter()
        for band in sorted(bands, key=len):
            if len(shared) < _SEARCH_WORDS:
                shared.update(band)
            else:
                shared.update(shared.keys() & set(band))
        found.update((i, None) for i in _most_common(shared, _SEARCH_WORDS))
        # Labels 8 times longer than the query or more holding its rarest word, shortest first:
        # WRatio weighs them at most 60, `_lifts` may lift them.
        if n >= _PHRASE_MIN:
            holding = {w: [part.words.find(w) for part in parts] for w in set(q.split())}
            rarest = min(holding.values(), key=lambda lists: sum(map(len, lists)))
            if all(any(lists) for lists in holding.values()):
                for having in rarest:
                    lo = bisect_left(having, 8 * n, key=length)
                    found.update((i, None) for i in having[lo : lo + _SEARCH_PHRASES])
        grams = self._gram_candidates(q, parts, _SEARCH_GRAMS, _SEARCH_BUDGET)
        found.update((i, None) for i in grams)
        return list(found)

    # --- shared ----------------------------------------------------------------------------

    def _parts(self, kinds: Collection[EntryKind] | None) -> list[_KindIndex]:
        wanted = KIND_ORDER if kinds is None else [k for k in KIND_ORDER if k in kinds]
        return [self._kinds[k] for k in wanted if self._kinds[k].lo < self._kinds[k].hi]

    @staticmethod
    def _prefix_range(part: _KindIndex, prefix: str, cap: int) -> tuple[int, int]:
        """Positions in `part.labels` of the labels starting with `prefix`, at most `cap`."""
        lo = bisect_left(part.labels, prefix)
        return lo, min(bisect_left(part.labels, prefix + _HIGH, lo), lo + cap)

    def _gram_candidates(
        self, q: str, parts: Sequence[_KindIndex], k: int, budget: int
    ) -> list[int]:
        """About the `k` entries sharing most character trigrams with `q`.

        Rarest trigrams first, stopping once `budget` postings have been counted (the common
        ones add little but time).
        """
        grams = _trigrams(q)
        postings = sorted(
            (ids for part in parts for gram in grams if (ids := part.grams.get(gram))), key=len
        )
        n = len(q)
        length = self._lengths.__getitem__
        every = 8 * n > self._longest
        # (postings counted, their parts counted once more), rarest first.
        counted: list[tuple[Ids, list[Ids]]] = []
        for taken, ids in enumerate(postings):
            if budget <= 0 and taken >= _MIN_GRAMS:
                break
            budget -= len(ids)
            # Labels within WRatio's length bands count more: shorter than 8 times the query
            # (partial matches weigh 0.9, not 0.6; all of them for a long query), and within
            # 1.5 times its length (whole-string ratios).
            extra = [] if every else [ids[: bisect_left(ids, 8 * n, key=length)]]
            lo = bisect_left(ids, n / 1.5, key=length)
            extra.append(ids[lo : bisect_left(ids, n * 1.5, lo, key=length)])
            counted.append((ids, extra))
        if numpy is not None and counted:
            return _most_counted(counted, k)
        counts: Counter[int] = Counter()
        for ids, extra in counted:
            counts.update(ids)
            for more in extra:
                counts.update(more)
        return _most_common(counts, k)

    def _hits(
        self, scores: dict[int, float], limit: int, tie_break: str | None = None
    ) -> list[SearchHit]:
        ranked = sorted((-score, i) for i, score in scores.items())
        if tie_break is not None and ranked:
            if len(ranked) > limit:
                # Everything tied with the last place competes for it.
                floor = ranked[limit - 1][0]
                ranked = ranked[: bisect_left(ranked, (floor, len(self._entries)))]
            ranked = self._break_ties(ranked, tie_break)
        return [SearchHit(self._entries[i], min(100.0, -neg)) for neg, i in ranked[:limit]]

    def _break_ties(self, ranked: list[tuple[float, int]], q: str) -> list[tuple[float, int]]:
        """Equal scores ordered by word overlap (`token_set_ratio`), then default order."""
        overlap = [0.0] * len(ranked)
        choices = [self._folded[i] for _, i in ranked]
        for _, score, j in process.extract(
            q, choices, scorer=fuzz.token_set_ratio, processor=None, limit=None
        ):
            overlap[j] = score
        order = sorted(range(len(ranked)), key=lambda j: (ranked[j][0], -overlap[j], ranked[j][1]))
        return [ranked[j] for j in order]


def _near_prefix(words: Sequence[str], label: str) -> float | None:
    """How nearly `label` starts with the query `words`: the mean `fuzz.ratio` of each query
    word with the label's word in its place (the last one with as much of it as was typed,
    plus a letter), or None if a pair is below `_FUZZY_WORD_CUTOFF`. "helix servng large"
    nearly starts "helix serving large language models..."; "gustavo he" does not start
    "gustavo hashimoto"."""
    heads = label.split(maxsplit=len(words))[: len(words)]
    if len(heads) < len(words):
        return None
    last = len(words) - 1
    total = 0.0
    for k, (word, head) in enumerate(zip(words, heads, strict=True)):
        if k == last:
            head = head[: len(word) + 1]
        similarity = fuzz.ratio(word, head, score_cutoff=_FUZZY_WORD_CUTOFF)
        if not similarity:
            return None
        total += similarity
    return total / len(words)


def _most_counted(counted: Sequence[tuple[Ids, Sequence[Ids]]], k: int) -> list[int]:
    """`_most_common` of the ids in `counted` (each posting, then its parts counted again),
    in one vectorised pass: the same ids in the same order, for a fraction of the time."""
    firsts = numpy.concatenate([numpy.asarray(ids) for ids, _ in counted])
    again = [numpy.asarray(m) for _, extra in counted for m in extra if m]
    counts = numpy.bincount(numpy.concatenate([firsts, *again]))
    present = numpy.flatnonzero(counts)  # every id counted (the parts repeat some of them)
    # Where each id was first counted: ties go to the first counted, as `Counter` keeps them.
    seen = len(firsts)
    first = numpy.full(len(counts), seen, dtype=numpy.int64)
    numpy.minimum.at(first, firsts, numpy.arange(seen, dtype=numpy.int64))
    order = first[present] - counts[present].astype(numpy.int64) * (seen + 1)  # all distinct
    if len(order) > k:
        top = numpy.argpartition(order, k - 1)[:k]
        top = top[numpy.argsort(order[top])]
    else:
        top = numpy.argsort(order)
    picked: list[int] = present[top].tolist()
    return picked


def _most_common(counts: Counter[int], k: int) -> list[int]:
    """The `k` keys with the highest counts, first counted first among equals. Faster than
    `Counter.most_common` on large counters: counts are small integers, so a histogram finds
    the threshold and only the keys at or above it are sorted."""
    picked: list[int]
    if len(counts) > k:
        histogram = Counter(counts.values())
        seen = 0
        threshold = 0
        for value in sorted(histogram, reverse=True):
            seen += histogram[value]
            if seen >= k:
                threshold = value
                break
        picked = [i for i, c in counts.items() if c >= threshold]
    else:
        picked = list(counts)
    picked.sort(key=counts.__getitem__, reverse=True)
    return picked[:k]
