"""``--jobs``: results in the same order, with the same lines, numbers and messages."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from notation.check.validator import GameReport
from notation.cli.main import app
from notation.io.files import expand
from notation.read.sources import FileResult
from notation.record.jsonform import dumps
from notation.record.reader import read_records
from notation.run.batch import usable_cpus, validate_inputs

ROOT = Path(__file__).resolve().parents[2]
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


@pytest.mark.parametrize("given", ["-1", "1025", "99999999999999999999999"])
def test_an_absurd_number_of_jobs_is_a_usage_error(given: str) -> None:
    done = runner.invoke(app, ["validate", "--no-cache", "--jobs", given, str(SAMPLES)])
    assert done.exit_code == 2
    said = " ".join(done.stderr.replace("│", " ").split())
    assert f"Invalid value for --jobs: {given} is not a number of processes from 0 to 1024" in said
    assert done.stdout == ""


def test_jobs_start_no_more_processes_than_the_run_has_tasks(archive: Path) -> None:
    one = str(SAMPLES / "brazilian" / "broken" / "majority-ignored.pdn")
    started: list[int] = []
    found = list(validate_inputs(expand([one]), jobs=48, started=started.append))
    assert started == [1]
    assert [e.index for e in found if isinstance(e, GameReport)] == [1]
    started.clear()
    list(validate_inputs(expand([str(archive)]), jobs=3, piece_games=1, started=started.append))
    assert started == [3]


@pytest.mark.skipif(usable_cpus() < 2, reason="the notice names 2 CPUs or more")
def test_more_jobs_than_cpus_get_one_notice_saying_what_was_used() -> None:
    one = str(SAMPLES / "brazilian" / "broken" / "majority-ignored.pdn")
    asked = usable_cpus() + 1
    done = runner.invoke(app, ["validate", "--no-cache", "--jobs", str(asked), one])
    serial = runner.invoke(app, ["validate", "--no-cache", one])
    assert done.exit_code == serial.exit_code == 1
    assert done.stdout == serial.stdout
    notice = (
        f"notation: {asked} processes asked for: 1 process used "
        f"({usable_cpus()} CPUs, 1 task of work)"
    )
    assert done.stderr.splitlines() == [notice, *serial.stderr.splitlines()]


def _children(pid: int) -> list[int]:
    tasks = Path(f"/proc/{pid}/task")
    return [int(c) for t in tasks.iterdir() for c in (t / "children").read_text().split()]


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux's /proc")
@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT"])
def test_a_signal_ends_a_parallel_run_and_its_workers_at_once(tmp_path: Path, name: str) -> None:
    files = sorted((SAMPLES / "brazilian").rglob("*.pdn"))
    big = tmp_path / "big.pdn"
    big.write_text("".join(f.read_text("utf-8") for f in files) * 300, encoding="utf-8")
    command = [
        sys.executable,
        "-m",
        "notation.cli",
        "validate",
        "--no-cache",
        "--jobs",
        "2",
        str(big),
    ]
    run = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        workers: list[int] = []
        while len(workers) < 2 and time.monotonic() < deadline and run.poll() is None:
            time.sleep(0.05)
            workers = _children(run.pid)
        assert len(workers) == 2, "the run did not start its two workers"
        time.sleep(0.5)
        number = getattr(signal, name)
        run.send_signal(number)
        sent = time.monotonic()
        status = run.wait(timeout=5)
        assert time.monotonic() - sent < 2
        assert status == 128 + number
        time.sleep(0.2)
        assert [w for w in workers if _alive(w)] == []
        assert run.stderr is not None
        assert "Traceback" not in run.stderr.read().decode()
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()


def test_a_run_of_one_batch_is_validated_in_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    # One task keeps one worker busy at most: starting a pool for it only costs.
    import concurrent.futures

    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("a pool of worker processes was started")

    one = str(SAMPLES / "brazilian" / "broken" / "majority-ignored.pdn")
    serial = _events([one], 1)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_pool)
    assert _events([one], 2) == serial
