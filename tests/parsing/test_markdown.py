"""Programs kept as Markdown source: read as the page the site renders from them."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.errors import UserError
from bot.parsing import ParseOptions
from bot.parsing.detect import page_text, parse_program
from bot.parsing.markdown import looks_like_markdown

OPTIONS = ParseOptions(timezone="Europe/Berlin", year=2024)

# The shape of a Hugo site's program section: front matter, ATX headings holding each slot's
# time, attribute lines, strong titles with their authors after the full stop, links.
HUGO = """---
title: "Workshop Program"
weight: 3
---

# Workshop Program

## Program - Monday (June 10, 2024), Room: Parinacota

---
#### 09:30 - 10:00 Coffee Break
---
#### 10:10-12:15 Session 1: Data Access (Session Chair: Nesime Tatbul)

10:10-11:00 [Keynote](#keynote-talk) **(Philippe Bonnet)**
{.px-3}

11:00-11:15 **Fast Integer Decoding with Bit Tricks**. Gang Liao (UMD); Ye Liu (Bytedance).
{.px-3}

11:15-11:30 **Revisiting Null Representation in Columnar Formats**. Xinyu Zeng (Tsinghua).
{.px-3}

---
#### 12:15-13:30 Lunch Break
"""


def test_a_markdown_program_is_read_as_its_rendered_page() -> None:
    program = parse_program(HUGO, OPTIONS)
    session = next(s for s in program.sessions if s.title == "Data Access")
    assert session.start is not None
    assert f"{session.start:%Y-%m-%d %H:%M}" == "2024-06-10 10:10"
    assert [c.name for c in session.chairs] == ["Nesime Tatbul"]
    titles = [p.title for p in session.papers]
    assert "Fast Integer Decoding with Bit Tricks" in titles
    paper = session.papers[titles.index("Fast Integer Decoding with Bit Tricks")]
    assert [(a.name, a.affiliation) for a in paper.authors] == [
        ("Gang Liao", "UMD"),
        ("Ye Liu", "Bytedance"),
    ]


def test_the_markup_is_gone_from_the_text_and_no_line_is_merged() -> None:
    text = page_text(HUGO)
    assert "#" not in text
    assert "**" not in text
    assert "{.px-3}" not in text
    assert "weight: 3" not in text
    # a line break inside a paragraph stays one: the title's line and the next are not joined
    two_lines = page_text("## Monday\n\n**Title One**\nAna Silva (MIT)\n**Title Two**\nBo Li\n")
    assert two_lines.splitlines()[-4:] == ["Title One", "Ana Silva (MIT)", "Title Two", "Bo Li"]


def test_indented_lines_are_text_not_code() -> None:
    text = page_text("## Monday\n\n**09:00 Session 1**\n\n    Talk Title\n    Ana Silva\n")
    assert "Talk Title" in text.splitlines()
    assert "<code>" not in text


def test_a_markdown_table_is_read_as_cells() -> None:
    source = (
        "## Tuesday, 4 June 2024\n\n"
        "| Time | Talk | Speaker |\n|---|---|---|\n"
        "| 09:00-09:30 | **Opening** | |\n"
        "| 09:30-10:00 | Graph Drawing Beyond Planarity | Ana Silva |\n"
    )
    assert "09:30-10:00\tGraph Drawing Beyond Planarity\tAna Silva" in page_text(source)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(
            "Monday\n09:00\tKeynote\tAna Silva\n10:00\t[Welcome] ***SLIDES***\n", id="tabs"
        ),
        pytest.param(
            "<div><p>**a**</p><p>**b**</p><span>x</span><span>y</span><a>z</a><li>w</li></div>",
            id="html-without-headings",
        ),
        pytest.param("Monday, 3 March\n09:00 Opening\nAna Silva (MIT)\n", id="plain"),
        pytest.param("Session 1: **Storage**\nAna Silva\n", id="one-marked-line"),
    ],
)
def test_copied_text_and_pages_are_not_taken_for_markdown(text: str) -> None:
    assert not looks_like_markdown(text)


def test_a_markdown_file_that_opens_with_a_link_is_no_json() -> None:
    source = "[Home](/) · [Program](/program)\n\n## Monday, 3 March 2025\n\n09:00 Opening\n"
    program = parse_program(source, ParseOptions(timezone="UTC", year=2025))
    assert [s.title for s in program.sessions] == ["Opening"]


# kramdown's tables as Jekyll sites write them: a run of pipe rows with no header row, or a rule
# line first, or rule lines between blocks of rows.
KRAMDOWN_TABLES = """### Monday, June 10

|---|---|---|
| 11:00-11:30 | **_Miri Mertner_** | Michael Dunn |
|  | [Variation in the spatial diffusion of language](/abstracts/mertner.pdf) (on-site)|  |
|---|---|---|
| 11:30-12:00 | **_Althea Löfgren, Natalia Levshina_** | Harald Hammarström |
|  | [Testing trade-offs between gender and number indexing](/abstracts/l.pdf) (on-site)|  |

###### 12:30 -- 13:45 LUNCH

| 13:45 -- 14:45 | KEYNOTE TALK in Hörsal 9 / online|  |
|  | **_Laura Becker_** |  |
|  | Spoken typology: integrating phonetics, prosody and grammar |  |
"""


def test_header_less_pipe_tables_are_read_as_tables_as_kramdown_renders_them() -> None:
    lines = page_text(KRAMDOWN_TABLES).splitlines()
    assert "11:00-11:30\tMiri Mertner\tMichael Dunn" in lines
    assert "13:45 -- 14:45\tKEYNOTE TALK in Hörsal 9 / online" in lines
    # no pipes and no rule lines are left, and the empty header adds no line of its own
    assert not any("|" in line or "---" in line for line in lines)
    assert lines[:2] == ["Monday, June 10", "11:00-11:30\tMiri Mertner\tMichael Dunn"]
    # every row's text is kept, each on its line
    assert "\tSpoken typology: integrating phonetics, prosody and grammar" in lines
    assert page_text(KRAMDOWN_TABLES.replace("\n", "\r\n")).splitlines() == lines
    program = parse_program(KRAMDOWN_TABLES, OPTIONS)
    paper = next(p for s in program.sessions for p in s.papers if p.title.startswith("Testing"))
    assert [a.name for a in paper.authors] == ["Althea Löfgren", "Natalia Levshina"]


def test_a_headed_pipe_table_keeps_its_header_and_loses_its_inner_rules() -> None:
    source = (
        "## Tuesday, 4 June 2024\n\n| Time | Talk |\n|---|---|\n| 09:00 | Opening |\n"
        "|---|---|\n| 09:30 | Graph Drawing Beyond Planarity |\n"
    )
    lines = page_text(source).splitlines()
    assert lines == [
        "Tuesday, 4 June 2024",
        "Time\tTalk",
        "09:00\tOpening",
        "09:30\tGraph Drawing Beyond Planarity",
    ]


_MARKUP = st.sampled_from(
    [
        "# ",
        "## ",
        "**",
        "__",
        "*",
        "|",
        "---",
        "| --- |",
        "[",
        "](",
        ")",
        "{.c}",
        "{% x %}",
        "{{< y >}}",
        "<br>",
        "<table><tr><td>",
        "</td></tr></table>",
        "\n",
        "\n\n",
        "    ",
        "\t",
        "09:00-10:30 ",
        "Session 1: ",
        "Chair: ",
        "Ana Silva (MIT)",
        "Title of a Talk",
        "Monday",
    ]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_MARKUP, min_size=2, max_size=60).map("".join))
def test_any_markdown_parses_or_says_why(text: str) -> None:
    source = "## Monday, 3 March 2025\n\n**Title**\n" + text
    with contextlib.suppress(UserError):  # "no program item found", with its place
        parse_program(source, OPTIONS)


def test_a_table_laid_out_in_columns_of_spaces_is_no_markdown_for_its_marks() -> None:
    # `***SLIDES***` after each title reads as strong emphasis; the columns say it is a copy.
    text = (
        "Day 1          Saturday            June 27\n"
        "9:00-9:15      Kam Dahl            [Welcome] ***SLIDES***\n"
        "9:15-10:15     Alan Rutten         [Keynote] Data integration ***SLIDES***\n"
        "10:45-11:05    Josh Buck           [Computing] GPUs in R ***SLIDES***\n"
    )
    assert not looks_like_markdown(text)
    assert looks_like_markdown(text.replace("      ", " "))
