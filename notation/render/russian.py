"""The SVG picture of a Russian draughts position."""

from __future__ import annotations

from notation.games.brazilian import BIT, FILES, INDEX, SQUARE_AT
from notation.games.russian import Russian, RussianMove, RussianPosition
from notation.render.svg import PALETTE, Svg

GAME = Russian()

CELL = 48
MARGIN = 24


def _centre(square: int) -> tuple[float, float]:
    row, col = divmod(INDEX[square], 8)
    return MARGIN + col * CELL + CELL / 2, MARGIN + row * CELL + CELL / 2


def draw(
    position: RussianPosition, last: RussianMove | None = None, notation: str | None = None
) -> str:
    """The board from White's side with its coordinates (square numbers too in numeric
    notation), pieces, kings, the last move, and who is to move or how the game ended."""
    white, black, kings, turn = position
    size = 8 * CELL + 2 * MARGIN
    svg = Svg(size, size + MARGIN, "Russian draughts position")
    for row in range(8):
        for col in range(8):
            square = SQUARE_AT.get(row * 8 + col)
            fill = PALETTE["light"] if square is None else PALETTE["dark"]
            svg.rect(MARGIN + col * CELL, MARGIN + row * CELL, CELL, CELL, fill=fill)
            if square is not None and notation == "numeric":
                label_x, label_y = MARGIN + col * CELL + 3, MARGIN + row * CELL + 9
                svg.text(
                    label_x, label_y, str(square), 9, text_anchor="start", fill=PALETTE["light"]
                )
    svg.coordinates(FILES, 8, CELL, MARGIN)
    if last is not None:
        for square in last.captured:
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
    if last is not None:
        svg.arrow([_centre(square) for square in last.path], stroke_width=4, opacity=0.85)
    status = GAME.game_over(position) or f"{turn.title} to move"
    svg.text(size / 2, size + MARGIN / 2, status, 13)
    return svg.render()
