"""The dialects of real files: each read with its notice at its place, written canonically."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from notation.check.validator import validate_record
from notation.cli.main import app
from notation.record import read_string, write_record
from notation.record.grammar import parse_game

runner = CliRunner()


def notices(text: str) -> list[str]:
    """Every diagnostic of the records of ``text`` read as ``d.pdn``, formatted."""
    return [d.format() for r in read_string(text, "d.pdn") for d in r.diagnostics]


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("1:0", "1-0"),
        ("0:1", "0-1"),
        ("1/2:1/2", "1/2-1/2"),
        ("½-½", "1/2-1/2"),
        ("0.5-0.5", "1/2-1/2"),
        ("2:0", "2-0"),
        ("0:2", "0-2"),
        ("1:1", "1-1"),
    ],
)
def test_a_dialect_result_is_read_as_the_canonical_one_in_the_movetext_and_the_tag(
    written: str, canonical: str
) -> None:
    text = f'[Event "E"]\n[Result "{written}"]\n\n1. 22-18 11-15 {written}\n'
    (record,) = read_string(text, "d.pdn")
    assert record.result == canonical
    assert record.tag("Result") == canonical
    assert [d.format() for d in record.diagnostics] == [
        f"d.pdn:2:1: notice PDN111 the Result tag's {written} is read as {canonical}",
        f"d.pdn:4:16: notice PDN111 the result {written} is read as {canonical}",
    ]
    assert write_record(record) == (
        f'[Event "E"]\n[Result "{canonical}"]\n\n1. 22-18 11-15 {canonical}\n'
    )


def test_a_dialect_result_also_ends_a_game_the_next_game_follows() -> None:
    text = '[Event "A"]\n1. 22-18 1:0\n{after}\n[Event "B"]\n1. 22-18 ½-½\n'
    records = read_string(text, "d.pdn")
    assert [(r.tag("Event"), r.result) for r in records] == [("A", "1-0"), ("B", "1/2-1/2")]
    assert [c.text for c in records[0].trailing] == ["after"]


def test_a_result_dialect_glued_to_a_move_is_still_an_error() -> None:
    record = parse_game('[Event "E"]\n1. 22-18 ½-½x\n', path="d.pdn")
    assert [d.format() for d in record.diagnostics] == [
        "d.pdn:2:10: error PDN101 unexpected '½-½x' in movetext"
    ]
    assert record.result is None


def test_an_unquoted_tag_value_is_read_as_the_value_with_a_notice() -> None:
    text = '[Event Club_Cup]\n[Round 17] [White "A \\"B\\""]\n\n1. 22-18 *\n'
    (record,) = read_string(text, "d.pdn")
    assert [(t.name, t.value, t.pos) for t in record.tags] == [
        ("Event", "Club_Cup", (1, 1)),
        ("Round", "17", (2, 1)),
        ("White", 'A "B"', (2, 12)),
    ]
    assert [d.format() for d in record.diagnostics] == [
        "d.pdn:1:1: notice PDN112 the Event tag's value Club_Cup has no quotes: read as 'Club_Cup'",
        "d.pdn:2:1: notice PDN112 the Round tag's value 17 has no quotes: read as '17'",
    ]
    assert write_record(record) == (
        '[Event "Club_Cup"]\n[Round "17"]\n[White "A \\"B\\""]\n\n1. 22-18 *\n'
    )


@pytest.mark.parametrize(
    "line", ["[Event Club Cup]", '[Event "Cup]', "[Event Cup", "[Event Cup] junk"]
)
def test_a_tag_line_that_is_no_tag_pair_of_one_token_stays_an_error(line: str) -> None:
    (record,) = read_string(f"{line}\n\n1. 22-18 *\n", "d.pdn")
    assert [d.code for d in record.diagnostics] == ["PDN105"]
    assert record.tags == []


def test_a_fen_of_a_question_mark_is_no_setup() -> None:
    text = '[GameType "26"]\n[FEN "?"]\n[Result "*"]\n\n1. 22-18 *\n'
    (record,) = read_string(text, "d.pdn")
    assert [t.name for t in record.tags] == ["GameType", "Result"]
    assert [d.format() for d in record.diagnostics] == [
        'd.pdn:2:1: notice PDN113 FEN "?" gives no position: read as no setup (the standard start)'
    ]
    report = validate_record(record, path="d.pdn")
    assert (report.valid, report.plies) == (True, 1)
    assert write_record(record) == '[GameType "26"]\n[Result "*"]\n\n1. 22-18 *\n'


@pytest.mark.parametrize(
    ("fen", "counters", "left"),
    [
        ("W:W21-32:B1-12:H0:F1", ":H0:F1", "W:W21-32:B1-12"),
        ("B:W22,23:B9 : H12 : F30.", ":H12:F30", "B:W22,23:B9."),
        ("W:W21:B1:F7", ":F7", "W:W21:B1"),
    ],
)
def test_lidraughts_move_counters_are_dropped_from_a_fen(
    fen: str, counters: str, left: str
) -> None:
    (record,) = read_string(f'[GameType "26"]\n[FEN "{fen}"]\n\n*\n', "d.pdn")
    assert record.tag("FEN") == left
    assert [d.format() for d in record.diagnostics] == [
        f"d.pdn:2:1: notice PDN114 FEN {fen!r}: the move counters {counters!r} (lidraughts' "
        "halfmove clock and move number) are ignored"
    ]


def test_a_keny_fen_keeps_its_own_h_field() -> None:
    fen = "W:Wa3,c3:Bf6,h6:H3"
    (record,) = read_string(f'[Variant "keny"]\n[FEN "{fen}"]\n\n*\n', "d.pdn")
    assert (record.tag("FEN"), record.diagnostics) == (fen, [])


def test_a_record_read_with_dialects_validates_with_notices_only() -> None:
    text = (
        '[Event Cup]\n[GameType "26"]\n[FEN "W:W21-32:B1-12:H0:F1"]\n[Result "1:0"]\n\n'
        "1. 22-18 11-15 1:0\n"
    )
    (record,) = read_string(text, "d.pdn")
    report = validate_record(record, path="d.pdn")
    assert report.valid
    assert [d.code for d in report.diagnostics] == ["PDN112", "PDN114", "PDN111", "PDN111"]


def test_convert_writes_the_dialects_canonically(tmp_path: Path) -> None:
    path = tmp_path / "d.pdn"
    path.write_text(
        '[Event Cup]\n[GameType "26"]\n[FEN "?"]\n[Result "0.5-0.5"]\n\n1. 22-18 0.5-0.5\n',
        "utf-8",
    )
    result = runner.invoke(app, ["convert", str(path)])
    assert result.exit_code == 0
    assert result.stdout == (
        '[Event "Cup"]\n[GameType "26"]\n[Result "1/2-1/2"]\n\n1. 22-18 1/2-1/2\n'
    )
