"""The author-line grammar.

Real author lines come as `Name (Affiliation), Name (Affiliation)`, as groups `A, B, C (X); D (Y)`
or `A, B and C (X)` where every name of a group gets the group's affiliation, with parentheses,
`;`, `,`, `&` and `/` nested inside affiliations, nicknames in parentheses inside a name
(`Yang (Katie) Zhao (Univ)`), missing or extra spaces around commas, and sometimes a line that
runs on into the next paper's title with no separator at all. This module reads one such line.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from functools import lru_cache

from bot.model import Person
from bot.parsing.given_names import GIVEN_NAMES
from bot.parsing.wordtrie import word_alternation

# "and" joining the last two names of a group (French "et", German "und"); only outside
# parentheses. "y"/"e" only after an affiliation's parenthesis or before an academic title
# ("A (UFRGS) e Profª. B", "A e Profª. B"): elsewhere they are name particles ("Ortega y Gasset").
_AND = re.compile(
    r"\s+(?:and|&|et|und|/)\s+"
    r"|(?<=\))\s+[ey]\s+|\s+[ey]\s+(?=(?-i:Prof|Dr|Sr|Lic|Mgr)[aª]?\.?\s)",
    re.I,
)


def _may_join_names(text: str) -> bool:
    """Whether `_AND` can match `text`: most names hold none of its words, and these plain tests
    are much cheaper than the pattern (no other character matches their letters when case is
    ignored)."""
    lowered = text.lower()
    return (
        "and" in lowered
        or "et" in lowered
        or "und" in lowered
        or "&" in text
        or "/" in text
        or " e " in lowered
        or " y " in lowered
    )


_NAME_PARTICLES = frozenset(
    "van von der den de del della di da dos das du la le ten ter".split()
    + "bin binti al el y e ibn mc st".split()
)
# The whole text at once: only name characters between the spaces, and no word without a letter.
_NAME_CHARACTERS = re.compile(r"[\w'’.\-\s]*")
_WORD_WITHOUT_LETTER = re.compile(r"(?<!\S)[\d_'’.\-]+(?!\S)")
_HAS_LETTER = re.compile(r"[^\W\d_]")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
# The words of a program's own parts in Chinese, Japanese and Korean: talks, forums, sessions,
# speeches, openings, breaks. A run of characters holding one names an item, not a person
# ("主题报告一", "平行分论坛二"), however short.
_CJK_ITEM_WORDS = re.compile(
    r"报告|報告|講演|演讲|演講|讲座|講座|论坛|論壇|致辞|致词|致詞|开幕|開幕|闭幕|閉幕|会议|會議|"
    r"セッション|発表|休憩|休息|茶歇|세션|발표|강연|휴식"
)
# "A", "A.", "A.S.", "А.Н.": a middle initial (Latin or Cyrillic capitals), not "a"
_INITIALS = re.compile(r"^(?:[A-ZА-ЯЁЂ-ЏҐ]\.?)+$")
_LEADING_TITLE_WORDS = frozenset(
    "a an the on towards toward how why what when where is are do does can should beyond"
    " rethinking revisiting understanding enabling making".split()
)
# "We’d", "Don't", "Let’s": contractions of pronouns and verbs, which no name contains
# (unlike "O'Brien" or "D’Angelo").
_CONTRACTION = re.compile(
    r"^(?:i|you|we|they|he|she|it|that|there|what|let|don|can|won|isn|aren|doesn|didn|wasn)"
    r"['’](?:d|ll|re|ve|m|s|t)$",
    re.I,
)
_ITEM_WORDS = frozenset(
    "lunch coffee break breakfast dinner reception banquet refreshments registration".split()
    + "welcome opening introduction closing remarks keynote".split()
    # the words of a program's own parts ("Parallel Sessions A", "Poster Session B")
    + "session sessions parallel plenary poster posters track tracks tutorials".split()
    # the nouns of research topics, as session and track names print them
    + "analysis mining media social systems networks language languages learning processing"
    " data models computational computing semantics parsing retrieval translation".split()
    + "summarization classification detection recognition security privacy algorithms".split()
)
_TITLE_WORDS = frozenset(
    "a an the of for in on with via to from and or by at into towards toward using over under"
    " through is are not when without beyond between across".split()
    + "your our its we you how why what".split()
    + "can do does should will must let it be if as vs versus meets".split()
)


@dataclass(frozen=True, slots=True)
class AuthorLine:
    """What `parse_author_line` understood.

    `rest` is text left after the last affiliation that cannot belong to this list (a line
    that runs on into the next paper); `problems` says what was repaired or doubtful.
    """

    authors: tuple[Person, ...]
    rest: str | None = None
    problems: tuple[str, ...] = field(default=())


def clean(text: str) -> str:
    """Runs of white space as one space, none at the ends."""
    if text[:1] != " " and text[-1:] != " " and "  " not in text and text.isprintable():
        # Clean already, as most lines are once lexed: every white space but the plain space
        # is unprintable, and no space is doubled or at an end. Splitting a long line into its
        # words and joining them again would cost much more than these looks.
        return text
    return " ".join(text.split())


_PARENTHESES = re.compile(r"\([^)]*\)")


def without_parentheses(name: str) -> str:
    """`Yang (Katie) Zhao` -> `Yang  Zhao`: what is left to judge as a name."""
    return _PARENTHESES.sub("", name) if "(" in name else name


# "Name (Affil) · Name (Affil)", "Name (Affil) | Name (Affil)": list separators some pages use.
_LIST_DOTS = re.compile(r"\s+[·•|]\s+")


_DELIMITER = re.compile(r"([(),;])")


def _split_top_level(text: str) -> list[tuple[str, str]]:
    """Split into ("text", s), ("paren", inner) and ("sep", ","/";") pieces at depth 0.

    Unbalanced parentheses are closed at the end of the line.
    """
    pieces: list[tuple[str, str]] = []
    depth = 0
    buf: list[str] = []
    # Odd items are the delimiters, even ones the runs between them: a line is walked a run
    # at a time, not a character at a time.
    for index, part in enumerate(_DELIMITER.split(text)):
        if not index % 2:
            if part:
                buf.append(part)
        elif depth == 0:
            if part == "(":
                if buf:
                    pieces.append(("text", "".join(buf)))
                    buf = []
                depth = 1
            elif part in ",;":
                if buf:
                    pieces.append(("text", "".join(buf)))
                    buf = []
                pieces.append(("sep", part))
            # a stray closing parenthesis carries nothing
        elif part == "(":
            depth += 1
            buf.append(part)
        elif part == ")":
            depth -= 1
            if depth == 0:
                pieces.append(("paren", "".join(buf)))
                buf = []
            else:
                buf.append(part)
        else:
            buf.append(part)
    if buf:
        pieces.append(("paren" if depth else "text", "".join(buf)))
    return pieces


_ASCII_DIGIT = re.compile(r"[0-9]")
_ROMAN_NUMERAL = re.compile(r"(?=[IVXLC])C{0,3}(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")


# "S", "K.": an initial printed after a name ("Mohammed Ibrahim. S").
_INITIAL_AFTER_NAME = re.compile(r"[A-Z]\.?")


@lru_cache(maxsize=65536)
def is_name_like(text: str) -> bool:
    """A plausible personal name: 1 to 6 words, letters, no sentence-like function words."""
    words = text.split()
    if not 1 <= len(words) <= 6 or len(text) > 60:
        return False
    if not _NAME_CHARACTERS.fullmatch(text) or _WORD_WITHOUT_LETTER.search(text):
        return False  # a character no name has, or a word of digits and punctuation only
    if text.isascii():
        if _ASCII_DIGIT.search(text):
            return False
    else:
        cjk = _CJK.search(text)
        if cjk and any(len(w) > 6 and _CJK.search(w) for w in words):
            return False  # "ユビキチン鎖化学合成制御…": a title's run of characters, not a name
        if cjk and _CJK_ITEM_WORDS.search(text):
            return False
        if any(map(str.isdigit, text)):
            return False  # and the digits of other scripts, superscripts among them
    if len(words) == 1 and _ROMAN_NUMERAL.fullmatch(text):
        return False  # "Sesje referatowe I – III": the last of a numbered range, not a person
    if ("'" in text or "’" in text) and any(_CONTRACTION.match(w) for w in words):
        return False  # "We’d Better Use Them": a sentence's words, not a name
    lowered = text.lower().split()  # lower case leaves the spaces where they were
    if not _ITEM_WORDS.isdisjoint(lowered):
        return False  # "Lunch (on your own)", "Welcome and introduction": an item, not a person
    if lowered[0] in _LEADING_TITLE_WORDS and not (words[0] == "An" and len(words) == 2):
        return False  # "An Wang" is a name; "An Analysis", "The Case" are not
    # "Storage. Di Wu": a sentence ends inside it (initials like "H." and "Jr." are fine, and
    # so is the stop before an initial printed after the name, "Mohammed Ibrahim. S").
    initial_after = len(words) >= 3 and _INITIAL_AFTER_NAME.fullmatch(words[-1]) is not None
    if "." in text and any(
        w.endswith(".")
        and len(w) > 3
        and w.lower() not in {"jr.", "sr.", "st."}
        and not _INITIALS.match(w)
        and not (initial_after and index == len(words) - 2)
        for index, w in enumerate(words[:-1])
    ):
        return False
    if not _TITLE_WORDS.isdisjoint(lowered[1:-1]):
        all_capitalised = all(w[:1].isupper() for w in words)
        if any(
            lw in _TITLE_WORDS
            for w, lw in zip(words[1:-1], lowered[1:-1], strict=True)
            if lw not in {"de", "y"}
            and not _INITIALS.match(w)
            and not (all_capitalised and len(words) == 3)  # "Vinh The Lam"
        ):
            return False
    # One lower-case name in a list is fine ("qiwen deng"); a whole lower-case phrase is not.
    if len(words) <= 2:
        return True
    capitalised = sum(
        1 for w, lw in zip(words, lowered, strict=True) if w[:1].isupper() or lw in _NAME_PARTICLES
    )
    return capitalised >= max(1, len(words) - 1)


_NICKNAME = re.compile(r"[^\W\d_][\w'’.\-]{0,15}")
_MORE_OF_THE_NAME = re.compile(r"\s+[^\W\d_]")


def _is_nickname(inner: str, following: str) -> bool:
    """`(Katie)` in `Yang (Katie) Zhao (...)`: one short word, followed by more of the name."""
    if not following[:1].isspace():
        return False  # no more of the name after it (`_MORE_OF_THE_NAME` starts with a space)
    inner = inner.strip()
    if len(inner) > 1 and inner.isupper():
        return False  # "(UCLA)": an acronym is an affiliation
    if _JOINED_NEXT.match(following):
        return False  # "Ana Silva (OpenAI) and Bo Li (…)": a workplace, then the next person
    return bool(_NICKNAME.fullmatch(inner)) and bool(_MORE_OF_THE_NAME.match(following))


# "and Bo Li", "& Bo Li": what follows a person's parenthesis when it closes their entry.
_JOINED_NEXT = re.compile(r"\s+(?:and|&|et|und|y|e)\s", re.I)


# Whole words (any case) that name an institution, and the stems of longer ones.
_INSTITUTION_WORDS = (
    "uni college school academy lab labs research inc ltd llc gmbh ag company center centre"
    " centers centres"
    " department dept hospital foundation polytechnic politecnico technische ecole école"
    " laboratoire unit unité technologies"
    # the same in other languages (not words a title uses too, as `centro` or `archivio`)
    " scuola escuela escola hochschule hogeschool facultad faculdade facoltà fakultät faculté"
    " zentrum klinikum ospedale hôpital politechnika politécnico politécnica tecnológico"
    " council consejo consiglio conseil"
    " google microsoft meta amazon ibm intel nvidia huawei alibaba tencent bytedance apple"
    " samsung oracle cisco vmware deepmind openai eth epfl mit cmu kaist kth ucl tu inria"
    " cnrs csail nus ntu"
).split()
_INSTITUTION_STEMS = "univ uniwersyt institut istitut instytut laborator corp".split()
# Only ever asked whether it matches anywhere, so the words go in as a prefix tree
# (`wordtrie`), which matches the same texts as their plain alternation, only faster.
_INSTITUTION = re.compile(
    r"\b(?:"
    + word_alternation(_INSTITUTION_WORDS)
    + "|"
    + word_alternation(_INSTITUTION_STEMS)
    + r"\w*|(?-i:UC|UT|SUNY|CUNY|USC|NYU|UCLA|UCSD|UIUC|JHU|HKUST|CUHK|USTC)"
    # "Vertigo.ai", "Booking.com": a firm known by its web address
    + r"|(?<![@\w.-])[a-z][\w-]*\.(?:ai|com|io|co))\b"
    r"|^[A-Z][A-Z&\-]{1,9}$",
    re.I,
)
# "東大院・工学", "清华大学", "서울대학교": East Asian institution words, inside a word.
_EAST_ASIAN_INSTITUTION = re.compile(
    "大学|大院|研究所|研究院|センター|学院|病院|公司|대학|연구소|병원"
)


# "Физический институт им П.Н. Лебедева РАН", "Воронежский государственный университет":
# Russian and Ukrainian institution stems, and the Academy of Sciences' acronym.
_CYRILLIC_INSTITUTION = re.compile(
    r"университет|університет|институт|інститут|академи|лаборатор|центр|клиник|больниц|"
    r"колледж|(?-i:\b(?:РАН|НАН)\b)",
    re.I,
)


def _has_institution_word(text: str) -> bool:
    """Whether `text` holds a word that names an institution (East Asian and Cyrillic ones
    are not ASCII)."""
    return bool(_INSTITUTION.search(text)) or (
        not text.isascii()
        and (bool(_EAST_ASIAN_INSTITUTION.search(text)) or bool(_CYRILLIC_INSTITUTION.search(text)))
    )


def looks_like_institution(text: str) -> bool:
    text = text.strip()
    return (
        bool(text)
        and _has_institution_word(text)
        and not is_name_like_strict(text)
        and not _initialled_name(text)
    )


def names_an_institution(text: str) -> bool:
    """`Universität Stuttgart, Deutschland`, `Trier Center for Digital Humanities`: a line
    that names where people work, not who they are."""
    return (
        _has_institution_word(text) and not is_name_like_strict(text) and not _initialled_name(text)
    )


_MIDDLE_INITIAL = re.compile(r"[A-Z]\.?")


def _initialled_name(text: str) -> bool:
    """`Evan G Center`, `Mary K. College`: a given name, a middle initial and a surname is a
    person, even where the surname is a word institutions are named with."""
    words = text.split()
    return (
        len(words) == 3
        and words[0] in GIVEN_NAMES
        and _MIDDLE_INITIAL.fullmatch(words[1]) is not None
        and words[2][:1].isupper()
        and words[2][1:].islower()
    )


def is_name_like_strict(text: str) -> bool:
    """A name and nothing else: every word capitalised, no institution word; a Dutch or
    German surname's lower-case particles before the last word (`Jeroen van den Hoven`), or
    an elided one opening it (`Lieve d'Hont`)."""
    if " v" in text or " te" in text or " Van " in text or " Von " in text or " De la " in text:
        text = _SURNAME_PARTICLES.sub(" ", text)
    words = text.split()
    return (
        1 < len(words) <= 4
        and all(
            w[:1].isupper() and (w[1:2].islower() or _apostrophe_surname(w)) for w in words[:-1]
        )
        and (
            (
                words[-1][:1].isupper()
                and (words[-1][1:2].islower() or _apostrophe_surname(words[-1]))
            )
            or ELIDED_PARTICLE_SURNAME.match(words[-1]) is not None
        )
        and not _has_institution_word(text)
    )


# "d'Hont", "d’Almeida", "l'Estrange": a surname opening with an elided lower-case particle.
ELIDED_PARTICLE_SURNAME = re.compile(r"^[dl]['’][A-Z][a-z]")
# "А.Н. Панов", "И. Махлин", "A. N. Panov": a speaker's initials, then the surname (one word,
# maybe double-barrelled), as programs in Russian and other languages print people.
_CAPITAL = "A-ZÀ-ÖØ-ÞА-ЯЁЂ-ЏҐ"
_INITIALS_THEN_SURNAME = re.compile(
    rf"^(?:[{_CAPITAL}]\.\s?){{1,3}}\s*[{_CAPITAL}][^\W\d_A-ZА-Я]+(?:-[{_CAPITAL}][^\W\d_]+)?$"
)


def initials_then_surname(text: str) -> bool:
    """A person printed by initials and surname (`А.Н. Панов`, `J. R. Hale`) and no more."""
    return _INITIALS_THEN_SURNAME.match(text.strip()) is not None and not _has_institution_word(
        text
    )


def _apostrophe_surname(word: str) -> bool:
    """`O'Brien`, `D’Angelo`: a capital, an apostrophe, and the surname's own capital."""
    return word[1:2] in ("'", "’") and word[2:3].isupper() and word[3:4].islower()


# " van ", " van der ", " von ", " ten ": between a given name and the surname's last word;
# and " Van den ", " Von der ", as Belgian and some Dutch names capitalise the first particle.
_SURNAME_PARTICLES = re.compile(
    r"(?<=\S) (?:van|von)(?: (?:der|den|de))? (?=\S+$)|(?<=\S) te[nr] (?=\S+$)"
    r"|(?<=\S) (?:Van|Von) (?:der|den|de) (?=\S+$)"
    # "Ana De la Cruz": a Spanish surname's particles, the first capitalised (lower-case
    # "de la" is as often a title's "Historia de la Medicina")
    r"|(?<=\S) De la (?=\S+$)"
)


_LIST_PUNCTUATION = frozenset(",;()&/|·•:")


def split_known_names(text: str, known: Collection[str]) -> str | None:
    """`Roberto Di Cosmo Stefano Vitali`: two names run together where the page's line break
    or separator was lost in the copy. When one side is a name the program prints elsewhere
    and both sides are shaped as names, returns them as a list (`A, B`); None otherwise."""
    words = text.split()
    if not 4 <= len(words) <= 8 or not _LIST_PUNCTUATION.isdisjoint(text) or _AND.search(text):
        return None
    for cut in range(2, len(words) - 1):
        head, tail = " ".join(words[:cut]), " ".join(words[cut:])
        if (
            (head in known or tail in known)
            and is_name_like_strict(head)
            and is_name_like_strict(tail)
        ):
            return f"{head}, {tail}"
    return None


def _institution_before_parenthesis(text: str) -> bool:
    """`Jo Ng, University of Tahiti (Eastco, MSH-P)`: the first parenthesis is inside an
    affiliation already begun after a comma, so it is not a name's own affiliation."""
    parts = [p.strip() for p in text[: text.find("(")].split(",")]
    return len(parts) > 1 and is_name_like(parts[0]) and looks_like_institution(parts[1])


# "San Diego", "New York", "St. Louis": the words a place's name opens with, which after a
# workplace go on with it ("University of California, San Diego") rather than name a person.
_PLACE_OPENING = frozenset(
    "san santa santo são sao los las la le el new st. st saint sainte rio buenos tel abu hong"
    " port fort mount mt. kuala".split()
)


def _alternating_affiliations(text: str) -> tuple[Person, ...] | None:
    """`Ana Silva, Uni A, Bo Li, Cy Ng, ETH Zurich, Switzerland`: names and workplaces in turn,
    all apart by commas, each workplace the one of the names before it. Read so only when two
    workplaces or more part the names, each after a name of two words or more; a one-word part
    or a place's name after a workplace (`Switzerland`, `San Diego`) is more of it. None when
    the line is not of that form."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) < 4 or not all(parts):
        return None
    groups: list[tuple[list[str], list[str]]] = []  # (names, workplace parts)
    for part in parts:
        words = part.split()
        in_workplace = bool(groups) and bool(groups[-1][1])
        if looks_like_institution(part):
            if not groups:
                return None  # a workplace before any name
            groups[-1][1].append(part)
        elif in_workplace and (len(words) == 1 or words[0].lower() in _PLACE_OPENING):
            groups[-1][1].append(part)
        elif len(words) >= 2 and is_name_like(part):
            if not groups or groups[-1][1]:
                groups.append(([], []))
            groups[-1][0].append(part)
        else:
            return None
    if len(groups) < 2 or not all(workplace for _, workplace in groups):
        return None
    return tuple(
        Person(clean(name), ", ".join(workplace)) for names, workplace in groups for name in names
    )


def _comma_affiliations(text: str) -> tuple[Person, ...] | None:
    """`Ana Silva and Bo Li, Uni A; Cy Ng, MIT` (USENIX and ACM pages): each group's last
    comma part is its affiliation. None when the line is not of that form."""
    if ";" not in text and text.count(",") >= 3:
        alternating = _alternating_affiliations(text)
        if alternating is not None:
            return alternating
    groups = [g.strip() for g in text.split(";") if g.strip()]
    # Each group's names and affiliation, or its parts and None where it is not of that form:
    # its people are made only once some group is (a title's never is).
    groups_read: list[tuple[list[str], str | None]] = []
    found = False
    for group in groups:
        parts = [p.strip() for p in group.split(",") if p.strip()]
        # The affiliation starts at the first institution after the names and runs to the
        # end of the group ("ETH Zurich, Switzerland").
        cut = next(
            (i for i in range(1, len(parts)) if looks_like_institution(parts[i])), len(parts)
        )
        if cut < len(parts):
            # " " + part: the Oxford comma's "…, and Eve Li, Uni A" leaves "and" leading a part.
            names = [n for part in parts[:cut] for n in _AND.split(" " + part) if n.strip()]
            if names and all(is_name_like(n) for n in names):
                found = True
                groups_read.append((names, ", ".join(parts[cut:])))
                continue
        groups_read.append((parts, None))
    if not found:
        return None
    authors: list[Person] = []
    for words, affiliation in groups_read:
        if affiliation is None:
            authors.extend(Person(clean(n), None) for p in words for n in _AND.split(p) if n)
        else:
            authors.extend(Person(clean(n), affiliation) for n in words)
    return tuple(authors)


# "Prof. Dr. Name", "Dr.-Ing. Name": how a person is addressed, not their name.
_HONORIFIC = re.compile(
    # and "Dra. Ana", "Profa. Ana", "Sr. Luis", "Lic. Ana", "Mgr. Jan" as other languages write it
    # ("Profª." with the feminine ordinal)
    # ("Mtra.", "Mtro.", "Arq.", "Biól.": Mexican and Spanish degrees; "Mag.", "Dipl.-Ing.")
    # ("Drs. A and B", "Profs. A and B": the plural before several names; Dutch "drs.")
    r"^(?:(?:prof|profa|profª|profs|dr|dra|drs|mr|mrs|ms|mx|sr|sra|lic|mgr|ing|sir|dame|assoc|asst|ass|univ|"
    r"mtra|mtro|arq|biól|biol|mag|dipl)\."
    r"(?:-\w+\.)?\s*"
    # "Prof Jann Hau", "Dr Mercy Akinyi", "A/Prof. Chun Wie Chong", "A/ Prof. Sam Forster":
    # British and Australian usage, undotted or with "A/" for an associate professor
    # (but "MS Ramanujan", "MR Smith": two capitals before a capitalised surname are initials)
    r"|(?:a/\s?)?prof[ª]?\.?\s+(?=(?-i:[A-ZÀ-Ý]))"
    r"|(?!(?-i:M[RSX])\s+(?-i:[A-ZÀ-Ý][a-zà-ÿ]))(?:dr|dra|mr|mrs|ms|mx)\s+(?=(?-i:[A-ZÀ-Ý]))"
    # "Dr: David Male": with a colon
    r"|(?:dr|dra|prof)\s*:\s*(?=(?-i:[A-ZÀ-ÞА-ЯЁ]))"
    # "GS.TS. Trần Trung", "PGS. TS Lê Hoa", "ThS. Phan An", "HTB.GS. TSKH. Hồ Bảo": Vietnamese
    # degrees (professor, associate professor, doctor, master...) glued before the name, as cased
    # and dotted (undotted only after "GS."/"PGS.": "KS Rao", "TS Eliot" are initials)
    r"|(?-i:(?:HTB\.\s?)?(?:P?GS\.\s?(?:TSKH|TS|ThS)\.?|P?GS\.|(?:TSKH|TS|ThS|CN|KS|BS|NCS)\.))\s+"
    r"(?=(?-i:[A-ZÀ-ÞĐƠƯ\u1ea0-\u1ef9])))+"
    r"|^(?:professor|doctor)\s+(?=\S)",
    re.I,
)
# Between the people of a list: "A, B", "A; B", "A / B", "A & B", "A and B" (not the slash of
# "A/Prof."), "Dr A – Dr B" (a dash with a space each side, not the hyphen of "Alsheikh-Ali").
# "Dr A Dr B": where a copy lost the line break between two people, the next one's title.
_RUN_ON_TITLE = r"(?<=\w)\s+(?=(?:Dr|Prof|Professor)\.?\s+(?-i:[A-ZÀ-Ý]))"
_PEOPLE_SEPARATOR = re.compile(
    r"\s*(?:[,;&]|(?<!\bA)/|\band\b|(?<=\s)[–—-](?=\s))\s*|" + _RUN_ON_TITLE
)
# The slash between two people (not the one of "A/Prof."), a spaced dash, or nothing before
# the next one's title: "Dr A / Dr B", "Professor A – Dr B – Dr C", "Dr A Dr B".
ADDRESSED_SLASH = re.compile(r"\s*(?:(?<!\bA)/|(?<=\s)[–—-](?=\s))\s*|" + _RUN_ON_TITLE)


def addresses_people(text: str) -> bool:
    """`Dr Mercy Akinyi / Dr Daniel Chai`, `Prof. Ana Silva`: people only, every one addressed
    by an academic or courtesy title, as no title or topic line is."""
    head = text.lstrip()
    if not (head[:1] in ",;&/" or head[:4].lower().startswith("and") or _HONORIFIC.match(head)):
        # The first person is unaddressed: say so before splitting what may be a long line,
        # which callers trying each word of a line as a start would do for every word.
        return False
    pieces = [p for p in _PEOPLE_SEPARATOR.split(clean(text)) if p]
    return bool(pieces) and all(
        _HONORIFIC.match(p) and is_name_like(_HONORIFIC.sub("", p)) for p in pieces
    )


# "熊璋教授", "张进宝副教授", "陈鹏鹤副研究员": Chinese and Japanese glue the academic title after
# the name (two or more ideographs before it stay the name).
_CJK_TITLE_AFTER = re.compile(
    r"(?<=[\u3400-\u9fff]{2})(?:副|准)?(?:教授|研究员|研究員|讲师|講師)$|"
    r"(?<=[\u3400-\u9fff]{2})(?:博士|院士|老师|老師|先生|女士)$"
)


def is_addressed(text: str) -> bool:
    """Every name of `text` comes with how the person is addressed (`Prof. Ana`, `熊璋教授`,
    `A副教授、B教授`): people, whatever their names look like."""
    parts = [p.strip() for p in _ADDRESS_LIST.split(text) if p.strip()]
    return bool(parts) and all(_HONORIFIC.match(p) or _CJK_TITLE_AFTER.search(p) for p in parts)


_ADDRESS_LIST = re.compile(r"[、,;，；]")


# The first two characters an `_HONORIFIC` can begin with, in lower case ("Prof.", "A/Prof",
# "Mgr."). Only an ASCII opening rules one out: when case is ignored, non-ASCII ones such as
# "ſ" or "ı" match "s" and "i" too. Most names open otherwise and skip the costly pattern.
_HONORIFIC_OPENINGS = frozenset(
    "pr dr mr ms mx sr li mg in si da as un a/ do mt ar bi ma di gs pg ts th cn ks bs nc ht".split()
)
# The last character of each `_CJK_TITLE_AFTER` title ("教授", "研究员", "先生", ...).
_CJK_TITLE_ENDS = frozenset("授员員师師士生")


def _may_open_with_honorific(text: str) -> bool:
    """Whether `_HONORIFIC` can match `text`, from its first two characters."""
    opening = text[:2]
    return not opening.isascii() or opening.lower() in _HONORIFIC_OPENINGS


def without_address(name: str) -> str:
    """A name without how the person is addressed: `Dr. Ana Silva`, `熊璋教授`. `name` is
    clean (no white space at its end, which the patterns' `$` would pass over)."""
    if _may_open_with_honorific(name):
        name = _HONORIFIC.sub("", name)
    if name[-1:] not in _CJK_TITLE_ENDS:
        return name
    return _CJK_TITLE_AFTER.sub("", name)


_WITH = re.compile(r"^(?P<main>.+?)\s*\(\s*with\s+(?P<others>.+)\)\s*$", re.I)
# What `_WITH` needs, found fast from its "(": a match of `_WITH` tries every length of its
# lazy head, which costs a whole line of names and affiliations more.
_WITH_REMARK = re.compile(r"\(\s*with\s", re.I)
_ALL_FROM = re.compile(r"^(?P<names>.+?)\s+(?:all\s+)?(?:from|of|at)\s+(?P<aff>[^,;]+)$", re.I)
_DASH_AFFILIATION = re.compile(r"^(?P<name>[^()\-–—]+?)\s+[-–—]\s+(?P<aff>[^()]+)$")


def _speaker_with_coauthors(text: str) -> AuthorLine | None:
    """`Name, Affil (with A (X), B (Y))`, `Name - Affil (with A, B and C all from X)`: a speaker
    and the co-authors named in a "with" remark, as hand-written pages print them."""
    m = _WITH.match(text) if _WITH_REMARK.search(text) else None
    if not m:
        return None
    main = parse_author_line(m.group("main"))
    dash = _DASH_AFFILIATION.match(m.group("main"))
    if dash and is_name_like(dash.group("name").strip()):
        main = AuthorLine((Person(clean(dash.group("name")), clean(dash.group("aff"))),))
    others = clean(m.group("others"))
    all_from = _ALL_FROM.match(others)
    if all_from:
        names = [n for part in all_from.group("names").split(",") for n in _AND.split(part)]
        co = tuple(Person(clean(n), clean(all_from.group("aff"))) for n in names if n.strip())
    elif "(" in others:
        co = parse_author_line(others).authors
    else:
        co = _alternating_pairs(others)
    people = (*main.authors, *co)
    if not people or not all(is_name_like(p.name) for p in people):
        return None
    return AuthorLine(people)


def _alternating_pairs(text: str) -> tuple[Person, ...]:
    """`A One, Affil A B Two, Affil B`: name, affiliation, name, affiliation, the commas
    only between a name and its affiliation, each affiliation running into the next name."""
    parts = [p.strip() for p in text.split(",")]
    people: list[Person] = []
    name = parts[0]
    for part in parts[1:]:
        words = part.split()
        take = 3 if len(words) >= 4 and re.fullmatch(r"[A-Z]\.", words[-2]) else 2
        if len(words) > take and is_name_like(" ".join(words[-take:])):
            people.append(Person(clean(name), clean(" ".join(words[:-take]))))
            name = " ".join(words[-take:])
        else:
            people.append(Person(clean(name), clean(part) or None))
            name = ""
    if name:
        people.append(Person(clean(name), None))
    return tuple(people)


# "Lorenzo Carpentieri:University of Salerno;Biagio Cosenza:University of Salerno": each author
# joined to their affiliation by a colon, as data exports print them.
_COLON_PAIR = re.compile(r"^(?P<name>[^:;,()]{3,60}?):\s?(?P<aff>\S[^:]*)$")


def _colon_pairs(text: str) -> tuple[Person, ...] | None:
    if ":" not in text or (": " in text and not (text.count(":") >= 2 and ";" in text)):
        return None  # "Title: Subtitle" has a space after its colon; a list of pairs may
    pieces = [p.strip() for p in re.split(r";|,\s+(?=[^,:;]{3,60}:)", text) if p.strip()]
    people = []
    for piece in pieces:
        m = _COLON_PAIR.match(piece)
        if m is None or not is_name_like(m.group("name").strip()):
            return None
        people.append(Person(clean(m.group("name")), clean(m.group("aff")) or None))
    return tuple(people) if people else None


# "by Kien Huynh, Joseph Mitchell": the word before a list of authors; "With Laurence Allard,
# Yves Citton and Nicolas Nova": before a round table's or a concert's people.
_BY = re.compile(r"^(?:[Bb]y|von|[Pp]ar|[Pp]or|[Ww]ith|[Aa]vec)\s+(?=[A-ZÀ-Ý])")
# "AUTHORS Deepak Narayanan (Stanford), ...": a field label in capitals heading the line, as
# plain-text programs print their fields ("TITLE ..." on the line above).
_FIELD_LABEL = re.compile(r"^(?:AUTHORS?|SPEAKERS?|PRESENTERS?)\s*:?\s+(?=[A-ZÀ-Ý])")
# "Co-authors: Ann Berg, Tom Wu", "Authors: …": the same label in any case, with its colon; the
# names after it are the line's (a presenter printed on the line above has the rest here).
_COLON_FIELD_LABEL = re.compile(
    r"^(?:co-?authors?|co-?presenters?|authors?|speakers?|presenters?)\s*:\s*(?=[A-ZÀ-Ý])", re.I
)


def opens_with_people_label(text: str) -> bool:
    """Whether `text` opens with a label of people and its colon (`Co-authors: Ann Berg`)."""
    return _COLON_FIELD_LABEL.match(text) is not None


# "Par A, B et C.": the full stop closing a sentence-like author line (not an initial's).
_CLOSING_STOP = re.compile(r"(?<=[^\W\d_]{2})\.$")
# "Ed Po1,2, Fay Lu2": several one-digit marks glued to a name, whose commas are not the list's.
_GLUED_MARK_LIST = re.compile(r"(?<=[^\W\d_])(\d(?:,\d)+)(?=,\s|\s|$)")
_SUPERSCRIPT_OF = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
# "〇愛場　雄一郎1、渡瀬　瑞希1": Japanese and Chinese lists part entries with an ideographic
# comma and mark the presenter with a circle before the name.
_IDEOGRAPHIC_COMMA = re.compile(r"\s*[、，；]\s*")
_PRESENTER_CIRCLE = re.compile(r"(?:^|(?<=[,;]\s))[〇○◯◎●]\s*")


# "Ana Silva (MIT)*; Bo Li (ETH)", "Ana Silva*, Bo Li": submission systems star the author
# who presents, after the name or its affiliation; the star is no part of either.
_PRESENTER_STAR = re.compile(r"(?:(?<=[^\W\d_])|(?<=[)\]]))\s?\*+(?=\s*(?:[,;(]|\band\b|$))")


_DIGITS = re.compile(r"\d")
_EAST_ASIAN_MARK = re.compile(r"[、，；〇○◯◎●]")  # what the two patterns above mend


def _western_punctuation(text: str) -> str:
    if not _EAST_ASIAN_MARK.search(text):
        return text
    text = _IDEOGRAPHIC_COMMA.sub(lambda m: "; " if "；" in m.group(0) else ", ", text)
    return _PRESENTER_CIRCLE.sub("", text)


def _as_superscripts(match: re.Match[str]) -> str:
    return match.group(1).replace(",", "").translate(_SUPERSCRIPT_OF)


# "Madeleine van Oppen, FAA", "Ana Silva, PhD, FRACP", "Nora Bell, DHSc, CDC": degrees and
# fellowships after a name, and a doctoral student's stage ("PhD Candidate") printed as one
# (not "MD", "MS" or "MA" here, which are as often states in an address; see below). Dotted,
# "M.D." and "M.Sc." are degrees only; "MMed", "M.Kes." (Indonesia's master of health) and
# "FRSPH" are medical and public-health ones.
_POST_NOMINALS = re.compile(
    r",\s*(?:Ph\.?\s?D(?:\.?\s+(?i:candidate|student))?|D\.?Phil|MBBS|MBChB|MPH|MSPH|MSc|"
    r"M\.D|M\.Sc|MMed|M\.Kes|FRSPH|"
    r"DrPH|DHSc|ScD|DSc|PharmD|DVM|FAA|FAHMS|FTSE|FASSA|FRS|FRSE|FRACP|FRCP[A-Z]*|"
    r"FRCS[A-Z]*|FMedSci|FREng)\.?(?=\s*(?:[,;]|$))"
)
# "Ada Ruiz, MS, Indiana State Department of Health": a two-letter degree that is also a
# state's code, taken for a degree only right after a full name ("Jackson, MS, USA" is an
# address).
_STATE_LIKE_DEGREE = re.compile(r",\s*(?:MS|MA|MD)\.?(?=\s*,)")
_PREVIOUS_ITEM = re.compile(r"[^,;]*$")


# "(Université de Montréal, doctorant)", "(University of York, PhD candidate)": a career stage
# after the workplace, inside its parentheses; who they are, not where they work. So are a
# visiting student's or scholar's stay and the degree a student reads, named with its programme
# ("CMES MA"; a bare "MA" may be Massachusetts). A rank ("Associate Professor") is a position
# held there, and stays.
_CAREER_STAGE = re.compile(
    r",\s*(?:doctorant|doctorante|doctorand[ao]|dottorand[ao]|doktorand(?:in)?|"
    r"ph\.?\s?d\.?\s+(?:student|candidate)|doctoral\s+(?:student|candidate|researcher)|"
    r"post-?doc(?:toral\s+(?:fellow|researcher))?|master(?:'s|’s)?\s+student|"
    r"visiting\s+(?:student|scholar|researcher)|(?-i:[A-Z]{2,6}\s+(?:MA|MSc|MPhil|MRes))|"
    r"(?:ma|msc|mphil)\s+student|[ée]tudiant(?:e)?(?:\s+en\s+(?:master|doctorat))?|"
    r"estudiante\s+de\s+(?:doctorado|maestr[ií]a|posgrado)|doutorand[ao]|mestrand[ao])"
    r"\s*(?=\))",
    re.I,
)


# "Ana Silva (Moderator), Columbia University": the part a panelist plays, in parentheses
# between the name and the workplace, is no workplace of theirs.
_PANEL_ROLE = re.compile(r"\s*\((?:moderator|co-?chair|chair(?:person)?|host)\)(?=,\s)", re.I)


def _without_career_stage(text: str) -> str:
    """`Ana Ruiz (Universidad de Granada, estudiante de doctorado)` -> `… (Universidad de …)`."""
    return _CAREER_STAGE.sub("", text) if "(" in text and "," in text else text


def _without_post_nominals(text: str) -> str:
    """The line without degrees and fellowships after its names (inside no parenthesis)."""
    if "," not in text:
        return text
    kept, last = [], 0
    for m in _POST_NOMINALS.finditer(text):
        if text.count("(", 0, m.start()) == text.count(")", 0, m.start()):
            kept.append(text[last : m.start()])
            last = m.end()
    text = "".join(kept) + text[last:] if kept else text
    if "M" in text:
        text = _STATE_LIKE_DEGREE.sub(_degree_after_a_name, text)
    return text


def _degree_after_a_name(match: re.Match[str]) -> str:
    before = _PREVIOUS_ITEM.search(match.string[: match.start()])
    person = before.group(0).strip() if before else ""
    if len(person.split()) >= 2 and "(" not in person and is_name_like_strict(person):
        return ""
    return match.group(0)


_PIPE = re.compile(r"\s*\|\s*")
_NAMES_JOINED = re.compile(r",\s*|\s+(?:and|&)\s+")


def pipe_affiliated(text: str) -> AuthorLine | None:
    """`Sietse Wieringa | University of Oslo, Norway | University of Oxford, UK`,
    `Eivind Engebretsen & John Ødemark |University of Oslo, Norway`: names, then after each
    bar a place they all work at (an institution, or a place and its country), as pages set
    in a CMS print a paper's people; None for anything else."""
    if "|" not in text:
        return None
    names_part, *places = _PIPE.split(clean(text))
    names = [n.strip() for n in _NAMES_JOINED.split(names_part) if n.strip()]
    if (
        not names
        or not places
        or not all(
            2 <= len(n.split()) <= 5 and is_name_like(n) and not _has_institution_word(n)
            for n in names
        )
        or not all(
            p and (_has_institution_word(p) or ", " in p) and not is_name_like_strict(p)
            for p in places
        )
    ):
        return None
    affiliation = "; ".join(places)
    return AuthorLine(tuple(Person(name, affiliation) for name in names))


# "Karl Lind @ KTH", "Ana Silva – University of Porto", "Bo Li - Google Research": a person,
# then where they work after an at sign or a spaced dash; several such joined by semicolons.
# The workplace may carry dashes of its own, `MUSE – Museum of Science`, and its acronym or
# town in parentheses, `Leibniz-Zentrum (LEIZA) (Mainz)`, but not a remark, `UCSD (with Bo Li,
# UCSD)`.
_AT_WORKPLACE = re.compile(
    r"^(?P<name>[^@–—(),;]+?)\s+(?P<mark>@|–|—|-)\s+"
    r"(?P<place>[^@;()]+(?:\([^()a-z][^()]*\)[^@;()]*)*)$"
)
_ACRONYM = re.compile(r"^[A-Z][A-Z&.-]{1,7}$")
# "MG", "RJ", "PT": a state's or a country's code, two or three capitals.
_PLACE_CODE = re.compile(r"^[A-Z]{2,3}$")


def _person_at_workplace(text: str, *, any_workplace: bool = False) -> Person | None:
    """One person and their workplace, parted by `@` (any workplace) or by a spaced dash (an
    acronym, or several words naming an institution: not `Deep Nets – Tables`, a title).
    With `any_workplace`, for a piece beside others so printed, the dash parts a person from
    any workplace that is no name (`Independent researcher`)."""
    m = _AT_WORKPLACE.match(text)
    if m is None:
        return None
    # "Dra. Ana Silva - MG": how the person is addressed is no part of the name.
    printed = m.group("name").strip()
    name = without_address(printed) or printed
    place = m.group("place").strip()
    # "Dra. Ana Nabuco de Senna - MG": an address, then a state's or country's code after the
    # dash, say a person is named, though `de` particles make the name no plain one
    if not (
        is_plain_name(name)
        or (name != printed and _PLACE_CODE.match(place) and is_name_like(name))
        # "Michelle @ Microsoft": a first name alone at a company, as speaker profiles sign
        or (m.group("mark") == "@" and name in GIVEN_NAMES and not is_name_like_strict(place))
    ):
        return None
    # "Dr. Ana Silva - Portugal": after a person so addressed, the dash parts them from where
    # they come from, whether or not it names an institution.
    if any_workplace or (name != printed and m.group("mark") != "@"):
        return None if is_name_like_strict(place) else Person(name, place)
    named = _ACRONYM.match(place) or (len(place.split()) >= 2 and names_an_institution(place))
    if m.group("mark") != "@" and not (
        named
        and is_name_like(name)
        # "Building Secure Supply Chains - Bob Jones, Google": a title, then who gives it
        and not is_name_like_strict(place.split(",")[0].strip())
    ):
        return None
    return Person(name, place)


def person_at_any_workplace(text: str) -> Person | None:
    """`Pierre Long – OpenAI`: one person, a spaced dash, and where they work, whatever it is
    named (one word, no institution word), as a line that can only name people, such as a
    chair's, prints them; None for anything else (`Ana Silva – Bo Li` is two people)."""
    if ";" in text or "," in text or addresses_people(text):
        return None  # "Professor A – Dr B – Dr C": people each addressed, joined by dashes
    return _person_at_workplace(text, any_workplace=True)


def _people_at_workplaces(text: str) -> tuple[Person, ...] | None:
    """`Ana Silva – University of Porto; Bo Li - Tsinghua University`: each person so."""
    if "@" not in text and " –" not in text and " —" not in text and " -" not in text:
        return None
    pieces = [piece.strip() for piece in text.rstrip(" ;.").split(";")]
    people = [_person_at_workplace(piece) for piece in pieces]
    if len(pieces) > 1 and any(people):
        # Beside one `Name - Institution`, a piece `Name - Independent researcher` is read the
        # same way though its workplace names no institution; beside two, a bare name is a
        # person whose workplace is not printed.
        settled = sum(p is not None for p in people) >= 2
        # "…; Giacomo Mancuso CNR – ISPC": beside the others, a name then its institutes'
        # acronyms, the dash between them the workplace's own
        people = [
            p
            or _person_then_acronyms(piece)
            or _person_at_workplace(piece, any_workplace=True)
            or (Person(piece) if settled and is_plain_name(piece) else None)
            for p, piece in zip(people, pieces, strict=True)
        ]
    return tuple(p for p in people if p is not None) if all(people) else None


_DOTTED_MIDDLE_INITIAL = re.compile(r"(?<=\s)[A-Z]\.(?=\s)")


def is_plain_name(text: str) -> bool:
    """`Allard W. Mees`: a name and nothing else, middle initials allowed."""
    if "." in text:
        text = " ".join(_DOTTED_MIDDLE_INITIAL.sub("", text).split())  # "Ana T. van der Berg"
    return is_name_like_strict(text)


_NAME_THEN_ACRONYMS = re.compile(
    r"^(?P<name>.+?)\s+(?P<place>[A-Z]{2,8}(?:\s*[–—-]\s*[A-Z]{2,8})*)$"
)


def _addressed_person_then_acronym(text: str) -> Person | None:
    """`Dr. Ana Silva  RJ`, `Dra. Ana Silva MG`: one person addressed as Dr, Prof …, then the
    capitals of where they come from, as a page printing `Dr. Name - MG` may drop the dash.
    Only after an address: bare, `Ana Silva MG` may end in a surname's capitals."""
    if not (_may_open_with_honorific(text) and _HONORIFIC.match(text)):
        return None
    if _PEOPLE_SEPARATOR.search(text):
        return None
    m = _NAME_THEN_ACRONYMS.match(without_address(text))
    if m is None or not is_plain_name(m.group("name")):
        return None
    return Person(m.group("name"), m.group("place"))


def _person_then_acronyms(text: str) -> Person | None:
    m = _NAME_THEN_ACRONYMS.match(text)
    if m is None or not is_name_like_strict(m.group("name")):
        return None
    return Person(m.group("name"), m.group("place"))


# "(* = equal contribution)", "(† denotes corresponding author)": a legend of the marks on
# the names, closing the line.
_MARK_LEGEND = re.compile(r"\s*\(\s*[*†‡§¶#]+[^()]*\)\s*$")
# What a legend explains: the signs `_MARK_LEGEND` needs, looked for before the pattern is.
_MARK_SIGNS = frozenset("*†‡§¶#")


# "all: ", "both: ": a label opening a workplace in parentheses after a group of names, saying
# the workplace is every one of theirs ("A, B and C (all: DLR)").
_GROUP_LABEL = re.compile(r"^\s*(?:all|both|each)\s*:\s*(?=\S)", re.I)


# "Ana Silva [Vector Institute]; Bo Li [MIT]": a workplace in square brackets after a name, as
# some pages print them (a link's `[Slides]` names no workplace, so it is left as it is).
_BRACKETED_WORKPLACE = re.compile(
    r"(?<=[^\W\d_])\s\[(?P<place>[^\[\]()]{2,80})\](?=\s*(?:[;,&]|and\s|$))"
)


def _parenthesised_workplaces(text: str) -> str:
    # A link's words or a way of taking part ("[Slides]", "[Presenter]") name no workplace.
    found = [
        m
        for m in _BRACKETED_WORKPLACE.finditer(text)
        if _LINK_WORDS_IN_BRACKETS.isdisjoint(m["place"].lower().split())
    ]
    known = {m.span() for m in found if names_an_institution(m["place"])}
    # "A [MIT]; B [RIKEN AIP]; C [Silverline AI]": where most brackets of a list name known
    # workplaces, the others after its names are workplaces too.
    places = (
        {m.span() for m in found} if len(found) >= 2 and 2 * len(known) >= len(found) else known
    )
    return _BRACKETED_WORKPLACE.sub(
        lambda m: f" ({m['place']})" if m.span() in places else m.group(), text
    )


# A bracket's words that say what a link is, or how or as what a person takes part.
_LINK_WORDS_IN_BRACKETS = frozenset(
    "slides video pdf paper code poster link abstract preprint recording website project page"
    " presenter speaker online remote virtual in-person onsite on-site invited keynote".split()
)


# "Maryann Simmons - Senior Software Engineer, Walt Disney Animation Studios", "Peter Blaskovic
# - Founder and CEO, Escape Motions": a speaker, a dash, the post they hold, then where.
_NAME_DASH_POST_WORKPLACE = re.compile(
    r"^(?P<name>[^,()\-–—]+?)\s+[-–—]\s+(?P<post>[^,()]+?),\s+(?P<place>[^,()]+)$"
)
# A post's word: what names a job, not a workplace.
_POST_WORD = re.compile(
    r"\b(?:engineer|professor|founder|co-?founder|ceo|cto|cfo|coo|vp|vice\s+president|director"
    r"|chair|manager|scientist|researcher|lead|head|president|officer|lecturer|designer"
    r"|producer|supervisor|developer|architect|fellow|dean)s?\b",
    re.I,
)


def _person_post_workplace(text: str) -> Person | None:
    """`Name - Job title, Workplace`: the person, and the workplace after their post (the post
    says what they do there, not where)."""
    m = _NAME_DASH_POST_WORKPLACE.match(text)
    if m is None or not _POST_WORD.search(m.group("post")):
        return None
    name, place = clean(m.group("name")), clean(m.group("place"))
    if not is_name_like_strict(name) or _POST_WORD.search(place) or not place[:1].isupper():
        return None
    return Person(name, place)


@lru_cache(maxsize=65536)
def parse_author_line(text: str) -> AuthorLine:
    """Parse a whole author line; see the module docstring for the forms it reads."""
    if "|" in text:
        piped = pipe_affiliated(text)
        if piped is not None:
            return piped
    text = _western_punctuation(clean(text))
    if "[" in text:
        text = _parenthesised_workplaces(text)
    if "*" in text:
        text = _PRESENTER_STAR.sub("", text)
    if "|" in text or "·" in text or "•" in text:
        text = _LIST_DOTS.sub("; ", text)
    text = _without_career_stage(_without_post_nominals(text))
    if "(" in text:
        text = _PANEL_ROLE.sub("", text)
    if _DIGITS.search(text):
        text = _GLUED_MARK_LIST.sub(_as_superscripts, text)
    text = _BY.sub("", text)
    if text[:1] in "ASP" and text[1:2].isupper():
        text = _FIELD_LABEL.sub("", text)
    if text[:1] in "ACSPacsp" and ":" in text[:14]:
        text = _COLON_FIELD_LABEL.sub("", text)
    if text.endswith("."):
        text = _CLOSING_STOP.sub("", text)
    if text[-1:] == ")" and _MARK_SIGNS.intersection(text) and _MARK_LEGEND.search(text):
        # "Ana Silva*, Bo Li* (* = equal contribution)": what the marks mean, no workplace.
        text = _MARK_LEGEND.sub("", text)
    if text[-1:] in "])":
        # "Per Ek (Chalmers) [PDF]", "Ana Silva (virtual)": a link or how they attend, glued
        # on; "[Lund University]" is where someone works.
        stripped, marks = strip_trailing_marks(text)
        if marks and stripped and not _has_institution_word(marks):
            text = stripped
    if " - " in text or "–" in text or "—" in text:
        with_post = _person_post_workplace(text)
        if with_post is not None:
            return AuthorLine((with_post,))
    colon_pairs = _colon_pairs(text)
    if colon_pairs is not None:
        return AuthorLine(colon_pairs)
    at_workplaces = _people_at_workplaces(text)
    if at_workplaces is not None:
        return AuthorLine(at_workplaces)
    addressed = _addressed_person_then_acronym(text)
    if addressed is not None:
        return AuthorLine((addressed,))
    with_coauthors = _speaker_with_coauthors(text)
    if with_coauthors is not None:
        return with_coauthors
    if "(" not in text or _institution_before_parenthesis(text):
        comma_form = _comma_affiliations(text)
        if comma_form is not None:
            return AuthorLine(
                tuple(Person(without_address(p.name) or p.name, p.affiliation) for p in comma_form)
            )
    pieces = _split_top_level(text)
    authors: list[Person] = []
    pending: list[str] = []  # names waiting for their group's affiliation
    name_buf = ""
    problems: list[str] = []
    rest: str | None = None

    def flush_name() -> None:
        nonlocal name_buf
        # After "(Affil)" comes a separator, and no name before it: nothing to split.
        if name_buf and not name_buf.isspace():
            for part in _AND.split(name_buf) if _may_join_names(name_buf) else (name_buf,):
                for either in _either_person(part):
                    name = without_address(clean(either))
                    if name:
                        pending.append(name)
        name_buf = ""

    def settle(affiliation: str | None) -> None:
        for name in pending:
            authors.append(Person(name, affiliation))
        pending.clear()

    i = 0
    while i < len(pieces):
        kind, value = pieces[i]
        if kind == "text":
            name_buf += value
        elif kind == "paren":
            following = (
                pieces[i + 1][1] if i + 1 < len(pieces) and pieces[i + 1][0] == "text" else ""
            )
            if name_buf.strip() and _is_nickname(value, following):
                name_buf += f"({clean(value)})"
            else:
                flush_name()
                # "(all: Uni X)", "(both: DLR)": the label gives the group its workplace
                settle(clean(_GROUP_LABEL.sub("", value)) or None)
                if following and not following[0].isspace():
                    # ")T-MAC: ..." — the line ran on into the next paper with no separator.
                    rest = clean(
                        "".join(v if k != "paren" else f"({v})" for k, v in pieces[i + 1 :])
                    )
                    problems.append(
                        f"author list runs on into {rest[:60]!r}; kept what precedes it"
                    )
                    break
        else:  # separator
            flush_name()
            if value == ";":
                settle(None)
        i += 1
    if rest is None:
        flush_name()
        settle(None)
    return AuthorLine(tuple(authors), rest, tuple(problems))


# "(Chair Eve Park)", "(Session chairs: …)", "(moderated by …)": a parenthesis naming who
# chairs or moderates the item before it.
_CHAIRED_BY = re.compile(
    r"^(?:session\s+)?(?:co-?)?(?:chair(?:s|person|ed\s+by)?|moderat(?:or|ors|ed\s+by))\b", re.I
)


def abbreviates(words: str, acronym: str) -> bool:
    """`Emotional Freedom Techniques (EFT)`: the parenthesis spells the initials of the words
    before it (of their capitalised words, or of all), a title's acronym, not a workplace."""
    if len(acronym) < 2 or not acronym.isalpha() or not acronym.isupper():
        return False
    split = words.split()
    capitalised = "".join(w[0] for w in split if w[:1].isupper())
    every = "".join(w[0] for w in split if w[:1].isalpha()).upper()
    return acronym in (capitalised, every)


# The abstract nouns no given name or surname ends in (unlike "Florence", "Lawrence").
_TOPIC_NOUN = re.compile(r"[a-z]{3}(?:tion|sion|ment|ness|ogy|ism)s?$")
_ABSTRACT_NOUN = re.compile(r"[a-z]{3}(?:tion|sion|ment|ness|ity|ics|ogy|ism|ance|ence)s?$")


_OR = re.compile(r"\s+or\s+")
# "M.": a middle initial, one capital and its dot.
_MIDDLE_INITIAL_WORD = re.compile(r"[A-Z]\.")


def _either_person(text: str) -> list[str]:
    """`Ana Silva or Bo Costa Lima`: one of two people, the page not yet saying which, gives
    the talk; each side a plain name of its own, one opening with a known given name (not
    `Open Source or Closed Source`), both are its people. Otherwise the text."""
    if " or " not in text:
        return [text]
    parts = _OR.split(text.strip())
    if (
        len(parts) == 2
        and all(is_plain_name(p) for p in parts)
        and any(p.split()[0] in GIVEN_NAMES for p in parts)
    ):
        return parts
    return [text]


@lru_cache(maxsize=65536)
def author_line_score(text: str) -> float:
    """How much `text` looks like an author line: 0 (not at all) to 1 (certainly).

    Titles also contain commas and parentheses, so this weighs name-likeness of every entry and
    whether affiliations are present.
    """
    text = clean(text)
    if not text or len(text) < 3:
        return 0.0
    parsed = parse_author_line(text)
    if not parsed.authors:
        return 0.0
    if _US_CITY_AND_STATE.fullmatch(text):
        return 0.0  # "Pittsburgh, PA", "Santa Barbara, CA": where an event is held
    names = [footnote_marks(a.name)[0] for a in parsed.authors]
    readings = [is_name_like(without_parentheses(n)) for n in names]
    if not all(readings):
        # How the list writes its other names matters only for a name that reads as none.
        undotted = any(_UNDOTTED_INITIAL_NAME.fullmatch(n) for n in names)
        readings = [
            plain or _initial_a_name(n, author.affiliation, undotted)
            for plain, n, author in zip(readings, names, parsed.authors, strict=True)
        ]
        readings = _lowercase_name_among_full_names(names, readings)
    name_like = sum(readings)
    ratio = name_like / len(names)
    if any(a.affiliation and _CHAIRED_BY.match(a.affiliation) for a in parsed.authors):
        return 0.0  # "Lightning talks (Chair Eve Park)": who chairs an item, not a workplace
    if any(a.affiliation and abbreviates(a.name, a.affiliation) for a in parsed.authors):
        return 0.0  # "Emotional Freedom Techniques (EFT)": a title and its acronym
    with_affiliation = sum(1 for a in parsed.authors if a.affiliation)
    if ratio < 1.0:
        return 0.3 * ratio if with_affiliation else 0.0
    if with_affiliation or _HONORIFIC.match(text):
        return 1.0  # "Dra. Sylvia Maria Ciasca": only a person is addressed so
    if len(names) >= 2:
        # "Carbon Pricing and Innovation": title words, not surnames.
        # ("Laurence Allard": a given name first ends as "-ence" nouns do, and is a name)
        abstract = any(
            _ABSTRACT_NOUN.search(w) and not (k == 0 and w in GIVEN_NAMES and len(n.split()) >= 2)
            for n in names
            for k, w in enumerate(n.split())
        )
        return 0.6 if abstract else 0.8
    # One bare name: a short capitalised title looks the same, unless its nouns are a title's.
    words = names[0].split()
    if any(_TOPIC_NOUN.search(w) for w in words):
        return 0.2
    # "Inge van de Weerd", "Gelo Noel M. Tabia": particles and a middle initial make a name
    # longer, not less a name.
    core = [
        w
        for k, w in enumerate(words)
        if w.lower() not in _NAME_PARTICLES
        and not (0 < k < len(words) - 1 and _MIDDLE_INITIAL_WORD.fullmatch(w))
    ]
    if len(core) <= 3:
        return 0.5
    # "Ahmad Faizal Hakim Rosli", "Natalie Tan Wei Ling": many names run to four or five
    # capitalised words; a known given name first marks such a line a person's, as a title
    # seldom opens with one. Only whole words (no initial, no code such as a state's `MG`).
    if len(core) <= 5 and words[0] in GIVEN_NAMES and all(_whole_name_word(w) for w in core):
        return 0.5
    return 0.3


# A US city and its state's postal code, a line of its own: a place, never a person at an
# institution (no one's workplace is a bare state code).
_US_CITY_AND_STATE = re.compile(
    r"(?:[A-Z][\w.'’-]*\s+){0,3}[A-Z][\w.'’-]*,\s+(?:A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|"
    r"LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY])\.?"
)


def _whole_name_word(word: str) -> bool:
    """`Hakim`, `Sa'ahiry`: a capital and lower-case letters after it, not `A.` or `MG`."""
    return len(word) > 1 and word[0].isupper() and word[1:].islower()


# "M Karadas", "K-K Park", "U L Andersen": initials printed without dots, before one surname.
_UNDOTTED_INITIAL_NAME = re.compile(r"(?:[B-Z](?:-[A-Z])? )+[A-Z][^\W\d_][\w'’-]*")
# "A Tomita", "A Z Khoury": the same with the initial "A", which reads as the article too.
_A_INITIAL_NAME = re.compile(r"A (?:[A-Z] )*[A-Z][^\W\d_][\w'’-]*")


_LOWER_NAME_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)?")


def _lowercase_name_among_full_names(names: list[str], readings: list[bool]) -> list[bool]:
    """`jason brown brown` among `Mathilde R Desselle`, `Andrea McKittrick`, ...: one name of
    three or four words typed all in lower case, in a list whose other names (three at least)
    are each written in full, capitalised, is a person too; a lower-case phrase among a title's
    few capitalised words ("Graph Models, and graph neural networks") is not."""
    unread = [k for k, reading in enumerate(readings) if not reading]
    if len(unread) != 1:
        return readings
    others = [n.split() for k, n in enumerate(names) if k != unread[0]]
    if len(others) < 3 or not all(
        len(words) >= 2 and all(w[:1].isupper() for w in words) for words in others
    ):
        return readings
    words = names[unread[0]].split()
    lowered = set(words)
    if not (
        3 <= len(words) <= 4
        and all(w.islower() and _LOWER_NAME_WORD.fullmatch(w) for w in words)
        and lowered.isdisjoint(_ITEM_WORDS)
        and lowered.isdisjoint(_TITLE_WORDS)
    ):
        return readings
    return [True] * len(readings)


def _initial_a_name(name: str, affiliation: str | None, undotted_list: bool) -> bool:
    """`A Tomita (Hokkaido University)` or `A Huck` beside `M Karadas`: an undotted initial "A"
    and a surname, read as a person where an institution follows it or the list writes its
    other names so ("A Study" alone stays a title's words)."""
    if not _A_INITIAL_NAME.fullmatch(name):
        return False
    return undotted_list or (affiliation is not None and names_an_institution(affiliation))


def split_title_and_authors(
    text: str, known_names: Collection[str] = ()
) -> tuple[str, AuthorLine] | None:
    """`Title Words First Last (Affil), ...` printed on one line: find where the names begin.

    The first author's name is the longest tail of the text before the first parenthesis that is
    a name seen elsewhere in the program, or else its last two words (three with a middle
    initial). Returns None when the text does not end in an author list.
    """
    text = clean(text)
    cut = text.find("(")
    if cut <= 0:
        return None
    head_words = text[:cut].split()
    if len(head_words) < 4:
        return None
    take = 0
    for n in range(min(5, len(head_words) - 1), 0, -1):
        if " ".join(head_words[-n:]) in known_names:
            take = n
            break
    if not take:
        take = _names_after_last_comma(text[:cut])
    if not take:
        take = 3 if len(head_words) > 3 and re.fullmatch(r"\w\.", head_words[-2]) else 2
        if not all(w[:1].isupper() for w in head_words[-take:]):
            return None  # "… at city scale (Cy Ng and Dan Wu)": a title's words, no name
    title = " ".join(head_words[:-take]).rstrip(" -–—:.,")
    authors = parse_author_line(" ".join(head_words[-take:]) + " " + text[cut:])
    if not title or author_line_score(" ".join(head_words[-take:]) + " " + text[cut:]) < 1.0:
        return None
    return title, authors


def _names_after_last_comma(head: str) -> int:
    """How many words after the last comma of `Title, Ana Maria Silva` or `Title, Juan Grados
    and Mo Rachidi` are the speakers' names (0 when they are no names): the comma is where a
    title printed before its speakers ends."""
    title, comma, tail = head.rpartition(", ")
    words = tail.split()
    if not comma or len(title.split()) < 2 or not 2 <= len(words) <= 8:
        return 0
    names = [n.strip() for n in re.split(r",\s*|\s+(?:and|&)\s+", tail) if n.strip()]
    if not all(2 <= len(n.split()) <= 4 and is_name_like_strict(n) for n in names):
        return 0
    return len(words)


# Link words and marks glued to a title: "Title [Slides] [T1]", "Title Slides", "(More)".
# How a person takes part, printed after their name or a talk: one list for every reader.
ATTENDANCE_MODES = r"online|virtual|remote|in[- ]person|on[- ]?site|hybrid|pre-?recorded|recorded"
_TRAILING_MARK = (
    r"\[[^\]]{1,40}\]|\((?:more|slides|video|pdf|paper|" + ATTENDANCE_MODES + r")\)|"
    # "(invited talk)", "(keynote)": the kind of talk, after its title
    r"\((?:invited|keynote|plenary|contributed|spotlight)(?: talk| paper| lecture)?\)|"
    # "(presented online)", "(given remotely)": how the talk is given, after its title
    r"\((?:presented|given|delivered)\s(?:" + ATTENDANCE_MODES + r"|virtually|remotely)\)|"
    # "(Acme sponsored talk)", "(sponsored by Acme)": who pays for the talk, not its title
    r"\((?:[\w&.-]+\s){0,3}?sponsored(?: talk| session| presentation)?\)|"
    r"\(sponsored by [^()]{1,30}\)|"
    # "(In-Person, Sponsored)", "(virtual, invited)": how one takes part, and a remark after it
    r"\((?:" + ATTENDANCE_MODES + r"),\s?[A-Za-z][A-Za-z -]{0,20}\)|"
    # "(Descargar Presentación)", "(View slides)": a link to the talk's material
    r"\((?:view|watch|download|descargar|ver|baixar|t[ée]l[ée]charger)\s[^()]{1,30}\)|"
    # "***SLIDES***": a wiki's bold italics left as they were typed
    r"[*_]{1,3}(?:slides|video|pdf|paper|poster)[*_]{1,3}|"
    r"\b(?:slides|video|pdf)"
)
# "Name (Glasgow) - (slides)": a spaced dash between a line and its bracketed link.
_MARK_DASH = r"(?:\s[-–—|]\s*(?=[\[(]))?"
_TRAILING_MARKS = re.compile(r"(?:\s*" + _MARK_DASH + r"(?:" + _TRAILING_MARK + r"))+\s*$", re.I)
# The last characters a trailing mark can end in: a bracket, a wiki's emphasis, or the last
# letter of "slides", "video" or "pdf" in either case ("ſ" is an "s" to re.I).
_TRAILING_MARK_ENDS = frozenset("])*_sSoOfFſ")
# The last of the marks alone, and the most characters it can take ("[" + 40 + "]"): a
# search of `_TRAILING_MARKS` tries every start in the line, so a line of names ending in
# "(University)" is first ruled out by its last few characters.
_LAST_TRAILING_MARK = re.compile(r"(?:" + _TRAILING_MARK + r")$", re.I)
_LONGEST_TRAILING_MARK = 42
# Sentence ends that can separate a title from its author list: ". ", "?. ", "!. ", and a
# quotation's close after its stop: "… Grab Her!' Name", "… the End." Name".
_SENTENCE_END = re.compile(r"(?<=[^\s.])(?P<stop>[.?!][\"'’”]?)\.?\s+(?=\S)")
# "u.s", "u.k", "j.r": the letters of an abbreviation or of initials, dotted, before the last
# stop; it ends no sentence ("… in U.S. Subprime Lending", "J.R. Smith").
_DOTTED_LETTERS = re.compile(r"(?:[^\W\d_]\.)+[^\W\d_]")
_ABBREVIATIONS = frozenset(
    "jr sr st dr mr ms mrs prof al vs etc inc ltd co corp univ dept pres resp eds ed cf incl"
    " e.g i.e approx".split()
)
# "(pres. by Géza Tóth)", "(presented by X)", "(speaker)": who presents, not an affiliation.
_PRESENTER_REMARK = re.compile(
    r"\s*\((?:pres(?:ented)?\.?\s+by|speaker:?|presenter:?)\s*[^()]*\)", re.I
)


def is_only_marks(text: str) -> bool:
    """`***SLIDES***`, `[Slides] [Video]`: link marks and nothing else."""
    m = _TRAILING_MARKS.search(text) if text.strip() else None
    return m is not None and m.start() == 0


def strip_trailing_marks(text: str) -> tuple[str, str | None]:
    """`Title [Slides] [T1]` -> ("Title", "[Slides] [T1]"); text without marks is unchanged."""
    stripped = text.rstrip()
    if stripped[-1:] not in _TRAILING_MARK_ENDS:
        return text, None
    if not _LAST_TRAILING_MARK.search(stripped[-_LONGEST_TRAILING_MARK:]):
        return text, None
    m = _TRAILING_MARKS.search(text)
    if not m or m.start() == 0:
        return text, None
    return text[: m.start()].rstrip(), clean(m.group(0))


def _is_author_list(text: str, *, alone: bool) -> bool:
    parsed = parse_author_line(text)
    if not parsed.authors or parsed.rest:
        return False
    names = [without_parentheses(a.name).strip() for a in parsed.authors]
    if not all(n and is_name_like(n) for n in names):
        return False
    if any(w.lower() in _TITLE_WORDS for n in names for w in n.split()[1:]):
        return False  # "Graphs with", "Without Product Structure": title words, not names
    affiliated = any(a.affiliation for a in parsed.authors)
    if not affiliated and any(
        n[:1].islower() and n.split()[0].lower() not in _NAME_PARTICLES for n in names
    ):
        return False  # "Storia locale e memoria collettiva": phrases, not bare names
    if affiliated or len(names) >= 2:
        return True
    # One bare name: only where nothing else could be the author list, and not where its
    # words are a title's nouns ("User-Controllable Selective Paraphrase Generation").
    words = names[0].split()
    return alone and 2 <= len(words) <= 4 and not any(_TOPIC_NOUN.search(w) for w in words)


# An initial's full stop, and what an affiliation comes with in `parse_author_line`: its
# parenthesis, the comma before it (or the ideographic comma made one) or a bar before a place.
_INITIAL_OR_AFFILIATION_MARKS = frozenset(".(,|、，")
# `A (X); B (Y): Title`: the people before the colon may run to hundreds of characters (seven
# authors with their workplaces), so the left side is allowed 600.
_SPEAKER_COLON = re.compile(r"^(?P<who>[^:]{3,600}?):\s+(?P<title>\S.*)$")


def split_colon_authors(text: str) -> tuple[str, AuthorLine] | None:
    """`A. Smith, B. Jones: Groups acting on trees`, `G. Gray (Oxford): Spectral gaps`: the
    speakers, a colon, then the title, as booklets typeset from LaTeX print talks. The left side
    must read as people (an initial, an affiliation, or several names), so that
    `Keynote: Title` and `Session 1: Storage` are left alone."""
    m = _SPEAKER_COLON.match(clean(text))
    if m is None or len(m.group("title").split()) < 2:
        return None
    parsed = _surely_people(m.group("who"))
    return None if parsed is None else (m.group("title").strip(), parsed)


# A dash with white space each side: between two people, not inside a double-barrelled name;
# after a list of people and before a title ("A (X); B (Y) – Title").
SPACED_DASH = re.compile(r"\s[–—-]\s")


def split_dash_authors(text: str) -> tuple[str, AuthorLine] | None:
    """`Ana Silva (MIT); Bo Li (Technion - Israel Institute of Technology) – Title`: the people,
    a spaced dash, then the title. The dash is the first outside a parenthesis after which the
    left side reads surely as people (as in `split_colon_authors`), so `Graphs – The Next
    Frontier` and `Session 1 – Storage` are left alone."""
    text = clean(text)
    if "(" not in text and "." not in text:
        return None  # neither a workplace nor an initial: the left side is not surely people
    for dash in SPACED_DASH.finditer(text):
        who, title = text[: dash.start()], text[dash.end() :].strip()
        if who.count("(") != who.count(")") or len(title.split()) < 2:
            continue
        parsed = _surely_people(who)
        if parsed is not None:
            return title, parsed
    return None


def _surely_people(who: str) -> AuthorLine | None:
    """The people of `who`, the left side of a `People: Title` line, where it surely names
    people: with initials (`A. Smith`) or an institution among their workplaces."""
    if _INITIAL_OR_AFFILIATION_MARKS.isdisjoint(who):
        return None  # no initial ("A. Smith") and no affiliation can be read from it
    if who.count("(") != who.count(")") or not _is_author_list(who, alone=True):
        return None  # the colon is inside a parenthesis, or the left side is not people
    parsed = parse_author_line(who)
    initials = all(
        _INITIALS_NAME.match(without_parentheses(a.name).strip()) for a in parsed.authors
    )
    # "Copper and Wire: Bridging ...", "Extended User Interrupts (xUI): ..." are a title's own
    # colon: only initials ("A. Smith") or an institution make the left side surely people.
    institutions = any(
        a.affiliation and (_INSTITUTION_WORD.search(a.affiliation) or _ACRONYM.match(a.affiliation))
        for a in parsed.authors
    )
    if not initials and not institutions:
        return None
    return parsed


# "Bill NobleNot Just Semantics", "Ana Silva“Ice cream …”": a name's last letter glued to the
# capital (or opening quote) a title starts with, where a page's author span runs into its title
# link with nothing between them.
_GLUED_CAPITAL = re.compile(r"(?<=[a-zà-ÿß])(?=[A-ZÀ-Þ“\"‘])")
# "McDonald", "MacAllister", "DeLuca", "LaToya", "VanDyke": a capital inside a name, not a glue.
_CAPITAL_INSIDE_NAME = frozenset({"mc", "mac", "fitz", "de", "di", "da", "du", "la", "le", "van"})


def split_glued_authors(text: str) -> tuple[str, AuthorLine] | None:
    """`A, B and CTitle`: an author list run into the title after it with no space, as a
    browser copies `<span>A, B and C</span><a>Title</a>`. The first glue whose left side is a
    list of people (of two or three words each, one of them opening with a given name) and
    whose right side is at least three words splits it; None where none is."""
    text = clean(text)
    if " " not in text:
        return None
    for m in _GLUED_CAPITAL.finditer(text):
        left, right = text[: m.start()], text[m.start() :]
        fragment = left[left.rfind(" ") + 1 :]
        if fragment.lower().lstrip("'’") in _CAPITAL_INSIDE_NAME or len(fragment) < 2:
            continue
        if " " not in left or len(right.split()) < 3 or len(left.split()) > 60:
            continue
        first = right.split(maxsplit=1)[0].strip(":,.;")
        if len(first) >= 2 and first.isalpha() and first.isupper():
            return None  # "VerbCLIP", "GraphQL": an acronym ending a camel-case word
        if not _is_author_list(left, alone=True):
            return None  # the first glue inside a title or a phrase: no author list before it
        people = parse_author_line(left)
        # "Using PyTorch …" is no "Using Py" glued to "Torch …", nor "Segue & ColorGuard" a
        # list of two: one of the names must open with a given name, unless two names or more
        # of two words or more each are joined as a list.
        listed = len(people.authors) >= 2 and all(len(a.name.split()) >= 2 for a in people.authors)
        if not listed and not any(a.name.split()[0] in GIVEN_NAMES for a in people.authors):
            return None
        # "Ana Silva Associazione LabDig3A Academy": a name and the words after it, glued
        # inside a word of its own; the names of a glued list are of two or three words.
        if any(len(a.name.split()) > 3 for a in people.authors):
            return None
        return right.strip(), people
    return None


_INSTITUTION_WORD = re.compile(
    r"\b(?:univ\w*|institut\w*|college|school|academy|laborator\w*|labs?|research|inc|"
    r"corp\w*|ltd|gmbh|company|cent(?:er|re)|department|hospital|foundation|polytechnic)\b",
    re.I,
)
_ACRONYM = re.compile(r"^[A-Z]{2,6}$")  # "MIT", "KAIST" (but not "xUI")
_INITIALS_NAME = re.compile(r"^(?:[A-Z]\.\s?)+[A-Z][\w'’-]+$")


_MOST_TITLE_WORDS = 40


def split_sentence_authors(
    text: str, *, authors_first_page: bool = False
) -> tuple[str, AuthorLine, bool] | None:
    """A title and its author list in one line, separated by a sentence end, either way round:
    `Title. A (X); B (Y).` or `A, B, and C. Title [Slides]`. Returns (title, authors,
    authors_first), or None when no split leaves a title and a clean author list. Where both
    readings are possible, the one whose author side looks more like a list of people wins.
    """
    text = clean(text)
    body, _marks = strip_trailing_marks(text)
    best: tuple[float, str, AuthorLine, bool] | None = None
    # `body` is clean, so its words are apart by single spaces: the word before a stop and each
    # side's length in words come from counting spaces as the stops go by, not a scan per stop.
    spaces, counted_to, all_spaces = 0, 0, body.count(" ")
    for m in _SENTENCE_END.finditer(body):
        spaces += body.count(" ", counted_to, m.start())
        counted_to = m.start()
        token = body[body.rfind(" ", 0, m.start()) + 1 : m.start()]
        bare_token = token.lower().lstrip("([").rstrip(".")
        if (
            len(bare_token) <= 1
            or bare_token in _ABBREVIATIONS
            or _DOTTED_LETTERS.fullmatch(bare_token)
        ) and not (
            bare_token not in _ABBREVIATIONS
            and _may_open_with_honorific(body[m.end() : m.end() + 2])
            and _HONORIFIC.match(body[m.end() :].lstrip())
        ):
            # an initial ("Mirko H. Wagner") or an abbreviation, not a sentence end; but
            # "linfocitos T. Dr. Thomas Gajewski": a name addressed so starts after it
            continue
        # A title has at most _MOST_TITLE_WORDS words: a side longer than that is no title, so
        # the other side need not be read as people (which costs a parse of the line).
        left_fits = spaces < _MOST_TITLE_WORDS
        right_fits = all_spaces - spaces - body.count(" ", m.start(), m.end()) < _MOST_TITLE_WORDS
        if not left_fits and not right_fits:
            continue
        left, right = body[: m.end("stop")].strip(), body[m.end() :].strip()
        if len(m.group("stop")) > 1 and (body[:1] in "\"'“‘«" or "(" not in right):
            # "“Qui?” Per Franco Fortini (A, B)": a quotation opening the title is its first
            # part, a subtitle may follow in capitals; a quotation closing a title ends it only
            # before speakers printed with their workplaces.
            continue
        right_authors = right.rstrip(" .")
        left_authors = left.rstrip(" .")
        candidates = []
        if (
            left_fits
            and len(left_authors.split()) >= 2
            and _is_author_list(right_authors, alone=True)
        ):
            title = left[:-1] if left.endswith(".") and not left.endswith("?.") else left
            title = title[:-1] if title.endswith("?.") else title
            candidates.append((title.rstrip(), parse_author_line(right_authors), False))
        if right_fits and (
            len(right.split()) >= 2 or (authors_first_page and _one_word_title(right))
        ):
            left_authors = _PRESENTER_REMARK.sub("", left_authors)
            if _is_author_list(left_authors, alone=authors_first_page):
                candidates.append((right, parse_author_line(left_authors), True))
        for title, authors, authors_first in candidates:
            if len(title.split()) > _MOST_TITLE_WORDS or (
                _is_running_text(title)
                and not (authors_first and authors_first_page and _title_and_subtitle(title))
            ):
                continue  # the "title" is running text: an abstract with a name-like phrase
            # A page that prints "Authors. Title" everywhere does so for a single author too.
            page_bias = 3.0 if authors_first_page else -0.1
            quality = _list_quality(authors) + (page_bias if authors_first else 0.0)
            if best is None or quality > best[0]:
                best = (quality, title, authors, authors_first)
    return None if best is None else (best[1], best[2], best[3])


# '“Title”, Ana Silva' / '"Title". Ana Silva, Bo Li. Uni A' / '“Title” — Ana Silva (MIT)': a
# quoted title opens the line; the people follow its closing quote (the quotes may differ:
# '"Title”').
_QUOTED_TITLE_FIRST = re.compile(
    r'^["“„«](?P<title>[^"“”„«»]{3,}?)["”»]\s*(?:[.,:]|\s[—–-])?\s+(?P<who>[^\W\d_].*)$'
)


def split_quoted_title(text: str) -> tuple[str, AuthorLine] | None:
    """A quoted title and its people on one line, or None where what follows the closing quote
    is no list of names. After the names may come their one shared affiliation, set off by a
    full stop (`A, B. Uni A, México`) or as the comma parts from an institution, or from the
    part before a trailing place (`A, Cimat Unidad Zacatecas, México`)."""
    m = _QUOTED_TITLE_FIRST.match(clean(text))
    if m is None:
        return None
    who, _marks = strip_trailing_marks(m["who"])
    who = who.rstrip(" .")
    if "(" in who and who.count("(") == who.count(")") and _is_author_list(who, alone=True):
        # "“Title” — A (Univ. of Oxford, UK); B (MIT)": each one's workplace in parentheses,
        # whose stops and commas part nobody
        return m["title"].strip(), parse_author_line(who)
    stop = next(
        (s for s in _SENTENCE_END.finditer(who) if not _ends_in_initial(who[: s.start()])), None
    )
    affiliation: str | None
    if stop is not None:
        names, affiliation = who[: stop.start()], who[stop.end() :].strip()
    else:
        names, affiliation = _names_then_affiliation(who)
    if not _is_author_list(names, alone=True):
        return None
    people = parse_author_line(names)
    if affiliation:
        shared = tuple(replace(a, affiliation=a.affiliation or affiliation) for a in people.authors)
        people = replace(people, authors=shared)
    return m["title"].strip(), people


# 'Ana Silva and Bo Li, “Title”': the people first, a comma, then the quoted title to the end;
# a list item whose next item lost its marker runs several such papers on one line. People
# printed with where they work may be set off by a spaced dash, a colon or a space alone
# ('Ana Silva (Uni A) — “Title”', 'Ana Silva (Uni A) “Title”').
_PEOPLE_THEN_QUOTED = re.compile(
    r'\s*(?P<who>[^\W\d_][^"“”„«»]*?)(?:,\s*|(?<=\))\s+[-–—]\s+|(?<=\)):\s*|(?<=\))\s*)'
    r'["“„«](?P<title>[^"“”„«»]{3,})["”»][.,;]?'
)
# The same, one paper to the line, its title quoting words of its own ('Ana Silva (Uni A) —
# “Land in the “Six Provinces”, 1908-1914”'): from the first opening quote to the last closing.
_PLACED_PERSON_THEN_QUOTED = re.compile(
    r'^(?P<who>[^\W\d_][^"“”„«»]*?\))(?:\s+[-–—]\s+|:\s*|\s*)'
    r'["“„«](?P<title>[^"“„«].{2,}?)["”»][.,;]?$'
)


def split_people_then_quoted(text: str) -> list[tuple[str, AuthorLine]] | None:
    """Each `People, “Title”` on the line as (title, people), or None unless the whole line is
    made of them and each part before a title reads as people."""
    line = clean(text).strip()
    found: list[tuple[str, AuthorLine]] = []
    at = 0
    while at < len(line):
        m = _PEOPLE_THEN_QUOTED.match(line, at)
        if m is None and at == 0:
            m = _PLACED_PERSON_THEN_QUOTED.match(line)
        if m is None or not _is_author_list(m["who"].strip(), alone=True):
            return None
        found.append((m["title"].strip(), parse_author_line(m["who"].strip())))
        at = m.end()
    return found or None


def _ends_in_initial(text: str) -> bool:
    """`Efraín J` or `Dr`: the full stop after it is an initial's or a title's, no sentence end."""
    last = text.rsplit(" ", 1)[-1].lower()
    return len(last) <= 1 or last in _ABBREVIATIONS or _HONORIFIC.match(last + ". ") is not None


def _names_then_affiliation(who: str) -> tuple[str, str | None]:
    """`A, B, Universidad X, México` -> ("A, B", "Universidad X, México"): the affiliation runs
    from the first part naming an institution, or from the part before a trailing run of
    one-word places; without either, all of it is names."""
    parts = [p.strip() for p in who.split(",")]
    places = len(parts)
    while places > 1 and len(parts[places - 1].split()) == 1:
        places -= 1
    cut = places - 1 if places < len(parts) and places > 1 else places
    for i, part in enumerate(parts[1:cut], start=1):
        if names_an_institution(part):
            cut = i
            break
    if cut >= len(parts):
        return who, None
    return ", ".join(parts[:cut]), ", ".join(parts[cut:])


# "Capping Profits for Efficiency by Gabriele Patete": the last " by " of a line, then people.
_TITLE_BY = re.compile(r"^(?P<title>.*\S)\s+by\s+(?P<who>[^:;()]+?)\s*$")


_ROLE_BEFORE_BY = re.compile(
    r"\b(?:organi[sz]ed|chaired|moderated|hosted|sponsored|supported|led|run|introduced"
    r"|convened|coordinated|curated)$",
    re.I,
)


# "Improvisation directed by Ana Ruiz", "Nocturne composed by …": how the people made the
# work, the verb before "by" no part of its title.
_CREDIT_BEFORE_BY = re.compile(
    r"\s+(?:directed|composed|written|arranged|conducted|choreographed|devised)$", re.I
)


def split_by_line(text: str) -> tuple[str, AuthorLine] | None:
    """A title, then `by` and who gives it, or None where what follows the last `by` is no
    clean list of names. Titles say "by" too ("Processes by Interconnecting Graphs"): read so
    only on a page that prints its speakers this way throughout."""
    m = _TITLE_BY.match(clean(text))
    if not m or _is_running_text(m["title"]) or not _is_author_list(m["who"], alone=True):
        return None
    if _ROLE_BEFORE_BY.search(m["title"]):
        return None  # "Session organized by A and B": who runs the session, not a talk
    title = _CREDIT_BEFORE_BY.sub("", m["title"])
    return title.rstrip(" ,;:-–—"), parse_author_line(m["who"])


# "Title, by A (X), B (Y)": a comma, then `by` and the people, their workplaces in parentheses;
# "Title (Speaker: A (X); B (Y))", "Title (Authors: …)": the people labelled in a closing
# parenthesis.
_COMMA_BY = re.compile(r"^(?P<title>.*?[^\W_][\"'’”)?!]?),\s+by\s+(?P<who>[^\W\d_].*?)\.?$")
_LABELLED_PEOPLE_AFTER = re.compile(
    r"^(?P<title>.*?\S)\s*\((?:speakers?|presenters?|presented by|authors?|by)\s*:?\s+"
    r"(?P<who>[^\W\d_].*)\)$",
    re.I,
)
# "Title (A (X), B (Y))": unlabelled, but each person with a workplace in a parenthesis of
# their own inside the closing one.
_PLACED_PEOPLE_AFTER = re.compile(
    r"^(?P<title>[^()]*?\S)\s*\((?P<who>[^\W\d_][^()]*\([^()]+\)(?:[^()]*\([^()]+\))*[^()]*)\)$"
)


def split_people_after_title(text: str) -> tuple[str, AuthorLine] | None:
    """`Title, by A (X), B (Y)`, `Title (Speaker: A (X); B (Y))` or `Title (A (X), B (Y))`: a
    title, then its people set off by a comma and `by`, labelled in a closing parenthesis, or
    there each with a workplace in parentheses of their own; unlike `split_by_line`
    (a bare ` by `, which titles use too) read on any page. None unless the people read as a
    clean list of names."""
    text = clean(text)
    if " by " not in text and "(" not in text:
        return None
    m = (
        _COMMA_BY.match(text)
        or _LABELLED_PEOPLE_AFTER.match(text)
        or _PLACED_PEOPLE_AFTER.match(text)
    )
    if m is None or len(m["title"].split()) < 2 or _is_running_text(m["title"]):
        return None
    who = m["who"].strip()
    if who.count("(") != who.count(")") or not _is_author_list(who, alone=True):
        return None
    return m["title"].strip(), parse_author_line(who)


_TITLE_SENTENCE = re.compile(r"[a-z]{3}(?P<end>[.!?])\s+[A-Z][a-z]")


# On a page printing `Authors. Title` throughout, what follows the names may be one word
# ("Ana Silva and Bo Li. Gopher", a piece's or a tool's name) or a title and a subtitle of
# its own set off by a full stop ("Name. Pietro Grossi's live coding. An early case of …").
_MOST_SUBTITLED_WORDS = 16


def _one_word_title(text: str) -> bool:
    """`Gopher`, `Off<>zz`, `Wezen-Gewording`: one word of three characters or more that opens
    with a letter or digit and is no number."""
    word = text.strip().rstrip(".")
    return " " not in word and len(word) >= 3 and word[0].isalnum() and not word.isdigit()


def _title_and_subtitle(title: str) -> bool:
    """A short title of at most two sentences: a title and its subtitle, not running text."""
    ends = [m.group("end") for m in _TITLE_SENTENCE.finditer(title)]
    return len(ends) <= 1 and len(title.split()) <= _MOST_SUBTITLED_WORDS


def _is_running_text(title: str) -> bool:
    """Sentences, not a title: a full stop inside it, or several questions or exclamations
    (one is a title's: "Is the World Ready? Quantifying 2FA Adoption")."""
    ends = [m.group("end") for m in _TITLE_SENTENCE.finditer(title)]
    return "." in ends or len(ends) >= 2


def _list_quality(authors: AuthorLine) -> float:
    """How surely an author list: affiliations count most, then the number of names."""
    people = authors.authors
    with_affiliation = sum(1 for a in people if a.affiliation)
    return 2.0 * (with_affiliation > 0) + min(len(people), 5) - (0.5 if len(people) == 1 else 0)


# Footnoted affiliations: "Anna Kowalska1, Jörg Weber2,3" over "1Uni A, Poland; 2Uni B; 3Lab C".
_SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_MARKS = re.compile(r"(?<=[^\W\d_.])(?P<marks>(?:[\d" + _SUPERSCRIPTS + r"*†‡]+[,]?)+)$")
_MARK_ENDS = frozenset(_SUPERSCRIPTS + "*†‡,")
_FOOTNOTE = re.compile(
    r"(?:^|[;,]\s*)(?P<mark>\d{1,2}|["
    + _SUPERSCRIPTS
    + r"]{1,2}|[*†‡])\s*(?P<aff>[^;\d"
    + _SUPERSCRIPTS
    + r"][^;]*?)(?=\s*;\s*(?:\d|["
    + _SUPERSCRIPTS
    + r"]|[*†‡])|\s*$)"
)


def _plain_digits(marks: str) -> tuple[str, ...]:
    table = str.maketrans(_SUPERSCRIPTS, "0123456789")
    return tuple(m for m in re.split(r"[,\s]+", marks.translate(table)) if m) or (marks,)


def footnote_marks(name: str) -> tuple[str, tuple[str, ...]]:
    """`Jörg Weber2,3` -> ("Jörg Weber", ("2", "3")); a name without marks is unchanged."""
    last = name[-1:]
    if not (last.isdecimal() or last in _MARK_ENDS):
        return name, ()  # marks end the name, so its last character is one (or their comma)
    m = _MARKS.search(name)
    if m is None:
        return name, ()
    marks = m.group("marks").rstrip(",")
    if "," not in marks and any(ch in _SUPERSCRIPTS for ch in marks):
        marks = ",".join(marks)  # "¹²": one mark a superscript digit ("12" stays twelve)
    return name[: m.start()].rstrip(), _plain_digits(marks)


_AS_SUPERSCRIPT = str.maketrans("0123456789", _SUPERSCRIPTS)


def _comma_footnotes(mark: str, text: str) -> dict[str, str]:
    """`Carnegie Mellon University, 2Indian Institute of Science`: after mark 1, a comma and the
    next number glued to a word start the next entry (an affiliation's own commas do not);
    so does the next number as a superscript, or one space after it (`¹ Uni A, ² Uni B`)."""
    found: dict[str, str] = {}
    while mark.isdigit():
        following = str(int(mark) + 1)
        raised = following.translate(_AS_SUPERSCRIPT)
        split = re.search(r",\s*(?:" + following + r" ?|" + raised + r"\s*)(?=[^\W\d_])", text)
        if split is None:
            break
        found[mark] = clean(text[: split.start()])
        text, mark = text[split.end() :], following
    found[mark] = clean(text)
    return found


# What a footnote list can open with: a mark, or what `_western_punctuation` mends before one
# (a presenter's circle, an ideographic comma).
_FOOTNOTE_OPENINGS = frozenset(_SUPERSCRIPTS + "*†‡、，；〇○◯◎●")


def footnote_affiliations(text: str) -> dict[str, str] | None:
    """`1Politechnika Warszawska, Poland; 2KIT, Germany` -> {"1": ..., "2": ...}, or None when
    the line is not a list of numbered affiliations."""
    first = text.lstrip()[:1]
    if not first.isdigit() and first not in _FOOTNOTE_OPENINGS:
        return None  # the list starts with its first mark (or a mark the next line mends)
    text = _western_punctuation(clean(text))
    if not text[:1].isdigit() and text[:1] not in _SUPERSCRIPTS + "*†‡":
        return None
    found: dict[str, str] = {}
    for m in _FOOTNOTE.finditer(text):
        mark = m.group("mark").translate(str.maketrans(_SUPERSCRIPTS, "0123456789"))
        found.update(_comma_footnotes(mark, m.group("aff")))
    return found or None


# "LUIS DOMINGUEZ. CIMAT Unidad Zacatecas, México": a name (its initials kept whole) ended by
# a full stop, then where the person works.
_NAME_STOP_PLACE = re.compile(
    r"^(?P<name>(?:[^\W\d_]\.\s+|[^\W\d_][\w'’-]+\s+){1,4}[^\W\d_][\w'’-]+)\.\s+"
    r"(?P<place>[^\W\d_].*\S)$"
)


def name_stop_affiliation(text: str) -> Person | None:
    """`Dr. Ana M. Silva. Porto Labs, Portugal`: one person, a full stop, and where they work,
    as a chair line prints them; None when the text after the stop names more people."""
    m = _NAME_STOP_PLACE.match(without_address(clean(text)))
    if m is None or not is_name_like(m["name"]):
        return None
    others = [p for p in _PEOPLE_SEPARATOR.split(m["place"]) if p]
    if all(len(p.split()) >= 2 and is_name_like_strict(p) for p in others):
        return None  # "Ana Silva. Bo Li, Cy Ng": people, not a place
    return Person(clean(m["name"]), clean(m["place"]))
