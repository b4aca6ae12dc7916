"""The SVG picture of a Russian draughts position."""

from __future__ import annotations

from notation.games.russian import ENGINE, Russian, RussianMove, RussianPosition
from notation.render.draughts import board_svg

GAME = Russian()


def draw(
    position: RussianPosition, last: RussianMove | None = None, notation: str | None = None
) -> str:
    """The board from White's side with its coordinates (square numbers too in numeric
    notation), pieces, kings, the last move, and who is to move or how the game ended."""
    return board_svg(
        ENGINE,
        position,
        () if last is None else last.path,
        () if last is None else last.captured,
        cell=48,
        numbers=notation == "numeric",
        title="Russian draughts position",
        status=GAME.game_over(position) or f"{position.turn.title} to move",
    )
