"""Folders and ``**`` patterns: each real folder and file once, unreadable folders reported."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from notation.diagnostics import Diagnostic
from notation.io.files import Input, Missing, expand, input_paths
from notation.read.sources import FileResult, Found, read_all

GAME = '[GameType "26"]\n1. 22-18 11-15 *\n'


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def _names(found: Iterator[Input | Missing]) -> list[str | Missing]:
    return [item.name if isinstance(item, Input) else item for item in found]


def _tree() -> None:
    """d/a.pdn, d/e/b.pdn, d/e/f/c.pgn.gz, d/notes.txt and d/.hidden.pdn, with two links
    from d/e/f back up to d and one from d to its own subfolder."""
    Path("d/e/f").mkdir(parents=True)
    for name in ("d/a.pdn", "d/e/b.pdn", "d/e/f/c.pgn.gz", "d/notes.txt", "d/.hidden.pdn"):
        Path(name).write_text(GAME, encoding="utf-8")
    os.symlink("../..", "d/e/f/up")
    os.symlink("../../..", "d/e/f/top")
    os.symlink("e", "d/link")


def test_a_folder_with_symlink_loops_gives_each_real_file_once() -> None:
    _tree()
    assert _names(expand(["d"])) == ["d/.hidden.pdn", "d/a.pdn", "d/e/b.pdn", "d/e/f/c.pgn.gz"]


def test_a_recursive_pattern_over_symlink_loops_is_quick_and_gives_each_file_once() -> None:
    _tree()
    started = time.monotonic()
    assert _names(expand(["d/**/*.pdn", "d/**/*.gz", "d/*/*.pdn", "d/**"])) == [
        "d/a.pdn",
        "d/e/b.pdn",
        "d/e/f/c.pgn.gz",
        "d/e/b.pdn",
        "d/a.pdn",
        "d/e/b.pdn",
        "d/e/f/c.pgn.gz",
        "d/notes.txt",
    ]
    assert time.monotonic() - started < 2


def test_a_file_reached_twice_is_listed_once_by_its_first_name_in_sorted_order() -> None:
    Path("d/sub").mkdir(parents=True)
    Path("d/sub/a.pdn").write_text(GAME, encoding="utf-8")
    os.symlink("sub", "d/link")
    os.symlink("sub/a.pdn", "d/b.pdn")
    assert _names(expand(["d"])) == ["d/b.pdn"]
    assert _names(expand(["d/*/*.pdn"])) == ["d/link/a.pdn"]


def test_a_record_file_that_is_a_broken_link_is_a_missing_input_not_passed_over() -> None:
    # A folder's record file whose link leads nowhere was skipped without a word, so a
    # folder missing a game's file was reported as whole.
    Path("d").mkdir()
    Path("d/a.pdn").write_text(GAME, encoding="utf-8")
    os.symlink("gone.pdn", "d/b.pdn")
    os.symlink("c.pdn", "d/c.pdn")
    os.symlink("gone", "d/notes.txt")
    missing = "no such file or directory (a link to nothing)"
    looping = "too many levels of symbolic links"
    assert _names(expand(["d"])) == [
        "d/a.pdn",
        Missing("d/b.pdn", missing),
        Missing("d/c.pdn", looping),
    ]
    assert _names(expand(["d/*.pdn"])) == [
        "d/a.pdn",
        Missing("d/b.pdn", missing),
        Missing("d/c.pdn", looping),
    ]


def _locked(monkeypatch: pytest.MonkeyPatch, locked: str) -> None:
    """Make ``os.scandir`` refuse one folder, as it does for a user without the right."""
    scandir = os.scandir

    def refusing(path: str | os.PathLike[str] = ".") -> object:
        if os.fspath(path) == locked:
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refusing)


def test_an_unreadable_subfolder_is_a_pdn106_in_walk_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    Path("d/b").mkdir(parents=True)
    Path("d/c").mkdir()
    for name in ("d/a.pdn", "d/b/x.pdn", "d/c/y.pdn"):
        Path(name).write_text(GAME, encoding="utf-8")
    _locked(monkeypatch, "d/b")
    assert _names(expand(["d"])) == [
        "d/a.pdn",
        Missing("d/b", "permission denied"),
        "d/c/y.pdn",
    ]
    assert _names(expand(["d/**/*.pdn"])) == [
        "d/a.pdn",
        "d/c/y.pdn",
        Missing("d/b", "permission denied"),
    ]
    found = [f.input.name if isinstance(f, Found) else f for f in read_all(expand(["d"]))]
    assert found[2] == Diagnostic("PDN106", "cannot read d/b: permission denied", 1, 1, "d/b", None)


def test_an_unreadable_folder_named_is_a_pdn106(monkeypatch: pytest.MonkeyPatch) -> None:
    Path("d").mkdir()
    _locked(monkeypatch, "d")
    assert _names(expand(["d"])) == [Missing("d", "permission denied")]


def test_fifos_met_in_a_folder_are_skipped_and_one_named_is_read_as_a_stream() -> None:
    Path("d").mkdir()
    Path("d/a.pdn").write_text(GAME, encoding="utf-8")
    os.mkfifo("d/pipe.pdn")
    assert _names(expand(["d", "d/*.pdn"])) == ["d/a.pdn", "d/a.pdn"]

    def write() -> None:
        with open("d/pipe.pdn", "w", encoding="utf-8") as pipe:
            pipe.write(GAME)

    writer = threading.Thread(target=write)
    writer.start()
    found = list(read_all(expand(["d/pipe.pdn"])))
    writer.join()
    assert [f.record.moves.plies[1].text for f in found if isinstance(f, Found)] == ["11-15"]
    assert found[-1] == FileResult("d/pipe.pdn", "utf-8")


def test_the_input_paths_are_the_files_found_in_order_without_stdin_or_missing_names() -> None:
    Path("d").mkdir()
    Path("d/b.pdn").write_text(GAME, encoding="utf-8")
    Path("d/a.pgn").write_text(GAME, encoding="utf-8")
    Path("c.pdn").write_text(GAME, encoding="utf-8")
    named = ["c.pdn", "-", "nowhere.pdn", "d", "*.none"]
    assert input_paths(expand(named)) == ["c.pdn", "d/a.pgn", "d/b.pdn"]
