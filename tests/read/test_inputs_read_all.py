"""``read_all``: every record of every input, PDN or the toolkit's JSON, in order."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from notation.diagnostics import Diagnostic
from notation.io.files import Input, Missing
from notation.read import sources
from notation.read.sources import FileResult, Found, read_all
from notation.record.jsonform import dumps
from notation.record.reader import read_string

GAMES = '[GameType "26"]\n1. 22-18 11-15 *\n\n[GameType "26"]\n1. 21-17 9-13 1-0\n'
COMMENTED = "{an archive of 2024}\n" + GAMES


def _stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


def _seen(found: list[object]) -> list[object]:
    """Each event, a record shown as (input name, encoding, first line, its first ply)."""
    return [
        (f.input.name, f.source.encoding, f.record.pos.line, f.record.moves.plies[0].text)
        if isinstance(f, Found)
        else f
        for f in found
    ]


def test_pdn_files_and_missing_names_in_order(tmp_path: Path) -> None:
    (tmp_path / "a.pdn").write_text(GAMES, encoding="utf-8")
    inputs = [Input("a.pdn", tmp_path / "a.pdn"), Missing("b.pdn", "no such file or directory")]
    assert _seen(list(read_all(inputs))) == [
        ("a.pdn", "utf-8", 1, "22-18"),
        ("a.pdn", "utf-8", 4, "21-17"),
        FileResult("a.pdn", "utf-8"),
        Diagnostic("PDN106", "cannot read b.pdn: no such file or directory", 1, 1, "b.pdn", None),
    ]


def test_a_json_file_and_a_json_document_on_stdin_are_read_as_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = dumps(read_string(GAMES, "orig.pdn"), indent=1)
    (tmp_path / "r.json").write_text(document, encoding="utf-8")
    _stdin(monkeypatch, document.encode())
    found = list(read_all([Input("r.json", tmp_path / "r.json"), Input("-", None)]))
    assert _seen(found) == [
        ("r.json", "utf-8", 1, "22-18"),
        ("r.json", "utf-8", 4, "21-17"),
        FileResult("r.json", "utf-8"),
        ("-", "utf-8", 1, "22-18"),
        ("-", "utf-8", 4, "21-17"),
        FileResult("-", "utf-8"),
    ]


def test_pdn_on_stdin_that_starts_with_a_comment_is_pdn_not_json(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _stdin(monkeypatch, COMMENTED.encode())
    found = list(read_all([Input("-", None)]))
    assert _seen(found) == [
        ("-", "utf-8", 1, "22-18"),
        ("-", "utf-8", 5, "21-17"),
        FileResult("-", "utf-8"),
    ]
    assert [c.text for c in found[0].record.moves.comments] == ["an archive of 2024"]


def test_a_json_file_that_is_not_a_record_document_is_pdn106(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text('{"format": "other"}', encoding="utf-8")
    assert list(read_all([Input("bad.json", tmp_path / "bad.json")])) == [
        Diagnostic(
            "PDN106",
            "cannot read bad.json: not a 'notation-record' document (format is 'other')",
            1,
            1,
            "bad.json",
        ),
        FileResult("bad.json", "utf-8"),
    ]


def test_a_json_document_past_the_limit_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sources, "JSON_LIMIT", 1000)
    document = dumps(read_string(GAMES * 20, "big.pdn"))
    assert len(document) > 1000
    (tmp_path / "big.json").write_text(document, encoding="utf-8")
    assert list(read_all([Input("big.json", tmp_path / "big.json")])) == [
        Diagnostic(
            "PDN106",
            "cannot read big.json: a JSON document of more than 1,000 characters "
            "(JSON is read whole, PDN as a stream)",
            1,
            1,
            "big.json",
        ),
        FileResult("big.json", "utf-8"),
    ]


def test_the_default_json_limit_is_256_mib() -> None:
    assert sources.JSON_LIMIT == 256 * 2**20


@pytest.mark.parametrize("keep_text", [False, True])
def test_keep_text_keeps_each_record_source_text(tmp_path: Path, keep_text: bool) -> None:
    (tmp_path / "a.pdn").write_text(GAMES, encoding="utf-8")
    found = read_all([Input("a.pdn", tmp_path / "a.pdn")], keep_text=keep_text)
    texts = [f.record.text for f in found if isinstance(f, Found)]
    if keep_text:
        assert texts == [
            '[GameType "26"]\n1. 22-18 11-15 *\n',
            '[GameType "26"]\n1. 21-17 9-13 1-0\n',
        ]
    else:
        assert texts == [None, None]
