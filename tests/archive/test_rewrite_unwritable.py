"""A game that is nothing but a syntax error (a junk token, alone or between two games, or
a byte order mark in the middle of a file) fails a writing command as any syntax error
does: reported as ``validate`` reports it, exit 1, nothing written unless
``--keep-broken``, which keeps its text in comments."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from notation.cli.main import app

runner = CliRunner()

COMMANDS = ("convert", "annotate", "fix", "repair")

NOTHING_WRITTEN = (
    "nothing written to standard output: {} could not be written whole "
    "(--keep-broken writes them with their text kept in comments)\n"
)

JUNK_ERROR = "junk.pdn:1:1: error PDN101 unexpected 'foo' in movetext\n"

GAME = '[GameType "26"]\n[Result "*"]\n\n1. 22-18 *\n'

SUMMARY = {
    "fix": "1 game: 0 fixed (0 changes), 1 left with errors, 0 unchanged\n",
    "repair": "1 game: 0 corrected (0 corrections), 1 left with errors, 0 unchanged\n",
}


@pytest.fixture(autouse=True)
def _here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


@pytest.mark.parametrize("command", COMMANDS)
def test_one_junk_token_fails_the_run_with_its_diagnostic_and_writes_nothing(
    command: str,
) -> None:
    Path("junk.pdn").write_text("foo\n", "utf-8")
    result = run(command, "junk.pdn")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        JUNK_ERROR + NOTHING_WRITTEN.format("1 game") + SUMMARY.get(command, "")
    )


@pytest.mark.parametrize("command", COMMANDS)
def test_keep_broken_keeps_the_junk_in_comments(command: str) -> None:
    Path("junk.pdn").write_text("foo\n", "utf-8")
    result = run(command, "--keep-broken", "junk.pdn")
    assert result.exit_code == 1
    assert result.stdout == (
        "; notation: kept as written from here: PDN101 unexpected 'foo' in movetext\n; foo\n*\n"
    )
    assert result.stderr == JUNK_ERROR + SUMMARY.get(command, "")


@pytest.mark.parametrize("command", COMMANDS)
def test_a_junk_line_between_two_games_fails_the_run(command: str) -> None:
    Path("mid.pdn").write_text(GAME + "\nfoo\n\n" + GAME, "utf-8")
    result = run(command, "mid.pdn")
    assert (result.exit_code, result.stdout) == (1, "")
    assert "mid.pdn:6:1: error PDN101 unexpected 'foo' in movetext\n" in result.stderr
    assert NOTHING_WRITTEN.format("1 game") in result.stderr
    assert "cannot be written" not in result.stderr.replace("could not be written whole", "")
    kept = run(command, "--keep-broken", "mid.pdn")
    assert kept.exit_code == 1
    assert "\n; foo\n" in kept.stdout
    assert kept.stdout.count("1. 22-18") == 2


def test_a_byte_order_mark_that_starts_a_later_game_is_the_same_notice_for_convert() -> None:
    marked = ("\ufeff" + GAME).encode("utf-8")
    Path("bom.pdn").write_bytes(marked + marked)
    validated = run("validate", "bom.pdn")
    assert validated.exit_code == 0
    assert " notice PDN117 " in validated.stdout
    converted = run("convert", "bom.pdn")
    assert (converted.exit_code, converted.stdout) == (0, GAME + "\n" + GAME)
    assert converted.stderr == validated.stdout


def test_in_place_leaves_a_file_of_junk_as_it_was() -> None:
    Path("junk.pdn").write_text("foo\n", "utf-8")
    result = run("convert", "--in-place", "junk.pdn")
    assert result.exit_code == 1
    assert result.stdout == JUNK_ERROR + (  # the report, no record going there
        "junk.pdn: not rewritten: 1 game could not be written whole "
        "(--keep-broken writes them with their text kept in comments)\n"
    )
    assert Path("junk.pdn").read_text("utf-8") == "foo\n"
