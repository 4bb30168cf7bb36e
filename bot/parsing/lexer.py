"""The line lexer: what each line of program text is, on its own.

Every line is normalised (invisible characters, odd spaces, bullets), split into its TAB cells and
given one kind (day header, time line, pretalx meta line, chair, location, link word, table
header, zone note, session header, or plain text) with the time range or date it carries. The
structure builder decides what the lines mean together.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum, auto

from bot.model import SessionKind
from bot.parsing.authors import (
    ATTENDANCE_MODES,
    clean,
    is_name_like,
    names_an_institution,
    parse_author_line,
    pipe_affiliated,
)
from bot.parsing.kinds import classify_kind
from bot.parsing.timeexpr import (
    DayExpr,
    TimeRange,
    find_time_range,
    names_a_span_of_days,
    parse_day_header,
    zone_offset_hours,
)

# A line that only names a place: "Grand Ballroom E", "Auditorium", "Lecture Hall GM3".
# Words that name a place in a venue, for every pattern that looks for a room.
ROOM_WORDS = (
    r"room|hall|lecture hall|ballroom|auditorium|aula|salon|theat(?:er|re)|amphitheat(?:er|re)|"
    r"foyer|lobby|hallway|corridor|atrium|lounge|gallery|stage|tent|pavilion|arena|studio|"
    r"terrace|marquee|"
    r"sala|salón|salle|saal|zaal|"
    r"зал|зала|аудитория|аудиторія|фойе"
)
ROOM_NAME = re.compile(
    r"^(?:[\w.'’&-]+\s+){0,3}(?:" + ROOM_WORDS + r")(?:\s+[\w.&-]{1,12}){0,2}"
    r"(?:\s*\([^()]{0,80}\))?$",
    re.I,
)

# "Shine Dome: Ian Wark Theatre", "Building 5: Lecture Hall B": the building, a colon, the room
# in it. A kind of item before the colon ("Keynote: The Concert Hall") heads a title instead.
_BUILDING_ROOM = re.compile(
    r"^(?!(?:session|track|keynote|plenary|panel|poster|workshop|tutorial|talk|paper|demo|"
    r"invited|opening|closing|welcome|break|lunch|dinner|reception|tour|visit|excursion)\b)"
    r"(?:[\w.'’&-]+\s+){0,2}[\w.'’&-]+:\s+"
    r"(?:[\w.'’&-]+\s+){0,3}(?:" + ROOM_WORDS + r")(?:\s+[\w.&-]{1,12}){0,2}$",
    re.I,
)

# "A室", "［B室］", "第2会場", "メインホール", "A실", "第一会议室": a room as Japanese, Korean and
# Chinese programs name it, short, maybe in brackets (after NFKC "［］" are "[]").
CJK_ROOM_NAME = re.compile(
    r"^[\[【〔]?[A-Za-z0-9第一二三四五六七八九十大中小多目的メインサブイベントポスター・\s-]{0,8}"
    r"(?:会場|会議室|会议室|會議室|講義室|講堂|讲堂|报告厅|報告廳|ホール|ルーム|室|厅|廳|"
    r"홀|강의실|회의실|실)[\]】〕]?$"
)

# "Hall B - Posters", "Salón Alterno I – Artículos": one of a slot's parallel sessions, headed
# by its room and the kind of contributions it holds.
ROOM_SESSION = re.compile(
    r"^(?:[\w.'’&-]+\s+){0,3}(?:" + ROOM_WORDS + r")(?:\s+[\w.&-]{1,12}){0,2}"
    r"\s+[-–—]\s+(?:(?:sesión|sessão|session|sessione)\s+(?:de\s+|of\s+)?)?"
    r"(?:short\s+|long\s+|full\s+)?(?:papers?|articles?|artículos?|articulos?|artigos?|posters?|"
    r"pósters?|demos?|talks?|ponencias?|comunicaciones?|presentations?)$",
    re.I,
)


class LineKind(Enum):
    # Each kind is one object, equal only to itself, so the identity hash serves: `Enum`'s own
    # hashes the name in Python, which the builder's look-ups by kind would pay on every line.
    __hash__ = object.__hash__

    BLANK = auto()
    JUNK = auto()  # no letters or digits and no icon: nothing to read
    DAY = auto()
    META = auto()  # pretalx: "04-01, 13:30–15:10 (CET), Rotterdam hall 1A"
    TIME = auto()  # a line that starts (or carries) a time range
    CHAIR = auto()
    LOCATION = auto()
    ROOM = auto()  # a place named alone on its line
    START_AT = auto()  # "Start: 2020-08-31T08:00:00Z": the item's date and start in one
    DURATION = auto()  # "Duration: 70 min": the item's length
    LINK = auto()
    TITLE_LABEL = auto()  # pretalx keynotes print "Title" above the talk title
    TABLE_HEADER = auto()
    ZONE_NOTE = auto()
    SESSION_HEADER = auto()  # "Session 3: Storage", "Track B — Networks", "... - Chair: X"
    LABEL = auto()  # a field's name alone on its line ("Time:", "Session"), its value below
    TEXT = auto()


@dataclass(slots=True)
class Line:
    number: int
    text: str
    cells: list[str]
    kind: LineKind = LineKind.TEXT
    time: TimeRange | None = None
    day: DayExpr | None = None


_DIGIT = re.compile(r"\d")
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"), None)
# Whether a line holds any of them: a search is much cheaper than `translate` with a dict.
_HAS_INVISIBLE = re.compile("[\u200b\u200c\u200d\u2060\ufeff\u00ad]")
_ODD_SPACES = re.compile(r"[\u00a0\u2000-\u200a\u202f\u205f\u3000]")
# East Asian pages set ASCII in full-width forms: "（東京大学）", "１０：００", "Ｓｅｓｓｉｏｎ".
# Their compatibility mapping (as NFKC gives it) is the plain character, which every pattern
# here knows.
_FULL_WIDTH = re.compile(r"[\uff01-\uff5e]")
_AS_HALF_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}
# A list bullet, or any glyph of the Geometric Shapes block (U+25A0-25FF: "■", "▪", "◼", "◆",
# "●", "►" ...), which pages also set in a talk's colour before its title to mark its type.
_BULLET = re.compile(r"^(?:[\u25a0-\u25ff•·➤✦*]|[-–]\s)\s*")
_MERIDIEM_RUN_ON = re.compile(r"(\d\s?[AaPp]\.?[Mm]\.?)(?=[A-Z])")
# "10: 45- 11:15", "05: 30 pm": a clock broken by a space after its colon.
_SPLIT_CLOCK = re.compile(r"\b(\d{1,2}):\s+(\d{2})\b(?=\s*[-–—]|\s*(?i:[ap]\.?m)\b)")
# "10:00-10:30Coffee Break": a clock glued to the word after it.
_CLOCK_RUN_ON = re.compile(r"(\b\d{1,2}[:.h]\d{2})(?=[A-Z][a-z])")
# "8:40 – 9:20. All is Water …": a full stop after the line's opening clock (range) parts it
# from the item as a dash or a colon would; it is no part of the title.
_CLOCK_THEN_STOP = re.compile(r"^(\s*\d{1,2}[:.h]\d\d(?:\s*[-–—]\s*\d{1,2}[:.h]\d\d)?)\.\s+(?=\S)")
# "[13:40]<TAB>Paper session A", "[09:00 - 10:30] Keynote": a line's (or cell's) opening clock
# or range in square brackets, as some hand-written tables print their time column; the
# brackets only set it off, as a cell's edge would.
_BRACKETED_CLOCK = re.compile(
    r"(?:^|(?<=\t))\[\s*(\d{1,2}[:.h]\d\d(?:\s*[-–—]\s*\d{1,2}[:.h]\d\d)?)\s*\](?=\s|$)"
)
_LINK_WORD = (
    r"paper|papers|slides?|video|videos|abstract|artifacts?|pdf|preprint|code|poster|"
    r"recording|doi|website|link|presentation|bibtex|talk|teaser|github|arxiv|pre-?print|"
    r"extended abstract|full paper|camera[- ]ready|youtube|zoom|livestream|stream|"
    r"available media|media|presentation video|paper \(pdf\)|supplementary material|"
    r"open access|download|slack(?: channel)?|discord(?: channel)?|zoom (?:meeting|link|room)|"
    r"meeting link|webex|livestream link|"
    # "Folien", "Diapositive": the slides, as German, Italian and Spanish pages name them
    r"folien|vortragsfolien|diapositiv[aeo]s?|lucidi|"
    # a verb before the material: "View presentation", "Watch video", "Descargar Presentación"
    # "link to presentation": a button's words for the same link
    r"(?:view|watch|see|open|get|download|descargar|ver|baixar|t[ée]l[ée]charger|link\s+to)"
    r"\s+(?:the\s+)?"
    r"(?:presentation|presentaci[óo]n|apresenta[çc][ãa]o|slides|diapositivas|video|v[íi]deo|"
    r"recording|poster|paper|pdf|abstract)|"
    # the control over a session's list: "View papers (4)", "Show talks", "See all presentations"
    r"(?:view|show|see|list)\s+(?:all\s+|the\s+)?(?:papers|talks|contributions|presentations)|"
    # a link to the item's own page: "go to abstracts", "Go to the workshop descriptions"
    r"go\s+to\s+(?:the\s+)?(?:[a-z]+\s+)?(?:abstracts?|program(?:me)?|schedule|descriptions?|"
    r"details|papers|talks|slides|session|page)|"
    # a page's own controls, copied with it
    r"(?:expand|collapse|show|hide)\s+all(?:\s+(?:sessions|sections|days|items|tracks|talks|"
    r"papers|abstracts|details))?|show more|show less|read more|back to top|"
    # a filter panel's buttons: "Reset All Filters", "Clear filters"
    r"(?:reset|clear)(?:\s+all)?\s+filters?|"
    r"show abstract|hide abstract|add to calendar|add to my schedule|print|register now|"
    r"register|share|download pdf|learn more|more info(?:rmation)?|see more|details|view details|"
    # the summary of a closed box ("Biography", "Résumé"): a bio or an abstract, in a few tongues
    r"bio|biography|biographie|biograf[ií]a|kurzbiograf(?:ie|ia)|abstracts|r[ée]sum[ée]|"
    r"resumen|resumo|riassunto|sommario|zusammenfassung|kurzfassung|streszczenie|samenvatting|"
    # a day pager: "Days:" / "previous day" / "next day" / "all days"
    r"days|previous day|next day|all days|previous|next|prev"
)
# "© The Future of X 2025", "Copyright 2024 …": a page's footer, never part of its program
# ("Copyright law and AI" is a title, so the bare word needs a sign or a year after it).
_COPYRIGHT = re.compile(r"^(?:©|\(c\)\s|copyright\s*(?:©|\(c\)|\d{4}\b))", re.I)
# ": Presenter", ": 発表者": the legend of a role's icon ("<icon>: Presenter") once the copy has
# dropped the icon; it names no entry. (Other words after a colon stay: ": Keynote" is a
# Markdown definition, a session's title under its time.)
_ICON_LEGEND = re.compile(
    r"^:\s*(?:(?:the\s+)?(?:presenters?|speakers?|presenting authors?)|"
    r"発表者|登壇者|講演者|報告者|발표자|연사|报告人|演讲者|主讲人)\s*$",
    re.I,
)
# Link words, maybe with a remark in parentheses: "Slack Channel (The same URL as before)",
# or with a sign glued after them that marks the entry ("[PDF]●", a student-contest paper).
_LINK_LINE = re.compile(
    r"^(?:[\[(]?(?:" + _LINK_WORD + r")[\])]?[\s|·•,/:\-●○◎★☆◆◇■□▲△]*)+(?:\([^()]{0,80}\))?$",
    re.I,
)
# "Start: 2020-08-31T08:00:00Z" (ISO 8601, as exported schedules and READMEs print them).
START_AT = re.compile(
    r"^(?:(?:start|starts|begins?|time|when|date)\s*:\s*)?(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2})"
    r"[T ](?P<h>\d{1,2}):(?P<mi>\d{2})(?::\d{2}(?:\.\d+)?)?\s*(?P<zone>Z|UTC|[+-]\d{2}:?\d{2})?$",
    re.I,
)
# "Duration: 70 min", "Duration: 1h30", "Length: 45 minutes", and alone on its line as timetable
# exports print it under a talk's start ("09:10" / title / "40m").
DURATION = re.compile(
    r"^(?:(?:duration|length)\s*:\s*)?(?:(?P<h>\d{1,2})\s*h(?:ours?|rs?)?\s*)?"
    r"(?:(?P<m>\d{1,3})\s*(?:min(?:ute)?s?\.?|m|[\'’′]))?\s*$",
    re.I,
)
# "08h", "12h": a whole hour printed with two digits, alone, is a clock (as Portuguese and French
# timetables print starts beside `10h30`); an item's length is printed `1h` or `1h30`.
_HOUR_CLOCK = re.compile(r"^(?:[01]\d|2[0-3])h$")
# "Chair:", "Chairman:", "Co-chairs:", and as programs in other languages print it ("Chair der
# Sitzung:", "Sitzungsleitung:", "Président de séance :", "Moderador:", "Ordförande:"). A panel's
# English "Moderator:" is a role line of its item (structure.phrases.ROLE), not a session's
# chair label. (A label written in ASCII letters only needs its stem in _ASCII_CHAIR_STEMS too.)
CHAIR = re.compile(
    # "Session Chair:", and the label named for the item it chairs ("Panel Chair:", "Lecture
    # Chair:", "Conference Chair:", as a congress calls an invited lecture)
    r"(?:^|(?<=[\s(\[,;–—)-]))\(?\s*"
    r"(?:(?:session|panel|lecture|conference|symposium|workshop|keynote|plenary|forum)\s+)?"
    r"(?:co-?)?(?:chair|convener|convenor)"
    r"(?:s|persons?|m[ae]n|wom[ae]n|ed\s+by)?(?:\s+der\s+sitzung)?"
    r"(?:\s*\(s\))?\s*[:：]\s*"
    # "Session organizer and chair:", "Moderator & Chair:": a role joined to the chair's
    r"|^\(?\s*(?:session\s+)?(?:organi[sz]er|convener|convenor|moderator|host)s?\s*(?:and|&|/)\s*"
    r"(?:co-?)?chair(?:s|persons?)?\s*[:：]\s*"
    r"|(?:^|(?<=[\s(\[,;–—)-]))\(?\s*(?:sitzungsleitung|moderation|"
    r"président(?:e)?\s+de\s+(?:séance|session)|modérat(?:eur|rice)|moderador(?:a)?|"
    r"presidente\s+de\s+sesión|president[ea]|moderatore|modera|presied(?:e|ono)|moderação|"
    r"vorsitz|leitung|"
    # Portuguese, Spanish, Dutch, Polish, Czech, Russian, Turkish, Japanese, Chinese, Korean
    r"coordenador(?:a)?|coordinador(?:a)?|presidente\s+de\s+mesa|(?:dag)?voorzitter|"
    # "Presidente Mesa:", "Pres. Mesa:", "Coord. Mesa:": who presides over or coordinates the
    # table, as Brazilian programs shorten it
    r"(?:pres\.|presidente|coord\.|coordenador(?:a)?)\s*(?:d[ae]\s+)?mesa|"
    # "Presiding: Ana Silva", "Presiding officer:", as US humanities programs label a chair
    r"presiding(?:\s+officers?)?|"
    r"prowadząc[ya]|przewodnicząc[ya]|předsedající|председатель|модератор|ведущий|"
    r"oturum\s+başkan(?:ı|ları)|başkan(?:lar)?|moderatör(?:ler)?|"
    # Swedish, Danish and Norwegian, Finnish, Estonian, Latvian, Lithuanian, Hungarian,
    # Romanian, Greek, the South Slavic languages, Slovak, Ukrainian, Bulgarian, Vietnamese
    r"(?:sessions)?ordförande|ordstyrer|møteleder|(?:istunnon\s+)?puheenjohtaja|juhataja|"
    r"(?:sēdes\s+)?vadītāj[sa]|pirminink(?:as|ė)|(?:levezető\s+|szekció|ülés)?elnök|"
    r"președinte|πρόεδρος|συντονιστ(?:ής|ρια)|predsjedavajuć[ia]|predsedavajuć[ia]|"
    r"predsedujoč[ia]|predsedajúc[ia]|голова|председател|chủ\s+tọa|chủ\s+trì|"
    r"座長|司会|主持人|主持|主席|좌장|사회)"
    r"\s*[:：]\s*"
    # "Animée par Laurent Simon", "Chaired by Ana Silva": no colon, a preposition instead.
    # "Chair and intro by A; B": the chair, and what else they do.
    r"|^\(?\s*(?:anim[ée]e?s?\s+par|pr[ée]sid[ée]e?s?\s+par|moderad[ao]\s+por|presiedut[aoie]\s+da|"
    r"chair(?:ed)?(?:\s+and\s+(?:intro(?:duced|duction)?|introductions?|discussion|moderation))?"
    r"\s+by)"
    r"\s+(?=[A-ZÀ-Ý])"
    # "Session 1: chair Ana Silva", "Invited Talk: Title (Bo Li), chair Ana Silva (slides)": the
    # word alone after the label's colon or the item's comma, then a capitalised name of two
    # words or more not closing a parenthesis ("(A, B, Chair C)" lists a panel and its chair)
    r"|(?<=[:,;]\s)(?:co-?)?chair(?:s|persons?)?\s+"
    r"(?=(?-i:[A-ZÀ-Ý])[\w'’.-]+\s+[\w'’.-][^()]*(?:\(|$))",
    re.I,
)
# "Ana Silva (University of Porto), presiding": the chair named first and the role after, as
# programs in US classics, religion and literature print a section's chair under its title.
CHAIR_AFTER = re.compile(
    r"^(?P<who>[^\W\d_].*?\S)\s*(?:,\s*|\s)\(?presiding\)?\.?$",
    re.I,
)


# "Jeff Coughlin (Chair)", "Ana Silva and Bo Li (Co-chairs)": people, then their role in
# parentheses, as a table prints a session's chair on the line under its title.
CHAIR_MARKED_AFTER = re.compile(
    r"^(?P<who>[^()]+?)\s*\(\s*(?:session\s+)?(?:co-?)?chair(?:s|persons?|m[ae]n|wom[ae]n)?\s*\)$",
    re.I,
)


def chair_label_after(text: str) -> re.Match[str] | None:
    """`CHAIR_AFTER.match(text)`, or a line of people marked `(Chair)` after their names,
    cheaply: every such line ends in its role word."""
    tail = text.rstrip(" .)").lower()
    if tail.endswith("presiding"):
        return CHAIR_AFTER.match(text)
    if not tail.endswith(("chair", "chairs", "chairperson", "chairpersons", "man", "men")):
        return None
    marked = CHAIR_MARKED_AFTER.match(text.strip())
    if marked is None:
        return None
    people = parse_author_line(marked.group("who")).authors
    if not people or not all(is_name_like(p.name) and not p.affiliation for p in people):
        return None
    return marked


LOCATION = re.compile(
    r"^(?:location|room|venue|where|place|hall|auditorium|ort|raum|saal|hörsaal|salle|lieu|"
    r"sala|aula|luogo|lugar|local|zaal|lokaal|rum|lokal|sal|sali|huone|terem|helyszín|"
    r"αίθουσα|sală|dvorana|místnost|sál|miejsce|ruang|tempat|phòng|địa điểm|аудитория|зал|"
    r"место|会場|会议室|地点|教室|장소|강의실)"
    r"\s*[:：]\s*(?P<room>.+)$",
    re.I,
)


def _has_colon(text: str) -> bool:
    """Whether `text` holds a colon, as every label anywhere in a line (`Room: A`) needs."""
    return ":" in text or "：" in text


# What every ASCII text that `CHAIR` matches holds, in lower case: the ASCII part of each of its
# labels ("chair", "convener", "sitzungsleitung", "moderador", "presidente", "voorzitter", ...).
# Its other labels have letters no ASCII letter matches, even when case is ignored.
_ASCII_CHAIR_STEMS = (
    "chair conven modera presid presie pres. coord. vorsitz leitung coorden coordin voorzitter "
    "anim ordstyrer puheenjohtaja juhataja pirmininkas".split()
)


def may_label_chair(text: str) -> bool:
    """Whether `CHAIR` can match anywhere in `text`, cheaply: only ASCII text is ruled out (when
    case is ignored, non-ASCII letters such as "ſ" or "K" match ASCII ones)."""
    if not text.isascii():
        return True
    lowered = text.lower()
    return any(stem in lowered for stem in _ASCII_CHAIR_STEMS)


def find_chair_label(text: str) -> re.Match[str] | None:
    """`CHAIR.search(text)`, cheaply: a label anywhere in the line needs its colon; without one,
    only `Chaired by …` or `Animée par …` opening the line can be a chair label."""
    if not may_label_chair(text):
        return None
    if _has_colon(text):
        return CHAIR.search(text)
    return CHAIR.match(text)


INLINE_LOCATION = re.compile(
    r"\s[-–—|,]\s*(?:location|room|venue)\s*[:：]\s*(?P<room>.+?)(?=\s[-–—|]\s*\w+\s*[:：]|$)",
    re.I,
)
META = re.compile(r"^(?:[A-Za-z]{2,9}\.?,?\s+)?(?P<m>[01]?\d)-(?P<d>[0-3]?\d),\s*(?P<rest>.+)$")
ZONE_NOTE = re.compile(
    r"\b(?:all\s+)?times?\s+(?:are\s+)?(?:shown\s+|given\s+|listed\s+)?in\b|\btime\s*zone\b",
    re.I,
)
SESSION_LABEL = re.compile(
    r"^(?:(?:paper|technical|research|poster|industry|parallel|plenary|oral|special|invited|"
    r"contributed|regular|spotlight|lightning|demo|thematic)\s+)?"
    r"(?:session|track)\s*[-#]?\s*[\w.]{0,8}\s*[:.—–\-]\s*\S|"
    # "Session 3", "Track B2", "Session IV" (but "Session Chairs", a menu entry, names none),
    # "Conference Session 1", "Paper Session 2": the same with what kind of session it is
    r"^(?:(?:conference|paper|technical|research|poster|parallel|plenary|oral|contributed|"
    r"regular|invited|special|thematic|concurrent)\s+)?"
    r"(?:session|track)\s+(?:[\w.]{0,5}\d[\w.]{0,5}|(?-i:[A-Z]{1,2}|[IVX]{1,4}))$|"
    # "Virtual Room 2: Causal Inference", "Hall B: Posters": a slot's session named by its room
    r"^(?:(?:virtual|online|zoom|breakout)\s+)?(?:room|hall)\s+(?:\d{1,2}[A-Za-z]?|(?-i:[A-Z]))"
    r"\s*:\s*(?-i:[A-Z])|"
    # "Sesión oral 1A: Visión", "Sessione poster 2", "Vortragssitzung 3B: Sprache", "Séance
    # plénière 1": the same as programs in other languages print it, its kind after the word
    r"^(?:sesi[oó]n|sess[ãa]o|sessione|s[ée]ance|\w*sitzung)"
    r"(?:\s+(?:oral|orale|plenaria|plenária|plénière|p[oó]ster(?:es)?|pôsteres|posters?"
    r"|paralela|parallela|parallèle|tem[aá]tica|th[ée]matique|regular|especial|speciale"
    r"|invitada|invitée|de\s+p[oóô]ster(?:es)?|de\s+comunicaciones|de\s+comunica[cç][oõ]es))?"
    r"\s+(?:[\w.]{0,5}\d[\w.]{0,5}|(?-i:[A-Z]{1,2}|[IVX]{1,4}))(?:\s*[:.—–\-]\s*\S|$)",
    re.I,
)
# "Convened Panel 2", "Thematic Session 1 Room 6", "Symposium IV": one numbered session of
# many, maybe its room after it.
NUMBERED_SESSION = re.compile(
    r"^(?:[^\W\d_]+\s+){0,2}(?:panel|session|symposium|workshop|colloquium|seminar|forum)\s+"
    r"(?:\d{1,2}[A-Za-z]?|[IVX]{1,4}|[A-Z])(?![\w.:])",
    re.I,
)
# A column's header as other languages print it, and the English word it stands for, so that a
# table headed "Ora | Nome | Istituzione | Titolo" is read as one headed "Time | Name | …".
_HEADER_TRANSLATIONS = {
    # English headers of two words for a one-word role: "Time Slot | Presenter | Title"
    "time slot": "time",
    "time slots": "time",
    "timeslot": "time",
    "timeslots": "time",
    "start time": "time",
    "start": "time",
    # "# | Start Time | Type | Title | Speakers": what kind of item a row is, not what it says
    "type": "kind",
    "format": "kind",
    "category": "kind",
    # Italian
    "ora": "time",
    "orario": "time",
    "nome": "name",
    "istituzione": "affiliation",
    "affiliazione": "affiliation",
    "titolo": "title",
    "relatore": "speaker",
    "relatori": "speakers",
    "luogo": "location",
    "attività": "activity",
    # Portuguese
    "horário": "time",
    "instituição": "affiliation",
    "título": "title",
    "palestrante": "speaker",
    "palestrantes": "speakers",
    "atividade": "activity",
    # Spanish
    "nombre": "name",
    "institución": "affiliation",
    "ponente": "speaker",
    "ponentes": "speakers",
    "lugar": "location",
    "actividad": "activity",
    # German
    "titel": "title",
    "referent": "speaker",
    "referentin": "speaker",
    "referenten": "speakers",
    "vortrag": "talk",
    "ort": "location",
    "zeit": "time",
    "uhrzeit": "time",
    "thema": "topic",
    "sprecher": "speaker",
    "sprecherin": "speaker",
    "autor": "author",
    "autoren": "authors",
    "raum": "room",
    "saal": "room",
    # and the rest of the Romance languages' words: Spanish, Portuguese, Italian, French, Catalan
    "hora": "time",
    "horario": "time",
    "tema": "topic",
    "autores": "authors",
    "autori": "authors",
    "sala": "room",
    "local": "location",
    "heure": "time",
    "horaire": "time",
    "sujet": "topic",
    "titre": "title",
    "intervenant": "speaker",
    "intervenante": "speaker",
    "intervenants": "speakers",
    "orateur": "speaker",
    "conférencier": "speaker",
    "auteur": "author",
    "auteurs": "authors",
    "salle": "room",
    "lieu": "location",
    "séance": "session",
    # Dutch, Polish, Czech, Hungarian
    "tijd": "time",
    "tijdstip": "time",
    "onderwerp": "topic",
    "spreker": "speaker",
    "sprekers": "speakers",
    "zaal": "room",
    "godzina": "time",
    "czas": "time",
    "temat": "topic",
    "tytuł": "title",
    "prelegent": "speaker",
    "prelegenci": "speakers",
    "autorzy": "authors",
    "čas": "time",
    "název": "title",
    "přednášející": "speaker",
    "místnost": "room",
    "autoři": "authors",
    "időpont": "time",
    "cím": "title",
    "előadó": "speaker",
    "előadók": "speakers",
    "terem": "room",
    "szerzők": "authors",
    # Swedish, Danish and Norwegian, Finnish, Turkish, Greek, Indonesian, Vietnamese
    "tid": "time",
    "talare": "speaker",
    "taler": "speaker",
    "författare": "authors",
    "forfatter": "author",
    "forfattere": "authors",
    "aika": "time",
    "otsikko": "title",
    "puhuja": "speaker",
    "tekijät": "authors",
    "sali": "room",
    "saat": "time",
    "başlık": "title",
    "konuşmacı": "speaker",
    "yazarlar": "authors",
    "oturum": "session",
    "ώρα": "time",
    "τίτλος": "title",
    "ομιλητής": "speaker",
    "αίθουσα": "room",
    "waktu": "time",
    "judul": "title",
    "pembicara": "speaker",
    "ruang": "room",
    "thời gian": "time",
    "tiêu đề": "title",
    "diễn giả": "speaker",
    # Russian, Ukrainian
    "время": "time",
    "тема": "topic",
    "название": "title",
    "докладчик": "speaker",
    "спикер": "speaker",
    "авторы": "authors",
    "зал": "room",
    "аудитория": "room",
    "час": "time",
    "доповідач": "speaker",
    # Chinese, Japanese, Korean
    "时间": "time",
    "時間": "time",
    "内容": "content",
    "內容": "content",
    "题目": "title",
    "題目": "title",
    "报告人": "speaker",
    "讲者": "speaker",
    "作者": "authors",
    "地点": "location",
    "会场": "room",
    "タイトル": "title",
    "講演者": "speaker",
    "発表者": "speaker",
    "著者": "authors",
    "会場": "room",
    "시간": "time",
    "내용": "content",
    "제목": "title",
    "발표자": "speaker",
    "장소": "location",
}
HEADER_WORDS = frozenset(
    "title titles author authors paper papers speaker speakers presenter presenters time"
    " session affiliation affiliations room topic talk talks presentation links link"
    " authors/affiliations # event events content contents activity item what when where"
    " details description program programme schedule agenda location video name institution"
    # and as other languages head the columns that name no English role ("Programm", "主持人")
    " programm 主持人 主持".split()
) | frozenset(_HEADER_TRANSLATIONS)  # the others: "Zeit | Thema", "时间 | 内容"
# "Session | Paper Title | Authors": the column header of two words
HEADER_WORDS |= frozenset(("paper title",))
# "Session Title | Organizer | Session ID": a table of sessions, not papers
HEADER_WORDS |= frozenset(
    (
        "session title",
        "session name",
        "session id",
        "organizer",
        "organizers",
        "organiser",
        "organisers",
    )
)
# "Start | End | Activity", "From | To | Event": the columns of an item's start and end times
_START_END_HEADER = re.compile(r"(?:start|begin|from)s?:?\s+(?:end|finish|to|until)s?:?")


def column_role(header: str) -> str:
    """What a table's column holds, as its header names it in English (`Titolo` -> `title`)."""
    word = header.lower().rstrip(":")
    return _HEADER_TRANSLATIONS.get(word, word)


# An inline formatting tag printed as text (`</strong>`, a mistyped `<\strong>`, `<br/>`): a
# hand-written page's broken markup, which the browser shows as it is; no word of the line.
_STRAY_TAG = re.compile(
    r"<\s*[\\/]?\s*(?:strong|b|em|i|u|span|br|sup|sub|font|small|big|mark)\s*/?\s*>", re.I
)


def _normalise(raw: str) -> str:
    text = raw.rstrip()
    if "<" in text:
        text = _STRAY_TAG.sub("", text)
    if not text.isascii():  # invisible characters, odd spaces and decompositions are not ASCII
        if _HAS_INVISIBLE.search(text):
            text = text.translate(_INVISIBLE)
        text = _ODD_SPACES.sub(" ", text)
        if _FULL_WIDTH.search(text):
            text = text.translate(_AS_HALF_WIDTH)
        text = unicodedata.normalize("NFC", text).rstrip()
    if not _DIGIT.search(text):
        return text  # the repairs below mend clocks
    text = _CLOCK_RUN_ON.sub(r"\1 ", text)
    text = _CLOCK_THEN_STOP.sub(r"\1 ", text)
    if "[" in text:
        text = _BRACKETED_CLOCK.sub(r"\1", text)
    text = _SPLIT_CLOCK.sub(r"\1:\2", text)
    return _MERIDIEM_RUN_ON.sub(r"\1 ", text)


def _is_icon(text: str) -> bool:
    """A lone emoji or icon ("📄️", "▶", "🎥"): pictographs, no letters, digits or ASCII."""
    return (
        bool(text)
        and len(text) <= 6
        and all(
            (unicodedata.category(ch) in {"So", "Sk", "Mn", "Cf"} and not ch.isascii())
            or ch in " \ufe0f"
            for ch in text
        )
    )


_TRAILING_TIME = re.compile(r"^(?P<text>.*?\S)\s*[(\[](?P<time>[^()\[\]]{3,40})[)\]]\s*$")


# "(1:15 duration)", "(90 min)": how long the item printed beside it lasts, which its range says.
_LENGTH_NOTE = re.compile(
    r"\s*\((?:\d{1,2}:\d{2}|\d{1,3}\s*(?:min|mins|minutes|h|hrs?|hours?))\.?"
    r"(?:\s+(?:duration|long))?\)",
    re.I,
)
_TRAILING_LENGTH = re.compile(_LENGTH_NOTE.pattern + r"\s*$", re.I)


def _trailing_time_first(text: str) -> str:
    """`Opening (9:00)`, `Talk — Name, Affil (10:30–10:50)`, `Poster Session 5:00 - 7:30`: a
    time at the end of the line, in parentheses or a whole range, reads as if it came first."""
    if "\t" in text or not _DIGIT.search(text):
        return text  # no cells to reorder, or no clock to move
    if "(" not in text and "[" not in text:
        return _trailing_range_first(text)  # nothing in brackets: no length, no time in them
    text = _TRAILING_LENGTH.sub("", text)
    m = _TRAILING_TIME.match(text)
    if m is None:
        return _trailing_range_first(text)
    whole = find_time_range(text)
    if whole is not None and whole.span == (0, len(text.rstrip())):
        return text  # "12PM to 1PM Eastern Time (9AM to 10AM Pacific Time)": all one time
    inside = m.group("time").strip()
    found = find_time_range(inside)
    if found is not None and found.span[0] == 0 and found.span[1] < len(inside):
        # "Oral Session 1A (10:30-11:45, Hall A)": the time, then where, in one parenthesis;
        # the time goes first, the place stays after the title in a parenthesis of its own.
        place = inside[found.span[1] :].lstrip()
        if place[:1] in (",", ";", "|") and 0 < len(place[1:].split()) <= 8:
            place = place[1:].strip()
            if find_time_range(place) is None:
                return f"{inside[: found.span[1]]} {m.group('text')} ({place})"
    if found is None or found.span != (0, len(inside)):
        return text
    return f"{inside} {m.group('text')}"


# "… from 11:30 to 12:00 at Senate Hall": where the item is, after its range; each word of the
# place capitalised (a name), as "at the end of the day" is not.
_AT_PLACE_AFTER_RANGE = re.compile(
    r"^\s+at\s+(?P<place>(?-i:[A-Z][\w.&'-]*)(?:\s+(?-i:[A-Z][\w.&'-]*)){0,5})$"
)
# "Lunch from 13:00 to 14:00": the word that opens the range, no part of the item's title.
_FROM_BEFORE_RANGE = re.compile(r"\s+(?:from|between)$", re.I)


def _trailing_range_first(text: str) -> str:
    found = find_time_range(text)
    if found is None or found.end is None or found.span[0] == 0:
        return text
    after = text[found.span[1] :]
    place = _AT_PLACE_AFTER_RANGE.match(after) if after.strip() else None
    if (after.strip() and place is None) or len(text[: found.span[0]].split()) > 12:
        return text
    if text[: found.span[0]].rstrip().endswith(":"):
        return text  # "Time: 10:30 - 12:00", "Lunch: 12:00-13:00": a label, read as it stands
    title = _FROM_BEFORE_RANGE.sub("", text[: found.span[0]].rstrip()).rstrip(" ,-–—|")
    if not title or find_time_range(title) is not None or parse_day_header(title) is not None:
        return text  # "Tuesday 10:45 – 12:15": the day, then its time
    where = f" (@{place.group('place')})" if place else ""  # as "Lunch (@Minghu Restaurant)"
    return f"{text[found.span[0] : found.span[1]]} {title}{where}"


_ENTRY_ID = re.compile(
    r"^(?:id|paper id|submission|no\.?|#)\s*[:#]?\s*\d+(?:\s*[/|,]\s*[\w.-]+\s*:?\s*\d*)*$", re.I
)
# "O1", "IN2", "P12": a paper's code alone on the line above its title, as symposia print them.
_PAPER_CODE = re.compile(r"^[A-Z]{1,3}\d{1,3}$")


def _time_cell_first(cells: list[str]) -> list[str]:
    """`Invited Talk - Name: Title | 8:00-8:30`: a row whose time comes last reads as if it came
    first, so that every row of a timetable has its time in the same place."""
    filled = [c for c in cells if c]
    if len(filled) < 2 or find_time_range(filled[0]) is not None:
        return cells
    if (
        len(filled) == 3
        and not _DIGIT.search(filled[0])
        and (_names_a_place_cell(filled[2]) or _names_a_break_or_social(filled[0]))
    ):
        # `Welcome Dinner | 19:30-21:30 | Guest House`: the item, its time, then where it is
        found = find_time_range(filled[1])
        if found is not None and found.span == (0, len(filled[1])):
            return [filled[1], filled[0], *filled[2:]]
    last = filled[-1]
    found = find_time_range(last)
    if found is None or found.span != (0, len(last)):
        return cells
    return [last, *filled[:-1]]


# "Anfiteatro “C” da Química, prédio 18", "Hörsaal 2", "Sala Riunioni 406": words that name a
# place, in the languages programs print their rooms in.
_PLACE_WORD = re.compile(
    r"\b(?:" + ROOM_WORDS + r"|salas|hörsaal|anfiteatro|audit[óo]rio|"
    r"amphithéâtre|building|prédio|edifício|edificio|gebäude)\b",
    re.I,
)


def _names_a_break_or_social(text: str) -> bool:
    """`Welcome Dinner`, `Coffee Break`: an item no talk is, whatever the cells beside it say."""
    return classify_kind(text, paper_count=0) in (SessionKind.BREAK, SessionKind.SOCIAL)


def _names_a_place_cell(text: str) -> bool:
    """`Venue: Senate Hall`, `Institute Guest House`: a cell naming where an item is."""
    return LOCATION.match(text) is not None or names_a_place(text)


def names_a_place(text: str) -> bool:
    """A short cell naming where an item is (`Auditório Audimax, prédio 16 UFSM`), not what."""
    return (
        len(text.split()) <= 12
        and _PLACE_WORD.search(text) is not None
        and find_time_range(text) is None
    )


def _place_cell_last(cells: list[str]) -> list[str]:
    """`Anfiteatro C | 9h – Painel 1: …`: a row whose room column stands left of the times
    reads as if the room came after the item, as most timetables print it."""
    filled = [c for c in cells if c]
    if len(filled) != 2 or not cells[0]:
        return cells
    if not names_a_place(cells[0]) and not _BARE_ADDRESS.match(cells[0]):
        return cells  # (a link in the room column points to where the item is told)
    found = find_time_range(filled[1])
    if found is None or found.span[0] != 0:
        return cells
    return [filled[1], filled[0]]


def _untimed_item_beside_place(cells: list[str]) -> bool:
    """`Salas do prédio 16 | Apresentação de comunicações`: under a room column, a row that
    prints no time names an item of its own (its time is the slot's, or none)."""
    filled = [c for c in cells if c]
    return (
        len(filled) == 2
        and bool(cells[0])
        and names_a_place(cells[0])
        and not names_a_place(filled[1])
        and find_time_range(filled[1]) is None
        and len(filled[1].split()) <= 20
    )


# "Morning", "上午": a column naming the part of the day its rows fall in, left of their times.
_PARTS_OF_DAY = frozenset(
    "morning afternoon evening am pm vormittag nachmittag abend matin après-midi soir"
    " mañana tarde noche mattina pomeriggio sera manhã ochtend middag avond rano"
    " popołudnie wieczór утро день вечер 上午 下午 晚上 午前 午後 오전 오후".split()
)


def _part_of_day_cell_dropped(cells: list[str]) -> list[str]:
    """`上午 | 8:30-8:55 | Opening`: the row's part of the day before its time, which the time
    already says; the row reads from its time on."""
    if len(cells) < 3 or cells[0].lower() not in _PARTS_OF_DAY:
        return cells
    found = find_time_range(cells[1])
    return cells[1:] if found is not None and found.span[0] == 0 else cells


def _lone_clock(text: str) -> TimeRange | None:
    """`09:10`: a cell that is one clock and nothing else."""
    found = find_time_range(text) if text else None
    if found is None or found.end is not None or found.span != (0, len(text)):
        return None
    return found


def _end_cell_joined(cells: list[str]) -> list[str]:
    """`09:10 | 10:40 | Title`: a row printing its start and its end in two cells (a table
    headed `Start | End | ...`) reads as one whose first cell is the range. A dash in a column
    of its own between them (`9:30 | – | 10:30 | Title`) is the range's too."""
    if len(cells) >= 4 and _PLACEHOLDER_CELL.match(cells[1]):
        start, end = _lone_clock(cells[0]), _lone_clock(cells[2])
        if start is not None and end is not None and end.start > start.start:
            return [f"{cells[0]} - {cells[2]}", *cells[3:]]
    if len(cells) < 3:
        return cells
    start, end = _lone_clock(cells[0]), _lone_clock(cells[1])
    if start is None or end is None or end.start <= start.start:
        return cells
    return [f"{cells[0]} - {cells[1]}", *cells[2:]]


# "3", "12": a cell numbering the rows of a table, left of their times.
_ROW_NUMBER = re.compile(r"^\d{1,3}\.?$")


# "1A", "12B", "S3", "P2a": a session's code, as a table repeats it in each of its rows.
SESSION_CODE = re.compile(r"^(?:\d{1,2}[A-Z]|[A-Z]{1,2}\d{1,2}[A-Za-z]?)$")


def _session_code_after_time(cells: list[str]) -> list[str]:
    """`1A | 10:30 | Title | Authors`: a row opening with its session's code reads from its
    time on, the code after it, so that the time is the row's as in any timetable."""
    filled = [c for c in cells if c]
    if len(filled) < 3 or not SESSION_CODE.match(filled[0]):
        return cells
    found = find_time_range(filled[1])
    if found is None or found.span != (0, len(filled[1])):
        return cells
    return [filled[1], filled[0], *filled[2:]]


# A bullet (or a Geometric Shapes glyph) printed between a time and its item:
# `9.00 - 10.00 &bull; Welcome`, `14:00 · Coffee`, `10:30 ▪ Session 2`.
_BULLET_AFTER_TIME = re.compile(r"\s*[\u25a0-\u25ff•·‣◦]\s+")


def _bullet_after_time_dropped(cells: list[str]) -> list[str]:
    """`09.00 - 10.00 • Welcome`: a bullet between a line's opening time and its item parts
    them, as a colon or a dash would; it is no part of the item's title."""
    if not cells or not cells[0]:
        return cells
    found = find_time_range(cells[0])
    if found is None or found.span[0] != 0:
        return cells
    bullet = _BULLET_AFTER_TIME.match(cells[0], found.span[1])
    if bullet is None or bullet.end() == len(cells[0]):
        return cells
    first = cells[0][: found.span[1]].rstrip() + " " + cells[0][bullet.end() :]
    return [first, *cells[1:]]


# A cell holding only a dash: a table's "nobody" or "none", filling a column the row has
# nothing for (a break's speaker).
_PLACEHOLDER_CELL = re.compile(r"^[-–—]{1,3}$")


def _placeholder_cells_emptied(cells: list[str]) -> list[str]:
    """`10:30 – 11:00 | — | Coffee Break`: the dash cell emptied. A dash between two cells
    opening with digits (`9:00 | – | 10:30`) is a range's, and stays."""
    if len(cells) < 2 or not any(_PLACEHOLDER_CELL.match(c) for c in cells):
        return cells
    emptied = list(cells)
    for k, cell in enumerate(cells):
        if not _PLACEHOLDER_CELL.match(cell):
            continue
        before = cells[k - 1] if k > 0 else ""
        after = cells[k + 1] if k + 1 < len(cells) else ""
        if before[-1:].isdigit() and after[:1].isdigit():
            continue
        emptied[k] = ""
    return emptied


def _row_number_dropped(cells: list[str]) -> list[str]:
    """`3 | 9:55 | Title | Speaker`: the row's number before its time says which row it is, not
    what; the row reads from its time on."""
    if len(cells) < 3 or not _ROW_NUMBER.match(cells[0]):
        return cells
    found = find_time_range(cells[1])
    return cells[1:] if found is not None and found.span[0] == 0 else cells


# "Paper", "Keynote", "Journal Talk", "Short papers": what kind of entry a row is, as a table's
# last column prints it beside each entry.
_KIND_CELL = re.compile(
    r"^(?:(?:full|short|long|journal|invited|industry|demo|poster|oral|lightning|spotlight"
    r"|keynote)\s+)?(?:paper|talk|keynote|poster|demo|capstone|panel|tutorial|journal"
    r"|presentation)s?$",
    re.I,
)


def _kind_cell_dropped(cells: list[str]) -> list[str]:
    """`Ana Silva, Bo Li, and Cy Wu | Paper`: a kind column right of the entries says what
    each row is, no part of its title or authors; the row reads without it. A kind after a
    time alone (`11:00 | Keynote`) is the item's title, and stays."""
    filled = [c for c in cells if c]
    if len(filled) < 2 or not _KIND_CELL.match(cells[-1]):
        return cells
    if _lone_clock(filled[-2]) or find_time_range(filled[-2]) is not None:
        return cells
    return cells[:-1]


# "(virtual)", "(online)": how a talk is given, printed on a line of its own.
_MODE_MARK = re.compile(r"^[\[(](?:" + ATTENDANCE_MODES + r")[\])]$", re.I)
# "P1004: In-Person Presentation 1", "Remote Presentation", "LBW12 - Video presentation": how
# a paper is given (maybe after its id, its place in the session after it), as a generated
# session page prints under each paper's authors; it names no talk.
_DELIVERY_LINE = re.compile(
    r"^(?:[A-Za-z]{1,5}\d{1,5}\s*[:.\-–—]\s*)?(?:" + ATTENDANCE_MODES + r"|video|live)\s+"
    r"(?:presentation|talk)(?:\s+\d{1,3})?$",
    re.I,
)


# "https://www.dei.unipd.it/node/2709": a web address alone on its line, printed as it links,
# or after a few words saying where it leads ("Ver programação JAI disponível em: http://…").
_BARE_ADDRESS = re.compile(r"^(?:[^:]{1,60}:\s*)?(?:https?://|www\.)[^\s]+$", re.I)


# "Bring your own laptop", "Apportez votre ordinateur": a hands-on session's practical note.
_LAPTOP_MARK = re.compile(
    r"^[\[(]?(?:please\s+)?(?:bring\s+(?:your\s+)?(?:own\s+)?(?:laptop|computer)|"
    r"(?:a\s+)?laptop\s+(?:is\s+)?(?:required|needed|recommended)|byod|"
    r"apportez\s+votre\s+(?:propre\s+)?(?:ordinateur|portable)(?:\s+portable)?|"
    r"(?:bitte\s+)?(?:eigenen\s+)?laptop\s+mitbringen|"
    r"tra(?:e|iga|er)\s+(?:tu\s+|su\s+)?(?:port[áa]til|computadora|ordenador)(?:\s+port[áa]til)?|"
    r"portare\s+il\s+(?:proprio\s+)?(?:portatile|computer))[.!]?[\])]?$",
    re.I,
)


# "Scan or click QR code to launch", "Scannez le code QR pour rejoindre": the words under an
# online room's QR code, which lead to the room as a link does; they name no entry.
_QR_CODE_NOTE = re.compile(
    r"^(?:please\s+)?(?:scan|click|tap)(?:\s+(?:or|and|/)\s+(?:scan|click|tap))?\s+(?:the\s+|this\s+)?"
    r"qr[\s-]?code\b.{0,40}$|"
    r"^scannez\s+(?:le\s+|ce\s+)?(?:code\s+qr|qr[\s-]?code)\b.{0,40}$",
    re.I,
)


# "Zoom Meeting ID: 778-265-535 (Stream A)", "Passcode: 123456": how to join an online
# session's call, printed under its heading as its link would be; they name no entry.
_MEETING_DETAILS = re.compile(
    r"^(?:(?:zoom|webex|teams|gotomeeting|jitsi)\s+)?(?:(?:meeting|webinar|conference)\s+"
    r"(?:id|number|code)|pass\s?code|meeting\s+password|password|access\s+code|pin)\s*[:#]?\s*"
    r"(?=[\w-]*\d)[\w-]+(?:\s\d[\d-]*){0,3}(?:\s*\([^()]{1,40}\))?$",
    re.I,
)


# "Sessions: 11", "Papers: 23": a schedule app's tally of what its list shows.
_TALLY = re.compile(
    r"^(?:sessions|papers|talks|presentations|posters|speakers|events|items|contributions)"
    r"\s*:\s*\d{1,4}$",
    re.I,
)


# "Drop slides here", "Schedule here", "Click here": a link's words, the link on "here" (in
# lowercase: a title's last word, "The Future Is Here", is capitalised).
_HERE_LINK = re.compile(r"^(?:[^\W\d_][\w'-]*\s+){1,3}here[.!:]?$")


def is_link_line(text: str) -> bool:
    return bool(
        _LINK_LINE.match(text)
        or _HERE_LINK.match(text)
        or _TALLY.match(text)
        or _MODE_MARK.match(text)
        or _DELIVERY_LINE.match(text)
        or _BARE_ADDRESS.match(text)
        or _LAPTOP_MARK.match(text)
        or _QR_CODE_NOTE.match(text)
        or _MEETING_DETAILS.match(text)
    ) or _is_icon(text)


def classify(number: int, raw: str) -> Line:
    """Lex one line (1-based `number`) of raw program text."""
    return _classify_normalised(number, _normalise(raw))


def _is_pictograph(ch: str) -> bool:
    """An emoji or other symbol glyph (not a letter, digit or punctuation; not the signs of
    copyright and trademark, which a footer's words follow)."""
    return ord(ch) >= 0x2190 and ch not in "™℗" and unicodedata.category(ch) in {"So", "Sk"}


# The icons a schedule app sets before the line that names where an item is: a pin, a map, a
# building, a door.
_PLACE_ICONS = frozenset("\U0001f4cd\U0001f4cc\U0001f5fa\U0001f3e2\U0001f3eb\U0001f3db\U0001f6aa")
# The icons a schedule app sets before who gives an item: a speech balloon, a speaking head, a
# bust or two. (A microphone is not among them: cards set it before a session's name too.)
_SPEAKER_ICONS = frozenset("\U0001f4ac\U0001f5e3\U0001f464\U0001f465")
# A line that names its label itself after the icon ("👤 Speaker: A"): no second label.
_SPEAKER_LABEL_OPENS = re.compile(r"^(?:speakers?|presenters?|presented by)\s*:", re.I)
# "3 papers", "12 talks": how many items a session card holds, which its list shows anyway.
_ITEM_COUNT = re.compile(
    r"^\d{1,3}\s+(?:papers?|talks?|presentations?|contributions?|posters?|abstracts?)$", re.I
)


def _icons_stripped(text: str) -> tuple[str, str]:
    """`📍 Rhodes Trust` -> (`📍`, `Rhodes Trust`), `📅 Add to Calendar ▾` -> (`📅`, `Add to
    Calendar`): the icons a label line opens with (and a dropdown's arrow after its words),
    apart from the words they decorate. A line of icons alone, or words without them, stay."""
    i = 0
    while i < len(text) and (_is_pictograph(text[i]) or text[i] in " \ufe0f\u200d"):
        i += 1
    icons = text[:i].strip()
    if not icons or i >= len(text) or not text[i].isalnum() or text[i - 1] != " ":
        return "", text
    rest = text[i:]
    j = len(rest)
    while j > 0 and (_is_pictograph(rest[j - 1]) or rest[j - 1] in " \ufe0f"):
        j -= 1
    if j < len(rest) and rest[j] == " ":
        rest = rest[:j]
    return icons, rest


def _classify_normalised(number: int, text: str) -> Line:
    icons, text = _icons_stripped(text) if not text[:1].isascii() else ("", text)
    if icons and "\t" not in text:
        if (
            any(ch in _PLACE_ICONS for ch in icons)
            and find_time_range(text) is None
            and len(text.split()) <= 10
        ):
            line = Line(number, clean(text), [clean(text)])
            line.kind = LineKind.ROOM  # a pin before a place: where the item is
            return line
        if (
            any(ch in _SPEAKER_ICONS for ch in icons)
            and find_time_range(text) is None
            and not _SPEAKER_LABEL_OPENS.match(text)
        ):
            text = f"Speakers: {text}"  # "💬 A, B": the icon says what "Speakers:" would
        if _ITEM_COUNT.match(text):
            line = Line(number, text, [text])
            line.kind = LineKind.LINK  # "📄 4 papers": the size of the list below
            return line
    if " | " in text and "\t" not in text and pipe_affiliated(text) is None:
        text = text.replace(" | ", "\t")  # "10:30 – 12:00 | Session 3 | Room A": cells too
    text = _trailing_time_first(text)
    cells = _placeholder_cells_emptied(
        [clean(_BULLET.sub("", c.strip())) for c in text.split("\t")]
    )
    item_beside_place = _untimed_item_beside_place(cells)
    if item_beside_place:
        cells = [c for c in cells if c][::-1]  # the item first, its room after it
    cells = _bullet_after_time_dropped(_session_code_after_time(cells))
    cells = _part_of_day_cell_dropped(_time_cell_first(_place_cell_last(cells)))
    cells = _kind_cell_dropped(_end_cell_joined(_row_number_dropped(cells)))
    if len(cells) == 1:
        # A clean cell stays clean without its bullet (the bullet takes its spaces with it).
        flat = _BULLET.sub("", cells[0])
    else:
        flat = clean(_BULLET.sub("", " ".join(cells).strip()))
    line = Line(number, flat, cells)
    if not flat:
        line.kind = LineKind.BLANK
        if "\t" in text:
            line.cells = ["", ""]  # a TAB alone: where a browser's copy starts a row's next cell
        return line
    if flat.lower().rstrip(":") == "title":
        line.kind = LineKind.TITLE_LABEL
        return line
    if _ENTRY_ID.match(flat) or _PAPER_CODE.match(flat):
        line.kind = LineKind.LINK  # "ID: 123 / S12: 1": the entry's reference, not its title
        return line
    if is_link_line(flat):
        line.kind = LineKind.LINK
        return line
    if not any(ch.isalnum() for ch in flat) or _COPYRIGHT.match(flat) or _ICON_LEGEND.match(flat):
        line.kind = LineKind.JUNK
        return line
    non_empty = [c for c in cells if c]
    if len(non_empty) >= 2 and (
        all(c.lower().rstrip(":") in HEADER_WORDS for c in non_empty)
        or (
            (
                non_empty[0].lower().rstrip(":") in ("time", "when", "slot", "hour", "hours")
                or _START_END_HEADER.fullmatch(" ".join(non_empty[:2]).lower())
            )
            and not any(find_time_range(c) for c in non_empty)
        )
    ):
        # "Time | Event", and "Time | Track A (Aula) | Track B" over a timetable's columns;
        # "start | end | activity", its start and end times in columns of their own.
        line.kind = LineKind.TABLE_HEADER
        return line
    meta = META.match(flat)
    if meta:
        found = find_time_range(meta.group("rest"))
        if found and found.span[0] == 0:
            line.kind = LineKind.META
            line.time = found
            return line
    if (
        len(flat) < 120
        and _may_note_zone(flat)
        and ZONE_NOTE.search(flat)
        and (zone_label_in(flat) or (flat.endswith(":") and len(flat.split()) <= 5))
    ):
        # "Times are in CEST", and "Show times in:" over a zone selector the copy left out;
        # "Thursday, July 25 (all times in ACST)" is that day's header
        dated = _day_before_zone_note(flat)
        line.kind = LineKind.ZONE_NOTE if dated is None else LineKind.DAY
        line.day = dated
        return line
    if START_AT.match(flat):
        line.kind = LineKind.START_AT
        return line
    if DURATION.match(flat) and any(ch.isdigit() for ch in flat) and not _HOUR_CLOCK.match(flat):
        line.kind = LineKind.DURATION
        return line
    header = parse_day_header(flat)
    if header:
        line.kind = LineKind.DAY
        line.day = header[0]
        return line
    if may_label_chair(flat) and (CHAIR.match(flat) or chair_label_after(flat)):
        line.kind = LineKind.CHAIR
        return line
    if _UNDECIDED_CHAIR.match(flat):
        line.kind = LineKind.JUNK  # "Chair to be determined": no one to read, no title, no place
        return line
    if LOCATION.match(flat):
        line.kind = LineKind.LOCATION
        return line
    if (
        len(non_empty) == 1
        and (
            ROOM_NAME.match(flat)
            or ROOM_SESSION.match(flat)
            or CJK_ROOM_NAME.match(flat)
            or _BUILDING_ROOM.match(flat)
        )
        and not NUMBERED_SESSION.match(flat)  # "Panel 3 Seminar Room 2": a session, and where
    ):
        line.kind = LineKind.ROOM
        return line
    if _EDITION_HEADING.match(flat):
        line.kind = LineKind.JUNK
        return line
    if len(non_empty) == 1 and names_a_span_of_days(flat):
        # "August 16-17, 2024", "3-5 June 2024": the days of a whole event (an edition's
        # banner, as a page of past editions prints each), no item of the program
        line.kind = LineKind.JUNK
        return line
    found = find_time_range(cells[0] if len(non_empty) > 1 and cells[0] else flat)
    if (
        found
        and len(non_empty) == 1
        and names_a_span_of_days(flat[: found.span[0]] + " " + flat[found.span[1] :])
    ):
        # "16–17/10/2025, 9:00 a.m.–6:30 p.m.": a banner's days and daily hours, no item of
        # the program (whose days come later, a header each)
        line.kind = LineKind.JUNK
        return line
    if found and _is_time_line(flat if not (len(non_empty) > 1 and cells[0]) else cells[0], found):
        line.kind = LineKind.TIME
        line.time = found
        return line
    if (
        item_beside_place
        or SESSION_LABEL.match(flat)
        or (len(non_empty) > 1 and SESSION_LABEL.match(non_empty[0]))
        or (_has_colon(cells[0]) and INLINE_LOCATION.search(cells[0]))
        or (non_empty and find_chair_label(non_empty[0]) and not CHAIR.match(non_empty[0]))
    ):
        line.kind = LineKind.SESSION_HEADER
        return line
    return line


_ZONE_LABEL = re.compile(
    r"\((?P<z>[A-Z]{2,5}(?:\s?[+-]\s?\d{1,2}(?::?\d\d)?)?)\)|\b(?P<w>[A-Z]{2,5})\b"
    r"|\b(?P<u>(?:UTC|GMT)\s?[+-−]\s?\d{1,2}(?::?\d\d)?)"
)


def _may_note_zone(text: str) -> bool:
    """Whether `ZONE_NOTE` can match, cheaply: every note says "time". Only ASCII text is ruled
    out, since ignoring case lets "ı" and "İ" match its "i"."""
    return not text.isascii() or "time" in text.lower()


def _day_before_zone_note(text: str) -> DayExpr | None:
    """The day of `Thursday, July 25 (all times in Adelaide (UTC +9:30))`: a day header whose
    parenthesis says what zone its times are in."""
    cut = text.find("(")
    if cut <= 0 or not ZONE_NOTE.search(text[cut:]):
        return None
    header = parse_day_header(text[:cut].strip())
    return header[0] if header else None


def dated_prefix(before: str) -> str | None:
    """`Tue 9 Dec,`, `Tuesday, 9 December 2025 –`: a day printed before a line's time, as a
    header of its own would print it; the day's words without the separator after them,
    else None."""
    day = before.rstrip(" ,;:|–—-")
    if not day or len(day) > 40 or ":" in day or not any(ch.isdigit() for ch in day):
        # a weekday alone is the caller's; "Lunch:" is no day, nor "Venue & Time: 27 Jan",
        # a field's label
        return None
    return day if parse_day_header(day) else None


def zone_label_in(text: str) -> str | None:
    """The first zone label in `text` that names a known offset ("CEST", "(UTC +2)")."""
    for m in _ZONE_LABEL.finditer(text):
        label = m.group("z") or m.group("w") or m.group("u")
        if label and zone_offset_hours(label) is not None:
            return label
    return None


def _is_time_line(text: str, found: TimeRange) -> bool:
    """A time range that starts its line (after at most a weekday or a short label such as
    `Lunch:`), or one embedded in a session line that also names a chair."""
    before = text[: found.span[0]].strip()
    if not before:
        return True
    if re.fullmatch(r"(?:[A-Za-z]{2,9}\.?,?)", before):  # "Monday,", "Tue"
        return True
    if dated_prefix(before) is not None:  # "Tue 9 Dec, 10:30–12:00 Session 2"
        return True
    if before.endswith(":") and len(before.split()) <= 4:  # "Lunch:", "Coffee Break:"
        return True
    after = text[found.span[1] :]
    return bool(find_chair_label(after)) or not after.strip()


def normalise(raw: str) -> str:
    """A line as the lexer reads it: invisible characters and odd spaces gone, clocks mended."""
    return _normalise(raw)


def numbered_lines(text: str) -> list[tuple[int, str]]:
    """Every line of `text`, normalised, with its number from 1; items run together on one
    line are given a line each (with the same number)."""
    raws = space_aligned_cells(text.splitlines())
    return [
        (number, part) for number, raw in enumerate(raws, start=1) for part in _parts_of_line(raw)
    ]


# Three spaces or more between two words (no-break spaces too), or before a line's first
# word: where a text laid out in columns parts its cells, or leaves its first ones empty.
_COLUMN_GAP = re.compile(r"(?:(?<=\S)|^)[ \u00a0]{3,}(?=\S)")
# A range's dash padded as wide as the columns (`09:30    -    10:00`): one cell still.
_PADDED_RANGE = re.compile(r"(?<=\d)[ \u00a0]+([-–—~]|to)[ \u00a0]+(?=\d)")
# The share of a page's filled lines that must show such gaps for them to be its columns, and
# how many lines must start a cell at the same place for it to be a column's start.
_GAPPED_SHARE = 0.2
_COLUMN_LINES = 3


def _may_gap(raw: str) -> bool:
    """Whether `_COLUMN_GAP` can match, cheaply: a run of three spaces needs two plain ones
    side by side, or a no-break space among them. The pattern's look-behind makes it scan a
    line slowly, and most lines have no gap at all."""
    return "  " in raw or "\u00a0" in raw


def space_aligned_cells(raws: list[str]) -> list[str]:
    """A program laid out in columns by runs of spaces (a plain-text program, a copy from a
    PDF) read with a TAB between its cells, as a browser's copy of a table has them. Only on a
    page without a TAB at all whose lines show such gaps often, and only at the gaps after
    which three lines or more start a cell at the same place: a stray wide space in a title,
    which starts no column, parts nothing."""
    if any("\t" in raw for raw in raws):
        return raws
    ranged = [_PADDED_RANGE.sub(r" \1 ", raw) if "  " in raw else raw for raw in raws]
    gaps = [
        [(m.start(), m.end()) for m in _COLUMN_GAP.finditer(raw)] if _may_gap(raw) else []
        for raw in ranged
    ]
    filled = sum(1 for raw in raws if raw.strip())
    gapped = sum(1 for found in gaps if found)
    if gapped < 3 or gapped < _GAPPED_SHARE * filled:
        return raws  # as they came: no columns, so nothing of them is changed
    starts = Counter(end for found in gaps for _, end in found)

    def column_start(end: int) -> bool:
        return starts[end - 1] + starts[end] + starts[end + 1] >= _COLUMN_LINES

    out = []
    for raw, found in zip(ranged, gaps, strict=True):
        for begin, end in reversed(found):
            if column_start(end):
                raw = raw[:begin] + "\t" + raw[end:]
        out.append(raw)
    return out


# Below this share of lines each followed by a blank one, blank lines are the page's own.
_DOUBLE_SPACED = 0.9


def single_spaced(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """A copy that puts a blank line after every line (a page printing each line as a paragraph
    of its own, a word processor's double spacing) says nothing by those blank lines; only a
    longer run parts anything. Such a copy is read with each run of blanks one shorter, so that
    it reads as the same page printed single-spaced. Other text is returned as it is."""

    def blank(text: str) -> bool:
        return not text.strip() and "\t" not in text  # a lone TAB is a cell's place, not blank

    filled = [k for k, (_, text) in enumerate(lines) if not blank(text)]
    if len(filled) < 8:
        return lines
    apart = sum(1 for a, b in itertools.pairwise(filled) if b - a >= 2)
    if apart < _DOUBLE_SPACED * (len(filled) - 1):
        return lines
    kept: list[tuple[int, str]] = []
    run: list[tuple[int, str]] = []
    for line in lines:
        if blank(line[1]):
            run.append(line)
            continue
        kept.extend(run[1:])
        run = []
        kept.append(line)
    kept.extend(run[1:])
    return kept


# `[spacer height="8px"]`, `[/column]`: a WordPress shortcode that an export left unrendered;
# where it stood the page showed a break (or a box), so the text on each side is a line of
# its own. Only the shortcode shape: a lower-case name with attributes, or a closing tag.
_SHORTCODE = re.compile(
    r"\[(?:[a-z][a-z0-9_-]*(?:\s+[a-z_-]+=(?:\"[^\"\]]*\"|'[^'\]]*'|[^\s\]]+))+\s*/?"
    r"|/[a-z][a-z0-9_-]*)\]"
)


def _parts_of_line(raw: str) -> list[str]:
    if "\t" in raw and not raw.strip():
        return ["\t"]  # a TAB alone: where a browser's copy starts a row's next cell
    pieces = [raw]
    if "[" in raw and _SHORTCODE.search(raw):
        pieces = [p for p in _SHORTCODE.split(raw) if p.strip()]
    return [
        part
        for piece in pieces
        for row in _pipe_table_rows(_normalise(piece))
        for item in _items_run_together(row)
        for part in _place_cell_apart(item)
    ]


def _place_cell_apart(text: str) -> list[str]:
    """`Venue: Senate Hall<TAB>10:00-10:30<TAB>Title`: a cell spanning a session's rows ends with
    where the session is, and a browser's copy runs the first row's cells on after that line.
    The place is a line of its own, over the row's timed cells."""
    if "\t" not in text:
        return [text]
    place, rest = text.split("\t", 1)
    if not LOCATION.match(place.strip()):
        return [text]
    found = find_time_range(rest)
    if found is None or rest[: found.span[0]].strip():
        return [text]
    return [place, rest]


# Between two pipes, where one row of a Markdown table ends and the next begins.
_PIPES = re.compile(r"\|\s*(?=\|)")


def _pipe_table_rows(text: str) -> list[str]:
    """`| 09:30 – 10:30 | Talk | | 10:30 – 11:00 | Coffee |`: the rows of a Markdown table a
    page left unrendered, each its cells joined by TABs as a rendered table's copy has them. A
    browser runs such a paragraph into one line; each row opens with its time cell, so a row
    ends at the pipe before a time."""
    line = text.strip()
    if len(line) < 5 or line[0] != "|" or line[-1] != "|" or "\t" in line:
        return [text]
    starts = [0]
    for pipes in _PIPES.finditer(line, 1, len(line) - 1):
        cell = line[pipes.end() + 1 :]
        found = find_time_range(cell)
        if found is not None and not cell[: found.span[0]].strip():
            starts.append(pipes.start() + 1)
    rows = [line[a:b] for a, b in itertools.pairwise([*starts, len(line)])]
    return ["\t".join(cell.strip() for cell in row.strip()[1:-1].split("|")) for row in rows]


def _items_run_together(text: str) -> list[str]:
    """`Poster Session A 5:00 - 7:30 (2:30 duration) Poster Session B 5:00 - 7:30`: items
    printed one after another on one line, each a title and its time range, as a page's
    paragraphs run together when their line breaks are lost."""
    if "\t" in text or not _DIGIT.search(text):
        return [text]  # `find_time_range` finds no time without a digit
    parts: list[str] = []
    start = 0
    while start < len(text):
        found = find_time_range(text[start:])
        if found is None or found.end is None:
            break
        begin, end = start + found.span[0], start + found.span[1]
        length = _LENGTH_NOTE.match(text, end)
        end = length.end() if length else end
        title = text[start:begin].strip()
        if len(title.split()) < 2 or not title[:1].isupper() or title[-1] in ":-–—,":
            return [text]
        parts.append(text[start:end].strip())
        start = end
    if len(parts) < 2 or text[start:].strip():
        return [text]
    return parts


def lex(text: str) -> list[Line]:
    """Every line of `text`, lexed, numbered from 1."""
    return lex_lines(numbered_lines(text))


def lex_lines(numbered: Iterable[tuple[int, str]]) -> list[Line]:
    """The `numbered_lines`, lexed in the order given, each keeping its own number."""
    lines = _broken_ranges_joined([_classify_normalised(number, text) for number, text in numbered])
    _mark_badges(lines)
    _mark_field_labels(lines)
    _mark_rosters(lines)
    return lines


# "16:40–" alone on its line: a range's start and dash, its end on the line below.
_OPEN_RANGE = re.compile(r"^\d{1,2}[:.h]\d{2}\s*[-–—]$")
_LONE_CLOCK = re.compile(r"^\d{1,2}[:.h]\d{2}$")


def _broken_ranges_joined(lines: list[Line]) -> list[Line]:
    """`16:40–` / `17:00` (a `<br>` after the dash): one range, read on the first line; the
    second is left blank."""
    for index in range(len(lines) - 1):
        first, second = lines[index], lines[index + 1]
        if (
            first.kind is LineKind.TIME
            and second.kind is LineKind.TIME
            and _OPEN_RANGE.match(first.text)
            and _LONE_CLOCK.match(second.text)
        ):
            joined = _classify_normalised(first.number, first.text + second.text)
            if joined.kind is LineKind.TIME:
                lines[index] = joined
                lines[index + 1] = _classify_normalised(second.number, "")
    return lines


# "2024 | 13th ADVANCES IN MACRO-FINANCE CONFERENCE", "22nd Annual Conference", "The 5th
# Workshop on X": the name of one edition of the event, as a page of past editions heads each
# with it; its talks follow, it is none of them.
# "Chair to be determined", "Session chair TBA", "Moderator: to be confirmed": the session's
# chair named as not yet known (a stray emphasis mark the copy kept after it allowed).
_UNDECIDED_CHAIR = re.compile(
    r"^(?:session\s+)?(?:co-?)?(?:chair(?:s|persons?)?|moderators?)\s*[:：]?\s*"
    r"(?:tba|tbd|tbc|to\s+be\s+(?:announced|determined|confirmed))\s*[.*_]?$",
    re.I,
)
_EDITION_HEADING = re.compile(
    r"^(?:(?:19|20)\d\d\s*[|:–—-]?\s*)?(?:the\s+)?\d{1,3}(?:st|nd|rd|th)\s+(?:annual\s+)?"
    r"(?:[\w’'&,.-]+\s+){0,6}?(?:conference|workshop|symposium|meeting|congress|colloquium)"
    r"(?:\s+(?:on|of|in|for)\s+\S.{0,60})?$",
    re.I,
)
# "Local Committee:", "Organizing Committee", "Programme committee:": a heading over the list of
# who organises the meeting, a person a line (`Ana Silva, University of Porto`, `Bo Li
# (co-chair), ETH Zurich`), printed among a program's items; it names no talk. So is a
# qualified list of who attends ("2025 Conference Participants", "List of attendees"); a bare
# "Participants:" is a panel's label over its speakers, and stays.
_ROSTER_HEADING = re.compile(
    r"^(?:(?:[^\W\d_]+\s+){0,3}(?:committee|organi[sz]ers|organi[sz]ing\s+team)\s*[:：]?|"
    r"(?:[\w’'.-]+\s+){1,3}(?:participants|attendees))$",
    re.I,
)
# A roster's line: a name (maybe its role in parentheses), a comma, where the person works.
_ROSTER_ENTRY = re.compile(
    r"^(?P<name>[^\W\d_][^,()]{1,40}?)(?:\s*\([^()]{1,20}\))?,\s+(?P<place>\S.*)$"
)
# Or the name inverted, a spaced dash before the place (`Akoglu, Leman – Carnegie Mellon
# University`, `Li, Chen – NYU – Shanghai`): a shape only a list of people prints, whatever the
# place is called.
_INVERTED_ROSTER_ENTRY = re.compile(
    r"^[^\W\d_][^,()–—]{0,40}?,\s+[^\W\d_][^,()–—]{0,30}?\s+[–—]\s+\S.*$"
)


def _mark_rosters(lines: list[Line]) -> None:
    """The heading and lines of a roster of organisers or attendees (two people at least, one a
    line, each working at an institution or printed `Surname, Given – Place`) are no entries of
    the program."""
    for index, line in enumerate(lines):
        if line.kind is not LineKind.TEXT or not _ROSTER_HEADING.match(line.text):
            continue
        at = index + 1
        while at < len(lines) and lines[at].kind is LineKind.BLANK:
            at += 1
        entries: list[Line] = []
        while at < len(lines) and lines[at].kind is LineKind.TEXT:
            text = lines[at].text
            entry = _ROSTER_ENTRY.match(text)
            if not _INVERTED_ROSTER_ENTRY.match(text) and (
                entry is None or not names_an_institution(entry.group("place"))
            ):
                break
            entries.append(lines[at])
            at += 1
        if len(entries) >= 2:
            for roster_line in (line, *entries):
                roster_line.kind = LineKind.JUNK


_BADGE_SHAPE = re.compile(r"^[\w&.+/\-]{1,10}(?: [\w&.+/\-]{1,10}){0,1}$")
# "Late Breaking Work and Case Studies Track": the track a paper belongs to, printed under each
# paper as a short badge (`Paper Track`) is, however many words it takes.
_TRACK_BADGE = re.compile(r"^(?:[^\W\d_][\w&'’/-]*\s+){1,7}track$", re.I)


def _mark_badges(lines: list[Line]) -> None:
    """Short tokens repeated all over a page (`REG`, `EA&B`, `VLDB J.`, `Group 1`) are badges
    printed beside entries, not titles: a decision only the whole page can make."""
    counts: dict[str, int] = {}
    # Whether every time the line is printed an institution is the next line: then it is a
    # person, one author of several papers ("Ana Silva" / "Uni A"), not a badge.
    above_institutions: dict[str, bool] = {}
    for index, line in enumerate(lines):
        if line.kind is LineKind.TEXT and (
            _BADGE_SHAPE.match(line.text) or _TRACK_BADGE.match(line.text)
        ):
            counts[line.text] = counts.get(line.text, 0) + 1
            below = next((b for b in lines[index + 1 :] if b.kind is not LineKind.BLANK), None)
            above_institutions[line.text] = above_institutions.get(line.text, True) and (
                below is not None
                and below.kind is LineKind.TEXT
                and not _is_acronym(line.text)
                and names_an_institution(below.text)
                and not names_an_institution(line.text)
            )
    # ... and the institution below such a name, wherever it is printed, is theirs.
    below_people: dict[str, bool] = {}
    for index, line in enumerate(lines):
        if line.kind is LineKind.TEXT and line.text in counts:
            above = next((a for a in reversed(lines[:index]) if a.kind is not LineKind.BLANK), None)
            below_people[line.text] = below_people.get(line.text, True) and (
                above is not None
                and above_institutions.get(above.text, False)
                and names_an_institution(line.text)
            )
    for line in lines:
        if (
            line.kind is LineKind.TEXT
            and counts.get(line.text, 0) >= (2 if _is_acronym(line.text) else 3)
            and not _is_wordlike(line.text)
            and not _is_break(line.text)
            and not above_institutions.get(line.text, False)
            and not below_people.get(line.text, False)
            # "Time" / "10:05 - 10:15" under every paper: a field's name, its value below.
            and line.text.rstrip(":：").strip().lower() not in _FIELDS
        ):
            line.kind = LineKind.LINK


def _is_break(text: str) -> bool:
    """`Tea break`, `Coffee Break`: a break repeated through the days, never a badge."""
    return classify_kind(text, paper_count=0) is SessionKind.BREAK


def _is_acronym(text: str) -> bool:
    """`VIS`, `SDS`, `EA&B`: an upper-case tag of a few letters."""
    return len(text) <= 6 and text.upper() == text and any(ch.isalpha() for ch in text)


def _is_wordlike(text: str) -> bool:
    """`Lunch`, `Break`, `Keynote`, `Кофе-брейк`: a short title a program may well repeat
    (a hyphen may join its words)."""
    letters = text.replace("-", "")
    return text[:1].isupper() and letters[1:].islower() and letters.isalpha() and len(letters) > 4


# Conference systems print each field's name on its own line and its value below it
# ("Session" / "1.1: Climate Policy", "Time:" / the date / the time, "Ort:" / "HS 1").
_SESSION_FIELD = frozenset("session track sitzung sektion séance sesión sessione".split())
_ROOM_FIELD = frozenset("location room venue where ort raum saal salle lieu sala".split())
_BARE_FIELD = frozenset(
    "time times date when zeit datum heure hora presentations papers talks contributions"
    " beiträge vorträge présentations ponencias".split()
)


_ROOM_DETAIL = re.compile(
    r"\b(?:" + ROOM_WORDS + r"|floor|building|level|wing|etage|stock|geschoss|bâtiment|étage)\b",
    re.I,
)
_FIELDS = _SESSION_FIELD | _ROOM_FIELD | _BARE_FIELD


def _mark_field_labels(lines: list[Line]) -> None:
    above: Line | None = None  # the last non-blank line before this one
    for index, line in enumerate(lines):
        previous, above = above, (line if line.kind is not LineKind.BLANK else above)
        if line.kind is not LineKind.TEXT or len([c for c in line.cells if c]) != 1:
            continue
        if (
            previous is not None
            and previous.kind is LineKind.LOCATION
            and _ROOM_DETAIL.search(line.text)
        ):
            line.kind = LineKind.LABEL  # "Location: HS 1" / "Lecture Hall 1, Ground floor"
            continue
        name = line.text.rstrip(":：").strip().lower()
        if name not in _FIELDS:
            continue
        below = next(
            (lines[j] for j in range(index + 1, len(lines)) if lines[j].kind is not LineKind.BLANK),
            None,
        )
        if name in _BARE_FIELD:
            line.kind = LineKind.LABEL
        elif below is not None and below.kind is LineKind.TEXT:
            line.kind = LineKind.LABEL
            below.kind = LineKind.SESSION_HEADER if name in _SESSION_FIELD else LineKind.ROOM
