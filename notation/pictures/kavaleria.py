"""The SVG picture of a Kavaleria position: the 38-point brick board seen from White's side.

Every point is drawn joined to its neighbours (so the three lines through each point show),
with its name (``A1``..``G5``) just below it and the row letters at both sides. Pieces are
light (White) or dark (Black) discs: a plain disc is a cavalryman, a disc with a ring a
Sotnyk, a disc with a star the Voivode; a legend under the board says so. The last move is
an arrow through its start and landing points, and the points of the pieces it captured
(already removed) are circled with a dashed line.

Each piece is a ``circle`` of class ``piece <side> <rank>`` (e.g. ``piece white sotnyk``)
with a ``data-point`` attribute naming its point; a captured point's circle has class
``captured``. Tests and other tools may rely on these.
"""

from __future__ import annotations

import math

from notation.games.base import Picture, Side
from notation.games.kavaleria import (
    CAVALRYMAN,
    COORDINATE,
    NEIGHBOURS,
    POINT_COUNT,
    POINT_NAMES,
    POINT_ROW,
    POINT_X,
    ROWS,
    SOTNYK,
    VOIVODE,
    KavaleriaMove,
    KavaleriaPosition,
    owner,
    point_name,
)
from notation.pictures.svg import PALETTE, Svg, disc_colours

HALF = 30.0
"""Width of a half-step: neighbours in a row are two half-steps apart."""
ROW_HEIGHT = HALF * math.sqrt(3)
"""Distance between rows, so that every neighbour is equally far (equilateral triangles)."""
RADIUS = HALF * 0.72
ARROW_GAP = 6.0
"""How far short of the landing piece's edge the arrow's line ends (its head reaches it)."""
MARGIN = 54.0
TOP = 30.0
BOARD_HEIGHT = 6 * ROW_HEIGHT
WIDTH = 10 * HALF + 2 * MARGIN
LEGEND_Y = TOP + BOARD_HEIGHT + 58
HEIGHT = LEGEND_Y + 46

RANKS = {CAVALRYMAN: "cavalryman", SOTNYK: "sotnyk", VOIVODE: "voivode"}


def centre(point: int) -> tuple[float, float]:
    """Where a point is drawn (row A at the bottom, row G at the top)."""
    return MARGIN + (POINT_X[point] - 1) * HALF, TOP + (6 - POINT_ROW[point]) * ROW_HEIGHT


def _star(x: float, y: float, outer: float) -> list[tuple[float, float]]:
    """The corners of a five-pointed star centred on (x, y), one point up."""
    corners = []
    for i in range(10):
        r = outer if i % 2 == 0 else outer * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        corners.append((round(x + r * math.cos(angle), 2), round(y - r * math.sin(angle), 2)))
    return corners


def _piece(svg: Svg, x: float, y: float, r: float, side: Side, kind: int, **attrs: object) -> None:
    """One piece: a disc of the side's colour with the rank's mark."""
    white = side is Side.WHITE
    fill, edge = disc_colours(white)
    contrast = PALETTE["black"] if white else PALETTE["white"]
    side_name = "white" if white else "black"
    svg.circle(
        x,
        y,
        r,
        fill=fill,
        stroke=edge,
        stroke_width=1.5,
        class_=f"piece {side_name} {RANKS[kind]}",
        **attrs,
    )
    if kind == SOTNYK:
        svg.circle(x, y, r * 0.58, fill="none", stroke=contrast, stroke_width=r * 0.16)
    elif kind == VOIVODE:
        points = " ".join(f"{px:g},{py:g}" for px, py in _star(x, y + r * 0.06, r * 0.72))
        svg.element("polygon", points=points, fill=contrast)


def _board(svg: Svg, notation: str) -> None:
    """The lines, the points, their names in ``notation`` and the row letters."""
    svg.rect(0, 0, WIDTH, HEIGHT, fill=PALETTE["light"])
    for p in range(POINT_COUNT):
        for q in NEIGHBOURS[p]:
            if p < q:
                svg.line(*centre(p), *centre(q), stroke=PALETTE["line"], stroke_width=2)
    for p in range(POINT_COUNT):
        x, y = centre(p)
        svg.circle(x, y, 3.5, fill=PALETTE["line"])
        svg.text(x, y + HALF * 1.02, point_name(p, notation), 10, fill=PALETTE["line"])
    for row, letter in enumerate(ROWS):
        y = TOP + (6 - row) * ROW_HEIGHT
        svg.text(MARGIN / 2 - 6, y, letter, 14, font_weight="bold")
        svg.text(WIDTH - MARGIN / 2 + 6, y, letter, 14, font_weight="bold")


def _legend(svg: Svg, status: str) -> None:
    """The three ranks in both colours, and the status line under them."""
    entries = ((CAVALRYMAN, "cavalryman"), (SOTNYK, "Sotnyk"), (VOIVODE, "Voivode"))
    widths = [48 + 4 + 6.6 * len(label) for _, label in entries]
    x = (WIDTH - sum(widths) - 20 * (len(entries) - 1)) / 2
    for (kind, label), width in zip(entries, widths, strict=True):
        for side in Side:
            _piece(svg, x + 12 + 24 * side, LEGEND_Y, 10, side, kind, data_legend="1")
        svg.text(x + 52, LEGEND_Y, label, 12, text_anchor="start")
        x += width + 20
    svg.text(WIDTH / 2, LEGEND_Y + 28, status, 13)


def arrow_points(move: KavaleriaMove) -> list[tuple[float, float]]:
    """The arrow of a move: through the centres of its points, its head stopping at the edge
    of the piece that landed (so the piece's rank mark stays visible)."""
    points = [centre(p) for p in move.path]
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = math.dist((x0, y0), (x1, y1))
    keep = (length - RADIUS - ARROW_GAP) / length
    points[-1] = (round(x0 + (x1 - x0) * keep, 2), round(y0 + (y1 - y0) * keep, 2))
    return points


def draw(picture: Picture) -> str:
    """The brick board from White's side with point names (in the picture's notation,
    default coordinate), pieces by side and rank, a legend with the status line, and the
    last move marked."""
    position: KavaleriaPosition = picture.position
    last: KavaleriaMove | None = picture.last
    svg = Svg(WIDTH, HEIGHT, picture.title)
    _board(svg, picture.notation or COORDINATE)
    if last is not None:
        for point in last.taken:
            svg.circle(
                *centre(point),
                RADIUS,
                fill="none",
                stroke=PALETTE["mark"],
                stroke_width=2.5,
                stroke_dasharray="5 3",
                class_="captured",
            )
    for point, value in enumerate(position.board):
        if value:
            x, y = centre(point)
            _piece(svg, x, y, RADIUS, Side(owner(value)), value & 3, data_point=POINT_NAMES[point])
    if last is not None:
        svg.arrow(arrow_points(last), stroke_width=5, opacity=0.8)
    _legend(svg, picture.status)
    return svg.render()
