"""A game added in a few dozen lines: Canadian draughts (international rules on 12x12, 30
men each, PDN GameType 27), registered by this test alone, then validated, converted,
drawn (text, SVG, HTML) and repaired by the commands as any built-in game is.

The expected answers were worked out by hand on the 12x12 board: its 72 dark squares are
numbered 1..72 row by row from Black's side (1 = b12, 7 = a11, 67 = a1, 72 = k1)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest
from gamekit import draughts_registered
from typer.testing import CliRunner

from notation.cli.main import app
from notation.games.base import IllegalMove, TextCache
from notation.games.draughts import WHITE, MoveCodes, move_shape
from notation.games.flying import DraughtsEngine, DraughtsMove, DraughtsPosition
from notation.games.fmjd import FmjdGame
from notation.games.registry import game_for_tags, register, unregister

# The game: what a module notation/games/canadian.py would hold. ------------------------


class CanadianPosition(DraughtsPosition):
    __slots__ = ()


class CanadianMove(DraughtsMove):
    __slots__ = ()


ENGINE = DraughtsEngine(12, majority=True, crown_mid_capture=False)
TEXT_CACHE: TextCache[object] = TextCache()


class Canadian(FmjdGame[CanadianPosition, CanadianMove]):
    name: ClassVar[str] = "canadian"
    title: ClassVar[str] = "Canadian draughts"
    in_text: ClassVar[str] = "Canadian draughts"
    a_move: ClassVar[str] = "a Canadian draughts move"
    notations: ClassVar[tuple[str, ...]] = ("numeric", "alphanumeric")
    move_shape: ClassVar[re.Pattern[str]] = move_shape(12, alphanumeric=True)
    gametype: ClassVar[str | None] = "27"
    gametypes: ClassVar[tuple[str, ...]] = ("27",)
    gametype_advice: ClassVar[str] = "27"
    engine: ClassVar[DraughtsEngine] = ENGINE
    position_type: ClassVar[type[CanadianPosition]] = CanadianPosition
    move_type: ClassVar[type[CanadianMove]] = CanadianMove
    start_position: ClassVar[CanadianPosition] = CanadianPosition(
        sum(ENGINE.bit[43:73]), sum(ENGINE.bit[1:31]), 0, WHITE
    )
    codes: ClassVar[MoveCodes]
    text_cache: ClassVar[TextCache[object]] = TEXT_CACHE


GAME = Canadian()


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    """The game and its codes known to the toolkit (its picture is the draughts family's),
    then forgotten."""
    with draughts_registered(GAME, "CA"):
        yield


# Rules on the 12x12 board -----------------------------------------------------------------


def test_the_start_has_eleven_moves_written_in_both_notations() -> None:
    start = GAME.start({})
    moves = GAME.legal_moves(start)
    assert GAME.describe_moves(start, moves) == [
        "43-37", "44-37", "44-38", "45-38", "45-39", "46-39",
        "46-40", "47-40", "47-41", "48-41", "48-42",
    ]  # fmt: skip
    assert GAME.describe_moves(start, moves, "alphanumeric") == [
        "a5-b6", "c5-b6", "c5-d6", "e5-d6", "e5-f6", "g5-f6",
        "g5-h6", "i5-h6", "i5-j6", "k5-j6", "k5-l6",
    ]  # fmt: skip


def test_a_king_flies_along_the_long_diagonal_of_twelve_squares() -> None:
    # The king on a1 reaches b2..k11; Black's man on l12 has no square behind it.
    position = GAME.start({"FEN": "W:WK67:B6"})
    moves = GAME.legal_moves(position)
    assert GAME.describe_moves(position, moves) == [
        "67-12", "67-17", "67-23", "67-28", "67-34",
        "67-39", "67-45", "67-50", "67-56", "67-61",
    ]  # fmt: skip
    assert GAME.describe_moves(position, moves, "alphanumeric")[0] == "a1-k11"


def test_the_majority_rule_on_the_large_board() -> None:
    # e3 (57) takes d4 (50) then d6 (38), landing on e7 (33); taking f4 (51) takes one.
    position = GAME.start({"FEN": "W:W57,70:B38,50,51"})
    assert GAME.legal_moves(position) == [CanadianMove((57, 44, 33), (38, 50))]
    assert GAME.parse_move(position, "e3xc5xe7") == CanadianMove((57, 44, 33), (38, 50))
    with pytest.raises(IllegalMove) as fewer:
        GAME.parse_move(position, "57x46")
    assert (fewer.value.code, str(fewer.value)) == (
        "CA205",
        "a capture of 2 pieces is available; 57x46 takes 1",
    )
    with pytest.raises(IllegalMove) as quiet:
        GAME.parse_move(position, "70-64")
    assert (quiet.value.code, str(quiet.value)) == (
        "CA204",
        "a capture is available: 57x33; 70-64 is not a capture",
    )


# The commands ---------------------------------------------------------------------------

TAGS = """[Event "Club night"]
[Site "Montreal"]
[Date "2026.11.30"]
[Round "1"]
[White "Tremblay"]
[Black "Gagnon"]
[Result "*"]
[GameType "27"]

"""
MOVES = "1. 45-39 28-34 2. 39x28 23x34 3. 46-40 34-39 4. 51-45 22-28 5. 45x36 30x41 *\n"
runner = CliRunner()


def record(tmp_path: Path, moves: str = MOVES) -> str:
    path = tmp_path / "club.pdn"
    path.write_text(TAGS + moves, encoding="utf-8")
    return str(path)


def test_validate_replays_the_record_and_finds_a_capture_too_small(tmp_path: Path) -> None:
    valid = runner.invoke(app, ["validate", "--no-cache", record(tmp_path)])
    assert (valid.exit_code, valid.stdout) == (0, "")
    assert valid.stderr == "1 game in 1 file: 0 errors, 0 warnings, 0 notices\n"
    # e5 (45) takes f6, h8 and j8 to k7 (36): 45x23 stops after two.
    path = record(tmp_path, MOVES.replace("45x36", "45x23"))
    found = runner.invoke(app, ["validate", "--no-cache", path])
    assert found.exit_code == 1
    assert found.stdout == (
        f"{path}:10:64: error CA205 illegal move 45x23 (game 1, ply 9): a capture of 3 "
        "pieces is available; 45x23 takes 2; legal: 45x36\n"
    )


def test_convert_writes_the_twelve_files_and_ranks(tmp_path: Path) -> None:
    result = runner.invoke(app, ["convert", "-n", "alphanumeric", record(tmp_path)])
    assert result.exit_code == 0
    assert result.stdout == TAGS + (
        "1. e5-f6 h8-g7 2. f6xh8 i9xg7 3. g5-h6 g7-f6 4. f4-e5 g9-h8 5. e5xk7 l8xj6 *\n"
    )


def test_render_draws_the_position_as_text_svg_and_html(tmp_path: Path) -> None:
    path = record(tmp_path)
    text = runner.invoke(app, ["render", "-p", "9", path])
    assert text.exit_code == 0
    assert text.stdout == (
        "       1 b       2 b       3 b       4 b       5 b       6 b\n"
        "  7 b       8 b       9 b      10 b      11 b      12 b\n"
        "      13 b      14 b      15 b      16 b      17 b      18 b\n"
        " 19 b      20 b      21 b      22 .      23[.]     24 b\n"
        "      25 b      26 b      27 b      28 .      29 .      30 b\n"
        " 31 .      32 .      33 .      34[.]     35 .      36[w]\n"
        "      37 .      38 .      39 .      40 w      41 .      42 .\n"
        " 43 w      44 w      45[.]     46 .      47 w      48 w\n"
        "      49 w      50 w      51 .      52 w      53 w      54 w\n"
        " 55 w      56 w      57 w      58 w      59 w      60 w\n"
        "      61 w      62 w      63 w      64 w      65 w      66 w\n"
        " 67 w      68 w      69 w      70 w      71 w      72 w\n"
        "Black to move\n"
    )
    svg = runner.invoke(app, ["render", "-p", "9", "--picture", "svg", path])
    assert svg.exit_code == 0
    assert svg.stdout.startswith("<svg ")
    assert "<title>Canadian draughts position</title>" in svg.stdout
    numbers = re.findall(r">([0-9]+)</text>", svg.stdout)
    assert [int(n) for n in numbers if int(n) > 12] == list(range(13, 73))
    assert ">l</text>" in svg.stdout
    html = runner.invoke(app, ["render", "--picture", "html", path])
    assert html.exit_code == 0
    assert f"<title>{path}: 1 game</title>" in html.stdout
    assert "Canadian draughts position" in html.stdout


def test_repair_turns_a_step_written_backwards_around(tmp_path: Path) -> None:
    path = record(tmp_path, MOVES.replace("46-40", "40-46"))
    result = runner.invoke(app, ["repair", path])
    assert result.exit_code == 0
    assert result.stdout == TAGS + (
        "1. 45-39 28-34 2. 39x28 23x34 3. 46-40 {was: 40-46} 34-39 4. 51-45 22-28 5.\n"
        "45x36 30x41 *\n"
    )
    assert result.stderr == (
        f"{path}:10:34: notice REC230 slip corrected: 46-40 for 40-46 at ply 5 (the step "
        "written backwards); the remaining 5 plies then replay (game 1, ply 5 was illegal)\n"
        "1 game: 1 corrected (1 correction), 0 left with errors, 0 unchanged\n"
    )


def test_a_game_unregistered_is_unknown_again() -> None:
    assert game_for_tags({"GameType": "27"}) is GAME
    assert game_for_tags({"Variant": "Canadian draughts"}) is GAME
    unregister(GAME.name)
    try:
        assert game_for_tags({"GameType": "27"}) == "GameType 27 (Canadian draughts)"
        assert game_for_tags({"Variant": "canadian"}) == "variant 'canadian'"
    finally:
        register(GAME)
