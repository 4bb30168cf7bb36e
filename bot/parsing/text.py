"""Program text as a person copies it from a conference web page: lex, build, assemble."""

from __future__ import annotations

from bot.errors import ProgramParseError
from bot.model import Program
from bot.parsing import ParseOptions
from bot.parsing.assemble import assemble
from bot.parsing.grid import (
    cells_of_run_over_rows,
    fill_spanned_times,
    pair_stacked_paragraphs,
    read_grids_in_text,
    rejoin_paragraph_cells,
    rejoin_split_rows,
)
from bot.parsing.lexer import Line, LineKind, lex_lines, numbered_lines, single_spaced
from bot.parsing.structure.builder import Builder
from bot.parsing.structure.drafts import Reading


def parse_text(text: str, options: ParseOptions) -> Program:
    """Parse program text; raises ProgramParseError only for input that is no program."""
    return read_text(text, options)[0]


def read_text(text: str, options: ParseOptions) -> tuple[Program, dict[int, Reading], list[Line]]:
    """Parse program text, and say how each line was read."""
    if "\x00" in text:
        raise ProgramParseError("binary data, not program text", source=options.source, line=1)
    if not text.strip():
        raise ProgramParseError("the file is empty", source=options.source)
    spaced = single_spaced(numbered_lines(text))
    grids = read_grids_in_text(
        fill_spanned_times(
            rejoin_split_rows(rejoin_paragraph_cells(pair_stacked_paragraphs(spaced)))
        )
    )
    lines = lex_lines(cells_of_run_over_rows(grids))
    builder = Builder(lines)
    builder.run()
    program = assemble(builder, options)
    if not program.sessions:
        first = next((line.number for line in lines if line.kind is not LineKind.BLANK), 1)
        raise ProgramParseError(
            "no program item found (no times, titles with papers, or session chairs)",
            source=options.source,
            line=first,
        )
    return program, builder.readings, lines
