"""py-draughts as an independent referee for the English draughts rules.

py-draughts' ``AmericanBoard`` puts its first mover (which it calls White) on 21..32 and
numbers the board from the other side, so its square ``n`` is our square ``33 - n``
(the board turned half round) and its White is our Black. It also offers quiet moves
beside captures (captures optional); English draughts makes a capture compulsory, so the
referee's legal moves are its captures when it has one, else its quiet moves.

Seeded random games are played with the referee choosing among those moves. In every
position reached, our legal moves must equal the referee's (as start, end and captured
squares), each move must read back from its full path and from our written form, and
both must agree on when the game ends. A second test corrupts one ply per game and checks
that the validator, reading the game as PDN text, accepts every ply before it and rejects
exactly that one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from notation.check.validator import validate_records
from notation.games.base import Side
from notation.games.english import English, EnglishMove, EnglishPosition
from notation.record.reader import read_string

draughts = pytest.importorskip(
    "draughts", reason="py-draughts (the referee) is not installed; pip install py-draughts"
)

GAME = English()
GAMES = 200
CORRUPTED_GAMES = 100
MAX_PLIES = 200

Key = tuple[int, int, frozenset[int]]


def ours(square: int) -> int:
    """Our number of the referee's 0-based square."""
    return 32 - square


def our_key(move: EnglishMove) -> Key:
    return move.path[0], move.path[-1], frozenset(move.captured)


def their_key(move: object) -> Key:
    """A py-draughts move as (start, end, captured) in our numbering."""
    squares = move.square_list  # type: ignore[attr-defined]
    captured = move.captured_list  # type: ignore[attr-defined]
    return ours(squares[0]), ours(squares[-1]), frozenset(ours(c) for c in captured)


def their_text(move: object) -> str:
    """A py-draughts move in our numeric notation, captures with every landing square."""
    squares = [ours(s) for s in move.square_list]  # type: ignore[attr-defined]
    separator = "x" if move.captured_list else "-"  # type: ignore[attr-defined]
    return separator.join(str(s) for s in squares)


def referee_moves(board: object) -> list[object]:
    """The referee's moves with captures compulsory: its captures if any, else all."""
    moves = board.legal_moves  # type: ignore[attr-defined]
    return [m for m in moves if m.captured_list] or moves


def our_fen(board: object) -> str:
    """The referee's position as our FEN: squares turned round, its White our Black."""
    fen = board.fen[len('[FEN "') : -len('"]')]  # type: ignore[attr-defined]
    turn, *fields = fen.split(":")
    lists = {}
    for field in fields:
        pieces = sorted(
            (33 - int(entry.lstrip("K")), entry.startswith("K"))
            for entry in field[1:].split(",")
            if entry
        )
        side = "B" if field[0] == "W" else "W"
        lists[side] = ",".join(("K" if king else "") + str(n) for n, king in pieces)
    return f"{'B' if turn == 'W' else 'W'}:W{lists['W']}:B{lists['B']}"


def random_game(seed: int) -> Iterator[tuple[object, object | None]]:
    """Positions of one random referee game, each with the move played from it."""
    rng = random.Random(seed)
    board = draughts.AmericanBoard()
    for _ in range(MAX_PLIES):
        moves = referee_moves(board)
        if not moves or board.is_draw:
            yield board, None
            return
        move = rng.choice(moves)
        yield board, move
        board.push(move)


def test_the_numbering_turns_the_board_round() -> None:
    board = draughts.AmericanBoard()
    assert our_fen(board) == GAME.setup_tags(GAME.start({}))["FEN"]
    assert our_fen(board) == "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"


@pytest.mark.parametrize("seed", range(GAMES))
def test_same_legal_moves_as_py_draughts(seed: int) -> None:
    position = GAME.start({})
    for board, chosen in random_game(seed):
        their_turn = board.turn.name  # type: ignore[attr-defined]
        assert GAME.turn(position) is (Side.BLACK if their_turn == "WHITE" else Side.WHITE)
        assert GAME.setup_tags(position)["FEN"] == our_fen(board)
        legal = GAME.legal_moves(position)
        theirs = referee_moves(board)
        assert len({our_key(m) for m in legal}) == len(legal)
        assert {our_key(m) for m in legal} == {their_key(m) for m in theirs}
        if chosen is None:
            assert (GAME.outcome(position) is None) == bool(theirs)
            return
        assert GAME.outcome(position) is None
        move = GAME.parse_move(position, their_text(chosen))
        assert our_key(move) == their_key(chosen)
        written = GAME.format_move(position, move)
        assert GAME.notation_of(written) == "numeric"
        assert GAME.parse_move(position, written) == move
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
    legal_ends = {(s, e) for s, e, _ in map(their_key, referee_moves(board))}
    if rng.random() < 0.5:
        fen = board.fen[len('[FEN "') : -len('"]')]  # type: ignore[attr-defined]
        flipped = ("B" if fen[0] == "W" else "W") + fen[1:]
        other = referee_moves(draughts.AmericanBoard.from_fen(flipped))
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
    boards: list[object] = []
    for board, chosen in random_game(seed):
        if chosen is None:
            break
        texts.append(their_text(chosen))
        boards.append(draughts.AmericanBoard.from_fen(board.fen[len('[FEN "') : -len('"]')]))  # type: ignore[attr-defined]
    bad = rng.randrange(len(texts))
    texts[bad] = corruption(boards[bad], rng)
    position: EnglishPosition = GAME.start({})
    for text in texts[:bad]:
        position = GAME.play(position, GAME.parse_move(position, text))
    assert GAME.setup_tags(position)["FEN"] == our_fen(boards[bad])
    movetext = " ".join(
        f"{i // 2 + 1}. {text}" if i % 2 == 0 else text for i, text in enumerate(texts)
    )
    (report,) = validate_records(read_string(f'[GameType "21"]\n\n{movetext} *\n'))
    assert report.game == "english"
    assert [(d.ply, d.move) for d in report.diagnostics] == [(bad + 1, texts[bad])]
    assert report.diagnostics[0].code in {"EN202", "EN203", "EN204", "EN205", "EN206"}
    assert report.plies == bad


@pytest.mark.parametrize("seed", range(0, GAMES, 10))
def test_every_random_game_validates_cleanly(seed: int) -> None:
    played = list(random_game(seed))
    texts = [their_text(move) for _, move in played if move is not None]
    final = played[-1][0]
    result = "*"
    if not referee_moves(final):  # the side to move lost: the referee's White is our Black
        result = "1-0" if final.turn.name == "WHITE" else "0-1"  # type: ignore[attr-defined]
    movetext = " ".join(
        f"{i // 2 + 1}. {text}" if i % 2 == 0 else text for i, text in enumerate(texts)
    )
    record = f'[GameType "21"]\n[Result "{result}"]\n\n{movetext} {result}\n'
    (report,) = validate_records(read_string(record))
    assert report.game == "english"
    assert [d.code for d in report.diagnostics if d.severity == "error"] == []
    assert report.plies == len(texts)
