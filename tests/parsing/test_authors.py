"""The author-line grammar, one tricky line at a time."""

from __future__ import annotations

import pytest

from bot.parsing.authors import (
    author_line_score,
    is_name_like,
    names_an_institution,
    parse_author_line,
    pipe_affiliated,
    split_known_names,
    split_quoted_title,
    split_title_and_authors,
)
from bot.parsing.lexer import classify

HCST = "Key Lab of HCST (PKU), MOE; SCS, Peking University"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        pytest.param(
            f"Daliang Xu ({HCST}), Hao Zhang (Beijing University of Posts and Telecommunications)",
            [
                ("Daliang Xu", HCST),
                ("Hao Zhang", "Beijing University of Posts and Telecommunications"),
            ],
            id="nested-parentheses-semicolon-comma",
        ),
        pytest.param(
            f"Gang Huang ({HCST},National Key Laboratory of Data Space Technology and System)",
            [("Gang Huang", f"{HCST},National Key Laboratory of Data Space Technology and System")],
            id="missing-space-inside-affiliation",
        ),
        pytest.param(
            "Zhenbo Sun, Shengqi Chen, Yuanwei Wang (Tsinghua University); Jian Sha (Ant Group)",
            [
                ("Zhenbo Sun", "Tsinghua University"),
                ("Shengqi Chen", "Tsinghua University"),
                ("Yuanwei Wang", "Tsinghua University"),
                ("Jian Sha", "Ant Group"),
            ],
            id="group-affiliation",
        ),
        pytest.param(
            "Ana Silva, Bo Li and Cy Ng (Uni A)",
            [("Ana Silva", "Uni A"), ("Bo Li", "Uni A"), ("Cy Ng", "Uni A")],
            id="group-with-and",
        ),
        pytest.param(
            "Zimeng Huang (Shanghai Jiao Tong University & Alibaba Cloud), Hao Nie (Alibaba Cloud)",
            [
                ("Zimeng Huang", "Shanghai Jiao Tong University & Alibaba Cloud"),
                ("Hao Nie", "Alibaba Cloud"),
            ],
            id="ampersand-in-affiliation",
        ),
        pytest.param(
            "Shan Lu (University of Chicago / Microsoft Research)",
            [("Shan Lu", "University of Chicago / Microsoft Research")],
            id="slash-in-affiliation",
        ),
        pytest.param(
            "Ana Silva,Bo Li , Cy Ng (Uni A)",
            [("Ana Silva", "Uni A"), ("Bo Li", "Uni A"), ("Cy Ng", "Uni A")],
            id="missing-and-extra-spaces-around-commas",
        ),
        pytest.param(
            "Yang (Katie) Zhao (University of Minnesota, Twin Cities), Bo Li",
            [("Yang (Katie) Zhao", "University of Minnesota, Twin Cities"), ("Bo Li", None)],
            id="nickname-in-name",
        ),
        pytest.param(
            "qiwen deng (Huawei Edinburgh Research Center)",
            [("qiwen deng", "Huawei Edinburgh Research Center")],
            id="lower-case-name",
        ),
        pytest.param(
            "Aleksandar Dragojevic (None)",
            [("Aleksandar Dragojevic", "None")],
            id="affiliation-printed-as-None",
        ),
        pytest.param(
            "Jürgen Müller (ETH Zürich), Sebastião Amaro (IST Lisbon & INESC-ID)",
            [("Jürgen Müller", "ETH Zürich"), ("Sebastião Amaro", "IST Lisbon & INESC-ID")],
            id="diacritics",
        ),
        pytest.param("Madonna (Sony)", [("Madonna", "Sony")], id="single-word-name"),
        pytest.param(
            "Ana Silva, Bo Li", [("Ana Silva", None), ("Bo Li", None)], id="no-affiliations"
        ),
        pytest.param("Dr: David Male (UK)", [("David Male", "UK")], id="honorific-with-a-colon"),
        pytest.param("Dr David Male (UK)", [("David Male", "UK")], id="bare-honorific"),
        pytest.param(
            "陈鹏鹤副研究员、张宝辉教授",
            [("陈鹏鹤", None), ("张宝辉", None)],
            id="academic-titles-glued-after-chinese-names",
        ),
        pytest.param(
            "Chiyuan Zhang (Google (Research)",
            [("Chiyuan Zhang", "Google (Research)")],
            id="unbalanced-parenthesis-closed-at-end",
        ),
    ],
)
def test_author_lines(line: str, expected: list[tuple[str, str | None]]) -> None:
    parsed = parse_author_line(line)
    assert [(a.name, a.affiliation) for a in parsed.authors] == expected
    assert parsed.rest is None


def test_run_on_into_next_title_is_cut_and_reported() -> None:
    parsed = parse_author_line(
        "Yunxin Liu (AIR, Tsinghua University), Weijun Wang (Tsinghua University)T-MAC: CPU "
        "Renaissance via Table Lookup (MSR)Samoyeds: Accelerating MoE"
    )
    assert [a.name for a in parsed.authors] == ["Yunxin Liu", "Weijun Wang"]
    assert parsed.rest is not None
    assert parsed.rest.startswith("T-MAC")
    assert parsed.problems


@pytest.mark.parametrize(
    "title",
    [
        "Has Machine Learning for Systems Reached an Inflection Point?",
        "Helix: Serving Large Language Models over Heterogeneous GPUs and Network via Max-Flow",
        "Kirsch: It's 2025. Does your OS know what's on your SoC?",
        "A Fast Graph Store",
        "Understanding the Linux Kernel, Visually",
    ],
)
def test_titles_do_not_look_like_author_lines(title: str) -> None:
    assert author_line_score(title) < 0.5


def test_title_and_authors_on_one_line_uses_known_names() -> None:
    text = (
        "Solid State Drive Targeted Memory-Efficient Indexing for Universal I/O Patterns and "
        "Fragmentation Degrees Junsu Im (POSTECH), Sam H. Noh (Virginia Tech)"
    )
    split = split_title_and_authors(text, {"Junsu Im"})
    assert split is not None
    title, authors = split
    assert title.endswith("Fragmentation Degrees")
    assert [(a.name, a.affiliation) for a in authors.authors] == [
        ("Junsu Im", "POSTECH"),
        ("Sam H. Noh", "Virginia Tech"),
    ]


def test_title_and_authors_split_takes_three_words_with_a_middle_initial() -> None:
    split = split_title_and_authors("Scaling Graph Stores Across Racks Sam H. Noh (Virginia Tech)")
    assert split is not None
    assert split[0] == "Scaling Graph Stores Across Racks"
    assert split[1].authors[0].name == "Sam H. Noh"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "Ana Silva and Bo Li, Stanford University; Cy Ng, MIT",
            [
                ("Ana Silva", "Stanford University"),
                ("Bo Li", "Stanford University"),
                ("Cy Ng", "MIT"),
            ],
        ),
        (
            "Alice Smith, Google; Bob Jones and Carol Wu, ETH Zurich, Switzerland",
            [
                ("Alice Smith", "Google"),
                ("Bob Jones", "ETH Zurich, Switzerland"),
                ("Carol Wu", "ETH Zurich, Switzerland"),
            ],
        ),
        ("Ana Silva, Bo Li", [("Ana Silva", None), ("Bo Li", None)]),
    ],
)
def test_affiliation_after_a_comma_as_on_usenix_pages(
    line: str, expected: list[tuple[str, str | None]]
) -> None:
    assert [(a.name, a.affiliation) for a in parse_author_line(line).authors] == expected


@pytest.mark.parametrize(
    ("line", "known", "expected"),
    [
        # a name printed before, then another: the separator was lost in the copy
        (
            "Roberto Di Cosmo Stefano Vitali",
            {"Roberto Di Cosmo"},
            "Roberto Di Cosmo, Stefano Vitali",
        ),
        (
            "Stefano Vitali Roberto Di Cosmo",
            {"Roberto Di Cosmo"},
            "Stefano Vitali, Roberto Di Cosmo",
        ),
        # nobody known: a five-word line may as well be a title
        ("Roberto Di Cosmo Stefano Vitali", set(), None),
        # a title that starts with a known name is not two names
        ("Ada Lovelace and the Analytical Engine", {"Ada Lovelace"}, None),
        ("Ada Lovelace Reconsidered: Notes", {"Ada Lovelace"}, None),
        ("Ada Lovelace in the History of Computing", {"Ada Lovelace"}, None),
        # already a list
        ("Roberto Di Cosmo, Stefano Vitali", {"Roberto Di Cosmo"}, None),
    ],
)
def test_names_run_together_are_split_at_a_known_name(
    line: str, known: set[str], expected: str | None
) -> None:
    assert split_known_names(line, known) == expected


@pytest.mark.parametrize(
    ("line", "names"),
    [
        ("Dr Mercy Akinyi / Dr Daniel Chai", ["Mercy Akinyi", "Daniel Chai"]),
        ("Prof Jann Hau", ["Jann Hau"]),
        ("A/Prof. Chun Wie Chong", ["Chun Wie Chong"]),
        ("A/ Prof. Sam Forster", ["Sam Forster"]),
        ("Drake Bell, Msizi Ndlovu", ["Drake Bell", "Msizi Ndlovu"]),
    ],
)
def test_an_undotted_or_associate_academic_title_is_no_part_of_the_name(
    line: str, names: list[str]
) -> None:
    assert [a.name for a in parse_author_line(line).authors] == names


@pytest.mark.parametrize(
    ("line", "people"),
    [
        ("Prof. Madeleine van Oppen, FAA", [("Madeleine van Oppen", None)]),
        ("Ana Silva, PhD, FRACP; Bo Li, MPH", [("Ana Silva", None), ("Bo Li", None)]),
        ("Jane Doe (Uni X, PhD School)", [("Jane Doe", "Uni X, PhD School")]),
    ],
)
def test_degrees_and_fellowships_after_a_name_are_no_people(
    line: str, people: list[tuple[str, str | None]]
) -> None:
    assert [(a.name, a.affiliation) for a in parse_author_line(line).authors] == people


def test_a_roman_numeral_alone_is_no_name() -> None:
    # "Sesje referatowe I – III (referaty 15 min)": the end of a numbered range of sessions
    assert not is_name_like("III")
    assert is_name_like("John Smith III")


@pytest.mark.parametrize(
    "line",
    [
        "A Tomita (Graduate School of Information Science, Hokkaido University, Sapporo, Japan)",
        "M Karadas (Technical University of Denmark), A Huck, U L Andersen (DTU Physics)",
        "A Z Khoury (Physics Institute, Universidade Federal Fluminense, Niteroi, Brazil)",
    ],
)
def test_an_undotted_initial_a_before_a_surname_is_a_person(line: str) -> None:
    assert author_line_score(line) >= 0.8


@pytest.mark.parametrize("line", ["A Study", "A Study, A Survey", "A Survey (Extended Abstract)"])
def test_an_article_before_a_noun_stays_a_title(line: str) -> None:
    assert author_line_score(line) < 0.5


@pytest.mark.parametrize(
    "line",
    [
        "Воронежский государственный университет",
        "Физический институт им П.Н. Лебедева РАН",
        "Київський національний університет",
    ],
)
def test_cyrillic_lines_naming_an_institution(line: str) -> None:
    assert names_an_institution(line)


@pytest.mark.parametrize("line", ["Ольга Вайс", "Эффективный источник гамма излучения"])
def test_cyrillic_names_and_titles_name_no_institution(line: str) -> None:
    assert not names_an_institution(line)


def test_names_then_a_bar_before_each_place_they_work_at() -> None:
    one = parse_author_line(
        "Sietse Wieringa | University of Oslo, Norway | University of Oxford, UK"
    )
    assert [(a.name, a.affiliation) for a in one.authors] == [
        ("Sietse Wieringa", "University of Oslo, Norway; University of Oxford, UK")
    ]
    shared = parse_author_line(
        "Susan Fitzmaurice, Iona C. Hine & Seth Mehl | University of Sheffield, UK"
    )
    assert [(a.name, a.affiliation) for a in shared.authors] == [
        ("Susan Fitzmaurice", "University of Sheffield, UK"),
        ("Iona C. Hine", "University of Sheffield, UK"),
        ("Seth Mehl", "University of Sheffield, UK"),
    ]
    glued = parse_author_line("Eivind Engebretsen & John Ødemark |University of Oslo, Norway")
    assert [a.affiliation for a in glued.authors] == ["University of Oslo, Norway"] * 2
    # cells of a row, not people and their places: the lexer still splits them
    assert pipe_affiliated("10:30 – 12:00 | Session 3 | Room A") is None
    assert pipe_affiliated("Session 3 | Room A") is None
    assert classify(1, "Tony Sandset | University of Oslo, Norway").cells == [
        "Tony Sandset | University of Oslo, Norway"
    ]


@pytest.mark.parametrize(
    ("line", "title", "people"),
    [
        pytest.param(
            "“A Pedagogical Tool”, Dra. Ana María Silva. (Descargar Presentación)",
            "A Pedagogical Tool",
            [("Ana María Silva", None)],
            id="curly-quotes-comma-honorific-link",
        ),
        pytest.param(
            '"Passage Retrieval". Ana Silva, Bo J. Li. Universidad Veracruzana, México',
            "Passage Retrieval",
            [
                ("Ana Silva", "Universidad Veracruzana, México"),
                ("Bo J. Li", "Universidad Veracruzana, México"),
            ],
            id="names-full-stop-shared-affiliation",
        ),
        pytest.param(
            '"Industry in Space” Hugo Montoya, Agencia Espacial, México',
            "Industry in Space",
            [("Hugo Montoya", "Agencia Espacial, México")],
            id="mixed-quotes-part-before-trailing-place",
        ),
        pytest.param(
            '"A Tool". Eva Ortiz, Juan R. Montes, Universidad Tecnológica del Centro, México',
            "A Tool",
            [
                ("Eva Ortiz", "Universidad Tecnológica del Centro, México"),
                ("Juan R. Montes", "Universidad Tecnológica del Centro, México"),
            ],
            id="names-then-institution",
        ),
        pytest.param(
            '"Big Data", Ana Silva, Bo Li',
            "Big Data",
            [("Ana Silva", None), ("Bo Li", None)],
            id="names-only",
        ),
    ],
)
def test_quoted_title_then_its_people(
    line: str, title: str, people: list[tuple[str, str | None]]
) -> None:
    split = split_quoted_title(line)
    assert split is not None
    assert split[0] == title
    assert [(a.name, a.affiliation) for a in split[1].authors] == people


@pytest.mark.parametrize(
    "line",
    ['"Big data pragmatics!", or, "Putting the pieces together"', '"Yes" is the answer to it all'],
)
def test_quoted_words_before_prose_are_no_title_and_people(line: str) -> None:
    assert split_quoted_title(line) is None


@pytest.mark.parametrize(
    ("line", "name", "affiliation"),
    [
        ("Karl Lind @ KTH", "Karl Lind", "KTH"),
        ("Karl Lind – KTH", "Karl Lind", "KTH"),
        ("Ana Silva – University of Porto", "Ana Silva", "University of Porto"),
        ("Bo Li — Google Research", "Bo Li", "Google Research"),
    ],
)
def test_one_person_then_their_workplace_after_an_at_sign_or_a_long_dash(
    line: str, name: str, affiliation: str
) -> None:
    assert [(a.name, a.affiliation) for a in parse_author_line(line).authors] == [
        (name, affiliation)
    ]
    assert author_line_score(line) == 1.0


@pytest.mark.parametrize("line", ["Deep Nets – Tables", "Graph Learning — The Next Frontier"])
def test_a_title_with_a_long_dash_is_no_person_at_a_workplace(line: str) -> None:
    assert author_line_score(line) < 0.5


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # "Profª." (the feminine ordinal after "Prof"), dotted or not, before "Dra."
        ("Profª. Dra. Ana Lima (UFPel)", [("Ana Lima", "UFPel")]),
        ("Profª Dra. Ana Lima (UFPel)", [("Ana Lima", "UFPel")]),
        # " e " joins two people after an affiliation's parenthesis or before an honorific
        (
            "Profª. Dra. Ana Lima (UFPel); Prof. Dr. Rui Sá (UFRGS) e Profª. Dra. Eva Cruz (UFSM)",
            [("Ana Lima", "UFPel"), ("Rui Sá", "UFRGS"), ("Eva Cruz", "UFSM")],
        ),
        (
            "Profª. Dra. Ana Lima e Profª. Dra. Eva Cruz (UFSM)",
            [("Ana Lima", "UFSM"), ("Eva Cruz", "UFSM")],
        ),
        # a particle stays in its name
        ("José Ortega y Gasset (Madrid)", [("José Ortega y Gasset", "Madrid")]),
    ],
)
def test_portuguese_people_with_profa_and_e(
    line: str, expected: list[tuple[str, str | None]]
) -> None:
    assert [(a.name, a.affiliation) for a in parse_author_line(line).authors] == expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Per Ek (Chalmers) [PDF]", [("Per Ek", "Chalmers")]),
        (
            "Bo Li (Tsinghua University), Ann Lee (MIT) [slides]",
            [("Bo Li", "Tsinghua University"), ("Ann Lee", "MIT")],
        ),
    ],
)
def test_a_link_glued_to_an_author_line_is_no_part_of_it(
    line: str, expected: list[tuple[str, str | None]]
) -> None:
    assert [(a.name, a.affiliation) for a in parse_author_line(line).authors] == expected
    assert author_line_score(line) == 1.0


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("Mtra. Ana López", "Ana López"),
        ("Mtro. Luis Pérez", "Luis Pérez"),
        ("Arq. Eva Ruiz", "Eva Ruiz"),
        ("Mag. Eva Gruber", "Eva Gruber"),
        ("Dipl.-Ing. Karl Lind", "Karl Lind"),
    ],
)
def test_more_degrees_before_a_name_are_no_part_of_it(line: str, name: str) -> None:
    assert [a.name for a in parse_author_line(line).authors] == [name]
    assert author_line_score(line) == 1.0


def test_people_at_workplaces_after_spaced_hyphens_joined_by_semicolons() -> None:
    line = "Ana Silva - University of Porto; Bo Li - Tsinghua University; Cy Ng CNR – ISPC."
    assert [(a.name, a.affiliation) for a in parse_author_line(line).authors] == [
        ("Ana Silva", "University of Porto"),
        ("Bo Li", "Tsinghua University"),
        ("Cy Ng", "CNR – ISPC"),
    ]
    assert author_line_score("Machine Learning - Stanford University") < 0.5
    assert author_line_score("Per Ek - Chalmers") < 0.5  # one word: maybe a title's


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # a workplace that names no institution, beside one that does
        (
            "Ines Kovač - Freelance illustrator; Tom Berg - Universidad de Sevilla, Spain",
            [
                ("Ines Kovač", "Freelance illustrator"),
                ("Tom Berg", "Universidad de Sevilla, Spain"),
            ],
        ),
        # a middle initial, and the workplace's acronym and town in parentheses
        (
            "Olaf K. Brandt - Max-Planck-Institut (MPI) (Jena, Germany); "
            "Una Moss - Max-Planck-Institut (MPI) (Jena, Germany).",
            [
                ("Olaf K. Brandt", "Max-Planck-Institut (MPI) (Jena, Germany)"),
                ("Una Moss", "Max-Planck-Institut (MPI) (Jena, Germany)"),
            ],
        ),
        # beside two such people, a bare name whose workplace is not printed; a closing semicolon
        (
            "Rosa Vidal - DIBAF, University of Tuscia; Piet Kramer; Lena Holm - Lund University;",
            [
                ("Rosa Vidal", "DIBAF, University of Tuscia"),
                ("Piet Kramer", None),
                ("Lena Holm", "Lund University"),
            ],
        ),
        # institution words of other languages
        (
            "Marta Ricci - Scuola Superiore Sant'Anna.",
            [("Marta Ricci", "Scuola Superiore Sant'Anna")],
        ),
        ("Jan Wolf - Hochschule Darmstadt", [("Jan Wolf", "Hochschule Darmstadt")]),
    ],
)
def test_more_people_at_workplaces_after_spaced_hyphens(
    line: str, expected: list[tuple[str, str | None]]
) -> None:
    assert [(a.name, a.affiliation) for a in parse_author_line(line).authors] == expected
    assert author_line_score(line) == 1.0


def test_a_remark_in_parentheses_is_no_part_of_a_dashed_workplace() -> None:
    line = "Ada Roth - MIT (with Bo Li, MIT and Cy Ng, MIT)"
    assert ("Ada Roth", "MIT (with Bo Li, MIT and Cy Ng, MIT)") not in [
        (a.name, a.affiliation) for a in parse_author_line(line).authors
    ]


def test_a_dashed_workplace_may_hold_dashes_of_its_own() -> None:
    line = "Ida Berg - MUSA – Museum of Art; Ole Dahl - LAB - Imaging Lab, University of Oslo."
    assert [(a.name, a.affiliation) for a in parse_author_line(line).authors] == [
        ("Ida Berg", "MUSA – Museum of Art"),
        ("Ole Dahl", "LAB - Imaging Lab, University of Oslo"),
    ]
