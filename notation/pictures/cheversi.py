"""The SVG picture of a Cheversi position: the placed pieces and each side's heat map.

Two boards side by side, White's attacks on the left and Black's on the right. Both show
every placed piece (a letter in a circle: dark on light for White, light on dark for
Black) and the last placement framed; each empty square is tinted by how many of that
side's pieces attack it, with the count written in it. Above each board is the side's
score (the sum of its counts over the empty squares).
"""

from __future__ import annotations

from notation.games.base import Picture, Side
from notation.games.cheversi import (
    DARK,
    FILES,
    Cheversi,
    CheversiPosition,
    Placement,
    piece_symbol,
    shown_notation,
)
from notation.pictures.svg import PALETTE, Svg

GAME = Cheversi()
CELL = 44
MARGIN = 24
GAP = 40
TOP = 40
BOARD = 8 * CELL
HEAT = "#c8102e"
"""The tint of attacked squares; its strength grows with the count."""


def _tint(count: int) -> str:
    """The colour of a square attacked ``count`` times: from pale to full :data:`HEAT`."""
    strength = min(0.2 + 0.2 * count, 1.0)
    base = PALETTE["white"]
    channels = (
        round(int(base[i : i + 2], 16) * (1 - strength) + int(HEAT[i : i + 2], 16) * strength)
        for i in (1, 3, 5)
    )
    return "#" + "".join(f"{c:02x}" for c in channels)


def _origin(panel: int) -> float:
    """The x of the left edge of board ``panel`` (0 White's, 1 Black's)."""
    return MARGIN + panel * (BOARD + GAP)


def _cell(panel: int, square: int) -> tuple[float, float]:
    """The top left corner of ``square`` on board ``panel``, White at the bottom."""
    file, rank = square % 8, square // 8
    return _origin(panel) + file * CELL, TOP + (7 - rank) * CELL


def _board(svg: Svg, panel: int) -> None:
    """The squares and the coordinates around one board."""
    left = _origin(panel)
    for square in range(64):
        x, y = _cell(panel, square)
        svg.rect(x, y, CELL, CELL, fill=PALETTE["dark"] if DARK[square] else PALETTE["light"])
    svg.rect(left, TOP, BOARD, BOARD, fill="none", stroke=PALETTE["line"], stroke_width=1.5)
    for index, letter in enumerate(FILES):
        svg.text(left + index * CELL + CELL / 2, TOP + BOARD + MARGIN / 2, letter, 12)
    for rank in range(8):
        svg.text(left - MARGIN / 2, TOP + (7 - rank) * CELL + CELL / 2, str(rank + 1), 12)


def _heat(svg: Svg, panel: int, board: str, counts: list[int]) -> None:
    """Tint and number every empty square the side attacks."""
    for square, count in enumerate(counts):
        if board[square] != "." or count == 0:
            continue
        x, y = _cell(panel, square)
        inset = 4
        svg.rect(
            x + inset,
            y + inset,
            CELL - 2 * inset,
            CELL - 2 * inset,
            rx=4,
            fill=_tint(count),
            class_="heat",
        )
        colour = PALETTE["white"] if count >= 2 else PALETTE["text"]
        svg.text(x + CELL / 2, y + CELL / 2, str(count), 16, font_weight="bold", fill=colour)


def _frame(svg: Svg, x: float, y: float) -> None:
    """The frame of the square whose top left corner is (x, y): the last placement."""
    svg.rect(
        x + 1.5,
        y + 1.5,
        CELL - 3,
        CELL - 3,
        fill="none",
        stroke=PALETTE["mark"],
        stroke_width=3,
        class_="last",
    )


def _pieces(svg: Svg, panel: int, board: str, marked: int, notation: str) -> None:
    """Every placed piece as its letter (or figurine) in ``notation`` in a circle; the last
    one ringed."""
    for square, char in enumerate(board):
        if char == ".":
            continue
        x, y = _cell(panel, square)
        cx, cy = x + CELL / 2, y + CELL / 2
        if square == marked:
            _frame(svg, x, y)
        white = char.isupper()
        fill, ink = (
            (PALETTE["white"], PALETTE["black"]) if white else (PALETTE["black"], PALETTE["white"])
        )
        svg.circle(cx, cy, CELL * 0.38, fill=fill, stroke=PALETTE["black"], stroke_width=1.5)
        svg.text(cx, cy, piece_symbol(char, notation).upper(), 18, font_weight="bold", fill=ink)


def draw(picture: Picture) -> str:
    """Both sides' attack heat maps over the placed pieces, the scores, the last piece and
    the status line.

    The picture's last move is the placement that led to its position; without it the
    position's own last square is marked. A last placement on an empty square (one not
    made yet) is framed. Pieces are written in the picture's notation (the record's; see
    :func:`~notation.games.cheversi.shown_notation`).
    """
    position: CheversiPosition = picture.position
    last: Placement | None = picture.last
    shown = shown_notation(position, picture.notation)
    width = 2 * BOARD + GAP + 2 * MARGIN
    height = TOP + BOARD + MARGIN + 36
    svg = Svg(width, height, picture.title)
    marked = last.square if last is not None else position.last
    counts = GAME.attack_counts(position)
    scores = GAME.scores(position)
    for side in Side:
        panel = int(side)
        _board(svg, panel)
        _heat(svg, panel, position.board, counts[panel])
        _pieces(svg, panel, position.board, marked, shown)
        if 0 <= marked < 64 and position.board[marked] == ".":
            _frame(svg, *_cell(panel, marked))  # a placement drawn on the position before it
        svg.text(
            _origin(panel) + BOARD / 2,
            TOP / 2,
            f"{side.title} attacks: {scores[panel]} points",
            15,
            font_weight="bold",
        )
    svg.text(width / 2, TOP + BOARD + MARGIN + 18, picture.status, 13)
    return svg.render()
