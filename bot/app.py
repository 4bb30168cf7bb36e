"""The one place that builds and wires things, and the command line.

`python -m bot`            the Discord bot when DISCORD_TOKEN is set, else the offline console
`python -m bot parse PATH` the parsed program as JSON (program.schema.json)
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.config import conference_defaults
from bot.errors import ProgramParseError, UserError
from bot.model import Program
from bot.parsing import ParseOptions
from bot.parsing.detect import decode_program, parse_program
from bot.parsing.export import program_to_json

log = logging.getLogger("bot")

EXIT_USAGE = 2
EXIT_FAILURE = 1


class _Parser(argparse.ArgumentParser):
    """argparse that exits 2 with one line, the way the rest of the CLI reports errors."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: {message}\n(see {self.prog} --help)\n")


def _add_conference_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--timezone", help="IANA time zone, e.g. Europe/Amsterdam")
    parser.add_argument("--year", type=int, help="year of the conference, when the text omits it")
    parser.add_argument("--name", help="conference name")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m bot", description="confbot: a conference program bot")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    parse = commands.add_parser("parse", help="print a program file as JSON")
    parse.add_argument("path", type=Path, help="program text, pretalx schedule.json or frab xml")
    _add_conference_options(parse)
    return parser


def read_program(path: Path, overrides: ParseOptions) -> Program:
    """Read and parse a program file; conference.toml beside it fills what is not given."""
    try:
        data = path.read_bytes()
    except FileNotFoundError as error:
        raise UserError(f"{path}: no such file") from error
    except IsADirectoryError as error:
        raise UserError(f"{path}: is a directory, not a program file") from error
    except OSError as error:
        raise UserError(f"{path}: cannot read ({error.strerror})") from error
    defaults = conference_defaults(path)
    options = ParseOptions(
        name=overrides.name or defaults.name,
        timezone=overrides.timezone or defaults.timezone,
        year=overrides.year or defaults.year,
        source=str(path),
    )
    text = decode_program(data, str(path))
    return parse_program(text, options)


def _command_parse(args: argparse.Namespace) -> int:
    overrides = ParseOptions(name=args.name, timezone=args.timezone, year=args.year)
    try:
        program = read_program(args.path, overrides)
    except ProgramParseError as error:
        print(str(error), file=sys.stderr)
        return EXIT_FAILURE
    except UserError as error:
        print(str(error), file=sys.stderr)
        return EXIT_USAGE
    for warning in program.warnings:
        print(f"{args.path}:{warning.line}: warning: {warning.message}", file=sys.stderr)
    json.dump(program_to_json(program), sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "parse":
            return _command_parse(args)
        parser.print_help()
        return EXIT_USAGE
    except UserError as error:
        print(str(error), file=sys.stderr)
        return EXIT_FAILURE
    except KeyboardInterrupt:
        return 130
