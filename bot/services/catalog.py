"""An immutable in-memory view of one loaded program, built once per load.

Answers are read from here rather than from the database: every question is a few dictionary
look-ups plus one fuzzy search, so answering never waits on I/O and autocomplete stays within
milliseconds at any conference size. The database stays the source of truth; a catalog is
rebuilt from it after every (re)load.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime
from zoneinfo import ZoneInfo

from bot.folding import fold
from bot.model import PaperRef, Program, Session
from bot.search import SearchIndex
from bot.services.timeline import Timeline


@dataclass(frozen=True)
class PersonRecord:
    """Everything one printed name does in the program."""

    name: str
    papers: tuple[PaperRef, ...]
    chairs: tuple[Session, ...]
    affiliations: tuple[str, ...]  # as printed, most frequent first


@dataclass(frozen=True)
class AffiliationRecord:
    name: str  # the most common printed form
    variants: tuple[str, ...]
    people: tuple[str, ...]
    papers: tuple[PaperRef, ...]


@dataclass(frozen=True)
class Catalog:
    slug: str
    program: Program
    index: SearchIndex
    zone: ZoneInfo
    sessions: dict[str, Session]
    papers: dict[str, PaperRef]  # "<session id>#<index>"
    people: dict[str, list[PersonRecord]]  # fold(name) -> the printed names that fold so
    affiliations: dict[str, AffiliationRecord]  # fold(affiliation)
    rooms: tuple[str, ...]
    days: tuple[date, ...]
    timeline: Timeline = field(default_factory=lambda: Timeline.build(()))

    @property
    def zone_name(self) -> str:
        return self.program.conference.timezone

    def person(self, key: str) -> list[PersonRecord]:
        return self.people.get(key, [])

    def local(self, moment: datetime) -> datetime:
        return moment.astimezone(self.zone)


def build_catalog(slug: str, program: Program) -> Catalog:
    """Index a program for answering; pure CPU work (run it off the event loop)."""
    sessions = {s.id: s for s in program.sessions}
    papers: dict[str, PaperRef] = {}
    authored: dict[str, list[PaperRef]] = defaultdict(list)
    chaired: dict[str, list[Session]] = defaultdict(list)
    printed: dict[str, Counter[str]] = defaultdict(Counter)
    affiliation_forms: dict[str, Counter[str]] = defaultdict(Counter)
    affiliation_people: dict[str, dict[str, None]] = defaultdict(dict)
    affiliation_papers: dict[str, dict[str, PaperRef]] = defaultdict(dict)
    for session in program.sessions:
        for chair in session.chairs:
            chaired[chair.name].append(session)
            if chair.affiliation:
                printed[chair.name][chair.affiliation] += 1
                key = fold(chair.affiliation)
                affiliation_forms[key][chair.affiliation] += 1
                affiliation_people[key][chair.name] = None
        for index, paper in enumerate(session.papers):
            ref = PaperRef(paper, session, index)
            papers[f"{session.id}#{index}"] = ref
            for author in paper.authors:
                if not authored[author.name] or authored[author.name][-1] is not ref:
                    authored[author.name].append(ref)
                if author.affiliation:
                    printed[author.name][author.affiliation] += 1
                    key = fold(author.affiliation)
                    affiliation_forms[key][author.affiliation] += 1
                    affiliation_people[key][author.name] = None
                    affiliation_papers[key][f"{session.id}#{index}"] = ref
    people: dict[str, list[PersonRecord]] = defaultdict(list)
    for name in dict.fromkeys([*chaired, *authored]):
        people[fold(name)].append(
            PersonRecord(
                name=name,
                papers=tuple(authored.get(name, ())),
                chairs=tuple(chaired.get(name, ())),
                affiliations=tuple(a for a, _ in printed[name].most_common()),
            )
        )
    affiliations = {
        key: AffiliationRecord(
            name=forms.most_common(1)[0][0],
            variants=tuple(f for f, _ in forms.most_common()),
            people=tuple(affiliation_people[key]),
            papers=tuple(affiliation_papers[key].values()),
        )
        for key, forms in affiliation_forms.items()
    }
    timeline = Timeline.build(program.sessions)
    return Catalog(
        slug=slug,
        program=program,
        index=SearchIndex.build(program),
        zone=ZoneInfo(program.conference.timezone),
        sessions=sessions,
        papers=papers,
        people=dict(people),
        affiliations=affiliations,
        rooms=tuple(dict.fromkeys(s.room for s in program.sessions if s.room)),
        days=tuple(timeline.by_day),  # sorted, as the timeline keeps them
        timeline=timeline,
    )
