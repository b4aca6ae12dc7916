"""Conformance with the PDN 3.0 standard's own test files (shared/corpora/pdn-standard)."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation.record.reader import read_records, read_string
from notation.record.writer import same_record, write_record

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpora" / "pdn-standard"
pytestmark = pytest.mark.skipif(
    not CORPUS.is_dir(), reason="the PDN standard corpus (shared/corpora) is not beside the project"
)


def files(kind: str) -> list[Path]:
    return sorted((CORPUS / kind).glob("*.pdn")) if CORPUS.is_dir() else []


def read(path: Path):
    return list(read_records(path, path=path.name))


@pytest.mark.parametrize("path", files("succeed"), ids=lambda p: p.name)
def test_succeed_files_read_without_diagnostics(path):
    records = read(path)
    assert records
    assert [d.format() for r in records for d in r.diagnostics] == []
    assert all(r.moves.plies or r.result or r.tags for r in records)


@pytest.mark.parametrize("path", files("succeed"), ids=lambda p: p.name)
def test_succeed_files_survive_write_and_read(path):
    for record in read(path):
        text = write_record(record)
        [again] = read_string(text)
        assert again.diagnostics == []
        assert same_record(again, record)
        assert write_record(again) == text


@pytest.mark.parametrize("path", files("fail"), ids=lambda p: p.name)
def test_fail_files_get_a_diagnostic(path):
    assert any(r.diagnostics for r in read(path))


EXPECTED_FAILURES = {
    "nested_comment.pdn": [
        "nested_comment.pdn:1:34: error PDN101 '{' inside a comment (comments do not nest)"
    ],
    "Cat.A1.pdn": ["Cat.A1.pdn:405:36: error PDN101 unexpected '.' in movetext"],
    "abatsiev.pdn": ["abatsiev.pdn:595:4: error PDN101 unexpected '-' in movetext"],
    "delfts.pdn": [
        "delfts.pdn:26:72: error PDN101 missing result: "
        "the game ends without a result before the next game's tags"
    ],
    "mrdrcd08.pdn": ["mrdrcd08.pdn:499:1: error PDN101 move number '1.' is not followed by a move"],
}


@pytest.mark.parametrize("name", sorted(EXPECTED_FAILURES))
def test_fail_files_exact_diagnostics(name):
    path = CORPUS / "fail" / name
    assert [d.format() for r in read(path) for d in r.diagnostics] == EXPECTED_FAILURES[name]


def test_sizes_of_known_files():
    assert len(read(CORPUS / "succeed" / "ussr1947.pdn")) == 153
    [record] = read(CORPUS / "succeed" / "movestrength.pdn")
    assert [(p.text, p.suffix) for p in record.moves.plies] == [
        ("32-28", "!?"),
        ("19-23", "(!?!!!)"),
        ("28x19", ""),
    ]
    [unicode] = read(CORPUS / "succeed" / "unicode.pdn")
    assert unicode.tag("Black") == "高文龙"
