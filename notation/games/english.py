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

from collections.abc import Sequence

from notation.games.base import Outcome, TextCache
from notation.games.draughts import (
    BLACK,
    WHITE,
    DraughtsGame,
    MoveCodes,
    move_shape,
    register_move_codes,
)
from notation.games.draws import quiet_run
from notation.games.flying import DraughtsEngine, DraughtsMove, DraughtsPosition

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import re
    from typing import ClassVar

CODES = register_move_codes(
    "EN",
    "English draughts",
    "an English draughts move",
    fewer="a capture must be completed",
    backward="a man moves and captures forward only",
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

# Board and move generation ---------------------------------------------------------------

ENGINE = DraughtsEngine(
    8, majority=False, crown_mid_capture=False, flying_kings=False, men_capture_backward=False
)
"""The 8x8 board, numbered as in every English and American book: short kings, men that
capture forward only, free choice among captures. A man's jumps all go forward, so a man
that lands on the far row has no jump left: its capture ends there, as the rules say."""
BIT = ENGINE.bit
MOVE_SHAPE = move_shape(8, alphanumeric=False)
"""Every move text read (:attr:`English.move_shape`): ``11-15``, ``22x15``, ``22x15x8``,
``22:15``, the ``x`` in either case."""

TEXT_CACHE: TextCache[object] = TextCache()
"""The move texts read."""

START = EnglishPosition(sum(BIT[21:33]), sum(BIT[1:13]), 0, BLACK)
"""The start: Black's men on 1..12, White's on 21..32, Black to move."""


class English(DraughtsGame[EnglishPosition, EnglishMove]):
    """English draughts (American checkers): short kings, free choice among captures."""

    name: ClassVar[str] = "english"
    code_prefix: ClassVar[str | None] = "EN"
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
    gametypes: ClassVar[tuple[str, ...]] = ("21", *(f"21,B,8,8,N{n},0" for n in range(10)))
    gametype_advice: ClassVar[str] = (
        "21 (or its full form 21,B,8,8,N1,0: Black first, 8x8, numbered squares)"
    )
    picture_coordinates: ClassVar[bool] = False
    engine: ClassVar[DraughtsEngine] = ENGINE
    position_type: ClassVar[type[EnglishPosition]] = EnglishPosition
    move_type: ClassVar[type[EnglishMove]] = EnglishMove
    start_position: ClassVar[EnglishPosition] = START
    codes: ClassVar[MoveCodes] = CODES
    text_cache: ClassVar[TextCache[object]] = TEXT_CACHE

    # End of game -------------------------------------------------------------------

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
        return super().render_text(position, last, "numeric")
