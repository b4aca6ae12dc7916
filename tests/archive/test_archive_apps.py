"""The application functions the writing commands call: a library user gets the command's
verdicts and bytes."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from notation.archive.convert import convert_files
from notation.archive.draw import NoPosition, drawing_at, record_at
from notation.archive.mend import fix_files
from notation.archive.new import new_record
from notation.archive.rewrite import Options
from notation.check.validator import validate_record
from notation.cli.main import app
from notation.diagnostics import Diagnostic
from notation.games.registry import get_game
from notation.io.files import Input, expand
from notation.read.sources import Found
from notation.record.writer import write_record

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
ENDGAMES = SAMPLES / "brazilian" / "endgames.pdn"
GAME = '[GameType "26"]\n\n1. 22-18 11-15 2. 22-17 18x11 *\n'
"""Ply 3 is illegal (square 22 is empty after 22-18)."""


def test_new_record_is_what_new_writes() -> None:
    record = new_record(get_game("brazilian"), day=datetime.date(2025, 1, 2))
    assert write_record(record) == (
        '[Event "?"]\n[Site "?"]\n[Date "2025.01.02"]\n[Round "?"]\n[White "?"]\n'
        '[Black "?"]\n[Result "*"]\n[GameType "26,W,8,8,N2,0"]\n\n*\n'
    )


def test_convert_files_writes_the_bytes_convert_writes(tmp_path: Path) -> None:
    said: list[str] = []
    out = tmp_path / "library.pdn"
    options = Options(output=out)
    status = convert_files(
        list(expand([str(ENDGAMES)])), options, said.append, notation="alphanumeric"
    )
    done = CliRunner().invoke(app, ["convert", str(ENDGAMES), "-n", "alphanumeric"])
    assert (status, done.exit_code) == (0, 0)
    assert out.read_text(encoding="utf-8") == done.stdout
    assert said == []


def test_fix_files_counts_each_game_as_it_is_written(tmp_path: Path) -> None:
    record = tmp_path / "one.pdn"
    record.write_text('[GameType "26"]\n\n1. 22-18 11-15 *\n', encoding="utf-8")
    counted: list[tuple[str, int, int, list[str], dict[str, Any]]] = []

    def count(found: Found, made: int, left: list[Diagnostic], extra: dict[str, Any]) -> None:
        counted.append((found.input.name, found.record.index, made, [d.code for d in left], extra))

    out = tmp_path / "fixed.pdn"
    status = fix_files(
        [Input(str(record), record)], ("plycount",), Options(output=out), count, print
    )
    assert status == 0
    assert counted == [(str(record), 1, 1, [], {})]
    assert '[PlyCount "2"]' in out.read_text(encoding="utf-8")


def test_drawing_at_says_why_there_is_no_position(tmp_path: Path) -> None:
    source = tmp_path / "one.pdn"
    source.write_text(GAME, encoding="utf-8")
    told: list[Diagnostic] = []
    record, name, status = record_at([Input(str(source), source)], 1, None, told.append)
    assert (name, status, told) == (str(source), 0, [])
    assert record is not None
    report = validate_record(record, path=name, trace=True)
    with pytest.raises(NoPosition) as illegal:
        drawing_at(record, report, None)
    assert (illegal.value.legal, illegal.value.why) == (2, "illegal")
    with pytest.raises(NoPosition) as past:
        drawing_at(record, report, 3)
    assert (past.value.legal, past.value.why) == (2, "past")
    drawn = drawing_at(record, report, 2)
    assert drawn.game.name == "brazilian"
    picture = drawn.game.render_text(drawn.position, drawn.last, drawn.notation) + "\n"
    done = CliRunner().invoke(app, ["render", str(source), "--ply", "2"])
    assert (done.exit_code, done.stdout) == (0, picture)
    start = drawing_at(record, report, 0)
    assert start.last is None
    assert start.position == drawn.game.start(record.tag_dict())
