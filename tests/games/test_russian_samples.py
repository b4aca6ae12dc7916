"""The Russian draughts samples: the valid ones validate cleanly as Russian draughts, and
each file of ``samples/russian/broken/`` gives exactly its problem (code, line, column, ply,
text)."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation.check.validator import validate_file

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples" / "russian"

BROKEN = {
    "ambiguous-short-move.pdn": [
        "15:71: error RU207 illegal move ab4 (game 1, ply 60): ab4 names 2 moves: a5-b4, "
        "a3-b4; write the start square; legal: b6-c5, h6-g5, a5-b4, a3-f8, a3-e7, a3-d6, "
        "a3-c5, a3-b4, a3-b2, a3-c1",
    ],
    "capture-ignored.pdn": [
        "10:49: error RU204 illegal move a3-b4 (game 1, ply 7): a capture is available: "
        "c3:e5; a3-b4 is not a capture; legal: c3:e5",
    ],
    "capture-unfinished.pdn": [
        "12:55: error RU205 illegal move e5:g3 (game 1, ply 28): e5:g3 is not the end of the "
        "capture: it must go on to e1; legal: e5:e1; several corrections make the rest "
        "replay: e1-d2 for e1-f2 at ply 23; or no e5:g3 at ply 28 (a ply too many); or e5:e1 "
        "(and 1 more)",
    ],
    "empty-square.pdn": [
        "10:55: error RU202 illegal move f6-g5 (game 1, ply 8): square f6 is empty; legal: "
        "a7-b6, c7-b6, c7-d6, e7-d6, e7-f6, g7-f6, h6-g5, a5-b4, c5-b4, c5-d4",
    ],
    "illegal-move.pdn": [
        "10:55: error RU203 illegal move b8-a7 (game 1, ply 8): a man on b8 cannot move to "
        "a7: square a7 is occupied; legal: a7-b6, c7-b6, c7-d6, e7-d6, e7-f6, g7-f6, h6-g5, "
        "a5-b4, c5-b4, c5-d4",
    ],
    "man-backward.pdn": [
        "10:55: error RU206 illegal move a5-b6 (game 1, ply 8): a man moves forward only; "
        "a5-b6 goes backward; legal: a7-b6, c7-b6, c7-d6, e7-d6, e7-f6, g7-f6, h6-g5, a5-b4, "
        "c5-b4, c5-d4",
    ],
    "move-after-end.pdn": [
        "15:1: error RU208 illegal move c3-d4 (game 1, ply 51): White has no legal move: the "
        "game ended",
    ],
    "not-a-move.pdn": [
        "10:64: error RU201 illegal move c3-d9 (game 1, ply 9): 'c3-d9' is not a Russian "
        "draughts move; legal: f4-g5, h4-g5, a3-b4, c3-b4, c3-d4, d2-e3, f2-e3",
    ],
    "repetition-played-on.pdn": [
        "11:64: warning REC207 the position after ply 8 occurred for the third time, a draw, "
        "but play went on with a1-b2 (game 1, ply 9)",
    ],
    "result-tag-mismatch.pdn": [
        "15:55: error REC203 the Result tag says 1-0 but the movetext ends with 0-1 (game 1)",
    ],
    "syntax-error.pdn": [
        "26:34: error PDN101 unexpected 'foo' in movetext",
    ],
    "unterminated-comment.pdn": [
        "10:64: error PDN102 comment '{' is never closed",
    ],
    "wrong-result.pdn": [
        "14:77: error REC204 the record says 1-0 but the rules decide 0-2 (White has no "
        "legal move) (game 1)",
    ],
}


def test_every_broken_file_is_pinned() -> None:
    assert sorted(p.name for p in (SAMPLES / "broken").glob("*.pdn")) == sorted(BROKEN)


def test_every_russian_code_has_its_broken_file() -> None:
    codes = {line.split()[2] for lines in BROKEN.values() for line in lines}
    assert {f"RU{n}" for n in range(201, 209)} <= codes


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_file_gives_exactly_its_problem(name: str) -> None:
    path = SAMPLES / "broken" / name
    said = [d.format() for report in validate_file(path) for d in report.diagnostics]
    assert said == [f"{path}:{line}" for line in BROKEN[name]]


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.pdn")), ids=lambda p: p.name)
def test_the_valid_samples_validate_cleanly_as_russian_draughts(path: Path) -> None:
    reports = list(validate_file(path))
    assert reports
    for report in reports:
        assert report.game == "russian"
        said = [(d.code, d.line, d.column, d.ply) for d in report.diagnostics]
        assert said == PLAYED_PAST_DRAWS.get((path.name, report.index), [])
        assert report.plies > 0


# The studies that play on past a draw the Russian rules count: 15 king moves each with no
# capture or man moved (game 1), 15 moves each in a 4-piece ending (game 2).
PLAYED_PAST_DRAWS = {
    ("endgames.pdn", 1): [("REC210", 17, 23, 60)],
    ("endgames.pdn", 2): [("REC210", 32, 23, 31)],
}
