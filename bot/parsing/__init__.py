"""Program files -> `bot.model.Program`. Pure: no I/O beyond the text it is given."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True, slots=True)
class ParseOptions:
    """What the caller knows that the file may not say. Set values win over the file's own."""

    name: str | None = None
    timezone: str | None = None
    year: int | None = None
    source: str | None = None
    # Spreadsheet columns named explicitly, (field, header as printed): ("title", "Paper name").
    columns: tuple[tuple[str, str], ...] = ()
    # The conference's first day, for a program that prints weekdays or no day at all.
    first_day: date | None = None
