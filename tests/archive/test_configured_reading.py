"""The configuration's ``game`` and ``dialects`` (docs/config.md) hold for every command that
replays moves, as they hold for ``validate``: a record is judged the same by all of them.
An option given on the command line wins over the file; ``--isolated`` reads none."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from notation.cli.main import app

UNTAGGED = "1. 22-18 11-15 2. 18x11 8x15 *\n"
"""Russian draughts (or Brazilian) by its first moves; illegal in English draughts, where
Black moves first."""

ILLEGAL = (
    "a.pdn:1:4: error EN202 illegal move 22-18 (game 1, ply 1): square 22 holds a White "
    "man; Black is to move; legal: 9-13, 9-14, 10-14, 10-15, 11-15, 11-16, 12-16; several "
    "corrections make the rest replay: 9-13 before ply 1 (a ply left out); or 9-14 before "
    "ply 1 (a ply left out); or 10-14 before ply 1 (a ply left out) (and 1 more)\n"
)
"""What ``validate`` says of :data:`UNTAGGED` judged as English draughts."""

GUESSED = (
    "a.pdn:1:1: notice REC221 the record names no game and its first moves are not "
    "international draughts (PDN's default): judged as Russian draughts (GameType 25), whose "
    "rules replay its 4 plies; Brazilian draughts (GameType 26) replays as many (a tie goes "
    "to the first in GameType order); a GameType or Variant tag, or --game, decides\n"
)
"""What ``validate`` says of :data:`UNTAGGED` with no game given."""

SHORT = '[GameType "21"]\n[FEN "B:W14,15,22,23:B10"]\n\n1. 10x17 *\n'
"""An English short capture: 10x17 for 10x17x26."""

READ_SHORT = (
    "e.pdn:4:4: notice PDN115 10x17 names only the first landing square of a capture: read "
    "as 10x17x26, the one legal capture landing there first (game 1, ply 1)\n"
)


def run(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


@pytest.fixture(autouse=True)
def _configured(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NOTATION_NO_CACHE", "1")
    Path("notation.toml").write_text('game = "english"\n', encoding="utf-8")
    Path("a.pdn").write_text(UNTAGGED, encoding="utf-8")


def test_validate_judges_the_record_as_the_configured_game() -> None:
    result = run("validate", "a.pdn")
    assert (result.exit_code, result.stdout) == (1, ILLEGAL)
    result = run("validate", "--game", "russian", "a.pdn")
    assert (result.exit_code, result.stdout) == (0, "")


def test_fix_judges_the_record_as_the_configured_game() -> None:
    result = run("fix", "--plycount", "a.pdn")
    # Read whole, the record is written fixed as far as it can be, its error reported.
    assert (result.exit_code, result.stdout) == (1, '[PlyCount "4"]\n\n' + UNTAGGED)
    assert result.stderr == (
        "a.pdn:1:1: notice REC250 fixed: PlyCount 4 (was none)\n"
        + ILLEGAL
        + "1 game: 0 fixed (1 change), 1 left with errors, 0 unchanged\n"
    )


def test_convert_judges_the_record_as_the_configured_game() -> None:
    result = run("convert", "a.pdn")
    assert (result.exit_code, result.stdout, result.stderr) == (
        1,
        "",
        ILLEGAL + "nothing written to standard output: 1 game could not be written whole "
        "(--keep-broken writes them with their text kept in comments)\n",
    )


def test_select_judges_the_record_as_the_configured_game() -> None:
    result = run("select", "--errors", "a.pdn")
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        UNTAGGED,
        "1 of 1 game selected\n",
    )


def test_stats_judges_the_record_as_the_configured_game() -> None:
    result = run("stats", "a.pdn")
    assert (result.exit_code, result.stdout) == (
        1,
        "English draughts (english)\n"
        "  games                1\n"
        "  White wins           0    0.0%\n"
        "  Black wins           0    0.0%\n"
        "  draws                0    0.0%\n"
        "  unfinished           1  100.0%\n"
        "  average length     4.0  plies\n"
        "  invalid records      1\n"
        "  first moves     -\n",
    )


@pytest.mark.parametrize(
    ("args", "status"),
    [(["repair"], 1), (["annotate"], 1), (["render"], 1)],
    ids=lambda a: str(a),
)
def test_every_command_that_replays_reports_what_validate_reports(
    args: list[str], status: int
) -> None:
    result = run(*args, "a.pdn")
    assert result.exit_code == status
    assert ILLEGAL in result.stdout + result.stderr


def test_split_by_game_groups_the_record_by_the_configured_game() -> None:
    result = run("split", "--by", "game", "-d", "out", "a.pdn")
    assert (result.exit_code, result.stdout) == (
        0,
        "out/english.pdn: 1 game\n1 game in 1 file of out\n",
    )


@pytest.mark.parametrize("command", ["fix", "convert", "select", "stats"])
def test_an_option_wins_over_the_configured_game(command: str) -> None:
    given = run(command, "--game", "russian", "a.pdn")
    isolated = run(command, "--isolated", "a.pdn")
    assert given.exit_code == isolated.exit_code == 0
    assert ILLEGAL not in given.stdout + given.stderr
    if command in ("fix", "convert"):
        assert GUESSED not in given.stderr
        assert isolated.stderr.startswith(GUESSED)


def test_the_configured_dialects_are_read_by_convert_as_by_validate() -> None:
    Path("notation.toml").write_text('dialects = ["short-captures"]\n', encoding="utf-8")
    Path("e.pdn").write_text(SHORT, encoding="utf-8")
    validated = run("validate", "e.pdn")
    assert (validated.exit_code, validated.stdout) == (0, READ_SHORT)
    converted = run("convert", "e.pdn")
    assert (converted.exit_code, converted.stderr) == (0, READ_SHORT)
    assert converted.stdout == SHORT.replace("10x17", "10x17x26")
    isolated = run("convert", "--isolated", "e.pdn")
    assert (isolated.exit_code, isolated.stdout) == (1, "")


def test_an_override_gives_its_files_their_game_as_for_validate() -> None:
    Path("notation.toml").write_text(
        '[[overrides]]\npath = "eng/*"\ngame = "english"\n', encoding="utf-8"
    )
    Path("eng").mkdir()
    Path("eng/a.pdn").write_text(UNTAGGED, encoding="utf-8")
    validated = run("validate", "a.pdn", "eng/a.pdn")
    converted = run("convert", "a.pdn", "eng/a.pdn")
    moved = ILLEGAL.replace("a.pdn", "eng/a.pdn", 1)
    assert (validated.exit_code, validated.stdout) == (1, GUESSED + moved)
    assert (converted.exit_code, converted.stdout) == (1, "")
    assert converted.stderr == (
        GUESSED + moved + "nothing written to standard output: 1 game could not be written "
        "whole (--keep-broken writes them with their text kept in comments)\n"
    )
    selected = run("select", "--errors", "a.pdn", "eng/a.pdn")
    assert (selected.exit_code, selected.stdout) == (0, UNTAGGED)


def test_split_takes_the_dialects_as_validate_does() -> None:
    Path("e.pdn").write_text(SHORT, encoding="utf-8")
    result = run("split", "--by", "game", "-d", "out", "--dialect", "short-captures", "e.pdn")
    assert (result.exit_code, result.stdout) == (
        0,
        "out/english.pdn: 1 game\n1 game in 1 file of out\n",
    )
    refused = run("split", "--by", "game", "-d", "out", "--dialect", "nope", "e.pdn")
    assert refused.exit_code == 2
    assert (
        "Invalid value for --dialect: unknown dialect nope (known dialects: short-captures)"
        in refused.stderr
    )
