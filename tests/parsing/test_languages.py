"""Programs printed in languages the corpus does not hold: their day headers, chair labels and
breaks are read from vocabulary (the CLDR's calendar names, and label words), not from layout
code, so a program in Swedish reads like one in English."""

from __future__ import annotations

from datetime import date

import pytest

from bot.model import SessionKind
from bot.parsing import ParseOptions
from bot.parsing.authors import author_line_score
from bot.parsing.kinds import classify_kind
from bot.parsing.lexer import LineKind, classify
from bot.parsing.talks import read_talk_title
from bot.parsing.text import parse_text
from bot.parsing.timeexpr import MONTHS, WEEKDAYS, find_time_range, parse_day_header

# Each header names Tuesday 13 May 2025 as a program in that language prints it.
TUESDAY_13_MAY = [
    ("sv", "Tisdag 13 maj 2025"),
    ("da", "Tirsdag den 13. maj 2025"),
    ("nb", "Tirsdag 13. mai 2025"),
    ("fi", "Tiistai 13. toukokuuta 2025"),
    ("et", "Teisipäev, 13. mai 2025"),
    ("lv", "Otrdiena, 2025. gada 13. maijs"),
    ("lt", "Antradienis, 2025 m. gegužės 13 d."),
    ("hu", "2025. május 13., kedd"),
    ("ro", "Marți, 13 mai 2025"),
    ("el", "Τρίτη 13 Μαΐου 2025"),
    ("el-capitals", "ΤΡΙΤΗ 13 ΜΑΪΟΥ 2025"),
    ("hr", "Utorak, 13. svibnja 2025."),
    ("sl", "Torek, 13. maja 2025"),
    ("sk", "Utorok 13. mája 2025"),
    ("uk", "Вівторок, 13 травня 2025"),
    ("bg", "Вторник, 13 май 2025"),
    ("ca", "Dimarts, 13 de maig de 2025"),
    ("gl", "Martes, 13 de maio de 2025"),
    ("id", "Selasa, 13 Mei 2025"),
    ("vi", "Thứ Ba, 13 tháng 5 năm 2025"),
    ("af", "Dinsdag 13 Mei 2025"),
]


@pytest.mark.parametrize(("language", "header"), TUESDAY_13_MAY)
def test_a_day_header_in_any_of_many_languages(language: str, header: str) -> None:
    found = parse_day_header(header)
    assert found is not None, language
    expr = found[0]
    assert (expr.month, expr.day) == (5, 13), language
    assert expr.resolve(2025) == date(2025, 5, 13)


def test_a_name_two_languages_share_keeps_the_first_languages_meaning() -> None:
    # Croatian "listopad" is October; Czech and Polish, listed before it, make it November.
    assert MONTHS["listopad"] == MONTHS["listopada"] == 11
    assert WEEKDAYS["tiistaina"] == 1  # Finnish "on Tuesday", as dates print it
    assert MONTHS["de maig"] == MONTHS["maig"] == 5


@pytest.mark.parametrize(
    ("header", "month"),
    [("12 févr. 2025", 2), ("3 janv. 2025", 1), ("4 veebr. 2025", 2), ("9 szept. 2025", 9)],
)
def test_a_month_abbreviated_with_its_stop(header: str, month: int) -> None:
    found = parse_day_header(header)
    assert found is not None
    assert found[0].month == month


@pytest.mark.parametrize(
    "line",
    [
        # English three-letter month abbreviations of other languages are left out.
        "A set 3 of proofs",
        "Windows 10 Pro",
        # A surname that is a weekday in a language left out (Malay's Thursday).
        "Sameh Khamis",
    ],
)
def test_words_that_are_names_elsewhere_are_no_day_header(line: str) -> None:
    assert parse_day_header(line) is None


@pytest.mark.parametrize(
    "line",
    [
        "Chairman: Prof. R. Rao",
        "Session Chairman: Dr. A. Gupta",
        "Chairwoman: Ana Silva",
        "Ordförande: Anna Berg",
        "Sessionsordförande: Anna Berg (KTH)",
        "Ordstyrer: Ole Hansen",
        "Puheenjohtaja: Liisa Virtanen",
        "Elnök: Kovács Anna",
        "Președinte: Ion Popescu",
        "Πρόεδρος: Γιώργος Παπαδόπουλος",
        "Predsjedavajući: Ivan Horvat",
        "Голова: Олена Коваленко",
        "Pirmininkas: Jonas Jonaitis",
        "Chủ tọa: Nguyễn Văn An",
    ],
)
def test_chair_labels_of_more_languages(line: str) -> None:
    assert classify(1, line).kind is LineKind.CHAIR


@pytest.mark.parametrize(
    "title",
    [
        "Kaffepaus",
        "Kaffepause",
        "Kahvitauko",
        "Lounas",
        "Kávészünet",
        "Pauză de cafea",
        "Διάλειμμα",
        "Přestávka",
        "Ručak",
        "Перерва на каву",
        "Kahve Arası",
        "KAHVE ARASI",
        "Öğle Yemeği",
        "Istirahat",
        "Giải lao",
        "茶歇",
        "昼食",
        "점심",
    ],
)
def test_breaks_named_in_more_languages(title: str) -> None:
    assert classify_kind(title, paper_count=0) is SessionKind.BREAK


SWEDISH = """Svensk workshop 2025

Tisdag 13 maj 2025

09:00 - 10:30 Session 1: Inlärning
Ordförande: Anna Berg (Uppsala universitet)

Djupa nät för tabeller
Karl Lind (KTH), Eva Holm (Lunds universitet)

10:30 - 11:00 Kaffepaus

Onsdag 14 maj 2025

09:00 - 10:30 Session 2: System
Ordförande: Olle Ström (Linköpings universitet)

Snabba lagringsmotorer
Ida Sund (Umeå universitet)
"""


def test_a_program_in_swedish_reads_its_days_chairs_and_breaks() -> None:
    program = parse_text(SWEDISH, ParseOptions(timezone="Europe/Stockholm", year=2025))
    assert [(s.title, s.day, s.kind) for s in program.sessions] == [
        ("Inlärning", date(2025, 5, 13), SessionKind.PAPERS),
        ("Kaffepaus", date(2025, 5, 13), SessionKind.BREAK),
        ("System", date(2025, 5, 14), SessionKind.PAPERS),
    ]
    first = program.sessions[0]
    assert [(c.name, c.affiliation) for c in first.chairs] == [("Anna Berg", "Uppsala universitet")]
    assert [a.name for a in first.papers[0].authors] == ["Karl Lind", "Eva Holm"]


@pytest.mark.parametrize(
    ("line", "start", "end"),
    [
        # Full-width digits and colon, as Japanese and Chinese pages set them
        ("１０：００～１１：３０ 開会", "10:00", "11:30"),
        ("10:00－11:30 Opening", "10:00", "11:30"),
        # the figure dash, the minus sign and the horizontal bar are dashes too
        ("9:00 ‒ 10:30 Opening", "09:00", "10:30"),
        ("9:00 − 10:30 Opening", "09:00", "10:30"),
        ("9:00 ― 10:30 Opening", "09:00", "10:30"),
        # Dutch and Flemish hours: "09u00"
        ("09u00 - 10u30 Opening", "09:00", "10:30"),
        # a meridiem word before the clock, glued to it: morning, afternoon
        ("上午9:00-10:30 开幕式", "09:00", "10:30"),
        ("下午2:00-3:30 分论坛", "14:00", "15:30"),
        ("午後1:30～3:00 セッション", "13:30", "15:00"),
        ("오후 2:00 - 3:30 세션", "14:00", "15:30"),
        ("오전 10:00 - 11:30 개회", "10:00", "11:30"),
    ],
)
def test_time_ranges_as_more_scripts_print_them(line: str, start: str, end: str) -> None:
    found = find_time_range(line)
    assert found is not None
    assert found.end is not None
    assert (f"{found.start:%H:%M}", f"{found.end:%H:%M}") == (start, end)
    # The span is the time's as printed, a word for the morning or afternoon with it.
    assert line[found.span[1] :].strip()[0] not in "0123456789-–~～"


JAPANESE = """2025年5月13日（火）

１０：００～１１：３０ セッション1：機械学習
座長：山田 太郎（東京大学）

深層学習による表の理解
佐藤 花子（京都大学），鈴木 一郎（大阪大学）

午後1:30～3:00 セッション2：システム

高速なストレージ
高橋 美咲（東北大学）
"""


def test_a_program_in_japanese_with_full_width_digits_and_brackets() -> None:
    program = parse_text(JAPANESE, ParseOptions(timezone="Asia/Tokyo", year=2025))
    assert [(s.title, f"{s.start:%H:%M}", f"{s.end:%H:%M}") for s in program.sessions] == [
        ("セッション1:機械学習", "10:00", "11:30"),
        ("セッション2:システム", "13:30", "15:00"),
    ]
    first = program.sessions[0]
    assert [(c.name, c.affiliation) for c in first.chairs] == [("山田 太郎", "東京大学")]
    assert [(a.name, a.affiliation) for a in first.papers[0].authors] == [
        ("佐藤 花子", "京都大学"),
        ("鈴木 一郎", "大阪大学"),
    ]


@pytest.mark.parametrize(
    "line", ["主题报告一(中文)", "平行分论坛二", "セッション1(東京)", "기조강연 (영어)"]
)
def test_an_east_asian_items_name_is_no_person(line: str) -> None:
    assert author_line_score(line) < 0.5


def test_a_talk_named_by_its_kind_and_a_remark_then_its_speaker() -> None:
    talk = read_talk_title("主题报告一(中文)(熊璋教授)")
    assert talk is not None
    assert talk.session_title == "主题报告一(中文)"
    assert [p.name for p in talk.speakers] == ["熊璋"]
    talk = read_talk_title("Keynote (virtual) (Ana Silva)")
    assert talk is not None
    assert [p.name for p in talk.speakers] == ["Ana Silva"]


@pytest.mark.parametrize(
    "title",
    [
        "Plenary Lecture",
        "Invited Lecture",
        "Invited Speaker",
        "Key-note",
        "Key Note Speech",
        "Guest Lecture",
        "Public Lecture",
        "Memorial Lecture",
        "Prize Lecture",
        "Wykład plenarny",
        "Zvaná přednáška",
        "Pozvano predavanje",
        "Plenáris előadás",
        "Huvudtalare",
        "Pääpuhuja",
        "Conferencia invitada",
        "Conferência convidada",
        "Relazione invitata",
        "Davetli konuşmacı",
        "Pembicara utama",
        "基调演讲",
    ],
)
def test_invited_talks_as_many_programs_name_them(title: str) -> None:
    assert classify_kind(title, paper_count=0) is SessionKind.KEYNOTE
    assert classify_kind(title, paper_count=1) is SessionKind.KEYNOTE


def test_a_session_of_several_invited_talks_is_a_paper_session() -> None:
    assert classify_kind("Invited Talks", paper_count=3) is SessionKind.PAPERS
    assert classify_kind("Keynotes", paper_count=2) is SessionKind.KEYNOTE


def test_a_plenary_lecture_names_its_speaker_after_the_colon() -> None:
    program = parse_text(
        "Tuesday 13 May 2025\n\n09:00 - 10:00 Plenary Lecture: Ana Silva (University of Porto)\n"
        "\nOn the shape of programs\n\n10:00 - 10:30 Coffee\n",
        ParseOptions(timezone="Europe/Lisbon", year=2025),
    )
    lecture = program.sessions[0]
    assert lecture.kind is SessionKind.KEYNOTE
    speakers = [a for p in lecture.papers for a in p.authors]
    assert [(a.name, a.affiliation) for a in speakers] == [("Ana Silva", "University of Porto")]


@pytest.mark.parametrize(
    "label",
    [
        "Talare",
        "Puhuja",
        "Előadó",
        "Prelegent",
        "Přednášející",
        "Predavač",
        "Ομιλητής",
        "Vorbitor",
        "Pembicara",
        "Diễn giả",
        "講演者",
        "报告人",
        "발표자",
        "Докладчик",
    ],
)
def test_a_labelled_speaker_line_in_more_languages(label: str) -> None:
    program = parse_text(
        f"Tuesday 13 May 2025\n\n09:00 - 10:00 Keynote\n{label}: Ana Silva (University of Porto)"
        "\n\nOn the shape of programs\n\n10:00 - 10:30 Coffee\n",
        ParseOptions(timezone="Europe/Lisbon", year=2025),
    )
    (talk,) = program.sessions[0].papers
    assert talk.title == "On the shape of programs"
    assert [(a.name, a.affiliation) for a in talk.authors] == [("Ana Silva", "University of Porto")]


@pytest.mark.parametrize(
    "line", ["Sal: A2", "Sali: Auditorio 1", "Terem: 101", "Αίθουσα: Α", "会場：A室", "Aula: 3.1"]
)
def test_room_labels_of_more_languages(line: str) -> None:
    assert classify(1, line).kind is LineKind.LOCATION


@pytest.mark.parametrize(
    ("header", "month", "day"), [("Wed, 11.09.", 9, 11), ("Donnerstag, 12.09.", 9, 12)]
)
def test_a_weekday_and_a_dotted_day_and_month_without_a_year(
    header: str, month: int, day: int
) -> None:
    found = parse_day_header(header)
    assert found is not None
    assert (found[0].month, found[0].day, found[0].order_unsettled) == (month, day, False)


@pytest.mark.parametrize(
    "header",
    [
        "Tid\tTalare\tTitel",  # Swedish
        "Heure\tIntervenant\tTitre",  # French
        "Godzina\tPrelegent\tTytuł",  # Polish
        "Időpont\tElőadó\tCím",  # Hungarian
        "Saat\tKonuşmacı\tBaşlık",  # Turkish
        "Время\tДокладчик\tНазвание",  # Russian
        "時間\t講演者\tタイトル",  # Japanese
    ],
)
def test_a_speaker_and_title_table_headed_in_more_languages(header: str) -> None:
    # Bare names and short capitalised titles: only the header tells which column is which.
    program = parse_text(
        f"Tuesday 13 May 2025\n{header}\n"
        "10:00 - 10:30\tMarie Dupont\tRecorded Voices\n10:30 - 11:00\tLuc Blanc\tTape Memories\n",
        ParseOptions(timezone="Europe/Paris", year=2025),
    )
    assert classify(1, header).kind is LineKind.TABLE_HEADER
    assert [(p.title, [a.name for a in p.authors]) for s in program.sessions for p in s.papers] == [
        ("Recorded Voices", ["Marie Dupont"]),
        ("Tape Memories", ["Luc Blanc"]),
    ]


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("Recess", SessionKind.BREAK),
        ("Intermission", SessionKind.BREAK),
        ("Happy hour", SessionKind.SOCIAL),
        ("Adjourn", SessionKind.PLENARY),
        ("Concluding remarks", SessionKind.PLENARY),
        ("Wrap-up", SessionKind.PLENARY),
        ("Annual General Meeting", SessionKind.PLENARY),
        # parallel sessions, not a pause
        ("Break-out sessions", SessionKind.OTHER),
        ("Breakout Session 2", SessionKind.OTHER),
    ],
)
def test_more_english_names_of_breaks_and_ceremonies(title: str, kind: SessionKind) -> None:
    assert classify_kind(title, paper_count=0) is kind
