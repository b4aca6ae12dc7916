"""Draughts boards of any even size: FMJD games on 16x16 and 20x20, registered by this test
alone, read and write square numbers of three digits and square names up to t20, and are
validated and converted by the commands as any built-in game is.

The expected answers were worked out by hand. The dark squares are numbered row by row
from Black's side, half the board's side to a row: on 16x16, 1 = b16, 9 = a15, 121 = a1,
128 = o1; on 20x20, 1 = b20, 11 = a19, 191 = a1, 200 = s1 (rank r, file f counted from 0:
number (size - r) * size / 2 + f // 2 + 1)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest
from gamekit import draughts_registered
from typer.testing import CliRunner

from notation.cli.main import app
from notation.games.base import IllegalMove, SetupError, TextCache
from notation.games.draughts import WHITE, MoveCodes, move_shape
from notation.games.flying import DraughtsEngine, DraughtsMove, DraughtsPosition
from notation.games.fmjd import FmjdGame
from notation.index.patterns import (
    MATERIAL_GAMES,
    Material,
    PatternError,
    matches,
    material_of,
    parse_pattern,
)


class LargePosition(DraughtsPosition):
    __slots__ = ()


class LargeMove(DraughtsMove):
    __slots__ = ()


def fmjd_game(size: int, prefix: str) -> FmjdGame[LargePosition, LargeMove]:
    """An FMJD game on a ``size`` x ``size`` board, each side's men on the rows of its
    half but the middle two, named ``Draughts NxN``; its codes are registered by
    :func:`registered`."""
    engine = DraughtsEngine(size, majority=True, crown_mid_capture=False)
    men = (size // 2 - 1) * size // 2
    last = len(engine.squares)
    title = f"Draughts {size}x{size}"

    class Large(FmjdGame[LargePosition, LargeMove]):
        name: ClassVar[str] = f"draughts-{size}"
        code_prefix: ClassVar[str | None] = prefix
        in_text: ClassVar[str] = title
        a_move: ClassVar[str] = f"a {title} move"
        notations: ClassVar[tuple[str, ...]] = ("numeric", "alphanumeric")
        move_shape: ClassVar[re.Pattern[str]] = move_shape(size, alphanumeric=True)
        position_type: ClassVar[type[LargePosition]] = LargePosition
        move_type: ClassVar[type[LargeMove]] = LargeMove
        start_position: ClassVar[LargePosition] = LargePosition(
            sum(engine.bit[last - men + 1 :]), sum(engine.bit[1 : men + 1]), 0, WHITE
        )
        codes: ClassVar[MoveCodes]
        text_cache: ClassVar[TextCache[object]] = TextCache()
        gametype_advice: ClassVar[str] = "none, and name the game by its Variant tag"

    Large.title = title
    Large.engine = engine
    return Large()


SIXTEEN = fmjd_game(16, "XS")
TWENTY = fmjd_game(20, "XT")


@pytest.fixture(autouse=True)
def both_registered() -> Iterator[None]:
    with draughts_registered(SIXTEEN, "XS"), draughts_registered(TWENTY, "XT"):
        yield


def test_the_start_on_twenty_has_nineteen_moves_of_three_digit_squares() -> None:
    # White's men fill a1..t9 (111..200); the front row a9..s9 (111..120) steps to rank 10.
    start = TWENTY.start({})
    moves = TWENTY.legal_moves(start)
    assert TWENTY.describe_moves(start, moves) == ["111-101"] + [
        f"{n}-{to}" for n in range(112, 121) for to in (n - 11, n - 10)
    ]
    assert TWENTY.describe_moves(start, moves, "alphanumeric")[:3] == ["a9-b10", "c9-b10", "c9-d10"]
    assert TWENTY.describe_moves(start, moves, "alphanumeric")[-1] == "s9-t10"
    assert TWENTY.write_fen(start).startswith("W:W111,112,") and start.black == sum(
        TWENTY.engine.bit[1:91]
    )


def test_a_gametype_tag_is_refused_with_the_advice_of_the_game() -> None:
    with pytest.raises(SetupError) as refused:
        SIXTEEN.start({"GameType": "20,W,16,16,N1,0"})
    assert str(refused.value) == (
        "GameType '20,W,16,16,N1,0' is not a Draughts 16x16 board this toolkit reads; "
        "use none, and name the game by its Variant tag"
    )


def test_a_man_takes_the_most_pieces_over_three_digit_squares() -> None:
    # On 16x16, c3 (106) takes d4 (98) and f6 (83), landing on e5 (91) then g7 (76);
    # e1 (123) takes f2 (115) alone, landing on g3 (108).
    position = SIXTEEN.start({"FEN": "W:W106,123:B83,98,115"})
    assert SIXTEEN.legal_moves(position) == [LargeMove((106, 91, 76), (83, 98))]
    assert SIXTEEN.parse_move(position, "c3xe5xg7") == LargeMove((106, 91, 76), (83, 98))
    assert SIXTEEN.parse_move(position, "106x76") == LargeMove((106, 91, 76), (83, 98))
    # The dialects read three-digit squares: a short capture, the other separator.
    assert SIXTEEN.read_short_capture(position, "106x91") == LargeMove((106, 91, 76), (83, 98))
    assert SIXTEEN.read_other_separator(position, "106-76") == LargeMove((106, 91, 76), (83, 98))
    with pytest.raises(IllegalMove) as fewer:
        SIXTEEN.parse_move(position, "123x108")
    assert (fewer.value.code, str(fewer.value)) == (
        "XS205",
        "a capture of 2 pieces is available; 123x108 takes 1",
    )
    with pytest.raises(IllegalMove) as beyond:
        SIXTEEN.parse_move(position, "106-129")
    assert (beyond.value.code, str(beyond.value)) == (
        "XS201",
        "'106-129' is not a Draughts 16x16 move: there is no square 129",
    )
    with pytest.raises(IllegalMove) as long:
        SIXTEEN.parse_move(position, "1060-98")
    assert (long.value.code, str(long.value)) == ("XS201", "'1060-98' is not a Draughts 16x16 move")


def test_a_flying_king_takes_three_pieces_across_the_twenty_board() -> None:
    # The king on a1 (191) flies over h8 (124) to l12 (86), turns over i15 (55) to f18 (23),
    # turns over c15 (52) and lands on b14 (61) or a13 (71). Landing anywhere else after h8
    # takes one piece only; the man on t2 (190) may not step while a capture is on.
    position = TWENTY.start({"FEN": "W:WK191,190:B124,55,52,1"})
    assert TWENTY.legal_moves(position) == [
        LargeMove((191, 86, 23, 61), (52, 55, 124)),
        LargeMove((191, 86, 23, 71), (52, 55, 124)),
    ]
    assert TWENTY.describe_moves(position, TWENTY.legal_moves(position)) == ["191x61", "191x71"]
    assert TWENTY.describe_moves(position, TWENTY.legal_moves(position), "alphanumeric") == [
        "a1xb14",
        "a1xa13",
    ]
    assert TWENTY.parse_move(position, "a1xl12xf18xa13") == LargeMove(
        (191, 86, 23, 71), (52, 55, 124)
    )
    after = TWENTY.play(position, TWENTY.parse_move(position, "191x71"))
    assert TWENTY.write_fen(after) == "B:WK71,190:B1"
    with pytest.raises(IllegalMove) as short:
        TWENTY.parse_move(position, "191x10")
    assert (short.value.code, str(short.value)) == (
        "XT205",
        "a capture of 3 pieces is available; 191x10 takes 1",
    )


# The commands ---------------------------------------------------------------------------

TAGS = """[Event "Big boards"]
[Site "Toronto"]
[Date "2026.12.02"]
[Round "1"]
[White "Roy"]
[Black "Tanaka"]
[Result "*"]
[Variant "Draughts 20x20"]

"""
MOVES = "1. 115-105 86-96 2. 105x86 77x96 3. 114-104 *\n"
ALPHANUMERIC = "1. i9-j10 l12-k11 2. j10xl12 m13xk11 3. g9-h10 *\n"
runner = CliRunner()


def test_validate_and_convert_round_trip_on_twenty(tmp_path: Path) -> None:
    path = tmp_path / "big.pdn"
    path.write_text(TAGS + MOVES, encoding="utf-8")
    valid = runner.invoke(app, ["validate", "--no-cache", str(path)])
    assert (valid.exit_code, valid.stdout) == (0, "")
    assert valid.stderr == "1 game in 1 file: 0 errors, 0 warnings, 0 notices\n"
    named = runner.invoke(app, ["convert", "-n", "alphanumeric", str(path)])
    assert (named.exit_code, named.stdout) == (0, TAGS + ALPHANUMERIC)
    back = tmp_path / "named.pdn"
    back.write_text(named.stdout, encoding="utf-8")
    numbered = runner.invoke(app, ["convert", "-n", "numeric", str(back)])
    assert (numbered.exit_code, numbered.stdout) == (0, TAGS + MOVES)


def test_validate_names_an_illegal_three_digit_move_on_sixteen(tmp_path: Path) -> None:
    path = tmp_path / "sixteen.pdn"
    tags = TAGS.replace("20x20", "16x16")
    path.write_text(tags + "1. 104-96 *\n", encoding="utf-8")
    found = runner.invoke(app, ["validate", "--no-cache", str(path)])
    assert found.exit_code == 1
    # White's front row a7..o7 (73..80) steps to rank 8 (65..72); p4 (104) is behind it.
    steps = ", ".join(["73-65"] + [f"{n}-{to}" for n in range(74, 81) for to in (n - 9, n - 8)])
    assert found.stdout == (
        f"{path}:10:4: error XS203 illegal move 104-96 (game 1, ply 1): a man on 104 cannot "
        f"move to 96: square 96 is occupied; legal: {steps}\n"
    )


def test_position_patterns_and_material_ask_the_game_for_its_squares() -> None:
    # The index knows no board: a game registered here is counted and searched as is.
    start = SIXTEEN.start({})
    assert material_of(SIXTEEN, start) == Material(56, 0, 56, 0)
    assert "draughts-16" in MATERIAL_GAMES
    front = parse_pattern("w:73-80 empty:65-72,o9", SIXTEEN)
    assert front.white_men == sum(SIXTEEN.engine.bit[73:81]) and matches(front, SIXTEEN, start)
    assert not matches(parse_pattern("b:K1", SIXTEEN), SIXTEEN, start)
    with pytest.raises(PatternError) as beyond:
        parse_pattern("w:129", SIXTEEN)
    assert str(beyond.value) == (
        "pattern 'w:129': '129' is not a square of Draughts 16x16 (1 to 128, or a1 to p16 by name)"
    )
