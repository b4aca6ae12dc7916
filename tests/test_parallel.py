"""``--jobs``: results in the same order, with the same lines, numbers and messages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from notation.batch import GameResult, validate_inputs
from notation.sources import expand

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"
runner = CliRunner()


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every sample record, three times over, in one file: errors in many pieces."""
    files = sorted(SAMPLES.rglob("*.pdn"))
    path = tmp_path_factory.mktemp("archive") / "all.pdn"
    path.write_text("".join(f.read_text("utf-8") for f in files) * 3, encoding="utf-8")
    return path


def _events(paths: list[str], jobs: int, piece_games: int = 500) -> list[object]:
    found = validate_inputs(expand(paths), jobs=jobs, piece_games=piece_games)
    return [
        (e.path, e.index, e.line, e.column, e.game, e.plies, e.diagnostics)
        if isinstance(e, GameResult)
        else e
        for e in found
    ]


def test_pieces_of_one_game_give_the_serial_results(archive: Path) -> None:
    serial = _events([str(archive)], 1)
    assert sum(1 for e in serial if isinstance(e, tuple)) > 300
    messages = [d.message for e in serial if isinstance(e, tuple) for d in e[6]]
    assert any(re.search(r"\(game [1-9]\d\d, ply", m) for m in messages)
    assert _events([str(archive)], 2, piece_games=1) == serial


def test_jobs_over_files_give_the_serial_output_through_the_command(archive: Path) -> None:
    args = ["validate", "--format", "jsonl", str(SAMPLES), str(archive), "missing.pdn"]
    serial = runner.invoke(app, args)
    parallel = runner.invoke(app, [*args, "--jobs", "2"])
    assert serial.exit_code == parallel.exit_code == 2
    assert serial.stdout.count("\n") > 300
    assert (parallel.stdout, parallel.stderr) == (serial.stdout, serial.stderr)
