"""Program files -> `bot.model.Program`. Pure: no I/O beyond the text it is given."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ParseOptions:
    """What the caller knows that the file may not say. Set values win over the file's own."""

    name: str | None = None
    timezone: str | None = None
    year: int | None = None
    source: str | None = None
    # Spreadsheet columns named explicitly, (field, header as printed): ("title", "Paper name").
    columns: tuple[tuple[str, str], ...] = ()
