"""The pure reload plan, without a database: which stored session each new one is, what
changed in it, and what is added, revived or removed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from bot.model import ChangeKind, Program, Session, SessionKind
from bot.storage.reload_plan import StoredSession, change_kinds, plan_reload, program_hash
from tests.storage.factory import DAY2, DAY3, at, paper, person, program, session

KEYNOTE = session("Keynote: Jane Doe", DAY2, "09:00", "10:00", kind=SessionKind.KEYNOTE)
STORAGE = session(
    "Storage", DAY2, "10:30", "12:00", room="Hall 1", papers=[paper("Fast Disks", person("A"))]
)
LUNCH = session("Lunch", DAY2, "12:00", "13:00", kind=SessionKind.BREAK)


def stored(prog: Program, *, removed: frozenset[str] = frozenset()) -> list[StoredSession]:
    """`prog` as if stored: row ids from 1 in program order."""
    return [
        StoredSession(number, s.id, s.id in removed, position, s)
        for position, (number, s) in enumerate(enumerate(prog.sessions, start=1))
    ]


def test_same_ids_match_and_nothing_is_added_or_removed() -> None:
    before = program(KEYNOTE, STORAGE, LUNCH)
    plan = plan_reload(stored(before), before)
    assert [(m.stored.key, m.after.id, m.position) for m in plan.matched] == [
        (s.id, s.id, n) for n, s in enumerate(before.sessions)
    ]
    assert plan.added == plan.removed == plan.revived == []


def test_a_session_gone_is_removed_and_a_new_one_added() -> None:
    before = program(KEYNOTE, STORAGE)
    after = program(KEYNOTE, LUNCH)
    plan = plan_reload(stored(before), after)
    assert [s.key for s in plan.removed] == [before.sessions[1].id]
    assert [(s.id, position) for s, position in plan.added] == [(after.sessions[1].id, 1)]


def test_a_soft_deleted_session_that_comes_back_is_revived() -> None:
    before = program(KEYNOTE, STORAGE)
    plan = plan_reload(stored(before, removed=frozenset({before.sessions[1].id})), before)
    assert [m.stored.key for m in plan.revived] == [before.sessions[1].id]
    assert [m.stored.key for m in plan.matched] == [before.sessions[0].id]


def test_a_session_moved_to_another_day_keeps_its_row() -> None:
    before = program(KEYNOTE, STORAGE)
    moved = replace(STORAGE, day=DAY3, start=at(DAY3, "10:30"), end=at(DAY3, "12:00"))
    after = program(KEYNOTE, moved)
    assert before.sessions[1].id != after.sessions[1].id  # the id holds the day
    plan = plan_reload(stored(before), after)
    (reconciled,) = [m for m in plan.matched if m.previous_key is not None]
    assert reconciled.stored.row_id == 2
    assert reconciled.previous_key == before.sessions[1].id
    assert reconciled.after.id == after.sessions[1].id
    assert plan.added == plan.removed == []


def test_a_retitled_session_in_the_same_slot_keeps_its_row() -> None:
    before = program(KEYNOTE, STORAGE)
    after = program(KEYNOTE, replace(STORAGE, title="Storage Systems"))
    plan = plan_reload(stored(before), after)
    assert {m.stored.row_id for m in plan.matched} == {1, 2}
    assert plan.added == plan.removed == []


def test_an_ambiguous_pair_is_not_reconciled() -> None:
    """Two lunches on one day becoming two on another: which is which is unknowable."""
    lunch2 = replace(LUNCH, start=at(DAY2, "12:30"), end=at(DAY2, "13:30"))
    before = program(LUNCH, lunch2)
    after = program(*(replace(s, day=DAY3, start=None, end=None) for s in (LUNCH, lunch2)))
    plan = plan_reload(stored(before), after)
    assert not plan.matched
    assert len(plan.removed) == 2
    assert len(plan.added) == 2


def test_change_kinds_name_what_differs_and_ignore_lines() -> None:
    base = program(STORAGE).sessions[0]
    assert change_kinds(base, replace(base, line=99)) == ()
    assert change_kinds(base, replace(base, papers=(replace(base.papers[0], line=7),))) == ()
    assert change_kinds(base, replace(base, room="Hall 2", title="Disks")) == (
        ChangeKind.MOVED,
        ChangeKind.RETITLED,
    )
    assert change_kinds(base, replace(base, chairs=(person("C"),), notes=("n",))) == (
        ChangeKind.CHAIRS,
        ChangeKind.DETAILS,
    )
    assert change_kinds(base, replace(base, papers=())) == (ChangeKind.PAPERS,)


@pytest.mark.parametrize(
    "edit",
    [
        lambda s: replace(s, title="Other"),
        lambda s: replace(s, room="Hall 9"),
        lambda s: replace(s, papers=()),
    ],
)
def test_program_hash_follows_content(edit: Callable[[Session], Session]) -> None:
    prog = program(STORAGE)
    changed = edit(prog.sessions[0])
    assert program_hash(prog) == program_hash(program(STORAGE))
    assert program_hash(prog) != program_hash(replace(prog, sessions=(changed,)))
