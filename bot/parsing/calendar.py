"""Dates and zones: give day headers their dates, pick the conference zone, check printed labels."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.errors import ProgramParseError
from bot.model import ParseWarning
from bot.parsing import ParseOptions
from bot.parsing.timeexpr import (
    ZONE_NAMES,
    DayExpr,
    infer_year,
    reads_month_first,
    shift_to_weekday,
    zone_offset_hours,
)


@dataclass(frozen=True, slots=True)
class PrintedZone:
    """A zone label printed in the program: a note's, or an item's with its local date and time."""

    label: str
    line: int
    day: date | None = None
    start: time | None = None


@dataclass(slots=True)
class DayDraft:
    """A day header as printed, and the date it resolves to."""

    label: str
    expr: DayExpr
    line: int
    resolved: date | None = None


class Warn:
    def __init__(self, sink: list[ParseWarning]) -> None:
        self.sink = sink

    def __call__(self, line: int, message: str) -> None:
        self.sink.append(ParseWarning(line, message))


def resolve_days(
    days: list[DayDraft], year: int | None, warn: Warn, first_day: date | None = None
) -> int | None:
    """Give every day header a date; returns the year used. Weekday-only headers that no
    dated header places are counted from `first_day`, when it is known."""
    if year is None and first_day is not None:
        year = first_day.year
    if year is None:
        for day in days:
            if day.expr.year:
                year = day.expr.year
                break
    if year is None:
        for day in days:
            e = day.expr
            if e.month and e.day and e.weekday is not None:
                year = infer_year(e.month, e.day, e.weekday, 2025)
                if year:
                    warn(
                        day.line,
                        f"no year given; {year} is when {day.label!r} falls on that"
                        " weekday (use --year to override)",
                    )
                    break
    month_first = year is not None and reads_month_first([d.expr for d in days], year)
    for day in days:
        day.resolved = day.expr.resolve(year, month_first=month_first)
        e = day.expr
        if day.resolved and e.weekday is not None and day.resolved.weekday() != e.weekday:
            warn(
                day.line,
                f"{day.label!r}: {day.resolved:%d %B %Y} is a "
                f"{day.resolved:%A}; kept the printed date",
            )
    # Weekday-only headers take their date from the nearest dated neighbour.
    for index, day in enumerate(days):
        if day.resolved or day.expr.weekday is None:
            continue
        later = next((d for d in days[index + 1 :] if d.resolved), None)
        earlier = next((d for d in reversed(days[:index]) if d.resolved), None)
        if later and later.resolved:
            day.resolved = shift_to_weekday(later.resolved, day.expr.weekday, forward=False)
        elif earlier and earlier.resolved:
            day.resolved = shift_to_weekday(earlier.resolved, day.expr.weekday, forward=True)
    anchor = first_day
    for day in days:
        if day.resolved is None and anchor is not None and day.expr.weekday is not None:
            # "MONDAY", "Tuesday": the first such day on or after the conference's first day.
            try:
                on_or_after = shift_to_weekday(
                    anchor - timedelta(days=1), day.expr.weekday, forward=True
                )
            except OverflowError:
                break  # a first day at either end of the calendar: no date to give
            day.resolved = anchor = on_or_after
    for day in days:
        if day.resolved is None:
            warn(
                day.line,
                f"could not date the day header {day.label!r}; its sessions have"
                " no date (give --year, or print the date)",
            )
    return year


def pick_zone(
    options: ParseOptions, printed: Sequence[PrintedZone], warn: Warn
) -> tuple[ZoneInfo, str]:
    """The configured zone, else one guessed from the first printed label, else UTC."""
    if options.timezone:
        try:
            return ZoneInfo(options.timezone), options.timezone
        except (ZoneInfoNotFoundError, ValueError) as error:
            raise ProgramParseError(f"unknown time zone {options.timezone!r}") from error
    for zone_label in printed:
        label, number = zone_label.label, zone_label.line
        base = re.match(r"[A-Z]+", label)
        if base and base.group(0) in ZONE_NAMES:
            name = ZONE_NAMES[base.group(0)]
            warn(
                number,
                f"no time zone configured; guessed {name} from {label!r}"
                " (set the conference time zone to be sure)",
            )
            return ZoneInfo(name), name
    warn(0, "no time zone configured or printed; times are taken as UTC")
    return ZoneInfo("UTC"), "UTC"


def check_zone_labels(
    labels: Iterable[PrintedZone], zone: ZoneInfo, zone_name: str, warn: Warn
) -> None:
    """One warning per printed label whose offset the chosen zone does not have on its dates."""
    mismatches: dict[str, tuple[int, int, float, float]] = {}
    for item in labels:
        if item.day is None or item.start is None:
            continue
        printed = zone_offset_hours(item.label)
        if printed is None:
            continue
        offset = datetime.combine(item.day, item.start, zone).utcoffset()
        actual = offset.total_seconds() / 3600 if offset is not None else 0.0
        if abs(printed - actual) > 1e-6:
            first, count, _, _ = mismatches.get(item.label, (item.line, 0, printed, actual))
            mismatches[item.label] = (first, count + 1, printed, actual)
    for label, (first, count, printed, actual) in mismatches.items():
        warn(
            first,
            f"times are labelled {label} (UTC{printed:+g}) but {zone_name} is "
            f"UTC{actual:+g} on those dates; used {zone_name} ({count} items)",
        )


def aware(day: date | None, clock: time | None, zone: ZoneInfo) -> datetime | None:
    if day is None or clock is None:
        return None
    return datetime.combine(day, clock, zone)
