"""The command line: `python -m bot …` parses its arguments here and runs one command.

`python -m bot`                 the Discord bot when DISCORD_TOKEN is set, else the console
`python -m bot console`         the offline console (same commands as Discord)
`python -m bot ask CMD [TEXT]`  answer one command as plain text
`python -m bot load PATH`       load or reload a program, print what changed
`python -m bot parse PATH`      print a program file as JSON (program.schema.json)
`python -m bot train-parser`    rebuild the parser's line model from the corpus in tests/data
`python -m bot grid -o F.png`   draw a day's timetable as a picture
`python -m bot ics`             write a calendar file of the program, a day or a session
`python -m bot db upgrade`      upgrade the database schema (or `db current`: its revision)
`python -m bot run`             the Discord bot (needs DISCORD_TOKEN)
`python -m bot sync [--global]` publish the slash commands to DISCORD_GUILD_ID, or globally
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sys
from collections.abc import Callable, Collection, Coroutine, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot import progress
from bot.app import (
    configure_logging,
    migrate_database,
    open_app,
    open_served_app,
    version,
)
from bot.clock import FrozenClock, SimulatedClock
from bot.config import Settings
from bot.console import (
    answer,
    interactive,
    render_change_report,
    render_error,
    render_explanation,
    render_warnings,
    write_grid,
)
from bot.errors import ConfigError, ProgramParseError, ProgramRejectedError, UserError
from bot.exitcodes import EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE
from bot.model import GridAnswer
from bot.parsing import ParseOptions
from bot.parsing.export import program_to_json
from bot.parsing.labeller.corpus import CorpusMissing, training_documents
from bot.parsing.labeller.model import MODEL_PATH
from bot.parsing.labeller.train import train_model
from bot.services.programs import (
    explain_program_file,
    read_program_file,
)

# The corpus the line model is trained from: a source checkout's; an installed copy has none.
SOURCE_CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data"


class _Parser(argparse.ArgumentParser):
    """argparse that exits 2 with one line, the way the rest of the CLI reports errors."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: {message}\n(see {self.prog} --help)\n")


def _aware_datetime(text: str) -> datetime:
    try:
        value = datetime.fromisoformat(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not an ISO date-time such as 2025-04-02T14:30+02:00"
        ) from error
    if value.tzinfo is None:
        raise argparse.ArgumentTypeError(f"{text!r} needs a UTC offset, e.g. +02:00")
    return value


def _time_zone(text: str) -> str:
    try:
        ZoneInfo(text)
    except (ValueError, ZoneInfoNotFoundError) as error:
        raise argparse.ArgumentTypeError(
            f"unknown time zone {text!r}; give an IANA name such as Europe/Amsterdam"
        ) from error
    return text


def _calendar_day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{text!r} is not a day such as 2025-04-01") from error


def _add_conference_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--timezone", type=_time_zone, help="IANA time zone, e.g. Europe/Amsterdam")
    parser.add_argument("--year", type=int, help="year of the conference, when the text omits it")
    parser.add_argument("--name", help="conference name")
    parser.add_argument(
        "--first-day",
        type=_calendar_day,
        metavar="YYYY-MM-DD",
        help="the conference's first day, for a program that prints no dates",
    )


def _add_conference_choice(parser: argparse.ArgumentParser) -> argparse.Action:
    return parser.add_argument(
        "--conference",
        metavar="SLUG",
        help="which conference (needed when CONFERENCES lists several)",
    )


def _add_data_options(parser: argparse.ArgumentParser) -> frozenset[str]:
    """Adds the options that choose what to answer from; returns their spellings."""
    actions = [
        _add_conference_choice(parser),
        parser.add_argument(
            "--program",
            type=Path,
            help="program file to answer from (default: PROGRAM_PATH, else the bundled program)",
        ),
        parser.add_argument(
            "--at",
            type=_aware_datetime,
            metavar="ISO-DATETIME",
            help="answer as if it were this moment (for now/next/schedule)",
        ),
    ]
    return frozenset(spelling for action in actions for spelling in action.option_strings)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m bot", description="confbot: a conference program bot")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    parse = commands.add_parser("parse", help="print a program file as JSON")
    parse.add_argument(
        "path",
        type=Path,
        help="program text or page, spreadsheet (csv, xlsx, ods), pretalx json or frab xml",
    )
    _add_conference_options(parse)
    parse.add_argument(
        "--explain",
        action="store_true",
        help="print how every line and item was read, with a confidence, instead of the JSON",
    )
    train = commands.add_parser(
        "train-parser",
        help="rebuild the line model of `parse --explain` from the corpus (a source checkout's)",
    )
    train.add_argument(
        "--corpus",
        type=Path,
        default=SOURCE_CORPUS,
        metavar="DIR",
        help="the corpus folder (default: tests/data of this source checkout)",
    )
    train.add_argument(
        "--output",
        type=Path,
        default=MODEL_PATH,
        metavar="FILE",
        help="where to write the model (default: the one the package ships)",
    )
    console = commands.add_parser("console", help="the offline console")
    _add_data_options(console)
    ask = commands.add_parser("ask", help="answer one command as plain text", allow_abbrev=False)
    ask.add_argument(
        "words",
        nargs="+",
        metavar="COMMAND [TEXT...]",
        help="e.g. chair Helix, or now --at 2025-04-02T14:30+02:00",
    )
    ask.set_defaults(own_options=_add_data_options(ask))
    grid = commands.add_parser("grid", help="draw a day's timetable as a PNG picture")
    grid.add_argument(
        "--day", default=None, help="today, tomorrow, a weekday or a date (default: today)"
    )
    grid.add_argument("--room", default=None, help="only this room")
    grid.add_argument(
        "-o", "--output", type=Path, required=True, metavar="FILE.png", help="where to write it"
    )
    _add_data_options(grid)
    load = commands.add_parser("load", help="load or reload a program and print what changed")
    load.add_argument("path", type=Path, help="the program file")
    _add_conference_options(load)
    _add_conference_choice(load)
    load.add_argument(
        "--dry-run",
        action="store_true",
        help="only print what would change (and what would happen to reminders)",
    )
    ics = commands.add_parser(
        "ics", help="write a calendar file (.ics) of the program, a day or a session to stdout"
    )
    ics.add_argument("--day", help="only this day: a weekday, a date, day 2...")
    ics.add_argument("--room", help="only this room (with --day, or the whole program)")
    ics.add_argument("--session", metavar="ID", help="only this session (its id, or its title)")
    _add_data_options(ics)
    db = commands.add_parser("db", help="database schema: upgrade, or show the revision")
    db.add_argument("action", choices=["upgrade", "current"], help="what to do")
    run = commands.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    run.set_defaults(command="run")
    sync = commands.add_parser(
        "sync", help="publish the slash commands to DISCORD_GUILD_ID (needs DISCORD_TOKEN)"
    )
    sync.add_argument(
        "--global",
        dest="everywhere",
        action="store_true",
        help="publish to every server instead (Discord takes a while to show them)",
    )
    return parser


# --- commands -------------------------------------------------------------------------------


def _command_parse(args: argparse.Namespace) -> int:
    overrides = ParseOptions(
        name=args.name, timezone=args.timezone, year=args.year, first_day=args.first_day
    )
    try:
        with progress.steps([f"parsing {args.path.name}"]):
            if args.explain:
                program, explanation = explain_program_file(args.path, overrides)
            else:
                program, explanation = read_program_file(args.path, overrides), None
    except ProgramParseError as error:
        print(str(error), file=sys.stderr)
        return EXIT_FAILURE
    except UserError as error:
        print(str(error), file=sys.stderr)
        return EXIT_USAGE
    warnings = list(program.warnings)
    if explanation is not None:
        print(render_explanation(explanation, program.warnings))
        # The line model's disagreements are warnings of the explanation, not of the parse.
        warnings = sorted([*warnings, *explanation.second_opinions], key=lambda w: w.line)
    for warning in warnings:
        print(f"{args.path}:{warning.line}: warning: {warning.message}", file=sys.stderr)
    if not args.explain:
        json.dump(program_to_json(program), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    return EXIT_OK


def _command_train_parser(args: argparse.Namespace) -> int:
    try:
        with progress.steps([f"training the line model from {args.corpus}"]):
            run = train_model(training_documents(args.corpus), args.output)
    except CorpusMissing as error:
        print(f"{error}: pass --corpus DIR", file=sys.stderr)
        return EXIT_FAILURE
    except ImportError:
        print("python-crfsuite is not installed: pip install python-crfsuite", file=sys.stderr)
        return EXIT_FAILURE
    except OSError as error:
        print(f"could not write {args.output}: {error.strerror or error}", file=sys.stderr)
        return EXIT_FAILURE
    print(
        f"wrote {args.output} ({args.output.stat().st_size:,} bytes): trained on "
        f"{run.documents} documents, {run.lines:,} lines, in {run.seconds:.1f} s"
    )
    return EXIT_OK


async def _command_ask(settings: Settings, args: argparse.Namespace) -> int:
    async with open_app(
        settings, at=args.at, program=args.program, conference=args.conference
    ) as app:
        reply = await answer(app.runner, " ".join(args.words))
        print(reply.text)
        return EXIT_OK if reply.ok else EXIT_FAILURE


async def _command_ics(settings: Settings, args: argparse.Namespace) -> int:
    async with open_app(
        settings, at=args.at, program=args.program, conference=args.conference
    ) as app:
        agenda = app.default.agenda
        if args.room and not args.day and not args.session:
            # The whole program in one room: every day's sessions there, one file.
            calendar = await agenda.room_calendar(args.room)
        else:
            calendar = await agenda.schedule_calendar(args.day, args.room, args.session)
        sys.stdout.buffer.write(calendar.data)
        sys.stdout.flush()
        return EXIT_OK


async def _command_grid(settings: Settings, args: argparse.Namespace) -> int:
    async with open_app(
        settings, at=args.at, program=args.program, conference=args.conference
    ) as app:
        answer = app.runner.run("schedule", {"day": args.day, "room": args.room, "view": "grid"})
        assert isinstance(answer, GridAnswer)
        print(await asyncio.to_thread(write_grid, answer, args.output))
    return EXIT_OK


async def _command_console(settings: Settings, args: argparse.Namespace) -> int:
    async with open_app(
        settings,
        at=getattr(args, "at", None),
        program=getattr(args, "program", None),
        conference=getattr(args, "conference", None),
    ) as app:
        catalog = app.programs.current()
        clock_note = ""
        if isinstance(app.clock, FrozenClock):
            clock_note = f" Clock fixed at {app.clock.now().astimezone(catalog.zone):%c %Z}."
        elif isinstance(app.clock, SimulatedClock):
            clock_note = " Clock simulated from SIMULATE_FROM."
        banner = (
            f"confbot {version()} — {catalog.program.conference.name}, "
            f"{len(catalog.program.sessions)} sessions.{clock_note}\n"
            "Type `help` for commands, `quit` to leave."
        )
        await interactive(app.runner, banner=banner)
    return EXIT_OK


async def _command_load(settings: Settings, args: argparse.Namespace) -> int:
    overrides = ParseOptions(
        name=args.name, timezone=args.timezone, year=args.year, first_day=args.first_day
    )
    parsing = f"parsing {args.path.name}"
    async with open_app(settings, autoload=False, conference=args.conference) as app:
        try:
            if args.dry_run:
                program = await app.programs.parse_file(args.path, overrides)
                report = await app.programs.preview(program)
                effects = await app.reminders.preview_reload(report)
                if program.warnings:
                    print(render_warnings(program.warnings, str(args.path)), file=sys.stderr)
                print(render_change_report(report, program.conference.timezone, dry_run=True))
                print(
                    f"Reminders: {effects.moved} would move, {effects.cancelled} would be "
                    f"cancelled, {effects.restored} would come back.\n"
                    "Dry run: nothing was changed."
                )
                return 0
            with progress.steps([parsing, "storing and indexing"]) as advance:
                program = await asyncio.to_thread(read_program_file, args.path, overrides)
                advance("storing and indexing")
                result = await app.programs.load(program)
        except (ProgramParseError, ProgramRejectedError) as error:
            print(
                f"{error} (nothing was changed: the program loaded before stays)", file=sys.stderr
            )
            return EXIT_FAILURE
        if result.warnings:
            print(render_warnings(result.warnings, str(args.path)), file=sys.stderr)
        print(render_change_report(result.report, app.programs.current().zone_name))
    return EXIT_OK


async def _command_db(settings: Settings, args: argparse.Namespace) -> int:
    print(await migrate_database(settings, upgrade=args.action == "upgrade"))
    return EXIT_OK


async def _command_run(settings: Settings, _args: argparse.Namespace) -> int:
    from bot.discord_ui.runner import run_bot

    return await run_bot(settings, open_served_app)


async def _command_sync(settings: Settings, args: argparse.Namespace) -> int:
    from bot.discord_ui.runner import sync_commands

    return await sync_commands(settings, open_app, everywhere=args.everywhere)


# Commands that need neither settings nor an event loop.
_OFFLINE_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "parse": _command_parse,
    "train-parser": _command_train_parser,
}
Command = Callable[[Settings, argparse.Namespace], Coroutine[Any, Any, int]]
_COMMANDS: dict[str, Command] = {
    "console": _command_console,
    "ask": _command_ask,
    "grid": _command_grid,
    "load": _command_load,
    "ics": _command_ics,
    "run": _command_run,
    "sync": _command_sync,
    "db": _command_db,
}


def event_loop_factory(use_uvloop: bool) -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's loop when wanted and installed (the `speed` extra; not on Windows), else None:
    asyncio's own. discord.py likewise uses orjson, from the same extra, when it is there."""
    if not use_uvloop:
        return None
    try:
        import uvloop  # optional: installed with the speed extra
    except ImportError:
        return None
    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory


def console_words(typed: Sequence[str], own_options: Collection[str]) -> list[str]:
    """The console line `ask` was typed as, from its words after `ask`: without the command
    line's own options (`--program FILE`, or `--prog FILE` as argparse abbreviates it), and
    with a command's own options that came before the command (`--day thursday schedule`,
    `room:Penn schedule`) moved after it, where the console reads them. Every console option
    takes a value, so `--day` is followed by its own. After `--` every word is text."""
    words: list[str] = []
    i = 0
    while i < len(typed):
        word = typed[i]
        if word == "--":
            return _command_first(words) + list(typed[i + 1 :])
        if _is_own_option(word.split("=", 1)[0], own_options):
            i += 1 if "=" in word else 2
            continue
        words.append(word)
        i += 1
    return _command_first(words)


def _is_own_option(name: str, own_options: Collection[str]) -> bool:
    """`--program`, or an abbreviation argparse takes for exactly one of them (`--prog`)."""
    if not name.startswith("--") or len(name) < 3:
        return False
    return name in own_options or sum(o.startswith(name) for o in own_options) == 1


def _command_first(words: list[str]) -> list[str]:
    leading: list[str] = []
    while words and (taken := _option_length(words[0])):
        leading += words[:taken]
        words = words[taken:]
    return [*words, *leading]


def _option_length(word: str) -> int:
    """How many words a console option starting with `word` spans: `day:thursday` and
    `--day=thursday` one, `--day thursday` two; 0 if `word` opens no option."""
    if re.fullmatch(r"[a-z_]+:\S+|--[a-z_]+=.*", word):
        return 1
    return 2 if re.fullmatch(r"--[a-z_]+", word) else 0


def main(argv: Sequence[str] | None = None) -> int:
    typed = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args, unknown = parser.parse_known_args(typed)
    if args.command == "ask":
        # "ask schedule --day thursday --room Penn": the console's own options of a command,
        # which it reads from the line as it reads "day:thursday"; argparse would take them
        # for unknown options, and out of their order.
        args.words = console_words(typed[typed.index("ask") + 1 :], args.own_options)
    elif unknown:
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    offline = _OFFLINE_COMMANDS.get(args.command)
    try:
        if offline is not None:
            return offline(args)
        settings = Settings.from_env()
        if args.command is None:
            args.command = "run" if settings.discord_token else "console"
        configure_logging(settings, "INFO" if args.command == "run" else "WARNING")
        if args.command in {"run", "sync"} and not settings.discord_token:
            raise ConfigError(
                "DISCORD_TOKEN is not set: put the bot token in the environment "
                "or in .env (see README), or run `python -m bot console`."
            )
        command = _COMMANDS.get(args.command)
        if command is None:
            parser.print_help()
            return EXIT_USAGE
        with asyncio.Runner(loop_factory=event_loop_factory(settings.use_uvloop)) as runner:
            return runner.run(command(settings, args))
    except UserError as error:
        print(render_error(error), file=sys.stderr)
        return EXIT_FAILURE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`… | head`): stop quietly, as command-line tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
