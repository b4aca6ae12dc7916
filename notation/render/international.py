"""The SVG picture of an international draughts position."""

from __future__ import annotations

from notation.games.international import (
    ENGINE,
    International,
    InternationalMove,
    InternationalPosition,
)
from notation.render.draughts import board_svg

GAME = International()


def draw(
    position: InternationalPosition,
    last: InternationalMove | None = None,
    notation: str | None = None,
) -> str:
    """The board from White's side with square numbers, file letters and rank numbers in
    the frame, pieces, kings, the last move (its captured pieces ringed), and who is to
    move or how the game ended."""
    return board_svg(
        ENGINE,
        position,
        () if last is None else last.path,
        () if last is None else last.captured,
        cell=40,
        title="International draughts position",
        status=GAME.game_over(position) or f"{position.turn.title} to move",
    )
