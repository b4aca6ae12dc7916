"""Closed and unwritable standard streams, through the real command in a fresh process
(issue 25, finding 9): standard input closed (``<&-``) when ``-`` is read, standard output
closed (``>&-``) or full (``> /dev/full``), standard error full. Each is one line on
standard error (when it can take one) and exit status 2, for every command; never a
traceback, and never exit 0 with the output lost.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from faultkit import CLUB, command

WRITERS = {
    "validate": ("validate", "club.pdn", "-f", "json"),
    "select": ("select", "club.pdn"),
    "merge": ("merge", "club.pdn"),
    "convert": ("convert", "club.pdn"),
    "fix": ("fix", "club.pdn"),
    "fix -o": ("fix", "club.pdn", "-o", "out.pdn"),
    "repair": ("repair", "club.pdn"),
    "annotate": ("annotate", "club.pdn"),
    "render": ("render", "club.pdn"),
    "stats": ("stats", "club.pdn"),
    "duplicates": ("duplicates", "club.pdn"),
    "new": ("new", "brazilian"),
    "codes": ("codes",),
    "games": ("games",),
    "config": ("config",),
    "--version": ("--version",),
    "--help": ("--help",),
    "validate --help": ("validate", "--help"),
    "index --help": ("index", "club.pdn", "--help"),
}
"""Every command that writes to standard output (``fix -o`` its report), on the club's
twelve valid games; and the help (closed, it was lost with exit status 0)."""

READERS = {
    name: tuple("-" if arg == "club.pdn" else arg for arg in args)
    for name, args in WRITERS.items()
    if "club.pdn" in args and "--help" not in args
} | {"split": ("split", "-", "--by", "game", "--dir", "parts")}
"""Every command that reads records, reading standard input."""

CLOSED_OUT = "notation: cannot write standard output: it is closed\n"
FULL_OUT = "notation: cannot write standard output: no space left on the device\n"
CLOSED_IN = "notation: cannot read standard input: it is closed\n"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    shutil.copyfile(CLUB, tmp_path / "club.pdn")
    return tmp_path


def notation(
    folder: Path, args: tuple[str, ...], closing: int | None = None, **streams: object
) -> tuple[int, str]:
    """Run ``notation ARGS`` in ``folder`` with descriptor ``closing`` closed; its exit
    status and what it wrote on standard error (or on standard output, when standard error
    is redirected)."""

    def close() -> None:
        if closing is not None:
            os.close(closing)

    done = subprocess.run(  # type: ignore[call-overload]
        command(*args),
        cwd=folder,
        preexec_fn=close,
        timeout=60,
        text=True,
        **{"stdin": subprocess.DEVNULL, "stderr": subprocess.PIPE, **streams},
    )
    return done.returncode, done.stderr or done.stdout or ""


def last_line(text: str) -> str:
    assert "Traceback" not in text
    return text.splitlines(keepends=True)[-1] if text else ""


@pytest.mark.parametrize("args", WRITERS.values(), ids=list(WRITERS))
def test_closed_standard_output_is_one_line_and_exit_2(folder: Path, args: tuple[str, ...]) -> None:
    status, said = notation(folder, args, closing=1)
    assert (status, last_line(said)) == (2, CLOSED_OUT)


@pytest.mark.parametrize("args", WRITERS.values(), ids=list(WRITERS))
def test_a_full_standard_output_is_one_line_and_exit_2(folder: Path, args: tuple[str, ...]) -> None:
    with open("/dev/full", "w") as full:
        status, said = notation(folder, args, stdout=full)
    assert (status, last_line(said)) == (2, FULL_OUT)


INDEX_WRITERS = {
    "find": ("find", "--db", "club.sqlite"),
    "find -f json": ("find", "--db", "club.sqlite", "-f", "json"),
    "find -f pdn": ("find", "--db", "club.sqlite", "-f", "pdn"),
    "tree": ("tree", "--db", "club.sqlite", "--game", "brazilian", "-f", "json"),
}
"""The commands that answer from an index of the club's games (find writes its answer as it
reads it, once it has read it whole)."""


@pytest.fixture
def indexed(folder: Path) -> Path:
    status, said = notation(folder, ("index", "--db", "club.sqlite", "club.pdn"))
    assert status == 0, said
    return folder


@pytest.mark.parametrize("args", INDEX_WRITERS.values(), ids=list(INDEX_WRITERS))
def test_an_answer_to_a_closed_or_full_standard_output_is_one_line_and_exit_2(
    indexed: Path, args: tuple[str, ...]
) -> None:
    status, said = notation(indexed, args, closing=1)
    assert (status, last_line(said)) == (2, CLOSED_OUT)
    with open("/dev/full", "w") as full:
        status, said = notation(indexed, args, stdout=full)
    assert (status, last_line(said)) == (2, FULL_OUT)


@pytest.mark.parametrize("args", READERS.values(), ids=list(READERS))
def test_closed_standard_input_is_one_line_and_exit_2(folder: Path, args: tuple[str, ...]) -> None:
    status, said = notation(folder, args, closing=0, stdout=subprocess.DEVNULL)
    assert (status, said) == (2, CLOSED_IN)
    assert sorted(os.listdir(folder)) == ["club.pdn"]


@pytest.mark.parametrize("args", [WRITERS["validate"], WRITERS["fix"]], ids=["validate", "fix"])
def test_a_full_standard_error_is_exit_2(folder: Path, args: tuple[str, ...]) -> None:
    # validate's summary and fix's REC250 lines (its records on standard output) go to
    # standard error, which takes nothing.
    with open("/dev/full", "w") as full:
        status, said = notation(folder, args, stdout=subprocess.PIPE, stderr=full)
    assert status == 2
    assert "Traceback" not in said
