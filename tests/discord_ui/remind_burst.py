"""Many `/remind` at a steady rate through the fake Discord, and whether each answer was true.

Shared by `tests/discord_ui/cogs/test_remind_burst.py` (a few hundred, in the suite) and
`tests/bench/bench_remind_burst.py` (2,000 in 40 s). The truth is what is stored, read after
the burst through the reminder service: a stored reminder must have been answered "Reminder
set" (never the apology of an internal error), nothing stored must never have been answered
so, and a user whose DMs are closed must have been told, in a second reply, that they will be
mentioned in the channel, which the stored reminder then allows.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from bot.discord_ui import embeds
from bot.model import DeliveryRecord, RemindersAnswer
from tests.fakediscord.server import FakeDiscord, FakeInteraction, FakeMessage, FakeUser

SET = "Reminder set for"
CLOSED_DMS = "I cannot DM you"
NOWHERE = "zzzz no such session qqqq"  # a query that finds nothing: an error, nothing stored


@dataclass(frozen=True)
class Attendee:
    user: FakeUser
    query: str
    dms_closed: bool

    @property
    def expects_reminder(self) -> bool:
        return self.query != NOWHERE


@dataclass
class Verdict:
    """What every attendee was told, compared with what is stored."""

    counts: Counter[str] = field(default_factory=Counter)
    untrue: list[str] = field(default_factory=list)

    def add(self, kind: str, problem: str | None = None) -> None:
        self.counts[kind] += 1
        if problem is not None:
            self.untrue.append(problem)


def attendees(
    fake: FakeDiscord, count: int, queries: Sequence[str], *, seed: int = 0
) -> list[Attendee]:
    """`count` new members of the fake's guild: about one in eight with DMs closed, one in ten
    asking for something that does not exist."""
    rng = random.Random(seed)
    people: list[Attendee] = []
    for n in range(count):
        user = fake.add_user(f"burst{n}")
        fake.add_member(fake.guild, user)
        closed = rng.random() < 1 / 8
        if closed:
            fake.refuse_dms(user)
        query = NOWHERE if rng.random() < 1 / 10 else rng.choice(list(queries))
        people.append(Attendee(user, query, closed))
    return people


async def send_at_rate(
    fake: FakeDiscord, people: Sequence[Attendee], rate: float
) -> list[FakeInteraction]:
    """Each attendee's `/remind session` at a steady `rate` a second (each in its own task, so
    a slow send never holds back the next)."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    tasks = []
    for index, person in enumerate(people):
        await asyncio.sleep(max(0.0, start + index / rate - loop.time()))
        tasks.append(
            asyncio.create_task(
                fake.send_interaction("remind session", {"query": person.query}, user=person.user)
            )
        )
    return list(await asyncio.gather(*tasks))


def _reply_text(message: FakeMessage) -> str:
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [f"{f['name']}\n{f['value']}" for f in embed.get("fields") or []]
    return "\n".join(parts)


def replies(ix: FakeInteraction) -> list[str]:
    """Every followup an interaction got, as text, in order."""
    return [_reply_text(m) for m in ix.followups]


async def wait_for_answers(
    fake: FakeDiscord,
    people: Sequence[Attendee],
    sent: Sequence[FakeInteraction],
    within: float,
    *,
    closed_dms_told: bool = True,
) -> None:
    """Until every interaction has its reply, and (with `closed_dms_told`) every attendee with
    closed DMs the second one, which comes once the confirmation DM is refused, behind the
    paced requests."""

    pairs = list(zip(people, sent, strict=True))
    answered = 0  # the attendees before this one have all they will get

    def done() -> bool | None:
        nonlocal answered
        while answered < len(pairs):
            person, ix = pairs[answered]
            if not ix.followups:
                return None
            waiting = closed_dms_told and person.dms_closed and len(ix.followups) < 2
            if waiting and SET in replies(ix)[0]:
                return None
            answered += 1
        return True

    await fake.wait_until(done, timeout=within, what="every /remind answered")


async def judge(
    fake: FakeDiscord,
    people: Sequence[Attendee],
    sent: Sequence[FakeInteraction],
    stored: Callable[[int], Awaitable[RemindersAnswer]],
    *,
    closed_dms_told: bool = True,
) -> Verdict:
    """Compare each attendee's replies with what is stored for them. Without
    `closed_dms_told`, a closed-DM attendee not told yet is counted, not held untrue (their
    confirmation DM is still queued behind Discord's limits)."""
    verdict = Verdict()
    for person, ix in zip(people, sent, strict=True):
        answer = await stored(person.user.id)
        records = [record for record, _ in answer.reminders]
        kind, problem = verdict_of(person, replies(ix), records, closed_dms_told=closed_dms_told)
        verdict.add(kind, f"{person.user.username}: {problem}" if problem else None)
    return verdict


def verdict_of(  # noqa: PLR0911 (a table: one verdict per case)
    person: Attendee,
    got: Sequence[str],
    records: Sequence[DeliveryRecord],
    *,
    closed_dms_told: bool,
) -> tuple[str, str | None]:
    """(what happened, what was untrue about it or None) for one attendee."""
    if not got:
        return "unanswered", "no answer"
    first, later = got[0], " ".join(got[1:])
    if not records:
        if SET in first:
            return "told set, nothing stored", "told set, nothing stored"
        if not person.expects_reminder:
            return "nothing found, told so", None
        # Nothing stored for a real session: truthful only if the answer says it failed.
        told_failed = embeds.INTERNAL_ERROR in first
        return "not stored, told it failed", None if told_failed else repr(first[:60])
    if embeds.INTERNAL_ERROR in first:
        return "apology for a stored reminder", "stored, told it failed"
    if SET not in first:
        return "stored, not told", f"stored, answered {first[:60]!r}"
    if not person.dms_closed:
        if CLOSED_DMS in later:
            return "told DMs closed wrongly", "DMs open, told closed"
        return "set", None
    if CLOSED_DMS not in later:
        if closed_dms_told:
            return "closed DMs not told", "DMs closed, never told"
        return "set, DMs closed: not told yet", None
    if any(r.channel_id is None for r in records):
        return "no channel to fall back on", "told of the channel, but none is stored"
    return "set, DMs closed: told the channel fallback", None
