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
