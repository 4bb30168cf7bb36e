"""Why a program came out as it did: every line with how it was read, every item with how sure.

`python -m bot parse FILE --explain` shows this to an organiser whose program came out wrong,
and to a developer meeting a new layout. Structured exports (pretalx JSON, frab XML) are read
field by field, so their items are certain and they have no lines to explain.

Beside each rule reading stands the line model's (`bot.parsing.labeller`), a second opinion
that the parse consults only to break a tie the rules cannot (`BuilderState.model_reads`).
Where the rules were unsure and the model is sure of another label, the line is named in a
warning: on layouts the rules had not seen, taking the model's label there read more lines
right (tests/research/RESULTS.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.model import Explanation, LineReading, ParseWarning, Program, Session, SessionReading
from bot.parsing import ParseOptions
from bot.parsing.detect import is_structured, page_text, parse_program
from bot.parsing.labeller.labels import SURE_MODEL, UNSURE_RULE, as_model_label
from bot.parsing.labeller.model import LineLabel, LineModelUnavailable, shipped_model
from bot.parsing.lexer import Line
from bot.parsing.structure.drafts import Reading
from bot.parsing.text import read_text


def explain_program(text: str, options: ParseOptions) -> tuple[Program, Explanation]:
    """Parse `text` as `parse_program` does, and say how each line and item was read."""
    if is_structured(text):
        program = parse_program(text, options)
        return program, Explanation((), tuple(_item(s, 1.0) for s in program.sessions))
    text = page_text(text)  # the lines explained are those of the page's text
    program, readings, lines = read_text(text, options)
    opinions, missing = _second_opinions(lines)
    line_readings = tuple(
        _line_reading(line, readings[line.number], opinions.get(line.number))
        for line in lines
        if line.number in readings
    )
    starts = sorted({s.line for s in program.sessions if s.line is not None})
    sessions = []
    for session in program.sessions:
        if session.line is None:
            sessions.append(_item(session, 1.0))
            continue
        following = [n for n in starts if n > session.line]
        end = following[0] if following else None
        own = [
            r.confidence
            for r in line_readings
            if r.number >= session.line and (end is None or r.number < end)
        ]
        sessions.append(_item(session, sum(own) / len(own) if own else 1.0))
    disagreements = tuple(
        ParseWarning(
            r.number, f"the line model reads this as {r.model_label} ({r.model_marginal:.2f})"
        )
        for r in line_readings
        if r.model_disagrees
    )
    return program, Explanation(line_readings, tuple(sessions), disagreements, missing)


def _second_opinions(lines: Sequence[Line]) -> tuple[dict[int, LineLabel], str | None]:
    """The line model's label of each line, or why there is none."""
    try:
        return shipped_model().label_lines(lines), None
    except LineModelUnavailable as error:
        return {}, str(error)


def _line_reading(line: Line, reading: Reading, opinion: LineLabel | None) -> LineReading:
    if opinion is None:
        return LineReading(line.number, line.text, reading.label, reading.confidence)
    return LineReading(
        line.number,
        line.text,
        reading.label,
        reading.confidence,
        opinion.label,
        opinion.marginal,
        model_disagrees(reading, opinion),
    )


def model_disagrees(reading: Reading, opinion: LineLabel) -> bool:
    """Whether the line model, sure, reads otherwise a line the rules were unsure of."""
    return (
        reading.confidence < UNSURE_RULE
        and opinion.marginal >= SURE_MODEL
        and opinion.label != as_model_label(reading.label)
    )


def _item(session: Session, confidence: float) -> SessionReading:
    return SessionReading(
        session.line,
        session.title,
        session.kind.value,
        session.start.isoformat() if session.start else None,
        len(session.papers),
        round(confidence, 2),
    )
