"""The walk: every lexed line goes to the handler of its kind, in reading order."""

from __future__ import annotations

import re

from bot.parsing.calendar import DayDraft
from bot.parsing.lexer import Line, LineKind
from bot.parsing.page import page_sections_start
from bot.parsing.structure.drafts import DEFAULT_READING, NOISE, UNSURE
from bot.parsing.structure.head_lines import HeadLines
from bot.parsing.structure.phrases import opens_next_cell
from bot.parsing.structure.text_lines import TextLines
from bot.parsing.structure.time_lines import TimeLines
from bot.parsing.timeexpr import find_date, parse_day_header


class Builder(TimeLines, HeadLines, TextLines):
    """Walks lexed lines once, building session and paper drafts and warnings."""

    def __init__(self, lines: list[Line]) -> None:
        super().__init__(lines)
        self.handlers = {
            LineKind.BLANK: self.on_blank,
            LineKind.JUNK: self.on_junk,
            LineKind.DAY: self.on_day,
            LineKind.META: self.on_meta,
            LineKind.TIME: self.on_time,
            LineKind.CHAIR: self.on_chair,
            LineKind.LOCATION: self.on_location,
            LineKind.ROOM: self.on_room,
            LineKind.START_AT: self.on_start_at,
            LineKind.DURATION: self.on_duration,
            LineKind.LINK: self.on_link,
            LineKind.TITLE_LABEL: self.on_title_label,
            LineKind.TABLE_HEADER: self.on_table_header,
            LineKind.ZONE_NOTE: self.on_zone_note,
            LineKind.SESSION_HEADER: self.on_session_header,
            LineKind.LABEL: self.on_label,
            LineKind.TEXT: self.on_text,
        }

    def run(self) -> None:
        lines = self.lines
        start = self._program_start()
        end = page_sections_start(lines)
        self._date_of_the_page(start)
        i = 0
        while i < len(lines):
            line = lines[i]
            if i < start and line.kind in (LineKind.TEXT, LineKind.JUNK):
                self.read(line.number, NOISE, 0.8)
                self.warn(line.number, f"before the program starts; ignored: {line.text[:80]!r}")
                i += 1
                continue
            if i >= end and line.kind is not LineKind.BLANK:
                # "Venue" / "Contact" / "Sponsors" below the program: the page's other sections
                self.read(line.number, NOISE, 0.8)
                self.warn(line.number, f"after the program ends; ignored: {line.text[:80]!r}")
                i += 1
                continue
            if self.columns and opens_next_cell(line):
                self._next_column_cell()
            if i in self.item_times:
                self._open_item_timed_below(i)
            if self._on_day_columns(line, lines[i + 1] if i + 1 < len(lines) else None):
                i += 1
                continue
            self.walking = i
            consumed = self.handlers[line.kind](i, line)
            if line.kind is not LineKind.BLANK:
                self.read(line.number, *DEFAULT_READING[line.kind])
            i += consumed or 1
        self.flush_pending_authors()
        for number, reading in sorted(self.readings.items()):
            if reading.confidence < UNSURE:
                self.warn(number, f"unsure of this line; read it as {reading.label}")

    def _program_start(self) -> int:
        """Index of the first line of the program proper: the line above its first time, day,
        session header or chair (a title printed above its time), or the line above a pretalx
        meta line. Text before it is the page's introduction, legend or navigation."""
        anchors = (
            LineKind.DAY,
            LineKind.TIME,
            LineKind.META,
            LineKind.SESSION_HEADER,
            LineKind.CHAIR,
            LineKind.TABLE_HEADER,
        )
        found = [i for i, line in enumerate(self.lines) if line.kind in anchors]
        if len(found) > 1 and _spans_the_events_days(self.lines[found[0]]):
            # "Toronto April 29th – May 2nd 2015" in the site's header: when the event is, not
            # a day of the program; the header and menu under it come before the program.
            found = found[1:]
        first = found[0] if found else None
        if first is None:
            return 0
        above = first - 1
        while above >= 0 and self.lines[above].kind is LineKind.BLANK:
            above -= 1
        titled = (
            above >= 0
            and self.lines[first].kind not in (LineKind.TABLE_HEADER, LineKind.DAY)
            and self.lines[above].kind is LineKind.TEXT
            and len(self.lines[above].text.split()) <= 20
        )
        return above if titled else first

    def _date_of_the_page(self, start: int) -> None:
        """A one-day program that prints no day header names its date once, in its
        introduction ("Held with EuroSys 2023 on May 8th 2023, Rome"): every item is on it."""
        if any(line.kind in (LineKind.DAY, LineKind.META) for line in self.lines):
            return
        for line in self.lines[: max(start, 1)]:
            found = find_date(line.text)
            if found is not None and found.month is not None and found.day is not None:
                self.days.append(DayDraft(line.text[:60], found, line.number))
                return
        heads = self.lines[start].cells if start < len(self.lines) else []
        days = [parse_day_header(cell) for cell in heads if cell]
        if len(days) >= 2 and all(days):
            # "| Mardi 22 juin | Mercredi 23 juin |" over a grid of the days side by side (its
            # rowspans lose the columns in a copy), then the first day's items: they are on
            # the first day.
            first = days[0]
            assert first is not None
            self.days.append(DayDraft(first[1], first[0], self.lines[start].number))


# "April 29th – May 2nd", "29 April – 2 May": a day, a dash, then another day (not a clock).
_DAY_SPAN = re.compile(
    r"(?:\d{1,2}(?:st|nd|rd|th)?|[^\W\d_]{3,}\.?)\s*[-–—]\s*(?:[^\W\d_]{3,}\.?\s+)?"
    r"\d{1,2}(?:st|nd|rd|th)?\b(?![:.h]\d)"
)


def _spans_the_events_days(line: Line) -> bool:
    """Is this day line a span of days (the event's dates), rather than one day?"""
    if line.kind is not LineKind.DAY or line.day is None:
        return False
    return _DAY_SPAN.search(line.text, line.day.span[0]) is not None
