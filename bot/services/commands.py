"""The commands both front ends offer: their names, options and what each one runs.

Discord's slash commands and the console's lines are built from this one table and executed by
one runner, so the two can only differ in how they render an answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.errors import UserError
from bot.folding import fold
from bot.limits import CHOICE_VALUE_MAX, CHOICES_MAX
from bot.model import (
    AffiliationAnswer,
    AgendaAnswer,
    CalendarFile,
    ChairAnswer,
    GridAnswer,
    HelpAnswer,
    MeAnswer,
    PapersAnswer,
    PersonAnswer,
    SearchAnswer,
    SessionsAnswer,
    TimetableAnswer,
)
from bot.search import EntryKind
from bot.services.answer_memo import AnswerMemo
from bot.services.queries import Queries
from bot.timelabels import long_day

if TYPE_CHECKING:  # the agenda service builds runners itself (tenants): no import cycle
    from bot.services.agenda import AgendaService
    from bot.services.people import PeopleService

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

AnyAnswer = Answer | AgendaAnswer | CalendarFile | MeAnswer
"""What `CommandRunner.execute` may return: any answer, an agenda, a calendar file, or where
the asker is on."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    name: str
    description: str
    required: bool = False
    lookup: tuple[EntryKind, ...] = ()  # what autocomplete offers; () for rooms/days
    choices_from: str | None = None  # "room", "day" or "agenda" (the person's own items)
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
CONSOLE_GUILD = 0
"""The console's links stand for no Discord server."""

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
            OptionSpec(
                "format", "text (the default), or ics: a calendar file", choices=("text", "ics")
            ),
            OptionSpec("view", "list (default) or grid: a timetable picture", choices=VIEWS),
        ),
        "schedule wednesday room:Mees",
    ),
)

AGENDA_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "agenda add session",
        "Put a session on my agenda",
        (OptionSpec("query", "Session title, one of its papers, or a chair", True, _ANY),),
        "agenda add session llm training",
    ),
    CommandSpec(
        "agenda add paper",
        "Put a paper's session on my agenda, remembering the paper",
        (OptionSpec("title", "Paper title (part of it is enough)", True, (EntryKind.PAPER,)),),
        "agenda add paper hybridflow",
    ),
    CommandSpec(
        "agenda remove",
        "Take a session off my agenda",
        (OptionSpec("item", "A session on your agenda", True, choices_from="agenda"),),
        "agenda remove llm training",
    ),
    CommandSpec(
        "agenda list",
        "My agenda in time order, with conflicts marked",
        (OptionSpec("day", "Only this day: today, a weekday or a date", choices_from="day"),),
        "agenda list wednesday",
    ),
    CommandSpec("agenda clear", "Take everything off my agenda", (), "agenda clear"),
    CommandSpec("agenda ics", "My agenda as a calendar file (.ics)", (), "agenda ics"),
)
"""Commands about the asker's own agenda: they read and write the database (`execute`)."""

ME_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("me show", "What you present and chair, with times and rooms", (), "me show"),
    CommandSpec(
        "me claim",
        "Say which author or chair you are (organisers confirm)",
        (OptionSpec("name", "Your name as the program prints it", True, (EntryKind.PERSON,)),),
        "me claim bin cui",
    ),
    CommandSpec(
        "me reminders",
        "Turn your chair and talk reminders on or off",
        (OptionSpec("state", "on or off", True, choices=("on", "off")),),
        "me reminders off",
    ),
)
"""Where the asker is on in the program, once linked to its author or chair (`execute`)."""

BY_NAME = {c.name: c for c in (*COMMANDS, *AGENDA_COMMANDS, *ME_COMMANDS)}

SEARCHED = frozenset({"session", "chair", "paper", "author", "affiliation", "search"})
"""Commands whose answer depends on their options and the catalog only (not on the clock nor
the asker): a memo may serve them."""


@dataclass(frozen=True, slots=True)
class Choice:
    """An autocomplete suggestion: what is shown, and the option value it stands for."""

    label: str
    value: str


class CommandRunner:
    """Runs a command by name with its options; both front ends call this."""

    def __init__(
        self,
        queries: Queries,
        agenda: AgendaService | None = None,
        people: PeopleService | None = None,
        memo: AnswerMemo | None = None,
    ) -> None:
        """`memo`, when given, remembers searched answers and suggestions per catalog."""
        self._queries = queries
        self._agenda = agenda
        self._people = people
        self._memo = memo

    def complete(self, command: str, option: str, text: str) -> list[Choice]:
        """Suggestions while someone types an option; answered from memory, never the DB."""
        memo = self._memo
        if memo is None:
            return self._complete(command, option, text)
        memo.bind(self._queries.catalog)
        key = ("complete", command, option, text)
        return list(memo.get(key, lambda: tuple(self._complete(command, option, text))))

    def _complete(self, command: str, option: str, text: str) -> list[Choice]:
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
        if found.choices_from == "agenda":
            return []  # the person's own items: `complete_agenda`, which reads the database
        choices = []
        for hit in catalog.index.complete(text, kinds=found.lookup, limit=CHOICES_MAX):
            entry = hit.entry
            label = f"{entry.label} · {entry.detail}" if entry.detail else entry.label
            value = f"@{entry.kind.value}:{entry.ref}"
            if len(value) > CHOICE_VALUE_MAX:
                value = entry.label[:CHOICE_VALUE_MAX]
            choices.append(Choice(label, value))
        return choices

    async def complete_agenda(self, user_id: int, text: str) -> list[Choice]:
        """The person's agenda items matching `text` (for `agenda remove`)."""
        if self._agenda is None:
            return []
        return [Choice(label, value) for label, value in await self._agenda.choices(user_id, text)]

    def needs_database(self, name: str, options: Mapping[str, str | None]) -> bool:
        """Whether `name` must go through `execute` (it reads or writes the database)."""
        format_ = (options.get("format") or "").strip().lower()
        return (
            name.startswith(("agenda", "me "))
            or name == "me"
            or (name == "schedule" and format_ == "ics")
        )

    async def execute(  # noqa: PLR0911 (a table: one service call per command)
        self, name: str, options: Mapping[str, str | None], *, user_id: int
    ) -> AnyAnswer:
        """Any command, for the person `user_id`: the agenda commands and calendar files, and
        every other command as `run` answers it."""
        if not self.needs_database(name, options):
            return self.run(name, options)
        spec = BY_NAME.get(name)
        if spec is None:
            raise UserError(
                f"`{name}` needs a subcommand: "
                + ", ".join(f"`{c.usage}`" for c in AGENDA_COMMANDS)
                + "."
            )
        values = _option_values(spec, options)
        if spec in ME_COMMANDS:
            return await self._me(name, values, user_id)
        agenda = self._agenda
        if agenda is None:
            raise UserError(f"`{name}` is not available here.")
        match name:
            case "agenda add session":
                return await agenda.add(user_id, "session", values["query"] or "")
            case "agenda add paper":
                return await agenda.add(user_id, "paper", values["title"] or "")
            case "agenda remove":
                return await agenda.remove(user_id, values["item"] or "")
            case "agenda list":
                return await agenda.agenda(user_id, values["day"])
            case "agenda clear":
                return await agenda.clear(user_id)
            case "agenda ics":
                return await agenda.calendar(user_id)
            case "schedule":
                return await agenda.schedule_calendar(values["day"], values["room"])
        raise UserError(f"There is no command “{name}”.")  # pragma: no cover

    async def _me(self, name: str, values: Mapping[str, str | None], user_id: int) -> MeAnswer:
        """The console's `me` commands, for its one local user. Whoever runs the console runs
        the deployment, so they are its organiser: their own claim is approved at once."""
        people = self._people
        if people is None:
            raise UserError(f"`{name}` is not available here.")
        if name == "me claim":
            claim = await people.claim(CONSOLE_GUILD, user_id, values["name"] or "")
            await people.decide(CONSOLE_GUILD, claim.id, approve=True, organiser_id=user_id)
        elif name == "me reminders":
            return await people.set_reminders(CONSOLE_GUILD, user_id, values["state"] == "on")
        return await people.me(CONSOLE_GUILD, user_id)

    def run(self, name: str, options: Mapping[str, str | None]) -> Answer:
        spec = BY_NAME.get(name)
        if spec is None or spec in AGENDA_COMMANDS or spec in ME_COMMANDS:
            if name == "help":
                return help_answer()
            raise UserError(f"There is no command “{name}”. Try `help`.")
        values = _option_values(spec, options)
        memo = self._memo
        if memo is None or name not in SEARCHED:
            return self._run(spec, values)
        memo.bind(self._queries.catalog)
        key = ("run", name, *values.values())
        return memo.get(key, lambda: self._run(spec, values))

    def _run(self, spec: CommandSpec, values: Mapping[str, str | None]) -> Answer:  # noqa: PLR0911 (a table: one query per command)
        q = self._queries
        match spec.name:
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
                _check_format(spec, values["format"])
                return _schedule(q, values)
        raise UserError(f"There is no command “{spec.name}”.")  # pragma: no cover


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


def _check_format(spec: CommandSpec, value: str | None) -> None:
    """`schedule`'s format is one of its choices (text or ics)."""
    [option] = [o for o in spec.options if o.name == "format"]
    if (value or "text").lower() not in option.choices:
        raise UserError(f"`{spec.name}` format must be text or ics, not “{value}”.")


def help_answer() -> HelpAnswer:
    return HelpAnswer(
        tuple((c.name, c.usage, c.description) for c in (*COMMANDS, *AGENDA_COMMANDS, *ME_COMMANDS))
    )
