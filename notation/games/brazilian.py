"""Brazilian draughts: international (FMJD) rules on an 8x8 board (GameType 26).

The 32 dark squares are numbered 1..32 row by row from Black's side (1 = b8, 4 = h8,
5 = a7, 29 = a1, 32 = g1). Black men start on 1..12, White men on 21..32, and White
moves first. Men step diagonally forward and capture by short jumps forward and
backward; kings fly. Capture is compulsory and must take the most pieces (majority
rule); captured pieces leave the board only when the move is complete (Turkish strike).
A man is crowned only when it ends its move on the far row. The side to move with no
legal move loses. The rules are written out in ``docs/rules/brazilian.md``.
The board and the move generation are built by :mod:`notation.games.flying`, the
reading of moves by the draughts family (:mod:`notation.games.draughts`), the rest of the
FMJD rules by :mod:`notation.games.fmjd`, which international draughts shares.

Moves are read in numeric notation (``22-18``, ``18x11``, ``26x17x10``) and in
alphanumeric notation (``c3-d4``, ``c3xe5``, ``c3:e5``, ``c3d4``), letters in either
case. A quiet move is written with ``-``, a capture with ``x`` or ``:``; alphanumeric
moves may omit the separator. A capture may give only its start and end square when
that names one legal move, and must give every landing square otherwise.

Codes raised by :meth:`Brazilian.parse_move` (the first that applies, in this order):

- ``BR201`` the text is not a move of this game (bad syntax, no such square, a quiet
  move with more than two squares, mixed separators).
- ``BR208`` the game is over: the side to move has no legal move.
- ``BR202`` the start square holds no piece of the side to move.
- ``BR204`` a capture is available and the text is a quiet move.
- ``BR205`` the text is a capture, or an unfinished part of one, that takes fewer
  pieces than the most a capture can take.
- ``BR207`` a short capture (start and end only) names several legal captures.
- ``BR206`` a man's quiet move goes to a row behind it.
- ``BR203`` any other illegal move, including a capture written with ``-`` and a quiet
  move written with ``x``.

The FEN tag (``W:W21-32:B1-12``) takes numbers, ranges, algebraic squares and ``K`` for
kings; a man may not stand on the row where it would be crowned.
"""

from __future__ import annotations

from collections.abc import Mapping

from notation.games.base import TextCache
from notation.games.draughts import WHITE, MoveCodes, move_shape, register_move_codes
from notation.games.flying import DraughtsEngine, DraughtsMove, DraughtsPosition
from notation.games.fmjd import FmjdGame

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import re
    from typing import ClassVar

CODES = register_move_codes("BR", "Brazilian draughts", "a Brazilian draughts move")

__all__ = ["Brazilian", "BrazilianMove", "BrazilianPosition"]


class BrazilianPosition(DraughtsPosition):
    """A position: piece sets as bitboards on an internal 8x8 layout, and the side to move.

    Bit ``8 * row + column`` stands for a square, row 0 being rank 8 and column 0 file a.
    Pieces stand on dark squares only, so ``DARK ^ (white | black)`` is the empty squares.
    """

    __slots__ = ()


class BrazilianMove(DraughtsMove):
    """A move: the squares visited (start, then each landing square) and those captured.

    Squares are numbers 1..32; ``captured`` lists them in increasing order. Two moves are
    equal when they share start, end and captured squares, whatever the route between.
    """

    __slots__ = ()


# Geometry and move generation (shared with the other flying-king games) ---------------

ENGINE = DraughtsEngine(8, majority=True, crown_mid_capture=False)
"""The 8x8 board, majority capture, promotion only at the end of a move."""
BIT = ENGINE.bit
COLUMN = ENGINE.column
NAME = ENGINE.name
FORWARD = ENGINE.forward
"""The tables the sample makers (``tools/make_brazilian_samples.py``,
``tools/make_russian_samples.py``) read."""

MOVE_SHAPE = move_shape(8, alphanumeric=True)
"""Every move text read (:attr:`Brazilian.move_shape`): numeric (``22-18``, ``26x17x10``,
``18:11``) or alphanumeric (``c3-d4``, ``c3xe5``, ``c3d4``), letters in either case."""

GAMETYPE_NUMERIC = "26,W,8,8,N2,0"
GAMETYPE_ALPHANUMERIC = "26,W,8,8,A0,0"

TEXT_CACHE: TextCache[object] = TextCache()
"""The move texts read."""

START = BrazilianPosition(sum(BIT[21:33]), sum(BIT[1:13]), 0, WHITE)


class Brazilian(FmjdGame[BrazilianPosition, BrazilianMove]):
    """Brazilian draughts: FMJD rules on 8x8, flying kings, majority capture."""

    name: ClassVar[str] = "brazilian"
    code_prefix: ClassVar[str | None] = "BR"
    title: ClassVar[str] = "Brazilian draughts"
    in_text: ClassVar[str] = "Brazilian draughts"
    a_move: ClassVar[str] = "a Brazilian draughts move"
    notations: ClassVar[tuple[str, ...]] = ("numeric", "alphanumeric")
    move_shape: ClassVar[re.Pattern[str]] = MOVE_SHAPE
    gametype: ClassVar[str | None] = "26"
    gametypes: ClassVar[tuple[str, ...]] = ("26", GAMETYPE_NUMERIC, GAMETYPE_ALPHANUMERIC)
    gametype_advice: ClassVar[str] = (
        f"{GAMETYPE_NUMERIC} (numeric) or {GAMETYPE_ALPHANUMERIC} (alphanumeric)"
    )
    notation_gametypes: ClassVar[Mapping[str, str]] = {
        "numeric": GAMETYPE_NUMERIC,
        "alphanumeric": GAMETYPE_ALPHANUMERIC,
    }
    engine: ClassVar[DraughtsEngine] = ENGINE
    position_type: ClassVar[type[BrazilianPosition]] = BrazilianPosition
    move_type: ClassVar[type[BrazilianMove]] = BrazilianMove
    start_position: ClassVar[BrazilianPosition] = START
    codes: ClassVar[MoveCodes] = CODES
    text_cache: ClassVar[TextCache[object]] = TEXT_CACHE

    def new_tags(self, seed: int | None = None) -> dict[str, str]:
        """The full numeric ``GameType`` (PDN's way to name Brazilian draughts)."""
        return {"GameType": GAMETYPE_NUMERIC}
