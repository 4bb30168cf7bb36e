"""Saved web pages: the page's structure read with a real HTML parser, as a browser shows it."""

from __future__ import annotations

from bot.model import Person
from bot.parsing import ParseOptions
from bot.parsing.detect import parse_program
from bot.parsing.html import html_to_text, looks_like_html

PAGE = """<!doctype html><html><head><title>Program</title>
<style>.row{display:flex}.hide{display:none}@media (max-width:600px){.row{display:block}}</style>
<script>var schedule = {"fake": "Session 9: Not Here"};</script></head>
<body><header><a href="/">Home</a> <a href="/cfp">CfP</a></header>
<nav><ul><li>Program</li><li>Venue</li></ul></nav>
<h2>Tuesday, April 1, 2025</h2>
<table>
 <tr><th>Time</th><th>Event</th><th>Room</th></tr>
 <tr><td rowspan="2">09:00–10:30</td><td>Session 1: Storage<br>Chair: Ann Lee</td>
     <td>Hall A</td></tr>
 <tr><td><b>A Fast Store</b><br><i>Ana Silva (Uni A), Bo Li (Uni B)</i></td><td>Hall A</td></tr>
 <tr><td>10:30–11:00</td><td colspan="2">Coffee Break</td></tr>
</table>
<div class="row"><span>REG</span>Regular paper</div>
<div class="hide">Hidden text</div><p hidden>Also hidden</p>
<details><summary>Abstract</summary>Long abstract text that a reader never sees.</details>
<footer>© 2025 Conference</footer>
</body></html>"""


def test_page_is_rendered_as_its_visible_text() -> None:
    lines = html_to_text(PAGE).splitlines()
    assert lines == [
        "Tuesday, April 1, 2025",
        "Time\tEvent\tRoom",
        "09:00–10:30\tSession 1: Storage\tHall A",
        "Chair: Ann Lee",
        "\tA Fast Store\tHall A",
        "Ana Silva (Uni A), Bo Li (Uni B)",
        "10:30–11:00\tCoffee Break",
        "REG",
        "Regular paper",
        "Abstract",
    ]


def test_a_closed_box_that_lists_the_sessions_talks_is_read_open() -> None:
    """A box whose summary announces the talks it holds (`Show talks (2)`) hides the program
    itself, not an aside: its content is read; an `Abstract` box stays closed."""
    text = html_to_text(
        "<article><p>14:00-15:30 Soil Carbon</p><p>Chair: Ann Lee (Uni A)</p>"
        "<details><summary>Show talks <span>(2)</span></summary><ol>"
        "<li><div>14:00</div><p>Roots and Fungi</p><p>Bo Li (Uni B)</p>"
        "<details><summary>Abstract</summary>Long text nobody sees.</details></li>"
        "<li><div>14:20</div><p>Deep Horizons</p><p>Cy Ray (Uni C)</p></li>"
        "</ol></details></article>"
    )
    assert text.splitlines() == [
        "14:00-15:30 Soil Carbon",
        "Chair: Ann Lee (Uni A)",
        "Show talks (2)",
        "14:00",
        "Roots and Fungi",
        "Bo Li (Uni B)",
        "Abstract",
        "14:20",
        "Deep Horizons",
        "Cy Ray (Uni C)",
    ]


def test_scripts_navigation_headers_footers_and_hidden_parts_are_dropped() -> None:
    text = html_to_text(PAGE)
    for gone in ("Not Here", "CfP", "Venue", "Hidden text", "Also hidden", "Long abstract", "©"):
        assert gone not in text


def test_a_headings_permalink_is_not_part_of_it() -> None:
    """Sphinx, Jupyter Book and MkDocs follow each heading with `<a class="headerlink">#</a>`
    (or `¶`), shown only on hover."""
    text = html_to_text(
        '<section><h2>Day 2 - Mass balance<a class="headerlink" href="#day-2">#</a></h2>'
        '<h3>Talks<a class="headerlink" href="#talks" title="Permanent link">¶</a></h3>'
        "<p><em>Sunday 12 March 2023</em></p></section>"
    )
    assert text.splitlines() == ["Day 2 - Mass balance", "Talks", "Sunday 12 March 2023"]


def test_a_page_is_recognised_by_its_content() -> None:
    assert looks_like_html(PAGE)
    assert looks_like_html("<p>a</p><p>b</p><div>c</div><div>d</div><ul><li>e</li><li>f</li></ul>")
    assert not looks_like_html("Tuesday, April 1\n09:00 Session 1: Storage <with> brackets\n")


def test_a_page_parses_into_the_program_it_shows() -> None:
    program = parse_program(PAGE, ParseOptions(timezone="Europe/Amsterdam", year=2025))
    storage = program.sessions[0]
    assert storage.title == "Storage"
    assert storage.start is not None
    assert storage.start.isoformat() == "2025-04-01T09:00:00+02:00"
    assert [p.title for p in storage.papers] == ["A Fast Store"]
    assert storage.papers[0].authors == (Person("Ana Silva", "Uni A"), Person("Bo Li", "Uni B"))
    assert [s.title for s in program.sessions][-1] == "Coffee Break"


def test_parallel_tracks_side_by_side_in_a_table_row_are_read_one_after_the_other() -> None:
    html = (
        "<table><tr><td>10:40-12:00</td>"
        "<td>Session: Approximation<br>Chair: Wei Niu (UGA)<br>SYprox: Mixed Precision<br>"
        "Lorenzo Carpentieri (University of Salerno)</td>"
        "<td>Session: Graph Neural Networks<br>Chair: Ali Jannesari (ISU)<br>"
        "Scaling GNN Training<br>Chen Zhuang (Riken)</td></tr></table>"
    )
    lines = html_to_text(html).splitlines()
    assert lines == [
        "10:40-12:00\tSession: Approximation",
        "Chair: Wei Niu (UGA)",
        "SYprox: Mixed Precision",
        "Lorenzo Carpentieri (University of Salerno)",
        "10:40-12:00\tSession: Graph Neural Networks",
        "Chair: Ali Jannesari (ISU)",
        "Scaling GNN Training",
        "Chen Zhuang (Riken)",
    ]


def test_an_articles_own_header_is_kept_the_sites_is_not() -> None:
    page = (
        "<!doctype html><html><body><header><a href='/'>Home</a> <a href='/cfp'>CfP</a></header>"
        "<article><header><h1>Schedule - Wednesday, April 21</h1></header>"
        "<p>9:00-10:00</p><p>Keynote 1: Ana Silva</p></article></body></html>"
    )
    assert html_to_text(page).splitlines() == [
        "Schedule - Wednesday, April 21",
        "9:00-10:00",
        "Keynote 1: Ana Silva",
    ]


SIDE_BY_SIDE_PAGE = """<html><body><h2>Wednesday, June 4, 2025</h2><table>
<tr><th>Time</th><th>Session 1: Storage Systems (Room: Aula)</th>
    <th>Session 2: Query Engines (Room: Hall 2)</th></tr>
<tr><td>09:30 - 10:00<br>30m</td>
    <td><b>Log-Structured Merge Trees Revisited</b><br>Ana Silva and Bo Li</td>
    <td><b>Vectorised Joins for Column Stores</b><br>Cy Ng, Di Wu, and Ed Po</td></tr>
<tr><td>10:00 - 10:20<br>20m</td><td><b>Crash Consistency Without Fences</b><br>Fay Xu</td>
    <td><b>Adaptive Query Compilation</b><br>Gil Oz and Hal Kim</td></tr>
<tr><td>10:20 - 11:00</td><td colspan="2">Lunch</td></tr>
</table></body></html>"""


def test_parallel_sessions_side_by_side_are_rendered_one_after_another() -> None:
    assert html_to_text(SIDE_BY_SIDE_PAGE).splitlines() == [
        "Wednesday, June 4, 2025",
        "Session 1: Storage Systems (Room: Aula)",
        "09:30 - 10:00 30m\tLog-Structured Merge Trees Revisited",
        "Ana Silva and Bo Li",
        "10:00 - 10:20 20m\tCrash Consistency Without Fences",
        "Fay Xu",
        "Session 2: Query Engines (Room: Hall 2)",
        "09:30 - 10:00 30m\tVectorised Joins for Column Stores",
        "Cy Ng, Di Wu, and Ed Po",
        "10:00 - 10:20 20m\tAdaptive Query Compilation",
        "Gil Oz and Hal Kim",
        "10:20 - 11:00\tLunch",
    ]
    program = parse_program(SIDE_BY_SIDE_PAGE, ParseOptions(timezone="UTC", year=2025))
    assert [(s.title, s.room, len(s.papers)) for s in program.sessions] == [
        ("Storage Systems", "Aula", 2),
        ("Query Engines", "Hall 2", 2),
        ("Lunch", None, 0),
    ]


def test_custom_elements_the_stylesheet_displays_as_blocks_are_lines_of_their_own() -> None:
    page = (
        "<html><head><style>talk-title { display: block; } talk-by { display: block; }"
        "</style></head><body><div><talk-title>Fast Joins on GPUs</talk-title>"
        "<talk-by>Par Ana Silva et Bo Li.</talk-by></div></body></html>"
    )
    assert html_to_text(page).splitlines() == ["Fast Joins on GPUs", "Par Ana Silva et Bo Li."]


def test_a_css_comment_before_a_rule_does_not_hide_the_rule() -> None:
    page = (
        "<html><head><style>/* the program's tabs */ .hide { display: none; }</style></head>"
        '<body><div>Tuesday talks</div><div class="hide">Wednesday talks</div></body></html>'
    )
    assert html_to_text(page).splitlines() == ["Tuesday talks"]


def test_the_sites_banner_gives_its_date_to_a_program_printing_none() -> None:
    banner = (
        "<header><a href='/'><span class='title'>Microbiome Symposium</span>\n"
        "<span class='subtitle'>7th November, 2025</span></a><nav>Program</nav></header>"
    )
    program = "<main><h1>Program</h1><p>9:00 - 9:10 Welcome</p></main>"
    dated = "<main><h2>Friday 7 November 2025</h2><p>9:00 - 9:10 Welcome</p></main>"
    page = "<!doctype html><html><body>{}{}</body></html>"
    assert html_to_text(page.format(banner, program)).splitlines()[:2] == [
        "Microbiome Symposium 7th November, 2025",
        "Program",
    ]
    assert "Microbiome" not in html_to_text(page.format(banner, dated))
    assert "7th November" not in html_to_text(page.format(banner, dated))


def test_a_table_with_its_rooms_as_a_column_is_read_room_by_room() -> None:
    page = (
        "<!doctype html><html><body><p>Friday, November 11</p><table>"
        "<tr><td>AM Chairs</td><td>Room 1</td><td colspan=2>Sarah Brooks</td></tr>"
        "<tr><td> </td><td>Room 2</td><td colspan=2>David Singer</td></tr><tr></tr>"
        "<tr><td>9:15-9:45</td><td>Room 1</td><td><b>Ana Silva</b>,<br><i>Uni A</i></td>"
        '<td>"A Fast Store"</td></tr>'
        '<tr><td> </td><td>Room 2</td><td><b>Bo Li</b>,<br><i>Uni B</i></td><td>"Graphs"</td></tr>'
        "<tr><td>9:45-10:15</td><td>Room 1</td><td><b>Cy Ng</b>,<br><i>Uni C</i></td>"
        '<td>"Logs"</td></tr>'
        '<tr><td> </td><td>Room 2</td><td><b>Di Wu</b>,<br><i>Uni D</i></td><td>"Trees"</td></tr>'
        "</table></body></html>"
    )
    program = parse_program(page, ParseOptions(timezone="America/New_York", year=2016))
    assert [
        (s.room, [c.name for c in s.chairs], [p.title for p in s.papers]) for s in program.sessions
    ] == [
        ("Room 1", ["Sarah Brooks"], ["A Fast Store", "Logs"]),
        ("Room 2", ["David Singer"], ["Graphs", "Trees"]),
    ]
    assert program.sessions[0].papers[0].authors == (Person("Ana Silva", "Uni A"),)


def test_a_column_headed_chair_names_each_rows_chair() -> None:
    html = (
        "<table><tr><th>Time</th><th>Session</th><th>Chair</th></tr>"
        "<tr><td>9:00-10:30</td><td>Storage<br>A Fast Store</td><td>Ana Silva</td></tr>"
        "<tr><td>10:30-11:00</td><td>Coffee break</td><td>--</td></tr></table>"
    )
    assert html_to_text(html).splitlines() == [
        "Time\tSession\tChair",
        "9:00-10:30\tStorage",
        "Chair: Ana Silva",
        "A Fast Store",
        "10:30-11:00\tCoffee break",
    ]


def test_rooms_over_the_columns_then_each_rooms_session_are_read_as_sessions() -> None:
    html = (
        "<table><tr><td>Afternoon</td><td>Sala A</td><td>Sala B</td></tr>"
        "<tr><td></td><td><b>Cancer</b></td><td><b>Transplants</b></td></tr>"
        "<tr><td>3:00 pm - 3:30 pm</td><td>Tumour escape. Dr. Ana Silva (USA)</td>"
        "<td>Tolerance. Dr. Bo Li (PER)</td></tr>"
        "<tr><td>3:30 pm - 4:00 pm</td><td>Microbiota. Dr. Cy Ng (UK)</td>"
        "<td>Rejection. Dra. Di Wu (MEX)</td></tr></table>"
    )
    lines = html_to_text(html).splitlines()
    assert lines[1:] == [
        "3:00 pm - 4:00 pm\tCancer (Room: Sala A)",
        "3:00 pm - 3:30 pm\tTumour escape. Dr. Ana Silva (USA)",
        "3:30 pm - 4:00 pm\tMicrobiota. Dr. Cy Ng (UK)",
        "3:00 pm - 4:00 pm\tTransplants (Room: Sala B)",
        "3:00 pm - 3:30 pm\tTolerance. Dr. Bo Li (PER)",
        "3:30 pm - 4:00 pm\tRejection. Dra. Di Wu (MEX)",
    ]


def test_an_elements_own_display_style_makes_it_a_block() -> None:
    page = (
        "<html><body><ol><li><span style='display: block;'>"
        "<span style='display: inline-block; width: 6em'>11:15 – 11:40 </span>"
        "<span>A Silva (Uni A)</span></span><em>Fast Joins</em> Abstract</li></ol></body></html>"
    )
    assert html_to_text(page).splitlines() == [
        "11:15 – 11:40 A Silva (Uni A)",
        "Fast Joins Abstract",
    ]


def test_a_list_item_of_bold_title_and_italic_authors_with_a_pdf_link() -> None:
    page = (
        "<html><body><h2>Monday, March 4, 2024</h2>"
        "<h3>09:00 – 10:30 Session 1: Retrieval</h3><ul>"
        "<li><strong>Dense Retrieval at Scale</strong><br><em>Karl Lind (KTH)</em></li>"
        "<li><strong>Sparse Models Strike Back</strong><br><em>Per Ek (Chalmers)</em>"
        ' <a href="x.pdf">[PDF]</a></li></ul></body></html>'
    )
    program = parse_program(page, ParseOptions(timezone="Europe/Stockholm", year=2024))
    assert [(p.title, [a.name for a in p.authors]) for p in program.sessions[0].papers] == [
        ("Dense Retrieval at Scale", ["Karl Lind"]),
        ("Sparse Models Strike Back", ["Per Ek"]),
    ]
