"""Pictures of positions: the SVG drawing of a position of any game that describes one.

A game says what the picture of a position shows (:meth:`~notation.games.base.Game.picture`,
a :class:`~notation.games.base.Picture`); the drawing its ``style`` names draws it, on the
small SVG writer of :mod:`notation.pictures.svg`: one drawing for every draughts board
(:mod:`notation.pictures.draughts`, any size), and one for each game with a board of its
own. Plain-text diagrams are each game's own :meth:`~notation.games.base.Game.render_text`.
"""

from __future__ import annotations

from collections.abc import Callable

from notation.games.base import AnyGame, Move, Picture, Position
from notation.pictures import cheversi, draughts, kavaleria, keny, knight_fight

DRAWINGS: dict[str, Callable[[Picture], str]] = {
    "draughts": draughts.draw,
    "keny": keny.draw,
    "kavaleria": kavaleria.draw,
    "knight-fight": knight_fight.draw,
    "cheversi": cheversi.draw,
}
"""Each drawing by the style a game's picture names."""


def svg_picture(
    game: AnyGame, position: Position, last: Move | None = None, notation: str | None = None
) -> str | None:
    """The SVG picture of ``position`` with ``last`` (the move that led to it) marked, and
    what it names written in ``notation`` (the record's, see
    :func:`~notation.check.replay.record_notation`; default: the game's); ``None`` for a
    game without one."""
    picture = game.picture(position, last, notation)
    return None if picture is None else DRAWINGS[picture.style](picture)


def render_svg(
    game: AnyGame, position: Position, last: Move | None = None, notation: str | None = None
) -> str:
    """:func:`svg_picture`; ValueError for a game without one."""
    drawn = svg_picture(game, position, last, notation)
    if drawn is None:
        raise ValueError(f"no SVG picture for {game.title} yet")
    return drawn
