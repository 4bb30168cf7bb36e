"""Single talks named in an item's title: who speaks, and what the talk is called.

Programs print a keynote, an invited or contributed talk, a panel or a spotlight in a handful
of shapes, whatever the field: `Invited Talk - Name: Title`, `Panel - A, B, C`, `Keynote:
Name`, `Keynote (Name)`, `Keynote Speaker - Name (Affiliation)` with the title on the next
line, or `Keynote: Title` with the speaker on the next line. This module reads those shapes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.model import Person, SessionKind
from bot.parsing.authors import (
    ATTENDANCE_MODES,
    ELIDED_PARTICLE_SURNAME,
    abbreviates,
    addresses_people,
    author_line_score,
    clean,
    is_addressed,
    is_name_like,
    is_name_like_strict,
    is_plain_name,
    names_an_institution,
    parse_author_line,
    without_address,
    without_parentheses,
)
from bot.parsing.given_names import GIVEN_NAMES
from bot.parsing.kinds import classify_kind, is_ceremony
from bot.parsing.lexer import ROOM_WORDS
from bot.parsing.shapes import (
    NAME_SMALL_WORDS,
    SPEAKER_LABEL_WORDS,
    SPEAKERS_JOINED,
    has_common_word,
    names_a_room,
)

_TALK_WORD = re.compile(
    r"\b(?:keynotes?|locknotes?|invited|contributed|talks?|lectures?|spotlights?|panels?|address|"
    r"speakers?|plenary|tutorials?|presentations?|fireside chat|interview|orals?|"
    r"conferencias?|conférences?|exposés?|vortrag|vorträge|conferenz[ae]|palestras?|"
    r"ponencias?|charlas?|relazion[ei]|lezion[ei]|lezing(?:en)?|voordracht(?:en)?|wykład\w*|"
    r"přednášk\w*|доклад\w*)\b|講演|报告|報告|演讲|演講|讲座|講座|论坛|論壇|致辞|致词|致詞|발표|강연",
    re.I,
)
# "Short Workshop 5: Name - Title": a workshop given by someone, named before a colon only
# ("Workshop Opening (Organisers)" names its hosts, not a talk's speakers).
_WORKSHOP = re.compile(r"\bworkshops?\b", re.I)
# "Kind - Who: Title", "Kind - Who", "Kind: Who", "Kind (Who)".
_KIND_DASH = re.compile(r"^(?P<kind>[^:()]{3,40}?)\s+[-–—]\s+(?P<rest>.+)$")
_KIND_COLON = re.compile(r"^(?P<kind>[^:()]{3,40}?)\s*:\s+(?P<rest>.+)$")
# The kind may carry a short remark of its own: "主题报告一（中文）（熊璋教授）" (full-width
# parentheses are plain ones once lexed), "Keynote (virtual) (Ana Silva)".
_KIND_PAREN = re.compile(
    r"^(?P<kind>[^:()]{3,40}?(?:\s*\([^()]{1,12}\))?)\s*[(（](?P<rest>[^()（）]+)[)）]$"
)
# "Scientific presentation 1 (Adnan Siddique): Title", "Keynote (Name, Affil): Title": the kind,
# who gives it in parentheses, then the talk's title after a colon.
_KIND_PAREN_COLON = re.compile(
    r"^(?P<kind>[^:()（）]{3,40}?)\s*[(（](?P<who>[^()（）]+)[)）]\s*:\s+(?P<talk>\S.*)$"
)
# "Lecture 1.a", "Problem Session 3", "Lecture 2.b": one of a course's numbered meetings.
_SERIES_LABEL = re.compile(r"(?P<what>[^\d]{3,30}?)\s+\d{1,2}(?:\.\d{1,2})?(?:\.?[a-z])?")
# A course's sessions of exercises, led by its teaching assistant: no talk word in them.
_COURSE_SESSION = re.compile(
    r"\b(?:problem|exercises?|practice|ta|tutorial|recitation)\s+sessions?\b|\brecitations?\b",
    re.I,
)
# "(Blitvic)", "(Zinn-Justin)": one capitalised word, a surname as a course's schedule prints it
_LONE_SURNAME = re.compile(r"[A-Z][a-z]+(?:[-'][A-Z][a-z]+)?")
# What a lone word in those parentheses says instead: how or whether the meeting takes place.
_NOT_A_SURNAME = frozenset(
    "online virtual hybrid remote recorded live zoom tba tbc tbd cancelled canceled postponed"
    " continued cont part review revision introduction overview intro recap optional".split()
)
# "Invited Talk by Lillian Lee: Title": the kind and who gives it, then the talk's title.
_KIND_BY = re.compile(r"^(?P<kind>[^:()]{3,40}?)\s+by\s+(?P<who>[^:]{3,80}?)\s*:\s+(?P<talk>\S.*)$")
# "Keynote Address with Prof. Ana Silva", "Fireside chat with Bo Li": the kind, then, after
# "with", who gives it and nothing else: an untitled talk, named as printed.
_KIND_WITH = re.compile(r"^(?P<kind>[^:()]{3,40}?)\s+with\s+(?P<who>[^:()]{3,80})$")
# "Julian Rohrhuber - Keynote", "Ana Silva – Invited Talk": who speaks, a dash, then only the
# kind of talk: an untitled talk by that person, named as printed.
_WHO_DASH_KIND = re.compile(r"^(?P<who>[^:()\-–—]{3,60}?)\s+[-–—]\s+(?P<kind>[^:()]{3,30})$")
# "Invited talk by Ana Silva, Uni A. Title": the kind and who gives it (where they work after a
# comma), a full stop, then the talk's title.
_KIND_BY_SENTENCE = re.compile(r"^(?P<kind>[^:().]{3,40}?)\s+by\s+(?P<rest>\S.+)$")
_SENTENCE_STOP = re.compile(r"(?<=[^\W\d_]{2})\.\s+(?=[^\W\d_a-z])")
# "Short introduction by WG1 leader Eva Jakab-Toth (CNRS, Orleans, France)": an item named in
# a few words, given by people each printed with where they work (after a role, maybe).
_KIND_BY_PLACED = re.compile(r"^(?P<kind>[^:()]{3,40}?)\s+by\s+(?P<who>[^:]{3,160}\))$")
# "WG1 leader", "the session chair", "our director": a role ending in a lower-case word, then a
# capitalised name.
_ROLE_BEFORE_NAME = re.compile(r"^(?:[\w-]+\s+){0,2}?[a-z][\w-]*\s+(?=[^\W\d_a-z])")


def _placed(person: Person) -> bool:
    """`Eva Jakab-Toth (CNRS, Orleans, France)`, `Anna Weiss (ETH Zurich)`: a person of two
    names at least, printed with a workplace (an institution, or a place with its country),
    not with a remark on the paper (`(Short Paper)`, `(Extended Abstract)`)."""
    where = person.affiliation or ""
    return len(person.name.split()) > 1 and ("," in where or names_an_institution(where))


@dataclass(frozen=True, slots=True)
class TalkTitle:
    """What an item's title says of its talk.

    `session_title` is the item's own name; `talk_title` the talk's, when printed; `speakers`
    may be empty when the speaker is printed on a line of their own.
    """

    session_title: str
    talk_title: str | None
    speakers: tuple[Person, ...]


# "Bob Jones, Google & Carol White, Red Hat": event sites join `Name, Company` pairs.
_PAIR_JOIN = re.compile(r"\s+(?:&|and)\s+|;\s+")


def _name_company_pairs(text: str) -> tuple[Person, ...] | None:
    pieces = _PAIR_JOIN.split(text)
    if len(pieces) < 2 or not all(", " in piece for piece in pieces):
        return None
    people = []
    for piece in pieces:
        name, _, company = piece.partition(", ")
        if not (is_name_like(name) and 2 <= len(name.split()) <= 4 and company.strip()):
            return None
        people.append(Person(clean(name), clean(company)))
    return tuple(people)


# "(topic tbd)", "(speaker TBA)": what is not decided yet names nobody.
_UNDECIDED = re.compile(r"\b(?:tba|tbd|tbc|to be (?:announced|determined|confirmed))\b", re.I)


def _people(text: str) -> tuple[Person, ...] | None:
    """`A, B and C`, `Name (Affiliation)`, `Name, Company & Name, Company`: people only, or
    None."""
    if _UNDECIDED.search(text):
        return None
    pairs = _name_company_pairs(text)
    if pairs is not None:
        return pairs
    parsed = parse_author_line(text)
    if not parsed.authors or parsed.rest:
        return None
    if any(a.affiliation and _DURATION.match(a.affiliation) for a in parsed.authors):
        return None  # "Searchable Corpora (20 min)": how long the talk is, not who gives it
    if any(a.affiliation and abbreviates(a.name, a.affiliation) for a in parsed.authors):
        return None  # "Emotional Freedom Techniques (EFT)": a title and its acronym
    names = [without_parentheses(a.name).strip() for a in parsed.authors]
    if is_addressed(text) and all(n and is_name_like(n) for n in names):
        return parsed.authors  # "熊璋教授", "Prof. Manuel Filipe Pereira Cunha Martins Costa"
    # "Łukasz T. van der Maaten": an initial and particles make a plain name longer
    if not all(n and is_name_like(n) and (len(n.split()) <= 4 or is_plain_name(n)) for n in names):
        return None
    if any(
        len(n.split()) < 2 and not a.affiliation for n, a in zip(names, parsed.authors, strict=True)
    ):
        return None  # "Blockchain and Hyperledger Fabric": one-word "names" are title words
    if len(names) == 1 and not parsed.authors[0].affiliation and not addresses_people(text):
        words = names[0].split()
        if len(words) < 2 or any(_TITLE_SUFFIX.search(w) for w in words):
            return None  # "Better", "Securing Data Pipelines": as likely a title as a person
    return parsed.authors


_DURATION = re.compile(r"^\d{1,3}\s*(?:min|mins|minutes|h|hrs?|hours?|['’′])\.?$", re.I)
# Word endings common in titles and rare in names ("Securing", "Pipelines", "Privacy").
_TITLE_SUFFIX = re.compile(
    r"(?:[a-z]{3}ing|tion|sion|ment|ness|ity|ics|acy|ism|ogy|[a-z]{4}es|[a-z]{4}ers)$"
)


_DASH = re.compile(r"\s+[—–-]\s+")
# A keynote's kind alone before its title's colon, in English and the other languages
# programs print ("Conferencia inaugural: Title", "Exposé invité : Title").
# Its place in the day may come first ("Opening Keynote: Title", "Closing keynote: Title").
_KEYNOTE_KIND = re.compile(
    r"(?:(?:opening|closing|final|morning|afternoon|evening|first|second|third|last)\s+)?"
    r"(?:keynotes?|locknotes?|invited talk|plenary talk)|exposés? invités?|"
    r"conférences? (?:invitée|plénière|inaugurale)s?|(?:haupt|plenar|fest|eröffnungs)vortrag|"
    r"conferencias? (?:inaugural|plenaria|magistral)(?:es)?|conferenz[ae] (?:plenari[ae]|"
    r"inaugurale)|palestras? (?:de abertura|magna)",
    re.I,
)
# "Talk: Title", "Poster: Title": the kind of entry, before its title.
_ENTRY_KIND = re.compile(
    r"^(?:talk|poster|demo|paper|short paper|full paper|lightning talk|invited talk|"
    r"contributed talk|keynote|spotlight|tutorial|position paper)\s*:\s+(?=\S)",
    re.I,
)

# "Talk 3", "Keynote Talk 1", "Speaker 2", "Palestra 1", "Wykład 4": one of a program's
# numbered talks (a kind of talk may qualify the word).
_NUMBERED_TALK = re.compile(
    r"(?:(?:keynote|plenary|invited|contributed|short|long|lightning|flash)\s+)?"
    r"(?:talk|lecture|speaker|palestra|ponencia|charla|conferencia|conferência|relazione|"
    r"lezione|lezing|voordracht|wykład|přednáška|доклад|講演)\s*\d{1,2}",
    re.I,
)


def split_dash_speakers(
    text: str, *, single_names: bool = False
) -> tuple[str, tuple[Person, ...]] | None:
    """`Talk: Title — Name, Affiliation; Name, Affiliation`: an entry and who gives it, after
    the last spaced dash. The entry's kind before a colon is not part of its title.

    One bare name after an en dash or hyphen may be a subtitle's words (`Graphs – The Next
    Frontier`); with `single_names` (the page prints its other entries so) it is the speaker."""
    if "-" not in text and "–" not in text and "—" not in text:
        return None  # no dash, so no need to look for a spaced one
    pieces = list(_DASH.finditer(text))
    for dash in reversed(pieces):
        title, who = text[: dash.start()].strip(), text[dash.end() :].strip()
        if title.count("(") != title.count(")"):
            continue  # "… (Mila - Quebec AI Institute)": a dash inside a workplace's name
        people = _people(who)
        if people is None or not (len(title.split()) >= 2 or _one_word_title(title, people)):
            continue
        if all(names_a_room(p.name) and p.affiliation is None for p in people):
            continue  # "Postersitzung 1 — East Exhibit Hall A-C": where (not "Julian Hall")
        if not (
            any(p.affiliation for p in people)
            or len(people) >= 2
            or dash.group(0).strip() == "—"
            or (single_names and _one_full_name(who))
        ):
            continue
        return _ENTRY_KIND.sub("", title), people
    return None


def split_ceremony_hosts(text: str) -> tuple[str, tuple[Person, ...]] | None:
    """`Welcome - Ana Silva, University of Porto`: an opening or closing item and, after the
    last spaced dash, who hosts it (each placed, so the dash is no subtitle's)."""
    if "-" not in text and "–" not in text and "—" not in text:
        return None
    for dash in reversed(list(_DASH.finditer(text))):
        head, who = text[: dash.start()].strip(), text[dash.end() :].strip()
        if not is_ceremony(head):
            continue
        people = _people(who)
        if people and all(p.affiliation for p in people):
            return head, people
    return None


def _one_word_title(title: str, people: tuple[Person, ...]) -> bool:
    """`Phylogenetics - Ana Silva, University of Porto`: one word is a title where everyone
    after the dash is placed, unless it is a first name, a welcome (whose people host it) or
    a kind of item (`Keynote`, `Lunch`, `Panel - …`), which names no talk."""
    return (
        len(title) >= 4
        and title.isalpha()
        and title[:1].isupper()
        and all(p.affiliation for p in people)
        and title not in GIVEN_NAMES
        and not is_ceremony(title)
        and classify_kind(title, paper_count=1) is SessionKind.PAPERS
    )


# Where a speaker addressed by a title may start in a line: after a space or a dash.
_ADDRESS_START = re.compile(r"(?<=[\s\-–—])(?=(?:a/\s?)?[A-Za-z][A-Za-zª]{0,4}[.:\s])")
# A title's last word that leaves it unfinished ("Interview with", "Homenaje a"): the person
# after it is the title's subject, not its speaker.
_OPEN_ENDING = frozenset(
    "with by and or to of for from on in at into as about featuring feat con de del y e a por "
    "sobre para "
    "avec par et à pour sur mit von und für über com da do dos das em".split()
)


def split_addressed_speaker(text: str) -> tuple[str, tuple[Person, ...]] | None:
    """`TITLE - Dr. Name`, `TITLE -Dra. Name`, `TITLE Dr. Name / Dr. Name`: a title then, from
    an academic or courtesy title on, only people each so addressed: they give the talk,
    whatever separates them from it (a dash, or spaces only)."""
    for start in _ADDRESS_START.finditer(text):
        who = text[start.start() :].strip()
        opening = who.split(None, 1)[0]
        if opening.isupper() and "." not in opening and ":" not in opening:
            continue  # "… in MR Remote Collaboration": capitals without a dot are no title
        if not addresses_people(who):
            continue
        title = text[: start.start()].rstrip(" -–—:").strip()
        words = title.split()
        if not words or words[-1].lower() in _OPEN_ENDING or len(title) < 4:
            return None  # "PANCREATITIS Dr. A" is a talk; "Interview with Dr. A" a title
        people = _people(who)
        return None if people is None else (title, people)
    return None


def _one_full_name(who: str) -> bool:
    """`Per Ek`, `Anna-Lena de Vries`, `Lieve d'Hont`, `V.E. Mandrij`: two to four words,
    capitalised or name particles, a person's name."""
    words = who.split()
    if _INITIALS_THEN_SURNAME.match(who):
        return True  # "V.E. Mandrij": initials run together, then the surname
    return (
        2 <= len(words) <= 4
        and all(
            w[:1].isupper() or w in NAME_SMALL_WORDS or ELIDED_PARTICLE_SURNAME.match(w)
            for w in words
        )
        and is_name_like_strict(who)
        and author_line_score(who) >= 0.5  # not "The Next Frontier", "New Directions"
    )


# "V.E. Mandrij", "K.L. Marsden": two or three dotted initials run together, then a surname.
_INITIALS_THEN_SURNAME = re.compile(r"^(?:[A-Z]\.){2,3}\s[A-Z][a-z]+(?:-[A-Z][a-z]+)?$")


_LONG_DASHES = re.compile(r"\s+[—–]\s+")


def _title_then_name(text: str) -> tuple[str, tuple[Person, ...]] | None:
    """`Title – Alexis Michaud`: after a talk's kind, its title and, past the last long dash,
    one person's name and nothing else."""
    dashes = list(_LONG_DASHES.finditer(text))
    if not dashes:
        return None
    title, who = text[: dashes[-1].start()].strip(), text[dashes[-1].end() :].strip()
    words = who.split()
    if (
        len(title.split()) < 2
        or not 2 <= len(words) <= 4
        or not all(
            w[:1].isupper() and w[1:].replace("-", "").replace(".", "").isalpha() for w in words
        )
        or not is_name_like(who)
    ):
        return None
    return title, (Person(clean(who), None),)


def _name_then_title(text: str) -> tuple[tuple[Person, ...], str] | None:
    """`Etienne Becht - Infinity Flow: High-throughput …`: after a talk's kind, who gives it,
    a spaced dash, then its title (which is no name itself: `Data Systems - Ana Silva` is
    the other way round)."""
    dash = _DASH.search(text)
    if dash is None:
        return None
    who, title = text[: dash.start()].strip(), text[dash.end() :].strip()
    people = _people(who)
    if people is None and is_name_like_strict(who) and _LOWER_WORD.search(title):
        # "Johannes Rainer - Seamless Integration of Mass Spectrometry Data": a name whose
        # ending reads like a title word, before a title that has a title's small words.
        people = (Person(clean(who), None),)
    if people is None or len(title.split()) < 2 or _people(title) is not None:
        return None
    return people, title


_LOWER_WORD = re.compile(r"\s(?:of|the|and|for|with|in|on|to|from|a|an)\s")


# "Speaker 1:", "Talk 2 -": a line led by a numbered talk's label.
_NUMBERED_LEAD = re.compile(rf"^\s*(?:{_NUMBERED_TALK.pattern})\s*[:\-–—]", re.I)
# "Talk 10:Prof Tony Perry": a numbered talk's label glued to what follows its colon.
_GLUED_LABEL = re.compile(rf"^({_NUMBERED_TALK.pattern}):(?=[^\W\d_])", re.I)


# "I1 (remote) Ana Silva (MIT) “Title”", "C4 Bo Li (Uni Wien)", "Ana Silva (MIT) “Title”":
# a talk's code (a letter or three and a number), how it is given, who gives it with where
# they work, then its title in quotes, or no title at all.
_CODED_TALK = re.compile(
    r"^(?:(?P<code>[A-Z]{1,3}\d{1,3}[a-z]?)\s+)?(?:\((?P<how>[^()]{2,20})\)\s+)?"
    r"(?P<who>[^“”\"]+?\))(?:\s*[:,–—-]?\s*[“\"](?P<talk>[^“”\"]+)[”\"])?$"
)


def _coded_talk(title: str) -> TalkTitle | None:
    """`I1 (remote) Name (Affiliation) “Title”`: a talk known by its code (or by its quoted
    title), given by people each named with where they work."""
    m = _CODED_TALK.match(title)
    if m is None or not (m.group("code") or m.group("talk")):
        return None
    people = _people(m.group("who"))
    if people is None or not all(p.affiliation and len(p.name.split()) >= 2 for p in people):
        return None  # "R1 Lunch (Cafeteria)": a place, not where someone works
    talk = m.group("talk")
    return TalkTitle(m.group("code") or talk, talk, people)


def read_talk_title(title: str) -> TalkTitle | None:
    """The talk in `title`, or None when the title does not name one."""
    coded = _coded_talk(title)
    if coded is not None:
        return coded
    title = _GLUED_LABEL.sub(r"\1: ", title)
    dashed = split_dash_speakers(title)
    if dashed is not None and _ENTRY_KIND.match(title):
        kind = title.split(":", 1)[0].strip()
        return TalkTitle(kind, dashed[0], dashed[1])  # "Keynote: Title — Name, Affil"
    by = _KIND_BY.match(title)
    if by and _TALK_WORD.search(by.group("kind")):
        people = _people(by.group("who"))
        if people:
            kind = title[: by.start("talk")].rstrip(": ")
            return TalkTitle(kind, by.group("talk").strip(), people)
    sentence = _KIND_BY_SENTENCE.match(title) if by is None else None
    if sentence and _TALK_WORD.search(sentence.group("kind")):
        told = _speaker_sentence_then_title(sentence.group("rest"))
        if told is not None:
            return TalkTitle(sentence.group("kind").strip(), told[1], told[0])
    with_who = _KIND_WITH.match(title)
    if (
        with_who
        and _TALK_WORD.search(with_who.group("kind"))
        and (addresses_people(with_who.group("who")) or len(with_who.group("kind").split()) <= 2)
    ):
        # "Tutorial on deep learning with Apache Spark, hands-on": what the talk is done with.
        people = _people(with_who.group("who"))
        if people and all(len(p.name.split()) >= 2 and is_name_like_strict(p.name) for p in people):
            return TalkTitle(title, None, people)
    who_first = _WHO_DASH_KIND.match(title)
    if (
        who_first
        and len(who_first.group("kind").split()) <= 3
        and _TALK_WORD.search(who_first.group("kind"))
        and not _TALK_WORD.search(who_first.group("who"))
    ):
        who = who_first.group("who").strip()
        if (
            2 <= len(who.split()) <= 4
            and is_name_like_strict(who)
            and who.split()[0] in GIVEN_NAMES
        ):
            return TalkTitle(title, None, (Person(clean(who), None),))
    placed = _KIND_BY_PLACED.match(title)
    if placed and len(placed.group("kind").split()) <= 3:
        who = placed.group("who")
        people = _people(who) or _people(_ROLE_BEFORE_NAME.sub("", who, count=1))
        if people and all(_placed(p) for p in people):
            return TalkTitle(placed.group("kind").strip(), None, people)
    paren = _KIND_PAREN_COLON.match(title)
    series = _SERIES_LABEL.fullmatch(paren.group("kind").strip()) if paren else None
    if paren and (
        _TALK_WORD.search(paren.group("kind"))
        or (series and _COURSE_SESSION.search(paren.group("kind")))
    ):
        who = paren.group("who").strip()
        people = _people(who)
        if people is None and is_name_like_strict(who):
            # "(Fabien Maussion)": between a talk's kind and its title, one name alone is the
            # speaker's, however much its ending reads like a title word.
            people = (Person(clean(who), None),)
        if (
            people is None
            and series
            and _LONE_SURNAME.fullmatch(who)
            and who.lower() not in _NOT_A_SURNAME
        ):
            # "Lecture 1.a (Blitvic): Course Title": a mini-course's numbered lectures (and
            # its TA's problem sessions), who gives each by surname alone.
            people = (Person(who, None),)
        if people:
            return TalkTitle(paren.group("kind").strip(), paren.group("talk").strip(), people)
    for shape in (_KIND_DASH, _KIND_COLON, _KIND_PAREN):
        m = shape.match(title)
        if not m or not (
            _TALK_WORD.search(m.group("kind"))
            or (shape is _KIND_COLON and _WORKSHOP.search(m.group("kind")))
        ):
            continue
        kind, rest = m.group("kind").strip(), m.group("rest").strip()
        who, colon, talk = rest.partition(": ")
        if shape is _KIND_DASH and colon:
            people = _people(who)
            if people:
                return TalkTitle(kind, talk.strip(), people)  # "Invited Talk - Name: Title"
        titled = _title_then_name(rest) if shape is _KIND_COLON else None
        if titled is not None:
            return TalkTitle(kind, titled[0], titled[1])  # "Keynote 1: Title – Name"
        named = _name_then_title(rest) if shape is _KIND_COLON else None
        if named is not None:
            return TalkTitle(kind, named[1], named[0])  # "Long talk: Name - Title"
        people = _people(rest) or (_name_then_workplace(rest) if shape is _KIND_COLON else None)
        if people:
            if shape is not _KIND_PAREN and _NUMBERED_TALK.fullmatch(kind):
                return TalkTitle(kind, None, people)  # "Talk 2: Ms Name": untitled, its label
            if shape is _KIND_DASH and len(people) == 1:
                # "Keynote 2 - Ana Silva": untitled, so named as printed, as "Keynote: Ana
                # Silva" is; a group of speakers follows the item's own name ("Panel - A, B").
                return TalkTitle(title, None, people)
            if shape is _KIND_DASH:
                return TalkTitle(kind, None, people)  # "Panel - A, B, C"
            if shape is _KIND_PAREN:
                return TalkTitle(kind, kind, people)  # "Keynote (Name)": the talk is "Keynote"
            return TalkTitle(title, None, people)  # "Keynote: Name"
        if shape is _KIND_COLON and (_KEYNOTE_KIND.fullmatch(kind) or _WORKSHOP.fullmatch(kind)):
            # "Keynote: Title", "Workshop: Title": the speaker (or who leads it) below
            return TalkTitle(kind, rest, ())
        if shape is not _KIND_PAREN and _NUMBERED_TALK.fullmatch(kind):
            return TalkTitle(kind, rest, ())  # "Palestra 2 - Title", the speaker below
    return None


def _name_then_workplace(text: str) -> tuple[Person, ...] | None:
    """`Nadia Y. Kim, Professor of Sociology, Texas A&M University`: one speaker's full name,
    then after its comma what they are and where (an institution last), or None."""
    name, comma, workplace = text.partition(", ")
    words = name.split()
    if not comma or not 2 <= len(words) <= 4 or not is_name_like(name):
        return None
    if not is_name_like_strict(name) and words[0] not in GIVEN_NAMES:
        return None  # "Nadia Y. Kim": an initial is no title word after a known given name
    if not names_an_institution(workplace.rsplit(", ", 1)[-1]):
        return None
    return (Person(clean(name), clean(workplace)),)


def _speaker_sentence_then_title(text: str) -> tuple[tuple[Person, ...], str] | None:
    """`Ana Silva, Uni A. Pricing with limited attention`: the first full stop after which the
    words before it are people and those after it a title of two words or more. A stop after
    a single letter is an initial's (`Ana M. Silva`), not the sentence's end."""
    for stop in _SENTENCE_STOP.finditer(text):
        talk = text[stop.end() :].strip()
        people = _people(text[: stop.start()])
        if people and len(talk.split()) >= 2:
            return people, talk
    return None


def numbered_talk(text: str) -> tuple[str, tuple[Person, ...]] | None:
    """`Speaker 1: Dr. Arash Zamyadi`, `Talk 2: Ms Name`: one of a session's numbered talks,
    untitled, its label and who gives it."""
    if not _NUMBERED_LEAD.match(text):
        return None  # most lines: no label before a colon, so no need to read them further
    talk = read_talk_title(text)
    if talk is None or talk.talk_title is not None or not talk.speakers:
        return None
    if not _NUMBERED_TALK.fullmatch(talk.session_title):
        return None
    return talk.session_title, talk.speakers


_TITLE_PEOPLE = re.compile(r"^(?P<title>.*\S)\s*\((?P<who>[^()]+)\)$")

# "Talk by DFO expert (25-30 mins) Title", "Demonstration (~2 hrs) Title": a few words naming
# the talk's format and how long it runs, printed before its title (a bold lead-in, once
# copied): what kind of talk it is, not what it is called.
_FORMAT_LABEL = re.compile(
    r"^(?P<label>[^()]{3,40}?)\s*\(\s*~?\d{1,3}(?:\s*[-–]\s*\d{1,3})?\s*"
    r"(?:min|mins|minutes|hrs?|hours?)\.?\s*\)\s+(?P<title>\S.*)$",
    re.I,
)


def without_format_label(title: str) -> str:
    """`title` without a leading `Short talk (15-20 mins)`: the format and length of a talk
    are its kind, the words after them its title (two words at least)."""
    m = _FORMAT_LABEL.match(title)
    if m is None or len(m.group("label").split()) > 6 or len(m.group("title").split()) < 2:
        return title
    return m.group("title")


# "Painel 1: TEMA. Palestrantes: A (X); B (Y)", "Conferência: TEMA. Conferencista: A (X)": the
# talk's speakers named by a label after its title, in the languages programs print it in.
_LABELLED_SPEAKERS = re.compile(
    r"^(?P<head>.+?)[.;]?\s+(?P<label>"
    + SPEAKER_LABEL_WORDS
    + r"|panell?ists?|panelistas?)\s*:\s*(?P<who>\S.*?)\.?$",
    re.I,
)


def labelled_speakers(text: str) -> TalkTitle | None:
    """The talk of `Painel 1: THEME. Palestrantes: A (X); B (Y)`: its label ("Painel 1"), its
    theme (the talk's title) and the people after the speakers' label, else None."""
    m = _LABELLED_SPEAKERS.match(text)
    if m is None:
        return None
    people = parse_author_line(m.group("who"))
    if not people.authors or people.rest:
        return None
    head = m.group("head").strip()
    label, colon, theme = head.partition(": ")
    if colon and theme.strip() and len(label.split()) <= 4:
        return TalkTitle(label.strip(), theme.strip(), people.authors)
    return TalkTitle(head, head, people.authors)


def split_title_people(text: str) -> tuple[str, tuple[Person, ...]] | None:
    """`Title (Speaker & Speaker)`, `Title (Name, Affiliation)`: a talk and who gives it, in
    parentheses after its title, as timetables with a cell a talk print them."""
    m = _TITLE_PEOPLE.match(text)
    if m is None or len(m.group("title").split()) < 2:
        return None
    people = _people(_without_mode(m.group("who")))
    return None if people is None else (without_format_label(m.group("title")), people)


# "(Francesco Beretta, online)": how the talk is given, after who gives it.
_TRAILING_MODE = re.compile(r"\s*[,;/]\s*(?:" + ATTENDANCE_MODES + r")\s*$", re.I)


# "(Livy Real - slides)", "(Jakub Mácha, slides)": a link to the talk's material after who
# gives it, inside the parentheses.
_TRAILING_LINK_WORD = re.compile(
    r"\s*(?:[,;/|]|\s[-–—])\s*(?:slides?|video|pdf|paper|poster)\s*$", re.I
)


def _without_mode(who: str) -> str:
    return _TRAILING_LINK_WORD.sub("", _TRAILING_MODE.sub("", who))


# A place is no speaker: "Welcome reception (Gold Room)", "Lunch (Zeeman Building)".
_PLACE_WORD = re.compile(r"\b(?:" + ROOM_WORDS + r"|building|centre|center|hotel|campus)\b", re.I)
# "(Long Papers)", "(Part Two)", "(Online Session)": what an item is, not who gives it.
_ITEM_WORD = re.compile(
    r"\b(?:papers?|posters?|demos?|sessions?|tracks?|parts?|online|virtual|hybrid|remote|live|"
    r"recorded|plenary|open|closed|new|best)\b",
    re.I,
)


def _full_names(who: str) -> tuple[Person, ...] | None:
    """`Jakob Steiner, Fabien Maussion`: two to four capitalised words a name, or one word
    that is a common given name (`Anouk, Fabien`: a small workshop's lecturers by first name),
    and nothing that names the item instead (`Long Papers`, `Invited Talks`)."""
    if _ITEM_WORD.search(who) or _TALK_WORD.search(who) or _PLACE_WORD.search(who):
        return None
    # "(Dr. Ingrid Holm)": how a speaker is addressed is no part of the name, as an author
    # line reads it
    names = [without_address(n.strip()) for n in SPEAKERS_JOINED.split(who.strip()) if n.strip()]
    if not names or not all(is_name_like_strict(n) or n in GIVEN_NAMES for n in names):
        return None
    return tuple(Person(clean(n), None) for n in names)


def title_then_named_speakers(
    text: str, *, any_case: bool = False
) -> tuple[str, tuple[Person, ...]] | None:
    """`Presentation of the workshop, introduction to OGGM (Fabien Maussion)`: an item's title
    with a title's lowercase words, then in parentheses only full names (each of two to four
    capitalised words), which are its speakers. `any_case`: a title of four words or more
    needs no lowercase word (German capitalises its nouns: `Quellen, Daten, Perspektiven`)."""
    m = _TITLE_PEOPLE.match(text)
    if m is None:
        return None
    title = m.group("title")
    if not has_common_word(title) and not (any_case and len(title.split()) >= 4):
        return None
    people = _full_names(_without_mode(m.group("who")))
    return None if people is None else (without_format_label(m.group("title").strip()), people)


# "Glacier mass balance (Anouk, Fabien): processes and modelling": a topic, who teaches it, then
# after a colon what it covers.
_TITLE_PEOPLE_NOTE = re.compile(r"^(?P<title>.*\S)\s*\((?P<who>[^()]+)\):\s+(?P<note>\S.*)$")


def title_named_speakers_note(text: str) -> tuple[str, tuple[Person, ...], str] | None:
    """The title, speakers and description of `Topic (A, B): what it covers`, where the topic
    has a title's lowercase words and the parentheses only full or common given names."""
    m = _TITLE_PEOPLE_NOTE.match(text) if "):" in text else None
    if m is None or not has_common_word(m.group("title")):
        return None
    people = _full_names(m.group("who"))
    return None if people is None else (m.group("title").strip(), people, m.group("note"))


# "Title. Presentation (A, B) and open discussion with participants.": the title's sentence,
# then one naming the kind of talk with its speakers in parentheses.
_TITLE_THEN_KIND_SENTENCE = re.compile(
    r"^(?P<title>[^.()]{10,}?)\.\s+(?P<kind>[A-Z][^.():]{2,30}?)\s*\((?P<who>[^()]+)\)"
)


def title_then_talk_sentence(text: str) -> tuple[str, tuple[Person, ...]] | None:
    """The title and speakers of `Title. Presentation (A, B) and open discussion.`, where the
    second sentence starts with a kind of talk and names only full names in parentheses."""
    m = _TITLE_THEN_KIND_SENTENCE.match(text)
    if m is None or not _TALK_WORD.search(m.group("kind")):
        return None
    people = _full_names(m.group("who"))
    return None if people is None else (m.group("title").strip(), people)


# A name's word: "Krisztina", "Ødemark", "Hernández-Hernández", or an initial "T.".
_NAME_WORD = re.compile(r"^(?:[^\W\d_][^\W\d_'’-]*(?:[-'’][^\W\d_]+)*|[^\W\d_]\.)$")
_AFFILIATION_SMALL_WORDS = frozenset("of for the and de del der di da do du la le für y".split())
_MOST_AFFILIATION_WORDS = 8


def title_then_speaker_and_affiliation(text: str) -> tuple[str, tuple[Person, ...]] | None:
    """`Orbital development kit Egon Willighagen, Uppsala University`: a talk's title set off
    from its speaker by bold alone, lost in a copy. The title's last word is in lower case, so
    the capitalised words after it (two or three, or four with an initial) up to the first
    comma are the speaker's name, and the rest, capitalised throughout, where they work."""
    head, comma, place = text.partition(", ")
    if not comma:
        return None
    words = head.split()
    run = 0
    while run < len(words) and words[-1 - run][:1].isupper():
        run += 1
    name_words, title_words = words[len(words) - run :], words[: len(words) - run]
    initials = sum(1 for w in name_words if len(w) == 2 and w.endswith("."))
    if (
        not (2 <= run <= 3 or (run == 4 and initials))
        or len(title_words) < 2
        or not title_words[-1].isalpha()
        or not title_words[-1].islower()
        or title_words[-1] in NAME_SMALL_WORDS
        or not all(_NAME_WORD.match(w) for w in name_words)
        or not (is_name_like_strict if not initials else is_name_like)(" ".join(name_words))
    ):
        return None
    others = [n for n in SPEAKERS_JOINED.split(place) if n]
    place_words = place.replace(",", " ").split()
    if (
        not 1 <= len(place_words) <= _MOST_AFFILIATION_WORDS
        or any(not w[:1].isupper() and w not in _AFFILIATION_SMALL_WORDS for w in place_words)
        or _ITEM_WORD.search(place)
        or (  # "Ana Silva, Bo Li and Cy Ng": more speakers, not a place
            len(others) >= 2 and all(len(n.split()) >= 2 and is_name_like_strict(n) for n in others)
        )
    ):
        return None
    return " ".join(title_words), (Person(clean(" ".join(name_words)), clean(place)),)
