"""``--jobs``: results in the same order, with the same lines, numbers and messages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from notation.check.batch import validate_inputs
from notation.check.validator import GameReport
from notation.io.inputs import FileResult, expand
from notation.record.jsonform import dumps
from notation.record.reader import read_records

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
        if isinstance(e, GameReport)
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


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_json_record_document_is_validated_as_the_pdn_it_holds(
    archive: Path, tmp_path: Path, jobs: int
) -> None:
    broken = SAMPLES / "brazilian" / "broken"
    pdn = [str(p) for p in sorted(broken.glob("*.pdn"))]
    document = tmp_path / "broken.json"
    records = [r for name in pdn for r in read_records(Path(name), path="broken.json")]
    document.write_text(dumps(records), encoding="utf-8")
    from_json = _events([str(document)], jobs, piece_games=1)
    games = [e for e in from_json if isinstance(e, tuple)]
    expected = [("broken.json", *e[1:]) for e in _events(pdn, 1) if isinstance(e, tuple)]
    assert [g[2:6] for g in games] == [e[2:6] for e in expected]
    assert [d.code for g in games for d in g[6]] == [d.code for e in expected for d in e[6]]
    assert from_json[-1] == FileResult(str(document), "utf-8")
