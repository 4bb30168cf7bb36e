"""The pure half of a reload: what changed in each session, and which stored session each new
one is. No SQL: it works on `StoredSession`s (a stored row's identity and its model `Session`),
so it is tested without a database.

How a reload is matched against what is stored:

1. by stable id: `Session.id == StoredSession.key` (a soft-deleted one with that key is revived);
2. then, among what is left on both sides, a removed and an added session that are clearly the
   same session under a new id are paired, keeping the row (and so everything that references
   `sessions.id`): first same folded title and same papers (moved to another day or time; a
   session without papers only when its title occurs once in each program, so one "Lunch" does
   not become another day's), then same day, start, room and papers (retitled). A pair is taken
   only when it is unambiguous: the signature occurs exactly once among the removed and once
   among the added sessions;
3. the rest are added, or soft-deleted and reported removed.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, date, datetime

from bot.folding import fold
from bot.model import ChangeKind, Paper, Program, Session


def program_hash(program: Program) -> str:
    """Content hash of a program (conference and sessions; parse warnings excluded)."""
    payload = {
        "conference": asdict(program.conference),
        "sessions": [asdict(session) for session in program.sessions],
    }
    text = json.dumps(
        payload, default=_json_default, sort_keys=True, ensure_ascii=False, separators=(",", ":")
    )
    return hashlib.sha256(text.encode()).hexdigest()


def _json_default(value: object) -> str:
    if isinstance(value, datetime | date):
        return value.isoformat()
    raise TypeError(f"cannot hash {type(value).__name__}")


def without_lines(papers: Iterable[Paper]) -> tuple[Paper, ...]:
    """Papers without their source lines: what a change compares."""
    return tuple(replace(paper, line=None) for paper in papers)


def change_kinds(before: Session, after: Session) -> tuple[ChangeKind, ...]:
    """What differs between two versions of a session, in `ChangeKind` order.

    Source positions (line numbers) are not a change. Times compare as instants.
    """
    kinds: list[ChangeKind] = []
    if (before.day, before.start, before.end, before.room) != (
        after.day,
        after.start,
        after.end,
        after.room,
    ):
        kinds.append(ChangeKind.MOVED)
    if before.title != after.title:
        kinds.append(ChangeKind.RETITLED)
    if before.chairs != after.chairs:
        kinds.append(ChangeKind.CHAIRS)
    if without_lines(before.papers) != without_lines(after.papers):
        kinds.append(ChangeKind.PAPERS)
    if (before.kind, before.track, before.notes) != (after.kind, after.track, after.notes):
        kinds.append(ChangeKind.DETAILS)
    return tuple(kinds)


@dataclass(frozen=True, slots=True)
class StoredSession:
    """A stored session as the plan needs it: its row's id, key, state, place and content."""

    row_id: int
    key: str
    removed: bool
    position: int
    session: Session


@dataclass
class Match:
    """A stored session and the new version of it, at `position` in the new program."""

    stored: StoredSession
    after: Session
    position: int
    previous_key: str | None = None  # set when reconciled across an id change


@dataclass
class Plan:
    matched: list[Match] = field(default_factory=list)
    revived: list[Match] = field(default_factory=list)
    added: list[tuple[Session, int]] = field(default_factory=list)
    removed: list[StoredSession] = field(default_factory=list)


def _paper_titles(session: Session) -> tuple[str, ...]:
    return tuple(fold(paper.title) for paper in session.papers)


def _same_content(session: Session, titles: Counter[str]) -> Hashable | None:
    """Same folded title and same papers: the session moved (its id holds its day).

    Without papers only a title that occurs once in its whole program identifies a session
    ("Lunch" on another day is another lunch; "Keynote: Jane Doe" on another day moved).
    """
    title = fold(session.title) if session.title else ""
    papers = _paper_titles(session)
    if not papers and (not title or titles[title] != 1):
        return None
    return (title, papers)


def _same_slot(session: Session, _titles: Counter[str]) -> Hashable | None:
    """Same day, start, room and papers (and kind, without papers): the session was retitled."""
    if session.day is None or session.start is None:
        return None
    papers = _paper_titles(session)
    return (
        session.day,
        session.start.astimezone(UTC),
        fold(session.room) if session.room else "",
        papers,
        None if papers else session.kind,
    )


_RECONCILERS: tuple[Callable[[Session, Counter[str]], Hashable | None], ...] = (
    _same_content,
    _same_slot,
)


def _title_counts(sessions: Iterable[Session]) -> Counter[str]:
    return Counter(fold(session.title) for session in sessions if session.title)


def reconcile(
    removed: list[StoredSession],
    added: list[tuple[Session, int]],
    titles: tuple[Counter[str], Counter[str]],
) -> tuple[list[Match], list[StoredSession], list[tuple[Session, int]]]:
    """Pair removed sessions with added ones that are the same session under a new id."""
    old_titles, new_titles = titles
    matches: list[Match] = []
    for signature in _RECONCILERS:
        old_by_sig: defaultdict[Hashable, list[StoredSession]] = defaultdict(list)
        new_by_sig: defaultdict[Hashable, list[tuple[Session, int]]] = defaultdict(list)
        for stored in removed:
            old_sig = signature(stored.session, old_titles)
            if old_sig is not None:
                old_by_sig[old_sig].append(stored)
        for item in added:
            new_sig = signature(item[0], new_titles)
            if new_sig is not None:
                new_by_sig[new_sig].append(item)
        paired_rows: set[int] = set()
        paired_new: set[str] = set()
        for sig, olds in old_by_sig.items():
            news = new_by_sig.get(sig, [])
            if len(olds) == 1 and len(news) == 1:
                (old,), ((session, position),) = olds, news
                matches.append(Match(old, session, position, previous_key=old.key))
                paired_rows.add(old.row_id)
                paired_new.add(session.id)
        removed = [stored for stored in removed if stored.row_id not in paired_rows]
        added = [item for item in added if item[0].id not in paired_new]
    return matches, removed, added


def plan_reload(stored: Sequence[StoredSession], program: Program) -> Plan:
    """Which stored session each of `program`'s sessions is, and what is added or removed."""
    plan = Plan()
    active = {s.key: s for s in stored if not s.removed}
    dormant = {s.key: s for s in stored if s.removed}
    new_keys = {session.id for session in program.sessions}
    candidates: list[tuple[Session, int]] = []
    for position, session in enumerate(program.sessions):
        if session.id in active:
            plan.matched.append(Match(active[session.id], session, position))
        elif session.id in dormant:
            plan.revived.append(Match(dormant[session.id], session, position))
        else:
            candidates.append((session, position))
    gone = sorted((s for key, s in active.items() if key not in new_keys), key=lambda s: s.position)
    titles = (
        _title_counts(s.session for s in active.values()),
        _title_counts(program.sessions),
    )
    reconciled, plan.removed, plan.added = reconcile(gone, candidates, titles)
    plan.matched += reconciled
    return plan
