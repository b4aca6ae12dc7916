"""A named input that yields no record is a PDN108 error, unless empty inputs are allowed."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation.check.validator import GameReport
from notation.diagnostics import Diagnostic
from notation.io.files import expand
from notation.read.sources import FileResult, Found, read_all
from notation.run.batch import validate_inputs

GAME = '[GameType "26"]\n1. 22-18 11-15 *\n'
EMPTY = "no record in {}: it holds no game (--allow-empty accepts it)"
NO_FILE = (
    "no record in {}: no record file in this folder (*.pdn, *.pgn, compressed or not) "
    "(--allow-empty accepts it)"
)


@pytest.fixture
def inputs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """An empty file, one of comments, one of blank lines (one longer than a game may be),
    a folder without records, an empty folder, and a file with one game, in that order."""
    monkeypatch.chdir(tmp_path)
    Path("empty.pdn").write_text("", encoding="utf-8")
    Path("notes.pdn").write_text("{ nothing yet }\n; not even this\n%escape\n", encoding="utf-8")
    Path("blank.pdn").write_text("\n  \n\t\n" + " " * 300_000 + "\n\n", encoding="utf-8")
    Path("texts").mkdir()
    Path("texts/readme.txt").write_text(GAME, encoding="utf-8")
    Path("nothing").mkdir()
    Path("one.pdn").write_text(GAME, encoding="utf-8")
    return ["empty.pdn", "notes.pdn", "blank.pdn", "texts", "nothing", "one.pdn"]


def _no_record(name: str, message: str) -> Diagnostic:
    return Diagnostic("PDN108", message.format(name), 1, 1, name)


EXPECTED = [
    _no_record("empty.pdn", EMPTY),
    FileResult("empty.pdn", "utf-8"),
    _no_record("notes.pdn", EMPTY),
    FileResult("notes.pdn", "utf-8"),
    _no_record("blank.pdn", EMPTY),
    FileResult("blank.pdn", "utf-8"),
    _no_record("texts", NO_FILE),
    _no_record("nothing", NO_FILE),
    "one.pdn",
    FileResult("one.pdn", "utf-8"),
]


def test_read_all_reports_each_input_without_a_record(inputs: list[str]) -> None:
    found = [f.input.name if isinstance(f, Found) else f for f in read_all(expand(inputs))]
    assert found == EXPECTED


def test_read_all_accepts_empty_inputs_when_allowed(inputs: list[str]) -> None:
    found = [
        f.input.name if isinstance(f, Found) else f
        for f in read_all(expand(inputs), allow_empty=True)
    ]
    assert found == [e for e in EXPECTED if not isinstance(e, Diagnostic)]


@pytest.mark.parametrize("jobs", [1, 2])
def test_validation_reports_inputs_without_a_record_serial_and_parallel(
    inputs: list[str], jobs: int
) -> None:
    found = [
        e.path if isinstance(e, GameReport) else e
        for e in validate_inputs(expand(inputs), jobs=jobs, piece_games=1)
    ]
    assert found == EXPECTED
    allowed = [
        e.path if isinstance(e, GameReport) else e
        for e in validate_inputs(expand(inputs), jobs=jobs, piece_games=1, allow_empty=True)
    ]
    assert allowed == [e for e in EXPECTED if not isinstance(e, Diagnostic)]
