"""bot.observability.metrics: the families, counters, histograms and gauges, as Prometheus reads
them."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest

from bot.observability.metrics import (
    COMMAND_BUCKETS,
    Metrics,
)
from tests.observability.metrics_text import buckets, parse, value

NOW = datetime(2025, 4, 1, 9, 0, tzinfo=UTC)


def test_render_declares_every_family_with_help_and_type() -> None:
    types, samples = parse(Metrics(version="1.2.3").render())
    assert types == {
        "confbot_commands": "counter",  # the parser names a counter's family without _total
        "confbot_command_seconds": "histogram",
        "confbot_reminders": "gauge",
        "confbot_scheduler_lag_seconds": "gauge",
        "confbot_delivery_lag_seconds": "histogram",
        "confbot_scheduler_heartbeat_timestamp_seconds": "gauge",
        "confbot_gateway_connected": "gauge",
        "confbot_build_info": "gauge",
        "confbot_discord_refused_requests": "counter",
        "confbot_discord_refused_requests_10m": "gauge",
        "confbot_discord_senders": "gauge",
        "confbot_discord_rate_share": "gauge",
    }
    assert value(samples, "confbot_build_info", version="1.2.3") == 1


def test_the_share_of_the_request_rate_follows_the_live_senders() -> None:
    metrics = Metrics()
    metrics.discord_share(1, 45.0)
    metrics.discord_share(2, 22.5)
    _, samples = parse(metrics.render())
    assert value(samples, "confbot_discord_senders") == 2
    assert value(samples, "confbot_discord_rate_share") == 22.5


def test_refused_requests_are_counted_with_the_ban_window() -> None:
    metrics = Metrics()
    metrics.discord_refused(1, 1)
    metrics.discord_refused(2, 2)
    _, samples = parse(metrics.render())
    assert value(samples, "confbot_discord_refused_requests_total") == 2
    assert value(samples, "confbot_discord_refused_requests_10m") == 2


def test_commands_counter_increments_per_command_and_outcome() -> None:
    metrics = Metrics()
    for _ in range(3):
        metrics.command("now", "ok", 0.01)
    metrics.command("now", "user_error", 0.02)
    metrics.command("chair", "ok", 0.03)
    _, samples = parse(metrics.render())
    assert value(samples, "confbot_commands_total", command="now", outcome="ok") == 3
    assert value(samples, "confbot_commands_total", command="now", outcome="user_error") == 1
    assert value(samples, "confbot_commands_total", command="chair", outcome="ok") == 1


def test_histogram_buckets_are_cumulative_with_inf_sum_and_count() -> None:
    metrics = Metrics()
    durations = [0.001, 0.005, 0.07, 0.3, 0.3, 4.0, 12.0]  # 0.005 sits on a bound: le is <=
    for seconds in durations:
        metrics.command("schedule", "ok", seconds)
    _, samples = parse(metrics.render())
    rows = buckets(samples, "confbot_command_seconds", command="schedule")
    assert [bound for bound, _ in rows] == [*COMMAND_BUCKETS, math.inf]
    for bound, count in rows:
        assert count == sum(1 for d in durations if d <= bound), bound
    counts = [count for _, count in rows]
    assert counts == sorted(counts)
    assert rows[-1] == (math.inf, len(durations))
    assert value(samples, "confbot_command_seconds_count", command="schedule") == len(durations)
    assert value(samples, "confbot_command_seconds_sum", command="schedule") == pytest.approx(
        sum(durations)
    )


def test_label_values_are_escaped_and_parse_back() -> None:
    metrics = Metrics()
    awkward = 'say "hi"\\now\nthen'
    metrics.command(awkward, "ok", 0.0)
    text = metrics.render()
    assert "\nthen" not in text
    _, samples = parse(text)
    assert value(samples, "confbot_commands_total", command=awkward, outcome="ok") == 1


def test_reminder_states_missing_from_a_snapshot_read_zero() -> None:
    metrics = Metrics()
    metrics.set_reminders({"pending": 4, "sent": 10})
    metrics.set_reminders({"pending": 1, "failed": 2})
    _, samples = parse(metrics.render())
    assert value(samples, "confbot_reminders", state="pending") == 1
    assert value(samples, "confbot_reminders", state="sent") == 0
    assert value(samples, "confbot_reminders", state="failed") == 2


def test_scheduler_lag_sets_the_gauge_and_fills_the_histogram() -> None:
    metrics = Metrics()
    for lag in (0.2, 3.0, -1.0):  # a reminder sent early counts as on time
        metrics.scheduler_lag(lag)
    _, samples = parse(metrics.render())
    assert value(samples, "confbot_scheduler_lag_seconds") == 0
    assert value(samples, "confbot_delivery_lag_seconds_count") == 3
    assert value(samples, "confbot_delivery_lag_seconds_sum") == pytest.approx(3.2)
    assert dict(buckets(samples, "confbot_delivery_lag_seconds"))[0.5] == 2


def test_scheduler_heartbeat_and_freshness() -> None:
    metrics = Metrics()
    assert not metrics.scheduler_fresh(NOW, 60)
    metrics.scheduler_heartbeat(NOW)
    assert metrics.scheduler_fresh(NOW + timedelta(seconds=60), 60)
    assert not metrics.scheduler_fresh(NOW + timedelta(seconds=61), 60)
    _, samples = parse(metrics.render())
    assert value(samples, "confbot_scheduler_heartbeat_timestamp_seconds") == NOW.timestamp()
    with pytest.raises(ValueError, match="aware"):
        metrics.scheduler_heartbeat(NOW.replace(tzinfo=None))


def test_gateway_is_connected_only_when_every_shard_is() -> None:
    metrics = Metrics()
    assert not metrics.gateway_connected
    metrics.gateway(True, shard_id=0)
    metrics.gateway(True, shard_id=1)
    assert metrics.gateway_connected
    metrics.gateway(False, shard_id=1)
    assert not metrics.gateway_connected
    _, samples = parse(metrics.render())
    assert value(samples, "confbot_gateway_connected", shard="0") == 1
    assert value(samples, "confbot_gateway_connected", shard="1") == 0
