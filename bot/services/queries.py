"""The questions attendees ask, answered from a catalog with plain data.

Every query is free text that may be misspelt, partial or in another order. Ambiguity is an
answer (two sessions called "LLM Serving" both come back); a query that matches nothing raises
`NotFoundError` carrying the closest names as suggestions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable
from datetime import date, datetime, timedelta
from typing import Any

from rapidfuzz import fuzz, process

from bot.clock import Clock
from bot.errors import NotFoundError, UserError
from bot.folding import fold
from bot.model import (
    AffiliationAnswer,
    ChairAnswer,
    GridAnswer,
    PaperRef,
    PapersAnswer,
    PersonAnswer,
    SearchAnswer,
    SearchResult,
    Session,
    SessionsAnswer,
    TimetableAnswer,
)
from bot.search import EntryKind, SearchHit
from bot.services.catalog import Catalog
from bot.services.timeline import by_time as _by_time
from bot.timelabels import long_day

_PICKED = re.compile(r"@(session|paper|person|affiliation):(.{1,95})")

MATCH_SCORE = 72.0
"""A search result below this is left out."""

MIN_SCORE = 50.0
"""Below this a hit is only a suggestion; above it, it must also cover the query's words."""

TIE_SCORE = 2.0
"""Hits this close to the best are equally good answers (two sessions of one title)."""

SUGGESTIONS = 5
MAX_QUERY = 200


class Queries:
    """Answers over whichever catalog `current` returns (it changes on reload)."""

    def __init__(self, current: Callable[[], Catalog], clock: Clock) -> None:
        self._current = current
        self._clock = clock

    @property
    def catalog(self) -> Catalog:
        return self._current()

    # -- helpers --------------------------------------------------------------------------

    def _hits(self, query: str, kinds: Collection[EntryKind], what: str) -> list[SearchHit]:
        query = _clean_query(query, what)
        picked = _PICKED.fullmatch(query)
        if picked:
            # A value chosen from autocomplete names its entry exactly.
            entry = self.catalog.index.entry(EntryKind(picked.group(1)), picked.group(2))
            if entry is not None and entry.kind in kinds:
                return [SearchHit(entry, 100.0)]
        hits = self.catalog.index.search(query, kinds=kinds, limit=12)
        good = [h for h in hits if h.score >= MIN_SCORE and covers(query, h.entry.label)]
        if not good:
            suggestions = tuple(dict.fromkeys(h.entry.label for h in hits))[:SUGGESTIONS]
            raise NotFoundError(f"No {what} matches “{query}”.", suggestions)
        best = good[0].score
        return [h for h in good if h.score >= best - TIE_SCORE]

    def _sessions_of(self, hits: Iterable[SearchHit]) -> list[Session]:
        catalog = self.catalog
        found: dict[str, Session] = {}
        for hit in hits:
            if hit.entry.kind is EntryKind.SESSION:
                session = catalog.sessions.get(hit.entry.ref)
                if session:
                    found[session.id] = session
            elif hit.entry.kind is EntryKind.PAPER:
                ref = catalog.papers.get(hit.entry.ref)
                if ref:
                    found[ref.session.id] = ref.session
        return list(found.values())

    # -- the questions ----------------------------------------------------------------------

    def session(self, query: str) -> SessionsAnswer:
        """A session by its title, by one of its papers, or by a chair or speaker."""
        hits = self._hits(query, (EntryKind.SESSION, EntryKind.PAPER, EntryKind.PERSON), "session")
        kind = hits[0].entry.kind
        zone = self.catalog.zone_name
        if kind is EntryKind.PERSON:
            records = self.catalog.person(hits[0].entry.ref)
            sessions = _by_time(
                [s for r in records for s in r.chairs]
                + [p.session for r in records for p in r.papers]
            )
            return SessionsAnswer(query, tuple(sessions), "chair or speaker", zone)
        same_kind = [h for h in hits if h.entry.kind is kind]
        matched_by = "title" if kind is EntryKind.SESSION else "paper"
        return SessionsAnswer(query, tuple(self._sessions_of(same_kind)), matched_by, zone)

    def chair(self, query: str) -> ChairAnswer:
        """Who chairs a session (named by title or paper); for a person, what they chair."""
        hits = self._hits(
            query,
            (EntryKind.SESSION, EntryKind.PAPER, EntryKind.PERSON),
            "session, paper or person",
        )
        zone = self.catalog.zone_name
        if hits[0].entry.kind is EntryKind.PERSON:
            records = self.catalog.person(hits[0].entry.ref)
            chairs = _by_time([s for r in records for s in r.chairs])
            return ChairAnswer(query, tuple(chairs), records[0].name if records else None, zone)
        kind = hits[0].entry.kind
        sessions = self._sessions_of(h for h in hits if h.entry.kind is kind)
        sessions.sort(key=lambda s: not s.chairs)  # a poster slot has no chair to name
        return ChairAnswer(query, tuple(sessions), None, zone)

    def paper(self, query: str) -> PapersAnswer:
        hits = self._hits(query, (EntryKind.PAPER,), "paper")
        refs = [
            self.catalog.papers[h.entry.ref] for h in hits if h.entry.ref in self.catalog.papers
        ]
        return PapersAnswer(query, tuple(_dedupe_papers(refs)), self.catalog.zone_name)

    def author(self, query: str) -> PersonAnswer:
        """A person's papers (with sessions and times), chairing, affiliations, co-authors."""
        hits = self._hits(query, (EntryKind.PERSON,), "person")
        catalog = self.catalog
        records = catalog.person(hits[0].entry.ref)
        if not records:
            raise NotFoundError(f"No person matches “{query}”.")
        names = {r.name for r in records}
        papers = _dedupe_papers(sorted((p for r in records for p in r.papers), key=_paper_time))
        chairs = _by_time([s for r in records for s in r.chairs])
        affiliations = tuple(dict.fromkeys(a for r in records for a in r.affiliations))
        coauthors = tuple(
            dict.fromkeys(
                a.name for ref in papers for a in ref.paper.authors if a.name not in names
            )
        )
        others = tuple(
            dict.fromkeys(h.entry.label for h in hits[1:] if h.entry.ref != hits[0].entry.ref)
        )
        return PersonAnswer(
            query=query,
            name=records[0].name,
            affiliations=affiliations,
            papers=tuple(papers),
            chairs=tuple(chairs),
            coauthors=coauthors,
            others=others,
            zone=catalog.zone_name,
        )

    def affiliation(self, query: str) -> AffiliationAnswer:
        hits = self._hits(query, (EntryKind.AFFILIATION,), "affiliation")
        record = self.catalog.affiliations.get(hits[0].entry.ref)
        if record is None:
            raise NotFoundError(f"No affiliation matches “{query}”.")
        others = tuple(
            dict.fromkeys(h.entry.label for h in hits[1:] if h.entry.ref != hits[0].entry.ref)
        )
        return AffiliationAnswer(
            query=query,
            name=record.name,
            variants=record.variants,
            people=record.people,
            papers=tuple(sorted(record.papers, key=_paper_time)),
            others=others,
            zone=self.catalog.zone_name,
        )

    def search(self, query: str) -> SearchAnswer:
        query = _clean_query(query, "search")
        hits = self.catalog.index.search(query, limit=10)
        results = tuple(
            SearchResult(h.entry.kind.value, h.entry.label, h.entry.detail, h.score, h.entry.ref)
            for h in hits
            if h.score >= MATCH_SCORE * 0.75 and covers(query, h.entry.label)
        )
        if not results:
            suggestions = tuple(h.entry.label for h in hits[:SUGGESTIONS])
            raise NotFoundError(f"Nothing matches “{query}”.", suggestions)
        return SearchAnswer(query, results)

    def now(self, room: str | None = None) -> TimetableAnswer:
        """What runs at this moment, and what starts next in each room."""
        catalog = self.catalog
        at = self._clock.now()
        room_name = self.room(room) if room else None
        running = catalog.timeline.running(at, room_name)
        return TimetableAnswer(
            "now",
            at,
            tuple(running),
            catalog.zone_name,
            room=room_name,
            upcoming=tuple(catalog.timeline.next_per_room(at, room_name)),
            **self._phase(at),
        )

    def _phase(self, at: datetime) -> dict[str, Any]:
        """Before the first session starts: "before", and that session; after the last one
        ended: "after"; else "during"."""
        timeline = self.catalog.timeline
        if not timeline.timed or timeline.last_end is None:
            return {}
        first = timeline.timed[0]
        assert first.start is not None
        if at < first.start:
            return {"phase": "before", "first": first}
        if at >= timeline.last_end:
            return {"phase": "after"}
        return {}

    def next(self, room: str | None = None) -> TimetableAnswer:
        """What starts next, per room."""
        catalog = self.catalog
        at = self._clock.now()
        room_name = self.room(room) if room else None
        return TimetableAnswer(
            "next",
            at,
            tuple(catalog.timeline.next_per_room(at, room_name)),
            catalog.zone_name,
            room=room_name,
            **self._phase(at),
        )

    def schedule(self, day: str | None = None, room: str | None = None) -> TimetableAnswer:
        """A day's sessions in time order, optionally in one room."""
        catalog = self.catalog
        at = self._clock.now()
        wanted = self.day(day)
        room_name = self.room(room) if room else None
        sessions = catalog.timeline.on_day(wanted, room_name)
        return TimetableAnswer(
            "schedule", at, sessions, catalog.zone_name, day=wanted, room=room_name
        )

    def grid(self, day: str | None = None, room: str | None = None) -> GridAnswer:
        """A day's timed sessions as the timetable picture draws them (rooms as columns)."""
        schedule = self.schedule(day, room)
        assert schedule.day is not None
        timed = tuple(s for s in schedule.sessions if s.start is not None)
        if not timed:
            raise UserError(
                f"Nothing with a time is scheduled on {long_day(schedule.day, year=True)}"
                + (f" in {room}" if schedule.room else "")
                + ": there is no timetable to draw."
            )
        used = {s.room for s in timed}
        rooms = tuple(r for r in self.catalog.rooms if r in used)
        return GridAnswer(
            conference=self.catalog.program.conference.name,
            day=schedule.day,
            at=schedule.at,
            zone=schedule.zone,
            rooms=rooms,
            sessions=schedule.sessions,
        )

    # -- option values ----------------------------------------------------------------------

    def room(self, text: str) -> str:
        rooms = self.catalog.rooms
        if not rooms:
            raise UserError("This program names no rooms.")
        folded = {fold(r): r for r in rooms}
        key = fold(text)
        if key in folded:
            return folded[key]
        match = process.extractOne(key, list(folded), scorer=fuzz.WRatio, processor=None)
        if match is None or match[1] < MATCH_SCORE:
            raise NotFoundError(f"No room matches “{text}”.", tuple(rooms[:SUGGESTIONS]))
        return folded[match[0]]

    def day(self, text: str | None) -> date:  # noqa: PLR0911 (a table: one return per way of naming a day)
        """`today`, `tomorrow`, a weekday, `day 2`, `2025-04-02`, `Apr 2`: a conference day."""
        catalog = self.catalog
        days = catalog.days
        if not days:
            raise UserError("This program has no dated sessions.")
        today = catalog.local(self._clock.now()).date()
        if not text or not text.strip():
            return today if today in days else days[0]
        key = fold(text)
        if key in {"today", "now"}:
            return today
        if key == "tomorrow":
            return today + timedelta(days=1)
        if key == "yesterday":
            return today - timedelta(days=1)
        m = re.fullmatch(r"(?:day\s*)?(\d{1,2})", key)
        if m and 1 <= int(m.group(1)) <= len(days) and not re.search(r"\d{3}", key):
            return days[int(m.group(1)) - 1]
        try:
            return date.fromisoformat(text.strip())
        except ValueError:
            pass
        by_label = catalog.timeline.day_labels
        if key in by_label:
            return by_label[key]
        match = process.extractOne(key, list(by_label), scorer=fuzz.WRatio, processor=None)
        if match is not None and match[1] >= 85:
            return by_label[match[0]]
        raise NotFoundError(
            f"“{text}” is not a conference day.",
            tuple(long_day(d) for d in days),
        )


def covers(query: str, label: str) -> bool:
    """Most of the query's words are in the label, whole, as a prefix or with a typo.

    Fuzzy scores alone let one short common word carry a match ("nobody at all" would find
    "University of Texas at Dallas"); an answer must account for most of what was typed.
    """
    words = [w for w in fold(query).split() if len(w) > 1] or fold(query).split()
    if not words:
        return False
    label_words = fold(label).split()
    spaced = " " + " ".join(label_words)  # " word" found: a label word starts with it
    unspaced = spaced.replace(" ", "")
    covered = 0
    for word in words:
        if (
            f" {word}" in spaced
            or (
                len(word) >= 4
                and process.extractOne(word, label_words, scorer=fuzz.ratio, score_cutoff=75)
                is not None
            )
            or (len(word) >= 4 and word in unspaced)
        ):
            covered += len(word)
    return covered * 2 >= sum(len(w) for w in words)


def _clean_query(query: str, what: str) -> str:
    query = " ".join(query.split())[:MAX_QUERY]
    if not query:
        raise UserError(f"Say which {what} you mean.")
    return query


def _paper_time(ref: PaperRef) -> tuple[bool, datetime | None, int]:
    start = ref.paper.start or ref.session.start
    return (start is None, start, ref.index)


def _dedupe_papers(refs: Iterable[PaperRef]) -> list[PaperRef]:
    seen: dict[tuple[str, int], PaperRef] = {}
    for ref in refs:
        seen.setdefault((ref.session.id, ref.index), ref)
    return list(seen.values())
