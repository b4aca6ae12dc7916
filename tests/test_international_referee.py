"""py-draughts as an independent referee for the international draughts rules.

Seeded random games are played with py-draughts choosing the moves. In every position
reached, our legal moves must equal py-draughts' (as start, end and captured squares),
each move must read back from its full path and from our own written forms, and both
must agree on when and how the game ends. A second test corrupts one ply per game and
checks that the validator, reading the game as PDN text, accepts every ply before it and
rejects exactly that one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from notation.check.validator import validate_records
from notation.games.base import Side
from notation.games.international import International, InternationalMove, InternationalPosition
from notation.record.reader import read_string

draughts = pytest.importorskip(
    "draughts", reason="py-draughts (the referee) is not installed; pip install py-draughts"
)

GAME = International()
GAMES = 200
CORRUPTED_GAMES = 100
MAX_PLIES = 200

Key = tuple[int, int, frozenset[int]]


def our_key(move: InternationalMove) -> Key:
    return move.path[0], move.path[-1], frozenset(move.captured)


def their_key(move: object) -> Key:
    """A py-draughts move (0-based squares) as (start, end, captured), 1-based."""
    squares = move.square_list  # type: ignore[attr-defined]
    captured = move.captured_list  # type: ignore[attr-defined]
    return squares[0] + 1, squares[-1] + 1, frozenset(c + 1 for c in captured)


def their_text(move: object) -> str:
    """A py-draughts move in numeric notation, captures with every landing square."""
    squares = [s + 1 for s in move.square_list]  # type: ignore[attr-defined]
    separator = "x" if move.captured_list else "-"  # type: ignore[attr-defined]
    return separator.join(str(s) for s in squares)


def random_game(seed: int) -> Iterator[tuple[object, object | None]]:
    """Positions of one random py-draughts game, each with the move played from it."""
    rng = random.Random(seed)
    board = draughts.StandardBoard()
    for _ in range(MAX_PLIES):
        moves = board.legal_moves
        if not moves or board.is_draw:
            yield board, None
            return
        move = rng.choice(moves)
        yield board, move
        board.push(move)


@pytest.mark.parametrize("seed", range(GAMES))
def test_same_legal_moves_as_py_draughts(seed: int) -> None:
    position = GAME.start({})
    for board, chosen in random_game(seed):
        assert GAME.turn(position) is (Side.WHITE if board.turn.name == "WHITE" else Side.BLACK)
        assert GAME.setup_tags(position)["FEN"] == board.fen[len('[FEN "') : -len('"]')]
        ours = GAME.legal_moves(position)
        theirs = board.legal_moves
        assert len({our_key(m) for m in ours}) == len(ours)
        assert {our_key(m) for m in ours} == {their_key(m) for m in theirs}
        if chosen is None:
            if not theirs:
                outcome = GAME.outcome(position)
                assert outcome is not None
                assert GAME.result_for(outcome)[1] == board.result
            return
        assert GAME.outcome(position) is None
        move = GAME.parse_move(position, their_text(chosen))
        assert our_key(move) == their_key(chosen)
        for notation in GAME.notations:
            written = GAME.format_move(position, move, notation)
            assert GAME.notation_of(written) == notation
            assert GAME.parse_move(position, written) == move
        position = GAME.play(position, move)


def diagonal_neighbours(square: int) -> list[int]:
    """Squares one diagonal step from ``square`` (1 = b10 numbering), from coordinates."""
    row, k = divmod(square - 1, 5)
    col = 2 * k + (1 - row % 2)
    out = []
    for drow in (-1, 1):
        for dcol in (-1, 1):
            r, c = row + drow, col + dcol
            if 0 <= r < 10 and 0 <= c < 10:
                out.append(r * 5 + c // 2 + 1)
    return out


def corruption(board: object, rng: random.Random) -> str:
    """An illegal but well-formed move text for the side to move on ``board``."""
    legal_ends = {(s, e) for s, e, _ in map(their_key, board.legal_moves)}  # type: ignore[attr-defined]
    if rng.random() < 0.5:
        fen = board.fen[len('[FEN "') : -len('"]')]  # type: ignore[attr-defined]
        flipped = ("B" if fen[0] == "W" else "W") + fen[1:]
        other = draughts.StandardBoard.from_fen(flipped).legal_moves
        if other:
            return their_text(rng.choice(other))
    while True:
        start = rng.randint(1, 50)
        end = rng.choice(diagonal_neighbours(start))
        if (start, end) not in legal_ends:
            return f"{start}-{end}"


@pytest.mark.parametrize("seed", range(CORRUPTED_GAMES))
def test_a_corrupted_ply_is_rejected_exactly_there(seed: int) -> None:
    rng = random.Random(10_000 + seed)
    texts: list[str] = []
    fens: list[str] = []
    for board, chosen in random_game(seed):
        if chosen is None:
            break
        texts.append(their_text(chosen))
        fens.append(board.fen[len('[FEN "') : -len('"]')])
    bad = rng.randrange(len(texts))
    texts[bad] = corruption(draughts.StandardBoard.from_fen(fens[bad]), rng)
    position: InternationalPosition = GAME.start({})
    for text in texts[:bad]:
        position = GAME.play(position, GAME.parse_move(position, text))
    assert GAME.setup_tags(position)["FEN"] == fens[bad]
    movetext = " ".join(
        f"{i // 2 + 1}. {text}" if i % 2 == 0 else text for i, text in enumerate(texts)
    )
    (report,) = validate_records(read_string(f'[GameType "20"]\n\n{movetext} *\n'))
    assert [(d.ply, d.move) for d in report.diagnostics] == [(bad + 1, texts[bad])]
    assert report.diagnostics[0].code in {"ID202", "ID203", "ID204", "ID206"}
    assert report.plies == bad


@pytest.mark.parametrize("seed", range(0, GAMES, 10))
def test_py_draughts_own_pdn_exports_validate_cleanly(seed: int) -> None:
    played = list(random_game(seed))
    board = played[-1][0]
    (report,) = validate_records(read_string(board.pdn))  # type: ignore[attr-defined]
    assert report.game == "international"
    assert [d.code for d in report.diagnostics if d.severity == "error"] == []
    assert report.plies == sum(1 for _, move in played if move is not None)
