"""Why a program came out as it did: every line with how it was read, every item with how sure.

`python -m bot parse FILE --explain` shows this to an organiser whose program came out wrong,
and to a developer meeting a new layout. Structured exports (pretalx JSON, frab XML) are read
field by field, so their items are certain and they have no lines to explain.
"""

from __future__ import annotations

from bot.model import Explanation, LineReading, Program, Session, SessionReading
from bot.parsing import ParseOptions
from bot.parsing.detect import is_structured, page_text, parse_program
from bot.parsing.text import read_text


def explain_program(text: str, options: ParseOptions) -> tuple[Program, Explanation]:
    """Parse `text` as `parse_program` does, and say how each line and item was read."""
    if is_structured(text):
        program = parse_program(text, options)
        return program, Explanation((), tuple(_item(s, 1.0) for s in program.sessions))
    text = page_text(text)  # the lines explained are those of the page's text
    program, readings, lines = read_text(text, options)
    line_readings = tuple(
        LineReading(
            line.number, line.text, readings[line.number].label, readings[line.number].confidence
        )
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
    return program, Explanation(line_readings, tuple(sessions))


def _item(session: Session, confidence: float) -> SessionReading:
    return SessionReading(
        session.line,
        session.title,
        session.kind.value,
        session.start.isoformat() if session.start else None,
        len(session.papers),
        round(confidence, 2),
    )
