"""The SVG picture of an English draughts position."""

from __future__ import annotations

from notation.games.english import ENGINE, English, EnglishMove, EnglishPosition
from notation.render.draughts import board_svg

GAME = English()


def draw(
    position: EnglishPosition, last: EnglishMove | None = None, notation: str | None = None
) -> str:
    """The board with Black's side (squares 1..4) at the top and every dark square's
    number, pieces, kings, the last move with the pieces it took, and who is to move or
    how the game ended."""
    return board_svg(
        ENGINE,
        position,
        () if last is None else last.path,
        () if last is None else last.captured,
        cell=48,
        coordinates=False,
        title="English draughts position",
        status=GAME.game_over(position) or f"{position.turn.title} to move",
    )
