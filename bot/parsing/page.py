"""Decisions made once for a whole page, from every line of it: where titles stand beside their
times, whether authors or speakers come first, which marks, badges and rooms recur. The
structure builder reads each line by these, so one odd line cannot mislead the rest."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping

from bot.model import SessionKind
from bot.parsing.authors import (
    SPACED_DASH,
    author_line_score,
    initials_then_surname,
    is_name_like,
    is_name_like_strict,
    names_an_institution,
    split_by_line,
    split_sentence_authors,
)
from bot.parsing.given_names import GIVEN_NAMES
from bot.parsing.kinds import classify_kind
from bot.parsing.lexer import (
    Line,
    LineKind,
    is_link_line,
)
from bot.parsing.shapes import (
    FIELD_LABEL,
    LEADING_MARK,
    PLACEHOLDER_TITLE,
    ROOM_CELL,
    is_own_item,
    is_prose,
    is_room_cell,
    name_colon_title,
    name_dash_title,
    names_a_room,
    reads_as_title,
    title_score,
)
from bot.parsing.talks import split_dash_speakers
from bot.parsing.timeexpr import find_date, find_time_range


def is_bare_time(line: Line) -> bool:
    """A time line with nothing beside its time: `9:00 am–10:30 am`, `Time: 9:10-10:30`."""
    if line.kind is not LineKind.TIME or line.time is None or len(line.cells) > 1:
        return False
    before = line.text[: line.time.span[0]].strip().rstrip(":").strip()
    rest = line.text[line.time.span[1] :].strip(" :|-–—~,")
    return not rest and (not before or bool(FIELD_LABEL.match(before)))


def _time_and_room_only(line: Line) -> bool:
    """`08:45-09:00 · Main Hall`: a time line that names only where, never what; as bare of a
    title as a time alone."""
    if line.kind is not LineKind.TIME or line.time is None or len(line.cells) > 1:
        return False
    if line.text[: line.time.span[0]].strip():
        return False
    return names_a_room(line.text[line.time.span[1] :].strip(" :|-–—~,·•"))


def dates_label_cards(lines: list[Line]) -> bool:
    """Does the page print a date right above a time line again and again for the same day
    (`Title` / `📅 Thursday, Sep 3, 2026` / `🕒 2:05 PM – 3:15 PM`, card after card)? Then each
    such date labels its item, as the time does; it heads no new day."""
    seen: dict[tuple[int | None, int | None], int] = {}
    for line, below in itertools.pairwise(
        line for line in lines if line.kind is not LineKind.BLANK
    ):
        if line.kind is LineKind.DAY and line.day is not None and below.kind is LineKind.TIME:
            key = (line.day.month, line.day.day)
            seen[key] = seen.get(key, 0) + 1
    return any(count >= 3 for count in seen.values())


def badges_over_dates(lines: list[Line]) -> dict[str, int]:
    """How often each line of a few words stands right above a date line (`Social`, `Special
    Panel Session`: a card's badge, printed between its title and its date)."""
    counts: dict[str, int] = {}
    for line, below in itertools.pairwise(
        line for line in lines if line.kind is not LineKind.BLANK
    ):
        if below.kind is LineKind.DAY and len(line.text.split()) <= 4:
            counts[line.text] = counts.get(line.text, 0) + 1
    return counts


def card_title_above_date(lines: list[Line], at: int, badges: Mapping[str, int]) -> int | None:
    """The index of the title a card prints above its date line `at` (over a badge of capitals,
    such as `SOCIAL` or `SPECIAL PANEL SESSION`, or one of the page's `badges_over_dates`
    printed twice or more, when one stands between them)."""
    above = at - 1
    while above >= 0 and lines[above].kind is LineKind.BLANK:
        above -= 1
    if above < 0:
        return None
    text = lines[above].text
    if (
        lines[above].kind in (LineKind.TEXT, LineKind.LINK)
        and len(text.split()) <= 4
        and not any(ch.isdigit() for ch in text)
        and (text.isupper() or badges.get(text, 0) >= 2)
    ):
        above -= 1
        while above >= 0 and lines[above].kind is LineKind.BLANK:
            above -= 1
    if above >= 0 and lines[above].kind in (LineKind.TEXT, LineKind.SESSION_HEADER):
        return above
    return None


def title_side(lines: list[Line], *, past_controls: bool = True) -> str | None:
    """Whether this page prints an item's title "below" its bare time line or "above" it, or
    None when the page does not say.

    Decided once for the page, from the first bare time line: one that opens the program or
    comes right under a day header has no title above it, so titles follow their times, even
    where the line above a later time looks like a title (a break's name, a room, a link
    word); one whose line above is itself right under the day header has its title above.
    """

    # A page's controls ("Expand All") say nothing of where its titles stand.
    passed = (LineKind.BLANK, LineKind.LINK, LineKind.JUNK) if past_controls else (LineKind.BLANK,)

    def above(index: int) -> int | None:
        return next((j for j in range(index - 1, -1, -1) if lines[j].kind not in passed), None)

    for index, line in enumerate(lines):
        if not (is_bare_time(line) or _time_and_room_only(line)):
            continue
        over = above(index)
        if (
            over is not None
            and lines[over].kind is LineKind.DAY
            and card_title_above_date(lines, over, badges_over_dates(lines)) is not None
            and dates_label_cards(lines)
        ):
            return "above"  # title / date / time: each card prints its title first
        if over is None or lines[over].kind in (
            LineKind.DAY,
            LineKind.TABLE_HEADER,
            LineKind.ZONE_NOTE,
        ):
            return "below"
        if lines[over].kind is LineKind.TEXT and _introduces(lines[over].text):
            return "below"  # a day's introduction ("The organisers may change …"), no title
        if lines[over].kind in (LineKind.TEXT, LineKind.SESSION_HEADER):
            top = above(over)
            if top is None or lines[top].kind is LineKind.DAY:
                return "above"
        return None
    return None


def _introduces(text: str) -> bool:
    """A sentence or more of running text (no title is twenty words closed by a full stop)."""
    return is_prose(text) or (len(text.split()) >= 20 and text.rstrip().endswith("."))


def times_after_items(lines: list[Line], title_side: str | None) -> dict[int, int]:
    """{first line of an item: index of its time line} on a page that prints every item's
    time after the item (`SESSION A` / `Zoom` / `"Title"` / `Par A et B.` / `14h-14h50`),
    else {}.

    Decided once for the page: its last line is a bare time (no item can follow it), the
    page does not print titles above their times with the items below, and most of its
    bare times close two or more lines of their own. The first item starts after the last
    line that cannot be part of it (a timetable row, a day, a table header)."""
    if title_side == "above":
        return {}
    filled = [i for i, line in enumerate(lines) if line.kind is not LineKind.BLANK]
    times = [i for i in filled if is_bare_time(lines[i])]
    if len(times) < 3 or not filled or filled[-1] != times[-1]:
        return {}
    first = times[0]
    while (
        first > 0
        and lines[first - 1].kind in ITEM_LINE_KINDS
        and not lists_days(lines[first - 1].text)  # the tabs of a page's days
    ):
        first -= 1
    starts = [first] + [t + 1 for t in times[:-1]]
    sizes = [
        sum(1 for j in range(a, t) if lines[j].kind is not LineKind.BLANK)
        for a, t in zip(starts, times, strict=True)
    ]
    if 0 in sizes or sum(size >= 2 for size in sizes) * 2 < len(sizes):
        return {}
    return {
        next(j for j in range(a, t) if lines[j].kind is not LineKind.BLANK): t
        for a, t in zip(starts, times, strict=True)
    }


def lists_days(text: str) -> bool:
    """`Mardi 22 juin Mercredi 23 juin Jeudi 24 juin`: two dates or more on one line."""
    count = 0
    while (found := find_date(text)) is not None and found.month is not None:
        count += 1
        text = text[found.span[1] :]
    return count >= 2


ITEM_LINE_KINDS = frozenset(
    {LineKind.TEXT, LineKind.ROOM, LineKind.BLANK, LineKind.LINK, LineKind.CHAIR}
)


def beside_time(line: Line) -> str:
    """What a time line prints beside its time: its next cell (the item; further cells are
    rooms, mentors, discussants), or the rest of the line. A room's cell before the item is
    passed over, as the row's reader passes it (`13:00 | 0.21 | Ana Silva`), its chair too
    (`13:00 | L4 / Bo Li | Ana Silva`)."""
    filled = [c for c in line.cells if c]
    if len(filled) > 2 and _a_room_cell(filled[1]):
        return filled[2]
    if len(filled) > 1:
        return filled[1]
    assert line.time is not None
    return line.text[line.time.span[1] :].strip(" :|-–—~,")


def _a_room_cell(cell: str) -> bool:
    """A table cell naming a room, alone or with the chair after a slash (`0.21`, `L4 / Bo
    Li`)."""
    return bool(ROOM_CELL.match(cell.partition(" / ")[0]))


def timed_people_before_titles(lines: list[Line]) -> bool:
    """Whether this page's timed rows name the talk's people, with the title on the line
    below (`09:00 | Alice Smith (ETH Zurich)` / `Verified Compilers`): decided once for the
    page, from the timed rows followed by a title-like line."""
    people = titles = 0
    following: Line | None = None
    second: Line | None = None  # the line after `following`
    for line in reversed(lines):
        if line.kind is LineKind.TIME and line.time is not None and following is not None:
            beside, title = beside_time(line), following
            if not beside and following.kind is LineKind.TEXT and second is not None:
                # "08:00<TAB>" / "Ann Lee and Bo Li" / "Title": the time's cell opens with a
                # block, so its people are the line below it.
                beside, title = following.text, second
            if (
                beside
                and title.kind is LineKind.TEXT
                and title_score(title.text) < 0.5
                and not is_parenthesised_note(title.text)
            ):
                # (a note in parentheses under a row, `(tutorial)`, `(optional)`, is no title)
                score = author_line_score(beside)
                people += score >= 0.8 or (
                    # the name all the timed row prints, its title alone on the row below
                    score >= 0.5
                    and len([c for c in line.cells if c and not _a_room_cell(c)]) <= 2
                    and len([c for c in title.cells if c]) == 1
                    and a_bare_known_name(beside)
                )
                titles += score < 0.5
        if line.kind is not LineKind.BLANK:
            following, second = line, following
    return people >= 2 and people > titles


_A_NOTE = re.compile(r"^\([^()]*\)$")


def is_parenthesised_note(text: str) -> bool:
    """`(tutorial)`, `(optional)`, `(main building)`: a line that is only a note in
    parentheses, on the item above it; never a title."""
    return _A_NOTE.match(text.strip()) is not None


def _cells_after_time(line: Line) -> list[str]:
    """A timed row's cells after its time: the later cells of a table row, or the text after
    the time of a one-cell line (`11.30 Edward Harcourt (Oxford): TBC`)."""
    if len(line.cells) > 1 or line.time is None:
        return line.cells[1:]
    return [line.cells[0][line.time.span[1] :].strip()]


def prints_timed_dash_speakers(lines: list[Line]) -> bool:
    """Whether this page prints its timed rows `Title — Speaker`: three rows or more with
    different people after a spaced dash, so one bare name after a row's dash gives its talk
    (`9:30 AM  Warm Starts for Interior Point Methods — Tariq Bello`)."""
    names: set[str] = set()
    for line in lines:
        if line.kind is not LineKind.TIME:
            continue
        for cell in _cells_after_time(line):
            dashed = split_dash_speakers(cell, single_names=True) if cell else None
            if dashed is not None:
                names.add(dashed[1][0].name)
        if len(names) >= 3:
            return True
    return False


def prints_name_colon_titles(lines: list[Line]) -> bool:
    """Whether this page prints its talks `Speaker Name: Title`: decided once for the page,
    from its timed rows: at least three such rows with different names, and more of them
    than rows whose colon follows anything else (`PipeDream: Generalized Pipeline ...`).
    Where no timed row holds a colon, the untimed lines decide the same way: the talks of
    `<h2>Morning Session 1: 9:00 - 10:30</h2>` over `Speaker: Title` bullets have no time."""
    timed = [
        cell
        for at, line in enumerate(lines)
        if line.kind is LineKind.TIME
        for cell in [c for c in _cells_after_time(line) if c] or _item_below(lines, at)
        if ": " in cell
    ]
    cells = timed or [
        line.text for line in lines if line.kind is LineKind.TEXT and ": " in line.text
    ]
    found = [name_colon_title(cell) for cell in cells]
    names = {f[0] for f in found if f is not None}
    named = len(found) - found.count(None)
    return len(names) >= 3 and named > len(found) - named


def prints_name_dash_titles(lines: list[Line]) -> bool:
    """Whether this page prints its talks `Speaker Name - Title` (`name_dash_title`): decided
    once for the page, from its untimed lines with a spaced dash: at least three such lines
    with different first speakers, and more of them than lines whose dash is any other
    (`Title - Speaker Name` the other way round, `Name - Workplace`, a subtitle's)."""
    firsts: set[str] = set()
    named = other = 0
    for line in lines:
        if line.kind is not LineKind.TEXT or not SPACED_DASH.search(line.text):
            continue
        found = name_dash_title(line.text)
        if found is not None:
            named += 1
            firsts.add(found[0][0])
        else:
            other += 1
    return len(firsts) >= 3 and named > other


def _item_below(lines: list[Line], at: int) -> list[str]:
    """The text of the item a bare time heads when the item is printed below it (`09:30am` /
    `Karl Gordon: How Python …`), past the empty lines and lone TABs of a table's copy."""
    if not is_bare_time(lines[at]):
        return []
    for line in lines[at + 1 :]:
        if line.kind is not LineKind.BLANK:
            return [line.text] if line.kind is LineKind.TEXT else []
    return []


def _a_bare_name(cell: str) -> bool:
    """`John Smith`, `А.Н. Панов`: a person's name and nothing else."""
    return is_name_like_strict(cell) or initials_then_surname(cell)


def timed_name_cells(lines: list[Line]) -> bool:
    """Whether this page's timed rows put a name in one cell and a title in another
    (`09:00 | John Smith | Spectral Gaps of Random Graphs`): decided once for the page, from
    the timed rows of exactly two such cells."""
    named = plain = 0
    for line in lines:
        if line.kind is not LineKind.TIME:
            continue
        cells = [c for c in line.cells[1:] if c and not is_room_cell(c)]
        if len(cells) != 2:
            continue
        a, b = cells
        if is_own_item(a) or is_own_item(b):
            continue  # "12:00-13:30 | Lunch | Main Hall": a break and its place
        if PLACEHOLDER_TITLE.match(a.strip()) or PLACEHOLDER_TITLE.match(b.strip()):
            continue  # "09:30 | Jamie Orlov | TBD": a title not given yet tells nothing
        if (_a_bare_name(a) and reads_as_title(b)) or (_a_bare_name(b) and reads_as_title(a)):
            named += 1
        else:
            plain += 1
    return named >= 2 and named > plain


def prints_authors_first(lines: list[Line]) -> bool:
    """Whether the page prints its papers as `Authors. Title` rather than `Title. Authors`:
    decided once for the page, from the lines that read clearly one way. A talk's own time
    before it (`09:15 - 09:30 Ana Silva. Title`) is no part of either side."""
    first = last = 0
    for line in lines:
        for cell in line.cells:
            if ". " not in cell:
                continue
            body = _after_leading_time(cell)
            found = split_sentence_authors(body)
            if found is not None and len(found[1].authors) >= 2:
                first += found[2]
                last += not found[2]
            elif found is None and _opens_with_a_lone_speaker(body):
                first += 1
    return first >= 3 and first > 2 * last


def _after_leading_time(text: str) -> str:
    found = find_time_range(text)
    return text[found.span[1] :].strip() if found and found.span[0] == 0 else text


def a_bare_known_name(text: str) -> bool:
    """`Jeremy Quastel`: a person's name alone (no affiliation), two or three words led by a
    given name the name lists know; beside a time over a title, who gives the talk."""
    words = text.split()
    return (
        2 <= len(words) <= 3
        and is_name_like_strict(text)
        and words[0] in GIVEN_NAMES
        and not names_an_institution(text)
    )


def _opens_with_a_lone_speaker(text: str) -> bool:
    """`Ana Silva. Column generation for crew rostering`: one person, by a given name the name
    lists know, then a full stop and the title. Alone it proves little (a title may open with
    a name-like phrase), so the page must print several lines so."""
    found = split_sentence_authors(text, authors_first_page=True)
    if found is None or not found[2] or len(found[1].authors) != 1:
        return False
    name = found[1].authors[0]
    return (
        name.affiliation is None
        and is_name_like_strict(name.name)
        and name.name.split()[0] in GIVEN_NAMES
    )


def prints_speakers_after_by(lines: list[Line]) -> bool:
    """A page that prints its talks `Title by Name` (`Sorting Into Teams by Edoardo Acabbi`),
    three times or more: read so, its lines end with who gives each talk."""
    found = 0
    for line in lines:
        if line.kind is LineKind.TEXT and " by " in line.text and split_by_line(line.text):
            found += 1
            if found >= 3:
                return True
    return False


def recurring_leading_marks(lines: list[Line]) -> frozenset[str]:
    """Parenthesised tags that open several lines or table cells of the page (`(short) Title`,
    `10:45-11:05 | Jo Smith | [GPU Computing] Title`)."""
    counts: dict[str, int] = {}
    for line in lines:
        found = {m.group(0) for t in (line.text, *line.cells) if (m := LEADING_MARK.match(t))}
        for mark in found:
            counts[mark] = counts.get(mark, 0) + 1
    return frozenset(mark for mark, n in counts.items() if n >= 2)


# The words of a material link a page may copy before each title ("Preprint Title…", "PDF
# Title…"), a badge beside the title's own link; words that often open a title ("Paper",
# "Poster", "Code", "Talk") are not among them.
_LEADING_LINK_WORDS = frozenset("preprint pre-print pdf slides video arxiv doi bibtex".split())


def recurring_leading_link_words(lines: list[Line]) -> frozenset[str]:
    """Link words that open three lines of the page or more, each before a title of several
    words (`Preprint Overcoming Data Scarcity …`): a badge copied with every title, not the
    first word of each. A page where only one title starts with "Video" keeps it."""
    counts: dict[str, int] = {}
    for line in lines:
        first, _, rest = line.text.partition(" ")
        word = first.lower()
        if word in _LEADING_LINK_WORDS and len(rest.split()) >= 2 and not is_link_line(rest):
            counts[word] = counts.get(word, 0) + 1
    return frozenset(word for word, n in counts.items() if n >= 3)


# "Papers marked with * are long papers.", "talks marked † are given online": a page's key to
# a sign it glues to the end of some titles.
_SIGN_LEGEND = re.compile(r"\bmarked\s+(?:with\s+)?(?:an?\s+)?(?P<sign>[*†‡§¶+]{1,2})(?!\S)", re.I)


def legend_signs(lines: list[Line]) -> frozenset[str]:
    """The signs the page's legend lines explain: marks after the titles that carry them."""
    return frozenset(m.group("sign") for line in lines for m in _SIGN_LEGEND.finditer(line.text))


def prints_dash_speakers(lines: list[Line]) -> bool:
    """Whether the page prints its entries as `Title – Names` (two or more of its lines so,
    with several names or their workplaces): then one name after the dash is a speaker too."""
    found = 0
    for line in lines:
        if line.kind is LineKind.TEXT:
            found += split_dash_speakers(line.text) is not None
            if found >= 2:
                return True
    return False


# "P12 Title", "#47 Title", "O-3 Title", "A.1 Title", "ID 231 Title": an entry's code before its
# title with nothing between, which only a page that opens many titles so tells from a title's
# own first word ("T5 Models Explained").
ENTRY_CODE = re.compile(
    r"^(?P<code>#\s?\d{1,4}|(?-i:ID)\s?\d{1,5}|(?-i:[A-Z]{1,3})[-.]?\d{1,4}(?:[-.]\d{1,3})?)"
    r"\s+(?=[\"“A-Z])"
)


def code_shape(code: str) -> str:
    """`P12` and `P7` alike, as `A9`; `A.1` as `A.9`: letters and runs of digits as classes."""
    return re.sub(r"\d+", "9", re.sub(r"(?-i:[A-Z])", "A", code.replace("ID", "id")))


def recurring_entry_codes(lines: list[Line]) -> frozenset[str]:
    """The shapes of the codes that open three or more titles of the page (`P1 Title`, `P2
    Title`, ...)."""
    counts: dict[str, int] = {}
    for line in lines:
        for text in {line.text, *line.cells}:
            m = ENTRY_CODE.match(text)
            if m and len(text[m.end() :].split()) >= 2:
                shape = code_shape(m.group("code"))
                counts[shape] = counts.get(shape, 0) + 1
    return frozenset(shape for shape, n in counts.items() if n >= 3)


# Words that name a link only among other links ("Worksheet PDF", not a title's "Worksheet").
_LESSER_LINK_WORDS = frozenset("worksheet worksheets notebook notebooks handout handouts".split())


def recurring_trailing_marks(lines: list[Line]) -> frozenset[str]:
    """Link words that end many lines of the page (`... Slides`, `... (More)`): glued-on links,
    where one title ending in "Video" would be a title."""
    counts: dict[str, int] = {}
    runs: list[list[str]] = []
    for line in lines:
        words = line.text.split()
        if len(words) > 3:
            # "... Worksheet PDF YouTube": a cell of several links, each word one of them
            run: list[str] = []
            for word in reversed(words[2:]):
                last = word.lower()
                if last.endswith(")") and "(" not in last:
                    break  # "(invited talk)": the end of a phrase in parentheses, not a link
                if not (
                    is_link_line(last)
                    or last in ("(more)", "[slides]")
                    or VENUE_TAG.match(last)
                    or (run and last in _LESSER_LINK_WORDS)
                ):
                    break
                run.append(last)
                if last not in _LESSER_LINK_WORDS:
                    counts[last] = counts.get(last, 0) + 1
            if len(run) > 1:
                runs.append(run)
    marks = {word for word, n in counts.items() if n >= 3}
    # "Worksheet": a word a link may be named by, beside links that recur after titles
    marks |= {
        w for run in runs if not marks.isdisjoint(run) for w in run if w in _LESSER_LINK_WORDS
    }
    # "(TACL)", "(CL)", "(Findings)": where a paper appeared, after titles all over the page.
    tags = {word for word, n in counts.items() if n >= 2 and VENUE_TAG.match(word)}
    if tags:
        # A page that tags its titles so: a tag it prints once ("(CL)") is one of them too.
        tags |= {word for word in counts if VENUE_TAG.match(word)}
    return frozenset(marks | tags | ({"(more)"} if marks else set()))


VENUE_TAG = re.compile(r"^\((?:[a-z]{2,6}|findings|demo|industry|short|long)\)$")


def recurring_rooms(lines: list[Line]) -> frozenset[str]:
    """Places a program names after a comma again and again (`Coffee Break, TUtheSky`,
    `Chair: A. Name, TUtheSky`): a document-wide fact no single line shows."""
    counts: dict[str, int] = {}
    for line in lines:
        for cell in line.cells:
            head, comma, tail = cell.rpartition(", ")
            tail = tail.strip()
            if not comma or not head or not 1 <= len(tail.split()) <= 4 or len(tail) > 40:
                continue
            if is_name_like(tail) and (", " in head or " and " in head):
                continue  # "Ana Silva, Bo Li, Cy Ng": the end of a list of people, not a place
            if head.count("(") > head.count(")") or head.count("[") > head.count("]"):
                continue  # "Lena Berg (Karolinska Institute, Solna, Sweden)": inside a parenthesis
            counts[tail] = counts.get(tail, 0) + 1
    return frozenset(t for t, n in counts.items() if n >= 3)


# The most words and characters of a place line heading the rows below it.
_MOST_ROOM_ROW_WORDS = 6
_MOST_ROOM_ROW_CHARS = 50


# "Afternoon Session – Conference", "Morning session": the half of the day the lines below
# fill, not where they are held.
_HALF_DAY = re.compile(r"^(?:morning|afternoon|evening)\s+(?:sessions?|programme|program)\b", re.I)


def room_rows_over_times(lines: list[Line]) -> frozenset[str]:
    """Places printed as rows of their own over the timed rows they house (`LT1, School of
    Music` / `[13:40] Paper session A` / … / `Stage one` / `[15:30] Performances`): short lines
    without a sentence's stop, a colon or a parenthesis, each right above a time that prints
    its own item, three such lines or more with at least two places, and most of them printed
    again (a place recurs; an item's title or its people above its time seldom do). A
    page-wide fact: one such line above one time is as often an affiliation closing the item
    above it."""
    filled = [line for line in lines if line.kind is not LineKind.BLANK]
    found: list[str] = []
    for line, below in itertools.pairwise(filled):
        if below.kind is not LineKind.TIME or line.kind is not LineKind.TEXT:
            continue
        text = line.text.strip()
        if (
            len([c for c in line.cells if c]) != 1
            or not 1 <= len(text.split()) <= _MOST_ROOM_ROW_WORDS
            or len(text) > _MOST_ROOM_ROW_CHARS
            or any(ch in text for ch in ".:;()?!")
            or below.time is None
            or not below.text[below.time.span[1] :].strip(" \t-–—|")
            or find_time_range(text) is not None
            or classify_kind(text, paper_count=0) is not SessionKind.OTHER
            or _reads_as_people(text)
            or _HALF_DAY.match(text)
        ):
            continue  # a time's own words, a sentence, a break, people, or half of the day
        found.append(text)
    counts = {text: found.count(text) for text in found}
    again = sum(n for n in counts.values() if n >= 2)
    if len(found) < 3 or len(counts) < 2 or 3 * again < 2 * len(found):
        return frozenset()
    return frozenset(counts)


def _reads_as_people(text: str) -> bool:
    """`Yu-Wen Chen, Julia Hirschberg`: every part a name, one led by a known given name (a
    place's words, `Foyer, Music Building`, are name-like too, but no one's first name)."""
    parts = [p for p in re.split(r",\s*|\s+(?:and|&)\s+", text) if p]
    return all(is_name_like(p) for p in parts) and any(p.split()[0] in GIVEN_NAMES for p in parts)


_TRACK_HEADING = re.compile(r"^track\s+\w{1,3}\b(?:\s*[:–—-]\s*\S.*)?$", re.I)


def is_room_heading(line: Line, below: Line | None) -> bool:
    return line.kind is LineKind.ROOM and below is not None and below.kind is LineKind.TIME


def is_track_heading(line: Line, below: Line | None) -> bool:
    """`Track 2` / `Track B: Networks` alone on its line, a timed item right below it."""
    return (
        line.kind is LineKind.SESSION_HEADER
        and len([c for c in line.cells if c]) == 1
        and bool(_TRACK_HEADING.match(line.text))
        and below is not None
        and below.kind is LineKind.TIME
    )


def places_head_their_items(
    lines: list[Line],
    is_heading: Callable[[Line, Line | None], bool],
    *,
    over_sessions: bool = False,
) -> bool:
    """Whether the page is listed place by place (a room or track, its timed items, the next
    one): two such headings or more, each followed by two times or more before the next, and
    either the first above the page's first time or the clock running back at every later
    one (each place's list starts the day again). A page-wide fact: a room printed after each
    item, the clock only running on, is that item's.

    With `over_sessions`, each heading's items must be sessions, not one session's talks (a
    grid's column under `Track A: Storage`): a chair or a break among them."""
    filled = [line for line in lines if line.kind is not LineKind.BLANK]
    headings = [
        k
        for k, line in enumerate(filled)
        if is_heading(line, filled[k + 1] if k + 1 < len(filled) else None)
    ]
    if len(headings) < 2:
        return False
    blocks = [filled[a:b] for a, b in zip(headings, [*headings[1:], len(filled)], strict=True)]
    starts = [
        [line.time.start for line in block if line.kind is LineKind.TIME and line.time]
        for block in blocks
    ]
    if any(len(found) < 2 for found in starts):
        return False
    if over_sessions and not all(_holds_sessions(block[2:]) for block in blocks):
        return False
    first_time = next(k for k, line in enumerate(filled) if line.kind is LineKind.TIME)
    return headings[0] < first_time or all(
        later[0] <= earlier[-1] for earlier, later in itertools.pairwise(starts)
    )


def _holds_sessions(lines: list[Line]) -> bool:
    """A chair line or a timed break among these lines: they are sessions of their own."""
    return any(
        line.kind is LineKind.CHAIR
        or (
            line.kind is LineKind.TIME
            and classify_kind(line.text, paper_count=0) is SessionKind.BREAK
        )
        for line in lines
    )


_LIST_WORD = re.compile(r"\s(?:and|&|et|und)\s", re.I)


def prints_name_comma_affiliation(lines: list[Line]) -> bool:
    """`Madan Musuvathi, Microsoft Research` / `Pedro Martins, UCI (with …)`: a page whose
    one-person lines give the affiliation after a comma, so that on it `John Clements, Cal
    Poly` is a person and where they work, though `Cal Poly` has no institution word."""
    with_institution = without = 0
    for line in lines:
        if line.kind is not LineKind.TEXT:
            continue
        head = line.text.split(" (", 1)[0]
        name, comma, rest = head.partition(", ")
        # "Ana Silva, University of Toronto, Canada": the workplace, then its country.
        workplace = rest.rsplit(", ", 1)[0] if rest.count(",") == 1 else rest
        if not comma or "," in workplace or ";" in head or _LIST_WORD.search(head):
            continue
        if not is_name_like_strict(name) or (workplace != rest and is_name_like_strict(workplace)):
            continue  # "Ana Silva, Bo Li, Cy Ng": three people
        if names_an_institution(workplace):
            with_institution += 1
        else:
            without += 1
    return with_institution >= 2 and without * 3 <= with_institution


# The headings of what a conference page prints besides its program: where, how to get there,
# whom to ask, who pays, who organises (in the languages of the corpus).
_PAGE_SECTION_HEADING = re.compile(
    r"^(?:the\s+|our\s+)?(?:venue|location|getting\s+there|how\s+to\s+get\s+there|directions"
    r"|travel(?:\s+information)?|accommodations?|hotels?|contacts?|contact\s+us|sponsors?"
    r"|sponsorship|partners|supporters|organi[sz]ers|(?:local\s+|program(?:me)?\s+|steering\s+)?"
    r"(?:organi[sz]ing\s+)?committees?|important\s+dates|call\s+for\s+(?:papers|abstracts)"
    r"|about(?:\s+us)?|imprint|impressum|privacy(?:\s+policy)?|faqs?|previous\s+editions"
    r"|past\s+editions|code\s+of\s+conduct|follow\s+us|newsletter"
    r"|anfahrt|kontakt|veranstaltungsort|sponsoren|lieu|accès|partenaires|sede|contacto"
    r"|contato|patrocinadores|patrocinio)\s*:?$",
    re.I,
)
# Lines that belong to the program itself: once none follows, the page has moved on (a
# committee's "General Chair: …" lines may follow, read as headers).
_PROGRAM_KINDS = (
    LineKind.DAY,
    LineKind.TIME,
    LineKind.META,
    LineKind.TABLE_HEADER,
)


def page_sections_start(lines: list[Line]) -> int:
    """Index of the first heading of the page's other sections (`Venue`, `Contact`,
    `Sponsors`) printed after the program's last time, day or table header line; `len(lines)`
    when there is none. What follows it is no part of the program. A label with its colon
    (`Venue:`) right above its value is the last item's field, not a heading."""
    last = max((i for i, line in enumerate(lines) if line.kind in _PROGRAM_KINDS), default=None)
    if last is None:
        return len(lines)
    for index in range(last + 1, len(lines)):
        line = lines[index]
        text = line.text.strip()
        if line.kind not in (LineKind.TEXT, LineKind.LABEL, LineKind.JUNK):
            continue
        if not _PAGE_SECTION_HEADING.match(text):
            continue
        below = lines[index + 1] if index + 1 < len(lines) else None
        if text.endswith(":") and below is not None and below.kind is not LineKind.BLANK:
            continue
        return index
    return len(lines)


# A topic heading's last word, when it is no heading but the first line of a wrapped title.
_RUNS_ON = re.compile(
    r"(?:[:,;(/&–—-]|\b(?:and|or|of|for|the|in|on|with|to|a|an|from|by|via|at))$", re.I
)
_TOPIC_WORDS = 8


def topic_headings_over_pairs(lines: list[Line]) -> frozenset[int]:
    """On an untimed page whose papers each print a title line over an author line, the short
    lines that stand between one paper's authors and the next paper's title: the topics
    heading the papers below them (`Computer Systems and Networks 1`, `Posters`), not the
    first half of a wrapped title. Two such lines at least, and half as many as the papers
    printed so between two others; their line numbers."""
    if any(line.kind is LineKind.TIME for line in lines):
        return frozenset()
    seq = [line for line in lines if line.kind is not LineKind.BLANK]
    scores = [
        author_line_score(line.text)
        if line.kind is LineKind.TEXT and len([c for c in line.cells if c]) == 1
        else None
        for line in seq
    ]

    def title(k: int) -> bool:
        score = scores[k] if 0 <= k < len(seq) else None
        return score is not None and score < 0.5

    def people(k: int) -> bool:
        score = scores[k] if 0 <= k < len(seq) else None
        return score is not None and score >= 0.5

    pairs = sum(title(k) and people(k + 1) and people(k - 1) for k in range(1, len(seq)))
    heads = []
    for k, line in enumerate(seq):
        score = scores[k]
        if score is None or score >= 0.8 or not (title(k + 1) and people(k + 2)):
            continue
        if k > 0 and scores[k - 1] is not None and not people(k - 1):
            continue
        text, below = line.text.strip(), seq[k + 1].text.strip()
        if (
            len(text.split()) > _TOPIC_WORDS
            or _RUNS_ON.search(text)
            or not (below[:1].isupper() or below[:1].isdigit())
        ):
            continue
        heads.append(line.number)
    if len(heads) < 2 or pairs < 2 * len(heads):
        return frozenset()
    return frozenset(heads)
