"""The builder's drafts of sessions and papers, and the readings of lines it records, in the
vocabulary `python -m bot parse --explain` shows."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import time

from bot.model import Person, SessionKind
from bot.parsing.kinds import classify_kind
from bot.parsing.lexer import LineKind

# Items that are no talk, whoever is named beside them: "Lunch (Ana Silva)" names a host.
NOT_TALKS = frozenset({SessionKind.BREAK, SessionKind.SOCIAL})


# How a line was read, in the vocabulary `python -m bot parse --explain` shows.
DAY_HEADER, SESSION_HEADER, TIME, CHAIR_LABEL, ROOM = (
    "day header",
    "session header",
    "time",
    "chair",
    "room",
)
TITLE, AUTHORS, TITLE_AUTHORS, LINK, BREAK, NOTE, NOISE = (
    "paper title",
    "authors",
    "title+authors",
    "link/badge",
    "break/social item",
    "note",
    "noise",
)
UNSURE = 0.55  # a reading less sure than this is named in the warnings


@dataclass(frozen=True, slots=True)
class Reading:
    """What the builder took a line for, and how sure the reading was (0 to 1)."""

    label: str
    confidence: float


DEFAULT_READING: dict[LineKind, tuple[str, float]] = {
    LineKind.JUNK: (NOISE, 0.9),
    LineKind.DAY: (DAY_HEADER, 1.0),
    LineKind.META: (TIME, 1.0),
    LineKind.TIME: (TIME, 1.0),
    LineKind.CHAIR: (CHAIR_LABEL, 1.0),
    LineKind.LOCATION: (ROOM, 1.0),
    LineKind.ROOM: (ROOM, 0.9),
    LineKind.START_AT: (TIME, 1.0),
    LineKind.DURATION: (TIME, 1.0),
    LineKind.LINK: (LINK, 0.95),
    LineKind.TITLE_LABEL: (LINK, 0.9),
    LineKind.TABLE_HEADER: (NOISE, 1.0),
    LineKind.ZONE_NOTE: (NOTE, 1.0),
    LineKind.SESSION_HEADER: (SESSION_HEADER, 1.0),
    LineKind.LABEL: (NOISE, 0.9),
    LineKind.TEXT: (NOTE, 0.6),
}


def item_label(title: str) -> str:
    kind = classify_kind(title, paper_count=0)
    return BREAK if kind in NOT_TALKS else SESSION_HEADER


@dataclass(slots=True)
class PaperDraft:
    title: str
    line: int
    authors: list[Person] = field(default_factory=list)
    start: time | None = None
    end: time | None = None
    authors_line: int | None = None
    # "Title | TBA": printed as a talk whose speaker is still to be announced, so a talk even
    # without authors (not a line of notes under an item).
    speaker_to_be_announced: bool = False

    @property
    def authors_above(self) -> bool:
        """Whether its authors were printed on a line above its title."""
        return self.authors_line is not None and self.authors_line < self.line


@dataclass(slots=True)
class SessionDraft:
    line: int
    title: str | None = None
    day_index: int | None = None
    start: time | None = None
    end: time | None = None
    room: str | None = None
    track: str | None = None
    chaired: bool = False  # a chair line names this session's chair, or says one is to come
    chairs: list[Person] = field(default_factory=list)
    papers: list[PaperDraft] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    speakers: list[Person] = field(default_factory=list)
    speakers_line: int | None = None  # the last line that named `speakers`
    speakers_heading: str | None = None  # "Panelists": the heading `speakers` were listed under
    talk_title: str | None = None  # a single talk's own title, beside the item's
    awaits_speakers: bool = False  # "Keynote: Title": the speaker line comes next
    expects_title: bool = False  # opened by a bare time line: the next text names it
    speakers_above: bool = False  # its speakers printed between its time and its title
    from_header: bool = False
    zone_label: str | None = None
    zone_line: int | None = None
    expects_talk_title: bool = False
    timed_by_own_line: bool = False  # False while it only shares the slot of a time line above
    sub_rows: list[tuple[time, time | None]] = field(default_factory=list)  # timed notes
