"""frab / pentabarf / pretalx ``schedule.xml`` -> `bot.model.Program`.

``<schedule><conference>...</conference><day date=...><room name=...><event guid id>`` with
``date``, ``start``, ``duration``, ``room``, ``title``, ``subtitle``, ``track``, ``type``, ``url``
and ``<persons>`` children (`_person` reads the encodings exports use). Site-made look-alikes
are read too: events (or ``<entry>``) straight under ``<day>``, speakers as ``<speakers>`` or
as ``<person>`` elements in the event, ``<category>`` for the type. The XML is read only
through `defusedxml`, which refuses entity declarations (the "billion laughs" expansion) and
external references. Each element remembers its source line for warnings. Interpretation is
shared with the JSON importer (`bot.parsing.frab_model.build_frab_program`). Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Protocol
from xml.etree.ElementTree import Element, ParseError, TreeBuilder
from xml.parsers.expat import ErrorString

from defusedxml.common import DefusedXmlException  # type: ignore[import-untyped]
from defusedxml.ElementTree import DefusedXMLParser  # type: ignore[import-untyped]

from bot.errors import ProgramParseError
from bot.model import ParseWarning, Person, Program
from bot.parsing import ParseOptions
from bot.parsing.authors import parse_author_line
from bot.parsing.frab_model import FrabEvent, FrabHeader, build_frab_program

__all__ = ["looks_like_frab_xml", "parse_frab_xml"]

_BOM_AND_SPACE = "\ufeff \t\r\n"
_SCHEDULE_TAG = re.compile(r"<schedule[\s>/]")
_SNIFF_CHARS = 4096


def looks_like_frab_xml(text: str) -> bool:
    """Whether `text` starts like an XML document whose root is ``<schedule>``."""
    head = text.lstrip(_BOM_AND_SPACE)[:_SNIFF_CHARS]
    return head.startswith("<") and _SCHEDULE_TAG.search(head) is not None


def parse_frab_xml(text: str, options: ParseOptions) -> Program:
    """Parse a frab-style ``schedule.xml``; one session per ``<event>``, holding one paper.

    Raises `ProgramParseError` for malformed XML (with the parser's line), for XML that declares
    entities, and for a document whose root is not ``<schedule>``. Odd values inside the
    schedule become `ParseWarning`s at the line of their element.
    """
    root, lines = _parse_tree(text, options.source)
    if root.tag != "schedule":
        raise ProgramParseError(
            f"not a frab schedule: the root element is <{root.tag}>, not <schedule>",
            source=options.source,
            line=lines.get(root, 0),
        )
    warnings: list[ParseWarning] = []
    conference = root.find("conference")
    if conference is None:
        warnings.append(ParseWarning(lines.get(root, 0), "no <conference> element"))
        header = FrabHeader()
    else:
        header = FrabHeader(
            title=_child_text(conference, "title"),
            acronym=_child_text(conference, "acronym"),
            time_zone_name=_child_text(conference, "time_zone_name"),
            start=_child_text(conference, "start"),
        )
    events: list[FrabEvent] = []
    for day in root.iterfind("day"):
        day_date = _clean(day.get("date"))
        for child in day:
            if child.tag == "room":
                room_name = _clean(child.get("name"))
                for element in child:
                    if element.tag in _EVENT_TAGS:
                        events.append(_event(len(events) + 1, element, day_date, room_name, lines))
            elif child.tag in _EVENT_TAGS:
                # Site-made exports (EuroPython's) list a day's events without a room level,
                # each naming its own room.
                events.append(_event(len(events) + 1, child, day_date, None, lines))
    return build_frab_program(header, events, options, warnings)


_EVENT_TAGS = frozenset({"event", "entry"})


def _event(
    ordinal: int,
    element: Element,
    day: str | None,
    room: str | None,
    lines: dict[Element, int],
) -> FrabEvent:
    line = lines.get(element, 0)
    title = _child_text(element, "title")
    where = f"event {ordinal} ({title!r})" if title else f"event {ordinal}"
    people: list[Person] = []
    problems: list[ParseWarning] = []
    for person, listed in _person_elements(element):
        speakers = _person(person) if listed else _loose_persons(person)
        if not speakers and (listed or _clean(person.text)):
            problems.append(
                ParseWarning(
                    lines.get(person, line), f"{where}: a speaker without a name; left out"
                )
            )
        people.extend(speakers)
    return FrabEvent(
        ordinal=ordinal,
        title=title,
        line=line or None,
        date=_child_text(element, "date"),
        start=_child_text(element, "start"),
        duration=_child_text(element, "duration"),
        end=_child_text(element, "end"),
        day=day,
        room=_child_text(element, "room") or room,
        track=_child_text(element, "track"),
        event_type=_child_text(element, "type") or _child_text(element, "category"),
        subtitle=_child_text(element, "subtitle"),
        url=_child_text(element, "url"),
        persons=tuple(people),
        problems=tuple(problems),
    )


def _person_elements(event: Element) -> list[tuple[Element, bool]]:
    """The event's speaker elements, each with whether it sits in a list (one person each).

    frab and pretalx list ``<persons><person>``; site-made exports use ``<speakers><speaker>``
    or put ``<person>`` elements straight into the event, one of which may name several people.
    """
    for group, tag in (("persons", "person"), ("speakers", "speaker")):
        found = event.find(group)
        if found is not None:
            return [(person, True) for person in found.iterfind(tag)]
    return [(person, False) for person in event.iterfind("person")]


def _loose_persons(person: Element) -> tuple[Person, ...]:
    """A ``<person>`` straight inside an event: a name, or several (``Prof. Dr. A, B``), read as
    an author line (academic titles dropped), unless it has the fields of a listed person."""
    if len(person):
        return _person(person)
    text = _clean(person.text)
    if text is None:
        return ()
    return tuple(p for p in parse_author_line(text).authors if p.name)


_NAME_TAGS = ("public_name", "name", "full_name")
_AFFILIATION_TAGS = ("affiliation", "organization", "organisation")
# Fields of a speaker that are not their name (pretalx exports a code and a biography).
_NOT_NAME_TAGS = frozenset(
    {
        "code",
        "biography",
        "bio",
        "description",
        "profile",
        "image",
        "avatar",
        "email",
        "url",
        "links",
        "answers",
        *_AFFILIATION_TAGS,
    }
)


def _person(person: Element) -> tuple[Person, ...]:
    """A ``<person>`` in any of the encodings exports mix, even within one file; None if nameless.

    frab prints the name as the element's text (``<person id="7">Name</person>``); pretalx-fed
    exports nest it among other fields (``<person><code>X</code><public_name>Name</public_name>
    <biography>...</biography></person>``, or ``<name>``). A name child wins, in the order the
    JSON importer reads them; without one, the name is the element's text, leaving out the text
    of fields that are not a name (a code, a biography). The affiliation is an attribute or a
    child element, where an export gives one. Empty when the element names no one.
    """
    name = _first_child_text(person, _NAME_TAGS)
    if name is None:
        parts = [person.text or ""]
        for child in person:
            if child.tag not in _NOT_NAME_TAGS:
                parts.extend(child.itertext())
            parts.append(child.tail or "")
        name = _clean("".join(parts))
    if name is None:
        return ()
    affiliation = _clean(person.get("affiliation")) or _first_child_text(person, _AFFILIATION_TAGS)
    return (Person(name=name, affiliation=affiliation),)


def _first_child_text(element: Element, tags: tuple[str, ...]) -> str | None:
    return next((text for tag in tags if (text := _child_text(element, tag))), None)


def _child_text(element: Element, tag: str) -> str | None:
    child = element.find(tag)
    return None if child is None else _clean("".join(child.itertext()))


def _clean(text: str | None) -> str | None:
    return (" ".join(text.split()) or None) if text else None


# --------------------------------------------------------------------------------------------
# A defused parse that remembers each element's line.
# --------------------------------------------------------------------------------------------


class _Expat(Protocol):
    CurrentLineNumber: int


class _LineTrackingBuilder:
    """A tree-builder target that notes the line of each element's start tag."""

    def __init__(self) -> None:
        self._builder = TreeBuilder()
        self.lines: dict[Element, int] = {}
        self.current_line: Callable[[], int] = lambda: 0

    def start(self, tag: str, attrs: dict[str, str]) -> Element:
        element = self._builder.start(_local(tag), attrs)
        self.lines[element] = self.current_line()
        return element

    def end(self, tag: str) -> Element:
        return self._builder.end(_local(tag))

    def data(self, data: str) -> None:
        self._builder.data(data)

    def close(self) -> Element:
        return self._builder.close()


def _local(tag: str) -> str:
    """``{namespace}name`` -> ``name``: exports with a default namespace read the same."""
    return tag.rpartition("}")[2]


def _parse_tree(text: str, source: str | None) -> tuple[Element, dict[Element, int]]:
    """The element tree of `text` and the line of each element, through `defusedxml` only.

    Leading white space (not allowed before ``<?xml``) is skipped, and line numbers still count
    from the top of the given text.
    """
    body = text.lstrip(_BOM_AND_SPACE)
    skipped = text[: len(text) - len(body)].count("\n")
    builder = _LineTrackingBuilder()
    parser = DefusedXMLParser(target=builder, forbid_entities=True, forbid_external=True)
    expat: _Expat = parser.parser
    builder.current_line = lambda: expat.CurrentLineNumber + skipped
    try:
        parser.feed(body)
        root: Element = parser.close()
    except ParseError as error:
        line, _column = error.position
        raise ProgramParseError(
            f"malformed XML: {ErrorString(error.code)}", source=source, line=line + skipped
        ) from None
    except DefusedXmlException:
        raise ProgramParseError(
            "the XML declares entities or external references, which are refused",
            source=source,
            line=builder.current_line(),
        ) from None
    except UnicodeError:
        raise ProgramParseError("the XML text is not valid Unicode", source=source) from None
    return root, builder.lines
