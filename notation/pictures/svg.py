"""A small SVG writer shared by the games' board pictures.

Only what board diagrams need: shapes, text and an arrow marker, with every attribute
and text escaped. Coordinates are user units; the picture scales to any size.
"""

from __future__ import annotations

from functools import lru_cache
from xml.sax.saxutils import escape, quoteattr

PALETTE = {
    "light": "#f0d9b5",
    "dark": "#b58863",
    "line": "#5a4632",
    "white": "#fbfbf5",
    "black": "#262626",
    "mark": "#3b82f6",
    "text": "#222222",
    "dead": "#8a8a8a",
}
"""The colours every game's picture uses, so that the five games look alike."""


def disc_colours(white: bool) -> tuple[str, str]:
    """The fill and outline of a White or a Black piece."""
    return (PALETTE["white"], PALETTE["black"]) if white else (PALETTE["black"], "#000")


@lru_cache(maxsize=1 << 16)
def _element(tag: str, text: str | None, attrs: tuple[tuple[str, str], ...]) -> str:
    """An element's text, remembered: board pictures repeat most of their elements, and
    an archive's pages draw thousands of them."""
    written = "".join(f" {name.rstrip('_').replace('_', '-')}={quoteattr(v)}" for name, v in attrs)
    if text is None:
        return f"<{tag}{written}/>"
    return f"<{tag}{written}>{escape(text)}</{tag}>"


class Svg:
    """An SVG document built element by element."""

    def __init__(self, width: float, height: float, title: str) -> None:
        self.width = width
        self.height = height
        self.parts: list[str] = [f"<title>{escape(title)}</title>"]

    def element(self, tag: str, text: str | None = None, /, **attrs: object) -> None:
        """Add ``<tag attrs>text</tag>``; ``stroke_width`` is written ``stroke-width``."""
        # Keyed by the values' text, as written: 1 and 1.0, or 0.0 and -0.0, are equal
        # values written apart.
        key = tuple((name, str(value)) for name, value in attrs.items() if value is not None)
        self.parts.append(_element(tag, text, key))

    def rect(self, x: float, y: float, w: float, h: float, **attrs: object) -> None:
        """A rectangle with its top left corner at (x, y)."""
        self.element("rect", x=x, y=y, width=w, height=h, **attrs)

    def circle(self, cx: float, cy: float, r: float, **attrs: object) -> None:
        """A circle."""
        self.element("circle", cx=cx, cy=cy, r=r, **attrs)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: object) -> None:
        """A straight line."""
        self.element("line", x1=x1, y1=y1, x2=x2, y2=y2, **attrs)

    def polyline(self, points: list[tuple[float, float]], **attrs: object) -> None:
        """A line through several points."""
        self.element("polyline", points=" ".join(f"{x:g},{y:g}" for x, y in points), **attrs)

    def text(self, x: float, y: float, content: str, size: float, **attrs: object) -> None:
        """Text centred on (x, y) unless ``text_anchor`` says otherwise."""
        attrs.setdefault("text_anchor", "middle")
        attrs.setdefault("dominant_baseline", "central")
        attrs.setdefault("fill", PALETTE["text"])
        self.element("text", content, x=x, y=y, font_size=size, font_family="sans-serif", **attrs)

    def arrow(self, points: list[tuple[float, float]], **attrs: object) -> None:
        """A path through ``points`` ending in an arrow head (the last move)."""
        attrs.setdefault("stroke", PALETTE["mark"])
        self.polyline(points, fill="none", marker_end="url(#arrow)", **attrs)

    def coordinates(self, files: str, ranks: int, cell: float, margin: float) -> None:
        """File letters above and below a board of square cells drawn ``margin`` from the
        top left corner, rank numbers (the highest at the top) on both sides."""
        width, height = len(files) * cell, ranks * cell
        for col, letter in enumerate(files):
            x = margin + col * cell + cell / 2
            self.text(x, margin / 2, letter, 12)
            self.text(x, margin * 1.5 + height, letter, 12)
        for row in range(ranks):
            y = margin + row * cell + cell / 2
            self.text(margin / 2, y, str(ranks - row), 12)
            self.text(margin * 1.5 + width, y, str(ranks - row), 12)

    def draughtsman(self, x: float, y: float, cell: float, white: bool, king: bool) -> None:
        """A draughts piece centred on (x, y): a disc, with a ring inside for a king."""
        fill, edge = disc_colours(white)
        self.circle(x, y, cell * 0.38, fill=fill, stroke=edge, stroke_width=1.5)
        if king:
            inner = PALETTE["black"] if white else PALETTE["white"]
            self.circle(x, y, cell * 0.2, fill="none", stroke=inner, stroke_width=3)

    def render(self) -> str:
        """The whole document."""
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width:g} '
            f'{self.height:g}" width="{self.width:g}" height="{self.height:g}">'
            '<defs><marker id="arrow" viewBox="0 0 10 10" refX="6" refY="5" '
            'markerWidth="4" markerHeight="4" orient="auto-start-reverse">'
            f'<path d="M 0 0 L 10 5 L 0 10 z" fill="{PALETTE["mark"]}"/></marker></defs>'
        )
        return head + "".join(self.parts) + "</svg>\n"
