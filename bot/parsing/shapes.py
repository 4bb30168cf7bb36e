"""What a line or a cell of program text looks like: shapes the structure builder and the page-wide
decisions (`bot.parsing.page`) both test, one line at a time."""

from __future__ import annotations

import re

from bot.model import Person, SessionKind
from bot.parsing.authors import (
    ATTENDANCE_MODES,
    author_line_score,
    clean,
    is_name_like_strict,
    names_an_institution,
    parse_author_line,
    strip_trailing_marks,
)
from bot.parsing.given_names import GIVEN_NAMES
from bot.parsing.kinds import classify_kind
from bot.parsing.lexer import ROOM_NAME, ROOM_WORDS, is_link_line

# A room's code ("L3", "S1.37", "B101", building and room "16-10"), maybe one of two, maybe
# with its building after a comma ("L3 or S1.37, MI").
_ROOM_CODE = r"[A-Z]{0,2}\d{1,4}(?:[.-]\d{1,3})?[A-Z]?"
ROOM_CELL = re.compile(
    r"^(?:" + ROOM_WORDS + r"|level|floor|building)\b.{0,40}$"
    rf"|^{_ROOM_CODE}(?:\s+(?:or|/|&)\s+{_ROOM_CODE})*(?:,\s*[A-Z]{{2,5}})?$",
    re.I,
)


# "Room B", "Hall 2", "Aula 3.1", "Lecture Hall C-101": a room word, then its code.
ROOM_BY_CODE = re.compile(r"^(?:" + ROOM_WORDS + r")\s+(?-i:[A-Z0-9])[\w.-]{0,7}$", re.I)


def names_a_room(text: str) -> bool:
    """`Room B`, `Main Hall`, `Grand Ballroom E`: a room by its code, or a capitalised name
    around a room word (not `Hall of Fame`, a title's words, nor a person whose surname is a
    room word: `Stuart Hall`, `J. Hall`, `Dr. Ana Sala`)."""
    if ROOM_BY_CODE.match(text):
        return True
    words = text.split()
    if not ROOM_NAME.match(text) or not all(
        w[:1].isupper() or w[:1].isdigit() or (n > 0 and _capitalises_only_its_first_word(w))
        for n, w in enumerate(words)
    ):
        return False
    return not _PERSON_BEFORE_ROOM_WORD.match(text) and not (
        len(words) == 2 and words[0] in GIVEN_NAMES
    )


def is_room_cell(cell: str) -> bool:
    """A table cell that only says where: `Room 1024`, `Foyer`, `Main Hall`, `Большой зал`."""
    return bool(ROOM_CELL.match(cell)) or names_a_room(cell)


def _capitalises_only_its_first_word(word: str) -> bool:
    """A word of a script whose names capitalise only their first word ("Большой зал", "Зал
    Учёного совета"): Cyrillic."""
    return "\u0400" <= word[:1] <= "\u04ff"


# "J. Hall", "Dr. Ana Sala", "Prof Edith Hall": an initial or a title opens a person's name.
_PERSON_BEFORE_ROOM_WORD = re.compile(
    r"^(?:(?-i:[A-Z])\.\s|(?:dr|prof|mr|mrs|ms|sir|dame)\.?\s)", re.I
)


def is_own_item(text: str) -> bool:
    """A row that names an item of its own wherever it is printed: a break, a meal, a
    reception, the opening or closing."""
    kind = classify_kind(text, paper_count=0)
    return kind in (SessionKind.BREAK, SessionKind.SOCIAL, SessionKind.PLENARY)


# "Session A", "Poster Session": an item's name, never a person's.
ITEM_WORD = re.compile(
    r"^\W*(?:session|track|room|hall|panel|keynote|talk|paper|poster|workshop|tutorial|"
    r"break)\b",
    re.I,
)

FIELD_LABEL = re.compile(r"^(?:time|times|when|slot|hours?|date|schedule)$", re.I)

LEADING_MARK = re.compile(r"^[(\[](?P<mark>[^()\[\]]{1,50})[)\]]\s+(?=\S)")

NAME_SMALL_WORDS = frozenset(
    "van von der den de del della di da dos das du la le ten ter bin binti al el y e ibn"
    " and et und".split()
)


def has_common_word(text: str) -> bool:
    """A lowercase word that no name has ("Mixing times and cutoff"): a title, however an
    author list might split it."""
    return any(w[:1].islower() and w.isalpha() and w not in NAME_SMALL_WORDS for w in text.split())


NAME_COLON = re.compile(r"^(?P<who>[^:()\d]{3,60}?):\s+(?P<title>\S.*)$")
# "Edward Harcourt (Oxford): TBC", "A (UCL) & B (Utrecht, online): Title": speakers each with
# a parenthesis after the name (an affiliation, or how they attend), then the title.
_NAMES_IN_PARENS_COLON = re.compile(
    r"^(?P<who>[^:()\d]{3,60}\([^():]{1,60}\)(?:\s*(?:&|and|,)\s*[^:()\d]{3,60}\([^():]{1,60}\))*)"
    r":\s+(?P<title>\S.*)$"
)
_PARENTHESIS = re.compile(r"\s*\([^()]*\)")
# What joins the names of several speakers: "A & B", "A and B", "A, B".
SPEAKERS_JOINED = re.compile(r"\s*(?:&|\band\b|,)\s*")
# The labels programs print before who gives a talk ("Speaker:", "Referent:", "講演者："), in
# English and some thirty other languages; a regex fragment, matched ignoring case.
SPEAKER_LABEL_WORDS = (
    r"speakers?|presenters?|presented by|speaker\(s\)|ponentes?|referent(?:in|innen|en|ka)?|"
    r"vortragende[rn]?|sprecher(?:in)?|spreker|intervenant(?:e|s|es)?|orat(?:eur|rice)s?|"
    r"relat(?:ore|rice|ori)|palestrantes?|conferencistas?|konuşmacı(?:lar)?|talare|"
    r"föredragshållare|foredragsholder|puhuja|esitelmöitsijä|előadók?|prelegent(?:ka)?|"
    r"přednášející|prednášajúci|predavač(?:ica)?|predavatelj(?:ica)?|ομιλητ(?:ής|ρια|ές)|"
    r"vorbitor(?:i)?|pembicara|narasumber|diễn giả|báo cáo viên|спикер|докладчик|"
    r"выступающий|доповідач|講演者|発表者|报告人|主讲人|主講人|讲者|講者|발표자|연사"
)
# "TBC", "TBA", "to be confirmed": a talk whose title is not given yet.
PLACEHOLDER_TITLE = re.compile(r"^(?:TB[ACD]|to be (?:confirmed|announced|decided))\.?$", re.I)
# "(online)", "(Utrecht, online)": how a speaker attends, printed where an affiliation goes.
_ATTENDANCE = re.compile(r"(?:^|,\s*)(?:" + ATTENDANCE_MODES + r")\s*$", re.I)


def name_colon_title(text: str, *, on_a_page_of_them: bool = False) -> tuple[str, str] | None:
    """(speaker, title) of `Kensuke Harada: Realizing robust motion planning`, where the left
    side is two to four words that could be a name; whether it is one only the page can say
    (`Graph Neural Networks: A Survey` reads the same). Speakers printed with a parenthesis
    after each name (`Edward Harcourt (Oxford): TBC`) are kept whole, parentheses and all;
    so are names printed surname first (`Cavanagh, James F: Title`), several joined by a
    slash (`Lii, Theresa/Saab, Carl: Title`). `on_a_page_of_them`: the page is known to
    print its talks so, and a title that reads like a list of names (`Oscillations and Human
    Cortex.`) is still a title unless it is only names."""
    text = clean(text)
    m = NAME_COLON.match(text)
    if m is None and on_a_page_of_them:
        # "Liam Paninski TBA": among such talks, one whose title is not given yet.
        m = _NAME_THEN_PLACEHOLDER.match(text)
    if m is None:
        m = _NAMES_IN_PARENS_COLON.match(text) if "(" in text else None
        if m is None:
            return None
        names = SPEAKERS_JOINED.split(_PARENTHESIS.sub("", m.group("who")).strip())
        # the parentheses make the left side people, so a short title will do
        # ("Hermeneutics and AI"), if it is not more people
        titled = not _only_names(m.group("title"))
    else:
        names = [given_name_first(name) for name in _SLASH.split(m.group("who").strip())]
        titled = reads_as_title(m.group("title")) or (
            on_a_page_of_them and not _only_given_names(m.group("title"))
        )
    who, title = m.group("who").strip(), m.group("title").strip()
    if (
        not all(_reads_as_a_speaker(name) for name in names)
        or any(ITEM_WORD.match(name) for name in names)
        or classify_kind(" ".join(names), paper_count=1) is not SessionKind.PAPERS
        or not (titled or PLACEHOLDER_TITLE.match(title))
    ):
        return None
    return who, title


# A job title's words, as speaker lines print them before the company (`Staff Engineer, Acme`).
JOB = re.compile(
    r"\b(?:engineer|director|professor|manager|scientist|researcher|architect|lead|head|"
    r"chief|ceo|cto|cio|coo|founder|co-founder|student|fellow|officer|developer|consultant|"
    r"analyst|president|vp|vice president|partner|advocate|evangelist|maintainer|editor|"
    r"postdoc|lecturer|dean|rector|chancellor|chair|principal|specialist|strategist|"
    # the offices of courts, ministries and chambers ("Vice Chairman", "Deputy
    # Secretary-General", "Senior Minister of State", "Judge", "Independent Arbitrator"), as
    # legal and public-policy forums print their speakers
    r"chairman|chairwoman|secretary|secretary-general|minister|judge|member|"
    r"counsel|arbitrator|mediator|commissioner|ambassador|registrar|attorney|solicitor|"
    r"barrister|vice-president)\b",
    re.I,
)

# "Ana Silva - Title", "Ana Silva, Bo Li - Title", "Ana Silva + Bo Li – Title": the speakers,
# then the first spaced dash, then the title.
_NAME_DASH = re.compile(r"^(?P<who>[^\d()\[\]:;]{3,120}?)\s[-–—]\s+(?P<title>\S.*)$")
# What joins the names of several speakers before such a dash: SPEAKERS_JOINED, or a plus.
_DASH_SPEAKERS_JOINED = re.compile(r"\s*(?:&|\+|\band\b|,)\s*")
# "… and Cinema. Assistant Professor": one to three capitalised words after a title's stop.
_RANK_AFTER_STOP = re.compile(r"(?<=[.?!])\s+(?P<rank>(?:[A-Z][\w-]*)(?:\s+[A-Z][\w-]*){0,2})$")
# The words a title opens with and no name does: "The Picture Stares Back - Ana Silva".
_TITLE_OPENERS = frozenset(
    "the a an on of in for from to with towards toward beyond between about against after"
    " before through under into".split()
)
# Where a line of workplaces parts them: "Sapienza Università di Roma; Bo Li - CNR".
_AFFILIATION_PARTS = re.compile(r"\s*;\s*|\s[-–—]\s")


def _names_a_workplace(text: str) -> bool:
    """`University of Porto; Bo Li - CNR`, `Staff Engineer, Acme Studios`: where someone works
    (or what they do there), not a talk's title."""
    head = text.split(",", 1)[0]
    if "," in text and len(head.split()) <= 5 and JOB.search(head):
        return True
    parts = _AFFILIATION_PARTS.split(text)
    return any(len(part.split()) >= 2 and names_an_institution(part) for part in parts)


def name_dash_title(text: str) -> tuple[tuple[str, ...], str] | None:
    """(speakers, title) of `Ana Silva, Bo Li - Varnish as a Picture Plane`: bare names of two
    to four words each, given name first, then the first spaced dash and a title that is not
    itself only names (`Title - Ana Silva` the other way round is left alone) nor names a
    workplace (`Ana Silva - University of Porto; Bo Li - …`), without a link
    after a last spaced dash (`- recording`, `- slides`). Whether a line so
    printed is a talk only the page can say: `Graph Neural - Networks` would read the same."""
    m = _NAME_DASH.match(clean(text))
    if m is None:
        return None
    names = tuple(n for n in _DASH_SPEAKERS_JOINED.split(m.group("who").strip()) if n)
    title = m.group("title").strip()
    head, dash, tail = title.rpartition(" - ")
    if dash and head and is_link_line(tail):
        title = head.strip()  # "Title - recording": the link after the title, no part of it
    rank = _RANK_AFTER_STOP.search(title)
    if rank is not None and JOB.search(rank.group("rank")):
        title = title[: rank.start()]  # "Title. Assistant Professor": who the speaker is
    if (
        not names
        or len(title.split()) < 2  # "Ana Silva - MG": where she is from
        or not all(_reads_as_a_speaker(name) for name in names)
        or any(name.split()[0].lower() in _TITLE_OPENERS for name in names)
        or any(ITEM_WORD.match(name) for name in names)
        or classify_kind(" ".join(names), paper_count=1) is not SessionKind.PAPERS
        or _only_given_names(strip_trailing_marks(title)[0])
        or _names_a_workplace(title)
    ):
        return None
    return names, title


_NAME_THEN_PLACEHOLDER = re.compile(r"^(?P<who>[^:()\d]{3,60}?)\s+(?P<title>TB[ACD])$")
# "Lii, Theresa/Saab, Carl": two speakers joined by a slash without spaces.
_SLASH = re.compile(r"(?<=\S)/(?=[A-Z])")
# "Cavanagh, James F", "Howe, W.M.": a surname, a comma, then the given names or initials.
_SURNAME_FIRST = re.compile(r"^(?P<surname>[^,]+),\s+(?P<given>[^,]+)$")
# "F", "E.", "W.M.": an initial, or two run together.
_INITIALS = re.compile(r"^(?:[A-Z]\.?){1,3}$")
# "leBeau", "deVries": a surname whose lower-case particle is written on to it.
_GLUED_PARTICLE = re.compile(r"^[a-z]{1,3}(?=[A-Z][a-z])")


def given_name_first(name: str) -> str:
    """`Cavanagh, James F` -> `James F Cavanagh`; any other name as it is."""
    m = _SURNAME_FIRST.match(name.strip())
    return f"{m.group('given')} {m.group('surname')}" if m else name.strip()


def _reads_as_a_speaker(name: str) -> bool:
    """Two to four words of a name, given name first, its initials aside (`James F Cavanagh`,
    `W.M. Howe`, `Fiona leBeau`)."""
    words = [_GLUED_PARTICLE.sub("", w) for w in name.split()]
    if not 2 <= len(words) <= 4:
        return False
    named = [w for w in words if not _INITIALS.match(w)]
    if len(named) == 1 and words[-1] == named[0]:
        # `W.M. Howe`: initials, then one capitalised surname
        surname = named[0]
        return surname[:1].isupper() and surname[1:].isalpha() and surname[1:].islower()
    return len(named) >= 2 and is_name_like_strict(" ".join(named))


def _only_names(text: str) -> bool:
    names = SPEAKERS_JOINED.split(text.strip())
    return all(2 <= len(name.split()) <= 4 and is_name_like_strict(name) for name in names)


def _only_given_names(text: str) -> bool:
    """`_only_names`, each opening with a known given name: `Brain Rhythms and Executive
    Control` is a title in names' clothing."""
    names = SPEAKERS_JOINED.split(text.strip())
    return _only_names(text) and all(name.split()[0] in GIVEN_NAMES for name in names)


def colon_speakers(who: str) -> tuple[Person, ...]:
    """The speakers of `name_colon_title`'s left side, each with the affiliation in its
    parenthesis and without how they attend (`Federica Russo (Utrecht, online)` is of
    Utrecht; `Sean Sayers (online)` of nowhere said)."""
    if "(" not in who:
        return tuple(Person(name.strip(), None) for name in _SLASH.split(who))
    people = []
    for person in parse_author_line(who).authors:
        affiliation = person.affiliation
        if affiliation is not None:
            affiliation = _ATTENDANCE.sub("", affiliation).strip() or None
        people.append(Person(person.name, affiliation))
    return tuple(people)


def reads_as_title(text: str) -> bool:
    """Three words or more that read as no people; or two in guillemets (`«Метод орбит»`),
    which quote a title and never a person."""
    words = len(text.split())
    if words == 2 and text[:1] == "«" and text.rstrip(".,;")[-1:] == "»":
        return True
    return words >= 3 and (author_line_score(text) < 0.5 or has_common_word(text))


def title_score(text: str) -> float:
    """How much a line below a row of people reads as people too: its author score without
    the marks after a title ("(on-site)"), and 0 for an author list that runs on into more
    words ("Dalkalaen (Oceanic): Articulatory variation …" is a title)."""
    title, _ = strip_trailing_marks(text)
    return 0.0 if parse_author_line(title).rest else author_line_score(title)


SENTENCE_BREAK = re.compile(r"[.!?]\s+[A-Z]")


def is_prose(text: str) -> bool:
    """Running text (an abstract, a description): several sentences, or many words with few
    list separators. A long author list is neither."""
    words = len(text.split())
    if words < 16 or author_line_score(text) >= 0.5:
        return False
    separators = text.count(",") + text.count(";") + text.count("·")
    return (
        len(SENTENCE_BREAK.findall(text)) >= 2
        # "… we know far less about whether coordination… Read full abstract": a text the
        # page cut short, the link to its rest copied after the ellipsis.
        or bool(_CUT_SHORT_THEN_READ_MORE.search(text))
        or (words >= 60 and separators < words / 8)
        # one long sentence without a list's commas ("Gli studenti … riceveranno un attestato
        # … (mattina e pomeriggio)."): no title runs to 25 words and a full stop
        or (words >= 25 and not _LIST_SEPARATOR.search(text) and text.rstrip().endswith("."))
        # "We recommend that participants … book rooms at …, 4610 N. Main St, City 22203.": a
        # long sentence to the reader; a title does not say we or you and end in a full stop.
        or (bool(_TO_THE_READER.match(text)) and text.rstrip().endswith("."))
    )


# "We recommend …", "You can …", "Please note …", "Our speakers will …": words to the reader.
_TO_THE_READER = re.compile(r"(?:We|You|Please|Our)\s+[a-z]")


# "…  Read more", "... Read the full abstract", "… See more", "… Continue reading": the tail
# of a teaser whose rest is behind a link.
_CUT_SHORT_THEN_READ_MORE = re.compile(
    r"(?:…|\.{3})\s*(?:(?:read|show|see|view)\s+(?:the\s+)?(?:more|full(?:\s+\w+)?)"
    r"|continue\s+reading)\s*[»›→]?$",
    re.I,
)


# A comma, semicolon or dot between a list's items (not the decimal comma of "0,5 CFU").
_LIST_SEPARATOR = re.compile(r"[,;·](?!\d)")
