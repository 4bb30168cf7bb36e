"""ProgramStore: load, reload and diff, soft delete, isolation, query counts."""

from __future__ import annotations

from dataclasses import replace
from itertools import count
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.model import ChangeKind, Conference, Program, Session, SessionKind
from bot.storage import programs
from bot.storage.programs import ProgramNotStorable, ProgramStore, program_hash
from tests.storage.conftest import Statements
from tests.storage.factory import (
    CONFERENCE,
    DAY1,
    DAY2,
    DAY3,
    ZONE,
    at,
    base_program,
    base_sessions,
    edited,
    paper,
    person,
    program,
    session,
    truth_program,
)

SLUG = "asplos25"


async def scalar(engine: AsyncEngine, sql: str, **params: object) -> object:
    async with engine.connect() as connection:
        return (await connection.execute(text(sql), params)).scalar()


async def row_id(engine: AsyncEngine, key: str) -> object:
    return await scalar(engine, "SELECT id FROM sessions WHERE key = :key", key=key)


def by_title(prog: Program, title: str | None) -> Session:
    (found,) = [s for s in prog.sessions if s.title == title]
    return found


# --- round trip ---------------------------------------------------------------------------------


async def test_first_load_round_trips(store: ProgramStore) -> None:
    original = base_program()

    report = await store.load(SLUG, original)

    assert report.first_load
    assert report.conference == SLUG
    assert [c.session_id for c in report.changes] == [s.id for s in original.sessions]
    assert all(c.kinds == (ChangeKind.ADDED,) for c in report.changes)
    assert await store.get_program(SLUG) == original


async def test_round_trip_keeps_order_affiliations_and_aware_times(store: ProgramStore) -> None:
    original = base_program()
    await store.load(SLUG, original)

    loaded = await store.get_program(SLUG)

    assert loaded is not None
    storage = by_title(loaded, "Session 1A: Storage")
    assert storage.chairs == (person("Bob O'Brien", "Uni B"), person("Carol"))
    assert [p.title for p in storage.papers] == ["Fast Logs", "Slow Disks", "Medium Caches"]
    assert storage.papers[1].authors == (
        person("Dan Wu", "Uni D & Lab F"),
        person("Alice Ängström", "Uni A"),
    )
    assert storage.papers[0].url == "https://example.org/fast-logs"
    assert storage.start == at(DAY1, "10:00")
    assert storage.papers[2].end == at(DAY1, "11:00")
    for moment in (storage.start, storage.end, storage.papers[0].start):
        assert moment is not None
        assert moment.tzinfo == ZoneInfo("Europe/Amsterdam")
        assert moment.utcoffset() is not None
    assert by_title(loaded, "Reception").notes == ("Bring your badge", "Drinks")
    assert by_title(loaded, None).chairs == (person("Kim", "Uni K"),)
    assert loaded.conference == CONFERENCE


async def test_truth_program_round_trips_and_reloads_unchanged(store: ProgramStore) -> None:
    original = truth_program()

    await store.load(SLUG, original)

    assert await store.get_program(SLUG) == original
    report = await store.load(SLUG, original)
    assert not report.changed
    assert report.unchanged == len(original.sessions)
    counts = await store.counts(SLUG)
    assert counts["sessions"] == len(original.sessions)
    assert counts["papers"] == sum(len(s.papers) for s in original.sessions)
    people = {p.name for s in original.sessions for p in s.chairs}
    people |= {a.name for s in original.sessions for x in s.papers for a in x.authors}
    assert counts["people"] == len(people)
    assert counts["rooms"] == len({s.room for s in original.sessions if s.room})


async def test_get_program_of_unknown_conference_is_none(store: ProgramStore) -> None:
    assert await store.get_program("nope") is None
    assert await store.removed_session("nope", "s1") is None
    assert await store.counts("nope") == {"sessions": 0, "papers": 0, "people": 0, "rooms": 0}


# --- idempotence ---------------------------------------------------------------------------------


async def test_reloading_the_same_program_writes_nothing(
    store: ProgramStore, statements: Statements
) -> None:
    original = base_program()
    await store.load(SLUG, original)
    statements.seen.clear()

    report = await store.load(SLUG, original)

    assert not report.first_load
    assert not report.changed
    assert report.unchanged == len(original.sessions)
    assert statements.writes == []


async def test_identical_reload_without_the_hash_fast_path_writes_only_the_hash(
    store: ProgramStore, statements: Statements, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = truth_program()
    await store.load(SLUG, original)
    fresh = count()
    monkeypatch.setattr(programs, "program_hash", lambda _program: f"forced-{next(fresh)}")
    statements.seen.clear()

    report = await store.load(SLUG, original)

    assert not report.changed
    assert report.unchanged == len(original.sessions)
    assert len(statements.writes) == 1
    assert statements.of("UPDATE", "conferences")
    assert await store.get_program(SLUG) == original


async def test_program_hash_ignores_warnings_but_not_content() -> None:
    original = base_program()
    assert program_hash(original) == program_hash(base_program())
    assert program_hash(original) != program_hash(
        replace(original, conference=replace(CONFERENCE, year=2026))
    )


# --- change detection ----------------------------------------------------------------------------


def _move(s: Session) -> Session:
    assert s.start is not None
    return replace(s, start=at(DAY1, "10:05"))


EDITS = [
    ("start", "Session 1A: Storage", _move, (ChangeKind.MOVED,)),
    (
        "end",
        "Session 1A: Storage",
        lambda s: replace(s, end=at(DAY1, "11:15")),
        (ChangeKind.MOVED,),
    ),
    ("room", "Session 1A: Storage", lambda s: replace(s, room="Room 9"), (ChangeKind.MOVED,)),
    (
        "title case",
        "Session 1A: Storage",
        lambda s: replace(s, title="Session 1A: STORAGE"),
        (ChangeKind.RETITLED,),
    ),
    (
        "chair affiliation",
        "Session 1A: Storage",
        lambda s: replace(s, chairs=(person("Bob O'Brien", "Uni B2"), person("Carol"))),
        (ChangeKind.CHAIRS,),
    ),
    (
        "chair added",
        "Opening",
        lambda s: replace(s, chairs=(*s.chairs, person("Zoe New", "Uni Z"))),
        (ChangeKind.CHAIRS,),
    ),
    (
        "paper order",
        "Session 1A: Storage",
        lambda s: replace(s, papers=(s.papers[1], s.papers[0], s.papers[2])),
        (ChangeKind.PAPERS,),
    ),
    (
        "author affiliation",
        "Session 2A: Compilers",
        lambda s: replace(
            s,
            papers=(
                replace(s.papers[0], authors=(person("Hana", "Uni H2"), s.papers[0].authors[1])),
                s.papers[1],
            ),
        ),
        (ChangeKind.PAPERS,),
    ),
    (
        "paper url",
        "Session 2A: Compilers",
        lambda s: replace(s, papers=(replace(s.papers[0], url="https://x.org"), s.papers[1])),
        (ChangeKind.PAPERS,),
    ),
    (
        "paper dropped",
        "Session 2A: Compilers",
        lambda s: replace(s, papers=s.papers[:1]),
        (ChangeKind.PAPERS,),
    ),
    (
        "notes",
        "Reception",
        lambda s: replace(s, notes=("Bring your badge",)),
        (ChangeKind.DETAILS,),
    ),
    ("track", "Reception", lambda s: replace(s, track=None), (ChangeKind.DETAILS,)),
    ("kind", "Reception", lambda s: replace(s, kind=SessionKind.OTHER), (ChangeKind.DETAILS,)),
    (
        "several",
        "Reception",
        lambda s: replace(s, room="Roof", title="RECEPTION", notes=()),
        (ChangeKind.MOVED, ChangeKind.RETITLED, ChangeKind.DETAILS),
    ),
]


@pytest.mark.parametrize(
    ("title", "change", "kinds"),
    [pytest.param(title, change, kinds, id=name) for name, title, change, kinds in EDITS],
)
async def test_each_change_kind_is_detected(
    store: ProgramStore, engine: AsyncEngine, title: str, change: object, kinds: object
) -> None:
    original = base_program()
    await store.load(SLUG, original)
    target = by_title(original, title)
    target_row = await row_id(engine, target.id)
    new = edited(base_sessions(), title, change)  # type: ignore[arg-type]

    report = await store.load(SLUG, new)

    (only,) = report.changes
    assert only.session_id == target.id
    assert only.previous_id is None
    assert only.kinds == kinds
    assert only.before == target
    assert only.after == by_title(new, only.after.title if only.after else None)
    assert report.unchanged == len(original.sessions) - 1
    assert await store.get_program(SLUG) == new
    assert await row_id(engine, target.id) == target_row


async def test_added_and_removed_sessions_are_reported(store: ProgramStore) -> None:
    sessions = base_sessions()
    await store.load(SLUG, program(*sessions))
    workshop = session(
        "Workshop on Bots",
        DAY3,
        "09:00",
        "12:00",
        room="Room 3",
        papers=[paper("Bots Everywhere", person("Alice Ängström", "Uni A"))],
    )
    reception = [s for s in sessions if s.title == "Reception"]
    new = program(*(s for s in sessions if s.title != "Reception"), workshop)

    report = await store.load(SLUG, new)

    assert [(c.kinds, c.before is None, c.after is None) for c in report.changes] == [
        ((ChangeKind.ADDED,), True, False),
        ((ChangeKind.REMOVED,), False, True),
    ]
    assert report.of_kind(ChangeKind.ADDED)[0].after == new.sessions[-1]
    assert report.of_kind(ChangeKind.REMOVED)[0].before == program(*sessions).sessions[6]
    assert reception[0].title == "Reception"
    assert await store.get_program(SLUG) == new


async def test_only_the_changed_session_is_written(
    store: ProgramStore, statements: Statements
) -> None:
    await store.load(SLUG, base_program())
    new = edited(
        base_sessions(),
        "Session 1A: Storage",
        lambda s: replace(s, chairs=(person("Bob O'Brien", "Uni B2"), person("Carol"))),
    )
    statements.seen.clear()

    await store.load(SLUG, new)

    assert statements.of("UPDATE", "sessions") == []
    assert statements.of("INSERT", "papers") == []
    assert statements.of("DELETE", "papers") == []
    assert statements.of("INSERT", "sessions") == []
    assert statements.of("DELETE", "chairings")
    assert statements.of("INSERT", "chairings")


async def test_line_shift_updates_silently(store: ProgramStore) -> None:
    original = base_program()
    await store.load(SLUG, original)
    shifted = program(
        *(
            replace(
                s,
                line=(s.line or 0) + 5,
                papers=tuple(replace(p, line=(p.line or 0) + 5) for p in s.papers),
            )
            for s in base_sessions()
        )
    )

    report = await store.load(SLUG, shifted)

    assert not report.changed
    assert await store.get_program(SLUG) == shifted


# --- reconciliation across an id change -----------------------------------------------------------


async def test_session_moved_to_another_day_keeps_its_row(
    store: ProgramStore, engine: AsyncEngine
) -> None:
    original = base_program()
    await store.load(SLUG, original)
    old = by_title(original, "Session 2A: Compilers")
    old_row = await row_id(engine, old.id)
    new = edited(
        base_sessions(),
        "Session 2A: Compilers",
        lambda s: replace(s, day=DAY3, start=at(DAY3, "14:00"), end=at(DAY3, "15:00")),
    )
    moved = by_title(new, "Session 2A: Compilers")
    assert moved.id != old.id

    report = await store.load(SLUG, new)

    (change,) = report.changes
    assert change.kinds == (ChangeKind.MOVED,)
    assert change.session_id == moved.id
    assert change.previous_id == old.id
    assert change.before == old
    assert change.after == moved
    assert await row_id(engine, moved.id) == old_row
    assert await row_id(engine, old.id) is None
    assert await store.get_program(SLUG) == new


async def test_retitled_session_in_the_same_slot_keeps_its_row(
    store: ProgramStore, engine: AsyncEngine
) -> None:
    original = base_program()
    await store.load(SLUG, original)
    old = by_title(original, "Session 1A: Storage")
    old_row = await row_id(engine, old.id)
    new = edited(
        base_sessions(),
        "Session 1A: Storage",
        lambda s: replace(s, title="Session 1A: Storage Systems"),
    )

    report = await store.load(SLUG, new)

    (change,) = report.changes
    assert change.kinds == (ChangeKind.RETITLED,)
    assert change.previous_id == old.id
    assert change.session_id == by_title(new, "Session 1A: Storage Systems").id
    assert await row_id(engine, change.session_id) == old_row
    assert await store.get_program(SLUG) == new


async def test_paperless_session_with_a_unique_title_moved_to_another_day(
    store: ProgramStore, engine: AsyncEngine
) -> None:
    original = base_program()
    await store.load(SLUG, original)
    old = by_title(original, "Reception")
    old_row = await row_id(engine, old.id)
    new = edited(
        base_sessions(),
        "Reception",
        lambda s: replace(s, day=DAY3, start=at(DAY3, "19:00"), end=None),
    )

    report = await store.load(SLUG, new)

    (change,) = report.changes
    assert change.kinds == (ChangeKind.MOVED,)
    assert change.previous_id == old.id
    assert await row_id(engine, change.session_id) == old_row


async def test_generic_title_on_another_day_is_another_session(store: ProgramStore) -> None:
    # "Coffee break" occurs on several days: day 2's break dropped and one added on day 3.
    sessions = [s for s in base_sessions() if not (s.title == "Coffee break" and s.day == DAY2)]
    sessions.append(session("Coffee break", DAY3, "11:00", "11:30", kind=SessionKind.BREAK))
    await store.load(SLUG, base_program())

    report = await store.load(SLUG, program(*sessions))

    assert sorted(c.kinds[0] for c in report.changes) == [ChangeKind.ADDED, ChangeKind.REMOVED]
    assert all(c.previous_id is None for c in report.changes)


async def test_unrelated_replacement_is_removed_and_added(store: ProgramStore) -> None:
    await store.load(SLUG, base_program())
    new = edited(
        base_sessions(),
        "Session 2A: Compilers",
        lambda s: replace(
            s, title="Session 2B: Networks", start=at(DAY1, "13:00"), papers=(paper("Packets"),)
        ),
    )

    report = await store.load(SLUG, new)

    assert sorted(k for c in report.changes for k in c.kinds) == sorted(
        [ChangeKind.ADDED, ChangeKind.REMOVED]
    )
    assert all(c.previous_id is None for c in report.changes)


async def test_repeated_titles_moving_together_are_not_paired(store: ProgramStore) -> None:
    # Both coffee breaks move to day 3: two removed and two added with the same signature.
    sessions = [
        replace(s, day=DAY3, start=at(DAY3, "15:00" if s.day == DAY1 else "16:00"), end=None)
        if s.title == "Coffee break"
        else s
        for s in base_sessions()
    ]
    await store.load(SLUG, base_program())

    report = await store.load(SLUG, program(*sessions))

    assert len(report.of_kind(ChangeKind.REMOVED)) == 2
    assert len(report.of_kind(ChangeKind.ADDED)) == 2
    assert await store.get_program(SLUG) == program(*sessions)


# --- soft delete and revival ---------------------------------------------------------------------


async def test_removed_session_is_kept_hidden_and_revived(
    store: ProgramStore, engine: AsyncEngine
) -> None:
    original = base_program()
    await store.load(SLUG, original)
    reception = by_title(original, "Reception")
    reception_row = await row_id(engine, reception.id)
    without = edited(base_sessions(), "Reception", lambda _s: None)

    removed = await store.load(SLUG, without)

    (change,) = removed.changes
    assert change.kinds == (ChangeKind.REMOVED,)
    assert change.before == reception
    assert await store.get_program(SLUG) == without
    assert await store.removed_session(SLUG, reception.id) == reception
    assert await row_id(engine, reception.id) == reception_row
    assert await store.counts(SLUG) == {"sessions": 7, "papers": 6, "people": 11, "rooms": 3}
    assert await scalar(
        engine, "SELECT removed_at IS NOT NULL FROM sessions WHERE key = :k", k=reception.id
    )

    revived = await store.load(SLUG, original)

    (change,) = revived.changes
    assert change.kinds == (ChangeKind.ADDED,)
    assert change.session_id == reception.id
    assert await row_id(engine, reception.id) == reception_row
    assert await store.removed_session(SLUG, reception.id) is None
    assert await store.get_program(SLUG) == original


async def test_removed_session_of_an_active_key_is_none(store: ProgramStore) -> None:
    original = base_program()
    await store.load(SLUG, original)
    assert await store.removed_session(SLUG, original.sessions[0].id) is None


async def test_revived_session_with_new_content(store: ProgramStore) -> None:
    original = base_program()
    await store.load(SLUG, original)
    await store.load(SLUG, edited(base_sessions(), "Session 2A: Compilers", lambda _s: None))
    back = edited(
        base_sessions(),
        "Session 2A: Compilers",
        lambda s: replace(s, room="Room 7", chairs=(), papers=s.papers[::-1]),
    )

    report = await store.load(SLUG, back)

    assert [c.kinds for c in report.changes] == [(ChangeKind.ADDED,)]
    assert await store.get_program(SLUG) == back


# --- atomicity -----------------------------------------------------------------------------------


async def test_failed_load_leaves_the_previous_program(
    store: ProgramStore, engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = base_program()
    await store.load(SLUG, original)
    before_counts = await store.counts(SLUG)
    persons = await scalar(engine, "SELECT count(*) FROM persons")
    sessions = [s for s in base_sessions() if s.title != "Reception"]
    sessions[1] = replace(
        sessions[1], chairs=(person("New Chair", "Uni N"),), papers=sessions[1].papers[:1]
    )
    sessions.append(session("Late addition", DAY3, "09:00", room="Annex"))
    changed = program(*sessions)

    async def fail(*_args: object) -> None:
        raise RuntimeError("injected failure after the writes were flushed")

    monkeypatch.setattr(programs, "_collect_garbage", fail)
    with pytest.raises(RuntimeError, match="injected"):
        await store.load(SLUG, changed)

    assert await store.get_program(SLUG) == original
    assert await store.counts(SLUG) == before_counts
    assert await scalar(engine, "SELECT count(*) FROM persons") == persons
    assert await scalar(engine, "SELECT count(*) FROM sessions WHERE removed_at IS NOT NULL") == 0
    monkeypatch.undo()
    report = await store.load(SLUG, changed)  # the next attempt does all of it
    assert report.changed
    assert await store.get_program(SLUG) == changed


async def test_failed_first_load_leaves_no_conference(
    store: ProgramStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = base_program()

    def fail(*_args: object) -> list[object]:
        raise RuntimeError("injected")

    monkeypatch.setattr(programs._Load, "_chair_rows", fail)
    with pytest.raises(RuntimeError):
        await store.load(SLUG, original)

    assert await store.conferences() == []
    assert await store.get_program(SLUG) is None


@pytest.mark.parametrize(
    "broken",
    [
        pytest.param(lambda p: replace(p, sessions=(p.sessions[0], p.sessions[0])), id="dup-id"),
        pytest.param(
            lambda p: replace(
                p,
                sessions=(replace(p.sessions[0], start=p.sessions[0].start.replace(tzinfo=None)),),
            ),
            id="naive",
        ),
        pytest.param(
            lambda p: replace(p, conference=replace(p.conference, timezone="Mars/Base")), id="zone"
        ),
    ],
)
async def test_invalid_programs_are_refused(store: ProgramStore, broken: object) -> None:
    with pytest.raises(ProgramNotStorable, match=r"duplicate|naive|zone"):
        await store.load(SLUG, broken(base_program()))  # type: ignore[operator]
    assert await store.conferences() == []


# --- conferences, persons -------------------------------------------------------------------------


async def test_conferences_are_isolated(store: ProgramStore, engine: AsyncEngine) -> None:
    first = base_program()
    other_conf = Conference(name="Other Conf", timezone="America/New_York", year=2024)
    ny = ZoneInfo("America/New_York")
    second = program(
        session(
            "Opening",
            DAY1,
            kind=SessionKind.PLENARY,
            room="Main Hall",
            chairs=[person("Alice Ängström", "Elsewhere")],
        ),
        replace(
            session(
                "Talks",
                DAY1,
                room="Main Hall",
                papers=[paper("Other Paper", person("Dan Wu", "NY U"))],
            ),
            start=at(DAY1, "09:00", ny),
        ),
        conference=other_conf,
    )
    await store.load("a", first)
    await store.load("b", second)

    assert await store.get_program("a") == first
    assert await store.get_program("b") == second
    assert await store.conferences() == [CONFERENCE, other_conf]
    assert await store.slugs() == ["a", "b"]
    assert await store.conference("b") == other_conf
    assert (await store.counts("b")) == {"sessions": 2, "papers": 1, "people": 2, "rooms": 1}
    assert await scalar(engine, "SELECT count(*) FROM persons WHERE name = 'Dan Wu'") == 2

    report = await store.load("a", edited(base_sessions(), "Opening", lambda _s: None))
    assert [c.kinds for c in report.changes] == [(ChangeKind.REMOVED,)]
    assert await store.get_program("b") == second
    talks = by_title((await store.get_program("b")) or second, "Talks")
    assert talks.start is not None
    assert talks.start.tzinfo == ny


async def test_one_person_row_per_printed_name(store: ProgramStore, engine: AsyncEngine) -> None:
    original = base_program()
    await store.load(SLUG, original)

    names = {s.name for x in original.sessions for s in x.chairs}
    names |= {a.name for x in original.sessions for p in x.papers for a in p.authors}
    assert await scalar(engine, "SELECT count(*) FROM persons") == len(names)
    assert await scalar(engine, "SELECT count(*) FROM persons WHERE name = 'Dan Wu'") == 1
    assert (
        await scalar(engine, "SELECT name_folded FROM persons WHERE name = :n", n="Alice Ängström")
        == "alice angstrom"
    )
    assert (
        await scalar(engine, "SELECT name_folded FROM persons WHERE name = :n", n="Bob O'Brien")
        == "bob o brien"
    )
    loaded = await store.get_program(SLUG)
    assert loaded is not None
    storage = by_title(loaded, "Session 1A: Storage")
    assert storage.papers[0].authors[0] == person("Dan Wu", "Uni D")
    assert storage.papers[1].authors[0] == person("Dan Wu", "Uni D & Lab F")


async def test_names_differing_in_case_are_different_rows(
    store: ProgramStore, engine: AsyncEngine
) -> None:
    prog = program(session("S", DAY1, papers=[paper("P", person("Li Na"), person("LI NA"))]))
    await store.load(SLUG, prog)
    assert await scalar(engine, "SELECT count(*) FROM persons") == 2
    assert await store.get_program(SLUG) == prog


async def test_unreferenced_persons_and_rooms_are_collected(
    store: ProgramStore, engine: AsyncEngine
) -> None:
    await store.load(SLUG, base_program())
    assert await scalar(engine, "SELECT count(*) FROM persons WHERE name = 'Ivan'") == 1
    new = edited(
        base_sessions(),
        "Session 2A: Compilers",
        lambda s: replace(s, papers=s.papers[:1], room="Room 1"),
    )

    await store.load(SLUG, new)

    assert await scalar(engine, "SELECT count(*) FROM persons WHERE name = 'Ivan'") == 0
    assert await scalar(engine, "SELECT count(*) FROM rooms WHERE name = 'Room 2'") == 0
    assert await store.get_program(SLUG) == new


async def test_persons_of_removed_sessions_stay_until_nothing_refers_to_them(
    store: ProgramStore, engine: AsyncEngine
) -> None:
    await store.load(SLUG, base_program())
    await store.load(SLUG, edited(base_sessions(), "Session 2A: Compilers", lambda _s: None))

    assert await scalar(engine, "SELECT count(*) FROM persons WHERE name = 'Ivan'") == 1
    assert (await store.counts(SLUG))["people"] == 9


async def test_timezone_change_keeps_instants(store: ProgramStore) -> None:
    original = base_program()
    await store.load(SLUG, original)
    utc_conf = replace(original, conference=replace(CONFERENCE, timezone="UTC"))

    report = await store.load(SLUG, utc_conf)

    assert not report.changed
    loaded = await store.get_program(SLUG)
    assert loaded == utc_conf
    assert loaded is not None
    first = loaded.sessions[0].start
    assert first is not None
    assert first.tzinfo == ZoneInfo("UTC")
    assert first == at(DAY1, "09:00", ZONE)


async def test_loaded_at_comes_from_the_injected_clock(
    store: ProgramStore, engine: AsyncEngine
) -> None:
    await store.load(SLUG, base_program())
    stamp = await scalar(engine, "SELECT loaded_at FROM conferences")
    assert stamp is not None
    assert "2025-03-20" in str(stamp)


# --- query counts --------------------------------------------------------------------------------


def _many_sessions(n: int) -> Program:
    return program(
        *(
            session(
                f"Session {i}",
                DAY2,
                f"{8 + i % 10:02d}:00",
                room=f"Room {i % 3}",
                chairs=[person(f"Chair {i}", "U")],
                papers=[
                    paper(f"Paper {i}.{j}", person(f"Author {i}.{j}", "U"), person("Shared"))
                    for j in range(3)
                ],
            )
            for i in range(n)
        )
    )


async def test_get_program_runs_a_constant_number_of_queries(
    store: ProgramStore, statements: Statements
) -> None:
    queries = []
    for slug, size in (("small", 2), ("large", 40)):
        prog = _many_sessions(size)
        await store.load(slug, prog)
        statements.seen.clear()
        assert await store.get_program(slug) == prog
        queries.append(len(statements.of("SELECT")))
    assert queries[0] == queries[1]
    assert queries[0] <= 5


async def test_load_runs_a_constant_number_of_queries(
    store: ProgramStore, statements: Statements
) -> None:
    selects = []
    for slug, size in (("small", 2), ("large", 40)):
        await store.load(slug, _many_sessions(size))
        statements.seen.clear()
        await store.load(
            slug, replace(_many_sessions(size), conference=replace(CONFERENCE, name="Renamed"))
        )
        selects.append(len(statements.of("SELECT")))
    assert selects[0] == selects[1]
