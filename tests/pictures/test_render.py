"""Board pictures: the SVG is well-formed and shows exactly the position and last move."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
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
    assert text.stdout.splitlines()[0] == "       1 b       2[W]      3 .       4 b"
    bad = runner.invoke(app, ["render", record, "--ply", "999"])
    assert bad.exit_code == 2
    assert "legal plies" in bad.stderr


INTERNATIONAL_AFTER_32_28 = """\
       1 b       2 b       3 b       4 b       5 b
  6 b       7 b       8 b       9 b      10 b
      11 b      12 b      13 b      14 b      15 b
 16 b      17 b      18 b      19 b      20 b
      21 .      22 .      23 .      24 .      25 .
 26 .      27 .      28[w]     29 .      30 .
      31 w      32[.]     33 w      34 w      35 w
 36 w      37 w      38 w      39 w      40 w
      41 w      42 w      43 w      44 w      45 w
 46 w      47 w      48 w      49 w      50 w
Black to move"""

RUSSIAN_NUMERIC = """\
       1 b       2 b       3 b       4 b
  5 b       6 b       7 b       8 b
       9 b      10 b      11 b      12 b
 13 .      14 .      15 .      16 .
      17 .      18[w]     19 .      20 .
 21 w      22[.]     23 w      24 w
      25 w      26 w      27 w      28 w
 29 w      30 w      31 w      32 w
Black to move"""

RUSSIAN_ALPHANUMERIC = """\
    a  b  c  d  e  f  g  h
 8     b     b     b     b  8
 7  b     b     b     b     7
 6     b     b     b     b  6
 5  .     .     .     .     5
 4     .    [w]    .     .  4
 3  w    [.]    w     w     3
 2     w     w     w     w  2
 1  w     w     w     w     1
    a  b  c  d  e  f  g  h
Black to move"""


@pytest.mark.parametrize(
    ("name", "move", "notation", "diagram"),
    [
        ("international", "32-28", None, INTERNATIONAL_AFTER_32_28),
        ("international", "32-28", "numeric", INTERNATIONAL_AFTER_32_28),
        ("russian", "c3-d4", "numeric", RUSSIAN_NUMERIC),
        ("russian", "22-18", None, RUSSIAN_ALPHANUMERIC),
        ("russian", "22-18", "alphanumeric", RUSSIAN_ALPHANUMERIC),
        ("brazilian", "c3-d4", "numeric", RUSSIAN_NUMERIC),
        ("brazilian", "22-18", "alphanumeric", RUSSIAN_ALPHANUMERIC),
    ],
)
def test_a_text_diagram_labels_the_squares_in_the_records_notation(
    name: str, move: str, notation: str | None, diagram: str
) -> None:
    """Numbers beside the dark squares for a numeric record (an arbiter reads 22-18 off
    it), files and ranks around the board for an alphanumeric one (the game's first
    notation when none is given: numeric for international, alphanumeric for Russian)."""
    game = get_game(name)
    played, after = game.advance(game.start(game.new_tags(0)), move)
    assert game.render_text(after, played, notation) == diagram
