"""The SVG picture of a Brazilian draughts position, and of any position on its board."""

from __future__ import annotations

from notation.games.base import Side
from notation.games.brazilian import (
    BIT,
    FILES,
    INDEX,
    SQUARE_AT,
    Brazilian,
    BrazilianMove,
    BrazilianPosition,
)
from notation.render.svg import PALETTE, Svg

GAME = Brazilian()

CELL = 48
MARGIN = 24


def _centre(square: int) -> tuple[float, float]:
    row, col = divmod(INDEX[square], 8)
    return MARGIN + col * CELL + CELL / 2, MARGIN + row * CELL + CELL / 2


def board_svg(
    position: tuple[int, int, int, Side],
    path: tuple[int, ...],
    captured: tuple[int, ...],
    *,
    numbers: bool,
    title: str,
    status: str,
) -> str:
    """The 8x8 board of a (white, black, kings, turn) position from White's side with its
    coordinates (and square numbers when ``numbers``), pieces, kings, the last move's
    ``path`` and ``captured`` squares, and ``status`` below."""
    white, black, kings, _ = position
    size = 8 * CELL + 2 * MARGIN
    svg = Svg(size, size + MARGIN, title)
    for row in range(8):
        for col in range(8):
            square = SQUARE_AT.get(row * 8 + col)
            fill = PALETTE["light"] if square is None else PALETTE["dark"]
            svg.rect(MARGIN + col * CELL, MARGIN + row * CELL, CELL, CELL, fill=fill)
            if square is not None and numbers:
                label_x, label_y = MARGIN + col * CELL + 3, MARGIN + row * CELL + 9
                svg.text(
                    label_x, label_y, str(square), 9, text_anchor="start", fill=PALETTE["light"]
                )
    svg.coordinates(FILES, 8, CELL, MARGIN)
    for square in captured:
        x, y = _centre(square)
        svg.circle(
            x,
            y,
            CELL * 0.18,
            fill="none",
            stroke=PALETTE["mark"],
            stroke_width=2,
            stroke_dasharray="3 2",
        )
    for square in range(1, 33):
        bit = BIT[square]
        if not (white | black) & bit:
            continue
        svg.draughtsman(*_centre(square), CELL, bool(white & bit), bool(kings & bit))
    if path:
        svg.arrow([_centre(square) for square in path], stroke_width=4, opacity=0.85)
    svg.text(size / 2, size + MARGIN / 2, status, 13)
    return svg.render()


def draw(
    position: BrazilianPosition, last: BrazilianMove | None = None, notation: str | None = None
) -> str:
    """The board from White's side with square numbers (in numeric notation, the default;
    the frame's coordinates name the squares in alphanumeric), pieces, kings, the last
    move, and who is to move or how the game ended."""
    return board_svg(
        position,
        () if last is None else last.path,
        () if last is None else last.captured,
        numbers=notation != "alphanumeric",
        title="Brazilian draughts position",
        status=GAME.game_over(position) or f"{position.turn.title} to move",
    )
