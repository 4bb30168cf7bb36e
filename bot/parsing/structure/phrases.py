"""What one line's text says, read without its neighbours: roles and chairs, speakers and
their workplaces, a title's marks and labels, a table header's fields. Pure functions and the
patterns they use."""

from __future__ import annotations

import re
from collections.abc import Container, Sequence
from datetime import time

from bot.model import Person, SessionKind
from bot.parsing.authors import (
    AuthorLine,
    author_line_score,
    clean,
    initials_then_surname,
    is_name_like,
    is_name_like_strict,
    names_an_institution,
    parse_author_line,
    split_colon_authors,
    without_parentheses,
)
from bot.parsing.given_names import GIVEN_NAMES
from bot.parsing.kinds import KEYNOTE_PHRASES, REGISTRATION, classify_kind
from bot.parsing.lexer import (
    CHAIR_MARKED_AFTER,
    HEADER_WORDS,
    ROOM_WORDS,
    SESSION_LABEL,
    Line,
    LineKind,
    find_chair_label,
    names_a_place,
)
from bot.parsing.shapes import (
    ITEM_WORD,
    JOB,
    NAME_SMALL_WORDS,
    SPEAKER_LABEL_WORDS,
    is_prose,
    is_room_cell,
    names_a_room,
    reads_as_title,
)
from bot.parsing.spreadsheet import column_field
from bot.parsing.structure.drafts import NOT_TALKS, PaperDraft, SessionDraft
from bot.parsing.timeexpr import DayExpr, find_date

ROLE = re.compile(
    # "Session organized by A and B" too: a role ending in "by" needs no colon.
    r"^(?:[-–•]\s+)?\(?\s*(?:(?:session|workshop|track|panel|tutorial)\s+)?"
    # who leads a discussion ("Facilitators: A and B") does what a moderator does
    r"(?:(?P<moderator>moderators?|moderated by|host(?:s|ed by)?|facilitators?|facilitated by)|"
    r"(?P<speaker>panelists?|panel members?|authors?|author\(s\)|led by|"
    + SPEAKER_LABEL_WORDS
    + r")|"
    r"(?P<organiser>organi[sz]ers?|organi[sz]ed by|coordinators?|secretar(?:y|ies)|"
    r"technical assistants?|rapporteurs?)|"
    # who comments on a paper after it is given: neither its author nor the session's chair
    r"(?P<discussant>discussants?|respondents?|commentators?|discussion by|discussed by))"
    r"(?:\s*[:：]|(?<=by)\s)\s*(?P<who>.*?)\)?$",
    re.I,
)
# What a performer plays, as concert programs print it after the name ("Ana Ruiz, viola",
# "Bo Li, electric guitar & voice", "fixed media"): a musical instrument, voice or medium.
_INSTRUMENT_NOUNS = (
    r"electronics|media|tape|laptops?|computer|piano|keyboards?|voice|vocals|soprano|"
    r"mezzo-soprano|alto|tenor|baritone|bass|guitars?|violin|viola|cello|violoncello|contrabass|"
    r"double bass|flutes?|clarinet|oboe|bassoon|saxophones?|trumpet|trombone|horn|tuba|"
    r"percussion|drums|marimba|vibraphone|harp|organ|accordion|synthesi[sz]ers?|turntables|"
    r"sensors|instruments|conductor"
)
_INSTRUMENT = r"(?:[A-Za-z-]+\s+)?(?:" + _INSTRUMENT_NOUNS + r")"
# An instrument part may be the piece's own device, one capitalised word ("Contrabass & ARCube").
_PLAYED = re.compile(
    r"^(?:"
    + _INSTRUMENT
    + r"|[A-Z][\w-]{1,20})(?:\s*(?:&|\band\b|,|/|\+)\s*(?:"
    + _INSTRUMENT
    + r"|[A-Z][\w-]{1,20}))*$",
    re.I,
)
_HAS_INSTRUMENT = re.compile(r"\b(?:" + _INSTRUMENT_NOUNS + r")\b", re.I)


def names_a_performer(text: str, piece: str = "") -> bool:
    """`Ana Ruiz, viola`, `Bo Li, Modular Synthesizer & ARCube`, `fixed media`: who plays a
    piece and on what (or only its medium), as a concert lists it under the piece and its
    composer. Neither an author nor a title. A piece named for the instrument it is written
    for (`Glassharp by Ana Ruiz` / `Ana Ruiz, Glassharp`) names what its performer plays."""
    who, comma, played = text.rpartition(", ")
    if not comma:
        who, played = "", text
    own_instrument = bool(piece) and played.casefold() == piece.casefold()
    if not own_instrument and (not _HAS_INSTRUMENT.search(played) or not _PLAYED.match(played)):
        return False
    if not who:
        return played[:1].islower()  # "fixed media", "live electronics": the medium alone
    return 2 <= len(who.split()) <= 4 and is_name_like(who)


# "(Valentina)", "(Ann Lee)": one to three capitalised words in parentheses, as a person.
PARENTHESISED_PERSON = re.compile(r"\((?P<who>[A-Z][a-z]+(?:[ -][A-Z][a-z'’.-]+){0,2})\)")
# "Reproducibility in fMRI (Russ Poldrack; PAB5)": a title, then its speaker and its room.
SPEAKER_AND_PLACE = re.compile(
    r"^(?P<title>.{3,}?)\s*\((?P<who>[^();,]{3,40});\s*(?P<place>[^();,]{1,30})\)$"
)
KEYNOTE_SPEAKER = re.compile(
    r"(?:" + KEYNOTE_PHRASES + r")[^:]*?"
    r"(?::|\bby\b|—|–)\s*(?P<who>.+)$",
    re.I,
)
KEYNOTE_SEPARATOR_AT_END = re.compile(r"\s*(?::|\bby|—|–)\s*$", re.I)
TRAILING_ROOM = re.compile(
    r"\s*\((?:(?:room|location|venue|place)\s*:\s*(?P<named>[^()]{1,40})"
    # "Lunch (@Minghu Restaurant)": an at sign before a place
    r"|@\s*(?P<at>[^()@]{2,60})"
    r"|(?P<room>(?:" + ROOM_WORDS + r")\b[^()]{0,40}))\)\s*$",
    re.I,
)


def room_in_parentheses(title: str) -> tuple[str, str | None]:
    """`Session 2A: Storage (Room 101)`, `Session 1: Ethics (Room: Aula)`: the title, and the
    room printed after it in parentheses."""
    m = TRAILING_ROOM.search(title)
    if m is None or m.start() == 0:
        # "Oral Session 1A (East Exhibition Hall A)": a capitalised room's name, a room word
        # inside it
        closing = _CLOSING_PARENTHESIS.search(title)
        if closing and closing.start() > 0 and names_a_room(closing.group("inside")):
            return title[: closing.start()].strip(), closing.group("inside")
        return title, None
    return title[: m.start()].strip(), clean(m.group("named") or m.group("at") or m.group("room"))


_CLOSING_PARENTHESIS = re.compile(r"\s*\((?P<inside>[^()]{3,60})\)\s*$")


LEADING_CLOCK = re.compile(
    r"^(?P<h>[01]?\d|2[0-3])[:.h](?P<m>[0-5]\d)(?:\s*(?P<ampm>[ap]\.?m\.?))?\s+(?=\D)", re.I
)
# "Date & Time :", "When:": a field's name before the slot's date and time.
SLOT_FIELD = re.compile(
    r"^(?:date\s*(?:&|and|/)\s*time|date|time|when|datum|zeit|termin)\s*[:：]\s*", re.I
)


def slot_date(before: str) -> DayExpr | None:
    """`Date & Time : October 25`, `Oct 26,`: the calendar date printed just before a slot's
    time, and nothing else (a title ending in a date is no slot date)."""
    text = SLOT_FIELD.sub("", before.strip()).strip(" ,")
    found = find_date(text) if text else None
    if found is None or found.month is None or found.day is None:
        return None
    if text[: found.span[0]].strip(" ,") or text[found.span[1] :].strip(" ,"):
        return None
    return found


SLOT_ONLY = re.compile(
    r"^(?:multi[- ]?track|parallel(?: sessions| tracks)?|tracks?|sessions?)$", re.I
)
PARENTHESISED = re.compile(r"^\([^()]+\)$")
# "Day 2 - Introduction to Python and OGGM": a numbered day's theme.
DAY_THEME = re.compile(r"^\s*day\s*\d{1,2}\s*[:.\-–—]\s*\S", re.I)
# '"Title"', and '"Title".' where the line ends the sentence after the closing quote
QUOTED = re.compile(r'^\s*["“”„«»\'‘’](?P<t>.+?)(?:["“”„«»\'‘’][.,;]?)?\s*$')


# A slot row that names several sessions rather than one: "Sesje referatowe I – III",
# "Parallel sessions", "Sesiones simultáneas", "Sessions 4A-4C".
SESSIONS_AHEAD = re.compile(
    r"^(?:(?:parallel|concurrent|breakout|technical|paper)\s+)?(?:sessions|sesje|sesiones|"
    r"sessões|sessioni|sitzungen|sessies|sekcje|секции|сессии|parallelsitzungen)\b",
    re.I,
)


def opens_next_cell(line: Line) -> bool:
    """`<TAB>10:30`, or a TAB alone on its line (as some browsers copy a cell's start): the
    next cell of a row whose cells run over several lines."""
    return len(line.cells) == 2 and line.cells[0] == ""


PRESENTER_JOIN = re.compile(r"\s+[+&/]\s+")
NOBODY = frozenset("all everyone everybody tba tbd tbc staff organizers organisers".split())


# "Panel Discussion: Rhea Munk", "Round Table": a timetable's speaker cell saying its row is
# a panel, maybe naming the one who leads it.
_PANEL_LABEL = re.compile(
    r"^(?:(?:panel|round[- ]?table)(?:\s+discussion)?|discussion panel)\s*"
    r"(?::\s*(?P<who>\S.*))?$",
    re.I,
)


def panel_topic_and_moderator(label: str, topic: str) -> tuple[str, list[Person]] | None:
    """`Panel Discussion: Rhea Munk | What is needed? Theory and Modelling`: a timed row's
    cell naming it a panel (and the one person who leads it), beside the cell of its topic:
    the topic and its moderator ([] for a bare `Panel Discussion`); None for any other row,
    or for a panel cell naming several people (its panelists, not a moderator)."""
    found = _PANEL_LABEL.match(label.strip())
    topic = topic.strip()
    if (
        found is None
        or len(topic.split()) < 2
        or _PANEL_LABEL.match(topic)
        or names_a_place(topic)  # "Panel Discussion | Venue: Senate Hall": where, not what
        or classify_kind(topic, paper_count=1) not in (SessionKind.PAPERS, SessionKind.OTHER)
    ):
        return None
    if found.group("who") is None:
        return topic, []
    people = presenters_in(found.group("who"))
    if len(people) != 1 or not reads_as_a_name(people[0].name):
        return None
    return topic, people


def presenters_in(text: str) -> list[Person]:
    """The people of a cell in a column headed Speaker or Presenter: there even a first name
    alone is a person ("Jim + Laurent", "Chris"); [] for anything else."""
    people: list[Person] = []
    for part in PRESENTER_JOIN.split(text):  # "Jim + Laurent": one name each side
        parsed = parse_author_line(part)
        if parsed.rest or not parsed.authors:
            return []
        people.extend(parsed.authors)
    for author in people:
        words = author.name.split()
        if (
            not 1 <= len(words) <= 5
            or author.name.casefold() in NOBODY
            or ITEM_WORD.match(author.name)
            or not all(w[:1].isupper() for w in words if w.isalpha() and len(w) > 3)
            or not is_name_like(author.name)
        ):
            return []
    return people


def one_person_and_affiliation(parsed: AuthorLine, text: str, known_names: set[str]) -> AuthorLine:
    """`John Clements, Cal Poly` on a page that prints `Name, Affiliation`: one person and
    where they work, not two people (unless the second is a name the page prints elsewhere)."""
    if len(parsed.authors) != 2:
        return parsed
    name, comma, rest = clean(text).partition(", ")
    first, second = parsed.authors
    if (
        first.affiliation is not None
        and first.affiliation == second.affiliation
        and rest == f"{second.name}, {second.affiliation}"
        and second.name not in known_names
        and not is_name_like_strict(second.name)
    ):
        # "Bo Li, Nofima AS, Norway": the workplace, then its country; no second person.
        return AuthorLine((Person(first.name, rest),), parsed.rest, parsed.problems)
    if any(a.affiliation for a in parsed.authors):
        return parsed
    if not comma or "," in rest or rest in known_names or not is_name_like_strict(name):
        return parsed
    return AuthorLine((Person(parsed.authors[0].name, rest),), parsed.rest, parsed.problems)


def speaker_with_affiliation(text: str) -> bool:
    """`Ana Silva (Director, Uni A)`: one person, a name and nothing else before the
    parenthesis that says where they work (a job, an institution, or parts after commas;
    not `Slow Graphs (Fast Trees)`)."""
    if not text.endswith(")"):
        return False
    parsed = parse_author_line(text)
    if len(parsed.authors) != 1 or parsed.rest:
        return False
    person = parsed.authors[0]
    return (
        person.affiliation is not None
        and (
            "," in person.affiliation
            or names_an_institution(person.affiliation)
            or JOB.search(person.affiliation) is not None
            or _ACRONYMS.match(person.affiliation) is not None
        )
        and reads_as_a_name(person.name)
    )


# "RIKEN AIP", "CNRS LIP6": a workplace known by its capitals (a title's parenthesis is not
# all capitals).
_ACRONYMS = re.compile(r"^(?-i:[A-Z][A-Z0-9&-]{1,9})(?:\s+(?-i:[A-Z][A-Z0-9&-]{1,9})){0,2}$")


def awaits_its_people(session: SessionDraft, paper: PaperDraft | None) -> bool:
    """A titled item with nothing in it yet: no paper, no speaker (the line below its title may
    name who gives it)."""
    return paper is None and not session.papers and not session.speakers and bool(session.title)


def file_cells_beside(session: SessionDraft, cells: list[str]) -> None:
    """A timed row's cells beside its talk: the first that names a room is the room, the
    rest (a mentor, a discussant) are notes."""
    for cell in cells:
        if is_room_cell(cell) and session.room is None:
            session.room = cell
        else:
            session.notes.append(cell)


# "[3] Dobrev et al. SISC (2017).": a numbered reference closing an abstract.
REFERENCE = re.compile(r"^\[\d{1,3}\]\s+\S")


def continues_an_abstract(text: str) -> bool:
    """Can this paragraph, right after an abstract's, be more of it: running text, a numbered
    reference, or one long sentence ending in a full stop (an acknowledgement)?"""
    return (
        is_prose(text)
        or bool(REFERENCE.match(text))
        or (text.endswith(".") and len(text.split()) >= 12 and author_line_score(text) < 0.5)
    )


def holds_contributions(title: str | None) -> bool:
    """Whether rows timed inside this item can be its contributions: a session, a school, a
    workshop can; registration open all day, a break or a reception cannot."""
    if title is None:
        return True
    if NAMES_A_PAPER_SESSION.search(title) or SESSION_LABEL.match(title):
        return True  # "2C: NLP for Social Media (Long Papers)": papers, whatever its topic
    kind = classify_kind(title, paper_count=0)
    return kind not in NOT_TALKS and not REGISTRATION.search(title)


# "Panel: Title", "Session 3", "Symposium on …": an item that is a session of several talks.
SESSION_WORD = re.compile(r"\b(?:panels?|sessions?|symposium|colloquium|track)\b", re.I)
# "(Long Papers)", "Paper Session", "2C: Topic": a title that says its item is a paper session.
NAMES_A_PAPER_SESSION = re.compile(
    r"\bpapers\b|\bpaper session\b|^(?-i:[A-Z]?\d{1,2}[A-Z]?)\s*:\s", re.I
)


# "Organising Committee", "Program Chairs": a group, not a person giving a talk.
GROUP = re.compile(r"\b(?:committee|organi[sz]ers|organi[sz]ing|team|chairs|staff)\b", re.I)
ROLE_HEADING = re.compile(
    r"^(?:(?P<speaker>speakers?|presenters?|panelists?|authors?)|(?:session\s+)?(?P<moderator>"
    r"moderators?|facilitators?|chairs?|chairpersons?|hosts?))\s*:?$"
    # "Special Panel Session Speakers:", "Invited speakers:": a few words saying which
    # speakers, then the colon (without it, such words may be a title).
    r"|^(?:[A-Za-z-]+\s+){1,3}(?P<qualified>speakers|presenters|panelists|panel members)\s*:$",
    re.I,
)


def company_after_job(text: str) -> str:
    """`Staff Engineer, Google` -> `Google`; `Director of Open Source, LF Energy` -> `LF
    Energy`; a line with no job title is all company."""
    head, comma, rest = text.partition(", ")
    return clean(rest) if comma and JOB.search(head) else clean(text)


# "Justice Hoo Sheau Peng", "Judge Gao Xiaoli", "Hon. Ana Silva", "H.E. Bo Li": the style of a
# judge, a minister or an envoy before the name on a speaker line that names their office (a
# name of two words or more must follow, so "Justice Amoah" keeps a given name).
_STYLE_BEFORE_NAME = re.compile(
    r"^(?:Judge|Justice|Hon\.?|Honourable|Honorable|The\s+Hon\.?|H\.\s?E\.|Ambassador|Senator)"
    r"\s+(?=[A-ZÀ-Ý][\w'’.-]*\s+[A-ZÀ-Ý])"
)


def person_with_role(text: str) -> Person | None:
    """`Name, Job Title, Company` (as event sites print speakers): the person and where they
    work; the job title is neither."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) < 3 or not JOB.search(parts[1]):
        return None
    # "Mr Bo Li", "Prof Ana Silva": how the person is addressed is not their name
    named = parse_author_line(_STYLE_BEFORE_NAME.sub("", parts[0])).authors
    if len(named) != 1 or not is_name_like(named[0].name):
        return None
    return Person(named[0].name, ", ".join(parts[2:]) or None)


# "By Prof. Ana Silva, Dean of the Faculty of Law", "by Bo Li": who gives the item above.
_BY_PERSON = re.compile(r"^[Bb]y\s+(?P<who>[^,]{3,60})(?:,\s*(?P<role>.{3,120}))?$")
# "Dean of the Law School of X", "Rector of the University of Y": a role, then where.
_ROLE_OF = re.compile(r"^\w+(?:\s+\w+)?\s+of\s+(?:the\s+)?(?P<where>.+)$")


def speaker_after_by(text: str) -> Person | None:
    """`By Dr. Ana Silva, Rector of the University of Porto`: the one person the line names,
    and where she works (the role before `of` dropped); None where no person is named
    (`By the Organising Committee`)."""
    by = _BY_PERSON.match(text)
    if by is None:
        return None
    people = parse_author_line(by.group("who")).authors
    if len(people) != 1 or author_line_score(by.group("who")) < 0.5:
        return None
    role = by.group("role")
    if role is None:
        return Person(people[0].name, None)
    of = _ROLE_OF.match(role) if JOB.search(role.split(" of ")[0]) else None
    return Person(people[0].name, clean(of.group("where")) if of else company_after_job(role))


DURATION_CELL = re.compile(
    r"^\d{1,3}\s*(?:m|min|mins|minutes|['’′])$|^\d{1,2}\s*h(?:\s*\d{1,2})?$", re.I
)
LINK_COLUMNS = frozenset("video videos slides link links pdf media recording".split())
# A contribution's code in its program ("S1-02-O", "MoP-03", "TuA1.3"), in capitals and digits
# whatever case the pattern around it ignores.
_TALK_CODE = r"(?-i:[A-Z][A-Za-z]{0,3}\d{0,3}(?:[.\-][A-Z0-9]{1,4}){1,3})"
# "Paper 12: Title", "#47: Title", "ID 123 - Title": the entry's number, not its title ("Demo:"
# without a number may well be part of it).
NUMBERED_ENTRY = re.compile(
    r"^(?:(?:(?:full|short|long|regular|research|industry|demo|position|vision|student)\s+)?"
    r"(?:paper|talk|poster|demo|contribution|abstract|submission|id|oral|presentation|"
    # "Workshop session 1: RevBayes", "Tutorial 2: Title": a numbered hands-on entry's label
    r"tutorial|(?:workshop|tutorial|hands-on|practical)\s+session)"
    r"\s*(?:no\.?|#)?\s*\d+"
    r"|#\s*\d+)\s*[:.\-–—]\s+(?=\S)"
    # "Keynote - Yesquel: ...", "Invited talk – Title": the entry's kind before a dash.
    r"|^(?:keynote|invited talk|invited paper|talk|tutorial|spotlight|short talk|"
    r"lightning talk)\s+[-–—]\s+(?=\S)"
    # "Keynote Speech “Title”", "Invited Talk \"Title\"": the entry's kind before its quoted title
    r"|^(?:keynote|invited|plenary)(?:\s+(?:speech|talk|address|lecture))?\s+(?=[\"“„«])"
    # "Foresight talk: Title", "Review lecture: Title", "Dinner presentation: Title": a word,
    # then the kind, before a colon
    r"|^(?:[^\W\d_][\w-]{2,}\s+)?(?:talk|lecture|presentation)\s*:\s+(?=\S)"
    # "S12.1 Title", "OA5-3 Title", "1A-2 Title", "1B-4 - Title": an abstract's number within
    # its session.
    r"|^(?-i:[A-Z]{1,4}\d{1,3}[A-Z]?|\d{1,3}[A-Z])[.\-]\d{1,3}[a-z]?(?:\s*[:\-–—])?\s+(?=\S)"
    # "Oral S1-02-O Title", "Invited talk S2-01-I Title": the entry's kind and code.
    r"|^(?:(?:invited|contributed|plenary|keynote)\s+)?(?:oral|talk|paper|poster|presentation)"
    r"\s+" + _TALK_CODE + r"\s+(?=\S)"
    # "TACL-488: Title": a journal's paper number.
    r"|^(?-i:[A-Z]{2,6})-\d{1,4}:\s+(?=\S)"
    # "Session 1A - Title": the session's label printed again before each of its papers.
    r"|^session\s+[A-Z0-9]{1,4}\s+[-–—]\s+(?=\S)"
    # "P1. Title", "12) Title", "[P7] Title": a poster board or list number.
    r"|^(?:[A-Z]{0,2}\d{1,3}[.)]|\[[A-Z]{0,2}\d{1,3}\])\s+(?=[\"“'‘A-Z0-9])",
    re.I,
)
# "Oral S1-01-O", "Invited talk S2-03-I", "Poster MoP-03", "Paper TuA1.3": a contribution's
# kind and its code in the program, on a line (or cell) of its own above who gives it and its
# title: the entry's label, not its title.
CODED_TALK_LABEL = re.compile(
    r"^(?:(?:invited|contributed|plenary|keynote|regular|short|long|oral|poster)\s+)?"
    r"(?:oral|talk|paper|poster|presentation|lecture|plenary|keynote|contribution)s?"
    r"\s*[:#]?\s*(?:" + _TALK_CODE + r"|(?-i:[A-Z]{1,4}\d{1,3}))\.?$",
    re.I,
)
QUOTES = '"“”„«»'
OPENING_QUOTES = '"“„«'
TRAILING_EMPHASIS = re.compile(r"\s*\*[^*]{2,60}\*\s*$")
# "Title (joint work with A. Name, arXiv:1802.05493)", "Title (joint with B. Name)": whom the
# speaker worked with (and where the paper is), said after the title; no part of it.
TRAILING_JOINT_WORK = re.compile(
    r"\s+\((?:based on\s+)?(?:a\s+)?joint\s+(?:work\s+)?with\s[^()]{2,160}\)\s*$", re.I
)
# "Title (30 min)", "Oral presentation session 1 (2 hours)": how long the item lasts, printed
# after its title in a cell (the time lines drop it from lines of their own); no part of it.
TRAILING_LENGTH = re.compile(r"\s+\(\d{1,3}\s*(?:min|mins|minutes|hrs?|hours?)\.?\)\s*$", re.I)
MARK_WORDS = re.compile(
    r"^(?:short|long|full|demo|poster|invited|industry|vision|position|journal|tool|"
    r"artifact|wip|work in progress|extended abstract|best paper(?: award)?|award|"
    r"[a-z]?\d{1,2}|[slt])(?: papers?)?$",
    re.I,
)

# "(招待講演)Title", "【基調講演】Title", "(초청강연)Title": the kind of a talk (invited, keynote,
# special lecture) in brackets, glued before a title in Japanese, Chinese and Korean programs.
CJK_TALK_MARK = re.compile(
    r"^[(\[【〔［](?:招待講演|基調講演|特別講演|依頼講演|受賞講演|招待|基調|特別招待講演|"
    r"特邀报告|邀请报告|主旨报告|大会报告|特邀|特邀報告|邀請報告|"
    r"초청강연|기조강연|특별강연|초청)[)\]】〕］]\s*(?=\S)"
)

# "Conference", "Journal", "Invited Journal", "Short Paper": the kind of a paper, printed on a
# line of its own under its title (the track it was accepted in), not who wrote it.
PAPER_TYPE = re.compile(
    r"^(?:(?:invited|accepted|regular)\s+)?(?:conference|journal|tvcg|short|long|full|demo|"
    r"poster|industry|position|vision|tool|extended abstract|work in progress|"
    r"late[- ]breaking(?: work)?)(?:\s+(?:papers?|track|abstract|presentation))?$",
    re.I,
)

HEADING_WORD = re.compile(
    r"\b(?:workshop|symposium|track|tutorial|conference|summit|forum|colloquium|school)\b", re.I
)
# Column headers that name a field, not a room: "Chair", "Venue", "Speaker(s)", "Duration".
FIELD_HEADERS = frozenset(
    "chair chairs chairperson moderator moderators venue speaker speakers presenter duration"
    " length type format track tracks notes remarks comment comments slides video kind".split()
)
NOT_ROOMS = HEADER_WORDS | FIELD_HEADERS

# "Sponsors", "Partners": the headings of a page's sections after its program, which name no
# one's workplace even under the last author line.
PAGE_SECTIONS = frozenset(
    "sponsors sponsor partners organizers organisers supporters contact venue registration"
    " accommodation".split()
)


def names_a_workplace(text: str) -> bool:
    """A line below people naming where they work: an institution, not a section's heading."""
    return names_an_institution(text) and text.lower().rstrip(":") not in PAGE_SECTIONS


def not_a_place(affiliation: str | None) -> bool:
    """`TACL`, `If You Let It`: parentheses after a title that name no institution."""
    if affiliation is None:
        return True
    words = affiliation.split()
    return (
        (len(affiliation) <= 6 and affiliation.isupper())
        or words[0].lower() in PHRASE_STARTS
        or affiliation[:1].islower()  # "(sollten)", "(with extensions)": words of the title
    )


PHRASE_STARTS = frozenset("if and or but when how why what to for with in on of the a an".split())


def minutes_after(start: time, minutes: int) -> time:
    end = (start.hour * 60 + start.minute + minutes) % (24 * 60)
    return time(end // 60, end % 60)


def keynote_mark(mark: str) -> bool:
    return classify_kind(mark, paper_count=1) is SessionKind.KEYNOTE


INITIAL = re.compile(r"^(?:[A-Z]\.){1,2}$")


def names_only_a_workplace(text: str) -> bool:
    """`Физический институт им П.Н. Лебедева РАН`: a short line naming an institution, not a
    person, with no sentence in it (a title may name one too: callers ask what follows).
    `SOMEDICyT, Instituto Weizmann`: a unit, then the institution it belongs to."""
    return (
        len(text.split()) <= 12
        and not is_prose(text)
        and (
            names_an_institution(text.split(",")[0])
            or (
                any(names_an_institution(part.strip()) for part in text.split(","))
                and not opens_with_a_person(text)
            )
        )
        and not is_name_like_strict(text)
    )


def opens_with_a_person(text: str) -> bool:
    """`Cy Ng (Uni C)`, `K Srinath Reddy, Public Health Foundation`, `Ana María López, UNAM`:
    the line names a person before its first comma or parenthesis. A longer name is known by
    its given name, so that `Centro de Ciencias Genómicas, UNAM` names none."""
    first = _FIRST_ENTRY.split(text, maxsplit=1)[0].strip()
    words = first.split()
    if len(words) >= 2 and len(words[0].rstrip(".")) == 1 and words[0][:1].isupper():
        rest = words[1:]  # an initial, then the rest of the name
        return len(rest) == 1 or reads_as_a_name(" ".join(rest))
    if len(words) > 2 and words[0] not in GIVEN_NAMES:
        return False
    return reads_as_a_name(first)


_FIRST_ENTRY = re.compile(r"[,(]")


def reads_as_a_name(text: str) -> bool:
    """A name and nothing else, its particles and middle initials allowed ("Anne van Schie",
    "Simon de Givry", "Hajo N. Krabbenhöft")."""
    words = text.split()
    words = [
        w
        for n, w in enumerate(words)
        if w not in NAME_SMALL_WORDS and not (0 < n < len(words) - 1 and INITIAL.match(w))
    ]
    return (len(words) >= 2 and is_name_like_strict(" ".join(words))) or initials_then_surname(text)


CLOCK_WORDS = frozenset("ore hora horas heure heures um at time".split())
# "Ana Silva — Title", "Ana Silva · Title": who speaks, a long dash or a spaced middle dot,
# then the talk.
SPEAKER_DASH = re.compile(r"^(?P<who>[^—–·:]{3,80}?)\s+(?P<mark>[—–·])\s+(?P<title>\S.*)$")
# "Ana Silva (Harbour Robotics) - Title": a spaced hyphen after a speaker whose workplace closes
# the name in parentheses (a hyphen alone is as often a title's own, "AUVs - New Sensors").
_SPEAKER_HYPHEN = re.compile(r"^(?P<who>[^—–:()\-]{3,60}\([^()]{2,80}\))\s+-\s+(?P<title>\S.*)$")


# "Thomas Wrasse - Under Ice Operations": a bare name, a spaced hyphen, a title.
_BARE_SPEAKER_HYPHEN = re.compile(r"^(?P<who>[^—–:()\-]{3,40}?)\s+-\s+(?P<title>\S.*)$")


def speaker_then_title(
    text: str, *, bare_hyphen_names: bool = False
) -> tuple[str, tuple[Person, ...]] | None:
    """(title, speakers) of an item printed `Speaker (Affiliation): Title`, `Speaker —
    Title` or `Speaker · Title`, else None: the left side must read surely as people and the
    right as a title. On a page that prints its talks `Name (Workplace) - Title`
    (`bare_hyphen_names`), one full name before a spaced hyphen is a speaker too."""
    colon = split_colon_authors(text) if ": " in text else None
    if colon is not None and not any(
        _spells_last_initials(a.name, a.affiliation or "") for a in colon[1].authors
    ):
        return colon[0], colon[1].authors
    if colon is not None:
        return None  # "Das Corpus Inscriptorum Vitebergense (CIV): Quellen": a name, no one's
    dash = SPEAKER_DASH.match(text)
    hyphen = _SPEAKER_HYPHEN.match(text) if dash is None else None
    if dash is None and hyphen is None and bare_hyphen_names:
        bare = _BARE_SPEAKER_HYPHEN.match(text)
        return _bare_speakers_talk(bare.group("who"), bare.group("title")) if bare else None
    dash = dash or hyphen
    if dash is None:
        return None
    who, title = dash.group("who").strip(), dash.group("title").strip()
    parsed = parse_author_line(who)
    if (
        parsed.rest
        or not parsed.authors
        or (hyphen is not None and not all(a.affiliation for a in parsed.authors))
        or any(ITEM_WORD.match(a.name) or GROUP.search(a.name) for a in parsed.authors)
        or not all(is_name_like_strict(without_parentheses(a.name)) for a in parsed.authors)
        or not (
            _titles_a_placed_speakers_talk(title)
            if hyphen is not None
            else _dotted_title(title)
            if dash.group("mark") == "·"
            else reads_as_title(title)
        )
        or classify_kind(title, paper_count=1) is not SessionKind.PAPERS
    ):
        return None
    return title, parsed.authors


def _bare_speakers_talk(who: str, title: str) -> tuple[str, tuple[Person, ...]] | None:
    """`Thomas Wrasse` / `Under Ice Operations Using a Micro-ROV`: one full name (a known given
    name first) and a title of three words or more that names no person."""
    who, title = who.strip(), title.strip()
    parsed = parse_author_line(who)
    if (
        parsed.rest
        or len(parsed.authors) != 1
        or not 2 <= len(who.split()) <= 4
        or who.split()[0] not in GIVEN_NAMES
        or not is_name_like_strict(who)
        or not reads_as_title(title)
        or not _titles_a_placed_speakers_talk(title)
        or classify_kind(title, paper_count=1) is not SessionKind.PAPERS
    ):
        return None
    return title, parsed.authors


def prints_placed_hyphen_speakers(lines: Sequence[Line]) -> bool:
    """Whether this page prints its talks `Name (Workplace) - Title`: three lines or more
    with different speakers so, after which a bare `Name - Title` reads the same way."""
    names: set[str] = set()
    for line in lines:
        if line.kind is not LineKind.TEXT or " - " not in line.text or "(" not in line.text:
            continue
        if _SPEAKER_HYPHEN.match(line.text) is None:
            continue
        spoken = speaker_then_title(line.text)
        if spoken is not None:
            names.add(spoken[1][0].name)
            if len(names) >= 3:
                return True
    return False


def _titles_a_placed_speakers_talk(text: str) -> bool:
    """After `Name (Workplace) - `, `text` (`Hydraulic Intensifiers`, `ROV Automation`) titles
    the talk: two words at least, and no person (`Ana Silva`, a known given name first)."""
    words = text.split()
    if len(words) < 2:
        return False
    people = parse_author_line(text)
    return not (
        people.authors
        and not people.rest
        and all(a.name.split()[0] in GIVEN_NAMES for a in people.authors)
        and all(is_name_like_strict(a.name) for a in people.authors)
    )


def _dotted_title(text: str) -> bool:
    """After `Name · `: a talk's title, though short (`Visualizing Complexity`) or listing its
    topics as a list of names would (`AI, Neuroscience and Art`); no other speaker (known by
    a given name) or workplace, which a middle dot after a name may also lead to (a title and
    its subtitle, `Breaking Barriers: … in African Universities`, are no workplace)."""
    words = text.split()
    return (
        len(words) >= 2
        and not (words[0].strip(",") in GIVEN_NAMES and reads_as_a_name(text))
        and not (names_an_institution(text) and ": " not in text)
        and not names_a_room(text)
    )


def _spells_last_initials(words: str, acronym: str) -> bool:
    """Whether `acronym` spells the initials of the last words of `words` ("Corpus
    Inscriptorum Vitebergense" / "CIV"): the name of a thing, not where someone works. (Unlike
    `authors.abbreviates`, which wants all the capitalised words' initials, or all words',
    the acronym here may leave out the first words: "Das Corpus …".)"""
    initials = "".join(w[0] for w in words.split() if w[:1].isupper())
    return 2 <= len(acronym) <= 8 and acronym.isupper() and initials.endswith(acronym)


def split_chair(text: str) -> tuple[str, str | None]:
    """(title, chair) of an item's text that names its chair after the title, `Invited Talks
    (Session Chair: Wenying Zhang)` or `Storage - Chair: Bo Li`; (text, None) without one."""
    m = find_chair_label(text)
    if m is None:
        return text, None
    chair = text[m.end() :].strip()
    if "(" in m.group() and chair.endswith(")") and chair.count("(") < chair.count(")"):
        chair = chair[:-1].rstrip()  # the parenthesis the chair was printed in
    return text[: m.start()].rstrip(" ,;-–—("), chair


# "Storage (Chair Bo Li)", "Panel: X (Ann Lee, Bo Li, Chair Eve Roy)", "Talks (Chair Bo Li":
# the chair after the word `Chair`, without a colon, closing the title's last parenthesis.
_PARENTHESISED_CHAIR = re.compile(
    r"^(?P<title>.*?\S)\s*\((?P<before>[^()]*?,\s*)?(?:session\s+)?(?:co-?)?chair(?:s|persons?)?"
    r"\s+(?P<who>[A-Z][^():]*?)\s*\)?\s*$",
    re.I,
)


def parenthesised_chair(text: str) -> tuple[str, tuple[Person, ...], tuple[Person, ...]] | None:
    """(title, panelists, chairs) of `Title (Chair Name)` or `Title (A, B, Chair C)`: every
    name a person's (`Chair Sessions` and `(Chairs' Welcome)` are no chair), or None."""
    m = _PARENTHESISED_CHAIR.match(text)
    if m is None or m.group("who")[:1].islower():
        return None
    chairs = parse_author_line(m.group("who")).authors
    before = (m.group("before") or "").strip().rstrip(",").strip()
    panel = parse_author_line(before).authors if before else ()
    people = (*chairs, *panel)
    if not chairs or not all(is_name_like_strict(p.name) and not p.affiliation for p in people):
        return None
    return m.group("title").strip(), panel, chairs


def chairs_before_mark(text: str) -> str | None:
    """The people of a `Name (Chair)` text (the names before the mark), or None, as a
    timetable's header row names its session's chair in the presenter column."""
    m = CHAIR_MARKED_AFTER.match(text.strip())
    if m is None:
        return None
    people = parse_author_line(m.group("who")).authors
    if not people or not all(is_name_like(p.name) for p in people):
        return None
    return m.group("who")


# Field labels printed inline, in capitals or with a colon: "TITLE x AUTHORS y", "Title: x
# Speakers: y".
# "Session 2 — Rodrigo Rodrigues", "Welcome & Session 1 – Lindsey Kuper", and the typewriter's
# "Session 2 --- Rodrigo Rodrigues" that Markdown sources print for them.
LONG_DASH = re.compile(r"\s+(?:[—–]|-{2,3})\s+")


def session_dash_person(title: str) -> tuple[str, str] | None:
    """(title, chair) of `Session 2 — Rodrigo Rodrigues`: a session named so, then one person
    after the last long dash."""
    dashes = list(LONG_DASH.finditer(title))
    if not dashes:
        return None
    last = dashes[-1]
    head, who = title[: last.start()], title[last.end() :].strip()
    if not re.search(r"\bsession\b", head, re.I) or ":" in who or not is_name_like_strict(who):
        return None
    return head, who


# "Chair: TBA": nobody named yet.
PLACEHOLDER = re.compile(
    r"^(?:tba|tbd|tbc|n/?a|to be (?:announced|determined|confirmed)|-+|–)\.?$", re.I
)
# "TITLE PipeDream: ...", "Title: PipeDream: ...": a title's field label, its authors' below.
TITLE_FIELD = re.compile(r"^(?:TITLE\s*:?|Title\s*:)\s*(?=\S)")
PEOPLE_FIELD = re.compile(r"^(?:AUTHORS?|SPEAKERS?|PRESENTERS?)\s*:?\s+\S")
LABELLED_FIELDS = re.compile(
    r"^(?:TITLE|[Tt]itle\s*:)\s*(?P<title>.+?)\s+"
    r"(?:AUTHORS?|SPEAKERS?|PRESENTERS?|(?:[Aa]uthors?|[Ss]peakers?|[Pp]resenters?)\s*:)\s*"
    r"(?P<who>\S.*)$"
)
LABELLED_PROSE = re.compile(
    r"^(?:abstract|summary|description|bio(?:graphy)?|short bio|about)\s*[.:：]\s*\S", re.I
)


# "Session 1", "Track B2", "Session IV": a header cell that numbers its session and names none.
BARE_SESSION_NUMBER = re.compile(
    r"^(?:session|track)\s+(?:[\w.]{0,5}\d[\w.]{0,5}|(?-i:[A-Z]{1,2}|[IVX]{1,4}))$", re.I
)


# "Oral Session 1A", "Poster Session 2", "Technical Session IV": a label that numbers its
# session (with a word or two of its kind before it) and names no topic.
NUMBERED_SESSION_LABEL = re.compile(
    r"^(?:[A-Z][\w-]*\s+){0,2}(?:session|track)\s+"
    r"(?:[\w.]{0,5}\d[\w.]{0,5}|(?-i:[A-Z]{1,2}|[IVX]{1,4}))$",
    re.I,
)


def strip_session_title(text: str) -> str:
    if not text:
        return text
    if "(" in text or "[" in text:
        # "S7.1 (11:15 – 12:30)": the brackets its time stood in, once the time is read
        text = EMPTY_BRACKETS.sub(" ", text)
    return clean(text).strip(" ,;|-–—:").strip()


EMPTY_BRACKETS = re.compile(r"\(\s*\)|\[\s*\]")


def title_not_names(text: str) -> bool:
    """`Quadrature domains and potential theory`: parts joined like names, one of them in lower
    case and no parenthesis or comma, so a title; `Bo Li and Cy Ng` stays people."""
    if "(" in text or "," in text:
        return False
    parts = [p for p in re.split(r"\s+(?:and|&)\s+", text) if p]
    return any(not is_name_like_strict(p) for p in parts) and any(
        w.islower() and len(w) >= 4 and w not in NAME_PARTICLES
        for p in parts
        for w in p.split()[1:]
    )


# Lower-case words inside names: "Ana de Souza", "Luca della Robbia", "Jan van der Berg".
NAME_PARTICLES = frozenset("della delle dello degli bint".split())


def unquote(text: str) -> str:
    if sum(text.count(q) for q in QUOTES) > 2:
        return clean(text)  # '"Big data pragmatics!", or, "Putting ..."': quotes inside it
    m = QUOTED.match(text)
    return clean(m.group("t")) if m else clean(text)


def paper_table(header: list[str]) -> dict[str, int] | None:
    """Field -> column of a header naming a session, a title and a people column beside the
    time (`Time | Session | Presenter | Venue | Title | Keywords`), else None."""
    fields: dict[str, int] = {}
    for index, cell in enumerate(header):
        found = column_field(cell) if cell else None
        if found is not None and found not in fields:
            fields[found] = index
    if {"session", "title", "authors"} <= set(fields) and fields["session"] != 0:
        return fields
    return None


_MIDDLE_INITIAL = re.compile(r"^[A-Z]\.$")
_MOST_NAME_WORDS = 8
# A name's words, then a word in lower case: the shape a bio opens with, checked before the
# page's names are looked at.
_BIO_SHAPE = re.compile(r"^[A-Z][\w'’-]* (?:[A-Z]\. )?(?:[A-Z][\w'’-]* ){0,3}[a-z]")


def bio_opening(text: str) -> bool:
    """Whether `text` opens as a bio does: a name's words, then a word in lower case."""
    return _BIO_SHAPE.match(text) is not None


def bio_subject(text: str, names: Container[str]) -> str | None:
    """Whom a sentence about a person is about: `Tariq J. Bello holds a PhD in …` opens with
    one of `names` (a middle initial allowed) and goes on in lower case, ending as a sentence
    ends; else None."""
    words = text.split()
    if len(words) < 5 or not text.rstrip().endswith(".") or not _BIO_SHAPE.match(text):
        return None
    # The sentence's own openings are looked up among the names, not each name tried against
    # the sentence: a page of bios asks this once a bio, of everyone it has named.
    initial = words[1] if _MIDDLE_INITIAL.match(words[1]) else None
    # A name is a few words (`is_name_like` takes six at most): a pasted abstract of
    # thousands is not tried a prefix at a time.
    for end in range(2, min(len(words), _MOST_NAME_WORDS + 2)):
        if not words[end][:1].islower():
            continue
        name = " ".join(words[:end])
        if name in names:
            return name
        if initial is not None and end > 2:
            # "Stephen P. Boyd is …": the initial the page's name for him lacks
            without = " ".join([words[0], *words[2:end]])
            if without in names and initial not in words[2:end]:
                return without
    return None


# The headers of a timetable's place column, in English as `column_role` gives them.
PLACE_COLUMNS = frozenset(("room", "rooms", "location", "venue", "where", "place", "hall"))
# The chair's role named after a place column's slash (`Room / Chair`).
_CHAIR_ROLES = frozenset(("chair", "chairs", "chairperson", "moderator", "host"))


def place_column_roles(role: str) -> tuple[bool, bool]:
    """Whether a column header names a place column, and whether its cells name the chair too
    after a slash (`Room / Chair` over `L4 / Svenja Janke`)."""
    place, slash, rest = role.partition("/")
    if place.strip() not in PLACE_COLUMNS:
        return False, False
    return True, bool(slash) and rest.strip() in _CHAIR_ROLES
