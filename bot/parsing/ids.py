"""Stable session ids.

An id must survive re-parsing the same file and edits elsewhere in it, because reminders hang on
it. So it is derived only from the session itself: its normalised title (or, without a title, its
first paper or chair) and its day. Only where that collides (two "Coffee break"s on one day) do
the start time, then the room, then the position among equals join the key.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace

from bot.folding import fold
from bot.model import Session


def normalise_key(text: str) -> str:
    """Case-, accent- and punctuation-insensitive form of `text`, for keys only."""
    return fold(text)


def _identity(session: Session) -> str:
    if session.title:
        return normalise_key(session.title)
    if session.papers:
        return "paper " + normalise_key(session.papers[0].title)
    if session.chairs:
        return "chair " + normalise_key(session.chairs[0].name)
    return "untitled"


def _digest(parts: Sequence[str]) -> str:
    return hashlib.sha1("\x1f".join(parts).encode(), usedforsecurity=False).hexdigest()[:12]


def assign_ids(sessions: Sequence[Session]) -> tuple[Session, ...]:
    """Give every session a stable id; ids are unique within the sequence."""
    keys: list[list[str]] = [[_identity(s), s.day.isoformat() if s.day else ""] for s in sessions]
    refinements: tuple[Callable[[Session], str], ...] = (
        lambda s: s.start.strftime("%H:%M") if s.start else "",
        lambda s: normalise_key(s.room) if s.room else "",
    )
    for refine in refinements:
        counts = Counter(tuple(k) for k in keys)
        for key, session in zip(keys, sessions, strict=True):
            if counts[tuple(key)] > 1:
                key.append(refine(session))
    seen: Counter[tuple[str, ...]] = Counter()
    ids = []
    for key in keys:
        frozen = tuple(key)
        ordinal = seen[frozen]
        seen[frozen] += 1
        ids.append(_digest([*frozen, str(ordinal)] if ordinal else frozen))
    return tuple(replace(s, id="s" + i) for s, i in zip(sessions, ids, strict=True))
