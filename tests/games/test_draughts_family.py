"""The draughts family: one base, one move generation by the rules, boards of any even
size, and one bounded cache of the move texts read."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from notation.games.base import IllegalMove, Position, SetupError, Side, TextCache
from notation.games.draughts import DraughtsGame, move_shape
from notation.games.flying import Board, DraughtsEngine, square_pattern
from notation.games.registry import GAMES

DRAUGHTS = ("brazilian", "international", "english", "russian")


def random_positions(
    game: DraughtsGame, seed: int, tries: int, most: int, kinds: tuple[str, ...]
) -> Iterator[tuple[list[int], Position]]:
    """Random positions of ``game``: ``tries`` draws of 6 to ``most`` - 1 pieces, each a
    man or a king as drawn from ``kinds`` ("" or "K"), the first half White's; a draw the
    game refuses as a setup is skipped. Each with its squares."""
    rng = random.Random(seed)
    squares = range(1, len(game.engine.squares) + 1)
    for _ in range(tries):
        placed = rng.sample(squares, rng.randrange(6, most))
        drawn = [rng.choice(kinds) for _ in placed]
        half = len(placed) // 2
        white = ",".join(k + str(s) for k, s in zip(drawn[:half], placed[:half], strict=True))
        black = ",".join(k + str(s) for k, s in zip(drawn[half:], placed[half:], strict=True))
        try:
            position = game.start({"FEN": f"{rng.choice('WB')}:W{white}:B{black}"})
        except SetupError:
            continue
        yield placed, position


@pytest.mark.parametrize("name", DRAUGHTS)
def test_every_draughts_game_is_of_the_family_with_its_own_text_cache(name: str) -> None:
    game = GAMES[name]
    assert isinstance(game, DraughtsGame)
    caches = {id(GAMES[other].text_cache) for other in DRAUGHTS}
    assert isinstance(game.text_cache, TextCache) and len(caches) == len(DRAUGHTS)


@pytest.mark.parametrize("name", DRAUGHTS)
def test_each_prebuilt_quiet_move_is_the_move_its_game_makes(name: str) -> None:
    """The table of quiet moves by start and end square, built with ``tuple.__new__``,
    holds what the game's move type makes of the same path: same type, same fields (a
    Russian move's ``crowned`` included)."""
    game = GAMES[name]
    assert isinstance(game, DraughtsGame)
    table = game._quiet
    squares = len(game.engine.squares) + 1
    assert len(table) == squares and {len(row) for row in table} == {squares}
    for start in range(squares):
        for end in range(squares):
            made = game.move_type((start, end))
            prebuilt = table[start][end]
            assert type(prebuilt) is type(made) and tuple(prebuilt) == tuple(made)


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


@pytest.mark.parametrize("name", DRAUGHTS)
def test_a_move_written_alone_is_written_as_among_every_legal_move(name: str) -> None:
    """``format_move`` (which looks for the captures sharing a capture's start and end
    only when there can be one) writes each legal move, in every notation, as
    ``describe_moves`` writes it among all the legal moves: in random positions with
    kings on both sides, where captures that need their whole route are met."""
    game = GAMES[name]
    assert isinstance(game, DraughtsGame)
    whole = 0
    for _, position in random_positions(game, 27, 20_000, 20, ("", "K", "K")):
        legal = game.legal_moves(position)
        for notation in game.notations:
            alone = [game.format_move(position, move, notation) for move in legal]
            assert alone == game.describe_moves(position, legal, notation)
            whole += sum(len(re.split("[x:]", text)) > 2 for text in alone)
    assert whole > 0  # captures written with their whole route were met


@pytest.mark.parametrize("name", DRAUGHTS)
def test_a_line_writes_each_capture_as_it_is_written_alone(name: str) -> None:
    """``format_line``, which looks for a capture's rivals among its piece's routes only,
    writes each legal move as ``format_move`` (which looks among every legal capture)
    does; and a piece's routes are those of the side's that start on its square, in
    order: in random positions with kings on both sides."""
    game = GAMES[name]
    assert isinstance(game, DraughtsGame)
    engine = game.engine
    whole = 0
    for placed, position in random_positions(game, 39, 6_000, 24, ("", "K", "K")):
        routes = engine.routes(position, None)
        for square in placed:
            started = [route for route in routes if route[0][0] == square]
            assert engine.piece_routes(position, square) == started
        legal = game.legal_moves(position)
        for notation in game.notations:
            alone = [game.format_move(position, move, notation) for move in legal]
            assert game.format_line([(position, move) for move in legal], notation) == alone
            whole += sum(len(re.split("[x:]", text)) > 2 for text in alone)
    assert whole > 0  # captures written with their whole route were met


@pytest.mark.parametrize("name", DRAUGHTS)
def test_a_capture_as_read_is_written_as_it_is_written_alone(name: str) -> None:
    """A capture of several pieces as ``advance`` reads it from its start and end alone
    (after which an FMJD game knows it has no rival) or from its whole route is written
    by ``format_line`` as ``format_move`` writes it, in the position it was read in and
    in an equal one: in random positions with kings on both sides."""
    game = GAMES[name]
    assert isinstance(game, DraughtsGame)
    counts = {False: 0, True: 0}
    for _, position in random_positions(game, 41, 3_000, 24, ("", "K", "K")):
        equal = type(position)._make(position)
        for move in game.legal_moves(position):
            if len(move.captured) < 2:
                continue
            for full in (False, True):
                try:
                    read, _ = game.advance(position, game.write(move, game.notations[0], full))
                except IllegalMove:
                    continue
                counts[full] += 1
                for notation in game.notations:
                    alone = [game.format_move(position, read, notation)]
                    assert game.format_line([(position, read)], notation) == alone
                    assert game.format_line([(equal, read)], notation) == alone
    assert counts[False] > 100 and counts[True] > 100


@pytest.mark.parametrize("name", DRAUGHTS)
def test_every_one_jump_text_reads_as_the_route_search_says(name: str) -> None:
    """Each capture text of two squares one jump apart (``22x15``), from a square of the
    side to move, reads as the legal capture the route search gives from that start to
    that end (the position after it as ``play`` makes it), or is refused when none is (and
    so is ``22-15`` where a capture is compulsory):
    English and Russian read a man's jump that cannot go on in one step. Random positions
    with kings and men, where jumps that must go on, crowning mid-capture and captures of
    several routes are met."""
    game = GAMES[name]
    assert isinstance(game, DraughtsGame)
    engine = game.engine
    read = refused = 0
    for _, position in random_positions(game, 34, 2_000, 24, ("", "", "", "K")):
        own = position.black if position.turn else position.white
        legal = game.legal_moves(position)
        for start in engine.squares_in(own):
            for _, end, _ in engine.jumps[start]:
                named = [m for m in legal if m.captured and (m.path[0], m.path[-1]) == (start, end)]
                one = [m for m in named if len(m.path) == 2]
                text = f"{start}x{end}"
                if len(named) == 1 or one:
                    move, after = game.advance(position, text)
                    expected = (one or named)[0]
                    assert (tuple(move), after) == (
                        tuple(expected),
                        game.play(position, expected),
                    ), (name, position, text)
                    read += 1
                else:
                    with pytest.raises(IllegalMove):
                        game.advance(position, text)
                    refused += 1
                if named:  # a capture is compulsory: the same squares as a step are refused
                    with pytest.raises(IllegalMove):
                        game.advance(position, f"{start}-{end}")
    assert read > 200 and refused > 200


def test_a_text_cache_is_emptied_whole_when_full() -> None:
    cache: TextCache[int] = TextCache(2)
    assert cache.keep("22-18", 1) == 1
    cache.keep("18x11", 2)
    cache.keep("11-7", 3)
    assert dict(cache) == {"11-7": 3}


@pytest.mark.parametrize(
    ("size", "last", "corner"),
    [
        (8, 32, "g1"),
        (10, 50, "i1"),
        (12, 72, "k1"),
        (14, 98, "m1"),
        (16, 128, "o1"),
        (26, 338, "y1"),
    ],
)
def test_boards_of_every_even_size_number_and_name_their_squares(
    size: int, last: int, corner: str
) -> None:
    board = Board(size)
    assert (len(board.squares), board.name[1], board.name[last]) == (last, "b" + str(size), corner)
    assert board.files == "abcdefghijklmnopqrstuvwxyz"[:size]


@pytest.mark.parametrize("size", [2, 7, 15])
def test_a_board_side_must_be_even_and_at_least_four(size: int) -> None:
    with pytest.raises(
        ValueError, match=f"^a draughts board is n x n, n even from 4 up, not {size}$"
    ):
        Board(size)


def test_a_board_beyond_twenty_six_files_numbers_its_squares_only() -> None:
    board = Board(28)
    assert (len(board.squares), board.files, board.name[1], board.number_of_name) == (
        392,
        "",
        "",
        {},
    )
    assert move_shape(28, alphanumeric=False).fullmatch("392x365x338")
    assert move_shape(28, alphanumeric=False).fullmatch("1000-999") is None
    message = (
        "squares are named by file a to z: a board of at most 26 files, not 28; "
        "number its squares instead"
    )
    with pytest.raises(ValueError, match=f"^{message}$"):
        move_shape(28, alphanumeric=True)


def test_square_numbers_have_the_digits_of_the_last_square() -> None:
    assert move_shape(10, alphanumeric=False).fullmatch("100-99") is None
    assert move_shape(8, alphanumeric=False).fullmatch("33-29")  # no square, read as a number
    assert move_shape(16, alphanumeric=False).fullmatch("128x113x98")
    assert move_shape(16, alphanumeric=False).fullmatch("1000-99") is None


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
    twenty_six = re.compile(square_pattern(26))
    assert [bool(twenty_six.fullmatch(name)) for name in ("z26", "z1", "a20", "a27", "z0")] == [
        True,
        True,
        True,
        False,
        False,
    ]


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


@pytest.mark.parametrize("name", ["brazilian", "russian"])
def test_on_eight_by_eight_men_capture_backward_and_kings_fly_until_blocked(name: str) -> None:
    game = GAMES[name]

    def legal(fen: str) -> set[tuple[int, int, tuple[int, ...]]]:
        position = game.start({"FEN": fen})
        return {(m.path[0], m.path[-1], m.captured) for m in game.legal_moves(position)}

    assert legal("W:W18:B22") == {(18, 25, (22,))}
    assert legal("B:W14:B18") == {(18, 9, (14,))}
    assert legal("W:W18:B1") == {(18, 14, ()), (18, 15, ())}
    assert legal("B:W32:B18") == {(18, 22, ()), (18, 23, ())}
    # The kings on c3 (22) and d2 (26) fly along every diagonal to the edge or a piece.
    assert legal("W:WK22,K26:B5") == {
        *((22, n, ()) for n in (17, 13, 18, 15, 11, 8, 4, 25, 29)),
        *((26, n, ()) for n in (23, 19, 16, 12, 30, 31)),
    }
