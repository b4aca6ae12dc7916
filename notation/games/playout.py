"""Seeded play-outs of any game: random legal games for tests, benchmarks and samples.

:func:`playout` plays from a position with a :class:`random.Random`, so the same seed gives
the same game on every Python version. ``choose`` may replace the uniform choice among the
legal moves (the sample maker uses it for more human-looking games).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from notation.games.base import AnyGame, Move, Outcome, Position


@dataclass(slots=True)
class Playout:
    """A played game: the moves, their texts, the positions and how it ended."""

    start: Position
    moves: list[Move]
    texts: list[str]
    positions: list[Position]
    """Positions before each move, then the final one (``len(moves) + 1`` items)."""
    outcome: Outcome | None


def playout(
    game: AnyGame,
    start: Position,
    rng: random.Random,
    *,
    max_plies: int = 200,
    notation: str | None = None,
    choose: Callable[[Position, list[Move], random.Random], Move] | None = None,
) -> Playout:
    """Play at most ``max_plies`` legal plies from ``start``, choosing with ``rng``."""
    position = start
    moves: list[Move] = []
    texts: list[str] = []
    positions = [start]
    for _ in range(max_plies):
        legal = game.legal_moves(position)  # none once the game is over
        if not legal:
            break
        move = legal[rng.randrange(len(legal))] if choose is None else choose(position, legal, rng)
        texts.append(game.format_move(position, move, notation))
        moves.append(move)
        position = game.play(position, move)
        positions.append(position)
    return Playout(start, moves, texts, positions, game.outcome(position))
