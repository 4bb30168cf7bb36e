"""Never a traceback: the corpus programs, cut, mixed and re-celled the ways copies go wrong,
still parse to a program or to a UserError naming the place."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

import pytest

from bot.errors import UserError
from bot.parsing import ParseOptions
from bot.parsing.detect import parse_program

DATA = Path(__file__).resolve().parents[1] / "data"
TEXTS = [
    p.read_text(encoding="utf-8")
    for p in sorted(
        [
            *DATA.glob("*.txt"),
            *(DATA / "real").glob("*.txt"),
            *(DATA / "found").glob("*.txt"),
            *(DATA / "markdown").glob("*.md"),
        ]
    )
]
OPTIONS = ParseOptions(timezone="UTC", year=2024)
_HEADERS = ("Time\tSession\tPresenter", "Time\tTitle\tSpeaker\tRoom", "\tRoom A\tRoom B")
_BESIDE = ("Ana Silva", "Room 2", "", "Bo Li, Cy Ng", "(virtual)")


def _mutated(rng: random.Random) -> str:  # noqa: PLR0911 (a table: one return per mutation)
    lines = rng.choice(TEXTS).splitlines()
    start = rng.randrange(len(lines))
    match rng.randrange(7):
        case 0:  # a window of the page
            return "\n".join(lines[start : start + rng.randint(5, 80)])
        case 1:  # lines lost
            return "\n".join(line for line in lines if rng.random() > 0.2)
        case 2:  # two pages run together
            other = rng.choice(TEXTS).splitlines()
            at = rng.randrange(len(other))
            return "\n".join(lines[start : start + 40] + other[at : at + 40])
        case 3:  # cells flattened, or made where there were none
            return "\n".join(
                line.replace("\t", " ") if rng.random() < 0.5 else line.replace(", ", "\t", 1)
                for line in lines
            )
        case 4:  # line breaks lost
            joined: list[str] = []
            for line in lines:
                if joined and rng.random() < 0.15:
                    joined[-1] += " " + line
                else:
                    joined.append(line)
            return "\n".join(joined)
        case 5:  # a header row over cells beside every line
            window = lines[start : start + 60]
            return "\n".join(
                [rng.choice(_HEADERS)] + [f"{line}\t{rng.choice(_BESIDE)}" for line in window]
            )
    block = lines[start : start + 20]  # a block out of order
    rng.shuffle(block)
    return "\n".join(lines[:start] + block + lines[start + 20 :])


@pytest.mark.parametrize("seed", range(4))
def test_mutated_programs_parse_or_say_why(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(100):
        text = _mutated(rng)
        with contextlib.suppress(UserError):  # "no program item found": said, with the place
            parse_program(text, OPTIONS)
