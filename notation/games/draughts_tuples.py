"""The draughts family's named tuples: positions, moves, the codes of illegal moves, move
texts read, and the FMJD games' entries of texts read.

They are defined here, in a module the compiled build leaves interpreted, for the modules
that use them (:mod:`notation.games.flying`, :mod:`notation.games.draughts` and
:mod:`notation.games.fmjd`, which give them again): mypyc makes a named tuple of a module
it compiles with :mod:`typing`'s class, and importing :mod:`typing` costs a compiled
one-game run about 3 ms of its start. Compiled code reads their fields as fast wherever
they are defined.
"""

from __future__ import annotations

from notation.plain import Generic, NamedTuple, TypeVar

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from notation.games.base import Side


class DraughtsPosition(NamedTuple):
    """The fields of a draughts game's position: piece sets as bitboards on the board's
    internal layout, and the side to move. Each game subclasses it with its own name."""

    white: int
    black: int
    kings: int
    turn: Side


class DraughtsMove(NamedTuple):
    """The fields of a draughts game's move: the squares visited (start, then each landing
    square) and those captured, in increasing order. Two moves of one game are equal when
    they share start, end and captured squares, whatever the route between. Each game
    subclasses it with its own name."""

    path: tuple[int, ...]
    captured: tuple[int, ...] = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return (
            self.path[0] == other.path[0]
            and self.path[-1] == other.path[-1]
            and self.captured == other.captured
        )

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((self.path[0], self.path[-1], self.captured))


class MoveCodes(NamedTuple):
    """The codes of a game's illegal moves, in the order they are tried."""

    malformed: str
    """The text is not a move of this game."""
    game_over: str
    """The side to move has no legal move."""
    no_piece: str
    """The start square holds no piece of the side to move."""
    compulsory: str
    """A capture is available and the text is a quiet move."""
    majority: str
    """The capture takes fewer pieces than it must: fewer than the most a capture can take
    (majority rule), or it stops where it must go on (free choice)."""
    ambiguous: str
    """A short text names several legal moves."""
    backward: str
    """A man's move goes to a row behind it."""
    illegal: str
    """Any other illegal move."""


class MoveText(NamedTuple):
    """A move text read: its squares, its kind (``-``, ``x`` or ``""``) and notation.

    A text in short notation has the file left (0 for a, ...) in ``file`` and only the
    square reached in ``squares``; every other text has ``file`` -1."""

    squares: tuple[int, ...]
    kind: str
    notation: str
    file: int = -1


class Malformed(NamedTuple):
    """A move text that is not a move, and why."""

    reason: str


M = TypeVar("M", bound=DraughtsMove)


class FmjdEntry(NamedTuple, Generic[M]):
    """A move text read, with what the hot path of
    :meth:`~notation.games.fmjd.FmjdGame.advance` reads of it."""

    read: MoveText | Malformed
    squares: tuple[int, ...]
    start: int
    end: int
    start_bit: int
    """0 for a malformed text, so that it fails the test of the start square."""
    end_bit: int
    quiet: bool
    """Whether it may be a quiet move: two squares, not written as a capture."""
    capture: bool
    """Whether it may be a capture: not written as a quiet move."""
    over: int
    """The bit a man jumps over from start to end when it may be a capture of two squares
    one jump apart, else 0."""
    quiet_move: M
    """The quiet move from start to end (when not ``quiet``, any move: it is not read)."""
    jump: M
    """The capture of one jump from start to end (when ``over`` is 0, any move)."""
    crowning: tuple[int, int]
    """By side, for a man's quiet step from start to end: -1 when it is not one, else the
    bit it adds to the kings (the end's bit on the far row, else 0)."""
