"""A saved web page as program text: the page's own structure, not a regex over markup.

The page is parsed with selectolax (Lexbor, a real HTML5 parser) and rendered the way a
browser's `innerText` renders it, which is what the text parser is built for: table cells
joined by TABs with their columns kept in place under a rowspan, `<br>` and block elements
as line breaks, a closed `<details>` as its summary only. Pages lay out with CSS, so the
page's own simple class rules are read too: an element its stylesheet displays as a block or
hides is treated so, and the children of a flex or grid container are blocks of their own.
What a person copying the program would never copy is dropped: scripts, styles, navigation,
the site's header (not an article's: that heads the program) and footers, forms and anything
marked hidden.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from selectolax.lexbor import LexborHTMLParser, LexborNode

from bot.parsing.authors import is_name_like, is_name_like_strict
from bot.parsing.grid import (
    Row,
    Source,
    broken_mid_phrase,
    by_column,
    by_room,
    by_room_column,
    is_header_row,
    is_room_column_row,
    is_room_header_row,
    is_room_row,
    is_room_slot_row,
    is_slot_row,
    is_spanning_row,
    is_times_header_row,
    is_titles_row,
    needs_columns,
    read_titled_blocks,
    rooms_as_columns,
)
from bot.parsing.lexer import CHAIR, DURATION, normalise
from bot.parsing.timeexpr import find_date, find_time_range, parse_day_header

_SKIPPED = frozenset(
    "script style noscript template nav footer header head svg math iframe object embed"
    " select option form dialog canvas video audio map".split()
)
_BLOCKS = frozenset(
    "address article aside blockquote body center dd details dir div dl dt fieldset figcaption"
    " figure h1 h2 h3 h4 h5 h6 hgroup hr html li main menu ol p pre section summary table"
    " caption thead tbody tfoot tr ul legend".split()
)
_CELLS = frozenset({"td", "th"})
_HTML_START = re.compile(
    r"^\s*(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html|head|body)\b", re.I | re.S
)
_TAG = re.compile(r"<(?:p|div|table|tr|td|li|ul|h[1-6]|span|br|a)\b", re.I)
_SPACE = re.compile(r"[ \t\n\r\f\v]+")


def is_html_document(text: str) -> bool:
    """A whole web page: it opens with a doctype, `<html>`, `<head>` or `<body>`."""
    return bool(_HTML_START.match(text[:4096]))


def looks_like_html(text: str) -> bool:
    """A web page: it says so at its start, or is mostly markup with the usual page tags."""
    head = text[:4096]
    return bool(_HTML_START.match(head)) or len(_TAG.findall(head)) >= 6


def html_to_text(html: str) -> str:
    """The page as its visible text, one line per rendered line."""
    tree = LexborHTMLParser(html)
    root = tree.body or tree.root
    if root is None:
        return ""
    styles = _Styles(" ".join(node.text() for node in tree.css("style")))
    out = _Lines()
    renderer = _Renderer(styles)
    renderer.render(root, out, preformatted=False)
    text = out.text()
    dated = _banner_date(tree, renderer)
    if dated is not None and not any(_calendar_date(line) for line in text.splitlines()):
        # "Microbiome Symposium at Monash University" / "7th November, 2025": the site's
        # banner is left out, but when the program itself prints no date, the one its
        # banner prints is the program's day.
        text = dated + "\n" + text
    return text


def _calendar_date(line: str) -> bool:
    found = find_date(line) if any(c.isdigit() for c in line) else None
    return found is not None and found.day is not None and found.month is not None


def _banner_date(tree: LexborHTMLParser, renderer: _Renderer) -> str | None:
    """The line of the site's banner (a `<header>` outside the content) naming a date."""
    for header in tree.css("header"):
        if _in_content(header):
            continue
        lines = _Lines()
        renderer.render(header, lines, preformatted=False)
        for line in lines.text().splitlines():
            if _calendar_date(line):
                return line
    return None


_MEDIA = re.compile(r"@(?:media|supports)[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", re.I)
_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_DISPLAY = re.compile(r"(?:^|;)\s*display\s*:\s*([a-z-]+)", re.I)
# "View papers (4)", "Show talks", "Contributions", "See all presentations": the summary of a box
# that holds the session's own items, the program itself rather than an aside.
_LISTS_THE_ITEMS = re.compile(
    r"^(?:(?:view|show|see|list|display|expand)\s+(?:all\s+|the\s+)?)?"
    r"(?:papers|talks|contributions|presentations)\W*(?:\d+\W*)?$",
    re.I,
)


# "Oral session 1 (session chair: Ana Silva)", "Poster session (with coffee)", "Session 3B:
# Parsing": the summary of a box that is a session, its list of talks inside.
_NAMES_A_SESSION = re.compile(
    r"^[^()]{0,60}\b(?:sessions?|posters?|talks|papers|presentations)\b", re.I
)


def _opens_on_the_programme(details: LexborNode) -> bool:
    """Whether a closed `<details>` is read open: its summary announces the talks it holds, or
    names a session whose box holds a list (of its talks)."""
    summary = details.css_first("summary")
    if summary is None:
        return False
    text = " ".join(summary.text().split())
    if _LISTS_THE_ITEMS.match(text):
        return True
    return (
        len(text.split()) <= 16
        and bool(_NAMES_A_SESSION.match(text))
        and details.css_first("ul, ol") is not None
    )


# A tag (custom ones too: "session-title"), classes, or both.
_SIMPLE = re.compile(r"^([a-z][a-z0-9-]*)?((?:\.[\w-]+)+)?$", re.I)


class _Styles:
    """`display` of the page's simple rules (`.name`, `tag.a.b`, `tag`, and those under
    ancestors: `.schedule .row .speaker`), the most specific and then the latest winning as in
    CSS; what a media query changes for other screens is left out, as the desktop page shows
    it."""

    def __init__(self, css: str) -> None:
        rules: list[_Rule] = []
        css = _CSS_COMMENT.sub(" ", css)  # a comment before a rule is not its selector
        for order, (selectors, body) in enumerate(_RULE.findall(_MEDIA.sub(" ", css))):
            display = _DISPLAY.search(body)
            if display is None:
                continue
            for selector in selectors.split(","):
                # `.a > .b` as `.a .b`: a child is a descendant too
                compounds = [_compound(part) for part in selector.replace(">", " ").split()]
                if not compounds or any(c is None for c in compounds):
                    continue
                chain = tuple(c for c in compounds if c is not None)
                specificity = sum(10 * len(classes) + (1 if tag else 0) for tag, classes in chain)
                rules.append((specificity, order, chain, display.group(1).lower()))
        # Each rule filed under one class or the tag its element must have, so that a large
        # stylesheet is not tried whole on every element.
        self.filed: dict[str, list[_Rule]] = {}
        for rule in rules:
            tag, classes = rule[2][-1]
            self.filed.setdefault(min(classes) if classes else f"<{tag}>", []).append(rule)

    def display(self, node: LexborNode) -> str | None:
        # `<span style="display: block">`: an element's own style wins over the stylesheet's.
        own = _DISPLAY.search(node.attributes.get("style") or "")
        if own is not None:
            return own.group(1).lower()
        if not self.filed:
            return None
        keys = [f"<{node.tag}>", *(node.attributes.get("class") or "").split()]
        candidates = [rule for key in keys for rule in self.filed.get(key, ())]
        shown = None
        for _, _, chain, display in sorted(candidates, key=lambda rule: rule[:2]):
            if _matches(chain[-1], node) and _under(chain[:-1], node.parent):
                shown = display
        return shown


# A compound selector: its tag (or None) and classes, one of them at least.
_Compound = tuple[str | None, frozenset[str]]
# (specificity, order in the stylesheet, the compounds from outermost to the element, display)
_Rule = tuple[int, int, tuple[_Compound, ...], str]


def _compound(text: str) -> _Compound | None:
    simple = _SIMPLE.match(text)
    if not simple or not text:
        return None
    tag = simple.group(1).lower() if simple.group(1) else None
    return tag, frozenset((simple.group(2) or "").strip(".").split(".")) - {""}


def _matches(compound: _Compound, node: LexborNode) -> bool:
    tag, classes = compound
    names = frozenset((node.attributes.get("class") or "").split())
    return (tag is None or tag == node.tag) and classes <= names


def _under(ancestors: tuple[_Compound, ...], node: LexborNode | None) -> bool:
    """Whether `node` or those above it hold the ancestors, the innermost nearest."""
    for compound in reversed(ancestors):
        while node is not None and not (node.tag and _matches(compound, node)):
            node = node.parent
        if node is None:
            return False
        node = node.parent
    return True


class _Lines:
    """Text being laid out: inline runs join, block edges break the line (once)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.current: list[str] = []

    def add(self, text: str) -> None:
        self.current.append(text)

    def newline(self) -> None:
        self.lines.append("".join(self.current))
        self.current = []

    def block_edge(self) -> None:
        if self.current and "".join(self.current).strip():
            self.newline()
        else:
            self.current = []

    def text(self) -> str:
        self.block_edge()
        lines = [" ".join(line.split(" ")).strip(" ") for line in self.lines]
        return "\n".join(_SPACE_RUNS.sub(" ", line) for line in lines) + "\n"


_SPACE_RUNS = re.compile(r" {2,}")


def _in_content(node: LexborNode) -> bool:
    """Inside an article, main part or section: a `<header>` there heads that content (its
    title, often the day the page is about), where one outside them is the site's banner."""
    parent = node.parent
    while parent is not None:
        if parent.tag in ("article", "main", "section"):
            return True
        parent = parent.parent
    return False


def _hidden(node: LexborNode) -> bool:
    attributes = node.attributes
    if "hidden" in attributes or attributes.get("aria-hidden") == "true":
        return True
    if node.tag == "a" and "headerlink" in (attributes.get("class") or "").split():
        # Sphinx, Jupyter Book and MkDocs put a permalink ("#", "¶") after every heading,
        # shown only on hover.
        return True
    style = (attributes.get("style") or "").replace(" ", "").lower()
    return "display:none" in style or "visibility:hidden" in style


class _Renderer:
    def __init__(self, styles: _Styles) -> None:
        self.styles = styles

    def render(self, node: LexborNode, out: _Lines, *, preformatted: bool) -> None:
        container = self.styles.display(node) in ("flex", "inline-flex", "grid", "inline-grid")
        for child in node.iter(include_text=True):
            tag = child.tag
            if tag == "-text":
                text = child.text_content or ""
                if container and text.strip():
                    out.block_edge()  # a run of text in a flex container is an item of its own
                out.add(text if preformatted else _SPACE.sub(" ", text))
                if container and text.strip():
                    out.block_edge()
                continue
            if tag is None or tag.startswith("-") or _hidden(child):
                continue
            if tag in _SKIPPED and not (tag == "header" and _in_content(child)):
                continue
            display = self.styles.display(child)
            if display == "none":
                continue
            if tag == "br":
                out.newline()
                continue
            if tag == "table":
                out.block_edge()
                self.render_table(child, out)
                out.block_edge()
                continue
            if (
                tag == "details"
                and "open" not in child.attributes
                and not _opens_on_the_programme(child)
            ):
                summary = child.css_first("summary")
                out.block_edge()
                if summary is not None:
                    self.render(summary, out, preformatted=preformatted)
                out.block_edge()
                continue
            block = (
                container
                or display in ("block", "flex", "grid", "list-item", "table")
                or (tag in _BLOCKS and display not in ("inline", "inline-block", "inline-flex"))
            )
            if block:
                out.block_edge()
            self.render(child, out, preformatted=preformatted or tag == "pre")
            if block:
                out.block_edge()

    def render_table(self, table: LexborNode, out: _Lines) -> None:
        _render_table(self, table, out)

    def cell_text(self, cell: LexborNode) -> str:
        inner = _Lines()
        self.render(cell, inner, preformatted=False)
        return inner.text().strip("\n")


def _rows(table: LexborNode) -> list[LexborNode]:
    """The table's own rows (not those of tables nested in its cells)."""
    rows = []
    for child in table.iter():
        if child.tag == "tr":
            rows.append(child)
        elif child.tag in ("thead", "tbody", "tfoot"):
            rows.extend(row for row in child.iter() if row.tag == "tr")
    return rows


def _render_table(renderer: _Renderer, table: LexborNode, out: _Lines) -> None:
    """Rows as TAB-joined cells. A cell spanning rows leaves its column empty in the rows below,
    so that every row's cells stay under their own header. Parallel sessions side by side
    under a header row naming each column's session, and items under a header row of rooms,
    are read column by column (see grid)."""
    by_day = _days_as_columns(renderer, table)
    if by_day is not None:
        for line in by_day:
            out.add(line)
            out.newline()
        return
    rows = _with_chair_column_as_labels(_table_cells(renderer, table))
    index = 0
    while index < len(rows):
        header = _as_grid_row(rows[index])
        body: list[Row] = []
        if is_room_column_row(header):
            # "9:15-9:45 | Room 1 | …" / " | Room 2 | …": a room per row in each slot.
            end = index
            while end < len(rows):
                row = _as_grid_row(rows[end])
                if not (is_room_column_row(row) or is_spanning_row(row) or not any(rows[end])):
                    break
                end += 1
            while end > index and not is_room_column_row(_as_grid_row(rows[end - 1])):
                end -= 1
            read = by_room_column([_as_grid_row(r) for r in rows[index:end] if any(r)])
            if read is not None:
                _add_read_lines(read, out)
                index = end
                continue
        if is_room_header_row(header):
            # Rooms over the columns, then blocks of sessions each under a row of their titles.
            following = [k for k in range(index + 1, len(rows)) if any(rows[k])]
            titled = read_titled_blocks(header, [_as_grid_row(rows[k]) for k in following])
            if titled is not None:
                _render_row(rows[index][:1], out)
                read_lines, used = titled
                _add_read_lines(read_lines, out)
                index = following[used - 1] + 1
                continue
        if (
            index + 1 < len(rows)
            and is_room_header_row(header)
            and is_titles_row(_as_grid_row(rows[index + 1]), len(header))
        ):
            # Rooms over the columns, then each room's session: the columns are sessions,
            # each in its room, read as a header of sessions is.
            _render_row(rows[index][:1], out)
            rooms, titles = rows[index], rows[index + 1]
            header = _as_grid_row(
                ["", *(f"{t} (Room: {r})" for t, r in zip(titles[1:], rooms[1:], strict=False))]
            )
            start = index + 2
            body = _grid_rows_while(rows, start, is_slot_row, len(header))
            if body:
                # each a session of its own, even with every talk on one line
                _add_read_lines(by_column(header, body), out)
                index = start + len(body)
                continue
            index += 1
            continue
        if is_times_header_row(header):
            # Slots over the columns, a room per row: read as the timetable of rooms it is.
            body = _grid_rows_while(rows, index + 1, is_room_row, len(header))
            if len(body) >= 2:
                turned_header, turned = rooms_as_columns(header, body)
                _add_read_lines(by_room(turned_header, turned, len(turned_header)), out)
                index += 1 + len(body)
                continue
            body = []
        if is_room_header_row(header):
            # Rooms over the columns: a row across them (a break) stays in the timetable.
            body = _grid_rows_while(rows, index + 1, _room_slot_or_across, len(header))
            slots = [row for row in body if is_room_slot_row(row, len(header))]
            if slots and needs_columns(slots):
                _add_read_lines(by_room(header, body, len(header)), out)
                index += 1 + len(body)
                continue
            body = []
        elif is_header_row(header):
            body = _grid_rows_while(rows, index + 1, is_slot_row, len(header))
        if body and needs_columns(body):
            _add_read_lines(by_column(header, body), out)
            index += 1 + len(body)
            continue
        _render_row(rows[index], out)
        index += 1


_Placed = tuple[int, int, int, int, str]  # row, column, rows and columns spanned, text
_DASH = re.compile(r"\s*[-–—~]\s*")


def _days_as_columns(renderer: _Renderer, table: LexborNode) -> list[str] | None:
    """A week's timetable with a column per day under a header row of days, a row per slot
    led by its time, and items spanning their length with `rowspan`, read day by day: each
    day's header, then each of its items under `start - end` (the time of its row and of the
    row its span ends at). A row holds only the items that start then, so row by row (as a
    copy gives them) the days interleave and the items' ends are lost. None for other tables.
    """
    placed: list[_Placed] = []
    taken: set[tuple[int, int]] = set()
    for at, row in enumerate(_rows(table)):
        column = 0
        for cell in (c for c in row.iter() if c.tag in _CELLS and not _hidden(c)):
            while (at, column) in taken:
                column += 1
            span, width = _span(cell, "rowspan"), _span(cell, "colspan")
            taken.update((at + r, column + c) for r in range(span) for c in range(width))
            placed.append((at, column, span, width, renderer.cell_text(cell)))
            column += width
    header = sorted((column, text) for at, column, _, _, text in placed if at == 0)
    if len(header) < 3 or header[0][0] != 0 or find_time_range(header[0][1]) is not None:
        return None
    days = {column: " ".join(text.split()) for column, text in header[1:]}
    if not all(parse_day_header(day) for day in days.values()):
        return None
    items = [p for p in placed if p[0] > 0 and p[1] > 0 and p[4].strip()]
    if not any(span > 1 for _, _, span, _, _ in items):
        return None
    times = {
        at: text.strip()
        for at, column, _, _, text in placed
        if at > 0 and column == 0 and len(text) <= 30 and find_time_range(text) is not None
    }
    if not items or any(at not in times for at, *_ in items):
        return None
    lines: list[str] = []
    for day_column, day in days.items():
        lines.append(day)
        for at, column, span, width, text in sorted(items):
            if not column <= day_column < column + width:
                continue
            first, *rest = _rejoined(text.split("\n"))
            lines.append(f"{_slot(times, at, span)}\t{first}")
            lines.extend(rest)
    return lines


def _slot(times: dict[int, str], at: int, span: int) -> str:
    """`09:00 - 10:00`: an item's time, from the time of its row to that of the row its span
    ends at (or the end of its last row's range)."""
    printed = times[at]
    if span == 1 and (found := find_time_range(printed)) is not None and found.end is not None:
        return printed
    start = _DASH.split(printed, maxsplit=1)[0]
    if at + span in times:
        end: str | None = _DASH.split(times[at + span], maxsplit=1)[0]
    else:
        last = times.get(at + span - 1, "")
        parts = _DASH.split(last, maxsplit=1)
        end = parts[1] if len(parts) == 2 else None
    return f"{start} - {end}" if end else start


def _grid_rows_while(
    rows: list[list[str]], first: int, keep: Callable[[Row, int], bool], columns: int
) -> list[Row]:
    """The rows from index `first` on, as grid rows, for as long as `keep(row, columns)`."""
    taken: list[Row] = []
    while first + len(taken) < len(rows):
        row = _as_grid_row(rows[first + len(taken)])
        if not keep(row, columns):
            break
        taken.append(row)
    return taken


def _room_slot_or_across(row: Row, columns: int) -> bool:
    """A slot row of a timetable of rooms, or a row across its rooms (a break)."""
    return is_room_slot_row(row, columns) or is_spanning_row(row)


def _add_read_lines(read: Iterable[Source], out: _Lines) -> None:
    """The lines a grid reader made of a table, each a line of the page's text."""
    for _, line in read:
        out.add(line)
        out.newline()


def _with_chair_column_as_labels(rows: list[list[str]]) -> list[list[str]]:
    """A column headed `Chair` (`主持人`, `Moderation`, ...) names each row's chair: its cell
    becomes a `Chair: Name` line under the first line of the row's item, as the page means."""
    for at, header in enumerate(rows):
        column = next(
            (
                i
                for i, cell in enumerate(header)
                if 0 < len(cell) <= 30 and "\n" not in cell and _names_a_role_only(cell)
            ),
            None,
        )
        if column is None or column == 0 or any(find_time_range(cell) for cell in header):
            continue
        label = header[column].rstrip(":： ")
        out = rows[: at + 1]
        for row in rows[at + 1 :]:
            row = list(row)
            item = next((i for i in range(min(column, len(row)) - 1, -1, -1) if row[i]), None)
            if column < len(row) and item is not None:
                name = row[column]
                row[column] = ""
                if _HAS_LETTER.search(name):  # "--", "-", "/": no chair
                    # under the item's first line, as a chair line follows a session's title
                    first, _, rest = row[item].partition("\n")
                    row[item] = f"{first}\n{label}: {name}" + (f"\n{rest}" if rest else "")
                while row and not row[-1]:
                    row.pop()
            out.append(row)
        return out
    return rows


_HAS_LETTER = re.compile(r"[^\W\d_]")


def _names_a_role_only(cell: str) -> bool:
    """`Chair`, `主持人:`: the heading of a chair column, not a cell naming one (`Chair: X`)."""
    label = cell.rstrip(":： ")
    found = CHAIR.match(f"{label}: X")
    return found is not None and found.end() >= len(label) + 1


def _as_grid_row(cells: list[str]) -> Row:
    return [[(0, normalise(line)) for line in cell.split("\n")] for cell in cells]


def _table_cells(renderer: _Renderer, table: LexborNode) -> list[list[str]]:
    """Each row's cells as text, with an empty cell where one above spans into the row."""
    rows: list[list[str]] = []
    pending: dict[int, int] = {}  # column -> rows it still spans
    for row in _rows(table):
        cells: list[str] = []
        column = 0
        for cell in (c for c in row.iter() if c.tag in _CELLS and not _hidden(c)):
            while pending.get(column, 0) > 0:
                pending[column] -= 1
                cells.append("")
                column += 1
            cells.append(renderer.cell_text(cell))
            span = _span(cell, "rowspan")
            width = _span(cell, "colspan")
            for offset in range(width):
                if span > 1:
                    pending[column + offset] = span - 1
            column += width
        while pending.get(column, 0) > 0:
            pending[column] -= 1
            cells.append("")
            column += 1
        while cells and not cells[-1]:
            cells.pop()
        if not any(cells):
            continue
        if sum(1 for cell in cells if cell) > 1 or cells[0] == "":
            # A table nested in one of several cells is that cell's text; alone in its row
            # (a page laid out with a table per row), its own cells are the row's.
            cells = [cell.replace("\t", " ") for cell in cells]
        rows.append(cells)
    return rows


def _is_label_word(line: str) -> bool:
    """`Journal`, `Dinner/`: one short word, as a label column prints."""
    return 0 < len(line) <= 12 and " " not in line and line.rstrip("/").isalpha()


def _render_row(cells: list[str], out: _Lines) -> None:
    """A cell of several lines keeps its first in the row and puts the others after it (where
    a browser would run the next cell on after its last line)."""
    parts = [_rejoined(cell.split("\n")) for cell in cells]
    if (
        len(parts) >= 2
        and 1 < len(parts[0]) <= 3
        and all(len(line) <= 20 for line in parts[0])
        and find_time_range(parts[0][0]) is not None
        and (len(parts) > 2 or all(DURATION.match(line) for line in parts[0][1:]))
    ):
        parts[0] = [" ".join(parts[0])]  # "10:45 - 11:15" / "30m": the slot and its length
    if len(parts) >= 3 and 1 < len(parts[-1]) <= 3 and all(_is_label_word(w) for w in parts[-1]):
        # "Journal<br/> Talk", "Dinner/<br/>Keynote": a label column's words broken by the
        # cell's width, one label, no track of its own beside the item.
        parts[-1] = [" ".join(parts[-1])]
    blocks = [index for index, part in enumerate(parts) if len(part) > 1]
    if _titles_beside_their_people(parts, blocks):
        # "9:00 | Title 1 / Title 2 | Names 1 / Names 2": a paragraph per talk in each cell,
        # the n-th list of names the n-th title's; a row per talk, each under the row's time.
        lead = [part[0] for part in parts[: blocks[0]]]
        titles, people = parts[blocks[0]], parts[blocks[1]]
        for title, names in zip(titles, people, strict=True):
            out.add("\t".join([*lead, title, names]))
            out.newline()
        return
    if len(blocks) >= 2 and all(len(part) == 1 for part in parts[: blocks[0]]):
        # "10:40 | Session A, its chair and papers | Session B, ...": parallel tracks side by
        # side, each a whole block. Read them one after the other, each under the row's
        # leading cells (its time), as the page means them.
        lead = [part[0] for part in parts[: blocks[0]]]
        for turn, index in enumerate(blocks):
            # A time cell between two blocks (between a session's spanning cell and its first
            # talk's) is the later block's time, kept before its first line.
            between = [
                part[0]
                for part in (parts[blocks[turn - 1] + 1 : index] if turn else [])
                if find_time_range(part[0]) is not None
            ]
            # Without a leading cell, a TAB opens each later block, as a browser copies it.
            first = (
                [*lead, *between, parts[index][0]]
                if lead or not turn
                else ["", *between, parts[index][0]]
            )
            out.add("\t".join(first))
            out.newline()
            for line in parts[index][1:]:
                out.add(line)
                out.newline()
        return
    person = _person_cell_with_workplace(parts)
    if person is not None:
        # "09:30 – 09:50 | Ana Silva<br>UNIMORE | Title": the workplace under the speaker's
        # name, inside the cell, runs on into the next cells, as a browser copies the row; so
        # it stays beside its name rather than falling under the title.
        out.add("\t".join(part[0] for part in parts[: person + 1]))
        out.newline()
        out.add("\t".join([parts[person][1], *(part[0] for part in parts[person + 1 :])]))
        out.newline()
        return
    # Each cell's first line stays in its column; what a cell breaks onto further lines
    # (an author line under a title) follows the row, cell by cell.
    out.add("\t".join(part[0] for part in parts))
    out.newline()
    for part in parts:
        for line in part[1:]:
            out.add(line)
            out.newline()


def _titles_beside_their_people(parts: list[list[str]], blocks: list[int]) -> bool:
    """The row's last two cells, of several lines each, as many in both, the first's lines
    not names and the second's each a list of names: the talks of a slot, a line each."""
    if len(blocks) != 2 or blocks != [len(parts) - 2, len(parts) - 1]:
        return False
    if not all(len(part) == 1 for part in parts[: blocks[0]]):
        return False
    titles, people = parts[blocks[0]], parts[blocks[1]]
    if len(titles) != len(people):
        return False
    return not any(is_name_like(t) for t in titles) and all(
        all(is_name_like(name.strip()) for name in line.split(",")) for line in people
    )


def _person_cell_with_workplace(parts: list[list[str]]) -> int | None:
    """In a timed row of filled single-line cells, the index of the one middle cell of two
    lines, a person's name then a short line (where they work, not a note in parentheses such
    as `(cancelled)`); else None."""
    if len(parts) < 3 or find_time_range(parts[0][0]) is None:
        return None
    if not all(part[0] for part in parts):
        return None  # a grid's row, its empty cells standing for other columns
    several = [index for index, part in enumerate(parts) if len(part) > 1]
    if len(several) != 1 or not 0 < several[0] < len(parts) - 1:
        return None
    name, *rest = parts[several[0]]
    if len(rest) != 1 or len(name.split()) < 2 or not is_name_like(name):
        return None
    workplace = rest[0]
    if len(workplace) > 60 or not workplace[:1].isalnum() or is_name_like_strict(workplace):
        return None
    return several[0]


def _rejoined(lines: list[str]) -> list[str]:
    """A cell's lines with those a `<br>` broke off mid-phrase put back on the line before."""
    out: list[str] = []
    for line in lines:
        if out and broken_mid_phrase(line):
            out[-1] = f"{out[-1]} {line.strip()}"
        else:
            out.append(line)
    return out


def _span(cell: LexborNode, name: str) -> int:
    value = cell.attributes.get(name) or "1"
    return max(1, min(int(value), 100)) if value.strip().isdigit() else 1
