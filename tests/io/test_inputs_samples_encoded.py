"""Every sample re-encoded to cp1251 and to latin-1 reads as its UTF-8 original."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from notation.check.validator import validate_record
from notation.diagnostics import ENCODING_GUESSED, Diagnostic
from notation.io.files import Input
from notation.read.sources import FileResult, Found, read_all

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "samples").rglob("*.pdn"))
LEGACY = ("cp1251", "latin-1")


def _cases() -> list[object]:
    """One case per sample and legacy encoding; a text the encoding cannot hold is a case
    that checks it cannot, named so."""
    cases = []
    for path in SAMPLES:
        name = path.relative_to(ROOT / "samples").as_posix()
        text = path.read_text("utf-8")
        for encoding in LEGACY:
            try:
                text.encode(encoding)
            except UnicodeEncodeError as error:
                reason = f"cannot-encode-U+{ord(error.object[error.start]):04X}"
                cases.append(pytest.param(path, encoding, False, id=f"{name}-{encoding}-{reason}"))
            else:
                cases.append(pytest.param(path, encoding, True, id=f"{name}-{encoding}"))
    return cases


def _reading(path: Path, encoding: str | None = None) -> tuple[list[object], set[str]]:
    """What the toolkit reads from ``path`` (in ``encoding``, or the one it finds): each
    record's tags, moves and verdicts, and the encodings it used (the encoding-guess notice
    left out)."""
    found: list[object] = []
    encodings: set[str] = set()
    for item in read_all([Input("sample.pdn", path)], encoding):
        if isinstance(item, Found):
            report = validate_record(item.record, path="sample.pdn")
            found.append(
                (
                    item.record.tag_dict(),
                    list(item.record.moves.move_texts()),
                    [(d.code, d.line, d.column, d.message) for d in report.diagnostics],
                )
            )
        elif isinstance(item, Diagnostic):
            if item.code != ENCODING_GUESSED:
                found.append((item.code, item.line, item.column, item.message))
        elif isinstance(item, FileResult) and item.encoding is not None:
            encodings.add(codecs.lookup(item.encoding).name)
    return found, encodings


@pytest.mark.parametrize(("sample", "encoding", "encodable"), _cases())
def test_every_sample_reads_alike_in_a_legacy_encoding(
    tmp_path: Path, sample: Path, encoding: str, encodable: bool
) -> None:
    text = sample.read_text("utf-8")
    if not encodable:
        with pytest.raises(UnicodeEncodeError):
            text.encode(encoding)
        return
    copy = tmp_path / sample.name
    copy.write_bytes(text.encode(encoding))
    original, _ = _reading(sample)
    legacy, used = _reading(copy)
    assert legacy == original
    named = codecs.lookup(encoding).name
    assert used == ({"utf-8"} if text.isascii() else {named})
    assert _reading(copy, encoding) == (original, {named})
