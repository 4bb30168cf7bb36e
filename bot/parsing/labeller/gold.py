"""Gold line labels derived from a program's truth file, by aligning its strings to the lines.

For training the line model only (`train`): nothing reads a truth file at parse time.

Every filled line gets one label of the rule parser's `--explain` vocabulary, with note and
noise merged into `other` (a truth file says what a program holds, not which of its other lines
are remarks and which are page furniture). Each label also says how it was found:

- `aligned`: the line holds a truth string (a paper's title, whole or split over lines; its
  people; a session's title, track or label; a chair; a break; a room; a day as printed);
- `shaped`: no truth string, but the line's shape says it (a time range with nothing else, a
  date alone, a link word or a paper's badge);
- `unresolved`: neither; taken for `other`.

Matching is casefolded and punctuation-blind; titles are matched fuzzily with rapidfuzz.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rapidfuzz import fuzz

from bot.parsing.labeller.labels import (
    AUTHORS,
    BREAK,
    CHAIR,
    DAY,
    LINK,
    OTHER,
    ROOM,
    SESSION,
    TIME,
    TITLE,
    TITLE_AUTHORS,
)
from bot.parsing.lexer import CHAIR as CHAIR_LABEL_LINE
from bot.parsing.lexer import LOCATION, START_AT, Line, is_link_line
from bot.parsing.timeexpr import find_time_range, parse_day_header

ALIGNED, SHAPED, UNRESOLVED = "aligned", "shaped", "unresolved"

_BREAK_KINDS = frozenset({"break", "social", "break+posters"})
_NON_WORD = re.compile(r"[^\w]+")
_GLUED_DIGIT = re.compile(r"(?<=[^\W\d])(?=\d)|(?<=\d)(?=[^\W\d])")
# Words that join or label what a line names, whatever the program: they explain a line's
# leftover as well as a name does.
_GLUE = frozenset(
    "and und et y e of the de la le des du van von der di da a an in at for with by on to"
    " session sessions chair chairs chaired co cochair track room hall rooms keynote invited"
    " talk paper papers speaker speakers moderator panel panelists presenter presented"
    " discussant organizer organizers organized am pm min minutes cest cet utc edt pdt est"
    " bst aest ist jst kst gmt time start end date when dr prof mr ms mrs"
    " speaker presenter".split()
)
_MIN_TITLE = 8  # a shorter title ("Lunch") is matched whole, never as part of a line
_SPLIT_PIECE = 10  # the shortest piece of a title split over lines


def norm(text: str) -> str:
    """Casefolded, accents and punctuation gone, spaces collapsed."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = _NON_WORD.sub(" ", text.casefold()).replace("_", " ")
    return _GLUED_DIGIT.sub(" ", text).strip()  # "Ang Lu1": a footnote mark is no part of a name


def _tokens(text: str) -> list[str]:
    return [t for t in text.split() if len(t) > 1 or t.isdigit()]


def without_time(text: str) -> str:
    """The line with its first time range taken out."""
    found = find_time_range(text)
    if found is None:
        return text
    return text[: found.span[0]] + " " + text[found.span[1] :]


@dataclass
class _Truth:
    # title, its people, whether it is a single talk's (whose line also reads as its session's)
    titles: list[tuple[str, frozenset[str], bool]] = field(default_factory=list)
    sessions: set[str] = field(default_factory=set)
    breaks: set[str] = field(default_factory=set)
    authors: set[str] = field(default_factory=set)  # normalised full names
    chairs: set[str] = field(default_factory=set)
    person_words: set[str] = field(default_factory=set)  # names and affiliations
    rooms: set[str] = field(default_factory=set)
    room_words: set[str] = field(default_factory=set)
    days: set[str] = field(default_factory=set)
    badges: set[str] = field(default_factory=set)


def _names(people: Any) -> Iterable[tuple[str, str]]:
    for person in people or ():
        if isinstance(person, dict):
            yield norm(person.get("name") or ""), norm(person.get("affiliation") or "")
        elif isinstance(person, str):
            yield norm(person), ""


def _add_people(truth: _Truth, people: Any, into: set[str]) -> frozenset[str]:
    found = set()
    for name, affiliation in _names(people):
        if name:
            into.add(name)
            found.add(name)
            truth.person_words.update(_tokens(name))
        truth.person_words.update(_tokens(affiliation))
    return frozenset(found)


def _listed(people: Any) -> list[Any]:
    """A field that holds one person or a list of them, as a list."""
    if people is None:
        return []
    return list(people) if isinstance(people, list) else [people]


def _add_paper(truth: _Truth, paper: dict[str, Any]) -> None:
    people = [*(paper.get("authors") or ()), *_listed(paper.get("presenter"))]
    names = _add_people(truth, people, truth.authors)
    _add_people(truth, paper.get("discussants"), truth.chairs)
    _add_people(truth, _listed(paper.get("mentor")), truth.authors)  # printed beside the author
    if paper.get("title"):
        truth.titles.append((norm(paper["title"]), names, False))
    if isinstance(paper.get("mark"), str):
        truth.badges.add(norm(paper["mark"]))


def _add_session(truth: _Truth, session: dict[str, Any]) -> None:
    strings = {norm(session.get(key) or "") for key in ("title", "printed_title", "label")}
    strings.add(norm(session.get("track") or ""))
    strings.discard("")
    (truth.breaks if session.get("kind") in _BREAK_KINDS else truth.sessions).update(strings)
    _add_people(truth, session.get("chairs"), truth.chairs)
    _add_people(truth, session.get("organizers"), truth.chairs)
    if session.get("room"):
        truth.rooms.add(norm(session["room"]))
        truth.room_words.update(_tokens(norm(session["room"])))
    if session.get("day"):
        truth.days.add(norm(session["day"]))
    for paper in session.get("papers") or ():
        _add_paper(truth, paper)
    talk = session.get("talk")
    if isinstance(talk, dict):
        speakers = _add_people(truth, talk.get("speaker"), truth.authors)
        if talk.get("title"):
            truth.titles.append((norm(talk["title"]), speakers, True))
    _add_people(truth, session.get("panelists"), truth.authors)


def read_truth(truth: dict[str, Any]) -> _Truth:
    read = _Truth()
    for session in truth.get("sessions") or ():
        _add_session(read, session)
    return read


@dataclass(frozen=True, slots=True)
class GoldLabel:
    label: str
    how: str  # ALIGNED, SHAPED or UNRESOLVED
    # Other labels as right as `label`: a line that is both a session's title and its one
    # talk's title reads as either.
    also: frozenset[str] = frozenset()

    def accepts(self, label: str) -> bool:
        return label == self.label or label in self.also


def _is_glue(word: str) -> bool:
    return word in _GLUE or word.isdigit()


def _explained(leftover: Sequence[str], words: set[str]) -> float:
    """The share of `leftover` words that `words` or the glue words account for (1 if none)."""
    if not leftover:
        return 1.0
    return sum(1 for w in leftover if w in words or w in _GLUE or w.isdigit()) / len(leftover)


def _leftover(line: str, found: str) -> list[str]:
    return _tokens(line.replace(found, " ", 1))


def _whole_match(line: str, strings: Iterable[str], words: set[str]) -> float:
    """How well `line` is one of `strings`, maybe with words `words` explain around it."""
    best = 0.0
    for s in strings:
        if not s:
            continue
        if s == line:
            return 1.0
        if len(s) >= 4 and re.search(rf"(?:^| ){re.escape(s)}(?: |$)", line):
            share = len(s) / len(line)
            best = max(best, 0.5 + 0.5 * max(share, _explained(_leftover(line, s), words)))
        elif abs(len(s) - len(line)) < 0.2 * len(s) and fuzz.ratio(line, s) >= 90:
            best = max(best, 0.95)
    return best


class Aligner:
    """Gold labels for one document's filled lines."""

    def __init__(self, truth: dict[str, Any]) -> None:
        self.truth = read_truth(truth)
        self.people_words = self.truth.person_words | self.truth.room_words

    def labels(self, lines: Sequence[Line]) -> list[GoldLabel]:
        rests = [norm(without_time(line.text)) for line in lines]
        split = self._split_titles(rests)
        return [
            split[i] if i in split else self._one(line, rests[i]) for i, line in enumerate(lines)
        ]

    # -- titles printed over several lines --
    def _split_titles(self, rests: Sequence[str]) -> dict[int, GoldLabel]:
        found: dict[int, GoldLabel] = {}
        for i, rest in enumerate(rests):
            if i in found or len(rest) < _SPLIT_PIECE:
                continue
            for title, _, _ in self.truth.titles:
                if rest == title or not title.startswith(rest):
                    continue
                end = self._title_end(rests, i, title)
                if end is not None:
                    for k in range(i, end + 1):
                        found[k] = GoldLabel(TITLE, ALIGNED)
                    break
        return found

    @staticmethod
    def _title_end(rests: Sequence[str], start: int, title: str) -> int | None:
        joined = rests[start]
        for k in range(start + 1, min(start + 5, len(rests))):
            joined = f"{joined} {rests[k]}"
            if joined == title or fuzz.ratio(joined, title) >= 92:
                return k
            if not title.startswith(joined[: len(title)]) and fuzz.ratio(joined, title) < 60:
                return None
        return None

    # -- one line --
    def _one(self, line: Line, rest: str) -> GoldLabel:
        if not rest:
            return self._shaped(line, rest)
        scores = {
            SESSION: _whole_match(rest, self.truth.sessions, self.people_words),
            BREAK: _whole_match(rest, self.truth.breaks, self.people_words),
            ROOM: _whole_match(rest, self.truth.rooms, self.truth.room_words),
            DAY: _whole_match(rest, self.truth.days, set()),
        }
        talk = False
        title = self._title(rest)
        if title is not None:
            label, score, talk = title
            scores[label] = score
        people = self._people(rest)
        if people is not None:
            label, score = people
            scores[label] = max(scores.get(label, 0.0), score)
        if self._all_rooms(line):
            scores[ROOM] = max(scores[ROOM], 0.9)
        best = max(scores.values())
        if best < 0.75:
            return self._shaped(line, rest)
        tied = [label for label, score in scores.items() if score >= best - 0.02]
        if tied[0] in (ROOM, DAY) and find_time_range(line.text) is not None:
            return GoldLabel(TIME, ALIGNED)  # "9:15 - 10:45 Room 3": a slot's time and place
        also = set(tied[1:])
        if talk and {TITLE, TITLE_AUTHORS} & set(tied):
            also.add(SESSION)  # a talk's title line is its session's too
        return GoldLabel(tied[0], ALIGNED, frozenset(also))

    def _title(self, rest: str) -> tuple[str, float, bool] | None:
        """The best paper or talk title `rest` holds: its label, score, and whether a talk's."""
        best: tuple[str, float, bool] | None = None
        for title, names, talk in self.truth.titles:
            if title == rest:
                return TITLE, 1.0, talk
            if len(title) >= _MIN_TITLE and title in rest:
                leftover = _leftover(rest, title)
                named = [w for w in leftover if w in self.truth.person_words and not _is_glue(w)]
                if any(name in rest for name in names) or (
                    len(named) >= 2 and _explained(leftover, self.truth.person_words) >= 0.6
                ):
                    candidate = (TITLE_AUTHORS, 0.98, talk)
                else:
                    candidate = (TITLE, 0.6 + 0.4 * len(title) / len(rest), talk)
            elif abs(len(title) - len(rest)) < 0.15 * len(title) and fuzz.ratio(title, rest) >= 88:
                candidate = (TITLE, 0.95, talk)
            else:
                continue
            if best is None or candidate[1] > best[1]:
                best = candidate
        return best

    def _people(self, rest: str) -> tuple[str, float] | None:
        words = _tokens(rest)
        authors = [n for n in self.truth.authors if len(n) >= 5 and n in rest]
        chairs = [n for n in self.truth.chairs if len(n) >= 5 and n in rest]
        covered = _explained(words, self.truth.person_words)
        if not authors and not chairs:
            # "School of Computer Science, UNSW, Sydney": an affiliation on a line of its own
            named = [w for w in words if w in self.truth.person_words and not _is_glue(w)]
            return (AUTHORS, 0.8) if len(named) >= 2 and covered >= 0.8 else None
        if covered < 0.6:
            return None
        is_chair = bool(chairs) and (not authors or "chair" in rest or len(chairs) > len(authors))
        return (CHAIR if is_chair else AUTHORS), 0.5 + 0.5 * covered

    def _all_rooms(self, line: Line) -> bool:
        cells = [norm(c) for c in line.cells if c.strip()]
        return len(cells) >= 2 and all(c in self.truth.rooms for c in cells)

    def _shaped(self, line: Line, rest: str) -> GoldLabel:
        words = _tokens(rest)
        found = find_time_range(line.text)
        if found is not None and _explained(words, set()) >= 0.99:
            return GoldLabel(TIME, SHAPED)
        if START_AT.match(line.text):
            return GoldLabel(TIME, SHAPED)
        if CHAIR_LABEL_LINE.match(line.text):
            return GoldLabel(CHAIR, SHAPED)  # "Chair: TBA"
        if LOCATION.match(line.text):
            return GoldLabel(ROOM, SHAPED)
        if parse_day_header(line.text) is not None and len(words) <= 8:
            return GoldLabel(DAY, SHAPED)
        if rest in self.truth.badges or is_link_line(line.text):
            return GoldLabel(LINK, SHAPED)
        if found is not None and found.span[0] == 0:
            return GoldLabel(TIME, SHAPED)  # a slot's time, then a remark the truth leaves out
        return GoldLabel(OTHER, UNRESOLVED)
