"""The worker processes of a parallel run end at once when the run is interrupted, and
no process of the program's own is ended with them; a worker killed ends the run with one
line, never a traceback or a silent death."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from notation.check.dialects import NO_DIALECTS
from notation.run.batch import Processes, WorkerLost

ROOT = Path(__file__).resolve().parents[2]

GAME = '[GameType "20"]\n1. 32-28 19-23 *\n'


def test_an_interrupted_run_ends_its_workers_and_no_other_child() -> None:
    other = multiprocessing.get_context("spawn").Process(target=time.sleep, args=(60,))
    other.start()
    try:
        with pytest.raises(KeyboardInterrupt), Processes(2) as processes:
            done = [processes.submit([("a.pdn", 1, GAME)], None, False, NO_DIALECTS)]
            done.append(processes.submit([("b.pdn", 1, GAME)], None, False, NO_DIALECTS))
            assert len(done[0].result()) == 1
            workers = [p for p in multiprocessing.active_children() if p is not other]
            raise KeyboardInterrupt
        assert len(workers) == 2
        assert [w.is_alive() for w in workers] == [False, False]
        assert other.is_alive()
    finally:
        other.terminate()
        other.join()


def _killed() -> None:
    """A task that ends its worker as the kernel's out-of-memory killer would."""
    os.kill(os.getpid(), signal.SIGKILL)


LOST = (
    "a worker process ended before its work was done (killed, or out of memory): "
    "the run is incomplete"
)


def test_a_worker_killed_is_a_worker_lost_for_its_result_and_every_task_after() -> None:
    with pytest.raises(WorkerLost) as lost, Processes(2, eager=True) as processes:
        pending = processes.call(_killed)
        try:
            pending.result()
        finally:
            with pytest.raises(WorkerLost):
                processes.call(time.sleep, 0)
    assert str(lost.value) == LOST


# The command, with every piece a batch of its own (so that a small file starts the pool),
# each task of its workers killing its worker when the last argument is "killed".
SCRIPT = """
import os, signal, sys
from notation.index import build
from notation.run import batch
from notation.cli.main import main
def killed(*_):
    os.kill(os.getpid(), signal.SIGKILL)
batch.BATCH_CHARS = 1
if sys.argv[-1] == "killed":
    batch.validate_pieces = build.entries_of_piece = killed
sys.argv = ["notation", *sys.argv[1:-1]]
main()
"""


@pytest.fixture
def pieces(tmp_path: Path) -> Path:
    """A file of more than two pieces of games (500 each), some with illegal moves."""
    games = "".join(
        path.read_text(encoding="utf-8") + "\n"
        for path in sorted((ROOT / "samples" / "brazilian").glob("**/*.pdn"))
    )
    path = tmp_path / "many.pdn"
    path.write_text(games * (1 + 1500 // games.count("[Event ")), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [["validate", "--no-cache"], ["index", "--db", "i.sqlite"]])
def test_a_worker_killed_ends_the_command_with_one_line_and_status_two(
    pieces: Path, command: list[str]
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, *command, "-j", "2", str(pieces), "killed"],
        capture_output=True,
        text=True,
        cwd=pieces.parent,
        timeout=120,
    )
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"notation: {LOST}\n")


def test_a_reader_gone_ends_a_parallel_run_quietly_as_its_signal_does(pieces: Path) -> None:
    run = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, "validate", "--no-cache", "-j", "2", str(pieces), "-"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert run.stdout is not None and run.stderr is not None
    assert run.stdout.readline().startswith(str(pieces).encode())
    run.stdout.close()
    assert run.wait(timeout=120) == -signal.SIGPIPE
    assert run.stderr.read() == b""
    left = _running(str(pieces))
    for _ in range(50):
        if not left:
            break
        time.sleep(0.1)
        left = _running(str(pieces))
    assert left == []


def _running(argument: str) -> list[int]:
    """The processes whose command line holds ``argument``."""
    found = []
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as file:
                words = file.read().split(b"\0")
        except OSError:
            continue
        if argument.encode() in words:
            found.append(int(entry))
    return found
