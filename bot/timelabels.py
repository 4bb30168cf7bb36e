"""Day and month names, and the labels every front end shows for days and times.

English names of our own rather than `strftime("%a")`, which follows the process locale: the
bot answers the same on every machine. Each function takes the moment already in the zone it
should be shown in (the conference's).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Final

DAY_NAMES: Final = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
DAY_ABBREVIATIONS: Final = tuple(name[:3] for name in DAY_NAMES)
MONTH_NAMES: Final = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
MONTH_ABBREVIATIONS: Final = tuple(name[:3] for name in MONTH_NAMES)


def day_name(day: date) -> str:
    """ "Wednesday"."""
    return DAY_NAMES[day.weekday()]


def month_name(day: date) -> str:
    """ "April"."""
    return MONTH_NAMES[day.month - 1]


def short_day(day: date) -> str:
    """ "Wed 2 Apr"."""
    return f"{DAY_ABBREVIATIONS[day.weekday()]} {day.day} {MONTH_ABBREVIATIONS[day.month - 1]}"


def long_day(day: date, *, year: bool = False) -> str:
    """ "Wednesday 2 April", or "Wednesday 2 April 2025" with `year`."""
    text = f"{day_name(day)} {day.day} {month_name(day)}"
    return f"{text} {day.year}" if year else text


def clock(moment: datetime) -> str:
    """ "14:00"."""
    return f"{moment:%H:%M}"


def weekday_clock(moment: datetime) -> str:
    """ "Wed 14:00"."""
    return f"{DAY_ABBREVIATIONS[moment.weekday()]} {clock(moment)}"


def day_clock(moment: datetime, *, zone_name: bool = False) -> str:
    """ "Wed 2 Apr 14:00", or "Wed 2 Apr 14:00 CEST" with `zone_name`."""
    text = f"{short_day(moment.date())} {clock(moment)}"
    return f"{text} {moment.tzname() or ''}".rstrip() if zone_name else text
