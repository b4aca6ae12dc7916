"""The render command's messages: what was named when it is not one file, how many
games a file has when the game asked for is past them, and its progress on a terminal."""

from __future__ import annotations

import os
import re
import subprocess
import sys
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


def _render_html(source: Path, page: Path, stderr: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "notation.cli", "render", "--picture", "html"]
    return subprocess.Popen(
        [*command, "-o", str(page), str(source)],
        stdout=subprocess.PIPE,
        stderr=stderr,
        env={**os.environ, "TERM": "xterm", "NO_COLOR": ""},
    )


def test_html_progress_shows_on_a_terminal_and_never_when_piped(tmp_path: Path) -> None:
    pty = pytest.importorskip("pty")
    club = (SAMPLES / "brazilian" / "club-championship-2025.pdn").read_text(encoding="utf-8")
    source = tmp_path / "many.pdn"
    source.write_text(club * 50, encoding="utf-8")  # 600 games: seconds, past the delay
    piped = _render_html(source, tmp_path / "piped.html", subprocess.PIPE)
    out, err = piped.communicate(timeout=600)
    assert (piped.returncode, out, err) == (0, b"", b"")
    primary, secondary = pty.openpty()
    shown = _render_html(source, tmp_path / "shown.html", secondary)
    os.close(secondary)
    said = bytearray()
    while True:
        try:
            chunk = os.read(primary, 4096)
        except OSError:  # the terminal's other end closed: the command ended
            break
        if not chunk:
            break
        said += chunk
    os.close(primary)
    assert shown.wait(timeout=600) == 0
    assert shown.stdout is not None and shown.stdout.read() == b""
    counts = [int(n) for n in re.findall(rb"(\d+) games drawn", said)]
    assert counts and counts == sorted(counts) and 0 < counts[-1] <= 600
    page = (tmp_path / "shown.html").read_bytes()
    assert page == (tmp_path / "piped.html").read_bytes()
    assert page.startswith(b"<!DOCTYPE html>") and b"many.pdn: 600 games" in page
