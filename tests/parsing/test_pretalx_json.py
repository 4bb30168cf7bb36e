"""pretalx / frab-compatible schedule.json -> Program."""

from __future__ import annotations

import contextlib
import json
import random
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from bot.errors import ProgramParseError
from bot.model import Paper, Person, Program, Session, SessionKind
from bot.parsing import ParseOptions
from bot.parsing.pretalx_json import looks_like_pretalx_json, parse_pretalx_json

DATA = Path(__file__).parent.parent / "data" / "structured"
BERLIN = ZoneInfo("Europe/Berlin")


def _read(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def _parse(fixture: str, **options: Any) -> Program:
    return parse_pretalx_json(_read(fixture), ParseOptions(source=fixture, **options))


def _by_title(program: Program) -> dict[str | None, Session]:
    return {session.title: session for session in program.sessions}


def _schedule(events: list[Any], **conference: Any) -> str:
    """A minimal pretalx export: one day, one room, the given events."""
    head = {"acronym": "mini", "title": "MiniConf", "time_zone_name": "Europe/Berlin"}
    days = [{"index": 1, "date": "2025-06-12", "rooms": {"Main Hall": events}}]
    return json.dumps(
        {"schedule": {"version": "1", "conference": head | conference | {"days": days}}}
    )


def _talk(**fields: Any) -> dict[str, Any]:
    event: dict[str, Any] = {
        "guid": "0b8f1b5c-0000-4000-8000-00000000000f",
        "id": 15,
        "date": "2025-06-12T09:00:00+02:00",
        "start": "09:00",
        "duration": "00:30",
        "room": "Main Hall",
        "title": "A Talk",
        "type": "Talk",
        "persons": [{"id": 1, "public_name": "Ann Speaker"}],
    }
    return event | fields


# ------------------------------------------------------------------ the realistic fixture


def test_fixture_conference() -> None:
    program = _parse("pretalx-schedule.json")
    assert program.conference.name == "PyConf Example 2025"
    assert program.conference.timezone == "Europe/Berlin"
    assert program.conference.year == 2025
    assert program.conference.source == "pretalx-schedule.json"
    assert program.warnings == ()


def test_fixture_keeps_source_order_days_then_rooms_then_events() -> None:
    program = _parse("pretalx-schedule.json")
    assert [(s.day, s.room, s.title) for s in program.sessions] == [
        (date(2025, 6, 12), "Main Hall", "Opening Session"),
        (date(2025, 6, 12), "Main Hall", "Keynote: The Future of Typed Python"),
        (date(2025, 6, 12), "Main Hall", "Coffee Break"),
        (date(2025, 6, 12), "Main Hall", "Async All the Way Down"),
        (date(2025, 6, 12), "Room 101", "Hands-on Workshop: Packaging with Hatch"),
        (date(2025, 6, 12), "Room 202", "Panel: Social Media and Open Source"),
        (date(2025, 6, 13), "Main Hall", "Lightning Talks"),
        (date(2025, 6, 13), "Main Hall", "Conference Dinner"),
        (date(2025, 6, 13), "Room 101", "Poster Session"),
    ]


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("Opening Session", SessionKind.PLENARY),  # type "Talk": the title decides
        ("Keynote: The Future of Typed Python", SessionKind.KEYNOTE),
        ("Coffee Break", SessionKind.BREAK),
        ("Async All the Way Down", SessionKind.PAPERS),
        ("Hands-on Workshop: Packaging with Hatch", SessionKind.PAPERS),
        ("Panel: Social Media and Open Source", SessionKind.PAPERS),  # type "Panel" beats "Social"
        ("Lightning Talks", SessionKind.PAPERS),
        ("Conference Dinner", SessionKind.SOCIAL),
        ("Poster Session", SessionKind.POSTERS),
    ],
)
def test_fixture_kinds(title: str, kind: SessionKind) -> None:
    assert _by_title(_parse("pretalx-schedule.json"))[title].kind is kind


def test_keynote_is_one_paper_with_both_speakers() -> None:
    keynote = _by_title(_parse("pretalx-schedule.json"))["Keynote: The Future of Typed Python"]
    start = datetime(2025, 6, 12, 9, 15, tzinfo=BERLIN)
    assert keynote.start == start
    assert keynote.end == start + timedelta(hours=1)
    assert keynote.start.utcoffset() == timedelta(hours=2)
    assert keynote.track == "Python Core"
    assert keynote.chairs == ()
    assert keynote.papers == (
        Paper(
            title="Keynote: The Future of Typed Python",
            authors=(Person("Ada Lovelace"), Person("Grace Hopper")),
            url="https://pretalx.example.org/pyconf-2025/talk/KEY9ZT/",
            start=start,
            end=start + timedelta(hours=1),
        ),
    )


def test_non_ascii_speaker_names_are_kept_exactly() -> None:
    sessions = _by_title(_parse("pretalx-schedule.json"))
    assert sessions["Async All the Way Down"].papers[0].authors == (
        Person("Zoë Ångström-Nakamura"),
    )
    assert [p.name for p in sessions["Lightning Talks"].papers[0].authors] == [
        "李小龍",
        "Sigríður Jónsdóttir",
    ]


def test_person_with_only_name_field() -> None:
    workshop = _by_title(_parse("pretalx-schedule.json"))["Hands-on Workshop: Packaging with Hatch"]
    assert workshop.papers[0].authors == (Person("José Müller"),)


@pytest.mark.parametrize("title", ["Coffee Break", "Conference Dinner", "Poster Session"])
def test_items_without_speakers_hold_no_paper(title: str) -> None:
    assert _by_title(_parse("pretalx-schedule.json"))[title].papers == ()


def test_every_time_is_aware_and_in_the_conference_zone() -> None:
    for session in _parse("pretalx-schedule.json").sessions:
        assert session.start is not None
        assert session.end is not None
        assert session.start.tzinfo == BERLIN
        assert session.end > session.start
        assert session.day == session.start.date()


def test_ids_are_unique_and_stable() -> None:
    first = _parse("pretalx-schedule.json")
    again = _parse("pretalx-schedule.json")
    ids = [s.id for s in first.sessions]
    assert len(set(ids)) == len(ids)
    assert all(ids)
    assert ids == [s.id for s in again.sessions]


def test_options_win_over_the_file() -> None:
    program = _parse("pretalx-schedule.json", name="PyConf", timezone="America/New_York", year=2030)
    assert program.conference.name == "PyConf"
    assert program.conference.timezone == "America/New_York"
    assert program.conference.year == 2030
    opening = program.sessions[0]
    # 09:00 in Berlin (+02:00) is 03:00 in New York (-04:00): the same instant, shown locally.
    assert opening.start == datetime(2025, 6, 12, 3, 0, tzinfo=ZoneInfo("America/New_York"))
    assert opening.start is not None
    assert opening.start.hour == 3


def test_unknown_option_time_zone_is_refused() -> None:
    with pytest.raises(ProgramParseError, match="Mars/Olympus"):
        _parse("pretalx-schedule.json", timezone="Mars/Olympus")


# ------------------------------------------------------------------ edge cases


def test_edge_cases_file() -> None:
    program = _parse("pretalx-edge-cases.json")
    sessions = _by_title(program)
    messages = [w.message for w in program.warnings]

    assert program.conference.timezone == "UTC"
    assert messages[0] == "the file names no time zone; times shown in UTC"

    tba = sessions["Speakers To Be Announced"]  # no "persons" key at all
    assert tba.kind is SessionKind.PAPERS
    assert tba.papers == (
        Paper(
            title="Speakers To Be Announced",
            url="https://pretalx.example.org/edgecon/talk/AAAAAA/",
            start=tba.start,
            end=tba.end,
        ),
    )

    bad_duration = sessions["A Talk With a Bad Duration"]
    assert bad_duration.start == datetime(2025, 3, 10, 10, 0, tzinfo=ZoneInfo("UTC"))
    assert bad_duration.end is None
    assert any("event 2 " in m and "'1h30'" in m for m in messages)

    repaired = sessions["Repaired From the Day and Start"]
    assert repaired.start == datetime(2025, 3, 10, 14, 0, tzinfo=ZoneInfo("UTC"))
    assert repaired.end == datetime(2025, 3, 10, 14, 45, tzinfo=ZoneInfo("UTC"))
    assert any("event 3 " in m and "not-a-date" in m and "instead" in m for m in messages)

    lost = sessions["Nowhere in Time"]
    assert (lost.start, lost.end, lost.day) == (None, None, date(2025, 3, 10))
    assert lost.papers[0].authors == (Person("Dana Lost"),)
    assert any("event 4 " in m and "without start and end" in m for m in messages)

    assert "event 5 is not an object; ignored" in messages
    assert "day 2 is not an object; ignored" in messages

    translated = sessions["A Translated Talk"]
    assert translated.room == "Hall A (upstairs)"
    assert translated.track == "Security"
    assert translated.start == datetime(2025, 3, 10, 16, 0, tzinfo=ZoneInfo("UTC"))  # naive date
    assert translated.papers[0].authors == (
        Person("Eve Spaces", "ACME Labs"),
        Person("Frank Plain"),
    )
    assert sum("event 6 " in m and "without a name" in m for m in messages) == 2

    # A talk-type item with a speaker stays a talk even if its title sounds like a meal.
    assert sessions["Lunch and Learn: Typed Dataclasses"].kind is SessionKind.PAPERS
    lunch = sessions["Lunch"]
    assert (lunch.kind, lunch.papers, lunch.end) == (SessionKind.BREAK, (), None)
    assert any("event 8 " in m and "no duration" in m for m in messages)

    untitled = sessions[None]
    assert untitled.papers[0].title == "(untitled)"
    assert untitled.papers[0].authors == (Person("Hal Untitled"),)
    assert len(program.sessions) == 8
    assert all(w.line == 0 for w in program.warnings)


def test_empty_schedule() -> None:
    program = _parse("pretalx-empty.json")
    assert program.sessions == ()
    assert program.conference.name == "QuietCon 2026"
    assert program.conference.timezone == "America/New_York"
    assert [w.message for w in program.warnings] == [
        "the schedule lists no events; the program is empty"
    ]


def test_unknown_file_time_zone_falls_back_to_utc_with_a_warning() -> None:
    program = parse_pretalx_json(
        _schedule([_talk()], time_zone_name="Europe/Atlantis"), ParseOptions()
    )
    assert program.conference.timezone == "UTC"
    assert "Europe/Atlantis" in program.warnings[0].message
    assert program.sessions[0].start == datetime(2025, 6, 12, 7, 0, tzinfo=ZoneInfo("UTC"))


def test_duration_is_elapsed_time_across_a_dst_change() -> None:
    # Berlin springs forward at 02:00 on 2025-03-30: 01:30 CET plus one hour is 03:30 CEST.
    text = _schedule([_talk(date="2025-03-30T01:30:00+01:00", start="01:30", duration="01:00")])
    session = parse_pretalx_json(text, ParseOptions()).sessions[0]
    assert session.end == datetime(2025, 3, 30, 3, 30, tzinfo=BERLIN)
    assert session.end is not None
    assert session.start is not None
    # Same-zone subtraction is wall-clock time (two hours here); elapsed time is one hour.
    assert session.end.astimezone(UTC) - session.start.astimezone(UTC) == timedelta(hours=1)


@pytest.mark.parametrize(
    ("duration", "length"),
    [
        ("00:30", timedelta(minutes=30)),
        ("1:30", timedelta(minutes=90)),
        ("00:45:30", timedelta(minutes=45, seconds=30)),
        ("26:00", timedelta(hours=26)),
    ],
)
def test_duration_forms(duration: str, length: timedelta) -> None:
    session = parse_pretalx_json(_schedule([_talk(duration=duration)]), ParseOptions()).sessions[0]
    assert session.start is not None
    assert session.end == session.start + length


@pytest.mark.parametrize("duration", ["1h30", "-00:30", "00:75", "", "abc"])
def test_bad_duration_keeps_start_and_warns(duration: str) -> None:
    program = parse_pretalx_json(_schedule([_talk(duration=duration)]), ParseOptions())
    assert program.sessions[0].start is not None
    assert program.sessions[0].end is None
    assert len(program.warnings) == 1
    assert program.warnings[0].message.startswith("event 1 ('A Talk'): ")


def test_type_names_the_kind_before_the_title() -> None:
    events = [
        _talk(title="Closing the Gap", type="Keynote"),
        _talk(title="Hallway Track", type="Coffee Break", persons=[]),
        _talk(title="Evening at the Museum", type="Social Event", persons=[]),
        _talk(title="Works in Progress", type="Poster", persons=[]),
        _talk(title="Welcome Everyone", type="Opening Ceremony", persons=[]),
    ]
    kinds = [s.kind for s in parse_pretalx_json(_schedule(events), ParseOptions()).sessions]
    assert kinds == [
        SessionKind.KEYNOTE,
        SessionKind.BREAK,
        SessionKind.SOCIAL,
        SessionKind.POSTERS,
        SessionKind.PLENARY,
    ]


def test_schedule_v2_flat_events() -> None:
    text = json.dumps(
        {
            "schedule": {
                "version": "2",
                "conference": {
                    "acronym": "hubcon",
                    "title": "HubCon",
                    "time_zone_name": "Europe/Berlin",
                    "days": [{"index": 1, "date": "2025-12-27"}],
                },
                "events": [
                    {
                        "guid": "0b8f1b5c-0000-4000-8000-0000000000ff",
                        "start": "2025-12-27T11:00:00+01:00",
                        "end": "2025-12-27T11:40:00+01:00",
                        "room": {"name": "Saal 1", "guid": "0b8f1b5c-0000-4000-8000-0000000000ee"},
                        "title": "Opening the Hub",
                        "type": "talk",
                        "participants": [{"name": "Rita Role", "role": "speaker"}],
                    }
                ],
            }
        }
    )
    session = parse_pretalx_json(text, ParseOptions()).sessions[0]
    assert session.room == "Saal 1"
    assert session.start == datetime(2025, 12, 27, 11, 0, tzinfo=BERLIN)
    assert session.end == datetime(2025, 12, 27, 11, 40, tzinfo=BERLIN)
    assert session.papers[0].authors == (Person("Rita Role"),)


def test_flat_events_are_not_read_twice_when_days_list_them() -> None:
    document = json.loads(_schedule([_talk()]))
    document["schedule"]["events"] = [_talk(title="Copy in the flat list")]
    program = parse_pretalx_json(json.dumps(document), ParseOptions())
    assert [s.title for s in program.sessions] == ["A Talk"]


def test_event_with_nothing_in_it_is_an_untitled_other_item() -> None:
    program = parse_pretalx_json(_schedule([{"start": "10:00"}]), ParseOptions())
    [session] = program.sessions
    assert (session.title, session.kind, session.papers) == (None, SessionKind.OTHER, ())
    assert session.start == datetime(2025, 6, 12, 10, 0, tzinfo=BERLIN)
    assert [w.message for w in program.warnings] == [
        "event 1: no duration; kept without an end time",
        "event 1: no title and no speakers",
    ]


def test_unwrapped_schedule_is_accepted() -> None:
    wrapped = json.loads(_schedule([_talk()]))
    text = json.dumps(wrapped["schedule"])
    assert looks_like_pretalx_json(text)
    assert parse_pretalx_json(text, ParseOptions()).sessions[0].title == "A Talk"


def test_byte_order_mark_is_ignored() -> None:
    assert parse_pretalx_json("\ufeff" + _schedule([_talk()]), ParseOptions()).sessions


# ------------------------------------------------------------------ refusals and sniffing


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("", 1),
        ('{\n  "schedule": {\n    "conference": ,\n  }\n}', 3),
        ("not json at all", 1),
    ],
)
def test_invalid_json_is_refused_with_its_line(text: str, line: int) -> None:
    with pytest.raises(ProgramParseError, match="not valid JSON") as caught:
        parse_pretalx_json(text, ParseOptions(source="bad.json"))
    assert caught.value.line == line
    assert caught.value.source == "bad.json"


@pytest.mark.parametrize(
    "text",
    [
        "[]",
        "42",
        '"schedule"',
        '{"schedule": []}',
        '{"schedule": {}}',
        '{"schedule": {"conference": "PyConf"}}',
        "{}",
    ],
)
def test_json_that_is_no_schedule_is_refused(text: str) -> None:
    with pytest.raises(ProgramParseError, match="not a schedule export"):
        parse_pretalx_json(text, ParseOptions())


def test_deeply_nested_json_is_refused_not_crashed() -> None:
    with pytest.raises(ProgramParseError):
        parse_pretalx_json("[" * 100_000 + "]" * 100_000, ParseOptions())


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("pretalx-schedule.json", True),
        ("pretalx-edge-cases.json", True),
        ("pretalx-empty.json", True),
        ("frab-schedule.xml", False),
    ],
)
def test_looks_like_fixtures(name: str, expected: bool) -> None:
    assert looks_like_pretalx_json(_read(name)) is expected


@pytest.mark.parametrize(
    "text",
    ["", "{", "[1, 2]", '{"title": "PyConf"}', "Monday 9:00 Keynote", "{" * 10_000],
)
def test_does_not_look_like_pretalx_json(text: str) -> None:
    assert not looks_like_pretalx_json(text)


# ------------------------------------------------------------------ robustness
# A seeded fuzz over values real exports get wrong: deterministic, so a failure names its seed.

_ODD_TEXT = [
    "",
    " ",
    "09:00",
    "25:99",
    "00:30",
    "1h30",
    "2025-06-12",
    "2025-06-12T09:00:00+02:00",
    "2025-02-30T09:00",
    "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59-12:00",
    "Europe/Berlin",
    "../../etc/passwd",
    "Keynote",
    "Break",
    "\x00",
    "Zoë",
    "-1:00",
]
_FIELDS = [
    "date",
    "start",
    "duration",
    "end",
    "room",
    "title",
    "subtitle",
    "track",
    "type",
    "url",
    "persons",
    "speakers",
    "participants",
    "name",
    "public_name",
]


def _odd_value(rng: random.Random, depth: int = 0) -> Any:
    choice = rng.randrange(9 if depth < 3 else 6)
    if choice == 0:
        return None
    if choice == 1:
        return rng.choice([True, False, 0, -1, 10**30, 1.5, float("inf")])
    if choice in (2, 3, 4, 5):
        return rng.choice(_ODD_TEXT)
    if choice in (6, 7):
        return [_odd_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(_FIELDS): _odd_value(rng, depth + 1) for _ in range(rng.randrange(4))}


def _odd_event(rng: random.Random) -> Any:
    if rng.random() < 0.1:
        return _odd_value(rng)
    return {field: _odd_value(rng) for field in rng.sample(_FIELDS, rng.randrange(len(_FIELDS)))}


@pytest.mark.parametrize("seed", range(300))
def test_odd_values_never_raise(seed: int) -> None:
    rng = random.Random(seed)
    events = [_odd_event(rng) for _ in range(rng.randrange(5))]
    text = _schedule(events, time_zone_name=_odd_value(rng))
    program = parse_pretalx_json(text, ParseOptions())
    for session in program.sessions:
        assert session.id
        for moment in (session.start, session.end):
            assert moment is None or moment.tzinfo is not None


@pytest.mark.parametrize("seed", range(100))
def test_any_conference_value_parses_or_is_refused(seed: int) -> None:
    rng = random.Random(seed)
    conference = _odd_value(rng)
    if isinstance(conference, dict) and rng.random() < 0.5:
        conference["days"] = [_odd_value(rng) for _ in range(3)]
    text = json.dumps({"schedule": {"conference": conference}})
    with contextlib.suppress(ProgramParseError):
        parse_pretalx_json(text, ParseOptions())


# --------------------------------------------------------------------------------------------
# pretalx API talks (found in a real site: tests/data/found-sheets/pyconfr-2024-schedule.json).
# --------------------------------------------------------------------------------------------


def _api_talk(title: str, room: object, start: str, end: str, *names: str) -> dict[str, object]:
    return {
        "code": "ABC123",
        "title": title,
        "speakers": [{"code": "X", "name": name, "biography": None} for name in names],
        "submission_type": {"en": "Talk", "fr": "Conférence"},
        "slot": {"room": room, "start": start, "end": end},
    }


def test_an_api_talk_page_is_read_talk_by_talk() -> None:
    page = {
        "count": 2,
        "next": None,
        "results": [
            _api_talk(
                "Typing Python",
                {"en": "Hall", "fr": "Salle"},
                "2024-11-02T10:30:00+01:00",
                "2024-11-02T10:55:00+01:00",
                "Ana Ruiz",
                "Bo Li",
            ),
            _api_talk("Packaging", "C01", "2024-11-02T11:00:00+01:00", "2024-11-02T11:30:00+01:00"),
        ],
    }
    text = json.dumps(page)
    assert looks_like_pretalx_json(text)
    program = parse_pretalx_json(text, ParseOptions(timezone="Europe/Paris", source="talks.json"))
    first, second = program.sessions
    assert first.room == "Hall"
    assert first.start == datetime(2024, 11, 2, 10, 30, tzinfo=ZoneInfo("Europe/Paris"))
    assert first.end == datetime(2024, 11, 2, 10, 55, tzinfo=ZoneInfo("Europe/Paris"))
    assert [a.name for a in first.papers[0].authors] == ["Ana Ruiz", "Bo Li"]
    assert second.room == "C01"


def test_json_without_a_conference_or_slotted_talks_is_not_a_schedule() -> None:
    text = json.dumps({"results": [{"title": "A talk", "slot": None}]})
    assert not looks_like_pretalx_json(text)
    with pytest.raises(ProgramParseError, match="pretalx talks"):
        parse_pretalx_json(text, ParseOptions(source="talks.json"))
