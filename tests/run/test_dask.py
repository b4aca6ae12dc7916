"""``validate --scheduler``: the run on a real Dask cluster (a ``dask scheduler`` and two
``dask worker`` processes on 127.0.0.1) gives the ``--jobs 1`` report, byte for byte; a
worker killed mid-run loses nothing; a missing cluster or a missing Dask is a plain error.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest
from daskkit import Cluster, cluster, free_port
from typer.testing import CliRunner

from notation.cli.main import app
from notation.run.names import FORMATS
from notation.run.settings import SettingsError, settings_from

distributed = pytest.importorskip("distributed", reason="Dask is the notation[dask] extra")

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
runner = CliRunner()


@pytest.fixture(scope="module")
def two_workers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with cluster(tmp_path_factory.mktemp("dask")) as running:
        yield running


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """A sample folder and a file of 598 games (in two pieces)."""
    folder = tmp_path_factory.mktemp("inputs")
    club = (SAMPLES / "brazilian" / "club-championship-2025.pdn").read_text("utf-8")
    (folder / "big.pdn").write_text(club * 46, encoding="utf-8")
    return [str(SAMPLES / "english"), str(folder / "big.pdn")]


@pytest.mark.parametrize("format_", FORMATS)
def test_a_cluster_run_gives_the_serial_report_in_every_format(
    two_workers: Cluster, inputs: list[str], format_: str
) -> None:
    args = ["validate", "--format", format_, inputs[0]]
    serial = runner.invoke(app, args)
    on_cluster = runner.invoke(app, [*args, "--scheduler", two_workers.address])
    assert serial.exit_code == on_cluster.exit_code == 1
    assert len(serial.stdout) > 1000
    assert (on_cluster.stdout, on_cluster.stderr) == (serial.stdout, serial.stderr)


def test_the_pieces_of_a_big_file_and_small_files_go_to_both_workers(
    two_workers: Cluster, inputs: list[str]
) -> None:
    args = ["validate", "--format", "jsonl", *inputs]
    serial = runner.invoke(app, args)
    with (
        distributed.Client(two_workers.address, set_as_default=False) as client,
        distributed.get_task_stream(client) as stream,
    ):
        on_cluster = runner.invoke(app, [*args, "--scheduler", two_workers.address])
    assert serial.exit_code == on_cluster.exit_code == 1
    assert (on_cluster.stdout, on_cluster.stderr) == (serial.stdout, serial.stderr)
    assert len(stream.data) >= 2
    assert len({task["worker"] for task in stream.data}) == 2


def test_no_scheduler_at_the_address_is_a_plain_error_within_the_timeout() -> None:
    address = f"tcp://127.0.0.1:{free_port()}"
    began = time.monotonic()
    done = runner.invoke(
        app, ["validate", str(SAMPLES), "--scheduler", address, "--scheduler-timeout", "1"]
    )
    assert time.monotonic() - began < 6
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr == f"notation: no Dask scheduler answered at {address} within 1 s\n"


@contextlib.contextmanager
def hostile(answer: bytes | None) -> Iterator[str]:
    """The address of a server on 127.0.0.1 that is no Dask scheduler: it accepts and,
    once it has read what the client sends, answers ``answer`` (``None``: nothing ever)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    held: list[socket.socket] = []

    def serve() -> None:
        with contextlib.suppress(OSError):
            while True:
                connection, _ = server.accept()
                held.append(connection)
                if answer is not None:
                    connection.recv(1 << 16)
                    connection.sendall(answer)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        server.close()
        for connection in held:
            connection.close()


HTTP = b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        (None, "no Dask scheduler answered at {} within 1 s"),
        (HTTP, "the server at {} is not a Dask scheduler: it does not answer as one"),
    ],
    ids=["silent", "http"],
)
def test_a_server_that_is_no_scheduler_is_a_plain_error_within_the_timeout(
    answer: bytes | None, said: str
) -> None:
    with hostile(answer) as address:
        began = time.monotonic()
        done = runner.invoke(
            app, ["validate", str(SAMPLES), "--scheduler", address, "--scheduler-timeout", "1"]
        )
        assert time.monotonic() - began < 3
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr == f"notation: {said.format(address)}\n"


def test_a_scheduler_without_workers_is_a_plain_error_within_the_timeout(tmp_path: Path) -> None:
    with cluster(tmp_path, workers=0) as alone:
        began = time.monotonic()
        done = runner.invoke(
            app,
            ["validate", str(SAMPLES), "--scheduler", alone.address, "--scheduler-timeout", "1"],
        )
        assert time.monotonic() - began < 6
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr == (
        f"notation: the Dask scheduler at {alone.address} has no worker: none joined within 1 s\n"
    )


def test_workers_with_another_version_of_notation_are_refused(
    two_workers: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The workers' version is read there; only this process's is changed.
    monkeypatch.setattr("notation.run.distributed.installed", lambda: "9.9")
    done = runner.invoke(app, ["validate", str(SAMPLES), "--scheduler", two_workers.address])
    assert (done.exit_code, done.stdout) == (2, "")
    version = metadata.version("notation")
    assert done.stderr == (
        f"notation: the Dask workers at {two_workers.address} have notation {version}, "
        "this machine 9.9: install the same version on both\n"
    )


def test_an_address_that_is_none_is_a_usage_error() -> None:
    done = runner.invoke(app, ["validate", str(SAMPLES), "--scheduler", "127.0.0.1"])
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr.splitlines()[-1] == (
        "Error: Invalid value for --scheduler: '127.0.0.1' is not a scheduler address "
        "(tcp://host:port, as `dask scheduler` prints it, or local)"
    )


def test_without_dask_the_option_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # As if the extra were not installed: importing distributed fails.
    monkeypatch.setitem(sys.modules, "distributed", None)
    done = runner.invoke(app, ["validate", str(SAMPLES), "--scheduler", "local"])
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr.splitlines()[-1] == (
        "Error: Invalid value for --scheduler: a Dask cluster needs Dask, which is not "
        "installed: pip install 'notation[dask]'"
    )
    # The library refuses it when the settings are made, naming its parameter.
    with pytest.raises(SettingsError) as refused:
        settings_from(scheduler="tcp://127.0.0.1:8786")
    assert str(refused.value) == (
        "scheduler: a Dask cluster needs Dask, which is not installed: pip install 'notation[dask]'"
    )


def test_a_run_without_the_option_does_not_import_dask() -> None:
    code = (
        "import sys\n"
        "from notation.cli.main import app\n"
        "try:\n"
        f"    app(['validate', '--jobs', '2', {str(SAMPLES / 'english')!r}])\n"
        "except SystemExit as done:\n"
        "    print(done.code, sorted(m for m in ('dask', 'distributed') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.splitlines()[-1] == "1 []"


def test_a_local_cluster_gives_the_serial_report(inputs: list[str]) -> None:
    args = ["validate", "--format", "jsonl", inputs[0]]
    serial = runner.invoke(app, args)
    local = runner.invoke(app, [*args, "--scheduler", "local", "--jobs", "2"])
    assert serial.exit_code == local.exit_code == 1
    assert (local.stdout, local.stderr) == (serial.stdout, serial.stderr)


@pytest.mark.slow
def test_a_worker_killed_mid_run_loses_nothing_and_repeats_nothing(tmp_path: Path) -> None:
    club = (SAMPLES / "brazilian" / "club-championship-2025.pdn").read_text("utf-8")
    (tmp_path / "big.pdn").write_text(club * 600, encoding="utf-8")
    args = ["validate", "--format", "jsonl", "big.pdn", str(SAMPLES)]
    reference = subprocess.run(
        [sys.executable, "-m", "notation.cli", *args], capture_output=True, cwd=tmp_path
    )
    assert reference.returncode == 1
    with cluster(tmp_path) as running, distributed.Client(running.address) as watch:
        run = subprocess.Popen(
            [sys.executable, "-m", "notation.cli", *args, "--scheduler", running.address],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=tmp_path,
        )
        victim = running.workers[0]
        (at,) = [address for address, pid in watch.run(os.getpid).items() if pid == victim.pid]
        deadline = time.monotonic() + 60
        while not watch.processing()[at] and time.monotonic() < deadline and run.poll() is None:
            time.sleep(0.02)
        assert watch.processing()[at], "the run ended before the worker got a task"
        os.kill(victim.pid, signal.SIGKILL)
        out, err = run.communicate(timeout=120)
        assert victim.wait(10) == -signal.SIGKILL
        assert len(watch.scheduler_info()["workers"]) == 1
    assert run.returncode == 1, err
    assert out == reference.stdout
    assert err.decode().splitlines()[-1] == reference.stderr.decode().splitlines()[-1]


@pytest.mark.slow
def test_a_scheduler_lost_mid_run_is_a_plain_error(tmp_path: Path) -> None:
    club = (SAMPLES / "brazilian" / "club-championship-2025.pdn").read_text("utf-8")
    (tmp_path / "big.pdn").write_text(club * 600, encoding="utf-8")
    # The small file's report comes back first: it must not be printed without the rest.
    broken = SAMPLES / "brazilian" / "broken" / "majority-ignored.pdn"
    (tmp_path / "a.pdn").write_text(broken.read_text("utf-8"), encoding="utf-8")
    with cluster(tmp_path, workers=1) as running, distributed.Client(running.address) as watch:
        address = running.address
        run = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "notation.cli",
                "validate",
                "a.pdn",
                "big.pdn",
                "--scheduler",
                address,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=tmp_path,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and run.poll() is None:
            # Tasks whose result the scheduler holds (a lambda: sent by value).
            if watch.run_on_scheduler(
                lambda dask_scheduler: sum(
                    1 for task in dask_scheduler.tasks.values() if task.state == "memory"
                )
            ):
                break
            time.sleep(0.02)
        assert run.poll() is None, "the run ended before the scheduler was lost"
        time.sleep(0.5)  # the client takes the first result
        scheduler = running.scheduler
        os.kill(scheduler.pid, signal.SIGKILL)
        out, err = run.communicate(timeout=120)
    assert run.returncode == 2
    assert out == b""
    (line,) = err.decode().splitlines()
    assert line.startswith("notation: the Dask cluster lost a task: ")


def test_a_closed_connection_under_a_cluster_run_is_an_error_not_a_signal(
    two_workers: Cluster,
) -> None:
    # The command line lets a closed pipe's signal end it (``| head``); a run's sockets to
    # the cluster must not: a lost scheduler is a plain error, which Dask raises only when
    # writing to its dead connection fails rather than kills the process.
    script = (
        "import signal, socket\n"
        "from notation.run.distributed import connect\n"
        "signal.signal(signal.SIGPIPE, signal.SIG_DFL)\n"
        f"with connect({two_workers.address!r}):\n"
        "    ours, theirs = socket.socketpair()\n"
        "    theirs.close()\n"
        "    try:\n"
        "        ours.sendall(b'x' * 100)\n"
        "    except BrokenPipeError:\n"
        "        print('an error')\n"
        "print(signal.getsignal(signal.SIGPIPE) == signal.SIG_DFL)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=120)
    assert (done.returncode, done.stdout) == (0, b"an error\nTrue\n")
