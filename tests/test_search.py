"""bot.search: folding, entries, ranking, limits and robustness.

On three programs: a small hand-made one, the real ASPLOS/EuroSys 2025 program (from the truth
file of the parser tests) and a small synthetic NeurIPS-like one.
"""

from __future__ import annotations

import json
from datetime import date, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.model import Conference, Paper, Person, Program, Session, SessionKind
from bot.parsing.ids import assign_ids
from bot.search import (
    AUTOCOMPLETE_MAX,
    MAX_QUERY_CHARS,
    EntryKind,
    SearchEntry,
    SearchHit,
    SearchIndex,
    fold,
)
from tests.bench.synthetic import HELIX_TITLE, make_program

ZONE = ZoneInfo("Europe/Amsterdam")
DATA = Path(__file__).parent / "data"
ALL_KINDS = tuple(EntryKind)


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2025, 4, day, hour, minute, tzinfo=ZONE)


def session(
    title: str | None,
    kind: SessionKind,
    start: datetime | None,
    *,
    room: str | None = None,
    day: date | None = None,
    chairs: tuple[Person, ...] = (),
    papers: tuple[Paper, ...] = (),
) -> Session:
    return Session(
        id="",
        title=title,
        kind=kind,
        day=day or (start.date() if start else None),
        start=start,
        end=start + timedelta(hours=1) if start else None,
        room=room,
        chairs=chairs,
        papers=papers,
    )


HELIX = Paper(
    HELIX_TITLE,
    (
        Person("Yixuan Mei", "Carnegie Mellon University"),
        Person("Bin Cui", "Peking University"),
    ),
)
HAND_SESSIONS = (
    # Given out of time order on purpose: entries come in time order.
    session(
        "LLM Serving",
        SessionKind.PAPERS,
        at(1, 13, 30),
        room="Rotterdam Hall 1A",
        chairs=(Person("Jacob Gorm Hansen"),),
        papers=(
            HELIX,
            Paper(
                "PIM Is All You Need",
                (
                    Person("Juan Gómez-Luna", "NVIDIA"),
                    Person("Onur Mutlu", "ETH Zürich"),
                    Person("Mohammad Sadrosadati", "ETH Zurich"),
                    Person("Haiyu Mao", "ETH Zurich, Switzerland"),
                    Person("Bin Cui", "PKU"),
                ),
            ),
            Paper(
                "Scaling Deep Learning Training with MegaScale",
                (
                    Person("Jörg Müller", "ETH Zurich"),
                    Person("Laurin Brandner", "ETH Zurich"),
                ),
            ),
        ),
    ),
    session("Coffee break", SessionKind.BREAK, at(1, 10, 30)),
    session("Coffee break", SessionKind.BREAK, at(1, 15, 30)),
    session(
        "Keynote: Martin Maas",
        SessionKind.KEYNOTE,
        at(1, 9),
        room="Rotterdam Hall 1A",
        chairs=(Person("Chris Rossbach", "UT Austin"),),
        papers=(
            Paper(
                "Has Machine Learning for Systems Reached an Inflection Point?",
                (Person("Martin Maas", "Google DeepMind"),),
            ),
        ),
    ),
    session(
        None,
        SessionKind.PAPERS,
        at(2, 11),
        room="Mees I",
        papers=(
            Paper(
                "Towards Interference-aware Application Co-locations",
                (
                    Person("Jorg Muller", "ETH Zurich"),
                    Person("Jörg Müller", "ETH Zurich"),
                ),
            ),
        ),
    ),
    session("Poster reception", SessionKind.POSTERS, None, day=date(2025, 4, 2)),
    session("Business meeting", SessionKind.PLENARY, None),
)


@pytest.fixture(scope="module")
def hand() -> SearchIndex:
    program = Program(Conference("Test 2025", "Europe/Amsterdam", 2025), assign_ids(HAND_SESSIONS))
    return SearchIndex.build(program)


def asplos_program() -> Program:
    """The ASPLOS/EuroSys 2025 program, straight from the parser tests' truth file."""
    data = json.loads((DATA / "asplos-eurosys-2025.truth.json").read_text(encoding="utf-8"))
    kinds = {k.value for k in SessionKind}

    def people(items: list[dict[str, str | None]]) -> tuple[Person, ...]:
        return tuple(Person(str(p["name"]), p.get("affiliation")) for p in items)

    sessions = []
    for item in data["sessions"]:
        day = date.fromisoformat(item["date"])
        start = (
            datetime.combine(day, time.fromisoformat(item["start"]), ZONE)
            if item.get("start")
            else None
        )
        end = (
            datetime.combine(day, time.fromisoformat(item["end"]), ZONE)
            if item.get("end")
            else None
        )
        papers = [Paper(p["title"], people(p.get("authors", []))) for p in item.get("papers", [])]
        if isinstance(item.get("talk"), dict):
            papers.append(Paper(item["talk"]["title"], people(item["talk"].get("speaker", []))))
        sessions.append(
            Session(
                id="",
                title=item.get("title"),
                kind=SessionKind(item["kind"]) if item["kind"] in kinds else SessionKind.OTHER,
                day=day,
                start=start,
                end=end,
                room=item.get("room"),
                chairs=people(item.get("chairs", [])),
                papers=tuple(papers),
            )
        )
    return Program(
        Conference("ASPLOS/EuroSys 2025", "Europe/Amsterdam", 2025), assign_ids(sessions)
    )


@pytest.fixture(scope="module")
def asplos() -> SearchIndex:
    return SearchIndex.build(asplos_program())


SYNTHETIC = make_program(papers=300, authors=1500, sessions=40, seed=1)
SYNTHETIC_INDEX = SearchIndex.build(SYNTHETIC)


@pytest.fixture(scope="module")
def synthetic() -> SearchIndex:
    return SYNTHETIC_INDEX


@pytest.fixture(scope="module", params=["hand", "asplos", "synthetic"])
def any_index(request: pytest.FixtureRequest) -> SearchIndex:
    index: SearchIndex = request.getfixturevalue(request.param)
    return index


def labels(hits: list[SearchHit]) -> list[str]:
    return [hit.entry.label for hit in hits]


# --- fold ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("Gómez-Luna", "gomez luna"),
        ("Jörg", "jorg"),
        ("ETH Zürich", "eth zurich"),
        ("  ETH   Zurich,  Switzerland ", "eth zurich switzerland"),
        ("Łukasz Søren Ðorđe", "lukasz soren dorde"),
        ("Nguyễn Văn An", "nguyen van an"),
        ("Straße", "strasse"),
        ("İstanbul", "istanbul"),
        ("𝕬𝖑𝖎𝖈𝖊 ＡＢＣ", "alice abc"),
        ("O'Brien", "o brien"),
        ("snake_case—em dash", "snake case em dash"),
        ("ﬁne ﬂow", "fine flow"),
        ("HELIX: Serving", "helix serving"),
        ("日本語 タイトル", "日本語 タイトル"),
        ("", ""),
        (" \t\n ", ""),
        ("!!!", ""),
    ],
)
def test_fold(text: str, folded: str) -> None:
    assert fold(text) == folded


@given(st.text())
def test_fold_is_idempotent_and_tidy(text: str) -> None:
    folded = fold(text)
    assert fold(folded) == folded
    assert folded == folded.strip()
    assert "  " not in folded


# --- entries -------------------------------------------------------------------------------


def test_entries_of_the_hand_made_program(hand: SearchIndex) -> None:
    sessions = hand.entries({EntryKind.SESSION})
    assert labels([SearchHit(e, 0) for e in sessions]) == [
        "Keynote: Martin Maas",
        "Coffee break",
        "LLM Serving",
        "Coffee break",
        "Untitled session (Wed 2 Apr 11:00)",
        "Poster reception",
        "Business meeting",
    ]
    assert sessions[0].detail == "Tue 1 Apr 09:00 · Rotterdam Hall 1A"
    assert sessions[1].detail == "Tue 1 Apr 10:30"
    assert sessions[5].detail == "Wed 2 Apr"
    assert sessions[6].detail == ""
    assert len({e.ref for e in sessions}) == len(sessions)
    assert len(hand) == len(hand.entries())


def test_paper_entries_point_at_their_session(hand: SearchIndex) -> None:
    serving = next(e for e in hand.entries({EntryKind.SESSION}) if e.label == "LLM Serving")
    papers = [e for e in hand.entries({EntryKind.PAPER}) if e.ref.startswith(serving.ref + "#")]
    assert [(e.ref, e.label, e.detail) for e in papers] == [
        (f"{serving.ref}#0", HELIX_TITLE, "LLM Serving"),
        (f"{serving.ref}#1", "PIM Is All You Need", "LLM Serving"),
        (f"{serving.ref}#2", "Scaling Deep Learning Training with MegaScale", "LLM Serving"),
    ]


def test_people_are_one_entry_per_printed_name(hand: SearchIndex) -> None:
    people = hand.entries({EntryKind.PERSON})
    names = [e.label for e in people]
    assert len(names) == len(set(names))
    assert names.count("Bin Cui") == 1
    bin_cui = hand.entry(EntryKind.PERSON, "bin cui")
    assert bin_cui is not None
    assert bin_cui.detail == "Peking University"  # the first affiliation printed
    # Chairs are people too, with or without an affiliation.
    assert hand.entry(EntryKind.PERSON, "jacob gorm hansen") == SearchEntry(
        EntryKind.PERSON, "jacob gorm hansen", "Jacob Gorm Hansen", ""
    )
    assert hand.entry(EntryKind.PERSON, "chris rossbach") is not None
    # Two printed forms of one folded name: two entries, one person key; the most printed wins.
    assert {e.label for e in people if e.ref == "jorg muller"} == {"Jörg Müller", "Jorg Muller"}
    jorg = hand.entry(EntryKind.PERSON, "jorg muller")
    assert jorg is not None
    assert jorg.label == "Jörg Müller"


def test_affiliations_are_deduplicated_by_fold(hand: SearchIndex) -> None:
    affiliations = {e.ref: e for e in hand.entries({EntryKind.AFFILIATION})}
    eth = affiliations["eth zurich"]
    assert eth.label == "ETH Zurich"  # printed 5 times, against 1 "ETH Zürich"
    # Onur Mutlu, Mohammad Sadrosadati, Jörg Müller, Laurin Brandner, Jorg Muller.
    assert eth.detail == "5 people"
    assert affiliations["eth zurich switzerland"].detail == "1 person"
    assert "pku" in affiliations
    # Default order: most people first.
    assert hand.entries({EntryKind.AFFILIATION})[0] == eth


def test_entry_round_trip(any_index: SearchIndex) -> None:
    for e in any_index.entries():
        found = any_index.entry(e.kind, e.ref)
        assert found is not None
        assert (found.kind, found.ref) == (e.kind, e.ref)
    assert any_index.entry(EntryKind.SESSION, "no such id") is None
    assert any_index.entry(EntryKind.PAPER, "") is None


def test_synthetic_program_is_deterministic_and_realistic() -> None:
    again = make_program(papers=300, authors=1500, sessions=40, seed=1)
    assert again == SYNTHETIC
    assert make_program(papers=300, authors=1500, sessions=40, seed=2) != SYNTHETIC
    assert len(SYNTHETIC.sessions) == 40
    assert len({s.id for s in SYNTHETIC.sessions}) == 40
    assert all(s.start is None or s.start.tzinfo is not None for s in SYNTHETIC.sessions)
    papers = [p for s in SYNTHETIC.sessions for p in s.papers]
    assert 300 <= len(papers) <= 310
    authors = {a.name for p in papers for a in p.authors}
    assert len(authors) >= 1500
    assert any(fold(n) != n.lower() for n in authors)  # diacritics
    assert {SessionKind.PAPERS, SessionKind.POSTERS, SessionKind.BREAK} <= {
        s.kind for s in SYNTHETIC.sessions
    }


# --- ranking -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["hand", "asplos", "synthetic"])
def test_hel_offers_helix_among_paper_completions(
    name: str, request: pytest.FixtureRequest
) -> None:
    index: SearchIndex = request.getfixturevalue(name)
    assert HELIX_TITLE in labels(index.complete("hel", {EntryKind.PAPER}))
    assert labels(index.complete("helix", {EntryKind.PAPER}))[0] == HELIX_TITLE
    assert labels(index.search("helix"))[0] == HELIX_TITLE


@pytest.mark.parametrize("name", ["hand", "asplos", "synthetic"])
@pytest.mark.parametrize("query", ["bin cui", "Bin Cui", "BIN  CUI", "cui bin", "bin cuo"])
def test_bin_cui_first(name: str, query: str, request: pytest.FixtureRequest) -> None:
    index: SearchIndex = request.getfixturevalue(name)
    first = index.search(query)[0].entry
    assert (first.kind, first.label) == (EntryKind.PERSON, "Bin Cui")
    if query.lower().split() == ["bin", "cui"]:
        assert index.complete(query)[0].entry.label == "Bin Cui"
        assert index.complete(query)[0].score == 100.0


@pytest.mark.parametrize("name", ["hand", "asplos"])
@pytest.mark.parametrize(
    "query", ["jacob gorm hanson", "hanson jacob gorm", "Jacob Gorm Hansen", "gorm hansen"]
)
def test_jacob_gorm_hansen(name: str, query: str, request: pytest.FixtureRequest) -> None:
    index: SearchIndex = request.getfixturevalue(name)
    assert labels(index.search(query))[0] == "Jacob Gorm Hansen"
    assert "Jacob Gorm Hansen" in labels(index.search(query, {EntryKind.PERSON}, limit=3))


def test_jacob_gorm_hansen_among_thousands(synthetic: SearchIndex) -> None:
    for query in ("jacob gorm hanson", "hanson jacob gorm"):
        assert labels(synthetic.search(query))[0] == "Jacob Gorm Hansen"
    for typed in ("jacob g", "gorm han", "hansen jac"):
        assert "Jacob Gorm Hansen" in labels(synthetic.complete(typed, {EntryKind.PERSON}))


@pytest.mark.parametrize("name", ["hand", "asplos", "synthetic"])
def test_eth_finds_eth_zurich(name: str, request: pytest.FixtureRequest) -> None:
    index: SearchIndex = request.getfixturevalue(name)
    found = index.search("ETH")
    assert (found[0].entry.kind, found[0].entry.ref) == (EntryKind.AFFILIATION, "eth zurich")
    assert "eth zurich switzerland" in [h.entry.ref for h in found[:3]]
    completed = [h.entry.ref for h in index.complete("eth", {EntryKind.AFFILIATION})]
    assert completed[:2] == ["eth zurich", "eth zurich switzerland"]
    assert index.search("eth zürich")[0].entry.ref == "eth zurich"


def test_accents_and_hyphens_do_not_matter(hand: SearchIndex) -> None:
    for query in ("gomez luna", "Gómez-Luna", "juan gomez", "GOMEZ-LUNA JUAN"):
        assert labels(hand.search(query))[0] == "Juan Gómez-Luna"
    assert labels(hand.complete("gomez", {EntryKind.PERSON}))[0] == "Juan Gómez-Luna"


@pytest.mark.parametrize(
    ("name", "typed", "person"),
    [
        ("asplos", "mutlu o", "Onur Mutlu"),
        ("asplos", "gorm hans", "Jacob Gorm Hansen"),
        ("hand", "cui b", "Bin Cui"),
        ("hand", "hansen j", "Jacob Gorm Hansen"),
    ],
)
def test_complete_words_in_any_order(
    name: str, typed: str, person: str, request: pytest.FixtureRequest
) -> None:
    index: SearchIndex = request.getfixturevalue(name)
    hits = index.complete(typed)
    assert hits[0].entry.label == person
    assert 70.0 <= hits[0].score < 88.0


@pytest.mark.parametrize("word", ["gpu", "CXL", "serverless"])
def test_a_word_finds_the_titles_holding_it(asplos: SearchIndex, word: str) -> None:
    hits = asplos.search(word, limit=6)
    assert len(hits) == 6
    # Not "Pu (Luke) Yi" or "Junsu Im", which WRatio alone puts before most of them.
    assert all(fold(word) in fold(hit.entry.label) for hit in hits), hits


def test_complete_ranks_whole_label_prefixes_before_word_prefixes(hand: SearchIndex) -> None:
    hits = hand.complete("co")
    assert labels(hits)[:2] == ["Coffee break", "Coffee break"]
    # "co-locations" starts a later word only: after the labels that start with "co".
    later = labels(hits).index("Towards Interference-aware Application Co-locations")
    assert later >= 2
    assert hits[0].score > hits[later].score


def test_complete_exact_label_scores_100(hand: SearchIndex) -> None:
    hits = hand.complete("coffee break")
    assert [(h.entry.label, h.score) for h in hits[:2]] == [("Coffee break", 100.0)] * 2
    # Ties keep the default order: the earlier break first.
    assert [h.entry.detail for h in hits[:2]] == ["Tue 1 Apr 10:30", "Tue 1 Apr 15:30"]


def test_complete_tolerates_typos(synthetic: SearchIndex, asplos: SearchIndex) -> None:
    assert "Jacob Gorm Hansen" in labels(synthetic.complete("jacb gorm"))
    assert HELIX_TITLE in labels(asplos.complete("helx serv", {EntryKind.PAPER}))


def test_search_finds_misspelt_and_partial_titles(asplos: SearchIndex) -> None:
    assert labels(asplos.search("helix servng large languge models"))[0] == HELIX_TITLE
    assert HELIX_TITLE in labels(asplos.search("heterogeneous gpus max flow"))[:3]


SAMPLE = [e for n, e in enumerate(SYNTHETIC_INDEX.entries()) if n % 37 == 0]


@pytest.mark.parametrize("entry", SAMPLE, ids=lambda e: f"{e.kind}:{e.label[:30]}")
def test_an_exact_label_comes_first(entry: SearchEntry) -> None:
    index = SYNTHETIC_INDEX
    for hits in (index.search(entry.label), index.complete(entry.label)):
        assert fold(hits[0].entry.label) == fold(entry.label)
        assert hits[0].score == 100.0
    exact = index.search(entry.label, {entry.kind}, limit=50)
    assert entry in [h.entry for h in exact]


# --- limits, empty and odd queries ---------------------------------------------------------


@pytest.mark.parametrize("limit", [0, 1, 3, 10, 25, 100])
@pytest.mark.parametrize("query", ["", "a", "learning", "wang", "zzzz", "ETH Zurich"])
def test_never_more_than_limit(synthetic: SearchIndex, query: str, limit: int) -> None:
    assert len(synthetic.search(query, limit=limit)) <= limit
    assert len(synthetic.complete(query, limit=limit)) <= min(limit, AUTOCOMPLETE_MAX)


def test_complete_fills_up_to_the_limit(synthetic: SearchIndex) -> None:
    assert len(synthetic.complete("a")) == AUTOCOMPLETE_MAX
    assert len(synthetic.complete("", limit=7)) == 7
    assert len(synthetic.complete("learning", limit=100)) == AUTOCOMPLETE_MAX


@pytest.mark.parametrize("query", ["", "   ", "\t\n", "!!!", "—"])
def test_empty_query(hand: SearchIndex, query: str) -> None:
    assert hand.search(query) == []
    sessions = hand.complete(query, {EntryKind.SESSION}, limit=3)
    assert labels(sessions) == ["Keynote: Martin Maas", "Coffee break", "LLM Serving"]
    assert all(hit.score == 0.0 for hit in sessions)
    people = labels(hand.complete(query, {EntryKind.PERSON}))
    assert people == sorted(people, key=lambda name: (fold(name), name))
    # With no kinds given: sessions first, by time.
    assert hand.complete(query)[0].entry == hand.entries()[0]


@pytest.mark.parametrize(
    "query",
    [
        "x" * 10_000,
        "bin cui " * 500,
        HELIX_TITLE * 20,
        "ab" * (MAX_QUERY_CHARS + 1),
    ],
)
def test_huge_queries_are_cut_not_refused(synthetic: SearchIndex, query: str) -> None:
    assert len(synthetic.search(query)) <= 10
    assert len(synthetic.complete(query)) <= AUTOCOMPLETE_MAX
    if query.startswith(HELIX_TITLE):
        assert labels(synthetic.search(query))[0] == HELIX_TITLE


@pytest.mark.parametrize(
    "query",
    [
        "zzzzqqqxxjj",
        "\x00\x01",
        "🙂🙂🙂",
        "\ud800",
        "𝔅𝔦𝔫 ℭ𝔲𝔦",
        "%s%s%n",
        "' OR 1=1 --",
        "\U0010ffff",
    ],
)
def test_garbage_queries(synthetic: SearchIndex, query: str) -> None:
    for hits in (synthetic.search(query), synthetic.complete(query)):
        assert all(0.0 <= h.score <= 100.0 for h in hits)


@pytest.mark.parametrize(
    "kinds",
    [
        {EntryKind.SESSION},
        {EntryKind.PAPER},
        {EntryKind.PERSON},
        {EntryKind.AFFILIATION},
        {EntryKind.PERSON, EntryKind.AFFILIATION},
        [EntryKind.PAPER, EntryKind.SESSION],
    ],
)
@pytest.mark.parametrize("query", ["", "e", "eth", "learning", "wang", "session", "jacb"])
def test_kinds_filter(synthetic: SearchIndex, kinds: set[EntryKind], query: str) -> None:
    for hits in (synthetic.search(query, kinds, limit=30), synthetic.complete(query, kinds)):
        assert {h.entry.kind for h in hits} <= set(kinds)


def test_no_kinds_no_hits(hand: SearchIndex) -> None:
    assert hand.search("bin cui", ()) == []
    assert hand.complete("bin", ()) == []
    assert hand.complete("", ()) == []


def test_results_are_sorted_and_distinct(synthetic: SearchIndex) -> None:
    for query in ("learning", "wang", "oral session", "eth", "kernel methods", "zhang wei"):
        for hits in (synthetic.search(query, limit=50), synthetic.complete(query)):
            scores = [h.score for h in hits]
            assert scores == sorted(scores, reverse=True)
            assert len({h.entry for h in hits}) == len(hits)


def test_an_empty_program() -> None:
    index = SearchIndex.build(Program(Conference("Empty", "UTC")))
    assert len(index) == 0
    assert index.search("anything") == []
    assert index.complete("anything") == []
    assert index.complete("") == []


KINDS = st.none() | st.sets(st.sampled_from(ALL_KINDS))


@settings(max_examples=300, deadline=None)
@given(query=st.text(max_size=300), kinds=KINDS, limit=st.integers(-2, 60))
def test_never_raises(query: str, kinds: set[EntryKind] | None, limit: int) -> None:
    for hits, cap in (
        (SYNTHETIC_INDEX.search(query, kinds, limit), limit),
        (SYNTHETIC_INDEX.complete(query, kinds, limit), min(limit, AUTOCOMPLETE_MAX)),
    ):
        assert len(hits) <= max(0, cap)
        assert all(0.0 <= h.score <= 100.0 for h in hits)
        assert kinds is None or all(h.entry.kind in kinds for h in hits)


@settings(max_examples=100, deadline=None)
@given(query=st.text(alphabet=st.characters(categories=["L", "Zs", "P"]), max_size=40))
def test_prefixes_of_labels_never_raise(query: str) -> None:
    for n in range(len(query) + 1):
        SYNTHETIC_INDEX.complete(query[:n])
