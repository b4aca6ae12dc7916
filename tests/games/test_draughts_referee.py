"""py-draughts as an independent referee for the Brazilian, international, English and
Russian draughts rules.

Seeded random games are played with py-draughts choosing the moves. In every position
reached, our legal moves must equal py-draughts' (as start, end and captured squares),
each move must read back from its full path and from each of our written forms, and both
must agree on when and how the game ends. A second test corrupts one ply per game and
checks that the validator, reading the game as PDN text, accepts every ply before it and
rejects exactly that one. Then whole games validate cleanly: py-draughts' own PDN exports
(English aside: they are in its numbering), the referee's English games with the result it
decides, and the Russian games as Russian records write them.

py-draughts' ``AmericanBoard`` puts its first mover (which it calls White) on 21..32 and
numbers the board from the other side, so its square ``n`` is our square ``33 - n`` (the
board turned half round) and its White is our Black. It also offers quiet moves beside
captures (captures optional); English draughts makes a capture compulsory, so the
referee's legal moves are its captures when it has one, else its quiet moves. For Russian
draughts the referee also tells whether a man is crowned on the way, and each move must
read back from Russian short notation where that names one move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from notation.check.validator import validate_records
from notation.games.base import Game, IllegalMove, Side
from notation.games.brazilian import COLUMN, NAME, Brazilian
from notation.games.english import English
from notation.games.international import International
from notation.games.russian import Russian
from notation.record.reader import read_string

draughts = pytest.importorskip(
    "draughts", reason="py-draughts (the referee) is not installed; pip install py-draughts"
)

GAMES = 200
CORRUPTED_GAMES = 100
MAX_PLIES = 200

Key = tuple[int, int, frozenset[int]]


def our_key(move: Any) -> Key:
    return move.path[0], move.path[-1], frozenset(move.captured)


def russian_short_notation(position: Any, move: Any, chosen: Any, legal: list[Any]) -> None:
    """The move crowns a man mid-capture as the referee says, and reads back from short
    notation (the file left, the square reached) exactly when that names it alone."""
    game = RUSSIAN.game
    assert move.crowned == (chosen.is_promotion and bool(move.captured))
    text = NAME[move.path[0]][0] + NAME[move.path[-1]]
    named = [
        m
        for m in legal
        if COLUMN[m.path[0]] == COLUMN[move.path[0]] and m.path[-1] == move.path[-1]
    ]
    if len(named) == 1:
        assert game.parse_move(position, text) == move
    else:
        with pytest.raises(IllegalMove) as raised:
            game.parse_move(position, text)
        assert raised.value.code == "RU207"


@dataclass(frozen=True)
class Referee:
    """One of our draughts games and the py-draughts board that referees it."""

    game: Game[Any, Any]
    board: Any
    """The py-draughts board class."""
    rows: int
    gametype: str
    """The ``GameType`` tag of the corrupted games."""
    codes: frozenset[str]
    """The codes a corrupted ply may get."""
    turned: bool = False
    """The referee numbers the board from the other side, and its White is our Black."""
    optional_captures: bool = False
    fen_notation: str | None = None
    """The notation of our FEN that is compared with the referee's."""
    also: Callable[[Any, Any, Any, list[Any]], None] | None = None
    """More checks of each move: (position, our move, the referee's move, our legal moves)."""

    @property
    def name(self) -> str:
        return self.game.name

    def ours(self, square: int) -> int:
        """Our number of the referee's 0-based square."""
        return self.rows * self.rows // 2 - square if self.turned else square + 1

    def key(self, move: Any) -> Key:
        """A py-draughts move as (start, end, captured) in our numbering."""
        squares = move.square_list
        return (
            self.ours(squares[0]),
            self.ours(squares[-1]),
            frozenset(self.ours(c) for c in move.captured_list),
        )

    def text(self, move: Any) -> str:
        """A py-draughts move in our numeric notation, captures with every landing square."""
        separator = "x" if move.captured_list else "-"
        return separator.join(str(self.ours(s)) for s in move.square_list)

    def moves(self, board: Any) -> list[Any]:
        """The referee's moves, captures compulsory: its captures if any, else all."""
        moves: list[Any] = board.legal_moves
        if self.optional_captures:
            return [m for m in moves if m.captured_list] or moves
        return moves

    def our_turn(self, board: Any) -> Side:
        white = Side.BLACK if self.turned else Side.WHITE
        return white if board.turn.name == "WHITE" else white.other

    def our_fen(self, fen: str) -> str:
        """The referee's FEN as ours (squares turned round, its White our Black, if so)."""
        if not self.turned:
            return fen
        turn, *fields = fen.split(":")
        lists = {}
        for field in fields:
            pieces = sorted(
                (self.rows * self.rows // 2 + 1 - int(entry.lstrip("K")), entry.startswith("K"))
                for entry in field[1:].split(",")
                if entry
            )
            side = "B" if field[0] == "W" else "W"
            lists[side] = ",".join(("K" if king else "") + str(n) for n, king in pieces)
        return f"{'B' if turn == 'W' else 'W'}:W{lists['W']}:B{lists['B']}"

    def fen(self, position: Any) -> str:
        return self.game.setup_tags(position, self.fen_notation)["FEN"]


BRAZILIAN = Referee(
    Brazilian(),
    draughts.BrazilianBoard,
    8,
    "26",
    frozenset({"BR202", "BR203", "BR204", "BR206"}),
)
INTERNATIONAL = Referee(
    International(),
    draughts.StandardBoard,
    10,
    "20",
    frozenset({"ID202", "ID203", "ID204", "ID206"}),
)
ENGLISH = Referee(
    English(),
    draughts.AmericanBoard,
    8,
    "21",
    frozenset({"EN202", "EN203", "EN204", "EN205", "EN206"}),
    turned=True,
    optional_captures=True,
)
RUSSIAN = Referee(
    Russian(),
    draughts.RussianBoard,
    8,
    "25",
    frozenset({"RU202", "RU203", "RU204", "RU206"}),
    fen_notation="numeric",
    also=russian_short_notation,
)
REFEREES = [BRAZILIAN, INTERNATIONAL, ENGLISH, RUSSIAN]


def each(*referees: Referee) -> pytest.MarkDecorator:
    return pytest.mark.parametrize("referee", referees, ids=lambda r: r.name)


def fen_of(board: Any) -> str:
    return str(board.fen[len('[FEN "') : -len('"]')])


def random_game(referee: Referee, seed: int) -> Iterator[tuple[Any, Any | None]]:
    """Positions of one random referee game, each with the move played from it."""
    rng = random.Random(seed)
    board = referee.board()
    for _ in range(MAX_PLIES):
        moves = referee.moves(board)
        if not moves or board.is_draw:
            yield board, None
            return
        move = rng.choice(moves)
        yield board, move
        board.push(move)


def movetext(texts: list[str]) -> str:
    return " ".join(f"{i // 2 + 1}. {text}" if i % 2 == 0 else text for i, text in enumerate(texts))


def test_the_english_numbering_turns_the_board_round() -> None:
    fen = fen_of(draughts.AmericanBoard())
    assert ENGLISH.our_fen(fen) == ENGLISH.fen(ENGLISH.game.start({}))
    assert (
        ENGLISH.our_fen(fen) == "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    )


@pytest.mark.parametrize("seed", range(GAMES))
@each(*REFEREES)
def test_same_legal_moves_as_py_draughts(referee: Referee, seed: int) -> None:
    game = referee.game
    position = game.start({})
    for board, chosen in random_game(referee, seed):
        assert game.turn(position) is referee.our_turn(board)
        assert referee.fen(position) == referee.our_fen(fen_of(board))
        legal = game.legal_moves(position)
        theirs = referee.moves(board)
        assert len({our_key(m) for m in legal}) == len(legal)
        assert {our_key(m) for m in legal} == {referee.key(m) for m in theirs}
        if chosen is None:
            assert (game.outcome(position) is None) == bool(theirs)
            if not theirs and not referee.turned:
                outcome = game.outcome(position)
                assert outcome is not None
                assert game.result_for(outcome)[1] == board.result
            return
        assert game.outcome(position) is None
        move = game.parse_move(position, referee.text(chosen))
        assert our_key(move) == referee.key(chosen)
        if referee.also is not None:
            referee.also(position, move, chosen, legal)
        for notation in game.notations:
            written = game.format_move(position, move, notation)
            assert game.notation_of(written) == notation
            assert game.parse_move(position, written) == move
        position = game.play(position, move)


def diagonal_neighbours(square: int, rows: int) -> list[int]:
    """Squares one diagonal step from ``square`` (1 = b8 or b10 numbering), from
    coordinates."""
    row, k = divmod(square - 1, rows // 2)
    col = 2 * k + (1 - row % 2)
    out = []
    for drow in (-1, 1):
        for dcol in (-1, 1):
            r, c = row + drow, col + dcol
            if 0 <= r < rows and 0 <= c < rows:
                out.append(r * (rows // 2) + c // 2 + 1)
    return out


def corruption(referee: Referee, board: Any, rng: random.Random) -> str:
    """An illegal but well-formed move text for the side to move on ``board``."""
    legal_ends = {(s, e) for s, e, _ in map(referee.key, referee.moves(board))}
    if rng.random() < 0.5:
        fen = fen_of(board)
        flipped = ("B" if fen[0] == "W" else "W") + fen[1:]
        other = referee.moves(referee.board.from_fen(flipped))
        if other:
            return referee.text(rng.choice(other))
    while True:
        start = rng.randint(1, referee.rows * referee.rows // 2)
        end = rng.choice(diagonal_neighbours(start, referee.rows))
        if (start, end) not in legal_ends:
            return f"{start}-{end}"


@pytest.mark.parametrize("seed", range(CORRUPTED_GAMES))
@each(*REFEREES)
def test_a_corrupted_ply_is_rejected_exactly_there(referee: Referee, seed: int) -> None:
    game = referee.game
    rng = random.Random(10_000 + seed)
    texts: list[str] = []
    fens: list[str] = []
    for board, chosen in random_game(referee, seed):
        if chosen is None:
            break
        texts.append(referee.text(chosen))
        fens.append(fen_of(board))
    bad = rng.randrange(len(texts))
    texts[bad] = corruption(referee, referee.board.from_fen(fens[bad]), rng)
    position = game.start({})
    for text in texts[:bad]:
        position = game.play(position, game.parse_move(position, text))
    assert referee.fen(position) == referee.our_fen(fens[bad])
    record = f'[GameType "{referee.gametype}"]\n\n{movetext(texts)} *\n'
    (report,) = validate_records(read_string(record))
    assert report.game == referee.name
    assert [(d.ply, d.move) for d in report.diagnostics] == [(bad + 1, texts[bad])]
    assert report.diagnostics[0].code in referee.codes
    assert report.plies == bad


@pytest.mark.parametrize("seed", range(0, GAMES, 10))
@each(BRAZILIAN, INTERNATIONAL, RUSSIAN)
def test_py_draughts_own_pdn_exports_validate_cleanly(referee: Referee, seed: int) -> None:
    played = list(random_game(referee, seed))
    board = played[-1][0]
    (report,) = validate_records(read_string(board.pdn))
    assert report.game == referee.name
    assert [d.code for d in report.diagnostics if d.severity == "error"] == []
    assert report.plies == sum(1 for _, move in played if move is not None)


@pytest.mark.parametrize("seed", range(0, GAMES, 10))
def test_every_random_english_game_validates_cleanly(seed: int) -> None:
    played = list(random_game(ENGLISH, seed))
    texts = [ENGLISH.text(move) for _, move in played if move is not None]
    final = played[-1][0]
    result = "*"
    if not ENGLISH.moves(final):  # the side to move lost: the referee's White is our Black
        result = "1-0" if final.turn.name == "WHITE" else "0-1"
    record = f'[GameType "21"]\n[Result "{result}"]\n\n{movetext(texts)} {result}\n'
    (report,) = validate_records(read_string(record))
    assert report.game == "english"
    assert [d.code for d in report.diagnostics if d.severity == "error"] == []
    assert report.plies == len(texts)


@pytest.mark.parametrize("seed", range(GAMES))
def test_every_random_russian_game_is_accepted_in_alphanumeric_notation(seed: int) -> None:
    """The game py-draughts played, written as Russian records write it and ending with
    the result the rules decide (if they do), validates with no diagnostic at all."""
    game = RUSSIAN.game
    position = game.start({})
    texts = []
    for _, chosen in random_game(RUSSIAN, seed):
        if chosen is None:
            break
        move = game.parse_move(position, RUSSIAN.text(chosen))
        texts.append(game.format_move(position, move))
        position = game.play(position, move)
    outcome = game.outcome(position)
    result = "*" if outcome is None else game.result_for(outcome)[0]
    record = f'[GameType "25,W,8,8,A0,0"]\n\n{movetext(texts)} {result}\n'
    (report,) = validate_records(read_string(record))
    assert (report.game, report.diagnostics, report.plies) == ("russian", [], len(texts))
