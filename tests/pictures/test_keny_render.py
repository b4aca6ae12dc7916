"""Keny board pictures: the SVG shows exactly the position, the coordinates and the last move."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

from notation.cli.main import app
from notation.games.keny import START, Keny
from notation.pictures import render_svg
from notation.pictures.svg import PALETTE

SVG = "{http://www.w3.org/2000/svg}"
GAME = Keny()
ROOT = Path(__file__).resolve().parents[2]


def picture(fen: str, text: str) -> ET.Element:
    """The parsed SVG of the position after ``text`` is played from ``fen``."""
    before = GAME.start({"FEN": fen})
    move = GAME.parse_move(before, text)
    return ET.fromstring(render_svg(GAME, GAME.play(before, move), move))


def pieces(root: ET.Element) -> dict[str, int]:
    """How many men and kings of each side the picture shows."""
    circles = root.findall(f"{SVG}circle")
    discs = [c for c in circles if c.get("fill") in (PALETTE["white"], PALETTE["black"])]
    discs = [c for c in discs if c.get("stroke-width") == "1.5"]
    crowned = {
        (c.get("cx"), c.get("cy"))
        for c in circles
        if c.get("fill") == "none" and c.get("stroke-width") == "3"
    }
    counts = {"white men": 0, "white kings": 0, "black men": 0, "black kings": 0}
    for disc in discs:
        side = "white" if disc.get("fill") == PALETTE["white"] else "black"
        kind = "kings" if (disc.get("cx"), disc.get("cy")) in crowned else "men"
        counts[f"{side} {kind}"] += 1
    return counts


def marks(root: ET.Element) -> tuple[int, int, list[str]]:
    """(captured-square rings, friendly-jump dots, the arrow's points)."""
    circles = root.findall(f"{SVG}circle")
    captured = sum(1 for c in circles if c.get("stroke-dasharray"))
    jumped = sum(1 for c in circles if c.get("fill") == PALETTE["mark"])
    (arrow,) = root.findall(f"{SVG}polyline")
    assert arrow.get("marker-end") == "url(#arrow)"
    return captured, jumped, arrow.get("points").split()


def test_capture_chain_shows_pieces_kings_captured_squares_and_the_arrow() -> None:
    root = picture("W:Wd4,b2,Ka1:Bd5,e6,Kh8", "d4xd6xf6")
    assert root.find(f"{SVG}title").text == "Keny position"
    assert pieces(root) == {"white men": 2, "white kings": 1, "black men": 0, "black kings": 1}
    captured, jumped, points = marks(root)
    assert (captured, jumped) == (2, 0)
    # d4, d6, f6: files d and f are columns 3 and 5, ranks 4 and 6 are rows 4 and 2.
    assert points == ["192,240", "192,144", "288,144"]
    texts = [t.text for t in root.findall(f"{SVG}text")]
    assert "Black to move; 0 of 20 plies without a capture" in texts
    assert sorted(t for t in texts if len(t) == 1) == sorted(list("abcdefgh12345678") * 2)


def test_friendly_jump_chain_marks_every_landing_and_each_piece_jumped() -> None:
    root = picture("W:Wc3,d3,c4,Kd5:Ba8", "c3-c5-e5")
    assert pieces(root) == {"white men": 3, "white kings": 1, "black men": 1, "black kings": 0}
    captured, jumped, points = marks(root)
    assert (captured, jumped) == (0, 2)
    assert points == ["144,288", "144,192", "240,192"]
    texts = [t.text for t in root.findall(f"{SVG}text")]
    assert "Black to move; 1 of 20 plies without a capture" in texts


def test_king_slide_is_no_jump_and_a_crowning_step_shows_a_new_king() -> None:
    root = picture("W:Wc3,d3,c4,Kd5:Ba8", "d5-d8")
    assert marks(root)[:2] == (0, 0)
    root = picture("B:Wa2:Bc2,Kh8", "c2-c1")
    assert pieces(root) == {"white men": 1, "white kings": 0, "black men": 0, "black kings": 2}
    assert len(marks(root)[2]) == 2


def test_start_picture_in_the_docs_is_the_drawing_of_the_start() -> None:
    drawn = render_svg(GAME, START)
    assert (ROOT / "docs" / "rules" / "keny-start.svg").read_text(encoding="utf-8") == drawn
    root = ET.fromstring(drawn)
    assert pieces(root) == {"white men": 16, "white kings": 0, "black men": 16, "black kings": 0}
    assert root.findall(f"{SVG}polyline") == []
    squares = [r for r in root.findall(f"{SVG}rect") if r.get("width") == "48"]
    assert sorted({r.get("fill") for r in squares}) == sorted({PALETTE["light"], PALETTE["dark"]})
    assert len(squares) == 64


def test_render_command_draws_a_sample_at_a_ply() -> None:
    runner = CliRunner()
    record = str(ROOT / "samples" / "keny" / "showcase.pdn")
    svg = runner.invoke(app, ["render", record, "--ply", "8", "--picture", "svg"])
    assert svg.exit_code == 0
    root = ET.fromstring(svg.stdout)
    captured, jumped, points = marks(root)
    assert (captured, jumped, len(points)) == (0, 4, 5)
    text = runner.invoke(app, ["render", record, "--ply", "8"])
    assert text.exit_code == 0
    assert text.stdout.splitlines()[4] == "5   . [b] b [.] b [.] b [.]  5"
