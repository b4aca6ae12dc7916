"""Board pictures: an SVG drawing of any game's position.

Plain-text diagrams are each game's own :meth:`~notation.games.base.Game.render_text`;
the SVG drawings live here, one module per game, on top of :mod:`notation.render.svg`.
"""

from __future__ import annotations

from collections.abc import Callable

from notation.games.base import Game, Move, Position
from notation.render import brazilian

DRAWINGS: dict[str, Callable[[Position, Move | None], str]] = {
    "brazilian": brazilian.draw,
}
"""The SVG drawing function of each game, by game name."""


def render_svg(game: Game, position: Position, last: Move | None = None) -> str:
    """An SVG picture of ``position`` with ``last`` (the move that led to it) marked."""
    try:
        draw = DRAWINGS[game.name]
    except KeyError:
        raise ValueError(f"no SVG picture for {game.title} yet") from None
    return draw(position, last)
