"""Many `/remind` at Discord's pace, with its global limit on: every user is told the truth.

200 attendees send `/remind session` at 50 a second through the real discord.py client, with
the fake refusing what goes over 50 requests a second (the confirmation DMs compete for
them), about one in eight with closed DMs and one in ten asking for a session that does not
exist. Afterwards each answer is compared with what is stored (`tests/discord_ui/remind_burst.py`).
Two of the fake's limits are eased here, to keep the test short and about truth rather than
time: the 3-second deadline for the first answer (on a loaded test machine it would measure
the machine) and the per-route 5 requests in 5 s, which makes opening 200 DM channels take
200 s. `tests/bench/bench_remind_burst.py` keeps both, at 2,000 in 40 s.
"""

from __future__ import annotations

import pytest

from bot.app import App
from bot.discord_ui.client import ConfBot
from tests.discord_ui.remind_burst import attendees, judge, send_at_rate, wait_for_answers
from tests.fakediscord.server import FakeDiscord

COUNT = 200
RATE = 50.0


async def upcoming_sessions(app: App) -> list[str]:
    assert app.clock is not None
    now = app.clock.now()
    sessions = app.programs.current().program.sessions
    return [f"@session:{s.id}" for s in sessions if s.start is not None and s.start > now][:20]


@pytest.mark.fake(response_deadline=120.0, route_limit=50, route_window=1.0)
async def test_every_remind_of_a_burst_is_answered_as_stored(
    fake: FakeDiscord, bot: ConfBot, app: App
) -> None:
    people = attendees(fake, COUNT, await upcoming_sessions(app))
    sent = await send_at_rate(fake, people, RATE)
    await wait_for_answers(fake, people, sent, within=120.0)
    refused = fake.take_rejections()  # the confirmation DMs of those with closed DMs
    closed = {p.user.username for p in people if p.dms_closed}
    assert {r.code for r in refused} == {50007}
    assert all(r.reason.split()[1] in closed for r in refused)
    verdict = await judge(fake, people, sent, app.reminders.mine)
    assert verdict.untrue == []
    assert verdict.counts["set"] > COUNT / 2
    assert verdict.counts["set, DMs closed: told the channel fallback"] > 0
    assert verdict.counts["nothing found, told so"] > 0
