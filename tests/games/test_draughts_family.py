"""The draughts family: one base, one move generation by the rules, boards of any even
size, and one bounded cache of the move texts read."""

from __future__ import annotations

import re

import pytest

from notation.games.base import Side, TextCache
from notation.games.draughts import DraughtsGame
from notation.games.flying import MAX_SIZE, Board, DraughtsEngine, square_pattern
from notation.games.registry import GAMES

DRAUGHTS = ("brazilian", "international", "english", "russian")


@pytest.mark.parametrize("name", DRAUGHTS)
def test_every_draughts_game_is_of_the_family_with_its_own_text_cache(name: str) -> None:
    game = GAMES[name]
    assert isinstance(game, DraughtsGame)
    caches = {id(GAMES[other].text_cache) for other in DRAUGHTS}
    assert isinstance(game.text_cache, TextCache) and len(caches) == len(DRAUGHTS)


def test_the_rules_of_each_game_are_its_engines() -> None:
    rules = {
        name: (
            engine.size,
            engine.majority,
            engine.flying_kings,
            engine.men_capture_backward,
        )
        for name in DRAUGHTS
        for engine in [GAMES[name].engine]
    }
    assert rules == {
        "brazilian": (8, True, True, True),
        "international": (10, True, True, True),
        "english": (8, False, False, False),
        "russian": (8, False, True, True),
    }


def test_a_text_cache_is_emptied_whole_when_full() -> None:
    cache: TextCache[int] = TextCache(2)
    assert cache.keep("22-18", 1) == 1
    cache.keep("18x11", 2)
    cache.keep("11-7", 3)
    assert dict(cache) == {"11-7": 3}


@pytest.mark.parametrize(
    ("size", "last", "corner"),
    [(8, 32, "g1"), (10, 50, "i1"), (12, 72, "k1"), (14, 98, "m1")],
)
def test_boards_of_every_even_size_number_and_name_their_squares(
    size: int, last: int, corner: str
) -> None:
    board = Board(size)
    assert (len(board.squares), board.name[1], board.name[last]) == (last, "b" + str(size), corner)
    assert board.files == "abcdefghijklmn"[:size]


@pytest.mark.parametrize("size", [6, 7, 16])
def test_a_board_side_must_be_even_and_at_most_fourteen(size: int) -> None:
    if size == 6:
        assert len(Board(6).squares) == 18
        return
    with pytest.raises(ValueError, match=f"n even from 4 to {MAX_SIZE}, not {size}"):
        Board(size)


def test_square_names_reach_the_last_file_and_rank() -> None:
    twelve = re.compile(square_pattern(12))
    assert [bool(twelve.fullmatch(name)) for name in ("a1", "l12", "a10", "m1", "a13")] == [
        True,
        True,
        True,
        False,
        False,
    ]
    assert square_pattern(10) == "[a-j](?:10|[1-9])"
    assert square_pattern(8) == "[a-h][1-8]"


def test_short_kings_and_men_capturing_forward_only() -> None:
    english = DraughtsEngine(
        8, majority=False, crown_mid_capture=False, flying_kings=False, men_capture_backward=False
    )
    russian = DraughtsEngine(8, majority=False, crown_mid_capture=True)
    bit = english.bit
    # A White man on c5 (14), a Black man behind it on d4 (18), e3 (23) empty.
    behind = (bit[14], bit[18], 0, Side.WHITE)
    assert english.routes(behind, None) == []
    assert russian.routes(behind, None) == [((14, 23), bit[18])]
    # A White king on b8 (1), a Black man on c7 (6): a short king lands on d6 (10) only,
    # a flying king anywhere beyond on the diagonal: d6, e5, f4, g3, h2.
    king = (bit[1], bit[6], bit[1], Side.WHITE)
    assert english.routes(king, None) == [((1, 10), bit[6])]
    assert russian.routes(king, None) == [((1, n), bit[6]) for n in (10, 15, 19, 24, 28)]
    assert (
        english.can_capture(bit[1], bit[10], bit[1], english.dark ^ bit[1] ^ bit[10], Side.WHITE)
        is False
    )
    assert (
        russian.can_capture(bit[1], bit[10], bit[1], russian.dark ^ bit[1] ^ bit[10], Side.WHITE)
        is True
    )
