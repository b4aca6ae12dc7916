"""A draughts move written with the other separator (PDN116): a capture written with a
step's ``-`` (``30-39`` for ``30x39``) or a step written with ``x`` or ``:``, read as the
one legal move with the squares written, with a notice, in every draughts game, and
written canonically by ``convert`` and ``fix``. Never where two legal moves fit or none
does: then the text is the error it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from notation.check.validator import validate_record
from notation.cli.main import app
from notation.games.registry import get_game
from notation.record import read_string

RUSSIAN = '[GameType "25"]\n[FEN "W:W22,31:B18,1"]\n\n1. c3-e5 b8-a7 2. e1:d2 *\n'
"""White's c3 takes d4 (written c3-e5), and later steps e1-d2 (written e1:d2)."""

INTERNATIONAL = (
    '[GameType "20"]\n[FEN "W:W32,38:B27,3"]\n\n1. 32-21 3-9 (1... 3-8 2. 38x33) 2. 38x33 *\n'
)
"""32x21 written 32-21, and the step 38-33 written 38x33 in the main line and a variation."""


def found(text: str) -> list[str]:
    return [
        d.format()
        for record in read_string(text, "d.pdn")
        for d in validate_record(record, path="d.pdn").diagnostics
    ]


def test_a_capture_or_step_with_the_other_separator_is_read_with_a_notice() -> None:
    assert found(INTERNATIONAL) == [
        "d.pdn:4:4: notice PDN116 32-21 is written with the other separator: read as 32x21, "
        "the one legal move with its squares (game 1, ply 1)",
        "d.pdn:4:27: notice PDN116 38x33 is written with the other separator: read as 38-33, "
        "the one legal move with its squares (game 1, ply 3, in a variation)",
        "d.pdn:4:37: notice PDN116 38x33 is written with the other separator: read as 38-33, "
        "the one legal move with its squares (game 1, ply 3)",
    ]
    assert found(RUSSIAN) == [
        "d.pdn:4:4: notice PDN116 c3-e5 is written with the other separator: read as c3:e5, "
        "the one legal move with its squares (game 1, ply 1)",
        "d.pdn:4:19: notice PDN116 e1:d2 is written with the other separator: read as e1-d2, "
        "the one legal move with its squares (game 1, ply 3)",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            '[GameType "25"]\n[FEN "W:W22,31:B18,1"]\n\n1. 22-15 *\n',
            "d.pdn:4:4: notice PDN116 22-15 is written with the other separator: read as "
            "22x15, the one legal move with its squares (game 1, ply 1)",
        ),
        (
            '[GameType "26"]\n[FEN "W:W21,30:B17,18,4"]\n\n1. 21-14-23 *\n',
            "d.pdn:4:4: notice PDN116 21-14-23 is written with the other separator: read as "
            "21x23, the one legal move with its squares (game 1, ply 1)",
        ),
        (
            '[GameType "21"]\n[FEN "B:W14,22,31:B10"]\n\n1. 10-17-26 *\n',
            "d.pdn:4:4: notice PDN116 10-17-26 is written with the other separator: read as "
            "10x26, the one legal move with its squares (game 1, ply 1)",
        ),
    ],
    ids=["russian-numeric", "brazilian-path", "english-path"],
)
def test_every_draughts_game_reads_it(text: str, expected: str) -> None:
    assert found(text) == [expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            '[GameType "21"]\n[FEN "B:W14,15,22,23:B10"]\n\n1. 10-26 *\n',
            "d.pdn:4:4: error EN203 illegal move 10-26 (game 1, ply 1): 10-26 is a capture: "
            "write 10x17x26; legal: 10x17x26, 10x19x26",
        ),
        (
            '[GameType "20"]\n[FEN "W:W32,38:B27,3"]\n\n1. 32-23 *\n',
            "d.pdn:4:4: error ID204 illegal move 32-23 (game 1, ply 1): a capture is available: "
            "32x21; 32-23 is not a capture; legal: 32x21",
        ),
        (
            '[GameType "21"]\n[FEN "B:W14,22:B10"]\n\n1. 10-17x26 *\n',
            "d.pdn:4:4: error EN201 illegal move 10-17x26 (game 1, ply 1): '10-17x26' is not "
            "an English draughts move; legal: 10x26",
        ),
        (
            '[GameType "20"]\n[FEN "W:W32,38:B27,3"]\n\n1. 38x33 *\n',
            "d.pdn:4:4: error ID203 illegal move 38x33 (game 1, ply 1): a man on 38 cannot "
            "capture to 33; legal: 32x21",
        ),
    ],
    ids=["two-captures-fit", "no-move-fits", "mixed-separators", "step-where-capture-is-due"],
)
def test_a_text_that_two_moves_or_none_fit_stays_an_error(text: str, expected: str) -> None:
    assert found(text) == [expected]


def test_games_that_are_not_draughts_read_no_other_separator() -> None:
    game = get_game("kavaleria")
    assert game.read_other_separator(game.start({}), "1-10") is None


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(app, list(args))


def test_convert_and_fix_write_the_move_canonically(tmp_path: Path) -> None:
    source = tmp_path / "d.pdn"
    source.write_text(RUSSIAN + "\n" + INTERNATIONAL, encoding="utf-8")
    kept = run("convert", str(source))
    assert kept.exit_code == 0
    assert kept.stdout == (
        # The FEN as fix --fen writes it, in the record's notation (convert's setup tags).
        '[GameType "25"]\n[FEN "W:Wc3,e1:Bb8,d4"]\n\n1. c3:e5 b8-a7 2. e1-d2 *\n\n'
        '[GameType "20"]\n[FEN "W:W32,38:B3,27"]\n\n'
        "1. 32x21 3-9 ( 1... 3-8 2. 38-33 ) 2. 38-33 *\n"
    )
    assert [line.split(" PDN116 ")[0] for line in kept.stderr.splitlines()] == [
        f"{source}:4:4: notice",
        f"{source}:4:19: notice",
        f"{source}:9:4: notice",
        f"{source}:9:27: notice",
        f"{source}:9:37: notice",
    ]
    fixed = run("fix", "--plycount", str(source))
    assert fixed.exit_code == 0
    assert "1. c3:e5 b8-a7 2. e1-d2 *" in fixed.stdout
    assert "1. 32x21 3-9 ( 1... 3-8 2. 38-33 ) 2. 38-33 *" in fixed.stdout
    assert fixed.stderr.splitlines()[-1] == (
        "2 games: 2 fixed (7 changes), 0 left with errors, 0 unchanged"
    )


EXCHANGED = (
    '[GameType "25,W,8,8,A0,0"]\n[Result "2-0"]\n\n'
    "1. a3-b4 f6-e5 2. b4-a5 e7-f6 3. e3-d4 d8-e7 4. f2-e3 f6-g5 5. d4:d8 d6-e5 6.\n"
    "d8:h4 f8-e7 7. h4:d8 e5-d4 8. e3:c5 b6:d4 9. d8:f2 h6-g5 10. f2:b6 a7:c5 11.\n"
    "a5-b6 b8-a7 12. g3-f4 g5:e3 13. b6:f2 g7-f6 14. c3-b4 h8-g7 15. d2-c3 a7-b6 16.\n"
    "f2:a7 g7-h6 17. c1-d2 f6-e5 18. c3-d4 e5:a5 19. d2-e3 a5-b4 20. b2-c3 b4:f4 21.\n"
    "a7-b6 f4-e3 22. b6:f2 h6-g5 23. e1-d2 g5-h4 24. f2-e3 h4-g3 25. h2:f4 2-0\n"
)
"""A score sheet (samples/russian/sheets/tula-cup-2025.pdn, game 6) where White's moves
at plies 19 and 21 are exchanged: f2:b6, a capture at ply 21, reads at ply 19 as the step
f2-b6 written with the other separator, until ply 22 is illegal."""


def test_a_ply_a_chosen_correction_explains_gets_no_other_separator_notice() -> None:
    """The line proposes one correction, the one repair applies (the moves exchanged),
    not also f2:b6 read as f2-b6 at ply 19."""
    assert found(EXCHANGED) == [
        "d.pdn:6:7: error RU204 illegal move b8-a7 (game 1, ply 22): a capture is available: "
        "c5:a7; b8-a7 is not a capture; legal: c5:a7; did you mean a5-b6 at ply 19 and "
        "f2:b6 at ply 21 (a side's moves exchanged)? then the remaining 28 plies replay"
    ]
    repaired = CliRunner().invoke(app, ["repair", "-"], input=EXCHANGED)
    assert "REC230 slip corrected: a5-b6 at ply 19 and f2:b6 at ply 21" in repaired.stderr
