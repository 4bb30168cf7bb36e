"""iCalendar feeds (.ics) -> Program."""

from __future__ import annotations

import contextlib
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.errors import ProgramParseError
from bot.model import Paper, Person, Program, Session, SessionKind
from bot.parsing import ParseOptions
from bot.parsing.detect import is_structured, parse_program
from bot.parsing.icalendar_feed import looks_like_icalendar, parse_icalendar
from bot.services.calendar import calendar_file

BERLIN = ZoneInfo("Europe/Berlin")


def _calendar(*events: str, header: str = "") -> str:
    """A calendar of `events` (each the lines between BEGIN:VEVENT and END:VEVENT)."""
    body = "".join(f"BEGIN:VEVENT\r\n{event.strip()}\r\nEND:VEVENT\r\n" for event in events)
    return (
        f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n{header}{body}END:VCALENDAR\r\n"
    )


def _event(summary: str, start: str = "DTSTART:20250612T090000Z", *extra: str) -> str:
    return "\r\n".join([f"SUMMARY:{summary}", start, *extra])


def _parse(text: str, timezone: str | None = None, name: str | None = None) -> Program:
    return parse_icalendar(text, ParseOptions(source="feed.ics", timezone=timezone, name=name))


def _only(program: Program) -> Session:
    assert len(program.sessions) == 1, program.sessions
    return program.sessions[0]


def _messages(program: Program) -> list[tuple[int, str]]:
    return [(warning.line, warning.message) for warning in program.warnings]


# ------------------------------------------------------------------ detection


def test_detected_by_content_and_read_field_by_field() -> None:
    text = _calendar(_event("Opening", "DTSTART:20250612T090000Z", "DTEND:20250612T093000Z"))
    assert looks_like_icalendar("\ufeff \r\nbegin:vcalendar\r\n")
    assert not looks_like_icalendar("BEGIN:VCARD\r\n")
    assert is_structured(text)
    assert _only(parse_program(text, ParseOptions(timezone="UTC"))).title == "Opening"


# ------------------------------------------------------------------ times and zones


def test_utc_and_tzid_times_are_shown_in_the_program_zone() -> None:
    text = _calendar(
        _event("In UTC", "DTSTART:20250612T070000Z", "DTEND:20250612T080000Z"),
        _event(
            "In New York",
            "DTSTART;TZID=America/New_York:20250612T030000",
            "DTEND;TZID=America/New_York:20250612T040000",
        ),
    )
    program = _parse(text, timezone="Europe/Berlin")
    for session in program.sessions:
        assert session.start == datetime(2025, 6, 12, 9, 0, tzinfo=BERLIN), session.title
        assert session.end == datetime(2025, 6, 12, 10, 0, tzinfo=BERLIN)
        assert session.start is not None
        assert session.start.tzinfo == BERLIN


def test_the_zone_comes_from_x_wr_timezone_and_floating_times_are_read_in_it() -> None:
    text = _calendar(
        _event("Floating", "DTSTART:20250612T090000", "DTEND:20250612T100000"),
        header="X-WR-CALNAME:MiniConf 2025\r\nX-WR-TIMEZONE:Europe/Lisbon\r\n",
    )
    program = _parse(text)
    assert program.conference.timezone == "Europe/Lisbon"
    assert program.conference.name == "MiniConf 2025"
    assert program.conference.year == 2025
    session = _only(program)
    assert session.start == datetime(2025, 6, 12, 9, 0, tzinfo=ZoneInfo("Europe/Lisbon"))
    assert not program.warnings


def test_without_a_calendar_zone_the_events_tzid_names_it_even_a_windows_one() -> None:
    vtimezone = (
        "BEGIN:VTIMEZONE\r\nTZID:W. Europe Standard Time\r\n"
        "BEGIN:STANDARD\r\nDTSTART:16010101T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\n"
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r\nEND:STANDARD\r\n"
        "BEGIN:DAYLIGHT\r\nDTSTART:16010101T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\n"
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r\nEND:DAYLIGHT\r\nEND:VTIMEZONE\r\n"
    )
    text = _calendar(
        _event("Outlook", "DTSTART;TZID=W. Europe Standard Time:20250612T090000"),
        header=vtimezone,
    )
    program = _parse(text)
    assert program.conference.timezone == "Europe/Berlin"
    assert _only(program).start == datetime(2025, 6, 12, 9, 0, tzinfo=BERLIN)


def test_an_unknown_tzid_is_read_in_the_program_zone_with_a_warning() -> None:
    text = _calendar(_event("Elsewhere", "DTSTART;TZID=Mars/Olympus:20250612T090000"))
    program = _parse(text, timezone="Europe/Berlin")
    assert _only(program).start == datetime(2025, 6, 12, 9, 0, tzinfo=BERLIN)
    assert any(
        line == 6 and "unknown time zone 'Mars/Olympus'" in message
        for line, message in _messages(program)
    ), program.warnings


def test_duration_gives_the_end_when_there_is_no_dtend() -> None:
    text = _calendar(_event("Tutorial", "DTSTART:20250612T090000Z", "DURATION:PT2H30M"))
    session = _only(_parse(text, timezone="UTC"))
    assert session.end == datetime(2025, 6, 12, 11, 30, tzinfo=ZoneInfo("UTC"))


def test_duration_is_elapsed_time_across_a_dst_change() -> None:
    text = _calendar(
        _event("Night shift", "DTSTART;TZID=Europe/Berlin:20250330T013000", "DURATION:PT1H")
    )
    session = _only(_parse(text, timezone="Europe/Berlin"))
    assert session.start is not None
    assert session.end is not None
    assert session.end.astimezone(UTC) - session.start.astimezone(UTC) == timedelta(hours=1)
    assert session.end.hour == 3  # 01:30 CET + 1 h = 03:30 CEST


def test_an_all_day_event_is_an_untimed_item_on_its_day() -> None:
    text = _calendar(
        _event("Registration desk open", "DTSTART;VALUE=DATE:20250612"),
        _event(
            "Poster exhibition",
            "DTSTART;VALUE=DATE:20250612",
            "DTEND;VALUE=DATE:20250615",
        ),
    )
    program = _parse(text, timezone="Europe/Berlin", name="MiniConf")
    desk, posters = program.sessions
    assert (desk.day, desk.start, desk.end) == (date(2025, 6, 12), None, None)
    assert desk.notes == ("all day",)
    assert posters.day == date(2025, 6, 12)
    assert posters.notes == ("all day, until 2025-06-14",)
    assert not program.warnings


def test_a_broken_time_is_a_warning_at_its_line() -> None:
    text = _calendar(
        _event("Talk", "DTSTART:20250612T090000Z", "DTEND:tomorrow", "LOCATION:Hall A")
    )
    program = _parse(text, timezone="UTC")
    session = _only(program)
    assert session.room == "Hall A"
    assert session.end is None
    assert any(line == 7 and "unreadable DTEND" in message for line, message in _messages(program))


# ------------------------------------------------------------------ text: folding, escapes


def test_folded_lines_and_escapes_are_read_as_one_value() -> None:
    text = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\n"
        "SUMMARY:Graphs\\, trees and the Erdős–\r\n Rényi model\r\n"
        "DTSTART:20250612T090000Z\r\n"
        "LOCATION:Room 1\\;\r\n\t2nd floor\r\n"
        "END:VEVENT\r\nEND:VCALENDAR\r\n"
    )
    session = _only(_parse(text, timezone="UTC"))
    assert session.title == "Graphs, trees and the Erdős–Rényi model"
    assert session.room == "Room 1;2nd floor"
    assert session.line == 3


def test_lines_are_counted_in_lf_only_files_too() -> None:
    text = _calendar(_event("One"), _event("Two", "DTSTART:bad")).replace("\r\n", "\n")
    program = _parse(text, timezone="UTC")
    assert [session.line for session in program.sessions] == [4, 8]
    assert any(line == 10 and "unreadable DTSTART" in m for line, m in _messages(program))


# ------------------------------------------------------------------ malformed files


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        ("BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:x\nthis is not a property\n", 4, "content line"),
        ("BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:x\nEND:VCALENDAR\n", 4, "closes BEGIN:VEVENT"),
        ("BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:x\n", 2, "never closed"),
        ("BEGIN:VCALENDAR\nEND:VCALENDAR\nSUMMARY:x\n", 3, "outside"),
        ("BEGIN:VCALENDAR\nEND:VEVENT\n", 2, "closes BEGIN:VCALENDAR"),
        ('BEGIN:VCALENDAR\nDTSTART;TZID="Europe/Ber:1\nEND:VCALENDAR\n', 2, "content line"),
    ],
)
def test_a_malformed_file_is_refused_naming_its_line(text: str, line: int, reason: str) -> None:
    with pytest.raises(ProgramParseError) as raised:
        _parse(text)
    assert raised.value.line == line
    assert reason in raised.value.reason
    assert str(raised.value).startswith(f"feed.ics:{line}: ")


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet='BEGINDVCALRTSUMY:;="\\, \r\n\t0123456789TZ-', max_size=200))
def test_any_text_gives_a_program_or_a_parse_error_never_a_traceback(noise: str) -> None:
    text = "BEGIN:VCALENDAR\r\n" + noise
    with contextlib.suppress(ProgramParseError):
        parse_icalendar(text, ParseOptions(timezone="UTC"))


# ------------------------------------------------------------------ what is not an item


def test_a_repeating_event_is_left_out_with_a_warning_naming_its_line() -> None:
    text = _calendar(
        _event("Daily stand-up", "DTSTART:20250612T080000Z", "RRULE:FREQ=DAILY;COUNT=3"),
        _event("Keynote", "DTSTART:20250612T090000Z"),
    )
    program = _parse(text, timezone="UTC")
    assert [s.title for s in program.sessions] == ["Keynote"]
    assert (
        7,
        "event 1 ('Daily stand-up'): a repeating event (RRULE), not a conference item; left out",
    ) in _messages(program)


def test_a_cancelled_event_is_left_out_with_a_warning() -> None:
    text = _calendar(_event("Withdrawn talk", "DTSTART:20250612T080000Z", "STATUS:CANCELLED"))
    program = _parse(text, timezone="UTC")
    assert program.sessions == ()
    assert (7, "event 1 ('Withdrawn talk'): cancelled; left out") in _messages(program)


# ------------------------------------------------------------------ people, kinds, notes


def test_a_labelled_description_names_speakers_chairs_and_track() -> None:
    description = (
        "DESCRIPTION:Speakers: Ada Lovelace (Analytical Engines)\\, Dr. Charles Babbage\\n"
        "Session chair: Grace Hopper\\nTrack: Theory\\nWe compute.\\n\\nMore soon."
    )
    text = _calendar(
        _event(
            "Engines - Ada Lovelace, Charles Babbage",
            "DTSTART:20250612T090000Z",
            description,
            "CATEGORIES:Talk",
        )
    )
    session = _only(_parse(text, timezone="UTC"))
    assert session.title == "Engines"
    assert session.kind is SessionKind.PAPERS
    assert session.papers == (
        Paper(
            title="Engines",
            authors=(Person("Ada Lovelace", "Analytical Engines"), Person("Charles Babbage")),
            start=session.start,
            line=4,
        ),
    )
    assert session.chairs == (Person("Grace Hopper"),)
    assert session.track == "Theory"
    assert session.notes == ("We compute.", "More soon.")


def test_attendee_roles_name_speakers_and_chairs_but_plain_attendees_do_not() -> None:
    text = _calendar(
        _event(
            "Panel on peer review",
            "DTSTART:20250612T090000Z",
            "ATTENDEE;ROLE=CHAIR;CN=Bo Li:mailto:bo@example.org",
            'ATTENDEE;ROLE=REQ-PARTICIPANT;CN="Doe, Jane":mailto:jane@example.org',
            "ATTENDEE;CN=Someone Invited:mailto:x@example.org",
        )
    )
    session = _only(_parse(text, timezone="UTC"))
    assert session.chairs == (Person("Bo Li"),)
    assert [a.name for p in session.papers for a in p.authors] == ["Doe, Jane"]


def test_organizers_are_speakers_only_where_they_differ_between_events() -> None:
    one_publisher = _calendar(
        _event("Talk A", "DTSTART:20250612T090000Z", "ORGANIZER;CN=The Society:mailto:s@x.org"),
        _event("Talk B", "DTSTART:20250612T100000Z", "ORGANIZER;CN=The Society:mailto:s@x.org"),
    )
    publisher_read = _parse(one_publisher, timezone="UTC").sessions
    assert [a for s in publisher_read for p in s.papers for a in p.authors] == []
    per_talk = _calendar(
        _event("Talk A", "DTSTART:20250612T090000Z", "ORGANIZER;CN=Ann Lee:mailto:s@x.org"),
        _event("Talk B", "DTSTART:20250612T100000Z", "ORGANIZER:Ben Cho, Cy Dunn"),
        _event("Coffee break", "DTSTART:20250612T110000Z", "ORGANIZER;CN=Host Team:mailto:h@x"),
    )
    sessions = _parse(per_talk, timezone="UTC").sessions
    assert [[a.name for p in s.papers for a in p.authors] for s in sessions] == [
        ["Ann Lee"],
        ["Ben Cho", "Cy Dunn"],
        [],
    ]
    assert sessions[2].kind is SessionKind.BREAK


def test_categories_give_the_kind() -> None:
    text = _calendar(
        _event("Ada Lovelace", "DTSTART:20250612T090000Z", "CATEGORIES:Keynote,Plenary"),
        _event("Lunch & Learn", "DTSTART:20250612T120000Z", "CATEGORIES:Workshop"),
        _event("Foyer", "DTSTART:20250612T150000Z", "CATEGORIES:Coffee Break"),
    )
    kinds = [s.kind for s in _parse(text, timezone="UTC").sessions]
    assert kinds == [SessionKind.KEYNOTE, SessionKind.PAPERS, SessionKind.BREAK]


# ------------------------------------------------------------------ ids


def test_ids_are_stable_across_reparses_and_unrelated_edits() -> None:
    talks = [_event(f"Talk {n}", f"DTSTART:2025061{n}T090000Z") for n in range(1, 4)]
    first = _parse(_calendar(*talks), timezone="UTC")
    again = _parse(_calendar(*talks), timezone="UTC")
    edited = _parse(_calendar(talks[0], talks[1] + "\r\nLOCATION:Moved", talks[2]), timezone="UTC")
    assert [s.id for s in first.sessions] == [s.id for s in again.sessions]
    assert [s.id for s in first.sessions] == [s.id for s in edited.sessions]
    assert len({s.id for s in first.sessions}) == 3


# ------------------------------------------------------------------ our own export


def test_confbots_own_calendar_export_reads_back() -> None:
    start = datetime(2025, 6, 12, 9, 0, tzinfo=BERLIN)
    sessions = [
        Session(
            id="s1",
            title="Storage",
            kind=SessionKind.PAPERS,
            day=start.date(),
            start=start,
            end=start.replace(hour=10),
            room="Hall 2",
            chairs=(Person("Bo Li", "ETH"),),
        ),
        Session(
            id="s2",
            title="Coffee break",
            kind=SessionKind.BREAK,
            day=start.date(),
            start=start.replace(hour=10),
            end=start.replace(hour=10, minute=30),
        ),
    ]
    exported = calendar_file(
        "x.ics",
        "MiniConf",
        sessions,
        slug="mini",
        zone="Europe/Berlin",
        stamp=datetime(2025, 6, 1, tzinfo=UTC),
    )
    program = _parse(exported.data.decode())
    assert program.conference.name == "MiniConf"
    assert program.conference.timezone == "Europe/Berlin"
    read = [(s.title, s.kind, s.start, s.end, s.room, s.chairs) for s in program.sessions]
    assert read == [(s.title, s.kind, s.start, s.end, s.room, s.chairs) for s in sessions]


def test_an_event_begun_inside_another_names_the_unclosed_one() -> None:
    text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:a\nBEGIN:VEVENT\nSUMMARY:b\nEND:VEVENT\n"
    with pytest.raises(ProgramParseError) as raised:
        _parse(text + "END:VCALENDAR\n")
    assert raised.value.line == 2
    assert "line 4 begins another before its END:VEVENT" in raised.value.reason


def test_a_summary_naming_its_speakers_gives_them_and_the_title_before_them() -> None:
    text = _calendar(
        _event("Python's GIL (talk by Larry Hastings)", "DTSTART:20150918T103000Z"),
        _event("Games on iOS (talk by Safe Hammad & Fiona Burrows)", "DTSTART:20150918T110000Z"),
        _event("Security (workshop by Peter Inglesby)", "DTSTART:20150918T120000Z"),
        _event("AI for Climate (By invitation only)", "DTSTART:20150918T130000Z"),
    )
    sessions = _parse(text, timezone="UTC").sessions
    read = [(s.title, [a.name for p in s.papers for a in p.authors]) for s in sessions]
    assert read == [
        ("Python's GIL", ["Larry Hastings"]),
        ("Games on iOS", ["Safe Hammad", "Fiona Burrows"]),
        ("Security", ["Peter Inglesby"]),
        ("AI for Climate (By invitation only)", []),
    ]


def test_html_character_references_in_values_are_read() -> None:
    text = _calendar(
        _event(
            "Data &amp; Society",
            "DTSTART:20250612T090000Z",
            "LOCATION:Online &amp; in-person; Seminar",
            "DESCRIPTION:Tickets: https://example.org/e?aff&#x3D;schedule\\nR&D stays",
        )
    )
    session = _only(_parse(text, timezone="UTC"))
    assert session.title == "Data & Society"
    assert session.room == "Online & in-person; Seminar"
    assert session.notes == ("Tickets: https://example.org/e?aff=schedule", "R&D stays")
