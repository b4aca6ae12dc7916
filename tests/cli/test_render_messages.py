"""The render command's messages: what was named when it is not one file, how many
games a file has when the game asked for is past them, and its progress on a terminal."""

from __future__ import annotations

import fcntl
import os
import re
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest
from typer.testing import CliRunner

from notation.cli.main import app

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["render", *args])
    return result.exit_code, result.stderr


def test_a_folder_is_named_as_a_folder() -> None:
    folder = SAMPLES / "brazilian"
    files = len(list(folder.rglob("*.pdn")))
    assert run(str(folder)) == (
        2,
        f"notation: render draws one file; {folder} is a folder of {files} record files: "
        "name one of them\n",
    )


def test_a_pattern_says_how_many_files_it_names() -> None:
    pattern = str(SAMPLES / "brazilian" / "*.pdn")
    files = len(list((SAMPLES / "brazilian").glob("*.pdn")))
    assert run(pattern, "--picture", "html") == (
        2,
        f"notation: render draws one file; {pattern} names {files} record files: "
        "name one of them\n",
    )


def test_a_game_past_the_last_says_how_many_the_file_has() -> None:
    source = SAMPLES / "brazilian" / "annotated.pdn"
    said = f"notation: {source} has no game 99: it has 5 games\n"
    assert run(str(source), "--index", "99") == (2, said)
    assert run(str(source), "--index", "99", "--picture", "html") == (2, said)
    assert run(str(source), "--index", "6", "--picture", "svg") == (2, said.replace("99", "6"))


def test_a_file_of_one_game_says_one_game() -> None:
    source = SAMPLES / "brazilian" / "broken" / "majority-ignored.pdn"
    assert run(str(source), "--index", "2")[1].endswith("has no game 2: it has 1 game\n")


@pytest.mark.parametrize("picture", ["text", "svg", "html"])
def test_a_file_of_no_game_says_so_without_naming_an_option_render_lacks(
    tmp_path: Path, picture: str
) -> None:
    """A file without a game has no game to draw: said as a game past the last is, not as
    PDN108, whose message names --allow-empty, which render does not take."""
    source = tmp_path / "empty.pdn"
    source.write_text("; no game here\n", encoding="utf-8")
    assert run(str(source), "--picture", picture) == (
        2,
        f"notation: {source} has no game 1: it has 0 games\n",
    )


NO_DELAY = (
    "from notation.cli.progress import LateProgress; LateProgress.DELAY = 0.0; "
    "from notation.cli.main import main; main()"
)
"""The command with its progress display shown from the start: a run of a few hundred
games must not have to outlast the display's delay on a fast machine."""


def _render_html(source: Path, out: Path, *args: str) -> tuple[int, bytes]:
    """Run ``render --picture html`` of ``source`` with standard output to ``out`` and
    standard error to a new terminal of 80 columns; its exit status and what that showed."""
    pty = pytest.importorskip("pty")
    primary, secondary = pty.openpty()
    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    command = [sys.executable, "-c", NO_DELAY, "render", "--picture", "html", *args]
    with out.open("wb") as stdout:
        child = subprocess.Popen(
            [*command, str(source)],
            stdout=stdout,
            stderr=secondary,
            env={**os.environ, "TERM": "xterm", "NO_COLOR": ""},
        )
    os.close(secondary)
    shown = bytearray()
    while True:
        try:
            chunk = os.read(primary, 4096)
        except OSError:  # the terminal's other end closed: the command ended
            break
        if not chunk:
            break
        shown += chunk
    os.close(primary)
    return child.wait(timeout=600), bytes(shown)


def test_html_progress_shows_on_a_terminal_and_never_when_piped(tmp_path: Path) -> None:
    club = (SAMPLES / "brazilian" / "club-championship-2025.pdn").read_text(encoding="utf-8")
    source = tmp_path / "many.pdn"
    source.write_text(club * 50, encoding="utf-8")  # 600 games: seconds, past the delay
    command = [sys.executable, "-m", "notation.cli", "render", "--picture", "html"]
    piped = subprocess.run([*command, str(source)], capture_output=True, timeout=600, check=False)
    assert (piped.returncode, piped.stderr) == (0, b"")
    page = piped.stdout
    assert page.startswith(b"<!DOCTYPE html>") and f"{source}: 600 games".encode() in page
    status, shown = _render_html(source, tmp_path / "page.html")
    assert status == 0 and (tmp_path / "page.html").read_bytes() == page
    counts = [int(n) for n in re.findall(rb"(\d+) games drawn", shown)]
    assert counts and counts == sorted(counts) and 0 < counts[-1] <= 600
    # With -o the report would go to standard output, here a file: the display, which
    # takes standard output over while it shows, is not shown.
    status, shown = _render_html(source, tmp_path / "out", "-o", str(tmp_path / "o.html"))
    assert (status, shown, (tmp_path / "out").read_bytes()) == (0, b"", b"")
    assert (tmp_path / "o.html").read_bytes() == page


def test_a_problem_is_one_line_above_the_progress_display(tmp_path: Path) -> None:
    club = (SAMPLES / "brazilian" / "club-championship-2025.pdn").read_text(encoding="utf-8")
    broken = (SAMPLES / "brazilian" / "broken" / "illegal-move.pdn").read_text(encoding="utf-8")
    source = tmp_path / "many.pdn"
    source.write_text(club * 50 + "\n" + broken, encoding="utf-8")  # told once it shows
    problem = CliRunner().invoke(app, ["validate", str(source)]).stdout.strip()
    assert len(problem) > 200 and "\n" not in problem
    status, shown = _render_html(source, tmp_path / "page.html")
    assert status == 1 and b"games drawn" in shown
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", shown.decode())
    # What each line of the terminal ends up showing: the text after its last return.
    lines = [line.rstrip("\r").rsplit("\r", 1)[-1] for line in text.split("\n")]
    assert problem in lines  # a line of its own, whole: not cut at the terminal's 80 columns


@pytest.mark.parametrize("picture", ["text", "svg", "html"])
def test_a_record_drawn_with_an_error_is_exit_1_in_every_picture(
    tmp_path: Path, picture: str
) -> None:
    # Text and SVG exited 0: only the html viewer raised the status for an error.
    path = SAMPLES / "brazilian" / "broken" / "wrong-result.pdn"
    result = CliRunner().invoke(
        app, ["render", str(path), "--picture", picture, "-o", str(tmp_path / "out")]
    )
    # The picture goes to the file, the problem to standard output (the report).
    assert (result.exit_code, result.stdout) == (
        1,
        f"{path}:14:36: error REC204 the record says 0-2 but the rules decide 2-0 (Black has "
        "no legal move) (game 1)\n",
    )
    drawn = (tmp_path / "out").read_text("utf-8")
    assert {
        "text": drawn.endswith("White wins (Black has no legal move)\n"),
        "svg": drawn.startswith("<svg ")
        and drawn.endswith("(Black has no legal move)</text></svg>\n"),
        "html": drawn.startswith("<!DOCTYPE html>\n"),
    }[picture]


def test_a_picture_not_known_names_the_option_given() -> None:
    # It named --format, which render does not have.
    result = CliRunner().invoke(app, ["render", str(SAMPLES / "brazilian"), "--picture", "x"])
    assert result.exit_code == 2
    assert "Invalid value for --picture: choose text, svg or html" in result.stderr
