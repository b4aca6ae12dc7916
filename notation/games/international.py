"""International draughts: the FMJD rules on a 10x10 board (GameType 20).

The 50 dark squares are numbered 1..50 row by row from Black's side (1 = b10, 5 = j10,
6 = a9, 46 = a1, 50 = i1). Black men start on 1..20, White men on 31..50, and White
moves first. Men step diagonally forward and capture by short jumps forward and
backward; kings fly. Capture is compulsory and must take the most pieces (majority
rule); captured pieces leave the board only when the move is complete (Turkish strike).
A man is crowned only when it ends its move on the far row. The side to move with no
legal move loses. A record that names no game is this one, as PDN says, when its setup
and first moves are (the validator judges it otherwise as the game they fit). The rules
are written out in ``docs/rules/international.md``.
The board and the move generation are built by :mod:`notation.games.flying`, the
reading of moves by the draughts family (:mod:`notation.games.draughts`), the rest of the
FMJD rules by :mod:`notation.games.fmjd`, which Brazilian draughts shares.

Moves are read in PDN's numeric notation (``32-28``, ``19x28``, ``19x30x39``): a quiet
move is written with ``-``, a capture with ``x`` or ``:``. A capture may give only its
start and end square when that names one legal move, and must give every landing square
otherwise.

Codes raised by :meth:`International.parse_move` (the first that applies, in this order):

- ``ID201`` the text is not a move of this game (bad syntax, no such square, a quiet
  move with more than two squares, mixed separators).
- ``ID208`` the game is over: the side to move has no legal move.
- ``ID202`` the start square holds no piece of the side to move.
- ``ID204`` a capture is available and the text is a quiet move.
- ``ID205`` the text is a capture, or an unfinished part of one, that takes fewer
  pieces than the most a capture can take.
- ``ID207`` a short capture (start and end only) names several legal captures.
- ``ID206`` a man's quiet move goes to a row behind it.
- ``ID203`` any other illegal move, including a capture written with ``-`` and a quiet
  move written with ``x``.

The FEN tag (``W:W31-50:B1-20``) takes numbers, ranges and ``K`` for kings, and is
written without ranges (``W:W31,32,...``); a man may not stand on the row where it would
be crowned.
"""

from __future__ import annotations

from collections.abc import Sequence

from notation.games.base import Side, TextCache
from notation.games.draughts import WHITE, MoveCodes, move_shape, register_move_codes
from notation.games.draws import Material, endgame_count, quiet_run
from notation.games.flying import DraughtsEngine, DraughtsMove, DraughtsPosition
from notation.games.fmjd import FmjdGame

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import re
    from typing import ClassVar

CODES = register_move_codes("ID", "international draughts", "an international draughts move")

__all__ = ["International", "InternationalMove", "InternationalPosition"]


class InternationalPosition(DraughtsPosition):
    """A position: piece sets as bitboards on an internal 10x10 layout, and the side to move.

    Bit ``10 * row + column`` stands for a square, row 0 being rank 10 and column 0 file a.
    Pieces stand on dark squares only, so ``DARK ^ (white | black)`` is the empty squares.
    """

    __slots__ = ()


class InternationalMove(DraughtsMove):
    """A move: the squares visited (start, then each landing square) and those captured.

    Squares are numbers 1..50; ``captured`` lists them in increasing order. Two moves are
    equal when they share start, end and captured squares, whatever the route between.
    """

    __slots__ = ()


# Geometry and move generation (shared with the other flying-king games) ---------------

ENGINE = DraughtsEngine(10, majority=True, crown_mid_capture=False)
"""The 10x10 board, majority capture, promotion only at the end of a move."""
BIT = ENGINE.bit
FORWARD = ENGINE.forward
"""The tables the sample maker (``tools/make_international_samples.py``) reads."""

MOVE_SHAPE = move_shape(10, alphanumeric=False)
"""Every move text read (:attr:`International.move_shape`): ``32-28``, ``19x28``,
``19x30x39``, ``19:28``, the capture sign in either case."""

GAMETYPE_FULL = "20,W,10,10,N1,0"
GAMETYPES = ("20", GAMETYPE_FULL, "20,W,10,10,N2,0")
"""The ``GameType`` values read: bare, and PDN's full form as the standard's own files
and as other programs write it (numeric squares, 1 = b10, either numbering code)."""

TEXT_CACHE: TextCache[object] = TextCache()
"""The move texts read."""

START = InternationalPosition(sum(BIT[31:51]), sum(BIT[1:21]), 0, WHITE)


def _reduced_endgame(counts: Material, turn: Side) -> tuple[object, int] | None:
    """The FMJD's reduced endgames against a lone king: three pieces with a king, 16 moves
    each; two pieces with a king, or a king, 5 moves each."""
    white_men, white_kings, black_men, black_kings = counts
    for men, kings, alone in (
        (white_men, white_kings, black_men == 0 and black_kings == 1),
        (black_men, black_kings, white_men == 0 and white_kings == 1),
    ):
        if alone and kings:
            if men + kings == 3:
                return "16 moves by each side with three pieces against a lone king", 32
            if men + kings <= 2:
                return "5 moves by each side with two pieces or a king against a lone king", 10
    return None


class International(FmjdGame[InternationalPosition, InternationalMove]):
    """International draughts: FMJD rules on 10x10, flying kings, majority capture."""

    name: ClassVar[str] = "international"
    code_prefix: ClassVar[str | None] = "ID"
    title: ClassVar[str] = "International draughts"
    in_text: ClassVar[str] = "international draughts"
    a_move: ClassVar[str] = "an international draughts move"
    notations: ClassVar[tuple[str, ...]] = ("numeric",)
    move_shape: ClassVar[re.Pattern[str]] = MOVE_SHAPE
    gametype: ClassVar[str | None] = "20"
    gametypes: ClassVar[tuple[str, ...]] = GAMETYPES
    gametype_advice: ClassVar[str] = f"20 or {GAMETYPE_FULL}"
    engine: ClassVar[DraughtsEngine] = ENGINE
    position_type: ClassVar[type[InternationalPosition]] = InternationalPosition
    move_type: ClassVar[type[InternationalMove]] = InternationalMove
    start_position: ClassVar[InternationalPosition] = START
    codes: ClassVar[MoveCodes] = CODES
    text_cache: ClassVar[TextCache[object]] = TEXT_CACHE

    def draw_rule(self, positions: Sequence[InternationalPosition]) -> tuple[int, str] | None:
        """The FMJD's counted draws: 25 moves by each side with only kings moved and no
        capture; the reduced endgames against a lone king (16 or 5 moves each)."""
        found = []
        run = quiet_run(positions, 50)
        if run is not None:
            found.append((run, "25 moves by each side with only kings moved and no capture"))
        end = endgame_count(positions, _reduced_endgame, 4, 10)
        if end is not None:
            found.append((end[0], str(end[1])))
        return min(found) if found else None

    def new_tags(self, seed: int | None = None) -> dict[str, str]:
        """``GameType`` 20, PDN's way to name international draughts."""
        return {"GameType": "20"}
