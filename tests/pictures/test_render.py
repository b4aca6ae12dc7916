"""Board pictures: the SVG is well-formed and shows exactly the position and last move."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

from notation.cli.main import app
from notation.games.registry import get_game
from notation.pictures import render_svg

SVG = "{http://www.w3.org/2000/svg}"
BRAZILIAN = get_game("brazilian")
SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def test_brazilian_svg_shows_pieces_kings_and_the_last_move() -> None:
    before = BRAZILIAN.start({"FEN": "W:WK30,22:B18,1"})
    move = BRAZILIAN.parse_move(before, "22x15")
    after = BRAZILIAN.play(before, move)
    root = ET.fromstring(render_svg(BRAZILIAN, after, move))
    assert root.find(f"{SVG}title").text == "Brazilian draughts position"
    circles = root.findall(f"{SVG}circle")
    pieces = [c for c in circles if c.get("fill") in ("#fbfbf5", "#262626")]
    # 48-pixel squares after a 24-pixel margin: square 1 is b8, 15 is f5, 30 is c1.
    assert sorted((c.get("cx"), c.get("cy"), c.get("fill")) for c in pieces) == [
        ("144.0", "384.0", "#fbfbf5"),
        ("240.0", "192.0", "#fbfbf5"),
        ("96.0", "48.0", "#262626"),
    ]
    crowns = [c for c in circles if c.get("fill") == "none" and c.get("stroke-width") == "3"]
    assert [(c.get("cx"), c.get("cy")) for c in crowns] == [("144.0", "384.0")]
    captured = [c for c in circles if c.get("stroke-dasharray")]
    assert [(c.get("cx"), c.get("cy")) for c in captured] == [("192.0", "240.0")]
    (arrow,) = root.findall(f"{SVG}polyline")
    assert arrow.get("marker-end") == "url(#arrow)"
    assert arrow.get("points") == "144,288 240,192"
    texts = [t.text for t in root.findall(f"{SVG}text")]
    assert "Black to move" in texts
    assert [str(n) for n in range(1, 33)] == [t for t in texts if t.isdigit() and len(t) <= 2][:32]


def test_render_command_writes_svg_and_text() -> None:
    runner = CliRunner()
    record = str(SAMPLES / "brazilian" / "annotated.pdn")
    svg = runner.invoke(app, ["render", record, "--ply", "45", "--picture", "svg"])
    assert svg.exit_code == 0
    root = ET.fromstring(svg.stdout)
    (arrow,) = root.findall(f"{SVG}polyline")
    assert len(arrow.get("points").split()) == 4
    text = runner.invoke(app, ["render", record, "--ply", "45"])
    assert text.exit_code == 0
    assert text.stdout.splitlines()[1] == " 8     b    [W]    .     b  8"
    bad = runner.invoke(app, ["render", record, "--ply", "999"])
    assert bad.exit_code == 2
    assert "legal plies" in bad.stderr
