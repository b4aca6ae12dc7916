"""Outputs named by a stream of the process (``/dev/stdout``, ``/dev/stderr``,
``/dev/fd/N``, ``/proc/self/fd/N``), through the real command in a fresh process, its
streams redirected to files as a shell redirects them (review 52, finding 1): the output
is written into the stream, where it stands (after what a ``>>`` file holds), never put
in place of the file the stream leads to; and a report is never sent to the stream the
records go to.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from faultkit import command

GAME = '[GameType "21"]\n[Result "*"]\n\n1. 11-15 23-19 *\n'
OLD = '[Event "kept"]\n[GameType "21"]\n[Result "*"]\n\n1. 11-15 *\n\n'
"""What the archive held before the command appends to it."""


def ran(
    folder: Path, *args: str, fds: tuple[int, ...] = (), **streams: Any
) -> subprocess.CompletedProcess[str]:
    """``notation ARGS`` run to its end in ``folder``, its streams as ``streams`` give
    them (text), the descriptors ``fds`` passed on."""
    return subprocess.run(
        command(*args), cwd=folder, pass_fds=fds, timeout=60, check=False, text=True, **streams
    )


def said(folder: Path, *args: str, status: int, stdout: Path, mode: str = "ab") -> str:
    """What ``notation ARGS``, run in ``folder`` to exit status ``status``, adds to standard
    error: log.txt, opened to append (``2>>``), after its old line. Standard output is sent
    to the file ``stdout``, opened to append (``>>``) or as ``mode`` says."""
    log = folder / "log.txt"
    with stdout.open(mode) as out, log.open("ab") as err:
        done = ran(folder, *args, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
    assert done.returncode == status
    text = log.read_text("utf-8")
    assert text.startswith("old line\n")
    return text.removeprefix("old line\n")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "g.pdn").write_text(GAME, "utf-8")
    (tmp_path / "archive.pdn").write_text(OLD, "utf-8")
    (tmp_path / "log.txt").write_text("old line\n", "utf-8")
    return tmp_path


@pytest.mark.parametrize("name", ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"])
def test_output_to_standard_output_appended_to_an_archive_keeps_what_it_held(
    folder: Path, name: str
) -> None:
    archive = folder / "archive.pdn"
    inode = archive.stat().st_ino
    report = said(folder, "merge", "g.pdn", "-o", name, status=0, stdout=archive)
    assert archive.read_text("utf-8") == OLD + GAME
    assert archive.stat().st_ino == inode
    # The records went to standard output: the report went to standard error.
    assert report == "1 of 1 game written, 0 copies left out\n"


@pytest.mark.parametrize("shared", [False, True])
def test_output_to_another_descriptor_is_written_into_it(folder: Path, shared: bool) -> None:
    # shared: standard output sent to the same file (>> archive.pdn). Neither is replaced:
    # the records, then the report, follow what the file held.
    archive, log = folder / "archive.pdn", folder / "log.txt"
    report = "1 of 1 game written, 0 copies left out\n"
    with archive.open("ab") as appended:
        fd = appended.fileno()
        status = ran(
            folder,
            *("merge", "g.pdn", "-o", f"/dev/fd/{fd}"),
            fds=(fd,),
            stdin=subprocess.DEVNULL,
            stdout=appended if shared else subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
    assert (status.returncode, status.stdout, status.stderr) == (
        0,
        None if shared else report,
        "",
    )
    assert archive.read_text("utf-8") == OLD + GAME + (report if shared else "")
    assert log.read_text("utf-8") == "old line\n"


def test_a_report_to_standard_error_appended_to_a_log_keeps_what_it_held(folder: Path) -> None:
    out = folder / "out.txt"
    args = ("merge", "g.pdn", "-o", "m.pdn", "--report", "/dev/stderr")
    assert said(folder, *args, status=0, stdout=out) == "1 of 1 game written, 0 copies left out\n"
    assert (folder / "m.pdn").read_text("utf-8") == GAME
    assert out.read_text("utf-8") == ""


@pytest.mark.parametrize("name", ["/dev/stdout", "/proc/self/fd/1", "sel.pdn"])
def test_a_report_to_the_stream_the_records_go_to_is_refused(folder: Path, name: str) -> None:
    selected = folder / "sel.pdn"
    args = ("select", "g.pdn", "--report", name)
    assert said(folder, *args, status=2, stdout=selected, mode="wb") == (
        f"notation: --report {name} names standard output, where the records go: "
        "give the records a file (-o FILE) or the report another one\n"
    )
    assert selected.read_text("utf-8") == ""


def test_a_report_to_standard_output_while_the_records_go_to_a_file_goes_there(
    folder: Path,
) -> None:
    out = folder / "out.txt"
    out.write_text("old report\n", "utf-8")
    args = ("select", "g.pdn", "-o", "sel.pdn", "--report", "/dev/stdout")
    assert said(folder, *args, status=0, stdout=out) == ""
    assert out.read_text("utf-8") == "old report\n1 of 1 game selected\n"
    assert (folder / "sel.pdn").read_text("utf-8") == GAME


@pytest.mark.parametrize("name", ["/dev/stdout", "/dev/fd/1"])
def test_the_games_not_selected_sent_to_standard_output_are_refused(
    folder: Path, name: str
) -> None:
    out = folder / "out.txt"
    args = ("select", "g.pdn", "-o", "sel.pdn", "--rest", name)
    assert said(folder, *args, status=2, stdout=out).splitlines()[-1] == (
        f"Error: Invalid value for --rest: {name} is not a file: name one for the games "
        "not selected"
    )
    assert out.read_text("utf-8") == ""
    assert not (folder / "sel.pdn").exists()


@pytest.mark.parametrize(
    "names",
    [("-", "/dev/stdin"), ("/dev/fd/0", "a.pdn", "-"), ("-", "/dev/fd/{pipe}")],
)
def test_standard_input_named_twice_is_refused_before_anything_is_read(
    folder: Path, names: tuple[str, ...]
) -> None:
    # Standard input a pipe, passed on as another descriptor too: either name reads it.
    (folder / "a.pdn").write_text(GAME, "utf-8")
    pipe, end = os.pipe()
    os.write(end, GAME.encode())
    os.close(end)
    try:
        given = [name.format(pipe=pipe) for name in names]
        done = ran(
            folder, "validate", "--no-cache", *given, fds=(pipe,), stdin=pipe, capture_output=True
        )
    finally:
        os.close(pipe)
    twice = [name for name in given if name != "a.pdn"]
    assert (done.returncode, done.stdout, done.stderr) == (
        2,
        "",
        f"notation: standard input was given twice ({twice[0]} and {twice[1]}): it can be "
        "read only once\n",
    )


def test_a_descriptor_of_another_file_than_standard_input_is_read_as_that_file(
    folder: Path,
) -> None:
    with (folder / "g.pdn").open("rb") as records:
        fd = records.fileno()
        args = ("validate", "--no-cache", "-", f"/dev/fd/{fd}")
        done = ran(folder, *args, fds=(fd,), input=GAME, capture_output=True)
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        "",
        "2 games in 2 files: 0 errors, 0 warnings, 0 notices\n",
    )


@pytest.mark.parametrize(
    ("selected", "why"),
    [
        ((), "where the games selected go: give them a file (-o FILE)"),
        (("-o", "sel.pdn"), "where the report goes: give the report a file (--report FILE)"),
    ],
)
def test_the_games_not_selected_sent_to_the_file_standard_output_goes_to_are_refused(
    folder: Path, selected: tuple[str, ...], why: str
) -> None:
    # Standard output, that is rest.pdn, takes the games selected (or, with -o, the
    # report): the rest would replace it.
    rest = folder / "rest.pdn"
    args = ("select", "g.pdn", "--result", "1-0", *selected, "--rest", "rest.pdn")
    assert said(folder, *args, status=2, stdout=rest, mode="wb") == (
        f"notation: --rest rest.pdn names standard output, {why} or the rest another one\n"
    )
    assert rest.read_text("utf-8") == ""
    assert not (folder / "sel.pdn").exists()


WRITERS = {
    "merge": ("merge",),
    "select": ("select",),
    "fix": ("fix", "--plycount"),
    "repair": ("repair",),
    "convert": ("convert", "--to", "json"),
    "annotate": ("annotate",),
    "render": ("render", "--picture", "svg"),
}
"""Each command that writes records (or a picture) to -o and its report to standard
output: its arguments."""


@pytest.mark.parametrize("mode", ["wb", "ab"])
@pytest.mark.parametrize("name", WRITERS)
def test_an_output_that_is_the_file_standard_output_goes_to_is_refused(
    folder: Path, name: str, mode: str
) -> None:
    # -o out.pdn > out.pdn: the report goes to standard output, the file out.pdn was, and
    # the records' file put in its place would take the report away with it.
    out = folder / "out.pdn"
    out.write_text("kept\n", "utf-8")
    args = (*WRITERS[name], "g.pdn", "-o", "out.pdn")
    assert said(folder, *args, status=2, stdout=out, mode=mode) == (
        "notation: --output out.pdn names standard output, where the report goes: give the "
        "report a file (--report FILE) or the output another one\n"
    )
    assert out.read_text("utf-8") == ("kept\n" if mode == "ab" else "")


def test_an_output_that_is_standard_output_with_the_report_in_a_file_is_written(
    folder: Path,
) -> None:
    out = folder / "out.pdn"
    args = ("merge", "g.pdn", "-o", "out.pdn", "--report", "report.txt")
    assert said(folder, *args, status=0, stdout=out, mode="wb") == ""
    assert out.read_text("utf-8") == GAME
    assert (folder / "report.txt").read_text("utf-8") == "1 of 1 game written, 0 copies left out\n"


@pytest.mark.parametrize("name", ["fix", "repair", "convert", "annotate"])
def test_an_input_rewritten_in_place_that_standard_output_goes_to_is_refused(
    folder: Path, name: str
) -> None:
    # >> g.pdn: the report would be appended to the file --in-place replaces.
    game = folder / "g.pdn"
    assert said(folder, *WRITERS[name][:1], "-i", "g.pdn", status=2, stdout=game) == (
        "notation: g.pdn is standard output, where the report goes, and --in-place replaces "
        "it: give the report a file (--report FILE)\n"
    )
    assert game.read_text("utf-8") == GAME


@pytest.mark.parametrize("name", ["3.pdn", "OTHER.PDN"])
def test_a_split_whose_standard_output_could_be_one_of_its_files_is_refused(
    folder: Path, name: str
) -> None:
    files = folder / "d"
    files.mkdir()
    out = files / name
    out.write_text("kept\n", "utf-8")
    args = ("split", "--by", "round", "-d", "d", "--force", "g.pdn")
    assert said(folder, *args, status=2, stdout=out) == (
        f"notation: standard output is {Path('d', name)}, a .pdn file in d, where split "
        "writes its files: give the report a file (--report FILE)\n"
    )
    assert [path.name for path in files.iterdir()] == [name]
    assert out.read_text("utf-8") == "kept\n"


def test_validate_writes_its_report_to_the_file_standard_output_goes_to(folder: Path) -> None:
    # Nothing but the report goes to standard output: naming its file loses nothing.
    out = folder / "out.txt"
    (folder / "n.pdn").write_text('[GameType "20"]\n[Round 3]\n\n1. 32-28 *\n', "utf-8")
    args = ("validate", "--no-cache", "-o", "out.txt", "n.pdn")
    summary = said(folder, *args, status=0, stdout=out, mode="wb")
    assert out.read_text("utf-8") == (
        "n.pdn:2:1: notice PDN112 the Round tag's value 3 has no quotes: read as '3'\n"
    )
    assert summary == "1 game in 1 file: 0 errors, 0 warnings, 1 notice\n"
