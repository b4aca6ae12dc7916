"""The SVG picture of a Knight Fight position."""

from __future__ import annotations

from notation.games.base import Picture, Side
from notation.games.knight_fight import (
    BIT,
    FILES,
    SIZE,
    SQUARES,
    KnightFightPosition,
    KnightMove,
)
from notation.pictures.svg import PALETTE, Svg

CELL = 44
MARGIN = 24
FOOT = 44
"""Height of the band under the board that holds the scores."""
EDGE = {Side.WHITE: PALETTE["black"], Side.BLACK: PALETTE["white"]}
"""The outline of each side's knight and path, in the other side's colour."""
FILL = {Side.WHITE: PALETTE["white"], Side.BLACK: PALETTE["black"]}


def _corner(square: int) -> tuple[float, float]:
    """The top left corner of a square, rank 10 at the top."""
    file, rank = square % SIZE, square // SIZE
    return MARGIN + file * CELL, MARGIN + (SIZE - 1 - rank) * CELL


def _centre(square: int) -> tuple[float, float]:
    x, y = _corner(square)
    return x + CELL / 2, y + CELL / 2


def _squares(svg: Svg, position: KnightFightPosition) -> None:
    """Every square with its number; dead squares grey, crossed, their number faint."""
    numbers = position.layout.numbers
    for square in SQUARES:
        x, y = _corner(square)
        cx, cy = _centre(square)
        if position.dead & BIT[square]:
            svg.rect(x, y, CELL, CELL, fill=PALETTE["dead"], stroke=PALETTE["line"])
            inset = CELL * 0.2
            for x1, x2 in ((x + inset, x + CELL - inset), (x + CELL - inset, x + inset)):
                svg.line(x1, y + inset, x2, y + CELL - inset, stroke="#6f6f6f", stroke_width=2)
            svg.text(cx, cy, f"{numbers[square]:02d}", 12, fill="#d4d4d4")
            continue
        light = (square % SIZE + square // SIZE) % 2 == 1
        fill = PALETTE["light"] if light else PALETTE["dark"]
        svg.rect(x, y, CELL, CELL, fill=fill, stroke=PALETTE["line"], stroke_width=0.5)
        svg.text(cx, cy, f"{numbers[square]:02d}", 15, font_weight="bold")


def _paths(svg: Svg, position: KnightFightPosition) -> None:
    """Each side's landings joined in order: a line in its colour over an outline."""
    for side in Side:
        points = [_centre(s) for s in position.paths[side]]
        if len(points) > 1:
            svg.polyline(
                points, fill="none", stroke=EDGE[side], stroke_width=6.5, stroke_linejoin="round"
            )
            svg.polyline(
                points, fill="none", stroke=FILL[side], stroke_width=4, stroke_linejoin="round"
            )
        for x, y in points[:-1]:
            svg.circle(x, y, 4, fill=FILL[side], stroke=EDGE[side], stroke_width=1.5)


def _last(svg: Svg, position: KnightFightPosition, last: KnightMove) -> None:
    """The last landing framed, the jump to it arrowed, the double it removed ringed."""
    x, y = _corner(last.to)
    svg.rect(x + 2, y + 2, CELL - 4, CELL - 4, fill="none", stroke=PALETTE["mark"], stroke_width=3)
    mover = position.turn.other
    path = position.paths[mover]
    if len(path) > 1 and path[-1] == last.to:
        (x1, y1), (x2, y2) = _centre(path[-2]), _centre(last.to)
        short = CELL * 0.5 / ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        end = (x2 - (x2 - x1) * short, y2 - (y2 - y1) * short)
        svg.arrow([(x1, y1), end], stroke_width=4, opacity=0.85)
    if last.remove is not None:
        cx, cy = _centre(last.remove)
        svg.circle(
            cx,
            cy,
            CELL * 0.42,
            fill="none",
            stroke=PALETTE["mark"],
            stroke_width=3,
            stroke_dasharray="5 3",
        )


def _knights(svg: Svg, position: KnightFightPosition) -> None:
    """Each placed knight: a disc in its colour with its square's number on it."""
    for side, square in zip(Side, position.knights, strict=True):
        if square is None:
            continue
        x, y = _centre(square)
        svg.circle(x, y, CELL * 0.4, fill=FILL[side], stroke=EDGE[side], stroke_width=2)
        number = f"{position.layout.numbers[square]:02d}"
        svg.text(x, y, number, 15, font_weight="bold", fill=EDGE[side])


def _scores(svg: Svg, position: KnightFightPosition, width: float, status: str) -> None:
    """Both scores under the board, and the status line."""
    top = SIZE * CELL + 2 * MARGIN
    y = top + FOOT / 2 - 8
    for side, x in ((Side.WHITE, width * 0.25), (Side.BLACK, width * 0.75)):
        svg.circle(x - 52, y, 8, fill=FILL[side], stroke=EDGE[side], stroke_width=1.5)
        svg.text(x - 38, y, f"{side.title} {position.scores[side]}", 16, text_anchor="start")
    svg.text(width / 2, top + FOOT - 8, status, 12)


def draw(picture: Picture) -> str:
    """The numbered board from White's side: dead squares, both knights and their paths,
    the last move (and the double it removed), both scores and the status line under the
    board."""
    position: KnightFightPosition = picture.position
    last: KnightMove | None = picture.last
    width = SIZE * CELL + 2 * MARGIN
    svg = Svg(width, width + FOOT, picture.title)
    _squares(svg, position)
    svg.coordinates(FILES, SIZE, CELL, MARGIN)
    _paths(svg, position)
    if last is not None:
        _last(svg, position, last)
    _knights(svg, position)
    _scores(svg, position, width, picture.status)
    return svg.render()
