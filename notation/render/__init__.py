"""Board pictures: an SVG drawing of any game's position.

Plain-text diagrams are each game's own :meth:`~notation.games.base.Game.render_text`;
the SVG drawings live here, one module per game, on top of :mod:`notation.render.svg`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from notation.games.base import AnyGame, Move, Position


def render_svg(
    game: AnyGame, position: Position, last: Move | None = None, notation: str | None = None
) -> str:
    """An SVG picture of ``position`` with ``last`` (the move that led to it) marked, and
    what it names written in ``notation`` (the record's, see
    :func:`~notation.check.replay.record_notation`; default: the game's).

    The drawing is ``draw(position, last, notation)`` of the module
    ``notation.render.<game>`` (the game's name with ``-`` written ``_``).
    """
    module = f"{__name__}.{game.name.replace('-', '_')}"
    try:
        draw: Callable[[Position, Move | None, str | None], str] = importlib.import_module(
            module
        ).draw
    except ModuleNotFoundError as error:
        if error.name != module:
            raise
        raise ValueError(f"no SVG picture for {game.title} yet") from None
    return draw(position, last, notation)
