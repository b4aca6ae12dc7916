"""The SVG picture of a position on an n x n draughts board, which every draughts game's
picture is: the board from White's side, square numbers, the frame's coordinates, pieces
and kings, the last move with the pieces it took, and a status line below."""

from __future__ import annotations

from functools import lru_cache

from notation.games.base import Picture, Side
from notation.games.flying import Board
from notation.pictures.svg import PALETTE, Svg

MARGIN = 24


def draw(picture: Picture) -> str:
    """The board a draughts game's ``picture`` describes (see
    :class:`~notation.games.base.Picture`)."""
    last = picture.last
    return board_svg(
        picture.board,
        picture.position,
        () if last is None else last.path,
        () if last is None else last.captured,
        cell=picture.cell,
        title=picture.title,
        status=picture.status,
        numbers=picture.numbers,
        coordinates=picture.coordinates,
    )


@lru_cache(maxsize=64)
def _background(board: Board, cell: int, numbers: bool, coordinates: bool) -> tuple[str, ...]:
    """The elements every picture of ``board`` starts with: its squares, their numbers
    and the frame's coordinates. Drawn once: they are most of a picture's elements, and a
    page of an archive draws hundreds of thousands of pictures."""
    n = board.size
    label = 8 if n > 8 else 9
    svg = Svg(0, 0, "")
    for row in range(n):
        for col in range(n):
            square = board.grid[row][col]
            fill = PALETTE["dark"] if square else PALETTE["light"]
            svg.rect(MARGIN + col * cell, MARGIN + row * cell, cell, cell, fill=fill)
            if square and numbers:
                label_x, label_y = MARGIN + col * cell + 3, MARGIN + row * cell + 9
                svg.text(
                    label_x, label_y, str(square), label, text_anchor="start", fill=PALETTE["light"]
                )
    if coordinates:
        svg.coordinates(board.files, n, cell, MARGIN)
    return tuple(svg.parts[1:])


@lru_cache(maxsize=4096)
def _piece(board: Board, cell: int, square: int, white: bool, king: bool) -> tuple[str, ...]:
    """The elements of a piece on ``square``, drawn once."""
    svg = Svg(0, 0, "")
    row, col = board.row[square], board.column[square]
    svg.draughtsman(
        MARGIN + col * cell + cell / 2, MARGIN + row * cell + cell / 2, cell, white, king
    )
    return tuple(svg.parts[1:])


def board_svg(
    board: Board,
    position: tuple[int, int, int, Side],
    path: tuple[int, ...],
    captured: tuple[int, ...],
    *,
    cell: int,
    title: str,
    status: str,
    numbers: bool = True,
    coordinates: bool = True,
) -> str:
    """The board of a (white, black, kings, turn) position, squares ``cell`` wide: square
    numbers when ``numbers``, file letters and rank numbers in the frame when
    ``coordinates``, the last move's ``path`` and ``captured`` squares, ``status`` below."""
    white, black, kings, _ = position
    n = board.size

    def centre(square: int) -> tuple[float, float]:
        row, col = board.row[square], board.column[square]
        return MARGIN + col * cell + cell / 2, MARGIN + row * cell + cell / 2

    size = n * cell + 2 * MARGIN
    svg = Svg(size, size + MARGIN, title)
    svg.parts.extend(_background(board, cell, numbers, coordinates))
    for square in captured:
        x, y = centre(square)
        svg.circle(
            x,
            y,
            cell * 0.18,
            fill="none",
            stroke=PALETTE["mark"],
            stroke_width=2,
            stroke_dasharray="3 2",
        )
    for square in board.squares:
        bit = board.bit[square]
        if (white | black) & bit:
            svg.parts.extend(_piece(board, cell, square, bool(white & bit), bool(kings & bit)))
    if path:
        svg.arrow([centre(square) for square in path], stroke_width=4, opacity=0.85)
    svg.text(size / 2, size + MARGIN / 2, status, 13)
    return svg.render()
