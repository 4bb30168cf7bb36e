"""pretalx / frab-compatible ``schedule.json`` -> `bot.model.Program`.

The JSON export of pretalx (and of frab, and of the tools that copy them) nests events as
``schedule.conference.days[].rooms{ROOM: [event, ...]}``; each event carries an ISO ``date`` with
its UTC offset, a local ``start`` ("HH:MM") and a ``duration`` ("HH:MM"). Newer flavours may also
list events once under ``schedule.events`` with ISO ``start``/``end``; both are read. Without a
``conference``, the talks of pretalx's API (each with a ``slot``) are read wherever they sit.

This module only turns the JSON into `bot.parsing.frab_model` records; `build_frab_program`
interprets them the same way as for the frab XML. Pure: no I/O beyond the text it is given.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from bot.errors import ProgramParseError
from bot.model import ParseWarning, Person, Program
from bot.parsing import ParseOptions
from bot.parsing.frab_model import FrabEvent, FrabHeader, build_frab_program

__all__ = ["looks_like_pretalx_json", "parse_pretalx_json"]

_BOM_AND_SPACE = "\ufeff \t\r\n"
_DATE_PREFIX = re.compile(r"(\d{4})-\d{2}-\d{2}")


# --------------------------------------------------------------------------------------------
# The JSON syntax.
# --------------------------------------------------------------------------------------------


def looks_like_pretalx_json(text: str) -> bool:
    """Whether `text` is a frab-compatible schedule JSON (``{"schedule": {"conference": ...}}``)."""
    stripped = text.lstrip(_BOM_AND_SPACE)
    if not stripped.startswith("{"):
        return False
    try:
        data = json.loads(stripped)
    except (ValueError, RecursionError):
        return False
    return _schedule(data) is not None or next(_talk_objects(data), None) is not None


def parse_pretalx_json(text: str, options: ParseOptions) -> Program:
    """Parse a pretalx / frab ``schedule.json``; one session per event, holding one paper.

    Raises `ProgramParseError` for text that is not JSON or not shaped like a schedule; odd
    values inside the schedule become `ParseWarning`s instead.
    """
    try:
        data = json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as error:
        raise ProgramParseError(
            f"not valid JSON: {error.msg}", source=options.source, line=error.lineno
        ) from None
    except (ValueError, RecursionError) as error:
        raise ProgramParseError(f"not valid JSON: {error}", source=options.source) from None
    schedule = _schedule(data)
    if schedule is None:
        talks = list(_talk_objects(data))
        if not talks:
            raise ProgramParseError(
                'not a schedule export: expected {"schedule": {"conference": {...}}} or'
                ' pretalx talks with a "slot"',
                source=options.source,
            )
        api_events = [_api_talk(ordinal, talk) for ordinal, talk in enumerate(talks, 1)]
        return build_frab_program(FrabHeader(), api_events, options)
    conference: dict[str, Any] = schedule["conference"]
    header = FrabHeader(
        title=_text(conference.get("title")),
        acronym=_text(conference.get("acronym")),
        time_zone_name=_text(conference.get("time_zone_name")),
        start=_text(conference.get("start")),
    )
    warnings: list[ParseWarning] = []
    events: list[FrabEvent] = []
    for ordinal, (raw, day, room) in enumerate(_raw_events(schedule, conference, warnings), 1):
        if isinstance(raw, dict):
            events.append(_event(ordinal, raw, day, room))
        else:
            warnings.append(ParseWarning(0, f"event {ordinal} is not an object; ignored"))
    return build_frab_program(header, events, options, warnings)


def _talk_objects(data: object) -> Iterator[dict[str, Any]]:
    """pretalx API talks (``{"title", "speakers", "slot": {"start", "end", "room"}}``) wherever
    the document holds them, in document order: the API's ``{"results": [...]}`` pages, a plain
    list, or a site's own arrangement of them (PyConFR's ``{"schedule": {DAY: {MINUTE: {ROOM:
    talk}}}}``)."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            slot = value.get("slot")
            if "title" in value and isinstance(slot, dict) and "start" in slot:
                yield value
                continue
            stack.extend(reversed(list(value.values())))
        elif isinstance(value, list):
            stack.extend(reversed(value))


def _api_talk(ordinal: int, raw: dict[str, Any]) -> FrabEvent:
    """One pretalx API talk as a frab event: its slot gives the ISO start, end and room (names
    may be translated, ``{"en": "GAM", "fr": "GAM"}``), its submission type the type."""
    title = _text(raw.get("title"))
    where = f"event {ordinal} ({title!r})" if title else f"event {ordinal}"
    problems: list[ParseWarning] = []
    persons = _persons(raw.get("speakers"), where, problems)
    slot: dict[str, Any] = raw["slot"]
    return FrabEvent(
        ordinal=ordinal,
        title=title,
        date=_text(slot.get("start")),
        end=_text(slot.get("end")),
        room=_name(slot.get("room")),
        track=_name(raw.get("track")),
        event_type=_name(raw.get("submission_type")),
        persons=persons,
        problems=tuple(problems),
    )


def _schedule(data: object) -> dict[str, Any] | None:
    """The object holding ``conference``: under ``schedule`` or, unwrapped, the top level."""
    if not isinstance(data, dict):
        return None
    schedule = data.get("schedule", data)
    if isinstance(schedule, dict) and isinstance(schedule.get("conference"), dict):
        return schedule
    return None


_RawEvent = tuple[object, str | None, str | None]


def _raw_events(
    schedule: dict[str, Any], conference: dict[str, Any], warnings: list[ParseWarning]
) -> Iterator[_RawEvent]:
    """(event, day date, room name) in file order: days, their rooms as listed, their events.

    A flat ``schedule.events`` list (schedule v2) is read only where the days list no events, so
    an export that carries both is not read twice.
    """
    found = 0
    days = conference.get("days", [])
    if not isinstance(days, list):
        warnings.append(ParseWarning(0, "conference 'days' is not a list; ignored"))
        days = []
    for day_number, day in enumerate(days, start=1):
        if not isinstance(day, dict):
            warnings.append(ParseWarning(0, f"day {day_number} is not an object; ignored"))
            continue
        day_date = _text(day.get("date"))
        rooms = day.get("rooms", {})
        if isinstance(rooms, dict):
            for room_name, room_events in rooms.items():
                for item in _room_events(
                    room_events, day_date, _text(room_name), day_number, warnings
                ):
                    found += 1
                    yield item
        elif isinstance(rooms, list):
            for room in rooms:
                if isinstance(room, dict):
                    events = room.get("events", room.get("talks"))
                    for item in _room_events(
                        events, day_date, _text(room.get("name")), day_number, warnings
                    ):
                        found += 1
                        yield item
                else:
                    warnings.append(
                        ParseWarning(0, f"day {day_number}: a room is not an object; ignored")
                    )
        else:
            warnings.append(ParseWarning(0, f"day {day_number}: 'rooms' is not an object; ignored"))
    flat = schedule.get("events")
    if found:
        return
    if isinstance(flat, list):
        for event in flat:
            yield event, None, None
    elif flat is not None:
        warnings.append(ParseWarning(0, "schedule 'events' is not a list; ignored"))


def _room_events(
    events: object,
    day_date: str | None,
    room: str | None,
    day_number: int,
    warnings: list[ParseWarning],
) -> Iterator[_RawEvent]:
    if not isinstance(events, list):
        warnings.append(
            ParseWarning(0, f"day {day_number}, room {room!r}: events are not a list; ignored")
        )
        return
    for event in events:
        yield event, day_date, room


def _event(
    ordinal: int,
    raw: dict[str, Any],
    day: str | None,
    room: str | None,
) -> FrabEvent:
    title = _text(raw.get("title")) or _text(raw.get("name"))
    date_text = _text(raw.get("date"))
    start_text = _text(raw.get("start"))
    if date_text is None and start_text is not None and _DATE_PREFIX.match(start_text):
        date_text, start_text = start_text, None  # an ISO date-time "start" (schedule v2)
    where = f"event {ordinal} ({title!r})" if title else f"event {ordinal}"
    problems: list[ParseWarning] = []
    persons = _persons(_first(raw, "persons", "speakers", "participants"), where, problems)
    return FrabEvent(
        ordinal=ordinal,
        title=title,
        date=date_text,
        start=start_text,
        duration=_text(raw.get("duration")),
        end=_text(raw.get("end")),
        day=day,
        room=_name(raw.get("room")) or room,
        track=_name(raw.get("track")),
        event_type=_name(raw.get("type")),
        subtitle=_text(raw.get("subtitle")),
        url=_text(raw.get("url")),
        persons=persons,
        problems=tuple(problems),
    )


def _persons(value: object, where: str, warnings: list[ParseWarning]) -> tuple[Person, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        warnings.append(ParseWarning(0, f"{where}: 'persons' is not a list; no speakers kept"))
        return ()
    people: list[Person] = []
    for item in value:
        if isinstance(item, dict):
            name = (
                _text(item.get("public_name"))
                or _text(item.get("name"))
                or _text(item.get("full_name"))
            )
            affiliation = next(
                (
                    text
                    for key in ("affiliation", "organization", "organisation")
                    if (text := _text(item.get(key)))
                ),
                None,
            )
        else:
            name, affiliation = _text(item) if isinstance(item, str) else None, None
        if name is None:
            warnings.append(ParseWarning(0, f"{where}: a speaker without a name; left out"))
            continue
        people.append(Person(name=name, affiliation=affiliation))
    return tuple(people)


def _text(value: object) -> str | None:
    """A JSON scalar as whitespace-normalised text; a translated ``{"en": ...}`` as one text."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, str):
        return " ".join(value.split()) or None
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, dict):
        preferred = value.get("en")
        if isinstance(preferred, str) and preferred.strip():
            return _text(preferred)
        return next((t for v in value.values() if isinstance(v, str) and (t := _text(v))), None)
    return None


def _name(value: object) -> str | None:
    """A room, track or type given as text or as an object with a ``name``."""
    if isinstance(value, dict) and "name" in value:
        return _text(value["name"])
    return _text(value)


def _first(raw: dict[str, Any], *keys: str) -> object:
    """The value of the first of `keys` that `raw` has (exports name the same field apart)."""
    return next((raw[key] for key in keys if key in raw), None)
