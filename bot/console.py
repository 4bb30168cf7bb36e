"""The offline front end: the same commands as Discord, answered as plain text.

Every console text is rendered here, as pure functions of model objects. Times are shown in
the conference's own zone, with the zone's abbreviation.
"""

from __future__ import annotations

import asyncio
import re
import shlex
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from bot.errors import NotFoundError, UserError
from bot.model import (
    AffiliationAnswer,
    AgendaAnswer,
    AgendaItem,
    CalendarFile,
    ChairAnswer,
    ChangeKind,
    ChangeReport,
    Conflict,
    Explanation,
    GridAnswer,
    HelpAnswer,
    MeAnswer,
    PaperRef,
    PapersAnswer,
    ParseWarning,
    Person,
    PersonAnswer,
    SearchAnswer,
    Session,
    SessionsAnswer,
    TimetableAnswer,
)
from bot.services.agenda import LOCAL_USER
from bot.services.commands import BY_NAME, AnyAnswer, CommandRunner, CommandSpec, help_answer
from bot.timelabels import clock, day_clock, long_day, short_day, weekday_clock
from bot.timetable_picture import render_grid

PROMPT = "confbot> "


# --- parsing a console line ----------------------------------------------------------------


def parse_line(line: str) -> tuple[str, dict[str, str]]:
    """`/schedule wednesday room:Mees` -> ("schedule", {"day": "wednesday", "room": "Mees"}).

    Options may be given as `name:value` or `--name value`; the remaining words fill the
    command's options in order (all of them go to a command's only option).
    """
    line = line.strip()
    if not line:
        return "", {}
    name, rest = _command_name(line.lstrip("/"))
    spec = BY_NAME.get(name)
    if spec is None:
        return name, {}
    names = [o.name for o in spec.options]
    # The last free-text option's value may run on over spaces (`room:Van Oldebarneveldt`).
    running_on = [o.name for o in spec.options if not o.choices][-1:]
    # Options with a fixed set of values (`view:grid`) are only given by name.
    free_text = [o.name for o in spec.options if not o.choices]
    try:
        words = shlex.split(rest)
    except ValueError:
        words = rest.split()
    if name == "schedule" and words and words[0].lower() == "ics":
        words = [*words[1:], "format:ics"]  # `schedule ics wednesday`, as in the README
    options: dict[str, str] = {}
    loose: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        m = re.fullmatch(r"(?:--)?([a-z_]+)[:=](.*)", word)
        if m and m.group(1) in names:
            value = m.group(2)
            # `room:Van Oldebarneveldt` — a value runs on until the next option.
            while i + 1 < len(words) and not re.match(r"(?:--)?[a-z_]+[:=]", words[i + 1]):
                if len(names) == 1 or [m.group(1)] != running_on:
                    break
                i += 1
                value += " " + words[i]
            options[m.group(1)] = value
        elif word.startswith("--") and word[2:] in names and i + 1 < len(words):
            options[word[2:]] = words[i + 1]
            i += 1
        else:
            loose.append(word)
        i += 1
    _fill_choice_options(spec, options, loose)
    _fill_free_options(options, [n for n in free_text if n not in options], loose)
    return name, options


def _command_name(line: str) -> tuple[str, str]:
    """The longest command name the line starts with (`agenda add paper`), and the rest."""
    words = line.split(" ")
    for count in (3, 2):
        name = " ".join(words[:count]).lower()
        if len(words) >= count and name in BY_NAME:
            return name, " ".join(words[count:])
    return words[0].lower(), " ".join(words[1:])


def _fill_choice_options(spec: CommandSpec, options: dict[str, str], loose: list[str]) -> None:
    """`me reminders off`, `schedule wednesday grid`: a loose word that is one of an option's
    fixed values gives that option."""
    for option in spec.options:
        if option.choices and option.name not in options:
            word = next((w for w in loose if w.lower() in option.choices), None)
            if word is not None:
                options[option.name] = word.lower()
                loose.remove(word)


def _fill_free_options(options: dict[str, str], free: list[str], loose: list[str]) -> None:
    """Words without an option name fill the options not given, in order: all of them go to
    a command's only free option; otherwise the first word to the first, the rest to the
    second."""
    if not loose or not free:
        return
    if len(free) == 1:
        options[free[0]] = " ".join(loose)
        return
    options[free[0]] = loose[0]
    if len(loose) > 1:
        options[free[1]] = " ".join(loose[1:])


# --- rendering ----------------------------------------------------------------------------


def _zone_abbrev(moment: datetime) -> str:
    return moment.tzname() or ""


def when(session: Session, zone: str) -> str:
    if session.start is None:
        return short_day(session.day) if session.day else "time not given"
    tz = ZoneInfo(zone)
    start = session.start.astimezone(tz)
    text = day_clock(start)
    if session.end is not None:
        text += f"–{clock(session.end.astimezone(tz))}"
    return f"{text} {_zone_abbrev(start)}"


def person(p: Person) -> str:
    return p.printed


def people(persons: Sequence[Person], limit: int | None = None) -> str:
    shown = list(persons if limit is None else persons[:limit])
    text = ", ".join(person(p) for p in shown)
    if limit is not None and len(persons) > limit:
        text += f", and {len(persons) - limit} more"
    return text


def session_heading(session: Session, zone: str) -> str:
    title = session.shown_title
    place = f" · {session.room}" if session.room else ""
    return f"{title} — {when(session, zone)}{place}"


def render_session(session: Session, zone: str, *, papers: bool = True) -> list[str]:
    lines = [session_heading(session, zone)]
    if session.kind.value not in {"papers", "other"}:
        lines[0] += f" [{session.kind.value}]"
    if session.chairs:
        label = "Chair" if len(session.chairs) == 1 else "Chairs"
        lines.append(f"  {label}: {people(session.chairs)}")
    if papers:
        for number, paper in enumerate(session.papers, start=1):
            lines.append(f"  {number}. {paper.title}")
            if paper.authors:
                lines.append(f"     {people(paper.authors)}")
    elif session.papers:
        lines.append(f"  {len(session.papers)} papers")
    lines.extend(f"  {note}" for note in session.notes if note)
    return lines


def render_paper(ref: PaperRef, zone: str) -> list[str]:
    session = ref.session
    lines = [ref.paper.title]
    if ref.paper.authors:
        lines.append(f"  Authors: {people(ref.paper.authors)}")
    start = ref.paper.start
    where = when(session, zone)
    if start is not None:
        where = f"{day_clock(start.astimezone(ZoneInfo(zone)), zone_name=True)} (in {where})"
    lines.append(f"  Session: {session.shown_title} — {where}")
    if session.room:
        lines.append(f"  Room: {session.room}")
    if session.chairs:
        lines.append(f"  Chair: {people(session.chairs)}")
    return lines


def _block(chunks: Iterable[list[str]]) -> str:
    return "\n\n".join("\n".join(chunk) for chunk in chunks)


def render(answer: AnyAnswer) -> str:  # noqa: C901, PLR0911 (a table: one renderer per answer type)
    """One answer as console text."""
    match answer:
        case AgendaAnswer():
            return render_agenda(answer)
        case CalendarFile():
            return answer.data.decode("utf-8").replace("\r\n", "\n").rstrip("\n")
        case SessionsAnswer():
            return _render_sessions(answer)
        case ChairAnswer():
            return _render_chair(answer)
        case PapersAnswer():
            return _block(render_paper(ref, answer.zone) for ref in answer.papers)
        case PersonAnswer():
            return _render_person(answer)
        case AffiliationAnswer():
            return _render_affiliation(answer)
        case SearchAnswer():
            return _render_search(answer)
        case TimetableAnswer():
            return _render_timetable(answer)
        case HelpAnswer():
            return render_help(answer)
        case MeAnswer():
            return _render_me(answer)
        case GridAnswer():
            return f"A timetable picture of {long_day(answer.day, year=True)} (see write_grid)."
    return str(answer)  # pragma: no cover


def _render_me(answer: MeAnswer) -> str:
    """`me show`: who the local user is in the program, then what that person presents."""
    lines = [f"You are {', '.join(p.name for p in answer.people)}."]
    if answer.reminder_minutes is None:
        lines.append("Chair and talk reminders are off for this conference.")
    else:
        state = "on" if answer.reminders else "off (`me reminders on`)"
        lines.append(
            f"Your chair and talk reminders ({answer.reminder_minutes} min before): {state}."
        )
    return _block([lines, *([_render_person(p)] for p in answer.people)])


def _render_sessions(answer: SessionsAnswer) -> str:
    head = (
        f"{len(answer.sessions)} sessions match “{answer.query}”:"
        if len(answer.sessions) > 1
        else ""
    )
    body = _block(render_session(s, answer.zone) for s in answer.sessions)
    return f"{head}\n\n{body}" if head else body


def _render_chair(answer: ChairAnswer) -> str:
    if answer.person is not None:
        if not answer.sessions:
            return f"{answer.person} chairs no session."
        lines = [f"{answer.person} chairs:"]
        lines += [f"  {session_heading(s, answer.zone)}" for s in answer.sessions]
        return "\n".join(lines)
    chunks = []
    for s in answer.sessions:
        chair = people(s.chairs) if s.chairs else "no chair is listed"
        chunks.append([session_heading(s, answer.zone), f"  Chair: {chair}"])
    return _block(chunks)


def _render_affiliation(answer: AffiliationAnswer) -> str:
    lines = [answer.name]
    if len(answer.variants) > 1:
        lines.append(f"  Printed as: {'; '.join(answer.variants)}")
    lines.append(f"  People ({len(answer.people)}): {', '.join(answer.people)}")
    lines.append(f"  Papers ({len(answer.papers)}):")
    for ref in answer.papers:
        lines.append(f"    {ref.paper.title} — {when(ref.session, answer.zone)}")
    if answer.others:
        lines.append(f"  Also matching: {'; '.join(answer.others)}")
    return "\n".join(lines)


def _render_search(answer: SearchAnswer) -> str:
    lines = [f"Results for “{answer.query}”:"]
    for r in answer.results:
        detail = f" — {r.detail}" if r.detail else ""
        lines.append(f"  [{r.kind}] {r.label}{detail}")
    return "\n".join(lines)


def _render_person(answer: PersonAnswer) -> str:
    lines = [answer.name]
    if answer.affiliations:
        lines.append(f"  Affiliation: {'; '.join(answer.affiliations)}")
    if answer.papers:
        lines.append("  Presents:")
        for ref in answer.papers:
            lines.append(f"    {ref.paper.title}")
            lines.append(f"      {session_heading(ref.session, answer.zone)}")
    if answer.chairs:
        lines.append("  Chairs:")
        lines += [f"    {session_heading(s, answer.zone)}" for s in answer.chairs]
    if answer.coauthors:
        lines.append(f"  Co-authors: {', '.join(answer.coauthors)}")
    if answer.others:
        lines.append(f"  Did you mean someone else? {'; '.join(answer.others)}")
    return "\n".join(lines)


def _render_timetable(answer: TimetableAnswer) -> str:
    tz = ZoneInfo(answer.zone)
    at = answer.at.astimezone(tz)
    room = f" in {answer.room}" if answer.room else ""
    if answer.what == "schedule":
        assert answer.day is not None
        head = f"Schedule for {long_day(answer.day, year=True)}{room}:"
        if not answer.sessions:
            return f"{head}\n  nothing is scheduled."
        lines = [head]
        for s in answer.sessions:
            lines.append(
                f"  {_clock_range(s, tz)}  {s.shown_title}" + (f" · {s.room}" if s.room else "")
            )
        return "\n".join(lines)
    if answer.phase in ("before", "after"):
        return _render_outside(answer, tz, at)
    if answer.what == "now":
        head = f"On now ({day_clock(at, zone_name=True)}){room}:"
        lines = [head]
        if answer.sessions:
            for s in answer.sessions:
                lines.append(
                    f"  {_clock_range(s, tz)}  {s.shown_title}" + (f" · {s.room}" if s.room else "")
                )
        else:
            lines.append("  nothing is running.")
        if answer.upcoming:
            lines.append("Next:")
            lines += [f"  {_next_line(s, tz)}" for s in answer.upcoming]
        return "\n".join(lines)
    head = f"Starting next (after {day_clock(at, zone_name=True)}){room}:"
    if not answer.sessions:
        return f"{head}\n  nothing more is scheduled."
    return "\n".join([head] + [f"  {_next_line(s, tz)}" for s in answer.sessions])


def _render_outside(answer: TimetableAnswer, tz: ZoneInfo, at: datetime) -> str:
    """`now` and `next` before the conference (when it starts, and with what) or after it."""
    if answer.phase == "after":
        return (
            f"The conference is over (it is {day_clock(at, zone_name=True)}): nothing more is on."
        )
    first = answer.first
    if first is None:
        return f"Nothing is scheduled after {day_clock(at, zone_name=True)}."
    assert first.start is not None
    place = f" · {first.room}" if first.room else ""
    lines = [
        f"The conference has not started yet (it is {day_clock(at, zone_name=True)}).",
        f"It starts {day_clock(first.start.astimezone(tz), zone_name=True)} with "
        f"{first.shown_title}{place}.",
    ]
    if answer.room and answer.upcoming[:1] != (first,) and answer.sessions[:1] != (first,):
        shown = answer.upcoming or answer.sessions
        lines += [f"First in {answer.room}:"] + [f"  {_next_line(s, tz)}" for s in shown]
    return "\n".join(lines)


def _clock_range(session: Session, tz: ZoneInfo) -> str:
    if session.start is None:
        return "     "
    text = clock(session.start.astimezone(tz))
    if session.end is not None:
        text += f"–{clock(session.end.astimezone(tz))}"
    return text


def _next_line(session: Session, tz: ZoneInfo) -> str:
    assert session.start is not None
    start = session.start.astimezone(tz)
    room = f" · {session.room}" if session.room else ""
    return f"{weekday_clock(start)}  {session.shown_title}{room}"


def conflict_text(conflict: Conflict, other: Session) -> str:
    """What an item clashes with: "overlaps X (Room)" or "5 min before X in Room"."""
    room = f" ({other.room})" if other.room else ""
    if conflict.kind == "overlap":
        return f"overlaps {other.shown_title}{room}"
    return f"only {conflict.gap_minutes} min from {other.shown_title}{room}"


def _clashes_of(session: Session, conflicts: Sequence[Conflict]) -> list[str]:
    out = []
    for c in conflicts:
        if c.first.id == session.id:
            out.append(conflict_text(c, c.second))
        elif c.second.id == session.id:
            out.append(conflict_text(c, c.first))
    return out


def _agenda_item_lines(item: AgendaItem, zone: str, conflicts: Sequence[Conflict]) -> list[str]:
    session = item.session
    tz = ZoneInfo(zone)
    room = f" · {session.room}" if session.room else ""
    lines = [f"  {_clock_range(session, tz)}  {session.shown_title}{room}"]
    if item.dropped:
        lines[0] += "  [removed from the program]"
    lines += [f"      ⚠ {text}" for text in _clashes_of(session, conflicts)]
    for index in item.papers:
        lines.append(f"      ★ {session.papers[index].title}")
    return lines


def render_agenda(answer: AgendaAnswer) -> str:
    """`agenda …`: what changed, then the agenda by day with conflicts marked."""
    lines: list[str] = []
    changed = ", ".join(i.session.shown_title for i in answer.changed)
    if answer.what == "added":
        lines.append(f"Added to your agenda: {changed}.")
        if answer.note:
            lines.append(answer.note)
        [added] = answer.changed
        lines += [f"⚠ It clashes: {t}." for t in _clashes_of(added.session, answer.clashes)]
    elif answer.what == "removed":
        lines.append(f"Taken off your agenda: {changed}.")
    elif answer.what == "cleared":
        count = len(answer.changed)
        return f"Your agenda is cleared ({count} session{'s' if count != 1 else ''} taken off)."
    if answer.reminder_minutes is not None:
        lines.append(f"Each item is reminded {answer.reminder_minutes} min before.")
    if not answer.items:
        lines.append(
            "Nothing on your agenda"
            + (f" on {long_day(answer.day)}" if answer.day else "")
            + ". Add sessions with `agenda add session …` or `agenda add paper …`."
        )
        return "\n".join(lines)
    count = len(answer.conflicts)
    sessions = len(answer.items)
    head = f"Your agenda ({sessions} session{'s' if sessions != 1 else ''}"
    head += f", {count} conflict{'s' if count != 1 else ''})" if count else ")"
    lines.append(head + ":")
    day = None
    for item in answer.items:
        if item.session.day != day and item.session.day is not None:
            day = item.session.day
            lines.append(long_day(day))
        lines += _agenda_item_lines(item, answer.zone, answer.conflicts)
    return "\n".join(lines)


def render_help(answer: HelpAnswer) -> str:
    lines = ["Commands (a leading / is optional; options as name:value):"]
    width = max(len(usage) for _, usage, _ in answer.commands)
    for _, usage, description in answer.commands:
        lines.append(f"  {usage.ljust(width)}  {description}")
    lines.append(f"  {'help'.ljust(width)}  this list")
    lines.append(f"  {'quit'.ljust(width)}  leave")
    return "\n".join(lines)


def render_error(error: UserError) -> str:
    text = str(error)
    if isinstance(error, NotFoundError) and error.suggestions:
        text += "\nDid you mean:\n" + "\n".join(f"  {s}" for s in error.suggestions)
    return text


def render_change_report(report: ChangeReport, zone: str, *, dry_run: bool = False) -> str:
    if report.first_load:
        added = len(report.of_kind(ChangeKind.ADDED))
        return f"{'Would load' if dry_run else 'Loaded'} {report.conference}: {added} sessions."
    if not report.changes:
        return f"No changes: {report.conference} is as loaded ({report.unchanged} sessions)."
    lines = [
        f"{'Would reload' if dry_run else 'Reloaded'} {report.conference}: "
        f"{len(report.changes)} sessions changed, "
        f"{report.unchanged} unchanged."
    ]
    for change in report.changes:
        current = change.after or change.before
        assert current is not None
        title = current.shown_title
        kinds = ", ".join(k.value for k in change.kinds)
        line = f"  {kinds}: {title}"
        if ChangeKind.MOVED in change.kinds and change.before and change.after:
            line += f" ({when(change.before, zone)}"
            if change.before.room != change.after.room:
                line += f", {change.before.room}"
            line += f" → {when(change.after, zone)}"
            if change.before.room != change.after.room:
                line += f", {change.after.room}"
            line += ")"
        if ChangeKind.RETITLED in change.kinds and change.before and change.after:
            line += f" (was “{change.before.title}”)"
        lines.append(line)
    return "\n".join(lines)


def render_explanation(explanation: Explanation, warnings: Sequence[ParseWarning]) -> str:
    """`parse --explain`: every line as it was read and as the line model reads it, then every
    item, least sure first marked."""
    unsure = {w.line for w in warnings} | {w.line for w in explanation.second_opinions}
    if explanation.line_model_missing is None:
        out = [
            "lines (number, reading, confidence, the line model's reading and marginal, text;"
            " ? = named in a warning, ! = the model, sure, disagrees with an unsure reading):"
        ]
    else:
        out = [
            f"second opinion unavailable: {explanation.line_model_missing}",
            "lines (number, reading, confidence, text; ? = named in a warning):",
        ]
    for line in explanation.lines:
        mark = "?" if line.number in unsure else " "
        opinion = ""
        if line.model_label is not None and line.model_marginal is not None:
            flag = "!" if line.model_disagrees else " "
            opinion = f"{flag}{line.model_label:<17s} {line.model_marginal:4.2f}  "
        elif explanation.line_model_missing is None:
            opinion = " " * 25
        out.append(
            f"{mark}{line.number:5d}  {line.label:<17s} {line.confidence:4.2f}  "
            f"{opinion}{line.text[:90]}"
        )
    out.append("")
    out.append("items (line, confidence, kind, start, papers, title):")
    for item in explanation.sessions:
        where = f"{item.line:5d}" if item.line is not None else "    -"
        out.append(
            f" {where}  {item.confidence:4.2f}  {item.kind:<8s} {item.start or '-':<25s} "
            f"{item.papers:3d}  {item.title or '(untitled)'}"
        )
    return "\n".join(out)


def render_warnings(warnings: Sequence[ParseWarning], source: str | None) -> str:
    where = source or "program"
    return "\n".join(f"{where}:{w.line}: warning: {w.message}" for w in warnings)


# --- the loop ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reply:
    text: str
    ok: bool = True


def answer_line(runner: CommandRunner, line: str, grid_dir: Path = Path()) -> Reply:
    """One console line in, one text out; errors become their message. Only the questions
    answered from memory (`answer` takes every command); a timetable picture
    (`schedule … view:grid`) is written into `grid_dir` and the text says where."""
    name, options = parse_line(line)
    if not name:
        return Reply("")
    if name in {"help", "?"}:
        return Reply(render_help(help_answer()))
    try:
        answer = runner.run(name, options)
        if isinstance(answer, GridAnswer):
            return Reply(write_grid(answer, grid_dir / f"timetable-{answer.day.isoformat()}.png"))
        return Reply(render(answer))
    except UserError as error:
        return Reply(render_error(error), ok=False)


async def answer(runner: CommandRunner, line: str, *, user_id: int = LOCAL_USER) -> Reply:
    """Any console line, the agenda's included (for the console's one local user)."""
    name, options = parse_line(line)
    if not runner.needs_database(name, options):
        # In a thread: a timetable picture is drawn and written to disk.
        return await asyncio.to_thread(answer_line, runner, line)
    try:
        return Reply(render(await runner.execute(name, options, user_id=user_id)))
    except UserError as error:
        return Reply(render_error(error), ok=False)


def write_grid(answer: GridAnswer, target: Path) -> str:
    """Draw the day's timetable into `target` (a second picture, for more rooms than fit one,
    into `target-2.png`, and so on) and say what was written. Blocking: call it in a thread."""
    lines = [f"Timetable for {long_day(answer.day, year=True)}:"]
    pictures = render_grid(answer)
    for picture in pictures:
        path = target
        if picture.part > 1:
            path = target.with_name(f"{target.stem}-{picture.part}{target.suffix}")
        try:
            path.write_bytes(picture.png)
        except OSError as error:
            raise UserError(f"grid: cannot write {path}: {error.strerror}") from error
        rooms = ", ".join(r or "no room" for r in picture.rooms)
        lines.append(
            f"  wrote {path} ({picture.width}×{picture.height} px, "
            f"{len(picture.boxes)} session{'s' if len(picture.boxes) != 1 else ''}; "
            f"rooms: {rooms})"
        )
    return "\n".join(lines)


async def interactive(
    runner: CommandRunner,
    *,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    banner: str = "",
) -> None:
    """A read-answer loop until `quit`, end of input or Ctrl-C."""
    if banner:
        write(banner)
    while True:
        try:
            line = await asyncio.to_thread(read, PROMPT)
        except (EOFError, KeyboardInterrupt):
            write("")
            return
        if line.strip().lower() in {"quit", "exit", "q", "/quit"}:
            return
        reply = await answer(runner, line)
        if reply.text:
            write(reply.text)
            if not sys.stdout.isatty():
                sys.stdout.flush()
