"""Patterns kept between runs (:func:`notation.lazy.compiled`): the program ``re`` makes
of each of the toolkit's patterns, kept in the user's cache folder and read back by the
next run, is the program ``re`` makes; a file that is damaged, of another interpreter or
cannot be written changes nothing but the time taken."""

from __future__ import annotations

import _sre  # type: ignore[import-not-found, unused-ignore]
import atexit
import marshal
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from notation import lazy

ROOT = Path(__file__).resolve().parents[1]

KEPT = sys.version_info[:2] in lazy.KEPT_FOR

# Validates every sample (each game's patterns), then prints where the programs are kept
# and how many patterns it compiled that the file did not hold.
PROBE = """
import sys
from notation import lazy
compiled_afresh = []
program = lazy._program
def counted(source, flags):
    compiled_afresh.append(source)
    return program(source, flags)
lazy._program = counted
from notation.cli.main import main
sys.argv = ["notation", "validate", "--no-cache", "--exit-zero", "samples"]
try:
    main()
except SystemExit:
    pass
print(lazy.kept_file())
print(len(compiled_afresh))
"""


def _run(cache: Path) -> tuple[str, int]:
    """Run :data:`PROBE` with ``cache`` as the user's cache folder: the file of programs,
    and how many patterns the run compiled that the file did not hold."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["XDG_CACHE_HOME"] = str(cache)
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, cwd=ROOT, env=env
    )
    path, count = done.stdout.splitlines()[-2:]
    return path, int(count)


@pytest.mark.skipif(not KEPT, reason="this interpreter's programs are not kept")
def test_the_kept_programs_are_those_re_makes_and_a_second_run_compiles_none(
    tmp_path: Path,
) -> None:
    (tmp_path / "cache").mkdir()
    path, compiled = _run(tmp_path / "cache")
    tag = sys.implementation.cache_tag
    assert path == str(tmp_path / "cache" / "notation" / f"patterns.{tag}.bin")
    assert os.stat(path).st_mode & 0o777 == 0o600
    programs = _programs(path)
    assert len(programs) == compiled > 60
    from notation.record import reader

    assert (reader._PLAIN, 0) in programs
    for (source, flags), program in programs.items():
        assert _sre.compile(source, *program) == re.compile(source, flags), source
    assert _run(tmp_path / "cache") == (path, 0)


def test_an_interpreter_whose_programs_are_not_kept_compiles_each_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(lazy, "KEPT_FOR", ())
    assert lazy.kept_file() is None
    monkeypatch.setattr(lazy, "_kept", None)
    monkeypatch.setattr(lazy, "_made", {})
    registered: list[Any] = []
    monkeypatch.setattr(atexit, "register", registered.append)
    assert lazy.compiled(r"(a)(?P<b>b)") == re.compile(r"(a)(?P<b>b)")
    assert registered == [] and lazy._made == {}


@pytest.fixture
def kept(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> tuple[Path, list[Any]]:
    """The programs kept in a file of the test's own, none read yet, bytecode written, and
    the functions registered to run at exit."""
    path = tmp_path / "lazy.patterns"
    monkeypatch.setattr(lazy, "kept_file", lambda: str(path))
    monkeypatch.setattr(lazy, "_kept", None)
    monkeypatch.setattr(lazy, "_made", {})
    monkeypatch.setattr(lazy, "_added", False)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    registered: list[Any] = []
    monkeypatch.setattr(atexit, "register", registered.append)
    return path, registered


SOURCE = r"(?P<number>[0-9]+)\.(?:\s*\.\.\.)?\s*([a-h][1-8])"


def _programs(path: Path | str) -> dict[tuple[str, int], Any]:
    """The programs the file ``path`` holds, each entry checked and decoded."""
    kept = lazy._read(str(path))
    assert kept is not None
    programs = {key: lazy._decoded(key, entry) for key, entry in kept.entries().items()}
    assert None not in programs.values()
    return programs


def _file(programs: dict[tuple[str, int], Any], *, damaged: bool = False) -> bytes:
    """A file of ``programs`` as :func:`notation.lazy._write` writes it; ``damaged``: a
    byte of each program's changed after its check was taken."""
    entries = {key: lazy._entry(key, program) for key, program in programs.items()}
    if damaged:
        entries = {
            key: (check, body[:-2] + bytes([body[-2] ^ 1]) + body[-1:])
            for key, (check, body) in entries.items()
        }
    return lazy._framed(entries)


def _crafted(body: bytes) -> bytes:
    """A file whose one entry, :data:`SOURCE`'s, holds ``body`` with a check that matches
    it: what damage does not make, but the decoding must still refuse."""
    return lazy._framed({(SOURCE, 0): (lazy._check((SOURCE, 0), body), body)})


def _indexed(table: object, *, damaged: bool = False, after: bytes = b"") -> bytes:
    """A file whose index is ``table`` marshalled (its check taken before ``damaged``
    changes a byte of it), the programs ``after`` it."""
    index = marshal.dumps(table)
    check = lazy._sum(index)
    if damaged:
        index = index[:-2] + bytes([index[-2] ^ 1]) + index[-1:]
    head = len(index).to_bytes(4, "little") + check.to_bytes(4, "little")
    return lazy._header() + head + index + after


_GOOD = lazy._entry((SOURCE, 0), lazy._program(SOURCE, 0))[1]
"""The bytes of :data:`SOURCE`'s program."""


def test_a_program_compiled_is_kept_when_the_run_ends(kept: tuple[Path, list[Any]]) -> None:
    path, registered = kept
    pattern = lazy.compiled(SOURCE, re.IGNORECASE)
    assert pattern == re.compile(SOURCE, re.IGNORECASE)
    assert pattern.groupindex == {"number": 1} and pattern.groups == 2
    match = pattern.match("12. c3")
    assert match is not None and match.groups() == ("12", "c3")
    assert registered == [lazy._write] and not path.exists()
    lazy.compiled(r"x+")
    assert registered == [lazy._write]
    lazy._write()
    assert set(_programs(path)) == {(SOURCE, int(re.IGNORECASE)), (r"x+", 0)}
    assert [p.name for p in path.parent.iterdir()] == [path.name]


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"\x00\x01 not a file of patterns",
        b"[[[[[[",  # marshal would allocate lists of a billion items (seconds each)
        marshal.dumps((("notation-patterns", 3, sys.hexversion, _sre.MAGIC, _sre.CODESIZE), {})),
        b"notation-patterns 4 0 0 0 little\n"
        + _file({(SOURCE, 0): lazy._program(SOURCE, 0)})[len(lazy._header()) :],
        _file({(SOURCE, 0): lazy._program(SOURCE, 0)})[:-3],
        _indexed({(SOURCE, 0): (0, len(_GOOD), 0)}, damaged=True, after=_GOOD),
        _indexed({(SOURCE, 0): (1, len(_GOOD), 0)}, after=_GOOD),
        _indexed({(SOURCE, 0): (-1, len(_GOOD), 0)}, after=_GOOD),
        _indexed({(SOURCE, 0): (0, len(_GOOD), "0")}, after=_GOOD),
        _indexed({SOURCE: (0, len(_GOOD), 0)}, after=_GOOD),
        _indexed({(SOURCE, 0): (0, len(_GOOD))}, after=_GOOD),
        _indexed([(SOURCE, 0)], after=_GOOD),
        lazy._header() + (10**6).to_bytes(4, "little") + bytes(4) + _GOOD,
        _file({(SOURCE, 0): lazy._program(SOURCE, 0)}, damaged=True),
        _crafted(b""),
        _crafted(b"[[[[[["),
        _crafted(_GOOD[:8] + (10**6).to_bytes(4, "little") + _GOOD[12:]),
        _crafted(_GOOD.replace(b"number=1", b"number=3")),
        _crafted(_GOOD.replace(b"number=1", b"number=0")),
        _crafted(_GOOD.replace(b"number=1", b"9number=1")),
        _crafted(_GOOD + b"other=1\n"),
        _crafted(_GOOD + b"\xff=2\n"),
        _crafted(_GOOD[:4] + (10**9).to_bytes(4, "little") + _GOOD[8:]),
    ],
)
def test_a_damaged_or_foreign_file_is_passed_over_and_written_anew(
    kept: tuple[Path, list[Any]], damage: bytes
) -> None:
    path, _ = kept
    path.write_bytes(damage)
    assert lazy.compiled(SOURCE) == re.compile(SOURCE)
    lazy._write()
    assert _programs(path) == {(SOURCE, 0): lazy._program(SOURCE, 0)}


def test_a_program_the_engine_refuses_is_compiled_afresh(kept: tuple[Path, list[Any]]) -> None:
    path, _ = kept
    wrong: tuple[Any, ...] = (32, [1, 2, 3], 0, {}, (None,))
    assert lazy._decoded((SOURCE, 0), lazy._entry((SOURCE, 0), wrong)) == wrong
    path.write_bytes(_file({(SOURCE, 0): wrong}))
    assert lazy.compiled(SOURCE) == re.compile(SOURCE)
    lazy._write()
    programs = _programs(path)
    assert programs[(SOURCE, 0)] != wrong
    assert _sre.compile(SOURCE, *programs[(SOURCE, 0)]) == re.compile(SOURCE)


def test_another_runs_programs_are_kept_with_this_ones(kept: tuple[Path, list[Any]]) -> None:
    path, _ = kept
    lazy.compiled(r"a+")
    path.write_bytes(_file({(r"b+", 0): lazy._program(r"b+", 0)}))
    lazy._write()
    assert set(_programs(path)) == {(r"a+", 0), (r"b+", 0)}


def test_nothing_is_kept_where_bytecode_is_not_written(
    kept: tuple[Path, list[Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, registered = kept
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert lazy.compiled(SOURCE) == re.compile(SOURCE)
    assert registered == [] and lazy._made == {} and not path.exists()


def test_a_file_that_cannot_be_written_is_not_and_says_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, kept: tuple[Path, list[Any]]
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("")
    monkeypatch.setattr(lazy, "kept_file", lambda: str(blocker / "notation" / "patterns.bin"))
    assert lazy.compiled(SOURCE) == re.compile(SOURCE)
    lazy._write()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a file"]


def test_a_full_file_is_started_afresh_with_this_runs_programs(
    kept: tuple[Path, list[Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, _ = kept
    monkeypatch.setattr(lazy, "MOST_KEPT", 2)
    path.write_bytes(_file({("a", 0): lazy._program("a", 0), ("b", 0): lazy._program("b", 0)}))
    for source in ("a", "c"):
        assert lazy.compiled(source) == re.compile(source)
    lazy._write()
    assert set(_programs(path)) == {("c", 0)}


@pytest.mark.parametrize("xdg", [False, True])
def test_no_home_or_cache_folder_is_made_where_there_is_none(
    kept: tuple[Path, list[Any]],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    xdg: bool,
) -> None:
    """A ``HOME`` (or ``XDG_CACHE_HOME``) that names no folder gets none made: nothing is
    kept. Where the home folder is there, its ``.cache`` and the toolkit's folder in it are
    made, readable by their user only."""
    monkeypatch.undo()
    monkeypatch.setattr(lazy, "_kept", None)
    monkeypatch.setattr(lazy, "_made", {})
    monkeypatch.setattr(lazy, "_added", False)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setattr(atexit, "register", lambda _: None)
    missing = tmp_path / "missing"
    if xdg:
        monkeypatch.setenv("XDG_CACHE_HOME", str(missing / "cache"))
    else:
        monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
        monkeypatch.setenv("HOME", str(missing))
    assert lazy.compiled(SOURCE) == re.compile(SOURCE)
    lazy._write()
    assert not missing.exists()
    if xdg:
        return
    missing.mkdir()
    lazy._write()
    folder = missing / ".cache" / "notation"
    assert [p.name for p in folder.iterdir()] == [f"patterns.{sys.implementation.cache_tag}.bin"]
    assert {oct(p.stat().st_mode & 0o777) for p in (folder.parent, folder)} == {"0o700"}


def test_the_flags_are_res() -> None:
    assert (lazy.IGNORECASE, lazy.MULTILINE, lazy.DOTALL, lazy.VERBOSE, lazy._DEBUG) == (
        re.IGNORECASE,
        re.MULTILINE,
        re.DOTALL,
        re.VERBOSE,
        re.DEBUG,
    )


@given(st.text())
def test_escape_is_res(text: str) -> None:
    assert lazy.escape(text) == re.escape(text)


def test_escape_escapes_every_character_re_does() -> None:
    every = "".join(map(chr, range(0x3000)))
    assert lazy.escape(every) == re.escape(every)


# Reads the file that keeps the programs (the first argument) as a run does, in a process
# of its own (a FIFO read without care would wait for ever): prints what was read.
READING = """
import sys
from notation import lazy
kept = lazy._read(sys.argv[1])
print(None if kept is None else sorted(kept.entries()))
"""


@pytest.mark.parametrize("kind", ["fifo", "zeros", "null", "link to a kept file"])
def test_only_a_regular_file_is_read_and_a_link_is_not_followed(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "notation"
    folder.mkdir()
    path = folder / "patterns.bin"
    kept = tmp_path / "kept.bin"
    kept.write_bytes(_file({(r"a+", 0): lazy._program(r"a+", 0)}))
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to({"zeros": "/dev/zero", "null": "/dev/null"}.get(kind, str(kept)))
    done = subprocess.run(
        [sys.executable, "-c", READING, str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert (done.stdout, done.stderr) == ("None\n", "")
    assert _programs(kept) == {(r"a+", 0): lazy._program(r"a+", 0)}


def test_a_file_larger_than_the_most_kept_is_not_read(
    kept: tuple[Path, list[Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, _ = kept
    path.write_bytes(_file({(r"a+", 0): lazy._program(r"a+", 0)}))
    assert set(_programs(path)) == {(r"a+", 0)}
    monkeypatch.setattr(lazy, "MOST_BYTES", path.stat().st_size - 1)
    assert lazy._read(str(path)) is None


def test_nothing_is_read_or_written_through_a_folder_that_is_a_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kept: tuple[Path, list[Any]]
) -> None:
    """The toolkit's folder in the cache folder must be a folder, not a link to one: the
    folder linked to is neither read nor written."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "patterns.bin").write_bytes(_file({(r"a+", 0): lazy._program(r"a+", 0)}))
    before = (elsewhere / "patterns.bin").read_bytes()
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "notation").symlink_to(elsewhere)
    path = tmp_path / "cache" / "notation" / "patterns.bin"
    monkeypatch.setattr(lazy, "kept_file", lambda: str(path))
    assert lazy._read(str(path)) is None
    assert lazy.compiled(SOURCE) == re.compile(SOURCE)
    lazy._write()
    assert [p.name for p in elsewhere.iterdir()] == ["patterns.bin"]
    assert (elsewhere / "patterns.bin").read_bytes() == before


@pytest.mark.parametrize("kind", ["fifo", "link to a file", "link to nothing", "folder"])
def test_what_is_at_the_files_name_is_replaced_only_when_a_regular_file(
    kept: tuple[Path, list[Any]], tmp_path: Path, kind: str
) -> None:
    path, _ = kept
    target = tmp_path / "target"
    target.write_text("the user's")
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path.symlink_to(target if kind == "link to a file" else tmp_path / "nothing")
    before = path.lstat()
    assert lazy.compiled(SOURCE) == re.compile(SOURCE)
    lazy._write()
    after = path.lstat()
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)
    assert target.read_text() == "the user's"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([path.name, "target"])


@pytest.mark.parametrize(
    ("home", "cache", "kept"),
    [
        ("/", None, False),
        ("//", None, False),
        ("/home/someone", None, True),
        ("/home/someone", "/", False),
        ("/", "/var/cache/someone", True),
        ("/home/someone", "relative/cache", False),
    ],
)
def test_no_file_is_kept_below_the_systems_root_as_a_home_or_cache_folder(
    monkeypatch: pytest.MonkeyPatch, home: str, cache: str | None, kept: bool
) -> None:
    """``HOME=/`` (services, cron, containers) would have ``/.cache/notation`` made."""
    monkeypatch.setenv("HOME", home)
    if cache is None:
        monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CACHE_HOME", cache)
    found = lazy.kept_file()
    assert (found is not None) == (kept and KEPT)
    if found is not None:
        top = cache or f"{home}/.cache"
        assert found == f"{top}/notation/patterns.{sys.implementation.cache_tag}.bin"


def test_keep_writes_now_and_not_again_at_exit(kept: tuple[Path, list[Any]]) -> None:
    path, registered = kept
    lazy.compiled(SOURCE)
    assert registered == [lazy._write] and not path.exists()
    unregistered: list[Any] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(atexit, "unregister", unregistered.append)
        lazy.keep()
        assert unregistered == [lazy._write]
        assert set(_programs(path)) == {(SOURCE, 0)}
        lazy.keep()
        assert unregistered == [lazy._write]


def test_a_signal_while_writing_leaves_no_file_and_ends_the_run(
    kept: tuple[Path, list[Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, _ = kept
    lazy.compiled(SOURCE)

    def terminated(*args: object, **options: object) -> None:
        raise SystemExit(143)

    monkeypatch.setattr(os, "replace", terminated)
    with pytest.raises(SystemExit) as ended:
        lazy._write()
    assert ended.value.code == 143
    assert list(path.parent.iterdir()) == []


# The command run in this process: then whether the kept file was written before the
# interpreter's exit (the command's end keeps the patterns, not an exit function).
KEPT_BY_THE_COMMAND = """
import os, sys
from notation import lazy
from notation.cli.main import main
sys.argv = ["notation", "validate", "--no-cache", sys.argv[1]]
try:
    main()
except SystemExit as ended:
    print(ended.code, os.path.exists(lazy.kept_file()))
"""


@pytest.mark.skipif(not KEPT, reason="this interpreter's programs are not kept")
def test_the_command_keeps_the_patterns_before_the_interpreter_exits(tmp_path: Path) -> None:
    (tmp_path / "cache").mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    done = subprocess.run(
        [sys.executable, "-c", KEPT_BY_THE_COMMAND, "samples/brazilian/endgames.pdn"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert done.stdout == "0 True\n"
