"""The SVG picture of a Keny (Caucasian checkers) position.

Every square of the 8x8 board is used, so all 64 are drawn alike in two shades, with the
files a-h and ranks 1-8 around them. Men are plain discs; kings (perets) carry a ring.
The last move is an arrow through every landing square; the squares of the pieces it
captured carry a dashed ring, and the own pieces a friendly jump went over a small dot.
"""

from __future__ import annotations

from notation.games.base import Picture, Side
from notation.games.keny import FILES, KING, PIECES, KenyMove, KenyPosition
from notation.pictures.svg import PALETTE, Svg

CELL = 48
MARGIN = 24


def _centre(square: int) -> tuple[float, float]:
    rank, file = divmod(square, 8)
    return MARGIN + file * CELL + CELL / 2, MARGIN + (7 - rank) * CELL + CELL / 2


def draw(picture: Picture) -> str:
    """The board from White's side with coordinates, men, kings, the last move (the
    squares ``picture`` marks dotted), and the status line of ``picture``."""
    position: KenyPosition = picture.position
    last: KenyMove | None = picture.last
    size = 8 * CELL + 2 * MARGIN
    svg = Svg(size, size + MARGIN, picture.title)
    for rank in range(8):
        for file in range(8):
            fill = PALETTE["dark"] if (rank + file) % 2 == 0 else PALETTE["light"]
            svg.rect(MARGIN + file * CELL, MARGIN + (7 - rank) * CELL, CELL, CELL, fill=fill)
    svg.rect(MARGIN, MARGIN, 8 * CELL, 8 * CELL, fill="none", stroke=PALETTE["line"])
    svg.coordinates(FILES, 8, CELL, MARGIN)
    if last is not None:
        for square in last.captured:
            x, y = _centre(square)
            svg.circle(
                x,
                y,
                CELL * 0.3,
                fill="none",
                stroke=PALETTE["mark"],
                stroke_width=2.5,
                stroke_dasharray="4 3",
            )
    for square, piece in enumerate(position.board):
        if piece not in PIECES[Side.WHITE] + PIECES[Side.BLACK]:
            continue
        svg.draughtsman(*_centre(square), CELL, piece in PIECES[Side.WHITE], piece in KING)
    if last is not None:
        svg.arrow([_centre(square) for square in last.path], stroke_width=4, opacity=0.85)
        for square in picture.marked:
            x, y = _centre(square)
            svg.circle(x, y, CELL * 0.1, fill=PALETTE["mark"], stroke=PALETTE["white"])
    svg.text(size / 2, size + MARGIN / 2, picture.status, 13)
    return svg.render()
