"""Times, time ranges, zone labels and day headers as printed in conference programs."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, time, timedelta

from bot.model import SessionKind
from bot.parsing.calendar_names import CLDR_MONTHS, CLDR_WEEKDAYS
from bot.parsing.kinds import classify_kind
from bot.parsing.wordtrie import first_characters, word_alternation

# The names below are the ones seen in programs, unaccented and abbreviated spellings among
# them; the CLDR's names of many more languages (bot.parsing.calendar_names) fill in the rest.
_PRINTED_WEEKDAYS = {
    name: index
    for index, names in enumerate(
        (
            # English, then German, French, Spanish, Italian, Dutch, Portuguese, Polish, Czech,
            # Russian, Turkish: programs print their own.
            (
                "monday",
                "mon",
                "montag",
                "lundi",
                "lunes",
                "lunedì",
                "lunedi",
                "maandag",
                "segunda-feira",
                "poniedziałek",
                "pondělí",
                "понедельник",
                "pazartesi",
            ),
            (
                "tuesday",
                "tue",
                "tues",
                "dienstag",
                "mardi",
                "martes",
                "martedì",
                "martedi",
                "dinsdag",
                "terça-feira",
                "terca-feira",
                "wtorek",
                "úterý",
                "вторник",
                "salı",
            ),
            (
                "wednesday",
                "wed",
                "mittwoch",
                "mercredi",
                "miércoles",
                "miercoles",
                "mercoledì",
                "mercoledi",
                "woensdag",
                "quarta-feira",
                "środa",
                "středa",
                "среда",
                "çarşamba",
            ),
            (
                "thursday",
                "thu",
                "thur",
                "thurs",
                "donnerstag",
                "jeudi",
                "jueves",
                "giovedì",
                "giovedi",
                "donderdag",
                "quinta-feira",
                "czwartek",
                "čtvrtek",
                "четверг",
                "perşembe",
            ),
            (
                "friday",
                "fri",
                "freitag",
                "vendredi",
                "viernes",
                "venerdì",
                "venerdi",
                "vrijdag",
                "sexta-feira",
                "piątek",
                "pátek",
                "пятница",
                "cuma",
            ),
            (
                "saturday",
                "sat",
                "samstag",
                "samedi",
                "sábado",
                "sabato",
                "zaterdag",
                "sobota",
                "суббота",
                "cumartesi",
            ),
            (
                "sunday",
                "sun",
                "sonntag",
                "dimanche",
                "domingo",
                "domenica",
                "zondag",
                "niedziela",
                "neděle",
                "воскресенье",
                "pazar",
            ),
        )
    )
    for name in names
}
_PRINTED_MONTHS = {
    name: index + 1
    for index, names in enumerate(
        (
            # Then Portuguese, Polish, Czech and Russian as a date prints them (genitive), Turkish.
            (
                "january",
                "jan",
                "januar",
                "janvier",
                "enero",
                "gennaio",
                "januari",
                "janeiro",
                "stycznia",
                "ledna",
                "января",
                "ocak",
            ),
            (
                "february",
                "feb",
                "februar",
                "février",
                "fevrier",
                "febrero",
                "febbraio",
                "februari",
                "fevereiro",
                "lutego",
                "února",
                "февраля",
                "şubat",
            ),
            (
                "march",
                "mar",
                "märz",
                "maerz",
                "mars",
                "marzo",
                "maart",
                "março",
                "marca",
                "března",
                "марта",
                "mart",
            ),
            ("april", "apr", "avril", "abril", "aprile", "kwietnia", "dubna", "апреля", "nisan"),
            ("may", "mai", "mayo", "maggio", "mei", "maio", "maja", "května", "мая", "mayıs"),
            (
                "june",
                "jun",
                "juni",
                "juin",
                "junio",
                "giugno",
                "junho",
                "czerwca",
                "června",
                "июня",
                "haziran",
            ),
            (
                "july",
                "jul",
                "juli",
                "juillet",
                "julio",
                "luglio",
                "julho",
                "lipca",
                "července",
                "июля",
                "temmuz",
            ),
            (
                "august",
                "aug",
                "août",
                "aout",
                "agosto",
                "augustus",
                "sierpnia",
                "srpna",
                "августа",
                "ağustos",
            ),
            (
                "september",
                "sep",
                "sept",
                "septembre",
                "septiembre",
                "settembre",
                "setiembre",
                "setembro",
                "września",
                "září",
                "сентября",
                "eylül",
            ),
            (
                "october",
                "oct",
                "oktober",
                "octobre",
                "octubre",
                "ottobre",
                "okt",
                "outubro",
                "października",
                "října",
                "октября",
                "ekim",
            ),
            (
                "november",
                "nov",
                "novembre",
                "noviembre",
                "novembro",
                "listopada",
                "listopadu",
                "ноября",
                "kasım",
            ),
            (
                "december",
                "dec",
                "dezember",
                "décembre",
                "decembre",
                "diciembre",
                "dicembre",
                "dez",
                "dezembro",
                "grudnia",
                "prosince",
                "декабря",
                "aralık",
            ),
        )
    )
    for name in names
}
WEEKDAYS = {**CLDR_WEEKDAYS, **_PRINTED_WEEKDAYS}
MONTHS = {**CLDR_MONTHS, **_PRINTED_MONTHS}

# Common zone abbreviations and their UTC offsets in hours; used to check a printed label
# against the configured IANA zone and to guess a zone when none is configured.
ZONE_OFFSETS: dict[str, float] = {
    "UTC": 0,
    "GMT": 0,
    "WET": 0,
    "WEST": 1,
    "BST": 1,
    "CET": 1,
    "CEST": 2,
    "EET": 2,
    "EEST": 3,
    "MSK": 3,
    "IST": 5.5,
    "SGT": 8,
    "HKT": 8,
    "AWST": 8,
    "JST": 9,
    "KST": 9,
    "ACST": 9.5,
    "AEST": 10,
    "AEDT": 11,
    "NZST": 12,
    "NZDT": 13,
    "HST": -10,
    "AKST": -9,
    "AKDT": -8,
    "PST": -8,
    "PDT": -7,
    "MST": -7,
    "MDT": -6,
    "CST": -6,
    "CDT": -5,
    "EST": -5,
    "EDT": -4,
    "AST": -4,
    "ADT": -3,
    "BRT": -3,
    "ART": -3,
}
# A representative IANA zone for a label, for programs whose zone was not configured.
ZONE_NAMES: dict[str, str] = {
    "UTC": "UTC",
    "GMT": "Europe/London",
    "BST": "Europe/London",
    "WET": "Europe/Lisbon",
    "WEST": "Europe/Lisbon",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "EET": "Europe/Athens",
    "EEST": "Europe/Athens",
    "MSK": "Europe/Moscow",
    "IST": "Asia/Kolkata",
    "SGT": "Asia/Singapore",
    "HKT": "Asia/Hong_Kong",
    "JST": "Asia/Tokyo",
    "KST": "Asia/Seoul",
    "AEST": "Australia/Sydney",
    "AEDT": "Australia/Sydney",
    "NZST": "Pacific/Auckland",
    "NZDT": "Pacific/Auckland",
    "HST": "Pacific/Honolulu",
    "PST": "America/Los_Angeles",
    "PDT": "America/Los_Angeles",
    "MST": "America/Denver",
    "MDT": "America/Denver",
    "CST": "America/Chicago",
    "CDT": "America/Chicago",
    "EST": "America/New_York",
    "EDT": "America/New_York",
}

_ZONE_ALT = "|".join(sorted(ZONE_OFFSETS, key=len, reverse=True))
# "AMStorage" (run-together cells) still ends the meridiem; "amber" does not start one.
# and "9:10a" / "12:30p", the bare letter glued to a clock's minutes.
_MERIDIEM = r"(?:[ap]\.?\s?m\.?|(?<=[:.]\d\d)[ap])(?-i:(?![a-z]))"
_CLOCK = (
    r"(?P<{p}h>[01]?\d|2[0-3])"
    # "14:30", "14h30", "14u30" (Dutch), "14h30min" (Portuguese), and "14h" alone
    r"(?:(?:[:.hu])(?P<{p}m>[0-5]\d)(?:(?<=h\d\d)min)?|(?P<{p}hour>h))?"
    r"(?:\s*(?P<{p}ampm>" + _MERIDIEM + r"))?"
    r"(?:\s?(?:Uhr|hrs?|horas?|hs|h)(?![\w]))?"  # "9:00 Uhr", "9:00 h", "9.30 hrs"
    r"(?:\s*(?P<{p}zone>(?:" + _ZONE_ALT + r")(?:\s?[+-]\s?\d{{1,2}}(?::?\d\d)?)?))?"
    r"(?![\w]|:\d)"
)
# Also "8:00 às 8:30", "10:00 a 11:30", "dalle 9 alle 10", "9:00 tot 10:00", "od 9:00 do 10:00",
# "9:00 bis 10:30 Uhr", "9h00 à 10h00", "9:00 til 10:00", "9:00 до 10:00" (the word only
# before a clock), and "9:00〜10:00" / "9:00至10:00".
_SEPARATOR = (
    r"\s*(?:(?:às|as|a|à|al|hasta|alle|tot|do|bis|til|до)(?=\s*[012]?\d(?:[:.h]\d|h(?!\w)))"
    # "14:15– to 15:00": a dash, then a word for screen readers only; one separator when a
    # clock follows.
    r"|(?:-{1,2}|–|—)\s*(?:to|until|till)(?=\s*[012]?\d)"
    # "15.00 Todd Mei": a word separator is no separator when a word goes on from it.
    r"|-{1,2}|–|—|~|〜|～|至|(?:to|until|till)(?![^\W\d_])|→)\s*"
)
TIME_RANGE = re.compile(
    # not inside a word or a number, though an East Asian word may touch it ("上午9:00")
    r"(?<![:./-])(?<!(?![\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])\w)"
    + _CLOCK.format(p="s")
    + r"(?:"
    + _SEPARATOR
    + r"(?:"
    + _CLOCK.format(p="e")
    + r"(?:\s*[-–—])?)?"
    + r"|(?=\s*$))",
    re.I,
)
# A start time opening a line, the item's name after it ("09:30 Opening remarks",
# "9.00 Uhr Begrüßung"): minutes or a meridiem make it a clock.
_LEADING_START = re.compile(
    r"^\s*(?P<clock>(?P<h>[01]?\d|2[0-3])(?:(?:[:.h])(?P<m>[0-5]\d)(?:(?<=h\d\d)min)?"
    r"(?:\s*(?P<ampm>"
    + _MERIDIEM
    + r"))?|h|\s*(?P<ampm2>"
    + _MERIDIEM
    + r"))(?:\s?(?:Uhr|hrs?|horas?|hs|h)(?![\w]))?)"
    # A capital, a quote or a bracket next: not "2.05 release", "3.50 euros"; a colon may
    # come between ("8:35 AM: Meet at the desk", "7 PM : Welcome reception").
    r"(?-i:(?=\s*(?::\s|\s)\s*[A-ZÀ-Ý\"“«(\[]))",
    re.I,
)
# "19:30: workshop dinner!": a clock with its colon-minutes, then a colon and the item, which
# may start in lower case (a colon after the minutes is no decimal's or ratio's).
_LEADING_START_COLON = re.compile(
    r"^\s*(?P<clock>(?P<h>[01]?\d|2[0-3]):(?P<m>[0-5]\d))\s?:\s+(?=[^\W\d_])"
)
# "11.00 coffee", "13.00 lunch": a clock, then a break or a meal in lower case, as pages that
# set breaks in italics print them; only such words, not "2.05 release notes".
_LEADING_START_LOWER = re.compile(
    r"^\s*(?P<clock>(?P<h>[01]?\d|2[0-3])[:.h](?P<m>[0-5]\d))\s+(?=[a-zß-ÿ])"
)
_MOST_BREAK_WORDS = 4
# Full-width digits, colon, stop and hyphen (East Asian pages), and the figure dash, minus sign
# and horizontal bar, as the plain characters the patterns know.
_AS_ASCII_CLOCK = str.maketrans(
    {**{chr(0xFF10 + d): str(d) for d in range(10)}, "：": ":", "．": ".", "－": "-"}
    | {"‒": "-", "−": "-", "―": "-"}
)
# A word for the morning or the afternoon right before a clock: 上午/下午 (Chinese),
# 午前/午後 (Japanese), 오전/오후 (Korean).
_CJK_MERIDIEM = re.compile(r"(?:(?P<am>上午|午前|오전)|(?P<pm>下午|午後|오후))\s*$")
_UTC_OFFSET = re.compile(r"\b(?:UTC|GMT)\s?([+-−])\s?(\d{1,2})(?::?(\d\d))?\b", re.I)


@dataclass(frozen=True, slots=True)
class TimeRange:
    start: time
    end: time | None
    zone_label: str | None
    span: tuple[int, int]


_DIGIT = re.compile(r"\d")


def _clock(hour: str, minute: str | None, ampm: str | None) -> time | None:
    h = int(hour)
    m = int(minute) if minute else 0
    if ampm:
        pm = ampm.lower().startswith("p")
        if not 1 <= h <= 12:
            return None
        h = h % 12 + (12 if pm else 0)
    return time(h, m)


def _names_a_break(text: str) -> bool:
    rest = text.strip()
    return len(rest.split()) <= _MOST_BREAK_WORDS and classify_kind(rest, paper_count=0) in (
        SessionKind.BREAK,
        SessionKind.SOCIAL,
    )


def find_time_range(text: str) -> TimeRange | None:
    """The first time or time range in `text`, e.g. `9:00 AM CEST – 10:00 AM CEST`,
    `13:30-15:10`, `19:00-` (open end), `10:30 - 11:30 AM` (meridiem only at the end),
    `１０：００～１１：３０`, `下午2:00-3:30` (afternoon).

    A lone number is not a time: it needs minutes, a meridiem, or a range partner with them.
    """
    if ("oon" in text or "ight" in text) and _NOON_OR_MIDNIGHT.search(text):
        return _with_noon_as_clock(text)
    if not _DIGIT.search(text):
        return None  # every clock has an hour's digits; most lines have none
    if not text.isascii():
        text = text.translate(_AS_ASCII_CLOCK)  # one character for one: the spans stay
    found = _find_time_range(text)
    if found is not None and found.span[1] < len(text) and "ime" in text:
        found = _with_a_spelled_zone(text, found)
    if found is None or text.isascii():
        return found
    return _after_a_meridiem_word(text, found)


# "12PM to 1:30PM Eastern Time (9AM to 10:30AM Pacific Time)": a zone spelled out after the
# time, maybe the same time in another zone in parentheses: all of it says when, none what.
_SPELLED_ZONE = re.compile(
    r"\s*(?:(?:Eastern|Central|Mountain|Pacific|Atlantic|Alaska|Hawaii|Greenwich|"
    r"(?:Western|Central|Eastern)\s+European|British|Irish|Indian|Japan|China|Korea|"
    r"Australian\s+(?:Eastern|Central|Western))\s+(?:(?:Standard|Daylight|Summer)\s+)?Time|"
    r"Coordinated\s+Universal\s+Time)"
    r"(?:\s*\((?=[^()]*\d)[^()]*\bTime\)|\s*\((?=[^()]*\d)[^()]*\b[A-Z]{1,4}T\))?"
)


def _with_a_spelled_zone(text: str, found: TimeRange) -> TimeRange:
    """`found` with its span taking in a spelled-out zone printed right after it."""
    m = _SPELLED_ZONE.match(text, found.span[1])
    if m is None:
        return found
    return TimeRange(found.start, found.end, found.zone_label, (found.span[0], m.end()))


# "Noon – 1:30 PM", "11:30 AM – 12 noon", "midnight": twelve o'clock by name.
_NOON_OR_MIDNIGHT = re.compile(
    r"(?<![\w:])(?:12(?::00)?\s?)?(?P<noon>noon)\b|(?<![\w:])(?:12(?::00)?\s?)?midnight\b", re.I
)


def _with_noon_as_clock(text: str) -> TimeRange | None:
    """`find_time_range` of a line naming noon or midnight: each name read as its clock,
    padded to the name's length so that the span stays where the line prints the time."""
    named = list(_NOON_OR_MIDNIGHT.finditer(text))
    for m in named:
        meridiem = "pm" if m.group("noon") else "am"
        clock = f"12:00{meridiem}" if len(m.group(0)) >= 7 else f"12{meridiem}"
        text = text[: m.start()] + clock.ljust(len(m.group(0))) + text[m.end() :]
    found = find_time_range(text)
    if found is None:
        return None
    start, end = found.span
    for m in named:  # the span takes in the whole name, not only its clock's characters
        if m.start() <= end <= m.end():
            end = m.end()
    return TimeRange(found.start, found.end, found.zone_label, (start, end))


def _after_a_meridiem_word(text: str, found: TimeRange) -> TimeRange:
    """`下午2:00-3:30`, `오후 2:00`: a 12-hour clock after an East Asian word for the morning or
    the afternoon, the word part of the time."""
    before = _CJK_MERIDIEM.search(text, 0, found.span[0])
    if before is None:
        return found

    def afternoon(clock: time) -> time:
        return clock.replace(hour=clock.hour + 12) if 1 <= clock.hour <= 11 else clock

    start, end = found.start, found.end
    if before.group("pm") is not None:
        start, end = afternoon(start), afternoon(end) if end is not None else None
    return TimeRange(start, end, found.zone_label, (before.start(), found.span[1]))


# "15:00:16:00 Visit ...": two clocks run together by a colon typed for the range's dash.
_COLON_FOR_DASH = re.compile(
    r"^(?P<sh>\d{1,2}):(?P<sm>\d{2}):(?P<eh>\d{1,2}):(?P<em>\d{2})(?=\s|$)"
)


def _find_time_range(text: str) -> TimeRange | None:
    typo = _COLON_FOR_DASH.match(text) if text[:1].isdigit() else None
    if typo is not None:
        start = _clock(typo.group("sh"), typo.group("sm"), None)
        end = _clock(typo.group("eh"), typo.group("em"), None)
        if start is not None and end is not None and start < end:
            return TimeRange(start, end, None, typo.span())
    leading = _LEADING_START.match(text) or _LEADING_START_COLON.match(text)
    first = TIME_RANGE.search(text)
    if leading and (first is None or first.start() > 0):
        # "09:30 Opening remarks": a start time, then the item, on one line.
        groups = leading.groupdict()
        ampm = groups.get("ampm") or groups.get("ampm2")
        start = _clock(leading.group("h"), leading.group("m"), ampm)
        if start is not None:
            return TimeRange(start, None, None, (leading.start("h"), leading.end("clock")))
    if leading is None and (first is None or first.start() > 0):
        lower = _LEADING_START_LOWER.match(text)
        if lower is not None and _names_a_break(text[lower.end() :]):
            start = time(int(lower.group("h")), int(lower.group("m")))
            return TimeRange(start, None, None, (lower.start("h"), lower.end("clock")))
    for match in TIME_RANGE.finditer(text):
        g = match.groupdict()
        start_clock = g["sm"] or g["shour"]
        end_clock = g["em"] or g["ehour"]
        if not (start_clock or end_clock or g["sampm"] or g["eampm"]):
            continue  # "2025 - 2026", "Session 1-2": no clock
        if not start_clock and not g["sampm"] and g["eh"] is None:
            continue
        start_ampm = g["sampm"]
        end_ampm = g["eampm"]
        if end_ampm and not start_ampm and g["eh"] is not None:
            start = _clock(g["sh"], g["sm"], end_ampm)
            end = _clock(g["eh"], g["em"], end_ampm)
            if start and end and start > end:
                other = "am" if end_ampm.lower().startswith("p") else "pm"
                start = _clock(g["sh"], g["sm"], other)
        else:
            start = _clock(g["sh"], g["sm"], start_ampm)
            end = _clock(g["eh"], g["em"], end_ampm) if g["eh"] is not None else None
        if start is None or _numbers_a_place(text, match):
            continue
        zone = g["ezone"] or g["szone"]
        return TimeRange(start, end, zone.upper().replace(" ", "") if zone else None, match.span())
    return _colonless_range(text)


# "Room 1.09", "Hall 2.15", "Raum 3.10", "floor 4.05": the word of a place right before.
_PLACE_BEFORE = re.compile(
    r"\b(?:rooms?|hall|halls|sala|aula|raum|salle|saal|zaal|building|bldg|floor|level|lab|"
    r"office|booth|stand|gate)\.?\s*$",
    re.I,
)


def _numbers_a_place(text: str, match: re.Match[str]) -> bool:
    """A lone dotted number after a place word ("Room 1.09") is the place's number, as many
    universities number rooms by building and room: no clock, whose minutes it would fake."""
    g = match.groupdict()
    lone_dotted = (
        g["eh"] is None
        and not g["sampm"]
        and not g["szone"]
        and g["sm"] is not None
        and text[match.start("sm") - 1] == "."
    )
    return lone_dotted and _PLACE_BEFORE.search(text, 0, match.start()) is not None


# "1300 - 1400", "0930-1030": a range of 24-hour clocks written without a colon, as military
# and some European programs print them; only as the line's (or cell's) first words.
_COLONLESS_RANGE = re.compile(
    r"^\s*(?P<sh>[01]\d|2[0-3])(?P<sm>[0-5]\d)\s*[-–—]\s*(?P<eh>[01]\d|2[0-3])(?P<em>[0-5]\d)(?!\d)"
)


# "1830 -": a colonless clock and a dash with nothing after, as a table's last row prints an
# open end; only as a whole cell, since inside a line "1900 - the first congress" is a year.
_COLONLESS_OPEN_START = re.compile(r"^\s*(?P<sh>[01]\d|2[0-3])(?P<sm>[0-5]\d)\s*[-–—]\s*$")


def _colonless_range(text: str) -> TimeRange | None:
    m = _COLONLESS_RANGE.match(text)
    if m is None:
        open_start = _COLONLESS_OPEN_START.match(text)
        if open_start is None:
            return None
        start = time(int(open_start["sh"]), int(open_start["sm"]))
        return TimeRange(start, None, None, (open_start.start("sh"), open_start.end()))
    start = time(int(m["sh"]), int(m["sm"]))
    end = time(int(m["eh"]), int(m["em"]))
    if end <= start or all(
        1900 <= int(m[h] + m[mi]) <= 2099 for h, mi in (("sh", "sm"), ("eh", "em"))
    ):
        return None  # "2017 - 2018", "1995-2005": years, not clocks
    return TimeRange(start, end, None, (m.start("sh"), m.end()))


def zone_offset_hours(label: str) -> float | None:
    """UTC offset a zone label stands for: `CEST` -> 2, `UTC+2` -> 2, `GMT-03:30` -> -3.5."""
    m = _UTC_OFFSET.search(label)
    if m:
        sign = -1 if m.group(1) in "-−" else 1
        return sign * (int(m.group(2)) + int(m.group(3) or 0) / 60)
    base = re.match(r"[A-Za-z]+", label)
    if base and base.group(0).upper() in ZONE_OFFSETS:
        return ZONE_OFFSETS[base.group(0).upper()]
    return None


# --- dates and day headers -------------------------------------------------------------------

_WEEKDAY_ALT = word_alternation(WEEKDAYS)
_MONTH_ALT = word_alternation(MONTHS)


def _vocabulary_key(word: str) -> str:
    """A printed day or month name as the tables are looked up: lower case, with Turkish
    capitals folded (`PAZARTESİ` lowers to a dotted `i̇`, `SALI` to an `i` that `salı` lacks),
    which `re.I` matches but `str.lower` does not give back."""
    key = word.lower()
    if key.isascii():
        return key
    return key.replace("i\u0307", "i").replace("ı", "i")


_WEEKDAY_BY_KEY = {_vocabulary_key(name): index for name, index in WEEKDAYS.items()}
_MONTH_BY_KEY = {_vocabulary_key(name): index for name, index in MONTHS.items()}
_ORD = r"(?:st|nd|rd|th|\.(?=\s))?"  # "1st", and "4. September" as German prints it
_DATE_FORMS = (
    # April 1, 2025 / April 1st / Apr. 1
    re.compile(
        first_characters(MONTHS)
        + r"\b(?P<mon>"
        + _MONTH_ALT
        + r")\.?\s+(?P<d>[0-3]?\d)"
        + _ORD
        + r"\b(?:,?\s+(?P<y>(?:19|20)\d\d))?",
        re.I,
    ),
    # 31st March 2025 / 1 April / 1 de octubre del 2014 (Spanish and Portuguese join the
    # year with "de" or "del" too)
    re.compile(
        r"\b(?P<d>[0-3]?\d)"
        + _ORD
        + r"\s+(?:of\s+|de\s+)?(?P<mon>"
        + _MONTH_ALT
        + r")\b\.?(?:,?\s+(?:del?\s+)?(?P<y>(?:19|20)\d\d))?",
        re.I,
    ),
    # 04/Sept/2024, 4-Sep-2024 (as conference systems print dates)
    re.compile(
        r"\b(?P<d>[0-3]?\d)[/\-](?P<mon>" + _MONTH_ALT + r")\.?[/\-](?P<y>(?:19|20)\d\d)\b", re.I
    ),
    # 2025-04-01, and 2015/06/01 or 2015.06.01 (year first, as START and East Asian pages print)
    re.compile(r"\b(?P<y>(?:19|20)\d\d)(?P<sep>[-/.])(?P<m>[01]?\d)(?P=sep)(?P<d>[0-3]?\d)\b"),
    # 23/04/2024, 23.04.2024 (day first, as everywhere but the US; a month > 12 swaps them)
    re.compile(r"\b(?P<d>[0-3]?\d)[/.](?P<m>[01]?\d)[/.](?P<y>(?:19|20)?\d\d)\b"),
    # 2025年6月26日, 6月26日 (Japanese, Chinese), 6월 26일 (Korean)
    re.compile(
        r"(?:(?P<y>(?:19|20)\d\d)\s*[年년]\s*)?(?<!\d)(?P<m>[01]?\d)\s*[月월]\s*(?P<d>[0-3]?\d)\s*[日일号]"
    ),
)
# "6月26日（木）", "木曜日", "星期四", "목요일": East Asian weekdays, Monday first; a lone
# character only in brackets, where it cannot be part of a word.
_CJK_WEEKDAYS = ("月火水木金土日", "一二三四五六日", "월화수목금토일")
_CJK_WEEKDAY = re.compile(
    r"[(（]\s*(?P<a>[月火水木金土日월화수목금토일])(?:曜日?|요일)?\s*[)）]"
    r"|(?P<b>[月火水木金土日])曜日?|(?P<c>[월화수목금토일])요일"
    r"|(?:星期|週|周|礼拜|禮拜)(?P<d>[一二三四五六日天])"
)
# "Monday (9/4)": a day and month without a year, read only beside a weekday (alone it could
# be a fraction or a score); which comes first is settled by the weekday once the year is known.
# German pages print it day first with stops ("Mi, 11.09."), the stop after the month making
# it no decimal or clock.
_YEARLESS_NUMERIC = re.compile(
    r"(?<![\d/.])(?P<d>[0-3]?\d)(?:/(?P<m>[01]?\d)(?![\d/])|\.(?P<dm>[01]?\d)\.(?!\d))"
)
_WEEKDAY = re.compile(first_characters(WEEKDAYS) + r"\b(?P<wd>" + _WEEKDAY_ALT + r")\b\.?", re.I)
_DAY_PREFIX = re.compile(r"^\s*day\s*(?P<n>\d{1,2})\b\s*[:.\-–—]?\s*", re.I)
# "1st day of Conference", "Second day of the workshop", "Last day": an ordinal day of the
# event labels a day header as "Day 1" does.
_ORDINAL_DAY_WORDS = "first second third fourth fifth sixth seventh last final".split()
_EVENT_WORDS = (
    "conference workshop symposium congress meeting school summit forum colloquium seminar "
    "event program programme"
).split()
_ORDINAL_DAY = re.compile(
    r"\b(?:\d{1,2}(?:st|nd|rd|th)|"
    + "|".join(_ORDINAL_DAY_WORDS)
    + r")\s+day\b(?:\s+of\s+(?:the\s+)?(?:"
    + "|".join(_EVENT_WORDS)
    + r")\b)?",
    re.I,
)


@dataclass(frozen=True, slots=True)
class DayExpr:
    """A date as printed: any of year, month, day, weekday may be missing."""

    year: int | None
    month: int | None
    day: int | None
    weekday: int | None
    span: tuple[int, int]
    # Printed as numbers without a year ("9/4"): day first unless the weekday says otherwise.
    order_unsettled: bool = False

    def resolve(self, year: int | None, *, month_first: bool = False) -> date | None:
        """The date in `year` (unless it prints its own); a year-less numeric date is read
        month first if `month_first` (the page's other days say so), else by its weekday."""
        y = self.year or year
        if y is None or self.month is None or self.day is None:
            return None
        month, day = self.month, self.day
        if self.order_unsettled and month_first and day <= 12:
            month, day = day, month
        elif self.order_unsettled and self.weekday is not None:
            month, day = _reading_on_weekday(y, month, day, self.weekday)
        try:
            return date(y, month, day)
        except ValueError:
            return None


def reads_month_first(exprs: list[DayExpr], year: int) -> bool:
    """Whether a page's year-less numeric dates (`Monday (9/4)`) are printed month first: more
    of them fall on their weekday read so than read day first."""
    votes = 0
    for e in exprs:
        if not (e.order_unsettled and e.weekday is not None and e.month and e.day):
            continue
        kept = _reading_on_weekday(year, e.month, e.day, e.weekday) == (e.month, e.day)
        swapped = e.day <= 12 and _reading_on_weekday(year, e.day, e.month, e.weekday) == (
            e.day,
            e.month,
        )
        votes += (swapped and not kept) - (kept and not swapped)
    return votes > 0


def _reading_on_weekday(year: int, month: int, day: int, weekday: int) -> tuple[int, int]:
    """`06/09/2025 Monday`: a numeric date read day first, unless only the month-first reading
    falls on the weekday printed beside it (US pages)."""

    def on_weekday(m: int, d: int) -> bool:
        try:
            return date(year, m, d).weekday() == weekday
        except ValueError:
            return False

    if not on_weekday(month, day) and day <= 12 and on_weekday(day, month):
        return day, month
    return month, day


def find_date(text: str) -> DayExpr | None:
    """A calendar date in `text` (with its weekday if one is printed), or a bare weekday."""
    weekday_match: re.Match[str] | None = _WEEKDAY.search(text)
    weekday = _WEEKDAY_BY_KEY[_vocabulary_key(weekday_match.group("wd"))] if weekday_match else None
    if weekday_match is None and not text.isascii():  # CJK weekdays are not ASCII
        weekday_match = _CJK_WEEKDAY.search(text)
        weekday = _cjk_weekday(weekday_match) if weekday_match else None
    has_digits = _DIGIT.search(text) is not None  # every date form has its day's digits
    for form in _DATE_FORMS if has_digits else ():
        m = form.search(text)
        if not m:
            continue
        g = m.groupdict()
        month = (
            _MONTH_BY_KEY[_vocabulary_key(g["mon"]).rstrip(".")] if g.get("mon") else int(g["m"])
        )
        day = int(g["d"])
        if month > 12 and day <= 12:
            month, day = day, month
        if not (1 <= month <= 12 and 1 <= day <= 31):
            continue
        year = int(g["y"]) if g.get("y") else None
        if year is not None and year < 100:
            year += 2000
        if not g.get("mon") and weekday is not None and year is not None:
            month, day = _reading_on_weekday(year, month, day, weekday)
        start, end = m.span()
        if weekday_match:
            start, end = min(start, weekday_match.start()), max(end, weekday_match.end())
        return DayExpr(year, month, day, weekday, (start, end))
    if weekday_match:
        numeric = _YEARLESS_NUMERIC.search(text) if has_digits else None
        if numeric:
            dotted = numeric.group("dm") is not None  # "11.09.": day first, settled
            day, month = int(numeric.group("d")), int(numeric.group("dm") or numeric.group("m"))
            if month > 12 and day <= 12 and not dotted:
                month, day = day, month
            if 1 <= month <= 12 and 1 <= day <= 31:
                start = min(numeric.start(), weekday_match.start())
                end = max(numeric.end(), weekday_match.end())
                return DayExpr(None, month, day, weekday, (start, end), order_unsettled=not dotted)
        return DayExpr(None, None, None, weekday, weekday_match.span())
    return None


def _cjk_weekday(match: re.Match[str]) -> int:
    char = next(c for c in match.groups() if c)
    if char == "天":
        return 6
    return next(names.index(char) for names in _CJK_WEEKDAYS if char in names)


# "Session 4. Mars rovers", "Track 2: May the Source Be With You": an item, whatever date its
# words seem to spell.
_TRAILING_PARENTHESIS = re.compile(r"\([^()]*\)\s*$")
_NAMES_AN_ITEM = re.compile(r"^\W*(?:session|track|room|hall|panel|keynote|talk|paper)\b", re.I)
# "corrected as of 2/4/02", "Last updated: 3 May 2024", "(revised 12 March)": when the page was
# last edited, not a day of its program.
_REVISION_STAMP = re.compile(
    r"^\W*(?:(?:last\s+)?(?:updated|corrected|revised|modified|amended)\b|as\s+of\b)", re.I
)
# "Submission: May 30, 2014 (extended)", "Camera ready: July 15", "Notification of acceptance:
# June 30": a deadline of a call for papers (an "Important Dates" box), not a day of the program.
_DEADLINE_LABEL = re.compile(
    r"^\W*(?:(?:full\s+|short\s+|long\s+)?(?:paper|abstract)s?\s+)?"
    r"(?:submissions?|acceptance|notifications?(?:\s+of\s+acceptance)?|camera[- ]ready"
    r"(?:\s+(?:version|copy|papers?))?|(?:early(?:[- ]bird)?\s+)?registration\s+deadline)"
    r"(?:\s+(?:deadline|due|date))?\s*[:：]",
    re.I,
)
# "Monday 16--Friday 20 June 2008", "16–20 June", "June 16 to 20": two day numbers joined by a
# dash name the event's span of days (a title page's line), not one day of its program. The
# look-arounds keep numeric dates ("2008-06-16", "20-06-2008") and times out.
_DAY_SPAN = re.compile(
    r"(?<![\d\-/.:])[0-3]?\d(?:st|nd|rd|th)?\s*(?:-{1,2}|–|—|\bto\b)\s*"
    r"(?:" + _WEEKDAY_ALT + r")?\.?,?\s*[0-3]?\d(?:st|nd|rd|th)?(?![\d\-/.:])",
    re.I,
)
_DASH_OR_TO = re.compile(r"[-–—]|\bto\b")
# "16–17/10/2025", "3-5.6.2024": a run of days before one numeric month (and year).
_NUMERIC_DAY_SPAN = re.compile(
    r"(?<![\d\-/.:])[0-3]?\d\s*[-–—]\s*[0-3]?\d[/.][01]?\d(?:[/.](?:19|20)?\d\d)?(?![\d\-/:])"
)
# "12月21日(金) - 22日(土)", "9月5日（火）〜7日（木）", "5월 9일(목) ~ 10일(금)": an East Asian
# date, its weekday maybe, then a dash, tilde or から and a later day: a span of days.
_CJK_DAY_SPAN = re.compile(
    r"[日일号]\s*(?:[(（][^)）]{1,4}[)）])?\s*(?:[-–—~〜～]|から)\s*"
    r"(?:(?:19|20)\d\d\s*[年년]\s*)?(?:[01]?\d\s*[月월]\s*)?[0-3]?\d\s*[日일号]"
)
# " - B5 Auditorium", " | Room C", ": Hall 2" right after a full date: the day's place.
_PLACE_AFTER_DATE = re.compile(r"\s+[-–—|]\s+\S|\s*:\s+\S")
# " - Bridges and Barriers - Common Challenges and …" right after a weekday and its date opening
# the line: the day's theme, which may run longer than a header's other words do.
_THEME_AFTER_DATE = re.compile(r"\s+[-–—]\s+\S")
_LONGEST_THEMED_HEADER = 160


def _opens_with_a_dated_theme(text: str) -> bool:
    """`Thursday November 23 - <a theme of many words>`: a line opening with a weekday and a
    full date, a dash after them, then the day's theme."""
    if len(text) > _LONGEST_THEMED_HEADER:
        return False
    found = find_date(text)
    return (
        found is not None
        and found.span[0] == 0
        and found.month is not None
        and found.weekday is not None
        and _THEME_AFTER_DATE.match(text, found.span[1]) is not None
    )


def parse_day_header(text: str) -> tuple[DayExpr, str] | None:
    """A line that only names a day (`Day 1: Tuesday, April 1`, `Monday 31st March`,
    `Tuesday, April 28th — Day 1 (Conference) ▼`, `Wednesday`), with its printed label.

    Lines with a time or with more than a few other words are not headers.
    """
    if (
        (len(text) > 90 and not _opens_with_a_dated_theme(text))
        or find_time_range(text)
        or _NAMES_AN_ITEM.match(text)
        or _REVISION_STAMP.match(text)
        or _DEADLINE_LABEL.match(text)
    ):
        return None
    if len(text) > 24 and not _DIGIT.search(text):
        return None  # without digits only a weekday can be found: a header of nothing more
    prefix = _DAY_PREFIX.match(text)
    body = text[prefix.end() :] if prefix else text
    found = find_date(body) or _numeric_day_alone(body)
    if found is None:
        return None
    if (
        (_DASH_OR_TO.search(body) and _DAY_SPAN.search(body))
        or _CJK_DAY_SPAN.search(body)
        or _NUMERIC_DAY_SPAN.search(body)
    ):
        return None  # the dates of the whole event (a banner's), not one day of its program
    rest = body[: found.span[0]] + " " + body[found.span[1] :]
    rest = _DAY_PREFIX.sub(" ", rest)
    rest = re.sub(r"\bday\s*\d{1,2}\b", " ", rest, flags=re.I)
    rest = _ORDINAL_DAY.sub(" ", rest)
    leftover = re.findall(r"[^\W\d_]{2,}", rest)
    if found.month is None and (leftover or len(text) > 24):
        return None  # "Monday keynote", "Tue afternoon session": a weekday inside a title
    if len(leftover) > 3:
        # A place or note in parentheses after a full date is the day's, not a title's words:
        # "Czwartek, 1.12.2022 (Aula Bogumiła Krygowskiego, Collegium Geographicum)".
        leftover = re.findall(r"[^\W\d_]{2,}", _TRAILING_PARENTHESIS.sub(" ", rest))
    if len(leftover) > 3 and _PLACE_AFTER_DATE.match(body, found.span[1]):
        # So is a place set off by a dash, bar or colon right after it: "SUNDAY, 28th
        # October 2012 - B5 Auditorium, Franklin-Wilkins Building Waterloo Campus".
        before = _DAY_PREFIX.sub(" ", body[: found.span[0]])
        leftover = re.findall(
            r"[^\W\d_]{2,}", re.sub(r"\bday\s*\d{1,2}\b", " ", before, flags=re.I)
        )
    if len(leftover) > 3:
        return None
    return found, text.strip()


def names_a_span_of_days(text: str) -> bool:
    """`16–17/10/2025`, `3-5 June 2024`, `9月5日〜7日`: several days in a row and little else,
    as a banner prints a whole event's dates (no day of its program)."""
    body = text.strip(" ,;:|–—-")
    if not body or len(body) > 40 or find_time_range(body):
        return False
    if _NUMERIC_DAY_SPAN.search(body) or _CJK_DAY_SPAN.search(body):
        return True
    if find_date(body) is None or not _DASH_OR_TO.search(body) or not _DAY_SPAN.search(body):
        return False
    return len(re.findall(r"[^\W\d_]{2,}", body)) <= 3  # a month, a weekday or two, "to"


def _numeric_day_alone(text: str) -> DayExpr | None:
    """`22/05` on a line (or in a day column) of its own: a day and a month, day first unless
    the month would be past 12."""
    m = _YEARLESS_NUMERIC.fullmatch(text.strip().rstrip("."))
    if not m or m.group("m") is None:
        return None
    day, month = int(m.group("d")), int(m.group("m"))
    if month > 12 and day <= 12:
        month, day = day, month
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    return DayExpr(None, month, day, None, m.span(), order_unsettled=True)


def infer_year(month: int, day: int, weekday: int, around: int) -> int | None:
    """The year nearest `around` in which month/day falls on `weekday`."""
    for delta in (0, -1, 1, -2, 2, -3, 3, -4, 4, -5, 5, -6, 6):
        try:
            if date(around + delta, month, day).weekday() == weekday:
                return around + delta
        except ValueError:
            continue
    return None


def shift_to_weekday(anchor: date, weekday: int, *, forward: bool) -> date:
    """The nearest date on `weekday` after (or before) `anchor`, within a week."""
    step = 1 if forward else -1
    day = anchor + timedelta(days=step)
    while day.weekday() != weekday:
        day += timedelta(days=step)
    return day
