"""Diagnostics as a person sees them: one line each, also above the progress bar, and
coloured on a terminal as ruff colours its own (``--color``, ``NO_COLOR``,
``FORCE_COLOR``)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from notation.cli.display import painted
from notation.cli.main import app
from notation.cli.options import OUTPUT, colored
from notation.cli.validating import _Progress
from notation.diagnostics import Diagnostic

RECORD = '[GameType "20"]\n\n1. 32-28 19-23 2. 28x10 *\n'
"""A game whose second move is illegal: one error."""

LINE = "a.pdn:3:19: error ID203 "
"""The start of that error's line."""

COLOURED = (
    "\x1b[1ma.pdn\x1b[0m\x1b[36m:\x1b[0m3\x1b[36m:\x1b[0m19\x1b[36m:\x1b[0m "
    "\x1b[1;31merror\x1b[0m \x1b[1;31mID203\x1b[0m "
)
"""The same, coloured."""


class Terminal(io.StringIO):
    """Text written to a terminal."""

    def isatty(self) -> bool:
        return True


def run(*args: str, env: dict[str, str] | None = None) -> object:
    return CliRunner().invoke(app, list(args), env=env)


@pytest.fixture
def record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    Path("a.pdn").write_text(RECORD, encoding="utf-8")
    return "a.pdn"


def test_a_diagnostic_is_painted_as_ruff_paints_one() -> None:
    diagnostic = Diagnostic(code="ID203", text="no such move", line=3, column=19, path="a.pdn")
    assert painted(diagnostic, False) == diagnostic.format() == LINE + "no such move"
    assert painted(diagnostic, True) == COLOURED + "no such move"


@pytest.mark.parametrize(
    ("args", "env", "shown"),
    [
        ((), {}, LINE),
        (("--color", "always"), {}, COLOURED),
        (("--color", "ALWAYS"), {"NO_COLOR": "1"}, COLOURED),
        ((), {"FORCE_COLOR": "1"}, COLOURED),
        ((), {"FORCE_COLOR": "1", "NO_COLOR": "1"}, LINE),
        (("--color", "never"), {"FORCE_COLOR": "1"}, LINE),
    ],
)
def test_colour_follows_the_option_then_the_variables(
    record: str, args: tuple[str, ...], env: dict[str, str], shown: str
) -> None:
    validated = run("validate", *args, record, env=env)
    assert validated.stdout.startswith(shown)  # type: ignore[attr-defined]
    drawn = run("render", *args, record, env=env)
    assert drawn.stderr.startswith(shown)  # type: ignore[attr-defined]
    filed = run("render", *args, "-o", "end.svg", record, env=env)
    assert filed.stdout.startswith(shown)  # type: ignore[attr-defined]


def test_colour_is_on_for_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr(OUTPUT, "color", "auto")
    assert (colored(Terminal()), colored(io.StringIO()), colored(None)) == (True, False, False)
    monkeypatch.setenv("TERM", "dumb")
    assert not colored(Terminal())


def test_a_line_above_the_progress_bar_is_never_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setenv("COLUMNS", "40")
    monkeypatch.setattr(_Progress, "DELAY", 0.0)
    line = LINE + "word " * 30
    with _Progress(1000, shown=True) as progress:
        progress.read(500)
        assert progress.bar is not None
        sys.stderr.write(line + "\n")
    assert line in terminal.getvalue()
