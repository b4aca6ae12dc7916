"""English draughts, American checkers (GameType 21).

The 32 dark squares are numbered 1..32 row by row from Black's side (1 = b8, 4 = h8,
5 = a7, 29 = a1, 32 = g1). Black's men start on 1..12, White's on 21..32, and Black moves
first. Men step diagonally forward and capture forward only, by short jumps; kings step
and capture by short jumps in all four directions. Capture is compulsory, the player
chooses freely among the captures (no majority rule), and a capture, once begun, must be
completed. A man that reaches the far row is crowned and its move ends there. The side to
move with no legal move loses. The rules are written out in ``docs/rules/english.md``.

Moves are read in numeric notation: ``11-15`` for a step, ``22x15`` for a capture, every
landing square for a multiple one (``22x15x8``), ``:`` also read for ``x``. A capture may
give only its start and end square when that names one legal move, and must give every
landing square otherwise.

Codes raised by :meth:`English.parse_move` (the first that applies, in this order):

- ``EN201`` the text is not a move of this game (bad syntax, no such square, a quiet
  move with more than two squares, mixed separators).
- ``EN208`` the game is over: the side to move has no legal move.
- ``EN202`` the start square holds no piece of the side to move.
- ``EN204`` a capture is available and the text is a quiet move.
- ``EN205`` the text is the unfinished part of a capture that must go on.
- ``EN207`` a short capture (start and end only) names several legal captures.
- ``EN206`` a man's step or jump goes backward.
- ``EN203`` any other illegal move, including a capture written with ``-`` and a quiet
  move written with ``x``.

The FEN tag (``B:W21-32:B1-12``) takes numbers, ranges and ``K`` for kings; a man may not
stand on the row where it would be crowned.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar

from notation.diagnostics import Severity, register
from notation.games.base import Outcome, SetupError, Side, TextCache
from notation.games.draughts import BLACK, WHITE, DraughtsGame, MoveCodes, move_shape
from notation.games.draws import quiet_run
from notation.games.flying import Board, DraughtsMove, DraughtsPosition, Route, bits

MALFORMED = register("EN201", Severity.ERROR, "not an English draughts move")
NO_PIECE = register("EN202", Severity.ERROR, "no piece of the side to move on the start square")
ILLEGAL = register("EN203", Severity.ERROR, "illegal English draughts move")
CAPTURE_COMPULSORY = register("EN204", Severity.ERROR, "a capture is compulsory")
UNFINISHED = register("EN205", Severity.ERROR, "a capture must be completed")
BACKWARD = register("EN206", Severity.ERROR, "a man moves and captures forward only")
AMBIGUOUS = register("EN207", Severity.ERROR, "a short capture names several captures")
GAME_OVER = register("EN208", Severity.ERROR, "the game is over: no legal move")
CODES = MoveCodes(
    MALFORMED, GAME_OVER, NO_PIECE, CAPTURE_COMPULSORY, UNFINISHED, AMBIGUOUS, BACKWARD, ILLEGAL
)

__all__ = ["English", "EnglishMove", "EnglishPosition"]


class EnglishPosition(DraughtsPosition):
    """A position: piece sets as bitboards on an internal 8x8 layout, and the side to move.

    Bit ``8 * row + column`` stands for a square, row 0 being rank 8 (Black's side) and
    column 0 file a. Pieces stand on dark squares only.
    """

    __slots__ = ()


class EnglishMove(DraughtsMove):
    """A move: the squares visited (start, then each landing square) and those captured.

    Squares are numbers 1..32; ``captured`` lists them in increasing order. Two moves are
    equal when they share start, end and captured squares, whatever the route between.
    """

    __slots__ = ()


_new = tuple.__new__

# Geometry -----------------------------------------------------------------------------

BOARD = Board(8)
"""The 8x8 board, numbered as in every English and American book."""
SQUARES = BOARD.squares
FILES = BOARD.files
INDEX = BOARD.index
BIT = BOARD.bit
SQUARE_AT = BOARD.square_at
SQUARE_OF = BOARD.square_of
ROW = BOARD.row
DARK = BOARD.dark
NEXT = BOARD.next
"""The layout index one step away, by direction (north-west, north-east, toward Black's
side, then south-west, south-east), -1 off the board."""
NORTH, SOUTH, ALL = (0, 1), (2, 3), (0, 1, 2, 3)
FORWARD_DIRECTIONS = (NORTH, SOUTH)
"""A man's forward directions, by side: White's men go north, Black's south."""
_bits = bits


def _steps(directions: tuple[int, ...]) -> list[int]:
    """For each square number, the mask of squares one step away in ``directions``."""
    return [0] + [sum(1 << j for d in directions if (j := NEXT[d][INDEX[n]]) >= 0) for n in SQUARES]


FORWARD = BOARD.forward
"""A man's quiet steps, by side."""
KING_STEPS = _steps(ALL)
PROMOTION = BOARD.promotion
"""The row where each side's men are crowned."""
COLUMN_GE2 = BOARD.column_ge2
COLUMN_LE5 = BOARD.column_le_far2
COLUMN_GE1 = BOARD.column_ge1
COLUMN_LE6 = BOARD.column_le_far1

Jump = tuple[int, int, int]
"""A jump from a square: (bit jumped over, landing square, landing bit)."""


def _jumps(directions: tuple[int, ...]) -> list[tuple[Jump, ...]]:
    """For each square number, the short jumps from it in ``directions``."""
    return [()] + [
        tuple(
            (1 << over, SQUARE_OF[land], 1 << land)
            for d in directions
            if (over := NEXT[d][INDEX[n]]) >= 0 and (land := NEXT[d][over]) >= 0
        )
        for n in SQUARES
    ]


# A man's jumps all go forward, so a man that lands on the far row has no jump left: its
# capture ends there, as the rules say, with no extra test.
MAN_JUMPS = (_jumps(NORTH), _jumps(SOUTH))
KING_JUMPS = _jumps(ALL)

# The square jumped between two squares a jump apart, by square numbers; 0 otherwise.
OVER = [[0] * 33 for _ in range(33)]
for _n in SQUARES:
    for _over, _land, _ in KING_JUMPS[_n]:
        OVER[_n][_land] = SQUARE_OF[_over.bit_length() - 1]


def _capture_starts(own: int, opp: int, kings: int, empty: int, turn: Side) -> int:
    """The pieces of ``own`` that can jump an enemy piece next to them."""
    north = own if turn is WHITE else own & kings
    south = own & kings if turn is WHITE else own
    return (
        (north & COLUMN_GE2 & (opp << 9) & (empty << 18))
        | (north & COLUMN_LE5 & (opp << 7) & (empty << 14))
        | (south & COLUMN_GE2 & (opp >> 7) & (empty >> 14))
        | (south & COLUMN_LE5 & (opp >> 9) & (empty >> 18))
    )


def _has_quiet(own: int, kings: int, empty: int, turn: Side) -> bool:
    """Whether the side owning ``own`` has a step that captures nothing."""
    north = own if turn is WHITE else own & kings
    south = own & kings if turn is WHITE else own
    return bool(
        ((north & COLUMN_GE1) >> 9) & empty
        or ((north & COLUMN_LE6) >> 7) & empty
        or ((south & COLUMN_GE1) << 7) & empty
        or ((south & COLUMN_LE6) << 9) & empty
    )


def _extend(
    square: int,
    table: list[tuple[Jump, ...]],
    live: int,
    empty: int,
    captured: int,
    path: tuple[int, ...],
    out: list[Route],
    partial: list[Route] | None,
) -> None:
    """Extend a capture from ``square`` with the jumps of ``table``; ``live`` are the
    enemies not yet jumped (those jumped stay on the board, so they block a landing)."""
    done = True
    for over, land, land_bit in table[square]:
        if live & over and empty & land_bit:
            done = False
            step = (*path, land)
            if partial is not None:
                partial.append((step, captured | over))
            _extend(land, table, live ^ over, empty, captured | over, step, out, partial)
    if done:
        out.append((path, captured))


def _routes(position: EnglishPosition, partial: list[Route] | None = None) -> list[Route]:
    """Every complete capture route of the side to move; ``partial`` collects every
    route's beginnings too, for error messages."""
    white, black, kings, turn = position
    own, opp = (black, white) if turn else (white, black)
    empty = DARK ^ (white | black)
    out: list[Route] = []
    starts = _capture_starts(own, opp, kings, empty, turn)
    men = MAN_JUMPS[turn]
    while starts:
        bit = starts & -starts
        starts ^= bit
        start = SQUARE_OF[bit.bit_length() - 1]
        table = KING_JUMPS if kings & bit else men
        # The start square is empty once the piece leaves it (a king may come back to it).
        for over, land, land_bit in table[start]:
            if opp & over and (empty | bit) & land_bit:
                step = (start, land)
                if partial is not None:
                    partial.append((step, over))
                _extend(land, table, opp ^ over, empty | bit, over, step, out, partial)
    return out


def _quiet_moves(position: EnglishPosition, quiet: list[list[EnglishMove]]) -> list[EnglishMove]:
    """The steps that capture nothing (legal when no capture exists), each taken from
    ``quiet`` (the prebuilt moves, by start and end square)."""
    white, black, kings, turn = position
    own = white if turn is WHITE else black
    empty = DARK ^ (white | black)
    forward = FORWARD[turn]
    moves: list[EnglishMove] = []
    for index in _bits(own):
        start = SQUARE_AT[index]
        targets = KING_STEPS[start] if kings >> index & 1 else forward[start]
        moves.extend(quiet[start][SQUARE_AT[j]] for j in _bits(targets & empty))
    moves.sort()
    return moves


MOVE_SHAPE = move_shape(8, alphanumeric=False)
"""Every move text read (:attr:`English.move_shape`): ``11-15``, ``22x15``, ``22x15x8``,
``22:15``, the ``x`` in either case."""

_FULL_GAMETYPE = re.compile(r"21,B,8,8,N[0-9],0")

TEXT_CACHE: TextCache[object] = TextCache()
"""The move texts read."""

START = EnglishPosition(sum(BIT[21:33]), sum(BIT[1:13]), 0, BLACK)
"""The start: Black's men on 1..12, White's on 21..32, Black to move."""


class English(DraughtsGame[EnglishPosition, EnglishMove]):
    """English draughts (American checkers): short kings, free choice among captures."""

    name: ClassVar[str] = "english"
    title: ClassVar[str] = "English draughts"
    in_text: ClassVar[str] = "English draughts"
    a_move: ClassVar[str] = "an English draughts move"
    notations: ClassVar[tuple[str, ...]] = ("numeric",)
    move_shape: ClassVar[re.Pattern[str]] = MOVE_SHAPE
    results: ClassVar[tuple[str, ...]] = (
        "1-0",
        "0-1",
        "1/2-1/2",
        "2-0",
        "0-2",
        "1-1",
        "0-0",
        "*",
    )
    gametype: ClassVar[str | None] = "21"
    engine: ClassVar[Board] = BOARD
    majority: ClassVar[bool] = False
    flying_kings: ClassVar[bool] = False
    men_capture_backward: ClassVar[bool] = False
    position_type: ClassVar[type[EnglishPosition]] = EnglishPosition
    move_type: ClassVar[type[EnglishMove]] = EnglishMove
    start_position: ClassVar[EnglishPosition] = START
    codes: ClassVar[MoveCodes] = CODES
    text_cache: ClassVar[TextCache[object]] = TEXT_CACHE

    def check_gametype(self, value: str) -> None:
        """Reject a full GameType tag whose board or first mover this game does not use."""
        normal = re.sub(r"\s+", "", value).upper()
        if normal != "21" and not _FULL_GAMETYPE.fullmatch(normal):
            raise SetupError(
                f"GameType {value!r} is not an English draughts board this toolkit reads; "
                "use 21 (or its full form 21,B,8,8,N1,0: Black first, 8x8, numbered squares)"
            )

    # Moves ---------------------------------------------------------------------------

    def routes(self, position: EnglishPosition, partial: list[Route] | None = None) -> list[Route]:
        """Every complete capture route of the side to move; ``partial`` collects every
        route's beginnings too, for error messages."""
        return _routes(position, partial)

    def capture_routes(self, position: EnglishPosition) -> Sequence[Route]:
        """Every complete capture route: the player chooses freely among them."""
        return _routes(position)

    def quiet_moves(self, position: EnglishPosition) -> list[EnglishMove]:
        """The steps that capture nothing (legal when no capture exists), in order."""
        return _quiet_moves(position, self._quiet)

    def can_capture(self, own: int, opp: int, kings: int, empty: int, turn: Side) -> bool:
        """Whether the side owning ``own`` (``turn``) has a capture."""
        return bool(_capture_starts(own, opp, kings, empty, turn))

    # End of game -------------------------------------------------------------------

    def outcome(self, position: EnglishPosition) -> Outcome | None:
        """The side to move loses when it has no legal move."""
        white, black, kings, turn = position
        own, opp = (white, black) if turn is WHITE else (black, white)
        empty = DARK ^ (white | black)
        if _has_quiet(own, kings, empty, turn) or _capture_starts(own, opp, kings, empty, turn):
            return None
        return Outcome(turn.other, f"{turn.title} has no legal move")

    def result_for(self, outcome: Outcome) -> tuple[str, ...]:
        """The results English and American records write first, then PDN's draughts
        forms (``2-0``, ``0-2``, ``1-1``)."""
        if outcome.winner is None:
            return ("1/2-1/2", "1-1")
        return ("1-0", "2-0") if outcome.winner is WHITE else ("0-1", "0-2")

    def draw_rule(self, positions: Sequence[EnglishPosition]) -> tuple[int, str] | None:
        """The 40-move rule: 40 moves by each side with no capture and no man moved."""
        run = quiet_run(positions, 80)
        if run is None:
            return None
        return run, "40 moves by each side with no capture and no man moved"

    # Records -------------------------------------------------------------------------

    def new_tags(self, seed: int | None = None) -> dict[str, str]:
        """The ``GameType`` that names English draughts."""
        return {"GameType": "21"}

    # Pictures --------------------------------------------------------------------------

    def render_text(
        self,
        position: EnglishPosition,
        last: EnglishMove | None = None,
        notation: str | None = None,
    ) -> str:
        """The board with Black's side (squares 1..4) at the top, each dark square's
        number beside its piece; the last move's squares are shown in brackets."""
        white, black, kings, turn = position
        marked = set(last.path) if last is not None else set()
        lines = []
        for row in range(8):
            cells = []
            for col in range(8):
                square = SQUARE_AT.get(row * 8 + col)
                if square is None:
                    cells.append("     ")
                    continue
                bit = BIT[square]
                char = "."
                if white & bit:
                    char = "W" if kings & bit else "w"
                elif black & bit:
                    char = "B" if kings & bit else "b"
                cell = f"[{char}]" if square in marked else f" {char} "
                cells.append(f"{square:>2}{cell}")
            lines.append(" " + "".join(cells))
        lines.append(self.game_over(position) or f"{turn.title} to move")
        return "\n".join(line.rstrip() for line in lines)
