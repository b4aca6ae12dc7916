"""The SVG picture of an international draughts position."""

from __future__ import annotations

from notation.games.international import (
    BIT,
    FILES,
    INDEX,
    SQUARE_AT,
    SQUARES,
    International,
    InternationalMove,
    InternationalPosition,
)
from notation.render.svg import PALETTE, Svg

GAME = International()

CELL = 40
MARGIN = 24


def _centre(square: int) -> tuple[float, float]:
    row, col = divmod(INDEX[square], 10)
    return MARGIN + col * CELL + CELL / 2, MARGIN + row * CELL + CELL / 2


def draw(
    position: InternationalPosition,
    last: InternationalMove | None = None,
    notation: str | None = None,
) -> str:
    """The board from White's side with square numbers, file letters and rank numbers in
    the frame, pieces, kings, the last move (its captured pieces ringed), and who is to
    move or how the game ended."""
    white, black, kings, turn = position
    size = 10 * CELL + 2 * MARGIN
    svg = Svg(size, size + MARGIN, "International draughts position")
    for row in range(10):
        for col in range(10):
            square = SQUARE_AT.get(row * 10 + col)
            fill = PALETTE["light"] if square is None else PALETTE["dark"]
            svg.rect(MARGIN + col * CELL, MARGIN + row * CELL, CELL, CELL, fill=fill)
            if square is not None:
                label_x, label_y = MARGIN + col * CELL + 3, MARGIN + row * CELL + 9
                svg.text(
                    label_x, label_y, str(square), 8, text_anchor="start", fill=PALETTE["light"]
                )
    svg.coordinates(FILES, 10, CELL, MARGIN)
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
    for square in SQUARES:
        bit = BIT[square]
        if not (white | black) & bit:
            continue
        svg.draughtsman(*_centre(square), CELL, bool(white & bit), bool(kings & bit))
    if last is not None:
        svg.arrow([_centre(square) for square in last.path], stroke_width=4, opacity=0.85)
    status = GAME.game_over(position) or f"{turn.title} to move"
    svg.text(size / 2, size + MARGIN / 2, status, 13)
    return svg.render()
