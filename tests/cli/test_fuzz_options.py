"""Hostile option values through every command: empty, signed and huge numbers, numbers
past 64 bits, control characters (not NUL, which no command line can hold), long and
non-ASCII text, device nodes,
folders, patterns and other games' texts, for every option of every command at once.
Whatever is given, a command never raises (no traceback), exits 0, 1 or 2, and changes
no input file.

The commands run in-process through Typer's test runner, in a fresh folder holding a copy
of a sample record; ``find`` and ``tree`` read an index of the samples made once.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import traceback
from pathlib import Path
from typing import Any

import pytest
import typer.main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from notation.cli.main import app

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
RECORD = SAMPLES / "brazilian" / "endgames.pdn"
runner = CliRunner()

COMMANDS: dict[str, Any] = dict(typer.main.get_command(app).commands)  # type: ignore[attr-defined]

SKIPPED = {"--scheduler", "--scheduler-timeout", "--help", "--version"}
"""Options left out: a scheduler's address is a connection to a cluster (its own tests give
bad ones), and the help and version end a command before it runs."""

VALUES = [
    "",
    "-",
    "0",
    "1",
    "2",
    "-1",
    "07",
    str(2**63),
    str(10**30),
    "9" * 5000,
    "1e9",
    "nan",
    "inf",
    "x",
    "é",
    "Gérard Жуков 王",
    "\x1b[31m",
    "a" * 5000,
    ".",
    "..",
    "none/such/place",
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "*",
    "[",
    "**/*.pdn",
    "=",
    "White=",
    "White=*",
    ":",
    "5:",
    ":5",
    "9:1",
    "W=1-2,B=0+",
    "w:22 b:12 empty:18",
    "W:W99:B1",
    "W:W31,32:B1,2",
    "B:W21:B12",
    "22-18",
    "22-18 11-15",
    "1-0",
    "brazilian",
    "keny",
    "json",
    "idna",
    "ID203",
    "BR",
]
"""Values that have broken commands' option parsing before, or that a new user types."""


def options(command: str) -> list[tuple[str, bool]]:
    """Each option of ``command``: its name, and whether it is a flag."""
    return [
        (param.opts[0], bool(param.is_flag))
        for param in COMMANDS[command].params
        if param.param_type_name == "option" and param.opts[0] not in SKIPPED
    ]


def arguments(command: str) -> list[str]:
    """The positional arguments ``command`` is given: the sample record's copy where it
    reads records, a game where it makes one."""
    names = [p.name for p in COMMANDS[command].params if p.param_type_name == "argument"]
    if "name" in names:
        return ["brazilian"]
    return ["game.pdn"] if {"paths", "source"} & set(names) else []


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An index of the Brazilian samples, for ``find`` and ``tree``."""
    db = tmp_path_factory.mktemp("index") / "notation.sqlite"
    result = runner.invoke(app, ["index", "--db", str(db), str(SAMPLES / "brazilian")])
    assert result.exit_code in (0, 2), result.stderr
    return db


def _in_argv(text: str) -> bool:
    """Whether a command line can hold ``text``: the system decodes its bytes with
    surrogate escapes, so no other lone surrogate (``\\udd00``) ever reaches a command."""
    try:
        os.fsencode(text)
    except UnicodeEncodeError:
        return False
    return True


def _stays_here(text: str) -> bool:
    """Whether ``text``, taken as a path, names a place inside the run's own folder: a drawn
    output name (``/x``, ``../x``) must not write beside the system's files."""
    return not os.path.isabs(text) and os.path.normpath(text).split(os.sep)[0] != ".."


@st.composite
def invocations(draw: st.DrawFn) -> list[str]:
    """A command with up to four of its options, each given a hostile value (or set, for
    a flag), before or after its positional arguments."""
    command = draw(st.sampled_from(sorted(COMMANDS)))
    given: list[str] = []
    choices = options(command)
    if choices:
        for name, flag in draw(st.lists(st.sampled_from(choices), max_size=4)):
            given += (
                [name]
                if flag
                else [
                    name,
                    draw(
                        st.sampled_from(VALUES)
                        | st.text(st.characters(exclude_characters="\x00"), max_size=20)
                        .filter(_in_argv)
                        .filter(_stays_here)
                        | st.binary(max_size=20)
                        .filter(lambda b: b"\x00" not in b)
                        .map(os.fsdecode)
                        .filter(_stays_here)
                    ),
                ]
            )
    positional = arguments(command)
    return [command, *positional, *given] if draw(st.booleans()) else [command, *given, *positional]


@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(args=invocations())
def test_no_option_value_crashes_a_command(index: Path, args: list[str]) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        shutil.copy(RECORD, folder / "game.pdn")
        here = os.getcwd()
        os.chdir(folder)
        try:
            result = runner.invoke(
                app, args, env={"NOTATION_DB": str(index), "NOTATION_NO_CACHE": "1"}
            )
        finally:
            os.chdir(here)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise AssertionError(
                f"notation {args!r} raised:\n"
                + "".join(traceback.format_exception(result.exception))
            )
        assert result.exit_code in (0, 1, 2), (args, result.stderr)
        assert "Traceback" not in result.stderr
        if "--in-place" not in args:
            assert (folder / "game.pdn").read_bytes() == RECORD.read_bytes(), args


def test_drawn_names_stay_in_the_run_folder() -> None:
    # A drawn "/ÌÉvÃAù" given to --output wrote an empty file at the system's root.
    assert [_stays_here(t) for t in ("x", "a/b", "..a", "./x", "a/../b")] == [True] * 5
    assert [_stays_here(t) for t in ("/x", "../x", "a/../../x", "//x", "..")] == [False] * 5
