"""Hostile outputs, through the real command in a fresh process (issue 25, findings 1 and 10):
a FIFO, a character device, a socket, a block device or a link to nothing given as ``-o``,
and an output that is the file standard input reads.

A FIFO or a character device is written in place, never replaced; the others are refused
with one line and exit status 2, before anything is written.
"""

from __future__ import annotations

import os
import shutil
import socket
import stat
import threading
from pathlib import Path

import pytest
from faultkit import CLUB, run

ROOT_ONLY = pytest.mark.skipif(
    os.geteuid() != 0, reason="making a device node (os.mknod) needs root"
)

WRITERS = {
    "validate": ("validate", "club.pdn", "-f", "json"),
    "validate junit": ("validate", "club.pdn", "-f", "junit"),
    "convert": ("convert", "club.pdn", "-n", "alphanumeric"),
    "convert --to json": ("convert", "club.pdn", "--to", "json"),
    "annotate": ("annotate", "club.pdn"),
    "repair": ("repair", "club.pdn"),
    "fix": ("fix", "club.pdn"),
    "select": ("select", "club.pdn", "--result", "2-0"),
    "merge": ("merge", "club.pdn", "club.pdn"),
    "render": ("render", "club.pdn", "--picture", "svg"),
    "render html": ("render", "club.pdn", "--picture", "html"),
    "new": ("new", "knight-fight", "--seed", "1"),
}
"""Every command that writes with ``-o``, on the club's twelve valid games."""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    shutil.copyfile(CLUB, tmp_path / "club.pdn")
    return tmp_path


def written(folder: Path, args: tuple[str, ...]) -> bytes:
    """What the command writes into a regular file ``-o`` names."""
    done = run(*args, "-o", "regular.out", cwd=folder, timeout=60)
    assert done.status == 0, done.stderr
    data = (folder / "regular.out").read_bytes()
    assert data
    return data


class Reader(threading.Thread):
    """Reads a FIFO to its end, as the other end of a pipeline does."""

    def __init__(self, fifo: Path) -> None:
        super().__init__(daemon=True)
        self.fifo = fifo
        self.data = b""

    def run(self) -> None:
        with self.fifo.open("rb") as stream:
            self.data = stream.read()


@pytest.mark.parametrize("args", WRITERS.values(), ids=list(WRITERS))
def test_a_fifo_as_output_is_written_in_place(folder: Path, args: tuple[str, ...]) -> None:
    expected = written(folder, args)
    fifo = folder / "pipe.out"
    os.mkfifo(fifo)
    reader = Reader(fifo)
    reader.start()
    done = run(*args, "-o", "pipe.out", cwd=folder, timeout=60)
    reader.join(10)
    assert done.stopped is None
    assert done.status == 0, done.stderr
    assert not reader.is_alive()
    assert reader.data == expected
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


@ROOT_ONLY
@pytest.mark.parametrize("args", WRITERS.values(), ids=list(WRITERS))
def test_a_character_device_as_output_stays_one(folder: Path, args: tuple[str, ...]) -> None:
    null = folder / "null"
    os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # what /dev/null is
    done = run(*args, "-o", "null", cwd=folder, timeout=60)
    assert done.status == 0, done.stderr
    found = null.lstat()
    assert stat.S_ISCHR(found.st_mode)
    assert found.st_rdev == os.makedev(1, 3)
    assert sorted(os.listdir(folder)) == ["club.pdn", "null"]


def test_a_failed_command_writes_nothing_into_a_fifo(folder: Path) -> None:
    # A game with an illegal move: convert fails and never opens the FIFO for writing.
    (folder / "broken.pdn").write_text('[GameType "26"]\n\n1. 22-17 22-17 *\n')
    fifo = folder / "pipe.out"
    os.mkfifo(fifo)
    done = run("convert", "broken.pdn", "-n", "alphanumeric", "-o", "pipe.out", cwd=folder)
    assert done.status == 1
    assert b"nothing written to pipe.out" in done.stdout  # the report: the records went to -o
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_a_socket_as_output_is_refused(folder: Path) -> None:
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(str(folder / "sock.out"))
        done = run("merge", "club.pdn", "-o", "sock.out", cwd=folder)
    assert (done.status, done.stdout, done.stderr) == (
        2,
        b"",
        "notation: cannot write sock.out: it is a socket, not a file\n",
    )
    assert stat.S_ISSOCK((folder / "sock.out").lstat().st_mode)


@ROOT_ONLY
def test_a_block_device_as_output_is_refused(folder: Path) -> None:
    os.mknod(folder / "disk", stat.S_IFBLK | 0o600, os.makedev(7, 0))
    done = run("convert", "club.pdn", "-o", "disk", cwd=folder)
    assert (done.status, done.stderr) == (
        2,
        "notation: cannot write disk: it is a block device, not a file\n",
    )
    assert stat.S_ISBLK((folder / "disk").lstat().st_mode)


def test_a_link_to_nothing_as_output_is_refused_and_stays(folder: Path) -> None:
    (folder / "dangling.out").symlink_to("elsewhere/target.pdn")
    (folder / "elsewhere").mkdir()
    done = run("merge", "club.pdn", "-o", "dangling.out", cwd=folder)
    assert (done.status, done.stderr) == (
        2,
        "notation: dangling.out is a symbolic link to a file that does not exist: it is not "
        "written through (name the file itself)\n",
    )
    assert os.readlink(folder / "dangling.out") == "elsewhere/target.pdn"
    assert os.listdir(folder / "elsewhere") == []


def test_a_link_to_a_fifo_writes_into_the_fifo(folder: Path) -> None:
    expected = written(folder, WRITERS["merge"])
    os.mkfifo(folder / "pipe")
    (folder / "link.out").symlink_to("pipe")
    reader = Reader(folder / "pipe")
    reader.start()
    done = run(*WRITERS["merge"], "-o", "link.out", cwd=folder, timeout=60)
    reader.join(10)
    assert done.status == 0, done.stderr
    assert reader.data == expected
    assert (folder / "link.out").is_symlink()


STDIN_READERS = {
    "merge": ("merge", "-", "club.pdn"),
    "fix": ("fix", "-"),
    "repair": ("repair", "-"),
    "select": ("select", "-"),
    "select --rest": ("select", "-", "--result", "2-0", "-o", "chosen.pdn", "--rest"),
    "convert": ("convert", "-"),
    "annotate": ("annotate", "-"),
    "validate": ("validate", "-"),
    "render": ("render", "-"),
}


@pytest.mark.parametrize("args", STDIN_READERS.values(), ids=list(STDIN_READERS))
def test_an_output_that_standard_input_reads_is_refused(
    folder: Path, args: tuple[str, ...]
) -> None:
    # The shell's `notation merge - club.pdn -o records.pdn < records.pdn`.
    records = folder / "records.pdn"
    shutil.copyfile(CLUB, records)
    before = records.read_bytes()
    out = () if args[-1] == "--rest" else ("-o",)
    done = run(*args, *out, "./records.pdn", cwd=folder, stdin=records)
    assert (done.status, done.stdout, done.stderr) == (
        2,
        b"",
        "notation: records.pdn is an input of this command (read as standard input): it "
        "is not overwritten (write to another file)\n",
    )
    assert records.read_bytes() == before
    assert sorted(os.listdir(folder)) == ["club.pdn", "records.pdn"]


def test_standard_input_from_another_file_is_not_refused(folder: Path) -> None:
    done = run("merge", "-", "-o", "out.pdn", cwd=folder, stdin=folder / "club.pdn")
    assert done.status == 0, done.stderr
    assert (folder / "out.pdn").read_bytes() == CLUB.read_bytes()


@pytest.mark.parametrize("command", ["fix", "convert", "annotate", "repair"])
@pytest.mark.parametrize("name", ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"])
def test_in_place_on_a_name_of_standard_input_is_refused(
    folder: Path, command: str, name: str
) -> None:
    # Standard input sent from a file: the name leads to that file, which the command
    # line never names.
    records = folder / "club.pdn"
    before = records.read_bytes()
    done = run(command, "--in-place", name, cwd=folder, stdin=records)
    assert (done.status, done.stdout, done.stderr) == (
        2,
        b"",
        f"notation: {name} names a stream of this process, not a file: it cannot be "
        "rewritten in place\n",
    )
    assert records.read_bytes() == before
    assert os.listdir(folder) == ["club.pdn"]


def test_in_place_on_a_fifo_is_refused(folder: Path) -> None:
    os.mkfifo(folder / "pipe.pdn")
    done = run("annotate", "--in-place", "pipe.pdn", cwd=folder, timeout=30)
    assert (done.status, done.stderr) == (
        2,
        "notation: pipe.pdn is not a regular file: it cannot be rewritten in place\n",
    )
