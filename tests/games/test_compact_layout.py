"""The draughts board's compact layout: every board of the four games within 64 bits, a
step one shift in every column, and the move generation that reads it agreeing with the
board's geometry (rows and columns, no layout) on random positions; index keys made of
rows and columns."""

from __future__ import annotations

from hashlib import blake2b
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.games.base import Side
from notation.games.flying import DIRECTIONS, Board, DraughtsEngine
from notation.games.registry import GAMES
from notation.index.keys import position_key

DRAUGHTS = ("brazilian", "international", "english", "russian")


@pytest.mark.parametrize(
    ("name", "width"), [("brazilian", 35), ("international", 54), ("english", 35), ("russian", 35)]
)
def test_every_board_of_the_four_games_fits_in_64_bits(name: str, width: int) -> None:
    engine = GAMES[name].engine
    assert engine.dark.bit_length() == width
    assert engine.dark.bit_count() == len(engine.squares)


@pytest.mark.parametrize("size", range(4, 32, 2))
def test_a_step_is_one_shift_onto_the_neighbour_or_off_every_square(size: int) -> None:
    board = Board(size)
    shifts = (-board.wide, -board.narrow, board.narrow, board.wide)
    for square in board.squares:
        for (drow, dcol), shift in zip(DIRECTIONS, shifts, strict=True):
            row, col = board.row[square] + drow, board.column[square] + dcol
            bit = board.bit[square]
            reached = bit << shift if shift > 0 else bit >> -shift
            if 0 <= row < size and 0 <= col < size:
                assert reached == board.bit[board.grid[row][col]]
            else:
                assert not reached & board.dark


@pytest.mark.parametrize("size", [4, 8, 10, 12, 26])
def test_cell_masks_are_rows_and_columns(size: int) -> None:
    board = Board(size)
    for square in board.squares:
        cell = size * board.row[square] + board.column[square]
        assert board.cell_mask(board.bit[square]) == 1 << cell
    assert board.cell_mask(board.dark).bit_count() == len(board.squares)
    assert board.squares_in(board.bit[1] | board.bit[size // 2 + 1]) == [1, size // 2 + 1]


@pytest.mark.parametrize(
    ("name", "fen"),
    [
        ("brazilian", "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"),
        ("brazilian", "W:W:B3,13,K30"),
        (
            "international",
            "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50"
            ":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
        ),
        ("international", "W:W:B6,7,10,11,14,18,20,26,31"),
        ("russian", "W:W:Bf8,a5,Kc1"),
        ("english", "B:WK1,15,20,21,25,26,27,29:B"),
    ],
)
def test_index_keys_are_made_of_rows_and_columns(name: str, fen: str) -> None:
    """An index key (schema 7) is the Zobrist key of the pieces' cells ``size * row +
    column`` and of the side to move, whatever the engine's layout: here made from the
    square numbers through the board's geometry."""
    game = GAMES[name]
    engine = game.engine
    white, black, kings, turn = game.parse_fen(fen)
    salt = bytes(range(16))
    key = _number(salt, name, "turn", int(turn))
    for role, mask in (("white", white), ("black", black), ("king", kings)):
        for square in engine.squares_in(mask):
            cell = engine.size * engine.row[square] + engine.column[square]
            key ^= _number(salt, name, role, cell)
    signed = key - (1 << 64) if key >> 63 else key
    assert position_key(game, game.parse_fen(fen), salt) == signed


def _number(salt: bytes, name: str, role: str, value: int) -> int:
    text = f"{name}\0{role}\0{value}".encode()
    digest = blake2b(text, digest_size=8, key=salt, person=b"zobrist")
    return int.from_bytes(digest.digest(), "little")


# The geometry's own answers, square by square: no bitboard and no layout.


def _walk(board: Board, square: int, direction: int) -> list[int]:
    """The squares from ``square`` (excluded) to the edge in ``direction``."""
    drow, dcol = DIRECTIONS[direction]
    row, col = board.row[square] + drow, board.column[square] + dcol
    out = []
    while 0 <= row < board.size and 0 <= col < board.size:
        out.append(board.grid[row][col])
        row, col = row + drow, col + dcol
    return out


def _reference(engine: DraughtsEngine, pieces: dict[int, tuple[Side, bool]], turn: Side) -> Any:
    """Whether the side to move can capture, and its quiet moves (start, end)."""
    capture = False
    quiet = set()
    forward = (0, 1) if turn is Side.WHITE else (2, 3)
    for square, (side, king) in pieces.items():
        if side is not turn:
            continue
        for direction in range(4):
            ray = _walk(engine, square, direction)
            reach = len(ray) if king and engine.flying_kings else 1
            for target in ray[:reach]:
                if target in pieces:
                    break
                if king or direction in forward:
                    quiet.add((square, target))
            jumps = king or engine.men_capture_backward or direction in forward
            run = ray if king and engine.flying_kings else ray[:2]
            first = next((i for i, t in enumerate(run) if t in pieces), None)
            if (
                jumps
                and first is not None
                and pieces[run[first]][0] is not turn
                and first + 1 < len(run)
                and run[first + 1] not in pieces
                and (first == 0 or king)
            ):
                capture = True
    return capture, quiet


ENGINES = [GAMES[name].engine for name in DRAUGHTS] + [
    DraughtsEngine(4, majority=True, crown_mid_capture=False),
    DraughtsEngine(12, majority=False, crown_mid_capture=True),
    DraughtsEngine(14, majority=True, crown_mid_capture=False, flying_kings=False),
]


@st.composite
def positions(draw: st.DrawFn) -> tuple[DraughtsEngine, dict[int, tuple[Side, bool]], Side]:
    engine = draw(st.sampled_from(ENGINES))
    squares = draw(st.sets(st.sampled_from(list(engine.squares)), max_size=24))
    pieces = {}
    for square in sorted(squares):
        side = draw(st.sampled_from(Side))
        crowned = engine.promotion[side] & engine.bit[square]
        pieces[square] = (side, bool(crowned) or draw(st.booleans()))
    return engine, pieces, draw(st.sampled_from(Side))


@settings(max_examples=400, deadline=None)
@given(positions())
def test_captures_and_quiet_moves_are_the_geometry_s(
    asked: tuple[DraughtsEngine, dict[int, tuple[Side, bool]], Side],
) -> None:
    engine, pieces, turn = asked
    boards = [0, 0]
    kings = 0
    for square, (side, king) in pieces.items():
        boards[side] |= engine.bit[square]
        kings |= engine.bit[square] if king else 0
    position = (boards[0], boards[1], kings, turn)
    own, opp = boards[turn], boards[turn.other]
    empty = engine.dark ^ (own | opp)
    capture, quiet = _reference(engine, pieces, turn)
    assert engine.can_capture(own, opp, kings, empty, turn) == capture
    assert bool(engine.routes(position, None)) == capture
    assert engine.has_quiet(own, kings, empty, turn) == bool(quiet)
    every = range(len(engine.squares) + 1)
    moves = engine.quiet_moves(position, [[(start, end) for end in every] for start in every])
    assert set(moves) == quiet
    assert (engine.outcome(position) is None) == (capture or bool(quiet))
