"""The PDN standard's succeed/ set replayed (shared/corpora/pdn-standard/succeed): the
verdicts bench/succeed.py tabulates, and the false alarms found in it, fixed."""

from __future__ import annotations

from notation.check.validator import GameReport, validate_records
from notation.games.base import AnyGame
from notation.games.registry import get_game
from notation.record.reader import read_string


def check(text: str, default: AnyGame | None = None) -> list[GameReport]:
    return list(validate_records(read_string(text), default=default))


def test_a_blank_after_x_before_one_digit_is_inside_the_move():
    """Column-aligned files pad a one-digit square after ``x`` as after ``-``
    (``47x 9`` as ``3- 9``, DUTCH96H.pdn); a blank before two digits still ends the move."""
    [record] = read_string("51. 36-31 37x26 52. 46-41 47x 9 53.  4x 1 28x19x 13x22 1-0")
    assert [(p.text, p.pos.column) for p in record.moves.plies] == [
        ("36-31", 5),
        ("37x26", 11),
        ("46-41", 21),
        ("47x9", 27),
        ("4x1", 38),
        ("28x19x", 43),
        ("13x22", 50),
    ]
    assert (record.result, record.diagnostics) == ("1-0", [])


ENGLISH_PROBLEM = (
    '[Event "Boland\'s Bridges #1"]\n[Setup "1"]\n[FEN "B:W18,13,10,5:BK31,9,3,1."]\n1/2-1/2\n'
)
"""An English draughts problem naming no game (bridges.pdn): White's man on 5 is legal on
8x8, where White crowns on 1-4, but not in international draughts, where it crowns on 1-5."""


def test_an_untagged_setup_fitting_only_8x8_games_gets_one_notice():
    [report] = check(ENGLISH_PROBLEM)
    assert (report.game, [(d.code, d.line, d.column) for d in report.diagnostics]) == (
        None,
        [("REC221", 1, 1)],
    )
    assert report.diagnostics[0].message == (
        "the record names no game, and its setup is not international draughts (PDN's "
        "default) but fits GameType 26 (Brazilian draughts) or GameType 21 (English "
        "draughts); it was not replayed: add a GameType tag, or run with --game brazilian"
    )
    [named] = check(ENGLISH_PROBLEM, default=get_game("english"))
    assert (named.game, named.diagnostics) == ("english", [])


def test_an_untagged_setup_fitting_no_game_keeps_its_setup_error():
    """A White man on 1 is on its crowning row on every board (beginner.pdn game 10)."""
    [report] = check('[Setup "1"]\n[FEN "W:W18,K15,1:BK30,K26,2."]\n0-1\n')
    assert [(d.code, d.line, d.message) for d in report.diagnostics] == [
        (
            "REC202",
            2,
            "invalid setup: FEN 'W:W18,K15,1:BK30,K26,2.': a White man cannot stand on 1, "
            "the row where it is crowned; write K1 for a king",
        )
    ]
