"""Kavaleria pictures: the SVG shows the brick board, the pieces by side and rank, the labels
and the last move exactly; the rules doc's board picture is the drawing of the start."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from notation.cli.main import app
from notation.games.kavaleria import POINT_INDEX, Kavaleria
from notation.pictures import render_svg
from notation.pictures.kavaleria import ARROW_GAP, RADIUS, centre

SVG = "{http://www.w3.org/2000/svg}"
GAME = Kavaleria()
ROOT = Path(__file__).resolve().parents[2]


def pieces(root: ET.Element) -> Counter:
    """(side, rank) of every piece drawn on a point."""
    return Counter(
        tuple(c.get("class").split()[1:])
        for c in root.iter(f"{SVG}circle")
        if c.get("data-point") is not None
    )


def test_board_has_the_38_labelled_points_joined_to_their_neighbours() -> None:
    root = ET.fromstring(render_svg(GAME, GAME.start({})))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    labels = [t for t in texts if len(t) == 2 and t[1].isdigit()]
    rows = {"A": 5, "B": 6, "C": 5, "D": 6, "E": 5, "F": 6, "G": 5}
    assert labels == [f"{row}{n}" for row, size in rows.items() for n in range(1, size + 1)]
    assert Counter(t for t in texts if len(t) == 1) == Counter({row: 2 for row in rows})
    lines = root.findall(f"{SVG}line")
    # Rows: 4 x 4 + 3 x 5 = 31 joins; between two rows, every point of the 5-point row
    # has two neighbours in the 6-point row: 6 x 10 = 60.
    assert len(lines) == 91
    lengths = {
        round(
            math.dist(
                (float(e.get("x1")), float(e.get("y1"))), (float(e.get("x2")), float(e.get("y2")))
            ),
            6,
        )
        for e in lines
    }
    assert len(lengths) == 1
    a1, a2, b1, b2 = (centre(POINT_INDEX[name]) for name in ("A1", "A2", "B1", "B2"))
    assert a1[1] == a2[1] > b1[1] == b2[1]
    assert b1[0] < a1[0] < b2[0] < a2[0]


def test_start_shows_fifteen_cavalrymen_and_a_voivode_each_and_whose_turn() -> None:
    root = ET.fromstring(render_svg(GAME, GAME.start({})))
    assert root.find(f"{SVG}title").text == "Kavaleria position"
    assert pieces(root) == Counter(
        {
            ("white", "cavalryman"): 15,
            ("white", "voivode"): 1,
            ("black", "cavalryman"): 15,
            ("black", "voivode"): 1,
        }
    )
    assert "White to move" in [t.text for t in root.iter(f"{SVG}text")]
    assert root.findall(f"{SVG}polyline") == []
    assert root.findall(f"{SVG}circle[@class='captured']") == []


def test_sotnyk_chain_shows_ranks_landing_points_and_captured_points() -> None:
    before = GAME.start({"FEN": "W:WVA3,SC2,D4,D5:BVG3,SE2,E4,F3,F4"})
    move = GAME.parse_move(before, "C2xG4xG2")
    root = ET.fromstring(render_svg(GAME, GAME.play(before, move), move))
    assert pieces(root) == Counter(
        {
            ("white", "voivode"): 1,
            ("white", "sotnyk"): 1,
            ("white", "cavalryman"): 2,
            ("black", "sotnyk"): 1,
            ("black", "cavalryman"): 2,
        }
    )
    placed = {
        c.get("data-point"): c.get("class")
        for c in root.iter(f"{SVG}circle")
        if c.get("data-point")
    }
    assert placed["G2"] == "piece white sotnyk"
    assert placed["E2"] == "piece black sotnyk"
    assert "F4" not in placed and "G3" not in placed
    rings = [
        c for c in root.iter(f"{SVG}circle") if c.get("fill") == "none" and c.get("class") is None
    ]
    assert len(rings) == 2 + 2  # two Sotnyks on the board, two in the legend
    assert len(root.findall(f"{SVG}polygon")) == 1 + 2  # the Voivode's star, two in the legend
    captured = root.findall(f"{SVG}circle[@class='captured']")
    assert sorted((float(c.get("cx")), float(c.get("cy"))) for c in captured) == sorted(
        centre(POINT_INDEX[p]) for p in ("F4", "G3")
    )
    (arrow,) = root.findall(f"{SVG}polyline")
    assert arrow.get("marker-end") == "url(#arrow)"
    points = [tuple(float(v) for v in xy.split(",")) for xy in arrow.get("points").split()]
    c2, g4, g2 = (centre(POINT_INDEX[p]) for p in ("C2", "G4", "G2"))
    assert points[:2] == [pytest.approx(c2, abs=0.01), pytest.approx(g4, abs=0.01)]
    # The head stops at the edge of the Sotnyk on G2, on the line from G4.
    assert math.dist(points[2], g2) == pytest.approx(RADIUS + ARROW_GAP, abs=0.01)
    assert points[2][1] == pytest.approx(g2[1]) and g2[0] < points[2][0] < g4[0]
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "Game over: White captured the Black Voivode" in texts


def test_rule_options_are_named_under_the_board() -> None:
    root = ET.fromstring(
        render_svg(GAME, GAME.start({"Rules": "no-backward,extra-turn", "FEN": "B:WVA3:BVG3"}))
    )
    assert "Black to move (rules: extra-turn, no-backward)" in [
        t.text for t in root.iter(f"{SVG}text")
    ]


def test_rules_doc_board_picture_is_the_drawing_of_the_start() -> None:
    picture = (ROOT / "docs" / "rules" / "kavaleria-board.svg").read_text(encoding="utf-8")
    assert picture == render_svg(GAME, GAME.start({}))
    assert "kavaleria-board.svg" in (ROOT / "docs" / "rules" / "kavaleria.md").read_text(
        encoding="utf-8"
    )


def test_render_command_draws_a_sample_at_a_ply() -> None:
    runner = CliRunner()
    record = str(ROOT / "samples" / "kavaleria" / "annotated.pdn")
    svg = runner.invoke(app, ["render", record, "--ply", "30", "--picture", "svg"])
    assert svg.exit_code == 0
    root = ET.fromstring(svg.stdout)
    (arrow,) = root.findall(f"{SVG}polyline")
    assert len(arrow.get("points").split()) == 3  # ply 30 is E4xC3xA4
    assert len(root.findall(f"{SVG}circle[@class='captured']")) == 2
    assert sum(pieces(root).values()) == 32 - 4
    text = runner.invoke(app, ["render", record, "--ply", "30"])
    assert text.exit_code == 0
    assert "White to move." in text.stdout
