"""The request budget: even pacing, slowing on refusals, one warning per episode, and
stopping short of Discord's ban threshold."""

from __future__ import annotations

import logging

import pytest

from bot.services.pacing import BAN_WINDOW, BudgetConfig, RequestBudget


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_turns_are_evenly_spaced_at_the_rate() -> None:
    clock = Clock()
    budget = RequestBudget(BudgetConfig(rate=45.0), clock=clock)
    waits = [budget.reserve() for _ in range(90)]
    assert waits[0] == 0
    assert waits[-1] == pytest.approx(89 / 45)  # 90 requests take two seconds, no burst


def test_a_global_refusal_slows_the_pace_and_pauses_everyone(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = Clock()
    budget = RequestBudget(BudgetConfig(rate=45.0), clock=clock)
    with caplog.at_level(logging.INFO, logger="bot.services.pacing"):
        for _ in range(20):  # a whole wave refused at once
            budget.refused(0.5, is_global=True)
        assert budget.rate == pytest.approx(45.0 * 0.7)  # slowed once, not twenty times
        assert 0.5 <= budget.reserve() <= 0.75  # waits what Discord asked, plus jitter
        clock.now += 30  # quiet: the pace is back up to just below where it was refused
        assert budget.rate == pytest.approx(44.5)
        clock.now += 30  # a minute: all the way back, the episode over
        assert budget.rate == 45.0
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert "One line per episode" in warnings[0].getMessage()
    assert any("20 requests refused" in r.getMessage() for r in caplog.records)
    assert budget.refused_total == 20


def test_sending_stops_short_of_the_ban_threshold() -> None:
    clock = Clock()
    budget = RequestBudget(BudgetConfig(rate=45.0, stop_short_of=100), clock=clock)
    for _ in range(100):
        budget.refused(0.01, is_global=False)
    assert budget.refused_in_window == 100
    assert budget.reserve() == pytest.approx(BAN_WINDOW)  # until the oldest leaves the window


def test_a_share_caps_the_pace_at_once_and_a_larger_one_is_climbed_back_to() -> None:
    clock = Clock()
    budget = RequestBudget(BudgetConfig(rate=45.0), clock=clock)
    budget.share(22.5)
    assert (budget.limit, budget.rate) == (22.5, 22.5)
    waits = [budget.reserve() for _ in range(45)]
    assert waits[-1] == pytest.approx(44 / 22.5)  # two seconds for 45 requests
    budget.share(45.0)
    assert budget.rate == 22.5  # not at once: the pace climbs back
    clock.now += 5
    assert budget.rate == pytest.approx(32.5)  # 2 a second
    clock.now += 10
    assert budget.rate == 45.0


def test_a_share_stays_between_the_minimum_and_the_configured_rate() -> None:
    budget = RequestBudget(BudgetConfig(rate=45.0, min_rate=5.0), clock=Clock())
    budget.share(1.0)
    assert budget.limit == 5.0
    budget.share(90.0)
    assert budget.limit == 45.0


def test_refusals_under_a_share_slow_below_it_and_recover_only_to_it() -> None:
    clock = Clock()
    budget = RequestBudget(BudgetConfig(rate=45.0), clock=clock)
    budget.share(15.0)
    budget.refused(0.2, is_global=True)
    assert budget.rate == pytest.approx(15.0 * 0.7)
    clock.now += 120
    assert budget.rate == 15.0  # never above the share
    assert budget.global_refused_total == 1


def test_what_a_refusal_taught_scales_with_the_share() -> None:
    clock = Clock()
    budget = RequestBudget(BudgetConfig(rate=45.0), clock=clock)
    budget.share(22.5)
    budget.refused(0.2, is_global=True)  # learned: just below 22.5
    clock.now += 10
    budget.share(45.0)  # the other process left
    clock.now += 20
    assert 40.0 < budget.rate < 45.0  # near twice what was learned, not stuck at 21.5


def test_a_hold_hands_out_no_turn_until_it_ends() -> None:
    clock = Clock()
    budget = RequestBudget(BudgetConfig(rate=45.0), clock=clock)
    budget.hold(3.0)
    assert budget.reserve() == pytest.approx(3.0)
    assert budget.reserve() == pytest.approx(3.0 + 1 / 45)
    clock.now += 10
    assert budget.reserve() == 0


def test_a_peer_refused_slows_this_process_without_pausing_or_counting() -> None:
    clock = Clock()
    budget = RequestBudget(BudgetConfig(rate=45.0), clock=clock)
    budget.slow_down()
    assert budget.rate == pytest.approx(45.0 * 0.7)
    assert budget.reserve() == 0
    assert (budget.refused_total, budget.refused_in_window) == (0, 0)
