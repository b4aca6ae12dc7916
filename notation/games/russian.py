"""Russian draughts (GameType 25).

The board is Brazilian draughts' (built, with the move generation, by
:mod:`notation.games.flying`; moves are read, written and explained by the draughts family,
:mod:`notation.games.draughts`): the 32 dark squares a1..h8, also numbered 1..32 row by row
from Black's side (1 = b8, 29 = a1, 32 = g1). White's men start on a1..h3 (21..32),
Black's on a6..h8 (1..12), and White moves first. Men step diagonally forward and capture
by short jumps forward and backward; kings fly. Capture is compulsory and the player
chooses freely among the captures (no majority rule), but a capture once begun must be
completed, and a king that can land on a square from which it captures again must land on
one of those. Captured pieces leave the board only when the move is complete (Turkish
strike). A man that reaches the far row, also during a capture, is crowned at once and a
capture goes on with it as a king. The side to move with no legal move loses. The rules
are written out in ``docs/rules/russian.md``.

Moves are read in alphanumeric notation, the one Russian records use (``c3-d4``,
``c3:e5``, ``c3:e5:c7``, also ``c3xe5`` and ``c3d4``), in numeric notation (``22-18``,
``22x15``) and in Russian short notation: the file the piece leaves and the square it
reaches (``cd4``, for a step and for a capture alike), read where it names one legal move.
A capture may give only its start and end square when that names one legal move, and must
give every landing square otherwise. Moves are written with ``:`` for captures in
alphanumeric notation and ``x`` in numeric.

Codes raised by :meth:`Russian.parse_move` (the first that applies, in this order):

- ``RU201`` the text is not a move of this game (bad syntax, no such square, a quiet
  move with more than two squares, mixed separators).
- ``RU208`` the game is over: the side to move has no legal move.
- ``RU202`` the start square (or, in short notation, the file) holds no piece of the
  side to move.
- ``RU204`` a capture is available and the text is a quiet move.
- ``RU205`` the text is an unfinished part of a capture, or lands a king where it can
  capture no more while another landing captures on.
- ``RU207`` a short text (start and end only, or short notation) names several legal
  moves.
- ``RU206`` a man's quiet move goes to a row behind it.
- ``RU203`` any other illegal move, including a capture written with ``-`` and a quiet
  move written with ``:``.

The FEN tag (``W:W21-32:B1-12``, or with square names ``W:Wa1,c1,...``) takes numbers,
ranges, square names and ``K`` for kings; a man may not stand on the row where it would
be crowned.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from notation.games.base import Side, TextCache
from notation.games.draughts import (
    BLACK,
    WHITE,
    DraughtsGame,
    MoveCodes,
    move_shape,
    register_move_codes,
)
from notation.games.draws import Material, endgame_count, quiet_run
from notation.games.flying import DraughtsEngine, DraughtsPosition, Route
from notation.plain import NamedTuple

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import re
    from typing import ClassVar

CODES = register_move_codes(
    "RU",
    "Russian draughts",
    "a Russian draughts move",
    fewer="a capture must be completed",
    ambiguous="a short move text names several moves",
)

__all__ = ["Russian", "RussianMove", "RussianPosition"]


class RussianPosition(DraughtsPosition):
    """A position: piece sets as bitboards on Brazilian draughts' 8x8 layout (bit
    ``8 * row + column``, row 0 being rank 8), and the side to move."""

    __slots__ = ()


class RussianMove(NamedTuple):
    """A move: the squares visited (start, then each landing square), those captured
    (square numbers 1..32, in increasing order) and whether a man is crowned on the way
    before its capture goes on.

    Two moves are equal when they share start, end, captured squares and crowning,
    whatever the route between: they leave the same position.
    """

    path: tuple[int, ...]
    captured: tuple[int, ...] = ()
    crowned: bool = False

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RussianMove):
            return NotImplemented
        return (
            self.path[0] == other.path[0]
            and self.path[-1] == other.path[-1]
            and self.captured == other.captured
            and self.crowned == other.crowned
        )

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((self.path[0], self.path[-1], self.captured, self.crowned))


_new = tuple.__new__

# Geometry and move generation (shared with the other flying-king games) ---------------

ENGINE = DraughtsEngine(8, majority=False, crown_mid_capture=True)
"""Brazilian draughts' board, free choice among captures (a king landing where it captures
on), crowning mid-capture."""
BIT = ENGINE.bit
PROMOTION = ENGINE.promotion

MOVE_SHAPE = move_shape(8, alphanumeric=True, short=True)
"""Every move text read (:attr:`Russian.move_shape`): alphanumeric (``c3-d4``,
``c3:e5:c7``, ``c3xe5``, ``c3d4``), short (``cd4``) or numeric (``22-18``, ``22x15x8``),
letters in either case."""

TEXT_CACHE: TextCache[object] = TextCache()
"""The move texts read."""

GAMETYPE_ALPHANUMERIC = "25,W,8,8,A0,0"
GAMETYPE_NUMERIC = "25,W,8,8,N2,0"

START = RussianPosition(sum(BIT[21:33]), sum(BIT[1:13]), 0, WHITE)


def _endgame(counts: Material, turn: Side) -> tuple[object, int] | None:
    """The Russian endgame counts: three kings or more against a lone king, 15 moves of
    the stronger side; else, with kings on both sides and the material unchanged, 15 moves
    each with 4 or 5 pieces, 30 each with 6 or 7."""
    white_men, white_kings, black_men, black_kings = counts
    for side, men, kings, alone in (
        (WHITE, white_men, white_kings, black_men == 0 and black_kings == 1),
        (BLACK, black_men, black_kings, white_men == 0 and white_kings == 1),
    ):
        if alone and not men and kings >= 3:
            reason = f"15 moves of {side.title}'s {kings} kings against a lone king"
            return reason, 29 if turn is side else 30
    pieces = sum(counts)
    if not (white_kings and black_kings) or not 4 <= pieces <= 7:
        return None
    moves = 15 if pieces <= 5 else 30
    reason = f"{moves} moves by each side in a {pieces}-piece ending with kings on both sides"
    return (reason, counts), 2 * moves


class Russian(DraughtsGame[RussianPosition, RussianMove]):
    """Russian draughts: flying kings, free choice among captures, crowning mid-capture."""

    name: ClassVar[str] = "russian"
    code_prefix: ClassVar[str | None] = "RU"
    title: ClassVar[str] = "Russian draughts"
    in_text: ClassVar[str] = "Russian draughts"
    a_move: ClassVar[str] = "a Russian draughts move"
    notations: ClassVar[tuple[str, ...]] = ("alphanumeric", "numeric")
    move_shape: ClassVar[re.Pattern[str]] = MOVE_SHAPE
    gametype: ClassVar[str | None] = "25"
    gametypes: ClassVar[tuple[str, ...]] = ("25", GAMETYPE_ALPHANUMERIC, GAMETYPE_NUMERIC)
    gametype_advice: ClassVar[str] = (
        f"{GAMETYPE_ALPHANUMERIC} (alphanumeric) or {GAMETYPE_NUMERIC} (numeric)"
    )
    notation_gametypes: ClassVar[Mapping[str, str]] = {
        "numeric": GAMETYPE_NUMERIC,
        "alphanumeric": GAMETYPE_ALPHANUMERIC,
    }
    engine: ClassVar[DraughtsEngine] = ENGINE
    alphanumeric_capture: ClassVar[str] = ":"
    position_type: ClassVar[type[RussianPosition]] = RussianPosition
    move_type: ClassVar[type[RussianMove]] = RussianMove
    start_position: ClassVar[RussianPosition] = START
    codes: ClassVar[MoveCodes] = CODES
    text_cache: ClassVar[TextCache[object]] = TEXT_CACHE

    def move_of(self, position: RussianPosition, route: Route) -> RussianMove:
        """The move a capture route makes, crowned when a man reaches the far row on the
        way."""
        path, captured = route
        crowned = not position.kings & BIT[path[0]] and any(
            BIT[square] & PROMOTION[position.turn] for square in path[1:]
        )
        return _new(RussianMove, (path, ENGINE.captured_squares(captured), crowned))

    def draw_rule(self, positions: Sequence[RussianPosition]) -> tuple[int, str] | None:
        """The Russian counted draws: 15 moves by each side with only kings moved and no
        capture; the endgame counts (three kings against one; kings on both sides)."""
        found = []
        run = quiet_run(positions, 30)
        if run is not None:
            found.append((run, "15 moves by each side with only kings moved and no capture"))
        end = endgame_count(positions, _endgame, 13, 29)
        if end is not None:
            key = end[1]
            found.append((end[0], str(key[0] if isinstance(key, tuple) else key)))
        return min(found) if found else None

    # Records -------------------------------------------------------------------------

    def new_tags(self, seed: int | None = None) -> dict[str, str]:
        """The full alphanumeric ``GameType`` (Russian records name their squares)."""
        return {"GameType": GAMETYPE_ALPHANUMERIC}
