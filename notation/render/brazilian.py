"""The SVG picture of a Brazilian draughts position."""

from __future__ import annotations

from notation.games.brazilian import ENGINE, Brazilian, BrazilianMove, BrazilianPosition
from notation.render.draughts import board_svg

GAME = Brazilian()


def draw(
    position: BrazilianPosition, last: BrazilianMove | None = None, notation: str | None = None
) -> str:
    """The board from White's side with square numbers (in numeric notation, the default;
    the frame's coordinates name the squares in alphanumeric), pieces, kings, the last
    move, and who is to move or how the game ended."""
    return board_svg(
        ENGINE,
        position,
        () if last is None else last.path,
        () if last is None else last.captured,
        cell=48,
        numbers=notation != "alphanumeric",
        title="Brazilian draughts position",
        status=GAME.game_over(position) or f"{position.turn.title} to move",
    )
