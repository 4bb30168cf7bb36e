"""RolePingStore: opt-ins, and which DMs of a claimed batch a role ping replaces."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.model import DeliveryKind, DeliverySpec, DeliveryState, Program
from bot.storage import make_sessionmaker
from bot.storage.deliveries import DeliveryStore
from bot.storage.role_pings import RolePingStore
from tests.storage.factory import DAY1, at
from tests.storage.test_deliveries import LEASE, SLUG, Clock, clock, deliveries, program, spec

__all__ = ["clock", "deliveries", "program"]  # the fixtures, shared
GUILD = 5


def ping(program: Program, due: object) -> DeliverySpec:
    return spec(
        program, f"role_ping:{GUILD}", due, kind=DeliveryKind.ROLE_PING, via="channel",
        user_id=None, guild_id=GUILD, channel_id=6, role_id=7,
    )  # fmt: skip


async def test_only_opted_in_dms_of_a_burst_over_the_threshold_are_covered(
    engine: AsyncEngine, deliveries: DeliveryStore, program: Program, clock: Clock
) -> None:
    pings = RolePingStore(make_sessionmaker(engine))
    due = at(DAY1, "09:00")
    key = program.sessions[1].id
    await deliveries.update_guild(
        SLUG, GUILD, burst_threshold=2, burst_channel_id=6, burst_role_id=7
    )
    dms = [spec(program, f"u{u}", due, user_id=u) for u in (1, 2)]
    await deliveries.upsert(SLUG, [*dms, ping(program, due)])
    assert await pings.opt_in(SLUG, GUILD, key, 1)
    assert not await pings.opt_in(SLUG, GUILD, key, 1)  # once
    clock.now = due
    claimed = await deliveries.claim("a", 10, LEASE)
    assert await pings.covered(claimed) == set()  # two DMs: not over the threshold of two
    [ping_row] = [r for r in claimed if r.kind is DeliveryKind.ROLE_PING]
    assert not await pings.burst_over_threshold(ping_row)
    await deliveries.upsert(SLUG, [spec(program, "u3", due, user_id=3)])
    assert await pings.burst_size(SLUG, key, due) == 3
    covered = await pings.covered(claimed)
    assert {r.user_id for r in claimed if r.id in covered} == {1}
    assert await pings.burst_over_threshold(ping_row)
    # A DM already sent still counts: during a burst its size only grows.
    await deliveries.cancel(SLUG, reason="test", user_id=3)
    assert await pings.burst_size(SLUG, key, due) == 3
    # Another moment has no ping of its own: its DM goes out.
    [(later, _)] = await deliveries.upsert(
        SLUG, [spec(program, "u1-later", due + timedelta(minutes=5), user_id=1)]
    )
    assert await pings.covered([later]) == set()
    # Switched off: nobody is covered.
    await deliveries.update_guild(SLUG, GUILD, burst_threshold=None)
    assert await pings.covered(claimed) == set()
    assert await pings.opt_out(SLUG, GUILD, key, 1)
    assert await pings.opt_ins(SLUG, GUILD, user_id=1) == 0
    assert DeliveryState.CLAIMED in {r.state for r in claimed}
