"""`python -m bot train-parser`: rebuilds the line model, says where and from what; a missing
corpus is a message and exit 1, not a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from bot.exitcodes import EXIT_FAILURE, EXIT_OK

PROGRAM = (
    "Monday, March 3, 2025\n\n09:00-10:30 Session 1: Storage\nChair: Ann Lee\n"
    "A Fast Store\nAna Silva and Bo Li\nSlow Graphs, Fast Trees\nCarla Gomez\n"
    "10:30-11:00 Coffee Break\n"
)
TRUTH = {
    "sessions": [
        {
            "title": "Storage",
            "label": "Session 1",
            "chairs": ["Ann Lee"],
            "papers": [
                {"title": "A Fast Store", "authors": ["Ana Silva", "Bo Li"]},
                {"title": "Slow Graphs, Fast Trees", "authors": ["Carla Gomez"]},
            ],
        },
        {"title": "Coffee Break", "kind": "break"},
    ]
}


def small_corpus(folder: Path) -> Path:
    """A corpus of one made-up program, laid out as tests/data is."""
    for name in ("real", "found", "markdown"):
        (folder / name).mkdir(parents=True)
        listed = {"tiny.txt": {"timezone": "UTC", "year": 2025}} if name == "real" else {}
        (folder / name / "FILES.json").write_text(json.dumps(listed), encoding="utf-8")
    for name in ("real/tiny", "asplos-eurosys-2025", "asplos-2025-program-page-excerpt"):
        (folder / f"{name}.txt").write_text(PROGRAM, encoding="utf-8")
        (folder / f"{name}.truth.json").write_text(json.dumps(TRUTH), encoding="utf-8")
    return folder


def test_train_parser_writes_the_model_and_says_where_and_from_what(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus, output = small_corpus(tmp_path / "corpus"), tmp_path / "out" / "lines.crfsuite"
    code = main(["train-parser", "--corpus", str(corpus), "--output", str(output)])
    out, err = capsys.readouterr()
    assert code == EXIT_OK, err
    assert output.stat().st_size > 0
    assert f"wrote {output}" in out
    assert "3 documents, 24 lines" in out
    assert list(output.parent.iterdir()) == [output]  # no partial file left behind


def test_train_parser_without_a_corpus_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "lines.crfsuite"
    code = main(["train-parser", "--corpus", str(tmp_path / "none"), "--output", str(output)])
    _out, err = capsys.readouterr()
    assert code == EXIT_FAILURE
    assert f"no training corpus at {tmp_path / 'none'}" in err
    assert "Traceback" not in err
    assert not output.exists()


def test_train_parser_refuses_a_corpus_with_a_listed_file_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = small_corpus(tmp_path / "corpus")
    (corpus / "real" / "tiny.txt").unlink()
    code = main(["train-parser", "--corpus", str(corpus), "--output", str(tmp_path / "m")])
    assert code == EXIT_FAILURE
    assert "lacks real/tiny.txt" in capsys.readouterr().err
