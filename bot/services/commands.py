"""The commands both front ends offer: their names, options and what each one runs.

Discord's slash commands and the console's lines are built from this one table and executed by
one runner, so the two can only differ in how they render an answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.errors import UserError
from bot.folding import fold
from bot.limits import CHOICE_VALUE_MAX, CHOICES_MAX
from bot.model import (
    AffiliationAnswer,
    ChairAnswer,
    GridAnswer,
    HelpAnswer,
    PapersAnswer,
    PersonAnswer,
    SearchAnswer,
    SessionsAnswer,
    TimetableAnswer,
)
from bot.search import EntryKind
from bot.services.queries import Queries
from bot.timelabels import long_day

Answer = (
    SessionsAnswer
    | ChairAnswer
    | PapersAnswer
    | PersonAnswer
    | AffiliationAnswer
    | SearchAnswer
    | TimetableAnswer
    | GridAnswer
    | HelpAnswer
)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    name: str
    description: str
    required: bool = False
    lookup: tuple[EntryKind, ...] = ()  # what autocomplete offers; () for rooms/days
    choices_from: str | None = None  # "room" or "day": autocomplete from the program
    choices: tuple[str, ...] = ()  # a fixed set of values (the first is the default)


@dataclass(frozen=True, slots=True)
class CommandSpec:
    name: str
    description: str
    options: tuple[OptionSpec, ...]
    example: str

    @property
    def usage(self) -> str:
        parts = [self.name]
        for option in self.options:
            parts.append(f"<{option.name}>" if option.required else f"[{option.name}]")
        return " ".join(parts)


VIEWS = ("list", "grid")

_ANY = (EntryKind.SESSION, EntryKind.PAPER, EntryKind.PERSON)

COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "session",
        "A session: time, room, chairs and papers",
        (OptionSpec("query", "Session title, one of its papers, or a chair", True, _ANY),),
        "session llm training",
    ),
    CommandSpec(
        "chair",
        "Who chairs a session, or which sessions a person chairs",
        (OptionSpec("query", "Session or paper title, or a person's name", True, _ANY),),
        "chair Helix",
    ),
    CommandSpec(
        "paper",
        "A paper: its authors, session, time, room and chair",
        (OptionSpec("title", "Paper title (part of it is enough)", True, (EntryKind.PAPER,)),),
        "paper hybridflow",
    ),
    CommandSpec(
        "author",
        "What a person presents and chairs, with affiliations and co-authors",
        (OptionSpec("name", "The person's name (typos are fine)", True, (EntryKind.PERSON,)),),
        "author bin cui",
    ),
    CommandSpec(
        "affiliation",
        "People and papers of an institution",
        (
            OptionSpec(
                "name", "Institution, e.g. ETH or Peking University", True, (EntryKind.AFFILIATION,)
            ),
        ),
        "affiliation ETH",
    ),
    CommandSpec(
        "search",
        "Search sessions, papers, people and affiliations at once",
        (
            OptionSpec(
                "query",
                "Anything: a title, a name, an institution",
                True,
                (EntryKind.SESSION, EntryKind.PAPER, EntryKind.PERSON, EntryKind.AFFILIATION),
            ),
        ),
        "search serverless",
    ),
    CommandSpec(
        "now",
        "What is on right now, and what starts next in each room",
        (OptionSpec("room", "Only this room", choices_from="room"),),
        "now",
    ),
    CommandSpec(
        "next",
        "What starts next in each room",
        (OptionSpec("room", "Only this room", choices_from="room"),),
        "next",
    ),
    CommandSpec(
        "schedule",
        "A day's sessions in time order",
        (
            OptionSpec("day", "today, tomorrow, a weekday or a date", choices_from="day"),
            OptionSpec("room", "Only this room", choices_from="room"),
            OptionSpec("view", "list (default) or grid: a timetable picture", choices=VIEWS),
        ),
        "schedule wednesday room:Mees",
    ),
)

BY_NAME = {c.name: c for c in COMMANDS}


@dataclass(frozen=True, slots=True)
class Choice:
    """An autocomplete suggestion: what is shown, and the option value it stands for."""

    label: str
    value: str


class CommandRunner:
    """Runs a command by name with its options; both front ends call this."""

    def __init__(self, queries: Queries) -> None:
        self._queries = queries

    def complete(self, command: str, option: str, text: str) -> list[Choice]:
        """Suggestions while someone types an option; answered from memory, never the DB."""
        spec = BY_NAME.get(command)
        found = next((o for o in spec.options if o.name == option), None) if spec else None
        if found is None:
            return []
        if found.choices:
            return [Choice(c, c) for c in found.choices if fold(text) in c]
        catalog = self._queries.catalog
        if found.choices_from == "room":
            key = fold(text)
            return [Choice(r, r) for r in catalog.rooms if key in fold(r)][:CHOICES_MAX]
        if found.choices_from == "day":
            key = fold(text)
            days = [long_day(d) for d in catalog.days]
            return [Choice(d, d) for d in days if key in fold(d)][:CHOICES_MAX]
        choices = []
        for hit in catalog.index.complete(text, kinds=found.lookup, limit=CHOICES_MAX):
            entry = hit.entry
            label = f"{entry.label} · {entry.detail}" if entry.detail else entry.label
            value = f"@{entry.kind.value}:{entry.ref}"
            if len(value) > CHOICE_VALUE_MAX:
                value = entry.label[:CHOICE_VALUE_MAX]
            choices.append(Choice(label, value))
        return choices

    def run(self, name: str, options: Mapping[str, str | None]) -> Answer:  # noqa: PLR0911 (a table: one query per command)
        spec = BY_NAME.get(name)
        if spec is None:
            if name == "help":
                return help_answer()
            raise UserError(f"There is no command “{name}”. Try `help`.")
        values = _option_values(spec, options)
        q = self._queries
        match name:
            case "session":
                return q.session(values["query"] or "")
            case "chair":
                return q.chair(values["query"] or "")
            case "paper":
                return q.paper(values["title"] or "")
            case "author":
                return q.author(values["name"] or "")
            case "affiliation":
                return q.affiliation(values["name"] or "")
            case "search":
                return q.search(values["query"] or "")
            case "now":
                return q.now(values["room"])
            case "next":
                return q.next(values["room"])
            case "schedule":
                return _schedule(q, values)
        raise UserError(f"There is no command “{name}”.")  # pragma: no cover


def _schedule(queries: Queries, values: Mapping[str, str | None]) -> TimetableAnswer | GridAnswer:
    if values["view"] == "grid":
        return queries.grid(values["day"], values["room"])
    return queries.schedule(values["day"], values["room"])


def _option_values(spec: CommandSpec, options: Mapping[str, str | None]) -> dict[str, str | None]:
    """Each option of `spec`, stripped, None when blank; a required one missing is refused."""
    values = {o.name: (options.get(o.name) or "").strip() or None for o in spec.options}
    for option in spec.options:
        if option.required and not values[option.name]:
            raise UserError(f"`{spec.name}` needs a {option.name}, e.g. `{spec.example}`.")
        value = values[option.name]
        if option.choices and value is not None:
            if value.lower() not in option.choices:
                allowed = " or ".join(option.choices)
                raise UserError(f"`{spec.name}`: {option.name} must be {allowed}, not “{value}”.")
            values[option.name] = value.lower()
    return values


def help_answer() -> HelpAnswer:
    return HelpAnswer(tuple((c.name, c.usage, c.description) for c in COMMANDS))
