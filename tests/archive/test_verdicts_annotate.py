"""annotate reports exactly what validate reports, from the same replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation.archive.annotate import annotate_record
from notation.check.validator import validate_record
from notation.games.base import Game
from notation.games.registry import get_game, resolve_game
from notation.record.reader import read_records, read_string

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
RECORDS = sorted(SAMPLES.glob("*/broken/*.pdn")) + sorted(SAMPLES.glob("*/*.pdn"))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_annotate_returns_the_validators_diagnostics(path: Path) -> None:
    name = str(path.relative_to(SAMPLES))
    for record, again in zip(
        read_records(path, path=name), read_records(path, path=name), strict=True
    ):
        game = resolve_game(record.tag_dict())
        if not isinstance(game, Game):
            continue
        expected = validate_record(record, path=name).diagnostics
        assert annotate_record(again, game, path=name) == expected


def test_the_brazilian_result_errors_are_reported_by_annotate() -> None:
    for sample, line, column, code, message in (
        (
            "wrong-result.pdn",
            14,
            36,
            "REC204",
            "the record says 0-2 but the rules decide 2-0 (Black has no legal move) (game 1)",
        ),
        (
            "result-tag-mismatch.pdn",
            14,
            31,
            "REC203",
            "the Result tag says 2-0 but the movetext ends with 0-2 (game 1)",
        ),
    ):
        path = SAMPLES / "brazilian" / "broken" / sample
        (record,) = read_records(path, path=sample)
        (problem,) = annotate_record(record, get_game("brazilian"), path=sample)
        assert (problem.code, problem.line, problem.column, problem.message) == (
            code,
            line,
            column,
            message,
        )


def test_an_invalid_setup_is_reported_as_validate_reports_it() -> None:
    (record,) = read_string('[GameType "26"]\n[FEN "W:W33:B1"]\n\n1. 22-18 *\n')
    (problem,) = annotate_record(record, get_game("brazilian"))
    assert problem.format() == (
        "-:2:1: error REC202 invalid setup: FEN 'W:W33:B1': there is no square 33"
    )
