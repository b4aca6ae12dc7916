"""The two sides of a game (:class:`Side`) and an end the rules decide (:class:`Outcome`):
what a verdict holds of a game, known without the interface every game implements
(:mod:`notation.games.base`, which gives them too), so that a report read back from the
cache is rebuilt without it."""

from __future__ import annotations

from enum import IntEnum

from notation.plain import NamedTuple


class Side(IntEnum):
    """The two players; WHITE (the lighter pieces) moves first unless a setup says not."""

    WHITE = 0
    BLACK = 1

    @property
    def other(self) -> Side:
        """The opponent."""
        return _OTHER[self]

    @property
    def title(self) -> str:
        """``"White"`` or ``"Black"``."""
        return "White" if self is Side.WHITE else "Black"


_OTHER = (Side.BLACK, Side.WHITE)
"""Each side's opponent, by side (``Side.other`` is on the hot path of every game)."""


class Outcome(NamedTuple):
    """A game ended by its rules: who won (``None`` for a draw) and why."""

    winner: Side | None
    reason: str

    @classmethod
    def by_score(cls, white: int, black: int, reason: str) -> Outcome:
        """The end of a scored game: the higher score wins, equal scores draw."""
        winner = None if white == black else Side.WHITE if white > black else Side.BLACK
        return cls(winner, reason)
