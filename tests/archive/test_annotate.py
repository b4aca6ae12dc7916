"""notation annotate: the tags, comments and results it adds, idempotence, atomic writes."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

import notation.archive.rewrite
from notation.archive.annotate import annotate_record
from notation.cli.commands.annotate import annotate
from notation.games.registry import get_game
from notation.record import read_string, write_record

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = ROOT / "tests" / "expected"

app = typer.Typer()
app.command()(annotate)
app.command("other")(lambda: None)  # two commands, so that "annotate" is named as in the CLI
runner = CliRunner()


@pytest.fixture(autouse=True)
def _at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def run(*args: str, stdin: str | None = None):
    return runner.invoke(app, ["annotate", *args], input=stdin)


CASES = [
    ("samples/brazilian/endgames.pdn", (), "annotate-brazilian-endgames.pdn", 0),
    (
        "samples/brazilian/broken/majority-ignored.pdn",
        ("--comments", "position", "--keep-broken"),
        "annotate-brazilian-majority-ignored-position.pdn",
        1,
    ),
    (
        "samples/knight-fight/online-numbers.pdn",
        ("--comments", "scores"),
        "annotate-knight-fight-online-numbers-scores.pdn",
        0,
    ),
    ("samples/kavaleria/broken/result-missing.pdn", (), "annotate-kavaleria-result-missing.pdn", 0),
]


@pytest.mark.parametrize(("sample", "options", "expected", "status"), CASES)
def test_annotate_matches_the_expected_file(
    sample: str, options: tuple[str, ...], expected: str, status: int
) -> None:
    result = run(sample, *options)
    assert result.exit_code == status
    assert result.stdout == (EXPECTED / expected).read_text("utf-8")


@pytest.mark.parametrize(("sample", "options", "expected", "status"), CASES)
def test_annotating_an_annotated_record_changes_nothing(
    sample: str, options: tuple[str, ...], expected: str, status: int
) -> None:
    result = run(str(EXPECTED / expected), *options)
    assert result.exit_code == status
    assert result.stdout == (EXPECTED / expected).read_text("utf-8")


def test_the_first_illegal_move_is_reported_and_commented_after_the_ply_before() -> None:
    result = run("samples/brazilian/broken/majority-ignored.pdn", "--keep-broken")
    assert result.exit_code == 1
    assert result.stderr == (
        "samples/brazilian/broken/majority-ignored.pdn:12:20: error BR205 illegal move 17x10 "
        "(game 1, ply 25): a capture of 2 pieces is available; 17x10 takes 1; legal: 23x7\n"
    )
    assert result.stdout.endswith(
        "12. 19x3 16-19\n{BR205 illegal move 17x10 (ply 25): a capture of 2 pieces is "
        "available; 17x10 takes 1; legal: 23x7}\n13. 17x10 *\n"
    )
    assert '[PlyCount "25"]' in result.stdout
    assert "FinalFEN" not in result.stdout


def test_an_illegal_first_ply_gets_a_leading_comment_and_variations_are_checked() -> None:
    text = (
        '[GameType "26"]\n\n1. 22-19 11-15 *\n\n'
        '[GameType "26"]\n\n1. 22-18 ( 1. 22-17 12-13 ) 11-15 *\n'
    )
    first, second = read_string(text)
    game = get_game("brazilian")
    assert [d.format() for d in annotate_record(first, game)] == [
        "-:3:4: error BR203 illegal move 22-19 (game 1, ply 1): a man on 22 cannot move to 19; "
        "legal: 21-17, 22-17, 22-18, 23-18, 23-19, 24-19, 24-20"
    ]
    assert [d.format() for d in annotate_record(second, game)] == [
        "-:7:21: error BR203 illegal move 12-13 (game 2, ply 2, in a variation): a man on 12 "
        "cannot move to 13; legal: 9-13, 9-14, 10-14, 10-15, 11-15, 11-16, 12-16"
    ]
    assert write_record(first) == (
        '[GameType "26"]\n[PlyCount "2"]\n\n'
        "{BR203 illegal move 22-19 (ply 1): a man on 22 cannot move to 19; legal: 21-17, "
        "22-17, 22-18, 23-18, 23-19, 24-19, 24-20}\n1. 22-19 11-15 *\n"
    )
    assert write_record(second) == (
        '[GameType "26"]\n[PlyCount "2"]\n'
        '[FinalFEN "W:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"]\n\n'
        "1. 22-18 ( 1. 22-17\n{BR203 illegal move 12-13 (ply 2, in a variation): a man on 12 "
        "cannot move to 13; legal: 9-13, 9-14, 10-14, 10-15, 11-15, 11-16, 12-16}\n"
        "12-13 ) 11-15 *\n"
    )


def test_position_comments_and_final_fen_follow_the_records_notation() -> None:
    (record,) = read_string('[GameType "26,W,8,8,A0,0"]\n\n1. c3-d4 *\n')
    assert annotate_record(record, get_game("brazilian"), comments="position") == []
    assert write_record(record) == (
        '[GameType "26,W,8,8,A0,0"]\n[PlyCount "1"]\n'
        '[FinalFEN "B:Wd4,a3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6"]'
        "\n\n1. c3-d4\n"
        "{[%fen B:Wd4,a3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6]}\n*\n"
    )


def test_scores_for_a_game_without_scores_is_a_usage_error() -> None:
    result = run("samples/brazilian/endgames.pdn", "--comments", "scores")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        "notation: samples/brazilian/endgames.pdn: game 1: Brazilian draughts keeps no score: "
        "there are no scores to comment\n"
    )


def test_usage_errors_exit_two() -> None:
    both = run("samples/brazilian/endgames.pdn", "-o", "x.pdn", "--in-place")
    assert both.exit_code == 2
    assert "give either --output or --in-place" in both.stderr
    stdin = run("-", "--in-place", stdin="")
    assert stdin.exit_code == 2
    assert "standard input cannot be rewritten" in stdin.stderr
    clock = run("samples/brazilian/endgames.pdn", "--comments", "clock")
    assert clock.exit_code == 2
    assert "Invalid value for --comments: position or scores expected" in clock.stderr
    missing = run("no-such-file.pdn")
    assert missing.exit_code == 2
    assert missing.stderr == (
        "no-such-file.pdn:1:1: error PDN106 cannot read no-such-file.pdn: "
        "no such file or directory\n"
    )


def test_standard_input_is_annotated_to_standard_output() -> None:
    result = run("-", stdin='[Variant "keny"]\n\n1. a2-a4 *\n')
    assert result.exit_code == 0
    assert result.stdout == (
        '[Variant "keny"]\n[PlyCount "1"]\n[FinalFEN "B:Wb2-h2,a3-h3,a4:Ba6-h7:H1"]\n\n1. a2-a4 *\n'
    )


def test_a_knight_fight_record_at_its_start_gets_its_final_fen_too() -> None:
    # Knight Fight sets its start up by the Layout tag alone: the start's FEN was dropped.
    from notation.games.knight_fight import random_layout

    head = f'[Variant "knight-fight"]\n[Layout "{random_layout(1)}"]\n'
    result = run("-", stdin=f"{head}\n*\n")
    assert result.exit_code == 0
    assert result.stdout == f'{head}[PlyCount "0"]\n[FinalFEN "W:W-:B-:S0,0:X"]\n\n*\n'


SEPARATORS = '[Event "x"]\n\n1. 32x28 19-23 2. 28-19 14x23 (2... 13-24 3. 33x29) *\n'
"""An international record whose every move but two is written with the other separator
(PDN116), in the main line and in a variation."""


def test_moves_read_by_a_dialect_are_written_as_the_game_writes_them() -> None:
    result = run("-", stdin=SEPARATORS)
    assert result.exit_code == 0
    assert result.stdout == (
        '[Event "x"]\n[PlyCount "4"]\n[FinalFEN "W:W31,33,34,35,36,37,38,39,40,41,42,43,44,45,'
        '46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,17,18,20,23"]\n\n'
        "1. 32-28 19-23 2. 28x19 14x23 ( 2... 13x24 3. 33-29 ) *\n"
    )
    assert result.stderr == (
        "-:3:4: notice PDN116 32x28 is written with the other separator: read as 32-28, the "
        "one legal move with its squares (game 1, ply 1)\n"
        "-:3:19: notice PDN116 28-19 is written with the other separator: read as 28x19, the "
        "one legal move with its squares (game 1, ply 3)\n"
        "-:3:37: notice PDN116 13-24 is written with the other separator: read as 13x24, the "
        "one legal move with its squares (game 1, ply 4, in a variation)\n"
        "-:3:46: notice PDN116 33x29 is written with the other separator: read as 33-29, the "
        "one legal move with its squares (game 1, ply 5, in a variation)\n"
    )
    again = run("-", stdin=result.stdout)
    assert (again.exit_code, again.stdout, again.stderr) == (0, result.stdout, "")


def test_in_place_rewrites_the_file_keeping_everything(tmp_path: Path) -> None:
    target = tmp_path / "games.pdn"
    target.write_text((ROOT / "samples/knight-fight/online-numbers.pdn").read_text("utf-8"))
    target.chmod(0o640)
    result = run(str(target), "--in-place", "--comments", "scores")
    assert result.exit_code == 0
    assert result.stdout == ""
    expected = EXPECTED / "annotate-knight-fight-online-numbers-scores.pdn"
    assert target.read_text("utf-8") == expected.read_text("utf-8")
    assert target.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["games.pdn"]


def test_in_place_keeps_a_legacy_encoding_and_a_bom(tmp_path: Path) -> None:
    cyrillic = tmp_path / "cp1251.pdn"
    cyrillic.write_bytes('[Event "Кубок"]\n[Variant "keny"]\n\n1. a2-a4 *\n'.encode("cp1251"))
    result = run(str(cyrillic), "--in-place")
    assert result.exit_code == 0
    assert cyrillic.read_bytes().decode("cp1251").startswith('[Event "Кубок"]\n[Variant "keny"]')
    bom = tmp_path / "bom.pdn"
    bom.write_bytes(b'\xef\xbb\xbf[Variant "keny"]\n\n1. a2-a4 *\n')
    assert run(str(bom), "--in-place").exit_code == 0
    assert bom.read_bytes().startswith(b'\xef\xbb\xbf[Variant "keny"]\n[PlyCount "1"]\n')


def test_an_error_while_writing_in_place_leaves_the_file_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "games.pdn"
    original = (ROOT / "samples/brazilian/endgames.pdn").read_bytes()
    target.write_bytes(original)
    written: list[str] = []

    def failing(record):  # the second record cannot be written
        if written:
            raise RuntimeError("disk on fire")
        written.append(write_record(record))
        return written[-1]

    monkeypatch.setattr(notation.archive.rewrite, "write_record", failing)
    result = run(str(target), "--in-place")
    assert isinstance(result.exception, RuntimeError)
    assert target.read_bytes() == original
    assert [p.name for p in tmp_path.iterdir()] == ["games.pdn"]


def test_a_record_with_a_syntax_error_is_not_rewritten_in_place(tmp_path: Path) -> None:
    target = tmp_path / "broken.pdn"
    original = (ROOT / "samples/brazilian/broken/syntax-error.pdn").read_bytes()
    target.write_bytes(original)
    result = run(str(target), "--in-place")
    assert (result.exit_code, result.stderr) == (1, "")
    assert result.stdout.splitlines()[-1] == (
        f"{target}: not rewritten: 1 game could not be written whole (--keep-broken writes "
        "them with their text kept in comments)"
    )
    assert target.read_bytes() == original
    assert [p.name for p in tmp_path.iterdir()] == ["broken.pdn"]


def test_output_file_is_written_whole(tmp_path: Path) -> None:
    out = tmp_path / "out.pdn"
    result = run("samples/brazilian/endgames.pdn", "-o", str(out))
    assert result.exit_code == 0
    expected = EXPECTED / "annotate-brazilian-endgames.pdn"
    assert out.read_text("utf-8") == expected.read_text("utf-8")
