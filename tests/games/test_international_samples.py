"""International draughts samples: the exact diagnostics of every broken file, and the
valid files (GameType 20 bare, in full, and absent) replayed clean."""

from __future__ import annotations

from pathlib import Path

import pytest
from verdicts import diagnostics

from notation.check.validator import validate_file

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "international"

# (game, code, line, column, ply, move as written) of every diagnostic of each broken file.
BROKEN = {
    "ambiguous-short-capture.pdn": [(1, "ID207", 16, 1, 61, "5x25")],
    "capture-ignored.pdn": [(1, "ID204", 14, 27, 45, "31-27")],
    "empty-square.pdn": [(1, "ID202", 10, 49, 7, "26-21")],
    "illegal-move.pdn": [(1, "ID203", 10, 49, 7, "32-27")],
    "majority-ignored.pdn": [(1, "ID205", 15, 74, 61, "26x17")],
    "man-backward.pdn": [(1, "ID206", 10, 49, 7, "27-31")],
    "move-after-end.pdn": [(1, "ID208", 20, 49, 109, "31-27")],
    "not-a-move.pdn": [(1, "ID201", 10, 49, 7, "27-71")],
    "repetition-played-on.pdn": [(1, "REC207", 11, 60, 9, "47-42")],
    "result-tag-mismatch.pdn": [(1, "REC203", 14, 48, None, None)],
    "syntax-error.pdn": [(2, "PDN101", 25, 42, None, None)],
    "unterminated-comment.pdn": [(1, "PDN102", 10, 61, None, None)],
    "wrong-result.pdn": [(1, "REC204", 19, 48, None, None)],
}


def test_the_broken_set_is_exactly_these_files() -> None:
    assert sorted(p.name for p in (SAMPLES / "broken").glob("*.pdn")) == sorted(BROKEN)


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_each_broken_file_gives_exactly_its_diagnostics(name: str) -> None:
    assert diagnostics(list(validate_file(SAMPLES / "broken" / name))) == BROKEN[name]


def test_the_ambiguous_short_capture_lists_both_paths() -> None:
    (report,) = validate_file(SAMPLES / "broken" / "ambiguous-short-capture.pdn")
    assert report.diagnostics[0].message == (
        "illegal move 5x25 (game 1, ply 61): 5x25 names 2 captures: 5x28x17x3x14x25, "
        "5x32x21x3x14x25; write the path; legal: 5x28x17x3x14x25, 5x32x21x3x14x25"
    )


@pytest.mark.parametrize(
    ("name", "games"),
    [
        ("dutch-championship-2025.pdn", 12),
        ("paris-open-2025.pdn", 8),
        ("moscow-cup-2025.pdn", 8),
        ("annotated.pdn", 5),
        ("endgames.pdn", 4),
        ("ambiguous-capture.pdn", 1),
    ],
)
def test_the_valid_files_replay_clean_as_international_draughts(name: str, games: int) -> None:
    reports = list(validate_file(SAMPLES / name))
    assert len(reports) == games
    assert {r.game for r in reports} == {"international"}
    assert diagnostics(reports) == PLAYED_PAST_DRAWS.get(name, [])
    assert all(r.plies > 0 for r in reports)


# The study that plays on past the FMJD's 5-move count (king and man against a lone king).
PLAYED_PAST_DRAWS = {"endgames.pdn": [(1, "REC210", 14, 1, 27, "17-11")]}
