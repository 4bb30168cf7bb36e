"""Recognise what a program file is by its content, not its name, and parse it."""

from __future__ import annotations

from bot.errors import ProgramParseError
from bot.model import Program
from bot.parsing import ParseOptions
from bot.parsing.frab_xml import looks_like_frab_xml, parse_frab_xml
from bot.parsing.html import html_to_text, is_html_document, looks_like_html
from bot.parsing.icalendar_feed import looks_like_icalendar, parse_icalendar
from bot.parsing.markdown import looks_like_markdown, markdown_to_html
from bot.parsing.org import looks_like_org, org_to_text
from bot.parsing.pretalx_json import looks_like_pretalx_json, parse_pretalx_json
from bot.parsing.spreadsheet import parse_spreadsheet, spreadsheet_format
from bot.parsing.text import parse_text


def parse_program_data(data: bytes, options: ParseOptions) -> Program:
    """Parse the bytes of a program file of any supported format (by content, then by the name
    in `options.source`); raises ProgramParseError only."""
    sheet = spreadsheet_format(data, options.source)
    if sheet is not None:
        return parse_spreadsheet(data, options, sheet)
    return parse_program(decode_program(data, options.source), options)


def decode_program(data: bytes, source: str | None = None) -> str:
    """Bytes of a program file as text; binary data is refused with its place."""
    if b"\x00" in data[:65536]:
        raise ProgramParseError("binary data, not program text", source=source, line=1)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        try:
            return data.decode("cp1252")
        except UnicodeDecodeError:
            raise ProgramParseError(
                "not UTF-8 text (save the program as UTF-8)", source=source, line=line
            ) from error


def is_structured(text: str) -> bool:
    """A pretalx/frab export (JSON or XML) or an iCalendar feed, read field by field rather
    than line by line."""
    text = text.removeprefix("\ufeff")
    head = text.lstrip()[:1]
    return (
        (head in "{[" and bool(head) and looks_like_pretalx_json(text))
        or (head == "<" and looks_like_frab_xml(text))
        or looks_like_icalendar(text)
    )


def parse_program(text: str, options: ParseOptions) -> Program:
    """Parse a program of any supported format; raises ProgramParseError only."""
    text = text.removeprefix("\ufeff")
    head = text.lstrip()[:1]
    if head in "{[" and head and looks_like_pretalx_json(text):
        return parse_pretalx_json(text, options)
    if head == "<" and looks_like_frab_xml(text):
        return parse_frab_xml(text, options)
    if looks_like_icalendar(text):
        return parse_icalendar(text, options)
    if head in "{[" and head and not looks_like_markdown(text):
        raise ProgramParseError(
            "JSON, but not a pretalx/frab schedule.json (no schedule.conference.days)",
            source=options.source,
            line=1,
        )
    return parse_text(page_text(text), options)


def page_text(text: str) -> str:
    """The text a person would copy from the page a file shows: a web page's visible text, the
    page a Markdown source renders as, or plain text as it is."""
    if is_html_document(text):
        return html_to_text(text)
    if looks_like_org(text):
        return org_to_text(text)
    if looks_like_markdown(text):
        return html_to_text(markdown_to_html(text))
    if looks_like_html(text):
        return html_to_text(text)
    return text
