"""frab / pentabarf / pretalx schedule.xml -> Program."""

from __future__ import annotations

import contextlib
import json
import random
from dataclasses import replace
from datetime import date, datetime
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape
from zoneinfo import ZoneInfo

import pytest

from bot.errors import ProgramParseError
from bot.model import Person, Program, Session, SessionKind
from bot.parsing import ParseOptions
from bot.parsing.frab_xml import looks_like_frab_xml, parse_frab_xml
from bot.parsing.pretalx_json import parse_pretalx_json
from tests.parsing.scoring import norm

DATA = Path(__file__).parent.parent / "data" / "structured"
UTC_ZONE = ZoneInfo("UTC")


def _read(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def _parse(fixture: str, **options: Any) -> Program:
    return parse_frab_xml(_read(fixture), ParseOptions(source=fixture, **options))


def _by_title(program: Program) -> dict[str | None, Session]:
    return {session.title: session for session in program.sessions}


def _lines_of(text: str, marker: str) -> list[int]:
    return [n for n, line in enumerate(text.splitlines(), start=1) if marker in line]


def _without_lines(session: Session) -> Session:
    return replace(session, line=None, papers=tuple(replace(p, line=None) for p in session.papers))


def _schedule(events: str, conference: str = "<time_zone_name>UTC</time_zone_name>") -> str:
    return (
        "<?xml version='1.0' encoding='utf-8' ?>\n<schedule>\n"
        f"  <conference><title>MiniConf</title>{conference}</conference>\n"
        "  <day index='1' date='2025-06-12'>\n    <room name='Main Hall'>\n"
        f"{events}\n    </room>\n  </day>\n</schedule>\n"
    )


# ------------------------------------------------------------------ the realistic fixture


def test_fixture_matches_the_equivalent_pretalx_json() -> None:
    from_xml = parse_frab_xml(_read("frab-schedule.xml"), ParseOptions(source="s"))
    from_json = parse_pretalx_json(_read("pretalx-schedule.json"), ParseOptions(source="s"))
    assert from_xml.conference == from_json.conference
    assert from_xml.warnings == from_json.warnings == ()
    assert [_without_lines(s) for s in from_xml.sessions] == list(from_json.sessions)


def test_fixture_sessions_and_papers_carry_their_event_line() -> None:
    text = _read("frab-schedule.xml")
    program = parse_frab_xml(text, ParseOptions())
    event_lines = _lines_of(text, "<event ")
    assert [s.line for s in program.sessions] == event_lines
    for session in program.sessions:
        assert all(paper.line == session.line for paper in session.papers)


def test_fixture_keynote_and_non_ascii_speakers() -> None:
    sessions = _by_title(_parse("frab-schedule.xml"))
    keynote = sessions["Keynote: The Future of Typed Python"]
    assert keynote.kind is SessionKind.KEYNOTE
    assert keynote.start == datetime(2025, 6, 12, 9, 15, tzinfo=ZoneInfo("Europe/Berlin"))
    assert keynote.papers[0].authors == (Person("Ada Lovelace"), Person("Grace Hopper"))
    assert keynote.papers[0].url == "https://pretalx.example.org/pyconf-2025/talk/KEY9ZT/"
    assert sessions["Async All the Way Down"].papers[0].authors == (
        Person("Zoë Ångström-Nakamura"),
    )
    assert sessions["Coffee Break"].kind is SessionKind.BREAK
    assert sessions["Coffee Break"].papers == ()
    assert sessions["Opening Session"].track is None  # <track></track>


def test_options_win_over_the_file() -> None:
    program = _parse("frab-schedule.xml", name="PyConf", timezone="Asia/Tokyo", year=2031)
    assert (program.conference.name, program.conference.timezone) == ("PyConf", "Asia/Tokyo")
    assert program.conference.year == 2031
    assert program.conference.source == "frab-schedule.xml"
    # 09:00 in Berlin (+02:00) is 16:00 in Tokyo (+09:00).
    assert program.sessions[0].start == datetime(2025, 6, 12, 16, 0, tzinfo=ZoneInfo("Asia/Tokyo"))


# ------------------------------------------------------------------ edge cases


def test_edge_cases_file() -> None:
    text = _read("frab-edge-cases.xml")
    program = parse_frab_xml(text, ParseOptions(source="edge.xml"))
    sessions = _by_title(program)
    event_line = dict(zip(range(1, 5), _lines_of(text, "<event "), strict=True))

    assert program.conference.timezone == "UTC"
    assert program.warnings[0].line == 0
    assert program.warnings[0].message == "the file names no time zone; times shown in UTC"

    tba = sessions["Speakers To Be Announced"]  # no <persons> element
    assert tba.kind is SessionKind.PAPERS
    assert len(tba.papers) == 1
    assert tba.papers[0].authors == ()

    bad = sessions["A Talk With a Bad Duration"]
    assert bad.start == datetime(2025, 3, 10, 10, 0, tzinfo=UTC_ZONE)
    assert bad.end is None
    [warning] = [w for w in program.warnings if "ninety minutes" in w.message]
    assert warning.line == event_line[2]
    assert warning.message.startswith("event 2 ('A Talk With a Bad Duration'): ")

    no_date = sessions["No Date Element, Day and Start Used"]  # day date + <start>, no warning
    assert no_date.start == datetime(2025, 3, 10, 14, 0, tzinfo=UTC_ZONE)
    assert no_date.end == datetime(2025, 3, 10, 14, 45, tzinfo=UTC_ZONE)
    assert no_date.papers[0].authors == (Person("Carl Fallback"),)
    [blank] = [w for w in program.warnings if "without a name" in w.message]
    assert blank.line == _lines_of(text, '<person id="4">')[0]

    lost = sessions["Nowhere in Time"]
    assert (lost.start, lost.end, lost.day) == (None, None, date(2025, 3, 10))
    [warning] = [w for w in program.warnings if "'yesterday'" in w.message]
    assert warning.line == event_line[4]
    assert "without start and end times" in warning.message
    assert len(program.warnings) == 4


def test_empty_schedule() -> None:
    program = _parse("frab-empty.xml")
    assert program.sessions == ()
    assert program.conference.name == "QuietCon 2026"
    assert program.conference.timezone == "America/New_York"
    assert program.conference.year == 2026
    assert [w.message for w in program.warnings] == [
        "the schedule lists no events; the program is empty"
    ]


def test_namespaced_schedule_reads_the_same() -> None:
    text = _schedule(
        "<event id='1'><date>2025-06-12T09:00:00+00:00</date><start>09:00</start>"
        "<duration>00:30</duration><title>Namespaced</title><type>Talk</type>"
        "<persons><person id='1'>Nia Space</person></persons></event>"
    ).replace("<schedule>", "<schedule xmlns='urn:example:frab'>")
    [session] = parse_frab_xml(text, ParseOptions()).sessions
    assert session.title == "Namespaced"
    assert session.room == "Main Hall"  # from <room name>, the event has no <room>
    assert session.papers[0].authors == (Person("Nia Space"),)


def test_doctype_without_entities_is_accepted() -> None:
    text = _schedule("").replace("<schedule>", "<!DOCTYPE schedule>\n<schedule>")
    assert parse_frab_xml(text, ParseOptions()).sessions == ()


def test_nested_markup_and_entities_in_text() -> None:
    text = _schedule(
        "<event id='1'><date>2025-06-12T09:00:00+00:00</date><duration>00:30</duration>"
        "<title>Rust &amp; Python: <i>Friends</i>\n   Forever</title><type>Talk</type>"
        "<persons><person id='1'>Ren&#233;e Entity</person></persons></event>"
    )
    [session] = parse_frab_xml(text, ParseOptions()).sessions
    assert session.title == "Rust & Python: Friends Forever"
    assert session.papers[0].authors == (Person("Renée Entity"),)


def test_leading_blank_lines_do_not_shift_line_numbers() -> None:
    text = "\n\n" + _schedule("<event id='1'><title>Late</title><start>09:00</start></event>")
    [session] = parse_frab_xml(text, ParseOptions()).sessions
    assert session.line == _lines_of(text, "<event ")[0]


# ------------------------------------------------------------------ person encodings


def _event_with_persons(persons: str) -> str:
    return _schedule(
        "<event id='1'><date>2025-06-12T09:00:00+00:00</date><duration>00:30</duration>"
        f"<title>A Talk</title><type>Talk</type><persons>{persons}</persons></event>"
    )


def _speakers(persons: str) -> tuple[Person, ...]:
    [session] = parse_frab_xml(_event_with_persons(persons), ParseOptions()).sessions
    return session.papers[0].authors


def test_the_three_person_encodings_of_one_file_all_give_the_name() -> None:
    # As in c3voc's merged Camp 2019 schedule: frab rooms print the name as the element's
    # text, pretalx-fed rooms nest it with a code and a biography, some rooms use <name>.
    assert _speakers(
        "<person id='7797'>jinxx</person>"
        "<person id='71'>\n  <code>JLUDRK</code>\n  <public_name>Anja</public_name>\n"
        "  <biography>Anja works on &lt;b&gt;things&lt;/b&gt;.</biography>\n</person>"
        "<person id='12'><name>Chloé Berthélémy (EDRi)</name><biography /></person>"
    ) == (Person("jinxx"), Person("Anja"), Person("Chloé Berthélémy (EDRi)"))


def test_a_name_child_wins_in_the_json_importers_order() -> None:
    assert _speakers(
        "<person><full_name>Full</full_name><name>Plain</name><public_name>Public</public_name>"
        "</person><person><full_name>Only Full</full_name></person>"
    ) == (Person("Public"), Person("Only Full"))


def test_without_a_name_child_fields_that_are_not_a_name_are_left_out() -> None:
    assert _speakers(
        "<person id='1'>Ren<i>é</i>e <b>Markup</b><code>XYZ123</code>"
        "<biography>Renée writes code.</biography></person>"
    ) == (Person("Renée Markup"),)


def test_an_empty_name_child_falls_back_to_the_text_and_a_nameless_person_is_warned() -> None:
    text = _event_with_persons(
        "<person id='1'>Text Name<public_name /></person>"
        "<person id='2'><public_name> </public_name><biography>Just a bio.</biography></person>"
    )
    program = parse_frab_xml(text, ParseOptions())
    assert program.sessions[0].papers[0].authors == (Person("Text Name"),)
    assert [w.message for w in program.warnings] == [
        "event 1 ('A Talk'): a speaker without a name; left out"
    ]


def test_affiliation_from_an_attribute_or_a_child() -> None:
    assert _speakers(
        "<person affiliation='ETH Zürich'>Ada</person>"
        "<person><public_name>Bea</public_name><organization>CWI</organization></person>"
        "<person>Cy<affiliation>MIT</affiliation></person>"
    ) == (Person("Ada", "ETH Zürich"), Person("Bea", "CWI"), Person("Cy", "MIT"))


def test_real_camp_2019_speakers_are_the_printed_names() -> None:
    real = Path(__file__).parent.parent / "data" / "real"
    program = parse_frab_xml(
        (real / "cccamp-2019-frab.xml").read_text(encoding="utf-8"),
        ParseOptions(timezone="Europe/Berlin"),
    )
    truth = json.loads((real / "cccamp-2019-frab.truth.json").read_text(encoding="utf-8"))
    want = {
        norm(s["talk"]["title"]): [(a["name"], a["affiliation"]) for a in s["talk"]["speaker"]]
        for s in truth["sessions"]
        if s.get("talk")
    }
    got = {
        norm(p.title): [(a.name, a.affiliation) for a in p.authors]
        for s in program.sessions
        for p in s.papers
    }
    assert len(want) > 100
    assert got == want


# ------------------------------------------------------------------ refusals


def test_billion_laughs_is_refused() -> None:
    with pytest.raises(ProgramParseError, match="entities") as caught:
        _parse("billion-laughs.xml")
    assert caught.value.line == 3  # the first <!ENTITY
    assert caught.value.source == "billion-laughs.xml"


def test_external_entity_is_refused() -> None:
    text = (
        '<?xml version="1.0"?>\n<!DOCTYPE schedule [\n'
        '  <!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n'
        "<schedule><conference><title>&xxe;</title></conference></schedule>\n"
    )
    with pytest.raises(ProgramParseError, match="entities"):
        parse_frab_xml(text, ParseOptions())


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("", 1),
        ("<schedule>\n  <conference>\n    <title>Broken</conference>\n</schedule>\n", 3),
        ("<schedule>\n<day>\n<room>\n", 4),
        ("<schedule>&undefined;</schedule>", 1),
        ("not xml at all", 1),
    ],
)
def test_malformed_xml_is_refused_with_the_parser_line(text: str, line: int) -> None:
    with pytest.raises(ProgramParseError, match="malformed XML") as caught:
        parse_frab_xml(text, ParseOptions(source="bad.xml"))
    assert caught.value.line == line
    assert str(caught.value).startswith(f"bad.xml:{line}: ")


def test_other_xml_is_refused() -> None:
    with pytest.raises(ProgramParseError, match="root element is <html>") as caught:
        parse_frab_xml("<?xml version='1.0'?>\n<html><body/></html>", ParseOptions())
    assert caught.value.line == 2


def test_missing_conference_is_a_warning() -> None:
    text = "<schedule>\n  <day date='2025-06-12'/>\n</schedule>"
    program = parse_frab_xml(text, ParseOptions(name="Given"))
    assert program.conference.name == "Given"
    assert "no <conference> element" in [w.message for w in program.warnings]


# ------------------------------------------------------------------ sniffing


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("frab-schedule.xml", True),
        ("frab-edge-cases.xml", True),
        ("frab-empty.xml", True),
        ("billion-laughs.xml", True),  # looks like one; parsing refuses it
        ("pretalx-schedule.json", False),
    ],
)
def test_looks_like_fixtures(name: str, expected: bool) -> None:
    assert looks_like_frab_xml(_read(name)) is expected


@pytest.mark.parametrize(
    "text",
    ["", "<html><body>schedule</body></html>", "Monday 9:00 <schedule> talk", "<schedules/>"],
)
def test_does_not_look_like_frab_xml(text: str) -> None:
    assert not looks_like_frab_xml(text)


# ------------------------------------------------------------------ robustness

_ODD_TEXT = [
    "",
    "09:00",
    "25:99",
    "00:30",
    "1h30",
    "2025-06-12",
    "2025-06-12T09:00:00+02:00",
    "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59-12:00",
    "Keynote",
    "Break",
    "Zoë",
    "-1:00",
    "  ",
    "x" * 50,
    "Europe/Berlin",
    "Not/AZone",
    "2025-13-01",
]
_FIELDS = ["date", "start", "duration", "end", "room", "title", "subtitle", "track", "type", "url"]


@pytest.mark.parametrize("seed", range(200))
def test_odd_values_never_raise(seed: int) -> None:
    rng = random.Random(seed)
    events = []
    for number in range(rng.randrange(4)):
        fields = "".join(
            f"<{field}>{escape(rng.choice(_ODD_TEXT))}</{field}>"
            for field in rng.sample(_FIELDS, rng.randrange(len(_FIELDS)))
        )
        persons = "".join(
            f"<person>{escape(rng.choice(_ODD_TEXT))}</person>" for _ in range(rng.randrange(3))
        )
        events.append(f"<event id='{number}'>{fields}<persons>{persons}</persons></event>")
    zone = f"<time_zone_name>{escape(rng.choice(_ODD_TEXT))}</time_zone_name>"
    program = parse_frab_xml(_schedule("\n".join(events), conference=zone), ParseOptions())
    for session in program.sessions:
        assert session.id
        assert session.line
        for moment in (session.start, session.end):
            assert moment is None or moment.tzinfo is not None


@pytest.mark.parametrize("seed", range(100))
def test_truncated_or_corrupted_xml_parses_or_is_refused(seed: int) -> None:
    rng = random.Random(seed)
    text = _read("frab-schedule.xml")
    cut = rng.randrange(len(text))
    corrupted = text[:cut] + rng.choice(["", "<", "&", "]]>", "\x00", "</event>"]) + text[cut:]
    with contextlib.suppress(ProgramParseError):
        parse_frab_xml(corrupted if rng.random() < 0.5 else text[:cut], ParseOptions())


# --------------------------------------------------------------------------------------------
# Site-made look-alikes of the frab XML (found in real exports: EuroPython 2014, LSWT 2019).
# --------------------------------------------------------------------------------------------

_BERLIN = ParseOptions(timezone="Europe/Berlin", source="site.xml")


def test_entries_straight_under_a_day_with_hhmm_start_and_minutes() -> None:
    xml = (
        '<schedule><day date="2014-07-21">'
        "<entry id='1'><category>Keynote</category><start>1100</start><duration>45</duration>"
        "<room id='1'>C01</room><title>Type Systems Today</title>"
        "<speakers><speaker id='9'><name>Ada Byron</name><profile>https://x/9</profile>"
        "<description>Ada works on compilers.</description></speaker></speakers></entry>"
        "<entry id='2'><category>Training</category><start>1400</start><duration>180</duration>"
        "<room>A05</room><title>Lunch and Learn: Jails</title>"
        "<speakers><speaker><name>Tom Cat</name></speaker></speakers></entry>"
        "<entry id='3'><category></category><start>1445</start><duration>45</duration>"
        "<room>C01</room><title>Lightning Talks</title><speakers></speakers></entry>"
        "</day></schedule>"
    )
    program = parse_frab_xml(xml, _BERLIN)
    keynote, training, lightning = program.sessions
    assert keynote.kind is SessionKind.KEYNOTE
    assert keynote.room == "C01"
    assert keynote.start == datetime(2014, 7, 21, 11, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    assert keynote.end == datetime(2014, 7, 21, 11, 45, tzinfo=ZoneInfo("Europe/Berlin"))
    assert keynote.papers[0].authors == (Person("Ada Byron"),)
    assert training.kind is SessionKind.PAPERS  # a talk-like type outweighs a lunch-like title
    assert training.end is not None
    assert training.end.hour == 17
    # The file types its talks; an untyped event without speakers is no talk.
    assert lightning.kind is SessionKind.OTHER
    assert lightning.papers == ()


def test_a_loose_person_element_names_several_people_without_their_titles() -> None:
    xml = (
        '<schedule><day date="2019-05-22"><room name="Main">'
        "<event id='1'><title>Teaching the Semantic Web</title><start>10:15</start>"
        "<duration>00:30</duration><person>Prof. Dr. Vera Meister, Dr.-Ing. Sebastian Hellmann"
        "</person></event></room></day></schedule>"
    )
    (session,) = parse_frab_xml(xml, _BERLIN).sessions
    assert session.papers[0].authors == (Person("Vera Meister"), Person("Sebastian Hellmann"))


def test_a_local_clock_time_stamped_utc_is_read_as_local_with_one_warning() -> None:
    def event(ident: int, clock: str) -> str:
        return (
            f"<event id='{ident}'><title>Talk {ident}</title><date>2019-05-22T{clock}:00Z</date>"
            f"<start>{clock}</start><duration>00:20</duration><person>A. Person</person></event>"
        )

    xml = (
        '<schedule><day date="2019-05-22"><room name="Main">'
        f"{event(1, '09:00')}{event(2, '09:20')}</room></day></schedule>"
    )
    program = parse_frab_xml(xml, _BERLIN)
    assert [s.start.hour if s.start else None for s in program.sessions] == [9, 9]
    stamped = [w for w in program.warnings if "says UTC" in w.message]
    assert len(stamped) == 1
    assert "2 event(s)" in stamped[0].message


def test_a_true_utc_date_still_wins_over_the_local_start() -> None:
    xml = (
        '<schedule><day date="2019-05-22"><room name="Main">'
        "<event id='1'><title>Talk</title><date>2019-05-22T07:00:00Z</date><start>09:00</start>"
        "<duration>00:20</duration><persons><person>A</person></persons></event>"
        "</room></day></schedule>"
    )
    program = parse_frab_xml(xml, _BERLIN)
    assert program.sessions[0].start == datetime(
        2019, 5, 22, 9, 0, tzinfo=ZoneInfo("Europe/Berlin")
    )
    assert not [w for w in program.warnings if "says UTC" in w.message]
