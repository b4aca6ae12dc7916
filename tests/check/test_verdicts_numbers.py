"""Numbers read from text are ASCII digits of bounded length, else the usual diagnostic."""

from __future__ import annotations

import pytest
from verdicts import diagnostics

from notation.check.validator import validate_records
from notation.record.reader import read_string

HUGE = "9" * 5000

# (record, (code, line, column, ply) of its one diagnostic, its message)
CASES = [
    (
        '[GameType "26"]\n[FEN "W:W1²:B3"]\n\n1. 22-18 *\n',
        ("REC202", 2, 1, None),
        "invalid setup: FEN 'W:W1²:B3': '1²' is not a square",
    ),
    (
        '[GameType "26"]\n[FEN "W:W١:B3"]\n\n*\n',
        ("REC202", 2, 1, None),
        "invalid setup: FEN 'W:W١:B3': '١' is not a square",
    ),
    (
        f'[Variant "kavaleria"]\n[FEN "W:WV{HUGE}:BVG3"]\n\n*\n',
        ("REC202", 2, 1, None),
        f"invalid setup: FEN 'W:WV{HUGE}:BVG3': {HUGE} is not a point of the board (the "
        "points are numbered 1 to 38)",
    ),
    (
        '[Variant "kavaleria"]\n[FEN "W:WVA3²:BVG3"]\n\n*\n',
        ("REC202", 2, 1, None),
        "invalid setup: FEN 'W:WVA3²:BVG3': 'VA3²' is not a piece (e.g. C2, SB3, VA3, B1-B6)",
    ),
    (
        '[Variant "keny"]\n[Rules "draw=2²"]\n\n*\n',
        ("REC202", 2, 1, None),
        "invalid setup: Rules: 'draw=2²' needs a whole number of plies from 1 to 1000",
    ),
    (
        f'[Variant "keny"]\n[Rules "draw={HUGE}"]\n\n*\n',
        ("REC202", 2, 1, None),
        f"invalid setup: Rules: 'draw={HUGE}' needs a whole number of plies from 1 to 1000",
    ),
    (
        f'[Variant "keny"]\n[FEN "W:H{HUGE}:Wa2:Bh7"]\n\n*\n',
        ("REC202", 2, 1, None),
        f"invalid setup: FEN 'W:H{HUGE}:Wa2:Bh7': H needs a whole number of plies from 0 to 20",
    ),
    (
        '[Variant "keny"]\n[FEN "W:H²:Wa2:Bh7"]\n\n*\n',
        ("REC202", 2, 1, None),
        "invalid setup: FEN 'W:H²:Wa2:Bh7': H needs a whole number of plies from 0 to 20",
    ),
    (
        '[Variant "cheversi"]\n[FEN "8/8/8/8/8/8/8/²7 w -"]\n\n*\n',
        ("REC202", 2, 1, None),
        "invalid setup: FEN '8/8/8/8/8/8/8/²7 w -': '²' is not a piece letter (KQRBN kqrbn)",
    ),
]


@pytest.mark.parametrize(("text", "where", "message"), CASES)
def test_a_bad_number_in_a_setup_is_a_setup_diagnostic(
    text: str, where: tuple, message: str
) -> None:
    (report,) = validate_records(read_string(text))
    assert [(d.code, d.line, d.column, d.ply) for d in report.diagnostics] == [where]
    assert report.diagnostics[0].message == message


def test_knight_fight_scores_of_thousands_of_digits_are_a_setup_diagnostic() -> None:
    layout = " ".join(f"{n:02d}" for n in range(100))
    text = f'[Variant "knight-fight"]\n[Layout "{layout}"]\n[FEN "W:W-:B-:S{HUGE},1"]\n\n*\n'
    (report,) = validate_records(read_string(text))
    assert diagnostics([report]) == [(1, "REC202", 3, 1, None, None)]
    assert report.diagnostics[0].message == (
        f"invalid setup: FEN 'W:W-:B-:S{HUGE},1': S gives scores '{HUGE},1'; write "
        "S<White>,<Black>, e.g. S34,74"
    )


def test_a_kavaleria_point_of_thousands_of_digits_is_a_token_diagnostic() -> None:
    """A move token longer than any move is refused as read (PDN101), before any game
    tries to read its thousands of digits."""
    (report,) = validate_records(read_string(f'[Variant "kavaleria"]\n\n1. C3-C{HUGE} *\n'))
    assert diagnostics([report]) == [(1, "PDN101", 3, 4, None, None)]
    assert report.diagnostics[0].message == (
        "unexpected 'C3-C99999999999999999999999...' in movetext: a token of 5,004 characters, "
        "longer than any move (256 characters)"
    )
