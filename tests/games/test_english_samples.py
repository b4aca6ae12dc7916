"""The English draughts samples: the valid ones validate cleanly, and each file of
``samples/english/broken/`` gives exactly its problem (code, line, column, ply, text)."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation.check.validator import validate_file

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples" / "english"

BROKEN = {
    "ambiguous-short-capture.pdn": [
        "11:31: error EN207 illegal move 18x2 (game 1, ply 16): 18x2 names 2 captures: "
        "18x9x2, 18x11x2; write the path; legal: 18x9x2, 18x11x2, 26x19"
    ],
    "capture-ignored.pdn": [
        "10:48: error EN204 illegal move 5-9 (game 1, ply 7): a capture is available: 14x21; "
        "5-9 is not a capture; legal: 14x21"
    ],
    "capture-unfinished.pdn": [
        "12:65: error EN205 illegal move 14x23 (game 1, ply 31): 14x23 is not the end of the "
        "capture: it must go on to 30 or 32; legal: 14x30, 14x32, 16x30, 16x32"
    ],
    "empty-square.pdn": [
        "10:54: error EN202 illegal move 9-14 (game 1, ply 8): square 9 is empty; legal: "
        "13-9, 23-18, 23-19, 24-19, 24-20, 25-22, 26-22"
    ],
    "illegal-move.pdn": [
        "10:54: error EN203 illegal move 26-23 (game 1, ply 8): a man on 26 cannot move to "
        "23: square 23 is occupied; legal: 13-9, 23-18, 23-19, 24-19, 24-20, 25-22, 26-22"
    ],
    "man-backward.pdn": [
        "10:54: error EN206 illegal move 13-17 (game 1, ply 8): a man moves forward only; "
        "13-17 goes backward; legal: 13-9, 23-18, 23-19, 24-19, 24-20, 25-22, 26-22"
    ],
    "man-jumps-backward.pdn": [
        "13:1: error EN206 illegal move 24x31 (game 1, ply 32): a man captures forward only; "
        "24x31 jumps backward; legal: 13-9, 17-14, 19-15, 19-16, 25-22, 26-22, 26-23"
    ],
    "move-after-end.pdn": [
        "14:53: error EN208 illegal move 10-14 (game 1, ply 50): White has no legal move: "
        "the game ended"
    ],
    "not-a-move.pdn": [
        "10:64: error EN201 illegal move 33-29 (game 1, ply 9): '33-29' is not an English "
        "draughts move: there is no square 33; legal: 6-10, 7-10, 7-11, 8-11, 8-12, 9-14, "
        "15-19, 16-19"
    ],
    "repetition-played-on.pdn": [
        "11:56: warning REC207 the position after ply 8 occurred for the third time, a draw, "
        "but play went on with 32-27 (game 1, ply 9)"
    ],
    "result-tag-mismatch.pdn": [
        "14:37: error REC203 the Result tag says 1-0 but the movetext ends with 1/2-1/2 (game 1)"
    ],
    "syntax-error.pdn": ["25:34: error PDN101 unexpected 'foo' in movetext"],
    "unterminated-comment.pdn": ["10:60: error PDN102 comment '{' is never closed"],
    "wrong-result.pdn": [
        "14:53: error REC204 the record says 1-0 but the rules decide 0-1 (White has no "
        "legal move) (game 1)"
    ],
}


def test_every_broken_file_is_pinned() -> None:
    assert sorted(p.name for p in (SAMPLES / "broken").glob("*.pdn")) == sorted(BROKEN)


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_file_gives_exactly_its_problem(name: str) -> None:
    path = SAMPLES / "broken" / name
    said = [d.format() for report in validate_file(path) for d in report.diagnostics]
    assert said == [f"{path}:{line}" for line in BROKEN[name]]


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.pdn")), ids=lambda p: p.name)
def test_the_valid_samples_validate_cleanly_as_english_draughts(path: Path) -> None:
    reports = list(validate_file(path))
    assert reports
    for report in reports:
        assert (report.game, report.diagnostics) == ("english", [])
        assert report.plies > 0
