"""Running the ``notation`` command as a user does, for the fault tests: in a fresh process,
with a time limit, its peak memory measured, and the file systems the faults need.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"
CLUB = SAMPLES / "brazilian" / "club-championship-2025.pdn"
"""Thirteen valid Brazilian games: the stuff archives are made of here."""

MIB = 1 << 20


def command(*args: str) -> list[str]:
    """The argument vector that runs ``notation ARGS`` with this interpreter."""
    return [sys.executable, "-m", "notation.cli", *args]


@dataclass(frozen=True, slots=True)
class Run:
    """How a run of the command ended."""

    status: int
    """Exit status; ``-N`` when signal N ended it."""
    stdout: bytes
    stderr: str
    peak_mib: float
    """Peak resident memory of the process, or of its largest worker process."""
    seconds: float
    stopped: str | None = None
    """Why the test stopped the run (too slow, too big), if it did."""


def run(
    *args: str,
    cwd: Path | None = None,
    stdin: Path | None = None,
    timeout: float = 60.0,
    memory_mib: float | None = None,
) -> Run:
    """Run ``notation ARGS`` in a new process (``stdin``: the file it reads as standard
    input, else nothing) and wait for its end.

    A run past ``timeout`` seconds, or whose resident memory passes ``memory_mib``, is
    killed (with its workers) so that a failing test cannot take the machine with it;
    ``stopped`` then says which limit it passed.
    """
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(tempfile.TemporaryFile())
        err = stack.enter_context(tempfile.TemporaryFile())
        source: int | IO[bytes] = subprocess.DEVNULL
        if stdin is not None:
            source = stack.enter_context(stdin.open("rb"))
        process = start(*args, cwd=cwd, stdin=source, stdout=out, stderr=err)
        status, peak, seconds, stopped = wait(process, timeout, memory_mib)
        out.seek(0)
        err.seek(0)
        return Run(
            status,
            out.read(),
            err.read().decode("utf-8", "backslashreplace"),
            peak,
            seconds,
            stopped,
        )


def start(*args: str, cwd: Path | None = None, **streams: object) -> subprocess.Popen[bytes]:
    """Start ``notation ARGS`` in its own session, with the default reaction to Ctrl-C
    (a test runner started in the background may have made its children ignore it)."""
    return subprocess.Popen(  # type: ignore[call-overload, no-any-return]
        command(*args),
        cwd=cwd,
        start_new_session=True,
        preexec_fn=_default_interrupt,
        **streams,
    )


def _default_interrupt() -> None:
    """In the child before it runs: Ctrl-C interrupts it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def wait(
    process: subprocess.Popen[bytes], timeout: float, memory_mib: float | None = None
) -> tuple[int, float, float, str | None]:
    """Wait for ``process`` to end, killing its session past the limits (see :func:`run`);
    its exit status, peak memory in MiB (the largest peak of the process and its workers,
    sampled as it runs), seconds taken and why it was stopped, if it was."""
    began = time.monotonic()
    stopped = None
    peak = 0.0
    while True:
        peak = max(peak, tree_peak_mib(process.pid))
        pid, code, _ = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        elapsed = time.monotonic() - began
        if stopped is None:
            if elapsed > timeout:
                stopped = f"still running after {timeout:g} s"
            elif memory_mib is not None and tree_memory_mib(process.pid) > memory_mib:
                stopped = f"resident memory passed {memory_mib:g} MiB"
            if stopped is not None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
        time.sleep(0.02)
    process.returncode = os.waitstatus_to_exitcode(code)
    return process.returncode, peak, time.monotonic() - began, stopped


def tree_memory_mib(pid: int) -> float:
    """The largest resident memory now of process ``pid`` and its descendants, in MiB."""
    largest = 0
    for each in _tree(pid):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{each}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    largest = max(largest, int(line.split()[1]))
    return largest / 1024


def tree_peak_mib(pid: int) -> float:
    """The largest peak resident memory so far (VmHWM) of process ``pid`` and its
    descendants, in MiB. Unlike the kernel's ``ru_maxrss``, it starts again at ``exec``, so
    the test runner's own memory, which a forked child holds until it runs the command,
    is not counted."""
    largest = 0
    for each in _tree(pid):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{each}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    largest = max(largest, int(line.split()[1]))
    return largest / 1024


def _tree(pid: int) -> Iterator[int]:
    """Process ``pid`` and its descendants now alive."""
    yield pid
    with contextlib.suppress(OSError):
        for task in os.listdir(f"/proc/{pid}/task"):
            children = Path(f"/proc/{pid}/task/{task}/children").read_text().split()
            for child in children:
                yield from _tree(int(child))


def writing_into(pid: int, folder: Path, besides: Iterable[Path] = ()) -> int | None:
    """Bytes process ``pid`` has written so far to a file in ``folder`` other than
    ``besides`` (its temporary output), or ``None`` when it has no such file open."""
    skip = {os.path.realpath(p) for p in besides}
    where = os.path.realpath(folder)
    for fd in _listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
            info = Path(f"/proc/{pid}/fdinfo/{fd}").read_text()
        except OSError:
            continue
        fields = dict(line.split(":\t", 1) for line in info.splitlines() if ":\t" in line)
        written = int(fields.get("flags", "0"), 8) & os.O_ACCMODE != os.O_RDONLY
        if written and os.path.dirname(target) == where and target not in skip:
            return int(fields.get("pos", "0"))
    return None


def _listdir(folder: str) -> list[str]:
    """The names in ``folder``, none when it has gone (the process ended)."""
    try:
        return os.listdir(folder)
    except OSError:
        return []


def repeat_into(path: Path, source: Path, size: int) -> Path:
    """Write ``source``'s games again and again into ``path`` up to about ``size`` bytes,
    a blank line between copies."""
    games = source.read_bytes().rstrip(b"\n") + b"\n\n"
    with path.open("wb") as out:
        for _ in range(-(-size // len(games))):
            out.write(games)
    return path


@contextlib.contextmanager
def tmpfs(folder: Path, size: str) -> Iterator[Path]:
    """A tmpfs of ``size`` (``1m``) mounted on ``folder`` for the block, unmounted after
    it. The test is skipped, with the reason, where mounting is not allowed."""
    folder.mkdir(exist_ok=True)
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip() or mounted.returncode}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)


def remount_read_only(folder: Path) -> None:
    """Make the tmpfs on ``folder`` read-only; skip the test, with the reason, if it
    cannot be."""
    done = subprocess.run(
        ["mount", "-o", "remount,ro", str(folder)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        pytest.skip(f"cannot remount a tmpfs read-only here: {done.stderr.strip()}")
