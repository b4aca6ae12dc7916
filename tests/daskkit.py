"""A real Dask cluster for the tests: a ``dask scheduler`` and ``dask worker`` processes on
127.0.0.1, started for a test and stopped by process id at its end."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

DASK = Path(sys.executable).with_name("dask")
"""The ``dask`` command of this interpreter's environment."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Cluster:
    """A scheduler's address, its process and its workers'."""

    address: str
    scheduler: subprocess.Popen[bytes]
    workers: list[subprocess.Popen[bytes]]


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.kill(process.pid, signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGKILL)
            process.wait()


@contextlib.contextmanager
def cluster(folder: Path, workers: int = 2) -> Iterator[Cluster]:
    """A ``dask scheduler`` and ``workers`` one-thread ``dask worker`` processes (without
    nannies, so a killed worker stays dead), ready, stopped by process id at the end."""
    address = f"tcp://127.0.0.1:{free_port()}"
    port = address.rsplit(":", 1)[1]
    started: list[subprocess.Popen[bytes]] = []
    log = (folder / "dask.log").open("ab")
    try:
        scheduler = [str(DASK), "scheduler", "--host", "127.0.0.1", "--port", port]
        started.append(
            subprocess.Popen([*scheduler, "--no-dashboard"], stdout=log, stderr=log, cwd=folder)
        )
        worker = [str(DASK), "worker", address, "--nthreads", "1", "--no-nanny"]
        for _ in range(workers):
            started.append(
                subprocess.Popen(
                    [*worker, "--host", "127.0.0.1", "--no-dashboard"],
                    stdout=log,
                    stderr=log,
                    cwd=folder,
                )
            )
        import distributed

        with distributed.Client(address, timeout=30, set_as_default=False) as client:
            if workers:
                client.wait_for_workers(workers, timeout=30)
        yield Cluster(address, started[0], started[1:])
    finally:
        for process in reversed(started):
            _stop(process)
        log.close()
