"""Knight Fight pictures: the SVG shows exactly the numbers, dead squares, knights, paths,
scores and last move of a hand-worked position."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

from notation.cli.main import app
from notation.games.knight_fight import KnightFight
from notation.pictures import render_svg
from notation.pictures.knight_fight import CELL, MARGIN
from notation.pictures.svg import PALETTE

SVG = "{http://www.w3.org/2000/svg}"
GAME = KnightFight()
ORDERED = " ".join(f"{n:02d}" for n in range(100))
SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "knight-fight"


def centre(name: str) -> tuple[float, float]:
    """The picture coordinates of a square's centre (rank 10 at the top)."""
    file, rank = "ABCDEFGHIJ".index(name[0]), int(name[1:])
    return MARGIN + file * CELL + CELL / 2, MARGIN + (10 - rank) * CELL + CELL / 2


def points(element: ET.Element) -> list[tuple[float, float]]:
    return [tuple(float(v) for v in p.split(",")) for p in element.get("points").split()]


def played(*texts: str, fen: str | None = None):
    """(position, last move) after the plies on the ordered layout (E4 is 34)."""
    tags = {"Layout": ORDERED} if fen is None else {"Layout": ORDERED, "FEN": fen}
    position, move = GAME.start(tags), None
    for text in texts:
        move = GAME.parse_move(position, text)
        position = GAME.play(position, move)
    return position, move


def test_svg_shows_numbers_dead_squares_knights_paths_scores_and_the_removal() -> None:
    # C1 (02) kills A3 (20); E10 (94) kills J5 (49); D3 (23) kills C4 (32) and C1;
    # F8 (75) kills H6 (57) and E10; E5 (44) is a double: it removes H8 (77), D3 dies.
    position, last = played("C1", "E10", "D3", "F8", "E5/H8")
    root = ET.fromstring(render_svg(GAME, position, last))
    assert root.find(f"{SVG}title").text == "Knight Fight position"
    rects = root.findall(f"{SVG}rect")
    assert len([r for r in rects if r.get("fill") == PALETTE["dead"]]) == 8
    circles = root.findall(f"{SVG}circle")
    knights = [c for c in circles if float(c.get("r")) == CELL * 0.4]
    assert [(c.get("fill"), float(c.get("cx")), float(c.get("cy"))) for c in knights] == [
        (PALETTE["white"], *centre("E5")),
        (PALETTE["black"], *centre("F8")),
    ]
    lines = root.findall(f"{SVG}polyline")
    paths = {p.get("stroke"): points(p) for p in lines if p.get("stroke-width") == "4"}
    del paths[PALETTE["mark"]]
    assert paths == {
        PALETTE["white"]: [centre("C1"), centre("D3"), centre("E5")],
        PALETTE["black"]: [centre("E10"), centre("F8")],
    }
    (arrow,) = [p for p in lines if p.get("marker-end") == "url(#arrow)"]
    start, end = points(arrow)
    assert start == centre("D3")
    assert end[0] < centre("E5")[0] and end[1] > centre("E5")[1]
    (frame,) = [r for r in rects if r.get("stroke") == PALETTE["mark"]]
    assert (float(frame.get("x")) - 2, float(frame.get("y")) - 2) == (
        centre("E5")[0] - CELL / 2,
        centre("E5")[1] - CELL / 2,
    )
    (removed,) = [c for c in circles if c.get("stroke-dasharray")]
    assert (float(removed.get("cx")), float(removed.get("cy"))) == centre("H8")
    texts = [t.text for t in root.findall(f"{SVG}text")]
    # every square's number, the two knights' numbers again, and the two rank labels "10"
    assert sorted(t for t in texts if len(t) == 2 and t.isdigit()) == sorted(
        [f"{n:02d}" for n in range(100)] + ["44", "75", "10", "10"]
    )
    assert [t for t in texts if t.startswith(("White ", "Black "))] == [
        "White 69",
        "Black 169",
        "Black to move",
    ]


def test_a_placement_is_framed_without_an_arrow_and_a_set_up_knight_has_no_path() -> None:
    position, last = played("C1")
    root = ET.fromstring(render_svg(GAME, position, last))
    assert [p for p in root.findall(f"{SVG}polyline") if p.get("marker-end")] == []
    assert len([r for r in root.findall(f"{SVG}rect") if r.get("stroke") == PALETTE["mark"]]) == 1
    assert not [c for c in root.findall(f"{SVG}circle") if c.get("stroke-dasharray")]
    position, _ = played(fen="W:WE4:BE8:S34,74:XC5,D2,A1")
    root = ET.fromstring(render_svg(GAME, position))
    assert root.findall(f"{SVG}polyline") == []
    assert len([r for r in root.findall(f"{SVG}rect") if r.get("fill") == PALETTE["dead"]]) == 3
    texts = [t.text for t in root.findall(f"{SVG}text")]
    assert [t for t in texts if t.startswith(("White ", "Black "))] == [
        "White 34",
        "Black 74",
        "White to move",
    ]


def test_the_end_of_a_game_says_who_is_stuck_and_the_final_score() -> None:
    runner = CliRunner()
    record = str(SAMPLES / "draw-on-equal-scores.pdn")
    result = runner.invoke(app, ["render", record, "--picture", "svg"])
    assert result.exit_code == 0
    texts = [t.text for t in ET.fromstring(result.stdout).findall(f"{SVG}text")]
    assert "Black has no legal ply; final score White 1186, Black 1186" in texts
    assert "White 1186" in texts and "Black 1186" in texts
    root = ET.fromstring(result.stdout)
    paths = [
        p
        for p in root.findall(f"{SVG}polyline")
        if p.get("stroke-width") == "4" and p.get("stroke") != PALETTE["mark"]
    ]
    assert [(p.get("stroke"), len(points(p))) for p in paths] == [
        (PALETTE["white"], 20),
        (PALETTE["black"], 19),
    ]
