"""Parallel runs over many small files: their pieces go to workers in batches, and the
report is the serial one, in the same order."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from notation.check.validator import GameReport
from notation.cli.main import app
from notation.io.files import expand
from notation.run import batch
from notation.run.batch import Piece, Verdict, validate_inputs, validate_pieces

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
runner = CliRunner()


class Counted:
    """A task's results, counting how often they are asked for (from a cluster, each time
    would fetch them again)."""

    def __init__(self, results: list[list[Verdict]]) -> None:
        self.results = results
        self.asked = 0

    def result(self) -> list[list[Verdict]]:
        self.asked += 1
        return self.results


class Recording:
    """An engine that validates each batch in this process, recording the batches."""

    width = 2

    def __init__(self) -> None:
        self.batches: list[list[Piece]] = []
        self.tasks: list[Counted] = []

    def submit(
        self, pieces: list[Piece], game: str | None, keys: bool, dialects: frozenset[str]
    ) -> Counted:
        self.batches.append(list(pieces))
        self.tasks.append(Counted(validate_pieces(pieces, game, keys, dialects)))
        return self.tasks[-1]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every sample game in a file of its own, with an empty file, a file of a comment, a
    JSON document and an unreadable one among them."""
    top = tmp_path_factory.mktemp("many")
    games = [
        "[" + game if at else game
        for path in sorted(SAMPLES.rglob("*.pdn"))
        for at, game in enumerate(path.read_text("utf-8").split("\n\n["))
    ]
    for index, text in enumerate(games):
        (top / f"g{index:04d}.pdn").write_text(text + "\n", encoding="utf-8")
    (top / "g0100-empty.pdn").write_text("")
    (top / "g0200-comment.pdn").write_text("{only a comment}\n")
    (top / "g0300-binary.pdn").write_bytes(bytes(100))
    (top / "g0400.json").write_text('{"records": []}')
    return top


def _events(paths: list[str], **options: object) -> list[object]:
    return [
        (e.path, e.index, e.line, e.column, e.game, e.plies, e.diagnostics)
        if isinstance(e, GameReport)
        else e
        for e in validate_inputs(expand(paths), **options)  # type: ignore[arg-type]
    ]


def test_small_files_go_to_workers_many_in_a_task_with_the_serial_results(folder: Path) -> None:
    serial = _events([str(folder)])
    files = len(list(folder.iterdir()))
    assert files > 300
    engine = Recording()
    found = validate_inputs(expand([str(folder)]), engine=engine)
    parallel = [
        (e.path, e.index, e.line, e.column, e.game, e.plies, e.diagnostics)
        if isinstance(e, GameReport)
        else e
        for e in found
    ]
    assert parallel == serial
    pieces = [piece for sent in engine.batches for piece in sent]
    # The empty file, the binary one and the JSON document send no piece.
    assert len(pieces) == files - 3
    assert len(engine.batches) < files / 20
    assert all(sum(len(p[2]) for p in sent[:-1]) < batch.BATCH_CHARS for sent in engine.batches)
    assert [task.asked for task in engine.tasks] == [1] * len(engine.tasks)


def test_a_piece_larger_than_a_batch_goes_alone(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "BATCH_CHARS", 1)
    engine = Recording()
    serial = _events([str(folder)])
    parallel = list(validate_inputs(expand([str(folder)]), engine=engine))
    assert len(parallel) == len(serial)
    assert {len(sent) for sent in engine.batches} == {1}


def test_jobs_over_many_small_files_give_the_serial_report_in_every_format(folder: Path) -> None:
    for format_ in ("text", "sarif"):
        args = ["validate", "--format", format_, str(folder)]
        serial = runner.invoke(app, args)
        parallel = runner.invoke(app, [*args, "--jobs", "2"])
        assert serial.exit_code == parallel.exit_code == 2
        assert (parallel.stdout, parallel.stderr) == (serial.stdout, serial.stderr)
        assert "cannot read" in serial.stdout
