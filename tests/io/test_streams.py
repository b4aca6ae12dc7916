"""A program that replaced the standard streams by text streams without a buffer (an
``io.StringIO``, a notebook's or a test runner's capture) reads records from the one and
gets the records written to the other, as from and to the process's streams."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

import notation
from notation.archive.convert import convert, convert_settings
from notation.archive.new import new, new_settings
from notation.record.writer import write_record

GAME = '[Event "Café «Ноябрь»"]\n[GameType "26"]\n\n1. 22-18 11-15 2. 18x11 *\n'


def test_standard_input_that_is_a_text_stream_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    # It failed from inside: the text stream has no buffer of bytes.
    monkeypatch.setattr(sys, "stdin", io.StringIO(GAME * 3))
    found = list(notation.read_games("-"))
    assert [(name, record.tag("Event"), record.index) for name, record in found] == [
        ("-", "Café «Ноябрь»", 1),
        ("-", "Café «Ноябрь»", 2),
        ("-", "Café «Ноябрь»", 3),
    ]
    # Decoded already: an encoding asked for does not decode it again.
    monkeypatch.setattr(sys, "stdin", io.StringIO(GAME))
    [(_, record)] = notation.read_games("-", encoding="cp1252")
    assert record.tag("Event") == "Café «Ноябрь»"


def test_standard_output_that_is_a_text_stream_gets_the_records(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    record = new(new_settings("brazilian"))
    assert out.getvalue() == write_record(record)
    source = tmp_path / "g.pdn"
    source.write_text(GAME, "utf-8")
    out.seek(0)
    out.truncate()
    convert([str(source)], convert_settings())
    assert out.getvalue() == GAME
