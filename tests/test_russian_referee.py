"""py-draughts as an independent referee for the Russian draughts rules.

Seeded random games are played with py-draughts' ``RussianBoard`` choosing the moves (its
squares are ours, 0-based). In every position reached, our legal moves must equal
py-draughts' (as start, end and captured squares, and whether a man is crowned on the
way), each move must read back from its full path, from our own written forms and from
Russian short notation where that names one move, and both must agree on when and how
the game ends. A second test corrupts one ply per game and checks that the validator,
reading the game as PDN text, accepts every ply before it and rejects exactly that one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from notation.check.validator import validate_records
from notation.games.base import IllegalMove, Side
from notation.games.brazilian import INDEX, NAME
from notation.games.russian import Russian, RussianMove, RussianPosition
from notation.record.reader import read_string

draughts = pytest.importorskip(
    "draughts", reason="py-draughts (the referee) is not installed; pip install py-draughts"
)

GAME = Russian()
GAMES = 200
CORRUPTED_GAMES = 100
MAX_PLIES = 200

Key = tuple[int, int, frozenset[int]]


def our_key(move: RussianMove) -> Key:
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


def fen_of(board: object) -> str:
    return board.fen[len('[FEN "') : -len('"]')]  # type: ignore[attr-defined]


def random_game(seed: int) -> Iterator[tuple[object, object | None]]:
    """Positions of one random py-draughts game, each with the move played from it."""
    rng = random.Random(seed)
    board = draughts.RussianBoard()
    for _ in range(MAX_PLIES):
        moves = board.legal_moves
        if not moves or board.is_draw:
            yield board, None
            return
        move = rng.choice(moves)
        yield board, move
        board.push(move)


def short(position: RussianPosition, move: RussianMove) -> str:
    """``move`` in Russian short notation: the file left and the square reached."""
    return NAME[move.path[0]][0] + NAME[move.path[-1]]


@pytest.mark.parametrize("seed", range(GAMES))
def test_same_legal_moves_as_py_draughts(seed: int) -> None:
    position = GAME.start({})
    for board, chosen in random_game(seed):
        assert GAME.turn(position) is (Side.WHITE if board.turn.name == "WHITE" else Side.BLACK)
        assert GAME.setup_tags(position, "numeric")["FEN"] == fen_of(board)
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
        assert move.crowned == (
            chosen.is_promotion and bool(move.captured)  # type: ignore[attr-defined]
        )
        for notation in GAME.notations:
            written = GAME.format_move(position, move, notation)
            assert GAME.notation_of(written) == notation
            assert GAME.parse_move(position, written) == move
        text = short(position, move)
        named = [
            m
            for m in ours
            if INDEX[m.path[0]] % 8 == INDEX[move.path[0]] % 8 and m.path[-1] == move.path[-1]
        ]
        if len(named) == 1:
            assert GAME.parse_move(position, text) == move
        else:
            with pytest.raises(IllegalMove) as raised:
                GAME.parse_move(position, text)
            assert raised.value.code == "RU207"
        position = GAME.play(position, move)


def diagonal_neighbours(square: int) -> list[int]:
    """Squares one diagonal step from ``square`` (1 = b8 numbering), from coordinates."""
    row, k = divmod(square - 1, 4)
    col = 2 * k + (1 - row % 2)
    out = []
    for drow in (-1, 1):
        for dcol in (-1, 1):
            r, c = row + drow, col + dcol
            if 0 <= r < 8 and 0 <= c < 8:
                out.append(r * 4 + c // 2 + 1)
    return out


def corruption(board: object, rng: random.Random) -> str:
    """An illegal but well-formed move text for the side to move on ``board``."""
    legal_ends = {(s, e) for s, e, _ in map(their_key, board.legal_moves)}  # type: ignore[attr-defined]
    if rng.random() < 0.5:
        fen = fen_of(board)
        flipped = ("B" if fen[0] == "W" else "W") + fen[1:]
        other = draughts.RussianBoard.from_fen(flipped).legal_moves
        if other:
            return their_text(rng.choice(other))
    while True:
        start = rng.randint(1, 32)
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
        fens.append(fen_of(board))
    bad = rng.randrange(len(texts))
    texts[bad] = corruption(draughts.RussianBoard.from_fen(fens[bad]), rng)
    position = GAME.start({})
    for text in texts[:bad]:
        position = GAME.play(position, GAME.parse_move(position, text))
    assert GAME.setup_tags(position, "numeric")["FEN"] == fens[bad]
    movetext = " ".join(
        f"{i // 2 + 1}. {text}" if i % 2 == 0 else text for i, text in enumerate(texts)
    )
    (report,) = validate_records(read_string(f'[GameType "25"]\n\n{movetext} *\n'))
    assert [(d.ply, d.move) for d in report.diagnostics] == [(bad + 1, texts[bad])]
    assert report.diagnostics[0].code in {"RU202", "RU203", "RU204", "RU206"}
    assert report.plies == bad


@pytest.mark.parametrize("seed", range(GAMES))
def test_every_random_game_is_accepted_in_alphanumeric_notation(seed: int) -> None:
    """The game py-draughts played, written as Russian records write it and ending with
    the result the rules decide (if they do), validates with no diagnostic at all."""
    position = GAME.start({})
    texts = []
    for _, chosen in random_game(seed):
        if chosen is None:
            break
        move = GAME.parse_move(position, their_text(chosen))
        texts.append(GAME.format_move(position, move))
        position = GAME.play(position, move)
    movetext = " ".join(
        f"{i // 2 + 1}. {text}" if i % 2 == 0 else text for i, text in enumerate(texts)
    )
    outcome = GAME.outcome(position)
    result = "*" if outcome is None else GAME.result_for(outcome)[0]
    record = f'[GameType "25,W,8,8,A0,0"]\n\n{movetext} {result}\n'
    (report,) = validate_records(read_string(record))
    assert (report.game, report.diagnostics, report.plies) == ("russian", [], len(texts))


@pytest.mark.parametrize("seed", range(0, GAMES, 10))
def test_py_draughts_own_pdn_exports_validate_cleanly(seed: int) -> None:
    played = list(random_game(seed))
    board = played[-1][0]
    (report,) = validate_records(read_string(board.pdn))  # type: ignore[attr-defined]
    assert report.game == "russian"
    assert [d.code for d in report.diagnostics if d.severity == "error"] == []
    assert report.plies == sum(1 for _, move in played if move is not None)
