"""How the parser reads one program printed in many common layouts: a probe of generalisation
that needs no new page.

    python -m tests.research.layouts              # every layout, a line each
    python -m tests.research.layouts comma sup    # only these
    python -m tests.research.layouts --write DIR  # also keep each rendering as DIR/NAME.txt

A synthetic program of `tests.bench.synthetic` (400 papers, 60 sessions over five days, real
names with initials and particles, affiliations with countries) is printed as a conference
page's text would print it, one layout at a time: the clock (`10:30-11:45`, `10:30 AM`,
`10h30`, `10.30`), the day header, where the room and the time go, how a paper's people are
written (`Name (Workplace); …`, `Name, Workplace, …`, `Name – Workplace; …`, raised marks over
a legend, names only, `Title by A and B`, `• Title — A, B`), papers with their own times,
numbers or codes, TAB and pipe cells. Each rendering is parsed and scored against the program
it came from, with the corpus figures of `tests.parsing.scoring` (names F1 as well: a layout
that prints no workplaces can reach 1 there only).

Some layouts cannot say everything: in `Name, Workplace, Name, Name, Workplace` an author
printed without a workplace reads as one sharing the next (`comma`, `oneline`,
`authors-first`, `tabrow` lose so a little author F1 by design). Run on demand; nothing in
the test suite calls this (a measure, not an assertion).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from bot.model import Paper, Person, Program, Session
from bot.parsing import ParseOptions
from bot.parsing.detect import parse_program
from tests.bench.bench_parse import truth_of
from tests.bench.synthetic import make_program
from tests.parsing.scoring import score

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


@dataclass(frozen=True)
class Layout:
    """How a page prints its program; each field one choice, the defaults a common page's."""

    clock: str = "24h"  # 24h, ampm, am-short (9am), am-dots (9 a.m.), h (10h30), dot (10.30),
    #                     to (10:30 to 11:45)
    day: str = "us"  # us, eu, iso, upper, numbered
    header: str = "inline"  # inline, pipes, tabs, timeline, split, labelled, dated, room-first
    chairs: str = "lines"  # lines (a `Chair:` line each), joined (`Chairs: A and B`), inline
    people: str = "paren"  # paren, comma, dash, none, sup
    footer: bool = False  # the page's other sections (venue, contact, sponsors) after it
    language: str = "en"  # the page's own words (labels, breaks, day names): en, de, fr, es, pt, it
    paper: str = "lines"  # lines, oneline, authors-first, tabrow, twocol, bullets, by,
    #                       timed, ranged, ranged-line, numbered, codes, speaker, label, table


LAYOUTS: dict[str, Layout] = {
    "base": Layout(),
    "ampm": Layout(clock="ampm"),
    "h-clock": Layout(clock="h"),
    "dot-clock": Layout(clock="dot"),
    "eu-day": Layout(day="eu"),
    "iso-day": Layout(day="iso"),
    "upper-day": Layout(day="upper"),
    "numbered-day": Layout(day="numbered"),
    "pipes": Layout(header="pipes"),
    "tabs": Layout(header="tabs"),
    "timeline": Layout(header="timeline"),
    "split": Layout(header="split"),
    "labelled": Layout(header="labelled"),
    "dated": Layout(header="dated"),
    "comma": Layout(people="comma"),
    "dash": Layout(people="dash"),
    "names-only": Layout(people="none"),
    "sup": Layout(people="sup"),
    "oneline": Layout(paper="oneline"),
    "authors-first": Layout(paper="authors-first"),
    "tabrow": Layout(header="tabs", paper="tabrow"),
    "twocol": Layout(paper="twocol"),
    "bullets": Layout(paper="bullets"),
    "by": Layout(paper="by"),
    "timed": Layout(paper="timed"),
    "ranged": Layout(paper="ranged"),
    "ranged-line": Layout(paper="ranged-line"),
    "ranged-line-timeline": Layout(header="timeline", paper="ranged-line"),
    "numbered": Layout(paper="numbered"),
    "codes": Layout(paper="codes"),
    "speaker": Layout(paper="speaker"),
    "label": Layout(paper="label"),
    "table": Layout(header="pipes", paper="table"),
    "to-clock": Layout(clock="to"),
    "room-first": Layout(header="room-first"),
    "chairs-joined": Layout(chairs="joined"),
    "chairs-inline": Layout(chairs="inline"),
    "starred": Layout(paper="starred"),
    "names-then-places": Layout(paper="names-then-places"),
    "markdown-headers": Layout(header="markdown", paper="markdown"),
    "time-last": Layout(header="time-last"),
    "chairs-after": Layout(chairs="after"),
    "moderator": Layout(chairs="moderator"),
    "short-day": Layout(day="short"),
    "ordinal-day": Layout(day="ordinal"),
    "dotted-day": Layout(day="dotted"),
    "spaced-clock": Layout(clock="spaced"),
    "quoted": Layout(paper="quoted"),
    "names-colon-title": Layout(paper="colon-names"),
    "brackets": Layout(people="brackets"),
    "people-dash-title": Layout(paper="people-dash"),
    "paper-time-after": Layout(paper="time-after"),
    "bracket-clock": Layout(header="bracket-clock"),
    "chaired-by": Layout(chairs="chaired-by"),
    "chair-on-header": Layout(chairs="dash-inline"),
    "german-day": Layout(day="de"),
    "french-day": Layout(day="fr"),
    "abstracts": Layout(paper="abstract"),
    "keywords": Layout(paper="keywords"),
    "links-line": Layout(paper="links"),
    "person-per-line": Layout(paper="person-lines"),
    "comma-by": Layout(paper="comma-by"),
    "speaker-inline": Layout(paper="speaker-inline"),
    "zoned-clock": Layout(clock="zoned"),
    "bullet-timed": Layout(paper="bullet-timed"),
    "three-line-header": Layout(header="three-line"),
    "ranged-people-first": Layout(paper="ranged-people-first"),
    "ranged-people-first-timeline": Layout(header="timeline", paper="ranged-people-first"),
    "ranged-names-first": Layout(paper="ranged-people-first", people="none"),
    "am-short-clock": Layout(clock="am-short"),
    "am-dots-clock": Layout(clock="am-dots"),
    "am-short-timeline": Layout(clock="am-short", header="timeline", paper="ranged-line"),
    "caps-surnames": Layout(people="caps-surname"),
    "caps-titles": Layout(paper="caps"),
    "german": Layout(day="de", language="de"),
    "french": Layout(day="fr", language="fr"),
    "spanish": Layout(day="es", language="es"),
    "portuguese": Layout(day="pt", language="pt"),
    "italian": Layout(day="it", language="it"),
    "spanish-timeline": Layout(day="es", language="es", header="timeline"),
    "footer": Layout(footer=True),
    "footer-timeline": Layout(header="timeline", footer=True),
    "footer-markdown": Layout(header="markdown", paper="markdown", footer=True),
    "grid-title-people": Layout(header="tabs", paper="grid-title-people"),
    "grid-people-title": Layout(header="tabs", paper="grid-people-title"),
    "grid-names-title": Layout(header="tabs", paper="grid-people-title", people="none"),
    "grid-people-title-comma": Layout(header="tabs", paper="grid-people-title", people="comma"),
}


def _clock(at: datetime, style: str) -> str:
    if style == "ampm":
        return f"{at.hour % 12 or 12}:{at.minute:02d} {'AM' if at.hour < 12 else 'PM'}"
    if style in ("am-short", "am-dots"):
        # "9am", "10:30am", "12:15 p.m.": no minutes on the hour, the half of the day in small
        hour = str(at.hour % 12 or 12) + (f":{at.minute:02d}" if at.minute else "")
        half = "am" if at.hour < 12 else "pm"
        return hour + (half if style == "am-short" else f" {half[0]}.m.")
    if style == "h":
        return f"{at.hour}h{at.minute:02d}"
    if style == "dot":
        return f"{at.hour}.{at.minute:02d}"
    return f"{at:%H:%M}"


def _person(person: Person, style: str) -> str:
    if style == "caps-surname":
        # "Ana SILVA (MIT)": the family name in capitals, as many European programs print it
        given, _, family = person.name.rpartition(" ")
        name = f"{given} {family.upper()}" if given else person.name
        return f"{name} ({person.affiliation})" if person.affiliation else name
    if not person.affiliation or style in ("none", "sup"):
        return person.name
    if style == "comma":
        return f"{person.name}, {person.affiliation}"
    if style == "brackets":
        return f"{person.name} [{person.affiliation}]"
    if style == "dash":
        return f"{person.name} – {person.affiliation}"
    return f"{person.name} ({person.affiliation})"


def _people(people: tuple[Person, ...], style: str) -> str:
    return (", " if style in ("comma", "none") else "; ").join(_person(p, style) for p in people)


_GERMAN_DAYS = "Montag Dienstag Mittwoch Donnerstag Freitag Samstag Sonntag".split()
_GERMAN_MONTHS = (
    "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split()
)
_SPANISH_DAYS = "lunes martes miércoles jueves viernes sábado domingo".split()
_SPANISH_MONTHS = (
    "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre"
).split()
_PORTUGUESE_DAYS = (
    "segunda-feira terça-feira quarta-feira quinta-feira sexta-feira sábado domingo".split()
)
_PORTUGUESE_MONTHS = (
    "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro"
).split()
_ITALIAN_DAYS = "lunedì martedì mercoledì giovedì venerdì sabato domenica".split()
_ITALIAN_MONTHS = (
    "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre"
).split()
_FRENCH_DAYS = "lundi mardi mercredi jeudi vendredi samedi dimanche".split()
_FRENCH_MONTHS = (
    "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split()
)


def _day_header(session: Session, first: Session, style: str) -> str:
    day = session.day
    assert day is not None
    assert first.day is not None
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(day.day % 10 if day.day // 10 != 1 else 0, "th")
    weekday, month = day.weekday(), day.month - 1
    italian = _ITALIAN_DAYS[weekday].capitalize()
    styles = {
        "eu": f"{day:%A} {day.day} {day:%B} {day.year}",
        "iso": f"{day:%Y-%m-%d} ({day:%a})",
        "upper": f"{day:%A} {day.day} {day:%B}".upper(),
        "numbered": f"Day {(day - first.day).days + 1} – {day:%A}, {day.day} {day:%B} {day.year}",
        "short": f"{day:%a} {day.day} {day:%b}",
        "ordinal": f"{day:%A} {day.day}{suffix} {day:%B}",
        "dotted": f"{day:%d.%m.%Y}",
        "de": f"{_GERMAN_DAYS[weekday]}, {day.day}. {_GERMAN_MONTHS[month]} {day.year}",
        "fr": f"{_FRENCH_DAYS[weekday]} {day.day} {_FRENCH_MONTHS[month]} {day.year}",
        "es": f"{_SPANISH_DAYS[weekday].capitalize()}, {day.day} de {_SPANISH_MONTHS[month]}",
        "pt": f"{_PORTUGUESE_DAYS[weekday].capitalize()}, {day.day} de {_PORTUGUESE_MONTHS[month]}",
        "it": f"{italian} {day.day} {_ITALIAN_MONTHS[month]} {day.year}",
    }
    return styles.get(style, f"{day:%A}, {day:%B} {day.day}")


def _session_lines(session: Session, layout: Layout) -> list[str]:
    assert session.start is not None
    assert session.end is not None
    assert session.day is not None
    dash = {"to": " to ", "spaced": " – "}.get(layout.clock, "-")
    clock = f"{_clock(session.start, layout.clock)}{dash}{_clock(session.end, layout.clock)}"
    if layout.clock == "zoned":
        clock += f" {session.start:%Z}"
    title, room, day = session.title or "", session.room or "", session.day
    placed = [f"Room: {room}"] if room else []
    headers: dict[str, Callable[[], list[str]]] = {
        "pipes": lambda: [f"{clock} | {title} | {room}"],
        "tabs": lambda: [f"{clock}\t{title}\t{room}"],
        "timeline": lambda: [clock, title, *placed],
        "split": lambda: [title, clock, *([room] if room else [])],
        "labelled": lambda: [title, f"Time: {clock}", *placed],
        "dated": lambda: [
            f"{day:%a} {day.day} {day:%b}, {clock} {title}" + (f" ({room})" if room else "")
        ],
        "inline": lambda: [f"{clock} {title}" + (f", {room}" if room else "")],
        "room-first": lambda: [f"{clock} | {room} | {title}" if room else f"{clock} | {title}"],
        "markdown": lambda: [f"### {title}", f"*{clock}*" + (f" · {room}" if room else "")],
        "time-last": lambda: [f"{title} ({clock}" + (f", {room})" if room else ")")],
        "bracket-clock": lambda: [f"[{clock}] {title}" + (f", {room}" if room else "")],
        "three-line": lambda: [
            *title.split(": ", 1),
            f"{clock}" + (f" · {room}" if room else ""),
        ],
    }
    return headers[layout.header]()


def _raised_marks(paper: Paper) -> list[str]:
    """`Name¹, Name, Name²` over `¹ Workplace, ² Workplace`."""
    workplaces = list(dict.fromkeys(a.affiliation for a in paper.authors if a.affiliation))
    marked = ", ".join(
        a.name + (str(workplaces.index(a.affiliation) + 1).translate(_SUPERSCRIPT))
        if a.affiliation
        else a.name
        for a in paper.authors
    )
    legend = ", ".join(
        f"{str(k + 1).translate(_SUPERSCRIPT)} {place}" for k, place in enumerate(workplaces)
    )
    return ["", paper.title, marked, *([legend] if legend else [])]


def _timed_paper(
    paper: Paper, index: int, session: Session, style: str, people_style: str
) -> list[str]:
    """The paper's own share of its session's slot, as a start or a range, before its title
    or on a line of its own."""
    stamp = _share(session, index)
    stamp = stamp.split("–")[0] if style == "timed" else stamp
    people = _people(paper.authors, people_style)
    if style == "ranged-line":
        return ["", stamp, paper.title, people]
    if style == "ranged-people-first":
        return ["", stamp, people, paper.title]
    return ["", f"{stamp} {paper.title}", people]


def _abstract(title: str) -> str:
    """A paragraph of prose under a paper, as pages that print abstracts do."""
    topic = title.split(":")[0].lower()
    return (
        f"We study {topic} and show that a simple method matches the state of the art. Our "
        "experiments on three benchmarks suggest that the gains hold across model sizes, and "
        "we release code and data to support further work on this question."
    )


def _share(session: Session, index: int) -> str:
    """The paper's own range inside its session's slot, `10:30–10:45`."""
    assert session.start is not None
    assert session.end is not None
    span = (session.end - session.start) / max(1, len(session.papers))
    start = session.start + index * span
    return f"{start:%H:%M}–{start + span:%H:%M}"


def _paper_lines(paper: Paper, index: int, session: Session, layout: Layout) -> list[str]:
    if layout.people == "sup":
        return _raised_marks(paper)
    if layout.paper.startswith("grid-"):
        cells = [paper.title, _people(paper.authors, layout.people)]
        if layout.paper == "grid-people-title":
            cells.reverse()
        return [_share(session, index) + "\t" + "\t".join(cells)]
    if layout.paper in ("timed", "ranged", "ranged-line", "ranged-people-first"):
        return _timed_paper(paper, index, session, layout.paper, layout.people)
    people = _people(paper.authors, layout.people)
    in_parentheses = ", ".join(_person(a, "paren") for a in paper.authors)
    names = [a.name for a in paper.authors]
    joined = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
    title = paper.title
    papers: dict[str, Callable[[], list[str]]] = {
        "oneline": lambda: [f"{title}. {in_parentheses}."],
        "authors-first": lambda: ["", in_parentheses, title],
        "tabrow": lambda: [f"\t{title}\t{in_parentheses}"],
        "twocol": lambda: [f"{title}\t{people}"],
        "bullets": lambda: [f"• {title} — " + ", ".join(names)],
        "by": lambda: ["", f"{title} by {joined}" if names else title],
        "table": lambda: [f"| | {title} | {people} |"],
        "numbered": lambda: ["", f"{index + 1}. {title}", people],
        "codes": lambda: ["", f"P-{index + 1:02d} {title}", people],
        "speaker": lambda: ["", title, f"Speaker: {people}"],
        "label": lambda: ["", title, f"Authors: {people}"],
        "starred": lambda: [
            "",
            title,
            _people(paper.authors[:1], "paren")
            + "*"
            + ("; " + _people(paper.authors[1:], "paren") if paper.authors[1:] else ""),
        ],
        "names-then-places": lambda: [
            "",
            title,
            ", ".join(names),
            "; ".join(dict.fromkeys(a.affiliation for a in paper.authors if a.affiliation)),
        ],
        "lines": lambda: ["", title, people],
        "caps": lambda: ["", title.upper(), people],
        "markdown": lambda: ["", f"**{title}**", f"_{people}_"],
        "quoted": lambda: ["", f"“{title}” — {people}"],
        "colon-names": lambda: ["", f"{people}: {title}"],
        "people-dash": lambda: ["", f"{people} – {title}"],
        "abstract": lambda: ["", title, people, _abstract(title)],
        "keywords": lambda: [
            "",
            title,
            people,
            "Keywords: " + ", ".join(title.lower().split()[:3]),
        ],
        "links": lambda: ["", title, people, "[PDF] [Slides] [Video]"],
        "person-lines": lambda: ["", title, *(_person(a, "paren") for a in paper.authors)],
        "comma-by": lambda: ["", f"{title}, by {in_parentheses}"],
        "speaker-inline": lambda: ["", f"{title} (Speaker: {in_parentheses})"],
        "time-after": lambda: ["", f"{title} ({_share(session, index)})", people],
        "bullet-timed": lambda: [f"- {_share(session, index)} {title} ({in_parentheses})"],
    }
    return papers[layout.paper]()


def _day_lines(session: Session, first: Session, layout: Layout) -> list[str]:
    """The day's header, and a timetable's header row under it."""
    lines = ["", _day_header(session, first, layout.day), ""]
    if layout.paper == "grid-people-title":
        lines.append("Time\tSpeakers\tTitle")
    elif layout.paper.startswith("grid-"):
        lines.append("Time\tTitle\tSpeakers")
    return lines


def render(program: Program, layout: Layout) -> str:
    """`program` printed as a page in `layout` would print it."""
    lines = [program.conference.name, ""]
    day = None
    for session in program.sessions:
        if session.day != day:
            day = session.day
            lines += _day_lines(session, program.sessions[0], layout)
        lines += _session_lines(session, layout)
        chairs = [_person(chair, layout.people) for chair in session.chairs]
        if layout.chairs == "inline" and chairs:
            lines[-1] += f" (Chair: {' and '.join(chairs)})"
        elif layout.chairs == "dash-inline" and chairs:
            lines[-1] += f" — Chair{'s' if len(chairs) > 1 else ''}: {', '.join(chairs)}"
        elif layout.chairs == "chaired-by" and chairs:
            lines.append(f"Chaired by {' and '.join(chairs)}")
        elif layout.chairs == "joined" and chairs:
            lines.append(f"{'Chairs' if len(chairs) > 1 else 'Chair'}: {' and '.join(chairs)}")
        elif layout.chairs == "moderator" and chairs:
            lines.append(f"Moderator{'s' if len(chairs) > 1 else ''}: {', '.join(chairs)}")
        elif layout.chairs != "after":
            lines += [f"Chair: {chair}" for chair in chairs]
        for index, paper in enumerate(session.papers):
            lines += _paper_lines(paper, index, session, layout)
        if layout.chairs == "after" and chairs:
            lines += ["", f"Session chair{'s' if len(chairs) > 1 else ''}: {', '.join(chairs)}"]
        lines += ["", ""]
    if layout.footer:
        lines += _FOOTER
    return _in_language("\n".join(lines) + "\n", layout.language)


def _in_language(text: str, language: str) -> str:
    for english, own in _WORDS.get(language, ()):
        text = text.replace(english, own)
    return text


# A page's own words for the program's labels and its items without papers, as pages in
# these languages print them (the papers' titles stay as the synthetic program has them).
_WORDS: dict[str, tuple[tuple[str, str], ...]] = {
    "de": (
        ("Chair: ", "Vorsitz: "),
        ("Oral Session ", "Vortragssitzung "),
        ("Poster Session ", "Postersitzung "),
        ("Invited Talk: ", "Eingeladener Vortrag: "),
        ("Opening Remarks", "Eröffnung"),
        ("Coffee break", "Kaffeepause"),
        ("Lunch break", "Mittagspause"),
        ("Conference Reception", "Empfang"),
        ("Closing Party", "Abschlussabend"),
    ),
    "fr": (
        ("Chair: ", "Président de séance : "),
        ("Oral Session ", "Session orale "),
        ("Poster Session ", "Session posters "),
        ("Invited Talk: ", "Conférence invitée : "),
        ("Opening Remarks", "Ouverture"),
        ("Coffee break", "Pause café"),
        ("Lunch break", "Déjeuner"),
        ("Conference Reception", "Cocktail de bienvenue"),
        ("Closing Party", "Soirée de clôture"),
    ),
    "es": (
        ("Chair: ", "Moderador: "),
        ("Oral Session ", "Sesión oral "),
        ("Poster Session ", "Sesión de pósteres "),
        ("Invited Talk: ", "Conferencia invitada: "),
        ("Opening Remarks", "Inauguración"),
        ("Coffee break", "Pausa café"),
        ("Lunch break", "Almuerzo"),
        ("Conference Reception", "Cóctel de bienvenida"),
        ("Closing Party", "Cena de clausura"),
    ),
    "pt": (
        ("Chair: ", "Coordenador: "),
        ("Oral Session ", "Sessão oral "),
        ("Poster Session ", "Sessão de pôsteres "),
        ("Invited Talk: ", "Palestra convidada: "),
        ("Opening Remarks", "Abertura"),
        ("Coffee break", "Intervalo para café"),
        ("Lunch break", "Almoço"),
        ("Conference Reception", "Coquetel de boas-vindas"),
        ("Closing Party", "Jantar de encerramento"),
    ),
    "it": (
        ("Chair: ", "Presiede: "),
        ("Oral Session ", "Sessione orale "),
        ("Poster Session ", "Sessione poster "),
        ("Invited Talk: ", "Relazione invitata: "),
        ("Opening Remarks", "Apertura dei lavori"),
        ("Coffee break", "Pausa caffè"),
        ("Lunch break", "Pranzo"),
        ("Conference Reception", "Cocktail di benvenuto"),
        ("Closing Party", "Cena sociale"),
    ),
}


# What a conference page prints below its program: where, whom to ask, who pays.
_FOOTER = [
    "Venue",
    "",
    "Vancouver Convention Centre",
    "1055 Canada Place",
    "Vancouver, BC V6C 0C3, Canada",
    "",
    "Getting There",
    "",
    "The venue is a ten-minute walk from Waterfront station.",
    "",
    "Contact",
    "",
    "For questions about the program, write to program-chairs@example.org.",
    "",
    "Sponsors",
    "",
    "Google DeepMind",
    "Microsoft Research",
    "NVIDIA",
    "",
    "Organizing Committee",
    "General Chair: Ana Silva (University of Porto)",
    "Program Chairs: Bo Li (ETH Zurich), Eve Roy (MIT)",
    "",
    "© 2025 The Conference Foundation. All rights reserved.",
]


def main(argv: list[str]) -> int:
    write_to: Path | None = None
    if "--write" in argv:
        at = argv.index("--write")
        write_to = Path(argv[at + 1])
        write_to.mkdir(parents=True, exist_ok=True)
        argv = argv[:at] + argv[at + 2 :]
    unknown = [name for name in argv if name not in LAYOUTS]
    if unknown:
        print(f"unknown layout {unknown[0]!r}; known: {', '.join(LAYOUTS)}", file=sys.stderr)
        return 2
    program = make_program(papers=400, authors=1500, sessions=60, seed=3)
    truth = truth_of(program)
    options = ParseOptions(
        timezone=program.conference.timezone, year=program.conference.year, source="layout"
    )
    figures: Callable[[str], str] = lambda text: " ".join(  # noqa: E731
        f"{name}={value:.3f}"
        for name, value in score(parse_program(text, options), truth).as_dict().items()
    )
    for name in argv or list(LAYOUTS):
        text = render(program, LAYOUTS[name])
        if write_to is not None:
            (write_to / f"{name}.txt").write_text(text, encoding="utf-8")
        print(f"{name:22} {figures(text)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
