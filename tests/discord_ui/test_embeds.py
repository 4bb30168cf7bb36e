"""Pure tests of the embed builders: every answer within Discord's limits, nothing lost.

Pages are checked with the fake Discord's own validator (`limits.validate_message`), which
answers the way Discord does, so "fits" here means "Discord would accept it".
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.discord_ui import embeds, layout
from bot.errors import NotFoundError, ProgramParseError, UserError
from bot.model import (
    AffiliationAnswer,
    ChairAnswer,
    ChangeKind,
    ChangeReport,
    HelpAnswer,
    Paper,
    PaperRef,
    PapersAnswer,
    ParseWarning,
    Person,
    PersonAnswer,
    SearchAnswer,
    SearchResult,
    Session,
    SessionChange,
    SessionKind,
    SessionsAnswer,
    TimetableAnswer,
)
from bot.services.commands import Answer, help_answer
from bot.services.programs import LoadResult, Status
from tests.fakediscord import limits

ZONE = "Europe/Amsterdam"
TZ = ZoneInfo(ZONE)
START = datetime(2025, 4, 2, 14, 0, tzinfo=TZ)
END = datetime(2025, 4, 2, 15, 40, tzinfo=TZ)
UNIX = int(START.timestamp())


def assert_fits(page: layout.Page) -> None:
    assert 1 <= len(page) <= layout.EMBEDS_MAX
    problems = limits.validate_message({"embeds": [embed.to_dict() for embed in page]})
    assert problems == [], [p.describe() for p in problems]


def text(pages: Sequence[layout.Page]) -> str:
    parts: list[str] = []
    for page in pages:
        for embed in page:
            parts += [embed.title or "", embed.description or ""]
            parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    return "\n".join(parts)


def person(number: int, affiliation: str | None = "University of Somewhere") -> Person:
    return Person(f"Author Number{number}", affiliation)


def session(
    papers: int = 3,
    authors: int = 4,
    title: str = "LLM Serving",
    chairs: tuple[Person, ...] = (Person("Xiaosong Ma", "MBZUAI"),),
) -> Session:
    return Session(
        id=f"s-{title[:20]}",
        title=title,
        kind=SessionKind.PAPERS,
        day=START.date(),
        start=START,
        end=END,
        room="Rotterdam hall 1A",
        chairs=chairs,
        papers=tuple(
            Paper(
                f"Paper {n}: a title of ordinary length about systems",
                tuple(person(n * 100 + a) for a in range(authors)),
            )
            for n in range(papers)
        ),
    )


def ref(s: Session, index: int = 0) -> PaperRef:
    return PaperRef(s.papers[index], s, index)


SMALL = session()

ANSWERS: list[Answer] = [
    SessionsAnswer("llm serving", (SMALL, session(title="Other")), "title", ZONE),
    SessionsAnswer("xiaosong", (SMALL,), "chair or speaker", ZONE),
    ChairAnswer("helix", (SMALL, session(chairs=())), None, ZONE),
    ChairAnswer("ma", (SMALL,), "Xiaosong Ma", ZONE),
    ChairAnswer("nobody", (), "Nobody Atall", ZONE),
    PapersAnswer("paper", (ref(SMALL), ref(SMALL, 1)), ZONE),
    PersonAnswer("bin", "Bin Cui", ("Peking University",), (ref(SMALL),), (SMALL,), ("A", "B")),
    PersonAnswer("x", "Nobody", (), (), (), (), ("Somebody",), ZONE),
    AffiliationAnswer("eth", "ETH Zurich", ("ETH Zurich", "ETH Zürich"), ("A", "B"), (ref(SMALL),)),
    SearchAnswer("serverless", (SearchResult("paper", "Litmus", "Serverless", 90.0, "s#0"),)),
    TimetableAnswer("now", START, (SMALL,), ZONE, upcoming=(session(title="Next one"),)),
    TimetableAnswer("now", START, (), ZONE),
    TimetableAnswer("next", START, (SMALL,), ZONE, room="Mees"),
    TimetableAnswer("next", START, (), ZONE),
    TimetableAnswer("schedule", START, (SMALL, SMALL), ZONE, day=START.date()),
    TimetableAnswer("schedule", START, (), ZONE, day=START.date(), room="Penn"),
    help_answer(),
]


@pytest.mark.parametrize("answer", ANSWERS, ids=lambda a: type(a).__name__)
def test_every_answer_renders_within_the_limits(answer: Answer) -> None:
    pages = embeds.render(answer)
    assert pages
    for page in pages:
        assert_fits(page)
        for embed in page:
            assert embed.title or embed.description


def test_a_session_shows_time_place_chair_and_papers() -> None:
    [page] = embeds.render(SessionsAnswer("llm", (SMALL,), "title", ZONE))
    [embed] = page
    assert embed.title == "LLM Serving"
    assert embed.description is not None
    assert "**When:** Wed 2 Apr 14:00–15:40 CEST" in embed.description
    assert f"<t:{UNIX}:F>" in embed.description
    assert f"<t:{UNIX}:R>" in embed.description
    assert "**Room:** Rotterdam hall 1A" in embed.description
    assert "**Chair:** Xiaosong Ma (MBZUAI)" in embed.description
    # colleagues are grouped under one affiliation
    assert "Author Number0, Author Number1, Author Number2, Author Number3 (University of" in (
        embed.description
    )


def test_two_sessions_of_one_title_share_a_message() -> None:
    [page] = embeds.render(SessionsAnswer("llm serving", (SMALL, SMALL), "title", ZONE))
    assert [e.title for e in page] == ["LLM Serving", "LLM Serving"]
    assert [e.footer.text for e in page] == ["Match 1 of 2", "Match 2 of 2"]


def huge_session() -> Session:
    """300 papers, one of them by 1,500 authors with long affiliations."""
    rng = random.Random(7)
    papers = []
    for n in range(300):
        count = 1500 if n == 150 else rng.randint(1, 14)
        authors = tuple(
            person(n * 10_000 + a, rng.choice([None, "Institute " + "x" * rng.randint(5, 90)]))
            for a in range(count)
        )
        papers.append(Paper(f"Paper {n:03d}: " + "long title words " * rng.randint(1, 12), authors))
    return Session(
        id="huge",
        title="Welcome reception & poster session",
        kind=SessionKind.POSTERS,
        day=START.date(),
        start=START,
        end=END,
        room="Mees I",
        papers=tuple(papers),
    )


def test_a_huge_session_is_paginated_without_losing_anything() -> None:
    big = huge_session()
    pages = embeds.render(SessionsAnswer("welcome", (big,), "title", ZONE))
    assert len(pages) > 20
    for number, page in enumerate(pages, start=1):
        assert_fits(page)
        assert page[-1].footer.text == f"Page {number} of {len(pages)}"
    shown = text(pages)
    position = 0
    for paper in big.papers:  # every title and every author, in program order
        position = shown.index(layout.esc(paper.title), position)
        for author in paper.authors:
            position = shown.index(layout.esc(author.name), position)


def test_a_huge_person_and_affiliation_are_paginated() -> None:
    big = huge_session()
    refs = tuple(PaperRef(p, big, i) for i, p in enumerate(big.papers))
    coauthors = tuple(a.name for p in big.papers for a in p.authors)
    answer = PersonAnswer("x", "Prolific Person", ("A", "B"), refs, (big,) * 40, coauthors)
    affiliation = AffiliationAnswer("x", "Big U", ("Big U", "Big Univ."), coauthors, refs)
    for pages in (embeds.render(answer), embeds.render(affiliation)):
        assert len(pages) > 10
        for page in pages:
            assert_fits(page)
        shown = text(pages)
        assert all(layout.esc(name) in shown for name in coauthors)
        assert all(layout.esc(r.paper.title) in shown for r in refs)


def test_program_text_is_escaped_everywhere() -> None:
    nasty = "**Bold** _it_ `code` ~~gone~~ ||spoiler|| <@123> @everyone"
    s = replace(
        SMALL,
        title=nasty,
        room=nasty,
        chairs=(Person(nasty, nasty),),
        papers=(Paper(nasty, (Person(nasty),)),),
    )
    [page] = embeds.render(SessionsAnswer("x", (s,), "title", ZONE))
    [embed] = page
    escaped = r"\*\*Bold\*\* \_it\_ \`code\` \~\~gone\~\~ \|\|spoiler\|\|"
    assert embed.title is not None
    assert embed.title.startswith(escaped)
    assert embed.description is not None
    assert "**Bold**" not in embed.description.replace(r"\*\*Bold\*\*", "")
    assert embed.description.count(escaped) == 5  # room, chair and affiliation, paper, author


def test_a_title_longer_than_discord_allows_is_shown_whole_below() -> None:
    long_title = "A very long session title " * 20
    [page] = embeds.render(SessionsAnswer("x", (session(title=long_title),), "title", ZONE))
    [embed] = page
    assert embed.title is not None
    assert len(embed.title) == layout.TITLE_MAX
    assert embed.title.endswith(layout.ELLIPSIS)
    assert embed.description is not None
    assert embed.description.startswith(f"**{long_title.strip()}**")


@pytest.mark.parametrize(
    ("url", "kept"),
    [
        ("https://example.org/paper.pdf", True),
        ("http://example.org", True),
        ("javascript:alert(1)", False),
        ("example.org/x", False),
        ("https://exa mple.org", False),
        (None, False),
    ],
)
def test_only_web_links_become_embed_urls(url: str | None, kept: bool) -> None:
    paper = Paper("Linked", (), url=url)
    s2 = replace(SMALL, papers=(paper,))
    [page] = embeds.render(PapersAnswer("x", (PaperRef(paper, s2, 0),), ZONE))
    assert page[0].url == (url if kept else None)


def test_times_in_the_conference_zone_and_for_the_reader() -> None:
    assert embeds.local_span(START, END, ZONE) == "Wed 2 Apr 14:00–15:40 CEST"
    late = START.replace(hour=23)
    assert embeds.local_span(late, late + timedelta(hours=2), ZONE) == (
        "Wed 2 Apr 23:00–Thu 3 Apr 01:00 CEST"
    )
    winter = datetime(2025, 12, 9, 9, 5, tzinfo=TZ)
    assert embeds.local_span(winter, None, ZONE) == "Tue 9 Dec 09:05 CET"
    lines = embeds.when_lines(START, END, None, ZONE)
    assert lines.splitlines()[1] == f"**Your time:** <t:{UNIX}:F> (<t:{UNIX}:R>)"
    assert embeds.when_lines(None, None, date(2025, 4, 2), ZONE) == (
        "**When:** Wed 2 Apr, time not given"
    )


def test_a_not_found_answer_lists_the_suggestions() -> None:
    error = NotFoundError("No paper matches “helx”.", ("Helix: *Serving*", "Felix", "Hex"))
    [embed] = embeds.error_page(error)
    assert embed.description is not None
    assert embed.description.startswith("No paper matches “helx”.")
    assert r"• Helix: \*Serving\*" in embed.description
    assert "• Hex" in embed.description


def test_error_pages_fit_even_for_absurd_messages() -> None:
    for error in (UserError("x" * 10_000), NotFoundError("y", tuple("s" * 500 for _ in range(50)))):
        assert_fits(embeds.error_page(error))
    assert_fits(embeds.reload_failed_page(ProgramParseError("bad", source="p.json", line=3)))


def test_reload_report_paginates_changes_and_summarises_warnings() -> None:
    before = session(title="Old title")
    after = replace(
        before,
        title="New title",
        start=START + timedelta(days=1),
        end=END + timedelta(days=1),
        room="Penn",
    )
    change = SessionChange(before.id, (ChangeKind.MOVED, ChangeKind.RETITLED), before, after)
    report = ChangeReport("asplos", False, (change,) * 300, unchanged=12)
    warnings = tuple(ParseWarning(n, f"odd line {n}") for n in range(1, 51))
    pages = embeds.reload_pages(LoadResult(report, warnings, "program.txt"), "ASPLOS", ZONE)
    assert len(pages) > 5
    for page in pages:
        assert_fits(page)
    shown = text(pages)
    assert pages[0][0].title == "Reloaded ASPLOS"
    assert "300 sessions changed, 12 unchanged." in shown
    assert "Wed 2 Apr 14:00–15:40 CEST, Rotterdam hall 1A → Thu 3 Apr 14:00–15:40 CEST, Penn" in (
        shown
    )
    assert "was “Old title”" in shown
    assert "**50 parse warnings** in program.txt" in shown
    assert "line 5: odd line 5" in shown
    assert "line 6:" not in shown
    assert "…and 45 more" in shown


def test_first_load_and_no_change_reports() -> None:
    added = SessionChange("s", (ChangeKind.ADDED,), None, SMALL)
    first = embeds.reload_pages(LoadResult(ChangeReport("c", True, (added,)), (), None), "C", ZONE)
    assert first[0][0].title == "Loaded C"
    same = embeds.reload_pages(LoadResult(ChangeReport("c", False, (), 9), (), None), "C", ZONE)
    assert text(same) == "No changes to C\nThe program is as loaded (9 sessions)."


def test_status_page() -> None:
    status = Status(
        "ASPLOS + EuroSys 2025", "asplos", ZONE, {"sessions": 150, "papers": 400},
        "sqlite+aiosqlite:///" + "d" * 3000, START, 3 * 3600 + 125, "0.1.0",
    )  # fmt: skip
    page = embeds.status_page(status)
    assert_fits(page)
    fields = {f.name: f.value for f in page[0].fields}
    assert fields["Program"] == "150 sessions, 400 papers"
    assert fields["Uptime"] == "3 h 2 min"
    assert fields["Database"].endswith(layout.ELLIPSIS)


def test_notices_fit() -> None:
    assert len(embeds.only_owner_text(2**63)) <= layout.CONTENT_MAX
    assert re.fullmatch(r"Only <@\d+> can turn these pages\..*", embeds.only_owner_text(5))
    for notice in (embeds.REFUSAL, embeds.INTERNAL_ERROR, embeds.PAGES_EXPIRED):
        assert_fits(embeds.notice_page(notice))


def test_help_lists_every_command() -> None:
    shown = text(embeds.render(HelpAnswer((("now", "now [room]", "What is on"),))))
    assert "`/now \\[room\\]`" in shown or "`/now [room]`" in shown


def test_a_late_reminder_says_how_long_ago_the_session_started() -> None:
    from bot.model import Delivery, DeliveryKind, DeliveryRecord, DeliveryState

    running = session()
    assert running.start is not None
    start = running.start
    record = DeliveryRecord(
        id=1,
        kind=DeliveryKind.REMINDER,
        session_id=running.id,
        session_removed=False,
        state=DeliveryState.CLAIMED,
        due_at=start - timedelta(minutes=10),
        via="dm",
        minutes_before=10,
        user_id=5,
    )

    def lead(sent_at: datetime) -> str:
        _, found = embeds.delivery_message(
            Delivery(record, running, late=True, sent_at=sent_at), mention=False
        )
        return found[0].description or ""

    assert "started 12 minutes ago" in lead(start + timedelta(minutes=12, seconds=30))
    assert "started 1 minute ago" in lead(start + timedelta(minutes=1))
    assert "has just started" in lead(start + timedelta(seconds=20))
    assert "starts <t:" in lead(start - timedelta(minutes=10))
