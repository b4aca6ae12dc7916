"""``--jobs``: game numbers are placed from the diagnostic's structure, never found in text."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from notation.check.validator import GameReport
from notation.cli.main import app
from notation.io.files import expand
from notation.run.batch import validate_inputs

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
runner = CliRunner()

# Game 2's FEN holds "(game 1," itself: only the number after "(game " that the
# validator wrote may change when a worker's local game 1 becomes game 2.
QUOTING = (
    '[GameType "26"]\n\n1. 22-18 11-15 *\n\n'
    '[GameType "26"]\n[FEN "W:W(game 1,2:B3"]\n\n1. 22-18 *\n\n'
    '[GameType "26"]\n[Result "1-0"]\n\n1. 22-18 0-1\n'
)


def _messages(path: Path, jobs: int) -> list[str]:
    found = validate_inputs(expand([str(path)]), jobs=jobs, piece_games=1)
    return [d.format() for e in found if isinstance(e, GameReport) for d in e.diagnostics]


def test_a_record_quoting_game_text_keeps_it_with_jobs(tmp_path: Path) -> None:
    path = tmp_path / "quoting.pdn"
    path.write_text(QUOTING, encoding="utf-8")
    expected = [
        f"{path}:6:1: error REC202 invalid setup: FEN 'W:W(game 1,2:B3': '(game1' is not a square",
        f"{path}:13:10: error REC203 the Result tag says 1-0 but the movetext ends with 0-1 "
        "(game 3)",
    ]
    assert _messages(path, 1) == expected
    assert _messages(path, 2) == expected


def test_jobs_two_output_is_byte_identical_for_the_quoting_record(tmp_path: Path) -> None:
    path = tmp_path / "quoting.pdn"
    path.write_text('[GameType "26"]\n[FEN "W:W(game 1,2:B3"]\n\n1. 22-18 *\n\n' * 1200)
    serial = runner.invoke(app, ["validate", str(path)])
    parallel = runner.invoke(app, ["validate", "--jobs", "2", str(path)])
    assert serial.exit_code == parallel.exit_code == 1
    assert serial.stdout.count("FEN 'W:W(game 1,2:B3'") == 1200
    assert parallel.stdout.encode() == serial.stdout.encode()


def test_every_sample_gives_the_serial_diagnostics_in_pieces_of_one_game() -> None:
    for path in sorted(SAMPLES.rglob("*.pdn")):
        assert _messages(path, 2) == _messages(path, 1), path
