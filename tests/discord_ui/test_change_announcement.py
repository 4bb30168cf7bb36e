"""The announcement a reload posts: new, cancelled, moved (room), time changed and retitled
sessions, each with title, time and room, dates written out (never the machine's locale);
and the status and alert texts of a watched program URL.

    .venv/bin/python -m pytest tests/discord_ui/test_change_announcement.py -q
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from bot.discord_ui import embeds
from bot.model import ChangeKind, ChangeReport, ProgramSource, Session, SessionChange
from bot.services.watch import SourceAlert
from tests.discord_ui.conftest import text_of
from tests.fakediscord import limits
from tests.storage.factory import DAY3, session

ZONE = "Europe/Amsterdam"
DATE = "Wednesday 2 April 2025"
TALK = replace(session("Fast Logs", DAY3, "10:00", "11:20", room="S1"), id="s1")


def change(kind: ChangeKind, before: Session | None, after: Session | None) -> SessionChange:
    return SessionChange("s1", (kind,), before=before, after=after)


def announced(*changes: SessionChange) -> str:
    report = ChangeReport("conf", first_load=False, changes=changes, unchanged=10)
    message = embeds.change_announcement(report, "Conf 2025", ZONE)
    assert message is not None
    assert limits.validate_embeds([e.to_dict() for e in message], ("embeds",)) == []
    assert message[0].title == "Program changes: Conf 2025"
    return text_of(e.to_dict() for e in message)


def test_dates_are_written_out_in_the_conference_zone() -> None:
    assert embeds.explicit_when(TALK, ZONE) == f"{DATE}, 10:00–11:20 CEST"
    late = replace(TALK, end=datetime(2025, 4, 2, 23, 30, tzinfo=UTC))  # 01:30 the next day
    assert embeds.explicit_when(late, ZONE) == (
        f"{DATE}, 10:00 – Thursday 3 April 2025, 01:30 CEST"
    )
    undated = replace(TALK, start=None, end=None)
    assert embeds.explicit_when(undated, ZONE) == f"{DATE}, time not given"


def test_a_new_session_with_its_title_time_and_room() -> None:
    text = announced(change(ChangeKind.ADDED, None, TALK))
    assert "1 session changed in the program." in text
    assert f"🆕 **New:** Fast Logs\n{DATE}, 10:00–11:20 CEST · Room S1" in text


def test_a_cancelled_session_with_its_title_time_and_room() -> None:
    text = announced(change(ChangeKind.REMOVED, TALK, None))
    assert f"❌ **Cancelled:** Fast Logs\n~~{DATE}, 10:00–11:20 CEST · Room S1~~" in text


def test_a_room_change_says_from_where_to_where() -> None:
    text = announced(change(ChangeKind.MOVED, TALK, replace(TALK, room="S2")))
    assert f"🔁 **Room changed:** Fast Logs\n{DATE}, 10:00–11:20 CEST\nRoom S1 → S2" in text


def test_start_and_duration_are_one_time_change() -> None:
    later = replace(
        TALK,
        start=datetime(2025, 4, 2, 12, 0, tzinfo=UTC),  # 14:00 CEST
        end=datetime(2025, 4, 2, 12, 30, tzinfo=UTC),  # and shorter
    )
    text = announced(change(ChangeKind.MOVED, TALK, later))
    assert (
        f"🔁 **Time changed:** Fast Logs\n{DATE}, 10:00–11:20 CEST → {DATE}, 14:00–14:30 CEST"
        "\nRoom S1"
    ) in text
    assert text.count("Time changed") == 1


def test_a_retitled_session_says_what_it_was() -> None:
    text = announced(change(ChangeKind.RETITLED, TALK, replace(TALK, title="Faster Logs")))
    assert f"🔁 **Retitled:** Faster Logs\n{DATE}, 10:00–11:20 CEST\nRoom S1\nwas “Fast Logs”" in (
        text
    )


def test_several_changes_of_one_session_are_one_entry() -> None:
    moved = replace(
        TALK, room="S2", title="Faster Logs", end=datetime(2025, 4, 2, 9, 50, tzinfo=UTC)
    )
    both = SessionChange("s1", (ChangeKind.MOVED, ChangeKind.RETITLED), before=TALK, after=moved)
    text = announced(both)
    assert "**Time changed, room changed, retitled:** Faster Logs" in text
    assert f"{DATE}, 10:00–11:20 CEST → {DATE}, 10:00–11:50 CEST" in text


def test_nothing_is_announced_for_a_first_load_or_changes_attendees_need_not_hear() -> None:
    first = ChangeReport("conf", first_load=True, changes=(change(ChangeKind.ADDED, None, TALK),))
    assert embeds.change_announcement(first, "Conf", ZONE) is None
    chairs = SessionChange("s1", (ChangeKind.CHAIRS,), before=TALK, after=TALK)
    report = ChangeReport("conf", first_load=False, changes=(chairs,))
    assert embeds.change_announcement(report, "Conf", ZONE) is None


def test_a_long_announcement_is_one_message_that_says_how_many_more() -> None:
    changes = tuple(
        SessionChange(
            f"s{i}",
            (ChangeKind.ADDED,),
            before=None,
            after=replace(TALK, id=f"s{i}", title=f"Talk {i} " + "x" * 80),
        )
        for i in range(200)
    )
    text = announced(*changes)
    assert "200 sessions changed in the program." in text
    assert "more changes: `/schedule` shows the program as it is now." in text


def test_program_text_cannot_format_the_announcement() -> None:
    text = announced(change(ChangeKind.ADDED, None, replace(TALK, title="**Bold** @everyone")))
    assert "\\*\\*Bold\\*\\*" in text


SOURCE = ProgramSource(
    slug="conf",
    url="https://example.org/schedule.json",
    every_minutes=10,
    fetched_at=datetime(2025, 4, 1, 8, 0, tzinfo=UTC),
    changed_at=datetime(2025, 3, 30, 8, 0, tzinfo=UTC),
    failure="https://example.org/schedule.json answered 404 Not Found",
    failed_at=datetime(2025, 4, 1, 8, 10, tzinfo=UTC),
)


def test_the_status_shows_the_source_the_last_fetch_the_last_change_and_a_problem() -> None:
    fields = dict(embeds.source_fields(SOURCE))
    assert fields["Source"] == "https://example.org/schedule.json (every 10 min)"
    assert fields["Last successful fetch"] == "<t:1743494400:f>"
    assert fields["Last change"] == "<t:1743321600:f>"
    assert fields["⚠️ Problem"].startswith("https://example.org/schedule.json answered 404")
    assert embeds.source_fields(None) == []


def test_the_alert_says_the_old_program_stays_and_then_that_it_works_again() -> None:
    [problem] = embeds.source_alert(SourceAlert(SOURCE, SOURCE.failure), 10)
    assert problem.title == "Program source problem"
    assert "The program loaded before stays" in (problem.description or "")
    [fixed] = embeds.source_alert(SourceAlert(SOURCE, None), 10)
    assert fixed.title == "Program source works again"
