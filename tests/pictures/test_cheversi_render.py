"""The Cheversi SVG: pieces, both heat maps with their counts, scores and the last piece.

The expected attack counts of the hand-made position are worked out by hand.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

from notation.cli.main import app
from notation.games.registry import get_game
from notation.pictures import render_svg
from notation.pictures.cheversi import CELL, GAP, MARGIN, TOP

SVG = "{http://www.w3.org/2000/svg}"
CHEVERSI = get_game("cheversi")
SAMPLES = Path(__file__).resolve().parents[2] / "samples"
WHITE_FILL, BLACK_FILL = "#fbfbf5", "#262626"


def _square(x: float, y: float) -> tuple[int, str]:
    """(board, square name) of a point: board 0 is White's heat map, 1 is Black's."""
    panel = 0 if x < MARGIN + 8 * CELL + GAP / 2 else 1
    file = int((x - MARGIN - panel * (8 * CELL + GAP)) // CELL)
    rank = 8 - int((y - TOP) // CELL)
    return panel, f"{'abcdefgh'[file]}{rank}"


def _counts(root: ET.Element) -> tuple[dict[str, int], dict[str, int]]:
    """The count written on each tinted square of each board."""
    found: tuple[dict[str, int], dict[str, int]] = ({}, {})
    for text in root.iter(f"{SVG}text"):
        if text.get("font-size") == "16":
            panel, name = _square(float(text.get("x")), float(text.get("y")))
            found[panel][name] = int(text.text)
    return found


def _after(fen: str, move: str):
    before = CHEVERSI.start({"FEN": fen})
    placement = CHEVERSI.parse_move(before, move)
    return CHEVERSI.play(before, placement), placement


def test_svg_shows_pieces_both_heat_maps_scores_and_the_last_piece() -> None:
    # 1. Ka1 Bb2 2. Bc3 Nc2: White K a1, B c3; Black B b2, N c2 (placed last).
    position, last = _after("8/8/8/8/8/2B5/1b6/K7 b c3", "Nc2")
    root = ET.fromstring(render_svg(CHEVERSI, position, last))
    assert root.find(f"{SVG}title").text == "Cheversi position"
    circles = root.findall(f"{SVG}circle")
    assert sorted(c.get("fill") for c in circles) == [BLACK_FILL] * 4 + [WHITE_FILL] * 4
    letters = [t.text for t in root.iter(f"{SVG}text") if t.get("font-size") == "18"]
    assert sorted(letters) == ["B", "B", "B", "B", "K", "K", "N", "N"]
    ink = {(t.text, t.get("fill")) for t in root.iter(f"{SVG}text") if t.get("font-size") == "18"}
    assert ink == {("K", BLACK_FILL), ("B", BLACK_FILL), ("B", WHITE_FILL), ("N", WHITE_FILL)}
    white, black = _counts(root)
    # King a1: a2 b1; Bishop c3: d4 e5 f6 g7 h8, b4 a5, d2 e1 (b2 is occupied).
    king, bishop = ["a2", "b1"], ["d4", "e5", "f6", "g7", "h8", "b4", "a5", "d2", "e1"]
    assert white == dict.fromkeys(king + bishop, 1)
    # Bishop b2: a3 c1 (a1 and c3 occupied); Knight c2: a3 b4 d4 e3 e1 (a1 occupied).
    assert black == {"a3": 2, "c1": 1, "b4": 1, "d4": 1, "e3": 1, "e1": 1}
    heat = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "heat"]
    assert len(heat) == 11 + 6
    marks = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "last"]
    assert sorted(
        _square(float(r.get("x")) + CELL / 2, float(r.get("y")) + CELL / 2) for r in marks
    ) == [(0, "c2"), (1, "c2")]
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "White attacks: 11 points" in texts
    assert "Black attacks: 7 points" in texts
    assert "White to place (ply 5 of 16)" in texts
    assert texts.count("a") == 2 and texts.count("h") == 2
    assert [t for t in texts if t in "12345678" and len(t) == 1].count("8") == 2


def test_heat_grows_darker_with_the_count() -> None:
    position, last = _after("8/8/8/8/8/2B5/1b6/K7 b c3", "Nc2")
    root = ET.fromstring(render_svg(CHEVERSI, position, last))
    fills = {}
    for rect in root.iter(f"{SVG}rect"):
        if rect.get("class") == "heat":
            centre = float(rect.get("x")) + CELL / 2 - 4, float(rect.get("y")) + CELL / 2 - 4
            fills[_square(*centre)] = rect.get("fill")
    one, two = fills[(1, "c1")], fills[(1, "a3")]
    assert one != two
    assert sum(int(one[i : i + 2], 16) for i in (1, 3, 5)) > sum(
        int(two[i : i + 2], 16) for i in (1, 3, 5)
    )


def test_without_a_last_move_the_position_marks_its_last_square() -> None:
    root = ET.fromstring(render_svg(CHEVERSI, CHEVERSI.start({"FEN": "8/8/8/8/8/8/8/K7 b a1"})))
    marks = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "last"]
    assert len(marks) == 2
    assert _square(float(marks[0].get("x")) + CELL / 2, float(marks[0].get("y"))) == (0, "a1")
    empty = ET.fromstring(render_svg(CHEVERSI, CHEVERSI.start({})))
    assert [r for r in empty.iter(f"{SVG}rect") if r.get("class") in ("last", "heat")] == []
    assert not empty.findall(f"{SVG}circle")


def test_render_command_draws_a_finished_sample_game() -> None:
    runner = CliRunner()
    record = str(SAMPLES / "cheversi" / "annotated.pdn")
    svg = runner.invoke(app, ["render", record, "--index", "3", "--picture", "svg"])
    assert svg.exit_code == 0
    root = ET.fromstring(svg.stdout)
    assert len(root.findall(f"{SVG}circle")) == 32
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "White attacks: 36 points" in texts
    assert "Black attacks: 36 points" in texts
    assert "Game over: all 16 pieces are on the board; score White 36, Black 36" in texts
    white, black = _counts(root)
    assert sum(white.values()) == sum(black.values()) == 36
    assert black["e5"] == 4
